#!/usr/bin/env bash
# One call on the H200 machine: build, measure, profile, pack everything into $OUT/h200.tgz.
#   bash validation/h200_session.sh smoke    # quick check of every stage (~2 min)
#   bash validation/h200_session.sh suites   # ladder + matrix suites, SASS listings
#   bash validation/h200_session.sh passes   # Nsight Compute, compute-sanitizer, microbenchmarks
#   bash validation/h200_session.sh full     # suites then passes, in priority order
# Every stage runs under a timeout cut to the session deadline (DEADLINE_S, default 560 s from
# the start), and the results are re-packed after each stage, so a cut call keeps what it did.
set -u -o pipefail
MODE=${1:?smoke, suites or passes}
export PYTHONUNBUFFERED=1
OUT=${OUT:-$PWD/out}
R=/tmp/h200
rm -rf "$R" && mkdir -p "$R"
stage() { echo "[$(date +%T)] $*"; }
START=$(date +%s)
DEADLINE_S=${DEADLINE_S:-560}
pack() { tar czf "$OUT/h200.tgz.part" -C /tmp h200 && mv "$OUT/h200.tgz.part" "$OUT/h200.tgz"
         stage "packed $(du -sh "$OUT/h200.tgz" | cut -f1)"; }
trap pack EXIT

stage "environment"
{ nvidia-smi; nvidia-smi -q -d CLOCK; python3 --version; nvcc --version | tail -2
  python3 -c 'import cupy, numpy; print("cupy", cupy.__version__, "numpy", numpy.__version__)'
  ncu --version | tail -1; compute-sanitizer --version | tail -1; uname -r; } > "$R/environment.txt" 2>&1
stage "build"
# the GEMM sources and kernels/microbench/microbench.hip (the portable microbenchmarks), ptxas -v beside each
python3 -m validation.build --nvidia build > "$R/build.log" 2>&1 || { cat "$R/build.log"; exit 1; }
cp build/*.ptxas.txt "$R/"

run() {  # run LIMIT_S CMD...: at most LIMIT_S, and never past the deadline
  local left=$(( DEADLINE_S - ($(date +%s) - START) - 15 ))
  local limit=$(( $1 < left ? $1 : left )); shift
  if (( limit < 20 )); then stage "SKIPPED (deadline): $*"; return; fi
  stage "[limit ${limit}s] $*"; timeout "$limit" "$@"; stage "exit $?"; pack
}
suites() {
  run 240 python3 -m validation.run --suite ladder --out "$R"
  run 240 python3 -m validation.run --suite matrix --out "$R" --sass
}
passes() {
  run 60 python3 -m validation.run --suite check --out "$R" --mode quick
  run 150 python3 -m validation.run --suite check --out "$R" --passes-only --sanitize
  run 240 python3 -m validation.run --suite all --out "$R" --passes-only --ncu
  run 120 python3 -m validation.microbench --backend cuda --build-dir build --out "$R"
}
case "$MODE" in
  smoke)
    run 90 python3 -m validation.run --suite check --out "$R" --mode quick --sass
    run 90 python3 -m validation.run --suite all --out "$R" --mode quick \
      --shapes 512x512x512,597x11008x4096,10240x8192x2048
    run 120 python3 -m validation.run --suite all --out "$R" --passes-only --ncu --sanitize \
      --shapes 127x512x512 --kernels 'gemm_tiled_f32|gemm_tiled_blocked2x2_f64|m64n128k64_swz'
    run 60 python3 -m validation.microbench --backend cuda --build-dir build --out "$R" --quick ;;
  suites) suites ;;
  passes) passes ;;
  full) suites; passes ;;
  *) echo "unknown mode $MODE"; exit 2 ;;
esac
