#!/usr/bin/env bash
# picksmech (issue 34, parts 1 and 2): one H200 call, everything packed into $OUT/picksmech.tgz.
#   1. the conditions (GPU, driver, clocks, nvcc, ncu), then a fresh sm_90 build of the GEMM kernels and
#      the microbenchmarks into a folder of its own (never a build/ left by another branch);
#   2. the DFMA and IMAD pipes (validation/microbench.py --only valu,madd: FFMA, DFMA, IMAD latency and
#      rate) and the SASS of their kernels (cuobjdump -sass), so the tarball shows what ran;
#   3. the large suite (validation/suites.py LARGE_SHAPES: every matrix-core config at five shapes of
#      69-344 GFLOP) with the runner's full method;
#   4. Nsight Compute (--clock-control none, --cache-control none, as the sharing plan) on the large-tile
#      swizzled kernels and their unswizzled twins at two of those shapes, one launch each (--mode check);
#   5. Nsight Compute on the DFMA/IMAD rate kernels (which pipe executed them).
# Each stage runs under `timeout`, cut to what is left of BUDGET_S; the tarball is re-packed after each.
# Dry run on any machine: BACKEND=emulated SHAPES=... NCU_SHAPES=... with stand-ins on PATH.
set -u

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT" || exit 1
OUT=${OUT:-out}
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd)
W=/tmp/picksmech
BUILD=${BUILD:-/tmp/picksmech_build}
BUDGET_S=${BUDGET_S:-235}
BACKEND=${BACKEND:-cuda}
SHAPES=${SHAPES:-}   # empty: every shape of the large suite (validation/suites.py LARGE_SHAPES)
NCU_SHAPES=${NCU_SHAPES:-4096x4096x8192 2048x8192x10240}
NCU_KERNELS='^mma_preshuffle_(m64n256k64|m32n256k64|m64n128k64|m64n128k128)_swz[01]$'
NCU_METRICS=gpu__time_duration.sum,sm__cycles_active.avg,sm__cycles_active.max,sm__cycles_elapsed.max,smsp__cycles_active.avg,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sector_op_read_hit_rate.pct,lts__t_sector_hit_rate.pct,lts__t_sectors_srcunit_tex_op_read.sum,l1tex__t_sector_hit_rate.pct,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__warps_active.avg.per_cycle_active,smsp__inst_executed.sum,smsp__inst_issued.sum,smsp__average_warp_latency_per_inst_issued.ratio,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,lts__t_sectors.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed_op_global_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,launch__registers_per_thread,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem
MADD_METRICS=gpu__time_duration.sum,sm__cycles_active.avg,smsp__inst_executed.sum,sm__inst_executed_pipe_fp64.sum,sm__pipe_fp64_cycles_active.avg,sm__inst_executed_pipe_fmaheavy.sum,sm__pipe_fmaheavy_cycles_active.avg,sm__inst_executed_pipe_fma.sum,sm__pipe_fma_cycles_active.avg,sm__inst_executed_pipe_alu.sum
START=$(date +%s)

rm -rf "$W" "$BUILD" && mkdir -p "$W" "$BUILD"
source "$ROOT/validation/device/stages.sh"   # pack, stage

{ echo "script: validation/device/picksmech.sh"; date -u; echo "kernel: $(uname -r)"
  git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo "no git metadata in this copy"
  nvidia-smi --query-gpu=name,driver_version,pci.bus_id,clocks.current.sm,clocks.current.memory,clocks.max.sm,clocks.max.memory,clocks.applications.graphics,power.limit,temperature.gpu,persistence_mode --format=csv
  nvidia-smi -q -d CLOCK
  nvcc --version | tail -2; ncu --version | tail -1
  python3 -c 'import sys, cupy, numpy; print("python", sys.version.split()[0], "cupy", cupy.__version__, "numpy", numpy.__version__)'
  echo "BUDGET_S=$BUDGET_S BACKEND=$BACKEND SHAPES=$SHAPES NCU_SHAPES=$NCU_SHAPES BUILD=$BUILD"
} > "$W/environment.txt" 2>&1
pack

