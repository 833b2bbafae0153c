#!/bin/sh
# The strength of each checkpoint of a training run against a reference
# model: `model_match` at 0 ply, duplicate dice, cube off.
#   curve.sh MODEL_MATCH REFERENCE.bin GAMES SEED CHECKPOINT.bin... > curve.txt
# One line per checkpoint: GAMES PPG LOW HIGH (GAMES read from the name OUT.N.bin).
mm=$1; ref=$2; games=$3; seed=$4; shift 4
echo "# checkpoints against $ref: $games games at 0 ply, seed $seed"
for f in "$@"; do
  n=$(echo "$f" | sed 's/.*\.\([0-9]*\)\.bin$/\1/')
  $mm "$f" "$ref" "$games" "$seed" 0 | sed 's/.*per game \([-+0-9.]*\) (\([-+0-9.]*\) to \([-+0-9.]*\)).*/'"$n"' \1 \2 \3/'
done
