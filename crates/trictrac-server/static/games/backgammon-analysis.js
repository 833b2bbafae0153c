// Backgammon's analysis board: a position set up by clicks (checkers
// placed and removed) or pasted (a gnubg Position ID or an XGID), the
// dice chosen or none (the cube decision) or a double to answer; the
// hint of the roll or the cube analysis (/api/analysis/backgammon/position,
// the functions of `trictrac bg hint`), and a rollout with its progress
// (/api/analysis/backgammon/rollout, lines of JSON while it runs). The
// hint's words are shared with the game's own Hint button (hintView).

import { t, esc, addTexts, onLanguage, sideName, $ } from "../i18n.js";
import { drawPosition } from "./backgammon-board.js";
import { bgFeatures, bgWhy, details, eq as eqx } from "../explain.js";
import ANALYSIS_TEXTS from "../texts/backgammon-analysis.json" with { type: "json" };

addTexts(ANALYSIS_TEXTS);

const pct = (x) => (100 * x).toFixed(1);
const eq = (x) => (x >= 0 ? "+" : "−") + Math.abs(x).toFixed(3);

function chancesTable(c, side) {
  const row = (a, b, c2) => `<td>${a}</td><td>${b}</td><td>${c2}</td>`;
  return `<table class="bg-chances"><caption>${esc(t("chances_title", { side: sideName(side) }))}</caption>` +
    `<tr><th>${esc(t("ch_win"))}</th><th>${esc(t("ch_gammon"))}</th><th>${esc(t("ch_bg"))}</th></tr>` +
    `<tr class="ch-win">${row(pct(c.win), pct(c.win_gammon), pct(c.win_backgammon))}</tr>` +
    `<tr><th>${esc(t("ch_lose"))}</th><th>${esc(t("ch_lgammon"))}</th><th>${esc(t("ch_lbg"))}</th></tr>` +
    `<tr class="ch-lose">${row(pct(c.lose), pct(c.lose_gammon), pct(c.lose_backgammon))}</tr></table>`;
}

// The analysis board's section (put into the page by the shell, before the game).
export const SECTION_HTML = `<section id="bg-analysis" hidden>
  <div class="card bg-board-card">
    <svg id="bga-board" class="bg-board" viewBox="0 0 1000 720" role="img" aria-label="position"></svg>
    <form id="bga-palette" class="buttons">
      <label><input type="radio" name="bga-put" value="white" checked> <span data-i18n="bga_put_white">Poser blanches</span></label>
      <label><input type="radio" name="bga-put" value="black"> <span data-i18n="bga_put_black">Poser noires</span></label>
      <label><input type="radio" name="bga-put" value="erase"> <span data-i18n="bga_put_erase">Ôter</span></label>
      <button type="button" id="bga-start" data-i18n="bga_start">Départ</button>
      <button type="button" id="bga-clear" data-i18n="bga_clear">Vider</button>
    </form>
  </div>
  <div class="card bg-side-card">
    <h2 data-i18n="bga_title">Analyse de backgammon</h2>
    <p class="muted" data-i18n="bga_expl"></p>
    <div class="row"><span data-i18n="bga_id">Position ID / XGID</span>
      <input id="bga-id" size="34" spellcheck="false" autocomplete="off" placeholder="4HPwATDgc/ABMA">
      <button type="button" id="bga-load" data-i18n="bga_load">Charger</button></div>
    <form id="bga-form">
      <label class="row"><span data-i18n="bga_turn">Trait</span>
        <select id="bga-turn"><option value="white" data-i18n="white">Blanches</option><option value="black" data-i18n="black">Noires</option></select></label>
      <label class="row"><span data-i18n="bga_dice">Dés</span>
        <select id="bga-dice"><option value="" data-i18n="bga_cube_decision">— videau —</option><option value="answer" data-i18n="bga_answer">— répondre à un double —</option></select></label>
      <label class="row"><span data-i18n="bga_cube">Videau</span>
        <select id="bga-cube"><option>1</option><option>2</option><option>4</option><option>8</option><option>16</option><option>32</option><option>64</option></select>
        <select id="bga-owner"><option value="" data-i18n="bga_centre">au centre</option><option value="white" data-i18n="white">Blanches</option><option value="black" data-i18n="black">Noires</option></select></label>
      <label class="row"><span data-i18n="bga_match">Match · score</span>
        <input id="bga-length" type="number" min="0" max="25" value="0" size="3"> <input id="bga-score" size="5" value="0-0" aria-label="score"></label>
      <div class="buttons"><button type="submit" class="primary" id="bga-analyse" data-i18n="bga_analyse">Analyser</button>
        <input id="bga-games" type="number" min="36" max="1296" step="36" value="324" aria-label="games"> <span data-i18n="bga_games">parties</span>
        <select id="bga-plies" aria-label="plies"><option value="0" data-i18n="bga_plies0">0 ply</option><option value="1" data-i18n="bga_plies1">1 ply</option><option value="2" data-i18n="bga_plies2">2 plies</option></select>
        <select id="bga-cubeful" aria-label="cube"><option value="off" data-i18n="bga_cubeless">sans videau</option><option value="on" data-i18n="bga_cubeful">avec le videau</option></select>
        <button type="button" id="bga-rollout" data-i18n="bga_rollout">Rollout</button>
        <button type="button" id="bga-back" data-i18n="bga_back">Retour</button></div>
    </form>
    <p id="bga-error" class="error" role="alert" hidden></p>
    <p id="bga-ids" class="muted"></p>
    <div id="bga-result"></div>
    <div id="bga-progress" hidden><progress id="bga-bar" max="1" value="0"></progress> <span id="bga-progress-text"></span></div>
    <div id="bga-rollout-result"></div>
  </div>
</section>
`;

