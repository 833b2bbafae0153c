# Run inside GNU Backgammon (gnubg -t -q -r -p legal_moves.py) with
# BG_IN and BG_OUT set: for each line "POSITION_ID HIGH LOW" of BG_IN,
# gnubg lists the legal moves (its hint at 0-ply, every move), and this
# script writes the gnubg Position IDs of the positions they reach (the
# opponent on roll), sorted, one line per input line: "ID1 ID2 ...".
import os
import re

import gnubg

gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set evaluation chequerplay evaluation plies 0")
gnubg.command("new game")


def apply(board, move):
    """board = (opponent, on_roll): 25 counts each (own points 1..24, bar).
    Applies gnubg's move text for the player on roll."""
    opp = list(board[0])
    me = list(board[1])
    for tok in move.split():
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
                    o = 25 - b  # the same point in the opponent's numbering
                    if opp[o - 1] == 1:
                        opp[o - 1] = 0
                        opp[24] += 1
    return opp, me


with open(os.environ["BG_IN"]) as f, open(os.environ["BG_OUT"], "w") as out:
    for line in f:
        pid, hi, lo = line.split()
        gnubg.command("set board " + pid)
        gnubg.command("set dice %s %s" % (hi, lo))
        board = gnubg.board()
        try:
            moves = [h["move"] for h in gnubg.hint(100000)["hint"]]
        except Exception:
            moves = []
        ids = set()
        for mv in moves:
            opp, me = apply(board, mv)
            ids.add(gnubg.positionid((me, opp)))
        if not ids:
            ids.add(gnubg.positionid((board[1], board[0])))
        out.write(" ".join(sorted(ids)) + "\n")
