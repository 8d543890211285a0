"""The Shuffle and Doom map: cells, rooms and walking (pure functions, no I/O)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property

from companion.cards import Card
from companion.grid import Cell as Cell  # re-exported: the grid's names live in grid.py
from companion.grid import cell_name as cell_name

BONUS_BY_SIZE = {4: 7, 5: 6, 6: 6, 7: 5, 8: 5, 9: 4, 10: 4, 11: 3, 12: 3, 13: 2, 14: 2}


def bonus_modifier(size: int) -> int:
    """The stat bonus B of one ♥/♠/♣ map card for a ``size``×``size`` map."""
    return BONUS_BY_SIZE.get(size, 1)


_STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N, E, S, W


def neighbours(cell: Cell, size: int) -> Iterable[Cell]:
    """The orthogonal neighbours of ``cell`` inside the grid (N, E, S, W)."""
    near = adjacency(size).get(cell)
    if near is not None:
        return near
    c, r = cell
    return tuple((c + dc, r + dr) for dc, dr in _STEPS
                 if 0 <= c + dc < size and 0 <= r + dr < size)


@cache
def adjacency(size: int) -> dict[Cell, tuple[Cell, ...]]:
    """Every cell of a ``size``×``size`` grid with its orthogonal neighbours inside the
    grid (N, E, S, W), computed once per size (walking the map looks them up often)."""
    out: dict[Cell, tuple[Cell, ...]] = {}
    for c in range(size):
        for r in range(size):
            out[(c, r)] = tuple((c + dc, r + dr)
                                for dc, dr in _STEPS
                                if 0 <= c + dc < size and 0 <= r + dr < size)
    return out


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
        return cell in self.filled_cells

    @cached_property
    def filled_cells(self) -> frozenset[Cell]:
        """The X cells: the column's and the row's card colours differ."""
        cols = [card.is_red for card in self.row_stack]
        rows = [card.is_red for card in self.column_stack]
        return frozenset((c, r) for c, red in enumerate(cols) for r, other in enumerate(rows)
                         if red != other)

    @cached_property
    def rooms(self) -> tuple[tuple[Cell, ...], ...]:
        """The filled rooms (maximal 4-connected sets of X cells), each sorted in reading
        order, numbered in reading order of their first cell."""
        n = self.size
        adj = adjacency(n)
        filled = self.filled_cells
        seen: set[Cell] = set()
        rooms: list[tuple[Cell, ...]] = []
        for r in range(n):
            for c in range(n):
                start = (c, r)
                if start in seen or start not in filled:
                    continue
                seen.add(start)
                todo = [start]
                cells = []
                while todo:
                    cur = todo.pop()
                    cells.append(cur)
                    for nb in adj[cur]:
                        if nb not in seen and nb in filled:
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
    adj = adjacency(dmap.size)
    index = dmap.room_index
    if start is None:
        room = index.get((0, 0))
        if room is not None and not is_open[room]:
            return set()
        start = (0, 0)
    seen = {start}
    queue = deque([start])
    while queue:
        for nb in adj[queue.popleft()]:
            if nb not in seen:
                room = index.get(nb)
                if room is None or is_open[room]:
                    seen.add(nb)
                    queue.append(nb)
    return seen
