"""Dungeon Solitaire sheets: the landscape play mat (``mat``): placement grid,
health and level tracks, deck and discard spots, the rules in brief."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.games.dungeon_solitaire.generation import Cell, cell_name
from companion.games.dungeon_solitaire.sheets.common import (
    Sheet,
    _centred,
    _params_text,
    tile_side_mm,
)
from companion.games.dungeon_solitaire.table import RULES, RulesTable
from companion.paper import design
from companion.paper.cards import fit_font_size
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    INK,
    SCALE_BAR_FONT,
    SCALE_BAR_MM,
    draw_heading,
    draw_text,
    wrap_text,
)
from companion.paper.icons import draw_icon
from companion.paper.identity import draw_identity, identity_size
from companion.paper.layout import Layout, Rect, load_layout
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.dungeon_solitaire import DungeonSolitaire


STACKED_SCALE_HEIGHT = mm(5.2)
"""The height of :func:`_draw_stacked_scale_check`: the bar and its ticks over the label."""


def _draw_stacked_scale_check(c: Any, x: float, y: float) -> Rect:
    """The scale check for a column too narrow for :func:`draw_scale_bar`'s label beside
    its bar (the mat's panel): the same 50 mm bar, 0.8 mm high with a tick every 10 mm,
    and the same words under it; bottom-left at ``(x, y)``. Returns the box it covers."""
    label = f"this bar is {SCALE_BAR_MM:g} mm: print at 100 %"
    bar_y = y + mm(3.2)
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setStrokeColorRGB(*INK)
    c.rect(x, bar_y, mm(SCALE_BAR_MM), mm(0.8), stroke=0, fill=1)
    c.setLineWidth(0.4)
    for k in range(int(SCALE_BAR_MM // 10) + 1):
        c.line(x + mm(10 * k), bar_y, x + mm(10 * k), bar_y + mm(1.8))
    c.setFont(*SCALE_BAR_FONT)
    c.drawString(x, y + mm(0.6), label)
    c.restoreState()
    width = max(mm(SCALE_BAR_MM), c.stringWidth(label, *SCALE_BAR_FONT))
    return Rect(x, y, width, STACKED_SCALE_HEIGHT)


@dataclass(frozen=True)
class MatGeometry:
    """Where the mat's parts lie (points)."""

    cells: dict[Cell, Rect]
    health: tuple[Rect, ...]
    levels: tuple[Rect, ...]
    deck: Rect
    discard: Rect


def draw_mat_page(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
                  params: Mapping[str, int], payload: str,
                  edition: int | None = None) -> MatGeometry:
    """The landscape play mat of rules ``edition`` (default: the newest): the placement
    grid (squares of the tile size) on the left; title, health and level tracks, deck
    and discard spots, rules in brief and the identity block on the right."""
    c = doc.canvas
    rules = game.rules_table(edition)
    size = params["size"]
    tile = mm(tile_side_mm(load_layout("tile"), doc.paper, size))
    area = doc.page_rect.inset(mm(layout.margin))
    span = size * tile
    grid_top = area.cy + span / 2
    cells: dict[Cell, Rect] = {}
    c.saveState()
    for row in range(size):
        for col in range(size):
            r = Rect(area.x + col * tile, grid_top - (row + 1) * tile, tile, tile)
            cells[(col, row)] = r
            shade = 0.95 if (col + row) % 2 else 1.0
            c.setFillColorRGB(shade, shade, shade)
            c.rect(r.x, r.y, r.w, r.h, stroke=0, fill=1)
            c.setFillColorRGB(0.6, 0.6, 0.6)
            name = cell_name((col, row))
            _centred(c, name, r.cx, r.cy, design.BOLD, tile * 0.22)
    c.setStrokeColorRGB(0.45, 0.45, 0.45)
    c.setLineWidth(0.6)
    for k in range(size + 1):
        c.line(area.x + k * tile, grid_top, area.x + k * tile, grid_top - span)
        c.line(area.x, grid_top - k * tile, area.x + span, grid_top - k * tile)
    c.restoreState()

    panel = Rect(area.x + span + mm(6), area.y, area.x1 - area.x - span - mm(6), area.h)
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setFont(design.BOLD, 15)
    c.drawString(panel.x, panel.y1 - 15 * 0.78, "Dungeon Solitaire")
    c.setFont(design.REGULAR, 8)
    c.drawString(panel.x, panel.y1 - 15 - mm(2.5), f"play mat, {_params_text(size)}, "
                                                   f"seed {seed}")
    c.restoreState()
    y = panel.y1 - 15 - mm(7)

    # health track
    top_health = rules.max_health
    y = draw_heading(c, panel.x, y, f"Health: start {rules.health}, at most {top_health}, "
                     "0 = lost", 8.5, leading=1.35)
    box = min(mm(13), (panel.w - (top_health - 1) * mm(1.5)) / top_health)
    health: list[Rect] = []
    for i in range(top_health):
        r = Rect(panel.x + i * (box + mm(1.5)), y - box, box, box)
        health.append(r)
        _track_box(c, r, str(i + 1), "start" if i == 2 else "max" if i == 4 else "",
                   heart=True)
    y -= box + mm(5)

    # level track
    y = draw_heading(c, panel.x, y, "Level: move the marker at each stair", 8.5,
                     leading=1.35)
    lbox = min(mm(9), (panel.w - 8 * mm(1)) / 9)
    levels: list[Rect] = []
    for i in range(RULES.levels):
        r = Rect(panel.x + i * (lbox + mm(1)), y - lbox, lbox, lbox)
        levels.append(r)
        _track_box(c, r, str(i + 1), "")
    draw_icon(c, "crown", levels[-1].cx, levels[-1].y - mm(2.6), mm(3.2))
    y -= lbox + mm(7)

    # deck and discard
    spot = min(tile, (panel.w - mm(4)) / 2)
    deck = Rect(panel.x, y - spot, spot, spot)
    discard = Rect(panel.x + spot + mm(4), y - spot, spot, spot)
    _spot(c, deck, "DECK", f"draw {rules.draw_size}, keep 1")
    _spot(c, discard, "DISCARD", "back into the deck at the stairs")
    y -= spot + mm(4)

    # identity block at the bottom of the panel, rules in brief between
    qr_w = mm(layout.qr_size)
    lines = [game.title, seed, f"{_params_text(size)}, play mat"]
    id_w, id_h = identity_size(payload, lines, qr_w, max_width=panel.w)
    draw_identity(c, panel.x, panel.y, payload, lines, qr_w, max_width=panel.w)
    # the scale check over the identity block (the panel is too narrow for its label
    # beside the bar)
    bar = _draw_stacked_scale_check(c, panel.x, panel.y + id_h + mm(3))
    low = bar.y1 + mm(3)
    room = Rect(panel.x, low, panel.w, y - low)
    _draw_mat_rules(c, room, rules)
    return MatGeometry(cells, tuple(health), tuple(levels), deck, discard)


def mat_rules(rules: RulesTable) -> tuple[tuple[str, str], ...]:
    """The rules in brief on the mat, with the numbers of ``rules``."""
    return (
        ("Set up", "lay the level's tiles face down on their squares (the back names the "
                   "square), the start and the stairs face up; your marker on the start."),
        ("Reveal", "face-down neighbours your card has an exit toward turn face up."),
        ("Turn", f"move to a neighbour through facing exits, or draw {rules.draw_size}, "
                 "keep 1 and play it at once: a room card on an empty square next to you, "
                 "as printed."),
        ("Enter", f"monster: -1 health, it goes. Heart: +1. Chest: draw {rules.chest_offer} "
                  "reward cards, keep 1 into your deck."),
        ("Stairs", "next level; the discard pile goes back into the deck."),
    )


def _draw_mat_rules(c: Any, r: Rect, rules: RulesTable) -> None:
    """The rules in brief, as many lines as fit ``r``."""
    size = 7.0
    lead = size * 1.25
    y = r.y1
    for label, text in mat_rules(rules):
        lines = wrap_text(text, design.REGULAR, size, r.w - mm(12))
        if y - len(lines) * lead < r.y:
            break
        c.setFont(design.BOLD, size)
        c.setFillColorRGB(*INK)
        c.drawString(r.x, y - size * 0.8, label)
        draw_text(c, r.x + mm(12), y, r.w - mm(12), text, size=size, leading=1.25)
        y -= len(lines) * lead + mm(1)


def _track_box(c: Any, r: Rect, number: str, note: str, heart: bool = False) -> None:
    c.saveState()
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.7)
    c.roundRect(r.x, r.y, r.w, r.h, r.w * 0.15, stroke=1, fill=0)
    if heart:
        draw_icon(c, "heart", r.cx, r.cy, r.w * 0.62, (0.97, 0.8, 0.8))
    c.setFillColorRGB(*INK)
    _centred(c, number, r.cx, r.cy + (r.h * 0.06 if note else 0), design.BOLD,
             r.h * 0.42)
    if note:
        c.setFont(design.REGULAR, min(6.0, r.h * 0.2))
        c.drawCentredString(r.cx, r.y + r.h * 0.1, note)
    c.restoreState()


def _spot(c: Any, r: Rect, label: str, sub: str) -> None:
    """An empty card spot: a dashed rounded outline with a label and a small note."""
    c.saveState()
    c.setStrokeColorRGB(0.45, 0.45, 0.45)
    c.setLineWidth(0.7)
    c.setDash([mm(1.2), mm(0.9)], 0)
    c.roundRect(r.x, r.y, r.w, r.h, 0.08 * r.w, stroke=1, fill=0)
    c.setDash()
    c.setFillColorRGB(*INK)
    fs = fit_font_size(label, design.BOLD, 10, r.w * 0.86)
    _centred(c, label, r.cx, r.cy + fs * 0.5, design.BOLD, fs)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    y = r.cy - fs * 0.6
    for line in wrap_text(sub, design.REGULAR, 6.0, r.w * 0.86):
        c.setFont(design.REGULAR, 6.0)
        c.drawCentredString(r.cx, y - 6.0, line)
        y -= 7.2
    c.restoreState()


def draw_mat_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``mat`` sheet: one landscape play mat (:func:`draw_mat_page`)."""
    draw_mat_page(doc, sheet.layout, sheet.game, sheet.seed, sheet.params, sheet.payloads[0],
                  sheet.edition)
