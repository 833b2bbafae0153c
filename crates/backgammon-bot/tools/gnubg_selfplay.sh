#!/bin/sh
# A 7-point match GNU Backgammon plays against itself at 0 ply, written
# to MAT as a .mat file (kept when it exists): player 0 "gnubg" with noise
# 0.05, player 1 with noise 0.01 (so that the positions are varied and
# one player errs more), Jacoby off, gnubg's dice seeded with SEED.
# gnubg's output goes to LOG (default /dev/null). The matches of
# review_vs_gnubg.sh and cube_agreement.sh.
#   gnubg_selfplay.sh SEED MAT [LOG]
set -e
seed=$1; mat=$2; log=${3:-/dev/null}
[ -s "$mat" ] && exit 0
{
  for p in 0 1; do
    echo "set player $p gnubg"
    echo "set player $p chequerplay evaluation plies 0"
    echo "set player $p cubedecision evaluation plies 0"
  done
  for x in chequerplay cubedecision; do
    echo "set player 0 $x evaluation noise 0.05"
    echo "set player 1 $x evaluation noise 0.01"
  done
  echo "set jacoby off"; echo "set automatic game on"; echo "set display off"
  echo "set seed $seed"
  echo "new match 7"
  echo "export match mat $mat"
} | /usr/games/gnubg -t -q -r > "$log" 2>&1
