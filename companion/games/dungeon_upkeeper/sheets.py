"""Dungeon Upkeeper printed sheets: one map page per floor, and the log sheet (the
hand record is drawn by :mod:`companion.games.dungeon_upkeeper.record`, with the
floors of :mod:`.drawing`).

Everything is drawn from the engine's own data (``generate_floor`` and the exact par
solver), so a page always shows exactly the floor the validator checks.

The map page, top to bottom: the floor name (B1…B10) big with the rules in two lines
and par in small print; the map as squares (at least 8 mm on both papers for the
largest floor, B10's 21 x 21) with column letters above and below and row numbers on
both sides (``a1`` is the top-left square, as in ``floor.cell_name``); a tracker
(health boxes to cross out, moves left and score to write in, the end-of-floor
rewards); the 50 mm scale bar; the QR code with the seed in plain text, a legend and
the credits.

Walls print light by default (a pale tint, thin diagonal hatching and a black line
along every side a wall shares with a floor square: about a third of the toner of solid
walls) or dark (``options["ink"] = "dark"``: solid dark grey).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.errors import ParameterError
from companion.games.dungeon_upkeeper.drawing import (
    COORD_BAND,
    DEFAULT_INK,
    GRID,
    Geometry,
    _draw_walls,
    draw_floor,
)
from companion.games.dungeon_upkeeper.floor import Floor, solved
from companion.games.dungeon_upkeeper.generation import generate_floor
from companion.games.dungeon_upkeeper.table import RulesTable
from companion.paper import design
from companion.paper.cards import fit_font_size
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    GUIDE,
    INK,
    SCALE_BAR_HEIGHT,
    draw_field,
    draw_footer,
    draw_scale_bar,
    draw_title,
    footer_height,
    identity_lines,
    wrap_text,
)
from companion.paper.frame import check_ink as check_sheet_ink
from companion.paper.icons import draw_icon
from companion.paper.identity import identity_size
from companion.paper.layout import Layout, Rect, content_rect, sheet_layout
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.dungeon_upkeeper import DungeonUpkeeper

HEADER_H = mm(13)
TRACKER_H = mm(15)
GAP = mm(2.5)
SCALE_ROW = SCALE_BAR_HEIGHT + mm(1)
"""The row under the tracker that holds the 50 mm scale bar."""

def _floors_wanted(game: DungeonUpkeeper, params: dict[str, int],
                   options: dict[str, Any]) -> list[int]:
    if options.get("floor") not in (None, ""):
        try:
            k = game.param("floors").check(options["floor"])
        except ParameterError as exc:
            raise ParameterError(f"floor: {exc}") from None
        return [k]
    return list(range(1, params["floors"] + 1))


def check_ink(value: Any) -> str:
    """The wall ink of ``options["ink"]``: "light" or "dark" (any case, spaces around
    allowed), ``None`` or "" for the default (:data:`DEFAULT_INK`).

    Raises ParameterError for anything else, naming the two inks.
    """
    return check_sheet_ink(value, DEFAULT_INK, "the walls print light (hatched) or dark "
                           "(solid)")


def map_payload(game: DungeonUpkeeper, seed: str, number: int,
                edition: int | None = None) -> str:
    """The QR payload of the map page of floor B``number`` (no ``kind``: a map)."""
    return game.payload(seed, {}, edition=edition, floor=number)


def log_payload(game: DungeonUpkeeper, seed: str, floors: int,
                edition: int | None = None) -> str:
    """The QR payload of the log sheet (``floors`` only when not the default)."""
    default = game.param("floors").default
    return game.payload(seed, {} if floors == default else {"floors": floors}, edition=edition,
                        kind="log")


# ------------------------------------------------------------------------------ map
@dataclass(frozen=True)
class MapPlan:
    """Where everything of a map page goes (points): header band, squares, tracker,
    the scale bar's bottom-left corner under the tracker, footer (QR code, seed,
    legend, credits) and the legend inside the footer."""

    header: Rect
    geometry: Geometry
    tracker: Rect
    scale_bar: tuple[float, float]
    footer: Rect
    legend: Rect
    payload: str
    identity: list[str]


LEGEND_BAND = mm(43)
"""The least height of a floor page's footer band: the legend's, beside the identity
strip."""


def plan_map_page(layout: Layout, paper: str, game: DungeonUpkeeper, seed: str,
                  floor: Floor, floors: int, edition: int | None = None) -> MapPlan:
    """The page plan of ``floor``: header at the top, the footer at the bottom, the
    squares as large as fit between them (at most 16 mm) above the tracker, which
    follows the map directly, with the scale bar's row right under it."""
    area = content_rect(layout, paper)
    payload = map_payload(game, seed, floor.number, edition)
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, seed, f"floor {floor.name} of {floors}", "map")
    # the legend beside the identity strip needs its own height (issue 25: the strip
    # no longer sets the band's height)
    foot = max(footer_height(payload, lines, qr_w), LEGEND_BAND)
    footer = Rect(area.x, area.y, area.w, foot)
    id_w = identity_size(payload, lines, qr_w, max_width=area.w * 0.62)[0]
    legend_x = area.x + id_w + mm(4)
    legend = Rect(legend_x, area.y + mm(4), area.x + area.w - legend_x, foot - mm(7))
    top = area.y + area.h
    header = Rect(area.x, top - HEADER_H, area.w, HEADER_H)
    low = area.y + foot + SCALE_ROW + TRACKER_H + GAP
    geo = Geometry.fit(Rect(area.x, low, area.w, header.y - GAP - low), floor.width,
                       floor.height)
    tracker = Rect(area.x, geo.grid_y - COORD_BAND - GAP - TRACKER_H, area.w, TRACKER_H)
    scale_bar = (area.x, tracker.y - SCALE_ROW)
    return MapPlan(header, geo, tracker, scale_bar, footer, legend, payload, lines)


