// Backgammon with the videau on the page: the board (points, bar, trays,
// the cube, pip counts, gnubg's numbers or the N/B lines), how a play is
// made checker by checker, the panel (match score, cube) and the
// history's lines. The shell (../app.js) calls these through the
// interface every game module has (docs/PROTOCOL.md, "Backgammon").

import { t, esc, addTexts, hasText, sideName, sideMid, capFirst, other, sign, $ } from "../i18n.js";
import { R, MID, colX, colAt, flechePath, checkerY, drawDice, usedDice, boardBase, flecheShape, arrowPath, hitAreas, turnMark } from "../board.js";
import { createAnalysis, hintView, SECTION_HTML as ANALYSIS_HTML } from "./backgammon-analysis.js";
import { createReview, SECTION_HTML as REVIEW_HTML } from "./backgammon-review.js";
import { FORM_HTML } from "./backgammon-form.js";
import BACKGAMMON_TEXTS from "../texts/backgammon.json" with { type: "json" };
import OPTIONS_TEXTS from "../texts/backgammon-options.json" with { type: "json" };

addTexts(BACKGAMMON_TEXTS);

// The rules' choices of the new-game form (issue 24: one default preset
// everywhere, every reading of the page's hit rule, BG-4.3) and the
// opening throw's winner.
addTexts(OPTIONS_TEXTS);
// The opening throw's words: the two dice and who won it (BG-2.2).
const openingText = (e) => t("opening_won", { w: e.white, b: e.black, side: e.white > e.black ? sideMid("white") : sideMid("black") });

