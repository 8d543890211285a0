"""The Shuffle and Doom map: cells, rooms and walking (pure functions, no I/O)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property

from companion.cards import Card, standard_deck
from companion.frozen import made
from companion.grid import Cell as Cell  # re-exported: the grid's names live in grid.py
from companion.grid import cell_name as cell_name

RED: frozenset[Card] = frozenset(c for c in standard_deck() if c.is_red)
"""The red cards (♥ ♦)."""


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
        """The map's side, in cells (the cards of each stack)."""
        return len(self.row_stack)

    def filled(self, cell: Cell) -> bool:
        """Whether ``cell`` is an X cell (False off the map)."""
        c, r = cell
        cols, rows = self.colours
        return 0 <= c < len(cols) and 0 <= r < len(rows) and cols[c] != rows[r]

    @cached_property
    def colours(self) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
        """Whether each column's card is red (left to right), and each row's."""
        return (tuple([card in RED for card in self.row_stack]),
                tuple([card in RED for card in self.column_stack]))

    @cached_property
    def filled_cells(self) -> frozenset[Cell]:
        """The X cells: the column's and the row's card colours differ."""
        cols, rows = self.colours
        return frozenset((c, r) for c, red in enumerate(cols) for r, other in enumerate(rows)
                         if red != other)

    @property
    def room_count(self) -> int:
        """How many filled rooms the map has."""
        return len(self.regions.runs) - self.regions.zeros

    @cached_property
    def blocks(self) -> tuple[tuple[tuple[int, int, bool], ...],
                              tuple[tuple[int, int, bool], ...]]:
        """The runs of neighbouring columns of one colour and of neighbouring rows of
        one colour: (first, past the last, red) each, left to right and top to bottom.

        A cell is filled when its column's and its row's colours differ, so a column
        run and a row run make a rectangle whose cells are all filled or all 0, and two
        rectangles side by side differ (the runs' colours alternate): every filled room
        and every region of 0 cells is one such rectangle, a checkerboard of them."""
        cols, rows = self.colours
        return _runs(cols), _runs(rows)

    @cached_property
    def rooms(self) -> tuple[tuple[Cell, ...], ...]:
        """The filled rooms (maximal 4-connected sets of X cells), each sorted in reading
        order, numbered in reading order of their first cell: the rectangles of
        :attr:`blocks` whose column run and row run differ in colour."""
        cols, rows = self.blocks
        return tuple(tuple((c, r) for r in range(r0, r1) for c in range(c0, c1))
                     for r0, r1, row_red in rows for c0, c1, col_red in cols
                     if row_red != col_red)

    @cached_property
    def room_index(self) -> dict[Cell, int]:
        """Room number of every filled cell."""
        return {cell: i for i, room in enumerate(self.rooms) for cell in room}

    @cached_property
    def regions(self) -> Regions:
        """The map as a graph of regions (:class:`Regions`), made once per map."""
        return Regions.of(self)

    def grid_text(self) -> list[str]:
        """The map as rows of ``X``/``0``, top row first."""
        n = self.size
        return ["".join("X" if self.filled((c, r)) else "0" for c in range(n))
                for r in range(n)]


