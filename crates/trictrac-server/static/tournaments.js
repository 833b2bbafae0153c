// The tournaments page (/tournaments, issue 39 item 3): the list, the
// form to create one, and with ?id=CODE one tournament live — its
// standings and, for a knock-out, its bracket — from the server's
// socket /ws/tournaments/CODE (docs/PROTOCOL.md, "Tournaments"): the
// whole tournament first, then only what changed. A player of it gets
// his games' seats there too; the page keeps the seat's token where the
// game page looks for it (`trictrac.seat.ROOM`) and links to the game.

import { t, esc, $, lang, pageLanguage, addTexts } from "./i18n.js";
import { api } from "./api.js";
import TN_TEXTS from "./texts/tournaments.json" with { type: "json" };

addTexts(TN_TEXTS);

const GAMES = { trictrac: "Grand Trictrac", backgammon: "Backgammon" };
// The page's state, read by the tests: the list, the tournament shown,
// its standings by name and games by round-slot, the game to play.
const T = { list: [], id: null, tournament: null, standings: {}, games: {}, joined: false, me: null, myGame: null, messages: 0, fulls: 0 };
window.__tournaments = T;

const when = (s) => new Date(s * 1000).toLocaleString(lang(), { dateStyle: "short", timeStyle: "short" });
const stateWord = (s) => t("tn_" + s);
const kindWord = (k) => t(k === "arena" ? "tn_arena" : "tn_knockout");
const link = (id) => `/tournaments?id=${encodeURIComponent(id)}`;

function renderList() {
  const rows = T.list.map((x) => `<tr data-id="${esc(x.id)}"><td><a href="${link(x.id)}">${esc(x.name)}</a></td>` +
    `<td>${esc(GAMES[x.game] || x.game)}</td><td>${esc(kindWord(x.kind))}</td><td>${esc(stateWord(x.state))}</td>` +
    `<td>${esc(when(x.starts))}</td><td>${x.players} / ${x.max_players}</td></tr>`);
  $("tn-list").querySelector("tbody").innerHTML = rows.join("");
  $("tn-none").hidden = T.list.length > 0;
}

function renderOne() {
  const x = T.tournament;
  if (!x) return;
  $("tn-one").hidden = false;
  $("tn-title").textContent = x.name;
  const info = [GAMES[x.game] || x.game, kindWord(x.kind), x.rules, stateWord(x.state), when(x.starts), t("tn_by", { name: x.creator })];
  if (x.ends) info.push(t("tn_ends", { time: when(x.ends) }));
  if (x.winner) info.push(t("tn_winner", { name: x.winner }));
  $("tn-info").textContent = info.filter(Boolean).join(" · ");
  const open = x.state === "waiting" || (x.state === "running" && x.kind === "arena");
  $("tn-join").hidden = !T.me || T.joined || !open;
  $("tn-withdraw").hidden = !T.me || !T.joined || !open;
  $("tn-start").hidden = !T.me || T.me !== x.creator || x.state !== "waiting";
  const play = $("tn-play");
  play.hidden = !T.myGame;
  if (T.myGame) play.href = `/?room=${encodeURIComponent(T.myGame.room)}`;
  const rows = Object.values(T.standings).sort((a, b) => a.rank - b.rank).map((p) => {
    const marks = [p.fire ? t("tn_fire") : "", p.withdrawn ? t("tn_out") : ""].filter(Boolean).join(", ");
    const watch = p.playing ? ` <a href="/?room=${encodeURIComponent(p.playing)}">▶</a>` : "";
    return `<tr data-name="${esc(p.name)}"><td>${p.rank}</td><td><a href="/player?name=${encodeURIComponent(p.name)}">${esc(p.name)}</a>${watch}</td>` +
      `<td class="tn-points">${p.points}</td><td>${p.games}</td><td>${p.wins}</td><td class="muted">${esc(marks)}</td></tr>`;
  });
  $("tn-standings").querySelector("tbody").innerHTML = rows.join("");
  renderBracket();
}

function renderBracket() {
  const ko = T.tournament.kind === "knockout";
  $("tn-bracket-box").hidden = !ko;
  if (!ko) return;
  const games = Object.values(T.games);
  const rounds = [...new Set(games.map((g) => g.round))].sort((a, b) => a - b);
  const last = Math.log2(Math.max(2, 2 * games.filter((g) => g.round === 1).length));
  $("tn-bracket").innerHTML = rounds.map((r) => {
    const items = games.filter((g) => g.round === r).sort((a, b) => a.slot - b.slot).map((g) => {
      const who = (n) => (n ? (n === g.winner ? `<strong>${esc(n)}</strong>` : esc(n)) : "");
      const vs = g.state === "bye" ? `${who(g.white)} — ${esc(t("tn_bye"))}` : `${who(g.white)} – ${who(g.black)}`;
      const room = g.room ? ` <a href="/?room=${encodeURIComponent(g.room)}">▶</a>` : "";
      return `<li data-round="${r}" data-slot="${g.slot}">${vs}${room}</li>`;
    });
    return `<h4>${esc(r === last ? t("tn_final") : t("tn_round", { n: r }))}</h4><ol class="tn-round">${items.join("")}</ol>`;
  }).join("");
}

