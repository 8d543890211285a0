"""Clear the Dungeon rules engine (``docs/rules/clear-the-dungeon.md``): pure state and actions.

Game by Mark S. Ball. ``apply(state, action)`` returns a new :class:`State`; an action
the rulings forbid raises :class:`~companion.errors.IllegalAction` with the rule's name.
No I/O here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Any, Literal

from companion import chance
from companion.cards import Card, standard_deck
from companion.errors import IllegalAction
from companion.frozen import evolve, made
from companion.games.clear_the_dungeon.generation import MONSTER_CARDS, POWER_CARDS, deal
from companion.rules_kit import Handlers, fail, game_over, handles
from companion.text import counted

LOSS_DAMAGE = 7
HAND_SIZE = 3
TRIGGER_SLOT = 2  # the third card on a monster


def power_of(monster: Card) -> int:
    """J 11, Q 12, K 13."""
    return monster.rank


def value_of(card: Card) -> int:
    """A 1 … 10 10; a joker counts 10 (the only value that ever matters)."""
    return 10 if card.is_joker else card.rank


def matches_suit(card: Card, monster: Card) -> bool:
    """Whether ``card`` is of ``monster``'s suit (a joker matches every suit)."""
    return card.is_joker or card.suit == monster.suit


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Monsters:
    """``monsters CARD...``: the four monsters face up after the deal, columns 1 to 4."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Draw:
    """``draw [CARD...]``: draw from the power deck; a free deal names the cards, a
    seeded one may (``draw`` alone: None)."""

    cards: tuple[Card, ...] | None  # None: "draw" alone (seeded deal)


@dataclass(frozen=True)
class Play:
    """``play CARD on N`` (or ``on MONSTER``): a card onto a monster's attack pile."""

    card: Card
    column: int | None  # 0-based column, or None when the target is named by monster
    monster: Card | None = None


@dataclass(frozen=True)
class Discard:
    """``discard CARD``: a hand card to the damage pile."""

    card: Card


@dataclass(frozen=True)
class Reveal:
    """``reveal CARD``: the monster turned up after a defeat."""

    card: Card


Action = Monsters | Draw | Play | Discard | Reveal


# ----------------------------------------------------------------------------- state
@dataclass(frozen=True)
class State:
    """Everything the rules need; immutable.

    ``up[k]`` is column k's face-up monster (None: column empty, or its next card not yet
    revealed in a free deal); ``hidden[k]`` how many face-down cards remain under it;
    ``stacks[k]`` (seeded deals) those face-down cards in order. ``deck`` is the seeded
    power deck (top first) with ``deck_pos`` cards drawn; a free deal only counts.
    """

    seed: str | None
    variants: frozenset[str]
    up: tuple[Card | None, ...]
    hidden: tuple[int, ...]
    stacks: tuple[tuple[Card, ...], ...] | None
    piles: tuple[tuple[Card, ...], ...] = ((), (), (), ())
    hand: tuple[Card, ...] = ()
    damage: tuple[Card, ...] = ()
    defeated: tuple[Card, ...] = ()
    deck: tuple[Card, ...] = ()
    deck_pos: int = 0
    deck_size: int = 42
    drawn: int = 0
    seen: frozenset[Card] = frozenset()
    jokers_seen: int = 0
    awaiting: Literal["monsters", "reveal"] | None = None
    reveal_column: int | None = None
    checkable: Literal["monsters", "reveal"] | None = None  # seeded: an optional check line
    outcome: Literal["won", "lost"] | None = None
    lost_because: str = ""

    @property
    def free(self) -> bool:
        """Whether this is a free deal (no seed: the table deals)."""
        return self.seed is None

    @property
    def reserve(self) -> bool:
        """Whether the ``reserve`` variant is played."""
        return "reserve" in self.variants

    @property
    def deck_left(self) -> int:
        """How many cards the power deck still holds."""
        return self.deck_size - self.drawn

    @property
    def reserve_card(self) -> Card | None:
        """The reserve card (the damage pile's top card) under the ``reserve`` variant,
        else None."""
        return self.damage[-1] if self.reserve and self.damage else None

    def score(self) -> int | None:
        """The score: the cards left in the deck once won; None otherwise."""
        return self.deck_left if self.outcome == "won" else None


