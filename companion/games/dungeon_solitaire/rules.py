"""Dungeon Solitaire rules for the paper edition (``rules-dungeon-solitaire.md``): pure
state and actions. The player's own deck is shuffled by hand, so every draw is logged;
the validator checks each drawn card is in the deck and not yet drawn this round."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from typing import Literal

from companion.errors import IllegalAction
from companion.frozen import derived, evolve, keep
from companion.games.dungeon_solitaire.cards import DELTA, DIRS, OPPOSITE, Room, Special
from companion.games.dungeon_solitaire.generation import (
    Cell,
    Level,
    cell_name,
    generate_level,
    hand_draw,
    reward_deck,
)
from companion.games.dungeon_solitaire.table import RULES, RulesTable
from companion.text import counted


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Draft:
    ids: tuple[str, ...]


@dataclass(frozen=True)
class LevelCheck:
    number: int


@dataclass(frozen=True)
class Draw:
    ids: tuple[str, ...]


@dataclass(frozen=True)
class Play:
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
        return reward_deck(self.seed, self.rules)[int(rid[1:]) - 1].card

    def score(self) -> int:
        """10 per level cleared + 1 per card in deck and discard pile + 5 per health; a
        lost game keeps only its levels-cleared points."""
        r = self.rules
        if self.outcome == "lost":
            return r.score_per_level * self.levels_cleared
        return (r.score_per_level * self.levels_cleared
                + r.score_per_card * (len(self.deck) + len(self.discard))
                + r.score_per_health * self.health)


def new_state(seed: str, size: int, rules: RulesTable = RULES) -> State:
    return State(seed=seed, size=size, health=rules.health, rules=rules)


def _fail(message: str, rule: str, arg: int | None = None, *,
          step: int | None = None) -> IllegalAction:
    return IllegalAction(message, rule, arg, step=step)


def _deal_level(s: State, number: int) -> State:
    lvl: Level = generate_level(s.seed, number, s.size, s.rules)
    tiles = {cell: Tile(room, cell in (lvl.start, lvl.stairs)) for cell, room in
             lvl.board.items()}
    s = evolve(s, level=number, position=lvl.start, stairs=lvl.stairs, **_boarded(tiles))
    return _reveal(s)


def _pack(tiles: dict[Cell, Tile]) -> tuple[tuple[Cell, Tile], ...]:
    return tuple(sorted(tiles.items(), key=lambda kv: (kv[0][1], kv[0][0])))


def _grid(s: State) -> dict[Cell, Tile]:
    """The board as a dictionary, kept with the state: never change it."""
    kept = s.__dict__.get("_grid")
    if kept is not None and kept[0] is s.board:  # derived(), inline: asked for most
        grid: dict[Cell, Tile] = kept[1]
        return grid
    return derived(s, "_grid", s.board, lambda: dict(s.board))


def _where(s: State) -> dict[Cell, int]:
    """Where each cell stands in ``s.board``, kept with the state."""
    return derived(s, "_where", s.board, lambda: {c: i for i, (c, _) in enumerate(s.board)})


def _boarded(tiles: dict[Cell, Tile]) -> dict[str, object]:
    """``evolve`` keywords for a board of these tiles (cells in reading order), with its
    dictionary kept (``tiles`` is then the state's: never change it)."""
    board = _pack(tiles)
    return {"board": board, **keep("_grid", board, tiles)}


def _retiled(s: State, changed: dict[Cell, Tile]) -> dict[str, object]:
    """``evolve`` keywords for ``s``'s board with the tiles of cells already on it
    replaced (the board keeps its order of cells)."""
    where = _where(s)
    board = list(s.board)
    for cell, tile in changed.items():
        board[where[cell]] = (cell, tile)
    packed = tuple(board)
    grid = _grid(s).copy()
    grid.update(changed)
    return {"board": packed, **keep("_grid", packed, grid), **keep("_where", packed, where)}


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


def _reveal(s: State) -> State:
    tiles = _grid(s)
    here = tiles[s.position]
    near = _sides(s.size)[s.position]
    changed: dict[Cell, Tile] = {}
    for side in here.room.exits:
        nb = near.get(side)
        if nb is None:
            continue  # off the board, where no tile is either
        tile = tiles.get(nb)
        if tile is not None and not tile.face_up:
            changed[nb] = evolve(tile, face_up=True)
    return evolve(s, **_retiled(s, changed)) if changed else s


def _enter(s: State, cell: Cell) -> State:
    """The player arrives on ``cell``: reveal, the object, the stairs."""
    old = _grid(s)[cell]
    tile = old if old.face_up else evolve(old, face_up=True)
    obj = tile.room.obj
    health = s.health
    phase = s.phase
    offered: tuple[str, ...] = ()
    next_reward = s.next_reward
    if obj == "monster":
        health -= 1
        tile = evolve(tile, room=tile.room.without_object())
    elif obj == "heart" and health < s.rules.max_health:
        health += 1
        tile = evolve(tile, room=tile.room.without_object())
    elif obj == "chest":
        deck = reward_deck(s.seed, s.rules)
        offered = tuple(c.id for c in deck[next_reward : next_reward + s.rules.chest_offer])
        next_reward += len(offered)
        tile = evolve(tile, room=tile.room.without_object())
        if offered:
            phase = "chest"
    board = _retiled(s, {cell: tile}) if tile is not old else {}
    s = evolve(s, position=cell, health=health, phase=phase,
               offered=offered if offered else s.offered, next_reward=next_reward, **board)
    s = _reveal(s)
    if s.health <= 0:
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
def _draft(s: State, a: Draft) -> State:
    if s.phase != "draft":
        raise _fail("the draft is over", "draft-order")
    r = s.rules
    if len(a.ids) != r.draft_sets:
        raise _fail(f"keep one card of each of the {r.draft_sets} sets: {r.draft_sets} ids, "
                    f"not {len(a.ids)}", "draft-count",
                    r.draft_sets if len(a.ids) > r.draft_sets else None)
    taken: dict[int, str] = {}  # one card of each set, in any order
    for i, rid in enumerate(a.ids):
        k = (int(rid[1:]) - 1) // r.set_size
        last = r.draft_sets * r.set_size
        if not 0 <= k < r.draft_sets:
            raise _fail(f"{rid} is not a draft card (R1 to R{last})", "draft-set", i)
        if k in taken:
            first = k * r.set_size + 1
            raise _fail(f"{rid} and {taken[k]} are both from set {k + 1} (R{first} to "
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


def _draw(s: State, a: Draw) -> State:
    if s.phase != "play":
        raise _fail(_phase_message(s), "draw-order")
    want = min(s.rules.draw_size, len(s.deck))
    if want == 0:
        raise _fail("your deck is empty this round", "draw-empty")
    if len(a.ids) != want:
        raise _fail(f"draw {counted(want, 'card')} ({len(s.deck)} in your deck), not "
                    f"{len(a.ids)}",
                    "draw-count", want if len(a.ids) > want else None)
    for i, rid in enumerate(a.ids):
        if rid in a.ids[:i]:
            raise _fail(f"{rid} is drawn twice", "draw-card", i)
        if rid not in s.deck:
            why = ("was already drawn this round" if rid in s.discard else
                   "was played and is gone" if rid in s.gone else "is not in your deck")
            raise _fail(f"{rid} {why}", "draw-card", i)
    s = evolve(s, deck=s.deck - set(a.ids), offered=a.ids, phase="keep",
                draws=s.draws + 1)
    if not any(_playable(s, rid) for rid in a.ids):
        s = evolve(s, discard=s.discard | set(a.ids), offered=(), phase="play")
    return s


def _play(s: State, a: Play) -> State:
    if s.phase != "keep":
        raise _fail("'play' keeps one of the cards just drawn: draw first", "play-order")
    if a.id not in s.offered:
        raise _fail(f"{a.id} is not among the cards drawn ({' '.join(s.offered)})",
                    "play-card", 0)
    card = s.card(a.id)
    options = _plays_for(s, a.id)
    if a not in options:
        raise _fail(_why_not(s, a, card), "play-target", a.target_arg)
    rest = set(s.offered) - {a.id}
    s = evolve(s, discard=s.discard | rest, gone=s.gone | {a.id}, offered=(), phase="play")
    if isinstance(card, Room):
        assert a.cell is not None
        tiles = s.tiles
        tiles[a.cell] = Tile(card, True, a.id)
        return evolve(s, **_boarded(tiles))
    if card.kind == "heal":
        return evolve(s, health=min(s.rules.max_health, s.health + 1))
    grid = _grid(s)
    if card.kind == "slay":
        assert a.cell is not None
        return evolve(s, **_retiled(s, {a.cell: evolve(
            grid[a.cell], room=grid[a.cell].room.without_object())}))
    if card.kind == "turn":
        assert a.cell is not None
        return evolve(s, **_retiled(s, {a.cell: evolve(
            grid[a.cell], room=grid[a.cell].room.rotated())}))
    assert a.direction is not None
    return _enter(s, _step(s.position, a.direction))


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


def _move(s: State, a: Move) -> State:
    for k, side in enumerate(a.steps):
        if s.outcome is not None:
            raise _fail(f"the game is over ({s.outcome})", "game-over", step=k)
        if s.phase != "play":
            raise _fail(_phase_message(s), "move-order", step=k)
        tiles = _grid(s)
        here = tiles[s.position]
        there = _step(s.position, side)
        if there not in tiles:
            where = f"level {s.level}: {side} from {cell_name(s.position)}"
            raise _fail(f"{where}: no card there", "move-no-card", step=k)
        if side not in here.room.exits or OPPOSITE[side] not in tiles[there].room.exits:
            where = f"level {s.level}: {side} from {cell_name(s.position)}"
            raise _fail(f"{where}: the exits of {cell_name(s.position)} and "
                        f"{cell_name(there)} do not face each other", "move-exits",
                        step=k)
        s = _enter(s, there)
    if a.bad is not None:
        k = len(a.steps)
        if s.outcome is not None:
            raise _fail(f"the game is over ({s.outcome})", "game-over", step=k)
        raise _fail(a.bad, "notation-step", step=k)
    return s


def _chest(s: State, a: Chest) -> State:
    if s.phase != "chest":
        raise _fail("'chest' answers a chest just opened", "chest-order")
    if a.id not in s.offered:
        raise _fail(f"{a.id} is not among the chest's cards ({' '.join(s.offered)})",
                    "chest-card", 0)
    return evolve(s, deck=s.deck | {a.id}, offered=(), phase="play")


def _level(s: State, a: LevelCheck) -> State:
    if a.number != s.level or s.phase == "draft":
        raise _fail(f"the game is on level {s.level if s.phase != 'draft' else 'none yet'}, "
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


_HANDLERS = {Draft: _draft, LevelCheck: _level, Draw: _draw, Play: _play, Move: _move,
             Chest: _chest}


def apply(s: State, action: Action) -> State:
    """The state after ``action``. Raises IllegalAction when the rulings forbid it."""
    if s.outcome is not None:
        raise _fail(f"the game is over ({s.outcome}): no action may follow", "game-over")
    if s.phase == "draft" and isinstance(action, LevelCheck) and action.number == 1:
        return s  # 'level 1' written above the draft: the game will start there
    if s.phase == "draft" and not isinstance(action, Draft):
        raise _fail(_phase_message(s), "draft-order")
    s = _HANDLERS[type(action)](s, action)  # type: ignore[operator]
    return _settle(s)


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
