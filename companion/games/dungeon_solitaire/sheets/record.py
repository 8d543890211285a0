"""Dungeon Solitaire sheets: the hand record (``record``), the after-game sheet of a
seed. The game has no solver, so no par and no best line of its own: the record shows
the deal (the nine levels' boards face up, small, drawn with the tiles' own art:
start, staircase or crown, monsters, hearts and chests) and, with
``options["from_logs"]`` (the players' logs), the seed's standings among them and the
best valid run: its player, score, outcome, where it ended and its line level by level
(:mod:`companion.hand_record`)."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import groupby
from typing import TYPE_CHECKING, Any

from companion.games.dungeon_solitaire.generation import Level, cell_name, generate_level
from companion.games.dungeon_solitaire.sheets.art import EMPTY_INK, _marker, draw_room
from companion.games.dungeon_solitaire.sheets.common import Sheet, _params_text
from companion.games.dungeon_solitaire.table import RULES
from companion.hand_record import Step, gather, group_steps
from companion.paper import design
from companion.paper.document import SheetDocument
from companion.paper.frame import INK, identity_lines
from companion.paper.layout import Rect
from companion.paper.record import (
    GAP,
    NBSP,
    LineItem,
    RecordPages,
    TextFloor,
    action,
    draw_heading_line,
    draw_lines,
    draw_summary,
    flow_items,
    items_height,
)
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.dungeon_solitaire import DungeonSolitaire

PER_ROW = (3, 4, 5)
"""Level boards to a row: the fewest that leave the page room for the rest."""
BAND = mm(4)
"""The coordinates' band left of and above a board."""
TEXT = design.style("label").size
"""The boards' words: level, start and goal, coordinates (8 pt)."""


def _steps_text(steps: list[Step]) -> str:
    """A level's actions, runs of moves written once (``move N N W``)."""
    parts: list[str] = []
    for is_move, run in groupby(steps, lambda s: s.line.startswith("move ")):
        lines = [s.line for s in run]
        if is_move:
            parts.append(action("move " + " ".join(x.split(maxsplit=1)[1] for x in lines)))
        else:
            parts += [action(x) for x in lines]
    return " ".join(p + (NBSP + "·" if i < len(parts) - 1 else "")
                    for i, p in enumerate(parts))


def _items(steps: tuple[Step, ...]) -> list[LineItem]:
    items = []
    for group in group_steps(list(steps), lambda s: s.line.startswith("level")):
        first, after = group[0], group[-1].after
        body = group[1:] if first.line.startswith("level") else group
        note = f"health {after.health}" if after.outcome is None else str(after.outcome)
        items.append(LineItem(str(first.after.level), _steps_text(body)
                              or action(first.line), note))
    return items


def _head_height(side: float) -> float:
    """The level's name and where it starts and ends: one line, or two on a narrow
    board."""
    one = design.string_width("Level 9", design.BOLD, TEXT) + mm(3) + design.string_width(
        "start e5, stairs e5", design.REGULAR, TEXT)
    return mm(4.5) if one <= side else mm(8)


def _board_height(side: float, size: int) -> float:
    return _head_height(side) + BAND + (side - BAND) + GAP


def _draw_board(c: Any, x: float, top: float, side: float, lvl: Level) -> float:
    """A level's board face up in a square ``side`` wide, its words at 8 pt (the tiles'
    own words only where they are that large); returns the y under it."""
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setFont(design.BOLD, TEXT)
    goal = "crown" if lvl.crown else "stairs"
    c.drawString(x, top - 7, f"Level {lvl.number}")
    c.setFont(design.REGULAR, TEXT)
    where = f"start {cell_name(lvl.start)}, {goal} {cell_name(lvl.stairs)}"
    if design.string_width(where, design.REGULAR, TEXT) > side:  # a narrow board
        where = f"{cell_name(lvl.start)} to {cell_name(lvl.stairs)}"
    head = _head_height(side)
    if head > mm(5):
        c.drawString(x, top - 7 - TEXT * 1.25, where)
    else:
        c.drawRightString(x + side, top - 7, where)
    cell = (side - BAND) / lvl.size
    y0 = top - head - BAND
    x0 = x + BAND
    c.setFont(design.REGULAR, TEXT)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    for k in range(lvl.size):
        c.drawCentredString(x0 + (k + 0.5) * cell, y0 + mm(1), cell_name((k, 0))[0])
        c.drawCentredString(x + BAND / 2 - mm(0.3), y0 - (k + 0.5) * cell - 2.8, str(k + 1))
    art = TextFloor(c)
    for row in range(lvl.size):
        for col in range(lvl.size):
            r = Rect(x0 + col * cell, y0 - (row + 1) * cell, cell, cell)
            room = lvl.board.get((col, row))
            if room is not None:
                draw_room(art, r.inset(cell * 0.03), room, marker=_marker(lvl, (col, row)))
            else:
                c.setStrokeColorRGB(*EMPTY_INK)
                c.setLineWidth(0.4)
                c.setDash([0.6, 1.8], 0)
                inner = r.inset(cell * 0.1)
                c.rect(inner.x, inner.y, inner.w, inner.h, stroke=1, fill=0)
                c.setDash()
    c.restoreState()
    return y0 - lvl.size * cell


