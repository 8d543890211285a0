"""Log sheets of every game: pages of numbered lines to write a game down at the table.

A game draws its own first page (title, the verbs in short, how its cards or cells are
written); this module does what every log sheet shares: as many pages as the game's
longest possible log needs (:func:`draw_log_pages`), the header fields
(:func:`draw_log_fields`) and the verb table (:func:`draw_verb_table`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from math import ceil
from typing import Any

from companion.cards import SUITS, Suit
from companion.errors import LayoutError
from companion.paper import design
from companion.paper.booklet.markup import draw_rich_text, rich_width
from companion.paper.document import SheetDocument
from companion.paper.frame import INK, draw_field, draw_heading
from companion.paper.icons import RED, draw_suit
from companion.paper.layout import Layout, Rect
from companion.paper.units import mm

__all__ = ["FIELD_GAP", "FIELD_HEIGHT", "draw_card_spelling", "draw_log_fields",
           "draw_log_pages", "draw_verb_table"]

FIELD_HEIGHT = mm(10)
FIELD_GAP = mm(2)

PageDrawer = Callable[[SheetDocument, int, int, int], int]
"""``draw(doc, n, pages, first_number)``: draws page ``n`` of ``pages`` of a log sheet,
its lines numbered from ``first_number``, and returns how many lines it holds."""


def draw_log_pages(doc: SheetDocument, layout: Layout, lines_needed: int,
                   draw: PageDrawer) -> list[int]:
    """Pages of a log sheet holding at least ``lines_needed`` numbered lines: the first
    page and as many continuation pages as that takes, each drawn by ``draw``. Returns
    how many lines each page has.

    Raises LayoutError if a continuation page of ``layout`` has no room for a line."""
    def capacity(page: int) -> int:
        scratch = SheetDocument("log", doc.paper, layout.landscape)
        return draw(scratch, page, 2, 1)

    first, more = capacity(1), capacity(2)
    if more < 1:
        raise LayoutError(f"layout {layout.name}: no room for a line on a log sheet page")
    pages = 1 + max(0, ceil((lines_needed - first) / more))
    counts: list[int] = []
    number = 1
    for n in range(1, pages + 1):
        if n > 1:
            doc.new_page(layout.landscape)
        drawn = draw(doc, n, pages, number)
        counts.append(drawn)
        number += drawn
    return counts


def draw_log_fields(c: Any, area: Rect, fields: Sequence[tuple[str, str]]) -> float:
    """Write-in fields (label, printed value) three to a row at the top of ``area``;
    returns the y 4 mm under them, where the page goes on."""
    fw = (area.w - 2 * FIELD_GAP) / 3
    rows = ceil(len(fields) / 3)
    for i, (label, value) in enumerate(fields):
        row, col = divmod(i, 3)
        draw_field(c, area.x + col * (fw + FIELD_GAP),
                   area.y1 - (row + 1) * FIELD_HEIGHT - row * FIELD_GAP, fw, FIELD_HEIGHT,
                   label, value)
    return area.y1 - rows * FIELD_HEIGHT - (rows - 1) * FIELD_GAP - mm(4)


def draw_verb_table(c: Any, x: float, y: float, verbs: Sequence[tuple[str, str]]) -> float:
    """The heading "Verbs" and one row a verb (an example line in bold, what it
    means beside it) from ``y`` down; returns the y 2 mm under the last row.

    Sets the canvas's fonts and fill colour (no saveState)."""
    y = draw_heading(c, x, y, "Verbs", 8.5)
    row_h = 9.2
    # the meanings start 2 mm after the widest example (the face's own widths)
    gap = max([mm(40)] + [rich_width(c, v, design.BOLD, 7.5) + mm(2) for v, _ in verbs])
    for i, (verb, meaning) in enumerate(verbs):
        vy = y - 7 - i * row_h
        c.setFillColorRGB(*INK)
        draw_rich_text(c, x, vy, verb, design.BOLD, 7.5)  # suits as icons
        c.setFont(design.BOLD, 7.5)
        c.setFont(design.REGULAR, 7)
        c.drawString(x + gap, vy, meaning)
    return y - (7 + len(verbs) * row_h + mm(2))


def draw_card_spelling(c: Any, x: float, y: float, text: str,
                       suit_words: Mapping[Suit, str] | None = None) -> float:
    """How a log writes cards: ``text`` (the ranks), then each suit's letter with its
    icon (and, given ``suit_words``, its name: "S [spade] spades, H ..."), on one line
    at baseline ``y``; returns the x after it.

    Sets the canvas's fonts and fill colour (no saveState)."""
    c.setFont(design.REGULAR, 7)
    c.setFillColorRGB(*INK)
    c.drawString(x, y, text)
    x += c.stringWidth(text, design.REGULAR, 7) + mm(2)
    for suit in SUITS:
        c.setFont(design.BOLD, 7.5)
        c.setFillColorRGB(*INK)
        c.drawString(x, y, suit.letter)
        x += c.stringWidth(suit.letter, design.BOLD, 7.5) + mm(0.6)
        draw_suit(c, suit, x + mm(1.3), y + mm(0.9), mm(2.7), RED if suit.is_red else INK)
        if suit_words is None:
            x += mm(4)
            continue
        x += mm(3)
        c.setFont(design.REGULAR, 7)
        c.setFillColorRGB(*INK)
        word = suit_words[suit] + ("," if suit is not SUITS[-1] else ";")
        c.drawString(x, y, word)
        x += c.stringWidth(word, design.REGULAR, 7) + mm(2)
    return x
