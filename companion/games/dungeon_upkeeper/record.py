"""Dungeon Upkeeper's hand record (``record``), the after-game sheet of a seed: par of
the run (the score of the run along each floor's par path, as ``companion solve``
plays it) and, floor by floor, the floor drawn small with the path the run took on it
(the par path, unless the moves left could not pay for it), its par and its path in
letters, in runs (``NNN EEE``), as the log writes it. Two pages for ten floors. With
``options["from_logs"]`` the table's players of the run too
(:mod:`companion.hand_record`).

The floors are drawn by the map sheet's own functions (:class:`.drawing.Geometry`,
:func:`.drawing.draw_floor`), only smaller."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import groupby
from typing import TYPE_CHECKING, Any

from companion.games.dungeon_upkeeper.drawing import COORD_BAND, Geometry, draw_floor
from companion.games.dungeon_upkeeper.floor import STEPS, Floor, solve
from companion.games.dungeon_upkeeper.generation import generate_floor
from companion.hand_record import Step, gather, group_steps
from companion.paper import design
from companion.paper.document import SheetDocument
from companion.paper.frame import INK, identity_lines, wrap_text
from companion.paper.layout import Rect
from companion.paper.record import (
    GAP,
    GREY,
    RecordPages,
    TextFloor,
    draw_heading_line,
    draw_summary,
    printable,
    wrap_rich,
)
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.dungeon_upkeeper import DungeonUpkeeper
    from companion.games.dungeon_upkeeper.sheets import Sheet

PATH_INK = (0.15, 0.35, 0.8)
COLUMNS = 3
MAX_SQUARE = mm(4.6)
MOST_SQUARE = mm(7)
LEAST_SQUARE = mm(2.8)
"""A floor's squares: as large as lets the first page hold the most floors, from
LEAST_SQUARE to MOST_SQUARE (MAX_SQUARE for a floor drawn alone)."""
CAPTION = 8.0
PATH_SIZE = 8.0
NOTE = 8.0
"""The floors' captions, notes and path lines: 8 pt (docs/printing.md, Design)."""
WHAT = ("the score of the run along each floor's par path (a floor's par: the fewest "
        "moves that reset every trap and refill every chest), as companion solve plays "
        "it: a player may beat it")


@dataclass(frozen=True)
class FloorRecord:
    """One floor of the record: the floor, its par, the run's lines on it (``floor k``
    and ``path ...``; none if the run ended before it) and the run after it."""

    floor: Floor
    par: int | None
    lines: tuple[str, ...]
    letters: str
    after: Any


def _runs(letters: str) -> str:
    """``NNNEEESS`` as ``NNN EEE SS``: the path in runs of one direction."""
    return " ".join("".join(g) for _, g in groupby(letters))


def floor_records(game: DungeonUpkeeper, seed: str, floors: int, edition: int,
                  steps: list[Step]) -> list[FloorRecord]:
    """Every floor of the run with the solver's lines on it."""
    table = game.rules_table(edition)
    by_floor: dict[int, list[Step]] = {}
    for group in group_steps(steps, lambda s: s.line.startswith("floor")):
        head = group[0].line.split()
        if head[0] == "floor" and len(head) > 1 and head[1].isdigit():
            by_floor[int(head[1])] = group
    out = []
    for k in range(1, floors + 1):
        floor = generate_floor(seed, k, table)
        group = by_floor.get(k, [])
        letters = "".join(s.line.split(maxsplit=1)[1].replace(" ", "") for s in group
                          if s.line.startswith("path") and len(s.line.split()) > 1)
        out.append(FloorRecord(floor, solve(floor).par, tuple(s.line for s in group),
                               letters, group[-1].after if group else None))
    return out


def _path_text(rec: FloorRecord) -> str:
    return ("path " + _runs(rec.letters)) if rec.letters else ""


def _cell_height(c: Any, rec: FloorRecord, width: float, straight: bool = False,
                 run: bool = True, square: float = MAX_SQUARE) -> float:
    geo = Geometry.fit(Rect(0, 0, width, mm(200)), rec.floor.width, rec.floor.height,
                       square)
    text = _path_text(rec)
    lines = len(wrap_rich(c, text, width, design.REGULAR, PATH_SIZE)) if text else 1
    notes = max(1, len(wrap_text(_note(rec, straight, run), design.REGULAR, NOTE, width)))
    return (CAPTION * 1.3 + notes * NOTE * 1.25 + geo.height + lines * PATH_SIZE * 1.25
            + mm(2))


def _note(rec: FloorRecord, straight: bool, run: bool) -> str:
    """What the run had after the floor (or that it ended before it)."""
    after = rec.after
    if not run:
        return ""
    if after is None:
        return "the run ended before this floor"
    return printable(("walked straight to the exit (the moves left do not pay for "
                       "par); " if straight else "")
                      + f"after it: health {after.health}, moves {after.moves}, "
                      f"score {after.run_score}")


