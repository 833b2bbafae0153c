// The home page's lists (part of the shell, app.js): the games of this
// browser (every seat token kept in localStorage, with the room's summary
// from the server) and the finished games of the server, each named by
// its game module (`GAMES`, by id).

import { t, esc, lang, resultLine, seatName, $ } from "./i18n.js";

export function createHome(GAMES) {
  // The games of this browser: every seat token kept in localStorage, with
  // the room's summary from the server; finished and vanished games drop out.
  async function loadMine() {
    const box = $("mine");
    if (!box || $("home").hidden) return;
    const rooms = [];
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        if (k && k.startsWith("trictrac.seat.")) rooms.push(k.slice("trictrac.seat.".length));
      }
    } catch (e) { /* private mode */ }
    const rows = [];
    for (const code of rooms.slice(-30)) {
      let g = null;
      try {
        const r = await fetch("/api/rooms/" + encodeURIComponent(code));
        if (r.status === 404) { try { localStorage.removeItem("trictrac.seat." + code); localStorage.removeItem("trictrac.side." + code); } catch (e) { /* ignore */ } continue; }
        if (!r.ok) continue;
        g = await r.json();
      } catch (e) { continue; }
      if (g.finished) continue;
      let mine = [];
      try { mine = (localStorage.getItem("trictrac.side." + code) || "").split(",").filter(Boolean); } catch (e) { /* ignore */ }
      const opp = ["white", "black"].filter((x) => !mine.includes(x)).map((x) => shownName(g[x].name, GAMES[g.game] || GAMES.trictrac)).join(", ");
      const turn = g.turn && mine.includes(g.turn);
      rows.push({ g, opp, turn });
    }
    if (!rows.length) { box.innerHTML = `<p class="muted">${esc(t("no_my_games"))}</p>`; return; }
    rows.sort((a, b) => (b.turn - a.turn) || (b.g.created - a.g.created));
    let h = "<table>";
    for (const { g, opp, turn } of rows) {
      const kind = (GAMES[g.game] || GAMES.trictrac).short;
      h += `<tr class="my-game" data-room="${esc(g.room)}"><td>${esc(g.room)}<br><span class="muted">${esc(kind)}</span></td>` +
        `<td>${opp ? esc(t("against")) + " " + esc(opp) : ""}</td>` +
        `<td>${turn ? "<b>" + esc(t("my_turn")) + "</b>" : esc(t("their_turn"))}</td>` +
        `<td><a href="/?room=${encodeURIComponent(g.room)}">${esc(t("resume"))}</a></td></tr>`;
    }
    box.innerHTML = h + "</table>";
  }

  // A seat's name in the lists: a bot stored by its internal name (older
  // games: "search1 (bot)") is shown by its level.
  const shownName = (n, g) => {
    const old = /^([\w-]+) \(bot\)$/.exec(n);
    return old && g.levelName(old[1]) !== old[1] ? `${g.levelName(old[1])} (${t("bot")})` : seatName(n);
  };

  async function loadFinished() {
    const box = $("finished");
    if (!box || $("home").hidden) return;
    try {
      const r = await fetch("/api/games");
      const j = await r.json();
      if (!j.finished || !j.finished.length) { box.innerHTML = `<p class="muted">${esc(t("no_finished"))}</p>`; return; }
      // The players and the result in one column: the card is narrow.
      let h = `<table><tr><th>${esc(t("room"))}</th><th>${esc(t("players"))} · ${esc(t("result"))}</th><th></th></tr>`;
      for (const g of j.finished) {
        const d = new Date(g.finished * 1000).toLocaleDateString(lang() === "fr" ? "fr-FR" : "en-GB");
        const kind = GAMES[g.game] || GAMES.trictrac;
        h += `<tr><td>${esc(g.id)}<br><span class="muted">${esc(kind.short)} · ${esc(d)}</span></td><td>${esc(shownName(g.white, kind))} – ${esc(shownName(g.black, kind))}` +
          `<br><span class="muted">${esc(resultLine(g.result))}</span></td><td>${kind.finishedLinks(g.id)}</td></tr>`;
      }
      box.innerHTML = h + "</table>";
    } catch (e) { box.textContent = String(e); }
  }

  return { loadMine, loadFinished, shownName };
}
