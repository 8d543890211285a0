"""Dungeon Solitaire rules for the paper edition (``docs/rules/dungeon-solitaire.md``): pure
state and actions. The player's own deck is shuffled by hand, so every draw is logged;
the validator checks each drawn card is in the deck and not yet drawn this round."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from typing import Literal

from companion.frozen import derived, evolve, made
from companion.games.dungeon_solitaire.cards import (
    DELTA,
    DIRS,
    OPPOSITE,
    RewardCard,
    Room,
    Special,
)
from companion.games.dungeon_solitaire.generation import (
    Cell,
    Level,
    cell_name,
    generate_level,
    hand_draw,
    reward_deck,
)
from companion.games.dungeon_solitaire.table import RULES, RulesTable
from companion.rules_kit import Handlers, fail, game_over, handles
from companion.text import counted


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Draft:
    """``draft ID...``: the card kept from each set of the draft."""

    ids: tuple[str, ...]


@dataclass(frozen=True)
class LevelCheck:
    """``level N``: a checkpoint naming the level the game is on."""

    number: int


@dataclass(frozen=True)
class Draw:
    """``draw ID...``: the cards drawn from the hand-shuffled deck."""

    ids: tuple[str, ...]


@dataclass(frozen=True)
class Play:
    """``play ID [at|on CELL | DIRECTION]``: keep one of the cards drawn, a room placed
    on ``cell`` or a special used (on ``cell``, or toward ``direction``)."""

    id: str
    cell: Cell | None = None
    direction: str | None = None
    # where the target stands on the log line (after 'at'/'on' when written), for errors
    target_arg: int = field(default=1, compare=False)


@dataclass(frozen=True)
class Move:
    """Steps in order, each a direction (N E S W). ``bad``: why the letter written right
    after them is not a direction (it stands as step ``len(steps)``): it is refused once
    the steps are walked, so a fault written before it is reported first. An error
    names a step by its index (``IllegalAction.step``); the notation finds the letter.

    A step given as a ``(direction, ...)`` tuple, as steps once carried where they
    were written, is read as its direction."""

    steps: tuple[str, ...]
    bad: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if any(not isinstance(step, str) for step in self.steps):
            object.__setattr__(self, "steps", tuple(
                step if isinstance(step, str) else step[0] for step in self.steps))


@dataclass(frozen=True)
class Chest:
    """``chest ID``: the reward card kept from a chest just opened."""

    id: str


Action = Draft | LevelCheck | Draw | Play | Move | Chest


@dataclass(frozen=True)
class Tile:
    """A card on the board: the room, face up or down, and where it came from."""

    room: Room
    face_up: bool = False
    source: str = ""  # "" for the level's own tiles, else the reward id played


# ----------------------------------------------------------------------------- state
@dataclass(frozen=True)
class State:
    """A game of Dungeon Solitaire between two actions (never changed: the rules make
    a new one): the level and its board, the hero's square and health, the deck, the
    phase and the outcome."""

    seed: str
    size: int
    level: int = 1
    health: int = RULES.health
    board: tuple[tuple[Cell, Tile], ...] = ()
    position: Cell = (0, 0)
    stairs: Cell = (0, 0)
    deck: frozenset[str] = frozenset()  # own cards not yet drawn this round
    discard: frozenset[str] = frozenset()
    gone: frozenset[str] = frozenset()  # played onto the board or used
    next_reward: int = 0  # index into the reward deck of the next chest card
    phase: Literal["draft", "play", "keep", "chest"] = "draft"
    offered: tuple[str, ...] = ()  # drawn cards to keep one of, or a chest's cards
    levels_cleared: int = 0
    draws: int = 0
    outcome: Literal["won", "lost"] | None = None
    lost_because: str = ""
    rules: RulesTable = field(default=RULES, compare=False)

    @property
    def tiles(self) -> dict[Cell, Tile]:
        """The board as a new dictionary (the caller may change it)."""
        return dict(_grid(self))

    def card(self, rid: str) -> Room | Special:
        """The reward card ``rid`` (``R1``…) of this seed's deck. Raises IndexError or
        ValueError for an id outside it."""
        found: Room | Special | None = _cards(self)[1].get(rid)
        if found is None:
            return reward_deck(self.seed, self.rules)[int(rid[1:]) - 1].card
        return found

    def score(self) -> int:
        """10 per level cleared + 1 per card in deck and discard pile + 5 per health; a
        lost game keeps only its levels-cleared points."""
        r = self.rules
        if self.outcome == "lost":
            return r.score_per_level * self.levels_cleared
        return (r.score_per_level * self.levels_cleared
                + r.score_per_card * (len(self.deck) + len(self.discard))
                + r.score_per_health * self.health)


def _cards(s: State) -> tuple[tuple[RewardCard, ...], dict[str, Room | Special]]:
    """The seed's reward deck and its cards by id, kept with the state (for its seed
    and rules table)."""
    kept = s.__dict__.get("_cards")
    if kept is None or kept[0] is not s.seed or kept[1] is not s.rules:
        deck = reward_deck(s.seed, s.rules)
        kept = (s.seed, s.rules, (deck, {c.id: c.card for c in deck}))
        s.__dict__["_cards"] = kept
    cards: tuple[tuple[RewardCard, ...], dict[str, Room | Special]] = kept[2]
    return cards


def new_state(seed: str, size: int, rules: RulesTable = RULES) -> State:
    """The state before the draft of the seeded game of ``seed`` on a board of
    ``size``, under the numbers of ``rules``."""
    return State(seed=seed, size=size, health=rules.health, rules=rules)


def _deal_level(s: State, number: int) -> State:
    lvl: Level = generate_level(s.seed, number, s.size, s.rules)
    board, tiles, where = _dealt(lvl)
    return made(State, s.__dict__ | {
        "level": number, "position": lvl.start, "stairs": lvl.stairs, "board": board,
        "_grid": (board, tiles), "_where": (board, where)})


def _dealt(lvl: Level) -> tuple[tuple[tuple[Cell, Tile], ...], dict[Cell, Tile],
                                 dict[Cell, int]]:
    """A level as dealt: its board (the start, the staircase and the cards beyond the
    start's exits face up; a level's cells come in reading order), the board as a
    dictionary and each cell's place in it; kept with the level (never change them)."""
    kept = lvl.__dict__.get("_dealt")
    if kept is None:
        near = _sides(lvl.size)[lvl.start]
        up = {lvl.start, lvl.stairs}
        up.update(near[side] for side in lvl.board[lvl.start].exits if side in near)
        tiles = {cell: Tile(room, cell in up) for cell, room in lvl.board.items()}
        board = tuple(tiles.items())
        kept = (board, tiles, {cell: i for i, cell in enumerate(tiles)})
        lvl.__dict__["_dealt"] = kept
    dealt: tuple[tuple[tuple[Cell, Tile], ...], dict[Cell, Tile], dict[Cell, int]] = kept
    return dealt


