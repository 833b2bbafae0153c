// The home page's lists (part of the shell, app.js): the games of this
// browser (every seat token kept in localStorage, with the room's summary
// from the server) and the finished games of the server, each named by
// its game module (`GAMES`, by id).

import { t, esc, lang, resultLine, seatName, $, hasText, labelText } from "./i18n.js";

export function createHome(GAMES) {
  // A game by id (the default game, the first, for an unknown one).
  const gameOf = (id) => GAMES[id] || Object.values(GAMES)[0];
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
      const opp = ["white", "black"].filter((x) => !mine.includes(x)).map((x) => shownName(g[x].name, gameOf(g.game))).join(", ");
      const turn = g.turn && mine.includes(g.turn);
      rows.push({ g, opp, turn });
    }
    if (!rows.length) { box.innerHTML = `<p class="muted">${esc(t("no_my_games"))}</p>`; return; }
    rows.sort((a, b) => (b.turn - a.turn) || (b.g.created - a.g.created));
    let h = "<table>";
    for (const { g, opp, turn } of rows) {
      const kind = gameOf(g.game).short;
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
        const kind = gameOf(g.game);
        h += `<tr><td>${esc(g.id)}<br><span class="muted">${esc(kind.short)} · ${esc(d)}</span></td><td>${esc(shownName(g.white, kind))} – ${esc(shownName(g.black, kind))}` +
          `<br><span class="muted">${esc(resultLine(g.result))}</span></td><td>${kind.finishedLinks(g.id)}</td></tr>`;
      }
      box.innerHTML = h + "</table>";
    } catch (e) { box.textContent = String(e); }
  }

  // The registered games on the home page, from their descriptors in
  // /api/info (issue 36): the new-game form's choice (the games this page
  // has a module for), each game's how-to link, its analysis and review
  // links. A text the page translates keeps its key (data-i18n).
  function showGames(info) {
    const games = (info && info.games) || [];
    const link = (l) => `<a href="${esc(l.href)}" id="${esc(l.id)}"` +
      (l.label.i18n && hasText(l.label.i18n) ? ` data-i18n="${esc(l.label.i18n)}"` : "") + `>${esc(labelText(l.label))}</a>`;
    const choice = $("game-choice");
    if (choice) {
      const was = (choice.querySelector("input:checked") || {}).value;
      const playable = games.filter((g) => GAMES[g.id]);
      if (playable.length) {
        const chosen = playable.some((g) => g.id === was) ? was : playable[0].id;
        choice.innerHTML = playable.map((g) => `<label><input type="radio" name="game" value="${esc(g.id)}"${g.id === chosen ? " checked" : ""}> <span>${esc(g.name)}</span></label>`).join("");
      }
    }
    const howtos = $("game-howtos");
    if (howtos) {
      for (const a of howtos.querySelectorAll("a[data-registry]")) a.remove();
      for (const n of [...howtos.childNodes]) if (n.nodeType === 3) n.remove();
      const learn = howtos.firstElementChild;
      for (const g of games) {
        for (const l of (g.links || []).filter((x) => x.kind === "howto")) {
          const box = document.createElement("span");
          box.innerHTML = link(l);
          const a = box.firstElementChild;
          a.dataset.registry = g.id;
          howtos.insertBefore(a, learn);
          howtos.insertBefore(document.createTextNode(" · "), learn);
        }
      }
    }
    const tools = $("game-tools");
    if (tools) {
      const parts = games.map((g) => [g, (g.links || []).filter((x) => x.kind !== "howto")]).filter(([, ls]) => ls.length);
      tools.innerHTML = parts.map(([g, ls]) => `<h2>${esc(g.name)}</h2><p>${ls.map(link).join(" · ")}</p>`).join("");
      tools.hidden = !parts.length;
    }
  }

  return { loadMine, loadFinished, shownName, showGames };
}
