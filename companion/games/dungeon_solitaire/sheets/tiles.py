"""Dungeon Solitaire sheets: the level tiles (``tiles``), every level's tiles on as
few pages as they fill (each tile naming its square and level), with duplex backs,
fold-over pages or fronts only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.games.dungeon_solitaire.generation import Cell, cell_name, generate_level
from companion.games.dungeon_solitaire.sheets.art import (
    DEFAULT_INK,
    _marker,
    draw_level_back,
    draw_room,
)
from companion.games.dungeon_solitaire.sheets.common import (
    FACE_SIZE,
    MARGIN_QR_MM,
    Offset,
    Sheet,
    _flip,
    _grid,
    _plural,
    _reading_order,
    _span,
    _two_sided,
    band_grid,
    draw_page_name,
    page_name_lines,
    sheet_payload,
    tile_side_mm,
    wanted_levels,
)
from companion.games.dungeon_solitaire.sheets.folds import (
    FoldPage,
    _draw_fold_page,
    _fold_notes,
    _fold_pages,
    fold_sheet_plan,
)
from companion.games.dungeon_solitaire.table import RULES, RulesTable
from companion.paper.document import SheetDocument
from companion.paper.fold import check_backs, draw_offset_note
from companion.paper.layout import Layout, Rect, bounding_rect, mirror_slot
from companion.paper.marks import draw_crop_marks, draw_cut_lines
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.dungeon_solitaire import DungeonSolitaire


@dataclass(frozen=True)
class TilePage:
    """One page of level tiles: ``side`` is ``front`` or ``back``; the tile ``items[i]``
    (``(level, cell)``) is at ``slots[i]`` (its face on a front, its back on a back
    page); ``trim`` is the page's TrimBox (the tiles' block). A front's ``band`` is the
    strip of bottom margin where the page names itself, with a QR code ``qr_mm``
    square when one fits there (None: the name in text only)."""

    side: str
    items: tuple[tuple[int, Cell], ...]
    slots: tuple[Rect, ...]
    trim: Rect
    band: Rect | None = None
    qr_mm: float | None = None

    @property
    def levels(self) -> list[int]:
        """The levels whose tiles are on the page, in order."""
        return sorted({n for n, _ in self.items})

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The squares of the page's tiles, in slot order."""
        return tuple(cell for _, cell in self.items)


def _tile_items(seed: str, size: int, levels: Sequence[int] | None,
                rules: RulesTable) -> list[tuple[int, Cell]]:
    """Every tile of ``levels`` (default all nine), level after level, each level's in
    reading order: what the levels need and no placeholder for an empty square."""
    items: list[tuple[int, Cell]] = []
    for n in levels or range(1, rules.levels + 1):
        board = generate_level(seed, n, size, rules).board
        items += [(n, cell) for cell in _reading_order(list(board))]
    return items


def tile_pages(seed: str, size: int, paper: str, layout: Layout | None = None,
               back_offset: Offset = (0.0, 0.0),
               levels: Sequence[int] | None = None,
               rules: RulesTable = RULES, backs: str = "duplex") -> list[TilePage]:
    """The page plan of the level tiles: every tile of ``levels`` (default all nine),
    level after level, at the tile size (:func:`tile_side_mm`), on as few pages as the
    grid holds, shared evenly over them, over a band where each front names itself
    (:func:`band_grid`); each front page followed by its back page (mirrored
    left-right for a long-edge flip, then shifted by ``back_offset`` mm) unless
    ``backs`` is ``none`` or the layout prints single-sided. Each tile's face and back
    name its square and level.

    Raises LayoutError for a layout that is not a grid or does not fit ``paper``,
    ValueError for ``backs`` fold (see :func:`tile_fold_pages`).
    """
    layout = _grid(layout, "tiles")
    two_sided = _two_sided(layout, backs)
    side = tile_side_mm(layout, paper, size)
    items = _tile_items(seed, size, levels, rules)
    grid = band_grid(layout, paper, side, len(items), "tiles")
    page_w = layout.page_size(paper)[0]
    plan: list[TilePage] = []
    for chunk in grid.chunks(items):
        front = list(grid.slots[:len(chunk)])
        plan.append(TilePage("front", chunk, tuple(front), bounding_rect(front), grid.band,
                             grid.qr_mm))
        if two_sided:
            behind = [mirror_slot(r, page_w, back_offset) for r in front]
            plan.append(TilePage("back", chunk, tuple(behind), bounding_rect(behind)))
    return plan


