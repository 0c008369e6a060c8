# Sourced by the H200 session scripts (memory_session.sh, shared_session.sh, ...): the conditions a
# session's results are committed with.
SMI=name,driver_version,pci.bus_id,clocks.current.sm,clocks.current.memory,clocks.max.sm,clocks.max.memory,clocks.applications.graphics,power.limit,temperature.gpu,persistence_mode

# environment_before FILE: date, kernel, GPU and clocks, nvcc, python packages and ncu, before the runs
environment_before() {
  { date -u; echo "kernel: $(uname -r)"; nvidia-smi --query-gpu=$SMI --format=csv; nvcc --version | tail -2
    python3 -c 'import sys, cupy, numpy; print("python", sys.version.split()[0], "cupy", cupy.__version__, "numpy", numpy.__version__)'
    ncu --version | tail -1
  } > "$1" 2>&1
}

# clocks_after: the clocks and temperature right after the runs
clocks_after() {
  echo "after the run:"; nvidia-smi --query-gpu=clocks.current.sm,clocks.current.memory,temperature.gpu --format=csv
}

# session_begin ENVFILE WORKDIR [build]: the conditions before the runs, a fresh work folder, the
# start time in $start, and (with `build`) the kernels built into build/ (log in WORKDIR)
session_begin() {
  environment_before "$1"
  mkdir -p "$2"
  start=$(date +%s)
  if [ "${3:-}" = build ]; then
    python3 -m validation.build --nvidia build > "$2/build.log" 2>&1 || { tail -20 "$2/build.log"; exit 1; }
  fi
}
