#!/usr/bin/env python3
"""Plots a training curve as an SVG, without plotting libraries.

    training_curve.py CURVE.txt OUT.svg "title" ["x axis label"]

CURVE.txt holds one line per checkpoint: `GAMES PPG LOW HIGH` (the
checkpoint's points per game against a reference, with a 95 % interval),
as written by crates/backgammon-bot/tools/curve.sh. Lines starting with #
are skipped.
"""
import sys

rows = []
for line in open(sys.argv[1]):
    if line.strip() and not line.startswith("#"):
        g, p, lo, hi = line.split()[:4]
        rows.append((int(g), float(p), float(lo), float(hi)))
title = sys.argv[3] if len(sys.argv) > 3 else "training curve"
xlabel = sys.argv[4] if len(sys.argv) > 4 else "self-play games"
W, H, L, R, T, B = 640, 360, 70, 20, 40, 50
gmax = max(r[0] for r in rows) or 1
ymin = min(min(r[2] for r in rows), 0.0)
ymax = max(max(r[3] for r in rows), 0.0)
pad = (ymax - ymin) * 0.1 or 0.05
ymin, ymax = ymin - pad, ymax + pad


def x(g):
    return L + (W - L - R) * g / gmax


def y(v):
    return T + (H - T - B) * (ymax - v) / (ymax - ymin)


out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">' % (W, H),
       '<rect width="100%" height="100%" fill="white"/>',
       '<text x="%d" y="22" font-size="14">%s</text>' % (L, title)]
out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#999" stroke-dasharray="4"/>' % (L, y(0), W - R, y(0)))
out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (L, H - B, W - R, H - B))
out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (L, T, L, H - B))
for k in range(6):
    v = ymin + (ymax - ymin) * k / 5
    out.append('<text x="%d" y="%.1f" text-anchor="end">%+.3f</text>' % (L - 6, y(v) + 4, v))
xticks = [gmax * k / 5 for k in range(6)] if gmax > 10 else range(gmax + 1)
for g in xticks:
    tick = "%dk" % round(g / 1000) if gmax >= 5000 else "%g" % g
    out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (x(g), H - B + 18, tick))
out.append('<text x="%d" y="%d" text-anchor="middle">%s</text>' % ((L + W - R) / 2, H - 10, xlabel))
out.append('<text x="14" y="%d" transform="rotate(-90 14 %d)" text-anchor="middle">points per game</text>' % ((T + H - B) / 2, (T + H - B) / 2))
for g, p, lo, hi in rows:
    out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#88a"/>' % (x(g), y(lo), x(g), y(hi)))
pts = " ".join("%.1f,%.1f" % (x(g), y(p)) for g, p, _, _ in rows)
out.append('<polyline points="%s" fill="none" stroke="#23c" stroke-width="2"/>' % pts)
for g, p, _, _ in rows:
    out.append('<circle cx="%.1f" cy="%.1f" r="3" fill="#23c"/>' % (x(g), y(p)))
out.append('</svg>')
open(sys.argv[2], "w").write("\n".join(out) + "\n")
