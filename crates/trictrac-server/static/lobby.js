// The lobby on the home page (issue 26, first slice): open challenges
// anyone may accept, and the games in progress anyone may watch. The
// lists come from GET /api/lobby every two seconds while the home page
// shows (so they follow every server instance sharing the database). A
// challenge posted here keeps its token in localStorage
// ("trictrac.seek.ID") and is withdrawn when the page leaves the home
// page; when someone accepts it, this page learns of the
// room (GET /api/seeks/ID?token=…), keeps its seat token as every game of
// this browser is kept ("trictrac.seat.ROOM") and goes to the game. The
// games offered come from /api/info: this module names none.

import { t, esc, $, addTexts } from "./i18n.js";
import LOBBY_TEXTS from "./texts/lobby.json" with { type: "json" };

addTexts(LOBBY_TEXTS);

const PREFIX = "trictrac.seek.";
const L = { games: [], last: null, busy: false };
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

async function call(method, path, body) {
  const r = await fetch(path, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let v = {};
  try { v = await r.json(); } catch (e) { /* not JSON */ }
  if (!r.ok) throw new Error(v.error || r.status + " " + r.statusText);
  return v;
}

function gameName(id) {
  const g = L.games.find((x) => x.id === id);
  return g ? g.name : id;
}

function score(s) {
  if (!s || !s.white) return "";
  const part = (x) => (typeof x === "object" ? (x.holes != null ? x.holes + "·" + x.points : x.points) : x);
  return part(s.white) + " – " + part(s.black);
}

function render(v) {
  const own = mine();
  const seeks = v.seeks || [];
  $("lobby-seeks").innerHTML = seeks.length === 0 ? `<p class="muted">${esc(t("lobby_none"))}</p>` :
    "<ul>" + seeks.map((s) => {
      const match = s.match ? " · " + esc(t("lobby_match_n", { n: s.match })) : "";
      const button = own[s.id] ?
        `<span class="muted">${esc(t("lobby_yours"))}</span> <button type="button" data-cancel="${esc(s.id)}">${esc(t("lobby_cancel"))}</button>` :
        `<button type="button" class="primary" data-accept="${esc(s.id)}">${esc(t("lobby_accept"))}</button>`;
      return `<li data-seek="${esc(s.id)}"><b>${esc(s.name)}</b> · ${esc(gameName(s.game))}${match}` +
        ` <span class="muted rules">${esc(s.rules)}</span> ${button}</li>`;
    }).join("") + "</ul>";
  const live = v.live || [];
  $("lobby-live").innerHTML = live.length === 0 ? `<p class="muted">${esc(t("lobby_no_live"))}</p>` :
    "<ul>" + live.map((g) => `<li data-live="${esc(g.room)}">${esc(gameName(g.game))}: <b>${esc(g.white)}</b> – <b>${esc(g.black)}</b>` +
      ` <span class="muted">${esc(score(g.score))}${g.spectators ? " · " + esc(t("spectators", { n: g.spectators })) : ""}</span>` +
      ` <a href="/?room=${encodeURIComponent(g.room)}&watch=1">${esc(t("lobby_watch"))}</a></li>`).join("") + "</ul>";
}

// The poster's page follows his accepted challenges into their game.
async function follow() {
  for (const [id, token] of Object.entries(mine())) {
    let v;
    try {
      v = await call("GET", "/api/seeks/" + encodeURIComponent(id) + "?token=" + encodeURIComponent(token));
    } catch (e) {
      store("del", PREFIX + id);
      continue;
    }
    if (v.state === "taken" && v.room && v.token) {
      store("del", PREFIX + id);
      enter(v.room, v.token, v.side);
      return true;
    }
    if (v.state !== "open" && v.state !== "taken") store("del", PREFIX + id);
  }
  return false;
}

// A challenge stands while its poster is on the home page: leaving it
// (another game, another page, closing it) withdraws his open challenges.
function withdrawAll() {
  for (const [id, token] of Object.entries(mine())) {
    store("del", PREFIX + id);
    fetch("/api/seeks/" + encodeURIComponent(id) + "?token=" + encodeURIComponent(token), { method: "DELETE", keepalive: true })
      .catch(() => { /* gone already */ });
  }
}

async function tick() {
  const home = $("home");
  if (home && home.hidden) withdrawAll();
  if (L.busy || !home || home.hidden) return;
  L.busy = true;
  try {
    if (await follow()) return;
    const v = await call("GET", "/api/lobby");
    L.last = v;
    render(v);
  } catch (e) {
    /* the server is away: the next tick tries again */
  } finally {
    L.busy = false;
  }
}

async function post(ev) {
  ev.preventDefault();
  const f = $("lobby-form");
  const body = {
    game: f.elements.game.value,
    rules: f.elements.rules.value.trim(),
    match: Number(f.elements.match.value) || 0,
    rated: false,
    name: myName(),
  };
  try {
    const v = await call("POST", "/api/seeks", body);
    store("set", PREFIX + v.id, v.token);
    say(t("lobby_posted"));
    tick();
  } catch (e) {
    say(e.message, true);
  }
}

async function click(ev) {
  const b = ev.target.closest("button");
  if (!b) return;
  if (b.dataset.accept) {
    const own = Object.values(mine())[0];
    try {
      const v = await call("POST", "/api/seeks/" + encodeURIComponent(b.dataset.accept) + "/accept", { name: myName(), token: own });
      enter(v.room, v.token, v.side);
    } catch (e) {
      say(e.message, true);
      tick();
    }
  } else if (b.dataset.cancel) {
    const id = b.dataset.cancel;
    try {
      await call("DELETE", "/api/seeks/" + encodeURIComponent(id) + "?token=" + encodeURIComponent(mine()[id] || ""));
    } catch (e) {
      say(e.message, true);
    }
    store("del", PREFIX + id);
    tick();
  }
}

async function start() {
  if (!$("lobby-form")) return;
  try {
    const info = await call("GET", "/api/info");
    L.games = (info.games || []).map((g) => ({ id: g.id, name: g.name }));
  } catch (e) { /* the list shows the ids */ }
  const sel = $("lobby-form").elements.game;
  sel.innerHTML = L.games.map((g) => `<option value="${esc(g.id)}">${esc(g.name)}</option>`).join("");
  $("lobby-form").addEventListener("submit", post);
  $("lobby").addEventListener("click", click);
  window.addEventListener("pagehide", withdrawAll);
  tick();
  setInterval(tick, 2000);
}

start();
