// The page's words in French and English, and the little helpers every
// module writes text with. Each game module adds its own words
// (addTexts) when it is loaded; the language is this module's own state.

const TEXTS = {
  fr: {
    storage_error: "Le serveur n'a pas pu enregistrer votre coup — réessayez.",
    new_game: "Nouvelle partie", mode_bot: "Contre l'ordinateur", mode_hotseat: "À deux sur cet écran",
    mode_online: "Avec un ami en ligne", strength: "Force de l'ordinateur", your_side: "Vous jouez",
    random_side: "au hasard", white_pl: "les blanches", black_pl: "les noires", your_name: "Votre nom",
    start: "Commencer", join_title: "Rejoindre une partie", room_code: "Code de la salle", join: "Rejoindre",
    watch: "Regarder", finished_games: "Parties terminées", loading: "Chargement…", roll: "Lancer les dés",
    undo: "Reprendre", hint: "Conseil", history: "Historique", record: "Feuille de partie",
    download_txt: "Télécharger (texte)", download_json: "JSON", home: "Accueil", white: "Blanches", black: "Noires",
    points: "Points", you: "vous", bot: "ordinateur", spectators: "{n} {n:spectateur|spectateurs}", watching: "Vous regardez la partie.",
    invite: "Invitez un ami avec ce lien :", watch_link: "Lien pour regarder :", copy: "Copier", copied: "Copié",
    room: "Salle", no_finished: "Aucune partie terminée pour l'instant.", view: "voir", side_turn: "{side} — ",
    waiting_friend: "En attente de votre ami…",
    select_hint: "Touchez une dame, puis sa destination (ou faites-la glisser).", resign: "Abandonner",
    resign_sure: "Abandonner la partie ?", resign_yes: "Oui, abandonner", resign_no: "Non",
    hint_title: "Conseil ({by}) :", disconnected: "Connexion perdue… reconnexion.", game_over: "Partie terminée",
    result: "Résultat", date: "Date", players: "Joueurs", thinking: "réfléchit…",
    not_your_turn: "Ce n'est pas votre tour.", analysis: "Analyse", review_link: "analyse",
    invited_by: "{who} vous invite à une partie de {game}.",
    invite_free: "Une place vous attend dans cette partie de {game}.", join_as: "Votre nom", join_play: "Jouer",
    friend_joined: "{who} a rejoint la partie.", qr_alt: "Code QR du lien d'invitation",
    my_games: "Mes parties en cours", no_my_games: "Aucune partie en cours dans ce navigateur.", my_turn: "à vous",
    their_turn: "à l'adversaire", resume: "reprendre", against: "contre", replay: "Revoir la partie",
    replay_step: "Étape {i} / {n}", replay_live: "Retour au direct", howto: "Comment jouer",
    level_random: "Débutant (au hasard)", level_greedy: "Facile", level_search1: "Moyen",
    level_search2: "Moyen+ (plus lent)", "level_neural-v1": "Fort (premier réseau)", level_neural1: "Fort+ (rapide)",
    level_neural: "Expert", level_neural2: "Expert+ (plus lent)", level_bg_neural0: "Fort (rapide)",
    level_bg_neural: "Expert", level_bg_neural2: "Expert+ (plus lent)", recommended: "conseillé",
    howto_tt: "Comment jouer au Grand Trictrac", howto_bg: "Comment jouer au backgammon",
    rematch: "Revanche", rematch_watch: "Voir la revanche", rematch_started: "Revanche : mêmes réglages, couleurs échangées.",
    sound_on: "Son : oui", sound_off: "Son : non",
  },
  en: {
    storage_error: "The server could not save your move — try again.",
    new_game: "New game", mode_bot: "Against the computer", mode_hotseat: "Two players at this screen",
    mode_online: "With a friend online", strength: "Computer strength", your_side: "You play",
    random_side: "at random", white_pl: "White", black_pl: "Black", your_name: "Your name", start: "Start",
    join_title: "Join a game", room_code: "Room code", join: "Join", watch: "Watch", finished_games: "Finished games",
    loading: "Loading…", roll: "Roll the dice", undo: "Take back", hint: "Hint", history: "History",
    record: "Game record", download_txt: "Download (text)", download_json: "JSON", home: "Home", white: "White",
    black: "Black", points: "Points", you: "you", bot: "computer", spectators: "{n} {n:spectator|spectators}",
    watching: "You are watching this game.", invite: "Invite a friend with this link:", watch_link: "Link to watch:",
    copy: "Copy", copied: "Copied", room: "Room", no_finished: "No finished game yet.", view: "view",
    side_turn: "{side} — ", waiting_friend: "Waiting for your friend…",
    select_hint: "Tap a checker, then its destination (or drag it).", resign: "Resign",
    resign_sure: "Resign the game?", resign_yes: "Yes, resign", resign_no: "No", hint_title: "Hint ({by}):",
    disconnected: "Connection lost… reconnecting.", game_over: "Game over", result: "Result", date: "Date",
    players: "Players", thinking: "is thinking…", not_your_turn: "It is not your turn.", analysis: "Analysis",
    review_link: "review", invited_by: "{who} invites you to a game of {game}.",
    invite_free: "A seat waits for you in this game of {game}.", join_as: "Your name", join_play: "Play",
    friend_joined: "{who} has joined the game.", qr_alt: "QR code of the invitation link",
    my_games: "My games in progress", no_my_games: "No game in progress in this browser.", my_turn: "your turn",
    their_turn: "opponent's turn", resume: "resume", against: "against", replay: "Replay the game",
    replay_step: "Step {i} / {n}", replay_live: "Back to the game", howto: "How to play",
    level_random: "Beginner (random)", level_greedy: "Easy", level_search1: "Medium",
    level_search2: "Medium+ (slower)", "level_neural-v1": "Strong (first network)", level_neural1: "Strong+ (fast)",
    level_neural: "Expert", level_neural2: "Expert+ (slower)", level_bg_neural0: "Strong (fast)",
    level_bg_neural: "Expert", level_bg_neural2: "Expert+ (slower)", recommended: "recommended",
    howto_tt: "How to play Grand Trictrac", howto_bg: "How to play backgammon",
    rematch: "Rematch", rematch_watch: "Watch the rematch", rematch_started: "Rematch: same settings, colours swapped.",
    sound_on: "Sound: on", sound_off: "Sound: off",
  },
};

let current = "fr";

/// The language shown: "fr" or "en".
export function lang() { return current; }
export function setLanguage(l) { current = l === "en" ? "en" : "fr"; return current; }

/// A game module's words, merged into the page's.
export function addTexts(texts) {
  for (const l of Object.keys(texts)) TEXTS[l] = Object.assign(TEXTS[l] || {}, texts[l]);
}
/// Whether a word exists (in English, the complete language).
export function hasText(key) { return !!TEXTS.en[key]; }

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
// A side's name inside a sentence: "les blanches", but "White".
export function sideMid(side) { return current === "fr" ? t(side).toLowerCase() : t(side); }
// A sentence starts with a capital ("White starts.", "Les blanches …").
export function capFirst(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }
export function other(side) { return side === "white" ? "black" : "white"; }
export function sign(side) { return side === "white" ? 1 : -1; }
export const $ = (id) => document.getElementById(id);
