"""Log sheets of every game: pages of numbered lines to write a game down at the table.

A game draws its own first page (title, the verbs in short, how its cards or cells are
written); this module does what every log sheet shares: as many pages as the game's
longest possible log needs (:func:`draw_log_pages`), the header fields
(:func:`draw_log_fields`), the verb table (:func:`draw_verb_table`), notes
(:func:`draw_note`), the numbered lines with their column heads
(:func:`draw_log_lines`) and the identity footer with the credits
(:func:`draw_log_footer`).

Every text a player reads here is at least the ``label`` role of the type scale (8 pt,
docs/printing.md, Design): a value too long for its field (a 32-character seed) wraps
at its hyphens onto a second line of the field, which grows, never shrinks under 8 pt.
The credits are a print note (6 pt).
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
from companion.paper.frame import (
    INK,
    draw_footer,
    draw_heading,
    draw_text,
    draw_title,
    footer_height,
)
from companion.paper.icons import RED, draw_suit
from companion.paper.layout import Layout, Rect
from companion.paper.units import mm

__all__ = ["DEFAULT_HOW", "FIELD_GAP", "FIELD_HEIGHT", "LINE_PITCH", "LogColumn",
           "draw_card_spelling", "draw_log_field", "draw_log_fields", "draw_log_footer",
           "draw_log_lines", "draw_log_pages", "draw_log_title", "draw_note",
           "draw_verb_table", "field_height"]

FIELD_HEIGHT = mm(11)
"""A write-in field's height with a one-line value."""
FIELD_GAP = mm(2)
LINE_PITCH = mm(7)
"""The distance between two log lines: room for handwriting."""
LABEL = design.style("label")
"""Field labels, line numbers, column heads, verb meanings, notes: 8 pt."""
VERB = design.style("body").size
"""The verb examples, bold: body size."""
VALUE_MAX = 12.0
"""A printed value's size when it fits."""
NOTE = design.style("print-note")
BAND = (0.93, 0.93, 0.93)
"""The tint of every other log line (a ledger's bands: the eye keeps its line)."""
NUMBER_INK = (0.35, 0.35, 0.35)

PageDrawer = Callable[[SheetDocument, int, int, int], int]
"""``draw(doc, n, pages, first_number)``: draws page ``n`` of ``pages`` of a log sheet,
its lines numbered from ``first_number``, and returns how many lines it holds."""

LogColumn = tuple[str, float]
"""A headed box at the right of every log line: (head, width in points)."""


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


def _value_lines(value: str, w: float) -> tuple[list[str], float]:
    """``value`` as the lines of a field ``w`` points wide and their size: one line as
    large as fits up to :data:`VALUE_MAX`; under 8 pt, broken after its hyphens (or
    spaces) onto as many 8 pt lines as it takes."""
    room = w - mm(3)
    width = design.string_width(value, design.BOLD, 1.0)
    if width <= 0 or width * LABEL.size <= room:
        return [value], min(VALUE_MAX, room / width) if width > 0 else VALUE_MAX
    size = LABEL.size
    parts: list[str] = []
    word = ""
    for ch in value:
        word += ch
        if ch in "- ":
            parts.append(word)
            word = ""
    if word:
        parts.append(word)
    lines: list[str] = []
    for part in parts:
        if lines and design.string_width(lines[-1] + part, design.BOLD, size) <= room:
            lines[-1] += part
        else:
            lines.append(part)
    return [ln.strip() for ln in lines], size


def field_height(value: str, w: float) -> float:
    """The height a field ``w`` points wide needs for ``value``."""
    lines, size = _value_lines(value, w) if value else ([""], VALUE_MAX)
    if len(lines) == 1:
        return FIELD_HEIGHT
    return LABEL.size + mm(2) + len(lines) * size * 1.2 + mm(1)


def draw_log_field(c: Any, x: float, top: float, w: float, h: float, label: str,
                   value: str = "") -> None:
    """A write-in box ``w`` x ``h`` under ``top``: its label (8 pt) at the top-left and
    an optional printed value, bold, as large as fits up to 12 pt, 8 pt lines broken
    at hyphens when it does not fit at 8 pt."""
    c.saveState()
    c.setLineWidth(0.6)
    c.setStrokeColorRGB(*INK)
    c.rect(x, top - h, w, h, stroke=1, fill=0)
    c.setFont(*LABEL.pair)
    c.setFillColorRGB(*INK)
    c.drawString(x + mm(1.2), top - LABEL.size - mm(0.8), label)
    if value:
        lines, size = _value_lines(value, w)
        c.setFont(design.BOLD, size)
        y = top - h + mm(1.6) + (len(lines) - 1) * size * 1.2
        for line in lines:
            c.drawString(x + mm(1.5), y, line)
            y -= size * 1.2
    c.restoreState()


