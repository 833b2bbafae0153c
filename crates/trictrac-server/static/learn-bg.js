// Backgammon on the Learn page: a quiz by theme (GET
// /api/learn/backgammon/quiz?theme=…&seed=…): the position drawn by the
// analysis board's module, the dice, the legal plays to pick from (or
// the play typed), or the cube question; the answer sent (POST
// …/answer) brings the verdict, the equity lost and the bot's ranking.

import { t, esc, sideName, $ } from "./i18n.js";
import { drawPosition } from "./games/backgammon-board.js";

const THEMES = ["opening", "bearoff", "blitz", "priming", "cube"];

export function createBg(app) {
  const S = { theme: null, seed: null, quiz: null, result: null, error: "", loading: false, chosen: null };
  app.L.bg = S;
  const eq = (x) => (x >= 0 ? "+" : "−") + Math.abs(x).toFixed(3);
  const themeName = (id) => t("ln_theme_" + id);

  function open() { render(); }

  async function ask(theme) {
    Object.assign(S, { theme, seed: app.seed(), quiz: null, result: null, error: "", loading: true, chosen: null });
    render();
    if (window.innerWidth < 800) $("ln-bg-card").scrollIntoView({ block: "start" });
    try {
      S.quiz = await app.call("GET", `/api/learn/backgammon/quiz?theme=${encodeURIComponent(theme)}&seed=${S.seed}`);
    } catch (e) { S.error = e.message; }
    S.loading = false;
    $("ln-bg-play").value = "";
    $("ln-bg-double").checked = false;
    $("ln-bg-take").checked = false;
    render();
  }

  async function send(body) {
    try {
      S.result = await app.call("POST", "/api/learn/backgammon/answer", { theme: S.theme, seed: S.seed, ...body });
      S.error = "";
      app.progress.count("themes", S.theme, S.result.right, S.result.loss);
    } catch (e) { S.error = e.message; }
    render();
  }

  function checkPlay(ev) {
    ev.preventDefault();
    if (!S.quiz || S.result) return;
    const play = $("ln-bg-play").value.trim();
    if (!play) { S.error = t("ln_play_needed"); render(); return; }
    send({ play });
  }

  function checkCube(ev) {
    ev.preventDefault();
    if (!S.quiz || S.result) return;
    send({ double: $("ln-bg-double").checked, take: $("ln-bg-take").checked });
  }

  function ranking(r) {
    const row = (p, k, cls) => `<tr class="${cls}"><td>${k}</td><td>${esc(p.n)}</td>` +
      `<td>${p.equity === undefined ? "" : eq(p.equity)}</td><td>${p.loss ? eq(-p.loss) : ""}</td></tr>`;
    const rows = r.ranking.map((p, i) => row(p, i + 1, p.n === r.play.n ? "ln-yours" : ""));
    // The player's play below the five best, with what it loses.
    if (r.rank > r.ranking.length) rows.push(`<tr><td colspan="4">…</td></tr>`, row({ ...r.play, loss: r.loss }, r.rank, "ln-yours"));
    return `<p>${esc(t("ln_ranking", { n: r.legal }))}</p><table id="ln-bg-ranking" class="ln-table"><thead><tr><th>#</th>` +
      `<th>${esc(t("ln_play"))}</th><th>${esc(t("ln_equity"))}</th><th>${esc(t("ln_loss"))}</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
  }

  function resultHtml(r) {
    const cls = r.right ? "ln-right" : "ln-wrong";
    if (r.kind === "cube") {
      const c = r.cube;
      const line = r.right ? t("ln_cube_right", { action: c.action })
        : t("ln_cube_wrong", { action: c.action, d: r.double_loss.toFixed(3), t: r.take_loss.toFixed(3) });
      return `<p id="ln-bg-verdict" class="${cls}" data-verdict="${esc(r.verdict)}"><b>${esc(line)}</b></p>` +
        `<p>${esc(t("ln_cube_equities", { nd: eq(c.no_double), dt: eq(c.double_take), dp: eq(c.double_pass), win: (100 * c.win).toFixed(0) }))}</p>`;
    }
    const line = r.right ? t("ln_best", { play: r.play.n })
      : t("ln_play_loss", { play: r.play.n, rank: r.rank, loss: r.loss.toFixed(3), verdict: t("ln_verdict_" + r.verdict) });
    return `<p id="ln-bg-verdict" class="${cls}" data-verdict="${esc(r.verdict)}"><b>${esc(line)}</b></p>` + ranking(r);
  }

  function draw() {
    const q = S.quiz;
    const arrows = [];
    if (S.result && S.result.kind === "best-play") {
      arrows.push({ moves: S.result.ranking[0].m, side: q.turn });
      if (!S.result.right) arrows.push({ moves: S.result.play.m, side: q.turn, cls: "last" });
    } else if (S.chosen) arrows.push({ moves: S.chosen.m, side: q.turn, cls: "last" });
    $("ln-bg-board").innerHTML = drawPosition(q.position, {
      dice: q.dice, cube: { value: 1, owner: null }, arrows, label: esc(sideName(q.turn)), numbers: q.turn,
    });
  }

  function render() {
    const pr = app.progress.get();
    $("ln-themes").innerHTML = THEMES.map((id) => `<button type="button" data-theme="${id}" class="${S.theme === id ? "primary" : ""}">${esc(themeName(id))}</button>`).join("");
    $("ln-bg-score").innerHTML = THEMES.filter((id) => pr.themes[id])
      .map((id) => esc(t("ln_bg_score", { theme: themeName(id), right: pr.themes[id].right, asked: pr.themes[id].asked, lost: pr.themes[id].lost.toFixed(3) })))
      .join("<br>");
    $("ln-bg-card").hidden = !S.theme;
    if (!S.theme) return;
    $("ln-bg-title").textContent = t("ln_quiz", { theme: themeName(S.theme), seed: S.seed });
    $("ln-bg-loading").hidden = !S.loading;
    $("ln-bg-error").hidden = !S.error;
    $("ln-bg-error").textContent = S.error;
    const q = S.quiz;
    $("ln-bg-board").style.display = q ? "" : "none";
    $("ln-bg-play-form").hidden = !q || q.kind !== "best-play";
    $("ln-bg-cube-form").hidden = !q || q.kind !== "cube";
    $("ln-bg-result").hidden = !S.result;
    $("ln-bg-next").hidden = !S.result;
    if (!q) { $("ln-bg-ids").textContent = ""; $("ln-bg-question").textContent = ""; return; }
    draw();
    $("ln-bg-ids").textContent = t("ln_ids", { pid: q.position_id, xgid: q.xgid, me: q.pips[0], him: q.pips[1] });
    $("ln-bg-question").textContent = q.kind === "cube"
      ? t("ln_cube_question", { side: sideName(q.turn) })
      : t("ln_play_question", { side: sideName(q.turn), dice: q.roll });
    if (q.kind === "best-play") {
      const sel = $("ln-bg-plays");
      const v = sel.value;
      sel.innerHTML = `<option value="">${esc(t("ln_choose"))}</option>` + q.plays.map((p) => `<option value="${esc(p.n)}">${esc(p.n)}</option>`).join("");
      sel.value = q.plays.some((p) => p.n === v) ? v : "";
    }
    $("ln-bg-check").disabled = !!S.result;
    $("ln-bg-cube-check").disabled = !!S.result;
    $("ln-bg-result").innerHTML = S.result ? resultHtml(S.result) : "";
  }

  return {
    open,
    render,
    init() {
      $("ln-themes").addEventListener("click", (ev) => {
        const b = ev.target.closest("button[data-theme]");
        if (b && !S.loading) ask(b.dataset.theme);
      });
      $("ln-bg-plays").onchange = () => {
        const n = $("ln-bg-plays").value;
        $("ln-bg-play").value = n;
        S.chosen = S.quiz ? S.quiz.plays.find((p) => p.n === n) || null : null;
        render();
      };
      $("ln-bg-play-form").addEventListener("submit", checkPlay);
      $("ln-bg-cube-form").addEventListener("submit", checkCube);
      $("ln-bg-next").onclick = () => { if (S.theme) ask(S.theme); };
    },
  };
}
