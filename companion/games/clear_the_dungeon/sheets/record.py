"""Clear the Dungeon sheets: the hand record (``record``), the after-game sheet of a
deal: par, the deal as dealt (the four monster columns, the power deck in order) and
the solver's best line turn by turn (a turn: the cards drawn, then what was done with
them; beside it the monsters defeated so far). With ``options["from_logs"]`` the
table's players of the deal too (:mod:`companion.hand_record`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.games.clear_the_dungeon.sheets.common import Sheet, _variant_words, stack_order
from companion.hand_record import Step, gather, group_steps
from companion.paper.document import SheetDocument
from companion.paper.frame import identity_lines
from companion.paper.record import (
    GAP,
    NBSP,
    SIZES,
    LineItem,
    RecordPages,
    action,
    draw_card_groups,
    draw_card_strip,
    draw_heading_line,
    draw_summary,
    flow_items,
    items_height,
    strip_glyph_height,
)
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.clear_the_dungeon import ClearTheDungeon


def record_data(game: ClearTheDungeon, seed: str, params: Mapping[str, int],
                options: Mapping[str, Any]) -> dict[str, Any]:
    """What the record adds to the sheet's ``--json`` data (par, the solver's report,
    the table's standings). Raises as :func:`companion.hand_record.gather`."""
    return gather(game, seed, params, game.sheet_variants(options), options).to_json()


SCORE = ("A won game scores the power cards still in the deck when the last monster "
         "falls; a lost game has no score.")


def _turn(k: int, turn: list[Step]) -> LineItem:
    after = turn[-1].after
    text = " ".join(action(s.line) + (NBSP + "·" if i < len(turn) - 1 else "")
                    for i, s in enumerate(turn))
    if not turn[0].line.startswith("draw"):  # the opening: the dealt monsters
        return LineItem("", text)
    note = after.outcome if after.outcome is not None else f"{len(after.defeated)} defeated"
    return LineItem(str(k), text, note)


def draw_record_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``record`` sheet: one page (two for a long line), the usual footer.

    Raises ParameterError, PayloadError or UnreadableLogError as
    :func:`companion.hand_record.gather` does."""
    game, seed, variants = sheet.game, sheet.seed, sheet.variants
    data = gather(game, seed, sheet.params, variants, sheet.options)
    rules = _variant_words(variants)
    pages = RecordPages(
        doc, sheet.layout, f"{game.title}: hand record",
        f"Seed {seed}, {rules}. The deal as dealt, par and the best line the solver "
        "found, turn by turn: stack a deck by the stacking list and play the line "
        "through, or set your own game beside it.",
        sheet.payload, identity_lines(game.title, seed, "", f"hand record; {rules}"),
        [game.credits])
    draw_summary(pages, data.par.headline, data.par_lines(SCORE), data.table_rows(),
                 data.table.summary() if data.table else "", bold=data.bold_lines)
    c = pages.canvas
    x, w = pages.body.x, pages.body.w
    columns, power = stack_order(seed, variants)
    top = draw_heading_line(c, x, pages.top, "The deal",
                            "monster columns top card first (the 1st face up), then the "
                            "power deck, card 1 on top", w)
    turns = group_steps(data.solver_steps, lambda s: s.line.startswith("draw"))
    items = [_turn(k, t) for k, t in enumerate(turns, start=0 if turns and not
                                                turns[0][0].line.startswith("draw") else 1)]
    # the cards as large as the page lets them be (the line of play keeps its room)
    line = items_height(c, items, 2, w, SIZES[1]) if items else 0.0
    groups = mm(5) + mm(17) * 1.35 + GAP
    glyph = strip_glyph_height(top - pages.body.y - groups, len(power), 14, w, GAP + line,
                               most=mm(17))
    y = draw_card_groups(c, x, top, w, [(f"Column {k + 1}", col)
                                        for k, col in enumerate(columns)],
                         glyph_h=glyph, highlight_first=True)
    y = draw_card_strip(c, x, y - GAP, w, power, 14, glyph_h=glyph)
    pages.top = y - GAP
    if not items:
        draw_heading_line(c, x, pages.top, "The solver's line",
                          "the solver found no line to show", w)
        return
    flow_items(pages, items, 2, "The solver's line, turn by turn",
               "each turn: draw, then the cards played; at the right, the monsters "
               "defeated so far", overflow=f"companion solve {game.name} --seed {seed} "
               "--out best.log writes it whole")
