// A player's page and the leaderboards (issue 26): /player?name=NAME
// shows a registered player's ratings (GET /api/players/NAME), their
// history as a small chart (inline SVG, one line per game) and his
// finished games; /player alone shows the leaderboard of each game
// (GET /api/ratings?game=…).

import { t, esc, $, pageLanguage, lang } from "./i18n.js";
import { api, gamesTable } from "./account.js";
import { botBadge } from "./bots.js";

const P = { data: null, boards: null, error: "" };
window.__player = P;

// The registered games, [id, title], and their charts' colours: from
// /api/info, each game's descriptor (issue 36).
let GAMES = [];
const COLORS = {};
// A game's name, or its correspondence games' rating ("backgammon/corr").
const gameLabel = (id) => {
  const [base, pool] = String(id).split("/");
  const name = (GAMES.find((g) => g[0] === base) || [base, base])[1];
  return pool === "corr" ? `${name} (${t("acc_corr")})` : name;
};

/// The rating history as an SVG chart: one polyline per game, the
/// rating after each rated game, the axis from the lowest to the highest.
export function chart(history, width = 480, height = 160) {
  if (!history.length) return `<p class="muted">${esc(t("pl_no_rated"))}</p>`;
  const pad = 28;
  const values = history.map((p) => p.rating);
  let lo = Math.min(...values, 1500), hi = Math.max(...values, 1500);
  if (hi - lo < 50) { lo -= 25; hi += 25; }
  const y = (r) => (height - pad / 2 - ((r - lo) / (hi - lo)) * (height - pad)).toFixed(1);
  // Each line starts at 1500, a newcomer's rating, before the first game.
  const n = history.length + 1;
  const x = (i) => (pad + (i / (n - 1)) * (width - pad * 1.5)).toFixed(1);
  let lines = "";
  for (const [g] of GAMES) {
    const pts = history.map((p, i) => [p, i + 1]).filter(([p]) => p.game === g);
    if (!pts.length) continue;
    const path = [[{ rating: 1500 }, 0], ...pts].map(([p, i]) => `${x(i)},${y(p.rating)}`).join(" ");
    lines += `<polyline class="pl-line" data-game="${g}" fill="none" stroke="${COLORS[g]}" stroke-width="2" points="${path}"/>`;
    lines += pts.map(([p, i]) => `<circle cx="${x(i)}" cy="${y(p.rating)}" r="3" fill="${COLORS[g]}"><title>${esc(gameLabel(g))} ${Math.round(p.rating)}</title></circle>`).join("");
  }
  const axis = `<line x1="${pad}" y1="${y(1500)}" x2="${width}" y2="${y(1500)}" stroke="currentColor" stroke-opacity="0.25" stroke-dasharray="4 3"/>` +
    `<text x="2" y="${y(hi)}" font-size="10" fill="currentColor">${Math.round(hi)}</text>` +
    `<text x="2" y="${y(lo)}" font-size="10" fill="currentColor">${Math.round(lo)}</text>`;
  return `<svg id="pl-chart" viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-label="${esc(t("pl_chart"))}" style="max-width:${width}px">${axis}${lines}</svg>`;
}

function ratingsTable(ratings) {
  if (!ratings.length) return `<p class="muted">${esc(t("pl_no_rated"))}</p>`;
  const rows = ratings.map((r) => `<tr data-game="${esc(r.game)}"><td>${esc(gameLabel(r.game))}</td>` +
    `<td class="pl-rating">${Math.round(r.rating)} ± ${Math.round(r.deviation)}</td>` +
    `<td>${esc(t("pl_record", { n: r.games, w: r.wins }))}</td></tr>`);
  return `<table id="pl-ratings"><tbody>${rows.join("")}</tbody></table>`;
}

