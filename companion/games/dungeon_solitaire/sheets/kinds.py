"""Dungeon Solitaire sheets: :func:`render`, which draws one sheet kind."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.dungeon_solitaire.sheets.calibrate import draw_calibration
from companion.games.dungeon_solitaire.sheets.cards import draw_card_folds, draw_cards
from companion.games.dungeon_solitaire.sheets.common import (
    _doc_flip,
    _grid_layout,
    _layout,
    _offset,
    backs_mode,
    sheet_payloads,
    wanted_levels,
)
from companion.games.dungeon_solitaire.sheets.log import draw_log_page
from companion.games.dungeon_solitaire.sheets.map import draw_map_page
from companion.games.dungeon_solitaire.sheets.mat import draw_mat_page
from companion.games.dungeon_solitaire.sheets.tiles import (
    draw_tile_folds,
    draw_tiles,
    tile_fold_pages,
)
from companion.games.dungeon_solitaire.table import RULES
from companion.paper.document import SheetDocument

if TYPE_CHECKING:
    from companion.games.dungeon_solitaire import DungeonSolitaire


def render(game: DungeonSolitaire, kind: str, seed: str, params: dict[str, int], paper: str,
           options: dict[str, Any]) -> bytes:
    """The PDF bytes of one sheet kind: ``tiles``, ``cards``, ``mat``, ``log``,
    ``calibrate`` or ``map``. ``options``: ``layout``, ``back_offset`` ((x, y) mm),
    ``backs`` (tiles and cards: ``duplex``, ``fold`` or ``none``), ``level`` (tiles:
    only that level; map: that level, default 1), ``edition`` (an older rules edition;
    default: the newest). The calibration sheet is the same for every seed and prints
    none (its payload has none either).

    Raises ParameterError for a bad level or ``backs``, PayloadError for an edition
    this build does not know, LayoutError for an unusable layout.
    """
    size = params["size"]
    if kind == "calibrate":
        seed = ""
    payloads = sheet_payloads(game, kind, seed, params, options)
    edition = game.check_edition(options.get("edition", game.edition))
    if kind == "tiles":
        layout = _grid_layout(options)
        backs = backs_mode(layout, options)
        levels = wanted_levels(options)
        label = f"level {levels[0]}" if len(levels) == 1 else f"levels 1-{RULES.levels}"
        folds = (tile_fold_pages(seed, size, paper, layout, levels, game.rules_table(edition))
                 if backs == "fold" else [])
        doc = SheetDocument(f"{game.title} tiles, {label}, {seed}", paper, layout.landscape,
                            payloads, duplex=_doc_flip(layout, backs))
        if backs == "fold":
            draw_tile_folds(doc, layout, game, seed, params, folds, edition)
        else:
            draw_tiles(doc, layout, game, seed, params, levels, _offset(options), edition,
                       backs)
    elif kind == "cards":
        layout = _grid_layout(options)
        backs = backs_mode(layout, options)
        doc = SheetDocument(f"{game.title} reward cards {seed}", paper, layout.landscape,
                            payloads, duplex=_doc_flip(layout, backs))
        if backs == "fold":
            draw_card_folds(doc, layout, game, seed, params, payloads[0], edition)
        else:
            draw_cards(doc, layout, game, seed, params, payloads[0], _offset(options),
                       edition, backs)
    elif kind == "mat":
        layout = _layout(options, "map")
        doc = SheetDocument(f"{game.title} play mat {seed}", paper, True, payloads)
        draw_mat_page(doc, layout, game, seed, params, payloads[0], edition)
    elif kind == "log":
        layout = _layout(options, "list")
        doc = SheetDocument(f"{game.title} log sheet {seed}", paper, layout.landscape,
                            payloads)
        draw_log_page(doc, layout, game, seed, size, payloads[0], edition)
    elif kind == "calibrate":
        layout = _layout(options, "list")
        doc = SheetDocument(f"{game.title} duplex calibration", paper, False, payloads,
                            duplex="long")
        draw_calibration(doc, layout, game, payloads[0], _offset(options))
    elif kind == "map":
        layout = _layout(options, "map")
        n = wanted_levels(options, [1])[0]
        doc = SheetDocument(f"{game.title} answer key, level {n}, {seed}", paper,
                            layout.landscape, payloads)
        draw_map_page(doc, layout, game, seed, size, n, payloads[0], edition)
    else:  # pragma: no cover - the game checks the kind first
        game.sheet_kind(kind)
        raise AssertionError(kind)
    return doc.finish()
