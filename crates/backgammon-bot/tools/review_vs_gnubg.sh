#!/bin/sh
# `trictrac bg review` against GNU Backgammon's analysis of the same match:
# gnubg plays a 7-point match against itself at 0 ply (player 0 "gnubg"
# with noise 0.05, player 1 "root" with noise 0.01, seed SEED), analyses
# it with its defaults (2-ply chequer and cube), and trictrac reviews it;
# review_compare.py prints both players' error rates side by side, the
# plays judged most differently, and the cube decisions matched.
#   review_vs_gnubg.sh SEED [DIR] [TRICTRAC]
# DIR (default /tmp/review_vs_gnubg) keeps m$SEED.mat, gnubg's statistics
# (g$SEED.txt), its per-play losses (g$SEED.jsonl), its cube decisions
# (g$SEED.cubes.jsonl), its analysed match (g$SEED.sgf) and our review
# (ours$SEED.json); an existing m$SEED.mat and gnubg analysis are reused
# (an existing g$SEED.sgf is loaded, not analysed again).
# TRICTRAC defaults to target/release/trictrac.
set -e
seed=$1; dir=${2:-/tmp/review_vs_gnubg}; bin=${3:-target/release/trictrac}
tools=$(cd "$(dirname "$0")" && pwd)
gnubg=/usr/games/gnubg
mkdir -p "$dir"
mat=$dir/m$seed.mat
sh "$tools/gnubg_selfplay.sh" "$seed" "$mat" "$dir/play$seed.out"
if [ ! -s "$dir/g$seed.jsonl" ] || [ ! -s "$dir/g$seed.cubes.jsonl" ]; then
  MAT=$mat OUT=$dir/g$seed.jsonl SGF=$dir/g$seed.sgf \
    $gnubg -t -q -r -p "$tools/gnubg_moves.py" > "$dir/g$seed.txt" 2>&1
fi
start=$(date +%s.%N)
"$bin" bg review "$mat" --json > "$dir/ours$seed.json"
end=$(date +%s.%N)
echo "seed $seed: review $(echo "$end - $start" | bc) s wall (load $(cut -d' ' -f1 /proc/loadavg))"
python3 "$tools/review_compare.py" "$dir/g$seed.txt" "$dir/g$seed.jsonl" "$dir/ours$seed.json"
