"""Clear the Dungeon sheets: :func:`render`, which draws one sheet kind."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.clear_the_dungeon.sheets.common import _layout, par_text, sheet_payload
from companion.games.clear_the_dungeon.sheets.deck import _flip, backs_mode, draw_deck
from companion.games.clear_the_dungeon.sheets.log import draw_log_pages
from companion.games.clear_the_dungeon.sheets.mat import draw_mat_page
from companion.games.clear_the_dungeon.sheets.stack import draw_stack_page
from companion.paper.document import SheetDocument

if TYPE_CHECKING:
    from companion.games.clear_the_dungeon import ClearTheDungeon


def render(game: ClearTheDungeon, kind: str, seed: str, params: dict[str, int], paper: str,
           options: dict[str, Any]) -> bytes:
    """The PDF bytes of one sheet kind: ``mat``, ``stack``, ``log`` or ``deck``.

    Raises ParameterError for an unknown variant (or, with ``options["par"]``, a game
    without a solver), LayoutError for an unusable layout.
    """
    variants = game.sheet_variants(options)
    payload = sheet_payload(game, seed, params, kind, variants)
    if kind == "mat":
        layout = _layout(options, "map")
        par = par_text(game, seed, variants) if options.get("par") else None
        doc = SheetDocument(f"{game.title} play mat {seed}", paper, True, [payload])
        draw_mat_page(doc, layout, game, seed, variants, payload, par)
    elif kind == "stack":
        layout = _layout(options, "list")
        doc = SheetDocument(f"{game.title} stacking list {seed}", paper, layout.landscape,
                            [payload])
        draw_stack_page(doc, layout, game, seed, variants, payload)
    elif kind == "log":
        layout = _layout(options, "list")
        doc = SheetDocument(f"{game.title} log sheet {seed}", paper, layout.landscape,
                            [payload])
        draw_log_pages(doc, layout, game, seed, variants, payload)
    elif kind == "deck":
        layout = _layout(options, "poker")
        offset = options.get("back_offset") or (0.0, 0.0)
        backs = backs_mode(layout, options.get("backs"))
        doc = SheetDocument(f"{game.title} printable deck", paper, layout.landscape,
                            [payload], duplex=_flip(layout) if backs == "duplex" else None)
        draw_deck(doc, layout, game, variants, payload,
                  (float(offset[0]), float(offset[1])), backs)
    else:  # pragma: no cover - the game checks the kind first
        game.sheet_kind(kind)
        raise AssertionError(kind)
    return doc.finish()
