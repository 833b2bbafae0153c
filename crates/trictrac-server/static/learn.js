// The Learn page (/learn, issue 40 item 4): exercises for both games,
// from the server's API (docs/PROTOCOL.md, "Exercises"). Grand
// Trictrac's lessons and levels are in learn-tt.js, backgammon's quizzes
// in learn-bg.js; this module chooses the game and the language, and
// keeps the progress (`trictrac.learn`: lessons passed, the score of each
// level and theme) in localStorage and, for a player logged in, with his
// account too (`/api/learn/progress`), merged when the page opens.

import { t, lang, pageLanguage, addTexts, $ } from "./i18n.js";
import { api } from "./api.js";
import LEARN_TEXTS from "./texts/learn.json" with { type: "json" };
import { createTt } from "./learn-tt.js";
import { createBg } from "./learn-bg.js";

addTexts(LEARN_TEXTS);

const KEY = "trictrac.learn";
const L = { game: null, progress: load(), ready: false, account: false };
window.__learn = L;

function load() {
  let p = null;
  try { p = JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { /* private mode, or spoiled */ }
  if (!p || typeof p !== "object") p = {};
  p.lessons = Array.isArray(p.lessons) ? p.lessons : [];
  p.levels = p.levels && typeof p.levels === "object" ? p.levels : {};
  p.themes = p.themes && typeof p.themes === "object" ? p.themes : {};
  return p;
}

/// The progress, and its saving after a change.
export const progress = {
  get: () => L.progress,
  save() {
    try { localStorage.setItem(KEY, JSON.stringify(L.progress)); } catch (e) { /* private mode */ }
    if (L.account) {
      clearTimeout(progress.timer);
      progress.timer = setTimeout(() => { call("PUT", "/api/learn/progress", L.progress).catch(() => { /* kept here */ }); }, 300);
    }
  },
  /// One more answer to `kind` (levels, themes) `id`.
  count(kind, id, right, lost) {
    const s = L.progress[kind][id] || (L.progress[kind][id] = { asked: 0, right: 0, lost: 0 });
    s.asked += 1;
    if (right) s.right += 1;
    s.lost += lost || 0;
    progress.save();
  },
};

/// A JSON request ([`api`]): the answer, or an Error with the server's
/// message, said to be busy when it is.
export async function call(method, path, body) {
  try {
    return await api(method, path, body);
  } catch (e) {
    if (!e.status) throw e;
    const why = e.error || e.status;
    throw new Error(e.status === 503 || e.status === 429 ? t("ln_busy") + " (" + why + ")" : String(why));
  }
}

// The account's progress merged with this browser's: the lessons passed
// in either, and for each level and theme the score with more answers.
async function syncAccount() {
  let v;
  try { v = await call("GET", "/api/learn/progress"); } catch (e) { return; }
  if (!v.logged_in) return;
  L.account = true;
  const theirs = v.progress || {};
  const p = L.progress;
  p.lessons = [...new Set([...p.lessons, ...(theirs.lessons || [])])].sort((a, b) => a - b);
  for (const kind of ["levels", "themes"]) {
    for (const [k, s] of Object.entries(theirs[kind] || {})) {
      if (!p[kind][k] || p[kind][k].asked < s.asked) p[kind][k] = s;
    }
  }
  progress.save();
  render();
}

/// A random seed for a new exercise.
export function seed() { return Math.floor(Math.random() * 1000000); }

const app = { progress, call, seed, L };
const tt = createTt(app);
const bg = createBg(app);

function choose(game) {
  L.game = game;
  $("ln-tt").hidden = game !== "trictrac";
  $("ln-bg").hidden = game !== "backgammon";
  for (const b of document.querySelectorAll("#ln-games button")) b.classList.toggle("primary", b.dataset.game === game);
  const url = new URL(location.href);
  url.searchParams.set("game", game);
  history.replaceState(null, "", url.pathname + url.search);
  if (game === "trictrac") tt.open(); else bg.open();
}

function render() {
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  document.documentElement.lang = lang();
  $("lang-fr").classList.toggle("active", lang() === "fr");
  $("lang-en").classList.toggle("active", lang() === "en");
  document.title = t("ln_title") + " — Grand Trictrac · Backgammon";
  tt.render();
  bg.render();
}

function init() {
  const params = new URLSearchParams(location.search);
  pageLanguage(params, render);
  // Every exercise card ends alike: its error, its result, its Next.
  for (const card of document.querySelectorAll(".ln-main")) {
    const id = card.id.replace(/-card$/, "");
    card.insertAdjacentHTML("beforeend", `<p class="error" id="${id}-error" hidden></p><div id="${id}-result" hidden></div>` +
      `<div class="buttons"><button type="button" id="${id}-next" hidden data-i18n="ln_next">Suivant</button></div>`);
  }
  for (const b of document.querySelectorAll("#ln-games button")) b.onclick = () => choose(b.dataset.game);
  tt.init();
  bg.init();
  render();
  const game = params.get("game");
  if (game === "trictrac" || game === "backgammon") choose(game);
  syncAccount().finally(() => { L.ready = true; });
}

init();
