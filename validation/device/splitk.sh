#!/usr/bin/env bash
# splitk (issue 38, the H200 must-show): one H200 call, everything packed into $OUT/splitk.tgz.
#   1. the conditions (GPU, driver, clocks, nvcc, ncu), then a fresh sm_90 build of the GEMM kernels
#      into a folder of its own (never a build/ left by another branch), ptxas's report kept;
#   2. the correctness pass of the split-K kernels at the odd check shapes (validation/suites.py
#      CHECK_SHAPES: every split but the first has no K tile there and must write zeros);
#   3. the splitk suite (validation/suites.py SPLITK_SHAPES: 3 skinny shapes x 3 tiles x split 1, 2,
#      4, 8) with the runner's full method: both launches of a split-K point (the partial tiles and
#      the reduction pass) between the same two events; then the SASS listings of every kernel;
#   4. Nsight Compute (--clock-control none, one launch each, --mode check) on the points of two of
#      the shapes: the duration of the split kernel and of the reduction pass apart.
# Each stage runs under `timeout`, cut to what is left of BUDGET_S; the tarball is re-packed after each.
# Dry run on any machine: BACKEND=emulated SHAPES=64x2048x8192 MODE=quick with stand-ins for nvidia-smi, ncu and
# cuobjdump on PATH.
set -u

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT" || exit 1
OUT=${OUT:-out}
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd)
W=/tmp/splitk
BUILD=${BUILD:-/tmp/splitk_build}
BUDGET_S=${BUDGET_S:-280}
BACKEND=${BACKEND:-cuda}
SHAPES=${SHAPES:-}   # empty: every shape of the splitk suite
MODE=${MODE:-}       # empty: the runner's full method (quick: the dry run's shortened one)
NCU_SHAPES=${NCU_SHAPES:-32x4096x16384,64x2048x8192}   # the two whose inputs are quickest to make
NCU_METRICS=gpu__time_duration.sum,sm__cycles_active.avg,sm__cycles_elapsed.max,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,launch__grid_size,launch__registers_per_thread
START=$(date +%s)

rm -rf "$W" "$BUILD" && mkdir -p "$W" "$BUILD"
source "$ROOT/validation/device/stages.sh"   # pack, stage

{ echo "script: validation/device/splitk.sh"; date -u; echo "kernel: $(uname -r)"
  git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo "no git metadata in this copy"
  nvidia-smi --query-gpu=name,driver_version,pci.bus_id,clocks.current.sm,clocks.current.memory,clocks.max.sm,clocks.max.memory,clocks.applications.graphics,power.limit,temperature.gpu,persistence_mode --format=csv
  nvidia-smi -q -d CLOCK
  nvcc --version | tail -2; ncu --version | tail -1
  python3 -c 'import sys, numpy; print("python", sys.version.split()[0], "numpy", numpy.__version__)'
  echo "BUDGET_S=$BUDGET_S BACKEND=$BACKEND SHAPES=$SHAPES MODE=$MODE NCU_SHAPES=$NCU_SHAPES BUILD=$BUILD"
} > "$W/environment.txt" 2>&1
pack

# 1. the two GEMM sources at once (the runner loads both modules)
stage build 120 "python3 - '$BUILD' <<'PY'
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from validation import build
out = Path(sys.argv[1])
with ThreadPoolExecutor(2) as pool:
    for cubin in pool.map(lambda s: build.build_nvidia_source(s, out), build.SOURCES.values()):
        print(cubin)
PY
code=\$?; cp '$BUILD'/*.ptxas.txt '$W/' 2>/dev/null; exit \$code"

# 2. correctness of the split-K kernels where most splits have no K tile
stage check 40 "python3 -m validation.run --suite check --kernels splitk --out '$W/check' --backend $BACKEND --build-dir '$BUILD' --mode quick"

# 3. the splitk suite, the runner's full method, and the listings of what ran
stage splitk 150 "python3 -m validation.run --suite splitk --out '$W/splitk' --backend $BACKEND --build-dir '$BUILD' ${SHAPES:+--shapes $SHAPES} ${MODE:+--mode $MODE} --sass"

# 4. Nsight Compute: the split kernel and the reduction pass, one launch each
stage ncu 100 "ncu --clock-control none --kernel-name 'regex:^(mma_preshuffle|splitk_reduce)' --metrics $NCU_METRICS -f -o '$W/splitk_ncu' python3 -m validation.run --worker --suite splitk --out '$W/ncu_rows' --backend $BACKEND --build-dir '$BUILD' --mode check --shapes ${SHAPES:-$NCU_SHAPES} --launch-log '$W/ncu_launches.jsonl'
ncu --import '$W/splitk_ncu.ncu-rep' --csv --page raw --print-units base > '$W/splitk_ncu.csv'; rm -f '$W/splitk_ncu.ncu-rep'"

{ echo "after the run:"; nvidia-smi --query-gpu=clocks.current.sm,clocks.current.memory,temperature.gpu --format=csv
  date -u; echo "wall_s=$(( $(date +%s) - START ))"; } >> "$W/environment.txt" 2>&1
pack
echo "splitk: done in $(( $(date +%s) - START )) s; $(du -h "$OUT/splitk.tgz" | cut -f1)"
cat "$W/stages.txt"; tail -40 "$W/splitk.log"
