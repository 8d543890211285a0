"""Shuffle and Doom's hand record (``record``), the after-game sheet of a deal. The game
has no solver, so no par and no best line of its own: the record shows the deal (the
map with its two stacks, drawn by the map sheet's own :func:`.drawing.draw_grid`, and
pass 1's order) and, with ``options["from_logs"]`` (the players' logs), the deal's
standings among them and the best valid game: its player, score, outcome, where it
ended and its line room by room (:mod:`companion.hand_record`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.games.shuffle_and_doom.drawing import (
    COMPACT,
    FULL_PAGE,
    Geometry,
    _params_text,
    draw_grid,
)
from companion.games.shuffle_and_doom.dungeon import DungeonMap, bonus_modifier
from companion.hand_record import Step, gather, group_steps
from companion.paper.document import SheetDocument
from companion.paper.frame import identity_lines
from companion.paper.layout import Rect
from companion.paper.record import (
    GAP,
    NBSP,
    LineItem,
    RecordPages,
    TextFloor,
    action,
    card_strip_height,
    draw_card_strip,
    draw_heading_line,
    draw_lines,
    draw_summary,
    flow_items,
    items_height,
    lines_height,
    strip_glyph_height,
)
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.shuffle_and_doom import ShuffleAndDoom
    from companion.games.shuffle_and_doom.sheets import Sheet

MAP_SHARE = 0.56
"""Of the body's width, what the map takes at most (the deal's words beside it)."""
MIN_MAP = mm(60)
"""The map is made smaller, down to this, to leave the best game's line room."""
WIDE_FROM = 12
"""Maps larger than this take the body's width, the deal's words under them."""
HEADING_H = 9.5 * 1.35
STRIP_GLYPH = mm(8)
PER_ROW = 18


def _items(steps: tuple[Step, ...]) -> list[LineItem]:
    """The best game room by room: the setup, then each room entered."""
    items = []
    entered = 0
    for room in group_steps(list(steps), lambda s: s.line.startswith("enter")):
        entered += room[0].line.startswith("enter")
        items.append(_room(entered, room))
    return items


def _room(k: int, room: list[Step]) -> LineItem:
    text = " ".join(action(s.line) + (NBSP + "·" if i < len(room) - 1 else "")
                    for i, s in enumerate(room))
    after = room[-1].after
    note = f"health {after.health}" if after.outcome is None else after.outcome_name()
    return LineItem(str(k) if room[0].line.startswith("enter") else "", text, note)


def record_data(game: ShuffleAndDoom, seed: str, params: Mapping[str, int],
                options: Mapping[str, Any]) -> dict[str, Any]:
    """What the record adds to the sheet's ``--json`` data (no par: no solver; the
    table's standings with ``--from``). Raises as :func:`companion.hand_record.gather`."""
    return gather(game, seed, params, game.sheet_variants(options), options).to_json()


