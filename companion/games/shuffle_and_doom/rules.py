"""Shuffle and Doom! rules engine (``docs/rules/shuffle-and-doom.md``): pure state and actions.

``apply(state, action)`` returns a new :class:`State` and never changes the old one;
an action the rulings forbid raises :class:`~companion.errors.IllegalAction` naming
the rule and the state that broke it. No I/O here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

from companion import chance
from companion.cards import Card, Suit, standard_deck
from companion.errors import IllegalAction
from companion.frozen import derived, evolve, keep
from companion.games.shuffle_and_doom.dungeon import (
    RED,
    Areas,
    Cell,
    DungeonMap,
    adjacency,
    bonus_modifier,
    cell_name,
    neighbours,
)
from companion.games.shuffle_and_doom.generation import deal, pass_order
from companion.text import counted

T = TypeVar("T")
Stat = Literal["health", "attack", "intelligence"]
STATS: tuple[Stat, ...] = ("health", "attack", "intelligence")
FULL_DECK: frozenset[Card] = frozenset(standard_deck())

BASE_STATS = {"health": 7, "intelligence": 3, "attack": 3}
EASY_STATS = {"health": 7, "intelligence": 7, "attack": 7}
FLAT_VALUE = 3

Kind = Literal["enemy", "trap", "book", "potion", "gold"]
RoomStatus = Literal["unexplored", "active", "emptied"]


def face_value(card: Card) -> int:
    """2–10 as printed, J 11, Q 12, K 13, A 14."""
    return 14 if card.rank == 1 else card.rank


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Choose:
    """``choose row|column``: the stack that gives the bonuses."""

    stack: Literal["row", "column"]


@dataclass(frozen=True)
class Bonus:
    """``bonus STAT...``: one stat raised per diamond of the chosen stack."""

    stats: tuple[Stat, ...]


@dataclass(frozen=True)
class Enter:
    """``enter CELL``: walk to and step onto a cell of an unexplored room."""

    cell: Cell


@dataclass(frozen=True)
class RoomCards:
    """``room CARD...``: the cards drawn for the room just entered."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Hit:
    """``hit CARD``: hit an enemy; the others strike back."""

    card: Card


@dataclass(frozen=True)
class Disarm:
    """``disarm CARD``: disarm a trap."""

    card: Card


@dataclass(frozen=True)
class Take:
    """``take CARD``: take one item while traps are armed (they fire)."""

    card: Card


@dataclass(frozen=True)
class Drink:
    """``drink CARD``: drink a potion from the inventory."""

    card: Card


@dataclass(frozen=True)
class Read:
    """``read CARD``: read a book from the inventory."""

    card: Card


@dataclass(frozen=True)
class Loot:
    """``loot``: collect everything left in the room."""


@dataclass(frozen=True)
class Retreat:
    """``retreat CELL``: leave a trapped room to a 0 cell beside it."""

    cell: Cell


@dataclass(frozen=True)
class Exit:
    """``exit``: walk to the bottom-right cell and out."""


Action = (Choose | Bonus | Enter | RoomCards | Hit | Disarm | Take | Drink | Read | Loot
          | Retreat | Exit)


# ----------------------------------------------------------------------------- state
@dataclass(frozen=True)
class Entity:
    """A card in a room: what it is and its current value (effective, then damaged)."""

    card: Card
    kind: Kind
    value: int


@dataclass(frozen=True)
class Held:
    """A card in the inventory with the effective value it was drawn with."""

    card: Card
    kind: Kind
    value: int


@dataclass(frozen=True)
class Room:
    """The room the player is in: its number, entities, and fight flags."""

    index: int
    entities: tuple[Entity, ...]
    fresh: bool = True  # no hit yet: the advanced technique is still allowed
    stunned: bool = False  # surviving enemies skip the attack after the next hit

    def of_kind(self, *kinds: Kind) -> list[Entity]:
        """The room's entities of any of ``kinds``."""
        return [e for e in self.entities if e.kind in kinds]

    @property
    def enemies(self) -> list[Entity]:
        """The room's enemies."""
        return self.of_kind("enemy")

    @property
    def traps(self) -> list[Entity]:
        """The room's traps."""
        return self.of_kind("trap")

    @property
    def items(self) -> list[Entity]:
        """The room's items: potions, gold and books."""
        return self.of_kind("potion", "gold", "book")

    def find(self, card: Card) -> Entity | None:
        """The room's entity of ``card``, or None."""
        return next((e for e in self.entities if e.card == card), None)

    def without(self, *cards: Card) -> tuple[Entity, ...]:
        """The room's entities but those of ``cards``."""
        return tuple(e for e in self.entities if e.card not in cards)


