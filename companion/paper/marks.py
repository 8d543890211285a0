"""Crop marks and cut guides.

Crop marks are thin lines outside the grid block, in line with every cut: for each
distinct x of a card's left or right edge a short vertical mark above and below the
block, for each distinct y of a top or bottom edge a short horizontal mark left and
right of it. They start ``offset`` (3 mm) off the trim and are ``length`` (~5 mm)
long, so they never enter a card (nor a 3 mm bleed).

Home printers do not print the outer ~5 mm of the sheet (docs/printing.md): drawn on a page,
a mark is cut short where it would come nearer the paper edge than that, and left out
when less than 2 mm of it would remain (shorter marks do not read). A grid that comes
nearer than 10 mm to an edge (3 mm offset + 2 mm mark + 5 mm) therefore has no marks
on that side: 3 rows of 88 mm poker cards on US Letter keep 7.7 mm above and below,
so there the vertical cuts are marked by the cut lines alone, the horizontal ones by
the side marks.
"""

from __future__ import annotations

from typing import Any

from companion.paper.units import UNPRINTABLE_MM, Rect, bounding_rect, mm

__all__ = ["MARK_CLEAR", "MIN_MARK", "Segment", "crop_mark_segments", "draw_crop_marks",
           "draw_cut_lines"]

Segment = tuple[float, float, float, float]
"""A line ``(x0, y0, x1, y1)`` in points."""

_KEY_DIGITS = 4
_EPS = 1e-6
MARK_CLEAR = mm(UNPRINTABLE_MM)
"""How far inside the paper edge drawn crop marks stay (points): what printers print."""
MIN_MARK = mm(2)
"""The shortest crop mark drawn (points): a shorter one does not read."""


def _distinct(values: list[float]) -> list[float]:
    seen: dict[float, float] = {}
    for v in values:
        seen.setdefault(round(v, _KEY_DIGITS), v)
    return [seen[k] for k in sorted(seen)]


def crop_mark_segments(
    rects: list[Rect],
    offset: float = mm(3),
    length: float = mm(5),
    page_size: tuple[float, float] | None = None,
    clear: float = 0.0,
    min_length: float = mm(1),
) -> list[Segment]:
    """The crop mark lines for the cards at ``rects`` (see the module docstring).

    With ``page_size`` the marks are cut short ``clear`` points inside the paper edge
    (0: at the edge), and left out if less than ``min_length`` of them would remain or
    they would start nearer the edge than that (a grid that nearly fills the sheet).
    :func:`draw_crop_marks` keeps them :data:`MARK_CLEAR` (5 mm) inside and at least
    :data:`MIN_MARK` (2 mm) long.
    Raises ValueError if ``rects`` is empty, ``offset``/``clear``/``min_length`` is
    negative or ``length`` is not positive.
    """
    if offset < 0 or length <= 0:
        raise ValueError(f"crop marks need offset >= 0 and length > 0, not {offset}, {length}")
    if clear < 0 or min_length < 0:
        raise ValueError(f"crop marks need clear >= 0 and min_length >= 0, not {clear}, "
                         f"{min_length}")
    block = bounding_rect(rects)
    xs = _distinct([v for r in rects for v in (r.x, r.x1)])
    ys = _distinct([v for r in rects for v in (r.y, r.y1)])
    segs: list[Segment] = []
    for x in xs:
        segs.append((x, block.y - offset, x, block.y - offset - length))
        segs.append((x, block.y1 + offset, x, block.y1 + offset + length))
    for y in ys:
        segs.append((block.x - offset, y, block.x - offset - length, y))
        segs.append((block.x1 + offset, y, block.x1 + offset + length, y))
    if page_size is None:
        return [_ordered(s) for s in segs]
    pw, ph = page_size
    lo_x, hi_x, lo_y, hi_y = clear, pw - clear, clear, ph - clear
    kept: list[Segment] = []
    for x0, y0, x1, y1 in segs:
        # (x0, y0) is the end nearest the cards; the mark runs outwards to (x1, y1)
        if not (lo_x - _EPS <= x0 <= hi_x + _EPS and lo_y - _EPS <= y0 <= hi_y + _EPS):
            continue
        x1 = min(max(x1, lo_x), hi_x)
        y1 = min(max(y1, lo_y), hi_y)
        if abs(x1 - x0) + abs(y1 - y0) < min_length - _EPS:
            continue
        kept.append(_ordered((x0, y0, x1, y1)))
    return kept


def _ordered(s: Segment) -> Segment:
    x0, y0, x1, y1 = s
    if (x1, y1) < (x0, y0):
        return (x1, y1, x0, y0)
    return s


def draw_crop_marks(
    c: Any,
    rects: list[Rect],
    offset: float = mm(3),
    length: float = mm(5),
    width: float = 0.25,
    page_size: tuple[float, float] | None = None,
    clear: float = MARK_CLEAR,
    min_length: float = MIN_MARK,
) -> None:
    """Draw crop marks (black, ``width`` points thick) for the cards at ``rects``.

    Pass ``page_size`` to keep the marks on the printable part of the sheet: ``clear``
    (5 mm) inside its edge, and none shorter than ``min_length`` (2 mm). Raises
    ValueError as :func:`crop_mark_segments` does, or if ``width`` is over 0.3 pt (crop
    marks are hairlines).
    """
    if not 0 < width <= 0.3:
        raise ValueError(f"crop marks are at most 0.3 pt wide, not {width}")
    segs = crop_mark_segments(rects, offset, length, page_size, clear, min_length)
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(width)
    c.setLineCap(0)
    c.setDash()
    p = c.beginPath()
    for x0, y0, x1, y1 in segs:
        p.moveTo(x0, y0)
        p.lineTo(x1, y1)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def draw_cut_lines(
    c: Any,
    rects: list[Rect],
    width: float = 0.3,
    gray: float = 0.6,
    dash: tuple[float, float] = (mm(1.5), mm(1.5)),
) -> None:
    """Light dashed guides along every edge of every item at ``rects`` (shared edges
    drawn once): where to cut between tiles that share their cut lines.

    Raises ValueError if ``width`` is not positive or ``gray`` is outside 0..1.
    """
    if not width > 0 or not 0 <= gray <= 1:
        raise ValueError(f"cut lines need width > 0 and gray in 0..1, not {width}, {gray}")
    edges: dict[tuple[float, float, float, float], Segment] = {}
    for r in rects:
        for s in (
            (r.x, r.y, r.x1, r.y),
            (r.x, r.y1, r.x1, r.y1),
            (r.x, r.y, r.x, r.y1),
            (r.x1, r.y, r.x1, r.y1),
        ):
            key = tuple(round(v, _KEY_DIGITS) for v in s)
            edges.setdefault(key, s)  # type: ignore[arg-type]
    c.saveState()
    c.setStrokeColorRGB(gray, gray, gray)
    c.setLineWidth(width)
    c.setDash(list(dash), 0)
    p = c.beginPath()
    for key in sorted(edges):
        x0, y0, x1, y1 = edges[key]
        p.moveTo(x0, y0)
        p.lineTo(x1, y1)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()
