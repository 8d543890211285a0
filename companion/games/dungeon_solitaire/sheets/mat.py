"""Dungeon Solitaire sheets: the play mat (``mat``): the board (squares of the tile
size), health and level tracks, deck and discard spots at the reward cards' size, the
rules in brief. One A3/Tabloid sheet, or two A4/Letter sheets side by side: the board
on one, the panel on the other (:mod:`companion.paper.tiled`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.errors import LayoutError
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
from companion.paper.frame import INK, draw_heading, draw_text, wrap_text
from companion.paper.icons import draw_icon
from companion.paper.layout import Layout, Rect, load_layout
from companion.paper.tiled import (
    SCALE_CHECK_H,
    SPOT_TINT,
    band_width,
    draw_mat_title,
    draw_panel,
    mat_footer,
    plan_mat,
    print_mat,
)
from companion.paper.units import HOME_PAPER_OF, mm

if TYPE_CHECKING:
    from companion.games.dungeon_solitaire import DungeonSolitaire


STACKED_SCALE_HEIGHT = SCALE_CHECK_H
"""The height of the stacked scale check (:func:`companion.paper.tiled.draw_scale_check`)."""
_HEAD = design.style("heading")
_LABEL = design.style("label")
_GAP = mm(5)
_HEALTH = mm(24)
_RULES_ROOM = mm(48)
"""The height kept for the rules in brief under the spots."""
_ANY = Rect(0.0, 0.0, 1e6, 1e6)
"""The other part, when a part's drawing checks only its own."""
_LEVEL = mm(19)


@dataclass(frozen=True)
class MatGeometry:
    """Where the mat's parts lie (points, on their page; ``pages`` names the page of
    each part, 0 the first)."""

    cells: dict[Cell, Rect]
    health: tuple[Rect, ...]
    levels: tuple[Rect, ...]
    deck: Rect
    discard: Rect
    rules: Rect
    pages: Mapping[str, int]


def mat_tile_mm(paper: str, size: int) -> float:
    """The side (mm) of a board square and of a tile on a mat printed on ``paper``:
    the tile of the ``tiles`` sheet on the home paper of the same family (A3 mats take
    A4 tiles, Tabloid mats Letter tiles)."""
    return tile_side_mm(load_layout("tile"), HOME_PAPER_OF[paper], size)


def mat_spots(left: Rect, right: Rect, tile: float, size: int) -> dict[str, Rect]:
    """The spots of the mat for parts ``left`` (the board) and ``right`` (the panel),
    squares of side ``tile`` (points): ``a1`` .. the board's squares (named as
    :func:`~companion.games.dungeon_solitaire.generation.cell_name` names them),
    ``deck``, ``discard`` and, where the panel has room for them, ``drawn1`` ..
    ``drawn3`` (the cards drawn, one kept; reward cards are tiles' size: the spots are
    1 mm bigger all round).

    Raises LayoutError if a part cannot hold them at real size."""
    span = size * tile
    spot = tile + mm(2)
    panel_h = _panel_top_h() + spot + _GAP + _RULES_ROOM
    drawn = panel_h + spot + _GAP + _HEAD.size * 1.3 + mm(1) <= right.h
    if (span > left.w + 0.01 or span + _HEAD.size * 1.4 > left.h
            or 3 * spot + 2 * _GAP > right.w or panel_h > right.h):
        raise LayoutError(f"the Dungeon Solitaire mat needs a {span / mm(1):.0f} mm "
                          "board on one part: use a4, letter, a3 or tabloid with a "
                          "margin of at most 10 mm")
    x0 = left.x + (left.w - span) / 2
    top = left.y1 - _HEAD.size * 1.4 - max(0.0, (left.h - _HEAD.size * 1.4 - span) / 4)
    spots = {cell_name((col, row)): Rect(x0 + col * tile, top - (row + 1) * tile, tile, tile)
             for row in range(size) for col in range(size)}
    y = right.y1 - _panel_top_h()
    spots["deck"] = Rect(right.x, y - spot, spot, spot)
    spots["discard"] = Rect(right.x + spot + _GAP, y - spot, spot, spot)
    y -= spot + _GAP + _HEAD.size * 1.3 + mm(1)
    for k in range(3 if drawn else 0):
        spots[f"drawn{k + 1}"] = Rect(right.x + k * (spot + _GAP), y - spot, spot, spot)
    return spots


