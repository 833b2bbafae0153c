// Grand Trictrac's replay and review: the positions of a game rebuilt
// from its history (the shell steps through them), and the review of a
// finished game (/api/games/ROOM/review.json, the review of `trictrac
// review`): every decision against the bot's best, stepped through on
// the replay, the errors marked.

import { t, esc, sideName, other, sign, $ } from "../i18n.js";
import { ttExplain, ttWhy, details } from "../explain.js";

export function createReview(app, ui) {
  const S = app.S;
  let wantReplay = false, wantReview = false;

  // The positions of a finished (or running) game, one per history entry,
  // rebuilt from the plays of the history (NOTATION.md: absolute fields).
  function replayFrames() {
    const st = S.state;
    const start = () => { const b = new Array(24).fill(0); b[0] = 15; b[23] = -15; return b; };
    let b = start();
    let off = { white: 0, black: 0 };
    let score = { white: { points: 0, holes: 0 }, black: { points: 0, holes: 0 }, bredouille: "e", pavillon: "e" };
    const frames = [];
    const frame = (extra) => frames.push(Object.assign({}, st, {
      board: b.slice(), off: Object.assign({}, off), score, plays: [], dice: null, roll: null,
      last_play: null, phase: { kind: "replay", side: null },
    }, extra));
    frame({});
    // The moves of a play written in absolute fields, made for `side` (or
    // taken back with `undo`).
    const apply = (text, side, undo) => {
      const moves = [];
      for (const [from, to] of playMoves(text)) {
        const sg = undo ? -sign(side) : sign(side);
        b[from - 1] -= sg;
        if (to > 0) b[to - 1] += sg; else off[side] += undo ? -1 : 1;
        moves.push([from, to]);
      }
      return moves;
    };
    let lastFalse = null;
    for (const e of S.history) {
      if (e.kind === "releve" || e.kind === "marque") { b = start(); off = { white: 0, black: 0 }; frame({}); continue; }
      if (e.score) score = e.score;
      if (e.kind === "false_move") lastFalse = e;
      if (e.kind === "settled" && e.corrected && lastFalse) {
        // Section 11: the false play taken back, its correction made.
        apply(lastFalse.play, lastFalse.side, true);
        apply(e.corrected, lastFalse.side, false);
      }
      if (e.kind !== "roll") { frame({}); continue; }
      const moves = apply(e.play, e.side, false);
      frame({ roll: e, last_play: moves.length ? { m: moves } : null, phase: { kind: "replay", side: other(e.side) } });
    }
    return frames;
  }

  // The moves of a play written in absolute fields: [[from, to], …].
  function playMoves(text) {
    const out = [];
    for (const tok of (text || "").split(/\s+/)) {
      if (!tok || tok === "--") continue;
      const parts = tok.split("-");
      if (parts.length < 2) continue;
      const from = Number(parts[0]), last = parts[parts.length - 1];
      const to = last === "off" ? 0 : Number(last);
      if (from >= 1 && from <= 24 && to >= 0 && to <= 24) out.push([from, to]);
    }
    return out;
  }

  async function startReview() {
    if (!S.state) return;
    ui.review = { loading: true };
    renderBox();
    let j = null;
    try {
      const r = await fetch("/api/games/" + encodeURIComponent(S.state.room) + "/review.json");
      j = await r.json();
      if (!r.ok) { ui.review = null; app.toast(j.error || String(r.status)); app.render(); return; }
    } catch (e) { ui.review = null; app.toast(String(e)); app.render(); return; }
    ui.review = j;
    // The replay frame of each decision: after its roll's history entry.
    const rf = [];
    S.history.forEach((e, i) => { if (e.kind === "roll") rf.push(i + 1); });
    for (const d of ui.review.decisions) d.frame = rf[d.roll];
    app.startReplay(0);
  }
  function reviewClass(err) {
    const th = (ui.review && ui.review.thresholds) || [0.04, 0.08, 0.16];
    return err >= th[2] ? "rv-blunder" : err >= th[1] ? "rv-error" : err >= th[0] ? "rv-doubtful" : err > 0 ? "rv-small" : "rv-ok";
  }
  function eq(x) { return (x >= 0 ? "+" : "−") + Math.abs(x).toFixed(3); }
  function decisionsAt(frame) {
    return ui.review && ui.review.decisions ? ui.review.decisions.filter((d) => d.frame === frame) : [];
  }
  // Why the best play rather than the one made (a play that lost at
  // least the first threshold): both closed, with their features.
  function whyOf(d) {
    if (!d.why || !d.explain) return "";
    return `<div class="tt-review-why">` +
      details("best", esc(t("review_best_is", { best: d.best })), ttExplain(d.explain.best)) +
      details("play", esc(t("review_play_was", { play: d.played })), ttExplain(d.explain.play)) +
      ttWhy(d.why).replace('id="hint-why"', 'id="review-why"') + `</div>`;
  }
  function renderBox() {
    const box = $("review-box");
    if (!ui.review) { box.hidden = true; box.innerHTML = ""; return; }
    box.hidden = false;
    if (ui.review.loading) { box.innerHTML = `<p id="review-loading">${esc(t("review_loading"))}</p>`; return; }
    const rv = ui.review, th = rv.thresholds;
    let h = `<h3>${esc(t("review_title", { ev: rv.evaluator }))}</h3><ul id="review-summary">`;
    for (const side of ["white", "black"]) {
      const x = rv.summary[side];
      h += `<li data-side="${side}">${esc(t("review_sum", { side: sideName(side), n: x.decisions, lost: x.total_error.toFixed(3), mean: x.mean_error.toFixed(4),
        d: x.doubtful, e: x.errors, b: x.blunders, t0: th[0], t1: th[1], t2: th[2] }))}</li>`;
    }
    h += "</ul>";
    if (S.replay) {
      const here = decisionsAt(S.replay.i);
      h += `<div id="review-step">`;
      if (!here.length) h += `<p class="muted">${esc(t("review_no_decision"))}</p>`;
      for (const d of here) {
        const played = d.kind === "play" ? d.played : t(d.played === "stay" ? "stay_word" : "leave_word");
        const best = d.kind === "play" ? d.best : t(d.best === "stay" ? "stay_word" : "leave_word");
        h += `<p class="${reviewClass(d.error)}">${esc(t("review_step", { side: sideName(d.side), dice: d.dice, played, best,
          ep: eq(d.equity_played), eb: eq(d.equity_best), err: d.error.toFixed(3) }))}` +
          (d.kind === "play" && d.error > 0 ? ` <span class="muted">(${esc(t("review_best_arrows"))})</span>` : "") + `</p>` + whyOf(d);
      }
      h += `</div>`;
    }
    const worst = rv.decisions.filter((d) => d.error > 0).sort((a, b) => b.error - a.error || a.entry - b.entry).slice(0, 10);
    if (!worst.length) h += `<p>${esc(t("review_none"))}</p>`;
    else {
      h += `<p>${esc(t("review_worst"))}</p><ol id="review-list">`;
      for (const d of worst) {
        h += `<li class="${reviewClass(d.error)}"><a href="#" data-frame="${d.frame}">${esc(sideName(d.side))} ${esc(d.dice)} · ${esc(t("review_at", { i: d.frame }))}</a> — ` +
          `${esc(d.played)} <b>−${d.error.toFixed(3)}</b></li>`;
      }
      h += "</ol>";
    }
    box.innerHTML = h;
    box.querySelectorAll("a[data-frame]").forEach((a) => {
      a.onclick = (ev) => { ev.preventDefault(); const f = Number(a.dataset.frame); if (!S.replay) app.startReplay(f); else app.replayGo(f); };
    });
  }

  return {
    replayFrames,
    eq,
    renderBox,
    // The best play of each decision that lost equity at the replay's
    // step: [from, to, side] moves.
    bestMoves() {
      const out = [];
      if (!ui.review || !S.replay) return out;
      for (const d of decisionsAt(S.replay.i)) {
        if (d.kind === "play" && d.error > 0) for (const [from, to] of playMoves(d.best)) out.push([from, to, d.side]);
      }
      return out;
    },
    // The equity lost at history entry `frame`, marked in the history.
    marks(frame) {
      return decisionsAt(frame).filter((d) => d.error > 0)
        .map((d) => ` <span class="rv-mark ${reviewClass(d.error)}">−${d.error.toFixed(3)}</span>`).join("");
    },
    // A state arrived: a game opened for its replay or review goes there
    // once its whole history is here (true: handled and drawn).
    onState(m) {
      if (wantReview && m.history_start === 0 && m.phase.kind === "over") {
        wantReview = false; wantReplay = false; app.render(); startReview(); return true;
      }
      if (wantReplay && m.history_start === 0) { wantReplay = false; app.startReplay(0); return true; }
      return false;
    },
    init(params) {
      // A finished game opened from the list: straight to its replay, or
      // to its review.
      wantReplay = params.get("room") !== null && params.get("replay") === "1";
      wantReview = params.get("room") !== null && params.get("review") === "1";
      $("btn-review").onclick = () => startReview();
    },
  };
}