@dataclass(frozen=True)
class State:
    """Everything the rules need. Immutable: every action makes a new state.

    The deck: in a seeded deal ``deck`` is the current pass's draw order and
    ``deck_pos`` how many of it have been drawn; in a free deal ``deck`` holds the cards
    not yet drawn in this pass (order unknown) and the log's ``room`` lines draw them.
    """

    dmap: DungeonMap
    seed: str | None
    variants: frozenset[str]
    health: int
    attack: int
    intelligence: int
    choice: Literal["row", "column"] | None = None
    bonus_owed: int = 0
    banked: int = 0
    inventory: tuple[Held, ...] = ()
    position: Cell | None = None  # None: outside, next to a1
    status: tuple[RoomStatus, ...] = ()
    room: Room | None = None
    pass_no: int = 1
    deck: tuple[Card, ...] = ()
    deck_pos: int = 0
    map_cards: frozenset[Card] = frozenset()
    awaiting_room: int | None = None  # free deal: room entered, its cards not yet given
    drawn: tuple[Card, ...] | None = None  # seeded: the room just drawn, for a `room` check
    outcome: Literal["died", "exited", "cleared"] | None = None
    passes_ended: int = 0

    @property
    def size(self) -> int:
        """The map's side, in cells."""
        return self.dmap.size

    @property
    def free(self) -> bool:
        """Whether this is a free deal (no seed: the map given in tags)."""
        return self.seed is None

    @property
    def in_setup(self) -> bool:
        """Whether the setup goes on: the stack not chosen yet, or bonuses still owed."""
        return self.choice is None or self.bonus_owed > 0

    @property
    def gold(self) -> int:
        """Gold held in the inventory (effective values)."""
        return sum(h.value for h in self.inventory if h.kind == "gold")

    @property
    def flat(self) -> bool:
        """Whether the ``flat-consumables`` variant is played."""
        return "flat-consumables" in self.variants

    def score(self) -> int:
        """The score as the rulings count it for the state's outcome."""
        if self.outcome == "died":
            return 0
        if self.outcome == "cleared":
            return 2 * (self.banked + self.gold)
        return self.banked + self.gold

    def outcome_name(self) -> str:
        """The outcome, or ``unfinished``."""
        return self.outcome or "unfinished"


def new_state(dmap: DungeonMap, seed: str | None, variants: frozenset[str]) -> State:
    """The state before ``choose``: base stats, the player outside, pass 1 ready."""
    base = EASY_STATS if "easy-stats" in variants else BASE_STATS
    map_cards = frozenset(dmap.row_stack + dmap.column_stack)
    if seed is not None:
        d = deal(seed, dmap.size)
        deck = d.pass1_draws
    else:
        deck = tuple(sorted(FULL_DECK, key=Card.sort_key))
    unexplored: RoomStatus = "unexplored"
    return State(
        dmap=dmap, seed=seed, variants=variants,
        health=base["health"], attack=base["attack"], intelligence=base["intelligence"],
        status=(unexplored,) * dmap.room_count, deck=deck, map_cards=map_cards,
    )


# ------------------------------------------------------------------------- helpers
def _fail(message: str, rule: str, arg: int | None = None) -> IllegalAction:
    return IllegalAction(message, rule, arg)


def _value(s: State, card: Card) -> int:
    return face_value(card) * (1 << (s.pass_no - 1))


def _consumable(s: State, held: Held) -> int:
    return FLAT_VALUE if s.flat else held.value


def _end_pass(s: State, table: tuple[Card, ...]) -> State:
    """The pass has no card left: drink, read, bank, reshuffle all but ``table``."""
    health, intel, banked = s.health, s.intelligence, s.banked
    for h in s.inventory:
        if h.kind == "potion":
            health += _consumable(s, h)
        elif h.kind == "book":
            intel += _consumable(s, h)
        elif h.kind == "gold":
            banked += h.value
    new_pass = s.pass_no + 1
    on_table = set(table)
    if s.free:
        deck = tuple(sorted(FULL_DECK - on_table, key=Card.sort_key))
    else:
        assert s.seed is not None
        deck = tuple(c for c in pass_order(s.seed, new_pass) if c not in on_table)
    return evolve(s, health=health, intelligence=intel, banked=banked, inventory=(),
                   pass_no=new_pass, deck=deck, deck_pos=0, passes_ended=s.passes_ended + 1)


def _draw_seeded(s: State, count: int) -> tuple[State, list[tuple[Card, int]], int]:
    """Draw ``count`` cards from the seeded deck, ending passes as needed: the state
    (another one where a pass ended), the cards with their values, and the new
    ``deck_pos`` (for the caller to set)."""
    drawn: list[tuple[Card, int]] = []
    deck, pos = s.deck, s.deck_pos
    worth = 1 << (s.pass_no - 1)
    while len(drawn) < count:
        if pos >= len(deck):
            s = _end_pass(evolve(s, deck_pos=pos), tuple(c for c, _ in drawn))
            deck, pos = s.deck, 0
            worth = 1 << (s.pass_no - 1)
            if not deck:
                break  # all 52 cards lie in this room: it holds no more
        c = deck[pos]
        drawn.append((c, face_value(c) * worth))
        pos += 1
    return s, drawn, pos


