// The tutor in the page (issue 40): a toggle, off by default, in a game
// against the bot (never in a game between people: the toggle is not
// shown). When on, every decision of the player the server can judge —
// a play, backgammon's cube decisions (rolling without doubling,
// doubling, taking, passing), Grand Trictrac's staying or leaving — is
// first sent as `judge` (docs/PROTOCOL.md): the server answers the
// equity it loses against the best choice and why, without making it.
// Below the level chosen (doubtful, bad, very bad: the thresholds of each
// game's review) the decision is sent at once; from it on the page says
// so, shows the better choice and why, and lets the player keep his
// decision, take it back or make the better one. The room is then
// unrated, and the page says so.

import { t, esc, $ } from "./i18n.js";
import { bgFeatures, bgWhy, ttExplain, ttWhy, eq } from "./explain.js";

const LEVELS = ["doubtful", "bad", "very_bad"];

export function createTutor(app) {
  const { S } = app;
  // on: the toggle; level: from which mark on it warns; pending: the
  // action being judged; advice: the judgement shown, with its action.
  const T = { on: false, level: "bad", pending: null, advice: null };
  // Off at every page load (a game is tutored only when asked); the
  // level is remembered.
  try {
    const l = localStorage.getItem("trictrac.tutor.level");
    if (LEVELS.includes(l)) T.level = l;
  } catch (e) { /* private mode */ }

  // The tutor is for a game against the bot, for its player.
  const allowed = (st) => !!st && st.mode === "bot" && S.role === "player" && !st.over;

  // Whether the tutor judges `m` now (an action the player asked for).
  function judged(m) {
    const st = S.state;
    if (!T.on || !allowed(st) || !app.myTurn()) return false;
    const d = st.pending ? st.pending.decision : st.phase.kind;
    switch (m.type) {
      case "play": return d === "play" && !!m.play;
      case "roll": return st.game === "backgammon" && d === "roll_or_double";
      case "double": return st.game === "backgammon" && d === "roll_or_double";
      case "take": case "drop": return st.game === "backgammon";
      case "stay": case "leave": return st.game === "trictrac";
    }
    return false;
  }

  // Called by the shell's `act`: true when the tutor holds the action
  // (sent as `judge` first).
  function intercept(m) {
    if (!judged(m)) return false;
    T.pending = { ...m };
    T.advice = null;
    S.busy = true;
    app.send({ type: "judge", action: m.type, play: m.play });
    app.render();
    return true;
  }

  function threshold(th) { return th[Math.max(0, LEVELS.indexOf(T.level))]; }

  // The server's judgement of the action held.
  function onJudge(m) {
    const p = T.pending;
    if (!p || m.action !== p.type) return;
    if (m.lost > 0 && m.lost >= threshold(m.thresholds)) {
      T.advice = m;
      app.render();
      return;
    }
    T.pending = null;
    S.busy = false;
    app.act(p, true);
  }

  // A refusal of `judge` (a play the tutor cannot judge, such as a false
  // move a table allows, or too many analyses at once): the action goes
  // as it is, the server judges it as always.
  function onError() {
    const p = T.pending;
    if (!p || T.advice) return;
    T.pending = null;
    app.act(p, true);
  }

  function keep() {
    const p = T.pending;
    T.pending = null; T.advice = null;
    S.busy = false;
    if (p) app.act(p, true);
  }
  function back() {
    const a = T.advice;
    T.pending = null; T.advice = null;
    S.busy = false;
    S.steps = []; S.selected = null;
    if (a) app.toast(t("tutor_taken_back", { best: bestName(a) }));
    app.render();
  }
  function best() {
    const a = T.advice;
    T.pending = null; T.advice = null;
    S.busy = false;
    S.steps = []; S.selected = null;
    if (!a) return;
    const b = a.best;
    app.act(b.action === "play" ? { type: "play", play: b.n } : { type: b.action }, true);
  }

  function choiceName(a, c) {
    if (a.kind === "cube") return t("tutor_cube_" + c.n);
    if (a.kind === "stay_or_leave") return t(c.n === "stay" ? "tutor_stay" : "tutor_leave");
    return c.n;
  }
  function bestName(a) { return choiceName(a, a.best); }

  function warningHtml(a) {
    const mark = t("tutor_mark_" + (a.mark || "doubtful"));
    const lost = a.lost.toFixed(3);
    const bg = S.state.game === "backgammon";
    let h;
    if (a.kind === "play") {
      h = `<p class="tutor-head"><b>${esc(t("tutor_warn_play", { lost, best: a.best.n, mark }))}</b></p>`;
      const feats = (x) => (bg ? bgFeatures(x.explain) : ttExplain(x.explain));
      h += `<details open class="tutor-better"><summary>${esc(t("tutor_better", { n: a.best.n, e: eq(a.best.equity) }))}</summary>${feats(a.best)}</details>`;
      h += `<details class="tutor-yours"><summary>${esc(t("tutor_yours", { n: a.mine.n, e: eq(a.mine.equity) }))}</summary>${feats(a.mine)}</details>`;
      if (a.why) h += bg ? bgWhy(a.why, a.best.n, a.mine.n).replace('id="hint-why"', 'id="tutor-why"') : ttWhy(a.why).replace('id="hint-why"', 'id="tutor-why"');
    } else if (a.kind === "cube") {
      h = `<p class="tutor-head"><b>${esc(t("tutor_warn_cube", { lost, mine: choiceName(a, a.mine), best: choiceName(a, a.best), mark }))}</b></p>` +
        `<p>${esc(t("tutor_cube_eq", { nd: eq(a.cube.no_double), dt: eq(a.cube.double_take), dp: eq(a.cube.double_pass) }))}</p>`;
    } else {
      h = `<p class="tutor-head"><b>${esc(t("tutor_warn_stay", { lost, mine: choiceName(a, a.mine), best: choiceName(a, a.best).toLowerCase(), mark }))}</b></p>`;
    }
    return h + `<div class="buttons"><button type="button" id="btn-tutor-keep">${esc(t("tutor_keep"))}</button>` +
      `<button type="button" id="btn-tutor-back">${esc(t("tutor_back"))}</button>` +
      `<button type="button" id="btn-tutor-best" class="primary">${esc(t("tutor_best"))}</button></div>`;
  }

  // The toggle, the note and the warning, drawn with the panel.
  function render() {
    const st = S.state;
    const box = $("tutor-box");
    const show = allowed(st);
    box.hidden = !show;
    if (show) {
      $("tutor-on").checked = T.on;
      $("tutor-level").value = T.level;
      $("tutor-label").textContent = t("tutor_toggle");
      $("tutor-level-label").textContent = t("tutor_level");
      for (const o of $("tutor-level").options) o.textContent = t("tutor_" + o.value);
    }
    const note = $("tutor-note");
    const unrated = !!st && st.mode === "bot" && (T.on || st.tutored);
    note.hidden = !unrated;
    note.textContent = unrated ? t("tutor_unrated") + (T.pending && !T.advice ? " " + t("tutor_judging") : "") : "";
    const w = $("tutor-warn");
    if (T.advice && st && !S.replay) {
      w.hidden = false;
      w.innerHTML = warningHtml(T.advice);
      $("btn-tutor-keep").onclick = keep;
      $("btn-tutor-back").onclick = back;
      $("btn-tutor-best").onclick = best;
    } else { w.hidden = true; w.innerHTML = ""; }
  }

  // A new state (the game moved on): nothing held any longer.
  function stateChanged() { T.pending = null; T.advice = null; }

  function init() {
    $("tutor-on").onchange = () => {
      T.on = $("tutor-on").checked;
      app.render();
    };
    $("tutor-level").onchange = () => {
      T.level = $("tutor-level").value;
      try { localStorage.setItem("trictrac.tutor.level", T.level); } catch (e) { /* ignore */ }
    };
  }

  return { T, intercept, onJudge, onError, render, stateChanged, init };
}
