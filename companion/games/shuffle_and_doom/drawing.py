"""A Shuffle and Doom map drawn on a page: the grid with its filled rooms and room walls,
the room sizes, both stacks' cards round it, the coordinates, P and F (:func:`draw_grid`),
fitted into an area by :class:`Geometry` in one of the :class:`Frame` shapes. The map
sheet (:mod:`.sheets`), the hand record (:mod:`.record`) and the booklet draw their maps
with it.

Every text on the map is 8 pt at least whatever the cell (issue 25, docs/printing.md,
Design): the bands round the grid are measured in points from the type they hold
(:meth:`Geometry.bands`), and the cell is the largest for which grid and bands fit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from companion.games.shuffle_and_doom.dungeon import DungeonMap, cell_name
from companion.paper import design
from companion.paper.cards import CAP_HEIGHT, draw_card_glyph
from companion.paper.frame import INK
from companion.paper.icons import draw_icon
from companion.paper.layout import Rect
from companion.paper.units import mm

FILLED = (0.78, 0.78, 0.78)
THIN = 0.35
THICK = 1.8
MAX_CELL = mm(20)
MIN_TEXT = design.style("label").minimum
"""The smallest text on the map: coordinates, room sizes, the cards' ranks, P and F."""
RANK_WIDEST = "10"
"""The widest rank a card glyph shows."""
IDENTITY_SHARE = 0.8
"""The widest the identity block of a map or stacking list may be, a share of the
page's width: a 32-character seed keeps 8 pt and more beside its QR code."""


@dataclass(frozen=True)
class Frame:
    """What lies around the grid: the stack cards, the coordinates, P and F.

    Full (``compact=False``): row numbers on both sides, F beyond the bottom-right
    corner (small maps, the booklet). Compact: row numbers on the left only, F under the
    bottom-right cell, so a large grid gets nearly the whole width of the page. Either
    way the bands round the grid are measured in points (:meth:`Geometry.bands`).
    """

    name: str
    compact: bool = False
    right_pad: float = 0.0  # points: the outer wall's half width, where nothing is beyond


FULL = Frame("full")
"""The full frame (the booklet's figures)."""
FULL_PAGE = FULL
"""The full frame on a page (the same bands, measured to their ink)."""
COMPACT = Frame("compact", compact=True, right_pad=THICK / 2 + 0.3)


def coordinate_size(cell: float) -> float:
    """The coordinates' and P's and F's type size for ``cell`` (points): 8 to 10 pt."""
    return max(MIN_TEXT, min(10.0, cell * 0.3))


def room_size_font(cell: float) -> float:
    """The room sizes' type size (bold) for ``cell``: 8 to 11 pt."""
    return max(MIN_TEXT, min(11.0, cell * 0.3))


GLYPH_MIN_H = MIN_TEXT * CAP_HEIGHT / 0.64 * 2 + 0.4
"""The least height of an upright card glyph whose rank is 8 pt (the glyph sets its
rank 0.64 of its upper half tall)."""

def _glyph_min_w() -> float:
    """The least width of an upright card glyph whose widest rank is 8 pt."""
    return design.string_width(RANK_WIDEST, design.BOLD, MIN_TEXT) / 0.84 + 0.4


def smallest_cell() -> float:
    """The smallest cell whose row-stack card (0.82 of the cell wide) shows a "10" at
    8 pt: a page that leaves less refuses the map."""
    return _glyph_min_w() / 0.82


def top_glyph(cell: float) -> tuple[float, float]:
    """(width, height) of a row-stack card over its column: as tall as its rank needs,
    the pitch of the columns wide at most."""
    return cell * 0.82, max(cell * 0.92, GLYPH_MIN_H)


def side_glyph(cell: float, compact: bool) -> tuple[float, float]:
    """(width, height) of a column-stack card beside its row: upright while the row
    holds an upright card whose rank is 8 pt, else lying (rank beside the suit), as
    wide as its rank needs."""
    w = cell * (0.62 if compact else 0.82)
    h = cell * 0.9
    if w >= _glyph_min_w() and h >= GLYPH_MIN_H:
        return w, h
    h = cell * 0.86
    # lying: the rank takes 0.55 of the width
    return max(h * 1.12, _glyph_min_w() / 0.55), h


def _icon(cell: float) -> float:
    return max(cell * 0.45, mm(4))


@dataclass(frozen=True)
class Bands:
    """The frame round the grid, in points: left, right, top and bottom of it."""

    left: float
    right: float
    top: float
    bottom: float


