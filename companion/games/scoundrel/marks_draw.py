"""Drawing Scoundrel's mark sheet (:mod:`companion.games.scoundrel.marks`) with
reportlab: corner markers, identity strip and title, the how-to-mark note and the notes
(page 1), column heads and the numbered rows of bubbles. Imported only to print."""

from __future__ import annotations

from typing import Any

from companion.errors import LayoutError
from companion.games.scoundrel import marks as m
from companion.games.scoundrel.generation import dungeon
from companion.marks.paper import draw_bubble, draw_fiducials, draw_how_to, how_to_height
from companion.marks.template import PageTemplate, Template
from companion.paper import design
from companion.paper.frame import draw_text, identity_lines, wrap_text
from companion.paper.identity import draw_identity, identity_size
from companion.paper.units import mm

__all__ = ["NOTES", "draw_page"]

CREDITS = "Scoundrel by Zach Gage and Kurt Bieg"
NOTES = ("One row for every room dealt, avoided rooms too. Number the room's cards 1 to 4 "
         "in the order dealt (the card that stayed from the last room is 1). For each card "
         "you face, in order, fill its number under 1st, 2nd or 3rd card faced; for a "
         "monster, also fight (bare-handed) or slay (with the weapon). The last room has "
         "two cards: you may face both. Stop where the game ends.")
"""What to mark (page 1), above the first room's cards."""


def _y(page: PageTemplate, y_mm: float) -> float:
    """Points from the bottom of the page of ``y_mm`` from its top."""
    return mm(page.height_mm - y_mm)


def draw_page(c: Any, template: Template, page: PageTemplate, layout: m.PageLayout,
              filled: frozenset[str]) -> None:
    """One page of the mark sheet (``layout``: :func:`~companion.games.scoundrel.marks.
    page_layouts`' for it). Raises LayoutError if the notes outgrow their room."""
    draw_fiducials(c, page)
    _draw_header(c, template, page, "Answer key" if filled else "Mark sheet")
    if page.number == 1:
        top = m.EDGE_MM + m.STRIP_MM + m.HOW_TO_GAP_MM
        draw_how_to(c, mm(m.SIDE_MM), _y(page, top), mm(page.width_mm - 2 * m.SIDE_MM))
        top += how_to_height() / mm(1) + m.HOW_TO_GAP_MM
        _draw_notes(c, template, page, top)
    x0 = m.block_left(page.width_mm)
    _draw_heads(c, page, x0, layout.heads_top)
    rows = [r for r in template.rows if r.page == page.number]
    _draw_rules(c, page, x0, layout, len(rows))
    label = design.style("heading")
    for row in rows:
        x, y, _, h = row.box
        c.saveState()
        c.setFillColorRGB(*design.INK)
        c.setFont(design.BOLD, label.minimum)
        c.drawRightString(mm(x + m.NUMBER_X), _y(page, y + h / 2) - label.minimum * 0.35,
                          str(row.number))
        c.restoreState()
        for bubble in template.row_bubbles(row):
            draw_bubble(c, page, bubble, bubble.id in filled)


def _draw_header(c: Any, template: Template, page: PageTemplate, what: str) -> None:
    """The identity strip at the top left, the title block at the top right (``what``:
    "Mark sheet", or "Answer key" with bubbles filled by a log)."""
    title_x = page.width_mm - m.SIDE_MM - m.TITLE_W_MM
    words = m.variant_words(template.variants)
    lines = identity_lines("Scoundrel", template.seed, "",
                           f"{what.lower()}, page {page.number} of {page.count}")
    room = mm(title_x - 3.0 - m.SIDE_MM)
    _, h = identity_size(page.payload, lines, None, room)
    if h > mm(m.STRIP_MM):
        raise LayoutError(f"the identity strip of seed {template.seed} outgrows its room")
    draw_identity(c, mm(m.SIDE_MM), _y(page, m.EDGE_MM) - h, page.payload, lines, None, room)
    title = design.style("title")
    label = design.style("label")
    note = design.style("print-note")
    c.saveState()
    c.setFillColorRGB(*design.INK)
    x = mm(title_x)
    y = _y(page, m.EDGE_MM) - title.size * 0.8
    c.setFont(title.font, title.size)
    c.drawString(x, y, what)
    y -= title.size * 0.5 + label.size * 1.1
    c.setFont(label.font, label.size)
    for text in (f"Page {page.number} of {page.count}", words[0].upper() + words[1:]):
        c.drawString(x, y, text)
        y -= label.size * 1.3
    c.setFont(note.font, note.size)
    y -= note.size * 0.4
    for text in wrap_text(CREDITS, note.font, note.size, mm(m.TITLE_W_MM)):
        c.drawString(x, y, text)
        y -= note.size * 1.3
    c.restoreState()


