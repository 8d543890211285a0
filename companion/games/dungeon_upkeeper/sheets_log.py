"""Dungeon Upkeeper's run log (``log``): header fields, the notation in short, then a
block per floor (ruled path lines, boxes for moves left, score and health), as many
pages as the floors take. A floor gets room for the longest path the simulated players
and the solver walk on one floor, written by hand (docs/benchmarks.md, "Log space
(issue 25)")."""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING, Any

from companion.paper import design
from companion.paper.document import SheetDocument
from companion.paper.frame import INK, draw_title, identity_lines
from companion.paper.layout import Layout, Rect, content_rect
from companion.paper.logsheet import (
    BAND,
    LABEL,
    NUMBER_INK,
    draw_log_field,
    draw_log_fields,
    draw_log_footer,
    draw_note,
    draw_verb_table,
)
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.dungeon_upkeeper import DungeonUpkeeper

__all__ = ["FLOOR_MOVES_SEEN", "LETTER", "NOTATION_HELP", "draw_floor_rows", "draw_log_page",
           "floor_block", "path_room"]

NOTATION_HELP = (
    ("floor 3", "before each floor's path: the floor it starts on (B3)"),
    ("path NNEESW", "one letter per step: N up, E right, S down, W left"),
    ("", "spaces allowed; a long path may go on over several lines"),
)
FLOOR_MOVES_SEEN = 166
"""The most steps a path took on one floor (measured 2026-11-27, docs/benchmarks.md, "Log
space (issue 25)"): seeds M0-M1999, 10 floors, each simulated player (random 53,
greedy 156, expert 156, padded 166, straight 34) and the solver's runs (seeds
M0-M399: 147)."""
PATH_PITCH = mm(6)
"""The distance between two path lines: capital letters in runs need no more."""
LETTER = mm(2.5)
"""The room a handwritten path letter takes, with its share of the spaces between
groups."""
SPARE = 1.0
"""Room to spare over the longest floor seen."""
BOXES = (("moves left", mm(17)), ("score", mm(11.5)), ("health", mm(11.5)))
"""The boxes at the end of a floor's block: (head, width)."""
BOX_GAP = mm(1.5)
LABEL_W = mm(13)
BOX_H = mm(11)


def path_room() -> float:
    """The length of ruled path line each floor gets at least (points)."""
    return FLOOR_MOVES_SEEN * LETTER * SPARE


def _path_width(w: float) -> float:
    return w - LABEL_W - sum(bw for _, bw in BOXES) - (len(BOXES) - 1) * BOX_GAP - mm(3)


def floor_block(w: float) -> tuple[int, float]:
    """A floor's number of path lines and its block height in a row ``w`` points
    wide."""
    lines = max(2, ceil(path_room() / _path_width(w)))
    return lines, max(lines * PATH_PITCH + mm(4), BOX_H + mm(5))


def draw_log_page(doc: SheetDocument, layout: Layout, game: DungeonUpkeeper, seed: str,
                  floors: int, payload: str) -> list[int]:
    """Header fields, the notation in short, then one block per floor: ruled lines for
    the path letters and boxes for moves, score and health at the end of the floor; as
    many pages as the floors take. Returns the floors each page holds."""
    floors_text = f"{floors} floor{'s' * (floors != 1)}"
    counts: list[int] = []
    k = 1
    pages = _pages(doc, layout, game, seed, floors, payload)
    n = 1
    while k <= floors:
        if n > 1:
            doc.new_page(layout.landscape)
        c = doc.canvas
        area = content_rect(layout, doc.paper)
        lines = identity_lines(game.title, seed, floors_text,
                               "log sheet" if pages == 1 else f"log sheet, page {n} of {pages}")
        if n == 1:
            area = draw_title(c, area, f"{game.title}: run log",
                              "Copy each floor's path as you trace it on the map; type it "
                              "up later and check it with: companion validate my-run.log")
        else:
            area = draw_title(c, area, f"{game.title}: run log, continued",
                              f"Page {n} of {pages}: go on from floor B{k}.")
        foot = draw_log_footer(c, area, payload, lines, mm(layout.qr_size), [game.credits])
        y = _draw_head(c, area, seed, floors) if n == 1 else draw_log_fields(
            c, area, (("Seed", seed), ("Player", ""), ("Date", "")))
        held = draw_floor_rows(c, Rect(area.x, area.y + foot, area.w, y - (area.y + foot)),
                               k, floors)
        if held < 1:
            from companion.errors import LayoutError

            raise LayoutError(f"layout {layout.name}: no room for a floor on the run log")
        counts.append(held)
        k += held
        n += 1
    return counts


