"""A Dungeon Upkeeper floor drawn on a page: the squares (walls in light or dark ink, the
open squares on a thin grid), the icons of S X T G and the coordinates round the map.
The map sheet (:mod:`.sheets`), the hand record (:mod:`.record`) and the booklet draw
their floors with it, so a floor looks the same wherever it is printed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.dungeon_upkeeper.floor import Floor, cell_name
from companion.paper import design
from companion.paper.frame import INK
from companion.paper.icons import draw_icon
from companion.paper.layout import Rect
from companion.paper.units import mm

WALL = (0.25, 0.25, 0.25)
"""Wall squares with ``--ink dark``: a dark solid grey (prints solid in black and white,
saves some toner next to black, and a stray pencil mark on it still shows as a sheen)."""
WALL_TINT = (0.9, 0.9, 0.9)
"""Wall squares with ``--ink light``: a pale grey under the hatching, so a wall stays a
wall where the hatch lines fade on a worn toner cartridge."""
HATCH = (0.35, 0.35, 0.35)
HATCH_WIDTH = 0.5
HATCH_PITCH = mm(1.8)
"""Diagonal hatch lines over the walls with ``--ink light`` (45 degrees, this far apart
measured along the square's edge)."""
WALL_EDGE = 1.3
"""The black line between a wall and a floor square with ``--ink light`` (points): the
corridor's sides, so the path to trace stands out by its outline alone."""
DEFAULT_INK = "light"
"""Light walls by default: they read as well as solid ones at 100 and 300 dpi and in
black and white, with a fraction of the toner (``--ink dark`` for the solid walls)."""
GRID = (0.6, 0.6, 0.6)
MIN_SQUARE = mm(8)
"""Smallest square a pencil path is comfortable in; B10 keeps at least this."""
MAX_SQUARE = mm(16)
ICON_SCALE = 0.6
"""Icons cover the middle 60 % of a square: the pencil line passes beside them."""
COORD_BAND = mm(4.5)

TILE_ICONS = {"S": "player", "X": "exit", "T": "trap", "G": "chest"}


@dataclass(frozen=True)
class Geometry:
    """Where the squares of a floor lie on the page (points): used by drawing and by
    tests. ``grid_x`` is the left edge, ``grid_top`` the top edge of square a1."""

    square: float
    cols: int
    rows: int
    grid_x: float
    grid_top: float

    @classmethod
    def fit(cls, area: Rect, cols: int, rows: int, max_square: float = MAX_SQUARE,
            ) -> Geometry:
        """The largest squares (up to ``max_square``) for a ``cols`` x ``rows`` map with
        its coordinate bands in ``area``, centred horizontally, at the top."""
        square = min((area.w - 2 * COORD_BAND) / cols, (area.h - 2 * COORD_BAND) / rows,
                     max_square)
        width = square * cols
        grid_x = area.x + (area.w - width) / 2
        grid_top = area.y + area.h - COORD_BAND
        return cls(square, cols, rows, grid_x, grid_top)

    @property
    def grid_y(self) -> float:
        """The bottom edge of the map."""
        return self.grid_top - self.rows * self.square

    @property
    def height(self) -> float:
        """The map with its coordinate bands."""
        return self.rows * self.square + 2 * COORD_BAND

    def cell_rect(self, col: int, row: int) -> Rect:
        """The square of cell (col, row); row 0 is the top row."""
        s = self.square
        return Rect(self.grid_x + col * s, self.grid_top - (row + 1) * s, s, s)


def _wall_edges(rows: tuple[str, ...]) -> list[tuple[int, int, int, int]]:
    """The sides between a wall square and a floor square, in grid units (x right from
    the left edge, y down from the top edge), collinear neighbours merged into one
    segment ``(x0, y0, x1, y1)``: horizontal runs first, then vertical ones."""
    h, w = len(rows), len(rows[0])

    def wall(col: int, r: int) -> bool:
        return not (0 <= r < h and 0 <= col < w) or rows[r][col] == "#"

    segments: list[tuple[int, int, int, int]] = []
    for y in range(h + 1):  # the line above row y
        run = None
        for x in range(w + 1):
            edge = x < w and wall(x, y - 1) != wall(x, y)
            if edge and run is None:
                run = x
            elif not edge and run is not None:
                segments.append((run, y, x, y))
                run = None
    for x in range(w + 1):  # the line left of column x
        run = None
        for y in range(h + 1):
            edge = y < h and wall(x - 1, y) != wall(x, y)
            if edge and run is None:
                run = y
            elif not edge and run is not None:
                segments.append((x, run, x, y))
                run = None
    return segments


def _draw_walls(c: Any, geo: Geometry, rows: tuple[str, ...], ink: str) -> None:
    """The wall squares: one solid dark grey mass (dark), or a pale tint hatched with
    thin diagonals and a black line along every side it shares with a floor square
    (light)."""
    path = c.beginPath()
    for r, row in enumerate(rows):
        for col, tile in enumerate(row):
            if tile == "#":
                rect = geo.cell_rect(col, r)
                path.rect(rect.x, rect.y, rect.w, rect.h)
    if ink == "dark":
        c.setFillColorRGB(*WALL)
        c.drawPath(path, stroke=0, fill=1)
        return
    c.saveState()
    c.setFillColorRGB(*WALL_TINT)
    c.clipPath(path, stroke=0, fill=1)
    # hatching: lines x - y = k * pitch over the whole map, clipped to the walls
    x0, y0 = geo.grid_x, geo.grid_y
    w, h = geo.cols * geo.square, geo.rows * geo.square
    c.setStrokeColorRGB(*HATCH)
    c.setLineWidth(HATCH_WIDTH)
    hatch = c.beginPath()
    k = 0
    while k * HATCH_PITCH < w + h:
        d = k * HATCH_PITCH - h  # the line through (x0 + d, y0) and (x0 + d + h, y0 + h)
        hatch.moveTo(x0 + d, y0)
        hatch.lineTo(x0 + d + h, y0 + h)
        k += 1
    c.drawPath(hatch, stroke=1, fill=0)
    c.restoreState()


def _draw_wall_edges(c: Any, geo: Geometry, floor: Floor) -> None:
    """The black line along every side a wall shares with a floor square (light)."""
    s = geo.square
    c.saveState()
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(WALL_EDGE)
    c.setLineCap(2)  # projecting ends, so corners close
    edges = c.beginPath()
    for ax, ay, bx, by in _wall_edges(floor.rows):
        edges.moveTo(geo.grid_x + ax * s, geo.grid_top - ay * s)
        edges.lineTo(geo.grid_x + bx * s, geo.grid_top - by * s)
    c.drawPath(edges, stroke=1, fill=0)
    c.restoreState()


def draw_floor(c: Any, geo: Geometry, floor: Floor, ink: str = DEFAULT_INK) -> None:
    """The squares: walls in ``ink`` (see :func:`_draw_walls`), floor white with a thin
    grid, icons for S X T G, and the coordinates on all four sides."""
    s = geo.square
    c.saveState()
    _draw_walls(c, geo, floor.rows, ink)
    # grid lines around the open squares only (walls stay one solid mass)
    c.setStrokeColorRGB(*GRID)
    c.setLineWidth(0.4)
    grid = c.beginPath()
    for r, row in enumerate(floor.rows):
        for col, tile in enumerate(row):
            if tile != "#":
                rect = geo.cell_rect(col, r)
                grid.rect(rect.x, rect.y, rect.w, rect.h)
    c.drawPath(grid, stroke=1, fill=0)
    if ink == "light":
        _draw_wall_edges(c, geo, floor)
    # outline of the whole map
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.8)
    c.rect(geo.grid_x, geo.grid_y, geo.cols * s, geo.rows * s, stroke=1, fill=0)
    # icons
    for r, row in enumerate(floor.rows):
        for col, tile in enumerate(row):
            icon = TILE_ICONS.get(tile)
            if icon:
                rect = geo.cell_rect(col, r)
                draw_icon(c, icon, rect.cx, rect.cy, s * ICON_SCALE)
    # coordinates
    font = design.style("label").size  # read while playing: 8 pt at any square
    c.setFont(design.REGULAR, font)
    c.setFillColorRGB(0.2, 0.2, 0.2)
    for col in range(geo.cols):
        x = geo.grid_x + (col + 0.5) * s
        letter = cell_name((col, 0))[0]
        c.drawCentredString(x, geo.grid_top + COORD_BAND * 0.3, letter)
        c.drawCentredString(x, geo.grid_y - COORD_BAND * 0.3 - font * 0.72, letter)
    for r in range(geo.rows):
        y = geo.grid_top - (r + 0.5) * s - font * 0.36
        c.drawRightString(geo.grid_x - mm(1.2), y, str(r + 1))
        c.drawString(geo.grid_x + geo.cols * s + mm(1.2), y, str(r + 1))
    c.restoreState()
