"""Dungeon Upkeeper printed sheets: one map page per floor, and the log sheet (the
hand record is drawn by :mod:`companion.games.dungeon_upkeeper.record`, with the
floors of :mod:`.drawing`).

Everything is drawn from the engine's own data (``generate_floor`` and the exact par
solver), so a page always shows exactly the floor the validator checks.

The map page, top to bottom: the floor name (B1…B10) big, beside it the game, the
traps, chests and par on one line and the rules in two lines (body type); the map as
squares (at least 8 mm on both papers for the largest floor, B10's 21 x 21; the 9 x 9
floors grow to 20 mm squares, so the page is used) with column letters above and below
and row numbers on both sides (``a1`` is the top-left square, as in
``floor.cell_name``); a tracker (health boxes to cross out, moves left and score to
write in, the end-of-floor rewards in two lines); the 50 mm scale bar; the QR code with
the seed in plain text, the legend beside it and the credits. The map block is centred
between header and footer; everything read while playing is at least 8 pt (label
type), the credits and the scale bar caption are print notes (docs/printing.md,
Design).

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
from companion.games.dungeon_upkeeper.sheets_log import draw_log_page
from companion.games.dungeon_upkeeper.table import RulesTable
from companion.paper import design
from companion.paper.cards import fit_font_size
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    INK,
    SCALE_BAR_HEIGHT,
    draw_footer,
    draw_scale_bar,
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
FIELD_H = mm(9.5)
"""The write-in boxes of the tracker (health, moves left, score, traps, chests)."""
TRACKER_H = mm(17.5)
"""The tracker: its boxes and two lines of end-of-floor rewards under them."""
GAP = mm(2)
SCALE_ROW = SCALE_BAR_HEIGHT + mm(0.6)
"""The row under the tracker that holds the 50 mm scale bar."""
MAP_MAX_SQUARE = mm(20)
"""The largest square of the map sheet: the 9 x 9 floors (B1, B2) grow to fill the
page (20 mm squares on A4 and Letter) instead of leaving its lower half blank."""
MAP_CAP_WIDTH = mm(196)
"""The content width (Letter's, 10 mm margins) up to which :data:`MAP_MAX_SQUARE` is the
cap; on wider paper the cap grows in proportion."""
BODY = design.style("body")
LABEL = design.style("label")
NOTE = design.style("print-note")

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


def plan_map_page(layout: Layout, paper: str, game: DungeonUpkeeper, seed: str,
                  floor: Floor, floors: int, edition: int | None = None) -> MapPlan:
    """The page plan of ``floor``: header at the top, the footer (identity strip, legend
    beside it, as tall as the taller of the two) at the bottom, and between them the
    squares as large as fit (at most :data:`MAP_MAX_SQUARE`) with the tracker right
    under the map and the scale bar's row under it, the block centred in the room left
    so the page is used from the header to the footer."""
    area = content_rect(layout, paper)
    payload = map_payload(game, seed, floor.number, edition)
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, seed, f"floor {floor.name} of {floors}", "map")
    id_w = identity_size(payload, lines, qr_w, max_width=area.w * 0.62)[0]
    legend_x = area.x + id_w + mm(4)
    legend_w = area.x + area.w - legend_x
    foot = max(footer_height(payload, lines, qr_w), legend_height(legend_w) + mm(6))
    footer = Rect(area.x, area.y, area.w, foot)
    legend = Rect(legend_x, area.y + mm(4), legend_w, foot - mm(4))
    top = area.y + area.h
    header = Rect(area.x, top - HEADER_H, area.w, HEADER_H)
    below = GAP + TRACKER_H + SCALE_ROW
    low = area.y + foot + below
    room = Rect(area.x, low, area.w, header.y - GAP - low)
    # the cap grows with a larger paper (A3, Tabloid), so a small floor fills it too
    cap = max(MAP_MAX_SQUARE, MAP_MAX_SQUARE * area.w / MAP_CAP_WIDTH)
    geo = Geometry.fit(room, floor.width, floor.height, cap)
    spare = max(0.0, room.h - geo.height)
    # the block (map, tracker, scale bar) centred in the room between header and footer
    geo = Geometry(geo.square, geo.cols, geo.rows, geo.grid_x, geo.grid_top - spare / 2)
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
    draw_footer(c, plan.footer, plan.payload, plan.identity, mm(layout.qr_size))
    c.saveState()
    c.setFont(*NOTE.pair)
    c.setFillColorRGB(*INK)
    c.drawRightString(plan.footer.x1, plan.footer.y + mm(0.5), game.credits)
    c.restoreState()
    draw_legend(c, plan.legend, ink)
    draw_header(c, plan.header, game, floor, floors, solved(floor).par if show_par else None)
    draw_floor(c, plan.geometry, floor, ink)
    draw_tracker(c, plan.tracker, floor, rules)
    draw_scale_bar(c, *plan.scale_bar)
    return plan.geometry


HEADER_RULES = (
    "Trace your path in pencil from the start to the exit, one square at a time (N E S W), "
    "on white squares only.",
    "Step on each trap to reset it and on each chest to refill it; the exit ends the "
    "floor at once.",
)
"""The rules in two lines under the header's title."""


def draw_header(c: Any, area: Rect, game: DungeonUpkeeper, floor: Floor, floors: int,
                par: int | None) -> None:
    """The floor name big; beside it the game and floor, the objectives and par on the
    same line at the right, and the rules in short under them (body type)."""
    c.saveState()
    c.setFillColorRGB(*INK)
    big = 30.0
    c.setFont(design.BOLD, big)
    base = area.y + area.h - big * 0.74
    c.drawString(area.x, base, floor.name)
    tx = area.x + design.string_width(floor.name, design.BOLD, big) + mm(4)
    right = area.x + area.w
    top = area.y + area.h
    c.setFont(*design.style("heading").pair)
    c.drawString(tx, top - 10, f"{game.title}: floor {floor.name} of {floors}")
    t, g = len(floor.traps), len(floor.chests)
    facts = f"{t} trap{'s' * (t != 1)}, {g} chest{'s' * (g != 1)}"
    if par is not None:
        facts += f"; par {par} moves"
    c.setFont(design.BOLD, LABEL.size)
    c.drawRightString(right, top - 10, facts)
    width = right - tx
    size = min(fit_font_size(line, BODY.font, BODY.size, width) for line in HEADER_RULES)
    c.setFont(BODY.font, max(size, BODY.minimum))
    for i, line in enumerate(HEADER_RULES):
        c.drawString(tx, top - 21 - i * 10, line)
    c.restoreState()


def _field(c: Any, x: float, y: float, w: float, h: float, label: str) -> None:
    """A write-in box with its label at the top-left in label type (8 pt)."""
    c.setLineWidth(0.6)
    c.setStrokeColorRGB(*INK)
    c.rect(x, y, w, h, stroke=1, fill=0)
    c.setFont(*LABEL.pair)
    c.setFillColorRGB(*INK)
    c.drawString(x + mm(1), y + h - LABEL.size - mm(0.5), label)


def tracker_note(floor: Floor, rules: RulesTable) -> list[str]:
    """The end-of-floor rewards in two sentences: moves, then score."""
    return [
        f"Each step costs 1 move. Leaving by X: moves +{rules.moves_per_trap} per trap "
        f"reset, +{rules.moves_per_chest} per chest filled, "
        f"+{rules.perfect_moves(floor.number)} if perfect (all of them).",
        f"Score +{rules.score_per_trap} per trap, +{rules.score_per_chest} per chest, "
        f"+{rules.score_perfect_per_floor * floor.number} for a perfect {floor.name}.",
    ]


def draw_tracker(c: Any, area: Rect, floor: Floor, rules: RulesTable) -> None:
    """Health boxes to cross out, moves left and score to write in, and the rewards in
    two lines under them (label type, 8 pt)."""
    c.saveState()
    box_h = FIELD_H
    y = area.y + area.h - box_h
    # health: one box per point, a heart in each
    hb = mm(9)
    _field(c, area.x, y, hb * rules.health + mm(2), box_h, "Health (cross out)")
    for i in range(rules.health):
        bx = area.x + mm(1) + i * hb
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(0.6)
        c.rect(bx + mm(0.8), y + mm(0.7), hb - mm(1.6), mm(4.3), stroke=1, fill=0)
        draw_icon(c, "heart", bx + hb / 2, y + mm(0.7) + mm(2.15), mm(3.3), color=INK)
    x = area.x + hb * rules.health + mm(4)
    moves_label = (f"Moves left (B1 starts with {rules.moves})" if floor.number == 1
                   else "Moves left (carried over)")
    rest = area.x + area.w - x - mm(6)
    fields = ((moves_label, 0.34), ("Score", 0.22), (f"Traps reset /{len(floor.traps)}", 0.22),
              (f"Chests filled /{len(floor.chests)}", 0.22))
    for label, share in fields:
        w = max(rest * share, design.string_width(label, *LABEL.pair) + mm(2))
        _field(c, x, y, w, box_h, label)
        x += w + mm(2)
    c.setFillColorRGB(*INK)
    lines: list[str] = []
    for sentence in tracker_note(floor, rules):
        lines += wrap_text(sentence, LABEL.font, LABEL.size, area.w)
    c.setFont(*LABEL.pair)
    ty = y - LABEL.size - mm(1)
    for line in lines:
        c.drawString(area.x, ty, line)
        ty -= LABEL.size * 1.2
    c.restoreState()


LEGEND = (
    ("player", "S", "start here"),
    ("exit", "X", "exit: reaching it ends the floor"),
    ("trap", "T", "sprung trap: step on it to reset it"),
    ("trap-armed", "", "reset trap: circle the T as you step on it; armed now, it costs "
                       "1 health if you step on it again"),
    ("chest", "G", "empty chest: step on it to refill it (tick it)"),
    ("wall", "", "wall: never step here"),
)
LEGEND_ICON = mm(4.2)
LEGEND_LEAD = LABEL.size * 1.18
LEGEND_COLUMN = mm(78)
"""The legend sets its lines in as many columns of at least this width as fit."""


def _legend_columns(width: float, column: float = LEGEND_COLUMN) -> int:
    return max(1, min(2, int(width // column)))


def _legend_entries(width: float) -> list[tuple[str, str, list[str], float]]:
    """Each legend entry with its wrapped lines and its height, for a column of
    ``width``."""
    text_x = LEGEND_ICON + mm(6)
    out = []
    for name, letter, text in LEGEND:
        parts = wrap_text(text, LABEL.font, LABEL.size, width - text_x)
        h = max(LEGEND_ICON + mm(0.8), LEGEND_LEAD * len(parts) + mm(0.8))
        out.append((name, letter, parts, h))
    return out


def legend_height(width: float, column: float = LEGEND_COLUMN) -> float:
    """The height the legend takes in ``width`` (its entries in one or two columns of
    at least ``column``)."""
    cols = _legend_columns(width, column)
    col_w = (width - mm(4) * (cols - 1)) / cols
    entries = _legend_entries(col_w)
    per = -(-len(entries) // cols)
    return max(sum(e[3] for e in entries[i:i + per]) for i in range(0, len(entries), per))


def draw_legend(c: Any, area: Rect, ink: str = DEFAULT_INK,
                column: float = LEGEND_COLUMN) -> None:
    """What the icons mean (label type, 8 pt), filling ``area`` from the top in one or
    two columns (of at least ``column``); the wall square drawn as the map draws walls
    in ``ink``."""
    c.saveState()
    icon = LEGEND_ICON
    cols = _legend_columns(area.w, column)
    col_w = (area.w - mm(4) * (cols - 1)) / cols
    entries = _legend_entries(col_w)
    per = -(-len(entries) // cols)
    for i, (name, letter, parts, h) in enumerate(entries):
        if i % per == 0:
            x = area.x + (i // per) * (col_w + mm(4))
            cursor = area.y + area.h
        text_x = x + icon + mm(6)
        cy = cursor - icon / 2 - mm(0.2)
        if name == "wall":
            _draw_walls(c, Geometry(icon, 1, 1, x, cy + icon / 2), ("#",), ink)
            if ink == "light":
                c.setStrokeColorRGB(*INK)
                c.setLineWidth(0.8)
                c.rect(x, cy - icon / 2, icon, icon, stroke=1, fill=0)
        elif name == "trap-armed":
            # what the player pencils: a circle round the printed T; then (in the
            # letter column) what that means: the trap is armed
            draw_icon(c, "trap", x + icon / 2, cy, icon * 0.7)
            c.setStrokeColorRGB(0.35, 0.35, 0.35)
            c.setLineWidth(0.8)
            c.circle(x + icon / 2, cy, icon * 0.52, stroke=1, fill=0)
            draw_icon(c, name, x + icon + mm(2.3), cy, icon * 0.62)
        else:
            c.setStrokeColorRGB(*GRID)
            c.setLineWidth(0.4)
            c.rect(x - mm(0.4), cy - icon / 2 - mm(0.4), icon + mm(0.8),
                   icon + mm(0.8), stroke=1, fill=0)
            draw_icon(c, name, x + icon / 2, cy, icon * 0.8)
        c.setFillColorRGB(*INK)
        if letter:
            c.setFont(design.BOLD, LABEL.size)
            c.drawString(x + icon + mm(1.6), cy - 2.8, letter)
        c.setFont(*LABEL.pair)
        ty = cursor - LABEL.size - mm(0.1)
        if len(parts) == 1:
            ty = cy - LABEL.size * 0.36
        for line in parts:
            c.drawString(text_x, ty, line)
            ty -= LEGEND_LEAD
        cursor -= h
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
