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
        """Columns of the floor."""
        return len(self.rows[0])

    @property
    def height(self) -> int:
        """Rows of the floor."""
        return len(self.rows)

    @property
    def name(self) -> str:
        """The floor's name: ``B1``, ``B2``..."""
        return f"B{self.number}"

    def tile(self, cell: Cell) -> str:
        """The tile at ``cell``; ``#`` off the map."""
        return self.squares.get(cell, "#")

    @cached_property
    def squares(self) -> dict[Cell, str]:
        """Every cell of the map with its tile (a lookup, where :meth:`tile` is asked
        for thousands of times)."""
        return {(c, r): t for r, row in enumerate(self.rows) for c, t in enumerate(row)}

    def find(self, tile: str) -> list[Cell]:
        """Every cell holding ``tile``, row by row."""
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
        """The walkable cells one step from ``cell``."""
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
    """Par and a perfect path of ``floor``, exactly (see the module docstring).

    The breadth-first searches run over the walkable cells' numbers (reading order),
    the neighbours of each in :attr:`Floor.adjacency`'s order: the same searches, the
    same parents, the same Dijkstra order as :func:`_bfs` over cells gives."""
    objectives = floor.objectives
    n_traps = len(floor.traps)
    full = (1 << len(objectives)) - 1
    adjacency = floor.adjacency
    cells = list(adjacency)  # reading order
    number = {c: k for k, c in enumerate(cells)}
    near = [[number[nb] for nb in adjacency[c]] for c in cells]
    plain = [floor.tile(c) in ".S" for c in cells]
    target = [False] * len(cells)
    for c in (*objectives, floor.exit):
        target[number[c]] = True
    chests = [number[c] for c in floor.chests]
    goals = [number[o] for o in objectives]
    exit_ = number[floor.exit]
    cache: dict[tuple[int, int], tuple[list[int], list[int], list[tuple[int, int, int]]]] = {}

    def table(pos: int, mask: int) -> tuple[list[int], list[int], list[tuple[int, int, int]]]:
        """Distances and parents (-1: not reached) from ``pos`` (a walk passes cells
        that change nothing and stops at an objective or the exit), and the objectives
        reached: (bit, cell, distance) in the objectives' order."""
        chest_mask = mask >> n_traps
        key = (pos, chest_mask)
        found = cache.get(key)
        if found is None:
            passable = plain.copy()
            for i, k in enumerate(chests):
                if chest_mask >> i & 1:
                    passable[k] = True
            dist = [-1] * len(cells)
            parent = [-1] * len(cells)
            dist[pos] = 0
            queue = deque([pos])
            while queue:
                cur = queue.popleft()
                d = dist[cur] + 1
                for nb in near[cur]:
                    if dist[nb] >= 0:
                        continue
                    if passable[nb]:
                        dist[nb] = d
                        parent[nb] = cur
                        queue.append(nb)
                    elif target[nb]:
                        dist[nb] = d
                        parent[nb] = cur
            reached = [(1 << i, o, dist[o]) for i, o in enumerate(goals) if dist[o] >= 0]
            found = cache[key] = (dist, parent, reached)
        return found

    # a search state is a number: the position's, shifted, and the objectives done
    bits = len(goals) + 1
    low = (1 << bits) - 1
    start = number[floor.start]
    best: dict[int, int] = {start << bits: 0}
    back: dict[int, int] = {}
    heap: list[tuple[int, int, int]] = [(0, 0, start << bits)]
    goal: int | None = None
    counter = 0
    push, pop = heapq.heappush, heapq.heappop
    far = 1 << 60
    while heap:
        cost, _, state = pop(heap)
        if best[state] != cost:
            continue
        pos, mask = state >> bits, state & low
        if pos == exit_:
            goal = state
            break
        found = cache.get((pos, mask >> n_traps))
        dist, _, reached = found if found is not None else table(pos, mask)
        # the moves in the objectives' order (then the exit), each relaxed in turn
        if mask == full:
            moves = [(exit_ << bits | mask, dist[exit_])] if dist[exit_] >= 0 else []
        else:
            moves = [(o << bits | mask | bit, d) for bit, o, d in reached if not mask & bit]
        for key, d in moves:
            ncost = cost + d
            if ncost < best.get(key, far):
                best[key] = ncost
                back[key] = state
                counter += 1
                push(heap, (ncost, counter, key))
    if goal is None:
        return Solution(None, "", len(best))
    # rebuild the cell path leg by leg
    legs: list[int] = [goal]
    while legs[-1] in back:
        legs.append(back[legs[-1]])
    legs.reverse()
    path: list[Cell] = [floor.start]
    for here, there in zip(legs, legs[1:], strict=False):
        pos, nxt = here >> bits, there >> bits
        parent = table(pos, here & low)[1]
        leg = [nxt]
        while leg[-1] != pos:
            leg.append(parent[leg[-1]])
        path.extend(cells[k] for k in reversed(leg[:-1]))
    return Solution(best[goal], _letters(path), len(best))


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
