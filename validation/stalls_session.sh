#!/usr/bin/env bash
# One call on the H200 machine: build, then the Nsight Compute stalls pass (warp-state statistics)
# over every kernel at the shapes of validation/profile.py STALLS_GROUPS; packs $OUT/stalls.tgz.
#   bash validation/stalls_session.sh [DEADLINE_S]      (default 420 s for the whole call)
set -u -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:-$PWD/out}
DEADLINE_S=${1:-420}
R=/tmp/stalls
rm -rf "$R" && mkdir -p "$R"
START=$(date +%s)
stage() { echo "[$(date +%T)] $*"; }
pack() { tar czf "$OUT/stalls.tgz.part" -C /tmp stalls && mv "$OUT/stalls.tgz.part" "$OUT/stalls.tgz"
         stage "packed $(du -sh "$OUT/stalls.tgz" | cut -f1)"; }
trap pack EXIT
stage "environment"
{ echo "command: bash validation/stalls_session.sh $DEADLINE_S"
  echo "date_utc: $(date -u +%FT%TZ)"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv
  nvidia-smi; nvidia-smi -q -d CLOCK; python3 --version; nvcc --version | tail -2
  ncu --version | tail -1; uname -r; } > "$R/environment.txt" 2>&1
stage "build"
python3 -m validation.build --nvidia build > "$R/build.log" 2>&1 || { cat "$R/build.log"; exit 1; }
left=$(( DEADLINE_S - ($(date +%s) - START) - 30 ))
stage "stalls pass, ${left} s left"
PASS_S=$(( left - 10 )) python3 - "$R" <<'PY' 2>&1 | tee "$R/stalls.log"
import argparse, os, sys
from pathlib import Path
from validation import profile
out = Path(sys.argv[1])
args = argparse.Namespace(out=out, backend="cuda", build_dir=Path("build"), kernels=None, shapes=None)
cmd = "python -m validation.run --suite all --passes-only --stalls --out " + str(out)
sys.exit(profile.run_stalls(args, cmd, deadline_s=int(os.environ["PASS_S"])))
PY
stage "stalls exit $?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv >> "$R/environment.txt" 2>&1
