#!/usr/bin/env bash
# One command on an MI300X / MI325X / MI350X / MI355X machine: build, measure, profile, calibrate,
# compare, and pack everything into one archive to send back.
#   bash validation/amd_session.sh smoke   # every stage, shortened (a few minutes)
#   bash validation/amd_session.sh full    # the ladder, matrix and check suites in full, all counters
# Results accumulate in $RESULTS (default ./amd_results/MODE). A stage that finished is listed in
# $RESULTS/stages.done and skipped when the command is run again (a cut or failed run resumes; the
# runner itself also skips points already measured); delete a line there to redo that stage.
# Every stage runs under a timeout cut to the session deadline (DEADLINE_S seconds from the start:
# default 1800 for smoke, 21600 for full), and $OUT/amd_MODE.tgz is re-packed after each stage.
# Needs ROCm (hip-python: pip install hip-python matching the ROCm version; amd-smi or rocm-smi;
# rocprofv3 for the counters) and clang-22 or hipcc. GEMMSIM_HIP_STANDIN=1 runs it on any machine
# against tests/hip_standin (a fake hip-python, amd-smi and rocprofv3: nothing is measured).
set -u -o pipefail
MODE=${1:?usage: bash validation/amd_session.sh smoke|full}
case "$MODE" in smoke) default_deadline=1800 ;; full) default_deadline=21600 ;;
  *) echo "error: unknown mode $MODE (smoke or full)" >&2; exit 2 ;; esac
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
export PYTHONUNBUFFERED=1
OUT=${OUT:-$ROOT/out}
RESULTS=${RESULTS:-$ROOT/amd_results/$MODE}
BUILD=${BUILD:-$ROOT/build/amd}
DEADLINE_S=${DEADLINE_S:-$default_deadline}
SMOKE_SHAPES=${SMOKE_SHAPES:-512x512x512,127x512x512,597x11008x4096}
# SMOKE_KERNELS: a regular expression over kernel symbols that narrows every smoke stage (default: all)
PROFILE_SHAPES_SMOKE=${PROFILE_SHAPES_SMOKE:-127x512x512}
mkdir -p "$OUT" "$RESULTS"
DONE="$RESULTS/stages.done"
touch "$DONE"
START=$(date +%s)
log() { echo "[$(date +%T)] $*" | tee -a "$RESULTS/session.log"; }
pack() { local name="amd_$MODE.tgz"
         tar czf "$OUT/$name.part" -C "$(dirname "$RESULTS")" --transform "s,^$(basename "$RESULTS"),amd_$MODE," \
           "$(basename "$RESULTS")" \
           && mv "$OUT/$name.part" "$OUT/$name" && log "packed $OUT/$name ($(du -h "$OUT/$name" | cut -f1))"; }
trap pack EXIT

if [ "${GEMMSIM_HIP_STANDIN:-0}" = 1 ]; then
  export PYTHONPATH="$ROOT/tests/hip_standin${PYTHONPATH:+:$PYTHONPATH}"
  export PATH="$ROOT/tests/hip_standin/bin:$PATH"
  log "STAND-IN: hip-python, amd-smi and rocprofv3 are tests/hip_standin's fakes; no GPU measured anything"
fi

# stage NAME LIMIT_S CMD...: run CMD unless NAME is done; at most LIMIT_S, never past the deadline.
stage() {
  local name=$1 limit=$2; shift 2
  if grep -qx "$name" "$DONE"; then log "$name: done before, skipped"; return 0; fi
  local left=$(( DEADLINE_S - ($(date +%s) - START) - 15 ))
  (( limit > left )) && limit=$left
  if (( limit < 20 )); then log "$name: SKIPPED (deadline)"; FAILED+=("$name"); return 1; fi
  log "$name: [limit ${limit}s] $*"
  timeout "$limit" "$@" >> "$RESULTS/$name.log" 2>&1
  local code=$?
  if (( code == 0 )); then echo "$name" >> "$DONE"; log "$name: ok"
  else log "$name: exit $code (see $name.log)"; FAILED+=("$name"); fi
  pack
  return $code
}

environment() {
  { date -u; git -C "$ROOT" rev-parse HEAD; uname -a; python3 --version
    python3 -c 'import numpy; print("numpy", numpy.__version__)'
    python3 -c 'import hip, importlib.metadata as m
try: print("hip-python", m.version("hip-python"), hip.__file__)
except m.PackageNotFoundError: print("hip-python: no package metadata (the stand-in?)", hip.__file__)'
    amd-smi version; amd-smi static -g 0; amd-smi metric -g 0 --clock --json
    rocm-smi --showproductname --showclocks --showdriverversion
    rocminfo | grep -E -m4 'Marketing Name|Name: *gfx|Compute Unit'
    rocprofv3 --version; clang-22 --version | head -1; hipcc --version | head -2
    cat "${ROCM_PATH:-/opt/rocm}/.info/version"; } 2>&1
}

