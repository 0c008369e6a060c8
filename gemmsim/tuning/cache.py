"""The tuning cache: an SQLite file of search results, keyed by everything a result depends on, and
`tune`, the search that answers from it when it can.

    the GPU description's content (a hash of the loaded description, so an edited or inherited
    file changes it), the simulator version (gemmsim.__version__ and a digest of the sources a
    prediction runs through, MODEL_SOURCES: any edit of the model misses), the problem and the
    candidate space.

Nothing is ever invalidated in place: a changed key simply misses, and `gemmsim cache clear` drops
the file's rows.

Measured candidates (`gemmsim tune --measure-top K`) go in a table of their own, keyed by the GPU
description's name, the problem, the family and the configuration, not by the simulator version: a
kernel's measured time does not change with the model. Every search answer is given the measurements
of its candidates (TuneResult.measured), so that a later `tune` and the dispatch tables pick the measured best. Location: $GEMMSIM_CACHE_DIR, else the user cache directory (~/.cache/gemmsim, or
$XDG_CACHE_HOME/gemmsim). SQLite serialises writers; a busy timeout lets two processes share it.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import sqlite3
import zlib
from dataclasses import replace
from pathlib import Path

from gemmsim.caches import kept
from gemmsim.version import __version__
from gemmsim.errors import ConfigError, InputError
from gemmsim.files import user_cache_dir
from gemmsim.hw import GPU
from gemmsim.problem import Problem
from gemmsim.tuning.result import DEFAULT_TOP, PRESHUFFLE, Measured, TuneResult, config_text, result_from_dict, result_to_dict
from gemmsim.frontends.preshuffle.space import TILES, Space

# What a prediction runs through, relative to the package (a folder: its .py and .toml files): their
# bytes are the model's part of the key. The GPU descriptions are keyed apart, by their content.
# tests/test_tune.py checks that every module a search imports is here or cannot change a number.
MODEL_SOURCES = ("model", "frontends", "ir", "analytics", "tuning", "hw/*.py", "simulate.py", "problem.py",
                 "prediction.py", "dtypes.py", "limits.py")
PACKAGE = Path(__file__).resolve().parents[1]
FILE_NAME = "tune.sqlite"
BUSY_TIMEOUT_S = 30.0
SCHEMA = """CREATE TABLE IF NOT EXISTS searches (
    gpu_hash TEXT, version TEXT, problem TEXT, space TEXT, gpu TEXT, result TEXT, created TEXT DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (gpu_hash, version, problem, space));
CREATE TABLE IF NOT EXISTS measurements (
    gpu TEXT, problem TEXT, family TEXT, config TEXT, measured_us REAL, device TEXT, driver TEXT, command TEXT,
    created TEXT, PRIMARY KEY (gpu, problem, family, config))"""


# the export's columns: the search's key, then each candidate's fields (tune.result writes them)
EXPORT_KEY_COLUMNS = {"gpu": str, "gpu_hash": str, "version": str, "batch": int, "m": int, "n": int, "k": int, "dtype": str,
                      "space": str, "created": str}
CANDIDATE_COLUMNS = {"tile_m": int, "tile_n": int, "tile_k": int, "lds_stage": int, "copy": str, "epilogue": str,
                     "swizzle": bool, "split_k": int, "waves_per_eu": int, "time_us": float, "bound_us": float,
                     "occupancy": int, "bottleneck": str, "why": str}
EXPORT_COLUMNS = EXPORT_KEY_COLUMNS | {"rank": int} | CANDIDATE_COLUMNS


def simulator_version() -> str:
    """gemmsim's version and the model's digest: what a cached result was predicted with."""
    return f"{__version__}+model.{model_fingerprint()[:12]}"


@kept(1)
def model_fingerprint() -> str:
    """A SHA-256 of the model's sources (their paths and bytes), computed once per process."""
    digest = hashlib.sha256()
    for path in model_source_files():
        name, data = path.relative_to(PACKAGE).as_posix().encode(), path.read_bytes()
        digest.update(b"%d %s %d\n" % (len(name), name, len(data)) + data)
    return digest.hexdigest()


def model_source_files() -> list[Path]:
    files = set()
    for entry in MODEL_SOURCES:
        if (PACKAGE / entry).is_dir():
            files.update(p for p in (PACKAGE / entry).rglob("*") if p.suffix in (".py", ".toml", ".json") and p.is_file())
        else:
            files.update(PACKAGE.glob(entry))
    return sorted(files)


def gpu_hash(gpu: GPU) -> str:
    """The description's content: every loaded value (inherited ones too), not the file's name."""
    return gpu.fingerprint[:16]


def cache_dir() -> Path:
    return user_cache_dir()


