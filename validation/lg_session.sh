#!/usr/bin/env bash
# The queue in front of the L1 for global loads (issue 12: gemm_f32 waits on a full one, Nsight's
# lg_throttle), one H200 call:
#   OUT=DIR bash validation/lg_session.sh
# microbenchmark groups `lg` and `mio` (DIR/microbench_lg.csv: global- and shared-load issue timelines,
# measured in one run), the SASS of the microbenchmarks (DIR/microbench_lg_sass.txt),
# environment_lg.txt; committed under validation/results/h200/.
set -u -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:?set OUT to the output folder}
ENV="$OUT/environment_lg.txt"
WORK=/tmp/lg_work
. "$(dirname "$0")/session_environment.sh"
session_begin "$ENV" "$WORK" build
timeout 300 python3 -m validation.microbench --backend cuda --build-dir build --only lg,mio --out "$WORK/mb" \
  > "$WORK/mb.log" 2>&1
rc=$?
cp "$WORK/mb/microbench.csv" "$OUT/microbench_lg.csv"
cuobjdump -sass -fun lg_timeline build/microbench_sm_90.cubin > "$OUT/microbench_lg_sass.txt" 2>&1
{ echo "exit=$rc wall_s=$(( $(date +%s) - start ))"; clocks_after
  echo "command: python3 -m validation.microbench --backend cuda --build-dir build --only lg,mio --out D"
  date -u; echo "--- log tail"; tail -n 20 "$WORK/mb.log"; } >> "$ENV" 2>&1
exit $rc
