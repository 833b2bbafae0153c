# Run inside GNU Backgammon (gnubg -t -q -r -p mat_boards.py) with BG_IN
# the path of a .mat file and BG_OUT set: gnubg imports the file and this
# script writes one line per move it holds, "GAME PLAYER POSITION_ID D1D2"
# (GAME from 0, PLAYER 0 or 1, the Position ID before the move, the mover
# on roll).
import os

import gnubg

gnubg.command("import mat " + os.environ["BG_IN"])
with open(os.environ["BG_OUT"], "w") as out:
    for i, game in enumerate(gnubg.match()["games"]):
        for rec in game["game"]:
            if rec.get("action") != "move":
                continue
            player = 0 if rec["player"] == "X" else 1
            d = rec["dice"]
            out.write("%d %d %s %d%d\n" % (i, player, rec["board"], max(d), min(d)))
