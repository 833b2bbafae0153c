// The late false move on the page (false-moves=table, section 11, case
// 6): a false play that passed a checker into the opponent's grand jan,
// left by his roll without a word, may still be claimed by him until its
// author has played his next roll; that roll must then carry the checker
// into the last quadrant. One button, offered to the seat that may claim.

import { t, sideMid, $ } from "../i18n.js";

export function createLate(app) {
  const S = app.S;

  // Shown while a seat of this connection may claim (hot-seat: either).
  function panel(live) {
    const late = S.state.late_false_move;
    const btn = $("btn-late-claim");
    const can = !!late && S.seats.some((x) => late.can_claim[x]);
    btn.hidden = !(live && can);
    btn.disabled = S.busy;
    if (!late) return;
    btn.title = t("late_claim_title", { side: sideMid(late.author), fields: late.fields.join(", ") });
  }

  function init() {
    $("btn-late-claim").onclick = () => app.act({ type: "settle", correct: false, late: true });
  }

  // The history's line for a claim.
  const historyLine = (e) => t("late_claim_line", { side: sideMid(e.by) });

  return { panel, init, historyLine };
}
