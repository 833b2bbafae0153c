// Grand Trictrac in the browser: the tablier, the panel, the protocol of
// docs/PROTOCOL.md. Plain JavaScript, no build step; the server is the
// authority and this page only sends intentions.
"use strict";

// ---------------------------------------------------------------- texts
const TEXTS = {
  fr: {
    new_game: "Nouvelle partie", mode_bot: "Contre l'ordinateur", mode_hotseat: "À deux sur cet écran",
    mode_online: "Avec un ami en ligne", strength: "Force de l'ordinateur", your_side: "Vous jouez",
    random_side: "au hasard", white_pl: "les blanches", black_pl: "les noires", your_name: "Votre nom",
    rules_options: "Options de règle", opt_marking: "Marque", marking_auto: "automatique",
    marking_manual: "par les joueurs (écoles)", opt_first: "Primauté", first_one: "un dé chacun",
    opt_exit: "Sortie", opt_exit_roll: "Après la sortie", exit_fresh: "nouveau coup", exit_pour_tout: "pour tout",
    opt_payout: "Enjeux", payout_none: "simple", opt_old_jans: "Anciens jans", off: "non", on: "oui",
    start: "Commencer", join_title: "Rejoindre une partie", room_code: "Code de la salle", join: "Rejoindre",
    watch: "Regarder", finished_games: "Parties terminées", loading: "Chargement…", roll: "Lancer les dés",
    stay: "Tenir", leave: "S'en aller", undo: "Reprendre", hint: "Conseil", declare: "Marquer",
    school: "Envoyer à l'école", score: "Marque", jans_of_roll: "Jans du coup", history: "Historique",
    record: "Feuille de partie", download_txt: "Télécharger (texte)", download_json: "JSON", home: "Accueil",
    white: "Blanches", black: "Noires", points: "Points", holes: "Trous", bredouille: "Bredouille",
    pavillon: "Pavillon", nobody: "personne", either: "libre", none_b: "aucun", you: "vous",
    bot: "ordinateur", spectators: "spectateurs", watching: "Vous regardez la partie.",
    invite: "Invitez un ami avec ce lien :", watch_link: "Lien pour regarder :", copy: "Copier", copied: "Copié",
    room: "Salle", no_finished: "Aucune partie terminée pour l'instant.", view: "voir",
    your_turn_roll: "À vous : lancez les dés.", your_turn_play: "À vous de jouer le {dice}.",
    your_turn_decide: "Vous avez gagné un trou : tenir ou s'en aller ?", your_turn_mark: "Marquez vos points (et envoyez à l'école s'il y a lieu).",
    their_turn_roll: "{who} doit lancer les dés.", their_turn_play: "{who} joue le {dice}.",
    their_turn_decide: "{who} choisit de tenir ou de s'en aller.", their_turn_mark: "{who} marque ses points.",
    side_turn: "{side} — ", wins: "{who} gagne la partie ({stake}).", waiting_friend: "En attente de votre ami…",
    select_hint: "Touchez une dame, puis sa destination (ou faites-la glisser).",
    no_roll: "Pas encore de coup.", rolled: "{side} : {dice} ({name})", no_jan: "aucun jan",
    first_move: "Primauté : blanches {w}, noires {b}", starts: "Les {side} commencent.",
    releve_exit: "Nouveau relevé (sortie) : les {side} commencent.", releve_leave: "Nouveau relevé ({side} s'en va).",
    school_line: "École {kind} : {side} +{points}", over_line: "Les {side} gagnent ({stake}).",
    contest: "Contester l'école", contest_line: "École contestée par les {side} ({kind}) : +{points}",
    resign: "Abandonner", resign_sure: "Abandonner la partie ?", resign_yes: "Oui, abandonner", resign_no: "Non",
    resign_line: "Les {side} abandonnent.", free_play: "Jouer (même faux)", free_play_ph: "ex. 1-5 1-4",
    settle_leave: "Laisser le faux coup", settle_correct: "Faire corriger", settle_own: "Corriger mon coup",
    false_line: "Faux coup des {side} : {play}", settled_line: "Faux coup {how} par les {side}",
    settled_accept: "laissé", settled_correct: "corrigé",
    marque_line: "Marqué {i} : {who} ({w}–{b} trous), {value} points", refait: "refait",
    marque_totals: "Partie à écrire — totaux : blanches {w}, noires {b}", marque_pay: "paiement : {side} reçoivent {n}",
    stay_word: "tient", leave_word: "s'en va", hint_title: "Conseil ({by}) :", mover: "joueur", opponent: "adversaire",
    disconnected: "Connexion perdue… reconnexion.", game_over: "Partie terminée",
    declared: "déclaré", exit_word: "sortie", result: "Résultat", date: "Date", players: "Joueurs",
    ways: "façons", way: "façon", marked: "marqué", thinking: "réfléchit…",
    names_numbers: "Numéros 1…24", names_classical: "Classiques BT…N11", names_soumille: "Soumille A…&", names_lepeintre: "Lepeintre a…y",
    names_title: "Noms des flèches : numéros 1 à 24, noms classiques des traités (T, 1…11 de chaque côté), lettres de Soumille ou de Lepeintre (R-1.6)",
    names_note: "Noms {names} : {w1} talon des blanches … {w12} leur coin de repos, {b13} coin de repos des noires … {b24} leur talon. Survolez un nom souligné : talon, coin bourgeois, case du diable, case des écoliers, coin de repos. Les coups restent écrits en numéros 1-24.",
    named_field_title: "{label} : {name} des {side}",
    not_yours: "Cette dame est aux {side} : vous jouez les {mine}.",
    not_your_turn: "Ce n'est pas votre tour.",
    cannot_now: "Pas de dame à jouer maintenant : {what}",
    finish_play: "Cette dame ne peut pas continuer le coup commencé : « Reprendre » pour recommencer.",
    hint_equity: "espérance : l'enjeu moyen (R-9.1) gagné par le joueur qui décide, écart au meilleur entre parenthèses",
    hint_sl: "Tenir {stay} · S'en aller {leave} (R-8.6) — meilleur : {best}",
    hint_best: "meilleur",
    analysis: "Analyse", review: "Analyser la partie", analyse_position: "Chances de la position",
    review_loading: "Analyse de la partie en cours…", review_title: "Analyse par {ev}",
    review_sum: "{side} : {n} décisions, {lost} d'espérance perdue ({mean} par décision) ; {d} douteuses (≥ {t0}), {e} erreurs (≥ {t1}), {b} gaffes (≥ {t2})",
    review_none: "Aucune décision n'a perdu d'espérance.",
    review_step: "{side} {dice} : joué {played} ({ep}), meilleur {best} ({eb}) — perdu {err}",
    review_no_decision: "Pas de décision à cette étape.", review_worst: "Les plus grosses pertes :",
    review_best_arrows: "flèches bleues : le meilleur coup", review_link: "analyse", review_at: "étape {i}",
    analysis_title: "Table des hasards",
    analysis_expl: "Posez une position en TPN (« w:1x15 b:24x15 w » est le départ ; cases absolues 1-24, blanches en w, noires en b, puis le joueur au trait) et comptez, comme les traités, les coups de dés sur 36 (un coup simple compte deux fois, un doublet une fois) qui amènent l'événement au joueur au trait.",
    an_position: "Position (TPN)", an_question: "Question", an_hit: "battre (R-6.1)", an_fill: "remplir (R-6.5)",
    an_point: "faire une case", an_corner: "prendre son coin (R-4.1, R-4.3)", an_field: "Case(s) (ou « any »)", an_jan: "Jan",
    an_count: "Compter", an_back: "Retour", an_result: "{n} sur 36 ({pct} %) pour les {side}", an_none: "aucun coup",
    invited_by: "{who} vous invite à une partie de {game}.",
    invite_free: "Une place vous attend dans cette partie de {game}.",
    join_as: "Votre nom", join_play: "Jouer",
    friend_joined: "{who} a rejoint la partie.",
    qr_alt: "Code QR du lien d'invitation",
    my_games: "Mes parties en cours", no_my_games: "Aucune partie en cours dans ce navigateur.",
    my_turn: "à vous", their_turn: "à l'adversaire", resume: "reprendre", against: "contre",
    replay: "Revoir la partie", replay_step: "Étape {i} / {n}", replay_live: "Retour au direct",
    howto: "Comment jouer", pts: "pts", hole_1: "trou", hole_n: "trous",
    level_random: "Débutant (au hasard)", level_greedy: "Facile", level_search1: "Moyen",
    level_search2: "Moyen+ (plus lent)", "level_neural-v1": "Fort (premier réseau)", level_neural1: "Fort+ (rapide)",
    level_neural: "Expert", level_neural2: "Expert+ (plus lent)",
    level_bg_neural0: "Fort (rapide)", level_bg_neural: "Expert", level_bg_neural2: "Expert (neural2)",
    recommended: "conseillé",
    expl_marking: "Automatique : l'ordinateur compte les points. Par les joueurs : vous déclarez vos points ; une erreur est une école pour l'adversaire (R-10).",
    expl_first: "Qui commence (R-2.2) : un dé chacun, puis le gagnant lance ses deux dés ; ou « coup et dés » : un coup décide et se joue ; ou deux dés chacun, le plus fort total commence.",
    expl_exit: "La sortie des dames (R-4.7) : parisienne, la règle courante ; provinciale, plus lente.",
    expl_exit_roll: "Après avoir tout sorti (R-4.8) : un nouveau coup, ou le coup de sortie sert aussi de premier coup (« pour tout »).",
    expl_payout: "Ce que vaut la partie gagnée selon la bredouille et le pavillon (R-9.1).",
    expl_old_jans: "Trois jans des anciens traités, abandonnés ensuite (R-6.6).",
    first_two_each: "deux dés chacun", payout_honneurs: "à honneurs", opt_false: "Fausses cases", false_refused: "refusées",
    false_table: "à la table", expl_false: "À la table, un coup faux reste joué ; l'adversaire, avant de lancer, le laisse ou le fait corriger ; son auteur peut le corriger d'abord (section 11).",
    opt_partie: "Partie", partie_douze: "en douze trous", partie_ecrire: "à écrire (2 marqués)",
    expl_partie: "À écrire : une suite de marqués, chacun payé par la différence des trous ; on paie la différence des totaux (R-9.2).",
  },
  en: {
    new_game: "New game", mode_bot: "Against the computer", mode_hotseat: "Two players at this screen",
    mode_online: "With a friend online", strength: "Computer strength", your_side: "You play",
    random_side: "at random", white_pl: "White", black_pl: "Black", your_name: "Your name",
    rules_options: "Rule options", opt_marking: "Marking", marking_auto: "automatic",
    marking_manual: "by the players (schools)", opt_first: "First move", first_one: "one die each",
    opt_exit: "Bearing off", opt_exit_roll: "After bearing off", exit_fresh: "fresh roll", exit_pour_tout: "pour tout",
    opt_payout: "Stakes", payout_none: "simple", opt_old_jans: "Old jans", off: "no", on: "yes",
    start: "Start", join_title: "Join a game", room_code: "Room code", join: "Join",
    watch: "Watch", finished_games: "Finished games", loading: "Loading…", roll: "Roll the dice",
    stay: "Stay (tenir)", leave: "Leave (s'en aller)", undo: "Take back", hint: "Hint", declare: "Mark",
    school: "Claim a school", score: "Score", jans_of_roll: "Jans of the roll", history: "History",
    record: "Game record", download_txt: "Download (text)", download_json: "JSON", home: "Home",
    white: "White", black: "Black", points: "Points", holes: "Holes", bredouille: "Bredouille",
    pavillon: "Pavillon", nobody: "nobody", either: "open", none_b: "none", you: "you",
    bot: "computer", spectators: "spectators", watching: "You are watching this game.",
    invite: "Invite a friend with this link:", watch_link: "Link to watch:", copy: "Copy", copied: "Copied",
    room: "Room", no_finished: "No finished game yet.", view: "view",
    your_turn_roll: "Your turn: roll the dice.", your_turn_play: "Your turn: play the {dice}.",
    your_turn_decide: "You won a hole: stay or leave?", your_turn_mark: "Mark your points (and claim a school if there is one).",
    their_turn_roll: "{who} must roll.", their_turn_play: "{who} plays the {dice}.",
    their_turn_decide: "{who} chooses to stay or leave.", their_turn_mark: "{who} marks his points.",
    side_turn: "{side} — ", wins: "{who} wins the game ({stake}).", waiting_friend: "Waiting for your friend…",
    select_hint: "Tap a checker, then its destination (or drag it).",
    no_roll: "No roll yet.", rolled: "{side}: {dice} ({name})", no_jan: "no jan",
    first_move: "First move: White {w}, Black {b}", starts: "{side} starts.",
    releve_exit: "New relevé (bore off): {side} starts.", releve_leave: "New relevé ({side} left).",
    school_line: "School {kind}: {side} +{points}", over_line: "{side} wins ({stake}).",
    contest: "Contest the school", contest_line: "School contested by {side} ({kind}): +{points}",
    resign: "Resign", resign_sure: "Resign the game?", resign_yes: "Yes, resign", resign_no: "No",
    resign_line: "{side} resigns.", free_play: "Play (even false)", free_play_ph: "e.g. 1-5 1-4",
    settle_leave: "Leave the false move", settle_correct: "Have it corrected", settle_own: "Correct my move",
    false_line: "False move by {side}: {play}", settled_line: "False move {how} by {side}",
    settled_accept: "left", settled_correct: "corrected",
    marque_line: "Marqué {i}: {who} ({w}–{b} holes), {value} points", refait: "refait",
    marque_totals: "Partie à écrire — totals: White {w}, Black {b}", marque_pay: "payment: {side} receives {n}",
    stay_word: "stays", leave_word: "leaves", hint_title: "Hint ({by}):", mover: "mover", opponent: "opponent",
    disconnected: "Connection lost… reconnecting.", game_over: "Game over",
    declared: "declared", exit_word: "exit", result: "Result", date: "Date", players: "Players",
    ways: "ways", way: "way", marked: "marked", thinking: "is thinking…",
    names_numbers: "Numbers 1…24", names_classical: "Classical BT…N11", names_soumille: "Soumille A…&", names_lepeintre: "Lepeintre a…y",
    names_title: "Field names: numbers 1 to 24, the treatises' classical names (T, 1…11 on each side), Soumille's or Lepeintre's letters (R-1.6)",
    names_note: "{names} names: {w1} White's talon … {w12} its rest corner, {b13} Black's rest corner … {b24} its talon. Hover an underlined name: talon, coin bourgeois, case du diable, case des écoliers, coin de repos. Plays are still written in numbers 1-24.",
    named_field_title: "{label}: {side}'s {name}",
    not_yours: "This checker is {side}'s: you play {mine}.",
    not_your_turn: "It is not your turn.",
    cannot_now: "No checker to play now: {what}",
    finish_play: "This checker cannot go on with the play begun: “Take back” to start again.",
    hint_equity: "equity: the expected stake (R-9.1) won by the side deciding; the difference from the best in brackets",
    hint_sl: "Stay {stay} · Leave {leave} (R-8.6) — best: {best}",
    hint_best: "best",
    analysis: "Analysis", review: "Review the game", analyse_position: "Chances of this position",
    review_loading: "Reviewing the game…", review_title: "Review by {ev}",
    review_sum: "{side}: {n} decisions, equity lost {lost} ({mean} per decision); {d} doubtful (≥ {t0}), {e} errors (≥ {t1}), {b} blunders (≥ {t2})",
    review_none: "No decision lost equity against the bot's best.",
    review_step: "{side} {dice}: played {played} ({ep}), best {best} ({eb}) — lost {err}",
    review_no_decision: "No decision at this step.", review_worst: "The biggest losses:",
    review_best_arrows: "blue arrows: the best play", review_link: "review", review_at: "step {i}",
    analysis_title: "Table of chances",
    analysis_expl: "Set up a position in TPN (“w:1x15 b:24x15 w” is the start; absolute fields 1-24, White's after w, Black's after b, then the side to move) and count, as the treatises do, the rolls of 36 (a single twice, a double once) that bring the event to the side to move.",
    an_position: "Position (TPN)", an_question: "Question", an_hit: "hit (R-6.1)", an_fill: "fill (R-6.5)",
    an_point: "make a point", an_corner: "take the corner (R-4.1, R-4.3)", an_field: "Field(s) (or “any”)", an_jan: "Jan",
    an_count: "Count", an_back: "Back", an_result: "{n} of 36 ({pct} %) for {side}", an_none: "no roll",
    invited_by: "{who} invites you to a game of {game}.",
    invite_free: "A seat waits for you in this game of {game}.",
    join_as: "Your name", join_play: "Play",
    friend_joined: "{who} has joined the game.",
    qr_alt: "QR code of the invitation link",
    my_games: "My games in progress", no_my_games: "No game in progress in this browser.",
    my_turn: "your turn", their_turn: "opponent's turn", resume: "resume", against: "against",
    replay: "Replay the game", replay_step: "Step {i} / {n}", replay_live: "Back to the game",
    howto: "How to play", pts: "pts", hole_1: "hole", hole_n: "holes",
    level_random: "Beginner (random)", level_greedy: "Easy", level_search1: "Medium",
    level_search2: "Medium+ (slower)", "level_neural-v1": "Strong (first network)", level_neural1: "Strong+ (fast)",
    level_neural: "Expert", level_neural2: "Expert+ (slower)",
    level_bg_neural0: "Strong (fast)", level_bg_neural: "Expert", level_bg_neural2: "Expert (neural2)",
    recommended: "recommended",
    expl_marking: "Automatic: the computer counts the points. By the players: you declare your points; a mistake is a school for your opponent (R-10).",
    expl_first: "Who starts (R-2.2): one die each, then the winner rolls both dice; or “coup et dés”: one roll decides and is played; or two dice each, the higher total starts.",
    expl_exit: "Bearing off (R-4.7): parisienne, the usual rule; provinciale, slower.",
    expl_exit_roll: "After bearing off everything (R-4.8): a fresh roll, or the exit roll also serves as the first move (“pour tout”).",
    expl_payout: "What a won game is worth with the bredouille and the pavillon (R-9.1).",
    expl_old_jans: "Three jans of the old treatises, later abandoned (R-6.6).",
    first_two_each: "two dice each", payout_honneurs: "à honneurs", opt_false: "False moves", false_refused: "refused",
    false_table: "at the table", expl_false: "At the table a false play stands; before rolling, the opponent leaves it or has it corrected; its author may correct it first (section 11).",
    opt_partie: "Game", partie_douze: "to twelve holes", partie_ecrire: "à écrire (2 marqués)",
    expl_partie: "À écrire: a series of marqués, each worth the difference in holes; the difference of the totals is paid (R-9.2).",
  },
};

