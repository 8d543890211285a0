"""Seeded deals for Scoundrel (``docs/rules/scoundrel.md``).

* The deck: the 52 cards of ``standard_deck`` order (♠ ♥ ♦ ♣, A to K each) without the
  red J, Q, K and the red aces: 44 cards, in that order (:data:`DECK`).
* The dungeon: :data:`DECK` shuffled by the stream ``(seed, "scoundrel", "dungeon")``,
  top card first. The first room is its first four cards.

Variants do not change the deal: one seed is the same dungeon for every variant.
"""

from __future__ import annotations

from functools import lru_cache

from companion.cards import Card, Suit, standard_deck
from companion.rng import stream

GAME = "scoundrel"


def in_deck(card: Card) -> bool:
    """Whether ``card`` is one of the 44 cards of the Scoundrel deck (no jokers, no red
    J Q K, no red aces)."""
    if card.suit is None:
        return False
    if card.suit in (Suit.HEARTS, Suit.DIAMONDS):
        return 2 <= card.rank <= 10
    return True


DECK: tuple[Card, ...] = tuple(c for c in standard_deck() if in_deck(c))
"""The 44 cards in their fixed order (the starting point of every seeded shuffle)."""


@lru_cache(maxsize=512)
def dungeon(seed: str) -> tuple[Card, ...]:
    """The seeded dungeon of ``seed`` (normalised), top card first."""
    return tuple(stream(seed, GAME, "dungeon").shuffled(DECK))
