"""The readable report of a Prediction, one fact per line."""

from __future__ import annotations

from gemmsim.analytics.bottlenecks import Bottleneck
from gemmsim.model.bottleneck import WAIT_MEANING
from gemmsim.prediction import ClockSource, Prediction, RoundSummary, Simulation, StreamKPrediction


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _clock(p: Prediction) -> str:
    if p.clock_source == ClockSource.SUSTAINED:
        return f"the sustained {p.clock_mhz:g} MHz"
    return f"{p.clock_mhz:.0f} MHz (clock: {p.clock_source})"


def format_prediction(p: Prediction, header: str = "") -> str:
    r, ev, h = p.roofline, p.evidence, p.hot_loop
    util = ev.steady_state_utilization
    stalls = ev.stalls["grouped_fraction"]
    d, occ, t, sim = p.dim_efficiency, p.occupancy, p.traffic, p.simulation
    c = p.lds_conflict_cycles
    rows = [
        ("time", f"{p.time_us:.2f} us   (roofline {p.roofline_us:.2f} us, {r.bottleneck}-bound: compute "
                 f"{r.compute_us:.2f} us at {r.clock_mhz:g} MHz, compulsory bytes {r.memory_us:.2f} us "
                 f"at the {r.bandwidth} HBM bandwidth {r.bandwidth_bytes_per_s / 1e12:g} TB/s)"),
        ("throughput", f"{p.tflops:.1f} TFLOPS = {p.pct_of_peak:.1f}% of the spec peak; "
                       f"{p.pct_of_clock_peak:.1f}% of the peak at {_clock(p)}"),
        ("bottleneck", f"{p.bottleneck}{_waiting_on(p)}   (steady state: MFMA pipes {_pct(util[Bottleneck.MFMA])} busy, "
                       f"LDS {_pct(util[Bottleneck.LDS])}, memory path {_pct(util[Bottleneck.VMEM_BANDWIDTH])}, VALU {_pct(util['valu'])})"),
        ("wave stalls", ", ".join(f"{k} {_pct(v)}" for k, v in stalls.items()) + "   (share of each wave's time)"),
        ("LDS conflicts", f"{c.per_workgroup_per_k_tile:g} cycles per workgroup per K tile "
                          f"({c.per_workgroup:g} per workgroup, {c.total:g} in total)"),
        ("MFMA utilization", f"{_pct(p.mfma_utilization)} kernel-wide (memory path {_pct(p.memory_activity)})"),
    ]
    if h is not None:
        rows.append(("hot-loop mix", f"MFMA {_pct(h.mfma_ratio)} ({h.mfma_ratio_verdict}), memory "
                                     f"{_pct(h.memory_ratio)} ({h.memory_ratio_verdict}); "
                                     f"{h.instructions} instructions x {h.trip_count} iterations"))
    rows += [
        ("dim efficiency", f"{d.dim_eff:.3f} = tile {d.tile_eff:.3f} x wave {d.wq_eff:.3f}   "
                           f"({d.num_tiles} tiles in {d.waves} waves of {d.slots_per_wave} slots: "
                           f"{d.compute_units} CUs x {d.slots_per_cu} workgroups)"),
        ("occupancy", f"{occ.workgroups_per_cu} workgroups per CU ({occ.waves_per_simd} waves per SIMD, "
                      f"limited by {occ.limited_by})"),
        ("memory", f"L2 hit {_pct(t.l2_hit_rate)}, HBM {t.hbm_bytes / 1e6:.1f} MB, CU share "
                   f"{t.cu_bytes_per_cycle:.1f} B/cycle, load latency {t.load_latency_cycles:.0f} cycles"),
        ("replayed", _replay_line(sim, d.num_tiles - sim.full_rounds * d.slots_per_wave, d.compute_units)),
    ]
    if sim.split_k_reduction_cycles:
        rows.append(("split-K reduction", f"{sim.split_k_reduction_cycles / p.clock_mhz:.2f} us of the time: a second "
                                          f"pass reads the f32 partials and writes C at the achievable HBM bandwidth"))
    width = max(len(k) for k, _ in rows)
    lines = [header] if header else []
    lines += [f"  {k:<{width}}  {v}" for k, v in rows]
    return "\n".join(lines)


def _waiting_on(p: Prediction) -> str:
    if p.bottleneck != Bottleneck.LATENCY:
        return ""
    return f": waves wait mostly on {WAIT_MEANING[p.evidence.largest_wait]}"


