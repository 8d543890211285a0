"""A Dungeon Upkeeper floor and its exact par solver (pure, no I/O).

Tiles: ``#`` wall, ``.`` floor, ``S`` start, ``X`` exit, ``T`` sprung trap (to reset),
``G`` empty chest (to refill). Cells are (column, row), 0-based, named like ``a1``
(``companion/grid.py``).

The solver searches over (position, objectives done), not over raw paths: between two
objectives the goblin walks a shortest path through cells that change nothing (floor,
start, chests already refilled); traps are never crossed (an unreset trap would be reset,
which is an objective of its own; a reset trap is armed and a perfect path never steps
on it); the exit ends the floor, so it is only the last target. Distances come from
breadth-first searches cached by (position, chests refilled). Dijkstra over those states
gives par, the fewest moves of a perfect path, exactly.
"""

from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass, field
from functools import cached_property

from companion.grid import Cell as Cell  # re-exported: the grid's names live in grid.py
from companion.grid import cell_name as cell_name

STEPS: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
WALKABLE = frozenset(".STXG")


@dataclass(frozen=True)
class Floor:
    """One floor: its number (1 for B1), rows of tiles, and how it was generated."""

    number: int
    rows: tuple[str, ...]
    tries: int = 1
    objectives_asked: int = 0
    info: dict[str, int] = field(default_factory=dict, compare=False)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def name(self) -> str:
        return f"B{self.number}"

    def tile(self, cell: Cell) -> str:
        c, r = cell
        if 0 <= r < self.height and 0 <= c < self.width:
            return self.rows[r][c]
        return "#"

    def find(self, tile: str) -> list[Cell]:
        return [(c, r) for r, row in enumerate(self.rows) for c, t in enumerate(row)
                if t == tile]

    @cached_property
    def start(self) -> Cell:
        return self.find("S")[0]

    @cached_property
    def exit(self) -> Cell:
        return self.find("X")[0]

    @cached_property
    def traps(self) -> tuple[Cell, ...]:
        return tuple(self.find("T"))

    @cached_property
    def chests(self) -> tuple[Cell, ...]:
        return tuple(self.find("G"))

    @cached_property
    def objectives(self) -> tuple[Cell, ...]:
        """Traps then chests, in reading order each: bit i of a mask is objective i."""
        return self.traps + self.chests

    def neighbours(self, cell: Cell) -> list[Cell]:
        c, r = cell
        return [(c + dc, r + dr) for dc, dr in STEPS.values()
                if self.tile((c + dc, r + dr)) in WALKABLE]

    @cached_property
    def adjacency(self) -> dict[Cell, tuple[Cell, ...]]:
        """:meth:`neighbours` of every walkable cell, computed once (the solver's
        breadth-first searches read it thousands of times)."""
        return {(c, r): tuple(self.neighbours((c, r)))
                for r, row in enumerate(self.rows) for c, t in enumerate(row)
                if t in WALKABLE}


@dataclass(frozen=True)
class Solution:
    """Par (None: not perfectly solvable) and one perfect path of that length."""

    par: int | None
    path: str
    states: int


def _bfs(floor: Floor, start: Cell, passable: frozenset[Cell], targets: frozenset[Cell],
         ) -> dict[Cell, tuple[int, Cell | None]]:
    """Distances (and parents) from ``start`` to every reachable cell, expanding only
    through ``passable`` cells; ``targets`` are reached but not walked through."""
    seen: dict[Cell, tuple[int, Cell | None]] = {start: (0, None)}
    queue = deque([start])
    adjacency = floor.adjacency
    while queue:
        cur = queue.popleft()
        d = seen[cur][0]
        for nb in adjacency[cur]:
            if nb in seen:
                continue
            if nb in passable:
                seen[nb] = (d + 1, cur)
                queue.append(nb)
            elif nb in targets:
                seen[nb] = (d + 1, cur)
    return seen


