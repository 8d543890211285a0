"""Clear the Dungeon printed sheets: the play mat, the stacking list, the log sheet and a
printable 54-card deck.

Everything seeded is drawn from the engine's own deal (:func:`generation.deal`), so a
sheet always shows what the validator will check. The rules text on the sheets is the
project's own wording (the original rules are CC BY-NC-ND); the designer is credited on
every sheet.

The deck is the same for every seed and prints none (``SheetKind.seeded`` false). Its
instruction page comes first; then 54 poker cards (63 x 88 mm, the ``poker`` layout:
3 x 3 on a portrait page, shared cut lines) on 6 front pages, with their backs as
``options["backs"]`` asks (:func:`deck_pages`):

- ``duplex`` (the default): each front page is followed by its backs, mirrored
  left-right for a long-edge flip. The instruction page then has a back too (the next
  page), a sample card back lying behind the sample front, so the first sheet doubles
  as a check of the printer's two sides and the card sheets stay pairs.
- ``fold``: fronts and their backs on one page, mirrored about a fold line
  (:mod:`companion.paper.fold`).
- ``none``: the fronts only.

Every card page names itself in its margin (game, kind, page n of m) and carries the
50 mm scale bar; a small QR code goes wherever the margin holds one: the grid moves a
few millimetres down on A4 to make room for it, US Letter has none to spare (its card
pages name themselves in plain text up the side margin).

The modules: one per sheet kind (:mod:`.mat`, :mod:`.stack`, :mod:`.log`, :mod:`.deck`),
the faces and back of a printed card (:mod:`.faces`), a card page's name in its margin
(:mod:`.margins`), what they share (:mod:`.common`) and :func:`render` (:mod:`.kinds`).
Every public name is importable from this package.
"""

from __future__ import annotations

from companion.games.clear_the_dungeon.sheets.common import (
    BACK_INK,
    BACK_TINT,
    CARD_MM,
    DECK_CARDS,
    FACE_TINT_BLACK,
    FACE_TINT_RED,
    LOST_FILL,
    PAR_BUDGET,
    SLOT_GREY,
    Sheet,
    describe_data,
    draw_mini_back,
    par_text,
    sheet_payload,
    stack_order,
)
from companion.games.clear_the_dungeon.sheets.deck import (
    FOLD_RESERVE_MM,
    QR_BAND_MM,
    DeckPage,
    backs_mode,
    deck_fold_plan,
    deck_pages,
    draw_deck,
    draw_deck_sheet,
)
from companion.games.clear_the_dungeon.sheets.faces import draw_card_back, draw_card_front
from companion.games.clear_the_dungeon.sheets.kinds import SHEETS, SheetSpec, render, sheet_spec
from companion.games.clear_the_dungeon.sheets.log import (
    LOG_LINES,
    LOG_LINES_BOUND,
    LOG_LINES_SEEN,
    VERB_HELP,
    draw_log_pages,
    draw_log_sheet,
)
from companion.games.clear_the_dungeon.sheets.margins import (
    NAME_SIZE,
    SMALL_QR_MM,
    draw_small_qr,
    scale_check_box,
)
from companion.games.clear_the_dungeon.sheets.mat import (
    ATTACK_RULES,
    MatGeometry,
    draw_mat_page,
    draw_mat_sheet,
)
from companion.games.clear_the_dungeon.sheets.stack import draw_stack_page, draw_stack_sheet

__all__ = [
    "ATTACK_RULES",
    "BACK_INK",
    "BACK_TINT",
    "CARD_MM",
    "DECK_CARDS",
    "DeckPage",
    "FACE_TINT_BLACK",
    "FACE_TINT_RED",
    "FOLD_RESERVE_MM",
    "LOG_LINES",
    "LOG_LINES_BOUND",
    "LOG_LINES_SEEN",
    "LOST_FILL",
    "MatGeometry",
    "NAME_SIZE",
    "PAR_BUDGET",
    "QR_BAND_MM",
    "SHEETS",
    "SLOT_GREY",
    "SMALL_QR_MM",
    "Sheet",
    "SheetSpec",
    "VERB_HELP",
    "backs_mode",
    "deck_fold_plan",
    "deck_pages",
    "describe_data",
    "draw_card_back",
    "draw_card_front",
    "draw_deck",
    "draw_deck_sheet",
    "draw_log_pages",
    "draw_log_sheet",
    "draw_mat_page",
    "draw_mat_sheet",
    "draw_mini_back",
    "draw_small_qr",
    "draw_stack_page",
    "draw_stack_sheet",
    "par_text",
    "render",
    "scale_check_box",
    "sheet_payload",
    "sheet_spec",
    "stack_order",
]
