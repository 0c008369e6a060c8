"""Progress on long work, shown on stderr only when a person is watching.

Library loops that can run for seconds wrap their items in `track(items, label)`. Nothing is shown
unless the command-line front door turned it on (`enable`), which it does only when stderr is a
terminal and the output is not machine-readable; a library caller, a pipe or `--json` sees nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")
_enabled = False


def enable(on: bool = True) -> None:
    global _enabled
    _enabled = on


def wanted(machine_readable: bool) -> bool:
    """Whether a command should show progress: a terminal on stderr and human-readable output."""
    return sys.stderr.isatty() and not machine_readable


def track(items: Iterable[T], label: str, total: int | None = None) -> Iterator[T]:
    if not _enabled:
        yield from items
        return
    from tqdm import tqdm

    yield from tqdm(items, desc=label, total=total, file=sys.stderr, leave=False, unit="")