def _reading(item: tuple[Cell, Tile]) -> tuple[int, int]:
    return item[0][1], item[0][0]


def _pack(tiles: dict[Cell, Tile]) -> tuple[tuple[Cell, Tile], ...]:
    return tuple(sorted(tiles.items(), key=_reading))


def _grid(s: State) -> dict[Cell, Tile]:
    """The board as a dictionary, kept with the state: never change it."""
    kept = s.__dict__.get("_grid")
    if kept is not None and kept[0] is s.board:  # derived(), inline: asked for most
        grid: dict[Cell, Tile] = kept[1]
        return grid
    return derived(s, "_grid", s.board, lambda: dict(s.board))


def _where(s: State) -> dict[Cell, int]:
    """Where each cell stands in ``s.board``, kept with the state."""
    kept = s.__dict__.get("_where")
    if kept is not None and kept[0] is s.board:  # derived(), inline: asked at every retile
        where: dict[Cell, int] = kept[1]
        return where
    return derived(s, "_where", s.board, lambda: {c: i for i, (c, _) in enumerate(s.board)})


def _placed(s: State, cell: Cell, tile: Tile) -> dict[str, object]:
    """``_copy`` changes for ``s``'s board with ``tile`` put on the empty ``cell`` (in
    its place in reading order), with the board's dictionary kept."""
    board = s.board
    i = bisect_left(board, (cell[1], cell[0]), key=_reading)
    packed = board[:i] + ((cell, tile),) + board[i:]
    grid = _grid(s).copy()
    grid[cell] = tile
    return {"board": packed, "_grid": (packed, grid)}


