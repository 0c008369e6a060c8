"""The user's files. Checked before any work: an input file exists, is a regular file and can be
read; an output path can be written (`check_*`, one-line InputErrors that the command and the
library raise alike). Written so that a file cannot be left half-written: the bytes go to a
temporary file in the target's directory, which is renamed over the target only once it is
complete. A run that fails or is interrupted part-way leaves the old file byte-identical and no
temporary file behind.

It sits at the bottom of the package because writers live in several layers (the functional
layout plot, the saved predictions of measurements/, the reports' traces and plots, calibrate).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path
from typing import Callable

from gemmsim.errors import InputError


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


def check_existing_dir(path: str) -> None:
    """An input folder the user named must exist (not be silently skipped)."""
    if not Path(path).is_dir():
        raise InputError(f"directory {path!r} does not exist" if not Path(path).exists() else f"{path!r} is not a directory")


def check_input_file(path: str) -> None:
    """An input file the user named: it exists, is a regular file (not a folder, a device or a pipe,
    which would be read forever or not at all) and can be read. One message for each."""
    p = Path(path)
    try:
        mode = p.stat().st_mode
    except FileNotFoundError:
        raise InputError(f"{path}: does not exist") from None
    except OSError as e:
        raise InputError(f"{path}: cannot be read: {e.strerror or e}") from None
    if not stat.S_ISREG(mode):
        raise InputError(f"{path}: not a regular file ({_file_kind(mode)})")
    try:
        with open(p, "rb"):
            pass
    except OSError as e:
        raise InputError(f"{path}: cannot be read: {e.strerror or e}") from None


def _file_kind(mode: int) -> str:
    for test, kind in ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return kind
    return "not a plain file"


def check_output_path(path: str) -> None:
    """Raise InputError unless `path` can be written as a file, without leaving anything behind."""
    p = Path(path)
    if not str(path) or p.is_dir():
        raise InputError(f"cannot write {path!r}: it is a directory")
    parent = p.parent
    if not parent.exists():
        raise InputError(f"cannot write {path}: directory {parent} does not exist")
    if not parent.is_dir():
        raise InputError(f"cannot write {path}: {parent} is not a directory")
    existed = p.exists()
    try:
        if existed and stat.S_ISFIFO(p.stat().st_mode):
            # a named pipe: opened without waiting, it fails at once when nothing reads it (ENXIO)
            os.close(os.open(p, os.O_WRONLY | os.O_NONBLOCK))
        else:
            # Appending nothing to an existing file leaves it as it was; a new file is made and removed.
            with open(p, "ab" if existed else "xb"):
                pass
    except OSError as e:
        reason = "a named pipe that nothing reads" if e.errno == errno.ENXIO else e.strerror or e
        raise InputError(f"cannot write {path}: {reason}") from None
    if not existed:
        p.unlink()


def read_text(path: str | Path, what: str, error: type[Exception] = InputError) -> str:
    """A text file's content, or one line saying why it cannot be: `PATH: not WHAT (not UTF-8 text at
    byte N)` for a binary file, `PATH: cannot be read: REASON` otherwise."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise error(f"{path}: not {what} (not UTF-8 text at byte {e.start})") from None
    except OSError as e:
        raise error(f"{path}: cannot be read: {e.strerror or e}") from None


def user_cache_dir() -> Path:
    """Where gemmsim keeps what it computed for later runs (the tuning cache, compiled Triton kernels):
    $GEMMSIM_CACHE_DIR, else $XDG_CACHE_HOME/gemmsim, else ~/.cache/gemmsim."""
    if os.environ.get("GEMMSIM_CACHE_DIR"):
        return Path(os.environ["GEMMSIM_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "gemmsim"
