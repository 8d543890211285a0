"""Dungeon Solitaire printed sheets: level tiles, reward cards, play mat, log sheet, a
duplex calibration page and the answer-key map.

Everything seeded is drawn from the engine (:func:`generation.generate_level`,
:func:`generation.reward_deck`), so a sheet always shows what the validator checks.

Sizes. Room tiles and reward cards are the same squares, so a played card sits on the
board like a level tile, and the mat's squares are that size too. The side is the
largest that lets a level's whole board, a title line, the crop marks and the identity
footer (QR code) fit one portrait page (:func:`tile_side_mm`): 38 mm for the default 5x5
board on A4 and on Letter alike (47.5 mm for 4x4, 31.5 mm for 6x6, 27 mm for 7x7).

Level tiles (``tiles``): what the levels need and nothing more: every tile of every
level (``options["level"]``: one level only), level after level in reading order, in
a grid of tile-sized squares over a band of bottom margin, on as few pages as the grid
holds and shared evenly over them (:func:`band_grid`; some 90 tiles on three sheets at
the default 5x5). No square is left for an empty cell: each tile's face names its square
and level (``c3 L1``) and so does its back, and the answer key shows where they lie.
Every front page names itself in its band (game, seed, levels, "page 1 of 6") with a
small QR code (a page of one level: that level's payload ``.../kind=tiles/level=L``;
of several: ``.../kind=tiles``, added to the document's payloads), the 50 mm scale
check and the printing notes. Back pages mirror their fronts left-right for a
long-edge flip (``back_offset`` shifts them). Cut lines and crop marks on fronts only.

Reward cards (``cards``): R1-R60 in the same grid of tile-sized squares over the band,
fronts then mirrored backs. The backs are all alike (a face-down deck gives nothing
away); each front shows its id, by which the deck is kept in number order. The band's
QR code is the largest of :data:`MARGIN_QR_SIZES_MM` that costs no row of cards (18 mm
at least, a flat scan reads it; the page is also named in text): 6 rows of 5 at 5x5 on
A4 and Letter alike, so the deck is two sheets and there is no separate instruction
page to upset the duplex order.

Type. Text on tiles and cards is at least the card-face size (7 pt), on the answer
key and the calibration sheet at least the label size (8 pt); the printing notes in a
band are print notes (6 pt). Effects on the special cards wrap to as many lines as
they need, the icon taking the room left.

Backs (``options["backs"]``, tiles and cards): ``duplex`` (the default) as above, the
document asking viewers for a long-edge flip and every back page printing, small, the
offset its backs were shifted by; ``fold`` puts fronts and backs on one page, mirrored
about a marked fold line (:func:`fold_sheet_plan`), the tiles at their duplex size
level after level over as many pages as they need (15 to a page at 5x5 on A4 and
Letter), each page naming itself in a strip under the cards with a small QR code (a
tiles page of one level: that level's payload; of two: ``.../kind=tiles``); ``none``
prints the fronts only. Every front page carries a 50 mm scale check (docs/printing.md), so do
the map and the mat.

Map (``map``): one level (``options["level"]``, default 1) face up, labelled ANSWER
KEY / SPOILER, payload ``.../level=N``; an empty square is shaded pale stone with its
name. Mat, log and calibration pages carry their QR code in the usual footer; the
calibration's back page has none (it is read against the light) but says the offset it
was printed with. The calibration front puts its steps, a table for the five readings,
boxes for the offset and a printer-and-paper note on pale panels clear of the
crosshairs. The calibration sheet is the same for every seed, size and edition: it is
drawn without a seed and its payload (``companion:E/ds/kind=calibrate``) names none.
The log sheet's examples are true of the seed's own reward deck (:func:`verb_help`).

The QR payload leaves the board size out when it is the default (5), which keeps it
near 42 bytes; every payload of a document is also in the PDF metadata.

The modules: one per sheet kind (:mod:`.tiles`, :mod:`.cards`, :mod:`.mat`, :mod:`.log`,
:mod:`.calibrate`, :mod:`.map`), the art of tiles and cards (:mod:`.art`), fold-over
pages (:mod:`.folds`), what they all share (:mod:`.common`) and :func:`render`
(:mod:`.kinds`). Every public name is importable from this package.
"""

from __future__ import annotations

