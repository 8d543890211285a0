"""The Shuffle and Doom map: cells, rooms and walking (pure functions, no I/O)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from companion.cards import Card

Cell = tuple[int, int]  # (column, row), 0-based; (0, 0) is a1, the top-left cell

BONUS_BY_SIZE = {4: 7, 5: 6, 6: 6, 7: 5, 8: 5, 9: 4, 10: 4, 11: 3, 12: 3, 13: 2, 14: 2}


def bonus_modifier(size: int) -> int:
    """The stat bonus B of one ♥/♠/♣ map card for a ``size``×``size`` map."""
    return BONUS_BY_SIZE.get(size, 1)


def cell_name(cell: Cell) -> str:
    """``(0, 0)`` → ``a1``."""
    return f"{chr(ord('a') + cell[0])}{cell[1] + 1}"


def neighbours(cell: Cell, size: int) -> Iterable[Cell]:
    """The orthogonal neighbours of ``cell`` inside the grid (N, E, S, W)."""
    c, r = cell
    for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        nc, nr = c + dc, r + dr
        if 0 <= nc < size and 0 <= nr < size:
            yield (nc, nr)


@dataclass(frozen=True)
class DungeonMap:
    """The map made by the two stacks: ``row_stack`` colours the columns,
    ``column_stack`` the rows. A cell is filled (X) when the colours differ."""

    row_stack: tuple[Card, ...]
    column_stack: tuple[Card, ...]

    @property
    def size(self) -> int:
        return len(self.row_stack)

    def filled(self, cell: Cell) -> bool:
        c, r = cell
        return self.row_stack[c].is_red != self.column_stack[r].is_red

    @cached_property
    def rooms(self) -> tuple[tuple[Cell, ...], ...]:
        """The filled rooms (maximal 4-connected sets of X cells), each sorted in reading
        order, numbered in reading order of their first cell."""
        n = self.size
        seen: set[Cell] = set()
        rooms: list[tuple[Cell, ...]] = []
        for r in range(n):
            for c in range(n):
                start = (c, r)
                if start in seen or not self.filled(start):
                    continue
                seen.add(start)
                todo = [start]
                cells = []
                while todo:
                    cur = todo.pop()
                    cells.append(cur)
                    for nb in neighbours(cur, n):
                        if nb not in seen and self.filled(nb):
                            seen.add(nb)
                            todo.append(nb)
                rooms.append(tuple(sorted(cells, key=lambda x: (x[1], x[0]))))
        return tuple(rooms)

    @cached_property
    def room_index(self) -> dict[Cell, int]:
        """Room number of every filled cell."""
        return {cell: i for i, room in enumerate(self.rooms) for cell in room}

    def grid_text(self) -> list[str]:
        """The map as rows of ``X``/``0``, top row first."""
        n = self.size
        return ["".join("X" if self.filled((c, r)) else "0" for c in range(n))
                for r in range(n)]


def reachable(dmap: DungeonMap, start: Cell | None, is_open: list[bool]) -> set[Cell]:
    """Open cells the player can walk to from ``start`` (None: outside, next to a1).

    ``is_open[room]`` says whether each filled room is emptied (walkable); 0 cells are
    always open.
    """
    n = dmap.size
    index = dmap.room_index

    def open_cell(cell: Cell) -> bool:
        room = index.get(cell)
        return room is None or is_open[room]

    if start is None:
        if not open_cell((0, 0)):
            return set()
        start = (0, 0)
    seen = {start}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        for nb in neighbours(cur, n):
            if nb not in seen and open_cell(nb):
                seen.add(nb)
                queue.append(nb)
    return seen