def bands(frame: Frame, size: int, cell: float) -> Bands:
    """The bands round a ``size`` grid of ``cell`` points in ``frame``, measured from
    the type and cards they hold."""
    f = coordinate_size(cell)
    nw = design.string_width(str(size), design.REGULAR, f)
    gap = max(cell * 0.08, 2.0)
    side_w, _ = side_glyph(cell, frame.compact)
    _, top_h = top_glyph(cell)
    icon = _icon(cell)
    letters = gap + 0.97 * f  # a letter with its descender, off the grid
    left = side_w + gap + nw + gap
    top = letters + gap + top_h + 0.6
    if frame.compact:
        right = 0.0
        bottom = letters + gap + icon + 0.5
    else:
        fw = design.string_width("F", design.BOLD, f)
        right = gap + max(nw, icon + 1.5 + fw) + 0.5
        bottom = max(letters, gap + icon) + 0.5
    return Bands(left, right, top, bottom)


class Geometry:
    """Where the map grid lies on the page (points): used by drawing and by tests.

    The grid and its ``frame`` (:func:`bands`) are fitted into ``area`` (cells at most
    ``max_cell``: the largest cell for which both fit), centred across it and centred
    down it, or set at its top with ``top=True``.
    """

    def __init__(self, area: Rect, size: int, frame: Frame = FULL, top: bool = False,
                 max_cell: float = MAX_CELL) -> None:
        def fits(cell: float) -> bool:
            b = bands(frame, size, cell)
            return (size * cell + b.left + b.right + frame.right_pad <= area.w
                    and size * cell + b.top + b.bottom <= area.h)

        lo, hi = 1.0, max_cell
        if fits(hi):
            lo = hi
        else:
            for _ in range(40):
                mid = (lo + hi) / 2
                lo, hi = (mid, hi) if fits(mid) else (lo, mid)
        cell = lo
        self.cell = cell
        self.size = size
        self.frame = frame
        self.bands = bands(frame, size, cell)
        b = self.bands
        total_w = size * cell + b.left + b.right + frame.right_pad
        total_h = size * cell + b.top + b.bottom
        left = area.x + (area.w - total_w) / 2
        upper = area.y + area.h - (0.0 if top else (area.h - total_h) / 2)
        self.grid_x = left + b.left
        self.grid_top = upper - b.top
        self.grid_y = self.grid_top - cell * size

    @property
    def block(self) -> Rect:
        """The grid with its frame (stack cards, coordinates, P and F)."""
        b, cell = self.bands, self.cell
        return Rect(self.grid_x - b.left, self.grid_y - b.bottom,
                    self.size * cell + b.left + b.right + self.frame.right_pad,
                    self.size * cell + b.top + b.bottom)

    def cell_rect(self, col: int, row: int) -> Rect:
        """The rectangle of cell (col, row); row 0 is the top row."""
        return Rect(self.grid_x + col * self.cell, self.grid_top - (row + 1) * self.cell,
                    self.cell, self.cell)


def _params_text(size: int) -> str:
    return f"size {size}x{size}"


def size_fits(label: str, font: float, cell: float, pad: float) -> bool:
    """Whether a room size ``label`` set at ``font`` points (bold) ``pad`` points in
    from its cell's top-left corner stays inside a ``cell`` clear of the walls: on a
    hand record's mini map the cells can be too small for 8 pt, and the number is left
    out rather than crossed by the walls (the player counts the cells)."""
    wall = THICK / 2
    return (pad + design.string_width(label, design.BOLD, font) + wall <= cell
            and font * 0.95 + 1.0 + wall <= cell)


CELL_NAMES_FROM = mm(12)
"""Cells at least this big can show their names (``cell_names``)."""
CELL_NAME_GREY = (0.5, 0.5, 0.5)


