#!/usr/bin/env bash
# Global loads one warp keeps in flight (issue 12: the H200's vmcnt_max stood in for a ceiling no
# one had measured), one H200 call:
#   OUT=DIR bash validation/inflight_session.sh
# microbenchmark group `inflight` (DIR/microbench_inflight.csv: the issue cycle of every 4th or 8th of 128 loads
# and the cycle all are in, from HBM and from the L2, 1 and 4 warps per SM), the SASS of its kernel
# (DIR/microbench_inflight_sass.txt; inflight_n<N>: N loads with no counter read among them;
# inflight_at<K>: 128 loads, the counter read once after load K), its stall reasons under ncu (DIR/microbench_inflight_ncu.csv),
# environment_inflight.txt; committed under validation/results/h200/.
set -u -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:?set OUT to the output folder}
ENV="$OUT/environment_inflight.txt"
WORK=/tmp/inflight_work
. "$(dirname "$0")/session_environment.sh"
session_begin "$ENV" "$WORK" build
timeout 300 python3 -m validation.microbench --backend cuda --build-dir build --only inflight --out "$WORK/mb" \
  > "$WORK/mb.log" 2>&1
rc=$?
cp "$WORK/mb/microbench.csv" "$OUT/microbench_inflight.csv"
for f in inflight_m4 inflight_m8 inflight_n32 inflight_n48 inflight_n56 inflight_n60 inflight_n62 inflight_n64 \
         inflight_n66 inflight_n68 inflight_n72 inflight_n80 inflight_n96 inflight_n128 \
         inflight_at48 inflight_at56 inflight_at64 inflight_at72; do
  cuobjdump -sass -fun $f build/microbench_sm_90.cubin
done > "$OUT/microbench_inflight_sass.txt" 2>&1
# which stall reasons the waits show as: every launch of a --quick run (ncu flushes the caches before
# each pass, so every load goes to HBM), in the driver's order (inflight_m4, _m8, then inflight_n<N>; 1 then 4 warps; hbm, l2)
timeout 300 ncu --clock-control none --kernel-name regex:inflight_ --section WarpStateStats \
  -f -o "$WORK/inflight" python3 -m validation.microbench --backend cuda --build-dir build --only inflight --quick \
  --out "$WORK/mb_ncu" > "$WORK/ncu.log" 2>&1
ncu --import "$WORK/inflight.ncu-rep" --csv --page raw --print-units base > "$OUT/microbench_inflight_ncu.csv"
echo "ncu: ncu --clock-control none --kernel-name regex:inflight_ --section WarpStateStats -f -o R python3 -m validation.microbench --backend cuda --build-dir build --only inflight --quick --out D; ncu --import R.ncu-rep --csv --page raw --print-units base" >> "$ENV"
{ echo "exit=$rc wall_s=$(( $(date +%s) - start ))"; clocks_after
  echo "command: python3 -m validation.microbench --backend cuda --build-dir build --only inflight --out D"
  date -u; echo "--- log tail"; tail -n 20 "$WORK/mb.log"; } >> "$ENV" 2>&1
exit $rc
