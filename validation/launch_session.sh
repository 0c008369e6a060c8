#!/usr/bin/env bash
# The launch overhead as the runner times it (issue 12, build item 4), in one H200 call:
#   OUT=DIR bash validation/launch_session.sh
# The empty kernel timed as the runner times a GEMM, with C poisons of 4 KiB .. 256 MiB
# (microbench group `launch`), before and after the small shapes of both suites are timed again in
# the same session: DIR/microbench_launch.csv, microbench_launch_after.csv, microbench_launch.log,
# small_ladder.csv, small_matrix.csv, environment_launch.txt. Committed under validation/results/h200/.
set -u -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:?set OUT to the output folder}
SHAPES=128x128x128,256x256x256,512x512x512,127x512x512,512x64x512
ENV="$OUT/environment_launch.txt"
WORK=/tmp/launch_work
. "$(dirname "$0")/session_environment.sh"
session_begin "$ENV" "$WORK" build
MB="python3 -m validation.microbench --backend cuda --build-dir build --only launch"
{ timeout 150 $MB --out "$WORK/before"
  timeout 200 python3 -m validation.run --suite ladder --out "$WORK/runs" --shapes $SHAPES
  timeout 200 python3 -m validation.run --suite matrix --out "$WORK/runs" --shapes $SHAPES
  timeout 150 $MB --out "$WORK/after"; } 2>&1 | tee "$OUT/microbench_launch.log"
rc=$?
cp "$WORK/before/microbench.csv" "$OUT/microbench_launch.csv"
cp "$WORK/after/microbench.csv" "$OUT/microbench_launch_after.csv"
cp "$WORK/runs/ladder.csv" "$OUT/small_ladder.csv"
cp "$WORK/runs/matrix.csv" "$OUT/small_matrix.csv"
{ echo "exit=$rc wall_s=$(( $(date +%s) - start ))"; clocks_after
  echo "commands: $MB --out D (before and after); python3 -m validation.run --suite ladder|matrix --out R --shapes $SHAPES"
  date -u; } >> "$ENV" 2>&1
exit $rc