def draw_map_page(doc: SheetDocument, layout: Layout, game: DungeonUpkeeper, seed: str,
                  floor: Floor, floors: int, show_par: bool = True,
                  edition: int | None = None, ink: str = DEFAULT_INK) -> Geometry:
    """Draw the page of ``floor`` under rules ``edition`` (default: the newest) on the
    current page of ``doc`` (its payload goes into the metadata), walls in ``ink``;
    returns where the squares are.

    Raises ParameterError for an unknown ink."""
    ink = check_ink(ink)
    c = doc.canvas
    rules = game.rules_table(edition)
    plan = plan_map_page(layout, doc.paper, game, seed, floor, floors, edition)
    doc.add_payload(plan.payload)
    draw_footer(c, plan.footer, plan.payload, plan.identity, mm(layout.qr_size),
                right_text=[game.credits])
    draw_legend(c, plan.legend, ink)
    draw_header(c, plan.header, game, floor, floors, solved(floor).par if show_par else None)
    draw_floor(c, plan.geometry, floor, ink)
    draw_tracker(c, plan.tracker, floor, rules)
    draw_scale_bar(c, *plan.scale_bar)
    return plan.geometry


def draw_header(c: Any, area: Rect, game: DungeonUpkeeper, floor: Floor, floors: int,
                par: int | None) -> None:
    """The floor name big, the game and the rules in short, the objectives and par."""
    c.saveState()
    c.setFillColorRGB(*INK)
    big = 30.0
    c.setFont(design.BOLD, big)
    base = area.y + area.h - big * 0.74
    c.drawString(area.x, base, floor.name)
    tx = area.x + design.string_width(floor.name, design.BOLD, big) + mm(4)
    c.setFont(design.BOLD, 11)
    c.drawString(tx, area.y + area.h - 10, f"{game.title}: floor {floor.name} of {floors}")
    c.setFont(design.REGULAR, 7.5)
    c.drawString(tx, area.y + area.h - 20,
                 "Trace your path in pencil from the start to the exit, one square at a "
                 "time (N E S W), on white squares only.")
    c.drawString(tx, area.y + area.h - 29,
                 "Step on each trap to reset it and on each chest to refill it; the exit "
                 "ends the floor at once.")
    right = area.x + area.w
    c.setFont(design.REGULAR, 7)
    t, g = len(floor.traps), len(floor.chests)
    c.drawRightString(right, area.y + area.h - 8,
                      f"{t} trap{'s' * (t != 1)}, {g} chest{'s' * (g != 1)}")
    if par is not None:
        c.setFillColorRGB(0.3, 0.3, 0.3)
        c.setFont(design.REGULAR, 6.5)
        c.drawRightString(right, area.y + area.h - 17, f"par {par} moves")
    c.restoreState()


