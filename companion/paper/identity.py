"""The identity strip every sheet carries (docs/printing.md, QR codes): its QR code and,
to its right, the same information as plain text, so a player without a scanner can
type it. A compact strip for a margin or a corner, not a block: the code at the width
measured to read from phone photos (:data:`companion.paper.qr.MIN_QR_WIDTH`), the text
no taller than the code for the usual four lines.

``lines`` are, by convention: the game name (bold), the seed (bold, the largest, to be
typed), then any number of lines in the label size (parameters, then ``scan or type
this seed: companion ...``). Nothing is set under 8 pt: a line too long for the room is
set smaller down to 8 pt, then wrapped (at spaces, or anywhere in a word too long for a
line); the seed is never set smaller but wrapped (a 32-character seed of wide letters
takes two lines), and the strip grows with its text. Text is set in the one family
(:mod:`companion.paper.design`, embedded): plain Latin text only, never suit symbols.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from companion.paper import design
from companion.paper.qr import draw_qr, qr_footprint
from companion.paper.units import mm

__all__ = ["TEXT_ROOM", "check_text", "draw_identity", "identity_size"]

TITLE_STYLE = design.face(bold=True), design.style("body").size
"""The game name: bold, in the body size."""
SEED_STYLE = design.style("heading").pair
"""The seed: the heading role (bold), never smaller."""
BODY_STYLE = design.style("label").pair
"""Every further line: the label role."""
MIN_FONT_SIZE = design.style("label").minimum
"""No line of the strip is set smaller (8 pt)."""
LEADING = 1.22
TEXT_GAP = design.GAP_SMALL
"""Between the code's quiet zone and the text."""
TEXT_ROOM = mm(80)
"""The widest the text beside the code runs; longer lines wrap. Fixed (not the page's
share), so :func:`identity_size` without ``max_width`` gives the height the strip takes
on every page of at least 120 mm across (docs/printing.md: the narrowest page sheet)."""


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


def _break_word(word: str, font: str, size: float, room: float) -> list[str]:
    """``word`` cut into pieces each at most ``room`` wide: after its hyphens where
    that is enough (a seed's groups stay whole), else as even in length as the room
    allows (at least one character a piece)."""
    groups = re.findall(r"[^-]*-|[^-]+$", word)
    if len(groups) > 1 and all(design.string_width(g, font, size) <= room for g in groups):
        out = [""]
        for g in groups:
            if out[-1] and design.string_width(out[-1] + g, font, size) > room:
                out.append("")
            out[-1] += g
        return out
    width = design.string_width(word, font, size)
    pieces = max(1, -(-int(width * 1000) // max(1, int(room * 1000))))
    while True:
        step = -(-len(word) // pieces)
        parts = [word[i:i + step] for i in range(0, len(word), step)]
        if step <= 1 or all(design.string_width(p, font, size) <= room for p in parts):
            return parts
        pieces += 1


def _wrap(text: str, font: str, size: float, room: float) -> list[str]:
    """``text`` broken at spaces into lines at most ``room`` wide; a word too long for a
    line is cut (:func:`_break_word`)."""
    out: list[str] = []
    current = ""
    for word in text.split(" "):
        trial = f"{current} {word}" if current else word
        if design.string_width(trial, font, size) <= room:
            current = trial
            continue
        if current:
            out.append(current)
        if design.string_width(word, font, size) <= room:
            current = word
        else:
            *full, current = _break_word(word, font, size, room)
            out.extend(full)
    if current or not out:
        out.append(current)
    return out


def _style_line(i: int, text: str, room: float) -> list[_Line]:
    """Line ``i`` of the strip set in ``room`` points: as large as its role, else
    smaller down to 8 pt (not the seed), else wrapped."""
    font, size = TITLE_STYLE if i == 0 else SEED_STYLE if i == 1 else BODY_STYLE
    width = design.string_width(text, font, size)
    if width <= room:
        return [_Line(text, font, size)]
    if i != 1 and size * room / width >= MIN_FONT_SIZE:
        return [_Line(text, font, size * room / width)]
    if i != 1:
        size = MIN_FONT_SIZE
    return [_Line(part, font, size) for part in _wrap(text, font, size, room)]


def _plan(
    payload: str, lines: list[str], qr_width: float, max_width: float | None
) -> tuple[float, list[_Line], float, float]:
    """(QR side, styled lines, text width, text height)."""
    side = qr_footprint(payload, qr_width)
    room = TEXT_ROOM if max_width is None else min(TEXT_ROOM, max_width - side - TEXT_GAP)
    room = max(room, mm(30))
    styled: list[_Line] = []
    for i, text in enumerate(lines):
        check_text(text)
        styled.extend(_style_line(i, text, room))
    text_w = max((design.string_width(ln.text, ln.font, ln.size) for ln in styled), default=0.0)
    text_h = sum(ln.size * LEADING for ln in styled)
    return side, styled, text_w, text_h


def identity_size(
    payload: str,
    lines: list[str],
    qr_width: float | None = None,
    max_width: float | None = None,
) -> tuple[float, float]:
    """The (width, height) in points :func:`draw_identity` would cover.

    Raises ValueError as :func:`draw_identity` does.
    """
    side, _, text_w, text_h = _plan(payload, lines, _width(qr_width), max_width)
    return (side + (TEXT_GAP + text_w if lines else 0.0), max(side, text_h))


def _width(qr_width: float | None) -> float:
    from companion.paper.qr import MIN_QR_WIDTH

    return MIN_QR_WIDTH if qr_width is None else qr_width


def draw_identity(
    c: Any,
    x: float,
    y: float,
    payload: str,
    lines: list[str],
    qr_width: float | None = None,
    max_width: float | None = None,
) -> tuple[float, float]:
    """Draw the QR code of ``payload`` (``qr_width`` wide, by default the measured
    :data:`~companion.paper.qr.MIN_QR_WIDTH`) with its bottom-left corner (quiet zone
    included) at ``(x, y)``, and ``lines`` of text to its right, centred vertically on
    it (the strip grows upwards when the text is taller). The text keeps within
    :data:`TEXT_ROOM` and, with ``max_width`` (points, the whole strip), within that
    (but is never given under 30 mm: a narrower strip would wrap every word):
    lines too long are set smaller (down to 8 pt; never the seed) or wrapped. Returns
    the (width, height) covered, in points.

    Raises ValueError if ``qr_width`` is under the measured minimum, the payload is
    empty or too long for a QR code, or a line holds a character the family cannot
    show.
    """
    qr_width = _width(qr_width)
    side, styled, text_w, text_h = _plan(payload, lines, qr_width, max_width)
    draw_qr(c, x, y, payload, qr_width)
    height = max(side, text_h)
    block_top = y + (side + text_h) / 2 if text_h <= side else y + text_h
    tx = x + side + TEXT_GAP
    c.saveState()
    c.setFillColorRGB(*design.INK)
    cursor = block_top
    for ln in styled:
        cursor -= ln.size * LEADING
        c.setFont(ln.font, ln.size)
        c.drawString(tx, cursor + (LEADING - 1) * ln.size * 0.9, ln.text)
    c.restoreState()
    width = side + (TEXT_GAP + text_w if lines else 0.0)
    return (width, height)
