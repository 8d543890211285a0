"""File-system helpers."""

from __future__ import annotations

import contextlib
import errno as errno_codes
import os
import re
import stat
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from companion.errors import EXIT_USAGE, CompanionError

_TMP_STEM_CHARS = 100  # the temporary file's name keeps this much of the target's name


class OutputError(CompanionError, OSError):
    """An output file that cannot be written: a missing or read-only folder, a folder
    where the file should be, a full disk. Exit code 2 (a usage error), one sentence
    naming the file. It is an :class:`OSError` too (``errno``, ``strerror``,
    ``filename`` are set), so callers that catch OSError keep working."""

    exit_code = EXIT_USAGE

    def __init__(self, message: str, path: Path | str, cause: OSError | None = None) -> None:
        CompanionError.__init__(self, message)
        self.message = message
        self.errno = cause.errno if cause is not None else None
        self.strerror = cause.strerror if cause is not None else None
        self.filename = str(path)

    def __str__(self) -> str:
        return self.message


def _shown(path: Path) -> str:
    text = str(path)
    return text if len(text) <= 120 else text[:60] + "..." + text[-57:]


def _why(exc: OSError) -> str:
    """A short reason for an OSError, in words a user understands."""
    reasons = {
        errno_codes.ENOENT: "the folder does not exist",
        errno_codes.EACCES: "permission denied",
        errno_codes.EPERM: "permission denied",
        errno_codes.EISDIR: "it is a folder",
        errno_codes.ENOTDIR: "a part of the path is a file, not a folder",
        errno_codes.ENAMETOOLONG: "the file name is too long",
        errno_codes.ENOSPC: "no space left on the device",
        errno_codes.EROFS: "the file system is read-only",
        errno_codes.EEXIST: "a part of the path is a file, not a folder",
    }
    if exc.errno in reasons:
        return reasons[exc.errno]
    return exc.strerror or str(exc) or type(exc).__name__


class TooLargeError(OSError):
    """A file longer than the reader's limit (its first ``limit + 1`` bytes were read,
    never more)."""

    def __init__(self, limit: int) -> None:
        super().__init__(errno_codes.EFBIG, f"more than {limit:,} bytes")
        self.limit = limit


STDIN = "-"
"""The path that means standard input."""


def read_bounded(path: str | Path, limit: int) -> bytes:
    """The bytes of ``path`` (``-``: standard input), reading at most ``limit + 1``
    of them whatever the file is: a device that never ends (``/dev/zero``), a pipe, a
    FIFO (opened without waiting for a writer: one with no writer reads as empty), or
    a regular file whose size the system misreports.

    Raises TooLargeError if there are more than ``limit`` bytes, IsADirectoryError for
    a folder, and the OSError of opening or reading otherwise (FileNotFoundError,
    PermissionError...).
    """
    if str(path) == STDIN:
        if sys.stdin is None:  # `companion validate - <&-`
            raise OSError(errno_codes.EBADF, "standard input is closed")
        return _read_upto(sys.stdin.buffer.read, limit)
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno_codes.EISDIR, "is a folder", str(path))
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)  # a FIFO is open now; read it as any file
        return _read_upto(lambda n: os.read(fd, n), limit)
    finally:
        os.close(fd)


def _read_upto(read: object, limit: int) -> bytes:
    chunks: list[bytes] = []
    got = 0
    while got <= limit:
        chunk = read(min(1 << 20, limit + 1 - got))  # type: ignore[operator]
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    if got > limit:
        raise TooLargeError(limit)
    return b"".join(chunks)


