"""Standard playing cards, shared by every card game of the companion.

A :class:`Card` is a small immutable value: a rank 1–13 (A=1, J=11, Q=12, K=13) and a
suit, or a joker. What a card is *worth* is each game's business (Shuffle and Doom
counts A as 14, Clear the Dungeon as 1), so the card only knows its identity.

Parsing is tolerant (``notation.md``): rank then suit, ranks ``A 2 … 10 J Q K`` or ``T``
for 10, suits ``♠ ♥ ♦ ♣``, ``♤ ♡ ♢ ♧`` or ``S H D C`` in either case, an emoji
variation selector after the suit is ignored; jokers are ``JK``. Formatting is canonical
(``10♠``, ``Q♦``, ``JK``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.errors import CardError
from companion.text import shown


class Suit(Enum):
    """The four suits, with their symbol and colour."""

    SPADES = "♠"
    HEARTS = "♥"
    DIAMONDS = "♦"
    CLUBS = "♣"

    @property
    def symbol(self) -> str:
        """The suit's symbol (``♠``)."""
        return self.value

    @property
    def letter(self) -> str:
        """The suit's ASCII letter (``S``, ``H``, ``D``, ``C``)."""
        return {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}[self.value]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def colour(self) -> str:
        """``red`` or ``black``."""
        return "red" if self.is_red else "black"


SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

_SUIT_ALIASES: dict[str, Suit] = {
    "♠": Suit.SPADES, "♤": Suit.SPADES, "S": Suit.SPADES,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "H": Suit.HEARTS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "D": Suit.DIAMONDS,
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "C": Suit.CLUBS,
}
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_ALIASES: dict[str, int] = {name: i + 1 for i, name in enumerate(RANK_NAMES)}
_RANK_ALIASES["T"] = 10
_VARIATION_SELECTORS = ("\ufe0f", "\ufe0e")


@dataclass(frozen=True, eq=False, init=False)
class Card:
    """One playing card. ``rank`` 1–13 with ``suit``, or ``rank == 0`` and no suit for a
    joker. Build with :func:`parse_card`, :func:`card` or :data:`JOKER`.

    There is one object of each card: ``Card(rank, suit)`` gives the same object every
    time (copies and pickles too), so two cards are equal when they are the same object,
    and comparing and hashing cards (decks, rooms, sets of cards) costs no Python call.
    The hash is the object's; no order of cards in a set is relied on (the golden tests
    replay every game under another hash seed)."""

    rank: int
    suit: Suit | None = None

    def __new__(cls, rank: int, suit: Suit | None = None) -> Card:
        known = _CARDS.get((rank, suit))
        if known is not None:
            return known
        return super().__new__(cls)  # not a card: __post_init__ refuses it

    def __init__(self, rank: int, suit: Suit | None = None) -> None:
        if "rank" in self.__dict__:
            return  # one of the 53 cards, made once
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        self.__post_init__()

    def __reduce__(self) -> tuple[type[Card], tuple[int, Suit | None]]:
        return (Card, (self.rank, self.suit))

    def __post_init__(self) -> None:
        if self.suit is None:
            if self.rank != 0:
                raise CardError(f"a card of rank {self.rank} needs a suit")
        elif not 1 <= self.rank <= 13:
            raise CardError(f"no rank {self.rank}: ranks are 1 (A) to 13 (K)")

    @property
    def is_joker(self) -> bool:
        """Whether the card is a joker (no suit, rank 0)."""
        return self.suit is None

    @property
    def rank_name(self) -> str:
        """``A``, ``2``... ``10``, ``J``, ``Q``, ``K``; ``JK`` for a joker."""
        return "JK" if self.suit is None else RANK_NAMES[self.rank - 1]

    @property
    def is_face(self) -> bool:
        """Whether the card is a jack, queen or king."""
        return self.suit is not None and self.rank >= 11

    @property
    def is_red(self) -> bool:
        """Whether the card is a heart or a diamond (a joker is neither)."""
        return self.suit is not None and self.suit.is_red

    def ascii(self) -> str:
        """``10S``, ``QD``, ``JK``: the plain-ASCII spelling."""
        return "JK" if self.suit is None else self.rank_name + self.suit.letter

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card({self})"

    def sort_key(self) -> tuple[int, int]:
        """Suit order ♠ ♥ ♦ ♣ then rank, jokers last."""
        if self.suit is None:
            return (4, 0)
        return (SUITS.index(self.suit), self.rank)


