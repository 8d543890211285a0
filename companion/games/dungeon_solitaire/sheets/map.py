"""Dungeon Solitaire sheets: the answer key (``map``), one level face up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.games.dungeon_solitaire.generation import cell_name, generate_level
from companion.games.dungeon_solitaire.sheets.art import (
    DEFAULT_INK,
    SPOILER,
    _empty_cell,
    _marker,
    draw_room,
)
from companion.games.dungeon_solitaire.sheets.common import (
    LABEL_SIZE,
    BoardGrid,
    Sheet,
    _centred,
    _draw_scale_check,
    _params_text,
    _reading_order,
    draw_identity_footer,
    sheet_payload,
    tile_side_mm,
    wanted_levels,
)
from companion.games.dungeon_solitaire.table import RULES
from companion.paper import design
from companion.paper.cards import CAP_HEIGHT
from companion.paper.document import SheetDocument
from companion.paper.frame import INK, draw_text, identity_lines
from companion.paper.layout import Layout, Rect, content_rect, load_layout
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.dungeon_solitaire import DungeonSolitaire

EMPTY_FILL = (0.945, 0.94, 0.93)
"""An empty square of the answer key is shaded, a pale stone: the board reads as one
block, and a square with no card is not mistaken for the paper round the board
(``--ink light``: left white, to save ink)."""


def draw_map_page(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
                  size: int, number: int, payload: str,
                  edition: int | None = None, ink: str = DEFAULT_INK) -> BoardGrid:
    """The answer key of one level: a spoiler banner, every card face up at its square
    (stone walls in ``ink``) with the coordinates round the board, a summary and the
    level's QR code. Returns where the board was drawn."""
    c = doc.canvas
    lvl = generate_level(seed, number, size, game.rules_table(edition))
    area = content_rect(layout, doc.paper)
    banner = Rect(area.x, area.y1 - mm(14), area.w, mm(14))
    c.saveState()
    c.setFillColorRGB(*SPOILER)
    c.roundRect(banner.x, banner.y, banner.w, banner.h, mm(2), stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont(design.BOLD, 20)
    c.drawString(banner.x + mm(4), banner.cy - 20 * CAP_HEIGHT / 2, "ANSWER KEY / SPOILER")
    c.setFont(design.BOLD, 12)
    c.drawRightString(banner.x1 - mm(4), banner.cy - 12 * CAP_HEIGHT / 2,
                      f"Level {number} of {RULES.levels}")
    c.restoreState()
    y = draw_text(c, area.x, banner.y - mm(3), area.w,
                  f"{game.title}, seed {seed}, {_params_text(size)}: level {number} with "
                  "every card face up. Don't look if you want to find the level out as you "
                  "play; use it to set up or check a board, or to settle a doubt.", size=9,
                  leading=1.3)
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, seed, _params_text(size),
                           f"answer key, level {number}")
    id_foot = draw_identity_footer(c, area, payload, lines, qr_w,
                                   [("SPOILER: the whole level, face up", "label"),
                                    (game.credits, "print-note")])
    # the scale check over the footer at the right, clear of the identity block
    bar = _draw_scale_check(c, area.x1, area.y + id_foot - mm(1.5))
    foot = bar.y1 - area.y + mm(1)
    # summary lines above the footer
    objects: dict[str, list[str]] = {"monster": [], "heart": [], "chest": []}
    for cell in _reading_order(list(lvl.board)):
        obj = lvl.board[cell].obj
        if obj:
            objects[obj].append(cell_name(cell))
    goal = "crown" if lvl.crown else "staircase"
    summary = [
        f"Start {cell_name(lvl.start)}, {goal} {cell_name(lvl.stairs)}; "
        f"{len(lvl.board)} cards, {size * size - len(lvl.board)} empty squares.",
        "; ".join(f"{k}s: {', '.join(v) if v else 'none'}" for k, v in objects.items()) + ".",
    ]
    sy = area.y + foot + mm(2) + len(summary) * 9 * 1.3
    for line in summary:
        sy = draw_text(c, area.x, sy, area.w, line, size=9, leading=1.3)
    # the board
    label = mm(6)
    board_top = y - mm(4)
    board_bottom = area.y + foot + mm(4) + len(summary) * 9 * 1.3 + mm(2)
    cell_pt = min((area.w - label) / size, (board_top - board_bottom - label) / size,
                  mm(tile_side_mm(load_layout("tile"), doc.paper, size)))
    span = cell_pt * size
    x0 = area.x + label + (area.w - label - span) / 2
    top = board_top - label - (board_top - board_bottom - label - span) / 2
    grid = BoardGrid(size, cell_pt, 0.0, x0, top)
    c.saveState()
    c.setFillColorRGB(*INK)
    for k in range(size):
        _centred(c, chr(ord("a") + k), x0 + (k + 0.5) * cell_pt, top + label / 2,
                 design.BOLD, 11)
        _centred(c, str(k + 1), x0 - label / 2, top - (k + 0.5) * cell_pt, design.BOLD, 11)
    c.restoreState()
    gap = mm(0.6)
    for row in range(size):
        for col in range(size):
            r = grid.cell_rect((col, row))
            if (col, row) in lvl.board:
                draw_room(c, r.inset(gap), lvl.board[(col, row)],
                          marker=_marker(lvl, (col, row)), label=cell_name((col, row)),
                          ink=ink, least=LABEL_SIZE)
            else:
                _empty_cell(c, r, cell_name((col, row)), LABEL_SIZE,
                            None if ink == "light" else EMPTY_FILL)
    return grid


def map_payloads(game: DungeonSolitaire, kind: str, seed: str, params: Mapping[str, int],
                 options: Mapping[str, Any], edition: int) -> list[str]:
    """The answer key's one payload: its level's (``options["level"]``, default 1).

    Raises ParameterError for a bad ``options["level"]``.
    """
    return [sheet_payload(game, seed, params, kind, wanted_levels(options, [1])[0], edition)]


def map_label(sheet: Sheet) -> str:
    """What an answer key's title says it shows: ``level 1``."""
    return f"level {wanted_levels(sheet.options, [1])[0]}"


def draw_map_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``map`` sheet: the answer key of ``options["level"]`` (default 1)."""
    draw_map_page(doc, sheet.layout, sheet.game, sheet.seed, sheet.size,
                  wanted_levels(sheet.options, [1])[0], sheet.payloads[0], sheet.edition,
                  sheet.ink)
