"""Shuffle and Doom's log sheet (``log``): header fields, the map's stacks for a free
deal, the verbs in short and numbered lines; at least :func:`log_lines` lines for the
board size, the longest game seen with room to spare (docs/benchmarks.md, "Log space
(issue 25)")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games.shuffle_and_doom.drawing import _params_text
from companion.games.shuffle_and_doom.generation import Deal
from companion.paper.document import SheetDocument
from companion.paper.frame import identity_lines
from companion.paper.layout import Layout, Rect, content_rect
from companion.paper.logsheet import (
    draw_log_fields,
    draw_log_footer,
    draw_log_lines,
    draw_log_pages,
    draw_log_title,
    draw_verb_table,
)
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.shuffle_and_doom import ShuffleAndDoom

__all__ = ["LOG_LINES_SEEN", "VERB_HELP", "draw_log_page", "log_lines"]

VERB_HELP = (
    ("choose row", "or column: the stack giving your bonuses"),
    ("bonus health", "one per diamond: health, attack, intelligence"),
    ("enter a2", "step onto a cell of an unexplored room"),
    ("room 5C 6D KS 5D", "the cards drawn there: rank, suit S H D C"),
    ("hit KS", "hit an enemy; the others strike back"),
    ("disarm 5C", "disarm a trap (intelligence >= its value)"),
    ("take 6D", "take one item: every armed trap fires"),
    ("drink 7H  read 9C", "use a potion / a book you hold"),
    ("loot", "collect what is left in the room"),
    ("retreat c3", "leave a trapped room to a 0 cell beside it"),
    ("exit", "leave through F at the bottom-right cell"),
)

LOG_LINES_SEEN: dict[int, int] = {4: 27, 7: 83, 10: 125, 14: 226, 20: 420, 26: 552}
"""Board size -> the most log lines a simulated game took on it (measured 2026-11-27,
docs/benchmarks.md, "Log space (issue 25)"): size 7, seeds M0-M1999 with the random,
greedy and expert players; size 26, M0-M499 with random and greedy; sizes 4, 10, 14
and 20, M0-M199 with random and greedy. The greedy player's are the longest from
size 10 up."""
SPARE = 1.1
"""Room to spare over the longest game seen: a tenth."""


def log_lines(size: int) -> int:
    """The lines a log sheet of a ``size`` board prints at least: the longest game seen
    on the nearest measured size at or above it, with :data:`SPARE`."""
    measured = sorted(LOG_LINES_SEEN)
    at = next((s for s in measured if s >= size), measured[-1])
    return int(LOG_LINES_SEEN[at] * SPARE + 0.5)


def draw_log_page(doc: SheetDocument, layout: Layout, game: ShuffleAndDoom, d: Deal,
                  payload: str) -> list[int]:
    """Draw the log sheet of deal ``d``: a title, fields for the header, the verbs
    with examples, ruled lines to write the game on (continuation pages as many as
    :func:`log_lines` takes), and a footer with the QR code of ``payload``. Returns how
    many lines each page has."""
    n = d.size

    def page(target: SheetDocument, p: int, pages: int, first_number: int) -> int:
        c = target.canvas
        area = content_rect(layout, target.paper)
        area = draw_log_title(c, area, game.title, p, pages, first_number)
        lines = identity_lines(game.title, d.seed, _params_text(n),
                               f"log sheet, page {p} of {pages}")
        foot = draw_log_footer(c, area, payload, lines, mm(layout.qr_size), [game.credits])
        if p > 1:
            y = draw_log_fields(c, area, (("Seed", d.seed), ("Player", ""), ("Date", "")))
        else:
            y = draw_log_fields(c, area, (("Game", "shuffle-and-doom"), ("Seed", d.seed),
                                          ("Size", str(n)), ("Player", ""), ("Date", ""),
                                          ("Claim (score)", "")))
            # free deal: map stacks as written by hand
            y = draw_log_fields(c, area, (
                ("Row stack, left to right (free deal only)", ""),
                ("Column stack, top to bottom (free deal only)", "")), per_row=2,
                top=y + mm(1))
            c.saveState()
            y = draw_verb_table(c, area.x, y, VERB_HELP, area.w, columns=2)
            c.restoreState()
        return draw_log_lines(c, Rect(area.x, area.y + foot, area.w, y - (area.y + foot)),
                              columns=2, first_number=first_number)

    return draw_log_pages(doc, layout, log_lines(n), page)