def _panel_top_h() -> float:
    """Title, subtitle, the health and level tracks: the height above the spots."""
    title = design.style("title").size
    return (title * 1.25 + _LABEL.size * 1.4 + mm(4) + 2 * (_HEAD.size * 1.35 + mm(1))
            + _HEALTH + mm(4) + _LEVEL + mm(7))


def draw_mat_page(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
                  params: Mapping[str, int], payload: str,
                  edition: int | None = None) -> MatGeometry:
    """The play mat of rules ``edition`` (default: the newest): the board (squares of
    the tile size) on one part, the panel (title, health and level tracks, deck and
    discard spots, rules in brief) on the other; one A3/Tabloid sheet or two A4/Letter
    sheets laid side by side (:mod:`companion.paper.tiled`, not glued).

    Raises LayoutError if ``layout`` leaves no room for the real-size spots."""
    rules = game.rules_table(edition)
    size = params["size"]
    tile = mm(mat_tile_mm(doc.paper, size))
    lines = [game.title, seed, f"{_params_text(size)}"]
    footer_h, footer = mat_footer(payload, lines, mm(layout.qr_size), game.credits,
                                  band_width(doc.paper, mm(layout.margin)), glued=False)
    plan = plan_mat(doc.paper, mm(layout.margin), footer_h, glued=False)
    left, right = print_mat(doc, plan, (
        lambda c, r: {"cells": _draw_board(c, r, tile, size)},
        lambda c, r: _draw_panel(c, r, tile, size, seed, rules)), footer)
    return MatGeometry(left["cells"], tuple(right["health"]), tuple(right["levels"]), right["deck"],
                       right["discard"], right["rules"],
                       {"board": 0, "panel": plan.sheets - 1})


def _draw_board(c: Any, r: Rect, tile: float, size: int) -> dict[Cell, Rect]:
    spots = mat_spots(r, _ANY, tile, size)
    cells: dict[Cell, Rect] = {}
    first = spots["a1"]
    draw_heading(c, first.x, first.y1 + _HEAD.size * 1.4, "The board: lay the level's "
                 "tiles on their squares", _HEAD.size)
    c.saveState()
    for row in range(size):
        for col in range(size):
            cell = spots[cell_name((col, row))]
            cells[(col, row)] = cell
            shade = 0.9 if (col + row) % 2 else 0.95
            c.setFillColorRGB(shade, shade, shade)
            c.rect(cell.x, cell.y, cell.w, cell.h, stroke=0, fill=1)
            c.setFillColorRGB(0.6, 0.6, 0.6)
            _centred(c, cell_name((col, row)), cell.cx, cell.cy, design.BOLD, tile * 0.22)
    c.setStrokeColorRGB(0.45, 0.45, 0.45)
    c.setLineWidth(0.6)
    span = size * tile
    top = first.y1
    for k in range(size + 1):
        c.line(first.x + k * tile, top, first.x + k * tile, top - span)
        c.line(first.x, top - k * tile, first.x + span, top - k * tile)
    c.restoreState()
    return cells


