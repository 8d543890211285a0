"""Clear the Dungeon sheets: the faces and the back of a printed poker card."""

from __future__ import annotations

from typing import Any

from companion.cards import Card
from companion.games.clear_the_dungeon.sheets.common import (
    BACK_INK,
    BACK_TINT,
    DEFAULT_INK,
    FACE_TINT_BLACK,
    FACE_TINT_RED,
)
from companion.paper import design
from companion.paper.cards import CAP_HEIGHT, draw_lattice, fit_font_size
from companion.paper.court import draw_court_figure
from companion.paper.frame import INK
from companion.paper.icons import RED, draw_star, draw_suit
from companion.paper.layout import Rect
from companion.paper.units import mm


def _index(c: Any, card: Card, r: Rect, colour: tuple[float, float, float]) -> None:
    """Rank over suit in the top-left corner of ``r``."""
    size = 15.5 if card.rank_name != "JK" else 11.5
    cx = r.x + mm(6.3)
    top = r.y1 - mm(4)
    c.setFillColorRGB(*colour)
    c.setFont(design.BOLD, size)
    c.drawCentredString(cx, top - size * CAP_HEIGHT, card.rank_name)
    icon_y = top - size * CAP_HEIGHT - mm(1.6) - mm(2.2)
    if card.suit is None:
        draw_star(c, cx, icon_y, mm(4.8), colour)
    else:
        draw_suit(c, card.suit, cx, icon_y, mm(4.4), colour)


# pip positions (x in -1..1, y in -1..1, y up); pips below the middle are turned
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0, 1), (0, -1)),
    3: ((0, 1), (0, 0), (0, -1)),
    4: ((-1, 1), (1, 1), (-1, -1), (1, -1)),
    5: ((-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)),
    6: ((-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)),
    7: ((-1, 1), (1, 1), (0, 0.5), (-1, 0), (1, 0), (-1, -1), (1, -1)),
    8: ((-1, 1), (1, 1), (0, 0.5), (-1, 0), (1, 0), (0, -0.5), (-1, -1), (1, -1)),
    9: ((-1, 1), (1, 1), (-1, 1 / 3), (1, 1 / 3), (0, 0), (-1, -1 / 3), (1, -1 / 3),
        (-1, -1), (1, -1)),
    10: ((-1, 1), (1, 1), (0, 2 / 3), (-1, 1 / 3), (1, 1 / 3), (-1, -1 / 3), (1, -1 / 3),
         (0, -2 / 3), (-1, -1), (1, -1)),
}


def _turned(c: Any, cx: float, cy: float, draw: Any) -> None:
    """Call ``draw(c)`` in a frame turned 180 degrees about ``(cx, cy)``."""
    c.saveState()
    c.translate(cx, cy)
    c.rotate(180)
    c.translate(-cx, -cy)
    draw(c)
    c.restoreState()


def draw_card_front(c: Any, card: Card, r: Rect) -> None:
    """The face of ``card`` in the card rectangle ``r`` (points): corner indices (the
    second turned 180 degrees), pips for A-10, a framed drawn figure for J Q K
    (:mod:`companion.paper.court`), a star for a joker. Nothing within 3 mm of the cut edge."""
    colour = RED if card.is_red else INK
    c.saveState()
    _panel(c, r)
    _index(c, card, r, colour)
    _turned(c, r.cx, r.cy, lambda cc: _index(cc, card, r, colour))
    if card.is_joker:
        _joker_centre(c, r)
    elif card.is_face:
        _face_centre(c, card, r, colour)
    else:
        _pips(c, card, r, colour)
    c.restoreState()


FACE_PANEL = (0.965, 0.947, 0.905)
"""The pale warm tint of a card face inside its white border: the face reads as a
card, not as paper (a white border of :data:`PANEL_INSET_MM` hides a cut a little
off the line)."""
PANEL_INSET_MM = 2.5


def _panel(c: Any, r: Rect) -> None:
    """The face's tinted panel with a fine outline, ``PANEL_INSET_MM`` inside the cut."""
    panel = r.inset(mm(PANEL_INSET_MM))
    c.setFillColorRGB(*FACE_PANEL)
    c.setStrokeColorRGB(0.72, 0.68, 0.6)
    c.setLineWidth(0.5)
    c.roundRect(panel.x, panel.y, panel.w, panel.h, mm(2.5), stroke=1, fill=1)


