"""The Shuffle and Doom stacking list (the ``stack`` sheet): pass 1's order, the map
cards marked, and every later pass a game on the map can reach, each card with its
position in bold beside it, composed to fill the page (issue 25, docs/printing.md,
Design).

How a run is laid out (:func:`plan_stack`): the fewest pages whose cards stay large
enough to read at a glance (:data:`COMFORTABLE_GLYPH` tall; one page more when they
would not be), the passes shared out evenly over the pages, then the number of cards a
row and the card size that make the fullest page fill its body; the spare height of a
page goes between the rows and the passes.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass
from math import ceil
from typing import TYPE_CHECKING, Any

from companion.cards import Card
from companion.games.shuffle_and_doom.drawing import IDENTITY_SHARE, _params_text
from companion.games.shuffle_and_doom.dungeon import DungeonMap, cell_name
from companion.games.shuffle_and_doom.generation import Deal, pass_order
from companion.paper import design
from companion.paper.cards import draw_card_glyph
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    INK,
    draw_title,
    footer_height,
    identity_lines,
    wrap_text,
)
from companion.paper.identity import draw_identity
from companion.paper.layout import Layout, Rect, content_rect
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.shuffle_and_doom import ShuffleAndDoom

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


def _plural(count: int, one: str, many: str | None = None) -> str:
    """``"1 page"``, ``"2 pages"``: the count with the word in the right number."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


Block = tuple[str, str, tuple[Card, ...], set[Card]]
"""A pass of the stacking list: (heading, note, cards top first, cards to mark)."""

HEADING = design.style("heading").pair
NOTE = design.style("body").pair
NOTE_LEADING = 1.25
POSITION = (design.BOLD, 9.0)
"""The position beside each card: bold, dark, larger than the label minimum (8 pt)."""
PRINT_NOTE = design.style("print-note").pair
COLUMNS = (13, 10, 9, 8, 7)
"""The cards a row may hold (52 cards: 4 to 8 rows)."""
MIN_GLYPH = mm(7)
"""The smallest card drawn: its rank still 8 pt and more."""
COMFORTABLE_GLYPH = mm(9)
"""Cards at least this tall read at a glance; a run whose cards would be smaller takes
one page more."""
MAX_GLYPH = mm(24)
"""The tallest card drawn (one pass on a page)."""
ASPECT = 1.35
"""A card glyph's height over its width."""
ROW_GAP = mm(2)
"""The least gap between two rows of cards."""
BLOCK_GAP = mm(4)
"""The least gap between two passes on a page."""
CELL_GAP = mm(2)
"""The least gap between a card and the next position number."""


def stack_blocks(d: Deal) -> list[Block]:
    """The stacking list's blocks in print order, one per pass a game can reach
    (:func:`reachable_passes`): (heading, note, cards top first, cards to mark)."""
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
    blocks: list[Block] = [(
        "Pass 1: stack the deck in this order, card 1 on top",
        f"The first {2 * n} cards (marked) make the map: deal {n} across the top (row "
        f"stack, a to {cell_name((n - 1, 0))[0]}), then {n} down the side (column stack, "
        f"1 to {n}). After choosing your stats put them at the bottom of the deck in the "
        "same order: row stack, then column stack." + ending,
        d.stacked_deck, set(d.row_stack + d.column_stack))]
    for k in range(2, passes + 1):
        last = " No game on this map goes past this pass." if k == passes else ""
        blocks.append((f"Pass {k}: when pass {k - 1} runs out",
                       "Gather every card not on the table and stack them in this order, "
                       f"card 1 on top; skip any card that lies on the table. Cards of pass "
                       f"{k} count x{2 ** (k - 1)}.{last}", pass_order(d.seed, k), set()))
    return blocks


def _position_width() -> float:
    return design.string_width(str(DECK), *POSITION) + mm(1)


def _text_height(block: Block, width: float) -> float:
    """The heading and note of ``block`` over its cards."""
    title, note, _, _ = block
    heads = wrap_text(title, HEADING[0], HEADING[1], width)
    notes = wrap_text(note, NOTE[0], NOTE[1], width)
    return (len(heads) * HEADING[1] * 1.2 + mm(1) + len(notes) * NOTE[1] * NOTE_LEADING
            + mm(2))


