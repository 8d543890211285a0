"""Shuffle and Doom printed sheets: the kinds as data (:data:`SHEETS`) and the log
sheet. The map page is composed by :mod:`.mapsheet` (its grid drawn by :mod:`.drawing`,
its stats tracker by :mod:`.tracker`), the stacking list by :mod:`.stacking`, the hand
record by :mod:`companion.games.shuffle_and_doom.record` (with the map of
:mod:`.drawing`).

Everything is drawn from the engine's own data (the seeded deal and the map it makes),
so a sheet always shows exactly what the validator will check.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.games.shuffle_and_doom.drawing import (
    COMPACT,
    FULL_PAGE,
    Geometry,
    draw_grid,
)
from companion.games.shuffle_and_doom.generation import Deal, deal
from companion.games.shuffle_and_doom.mapsheet import MapPlan, draw_map_page, plan_map_page
from companion.games.shuffle_and_doom.sheets_log import draw_log_page
from companion.games.shuffle_and_doom.stacking import (
    DECK,
    draw_stack_pages,
    later_passes,
    passes_bound,
    reachable_passes,
    stack_blocks,
)
from companion.games.shuffle_and_doom.tracker import Tracker
from companion.paper.document import SheetDocument
from companion.paper.layout import Layout, sheet_layout

if TYPE_CHECKING:
    from companion.games.shuffle_and_doom import ShuffleAndDoom

__all__ = [  # the map, its tracker and the stacking list live in their own modules;
    # these names stay importable here
    "COMPACT",
    "DECK",
    "FULL_PAGE",
    "Geometry",
    "MapPlan",
    "Tracker",
    "draw_grid",
    "draw_map_page",
    "plan_map_page",
    "draw_stack_pages",
    "later_passes",
    "passes_bound",
    "reachable_passes",
    "stack_blocks",
]

# ------------------------------------------------------------------ the kinds as data
@dataclass(frozen=True)
class Sheet:
    """One sheet being drawn (:func:`render`): what was asked for, and the deal, layout
    and payload it settled on. A kind's drawing function (the table :data:`SHEETS`)
    gets it with the document."""

    game: ShuffleAndDoom
    kind: str
    seed: str
    params: dict[str, int]
    paper: str
    options: dict[str, Any]
    deal: Deal
    layout: Layout
    payload: str


@dataclass(frozen=True)
class SheetSpec:
    """How :func:`render` prints one sheet kind."""

    draw: Callable[[SheetDocument, Sheet], None]
    """Draws every page of the kind into the document."""
    layout: str
    """The built-in layout when ``options["layout"]`` names none."""
    title: str
    """The PDF title: ``{game}`` (the game's title), ``{seed}`` and ``{size}`` filled in."""


def draw_map_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``map`` sheet, with the starting stats of the variants it is printed for
    (they change the map and only the map).

    Raises ParameterError for an unknown variant.
    """
    variants = sheet.game.sheet_variants(sheet.options)
    draw_map_page(doc, sheet.layout, sheet.game, sheet.deal, sheet.payload, variants)


def draw_stack_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``stack`` sheet: the stacking list (:func:`draw_stack_pages`)."""
    draw_stack_pages(doc, sheet.layout, sheet.game, sheet.deal, sheet.payload)


def draw_log_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``log`` sheet (:func:`draw_log_page`)."""
    draw_log_page(doc, sheet.layout, sheet.game, sheet.deal, sheet.payload)


def draw_record_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``record`` sheet, the hand record (:mod:`.record`, which draws the map with
    this module's :func:`draw_grid`)."""
    from companion.games.shuffle_and_doom.record import draw_record_sheet as draw

    draw(doc, sheet)


SHEETS: dict[str, SheetSpec] = {
    "map": SheetSpec(draw_map_sheet, "map", "{game} map {seed} {size}x{size}"),
    "stack": SheetSpec(draw_stack_sheet, "list", "{game} stacking list {seed} {size}x{size}"),
    "log": SheetSpec(draw_log_sheet, "list", "{game} log sheet {seed} {size}x{size}"),
    "record": SheetSpec(draw_record_sheet, "list", "{game} hand record {seed} {size}x{size}"),
}
"""Every sheet kind the game prints (``ShuffleAndDoom.sheet_kinds``), by name."""


def sheet_spec(game: ShuffleAndDoom, kind: str) -> SheetSpec:
    """The table entry of ``kind``.

    Raises ParameterError for a kind the game does not print.
    """
    game.sheet_kind(kind)
    return SHEETS[kind]


def render(game: ShuffleAndDoom, kind: str, seed: str, params: dict[str, int], paper: str,
           options: dict[str, Any]) -> bytes:
    """The PDF bytes of one sheet kind (:data:`SHEETS`): ``map``, ``stack`` or ``log``.

    Raises ParameterError for an unknown kind or variant, LayoutError for an unusable
    layout.
    """
    spec = sheet_spec(game, kind)
    size = params["size"]
    d = deal(seed, size)
    payload = game.sheet_payload(seed, params, kind, options)
    layout = sheet_layout(options.get("layout"), spec.layout)
    sheet = Sheet(game, kind, seed, params, paper, options, d, layout, payload)
    doc = SheetDocument(spec.title.format(game=game.title, seed=seed, size=size), paper,
                        layout.landscape, [payload])
    spec.draw(doc, sheet)
    return doc.finish()