def _draw_free(s: State, cards: tuple[Card, ...]) -> tuple[State, list[tuple[Card, int]]]:
    """Draw the cards a free-deal ``room`` line names, checking each against the pass.

    The line may list the room's cards in any order: where the draw crosses the end of
    pass 1's other cards (map cards lie under them) or the end of a pass, the cards
    still in the pass are drawn first, then pass 1's map cards, then the new pass's
    cards (the error reported is the first card as listed that cannot be drawn)."""
    def stage(c: Card) -> int:
        if c not in s.deck:
            return 2
        return 1 if s.pass_no == 1 and c in s.map_cards else 0

    errors: list[IllegalAction] = []
    first_seen: set[Card] = set()
    twice: set[int] = set()
    for i, c in enumerate(cards):
        if c in first_seen:
            errors.append(_fail(f"{c} appears twice in this room", "deal-duplicate", i))
            twice.add(i)
        first_seen.add(c)
    drawn: list[tuple[Card, int]] = []
    for i in sorted(range(len(cards)), key=lambda k: stage(cards[k])):
        c = cards[i]
        if i in twice:
            continue
        if not s.deck:
            s = _end_pass(s, tuple(d for d, _ in drawn))
            assert s.deck, "a room holds at most 52 cards"
        if c not in s.deck:
            errors.append(_fail(f"{c} was already drawn in pass {s.pass_no}: no card comes "
                                "twice in a pass", "deal-duplicate", i))
            continue
        if s.pass_no == 1 and c in s.map_cards:
            others = len([d for d in s.deck if d not in s.map_cards])
            if others:
                errors.append(_fail(f"{c} is a map card: in pass 1 the map cards lie at the "
                                    f"bottom of the deck, under the {others} other cards "
                                    "not yet drawn", "deal-map-cards-last", i))
                continue
        drawn.append((c, _value(s, c)))
        s = evolve(s, deck=tuple(d for d in s.deck if d != c))
    if errors:
        raise min(errors, key=lambda e: e.arg if e.arg is not None else 0)
    return s, drawn


def _make_room(index: int, drawn: list[tuple[Card, int]]) -> Room:
    has_items = any(c.suit in (Suit.HEARTS, Suit.DIAMONDS) for c, _ in drawn)
    entities = []
    for c, v in drawn:
        kind: Kind
        if c.suit is Suit.SPADES:
            kind = "enemy"
        elif c.suit is Suit.CLUBS:
            kind = "trap" if has_items else "book"
        elif c.suit is Suit.HEARTS:
            kind = "potion"
        else:
            kind = "gold"
        entities.append(_made(Entity, {"card": c, "kind": kind, "value": v}))
    return Room(index, tuple(entities))


_TABLES: dict[int, dict[Card, tuple[Entity, Entity]]] = {}
"""Pass number to each card's entity as drawn in that pass: (in a room with items, in
a room without). An entity is an immutable value, so one object serves every room."""


def _entity_table(pass_no: int) -> dict[Card, tuple[Entity, Entity]]:
    """Each card as an entity drawn in pass ``pass_no`` (see :data:`_TABLES`), made once
    per pass number (up to pass 64)."""
    table = _TABLES.get(pass_no)
    if table is None:
        worth = 1 << (pass_no - 1)
        table = {}
        for c in FULL_DECK:
            value = face_value(c) * worth
            kinds: tuple[Kind, Kind]
            if c.suit is Suit.SPADES:
                kinds = ("enemy", "enemy")
            elif c.suit is Suit.CLUBS:
                kinds = ("trap", "book")
            elif c.suit is Suit.HEARTS:
                kinds = ("potion", "potion")
            else:
                kinds = ("gold", "gold")
            table[c] = (_made(Entity, {"card": c, "kind": kinds[0], "value": value}),
                        _made(Entity, {"card": c, "kind": kinds[1], "value": value}))
        if pass_no <= 64:
            _TABLES[pass_no] = table
    return table


def _state(attributes: dict[str, object]) -> State:
    """The state whose attribute dictionary is ``attributes`` (a copy of another state's
    with some fields changed: :func:`companion.frozen.evolve` with the changes made in
    the copy)."""
    made = _new(State)
    _set(made, "__dict__", attributes)
    return made


def _all_emptied(s: State) -> bool:
    """Whether every room of ``s`` is emptied (from the areas kept with it, if any)."""
    kept = s.__dict__.get("_areas")
    if kept is not None and kept[0] is s.status:
        return bool(kept[1].opened == len(kept[0]))
    return s.status.count("emptied") == len(s.status)


def _settled(s: State, d: dict[str, object]) -> State:
    """:func:`_settle` of the state whose attribute dictionary is ``d`` (a copy of
    ``s``'s with the action's changes): death, the room emptied, the dungeon cleared,
    made in ``d`` (one new state)."""
    if d["health"] < 0:  # type: ignore[operator]
        d["outcome"] = "died"
        return _state(d)
    room: Room | None = d["room"]  # type: ignore[assignment]
    status: tuple[RoomStatus, ...] = d["status"]  # type: ignore[assignment]
    kept = d.get("_areas")
    if kept is None or kept[0] is not status:  # type: ignore[index]
        return _settle(_state(d))
    areas: Areas = kept[1]  # type: ignore[index]
    if room is not None and not room.entities:
        index = room.index
        changed = list(status)
        changed[index] = "emptied"
        status = tuple(changed)
        areas = s.dmap.regions.open_room(areas, index)
        d["status"] = status
        d["room"] = None
        d["_areas"] = (status, areas)
    if areas.opened == len(status):
        d["outcome"] = "cleared"
    return _state(d)


