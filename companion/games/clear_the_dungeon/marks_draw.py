"""Drawing Clear the Dungeon's mark sheet (:mod:`.marks` makes its geometry): every
page's corner markers, title band, column labels, ruled and numbered turns with their
printed cards, bubbles, identity strip (QR code, seed, page n of m) and a rules
reminder; the how-to-mark note on page 1. Imports reportlab (through the paper
toolkit): only the ``marks`` sheet's rendering imports this module."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.clear_the_dungeon.marks import (
    GLYPH_W_MM,
    NEW,
    PLACES,
    QR_MM,
    RESERVE_LABEL_MM,
    TARGETS,
    SheetLayout,
    TurnBox,
    sheet_layout,
    turn_cards,
)
from companion.marks.paper import draw_bubble, draw_fiducials, draw_how_to, to_pt
from companion.marks.template import PageTemplate, Template
from companion.paper import design
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.paper.document import SheetDocument

__all__ = ["REMINDER", "RESERVE_REMINDER", "draw_sheet"]

REMINDER = ("The 1st card + 10 must reach the monster's power (J 11, Q 12, K 13), "
            "1st + 2nd must reach it, the trigger T is of its suit or a joker. "
            "D is the damage pile: its 7th card loses.")
RESERVE_REMINDER = ("R1, R2...: the cards you play from the top of D in a turn, in order. "
                    "Two or more cards to D: mark their order under place. new: the card "
                    "went on a monster that came up in this turn, after 1 or 2 defeats "
                    "on its column.")
STRIP_X_MM = 23.5
"""The identity strip's left edge: clear of the bottom-left marker's quiet zone."""
LABEL = design.style("label")
BOLD = design.BOLD


def _variant_words(variants: tuple[str, ...]) -> str:
    if not variants:
        return "standard rules"
    return ("variant: " if len(variants) == 1 else "variants: ") + ", ".join(variants)


def draw_sheet(doc: SheetDocument, template: Template, filled: frozenset[str],
               game: Any) -> None:
    """Every page of ``template`` into ``doc``, the bubbles in ``filled`` solid
    (``game``: the game object, for its title and credits)."""
    cards = turn_cards(template.seed, template.variants)
    layout = sheet_layout(template.paper, template.variants, [len(c) for c in cards])
    for page in template.pages:
        c = doc.canvas if page.number == 1 else doc.new_page()
        _draw_page(c, template, layout, page, filled, game)


def _text(c: Any, page: PageTemplate, x_mm: float, y_mm: float, text: str,
          font: str = LABEL.font, size: float = LABEL.size, align: str = "left") -> None:
    """``text`` with its baseline at ``y_mm`` (mm from the top)."""
    x, y = to_pt(page, x_mm, y_mm)
    c.setFont(font, size)
    if align == "centre":
        c.drawCentredString(x, y, text)
    elif align == "right":
        c.drawRightString(x, y, text)
    else:
        c.drawString(x, y, text)


def _draw_page(c: Any, template: Template, layout: SheetLayout, page: PageTemplate,
               filled: frozenset[str], game: Any) -> None:

    n, count = page.number, page.count
    c.saveState()
    draw_fiducials(c, page)
    c.setFillColorRGB(*design.INK)
    title = design.style("title")
    what = "answer key" if filled else "mark sheet"  # --from LOG: the bubbles solid
    _text(c, page, 25.0, 14.0, f"{game.title}: {what}", title.font, title.size)
    sub = (f"Page {n} of {count}, {_variant_words(template.variants)}. Each turn draws "
           "the cards printed in its row: mark where each one went.")
    _text(c, page, 25.0, 19.5, sub)
    if n == 1:
        draw_how_to(c, mm(10.0), mm(page.height_mm - 24.5), mm(page.width_mm - 20.0))
    top = layout.top[n - 1]
    for bx in layout.blocks:
        _draw_labels(c, page, layout, bx, top)
    for box in layout.turns:
        if box.page == n:
            _draw_turn(c, page, layout, box, template)
    for b in template.bubbles:
        if b.page == n:
            draw_bubble(c, page, b, b.id in filled)
    _draw_foot(c, template, layout, page, game.credits, game.title, what)
    c.restoreState()


def _draw_labels(c: Any, page: PageTemplate, layout: SheetLayout, bx: float,
                 top: float) -> None:
    """The column labels above a block of turns: what each bubble column means."""
    xs = layout.card_x(bx)
    y1, y2 = top + 3.6, top + 8.0
    c.setFillColorRGB(*design.INK)
    _text(c, page, xs["glyph"] + GLYPH_W_MM / 2, y2, "card", BOLD, align="centre")
    _text(c, page, xs["to1"] - 2.25, y1, "to column, or D", BOLD)
    _text(c, page, xs["place1st"] - 2.25, y1, "place", BOLD)
    for v in TARGETS:
        _text(c, page, xs[f"to{v}"], y2, v, BOLD, align="centre")
    for v in PLACES:
        _text(c, page, xs[f"place{v}"], y2, v, BOLD, align="centre")
    if layout.reserve:
        _text(c, page, xs["new+1"] - 2.25, y1, "new", BOLD)
        for v in NEW:
            _text(c, page, xs[f"new{v}"], y2, v, BOLD, align="centre")
        box = next(t for t in layout.turns if t.x == bx)
        for _, start in box.lines[0].reserves:
            rx = layout.reserve_x(start)
            _text(c, page, start - RESERVE_LABEL_MM, y1, "from D: to column", BOLD)
            _text(c, page, rx["place1st"] - 2.25, y1, "place", BOLD)
            for v in TARGETS[:4]:
                _text(c, page, rx[f"to{v}"], y2, v, BOLD, align="centre")
            for v in PLACES:
                _text(c, page, rx[f"place{v}"], y2, v, BOLD, align="centre")


def _draw_turn(c: Any, page: PageTemplate, layout: SheetLayout, box: TurnBox,
               template: Template) -> None:
    """One turn: its ruled box, number, printed cards and reserve line labels."""
    from companion.cards import parse_card
    from companion.paper.cards import draw_card_glyph

    x, y = to_pt(page, box.x, box.y + box.h)
    c.setLineWidth(design.RULE)
    c.setStrokeColorRGB(*design.GUIDE)
    c.rect(x, y, mm(box.w), mm(box.h), stroke=1, fill=0)
    c.setFillColorRGB(*design.INK)
    xs = layout.card_x(box.x)
    mid = box.y + box.h / 2
    _text(c, page, xs["label"], mid - 1.2, "turn")
    _text(c, page, xs["label"], mid + 3.8, str(box.turn), BOLD, 12.0)
    row = template.rows[box.turn - 1]
    cards = [parse_card(t) for t in row.printed.split()]
    gh = min(6.0, layout.pitch - 1.2)
    for line in box.lines:
        if line.card is not None:
            gx, gy = to_pt(page, xs["glyph"], line.y + gh / 2)
            draw_card_glyph(c, cards[line.card - 1], gx, gy, mm(GLYPH_W_MM), mm(gh))
        for k, start in line.reserves:
            c.setFillColorRGB(*design.INK)
            _text(c, page, start - RESERVE_LABEL_MM, line.y + 1.0, f"R{k}", BOLD)


def _draw_foot(c: Any, template: Template, layout: SheetLayout, page: PageTemplate,
               credits: str, title: str, what: str = "mark sheet") -> None:
    """The identity strip (QR code, game, seed, page n of m) at the bottom left between
    the markers, the rules reminder and the credits to its right."""
    from companion.paper.frame import identity_lines, wrap_text
    from companion.paper.identity import draw_identity

    lines = identity_lines(title, template.seed, "",
                           f"{what}, page {page.number} of {page.count}")
    left = mm(STRIP_X_MM)
    right = mm(page.width_mm - STRIP_X_MM)
    w, h = draw_identity(c, left, mm(8.0), page.payload, lines, mm(QR_MM),
                         max_width=mm(100.0))
    x0 = left + w + mm(5.0)
    room = right - x0
    text = REMINDER + (" " + RESERVE_REMINDER if "reserve" in template.variants else "")
    font, size = LABEL.font, LABEL.size
    wrapped = wrap_text(text, font, size, room)
    credit_font, credit_size = design.style("print-note").pair
    credit = wrap_text(credits, credit_font, credit_size, room)
    y = mm(layout.foot - 3.0) - size
    c.setFillColorRGB(*design.INK)
    c.setFont(font, size)
    for line in wrapped:
        c.drawString(x0, y, line)
        y -= size * 1.22
    c.setFont(credit_font, credit_size)
    cy = mm(8.0) + credit_size * 0.3 + credit_size * 1.2 * (len(credit) - 1)
    for line in credit:
        c.drawString(x0, cy, line)
        cy -= credit_size * 1.2