def check_not_an_input(target: Path | str, inputs: Iterable[str | Path],
                       what: str = "one of the files read", option: str = "--out") -> None:
    """Refuse to write ``target`` over one of the ``inputs`` a command reads (a
    layout, a log, a scanned file): the same path once resolved (links, ``..``), or
    the same file under another name (a hard link; ``os.path.samefile``). ``-`` on
    either side is a stream, never a file. The one check every command that reads
    files and writes one makes before it writes; ``what`` says what the inputs are in
    the message ("the layout", "one of the logs").

    Raises :class:`OutputError` (exit 2) naming both."""
    if str(target) == STDIN:
        return
    try:
        if not os.path.exists(target):
            return  # nothing there: no input can be replaced
        resolved = os.path.realpath(target)
    except (OSError, ValueError):
        return  # write_atomic reports a target that cannot be looked at
    for given in inputs:
        if str(given) == STDIN:
            continue
        try:
            same = (os.path.realpath(given) == resolved
                    or os.path.samefile(given, target))
        except (OSError, ValueError):
            continue  # an input that is not there is reported by its reader
        if same:
            shown_input = "" if str(given) == str(target) else f" ({_shown(Path(given))})"
            raise OutputError(f"will not write {option} {_shown(Path(target))}: it is "
                              f"{what}{shown_input} and would be replaced; give another "
                              "file name", target)


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that the file is either the old one or the new one,
    never a truncated mix.

    Parent directories are created. The bytes go to a temporary file in the same
    directory, are flushed to disk (fsync) and the temporary file is then renamed over
    ``path`` (``os.replace``, atomic on POSIX and Windows). On any error (or an
    interruption such as Ctrl-C) the temporary file is removed and an existing ``path``
    is left untouched. A new file gets the usual permissions (0666 less the umask); a
    replaced one keeps its own. A symlink is written through (the file it points to is
    replaced atomically, the link stays).

    Raises :class:`OutputError` (a CompanionError and an OSError; exit code 2) naming
    the file if it cannot be written: ``path`` is a folder, or exists and is not a
    regular file (a device such as /dev/null, a FIFO, a socket: never replaced), or is
    read-only (refused, as ``cp`` would, also for root); its folder cannot be made or
    written, the disk is full. Raises TypeError if ``data`` is not bytes-like.
    """
    path = Path(path)
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError(f"write_atomic needs bytes, not {type(data).__name__}")
    try:
        if path.is_symlink():  # write through: the file it points to is replaced
            path = Path(os.path.realpath(path))
        st = path.stat() if path.exists() else None
    except OSError as exc:
        raise OutputError(f"cannot write {_shown(path)}: {_why(exc)}", path, exc) from None
    mode = 0o666
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise OutputError(f"cannot write {_shown(path)}: it is a folder; give a file "
                              "name", path)
        if not stat.S_ISREG(st.st_mode):
            raise OutputError(f"will not replace {_shown(path)}: it is not a regular file "
                              "(a device, pipe or socket); give another file name, or - "
                              "for standard output", path)
        if not os.access(path, os.W_OK) or not st.st_mode & stat.S_IWUSR:
            raise OutputError(f"cannot write {_shown(path)}: it is read-only", path)
        mode = stat.S_IMODE(st.st_mode)
    parent = path.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot make the folder {_shown(parent)} for {_shown(path)}: "
                          f"{_why(exc)}", path, exc) from None
    tmp = parent / f".{path.name[:_TMP_STEM_CHARS]}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                     0o666)
        if st is not None:  # a replaced file keeps its permissions, as cp leaves them
            os.chmod(tmp, mode)
    except OSError as exc:
        raise OutputError(f"cannot write {_shown(path)}: {_why(exc)}", path, exc) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError) and not isinstance(exc, OutputError):
            raise OutputError(f"cannot write {_shown(path)}: {_why(exc)}", path, exc) from exc
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


# ------------------------------------------------------------- one writer a file
class LockHeld(CompanionError):
    """A file another process is writing (it holds the lock beside it): exit 2."""

    exit_code = EXIT_USAGE


def lock_path(path: Path) -> Path:
    """The lock file of ``path``: ``.NAME.lock`` beside the file it stands for (a
    symlink's target: the file written)."""
    real = Path(os.path.realpath(path))
    return real.parent / f".{real.name[:_TMP_STEM_CHARS]}.lock"


@contextlib.contextmanager
def hold_lock(path: Path, what: str = "file") -> Iterator[None]:
    """Hold the lock of ``path`` (``fcntl.flock`` on :func:`lock_path`, which then
    says who holds it: pid, host, since when) while the block runs; the lock file is
    removed at the end. The kernel lets the lock go when the process dies, however:
    a lock file left by a killed process holds nothing. Where there is no flock
    (Windows) nothing is locked.

    Raises LockHeld (naming the holder) if another process holds it, OutputError if
    the lock file cannot be made (a read-only folder)."""
    import datetime
    import socket

    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    lock = lock_path(path)
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot make the folder {_shown(lock.parent)} for "
                          f"{_shown(path)}: {_why(exc)}", path, exc) from None
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
        except OSError as exc:
            raise OutputError(f"cannot write {_shown(path)}: {_why(exc)} (its lock file "
                              f"{lock.name})", path, exc) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.read(fd, 200).decode("utf-8", "replace").split()
            os.close(fd)
            who = (f"process {holder[0]} on {holder[1]}, since {' '.join(holder[2:])}"
                   if len(holder) >= 3 else "another process")
            raise LockHeld(f"{_shown(path)} is being written by another {what} ({who}): "
                           f"finish that one first (its lock: {lock.name})") from None
        try:
            same = os.fstat(fd).st_ino == os.stat(lock).st_ino
        except OSError:
            same = False
        if same:
            break
        os.close(fd)  # removed by its holder between our open and flock: again
    try:
        since = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()} {socket.gethostname()} {since}\n".encode())
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(lock)
        os.close(fd)


def remove_stale_temporaries(path: Path) -> list[Path]:
    """Remove the temporary files :func:`write_atomic` left beside ``path`` when its
    process was killed: ``.NAME.PID.RAND.tmp`` of this file's name only, regular
    files whose process is no longer alive here. Call it holding ``path``'s lock
    (:func:`hold_lock`), so that no writer of ours is at work. A file whose process
    lives (another program's write, or the pid used again) is left. Returns those
    removed."""
    real = Path(os.path.realpath(path))
    pattern = re.compile(re.escape(f".{real.name[:_TMP_STEM_CHARS]}.")
                         + r"([0-9]{1,9})\.[0-9a-f]{8}\.tmp")
    removed: list[Path] = []
    if os.name != "posix":  # pragma: no cover - os.kill(pid, 0) is no question there
        return removed
    try:
        entries = list(os.scandir(real.parent))
    except OSError:
        return removed
    for entry in entries:
        found = pattern.fullmatch(entry.name)
        if found is None or not entry.is_file(follow_symlinks=False):
            continue
        pid = int(found.group(1))
        if pid != os.getpid() and (pid < 1 or _alive(pid)):
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
            removed.append(Path(entry.path))
    return removed


def _alive(pid: int) -> bool:
    """Whether a process ``pid`` runs on this machine (one of another user too)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    except OSError:
        return True
    return True