const S = {
  lang: "fr",
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
  steps: [],
  selected: null,
  busy: false,
  hint: null,
  drag: null,
  info: null,
  retry: 500,
  fieldNames: "numbers", // field names: numbers, classical, soumille, lepeintre
  why: null,          // the last answer to `why`
  replay: null,       // { i, frames } while stepping through the history
  invited: null,      // the room summary shown to an invited friend
};
window.__trictrac = S; // for tests and curious players

const $ = (id) => document.getElementById(id);
function t(key, vars) {
  let s = (TEXTS[S.lang] && TEXTS[S.lang][key]) || TEXTS.en[key] || key;
  if (vars) for (const k in vars) s = s.split("{" + k + "}").join(vars[k]);
  return s;
}
function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}
function sideName(side) { return t(side); }
// A side's name inside a sentence: "les blanches", but "White".
function sideMid(side) { return S.lang === "fr" ? t(side).toLowerCase() : t(side); }

function setLang(lang) {
  S.lang = lang === "en" ? "en" : "fr";
  try { localStorage.setItem("trictrac.lang", S.lang); } catch (e) { /* private mode */ }
  document.documentElement.lang = S.lang;
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  $("lang-fr").classList.toggle("active", S.lang === "fr");
  $("lang-en").classList.toggle("active", S.lang === "en");
  if (S.state) render();
  if (S.info && typeof fillBots === "function") fillBots(new FormData($("new-game")).get("game") || "trictrac");
  loadFinished();
  loadMine();
  if (S.invited) showInvitation();
}

