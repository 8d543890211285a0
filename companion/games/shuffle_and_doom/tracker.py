"""The Shuffle and Doom map's stats tracker (:class:`Tracker`): the starting stats as
the variants set them, what each map stack gives, places to pencil the stats and the
inventory in, and one box per deck pass a game on the map can reach.

Its text (:meth:`Tracker.draw_text`) and its boxes (:meth:`Tracker.draw_boxes`) can lie
apart: a large map sets the text across the page under the grid and the boxes beside
the identity block. Every text is 8 pt and more (docs/printing.md, Design): where five
stat boxes would squeeze their labels, the stats and the inventory become a list of
write-in lines in two columns.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import Any

from companion.cards import Card, Suit
from companion.games.shuffle_and_doom.dungeon import DungeonMap, bonus_modifier
from companion.games.shuffle_and_doom.rules import BASE_STATS, EASY_STATS, FLAT_VALUE
from companion.paper import design
from companion.paper.frame import INK, draw_field, wrap_text
from companion.paper.icons import draw_icon
from companion.paper.layout import Rect
from companion.paper.units import mm


def _stack_bonus_text(cards: tuple[Card, ...], size: int, start: dict[str, int]) -> str:
    b = bonus_modifier(size)
    hearts = sum(1 for x in cards if x.suit is Suit.HEARTS)
    spades = sum(1 for x in cards if x.suit is Suit.SPADES)
    clubs = sum(1 for x in cards if x.suit is Suit.CLUBS)
    diamonds = sum(1 for x in cards if x.suit is Suit.DIAMONDS)
    return (f"health {start['health'] + hearts * b}, attack {start['attack'] + spades * b}, "
            f"intelligence {start['intelligence'] + clubs * b}"
            + (f", +1 x {diamonds} to share" if diamonds else ""))


TRACKER_MIN_W = mm(70)
"""The narrowest column the stats tracker is drawn in."""
WIDE_TRACKER_W = mm(150)
"""From this width on the tracker uses its larger type and boxes."""
STATS = (("heart", "Health"), ("club", "Intelligence"), ("spade", "Attack"),
         ("diamond", "Gold held"), ("gold", "Gold banked"))
INVENTORY = (("heart", "Potions"), ("club", "Books"), ("diamond", "Gold"))
PASS_HEADING = "Deck pass (card values)"
ONE_PASS_TEXT = ("Pass 1 only: this map never runs out of cards, so every card counts its "
                 "face value.")
TRACKER_HEADING = "Your stats (pencil, erase as they change)"


@dataclass(frozen=True)
class _Style:
    heading: float  # heading font size (bold)
    text: float  # text font size
    leading: float  # text line pitch
    box_min: float
    box_max: float
    row_min: float  # inventory rows, list rows
    row_max: float
    label: float  # stat box labels, inventory and pass labels


WIDE = _Style(9.5, design.style("body").size, 10.6, mm(12), mm(18), mm(6), mm(9),
              design.style("body").size)
NARROW = _Style(9.0, design.style("label").size, 9.8, mm(10), mm(16), mm(6), mm(8),
                design.style("label").size)
PASS_BOX = mm(4.6)
"""A deck pass's tick box (its number inside, its card value under it)."""
ICON = mm(3)
"""The suit icons beside the stats and the inventory."""


