// Grand Trictrac on the page: the tablier (flèches, talons and corners,
// holes and pegs, the points tokens, the pavillon), how a play is made
// checker by checker, the panel (score, jans of the roll, the partie à
// écrire), the history's lines and the hint. The shell (../app.js) calls
// these through the interface every game module has; the replay and the
// review are in trictrac-review.js, the table of chances in
// trictrac-analysis.js.

import { t, esc, lang, addTexts, hasText, sideName, sideMid, capFirst, other, sign, $ } from "../i18n.js";
import {
  W, R, MID, colX, colAt, flechePath, checkerY, drawDice, usedDice, boardBase, flecheShape, arrowPath, hitAreas, turnMark,
} from "../board.js";
import { TEXTS } from "./trictrac-texts.js";
import { createReview } from "./trictrac-review.js";
import { FORM_HTML } from "./trictrac-form.js";
import { createAnalysis, SECTION_HTML } from "./trictrac-analysis.js";
import { createLate } from "./trictrac-late.js";
import { ttExplain, ttWhy, details } from "../explain.js";

addTexts(TEXTS);

export function create(app) {
  const S = app.S;
  // This game's own state on the page.
  const ui = {
    fieldNames: "numbers", // field names (R-1.6): numbers, classical, soumille, lepeintre
    why: null,             // the last answer to `why`
    review: null,          // the review of a finished game, while shown
  };
  const review = createReview(app, ui);
  const analysis = createAnalysis(app);
  const late = createLate(app);

  // ------------------------------------------------------------ geometry
  const flipped = () => app.bottomSide() === "black";
  // Where absolute field f is drawn: column 0..11 left to right, and row.
  function place(f) {
    const k = flipped() ? 25 - f : f;
    return k <= 12 ? { col: k - 1, bottom: true } : { col: 24 - k, bottom: false };
  }
  function fieldAt(x, y) {
    if (x >= 925) return 0; // a tray: bearing off
    const col = colAt(x);
    if (col === null || y < 50 || y > 670) return null;
    const k = y > MID ? col + 1 : 24 - col;
    return flipped() ? 25 - k : k;
  }

  // The board with the moves already made this turn.
  function currentBoard(st) {
    const b = st.board.slice();
    const off = { white: st.off.white, black: st.off.black };
    const side = st.phase.side;
    for (const [from, to] of (st === S.state ? S.steps : [])) {
      b[from - 1] -= sign(side);
      if (to > 0) b[to - 1] += sign(side); else off[side] += 1;
    }
    return { b, off };
  }

  // ------------------------------------------------------------ moves
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
  // From f: each destination of the next move, and the move.
  function reach(f, candidates) {
    const n = S.steps.length;
    const out = new Map();
    for (const o of candidates) if (o.seq.length > n && o.seq[n][0] === f) out.set(o.seq[n][1], [[f, o.seq[n][1]]]);
    return out;
  }

  // A click on a checker that cannot be played says why: another side's
  // checker here; for one of the mover's, the server asks the engine, which
  // names the rule (R-3.3, R-4.1, …).
  function explain(f) {
    if (f === "off" || !(f > 0)) return;
    const side = S.state.phase.side;
    const c = currentBoard(S.state).b[f - 1];
    if (!c) return;
    const owner = c > 0 ? "white" : "black";
    if (owner !== side) {
      app.toast(capFirst(t("not_yours", { side: sideMid(owner), mine: sideMid(side) })));
    } else if (S.steps.length) {
      app.toast(t("finish_play"));
    } else {
      app.send({ type: "why", field: f });
    }
  }
  // A click on a checker when nothing can be played now.
  function explainStill(f) {
    const st = S.state;
    if (!st || st.phase.kind === "over" || !S.seats.length || typeof f !== "number") return;
    if (!st.board[f - 1]) return;
    if (!app.myTurn()) { app.toast(t("not_your_turn")); return; }
    const what = { roll: t("your_turn_roll"), stay_or_leave: t("your_turn_decide"), mark: t("your_turn_mark") }[st.phase.kind];
    if (what) app.toast(t("cannot_now", { what }));
  }

  // ------------------------------------------------------------ drawing
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
      xb = 960; yb = side === app.bottomSide() ? 520 : 200;
    } else {
      const b = place(to);
      xb = colX(b.col); yb = b.bottom ? 560 : 160;
    }
    return arrowPath(xa, ya, xb, yb, cls);
  }

  // The name of absolute field f in the chosen naming (R-1.6), as the engine
  // writes it: /api/info serves trictrac::fields' names of the 24 fields.
  function fieldLabel(f) {
    const names = S.info && S.info.fields && S.info.fields[ui.fieldNames];
    return names ? names[f - 1] : String(f);
  }
  // The named field (R-1.6) that absolute field f is for the side whose half
  // it is in, e.g. { name: "coin de repos", side: "white" } for 12.
  function namedField(f) {
    const list = (S.info && S.info.named_fields) || [];
    const side = f <= 12 ? "white" : "black";
    const own = f <= 12 ? f : 25 - f;
    const n = list.find((x) => x.fields.includes(own));
    if (!n) return null;
    // Its other names too (issue 24: the tenth field is also the case du
    // diable and, after Lepeintre, le Travanais).
    const also = (n.also || []).map((a) => a.name);
    return { name: also.length ? `${n.name} (${also.join(", ")})` : n.name, side };
  }
  function namedTitle(f) {
    const n = namedField(f);
    return n ? `<title>${esc(t("named_field_title", { label: fieldLabel(f), name: n.name, side: sideMid(n.side) }))}</title>` : "";
  }

  function drawBoard() {
    const st = app.boardState();
    const live = st === S.state;
    const { b, off } = currentBoard(st);
    const bottom = app.bottomSide(), top = other(bottom);
    let h = boardBase();
    // The flèches, alternating colours; numbers (absolute fields) on the frame.
    for (let f = 1; f <= 24; f++) {
      const p = place(f);
      h += flecheShape(p.col, p.bottom);
    }
    // Field labels on the frame, by the base of each flèche.
    for (let f = 1; f <= 24; f++) {
      const p = place(f);
      const named = namedField(f);
      const text = `<text class="fnum${named ? " named" : ""}" data-field="${f}" x="${colX(p.col)}" y="${p.bottom ? 692 : 46}">${esc(fieldLabel(f))}</text>`;
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
      h += `<text class="num${side === top ? " num-top" : ""}" x="975" y="${y + 5}">${holes}</text>`;
    }
    // The pavillon (flag) on the left end: in the middle while nobody has it.
    // As the article places it (issue 24): between the pegs until the
    // second player to mark holes takes it, aside once both runs broke.
    const flag = st.score.flag || "pegs";
    if (flag !== "aside") {
      const fy = flag === "pegs" ? MID : (flag === bottom ? 560 : 160);
      h += `<line class="flag-pole" x1="14" y1="${fy + 28}" x2="14" y2="${fy - 28}"/><path class="flag" d="M14,${fy - 28} L36,${fy - 20} L14,${fy - 12} Z"/>`;
    }
    // Trays for the checkers borne off.
    for (const [side, y0] of [[bottom, 380], [top, 60]]) {
      h += `<rect class="tray" x="930" y="${y0}" width="60" height="280" rx="6" data-field="off" data-side="${side}"/>`;
      for (let i = 0; i < off[side]; i++) {
        const yy = side === bottom ? y0 + 270 - i * 17 : y0 + 10 + i * 17;
        h += `<rect class="${side === "white" ? "chk-w" : "chk-b"}" x="936" y="${side === bottom ? yy - 14 : yy}" width="48" height="14" rx="4"/>`;
      }
    }
    // Highlights.
    const mv = live ? app.movableFrom() : new Set();
    const dests = live && S.selected !== null ? app.destsFrom(S.selected) : new Set();
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
        h += `<rect class="dest" x="930" y="${st.phase.side === bottom ? 380 : 60}" width="60" height="280" rx="6"/>`;
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
      // The second token only where the article draws it (issue 24).
      if (st.score.token === side) h += `<circle class="${cls}" data-side="${side}" cx="${pl.x + pl.dx}" cy="${pl.y}" r="11"/>`;
    }
    // The last play, then the best play of the review, then the hint.
    if (st.last_play && !(live && S.steps.length) && (st.phase.kind !== "play" || !live)) {
      const side = st.phase.kind === "roll" ? other(st.phase.side) : st.phase.side;
      for (const [from, to] of st.last_play.m) h += arrow(from, to, side || "white", "last");
    }
    if (!live) for (const [from, to, side] of review.bestMoves()) h += arrow(from, to, side, "best");
    if (live && S.hint && S.hint.plays && S.hint.plays.length) {
      for (const [from, to] of S.hint.plays[0].m) h += arrow(from, to, st.phase.side, "");
    }
    // Dice and whose turn, in the middle of the tables.
    // The roll being played, each die greyed once used; the previous
    // roll's dice are gone (the history keeps them). A replay shows the
    // roll of its step.
    if (st.dice) {
      const dist = ([a, b]) => (b === 0 ? null : st.phase.side === "black" ? a - b : b - a);
      h += drawDice(st.dice, live && st.phase.kind === "play" ? usedDice(st.dice, S.steps.map(dist), 1) : false);
    } else if (!live && st.roll) h += drawDice(st.roll.dice.split("-").map(Number), true);
    const ph = st.phase;
    const label = !live ? t("replay_step", { i: S.replay.i, n: S.replay.frames.length - 1 })
      : ph.kind === "over" ? t("game_over") : ph.side ? sideName(ph.side) + (app.myTurn() ? " (" + t("you") + ")" : "") : "";
    h += turnMark(esc(label), live && ph.side && ph.kind !== "over" ? ph.side : null, bottom);
    // Hit areas (on top): one per flèche and the trays.
    h += hitAreas(place, namedTitle);
    h += `<rect class="hit" data-field="off" x="925" y="50" width="75" height="620"/>`;
    return h;
  }

  // ------------------------------------------------------------ panel
  function status() {
    const st = S.state;
    const ph = st.phase;
    const dice = st.dice ? st.dice.join("-") : "";
    if (ph.kind === "over") return t("wins", { who: app.who(st.over.winner), stake: st.over.stake });
    if (app.myTurn()) {
      const pre = S.seats.length > 1 ? t("side_turn", { side: sideName(ph.side) }) : "";
      return pre + ({ roll: t("your_turn_roll"), play: t("your_turn_play", { dice }) + " " + t("select_hint"),
        stay_or_leave: t("your_turn_decide"), mark: t("your_turn_mark") }[ph.kind] || "");
    }
    if (!ph.side) return "";
    const seat = st.seats[ph.side];
    if (st.mode === "online" && seat && !seat.taken) return t("waiting_friend");
    if (seat && seat.kind === "bot") return app.who(ph.side) + " " + t("thinking");
    return t({ roll: "their_turn_roll", play: "their_turn_play", stay_or_leave: "their_turn_decide", mark: "their_turn_mark" }[ph.kind] || "their_turn_roll",
      { who: app.who(ph.side), dice });
  }

  // A false move standing (false-moves=table, section 11), before the
  // opponent rolls: its opponent leaves it, has it corrected to the play he
  // chooses (the first choice: the smallest correction), or has the
  // checkers put back for its author to replay; its author corrects
  // himself (the smallest correction only) or, once put back, replays.
  function settlePanel(live) {
    const fm = S.state.false_move;
    const show = (id, on) => { $(id).hidden = !on; };
    const opp = !!fm && S.seats.some((x) => fm.can_settle[x] && x !== fm.author);
    const own = !!fm && S.seats.includes(fm.author) && fm.can_settle[fm.author];
    show("btn-settle-leave", live && opp && !fm.replay);
    show("btn-settle-correct", live && (opp || own));
    show("btn-settle-replay", live && opp && fm.may_replay);
    const choices = !fm ? [] : fm.replay ? fm.replay_plays : opp ? fm.corrections : [];
    show("sel-settle", live && choices.length > 0);
    if (!fm) return;
    $("btn-settle-correct").textContent = t(fm.replay ? "settle_replay_own" : opp ? "settle_correct" : "settle_own");
    const sel = $("sel-settle");
    const key = [fm.replay, fm.correction, ...choices, t("settle_smallest", { play: "" })].join("|");
    if (sel.dataset.key === key) return;
    sel.dataset.key = key;
    sel.innerHTML = "";
    const add = (value, text) => { const o = document.createElement("option"); o.value = value; o.textContent = text; sel.append(o); };
    if (!fm.replay) add("", t("settle_smallest", { play: fm.correction }));
    choices.forEach((p) => add(p, p));
    sel.title = t(fm.replay ? "settle_replay_title" : "settle_choose_title");
  }

  // The controls of this game only; `live`: a seat may act now (resign,
  // contest, settle); `mine`: this connection's turn.
  function buttons({ mine, live, replaying }) {
    const st = S.state;
    const k = st.phase.kind;
    const show = (id, on) => { $(id).hidden = !on; };
    // Field labels, the review and the analysis board.
    show("sel-names", true);
    const sel = $("sel-names");
    for (const o of sel.options) o.textContent = t("names_" + o.value);
    sel.value = ui.fieldNames;
    sel.title = t("names_title");
    $("names-note").hidden = ui.fieldNames === "numbers";
    $("names-note").textContent = t("names_note", {
      names: t("names_" + ui.fieldNames), w1: fieldLabel(1), w12: fieldLabel(12), b13: fieldLabel(13), b24: fieldLabel(24),
    });
    show("btn-review", k === "over" && S.history.length > 0 && !ui.review);
    show("btn-analyse", !S.replay && (st.mode !== "online" || k === "over"));
    if (replaying) { ["btn-stay", "btn-leave", "mark-box"].forEach((id) => show(id, false)); return; }
    const can = (m) => !!m && S.seats.some((x) => m[x]);
    show("btn-contest", live && can(st.can_contest));
    settlePanel(live);
    late.panel(live);
    ["btn-contest", "btn-settle-leave", "btn-settle-correct", "btn-settle-replay", "sel-settle"].forEach((id) => { $(id).disabled = S.busy; });
    show("btn-stay", app.myTurn() && k === "stay_or_leave");
    show("btn-leave", app.myTurn() && k === "stay_or_leave");
    // false-moves=table (section 11): any play a table allows, written.
    show("free-play", app.myTurn() && k === "play" && (st.options || "").includes("false-moves=table"));
    show("mark-box", app.myTurn() && k === "mark");
    const claim = st.can_claim && st.phase.side && st.can_claim[st.phase.side];
    show("btn-school", !!claim);
    ["btn-stay", "btn-leave", "btn-declare", "btn-school"].forEach((id) => { $(id).disabled = !mine; });
  }

  // A side's score in words: "4 pts, 1 hole".
  const scoreOf = (x) => `${x.points} ${t("pts")}, ${t("holes_n", { n: x.holes })}`;
  const scoreText = (sc) => `${t("white")} ${scoreOf(sc.white)} · ${t("black")} ${scoreOf(sc.black)}`;
  const bredName = (c) => ({ e: t("either"), w: t("white"), b: t("black"), n: t("none_b") }[c] || c);

  function janLine(j) {
    return `<li><span class="fr" lang="fr"><b>${esc(j.fr)}</b></span> <span class="en" lang="en">(${esc(j.en)})</span> — ` +
      `${esc(sideName(j.side))} <span class="pts">+${j.points}</span>` +
      (j.ways && j.ways.length ? ` <span class="muted">· ${esc(t("ways_n", { n: j.ways.length }))}</span>` : "") + `</li>`;
  }

  // Partie à écrire (R-9.2): the marqués, their totals and the payment.
  function ecrireRows(e) {
    if (!e) return "";
    let out = `<tr id="ecrire-totals"><td colspan="3"><b>${esc(t("marque_totals", { w: e.totals.white, b: e.totals.black }))}</b>` +
      (e.payment ? ` — ${esc(t("marque_pay", { side: sideName(e.payment.to), n: e.payment.amount }))}` : "") + `</td></tr>`;
    e.marques.forEach((m, i) => {
      out += `<tr class="marque"><td colspan="3" class="muted">${esc(t("marque_line", { i: i + 1, who: m.winner ? sideName(m.winner) : t("refait"), w: m.holes.white, b: m.holes.black, value: m.value }))}</td></tr>`;
    });
    return out;
  }

  // The score card, the jans of the roll, the record's links.
  function panel() {
    const st = S.state;
    $("jans-card").hidden = false;
    $("dl-json").hidden = false;
    $("score-title").textContent = t("score");
    $("dl-txt").textContent = t("download_txt");
    // Score (of the step shown in a replay).
    const sc = app.boardState().score;
    $("score-table").innerHTML =
      `<tr><th></th><th>${esc(t("points"))}</th><th>${esc(t("holes"))}</th></tr>` +
      `<tr id="score-white"><td>${esc(t("white"))}</td><td class="points">${sc.white.points}</td><td class="holes">${sc.white.holes}</td></tr>` +
      `<tr id="score-black"><td>${esc(t("black"))}</td><td class="points">${sc.black.points}</td><td class="holes">${sc.black.holes}</td></tr>` +
      `<tr><td>${esc(t("bredouille"))}</td><td colspan="2">${esc(bredName(sc.bredouille))}</td></tr>` +
      `<tr><td>${esc(t("pavillon"))}</td><td colspan="2">${esc(bredName(sc.pavillon))}</td></tr>` +
      ecrireRows(st.ecrire);
    // Jans of the roll (of the step shown in a replay).
    const r = app.boardState().roll;
    let j = "";
    if (!r) j = `<p class="muted">${esc(t("no_roll"))}</p>`;
    else {
      j = `<p>${esc(t("rolled", { side: sideName(r.side), dice: r.dice, name: r.name }))}</p>`;
      // Manual marking (R-10): a side's jans come once he has marked them.
      const hid = r.hidden || [];
      j += r.jans.length ? `<ul>${r.jans.map(janLine).join("")}</ul>` : hid.length ? "" : `<p class="muted">${esc(t("no_jan"))}</p>`;
      if (hid.length) j += `<p class="muted" id="jans-hidden">${esc(t("jans_hidden", { sides: hid.map(sideName).join(", ") }))}</p>`;
    }
    $("jans").innerHTML = j;
    $("dl-txt").href = "/api/games/" + encodeURIComponent(st.room) + ".txt";
    $("dl-json").href = "/api/games/" + encodeURIComponent(st.room) + ".json";
    review.renderBox();
  }

  // The hint (trictrac_bot::analysis, as `trictrac hint`): the plays ranked
  // by equity — the expected stake of R-9.1 for the side deciding — with
  // each play's difference from the best, or the equities of staying and
  // leaving (R-8.6).
  function hintHtml(h) {
    const eq = review.eq;
    let out = `<div>${esc(t("hint_title", { by: levelName(h.by) }))} <span class="muted">${esc(t("hint_equity"))}</span></div>`;
    if (h.stay_leave) {
      const sl = h.stay_leave;
      out += `<p id="hint-sl">${esc(t("hint_sl", { stay: eq(sl.stay), leave: eq(sl.leave), best: t(sl.best === "stay" ? "stay_word" : "leave_word") }))}</p>`;
    }
    if (!h.plays.length) return out;
    out += `<ol id="hint-list">`;
    h.plays.forEach((p, i) => {
      const head = `<b>${esc(p.n)}</b> — <span class="hint-value">${esc(eq(p.equity))}</span>` +
        (p.diff === 0 ? ` <span class="muted">(${esc(t("hint_best"))})</span>` : ` <span class="muted hint-diff">(${esc(eq(p.diff))})</span>`);
      // Why (issue 40): the play's explanation, in a <details> of its own.
      out += `<li>${p.explain ? details(i, head, ttExplain(p.explain)) : head}</li>`;
    });
    return out + "</ol>" + (h.why ? ttWhy(h.why) : "");
  }

  // The history entry `e` (the `i`th of the game's history) as the
  // `n`th row shown.
  function historyRow(e, i, n) {
    const note = (s, bold) => `<tr><td>${n}</td><td colspan="3" class="note">${bold ? "<b>" + esc(s) + "</b>" : esc(s)}</td></tr>`;
    switch (e.kind) {
      case "first": case "first_two": return note(t("first_move", { w: e.white, b: e.black }));
      case "starts": return note(capFirst(t("starts", { side: sideMid(e.side) })));
      case "releve": return note(capFirst(t(e.reason === "exit" ? "releve_exit" : "releve_leave", { side: sideMid(e.first) })));
      case "over": return `<tr><td>${n}</td><td colspan="3"><b>${esc(t("over_line", { side: sideName(e.winner), stake: e.stake }))}</b></td></tr>`;
      case "contest": return note(t("contest_line", { kind: e.school, side: sideMid(e.side), points: e.points }));
      case "resign": return note(capFirst(t("resign_line", { side: sideMid(e.side) })), true);
      case "false_move": return note(t("false_line", { side: sideName(e.side), play: e.play }));
      case "put_back": return note(t("put_back_line", { side: sideMid(e.by) }));
      case "late_claim": return note(late.historyLine(e));
      case "settled": return `<tr><td>${n}</td><td colspan="3" class="note">${esc(t("settled_line", { how: t(e.corrected ? "settled_correct" : "settled_accept"), side: sideMid(e.by) }))}${e.corrected ? " → " + esc(e.corrected) : ""}</td></tr>`;
      case "marque": return note(t("marque_line", { i: e.number, who: e.winner ? sideName(e.winner) : t("refait"), w: e.holes.white, b: e.holes.black, value: e.value }), true);
      case "school": return note(t("school_line", { kind: e.school, side: sideName(e.claimant), points: e.points }));
      case "roll": {
        // Each line says a thing once: the dice, the play, the jans with
        // their points (English names only on the English page), then what
        // the jans do not say: a total marked otherwise (declared,
        // schools), the holes won, the decision. The score stands in the
        // row's tooltip and in the score card.
        const en = lang() === "en";
        // The same jan by several ways is one entry with its total.
        const same = [];
        for (const j of e.jans) {
          const k = same.find((x) => x.fr === j.fr && x.side === j.side);
          if (k) { k.points += j.points; k.times += 1; } else same.push({ ...j, times: 1 });
        }
        const jans = same.map((j) => `${esc(j.fr)}${en ? ` <span class="en">(${esc(j.en)})</span>` : ""}${j.times > 1 ? ` ×${j.times}` : ""} ${esc(sideName(j.side)[0])}+${j.points}`).join("; ");
        const fromJans = (s) => e.jans.filter((j) => j.side === s).reduce((a, j) => a + j.points, 0);
        const marks = ["white", "black"].filter((s) => (e.marked[s] && e.marked[s] !== fromJans(s)) || e.holes[s])
          .map((s) => (e.marked[s] && e.marked[s] !== fromJans(s) ? `${sideName(s)[0]}+${e.marked[s]}` : sideName(s)[0]) +
            (e.holes[s] ? ` → ${t("holes_n", { n: e.holes[s] })}` : "")).join(" ");
        const dec = e.decision ? t(e.decision === "stay" ? "stay_word" : "leave_word") : "";
        const decl = e.declared ? t("declared") + " " + Object.keys(e.declared).map((s) => `${sideName(s)[0]}=${e.declared[s].points}`).join(" ") : "";
        const rest = [marks, dec, decl].filter(Boolean).join(" · ");
        return `<tr class="hist-roll" title="${esc(scoreText(e.score))}"><td>${n}${review.marks(i + 1)}</td><td class="dice side-${e.side}">${esc(e.dice)}</td>` +
          `<td class="play">${esc(e.play || "")}</td><td>${jans}${jans && rest ? "<br>" : ""}${rest ? "<b>" + esc(rest) + "</b>" : ""}</td></tr>`;
      }
    }
    return "";
  }

  function levelName(bot) { return hasText("level_" + bot) ? t("level_" + bot) : bot; }

  // ------------------------------------------------------------ start
  // Wires this game's own controls (once).
  function init(params) {
    $("btn-stay").onclick = () => app.act({ type: "stay" });
    $("btn-leave").onclick = () => app.act({ type: "leave" });
    $("sel-names").onchange = () => {
      ui.fieldNames = $("sel-names").value;
      try { localStorage.setItem("trictrac.fields", ui.fieldNames); } catch (e) { /* ignore */ }
      app.render();
    };
    try {
      const kept = localStorage.getItem("trictrac.fields") ||
        (localStorage.getItem("trictrac.classical") === "1" ? "classical" : null);
      if (["numbers", "classical", "soumille", "lepeintre"].includes(kept)) ui.fieldNames = kept;
    } catch (e) { /* ignore */ }
    $("free-play").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const v = $("free-play-text").value.trim();
      if (v) app.act({ type: "play", play: v });
      $("free-play-text").value = "";
    });
    $("btn-contest").onclick = () => app.act({ type: "contest" });
    $("btn-settle-leave").onclick = () => app.act({ type: "settle", correct: false });
    $("btn-settle-correct").onclick = () => {
      // No play: the smallest correction (the protocol's first meaning).
      const play = $("sel-settle").value;
      app.act(play ? { type: "settle", correct: true, play } : { type: "settle", correct: true });
    };
    $("btn-settle-replay").onclick = () => app.act({ type: "settle", correct: false, replay: true });
    $("btn-declare").onclick = () => app.act({ type: "declare", points: Number($("mark-points").value) || 0 });
    $("btn-school").onclick = () => app.act({ type: "school", points: Number($("mark-points").value) || 0 });
    review.init(params);
    analysis.init(params);
    late.init();
  }

  return {
    id: "trictrac",
    title: "Grand Trictrac",
    short: "Trictrac",
    ui,
    // The controls only this game shows (the shell hides them for others).
    controls: ["btn-stay", "btn-leave", "sel-names", "names-note", "btn-contest", "btn-settle-leave",
      "btn-settle-correct", "btn-settle-replay", "sel-settle", "btn-late-claim", "free-play", "mark-box", "btn-review", "btn-analyse"],
    // The computer players by strength, weakest first (docs/STRENGTH.md),
    // and the one the page offers first: the level most players should meet.
    levels: { order: ["random", "greedy", "search1", "search2", "neural-v1", "neural1", "neural", "neural2"], recommended: "search1" },
    levelName,
    hintFor: ["play", "stay_or_leave"],
    // The new game form: this game's options (their box, its HTML, the
    // words they send); its own page, the table of chances.
    formBox: "tt-options",
    formHtml: FORM_HTML,
    sectionsHtml: SECTION_HTML,
    formOptions: (f) => ["marking", "first-move", "exit", "exit-roll", "payout", "old-jans", "false-moves"].map((k) => k + "=" + f.get(k)).join(" ") +
      (f.get("partie") === "ecrire" ? " game=ecrire marques=2" : ""),
    // The links of a finished game in the home page's list.
    finishedLinks(id) {
      const r = encodeURIComponent(id);
      return `<a href="/?room=${r}&watch=1&replay=1">${esc(t("view"))}</a> · ` +
        `<a class="review-link" href="/?room=${r}&watch=1&review=1">${esc(t("review_link"))}</a> · ` +
        `<a href="/api/games/${r}.txt" download>txt</a> · <a href="/api/games/${r}.json" download>json</a>`;
    },
    canResign: (st) => st.phase.kind !== "over" && !(st.options || "").includes("game=ecrire"),
    init,
    fieldAt,
    orderings,
    reach,
    explain,
    explainStill,
    drawBoard,
    status,
    overText: () => t("wins", { who: app.who(S.state.over.winner), stake: S.state.over.stake }),
    buttons,
    panel,
    hintHtml,
    historyRow,
    onWhy(m) { ui.why = m; app.toast(m.message); },
    onState: (m) => review.onState(m),
    replayFrames: () => review.replayFrames(),
    replayNote(f) {
      return f.roll ? " — " + t("rolled", { side: sideName(f.roll.side), dice: f.roll.dice, name: f.roll.name }) +
        (f.roll.play ? " — " + f.roll.play : "") : "";
    },
    replayEnded() { ui.review = null; },
    // The field names came with /api/info.
    infoChanged: () => true,
  };
}
