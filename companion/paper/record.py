"""Hand records (the after-game sheet of a deal, issue 16): the page furniture every
game's record draws with. Knows no game: cards are :class:`~companion.cards.Card` values
or text with suit characters (♠♥♦♣), which are drawn as vector icons.

* :class:`RecordPages`: a record's pages (two at most), each with the title and the
  identity footer (QR code, seed in plain text, credits); what is drawn takes bands
  off the top of the body (:meth:`RecordPages.take`); the second page opens when the
  first is full (:meth:`RecordPages.more`), and the first then says so;
* :func:`draw_par_box`: par, big, with what it means and the table's best beside it;
* :func:`draw_table`: a small ranked table (the players of the deal);
* :func:`draw_card_strip`: cards in order, numbered, a row after another;
* :class:`LineItem` and :func:`flow_items`: a line of play in columns, an item a turn
  (a room, a level), items kept whole, over the pages left, cut with a note when even
  they are full.

Sizes in points; the one family of :mod:`companion.paper.design` (plain Latin text:
:func:`printable` turns anything else into ``?``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from companion.cards import Card
from companion.paper import design
from companion.paper.booklet.markup import draw_rich_text, rich_width, wrap_rich
from companion.paper.cards import draw_card_glyph
from companion.paper.document import SheetDocument
from companion.paper.frame import INK, draw_title
from companion.paper.layout import Layout, Rect, content_rect
from companion.paper.logsheet import draw_log_footer
from companion.paper.units import mm

__all__ = ["BODY", "GAP", "GREY", "NBSP", "LineItem", "RecordPages", "action",
           "card_strip_height", "draw_card_groups", "draw_card_strip", "draw_heading_line",
           "draw_lines", "draw_par_box", "draw_summary", "draw_table", "flow_items",
           "item_height", "items_height", "lines_height", "par_box_height", "printable",
           "TextFloor", "strip_glyph_height", "table_height", "wrap_rich"]

BODY = (design.REGULAR, 8.0)
"""The line of play and the tables: the label role's 8 pt at least (docs/printing.md,
Design)."""
LABEL = design.style("label").pair
"""Notes, group labels, "continued overleaf": 8 pt."""
STRIP_NUMBER = design.style("label").at(design.style("label").size)
"""The position over each card of a strip (8 pt, as on the stacking lists)."""
LEADING = 1.24
BOLD = design.BOLD
GREY = (0.35, 0.35, 0.35)
RULE = (0.78, 0.78, 0.78)
GAP = mm(2.5)
"""Between the bands of a page."""
COLUMN_GAP = mm(5)
HEADING_SIZE = 9.5
SUITS = "♠♥♦♣"
NBSP = "\u00a0"
"""Joins the words of one action (``play\u00a04♦\u00a0on\u00a02``): a line breaks
between actions where it can."""


def printable(text: str) -> str:
    """``text`` with every character the standard fonts cannot show, other than the
    four suits (drawn as icons), replaced by ``?`` (a player's name in another script)."""
    out = []
    for ch in text:
        if ch in SUITS or ch == NBSP:
            out.append(ch)
            continue
        try:
            ch.encode("cp1252")
        except UnicodeEncodeError:
            ch = "?"
        out.append(ch if ch.isprintable() else "?")
    return "".join(out)


# -- pages ----------------------------------------------------------------------------

class RecordPages:
    """The pages of one hand record on ``doc``: the first opened at once (title,
    subtitle, identity footer), a second by :meth:`more`. ``lines``: the identity
    block's text (:func:`~companion.paper.frame.identity_lines`); ``credits``: small
    lines at the right of the footer.

    Raises ValueError as the identity block does (an unprintable line, a bad payload).
    """

    def __init__(self, doc: SheetDocument, layout: Layout, title: str, subtitle: str,
                 payload: str, lines: list[str], credits: Sequence[str] = (),
                 max_pages: int = 2) -> None:
        self.doc = doc
        self.layout = layout
        self.title = title
        self.subtitle = subtitle
        self.payload = payload
        self.lines = lines
        self.credits = list(credits)
        self.max_pages = max_pages
        self.pages = 0
        self.body = Rect(0, 0, 0, 0)
        self.top = 0.0
        self._open()

    def _open(self) -> None:
        c = self.doc.canvas if self.pages == 0 else self.doc.new_page()
        self.pages += 1
        area = content_rect(self.layout, self.doc.paper)
        if self.pages == 1:
            area = draw_title(c, area, self.title, self.subtitle)
            lines = self.lines
        else:
            area = draw_title(c, area, f"{self.title} (continued)")
            lines = [*self.lines[:-1], f"page {self.pages} of the record"] + self.lines[-1:]
        qr_w = mm(self.layout.qr_size)
        foot = draw_log_footer(c, area, self.payload, lines, qr_w, self.credits)
        self.body = Rect(area.x, area.y + foot, area.w, area.h - foot)
        self.top = self.body.y1

    @property
    def canvas(self) -> Any:
        """The document's reportlab canvas."""
        return self.doc.canvas

    @property
    def room(self) -> float:
        """The height left on this page's body."""
        return self.top - self.body.y

    def take(self, height: float, gap: float = GAP) -> Rect:
        """A band ``height`` tall across the body at the top of what is left (and
        ``gap`` under it is used up too)."""
        band = Rect(self.body.x, self.top - height, self.body.w, height)
        self.top -= height + gap
        return band

    def more(self) -> bool:
        """Open the next page if the record may have one (saying at the foot of this
        one that it goes on); False when it may not."""
        if self.pages >= self.max_pages:
            return False
        c = self.canvas
        c.saveState()
        c.setFont(design.ITALIC, LABEL[1])
        c.setFillColorRGB(*GREY)
        c.drawRightString(self.body.x1, self.body.y + mm(0.5), "continued overleaf")
        c.restoreState()
        self._open()
        return True


def draw_heading_line(c: Any, x: float, top: float, text: str, note: str = "",
                      width: float = 0.0) -> float:
    """A bold heading whose top is ``top`` and, after it, a small grey ``note`` (cut to
    ``width`` when given). Returns the y under it."""
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setFont(BOLD, HEADING_SIZE)
    base = top - HEADING_SIZE * 0.8
    c.drawString(x, base, printable(text))
    if note:
        w = c.stringWidth(printable(text), BOLD, HEADING_SIZE) + mm(2)
        c.setFillColorRGB(*GREY)
        size = LABEL[1]
        c.setFont(design.REGULAR, size)
        room = (width - w) if width else 0.0
        shown = printable(note)
        while room and shown and rich_width(c, shown, design.REGULAR, size) > room:
            shown = shown[:-2] + "…" if len(shown) > 2 else ""
        draw_rich_text(c, x + w, base, shown, design.REGULAR, size, colour=GREY)
    c.restoreState()
    return top - HEADING_SIZE * 1.35


# -- rich text --------------------------------------------------------------------------

def draw_lines(c: Any, x: float, top: float, width: float, lines: Sequence[str],
               size: float = BODY[1], bold_first: bool = False) -> float:
    """``lines`` of rich text (suits drawn) one under another, each wrapped to ``width``
    with its next lines indented a little; the first bold if ``bold_first``. Returns
    the y under them."""
    y = top
    for n, text in enumerate(lines):
        font = BOLD if bold_first and n == 0 else design.REGULAR
        for k, line in enumerate(wrap_rich(c, printable(text), width - (mm(3) if n else 0),
                                           font, size)):
            draw_rich_text(c, x + (mm(3) if k else 0), y - size * 0.95, line, font, size)
            y -= size * LEADING
    return y


def lines_height(c: Any, width: float, lines: Sequence[str], size: float = BODY[1]) -> float:
    """The height :func:`draw_lines` gives ``lines``."""
    return sum(len(wrap_rich(c, printable(t), width - mm(3), design.REGULAR, size))
               for t in lines) * size * LEADING


# -- par ----------------------------------------------------------------------------------

PAR_SIZE = 20.0
NOTE_SIZE = 8.0


def _par_split(c: Any, width: float, headline: str) -> tuple[float, float]:
    head_w = max(c.stringWidth(headline, BOLD, PAR_SIZE) + mm(6), mm(32))
    return head_w, width - head_w - mm(4)


def par_box_height(c: Any, width: float, headline: str, lines: Sequence[str]) -> float:
    """The height :func:`draw_par_box` takes in ``width``."""
    _, text_w = _par_split(c, width, headline)
    count = sum(len(wrap_rich(c, printable(t), text_w, design.REGULAR, NOTE_SIZE))
                for t in lines)
    return max(mm(14), count * NOTE_SIZE * 1.3 + mm(5))


def draw_par_box(c: Any, area: Rect, headline: str, lines: Sequence[str],
                 bold: Collection[int] = ()) -> None:
    """A framed band: ``headline`` big at the left ("Par 3"), and beside it ``lines``
    (what par means, the solver's note, the table's best against it), wrapped; the
    lines whose indices are in ``bold`` set bold."""
    head_w, text_w = _par_split(c, area.w, headline)
    c.saveState()
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.9)
    c.setFillColorRGB(0.96, 0.96, 0.96)
    c.roundRect(area.x, area.y, area.w, area.h, mm(1.5), stroke=1, fill=1)
    c.setFillColorRGB(*INK)
    c.setFont(BOLD, PAR_SIZE)
    c.drawString(area.x + mm(3), area.cy - PAR_SIZE * 0.36, printable(headline))
    y = area.y1 - mm(2.5) - NOTE_SIZE * 0.8
    x = area.x + head_w + mm(2)
    c.setStrokeColorRGB(*RULE)
    c.setLineWidth(0.6)
    c.line(x - mm(2), area.y + mm(2), x - mm(2), area.y1 - mm(2))
    for i, text in enumerate(lines):
        font = BOLD if i in bold else design.REGULAR
        for line in wrap_rich(c, printable(text), text_w, font, NOTE_SIZE):
            draw_rich_text(c, x, y, line, font, NOTE_SIZE)
            y -= NOTE_SIZE * 1.3
    c.restoreState()