def draw_tracker(c: Any, area: Rect, floor: Floor, rules: RulesTable) -> None:
    """Health boxes to cross out, moves left and score to write in, and the rewards."""
    c.saveState()
    box_h = mm(10)
    y = area.y + area.h - box_h
    # health: one box per point, a heart in each
    hb = mm(9)
    draw_field(c, area.x, y, hb * rules.health + mm(2), box_h, "Health (cross out)")
    for i in range(rules.health):
        bx = area.x + mm(1) + i * hb
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(0.6)
        c.rect(bx + mm(0.8), y + mm(0.8), hb - mm(1.6), mm(5.2), stroke=1, fill=0)
        draw_icon(c, "heart", bx + hb / 2, y + mm(0.8) + mm(2.6), mm(3.8), color=INK)
    x = area.x + hb * rules.health + mm(4)
    moves_label = (f"Moves left (B1 starts with {rules.moves})" if floor.number == 1
                   else "Moves left (carried over)")
    fields = ((moves_label, mm(52)), ("Score", mm(30)),
              (f"Traps reset /{len(floor.traps)}", mm(24)),
              (f"Chests filled /{len(floor.chests)}", mm(24)))
    for label, w in fields:
        draw_field(c, x, y, w, box_h, label)
        x += w + mm(2)
    note = (f"Each step costs 1 move. Leaving by X: moves +{rules.moves_per_trap} per "
            f"trap reset, +{rules.moves_per_chest} per chest filled, "
            f"+{rules.perfect_moves(floor.number)} if perfect (all of them). Score "
            f"+{rules.score_per_trap} per trap, +{rules.score_per_chest} per chest, "
            f"+{rules.score_perfect_per_floor * floor.number} for a perfect "
            f"{floor.name}.")
    # one line across the page: set smaller where the face is too wide for 6.8 pt
    c.setFont(design.REGULAR, fit_font_size(note, design.REGULAR, 6.8, area.w))
    c.setFillColorRGB(*INK)
    c.drawString(area.x, area.y + mm(1), note)
    c.restoreState()


LEGEND = (
    ("player", "S", "start here"),
    ("exit", "X", "exit: reaching it ends the floor"),
    ("trap", "T", "sprung trap: step on it to reset it"),
    ("trap-armed", "", "reset trap: circle the trap when you step on it. It is armed "
                       "now: stepping on it again costs 1 health"),
    ("chest", "G", "empty chest: step on it to refill it (tick it)"),
    ("wall", "", "wall: never step here"),
)


