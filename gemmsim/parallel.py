"""Independent tasks spread over processes: a local pool, or Ray where `--engine ray` is given.

One home for what `sweep`, `compare` and `tune` hand out: `run_tasks(function, items)` yields
`function(item)` for every item, in the items' order (or as they finish, `ordered=False`), from

* this process, for one worker (no pool, nothing to pickle);
* a local pool of `workers` processes (default: one per core), forked where the platform can: a
  worker inherits the imports, the loaded GPU descriptions and the caches of the process that
  forked it, instead of paying them again;
* Ray tasks (`engine="ray"`): a local Ray instance, or the cluster at `address`.

A task must be a module-level function of picklable arguments and results. A replay is
deterministic, so the results are the ones the serial loop gives, whatever the engine and the
number of workers: only the wall time changes. Progress (gemmsim.progress) counts the tasks done.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from gemmsim import progress
from gemmsim.errors import InputError

T = TypeVar("T")
R = TypeVar("R")

ENGINES = ("local", "ray")
RAY_PORTS = {"ray://": 10001, "": 6379}       # the Ray Client's port, and the head node's (GCS) port
CONNECT_SECONDS = 5


def default_workers() -> int:
    """One worker per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:    # not on Linux
        return os.cpu_count() or 1


def check_workers(workers: int | None) -> None:
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise InputError(f"--workers must be a positive integer, got {workers}")


def check_engine(engine: str, address: str | None = None) -> None:
    """An engine this module runs (Ray installed where it is asked for), checked before any work."""
    if engine not in ENGINES:
        raise InputError(f"engine {engine!r}: expected one of {', '.join(ENGINES)}")
    if address is not None and engine != "ray":
        raise InputError("--address names a Ray cluster: it needs --engine ray")
    if engine == "ray":
        require_ray()


def fork_context():
    """The multiprocessing context of the local pools: fork where the platform has it (a worker then
    starts with this process's imports and caches), else the platform's default."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def run_tasks(function: Callable[[T], R], items: Iterable[T], *, workers: int | None = None, engine: str = "local",
              address: str | None = None, label: str | None = None, ordered: bool = True,
              chunksize: int | None = None) -> Iterator[R]:
    """`function(item)` for every item: in the items' order (ordered=False: as they finish, where the
    engine can tell), from `workers` local processes (default: one per core; one: this process) or
    Ray tasks. `label` shows progress under that name (where gemmsim.progress is on). `chunksize`:
    items a local worker takes at once (default: up to 8, for many short tasks; 1 for tasks whose
    costs differ by orders of magnitude, so that no worker is left with a chunk of long ones)."""
    check_workers(workers)
    check_engine(engine, address)
    items = list(items)
    if engine == "ray":
        results = _ray_tasks(function, items, address, ordered)
    else:
        results = _local_tasks(function, items, min(workers or default_workers(), max(1, len(items))), chunksize)
    if label is not None:
        results = progress.track(results, label, total=len(items))
    return results


def _local_tasks(function: Callable[[T], R], items: list[T], workers: int, chunksize: int | None) -> Iterator[R]:
    if workers <= 1:
        yield from map(function, items)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers, mp_context=fork_context()) as pool:
        # small chunks: results come back steadily (progress, a sweep's journal), and the load stays
        # balanced when the tasks' costs differ by orders of magnitude (a replay's does)
        yield from pool.map(function, items, chunksize=chunksize or max(1, min(8, len(items) // (8 * workers))))


def _ray_tasks(function: Callable[[T], R], items: list[T], address: str | None, ordered: bool) -> Iterator[R]:
    ray, started = start_ray(address) if items else (None, False)
    try:
        task = ray.remote(function) if items else None
        pending = [task.remote(item) for item in items]
        if ordered:
            for ref in pending:
                yield ray.get(ref)
        else:
            while pending:
                done, pending = ray.wait(pending, num_returns=min(len(pending), 16), timeout=None)
                yield from ray.get(done)
    finally:
        if started:
            ray.shutdown()


def require_ray():
    """The ray module, or one InputError saying how to install it."""
    try:
        import ray
    except ImportError:
        raise InputError("--engine ray needs Ray: pip install 'gemmsim[ray]' (or use --engine local)") from None
    return ray


def start_ray(address: str | None = None):
    """Ray, ready for tasks: the instance this process already joined, else a new local one on this
    machine (address None: what `ray.init()` does; $RAY_ADDRESS, if set, names a cluster instead),
    else the cluster at `address` ('auto': the one running here). Returns (ray, whether this call
    started it: the caller shuts that one down). Missing Ray or an unreachable cluster is one
    InputError, raised before any task runs."""
    ray = require_ray()
    if ray.is_initialized():
        return ray, False
    if address not in (None, "auto", "local"):
        _check_reachable(address)      # Ray itself retries an unreachable address for ever
    import logging

    try:
        ray.init(address=address, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR,
                 configure_logging=True)
    except (ConnectionError, RuntimeError, ValueError) as e:
        where = f"the Ray cluster at {address!r}" if address else "a local Ray instance"
        raise InputError(f"--engine ray: cannot start or join {where}: {str(e).splitlines()[0].strip(chr(39)) if str(e) else e!r}") from None
    return ray, True


def _check_reachable(address: str) -> None:
    """An address of a Ray cluster ([ray://]HOST[:PORT]) must answer a TCP connection within a few
    seconds: `ray.init` would wait for an unreachable one for ever, printing a line every 5 s."""
    import socket

    scheme = "ray://" if address.startswith("ray://") else ""
    rest = address[len(scheme):].rstrip("/")
    host, colon, port = rest.rpartition(":") if ":" in rest else (rest, "", "")
    if not colon:
        host, port = rest, str(RAY_PORTS[scheme])
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise InputError(f"--address {address!r}: expected auto, HOST:PORT or ray://HOST[:PORT]")
    try:
        socket.create_connection((host, int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as e:
        raise InputError(f"--address {address!r}: no Ray cluster answers at {host}:{port} "
                         f"({e.strerror or e or 'timed out'})") from None
