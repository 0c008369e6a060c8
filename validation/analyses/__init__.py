"""One-off analyses of single validation runs: each reads the CSV one run committed under
results/ and prints what that run showed; the fits it found were written into a GPU description by
hand, with the command as their source. Each is a command, `python -m validation.analyses.NAME CSV`
(validation/README.md, "Reproduce"):

* memfit: the memory system under load (microbench_memory.csv, groups loaded and mlp);
* miofit: the MIO and LG queues' sizes (microbench_shared.csv, microbench_lg.csv);
* storefit: what a store costs, SM and L2 (microbench_epilogue.csv);
* l2kept: what the L2 keeps between launches (microbench_slices.csv);
* inflight: a warp's loads in flight beside the compiled waits (microbench_inflight.csv);
* large: the large tiles at large shapes under Nsight Compute beside the replay (validation/device/picksmech.sh).

They read through the product's readers (gemmsim.measurements.microbench) and model pieces; nothing in
gemmsim imports them.
"""
