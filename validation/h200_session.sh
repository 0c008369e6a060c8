#!/usr/bin/env bash
# One call on the H200 machine: build, measure, profile, pack everything into $OUT/h200.tgz.
#   bash validation/h200_session.sh smoke    # quick check of every stage (~2 min)
#   bash validation/h200_session.sh suites   # ladder + matrix suites, SASS listings
#   bash validation/h200_session.sh passes   # Nsight Compute, compute-sanitizer, microbenchmarks
set -u -o pipefail
MODE=${1:?smoke, suites or passes}
export PYTHONUNBUFFERED=1
OUT=${OUT:-$PWD/out}
R=/tmp/h200
rm -rf "$R" && mkdir -p "$R"
stage() { echo "[$(date +%T)] $*"; }
pack() { tar czf "$OUT/h200.tgz" -C /tmp h200; stage "packed $(du -sh "$OUT/h200.tgz" | cut -f1)"; }
trap pack EXIT

stage "environment"
{ nvidia-smi; nvidia-smi -q -d CLOCK; python3 --version; nvcc --version | tail -2
  python3 -c 'import cupy, numpy; print("cupy", cupy.__version__, "numpy", numpy.__version__)'
  ncu --version | tail -1; compute-sanitizer --version | tail -1; uname -r; } > "$R/environment.txt" 2>&1
stage "build"
python3 -m validation.build --nvidia build > "$R/build.log" 2>&1 || { cat "$R/build.log"; exit 1; }
nvcc -arch=sm_90 -O3 -lineinfo -cubin -Xptxas -v -o build/microbench_sm_90.cubin \
  kernels/microbench/microbench.cu 2> build/microbench_sm_90.ptxas.txt
cp build/*.ptxas.txt "$R/"

run() { local limit=$1; shift; stage "$*"; timeout "$limit" "$@"; stage "exit $?"; }
case "$MODE" in
  smoke)
    run 90 python3 -m validation.run --suite check --out "$R" --mode quick --sass
    run 90 python3 -m validation.run --suite all --out "$R" --mode quick \
      --shapes 512x512x512,597x11008x4096,10240x8192x2048
    run 120 python3 -m validation.run --suite all --out "$R" --passes-only --ncu --sanitize \
      --shapes 127x512x512 --kernels 'gemm_tiled_f32|gemm_tiled_blocked2x2_f64|m64n128k64_swz'
    run 60 python3 -m validation.microbench --out "$R" --quick ;;
  suites)
    run 270 python3 -m validation.run --suite ladder --out "$R"
    run 270 python3 -m validation.run --suite matrix --out "$R" --sass ;;
  passes)
    run 240 python3 -m validation.run --suite all --out "$R" --passes-only --ncu
    run 200 python3 -m validation.run --suite check --out "$R" --passes-only --sanitize
    run 120 python3 -m validation.microbench --out "$R" ;;
  *) echo "unknown mode $MODE"; exit 2 ;;
esac
