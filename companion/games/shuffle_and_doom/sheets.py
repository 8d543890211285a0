"""Shuffle and Doom printed sheets: the map, the stacking list and the log sheet (the
hand record is drawn by :mod:`companion.games.shuffle_and_doom.record`, with the map
of :mod:`.drawing`).

Everything is drawn from the engine's own data (the seeded deal and the map it makes),
so a sheet always shows exactly what the validator will check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from math import ceil
from typing import TYPE_CHECKING, Any

from companion.cards import Card, Suit
from companion.games.shuffle_and_doom.drawing import (
    COMPACT,
    FULL_PAGE,
    Geometry,
    _params_text,
    draw_grid,
)
from companion.games.shuffle_and_doom.dungeon import DungeonMap, bonus_modifier, cell_name
from companion.games.shuffle_and_doom.generation import Deal, deal, pass_order
from companion.games.shuffle_and_doom.rules import BASE_STATS, EASY_STATS, FLAT_VALUE
from companion.games.shuffle_and_doom.sheets_log import draw_log_page
from companion.paper import design
from companion.paper.cards import draw_card_glyph, fit_font_size
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    INK,
    SCALE_BAR_FONT,
    SCALE_BAR_HEIGHT,
    SCALE_BAR_MM,
    TITLE_FONT,
    draw_field,
    draw_footer,
    draw_scale_bar,
    draw_title,
    footer_height,
    identity_lines,
    title_size,
    wrap_text,
)
from companion.paper.icons import draw_icon
from companion.paper.identity import identity_size
from companion.paper.layout import Layout, Rect, content_rect, sheet_layout
from companion.paper.qr import qr_footprint
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.shuffle_and_doom import ShuffleAndDoom

# ------------------------------------------------------------------------------ map
GAP = mm(2)
"""Between the grid's frame and what lies under it."""
COMFORTABLE_CELL = mm(15)
"""Cells at least this big leave room for the full-width stats tracker under the map."""
SUBTITLE = ("Seed {seed}. Grey: filled rooms (X); white: empty (0); thick lines: room walls; "
            "a room's small number is its size S: draw S cards on entering.")


@dataclass(frozen=True)
class MapPlan:
    """Where everything on the map page lies (points), for drawing and for tests.

    ``arrangement``: ``"stacked"`` (the stats tracker across the page between the map
    and the identity footer: small maps) or ``"side"`` (the tracker beside the identity
    block, so the grid gets the height: large maps). ``credits``: the bottom-left of the
    credit lines and their font size. ``scale_bar``: the bottom-left of the 50 mm bar.
    """

    arrangement: str
    geometry: Geometry
    tracker: Rect
    footer: Rect
    identity: Rect
    credits: tuple[float, float, float] | None
    scale_bar: tuple[float, float]


def _scale_bar_width() -> float:
    return mm(SCALE_BAR_MM) + mm(2) + design.string_width(
        f"this bar is {SCALE_BAR_MM:g} mm: print at 100 %", *SCALE_BAR_FONT)


def _best_geometry(area: Rect, size: int, top: bool) -> Geometry:
    """The grid in ``area``: the full frame while its cells are comfortable (15 mm) or
    as large as the compact frame's (within 1 %); else the compact one."""
    full = Geometry(area, size, FULL_PAGE, top=top)
    compact = Geometry(area, size, COMPACT, top=top)
    if full.cell >= COMFORTABLE_CELL or compact.cell <= full.cell * 1.01:
        return full
    return compact