def tile_fold_pages(seed: str, size: int, paper: str, layout: Layout | None = None,
                    levels: Sequence[int] | None = None,
                    rules: RulesTable = RULES) -> list[FoldPage[tuple[int, Cell]]]:
    """The fold-over pages of the level tiles (``--backs fold``): every tile of
    ``levels`` (default all nine), level by level in reading order, at the size they
    have on duplex pages (:func:`tile_side_mm`), as many to a page as
    :func:`fold_sheet_plan` holds, over as many pages as they need.

    Raises LayoutError for a layout that is not a grid or does not fit ``paper``.
    """
    layout = _grid(layout, "tiles")
    side = tile_side_mm(layout, paper, size)
    items = _tile_items(seed, size, levels, rules)
    return _fold_pages(fold_sheet_plan(layout, paper, side), items)


def _page_payload(game: DungeonSolitaire, seed: str, params: Mapping[str, int],
                  levels: Sequence[int], edition: int | None) -> str:
    """A tiles page's payload: its level's when it holds one level, else all the
    tiles'."""
    level = levels[0] if len(levels) == 1 else None
    return sheet_payload(game, seed, params, "tiles", level, edition)


def _tiles_notes(layout: Layout, count: int, side: float, fronts: int,
                 two_sided: bool) -> tuple[list[str], str]:
    """How to print, cut and lay out the tiles: a few short lines, and one for a low
    band."""
    how = (f"Print two-sided, flip on the {_flip(layout)} edge."
           if two_sided else "Printed one-sided: no backs.")
    notes = [f"{_plural(count, 'tile')}, {side:g} mm, on {_plural(fronts, 'sheet')}.", how,
             "Both sides name square and level.",
             "Cut along the dashed lines."]
    return notes, f"{how} Cut on the dashed lines; tiles name square and level."


SET_UP = "Set up: a level's tiles face down on their squares, start and stairs face up."
"""How a level's tiles go on the table: read at the table, so a line of the page's name
(label size) where the band holds four lines, else the last of its notes."""
SET_UP_BAND_MM = 16.0
"""The lowest band that holds the page's name in four lines at the label size."""


def draw_tiles(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
               params: Mapping[str, int], levels: Sequence[int],
               back_offset: Offset, edition: int | None = None,
               backs: str = "duplex", ink: str = DEFAULT_INK) -> list[TilePage]:
    """Every page of the level tiles of rules ``edition`` (default: the newest; see
    :func:`tile_pages`), ``backs`` duplex (each back page says the offset it was
    shifted by) or none, the stone walls in ``ink``; each front names itself in its
    band (its level's QR code, or all the tiles' when it holds several levels) with
    the scale check and the printing notes, the first front's code first in the
    metadata (the Subject, what a scan of the file reports first); returns the plan.

    Raises LayoutError if a back page has no margin for its offset note.
    """
    size = params["size"]
    rules = game.rules_table(edition)
    plan = tile_pages(seed, size, doc.paper, layout, back_offset, levels, rules, backs)
    boards = {n: generate_level(seed, n, size, rules) for n in levels}
    bleed = mm(layout.bleed)
    fronts = [p for p in plan if p.side == "front"]
    count = sum(len(p.items) for p in fronts)
    side = tile_side_mm(layout, doc.paper, size)
    notes, short = _tiles_notes(layout, count, side, len(fronts), len(fronts) < len(plan))
    for i, page in enumerate(plan):
        c = doc.canvas if i == 0 else doc.new_page(layout.landscape)
        doc.set_trim(page.trim)
        if bleed:
            doc.set_bleed(page.trim.inset(-bleed))
        if page.side == "back":
            for (n, cell), slot in zip(page.items, page.slots, strict=True):
                draw_level_back(c, slot, n, cell, ink, FACE_SIZE)
            draw_offset_note(c, doc.page_size, list(page.slots), back_offset)
            continue
        for (n, cell), slot in zip(page.items, page.slots, strict=True):
            lvl = boards[n]
            draw_room(c, slot, lvl.board[cell], marker=_marker(lvl, cell),
                      label=f"{cell_name(cell)} L{n}", bleed=bleed, ink=ink, least=FACE_SIZE)
        draw_cut_lines(c, list(page.slots), width=0.3, gray=0.72)
        if layout.crop_marks:
            draw_crop_marks(c, list(page.slots), offset=max(mm(3), bleed),
                            page_size=doc.page_size)
        assert page.band is not None
        payload = _page_payload(game, seed, params, page.levels, edition)
        doc.add_payload(payload, first=i == 0)
        lines = page_name_lines(game, seed, size, f"tiles, {_span(page.levels, 'level')}",
                                i + 1, len(plan))
        tall = page.band.h >= mm(SET_UP_BAND_MM)
        draw_page_name(c, page.band, payload if page.qr_mm else None,
                       [*lines, SET_UP] if tall else lines,
                       notes if tall else [*notes, SET_UP], short,
                       qr_mm=page.qr_mm or MARGIN_QR_MM)
    return plan


