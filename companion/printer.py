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


def _load() -> dict[str, Any]:
    path = settings_path()
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text("utf-8")[:100_000])
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise ParameterError(f"cannot read the saved printer settings {path}: "
                             f"{str(exc)[:80]} (delete the file or run "
                             "'companion calibrate --clear')") from None
    if not isinstance(data, dict):
        raise ParameterError(f"the saved printer settings {path} are not a JSON object "
                             "(delete the file or run 'companion calibrate --clear')")
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
    Raises OutputError if the file cannot be written."""
    from companion.fsutil import write_atomic

    try:
        data = _load()
    except ParameterError:
        if offset is not None:
            raise
        data = {}  # --clear on an unreadable file starts afresh, as its message says
    offsets = data.get("back_offset")
    offsets = dict(offsets) if isinstance(offsets, dict) else {}
    if offset is None:
        offsets.pop(paper, None)
    else:
        offsets[paper] = [round(offset[0], 2), round(offset[1], 2)]
    data["back_offset"] = offsets
    path = settings_path()
    write_atomic(path, (json.dumps(data, indent=1, sort_keys=True) + "\n").encode("utf-8"))
    return path
