"""Dungeon Solitaire sheets: the level tiles (``tiles``), a page per level laid out
as the board, with duplex backs, fold-over pages or fronts only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.games.dungeon_solitaire.generation import Cell, Level, cell_name, generate_level
from companion.games.dungeon_solitaire.sheets.art import (
    DEFAULT_INK,
    _empty_cell,
    _marker,
    draw_level_back,
    draw_room,
)
from companion.games.dungeon_solitaire.sheets.common import (
    Offset,
    Sheet,
    _draw_scale_check,
    _flip,
    _grid,
    _params_text,
    _plural,
    _reading_order,
    _span,
    _two_sided,
    board_grid,
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
from companion.paper import design
from companion.paper.cards import fit_font_size
from companion.paper.document import SheetDocument
from companion.paper.fold import check_backs, draw_offset_note
from companion.paper.frame import INK, draw_footer, footer_height, identity_lines
from companion.paper.layout import Layout, Rect, bounding_rect, content_rect, mirror_slot
from companion.paper.marks import draw_crop_marks, draw_cut_lines
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.dungeon_solitaire import DungeonSolitaire


@dataclass(frozen=True)
class TilePage:
    """One page of level tiles: ``side`` is ``front`` or ``back``; the tile of
    ``cells[i]`` is at ``slots[i]`` (its face on a front, its back on a back page);
    ``trim`` is the page's TrimBox (the tiles' block); ``grid`` the whole board."""

    side: str
    level: int
    cells: tuple[Cell, ...]
    slots: tuple[Rect, ...]
    trim: Rect
    grid: Rect


def tile_pages(seed: str, size: int, paper: str, layout: Layout | None = None,
               back_offset: Offset = (0.0, 0.0),
               levels: Sequence[int] | None = None,
               rules: RulesTable = RULES, backs: str = "duplex") -> list[TilePage]:
    """The page plan of the level tiles: for each level a front page (the board's tiles
    at their squares) and its back page (mirrored left-right for a long-edge flip, then
    shifted by ``back_offset`` mm), unless ``backs`` is ``none`` or the layout prints
    single-sided.

    Raises LayoutError for a layout that is not a grid or does not fit ``paper``,
    ValueError for ``backs`` fold (see :func:`tile_fold_pages`).
    """
    layout = _grid(layout, "tiles")
    two_sided = _two_sided(layout, backs)
    grid = board_grid(layout, paper, size)
    page_w = layout.page_size(paper)[0]
    plan: list[TilePage] = []
    for n in levels or range(1, rules.levels + 1):
        lvl = generate_level(seed, n, size, rules)
        cells = tuple(_reading_order(list(lvl.board)))
        slots = tuple(grid.cell_rect(c) for c in cells)
        plan.append(TilePage("front", n, cells, slots, bounding_rect(list(slots)), grid.block))
        if two_sided:
            behind = tuple(mirror_slot(s, page_w, back_offset) for s in slots)
            plan.append(TilePage("back", n, cells, behind, bounding_rect(list(behind)),
                                 mirror_slot(grid.block, page_w, back_offset)))
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
    items: list[tuple[int, Cell]] = []
    for n in levels or range(1, rules.levels + 1):
        board = generate_level(seed, n, size, rules).board
        items += [(n, cell) for cell in _reading_order(list(board))]
    return _fold_pages(fold_sheet_plan(layout, paper, side), items)


def draw_tiles(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
               params: Mapping[str, int], levels: Sequence[int],
               back_offset: Offset, edition: int | None = None,
               backs: str = "duplex", ink: str = DEFAULT_INK) -> list[TilePage]:
    """Every page of the level tiles of rules ``edition`` (default: the newest; see
    :func:`tile_pages`), ``backs`` duplex (each back page says the offset it was
    shifted by) or none, the stone walls in ``ink``; returns the plan.

    Raises LayoutError if a back page has no margin for its offset note.
    """
    size = params["size"]
    rules = game.rules_table(edition)
    plan = tile_pages(seed, size, doc.paper, layout, back_offset, levels, rules, backs)
    bleed = mm(layout.bleed)
    two_sided = any(p.side == "back" for p in plan)
    for i, page in enumerate(plan):
        c = doc.canvas if i == 0 else doc.new_page(layout.landscape)
        doc.set_trim(page.trim)
        if bleed:
            doc.set_bleed(page.trim.inset(-bleed))
        lvl = generate_level(seed, page.level, size, rules)
        if page.side == "back":
            for cell, slot in zip(page.cells, page.slots, strict=True):
                draw_level_back(c, slot, page.level, cell, ink)
            draw_offset_note(c, doc.page_size, list(page.slots), back_offset)
            continue
        grid = board_grid(layout, doc.paper, size)
        for row in range(size):
            for col in range(size):
                if (col, row) not in lvl.board:
                    _empty_cell(c, grid.cell_rect((col, row)), cell_name((col, row)))
        for cell, slot in zip(page.cells, page.slots, strict=True):
            draw_room(c, slot, lvl.board[cell], marker=_marker(lvl, cell),
                      label=f"{cell_name(cell)} L{page.level}", bleed=bleed, ink=ink)
        draw_cut_lines(c, list(page.slots), width=0.3, gray=0.72)
        if layout.crop_marks:
            draw_crop_marks(c, list(page.slots), offset=max(mm(3), bleed),
                            page_size=doc.page_size)
        _tiles_text(doc, layout, game, seed, params, lvl, len(page.cells), edition,
                    (i + 1, len(plan)), two_sided)
    return plan


def _tiles_text(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
                params: Mapping[str, int], lvl: Level, count: int,
                edition: int | None = None, page: tuple[int, int] = (1, 1),
                two_sided: bool = True) -> Rect:
    """The title line, the identity footer and the scale check of a tiles front page,
    page ``page[0]`` of ``page[1]`` of the document; returns the scale check's box."""
    c = doc.canvas
    area = content_rect(layout, doc.paper)
    size = params["size"]
    n = lvl.number
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setFont(design.BOLD, 14)
    title = f"Level {n} of {RULES.levels}: {_plural(count, 'tile')}"
    c.drawString(area.x, area.y1 - 14 * 0.78, title)
    start, stairs = cell_name(lvl.start), cell_name(lvl.stairs)
    goal = "the crown" if lvl.crown else "the staircase"
    # right of the title, clear of it: without the game's name if a long seed needs
    # the room, and smaller only if even that does not fit
    room = area.w - c.stringWidth(title, design.BOLD, 14) - mm(4)
    note = f"{game.title}, seed {seed}: start {start}, {goal} {stairs}"
    if c.stringWidth(note, design.REGULAR, 8) > room:
        note = f"seed {seed}: start {start}, {goal} {stairs}"
    c.setFont(design.REGULAR, fit_font_size(note, design.REGULAR, 8, room))
    c.drawRightString(area.x1, area.y1 - 14 * 0.78, note)
    c.restoreState()
    payload = sheet_payload(game, seed, params, "tiles", n, edition)
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, seed, _params_text(size),
                           f"level {n} tiles, page {page[0]} of {page[1]}")
    foot = footer_height(payload, lines, qr_w)
    how = ([f"Print two-sided, flip on the {_flip(layout)} edge:",
            "each back names its level and square."] if two_sided else
           ["Printed one-sided (no backs): each tile's",
            "front names its square and level."])
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                right_text=[
                    *how,
                    "Cut along the dashed lines.",
                    "To play: lay the tiles face down on their squares,",
                    "the start and the stairs face up.",
                    game.credits,
                ])
    # the scale check: right-aligned over the footer, clear of the identity block
    # and under the board's crop marks
    id_h = foot - mm(3)
    return _draw_scale_check(c, area.x1, area.y + id_h + mm(1.5))


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
                  label=f"{cell_name(item[1])} L{item[0]}", bleed=bleed, ink=ink)

    def back(c: Any, item: tuple[int, Cell], r: Rect) -> None:
        draw_level_back(c, r, item[0], item[1], ink)

    for k, page in enumerate(pages):
        shown = sorted({lv for lv, _ in page.items})
        level = shown[0] if len(shown) == 1 else None
        payload = sheet_payload(game, seed, params, "tiles", level, edition)
        lines = page_name_lines(game, seed, size, f"tiles, {_span(shown, 'level')}", k + 1,
                                len(pages))
        _draw_fold_page(doc, layout, page, front, back, payload, lines, notes)


def tile_payloads(game: DungeonSolitaire, kind: str, seed: str, params: Mapping[str, int],
                  options: Mapping[str, Any], edition: int) -> list[str]:
    """The payloads of a tiles sheet: one per level shown (``options["level"]``, default
    all nine) and, on fold-over pages of more than one level, the payload of all the
    tiles last (a page holding tiles of two levels scans as that).

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