def draw_log_fields(c: Any, area: Rect, fields: Sequence[tuple[str, str]],
                    per_row: int = 3, top: float | None = None) -> float:
    """Write-in fields (label, printed value) ``per_row`` to a row from ``top`` (the top
    of ``area``) down, a row as tall as its tallest value needs; returns the y 3 mm
    under them, where the page goes on."""
    fw = (area.w - (per_row - 1) * FIELD_GAP) / per_row
    y = area.y1 if top is None else top
    for start in range(0, len(fields), per_row):
        row = fields[start:start + per_row]
        h = max(field_height(value, fw) for _, value in row)
        for col, (label, value) in enumerate(row):
            draw_log_field(c, area.x + col * (fw + FIELD_GAP), y, fw, h, label, value)
        y -= h + FIELD_GAP
    return y + FIELD_GAP - mm(3)


def draw_verb_table(c: Any, x: float, y: float, verbs: Sequence[tuple[str, str]],
                    width: float | None = None, columns: int = 1,
                    heading: str = "Verbs") -> float:
    """The ``heading`` and one row a verb (an example line in bold, what it means
    beside it, 8 pt) from ``y`` down, in ``columns`` columns across ``width``; a meaning
    too long for its room wraps. Returns the y 2 mm under the last row.

    Sets the canvas's fonts and fill colour (no saveState)."""
    y = draw_heading(c, x, y, heading, design.style("heading").minimum)
    width = width if width is not None else mm(180)
    col_gap = mm(5)
    col_w = (width - (columns - 1) * col_gap) / columns
    per_col = ceil(len(verbs) / columns)
    bottom = y
    for col in range(columns):
        chunk = verbs[col * per_col:(col + 1) * per_col]
        if not chunk:
            continue
        cx = x + col * (col_w + col_gap)
        # the meanings start 2 mm after the widest example (the face's own widths)
        gap = max(rich_width(c, v, design.BOLD, VERB) for v, _ in chunk) + mm(2.5)
        vy = y - mm(1)
        for verb, meaning in chunk:
            c.setFillColorRGB(*INK)
            draw_rich_text(c, cx, vy - VERB * 0.8, verb, design.BOLD, VERB)  # suits as icons
            vy = min(vy - VERB * 1.4,
                     draw_text(c, cx + gap, vy, col_w - gap, meaning, *LABEL.pair,
                               leading=1.2) - mm(1.2))
        bottom = min(bottom, vy)
    return bottom - mm(2)


def draw_note(c: Any, x: float, top: float, width: float, text: str) -> float:
    """``text`` at 8 pt wrapped to ``width`` from ``top`` down; returns the y 1 mm
    under it. Sets the canvas's font and fill colour (no saveState)."""
    return draw_text(c, x, top, width, text, *LABEL.pair, leading=1.3) - mm(1)


def draw_card_spelling(c: Any, x: float, y: float, text: str,
                       suit_words: Mapping[Suit, str] | None = None,
                       width: float | None = None) -> tuple[float, float]:
    """How a log writes cards: ``text`` (the ranks), then each suit's letter with its
    icon (and, given ``suit_words``, its name: "S [spade] spades, H ..."), at 8 pt from
    baseline ``y``; the suits go on a second line when the first has no room for them
    (given ``width``). Returns the x after it and its baseline.

    Sets the canvas's fonts and fill colour (no saveState)."""
    size = LABEL.size
    c.setFont(design.REGULAR, size)
    c.setFillColorRGB(*INK)
    c.drawString(x, y, text)
    x0 = x
    x += c.stringWidth(text, design.REGULAR, size) + mm(2)
    suits_w = sum(c.stringWidth(s.letter, design.BOLD, size) + mm(4.6) for s in SUITS)
    if suit_words is not None:
        suits_w += sum(c.stringWidth(w + ",", design.REGULAR, size) + mm(2)
                       for w in suit_words.values()) - mm(1)
    if width is not None and x + suits_w > x0 + width:
        x, y = x0 + mm(4), y - size * 1.35
    for suit in SUITS:
        c.setFont(design.BOLD, size)
        c.setFillColorRGB(*INK)
        c.drawString(x, y, suit.letter)
        x += c.stringWidth(suit.letter, design.BOLD, size) + mm(0.6)
        draw_suit(c, suit, x + mm(1.4), y + mm(1.0), mm(2.9), RED if suit.is_red else INK)
        if suit_words is None:
            x += mm(4)
            continue
        x += mm(3.2)
        c.setFont(design.REGULAR, size)
        c.setFillColorRGB(*INK)
        word = suit_words[suit] + ("," if suit is not SUITS[-1] else ";")
        c.drawString(x, y, word)
        x += c.stringWidth(word, design.REGULAR, size) + mm(2)
    return x, y


