"""Shuffle and Doom printed sheets: the map, the stacking list and the log sheet.

Everything is drawn from the engine's own data (the seeded deal and the map it makes),
so a sheet always shows exactly what the validator will check.
"""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING, Any

from companion.cards import Suit
from companion.games.shuffle_and_doom.dungeon import DungeonMap, bonus_modifier, cell_name
from companion.games.shuffle_and_doom.generation import Deal, deal, pass_order
from companion.games.shuffle_and_doom.rules import BASE_STATS, EASY_STATS, FLAT_VALUE
from companion.paper.cards import draw_card_glyph
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    INK,
    LABEL_FONT,
    draw_field,
    draw_footer,
    draw_ruled_lines,
    draw_title,
    footer_height,
    identity_lines,
    wrap_text,
)
from companion.paper.icons import draw_icon
from companion.paper.layout import Layout, Rect, content_rect, sheet_layout
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.shuffle_and_doom import ShuffleAndDoom

FILLED = (0.78, 0.78, 0.78)
THIN = 0.35
THICK = 1.8
MAX_CELL = mm(20)


class Geometry:
    """Where the map grid lies on the page (points): used by drawing and by tests."""

    def __init__(self, area: Rect, size: int) -> None:
        # columns: stack glyph (1 cell) + numbers (0.5) + grid (n) + numbers (0.5)
        # rows: letters (0.5) + stack glyph (1) + letters (0.5) + grid (n) + letters (0.5)
        cell = min(area.w / (size + 2.2), area.h / (size + 2.7), MAX_CELL)
        self.cell = cell
        self.size = size
        total_w = cell * (size + 2.2)
        total_h = cell * (size + 2.7)
        left = area.x + (area.w - total_w) / 2
        top = area.y + area.h - (area.h - total_h) / 2
        self.grid_x = left + cell * 1.6
        self.grid_top = top - cell * 1.6
        self.grid_y = self.grid_top - cell * size

    def cell_rect(self, col: int, row: int) -> Rect:
        """The rectangle of cell (col, row); row 0 is the top row."""
        return Rect(self.grid_x + col * self.cell, self.grid_top - (row + 1) * self.cell,
                    self.cell, self.cell)


def _layout(options: dict[str, Any], default: str) -> Layout:
    return sheet_layout(options.get("layout"), default)


def _params_text(size: int) -> str:
    return f"size {size}x{size}"


def render(game: ShuffleAndDoom, kind: str, seed: str, params: dict[str, int], paper: str,
           options: dict[str, Any]) -> bytes:
    """The PDF bytes of one sheet kind."""
    size = params["size"]
    d = deal(seed, size)
    payload = game.sheet_payload(seed, params, kind, options)
    if kind == "map":
        # the variants change the starting stats printed on the map (and only there)
        variants = game.sheet_variants(options)
        layout = _layout(options, "map")
        doc = SheetDocument(f"{game.title} map {seed} {size}x{size}", paper,
                            layout.landscape, [payload])
        draw_map_page(doc, layout, game, d, payload, variants)
    elif kind == "stack":
        layout = _layout(options, "list")
        doc = SheetDocument(f"{game.title} stacking list {seed} {size}x{size}", paper,
                            layout.landscape, [payload])
        draw_stack_pages(doc, layout, game, d, payload)
    else:
        layout = _layout(options, "list")
        doc = SheetDocument(f"{game.title} log sheet {seed} {size}x{size}", paper,
                            layout.landscape, [payload])
        draw_log_page(doc, layout, game, d, payload)
    return doc.finish()


