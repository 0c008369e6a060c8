"""What the AMD tools report about the GPU: SCLK and MCLK, the driver and ROCm versions.

Clocks come from ``amd-smi metric --clock --json`` (ROCm 6.x and later), else from
``rocm-smi --showclocks --csv``. The clock a kernel ran at is the one that matters for the
predictions, and an idle GPU reads far lower, so ``ClockSampler`` polls the tool in the
background while the runner works and reports the highest SCLK read since it was last
asked (with the MCLK of that same reading).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import threading
from pathlib import Path

TOOL_TIMEOUT_S = 20


def _run(argv: list[str]) -> str | None:
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=TOOL_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return proc.stdout if proc.returncode == 0 and proc.stdout.strip() else None


def _mhz(value) -> float | None:
    """amd-smi writes {"value": 2100, "unit": "MHz"}, or "N/A" where a clock is not reported."""
    if isinstance(value, dict):
        value = value.get("value")
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def parse_amd_smi_clocks(json_text: str, gpu: int = 0) -> tuple[float | None, float | None]:
    """SCLK (the mean over the gfx_N domains that report one: MI300X has one per XCD) and
    MCLK (mem_0) of one GPU. Both shapes amd-smi has written are read: a list of per-GPU
    objects, or {"gpu_data": [...]}."""
    try:
        data = json.loads(json_text)
    except json.JSONDecodeError:
        return None, None
    gpus = data.get("gpu_data", []) if isinstance(data, dict) else data
    mine = [g for g in gpus if isinstance(g, dict) and g.get("gpu", 0) == gpu]
    clock = mine[0].get("clock", {}) if mine else {}
    gfx = [_mhz(v.get("clk")) for k, v in clock.items() if k.startswith("gfx_") and isinstance(v, dict)]
    gfx = [f for f in gfx if f]
    mem = clock.get("mem_0", {})
    return (sum(gfx) / len(gfx) if gfx else None), _mhz(mem.get("clk") if isinstance(mem, dict) else None)


def parse_rocm_smi_clocks(csv_text: str) -> tuple[float | None, float | None]:
    """rocm-smi --showclocks --csv: card 0's sclk and mclk, written like '(2100Mhz)'."""
    lines = [ln for ln in csv_text.splitlines() if ln.strip()]
    if len(lines) < 2:
        return None, None
    header = [h.strip().lower() for h in lines[0].split(",")]
    row = lines[1].split(",")

    def mhz(column: str) -> float | None:
        for i, h in enumerate(header):
            if h.startswith(column) and i < len(row):
                m = re.search(r"(\d+(?:\.\d+)?)\s*mhz", row[i], re.IGNORECASE)
                if m:
                    return float(m.group(1))
        return None

    return mhz("sclk"), mhz("mclk")


def read_clocks(gpu: int = 0) -> tuple[float | None, float | None]:
    out = _run(["amd-smi", "metric", "-g", str(gpu), "--clock", "--json"])
    if out is not None:
        sclk, mclk = parse_amd_smi_clocks(out, gpu)
        if sclk is not None:
            return sclk, mclk
    out = _run(["rocm-smi", "-d", str(gpu), "--showclocks", "--csv"])
    return parse_rocm_smi_clocks(out) if out is not None else (None, None)


def rocm_version() -> str | None:
    """$ROCM_PATH/.info/version, else the 'ROCm version' amd-smi prints."""
    info = Path(os.environ.get("ROCM_PATH", "/opt/rocm")) / ".info" / "version"
    if info.is_file():
        return info.read_text().strip()
    out = _run(["amd-smi", "version"])
    m = re.search(r"ROCm version:\s*([\w.\-]+)", out or "")
    return m.group(1) if m else None


def driver_version() -> str | None:
    """The amdgpu kernel driver: /sys/module/amdgpu/version (DKMS builds), else amd-smi's."""
    sysfs = Path("/sys/module/amdgpu/version")
    if sysfs.is_file():
        return sysfs.read_text().strip()
    out = _run(["amd-smi", "version"])
    m = re.search(r"(?:amdgpu|driver) version:\s*([\w.\-]+)", out or "", re.IGNORECASE)
    return m.group(1) if m else None


class ClockSampler:
    """Reads the clocks every ``interval_s`` in a background thread (each read runs the tool,
    which itself takes a fraction of a second)."""

    def __init__(self, reader=read_clocks, interval_s: float = 0.25):
        self._reader, self._interval = reader, interval_s
        self._lock = threading.Lock()
        self._window: list[tuple[float, float | None]] = []
        self._latest: tuple[float | None, float | None] = (None, None)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="clock-sampler", daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while not self._stop.is_set():
            sclk, mclk = self._reader()
            if sclk is not None:
                with self._lock:
                    self._latest = (sclk, mclk)
                    self._window.append((sclk, mclk))
            self._stop.wait(self._interval)

    def take(self) -> tuple[float | None, float | None]:
        """The highest SCLK read since the last call (with its MCLK); if none was read in that
        time, a reading taken now, else the last good reading."""
        with self._lock:
            window, self._window = self._window, []
        if window:
            return max(window, key=lambda s: s[0])
        reading = self._reader()
        return reading if reading[0] is not None else self._latest

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=TOOL_TIMEOUT_S + 1)