def new_state(seed: str | None, variants: frozenset[str]) -> State:
    """The state after the deal (seeded) or before the ``monsters`` line (free)."""
    jokers = "no-jokers" not in variants
    size = len(POWER_CARDS) - (0 if jokers else 2)
    if seed is None:
        return State(seed=None, variants=variants, up=(None,) * 4, hidden=(2,) * 4,
                     stacks=None, deck_size=size, awaiting="monsters")
    d = deal(seed, jokers)
    return State(seed=seed, variants=variants, up=tuple(col[0] for col in d.columns),
                 hidden=(2,) * 4, stacks=tuple(col[1:] for col in d.columns),
                 deck=d.power, deck_size=size, checkable="monsters")


def _names(cards: Sequence[Card | None]) -> str:
    return " ".join(str(c) for c in cards) or "none"


_MONSTER_SET = frozenset(MONSTER_CARDS)
_POWER_SET = frozenset(POWER_CARDS)
_MONSTER_COUNT = len(MONSTER_CARDS)
_VALUE: dict[Card, int] = {c: value_of(c) for c in standard_deck(jokers=1)}
""":func:`value_of` of every card (the replay looks it up)."""


def _see(s: State, cards: Sequence[Card], monster: bool) -> tuple[frozenset[Card], int]:
    """The cards seen and the jokers seen once ``cards`` (monsters or power cards), first
    seen in a free deal, are seen too. Raises IllegalAction at the first card that is
    not of that kind or was seen before (the index of that card)."""
    seen = s.seen
    jokers = s.jokers_seen
    for arg, card in enumerate(cards):
        if monster and card not in _MONSTER_SET:
            raise fail(f"{card} is not a monster: monsters are the face cards J Q K",
                       "deal-card-kind", arg)
        if not monster and card not in _POWER_SET:
            raise fail(f"{card} is a monster card, not a power card", "deal-card-kind",
                       arg)
        if card.is_joker:
            if "no-jokers" in s.variants:
                raise fail("this game is played without jokers (variant no-jokers)",
                           "deal-card-kind", arg)
            if jokers >= 2:
                raise fail("a third joker: the deck has two", "deal-duplicate", arg)
            jokers += 1
            continue
        if card in seen:
            raise fail(f"{card} was already seen: every card exists once",
                       "deal-duplicate", arg)
        seen = seen | {card}
    return seen, jokers


# ------------------------------------------------------------------------- handlers
# Each handler returns the new state's fields: a copy of the old state's, changed (a
# check line's ``checkable`` is spent, as is a check the action skips); :func:`apply`
# makes them a state.
def _fields(s: State) -> dict[str, Any]:
    """A copy of ``s``'s fields, its optional check line spent."""
    d = s.__dict__.copy()
    d["checkable"] = None
    return d


def _count_error(a: Monsters) -> IllegalAction:
    return fail(f"'monsters' names the four face-up monsters, not {len(a.cards)}",
                "monsters-count", 4 if len(a.cards) > 4 else None)


_HANDLERS: Handlers[State, dict[str, Any]] = {}
"""Each action class's handler (:func:`apply` looks it up)."""


@handles(_HANDLERS, Monsters)
def _monsters(s: State, a: Monsters) -> dict[str, Any]:
    if s.free:
        if s.awaiting != "monsters":
            raise fail("the monsters are already on the table", "monsters-order")
        # each card as it is read, then the count
        seen, jokers = _see(s, a.cards[:4], monster=True)
        if len(a.cards) != 4:
            raise _count_error(a)
        d = _fields(s)
        d["seen"] = seen
        d["jokers_seen"] = jokers
        d["up"] = a.cards
        d["awaiting"] = None
        return d
    if len(a.cards) != 4:
        raise _count_error(a)
    if s.checkable != "monsters":
        raise fail("'monsters' comes first, before any draw", "monsters-order")
    if a.cards != s.up:
        for i, (given, real) in enumerate(zip(a.cards, s.up, strict=True)):
            if given != real:
                raise fail(f"the seed deals {_names(s.up)} (columns 1-4); column {i + 1} "
                           f"is {real}, not {given}", "deal-seed", i)
    return _fields(s)


