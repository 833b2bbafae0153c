// The page's shell: the connection and the protocol of docs/PROTOCOL.md,
// the home page (new game, join, the games of this browser, the finished
// games), the invitation, rooms and seats, the status line, the common
// buttons, the history list, errors, the hint button, the replay, and the
// move input (select or drag a checker, then its destination). What a
// game draws and says is in its module, games/<id>.js, chosen by the
// state's `game`; each has the same interface (see `create` there). Plain
// ES modules, no build step; the server is the authority and this page
// only sends intentions.

import { t, esc, lang, setLanguage, sideName, $ } from "./i18n.js";
import { R } from "./board.js";
import { initKeys, labelKeys } from "./keys.js";
import { createMotion } from "./motion.js";
import { createRematch } from "./rematch.js";
import { createFigures } from "./figures.js";
import { nameLimits, toast } from "./ui.js";
import { createClocks } from "./clocks.js";
import { createTutor } from "./tutor.js";
import { createHome } from "./home.js";
import { createForms } from "./forms.js";
import PAGE_GAMES from "./games.js";
import * as fair from "./fair.js";
import { botMark } from "./bots.js";

// The page's state. Only this module writes it; the game modules read it
// (and the move input's `steps` and `selected`) through `app` below.
const S = {
  ws: null,
  online: false,
  joinMsg: null,
  queue: [],
  room: null,
  token: null,
  seats: [],
  role: null,
  state: null,
  history: [],
  steps: [],          // the moves made so far of the play being made
  selected: null,     // the field whose checker is picked up
  busy: false,        // an action sent, not answered yet
  hint: null,
  drag: null,
  info: null,
  retry: 500,
  replay: null,       // { i, frames } while stepping through the history
  next: null,         // the state of a match's next game, while the last game's end is shown
  invited: null,      // the room summary shown to an invited friend
  resignAsk: false,
  ui: {},             // each game module's own state, by game (for tests)
};

// What the game modules may use of the shell.
const app = {
  S,
  act, send, render, toast, myTurn, canMove, bottomSide, who, boardState,
  movableFrom, destsFrom, startReplay, replayGo, showGame,
};

// Moves and sound (motion.js), the rematch (rematch.js), clocks (clocks.js).
const motion = createMotion(S);
const rematch = createRematch(app);
const figures = createFigures(() => { if (S.state) renderPanel(); });
const clocks = createClocks(app);
// The tutor of a game against the bot (tutor.js, issue 40).
const tutor = createTutor(app);

// The games (games.js) by id, the default first, and their own sections.
const GAMES = {};
for (const m of PAGE_GAMES) {
  const g = m.create(app);
  GAMES[g.id] = g;
  S.ui[g.id] = g.ui;
  if (g.sectionsHtml) $("game").insertAdjacentHTML("beforebegin", g.sectionsHtml);
}
// The home page's lists: the games of this browser, the finished games.
const { loadMine, loadFinished, showGames } = createHome(GAMES);
// The new-game and join forms, and an invited friend's seat (forms.js).
const {
  formGame, newGame, joinGame, fillBots, updateFormRows, offerSeat, showInvitation, acceptInvitation,
} = createForms({ S, GAMES, send, setTitle });
// The game of the room shown (the default game until a state says).
function game() { return (S.state && GAMES[S.state.game]) || Object.values(GAMES)[0]; }

// For tests and curious players: the page's state, and a few of its functions.
window.__trictrac = S;
window.__trictracPage = { act, movableFrom, renderBoard, onMessage, nextGame, tutor: tutor.T };

function setLang(l) {
  setLanguage(l);
  try { localStorage.setItem("trictrac.lang", lang()); } catch (e) { /* private mode */ }
  document.documentElement.lang = lang();
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  $("lang-fr").classList.toggle("active", lang() === "fr");
  $("lang-en").classList.toggle("active", lang() === "en");
  if (S.state) render();
  if (S.info) fillBots(formGame());
  motion.renderToggle();
  nameLimits();
  labelKeys(t);
  loadFinished();
  loadMine();
  if (S.invited) showInvitation();
}