def draw_legend(c: Any, area: Rect, ink: str = DEFAULT_INK) -> None:
    """What the icons mean, one line each, filling ``area`` from the top; the wall
    square drawn as the map draws walls in ``ink``."""
    c.saveState()
    icon = mm(4.2)
    font = 6.6
    lead = font * 1.18
    cursor = area.y + area.h
    text_x = area.x + icon + mm(6)
    for name, letter, text in LEGEND:
        parts = wrap_text(text, design.REGULAR, font, area.x + area.w - text_x)
        h = max(icon + mm(0.8), lead * len(parts) + mm(0.8))
        cy = cursor - icon / 2 - mm(0.2)
        if name == "wall":
            _draw_walls(c, Geometry(icon, 1, 1, area.x, cy + icon / 2), ("#",), ink)
            if ink == "light":
                c.setStrokeColorRGB(*INK)
                c.setLineWidth(0.8)
                c.rect(area.x, cy - icon / 2, icon, icon, stroke=1, fill=0)
        elif name == "trap-armed":
            # what the player pencils: a circle round the printed T; then (in the
            # letter column) what that means: the trap is armed
            draw_icon(c, "trap", area.x + icon / 2, cy, icon * 0.7)
            c.setStrokeColorRGB(0.35, 0.35, 0.35)
            c.setLineWidth(0.8)
            c.circle(area.x + icon / 2, cy, icon * 0.52, stroke=1, fill=0)
            draw_icon(c, name, area.x + icon + mm(2.3), cy, icon * 0.62)
        else:
            c.setStrokeColorRGB(*GRID)
            c.setLineWidth(0.4)
            c.rect(area.x - mm(0.4), cy - icon / 2 - mm(0.4), icon + mm(0.8),
                   icon + mm(0.8), stroke=1, fill=0)
            draw_icon(c, name, area.x + icon / 2, cy, icon * 0.8)
        c.setFillColorRGB(*INK)
        if letter:
            c.setFont(design.BOLD, 8)
            c.drawString(area.x + icon + mm(1.6), cy - 2.8, letter)
        c.setFont(design.REGULAR, font)
        ty = cursor - font - mm(0.1)
        if len(parts) == 1:
            ty = cy - font * 0.36
        for line in parts:
            c.drawString(text_x, ty, line)
            ty -= lead
        cursor -= h
    c.restoreState()


# ---------------------------------------------------------------------- log sheet
NOTATION_HELP = (
    ("floor 3", "before each floor's path: the floor it starts on (B3)"),
    ("path NNEESW", "one letter per step: N up, E right, S down, W left"),
    ("", "spaces allowed; a long path may go on over several lines"),
)


def draw_log_page(doc: SheetDocument, layout: Layout, game: DungeonUpkeeper, seed: str,
                  floors: int, payload: str) -> None:
    """Header fields, the notation in short, then one block per floor: ruled lines for
    the path letters and boxes for moves, score and health at the end of the floor."""
    c = doc.canvas
    area = content_rect(layout, doc.paper)
    area = draw_title(c, area, f"{game.title}: run log",
                      "Copy each floor's path as you trace it on the map; type it up later "
                      "and check it with: companion validate my-run.log")
    qr_w = mm(layout.qr_size)
    floors_text = f"{floors} floor{'s' * (floors != 1)}"
    lines = identity_lines(game.title, seed, floors_text, "log sheet")
    foot = footer_height(payload, lines, qr_w)
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                right_text=[game.credits])
    top = area.y + area.h
    fh = mm(10)
    fields = (("Game", "dungeon-upkeeper"), ("Seed", seed), ("Floors", str(floors)),
              ("Player", ""), ("Date", ""), ("Claim (score)", ""))
    widths = (1.45, 1.2, 0.6, 1.2, 0.9, 0.9)
    unit = (area.w - mm(2) * (len(fields) - 1)) / sum(widths)
    x = area.x
    for (label, value), wf in zip(fields, widths, strict=True):
        draw_field(c, x, top - fh, unit * wf, fh, label, value)
        x += unit * wf + mm(2)
    y = top - fh - mm(3)
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setFont(design.BOLD, 7.5)
    c.drawString(area.x, y - 7.5, "Notation")
    for i, (verb, meaning) in enumerate(NOTATION_HELP):
        vy = y - 17 - i * 8.4
        c.setFont(design.BOLD, 7.5)
        c.drawString(area.x, vy, verb)
        c.setFont(design.REGULAR, 7)
        c.drawString(area.x + mm(24), vy, meaning)
    c.setFont(design.REGULAR, 7)
    c.drawString(area.x + area.w * 0.55, y - 17,
                 "Example:  floor 1   path NNEE SSWW NE")
    c.drawString(area.x + area.w * 0.55, y - 25.4,
                 "At the end of each floor write moves left,")
    c.drawString(area.x + area.w * 0.55, y - 33.8, "score and health in the boxes.")
    c.restoreState()
    y -= 17 + len(NOTATION_HELP) * 8.4 + mm(1)
    draw_floor_rows(c, Rect(area.x, area.y + foot, area.w, y - (area.y + foot)), floors)