def _pips(c: Any, card: Card, r: Rect, colour: tuple[float, float, float]) -> None:
    assert card.suit is not None
    suit = card.suit
    if card.rank == 1:  # a large pip in a double ring
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(0.9)
        c.circle(r.cx, r.cy, mm(18), stroke=1, fill=0)
        c.setLineWidth(0.4)
        c.circle(r.cx, r.cy, mm(16.8), stroke=1, fill=0)
        draw_suit(c, suit, r.cx, r.cy, mm(24), colour)
        return
    pip = mm(10)
    half_w = (r.w - 2 * mm(12.5)) / 2 - pip / 2
    half_h = (r.h - 2 * mm(9)) / 2 - pip / 2
    for px, py in _PIPS[card.rank]:
        x, y = r.cx + px * half_w, r.cy + py * half_h
        if py < 0:
            _turned(c, x, y, lambda cc, x=x, y=y: draw_suit(cc, suit, x, y, pip, colour))
        else:
            draw_suit(c, suit, x, y, pip, colour)


def _face_centre(c: Any, card: Card, r: Rect, colour: tuple[float, float, float]) -> None:
    assert card.suit is not None
    suit = card.suit
    frame = Rect(r.x + mm(12.5), r.y + mm(8), r.w - 2 * mm(12.5), r.h - 2 * mm(8))
    c.setFillColorRGB(*(FACE_TINT_RED if card.is_red else FACE_TINT_BLACK))
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(0.9)
    c.roundRect(frame.x, frame.y, frame.w, frame.h, mm(2), stroke=1, fill=1)
    c.setLineWidth(0.4)
    inner = frame.inset(mm(1.2))
    c.roundRect(inner.x, inner.y, inner.w, inner.h, mm(1.3), stroke=1, fill=0)
    draw_court_figure(c, card.rank, suit, inner.inset(mm(0.8)), colour)


def _joker_centre(c: Any, r: Rect) -> None:
    draw_star(c, r.cx, r.cy, mm(30))
    c.setFillColorRGB(*INK)
    c.setFont(design.BOLD, 13)
    c.drawCentredString(r.cx, r.cy - mm(22), "JOKER")
    _turned(c, r.cx, r.cy + mm(22) - 13 * CAP_HEIGHT / 2,
            lambda cc: cc.drawCentredString(r.cx, r.cy + mm(22) - 13 * CAP_HEIGHT, "JOKER"))


def draw_card_back(c: Any, r: Rect, title: str, ink: str = DEFAULT_INK) -> None:
    """The shared back in the card rectangle ``r``: a white margin (it hides a few mm
    of duplex drift), a tinted frame with a diagonal lattice and the game name; ``ink``
    light: a white frame, the lattice pale and twice as wide apart."""
    light = ink == "light"
    c.saveState()
    outer = r.inset(mm(3.5))
    c.setFillColorRGB(*((1.0, 1.0, 1.0) if light else BACK_TINT))
    c.setStrokeColorRGB(*BACK_INK)
    c.setLineWidth(1.2)
    c.roundRect(outer.x, outer.y, outer.w, outer.h, mm(3), stroke=1, fill=1)
    inner = outer.inset(mm(2))
    c.setLineWidth(0.5)
    c.roundRect(inner.x, inner.y, inner.w, inner.h, mm(2), stroke=1, fill=0)
    c.saveState()
    clip = c.beginPath()
    clip.roundRect(inner.x, inner.y, inner.w, inner.h, mm(2))
    c.clipPath(clip, stroke=0, fill=0)
    if light:
        draw_lattice(c, inner, mm(8), 0.4,
                     tuple(0.45 * a + 0.55 for a in BACK_INK))
    else:
        draw_lattice(c, inner, mm(4), 0.5, BACK_INK)
    c.restoreState()
    plate = Rect(r.cx - mm(21), r.cy - mm(8), mm(42), mm(16))
    c.setFillColorRGB(1, 1, 1)
    c.setLineWidth(0.9)
    c.roundRect(plate.x, plate.y, plate.w, plate.h, mm(3), stroke=1, fill=1)
    size = fit_font_size(title, design.BOLD, 9.5, plate.w - mm(5))
    c.setFillColorRGB(*BACK_INK)
    c.setFont(design.BOLD, size)
    c.drawCentredString(r.cx, r.cy - size * CAP_HEIGHT / 2, title)
    c.restoreState()
