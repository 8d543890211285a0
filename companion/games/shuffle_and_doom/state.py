"""Shuffle and Doom! rules engine, part one: the actions (what a log line asks), the
state (:class:`State`, rooms, entities, held cards) and :func:`new_state`. The rules
that move a state on are in :mod:`.rules`, their shared steps in :mod:`.mechanics`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.cards import Card, standard_deck
from companion.games.shuffle_and_doom.dungeon import Cell, DungeonMap
from companion.games.shuffle_and_doom.generation import deal

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

