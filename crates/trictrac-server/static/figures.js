// The server's review of a rated game over (issue 38, item 4): the
// game's page asks /api/games/ROOM/figures once the game is over, then
// every 5 s while the review waits (3 minutes at most), and shows what
// it found under the result.

import { t, esc, sideName } from "./i18n.js";

export function createFigures(redraw) {
  const F = { room: null, v: null, tries: 0 };

  async function load(room) {
    try {
      const r = await fetch("/api/games/" + encodeURIComponent(room) + "/figures");
      const v = await r.json();
      if (F.room !== room) return;
      F.v = v;
      redraw();
      if ((v.state === "waiting" || v.state === "running") && ++F.tries < 36) {
        setTimeout(() => { if (F.room === room) load(room); }, 5000);
      }
    } catch (e) { /* the line stays away */ }
  }

  // The line for the state `st` of a game over (empty when there is
  // nothing to say: not online, not rated, not asked yet).
  function line(st) {
    if (st.mode !== "online") return "";
    if (F.room !== st.room) { F.room = st.room; F.v = null; F.tries = 0; load(st.room); }
    const v = F.v;
    if (!v || v.state === "none") return "";
    let text;
    if (v.state === "done" && v.figures) {
      const f = v.figures, name = (side) => (v.names && v.names[side]) || sideName(side);
      text = t("fig_done", {
        white: name("white"), we: f.white.error_rate.toFixed(1), wl: f.white.luck.toFixed(1),
        black: name("black"), be: f.black.error_rate.toFixed(1), bl: f.black.luck.toFixed(1),
        unit: t("unit_" + f.unit),
      });
    } else if (v.state === "failed") text = t("fig_failed", { m: v.message || "" });
    else text = t("fig_waiting");
    return `<div class="muted" id="review-figures" data-state="${esc(v.state)}">${esc(text)}</div>`;
  }

  return { line };
}
