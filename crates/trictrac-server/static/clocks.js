// Clocks and abandonment of lobby games, for every game (issue 26;
// docs/PROTOCOL.md, `clock`, `away`, `grace`, `claim`). The server keeps
// the time: each state carries each side's time left when it was sent
// and whose clock runs; this page counts down from then between states.
// A player whose opponent left sees how long the seat is kept, then a
// button to claim the game; everyone sees why a game ended on time.

import { t, esc, $, addTexts, sideName, other } from "./i18n.js";
import CLOCK_TEXTS from "./texts/clocks.json" with { type: "json" };

addTexts(CLOCK_TEXTS);

export function createClocks(app) {
  const S = app.S;
  let shown = null;     // the state drawn
  let received = 0;     // when it arrived (performance.now())
  let timer = null;

  function box() {
    let el = $("clocks");
    if (!el) {
      el = document.createElement("div");
      el.id = "clocks";
      el.className = "card";
      $("players").after(el);
    }
    return el;
  }

  // 75 s as "1:15".
  function fmt(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    // Correspondence: days and hours (issue 39).
    if (s >= 86400) return Math.floor(s / 86400) + " d " + Math.floor((s % 86400) / 3600) + " h";
    if (s >= 3600) return Math.floor(s / 3600) + " h " + String(Math.floor((s % 3600) / 60)).padStart(2, "0");
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }

  function clockRows(st, since) {
    const c = st.clock;
    if (!c) return "";
    const label = c.kind === "days" ? t("clock_days", { d: c.days }) : c.kind === "move" ? t("clock_move", { s: c.seconds }) : t("clock_total", { m: c.minutes, i: c.increment || 0 });
    let h = `<div class="muted">${esc(t("clock"))} · <span id="clock-label">${esc(label)}</span></div>`;
    for (const side of ["white", "black"]) {
      const runs = c.running === side && !st.over;
      const left = c[side] - (runs ? since : 0);
      h += `<div class="clock ${runs ? "running" : ""} ${left < 10000 ? "low" : ""}" id="clock-${side}">` +
        `<span class="chip ${side}"></span>${esc(sideName(side))} <b class="clock-time">${esc(fmt(left))}</b></div>`;
    }
    return h;
  }

  // Who left, and for a player the claim: after the grace period.
  function awayRows(st, since) {
    // A correspondence game is not claimed: players come and go (issue 39).
    if (st.over || st.mode !== "online" || !st.away || (st.clock && st.clock.kind === "days")) return "";
    let h = "";
    for (const side of ["white", "black"]) {
      const away = st.away[side];
      if (away === null || away === undefined || !st.seats[side].taken) continue;
      const gone = away + since;
      const mine = S.role === "player" && S.seats.length === 1 && S.seats[0] === other(side);
      const wait = (st.grace || 0) - gone;
      // Once the claim is offered the line stays still (a button that
      // is drawn again each second could miss a click).
      const text = mine && wait <= 0 ? t("away_long", { who: sideName(side) }) : t("away", { who: sideName(side), s: Math.floor(gone / 1000) });
      h += `<div class="away" id="away-${side}">${esc(text)}`;
      if (mine && wait > 0) h += ` <span id="claim-wait">${esc(t("claim_in", { s: Math.ceil(wait / 1000) }))}</span>`;
      if (mine && wait <= 0) h += ` <button type="button" id="btn-claim">${esc(t("claim"))}</button>`;
      h += `</div>`;
    }
    return h;
  }

  function verdictRow(st) {
    const o = st.over;
    if (!o || !o.reason) return "";
    const loser = o.winner ? other(o.winner) : null;
    return `<div class="verdict" id="verdict">${esc(t("ended_" + o.reason, { who: loser ? sideName(loser) : "" }))}</div>`;
  }

  function render(st) {
    if (st !== shown) { shown = st; received = performance.now(); }
    const since = performance.now() - received;
    const html = st && !S.replay ? clockRows(st, since) + awayRows(st, since) + verdictRow(st) : "";
    const el = box();
    el.hidden = !html;
    if (el.innerHTML !== html) el.innerHTML = html;
    const b = $("btn-claim");
    if (b) b.onclick = () => { b.disabled = true; app.send({ type: "claim" }); };
    // Counting down while a clock runs or someone is away.
    const live = !!st && !st.over && ((st.clock && st.clock.running) || (st.away && (st.away.white !== null || st.away.black !== null)));
    if (live && !timer) timer = setInterval(() => render(S.state), 250);
    if (!live && timer) { clearInterval(timer); timer = null; }
  }

  return { render };
}
