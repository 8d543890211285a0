"""Shuffle and Doom printed sheets, part two: the stacking list (the deck's passes in
the order to stack them) and the log sheet. The map and the kinds of sheet are in
:mod:`.sheets`."""

from __future__ import annotations

from collections.abc import Iterable
from math import ceil
from typing import TYPE_CHECKING, Any

from companion.cards import Card
from companion.games.shuffle_and_doom.dungeon import DungeonMap, cell_name
from companion.games.shuffle_and_doom.generation import Deal, pass_order
from companion.paper.cards import draw_card_glyph
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    INK,
    TITLE_FONT,
    draw_field,
    draw_footer,
    draw_ruled_lines,
    draw_title,
    footer_height,
    identity_lines,
    wrap_text,
)
from companion.paper.layout import Layout, Rect, content_rect
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.shuffle_and_doom import ShuffleAndDoom


def _params_text(size: int) -> str:
    return f"size {size}x{size}"


# ----------------------------------------------------------------------- stacking
PASS_BLOCK_ROWS = 4
PASS_BLOCK_COLS = 13


DECK = 52


def reachable_passes(dmap: DungeonMap) -> int:
    """The highest deck pass any legal game on ``dmap`` can reach (1 = pass 1 only).

    Why it is sound (docs/rules/shuffle-and-doom.md, *The deck and its passes*, and
    ``rules._draw_seeded``):
    cards are drawn only on first entering a filled room, S cards for a room of S cells,
    and every room is entered at most once (it is emptied before the player may enter
    another), so a game draws at most the map's filled cells in all. A pass ends only
    when a card is needed and none is left; the new pass holds the 52 cards less those of
    the room being drawn (the only cards on the table then). So if a room of S <= 52
    cells is entered with r cards left in the pass, either S <= r (r - S are left), or
    the pass ends after r of its cards and the new one holds 52 - r, of which the room
    takes its other S - r: 52 - S are left, whatever r was. The passes a game reaches
    are therefore exactly the bins of *next fit* packing of the room sizes, in the order
    the rooms are entered, into bins of 52: a room that does not fit the cards left
    starts a new bin. A room of more than 52 cells (a large map's big rectangle) ends
    the pass, takes the whole next pass, and ends that one too with every card on the
    table (the rules say the room holds no more); entered first of all it takes pass 1
    whole and ends it. Either way it counts as a 52-card item plus one extra pass.

    Over every order the player could choose (the map's walls, the player's stats and
    death are ignored: each only forbids orders, so the bound stays sound), next fit
    with B bins G1..GB needs sum(Gj) + first(Gj+1) >= 53 for each j < B. Adding these
    up, F + (the B - 2 largest items) >= 53 (B - 1), where F is the sum of all items.
    The largest such B (plus one per room over 52 cells) is what this returns: no game
    can go further. Stopping early (exit, death) only reaches fewer passes, since adding
    rooms to an order never lowers the count. On maps of at most 52 filled cells (every
    map up to 7x7) it is 1: pass 1's cards never run out. On the seeded 13x13 to 26x26
    maps tried, a legal order of rooms (the player kept alive) reaches the bound in most
    cases and always comes within one pass of it.
    """
    return passes_bound([len(room) for room in dmap.rooms])


def passes_bound(room_sizes: Iterable[int]) -> int:
    """The bound of :func:`reachable_passes` for filled rooms of these sizes (cells), in
    any order."""
    items: list[int] = []
    big = 0
    for size in room_sizes:
        if size > DECK:
            items.append(DECK)
            big += 1
        elif size > 0:
            items.append(size)
    items.sort(reverse=True)
    total = sum(items)
    passes = 1
    while passes + 1 <= len(items):
        b = passes + 1
        if total + sum(items[: b - 2]) >= (DECK + 1) * (b - 1):
            passes = b
        else:
            break
    return passes + big


def later_passes(dmap: DungeonMap) -> int:
    """How many passes after the first the stacking list prints: every one a legal game
    can reach (:func:`reachable_passes`), none more; 0 when pass 1 never runs out."""
    return reachable_passes(dmap) - 1


STACK_GLYPH_MAX = mm(11.5)
"""The tallest card glyph of a stacking list: three passes fit a page of A4 or Letter."""


