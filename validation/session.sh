#!/usr/bin/env bash
# The validation runs on a GPU machine: one driver, one named plan per run.
#   bash validation/session.sh --list            the plans, the argument each takes, what each measures
#   bash validation/session.sh --show PLAN       a plan's stages, as the table below has them
#   bash validation/session.sh PLAN [ARG]        run it (from any folder; it runs at the repository root)
#
# Three kinds of plan (the setup column of the plan table):
# * out FILE: one call on the H200 whose results are committed under validation/results/h200/. OUT=DIR
#   is required; the results go there, the conditions of the run into DIR/FILE (GPU, driver, clocks,
#   nvcc, ncu, the packages before; each stage's exit, the wall time, the clocks after, the commands
#   as they ran and the tails of the logs after), scratch into /tmp/PLAN_work.
# * pack N: one call on the H200 under a deadline (DEADLINE_S, default N seconds from the start; the
#   stalls plan takes it as its argument) whose work folder /tmp/PLAN is packed into $OUT/PLAN.tgz
#   (OUT default ./out) after every stage, so a cut call keeps what it did.
# * amd: an MI300X, MI325X, MI350X or MI355X (validation/README.md, "On an MI300X ..."). Results
#   accumulate in $RESULTS (default ./amd_results/MODE); a stage that finished is listed in
#   $RESULTS/stages.done and skipped when the command is run again (delete a line there to redo it);
#   deadline DEADLINE_S (default 1800 s for smoke, 21600 for full); $OUT/amd_MODE.tgz (OUT default
#   ./out) re-packed after every stage; exit 1 while a stage is not done. Needs ROCm (hip-python
#   matching the ROCm version, amd-smi or rocm-smi, rocprofv3 for the counters) and clang-22 or hipcc.
#   GEMMSIM_HIP_STANDIN=1 runs it on any machine against tests/hip_standin (a fake hip-python, amd-smi
#   and rocprofv3: nothing is measured). SMOKE_SHAPES, SMOKE_KERNELS (a regular expression over
#   kernel symbols), PROFILE_SHAPES_SMOKE and MICROBENCH_ONLY=GROUP,... narrow a run; GPU and ARCH
#   override what is detected.
# A stage with a limit runs under `timeout` (cut to the deadline where the plan has one); its exit
# status counts, and the plan exits 1 when any such stage failed or was skipped. A stage with limit
# `-` moves results (copies, listings, exports) and does not count. A stage whose `when` names a
# function runs only if that function says so. Paths in OUT, RESULTS and BUILD are taken from the
# folder the command was started in. Unknown plan or bad argument: one line on stderr, exit 2.
set -u -o pipefail

plan_table() {
cat <<'TABLE'
# plan     | argument                 | setup                                 | what it measures
h200       | smoke,suites,passes,full | pack 560                              | the GEMM suites, Nsight Compute, compute-sanitizer, SASS listings and the microbenchmarks (smoke: all briefly; full: suites then passes)
stalls     | [DEADLINE_S]             | pack 420                              | Nsight Compute's warp-state statistics of every kernel at the shapes of validation/profile.py STALLS_GROUPS
amd        | smoke,full               | amd                                   | an AMD Instinct GPU: build, the suites, the microbenchmarks, rocprofv3 counters, a calibrated copy of its description, compare
memory     | [--quick]                | out environment_microbench_memory.txt | the memory system under load (microbenchmarks loaded, mlp)
shared     | [--quick]                | out environment_shared.txt            | when a warp stops issuing shared loads (mio), and shared wavefronts beside global loads under Nsight Compute (cross)
source     | -                        | out environment_source.txt            | where the swizzled 32x256x64 matrix-core kernel waits: its time, and ncu's source counters per SASS instruction
launch     | -                        | out environment_launch.txt            | the empty kernel timed as the runner times a GEMM, before and after the small shapes of both suites again
small      | -                        | out environment_small.txt             | where a small GEMM's time goes: Nsight Compute with the caches left alone at three small shapes, and the empty kernel
fetch      | -                        | out environment_fetch.txt             | instruction fetch: straight-line code of 4-66 KiB, first and second pass, one SM and all SMs
overhead   | -                        | out environment_overhead.txt          | the launch as the runner times it, and every suite timed again with the host's launch call hidden
sharing    | -                        | out environment_sharing.txt           | work-groups that share a B tile: Nsight Compute on every matrix-core configuration at 64x4096x4096
residency  | -                        | out environment_residency.txt         | what the L2 keeps between launches: GEMMs warm and cold, under Nsight Compute, and the slices microbenchmark
l1wide     | -                        | out environment_l1wide.txt            | the L1 data pipe by element width (32, 64 bits) and lane stride (4-128 bytes)
epilogue   | -                        | out environment_epilogue.txt          | the matrix-core GEMM's stores alone, stores by shape (and ncu's store counters), the K sweep depth.csv, the SM clock every 20 ms
blocktrace | -                        | out environment_blocktrace.txt        | each block's SM, start and end in the ladder GEMMs
lg         | -                        | out environment_lg.txt                | the queue in front of the L1 for global loads: the lg and mio issue timelines, one run
inflight   | -                        | out environment_inflight.txt          | the global loads one warp keeps in flight, its compiled waits (SASS) and its stall reasons under ncu
TABLE
}

