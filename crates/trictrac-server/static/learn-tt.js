// Grand Trictrac on the Learn page: the article's lessons in order and
// practice by level (GET /api/learn/trictrac/lessons, …/exercise), each
// a position drawn with the roller at the bottom, the roll, the points
// asked for; the answer sent (POST …/answer) brings the verdict and the
// engine's correction (each jan's French name, rule, ways, points).

import { t, esc, lang, sideName, $ } from "./i18n.js";
import { R, colX, flechePath, checkerY, boardBase, flecheShape, drawDice, turnMark } from "./board.js";

// Absolute field f with the roller's talon bottom left.
function place(f, mover) {
  const k = mover === "black" ? 25 - f : f;
  return k <= 12 ? { col: k - 1, bottom: true } : { col: 24 - k, bottom: false };
}

/// The SVG of an exercise's position: the flèches and their numbers, the
/// checkers, the roll; `marks` the fields of the correction's jans.
export function drawTt(ex, marks = []) {
  let h = boardBase();
  for (let f = 1; f <= 24; f++) {
    const p = place(f, ex.mover);
    h += flecheShape(p.col, p.bottom);
    if (marks.includes(f)) h += `<path class="dest" d="${flechePath(p.col, p.bottom)}"/>`;
    h += `<text class="fnum" x="${colX(p.col)}" y="${p.bottom ? 692 : 44}">${f}</text>`;
  }
  for (let f = 1; f <= 24; f++) {
    const c = ex.board[f - 1];
    if (!c) continue;
    const n = Math.abs(c), p = place(f, ex.mover), x = colX(p.col), cls = c > 0 ? "chk-w" : "chk-b";
    for (let i = 0; i < n; i++) h += `<circle class="${cls}" cx="${x}" cy="${checkerY(i, n, p.bottom)}" r="${R}"/>`;
    if (n > 5) h += `<text class="chk-count ${c > 0 ? "w" : "b"}" x="${x}" y="${checkerY(n - 1, n, p.bottom)}">${n}</text>`;
  }
  const dice = String(ex.dice).split("-").map(Number);
  if (dice.length === 2 && dice.every((d) => d >= 1 && d <= 6)) h += drawDice(dice, false);
  h += turnMark(esc(sideName(ex.mover)), ex.mover, ex.mover);
  return h;
}

