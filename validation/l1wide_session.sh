#!/usr/bin/env bash
# How the L1 serves 32- and 64-bit loads at lane strides of 4-128 bytes (issue 12: the fp64 ladder
# kernels), in one H200 call:
#   OUT=DIR bash validation/l1wide_session.sh
# The microbenchmark group `l1wide` (DIR/microbench_l1wide.csv) and environment_l1wide.txt.
# Committed under validation/results/h200/.
set -u -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:?set OUT to the output folder}
ENV="$OUT/environment_l1wide.txt"
WORK=/tmp/l1wide_work
. "$(dirname "$0")/session_environment.sh"
session_begin "$ENV" "$WORK" build
timeout 300 python3 -m validation.microbench --backend cuda --build-dir build --only l1wide --out "$WORK/mb" \
  > "$WORK/session.log" 2>&1
rc=$?
cp "$WORK/mb/microbench.csv" "$OUT/microbench_l1wide.csv"
cp "$WORK/mb/microbench.log" "$OUT/microbench_l1wide.log" 2>/dev/null
{ echo "exit=$rc wall_s=$(( $(date +%s) - start ))"; clocks_after
  echo "command: python3 -m validation.microbench --backend cuda --build-dir build --only l1wide --out D"
  date -u; echo "--- log tail"; tail -n 30 "$WORK/session.log"; } >> "$ENV" 2>&1
exit $rc
