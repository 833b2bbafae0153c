#!/bin/sh
# GNU Backgammon world class (2-ply) against `trictrac bg external`
# (gnubg's external-player interface; docs/PLAYING.md):
#
#   external_vs_gnubg.sh MODE N SEED [DIR]
#
# MODE: `cubeless` (N money games, cube off), `cube` (N money games with
# the cube, Jacoby off) or `match7` (N 7-point matches). gnubg plays
# player 0 at 2 plies (chequer and cube, pruned: its "world class"
# setting; GNUBG_PLIES to change), `trictrac bg external` player 1 at
# LEVEL (default 3, the default bot). gnubg's dice come from `set seed
# SEED`. Reports our points per game with a 95 % interval (matches: the
# matches won), the lines our side refused (must be 0: every reply is
# one of the engine's legal plays, so 0 refused means 0 illegal replies)
# and gnubg's complaints about the replies, then gnubg's `analyse match`
# statistics (ANALYSE=0 to skip; at ANALYSE_PLIES, default 2).
#
# Environment: TRICTRAC (default target/release/trictrac), GNUBG (default
# gnubg on the PATH or /usr/games/gnubg), PORT (default 31500 + SEED %
# 400), LEVEL, GNUBG_PLIES, ANALYSE, ANALYSE_PLIES, EXT_ARGS (more `bg
# external` arguments, e.g. "--model FILE"). DIR (default
# /tmp/external_vs_gnubg) keeps the gnubg script, its output, our log
# and the saved match.
set -e
mode=$1; n=$2; seed=$3; dir=${4:-/tmp/external_vs_gnubg}
case $mode in cubeless|cube|match7) ;; *) echo "usage: $0 cubeless|cube|match7 N SEED [DIR]" >&2; exit 2 ;; esac
[ -n "$n" ] && [ -n "$seed" ] || { echo "usage: $0 cubeless|cube|match7 N SEED [DIR]" >&2; exit 2; }
trictrac=${TRICTRAC:-target/release/trictrac}
gnubg=${GNUBG:-$(command -v gnubg || echo /usr/games/gnubg)}
port=${PORT:-$((31500 + seed % 400))}
level=${LEVEL:-3}
plies=${GNUBG_PLIES:-2}
mkdir -p "$dir"
tag=$mode-$n-$seed
ext_out=$dir/ext-$tag.out
ext_log=$dir/ext-$tag.log

"$trictrac" bg external --port "$port" --level "$level" --verbose $EXT_ARGS >"$ext_out" 2>"$ext_log" &
ext_pid=$!
trap 'kill $ext_pid 2>/dev/null || true' EXIT
i=0
until grep -q listening "$ext_out" 2>/dev/null; do
  i=$((i + 1)); [ $i -lt 100 ] || { echo "trictrac bg external did not start:" >&2; cat "$ext_log" >&2; exit 1; }
  sleep 0.1
done

script=$dir/gnubg-$tag.txt
{
  echo "set player 0 name gnubg"; echo "set player 0 gnubg"
  echo "set player 0 chequerplay evaluation plies $plies"
  echo "set player 0 chequerplay evaluation prune on"
  echo "set player 0 cubedecision evaluation plies $plies"
  echo "set player 1 name trictrac"; echo "set player 1 external localhost:$port"
  # No beavers: the standard preset has none (BG-7.5), and gnubg's external
  # player interface cannot go on after a beaver is taken (the game is left
  # unfinished and the next `new game` drops it: two games lost so).
  echo "set jacoby off"; echo "set beavers 0"; echo "set automatic game off"; echo "set display off"
  echo "set seed $seed"
  case $mode in
    cubeless) echo "set cube use off" ;;
    *) echo "set cube use on" ;;
  esac
  if [ "$mode" = match7 ]; then
    k=0
    while [ $k -lt "$n" ]; do
      k=$((k + 1))
      echo "new match 7"
      g=0; while [ $g -lt 13 ]; do g=$((g + 1)); echo "new game"; done
      echo "save match \"$dir/match-$tag-$k.sgf\""
      if [ "${ANALYSE:-1}" != 0 ]; then
        echo "set analysis chequerplay evaluation plies ${ANALYSE_PLIES:-2}"
        echo "set analysis cubedecision evaluation plies ${ANALYSE_PLIES:-2}"
        echo "analyse match"; echo "show statistics match"
      fi
    done
  else
    echo "set matchlength 0"; echo "new session"
    g=1; while [ $g -lt "$n" ]; do g=$((g + 1)); echo "new game"; done
    echo "save match \"$dir/session-$tag.sgf\""
    if [ "${ANALYSE:-1}" != 0 ]; then
      echo "set analysis chequerplay evaluation plies ${ANALYSE_PLIES:-2}"
      echo "set analysis cubedecision evaluation plies ${ANALYSE_PLIES:-2}"
      echo "analyse match"; echo "show statistics match"
    fi
  fi
} >"$script"