// The header names the game shown.
function setTitle(title, id) {
  document.querySelector("header .brand span").textContent = title;
  if (id) $("howto-link").href = "/howto/" + id;
}

// ------------------------------------------------------------- protocol
function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  S.ws = ws;
  ws.onopen = () => {
    S.online = true;
    S.retry = 500;
    if (S.joinMsg) ws.send(JSON.stringify(S.joinMsg));
    const q = S.queue; S.queue = [];
    q.forEach((m) => ws.send(JSON.stringify(m)));
    if (S.state) render();
  };
  ws.onmessage = (ev) => {
    let m;
    try { m = JSON.parse(ev.data); } catch (e) { return; }
    onMessage(m);
  };
  ws.onclose = () => {
    S.online = false;
    S.busy = false;
    if (S.state) renderStatus();
    setTimeout(connect, S.retry);
    S.retry = Math.min(S.retry * 2, 8000);
  };
}

function send(m) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(m));
  else S.queue.push(m);
}

// `direct`: not held for the tutor's judgement (it judged it already).
function act(m, direct) {
  if (S.busy || !S.state) return;
  if (!direct && tutor.intercept(m)) return;
  m.seq = S.state.seq;
  S.busy = true;
  send(m);
  renderButtons();
}

// The next game of a match, after its last game's end was looked at.
function nextGame() {
  if (!S.next) return;
  S.state = S.next;
  S.next = null;
  Object.assign(S, { steps: [], selected: null, hint: null, busy: false });
  render();
}

function onMessage(m) {
  switch (m.type) {
    case "welcome": {
      // Another room (a rematch): nothing of the last one carries over.
      if (S.room && S.room !== m.room) Object.assign(S, { history: [], state: null, next: null, replay: null, hint: null, resignAsk: false, steps: [], selected: null, busy: false });
      S.room = m.room;
      S.seats = m.seats || [];
      S.role = m.role;
      S.token = m.token || null;
      if (S.token) {
        try {
          localStorage.setItem("trictrac.seat." + m.room, S.token);
          localStorage.setItem("trictrac.side." + m.room, S.seats.join(","));
        } catch (e) { /* ignore */ }
      }
      S.joinMsg = { type: "join", room: m.room, token: S.token || undefined, watch: !S.token };
      const url = "/?room=" + encodeURIComponent(m.room) + (S.token ? "" : "&watch=1");
      if (location.pathname + location.search !== url) history.replaceState(null, "", url);
      showGame();
      break;
    }
    case "state": {
      // A state of a room left (a rematch was joined since) is not this page's.
      if (S.room && m.room && m.room !== S.room) break;
      const start = m.history_start;
      if (start > S.history.length) { send({ type: "sync" }); }
      else { S.history.length = start; S.history.push(...m.history); }
      // A game of a match over (the server starts the next one at once):
      // its last position stays until the player asks for the next game.
      if (S.next) { S.next = m; renderPanel(); break; }
      const held = S.state && game().finalFrame ? game().finalFrame(S.state, m) : null;
      if (held) { S.next = m; m = held; }
      const moved = !S.state || S.state.seq !== m.seq;
      const before = S.state;
      S.state = m;
      if (before && m.mode === "online" && S.seats.length && S.role === "player") {
        const other = ["white", "black"].find((x) => !S.seats.includes(x));
        if (other && !before.seats[other].taken && m.seats[other].taken) {
          toast(t("friend_joined", { who: m.seats[other].name || sideName(other) }));
        }
      }
      if (moved) { S.steps = []; S.selected = null; S.hint = null; S.busy = false; tutor.stateChanged(); }
      motion.stateChanged(before, m, moved && !S.replay);
      setTitle(game().title, game().id);
      if (rematch.onState(before, m)) break;
      const g = game();
      if (g.onState && g.onState(m)) break;
      if (S.replay) S.replay.frames = g.replayFrames();
      render();
      break;
    }
    case "ack":
      S.busy = false;
      renderButtons();
      break;
    case "error":
      S.busy = false;
      tutor.onError();
      S.steps = []; S.selected = null;
      // A move the database could not store is not an illegal one: the
      // player may simply try again.
      toast(m.code === "storage" ? t("storage_error") : m.message);
      if (S.state) render();
      else if (S.joinMsg && /room code|no seat/.test(m.message)) { S.joinMsg = null; }
      break;
    case "hint":
      S.hint = m;
      render();
      break;
    case "judge":
      tutor.onJudge(m);
      break;
    case "why":
      if (game().onWhy) game().onWhy(m); else toast(m.message);
      break;
  }
}

