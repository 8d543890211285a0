"""Clear the Dungeon sheets: what the kinds share (the printable deck's cards and
colours, payloads, the seed's stacking order, par, a small face-down card, an empty
card spot) and :func:`describe_data`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.cards import Card, Suit, standard_deck
from companion.games.clear_the_dungeon.generation import deal
from companion.paper.cards import draw_lattice
from companion.paper.frame import INK, draw_card_spot
from companion.paper.layout import Layout, Rect
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.base import PayloadExtra
    from companion.games.clear_the_dungeon import ClearTheDungeon


DECK_CARDS: tuple[Card, ...] = tuple(standard_deck(jokers=2))
"""The printable deck, in print order: spades, hearts, diamonds, clubs (A to K), 2 jokers."""

CARD_MM = (63.0, 88.0)
"""Card size used when a layout leaves the item size to the caller."""
PAR_BUDGET = 200_000
BACK_INK = (0.16, 0.26, 0.5)
BACK_TINT = (0.9, 0.92, 0.97)
DEFAULT_INK = "dark"
"""The deck's backs print a tinted frame with a close lattice unless ``--ink light``
(``options["ink"]``) asks for a white one with a pale, wider lattice."""


def check_ink(value: Any) -> str:
    """The ink of ``options["ink"]`` (default :data:`DEFAULT_INK`). Raises
    ParameterError for anything but light or dark."""
    from companion.paper.frame import check_ink as check_sheet_ink

    return check_sheet_ink(value, DEFAULT_INK, "the card backs print light (a pale "
                           "lattice) or dark (a close one on a tint)")
FACE_TINT_RED = (0.99, 0.93, 0.93)
FACE_TINT_BLACK = (0.93, 0.93, 0.93)
SLOT_GREY = (0.45, 0.45, 0.45)
LOST_FILL = (0.86, 0.86, 0.86)
_SUIT_WORDS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
               Suit.CLUBS: "clubs"}


# ----------------------------------------------------------------------- shared
def sheet_payload(game: ClearTheDungeon, seed: str, params: Mapping[str, int], kind: str,
                  variants: Sequence[str]) -> str:
    """The QR payload of a sheet: the mat has no ``kind`` key, every other kind has;
    variants add ``variant=reserve+no-jokers``."""
    extra: PayloadExtra = {} if kind == "mat" else {"kind": kind}
    if variants:
        extra["variant"] = "+".join(variants)
    return game.payload(seed, params, **extra)


@dataclass(frozen=True)
class Sheet:
    """One sheet being drawn (:func:`~.kinds.render`): what was asked for, and the
    variants, layout, payload and backs it settled on. A kind's drawing function (the
    table :data:`~.kinds.SHEETS`) gets it with the document."""

    game: ClearTheDungeon
    kind: str
    seed: str
    """``""`` for the deck, which is the same for every seed."""
    params: dict[str, int]
    paper: str
    options: dict[str, Any]
    variants: tuple[str, ...]
    layout: Layout
    payload: str
    backs: str = "none"
    """The deck: ``duplex``, ``fold`` or ``none`` (:func:`~.deck.backs_mode`); ``none``
    for the kinds without backs."""

    @property
    def ink(self) -> str:
        """``options["ink"]``: how the deck's backs print, ``light`` or ``dark`` (the
        default). Raises ParameterError for anything else."""
        return check_ink(self.options.get("ink"))

    @property
    def back_offset(self) -> tuple[float, float]:
        """``options["back_offset"]`` in mm, ``(0, 0)`` when not given."""
        offset = self.options.get("back_offset") or (0.0, 0.0)
        return (float(offset[0]), float(offset[1]))


def _variant_words(variants: Sequence[str]) -> str:
    """``standard rules``, ``variant: reserve`` or ``variants: reserve, no-jokers``."""
    if not variants:
        return "standard rules"
    return ("variant: " if len(variants) == 1 else "variants: ") + ", ".join(variants)


def _power_count(variants: Sequence[str]) -> int:
    return 40 if "no-jokers" in variants else 42


def stack_order(seed: str, variants: Sequence[str] = ()) -> tuple[tuple[tuple[Card, ...], ...],
                                                                  tuple[Card, ...]]:
    """(monster columns top card first, power deck top card first) as the stacking list
    prints them: the engine's deal, without jokers for ``no-jokers``."""
    d = deal(seed, "no-jokers" not in variants)
    return d.columns, d.power


def par_text(game: ClearTheDungeon, seed: str, variants: tuple[str, ...]) -> str:
    """``par N``, ``par N or more`` (a win found, the budget ran out before it was
    proven best), ``par: not winnable`` or ``par unknown`` from the game's solver.

    Raises ParameterError if the game has no solver (the error is not hidden).
    """
    report = game.solve(seed, {}, variants, budget=PAR_BUDGET)
    if report.status == "won" and report.score is not None:
        return f"par {report.score}"
    if report.status == "lost":
        return "par: not winnable"
    if report.score is not None:
        return f"par {report.score} or more"
    return "par unknown"


def draw_mini_back(c: Any, r: Rect) -> None:
    """A small face-down card: rounded outline, tinted, cross-hatched."""
    radius = 0.12 * min(r.w, r.h)
    c.saveState()
    c.setLineWidth(0.6)
    c.setStrokeColorRGB(*INK)
    c.setFillColorRGB(*BACK_TINT)
    c.roundRect(r.x, r.y, r.w, r.h, radius, stroke=1, fill=1)
    inner = r.inset(min(r.w, r.h) * 0.1)
    clip = c.beginPath()
    clip.roundRect(inner.x, inner.y, inner.w, inner.h, radius * 0.6)
    c.clipPath(clip, stroke=0, fill=0)
    draw_lattice(c, inner, max(mm(1.6), inner.w / 9), 0.35, BACK_INK)
    c.restoreState()


_slot = draw_card_spot
"""An empty card spot (:func:`companion.paper.frame.draw_card_spot`)."""


def describe_data(game: ClearTheDungeon, kind: str, seed: str, params: Mapping[str, int],
                  options: Mapping[str, Any]) -> dict[str, Any]:
    """What a sheet shows, as JSON-ready data (used by ``describe``)."""
    variants = game.sheet_variants(options)
    columns, power = stack_order(seed, variants)
    data: dict[str, Any] = {
        "game": game.name, "seed": seed, "kind": kind, "variants": list(variants),
        "payload": sheet_payload(game, seed, params, kind, variants),
        "columns": [[str(c) for c in col] for col in columns],
        "power_deck": [str(c) for c in power],
    }
    if kind == "deck":
        data["deck"] = [str(c) for c in DECK_CARDS]
    return data