# Values the stage table names. $MB is the microbenchmark driver on the H200.
MB="python3 -m validation.microbench --backend cuda --build-dir build"
SHARED_METRICS=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,smsp__inst_executed_op_shared_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__inst_executed_op_shared_st.sum,smsp__inst_executed_op_global_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
SOURCE_SHAPE=4096x4096x4096
SOURCE_SECTIONS="--section SourceCounters --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis --section LaunchStats --section Occupancy"
LAUNCH_SHAPES=128x128x128,256x256x256,512x512x512,127x512x512,512x64x512
SMALL_SHAPES=128x128x128,512x512x512,127x512x512
SMALL_NCU="ncu --clock-control none --cache-control none --metrics gpu__time_duration.sum,sm__cycles_active.avg,sm__cycles_active.max,sm__cycles_elapsed.max,smsp__inst_executed.sum,dram__bytes_read.sum"
OVERHEAD_METRICS=gpu__time_duration.sum,sm__cycles_active.max,sm__cycles_elapsed.max
SHARING_METRICS=gpu__time_duration.sum,sm__cycles_active.max,dram__bytes_read.sum,lts__t_sectors_op_read.sum,lts__t_sector_op_read_hit_rate.pct,l1tex__t_sector_hit_rate.pct,smsp__inst_executed.sum
RESIDENCY_METRICS=gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sectors_op_read.sum,lts__t_sector_op_read_hit_rate.pct,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,sm__cycles_active.max
RESIDENCY_LARGE_KERNELS=mma_preshuffle_m64n256k64_swz1,mma_preshuffle_m64n128k64_swz1,mma_preshuffle_m32n64k64_swz1,mma_preshuffle_m64n64k64_swz1,mma_preshuffle_m128n128k32_swz1
RESIDENCY_LARGE_SHAPES=4096x4096x4096,597x11008x4096,10240x8192x2048
EPILOGUE_METRICS=smsp__inst_executed_op_global_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_lgds_cmd_write.sum,l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_st.sum,l1tex__m_l1tex2xbar_write_sectors_mem_lg_op_st.sum,l1tex__m_l1tex2xbar_write_bytes_mem_lg_op_st.sum,lts__t_requests_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_write.sum,sm__cycles_active.max,gpu__time_duration.sum
INFLIGHT_KERNELS="inflight_m4 inflight_m8 inflight_n32 inflight_n48 inflight_n56 inflight_n60 inflight_n62 inflight_n64 inflight_n66 inflight_n68 inflight_n72 inflight_n80 inflight_n96 inflight_n128 inflight_at48 inflight_at56 inflight_at64 inflight_at72"
CUBIN=build/microbench_sm_90.cubin

