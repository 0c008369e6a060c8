#!/usr/bin/env bash
# Where the swizzled 32x256x64 matrix-core kernel waits (issue 12, build item 6), in one H200 call:
#   OUT=DIR bash validation/source_session.sh
# times mma_preshuffle_m32n256k64_swz0 and _swz1 at 4096^3 (DIR/source_timing.csv), then profiles
# one launch of each under Nsight Compute with the source counters (warp-stall samples per SASS
# instruction) and writes DIR/source_swz0.csv, DIR/source_swz1.csv (ncu --page source, SASS) and
# DIR/details_swz0.csv, DIR/details_swz1.csv (every section's figures), with environment_source.txt.
# Results are committed under validation/results/h200/.
set -u -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:?set OUT to the output folder}
SHAPE=4096x4096x4096
ENV="$OUT/environment_source.txt"
WORK=/tmp/source_work
. "$(dirname "$0")/session_environment.sh"
session_begin "$ENV" "$WORK"
timeout 200 python3 -m validation.run --suite matrix --out "$WORK/time" --kernels '^mma_preshuffle_m32n256k64_swz[01]$' \
  --shapes $SHAPE 2>&1 | tee "$WORK/time.log"
rc=$?
cp "$WORK/time/matrix.csv" "$OUT/source_timing.csv"
SECTIONS="--section SourceCounters --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis --section LaunchStats --section Occupancy"
for swz in swz0 swz1; do
  kernel=mma_preshuffle_m32n256k64_$swz
  timeout 200 ncu --clock-control none --kernel-name $kernel --launch-count 1 $SECTIONS -f -o "$WORK/$swz" \
    python3 -m validation.run --worker --suite matrix --out "$WORK/rows_$swz" --backend cuda --build-dir build \
    --mode check --shapes $SHAPE --kernels "^$kernel\$" > "$WORK/ncu_$swz.log" 2>&1
  echo "ncu $swz exit=$?" | tee -a "$ENV"
  ncu --import "$WORK/$swz.ncu-rep" --page source --csv --print-source sass > "$OUT/source_$swz.csv" 2>&1
  ncu --import "$WORK/$swz.ncu-rep" --page details --csv > "$OUT/details_$swz.csv" 2>&1
done
{ echo "timing exit=$rc wall_s=$(( $(date +%s) - start ))"; clocks_after
  echo "commands: python3 -m validation.run --suite matrix --out T --kernels '^mma_preshuffle_m32n256k64_swz[01]\$' --shapes $SHAPE;"
  echo "  ncu --clock-control none --kernel-name K --launch-count 1 $SECTIONS -o R python3 -m validation.run --worker --suite matrix --backend cuda --build-dir build --mode check --shapes $SHAPE --kernels '^K\$'"
  echo "  ncu --import R --page source --csv --print-source sass; ncu --import R --page details --csv"
  date -u; } >> "$ENV" 2>&1
cat "$WORK"/ncu_*.log | tail -20
exit $rc