out=$dir/gnubg-$tag.out
start=$(date +%s)
"$gnubg" -t -q -r <"$script" >"$out" 2>&1
end=$(date +%s)
kill $ext_pid 2>/dev/null || true
wait $ext_pid 2>/dev/null || true

# The games' results and their interval are read as pool_sessions.py
# reads them (one reader for a run and for several).
PYTHONPATH="$(dirname "$0")" python3 - "$mode" "$out" "$ext_log" "$((end - start))" "$dir" "$tag" <<'PY'
import glob, math, re, sys
from pool_sessions import line, results
mode, out, ext_log, secs, dir_, tag = sys.argv[1:]
txt = open(out, errors='replace').read()
log = open(ext_log, errors='replace').read()
# gnubg is player 0 (`gnubg`); the other name is ours (gnubg may keep the
# login name for player 1 whatever `set player 1 name` says).
pts = results(out)
refused = len(re.findall(r'^external: error:', log, re.M))
# An illegal reply is scored by gnubg as no play: compare the empty plays
# gnubg recorded for us (player 1, Black in its .sgf) with the empty
# answers we sent to a roll.
empty_sent = 0
for m in re.finditer(r'^external: (board:\S*) -> `(.*)`$', log, re.M):
    f = m.group(1).split(':')
    if len(f) == 53 and f[33] != '0' and f[34] != '0' and m.group(2) == '':
        empty_sent += 1
empty_recorded = 0
for sgf in glob.glob(f"{dir_}/*-{tag}*.sgf"):
    empty_recorded += len(re.findall(r';B\[\d\d\]', open(sgf, errors='replace').read()))
print(f"empty plays: sent {empty_sent}, recorded by gnubg {empty_recorded} "
      f"(illegal replies scored as no play: {empty_recorded - empty_sent})")
complaints = len(re.findall(r'(?i)illegal|badly formed|cannot move|is not a legal', txt))
print(f"mode {mode}: {len(pts)} games in {secs} s")
if pts:
    line("trictrac (external) against gnubg", pts)
if mode == 'match7':
    won = re.findall(r'(\w+) has won the match', txt)
    ours = sum(1 for w in won if w != 'gnubg')
    if won:
        p = ours / len(won)
        h = 1.96 * math.sqrt(p * (1 - p) / len(won)) if len(won) > 1 else float('nan')
        print(f"matches: trictrac won {ours} of {len(won)} ({100*p:.1f} %, 95 % CI ±{100*h:.1f})")
print(f"lines refused by trictrac (illegal or unreadable): {refused}; gnubg's complaints: {complaints}")
# gnubg's statistics: each `show statistics match`, by section.
section = None
for line in txt.splitlines():
    if line.endswith('statistics') and line.split()[0] in ('Chequerplay', 'Cube', 'Overall'):
        section = line.split()[0]
    elif section and (line.startswith('Error rate mEMG') or line.startswith('Error total EMG')
                      or line.startswith('Overall rating') or line.startswith('Unforced moves')
                      or line.startswith('Total cube decisions') or line.startswith('Close or actual cube decisions')):
        print(f"gnubg analysis, {section:<11} {line.rstrip()}")
    elif line.startswith('Luck adjusted result') or line.startswith('Advantage (luck adjusted)'):
        print(f"gnubg analysis, {'Luck':<11} {line.rstrip()}")
print("(columns of gnubg's statistics: gnubg, then trictrac)")
PY
