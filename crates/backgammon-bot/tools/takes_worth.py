#!/usr/bin/env python3
"""What each side's takes were worth in the money sessions of
external_vs_gnubg.sh, against what our search valued them at
(docs/STRENGTH.md, "What the bot's takes were worth").

    takes_worth.py [--work DIR] SESSION.sgf...

Each session (gnubg is player 0, the bot player 1) is exported by gnubg
to a .mat file and reviewed by `trictrac bg review --plies 2 --json`
(Jacoby off, as the script plays), both kept in DIR (default
/tmp/takes_worth) and reused. For each double taken, the taker's equity
after the take as the review's 2-level cubeful search values it
(`-double_take`, in units of the cube before the double) is set against
the points the taker ended the game with, divided by that cube. Prints
the mean of both for each taker (first doubles), then, for the bot's
takes (redoubles too), what passing would have changed had the bot
passed every take valued below -1 + m, for margins m from 0.05 to 0.40
(the gain in cubes: the points those takes lost beyond the pass).

Environment: TRICTRAC (default target/release/trictrac), GNUBG
(default gnubg on the PATH or /usr/games/gnubg).
"""
import json
import math
import os
import re
import shutil
import subprocess
import sys


def results(sgf_text):
    """Each game's winner ('white' is gnubg) and points, None if unfinished."""
    out = []
    for g in sgf_text.split('(;FF[4]')[1:]:
        r = re.search(r'RE\[([WB])\+(\d+)', g)
        out.append(('white' if r.group(1) == 'W' else 'black', int(r.group(2))) if r else None)
    return out


def review(sgf, work, trictrac, gnubg):
    base = os.path.join(work, os.path.basename(sgf)[:-4])
    if not os.path.exists(base + '.json'):
        script = f'load match {sgf}\nexport match mat {base}.mat\n'
        subprocess.run([gnubg, '-t', '-q'], input=script, text=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        with open(base + '.tmp', 'w') as f:
            subprocess.run([trictrac, 'bg', 'review', base + '.mat', '--plies', '2', '--json',
                            '--rules', 'standard jacoby=off'], stdout=f, check=True)
        os.rename(base + '.tmp', base + '.json')
    return json.load(open(base + '.json'))


def takes(sgf, rev):
    """(taker, first double?, valued, ended) for each double taken."""
    res = results(open(sgf, errors='replace').read())
    if len(res) != len(rev['games']):
        print(f"{sgf}: {len(res)} games in the .sgf, {len(rev['games'])} reviewed: skipped",
              file=sys.stderr)
        return []
    out = []
    for g, r in zip(rev['games'], res):
        if r is None:
            continue
        cs = [c for c in g['cubes'] if c['action'] in ('double', 'take', 'drop')]
        for i in range(1, len(cs)):
            if cs[i]['action'] == 'take' and cs[i - 1]['action'] == 'double':
                taker = cs[i]['side']
                cube = 2 ** sum(1 for c in cs[:i - 1] if c['action'] == 'take')
                ended = (r[1] if r[0] == taker else -r[1]) / cube
                out.append(('the bot' if taker == 'black' else 'gnubg', i == 1,
                            -cs[i]['double_take'], ended))
    return out


def main():
    args = sys.argv[1:]
    work = '/tmp/takes_worth'
    if args[:1] == ['--work']:
        work, args = args[1], args[2:]
    if not args:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    os.makedirs(work, exist_ok=True)
    trictrac = os.environ.get('TRICTRAC', 'target/release/trictrac')
    gnubg = os.environ.get('GNUBG') or shutil.which('gnubg') or '/usr/games/gnubg'
    all_takes = []
    for sgf in args:
        all_takes += takes(sgf, review(os.path.abspath(sgf), work, trictrac, gnubg))
    print("taker | first takes | valued by our search | ended | 95 % interval")
    for who in ('the bot', 'gnubg'):
        xs = [t for t in all_takes if t[0] == who and t[1]]
        if not xs:
            continue
        n = len(xs)
        m = sum(t[3] for t in xs) / n
        sd = math.sqrt(sum((t[3] - m) ** 2 for t in xs) / max(n - 1, 1))
        print(f"{who} | {n} | {sum(t[2] for t in xs) / n:+.3f} | {m:+.3f} | ±{1.96 * sd / math.sqrt(n):.3f}")
    bot = [t for t in all_takes if t[0] == 'the bot']
    print(f"\nthe bot's {len(bot)} takes (redoubles too), had it passed those valued below -1 + m:")
    print("m | takes passed | what they ended at, a take | gain, cubes")
    for k in range(1, 9):
        m = 0.05 * k
        sel = [t for t in bot if t[2] < -1 + m]
        if sel:
            gain = sum(-1 - t[3] for t in sel)
            print(f"{m:.2f} | {len(sel)} | {sum(t[3] for t in sel) / len(sel):+.3f} | {gain:+.1f}")


if __name__ == '__main__':
    main()