def plan_map_page(area: Rect, title_w: float, title_baseline: float, size: int,
                  payload: str, lines: list[str], qr_w: float, tracker: Tracker) -> MapPlan:
    """Lay out the map page in ``area`` (the content under the title, whose first line,
    ``title_w`` wide on ``title_baseline``, may have room at its right): the grid as
    large as the paper allows, with the tracker, the identity footer and the scale bar
    kept clear of one another.

    Two arrangements are tried: the tracker across the page over the footer, or beside
    the identity block. The first is kept while its cells are comfortable (15 mm) or
    nearly as large as the second's; a large map takes the second.

    Raises LayoutError if neither arrangement leaves room for the grid, ValueError if
    the identity block cannot be drawn (as draw_identity).
    """
    bar_w = _scale_bar_width()
    # the scale bar on the title's line, at the right, when it fits there; else on a
    # strip of its own under the title
    on_title_line = title_w + mm(4) + bar_w <= area.w
    head = area if on_title_line else Rect(area.x, area.y, area.w,
                                           area.h - SCALE_BAR_HEIGHT - mm(2))
    foot_h = footer_height(payload, lines, qr_w)
    id_w, id_h = identity_size(payload, lines, qr_w, max_width=area.w * 0.62)

    # stacked: grid, tracker across the page, footer
    t_h = tracker.height(head.w)
    grid_area = Rect(head.x, head.y + foot_h + t_h + GAP, head.w,
                     head.h - foot_h - t_h - GAP)
    stacked = _best_geometry(grid_area, size, top=False) if grid_area.h > 0 else None
    # side: grid, then the identity block with the tracker beside it
    col_x = head.x + id_w + mm(5)
    col_w = head.x1 - col_x
    side = None
    identity = Rect(head.x, head.y, id_w, id_h)
    beside_qr = _credits_spot(payload, lines, qr_w, identity)
    lift = 0.0 if beside_qr else CREDIT_LINES * CREDIT_FONT * 1.3 + mm(1)
    if col_w >= TRACKER_MIN_W:
        band = max(id_h, tracker.height(col_w) + lift)
        side_area = Rect(head.x, head.y + band + GAP, head.w, head.h - band - GAP)
        if side_area.h > 0:
            side = _best_geometry(side_area, size, top=True)
    if stacked is None and side is None:
        from companion.errors import LayoutError

        raise LayoutError("the map does not fit this layout's page: try --layout map")
    use_stacked = side is None or (stacked is not None and (
        stacked.cell >= COMFORTABLE_CELL or stacked.cell >= side.cell * 0.95))
    footer = Rect(head.x, head.y, head.w, foot_h)
    if use_stacked:
        assert stacked is not None
        geo = stacked
        tracker_rect = Rect(head.x, head.y + foot_h, head.w, t_h)
        credits = None
        arrangement = "stacked"
    else:
        assert side is not None
        geo = side
        # the credits beside the QR code, or else at the foot of the tracker's column
        credits = beside_qr or (col_x, head.y, CREDIT_FONT)
        tracker_rect = Rect(col_x, head.y + lift, col_w, geo.block.y - GAP - head.y - lift)
        arrangement = "side"
    bar = (area.x1 - bar_w, title_baseline) if on_title_line else (area.x, head.y1 + mm(1))
    return MapPlan(arrangement, geo, tracker_rect, footer, identity, credits, bar)


CREDIT_LINES = 2
CREDIT_FONT = 6.3


def _credits_spot(payload: str, lines: list[str], qr_w: float,
                  identity: Rect) -> tuple[float, float, float] | None:
    """Where the credit lines go in the side arrangement: beside the QR code, under the
    identity text (which is centred on the code) when there is room; else None (they go
    at the bottom of the tracker's column)."""
    from companion.paper.identity import BODY_STYLE, LEADING, SEED_STYLE, TITLE_STYLE

    side = qr_footprint(payload, qr_w)
    # the text at its full size (a line set smaller only leaves more room)
    text_h = LEADING * sum(TITLE_STYLE[1] if i == 0 else SEED_STYLE[1] if i == 1
                           else BODY_STYLE[1] for i in range(len(lines)))
    free = (side - text_h) / 2
    need = CREDIT_LINES * CREDIT_FONT * 1.3 + mm(1)
    if free < need:
        return None
    return (identity.x + side + mm(1), identity.y + mm(0.5), CREDIT_FONT)


def _stack_bonus_text(cards: tuple[Card, ...], size: int, start: dict[str, int]) -> str:
    b = bonus_modifier(size)
    hearts = sum(1 for x in cards if x.suit is Suit.HEARTS)
    spades = sum(1 for x in cards if x.suit is Suit.SPADES)
    clubs = sum(1 for x in cards if x.suit is Suit.CLUBS)
    diamonds = sum(1 for x in cards if x.suit is Suit.DIAMONDS)
    return (f"health {start['health'] + hearts * b}, attack {start['attack'] + spades * b}, "
            f"intelligence {start['intelligence'] + clubs * b}"
            + (f", +1 x {diamonds} to share" if diamonds else ""))


