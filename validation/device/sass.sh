#!/usr/bin/env bash
# Issue 36, part 2: the project's Triton GEMM (kernels/triton/matmul.py) on the H200 over a grid of
# meta-parameters (validation/triton_grid.py: 18 configurations x 2 compiler variants, wgmma and
# mma.sync, x 4 shapes), each configuration's SASS and resource usage, Nsight Compute on a few points.
#   OUT=DIR bash validation/device/sass.sh        (run from the repository root; about 120 s)
# Everything lands in /tmp/sass_work, packed into $OUT/sass.tgz after every stage (a cut run keeps
# what it did); conditions.txt holds the GPU, driver, clocks, versions, each stage's command, exit
# and wall time.
set -u -o pipefail

OUT=${OUT:-./out}
WORK=/tmp/sass_work
DEADLINE_S=${DEADLINE_S:-190}
START=$(date +%s)
mkdir -p "$OUT" "$WORK/sass"
COND="$WORK/conditions.txt"
NCU_METRICS=gpu__time_duration.sum,sm__cycles_active.max,dram__bytes_read.sum,smsp__inst_executed.sum
NCU_POINTS=wgmma_m128n256k64w8s3@4096x4096x4096,wgmma_m128n128k64w4s4@4096x4096x4096,wgmma_m64n64k64w4s5@4096x4096x4096,mma_m128n256k64w8s3@4096x4096x4096,mma_m128n128k64w4s4@4096x4096x4096,mma_m64n64k64w4s5@4096x4096x4096,mma_m128n128k64w4s4@512x4096x14336,wgmma_m128n128k64w4s4@512x4096x14336

pack() { tar czf "$OUT/sass.tgz.tmp" -C /tmp sass_work && mv "$OUT/sass.tgz.tmp" "$OUT/sass.tgz"; }

stage() {  # NAME LIMIT_S COMMAND...: run under timeout (cut to the deadline), log, record, pack
    local name=$1 limit=$2; shift 2
    local left=$(( DEADLINE_S - ($(date +%s) - START) ))
    (( limit > left )) && limit=$left
    if (( limit < 5 )); then echo "stage $name: skipped (deadline)" | tee -a "$COND"; return; fi
    local t0=$(date +%s%N)
    echo "stage $name: $*" >> "$COND"
    timeout "$limit" bash -c "$*" > "$WORK/$name.log" 2>&1
    local rc=$?
    printf 'stage %s: exit %d, %d ms (limit %d s)\n' "$name" "$rc" "$(( ($(date +%s%N) - t0) / 1000000 ))" \
        "$limit" | tee -a "$COND"
    tail -5 "$WORK/$name.log"
    pack
}

{
    echo "command: OUT=$OUT bash validation/device/sass.sh"
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "commit: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
    uname -a
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem,power.draw,temperature.gpu --format=csv
    nvcc --version | tail -2
    ncu --version | tail -1
    python3 -c 'import triton, torch, cupy; print("triton", triton.__version__, "torch", torch.__version__, "cuda", torch.version.cuda, "cupy", cupy.__version__)'
    cuobjdump --version | tail -1
} > "$COND" 2>&1
nvidia-smi -q > "$WORK/nvidia_smi_q.txt" 2>&1
pack

stage compile 60 "python3 -m validation.triton_grid compile --out $WORK --jobs 12"
stage sass 25 "for f in $WORK/cubin/*.cubin; do n=\$(basename \$f .cubin); cuobjdump -sass \$f > $WORK/sass/\$n.sass; echo \"== \$n\"; cuobjdump -res-usage \$f | grep -i 'REG\|SHARED'; done > $WORK/res_usage.txt; ls $WORK/sass | wc -l"
stage time 80 "python3 -m validation.triton_grid time --out $WORK --build-dir build"
stage ncu 50 "ncu --clock-control none --kernel-name matmul_kernel --section WarpStateStats --metrics $NCU_METRICS -f -o $WORK/grid python3 -m validation.triton_grid profile --out $WORK --points $NCU_POINTS"
stage ncu_export 10 "ncu --import $WORK/grid.ncu-rep --csv --page raw --print-units base > $WORK/ncu_raw.csv"
{
    echo "after: $(nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv,noheader)"
    echo "total: $(( $(date +%s) - START )) s"
} >> "$COND"
pack