def draw_grid(c: Any, geo: Geometry, dmap: DungeonMap, cell_names: bool = False) -> None:
    """The map: cells, room walls, room sizes, both stacks' cards, the coordinates on the
    edges, P (the start, by a1) and F (the exit, by the bottom-right cell), all inside
    ``geo.block``. With ``cell_names`` (and cells of :data:`CELL_NAMES_FROM` or more)
    every cell shows its name ("c3", as a log writes it) in grey at its bottom right."""
    n, cell = geo.size, geo.cell
    compact = geo.frame.compact
    c.saveState()
    # cells
    for r in range(n):
        for col in range(n):
            rect = geo.cell_rect(col, r)
            if dmap.filled((col, r)):
                c.setFillColorRGB(*FILLED)
                c.rect(rect.x, rect.y, rect.w, rect.h, stroke=0, fill=1)
    c.setStrokeColorRGB(0.45, 0.45, 0.45)
    c.setLineWidth(THIN)
    for i in range(n + 1):
        c.line(geo.grid_x + i * cell, geo.grid_y, geo.grid_x + i * cell, geo.grid_top)
        c.line(geo.grid_x, geo.grid_y + i * cell, geo.grid_x + n * cell, geo.grid_y + i * cell)
    # room walls: between a filled and an empty cell, and the outer edge
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(THICK)
    c.setLineCap(2)
    path = c.beginPath()
    for r in range(n):
        for col in range(n):
            here = dmap.filled((col, r))
            if col + 1 < n and dmap.filled((col + 1, r)) != here:
                x = geo.grid_x + (col + 1) * cell
                path.moveTo(x, geo.grid_top - r * cell)
                path.lineTo(x, geo.grid_top - (r + 1) * cell)
            if r + 1 < n and dmap.filled((col, r + 1)) != here:
                y = geo.grid_top - (r + 1) * cell
                path.moveTo(geo.grid_x + col * cell, y)
                path.lineTo(geo.grid_x + (col + 1) * cell, y)
    path.rect(geo.grid_x, geo.grid_y, n * cell, n * cell)
    c.drawPath(path, stroke=1, fill=0)
    # room sizes, in each room's first cell
    c.setFillColorRGB(*INK)
    num_size = room_size_font(cell)
    c.setFont(design.BOLD, num_size)
    pad = max(cell * 0.08, 1.5)
    for room in dmap.rooms:
        label = str(len(room))
        if not size_fits(label, num_size, cell, pad):
            continue  # a mini map's cell: the number would run into the walls
        rect = geo.cell_rect(*room[0])
        c.drawString(rect.x + pad, rect.y + cell - num_size * 0.95 - 1.0, label)
    if cell_names and cell >= CELL_NAMES_FROM:
        c.setFont(design.REGULAR, MIN_TEXT)
        c.setFillColorRGB(*CELL_NAME_GREY)
        for r in range(n):
            for col in range(n):
                rect = geo.cell_rect(col, r)
                c.drawRightString(rect.x1 - cell * 0.08, rect.y + cell * 0.08 + 1.5,
                                  cell_name((col, r)))
        c.setFillColorRGB(*INK)
    b = geo.bands
    f = coordinate_size(cell)
    gap = max(cell * 0.08, 2.0)
    letters = gap + 0.97 * f
    # stack cards: row stack above the letters over the columns, column stack at the
    # far left of the rows
    gw, gh = top_glyph(cell)
    for col, card in enumerate(dmap.row_stack):
        x = geo.grid_x + col * cell + (cell - gw) / 2
        draw_card_glyph(c, card, x, geo.grid_top + letters + gap, gw, gh)
    side_w, side_h = side_glyph(cell, compact)
    side_x = geo.grid_x - b.left
    for r, card in enumerate(dmap.column_stack):
        y = geo.grid_top - (r + 1) * cell + (cell - side_h) / 2
        draw_card_glyph(c, card, side_x, y, side_w, side_h)
    # coordinates: letters above and below; row numbers on both sides (left only when
    # compact)
    # (on cells too small for a label each, as in a hand record's mini map, every
    # step-th one, so the labels never run into each other)
    c.setFont(design.REGULAR, f)
    c.setFillColorRGB(0.2, 0.2, 0.2)
    across = math.ceil(design.string_width("m", design.REGULAR, f) * 1.15 / cell)
    down = math.ceil(f * 1.05 / cell)
    for col in range(0, n, across):
        x = geo.grid_x + (col + 0.5) * cell
        letter = chr(ord("a") + col)
        c.drawCentredString(x, geo.grid_top + gap + 0.22 * f, letter)
        c.drawCentredString(x, geo.grid_y - gap - 0.75 * f, letter)
    for r in range(0, n, down):
        y = geo.grid_top - (r + 0.5) * cell - f * 0.36
        c.drawRightString(geo.grid_x - gap, y, str(r + 1))
        if not compact:
            c.drawString(geo.grid_x + n * cell + gap, y, str(r + 1))
    # P: the player starts outside next to a1, in the corner over the row numbers;
    # F: the exit beyond the bottom-right cell
    icon = _icon(cell)
    c.setFont(design.BOLD, f)
    c.setFillColorRGB(*INK)
    px, py = geo.grid_x - gap - icon / 2, geo.grid_top + gap + icon / 2
    draw_icon(c, "player", px, py, icon)
    c.drawRightString(px - icon / 2 - 1.5, py - f * 0.36, "P")
    if compact:
        # under the bottom-right cell's letter, the F on the left of the door
        fx, fy = geo.grid_x + (n - 0.5) * cell, geo.grid_y - letters - gap - icon / 2
        draw_icon(c, "exit", fx, fy, icon)
        c.drawRightString(fx - icon / 2 - 1.5, fy - f * 0.36, "F")
    else:
        fx = geo.grid_x + n * cell + gap + icon / 2
        fy = geo.grid_y - gap - icon / 2
        draw_icon(c, "exit", fx, fy, icon)
        c.drawString(fx + icon / 2 + 1.5, fy - f * 0.36, "F")
    c.restoreState()
