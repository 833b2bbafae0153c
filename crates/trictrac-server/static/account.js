// The account box of the home page (issue 26): log in, register, log
// out; the finished games of this browser and of the account ("my
// games"), each with its replay, review and downloads. Without an
// account the server knows the browser by an anonymous identity (an
// HttpOnly cookie it sets itself); the seats this browser holds (the
// tokens kept in localStorage, "trictrac.seat.ROOM") are told to the
// server (POST /api/me/seats) so that their games are listed once over.
// Also exports the games list that the player page (player.js) shows,
// and the API helper it uses (api.js).

import { t, esc, $, addTexts, lang, resultLine, seatName } from "./i18n.js";
import { api } from "./api.js";
import "./bots.js"; // the Bot API card beside this box (issue 39)
import ACCOUNT_TEXTS from "./texts/account.json" with { type: "json" };

addTexts(ACCOUNT_TEXTS);

const A = { me: null, games: [], claimed: new Set(), msg: "", bad: false };
window.__account = A;

export { api };

function gameLabel(id) {
  const [base, pool] = String(id).split("/");
  const name = base === "backgammon" ? "Backgammon" : "Grand Trictrac";
  // The rating of the correspondence games ("backgammon/corr", issue 39).
  return pool === "corr" ? `${name} (${t("acc_corr")})` : name;
}

function day(secs) {
  // In the page's language (not the browser's: no US date on a French page).
  try { return new Date(secs * 1000).toLocaleDateString(lang() === "fr" ? "fr-FR" : "en-GB"); } catch (e) { return ""; }
}

/// The table of finished games, with their links (GET /api/me/games,
/// GET /api/players/NAME).
export function gamesTable(games, reviewed) {
  if (!games.length) return `<p class="muted">${esc(t("acc_no_games"))}</p>`;
  const rows = games.map((g) => {
    const l = g.links || {};
    const downloads = (l.downloads || []).map((d) => `<a href="${esc(d.url)}" download>.${esc(d.format)}</a>`).join(" ");
    return `<tr data-room="${esc(g.room)}"><td>${esc(gameLabel(g.game))}${g.rated ? ` <span class="muted">(${esc(t("acc_rated"))})</span>` : ""}` +
      `<br><span class="muted">${esc(day(g.finished))}</span></td>` +
      `<td>${esc(t("pl_vs", { white: seatName(g.white), black: seatName(g.black) }))}</td><td>${esc(resultLine(g.result))}` +
      (reviewed && reviewed.has(g.room) ? `<br><span class="muted pl-game-error">${esc(t("pl_game_error", { e: reviewed.get(g.room).error_rate.toFixed(1), unit: t("unit_" + reviewed.get(g.room).unit) }))}</span>` : "") + `</td>` +
      `<td><a href="${esc(l.replay)}">${esc(t("acc_replay"))}</a> · <a href="${esc(l.review)}">${esc(t("acc_review"))}</a> · ` +
      `<span title="${esc(t("acc_download"))}">${downloads}</span></td></tr>`;
  });
  return `<table class="acc-games"><tbody>${rows.join("")}</tbody></table>`;
}

// The seats of this browser not told to the server yet.
async function claimSeats() {
  const seats = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (!k || !k.startsWith("trictrac.seat.")) continue;
      const room = k.slice("trictrac.seat.".length);
      if (A.claimed.has(room)) continue;
      seats.push({ room, token: localStorage.getItem(k) || "" });
    }
  } catch (e) { return; }
  if (!seats.length) return;
  try {
    await api("POST", "/api/me/seats", { seats: seats.slice(0, 100) });
    for (const s of seats.slice(0, 100)) A.claimed.add(s.room);
  } catch (e) { /* listed later */ }
}

async function refresh() {
  try {
    A.me = await api("GET", "/api/me");
    const g = await api("GET", "/api/me/games");
    A.games = g.games || [];
  } catch (e) {
    A.msg = words(e.message); A.bad = true;
  }
  render();
}

function ratingsLine(me) {
  if (!me.ratings || !me.ratings.length) return t("acc_unrated");
  return me.ratings.map((r) => `${gameLabel(r.game)} ${t("acc_rating", { r: Math.round(r.rating), rd: Math.round(r.deviation) })}`).join(" · ");
}

