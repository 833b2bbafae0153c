// Bot accounts (issue 39; docs/PROTOCOL.md, "The bot API"): the names of
// bot accounts marked "bot" wherever a name is shown (the lobby,
// the rooms, the player pages), and on the home page, beside the account
// box, the account's "Bot API" card: mark the account as a bot, make API
// tokens (each shown once: the server keeps only its hash) and revoke
// them. The tokens are made and revoked with the session cookie only.

import { t, esc, $, addTexts } from "./i18n.js";
import { api } from "./api.js";

addTexts({
  fr: {
    bot_mark: "bot",
    bot_mark_title: "un programme joue sous ce compte",
    bot_title: "API des bots",
    bot_intro: "Un programme (GNU Backgammon par un pont, wildbg, un autre programme de trictrac) peut jouer sous ce compte : il lit les défis et ses parties par un flux d'événements et joue par l'API, avec un jeton. Voir docs/PROTOCOL.md, « The bot API ».",
    bot_is: "Ce compte est un bot (marqué « bot » partout ; il ne joue de parties classées contre une personne que si elle l'accepte).",
    bot_not: "Ce compte n'est pas marqué comme bot.",
    bot_make_bot: "Marquer ce compte comme bot",
    bot_label: "Nom du jeton",
    bot_make: "Créer un jeton",
    bot_new: "Votre jeton, montré une seule fois (le serveur n'en garde que l'empreinte) :",
    bot_revoke: "Révoquer",
    bot_used: "dernier usage {d}",
    bot_never: "jamais utilisé",
    bot_none: "Aucun jeton.",
  },
  en: {
    bot_mark: "bot",
    bot_mark_title: "a program plays under this account",
    bot_title: "Bot API",
    bot_intro: "A program (GNU Backgammon through a bridge, wildbg, another trictrac program) can play under this account: it reads challenges and its games from an event stream and plays through the API, with a token. See docs/PROTOCOL.md, \"The bot API\".",
    bot_is: "This account is a bot (marked \"bot\" everywhere; it plays rated games against a person only if the person allows it).",
    bot_not: "This account is not marked as a bot.",
    bot_make_bot: "Mark this account as a bot",
    bot_label: "Token name",
    bot_make: "Make a token",
    bot_new: "Your token, shown once (the server keeps only its hash):",
    bot_revoke: "Revoke",
    bot_used: "last used {d}",
    bot_never: "never used",
    bot_none: "No token.",
  },
});

const names = new Set();
let loading = null;

/// Loads the names of the bot accounts (GET /api/bots), once.
export function loadBots() {
  if (!loading) {
    loading = api("GET", "/api/bots")
      .then((v) => { for (const n of v.bots || []) names.add(n); })
      .catch(() => { /* no marks */ });
  }
  return loading;
}

/// Whether `name` is a bot account's (registered names are unique: a
/// guest cannot sit under one).
export function isBot(name) { return names.has(name); }

/// The bot mark after a bot's name (HTML): a small "bot" badge.
export function botBadge() {
  return ` <span class="bot-mark" title="${esc(t("bot_mark_title"))}">${esc(t("bot_mark"))}</span>`;
}

/// A name as text, with " [bot]" when it is a bot account's (nobody else
/// may sit under a name with "[bot": SECURITY.md, "Names").
export function botMark(name) { return name && names.has(name) ? name + " [" + t("bot_mark") + "]" : name; }

const B = { tokens: null, bot: false, fresh: "", msg: "" };

function day(secs) { try { return new Date(secs * 1000).toLocaleDateString(); } catch (e) { return ""; } }

function render() {
  let card = $("bot-api");
  const account = $("account");
  if (!account) return;
  if (!card) {
    card = document.createElement("div");
    card.className = "card";
    card.id = "bot-api";
    account.after(card);
  }
  if (!B.tokens) { card.hidden = true; return; }
  card.hidden = false;
  const list = B.tokens.length === 0 ? `<p class="muted">${esc(t("bot_none"))}</p>` :
    "<ul>" + B.tokens.map((k) => `<li data-token="${esc(k.id)}"><b>${esc(k.label)}</b> <span class="muted">${esc(k.id)} · ${esc(day(k.created))} · ` +
      `${esc(k.used ? t("bot_used", { d: day(k.used) }) : t("bot_never"))}</span> <button type="button" data-revoke="${esc(k.id)}">${esc(t("bot_revoke"))}</button></li>`).join("") + "</ul>";
  card.innerHTML = `<h2>${esc(t("bot_title"))}</h2><p class="muted">${esc(t("bot_intro"))}</p>` +
    `<p id="bot-state">${esc(t(B.bot ? "bot_is" : "bot_not"))}</p>` +
    (B.bot ? "" : `<div class="buttons"><button type="button" id="btn-make-bot">${esc(t("bot_make_bot"))}</button></div>`) +
    `<form id="bot-token-form"><label class="row"><span>${esc(t("bot_label"))}</span><input name="label" maxlength="40"></label>` +
    `<div class="buttons"><button type="submit" class="primary">${esc(t("bot_make"))}</button></div></form>` +
    (B.fresh ? `<p>${esc(t("bot_new"))}<br><code id="bot-token-new">${esc(B.fresh)}</code></p>` : "") +
    `<p class="error" role="status">${esc(B.msg)}</p>${list}`;
  const mk = $("btn-make-bot");
  if (mk) mk.onclick = () => act(() => api("POST", "/api/account/bot", { bot: true }));
  $("bot-token-form").onsubmit = (ev) => {
    ev.preventDefault();
    const label = ev.target.elements.label.value;
    act(async () => { B.fresh = (await api("POST", "/api/account/tokens", { label })).token; });
  };
  card.querySelectorAll("[data-revoke]").forEach((b) => {
    b.onclick = () => act(() => api("DELETE", "/api/account/tokens/" + encodeURIComponent(b.dataset.revoke)));
  });
}

async function act(f) {
  try { await f(); B.msg = ""; } catch (e) { B.msg = e.message; }
  await refresh();
}

async function refresh() {
  try {
    const v = await api("GET", "/api/account/tokens");
    B.tokens = v.tokens || []; B.bot = !!v.bot;
  } catch (e) { B.tokens = null; B.fresh = ""; }
  render();
}

function mount() {
  const account = $("account");
  if (!account) return;
  // Again when the account box changes (logged in or out).
  let who = null;
  new MutationObserver(() => {
    const now = $("acc-who") ? $("acc-who").textContent : "";
    if (now !== who) { who = now; refresh(); }
  }).observe(account, { childList: true, subtree: true });
  new MutationObserver(render).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
}

loadBots();
mount();
