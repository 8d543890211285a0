"""The player's printer settings, remembered between runs (``docs/printing.md``, Backs): the
back offset measured on the calibration sheet, per paper, saved by ``companion
calibrate --save X,Y`` in the user's config folder (Typer's ``get_app_dir``:
``~/.config/companion`` on Linux, or under ``$XDG_CONFIG_HOME``) and used by every
duplex sheet and pack unless ``--back-offset`` is given.

The file is a small JSON object ``{"back_offset": {"a4": [x, y], "letter": [x, y]}}``,
written atomically. A file that cannot be read is reported, never silently ignored.
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from companion.errors import ParameterError

FILE_NAME = "printer.json"
MAX_OFFSET_MM = 10.0
Offset = tuple[float, float]


def settings_path() -> Path:
    """Where the settings live: ``printer.json`` in the app's config folder."""
    import typer

    return Path(typer.get_app_dir("companion")) / FILE_NAME


MAX_BYTES = 64_000
"""A settings file longer than this is refused unread (it holds a few numbers)."""

_FIX = "delete it or run 'companion calibrate --clear'"


def _load() -> dict[str, Any]:
    """The saved settings (``{}`` when there are none). Reads at most
    :data:`MAX_BYTES` + 1 bytes, and only a regular file: a FIFO, a device (a link to
    /dev/zero), a folder is refused unread, so no command hangs or runs out of memory
    on it. Raises ParameterError (its message names ``calibrate --clear``)."""
    from companion.fsutil import TooLargeError, read_bounded

    path = settings_path()
    try:
        st = path.stat()
    except FileNotFoundError:
        return {}  # none saved (a dangling link included)
    except OSError as exc:
        raise ParameterError(f"cannot read the saved printer settings {path}: "
                             f"{exc.strerror or exc} ({_FIX})") from None
    if not stat.S_ISREG(st.st_mode):
        what = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file"
        raise ParameterError(f"the saved printer settings {path} are {what} ({_FIX})")
    try:
        data = json.loads(read_bounded(path, MAX_BYTES).decode("utf-8"))
    except TooLargeError:
        raise ParameterError(f"the saved printer settings {path} are over "
                             f"{MAX_BYTES:,} bytes: not a settings file ({_FIX})") from None
    except RecursionError:
        raise ParameterError(f"the saved printer settings {path} are nested too deeply: "
                             f"not a settings file ({_FIX})") from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ParameterError(f"cannot read the saved printer settings {path}: "
                             f"{why[:80]} ({_FIX})") from None
    if not isinstance(data, dict):
        raise ParameterError(f"the saved printer settings {path} are not a JSON object "
                             f"({_FIX})")
    return data


def check_offset(x: float, y: float) -> Offset:
    """``(x, y)`` in mm, each a finite number within ±10 mm. Raises ParameterError."""
    if not all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
               and abs(v) <= MAX_OFFSET_MM for v in (x, y)):
        raise ParameterError(f"a back offset is X,Y in millimetres, each within "
                             f"{MAX_OFFSET_MM:g} mm")
    return (float(x), float(y))


def saved_offset(paper: str) -> Offset | None:
    """The back offset saved for ``paper``, or None. Raises ParameterError if the
    settings file is unreadable or holds a bad value."""
    raw = _load().get("back_offset", {})
    value = raw.get(paper) if isinstance(raw, dict) else None
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 2):
        raise ParameterError(f"the saved back offset for {paper} in {settings_path()} is "
                             "not [X, Y] (run 'companion calibrate --save X,Y' again)")
    return check_offset(value[0], value[1])


def save_offset(paper: str, offset: Offset | None) -> Path:
    """Save (or, with None, forget) the back offset of ``paper``; returns the file.
    Forgetting always works: settings that cannot be read (a FIFO, a device, a link
    to one, an unreadable or broken file, an empty folder) are removed, a link itself
    and never what it points to, and nothing is written in their place. Raises
    OutputError if the file cannot be written or removed (a folder with files in it
    is never removed)."""
    from companion.fsutil import write_atomic

    path = settings_path()
    try:
        data = _load()
    except ParameterError:
        if offset is not None:
            raise
        _remove(path)  # --clear on unreadable settings starts afresh, as its message says
        return path
    offsets = data.get("back_offset")
    offsets = dict(offsets) if isinstance(offsets, dict) else {}
    if offset is None:
        offsets.pop(paper, None)
    else:
        offsets[paper] = [round(offset[0], 2), round(offset[1], 2)]
    data["back_offset"] = offsets
    write_atomic(path, (json.dumps(data, indent=1, sort_keys=True) + "\n").encode("utf-8"))
    return path


def _remove(path: Path) -> None:
    """Remove the settings entry ``path``: a file, FIFO, device node or link (the link,
    not its target) is unlinked, an empty folder removed. Raises OutputError for a
    folder that holds files, or when the entry cannot be removed."""
    from companion.fsutil import OutputError

    try:
        if path.is_dir() and not path.is_symlink():
            os.rmdir(path)
        else:
            os.unlink(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        why = ("it is a folder with files in it: look inside, then remove it yourself"
               if path.is_dir() else exc.strerror or str(exc))
        raise OutputError(f"cannot remove the saved printer settings {path}: {why}",
                          path, exc) from None