# The stages of every plan, in order. plan:MODE,... limits a row to those modes of the plan.
# $OUT: the results; $WORK: scratch (pack plans: the folder packed); the amd plan's own variables
# ($RUN, $RESULTS, $BUILD, $ARCH, ...) are set by setup_amd.
stage_table() {
cat <<'TABLE'
# plan            | stage      | limit_s | when            | command
h200              | build      | -       | -               | build_nvidia
h200              | ptxas      | -       | -               | cp build/*.ptxas.txt "$WORK/"
h200:smoke        | check      | 90      | -               | python3 -m validation.run --suite check --out "$WORK" --mode quick --sass
h200:smoke        | suites     | 90      | -               | python3 -m validation.run --suite all --out "$WORK" --mode quick --shapes 512x512x512,597x11008x4096,10240x8192x2048
h200:smoke        | passes     | 120     | -               | python3 -m validation.run --suite all --out "$WORK" --passes-only --ncu --sanitize --shapes 127x512x512 --kernels 'gemm_tiled_f32|gemm_tiled_blocked2x2_f64|m64n128k64_swz'
h200:smoke        | microbench | 60      | -               | $MB --out "$WORK" --quick
h200:suites,full  | ladder     | 240     | -               | python3 -m validation.run --suite ladder --out "$WORK"
h200:suites,full  | matrix     | 240     | -               | python3 -m validation.run --suite matrix --out "$WORK" --sass
h200:passes,full  | check      | 60      | -               | python3 -m validation.run --suite check --out "$WORK" --mode quick
h200:passes,full  | sanitize   | 150     | -               | python3 -m validation.run --suite check --out "$WORK" --passes-only --sanitize
h200:passes,full  | ncu        | 240     | -               | python3 -m validation.run --suite all --out "$WORK" --passes-only --ncu
h200:passes,full  | microbench | 120     | -               | $MB --out "$WORK"
stalls            | build      | -       | -               | build_nvidia
stalls            | stalls     | 600     | -               | bash -c stalls_pass 2>&1 | tee "$WORK/stalls.log"
amd               | build      | 600     | -               | python3 -m validation.build --amd "$BUILD" "$ARCH"
amd               | objects    | -       | -               | mkdir -p "$RESULTS/code_objects" && cp "$BUILD"/*_"$ARCH".hsaco "$RESULTS/code_objects/" 2>/dev/null
amd               | check      | 600     | -               | "${RUN[@]}" --suite check --mode quick "${KERNEL_ARGS[@]}"
amd               | ladder     | 7200    | -               | "${RUN[@]}" --suite ladder "${SUITE_ARGS[@]}"
amd               | matrix     | 7200    | -               | "${RUN[@]}" --suite matrix "${SUITE_ARGS[@]}"
amd               | microbench | 1800    | -               | bash -c amd_microbench
amd               | rocprof    | 3600    | have_rocprofv3  | "${RUN[@]}" --suite all --passes-only --rocprof "${PROFILE_ARGS[@]}"
amd               | calibrate  | 600     | have_microbench | bash -c amd_calibrate
amd               | compare    | 1800    | -               | bash -c amd_compare
memory            | fresh      | -       | -               | rm -f $CUBIN
memory            | loaded     | 420     | -               | $MB --only loaded,mlp --out "$OUT" $QUICK 2>&1 | tee "$OUT/microbench_memory.log"
memory            | keep       | -       | -               | [ ! -f "$OUT/microbench.csv" ] || mv "$OUT/microbench.csv" "$OUT/microbench_memory.csv"
memory            | ptxas      | -       | -               | cp build/microbench_sm_90.ptxas.txt "$OUT/" 2>/dev/null
memory            | sass       | -       | -               | for k in loaded_chase mlp_loads8; do echo "== $k"; cuobjdump -sass -fun "$k" $CUBIN | grep -E "LDG|BAR|BRA|CS2R|MEMBAR"; done > "$OUT/microbench_memory_sass.txt" 2>&1
shared            | fresh      | -       | -               | rm -f $CUBIN
shared            | mio        | 240     | -               | $MB --only mio --out "$OUT/mio" $QUICK 2>&1 | tee "$OUT/microbench_shared.log"
shared            | keep       | -       | -               | mv "$OUT/mio/microbench.csv" "$OUT/microbench_shared.csv" 2>/dev/null
shared            | cross      | 240     | -               | ncu --clock-control none --kernel-name lds_cross --metrics $SHARED_METRICS --csv --page raw --print-units base $MB --only cross --out "$OUT/cross" $QUICK > "$OUT/cross_ncu.csv" 2> "$OUT/cross_ncu.log"
shared            | keep       | -       | -               | cp "$OUT/cross/microbench.csv" "$OUT/microbench_cross.csv" 2>/dev/null
shared            | sass       | -       | -               | for k in mio_timeline lds_cross; do echo "== $k"; cuobjdump -sass -fun "$k" $CUBIN; done > "$OUT/microbench_shared_sass.txt" 2>&1
source            | time       | 200     | -               | python3 -m validation.run --suite matrix --out "$WORK/time" --kernels '^mma_preshuffle_m32n256k64_swz[01]$' --shapes $SOURCE_SHAPE 2>&1 | tee "$WORK/time.log"
source            | keep       | -       | -               | cp "$WORK/time/matrix.csv" "$OUT/source_timing.csv"
source            | ncu_swz0   | 200     | -               | ncu --clock-control none --kernel-name mma_preshuffle_m32n256k64_swz0 --launch-count 1 $SOURCE_SECTIONS -f -o "$WORK/swz0" python3 -m validation.run --worker --suite matrix --out "$WORK/rows_swz0" --backend cuda --build-dir build --mode check --shapes $SOURCE_SHAPE --kernels '^mma_preshuffle_m32n256k64_swz0$' > "$WORK/ncu_swz0.log" 2>&1
source            | ncu_swz1   | 200     | -               | ncu --clock-control none --kernel-name mma_preshuffle_m32n256k64_swz1 --launch-count 1 $SOURCE_SECTIONS -f -o "$WORK/swz1" python3 -m validation.run --worker --suite matrix --out "$WORK/rows_swz1" --backend cuda --build-dir build --mode check --shapes $SOURCE_SHAPE --kernels '^mma_preshuffle_m32n256k64_swz1$' > "$WORK/ncu_swz1.log" 2>&1
source            | export     | -       | -               | for s in swz0 swz1; do ncu --import "$WORK/$s.ncu-rep" --page source --csv --print-source sass > "$OUT/source_$s.csv" 2>&1; ncu --import "$WORK/$s.ncu-rep" --page details --csv > "$OUT/details_$s.csv" 2>&1; done
source            | tail       | -       | -               | cat "$WORK"/ncu_*.log | tail -20
launch            | build      | -       | -               | build_nvidia
launch            | before     | 150     | -               | $MB --only launch --out "$WORK/before" 2>&1 | tee -a "$WORK/launch.log"
launch            | ladder     | 200     | -               | python3 -m validation.run --suite ladder --out "$WORK/runs" --shapes $LAUNCH_SHAPES 2>&1 | tee -a "$WORK/launch.log"
launch            | matrix     | 200     | -               | python3 -m validation.run --suite matrix --out "$WORK/runs" --shapes $LAUNCH_SHAPES 2>&1 | tee -a "$WORK/launch.log"
launch            | after      | 150     | -               | $MB --only launch --out "$WORK/after" 2>&1 | tee -a "$WORK/launch.log"
launch            | keep       | -       | -               | cp "$WORK/launch.log" "$OUT/microbench_launch.log"; cp "$WORK/before/microbench.csv" "$OUT/microbench_launch.csv"; cp "$WORK/after/microbench.csv" "$OUT/microbench_launch_after.csv"; cp "$WORK/runs/ladder.csv" "$OUT/small_ladder.csv"; cp "$WORK/runs/matrix.csv" "$OUT/small_matrix.csv"
small             | build      | -       | -               | build_nvidia
small             | gemms      | 330     | -               | $SMALL_NCU --kernel-name 'regex:^(gemm|mma_preshuffle)' -f -o "$WORK/gemms" python3 -m validation.run --worker --suite all --out "$WORK/rows" --backend cuda --build-dir build --mode quick --shapes $SMALL_SHAPES > "$WORK/gemms.log" 2>&1
small             | empty      | 120     | -               | $SMALL_NCU --kernel-name empty_kernel --launch-count 40 -f -o "$WORK/empty" $MB --only launch --out "$WORK/mb" > "$WORK/empty.log" 2>&1
small             | export     | -       | -               | for r in gemms empty; do ncu --import "$WORK/$r.ncu-rep" --csv --page raw --print-units base > "$WORK/$r.csv" 2>&1; done; cp "$WORK/gemms.csv" "$OUT/small_ncu.csv"; cp "$WORK/empty.csv" "$OUT/small_empty_ncu.csv"
small             | tail       | -       | -               | tail -n 5 "$WORK/gemms.log" "$WORK/empty.log"
fetch             | fresh      | -       | -               | rm -f $CUBIN
fetch             | fetch      | 300     | -               | $MB --only fetch --out "$OUT" 2>&1 | tee "$OUT/microbench_fetch.log"
fetch             | keep       | -       | -               | [ ! -f "$OUT/microbench.csv" ] || mv "$OUT/microbench.csv" "$OUT/microbench_fetch.csv"
fetch             | sass       | -       | -               | for n in 256 1024 4096; do echo "fetch_straight$n: $(cuobjdump -sass -fun fetch_straight$n $CUBIN | grep -cE '^ +/\*[0-9a-f]{4,}\*/') instructions," "$(cuobjdump -sass -fun fetch_straight$n $CUBIN | grep -c FFMA) FFMA"; done > "$OUT/microbench_fetch_sass.txt" 2>&1
overhead          | build      | -       | -               | build_nvidia
overhead          | timed      | 200     | -               | python3 -m validation.overhead --out "$WORK/timed" >> "$WORK/session.log" 2>&1
overhead          | ncu        | 200     | -               | ncu --clock-control none --cache-control none --metrics $OVERHEAD_METRICS -f -o "$WORK/ncu" python3 -m validation.overhead --out "$WORK/profiled" --rounds 1 --quick > "$WORK/ncu.log" 2>&1
overhead          | export     | -       | -               | ncu --import "$WORK/ncu.ncu-rep" --csv --page raw --print-units base > "$OUT/overhead_ncu.csv" 2>> "$WORK/session.log"
overhead          | launch     | 150     | -               | $MB --only launch --out "$WORK/mb" >> "$WORK/session.log" 2>&1
overhead          | ladder     | 240     | -               | python3 -m validation.run --suite ladder --out "$WORK/runs" >> "$WORK/session.log" 2>&1
overhead          | matrix     | 240     | -               | python3 -m validation.run --suite matrix --out "$WORK/runs" >> "$WORK/session.log" 2>&1
overhead          | check      | 60      | -               | python3 -m validation.run --suite check --out "$WORK/runs" --mode quick >> "$WORK/session.log" 2>&1
overhead          | fresh      | 120     | -               | python3 -m validation.run --suite fresh --out "$WORK/runs" >> "$WORK/session.log" 2>&1
overhead          | keep       | -       | -               | cp "$WORK/timed/overhead.csv" "$OUT/overhead.csv"; cp "$WORK/mb/microbench.csv" "$OUT/microbench_launch.csv"; for s in ladder matrix check fresh; do cp "$WORK/runs/$s.csv" "$OUT/$s.csv"; done
sharing           | build      | -       | -               | build_nvidia
sharing           | ncu        | 400     | -               | ncu --clock-control none --cache-control none --kernel-name 'regex:^mma_preshuffle' --section WarpStateStats --metrics $SHARING_METRICS -f -o "$WORK/sharing" python3 -m validation.run --worker --suite fresh --out "$WORK/rows" --backend cuda --build-dir build --mode quick --shapes 64x4096x4096 --kernels mma > "$WORK/ncu.log" 2>&1
sharing           | export     | -       | -               | ncu --import "$WORK/sharing.ncu-rep" --csv --page raw --print-units base > "$OUT/sharing_ncu.csv" 2>&1
residency         | build      | -       | -               | build_nvidia
residency         | timed      | 240     | -               | python3 -m validation.residency --out "$WORK/timed" >> "$WORK/session.log" 2>&1
residency         | large      | 240     | -               | python3 -m validation.residency --out "$WORK/large" --rounds 5 --kernels $RESIDENCY_LARGE_KERNELS --shapes $RESIDENCY_LARGE_SHAPES >> "$WORK/session.log" 2>&1
residency         | ncu        | 240     | -               | ncu --clock-control none --cache-control none --kernel-name 'regex:^mma_preshuffle' --metrics $RESIDENCY_METRICS -f -o "$WORK/ncu" python3 -m validation.residency --out "$WORK/profiled" --rounds 1 --quick > "$WORK/ncu.log" 2>&1
residency         | export     | -       | -               | ncu --import "$WORK/ncu.ncu-rep" --csv --page raw --print-units base > "$OUT/residency_ncu.csv" 2>> "$WORK/session.log"
residency         | slices     | 240     | -               | $MB --only slices --out "$WORK/mb" >> "$WORK/session.log" 2>&1
residency         | keep       | -       | -               | cp "$WORK/timed/residency.csv" "$OUT/residency.csv"; cp "$WORK/large/residency.csv" "$OUT/residency_large.csv"; cp "$WORK/mb/microbench.csv" "$OUT/microbench_slices.csv"
l1wide            | build      | -       | -               | build_nvidia
l1wide            | l1wide     | 300     | -               | $MB --only l1wide --out "$WORK/mb" > "$WORK/session.log" 2>&1
l1wide            | keep       | -       | -               | cp "$WORK/mb/microbench.csv" "$OUT/microbench_l1wide.csv"; cp "$WORK/mb/microbench.log" "$OUT/microbench_l1wide.log" 2>/dev/null
epilogue          | build      | -       | -               | build_nvidia
epilogue          | clock      | -       | -               | nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv,nounits -lms 20 > "$OUT/clock_trace.csv" 2>/dev/null & SAMPLER=$!
epilogue          | stores     | 200     | -               | $MB --only epilogue --out "$WORK/mb" > "$WORK/mb.log" 2>&1
epilogue          | depth      | 300     | -               | python3 -m validation.run --suite depth --out "$WORK/runs" --backend cuda --build-dir build > "$WORK/runs.log" 2>&1
epilogue          | clock      | -       | -               | kill "$SAMPLER" 2>/dev/null
epilogue          | ncu        | 200     | -               | ncu --metrics $EPILOGUE_METRICS --kernel-name store_shape -f -o "$WORK/stores" $MB --only epilogue --quick --out "$WORK/mb_ncu" > "$WORK/ncu.log" 2>&1
epilogue          | export     | -       | -               | ncu --import "$WORK/stores.ncu-rep" --csv --page raw --print-units base > "$OUT/store_ncu.csv" 2>&1
epilogue          | keep       | -       | -               | cp "$WORK/mb/microbench.csv" "$OUT/microbench_epilogue.csv"; cp "$WORK/runs/depth.csv" "$OUT/depth.csv"
epilogue          | sass       | -       | -               | for k in epilogue_stores_m8_n4 store_shape; do cuobjdump -sass -fun $k $CUBIN; done > "$OUT/microbench_epilogue_sass.txt" 2>&1
blocktrace        | build      | -       | -               | build_nvidia
blocktrace        | trace      | 400     | -               | python3 -m validation.blocktrace --build-dir build --out "$WORK/bt" > "$WORK/bt.log" 2>&1
blocktrace        | keep       | -       | -               | gzip -9 -c "$WORK/bt/blocktrace.csv" > "$OUT/blocktrace.csv.gz"; cp "$WORK/bt/blocktrace_timing.csv" "$OUT/blocktrace_timing.csv"
blocktrace        | sass       | -       | -               | cuobjdump -sass build/blocktrace_sm_90.cubin > "$OUT/blocktrace_sass.txt" 2>&1
lg                | build      | -       | -               | build_nvidia
lg                | lg         | 300     | -               | $MB --only lg,mio --out "$WORK/mb" > "$WORK/mb.log" 2>&1
lg                | keep       | -       | -               | cp "$WORK/mb/microbench.csv" "$OUT/microbench_lg.csv"
lg                | sass       | -       | -               | cuobjdump -sass -fun lg_timeline $CUBIN > "$OUT/microbench_lg_sass.txt" 2>&1
inflight          | build      | -       | -               | build_nvidia
inflight          | inflight   | 300     | -               | $MB --only inflight --out "$WORK/mb" > "$WORK/mb.log" 2>&1
inflight          | keep       | -       | -               | cp "$WORK/mb/microbench.csv" "$OUT/microbench_inflight.csv"
inflight          | sass       | -       | -               | for k in $INFLIGHT_KERNELS; do cuobjdump -sass -fun $k $CUBIN; done > "$OUT/microbench_inflight_sass.txt" 2>&1
inflight          | ncu        | 300     | -               | ncu --clock-control none --kernel-name regex:inflight_ --section WarpStateStats -f -o "$WORK/inflight" $MB --only inflight --quick --out "$WORK/mb_ncu" > "$WORK/ncu.log" 2>&1
inflight          | export     | -       | -               | ncu --import "$WORK/inflight.ncu-rep" --csv --page raw --print-units base > "$OUT/microbench_inflight_ncu.csv"
TABLE
}