// --------------------------------------------------------------- home
async function loadInfo() {
  try {
    const r = await fetch("/api/info");
    S.info = await r.json();
  } catch (e) { S.info = { bots: ["random"], default_bot: "random" }; }
  // The registered games: the form's choice, the links.
  showGames(S.info);
  updateFormRows();
  // The server's default rule options preset the form.
  const form = $("new-game");
  for (const w of (S.info.options || "").split(/\s+/)) {
    const [k, v] = w.split("=");
    const el = form.elements[k];
    if (el && v && [...el.options].some((o) => o.value === v)) el.value = v;
  }
  $("bot-select").dataset.game = "";
  fillBots(formGame());
  // The field names came with the info: draw them on a board already shown.
  if (S.state) render();
}

function showGame() {
  $("home").hidden = true;
  $("invited").hidden = true;
  $("game").hidden = false;
}

// ---------------------------------------------------------- move input
// The board is seen from the side this connection holds (White's in
// hot-seat and for spectators).
function bottomSide() {
  if (S.seats.length === 1) return S.seats[0];
  return "white";
}
function myTurn() {
  const st = S.state;
  return !!st && st.phase.side && st.phase.kind !== "over" && S.seats.includes(st.phase.side);
}
function waitingFriend(st) { return st.mode === "online" && !(st.seats.white.taken && st.seats.black.taken); }
function canMove() {
  const st = S.state;
  return myTurn() && st.phase.kind === "play" && !S.busy && !waitingFriend(st);
}
// What the side to act decides now (`pending` of the state, PROTOCOL.md).
function decision() {
  const st = S.state;
  return st.pending ? st.pending.decision : st.phase.kind;
}

// The game's orderings of the legal plays (each a sequence of single
// moves) that begin with the moves made so far.
function candidates() {
  const n = S.steps.length;
  return game().orderings().filter((o) => o.seq.length >= n &&
    S.steps.every((s, i) => o.seq[i][0] === s[0] && o.seq[i][1] === s[1]));
}
function movableFrom() {
  if (!canMove()) return new Set();
  const n = S.steps.length;
  return new Set(candidates().filter((o) => o.seq.length > n).map((o) => o.seq[n][0]));
}
function destsFrom(f) { return new Set(game().reach(f, candidates()).keys()); }

// A checker moved from `from` to `to` (by one die or several): a whole
// legal play made is sent.
function step(from, to) {
  const path = game().reach(from, candidates()).get(to) || [[from, to]];
  S.steps.push(...path);
  S.selected = null;
  const n = S.steps.length;
  const done = candidates().find((o) => o.seq.length === n);
  if (done) {
    act({ type: "play", play: done.p.n });
  } else {
    // One checker left to move and only one place it can go from where it
    // stands: nothing to do but show it.
    const mv = movableFrom();
    if (mv.size === 1) S.selected = [...mv][0];
  }
  render();
}

function clickField(f) {
  if (S.replay || f === null) return;
  if (!canMove()) { game().explainStill(f); return; }
  if (S.selected !== null) {
    const d = destsFrom(S.selected);
    if (d.has(f)) { step(S.selected, f); return; }
  }
  const mv = movableFrom();
  if (!mv.has(f)) game().explain(f);
  S.selected = mv.has(f) && S.selected !== f ? f : null;
  render();
}