@dataclass(frozen=True)
class StackPlan:
    """The stacking list's run: which passes go on each page, the cards a row, the card
    size (points) and the body (under the title, over the footer) of every page."""

    pages: tuple[tuple[int, ...], ...]
    columns: int
    glyph_h: float
    body: Rect

    @property
    def glyph_w(self) -> float:
        """A card glyph's width."""
        return self.glyph_h / ASPECT

    @property
    def cell_w(self) -> float:
        """The width of a position and its card."""
        return self.body.w / self.columns

    def rows(self, block: Block) -> int:
        """The rows of cards ``block`` takes."""
        return ceil(len(block[2]) / self.columns)


def _largest_glyph(blocks: list[Block], pages: list[list[int]], columns: int,
                   body: Rect) -> float:
    """The tallest card with ``columns`` cards a row at which every page's passes fit
    ``body`` (capped at :data:`MAX_GLYPH`; may be under :data:`MIN_GLYPH`)."""
    cell_w = body.w / columns
    by_width = (cell_w - _position_width() - CELL_GAP) * ASPECT
    best = min(by_width, MAX_GLYPH)
    for page in pages:
        fixed = sum(_text_height(blocks[i], body.w) for i in page) + BLOCK_GAP * (len(page) - 1)
        rows = sum(ceil(len(blocks[i][2]) / columns) for i in page)
        best = min(best, (body.h - fixed) / rows - ROW_GAP)
    return best


def _share(count: int, pages: int) -> list[list[int]]:
    """``count`` passes over ``pages`` pages in order, the earlier pages one more when
    they do not share out evenly."""
    out: list[list[int]] = []
    start = 0
    for p in range(pages):
        take = count // pages + (1 if p < count % pages else 0)
        out.append(list(range(start, start + take)))
        start += take
    return out


def plan_stack(blocks: list[Block], body: Rect, layout_name: str = "list") -> StackPlan:
    """The run of ``blocks`` on pages whose body is ``body``: the fewest pages at which
    the cards are :data:`COMFORTABLE_GLYPH` tall or more (else the fewest at which they
    are :data:`MIN_GLYPH`), the passes shared out evenly, the cards a row and the size
    that fill the fullest page.

    Raises LayoutError if a single pass does not fit the body at the smallest size.
    """
    from companion.errors import LayoutError

    def best(pages: list[list[int]]) -> tuple[float, int]:
        return max((_largest_glyph(blocks, pages, cols, body), cols) for cols in COLUMNS)

    chosen: tuple[list[list[int]], float, int] | None = None
    for count in range(1, len(blocks) + 1):
        pages = _share(len(blocks), count)
        glyph, cols = best(pages)
        if glyph >= COMFORTABLE_GLYPH:
            chosen = (pages, glyph, cols)
            break
        if glyph >= MIN_GLYPH and chosen is None:
            chosen = (pages, glyph, cols)
            if count < len(blocks):
                more = _share(len(blocks), count + 1)
                g2, c2 = best(more)
                if g2 >= COMFORTABLE_GLYPH:
                    chosen = (more, g2, c2)
            break
    if chosen is None:
        raise LayoutError(f"layout {layout_name!r} leaves no room for a pass of the "
                          "stacking list: try --layout list")
    pages, glyph, cols = chosen
    return StackPlan(tuple(tuple(p) for p in pages), cols, glyph, body)


def _scratch_canvas() -> Any:
    from reportlab.pdfgen.canvas import Canvas

    design.register()
    return Canvas(io.BytesIO())


def _subtitle(d: Deal, page_no: int, pages: int) -> str:
    where = f" (page {page_no} of {pages})." if pages > 1 else "."
    return (f"Seed {d.seed}, {d.size} x {d.size} map. Arrange a real deck in these orders "
            f"to play the seeded deal{where}")