def _retiled(s: State, changed: dict[Cell, Tile]) -> dict[str, object]:
    """``evolve`` keywords for ``s``'s board with the tiles of cells already on it
    replaced (the board keeps its order of cells). The cells joined to the staircase
    are kept too when no exit changed."""
    where = _where(s)
    board = list(s.board)
    grid = _grid(s).copy()
    same_exits = True
    for cell, tile in changed.items():
        board[where[cell]] = (cell, tile)
        if same_exits and grid[cell].room.exits != tile.room.exits:
            same_exits = False
        grid[cell] = tile
    packed = tuple(board)
    out: dict[str, object] = {"board": packed, "_grid": (packed, grid),
                              "_where": (packed, where)}
    joined = s.__dict__.get("_joined")
    if same_exits and joined is not None and joined[0] is s.board:
        out["_joined"] = (packed, joined[1], joined[2])
    return out


@lru_cache(maxsize=32)
def _sides(size: int) -> dict[Cell, dict[str, Cell]]:
    """Every cell of a ``size``×``size`` board with its neighbour on each side (those
    on the board)."""
    out: dict[Cell, dict[str, Cell]] = {}
    for c in range(size):
        for r in range(size):
            out[(c, r)] = {d: (c + dc, r + dr) for d, (dc, dr) in DELTA.items()
                           if 0 <= c + dc < size and 0 <= r + dr < size}
    return out


def _step(cell: Cell, side: str) -> Cell:
    return (cell[0] + DELTA[side][0], cell[1] + DELTA[side][1])


_FACE_UP = {"face_up": True}
"""``made(Tile, tile.__dict__ | _FACE_UP)`` is ``evolve(tile, face_up=True)``."""


def _uncovered(tiles: dict[Cell, Tile], near: dict[str, Cell],
               exits: str) -> dict[Cell, Tile] | None:
    """The face-down tiles beyond ``exits`` of a cell whose neighbours are ``near``,
    turned face up (None when there is none)."""
    changed: dict[Cell, Tile] | None = None
    for side in exits:
        nb = near.get(side)
        if nb is None:
            continue  # off the board, where no tile is either
        tile = tiles.get(nb)
        if tile is not None and not tile.face_up:
            if changed is None:
                changed = {}
            changed[nb] = made(Tile, tile.__dict__ | _FACE_UP)
    return changed


def _reveal(s: State) -> State:
    tiles = _grid(s)
    changed = _uncovered(tiles, _sides(s.size)[s.position], tiles[s.position].room.exits)
    return made(State, s.__dict__ | _retiled(s, changed)) if changed else s


def _enter(s: State, cell: Cell) -> State:
    """The player arrives on ``cell``: its card face up, its object met, the cards
    beyond its exits revealed (in one new state), then health and the stairs. (A step
    of a ``move`` onto a face-up card whose object stays does the same inline.)"""
    tiles = _grid(s)
    old = tiles[cell]
    room = old.room
    obj = room.obj
    health = s.health
    phase = s.phase
    offered: tuple[str, ...] = ()
    next_reward = s.next_reward
    if obj == "monster":
        health -= 1
    elif obj == "heart" and health < s.rules.max_health:
        health += 1
    elif obj == "chest":
        deck = _cards(s)[0]
        offered = tuple(c.id for c in deck[next_reward : next_reward + s.rules.chest_offer])
        next_reward += len(offered)
        if offered:
            phase = "chest"
    else:
        obj = None  # a heart at full health stays
    changed: dict[Cell, Tile] = {}
    if obj is not None:
        changed[cell] = Tile(room.without_object(), True, old.source)
    elif not old.face_up:
        changed[cell] = made(Tile, old.__dict__ | _FACE_UP)
    beyond = _uncovered(tiles, _sides(s.size)[cell], room.exits)  # (exits unchanged)
    if beyond is not None:
        changed.update(beyond)
    changes = _retiled(s, changed) if changed else {}
    changes.update(position=cell, health=health, phase=phase,
                   offered=offered if offered else s.offered, next_reward=next_reward)
    s = made(State, s.__dict__ | changes)
    if health <= 0:
        return evolve(s, outcome="lost", lost_because=f"out of health on level {s.level}")
    if cell == s.stairs:
        return _stairs(s)
    return s


