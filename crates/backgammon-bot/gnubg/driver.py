# The `gnubg` player of trictrac: run inside GNU Backgammon
# (`gnubg -t -q -r -p driver.py`), it answers requests read from stdin,
# one line each, with one line on stdout that starts with "TRICTRAC ".
# Evaluations at 0 ply (gnubg's "expert" level without noise).
#
#   move ID D1 D2 [PLIES]
#       -> TRICTRAC ok FROM/TO FROM/TO ...   (the on-roll player's numbering,
#          25 the bar, 0 off; "--" when nothing can be played; searched
#          PLIES deep, 0 by default, with gnubg's move filters and pruning)
#   eval ID PLIES
#       -> TRICTRAC ok W WG WBG LG LBG  (the cubeless chances of the player
#          on roll at PLIES plies, pruning on as in gnubg's world class)
#   cube ID VALUE OWNER MATCHTO SCORE_OTHER SCORE_ONROLL CRAWFORD JACOBY
#       (OWNER: 1 the player on roll, 0 the other, -1 centred)
#       -> TRICTRAC ok NODOUBLE TAKE DROP W WG WBG LG LBG  (cubeful
#          equities of the player on roll, from gnubg's cfevaluate, then
#          his cubeless chances from evaluate)
#   anything else -> TRICTRAC err MESSAGE
# The loop ends at the end of stdin.
import sys

import gnubg

EC = gnubg.evalcontext(0, 0, 0, 1, 0.0)
EC_CUBE = gnubg.evalcontext(1, 0, 0, 1, 0.0)
MONEY = gnubg.cubeinfo(1, -1, 1, 0, (0, 0), 0, 0)


def answer(text):
    sys.stdout.write("TRICTRAC " + text + "\n")
    sys.stdout.flush()


def plies(words, k):
    n = int(words[k]) if len(words) > k else 0
    return EC if n == 0 else gnubg.evalcontext(0, n, 0, 1, 0.0)


def move(words):
    board = gnubg.positionfromid(words[0])
    dice = (int(words[1]), int(words[2]))
    mv = gnubg.findbestmove(board, MONEY, plies(words, 3), dice)
    steps = []
    for k in range(0, len(mv or ()), 2):
        a, b = mv[k], mv[k + 1]
        if a <= 0:
            continue
        steps.append("%s/%s" % ("bar" if a == 25 else a, "off" if b <= 0 else b))
    return " ".join(steps) if steps else "--"


def chances(words):
    c = gnubg.evaluate(gnubg.positionfromid(words[0]), MONEY, plies(words, 1))
    return "%.6f %.6f %.6f %.6f %.6f" % tuple(c[:5])


def cube(words):
    board = gnubg.positionfromid(words[0])
    value, owner, matchto, s0, s1, crawford, jacoby = [int(w) for w in words[1:8]]
    ci = gnubg.cubeinfo(value, owner, 1, matchto, (s0, s1), crawford, 0)
    ci["jacoby"] = jacoby
    r = gnubg.cfevaluate(board, ci, EC_CUBE)
    c = gnubg.evaluate(board, ci, EC)
    return "%.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f" % (r[1], r[2], r[3], c[0], c[1], c[2], c[3], c[4])


for line in sys.stdin:
    words = line.split()
    try:
        if len(words) in (4, 5) and words[0] == "move":
            answer("ok " + move(words[1:]))
        elif len(words) == 3 and words[0] == "eval":
            answer("ok " + chances(words[1:]))
        elif len(words) == 9 and words[0] == "cube":
            answer("ok " + cube(words[1:]))
        else:
            answer("err unknown request")
    except Exception as e:  # an answer for every request
        answer("err " + str(e).replace("\n", " "))
