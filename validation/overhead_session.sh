#!/usr/bin/env bash
# The launch as the runner times it, and every suite timed again with the host's launch call hidden
# (issue 12), in one H200 call:
#   OUT=DIR bash validation/overhead_session.sh
# validation.overhead's interleaved rounds (DIR/overhead.csv) and one quick round of them under
# Nsight Compute with the clocks and caches left alone, for each launch's GPU duration and the
# busiest SM's active cycles (DIR/overhead_ncu.csv); the microbenchmark group `launch`
# (DIR/microbench_launch.csv); the four suites (DIR/ladder.csv, matrix.csv, check.csv, fresh.csv),
# as h200_session.sh runs them; environment_overhead.txt with the logs' tails. Committed under
# validation/results/h200/.
set -u -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:?set OUT to the output folder}
ENV="$OUT/environment_overhead.txt"
WORK=/tmp/overhead_work
. "$(dirname "$0")/session_environment.sh"
session_begin "$ENV" "$WORK" build
METRICS=gpu__time_duration.sum,sm__cycles_active.max,sm__cycles_elapsed.max
R="$WORK/runs"
{ timeout 200 python3 -m validation.overhead --out "$WORK/timed"
  timeout 200 ncu --clock-control none --cache-control none --metrics $METRICS -f -o "$WORK/ncu" \
    python3 -m validation.overhead --out "$WORK/profiled" --rounds 1 --quick > "$WORK/ncu.log" 2>&1
  ncu --import "$WORK/ncu.ncu-rep" --csv --page raw --print-units base > "$OUT/overhead_ncu.csv"
  timeout 150 python3 -m validation.microbench --backend cuda --build-dir build --only launch --out "$WORK/mb"
  timeout 240 python3 -m validation.run --suite ladder --out "$R"
  timeout 240 python3 -m validation.run --suite matrix --out "$R"
  timeout 60 python3 -m validation.run --suite check --out "$R" --mode quick
  timeout 120 python3 -m validation.run --suite fresh --out "$R"; } > "$WORK/session.log" 2>&1
rc=$?
cp "$WORK/timed/overhead.csv" "$OUT/overhead.csv"
cp "$WORK/mb/microbench.csv" "$OUT/microbench_launch.csv"
for s in ladder matrix check fresh; do cp "$R/$s.csv" "$OUT/$s.csv"; done
{ echo "exit=$rc wall_s=$(( $(date +%s) - start ))"; clocks_after
  echo "commands: python3 -m validation.overhead --out D"
  echo "  ncu --clock-control none --cache-control none --metrics $METRICS -o R python3 -m validation.overhead --out D --rounds 1 --quick"
  echo "  ncu --import R.ncu-rep --csv --page raw --print-units base"
  echo "  python3 -m validation.microbench --backend cuda --build-dir build --only launch --out D"
  echo "  python3 -m validation.run --suite ladder|matrix|fresh --out R; --suite check --mode quick"
  date -u; echo "--- log tail"; tail -n 40 "$WORK/session.log"; tail -n 3 "$WORK/ncu.log"; } >> "$ENV" 2>&1
exit $rc