@dataclass(frozen=True, eq=False)
class Regions:
    """The map as a graph for walking: its regions of 0 cells (maximal 4-connected sets,
    nodes ``0 .. zeros - 1``, numbered in reading order of their first cell) and its
    filled rooms (room ``i`` is node ``zeros + i``), linked where their cells touch.
    Each is a rectangle of the map's :attr:`DungeonMap.blocks`: column run ``i`` and
    row run ``j`` make node ``rect[i][j]``. Walking goes through 0 cells and emptied
    rooms, so what the player can reach is a union of nodes: a state carries which open
    nodes are joined by open nodes (:class:`Areas`, a label per node; :meth:`open_room`
    updates them when a room is emptied), instead of walking the cells again for every
    ``enter``."""

    size: int
    zeros: int
    col_run: tuple[int, ...]
    """The run of each column (left to right)."""
    row_run: tuple[int, ...]
    """The run of each row (top to bottom)."""
    rect: tuple[tuple[int, ...], ...]
    """``rect[i][j]``: the node of column run ``i`` and row run ``j``."""
    runs: tuple[tuple[int, int], ...]
    """Each node's (column run, row run)."""
    blocks: tuple[tuple[tuple[int, int, bool], ...], tuple[tuple[int, int, bool], ...]]
    """The map's :attr:`DungeonMap.blocks`."""

    @staticmethod
    def of(dmap: DungeonMap) -> Regions:
        """The regions of ``dmap``, made from its blocks."""
        cols, rows = dmap.blocks
        # the rectangles of the map's blocks in reading order (column run, row run): the
        # 0 regions, then the rooms; in a row run, the column runs of its colour make 0
        # regions, the others rooms, left to right
        by_colour: tuple[list[int], list[int]] = ([], [])  # column runs black, red
        place = []  # each column run's place among the runs of its colour
        for i, (_, _, red) in enumerate(cols):
            place.append(len(by_colour[red]))
            by_colour[red].append(i)
        zero = [(i, j) for j, (_, _, red) in enumerate(rows) for i in by_colour[red]]
        filled = [(i, j) for j, (_, _, red) in enumerate(rows) for i in by_colour[not red]]
        zeros = len(zero)
        # first[c][j]: the first node of row run j among column runs of colour c (0
        # regions where the colours agree, else rooms)
        first: tuple[list[int], list[int]] = ([], [])
        z, f = 0, zeros
        for _, _, red in rows:
            first[red].append(z)
            first[not red].append(f)
            z += len(by_colour[red])
            f += len(by_colour[not red])
        rect = tuple(tuple([k + place[i] for k in first[red]])
                     for i, (_, _, red) in enumerate(cols))
        col_run = tuple(i for i, (c0, c1, _) in enumerate(cols) for _ in range(c0, c1))
        row_run = tuple(j for j, (r0, r1, _) in enumerate(rows) for _ in range(r0, r1))
        return Regions(dmap.size, zeros, col_run, row_run, rect, tuple(zero + filled),
                       (cols, rows))

    @cached_property
    def start(self) -> Areas:
        """The areas before any room is emptied: each 0 region its own, rooms closed."""
        return Areas((~1,) * self.zeros + (~0,) * (len(self.runs) - self.zeros), 0)

    def node_of(self, cell: Cell) -> int:
        """The node of ``cell`` (on the map)."""
        return self.rect[self.col_run[cell[0]]][self.row_run[cell[1]]]

    def box(self, node: int) -> tuple[int, int, int, int]:
        """The rectangle of ``node``: first column, past the last, first row, past the
        last."""
        i, j = self.runs[node]
        cols, rows = self.blocks
        return cols[i][0], cols[i][1], rows[j][0], rows[j][1]

    def cells(self, node: int) -> int:
        """How many cells ``node`` has."""
        c0, c1, r0, r1 = self.box(node)
        return (c1 - c0) * (r1 - r0)

    def links(self, node: int) -> list[int]:
        """The nodes next to ``node`` (above, right, below, left; a room's are 0
        regions: two rooms never touch)."""
        i, j = self.runs[node]
        rect = self.rect
        out = []
        if j > 0:
            out.append(rect[i][j - 1])
        if i + 1 < len(rect):
            out.append(rect[i + 1][j])
        if j + 1 < len(rect[i]):
            out.append(rect[i][j + 1])
        if i > 0:
            out.append(rect[i - 1][j])
        return out

    @cached_property
    def border(self) -> dict[tuple[int, int], tuple[Cell, ...]]:
        """(0 region, room node): the room's cells next to a cell of the region."""
        out: dict[tuple[int, int], tuple[Cell, ...]] = {}
        for k in range(self.zeros, len(self.runs)):
            c0, c1, r0, r1 = self.box(k)
            for m in self.links(k):
                m0, m1, n0, n1 = self.box(m)
                if n1 == r0:  # above
                    cells = [(c, r0) for c in range(c0, c1)]
                elif m0 == c1:  # right
                    cells = [(c1 - 1, r) for r in range(r0, r1)]
                elif n0 == r1:  # below
                    cells = [(c, r1 - 1) for c in range(c0, c1)]
                else:  # left
                    cells = [(c0, r) for r in range(r0, r1)]
                out[(m, k)] = tuple(cells)
        return out

    @cached_property
    def near(self) -> tuple[tuple[int, ...], ...]:
        """Each node's :meth:`links`, found once per map."""
        return tuple(tuple(self.links(node)) for node in range(len(self.runs)))

    def open_room(self, areas: Areas, room: int) -> Areas:
        """``areas`` once filled room ``room`` is emptied (open floor): it joins the
        0 regions it touches, and they one another (the largest part takes the others
        and the room under its root; the first of the largest when parts are equal)."""
        me = self.zeros + room
        up = areas.up
        if up[me] != ~0:
            return areas  # open already
        roots: list[int] = []  # of the nodes next to the room (above, right, below, left)
        to = -1  # the root of the largest part
        size = 1
        for node in self.near[me]:
            parent = up[node]
            while parent >= 0:
                node, parent = parent, up[parent]
            if node not in roots:
                roots.append(node)
                size += ~parent
                if to < 0 or parent < up[to]:  # larger
                    to = node
        new = list(up)
        if to < 0:  # a map of one room: a part of its own
            new[me] = ~1
        else:
            for root in roots:
                new[root] = to
            new[me] = to
            new[to] = ~size
        # Areas(tuple(new), areas.opened + 1), without the frozen init
        return made(Areas, {"up": tuple(new), "opened": areas.opened + 1})

    def areas_for(self, emptied: Iterable[int]) -> Areas:
        """The areas with the rooms ``emptied`` open (from :attr:`start`)."""
        areas = self.start
        for room in emptied:
            areas = self.open_room(areas, room)
        return areas


@dataclass(frozen=True, eq=False)
class Areas:
    """Which open parts of a map join which, as a forest of the nodes kept in one tuple:
    ``up[node]`` is the node's parent in the tree of its part, and at the root of a part
    ``~size`` (negative: ``~1`` for a 0 region alone); a closed room is a root of size 0
    (``~0``, -1). A part's trees are joined under the largest, so no node is more than
    log2(nodes) steps below its root. ``opened`` is how many rooms are open."""

    up: tuple[int, ...]
    opened: int

    def label(self, node: int) -> int:
        """The label of ``node``'s part (its root: equal for the nodes of one open part),
        or -1 for a closed room."""
        up = self.up
        parent = up[node]
        if parent < 0:
            return -1 if parent == ~0 else node
        while True:
            above = up[parent]
            if above < 0:
                return parent
            parent = above


def _runs(red: tuple[bool, ...]) -> tuple[tuple[int, int, bool], ...]:
    """The runs of equal neighbours in ``red``: (first, past the last, value) each."""
    out: list[tuple[int, int, bool]] = []
    first = 0
    for k in range(1, len(red) + 1):
        if k == len(red) or red[k] != red[first]:
            out.append((first, k, red[first]))
            first = k
    return tuple(out)


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