def _draw_path(c: Any, geo: Geometry, floor: Floor, letters: str) -> None:
    """The path as a line through the squares' centres, from the start (a square
    walked twice: the second pass a little aside, so both read)."""
    cells = [floor.start]
    for letter in letters:
        dc, dr = STEPS[letter]
        col, row = cells[-1]
        cells.append((col + dc, row + dr))
    seen: dict[tuple[int, int], int] = {}
    c.saveState()
    c.setStrokeColorRGB(*PATH_INK)
    c.setLineWidth(max(0.8, geo.square * 0.14))
    c.setLineJoin(1)
    c.setLineCap(1)
    p = c.beginPath()
    for i, cell in enumerate(cells):
        r = geo.cell_rect(*cell)
        k = seen.get(cell, 0)
        seen[cell] = k + 1
        off = (k % 2) * geo.square * 0.22 - geo.square * 0.11
        if i == 0:
            p.moveTo(r.cx + off, r.cy + off)
        else:
            p.lineTo(r.cx + off, r.cy + off)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def _draw_cell(c: Any, x: float, top: float, width: float, rec: FloorRecord,
               straight: bool, run: bool, square: float = MAX_SQUARE) -> None:
    f = rec.floor
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setFont(design.BOLD, CAPTION)
    base = top - CAPTION * 0.9
    c.drawString(x, base, f"{f.name}  floor {f.number}")
    c.setFont(design.REGULAR, CAPTION)
    c.drawRightString(x + width, base, f"par {rec.par} moves" if rec.par is not None
                      else "no perfect path")
    y = top - CAPTION * 1.3
    c.setFillColorRGB(*GREY)
    c.setFont(design.REGULAR, NOTE)
    lines = wrap_text(_note(rec, straight, run), design.REGULAR, NOTE, width) or [""]
    for line in lines:
        c.drawString(x, y - NOTE * 0.85, line)
        y -= NOTE * 1.25
    geo = Geometry.fit(Rect(x, y - mm(200), width, mm(200)), f.width, f.height, square)
    draw_floor(TextFloor(c), geo, f)  # the mini map keeps no word under 8 pt
    if rec.letters:
        _draw_path(c, geo, f, rec.letters)
    y = geo.grid_y - COORD_BAND - mm(0.5)
    c.setFillColorRGB(*INK)
    c.setFont(design.REGULAR, PATH_SIZE)
    for line in wrap_rich(c, _path_text(rec), width, design.REGULAR, PATH_SIZE):
        c.drawString(x, y - PATH_SIZE * 0.85, line)
        y -= PATH_SIZE * 1.25
    c.restoreState()


def record_data(game: DungeonUpkeeper, seed: str, params: Mapping[str, int],
                options: Mapping[str, Any]) -> dict[str, Any]:
    """What the record adds to the sheet's ``--json`` data (par of the run and of each
    floor, the solver's report, the table's standings). Raises as
    :func:`companion.hand_record.gather`."""
    return gather(game, seed, params, (), options, WHAT).to_json()


def draw_record_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``record`` sheet: the floors three to a row over two pages at most.

    Raises ParameterError, PayloadError or UnreadableLogError as
    :func:`companion.hand_record.gather` does."""
    game, seed = sheet.game, sheet.seed
    floors = sheet.params["floors"]
    data = gather(game, seed, sheet.params, (), sheet.options, WHAT)
    rules = game.rules_table(sheet.edition)
    about = (f"A run scores {rules.score_per_trap} a trap reset, {rules.score_per_chest} a "
             f"chest refilled and {rules.score_perfect_per_floor} times the floor's "
             "number for a perfect floor (every trap and chest).")
    pages = RecordPages(
        doc, sheet.layout, f"{game.title}: hand record",
        f"Seed {seed}, {floors} floors, edition {sheet.edition}. Par of the run, and floor "
        "by floor the path the solver's run takes (the floor's par path where the moves "
        "pay for it) with the floor's par: trace it on your maps, or set your own run "
        "beside it.",
        sheet.payloads[0], identity_lines(game.title, seed, f"{floors} floors",
                                          "hand record"), [game.credits])
    draw_summary(pages, data.par.headline, data.par_lines(about), data.table_rows(),
                 data.table.summary() if data.table else "", bold=data.bold_lines)
    stats = data.report.stats if data.report is not None else {}
    straight = set(stats.get("straight_to_the_exit") or [])
    records = floor_records(game, seed, floors, sheet.edition, data.solver_steps)
    c = pages.canvas
    gap = mm(6)
    heading = "The run, floor by floor"
    note = "the solver's path in blue, from S; under each floor its log line, in runs"
    pages.top = draw_heading_line(c, pages.body.x, pages.top, heading, note, pages.body.w)

    def held(square: float) -> int:
        """How many floors the first page holds with squares up to ``square``."""
        total, n = 0.0, 0
        for i in range(0, len(records), COLUMNS):
            total += max(_cell_height(c, r, width, r.floor.name in straight,
                                      data.report is not None, square) for r in
                         records[i:i + COLUMNS]) + GAP
            if total > pages.room:
                break
            n += len(records[i:i + COLUMNS])
        return n

    # the most floors the first page can hold (squares down to LEAST_SQUARE), then
    # the largest squares that hold them (up to MOST_SQUARE)
    columns = COLUMNS
    width = (pages.body.w - gap * (columns - 1)) / columns
    sizes = [LEAST_SQUARE + mm(0.2) * k
             for k in range(round((MOST_SQUARE - LEAST_SQUARE) / mm(0.2)) + 1)]
    counts = {size: held(size) for size in sizes[::3]}
    most = max(counts.values())
    square = max(size for size, n in counts.items() if n == most)
    for start in range(0, len(records), columns):
        row = records[start:start + columns]
        height = max(_cell_height(c, r, width, r.floor.name in straight,
                                  data.report is not None, square) for r in row)
        if pages.room < height:
            if not pages.more():
                left = len(records) - start
                c.saveState()
                c.setFont(design.ITALIC, NOTE)
                c.setFillColorRGB(*GREY)
                c.drawString(pages.body.x, pages.body.y + mm(1),
                             f"... and {left} more floors not shown: companion solve "
                             f"{game.name} --seed {seed} --out best.log writes the run")
                c.restoreState()
                return
            pages.top = draw_heading_line(c, pages.body.x, pages.top,
                                          f"{heading} (continued)")
        band = pages.take(height, GAP)
        for i, rec in enumerate(row):
            _draw_cell(c, band.x + i * (width + gap), band.y1, width, rec,
                       rec.floor.name in straight, data.report is not None, square)
