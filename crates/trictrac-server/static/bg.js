// Backgammon with the videau in the browser: the board, the cube, the
// panel. Loaded after app.js, whose state (S), texts and protocol it uses;
// app.js hands over to these functions when the state's game is
// "backgammon" (docs/PROTOCOL.md). Plain JavaScript, no build step.
"use strict";

Object.assign(TEXTS.fr, {
  game_kind: "Jeu", bg_rules: "Règles", bg_seed: "de la page (seed)", bg_standard: "standard (GNU Backgammon)",
  bg_length: "Partie", bg_money: "partie simple (argent)", bg_match: "match en {n} points",
  double: "Doubler", take: "Tenir le videau", drop: "Refuser", beaver: "Beaver",
  bg_your_roll: "À vous : lancez les dés ou doublez.", bg_your_roll_nodouble: "À vous : lancez les dés.",
  bg_your_doubled: "{who} double à {value} : tenez-vous le videau ?", bg_their_doubled: "{who} répond au videau à {value}.",
  bg_your_play: "À vous de jouer le {dice}.", bg_their_play: "{who} joue le {dice}.", bg_their_roll: "{who} doit lancer les dés.",
  bg_wins: "{who} gagne : {text}.", bg_wins_match: "{who} gagne le match ({score}).",
  cube: "Videau", centred: "au centre", pips: "Points à parcourir", match_score: "Match", money: "argent",
  game_n: "Partie {n}", opening: "Premier jet : blanches {w}, noires {b}", doubles_to: "{side} double à {value}",
  takes: "{side} tient", drops: "{side} refuse", beavers_w: "{side} fait beaver", crawford: "Crawford",
  numbers_gnubg: "Numéros gnubg", numbers_lines: "Lignes N/B", download_mat: "Télécharger (.mat pour GNU Backgammon)",
  last_game: "Partie précédente : {text}",
});
Object.assign(TEXTS.en, {
  game_kind: "Game", bg_rules: "Rules", bg_seed: "the page's (seed)", bg_standard: "standard (GNU Backgammon)",
  bg_length: "Length", bg_money: "money game", bg_match: "match to {n} points",
  double: "Double", take: "Take", drop: "Drop", beaver: "Beaver",
  bg_your_roll: "Your turn: roll or double.", bg_your_roll_nodouble: "Your turn: roll the dice.",
  bg_your_doubled: "{who} doubles to {value}: take or drop?", bg_their_doubled: "{who} answers the double to {value}.",
  bg_your_play: "Your turn: play the {dice}.", bg_their_play: "{who} plays the {dice}.", bg_their_roll: "{who} must roll.",
  bg_wins: "{who} wins: {text}.", bg_wins_match: "{who} wins the match ({score}).",
  cube: "Cube", centred: "centred", pips: "Pip count", match_score: "Match", money: "money",
  game_n: "Game {n}", opening: "Opening throw: White {w}, Black {b}", doubles_to: "{side} doubles to {value}",
  takes: "{side} takes", drops: "{side} drops", beavers_w: "{side} beavers", crawford: "Crawford",
  numbers_gnubg: "gnubg numbers", numbers_lines: "N/B lines", download_mat: "Download (.mat for GNU Backgammon)",
  last_game: "Last game: {text}",
});

function isBg() { return !!S.state && S.state.game === "backgammon"; }

// ------------------------------------------------------------ geometry
// Fields: points 1..24 in White's numbering, "bar" and "off" (of the side
// to move). The bottom player's home board is at the bottom right.
function bgOwn(abs) { return bottomSide() === "white" ? abs : 25 - abs; }
function bgPlace(abs) {
  const k = bgOwn(abs);
  return k <= 12 ? { col: 12 - k, bottom: true } : { col: k - 13, bottom: false };
}
// A point of the mover's numbering (25 the bar, 0 off) as a field.
function bgField(p, side) {
  if (p === 25) return "bar";
  if (p === 0) return "off";
  return side === "white" ? p : 25 - p;
}
function bgFieldAt(x, y) {
  if (x >= 925) return "off";
  if (x >= 450 && x < 510) return "bar";
  let col = null;
  if (x >= 40 && x < 450) col = Math.floor((x - 40) / W);
  else if (x >= 510 && x < 920) col = 6 + Math.floor((x - 510) / W);
  if (col === null || y < 50 || y > 670) return null;
  const k = y > MID ? 12 - col : col + 13;
  return bottomSide() === "white" ? k : 25 - k;
}
function bgLabel(k) {
  // The bottom player's point k, by gnubg's number or the page's line.
  if (!bgLines()) return String(k);
  const side = bottomSide();
  const [low, high] = side === "white" ? ["B", "N"] : ["N", "B"];
  return k <= 12 ? low + k : high + (25 - k);
}

