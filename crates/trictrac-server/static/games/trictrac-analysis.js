// Grand Trictrac's table of chances: a position set up (TPN, or checkers
// put and removed by clicks on the board) or taken from the game, and the
// rolls of 36 that bring an event (/api/chances, trictrac::chances), on
// the page's analysis section; with the network's evaluation of the
// position set up (/api/analysis/trictrac/position).

import { t, esc, addTexts, onLanguage, sideName, sideMid, $ } from "../i18n.js";
import { R, MID, colX, flechePath, checkerY, flecheShape, hitAreas } from "../board.js";

addTexts({
  fr: {
    an_put_white: "Poser blanches", an_put_black: "Poser noires", an_put_erase: "Ôter",
    an_eval: "Équité des {side} avant de lancer : {e} ({ev})",
  },
  en: {
    an_put_white: "Put White", an_put_black: "Put Black", an_put_erase: "Remove",
    an_eval: "Equity of {side} before rolling: {e} ({ev})",
  },
});

// The checkers of a TPN (NOTATION.md): signed counts on the absolute
// fields (+ White, − Black), the side to move and the keys after it.
function parseTpn(text) {
  const tok = text.trim().split(/\s+/);
  const board = new Array(24).fill(0);
  const list = (s, sg) => {
    if (!s || s === "-") return;
    for (const it of s.split(",")) {
      const [f, n] = it.split("x").map(Number);
      if (f >= 1 && f <= 24) board[f - 1] += sg * (n || 1);
    }
  };
  list((tok[0] || "").replace(/^w:/, ""), 1);
  list((tok[1] || "").replace(/^b:/, ""), -1);
  return { board, turn: tok[2] === "b" ? "b" : "w", rest: tok.slice(3) };
}
function writeTpn(p) {
  const list = (sg) => {
    const items = [];
    p.board.forEach((c, i) => { const n = c * sg; if (n > 0) items.push(n > 1 ? `${i + 1}x${n}` : String(i + 1)); });
    return items.length ? items.join(",") : "-";
  };
  return [`w:${list(1)}`, `b:${list(-1)}`, p.turn].concat(p.rest).join(" ");
}

// The table of chances' section (put into the page by the shell, before the game).
export const SECTION_HTML = `<section id="analysis" hidden>
  <div class="card">
    <h2 data-i18n="analysis_title">Table des hasards</h2>
    <p class="muted" data-i18n="analysis_expl"></p>
    <form id="an-form">
      <label class="row"><span data-i18n="an_position">Position (TPN)</span>
        <input id="an-tpn" size="40" spellcheck="false" autocomplete="off" value="w:1x15 b:24x15 w"></label>
      <label class="row"><span data-i18n="an_question">Question</span>
        <select id="an-question">
          <option value="hit" data-i18n="an_hit">battre (R-6.1)</option>
          <option value="fill" data-i18n="an_fill">remplir (R-6.5)</option>
          <option value="point" data-i18n="an_point">faire une case</option>
          <option value="corner" data-i18n="an_corner">prendre son coin (R-4.1, R-4.3)</option>
        </select></label>
      <label class="row" id="an-field-row"><span data-i18n="an_field">Case(s)</span>
        <input id="an-field" size="10" value="any" autocomplete="off"></label>
      <label class="row" id="an-jan-row" hidden><span data-i18n="an_jan">Jan</span>
        <select id="an-jan"><option value="petit">petit jan</option><option value="grand">grand jan</option><option value="retour">jan de retour</option></select></label>
      <div class="buttons"><button type="submit" id="btn-an" class="primary" data-i18n="an_count">Compter</button>
        <button type="button" id="btn-an-back" data-i18n="an_back">Retour</button></div>
    </form>
    <p id="an-error" class="error" role="alert" hidden></p>
    <div id="an-result" hidden></div>
  </div>
  <div class="card" id="an-board-card" hidden>
    <svg id="an-board" viewBox="0 0 1000 720" role="img" aria-label="position"></svg>
    <form id="an-palette" class="buttons">
      <label><input type="radio" name="an-put" value="white" checked> <span data-i18n="an_put_white">Poser blanches</span></label>
      <label><input type="radio" name="an-put" value="black"> <span data-i18n="an_put_black">Poser noires</span></label>
      <label><input type="radio" name="an-put" value="erase"> <span data-i18n="an_put_erase">Ôter</span></label>
    </form>
    <p id="an-eval"></p>
  </div>
</section>
`;

