"""Drawn court figures for printed playing cards: a Jack, a Queen and a King, each a
half-length figure in vector paths (never a font character), drawn twice, the second
turned 180 degrees, like a double-headed court card.

Each rank has its own headgear and its own object, so the three read apart in black
and white and at a glance: the King a crown, a beard and a sceptre topped by his suit;
the Queen a tiara, long hair and a flower; the Jack a feathered cap and a sword. The
robe is in the suit's colour with the suit drawn white on the chest, so a red and a
black card of one rank differ in their suit symbol, not only in colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from companion.cards import Suit
from companion.paper.icons import draw_suit
from companion.paper.units import Rect

__all__ = ["COURT_RANKS", "draw_court_figure"]

COURT_RANKS = (11, 12, 13)
"""The ranks with a drawn figure: Jack, Queen, King."""

Colour = tuple[float, float, float]
_WHITE: Colour = (1.0, 1.0, 1.0)


def _path(c: Any, pts: list[tuple[float, float]]) -> Any:
    p = c.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    return p


def _body(c: Any, suit: Suit, colour: Colour, line: float) -> None:
    """Robe, collar, neck and head of a figure standing on y = 0 (unit coordinates)."""
    c.setFillColorRGB(*colour)
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(line)
    robe = c.beginPath()
    robe.moveTo(-0.36, 0)
    robe.lineTo(-0.34, 0.3)
    robe.curveTo(-0.33, 0.42, -0.27, 0.47, -0.17, 0.47)
    robe.lineTo(0.17, 0.47)
    robe.curveTo(0.27, 0.47, 0.33, 0.42, 0.34, 0.3)
    robe.lineTo(0.36, 0)
    robe.close()
    c.drawPath(robe, stroke=0, fill=1)
    c.saveState()
    c.clipPath(robe, stroke=0, fill=0)
    c.setFillColorRGB(*_WHITE)  # a sash from the shoulder down across the robe
    c.drawPath(_path(c, [(-0.34, 0.36), (-0.26, 0.44), (0.36, 0.08), (0.36, -0.02)]),
               stroke=0, fill=1)
    c.setFillColorRGB(*colour)
    c.drawPath(_path(c, [(-0.31, 0.375), (-0.27, 0.415), (0.36, 0.05), (0.36, 0.01)]),
               stroke=0, fill=1)
    c.restoreState()
    # a white hem line a little above the middle of the card
    c.setStrokeColorRGB(*_WHITE)
    c.setLineWidth(line * 1.4)
    c.line(-0.36, 0.045, 0.36, 0.045)
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(line)
    c.setFillColorRGB(*_WHITE)
    c.drawPath(_path(c, [(-0.17, 0.47), (0, 0.31), (0.17, 0.47)]), stroke=1, fill=1)
    c.rect(-0.055, 0.45, 0.11, 0.07, stroke=1, fill=1)
    draw_suit(c, suit, -0.13, 0.17, 0.17, _WHITE)
    c.setFillColorRGB(*_WHITE)
    c.circle(0, 0.63, 0.125, stroke=1, fill=1)
    c.setFillColorRGB(*colour)
    for x in (-0.045, 0.045):
        c.circle(x, 0.65, 0.016, stroke=0, fill=1)


def _king(c: Any, suit: Suit, colour: Colour, line: float) -> None:
    _body(c, suit, colour, line)
    c.setFillColorRGB(*colour)
    # crown: a band and three points, a ball on each
    crown = _path(c, [(-0.13, 0.73), (0.13, 0.73), (0.14, 0.9), (0.07, 0.82), (0, 0.93),
                      (-0.07, 0.82), (-0.14, 0.9)])
    c.drawPath(crown, stroke=0, fill=1)
    for x, y in ((-0.14, 0.91), (0, 0.945), (0.14, 0.91)):
        c.circle(x, y, 0.022, stroke=0, fill=1)
    # beard under the face
    beard = c.beginPath()
    beard.moveTo(-0.125, 0.62)
    beard.curveTo(-0.12, 0.52, -0.05, 0.46, 0, 0.44)
    beard.curveTo(0.05, 0.46, 0.12, 0.52, 0.125, 0.62)
    beard.curveTo(0.07, 0.585, -0.07, 0.585, -0.125, 0.62)
    beard.close()
    c.drawPath(beard, stroke=0, fill=1)
    # sceptre beside him, topped by his suit
    c.setLineWidth(line * 2.2)
    c.line(0.43, 0.06, 0.43, 0.7)
    draw_suit(c, suit, 0.43, 0.78, 0.15, colour)


def _queen(c: Any, suit: Suit, colour: Colour, line: float) -> None:
    c.setFillColorRGB(*colour)
    for side in (-1, 1):  # long hair, behind the shoulders
        hair = c.beginPath()
        hair.moveTo(side * 0.1, 0.74)
        hair.curveTo(side * 0.2, 0.72, side * 0.2, 0.56, side * 0.24, 0.42)
        hair.lineTo(side * 0.1, 0.44)
        hair.close()
        c.drawPath(hair, stroke=0, fill=1)
    _body(c, suit, colour, line)
    c.setFillColorRGB(*colour)
    tiara = _path(c, [(-0.12, 0.72), (0.12, 0.72), (0.1, 0.8), (0.05, 0.77), (0, 0.84),
                      (-0.05, 0.77), (-0.1, 0.8)])
    c.drawPath(tiara, stroke=0, fill=1)
    c.setFillColorRGB(*_WHITE)
    c.circle(0, 0.755, 0.02, stroke=0, fill=1)
    # a flower in her hand
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(line * 1.6)
    c.line(-0.43, 0.1, -0.43, 0.66)
    c.setFillColorRGB(*colour)
    for k in range(5):
        a = math.radians(90 + 72 * k)
        c.circle(-0.43 + 0.045 * math.cos(a), 0.72 + 0.045 * math.sin(a), 0.032,
                 stroke=0, fill=1)
    c.setFillColorRGB(*_WHITE)
    c.circle(-0.43, 0.72, 0.022, stroke=0, fill=1)


def _jack(c: Any, suit: Suit, colour: Colour, line: float) -> None:
    _body(c, suit, colour, line)
    c.setFillColorRGB(*colour)
    cap = c.beginPath()
    cap.moveTo(-0.15, 0.69)
    cap.curveTo(-0.2, 0.8, 0.05, 0.87, 0.18, 0.76)
    cap.lineTo(0.13, 0.7)
    cap.curveTo(0.05, 0.74, -0.08, 0.74, -0.15, 0.69)
    cap.close()
    c.drawPath(cap, stroke=0, fill=1)
    feather = c.beginPath()
    feather.moveTo(0.06, 0.8)
    feather.curveTo(0.16, 0.85, 0.25, 0.9, 0.31, 0.96)
    feather.curveTo(0.2, 0.94, 0.11, 0.89, 0.06, 0.8)
    feather.close()
    c.drawPath(feather, stroke=1, fill=1)
    # a sword held upright, a white blade
    c.setLineWidth(line)
    c.setStrokeColorRGB(*colour)
    c.setFillColorRGB(*_WHITE)
    c.drawPath(_path(c, [(0.405, 0.27), (0.455, 0.27), (0.455, 0.82), (0.43, 0.88),
                         (0.405, 0.82)]), stroke=1, fill=1)
    c.setFillColorRGB(*colour)
    c.rect(0.37, 0.24, 0.12, 0.035, stroke=0, fill=1)
    c.rect(0.415, 0.1, 0.03, 0.14, stroke=0, fill=1)
    c.circle(0.43, 0.09, 0.025, stroke=0, fill=1)


_FIGURES: dict[int, Callable[[Any, Suit, Colour, float], None]] = {
    11: _jack, 12: _queen, 13: _king}


def draw_court_figure(c: Any, rank: int, suit: Suit, r: Rect, colour: Colour) -> None:
    """The double-headed court figure of ``rank`` (11 Jack, 12 Queen, 13 King) of
    ``suit`` in the rectangle ``r`` (points), in ``colour``: the figure standing on the
    middle of ``r``, then again turned 180 degrees. The canvas state is restored.

    Raises ValueError for a rank that is not a court rank.
    """
    figure = _FIGURES.get(rank)
    if figure is None:
        raise ValueError(f"no court figure for rank {rank}; court ranks: 11, 12, 13")
    unit = min(r.w, r.h / 2)
    for turn in (0, 180):
        c.saveState()
        c.translate(r.cx, r.cy)
        c.rotate(turn)
        c.scale(unit, unit)
        figure(c, suit, colour, 0.9 / unit)
        c.restoreState()
