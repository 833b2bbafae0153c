// Backgammon's review: a finished game or match of a room
// (/api/games/ROOM/review.json) or a .mat file uploaded
// (/api/analysis/backgammon/review), as `trictrac bg review` judges it:
// each player's error rate in mEMG with gnubg's rating words, every
// decision stepped through on the board (the play made and the best one
// drawn with arrows), the errors marked on the move list with gnubg's
// signs (?! doubtful, ? bad, ?? very bad), White's equity over the game.

import { t, esc, addTexts, onLanguage, sideName, seatName, $ } from "../i18n.js";
import { drawPosition } from "./backgammon-board.js";
import { bgFeatures, bgWhy, details } from "../explain.js";
import REVIEW_TEXTS from "../texts/backgammon-review.json" with { type: "json" };

addTexts(REVIEW_TEXTS);

// gnubg's rating word in the page's language ("Casual player").
const ratingWord = (w) => { const k = "bgr_r_" + String(w).toLowerCase().replace(/[^a-z]+/g, "_").replace(/^_|_$/g, ""); const v = t(k); return v === k ? w : v; };
// A game's result as the review gives it ("black wins a single by
// resignation and 1 point") in the page's words, with the players' names.
function resultWords(text, names) {
  const m = /^(white|black) wins (?:a (single|gammon|backgammon)( by resignation)?|(by a refused double)) and (\d+) points?$/i.exec(String(text || "").trim());
  if (!m) return text;
  const winner = m[1].toLowerCase(), loser = winner === "white" ? "black" : "white";
  const who = (s) => sideName(s) + (names[s] ? " – " + names[s] : "");
  const v = { who: who(winner), loser: who(loser), n: Number(m[5]) };
  return t(m[4] ? "bgr_res_dropped" : m[3] ? "bgr_res_resigned" : "bgr_res_" + m[2].toLowerCase(), v);
}
const eq = (x) => (x >= 0 ? "+" : "−") + Math.abs(x).toFixed(3);
const markClass = (s) => s.mark === "??" ? "rv-blunder" : s.mark === "?" ? "rv-error" : s.mark === "?!" ? "rv-doubtful" : "";

// The review's section (put into the page by the shell, before the game).
export const SECTION_HTML = `<section id="bg-review" hidden>
  <div class="card bg-board-card" id="bgr-result" hidden>
    <svg id="bgr-board" class="bg-board" viewBox="0 0 1000 720" role="img" aria-label="position"></svg>
    <div class="buttons" id="bgr-nav">
      <button type="button" id="bgr-first" aria-label="first">«</button>
      <button type="button" id="bgr-prev" aria-label="previous">‹</button>
      <span id="bgr-pos"></span>
      <button type="button" id="bgr-next" aria-label="next">›</button>
      <button type="button" id="bgr-last" aria-label="last">»</button>
      <button type="button" id="bgr-next-error" data-i18n="bgr_next_error">Erreur suivante</button>
    </div>
    <p id="bgr-step"></p>
    <p class="muted" data-i18n="bgr_graph">Équité des blanches</p>
    <svg id="bgr-graph" viewBox="0 0 600 160" role="img" aria-label="equity"></svg>
  </div>
  <div class="card bg-side-card">
    <h2 id="bgr-title">Analyser un fichier .mat</h2>
    <form id="bgr-upload">
      <input type="file" id="bgr-file" accept=".mat,.txt,text/plain">
      <textarea id="bgr-text" rows="3" data-i18n-ph="bgr_paste" placeholder="…ou collez le texte d'un fichier .mat"></textarea>
      <div class="buttons"><button type="submit" class="primary" id="bgr-send" data-i18n="bgr_send">Analyser</button>
        <button type="button" id="bgr-back" data-i18n="bgr_back">Retour</button></div>
    </form>
    <p id="bgr-error" class="error" role="alert" hidden></p>
    <p id="bgr-loading" hidden data-i18n="bgr_loading">Analyse en cours…</p>
    <table id="bgr-players"></table>
    <div id="bgr-moves"></div>
  </div>
</section>
`;

