"""File-system helpers."""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that the file is either the old one or the new one,
    never a truncated mix.

    Parent directories are created. The bytes go to a temporary file in the same
    directory, are flushed to disk (fsync) and the temporary file is then renamed over
    ``path`` (``os.replace``, atomic on POSIX and Windows). On any error the temporary
    file is removed and an existing ``path`` is left untouched. The new file gets the
    usual permissions (0666 less the umask).

    Raises OSError (e.g. PermissionError, IsADirectoryError) if the file cannot be
    written; TypeError if ``data`` is not bytes-like.
    """
    path = Path(path)
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError(f"write_atomic needs bytes, not {type(data).__name__}")
    parent = path.parent
    parent.mkdir(parents=True, exist_ok=True)
    tmp = parent / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(parent)


def _fsync_dir(folder: Path) -> None:
    """Flush the directory entry of a rename to disk where the platform allows it."""
    if os.name != "posix":
        return
    try:
        dfd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)