def _stairs(s: State) -> State:
    cleared = s.levels_cleared + 1
    if s.level >= s.rules.levels:
        return evolve(s, levels_cleared=cleared, outcome="won", phase="play", offered=())
    s = evolve(s, levels_cleared=cleared, deck=s.deck | s.discard, discard=frozenset())
    return _deal_level(s, s.level + 1)


def path_to_stairs(s: State) -> bool:
    """Whether cards with facing exits lead from the player to the staircase."""
    return s.position in _joined(s, s.stairs)


def _joined(s: State, start: Cell) -> frozenset[Cell]:
    """The cells joined to ``start`` by cards with facing exits (a way between two
    cards goes both ways), kept with the state for its board and ``start``."""
    kept = s.__dict__.get("_joined")
    if kept is not None and kept[0] is s.board and kept[1] == start:
        found: frozenset[Cell] = kept[2]
        return found
    tiles = _grid(s)
    sides = _sides(s.size)
    seen = {start}
    todo = [start]
    if start in tiles:
        while todo:
            cur = todo.pop()
            near = sides[cur]
            for side in tiles[cur].room.exits:
                nb = near.get(side)
                if nb is not None and nb not in seen:
                    tile = tiles.get(nb)
                    if tile is not None and OPPOSITE[side] in tile.room.exits:
                        seen.add(nb)
                        todo.append(nb)
    found = frozenset(seen)
    s.__dict__["_joined"] = (s.board, start, found)
    return found


def _settle(s: State) -> State:
    if s.outcome is None and s.phase == "play" and not s.deck and not path_to_stairs(s):
        return evolve(s, outcome="lost", lost_because=f"no card left to draw and no path "
                       f"to the staircase on level {s.level}")
    return s


# ------------------------------------------------------------------------- handlers
_HANDLERS: Handlers[State, State] = {}
"""Each action class's handler (:func:`apply` looks it up)."""


@handles(_HANDLERS, Draft)
def _draft(s: State, a: Draft) -> State:
    if s.phase != "draft":
        raise fail("the draft is over", "draft-order")
    r = s.rules
    if len(a.ids) != r.draft_sets:
        raise fail(f"keep one card of each of the {r.draft_sets} sets: {r.draft_sets} ids, "
                   f"not {len(a.ids)}", "draft-count",
                   r.draft_sets if len(a.ids) > r.draft_sets else None)
    taken: dict[int, str] = {}  # one card of each set, in any order
    for i, rid in enumerate(a.ids):
        k = (int(rid[1:]) - 1) // r.set_size
        last = r.draft_sets * r.set_size
        if not 0 <= k < r.draft_sets:
            raise fail(f"{rid} is not a draft card (R1 to R{last})", "draft-set", i)
        if k in taken:
            first = k * r.set_size + 1
            raise fail(f"{rid} and {taken[k]} are both from set {k + 1} (R{first} to "
                       f"R{first + r.set_size - 1}): keep one card of each set",
                       "draft-set", i)
        taken[k] = rid
    s = evolve(s, deck=frozenset(a.ids), phase="play",
                next_reward=r.draft_sets * r.set_size)
    return _deal_level(s, 1)


def _playable(s: State, rid: str) -> bool:
    """``bool(_plays_for(s, rid))``, without making the plays."""
    card = s.card(rid)
    tiles = _grid(s)
    near = _sides(s.size)[s.position].values()  # the cells next to the player, on the board
    if isinstance(card, Room):
        return any(c not in tiles for c in near)
    if card.kind == "heal":
        return True
    if card.kind == "slay":
        return any(c in tiles and tiles[c].face_up and tiles[c].room.obj == "monster"
                   for c in near)
    if card.kind == "turn":
        return any(t.face_up and c != s.position for c, t in s.board)
    return any(c in tiles for c in near)


