// The lobby on the home page (issue 26): open challenges anyone may
// accept, the bots' standing challenges and "play the bot" at any level,
// and the games in progress anyone may watch. The lists come live over
// the lobby's WebSocket (/ws/lobby, docs/PROTOCOL.md "Lobby"): the whole
// lobby first, then each change as it happens on any server instance
// sharing the database; no polling. A challenge posted here keeps its
// token in localStorage ("trictrac.seek.ID") and is held on the socket
// ("hold"): it stands while this page is on the home page (the server
// withdraws it a few seconds after the socket closes for good), and is
// withdrawn at once when the page leaves the home page. When someone
// accepts it the socket says so ("accepted": the room and this player's
// seat token), which is kept as every game of this browser is kept
// ("trictrac.seat.ROOM"), and the page goes to the game. The games
// offered come from /api/info: this module names none.

import { t, esc, $, addTexts, onLanguage, hasText, labelText } from "./i18n.js";
import { api } from "./api.js";
import { botBadge, isBot } from "./bots.js";
import LOBBY_TEXTS from "./texts/lobby.json" with { type: "json" };

addTexts(LOBBY_TEXTS);
// The lists are written in the page's language: drawn again when it
// changes (their words — match length, clock, rated — are not labels the
// shell translates).
onLanguage(() => { if (L.updates) render(); });

const PREFIX = "trictrac.seek.";
const L = { games: [], seeks: new Map(), live: new Map(), bots: [], ws: null, open: false, retry: 0, updates: 0 };
window.__lobby = L;

function store(op, key, value) {
  try {
    if (op === "get") return localStorage.getItem(key);
    if (op === "set") localStorage.setItem(key, value);
    if (op === "del") localStorage.removeItem(key);
  } catch (e) { /* private mode: the lobby still lists */ }
  return null;
}

// The challenges this browser posted: { id: token }.
function mine() {
  const out = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.startsWith(PREFIX)) out[k.slice(PREFIX.length)] = localStorage.getItem(k);
    }
  } catch (e) { /* ignore */ }
  return out;
}

function myName() {
  const f = $("new-game");
  const n = (f && f.elements.name && f.elements.name.value) || store("get", "trictrac.name") || "";
  return n.trim();
}

function say(text, bad) {
  const el = $("lobby-msg");
  if (!el) return;
  el.textContent = text || "";
  el.classList.toggle("error", !!bad);
}

// Into the game: the seat token kept as the page keeps every game's.
function enter(room, token, side) {
  store("set", "trictrac.seat." + room, token);
  if (side) store("set", "trictrac.side." + room, side);
  location.href = "/?room=" + encodeURIComponent(room) + (location.search.includes("lang=en") ? "&lang=en" : "");
}

function gameName(id) {
  const g = L.games.find((x) => x.id === id);
  return g ? g.name : id;
}

// A bot's level in the page's words, as the new-game form and the game
// name it (the server's English word when the page has none).
function levelName(game, bot, level) {
  if (game === "backgammon" && hasText("level_bg_" + bot)) return t("level_bg_" + bot);
  return hasText("level_" + bot) ? t("level_" + bot) : level;
}

function score(s) {
  // 0–0 is a score too (a backgammon match just begun).
  if (!s || s.white == null || s.black == null) return "";
  const part = (x) => (typeof x === "object" ? (x.holes != null ? x.holes + "·" + x.points : x.points) : x);
  return part(s.white) + " – " + part(s.black);
}

