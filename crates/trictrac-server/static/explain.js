// Why a play (issue 40): the features of each ranked play, shown in a
// <details> of its own, and "Why A rather than B", for the hint of a game
// against the bot, the analysis boards and the tutor, both games. The
// server sends the typed features (`explain` of each play, the
// libraries' backgammon_bot::analysis::explain and trictrac_bot::explain)
// and `why`; this module writes the features in the page's language from
// their numbers, and the comparison's sentences as the libraries write
// them, in English (a note says so on the French page).

import { t, esc, lang, addTexts, sideName } from "./i18n.js";
import EXPLAIN_TEXTS from "./texts/explain.json" with { type: "json" };

addTexts(EXPLAIN_TEXTS);

export const eq = (x) => (x >= 0 ? "+" : "−") + Math.abs(x).toFixed(3);
const pct = (x) => Math.max(0, 100 * x).toFixed(0);
const and = () => (lang() === "fr" ? " et " : " and ");
function list(a) {
  const s = a.map(String);
  return s.length <= 1 ? s.join("") : s.slice(0, -1).join(", ") + and() + s[s.length - 1];
}

// The note under sentences the engine writes in English.
export function englishNote() {
  return lang() === "en" ? "" : `<p class="muted en-note">${esc(t("ex_english_note"))}</p>`;
}

// ------------------------------------------------------------ backgammon
// The features of a backgammon play (PlayFeatures), one line each.
export function bgFeatures(f) {
  if (!f) return "";
  const items = [];
  if (f.race) {
    const l = f.pips.lead;
    items.push(t("ex_race", { me: f.pips.mover, opp: f.pips.opponent,
      lead: l === 0 ? t("ex_lead_even") : t(l > 0 ? "ex_lead_ahead" : "ex_lead_behind", { n: Math.abs(l) }) }));
  } else {
    if (!f.blots.length) items.push(t("ex_no_blot"));
    else {
      let s = t("ex_blots", { n: f.blots.length, points: list(f.blots.map((b) => b.point)), shots: f.shots, direct: f.direct_shots });
      if (f.shots_outside !== f.shots && f.blots.some((b) => b.point <= 18)) s += ", " + t("ex_blots_outside", { n: f.shots_outside });
      items.push(s);
    }
    if (f.points_made.length) items.push(t("ex_made", { points: list(f.points_made) }));
    if (f.points_given_up.length) items.push(t("ex_given_up", { points: list(f.points_given_up) }));
    items.push(t("ex_home", { n: f.home_board_points }));
    if (f.prime.length >= 2) items.push(t("ex_prime", { n: f.prime.length, high: f.prime.high, low: f.prime.low }));
    if (f.anchors.length) items.push(t("ex_anchors", { n: f.anchors.length, points: list(f.anchors) }));
    if (f.opponent_on_bar) items.push(t("ex_on_bar", { n: f.opponent_on_bar }));
    items.push(t("ex_back", { n: f.checkers_back }));
    items.push(t("ex_pips", { me: f.pips.mover, opp: f.pips.opponent }));
  }
  if (f.chances) items.push(t("ex_gammons", { win: pct(f.chances.win_gammon), lose: pct(f.chances.lose_gammon) }));
  return `<div class="features">${items.map((s) => `<div class="feat">${esc(s)}</div>`).join("")}</div>`;
}

// "Why A rather than B" of backgammon (explain::Why): the equities, then
// the heaviest differences with their weights. `names` writes the two
// plays as the page shows them.
export function bgWhy(w, a, b) {
  if (!w) return "";
  let r = `<div class="why" id="hint-why"><p><b>${esc(t("ex_why_diff", { a: a || w.play, b: b || w.other, d: eq(w.equity_difference) }))}</b></p>`;
  if (!w.reasons.length) r += `<p>${esc(t("ex_why_none"))}</p>`;
  else {
    r += `<div class="reasons">` + w.reasons.map((x) => `<div class="reason" data-kind="${esc(x.kind)}">– ${esc(x.sentence)} <span class="muted">[${esc(t("ex_weight"))} ${eq(x.weight)}]</span></div>`).join("") + `</div>`;
    if (w.reasons.reduce((s, x) => s + x.weight, 0) < 0) r += `<p class="muted">${esc(t("ex_why_against", { b: b || w.other }))}</p>`;
    r += englishNote();
  }
  return r + `</div>`;
}

// ------------------------------------------------------------ trictrac
// The explanation of a Grand Trictrac play (PlayExplanation).
export function ttExplain(e) {
  if (!e) return "";
  const en = lang() === "en";
  const items = [];
  const jans = e.marked.map((m) => `${m.french}${en ? " (" + m.english + ")" : ""} ${sideName(m.side)} +${m.points} (${m.rule})`);
  items.push(jans.length ? t("ex_marked", { jans: jans.join("; ") }) : t("ex_marked_none"));
  for (const o of e.obligations) {
    items.push(t("ex_ob_" + o.kind, { quarter: o.quarter || "", points: o.points }) + (o.forced ? ` (${t("ex_forced")})` : "") + ` (${o.rule})`);
  }
  items.push(e.lone_checkers.length ? t("ex_lone", { n: e.lone_checkers.length, fields: list(e.lone_checkers) }) : t("ex_no_lone"));
  const o = e.opponent;
  items.push(t("ex_opponent", { hit: o.hit_rolls, hp: o.hit_points.toFixed(1), fill: o.fill_rolls, corner: o.corner_rolls, pts: o.expected_points.toFixed(1) }));
  if (e.fill_next) items.push(t("ex_fill_next", { quarter: e.fill_next.quarter, missing: e.fill_next.missing, rolls: e.fill_next.rolls }));
  return `<div class="features">${items.map((s) => `<div class="feat">${esc(s)}</div>`).join("")}</div>`;
}

// Why the best play rather than the second (explain::Comparison): its
// sentences, as the library writes them.
export function ttWhy(c) {
  if (!c) return "";
  const head = typeof c.equity_difference === "number"
    ? t("ex_why_diff", { a: c.best, b: c.second, d: eq(c.equity_difference) })
    : t("ex_why_diff", { a: c.best, b: c.second, d: "" }).replace(" ()", "");
  return `<div class="why" id="hint-why"><p><b>${esc(head)}</b></p>` +
    `<div class="reasons">` + c.lines.map((l) => `<div class="reason">– ${esc(l)}</div>`).join("") + `</div>` + englishNote() + `</div>`;
}

// A ranked play with its features in a <details> (closed): `head` is the
// summary's HTML, `body` the features' HTML.
export function details(i, head, body) {
  return `<details class="play-explain" data-play="${i}"><summary>${head}</summary>${body}</details>`;
}