def _make_cards() -> dict[tuple[int, Suit | None], Card]:
    """The 53 card objects (52 and the joker), made once."""
    made: dict[tuple[int, Suit | None], Card] = {}
    for rank, suit in [(r, s) for s in SUITS for r in range(1, 14)] + [(0, None)]:
        c = object.__new__(Card)
        c.__init__(rank, suit)  # type: ignore[misc]  # the first and only time
        made[(rank, suit)] = c
    return made


_CARDS: dict[tuple[int, Suit | None], Card] = {}
_CARDS.update(_make_cards())
_TEXT: dict[Card, str] = {c: "JK" if c.suit is None else c.rank_name + c.suit.symbol
                          for c in _CARDS.values()}
"""Each card's name (``10♠``, ``JK``)."""

JOKER = Card(0, None)


def card(rank: str | int, suit: Suit | str) -> Card:
    """A card from a rank name or number and a suit or suit symbol/letter."""
    r = _RANK_ALIASES.get(str(rank).upper()) if isinstance(rank, str) else rank
    s = suit if isinstance(suit, Suit) else _SUIT_ALIASES.get(suit.upper())
    if r is None or s is None:
        raise CardError(f"no card {rank}{suit}")
    return Card(r, s)


_PARSED: dict[str, Card] = {}
"""Tokens read before and their cards (a log names the same few dozen spellings again
and again); at most :data:`_PARSED_MAX` of them."""
_PARSED_MAX = 4096


def parse_card(token: str) -> Card:
    """Parse one card token (``10♠``, ``th``, ``QD``, ``JK``).

    Raises CardError (a ValueError) with a message naming the token if it is not a card.
    """
    known = _PARSED.get(token)
    if known is not None:
        return known
    found = _parse_card(token)
    if len(_PARSED) < _PARSED_MAX:
        _PARSED[token] = found
    return found


def _parse_card(token: str) -> Card:
    """:func:`parse_card` without the memory of tokens read before."""
    text = token.strip()
    for vs in _VARIATION_SELECTORS:
        text = text.replace(vs, "")
    up = text.upper()
    if up in ("JK", "JOKER"):
        return JOKER
    if len(up) < 2:
        raise CardError(f"{shown(token)} is not a card: write rank then suit, like 10♠ or QD")
    rank_text, suit_text = up[:-1], up[-1]
    suit = _SUIT_ALIASES.get(suit_text)
    if suit is None:
        raise CardError(
            f"{shown(token)} is not a card: the suit {text[-1]!r} is none of ♠ ♥ ♦ ♣ / S H D C"
        )
    rank = _RANK_ALIASES.get(rank_text)
    if rank is None:
        slip = ""
        if "O" in rank_text.upper() and _RANK_ALIASES.get(rank_text.upper().replace("O", "0")):
            slip = " (a letter O for a zero? write 10)"
        raise CardError(
            f"{shown(token)} is not a card: the rank {shown(text[:-1])} is none of A 2-10 J Q K "
            f"(T = 10){slip}"
        )
    return Card(rank, suit)


def standard_deck(jokers: int = 0) -> list[Card]:
    """The 52 cards in a fixed order (♠ ♥ ♦ ♣, A to K each), then ``jokers`` jokers.

    This order is the starting point of every seeded shuffle: it is part of the rules
    version, do not change it.
    """
    deck = [Card(r, s) for s in SUITS for r in range(1, 14)]
    deck.extend([JOKER] * jokers)
    return deck


def format_cards(cards: list[Card] | tuple[Card, ...]) -> str:
    """Cards separated by spaces, as the notation writes them."""
    return " ".join(str(c) for c in cards)
