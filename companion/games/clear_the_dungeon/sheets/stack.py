"""Clear the Dungeon sheets: the stacking list (``stack``): the monster columns and
the power deck in the seed's order."""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING

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
    y = body.y1
    for step in steps:
        y = draw_text(c, body.x, y, body.w, step, size=7.8) - mm(0.8)

    # monster columns
    y -= mm(2)
    y = draw_heading(c, body.x, y, "Monster columns, top card first", 10)
    col_w = body.w / 4
    gw = min(mm(14), (col_w - mm(6)) / 3)
    gh = gw * 1.35
    labels = ("1st, face up", "2nd, face down", "3rd, face down")
    c.saveState()
    for k, col in enumerate(columns):
        x = body.x + k * col_w
        c.setFont(design.BOLD, 8)
        c.setFillColorRGB(*INK)
        c.drawString(x, y - 8, f"Column {k + 1}")
        for i, card in enumerate(col):
            gx = x + i * (gw + mm(1.5))
            gy = y - mm(4.5) - gh
            draw_card_glyph(c, card, gx, gy, gw, gh, highlight=i == 0)
            c.setFont(design.REGULAR, 5.8)
            c.setFillColorRGB(0.3, 0.3, 0.3)
            c.drawCentredString(gx + gw / 2, gy - mm(2.6), labels[i])
    c.restoreState()
    y -= mm(4.5) + gh + mm(6)

    # the power deck
    y = draw_heading(c, body.x, y, f"Power deck, {count} cards, card 1 is the top card", 10)
    per_row = 7
    rows = ceil(count / per_row)
    cell_w = body.w / per_row
    avail = y - mm(1) - body.y
    cell_h = min(avail / rows, mm(22))
    pw = min(mm(13), (cell_h - mm(2)) / 1.35, cell_w * 0.5)
    ph = pw * 1.35
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


def draw_stack_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``stack`` sheet: the stacking list (:func:`draw_stack_page`)."""
    draw_stack_page(doc, sheet.layout, sheet.game, sheet.seed, sheet.variants, sheet.payload)
