"""Design-space sweeps: every point of shapes x dtypes x GPUs x kernel configurations, predicted
once, written as one table (CSV, or Parquet with pyarrow).

A point is a plain, sortable record (`SweepPoint`); `predict_point` turns one into one row and is the
only task function: the local process pool and Ray run the same function on the same points.
Invalid points (a tile that does not divide, a GPU the generator does not target) become rows
that carry the error instead of stopping the sweep.

Resumable: every finished row is appended to a journal beside the output (`OUT.journal.jsonl`),
one JSON line per point, as soon as it is back. A rerun reads the journal and predicts only the
points it lacks; the output is rewritten from the journal, sorted by point, so it is the same
file whether one worker or many computed it, in one run or several. A journal line records the
simulator version and a fingerprint of the GPU description: rows of another version or of a
changed GPU file are predicted again.

Spec syntax (what `gemmsim sweep --help` shows):
    shapes   MxNxK[,MxNxK...] | model:NAME[:seq=S][:batch=B][:decode_steps=D][:mode=M] | FILE
             (FILE: one MxNxK per line, or a CSV whose header names M, N, K; '#' starts a comment)
    configs  FIELD=V[,V...][;FIELD=V[,V...]...] over tile (MxNxK or 'all', the candidate tiles of
             predict_gemm), lds_stage, copy, epilogue, swizzle (on/off), waves_per_eu (none or 1..8),
             split_k (1 by default; 'all': the split factors tune searches, 1 2 4 8 16)
"""

from __future__ import annotations

import csv
import io
import itertools
import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Iterable

from gemmsim.workloads.models import preset
from gemmsim.workloads.shapes import Workload, model_gemms
from gemmsim.caches import kept
from gemmsim.dtypes import element_bytes, normalize
from gemmsim.errors import GemmsimError, InputError
from gemmsim.files import check_input_file, read_text
from gemmsim.hw import GPU, load_gpu
from gemmsim.parallel import check_engine, run_tasks
from gemmsim.simulate import predict
from gemmsim.tables import check_table_output, write_table
from gemmsim.tuning.cache import gpu_hash, simulator_version
from gemmsim.frontends.preshuffle.space import SPLITS, TILES
from gemmsim.problem import COPY_MODES, EPILOGUES, KernelConfig, make_problem, parse_dims

CONFIG_FIELDS = ("tile", "lds_stage", "copy", "epilogue", "swizzle", "waves_per_eu", "split_k")
WORKLOAD_FIELDS = {"seq": int, "batch": int, "decode_steps": int, "mode": str}
NO_WAVES_PER_EU = 0   # waves_per_eu not set (0 keeps the point sortable; the kernel takes None)


@dataclass(frozen=True, order=True)
class SweepPoint:
    """One prediction of the sweep; the field order is the sort order of the output."""

    gpu: str
    dtype: str
    m: int
    n: int
    k: int
    tile_m: int
    tile_n: int
    tile_k: int
    lds_stage: int
    copy: str
    epilogue: str
    swizzle: bool
    waves_per_eu: int
    split_k: int = 1

    @property
    def key(self) -> str:
        return json.dumps(list(asdict(self).values()), separators=(",", ":"))

    def config(self) -> KernelConfig:
        return KernelConfig(self.tile_m, self.tile_n, self.tile_k, lds_stage=self.lds_stage, swizzle=self.swizzle,
                            copy=self.copy, epilogue=self.epilogue, waves_per_eu=self.waves_per_eu or None,
                            split_k=self.split_k)


POINT_COLUMNS = tuple(f.name for f in fields(SweepPoint))
# what a row adds to its point: the prediction's headline numbers, or the error that stopped it
RESULT_COLUMNS = {"time_us": float, "tflops": float, "pct_of_peak": float, "bottleneck": str,
                  "mfma_utilization": float, "workgroups_per_cu": int, "occupancy_limited_by": str,
                  "lds_conflict_cycles_per_k_tile": float, "l2_hit_rate": float, "hbm_bytes": float,
                  "roofline_us": float, "error": str}
# the output's columns and their types (SweepPoint's annotations are strings: postponed evaluation)
COLUMNS = {f.name: {"int": int, "str": str, "bool": bool}[f.type] for f in fields(SweepPoint)} | RESULT_COLUMNS


# ---- specs ----------------------------------------------------------------------------------------

def parse_shapes(spec: str) -> list[tuple[int, int, int]]:
    """The distinct shapes of a spec (see the module docstring), in first-seen order."""
    if not spec or not spec.strip():
        raise InputError("shapes: empty spec: expected MxNxK[,MxNxK...], model:NAME[:seq=S...] or a file")
    path = Path(spec)
    if path.exists() or "/" in spec or path.suffix.lower() in (".csv", ".txt"):   # a file is meant
        check_input_file(spec)
        items = _shapes_of_file(path)
    else:
        items = _shapes_of_spec(spec)
    return list(dict.fromkeys(items))


