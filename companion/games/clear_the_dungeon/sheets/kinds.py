"""Clear the Dungeon sheets: the sheet kinds as data (:data:`SHEETS`: each kind's
drawing function, default layout, orientation and title) and :func:`render`, which
looks a kind up there."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.games.clear_the_dungeon.sheets.common import Sheet, sheet_payload
from companion.games.clear_the_dungeon.sheets.deck import _flip, backs_mode, draw_deck_sheet
from companion.games.clear_the_dungeon.sheets.log import draw_log_sheet
from companion.games.clear_the_dungeon.sheets.mat import draw_mat_sheet
from companion.games.clear_the_dungeon.sheets.record import draw_record_sheet
from companion.games.clear_the_dungeon.sheets.stack import draw_stack_sheet
from companion.paper.document import SheetDocument
from companion.paper.layout import sheet_layout

if TYPE_CHECKING:
    from companion.games.clear_the_dungeon import ClearTheDungeon


@dataclass(frozen=True)
class SheetSpec:
    """How :func:`render` prints one sheet kind. Whether the kind has a seed and backs
    is the game's :class:`~companion.games.base.SheetKind` (``seeded``, ``backs``); a
    kind with backs asks viewers for the layout's flip when they print duplex."""

    draw: Callable[[SheetDocument, Sheet], None]
    """Draws every page of the kind into the document."""
    layout: str
    """The built-in layout when ``options["layout"]`` names none."""
    title: str
    """The PDF title: ``{game}`` (the game's title) and ``{seed}`` filled in."""
    landscape: bool | None = None
    """The page orientation when the kind fixes one; None: the layout's."""


SHEETS: dict[str, SheetSpec] = {
    "mat": SheetSpec(draw_mat_sheet, "mat", "{game} play mat {seed}", landscape=True),
    "stack": SheetSpec(draw_stack_sheet, "list", "{game} stacking list {seed}"),
    "log": SheetSpec(draw_log_sheet, "list", "{game} log sheet {seed}"),
    "deck": SheetSpec(draw_deck_sheet, "poker", "{game} printable deck"),
    "record": SheetSpec(draw_record_sheet, "list", "{game} hand record {seed}"),
}
"""Every sheet kind the game prints (``ClearTheDungeon.sheet_kinds``), by name."""


def sheet_spec(game: ClearTheDungeon, kind: str) -> SheetSpec:
    """The table entry of ``kind``.

    Raises ParameterError for a kind the game does not print.
    """
    game.sheet_kind(kind)
    return SHEETS[kind]


def render(game: ClearTheDungeon, kind: str, seed: str, params: dict[str, int], paper: str,
           options: dict[str, Any]) -> bytes:
    """The PDF bytes of one sheet kind (:data:`SHEETS`): ``mat``, ``stack``, ``log``,
    ``deck`` or ``record`` (the hand record, :mod:`.record`); the ``marks`` kind is
    :func:`companion.marks.sheet.render_marks`'s.

    Raises ParameterError for an unknown kind or variant, a bad ``options["backs"]``
    (or, with ``options["par"]``, a game without a solver), LayoutError for an unusable
    layout.
    """
    if kind == "marks":
        from companion.games.clear_the_dungeon.marks_draw import draw_sheet
        from companion.marks.sheet import render_marks

        return render_marks(game, seed, params, paper, options,
                            lambda doc, t, filled, _: draw_sheet(doc, t, filled, game))
    spec = sheet_spec(game, kind)
    about = game.sheet_kind(kind)
    variants = game.sheet_variants(options)
    payload = sheet_payload(game, seed, params, kind, variants)
    layout = sheet_layout(options.get("layout"), spec.layout)
    backs = backs_mode(layout, options.get("backs")) if about.backs else "none"
    sheet = Sheet(game, kind, seed, params, paper, options, variants, layout, payload, backs)
    doc = SheetDocument(spec.title.format(game=game.title, seed=seed), paper,
                        layout.landscape if spec.landscape is None else spec.landscape,
                        [payload], duplex=_flip(layout) if backs == "duplex" else None)
    spec.draw(doc, sheet)
    return doc.finish()
