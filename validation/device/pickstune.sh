#!/usr/bin/env bash
# pickstune (issue 34, part 4): one H200 call; everything packed into $OUT/pickstune.tgz.
#   1. the conditions (GPU, driver, clocks, nvcc, python packages), then a fresh sm_90 build of the GEMM
#      kernels into build/ (where the runner looks), beside the tuner's predictions at every shape, all
#      at once (gemmsim tune --top 3: the tuning cache, $GEMMSIM_CACHE_DIR, then answers the measuring calls);
#   2. per shape: gemmsim tune --measure-top 3 (the runner, validation/run.py --suite shapes, times the
#      three finalists with its full method; one CSV for all shapes, measure/shapes.csv, and its log);
#   3. per shape: gemmsim tune --json without --measure-top: the cache's answer, the measured pick in it;
#   4. the clocks after.
# Each stage runs under `timeout`, cut to what is left of BUDGET_S; the tarball is re-packed after each.
# Dry run on any machine: RUNNER='{python} -m validation.run --suite shapes --backend emulated --mode quick
# --shapes {shape} --kernels {kernels} --out {out}' SHAPES='64x64x64' SKIP_BUILD=1.
set -u

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT" || exit 1
OUT=${OUT:-out}
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd)
W=/tmp/pickstune
BUDGET_S=${BUDGET_S:-270}
SHAPES=${SHAPES:-2048x2048x10240 4096x4096x4096 64x14336x4096 4096x14336x4096}
RUNNER=${RUNNER:-}
PY=${PY:-python3}
export GEMMSIM_CACHE_DIR=$W/cache
START=$(date +%s)

rm -rf "$W" build && mkdir -p "$W/measure"
source "$ROOT/validation/device/stages.sh"   # pack, stage

clocks() { command -v nvidia-smi > /dev/null && nvidia-smi --query-gpu=name,driver_version,clocks.current.sm,clocks.current.memory,clocks.max.sm,clocks.applications.graphics,power.limit,temperature.gpu --format=csv; }

{ echo "script: validation/device/pickstune.sh"; date -u; echo "kernel: $(uname -r)"
  echo "command: OUT=$OUT BUDGET_S=$BUDGET_S SHAPES='$SHAPES' bash validation/device/pickstune.sh"
  clocks
  command -v nvidia-smi > /dev/null && nvidia-smi -q -d CLOCK | sed -n '1,40p'
  command -v nvcc > /dev/null && nvcc --version | tail -2
  $PY -c 'import sys, numpy; print("python", sys.version.split()[0], "numpy", numpy.__version__)'
  $PY -c 'import cupy; print("cupy", cupy.__version__)' 2>&1 | tail -1
  $PY -c 'import gemmsim, os; print("gemmsim", gemmsim.__version__, "cores", os.cpu_count())'
  echo "SHAPES=$SHAPES RUNNER=${RUNNER:-default} GEMMSIM_CACHE_DIR=$GEMMSIM_CACHE_DIR"
} > "$W/environment.txt" 2>&1
pack

runner_flag=""
[ -n "$RUNNER" ] && runner_flag="--runner '$RUNNER'"

# 1. the build (the runner's two GEMM sources, at once) beside the predictions
if [ -z "${SKIP_BUILD:-}" ]; then
  $PY - <<'PY' > "$W/build.log" 2>&1 &
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from validation import build
with ThreadPoolExecutor(2) as pool:
    for cubin in pool.map(lambda s: build.build_nvidia_source(s, Path("build")), build.SOURCES.values()):
        print(cubin)
PY
  BUILD_PID=$!
fi
stage predict 120 "for s in $SHAPES; do $PY -m gemmsim tune --shape \$s --dtype bf16 --gpu h200 --top 3 > $W/predict_\$s.log 2>&1 & done; wait"
if [ -n "${BUILD_PID:-}" ]; then wait "$BUILD_PID"; echo "build exit=$? at_s=$(( $(date +%s) - START ))" | tee -a "$W/stages.txt"; cp build/*.ptxas.txt "$W/" 2>/dev/null; fi

# 2. the finalists measured
for s in $SHAPES; do
  stage "tune_measure_$s" 90 "$PY -m gemmsim tune --shape $s --dtype bf16 --gpu h200 --top 3 --measure-top 3 --measure-dir $W/measure $runner_flag"
done

# 3. the cache's answers, as JSON
for s in $SHAPES; do
  stage "tune_json_$s" 30 "$PY -m gemmsim tune --shape $s --dtype bf16 --gpu h200 --top 3 --json"
done
{ echo "after:"; date -u; clocks; } >> "$W/environment.txt" 2>&1
