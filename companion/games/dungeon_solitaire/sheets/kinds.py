"""Dungeon Solitaire sheets: the sheet kinds as data (:data:`SHEETS`: each kind's
drawing function, default layout, orientation, duplex preference, title and payloads)
and :func:`render`, which looks a kind up there."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.games.dungeon_solitaire.sheets.calibrate import (
    calibration_payloads,
    draw_calibration_sheet,
)
from companion.games.dungeon_solitaire.sheets.cards import draw_cards_sheet
from companion.games.dungeon_solitaire.sheets.common import (
    Sheet,
    _doc_flip,
    backs_mode,
    one_payload,
)
from companion.games.dungeon_solitaire.sheets.log import draw_log_sheet
from companion.games.dungeon_solitaire.sheets.map import draw_map_sheet, map_label, map_payloads
from companion.games.dungeon_solitaire.sheets.mat import draw_mat_sheet
from companion.games.dungeon_solitaire.sheets.record import draw_record_sheet
from companion.games.dungeon_solitaire.sheets.tiles import (
    draw_tiles_sheet,
    tile_payloads,
    tiles_label,
)
from companion.paper.document import SheetDocument
from companion.paper.layout import sheet_layout

if TYPE_CHECKING:
    from companion.games.dungeon_solitaire import DungeonSolitaire

Payloads = Callable[["DungeonSolitaire", str, str, Mapping[str, int], Mapping[str, Any], int],
                    list[str]]
"""``(game, kind, seed, params, options, edition)`` to the payloads of a sheet kind's
document, in page order."""


@dataclass(frozen=True)
class SheetSpec:
    """How :func:`render` prints one sheet kind. Whether the kind has a seed and backs
    is the game's :class:`~companion.games.base.SheetKind` (``seeded``, ``backs``)."""

    draw: Callable[[SheetDocument, Sheet], None]
    """Draws every page of the kind into the document."""
    layout: str
    """The built-in layout when ``options["layout"]`` names none."""
    title: str
    """The PDF title: ``{game}`` (the game's title), ``{seed}`` and ``{label}`` filled in."""
    label: Callable[[Sheet], str] | None = None
    """The ``{label}`` of the title (the level or levels shown)."""
    payloads: Payloads = one_payload
    """The payloads of the document (default: the kind's one payload)."""
    square: bool = False
    """Square items (tiles, cards): a chosen layout must not make them oblong."""
    landscape: bool | None = None
    """The page orientation when the kind fixes one; None: the layout's."""
    duplex: str | None = None
    """The document's ``Duplex`` viewer preference when the kind always asks for one;
    a kind with backs asks for the layout's flip when they print duplex."""


SHEETS: dict[str, SheetSpec] = {
    "map": SheetSpec(draw_map_sheet, "map", "{game} answer key, {label}, {seed}",
                     label=map_label, payloads=map_payloads),
    "tiles": SheetSpec(draw_tiles_sheet, "tile", "{game} tiles, {label}, {seed}",
                       label=tiles_label, payloads=tile_payloads, square=True),
    "cards": SheetSpec(draw_cards_sheet, "tile", "{game} reward cards {seed}", square=True),
    "mat": SheetSpec(draw_mat_sheet, "mat", "{game} play mat {seed}", landscape=True),
    "log": SheetSpec(draw_log_sheet, "list", "{game} log sheet {seed}"),
    "calibrate": SheetSpec(draw_calibration_sheet, "list", "{game} duplex calibration",
                           payloads=calibration_payloads, landscape=False, duplex="long"),
    "record": SheetSpec(draw_record_sheet, "list", "{game} hand record {seed}",
                        landscape=False),
}
"""Every sheet kind the game prints (``DungeonSolitaire.sheet_kinds``), by name."""


def sheet_spec(game: DungeonSolitaire, kind: str) -> SheetSpec:
    """The table entry of ``kind``.

    Raises ParameterError for a kind the game does not print.
    """
    game.sheet_kind(kind)
    return SHEETS[kind]


def sheet_payloads(game: DungeonSolitaire, kind: str, seed: str, params: Mapping[str, int],
                   options: Mapping[str, Any]) -> list[str]:
    """Every payload a sheet kind's document carries, in page order (fold-over tiles of
    more than one level: the payload of all the tiles last).

    Raises ParameterError for an unknown kind, a bad ``options["level"]`` or
    ``options["backs"]``, PayloadError for an ``options["edition"]`` this build does
    not know.
    """
    edition = game.check_edition(options.get("edition", game.edition))
    return sheet_spec(game, kind).payloads(game, kind, seed, params, options, edition)


def render(game: DungeonSolitaire, kind: str, seed: str, params: dict[str, int], paper: str,
           options: dict[str, Any]) -> bytes:
    """The PDF bytes of one sheet kind (:data:`SHEETS`): ``tiles``, ``cards``, ``mat``,
    ``log``, ``calibrate``, ``map`` or ``record`` (the hand record: :mod:`.record`).
    ``options``: ``layout``, ``back_offset`` ((x, y) mm), ``backs`` (tiles and cards:
    ``duplex``, ``fold`` or ``none``), ``level``
    (tiles: only that level; map: that level, default 1), ``edition`` (an older rules
    edition; default: the newest). The calibration sheet is the same for every seed and
    prints none (its payload has none either).

    Raises ParameterError for an unknown kind, a bad level or ``backs``, PayloadError
    for an edition this build does not know, LayoutError for an unusable layout.
    """
    spec = sheet_spec(game, kind)
    about = game.sheet_kind(kind)
    if not about.seeded:
        seed = ""
    payloads = sheet_payloads(game, kind, seed, params, options)
    edition = game.check_edition(options.get("edition", game.edition))
    layout = sheet_layout(options.get("layout"), spec.layout, square=spec.square)
    backs = backs_mode(layout, options) if about.backs else "none"
    sheet = Sheet(game, kind, seed, params, paper, options, edition, layout, payloads, backs)
    label = spec.label(sheet) if spec.label else ""
    doc = SheetDocument(spec.title.format(game=game.title, seed=seed, label=label), paper,
                        layout.landscape if spec.landscape is None else spec.landscape,
                        payloads, duplex=_doc_flip(layout, backs) if about.backs
                        else spec.duplex)
    spec.draw(doc, sheet)
    return doc.finish()
