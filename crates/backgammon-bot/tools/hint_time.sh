#!/bin/sh
# The CPU time of a one-shot `trictrac bg hint` against a one-shot gnubg
# hint on the same position and roll (issue 37; docs/PERFORMANCE.md):
#
#   hint_time.sh POSITION_ID D1 D2 [RUNS]
#
# Each command is run RUNS times (default 7) as a fresh process, under
# `perf stat -e task-clock` (the CPU time of the process and its
# children, to the microsecond; /usr/bin/time counts in 10 ms ticks);
# the median, least and most CPU time are printed; ours at 3 plies (the
# default), 4 (`--plies 4`, the hint's deepest) and 0. gnubg is run at
# its default hint (0-ply, "expert") and at 2 plies (`set evaluation
# chequerplay evaluation plies 2`, its "world class"), reading `new
# game`, `set board`, `set turn 1`, `set dice`, `hint` on stdin (`gnubg
# -t -q -r`). Environment: TRICTRAC (default
# target/release/trictrac), GNUBG (default /usr/games/gnubg).
set -e
pos=$1; d1=$2; d2=$3; runs=${4:-7}
trictrac=${TRICTRAC:-target/release/trictrac}
gnubg=${GNUBG:-/usr/games/gnubg}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf 'new game\nset board %s\nset turn 1\nset dice %s %s\nhint\n' "$pos" "$d1" "$d2" >"$dir/g0.txt"
printf 'set evaluation chequerplay evaluation plies 2\nnew game\nset board %s\nset turn 1\nset dice %s %s\nhint\n' "$pos" "$d1" "$d2" >"$dir/g2.txt"
measure() {
  label=$1; shift
  : >"$dir/times"
  i=0
  while [ $i -lt "$runs" ]; do
    i=$((i + 1))
    perf stat -x, -e task-clock -o "$dir/t" "$@" >/dev/null 2>&1
    grep task-clock "$dir/t" | cut -d, -f1 >>"$dir/times"
  done
  python3 - "$label" "$dir/times" <<'PY'
import statistics, sys
label, f = sys.argv[1:]
cpu = sorted(float(l) for l in open(f) if l.strip())
print(f"{label:<44} CPU median {statistics.median(cpu):7.1f} ms (least {cpu[0]:.1f}, most {cpu[-1]:.1f})")
PY
}
measure "trictrac bg hint (3 plies, the default)" "$trictrac" bg hint --position "$pos" --dice "$d1-$d2"
measure "trictrac bg hint --plies 4" "$trictrac" bg hint --position "$pos" --dice "$d1-$d2" --plies 4
measure "trictrac bg hint --plies 0" "$trictrac" bg hint --position "$pos" --dice "$d1-$d2" --plies 0
measure "gnubg hint (0-ply, its default)" sh -c "\"$gnubg\" -t -q -r <\"$dir/g0.txt\""
measure "gnubg hint (2-ply, world class)" sh -c "\"$gnubg\" -t -q -r <\"$dir/g2.txt\""