function toast(msg) {
  const el = $("toast");
  el.textContent = msg;
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.hidden = true; }, 5000);
}

// ------------------------------------------------------------- protocol
function wsUrl() {
  return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
}

function connect() {
  const ws = new WebSocket(wsUrl());
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
    if (S.state) { renderStatus(); }
    setTimeout(connect, S.retry);
    S.retry = Math.min(S.retry * 2, 8000);
  };
}

function send(m) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(m));
  else S.queue.push(m);
}

function act(m) {
  if (S.busy || !S.state) return;
  m.seq = S.state.seq;
  S.busy = true;
  send(m);
  renderButtons();
}

function onMessage(m) {
  switch (m.type) {
    case "welcome": {
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
      const start = m.history_start;
      if (start > S.history.length) { send({ type: "sync" }); }
      else { S.history.length = start; S.history.push(...m.history); }
      const moved = !S.state || S.state.seq !== m.seq;
      const before = S.state;
      S.state = m;
      if (before && m.mode === "online" && S.seats.length && S.role === "player") {
        const other = ["white", "black"].find((x) => !S.seats.includes(x));
        if (other && !before.seats[other].taken && m.seats[other].taken) {
          toast(t("friend_joined", { who: m.seats[other].name || sideName(other) }));
        }
      }
      if (moved) { S.steps = []; S.selected = null; S.hint = null; S.busy = false; }
      if (S.wantReview && m.game === "trictrac" && m.history_start === 0 && m.phase.kind === "over") { S.wantReview = false; S.wantReplay = false; render(); startReview(); }
      else if (S.wantReplay && m.game === "trictrac" && m.history_start === 0) { S.wantReplay = false; startReplay(0); }
      else if (S.replay) { S.replay.frames = replayFrames(); render(); }
      else render();
      break;
    }
    case "ack":
      S.busy = false;
      renderButtons();
      break;
    case "error":
      S.busy = false;
      S.steps = []; S.selected = null;
      toast(m.message);
      if (S.state) render();
      else if (S.joinMsg && /room code|no seat/.test(m.message)) { S.joinMsg = null; }
      break;
    case "hint":
      S.hint = m;
      render();
      break;
    case "why":
      S.why = m;
      toast(m.message);
      break;
  }
}

// --------------------------------------------------------------- home
async function loadInfo() {
  try {
    const r = await fetch("/api/info");
    S.info = await r.json();
  } catch (e) { S.info = { bots: ["random"], default_bot: "random" }; }
  // The server's default rule options preset the form.
  const form = $("new-game");
  for (const w of (S.info.options || "").split(/\s+/)) {
    const [k, v] = w.split("=");
    const el = form.elements[k];
    if (el && v && [...el.options].some((o) => o.value === v)) el.value = v;
  }
  $("bot-select").dataset.game = "";
  fillBots(new FormData(form).get("game") || "trictrac");
  // The field names came with the info: draw them on a board already shown.
  if (S.state && !isBg()) render();
}

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
    const opp = ["white", "black"].filter((x) => !mine.includes(x)).map((x) => g[x].name).join(", ");
    const turn = g.turn && mine.includes(g.turn);
    rows.push({ g, opp, turn });
  }
  if (!rows.length) { box.innerHTML = `<p class="muted">${esc(t("no_my_games"))}</p>`; return; }
  rows.sort((a, b) => (b.turn - a.turn) || (b.g.created - a.g.created));
  let h = "<table>";
  for (const { g, opp, turn } of rows) {
    const kind = g.game === "backgammon" ? "Backgammon" : "Trictrac";
    h += `<tr class="my-game" data-room="${esc(g.room)}"><td>${esc(g.room)}<br><span class="muted">${esc(kind)}</span></td>` +
      `<td>${opp ? esc(t("against")) + " " + esc(opp) : ""}</td>` +
      `<td>${turn ? "<b>" + esc(t("my_turn")) + "</b>" : esc(t("their_turn"))}</td>` +
      `<td><a href="/?room=${encodeURIComponent(g.room)}">${esc(t("resume"))}</a></td></tr>`;
  }
  box.innerHTML = h + "</table>";
}

async function loadFinished() {
  const box = $("finished");
  if (!box || $("home").hidden) return;
  try {
    const r = await fetch("/api/games");
    const j = await r.json();
    if (!j.finished || !j.finished.length) { box.innerHTML = `<p class="muted">${esc(t("no_finished"))}</p>`; return; }
    let h = `<table><tr><th>${esc(t("room"))}</th><th>${esc(t("players"))}</th><th>${esc(t("result"))}</th><th></th></tr>`;
    for (const g of j.finished) {
      const d = new Date(g.finished * 1000).toLocaleDateString(S.lang);
      h += `<tr><td>${esc(g.id)}<br><span class="muted">${esc(g.game === "backgammon" ? "Backgammon" : "Trictrac")} · ${esc(d)}</span></td><td>${esc(g.white)} – ${esc(g.black)}</td>` +
        `<td>${esc(g.result)}</td><td><a href="/?room=${encodeURIComponent(g.id)}&watch=1${g.game === "backgammon" ? "" : "&replay=1"}">${esc(t("view"))}</a> · ` +
        (g.game === "backgammon"
          ? `<a href="/api/games/${encodeURIComponent(g.id)}.mat" download>mat</a></td></tr>`
          : `<a class="review-link" href="/?room=${encodeURIComponent(g.id)}&watch=1&review=1">${esc(t("review_link"))}</a> · ` +
            `<a href="/api/games/${encodeURIComponent(g.id)}.txt" download>txt</a> · <a href="/api/games/${encodeURIComponent(g.id)}.json" download>json</a></td></tr>`);
    }
    box.innerHTML = h + "</table>";
  } catch (e) { box.textContent = String(e); }
}

function newGame(ev) {
  ev.preventDefault();
  const f = new FormData($("new-game"));
  const mode = f.get("mode");
  const game = f.get("game") || "trictrac";
  const options = game === "backgammon"
    ? f.get("preset") + (Number(f.get("length")) > 0 ? " match=" + f.get("length") : "")
    : ["marking", "first-move", "exit", "exit-roll", "payout", "old-jans", "false-moves"].map((k) => k + "=" + f.get(k)).join(" ") +
      (f.get("partie") === "ecrire" ? " game=ecrire marques=2" : "");
  const msg = { type: "create", game, mode, options, name: (f.get("name") || "").trim() };
  if (mode === "bot") msg.bot = f.get("bot");
  if (mode !== "hotseat") msg.side = f.get("side");
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
  send(S.joinMsg);
}

// The computer players by strength, weakest first (docs/STRENGTH.md), and
// the one the page offers first: the level most players should meet.
const LEVELS = {
  trictrac: { order: ["random", "greedy", "search1", "search2", "neural-v1", "neural1", "neural", "neural2"], recommended: "search1" },
  backgammon: { order: ["random", "greedy", "neural0", "neural", "neural2"], recommended: "neural0" },
};
function levelName(game, bot) {
  const key = game === "backgammon" && TEXTS.en["level_bg_" + bot] ? "level_bg_" + bot : "level_" + bot;
  return TEXTS.en[key] ? t(key) : bot;
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
  const game = g.game === "backgammon" ? "Backgammon" : "Grand Trictrac";
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
  joinNow({ type: "join", room, watch: false, name });
}

function updateFormRows() {
  const mode = new FormData($("new-game")).get("mode");
  $("bot-row").hidden = mode !== "bot";
  $("side-row").hidden = mode === "hotseat";
}

function showGame() {
  $("home").hidden = true;
  $("invited").hidden = true;
  $("game").hidden = false;
}

// --------------------------------------------------------------- board
const W = 410 / 6;               // width of a flèche
const R = 27;                    // checker radius
const MID = 360;
function colX(c) { return c < 6 ? 40 + (c + 0.5) * W : 510 + (c - 6 + 0.5) * W; }
function colLeft(c) { return c < 6 ? 40 + c * W : 510 + (c - 6) * W; }
function bottomSide() {
  if (S.seats.length === 1) return S.seats[0];
  return "white";
}
function flipped() { return bottomSide() === "black"; }
// Where absolute field f is drawn: column 0..11 left to right, and row.
function place(f) {
  const k = flipped() ? 25 - f : f;
  return k <= 12 ? { col: k - 1, bottom: true } : { col: 24 - k, bottom: false };
}
function fieldAt(x, y) {
  if (isBg()) return bgFieldAt(x, y);
  if (x >= 925) return 0; // a tray: bearing off
  let col = null;
  if (x >= 40 && x < 450) col = Math.floor((x - 40) / W);
  else if (x >= 510 && x < 920) col = 6 + Math.floor((x - 510) / W);
  if (col === null || y < 50 || y > 670) return null;
  const k = y > MID ? col + 1 : 24 - col;
  return flipped() ? 25 - k : k;
}

function sign(side) { return side === "white" ? 1 : -1; }

// The board with the moves already made this turn.
function currentBoard(st) {
  st = st || S.state;
  const b = st.board.slice();
  const off = { white: st.off.white, black: st.off.black };
  const side = st.phase.side;
  for (const [from, to] of (st === S.state ? S.steps : [])) {
    b[from - 1] -= sign(side);
    if (to > 0) b[to - 1] += sign(side); else off[side] += 1;
  }
  return { b, off };
}

