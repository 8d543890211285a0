"""Scoundrel's hand record (``record``), the after-game sheet of a deal: par, the
dungeon as dealt (44 cards, card 1 on top, the first room marked) and the solver's best
line room by room (the room as dealt, then what was done with it; the health after
it). With ``options["from_logs"]`` the table's players of the deal too
(:mod:`companion.hand_record`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.games.scoundrel import rules
from companion.games.scoundrel.generation import dungeon
from companion.hand_record import Step, gather, group_steps
from companion.paper.document import SheetDocument
from companion.paper.frame import identity_lines
from companion.paper.layout import Layout
from companion.paper.record import (
    GAP,
    NBSP,
    SIZES,
    LineItem,
    RecordPages,
    action,
    draw_card_strip,
    draw_heading_line,
    draw_summary,
    flow_items,
    items_height,
    strip_glyph_height,
)

if TYPE_CHECKING:
    from companion.games.scoundrel import Scoundrel

SCORE = ("A won game scores the health left (20 and a potion last: plus the potion); a "
         "lost one, the health minus every monster not yet faced.")


def _words(variants: tuple[str, ...]) -> str:
    return "standard rules" if not variants else "variant: " + ", ".join(variants)


def _room(k: int, room: list[Step]) -> LineItem:
    """One room: its ``room`` line, a colon, then what was done with it."""
    first, rest = room[0], room[1:]
    if not first.line.startswith("room"):  # actions before any room line (a free deal)
        first, rest = Step("", first.before, first.before), room
    text = action(first.line) + (":" if rest else "")
    text += " " + " ".join(action(s.line) + (NBSP + "·" if i < len(rest) - 1 else "")
                           for i, s in enumerate(rest))
    after = room[-1].after
    note = (f"health {after.health}" if after.outcome is None and not after.through
            else f"{after.result_outcome()}, {after.score()}")
    return LineItem(str(k), text.strip(), note)


def record_data(game: Scoundrel, seed: str, params: Mapping[str, int],
                options: Mapping[str, Any]) -> dict[str, Any]:
    """What the record adds to the sheet's ``--json`` data. Raises as
    :func:`companion.hand_record.gather`."""
    return gather(game, seed, params, game.sheet_variants(options), options).to_json()


def draw_record_page(doc: SheetDocument, layout: Layout, game: Scoundrel, seed: str,
                     variants: tuple[str, ...], payload: str,
                     options: Mapping[str, Any]) -> None:
    """The ``record`` sheet: one page (two for a long line), the usual footer.

    Raises ParameterError, PayloadError or UnreadableLogError as
    :func:`companion.hand_record.gather` does."""
    data = gather(game, seed, {}, variants, options)
    words = _words(variants)
    pages = RecordPages(
        doc, layout, f"{game.title}: hand record",
        f"Seed {seed}, {words}. The dungeon as dealt, par and the best line the solver "
        "found, room by room: stack a deck by the stacking list and play the line "
        "through, or set your own game beside it.",
        payload, identity_lines(game.title, seed, "", f"hand record; {words}"),
        [game.credits])
    draw_summary(pages, data.par.headline, data.par_lines(SCORE), data.table_rows(),
                 data.table.summary() if data.table else "", bold=data.bold_lines)
    c = pages.canvas
    x, w = pages.body.x, pages.body.w
    top = draw_heading_line(c, x, pages.top, "The dungeon",
                            f"card 1 on top; the first room (1 to {rules.ROOM_SIZE}) marked",
                            w)
    rooms = group_steps(data.solver_steps, lambda s: s.line.startswith("room"))
    items = [_room(k, r) for k, r in enumerate(rooms, start=1)]
    cards = dungeon(seed)
    glyph = strip_glyph_height(top - pages.body.y, len(cards), 11, w,
                               GAP + items_height(c, items, 2, w, SIZES[1]))
    y = draw_card_strip(c, x, top, w, cards, 11, glyph_h=glyph,
                        marked=range(rules.ROOM_SIZE))
    pages.top = y - GAP
    if not items:
        draw_heading_line(c, x, pages.top, "The solver's line",
                          "the solver found no line to show", w)
        return
    flow_items(pages, items, 2, "The solver's line, room by room",
               "each room as dealt, then what was done with it; at the right, the "
               "health after it", overflow=f"companion solve {game.name} --seed {seed} "
               "--out best.log writes it whole", unit=("room", "rooms"))