// ------------------------------------------------------------ moves
function bgCurrent() {
  const st = S.state;
  const b = st.board.slice();
  const bar = { white: st.bar.white, black: st.bar.black };
  const off = { white: st.off.white, black: st.off.black };
  const side = st.phase.side;
  const sg = sign(side);
  for (const [from, to] of S.steps) {
    if (from === "bar") bar[side] -= 1; else b[from - 1] -= sg;
    if (to === "off") off[side] += 1;
    else {
      if (b[to - 1] * sg === -1) { b[to - 1] = 0; bar[other(side)] += 1; }
      b[to - 1] += sg;
    }
  }
  return { b, bar, off };
}

function permutations(a) {
  if (a.length <= 1) return [a];
  const out = [];
  const seen = new Set();
  a.forEach((x, i) => {
    const key = x.join(",");
    if (seen.has(key)) return;
    seen.add(key);
    for (const rest of permutations(a.slice(0, i).concat(a.slice(i + 1)))) out.push([x].concat(rest));
  });
  return out;
}

// Every order in which the moves of each legal play can be made one by
// one from the position (a checker must be there; the bar first).
function bgOrderings() {
  const st = S.state;
  if (S.bgCache && S.bgCache.seq === st.seq) return S.bgCache.list;
  const side = st.phase.side;
  const sg = sign(side);
  const out = [];
  for (const p of st.plays || []) {
    const moves = p.m.map(([f, t]) => [bgField(f, side), bgField(t, side)]);
    for (const seq of permutations(moves)) {
      const b = st.board.slice();
      let bar = st.bar[side];
      let ok = true;
      for (const [from, to] of seq) {
        if (from === "bar") { if (bar < 1) { ok = false; break; } bar -= 1; }
        else { if (bar > 0 || b[from - 1] * sg < 1) { ok = false; break; } b[from - 1] -= sg; }
        if (to !== "off") { if (b[to - 1] * sg < 0) b[to - 1] = 0; b[to - 1] += sg; }
      }
      if (ok) out.push({ p, seq });
    }
  }
  S.bgCache = { seq: st.seq, list: out };
  return out;
}
function bgCandidates() {
  const n = S.steps.length;
  return bgOrderings().filter((o) => o.seq.length >= n &&
    S.steps.every((s, i) => o.seq[i][0] === s[0] && o.seq[i][1] === s[1]));
}
// From `f`: each destination with the steps that reach it (one checker
// moved by one die, or by several in a row).
function bgReach(f) {
  const n = S.steps.length;
  const out = new Map();
  for (const o of bgCandidates()) {
    if (o.seq.length <= n || o.seq[n][0] !== f) continue;
    let at = f;
    const path = [];
    for (let i = n; i < o.seq.length && o.seq[i][0] === at; i++) {
      path.push(o.seq[i]);
      at = o.seq[i][1];
      // The fewest steps to each destination: one die when it can.
      if (!out.has(at) || out.get(at).length > path.length) out.set(at, path.slice());
      if (at === "off") break;
    }
  }
  return out;
}
function bgMovableFrom() {
  if (!canMove()) return new Set();
  const n = S.steps.length;
  return new Set(bgCandidates().filter((o) => o.seq.length > n).map((o) => o.seq[n][0]));
}
function bgDestsFrom(f) { return new Set(bgReach(f).keys()); }
function bgStep(from, to) {
  const path = bgReach(from).get(to) || [[from, to]];
  S.steps.push(...path);
  S.selected = null;
  const n = S.steps.length;
  const done = bgCandidates().find((o) => o.seq.length === n);
  if (done) act({ type: "play", play: done.p.n });
  else {
    const mv = bgMovableFrom();
    if (mv.size === 1) S.selected = [...mv][0];
  }
  render();
}