def _pages(doc: SheetDocument, layout: Layout, game: DungeonUpkeeper, seed: str,
           floors: int, payload: str) -> int:
    """How many pages the run log of ``floors`` floors takes."""
    scratch = SheetDocument("log", doc.paper, layout.landscape)
    c = scratch.canvas
    area = content_rect(layout, scratch.paper)
    first = draw_title(c, area, "x", "Copy each floor's path as you trace it on the map; "
                       "type it up later and check it with: companion validate my-run.log")
    more = draw_title(c, area, "x", "Page 2 of 2: go on from floor B10.")
    foot = draw_log_footer(c, area, payload, identity_lines(
        game.title, seed, f"{floors} floors", "log sheet, page 1 of 2"), mm(layout.qr_size))
    _, block = floor_block(area.w)
    y1 = _draw_head(c, first, seed, floors)
    y2 = draw_log_fields(c, more, (("Seed", seed), ("Player", ""), ("Date", "")))
    on_first = int((y1 - area.y - foot) // block)
    on_more = max(1, int((y2 - area.y - foot) // block))
    return 1 + max(0, ceil((floors - on_first) / on_more))


def _draw_head(c: Any, area: Rect, seed: str, floors: int) -> float:
    """The first page's fields and notation; returns the y under them."""
    y = draw_log_fields(c, area, (("Game", "dungeon-upkeeper"), ("Seed", seed),
                                  ("Floors", str(floors)), ("Player", ""), ("Date", ""),
                                  ("Claim (score)", "")))
    c.saveState()
    half = area.w * 0.56
    bottom = draw_verb_table(c, area.x, y, NOTATION_HELP, half, heading="Notation")
    note = draw_note(c, area.x + half + mm(4), y - mm(4.5), area.w - half - mm(4),
                     "Example: floor 1  path NNEE SSWW NE. At the end of each floor write "
                     "the moves left, the score and the health in the boxes.")
    c.restoreState()
    return min(bottom, note) - mm(1)


def draw_floor_rows(c: Any, area: Rect, first: int, floors: int) -> int:
    """Blocks for floors B``first``… B``floors`` (label, ruled path lines, three end
    boxes) from the top of ``area``, as many as fit; returns how many were drawn."""
    lines, block = floor_block(area.w)
    fit = min(floors - first + 1, int(area.h // block))
    if fit < 1:
        return 0
    # the page's room left over goes to more path lines (up to two a floor)
    extra = min(2, int((area.h / fit - block) // PATH_PITCH))
    if floors - first + 1 > fit or extra > 0:
        lines, block = lines + extra, block + extra * PATH_PITCH
    path_w = _path_width(area.w)
    c.saveState()
    for i in range(fit):
        k = first + i
        top = area.y1 - i * block
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(0.6)
        c.line(area.x, top, area.x + area.w, top)
        c.setFillColorRGB(*INK)
        c.setFont(design.BOLD, 13)
        c.drawString(area.x, top - mm(6), f"B{k}")
        c.setFont(*LABEL.pair)
        c.drawString(area.x, top - mm(9.5), f"floor {k}")
        x0 = area.x + LABEL_W
        c.setStrokeColorRGB(*NUMBER_INK)
        c.setLineWidth(0.4)
        for j in range(lines):
            ly = top - mm(1.5) - (j + 1) * PATH_PITCH
            if j % 2 == 0:
                c.setFillColorRGB(*BAND)
                c.rect(x0, ly, path_w, PATH_PITCH, stroke=0, fill=1)
            c.line(x0 + (mm(8) if j == 0 else 0), ly, x0 + path_w, ly)
        c.setFillColorRGB(*NUMBER_INK)
        c.drawString(x0 + mm(0.5), top - mm(1.5) - PATH_PITCH + mm(1.5), "path")
        bx = x0 + path_w + mm(3)
        for name, bw in BOXES:
            draw_log_field(c, bx, top - mm(1.5), bw, BOX_H, name)
            bx += bw + BOX_GAP
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.6)
    c.line(area.x, area.y1 - fit * block, area.x + area.w, area.y1 - fit * block)
    c.restoreState()
    return fit