// Every way to make each legal play one move at a time; a tout d'une can
// also be made in one move.
function orderings() {
  const st = S.state;
  const out = [];
  const own = (f) => st.board[f - 1] * sign(st.phase.side) > 0;
  for (const p of st.plays || []) {
    const m = p.m;
    if (m.length === 1) out.push({ p, seq: [m[0]] });
    else if (m.length === 2) {
      if (m[1][0] === m[0][1]) {
        out.push({ p, seq: [m[0], m[1]] });
        out.push({ p, seq: [[m[0][0], m[1][1]]] });
        if (own(m[0][1])) out.push({ p, seq: [m[1], m[0]] });
      } else {
        out.push({ p, seq: [m[0], m[1]] });
        out.push({ p, seq: [m[1], m[0]] });
      }
    }
  }
  return out;
}
function candidates() {
  const n = S.steps.length;
  return orderings().filter((o) => o.seq.length >= n &&
    S.steps.every((s, i) => o.seq[i][0] === s[0] && o.seq[i][1] === s[1]));
}
function myTurn() {
  const st = S.state;
  return !!st && st.phase.side && st.phase.kind !== "over" && S.seats.includes(st.phase.side);
}
function canMove() {
  const st = S.state;
  const waiting = st.mode === "online" && !(st.seats.white.taken && st.seats.black.taken);
  return myTurn() && st.phase.kind === "play" && !S.busy && !waiting;
}
function movableFrom() {
  if (isBg()) return bgMovableFrom();
  if (!canMove()) return new Set();
  const n = S.steps.length;
  return new Set(candidates().filter((o) => o.seq.length > n).map((o) => o.seq[n][0]));
}
function destsFrom(f) {
  if (isBg()) return bgDestsFrom(f);
  const n = S.steps.length;
  return new Set(candidates().filter((o) => o.seq.length > n && o.seq[n][0] === f).map((o) => o.seq[n][1]));
}

function step(from, to) {
  if (isBg()) { bgStep(from, to); return; }
  S.steps.push([from, to]);
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
  if (!canMove()) { explainStill(f); return; }
  if (S.selected !== null) {
    const d = destsFrom(S.selected);
    if (d.has(f)) { step(S.selected, f); return; }
  }
  const mv = movableFrom();
  if (!mv.has(f) && f !== "off" && f > 0) explain(f);
  S.selected = mv.has(f) && S.selected !== f ? f : null;
  render();
}

// A click on a checker that cannot be played says why: another side's
// checker here; for one of the mover's, the server asks the engine, which
// names the rule (R-3.3, R-4.1, …).
function explain(f) {
  const st = S.state;
  const side = st.phase.side;
  const c = currentBoard().b[f - 1];
  if (!c) return;
  const owner = c > 0 ? "white" : "black";
  if (owner !== side) {
    toast(capFirst(t("not_yours", { side: sideMid(owner), mine: sideMid(side) })));
  } else if (S.steps.length) {
    toast(t("finish_play"));
  } else {
    send({ type: "why", field: f });
  }
}
// A click on a checker when nothing can be played now.
function explainStill(f) {
  const st = S.state;
  if (isBg() || !st || st.phase.kind === "over" || !S.seats.length || typeof f !== "number") return;
  if (!st.board[f - 1]) return;
  if (!myTurn()) { toast(t("not_your_turn")); return; }
  const what = { roll: t("your_turn_roll"), stay_or_leave: t("your_turn_decide"), mark: t("your_turn_mark") }[st.phase.kind];
  if (what) toast(t("cannot_now", { what }));
}

// --------------------------------------------------------------- replay
// The positions of a finished (or running) game, one per history entry,
// rebuilt from the plays of the history (NOTATION.md: absolute fields).
function replayFrames() {
  const st = S.state;
  const start = () => { const b = new Array(24).fill(0); b[0] = 15; b[23] = -15; return b; };
  let b = start();
  let off = { white: 0, black: 0 };
  let score = { white: { points: 0, holes: 0 }, black: { points: 0, holes: 0 }, bredouille: "e", pavillon: "e" };
  const frames = [];
  const frame = (extra) => frames.push(Object.assign({}, st, {
    board: b.slice(), off: Object.assign({}, off), score, plays: [], dice: null, roll: null,
    last_play: null, phase: { kind: "replay", side: null },
  }, extra));
  frame({});
  // The moves of a play written in absolute fields, made for `side` (or
  // taken back with `undo`).
  const apply = (text, side, undo) => {
    const moves = [];
    for (const tok of (text || "").split(/\s+/)) {
      if (!tok || tok === "--") continue;
      const parts = tok.split("-");
      const from = Number(parts[0]);
      const last = parts[parts.length - 1];
      const to = last === "off" ? 0 : Number(last);
      if (!(from >= 1 && from <= 24) || !(to >= 0 && to <= 24)) continue;
      const sg = undo ? -sign(side) : sign(side);
      b[from - 1] -= sg;
      if (to > 0) b[to - 1] += sg; else off[side] += undo ? -1 : 1;
      moves.push([from, to]);
    }
    return moves;
  };
  let lastFalse = null;
  for (const e of S.history) {
    if (e.kind === "releve" || e.kind === "marque") { b = start(); off = { white: 0, black: 0 }; frame({}); continue; }
    if (e.score) score = e.score;
    if (e.kind === "false_move") lastFalse = e;
    if (e.kind === "settled" && e.corrected && lastFalse) {
      // Section 11: the false play taken back, its correction made.
      apply(lastFalse.play, lastFalse.side, true);
      apply(e.corrected, lastFalse.side, false);
    }
    if (e.kind !== "roll") { frame({}); continue; }
    const moves = apply(e.play, e.side, false);
    frame({ roll: e, last_play: moves.length ? { m: moves } : null, phase: { kind: "replay", side: other(e.side) } });
  }
  return frames;
}
function startReplay(i) {
  const frames = replayFrames();
  S.replay = { frames, i: Math.max(0, Math.min(i === undefined ? frames.length - 1 : i, frames.length - 1)) };
  S.selected = null;
  render();
}
function replayGo(i) {
  if (!S.replay) return;
  S.replay.i = Math.max(0, Math.min(i, S.replay.frames.length - 1));
  render();
}

// ---------------------------------------------------------------- review
// The review of a finished game (/api/games/ROOM/review.json, the review
// of `trictrac review`): every decision against the bot's best, stepped
// through on the replay, the errors marked.
async function startReview() {
  if (!S.state || isBg()) return;
  S.review = { loading: true };
  renderReviewBox();
  let j = null;
  try {
    const r = await fetch("/api/games/" + encodeURIComponent(S.state.room) + "/review.json");
    j = await r.json();
    if (!r.ok) { S.review = null; toast(j.error || String(r.status)); render(); return; }
  } catch (e) { S.review = null; toast(String(e)); render(); return; }
  S.review = j;
  reviewFrames();
  startReplay(0);
}
// The replay frame of each decision: after its roll's history entry.
function reviewFrames() {
  if (!S.review || !S.review.decisions) return;
  const rf = [];
  S.history.forEach((e, i) => { if (e.kind === "roll") rf.push(i + 1); });
  for (const d of S.review.decisions) d.frame = rf[d.roll];
}
function reviewClass(err) {
  const th = (S.review && S.review.thresholds) || [0.04, 0.08, 0.16];
  return err >= th[2] ? "rv-blunder" : err >= th[1] ? "rv-error" : err >= th[0] ? "rv-doubtful" : err > 0 ? "rv-small" : "rv-ok";
}
function eq(x) { return (x >= 0 ? "+" : "−") + Math.abs(x).toFixed(3); }
function decisionsAt(frame) {
  return S.review && S.review.decisions ? S.review.decisions.filter((d) => d.frame === frame) : [];
}
function renderReviewBox() {
  const box = $("review-box");
  if (!S.review || isBg()) { box.hidden = true; box.innerHTML = ""; return; }
  box.hidden = false;
  if (S.review.loading) { box.innerHTML = `<p id="review-loading">${esc(t("review_loading"))}</p>`; return; }
  const rv = S.review, th = rv.thresholds;
  let h = `<h3>${esc(t("review_title", { ev: rv.evaluator }))}</h3><ul id="review-summary">`;
  for (const side of ["white", "black"]) {
    const x = rv.summary[side];
    h += `<li data-side="${side}">${esc(t("review_sum", { side: sideName(side), n: x.decisions, lost: x.total_error.toFixed(3), mean: x.mean_error.toFixed(4),
      d: x.doubtful, e: x.errors, b: x.blunders, t0: th[0], t1: th[1], t2: th[2] }))}</li>`;
  }
  h += "</ul>";
  if (S.replay) {
    const here = decisionsAt(S.replay.i);
    h += `<div id="review-step">`;
    if (!here.length) h += `<p class="muted">${esc(t("review_no_decision"))}</p>`;
    for (const d of here) {
      const played = d.kind === "play" ? d.played : t(d.played === "stay" ? "stay_word" : "leave_word");
      const best = d.kind === "play" ? d.best : t(d.best === "stay" ? "stay_word" : "leave_word");
      h += `<p class="${reviewClass(d.error)}">${esc(t("review_step", { side: sideName(d.side), dice: d.dice, played, best,
        ep: eq(d.equity_played), eb: eq(d.equity_best), err: d.error.toFixed(3) }))}` +
        (d.kind === "play" && d.error > 0 ? ` <span class="muted">(${esc(t("review_best_arrows"))})</span>` : "") + `</p>`;
    }
    h += `</div>`;
  }
  const worst = rv.decisions.filter((d) => d.error > 0).sort((a, b) => b.error - a.error || a.entry - b.entry).slice(0, 10);
  if (!worst.length) h += `<p>${esc(t("review_none"))}</p>`;
  else {
    h += `<p>${esc(t("review_worst"))}</p><ol id="review-list">`;
    for (const d of worst) {
      h += `<li class="${reviewClass(d.error)}"><a href="#" data-frame="${d.frame}">${esc(sideName(d.side))} ${esc(d.dice)} · ${esc(t("review_at", { i: d.frame }))}</a> — ` +
        `${esc(d.played)} <b>−${d.error.toFixed(3)}</b></li>`;
    }
    h += "</ol>";
  }
  box.innerHTML = h;
  box.querySelectorAll("a[data-frame]").forEach((a) => {
    a.onclick = (ev) => { ev.preventDefault(); const f = Number(a.dataset.frame); if (!S.replay) startReplay(f); else replayGo(f); };
  });
}
// The moves of a play written in absolute fields: [[from, to], …].
function playMoves(text) {
  const out = [];
  for (const tok of (text || "").split(/\s+/)) {
    const parts = tok.split("-");
    if (parts.length < 2) continue;
    const from = Number(parts[0]), last = parts[parts.length - 1];
    const to = last === "off" ? 0 : Number(last);
    if (from >= 1 && from <= 24 && to >= 0 && to <= 24) out.push([from, to]);
  }
  return out;
}

