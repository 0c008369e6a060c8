"""Writing a file so that it cannot be left half-written: the bytes go to a temporary file in the
target's directory, which is renamed over the target only once it is complete. A run that fails or
is interrupted part-way leaves the old file byte-identical and no temporary file behind.

It sits at the bottom of the package because writers live in several layers (the functional
layout plot, the saved predictions of validate/, the reports' traces and plots, calibrate).
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path
from typing import Callable


def write_atomically(path: str | Path, data: str | bytes | None = None,
                     writer: Callable[[Path], None] | None = None) -> None:
    """Write `data` (text is UTF-8) or let `writer(temporary_path)` write the file, then rename it
    onto `path`. The temporary name keeps the target's extension, so a writer that picks its format
    from it (matplotlib) picks the right one. Something that is not a regular file (/dev/null, a
    pipe) is written in place: it cannot be renamed over."""
    if (data is None) == (writer is None):
        raise TypeError("write_atomically takes data or a writer, not both")
    try:
        _write_via_rename(Path(os.path.realpath(path)), data, writer)
    except OSError as e:
        if e.filename is None and e.errno is not None:   # a failed write() names no file: name the target
            raise OSError(e.errno, e.strerror, str(path)) from None
        raise


def _write_via_rename(target: Path, data, writer) -> None:
    if target.exists() and not target.is_file():
        _write_to(target, data, writer, sync=False)
        return
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=f".tmp{target.suffix}")
    tmp = Path(name)
    try:
        os.close(fd)
        _write_to(tmp, data, writer, sync=True)
        os.chmod(tmp, _mode_for(target))
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise


def _write_to(path: Path, data, writer, sync: bool) -> None:
    if writer is not None:
        writer(path)
        return
    with open(path, "wb") as f:
        f.write(data.encode("utf-8") if isinstance(data, str) else data)
        if sync:   # on disk before the rename makes it the file (a device such as /dev/null cannot sync)
            f.flush()
            os.fsync(f.fileno())


def _mode_for(target: Path) -> int:
    """The old file's permissions, or what a new file gets under the umask (mkstemp makes 0600)."""
    if target.exists():
        return stat.S_IMODE(target.stat().st_mode)
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