# -- tables -------------------------------------------------------------------------------

def _natural(c: Any, rows: Sequence[Sequence[str]], size: float) -> list[float]:
    """Each column as wide as its widest cell (bold, to be safe), and a little."""
    return [max(rich_width(c, printable(r[i]), BOLD, size) for r in rows) + mm(3)
            for i in range(len(rows[0]))]


def _widths(c: Any, rows: Sequence[Sequence[str]], width: float, stretch: int,
            size: float) -> list[float]:
    want = _natural(c, rows, size)
    want[stretch] += width - sum(want)  # what is left, or what is missing
    return want


def table_height(rows: Sequence[Sequence[str]], size: float = BODY[1]) -> float:
    """The height :func:`draw_table` gives ``rows`` (the header included)."""
    return len(rows) * size * 1.45 + mm(1)


def draw_table(c: Any, x: float, top: float, width: float, rows: Sequence[Sequence[str]],
               right: Collection[int] = (), stretch: int = 1, size: float = BODY[1],
               bold_rows: Collection[int] = ()) -> float:
    """``rows`` (the first is the header, bold over a rule) in columns as wide as their
    widest cell, column ``stretch`` taking what is left of ``width`` (a cell too wide
    is cut with "…"); the columns in ``right`` are right-aligned; ``bold_rows`` (row
    numbers, 1 the first under the header) are set bold. Returns the y under it."""
    if not rows:
        return top
    widths = _widths(c, rows, width, stretch, size)
    pitch = size * 1.45
    y = top
    c.saveState()
    for n, row in enumerate(rows):
        y -= pitch
        font = BOLD if n == 0 or n in bold_rows else design.REGULAR
        cx = x
        for i, (cell, w) in enumerate(zip(row, widths, strict=True)):
            text = printable(cell)
            while rich_width(c, text, font, size) > w - mm(2) and len(text) > 1:
                text = text[:-2] + "…"
            if i in right:
                draw_rich_text(c, cx + w - mm(1.5), y + size * 0.35, text, font, size,
                               align="right")
            else:
                draw_rich_text(c, cx + mm(0.5), y + size * 0.35, text, font, size)
            cx += w
        if n == 0:
            c.setStrokeColorRGB(*INK)
            c.setLineWidth(0.6)
            c.line(x, y, x + sum(widths), y)
    c.restoreState()
    return y - mm(1)