// ------------------------------------------------------------ drawing
function bgCheckerY(i, count, bottom) {
  const room = 260 - 2 * R;
  const stepY = count <= 5 ? 2 * R : Math.min(2 * R, room / (count - 1));
  return bottom ? 670 - R - i * stepY : 50 + R + i * stepY;
}
function bgFieldXY(f, side, bottom) {
  if (f === "bar") return [480, side === bottom ? MID + 90 : MID - 90];
  if (f === "off") return [960, side === bottom ? 520 : 200];
  const p = bgPlace(f);
  return [colX(p.col), p.bottom ? 560 : 160];
}
function bgArrow(from, to, side, cls) {
  const bottom = bottomSide();
  const [xa, ya] = bgFieldXY(from, side, bottom);
  const [xb, yb] = bgFieldXY(to, side, bottom);
  const mx = (xa + xb) / 2, my = (ya + yb) / 2 + (ya === yb ? (ya > MID ? -70 : 70) : 0);
  return `<path class="arrow ${cls || ""}" d="M${xa},${ya} Q${mx},${my} ${xb},${yb}" marker-end="url(#${cls === "last" ? "ah-last" : "ah"})"/>`;
}
function bgPlayArrows(play, side, cls) {
  return play.m.map(([f, t]) => bgArrow(bgField(f, side), bgField(t, side), side, cls)).join("");
}
function bgCube(x, y, value, cls) {
  const a = cls === "offered" ? 28 : 17;
  return `<g class="cube ${cls || ""}" id="cube" data-value="${value}"><rect x="${x - a}" y="${y - a}" width="${2 * a}" height="${2 * a}" rx="${a / 4}"/>` +
    `<text x="${x}" y="${y + 1}">${value}</text></g>`;
}