def _draw_panel(c: Any, panel: Rect, tile: float, size: int, seed: str,
                rules: RulesTable) -> dict[str, Any]:
    """The panel: title, tracks, deck, discard and drawn spots, rules in brief."""
    spots = mat_spots(_ANY, panel, tile, size)
    y = panel.y1 - draw_mat_title(c, panel.x, panel.y1, "Dungeon Solitaire: play mat",
                                  f"{_params_text(size)}, seed {seed}") - mm(4)

    # health track
    top_health = rules.max_health
    y = draw_heading(c, panel.x, y, f"Health: start {rules.health}, at most {top_health}, "
                     "0 = lost", _HEAD.size, leading=1.35) - mm(1)
    box = min(_HEALTH, (panel.w - (top_health - 1) * mm(2)) / top_health)
    health: list[Rect] = []
    for i in range(top_health):
        r = Rect(panel.x + i * (box + mm(2)), y - box, box, box)
        health.append(r)
        _track_box(c, r, str(i + 1), "start" if i == 2 else "max" if i == 4 else "",
                   heart=True)
    y -= _HEALTH + mm(4)

    # level track
    y = draw_heading(c, panel.x, y, "Level: move the marker at each stair", _HEAD.size,
                     leading=1.35) - mm(1)
    lbox = min(_LEVEL, (panel.w - 8 * mm(1.5)) / 9)
    levels: list[Rect] = []
    for i in range(RULES.levels):
        r = Rect(panel.x + i * (lbox + mm(1.5)), y - lbox, lbox, lbox)
        levels.append(r)
        _track_box(c, r, str(i + 1), "")
    draw_icon(c, "crown", levels[-1].cx, levels[-1].y - mm(3), mm(4))

    deck, discard = spots["deck"], spots["discard"]
    _spot(c, deck, "DECK", f"draw {rules.draw_size}, keep 1")
    _spot(c, discard, "DISCARD", "back into the deck at the stairs")
    drawn = [spots[f"drawn{k}"] for k in (1, 2, 3) if f"drawn{k}" in spots]
    if drawn:
        draw_heading(c, panel.x, drawn[0].y1 + _HEAD.size * 1.3 + mm(1),
                     f"Drawn: {rules.draw_size} cards, keep 1", _HEAD.size)
    for k, r in enumerate(drawn):
        _spot(c, r, f"CARD {k + 1}", "play it or discard it" if k else "keep and play")
    low = (drawn or [deck])[0].y
    room = Rect(panel.x, panel.y, panel.w, low - mm(5) - panel.y)
    _draw_mat_rules(c, draw_panel(c, room), rules)
    return {"health": health, "levels": levels, "deck": deck, "discard": discard,
            "rules": room}


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
    """The rules in brief at 8 pt (label role), a bold label column and its text.

    Raises LayoutError if they do not all fit ``r``."""
    size = _LABEL.size
    lead = size * 1.25
    label_w = max(design.string_width(k, design.BOLD, size)
                  for k, _ in mat_rules(rules)) + mm(3)
    y = draw_heading(c, r.x, r.y1, "The rules in brief", _HEAD.size) - mm(1)
    for label, text in mat_rules(rules):
        lines = wrap_text(text, design.REGULAR, size, r.w - label_w)
        if y - len(lines) * lead < r.y - 0.01:
            raise LayoutError("no room for the rules on the Dungeon Solitaire mat")
        c.setFont(design.BOLD, size)
        c.setFillColorRGB(*INK)
        c.drawString(r.x, y - size * 0.8, label)
        draw_text(c, r.x + label_w, y, r.w - label_w, text, size=size, leading=1.25)
        y -= len(lines) * lead + mm(1.5)


def _track_box(c: Any, r: Rect, number: str, note: str, heart: bool = False) -> None:
    c.saveState()
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.7)
    c.roundRect(r.x, r.y, r.w, r.h, r.w * 0.15, stroke=1, fill=0)
    if heart:
        draw_icon(c, "heart", r.cx, r.cy, r.w * 0.62, (0.97, 0.8, 0.8))
    c.setFillColorRGB(*INK)
    _centred(c, number, r.cx, r.cy + (r.h * 0.12 if note else 0), design.BOLD,
             r.h * (0.36 if note else 0.42))
    if note:
        c.setFont(design.REGULAR, _LABEL.size)
        c.drawCentredString(r.cx, r.y + r.h * 0.1, note)
    c.restoreState()


def _spot(c: Any, r: Rect, label: str, sub: str) -> None:
    """An empty card spot: a dashed rounded outline with a label and a small note."""
    c.saveState()
    c.setStrokeColorRGB(0.45, 0.45, 0.45)
    c.setFillColorRGB(*SPOT_TINT)
    c.setLineWidth(0.7)
    c.setDash([mm(1.2), mm(0.9)], 0)
    c.roundRect(r.x, r.y, r.w, r.h, 0.08 * r.w, stroke=1, fill=1)
    c.setDash()
    c.setFillColorRGB(*INK)
    fs = fit_font_size(label, design.BOLD, 10, r.w * 0.86)
    _centred(c, label, r.cx, r.cy + fs * 0.5, design.BOLD, fs)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    y = r.cy - fs * 0.6
    for line in wrap_text(sub, design.REGULAR, _LABEL.size, r.w * 0.86):
        c.setFont(design.REGULAR, _LABEL.size)
        c.drawCentredString(r.cx, y - _LABEL.size, line)
        y -= _LABEL.size * 1.2
    c.restoreState()


def draw_mat_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``mat`` sheet: the play mat (:func:`draw_mat_page`)."""
    draw_mat_page(doc, sheet.layout, sheet.game, sheet.seed, sheet.params, sheet.payloads[0],
                  sheet.edition)
