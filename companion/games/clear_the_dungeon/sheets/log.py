"""Clear the Dungeon sheets: the log sheet (``log``), with room for the longest game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games.clear_the_dungeon.sheets.common import _SUIT_WORDS, Sheet, _variant_words
from companion.paper.document import SheetDocument
from companion.paper.frame import identity_lines
from companion.paper.layout import Layout, Rect
from companion.paper.logsheet import (
    LABEL,
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
    from companion.games.clear_the_dungeon import ClearTheDungeon


VERB_HELP: tuple[tuple[str, str], ...] = (
    ("monsters JS QH KD JC", "the four face-up monsters after the deal, columns 1 to 4"),
    ("draw", "seeded game: the validator knows which cards come next"),
    ("draw 3H 10C JK", "free deal: write down the cards you drew"),
    ("play 7S on 2", "attack the monster of column 2 with 7S from the hand ..."),
    ("play 7S on QS", "... or name the monster instead of the column"),
    ("discard 4D", "a hand card goes to the damage pile"),
    ("reveal KH", "the monster turned face up after a defeat (free deal)"),
)


LOG_LINES_SEEN = 84
"""The most log lines a game was seen to take (measured 2026-11-23; a line is what a
written-out log holds: ``monsters``, every ``draw``, ``play`` and ``discard``, and the
``reveal`` lines).

- Simulated games, seeds S0-S4999 with the random, greedy and expert players under each
  of the four variant sets (60,000 games): longest 84 lines (75 actions: the random
  player with ``reserve``), 99.9th percentile 81 lines (72 actions). By variant set
  (max / 99.9th percentile, lines): standard 65 / 65, no-jokers 63 / 63, reserve
  84 / 83, reserve and no-jokers 84 / 82.
- The solver's best lines (``solve --out``; budget 200,000 nodes, seeds S0-S1999 under
  each variant set, 8,000 deals): longest 76 lines, 99.9th percentile 72; its winning
  lines: standard 61 (20 of 832 wins over 60 lines: the old 60-line sheet was too
  short), no-jokers 63, reserve 71, reserve and no-jokers 71.
- All 68,000 games: max 84 lines, 99.9th percentile 80 (75 and 71 actions).
"""
LOG_LINES_BOUND = 101
"""No game can take more log lines: 1 ``monsters`` line, at most 14 draws (42 power
cards, 3 at a time), 8 reveals (12 monsters, 4 face up from the start), 42 hand cards
played or discarded, and, with ``reserve``, at most 36 plays from the damage pile (12
monsters take 3 cards each). Without ``reserve`` the bound is 65, which the longest
games reach."""
LOG_LINES = max(LOG_LINES_BOUND, LOG_LINES_SEEN)
"""The log sheet prints at least this many numbered lines (a first page and as many
continuation pages as that takes): the longest game seen with room to spare, and
indeed any game the rules allow."""


def draw_log_pages(doc: SheetDocument, layout: Layout, game: ClearTheDungeon, seed: str,
                   variants: tuple[str, ...], payload: str) -> list[int]:
    """The log sheet: a first page (header fields, the verbs in short, numbered lines)
    and continuation pages of numbered lines, at least :data:`LOG_LINES` lines in all.
    Every page names itself (game, seed, kind, page n of m) beside its QR code. Returns
    how many lines each page has.

    Raises LayoutError if a page of ``layout`` has no room for a line.
    """
    def page(target: SheetDocument, n: int, pages: int, first_number: int) -> int:
        return _draw_log_page(target, layout, game, seed, variants, payload, n, pages,
                              first_number)

    return draw_log_pages_of(doc, layout, LOG_LINES, page)


def _draw_log_page(doc: SheetDocument, layout: Layout, game: ClearTheDungeon, seed: str,
                   variants: tuple[str, ...], payload: str, n: int, pages: int,
                   first_number: int) -> int:
    """Page ``n`` of ``pages`` of the log sheet, its lines numbered from
    ``first_number``. Returns how many lines it has."""
    c = doc.canvas
    area = doc.page_rect.inset(mm(layout.margin))
    area = draw_log_title(c, area, game.title, n, pages, first_number,
                          "Write one action per line, as in the examples; type it up later "
                          "and check it with: companion validate my-game.log")
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, seed, "",
                           f"log sheet, page {n} of {pages}; {_variant_words(variants)}")
    foot = draw_log_footer(c, area, payload, lines, qr_w, [game.credits])
    if n > 1:
        y = draw_log_fields(c, area, (("Seed", seed), ("Player", ""), ("Date", "")))
        return draw_log_lines(c, Rect(area.x, area.y + foot, area.w, y - (area.y + foot)),
                              columns=3, first_number=first_number)
    y = draw_log_fields(c, area, (("Game", "clear-the-dungeon"), ("Seed", seed),
                                  ("Variant", ", ".join(variants)), ("Player", ""),
                                  ("Date", ""), ("Claim (score)", "")))
    c.saveState()
    verbs = list(VERB_HELP)
    if "reserve" in variants:
        verbs.insert(5, ("play 4D on 3", "reserve: the top damage card, played like a "
                                         "hand card"))
    y = draw_verb_table(c, area.x, y, verbs, area.w)
    # card spelling, with the suits drawn as icons
    x, y = draw_card_spelling(c, area.x, y - 8, "Cards: rank A 2 3 4 5 6 7 8 9 10 J Q K "
                              "(T for 10), then the suit letter:", _SUIT_WORDS,
                              area.w - c.stringWidth("joker JK.", *LABEL.pair))
    c.drawString(x, y, "joker JK.")
    y = draw_note(c, area.x, y - mm(2), area.w,
                  "A line may end with a comment after #. The damage pile loses at its 7th "
                  "card: keep a tally in the margin if it helps.")
    if pages > 1:
        y = draw_note(c, area.x, y, area.w, f"More lines on page 2 of {pages}.")
    c.restoreState()
    y -= mm(2)
    return draw_log_lines(c, Rect(area.x, area.y + foot, area.w, y - (area.y + foot)),
                          columns=3, first_number=first_number)


def draw_log_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``log`` sheet: its pages (:func:`draw_log_pages`)."""
    draw_log_pages(doc, sheet.layout, sheet.game, sheet.seed, sheet.variants, sheet.payload)