TABLE_ROWS = 10
"""At most this many players are listed (the rest are counted)."""


def draw_summary(pages: RecordPages, headline: str, lines: Sequence[str],
                 rows: Sequence[Sequence[str]] = (), summary: str = "",
                 numeric: Collection[str] = ("Rank", "Score", "vs par"),
                 bold: Collection[int] = ()) -> None:
    """The top of a record: the par box (:func:`draw_par_box`; the lines whose
    indices are in ``bold`` set bold, -1 the last) and, when there are ``rows``
    (header first), the table's players under the heading "At the table" with
    ``summary`` (how many logs were read) beside it, :data:`TABLE_ROWS` at most; the
    columns headed by a word of ``numeric`` are right-aligned."""
    c = pages.canvas
    body = pages.body
    h = par_box_height(c, body.w, headline, lines)
    draw_par_box(c, pages.take(h), headline, lines,
                 bold={i % len(lines) for i in bold} if lines else set())
    if len(rows) <= 1 and not summary:
        return
    top = draw_heading_line(c, body.x, pages.top, "At the table", summary, body.w)
    shown = [list(r) for r in rows[: 1 + TABLE_ROWS]]
    if len(rows) > 1 + TABLE_ROWS:
        more = len(rows) - 1 - TABLE_ROWS
        shown.append(["", f"... and {more} more player{'s' * (more != 1)}",
                      *[""] * (len(rows[0]) - 2)])
    right = {i for i, head in enumerate(shown[0]) if head in numeric} if shown else set()
    natural = sum(_natural(c, shown, BODY[1])) if shown else 0.0
    width = min(body.w, max(natural + mm(20), body.w * 0.62))
    y = draw_table(c, body.x, top, width, shown, right=right, bold_rows={1}) \
        if len(shown) > 1 else top
    pages.top = y - GAP