function bgRenderBoard() {
  const st = S.state;
  const { b, bar, off } = bgCurrent();
  const bottom = bottomSide(), top = other(bottom);
  let h = `<defs><marker id="ah" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#3a6fd8"/></marker>` +
    `<marker id="ah-last" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="5" markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#8a7a5c"/></marker></defs>`;
  h += `<rect class="frame" x="0" y="0" width="1000" height="720" rx="18"/>`;
  h += `<rect class="felt" x="40" y="50" width="410" height="620"/><rect class="felt" x="510" y="50" width="410" height="620"/>`;
  h += `<rect class="bar" x="450" y="50" width="60" height="620"/>`;
  for (let f = 1; f <= 24; f++) {
    const p = bgPlace(f);
    h += `<path class="${(p.col % 2 === 0) === p.bottom ? "fl-a" : "fl-b"}" d="${flechePath(p.col, p.bottom)}"/>`;
    // The number (or line name) of the bottom player's point on the frame.
    const k = bgOwn(f);
    h += `<text class="num pt-label" x="${colX(p.col)}" y="${p.bottom ? 697 : 31}">${esc(bgLabel(k))}</text>`;
  }
  // Pip counts on the frame above and below the bar.
  h += `<text class="num pips" id="pips-${bottom}" x="480" y="697">${st.pips[bottom]}</text>`;
  h += `<text class="num pips" id="pips-${top}" x="480" y="31">${st.pips[top]}</text>`;
  // Trays of the checkers borne off: the bottom player's below.
  for (const [side, y0] of [[bottom, 380], [top, 60]]) {
    h += `<rect class="tray" x="930" y="${y0}" width="60" height="280" rx="6"/>`;
    for (let i = 0; i < off[side]; i++) {
      const yy = side === bottom ? y0 + 270 - i * 17 - 14 : y0 + 10 + i * 17;
      h += `<rect class="${side === "white" ? "chk-w" : "chk-b"} off-chk" x="936" y="${yy}" width="48" height="14" rx="4"/>`;
    }
  }
  // Highlights.
  const mv = bgMovableFrom();
  const dests = S.selected !== null ? bgDestsFrom(S.selected) : new Set();
  const side = st.phase.side;
  const hl = (f, cls) => {
    if (f === "off") return `<rect class="${cls}" x="930" y="${side === bottom ? 380 : 60}" width="60" height="280" rx="6"/>`;
    if (f === "bar") return `<rect class="${cls}" x="452" y="${side === bottom ? MID + 30 : 52}" width="56" height="${MID - 82}" rx="6"/>`;
    const p = bgPlace(f);
    return `<path class="${cls}" d="${flechePath(p.col, p.bottom)}"/>`;
  };
  for (const f of mv) if (f !== S.selected) h += hl(f, "movable");
  if (S.selected !== null) h += hl(S.selected, "selected");
  for (const f of dests) h += hl(f, "dest");
  // Checkers on the points.
  for (let f = 1; f <= 24; f++) {
    const c = b[f - 1];
    if (!c) continue;
    const s = c > 0 ? "white" : "black";
    const n = Math.abs(c);
    const p = bgPlace(f);
    const x = colX(p.col);
    for (let i = 0; i < n; i++) {
      h += `<circle class="${s === "white" ? "chk-w" : "chk-b"}" cx="${x}" cy="${bgCheckerY(i, n, p.bottom)}" r="${R}"/>`;
    }
    if (n > 5) h += `<text class="chk-count ${s[0]}" x="${x}" y="${bgCheckerY(n - 1, n, p.bottom)}">${n}</text>`;
  }
  // Checkers on the bar: the bottom player's below the middle.
  for (const s of ["white", "black"]) {
    const n = bar[s];
    for (let i = 0; i < Math.min(n, 4); i++) {
      const y = s === bottom ? MID + 60 + i * 2 * R : MID - 60 - i * 2 * R;
      h += `<circle class="${s === "white" ? "chk-w" : "chk-b"} bar-chk" cx="480" cy="${y}" r="${R}"/>`;
    }
    if (n > 1) h += `<text class="chk-count ${s[0]}" x="480" y="${s === bottom ? MID + 60 : MID - 60}">${n}</text>`;
  }
  // The videau: its face up on its owner's side, centred on the left
  // while nobody owns it; an offered double in the middle of the right.
  const cube = st.cube;
  if (cube.used) {
    if (cube.offered) h += bgCube(870, MID, cube.value * 2, "offered");
    else if (!cube.owner) h += bgCube(20, MID, cube.value === 1 ? 64 : cube.value, "centred");
    else h += bgCube(20, cube.owner === bottom ? 610 : 110, cube.value, "owned");
  }
  // The last play, then the hint.
  if (st.last_play && !S.steps.length && st.phase.kind !== "play") {
    h += bgPlayArrows(st.last_play, st.last_play.side, "last");
  }
  if (S.hint && S.hint.plays && S.hint.plays.length) h += bgPlayArrows(S.hint.plays[0], side, "");
  // Dice in the right half, whose turn in the left.
  const dice = st.dice || (st.last_play && st.phase.kind !== "over" ? st.last_play.dice : null);
  if (dice) {
    const used = !st.dice;
    h += drawDie(640, MID - 26, dice[0], 52, used ? "used" : "") + drawDie(710, MID - 26, dice[1], 52, used ? "used" : "");
  }
  const ph = st.phase;
  const label = ph.kind === "over" ? t("game_over") : ph.side ? sideName(ph.side) + (myTurn() ? " (" + t("you") + ")" : "") : "";
  h += `<text class="turn-label" x="245" y="${MID + 6}">${esc(label)}</text>`;
  if (ph.side && ph.kind !== "over") {
    h += `<circle class="${ph.side === "white" ? "chk-w" : "chk-b"}" cx="245" cy="${ph.side === bottom ? MID + 30 : MID - 32}" r="9"/>`;
  }
  // Hit areas on top: each point, the bar, the trays.
  for (let f = 1; f <= 24; f++) {
    const p = bgPlace(f);
    h += `<rect class="hit" data-field="${f}" x="${colLeft(p.col)}" y="${p.bottom ? MID : 50}" width="${W}" height="${p.bottom ? 670 - MID : MID - 50}"/>`;
  }
  h += `<rect class="hit" data-field="bar" x="450" y="50" width="60" height="620"/>`;
  h += `<rect class="hit" data-field="off" x="925" y="50" width="75" height="620"/>`;
  h += `<circle id="ghost" class="ghost ${side === "black" ? "chk-b" : "chk-w"}" cx="0" cy="0" r="${R}" visibility="hidden"/>`;
  $("board").innerHTML = h;
}