# ---- the stages' own steps ---------------------------------------------------------------------

build_nvidia() {  # the GEMM kernels and the microbenchmarks for sm_90 into build/, ptxas -v beside each
  python3 -m validation.build --nvidia build > "$WORK/build.log" 2>&1 || { tail -n 40 "$WORK/build.log"; exit 1; }
}

stalls_pass() {  # the stalls pass, one ncu run per shape group, ending before the stage's limit does
  PASS_S=$(( STAGE_S - 25 )) python3 - "$WORK" <<'PY'
import argparse, os, sys
from pathlib import Path
from validation import profile
out = Path(sys.argv[1])
args = argparse.Namespace(out=out, backend="cuda", build_dir=Path("build"), kernels=None, shapes=None)
cmd = "python -m validation.run --suite all --passes-only --stalls --out " + str(out)
sys.exit(profile.run_stalls(args, cmd, deadline_s=int(os.environ["PASS_S"])))
PY
}

amd_microbench() {  # the portable microbenchmarks (validation/microbench.py) on this GPU; MICROBENCH_ONLY=GROUP,...
  python3 -m validation.microbench --backend hip --build-dir "$BUILD" --out "$RESULTS" \
    $([ "$MODE" = smoke ] && echo --quick) ${MICROBENCH_ONLY:+--only "$MICROBENCH_ONLY"}
}