def _set_status(s: State, index: int, status: RoomStatus) -> tuple[RoomStatus, ...]:
    return s.status[:index] + (status,) + s.status[index + 1 :]


def _areas(s: State) -> Areas:
    """Which open parts of the map join which (``DungeonMap.regions``), for the rooms
    ``s.status`` says are emptied: kept with the state (``companion.frozen.derived``)
    and brought up to date as rooms are emptied, so walking needs no search of the
    map's cells."""
    kept = s.__dict__.get("_areas")
    if kept is not None and kept[0] is s.status:  # derived(), inline: asked for most
        areas: Areas = kept[1]
        return areas
    return derived(s, "_areas", s.status, lambda: s.dmap.regions.areas_for(
        i for i, st in enumerate(s.status) if st == "emptied"))


def _emptied(s: State, index: int, **changes: object) -> State:
    """Room ``index`` emptied: open floor from now on; the player is in no room (and
    the other ``changes`` made)."""
    status = _set_status(s, index, "emptied")
    return evolve(s, status=status, room=None, **changes,
                  **keep("_areas", status, s.dmap.regions.open_room(_areas(s), index)))


def _area(s: State, areas: Areas) -> tuple[set[int], Cell | None]:
    """Where the player can walk (``areas`` saying which rooms are open): the labels
    of the open regions reached, and the player's own cell when it is not open (the
    player stands in it all the same). Outside, the walk starts at a1 if it is open."""
    node = s.dmap.regions.node_of
    of = areas.label
    if s.position is None:
        label = of(node((0, 0)))
        return ({label} if label >= 0 else set()), None
    label = of(node(s.position))
    if label >= 0:
        return {label}, None
    near = {of(node(nb)) for nb in adjacency(s.size)[s.position]}
    near.discard(-1)
    return near, s.position


def _in_area(s: State, areas: Areas, area: tuple[set[int], Cell | None],
             cell: Cell) -> bool:
    """Whether the player can walk to ``cell`` (``area``: :func:`_area`)."""
    return cell == area[1] or areas.label(s.dmap.regions.node_of(cell)) in area[0]


def _settle(s: State) -> State:
    """After an action: death, an emptied room, a cleared dungeon."""
    if s.health < 0:
        return evolve(s, outcome="died")
    if s.room is not None and not s.room.entities:
        s = _emptied(s, s.room.index)
    if _all_emptied(s):
        return evolve(s, outcome="cleared")
    return s


def _collect(s: State, entities: list[Entity]) -> tuple[Held, ...]:
    return s.inventory + tuple(_made(Held, {"card": e.card, "kind": e.kind, "value": e.value})
                               for e in entities)


_new = object.__new__
_set = object.__setattr__


def _made(cls: type[T], fields: dict[str, object]) -> T:
    """``cls(**fields)`` for a frozen dataclass that only stores its fields (Entity,
    Held), without the keyword handling and a frozen ``__setattr__`` per field."""
    made = _new(cls)
    _set(made, "__dict__", fields)
    return made


def _leave_room(s: State, verb: str) -> State:
    """Leaving the current room: refused while enemies or armed traps remain; a resolved
    room is looted first."""
    room = s.room
    if room is None:
        return s
    if room.enemies:
        names = " ".join(str(e.card) for e in room.enemies)
        raise _fail(f"cannot {verb}: enemies remain in the room ({names}); there is no "
                    "retreat while enemies remain", "no-retreat")
    if room.traps:
        names = " ".join(str(e.card) for e in room.traps)
        raise _fail(f"cannot {verb}: armed traps remain ({names}); disarm them, take an "
                    "item, or retreat to a 0 cell", "armed-traps")
    return evolve(_emptied(s, room.index), inventory=_collect(s, room.items))


def _require_play(s: State) -> None:
    if s.choice is None:
        raise _fail("choose the row or column stack first ('choose row' or "
                    "'choose column')", "setup-order")
    if s.bonus_owed:
        owed = "1 ♦ bonus is" if s.bonus_owed == 1 else f"{s.bonus_owed} ♦ bonuses are"
        raise _fail(f"{owed} still owed: 'bonus health', "
                    "'bonus attack' or 'bonus intelligence'", "setup-order")


def _room_in_play(s: State, verb: str) -> Room:
    """The room the player is in, for ``verb``. Raises IllegalAction before the stack
    is chosen and the bonuses assigned, or outside a room."""
    if s.choice is None or s.bonus_owed:
        _require_play(s)
    room = s.room
    if room is None:
        room = _require_room(s, verb)  # raises
    return room


def _require_room(s: State, verb: str) -> Room:
    if s.room is None:
        raise _fail(f"cannot {verb}: the player is not in a room", "no-room")
    return s.room


def _around(s: State, index: int) -> list[Cell]:
    """The 0 cells next to room ``index``, in reading order: those just outside its
    rectangle (every cell beside a room is a 0 cell)."""
    c0, c1, r0, r1 = s.dmap.regions.box(s.dmap.regions.zeros + index)
    n = s.size
    spots: set[Cell] = set()
    if r0 > 0:
        spots.update((c, r0 - 1) for c in range(c0, c1))
    if r1 < n:
        spots.update((c, r1) for c in range(c0, c1))
    if c0 > 0:
        spots.update((c0 - 1, r) for r in range(r0, r1))
    if c1 < n:
        spots.update((c1, r) for r in range(r0, r1))
    return sorted(spots, key=lambda c: (c[1], c[0]))