# ------------------------------------------------------------------------------ map
def draw_map_page(doc: SheetDocument, layout: Layout, game: ShuffleAndDoom, d: Deal,
                  payload: str, variants: tuple[str, ...] = ()) -> Geometry:
    c = doc.canvas
    area = content_rect(layout, doc.paper)
    size = d.size
    dmap = DungeonMap(d.row_stack, d.column_stack)
    area = draw_title(c, area, f"{game.title}  {size} x {size} dungeon",
                      f"Seed {d.seed}.  Grey cells are filled rooms (X), white cells are "
                      "empty (0). Thick lines are room walls; the small number is the "
                      "room's size S: draw S cards on entering.")
    qr_w = mm(layout.qr_size)
    params_text = _params_text(size) + (f", {', '.join(variants)}" if variants else "")
    lines = identity_lines(game.title, d.seed, params_text, "map")
    bottom = footer_height(payload, lines, qr_w)
    tracker_h = mm(40)
    footer_area = Rect(area.x, area.y, area.w, bottom)
    draw_footer(c, footer_area, payload, lines, qr_w,
                right_text=[game.credits, "Printed by companion: companion validate checks "
                            "your logged game."])
    tracker = Rect(area.x, area.y + bottom, area.w, tracker_h)
    draw_tracker(c, tracker, dmap, variants)
    grid_area = Rect(area.x, area.y + bottom + tracker_h + mm(3), area.w,
                     area.h - bottom - tracker_h - mm(3))
    geo = Geometry(grid_area, size)
    draw_grid(c, geo, dmap)
    return geo


def draw_grid(c: Any, geo: Geometry, dmap: DungeonMap) -> None:
    n, cell = geo.size, geo.cell
    c.saveState()
    # cells
    for r in range(n):
        for col in range(n):
            rect = geo.cell_rect(col, r)
            if dmap.filled((col, r)):
                c.setFillColorRGB(*FILLED)
                c.rect(rect.x, rect.y, rect.w, rect.h, stroke=0, fill=1)
    c.setStrokeColorRGB(0.45, 0.45, 0.45)
    c.setLineWidth(THIN)
    for i in range(n + 1):
        c.line(geo.grid_x + i * cell, geo.grid_y, geo.grid_x + i * cell, geo.grid_top)
        c.line(geo.grid_x, geo.grid_y + i * cell, geo.grid_x + n * cell, geo.grid_y + i * cell)
    # room walls: between a filled and an empty cell, and the outer edge
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(THICK)
    c.setLineCap(2)
    path = c.beginPath()
    for r in range(n):
        for col in range(n):
            here = dmap.filled((col, r))
            if col + 1 < n and dmap.filled((col + 1, r)) != here:
                x = geo.grid_x + (col + 1) * cell
                path.moveTo(x, geo.grid_top - r * cell)
                path.lineTo(x, geo.grid_top - (r + 1) * cell)
            if r + 1 < n and dmap.filled((col, r + 1)) != here:
                y = geo.grid_top - (r + 1) * cell
                path.moveTo(geo.grid_x + col * cell, y)
                path.lineTo(geo.grid_x + (col + 1) * cell, y)
    path.rect(geo.grid_x, geo.grid_y, n * cell, n * cell)
    c.drawPath(path, stroke=1, fill=0)
    # room sizes, in each room's first cell
    c.setFillColorRGB(*INK)
    num_size = max(4.5, min(8.0, cell * 0.3))
    c.setFont("Helvetica-Bold", num_size)
    for room in dmap.rooms:
        rect = geo.cell_rect(*room[0])
        c.drawString(rect.x + cell * 0.08, rect.y + cell - num_size * 0.95, str(len(room)))
    # stack cards: row stack above the columns, column stack left of the rows
    gw, gh = cell * 0.82, cell * 0.92
    for col, card in enumerate(dmap.row_stack):
        x = geo.grid_x + col * cell + (cell - gw) / 2
        draw_card_glyph(c, card, x, geo.grid_top + cell * 0.55, gw, gh)
    for r, card in enumerate(dmap.column_stack):
        y = geo.grid_top - (r + 1) * cell + (cell - gh) / 2
        draw_card_glyph(c, card, geo.grid_x - cell * 1.55, y, gw, gh)
    # coordinates on all four edges
    font = max(5.0, min(9.0, cell * 0.34))
    c.setFont("Helvetica", font)
    c.setFillColorRGB(0.2, 0.2, 0.2)
    for col in range(n):
        x = geo.grid_x + (col + 0.5) * cell
        letter = chr(ord("a") + col)
        c.drawCentredString(x, geo.grid_top + cell * 0.12, letter)
        c.drawCentredString(x, geo.grid_y - cell * 0.12 - font * 0.75, letter)
    for r in range(n):
        y = geo.grid_top - (r + 0.5) * cell - font * 0.35
        c.drawRightString(geo.grid_x - cell * 0.1, y, str(r + 1))
        c.drawString(geo.grid_x + n * cell + cell * 0.1, y, str(r + 1))
    # P: the player starts outside next to a1; F: the exit beyond the bottom-right cell
    icon = cell * 0.5
    px, py = geo.grid_x - cell * 0.3, geo.grid_top + cell * 0.3
    draw_icon(c, "player", px, py + icon * 0.1, icon)
    c.setFont("Helvetica-Bold", font)
    c.setFillColorRGB(*INK)
    c.drawRightString(px - icon * 0.55, py - font * 0.35, "P")
    fx, fy = geo.grid_x + n * cell + cell * 0.35, geo.grid_y - cell * 0.35
    draw_icon(c, "exit", fx, fy, icon)
    c.drawString(fx + icon * 0.6, fy - font * 0.35, "F")
    c.restoreState()