amd_calibrate() {  # a copy of the GPU description, calibrated from this GPU's microbenchmarks
  local work="$RESULTS/calibrated/.work"
  rm -rf "$work" && mkdir -p "$work" && cp "gemmsim/hw/$GPU.toml" "$work/$GPU.toml"
  python3 -m gemmsim calibrate --gpu "$work/$GPU.toml" --microbench "$RESULTS/microbench.csv" --write \
    && mv "$work/$GPU.toml" "$RESULTS/calibrated/$GPU.toml"
  local code=$?
  rm -rf "$work"
  return $code
}

amd_compare() {  # the simulator against every measured point, on the repo's description and the calibrated copy
  local csvs=() c
  for c in ladder matrix check; do [ -s "$RESULTS/$c.csv" ] && csvs+=("$RESULTS/$c.csv"); done
  python3 -m gemmsim compare "${csvs[@]}" --gpu "$GPU" --save "$RESULTS/compare_$GPU.csv" > "$RESULTS/compare_$GPU.txt" || return
  if [ -f "$RESULTS/calibrated/$GPU.toml" ]; then
    python3 -m gemmsim compare "${csvs[@]}" --gpu "$RESULTS/calibrated/$GPU.toml" \
      --save "$RESULTS/compare_calibrated.csv" > "$RESULTS/compare_calibrated.txt"
  fi
}

