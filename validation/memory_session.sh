#!/usr/bin/env bash
# The memory-system microbenchmarks of issue 12 on the H200, in one call:
#   OUT=DIR bash validation/memory_session.sh [--quick]
# writes DIR/microbench_memory.csv, microbench_memory.log, environment_microbench_memory.txt,
# microbench_sm_90.ptxas.txt and the SASS of the two kernels (to check that the loads are
# issued together). Results are committed under validation/results/h200/.
set -u -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:?set OUT to the output folder}
QUICK=${1:-}
CMD="python3 -m validation.microbench --backend cuda --build-dir build --only loaded,mlp --out $OUT $QUICK"
ENV="$OUT/environment_microbench_memory.txt"
. "$(dirname "$0")/session_environment.sh"
environment_before "$ENV"
rm -f build/microbench_sm_90.cubin   # built fresh from this source
start=$(date +%s)
timeout 420 $CMD 2>&1 | tee "$OUT/microbench_memory.log"
rc=$?
{ echo "exit=$rc wall_s=$(( $(date +%s) - start ))"; clocks_after
  echo "command: $CMD  (cubin built by the backend: nvcc -x cu -arch=sm_90 -O3 -lineinfo -cubin -Ikernels -Xptxas -v kernels/microbench/microbench.hip)"
  date -u; } >> "$ENV" 2>&1
[ -f "$OUT/microbench.csv" ] && mv "$OUT/microbench.csv" "$OUT/microbench_memory.csv"
cp build/microbench_sm_90.ptxas.txt "$OUT/" 2>/dev/null
for k in loaded_chase mlp_loads8; do
  echo "== $k"; cuobjdump -sass -fun "$k" build/microbench_sm_90.cubin | grep -E "LDG|BAR|BRA|CS2R|MEMBAR"
done > "$OUT/microbench_memory_sass.txt" 2>&1
exit $rc
