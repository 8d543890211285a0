"""Seeded deals for Clear the Dungeon.

* Monsters: the 12 face cards (in ``standard_deck`` order) shuffled by the stream
  ``(seed, "clear-the-dungeon", "monsters")``; column k (1–4) is cards 3(k−1) … 3k−1 of
  that order, top (face-up) card first.
* Power deck: the 40 number cards and 2 jokers (``standard_deck(jokers=2)`` order, face
  cards left out) shuffled by ``(seed, "clear-the-dungeon", "power")``, top card first.
  The ``no-jokers`` variant takes the same order with the jokers removed, so both
  variants of one seed are the same deal but for the jokers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from companion.cards import Card, standard_deck
from companion.rng import stream

GAME = "clear-the-dungeon"
MONSTER_CARDS: tuple[Card, ...] = tuple(c for c in standard_deck() if c.is_face)
POWER_CARDS: tuple[Card, ...] = tuple(c for c in standard_deck(jokers=2) if not c.is_face)


@dataclass(frozen=True)
class Deal:
    """A seeded deal: four monster columns (top first) and the power deck (top first)."""

    seed: str
    columns: tuple[tuple[Card, ...], ...]
    power: tuple[Card, ...]


@lru_cache(maxsize=512)
def deal(seed: str, jokers: bool = True) -> Deal:
    """The seeded deal of ``seed`` (normalised); without jokers for ``no-jokers``."""
    monsters = stream(seed, GAME, "monsters").shuffled(MONSTER_CARDS)
    columns = tuple(tuple(monsters[3 * k : 3 * k + 3]) for k in range(4))
    power = stream(seed, GAME, "power").shuffled(POWER_CARDS)
    if not jokers:
        power = [c for c in power if not c.is_joker]
    return Deal(seed, columns, tuple(power))