def _plays_for(s: State, rid: str) -> list[Play]:
    card = s.card(rid)
    tiles = _grid(s)
    adjacent = [(d, _step(s.position, d)) for d in DIRS]
    inside = [(d, c) for d, c in adjacent if 0 <= c[0] < s.size and 0 <= c[1] < s.size]
    if isinstance(card, Room):
        return [Play(rid, cell=c) for _, c in inside if c not in tiles]
    if card.kind == "heal":
        return [Play(rid)]
    if card.kind == "slay":
        return [Play(rid, cell=c) for _, c in inside
                if c in tiles and tiles[c].face_up and tiles[c].room.obj == "monster"]
    if card.kind == "turn":
        return [Play(rid, cell=c) for c, t in s.board if t.face_up and c != s.position]
    return [Play(rid, direction=d) for d, c in inside if c in tiles]


@handles(_HANDLERS, Draw)
def _draw(s: State, a: Draw) -> State:
    if s.phase != "play":
        raise fail(_phase_message(s), "draw-order")
    want = min(s.rules.draw_size, len(s.deck))
    if want == 0:
        raise fail("your deck is empty this round", "draw-empty")
    if len(a.ids) != want:
        raise fail(f"draw {counted(want, 'card')} ({len(s.deck)} in your deck), not "
                   f"{len(a.ids)}",
                   "draw-count", want if len(a.ids) > want else None)
    ids = a.ids
    taken = set(ids)
    if len(taken) != len(ids) or not s.deck.issuperset(taken):  # find the first fault
        for i, rid in enumerate(ids):
            if rid in ids[:i]:
                raise fail(f"{rid} is drawn twice", "draw-card", i)
            if rid not in s.deck:
                why = ("was already drawn this round" if rid in s.discard else
                       "was played and is gone" if rid in s.gone else "is not in your deck")
                raise fail(f"{rid} {why}", "draw-card", i)
    deck = s.deck - taken
    if _any_playable(s, ids):  # what it reads did not change
        return made(State, s.__dict__ | {"deck": deck, "offered": ids, "phase": "keep",
                                         "draws": s.draws + 1})
    return made(State, s.__dict__ | {"deck": deck, "offered": (), "phase": "play",
                                     "draws": s.draws + 1, "discard": s.discard | taken})


def _any_playable(s: State, ids: tuple[str, ...]) -> bool:
    """``any(_playable(s, rid) for rid in ids)``, the board read once."""
    cards = _cards(s)[1]
    tiles = _grid(s)
    near = _sides(s.size)[s.position].values()  # the cells next to the player, on the board
    for rid in ids:
        card = cards.get(rid)
        if card is None:
            card = s.card(rid)
        if isinstance(card, Room):
            for c in near:
                if c not in tiles:
                    return True
            continue
        kind = card.kind
        if kind == "heal":
            return True
        if kind == "slay":
            for c in near:
                tile = tiles.get(c)
                if tile is not None and tile.face_up and tile.room.obj == "monster":
                    return True
        elif kind == "turn":
            if _playable(s, rid):
                return True
        else:
            for c in near:
                if c in tiles:
                    return True
    return False


@handles(_HANDLERS, Play)
def _play(s: State, a: Play) -> State:
    if s.phase != "keep":
        raise fail("'play' keeps one of the cards just drawn: draw first", "play-order")
    if a.id not in s.offered:
        raise fail(f"{a.id} is not among the cards drawn ({' '.join(s.offered)})",
                   "play-card", 0)
    card = s.card(a.id)
    if not _allowed(s, a, card):
        raise fail(_why_not(s, a, card), "play-target", a.target_arg)
    rest = set(s.offered) - {a.id}
    changes: dict[str, object] = {"discard": s.discard | rest, "gone": s.gone | {a.id},
                                  "offered": (), "phase": "play"}
    if isinstance(card, Room):
        assert a.cell is not None
        changes.update(_placed(s, a.cell, Tile(card, True, a.id)))
        return made(State, s.__dict__ | changes)
    if card.kind == "heal":
        changes["health"] = min(s.rules.max_health, s.health + 1)
        return made(State, s.__dict__ | changes)
    grid = _grid(s)
    if card.kind == "slay":
        assert a.cell is not None
        changes.update(_retiled(s, {a.cell: evolve(
            grid[a.cell], room=grid[a.cell].room.without_object())}))
        return made(State, s.__dict__ | changes)
    if card.kind == "turn":
        assert a.cell is not None
        changes.update(_retiled(s, {a.cell: evolve(
            grid[a.cell], room=grid[a.cell].room.rotated())}))
        return made(State, s.__dict__ | changes)
    assert a.direction is not None
    return _enter(made(State, s.__dict__ | changes), _step(s.position, a.direction))