def draw_floor_rows(c: Any, area: Rect, floors: int) -> None:
    """One block per floor B1…B``floors``: label, ruled path lines, three end boxes."""
    block = area.h / max(floors, 1)
    label_w = mm(11)
    box_w = mm(15)
    boxes = ("moves left", "score", "health")
    boxes_w = len(boxes) * box_w + (len(boxes) - 1) * mm(1.5)
    path_w = area.w - label_w - boxes_w - mm(3)
    lines = 3 if block >= mm(15) else 2
    pitch = min(mm(6.5), (block - mm(2.5)) / lines)
    c.saveState()
    for k in range(1, floors + 1):
        top = area.y + area.h - (k - 1) * block
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(0.6)
        c.line(area.x, top, area.x + area.w, top)
        c.setFillColorRGB(*INK)
        c.setFont(design.BOLD, 13)
        c.drawString(area.x, top - mm(6), f"B{k}")
        c.setFont(design.REGULAR, 6)
        c.drawString(area.x, top - mm(9), f"floor {k}")
        c.setStrokeColorRGB(*GUIDE)
        c.setLineWidth(0.4)
        x0 = area.x + label_w
        c.setFont(design.REGULAR, 6)
        c.setFillColorRGB(*GUIDE)
        c.drawString(x0, top - mm(2.6), "path")
        for i in range(lines):
            ly = top - mm(1.5) - (i + 1) * pitch
            c.line(x0 + (mm(7) if i == 0 else 0), ly, x0 + path_w, ly)
        bx = x0 + path_w + mm(3)
        bh = min(mm(10), block - mm(3))
        for name in boxes:
            draw_field(c, bx, top - mm(1.5) - bh, box_w, bh, name)
            bx += box_w + mm(1.5)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.6)
    c.line(area.x, area.y, area.x + area.w, area.y)
    c.restoreState()


# ------------------------------------------------------------------ the kinds as data
@dataclass(frozen=True)
class Sheet:
    """One sheet being drawn (:func:`render`): what was asked for, and the rules
    edition, layout and payloads it settled on. A kind's drawing function (the table
    :data:`SHEETS`) gets it with the document."""

    game: DungeonUpkeeper
    kind: str
    seed: str
    params: dict[str, int]
    paper: str
    options: dict[str, Any]
    edition: int
    layout: Layout
    payloads: list[str]
    """Every payload the document carries, in page order."""


@dataclass(frozen=True)
class SheetSpec:
    """How :func:`render` prints one sheet kind."""

    draw: Callable[[SheetDocument, Sheet], None]
    """Draws every page of the kind into the document."""
    layout: str
    """The built-in layout when ``options["layout"]`` names none."""
    title: str
    """The PDF title: ``{game}`` (the game's title), ``{seed}`` and ``{label}`` filled in."""
    payloads: Callable[[DungeonUpkeeper, str, dict[str, int], dict[str, Any], int], list[str]]
    """``(game, seed, params, options, edition)`` to the payloads of the document."""
    label: Callable[[Sheet], str] | None = None
    """The ``{label}`` of the title (the floor or floors shown)."""


def map_payloads(game: DungeonUpkeeper, seed: str, params: dict[str, int],
                 options: dict[str, Any], edition: int) -> list[str]:
    """The payloads of the map pages: one per floor shown (``options["floor"]``, default
    every floor).

    Raises ParameterError for a floor out of range.
    """
    return [map_payload(game, seed, k, edition) for k in _floors_wanted(game, params, options)]


