// What both boards share: the geometry of the SVG (1000 × 720: two
// tables of six flèches or points each side of the bar, the trays on the
// right), the frame, the flèches, the checkers' stacking, the dice and
// the arrows' markers. Pure functions: each game module draws with them.

export const W = 410 / 6;        // width of a flèche
export const R = 27;             // checker radius
export const MID = 360;

export function colX(c) { return c < 6 ? 40 + (c + 0.5) * W : 510 + (c - 6 + 0.5) * W; }
export function colLeft(c) { return c < 6 ? 40 + c * W : 510 + (c - 6) * W; }

/// The column (0..11, left to right) under x, or null off the tables.
export function colAt(x) {
  if (x >= 40 && x < 450) return Math.floor((x - 40) / W);
  if (x >= 510 && x < 920) return 6 + Math.floor((x - 510) / W);
  return null;
}

export function flechePath(col, bottom) {
  const x = colLeft(col);
  return bottom
    ? `M${x},670 L${x + W / 2},410 L${x + W},670 Z`
    : `M${x},50 L${x + W / 2},310 L${x + W},50 Z`;
}

/// The y of the i-th of `count` checkers stacked on a flèche (`room`:
/// the height they may take).
export function checkerY(i, count, bottom, room = 270) {
  const space = room - 2 * R;
  const stepY = count <= 5 ? 2 * R : Math.min(2 * R, space / (count - 1));
  return bottom ? 670 - R - i * stepY : 50 + R + i * stepY;
}

function diePips(v) {
  const a = 0.27, b = 0.5, c = 0.73;
  return {
    1: [[b, b]], 2: [[a, a], [c, c]], 3: [[a, a], [b, b], [c, c]], 4: [[a, a], [c, a], [a, c], [c, c]],
    5: [[a, a], [c, a], [b, b], [a, c], [c, c]], 6: [[a, a], [c, a], [a, b], [c, b], [a, c], [c, c]],
  }[v];
}
export function drawDie(x, y, v, s, cls) {
  let h = `<rect class="die ${cls || ""}" x="${x}" y="${y}" width="${s}" height="${s}" rx="8"/>`;
  for (const [px, py] of diePips(v)) h += `<circle class="pip" cx="${x + px * s}" cy="${y + py * s}" r="${s * 0.09}"/>`;
  return h;
}
/// The two dice in the right half; `used` greys them.
/// The two dice; `used` greys both, or each by its own flag ([a, b]).
export function drawDice(dice, used) {
  const u = Array.isArray(used) ? used : [used, used];
  return drawDie(640, MID - 26, dice[0], 52, u[0] ? "used" : "") + drawDie(710, MID - 26, dice[1], 52, u[1] ? "used" : "");
}
/// Which of the two dice the moves made so far have used: `dists` the
/// distance of each single move (null when unknown, as a checker borne
/// off by a higher die), `perDie` how many moves a die of a double makes
/// (2 in backgammon, 1 in Grand Trictrac).
export function usedDice(dice, dists, perDie) {
  if (dice[0] === dice[1]) return [dists.length >= perDie, dists.length >= 2 * perDie];
  const used = [false, false];
  for (const d of dists) {
    let i = [0, 1].find((k) => !used[k] && dice[k] === d);
    if (i === undefined) i = [0, 1].filter((k) => !used[k] && (d === null || dice[k] >= d)).sort((x, y) => dice[x] - dice[y])[0];
    if (i === undefined) i = [0, 1].find((k) => !used[k]);
    if (i !== undefined) used[i] = true;
  }
  return used;
}

/// The arrows' markers, the frame, the felt and the bar.
export function boardBase() {
  return `<defs><marker id="ah" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#3a6fd8"/></marker>` +
    `<marker id="ah-last" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="5" markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#8a7a5c"/></marker></defs>` +
    `<rect class="frame" x="0" y="0" width="1000" height="720" rx="18"/>` +
    `<rect class="felt" x="40" y="50" width="410" height="620"/><rect class="felt" x="510" y="50" width="410" height="620"/>` +
    `<rect class="bar" x="450" y="50" width="60" height="620"/>`;
}
/// A flèche of its colour (they alternate).
export function flecheShape(col, bottom) {
  return `<path class="${(col % 2 === 0) === bottom ? "fl-a" : "fl-b"}" d="${flechePath(col, bottom)}"/>`;
}
/// A curved arrow from (xa, ya) to (xb, yb); `cls` "last" for the last play.
export function arrowPath(xa, ya, xb, yb, cls) {
  const mx = (xa + xb) / 2, my = (ya + yb) / 2 + (ya === yb ? (ya > MID ? -70 : 70) : 0);
  return `<path class="arrow ${cls || ""}" d="M${xa},${ya} Q${mx},${my} ${xb},${yb}" marker-end="url(#${cls === "last" ? "ah-last" : "ah"})"/>`;
}
/// The hit areas (on top) of the 24 flèches, drawn by `place(f)`; `extra`
/// inside each (a tooltip).
export function hitAreas(place, extra) {
  let h = "";
  for (let f = 1; f <= 24; f++) {
    const p = place(f);
    h += `<rect class="hit" data-field="${f}" x="${colLeft(p.col)}" y="${p.bottom ? MID : 50}" width="${W}" height="${p.bottom ? 670 - MID : MID - 50}">${extra ? extra(f) : ""}</rect>`;
  }
  return h;
}
/// Whose turn, in the left half: a label, and a checker on the side's half.
export function turnMark(label, side, bottom) {
  let h = `<text class="turn-label" x="245" y="${MID + 6}">${label}</text>`;
  if (side) h += `<circle class="${side === "white" ? "chk-w" : "chk-b"}" cx="245" cy="${side === bottom ? MID + 30 : MID - 32}" r="9"/>`;
  return h;
}