def _plural(count: int, one: str, many: str | None = None) -> str:
    """``"1 page"``, ``"2 pages"``: the count with the word in the right number."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def stack_blocks(d: Deal) -> list[tuple[str, str, tuple[Card, ...], set[Card]]]:
    """The stacking list's blocks in print order, one per pass a game can reach
    (:func:`reachable_passes`): (title, note, cards top first, cards to mark)."""
    dmap = DungeonMap(d.row_stack, d.column_stack)
    n = d.size
    passes = reachable_passes(dmap)
    filled = sum(len(r) for r in dmap.rooms)
    if passes == 1:
        ending = (f" The rooms of this map have {_plural(filled, 'cell')} in all, so a game "
                  f"draws at most {_plural(filled, 'card')}: pass 1's 52 never run out and "
                  "no later pass is needed.")
    else:
        ending = (f" A game on this map can reach pass {passes} at most (its rooms have "
                  f"{_plural(filled, 'cell')} in all), so the passes after it are not "
                  "printed.")
    blocks: list[tuple[str, str, tuple[Card, ...], set[Card]]] = [(
        "Pass 1: stack the deck in this order, top card first",
        f"The first {2 * n} cards (marked) make the map: deal {n} across the top (row "
        f"stack, a to {cell_name((n - 1, 0))[0]}), then {n} down the side (column stack, "
        f"1 to {n}). After choosing your stats put them at the bottom of the deck in the "
        "same order: row stack, then column stack." + ending,
        d.stacked_deck, set(d.row_stack + d.column_stack))]
    for k in range(2, passes + 1):
        last = " No game on this map goes past this pass." if k == passes else ""
        blocks.append((f"Pass {k}: when pass {k - 1} runs out, gather every card not on "
                       "the table and stack them in this order",
                       f"Skip any card that lies on the table. Cards of pass {k} count "
                       f"x{2 ** (k - 1)}.{last}", pass_order(d.seed, k), set()))
    return blocks


def _block_height(note: str, width: float, glyph_h: float) -> float:
    lines = len(wrap_text(note, "Helvetica", 6.8, width))
    return mm(8) + 8 * lines + PASS_BLOCK_ROWS * (glyph_h + mm(1.2))


def draw_stack_pages(doc: SheetDocument, layout: Layout, game: ShuffleAndDoom, d: Deal,
                     payload: str) -> None:
    """The stacking list: pass 1's order (the map cards marked) and every later pass a
    game on this map can reach, as many to a page as fit, each page numbered "page k
    of m" when there are several. Raises LayoutError if a pass block does not fit the
    layout's page."""
    n = d.size
    blocks = stack_blocks(d)
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, d.seed, _params_text(n), "stacking list")
    subtitle = (f"Seed {d.seed}, {n} x {n} map. Arrange a real deck in these orders to play "
                "the seeded deal (page 99 of 99).")
    # paginate first, so every page can say how many there are
    probe = content_rect(layout, doc.paper)
    title_h = probe.h - _title_rest(probe, subtitle)
    foot = footer_height(payload, lines, qr_w)
    body_h = probe.h - title_h - foot
    glyph_w = probe.w / PASS_BLOCK_COLS
    # the largest glyphs that take no more pages than the smallest would
    options = [_paginate(blocks, probe.w, body_h, h, layout)
               for h in (min(glyph_w * 1.25, STACK_GLYPH_MAX), min(glyph_w * 1.25, mm(15)))]
    glyph_h, pages = options[1] if len(options[1][1]) <= len(options[0][1]) else options[0]
    for page_no, indices in enumerate(pages, start=1):
        if page_no > 1:
            doc.new_page()
        c = doc.canvas
        area = content_rect(layout, doc.paper)
        area = draw_title(c, area, f"{game.title}: stacking list",
                          f"Seed {d.seed}, {n} x {n} map. Arrange a real deck in these "
                          "orders to play the seeded deal"
                          + (f" (page {page_no} of {len(pages)})." if len(pages) > 1
                             else "."))
        draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                    right_text=[game.credits])
        cursor = area.y + area.h
        for i in indices:
            title, note, cards, marked = blocks[i]
            _draw_pass_block(c, area.x, cursor, area.w, glyph_w, glyph_h, title, note,
                             cards, marked)
            cursor -= _block_height(note, area.w, glyph_h) + mm(3)


def _paginate(blocks: list[tuple[str, str, tuple[Card, ...], set[Card]]], width: float,
              body_h: float, glyph_h: float, layout: Layout) -> tuple[float, list[list[int]]]:
    """(``glyph_h``, the block indices of each page) filling pages in order.

    Raises LayoutError if a block is taller than a page's body."""
    from companion.errors import LayoutError

    pages: list[list[int]] = [[]]
    room = body_h
    for i, (_, note, _, _) in enumerate(blocks):
        need = _block_height(note, width, glyph_h)
        if need > body_h:
            raise LayoutError(f"layout {layout.name!r} leaves no room for a pass of the "
                              "stacking list: try --layout list")
        if pages[-1] and need > room:
            pages.append([])
            room = body_h
        pages[-1].append(i)
        room -= need + mm(3)
    return glyph_h, pages