@handles(_HANDLERS, Draw)
def _draw(s: State, a: Draw) -> dict[str, Any]:
    if s.hand:
        raise fail(f"play or discard every hand card before drawing again (hand: "
                   f"{_names(s.hand)})", "draw-hand-not-empty")
    left = s.deck_size - s.drawn
    if left == 0:
        raise fail("the power deck is empty", "draw-empty")
    n = min(HAND_SIZE, left)
    if s.seed is None:
        if a.cards is None:
            raise fail("a free deal needs the cards drawn, like 'draw 9♦ 2♥ 5♣'",
                       "draw-cards")
        # each card as it is read, then the count
        seen, jokers = _see(s, a.cards[:n], monster=False)
        if len(a.cards) != n:
            raise fail(f"{counted(n, 'card')} {'is' if n == 1 else 'are'} drawn ({left} "
                       "left in the power deck), "
                       f"not {len(a.cards)}", "draw-count",
                       n if len(a.cards) > n else None)
        d = _fields(s)
        d["seen"] = seen
        d["jokers_seen"] = jokers
        d["hand"] = tuple(a.cards)
        d["drawn"] = s.drawn + n
        return d
    pos = s.deck_pos
    drawn = s.deck[pos : pos + n]
    if a.cards is not None and a.cards != drawn:  # (the draw in the deck's order: no search)
        rest = list(drawn)
        for i, c in enumerate(a.cards):
            if c not in rest:
                raise fail(f"the seed's draw is {_names(drawn)}, not {c}",
                           "deal-seed", i)
            rest.remove(c)
        if rest:
            raise fail(f"the seed's draw is {_names(drawn)}", "deal-seed")
    d = _fields(s)
    d["deck_pos"] = pos + n
    d["hand"] = drawn
    d["drawn"] = s.drawn + n
    return d


def _column(s: State, a: Play) -> int:
    if a.column is not None:
        if s.up[a.column] is None:
            why = ("its next monster is not revealed yet" if s.hidden[a.column]
                   and s.free else "it is empty")
            raise fail(f"no monster to attack in column {a.column + 1}: {why}",
                       "play-target", 2)
        return a.column
    for k, m in enumerate(s.up):
        if m is not None and m == a.monster:
            return k
    raise fail(f"{a.monster} is not a face-up monster (face up: "
               f"{_names([m for m in s.up if m])})", "play-target", 2)


def check_attack(pile: tuple[Card, ...], card: Card, monster: Card) -> str | None:
    """Why ``card`` cannot go on ``monster`` with ``pile`` on it (None: it can)."""
    power = power_of(monster)
    if len(pile) == 0:
        if value_of(card) + 10 < power:
            return (f"{card} cannot start an attack on {monster}: {value_of(card)} + 10 < "
                    f"{power}, no second card could reach its power")
    elif len(pile) == 1:
        total = value_of(pile[0]) + value_of(card)
        if total < power:
            return (f"{pile[0]} + {card} = {total} < {power}: the first two cards must "
                    f"reach {monster}'s power")
    elif len(pile) == TRIGGER_SLOT:
        if not matches_suit(card, monster):
            return (f"the third card (trigger) must match {monster}'s suit or be a joker; "
                    f"{card} does not")
    else:  # pragma: no cover - a monster is defeated at its third card
        return f"{monster} already has three cards"
    return None