def _shapes_of_spec(spec: str) -> list[tuple[int, int, int]]:
    out = []
    for part in (p.strip() for p in spec.split(",")):
        if part.startswith("model:"):
            out.extend(_model_shapes(part))
        elif part:
            out.append(parse_dims(part, "shape"))
    return out


def _model_shapes(part: str) -> list[tuple[int, int, int]]:
    """`model:llama2-7b:seq=597:decode_steps=36`: every distinct GEMM of one run of the model (a
    batched GEMM contributes its per-batch M x N x K)."""
    name, *settings = part.split(":")[1:]
    values = {"seq": 1, "batch": 1, "decode_steps": 0, "mode": "inference"}
    for setting in settings:
        field, _, value = setting.partition("=")
        if field not in WORKLOAD_FIELDS or not value:
            raise InputError(f"shapes: {part!r}: {setting!r} is not FIELD=VALUE with FIELD one of "
                             f"{', '.join(WORKLOAD_FIELDS)}")
        try:
            values[field] = WORKLOAD_FIELDS[field](value)
        except ValueError:
            raise InputError(f"shapes: {part!r}: {field} must be an integer, got {value!r}") from None
    work = Workload(values["batch"], values["seq"], values["decode_steps"], values["mode"])
    return [(row.call.m, row.call.n, row.call.k) for row in model_gemms(preset(name), work)]


def _shapes_of_file(path: Path) -> list[tuple[int, int, int]]:
    text = read_text(path, "a text file of shapes")
    lines = [line.split("#")[0].strip() for line in text.splitlines()]
    lines = [line for line in lines if line]
    if not lines:
        raise InputError(f"shapes file {path}: no shapes in it")
    header = [h.strip().lower() for h in lines[0].split(",")]
    if {"m", "n", "k"} <= set(header):
        out = []
        for row in csv.DictReader(io.StringIO("\n".join(lines))):
            row = {(key or "").strip().lower(): (value or "").strip() for key, value in row.items()}
            out.append(parse_dims(f"{row['m']}x{row['n']}x{row['k']}", f"shapes file {path}: row"))
        return out
    return [parse_dims(line, f"shapes file {path}: line") for line in lines]


def parse_configs(spec: str) -> dict[str, tuple[str, ...]]:
    """`tile=64x256x128,all;lds_stage=1,2` -> {'tile': ('64x256x128', 'all'), 'lds_stage': ('1', '2')};
    fields left out take the kernel's defaults."""
    out: dict[str, tuple[str, ...]] = {}
    for part in (p.strip() for p in (spec or "").split(";")):
        if not part:
            continue
        field, _, values = part.partition("=")
        field = field.strip().replace("-", "_")
        if field not in CONFIG_FIELDS:
            raise InputError(f"configs: unknown field {field!r} in {part!r}: expected one of {', '.join(CONFIG_FIELDS)}")
        if field in out:
            raise InputError(f"configs: {field} is given twice")
        choices = tuple(v.strip() for v in values.split(",") if v.strip())
        if not choices:
            raise InputError(f"configs: {field} has no values in {part!r}")
        out[field] = choices
    return out


def _config_values(configs: dict[str, tuple[str, ...]], dtype: str) -> dict[str, list]:
    """Each config field's values, checked and typed; 'all' tiles depend on the dtype's element size."""
    default = KernelConfig(1, 1, 1)
    tiles = []
    for text in configs.get("tile", ("all",)):
        if text == "all":
            tiles.extend((tm, tn, int(kb / element_bytes(dtype))) for kb in TILES.tile_k_bytes
                         for tm in TILES.tile_m for tn in TILES.tile_n)
        else:
            tiles.append(parse_dims(text, "configs: tile"))
    return {
        "tile": list(dict.fromkeys(tiles)),
        "lds_stage": [_integer("lds_stage", v) for v in configs.get("lds_stage", (str(default.lds_stage),))],
        "copy": [_choice("copy", v, COPY_MODES) for v in configs.get("copy", (default.copy,))],
        "epilogue": [_choice("epilogue", v, EPILOGUES) for v in configs.get("epilogue", (default.epilogue,))],
        "swizzle": [_switch(v) for v in configs.get("swizzle", ("on" if default.swizzle else "off",))],
        "waves_per_eu": [NO_WAVES_PER_EU if v == "none" else _integer("waves_per_eu", v)
                         for v in configs.get("waves_per_eu", ("none",))],
        "split_k": list(dict.fromkeys(s for v in configs.get("split_k", ("1",))
                                      for s in (SPLITS if v == "all" else (_integer("split_k", v),)))),
    }