def draw_tile_folds(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
                    params: Mapping[str, int], pages: Sequence[FoldPage[tuple[int, Cell]]],
                    edition: int | None = None, ink: str = DEFAULT_INK) -> None:
    """The fold-over pages of the level tiles (:func:`tile_fold_pages`): fronts, their
    backs about the fold line (each naming its level and square), and in the strip
    the page's name and QR code (that level's payload when the page holds one level
    only, else the payload of all the tiles), the scale check and the notes."""
    size = params["size"]
    rules = game.rules_table(edition)
    boards = {n: generate_level(seed, n, size, rules)
              for n in sorted({lv for p in pages for lv, _ in p.items})}
    bleed = mm(layout.bleed)
    count = sum(len(p.items) for p in pages)
    side = tile_side_mm(layout, doc.paper, size)
    notes = [f"{_plural(count, 'tile')}, {side:g} mm, on {_plural(len(pages), 'sheet')}: "
             "print one-sided.",
             *_fold_notes(), "Each back names its level and square."]

    def front(c: Any, item: tuple[int, Cell], r: Rect) -> None:
        lvl = boards[item[0]]
        draw_room(c, r, lvl.board[item[1]], marker=_marker(lvl, item[1]),
                  label=f"{cell_name(item[1])} L{item[0]}", bleed=bleed, ink=ink,
                  least=FACE_SIZE)

    def back(c: Any, item: tuple[int, Cell], r: Rect) -> None:
        draw_level_back(c, r, item[0], item[1], ink, FACE_SIZE)

    for k, page in enumerate(pages):
        shown = sorted({lv for lv, _ in page.items})
        payload = _page_payload(game, seed, params, shown, edition)
        doc.add_payload(payload, first=k == 0)
        lines = page_name_lines(game, seed, size, f"tiles, {_span(shown, 'level')}", k + 1,
                                len(pages))
        _draw_fold_page(doc, layout, page, front, back, payload, lines, notes)


def tile_payloads(game: DungeonSolitaire, kind: str, seed: str, params: Mapping[str, int],
                  options: Mapping[str, Any], edition: int) -> list[str]:
    """The payloads of a tiles sheet: one per level shown (``options["level"]``, default
    all nine) and, on fold-over pages of more than one level, the payload of all the
    tiles last (a page holding tiles of two levels scans as that). Two-sided and
    one-sided pages holding several levels add that payload as they are drawn
    (:func:`draw_tiles`): this list is the ``--json`` data, frozen for edition 1.

    Raises ParameterError for a bad ``options["level"]`` or ``options["backs"]``.
    """
    levels = wanted_levels(options)
    out = [sheet_payload(game, seed, params, kind, n, edition) for n in levels]
    if check_backs(options.get("backs")) == "fold" and len(levels) > 1:
        out.append(sheet_payload(game, seed, params, kind, None, edition))
    return out


def tiles_label(sheet: Sheet) -> str:
    """What a tiles document's title says it holds: ``level 3`` or ``levels 1-9``."""
    levels = wanted_levels(sheet.options)
    return f"level {levels[0]}" if len(levels) == 1 else f"levels 1-{RULES.levels}"


def draw_tiles_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``tiles`` sheet: the tiles of ``options["level"]`` (default every level),
    fronts and duplex backs, fold-over pages or fronts only as ``sheet.backs`` says.

    Raises LayoutError for a layout the tiles do not fit or a back page with no margin
    for its offset note.
    """
    levels = wanted_levels(sheet.options)
    if sheet.backs == "fold":
        folds = tile_fold_pages(sheet.seed, sheet.size, sheet.paper, sheet.layout, levels,
                                sheet.game.rules_table(sheet.edition))
        draw_tile_folds(doc, sheet.layout, sheet.game, sheet.seed, sheet.params, folds,
                        sheet.edition, sheet.ink)
    else:
        draw_tiles(doc, sheet.layout, sheet.game, sheet.seed, sheet.params, levels,
                   sheet.back_offset, sheet.edition, sheet.backs, sheet.ink)