function svgPoint(ev) {
  const svg = $("board");
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX; pt.y = ev.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}
function onPointerDown(ev) {
  if (!S.state) return;
  const p = svgPoint(ev);
  const f = game().fieldAt(p.x, p.y);
  S.drag = { f, x: p.x, y: p.y, moved: false, id: ev.pointerId };
  if (canMove() && f && movableFrom().has(f)) {
    try { $("board").setPointerCapture(ev.pointerId); } catch (e) { /* ignore */ }
  }
}
function onPointerMove(ev) {
  const d = S.drag;
  if (!d || !canMove() || !d.f || !movableFrom().has(d.f)) return;
  const p = svgPoint(ev);
  if (!d.moved && Math.hypot(p.x - d.x, p.y - d.y) > 10) {
    d.moved = true;
    S.selected = d.f;
    render();
  }
  if (d.moved) {
    const g = $("ghost");
    if (g) { g.setAttribute("cx", p.x); g.setAttribute("cy", p.y); g.setAttribute("visibility", "visible"); }
  }
}
function onPointerUp(ev) {
  const d = S.drag;
  S.drag = null;
  if (!d) return;
  const p = svgPoint(ev);
  const f = game().fieldAt(p.x, p.y);
  if (d.moved) {
    if (f !== null && S.selected !== null && destsFrom(S.selected).has(f)) step(S.selected, f);
    else { S.selected = null; render(); }
  } else {
    clickField(f);
  }
}

// --------------------------------------------------------------- replay
// Stepping through the positions of the history, for a game whose module
// rebuilds them (replayFrames).
function startReplay(i) {
  const frames = game().replayFrames();
  S.replay = { frames, i: Math.max(0, Math.min(i === undefined ? frames.length - 1 : i, frames.length - 1)) };
  S.selected = null;
  render();
}
function replayGo(i) {
  if (!S.replay) return;
  S.replay.i = Math.max(0, Math.min(i, S.replay.frames.length - 1));
  render();
}
// What the board shows: the game, or a step of its replay.
function boardState() {
  return S.replay ? S.replay.frames[S.replay.i] : S.state;
}

// --------------------------------------------------------------- render
// A seat's name; a bot's by its level (Expert, never its internal name).
const seatName = (st, side) => st.seats[side].kind === "bot" && st.bot ? game().levelName(st.bot) : botMark(st.seats[side].name);
function who(side) {
  const name = seatName(S.state, side);
  return sideName(side) + (name ? " – " + name : "");
}

function renderBoard() {
  const st = boardState();
  const svg = $("board");
  const before = motion.spots(svg);
  svg.innerHTML = game().drawBoard() +
    `<circle id="ghost" class="ghost ${st.phase.side === "black" ? "chk-b" : "chk-w"}" cx="0" cy="0" r="${R}" visibility="hidden"/>`;
  motion.animate(svg, before);
}

function renderStatus() {
  const st = S.state;
  const el = $("status");
  if (!S.online) { el.textContent = t("disconnected"); return; }
  if (S.replay) {
    el.textContent = t("replay_step", { i: S.replay.i, n: S.replay.frames.length - 1 }) + game().replayNote(boardState());
    return;
  }
  let s = game().status();
  const free = ["white", "black"].find((x) => !st.seats[x].taken);
  if (st.mode === "online" && free && st.phase.kind !== "over") s = t("waiting_friend");
  if (S.role === "spectator") s = t("watching") + " " + s;
  el.innerHTML = myTurn() ? `<span class="you">${esc(s)}</span>` : esc(s);
  fair.render(st);
}

function renderButtons() {
  const st = S.state;
  const g = game();
  const mine = myTurn() && !S.busy && S.online && !waitingFriend(st);
  const k = st.phase.kind;
  const show = (id, on) => { $(id).hidden = !on; };
  // The other games' controls are not this one's.
  for (const x of Object.values(GAMES)) if (x !== g) x.controls.forEach((id) => show(id, false));
  rematch.buttons(st);
  show("btn-next-game", !!S.next && !S.replay);
  show("btn-verify", !!st.fair_dice && !!st.fair_dice.server && !S.replay);
  show("btn-replay", !!g.replayFrames && !S.replay && S.history.length > 0 && (k === "over" || S.role === "spectator"));
  show("replay-bar", !!S.replay);
  if (S.replay) {
    ["btn-roll", "btn-undo", "btn-hint"].forEach((id) => show(id, false));
    g.buttons({ mine: false, live: false, replaying: true });
    $("replay-pos").textContent = t("replay_step", { i: S.replay.i, n: S.replay.frames.length - 1 });
    return;
  }
  // Resigning (either game, on either turn) asks for a confirmation.
  const live = S.role !== "spectator" && S.seats.length > 0 && !waitingFriend(st) && S.online && g.canResign(st);
  show("btn-resign", live && !S.resignAsk);
  show("resign-confirm", live && !!S.resignAsk);
  $("btn-resign-yes").disabled = S.busy;
  // Backgammon offers a single game, a gammon or a backgammon.
  show("sel-resign-kind", live && !!S.resignAsk && !!g.resignKinds);
  const d = decision();
  show("btn-roll", myTurn() && (d === "roll" || d === "roll_or_double"));
  show("btn-undo", myTurn() && d === "play");
  show("btn-hint", myTurn() && g.hintFor.includes(d) && st.mode !== "online");
  ["btn-roll", "btn-hint"].forEach((id) => { $(id).disabled = !mine; });
  $("btn-undo").disabled = !S.steps.length || S.busy;
  g.buttons({ mine, live, replaying: false });
}