function render() {
  const box = $("account");
  if (!box) return;
  const me = A.me || {};
  let top;
  if (me.name) {
    const page = "/player?name=" + encodeURIComponent(me.name);
    top = `<p id="acc-who">${esc(t("acc_logged_in", { name: me.name }))}</p>` +
      `<p class="muted" id="acc-ratings">${esc(ratingsLine(me))}</p>` +
      `<div class="buttons"><a href="${esc(page)}" id="acc-page">${esc(t("acc_my_page"))}</a>` +
      ` · <a href="/player">${esc(t("acc_leaderboards"))}</a>` +
      ` <button type="button" id="btn-logout">${esc(t("acc_logout"))}</button></div>`;
  } else {
    top = `<p class="muted">${esc(t("acc_anonymous"))}</p>` +
      `<form id="acc-form"><label class="row"><span>${esc(t("acc_name"))}</span>` +
      `<input name="name" maxlength="80" autocomplete="username" required placeholder="${esc(t("acc_name_rule"))}"></label>` +
      `<label class="row"><span>${esc(t("acc_password"))}</span>` +
      `<input name="password" type="password" maxlength="200" autocomplete="current-password" required></label>` +
      `<div class="buttons"><button type="submit" class="primary" id="btn-login">${esc(t("acc_login"))}</button>` +
      `<button type="button" id="btn-register">${esc(t("acc_register"))}</button>` +
      ` <a href="/player">${esc(t("acc_leaderboards"))}</a></div></form>`;
  }
  box.innerHTML = `<h2>${esc(t("acc_title"))}</h2>${top}` +
    `<p id="acc-msg" class="${A.bad ? "error" : "muted"}" role="status">${esc(A.msg)}</p>` +
    `<h3>${esc(t("acc_history"))}</h3><div id="acc-games">${gamesTable(A.games)}</div>`;
  const form = $("acc-form");
  if (form && A.typed) {
    form.elements.name.value = A.typed.name;
    form.elements.password.value = A.typed.password;
  }
  if (form) {
    // 3 to 20 characters, counted as the server counts them.
    const nm = form.elements.name;
    nm.addEventListener("input", () => {
      const n = [...nm.value.trim()].length;
      nm.setCustomValidity(n > 20 ? t("acc_name_long", { n }) : "");
    });
    form.addEventListener("submit", (ev) => { ev.preventDefault(); send("/api/login"); });
    $("btn-register").onclick = () => { if (form.reportValidity()) send("/api/accounts"); };
  }
  const out = $("btn-logout");
  if (out) out.onclick = async () => {
    try { await api("POST", "/api/logout"); A.msg = ""; A.bad = false; } catch (e) { A.msg = words(e.message); A.bad = true; }
    refresh();
  };
}

// The account API's messages the page knows, in the page's language.
const KNOWN = [
  [/^unknown name or wrong password$/, "acc_e_login"],
  [/^too many attempts: wait (\d+) seconds/, "acc_e_wait"],
  [/^a password has (\d+) to (\d+) characters$/, "acc_e_password"],
  [/^the name `([^`]*)` is taken/, "acc_e_taken"],
  [/^a name has (\d+) to (\d+) characters$/, "acc_e_length"],
  [/^a name has letters, digits, `_`, `-` and `\.` only \(not `(.*)`\)$/, "acc_e_char"],
  [/^a name starts with a letter or a digit$/, "acc_e_start"],
];
// A server's message in words: a known one in the page's language, else
// as it came, its `quoted` parts in quotation marks.
function words(m) {
  for (const [re, key] of KNOWN) {
    const x = re.exec(String(m));
    if (x) return t(key, { a: x[1], b: x[2] });
  }
  return String(m).replace(/`([^`]*)`/g, (x, q) => t("acc_quoted", { q }));
}

async function send(path) {
  const f = $("acc-form");
  const body = { name: f.elements.name.value.trim(), password: f.elements.password.value };
  try {
    await api("POST", path, body);
    A.msg = path === "/api/accounts" ? t("acc_registered") : ""; A.bad = false;
    A.typed = null;
  } catch (e) {
    A.msg = words(e.message); A.bad = true;
    // What was typed stays, to be corrected.
    A.typed = { name: f.elements.name.value, password: f.elements.password.value };
  }
  await claimSeats();
  refresh();
}

async function mount() {
  if (!$("account")) return;
  render();
  // Again whenever the page's shell (app.js) sets the language.
  new MutationObserver(render).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  await claimSeats();
  await refresh();
  // Games started from this page keep their seat tokens: told later.
  setInterval(() => { if (!document.hidden) claimSeats(); }, 15000);
}

mount();
