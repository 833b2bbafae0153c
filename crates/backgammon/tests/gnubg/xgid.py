# Run inside GNU Backgammon (gnubg -t -q -r -p xgid.py) with BG_IN and
# BG_OUT set: for each XGID line of BG_IN, gnubg reads it (`set xgid`)
# and this script writes the Position ID and Match ID gnubg then holds,
# one line "POSITION_ID MATCH_ID" per input line.
import os

import gnubg

gnubg.command("set player 0 human")
gnubg.command("set player 1 human")

with open(os.environ["BG_IN"]) as f_in, open(os.environ["BG_OUT"], "w") as f_out:
    for line in f_in:
        line = line.strip()
        if not line:
            continue
        gnubg.command("set xgid " + line)
        f_out.write("%s %s\n" % (gnubg.positionid(), gnubg.matchid()))