function boardTable(game, players) {
  const title = `<h3>${esc(t("pl_leaderboard", { game: gameLabel(game) }))}</h3>`;
  if (!players.length) return title + `<p class="muted">${esc(t("pl_nobody"))}</p>`;
  const rows = players.map((p) => `<tr><td>${p.rank}</td><td><a href="/player?name=${encodeURIComponent(p.name)}">${esc(p.name)}</a></td>` +
    `<td>${Math.round(p.rating)} ± ${Math.round(p.deviation)}</td><td>${p.games}</td><td>${p.wins}</td></tr>`);
  return title + `<table class="pl-board" data-game="${game}"><thead><tr><th>${esc(t("pl_rank"))}</th><th>${esc(t("pl_player"))}</th>` +
    `<th>${esc(t("pl_rating"))}</th><th>${esc(t("pl_played"))}</th><th>${esc(t("pl_won"))}</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

// The dice of his turns against the expected counts (issue 38).
function diceTable(d) {
  if (!d || !d.rolls) return `<p class="muted">${esc(t("pl_no_dice"))}</p>`;
  const rows = d.kinds.map((k) => `<tr><td>${esc(k.roll)}</td><td>${k.count}</td><td>${k.expected.toFixed(1)}</td></tr>`);
  const en = d.entering;
  const entering = en && en.tries ? `<p id="pl-dice-entering">${esc(t("pl_dice_entering", { e: en.entered, n: en.tries, x: en.expected.toFixed(1), z: en.z.toFixed(2), p: en.p_value.toFixed(3) }))}</p>` : "";
  return entering + `<p id="pl-dice-summary">${esc(t("pl_dice_summary", { n: d.rolls, d: d.doubles, e: d.doubles_expected.toFixed(1), chi: d.chi_square.toFixed(1), df: d.df, p: d.p_value.toFixed(3) }))}</p>` +
    `<table id="pl-dice"><thead><tr><th>${esc(t("pl_dice_roll"))}</th><th>${esc(t("pl_dice_count"))}</th><th>${esc(t("pl_dice_expected"))}</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

// The engine's review of his rated games (issue 38): the averages per
// game and the error per decision of each reviewed game, oldest first,
// as a chart (one line per game, lower is better).
function skillChart(list, width = 480, height = 140) {
  const pad = 28;
  const values = list.map((r) => r.error_rate);
  const hi = Math.max(...values, 1), lo = 0;
  const y = (v) => (height - pad / 2 - ((v - lo) / (hi - lo)) * (height - pad)).toFixed(1);
  const n = Math.max(list.length, 2);
  const x = (i) => (pad + (i / (n - 1)) * (width - pad * 1.5)).toFixed(1);
  let lines = "";
  for (const [g] of GAMES) {
    const pts = list.map((r, i) => [r, i]).filter(([r]) => r.game === g);
    if (!pts.length) continue;
    lines += `<polyline class="pl-skill-line" data-game="${g}" fill="none" stroke="${COLORS[g]}" stroke-width="2" points="${pts.map(([r, i]) => `${x(i)},${y(r.error_rate)}`).join(" ")}"/>`;
    lines += pts.map(([r, i]) => `<circle cx="${x(i)}" cy="${y(r.error_rate)}" r="3" fill="${COLORS[g]}"><title>${esc(gameLabel(g))} ${r.error_rate} ${esc(t("unit_" + r.unit))}</title></circle>`).join("");
  }
  const axis = `<line x1="${pad}" y1="${y(0)}" x2="${width}" y2="${y(0)}" stroke="currentColor" stroke-opacity="0.25"/>` +
    `<text x="2" y="${y(hi)}" font-size="10" fill="currentColor">${Math.round(hi)}</text>` +
    `<text x="2" y="${y(0)}" font-size="10" fill="currentColor">0</text>`;
  return `<svg id="pl-skill-chart" viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-label="${esc(t("pl_skill_chart"))}" style="max-width:${width}px">${axis}${lines}</svg>`;
}

function skill(reviews) {
  if (!reviews || !reviews.games || !reviews.games.length) return `<p class="muted" id="pl-no-reviews">${esc(t("pl_no_reviews"))}</p>`;
  const rows = reviews.averages.map((a) => `<li data-game="${esc(a.game)}">${esc(t("pl_skill_row", {
    game: gameLabel(a.game), e: a.error_rate.toFixed(1), unit: t("unit_" + a.unit), n: a.games, d: a.decisions, l: a.luck.toFixed(1),
  }))}</li>`);
  return `<p class="muted">${esc(t("pl_skill_intro"))}</p><ul id="pl-skill">${rows.join("")}</ul>` +
    `<h4>${esc(t("pl_skill_chart"))}</h4>${skillChart(reviews.games)}`;
}

// His figures of each reviewed game, by room, for the games' table.
function reviewsByRoom(reviews) {
  const m = new Map();
  for (const r of (reviews && reviews.games) || []) m.set(r.room, r);
  return m;
}

function render() {
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  const box = $("player");
  if (P.error) { box.innerHTML = `<p class="error" id="pl-error">${esc(P.error)}</p><p><a href="/">${esc(t("pl_home"))}</a></p>`; return; }
  if (P.data) {
    const d = P.data;
    box.innerHTML = `<h2 id="pl-name">${esc(d.name)}${d.bot ? botBadge() : ""}</h2><p class="muted">${esc(t("pl_since", { date: new Date(d.created * 1000).toLocaleDateString(lang() === "fr" ? "fr-FR" : "en-GB", { day: "numeric", month: "long", year: "numeric" }) }))}</p>` +
      `<h3>${esc(t("pl_ratings"))}</h3>${ratingsTable(d.ratings)}<h3>${esc(t("pl_chart"))}</h3>${chart(d.history)}` +
      `<h3>${esc(t("pl_skill"))}</h3>${skill(d.reviews)}` +
      `<h3>${esc(t("pl_dice"))}</h3>${diceTable(d.dice)}` +
      `<h3>${esc(t("pl_games"))}</h3>${gamesTable(d.games, reviewsByRoom(d.reviews))}`;
  } else if (P.boards) {
    box.innerHTML = `<h2>${esc(t("acc_leaderboards"))}</h2>` + P.boards.map((b) => boardTable(b.game, b.players)).join("");
  }
  document.title = (P.data ? P.data.name + " — " : "") + GAMES.map((g) => g[1]).join(" · ");
}

async function init() {
  const params = new URLSearchParams(location.search);
  pageLanguage(params, () => { document.documentElement.lang = lang(); render(); });
  const name = params.get("name");
  try {
    const info = await api("GET", "/api/info");
    GAMES = (info.games || []).map((g) => [g.id, g.name]);
    for (const g of info.games || []) COLORS[g.id] = g.color || "currentColor";
  } catch (e) { /* the lists name the games by their ids */ }
  try {
    if (name) P.data = await api("GET", "/api/players/" + encodeURIComponent(name));
    else P.boards = await Promise.all(GAMES.map(([g]) => api("GET", "/api/ratings?game=" + g)));
  } catch (e) {
    P.error = name && e.message.startsWith("no player") ? t("pl_not_found") + " (" + name + ")" : e.message;
  }
  render();
  P.ready = true;
}

init();