def _letters(cells: list[Cell]) -> str:
    out = []
    for (c1, r1), (c2, r2) in zip(cells, cells[1:], strict=False):
        out.append(next(k for k, v in STEPS.items() if v == (c2 - c1, r2 - r1)))
    return "".join(out)


def solve(floor: Floor) -> Solution:
    """Par and a perfect path of ``floor``, exactly (see the module docstring)."""
    objectives = floor.objectives
    n_traps = len(floor.traps)
    full = (1 << len(objectives)) - 1
    plain = frozenset(c for c in floor.find(".") + floor.find("S"))
    cache: dict[tuple[Cell, int], dict[Cell, tuple[int, Cell | None]]] = {}

    def table(pos: Cell, mask: int) -> dict[Cell, tuple[int, Cell | None]]:
        chest_mask = mask >> n_traps
        key = (pos, chest_mask)
        if key not in cache:
            done_chests = frozenset(floor.chests[i] for i in range(len(floor.chests))
                                    if chest_mask >> i & 1)
            # every objective and the exit stop a walk: which of them may be the next
            # target depends on the whole mask and is decided by the caller
            cache[key] = _bfs(floor, pos, plain | done_chests,
                              frozenset(objectives) | {floor.exit})
        return cache[key]

    start = floor.start
    best: dict[tuple[Cell, int], int] = {(start, 0): 0}
    parent: dict[tuple[Cell, int], tuple[Cell, int]] = {}
    heap: list[tuple[int, int, Cell, int]] = [(0, 0, start, 0)]
    goal: tuple[Cell, int] | None = None
    counter = 0
    while heap:
        cost, _, pos, mask = heapq.heappop(heap)
        if best.get((pos, mask), -1) != cost:
            continue
        if pos == floor.exit:
            goal = (pos, mask)
            break
        dist = table(pos, mask)
        moves: list[tuple[Cell, int]] = []
        if mask == full:
            if floor.exit in dist:
                moves.append((floor.exit, mask))
        else:
            for i, o in enumerate(objectives):
                if not mask >> i & 1 and o in dist:
                    moves.append((o, mask | 1 << i))
        for nxt, nmask in moves:
            ncost = cost + dist[nxt][0]
            key = (nxt, nmask)
            if ncost < best.get(key, 1 << 60):
                best[key] = ncost
                parent[key] = (pos, mask)
                counter += 1
                heapq.heappush(heap, (ncost, counter, nxt, nmask))
    if goal is None:
        return Solution(None, "", len(best))
    # rebuild the cell path leg by leg
    legs: list[tuple[Cell, int]] = [goal]
    while legs[-1] in parent:
        legs.append(parent[legs[-1]])
    legs.reverse()
    cells: list[Cell] = [start]
    for (pos, mask), (nxt, _) in zip(legs, legs[1:], strict=False):
        dist = table(pos, mask)
        leg = [nxt]
        while leg[-1] != pos:
            prev = dist[leg[-1]][1]
            assert prev is not None
            leg.append(prev)
        cells.extend(reversed(leg[:-1]))
    return Solution(best[goal], _letters(cells), len(best))


_SOLVED: dict[tuple[str, ...], Solution] = {}
_SOLVED_MAX = 512


def solved(floor: Floor) -> Solution:
    """:func:`solve` of ``floor``, remembered by its squares (par and the perfect path
    depend on nothing else): the generator's check, every finished floor's par in a
    replay, the simulated players and each printed page of a map read one solution.
    At most 512 floors are kept (then the memory starts afresh)."""
    found = _SOLVED.get(floor.rows)
    if found is None:
        found = solve(floor)
        remember(floor, found)
    return found


def remember(floor: Floor, solution: Solution) -> None:
    """Keep ``solution`` (:func:`solve` of ``floor``) for :func:`solved`."""
    if len(_SOLVED) >= _SOLVED_MAX:
        _SOLVED.clear()
    _SOLVED[floor.rows] = solution