def draw_record_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``record`` sheet: one page, or two for a long best line.

    Raises ParameterError, PayloadError or UnreadableLogError as
    :func:`companion.hand_record.gather` does."""
    game, d = sheet.game, sheet.deal
    variants = game.sheet_variants(sheet.options)
    data = gather(game, sheet.seed, sheet.params, variants, sheet.options)
    size = d.size
    rules = ", ".join(variants) if variants else "standard rules"
    pages = RecordPages(
        doc, sheet.layout, f"{game.title} hand record",
        f"Seed {d.seed}, {size} x {size} map, {rules}. The deal as dealt: the map with its "
        "stacks, and pass 1's order. The game has no solver, so no par: given the "
        "players' logs (--from LOGS), the record shows the best valid game of the deal.",
        sheet.payload, identity_lines(game.title, d.seed, _params_text(size) + (
            f", {rules}" if variants else ""), "hand record"), [game.credits])
    table = data.table
    draw_summary(pages, data.par.headline, data.par_lines(),
                 data.table_rows(), table.summary() if table else "", bold=data.bold_lines)
    c = pages.canvas
    body = pages.body
    top = draw_heading_line(c, body.x, pages.top, "The deal",
                            "the map as the seed deals it: row stack across the top, "
                            "column stack down the side", body.w)
    dmap = DungeonMap(d.row_stack, d.column_stack)
    best = table.best if table is not None else None
    items = _items(table.best_steps) if table is not None and best is not None else []
    line = items_height(c, items, 2, body.w) if items else 0.0
    strip = card_strip_height(len(d.stacked_deck), PER_ROW, body.w, STRIP_GLYPH) + mm(8)
    # without a line of play, pass 1 gets room for cards 16 mm tall, 13 to a row
    reserve = strip if items else max(
        strip, card_strip_height(len(d.stacked_deck), 13, body.w, mm(16)) + mm(8))
    filled = sum(len(r) for r in dmap.rooms)
    words = [f"{len(dmap.rooms)} rooms, {filled} filled cells of {size * size}; a "
             f"map card's stat bonus is {bonus_modifier(size)}.",
             "Row stack: " + " ".join(str(card) for card in d.row_stack),
             "Column stack: " + " ".join(str(card) for card in d.column_stack)]
    ended: list[str] = []
    if table is not None and best is not None and table.best_steps:
        last = table.best_steps[-1].after
        ended = [f"{best.outcome}, score {best.score}", "; ".join(game.explain(last))]
    wide = size > WIDE_FROM  # a large map takes the width, its words go under it
    under = (2 * HEADING_H + lines_height(c, body.w, words + ended) + 3 * GAP
             if wide else 0.0)
    side = max(min(body.w if wide else body.w * MAP_SHARE,
                   top - body.y - reserve - line - under), MIN_MAP)
    area = Rect(body.x, top - side, body.w if wide else side, side)
    full = Geometry(area, size, FULL_PAGE, top=True)
    compact = Geometry(area, size, COMPACT, top=True)
    geo = full if full.cell >= compact.cell * 0.95 else compact
    draw_grid(TextFloor(c), geo, dmap)  # a large map keeps no word under 8 pt
    # beside the map (under a large one): the deal in words, and the best game's end
    x = body.x if wide else body.x + side + mm(6)
    y = min(geo.block.y, area.y) - GAP if wide else top
    width = body.x1 - x
    y = draw_heading_line(c, x, y, "The deal in words")
    y = draw_lines(c, x, y, width, words) - GAP
    if ended and best is not None:
        who = f"({best.player})" if best.named_by_file else best.player
        y = draw_heading_line(c, x, y, f"How {who}'s game ended")
        y = draw_lines(c, x, y, width, ended) - GAP
    pages.top = (y if wide else min(geo.block.y, area.y, y + GAP) - GAP)
    if strip <= pages.room or pages.more():  # pass 1 on the next page if need be
        top = draw_heading_line(c, pages.body.x, pages.top, "Pass 1, top card first",
                                "the map's cards marked: they go under the deck after "
                                "setup", pages.body.w)
        # the cards as large as the room the line of play leaves: fewer to a row if
        # that shows them larger
        room = top - pages.body.y
        count, w = len(d.stacked_deck), pages.body.w
        per_row, glyph = max(((n, strip_glyph_height(room, count, n, w, line + GAP,
                                                      STRIP_GLYPH, mm(19)))
                              for n in (PER_ROW, 13)),
                             key=lambda t: min(t[1] / 1.35, w / t[0] - mm(1)))
        y = draw_card_strip(c, pages.body.x, top, w, d.stacked_deck, per_row, glyph,
                            marked=range(2 * size))
        pages.top = y - GAP
    if best is None or not items:
        return
    who = f"({best.player})" if best.named_by_file else best.player
    if pages.room < mm(20):
        pages.more()
    flow_items(pages, items, 2, f"{who}'s game, room by room",
               "each room entered, its cards, then what was done in it; at the right, "
               "health after it", overflow=f"companion validate {best.file} replays it",
               unit=("room", "rooms"))