def _stack_bonus_text(cards: tuple, size: int) -> str:
    b = bonus_modifier(size)
    hearts = sum(1 for x in cards if x.suit is Suit.HEARTS)
    spades = sum(1 for x in cards if x.suit is Suit.SPADES)
    clubs = sum(1 for x in cards if x.suit is Suit.CLUBS)
    diamonds = sum(1 for x in cards if x.suit is Suit.DIAMONDS)
    return (f"health {7 + hearts * b}, attack {3 + spades * b}, intelligence {3 + clubs * b}"
            + (f", +1 x {diamonds} to share" if diamonds else ""))


def draw_tracker(c: Any, area: Rect, dmap: DungeonMap,
                 variants: tuple[str, ...] = ()) -> None:
    """Stats boxes to pencil in, the inventory, the pass and the starting stats (as the
    variants set them)."""
    c.saveState()
    n = dmap.size
    top = area.y + area.h
    c.setFont("Helvetica-Bold", 8)
    c.setFillColorRGB(*INK)
    c.drawString(area.x, top - 8, "Your stats (pencil, erase as they change)")
    c.setFont("Helvetica", 7)
    b = bonus_modifier(n)
    start = EASY_STATS if "easy-stats" in variants else BASE_STATS
    flat = (f" Potions and books add {FLAT_VALUE}." if "flat-consumables" in variants
            else "")
    c.drawString(area.x, top - 17, f"Start {start['health']} health, {start['intelligence']} "
                 f"intelligence, {start['attack']} attack, 0 gold; each map card of the "
                 f"chosen stack adds {b} (diamonds: +1 to a stat of your choice).{flat}")
    c.drawString(area.x, top - 25, f"Row stack gives {_stack_bonus_text(dmap.row_stack, n)}.   "
                 f"Column stack gives {_stack_bonus_text(dmap.column_stack, n)}.")
    stats = (("heart", "Health"), ("club", "Intelligence"), ("spade", "Attack"),
             ("diamond", "Gold held"), ("gold", "Gold banked"))
    box_w = (area.w - mm(2) * (len(stats) - 1)) / len(stats)
    box_h = mm(13)
    y = top - mm(11) - box_h
    for i, (icon, label) in enumerate(stats):
        x = area.x + i * (box_w + mm(2))
        draw_field(c, x, y, box_w, box_h, "      " + label)
        draw_icon(c, icon, x + mm(2.4), y + box_h - mm(2.2), mm(3))
    # inventory and pass tracker
    y2 = y - mm(2)
    inv_w = area.w * 0.66
    labels = (("heart", "Potions"), ("club", "Books"), ("diamond", "Gold"))
    row_h = (y2 - area.y) / len(labels)
    c.setFont(*LABEL_FONT)
    for i, (icon, label) in enumerate(labels):
        ly = y2 - (i + 1) * row_h
        draw_icon(c, icon, area.x + mm(1.6), ly + mm(2.2), mm(2.6))
        c.setFillColorRGB(*INK)
        c.drawString(area.x + mm(3.6), ly + mm(1.2), label)
        c.setStrokeColorRGB(0.55, 0.55, 0.55)
        c.setLineWidth(0.4)
        c.line(area.x + mm(16), ly + mm(1), area.x + inv_w, ly + mm(1))
    px = area.x + inv_w + mm(4)
    c.setFillColorRGB(*INK)
    c.setFont("Helvetica-Bold", 7)
    c.drawString(px, y2 - mm(3), "Deck pass (card values)")
    c.setFont("Helvetica", 7)
    box = mm(3.2)
    for k in range(6):
        bx = px + (k % 3) * mm(18)
        by = y2 - mm(8) - (k // 3) * mm(5)
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(0.6)
        c.rect(bx, by, box, box, stroke=1, fill=0)
        c.drawString(bx + box + mm(1), by + mm(0.7), f"{k + 1}: x{2 ** k}")
    c.restoreState()


# ----------------------------------------------------------------------- stacking
PASS_BLOCK_ROWS = 4
PASS_BLOCK_COLS = 13


def later_passes(dmap: DungeonMap) -> int:
    """How many passes after the first the list prints: enough for every filled cell
    to be drawn even when up to a largest room's worth of cards lies on the table at
    each reshuffle, at least 2, at most 12."""
    filled = sum(len(r) for r in dmap.rooms)
    largest = max((len(r) for r in dmap.rooms), default=1)
    per_pass = max(13, 52 - min(largest, 52) + 1)
    needed = ceil(max(0, filled - 52) / per_pass) + 1
    return max(2, min(12, needed))


def draw_stack_pages(doc: SheetDocument, layout: Layout, game: ShuffleAndDoom, d: Deal,
                     payload: str) -> None:
    dmap = DungeonMap(d.row_stack, d.column_stack)
    n = d.size
    blocks: list[tuple[str, str, tuple, set]] = [(
        "Pass 1: stack the deck in this order, top card first",
        f"The first {2 * n} cards (marked) make the map: deal {n} across the top (row "
        f"stack, a to {cell_name((n - 1, 0))[0]}), then {n} down the side (column stack, "
        f"1 to {n}). After choosing your stats put them at the bottom of the deck in the "
        "same order: row stack, then column stack.",
        d.stacked_deck, set(d.row_stack + d.column_stack))]
    for k in range(2, 2 + later_passes(dmap)):
        blocks.append((f"Pass {k}: when pass {k - 1} runs out, gather every card not on "
                       "the table and stack them in this order",
                       f"Skip any card that lies on the table. Cards of pass {k} count "
                       f"x{2 ** (k - 1)}.", pass_order(d.seed, k), set()))
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, d.seed, _params_text(n), "stacking list")
    first = True
    index = 0
    while index < len(blocks):
        if not first:
            doc.new_page()
        c = doc.canvas
        area = content_rect(layout, doc.paper)
        page_no = doc.page_count
        area = draw_title(c, area, f"{game.title}: stacking list",
                          f"Seed {d.seed}, {n} x {n} map. Arrange a real deck in these "
                          f"orders to play the seeded deal (page {page_no}).")
        foot = footer_height(payload, lines, qr_w)
        draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                    right_text=[game.credits])
        body = Rect(area.x, area.y + foot, area.w, area.h - foot)
        cursor = body.y + body.h
        glyph_w = body.w / PASS_BLOCK_COLS
        glyph_h = min(glyph_w * 1.25, mm(15))
        block_h = mm(8) + 16 + PASS_BLOCK_ROWS * (glyph_h + mm(1.2))
        placed = 0
        while index < len(blocks) and cursor - block_h >= body.y:
            title, note, cards, marked = blocks[index]
            _draw_pass_block(c, body.x, cursor, body.w, glyph_w, glyph_h, title, note,
                             cards, marked)
            cursor -= block_h + mm(3)
            index += 1
            placed += 1
        if placed == 0:  # pragma: no cover - a block always fits a page
            raise RuntimeError("stacking block does not fit the page")
        first = False


def _draw_pass_block(c: Any, x: float, top: float, width: float, gw: float, gh: float,
                     title: str, note: str, cards: tuple, marked: set) -> None:
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
