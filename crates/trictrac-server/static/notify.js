// Notifications and correspondence games on the home page (issue 39;
// docs/PROTOCOL.md, "Correspondence games", "Notifications and
// e-mail"): a badge and the list of notices ("your turn", "your
// challenge was accepted", "a tournament starts"), the correspondence
// games of this player (those where it is his turn first), his e-mail
// address for the notices (confirmed by the link of a mail; or the
// server's word that it sends none), and his vacation days.

import { t, esc, $, addTexts, seatName, onLanguage } from "./i18n.js";
import { api } from "./api.js";
import NOTIFY_TEXTS from "./texts/notify.json" with { type: "json" };

addTexts(NOTIFY_TEXTS);

const N = { notices: null, games: [], email: null, vacation: null, msg: "", bad: false };
window.__notices = N;

// 2 days 3 h, 5 h 10 min, 12 min.
function left(ms) {
  if (ms === null || ms === undefined) return "";
  const m = Math.max(0, Math.floor(ms / 60000));
  const d = Math.floor(m / 1440), h = Math.floor((m % 1440) / 60);
  if (d) return t("nt_days_hours", { d, h });
  if (h) return t("nt_hours_min", { h, m: m % 60 });
  return t("nt_min", { m });
}

function gamesHtml() {
  if (!N.games.length) return `<p class="muted">${esc(t("nt_no_games"))}</p>`;
  return `<ul id="corr-games">` + N.games.map((g) =>
    `<li data-room="${esc(g.room)}" class="${g.my_turn ? "my-turn" : ""}">` +
    `<a href="${esc(g.link)}" data-token="${esc(g.token)}">${esc(t("nt_vs", { white: seatName(g.white), black: seatName(g.black) }))}</a> ` +
    `<span class="muted">${esc(g.clock)}</span> — ` +
    (g.my_turn ? `<b>${esc(t("nt_your_turn", { left: left(g.left_ms) }))}</b>` : esc(t("nt_their_turn", { left: left(g.left_ms) }))) +
    `</li>`).join("") + `</ul>`;
}

function noticesHtml() {
  const n = N.notices;
  if (!n) return `<p class="muted">${esc(t("nt_log_in"))}</p>`;
  const list = n.notifications.slice(0, 10).map((x) =>
    `<li class="${x.seen ? "" : "unseen"}" data-kind="${esc(x.kind)}"><a href="${esc(x.link)}">${esc(x.text)}</a></li>`).join("");
  return (list ? `<ul id="notice-list">${list}</ul>` : `<p class="muted">${esc(t("nt_none"))}</p>`) +
    (n.unseen ? `<button type="button" id="btn-seen">${esc(t("nt_mark_seen"))}</button>` : "");
}

function emailHtml() {
  const e = N.email;
  if (!e) return "";
  if (!e.mail.enabled) return `<p class="muted" id="mail-off">${esc(t("nt_mail_off"))}</p>`;
  const state = !e.address ? "" : !e.confirmed ? t("nt_mail_unconfirmed") : !e.subscribed ? t("nt_mail_unsubscribed") : t("nt_mail_on");
  return `<form id="email-form" class="row"><label>${esc(t("nt_mail"))} <input name="address" type="email" value="${esc(e.address || "")}" autocomplete="email"></label>` +
    ` <button type="submit">${esc(t("nt_mail_save"))}</button></form>` + (state ? `<p class="muted" id="mail-state">${esc(state)}</p>` : "");
}

function vacationHtml() {
  const v = N.vacation;
  if (!v) return "";
  const on = v.on_vacation ? ` <b>${esc(t("nt_on_vacation", { until: new Date(v.until).toLocaleDateString() }))}</b>` : "";
  return `<form id="vacation-form" class="row"><span>${esc(t("nt_vacation", { left: v.left, all: v.allowance }))}${on}</span> ` +
    `<input name="days" type="number" min="1" max="${v.left}" value="1" class="days-input"> <button type="submit" ${v.left && !v.on_vacation ? "" : "disabled"}>${esc(t("nt_take_vacation"))}</button></form>`;
}

function render() {
  const el = $("notices");
  if (!el) return;
  const badge = N.notices && N.notices.unseen ? ` <span class="badge" id="notice-badge">${N.notices.unseen}</span>` : "";
  el.innerHTML = `<h2>${esc(t("nt_title"))}${badge}</h2>` + noticesHtml() +
    `<h3>${esc(t("nt_games"))}</h3>` + gamesHtml() + emailHtml() + vacationHtml() +
    (N.msg ? `<p class="${N.bad ? "error" : "muted"}" id="notice-msg">${esc(N.msg)}</p>` : "");
}

async function refresh() {
  // At once, and drawn once (the home page's cards are in columns: a
  // card that grows late moves the others).
  const get = (path) => api("GET", path).then((v) => v, () => null);
  const [games, notices, email, vacation] = await Promise.all([
    get("/api/me/correspondence"), get("/api/me/notifications"), get("/api/me/email"), get("/api/me/vacation")]);
  N.games = games ? games.games : [];
  N.notices = notices;
  N.email = notices && email;
  N.vacation = notices && vacation;
  render();
}

function say(msg, bad) { N.msg = msg; N.bad = bad; render(); }

document.addEventListener("click", async (ev) => {
  const a = ev.target.closest && ev.target.closest("#corr-games a[data-token]");
  if (a) {
    // This player's own seat, kept as the page keeps seats, then opened.
    try { localStorage.setItem("trictrac.seat." + a.closest("li").dataset.room, a.dataset.token); } catch (e) { /* ignore */ }
    return;
  }
  if (ev.target.id === "btn-seen") {
    try { await api("POST", "/api/me/notifications/seen", {}); await refresh(); } catch (e) { say(e.message, true); }
  }
});

document.addEventListener("submit", async (ev) => {
  if (ev.target.id === "email-form") {
    ev.preventDefault();
    try {
      await api("POST", "/api/me/email", { address: ev.target.elements.address.value });
      N.msg = t("nt_mail_sent"); N.bad = false;
      await refresh();
    } catch (e) { say(e.message, true); }
  } else if (ev.target.id === "vacation-form") {
    ev.preventDefault();
    try {
      await api("POST", "/api/me/vacation", { days: Number(ev.target.elements.days.value) });
      N.msg = ""; await refresh();
    } catch (e) { say(e.message, true); }
  }
});

onLanguage(render);
// Logged in or out in the account card (account.js): look again (not
// when the card first learns who is there: the first look knew).
let who;
const card = $("account");
if (card && window.MutationObserver) {
  new MutationObserver(() => {
    const me = (window.__account || {}).me;
    if (!me) return;
    const name = me.name || null;
    if (who !== undefined && name !== who) refresh();
    who = name;
  }).observe(card, { childList: true, subtree: true });
}
refresh();
setInterval(refresh, 60000);