def map_label(sheet: Sheet) -> str:
    """What a map document's title says it shows: ``B3`` or ``B1-B10``."""
    wanted = _floors_wanted(sheet.game, sheet.params, sheet.options)
    return f"B{wanted[0]}" if len(wanted) == 1 else f"B1-B{sheet.params['floors']}"


def draw_map_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``map`` sheet: a page per floor shown, par on it unless ``options["no_par"]``,
    the walls in ``options["ink"]``.

    Raises ParameterError for an unknown ink or a floor out of range.
    """
    ink = check_ink(sheet.options.get("ink"))
    for i, k in enumerate(_floors_wanted(sheet.game, sheet.params, sheet.options)):
        if i:
            doc.new_page()
        draw_map_page(doc, sheet.layout, sheet.game, sheet.seed, generate_floor(sheet.seed, k),
                      sheet.params["floors"], show_par=not sheet.options.get("no_par"),
                      edition=sheet.edition, ink=ink)


def log_payloads(game: DungeonUpkeeper, seed: str, params: dict[str, int],
                 options: dict[str, Any], edition: int) -> list[str]:
    """The log sheet's one payload (:func:`log_payload`)."""
    return [log_payload(game, seed, params["floors"], edition)]


def draw_log_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``log`` sheet (:func:`draw_log_page`)."""
    draw_log_page(doc, sheet.layout, sheet.game, sheet.seed, sheet.params["floors"],
                  sheet.payloads[0])


def record_payloads(game: DungeonUpkeeper, seed: str, params: dict[str, int],
                    options: dict[str, Any], edition: int) -> list[str]:
    """The hand record's one payload (``floors`` only when not the default)."""
    floors = params["floors"]
    default = game.param("floors").default
    return [game.payload(seed, {} if floors == default else {"floors": floors},
                         edition=edition, kind="record")]


def draw_record_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``record`` sheet (:mod:`.record`, which draws with this module's floors)."""
    from companion.games.dungeon_upkeeper.record import draw_record_sheet as draw

    draw(doc, sheet)


SHEETS: dict[str, SheetSpec] = {
    "map": SheetSpec(draw_map_sheet, "map", "{game} map {label} {seed}", map_payloads,
                     label=map_label),
    "log": SheetSpec(draw_log_sheet, "list", "{game} log sheet {seed}", log_payloads),
    "record": SheetSpec(draw_record_sheet, "list", "{game} hand record {seed}",
                        record_payloads),
}
"""Every sheet kind the game prints (``DungeonUpkeeper.sheet_kinds``), by name."""


def sheet_spec(game: DungeonUpkeeper, kind: str) -> SheetSpec:
    """The table entry of ``kind``.

    Raises ParameterError for a kind the game does not print.
    """
    game.sheet_kind(kind)
    return SHEETS[kind]


def render(game: DungeonUpkeeper, kind: str, seed: str, params: dict[str, int], paper: str,
           options: dict[str, Any]) -> bytes:
    """The PDF bytes of one sheet kind (:data:`SHEETS`): ``map`` (a page per floor, or
    only ``options["floor"]``) or ``log``. ``options["no_par"]`` leaves par off the
    maps; ``options["edition"]`` prints an older rules edition (default: the newest);
    ``options["ink"]`` ("light" or "dark", default :data:`DEFAULT_INK`) how the walls
    print: hatched with an outline, or solid dark grey.

    Raises ParameterError for an unknown kind, a floor out of range or an unknown ink,
    PayloadError for an edition this build does not know, LayoutError for a bad layout.
    """
    spec = sheet_spec(game, kind)
    edition = game.check_edition(options.get("edition", game.edition))
    payloads = spec.payloads(game, seed, params, options, edition)
    layout = sheet_layout(options.get("layout"), spec.layout)
    sheet = Sheet(game, kind, seed, params, paper, options, edition, layout, payloads)
    label = spec.label(sheet) if spec.label else ""
    doc = SheetDocument(spec.title.format(game=game.title, seed=seed, label=label), paper,
                        layout.landscape, payloads)
    spec.draw(doc, sheet)
    return doc.finish()
