#!/usr/bin/env bash
# Where a small GEMM's time goes on the H200 (issue 12: small shapes predicted too fast), one call:
#   OUT=DIR bash validation/small_session.sh
# Nsight Compute with the caches left alone (--cache-control none) on every launch of the runner's
# quick mode (a warm-up, then three timed launches) of both suites at three small shapes, and on the
# empty kernel's launches: GPU duration, SM active cycles (mean and longest SM), instructions and DRAM
# reads per launch, in launch order (DIR/small_ncu.csv, DIR/small_empty_ncu.csv), with
# environment_small.txt. Committed under validation/results/h200/.
set -u -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:?set OUT to the output folder}
SHAPES=128x128x128,512x512x512,127x512x512
METRICS=gpu__time_duration.sum,sm__cycles_active.avg,sm__cycles_active.max,sm__cycles_elapsed.max,smsp__inst_executed.sum,dram__bytes_read.sum
NCU="ncu --clock-control none --cache-control none --metrics $METRICS"
ENV="$OUT/environment_small.txt"
WORK=/tmp/small_work
. "$(dirname "$0")/session_environment.sh"
session_begin "$ENV" "$WORK" build
timeout 330 $NCU --kernel-name 'regex:^(gemm|mma_preshuffle)' -f -o "$WORK/gemms" \
  python3 -m validation.run --worker --suite all --out "$WORK/rows" --backend cuda --build-dir build \
  --mode quick --shapes $SHAPES > "$WORK/gemms.log" 2>&1
rc=$?
timeout 120 $NCU --kernel-name empty_kernel --launch-count 40 -f -o "$WORK/empty" \
  python3 -m validation.microbench --backend cuda --build-dir build --only launch --out "$WORK/mb" > "$WORK/empty.log" 2>&1
echo "gemms exit=$rc empty exit=$?" | tee -a "$ENV"
for r in gemms empty; do
  ncu --import "$WORK/$r.ncu-rep" --csv --page raw --print-units base > "$WORK/$r.csv" 2>&1
done
cp "$WORK/gemms.csv" "$OUT/small_ncu.csv"; cp "$WORK/empty.csv" "$OUT/small_empty_ncu.csv"
tail -n 5 "$WORK/gemms.log" "$WORK/empty.log"
{ echo "wall_s=$(( $(date +%s) - start ))"; clocks_after
  echo "commands: $NCU --kernel-name 'regex:^(gemm|mma_preshuffle)' -o R python3 -m validation.run --worker --suite all --out W --backend cuda --build-dir build --mode quick --shapes $SHAPES"
  echo "  $NCU --kernel-name empty_kernel --launch-count 40 -o R python3 -m validation.microbench --backend cuda --build-dir build --only launch --out W"
  echo "  ncu --import R.ncu-rep --csv --page raw --print-units base"
  date -u; } >> "$ENV" 2>&1
exit $rc
