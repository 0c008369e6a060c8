#!/usr/bin/env bash
# What the L2 keeps between launches, for work-groups that share B tiles and for those that do not
# (issue 12), in one H200 call:
#   OUT=DIR bash validation/residency_session.sh
# validation.residency's interleaved warm and cold rounds (DIR/residency.csv; DIR/residency_large.csv:
# the matrix suite's large shapes, whose rounds reuse A tiles) and one quick round of
# them under Nsight Compute with the clocks and caches left alone (DIR/residency_ncu.csv: duration,
# DRAM bytes, L2 hit rate, long-scoreboard stalls); the microbenchmark group `slices` (what the L2
# keeps of slices that 1..8 SMs read, and where a GEMM grid's blocks land: DIR/microbench_slices.csv);
# environment_residency.txt. Committed under validation/results/h200/.
set -u -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:?set OUT to the output folder}
ENV="$OUT/environment_residency.txt"
WORK=/tmp/residency_work
. "$(dirname "$0")/session_environment.sh"
session_begin "$ENV" "$WORK" build
METRICS=gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sectors_op_read.sum,lts__t_sector_op_read_hit_rate.pct,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,sm__cycles_active.max
LARGE_KERNELS=mma_preshuffle_m64n256k64_swz1,mma_preshuffle_m64n128k64_swz1,mma_preshuffle_m32n64k64_swz1,mma_preshuffle_m64n64k64_swz1,mma_preshuffle_m128n128k32_swz1
LARGE_SHAPES=4096x4096x4096,597x11008x4096,10240x8192x2048
{ timeout 240 python3 -m validation.residency --out "$WORK/timed"
  timeout 240 python3 -m validation.residency --out "$WORK/large" --rounds 5 --kernels $LARGE_KERNELS --shapes $LARGE_SHAPES
  timeout 240 ncu --clock-control none --cache-control none --kernel-name 'regex:^mma_preshuffle' \
    --metrics $METRICS -f -o "$WORK/ncu" python3 -m validation.residency --out "$WORK/profiled" --rounds 1 --quick \
    > "$WORK/ncu.log" 2>&1
  ncu --import "$WORK/ncu.ncu-rep" --csv --page raw --print-units base > "$OUT/residency_ncu.csv"
  timeout 240 python3 -m validation.microbench --backend cuda --build-dir build --only slices --out "$WORK/mb"; } > "$WORK/session.log" 2>&1
rc=$?
cp "$WORK/timed/residency.csv" "$OUT/residency.csv"
cp "$WORK/large/residency.csv" "$OUT/residency_large.csv"
cp "$WORK/mb/microbench.csv" "$OUT/microbench_slices.csv"
{ echo "exit=$rc wall_s=$(( $(date +%s) - start ))"; clocks_after
  echo "commands: python3 -m validation.residency --out D"
  echo "  python3 -m validation.residency --out D --rounds 5 --kernels $LARGE_KERNELS --shapes $LARGE_SHAPES"
  echo "  ncu --clock-control none --cache-control none --kernel-name 'regex:^mma_preshuffle' --metrics $METRICS -o R python3 -m validation.residency --out D --rounds 1 --quick"
  echo "  ncu --import R.ncu-rep --csv --page raw --print-units base"
  echo "  python3 -m validation.microbench --backend cuda --build-dir build --only slices --out D"
  date -u; echo "--- log tail"; tail -n 20 "$WORK/session.log"; tail -n 3 "$WORK/ncu.log"; } >> "$ENV" 2>&1
exit $rc
