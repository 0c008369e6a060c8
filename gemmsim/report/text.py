"""The readable report of a Prediction, one fact per line."""

from __future__ import annotations

from gemmsim.model.bottleneck import WAIT_MEANING
from gemmsim.model.result import Prediction


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def format_prediction(p: Prediction, header: str = "") -> str:
    r, ev, h = p.roofline, p.evidence, p.hot_loop
    util = ev["steady_state_utilization"]
    stalls = ev["stalls"]["grouped_fraction"]
    d, occ, t, sim = p.dim_efficiency, p.occupancy, p.traffic, p.simulation
    c = p.lds_conflict_cycles
    rows = [
        ("time", f"{p.time_us:.2f} us   (roofline {p.roofline_us:.2f} us, {r.bottleneck}-bound: compute "
                 f"{r.compute_us:.2f} us at {r.clock_mhz:g} MHz, compulsory bytes {r.memory_us:.2f} us)"),
        ("throughput", f"{p.tflops:.1f} TFLOPS = {p.pct_of_peak:.1f}% of the spec peak; "
                       f"{p.pct_of_clock_peak:.1f}% of the peak at the sustained {p.clock_mhz:g} MHz"),
        ("bottleneck", f"{p.bottleneck}{_waiting_on(p)}   (steady state: MFMA pipes {_pct(util['mfma'])} busy, "
                       f"LDS {_pct(util['lds'])}, memory path {_pct(util['vmem_bandwidth'])}, VALU {_pct(util['valu'])})"),
        ("wave stalls", ", ".join(f"{k} {_pct(v)}" for k, v in stalls.items()) + "   (share of each wave's time)"),
        ("LDS conflicts", f"{c['per_workgroup_per_k_tile']:g} cycles per workgroup per K tile "
                          f"({c['per_workgroup']:g} per workgroup, {c['total']:g} in total)"),
        ("MFMA utilization", f"{_pct(p.mfma_utilization)} kernel-wide"),
    ]
    if h:
        rows.append(("hot-loop mix", f"MFMA {_pct(h['mfma_ratio'])} ({h['mfma_ratio_verdict']}), memory "
                                     f"{_pct(h['memory_ratio'])} ({h['memory_ratio_verdict']}); "
                                     f"{h['instructions']} instructions x {h['trip_count']} iterations"))
    rows += [
        ("dim efficiency", f"{d['dim_eff']:.3f} = tile {d['tile_eff']:.3f} x wave {d['wq_eff']:.3f}   "
                           f"({d['num_tiles']} tiles in {d['waves']} waves of {d['slots_per_wave']} slots)"),
        ("occupancy", f"{occ['workgroups_per_cu']} workgroups per CU ({occ['waves_per_simd']} waves per SIMD, "
                      f"limited by {occ['limited_by']})"),
        ("memory", f"L2 hit {_pct(t['l2_hit_rate'])}, HBM {t['hbm_bytes'] / 1e6:.1f} MB, CU share "
                   f"{t['cu_bytes_per_cycle']:.1f} B/cycle, load latency {t['load_latency_cycles']:.0f} cycles"),
        ("replayed", _replay_line(sim)),
    ]
    width = max(len(k) for k, _ in rows)
    lines = [header] if header else []
    lines += [f"  {k:<{width}}  {v}" for k, v in rows]
    return "\n".join(lines)


def _waiting_on(p: Prediction) -> str:
    if p.bottleneck != "latency":
        return ""
    return f": waves wait mostly on {WAIT_MEANING[p.evidence['largest_wait']]}"


def _replay_line(sim: dict) -> str:
    parts = []
    for label, key in (("full", "full_round"), ("partial", "partial_round")):
        r = sim[key]
        if r is None:
            continue
        count = f"{sim['full_rounds']} x " if key == "full_round" else ""
        iters = r["simulated_iterations"]
        how = (f"hot loop replayed for {iters[0]} and {iters[1]} iterations, {r['extrapolated_iterations']} extrapolated"
               if r["extrapolated_iterations"] else f"all {iters[0]} iterations replayed")
        parts.append(f"{count}{label} round of {r['workgroups_on_cu']} workgroups/CU on {r['busy_cus']} CUs ({how})")
    return "; ".join(parts)
