"""Scoundrel's log sheet (``log``): header fields, the verbs in short and numbered lines,
each with a HEALTH box to write the health after it; at least :data:`LOG_LINES`, the
most any game can write (docs/benchmarks.md, "Log space (issue 25)")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from companion.paper.document import SheetDocument
from companion.paper.frame import INK, identity_lines
from companion.paper.layout import Layout, Rect
from companion.paper.logsheet import (
    draw_card_spelling,
    draw_log_fields,
    draw_log_footer,
    draw_log_lines,
    draw_log_title,
    draw_note,
    draw_verb_table,
)
from companion.paper.logsheet import draw_log_pages as draw_log_pages_of
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.scoundrel import Scoundrel

__all__ = ["HEALTH_BOX", "LOG_LINES", "LOG_LINES_BOUND", "LOG_LINES_SEEN", "VERB_HELP",
           "draw_log", "draw_log_pages"]

VERB_HELP: tuple[tuple[str, str], ...] = (
    ("room 7♦ Q♣ 5♥ 2♠", "the room once dealt, in deal order (free deal; checked if seeded)"),
    ("avoid", "the whole room goes under the dungeon; then write the new room"),
    ("equip 7♦", "take a weapon"),
    ("drink 5♥", "a potion (only the first of a room heals)"),
    ("fight Q♣", "a monster, bare-handed"),
    ("slay 9♠", "a monster, with the weapon"),
)

LOG_LINES_SEEN = 84
"""The most log lines a game was seen to take (measured 2026-11-27, issue 25): seeds
M0-M1999 with each of the random, greedy and expert players (6,000 games): random 36,
greedy 70, expert 67 lines (99.9th percentiles 35, 67, 66); the solver's best lines
(``solve``, seeds M0-M399): 84."""
LOG_LINES_BOUND = 89
"""No game can write more lines: 44 cards faced at most; at most 15 rooms dealt by
facing (the first room, then 3 new cards for every 3 faced); at most one avoid for each
of them, each written as ``avoid`` and the new room: 44 + 15 + 2 x 15."""
LOG_LINES = max(LOG_LINES_BOUND, LOG_LINES_SEEN)
"""The log sheet prints at least this many numbered lines."""
HEALTH_BOX = ("health", mm(12))
"""The box at the right of every line: the health after that line (issue 25)."""


def _variant_words(variants: Sequence[str]) -> str:
    return "standard rules" if not variants else "variant: " + ", ".join(variants)


def draw_log_pages(doc: SheetDocument, layout: Layout, game: Scoundrel, seed: str,
                   variants: tuple[str, ...], payload: str,
                   options: Mapping[str, Any] | None = None) -> list[int]:
    """The log sheet: a first page (header fields, the verbs in short, numbered lines
    with a health box) and, if it holds fewer than :data:`LOG_LINES`, continuation
    pages. Returns how many lines each page has.

    Raises LayoutError if a page of ``layout`` has no room for a line."""
    def page(target: SheetDocument, n: int, pages: int, first_number: int) -> int:
        return _draw_log_page(target, layout, game, seed, variants, payload, n, pages,
                              first_number)

    return draw_log_pages_of(doc, layout, LOG_LINES, page)


def _draw_log_page(doc: SheetDocument, layout: Layout, game: Scoundrel, seed: str,
                   variants: tuple[str, ...], payload: str, n: int, pages: int,
                   first_number: int) -> int:
    c = doc.canvas
    area = doc.page_rect.inset(mm(layout.margin))
    area = draw_log_title(c, area, game.title, n, pages, first_number,
                          "Write one action per line as you play, and your health after "
                          "it; type it up later and check it with: companion validate "
                          "my-game.log")
    lines = identity_lines(game.title, seed, "",
                           f"log sheet, page {n} of {pages}; {_variant_words(variants)}")
    foot = draw_log_footer(c, area, payload, lines, mm(layout.qr_size), [game.credits])
    if n == 1:
        y = draw_log_fields(c, area, (("Game", game.name), ("Seed", seed),
                                      ("Variant", ", ".join(variants)), ("Player", ""),
                                      ("Date", ""), ("Claim (score)", "")))
        y = _draw_verbs(c, area, y, pages)
    else:
        y = draw_log_fields(c, area, (("Seed", seed), ("Player", ""), ("Date", "")))
    return draw_log_lines(c, Rect(area.x, area.y + foot, area.w, y - (area.y + foot)),
                          columns=3, first_number=first_number, boxes=(HEALTH_BOX,),
                          gap=mm(5))


def _draw_verbs(c: Any, area: Rect, y: float, pages: int) -> float:
    """The verbs in short and how cards are written; returns the y under them."""
    c.saveState()
    y = draw_verb_table(c, area.x, y, VERB_HELP, area.w)
    _, y = draw_card_spelling(c, area.x, y - 8, "Cards: rank 2 3 4 5 6 7 8 9 10 J Q K A "
                              "(T for 10), then the suit letter:", width=area.w)
    c.setFillColorRGB(*INK)
    y = draw_note(c, area.x, y - mm(2), area.w,
                  "Health starts at 20. A line may end with a comment after #; the "
                  "validator works the health out and checks yours.")
    if pages > 1:
        y = draw_note(c, area.x, y, area.w, f"More lines on page 2 of {pages}.")
    c.restoreState()
    return y - mm(2)


def draw_log(doc: SheetDocument, layout: Layout, game: Scoundrel, seed: str,
             variants: tuple[str, ...], payload: str, options: Mapping[str, Any]) -> None:
    """The ``log`` kind (:func:`draw_log_pages`)."""
    draw_log_pages(doc, layout, game, seed, variants, payload, options)
