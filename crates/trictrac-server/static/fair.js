// Dice anyone can verify (issue 38, docs/DICE.md): the page's seed for
// the dice of an online game, the server's commitment under the board,
// the server seed once the game is over, and *Verify the dice*.

import { t, $ } from "./i18n.js";

// 16 random bytes of the browser's own, mixed with the server's
// committed seed: sent with `create` (online) and `join` (a free seat).
export function clientSeed() {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

// The commitment, then the server seed once over (an online game only).
export function render(st) {
  const fd = st.fair_dice, box = $("fair-dice");
  box.hidden = !fd;
  if (!fd) return;
  if (box.dataset.verified === st.room + ":" + st.seq) return;
  box.textContent = fd.server
    ? t("fair_dice_revealed", { s: fd.server, c: fd.commitment.slice(0, 16) })
    : t("fair_dice", { c: fd.commitment.slice(0, 16) });
  box.title = fd.commitment;
}

// The record of the finished game, with its seeds, checked by
// /api/analysis/verify (as `trictrac verify` does): in its game's first
// record format (`records` in /api/info, `info`).
export async function verify(st, info) {
  const box = $("fair-dice");
  const g = ((info && info.games) || []).find((x) => x.id === st.game);
  const ext = g && g.records && g.records.length ? g.records[0] : "txt";
  try {
    const rec = await (await fetch(`/api/games/${encodeURIComponent(st.room)}.${ext}`)).text();
    const r = await fetch("/api/analysis/verify", { method: "POST", body: rec, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    const v = await r.json();
    box.textContent = r.ok ? t("verify_ok", { n: v.throws }) : t("verify_bad", { e: v.error });
  } catch (e) {
    box.textContent = t("verify_bad", { e: String(e) });
  }
  box.dataset.verified = st.room + ":" + st.seq;
  box.hidden = false;
}