def _draw_notes(c: Any, template: Template, page: PageTemplate, top: float) -> None:
    """What to mark, and the first room as the seed deals it."""
    body = design.style("body")
    width = mm(page.width_mm - 2 * m.SIDE_MM)
    first = dungeon(template.seed)[: m.POSITIONS]
    cards = "   ".join(f"{i}: {card}" for i, card in enumerate(first, start=1))
    c.saveState()
    y = draw_text(c, mm(m.SIDE_MM), _y(page, top), width, NOTES, body.font, body.size)
    y = draw_text(c, mm(m.SIDE_MM), y, width,
                  f"Your first room, as the seed deals it (check your deck):   {cards}",
                  design.BOLD, body.size)
    c.restoreState()
    if y < _y(page, top + m.NOTES_MM):
        raise LayoutError("the mark sheet's notes outgrow their room")


def _draw_heads(c: Any, page: PageTemplate, x0: float, top: float) -> None:
    """The column heads: each group's name over it, each column's label over it."""
    label = design.style("label")
    group_y = _y(page, top + 3.0)
    label_y = _y(page, top + m.COLUMN_HEAD_MM - 1.8)
    c.saveState()
    c.setFillColorRGB(*design.INK)
    c.setFont(label.font, label.size)
    c.drawRightString(mm(x0 + m.NUMBER_X), label_y, "room")
    c.drawCentredString(mm(x0 + m.AVOID_X), label_y, "avoid")
    for k in range(1, m.FACES + 1):
        gx = x0 + m.GROUP_X + (k - 1) * m.GROUP_PITCH
        c.setFont(design.BOLD, label.size)
        c.drawCentredString(mm(gx + m.VERB_X[-1] / 2), group_y,
                            f"{m.ordinal(k)} card faced")
        c.setFont(label.font, label.size)
        for p in range(1, m.POSITIONS + 1):
            c.drawCentredString(mm(gx + (p - 1) * m.CARD_PITCH), label_y, str(p))
        for verb, dx in zip(m.VERBS, m.VERB_X, strict=True):
            c.drawCentredString(mm(gx + dx), label_y, verb)
    c.restoreState()


def _draw_rules(c: Any, page: PageTemplate, x0: float, layout: m.PageLayout,
                rows: int) -> None:
    """Hairlines between the rows, and between the avoid column and the groups."""
    top = layout.rows_top
    bottom = top + rows * layout.pitch
    c.saveState()
    c.setLineWidth(design.HAIRLINE)
    c.setStrokeColorRGB(*design.GUIDE)
    for i in range(rows + 1):
        y = _y(page, top + i * layout.pitch)
        c.line(mm(x0), y, mm(x0 + m.BLOCK_W), y)
    seps = [(m.AVOID_X + m.GROUP_X) / 2]
    seps += [m.GROUP_X + (k - 1) * m.GROUP_PITCH
             + (m.VERB_X[-1] + m.GROUP_PITCH) / 2 for k in range(1, m.FACES)]
    for dx in seps:
        c.line(mm(x0 + dx), _y(page, top), mm(x0 + dx), _y(page, bottom))
    c.restoreState()


def draw_sheet(doc: Any, template: Template, filled: frozenset[str]) -> None:
    """Every page of ``template`` into ``doc`` (a
    :class:`~companion.paper.document.SheetDocument`): corner markers, identity strip,
    title, the how-to-mark note and notes (page 1), column heads, numbered rows of
    bubbles (those in ``filled`` solid).

    Raises LayoutError if the notes outgrow the room kept for them."""
    layouts = m.page_layouts(template.pages[0].width_mm, template.pages[0].height_mm,
                             len(template.rows))
    for page, layout in zip(template.pages, layouts, strict=True):
        if page.number > 1:
            doc.new_page()
        draw_page(doc.canvas, template, page, layout, filled)