function render() {
  const own = mine();
  const seeks = [...L.seeks.values()].sort((a, b) => (b.created - a.created) || (a.id < b.id ? -1 : 1));
  $("lobby-seeks").innerHTML = seeks.length === 0 ? `<p class="muted" data-i18n="lobby_none">${esc(t("lobby_none"))}</p>` :
    "<ul>" + seeks.map((s) => {
      const match = (s.match ? " · " + esc(t("lobby_match_n", { n: s.match })) : "") + `<span class="lobby-clock">${esc(clockText(s.clock))}</span>` +
        (s.rated ? ` · <span class="lobby-rated">${esc(t("lobby_rated_tag"))}</span>` : "");
      const button = own[s.id] ?
        `<span class="muted" data-i18n="lobby_yours">${esc(t("lobby_yours"))}</span> <button type="button" data-cancel="${esc(s.id)}" data-i18n="lobby_cancel">${esc(t("lobby_cancel"))}</button>` :
        `<button type="button" class="primary" data-accept="${esc(s.id)}" data-i18n="lobby_accept">${esc(t("lobby_accept"))}</button>`;
      return `<li data-seek="${esc(s.id)}"><b>${esc(s.name)}</b>${s.bot ? botBadge() : ""} · ${esc(gameName(s.game))}${match}` +
        ` <span class="muted rules">${esc(s.rules)}</span> ${button}</li>`;
    }).join("") + "</ul>";
  const bots = $("lobby-bots");
  if (bots) {
    bots.innerHTML = L.bots.length === 0 ? "" :
      "<ul>" + L.bots.map((b) => `<li data-bot="${esc(b.id)}"><b><span data-i18n="lobby_bot_name">${esc(t("lobby_bot_name"))}</span>, ${esc(levelName(b.game, b.bot, b.level))}</b> · ${esc(gameName(b.game))}` +
        ` <span class="muted" data-i18n="lobby_bot_always">${esc(t("lobby_bot_always"))}</span>` +
        ` <button type="button" class="primary" data-accept="${esc(b.id)}" data-i18n="lobby_accept">${esc(t("lobby_accept"))}</button></li>`).join("") + "</ul>";
  }
  const live = [...L.live.values()].sort((a, b) => (b.created - a.created) || (a.room < b.room ? -1 : 1));
  $("lobby-live").innerHTML = live.length === 0 ? `<p class="muted" data-i18n="lobby_no_live">${esc(t("lobby_no_live"))}</p>` :
    "<ul>" + live.map((g) => `<li data-live="${esc(g.room)}">${esc(gameName(g.game))}: <b>${esc(g.white)}</b>${isBot(g.white) ? botBadge() : ""} – <b>${esc(g.black)}</b>${isBot(g.black) ? botBadge() : ""}` +
      ` <span class="muted lobby-score">${esc([score(g.score), t("spectators", { n: g.spectators || 0 })].filter(Boolean).join(" · "))}</span>` +
      ` <a href="/?room=${encodeURIComponent(g.room)}&watch=1" data-i18n="lobby_watch">${esc(t("lobby_watch"))}</a></li>`).join("") + "</ul>";
  botLevels();
}

// "Play the bot": the levels of the game chosen, weakest first.
function botLevels() {
  const f = $("lobby-bot-form");
  if (!f || L.bots.length === 0) return;
  const games = f.elements.game, levels = f.elements.bot;
  if (games.options.length !== L.bots.length) {
    games.innerHTML = L.bots.map((b) => `<option value="${esc(b.id)}">${esc(gameName(b.game))}</option>`).join("");
  }
  const b = L.bots.find((x) => x.id === games.value) || L.bots[0];
  const key = b.id + "/" + t("lobby_bot_level");
  if (levels.dataset.game !== key) {
    const chosen = levels.dataset.game && levels.dataset.game.startsWith(b.id + "/") ? levels.value : b.bot;
    levels.dataset.game = key;
    levels.innerHTML = b.levels.map((l) => `<option value="${esc(l.bot)}"${l.bot === chosen ? " selected" : ""}>${esc(levelName(b.game, l.bot, l.level))}</option>`).join("");
  }
}

// One message of the lobby's socket.
function onMessage(m) {
  if (m.type === "lobby") {
    L.seeks = new Map((m.seeks || []).map((s) => [s.id, s]));
    L.live = new Map((m.live || []).map((g) => [g.room, g]));
    L.bots = m.bots || [];
    L.updates++;
    render();
  } else if (m.type === "lobby_diff") {
    for (const s of m.seeks || []) L.seeks.set(s.id, s);
    for (const id of m.gone || []) L.seeks.delete(id);
    for (const g of m.live || []) L.live.set(g.room, g);
    for (const r of m.ended || []) L.live.delete(r);
    L.updates++;
    render();
  } else if (m.type === "accepted") {
    store("del", PREFIX + m.seek);
    if (m.room && m.token) enter(m.room, m.token, m.side);
  } else if (m.type === "closed") {
    store("del", PREFIX + m.seek);
    render();
  } else if (m.type === "error") {
    say(m.message, true);
  }
}