def record_data(game: DungeonSolitaire, seed: str, params: Mapping[str, int],
                options: Mapping[str, Any]) -> dict[str, Any]:
    """What the record adds to the sheet's ``--json`` data (no par: no solver; the
    table's standings with ``--from``). Raises as :func:`companion.hand_record.gather`."""
    return gather(game, seed, params, (), options).to_json()


def draw_record_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``record`` sheet: one page, or two for a long best run.

    Raises ParameterError, PayloadError or UnreadableLogError as
    :func:`companion.hand_record.gather` does."""
    game, seed, size = sheet.game, sheet.seed, sheet.size
    data = gather(game, seed, sheet.params, (), sheet.options)
    pages = RecordPages(
        doc, sheet.layout, f"{game.title}: hand record",
        f"Seed {seed}, {_params_text(size)}, edition {sheet.edition}. The deal as dealt: "
        "the nine levels face up (a spoiler until you have played them). The game has no "
        "solver, so no par: given the players' logs (--from LOGS), the record shows the "
        "best valid run of the seed.",
        sheet.payloads[0], identity_lines(game.title, seed, _params_text(size),
                                          "hand record"), [game.credits])
    table = data.table
    draw_summary(pages, data.par.headline, data.par_lines(), data.table_rows(),
                 table.summary() if table else "", bold=data.bold_lines)
    c = pages.canvas
    body = pages.body
    rules = game.rules_table(sheet.edition)
    top = draw_heading_line(c, body.x, pages.top, "The levels",
                            "every card face up: the player's start, the staircase (the "
                            "crown on the last level), monsters, hearts and chests", body.w)
    best = table.best if table is not None else None
    items = _items(table.best_steps) if table is not None and best is not None else []
    need = (items_height(c, items, 2, body.w) + mm(12)) if items else 0.0
    gap = mm(5)
    levels = RULES.levels
    # the boards as large as the page lets them be: the number to a row that gives
    # the largest board whose rows leave the page room for the rest
    def largest(per_row: int) -> float:
        side = (body.w - gap * (per_row - 1)) / per_row
        rows = -(-levels // per_row)
        while side > mm(20) and rows * _board_height(side, size) + need > top - body.y:
            side -= mm(0.5)
        return side

    per_row = max(PER_ROW, key=largest)
    side = largest(per_row)
    left = body.x + (body.w - per_row * side - (per_row - 1) * gap) / 2
    y = top
    for start in range(1, levels + 1, per_row):
        low = y
        for i, n in enumerate(range(start, min(start + per_row, levels + 1))):
            lvl = generate_level(seed, n, size, rules)
            low = min(low, _draw_board(c, left + i * (side + gap), y, side, lvl))
        y = low - GAP
    pages.top = y
    if table is None or best is None or not table.best_steps:
        return
    who = f"({best.player})" if best.named_by_file else best.player
    last = table.best_steps[-1].after
    top = draw_heading_line(c, body.x, pages.top, f"How {who}'s run ended")
    pages.top = draw_lines(c, body.x, top, body.w,
                           [f"{best.outcome}, score {best.score}; "
                            + "; ".join(game.explain(last))]) - GAP
    if pages.room < mm(20):
        pages.more()
    flow_items(pages, items, 2, f"{who}'s run, level by level",
               "each level's actions, moves in a row written once; at the right, "
               "health after it", overflow=f"companion validate {best.file} replays it",
               unit=("level", "levels"))