export function createTt(app) {
  const S = { lessons: null, levels: [], ex: null, which: null, result: null, error: "" };
  app.L.tt = S;
  const pick = (x) => (x ? (lang() === "fr" ? x.fr : x.en) : "");

  async function open() {
    if (S.lessons) return;
    try {
      const j = await app.call("GET", "/api/learn/trictrac/lessons");
      S.lessons = j.lessons;
      S.levels = j.levels;
    } catch (e) { S.error = e.message; }
    render();
  }

  async function ask(which) {
    S.which = which;
    S.result = null;
    S.error = "";
    const p = new URLSearchParams(which.lesson ? { lesson: which.lesson } : { level: which.level, seed: which.seed });
    try {
      S.ex = await app.call("GET", "/api/learn/trictrac/exercise?" + p.toString());
    } catch (e) { S.ex = null; S.error = e.message; }
    $("ln-tt-mover").value = "";
    $("ln-tt-opponent").value = "0";
    render();
    // On a phone the exercise is below the list: brought into view.
    if (S.ex && window.innerWidth < 800) $("ln-tt-card").scrollIntoView({ block: "start" });
    if (S.ex) $("ln-tt-mover").focus({ preventScroll: true });
  }

  async function check(ev) {
    ev.preventDefault();
    if (!S.ex || S.result) return;
    const m = $("ln-tt-mover").value.trim(), o = $("ln-tt-opponent").value.trim() || "0";
    if (m === "") { S.error = t("ln_points_needed"); render(); return; }
    const body = S.which.lesson ? { lesson: S.which.lesson } : { level: S.which.level, seed: S.which.seed };
    body.mover = m;
    body.opponent = o;
    try {
      S.result = await app.call("POST", "/api/learn/trictrac/answer", body);
      S.error = "";
      const pr = app.progress.get();
      if (S.which.lesson && S.result.right && !pr.lessons.includes(S.which.lesson)) {
        pr.lessons.push(S.which.lesson);
        app.progress.save();
      }
      app.progress.count("levels", S.which.lesson ? "lessons" : S.which.level, S.result.right);
    } catch (e) { S.error = e.message; }
    render();
  }

  function next() {
    if (!S.which) return;
    if (S.which.lesson) {
      const n = S.which.lesson + 1;
      if (S.lessons && n <= S.lessons.length) ask({ lesson: n });
    } else ask({ level: S.which.level, seed: app.seed() });
  }

  // A way as the engine writes it (`6`, `tout d'une`, `both dice`) in the page's words.
  const way = (w) => (/^[1-6]$/.test(w) ? t("ln_way_die", { d: w }) : w === "both dice" ? t("ln_way_both") : w);

  function jansTable(a, mover) {
    if (!a.jans.length) return `<p id="ln-tt-nojan">${esc(t("ln_no_jan"))}</p>`;
    const rows = a.jans.map((j) => {
      const name = lang() === "fr" ? j.french : `${j.french} (${j.english})`;
      const ways = j.ways.length ? `${esc(j.ways.map(way).join(", "))} — ${esc(t("ln_per_way", { n: j.ways.length, p: j.per_way }))}` : "";
      const fields = j.fields.length ? ` <span class="muted">${esc(t("ln_fields", { f: j.fields.join(" ") }))}</span>` : "";
      const extra = (j.helpless ? t("ln_helpless") : "") + (j.depends_on_play ? t("ln_if_exit") : "");
      return `<tr class="ln-jan" data-jan="${esc(j.jan)}"><td>${esc(sideName(j.side))}${j.side === mover ? "" : " ←"}</td>` +
        `<td>${esc(name)}${fields}${esc(extra)}</td><td>${esc(j.rule)}</td><td>${ways}</td><td class="ln-pts">${j.points}</td></tr>`;
    });
    return `<table id="ln-tt-jans" class="ln-table"><thead><tr><th>${esc(t("ln_side"))}</th><th>${esc(t("ln_jan"))}</th>` +
      `<th>${esc(t("ln_rule"))}</th><th>${esc(t("ln_ways"))}</th><th>${esc(t("ln_points"))}</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
  }

  function resultHtml(r) {
    const a = r.answer, other = r.mover === "white" ? "black" : "white";
    let h = `<p id="ln-tt-verdict" class="${r.right ? "ln-right" : "ln-wrong"}" data-right="${r.right}"><b>${esc(t(r.right ? "ln_right" : "ln_wrong"))}</b> ` +
      `${esc(t("ln_you_said", { m: r.given.mover, o: r.given.opponent }))}</p>` +
      `<p id="ln-tt-answer">${esc(t("ln_answer", { mover: sideName(r.mover), m: a.mover_points, other: sideName(other), o: a.opponent_points }))}</p>` +
      jansTable(a, r.mover);
    if (r.note) h += `<p id="ln-tt-note" class="ln-note">${esc(pick(r.note))}</p>`;
    return h;
  }

  function render() {
    if (!S.lessons && !S.error) return;
    const pr = app.progress.get();
    if (S.lessons) {
      $("ln-lessons").innerHTML = S.lessons.map((l) => `<li><button type="button" class="ln-lesson${S.which && S.which.lesson === l.lesson ? " primary" : ""}" data-lesson="${l.lesson}">` +
        `${esc(pick(l.title))}</button>${pr.lessons.includes(l.lesson) ? ` <span class="ln-done" title="${esc(t("ln_done"))}">✓</span>` : ""}</li>`).join("");
      const sel = $("ln-level"), v = sel.value;
      sel.innerHTML = S.levels.map((l) => `<option value="${esc(l.id)}">${esc(pick(l.title))}</option>`).join("");
      if (v) sel.value = v;
      let right = 0, asked = 0;
      for (const s of Object.values(pr.levels)) { right += s.right; asked += s.asked; }
      $("ln-tt-score").textContent = t("ln_tt_score", { n: pr.lessons.length, of: S.lessons.length, right, asked });
    }
    const card = $("ln-tt-card");
    card.hidden = !S.ex && !S.error;
    const ex = S.ex;
    $("ln-tt-error").hidden = !S.error;
    $("ln-tt-error").textContent = S.error;
    $("ln-tt-form").hidden = !ex;
    if (!ex) { $("ln-tt-board").innerHTML = ""; $("ln-tt-result").hidden = true; return; }
    $("ln-tt-title").textContent = ex.lesson
      ? t("ln_lesson", { n: ex.lesson, of: ex.lessons, title: pick(ex.title) })
      : t("ln_level", { title: pick(ex.title), seed: ex.seed });
    const marks = S.result ? S.result.answer.jans.flatMap((j) => j.fields) : [];
    $("ln-tt-board").innerHTML = drawTt(ex, marks);
    $("ln-tt-tpn").textContent = ex.position;
    $("ln-tt-question").textContent = pick(ex.question);
    $("ln-tt-check").disabled = !!S.result;
    $("ln-tt-result").hidden = !S.result;
    $("ln-tt-result").innerHTML = S.result ? resultHtml(S.result) : "";
    const last = S.which && S.which.lesson && S.lessons && S.which.lesson >= S.lessons.length;
    $("ln-tt-next").hidden = !S.result || !!last;
  }

  return {
    open,
    render,
    init() {
      $("ln-lessons").addEventListener("click", (ev) => {
        const b = ev.target.closest("button[data-lesson]");
        if (b) ask({ lesson: Number(b.dataset.lesson) });
      });
      $("ln-level-go").onclick = () => ask({ level: $("ln-level").value, seed: app.seed() });
      $("ln-tt-form").addEventListener("submit", check);
      $("ln-tt-next").onclick = next;
    },
  };
}