have_rocprofv3() {
  command -v rocprofv3 > /dev/null && return 0
  say "rocprof: SKIPPED: rocprofv3 is not installed (ROCm's rocprofiler-sdk): no LDS bank-conflict counts"
  return 1
}

have_microbench() {
  [ -s "$RESULTS/microbench.csv" ] && return 0
  say "calibrate: SKIPPED: no microbench.csv (the microbench stage did not finish)"
  return 1
}

# ---- the conditions of a run -------------------------------------------------------------------

SMI=name,driver_version,pci.bus_id,clocks.current.sm,clocks.current.memory,clocks.max.sm,clocks.max.memory,clocks.applications.graphics,power.limit,temperature.gpu,persistence_mode

environment_nvidia() {  # FILE [full]: the command, date, kernel, GPU and clocks, nvcc, packages and ncu, before the runs
  { echo "command: bash validation/session.sh $PLAN${ARG:+ $ARG}"; date -u; echo "kernel: $(uname -r)"
    nvidia-smi --query-gpu=$SMI --format=csv; nvcc --version | tail -2
    python3 -c 'import sys, cupy, numpy; print("python", sys.version.split()[0], "cupy", cupy.__version__, "numpy", numpy.__version__)'
    ncu --version | tail -1
    if [ "${2:-}" = full ]; then nvidia-smi; nvidia-smi -q -d CLOCK; compute-sanitizer --version | tail -1; fi
  } > "$1" 2>&1
}

clocks_after() {
  echo "after the run:"; nvidia-smi --query-gpu=clocks.current.sm,clocks.current.memory,temperature.gpu --format=csv
}

environment_amd() {
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
  local found arch name
  found=$(python3 -m validation.backends.hip 2>>"$RESULTS/session.log") \
    || { say "error: hip-python found no AMD GPU (see session.log)"; exit 2; }
  read -r arch name <<< "$found"
  ARCH=${ARCH:-$arch}
  case "$ARCH" in gfx942|gfx950) ;; *) say "error: device arch '$ARCH' is not gfx942 or gfx950"; exit 2 ;; esac
  if [ -z "${GPU:-}" ]; then
    case "${name,,}" in *mi325*) GPU=mi325x ;; *mi350*) GPU=mi350x ;; *mi355*) GPU=mi355x ;;
      *) GPU=$([ "$ARCH" = gfx950 ] && echo mi355x || echo mi300x) ;; esac
  fi
  say "device: $ARCH, described by gemmsim/hw/$GPU.toml"
  export ARCH GPU
}

# ---- the driver --------------------------------------------------------------------------------

say() {
  if [ -n "${SESSION_LOG:-}" ]; then echo "[$(date +%T)] $*" | tee -a "$SESSION_LOG"; else echo "[$(date +%T)] $*"; fi
}

fail() { echo "session.sh: $*" >&2; exit 2; }

trim() { local -n v=$1; v=${v#"${v%%[![:space:]]*}"}; v=${v%"${v##*[![:space:]]}"}; }

rows() {  # the rows of a table without comments and blank lines
  "$1" | grep -v -e '^#' -e '^[[:space:]]*$'
}

find_plan() {  # PLAN: sets PLAN_ARGUMENT, PLAN_SETUP and PLAN_WHAT, or returns 1
  local name argument setup what
  while IFS='|' read -r name argument setup what; do
    trim name; trim argument; trim setup; trim what
    if [ "$name" = "$1" ]; then PLAN_ARGUMENT=$argument PLAN_SETUP=$setup PLAN_WHAT=$what; return 0; fi
  done < <(rows plan_table)
  return 1
}

list_plans() {
  local name argument setup what
  while IFS='|' read -r name argument setup what; do
    trim name; trim argument; trim what
    [ "$argument" = - ] && argument=""
    argument=${argument//,/|}
    printf '%-11s %-25s %s\n' "$name" "$argument" "$what"
  done < <(rows plan_table)
}

load_stages() {  # PLAN [MODE]: the plan's rows in STAGE, LIMIT, WHEN, COMMAND (arrays, in order)
  local plan stage limit when command modes
  STAGE=() LIMIT=() WHEN=() COMMAND=()
  while IFS='|' read -r plan stage limit when command; do
    trim plan; trim stage; trim limit; trim when; trim command
    modes=""
    [[ $plan == *:* ]] && modes=",${plan#*:}," plan=${plan%%:*}
    [ "$plan" = "$1" ] || continue
    [ -z "$modes" ] || [ -z "${2:-}" ] || [[ $modes == *",$2,"* ]] || continue
    STAGE+=("$stage") LIMIT+=("$limit") WHEN+=("$when") COMMAND+=("$command")
  done < <(rows stage_table)
}

show_plan() {
  find_plan "${1:-}" || fail "unknown plan '${1:-}' (bash validation/session.sh --list names the plans)"
  rows stage_table | grep -E "^$1(:[a-z,]+)? " || true
}

check_argument() {  # the plan's argument against its spec: MODE, QUICK or DEADLINE_S
  local spec=$PLAN_ARGUMENT
  MODE="" QUICK=""
  case "$spec" in
    -) [ -z "$ARG" ] || fail "plan $PLAN takes no argument (got '$ARG')" ;;
    "[--quick]") [ -z "$ARG" ] || [ "$ARG" = --quick ] || fail "plan $PLAN takes only --quick (got '$ARG')"
                 QUICK=$ARG ;;
    "[DEADLINE_S]") [ -z "$ARG" ] || [[ $ARG =~ ^[0-9]+$ ]] || fail "plan $PLAN takes a deadline in seconds (got '$ARG')"
                    [ -z "$ARG" ] || DEADLINE_S=$ARG ;;
    *) [[ ",$spec," == *",$ARG,"* ]] && [ -n "$ARG" ] || fail "plan $PLAN needs one of ${spec//,/|}${ARG:+ (got '$ARG')}"
       MODE=$ARG ;;
  esac
}