# ------------------------------------------------------------------------- actions
def _choose(s: State, a: Choose) -> State:
    if s.choice is not None:
        raise _fail(f"the {s.choice} stack is already chosen", "setup-order")
    if s.room is not None or s.position is not None:
        raise _fail("the stack is chosen before the first move", "setup-order")
    stack = s.dmap.row_stack if a.stack == "row" else s.dmap.column_stack
    b = bonus_modifier(s.size)
    health, attack, intel, owed = s.health, s.attack, s.intelligence, 0
    for c in stack:
        if c.suit is Suit.HEARTS:
            health += b
        elif c.suit is Suit.SPADES:
            attack += b
        elif c.suit is Suit.CLUBS:
            intel += b
        else:
            owed += 1
    return evolve(s, choice=a.stack, health=health, attack=attack, intelligence=intel,
                   bonus_owed=owed)


def _bonus(s: State, a: Bonus) -> State:
    if s.choice is None:
        raise _fail("choose the row or column stack before assigning ♦ bonuses",
                    "setup-order")
    if len(a.stats) > s.bonus_owed:
        owed = s.bonus_owed
        left = "1 ♦ bonus" if owed == 1 else f"{owed} ♦ bonuses"
        raise _fail(f"only {left} left to assign, not {len(a.stats)}",
                    "bonus-count", owed)
    changes = {st: getattr(s, st) for st in STATS}
    for st in a.stats:
        changes[st] += 1
    return evolve(s, bonus_owed=s.bonus_owed - len(a.stats), **changes)


def _enter(s: State, a: Enter) -> State:
    if s.choice is None or s.bonus_owed:
        _require_play(s)
    target = a.cell
    regions = s.dmap.regions
    rect, col_run, row_run = regions.rect, regions.col_run, regions.row_run
    i, j = col_run[target[0]], row_run[target[1]]  # the target's column and row runs
    column = rect[i]
    node = column[j]
    zeros = regions.zeros
    if node < zeros:
        raise _fail(f"{cell_name(target)} is a 0 cell: enter names a cell of an unexplored "
                    "filled room", "enter-target", 0)
    index = node - zeros
    room = s.room
    if room is not None and room.index == index:
        raise _fail(f"{cell_name(target)} is in the room the player is already in",
                    "enter-target", 0)
    if s.status[index] == "emptied":
        raise _fail(f"{cell_name(target)} belongs to a room already emptied: it is open "
                    "floor", "enter-target", 0)
    if room is not None:
        s = _leave_room(s, f"enter {cell_name(target)}")
    status = s.status
    kept = s.__dict__.get("_areas")
    areas: Areas = (kept[1] if kept is not None and kept[0] is status  # _areas(), inline
                    else _areas(s))
    label = areas.label
    position = s.position
    mine = -1 if position is None else label(rect[col_run[position[0]]][row_run[position[1]]])
    c, r = target
    c0, c1, _ = regions.blocks[0][i]  # the room's rectangle
    r0, r1, _ = regions.blocks[1][j]
    if mine >= 0 and position is not None:
        # on open floor, the player reaches the open part of the map of that cell: is
        # the target next to it? (its neighbours outside the room, N E S W: 0 regions)
        if not ((r == r0 and j > 0 and label(column[j - 1]) == mine)
                or (c == c1 - 1 and i + 1 < len(rect) and label(rect[i + 1][j]) == mine)
                or (r == r1 - 1 and j + 1 < len(column) and label(column[j + 1]) == mine)
                or (c == c0 and i > 0 and label(rect[i - 1][j]) == mine)):
            raise _fail(f"{cell_name(target)} cannot be reached from {cell_name(position)} "
                        "through open cells", "enter-reach", 0)
    else:
        reached, here = _area(s, areas)
        node_of = regions.node_of
        near = any(nb == here or label(node_of(nb)) in reached
                   for nb in neighbours(target, s.size))
        if position is None:
            if not (target == (0, 0) or near):
                raise _fail(f"{cell_name(target)} cannot be reached: the player starts "
                            "outside next to a1", "enter-reach", 0)
        elif not near:
            raise _fail(f"{cell_name(target)} cannot be reached from {cell_name(position)} "
                        "through open cells", "enter-reach", 0)
    changed = list(status)  # (a list copied back is the cheapest copy with one change)
    changed[index] = "active"
    status = tuple(changed)  # not open: the same areas
    if s.seed is None:
        return evolve(s, position=target, status=status, awaiting_room=index,
                      room=Room(index, ()), drawn=None, _areas=(status, areas))
    count = (c1 - c0) * (r1 - r0)  # regions.cells(node)
    deck, pos = s.deck, s.deck_pos
    end = pos + count
    if end <= len(deck):  # within the pass: _make_room, the entities from the table
        cards = deck[pos:end]
        table = _TABLES.get(s.pass_no) or _entity_table(s.pass_no)
        k = 1 if RED.isdisjoint(cards) else 0
        made = _new(Room)
        _set(made, "__dict__", {"index": index, "entities": tuple([table[c][k] for c in cards]),
                                "fresh": True, "stunned": False})
    else:
        s, drawn, end = _draw_seeded(s, count)
        cards = tuple(c for c, _ in drawn)
        made = _make_room(index, drawn)
    d = s.__dict__.copy()
    d["position"] = target
    d["status"] = status
    d["deck_pos"] = end
    d["room"] = made
    d["drawn"] = cards
    d["_areas"] = (status, areas)
    new = _new(State)
    _set(new, "__dict__", d)
    return new