// -------------------------------------------------------- analysis board
// A position set up (TPN) or taken from the game, and its tables of
// chances (/api/chances, trictrac::chances).
function showAnalysis(tpn) {
  S.analysisBack = $("game").hidden ? "home" : "game";
  ["home", "game", "invited"].forEach((id) => { $(id).hidden = true; });
  $("analysis").hidden = false;
  if (tpn) $("an-tpn").value = tpn;
  anRows();
}
function anRows() {
  const q = $("an-question").value;
  $("an-field-row").hidden = !(q === "hit" || q === "point");
  $("an-jan-row").hidden = q !== "fill";
}
async function askChances(ev) {
  if (ev) ev.preventDefault();
  const q = $("an-question").value;
  const p = new URLSearchParams({ position: $("an-tpn").value.trim(), question: q });
  if (q === "hit" || q === "point") p.set("field", $("an-field").value.trim());
  if (q === "fill") p.set("jan", $("an-jan").value);
  // From a game: its rule options (the old jans, the corner by power…).
  if (S.analysisBack === "game" && S.state && S.state.options && !isBg()) p.set("options", S.state.options);
  const err = $("an-error"), res = $("an-result");
  let j;
  try {
    const r = await fetch("/api/chances?" + p.toString());
    j = await r.json();
    if (!r.ok) {
      err.textContent = j.error || String(r.status); err.hidden = false; res.hidden = true;
      S.chances = null; return;
    }
  } catch (e) { err.textContent = String(e); err.hidden = false; return; }
  err.hidden = true;
  S.chances = j;
  const set = new Set(j.rolls);
  let h = `<p id="an-count"><b>${esc(t("an_result", { n: j.count, pct: (100 * j.count / 36).toFixed(1), side: sideMid(j.side) }))}</b></p>` +
    `<p id="an-rolls">${j.rolls.length ? esc(j.rolls.join(" ")) : esc(t("an_none"))}</p><table id="an-grid"><tr><th></th>`;
  for (let b = 1; b <= 6; b++) h += `<th>${b}</th>`;
  h += "</tr>";
  for (let a = 6; a >= 1; a--) {
    h += `<tr><th>${a}</th>`;
    for (let b = 1; b <= 6; b++) {
      const k = Math.max(a, b) + "-" + Math.min(a, b);
      h += `<td class="${set.has(k) ? "yes" : ""}">${set.has(k) ? "●" : ""}</td>`;
    }
    h += "</tr>";
  }
  res.innerHTML = h + "</table>";
  res.hidden = false;
  $("an-board-card").hidden = false;
  const marks = q === "hit" || q === "point" ? $("an-field").value.split(",").map(Number).filter((f) => f >= 1 && f <= 24) : [];
  $("an-board").innerHTML = anBoard(j, marks);
}
// A plain drawing of the position: flèches, numbers, checkers, the fields asked about.
function anBoard(v, marks) {
  let h = `<rect class="frame" x="0" y="0" width="1000" height="720" rx="18"/>` +
    `<rect class="felt" x="40" y="50" width="410" height="620"/><rect class="felt" x="510" y="50" width="410" height="620"/>` +
    `<rect class="bar" x="450" y="50" width="60" height="620"/>`;
  for (let f = 1; f <= 24; f++) {
    const p = place(f);
    h += `<path class="${(p.col % 2 === 0) === p.bottom ? "fl-a" : "fl-b"}" d="${flechePath(p.col, p.bottom)}"/>`;
    if (marks.includes(f)) h += `<path class="dest" d="${flechePath(p.col, p.bottom)}"/>`;
    h += `<text class="fnum" x="${colX(p.col)}" y="${p.bottom ? 689 : 44}">${f}</text>`;
  }
  for (let f = 1; f <= 24; f++) {
    const c = v.board[f - 1];
    if (!c) continue;
    const n = Math.abs(c), p = place(f), x = colX(p.col), cls = c > 0 ? "chk-w" : "chk-b";
    for (let i = 0; i < n; i++) h += `<circle class="${cls}" cx="${x}" cy="${checkerY(i, n, p.bottom)}" r="${R}"/>`;
    if (n > 5) h += `<text class="chk-count ${c > 0 ? "w" : "b"}" x="${x}" y="${checkerY(n - 1, n, p.bottom)}">${n}</text>`;
  }
  h += `<text class="turn-label" x="245" y="${MID + 6}">${esc(sideName(v.side))}</text>`;
  return h;
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
  const f = fieldAt(p.x, p.y);
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
  const f = fieldAt(p.x, p.y);
  if (d.moved) {
    if (f !== null && S.selected !== null && destsFrom(S.selected).has(f)) step(S.selected, f);
    else { S.selected = null; render(); }
  } else {
    clickField(f);
  }
}

function flechePath(col, bottom) {
  const x = colLeft(col);
  return bottom
    ? `M${x},670 L${x + W / 2},410 L${x + W},670 Z`
    : `M${x},50 L${x + W / 2},310 L${x + W},50 Z`;
}

function checkerY(i, count, bottom) {
  const room = 270 - 2 * R;
  const stepY = count <= 5 ? 2 * R : Math.min(2 * R, room / (count - 1));
  return bottom ? 670 - R - i * stepY : 50 + R + i * stepY;
}

function diePips(v) {
  const a = 0.27, b = 0.5, c = 0.73;
  return {
    1: [[b, b]], 2: [[a, a], [c, c]], 3: [[a, a], [b, b], [c, c]], 4: [[a, a], [c, a], [a, c], [c, c]],
    5: [[a, a], [c, a], [b, b], [a, c], [c, c]], 6: [[a, a], [c, a], [a, b], [c, b], [a, c], [c, c]],
  }[v];
}
function drawDie(x, y, v, s, cls) {
  let h = `<rect class="die ${cls || ""}" x="${x}" y="${y}" width="${s}" height="${s}" rx="8"/>`;
  for (const [px, py] of diePips(v)) h += `<circle class="pip" cx="${x + px * s}" cy="${y + py * s}" r="${s * 0.09}"/>`;
  return h;
}

// Where a side's points token stands (seed article, "Marcatura del punto";
// RULES-CHOICES.md "Token places"), arrows numbered T, 1…11 in the side's
// own half: 2 at the base of arrow 1 (field 2) and 4 at the base of arrow 3
// (field 4), each shifted toward the next arrow; 6 at the tip of arrow 5
// (field 6) and 8 at the tip of arrow 6 (field 7), against the bar; 10 at
// the tip of arrow 11 (the corner) against the side band; 12 back between
// the talons (a hole, nothing drawn). dx: where a second token goes (en
// bredouille), away from the bar or the band.
function tokenPlace(points, isBottom) {
  const base = isBottom ? 655 : 65, tip = isBottom ? 400 : 320;
  return {
    2: { x: colX(1) + W / 4, y: base, dx: 22 },
    4: { x: colX(3) + W / 4, y: base, dx: 22 },
    6: { x: 450 - 12, y: tip, dx: -22 },
    8: { x: 510 + 12, y: tip, dx: 22 },
    10: { x: 920 - 12, y: tip, dx: -22 },
  }[points] || null;
}

function arrow(from, to, side, cls) {
  const a = place(from);
  const xa = colX(a.col), ya = a.bottom ? 560 : 160;
  let xb, yb;
  if (to === 0) {
    const bottom = side === bottomSide();
    xb = 960; yb = bottom ? 520 : 200;
  } else {
    const b = place(to);
    xb = colX(b.col); yb = b.bottom ? 560 : 160;
  }
  const mx = (xa + xb) / 2, my = (ya + yb) / 2 + (ya === yb ? (a.bottom ? -70 : 70) : 0);
  return `<path class="arrow ${cls || ""}" d="M${xa},${ya} Q${mx},${my} ${xb},${yb}" marker-end="url(#${cls === "last" ? "ah-last" : "ah"})"/>`;
}

// The name of absolute field f in the chosen naming, as the engine
// writes it: /api/info serves trictrac::fields' names of the 24 fields.
function fieldLabel(f) {
  const names = S.info && S.info.fields && S.info.fields[S.fieldNames];
  return names ? names[f - 1] : String(f);
}
// The named field that absolute field f is for the side whose half
// it is in, e.g. { name: "coin de repos", side: "white" } for 12.
function namedField(f) {
  const list = (S.info && S.info.named_fields) || [];
  const side = f <= 12 ? "white" : "black";
  const own = f <= 12 ? f : 25 - f;
  const n = list.find((x) => x.fields.includes(own));
  return n ? { name: n.name, side } : null;
}
function namedTitle(f) {
  const n = namedField(f);
  return n ? `<title>${esc(t("named_field_title", { label: fieldLabel(f), name: n.name, side: sideMid(n.side) }))}</title>` : "";
}

// What the board shows: the game, or a step of its replay.
function boardState() {
  return S.replay ? S.replay.frames[S.replay.i] : S.state;
}

