// The page's forms (issue 36: split from app.js): a new game, joining a
// room by its code, the bots of the game chosen, and the invitation a
// friend opens before taking his seat. `ctx` is the shell's: its state
// `S`, the games by id, `send` and `setTitle`.

import { t, esc, lang, $ } from "./i18n.js";
import * as fair from "./fair.js";

export function createForms({ S, GAMES, send, setTitle }) {
  // The default game (the first), the one offered until /api/info lists
  // them all (home.js), and every game's options in the form.
  const first = Object.values(GAMES)[0];
  $("game-choice").innerHTML = `<label><input type="radio" name="game" value="${esc(first.id)}" checked> <span>${esc(first.title)}</span></label>`;
  for (const g of Object.values(GAMES)) if (g.formHtml) $("btn-start").insertAdjacentHTML("beforebegin", g.formHtml);
  // The game chosen in the new-game form (the default game at first).
  function formGame() { return GAMES[new FormData($("new-game")).get("game")] || first; }

  function newGame(ev) {
    ev.preventDefault();
    const f = new FormData($("new-game"));
    const mode = f.get("mode");
    const g = formGame();
    const msg = { type: "create", game: g.id, mode, options: g.formOptions(f), name: (f.get("name") || "").trim() };
    if (mode === "bot") msg.bot = f.get("bot");
    if (mode !== "hotseat") msg.side = f.get("side");
    if (mode === "online") msg.seed = fair.clientSeed();
    try { localStorage.setItem("trictrac.name", msg.name); } catch (e) { /* ignore */ }
    S.history = []; S.state = null;
    send(msg);
  }

  function joinGame(watch) {
    const room = $("join-room").value.trim().toUpperCase();
    if (!room) return;
    let token = null;
    try { token = localStorage.getItem("trictrac.seat." + room); } catch (e) { /* ignore */ }
    const name = (new FormData($("new-game")).get("name") || "").trim();
    S.history = []; S.state = null;
    S.joinMsg = { type: "join", room, watch: !!watch, name };
    if (token && !watch) S.joinMsg.token = token;
    if (!token && !watch) S.joinMsg.seed = fair.clientSeed();
    send(S.joinMsg);
  }

  // The computer players of the game chosen, by strength, weakest first,
  // named by level; the recommended level is chosen, else the server's default.
  function fillBots(g) {
    const sel = $("bot-select");
    if (!S.info || (sel.dataset.game === g.id && sel.dataset.lang === lang())) return;
    const info = (S.info.games || []).find((x) => x.id === g.id) || { bots: S.info.bots, default_bot: S.info.default_bot };
    const prev = sel.dataset.game === g.id ? sel.value : null;
    sel.dataset.game = g.id;
    sel.dataset.lang = lang();
    sel.innerHTML = "";
    const lv = g.levels;
    const rank = (b) => { const i = lv.order.indexOf(b); return i < 0 ? lv.order.length : i; };
    const bots = info.bots.slice().sort((a, b) => rank(a) - rank(b));
    const chosen = prev || (bots.includes(lv.recommended) ? lv.recommended : info.default_bot);
    bots.forEach((b, i) => {
      const o = document.createElement("option");
      o.value = b;
      o.textContent = (i + 1) + " · " + g.levelName(b) + (b === lv.recommended ? " — " + t("recommended") : "");
      if (b === chosen) o.selected = true;
      sel.appendChild(o);
    });
  }

  function updateFormRows() {
    const f = new FormData($("new-game"));
    const mode = f.get("mode");
    $("bot-row").hidden = mode !== "bot";
    $("side-row").hidden = mode === "hotseat";
    const chosen = formGame();
    for (const g of Object.values(GAMES)) $(g.formBox).hidden = g !== chosen;
    fillBots(chosen);
  }

  // A friend opening an invitation link: who invites, and his name, before
  // taking the seat.
  // Joins now if connected, else when the connection opens (never twice).
  function joinNow(m) {
    S.joinMsg = m;
    if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(m));
  }
  async function offerSeat(code, m) {
    let g = null;
    try {
      const r = await fetch("/api/rooms/" + encodeURIComponent(code));
      if (r.ok) g = await r.json();
    } catch (e) { /* the join below reports it */ }
    const free = g && !g.finished && g.mode === "online" && ["white", "black"].some((x) => !g[x].taken);
    if (!free) { joinNow(m); return; }
    S.invited = g;
    showInvitation();
  }
  function showInvitation() {
    const g = S.invited;
    const host = ["white", "black"].find((x) => g[x].taken);
    const game = (GAMES[g.game] || first).title;
    setTitle(game);
    $("invited-text").textContent = host && g[host].name
      ? t("invited_by", { who: g[host].name, game }) : t("invite_free", { game });
    $("invited").hidden = false;
    $("home").hidden = true;
  }
  function acceptInvitation(ev) {
    ev.preventDefault();
    const name = ($("invited-name").value || "").trim();
    try { localStorage.setItem("trictrac.name", name); } catch (e) { /* ignore */ }
    $("new-game").elements.name.value = name;
    const room = S.invited.room;
    S.invited = null;
    $("invited").hidden = true;
    joinNow({ type: "join", room, watch: false, name, seed: fair.clientSeed() });
  }

  return { formGame, newGame, joinGame, fillBots, updateFormRows, offerSeat, showInvitation, acceptInvitation };
}