def _room_cards(s: State, a: RoomCards) -> State:
    if s.awaiting_room is not None:
        index = s.awaiting_room
        size = min(s.dmap.regions.cells(s.dmap.regions.zeros + index), len(FULL_DECK))
        if len(a.cards) != size:
            raise _fail(f"this room has {counted(size, 'cell')}, so {counted(size, 'card')} "
                        f"{'is' if size == 1 else 'are'} drawn, "
                        f"not {len(a.cards)}", "room-size",
                        min(len(a.cards), size) if len(a.cards) > size else None)
        s, drawn = _draw_free(s, a.cards)
        return evolve(s, awaiting_room=None, room=_make_room(index, drawn))
    if s.drawn is None:
        raise _fail("'room' lists the cards of the room just entered: it must follow "
                    "'enter'", "room-order")
    expected = s.drawn
    if a.cards == expected:  # as dealt (a card is equal to itself only)
        d = s.__dict__.copy()
        d["drawn"] = None
        return _state(d)
    for i, c in enumerate(a.cards):
        if c not in expected or c in a.cards[:i]:
            why = "is written twice" if c in a.cards[:i] else "is not in this room"
            raise _fail(f"{c} {why}: the seed's deal gives "
                        f"{' '.join(str(x) for x in expected)}", "room-cards", i)
    if len(a.cards) != len(expected):
        raise _fail(f"the room holds {counted(len(expected), 'card')} "
                    f"({' '.join(str(x) for x in expected)}), not {len(a.cards)}",
                    "room-cards")
    return evolve(s, drawn=None)


def _enemy_attack(s: State, room: Room) -> State:
    if room.stunned:
        return evolve(s, room=evolve(room, stunned=False))
    damage = sum(e.value for e in room.enemies)
    return evolve(s, health=s.health - damage, room=room)


def _hit(s: State, a: Hit) -> State:
    room = _room_in_play(s, "hit")
    card = a.card
    entities = room.entities
    target = None
    for e in entities:
        if e.card is card:
            target = e
            break
    if target is None or target.kind != "enemy":
        what = "no enemy" if not room.enemies else "not an enemy in this room"
        raise _fail(f"cannot hit {a.card}: {what}"
                    + (f" (enemies: {' '.join(str(e.card) for e in room.enemies)})"
                       if room.enemies else ""), "hit-target", 0)
    attack = s.attack
    if attack >= target.value:
        entities = tuple([e for e in entities if e.card is not card])
    else:
        hurt = _made(Entity, {"card": card, "kind": "enemy", "value": target.value - attack})
        entities = tuple([hurt if e.card is card else e for e in entities])
    d = s.__dict__.copy()
    if not room.stunned:  # the enemies left attack
        damage = 0
        for e in entities:
            if e.kind == "enemy":
                damage += e.value
        d["health"] = s.health - damage
    d["room"] = _made(Room, {"index": room.index, "entities": entities, "fresh": False,
                             "stunned": False})
    return _settled(s, d)


def _disarm(s: State, a: Disarm) -> State:
    room = _room_in_play(s, "disarm")
    if room.enemies:
        raise _fail(f"cannot disarm {a.card}: defeat the enemies first "
                    f"({' '.join(str(e.card) for e in room.enemies)})", "disarm-order", 0)
    trap = room.find(a.card)
    if trap is None or trap.kind != "trap":
        raise _fail(f"cannot disarm {a.card}: it is not an armed trap in this room",
                    "disarm-target", 0)
    if s.intelligence < trap.value:
        raise _fail(f"cannot disarm {a.card}: intelligence {s.intelligence} < {trap.value}",
                    "disarm-intelligence", 0)
    d = s.__dict__.copy()
    d["room"] = _made(Room, {"index": room.index, "entities": room.without(a.card),
                             "fresh": room.fresh, "stunned": room.stunned})
    return _settled(s, d)


def _take(s: State, a: Take) -> State:
    _require_play(s)
    room = _require_room(s, "take")
    item = room.find(a.card)
    if item is None or item.kind not in ("potion", "gold", "book"):
        raise _fail(f"cannot take {a.card}: it is not an item in this room",
                    "take-target", 0)
    traps = room.traps
    enemies = room.enemies
    if not traps:
        if enemies:
            raise _fail(f"cannot take {a.card}: enemies remain and no trap is armed",
                        "take-enemies", 0)
        raise _fail(f"cannot take {a.card}: no trap is armed; collect the items with "
                    "'loot'", "take-no-trap", 0)
    if enemies and not room.fresh:
        raise _fail(f"cannot take {a.card}: enemies remain; the advanced technique is "
                    "allowed only before the first hit", "take-enemies", 0)
    damage = sum(t.value for t in traps)
    survivors = tuple(evolve(e, value=e.value - damage) for e in enemies
                      if e.value - damage > 0)
    inventory = s.inventory + (Held(item.card, item.kind, item.value),)
    room = evolve(room, entities=survivors, stunned=bool(survivors))
    return _settle(evolve(s, health=s.health - damage, inventory=inventory, room=room))


