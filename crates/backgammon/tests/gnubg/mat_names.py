# Run inside GNU Backgammon (gnubg -t -q -r -p mat_names.py) with BG_IN
# the path of a .mat file and BG_OUT set: gnubg imports the file and this
# script writes the two player names it read (player 0, then 1), one a
# line, then the number of games.
import os

import gnubg

gnubg.command("import mat " + os.environ["BG_IN"])
m = gnubg.match()
with open(os.environ["BG_OUT"], "w", encoding="utf-8") as out:
    out.write(m["match-info"]["X"]["name"] + "\n")
    out.write(m["match-info"]["O"]["name"] + "\n")
    out.write("%d\n" % len(m["games"]))
