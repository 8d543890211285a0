"""Scoundrel rules engine (``docs/rules/scoundrel.md``): pure state and actions.

Game by Zach Gage and Kurt Bieg. ``apply(state, action)`` returns a new :class:`State`;
an action the rulings forbid raises :class:`~companion.errors.IllegalAction` with the
rule's name and the index of the argument at fault. No I/O, no randomness here: a
seeded deal's dungeon comes from ``generation.py``; a free deal's rooms are chance
outcomes that the log supplies with ``room`` lines (:func:`room_need` says what the
next one must hold).

The dungeon is a sequence, top first. In a free deal its top part is ``hidden`` cards
nobody has seen yet (any of the unseen cards, in any order) and the rest,
``dungeon``, the cards put under it by ``avoid``, in order. In a seeded deal
``hidden`` is 0 and ``dungeon`` is the whole dungeon.

The room keeps its cards in the order they were dealt (the card that stayed from the
previous room first): that is the order in which ``avoid`` puts them under the dungeon.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from companion import chance
from companion.cards import Card, Suit, standard_deck
from companion.errors import IllegalAction
from companion.frozen import evolve, made
from companion.games.scoundrel.generation import DECK, dungeon, in_deck
from companion.rules_kit import Handlers, fail, game_over, handles
from companion.text import counted

START_HEALTH = 20
MAX_HEALTH = 20
ROOM_SIZE = 4
FRESH = 15
"""The "last slain" value of a weapon that has slain nothing: above every monster."""


def value(card: Card) -> int:
    """A card's value: its rank, J 11, Q 12, K 13, A 14."""
    return 14 if card.rank == 1 else card.rank


def is_monster(card: Card) -> bool:
    """Clubs and spades are monsters."""
    return card.suit in (Suit.CLUBS, Suit.SPADES)


def is_weapon(card: Card) -> bool:
    """Diamonds are weapons."""
    return card.suit is Suit.DIAMONDS


def is_potion(card: Card) -> bool:
    """Hearts are potions."""
    return card.suit is Suit.HEARTS


def kind(card: Card) -> str:
    """``monster``, ``weapon`` or ``potion``."""
    return "monster" if is_monster(card) else "weapon" if is_weapon(card) else "potion"


ALL_MONSTERS = sum(value(c) for c in DECK if is_monster(c))
"""The values of all 26 monsters together (208)."""

