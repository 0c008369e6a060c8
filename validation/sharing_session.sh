#!/usr/bin/env bash
# Work-groups that share a B tile (issue 12, the fresh 64x4096x4096 lead), in one H200 call:
#   OUT=DIR bash validation/sharing_session.sh
# Nsight Compute (clocks and caches left alone, warp-state statistics, DRAM and L2 counters) on the
# runner's quick mode (a warm-up, then three timed launches) of every matrix-core configuration at
# 64x4096x4096: DIR/sharing_ncu.csv, with environment_sharing.txt. Committed under
# validation/results/h200/.
set -u -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:?set OUT to the output folder}
ENV="$OUT/environment_sharing.txt"
WORK=/tmp/sharing_work
. "$(dirname "$0")/session_environment.sh"
session_begin "$ENV" "$WORK" build
METRICS=gpu__time_duration.sum,sm__cycles_active.max,dram__bytes_read.sum,lts__t_sectors_op_read.sum,lts__t_sector_op_read_hit_rate.pct,l1tex__t_sector_hit_rate.pct,smsp__inst_executed.sum
timeout 400 ncu --clock-control none --cache-control none --kernel-name 'regex:^mma_preshuffle' \
  --section WarpStateStats --metrics $METRICS -f -o "$WORK/sharing" \
  python3 -m validation.run --worker --suite fresh --out "$WORK/rows" --backend cuda --build-dir build \
  --mode quick --shapes 64x4096x4096 --kernels mma > "$WORK/ncu.log" 2>&1
rc=$?
ncu --import "$WORK/sharing.ncu-rep" --csv --page raw --print-units base > "$OUT/sharing_ncu.csv" 2>&1
{ echo "exit=$rc wall_s=$(( $(date +%s) - start ))"; clocks_after
  echo "commands: ncu --clock-control none --cache-control none --kernel-name 'regex:^mma_preshuffle' --section WarpStateStats --metrics $METRICS -o R python3 -m validation.run --worker --suite fresh --out W --backend cuda --build-dir build --mode quick --shapes 64x4096x4096 --kernels mma"
  echo "  ncu --import R.ncu-rep --csv --page raw --print-units base"
  date -u; echo "--- log tail"; tail -n 30 "$WORK/ncu.log"; } >> "$ENV" 2>&1
exit $rc