def problem_key(problem: Problem) -> str:
    """MxNxK and the dtype; BxMxNxK for a batch (a batch's answer is not the single GEMM's)."""
    batch = f"{problem.batch}x" if problem.batch > 1 else ""
    return f"{batch}{problem.m}x{problem.n}x{problem.k} {problem.dtype}"


def open_cache(directory: Path | str | None, schema: str) -> tuple[Path, sqlite3.Connection]:
    """The cache file in `directory` (default: cache_dir()) and a connection to it, its tables made
    (`schema`); a folder or file that cannot be used is one InputError."""
    path = Path(directory or cache_dir()) / FILE_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S)
        db.executescript(schema)
        db.commit()
    except (OSError, sqlite3.Error) as e:
        raise InputError(f"tuning cache {path}: {e}") from None
    return path, db


class TuneCache:
    """Search results as JSON rows; `get` and `put` take the problem, the GPU and the space's text."""

    def __init__(self, directory: Path | str | None = None):
        self.path, self._db = open_cache(directory, SCHEMA)

    def _key(self, problem: Problem, gpu: GPU, space: str) -> tuple[str, str, str, str]:
        return gpu_hash(gpu), simulator_version(), problem_key(problem), space

    def get(self, problem: Problem, gpu: GPU, space: str) -> dict | None:
        row = self._db.execute("SELECT result FROM searches WHERE gpu_hash=? AND version=? AND problem=? AND space=?",
                               self._key(problem, gpu, space)).fetchone()
        return json.loads(row[0]) if row else None

    def put(self, problem: Problem, gpu: GPU, space: str, result: dict) -> None:
        with self._db:
            self._db.execute("INSERT OR REPLACE INTO searches (gpu_hash, version, problem, space, gpu, result) "
                             "VALUES (?, ?, ?, ?, ?, ?)", (*self._key(problem, gpu, space), gpu.name,
                                                           json.dumps(result, sort_keys=True)))

    def put_measured(self, problem: Problem, gpu: str, family: str, measured: tuple[Measured, ...]) -> None:
        """Keep `measured` (candidates of `family` for `problem` on the GPU description named `gpu`)."""
        with self._db:
            self._db.executemany("INSERT OR REPLACE INTO measurements (gpu, problem, family, config, measured_us, device, "
                                 "driver, command, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                 [(gpu, problem_key(problem), family, m.config, m.measured_us, m.device, m.driver,
                                   m.command, m.created) for m in measured])

    def measured(self, problem: Problem, gpu: str, family: str) -> tuple[Measured, ...]:
        rows = self._db.execute("SELECT config, measured_us, device, driver, command, created FROM measurements "
                                "WHERE gpu=? AND problem=? AND family=? ORDER BY config",
                                (gpu, problem_key(problem), family)).fetchall()
        return tuple(Measured(*row) for row in rows)

    def info(self) -> dict:
        rows = self._db.execute("SELECT gpu, version, COUNT(*) FROM searches GROUP BY gpu, version "
                                "ORDER BY gpu, version").fetchall()
        measured = self._db.execute("SELECT COUNT(*) FROM measurements").fetchone()[0]
        return {"path": str(self.path), "bytes": self.path.stat().st_size if self.path.exists() else 0,
                "entries": sum(r[2] for r in rows), "measurements": measured, "current_version": simulator_version(),
                "by_gpu_and_version": [{"gpu": g, "version": v, "entries": n} for g, v, n in rows]}

    def export_rows(self) -> list[dict]:
        """One row per candidate of every cached search (all versions), for analysis elsewhere."""
        rows = []
        for gpu, digest, version, problem, space, created, result in self._db.execute(
                "SELECT gpu, gpu_hash, version, problem, space, created, result FROM searches "
                "ORDER BY gpu, version, problem, space"):
            dims, dtype = problem.split()
            *batch, m, n, k = (int(d) for d in dims.split("x"))
            for rank, cand in enumerate(json.loads(result)["candidates"], 1):
                rows.append({"gpu": gpu, "gpu_hash": digest, "version": version, "batch": batch[0] if batch else 1,
                             "m": m, "n": n, "k": k,
                             "dtype": dtype, "space": space, "created": created, "rank": rank,
                             **{c: cand.get(c) for c in CANDIDATE_COLUMNS}})
        return rows

    def clear(self) -> int:
        with self._db:
            n = self._db.execute("DELETE FROM searches").rowcount
            n += self._db.execute("DELETE FROM measurements").rowcount
        self._db.execute("VACUUM")
        return n

    def close(self) -> None:
        self._db.close()