function renderBoard() {
  if (isBg()) { bgRenderBoard(); return; }
  const st = boardState();
  const live = st === S.state;
  const { b, off } = currentBoard(st);
  const bottom = bottomSide(), top = bottom === "white" ? "black" : "white";
  let h = `<defs><marker id="ah" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#3a6fd8"/></marker>` +
    `<marker id="ah-last" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="5" markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#8a7a5c"/></marker></defs>`;
  h += `<rect class="frame" x="0" y="0" width="1000" height="720" rx="18"/>`;
  h += `<rect class="felt" x="40" y="50" width="410" height="620"/><rect class="felt" x="510" y="50" width="410" height="620"/>`;
  h += `<rect class="bar" x="450" y="50" width="60" height="620"/>`;
  // The flèches, alternating colours; numbers (absolute fields) on the frame.
  for (let f = 1; f <= 24; f++) {
    const p = place(f);
    h += `<path class="${(p.col % 2 === 0) === p.bottom ? "fl-a" : "fl-b"}" d="${flechePath(p.col, p.bottom)}"/>`;
  }
  // Field labels on the frame, by the base of each flèche.
  for (let f = 1; f <= 24; f++) {
    const p = place(f);
    const named = namedField(f);
    const text = `<text class="fnum${named ? " named" : ""}" data-field="${f}" x="${colX(p.col)}" y="${p.bottom ? 689 : 44}">${esc(fieldLabel(f))}</text>`;
    // A named field's tooltip: a <title> of the group, not in the label.
    h += named ? `<g class="named-field" data-field="${f}">${namedTitle(f)}${text}</g>` : text;
  }
  // Talons and rest corners.
  for (const f of [1, 24]) {
    const p = place(f);
    h += `<text class="talon-mark" x="${colX(p.col)}" y="${p.bottom ? 396 : 334}" text-anchor="middle">talon</text>`;
  }
  for (const f of [12, 13]) {
    const p = place(f);
    h += `<path class="corner-mark" d="${flechePath(p.col, p.bottom)}"/>`;
    h += `<text class="talon-mark" x="${colX(p.col)}" y="${p.bottom ? 396 : 334}" text-anchor="middle">coin</text>`;
  }
  // Holes with pegs: the bottom player's along the bottom edge.
  for (const [side, y] of [[bottom, 706], [top, 14]]) {
    const holes = st.score[side].holes;
    for (let c = 0; c < 12; c++) {
      h += `<circle class="hole" cx="${colX(c)}" cy="${y}" r="7"/>`;
      if (c < holes) h += `<circle class="peg ${side === "black" ? "peg-black" : ""}" cx="${colX(c)}" cy="${y}" r="9"/>`;
    }
    h += `<text class="num" x="975" y="${y + 5}">${holes}</text>`;
  }
  // The pavillon (flag) on the left end: in the middle while nobody has it.
  const pav = st.score.pavillon;
  if (pav !== "n") {
    const fy = pav === "e" ? MID : (pav === bottom[0] ? 560 : 160);
    h += `<line class="flag-pole" x1="14" y1="${fy + 28}" x2="14" y2="${fy - 28}"/><path class="flag" d="M14,${fy - 28} L36,${fy - 20} L14,${fy - 12} Z"/>`;
  }
  // Trays for the checkers borne off.
  for (const [side, y0] of [[bottom, 380], [top, 60]]) {
    h += `<rect class="tray" x="930" y="${y0}" width="60" height="280" rx="6" data-field="off" data-side="${side}"/>`;
    const n = off[side];
    for (let i = 0; i < n; i++) {
      const yy = side === bottom ? y0 + 270 - i * 17 : y0 + 10 + i * 17;
      h += `<rect class="${side === "white" ? "chk-w" : "chk-b"}" x="936" y="${side === bottom ? yy - 14 : yy}" width="48" height="14" rx="4"/>`;
    }
  }
  // Highlights.
  const mv = live ? movableFrom() : new Set();
  const dests = live && S.selected !== null ? destsFrom(S.selected) : new Set();
  for (const f of mv) {
    if (f === S.selected) continue;
    const p = place(f);
    h += `<path class="movable" d="${flechePath(p.col, p.bottom)}"/>`;
  }
  if (live && S.selected !== null) {
    const p = place(S.selected);
    h += `<path class="selected" d="${flechePath(p.col, p.bottom)}"/>`;
  }
  for (const f of dests) {
    if (f === 0) {
      const side = st.phase.side;
      h += `<rect class="dest" x="930" y="${side === bottom ? 380 : 60}" width="60" height="280" rx="6"/>`;
    } else {
      const p = place(f);
      h += `<path class="dest" d="${flechePath(p.col, p.bottom)}"/>`;
    }
  }
  // Checkers.
  for (let f = 1; f <= 24; f++) {
    const c = b[f - 1];
    if (!c) continue;
    const side = c > 0 ? "white" : "black";
    const n = Math.abs(c);
    const p = place(f);
    const x = colX(p.col);
    for (let i = 0; i < n; i++) {
      h += `<circle class="${side === "white" ? "chk-w" : "chk-b"}" cx="${x}" cy="${checkerY(i, n, p.bottom)}" r="${R}"/>`;
    }
    if (n > 5) h += `<text class="chk-count ${side[0]}" x="${x}" y="${checkerY(n - 1, n, p.bottom)}">${n}</text>`;
    // The checker that can be played is ringed.
    if (mv.has(f) && f !== S.selected) h += `<circle class="movable-ring" data-field="${f}" cx="${x}" cy="${checkerY(n - 1, n, p.bottom)}" r="${R + 3}"/>`;
  }
  // Points: one token, two while en bredouille, over the checkers.
  for (const side of ["white", "black"]) {
    const pl = tokenPlace(st.score[side].points, side === bottom);
    if (!pl) continue;
    const cls = `token ${side === "white" ? "token-w" : "token-b"}`;
    h += `<circle class="${cls}" data-side="${side}" cx="${pl.x}" cy="${pl.y}" r="11"/>`;
    if (st.score.bredouille === side[0]) h += `<circle class="${cls}" data-side="${side}" cx="${pl.x + pl.dx}" cy="${pl.y}" r="11"/>`;
  }
  // The last play, then the hint.
  if (st.last_play && !(live && S.steps.length) && (st.phase.kind !== "play" || !live)) {
    const side = st.phase.kind === "roll" ? other(st.phase.side) : st.phase.side;
    for (const [from, to] of st.last_play.m) h += arrow(from, to, side || "white", "last");
  }
  if (!live && S.review && S.replay) {
    for (const d of decisionsAt(S.replay.i)) {
      if (d.kind === "play" && d.error > 0) for (const [from, to] of playMoves(d.best)) h += arrow(from, to, d.side, "best");
    }
  }
  if (live && S.hint && S.hint.plays && S.hint.plays.length) {
    for (const [from, to] of S.hint.plays[0].m) h += arrow(from, to, st.phase.side, "");
  }
  // Dice and whose turn, in the middle of the tables.
  const dice = st.dice || (st.roll ? st.roll.dice.split("-").map(Number) : null);
  if (dice) {
    const used = !st.dice;
    h += drawDie(640, MID - 26, dice[0], 52, used ? "used" : "") + drawDie(710, MID - 26, dice[1], 52, used ? "used" : "");
  }
  const ph = st.phase;
  const label = !live ? t("replay_step", { i: S.replay.i, n: S.replay.frames.length - 1 })
    : ph.kind === "over" ? t("game_over") : ph.side ? sideName(ph.side) + (myTurn() ? " (" + t("you") + ")" : "") : "";
  h += `<text class="turn-label" x="245" y="${MID + 6}">${esc(label)}</text>`;
  if (live && ph.side && ph.kind !== "over") {
    const isBottom = ph.side === bottom;
    h += `<circle class="${ph.side === "white" ? "chk-w" : "chk-b"}" cx="245" cy="${isBottom ? MID + 30 : MID - 32}" r="9"/>`;
  }
  // Hit areas (on top): one per flèche and the trays.
  for (let f = 1; f <= 24; f++) {
    const p = place(f);
    h += `<rect class="hit" data-field="${f}" x="${colLeft(p.col)}" y="${p.bottom ? MID : 50}" width="${W}" height="${p.bottom ? 670 - MID : MID - 50}">${namedTitle(f)}</rect>`;
  }
  h += `<rect class="hit" data-field="off" x="925" y="50" width="75" height="620"/>`;
  h += `<circle id="ghost" class="ghost ${st.phase.side === "black" ? "chk-b" : "chk-w"}" cx="0" cy="0" r="${R}" visibility="hidden"/>`;
  $("board").innerHTML = h;
}
function other(side) { return side === "white" ? "black" : "white"; }

// --------------------------------------------------------------- panel
function who(side) {
  const seat = S.state.seats[side];
  return sideName(side) + (seat && seat.name ? " – " + seat.name : "");
}

function renderStatus() {
  const st = S.state;
  const el = $("status");
  if (!S.online) { el.textContent = t("disconnected"); return; }
  const ph = st.phase;
  let s;
  const dice = st.dice ? st.dice.join("-") : "";
  if (S.replay) {
    const f = boardState();
    s = t("replay_step", { i: S.replay.i, n: S.replay.frames.length - 1 }) +
      (f.roll ? " — " + t("rolled", { side: sideName(f.roll.side), dice: f.roll.dice, name: f.roll.name }) +
        (f.roll.play ? " — " + f.roll.play : "") : "");
    el.textContent = s;
    return;
  }
  if (isBg()) s = bgStatus();
  else if (ph.kind === "over") {
    s = t("wins", { who: who(st.over.winner), stake: st.over.stake });
  } else if (myTurn()) {
    const pre = S.seats.length > 1 ? t("side_turn", { side: sideName(ph.side) }) : "";
    s = pre + ({ roll: t("your_turn_roll"), play: t("your_turn_play", { dice }) + " " + t("select_hint"),
      stay_or_leave: t("your_turn_decide"), mark: t("your_turn_mark") }[ph.kind] || "");
  } else if (ph.side) {
    const seat = st.seats[ph.side];
    if (st.mode === "online" && seat && !seat.taken) s = t("waiting_friend");
    else if (seat && seat.kind === "bot") s = who(ph.side) + " " + t("thinking");
    else s = t({ roll: "their_turn_roll", play: "their_turn_play", stay_or_leave: "their_turn_decide", mark: "their_turn_mark" }[ph.kind] || "their_turn_roll",
      { who: who(ph.side), dice });
  } else s = "";
  const free = ["white", "black"].find((x) => !st.seats[x].taken);
  if (st.mode === "online" && free && ph.kind !== "over") s = t("waiting_friend");
  if (S.role === "spectator") s = t("watching") + " " + s;
  el.innerHTML = myTurn() ? `<span class="you">${esc(s)}</span>` : esc(s);
}