TRACKER_MIN_W = mm(75)
"""The narrowest column the stats tracker is drawn in."""
WIDE_TRACKER_W = mm(150)
"""From this width on the tracker uses its larger type and boxes."""
STATS = (("heart", "Health"), ("club", "Intelligence"), ("spade", "Attack"),
         ("diamond", "Gold held"), ("gold", "Gold banked"))
INVENTORY = (("heart", "Potions"), ("club", "Books"), ("diamond", "Gold"))
PASS_HEADING = "Deck pass (card values)"
PASS_VALUE_FONT = 4.8
ONE_PASS_TEXT = ("Pass 1 only: this map never runs out of cards, so every card counts its "
                 "face value.")


@dataclass(frozen=True)
class _Style:
    heading: float  # heading font size
    text: float  # text font size
    leading: float  # text line pitch
    box_min: float
    box_max: float
    row_min: float  # inventory and pass rows
    row_max: float
    label: float  # stat box labels, inventory and pass labels


WIDE = _Style(8.0, 7.0, 8.5, mm(11), mm(13), mm(4.6), mm(6), 7.0)
NARROW = _Style(7.5, 6.0, 6.9, mm(7.5), mm(12), mm(4.0), mm(6), 6.3)


class Tracker:
    """The stats tracker: starting stats as the variants set them, what each map stack
    gives, boxes to pencil the stats in, the inventory, and one box per deck pass a game
    on this map can reach. It fits any width from :data:`TRACKER_MIN_W`; ``height``
    says how tall it must be at least."""

    def __init__(self, dmap: DungeonMap, variants: tuple[str, ...], passes: int) -> None:
        n = dmap.size
        b = bonus_modifier(n)
        start = EASY_STATS if "easy-stats" in variants else BASE_STATS
        flat = (f" Potions and books add {FLAT_VALUE}." if "flat-consumables" in variants
                else "")
        self.start_text = (f"Start {start['health']} health, {start['intelligence']} "
                           f"intelligence, {start['attack']} attack, 0 gold; each map card "
                           f"of the chosen stack adds {b} (diamonds: +1 to a stat of your "
                           f"choice).{flat}")
        self.row_text = f"Row stack gives {_stack_bonus_text(dmap.row_stack, n, start)}."
        self.column_text = (f"Column stack gives "
                            f"{_stack_bonus_text(dmap.column_stack, n, start)}.")
        self.passes = passes

    @staticmethod
    def style(width: float) -> _Style:
        """The tracker's style for a box ``width`` wide: wide or narrow."""
        return WIDE if width >= WIDE_TRACKER_W else NARROW

    def text_lines(self, width: float) -> list[str]:
        """The tracker's text (start stats, each stack's bonuses) wrapped to ``width``."""
        st = self.style(width)
        both = f"{self.row_text}   {self.column_text}"
        stacks = [both] if design.string_width(both, design.REGULAR, st.text) <= width else \
            [self.row_text, self.column_text]
        out: list[str] = []
        for text in [self.start_text, *stacks]:
            out.extend(wrap_text(text, design.REGULAR, st.text, width))
        return out

    PASS_BOX = mm(3.4)
    PASS_ROW = mm(6)  # a box and its value under it

    def _pass_shape(self, width: float) -> tuple[float, int, int]:
        """(pitch, columns, rows) of the pass boxes: as few rows as keep them within
        two fifths of ``width`` (for pass 1 alone: the note's width, 1, 1)."""
        if self.passes == 1:
            return (min(mm(36), width * 0.4), 1, 1)
        widest = design.string_width(f"x{2 ** (self.passes - 1)}", design.REGULAR, PASS_VALUE_FONT)
        pitch = max(self.PASS_BOX, widest) + mm(1.4)
        rows = 1
        while ceil(self.passes / rows) * pitch > width * 0.4 and rows < self.passes:
            rows += 1
        return (pitch, ceil(self.passes / rows), rows)

    def _head_h(self, width: float) -> float:
        st = self.style(width)
        return st.heading * 1.25 + st.leading * len(self.text_lines(width)) + mm(1)

    def _pass_h(self, width: float) -> float:
        st = self.style(width)
        pitch, _, rows = self._pass_shape(width)
        if self.passes == 1:
            lines = wrap_text(ONE_PASS_TEXT, design.REGULAR, st.label - 0.5, pitch)
            return st.label * 1.4 + len(lines) * (st.label - 0.5) * 1.2
        return st.label * 1.4 + rows * self.PASS_ROW

    def _zone_h(self, width: float, row: float) -> float:
        return max(len(INVENTORY) * row, self._pass_h(width))

    def height(self, width: float) -> float:
        """The least height (points) the tracker needs at ``width``."""
        st = self.style(width)
        return self._head_h(width) + st.box_min + mm(1.5) + self._zone_h(width, st.row_min)

    def draw(self, c: Any, area: Rect) -> None:
        """Draw the tracker at the foot of ``area``, growing its boxes and rows into any
        height beyond :meth:`height` (up to their largest)."""
        st = self.style(area.w)
        spare = max(0.0, area.h - self.height(area.w))
        box_h = min(st.box_max, st.box_min + spare)
        spare -= box_h - st.box_min
        row = min(st.row_max, st.row_min + spare / len(INVENTORY))
        used = (self._head_h(area.w) + box_h + mm(1.5) + self._zone_h(area.w, row))
        c.saveState()
        # at the foot of ``area``: level with the identity block beside it
        top = area.y + used
        c.setFillColorRGB(*INK)
        c.setFont(design.BOLD, st.heading)
        c.drawString(area.x, top - st.heading, "Your stats (pencil, erase as they change)")
        c.setFont(design.REGULAR, st.text)
        y = top - st.heading * 1.25
        for line in self.text_lines(area.w):
            c.drawString(area.x, y - st.text, line)
            y -= st.leading
        y -= mm(1)
        gap = mm(2) if st is WIDE else mm(1.5)
        box_w = (area.w - gap * (len(STATS) - 1)) / len(STATS)
        icon = mm(3) if st is WIDE else mm(2.6)
        # one size for every label: the largest at which the longest fits its box
        size = max(4.5, min(fit_font_size(label, design.REGULAR, st.label, box_w - icon - mm(2.2))
                            for _, label in STATS))
        for i, (name, label) in enumerate(STATS):
            x = area.x + i * (box_w + gap)
            draw_field(c, x, y - box_h, box_w, box_h, "")
            draw_icon(c, name, x + mm(0.8) + icon / 2, y - mm(0.8) - icon / 2, icon)
            c.setFont(design.REGULAR, size)
            c.setFillColorRGB(*INK)
            c.drawString(x + icon + mm(1.4), y - mm(0.8) - icon / 2 - size * 0.35, label)
        y -= box_h + mm(1.5)
        # the inventory on the left, the deck passes on the right
        pitch, cols, rows = self._pass_shape(area.w)
        pass_w = pitch * cols if self.passes > 1 else pitch
        pass_w = max(pass_w, design.string_width(PASS_HEADING, design.BOLD, st.label))
        inv_right = area.x1 - pass_w - mm(4)
        c.setFont(design.REGULAR, st.label)
        for i, (name, label) in enumerate(INVENTORY):
            ly = y - (i + 1) * row
            draw_icon(c, name, area.x + mm(1.4), ly + mm(2.2), mm(2.6))
            c.setFillColorRGB(*INK)
            c.drawString(area.x + mm(3.4), ly + mm(1.2), label)
            c.setStrokeColorRGB(0.55, 0.55, 0.55)
            c.setLineWidth(0.4)
            c.line(area.x + mm(15), ly + mm(1), inv_right, ly + mm(1))
        px = area.x1 - pass_w
        c.setFillColorRGB(*INK)
        c.setFont(design.BOLD, st.label)
        c.drawString(px, y - st.label, PASS_HEADING)
        py = y - st.label * 1.4
        if self.passes == 1:
            c.setFont(design.REGULAR, st.label - 0.5)
            for line in wrap_text(ONE_PASS_TEXT, design.REGULAR, st.label - 0.5, pitch):
                c.drawString(px, py - (st.label - 0.5), line)
                py -= (st.label - 0.5) * 1.2
            c.restoreState()
            return
        box = self.PASS_BOX
        for k in range(self.passes):
            r, col = divmod(k, cols)
            cx = px + col * pitch + pitch / 2
            top_k = py - r * self.PASS_ROW - mm(0.4)
            c.setStrokeColorRGB(*INK)
            c.setLineWidth(0.6)
            c.rect(cx - box / 2, top_k - box, box, box, stroke=1, fill=0)
            c.setFont(design.REGULAR, 5.5)
            c.drawCentredString(cx, top_k - box + mm(1.0), str(k + 1))
            c.setFont(design.REGULAR, PASS_VALUE_FONT)
            c.drawCentredString(cx, top_k - box - mm(0.4) - PASS_VALUE_FONT * 0.72,
                                f"x{2 ** k}")
        c.restoreState()