from companion.games.dungeon_solitaire.sheets.art import (
    CHEST,
    CORRIDOR_FRAC,
    EMPTY_INK,
    FLOOR,
    LEVEL_INK,
    LEVEL_TINT,
    REWARD_INK,
    REWARD_TINT,
    ROOM_FRAC,
    SPECIAL_INK,
    SPECIAL_TEXT,
    SPOILER,
    TURN_OVER,
    WALL,
    WALL_EDGE,
    WALL_JOINT,
    WALL_TEXT,
    draw_level_back,
    draw_reward_back,
    draw_reward_front,
    draw_room,
    draw_special,
)
from companion.games.dungeon_solitaire.sheets.art import _empty_cell as _empty_cell
from companion.games.dungeon_solitaire.sheets.calibrate import (
    CAL_INSET_MM,
    CROSS_ARM_MM,
    RULER_CAPTION_MM,
    RULER_MM,
    RULER_TOP_MM,
    SCALE_AT_MM,
    SCALE_MM,
    CalibrationMark,
    calibration_marks,
    calibration_payloads,
    calibration_ruler,
    crosshair_rect,
    draw_calibration,
    draw_calibration_sheet,
)
from companion.games.dungeon_solitaire.sheets.cards import (
    CardPage,
    card_fold_pages,
    card_pages,
    draw_card_folds,
    draw_cards,
    draw_cards_sheet,
)
from companion.games.dungeon_solitaire.sheets.common import (
    BAND_GAP_MM,
    EDGE_MM,
    FACE_SIZE,
    FOLD_QR_MM,
    FOOTER_MM,
    LABEL_SIZE,
    MARGIN_QR_MM,
    MARGIN_QR_SIZES_MM,
    MARK_EDGE_MM,
    MARK_MM,
    NAME_SIZE,
    NOTE_SIZE,
    TEXT_BAND_MM,
    TITLE_MM,
    WHITE_BORDER_MM,
    BandGrid,
    BoardGrid,
    Offset,
    Sheet,
    backs_mode,
    band_grid,
    board_grid,
    draw_footer_notes,
    draw_identity_footer,
    draw_margin_qr,
    draw_page_name,
    one_payload,
    page_name_lines,
    scale_check_width,
    sheet_payload,
    tile_side_mm,
    wanted_levels,
)
from companion.games.dungeon_solitaire.sheets.folds import FoldPage, fold_sheet_plan
from companion.games.dungeon_solitaire.sheets.kinds import (
    SHEETS,
    Payloads,
    SheetSpec,
    render,
    sheet_payloads,
    sheet_spec,
)
from companion.games.dungeon_solitaire.sheets.log import (
    draft_example,
    draw_log_page,
    draw_log_sheet,
    verb_help,
)
from companion.games.dungeon_solitaire.sheets.map import (
    EMPTY_FILL,
    draw_map_page,
    draw_map_sheet,
    map_label,
    map_payloads,
)
from companion.games.dungeon_solitaire.sheets.mat import (
    STACKED_SCALE_HEIGHT,
    MatGeometry,
    draw_mat_page,
    draw_mat_sheet,
    mat_rules,
)
from companion.games.dungeon_solitaire.sheets.tiles import (
    TilePage,
    draw_tile_folds,
    draw_tiles,
    draw_tiles_sheet,
    tile_fold_pages,
    tile_pages,
    tile_payloads,
    tiles_label,
)

__all__ = [
    "BAND_GAP_MM",
    "BandGrid",
    "BoardGrid",
    "CAL_INSET_MM",
    "CHEST",
    "CORRIDOR_FRAC",
    "CROSS_ARM_MM",
    "CalibrationMark",
    "CardPage",
    "EDGE_MM",
    "EMPTY_FILL",
    "EMPTY_INK",
    "FACE_SIZE",
    "FLOOR",
    "FOLD_QR_MM",
    "FOOTER_MM",
    "FoldPage",
    "LABEL_SIZE",
    "LEVEL_INK",
    "LEVEL_TINT",
    "MARGIN_QR_MM",
    "MARGIN_QR_SIZES_MM",
    "MARK_EDGE_MM",
    "MARK_MM",
    "MatGeometry",
    "NAME_SIZE",
    "NOTE_SIZE",
    "Offset",
    "Payloads",
    "REWARD_INK",
    "REWARD_TINT",
    "ROOM_FRAC",
    "RULER_CAPTION_MM",
    "RULER_MM",
    "RULER_TOP_MM",
    "SCALE_AT_MM",
    "SCALE_MM",
    "SHEETS",
    "SPECIAL_INK",
    "SPECIAL_TEXT",
    "SPOILER",
    "STACKED_SCALE_HEIGHT",
    "Sheet",
    "SheetSpec",
    "TEXT_BAND_MM",
    "TITLE_MM",
    "TURN_OVER",
    "TilePage",
    "WALL",
    "WALL_EDGE",
    "WALL_JOINT",
    "WALL_TEXT",
    "WHITE_BORDER_MM",
    "backs_mode",
    "band_grid",
    "board_grid",
    "calibration_marks",
    "calibration_payloads",
    "calibration_ruler",
    "card_fold_pages",
    "card_pages",
    "crosshair_rect",
    "draft_example",
    "draw_calibration",
    "draw_calibration_sheet",
    "draw_card_folds",
    "draw_cards",
    "draw_cards_sheet",
    "draw_footer_notes",
    "draw_identity_footer",
    "draw_level_back",
    "draw_log_page",
    "draw_log_sheet",
    "draw_map_page",
    "draw_map_sheet",
    "draw_margin_qr",
    "draw_mat_page",
    "draw_mat_sheet",
    "draw_page_name",
    "draw_reward_back",
    "draw_reward_front",
    "draw_room",
    "draw_special",
    "draw_tile_folds",
    "draw_tiles",
    "draw_tiles_sheet",
    "fold_sheet_plan",
    "map_label",
    "map_payloads",
    "mat_rules",
    "one_payload",
    "page_name_lines",
    "render",
    "scale_check_width",
    "sheet_payload",
    "sheet_payloads",
    "sheet_spec",
    "tile_fold_pages",
    "tile_pages",
    "tile_payloads",
    "tile_side_mm",
    "tiles_label",
    "verb_help",
    "wanted_levels",
]