// The lobby's socket: open while the home page shows, opened again after
// a loss (its challenges held again on the new one).
function connect() {
  const home = $("home");
  if (L.ws || (home && home.hidden)) return;
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/lobby");
  L.ws = ws;
  ws.onopen = () => {
    L.open = true;
    L.retry = 0;
    for (const [id, token] of Object.entries(mine())) hold(id, token);
  };
  ws.onmessage = (ev) => {
    let m;
    try { m = JSON.parse(ev.data); } catch (e) { return; }
    onMessage(m);
  };
  ws.onclose = () => {
    L.ws = null;
    L.open = false;
    const h = $("home");
    if (!h || !h.hidden) setTimeout(connect, Math.min(5000, 300 * 2 ** L.retry++));
  };
}

function hold(id, token) {
  if (L.ws && L.open) L.ws.send(JSON.stringify({ type: "hold", seek: id, token }));
}

// A challenge stands while its poster is on the home page: leaving it
// (another game, another page, closing it) withdraws his open challenges.
function withdrawAll() {
  for (const [id, token] of Object.entries(mine())) {
    store("del", PREFIX + id);
    fetch("/api/seeks/" + encodeURIComponent(id) + "?token=" + encodeURIComponent(token), { method: "DELETE", keepalive: true, headers: { "Content-Type": "application/json" } })
      .catch(() => { /* gone already */ });
  }
}

// The lobby's socket closed for good (not opened again on its close).
function disconnect() {
  if (!L.ws) return;
  const ws = L.ws;
  L.ws = null;
  L.open = false;
  ws.onclose = null;
  ws.close();
}

// The home page shown or hidden (the game took its place, or came back).
function homeChanged() {
  const home = $("home");
  if (!home) return;
  if (home.hidden) {
    withdrawAll();
    disconnect();
  } else {
    connect();
  }
}

// The clock chosen in the form ("move:S" or "total:M:I"), as the API
// takes it (docs/PROTOCOL.md), or none.
function clockOf(v) {
  const [kind, a, b] = String(v || "").split(":");
  if (kind === "move") return { kind, seconds: Number(a) };
  if (kind === "total") return { kind, minutes: Number(a), increment: Number(b) };
  if (kind === "days") return { kind, days: Number(a) };
  return null;
}
// A seek's clock in words.
function clockText(c) {
  if (!c) return "";
  if (c.kind === "days") return " · " + t("lobby_clock_days", { d: c.days });
  return " · " + (c.kind === "move" ? t("lobby_clock_move", { s: c.seconds }) : t("lobby_clock_total", { m: c.minutes, i: c.increment }));
}

// The form's rows for the game chosen, from its descriptor in /api/info:
// its lobby settings (backgammon's "Match to"), its option words' example
// and help. Every game's rows are made once, those of the others hidden.
function settingRows(f) {
  if (f.dataset.settings === "made") return;
  f.dataset.settings = "made";
  const after = f.elements.rules.closest("label");
  let at = after;
  for (const g of L.games) {
    for (const s of (g.settings || []).filter((x) => x.lobby)) {
      const row = document.createElement("label");
      row.className = "row";
      row.dataset.settingGame = g.id;
      row.dataset.key = s.key;
      row.innerHTML = `<span>${esc(labelText(s.label))}</span> <select name="${esc(s.key)}">` +
        s.choices.map((c) => `<option value="${esc(c.value)}"${c.value === s.default ? " selected" : ""}>${esc(labelText(c.label))}</option>`).join("") +
        `</select>`;
      at.after(row);
      at = row;
    }
  }
}

function formRows() {
  const f = $("lobby-form");
  if (!f) return;
  settingRows(f);
  const id = f.elements.game.value;
  const g = L.games.find((x) => x.id === id) || {};
  for (const row of f.querySelectorAll("[data-setting-game]")) {
    row.hidden = row.dataset.settingGame !== id;
    const s = ((L.games.find((x) => x.id === row.dataset.settingGame) || {}).settings || []).find((x) => x.key === row.dataset.key);
    if (s) row.querySelector("span").textContent = labelText(s.label);
  }
  f.elements.rules.placeholder = g.words_example || "";
  let expl = $("lobby-rules-expl");
  if (!expl) {
    expl = document.createElement("p");
    expl.id = "lobby-rules-expl";
    expl.className = "expl muted";
    f.elements.rules.closest("label").after(expl);
  }
  expl.textContent = g.words_help ? labelText(g.words_help) : "";
}