@handles(_HANDLERS, Play)
def _play(s: State, a: Play) -> dict[str, Any]:
    card = a.card
    hand = s.hand
    reserve = s.damage[-1] if s.damage and "reserve" in s.variants else None
    if card in hand:
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1 :]
        from_reserve = False
    elif reserve is not None and reserve == card:
        from_reserve = True
    else:
        extra = f"; reserve card: {reserve}" if reserve else ""
        if not hand and s.deck_size - s.drawn > 0:
            extra += "; the hand is empty: 'draw' first"
        raise fail(f"{card} is not in the hand (hand: {_names(hand)}{extra})",
                   "play-card", 0)
    k = _column(s, a)
    monster = s.up[k]
    assert monster is not None
    old = s.piles[k]
    count = len(old)  # check_attack's tests, its words only for a refusal
    if count == 0:
        fits = _VALUE[card] + 10 >= monster.rank
    elif count == 1:
        fits = _VALUE[old[0]] + _VALUE[card] >= monster.rank
    else:
        fits = count == TRIGGER_SLOT and (card.suit is None or card.suit is monster.suit)
    why = None if fits else check_attack(old, card, monster)
    if why:
        rule = ("attack-first" if not old else "attack-total"
                if len(old) == 1 else "attack-trigger")
        raise fail(why, rule, 0)
    d = _fields(s)
    d["hand"] = hand
    if from_reserve:
        d["damage"] = s.damage[:-1]
    if len(old) < TRIGGER_SLOT:
        d["piles"] = _set(s.piles, k, old + (card,))
        return d
    # defeated: the monster and its three cards leave play
    d["piles"] = _set(s.piles, k, ())
    d["defeated"] = s.defeated + (monster,)
    d["up"] = _set(s.up, k, None)
    if s.hidden[k] == 0:
        return d
    d["hidden"] = _set(s.hidden, k, s.hidden[k] - 1)
    d["reveal_column"] = k
    if s.seed is None:
        d["awaiting"] = "reveal"
        return d
    assert s.stacks is not None
    stack = s.stacks[k]
    d["up"] = _set(s.up, k, stack[0])
    d["stacks"] = _set(s.stacks, k, stack[1:])
    d["checkable"] = "reveal"
    return d


def _set(items: tuple, k: int, value: object) -> tuple:
    return items[:k] + (value,) + items[k + 1 :]


@handles(_HANDLERS, Discard)
def _discard(s: State, a: Discard) -> dict[str, Any]:
    card = a.card
    hand = s.hand
    if card not in hand:
        raise fail(f"{card} is not in the hand (hand: {_names(hand)})",
                   "discard-card", 0)
    i = hand.index(card)
    d = _fields(s)
    d["hand"] = hand[:i] + hand[i + 1 :]
    d["damage"] = s.damage + (card,)
    return d


@handles(_HANDLERS, Reveal)
def _reveal(s: State, a: Reveal) -> dict[str, Any]:
    if s.seed is None:
        if s.awaiting != "reveal":
            raise fail("'reveal' follows the defeat of a monster whose column still has "
                       "cards", "reveal-order")
        k = s.reveal_column
        assert k is not None
        seen, jokers = _see(s, (a.card,), monster=True)
        d = _fields(s)
        d["seen"] = seen
        d["jokers_seen"] = jokers
        d["up"] = _set(s.up, k, a.card)
        d["awaiting"] = None
        d["reveal_column"] = None
        return d
    if s.checkable != "reveal" or s.reveal_column is None:
        raise fail("'reveal' follows the defeat of a monster whose column still has "
                   "cards", "reveal-order")
    real = s.up[s.reveal_column]
    if real != a.card:
        raise fail(f"the seed turns up {real} in column {s.reveal_column + 1}, not "
                   f"{a.card}", "deal-seed", 0)
    return _fields(s)


def _can_play_anywhere(s: State, card: Card) -> bool:
    return any(m is not None and check_attack(s.piles[k], card, m) is None
               for k, m in enumerate(s.up))


def _settle(s: State) -> State:
    if len(s.defeated) == len(MONSTER_CARDS):
        return evolve(s, outcome="won")
    if len(s.damage) >= LOSS_DAMAGE:
        return evolve(s, outcome="lost", lost_because=f"the damage pile holds "
                       f"{LOSS_DAMAGE} cards")
    if s.awaiting is None and not s.hand and s.deck_left == 0:
        reserve = s.reserve_card
        if reserve is None or not _can_play_anywhere(s, reserve):
            return evolve(s, outcome="lost", lost_because="the hand and the power deck "
                           "are empty and monsters remain")
    return s


def apply(s: State, action: Action) -> State:
    """The state after ``action``. Raises IllegalAction when the rulings forbid it."""
    if s.outcome is not None:
        raise game_over(s.outcome)
    awaiting = s.awaiting
    if awaiting == "monsters" and not isinstance(action, Monsters):
        raise fail("a free deal starts with the four face-up monsters: "
                   "'monsters C1 C2 C3 C4'", "monsters-order")
    if awaiting == "reveal" and not isinstance(action, Reveal):
        k = s.reveal_column
        raise fail(f"column {k + 1 if k is not None else '?'} still holds monsters: the "
                   "next line must be its 'reveal CARD'", "reveal-order")
    # an optional check line must come at once: every handler spends it
    d: dict[str, Any] = _HANDLERS[type(action)](s, action)
    after = made(State, d)  # the state of fields d: evolve without its keywords
    if (len(d["defeated"]) == _MONSTER_COUNT or len(d["damage"]) >= LOSS_DAMAGE
            or (d["awaiting"] is None and not d["hand"] and d["drawn"] == d["deck_size"])):
        return _settle(after)  # (the game may be over)
    return after