def _title_rest(area: Rect, subtitle: str) -> float:
    """The height :func:`draw_title` leaves of ``area`` under a title and ``subtitle``."""
    from reportlab.lib.utils import simpleSplit

    from companion.paper.frame import SUB_FONT

    used = TITLE_FONT[1] + mm(1.5)
    lines = simpleSplit(subtitle, SUB_FONT[0], SUB_FONT[1], area.w)
    if lines:
        used += SUB_FONT[1] * 1.25 * len(lines) + mm(1)
    return area.h - used - mm(2)


def _draw_pass_block(c: Any, x: float, top: float, width: float, gw: float, gh: float,
                     title: str, note: str, cards: tuple[Card, ...], marked: set[Card]
                     ) -> None:
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setFont("Helvetica-Bold", 9)
    c.drawString(x, top - 9, title)
    c.setFont("Helvetica", 6.8)
    note_lines = wrap_text(note, "Helvetica", 6.8, width)
    for i, line in enumerate(note_lines):
        c.drawString(x, top - 17 - i * 8, line)
    y0 = top - mm(8) - 8 * len(note_lines)
    for i, card in enumerate(cards):
        r, col = divmod(i, PASS_BLOCK_COLS)
        gx = x + col * gw + gw * 0.06
        gy = y0 - (r + 1) * (gh + mm(1.2))
        draw_card_glyph(c, card, gx, gy, gw * 0.74, gh, highlight=card in marked)
        c.setFont("Helvetica", 5.5)
        c.setFillColorRGB(0.35, 0.35, 0.35)
        c.drawString(gx + gw * 0.76, gy + mm(0.6), str(i + 1))
    c.restoreState()


# ---------------------------------------------------------------------- log sheet
VERB_HELP = (
    ("choose row", "or column: the stack giving your bonuses"),
    ("bonus health", "one per diamond: health, attack, intelligence"),
    ("enter a2", "step onto a cell of an unexplored room"),
    ("room 5C 6D KS 5D", "the cards drawn there (rank, then S H D C)"),
    ("hit KS", "hit an enemy; the others strike back"),
    ("disarm 5C", "disarm a trap (intelligence >= its value)"),
    ("take 6D", "take one item: every armed trap fires"),
    ("drink 7H  read 9C", "use a potion / a book you hold"),
    ("loot", "collect what is left in the room"),
    ("retreat c3", "leave a trapped room to a 0 cell beside it"),
    ("exit", "leave through F at the bottom-right cell"),
)


def draw_log_page(doc: SheetDocument, layout: Layout, game: ShuffleAndDoom, d: Deal,
                  payload: str) -> None:
    """Draw the log sheet of deal ``d``: a title, fields for the header, the verbs
    with examples, ruled lines to write the game on, and a footer with the QR code of
    ``payload``."""
    c = doc.canvas
    area = content_rect(layout, doc.paper)
    n = d.size
    area = draw_title(c, area, f"{game.title}: game log",
                      "Write one action per line, as below; type it up later and check it "
                      "with: companion validate my-game.log")
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, d.seed, _params_text(n), "log sheet")
    foot = footer_height(payload, lines, qr_w)
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                right_text=[game.credits])
    top = area.y + area.h
    fh = mm(10)
    fields = (("Game", "shuffle-and-doom"), ("Seed", d.seed), ("Size", str(n)),
              ("Player", ""), ("Date", ""), ("Claim (score)", ""))
    fw = (area.w - mm(2) * 5) / 6
    for i, (label, value) in enumerate(fields):
        draw_field(c, area.x + i * (fw + mm(2)), top - fh, fw, fh, label, value)
    # free deal: map stacks as written by hand
    y = top - fh - mm(2)
    half = (area.w - mm(2)) / 2
    draw_field(c, area.x, y - fh, half, fh, "Row stack, left to right (free deal only)")
    draw_field(c, area.x + half + mm(2), y - fh, half, fh,
               "Column stack, top to bottom (free deal only)")
    y -= fh + mm(3)
    c.saveState()
    c.setFont("Helvetica-Bold", 7.5)
    c.setFillColorRGB(*INK)
    c.drawString(area.x, y - 7.5, "Verbs")
    c.setFont("Helvetica", 7)
    row_h = 8.6
    col_w = area.w / 2
    for i, (verb, meaning) in enumerate(VERB_HELP):
        col, r = divmod(i, ceil(len(VERB_HELP) / 2))
        vx = area.x + col * col_w
        vy = y - 17 - r * row_h
        c.setFont("Courier-Bold", 7)
        c.drawString(vx, vy, verb)
        c.setFont("Helvetica", 6.5)
        c.drawString(vx + mm(30), vy, meaning)
    c.restoreState()
    y -= 17 + ceil(len(VERB_HELP) / 2) * row_h + mm(2)
    draw_ruled_lines(c, Rect(area.x, area.y + foot, area.w, y - (area.y + foot)), columns=2)