// ------------------------------------------------------------ panel
function bgStatus() {
  const st = S.state;
  const ph = st.phase;
  const dice = st.dice ? st.dice.join("-") : "";
  const offered = st.cube.value * 2;
  if (ph.kind === "over") {
    if (st.match.length > 0) {
      const sc = st.match.score;
      return t("bg_wins_match", { who: who(st.over.winner), score: `${sc.white}–${sc.black}` });
    }
    return t("bg_wins", { who: who(st.over.winner), text: st.game_result ? st.game_result.text : "" });
  }
  if (myTurn()) {
    const pre = S.seats.length > 1 ? t("side_turn", { side: sideName(ph.side) }) : "";
    if (ph.kind === "roll") return pre + t(st.cube.can_double ? "bg_your_roll" : "bg_your_roll_nodouble");
    if (ph.kind === "doubled") return pre + t("bg_your_doubled", { who: who(other(ph.side)), value: offered });
    if (ph.kind === "play") return pre + t("bg_your_play", { dice }) + " " + t("select_hint");
    return "";
  }
  if (!ph.side) return "";
  const seat = st.seats[ph.side];
  if (seat && seat.kind === "bot") return who(ph.side) + " " + t("thinking");
  if (ph.kind === "doubled") return t("bg_their_doubled", { who: who(ph.side), value: offered });
  if (ph.kind === "play") return t("bg_their_play", { who: who(ph.side), dice });
  return t("bg_their_roll", { who: who(ph.side) });
}

function bgButtons(mine) {
  const st = S.state;
  const k = st.phase.kind;
  const show = (id, on) => { $(id).hidden = !on; };
  show("btn-roll", myTurn() && k === "roll");
  show("btn-double", myTurn() && k === "roll" && st.cube.can_double);
  show("btn-take", myTurn() && k === "doubled");
  show("btn-drop", myTurn() && k === "doubled");
  show("btn-beaver", myTurn() && k === "doubled" && st.cube.beavers);
  show("btn-undo", myTurn() && k === "play");
  show("btn-hint", myTurn() && k === "play" && st.mode !== "online");
  ["btn-stay", "btn-leave", "mark-box"].forEach((id) => show(id, false));
  show("btn-numbers", true);
  $("btn-numbers").textContent = t(bgLines() ? "numbers_gnubg" : "numbers_lines");
  ["btn-roll", "btn-double", "btn-take", "btn-drop", "btn-beaver", "btn-hint"].forEach((id) => { $(id).disabled = !mine; });
  $("btn-undo").disabled = !S.steps.length || S.busy;
}

function bgPlayName(p) { return bgLines() ? p.lines : p.n; }
// N/B line names (BG-1.3) or gnubg's numbers: the player's choice, else
// the lines under the page's rules.
function bgLines() { return S.lines === null ? !!(S.state && S.state.preset === "seed") : S.lines; }

function bgPanel() {
  const st = S.state;
  $("jans-card").hidden = true;
  const sc = st.match.score;
  const cube = st.cube;
  const owner = cube.owner ? sideName(cube.owner) : t("centred");
  $("score-title").textContent = st.match.length > 0 ? t("match_score") + " · " + t("bg_match", { n: st.match.length }) : t("match_score") + " · " + t("money");
  $("score-table").innerHTML =
    `<tr><th></th><th>${esc(t("points"))}</th><th>${esc(t("pips"))}</th></tr>` +
    `<tr id="score-white"><td>${esc(t("white"))}</td><td class="points">${sc.white}</td><td class="pips">${st.pips.white}</td></tr>` +
    `<tr id="score-black"><td>${esc(t("black"))}</td><td class="points">${sc.black}</td><td class="pips">${st.pips.black}</td></tr>` +
    `<tr><td>${esc(t("cube"))}</td><td colspan="2" id="cube-text">${cube.used ? cube.value + " · " + esc(owner) : "—"}</td></tr>` +
    `<tr><td>${esc(t("game_n", { n: st.match.game }))}</td><td colspan="2">${esc(st.rules)}${st.match.crawford ? " · " + esc(t("crawford")) : ""}</td></tr>` +
    (st.last_result ? `<tr><td colspan="3" class="muted">${esc(t("last_game", { text: st.last_result.text }))}</td></tr>` : "");
  let hh = "<table>";
  const rows = S.history.map((e, i) => bgHistoryRow(e, i));
  hh += rows.reverse().join("") + "</table>";
  $("history").innerHTML = hh;
  $("dl-txt").href = "/api/games/" + encodeURIComponent(st.room) + ".mat";
  $("dl-txt").textContent = t("download_mat");
  $("dl-json").hidden = true;
  const hb = $("hint-box");
  if (S.hint && S.hint.plays) {
    hb.hidden = false;
    hb.innerHTML = esc(t("hint_title", { by: S.hint.by })) + " " + S.hint.plays.map((p, i) =>
      (i ? "" : "<b>") + esc(bgPlayName(p)) + (i ? "" : "</b>") +
      ` <span class="muted">(${Number(p.value) >= 0 ? "+" : ""}${Number(p.value).toFixed(3)})</span>`).join(" · ");
  } else hb.hidden = true;
}

