// A backgammon position drawn away from a game: the analysis board and
// the review show positions the server sends ({board, bar, off, pips,
// turn}: signed checkers on White's points 1..24, + White, − Black), seen
// from White's side with gnubg's numbers, with the cube, the dice and
// arrows (a play's moves [from, to] in the mover's numbering, 25 the
// bar, 0 off). Pure functions.

import { R, MID, colX, checkerY, drawDice, boardBase, flecheShape, arrowPath, hitAreas, turnMark } from "../board.js";

// White's point k on the board: White's home at the bottom right.
export function place(k) {
  return k <= 12 ? { col: 12 - k, bottom: true } : { col: k - 13, bottom: false };
}

// A point of the mover's numbering as a field of White's numbering.
export function field(p, side) {
  if (p === 25) return "bar";
  if (p === 0) return "off";
  return side === "white" ? p : 25 - p;
}

function fieldXY(f, side) {
  if (f === "bar") return [480, side === "white" ? MID + 90 : MID - 90];
  if (f === "off") return [960, side === "white" ? 520 : 200];
  const p = place(f);
  return [colX(p.col), p.bottom ? 560 : 160];
}

// A checker moved on by the next move ([24, 18], [18, 13]) as one move
// ([24, 13]): its arrow drawn whole, from where it started to where it
// stopped.
function chained(moves) {
  const out = [];
  for (const [f, to, hit] of moves || []) {
    const k = out.findIndex((m) => m[1] === f && !m[2] && f !== 0);
    if (k >= 0) out[k] = [out[k][0], to, hit]; else out.push([f, to, hit]);
  }
  return out;
}

// The arrows of a play's moves.
export function playArrows(moves, side, cls) {
  return chained(moves).map(([f, to]) => {
    const [xa, ya] = fieldXY(field(f, side), side);
    const [xb, yb] = fieldXY(field(to, side), side);
    return arrowPath(xa, ya, xb, yb, cls);
  }).join("");
}

// The field under (x, y) of the SVG: a point 1..24, "bar" or null.
export function fieldAt(x, y) {
  if (x >= 450 && x < 510 && y >= 50 && y <= 670) return "bar";
  const col = x >= 40 && x < 450 ? Math.floor((x - 40) / (410 / 6)) : x >= 510 && x < 920 ? 6 + Math.floor((x - 510) / (410 / 6)) : null;
  if (col === null || y < 50 || y > 670) return null;
  return y > MID ? 12 - col : col + 13;
}

function cubeShape(x, y, value, cls) {
  const a = cls === "offered" ? 28 : 17;
  return `<g class="cube ${cls || ""}"><rect x="${x - a}" y="${y - a}" width="${2 * a}" height="${2 * a}" rx="${a / 4}"/>` +
    `<text x="${x}" y="${y + 1}">${value}</text></g>`;
}

// The SVG content of a position. `o`: dice [a, b], cube {value, owner,
// offered}, arrows [{moves, side, cls}], label (the left half's text),
// hits (hit areas for clicks), numbers (the side whose numbering the
// points show: White's by default).
export function drawPosition(pos, o = {}) {
  let h = boardBase();
  for (let f = 1; f <= 24; f++) {
    const p = place(f);
    h += flecheShape(p.col, p.bottom);
    h += `<text class="num pt-label" x="${colX(p.col)}" y="${p.bottom ? 697 : 33}">${o.numbers === "black" ? 25 - f : f}</text>`;
  }
  h += `<text class="num pips" x="480" y="697">${pos.pips.white}</text>`;
  h += `<text class="num pips" x="480" y="33">${pos.pips.black}</text>`;
  for (const [side, y0] of [["white", 380], ["black", 60]]) {
    h += `<rect class="tray" x="930" y="${y0}" width="60" height="280" rx="6"/>`;
    for (let i = 0; i < pos.off[side]; i++) {
      const yy = side === "white" ? y0 + 270 - i * 17 - 14 : y0 + 10 + i * 17;
      h += `<rect class="${side === "white" ? "chk-w" : "chk-b"} off-chk" x="936" y="${yy}" width="48" height="14" rx="4"/>`;
    }
  }
  for (let f = 1; f <= 24; f++) {
    const c = pos.board[f - 1];
    if (!c) continue;
    const n = Math.abs(c), p = place(f), x = colX(p.col), cls = c > 0 ? "chk-w" : "chk-b";
    for (let i = 0; i < n; i++) h += `<circle class="${cls}" cx="${x}" cy="${checkerY(i, n, p.bottom, 260)}" r="${R}"/>`;
    if (n > 5) h += `<text class="chk-count ${c > 0 ? "w" : "b"}" x="${x}" y="${checkerY(n - 1, n, p.bottom, 260)}">${n}</text>`;
  }
  for (const s of ["white", "black"]) {
    const n = pos.bar[s];
    for (let i = 0; i < Math.min(n, 4); i++) {
      const y = s === "white" ? MID + 60 + i * 2 * R : MID - 60 - i * 2 * R;
      h += `<circle class="${s === "white" ? "chk-w" : "chk-b"} bar-chk" cx="480" cy="${y}" r="${R}"/>`;
    }
    if (n > 1) h += `<text class="chk-count ${s[0]}" x="480" y="${s === "white" ? MID + 60 : MID - 60}">${n}</text>`;
  }
  const cube = o.cube;
  if (cube) {
    if (cube.offered) h += cubeShape(870, MID, cube.value * 2, "offered");
    else if (!cube.owner) h += cubeShape(20, MID, cube.value === 1 ? 64 : cube.value, "centred");
    else h += cubeShape(20, cube.owner === "white" ? 610 : 110, cube.value, "owned");
  }
  for (const a of o.arrows || []) h += playArrows(a.moves, a.side, a.cls);
  if (o.dice) h += drawDice(o.dice, false);
  h += turnMark(o.label || "", pos.turn, "white");
  if (o.hits) {
    h += hitAreas(place);
    h += `<rect class="hit" data-field="bar" x="450" y="50" width="60" height="620"/>`;
  }
  return h;
}