# -- cards --------------------------------------------------------------------------------

def draw_card_strip(c: Any, x: float, top: float, width: float, cards: Sequence[Card],
                    per_row: int, glyph_h: float = mm(9.5),
                    marked: Sequence[int] = (), first: int = 1) -> float:
    """``cards`` in order, ``per_row`` to a row across ``width``, each numbered above
    (from ``first``); the cards at the indices in ``marked`` highlighted. Returns the
    y under the last row."""
    if not cards:
        return top
    cell = width / per_row
    gw = min(glyph_h / 1.35, cell - mm(1))
    gh = gw * 1.35
    label = STRIP_NUMBER[1]
    row_h = gh + label + mm(1.6)
    c.saveState()
    for i, card in enumerate(cards):
        row, place = divmod(i, per_row)
        cx = x + place * cell + (cell - gw) / 2
        cy = top - row * row_h - label - mm(0.6) - gh
        c.setFont(*STRIP_NUMBER)
        c.setFillColorRGB(*GREY)
        c.drawCentredString(cx + gw / 2, cy + gh + mm(0.5), str(i + first))
        draw_card_glyph(c, card, cx, cy, gw, gh, highlight=i in marked)
    c.restoreState()
    rows = -(-len(cards) // per_row)
    return top - rows * row_h


def draw_card_groups(c: Any, x: float, top: float, width: float,
                     groups: Sequence[tuple[str, Sequence[Card]]], glyph_h: float = mm(9.5),
                     highlight_first: bool = False) -> float:
    """Labelled groups of cards side by side across ``width`` ("Column 1" over its
    three monsters), each group's first card highlighted if ``highlight_first``.
    Returns the y under them."""
    if not groups:
        return top
    slot = width / len(groups)
    most = max(len(cards) for _, cards in groups)
    gw = min(glyph_h / 1.35, (slot - mm(4)) / max(most, 1) - mm(1))
    gh = gw * 1.35
    c.saveState()
    for k, (label, cards) in enumerate(groups):
        gx = x + k * slot
        c.setFont(BOLD, LABEL[1])
        c.setFillColorRGB(*INK)
        c.drawString(gx, top - LABEL[1] * 0.8, printable(label))
        for i, card in enumerate(cards):
            draw_card_glyph(c, card, gx + i * (gw + mm(1)), top - mm(4) - gh, gw, gh,
                            highlight=highlight_first and i == 0)
    c.restoreState()
    return top - mm(4) - gh - mm(1)


def card_strip_height(count: int, per_row: int, width: float,
                      glyph_h: float = mm(9.5)) -> float:
    """The height :func:`draw_card_strip` takes for ``count`` cards."""
    cell = width / per_row
    gw = min(glyph_h / 1.35, cell - mm(1))
    rows = -(-count // per_row)
    return rows * (gw * 1.35 + STRIP_NUMBER[1] + mm(1.6))


def strip_glyph_height(room: float, count: int, per_row: int, width: float,
                       below: float = 0.0, least: float = mm(9.5),
                       most: float = mm(19)) -> float:
    """The glyph height (``least`` to ``most``, in 0.5 mm steps) of the largest card
    strip of ``count`` cards, ``per_row`` a row across ``width``, that leaves ``below``
    points of the ``room`` left on the page: a page with room to spare shows its cards
    large rather than leave its lower part empty."""
    h = most
    while h > least and card_strip_height(count, per_row, width, h) + below > room:
        h -= mm(0.5)
    return max(h, least)


class TextFloor:
    """A canvas that draws no text set under ``least`` points, and is otherwise the
    canvas ``c``: a mini map drawn with a full-size map's art keeps its pictures and
    drops the words it would set too small to read (docs/printing.md, Design: nothing
    read under 8 pt)."""

    _TEXT = frozenset({"drawString", "drawCentredString", "drawRightString"})

    def __init__(self, c: Any, least: float = LABEL[1]) -> None:
        self._c = c
        self._least = least

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._c, name)
        if name in self._TEXT and self._c._fontsize < self._least - 0.01:
            return _no_text
        return attr


def _no_text(*args: Any, **kwargs: Any) -> None:
    """What :class:`TextFloor` draws for too small a text: nothing."""


# -- a line of play in columns ----------------------------------------------------------

SIZES = (10.0, 9.5, 9.0, 8.5, BODY[1])
"""The line of play is set as large as lets it fit the page it starts on."""


def action(text: str) -> str:
    """``text`` (one action) with its spaces made non-breaking (:data:`NBSP`)."""
    return text.replace(" ", NBSP)


@dataclass(frozen=True)
class LineItem:
    """One turn of a line of play: ``head`` bold at the left ("3", "B2"), ``text``
    wrapped beside it (suits as characters; the words of one action joined by
    :func:`action` stay on one line where they can), ``note`` small and grey at the
    right of its first line ("health 14")."""

    head: str
    text: str
    note: str = ""


@dataclass(frozen=True)
class _Columns:
    width: float
    head_w: float
    note_w: float
    size: float

    @property
    def text_w(self) -> float:
        return self.width - self.head_w - self.note_w


def _columns(c: Any, items: Sequence[LineItem], width: float, size: float) -> _Columns:
    head_w = max((c.stringWidth(printable(i.head), BOLD, size) for i in items),
                 default=0.0) + size * 0.7
    note_size = max(LABEL[1], size - 0.8)
    note_w = max((rich_width(c, printable(i.note), design.REGULAR, note_size)
                  for i in items if i.note), default=-mm(2)) + mm(2)
    return _Columns(width, head_w, note_w, size)


def _wrap_item(c: Any, item: LineItem, cols: _Columns) -> list[str]:
    """The item's text in lines: broken between actions, an action too long for a
    line between its words, a word too long at any letter."""
    width, size = cols.text_w, cols.size
    words: list[str] = []
    for word in printable(item.text).split(" "):
        if NBSP in word and rich_width(c, word, design.REGULAR, size) > width:
            words += word.split(NBSP)
        else:
            words.append(word)
    return wrap_rich(c, " ".join(words), width, design.REGULAR, size)


def item_height(c: Any, item: LineItem, cols: Any) -> float:
    """The height of ``item`` in a column laid out as :func:`flow_items` lays them."""
    return len(_wrap_item(c, item, cols)) * cols.size * LEADING + mm(0.9)


def _draw_item(c: Any, x: float, top: float, item: LineItem, cols: _Columns) -> float:
    size = cols.size
    pitch = size * LEADING
    lines = _wrap_item(c, item, cols)
    base = top - size * 0.95
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setFont(BOLD, size)
    c.drawString(x, base, printable(item.head))
    for k, line in enumerate(lines):
        draw_rich_text(c, x + cols.head_w, base - k * pitch, line.replace(NBSP, " "),
                       design.REGULAR, size)
    if item.note:  # after the text, so a text extractor reads the line whole
        draw_rich_text(c, x + cols.width, base, printable(item.note), design.REGULAR,
                       max(LABEL[1], size - 0.8), align="right", colour=GREY)
    bottom = top - len(lines) * pitch - mm(0.9)
    c.setStrokeColorRGB(*RULE)
    c.setLineWidth(0.3)
    c.line(x, bottom + mm(0.35), x + cols.width, bottom + mm(0.35))
    c.restoreState()
    return bottom


def _place(heights: Sequence[float], columns: int, space: float,
           balance: bool) -> list[tuple[int, float]]:
    """Where the items of ``heights`` go in ``columns`` columns ``space`` tall: (column,
    offset from the top) for each item that fits, in order, none split. ``balance``:
    columns of about equal height (a column ends once it holds its share)."""
    share = sum(heights) / columns if balance else space
    out: list[tuple[int, float]] = []
    col, used = 0, 0.0
    for h in heights:
        if used and (used + h > space or (balance and used >= share - 0.5
                                          and col < columns - 1)):
            col, used = col + 1, 0.0
        if col >= columns or h > space:
            break
        out.append((col, used))
        used += h
    return out


def items_height(c: Any, items: Sequence[LineItem], columns: int, width: float,
                 size: float = SIZES[-1]) -> float:
    """About the height :func:`flow_items` takes for ``items`` across ``width`` at
    ``size`` (default its smallest), the heading included (for a page that sizes its
    other parts to leave the line room)."""
    col_w = (width - COLUMN_GAP * (columns - 1)) / columns
    cols = _columns(c, items, col_w, size)
    heights = [item_height(c, item, cols) for item in items]
    tallest = max(heights, default=0.0)
    return max(sum(heights) / columns + tallest, tallest) + HEADING_SIZE * 1.35 + GAP


def flow_items(pages: RecordPages, items: Sequence[LineItem], columns: int,
               heading: str, note: str = "", overflow: str = "",
               unit: tuple[str, str] = ("turn", "turns")) -> int:
    """Draw ``items`` under ``heading`` (and its small ``note``) in ``columns``
    columns, top to bottom then left to right, an item never split: as large as
    :data:`SIZES` allows if they all fit the body left on this page (the columns
    balanced), else small, filling this page and then the next
    (:meth:`RecordPages.more`) under the heading again. Items that fit on no page
    left are counted in a last line, ``overflow`` after it ("companion solve ...
    writes the whole line"), ``unit`` the word for an item (one, several). Returns how
    many items were drawn."""
    c = pages.canvas
    done = 0
    first = True
    while True:
        body = pages.body
        top = draw_heading_line(c, body.x, pages.top,
                                heading if first else f"{heading} (continued)",
                                note if first else "", body.w)
        col_w = (body.w - COLUMN_GAP * (columns - 1)) / columns
        space = top - (body.y + BODY[1] * 1.6)  # room for the overflow line under them
        rest = items[done:]
        for size in SIZES if first else SIZES[-1:]:
            cols = _columns(c, items, col_w, size)
            heights = [item_height(c, item, cols) for item in rest]
            spots = _place(heights, columns, space, balance=True)
            if len(spots) == len(rest) or size == SIZES[-1]:
                break
        if len(spots) < len(rest):  # not all on this page: fill its columns
            spots = _place(heights, columns, space, balance=False)
        first = False
        lowest = top
        for item, (col, offset) in zip(rest, spots, strict=False):
            x = body.x + col * (col_w + COLUMN_GAP)
            lowest = min(lowest, _draw_item(c, x, top - offset, item, cols))
        done += len(spots)
        pages.top = lowest - GAP
        if done >= len(items):
            return done
        if not pages.more():
            left = len(items) - done
            text = (f"... and {left} more {unit[0] if left == 1 else unit[1]} not shown"
                    + (f": {overflow}" if overflow else "."))
            c.saveState()
            c.setFont(design.ITALIC, LABEL[1])
            c.setFillColorRGB(*GREY)
            c.drawString(body.x, body.y + mm(1), printable(text))
            c.restoreState()
            return done