def _integer(field: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError(f"configs: {field} must be an integer, got {text!r}") from None


def _choice(field: str, text: str, choices: tuple[str, ...]) -> str:
    if text not in choices:
        raise InputError(f"configs: {field} {text!r}: expected one of {', '.join(choices)}")
    return text


def _switch(text: str) -> bool:
    if text.lower() not in ("on", "off", "true", "false", "1", "0"):
        raise InputError(f"configs: swizzle {text!r}: expected on or off")
    return text.lower() in ("on", "true", "1")


def sweep_points(shapes: Iterable[tuple[int, int, int]], configs: dict[str, tuple[str, ...]],
                 dtypes: Iterable[str], gpus: Iterable[str]) -> list[SweepPoint]:
    """Every combination, sorted, each once. Values are checked here (a bad spec stops the sweep
    before any work); whether a combination is a valid kernel is the prediction's business."""
    points = set()
    for dtype in dtypes:
        dtype = normalize(dtype)
        values = _config_values(configs, dtype)
        for gpu, (m, n, k), tile, stage, copy, epilogue, swizzle, wpe, split in itertools.product(
                gpus, shapes, values["tile"], values["lds_stage"], values["copy"], values["epilogue"],
                values["swizzle"], values["waves_per_eu"], values["split_k"]):
            points.add(SweepPoint(gpu, dtype, m, n, k, *tile, stage, copy, epilogue, swizzle, wpe, split))
    return sorted(points)


# ---- the task -------------------------------------------------------------------------------------

@kept(None)
def _gpu(name: str) -> GPU:
    return load_gpu(name)


def gpu_fingerprint(name: str) -> str:
    """What a journaled row was predicted with: the GPU description's content (not its file name)."""
    return gpu_hash(_gpu(name))


def predict_point(point: SweepPoint) -> dict:
    """The row of one point: the prediction's headline numbers, or the error that makes it invalid."""
    row = {**asdict(point), **dict.fromkeys(RESULT_COLUMNS)}
    try:
        p = predict(make_problem((point.m, point.n, point.k), point.dtype), point.config(), _gpu(point.gpu))
    except GemmsimError as e:
        row["error"] = str(e)
        return row
    row.update(time_us=p.time_us, tflops=p.tflops, pct_of_peak=p.pct_of_peak, bottleneck=p.bottleneck,
               mfma_utilization=p.mfma_utilization, workgroups_per_cu=p.occupancy.workgroups_per_cu,
               occupancy_limited_by=p.occupancy.limited_by,
               lds_conflict_cycles_per_k_tile=p.lds_conflict_cycles.per_workgroup_per_k_tile,
               l2_hit_rate=p.traffic.l2_hit_rate, hbm_bytes=p.traffic.hbm_bytes, roofline_us=p.roofline_us)
    return row


# ---- journal and output ---------------------------------------------------------------------------

def journal_path(out: str | Path) -> Path:
    return Path(f"{out}.journal.jsonl")


def read_journal(path: Path, fingerprints: dict[str, str]) -> dict[str, dict]:
    """Rows already predicted by this version with these GPU descriptions, by point key. A line cut
    short by an interruption is skipped (its point is predicted again)."""
    rows: dict[str, dict] = {}
    if not path.exists():
        return rows
    for line in path.read_text().splitlines():
        try:
            record = json.loads(line)
            row = record["row"]
            if record["version"] == simulator_version() and record["gpu"] == fingerprints.get(row["gpu"]):
                rows[SweepPoint(**{c: row[c] for c in POINT_COLUMNS}).key] = row
        except (ValueError, KeyError, TypeError):
            continue
    return rows


def run_sweep(points: list[SweepPoint], out: str | Path, engine: str = "local", workers: int | None = None,
              address: str | None = None, restart: bool = False) -> "SweepResult":
    """Predict every point the journal lacks, then write the output from the journal, sorted."""
    check_engine(engine, address)   # before the journal is touched
    check_table_output(out)
    journal = journal_path(out)
    if restart and journal.exists():
        journal.unlink()
    fingerprints = {gpu: gpu_fingerprint(gpu) for gpu in sorted({p.gpu for p in points})}
    done = read_journal(journal, fingerprints)
    todo = [p for p in points if p.key not in done]
    rows = run_tasks(predict_point, todo, workers=workers, engine=engine, address=address, label="sweep",
                     ordered=False)
    _journal(rows, journal, fingerprints, done)
    table = [done[p.key] for p in points]
    write_table(table, COLUMNS, out)
    return SweepResult(len(points), len(points) - len(todo), sum(1 for r in table if r["error"]), Path(out))


def _journal(rows: Iterable[dict], journal: Path, fingerprints: dict[str, str], done: dict[str, dict]) -> None:
    """Append each row to the journal as it comes back (and to `done`). The journal is opened at the
    first row: a sweep that fails before any leaves no file behind."""
    log = None
    try:
        for row in rows:
            if log is None:
                log = open(journal, "a")
            log.write(json.dumps({"version": simulator_version(), "gpu": fingerprints[row["gpu"]], "row": row},
                                 separators=(",", ":")) + "\n")
            log.flush()
            done[SweepPoint(**{c: row[c] for c in POINT_COLUMNS}).key] = row
    finally:
        if log is not None:
            log.close()


@dataclass(frozen=True)
class SweepResult:
    points: int
    from_journal: int          # rows a previous (interrupted) run had already predicted
    errors: int                # invalid points: rows that carry the error
    out: Path
