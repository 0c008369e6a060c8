#!/usr/bin/env bash
# Where and when each block of the ladder GEMMs ran on the H200 (issue 12: the ladder kernels at
# 512x512 predicted 13-16 % too fast while Nsight Compute's achieved occupancy is 71-89 % with every
# block resident from the start), one call:
#   OUT=DIR bash validation/blocktrace_session.sh
# validation.blocktrace (DIR/blocktrace.csv.gz, DIR/blocktrace_timing.csv), the SASS of the traced
# kernels (DIR/blocktrace_sass.txt), environment_blocktrace.txt; committed under validation/results/h200/.
set -u -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:?set OUT to the output folder}
ENV="$OUT/environment_blocktrace.txt"
WORK=/tmp/blocktrace_work
. "$(dirname "$0")/session_environment.sh"
session_begin "$ENV" "$WORK" build
timeout 400 python3 -m validation.blocktrace --build-dir build --out "$WORK/bt" > "$WORK/bt.log" 2>&1
rc=$?
gzip -9 -c "$WORK/bt/blocktrace.csv" > "$OUT/blocktrace.csv.gz"
cp "$WORK/bt/blocktrace_timing.csv" "$OUT/blocktrace_timing.csv"
cuobjdump -sass build/blocktrace_sm_90.cubin > "$OUT/blocktrace_sass.txt" 2>&1
{ echo "exit=$rc wall_s=$(( $(date +%s) - start ))"; clocks_after
  echo "command: python3 -m validation.blocktrace --build-dir build --out D"
  date -u; echo "--- log tail"; tail -n 40 "$WORK/bt.log"; } >> "$ENV" 2>&1
exit $rc