// The option words of the game chosen: the words typed, then those of
// its lobby settings' choices.
function formWords(f) {
  const id = f.elements.game.value;
  const g = L.games.find((x) => x.id === id) || {};
  const words = [f.elements.rules.value.trim()];
  for (const s of (g.settings || []).filter((x) => x.lobby)) {
    const sel = f.querySelector(`[data-setting-game="${CSS.escape(id)}"][data-key="${CSS.escape(s.key)}"] select`);
    const c = sel && s.choices.find((x) => x.value === sel.value);
    if (c && c.words) words.push(c.words);
  }
  return words.filter(Boolean).join(" ");
}

async function post(ev) {
  ev.preventDefault();
  const f = $("lobby-form");
  const body = {
    game: f.elements.game.value,
    rules: formWords(f),
    rated: !!(f.elements.rated && f.elements.rated.checked),
    name: myName(),
  };
  const clock = clockOf(f.elements.clock ? f.elements.clock.value : "");
  if (clock) body.clock = clock;
  try {
    const v = await api("POST", "/api/seeks", body);
    store("set", PREFIX + v.id, v.token);
    hold(v.id, v.token);
    say(t("lobby_posted"));
    render();
  } catch (e) {
    say(e.message, true);
  }
}

async function click(ev) {
  const b = ev.target.closest("button");
  if (!b) return;
  if (b.dataset.accept) {
    const own = Object.values(mine())[0];
    await accept(b.dataset.accept, { name: myName(), token: own });
  } else if (b.dataset.cancel) {
    const id = b.dataset.cancel;
    try {
      await api("DELETE", "/api/seeks/" + encodeURIComponent(id) + "?token=" + encodeURIComponent(mine()[id] || ""));
    } catch (e) {
      say(e.message, true);
    }
    store("del", PREFIX + id);
    render();
  }
}

// Accepts a challenge (a player's, or a bot's standing one): into the game.
async function accept(id, body) {
  try {
    const v = await api("POST", "/api/seeks/" + encodeURIComponent(id) + "/accept", body);
    enter(v.room, v.token, v.side);
  } catch (e) {
    say(e.message, true);
  }
}

// "Play the bot" at the level chosen.
async function playBot(ev) {
  ev.preventDefault();
  const f = $("lobby-bot-form");
  await accept(f.elements.game.value, { name: myName(), bot: f.elements.bot.value });
}

// The bots' part of the lobby, made here (the page's shell names no
// lobby detail): their standing challenges, and "play the bot".
function botPart() {
  const seeks = $("lobby-seeks");
  const list = document.createElement("div");
  list.id = "lobby-bots";
  seeks.after(list);
  const f = document.createElement("form");
  f.id = "lobby-bot-form";
  f.className = "row";
  f.innerHTML = `<span data-i18n="lobby_play_bot">${esc(t("lobby_play_bot"))}</span> <select name="game" aria-label="${esc(t("lobby_game"))}"></select>` +
    ` <select name="bot" aria-label="${esc(t("lobby_bot_level"))}"></select>` +
    ` <button type="submit" id="btn-lobby-bot" data-i18n="lobby_play_bot_btn">${esc(t("lobby_play_bot_btn"))}</button>`;
  list.after(f);
  f.elements.game.addEventListener("change", botLevels);
  f.addEventListener("submit", playBot);
}

async function start() {
  if (!$("lobby-form")) return;
  try {
    const info = await api("GET", "/api/info");
    L.games = info.games || [];
  } catch (e) { /* the list shows the ids */ }
  const sel = $("lobby-form").elements.game;
  sel.innerHTML = L.games.map((g) => `<option value="${esc(g.id)}">${esc(g.name)}</option>`).join("");
  botPart();
  $("lobby-form").addEventListener("submit", post);
  sel.addEventListener("change", formRows);
  formRows();
  onLanguage(formRows);
  $("lobby").addEventListener("click", click);
  window.addEventListener("pagehide", () => {
    withdrawAll();
    // Not kept open in the back-forward cache: gone is gone.
    disconnect();
  });
  window.addEventListener("pageshow", (ev) => { if (ev.persisted) connect(); });
  const home = $("home");
  if (home) new MutationObserver(homeChanged).observe(home, { attributes: true, attributeFilter: ["hidden"] });
  connect();
}

start();
