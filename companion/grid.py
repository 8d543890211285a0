"""Square grids as the games name them: cells, their names and reading them back.

Every grid game of the companion (Shuffle and Doom's map, a Dungeon Upkeeper floor, a
Dungeon Solitaire board) names a cell the way a chess player names a square: a column
letter then a row number, ``a1`` being the **top-left** cell. Rows count downward (the
row below ``a1`` is ``a2``), as on the printed sheets, which read like a page.

A :data:`Cell` is the pair ``(column, row)``, both 0-based: ``(0, 0)`` is ``a1``,
``(2, 4)`` is ``c5``. Columns run ``a`` to ``z``, so a grid has at most 26 columns;
rows have no such limit, but a notation may bound how many digits it reads.

Pure standard library, no I/O. Errors subclass :class:`ValueError` (as python-chess's
move errors do): :class:`MalformedCellError` for text that is not a cell name at all,
:class:`OffBoardCellError` for a well-formed name outside the grid. The games turn them
into their own notation errors, in their own words.
"""

from __future__ import annotations

import re

from companion.text import shown

Cell = tuple[int, int]
"""A cell as ``(column, row)``, 0-based; ``(0, 0)`` is ``a1``, the top-left cell."""

COLUMNS = "abcdefghijklmnopqrstuvwxyz"
"""The column letters, left to right."""

MAX_COLUMNS = len(COLUMNS)
"""The widest grid that has a name for every column (26)."""

_CELL_RES: dict[int, re.Pattern[str]] = {}


class CellError(ValueError):
    """A cell name that cannot be read on a given grid. ``text`` is the name as given,
    ``width`` and ``height`` the grid's size."""

    def __init__(self, message: str, text: str, width: int, height: int) -> None:
        super().__init__(message)
        self.text = text
        self.width = width
        self.height = height


class MalformedCellError(CellError):
    """Text that is not a column letter followed by a row number (``a1``)."""


class OffBoardCellError(CellError):
    """A well-formed cell name outside the grid (``h1`` on a 5×5 board)."""

    def __init__(self, message: str, text: str, width: int, height: int,
                 cell: Cell) -> None:
        super().__init__(message, text, width, height)
        self.cell = cell


def cell_name(cell: Cell) -> str:
    """The name of ``cell``: ``(0, 0)`` is ``a1``, ``(2, 4)`` is ``c5``.

    Raises ValueError for a cell that has no name: a negative row or a column outside
    ``a`` to ``z``."""
    column, row = cell
    if not 0 <= column < MAX_COLUMNS or row < 0:
        raise ValueError(f"cell {cell!r} has no name: columns are a to z (0 to "
                         f"{MAX_COLUMNS - 1}) and rows start at 1 (0)")
    return f"{COLUMNS[column]}{row + 1}"


def last_cell(width: int, height: int | None = None) -> str:
    """The name of the bottom-right cell of a ``width``×``height`` grid (``e5`` for 5×5;
    ``height`` defaults to ``width``)."""
    return cell_name((width - 1, (width if height is None else height) - 1))


def _pattern(max_digits: int) -> re.Pattern[str]:
    pattern = _CELL_RES.get(max_digits)
    if pattern is None:
        # [0-9] and [a-zA-Z] are ASCII only: no other script's digits or letters
        pattern = re.compile(rf"([a-zA-Z])([0-9]{{1,{max_digits}}})")
        _CELL_RES[max_digits] = pattern
    return pattern


def parse_cell(text: str, width: int, height: int | None = None, *,
               max_digits: int = 3) -> Cell:
    """The cell named ``text`` on a ``width``×``height`` grid (``height`` defaults to
    ``width``): one ASCII letter in either case, then 1 to ``max_digits`` ASCII digits
    (leading zeros are read: ``a01`` is ``a1``). Nothing else, not even spaces.

    ``max_digits`` is how long a row number the notation reads: Shuffle and Doom reads
    up to 3 (``a100`` is then off its grid), Dungeon Solitaire up to 2 (``a100`` is no
    square at all); the copies this module replaces differed only there.

    Raises MalformedCellError for text that is not a cell name and OffBoardCellError
    for a name outside the grid (both ValueError)."""
    rows = width if height is None else height
    m = _pattern(max_digits).fullmatch(text)
    if m is None:
        raise MalformedCellError(f"{shown(text)} is not a cell name: a column letter then a "
                                 "row number, like a1", text, width, rows)
    cell = (ord(m.group(1).lower()) - ord("a"), int(m.group(2)) - 1)
    if not (0 <= cell[0] < width and 0 <= cell[1] < rows):
        raise OffBoardCellError(f"{text} is off the {width}×{rows} grid (a1 to "
                                f"{last_cell(width, rows)})", text, width, rows, cell)
    return cell