function renderButtons() {
  const st = S.state;
  const waiting = st.mode === "online" && !(st.seats.white.taken && st.seats.black.taken);
  const mine = myTurn() && !S.busy && S.online && !waiting;
  const k = st.phase.kind;
  const show = (id, on) => { $(id).hidden = !on; };
  // Field labels and the replay: the Grand Trictrac board only.
  show("sel-names", !isBg());
  const sel = $("sel-names");
  for (const o of sel.options) o.textContent = t("names_" + o.value);
  sel.value = S.fieldNames;
  sel.title = t("names_title");
  $("names-note").hidden = isBg() || S.fieldNames === "numbers";
  $("names-note").textContent = t("names_note", {
    names: t("names_" + S.fieldNames), w1: fieldLabel(1), w12: fieldLabel(12), b13: fieldLabel(13), b24: fieldLabel(24),
  });
  show("btn-replay", !isBg() && !S.replay && S.history.length > 0 && (k === "over" || S.role === "spectator"));
  show("btn-review", !isBg() && k === "over" && S.history.length > 0 && !S.review);
  show("btn-analyse", !isBg() && !S.replay && (st.mode !== "online" || k === "over"));
  show("replay-bar", !isBg() && !!S.replay);
  if (S.replay) {
    ["btn-roll", "btn-double", "btn-take", "btn-drop", "btn-beaver", "btn-numbers", "btn-stay", "btn-leave",
      "btn-undo", "btn-hint", "mark-box"].forEach((id) => show(id, false));
    $("replay-pos").textContent = t("replay_step", { i: S.replay.i, n: S.replay.frames.length - 1 });
    return;
  }
  // Resigning (either game, on either turn) asks for a confirmation.
  const live = S.role !== "spectator" && S.seats.length > 0 && !waiting && S.online &&
    (isBg() ? !st.over : k !== "over") && !(st.options || "").includes("game=ecrire");
  show("btn-resign", live && !S.resignAsk);
  show("resign-confirm", live && !!S.resignAsk);
  $("btn-resign-yes").disabled = S.busy;
  if (isBg()) { ["btn-contest", "btn-settle-leave", "btn-settle-correct"].forEach((id) => show(id, false)); bgButtons(mine); return; }
  const can = (m) => !!m && S.seats.some((x) => m[x]);
  show("btn-contest", live && can(st.can_contest));
  // A false move standing (false-moves=table): its opponent leaves it or
  // has it corrected, its author corrects it, before the opponent rolls.
  const fm = st.false_move;
  show("btn-settle-leave", live && !!fm && S.seats.some((x) => fm.can_settle[x] && x !== fm.author));
  show("btn-settle-correct", live && !!fm && S.seats.some((x) => fm.can_settle[x]));
  if (fm) $("btn-settle-correct").textContent = t(S.seats.includes(fm.author) && !S.seats.some((x) => x !== fm.author && fm.can_settle[x]) ? "settle_own" : "settle_correct");
  ["btn-contest", "btn-settle-leave", "btn-settle-correct"].forEach((id) => { $(id).disabled = S.busy; });
  ["btn-double", "btn-take", "btn-drop", "btn-beaver", "btn-numbers"].forEach((id) => show(id, false));
  show("btn-roll", myTurn() && k === "roll");
  show("btn-stay", myTurn() && k === "stay_or_leave");
  show("btn-leave", myTurn() && k === "stay_or_leave");
  show("btn-undo", myTurn() && k === "play");
  show("btn-hint", myTurn() && (k === "play" || k === "stay_or_leave") && st.mode !== "online");
  // false-moves=table (section 11): any play a table allows, written.
  show("free-play", myTurn() && k === "play" && (st.options || "").includes("false-moves=table"));
  show("mark-box", myTurn() && k === "mark");
  const claim = st.can_claim && st.phase.side && st.can_claim[st.phase.side];
  show("btn-school", !!claim);
  ["btn-roll", "btn-stay", "btn-leave", "btn-hint", "btn-declare", "btn-school"].forEach((id) => { $(id).disabled = !mine; });
  $("btn-undo").disabled = !S.steps.length || S.busy;
}

// A side's score in words: "4 pts, 1 hole".
function scoreOf(x) {
  return `${x.points} ${t("pts")}, ${x.holes} ${t(x.holes > 1 ? "hole_n" : "hole_1")}`;
}
function scoreText(sc) {
  return `${t("white")} ${scoreOf(sc.white)} · ${t("black")} ${scoreOf(sc.black)}`;
}
function bredName(c) {
  return { e: t("either"), w: t("white"), b: t("black"), n: t("none_b") }[c] || c;
}

function janLine(j) {
  return `<li><span class="fr" lang="fr"><b>${esc(j.fr)}</b></span> <span class="en" lang="en">(${esc(j.en)})</span> — ` +
    `${esc(sideName(j.side))} <span class="pts">+${j.points}</span>` +
    (j.ways && j.ways.length ? ` <span class="muted">· ${j.ways.length} ${esc(t(j.ways.length > 1 ? "ways" : "way"))}</span>` : "") + `</li>`;
}

function renderPanel() {
  const st = S.state;
  // Players.
  let p = "";
  for (const side of ["white", "black"]) {
    const seat = st.seats[side];
    const turn = st.phase.side === side && st.phase.kind !== "over";
    const you = S.seats.includes(side) ? ` <b>(${esc(t("you"))})</b>` : "";
    const kind = seat.kind === "bot" && !/bot/.test(seat.name) ? ` <span class="muted">· ${esc(t("bot"))}</span>` : "";
    p += `<div class="player ${turn ? "turn" : ""}" id="player-${side}"><span class="chip ${side}"></span>` +
      `<span class="dot ${seat.connected ? "on" : ""}"></span>${esc(sideName(side))}: ${esc(seat.name)}${you}${kind}${turn ? " ◀" : ""}</div>`;
  }
  p += `<div class="muted">${esc(t("room"))} <b id="room-code">${esc(st.room)}</b>` +
    (st.spectators ? ` · ${st.spectators} ${esc(t("spectators"))}` : "") + `</div>`;
  if (st.over) p += `<div class="over-banner" id="over">${esc(isBg() ? bgStatus() : t("wins", { who: who(st.over.winner), stake: st.over.stake }))}</div>`;
  $("players").innerHTML = p;
  // Invitation.
  const inv = $("invite");
  // The invitation, until the friend has joined.
  if (st.mode === "online" && S.role === "player" && !(st.seats.white.taken && st.seats.black.taken)) {
    const link = location.origin + "/?room=" + encodeURIComponent(st.room);
    if (inv.hidden || inv.dataset.room !== st.room || inv.dataset.lang !== S.lang) {
      inv.dataset.room = st.room;
      inv.dataset.lang = S.lang;
      inv.hidden = false;
      inv.innerHTML = `<div>${esc(t("invite"))}</div><div class="buttons"><input readonly id="invite-link" value="${esc(link)}">` +
        `<button type="button" id="btn-copy">${esc(t("copy"))}</button></div>` +
        `<img id="invite-qr" class="qr" width="200" height="200" alt="${esc(t("qr_alt"))}" src="/api/qr.svg?text=${encodeURIComponent(link)}">` +
        `<div class="muted">${esc(t("watch_link"))} ${esc(link)}&amp;watch=1</div>`;
    }
    $("btn-copy").onclick = () => {
      const i = $("invite-link");
      i.select();
      (navigator.clipboard ? navigator.clipboard.writeText(link) : Promise.reject()).catch(() => document.execCommand && document.execCommand("copy"));
      $("btn-copy").textContent = t("copied");
    };
  } else { inv.hidden = true; inv.innerHTML = ""; }
  if (isBg()) { bgPanel(); return; }
  $("jans-card").hidden = false;
  $("dl-json").hidden = false;
  $("score-title").textContent = t("score");
  $("dl-txt").textContent = t("download_txt");
  // Score (of the step shown in a replay).
  const sc = boardState().score;
  $("score-table").innerHTML =
    `<tr><th></th><th>${esc(t("points"))}</th><th>${esc(t("holes"))}</th></tr>` +
    `<tr id="score-white"><td>${esc(t("white"))}</td><td class="points">${sc.white.points}</td><td class="holes">${sc.white.holes}</td></tr>` +
    `<tr id="score-black"><td>${esc(t("black"))}</td><td class="points">${sc.black.points}</td><td class="holes">${sc.black.holes}</td></tr>` +
    `<tr><td>${esc(t("bredouille"))}</td><td colspan="2">${esc(bredName(sc.bredouille))}</td></tr>` +
    `<tr><td>${esc(t("pavillon"))}</td><td colspan="2">${esc(bredName(sc.pavillon))}</td></tr>` +
    ecrireRows(st.ecrire);
  // Jans of the roll (of the step shown in a replay).
  const r = boardState().roll;
  let j = "";
  if (!r) j = `<p class="muted">${esc(t("no_roll"))}</p>`;
  else {
    j = `<p>${esc(t("rolled", { side: sideName(r.side), dice: r.dice, name: r.name }))}</p>`;
    j += r.jans.length ? `<ul>${r.jans.map(janLine).join("")}</ul>` : `<p class="muted">${esc(t("no_jan"))}</p>`;
  }
  $("jans").innerHTML = j;
  // History, newest first.
  let hh = "<table>";
  const rows = [];
  S.history.forEach((e, i) => rows.push(historyRow(e, i)));
  hh += rows.reverse().join("") + "</table>";
  $("history").innerHTML = hh;
  $("dl-txt").href = "/api/games/" + encodeURIComponent(st.room) + ".txt";
  $("dl-json").href = "/api/games/" + encodeURIComponent(st.room) + ".json";
  // Hint.
  const hb = $("hint-box");
  if (S.hint && S.hint.plays && !S.replay) {
    hb.hidden = false;
    hb.innerHTML = hintHtml(S.hint);
  } else hb.hidden = true;
  renderReviewBox();
}