def _allowed(s: State, a: Play, card: Room | Special) -> bool:
    """``a in _plays_for(s, a.id)`` (``card`` is ``a.id``'s), without making the plays."""
    tiles = _grid(s)
    near = _sides(s.size)[s.position]  # the cells next to the player, on the board
    cell = a.cell
    if isinstance(card, Room):
        return a.direction is None and cell in near.values() and cell not in tiles
    kind = card.kind
    if kind == "heal":
        return cell is None and a.direction is None
    if kind == "slay":
        if a.direction is not None or cell not in near.values():
            return False
        tile = tiles.get(cell)  # type: ignore[arg-type]
        return tile is not None and tile.face_up and tile.room.obj == "monster"
    if kind == "turn":
        if a.direction is not None or cell is None:
            return False
        tile = tiles.get(cell)
        return tile is not None and tile.face_up and cell != s.position
    there = near.get(a.direction) if cell is None and a.direction is not None else None
    return there is not None and there in tiles


def _why_not(s: State, a: Play, card: Room | Special) -> str:
    if isinstance(card, Room):
        if a.cell is None:
            return f"{a.id} is a room card: write 'play {a.id} at CELL'"
        return (f"{a.id} cannot go on {cell_name(a.cell)}: a room card goes on an empty "
                f"square next to the player ({cell_name(s.position)})")
    kind = card.kind
    if kind == "heal":
        return f"{a.id} (heal) takes no target"
    if kind == "slay":
        return f"{a.id} (slay) needs a face-up monster next to the player: 'play {a.id} on CELL'"
    if kind == "turn":
        return f"{a.id} (turn) needs a face-up card other than the player's: 'play {a.id} on CELL'"
    return f"{a.id} (leap) needs a direction toward an adjacent card: 'play {a.id} N'"


@handles(_HANDLERS, Move)
def _move(s: State, a: Move) -> State:
    sides = _sides(s.size)
    for k, side in enumerate(a.steps):
        if s.outcome is not None:
            raise game_over(s.outcome, follows=None, step=k)
        if s.phase != "play":
            raise fail(_phase_message(s), "move-order", step=k)
        kept = s.__dict__.get("_grid")  # _grid(s), inline
        tiles = kept[1] if kept is not None and kept[0] is s.board else _grid(s)
        here = tiles[s.position]
        there = sides[s.position].get(side)  # None: off the board, where no card is
        if there is None or (tile := tiles.get(there)) is None:
            if there is None and side not in DELTA:
                raise KeyError(side)
            where = f"level {s.level}: {side} from {cell_name(s.position)}"
            raise fail(f"{where}: no card there", "move-no-card", step=k)
        room = tile.room
        if side not in here.room.exits or OPPOSITE[side] not in room.exits:
            where = f"level {s.level}: {side} from {cell_name(s.position)}"
            raise fail(f"{where}: the exits of {cell_name(s.position)} and "
                       f"{cell_name(there)} do not face each other", "move-exits",
                       step=k)
        if tile.face_up and (room.obj is None or (  # most steps: _enter, inline
                room.obj == "heart" and s.health >= s.rules.max_health)):
            near = sides[there]
            changed: dict[Cell, Tile] | None = None
            for out in room.exits:  # _uncovered, inline
                nb = near.get(out)
                if nb is not None:
                    beyond = tiles.get(nb)
                    if beyond is not None and not beyond.face_up:
                        if changed is None:
                            changed = {}
                        changed[nb] = made(Tile, beyond.__dict__ | _FACE_UP)
            attributes = s.__dict__.copy()
            if changed is not None:
                attributes.update(_retiled(s, changed))
            attributes["position"] = there
            s = made(State, attributes)
            if s.health <= 0:
                s = evolve(s, outcome="lost", lost_because=f"out of health on level {s.level}")
            elif there == s.stairs:
                s = _stairs(s)
        else:
            s = _enter(s, there)
    if a.bad is not None:
        k = len(a.steps)
        if s.outcome is not None:
            raise game_over(s.outcome, follows=None, step=k)
        raise fail(a.bad, "notation-step", step=k)
    return s