def _replay_line(sim: Simulation, partial_workgroups: int, compute_units: int) -> str:
    parts = []
    if sim.full_round is not None:
        r = sim.full_round
        parts.append(f"{sim.full_rounds} x full round of {r.workgroups_on_cu} workgroups/CU on {r.busy_cus} CUs "
                     f"({_replayed(r)})")
    if sim.partial_round is not None:
        parts.append(f"partial round: {_spread(partial_workgroups, compute_units)} "
                     f"(the busiest replayed: {_replayed(sim.partial_round)})")
    return "; ".join(parts)


def _replayed(r: RoundSummary) -> str:
    iters = r.simulated_iterations
    if r.extrapolated_iterations:
        return f"hot loop replayed for {iters[0]} and {iters[1]} iterations, {r.extrapolated_iterations} extrapolated"
    return f"all {iters[0]} iterations replayed"


def _spread(workgroups: int, compute_units: int) -> str:
    """How `workgroups` spread over the CUs, one more on the first few: "52 CUs hold 1 workgroup each"."""
    each, extra = divmod(workgroups, compute_units)
    groups = [(extra, each + 1), (compute_units - extra if each else 0, each)]
    return ", ".join(f"{_count(cus, 'CU')} {'holds' if cus == 1 else 'hold'} {_count(n, 'workgroup')}"
                     f"{' each' if cus > 1 else ''}" for cus, n in groups if cus)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def format_stream_k(r: StreamKPrediction, header: str = "") -> str:
    """The data-parallel prediction, then the stream-K schedule of the same tile beside it."""
    k, dp, d = r.plan, r.data_parallel, r.data_parallel.dim_efficiency
    kept = (f"{k.data_parallel_rounds} full round{'s' if k.data_parallel_rounds != 1 else ''} data-parallel, then "
            if k.data_parallel_rounds else "")
    rows = [("data-parallel", f"{r.data_parallel_us:.2f} us   ({d.num_tiles} tiles x {k.k_tiles} K tiles in "
                              f"{d.waves} round{'s' if d.waves != 1 else ''} of {d.slots_per_wave} slots)")]
    if r.searched_tiles:
        rows.append(("best data-parallel", f"{r.data_parallel_best_us:.2f} us with tile {r.data_parallel_best_tile} "
                                           f"(the search's best of {r.searched_tiles} tiles; tile "
                                           f"{dp.kernel.tile} is the fastest under {k.schedule})"))
    if not k.workers:
        rows.append((k.schedule, f"{r.time_us:.2f} us   (whole rounds only: nothing to stream)"))
    else:
        verdict = (f"{r.speedup:.2f}x faster" if r.time_us < r.data_parallel_us
                   else "no faster: data-parallel is the best of the worker counts" if k.chosen
                   else f"{1 / r.speedup:.2f}x slower")
        rows += [
            (k.schedule, f"{r.time_us:.2f} us   ({verdict}; {kept}{k.tiles_streamed} tiles streamed; bound by "
                         f"{'the slowest worker' if k.bound == 'workers' else 'the HBM traffic'})"),
            ("workers", f"{k.workers} ({k.workgroups_per_cu} per CU at most), {_range(k.iterations_min, k.iterations_max)} "
                        f"K tiles each; {k.tiles_split} tiles split, at most {_count(k.max_contributors, 'worker')} on one"),
            ("fix-up", f"{r.fixup_us:.2f} us on the slowest worker's path; {k.partial_bytes / 1e6:.2f} MB of partial "
                       f"tiles ({k.path.partial_bytes / 1024:g} KiB each) through the {k.path.level}"),
            ("load", f"{r.load_us:.2f} us on that path: {min(k.workers, d.compute_units)} busy CUs at "
                     f"{r.clock_mhz:.0f} MHz (data-parallel: {dp.clock_mhz:.0f} MHz)"),
            ("floor", f"{r.floor_us:.2f} us   (the data-parallel HBM traffic over the achievable HBM bandwidth)"),
        ]
    width = max(len(name) for name, _ in rows)
    lines = [format_prediction(dp, header), "", f"schedule {k.schedule} (gemmsim.analytics.streamk):"]
    lines += [f"  {name:<{width}}  {v}" for name, v in rows]
    return "\n".join(lines)


def _range(lo: int, hi: int) -> str:
    return f"{lo}" if lo == hi else f"{lo}-{hi}"
