#!/usr/bin/env bash
# Instruction fetch on the H200 (issue 12: the cold code of small kernels), in one call:
#   OUT=DIR bash validation/fetch_session.sh
# The microbench group `fetch` (straight-line code of 4 .. 66 KiB, first and second pass, one SM and
# all SMs): DIR/microbench_fetch.csv, microbench_fetch.log, environment_fetch.txt, and
# microbench_fetch_sass.txt (each kernel's SASS instruction and FFMA counts, to check the code is
# straight). Committed under validation/results/h200/.
set -u -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:?set OUT to the output folder}
CMD="python3 -m validation.microbench --backend cuda --build-dir build --only fetch --out $OUT"
ENV="$OUT/environment_fetch.txt"
. "$(dirname "$0")/session_environment.sh"
session_begin "$ENV" /tmp/fetch_work
rm -f build/microbench_sm_90.cubin   # built fresh from this source
timeout 300 $CMD 2>&1 | tee "$OUT/microbench_fetch.log"
rc=$?
[ -f "$OUT/microbench.csv" ] && mv "$OUT/microbench.csv" "$OUT/microbench_fetch.csv"
for n in 256 1024 4096; do
  echo "fetch_straight$n: $(cuobjdump -sass -fun fetch_straight$n build/microbench_sm_90.cubin | grep -cE '^ +/\*[0-9a-f]{4,}\*/') instructions," \
       "$(cuobjdump -sass -fun fetch_straight$n build/microbench_sm_90.cubin | grep -c FFMA) FFMA"
done > "$OUT/microbench_fetch_sass.txt" 2>&1
{ echo "exit=$rc wall_s=$(( $(date +%s) - start ))"; clocks_after
  echo "command: $CMD  (cubin built by the backend: nvcc -x cu -arch=sm_90 -O3 -lineinfo -cubin -Ikernels -Xptxas -v kernels/microbench/microbench.hip)"
  date -u; } >> "$ENV" 2>&1
exit $rc