@handles(_HANDLERS, Chest)
def _chest(s: State, a: Chest) -> State:
    if s.phase != "chest":
        raise fail("'chest' answers a chest just opened", "chest-order")
    if a.id not in s.offered:
        raise fail(f"{a.id} is not among the chest's cards ({' '.join(s.offered)})",
                   "chest-card", 0)
    return evolve(s, deck=s.deck | {a.id}, offered=(), phase="play")


@handles(_HANDLERS, LevelCheck)
def _level(s: State, a: LevelCheck) -> State:
    if a.number != s.level or s.phase == "draft":
        raise fail(f"the game is on level {s.level if s.phase != 'draft' else 'none yet'}, "
                   f"not {a.number}", "level-checkpoint", 0)
    return s


def _phase_message(s: State) -> str:
    if s.phase == "draft":
        return ("the game starts with the draft: 'draft "
                + " ".join(["ID"] * s.rules.draft_sets) + "'")
    if s.phase == "keep":
        return f"keep one of the cards drawn ({' '.join(s.offered)}): 'play ID ...'"
    if s.phase == "chest":
        return f"keep one of the chest's cards ({' '.join(s.offered)}): 'chest ID'"
    return "not now"


def apply(s: State, action: Action) -> State:
    """The state after ``action``. Raises IllegalAction when the rulings forbid it."""
    if s.outcome is not None:
        raise game_over(s.outcome)
    if s.phase == "draft":
        if isinstance(action, LevelCheck) and action.number == 1:
            return s  # 'level 1' written above the draft: the game will start there
        if not isinstance(action, Draft):
            raise fail(_phase_message(s), "draft-order")
    s = _HANDLERS[type(action)](s, action)
    if s.outcome is None and s.phase == "play" and not s.deck:  # _settle, inline
        kept = s.__dict__.get("_joined")
        if (kept is not None and kept[0] is s.board and kept[1] == s.stairs
                and s.position in kept[2]):
            return s  # a path to the staircase: nothing to settle
        return _settle(s)
    return s


def legal_actions(s: State) -> list[Action]:
    """What the rules allow where the player decides (Dungeon Solitaire has no chance
    node: :func:`chance_outcomes`).

    * The draft: every way to keep one card of each set (3^7 = 2,187 in edition 1,
      3^9 = 19,683 in edition 2), the sets in order (any order is legal too).
    * A draw: one ``draw``, whose cards are the top of the seeded hand shuffle
      (:func:`~companion.games.dungeon_solitaire.generation.hand_draw`), as a seeded
      deal gives its next cards. The decision is to draw; which cards come is the
      player's hand-shuffled deck's, written on the same line, so it is no chance node
      of its own: any draw of the right size from the deck is legal too."""
    if s.outcome is not None:
        return []
    r = s.rules
    if s.phase == "draft":
        return list(_drafts(r.draft_sets, r.set_size))
    if s.phase == "chest":
        return [Chest(rid) for rid in s.offered]
    if s.phase == "keep":
        return [p for rid in s.offered for p in _plays_for(s, rid)]
    out: list[Action] = []
    tiles = _grid(s)
    for side in DIRS:
        nb = _step(s.position, side)
        if nb in tiles and tiles[s.position].room.has(side) and tiles[nb].room.has(
                OPPOSITE[side]):
            out.append(Move((side,)))
    if s.deck:
        out.append(Draw(hand_draw(s.seed, s.draws, s.deck, r.draw_size)))
    return out


@lru_cache(maxsize=8)
def _drafts(sets: int, size: int) -> tuple[Draft, ...]:
    """Every draft of ``sets`` sets of ``size`` cards (one card of each), in order."""
    ids = [[f"R{k * size + 1 + i}" for i in range(size)] for k in range(sets)]
    return tuple(Draft(tuple(ids[k][i] for k, i in enumerate(pick)))
                 for pick in product(range(size), repeat=sets))


def chance_outcomes(s: State) -> list[tuple[Action, float]]:
    """None: Dungeon Solitaire has no chance node. Its levels and reward deck are
    seeded; the draft and the chests are the player's choices; the one thing the table
    decides, which cards a hand-shuffled draw brings, is written with the player's
    decision to draw on one ``draw`` line (see :func:`legal_actions`)."""
    return []