export function create(app) {
  const S = app.S;
  const analysis = createAnalysis(app);
  const review = createReview(app);
  // This game's own state on the page.
  const ui = {
    lines: null,  // N/B line names (true), gnubg's numbers (false), or by the rules (null)
    cache: null,  // the orderings of the plays of one state
    analysis: analysis.ui, // the analysis board's set-up and answer
    review: review.ui,     // the review shown and its step
  };

  // ------------------------------------------------------------ geometry
  // Fields: points 1..24 in White's numbering, "bar" and "off" (of the side
  // to move). The bottom player's home board is at the bottom right.
  const own = (abs) => app.bottomSide() === "white" ? abs : 25 - abs;
  function place(abs) {
    const k = own(abs);
    return k <= 12 ? { col: 12 - k, bottom: true } : { col: k - 13, bottom: false };
  }
  // A point of the mover's numbering (25 the bar, 0 off) as a field.
  function field(p, side) {
    if (p === 25) return "bar";
    if (p === 0) return "off";
    return side === "white" ? p : 25 - p;
  }
  function fieldAt(x, y) {
    if (x >= 925) return "off";
    if (x >= 450 && x < 510) return "bar";
    const col = colAt(x);
    if (col === null || y < 50 || y > 670) return null;
    const k = y > MID ? 12 - col : col + 13;
    return app.bottomSide() === "white" ? k : 25 - k;
  }
  // N/B line names (BG-1.3) or gnubg's numbers: the player's choice, else
  // the lines under the page's rules.
  const lines = () => ui.lines === null ? !!(S.state && S.state.preset === "seed") : ui.lines;
  function label(k) {
    // The bottom player's point k, by gnubg's number or the page's line.
    if (!lines()) return String(k);
    const [low, high] = app.bottomSide() === "white" ? ["B", "N"] : ["N", "B"];
    return k <= 12 ? low + k : high + (25 - k);
  }

  // ------------------------------------------------------------ moves
  function current() {
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
  function orderings() {
    const st = S.state;
    if (ui.cache && ui.cache.seq === st.seq) return ui.cache.list;
    const side = st.phase.side;
    const sg = sign(side);
    const out = [];
    for (const p of st.plays || []) {
      const moves = p.m.map(([f, to]) => [field(f, side), field(to, side)]);
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
    ui.cache = { seq: st.seq, list: out };
    return out;
  }
  // From `f`: each destination with the steps that reach it (one checker
  // moved by one die, or by several in a row).
  function reach(f, candidates) {
    const n = S.steps.length;
    const out = new Map();
    for (const o of candidates) {
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
  // A click on a checker that cannot be played: whose it is, when not ours.
  function explain(f) {
    if (typeof f !== "number") return;
    const side = S.state.phase.side;
    const c = current().b[f - 1];
    if (!c) return;
    const owner = c > 0 ? "white" : "black";
    if (owner === side) return;
    // A checker picked up and a point of two or more of the other's: the
    // point is blocked (BG-3.3), whoever's checkers they are.
    if (S.selected !== null && Math.abs(c) >= 2) {
      app.toast(t("bg_blocked", { point: label(own(f)), side: sideMid(owner), n: Math.abs(c) }));
      return;
    }
    app.toast(capFirst(t("bg_not_yours", { side: sideMid(owner), mine: sideMid(side) })));
  }

  // ------------------------------------------------------------ drawing
  const stackY = (i, count, bottom) => checkerY(i, count, bottom, 260);
  function fieldXY(f, side, bottom) {
    if (f === "bar") return [480, side === bottom ? MID + 90 : MID - 90];
    if (f === "off") return [960, side === bottom ? 520 : 200];
    const p = place(f);
    return [colX(p.col), p.bottom ? 560 : 160];
  }
  function arrow(from, to, side, cls) {
    const bottom = app.bottomSide();
    const [xa, ya] = fieldXY(from, side, bottom);
    const [xb, yb] = fieldXY(to, side, bottom);
    return arrowPath(xa, ya, xb, yb, cls);
  }
  function playArrows(play, side, cls) {
    return play.m.map(([f, to]) => arrow(field(f, side), field(to, side), side, cls)).join("");
  }
  function cubeShape(x, y, value, cls) {
    const a = cls === "offered" ? 28 : 17;
    return `<g class="cube ${cls || ""}" id="cube" data-value="${value}"><rect x="${x - a}" y="${y - a}" width="${2 * a}" height="${2 * a}" rx="${a / 4}"/>` +
      `<text x="${x}" y="${y + 1}">${value}</text></g>`;
  }

  function drawBoard() {
    const st = S.state;
    const { b, bar, off } = current();
    const bottom = app.bottomSide(), top = other(bottom);
    let h = boardBase();
    for (let f = 1; f <= 24; f++) {
      const p = place(f);
      h += flecheShape(p.col, p.bottom);
      // The number (or line name) of the bottom player's point on the frame.
      h += `<text class="num pt-label" x="${colX(p.col)}" y="${p.bottom ? 697 : 33}">${esc(label(own(f)))}</text>`;
    }
    // Pip counts on the frame above and below the bar.
    h += `<text class="num pips" id="pips-${bottom}" x="480" y="697">${st.pips[bottom]}</text>`;
    h += `<text class="num pips" id="pips-${top}" x="480" y="33">${st.pips[top]}</text>`;
    // Trays of the checkers borne off: the bottom player's below.
    for (const [side, y0] of [[bottom, 380], [top, 60]]) {
      h += `<rect class="tray" x="930" y="${y0}" width="60" height="280" rx="6"/>`;
      for (let i = 0; i < off[side]; i++) {
        const yy = side === bottom ? y0 + 270 - i * 17 - 14 : y0 + 10 + i * 17;
        h += `<rect class="${side === "white" ? "chk-w" : "chk-b"} off-chk" x="936" y="${yy}" width="48" height="14" rx="4"/>`;
      }
    }
    // Highlights.
    const mv = app.movableFrom();
    const dests = S.selected !== null ? app.destsFrom(S.selected) : new Set();
    const side = st.phase.side;
    const hl = (f, cls) => {
      if (f === "off") return `<rect class="${cls}" x="930" y="${side === bottom ? 380 : 60}" width="60" height="280" rx="6"/>`;
      if (f === "bar") return `<rect class="${cls}" x="452" y="${side === bottom ? MID + 30 : 52}" width="56" height="${MID - 82}" rx="6"/>`;
      const p = place(f);
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
      const p = place(f);
      const x = colX(p.col);
      for (let i = 0; i < n; i++) {
        h += `<circle class="${s === "white" ? "chk-w" : "chk-b"}" cx="${x}" cy="${stackY(i, n, p.bottom)}" r="${R}"/>`;
      }
      if (n > 5) h += `<text class="chk-count ${s[0]}" x="${x}" y="${stackY(n - 1, n, p.bottom)}">${n}</text>`;
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
      if (cube.offered) h += cubeShape(870, MID, cube.value * 2, "offered");
      else if (!cube.owner) h += cubeShape(20, MID, cube.value === 1 ? 64 : cube.value, "centred");
      else h += cubeShape(20, cube.owner === bottom ? 610 : 110, cube.value, "owned");
    }
    // The last play, then the hint.
    if (st.last_play && !S.steps.length && st.phase.kind !== "play") {
      h += playArrows(st.last_play, st.last_play.side, "last");
    }
    if (S.hint && S.hint.plays && S.hint.plays.length) h += playArrows(S.hint.plays[0], side, "");
    // Dice in the right half, whose turn in the left.
    // The roll being played, each die greyed once used; the previous
    // roll's dice are gone (the history keeps them).
    if (st.dice) {
      const pt = (f) => (f === "bar" ? 25 : f === "off" ? 0 : side === "white" ? f : 25 - f);
      h += drawDice(st.dice, usedDice(st.dice, S.steps.map(([a, b]) => (b === "off" ? null : pt(a) - pt(b))), 2));
    }
    const ph = st.phase;
    const lbl = ph.kind === "over" ? t("game_over") : ph.side ? sideName(ph.side) + (app.myTurn() ? " (" + t("you") + ")" : "") : "";
    h += turnMark(esc(lbl), ph.side && ph.kind !== "over" ? ph.side : null, bottom);
    // Hit areas on top: each point, the bar, the trays.
    h += hitAreas(place);
    h += `<rect class="hit" data-field="bar" x="450" y="50" width="60" height="620"/>`;
    h += `<rect class="hit" data-field="off" x="925" y="50" width="75" height="620"/>`;
    return h;
  }

  // ------------------------------------------------------------ panel
  // A game's result as a player says it, with the players' names: "Black
  // – Bob resigns: White – Ann wins 1 point." (a result of the state or of
  // the history: winner, kind, points, reason).
  function resultText(r) {
    if (!r) return "";
    // A history entry's result kind is its `win` (its `kind` is "over").
    const kind = r.win || r.kind;
    const v = { who: app.who(r.winner), loser: app.who(other(r.winner)), n: r.points, kind };
    if (r.reason === "dropped") return t("res_dropped", v);
    if (r.reason === "resigned") return t(kind === "single" ? "res_resigned" : "res_resigned_kind", v);
    return t("res_" + kind, v);
  }

  // Right after the opening throw: its two dice and who won it (BG-2.2).
  function openingNote() {
    const e = S.history[S.history.length - 1];
    return e && e.kind === "opening" && e.white !== e.black && S.state.phase.kind !== "over" ? capFirst(openingText(e)) + ". " : "";
  }

  // The end of a game of a match, shown until the player asks for the
  // next game (the server has started it): the state before the last
  // decision with the last play made, the game's result and the score.
  // `before` the state shown, `m` the new one; none when no game ended.
  function finalFrame(before, m) {
    if (before.game !== "backgammon" || m.game !== "backgammon" || S.role !== "player" || S.replay) return null;
    if (!(m.match.length > 0 && m.match.game > before.match.game && !m.over && m.last_result)) return null;
    const f = JSON.parse(JSON.stringify(before));
    const r = m.last_result;
    const side = before.phase.side;
    // Borne off: the last play, found in the finished game's history.
    const ends = S.history.map((e, i) => (e.kind === "over" ? i : -1)).filter((i) => i >= 0);
    const end = ends[ends.length - 1];
    const last = end > 0 ? S.history[end - 1] : null;
    const p = r.reason === "borne_off" && last && last.kind === "roll" ? (before.plays || []).find((x) => x.n === last.play) : null;
    if (p && side) {
      const sg = sign(side);
      for (const [a, b] of p.m) {
        const from = field(a, side), to = field(b, side);
        if (from === "bar") f.bar[side] -= 1; else f.board[from - 1] -= sg;
        if (to === "off") f.off[side] += 1;
        else {
          if (f.board[to - 1] * sg < 0) { f.board[to - 1] = 0; f.bar[other(side)] += 1; }
          f.board[to - 1] += sg;
        }
      }
      f.last_play = { ...p, side, dice: before.dice };
    }
    const pips = (s) => f.board.reduce((n, c, i) => n + (s === "white" ? Math.max(c, 0) * (i + 1) : Math.max(-c, 0) * (24 - i)), 0) + 25 * f.bar[s];
    f.pips = { white: pips("white"), black: pips("black") };
    Object.assign(f, {
      phase: { kind: "over", side: r.winner }, pending: null, dice: null, plays: [], game_result: r, held: true, seq: m.seq,
      match: { ...before.match, score: m.match.score },
      cube: { ...before.cube, can_double: false, offered: null },
      clock: null,
    });
    return f;
  }

  function status() {
    const st = S.state;
    const ph = st.phase;
    const dice = st.dice ? st.dice.join("-") : "";
    const offered = st.cube.value * 2;
    if (st.held) return resultText(st.game_result) + " " + t("bg_next_hint");
    if (ph.kind === "over") {
      if (st.match.length > 0) {
        const sc = st.match.score;
        return t("bg_wins_match", { who: app.who(st.over.winner), score: `${sc.white}–${sc.black}` });
      }
      return st.game_result ? resultText(st.game_result) : t("bg_wins", { who: app.who(st.over.winner), text: "" });
    }
    // A resignation offered waits for its answer.
    const ro = st.resignation;
    if (ro) {
      const v = { kind: t("bg_resign_" + ro.kind), n: ro.points };
      if (app.myTurn()) return t("bg_your_resign_offer", { ...v, who: app.who(ro.side) });
      if (S.seats.includes(ro.side)) return t("bg_their_resign_offer", { ...v, who: app.who(other(ro.side)) });
      return t("bg_resign_offer_seen", { ...v, who: app.who(ro.side), other: app.who(other(ro.side)) });
    }
    if (app.myTurn()) {
      const pre = S.seats.length > 1 ? t("side_turn", { side: sideName(ph.side) }) : "";
      if (ph.kind === "roll") return pre + t(st.cube.can_double ? "bg_your_roll" : "bg_your_roll_nodouble");
      if (ph.kind === "doubled") return pre + t("bg_your_doubled", { who: app.who(other(ph.side)), value: offered });
      if (ph.kind === "play") return pre + t("bg_your_play", { dice }) + " " + t("select_hint");
      return "";
    }
    if (!ph.side) return "";
    const seat = st.seats[ph.side];
    if (seat && seat.kind === "bot") return app.who(ph.side) + " " + t("thinking");
    if (ph.kind === "doubled") return t("bg_their_doubled", { who: app.who(ph.side), value: offered });
    if (ph.kind === "play") return t("bg_their_play", { who: app.who(ph.side), dice });
    return t("bg_their_roll", { who: app.who(ph.side) });
  }

  function buttons({ mine, replaying }) {
    if (replaying) return;
    const st = S.state;
    const k = st.phase.kind;
    const show = (id, on) => { $(id).hidden = !on; };
    // Before rolling; after rolling too under `videau=whole-turn` (BG-7.2).
    show("btn-double", app.myTurn() && (k === "roll" || k === "play") && st.cube.can_double);
    show("btn-take", app.myTurn() && k === "doubled");
    show("btn-drop", app.myTurn() && k === "doubled");
    show("btn-beaver", app.myTurn() && k === "doubled" && st.cube.beavers);
    // A resignation offered: its addressee accepts or declines, its
    // author may withdraw it; no hint meanwhile.
    const ro = st.resignation;
    const live = S.role !== "spectator" && S.online && !st.held;
    show("btn-resign-accept", live && !!ro && app.myTurn());
    show("btn-resign-decline", live && !!ro && app.myTurn());
    show("btn-resign-withdraw", live && !!ro && S.seats.includes(ro.side) && !app.myTurn());
    ["btn-resign-accept", "btn-resign-decline", "btn-resign-withdraw"].forEach((id) => { $(id).disabled = S.busy; });
    if (ro) show("btn-hint", false);
    show("btn-numbers", true);
    $("btn-numbers").textContent = t(lines() ? "numbers_gnubg" : "numbers_lines");
    ["btn-double", "btn-take", "btn-drop", "btn-beaver"].forEach((id) => { $(id).disabled = !mine; });
    // The review of the finished game or match; the analysis board on
    // this position (never in an online game between people, for players
    // and spectators alike: no engine help in a live game, issue 38).
    show("btn-bg-review", k === "over" && !st.held);
    show("btn-bg-analyse", k !== "over" && st.mode !== "online" && !!st.ids);
  }

  const playName = (p) => lines() ? p.lines : p.n;
  const levelName = (bot) => hasText("level_bg_" + bot) ? t("level_bg_" + bot) : hasText("level_" + bot) ? t("level_" + bot) : bot;

  function panel() {
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
      // The game before this one; once the match is over, the last one.
      (st.over && st.game_result ? `<tr><td colspan="3" class="muted" id="last-game">${esc(t("final_game", { text: resultText(st.game_result) }))}</td></tr>`
        : st.last_result ? `<tr><td colspan="3" class="muted" id="last-game">${esc(t("last_game", { text: resultText(st.last_result) }))}</td></tr>` : "");
    $("dl-txt").href = "/api/games/" + encodeURIComponent(st.room) + ".mat";
    $("dl-txt").textContent = t("download_mat");
    $("dl-json").hidden = true;
    $("review-box").hidden = true;
  }

  // The hint: the plays of the roll, best first, with their equity and
  // chances; or the cube analysis, or the answer to a double.
  function hintHtml(h) {
    return `<b>${esc(t("hint_title", { by: levelName(h.by) }))}</b> ` + hintView(h, playName);
  }

  // The history entry `e` (the `i`th of the game's history) as the
  // `n`th row shown.
  function historyRow(e, i, n) {
    const note = (s) => `<tr><td>${n}</td><td colspan="2" class="note">${esc(s)}</td></tr>`;
    switch (e.kind) {
      case "game": return `<tr><td>${n}</td><td colspan="2"><b>${esc(t("game_n", { n: e.n }))}</b> <span class="muted">${e.score.white}–${e.score.black}${e.crawford ? " · " + esc(t("crawford")) : ""}</span></td></tr>`;
      case "opening": return e.white === e.black ? note(t("opening_tie", { w: e.white, b: e.black })) : note(capFirst(openingText(e)));
      case "double": return note(t("doubles_to", { side: sideName(e.side), value: e.value }));
      case "take": return note(t("takes", { side: sideName(e.side) }));
      case "beaver": return note(t("beavers_w", { side: sideName(e.side) }));
      case "drop": return note(t("drops", { side: sideName(e.side) }));
      case "resign_offer": return note(t("resign_offers", { side: sideName(e.side), kind: t("bg_resign_" + e.offers) }));
      case "resign_declined": return note(t("resign_declines", { side: sideName(e.side) }));
      case "resign_withdrawn": return note(t("resign_withdraws", { side: sideName(e.side) }));
      // The result says who resigned: the resignation itself takes no row.
      case "over": return `<tr><td>${n}</td><td colspan="2"><b>${esc(resultText(e))}</b></td></tr>`;
      case "roll": return `<tr class="hist-roll"><td>${n}</td><td class="side-${e.side}">${esc(e.dice)}</td>` +
        `<td>${esc(e.play === undefined ? "" : (lines() ? e.lines : e.play))}</td></tr>`;
    }
    return "";
  }

  function init(params) {
    analysis.init(params);
    review.init(params);
    $("btn-bg-review").onclick = () => { location.href = "/?bgreview=" + encodeURIComponent(S.state.room); };
    $("btn-bg-analyse").onclick = () => {
      location.href = "/?bganalysis=1&position=" + encodeURIComponent(S.state.ids.xgid);
    };
    $("btn-double").onclick = () => app.act({ type: "double" });
    $("btn-take").onclick = () => app.act({ type: "take" });
    $("btn-drop").onclick = () => app.act({ type: "drop" });
    $("btn-beaver").onclick = () => app.act({ type: "beaver" });
    $("btn-resign-accept").onclick = () => app.act({ type: "accept" });
    $("btn-resign-decline").onclick = () => app.act({ type: "decline" });
    $("btn-resign-withdraw").onclick = () => app.act({ type: "withdraw" });
    $("btn-numbers").onclick = () => {
      ui.lines = !lines();
      try { localStorage.setItem("trictrac.bg.lines", ui.lines ? "1" : "0"); } catch (e) { /* ignore */ }
      app.render();
    };
    try {
      const v = localStorage.getItem("trictrac.bg.lines");
      if (v !== null) ui.lines = v === "1";
    } catch (e) { /* ignore */ }
  }

  return {
    id: "backgammon",
    title: "Backgammon",
    short: "Backgammon",
    ui,
    controls: ["btn-double", "btn-take", "btn-drop", "btn-beaver", "btn-resign-accept", "btn-resign-decline", "btn-resign-withdraw", "btn-numbers", "btn-bg-review", "btn-bg-analyse"],
    levels: { order: ["random", "greedy", "neural0", "neural2", "neural", "neural3"], recommended: "neural0" },
    levelName,
    hintFor: ["play", "roll_or_double", "answer"],
    // The new-game form's options (their box, its HTML, the words they
    // send) and this game's own pages: the analysis board and the review.
    formBox: "bg-options",
    formHtml: FORM_HTML,
    sectionsHtml: ANALYSIS_HTML + REVIEW_HTML,
    formOptions: (f) => f.get("preset") + (f.get("hit-cover") ? " hit-cover=" + f.get("hit-cover") : "") +
      (f.get("videau") ? " videau=" + f.get("videau") : "") +
      (Number(f.get("length")) > 0 ? " match=" + f.get("length") : ""),
    finishedLinks(id) {
      const r = encodeURIComponent(id);
      return `<a href="/?room=${r}&watch=1">${esc(t("view"))}</a> · <a href="/?bgreview=${r}">${esc(t("review_link"))}</a> · <a href="/api/games/${r}.mat" download>mat</a>`;
    },
    canResign: (st) => !st.over && !st.held && !st.resignation,
    // `resign` offers one of these (the opponent accepts or declines).
    resignKinds: ["single", "gammon", "backgammon"],
    // The header's Analysis: this game's board, on the position when help is allowed.
    analysisLink: (st, help) => "/?bganalysis=1" + (help && st.ids ? "&position=" + encodeURIComponent(st.ids.xgid) : ""),
    finalFrame,
    init,
    fieldAt,
    orderings,
    reach,
    explain,
    explainStill() {},
    drawBoard,
    status: () => openingNote() + status(),
    overText: status,
    buttons,
    panel,
    hintHtml,
    historyRow,
  };
}