# ------------------------------------------------------------------- legal actions
def legal_actions(s: State) -> list[Action]:
    """Every action the rulings allow where the player decides; none at a chance node
    (:func:`chance_outcomes`: a free deal waiting for the cards the table shows).

    In a free deal the draw is the table's: with the hand empty and cards left in the
    power deck, the next line is the draw and nothing is listed. With ``reserve`` the
    rulings also let the reserve card be played before that draw (:func:`apply`
    accepts it); it is not listed there, as it may be played just as well once the
    cards are drawn (only a last monster defeated before drawing scores more)."""
    if s.outcome is not None or s.awaiting is not None or _free_draw(s):
        return []
    out: list[Action] = []
    sources = list(dict.fromkeys(s.hand))
    if s.reserve_card is not None and s.reserve_card not in sources:
        sources.append(s.reserve_card)
    for card in sources:
        for k, m in enumerate(s.up):
            if m is not None and check_attack(s.piles[k], card, m) is None:
                out.append(Play(card, k))
    out.extend(Discard(c) for c in dict.fromkeys(s.hand))
    if not s.hand and s.deck_left > 0:
        out.append(Draw(None))
    return out


# ---------------------------------------------------------------------------- chance
def _free_draw(s: State) -> bool:
    """A free deal whose next line is the draw: the hand is empty, cards are left."""
    return s.free and s.outcome is None and s.awaiting is None and not s.hand \
        and s.deck_left > 0


def _unseen_monsters(s: State) -> list[Card]:
    return [c for c in MONSTER_CARDS if c not in s.seen]


def chance_outcomes(s: State) -> Sequence[tuple[Action, float]]:
    """At a chance node of a free deal, every action the table can give next with its
    probability (the cards nobody has seen are shuffled, each order equally likely);
    empty where the player decides, in a seeded deal (the seed decides) and once the
    game is over. The chance nodes and how many outcomes they have:

    * the four monsters dealt face up (``monsters``), in column order: an arrangement
      of 4 of the 12 monsters, 12 × 11 × 10 × 9 = 11,880 outcomes;
    * the monster turned up in a column (``reveal``): one of the monsters not seen yet
      (8 at most);
    * the draw (``draw``) once the hand is empty: a set of 3 cards (fewer at the end)
      of the power cards not seen yet, in the order of the deck (the hand's order does
      not matter to the rulings). The two jokers are one card twice, so a draw with
      one joker is two of the deck's draws: 9,880 + 780 + 40 = 10,700 outcomes at
      most (40 cards and 2 jokers left; 11,480 equally likely draws of the deck), 9,880
      with ``no-jokers``.
    """
    if s.outcome is not None or not s.free:
        return []
    if s.awaiting == "monsters":
        return chance.arrangements_of(_unseen_monsters(s), len(s.up), Monsters)
    if s.awaiting == "reveal":
        return chance.combinations_of(_unseen_monsters(s), 1, lambda c: Reveal(c[0]))
    if not _free_draw(s):
        return []
    plain = [c for c in POWER_CARDS if not c.is_joker and c not in s.seen]
    jokers = 0 if "no-jokers" in s.variants else 2 - s.jokers_seen
    n = min(HAND_SIZE, s.deck_left)
    assert len(plain) + jokers == s.deck_left, "the free deal's count of unseen cards"
    joker = next(c for c in POWER_CARDS if c.is_joker)
    blocks = []
    for j in range(min(jokers, n) + 1):  # j jokers and n - j other cards
        def make(i: int, j: int = j) -> Action:
            return Draw(chance.combination(plain, n - j, i) + (joker,) * j)

        def each(j: int = j) -> Iterator[Action]:
            return (Draw(c + (joker,) * j) for c in combinations(plain, n - j))
        blocks.append(chance.Block(comb(len(plain), n - j), comb(jokers, j), make, each))
    return chance.Outcomes(blocks)