function renderPanel() {
  const st = S.state;
  const g = game();
  // Players.
  let p = "";
  for (const side of ["white", "black"]) {
    const seat = st.seats[side];
    const turn = st.phase.side === side && st.phase.kind !== "over";
    const you = S.seats.includes(side) ? ` <b>(${esc(t("you"))})</b>` : "";
    const name = seatName(st, side), kind = seat.kind === "bot" ? ` <span class="muted">· ${esc(t("bot"))}</span>` : "";
    p += `<div class="player ${turn ? "turn" : ""}" id="player-${side}"><span class="chip ${side}"></span>` +
      `<span class="dot ${seat.connected ? "on" : ""}"></span>${esc(sideName(side))}: <span class="seat-name">${esc(name)}</span>${you}${kind}${turn ? " ◀" : ""}</div>`;
  }
  p += `<div class="muted">${esc(t("room"))} <b id="room-code">${esc(st.room)}</b>` +
    (st.spectators ? ` · <span id="spectators">${esc(t("spectators", { n: st.spectators }))}</span>` : "") + `</div>`;
  if (st.over) p += `<div class="over-banner" id="over">${esc(g.overText())}</div>` + rematch.note(st) + figures.line(st);
  $("players").innerHTML = p;
  // The invitation, until the friend has joined.
  const inv = $("invite");
  if (st.mode === "online" && S.role === "player" && waitingFriend(st)) {
    const link = location.origin + "/?room=" + encodeURIComponent(st.room);
    if (inv.hidden || inv.dataset.room !== st.room || inv.dataset.lang !== lang()) {
      inv.dataset.room = st.room;
      inv.dataset.lang = lang();
      inv.hidden = false;
      inv.innerHTML = `<div>${esc(t("invite"))}</div><div class="buttons"><input readonly id="invite-link" value="${esc(link)}">` +
        `<button type="button" id="btn-copy">${esc(t("copy"))}</button></div>` +
        `<img id="invite-qr" class="qr" width="200" height="200" alt="${esc(t("qr_alt"))}" src="/api/qr.svg?text=${encodeURIComponent(link)}">` +
        `<div class="muted">${esc(t("watch_link"))} ${esc(link)}&amp;watch=1</div>`;
    }
    $("btn-copy").onclick = () => {
      $("invite-link").select();
      (navigator.clipboard ? navigator.clipboard.writeText(link) : Promise.reject()).catch(() => document.execCommand && document.execCommand("copy"));
      $("btn-copy").textContent = t("copied");
    };
  } else { inv.hidden = true; inv.innerHTML = ""; }
  // The game's cards.
  g.panel();
  // History, newest first, numbered without gaps: an entry a game does
  // not show takes no number.
  let shown = 0;
  const rows = S.history.map((e, i) => { const r = g.historyRow(e, i, shown + 1); if (r) shown += 1; return r; });
  $("history").innerHTML = "<table>" + rows.reverse().join("") + "</table>";
  // Hint.
  const hb = $("hint-box");
  if (S.hint && S.hint.plays && !S.replay) {
    hb.hidden = false;
    hb.innerHTML = g.hintHtml(S.hint);
  } else hb.hidden = true;
  tutor.render();
}

