# Sourced by the one-call device scripts (picksmech.sh, pickstune.sh, splitk.sh): with W (the work
# folder under /tmp), OUT, BUDGET_S and START set, `pack` writes $OUT/<basename W>.tgz and `stage`
# runs one step under the budget. Each stage's log, exit and wall time land in $W, and the tarball is
# re-packed after each, so what ran comes back even when the call is cut short.

pack() {
  local name
  name=$(basename "$W")
  tar czf "$OUT/$name.tgz.part" -C "$(dirname "$W")" "$name" && mv "$OUT/$name.tgz.part" "$OUT/$name.tgz"
}
trap pack EXIT

stage() {  # NAME LIMIT_S COMMAND: run under timeout (cut to the budget left), log, record exit and wall time
  local name=$1 limit=$2 cmd=$3 left t0 code
  left=$(( BUDGET_S - ($(date +%s) - START) - 8 ))
  (( limit > left )) && limit=$left
  if (( limit < 10 )); then echo "$name skipped (budget) at $(( $(date +%s) - START )) s" | tee -a "$W/stages.txt"; return 1; fi
  echo "$name [limit ${limit}s]: $cmd" >> "$W/commands.txt"
  t0=$(date +%s)
  timeout "$limit" bash -c "$cmd" > "$W/$name.log" 2>&1
  code=$?
  echo "$name exit=$code wall_s=$(( $(date +%s) - t0 )) at_s=$(( $(date +%s) - START ))" | tee -a "$W/stages.txt"
  pack
  return $code
}
