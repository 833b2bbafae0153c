// The page's words in French and English, and the little helpers every
// module writes text with. Each game module adds its own words
// (addTexts) when it is loaded; the language is this module's own state.
// The words themselves are data: texts/*.json (JSON modules).
import SHELL_TEXTS from "./texts/shell.json" with { type: "json" };

const TEXTS = { fr: { ...SHELL_TEXTS.fr }, en: { ...SHELL_TEXTS.en } };

let current = "fr";
const listeners = [];

/// The language shown: "fr" or "en".
export function lang() { return current; }
/// Chooses the language, then calls every `onLanguage` listener, so that
/// what a module drew from an answer (an analysis, a review) is drawn
/// again in the new words.
export function setLanguage(l) {
  current = l === "en" ? "en" : "fr";
  for (const f of listeners) { try { f(current); } catch (e) { console.error(e); } }
  return current;
}
/// Calls `f(lang)` after every change of language.
export function onLanguage(f) { listeners.push(f); }

/// A game module's words, merged into the page's.
export function addTexts(texts) {
  for (const l of Object.keys(texts)) TEXTS[l] = Object.assign(TEXTS[l] || {}, texts[l]);
}
/// Whether a word exists (in English, the complete language).
export function hasText(key) { return !!TEXTS.en[key]; }
// A text a game's descriptor gives (/api/info): its translation when the
// page has one, else its own words.
export function labelText(l) { return l ? (l.i18n && hasText(l.i18n) ? t(l.i18n) : l.text) : ""; }

// A word that agrees with a number, by the language's plural rules
// (Intl.PluralRules: French "0 trou", "1 trou", "2 trous"; English "0 holes",
// "1 hole"): `{n:trou|trous}` in a text is the first form when `n` is
// singular, the second otherwise.
function pluralForm(n, one, other) {
  let cat = "other";
  try { cat = new Intl.PluralRules(current).select(Number(n)); } catch (e) { cat = Number(n) === 1 ? "one" : "other"; }
  return cat === "one" ? one : other;
}
/// `n` and its word: plural("spectators", 2) is "2 spectators" (the text
/// `spectators` is "{n} {n:spectator|spectators}").
export function plural(key, n) { return t(key, { n }); }

export function t(key, vars) {
  let s = (TEXTS[current] && TEXTS[current][key]) || TEXTS.en[key] || key;
  if (vars) {
    s = s.replace(/\{(\w+):([^|{}]*)\|([^{}]*)\}/g, (m, k, one, other) => (k in vars ? pluralForm(vars[k], one, other) : m));
    for (const k in vars) s = s.split("{" + k + "}").join(vars[k]);
  }
  return s;
}
export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}
export function sideName(side) { return t(side); }
/// A seat's stored name in the page's words: a bot's ("Beginner (random)
/// (bot)", "search1 (bot)" in older games) by its level, else as it is.
export function seatName(n) {
  const m = /^(.+) \(bot\)$/.exec(String(n || ""));
  if (!m) return n;
  const key = Object.keys(TEXTS.en).find((k) => k.startsWith("level_") && (TEXTS.en[k] === m[1] || k === "level_" + m[1]));
  return key ? t(key) + " (" + t("bot") + ")" : n;
}
/// A result line the server writes ("black 1 white 0 (single resigned,
/// cube 1)", "white 12 black 7 x2") in the page's words.
export function resultLine(text) {
  if (current !== "fr") return String(text || "");
  const fr = { white: "blanches", black: "noires", single: "simple", resigned: "abandon", dropped: "refus", cube: "videau",
    "match to": "match en", abandon: "abandon", timeout: "temps écoulé" };
  return String(text || "").replace(/\b(match to|white|black|single|resigned|dropped|cube|abandon|timeout)\b/g, (w) => fr[w] || w);
}
// A side's name inside a sentence: "les blanches", but "White".
export function sideMid(side) { return current === "fr" ? t(side).toLowerCase() : t(side); }
// A sentence starts with a capital ("White starts.", "Les blanches …").
export function capFirst(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }
export function other(side) { return side === "white" ? "black" : "white"; }
export function sign(side) { return side === "white" ? 1 : -1; }
export const $ = (id) => document.getElementById(id);
/// A page's language at start (the player, tournaments and exercises
/// pages): the one asked for (?lang=), else the one kept, else the
/// browser's. Its FR and EN buttons choose another, keep it and call
/// `redraw`.
export function pageLanguage(params, redraw) {
  let l = params.get("lang");
  try { l = l || localStorage.getItem("trictrac.lang"); } catch (e) { /* ignore */ }
  setLanguage(l || ((navigator.language || "fr").startsWith("fr") ? "fr" : "en"));
  for (const x of ["fr", "en"]) {
    $("lang-" + x).onclick = () => {
      setLanguage(x);
      try { localStorage.setItem("trictrac.lang", x); } catch (e) { /* private mode */ }
      redraw();
    };
  }
}
