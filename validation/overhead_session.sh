#!/usr/bin/env bash
# What a GEMM's launch costs beside the empty kernel's (issue 12), in one H200 call:
#   OUT=DIR bash validation/overhead_session.sh
# validation.overhead's interleaved rounds (DIR/overhead.csv), then one quick round under Nsight
# Compute with the clocks and caches left alone, for each launch's GPU duration and the busiest SM's
# active cycles (DIR/overhead_ncu.csv), with environment_overhead.txt. Committed under
# validation/results/h200/.
set -u -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:?set OUT to the output folder}
ENV="$OUT/environment_overhead.txt"
WORK=/tmp/overhead_work
. "$(dirname "$0")/session_environment.sh"
session_begin "$ENV" "$WORK" build
timeout 400 python3 -m validation.overhead --out "$WORK/timed" > "$OUT/overhead.log" 2>&1
rc=$?
METRICS=gpu__time_duration.sum,sm__cycles_active.max,sm__cycles_elapsed.max
timeout 200 ncu --clock-control none --cache-control none --metrics $METRICS -f -o "$WORK/ncu" \
  python3 -m validation.overhead --out "$WORK/profiled" --rounds 1 --quick > "$WORK/ncu.log" 2>&1
echo "overhead exit=$rc ncu exit=$?" | tee -a "$ENV"
ncu --import "$WORK/ncu.ncu-rep" --csv --page raw --print-units base > "$OUT/overhead_ncu.csv" 2>&1
cp "$WORK/timed/overhead.csv" "$OUT/overhead.csv"
tail -n 3 "$OUT/overhead.log" "$WORK/ncu.log"
{ echo "wall_s=$(( $(date +%s) - start ))"; clocks_after
  echo "commands: python3 -m validation.overhead --out D"
  echo "  ncu --clock-control none --cache-control none --metrics $METRICS -o R python3 -m validation.overhead --out D --rounds 1 --quick"
  echo "  ncu --import R.ncu-rep --csv --page raw --print-units base"
  date -u; } >> "$ENV" 2>&1
exit $rc