export function createAnalysis(app) {
  const S = app.S;
  let back = "home"; // where "Back" goes: the home page or the game

  function show(tpn) {
    back = $("game").hidden ? "home" : "game";
    ["home", "game", "invited"].forEach((id) => { $(id).hidden = true; });
    $("analysis").hidden = false;
    if (tpn) $("an-tpn").value = tpn;
    rows();
    setUp();
  }
  // The position of the TPN field drawn, to be changed by clicks, and
  // evaluated.
  function setUp(marks) {
    const p = parseTpn($("an-tpn").value);
    $("an-board-card").hidden = false;
    $("an-board").innerHTML = board({ board: p.board, side: p.turn === "b" ? "black" : "white" }, marks || []) + hitAreas(place);
    evaluate();
  }
  async function evaluate() {
    const p = new URLSearchParams({ position: $("an-tpn").value.trim() });
    if (back === "game" && S.state && S.state.options) p.set("options", S.state.options);
    const el = $("an-eval");
    try {
      const r = await fetch("/api/analysis/trictrac/position?" + p.toString());
      const j = await r.json();
      if (!r.ok) { el.textContent = j.error || String(r.status); el.className = "error"; return; }
      el.className = "";
      el.textContent = t("an_eval", { side: sideMid(j.side), e: (j.equity >= 0 ? "+" : "−") + Math.abs(j.equity).toFixed(3), ev: j.evaluator });
    } catch (e) { el.textContent = String(e); }
  }
  // A click on a field: a checker of the chosen colour put there (the
  // other colour's taken away first; 15 a side), or one removed.
  function click(ev) {
    const f = ev.target && ev.target.dataset ? Number(ev.target.dataset.field) : 0;
    if (!(f >= 1 && f <= 24)) return;
    const put = new FormData($("an-palette")).get("an-put");
    const p = parseTpn($("an-tpn").value);
    const b = p.board;
    const count = (sg) => b.reduce((n, c) => n + Math.max(c * sg, 0), 0);
    if (put === "erase") b[f - 1] -= Math.sign(b[f - 1]);
    else {
      const sg = put === "white" ? 1 : -1;
      if (b[f - 1] * sg < 0) b[f - 1] = 0;
      if (count(sg) < 15) b[f - 1] += sg;
    }
    $("an-tpn").value = writeTpn(p);
    $("an-result").hidden = true;
    setUp();
  }
  function rows() {
    const q = $("an-question").value;
    $("an-field-row").hidden = !(q === "hit" || q === "point");
    $("an-jan-row").hidden = q !== "fill";
  }
  // Absolute field f on this plain board: the player's talon bottom left.
  function place(f) {
    const k = app.bottomSide() === "black" ? 25 - f : f;
    return k <= 12 ? { col: k - 1, bottom: true } : { col: 24 - k, bottom: false };
  }
  async function ask(ev) {
    if (ev) ev.preventDefault();
    const q = $("an-question").value;
    const p = new URLSearchParams({ position: $("an-tpn").value.trim(), question: q });
    if (q === "hit" || q === "point") p.set("field", $("an-field").value.trim());
    if (q === "fill") p.set("jan", $("an-jan").value);
    // From a game: its rule options (the old jans, the corner by power…).
    if (back === "game" && S.state && S.state.options) p.set("options", S.state.options);
    const err = $("an-error"), res = $("an-result");
    let j;
    try {
      const r = await fetch("/api/chances?" + p.toString());
      j = await r.json();
      if (!r.ok) {
        err.textContent = j.error || String(r.status); err.hidden = false; res.hidden = true;
        return;
      }
    } catch (e) { err.textContent = String(e); err.hidden = false; return; }
    err.hidden = true;
    const set = new Set(j.rolls);
    let h = `<p id="an-count"><b>${esc(t("an_result", { n: j.count, pct: (100 * j.count / 36).toFixed(1), side: sideMid(j.side) }))}</b></p>` +
      `<p id="an-rolls">${j.rolls.length ? esc(j.rolls.join(" ")) : esc(t("an_none"))}</p><table id="an-grid"><tr><th></th>`;
    for (let b = 1; b <= 6; b++) h += `<th>${b}</th>`;
    h += "</tr>";
    for (let a = 6; a >= 1; a--) {
      h += `<tr><th>${a}</th>`;
      for (let b = 1; b <= 6; b++) {
        const k = Math.max(a, b) + "-" + Math.min(a, b);
        h += `<td class="${set.has(k) ? "yes" : ""}">${set.has(k) ? "●" : ""}</td>`;
      }
      h += "</tr>";
    }
    res.innerHTML = h + "</table>";
    res.hidden = false;
    $("an-board-card").hidden = false;
    const marks = q === "hit" || q === "point" ? $("an-field").value.split(",").map(Number).filter((f) => f >= 1 && f <= 24) : [];
    setUp(marks);
  }
  // A plain drawing of the position: flèches, numbers, checkers, the fields asked about.
  function board(v, marks) {
    let h = `<rect class="frame" x="0" y="0" width="1000" height="720" rx="18"/>` +
      `<rect class="felt" x="40" y="50" width="410" height="620"/><rect class="felt" x="510" y="50" width="410" height="620"/>` +
      `<rect class="bar" x="450" y="50" width="60" height="620"/>`;
    for (let f = 1; f <= 24; f++) {
      const p = place(f);
      h += flecheShape(p.col, p.bottom);
      if (marks.includes(f)) h += `<path class="dest" d="${flechePath(p.col, p.bottom)}"/>`;
      h += `<text class="fnum" x="${colX(p.col)}" y="${p.bottom ? 692 : 44}">${f}</text>`;
    }
    for (let f = 1; f <= 24; f++) {
      const c = v.board[f - 1];
      if (!c) continue;
      const n = Math.abs(c), p = place(f), x = colX(p.col), cls = c > 0 ? "chk-w" : "chk-b";
      for (let i = 0; i < n; i++) h += `<circle class="${cls}" cx="${x}" cy="${checkerY(i, n, p.bottom)}" r="${R}"/>`;
      if (n > 5) h += `<text class="chk-count ${c > 0 ? "w" : "b"}" x="${x}" y="${checkerY(n - 1, n, p.bottom)}">${n}</text>`;
    }
    h += `<text class="turn-label" x="245" y="${MID + 6}">${esc(sideName(v.side))}</text>`;
    return h;
  }

  // A change of language asks again, so the answer shown is in the new
  // words (the board's side label and the evaluation too).
  onLanguage(() => queueMicrotask(() => {
    if ($("analysis").hidden) return;
    if (!$("an-result").hidden) ask(); else setUp();
  }));

  return {
    init(params) {
      $("btn-analyse").onclick = () => show(S.state && S.state.tpn);
      // The header's Analysis: Grand Trictrac's board, on the position
      // of the game played when help is allowed (never in a live online
      // game, for players and spectators alike), else set up at the start. (A game with its own board
      // says so: its `analysisLink`, app.js.)
      $("analysis-link").onclick = (ev) => {
        ev.preventDefault();
        const st = S.state;
        const help = !!st && !$("game").hidden && (st.mode !== "online" || !!st.over);
        show(help && st.game === "trictrac" ? st.tpn : undefined);
      };
      $("an-form").addEventListener("submit", ask);
      $("an-question").onchange = rows;
      $("an-board").addEventListener("click", click);
      $("an-tpn").addEventListener("change", () => setUp());
      $("btn-an-back").onclick = () => {
        if (back === "game" && S.state) { $("analysis").hidden = true; app.showGame(); app.render(); }
        else location.href = "/";
      };
      if (params.get("analysis") === "1") {
        show(params.get("position"));
        if (params.get("position")) ask();
      }
    },
  };
}