def draw_map_page(doc: SheetDocument, layout: Layout, game: ShuffleAndDoom, d: Deal,
                  payload: str, variants: tuple[str, ...] = ()) -> MapPlan:
    """The map sheet: title, the grid with both stacks, the stats tracker, the identity
    footer (QR and seed) and a 50 mm scale bar, laid out by :func:`plan_map_page`.
    Returns the plan. Raises LayoutError if the map does not fit the layout's page."""
    c = doc.canvas
    area = content_rect(layout, doc.paper)
    size = d.size
    dmap = DungeonMap(d.row_stack, d.column_stack)
    title = f"{game.title}  {size} x {size} dungeon"
    # the title leaves room for the scale bar on its line (set smaller if it must)
    room = area.w - mm(4) - _scale_bar_width()
    rest = draw_title(c, area, title, SUBTITLE.format(seed=d.seed), room=room)
    qr_w = mm(layout.qr_size)
    params_text = _params_text(size) + (f", {', '.join(variants)}" if variants else "")
    lines = identity_lines(game.title, d.seed, params_text, "map")
    tracker = Tracker(dmap, variants, reachable_passes(dmap))
    plan = plan_map_page(rest, design.string_width(title, TITLE_FONT[0],
                                                   title_size(title, room)),
                         area.y1 - TITLE_FONT[1],
                         size, payload, lines, qr_w, tracker)
    credits = [game.credits, "Printed by companion: companion validate checks your logged "
               "game."]
    if plan.arrangement == "stacked":
        draw_footer(c, plan.footer, payload, lines, qr_w, right_text=credits)
    else:
        draw_footer(c, plan.footer, payload, lines, qr_w)
        assert plan.credits is not None
        x, y, size_pt = plan.credits
        if x < plan.tracker.x:  # beside the QR code: kept clear of the tracker's column
            room = plan.tracker.x - mm(2) - x
            size_pt = min(fit_font_size(line, design.REGULAR, size_pt, room)
                          for line in credits)
        c.saveState()
        c.setFillColorRGB(*INK)
        c.setFont(design.REGULAR, size_pt)
        for i, line in enumerate(reversed(credits)):
            c.drawString(x, y + i * size_pt * 1.3, line)
        c.restoreState()
    tracker.draw(c, plan.tracker)
    draw_grid(c, plan.geometry, dmap)
    draw_scale_bar(c, *plan.scale_bar)
    return plan


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
    lines = len(wrap_text(note, design.REGULAR, 6.8, width))
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

    from companion.paper.frame import SUB_FONT, TITLE_FONT

    design.register()
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
    c.setFont(design.BOLD, 9)
    c.drawString(x, top - 9, title)
    c.setFont(design.REGULAR, 6.8)
    note_lines = wrap_text(note, design.REGULAR, 6.8, width)
    for i, line in enumerate(note_lines):
        c.drawString(x, top - 17 - i * 8, line)
    y0 = top - mm(8) - 8 * len(note_lines)
    for i, card in enumerate(cards):
        r, col = divmod(i, PASS_BLOCK_COLS)
        gx = x + col * gw + gw * 0.06
        gy = y0 - (r + 1) * (gh + mm(1.2))
        draw_card_glyph(c, card, gx, gy, gw * 0.74, gh, highlight=card in marked)
        c.setFont(design.REGULAR, 5.5)
        c.setFillColorRGB(0.35, 0.35, 0.35)
        c.drawString(gx + gw * 0.76, gy + mm(0.6), str(i + 1))
    c.restoreState()