def _retreat(s: State, a: Retreat) -> State:
    _require_play(s)
    room = _require_room(s, "retreat")
    if room.enemies:
        raise _fail("cannot retreat: enemies remain; there is no retreat while enemies "
                    "remain", "no-retreat")
    if not room.traps:
        raise _fail("cannot retreat: no trap is armed (retreat is for a room with armed "
                    "traps)", "retreat-no-trap")
    name = cell_name(a.cell)
    if s.dmap.filled(a.cell):
        raise _fail(f"cannot retreat to {name}: it is not a 0 cell", "retreat-target", 0)
    regions = s.dmap.regions
    mine = regions.zeros + room.index
    if not any(regions.node_of(nb) == mine for nb in neighbours(a.cell, s.size)):
        raise _fail(f"cannot retreat to {name}: it is not next to the room",
                    "retreat-target", 0)
    s = evolve(s, room=evolve(room, entities=()), position=a.cell)
    return _settle(s)


def _loot(s: State, a: Loot) -> State:
    room = _room_in_play(s, "loot")
    entities = room.entities
    for e in entities:
        if e.kind == "enemy" or e.kind == "trap":
            if room.enemies:
                raise _fail("cannot loot: enemies remain", "loot-enemies")
            raise _fail("cannot loot: armed traps remain (disarm them, take one item, or "
                        "retreat)", "loot-traps")
    if not entities:  # every entity left is an item
        raise _fail("nothing to loot in this room", "loot-empty")
    inventory = s.inventory + tuple([_made(Held, {"card": e.card, "kind": e.kind,
                                                  "value": e.value}) for e in entities])
    # _settle of the room looted empty, without the empty room in between
    if s.health < 0:
        return evolve(s, inventory=inventory, room=evolve(room, entities=()),
                      outcome="died")
    d = s.__dict__.copy()
    d["inventory"] = inventory
    status = s.status
    kept = d.get("_areas")
    if kept is None or kept[0] is not status:
        d["room"] = _made(Room, {"index": room.index, "entities": (), "fresh": room.fresh,
                                 "stunned": room.stunned})
        return _settle(_state(d))
    index = room.index
    changed = list(status)
    changed[index] = "emptied"
    status = tuple(changed)
    areas = s.dmap.regions.open_room(kept[1], index)
    d["status"] = status
    d["room"] = None
    d["_areas"] = (status, areas)
    if areas.opened == len(status):
        d["outcome"] = "cleared"
    made = _new(State)
    _set(made, "__dict__", d)
    return made


def _use(s: State, card: Card, kind: Kind, verb: str) -> State:
    if s.choice is None or s.bonus_owed:
        _require_play(s)
    held = None
    for h in s.inventory:
        if h.card is card:
            held = h
            break
    if held is None or held.kind != kind:
        have = " ".join(str(h.card) for h in s.inventory if h.kind == kind) or "none"
        in_room = s.room is not None and any(e.card == card for e in s.room.entities)
        slip = (f"; {card} is still in the room: 'take {card}' or 'loot' first"
                if in_room else "")
        raise _fail(f"cannot {verb} {card}: no such {kind} in the inventory ({kind}s: "
                    f"{have}){slip}", f"{verb}-target", 0)
    d = s.__dict__.copy()
    d["inventory"] = tuple([h for h in s.inventory if h.card is not card])
    gain = FLAT_VALUE if "flat-consumables" in s.variants else held.value
    if kind == "potion":
        d["health"] = s.health + gain
    else:
        d["intelligence"] = s.intelligence + gain
    return _state(d)


def _drink(s: State, a: Drink) -> State:
    return _use(s, a.card, "potion", "drink")


def _read(s: State, a: Read) -> State:
    return _use(s, a.card, "book", "read")


def _exit(s: State, a: Exit) -> State:
    _require_play(s)
    s = _leave_room(s, "exit")
    s = _settle(s)
    if s.outcome == "cleared":
        return s
    corner = (s.size - 1, s.size - 1)
    if s.position != corner:
        areas = _areas(s)
        if not _in_area(s, areas, _area(s, areas), corner):
            why = ("is part of an unexplored room: enter and clear it first"
                   if s.dmap.filled(corner) and s.status[s.dmap.room_index[corner]] != "emptied"
                   else "cannot be reached through open cells")
            raise _fail(f"cannot exit: the bottom-right cell {cell_name(corner)} {why}",
                        "exit-reach")
    return evolve(s, position=corner, outcome="exited")


_HANDLERS: dict[type, object] = {
    Choose: _choose, Bonus: _bonus, Enter: _enter, RoomCards: _room_cards, Hit: _hit,
    Disarm: _disarm, Take: _take, Retreat: _retreat, Loot: _loot, Exit: _exit,
    Drink: _drink, Read: _read,
}


