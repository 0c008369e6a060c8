#!/usr/bin/env bash
# The matrix-core GEMM's fixed cost on the H200 (issue 12: small shapes predicted too fast), one call:
#   OUT=DIR bash validation/epilogue_session.sh
# - the SM clock sampled every 20 ms by nvidia-smi through the whole call (DIR/clock_trace.csv), to read
#   each timed row against the clock it ran at;
# - microbenchmark group `epilogue` (DIR/microbench_epilogue.csv): the GEMM's C stores alone, and the
#   SASS of its kernels (DIR/microbench_epilogue_sass.txt);
# - the runner's depth suite (DIR/depth.csv): every matrix-core config at 512x512xK and 128x128xK;
# - Nsight Compute's store counters on the store_shape launches of the quick epilogue group
#   (DIR/store_ncu.csv): requests, sectors, data-pipe wavefronts, what the L1 sends the L2.
# With environment_epilogue.txt; committed under validation/results/h200/.
set -u -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:?set OUT to the output folder}
ENV="$OUT/environment_epilogue.txt"
WORK=/tmp/epilogue_work
. "$(dirname "$0")/session_environment.sh"
session_begin "$ENV" "$WORK" build
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv,nounits -lms 20 \
  > "$OUT/clock_trace.csv" 2>/dev/null &
sampler=$!
timeout 200 python3 -m validation.microbench --backend cuda --build-dir build --only epilogue --out "$WORK/mb" \
  > "$WORK/mb.log" 2>&1
mb=$?
timeout 300 python3 -m validation.run --suite depth --out "$WORK/runs" --backend cuda --build-dir build \
  > "$WORK/runs.log" 2>&1
rc=$?
kill "$sampler"
METRICS=smsp__inst_executed_op_global_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_lgds_cmd_write.sum,l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_st.sum,l1tex__m_l1tex2xbar_write_sectors_mem_lg_op_st.sum,l1tex__m_l1tex2xbar_write_bytes_mem_lg_op_st.sum,lts__t_requests_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_write.sum,sm__cycles_active.max,gpu__time_duration.sum
NCU="ncu --metrics $METRICS --kernel-name store_shape"
timeout 200 $NCU -f -o "$WORK/stores" python3 -m validation.microbench --backend cuda --build-dir build --only epilogue \
  --quick --out "$WORK/mb_ncu" > "$WORK/ncu.log" 2>&1
ncu_rc=$?
ncu --import "$WORK/stores.ncu-rep" --csv --page raw --print-units base > "$OUT/store_ncu.csv" 2>&1
cp "$WORK/mb/microbench.csv" "$OUT/microbench_epilogue.csv"
cp "$WORK/runs/depth.csv" "$OUT/depth.csv"
{ cuobjdump -sass -fun epilogue_stores_m8_n4 build/microbench_sm_90.cubin; cuobjdump -sass -fun store_shape build/microbench_sm_90.cubin; } > "$OUT/microbench_epilogue_sass.txt" 2>&1
{ echo "microbench exit=$mb depth exit=$rc ncu exit=$ncu_rc wall_s=$(( $(date +%s) - start ))"; clocks_after
  echo "commands: python3 -m validation.microbench --backend cuda --build-dir build --only epilogue --out D"
  echo "  python3 -m validation.run --suite depth --out D --backend cuda --build-dir build"
  echo "  $NCU -o R python3 -m validation.microbench --backend cuda --build-dir build --only epilogue --quick --out D"
  echo "  ncu --import R.ncu-rep --csv --page raw --print-units base"
  echo "  nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv,nounits -lms 20"
  date -u; echo "--- logs"; tail -n 40 "$WORK/mb.log"; tail -n 5 "$WORK/runs.log"; tail -n 5 "$WORK/ncu.log"; } >> "$ENV" 2>&1
[ "$mb" = 0 ] && [ "$rc" = 0 ] && [ "$ncu_rc" = 0 ]