def draw_log_lines(c: Any, area: Rect, columns: int = 2, pitch: float = LINE_PITCH,
                   first_number: int = 1, boxes: Sequence[LogColumn] = (),
                   gap: float = mm(6)) -> int:
    """Numbered writing lines in ``columns`` columns filling ``area``: the numbers at
    8 pt, every other line tinted, and at the right of each line the headed ``boxes``
    (a health column...), their heads (8 pt) over each column. Returns how many lines
    were drawn."""
    col_w = (area.w - gap * (columns - 1)) / columns
    head = LABEL.size * 1.4 if boxes else 0.0
    rows = int((area.h - head) // pitch)
    n = first_number
    num_w = design.string_width(str(first_number + rows * columns), *LABEL.pair) + mm(1.5)
    c.saveState()
    c.setFont(*LABEL.pair)
    for col in range(columns):
        x = area.x + col * (col_w + gap)
        top = area.y1 - head
        box_x = x + col_w - sum(w for _, w in boxes)
        if boxes:
            bx = box_x
            c.setFillColorRGB(*INK)
            for name, w in boxes:
                c.drawCentredString(bx + w / 2, top + mm(1), name)
                bx += w
        for r in range(rows):
            y = top - (r + 1) * pitch
            if r % 2 == 1:
                c.setFillColorRGB(*BAND)
                c.rect(x + num_w + mm(1), y, col_w - num_w - mm(1), pitch, stroke=0, fill=1)
            c.setFillColorRGB(*NUMBER_INK)
            c.drawRightString(x + num_w, y + mm(1.5), str(n))
            c.setStrokeColorRGB(*NUMBER_INK)
            c.setLineWidth(0.4)
            c.line(x + num_w + mm(1), y, x + col_w, y)
            n += 1
        bx = box_x
        c.setStrokeColorRGB(*NUMBER_INK)
        c.setLineWidth(0.5)
        for _, w in boxes:
            c.line(bx, top, bx, top - rows * pitch)
            bx += w
        if boxes:
            c.line(x + col_w, top, x + col_w, top - rows * pitch)
            c.line(box_x, top, x + col_w, top)
    c.restoreState()
    return n - first_number


def draw_log_footer(c: Any, area: Rect, payload: str, lines: list[str], qr_width: float,
                    credits: Sequence[str] = ()) -> float:
    """The identity footer at the bottom of ``area`` (sized by
    :func:`companion.paper.frame.footer_height`) and the ``credits`` at its right as
    print notes (6 pt); returns the footer's height."""
    foot = footer_height(payload, lines, qr_width)
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_width)
    if credits:
        c.saveState()
        c.setFont(*NOTE.pair)
        c.setFillColorRGB(*INK)
        y = area.y + NOTE.size * 1.3 * (len(credits) - 1) + mm(1)
        for line in credits:
            c.drawRightString(area.x + area.w, y, line)
            y -= NOTE.size * 1.3
        c.restoreState()
    return foot


DEFAULT_HOW = ("Write one action per line, as below; type it up later and check it with: "
               "companion validate my-game.log")
"""What a log sheet's first page says under its title, unless a game says more."""


def draw_log_title(c: Any, area: Rect, game_title: str, n: int, pages: int,
                   first_number: int, how: str = DEFAULT_HOW) -> Rect:
    """The title of page ``n`` of ``pages`` of a game log: "GAME: game log" and ``how``
    on the first page, "GAME: game log, continued" and where to go on from (line
    ``first_number``) on the others. Returns the area under it."""
    if n == 1:
        return draw_title(c, area, f"{game_title}: game log", how)
    return draw_title(c, area, f"{game_title}: game log, continued",
                      f"Page {n} of {pages}: go on from line {first_number}.")