absolute() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }

expand_names() {  # a command with each $NAME, ${NAME} and "${NAME[@]}" of a set variable written out (nothing else expanded)
  local text=$1 name words
  for name in $(grep -oE '\$\{[A-Z_][A-Z0-9_]*\[@\]\}' <<< "$text" | sed 's/^..//; s/\[.*//' | sort -u); do
    local -n array=$name
    words="${array[*]}"
    text=${text//"\"\${$name[@]}\""/"$words"}
    text=${text//"\${$name[@]}"/"$words"}
    unset -n array
  done
  for name in $(grep -oE '\$\{?[A-Z_][A-Z0-9_]*' <<< "$text" | tr -d '${' | sort -u | awk '{ print length, $0 }' | sort -rn | cut -d' ' -f2); do
    [[ -v $name ]] && [[ $(declare -p "$name") != "declare -"[aA]* ]] || continue
    text=${text//"\${$name}"/"${!name}"}
    text=${text//"\$$name"/"${!name}"}
  done
  echo "$text"
}

run_stage() {  # I: the I-th stage of the plan
  local name=${STAGE[$1]} limit=${LIMIT[$1]} when=${WHEN[$1]} command=${COMMAND[$1]} code
  if [ "$limit" = - ]; then eval "$command"; return 0; fi
  if [ "$when" != - ] && ! "$when"; then return 0; fi
  if [ -n "${DONE:-}" ] && grep -qx "$name" "$DONE"; then say "$name: done before, skipped"; return 0; fi
  if [ -n "${DEADLINE_S:-}" ]; then
    local left=$(( DEADLINE_S - ($(date +%s) - START) - 15 ))
    (( limit > left )) && limit=$left
    if (( limit < 20 )); then say "$name: SKIPPED (deadline)"; FAILED+=("$name"); EXITS+=("$name=skipped"); return 1; fi
  fi
  RAN+=("$(expand_names "$command")")
  say "$name: [limit ${limit}s] ${RAN[-1]}"
  export STAGE_S=$limit
  if [ -n "${STAGE_LOGS:-}" ]; then eval "timeout $limit $command" >> "$STAGE_LOGS/$name.log" 2>&1
  else eval "timeout $limit $command"; fi
  code=$?
  EXITS+=("$name=$code")
  if (( code == 0 )); then
    [ -n "${DONE:-}" ] && echo "$name" >> "$DONE"
    say "$name: ok"
  else
    say "$name: exit $code${STAGE_LOGS:+ (see $name.log)}"; FAILED+=("$name")
  fi
  declare -F pack > /dev/null && pack
  return $code
}

setup_out() {  # out FILE
  [ -n "${OUT:-}" ] || fail "plan $PLAN writes into OUT: OUT=DIR bash validation/session.sh $PLAN"
  OUT=$(absolute "$OUT"); cd "$ROOT" || exit 1
  unset DEADLINE_S                     # each stage's own limit, no deadline
  WORK=/tmp/${PLAN}_work
  ENV=$OUT/${PLAN_SETUP#out }
  rm -rf "$WORK" && mkdir -p "$WORK" "$OUT"
  environment_nvidia "$ENV"
}

finish_out() {  # what ran and how it ended, after the conditions in the environment file
  local f
  { echo "exit: ${EXITS[*]} wall_s=$(( $(date +%s) - START ))"; clocks_after
    echo "commands:"; printf '  %s\n' "${RAN[@]}"
    date -u; echo "--- log tails"
    for f in "$WORK"/*.log; do [ -f "$f" ] && { echo "== ${f##*/}"; tail -n 30 "$f"; }; done
  } >> "$ENV" 2>&1
}

setup_pack() {  # pack N
  OUT=$(absolute "${OUT:-out}"); cd "$ROOT" || exit 1
  DEADLINE_S=${DEADLINE_S:-${PLAN_SETUP#pack }}
  WORK=/tmp/$PLAN
  ENV=$WORK/environment.txt
  rm -rf "$WORK" && mkdir -p "$WORK" "$OUT"
  pack() { tar czf "$OUT/$PLAN.tgz.part" -C /tmp "$PLAN" && mv "$OUT/$PLAN.tgz.part" "$OUT/$PLAN.tgz" \
             && say "packed $(du -sh "$OUT/$PLAN.tgz" | cut -f1)"; }
  trap pack EXIT
  say "environment"
  environment_nvidia "$ENV" full
  say "plan $PLAN${MODE:+ $MODE}: deadline ${DEADLINE_S}s, packs $OUT/$PLAN.tgz"
}

setup_amd() {
  case "$MODE" in smoke) default_deadline=1800 ;; full) default_deadline=21600 ;; esac
  OUT=$(absolute "${OUT:-out}")
  RESULTS=$(absolute "${RESULTS:-amd_results/$MODE}")
  BUILD=$(absolute "${BUILD:-build/amd}")
  cd "$ROOT" || exit 1
  export PYTHONUNBUFFERED=1
  DEADLINE_S=${DEADLINE_S:-$default_deadline}
  SMOKE_SHAPES=${SMOKE_SHAPES:-512x512x512,127x512x512,597x11008x4096}
  PROFILE_SHAPES_SMOKE=${PROFILE_SHAPES_SMOKE:-127x512x512}
  mkdir -p "$OUT" "$RESULTS"
  DONE="$RESULTS/stages.done" STAGE_LOGS=$RESULTS SESSION_LOG="$RESULTS/session.log"
  touch "$DONE"
  pack() { local name="amd_$MODE.tgz"
           tar czf "$OUT/$name.part" -C "$(dirname "$RESULTS")" --transform "s,^$(basename "$RESULTS"),amd_$MODE," \
             "$(basename "$RESULTS")" \
             && mv "$OUT/$name.part" "$OUT/$name" && say "packed $OUT/$name ($(du -h "$OUT/$name" | cut -f1))"; }
  trap pack EXIT
  if [ "${GEMMSIM_HIP_STANDIN:-0}" = 1 ]; then
    export PYTHONPATH="$ROOT/tests/hip_standin${PYTHONPATH:+:$PYTHONPATH}"
    export PATH="$ROOT/tests/hip_standin/bin:$PATH"
    say "STAND-IN: hip-python, amd-smi and rocprofv3 are tests/hip_standin's fakes; no GPU measured anything"
  fi
  RUN=(python3 -m validation.run --backend hip --build-dir "$BUILD" --out "$RESULTS")
  KERNEL_ARGS=() SUITE_ARGS=() PROFILE_ARGS=()
  if [ "$MODE" = smoke ]; then
    [ -n "${SMOKE_KERNELS:-}" ] && KERNEL_ARGS=(--kernels "$SMOKE_KERNELS")
    SUITE_ARGS=(--mode quick --shapes "$SMOKE_SHAPES" "${KERNEL_ARGS[@]}")
    PROFILE_ARGS=(--shapes "$PROFILE_SHAPES_SMOKE" "${KERNEL_ARGS[@]}")
  fi
  export MODE RESULTS BUILD MICROBENCH_ONLY=${MICROBENCH_ONLY:-}
  export -f amd_microbench amd_calibrate amd_compare
  say "session amd $MODE: results in $RESULTS, deadline ${DEADLINE_S}s"
  environment_amd > "$RESULTS/environment.txt"
  detect_gpu
}

finish_amd() {
  if [ "$MODE" = smoke ] && [[ " ${FAILED[*]} " == *" calibrate "* ]]; then
    FAILED=("${FAILED[@]/calibrate}") && FAILED=(${FAILED[@]})   # expected: --quick rows lack some fits' rows
    say "calibrate: not possible from smoke's --quick microbenchmarks (calibrate.log says which rows); full mode calibrates"
  fi
  if (( ${#FAILED[@]} )); then
    say "session amd $MODE finished; not done: ${FAILED[*]} (run the same command again to retry them). Send $OUT/amd_$MODE.tgz"
    exit 1
  fi
  say "session amd $MODE finished: send $OUT/amd_$MODE.tgz"
}

main() {
  case "${1:-}" in
    --list) list_plans; exit 0 ;;
    --show) show_plan "${2:-}"; exit 0 ;;
    -h|--help) sed -n '2,/^set -u/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    "") fail "usage: bash validation/session.sh PLAN [ARG] (--list names the plans)" ;;
  esac
  (( $# <= 2 )) || fail "usage: bash validation/session.sh PLAN [ARG] (one argument at most)"
  PLAN=$1 ARG=${2:-}
  find_plan "$PLAN" || fail "unknown plan '$PLAN' (bash validation/session.sh --list names the plans)"
  check_argument
  ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  export PYTHONUNBUFFERED=1
  START=$(date +%s) FAILED=() EXITS=() RAN=() DONE="" STAGE_LOGS="" SESSION_LOG=""
  case "$PLAN_SETUP" in
    out\ *) setup_out ;;
    pack\ *) setup_pack ;;
    amd) setup_amd ;;
  esac
  export WORK
  export -f stalls_pass
  load_stages "$PLAN" "$MODE"
  local i
  for i in "${!STAGE[@]}"; do run_stage "$i"; done
  case "$PLAN_SETUP" in
    out\ *) finish_out ;;
    pack\ *) finish_out; say "plan $PLAN${MODE:+ $MODE} finished${FAILED[*]:+; not done: ${FAILED[*]}}" ;;
    amd) finish_amd ;;
  esac
  (( ${#FAILED[@]} == 0 ))
}

main "$@"