PREDICTIONS_SCHEMA = """CREATE TABLE IF NOT EXISTS predictions (
    key TEXT PRIMARY KEY, version TEXT, gpu TEXT, prediction BLOB, created TEXT DEFAULT CURRENT_TIMESTAMP)"""


class PredictionCache:
    """Single predictions (`gemmsim compare`'s points), in the tuning cache's file: a Prediction
    pickled under a key that its caller makes of everything the prediction depends on
    (`prediction_key`: what fixes the Program, the GPU description's content), with the simulator
    version in it, so a changed model or description misses and nothing is invalidated in place.
    A row that no longer unpickles (a Prediction of another shape) is a miss."""

    def __init__(self, directory: Path | str | None = None):
        self.path, self._db = open_cache(directory, PREDICTIONS_SCHEMA)

    def get_many(self, keys: list[str]) -> dict[str, object]:
        """The cached predictions of `keys` (those it holds)."""
        found = {}
        for start in range(0, len(keys), 500):     # SQLite's limit on a statement's parameters
            part = keys[start:start + 500]
            rows = self._db.execute(f"SELECT key, prediction FROM predictions WHERE key IN ({','.join('?' * len(part))})",
                                    part).fetchall()
            for key, blob in rows:
                try:
                    found[key] = pickle.loads(zlib.decompress(blob))
                except Exception:      # noqa: BLE001 -- a row this version cannot read is a miss
                    continue
        return found

    def put_many(self, entries: list[tuple[str, str, object]]) -> None:
        """(key, GPU name, Prediction) each, in one transaction."""
        version = simulator_version()
        with self._db:
            self._db.executemany("INSERT OR REPLACE INTO predictions (key, version, gpu, prediction) VALUES (?, ?, ?, ?)",
                                 [(key, version, gpu, zlib.compress(pickle.dumps(p, pickle.HIGHEST_PROTOCOL)))
                                  for key, gpu, p in entries])

    def entries(self) -> int:
        return self._db.execute("SELECT COUNT(*) FROM predictions").fetchone()[0]

    def clear(self) -> int:
        with self._db:
            n = self._db.execute("DELETE FROM predictions").rowcount
        self._db.execute("VACUUM")
        return n

    def close(self) -> None:
        self._db.close()


def prediction_key(*parts: str) -> str:
    """A cached prediction's key: a SHA-256 of `parts` (what the prediction depends on, as text)
    and the simulator version."""
    digest = hashlib.sha256()
    for part in (simulator_version(), *parts):
        data = part.encode()
        digest.update(b"%d\n" % len(data) + data)
    return digest.hexdigest()


def tune(problem: Problem, gpu: GPU, space: Space = TILES, cache=None, top: int = DEFAULT_TOP,
         workers: int = 1, family=None) -> TuneResult:
    """The ranked search result (its first `top` exact), from `cache` (a TuneCache) when it holds
    this exact question, else searched with `workers` processes. `family` (a registered FrontEnd;
    None: preshuffle) owns the space: the preshuffle GEMM's Space is searched by tuning.search,
    another family's candidates by tuning.family_search."""
    other = family is not None and family.name != PRESHUFFLE
    key = cache_key(space, top, family.name if other else None)
    if cache is not None:
        stored = cache.get(problem, gpu, key)
        if stored is not None:
            return with_measurements(result_from_dict(stored, problem, from_cache=True, top=top), cache)
    if other:
        from gemmsim.tuning.family_search import search_family

        result, best = search_family(family, problem, gpu, space, top)
    else:
        from gemmsim.tuning.search import search   # a miss only: the search imports the analysis and the replay

        result, best = search(problem, gpu, space, top, workers)
    if best is None:
        raise ConfigError(f"no configuration of the space fits {problem.m}x{problem.n}x{problem.k} {problem.dtype} "
                          f"on {gpu.name}: {'; '.join(f'{rule} ({n} configs)' for rule, n in result.rejected.items())}")
    if cache is not None:
        cache.put(problem, gpu, key, result_to_dict(result))
        result = with_measurements(result, cache)
    return result


def with_measurements(result: TuneResult, cache: TuneCache) -> TuneResult:
    """`result` with the cache's measurements of its candidates."""
    texts = {config_text(c.config) for c in result.candidates}
    measured = tuple(m for m in cache.measured(result.problem, result.gpu, result.family) if m.config in texts)
    return replace(result, measured=measured) if measured else result


def cache_key(space, top: int = DEFAULT_TOP, family: str | None = None) -> str:
    """The question a search answers: the space, and how many it ranks exactly (named only when not
    the default, so the entries of earlier versions still answer); a family other than preshuffle is
    named first."""
    return (f"family={family} " if family else "") + space.describe() + ("" if top == DEFAULT_TOP else f" top={top}")
