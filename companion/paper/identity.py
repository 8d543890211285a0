"""The identity block every sheet carries: its QR code, and beside it (to the right) the
same information as plain text, so a player without a scanner can type it.

``lines`` are, by convention: the game name (bold), the seed (large bold), then any
number of smaller lines (parameters, then ``scan or type this seed: companion ...``).
Text is set in the one family (:mod:`companion.paper.design`, embedded): plain Latin
text only, never suit symbols.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.paper import design
from companion.paper.qr import draw_qr, qr_footprint
from companion.paper.units import mm

__all__ = ["check_text", "draw_identity", "identity_size"]

TITLE_STYLE = design.style("heading").pair
SEED_STYLE = design.style("display").pair
BODY_STYLE = design.style("body").pair
MIN_FONT_SIZE = 5.0
LEADING = 1.22
TEXT_GAP = mm(1)


@dataclass(frozen=True)
class _Line:
    text: str
    font: str
    size: float


def check_text(text: str) -> str:
    """``text`` unchanged if the standard PDF fonts can show it.

    Raises ValueError if it holds a character outside Windows-1252 (a suit symbol,
    say): those need a vector icon, not a font.
    """
    try:
        text.encode("cp1252")
    except UnicodeEncodeError as exc:
        bad = text[exc.start]
        raise ValueError(
            f"{bad!r} in {text!r} cannot be printed in a standard font: draw it as an icon"
        ) from None
    return text


def _plan(
    payload: str, lines: list[str], qr_width: float, max_width: float | None
) -> tuple[float, list[_Line], float, float]:
    """(QR side, styled lines, text width, text height)."""
    side = qr_footprint(payload, qr_width)
    styled: list[_Line] = []
    room = None if max_width is None else max_width - side - TEXT_GAP
    for i, text in enumerate(lines):
        check_text(text)
        font, size = TITLE_STYLE if i == 0 else SEED_STYLE if i == 1 else BODY_STYLE
        width = design.string_width(text, font, size)
        if room is not None and width > room > 0:
            size = max(MIN_FONT_SIZE, size * room / width)
        styled.append(_Line(text, font, size))
    text_w = max((design.string_width(ln.text, ln.font, ln.size) for ln in styled), default=0.0)
    text_h = sum(ln.size * LEADING for ln in styled)
    return side, styled, text_w, text_h


def identity_size(
    payload: str,
    lines: list[str],
    qr_width: float = mm(30),
    max_width: float | None = None,
) -> tuple[float, float]:
    """The (width, height) in points :func:`draw_identity` would cover.

    Raises ValueError as :func:`draw_identity` does.
    """
    side, _, text_w, text_h = _plan(payload, lines, qr_width, max_width)
    return (side + (TEXT_GAP + text_w if lines else 0.0), max(side, text_h))


def draw_identity(
    c: Any,
    x: float,
    y: float,
    payload: str,
    lines: list[str],
    qr_width: float = mm(30),
    max_width: float | None = None,
) -> tuple[float, float]:
    """Draw the QR code of ``payload`` with its bottom-left corner (quiet zone
    included) at ``(x, y)``, and ``lines`` of text to its right, centred vertically on
    it. With ``max_width`` (points, the whole block), lines too long are set smaller
    (down to 5 pt). Returns the (width, height) covered, in points.

    Raises ValueError if ``qr_width`` is under 30 mm, the payload is empty or too long
    for a QR code, or a line holds a character the standard fonts cannot show.
    """
    side, styled, text_w, text_h = _plan(payload, lines, qr_width, max_width)
    draw_qr(c, x, y, payload, qr_width)
    height = max(side, text_h)
    block_top = y + (side + text_h) / 2 if text_h <= side else y + text_h
    tx = x + side + TEXT_GAP
    c.saveState()
    c.setFillColorRGB(0, 0, 0)
    cursor = block_top
    for ln in styled:
        cursor -= ln.size * LEADING
        c.setFont(ln.font, ln.size)
        c.drawString(tx, cursor + (LEADING - 1) * ln.size * 0.9, ln.text)
    c.restoreState()
    width = side + (TEXT_GAP + text_w if lines else 0.0)
    return (width, height)
