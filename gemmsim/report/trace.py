"""The replayed CU's timeline as a Chrome / Perfetto trace (chrome://tracing, ui.perfetto.dev).

One track per wave (its instructions and the waits between them) and one per unit: each SIMD's
matrix pipe and VALU, the LDS, and the CU's memory return path. Times are converted from cycles
to microseconds at the clock of the replay.
"""

from __future__ import annotations

import json
from pathlib import Path

from gemmsim.files import write_atomically
from gemmsim.model.resource import Span

WAVES_PID, UNITS_PID = 1, 2


def _track_key(track: str) -> tuple:
    """Waves first (by workgroup, wave), then units in a fixed order."""
    if track.startswith("wg"):
        wg, wave = track[2:].split(".wave")
        return (0, int(wg), int(wave), "")
    return (1, 0, 0, track)


def _us(cycle: float, clock_mhz: float) -> float:
    return round(cycle / clock_mhz, 6)


def chrome_trace(spans: list[Span], clock_mhz: float, title: str = "") -> dict:
    tracks = sorted({s.track for s in spans}, key=_track_key)
    tid = {t: i + 1 for i, t in enumerate(tracks)}
    events = [{"ph": "M", "name": "process_name", "pid": WAVES_PID, "tid": 0, "args": {"name": "waves"}},
              {"ph": "M", "name": "process_name", "pid": UNITS_PID, "tid": 0, "args": {"name": "units"}}]
    for t in tracks:
        pid = WAVES_PID if t.startswith("wg") else UNITS_PID
        events.append({"ph": "M", "name": "thread_name", "pid": pid, "tid": tid[t], "args": {"name": t}})
        events.append({"ph": "M", "name": "thread_sort_index", "pid": pid, "tid": tid[t], "args": {"sort_index": tid[t]}})
    ordered = sorted(spans, key=lambda s: (_track_key(s.track), s.start, s.end, s.name))
    for s, nxt in zip(ordered, ordered[1:] + [None]):
        pid = WAVES_PID if s.track.startswith("wg") else UNITS_PID
        # a wave's MFMA runs on while the wave issues on: cut it at the wave's next event so that
        # the events of a track never overlap (the pipe's own track shows the full MFMA)
        end = min(s.end, nxt.start) if nxt is not None and nxt.track == s.track and nxt.start > s.start else s.end
        events.append({"ph": "X", "name": s.name, "pid": pid, "tid": tid[s.track],
                       "ts": _us(s.start, clock_mhz), "dur": round(_us(end, clock_mhz) - _us(s.start, clock_mhz), 6),
                       "args": {"start_cycle": s.start, "end_cycle": s.end}})
    return {"traceEvents": events, "displayTimeUnit": "ns",
            "otherData": {"title": title, "clock_mhz": clock_mhz, "time_unit": "us"}}


def write_trace(path: str | Path, spans: list[Span], clock_mhz: float, title: str = "") -> None:
    write_atomically(path, json.dumps(chrome_trace(spans, clock_mhz, title), sort_keys=True))
