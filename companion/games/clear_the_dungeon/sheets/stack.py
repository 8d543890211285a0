"""Clear the Dungeon sheets: the stacking list (``stack``): the monster columns and
the power deck in the seed's order."""

from __future__ import annotations

from collections.abc import Sequence
from math import ceil
from typing import TYPE_CHECKING, Any

from companion.cards import Card
from companion.games.clear_the_dungeon.sheets.common import Sheet, _variant_words, stack_order
from companion.paper import design
from companion.paper.cards import draw_card_glyph
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    INK,
    draw_footer,
    draw_heading,
    draw_text,
    draw_title,
    footer_height,
    identity_lines,
)
from companion.paper.layout import Layout, Rect
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.clear_the_dungeon import ClearTheDungeon


def draw_stack_page(doc: SheetDocument, layout: Layout, game: ClearTheDungeon, seed: str,
                    variants: tuple[str, ...], payload: str) -> None:
    """The stacking list: monster columns as dealt, then the power deck, top first."""
    c = doc.canvas
    area = doc.page_rect.inset(mm(layout.margin))
    columns, power = stack_order(seed, variants)
    count = len(power)
    area = draw_title(c, area, f"{game.title}: stacking list",
                      f"Seed {seed}, {_variant_words(variants)}. Arrange a real 54-card "
                      "deck in this order to play the seeded deal: everyone who plays this "
                      "seed meets the same monsters and draws the same cards.")
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, seed, "",
                           f"stacking list; {_variant_words(variants)}")
    foot = footer_height(payload, lines, qr_w)
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                right_text=[game.credits])
    body = Rect(area.x, area.y + foot, area.w, area.h - foot)
    jokers = ("Leave both jokers out of the game (variant no-jokers)." if count == 40
              else "Both jokers belong to the power deck.")
    steps = (
        f"1. Sort the cards: the 12 J, Q and K are the monsters; A to 10 of every suit "
        f"are the power deck. {jokers}",
        "2. Monsters: for each column put its 3rd card face down, the 2nd face down on "
        "top of it and the 1st face up on top. Columns 1 to 4 run from left to right.",
        f"3. Power deck: lay the cards face up in one pile in list order, card 1 first, "
        f"card 2 on top of it, up to card {count}. Then turn the whole pile over: card 1 "
        "is now the top card, face down.",
        "4. Stack without reading ahead, or let someone else do it. In the log of a "
        "seeded game 'draw' alone is enough: the validator knows the order.",
    )
    body_font, body_size = design.style("body").pair
    y = body.y1
    for step in steps:
        y = draw_text(c, body.x, y, body.w, step, body_font, body_size) - mm(1)
    heading = design.style("heading").size
    # the page's height left for the two lists, shared out so the page is used: the
    # monster columns take three rows of cards, the power deck its rows
    per_row = 7
    rows = ceil(count / per_row)
    room = y - mm(3) - 2 * heading * 1.3 - mm(6) - body.y
    row_h = min(mm(26), max(mm(12), room / (rows + 1.8)))
    y -= mm(3)
    y = draw_heading(c, body.x, y, "Monster columns, top card first: the 1st face up, "
                     "the 2nd and 3rd face down", heading)
    y = _draw_monster_columns(c, body, y, columns, row_h * 1.8)
    y -= mm(4)
    y = draw_heading(c, body.x, y, f"Power deck, {count} cards, card 1 is the top card",
                     heading)
    cell_w = body.w / per_row
    cell_h = min((y - mm(1) - body.y) / rows, mm(26))
    pw = min((cell_h - mm(2)) / 1.2, cell_w - mm(11))
    ph = min(pw * 1.35, cell_h - mm(2))
    c.saveState()
    for i, card in enumerate(power):
        row, place = divmod(i, per_row)
        cx = body.x + place * cell_w
        cy = y - mm(1) - (row + 1) * cell_h + (cell_h - ph) / 2
        c.setFont(design.BOLD, 10)
        c.setFillColorRGB(0.3, 0.3, 0.3)
        c.drawRightString(cx + mm(8), cy + ph / 2 - 3.5, str(i + 1))
        draw_card_glyph(c, card, cx + mm(9.5), cy, pw, ph)
    c.restoreState()


_PLACES = (("1st", "up"), ("2nd", "down"), ("3rd", "down"))


def _draw_monster_columns(c: Any, body: Rect, top: float,
                          columns: Sequence[Sequence[Card]], height: float) -> float:
    """The four monster columns side by side, each its three cards in a row, top card
    first, its place (bold) and facing (up, down) under each card at label size, the whole
    ``height`` points tall at most; returns the y under them."""
    label_font, label_size = design.style("label").pair
    col_w = body.w / 4
    gap = mm(1.5)
    gw = min((col_w - mm(4) - 2 * gap) / 3, mm(17))
    gh = min(gw * 1.35, height - mm(5) - 2.4 * label_size)
    gw = gh / 1.35
    # a card every ``step``: its facing (the widest label) never runs into the next one
    step = max(gw + gap, c.stringWidth("down", label_font, label_size) + mm(1.2))
    c.saveState()
    for k, col in enumerate(columns):
        x = body.x + k * col_w
        c.setFont(design.BOLD, label_size + 1)
        c.setFillColorRGB(*INK)
        c.drawString(x, top - (label_size + 1) * 0.8, f"Column {k + 1}")
        gy = top - mm(5) - gh
        for i, card in enumerate(col):
            gx = x + i * step + (step - gap - gw) / 2
            draw_card_glyph(c, card, gx, gy, gw, gh, highlight=i == 0)
            place, facing = _PLACES[i]
            c.setFillColorRGB(*INK)
            c.setFont(design.BOLD, label_size)
            c.drawCentredString(gx + gw / 2, gy - label_size * 1.05, place)
            c.setFont(label_font, label_size)
            c.setFillColorRGB(0.25, 0.25, 0.25)
            c.drawCentredString(gx + gw / 2, gy - label_size * 2.2, facing)
    c.restoreState()
    return gy - label_size * 2.6


def draw_stack_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``stack`` sheet: the stacking list (:func:`draw_stack_page`)."""
    draw_stack_page(doc, sheet.layout, sheet.game, sheet.seed, sheet.variants, sheet.payload)
