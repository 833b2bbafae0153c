#!/bin/sh
# Cube decisions of `trictrac bg hint` against GNU Backgammon's 2-ply
# (docs/ANALYSIS.md "Agreement with gnubg"):
#   cube_agreement.sh SEED... [DIR]
# For each SEED gnubg plays a 7-point match against itself at 0 ply
# (player 0 with noise 0.05, player 1 with 0.01, as review_vs_gnubg.sh),
# `trictrac bg review --json` lists the turns where the side on roll
# could double, gnubg judges each at its default 2-ply (cfevaluate, the
# numbers of its `hint`) and `trictrac bg hint --position P --match-id M
# --json` gives ours, both at the match score as played and for money
# (the score cleared). cube_agreement.py compare prints the agreement on
# `double` and `take` where gnubg's margin is at least 0.04, and the
# disagreements.
# DIR (default /tmp/cube_agreement; any argument that is not a number)
# keeps m$SEED.mat, review$SEED.json, the decisions (d$SEED.jsonl),
# gnubg's judgements (g$SEED.jsonl) and ours (ours$SEED$TAG.jsonl);
# existing files are reused. Environment: TRICTRAC (default
# target/release/trictrac), HINT_ARGS (more `bg hint` arguments, e.g.
# "--plies 3" or "--model models/backgammon-v1.bin"), TAG (a suffix for
# our files, to keep runs with different HINT_ARGS apart), MARGIN
# (default 0.04).
set -e
dir=/tmp/cube_agreement
seeds=
for a in "$@"; do
  case $a in
    *[!0-9]*) dir=$a ;;
    *) seeds="$seeds $a" ;;
  esac
done
if [ -z "$seeds" ]; then
  echo "usage: cube_agreement.sh SEED... [DIR]" >&2
  exit 2
fi
bin=${TRICTRAC:-target/release/trictrac}
tools=$(cd "$(dirname "$0")" && pwd)
gnubg="nice -n 10 /usr/games/gnubg"
mkdir -p "$dir"
# The judgements of this run (its own files: runs with other TAGs may
# share DIR).
all_g=$dir/all_g${TAG:-}.jsonl; all_o=$dir/all_ours${TAG:-}.jsonl
: > "$all_g"; : > "$all_o"
for seed in $seeds; do
  mat=$dir/m$seed.mat
  nice -n 10 sh "$tools/gnubg_selfplay.sh" "$seed" "$mat" "$dir/play$seed.out"
  # Files are written aside and renamed: another run may be reading them.
  if [ ! -s "$dir/review$seed.json" ]; then
    nice -n 10 "$bin" bg review "$mat" --json > "$dir/review$seed.$$"
    mv "$dir/review$seed.$$" "$dir/review$seed.json"
  fi
  python3 "$tools/cube_agreement.py" list "$dir/review$seed.json" > "$dir/d$seed.$$"
  mv "$dir/d$seed.$$" "$dir/d$seed.jsonl"
  if [ ! -s "$dir/g$seed.jsonl" ]; then
    IN=$dir/d$seed.jsonl OUT=$dir/g$seed.part \
      $gnubg -t -q -r -p "$tools/cube_agreement.py" > "$dir/g$seed.out" 2>&1
    mv "$dir/g$seed.part" "$dir/g$seed.jsonl"
  fi
  # shellcheck disable=SC2086
  nice -n 10 python3 "$tools/cube_agreement.py" ours "$dir/d$seed.jsonl" \
    "$dir/ours$seed${TAG:-}.jsonl" "$bin" ${HINT_ARGS:-}
  echo "seed $seed: $(wc -l < "$dir/d$seed.jsonl") decisions" >&2
  cat "$dir/g$seed.jsonl" >> "$all_g"
  cat "$dir/ours$seed${TAG:-}.jsonl" >> "$all_o"
done
python3 "$tools/cube_agreement.py" compare "$all_g" "$all_o" "${MARGIN:-0.04}"