def draw_stack_pages(doc: SheetDocument, layout: Layout, game: ShuffleAndDoom, d: Deal,
                     payload: str) -> StackPlan:
    """The stacking list: pass 1's order (the map cards marked) and every later pass a
    game on this map can reach, laid out by :func:`plan_stack`, each page numbered
    "page k of m" when there are several. Returns the plan. Raises LayoutError if a
    pass does not fit the layout's page."""
    blocks = stack_blocks(d)
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, d.seed, _params_text(d.size), "stacking list")
    title = f"{game.title}: stacking list"
    # the body of a page: under the title (its longest subtitle), over the footer
    probe = content_rect(layout, doc.paper)
    rest = draw_title(_scratch_canvas(), probe, title, _subtitle(d, 99, 99))
    foot = footer_height(payload, lines, qr_w)
    body = Rect(rest.x, rest.y + foot, rest.w, rest.h - foot)
    plan = plan_stack(blocks, body, layout.name)
    for page_no, indices in enumerate(plan.pages, start=1):
        if page_no > 1:
            doc.new_page()
        c = doc.canvas
        area = content_rect(layout, doc.paper)
        draw_title(c, area, title, _subtitle(d, page_no, len(plan.pages)))
        draw_identity(c, area.x, area.y, payload, lines, qr_w,
                      max_width=area.w * IDENTITY_SHARE)
        _draw_credits(c, area, game.credits)
        page = [blocks[i] for i in indices]
        # the page's spare height: into the rows (up to a third of a card), then between
        # the passes
        used = sum(_text_height(b, body.w) + plan.rows(b) * (plan.glyph_h + ROW_GAP)
                   for b in page) + BLOCK_GAP * (len(page) - 1)
        rows = sum(plan.rows(b) for b in page)
        spare = max(0.0, body.h - used)
        row_extra = min(spare / rows, plan.glyph_h / 3)
        spare -= row_extra * rows
        block_extra = spare / len(page) if len(page) > 1 and page_no < len(plan.pages) \
            else 0.0
        top = body.y1
        for block in page:
            top = _draw_pass_block(c, plan, top, block, ROW_GAP + row_extra)
            top -= BLOCK_GAP + block_extra
    return plan


def _draw_credits(c: Any, area: Rect, credits: str) -> None:
    """The game's credits, a print note at the bottom right of ``area``."""
    c.saveState()
    c.setFont(*PRINT_NOTE)
    c.setFillColorRGB(*INK)
    c.drawRightString(area.x1, area.y + mm(1), credits)
    c.restoreState()


def _draw_pass_block(c: Any, plan: StackPlan, top: float, block: Block,
                     row_pitch_gap: float) -> float:
    """One pass at ``top``: its heading, its note and its cards, each with its position
    in bold at its left. Returns the y under its last row."""
    title, note, cards, marked = block
    x, width = plan.body.x, plan.body.w
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setFont(*HEADING)
    y = top
    for line in wrap_text(title, HEADING[0], HEADING[1], width):
        c.drawString(x, y - HEADING[1], line)
        y -= HEADING[1] * 1.2
    y -= mm(1)
    c.setFont(*NOTE)
    for line in wrap_text(note, NOTE[0], NOTE[1], width):
        c.drawString(x, y - NOTE[1], line)
        y -= NOTE[1] * NOTE_LEADING
    y -= mm(2)
    gw, gh = plan.glyph_w, plan.glyph_h
    pos_w = _position_width()
    # the row's positions and cards centred in their cells
    inner = (plan.cell_w - pos_w - gw) / 2 - CELL_GAP / 2
    for i, card in enumerate(cards):
        r, col = divmod(i, plan.columns)
        cx = x + col * plan.cell_w + max(0.0, inner)
        gy = y - (r + 1) * gh - r * row_pitch_gap
        c.setFont(*POSITION)
        c.setFillColorRGB(*INK)
        c.drawRightString(cx + pos_w - mm(1), gy + gh / 2 - POSITION[1] * 0.35, str(i + 1))
        draw_card_glyph(c, card, cx + pos_w, gy, gw, gh, highlight=card in marked)
    rows = plan.rows(block)
    c.restoreState()
    return y - rows * gh - (rows - 1) * row_pitch_gap - row_pitch_gap