detect_gpu() {  # ARCH (gfx942|gfx950) and the device name from hip-python; GPU (the gemmsim description) from both
  local found name
  found=$(python3 -m validation.backends.hip 2>>"$RESULTS/session.log") \
    || { log "error: hip-python found no AMD GPU (see session.log)"; exit 2; }
  read -r arch name <<< "$found"
  ARCH=${ARCH:-$arch}
  case "$ARCH" in gfx942|gfx950) ;; *) log "error: device arch '$ARCH' is not gfx942 or gfx950"; exit 2 ;; esac
  if [ -z "${GPU:-}" ]; then
    case "${name,,}" in *mi325*) GPU=mi325x ;; *mi350*) GPU=mi350x ;; *mi355*) GPU=mi355x ;;
      *) GPU=$([ "$ARCH" = gfx950 ] && echo mi355x || echo mi300x) ;; esac
  fi
  log "device: $ARCH, described by gemmsim/hw/$GPU.toml"
  export ARCH GPU
}

RUN=(python3 -m validation.run --backend hip --build-dir "$BUILD" --out "$RESULTS")
KERNEL_ARGS=()
if [ "$MODE" = smoke ]; then
  [ -n "${SMOKE_KERNELS:-}" ] && KERNEL_ARGS=(--kernels "$SMOKE_KERNELS")
  SUITE_ARGS=(--mode quick --shapes "$SMOKE_SHAPES" "${KERNEL_ARGS[@]}")
  PROFILE_ARGS=(--shapes "$PROFILE_SHAPES_SMOKE" "${KERNEL_ARGS[@]}")
else
  SUITE_ARGS=(); PROFILE_ARGS=()
fi
export MODE RESULTS BUILD MICROBENCH_ONLY=${MICROBENCH_ONLY:-}

# The stages below that are shell functions run as `bash -c NAME` (timeout runs programs only).
microbench() {  # the portable microbenchmarks (validation/microbench.py) on this GPU; MICROBENCH_ONLY=GROUP,...
  python3 -m validation.microbench --backend hip --build-dir "$BUILD" --out "$RESULTS" \
    $([ "$MODE" = smoke ] && echo --quick) ${MICROBENCH_ONLY:+--only "$MICROBENCH_ONLY"}
}

calibrate() {  # a copy of the GPU description, calibrated from this GPU's microbenchmarks
  local work="$RESULTS/calibrated/.work"
  rm -rf "$work" && mkdir -p "$work" && cp "gemmsim/hw/$GPU.toml" "$work/$GPU.toml"
  python3 -m gemmsim calibrate --gpu "$work/$GPU.toml" --microbench "$RESULTS/microbench.csv" --write \
    && mv "$work/$GPU.toml" "$RESULTS/calibrated/$GPU.toml"
  local code=$?
  rm -rf "$work"
  return $code
}

compare() {  # the simulator against every measured point, on the repo's description and the calibrated copy
  local csvs=() c
  for c in ladder matrix check; do [ -s "$RESULTS/$c.csv" ] && csvs+=("$RESULTS/$c.csv"); done
  python3 -m gemmsim compare "${csvs[@]}" --gpu "$GPU" --save "$RESULTS/compare_$GPU.csv" > "$RESULTS/compare_$GPU.txt" || return
  if [ -f "$RESULTS/calibrated/$GPU.toml" ]; then
    python3 -m gemmsim compare "${csvs[@]}" --gpu "$RESULTS/calibrated/$GPU.toml" \
      --save "$RESULTS/compare_calibrated.csv" > "$RESULTS/compare_calibrated.txt"
  fi
}

export -f microbench calibrate compare
FAILED=()
log "amd_session $MODE: results in $RESULTS, deadline ${DEADLINE_S}s"
environment > "$RESULTS/environment.txt"
detect_gpu
stage build 600 python3 -m validation.build --amd "$BUILD" "$ARCH" \
  && mkdir -p "$RESULTS/code_objects" && cp "$BUILD"/*_"$ARCH".hsaco "$RESULTS/code_objects/"
stage check 600 "${RUN[@]}" --suite check --mode quick "${KERNEL_ARGS[@]}"
stage ladder 7200 "${RUN[@]}" --suite ladder "${SUITE_ARGS[@]}"
stage matrix 7200 "${RUN[@]}" --suite matrix "${SUITE_ARGS[@]}"
stage microbench 1800 bash -c microbench
if command -v rocprofv3 > /dev/null; then
  stage rocprof 3600 "${RUN[@]}" --suite all --passes-only --rocprof "${PROFILE_ARGS[@]}"
else
  log "rocprof: SKIPPED: rocprofv3 is not installed (ROCm's rocprofiler-sdk): no LDS bank-conflict counts"
fi
if [ -s "$RESULTS/microbench.csv" ]; then
  if ! stage calibrate 600 bash -c calibrate && [ "$MODE" = smoke ]; then
    FAILED=("${FAILED[@]/calibrate}")  # expected: the --quick microbenchmarks lack rows some fits need
    log "calibrate: not possible from smoke's --quick microbenchmarks (calibrate.log says which rows); full mode calibrates"
  fi
else
  log "calibrate: SKIPPED: no microbench.csv (the microbench stage did not finish)"
fi
stage compare 1800 bash -c compare
FAILED=(${FAILED[@]})  # drop emptied entries
if (( ${#FAILED[@]} )); then
  log "session $MODE finished; not done: ${FAILED[*]} (run the same command again to retry them). Send $OUT/amd_$MODE.tgz"
  exit 1
fi
log "session $MODE finished: send $OUT/amd_$MODE.tgz"