class Tracker:
    """The stats tracker of a map. It fits any width from :data:`TRACKER_MIN_W`;
    ``height`` says how tall it must be at least (its text over its boxes)."""

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

    # ------------------------------------------------------------------ the text
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

    def text_height(self, width: float) -> float:
        """The height of the heading and the text at ``width``, with the gap under it."""
        st = self.style(width)
        heads = len(wrap_text(TRACKER_HEADING, design.BOLD, st.heading, width))
        return (st.heading * 1.3 * heads + st.leading * len(self.text_lines(width))
                + mm(1.5))

    def draw_text(self, c: Any, x: float, top: float, width: float) -> float:
        """The heading and the text from ``top`` down; returns the y under them."""
        st = self.style(width)
        c.saveState()
        c.setFillColorRGB(*INK)
        c.setFont(design.BOLD, st.heading)
        y = top
        for line in wrap_text(TRACKER_HEADING, design.BOLD, st.heading, width):
            c.drawString(x, y - st.heading, line)
            y -= st.heading * 1.3
        c.setFont(design.REGULAR, st.text)
        for line in self.text_lines(width):
            c.drawString(x, y - st.text, line)
            y -= st.leading
        c.restoreState()
        return top - self.text_height(width)

    # ----------------------------------------------------------------- the boxes
    @staticmethod
    def _gap(st: _Style) -> float:
        return mm(2) if st is WIDE else mm(1.5)

    def in_boxes(self, width: float) -> bool:
        """Whether the stats are five boxes in a row at ``width`` (every label fits its
        box), else a list of write-in lines with the inventory."""
        st = self.style(width)
        need = max(design.string_width(label, design.REGULAR, st.label) for _, label in STATS)
        box_w = (width - self._gap(st) * (len(STATS) - 1)) / len(STATS)
        return box_w >= need + mm(2.4)

    def _pass_shape(self, width: float, st: _Style) -> tuple[float, int, int]:
        """(pitch, columns, rows) of the pass boxes within ``width`` (for pass 1 alone:
        the note's width, 1, 1)."""
        if self.passes == 1:
            return (min(mm(40), width), 1, 1)
        widest = design.string_width(f"x{2 ** (self.passes - 1)}", design.REGULAR, st.label)
        pitch = max(PASS_BOX, widest) + mm(1.4)
        cols = max(1, min(self.passes, int(width // pitch)))
        return (pitch, cols, ceil(self.passes / cols))

    def _pass_width(self, width: float) -> float:
        """The width the deck passes take beside the inventory (boxes) or under the list."""
        if not self.in_boxes(width):
            return width
        st = self.style(width)
        part = width * 0.42
        pitch, cols, _ = self._pass_shape(part, st)
        used = pitch * cols if self.passes > 1 else pitch
        return max(used, design.string_width(PASS_HEADING, design.BOLD, st.label))

    def _pass_row(self, st: _Style) -> float:
        return PASS_BOX + st.label * 1.15 + mm(1)

    def _pass_h(self, width: float) -> float:
        st = self.style(width)
        pitch, _, rows = self._pass_shape(self._pass_width(width), st)
        if self.passes == 1:
            lines = wrap_text(ONE_PASS_TEXT, design.REGULAR, st.label, pitch)
            return st.label * 1.4 + len(lines) * st.label * 1.2
        return st.label * 1.4 + rows * self._pass_row(st)

    def _list_rows(self) -> int:
        return ceil((len(STATS) + len(INVENTORY)) / 2)

    def _boxes_used(self, width: float, box_h: float, row: float) -> float:
        if self.in_boxes(width):
            return box_h + mm(2) + max(len(INVENTORY) * row, self._pass_h(width))
        return self._list_rows() * row + mm(2) + self._pass_h(width)

    def boxes_height(self, width: float) -> float:
        """The least height of the boxes (stats, inventory, passes) at ``width``."""
        st = self.style(width)
        return self._boxes_used(width, st.box_min, st.row_min)

    def height(self, width: float) -> float:
        """The least height (points) the tracker needs at ``width``: text and boxes."""
        return self.text_height(width) + self.boxes_height(width)

    def _grow(self, area: Rect, fixed: float) -> tuple[float, float]:
        """(stat box height, row pitch) grown into ``area`` beyond ``fixed``."""
        st = self.style(area.w)
        spare = max(0.0, area.h - fixed - self.boxes_height(area.w))
        if self.in_boxes(area.w):
            box_h = min(st.box_max, st.box_min + spare)
            spare -= box_h - st.box_min
            return box_h, min(st.row_max, st.row_min + spare / len(INVENTORY))
        return st.box_min, min(st.row_max, st.row_min + spare / self._list_rows())

    def draw(self, c: Any, area: Rect) -> None:
        """Draw the text and the boxes at the foot of ``area``, growing the boxes and
        rows into any height beyond :meth:`height` (up to their largest)."""
        text_h = self.text_height(area.w)
        box_h, row = self._grow(area, text_h)
        used = text_h + self._boxes_used(area.w, box_h, row)
        y = self.draw_text(c, area.x, area.y + used, area.w)
        self._draw_boxes(c, Rect(area.x, area.y, area.w, y - area.y), box_h, row)

    def draw_boxes(self, c: Any, area: Rect) -> None:
        """Draw the boxes alone at the foot of ``area`` (their text drawn elsewhere),
        grown into any height beyond :meth:`boxes_height`."""
        box_h, row = self._grow(area, 0.0)
        used = self._boxes_used(area.w, box_h, row)
        self._draw_boxes(c, Rect(area.x, area.y, area.w, used), box_h, row)

    def _draw_boxes(self, c: Any, area: Rect, box_h: float, row: float) -> None:
        """The boxes from the top of ``area`` down."""
        st = self.style(area.w)
        c.saveState()
        y = area.y1
        if self.in_boxes(area.w):
            gap = self._gap(st)
            box_w = (area.w - gap * (len(STATS) - 1)) / len(STATS)
            for i, (name, label) in enumerate(STATS):
                x = area.x + i * (box_w + gap)
                draw_field(c, x, y - box_h, box_w, box_h, "")
                # the label at the top left, the suit's icon in the bottom right corner
                c.setFont(design.REGULAR, st.label)
                c.setFillColorRGB(*INK)
                c.drawString(x + mm(1.2), y - mm(1) - st.label * 0.8, label)
                draw_icon(c, name, x + box_w - mm(1) - ICON / 2, y - box_h + mm(1) + ICON / 2,
                          ICON)
            y -= box_h + mm(2)
            pass_w = self._pass_width(area.w)
            self._draw_lines(c, [*INVENTORY], area.x, y, area.w - pass_w - mm(4), row, 1, st)
            self._draw_passes(c, area.x1 - pass_w, y, pass_w, st)
        else:
            self._draw_lines(c, [*STATS, *INVENTORY], area.x, y, area.w, row, 2, st)
            y -= self._list_rows() * row + mm(2)
            self._draw_passes(c, area.x, y, area.w, st)
        c.restoreState()

    def _draw_lines(self, c: Any, items: list[tuple[str, str]], x: float, top: float,
                    width: float, row: float, columns: int, st: _Style) -> None:
        """Write-in lines, each with its icon and label, ``columns`` across (down the
        first column first)."""
        gap = mm(4)
        col_w = (width - gap * (columns - 1)) / columns
        per_col = ceil(len(items) / columns)
        label_w = max(design.string_width(label, design.REGULAR, st.label) for _, label in items)
        for i, (name, label) in enumerate(items):
            col, r = divmod(i, per_col)
            lx = x + col * (col_w + gap)
            ly = top - (r + 1) * row
            draw_icon(c, name, lx + ICON / 2, ly + mm(1) + st.label * 0.36, ICON)
            c.setFont(design.REGULAR, st.label)
            c.setFillColorRGB(*INK)
            c.drawString(lx + ICON + mm(1), ly + mm(1), label)
            c.setStrokeColorRGB(0.55, 0.55, 0.55)
            c.setLineWidth(0.4)
            c.line(lx + ICON + mm(2.5) + label_w, ly + mm(0.8), lx + col_w, ly + mm(0.8))

    def _draw_passes(self, c: Any, px: float, y: float, width: float, st: _Style) -> None:
        """The deck passes' heading and boxes from ``y`` down, ``width`` wide."""
        c.setFillColorRGB(*INK)
        c.setFont(design.BOLD, st.label)
        c.drawString(px, y - st.label, PASS_HEADING)
        py = y - st.label * 1.4
        pitch, cols, _ = self._pass_shape(width, st)
        if self.passes == 1:
            c.setFont(design.REGULAR, st.label)
            for line in wrap_text(ONE_PASS_TEXT, design.REGULAR, st.label, pitch):
                c.drawString(px, py - st.label, line)
                py -= st.label * 1.2
            return
        for k in range(self.passes):
            r, col = divmod(k, cols)
            cx = px + col * pitch + pitch / 2
            top_k = py - r * self._pass_row(st) - mm(0.4)
            c.setStrokeColorRGB(*INK)
            c.setLineWidth(0.6)
            c.rect(cx - PASS_BOX / 2, top_k - PASS_BOX, PASS_BOX, PASS_BOX, stroke=1, fill=0)
            c.setFont(design.REGULAR, st.label)
            c.drawCentredString(cx, top_k - PASS_BOX / 2 - st.label * 0.36, str(k + 1))
            c.drawCentredString(cx, top_k - PASS_BOX - mm(0.5) - st.label * 0.8, f"x{2 ** k}")