# ------------------------------------------------------------------ the kinds as data
@dataclass(frozen=True)
class Sheet:
    """One sheet being drawn (:func:`render`): what was asked for, and the deal, layout
    and payload it settled on. A kind's drawing function (the table :data:`SHEETS`)
    gets it with the document."""

    game: ShuffleAndDoom
    kind: str
    seed: str
    params: dict[str, int]
    paper: str
    options: dict[str, Any]
    deal: Deal
    layout: Layout
    payload: str


@dataclass(frozen=True)
class SheetSpec:
    """How :func:`render` prints one sheet kind."""

    draw: Callable[[SheetDocument, Sheet], None]
    """Draws every page of the kind into the document."""
    layout: str
    """The built-in layout when ``options["layout"]`` names none."""
    title: str
    """The PDF title: ``{game}`` (the game's title), ``{seed}`` and ``{size}`` filled in."""


def draw_map_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``map`` sheet, with the starting stats of the variants it is printed for
    (they change the map and only the map).

    Raises ParameterError for an unknown variant.
    """
    variants = sheet.game.sheet_variants(sheet.options)
    draw_map_page(doc, sheet.layout, sheet.game, sheet.deal, sheet.payload, variants)


def draw_stack_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``stack`` sheet: the stacking list (:func:`draw_stack_pages`)."""
    draw_stack_pages(doc, sheet.layout, sheet.game, sheet.deal, sheet.payload)


