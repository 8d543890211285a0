"""Seeded deals for Shuffle and Doom.

* Pass 1: the standard deck (``companion.cards.standard_deck``) shuffled by the stream
  ``(seed, "shuffle-and-doom", "deal", attempt)``. Its first n cards are the row stack
  (left to right), the next n the column stack (top to bottom). If all 2n are one colour
  (every cell would be 0) the deck is reshuffled with ``attempt + 1``.
  After the stats are set, the map cards go to the bottom in the order row stack then
  column stack, so pass 1 draws the other 52 − 2n cards in shuffled order, then the
  map cards in that order.
* Pass k ≥ 2: the standard deck shuffled by ``(seed, "shuffle-and-doom", "pass", k)``;
  cards on the table when the pass starts are skipped.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from companion.cards import Card, standard_deck
from companion.rng import stream

GAME = "shuffle-and-doom"


@dataclass(frozen=True)
class Deal:
    """A seeded deal: the two map stacks and the draw order of pass 1."""

    seed: str
    size: int
    row_stack: tuple[Card, ...]
    column_stack: tuple[Card, ...]
    others: tuple[Card, ...]
    attempt: int

    @property
    def pass1_draws(self) -> tuple[Card, ...]:
        """Pass 1 in draw order: the undrawn cards, then the map cards."""
        return self.others + self.row_stack + self.column_stack

    @property
    def stacked_deck(self) -> tuple[Card, ...]:
        """The physical deck before the map is dealt, top card first."""
        return self.row_stack + self.column_stack + self.others


def one_colour(cards: tuple[Card, ...] | list[Card]) -> bool:
    """Whether all cards are the same colour (the map would be all 0)."""
    return len({c.is_red for c in cards}) <= 1


@lru_cache(maxsize=256)
def deal(seed: str, size: int) -> Deal:
    """The seeded deal of ``seed`` (normalised) for a ``size``×``size`` map."""
    attempt = 0
    while True:
        order = stream(seed, GAME, "deal", attempt).shuffled(standard_deck())
        row, col = tuple(order[:size]), tuple(order[size : 2 * size])
        if not one_colour(row + col):
            return Deal(seed, size, row, col, tuple(order[2 * size :]), attempt)
        attempt += 1


@lru_cache(maxsize=1024)
def pass_order(seed: str, pass_no: int) -> tuple[Card, ...]:
    """The full 52-card order of pass ``pass_no`` ≥ 2 (before skipping table cards)."""
    if pass_no < 2:
        raise ValueError("pass 1 comes from deal(), not pass_order()")
    return tuple(stream(seed, GAME, "pass", pass_no).shuffled(standard_deck()))