def apply(s: State, action: Action) -> State:
    """The state after ``action``.

    Raises IllegalAction (with the rule's name) when the rulings forbid it, including any
    action after the game ended.
    """
    if s.outcome is not None:
        raise _fail(f"the game is over ({s.outcome}): no action may follow", "game-over")
    kind = type(action)
    if s.awaiting_room is not None and not isinstance(action, RoomCards):
        raise _fail("a free deal needs the entered room's cards next: 'room CARD...'",
                    "room-order")
    s = _HANDLERS[kind](s, action)  # type: ignore[operator]
    if s.drawn is not None and kind is not Enter and kind is not RoomCards:
        s = evolve(s, drawn=None)
    return s


# ------------------------------------------------------------------- legal actions
def legal_actions(s: State) -> list[Action]:
    """Every action the rulings allow in ``s`` (a free deal's ``room`` line, whose
    cards only the table knows, is not listed)."""
    if s.outcome is not None or s.awaiting_room is not None:
        return []
    if s.choice is None:
        return [Choose("row"), Choose("column")]
    if s.bonus_owed:
        return [Bonus((st,)) for st in STATS]
    out: list[Action] = []
    for h in s.inventory:
        if h.kind == "potion":
            out.append(Drink(h.card))
        elif h.kind == "book":
            out.append(Read(h.card))
    room = s.room
    if room is not None and room.enemies:
        out.extend(Hit(e.card) for e in room.enemies)
        if room.fresh and room.traps:
            out.extend(Take(e.card) for e in room.items)
        return out
    if room is not None and room.traps:
        out.extend(Disarm(t.card) for t in room.traps if s.intelligence >= t.value)
        out.extend(Take(e.card) for e in room.items)
        out.extend(Retreat(c) for c in _around(s, room.index))
        return out
    if room is not None and room.items:
        out.append(Loot())
    # Leaving: the current room (resolved) counts as open.
    regions = s.dmap.regions
    areas = _areas(s)
    if room is not None:
        areas = regions.open_room(areas, room.index)
    reached, here = area = _area(s, areas)
    status = s.status
    zeros = regions.zeros
    targets: set[Cell] = set()
    label = areas.label
    for n in range(zeros):  # only 0 regions touch rooms
        if label(n) in reached:
            for m in regions.links(n):
                if status[m - zeros] == "unexplored":
                    targets.update(regions.border[(n, m)])
    if here is not None:
        for nb in neighbours(here, s.size):
            m = regions.node_of(nb)
            if m >= zeros and status[m - zeros] == "unexplored":
                targets.add(nb)
    a1 = regions.node_of((0, 0)) - zeros
    if s.position is None and a1 >= 0 and s.status[a1] == "unexplored":
        targets.add((0, 0))
    out.extend(Enter(c) for c in sorted(targets, key=lambda c: (c[1], c[0])))
    corner = (s.size - 1, s.size - 1)
    if s.position == corner or _in_area(s, areas, area, corner):
        out.append(Exit())
    return out


# ---------------------------------------------------------------------------- chance
def chance_outcomes(s: State) -> Sequence[tuple[Action, float]]:
    """At a chance node, every ``room`` line the table can give next with its
    probability; empty where the player decides, in a seeded deal (the seed decides)
    and once the game is over.

    The one chance node is a free deal's room just entered (``awaiting_room``): its
    cards are the next ones of the shuffled deck, so every set of them is equally
    likely. As :func:`_draw_free` reads them: the cards left in the pass come first (in
    pass 1 the others before the map cards, which lie at the bottom), and a room that
    needs more than are left takes all of them and the rest from the reshuffled deck
    of the next pass. Only the last group drawn from is a choice, so there are
    ``comb(cards in that group, cards still needed)`` outcomes, each a ``room`` line
    listing the cards in that order (a line may list them in any order).

    Sizes: the first room of a 7×7 map draws from the 38 cards that are not map
    cards: 38 outcomes for one cell, 8,436 for three, 73,815 for four. Most rooms
    have 1 to 4 cells (about 80 % to 90 % of them, by seeded maps), but a room can
    have dozens (66 cells on one 26×26 map measured; a room draws at most 52 cards),
    so a group of at most 52 cards gives at most comb(52, 26), about 5 × 10^14
    outcomes. They are made one by one when asked for
    (:class:`companion.chance.Outcomes`), never all stored.
    """
    if s.outcome is not None or s.awaiting_room is None:
        return []
    need = min(s.dmap.regions.cells(s.dmap.regions.zeros + s.awaiting_room), len(FULL_DECK))
    if s.pass_no == 1:
        groups = [[c for c in s.deck if c not in s.map_cards],
                  [c for c in s.deck if c in s.map_cards]]
    else:
        groups = [list(s.deck)]
    forced: list[Card] = []
    for group in groups:
        if need < len(group):
            break
        forced += group
        need -= len(group)
    else:  # the pass runs out: the rest comes from the next pass's deck
        gone = set(forced)
        group = sorted((c for c in FULL_DECK if c not in gone), key=Card.sort_key)
    head = tuple(forced)
    return chance.combinations_of(group, need, lambda cards: RoomCards(head + cards))