def draw_log_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``log`` sheet (:func:`draw_log_page`)."""
    draw_log_page(doc, sheet.layout, sheet.game, sheet.deal, sheet.payload)


def draw_record_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``record`` sheet, the hand record (:mod:`.record`, which draws the map with
    this module's :func:`draw_grid`)."""
    from companion.games.shuffle_and_doom.record import draw_record_sheet as draw

    draw(doc, sheet)


SHEETS: dict[str, SheetSpec] = {
    "map": SheetSpec(draw_map_sheet, "map", "{game} map {seed} {size}x{size}"),
    "stack": SheetSpec(draw_stack_sheet, "list", "{game} stacking list {seed} {size}x{size}"),
    "log": SheetSpec(draw_log_sheet, "list", "{game} log sheet {seed} {size}x{size}"),
    "record": SheetSpec(draw_record_sheet, "list", "{game} hand record {seed} {size}x{size}"),
}
"""Every sheet kind the game prints (``ShuffleAndDoom.sheet_kinds``), by name."""


def sheet_spec(game: ShuffleAndDoom, kind: str) -> SheetSpec:
    """The table entry of ``kind``.

    Raises ParameterError for a kind the game does not print.
    """
    game.sheet_kind(kind)
    return SHEETS[kind]


def render(game: ShuffleAndDoom, kind: str, seed: str, params: dict[str, int], paper: str,
           options: dict[str, Any]) -> bytes:
    """The PDF bytes of one sheet kind (:data:`SHEETS`): ``map``, ``stack`` or ``log``.

    Raises ParameterError for an unknown kind or variant, LayoutError for an unusable
    layout.
    """
    spec = sheet_spec(game, kind)
    size = params["size"]
    d = deal(seed, size)
    payload = game.sheet_payload(seed, params, kind, options)
    layout = sheet_layout(options.get("layout"), spec.layout)
    sheet = Sheet(game, kind, seed, params, paper, options, d, layout, payload)
    doc = SheetDocument(spec.title.format(game=game.title, seed=seed, size=size), paper,
                        layout.landscape, [payload])
    spec.draw(doc, sheet)
    return doc.finish()
