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
from math import ceil
from typing import TYPE_CHECKING, Any

from companion.games.shuffle_and_doom.drawing import (
    COMPACT,
    FULL_PAGE,
    Geometry,
    _params_text,
    draw_grid,
)
from companion.games.shuffle_and_doom.generation import Deal, deal
from companion.games.shuffle_and_doom.mapsheet import MapPlan, draw_map_page, plan_map_page
from companion.games.shuffle_and_doom.stacking import (
    DECK,
    draw_stack_pages,
    later_passes,
    passes_bound,
    reachable_passes,
    stack_blocks,
)
from companion.games.shuffle_and_doom.tracker import Tracker
from companion.paper import design
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    INK,
    draw_field,
    draw_footer,
    draw_ruled_lines,
    draw_title,
    footer_height,
    identity_lines,
)
from companion.paper.layout import Layout, Rect, content_rect, sheet_layout
from companion.paper.units import mm

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

# ---------------------------------------------------------------------- log sheet
VERB_HELP = (
    ("choose row", "or column: the stack giving your bonuses"),
    ("bonus health", "one per diamond: health, attack, intelligence"),
    ("enter a2", "step onto a cell of an unexplored room"),
    ("room 5C 6D KS 5D", "the cards drawn there (rank, then S H D C)"),
    ("hit KS", "hit an enemy; the others strike back"),
    ("disarm 5C", "disarm a trap (intelligence >= its value)"),
    ("take 6D", "take one item: every armed trap fires"),
    ("drink 7H  read 9C", "use a potion / a book you hold"),
    ("loot", "collect what is left in the room"),
    ("retreat c3", "leave a trapped room to a 0 cell beside it"),
    ("exit", "leave through F at the bottom-right cell"),
)


def draw_log_page(doc: SheetDocument, layout: Layout, game: ShuffleAndDoom, d: Deal,
                  payload: str) -> None:
    """Draw the log sheet of deal ``d``: a title, fields for the header, the verbs
    with examples, ruled lines to write the game on, and a footer with the QR code of
    ``payload``."""
    c = doc.canvas
    area = content_rect(layout, doc.paper)
    n = d.size
    area = draw_title(c, area, f"{game.title}: game log",
                      "Write one action per line, as below; type it up later and check it "
                      "with: companion validate my-game.log")
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, d.seed, _params_text(n), "log sheet")
    foot = footer_height(payload, lines, qr_w)
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                right_text=[game.credits])
    top = area.y + area.h
    fh = mm(10)
    fields = (("Game", "shuffle-and-doom"), ("Seed", d.seed), ("Size", str(n)),
              ("Player", ""), ("Date", ""), ("Claim (score)", ""))
    fw = (area.w - mm(2) * 5) / 6
    for i, (label, value) in enumerate(fields):
        draw_field(c, area.x + i * (fw + mm(2)), top - fh, fw, fh, label, value)
    # free deal: map stacks as written by hand
    y = top - fh - mm(2)
    half = (area.w - mm(2)) / 2
    draw_field(c, area.x, y - fh, half, fh, "Row stack, left to right (free deal only)")
    draw_field(c, area.x + half + mm(2), y - fh, half, fh,
               "Column stack, top to bottom (free deal only)")
    y -= fh + mm(3)
    c.saveState()
    c.setFont(design.BOLD, 7.5)
    c.setFillColorRGB(*INK)
    c.drawString(area.x, y - 7.5, "Verbs")
    c.setFont(design.REGULAR, 7)
    row_h = 8.6
    col_w = area.w / 2
    for i, (verb, meaning) in enumerate(VERB_HELP):
        col, r = divmod(i, ceil(len(VERB_HELP) / 2))
        vx = area.x + col * col_w
        vy = y - 17 - r * row_h
        c.setFont(design.BOLD, 7)
        c.drawString(vx, vy, verb)
        c.setFont(design.REGULAR, 6.5)
        c.drawString(vx + mm(30), vy, meaning)
    c.restoreState()
    y -= 17 + ceil(len(VERB_HELP) / 2) * row_h + mm(2)
    draw_ruled_lines(c, Rect(area.x, area.y + foot, area.w, y - (area.y + foot)), columns=2)


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
