"""Small card faces ("glyphs") for lists, stacking sheets and map headers, and the
diagonal lattice that fills printed card and tile backs.

A glyph is a rounded rectangle with the rank in the bold face
(:mod:`companion.paper.design`) and the suit as a vector icon (never a font
character), legible down to 6 mm wide. Tall glyphs stack rank over suit; wide ones put
them side by side.
"""

from __future__ import annotations

from typing import Any

from companion.cards import Card
from companion.paper import design
from companion.paper.icons import RED, draw_star, draw_suit
from companion.paper.units import Rect

__all__ = ["CAP_HEIGHT", "draw_card_glyph", "draw_lattice", "fit_font_size"]

CAP_HEIGHT = 0.729
"""Cap height of the bold face (Vera Bold: 1493 of 2048 units), as a fraction of the
font size."""
DESCENDER = 0.2
"""How far below the baseline J's and Q's tails reach in the bold face (Vera Bold: about
410 of 2048 units), as a fraction of the font size."""
_TAILED = frozenset("JQ")
_FONT = design.BOLD
_HIGHLIGHT_FILL = (1.0, 0.93, 0.55)


def fit_font_size(text: str, font: str, max_size: float, max_width: float) -> float:
    """The largest size up to ``max_size`` at which ``text`` in ``font`` is at most
    ``max_width`` points wide."""
    width = design.string_width(text, font, 1.0)
    if width <= 0:
        return max_size
    return min(max_size, max_width / width)


def draw_card_glyph(
    c: Any,
    card: Card,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    highlight: bool = False,
) -> None:
    """Draw a small face of ``card`` in the box ``(x, y, w, h)`` (points, bottom-left).

    White face, rounded outline, rank and suit in the suit's colour (red or black);
    a joker shows ``JK`` and a star. ``highlight`` marks the card by a thicker outline
    (and a pale yellow face, which is a help, not the only cue).

    Raises ValueError if ``w`` or ``h`` is not positive.
    """
    if not (w > 0 and h > 0):
        raise ValueError(f"a card glyph needs a positive size, not {w} x {h}")
    small = min(w, h)
    radius = 0.14 * small
    line = max(0.35, 0.035 * small) * (2.2 if highlight else 1.0)
    colour = RED if card.is_red else (0.0, 0.0, 0.0)
    rank = card.rank_name

    c.saveState()
    c.setLineWidth(line)
    c.setStrokeColorRGB(0, 0, 0)
    if highlight:
        c.setFillColorRGB(*_HIGHLIGHT_FILL)
    else:
        c.setFillColorRGB(1, 1, 1)
    inset = line / 2
    c.roundRect(x + inset, y + inset, w - line, h - line, radius, stroke=1, fill=1)

    if w >= 1.1 * h:
        # side by side: rank on the left half, suit on the right
        rank_box = (x, y, w * 0.55, h)
        icon_box = (x + w * 0.5, y, w * 0.5, h)
    else:
        rank_box = (x, y + h * 0.5, w, h * 0.5)
        icon_box = (x, y, w, h * 0.52)
    rx, ry, rw, rh = rank_box
    # measured through the canvas, so a canvas that swaps the font (a booklet's) fits
    # the rank with the font it really draws
    unit = c.stringWidth(rank, _FONT, 1.0)
    size = 0.64 * rh / CAP_HEIGHT
    if unit > 0:
        size = min(size, 0.84 * rw / unit)
    c.setFillColorRGB(*colour)
    c.setFont(_FONT, size)
    baseline = ry + (rh - CAP_HEIGHT * size) / 2
    if w < 1.1 * h:
        baseline -= 0.03 * h  # sit a little nearer the suit
    elif _TAILED & set(rank):
        # side by side: J's and Q's tails would reach the outline, so the letter and
        # its tail are centred together
        baseline += DESCENDER * size / 2
    c.drawCentredString(rx + rw / 2, baseline, rank)

    ix, iy, iw, ih = icon_box
    icon = min(0.72 * iw, 0.72 * ih)
    if card.suit is None:
        draw_star(c, ix + iw / 2, iy + ih / 2 + (0.03 * h if w < 1.1 * h else 0), icon * 1.1)
    else:
        draw_suit(c, card.suit, ix + iw / 2, iy + ih / 2 + (0.03 * h if w < 1.1 * h else 0),
                  icon, colour)
    c.restoreState()


def draw_lattice(c: Any, r: Rect, step: float, width: float,
                 colour: tuple[float, ...]) -> None:
    """Diagonal lines both ways over ``r``, ``step`` points apart and symmetric about
    its centre, in ``colour`` (RGB, 0..1), ``width`` points thick: the pattern of a card
    or tile back.

    The lines run well past ``r``: set a clipping path first. Sets the canvas's stroke
    colour and line width (no saveState).
    """
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(width)
    p = c.beginPath()
    span = r.w + r.h
    n = int(span / step / 2) + 2
    for k in range(-n, n + 1):
        off = k * step
        p.moveTo(r.cx + off - span, r.cy - span)
        p.lineTo(r.cx + off + span, r.cy + span)
        p.moveTo(r.cx + off - span, r.cy + span)
        p.lineTo(r.cx + off + span, r.cy - span)
    c.drawPath(p, stroke=1, fill=0)
