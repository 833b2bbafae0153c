// Grand Trictrac's table of chances: a position set up (TPN) or taken
// from the game, and the rolls of 36 that bring an event
// (/api/chances, trictrac::chances), on the page's analysis section.

import { t, esc, sideName, sideMid, $ } from "../i18n.js";
import { R, MID, colX, flechePath, checkerY, flecheShape } from "../board.js";

export function createAnalysis(app) {
  const S = app.S;
  let back = "home"; // where "Back" goes: the home page or the game

  function show(tpn) {
    back = $("game").hidden ? "home" : "game";
    ["home", "game", "invited"].forEach((id) => { $(id).hidden = true; });
    $("analysis").hidden = false;
    if (tpn) $("an-tpn").value = tpn;
    rows();
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
    $("an-board").innerHTML = board(j, marks);
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

  return {
    init(params) {
      $("btn-analyse").onclick = () => show(S.state && S.state.tpn);
      $("analysis-link").onclick = (ev) => { ev.preventDefault(); show(); };
      $("an-form").addEventListener("submit", ask);
      $("an-question").onchange = rows;
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