function bgHistoryRow(e, i) {
  const n = i + 1;
  const note = (s) => `<tr><td>${n}</td><td colspan="2" class="note">${esc(s)}</td></tr>`;
  switch (e.kind) {
    case "game": return `<tr><td>${n}</td><td colspan="2"><b>${esc(t("game_n", { n: e.n }))}</b> <span class="muted">${e.score.white}–${e.score.black}${e.crawford ? " · " + esc(t("crawford")) : ""}</span></td></tr>`;
    case "opening": return note(t("opening", { w: e.white, b: e.black }));
    case "double": return note(t("doubles_to", { side: sideName(e.side), value: e.value }));
    case "take": return note(t("takes", { side: sideName(e.side) }));
    case "beaver": return note(t("beavers_w", { side: sideName(e.side) }));
    case "drop": return note(t("drops", { side: sideName(e.side) }));
    case "over": return `<tr><td>${n}</td><td colspan="2"><b>${esc(e.text)}</b></td></tr>`;
    case "roll": return `<tr class="hist-roll"><td>${n}</td><td class="side-${e.side}">${esc(e.dice)}</td>` +
      `<td>${esc(e.play === undefined ? "" : (bgLines() ? e.lines : e.play))}</td></tr>`;
  }
  return "";
}

// ------------------------------------------------------------ home
function bgFormUpdate() {
  const f = new FormData($("new-game"));
  const bg = f.get("game") === "backgammon";
  $("bg-options").hidden = !bg;
  $("tt-options").hidden = bg;
  fillBots(bg ? "backgammon" : "trictrac");
}
function fillBots(game) {
  const sel = $("bot-select");
  if (!S.info || (sel.dataset.game === game && sel.dataset.lang === S.lang)) return;
  const g = (S.info.games || []).find((x) => x.id === game) || { bots: S.info.bots, default_bot: S.info.default_bot };
  const prev = sel.dataset.game === game ? sel.value : null;
  sel.dataset.game = game;
  sel.dataset.lang = S.lang;
  sel.innerHTML = "";
  // By strength, weakest first, named by level (app.js LEVELS); the
  // recommended level is chosen, else the server's default.
  const lv = LEVELS[game] || { order: [], recommended: null };
  const rank = (b) => { const i = lv.order.indexOf(b); return i < 0 ? lv.order.length : i; };
  const bots = g.bots.slice().sort((a, b) => rank(a) - rank(b));
  const chosen = prev || (bots.includes(lv.recommended) ? lv.recommended : g.default_bot);
  bots.forEach((b, i) => {
    const o = document.createElement("option");
    o.value = b;
    o.textContent = (i + 1) + " · " + levelName(game, b) + (b === lv.recommended ? " — " + t("recommended") : "");
    if (b === chosen) o.selected = true;
    sel.appendChild(o);
  });
}

function bgInit() {
  $("btn-double").onclick = () => act({ type: "double" });
  $("btn-take").onclick = () => act({ type: "take" });
  $("btn-drop").onclick = () => act({ type: "drop" });
  $("btn-beaver").onclick = () => act({ type: "beaver" });
  $("btn-numbers").onclick = () => {
    S.lines = !bgLines();
    try { localStorage.setItem("trictrac.bg.lines", S.lines ? "1" : "0"); } catch (e) { /* ignore */ }
    render();
  };
  S.lines = null;
  try {
    const v = localStorage.getItem("trictrac.bg.lines");
    if (v !== null) S.lines = v === "1";
  } catch (e) { /* ignore */ }
  $("new-game").addEventListener("change", bgFormUpdate);
  setLang(S.lang);
}
bgInit();
