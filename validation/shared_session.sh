#!/usr/bin/env bash
# The shared-memory microbenchmarks of issue 12 on the H200, in one call:
#   OUT=DIR bash validation/shared_session.sh [--quick]
# writes DIR/microbench_shared.csv (group mio: when a warp stops issuing shared loads),
# DIR/cross_ncu.csv (group cross under Nsight Compute: shared wavefronts beside global loads),
# their logs, environment_shared.txt and the SASS of both kernels (the loads' order, control bits).
# Results are committed under validation/results/h200/.
set -u -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:?set OUT to the output folder}
QUICK=${1:-}
MB="python3 -m validation.microbench --backend cuda --build-dir build"
ENV="$OUT/environment_shared.txt"
. "$(dirname "$0")/session_environment.sh"
environment_before "$ENV"
rm -f build/microbench_sm_90.cubin   # built fresh from this source
start=$(date +%s)
timeout 240 $MB --only mio --out "$OUT/mio" $QUICK 2>&1 | tee "$OUT/microbench_shared.log"
rc=$?
mv "$OUT/mio/microbench.csv" "$OUT/microbench_shared.csv" 2>/dev/null
METRICS=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,smsp__inst_executed_op_shared_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__inst_executed_op_shared_st.sum,smsp__inst_executed_op_global_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
timeout 240 ncu --clock-control none --kernel-name lds_cross --metrics $METRICS --csv --page raw --print-units base \
  $MB --only cross --out "$OUT/cross" $QUICK > "$OUT/cross_ncu.csv" 2> "$OUT/cross_ncu.log"
rc2=$?
cp "$OUT/cross/microbench.csv" "$OUT/microbench_cross.csv" 2>/dev/null
{ echo "mio exit=$rc cross exit=$rc2 wall_s=$(( $(date +%s) - start ))"; clocks_after
  echo "commands: $MB --only mio ...; ncu --clock-control none --kernel-name lds_cross --metrics $METRICS --csv --page raw --print-units base $MB --only cross ..."
  echo "(cubin built by the backend: nvcc -x cu -arch=sm_90 -O3 -lineinfo -cubin -Ikernels -Xptxas -v kernels/microbench/microbench.hip)"
  date -u; } >> "$ENV" 2>&1
for k in mio_timeline lds_cross; do   # whole listings: the second word of each carries its control bits
  echo "== $k"; cuobjdump -sass -fun "$k" build/microbench_sm_90.cubin
done > "$OUT/microbench_shared_sass.txt" 2>&1
exit $(( rc | rc2 ))