_EVERY_CARD = standard_deck(jokers=1)
_VALUE: dict[Card, int] = {c: value(c) for c in _EVERY_CARD}
""":func:`value` of every card (the replay looks it up)."""
_MONSTERS = frozenset(c for c in _EVERY_CARD if is_monster(c))
_WEAPONS = frozenset(c for c in _EVERY_CARD if is_weapon(c))
_POTIONS = frozenset(c for c in _EVERY_CARD if is_potion(c))
_MONSTER_VALUE: dict[Card, int] = {c: value(c) if c in _MONSTERS else 0 for c in _EVERY_CARD}
"""A card's value if it is a monster, else 0 (a lost game's score adds them up)."""


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Room:
    """The room's cards once dealt (a free deal's chance outcome; a check when seeded)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Avoid:
    """Put the room under the dungeon and deal a new one."""


@dataclass(frozen=True)
class Equip:
    """``equip CARD``: face a weapon; it replaces the one held."""

    card: Card


@dataclass(frozen=True)
class Drink:
    """``drink CARD``: face a potion."""

    card: Card


@dataclass(frozen=True)
class Fight:
    """Face a monster bare-handed."""

    card: Card


@dataclass(frozen=True)
class Slay:
    """Face a monster with the equipped weapon."""

    card: Card


Face = Equip | Drink | Fight | Slay
Action = Room | Avoid | Equip | Drink | Fight | Slay


# ----------------------------------------------------------------------------- state
@dataclass(frozen=True)
class State:
    """Everything the rules need; immutable.

    ``dungeon`` top first (a free deal: only the cards that went under, below
    ``hidden`` cards nobody has seen; ``seen`` the cards a free deal has turned up);
    ``room`` in deal order; ``weapon`` and ``slain`` (the monsters on it, first to
    last); ``discard`` the discard pile in the order cards went there; ``faced`` cards
    faced in this room, ``drunk`` whether a potion was faced in it (only the first
    heals); ``avoided`` whether this room was dealt by an ``avoid`` (then it cannot be
    avoided); ``last`` the last card faced. ``awaiting`` (free deal): the next line
    must be the ``room`` just dealt; ``checkable`` (seeded): a ``room`` line may check
    it. ``outcome`` is set when the game is over; a state that is through the dungeon
    with one card left is won already but not over (see :attr:`through`).
    """

    seed: str | None
    variants: frozenset[str]
    dungeon: tuple[Card, ...]
    hidden: int = 0
    health: int = START_HEALTH
    room: tuple[Card, ...] = ()
    weapon: Card | None = None
    slain: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    faced: int = 0
    drunk: bool = False
    avoided: bool = False
    last: Card | None = None
    seen: frozenset[Card] = frozenset()
    under: int = 0
    rooms: int = 0
    avoids: int = 0
    awaiting: bool = False
    checkable: bool = False
    outcome: Literal["won", "lost"] | None = None
    lost_because: str = ""

    @property
    def free(self) -> bool:
        """Whether this is a free deal (no seed: the table deals)."""
        return self.seed is None

    @property
    def equal_kills(self) -> bool:
        """Whether the ``equal-kills`` variant is played."""
        return "equal-kills" in self.variants

    @property
    def dungeon_left(self) -> int:
        """Cards still in the dungeon (seen or not)."""
        return self.hidden + len(self.dungeon)

    @property
    def tail(self) -> tuple[Card, ...]:
        """The cards at the bottom of the dungeon that went under with avoided rooms, in
        order: seen, so a player knows them (a seeded dungeon counts them in
        ``under``)."""
        return self.dungeon if self.free else self.dungeon[len(self.dungeon) - self.under:]

    @property
    def through(self) -> bool:
        """The dungeon is empty and at most one card is left in the room: won (the last
        card may still be faced)."""
        return (self.outcome is None and not self.awaiting and self.dungeon_left == 0
                and len(self.room) <= 1)

    @property
    def cards_faced(self) -> int:
        """How many cards have been faced: discarded, slain, or the weapon held."""
        return len(self.discard) + len(self.slain) + (self.weapon is not None)

    @property
    def last_kill(self) -> int:
        """The value of the last monster on the weapon (:data:`FRESH` for a weapon that
        has slain none, 0 with no weapon)."""
        if self.weapon is None:
            return 0
        return value(self.slain[-1]) if self.slain else FRESH

    def unfaced_monsters(self) -> int:
        """The values of every monster not yet faced (in the dungeon and the room; in a
        free deal, every monster of the deck not faced yet)."""
        worth = _MONSTER_VALUE
        if not self.free:
            return sum([worth[c] for c in self.room]) + sum([worth[c] for c in self.dungeon])
        gone = sum([worth[c] for c in self.discard])
        return ALL_MONSTERS - gone - sum([_VALUE[c] for c in self.slain])

    def result_outcome(self) -> str:
        """``won``, ``lost`` or ``unfinished``."""
        if self.outcome is not None:
            return self.outcome
        return "won" if self.through else "unfinished"

    def score(self) -> int | None:
        """Won: health, plus the last potion's value when health is 20 and the last card
        faced was a potion; lost: health minus every monster not yet faced; else None."""
        outcome = self.result_outcome()
        if outcome == "won":
            bonus = (value(self.last) if self.health == MAX_HEALTH
                     and self.last is not None and is_potion(self.last) else 0)
            return self.health + bonus
        if outcome == "lost":
            return self.health - self.unfaced_monsters()
        return None


def new_state(seed: str | None, variants: frozenset[str]) -> State:
    """The state after the first room is dealt (seeded) or before its ``room`` line
    (free deal)."""
    d = _START.copy()  # (a state's fields without its __init__)
    d["variants"] = variants
    if seed is None:
        d["hidden"] = len(DECK)
    else:
        d["seed"] = seed
        d["dungeon"] = dungeon(seed)
    return _dealt(d)


_START: dict[str, Any] = dict(State(seed=None, variants=frozenset(), dungeon=()).__dict__)
"""The fields of a state before the deal, every one at its default."""


def _names(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards) or "none"


def room_need(s: State) -> tuple[int, int, tuple[Card, ...]]:
    """What the next deal adds to the room: ``(count, unseen, known)``: ``count`` new
    cards, the first ``unseen`` of them any cards not seen yet (free deal), then the
    ``known`` cards in order (cards that went under the dungeon, or a seeded
    dungeon's)."""
    count = min(ROOM_SIZE - len(s.room), s.dungeon_left)
    unseen = min(count, s.hidden)
    return count, unseen, s.dungeon[: count - unseen]


def unseen_cards(s: State) -> list[Card]:
    """The cards a free deal may still turn up from the top of the dungeon."""
    return [c for c in DECK if c not in s.seen]


# ------------------------------------------------------------------------- handlers
def _dealt(d: dict[str, Any]) -> State:
    """The state of fields ``d`` once its room is dealt up to four cards: at once when
    seeded (a ``room`` line may then check it); a free deal awaits the ``room`` line
    that says what the table shows. ``d`` (a copy of a state's fields, changed) is
    changed further and becomes the new state's."""
    d["faced"] = 0
    d["drunk"] = False
    d["rooms"] += 1
    if d["seed"] is None:
        d["awaiting"] = True
    else:
        room = d["room"]
        dungeon = d["dungeon"]
        count = min(ROOM_SIZE - len(room), len(dungeon))
        d["room"] = room + dungeon[:count]
        d["dungeon"] = dungeon[count:]
        d["checkable"] = True
        d["under"] = min(d["under"], len(dungeon) - count)
    return made(State, d)


_HANDLERS: Handlers[State, State] = {}
"""Each action class's handler (:func:`apply` looks it up)."""


@handles(_HANDLERS, Room)
def _room(s: State, a: Room) -> State:
    if s.seed is None:
        if not s.awaiting:
            raise fail("'room' follows a deal: the start, an 'avoid', or a room faced "
                       "down to one card", "room-order")
        return _free_room(s, a)
    if not s.checkable:
        raise fail("'room' checks the room just dealt: it comes right after the deal",
                   "room-order")
    if a.cards != s.room:  # (the room as dealt, in its order, needs no search)
        if len(a.cards) > len(s.room):
            raise fail(f"the room holds {counted(len(s.room), 'card')} ({_names(s.room)}), "
                       f"not {len(a.cards)}", "room-count", len(s.room))
        rest = list(s.room)
        for i, c in enumerate(a.cards):
            if c not in rest:
                raise fail(f"the seed deals {_names(s.room)}, not {c}", "deal-seed", i)
            rest.remove(c)
        if rest:
            raise fail(f"the room holds {counted(len(s.room), 'card')} ({_names(s.room)}): "
                       f"{_names(rest)} missing", "room-count")
    d = s.__dict__.copy()
    d["checkable"] = False
    return made(State, d)


def _free_room(s: State, a: Room) -> State:
    count, unseen, known = room_need(s)
    total = len(s.room) + count
    carried = list(s.room)
    expect = list(known)
    new_unseen: list[Card] = []
    for i, c in enumerate(a.cards):
        if i >= total:
            raise fail(f"the room holds {counted(total, 'card')} once dealt "
                       f"({counted(s.dungeon_left, 'card')} left in the dungeon), not "
                       f"{len(a.cards)}", "room-count", total)
        if not in_deck(c):
            raise fail(f"{c} is not in the Scoundrel deck (no jokers, no red J Q K, no "
                       "red aces)", "deal-card-kind", i)
        if c in carried:
            carried.remove(c)
            continue
        if c in expect:
            expect.remove(c)
            continue
        if c in s.dungeon:
            raise fail(f"{c} went under the dungeon with an avoided room: "
                       + (f"the next cards up are {_names(known)}" if known else
                          "unseen cards come first"), "room-card", i)
        if c in s.seen or c in new_unseen:
            raise fail(f"{c} was already seen: every card exists once", "deal-duplicate", i)
        if len(new_unseen) >= unseen and carried:
            raise fail(f"{c} is one card too many: {_names(carried)} stayed from the last "
                       f"room, so the room is {_names(carried)} and "
                       f"{counted(count, 'new card')}", "room-card", i)
        if len(new_unseen) >= unseen:
            why = (f"the unseen cards are all dealt; the next ones are those that went "
                   f"under: {_names(known)}" if unseen == 0 else
                   f"only {counted(unseen, 'unseen card')} come up before those that went "
                   f"under ({_names(known)})")
            raise fail(f"{c} cannot be in this room: {why}", "room-card", i)
        new_unseen.append(c)
    if carried:
        raise fail(f"the card that stayed, {_names(carried)}, is part of the room: write "
                   "it too", "room-count")
    if len(a.cards) < total:
        raise fail(f"the room holds {counted(total, 'card')} once dealt, not "
                   f"{len(a.cards)}" + (f" (the next cards up are {_names(expect)})"
                                        if expect else ""), "room-count")
    return evolve(s, room=s.room + tuple(new_unseen) + known,
                   dungeon=s.dungeon[len(known):], hidden=s.hidden - unseen,
                   seen=s.seen | set(new_unseen), awaiting=False)


@handles(_HANDLERS, Avoid)
def _avoid(s: State, a: Avoid) -> State:
    if s.hidden + len(s.dungeon) == 0:
        raise fail("the dungeon is empty: this room cannot be avoided", "avoid-empty")
    if s.avoided:
        raise fail("the previous room was avoided: never two rooms in a row",
                   "avoid-twice")
    if s.faced:
        raise fail(f"{counted(s.faced, 'card')} of this room {'was' if s.faced == 1 else 'were'}"
                   " faced already: a room is avoided before facing any of it",
                   "avoid-faced")
    d = s.__dict__.copy()
    d["dungeon"] = s.dungeon + s.room
    d["room"] = ()
    d["avoided"] = True
    d["avoids"] = s.avoids + 1
    d["under"] = 0 if s.seed is None else s.under + len(s.room)
    return _dealt(d)


def _not_in_room(s: State, card: Card) -> IllegalAction:
    return fail(f"{card} is not in the room (room: {_names(s.room)})", "face-card", 0)


def _kind_error(card: Card, verb: str, wanted: str, rule: str) -> IllegalAction:
    k = kind(card)
    right = {"monster": "fight", "weapon": "equip", "potion": "drink"}[k]
    hint = f": '{right} {card}'" if k != "monster" else f": 'fight {card}' or 'slay {card}'"
    return fail(f"{card} is a {k}, not a {wanted}{hint}", rule, 0)


def _face(s: State, card: Card, health: int, d: dict[str, Any]) -> State:
    """``s`` after facing ``card`` (taken from the room as the last card faced, health
    now ``health``; ``d``: a copy of ``s``'s fields with the handler's other changes),
    then death, the end of the dungeon, or the next deal."""
    room = s.room
    i = room.index(card)
    after = room[:i] + room[i + 1:]
    d["room"] = after
    d["last"] = card
    d["health"] = health
    left = s.hidden + len(s.dungeon)
    if len(after) > 1 or left == 0 or health <= 0:
        d["faced"] = s.faced + 1
        d["checkable"] = False
        if health <= 0:
            d["outcome"] = "lost"
            d["lost_because"] = "out of health"
        else:
            d["outcome"] = "won" if not after and left == 0 else None
        return made(State, d)
    d["avoided"] = False
    return _dealt(d)


def _room_card(s: State, card: Card, kind: frozenset[Card], verb: str, what: str,
               rule: str) -> Card:
    """``card``, checked for ``verb``: in the room and one of ``kind`` (``what`` names
    it). Raises IllegalAction otherwise (``rule`` for the wrong kind)."""
    if card not in s.room:
        raise _not_in_room(s, card)
    if card not in kind:
        raise _kind_error(card, verb, what, rule)
    return card


@handles(_HANDLERS, Equip)
def _equip(s: State, a: Equip) -> State:
    card = _room_card(s, a.card, _WEAPONS, "equip", "weapon (♦)", "equip-kind")
    d = s.__dict__.copy()
    weapon = s.weapon
    d["discard"] = s.discard + (((weapon,) if weapon is not None else ()) + s.slain)
    d["weapon"] = card
    d["slain"] = ()
    return _face(s, card, s.health, d)


@handles(_HANDLERS, Drink)
def _drink(s: State, a: Drink) -> State:
    card = _room_card(s, a.card, _POTIONS, "drink", "potion (♥)", "drink-kind")
    health = s.health if s.drunk else min(MAX_HEALTH, s.health + _VALUE[card])
    d = s.__dict__.copy()
    d["drunk"] = True
    d["discard"] = s.discard + (card,)
    return _face(s, card, health, d)


@handles(_HANDLERS, Fight)
def _fight(s: State, a: Fight) -> State:
    card = _room_card(s, a.card, _MONSTERS, "fight", "monster (♣ ♠)", "fight-kind")
    d = s.__dict__.copy()
    d["discard"] = s.discard + (card,)
    return _face(s, card, s.health - _VALUE[card], d)


def slay_refusal(s: State, card: Card) -> tuple[str, str] | None:
    """Why the weapon cannot be used on monster ``card`` as ``(message, rule)``, or
    None when it can."""
    if s.weapon is None:
        return (f"no weapon is equipped: 'fight {card}' bare-handed", "slay-no-weapon")
    if not s.slain:
        return None
    top = s.slain[-1]
    if value(card) < value(top) or (s.equal_kills and value(card) == value(top)):
        return None
    need = "at most" if s.equal_kills else "lower than"
    return (f"the {s.weapon} last slew {top} ({value(top)}): it can only slay a monster "
            f"{need} {value(top)}, not {card} ({value(card)})", "slay-order")


@handles(_HANDLERS, Slay)
def _slay(s: State, a: Slay) -> State:
    card = a.card
    if card not in s.room:
        raise _not_in_room(s, card)
    if card not in _MONSTERS:
        raise _kind_error(card, "slay", "monster (♣ ♠)", "slay-kind")
    weapon = s.weapon
    slain = s.slain
    v = _VALUE[card]
    if weapon is None or (slain and not (v < _VALUE[slain[-1]] or (
            v == _VALUE[slain[-1]] and "equal-kills" in s.variants))):
        refusal = slay_refusal(s, card)
        assert refusal is not None
        raise fail(refusal[0], refusal[1], 0)
    d = s.__dict__.copy()
    d["slain"] = slain + (card,)
    return _face(s, card, s.health - max(0, v - _VALUE[weapon]), d)


def apply(s: State, action: Action) -> State:
    """The state after ``action``. Raises IllegalAction when the rulings forbid it."""
    if s.outcome is not None:
        raise game_over(s.outcome)
    if s.awaiting and not isinstance(action, Room):
        raise fail("write the room just dealt first: 'room' and its cards in the order "
                   "dealt (the card that stayed too)", "room-order")
    # a seeded room's check line must come at once: any other action ends the chance
    result: State = _HANDLERS[type(action)](s, action)
    return result


# ------------------------------------------------------------------- legal actions
def faces(s: State) -> list[Action]:
    """Every way to face a card of the room, in room order (no ``avoid``)."""
    out: list[Action] = []
    for c in s.room:
        if is_weapon(c):
            out.append(Equip(c))
        elif is_potion(c):
            out.append(Drink(c))
        else:
            out.append(Fight(c))
            if slay_refusal(s, c) is None:
                out.append(Slay(c))
    return out


def can_avoid(s: State) -> bool:
    """Whether the room may be avoided now: the game goes on, no room is awaited,
    the dungeon is not empty, the last room was not avoided and no card of this one
    has been faced."""
    return (s.outcome is None and not s.awaiting and s.dungeon_left > 0
            and not s.avoided and s.faced == 0)


def chance_outcomes(s: State) -> Sequence[tuple[Action, float]]:
    """At a chance node, every ``room`` line the table can give next with its
    probability; empty where the player decides, in a seeded deal (the seed decides:
    its ``room`` lines only check) and once the game is over.

    The one chance node is a free deal's room just dealt (``awaiting``): the card that
    stayed, then :func:`room_need`'s unseen cards (any of the cards not seen yet, each
    order equally likely: the order dealt matters, as an ``avoid`` puts the room under
    the dungeon in that order), then the known cards that went under, in their order.
    So there are ``perm(cards not seen, unseen cards dealt)`` outcomes: 3,258,024 for
    the first room (44 × 43 × 42 × 41), 2,193,360 for the room an avoid of it deals
    (40 × 39 × 38 × 37), 59,280 once that first room is faced down to the card that
    stays (40 × 39 × 38), and one where only cards that went under come up. They are
    made one by one when asked for (:class:`companion.chance.Outcomes`), never all
    stored."""
    if s.outcome is not None or not s.awaiting:
        return []
    _, unseen, known = room_need(s)
    head = s.room
    return chance.arrangements_of(unseen_cards(s), unseen,
                                  lambda cards: Room(head + cards + known))


def _raises(score: int | None, now: int) -> bool:
    return score is not None and score > now


def legal_actions(s: State) -> list[Action]:
    """Every action the rulings allow that can matter (none while a free deal waits for
    its ``room`` line, nor the checking ``room`` line of a seeded one).

    Once through the dungeon (:attr:`State.through`) the game is won and facing the
    last card is optional: it is listed only when it raises the score (a potion that
    heals or earns a higher bonus); :func:`apply` accepts any facing of it, which can
    only keep or lower the score otherwise."""
    if s.outcome is not None or s.awaiting:
        return []
    if s.through:
        now = s.score()
        assert now is not None
        return [a for a in faces(s) if _raises(apply(s, a).score(), now)]
    out: list[Action] = [Avoid()] if can_avoid(s) else []
    return out + faces(s)
