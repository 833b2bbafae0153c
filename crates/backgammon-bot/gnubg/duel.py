# Cubeless money games between GNU Backgammon at 0 ply and the trictrac
# backgammon bot, with duplicate dice (each dice sequence played twice,
# the colours swapped). Run inside gnubg:
#
#   DUEL_BOT="trictrac bg hint --best" DUEL_GAMES=200 DUEL_SEED=1 \
#     gnubg -t -q -r -p crates/backgammon-bot/gnubg/duel.py
#
# The bot is asked for each of its plays as a command given the gnubg
# Position ID (`--position ID --dice A-B`, the bot on roll) and answers
# with its play in gnubg's notation. Prints the bot's points per game with
# a 95 % confidence interval over the pairs. Standard rules, no Jacoby.
import os
import random
import re
import shlex
import subprocess

import gnubg

BOT = shlex.split(os.environ.get("DUEL_BOT", "trictrac bg hint --best"))
GAMES = int(os.environ.get("DUEL_GAMES", "100"))
SEED = int(os.environ.get("DUEL_SEED", "1"))

CUBE = gnubg.cubeinfo(1, -1, 1, 0, (0, 0), 0, 0)
EVAL = gnubg.evalcontext(0, 0, 0, 0, 0.0)


def start():
    side = [0] * 25
    for p, n in ((24, 2), (13, 5), (8, 3), (6, 5)):
        side[p - 1] = n
    return [list(side), list(side)]


def play(sides, mover, text):
    """Applies `text` (gnubg notation, the mover's numbering) for side `mover`."""
    me, op = sides[mover], sides[1 - mover]
    for tok in text.split():
        m = re.match(r"^(.*?)(?:\((\d)\))?$", tok)
        body, times = m.group(1), int(m.group(2) or 1)
        pts = []
        for p in body.split("/"):
            p = p.rstrip("*")
            pts.append(25 if p == "bar" else 0 if p == "off" else int(p))
        for _ in range(times):
            for a, b in zip(pts, pts[1:]):
                me[a - 1] -= 1
                if b > 0:
                    me[b - 1] += 1
                    o = 25 - b
                    if op[o - 1] == 1:
                        op[o - 1] = 0
                        op[24] += 1


def board(sides, mover):
    # gnubg's board: the player not on roll first, then the player on roll.
    return (tuple(sides[1 - mover]), tuple(sides[mover]))


def off(side):
    return 15 - sum(side)


def result(sides, winner):
    loser = sides[1 - winner]
    if off(loser) > 0:
        return 1
    # The winner's home board is the loser's points 19-24.
    if loser[24] > 0 or any(loser[i] > 0 for i in range(18, 24)):
        return 3
    return 2


def one_game(rng, bot_side):
    sides = start()
    while True:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        if a != b:
            break
    mover = 0 if a > b else 1
    while True:
        if mover == bot_side:
            pid = gnubg.positionid(board(sides, mover))
            out = subprocess.run(
                BOT + ["--position", pid, "--dice", "%d-%d" % (max(a, b), min(a, b))],
                capture_output=True, text=True, check=True,
            ).stdout.strip()
            text = "" if out == "--" else out
        else:
            mv = gnubg.findbestmove(board(sides, mover), CUBE, EVAL, (a, b))
            text = gnubg.movetupletostring(mv, board(sides, mover)) if mv else ""
        if text:
            play(sides, mover, text)
        if off(sides[mover]) == 15:
            pts = result(sides, mover)
            return pts if mover == bot_side else -pts
        mover = 1 - mover
        a, b = rng.randint(1, 6), rng.randint(1, 6)


pairs = []
for k in range(GAMES // 2):
    pair = 0
    for bot_side in (0, 1):
        rng = random.Random(SEED * 1000003 + k)
        pair += one_game(rng, bot_side)
    pairs.append(pair / 2.0)
n = len(pairs)
mean = sum(pairs) / n
var = sum((x - mean) ** 2 for x in pairs) / max(n - 1, 1)
half = 1.96 * (var / n) ** 0.5
print("bot vs gnubg 0-ply: %d games, points per game for the bot: %+.3f (95 %% CI %+.3f to %+.3f)"
      % (2 * n, mean, mean - half, mean + half))
