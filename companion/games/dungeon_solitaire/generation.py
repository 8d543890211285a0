"""Seeded levels and the reward deck of Dungeon Solitaire (the source's five steps).

Level L, try t, uses the stream ``(seed, "dungeon-solitaire", "level", L, "size", n,
"try", t)``:

1. Every shared edge of the n×n board is open with chance ``edge_open`` (the outer edge
   is closed), so neighbouring exits always match. A random cell is the staircase.
2. The player starts on the staircase and moves 50 times to a random connected
   neighbour (neighbours in N E S W order). Ending within Manhattan distance 2 of the
   staircase (or on a staircase with no exit) restarts the level with the next try.
3. Every card but the start and the staircase is removed with chance p(L), in reading
   order; the remaining neighbours of a removed cell gain an exit toward it.
4. Every other remaining card gets one roll: heart h(L), monster m(L), chest c(L), else
   nothing.
5. Useless cards go: value = exits + 2 with a chest or heart, kept if > 2 (values taken
   after step 4, all at once); neighbours gain exits toward the removed cells.

The reward deck: ``(seed, "dungeon-solitaire", "reward")``, cards R1…R60: a special
(heal, slay, turn, leap, uniform) with chance 0.2, else a room card whose sides are each
open with chance 0.55 (at least one) and whose object is a chest 15 %, heart 10 %,
monster 10 %.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from companion.games.dungeon_solitaire.cards import (
    DELTA,
    DIRS,
    OPPOSITE,
    SPECIALS,
    Object,
    RewardCard,
    Room,
    Special,
)
from companion.games.dungeon_solitaire.table import RULES, RulesTable
from companion.grid import Cell as Cell  # re-exported: the grid's names live in grid.py
from companion.grid import cell_name as cell_name
from companion.rng import Stream, stream

GAME = "dungeon-solitaire"


@dataclass(frozen=True)
class Level:
    """A generated level: its board (cell -> room card), start and staircase."""

    number: int
    size: int
    board: dict[Cell, Room]
    start: Cell
    stairs: Cell
    walk: tuple[Cell, ...]  # step 2's walk, staircase first: the guaranteed path
    full: dict[Cell, Room]  # the board after step 1, before any removal
    tries: int

    @property
    def crown(self) -> bool:
        """Whether this is level 9, whose staircase is the crown (the goal)."""
        return self.number == 9


def _neighbour(cell: Cell, side: str) -> Cell:
    return (cell[0] + DELTA[side][0], cell[1] + DELTA[side][1])


def _open_sides(rng: Stream, size: int, p: float) -> dict[Cell, Room]:
    board = {(c, r): Room("") for r in range(size) for c in range(size)}
    for r in range(size):
        for c in range(size):
            for side in "ES":
                nb = _neighbour((c, r), side)
                if nb in board and rng.chance(p):
                    board[(c, r)] = board[(c, r)].with_exit(side)
                    board[nb] = board[nb].with_exit(OPPOSITE[side])
    return board


def _remove(board: dict[Cell, Room], gone: list[Cell]) -> None:
    for cell in gone:
        del board[cell]
    for cell in gone:
        for side in DIRS:
            nb = _neighbour(cell, side)
            if nb in board:
                board[nb] = board[nb].with_exit(OPPOSITE[side])


def _attempt(rng: Stream, number: int, size: int, rules: RulesTable,
             ) -> tuple[dict[Cell, Room], Cell, Cell, tuple[Cell, ...], dict[Cell, Room]] | None:
    board = _open_sides(rng, size, rules.edge_open)
    full = dict(board)
    cells = sorted(board, key=lambda x: (x[1], x[0]))
    stairs = rng.choice(cells)
    walk = [stairs]
    pos = stairs
    for _ in range(rules.walk_steps):
        options = [_neighbour(pos, d) for d in DIRS if board[pos].has(d)]
        if not options:
            return None
        pos = rng.choice(options)
        walk.append(pos)
    if abs(pos[0] - stairs[0]) + abs(pos[1] - stairs[1]) < rules.min_walk_distance:
        return None
    start = pos
    keep = {start, stairs}
    gone = [c for c in cells if c not in keep and rng.chance(rules.odds("removal", number))]
    _remove(board, gone)
    for cell in cells:
        if cell not in board or cell in keep:
            continue
        roll = rng.below(1_000_000) / 1_000_000
        h, m, ch = (rules.odds(k, number) for k in ("heart", "monster", "chest"))
        obj: Object | None = None
        if roll < h:
            obj = "heart"
        elif roll < h + m:
            obj = "monster"
        elif roll < h + m + ch:
            obj = "chest"
        board[cell] = Room(board[cell].exits, obj)
    useless = [c for c in cells if c in board and c not in keep
               and len(board[c].exits) + (2 if board[c].obj in ("chest", "heart") else 0) <= 2]
    _remove(board, useless)
    return board, start, stairs, tuple(walk), full


@lru_cache(maxsize=256)
def generate_level(seed: str, number: int, size: int = 5, rules: RulesTable = RULES) -> Level:
    """Level ``number`` (1–9) of ``seed`` on a ``size``×``size`` board."""
    tries = 0
    while True:
        rng = stream(seed, GAME, "level", number, "size", size, "try", tries)
        tries += 1
        made = _attempt(rng, number, size, rules)
        if made is not None:
            board, start, stairs, walk, full = made
            return Level(number, size, board, start, stairs, walk, full, tries)


@lru_cache(maxsize=64)
def reward_deck(seed: str, rules: RulesTable = RULES) -> tuple[RewardCard, ...]:
    """The numbered reward deck R1…R60 of ``seed``."""
    rng = stream(seed, GAME, "reward")
    out: list[RewardCard] = []
    for i in range(1, rules.reward_deck + 1):
        card: Room | Special
        if rng.chance(rules.reward_special):
            card = Special(rng.choice(SPECIALS))
        else:
            exits = ""
            while not exits:
                exits = "".join(d for d in DIRS if rng.chance(rules.reward_exit_open))
            roll = rng.below(1_000_000) / 1_000_000
            obj: Object | None = None
            if roll < rules.reward_chest:
                obj = "chest"
            elif roll < rules.reward_chest + rules.reward_heart:
                obj = "heart"
            elif roll < rules.reward_chest + rules.reward_heart + rules.reward_monster:
                obj = "monster"
            card = Room(exits, obj)
        out.append(RewardCard(f"R{i}", card))
    return tuple(out)


def hand_draw(seed: str, draws: int, deck: Iterable[str], size: int) -> tuple[str, ...]:
    """The cards a simulated game's ``draws``-th draw (0 first) takes from the player's
    ``deck`` (reward ids): the first ``size`` of the deck in number order shuffled by
    the stream ``(seed, "dungeon-solitaire", "simulation", "draw", draws)``, as a hand
    shuffle at the table would give them. Seeded like a deal, so a simulation replays;
    a real game's draws are the player's own."""
    order = stream(seed, GAME, "simulation", "draw", draws).shuffled(
        sorted(deck, key=lambda x: int(x[1:])))
    return tuple(order[:size])