function render() {
  if (!S.state) return;
  renderBoard();
  renderStatus();
  renderButtons();
  renderPanel();
  clocks.render(S.state);
}

// --------------------------------------------------------------- start
function init() {
  let l = null;
  const params = new URLSearchParams(location.search);
  try { l = params.get("lang") || localStorage.getItem("trictrac.lang"); } catch (e) { /* ignore */ }
  if (!l) l = (navigator.language || "fr").startsWith("fr") ? "fr" : "en";
  try { $("new-game").elements.name.value = localStorage.getItem("trictrac.name") || ""; } catch (e) { /* ignore */ }
  for (const l of ["fr", "en"]) $("lang-" + l).onclick = () => setLang(l);
  $("new-game").addEventListener("submit", newGame);
  $("new-game").addEventListener("change", updateFormRows);
  document.querySelectorAll("input[data-chars]").forEach((el) => el.addEventListener("input", () => { nameLimits(); el.reportValidity(); }));
  $("join-game").addEventListener("submit", (ev) => { ev.preventDefault(); joinGame(false); });
  $("btn-watch").onclick = () => joinGame(true);
  $("btn-roll").onclick = () => act({ type: "roll" });
  $("btn-rematch").onclick = () => rematch.ask();
  $("btn-next-game").onclick = nextGame;
  motion.init();
  initKeys({ S, render, replayGo });
  $("btn-undo").onclick = () => { S.steps = []; S.selected = null; render(); };
  $("btn-hint").onclick = () => send({ type: "hint" });
  tutor.init();
  $("btn-verify").onclick = () => fair.verify(S.state, S.info);
  $("btn-replay").onclick = () => startReplay(0);
  const steps = { first: () => 0, prev: () => S.replay.i - 1, next: () => S.replay.i + 1, last: () => S.replay.frames.length - 1 };
  for (const k in steps) $("btn-replay-" + k).onclick = () => replayGo(steps[k]());
  $("btn-replay-live").onclick = () => {
    S.replay = null;
    if (game().replayEnded) game().replayEnded();
    render();
  };
  $("invited-form").addEventListener("submit", acceptInvitation);
  for (const [id, ask] of [["btn-resign", true], ["btn-resign-no", false]]) $(id).onclick = () => { S.resignAsk = ask; render(); };
  $("btn-resign-yes").onclick = () => {
    S.resignAsk = false;
    act(game().resignKinds ? { type: "resign", kind: $("sel-resign-kind").value } : { type: "resign" });
  };
  const svg = $("board");
  svg.addEventListener("pointerdown", onPointerDown);
  svg.addEventListener("pointermove", onPointerMove);
  svg.addEventListener("pointerup", onPointerUp);
  svg.addEventListener("pointercancel", () => { S.drag = null; });
  setLang(l);
  updateFormRows();
  for (const g of Object.values(GAMES)) g.init(params);
  // The header's Analysis: the board of the game being played, when its
  // module has one of its own (on the position when help is allowed:
  // never in a live online game, for players and spectators alike).
  const toAnalysis = $("analysis-link").onclick;
  $("analysis-link").onclick = (ev) => {
    const st = S.state, g = game();
    if (!st || $("game").hidden || !g.analysisLink) { if (toAnalysis) toAnalysis(ev); return; }
    ev.preventDefault();
    location.href = g.analysisLink(st, st.mode !== "online" || !!st.over);
  };
  loadInfo();
  const room = params.get("room");
  if (room) {
    const code = room.toUpperCase();
    const watch = params.get("watch") === "1";
    let token = null;
    try { token = localStorage.getItem("trictrac.seat." + code); } catch (e) { /* ignore */ }
    S.joinMsg = { type: "join", room: code, watch };
    if (token && !watch) S.joinMsg.token = token;
    const name = $("new-game").elements.name.value;
    if (name) S.joinMsg.name = name;
    $("invited-name").value = name;
    // Invited (no seat of ours in this room): who invites, and our name.
    if (!token && !watch) { const m = S.joinMsg; S.joinMsg = null; offerSeat(code, m); }
  }
  connect();
}

init();
