"""QR codes drawn as vectors: the dark modules of each row merged into runs, every run
one rectangle, all in one path filled once. Never a bitmap.

Error correction M, no boost of the level (the qrcode library keeps the level asked
for), a white quiet zone of 4 modules, and a symbol at least :data:`MIN_QR_MM` wide: the
smallest code that simulated phone photos of whole pages read in at least 95 % of the
photos at 100 dpi and in all of them at 150 dpi (``benchmarks/photo.py --qr-widths``;
the table is in docs/benchmarks.md, "QR size by measurement (issue 25)"; the rule in
docs/printing.md, QR codes). Card and tile page margins, which cannot hold that, carry a
margin code of at least 12 mm that decodes from a flat 300 dpi scan.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from companion.paper.units import mm

__all__ = ["MIN_MARGIN_QR_WIDTH", "MIN_QR_MM", "MIN_QR_WIDTH", "QUIET_MODULES", "draw_margin_qr",
           "draw_qr", "margin_qr_side", "margin_qr_width", "qr_footprint", "qr_matrix", "qr_runs",
           "qr_text"]

QUIET_MODULES = 4
MIN_QR_MM = 22.0
"""The narrowest identity QR code (mm, the symbol without its quiet zone), measured."""
MIN_QR_WIDTH = mm(MIN_QR_MM)
MIN_MARGIN_QR_WIDTH = mm(12)
_TOLERANCE = 1e-6


def qr_text(payload: str) -> str:
    """What the QR code of ``payload`` holds: a companion payload in its upper-case
    alphanumeric form (:meth:`companion.seeds.Payload.qr_text`: a smaller code, so
    larger modules at the same width, easier to read from a phone photo), any other
    text as it is."""
    from companion.errors import PayloadError
    from companion.seeds import is_payload, parse_payload

    if is_payload(payload):
        try:
            return parse_payload(payload).qr_text()
        except PayloadError:
            return payload
    return payload


def qr_matrix(payload: str) -> list[list[bool]]:
    """See :func:`_matrix`; a fresh list the caller may change."""
    return [list(row) for row in _matrix(payload)]


@functools.lru_cache(maxsize=32)
def _matrix(payload: str) -> tuple[tuple[bool, ...], ...]:
    """The modules of the QR code of ``payload`` (rows top to bottom, ``True`` = dark),
    without quiet zone, holding :func:`qr_text` of it. Error correction M, smallest
    version that holds it.

    Raises ValueError if ``payload`` is empty or too long for a QR code.
    """
    import qrcode
    from qrcode.exceptions import DataOverflowError

    if not payload:
        raise ValueError("a QR code needs a non-empty payload")
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
    code.add_data(qr_text(payload))
    try:
        code.make(fit=True)
    except (DataOverflowError, ValueError):
        raise ValueError(
            f"payload of {len(payload)} characters is too long for a QR code"
        ) from None
    return tuple(tuple(bool(v) for v in row) for row in code.get_matrix())


def qr_runs(matrix: Sequence[Sequence[bool]]) -> list[tuple[int, int, int]]:
    """The dark runs of ``matrix`` as ``(row, first column, length)``, row by row."""
    runs: list[tuple[int, int, int]] = []
    for r, row in enumerate(matrix):
        c = 0
        n = len(row)
        while c < n:
            if row[c]:
                start = c
                while c < n and row[c]:
                    c += 1
                runs.append((r, start, c - start))
            else:
                c += 1
    return runs


def qr_footprint(payload: str, width: float = MIN_QR_WIDTH) -> float:
    """The side (points) of the square :func:`draw_qr` covers for ``payload``: the
    symbol ``width`` plus a 4-module quiet zone on each side.

    Raises ValueError as :func:`draw_qr` does.
    """
    _check_width(width)
    return _side(payload, width)


def _side(payload: str, width: float) -> float:
    n = len(_matrix(payload))
    return width + 2 * QUIET_MODULES * width / n


def _check_width(width: float, least: float = MIN_QR_WIDTH, what: str = "a QR code") -> None:
    if not width >= least - _TOLERANCE:
        raise ValueError(f"{what} must be at least {least / mm(1):g} mm wide to scan "
                         f"reliably, not {width / mm(1):.1f} mm")


def draw_qr(c: Any, x: float, y: float, payload: str, width: float = MIN_QR_WIDTH) -> float:
    """Draw the QR code of ``payload`` on canvas ``c``.

    ``(x, y)`` is the bottom-left corner of the white quiet zone (4 modules on every
    side); the symbol itself is ``width`` points wide. Returns the side of the whole
    square (symbol plus quiet zone), in points.

    Raises ValueError if ``width`` is under :data:`MIN_QR_MM`, or the payload is empty
    or too long.
    """
    _check_width(width)
    return _draw(c, x, y, payload, width)


def margin_qr_width(payload: str, side: float) -> float:
    """The symbol width (points) of :func:`draw_margin_qr` when the whole square,
    quiet zone included, is ``side`` points."""
    n = len(_matrix(payload))
    return side * n / (n + 2 * QUIET_MODULES)


def margin_qr_side(payload: str, width: float) -> float:
    """The side (points) of the square :func:`draw_margin_qr` covers for a symbol
    ``width`` points wide. Raises ValueError as :func:`draw_margin_qr` does."""
    _check_width(width, MIN_MARGIN_QR_WIDTH, "a margin QR code")
    return _side(payload, width)


def draw_margin_qr(c: Any, x: float, y: float, payload: str, width: float) -> float:
    """A small QR code (docs/printing.md: at least 12 mm, for card and tile page margins that
    cannot hold a 30 mm one), drawn as :func:`draw_qr` draws. Returns its side.

    Raises ValueError if ``width`` is under 12 mm, or the payload is empty or too long.
    """
    _check_width(width, MIN_MARGIN_QR_WIDTH, "a margin QR code")
    return _draw(c, x, y, payload, width)


def _draw(c: Any, x: float, y: float, payload: str, width: float) -> float:
    matrix = _matrix(payload)
    n = len(matrix)
    module = width / n
    quiet = QUIET_MODULES * module
    side = width + 2 * quiet
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.rect(x, y, side, side, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    path = c.beginPath()
    top = y + quiet + width
    for r, start, length in qr_runs(matrix):
        path.rect(x + quiet + start * module, top - (r + 1) * module, length * module, module)
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()
    return side