// The hint (trictrac_bot::analysis, as `trictrac hint`): the plays ranked
// by equity — the expected stake of for the side deciding — with
// each play's difference from the best, or the equities of staying and
// leaving.
function hintHtml(h) {
  let out = `<div>${esc(t("hint_title", { by: levelName("trictrac", h.by) }))} <span class="muted">${esc(t("hint_equity"))}</span></div>`;
  if (h.stay_leave) {
    const sl = h.stay_leave;
    out += `<p id="hint-sl">${esc(t("hint_sl", { stay: eq(sl.stay), leave: eq(sl.leave), best: t(sl.best === "stay" ? "stay_word" : "leave_word") }))}</p>`;
  }
  if (!h.plays.length) return out;
  out += `<ol id="hint-list">`;
  for (const p of h.plays) {
    out += `<li><b>${esc(p.n)}</b> — <span class="hint-value">${esc(eq(p.equity))}</span>` +
      (p.diff === 0 ? ` <span class="muted">(${esc(t("hint_best"))})</span>` : ` <span class="muted hint-diff">(${esc(eq(p.diff))})</span>`) + `</li>`;
  }
  return out + "</ol>";
}

// A sentence starts with a capital ("White starts.", "Les blanches …").
function capFirst(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

function historyRow(e, i) {
  const n = i + 1;
  switch (e.kind) {
    case "first": return `<tr><td>${n}</td><td colspan="3" class="note">${esc(t("first_move", { w: e.white, b: e.black }))}</td></tr>`;
    case "starts": return `<tr><td>${n}</td><td colspan="3" class="note">${esc(capFirst(t("starts", { side: sideMid(e.side) })))}</td></tr>`;
    case "releve": return `<tr><td>${n}</td><td colspan="3" class="note">${esc(capFirst(t(e.reason === "exit" ? "releve_exit" : "releve_leave", { side: sideMid(e.first) })))}</td></tr>`;
    case "over": return `<tr><td>${n}</td><td colspan="3"><b>${esc(t("over_line", { side: sideName(e.winner), stake: e.stake }))}</b></td></tr>`;
    case "first_two": return `<tr><td>${n}</td><td colspan="3" class="note">${esc(t("first_move", { w: e.white, b: e.black }))}</td></tr>`;
    case "contest": return `<tr><td>${n}</td><td colspan="3" class="note">${esc(t("contest_line", { kind: e.school, side: sideMid(e.side), points: e.points }))}</td></tr>`;
    case "resign": return `<tr><td>${n}</td><td colspan="3" class="note"><b>${esc(capFirst(t("resign_line", { side: sideMid(e.side) })))}</b></td></tr>`;
    case "false_move": return `<tr><td>${n}</td><td colspan="3" class="note">${esc(t("false_line", { side: sideName(e.side), play: e.play }))}</td></tr>`;
    case "settled": return `<tr><td>${n}</td><td colspan="3" class="note">${esc(t("settled_line", { how: t(e.corrected ? "settled_correct" : "settled_accept"), side: sideMid(e.by) }))}${e.corrected ? " → " + esc(e.corrected) : ""}</td></tr>`;
    case "marque": return `<tr><td>${n}</td><td colspan="3" class="note"><b>${esc(t("marque_line", { i: e.number, who: e.winner ? sideName(e.winner) : t("refait"), w: e.holes.white, b: e.holes.black, value: e.value }))}</b></td></tr>`;
    case "school": return `<tr><td>${n}</td><td colspan="3" class="note">${esc(t("school_line", { kind: e.school, side: sideName(e.claimant), points: e.points }))}</td></tr>`;
    case "roll": {
      const jans = e.jans.map((j) => `${esc(j.fr)} <span class="en">(${esc(j.en)})</span> ${esc(sideName(j.side)[0])}+${j.points}`).join("; ");
      const marks = ["white", "black"].filter((s) => e.marked[s]).map((s) => `${sideName(s)[0]}+${e.marked[s]}` + (e.holes[s] ? ` (${e.holes[s]} ${t(e.holes[s] > 1 ? "hole_n" : "hole_1")})` : "")).join(" ");
      const dec = e.decision ? ` · ${t(e.decision === "stay" ? "stay_word" : "leave_word")}` : "";
      const decl = e.declared ? " · " + t("declared") + " " + Object.keys(e.declared).map((s) => `${sideName(s)[0]}=${e.declared[s].points}`).join(" ") : "";
      const lost = decisionsAt(i + 1).filter((d) => d.error > 0);
      const mark = lost.map((d) => ` <span class="rv-mark ${reviewClass(d.error)}">−${d.error.toFixed(3)}</span>`).join("");
      return `<tr class="hist-roll"><td>${n}${mark}</td><td class="side-${e.side}">${esc(e.dice)}</td>` +
        `<td>${jans || ""}${jans ? "<br>" : ""}<b>${esc(marks)}</b>${esc(dec)}${esc(decl)}</td>` +
        `<td>${esc(e.play || "")}<br><span class="muted">${esc(scoreText(e.score))}</span></td></tr>`;
    }
  }
  return "";
}

// Partie à écrire: the marqués, their totals and the payment.
function ecrireRows(e) {
  if (!e) return "";
  let out = `<tr id="ecrire-totals"><td colspan="3"><b>${esc(t("marque_totals", { w: e.totals.white, b: e.totals.black }))}</b>` +
    (e.payment ? ` — ${esc(t("marque_pay", { side: sideName(e.payment.to), n: e.payment.amount }))}` : "") + `</td></tr>`;
  e.marques.forEach((m, i) => {
    out += `<tr class="marque"><td colspan="3" class="muted">${esc(t("marque_line", { i: i + 1, who: m.winner ? sideName(m.winner) : t("refait"), w: m.holes.white, b: m.holes.black, value: m.value }))}</td></tr>`;
  });
  return out;
}

function render() {
  if (!S.state) return;
  renderBoard();
  renderStatus();
  renderButtons();
  renderPanel();
}

// --------------------------------------------------------------- start
function init() {
  let lang = null;
  const params = new URLSearchParams(location.search);
  try { lang = params.get("lang") || localStorage.getItem("trictrac.lang"); } catch (e) { /* ignore */ }
  if (!lang) lang = (navigator.language || "fr").startsWith("fr") ? "fr" : "en";
  try { $("new-game").elements.name.value = localStorage.getItem("trictrac.name") || ""; } catch (e) { /* ignore */ }
  $("lang-fr").onclick = () => setLang("fr");
  $("lang-en").onclick = () => setLang("en");
  $("new-game").addEventListener("submit", newGame);
  $("new-game").addEventListener("change", updateFormRows);
  $("join-game").addEventListener("submit", (ev) => { ev.preventDefault(); joinGame(false); });
  $("btn-watch").onclick = () => joinGame(true);
  $("btn-roll").onclick = () => act({ type: "roll" });
  $("btn-stay").onclick = () => act({ type: "stay" });
  $("btn-leave").onclick = () => act({ type: "leave" });
  $("btn-undo").onclick = () => { S.steps = []; S.selected = null; render(); };
  $("btn-hint").onclick = () => send({ type: "hint" });
  $("sel-names").onchange = () => {
    S.fieldNames = $("sel-names").value;
    try { localStorage.setItem("trictrac.fields", S.fieldNames); } catch (e) { /* ignore */ }
    render();
  };
  try {
    const kept = localStorage.getItem("trictrac.fields") ||
      (localStorage.getItem("trictrac.classical") === "1" ? "classical" : null);
    if (["numbers", "classical", "soumille", "lepeintre"].includes(kept)) S.fieldNames = kept;
  } catch (e) { /* ignore */ }
  $("btn-replay").onclick = () => startReplay(0);
  $("btn-replay-first").onclick = () => replayGo(0);
  $("btn-replay-prev").onclick = () => replayGo(S.replay.i - 1);
  $("btn-replay-next").onclick = () => replayGo(S.replay.i + 1);
  $("btn-replay-last").onclick = () => replayGo(S.replay.frames.length - 1);
  $("btn-replay-live").onclick = () => { S.replay = null; S.review = null; render(); };
  $("btn-review").onclick = () => startReview();
  $("btn-analyse").onclick = () => showAnalysis(S.state && S.state.tpn);
  $("analysis-link").onclick = (ev) => { ev.preventDefault(); showAnalysis(); };
  $("an-form").addEventListener("submit", askChances);
  $("an-question").onchange = anRows;
  $("btn-an-back").onclick = () => {
    if (S.analysisBack === "game" && S.state) { $("analysis").hidden = true; showGame(); render(); }
    else location.href = "/";
  };
  $("invited-form").addEventListener("submit", acceptInvitation);
  $("btn-resign").onclick = () => { S.resignAsk = true; render(); };
  $("btn-resign-no").onclick = () => { S.resignAsk = false; render(); };
  $("btn-resign-yes").onclick = () => { S.resignAsk = false; act({ type: "resign" }); };
  $("free-play").addEventListener("submit", (ev) => { ev.preventDefault(); const v = $("free-play-text").value.trim(); if (v) act({ type: "play", play: v }); $("free-play-text").value = ""; });
  $("btn-contest").onclick = () => act({ type: "contest" });
  $("btn-settle-leave").onclick = () => act({ type: "settle", correct: false });
  $("btn-settle-correct").onclick = () => act({ type: "settle", correct: true });
  $("btn-declare").onclick = () => act({ type: "declare", points: Number($("mark-points").value) || 0 });
  $("btn-school").onclick = () => act({ type: "school", points: Number($("mark-points").value) || 0 });
  const svg = $("board");
  svg.addEventListener("pointerdown", onPointerDown);
  svg.addEventListener("pointermove", onPointerMove);
  svg.addEventListener("pointerup", onPointerUp);
  svg.addEventListener("pointercancel", () => { S.drag = null; });
  setLang(lang);
  updateFormRows();
  loadInfo();
  const room = params.get("room");
  if (params.get("analysis") === "1") {
    showAnalysis(params.get("position"));
    if (params.get("position")) askChances();
  }
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
    // A finished game opened from the list: straight to its replay.
    S.wantReplay = params.get("replay") === "1";
    // … or to its review.
    S.wantReview = params.get("review") === "1";
    // Invited (no seat of ours in this room): who invites, and our name.
    if (!token && !watch) { const m = S.joinMsg; S.joinMsg = null; offerSeat(code, m); }
  }
  connect();
}

init();
