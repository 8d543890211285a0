"""A Shuffle and Doom map drawn on a page: the grid with its filled rooms and room walls,
the room sizes, both stacks' cards round it, the coordinates, P and F (:func:`draw_grid`),
fitted into an area by :class:`Geometry` in one of the :class:`Frame` shapes. The map
sheet (:mod:`.sheets`), the hand record (:mod:`.record`) and the booklet draw their maps
with it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.shuffle_and_doom.dungeon import DungeonMap
from companion.paper import design
from companion.paper.cards import draw_card_glyph
from companion.paper.frame import INK
from companion.paper.icons import draw_icon
from companion.paper.layout import Rect
from companion.paper.units import mm

FILLED = (0.78, 0.78, 0.78)
THIN = 0.35
THICK = 1.8
MAX_CELL = mm(20)


@dataclass(frozen=True)
class Frame:
    """What lies around the grid, in cells: the stack cards, the coordinates, P and F.

    Full (``compact=False``): the column stack's cards as wide as the row stack's, row
    numbers on both sides, F to the right of the bottom-right cell (small maps, the
    booklet). Compact: narrow column-stack cards, row numbers on the left only, F under
    the bottom-right cell, so a large grid gets nearly the whole width of the page.
    """

    name: str
    left: float
    right: float
    top: float
    bottom: float
    compact: bool = False
    right_pad: float = 0.0  # points: the outer wall's half width, where nothing is beyond


FULL = Frame("full", left=1.6, right=0.6, top=1.6, bottom=1.1)
"""The full frame with the margins the booklet's figures were drawn with."""
FULL_PAGE = Frame("full", left=1.55, right=0.9, top=1.5, bottom=0.65)
"""The full frame measured to its ink (F and its letter reach 0.9 cell to the right)."""
COMPACT = Frame("compact", left=1.06, right=0.0, top=1.36, bottom=0.9, compact=True,
                right_pad=THICK / 2 + 0.3)


class Geometry:
    """Where the map grid lies on the page (points): used by drawing and by tests.

    The grid and its ``frame`` are fitted into ``area`` (cells at most ``max_cell``),
    centred across it and centred down it, or set at its top with ``top=True``.
    """

    def __init__(self, area: Rect, size: int, frame: Frame = FULL, top: bool = False,
                 max_cell: float = MAX_CELL) -> None:
        f = frame
        cell = min((area.w - f.right_pad) / (size + f.left + f.right),
                   area.h / (size + f.top + f.bottom), max_cell)
        self.cell = cell
        self.size = size
        self.frame = frame
        total_w = cell * (size + f.left + f.right) + f.right_pad
        total_h = cell * (size + f.top + f.bottom)
        left = area.x + (area.w - total_w) / 2
        upper = area.y + area.h - (0.0 if top else (area.h - total_h) / 2)
        self.grid_x = left + cell * f.left
        self.grid_top = upper - cell * f.top
        self.grid_y = self.grid_top - cell * size

    @property
    def block(self) -> Rect:
        """The grid with its frame (stack cards, coordinates, P and F)."""
        f, cell = self.frame, self.cell
        return Rect(self.grid_x - f.left * cell, self.grid_y - f.bottom * cell,
                    (self.size + f.left + f.right) * cell + f.right_pad,
                    (self.size + f.top + f.bottom) * cell)

    def cell_rect(self, col: int, row: int) -> Rect:
        """The rectangle of cell (col, row); row 0 is the top row."""
        return Rect(self.grid_x + col * self.cell, self.grid_top - (row + 1) * self.cell,
                    self.cell, self.cell)


def _params_text(size: int) -> str:
    return f"size {size}x{size}"


def draw_grid(c: Any, geo: Geometry, dmap: DungeonMap) -> None:
    """The map: cells, room walls, room sizes, both stacks' cards, the coordinates on the
    edges, P (the start, by a1) and F (the exit, by the bottom-right cell), all inside
    ``geo.block``."""
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
    num_size = max(4.5, min(8.0, cell * 0.3))
    c.setFont(design.BOLD, num_size)
    for room in dmap.rooms:
        rect = geo.cell_rect(*room[0])
        c.drawString(rect.x + cell * 0.08, rect.y + cell - num_size * 0.95, str(len(room)))
    # stack cards: row stack above the columns, column stack left of the rows
    gw, gh = cell * 0.82, cell * 0.92
    above = cell * (0.42 if compact else 0.55)
    for col, card in enumerate(dmap.row_stack):
        x = geo.grid_x + col * cell + (cell - gw) / 2
        draw_card_glyph(c, card, x, geo.grid_top + above, gw, gh)
    side_w, side_x = (cell * 0.62, geo.grid_x - cell * 1.06) if compact else \
        (gw, geo.grid_x - cell * 1.55)
    side_h = cell * 0.9 if compact else gh
    for r, card in enumerate(dmap.column_stack):
        y = geo.grid_top - (r + 1) * cell + (cell - side_h) / 2
        draw_card_glyph(c, card, side_x, y, side_w, side_h)
    # coordinates: letters above and below; row numbers on both sides (left only when
    # compact)
    font = max(5.0, min(9.0, cell * (0.3 if compact else 0.34)))
    c.setFont(design.REGULAR, font)
    c.setFillColorRGB(0.2, 0.2, 0.2)
    for col in range(n):
        x = geo.grid_x + (col + 0.5) * cell
        letter = chr(ord("a") + col)
        c.drawCentredString(x, geo.grid_top + cell * (0.1 if compact else 0.12), letter)
        c.drawCentredString(x, geo.grid_y - cell * 0.12 - font * 0.75, letter)
    for r in range(n):
        y = geo.grid_top - (r + 0.5) * cell - font * 0.35
        c.drawRightString(geo.grid_x - cell * (0.07 if compact else 0.1), y, str(r + 1))
        if not compact:
            c.drawString(geo.grid_x + n * cell + cell * 0.1, y, str(r + 1))
    # P: the player starts outside next to a1; F: the exit beyond the bottom-right cell
    icon = cell * (0.45 if compact else 0.5)
    px, py = geo.grid_x - cell * 0.3, geo.grid_top + cell * (0.25 if compact else 0.3)
    draw_icon(c, "player", px, py + icon * 0.1, icon)
    c.setFont(design.BOLD, font)
    c.setFillColorRGB(*INK)
    c.drawRightString(px - icon * 0.55, py - font * 0.35, "P")
    if compact:
        # under the bottom-right cell's letter, the F on the left of the door
        fx, fy = geo.grid_x + (n - 0.5) * cell, geo.grid_y - cell * 0.66
        draw_icon(c, "exit", fx, fy, icon)
        c.drawRightString(fx - icon * 0.6, fy - font * 0.35, "F")
    else:
        fx, fy = geo.grid_x + n * cell + cell * 0.35, geo.grid_y - cell * 0.35
        draw_icon(c, "exit", fx, fy, icon)
        c.drawString(fx + icon * 0.6, fy - font * 0.35, "F")
    c.restoreState()