# 1. the three sources at once (ladder and mma_preshuffle: the runner loads both; microbench)
stage build 150 "python3 - '$BUILD' <<'PY'
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from validation import build
out = Path(sys.argv[1])
sources = [*build.SOURCES.values(), build.MICROBENCH_DIR / 'microbench.hip']
with ThreadPoolExecutor(3) as pool:
    for cubin in pool.map(lambda s: build.build_nvidia_source(s, out), sources):
        print(cubin)
PY
code=\$?; cp '$BUILD'/*.ptxas.txt '$W/' 2>/dev/null; exit \$code"

# 2. the pipes of the fp64 and int32 ladders, and the compiled code that ran
stage madd 60 "python3 -m validation.microbench --backend $BACKEND --build-dir '$BUILD' --only valu,madd --out '$W/microbench'"
stage madd_sass 20 "for k in ffma_latency ffma_throughput dfma_latency dfma_throughput imad_latency imad_throughput; do
  cuobjdump -sass -fun \$k '$BUILD/microbench_sm_90.cubin' > '$W/sass_'\$k'.txt'
  echo \"== \$k: opcodes of the listing, counted\"
  grep -E '^ +/\*[0-9a-f]{4}\*/' '$W/sass_'\$k'.txt' | sed -E 's#^ +/\*[0-9a-f]+\*/ +(@!?U?P[0-9T]+ +)?([A-Z0-9_.]+).*#\2#' | sort | uniq -c
done > '$W/madd_sass_counts.txt' 2>&1; cat '$W/madd_sass_counts.txt'"

# 3. every matrix-core config at the large shapes, the runner's full method
stage large 110 "python3 -m validation.run --suite large --out '$W/large' --backend $BACKEND --build-dir '$BUILD' ${SHAPES:+--shapes $SHAPES}"

# 4. Nsight Compute on the large tiles, swizzled and not, one launch each
i=0
for shape in $NCU_SHAPES; do
  i=$((i + 1))
  stage "ncu_$i" 60 "ncu --clock-control none --cache-control none --kernel-name 'regex:^mma_preshuffle' --section WarpStateStats --metrics $NCU_METRICS -f -o '$W/ncu_$shape' python3 -m validation.run --worker --suite large --out '$W/ncu_rows_$shape' --backend $BACKEND --build-dir '$BUILD' --mode check --shapes $shape --kernels '$NCU_KERNELS' --launch-log '$W/ncu_launches_$shape.jsonl'
ncu --import '$W/ncu_$shape.ncu-rep' --csv --page raw --print-units base > '$W/large_ncu_$shape.csv'; rm -f '$W/ncu_$shape.ncu-rep'"
done

# 5. which pipe ran DFMA and IMAD
stage madd_ncu 40 "ncu --clock-control none --kernel-name 'regex:^(dfma|imad)_throughput' --metrics $MADD_METRICS -f -o '$W/madd' python3 -m validation.microbench --backend $BACKEND --build-dir '$BUILD' --only madd --quick --out '$W/microbench_ncu'
ncu --import '$W/madd.ncu-rep' --csv --page raw --print-units base > '$W/madd_ncu.csv'; rm -f '$W/madd.ncu-rep'"

{ echo "after the run:"; nvidia-smi --query-gpu=clocks.current.sm,clocks.current.memory,temperature.gpu --format=csv
  date -u; echo "wall_s=$(( $(date +%s) - START ))"; } >> "$W/environment.txt" 2>&1
rm -f "$W"/*.ncu-rep.tmp 2>/dev/null
pack
echo "picksmech: done in $(( $(date +%s) - START )) s; $(du -h "$OUT/picksmech.tgz" | cut -f1)"
