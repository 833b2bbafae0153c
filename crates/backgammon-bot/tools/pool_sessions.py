#!/usr/bin/env python3
"""Pools the money sessions of external_vs_gnubg.sh (docs/STRENGTH.md).

    pool_sessions.py DIR...

Each DIR is one run's directory (gnubg-cube-*.out, session-cube-*.sgf).
Prints, per run and for all of them, the games, the bot's wins and its
points per game with a 95 % interval (gnubg's game results, as the script
reads them), then the split of all the games by the first double: who
doubled first, how often the other side took or passed, and the bot's
points in each case.

external_vs_gnubg.sh reads each run's results with this module's
`results` and `line`.
"""
import collections
import glob
import math
import re
import sys


def results(path):
    text = open(path, errors='replace').read()
    return [-int(p) if w == 'gnubg' else int(p) for w, p in re.findall(
        r'(\w+) wins (?:a single game|a gammon|a backgammon) and (\d+) points?', text)]


def interval(xs):
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, float('nan')
    v = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return m, 1.96 * math.sqrt(v / len(xs))


def line(name, xs):
    m, h = interval(xs)
    wins = sum(1 for x in xs if x > 0)
    print(f"{name}: {wins} games won of {len(xs)}, points per game {m:+.3f} "
          f"(95 % CI {m - h:+.3f} to {m + h:+.3f})")


def first_doubles(dirs):
    games = collections.Counter()
    points = collections.Counter()
    for d in dirs:
        for path in glob.glob(f"{d}/session-cube-*.sgf"):
            text = open(path, errors='replace').read()
            for g in text.split('(;FF[4]')[1:]:
                result = re.search(r'RE\[([WB])\+(\d+)', g)
                if not result:
                    continue
                # gnubg is player 0, White in its .sgf; the bot Black.
                p = int(result.group(2)) * (-1 if result.group(1) == 'W' else 1)
                acts = re.findall(r';([WB])\[(double|take|drop)\]', g)
                if not acts:
                    key = ('none', '')
                else:
                    first = 'gnubg' if acts[0][0] == 'W' else 'the bot'
                    answer = acts[1][1] if len(acts) > 1 else 'take'
                    key = (first, 'passed' if answer == 'drop' else 'taken')
                games[key] += 1
                points[key] += p
    print("first double | answer | games | the bot's points | per game")
    for key in sorted(games):
        print(f"{key[0]} | {key[1]} | {games[key]} | {points[key]:+d} | "
              f"{points[key] / games[key]:+.3f}")


def main():
    dirs = sys.argv[1:]
    if not dirs:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    everything = []
    for d in dirs:
        xs = []
        for path in sorted(glob.glob(f"{d}/gnubg-cube-*.out")):
            xs += results(path)
        if xs:
            line(d, xs)
        everything += xs
    if not everything:
        print("no games found", file=sys.stderr)
        sys.exit(1)
    line("all", everything)
    first_doubles(dirs)


if __name__ == '__main__':
    main()