// The words and numbers of an analysis (a hint or the analysis board):
// the plays of a roll, the cube decision, or the answer to a double.
// `playName` writes a play; `pick` (optional) makes the plays' rows
// clickable (data-play).
export function hintView(h, playName) {
  if (h.kind === "cube") {
    const c = h.cube, mwc = c.mwc;
    const line = (cls, name, x, i) => `<tr class="${cls}"><td>${esc(name)}</td><td class="num">${eq(x)}</td>` +
      (mwc ? `<td class="num">${pct(mwc[i])} %</td>` : "") + `</tr>`;
    const best = c.double ? (c.take ? "dt" : "dp") : "nd";
    return `<div class="bg-cube" id="bg-cube"><p>${esc(t("cube_title", { side: sideName(h.side), plies: h.plies }))}</p>` +
      `<table>${mwc ? `<tr><th></th><th>${esc(t("eq_col"))}</th><th>${esc(t("cube_mwc"))}</th></tr>` : ""}` +
      line(best === "nd" ? "best" : "", t("cube_nd"), c.no_double, 0) +
      line(best === "dt" ? "best" : "", t("cube_dt"), c.double_take, 1) +
      line(best === "dp" ? "best" : "", t("cube_dp"), c.double_pass, 2) + `</table>` +
      `<p class="proper"><b>${esc(t("cube_proper", { action: c.action }))}</b></p>` + chancesTable(h.chances, h.side) + `</div>`;
  }
  if (h.kind === "answer") {
    const a = h.answer;
    return `<div class="bg-cube" id="bg-cube"><p>${esc(t("answer_title", { doubler: sideName(h.doubler), side: sideName(h.side), plies: h.plies }))}</p>` +
      `<table><tr class="${a.proper === "take" ? "best" : ""}"><td>${esc(t("cube_take"))}</td><td class="num">${eq(a.take)}</td></tr>` +
      `<tr class="${a.proper === "pass" ? "best" : ""}"><td>${esc(t("cube_pass"))}</td><td class="num">${eq(a.pass)}</td></tr></table>` +
      `<p class="proper"><b>${esc(t("answer_proper", { answer: t(a.proper === "take" ? "cube_take" : "cube_pass"), action: h.cube.action }))}</b></p>` +
      chancesTable(h.chances, h.side) + `</div>`;
  }
  let r = `<p>${esc(t("bg_hint_plays", { of: h.of, plies: h.plies }))}</p><table class="bg-plays" id="bg-plays">` +
    `<tr><th></th><th>${esc(t("play_col"))}</th><th>${esc(t("eq_col"))}</th><th>${esc(t("diff_col"))}</th>` +
    `<th>${esc(t("ch_win"))}</th><th>${esc(t("ch_gammon"))}</th><th>${esc(t("ch_lgammon"))}</th></tr>`;
  h.plays.forEach((p, i) => {
    const c = p.chances;
    r += `<tr data-play="${i}" class="${i ? "" : "best"}"><td>${i + 1}</td><td>${esc(playName(p))}</td><td class="num">${eq(p.equity)}</td>` +
      `<td class="num">${i ? eq(p.diff) : ""}</td><td class="num">${pct(c.win)}</td><td class="num">${pct(c.win_gammon)}</td><td class="num">${pct(c.lose_gammon)}</td></tr>`;
  });
  r += "</table>";
  // Why (issue 40): each play's features, then why the first rather
  // than the second.
  if (h.plays.some((p) => p.explain)) {
    r += `<div id="bg-explain">` + h.plays.map((p, i) => details(i, `${i + 1}. ${esc(playName(p))} <span class="muted">${eqx(p.equity)}</span>`, bgFeatures(p.explain))).join("") + `</div>`;
  }
  if (h.why && h.plays.length > 1) r += bgWhy(h.why, playName(h.plays[0]), playName(h.plays[1]));
  return r;
}