function render() {
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  document.documentElement.lang = lang();
  $("lang-fr").classList.toggle("active", lang() === "fr");
  $("lang-en").classList.toggle("active", lang() === "en");
  $("tn-login").hidden = !!T.me;
  $("tn-form").hidden = !T.me;
  renderList();
  renderOne();
}

/// A message of the tournament's socket: the whole tournament, a change,
/// or the seat of one's own game.
function onMessage(m) {
  T.messages++;
  if (m.type === "tournament_game") {
    try { localStorage.setItem(`trictrac.seat.${m.room}`, m.token); } catch (e) { /* private mode */ }
    T.myGame = m;
  } else if (m.type === "tournament") {
    if (m.full) { T.fulls++; T.standings = {}; T.games = {}; }
    if (m.tournament) {
      T.tournament = m.tournament;
      // The list's line of it too (its players, its state).
      T.list = T.list.map((x) => (x.id === m.tournament.id ? m.tournament : x));
      renderList();
    }
    for (const p of m.standings || []) T.standings[p.name] = p;
    for (const n of m.gone || []) delete T.standings[n];
    for (const g of m.games || []) T.games[`${g.round}-${g.slot}`] = g;
    if (T.myGame && !Object.values(T.games).some((g) => g.room === T.myGame.room && g.state === "playing")) T.myGame = null;
  } else return;
  renderOne();
}

function connect(id) {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tournaments/${encodeURIComponent(id)}`);
  ws.onmessage = (e) => { try { onMessage(JSON.parse(e.data)); } catch (err) { console.error(err); } };
  ws.onclose = () => { setTimeout(() => connect(id), 2000); };
  T.socket = ws;
}

async function loadList() {
  try { T.list = (await api("GET", "/api/tournaments")).tournaments; } catch (e) { T.list = []; }
  renderList();
}

async function loadOne() {
  try {
    const v = await api("GET", `/api/tournaments/${encodeURIComponent(T.id)}`);
    T.joined = !!v.joined;
    if (!T.tournament) T.tournament = v.tournament;
    renderOne();
  } catch (e) { $("tn-one-error").textContent = e.message; }
}

/// A button's request: the error shown, or the tournament read again.
async function act(path) {
  $("tn-one-error").textContent = "";
  try { await api("POST", path, {}); } catch (e) { $("tn-one-error").textContent = e.message; return; }
  await loadOne();
  await loadList();
}

async function create(ev) {
  ev.preventDefault();
  $("tn-error").textContent = "";
  const kind = $("tn-f-kind").value;
  const body = {
    name: $("tn-f-name").value, game: $("tn-f-game").value, kind,
    rules: $("tn-f-rules").value, match: Number($("tn-f-match").value) || 0,
    rated: $("tn-f-rated").checked, max_players: Number($("tn-f-max").value) || undefined,
    starts: Math.floor(Date.now() / 1000) + 60 * (Number($("tn-f-in").value) || 0),
  };
  if (kind === "arena") body.minutes = Number($("tn-f-minutes").value);
  try {
    const v = await api("POST", "/api/tournaments", body);
    location.href = link(v.id);
  } catch (e) { $("tn-error").textContent = e.message; }
}

async function init() {
  const params = new URLSearchParams(location.search);
  pageLanguage(params, render);
  const kind = () => {
    $("tn-f-minutes-box").hidden = $("tn-f-kind").value !== "arena";
    $("tn-f-match-box").hidden = $("tn-f-game").value !== "backgammon";
  };
  $("tn-f-kind").onchange = kind;
  $("tn-f-game").onchange = kind;
  kind();
  $("tn-form").onsubmit = create;
  try { T.me = (await api("GET", "/api/me")).name; } catch (e) { T.me = null; }
  T.id = params.get("id");
  if (T.id) {
    $("tn-join").onclick = () => act(`/api/tournaments/${encodeURIComponent(T.id)}/join`);
    $("tn-withdraw").onclick = () => act(`/api/tournaments/${encodeURIComponent(T.id)}/withdraw`);
    $("tn-start").onclick = () => act(`/api/tournaments/${encodeURIComponent(T.id)}/start`);
    await loadOne();
    connect(T.id);
  }
  render();
  await loadList();
  T.ready = true;
}

init();