export function createReview() {
  const ui = { review: null, steps: [], i: 0 };

  function error(msg) { const e = $("bgr-error"); e.textContent = msg || ""; e.hidden = !msg; }

  async function fetchReview(url, init) {
    error("");
    ui.review = null;
    $("bgr-loading").hidden = false;
    render();
    try {
      const r = await fetch(url, init);
      const j = await r.json();
      if (!r.ok) { error(j.error || String(r.status)); return; }
      ui.review = j;
      ui.steps = [];
      // The decisions shown: every play, and the cube decisions that were
      // close or wrong (gnubg lists the others as no decision at all).
      const shown = (s) => s.kind === "play" || s.action !== "no double" || s.counted || s.error;
      j.games.forEach((g, gi) => { g.steps = g.steps.filter(shown); g.steps.forEach((s) => ui.steps.push(Object.assign({ game: gi }, s))); });
      ui.i = 0;
    } catch (e) { error(String(e)); } finally { $("bgr-loading").hidden = true; render(); }
  }

  function stepText(s) {
    if (s.kind === "cube") {
      const action = t("bgr_act_" + s.action.replace(" ", "_"));
      return esc(t("bgr_cube_step", { side: sideName(s.side), action, proper: s.cube.action,
        nd: eq(s.cube.no_double), dt: eq(s.cube.double_take), dp: eq(s.cube.double_pass) })) +
        (s.error ? ` <b class="${markClass(s)}">${esc(s.error)} ${esc(s.mark)} −${s.lost.toFixed(3)}</b>` : "");
    }
    let h = esc(t("bgr_play", { side: sideName(s.side), dice: s.dice.join("-"), play: s.play }));
    if (s.mark) h += ` <b class="${markClass(s)}">${esc(s.mark)}</b>`;
    if (s.forced) h += ` <span class="muted">(${esc(t("bgr_forced"))})</span>`;
    else if (s.best !== s.play) h += ` — <span class="${markClass(s)}">${esc(t("bgr_best", { best: s.best, lost: s.lost.toFixed(3) }))}</span>`;
    else h += ` <span class="muted">(${esc(t("bgr_ok"))})</span>`;
    return h;
  }

  // Why the best play rather than the one made (issue 40): both plays'
  // features, closed, and the differences that weigh most.
  function whyOf(s) {
    if (!s.why || !s.explain) return "";
    return `<div class="bgr-why">` +
      details("best", esc(t("bgr_best_is", { best: s.best })), bgFeatures(s.explain.best)) +
      details("play", esc(t("bgr_play_was", { play: s.play })), bgFeatures(s.explain.play)) +
      bgWhy(s.why, s.best, s.play) + `</div>`;
  }

  function players() {
    const rv = ui.review;
    let h = `<tr><th>${esc(t("bgr_player"))}</th><th>${esc(t("bgr_rate"))}</th><th>${esc(t("bgr_checker"))}</th><th>${esc(t("bgr_cube"))}</th>` +
      `<th>${esc(t("bgr_luck"))}</th><th>${esc(t("bgr_rating"))}</th></tr>`;
    for (const p of rv.players) {
      h += `<tr data-side="${p.side}"><td><span class="chip ${p.side}"></span> ${esc(seatName(p.name) || sideName(p.side))}</td>` +
        `<td class="num rate">${p.error_rate.toFixed(1)}</td><td class="num">${p.checker_error_rate.toFixed(1)}</td>` +
        `<td class="num">${p.cube_error_rate.toFixed(1)}</td><td class="num">${p.luck_rate.toFixed(1)}</td><td class="rating">${esc(ratingWord(p.rating))}</td></tr>`;
    }
    return h;
  }

  function moves() {
    const rv = ui.review;
    const names = {};
    for (const p of rv.players) names[p.side] = seatName(p.name);
    let h = "<table>", k = 0;
    rv.games.forEach((g) => {
      h += `<tr class="bgr-game"><td colspan="4"><b>${esc(t("bgr_game", { n: g.n, w: g.score.white, b: g.score.black }))}</b>` +
        (g.result ? ` <span class="muted bgr-result">${esc(resultWords(g.result, names))}</span>` : "") + `</td></tr>`;
      for (const s of g.steps) {
        const what = s.kind === "play" ? `${s.dice.join("-")}: ${s.play}` : t("bgr_act_" + s.action.replace(" ", "_"));
        // Numbered 1 to n over the review (a cube decision and the play
        // of the same move would share gnubg's move number).
        h += `<tr class="bgr-row ${k === ui.i ? "current" : ""}" data-step="${k}" title="${esc(t("bgr_move_n", { n: s.number }))}"><td>${k + 1}</td>` +
          `<td class="side-${s.side}">${esc(sideName(s.side))}</td><td>${esc(what)}</td>` +
          `<td class="rv-mark ${markClass(s)}">${s.mark ? esc(s.mark) + " −" + s.lost.toFixed(3) : ""}</td></tr>`;
        k++;
      }
    });
    return h + "</table>";
  }

  // White's equity after each decision; the errors as dots of their mark.
  function graph() {
    const n = ui.steps.length, W = 600, H = 160, pad = 8;
    const x = (i) => pad + (n > 1 ? (i * (W - 2 * pad)) / (n - 1) : 0);
    const y = (e) => H / 2 - (Math.max(-2, Math.min(2, e)) * (H / 2 - pad)) / 2;
    let h = `<rect class="bgr-g-bg" x="0" y="0" width="${W}" height="${H}"/><line class="bgr-g-zero" x1="0" x2="${W}" y1="${H / 2}" y2="${H / 2}"/>`;
    // The scale: White's equity from −2 to +2, a line at ±1.
    for (const v of [2, 1, -1, -2]) {
      if (Math.abs(v) === 1) h += `<line class="bgr-g-tick" x1="0" x2="${W}" y1="${y(v)}" y2="${y(v)}"/>`;
      h += `<text class="bgr-g-scale" x="3" y="${y(v) + (v > 0 ? 11 : -3)}">${v > 0 ? "+" : "−"}${Math.abs(v)}</text>`;
    }
    h += `<text class="bgr-g-scale" x="3" y="${H / 2 - 3}">0</text>`;
    let pts = "";
    ui.steps.forEach((s, i) => {
      if (i && s.game !== ui.steps[i - 1].game) h += `<line class="bgr-g-game" x1="${x(i)}" x2="${x(i)}" y1="0" y2="${H}"/>`;
      if (typeof s.equity === "number") pts += `${x(i).toFixed(1)},${y(s.equity).toFixed(1)} `;
    });
    h += `<polyline class="bgr-g-line" points="${pts}"/>`;
    ui.steps.forEach((s, i) => {
      if (s.mark && typeof s.equity === "number") h += `<circle class="bgr-g-err ${markClass(s)}" cx="${x(i)}" cy="${y(s.equity)}" r="5"/>`;
    });
    h += `<line class="bgr-g-now" x1="${x(ui.i)}" x2="${x(ui.i)}" y1="0" y2="${H}"/>`;
    ui.steps.forEach((s, i) => {
      h += `<rect class="bgr-g-hit" data-step="${i}" x="${x(i) - (W / Math.max(n, 1)) / 2}" y="0" width="${W / Math.max(n, 1)}" height="${H}"><title>${i + 1}</title></rect>`;
    });
    return h;
  }

  function go(i) {
    if (!ui.steps.length) return;
    ui.i = Math.max(0, Math.min(i, ui.steps.length - 1));
    render();
    const row = document.querySelector(`#bgr-moves tr[data-step="${ui.i}"]`);
    if (row && row.scrollIntoView) row.scrollIntoView({ block: "nearest" });
  }

  function render() {
    const rv = ui.review;
    $("bgr-result").hidden = !rv;
    if (!rv) { $("bgr-title").textContent = t("bgr_upload"); return; }
    $("bgr-title").textContent = t("bgr_title");
    $("bgr-title").title = rv.evaluator;
    let ev = $("bgr-evaluator");
    if (!ev) { ev = document.createElement("p"); ev.id = "bgr-evaluator"; ev.className = "muted"; $("bgr-title").after(ev); }
    ev.textContent = t("bgr_by", { ev: rv.evaluator });
    $("bgr-players").innerHTML = players();
    $("bgr-moves").innerHTML = moves();
    $("bgr-graph").innerHTML = graph();
    const s = ui.steps[ui.i];
    $("bgr-pos").textContent = t("bgr_step", { i: ui.i + 1, n: ui.steps.length });
    $("bgr-step").innerHTML = s ? stepText(s) + whyOf(s) : "";
    if (s && s.position) {
      const arrows = [];
      if (s.made_moves) arrows.push({ moves: s.made_moves, side: s.side, cls: "last" });
      if (s.best_moves) arrows.push({ moves: s.best_moves, side: s.side, cls: "best" });
      $("bgr-board").innerHTML = drawPosition(s.position, { dice: s.dice || null, arrows, label: sideName(s.side), numbers: s.side });
    }
    document.querySelectorAll("#bgr-moves tr[data-step], #bgr-graph [data-step]").forEach((el) => {
      el.onclick = () => go(Number(el.dataset.step));
    });
  }

  // A change of language draws the review again in the new words (after
  // the page's labels are set).
  onLanguage(() => queueMicrotask(() => {
    if ($("bg-review").hidden) return;
    $("bgr-text").placeholder = t("bgr_paste");
    render();
  }));

  async function upload(ev) {
    ev.preventDefault();
    const file = $("bgr-file").files && $("bgr-file").files[0];
    const text = file ? await file.text() : $("bgr-text").value;
    await fetchReview("/api/analysis/backgammon/review", { method: "POST", body: text, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }

  function open(room) {
    // This section alone is shown.
    for (const el of document.querySelectorAll("main > section")) el.hidden = el.id !== "bg-review";
    document.querySelector("header .brand span").textContent = "Backgammon";
    if (room) fetchReview("/api/games/" + encodeURIComponent(room) + "/review.json");
    else render();
  }

  function init(params) {
    $("bgr-upload").addEventListener("submit", upload);
    $("bgr-text").placeholder = t("bgr_paste");
    $("bgr-first").onclick = () => go(0);
    $("bgr-prev").onclick = () => go(ui.i - 1);
    $("bgr-next").onclick = () => go(ui.i + 1);
    $("bgr-last").onclick = () => go(ui.steps.length - 1);
    $("bgr-next-error").onclick = () => {
      const k = ui.steps.findIndex((s, i) => i > ui.i && s.mark);
      if (k >= 0) go(k);
    };
    $("bgr-back").onclick = () => { if (history.length > 1) history.back(); else location.href = "/"; };
    const r = params.get("bgreview");
    if (r !== null) open(r === "1" ? null : r.toUpperCase());
  }

  return { ui, init, open };
}