export function createAnalysis(app) {
  const empty = () => ({ board: new Array(24).fill(0), bar: { white: 0, black: 0 } });
  const start = () => {
    const b = new Array(24).fill(0);
    b[23] = 2; b[12] = 5; b[7] = 3; b[5] = 5;
    b[0] = -2; b[11] = -5; b[16] = -3; b[18] = -5;
    return { board: b, bar: { white: 0, black: 0 } };
  };
  const ui = { set: start(), result: null, shown: 0, abort: null, rolled: null };

  function position() {
    const { board, bar } = ui.set;
    const count = (s) => board.reduce((n, c) => n + (s === "white" ? Math.max(c, 0) : Math.max(-c, 0)), 0) + bar[s];
    const pips = (s) => board.reduce((n, c, i) => n + (s === "white" ? Math.max(c, 0) * (i + 1) : Math.max(-c, 0) * (24 - i)), 0) + 25 * bar[s];
    return {
      board, bar, turn: $("bga-turn").value,
      off: { white: Math.max(0, 15 - count("white")), black: Math.max(0, 15 - count("black")) },
      pips: { white: pips("white"), black: pips("black") },
    };
  }
  function draw() {
    const r = ui.result;
    const dice = $("bga-dice").value;
    const arrows = [];
    if (r && r.kind === "play" && r.plays[ui.shown]) arrows.push({ moves: r.plays[ui.shown].m, side: r.side, cls: "" });
    $("bga-board").innerHTML = drawPosition(position(), {
      dice: /^\d-\d$/.test(dice) ? dice.split("-").map(Number) : null,
      cube: { value: Number($("bga-cube").value), owner: $("bga-owner").value || null, offered: dice === "answer" },
      arrows, hits: true, label: sideName($("bga-turn").value),
    });
  }
  // A click on a point or the bar: a checker of the chosen colour put
  // there (the other colour's taken away first), or one removed.
  function click(ev) {
    const f = ev.target && ev.target.dataset ? ev.target.dataset.field : null;
    if (!f) return;
    const put = new FormData($("bga-palette")).get("bga-put");
    const { board, bar } = ui.set;
    const onBoard = (s) => board.reduce((n, c) => n + (s === "white" ? Math.max(c, 0) : Math.max(-c, 0)), 0) + bar[s];
    if (f === "bar") {
      if (put === "erase") { for (const s of ["white", "black"]) if (bar[s]) { bar[s] -= 1; break; } }
      else if (onBoard(put) < 15) bar[put] += 1;
    } else {
      const i = Number(f) - 1, sg = put === "white" ? 1 : -1;
      if (put === "erase") board[i] -= Math.sign(board[i]);
      else {
        if (board[i] * sg < 0) board[i] = 0;
        if (onBoard(put) < 15) board[i] += sg;
      }
    }
    forget();
    draw();
  }
  // The answer shown is of another position: its IDs, its plays (their
  // arrows), its rollout go.
  function forget() {
    ui.result = null;
    ui.rolled = null;
    $("bga-result").innerHTML = "";
    $("bga-ids").innerHTML = "";
    $("bga-rollout-result").innerHTML = "";
  }
  // A new set-up (Start, Empty): nothing of the last position stays — its
  // IDs, its answer, its dice and cube.
  function reset(set) {
    ui.set = set;
    forget();
    $("bga-dice").value = "";
    $("bga-cube").value = "1";
    $("bga-owner").value = "";
    $("bga-id").value = "";
    error("");
    draw();
  }
  function fields() {
    const p = new URLSearchParams({
      board: ui.set.board.join(","), bar: `${ui.set.bar.white}-${ui.set.bar.black}`, turn: $("bga-turn").value,
      cube: $("bga-cube").value, length: $("bga-length").value || "0",
    });
    const d = $("bga-dice").value;
    if (d === "answer") p.set("double", "offered"); else if (d) p.set("dice", d);
    if ($("bga-owner").value) p.set("owner", $("bga-owner").value);
    const sc = $("bga-score").value.trim();
    if (Number($("bga-length").value) > 0 && sc) p.set("score", sc);
    return p;
  }
  function error(msg) {
    const e = $("bga-error");
    e.textContent = msg || ""; e.hidden = !msg;
  }
  async function ask(p) {
    error("");
    $("bga-result").innerHTML = `<p class="muted">${esc(t("bga_analysing"))}</p>`;
    let j;
    try {
      const r = await fetch("/api/analysis/backgammon/position?" + p.toString());
      j = await r.json();
      if (!r.ok) { error(j.error || String(r.status)); forget(); draw(); return null; }
    } catch (e) { error(String(e)); forget(); draw(); return null; }
    return j;
  }
  // An answer's position and surroundings become the board's set-up.
  function adopt(j) {
    const pos = j.position;
    ui.set = { board: pos.board.slice(), bar: { white: pos.bar.white, black: pos.bar.black } };
    $("bga-turn").value = j.kind === "answer" ? j.doubler : pos.turn;
    $("bga-dice").value = j.dice ? j.dice.join("-") : j.kind === "answer" ? "answer" : "";
    $("bga-cube").value = String(j.cube_state.value);
    $("bga-owner").value = j.cube_state.owner || "";
    $("bga-length").value = String(j.match.length);
    $("bga-score").value = `${j.match.score.white}-${j.match.score.black}`;
  }
  function show(j, shown) {
    ui.result = j; ui.shown = shown || 0;
    $("bga-ids").innerHTML = `Position ID <code id="bga-pid">${esc(j.position_id)}</code> · Match ID <code>${esc(j.match_id)}</code><br>` +
      `<code id="bga-xgid">${esc(j.xgid)}</code>`;
    $("bga-result").innerHTML = hintView(j, (p) => p.n);
    $("bga-result").querySelectorAll("tr[data-play]").forEach((tr) => {
      tr.onclick = () => { ui.shown = Number(tr.dataset.play); draw(); };
    });
    draw();
  }
  async function analyse(ev) {
    if (ev) ev.preventDefault();
    const j = await ask(fields());
    if (j) show(j);
  }
  async function load(text) {
    const id = (text || $("bga-id").value).trim();
    if (!id) return;
    $("bga-id").value = id;
    const j = await ask(new URLSearchParams({ position: id }));
    if (!j) return;
    adopt(j);
    show(j);
  }
  // A rollout's result, in the page's language.
  function rolled(m) {
    ui.rolled = m;
    $("bga-rollout-result").innerHTML = `<p id="bga-rollout-done">${esc(t("bga_rollout_result", {
      what: m.play ? t("bga_of_play", { play: m.play }) : t("bga_this_position"), games: m.games, s: m.seconds.toFixed(1),
      e: eq(m.equity), se: m.stderr.toFixed(3), lo: eq(m.ci95[0]), hi: eq(m.ci95[1]), w: pct(m.win), wg: pct(m.win_gammon),
      wbg: pct(m.win_backgammon), lg: pct(m.lose_gammon), lbg: pct(m.lose_backgammon) }))}` +
      (m.cubeful_equity == null ? "" : ` · <span id="bga-rollout-cubeful">${esc(t("bga_rollout_cubeful", { e: eq(m.cubeful_equity), se: m.cubeful_stderr.toFixed(3) }))}</span>`) +
      "</p>";
  }
  // A change of language draws the answers shown again in the new words
  // (after the page's labels are set: the rollout button says Stop while
  // a rollout runs).
  onLanguage(() => queueMicrotask(() => {
    if ($("bg-analysis").hidden) return;
    if (ui.result) show(ui.result, ui.shown); else draw();
    if (ui.rolled) rolled(ui.rolled);
    $("bga-rollout").textContent = t(ui.abort ? "bga_stop" : "bga_rollout");
  }));
  async function rollout() {
    if (ui.abort) { ui.abort.abort(); return; }
    const p = fields();
    p.set("games", $("bga-games").value || "324");
    p.set("plies", $("bga-plies").value);
    p.set("cubeful", $("bga-cubeful").value);
    const r0 = ui.result;
    if (r0 && r0.kind === "play" && r0.plays[ui.shown]) p.set("play", r0.plays[ui.shown].n);
    error("");
    $("bga-rollout-result").innerHTML = "";
    ui.rolled = null;
    const ctl = new AbortController();
    ui.abort = ctl;
    $("bga-rollout").textContent = t("bga_stop");
    const bar = $("bga-bar"), txt = $("bga-progress-text");
    $("bga-progress").hidden = false; bar.value = 0; txt.textContent = "";
    const line = (m) => {
      if (m.type === "progress") {
        bar.value = m.done / m.games;
        txt.textContent = t("bga_rolling", { done: m.done, games: m.games, e: eq(m.equity), se: m.stderr.toFixed(3) });
      } else if (m.type === "result") {
        bar.value = 1;
        rolled(m);
      } else if (m.type === "error") error(m.error);
    };
    try {
      const r = await fetch("/api/analysis/backgammon/rollout?" + p.toString(), { signal: ctl.signal });
      if (!r.ok) { const j = await r.json(); error(j.error || String(r.status)); }
      else {
        const reader = r.body.getReader(), dec = new TextDecoder();
        let buf = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += dec.decode(value, { stream: true });
          let i;
          while ((i = buf.indexOf("\n")) >= 0) { const l = buf.slice(0, i); buf = buf.slice(i + 1); if (l.trim()) line(JSON.parse(l)); }
        }
      }
    } catch (e) { if (e.name !== "AbortError") error(String(e)); }
    ui.abort = null;
    $("bga-rollout").textContent = t("bga_rollout");
  }
  function open(id) {
    // This section alone is shown.
    for (const el of document.querySelectorAll("main > section")) el.hidden = el.id !== "bg-analysis";
    document.querySelector("header .brand span").textContent = "Backgammon";
    draw();
    if (id) load(id);
  }
  function init(params) {
    const dice = $("bga-dice");
    for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) {
      const o = document.createElement("option");
      o.value = `${b}-${a}`; o.textContent = `${b}-${a}`;
      dice.appendChild(o);
    }
    $("bga-board").addEventListener("click", click);
    $("bga-form").addEventListener("submit", analyse);
    $("bga-load").onclick = () => load();
    $("bga-rollout").onclick = rollout;
    $("bga-start").onclick = () => reset(start());
    $("bga-clear").onclick = () => reset(empty());
    ["bga-turn", "bga-dice", "bga-cube", "bga-owner", "bga-length", "bga-score"].forEach((id) => { $(id).onchange = () => { forget(); draw(); }; });
    $("bga-back").onclick = () => { if (history.length > 1) history.back(); else location.href = "/"; };
    if (params.get("bganalysis") === "1") open(params.get("position"));
  }
  return { ui, init, open };
}
