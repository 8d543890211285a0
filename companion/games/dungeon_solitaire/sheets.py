"""Dungeon Solitaire printed sheets: level tiles, reward cards, play mat, log sheet, a
duplex calibration page and the answer-key map.

Everything seeded is drawn from the engine (:func:`generation.generate_level`,
:func:`generation.reward_deck`), so a sheet always shows what the validator checks.

Sizes. Room tiles and reward cards are the same squares, so a played card sits on the
board like a level tile, and the mat's squares are that size too. The side is the
largest that lets a level's whole board, a title line, the crop marks and the identity
footer (QR code) fit one portrait page (:func:`tile_side_mm`): 38 mm for the default 5x5
board on A4 and on Letter alike (47.5 mm for 4x4, 31.5 mm for 6x6, 27 mm for 7x7).

Level tiles (``tiles``): per level a front page laid out as the board itself (the page
is a picture of the level: a tile for every card, a dotted square for every empty
cell) with the level's QR code (payload ``.../kind=tiles/level=L``) in the footer, its
identity text naming the page ("page 3 of 18"), then its back page, mirrored left-right
for a long-edge flip (``back_offset`` shifts it), each back naming its level and square
(a tile's place on the board is no secret). Cut lines and crop marks on fronts only.

Reward cards (``cards``): R1-R60 in the largest grid of tile-sized squares that leaves
a band of bottom margin, fronts then mirrored backs. The backs are all alike (a
face-down deck gives nothing away); each front shows its id, by which the deck is kept
in number order. Every front page names itself in that band (game, seed, kind, "page n
of m") with a small QR code (``.../kind=cards``, :func:`draw_margin_qr`) and the
printing notes: 6 rows of 5 at 5x5 on A4 and Letter alike, so the deck is two sheets
and there is no separate instruction page to upset the duplex order.

Backs (``options["backs"]``, tiles and cards): ``duplex`` (the default) as above, the
document asking viewers for a long-edge flip and every back page printing, small, the
offset its backs were shifted by; ``fold`` puts fronts and backs on one page, mirrored
about a marked fold line (:func:`fold_sheet_plan`), the tiles at their duplex size
level after level over as many pages as they need (15 to a page at 5x5 on A4 and
Letter), each page naming itself in a strip under the cards with a small QR code (a
tiles page of one level: that level's payload; of two: ``.../kind=tiles``); ``none``
prints the fronts only. Every front page carries a 50 mm scale check (print.md), so do
the map and the mat.

Map (``map``): one level (``options["level"]``, default 1) face up, labelled ANSWER KEY /
SPOILER, payload ``.../level=N``. Mat, log and calibration pages carry their QR code in
the usual footer; the calibration's back page has none (it is read against the light)
but says the offset it was printed with. The calibration sheet is the same for every
seed, size and edition: it is drawn without a seed and its payload
(``companion:E/ds/kind=calibrate``) names none.
The log sheet's examples are true of the seed's own reward deck (:func:`verb_help`).

The QR payload leaves the board size out when it is the default (5), which keeps it
near 42 bytes; every payload of a document is also in the PDF metadata.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from companion.errors import LayoutError, ParameterError
from companion.games.dungeon_solitaire.cards import RewardCard, Room, Special
from companion.games.dungeon_solitaire.generation import (
    Cell,
    Level,
    cell_name,
    generate_level,
    reward_deck,
)
from companion.games.dungeon_solitaire.table import RULES, RulesTable
from companion.paper.cards import CAP_HEIGHT, draw_lattice, fit_font_size
from companion.paper.document import SheetDocument
from companion.paper.fold import (
    FoldPlan,
    back_turned,
    check_backs,
    draw_fold_crop_marks,
    draw_fold_line,
    draw_offset_note,
    fold_plan,
)
from companion.paper.frame import (
    INK,
    LABEL_FONT,
    SCALE_BAR_HEIGHT,
    SCALE_BAR_MM,
    draw_field,
    draw_footer,
    draw_heading,
    draw_ruled_lines,
    draw_scale_bar,
    draw_text,
    draw_title,
    footer_height,
    identity_lines,
    wrap_text,
)
from companion.paper.icons import RED, draw_icon
from companion.paper.identity import draw_identity, identity_size
from companion.paper.layout import (
    Layout,
    Rect,
    bounding_rect,
    content_rect,
    fit_square,
    grid_shape,
    grid_slots,
    load_layout,
    mirror_slot,
    sheet_layout,
)
from companion.paper.marks import draw_crop_marks, draw_cut_lines
from companion.paper.qr import draw_margin_qr as draw_qr_margin
from companion.paper.qr import margin_qr_width
from companion.paper.units import mm, paper_size_mm

if TYPE_CHECKING:
    from companion.games.dungeon_solitaire import DungeonSolitaire

__all__ = [
    "BoardGrid",
    "CalibrationMark",
    "CardPage",
    "FoldPage",
    "TilePage",
    "backs_mode",
    "board_grid",
    "calibration_marks",
    "calibration_ruler",
    "card_fold_pages",
    "card_pages",
    "crosshair_rect",
    "draft_example",
    "draw_card_folds",
    "draw_level_back",
    "draw_margin_qr",
    "draw_page_name",
    "draw_reward_back",
    "draw_reward_front",
    "draw_room",
    "draw_special",
    "draw_tile_folds",
    "fold_sheet_plan",
    "page_name_lines",
    "render",
    "scale_check_width",
    "sheet_payload",
    "sheet_payloads",
    "tile_fold_pages",
    "tile_pages",
    "tile_side_mm",
    "verb_help",
    "wanted_levels",
]

Offset = tuple[float, float]

# --- page plan (mm) -------------------------------------------------------------------
TITLE_MM = 8.0
"""The title line above a board of tiles."""
MARK_MM = 8.0
"""Room for crop marks (3 mm off the cut, 5 mm long) between the tiles and the text."""
FOOTER_MM = 44.5
"""Room for the identity footer: the largest QR code (30 mm + quiet zone) and a gap."""
WHITE_BORDER_MM = 2.0
"""White margin round each back: it hides a little duplex drift."""
EDGE_MM = 8.0
"""What matters stays this far inside the paper edge (home printers lose ~5 mm)."""
MARK_EDGE_MM = 5.0
"""Crop marks stop this far from the paper edge."""
MARGIN_QR_MM = 18.0
"""The smallest QR code of a card page's margin, quiet zone included (a 14.1 mm
symbol): a flat scan reads it, a phone photo at low resolution may not."""
MARGIN_QR_SIZES_MM = (36.0, 32.0)
"""The card page's QR code is the larger of these that costs fewest rows of cards. A
page gives up a row rather than print a smaller code: below 32 mm a 72 dpi phone photo
of a Letter page reads under 95 % (28 mm: 90 %, 24 mm: 50 %, 18 mm: 0 %; measured with
``benchmarks/photo.py``, issue 14). At the default 5x5, Letter pages hold 25 cards (three
front pages), A4 pages 30 (two)."""
TEXT_BAND_MM = 9.5
"""The margin band a card page names itself in when no QR code fits there."""
BAND_GAP_MM = 2.0
"""Between the margin band and the crop marks above it."""
FOLD_QR_MM = 16.0
"""The QR code in the strip of a fold-over page, quiet zone included: a symbol of 12.5 mm
or more, as every fold page's payload (it names the kind) needs QR version 3 or more."""
NOTE_SIZE = 6.5
"""The printing notes in a page's margin (points)."""

# --- colours --------------------------------------------------------------------------
FLOOR = (0.99, 0.965, 0.9)
WALL = (0.45, 0.43, 0.41)
WALL_JOINT = (0.36, 0.345, 0.33)
WALL_EDGE = (0.13, 0.12, 0.11)
WALL_TEXT = (1.0, 1.0, 1.0)
CHEST = (0.48, 0.29, 0.07)
LEVEL_INK = (0.42, 0.27, 0.1)
LEVEL_TINT = (0.96, 0.92, 0.84)
REWARD_INK = (0.16, 0.26, 0.5)
REWARD_TINT = (0.9, 0.92, 0.97)
SPECIAL_INK = (0.16, 0.26, 0.5)
EMPTY_INK = (0.62, 0.62, 0.62)
SPOILER = (0.55, 0.05, 0.05)

_NON_ZERO = 1
"""reportlab's FILL_NON_ZERO: overlapping parts of one path fill as one shape."""
ROOM_FRAC = 0.56
"""The room in the middle of a tile, as a fraction of the side."""
CORRIDOR_FRAC = 0.32
"""The width of a corridor (an exit), as a fraction of the side."""

SPECIAL_TEXT: dict[str, tuple[str, str]] = {
    "heal": ("HEAL", "+1 health (5 at most)"),
    "slay": ("SLAY", "remove a monster next to you: no damage"),
    "turn": ("TURN", "turn a face-up card 90\u00b0 clockwise"),
    "leap": ("LEAP", "move to a neighbour, even through a wall"),
}
"""Big word and one-line effect of each special card (the project's own wording)."""

def _is_room(card: RewardCard) -> bool:
    return not isinstance(card.card, Special)


def _first_special(deck: Sequence[RewardCard], *kinds: str) -> RewardCard | None:
    return next((c for c in deck if isinstance(c.card, Special) and c.card.kind in kinds),
                None)


def draft_example(rules: RulesTable, deck: Sequence[RewardCard]) -> list[RewardCard]:
    """An example draft from ``deck`` (the seed's reward deck, of ``rules``): from each
    set the first room card (the first card of a set with none)."""
    out = []
    for i in range(rules.draft_sets):
        group = deck[i * rules.set_size:(i + 1) * rules.set_size]
        out.append(next((c for c in group if _is_room(c)), group[0]))
    return out


def verb_help(rules: RulesTable, deck: Sequence[RewardCard]) -> tuple[tuple[str, str], ...]:
    """The verbs of the log in short, with the draft of ``rules`` and examples that are
    true of ``deck``, the seed's own reward deck: a card played as a room is a room
    card, as a Leap a Leap card, and so on. A special that is not in the deck at all (so
    never played) has no line."""
    last = rules.draft_sets * rules.set_size
    kept = draft_example(rules, deck)
    shown = kept[:3]
    room = next((c for c in shown if _is_room(c)), None) or next(
        (c for c in deck if _is_room(c)), shown[0])
    drawn = [shown[-1], room, *[c for c in shown[:-1] if c is not room]][:3]
    offer = deck[last:last + rules.chest_offer]
    lines: list[tuple[str, str]] = [
        ("draft " + " ".join(c.id for c in shown) + " ...",
         f"the card kept from each of the {rules.draft_sets} sets of {rules.set_size} "
         f"(R1-R{last})"),
        ("level 2", "checkpoint: you reached level 2"),
        ("draw " + " ".join(c.id for c in drawn), "the cards drawn from your shuffled deck"),
        (f"play {room.id} at c3", "a room card kept, placed on c3"),
    ]
    target = _first_special(deck, "slay", "turn")
    if target is not None:
        lines.append((f"play {target.id} on c3", "a Slay or Turn card, on that square"))
    leap = _first_special(deck, "leap")
    if leap is not None:
        lines.append((f"play {leap.id} E", "a Leap card, that way"))
    heal = _first_special(deck, "heal")
    if heal is not None:
        lines.append((f"play {heal.id}", "a Heal card (no target)"))
    lines.append(("move N E / path NNE", "the player's steps"))
    if offer:
        pick = offer[min(1, len(offer) - 1)]
        span = offer[0].id if len(offer) == 1 else f"{offer[0].id}-{offer[-1].id}"
        lines.append((f"chest {pick.id}", f"the card kept from a chest (the first: {span})"))
    return tuple(lines)


# ------------------------------------------------------------------------ shared
def wanted_levels(options: Mapping[str, Any], default: Sequence[int] | None = None) -> list[int]:
    """The levels a sheet shows: ``options["level"]`` (an int or text, from the command
    line or a scanned payload) or ``default`` (all nine levels).

    Raises ParameterError for a level that is not 1 to 9.
    """
    raw = options.get("level")
    if raw in (None, ""):
        return list(default) if default is not None else list(range(1, RULES.levels + 1))
    try:
        n = int(str(raw).strip())
    except ValueError:
        raise ParameterError(f"level must be a number from 1 to {RULES.levels}, "
                             f"not {raw!r}") from None
    if not 1 <= n <= RULES.levels:
        raise ParameterError(f"level must be from 1 to {RULES.levels}, not {n}")
    return [n]


def sheet_payload(game: DungeonSolitaire, seed: str, params: Mapping[str, int], kind: str,
                  level: int | None = None, edition: int | None = None) -> str:
    """The QR payload of a sheet: ``kind`` (but the map, the game's default sheet),
    ``level`` where the sheet shows one, ``size`` only when not the default 5."""
    default = game.param("size").default
    shown = {k: v for k, v in params.items() if not (k == "size" and v == default)}
    extra: dict[str, str | int] = {} if kind == game.map_kind else {"kind": kind}
    if level is not None:
        extra["level"] = level
    return game.payload(seed, shown, edition=edition, **extra)


def sheet_payloads(game: DungeonSolitaire, kind: str, seed: str, params: Mapping[str, int],
                   options: Mapping[str, Any]) -> list[str]:
    """Every payload a sheet kind's document carries, in page order (fold-over tiles of
    more than one level: the payload of all the tiles last).

    Raises ParameterError for a bad ``options["level"]`` or ``options["backs"]``,
    PayloadError for an ``options["edition"]`` this build does not know.
    """
    edition = game.check_edition(options.get("edition", game.edition))
    if kind == "calibrate":  # the same sheet for every seed, size and edition
        return [game.payload("", {}, kind=kind)]
    if kind == "tiles":
        levels = wanted_levels(options)
        out = [sheet_payload(game, seed, params, kind, n, edition) for n in levels]
        if check_backs(options.get("backs")) == "fold" and len(levels) > 1:
            # fold-over pages holding tiles of two levels scan as all the tiles
            out.append(sheet_payload(game, seed, params, kind, None, edition))
        return out
    if kind == "map":
        return [sheet_payload(game, seed, params, kind, wanted_levels(options, [1])[0],
                              edition)]
    return [sheet_payload(game, seed, params, kind, None, edition)]


def _params_text(size: int) -> str:
    return f"board {size}x{size}"


def _plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an s unless ``n`` is 1: "1 sheet", "2 sheets"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _span(values: Sequence[int], word: str) -> str:
    """Numbers as a reader would say them: "level 3", "levels 2-4", "levels 1, 3"."""
    ordered = sorted(set(values))
    if len(ordered) == 1:
        return f"{word} {ordered[0]}"
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{word}s {ordered[0]}-{ordered[-1]}"
    return f"{word}s " + ", ".join(str(v) for v in ordered)


def backs_mode(layout: Layout, options: Mapping[str, Any]) -> str:
    """How the backs of tiles and reward cards print: ``duplex`` (on the next page,
    mirrored), ``fold`` (beside their fronts about a fold line) or ``none`` (fronts
    only), from ``options["backs"]``; a layout that prints one-sided (``duplex =
    "none"``) makes the default duplex none.

    Raises ParameterError for any other ``options["backs"]``.
    """
    backs = check_backs(options.get("backs"))
    if backs == "duplex" and layout.duplex == "none":
        return "none"
    return backs


def _doc_flip(layout: Layout, backs: str) -> str | None:
    """The ``Duplex`` viewer preference of a tiles or cards document: the edge to flip
    on when backs print on the next page, else none."""
    return _flip(layout) if backs == "duplex" else None


def scale_check_width(c: Any) -> float:
    """The width (points) of :func:`draw_scale_bar`'s 50 mm bar with its label."""
    label = f"this bar is {SCALE_BAR_MM:g} mm: print at 100 %"
    return float(mm(SCALE_BAR_MM + 2) + c.stringWidth(label, *LABEL_FONT))


def _draw_scale_check(c: Any, right: float, y: float) -> Rect:
    """A 50 mm scale bar (:func:`draw_scale_bar`) whose label ends at ``right``, its
    bottom at ``y``. Returns the box it covers, label and all."""
    width = scale_check_width(c)
    draw_scale_bar(c, right - width, y)
    return Rect(right - width, y, width, SCALE_BAR_HEIGHT)


STACKED_SCALE_HEIGHT = mm(5.2)
"""The height of :func:`_draw_stacked_scale_check`: the bar and its ticks over the label."""


def _draw_stacked_scale_check(c: Any, x: float, y: float) -> Rect:
    """The scale check for a column too narrow for :func:`draw_scale_bar`'s label beside
    its bar (the mat's panel): the same 50 mm bar, 0.8 mm high with a tick every 10 mm,
    and the same words under it; bottom-left at ``(x, y)``. Returns the box it covers."""
    label = f"this bar is {SCALE_BAR_MM:g} mm: print at 100 %"
    bar_y = y + mm(3.2)
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setStrokeColorRGB(*INK)
    c.rect(x, bar_y, mm(SCALE_BAR_MM), mm(0.8), stroke=0, fill=1)
    c.setLineWidth(0.4)
    for k in range(int(SCALE_BAR_MM // 10) + 1):
        c.line(x + mm(10 * k), bar_y, x + mm(10 * k), bar_y + mm(1.8))
    c.setFont(*LABEL_FONT)
    c.drawString(x, y + mm(0.6), label)
    c.restoreState()
    width = max(mm(SCALE_BAR_MM), c.stringWidth(label, *LABEL_FONT))
    return Rect(x, y, width, STACKED_SCALE_HEIGHT)


def _layout(options: Mapping[str, Any], default: str) -> Layout:
    return sheet_layout(options.get("layout"), default)


def _grid_layout(options: Mapping[str, Any]) -> Layout:
    """The layout of the tiles or reward cards: a grid of square items."""
    return sheet_layout(options.get("layout"), "tile", square=True)


def _offset(options: Mapping[str, Any]) -> Offset:
    raw = options.get("back_offset") or (0.0, 0.0)
    return (float(raw[0]), float(raw[1]))


def _centred(c: Any, text: str, cx: float, cy: float, font: str, size: float) -> None:
    """``text`` centred on ``(cx, cy)`` by its cap height."""
    c.setFont(font, size)
    c.drawCentredString(cx, cy - size * CAP_HEIGHT / 2, text)


# ------------------------------------------------------------------------ geometry
def tile_side_mm(layout: Layout, paper: str, size: int) -> float:
    """The side (mm, a multiple of 0.5) of a room tile and of a reward card: the largest
    square such that a ``size`` x ``size`` board, a title line, crop marks and the
    identity footer fit one page of ``layout`` (capped by the layout's item size).

    Raises LayoutError if the tiles would be under 5 mm or the layout does not fit.
    """
    side = fit_square(layout, paper, size, size)
    if layout.item_given:
        side = min(side, layout.item_w, layout.item_h)
    _, page_h = paper_size_mm(paper, layout.landscape)
    room = (page_h - 2 * layout.margin - TITLE_MM - FOOTER_MM - 2 * MARK_MM
            - (size - 1) * layout.gap)
    side = min(side, math.floor(room / size / 0.5 + 1e-9) * 0.5)
    if side < 5:
        raise LayoutError(f"layout {layout.name}: a {size}x{size} board does not fit on "
                          f"{paper} with its title and QR code")
    return side


@dataclass(frozen=True)
class BoardGrid:
    """Where a level's ``size`` x ``size`` board lies on a tiles page (points)."""

    size: int
    side: float
    gap: float
    x0: float
    top: float

    def cell_rect(self, cell: Cell) -> Rect:
        """The cut rectangle of the tile at ``cell`` (column, row; row 0 at the top)."""
        col, row = cell
        step = self.side + self.gap
        return Rect(self.x0 + col * step, self.top - row * step - self.side, self.side,
                    self.side)

    @property
    def block(self) -> Rect:
        """The whole board, every cell."""
        span = self.size * self.side + (self.size - 1) * self.gap
        return Rect(self.x0, self.top - span, span, span)


def board_grid(layout: Layout, paper: str, size: int) -> BoardGrid:
    """The board of a tiles page: centred left-right, and up-down between the title
    line and the footer, each with room for crop marks.

    Raises LayoutError as :func:`tile_side_mm` does.
    """
    side = mm(tile_side_mm(layout, paper, size))
    gap = mm(layout.gap)
    area = content_rect(layout, paper)
    span = size * side + (size - 1) * gap
    band_top = area.y1 - mm(TITLE_MM + MARK_MM)
    band_bottom = area.y + mm(FOOTER_MM + MARK_MM)
    top = band_top - (band_top - band_bottom - span) / 2
    x0 = (layout.page_size(paper)[0] - span) / 2
    return BoardGrid(size, side, gap, x0, top)


@dataclass(frozen=True)
class TilePage:
    """One page of level tiles: ``side`` is ``front`` or ``back``; the tile of
    ``cells[i]`` is at ``slots[i]`` (its face on a front, its back on a back page);
    ``trim`` is the page's TrimBox (the tiles' block); ``grid`` the whole board."""

    side: str
    level: int
    cells: tuple[Cell, ...]
    slots: tuple[Rect, ...]
    trim: Rect
    grid: Rect


def _reading_order(cells: Sequence[Cell]) -> list[Cell]:
    return sorted(cells, key=lambda c: (c[1], c[0]))


def _grid(layout: Layout | None, what: str) -> Layout:
    """``layout`` (default: the built-in ``tile``), checked to be a grid.

    Raises LayoutError for a layout of another kind.
    """
    layout = layout or load_layout("tile")
    if layout.kind != "grid":
        raise LayoutError(f"the {what} need a grid layout, not the {layout.kind} layout "
                          f"{layout.name!r}: try --layout tile")
    return layout


def _two_sided(layout: Layout, backs: str) -> bool:
    """Whether back pages follow the fronts (``backs`` duplex, the layout two-sided).

    Raises ValueError for ``fold``: fold-over pages have their own plan
    (:func:`tile_fold_pages`, :func:`card_fold_pages`).
    """
    if backs == "fold":
        raise ValueError("fold-over pages are planned by tile_fold_pages/card_fold_pages")
    return backs == "duplex" and layout.duplex != "none"


def tile_pages(seed: str, size: int, paper: str, layout: Layout | None = None,
               back_offset: Offset = (0.0, 0.0),
               levels: Sequence[int] | None = None,
               rules: RulesTable = RULES, backs: str = "duplex") -> list[TilePage]:
    """The page plan of the level tiles: for each level a front page (the board's tiles
    at their squares) and its back page (mirrored left-right for a long-edge flip, then
    shifted by ``back_offset`` mm), unless ``backs`` is ``none`` or the layout prints
    single-sided.

    Raises LayoutError for a layout that is not a grid or does not fit ``paper``,
    ValueError for ``backs`` fold (see :func:`tile_fold_pages`).
    """
    layout = _grid(layout, "tiles")
    two_sided = _two_sided(layout, backs)
    grid = board_grid(layout, paper, size)
    page_w = layout.page_size(paper)[0]
    plan: list[TilePage] = []
    for n in levels or range(1, rules.levels + 1):
        lvl = generate_level(seed, n, size, rules)
        cells = tuple(_reading_order(list(lvl.board)))
        slots = tuple(grid.cell_rect(c) for c in cells)
        plan.append(TilePage("front", n, cells, slots, bounding_rect(list(slots)), grid.block))
        if two_sided:
            behind = tuple(mirror_slot(s, page_w, back_offset) for s in slots)
            plan.append(TilePage("back", n, cells, behind, bounding_rect(list(behind)),
                                 mirror_slot(grid.block, page_w, back_offset)))
    return plan


@dataclass(frozen=True)
class CardPage:
    """One page of reward cards: ``side`` is ``front`` or ``back``; ``cards[i]`` is at
    ``slots[i]``; ``trim`` is the TrimBox (the cards' block). A front's ``band`` is the
    strip of bottom margin where the page names itself (game, seed, kind, page n of m)
    and the printing notes go; ``qr`` says whether a small QR code fits there too."""

    side: str
    cards: tuple[RewardCard, ...]
    slots: tuple[Rect, ...]
    trim: Rect
    qr: bool
    band: Rect | None = None


def _card_rows(layout: Layout, paper: str, side_mm: float, band_mm: float) -> int:
    """How many rows of ``side_mm`` cards fit over a bottom band ``band_mm`` high."""
    _, page_h = paper_size_mm(paper, layout.landscape)
    reach = (max(3.0, layout.bleed) + 5.0) if layout.crop_marks else layout.bleed
    top = max(layout.margin, MARK_EDGE_MM + reach)
    bottom = EDGE_MM + band_mm + BAND_GAP_MM + reach
    room = page_h - top - bottom
    return max(0, math.floor((room + layout.gap) / (side_mm + layout.gap) + 1e-9))


def card_pages(seed: str, size: int, paper: str, layout: Layout | None = None,
               back_offset: Offset = (0.0, 0.0), rules: RulesTable = RULES,
               backs: str = "duplex") -> list[CardPage]:
    """The page plan of the reward deck: cards of the tile size (:func:`tile_side_mm`)
    in as big a grid as the page takes over a band of bottom margin, each front page
    followed by its backs (mirrored, shifted by ``back_offset`` mm) unless ``backs`` is
    ``none`` or the layout prints single-sided. Every front names itself in its band,
    with the scale check and the printing notes; the band holds a small QR code
    (:func:`draw_margin_qr`) when that costs no row of cards. No page but cards: the
    printing notes are in the band of every front, so they come with page 1.

    Raises LayoutError for a layout that is not a grid or does not fit ``paper``,
    ValueError for ``backs`` fold (see :func:`card_fold_pages`).
    """
    layout = _grid(layout, "cards")
    two_sided = _two_sided(layout, backs)
    side = tile_side_mm(layout, paper, size)
    cols, fit_rows = grid_shape(layout, paper, (side, side))
    rows_text = min(fit_rows, _card_rows(layout, paper, side, TEXT_BAND_MM))
    if rows_text < 1:
        raise LayoutError(f"layout {layout.name}: no row of {side:g} mm cards fits on "
                          f"{paper} with the page's name under it")
    # the largest code a phone photo reads that costs fewest rows of cards
    with_qr = {q: min(fit_rows, _card_rows(layout, paper, side, q))
               for q in MARGIN_QR_SIZES_MM}
    most = max(with_qr.values())
    qr = most >= 1
    qr_mm = max(q for q, n in with_qr.items() if n == most)
    rows = most if qr else rows_text
    band_mm = qr_mm if qr else TEXT_BAND_MM
    page_w, page_h = layout.page_size(paper)
    reach = mm((max(3.0, layout.bleed) + 5.0) if layout.crop_marks else layout.bleed)
    block_h = rows * mm(side) + (rows - 1) * mm(layout.gap)
    low = mm(EDGE_MM + band_mm + BAND_GAP_MM) + reach
    high = page_h - max(mm(layout.margin), mm(MARK_EDGE_MM) + reach)
    top = high - (high - low - block_h) / 2
    slots = grid_slots(layout, paper, item=(side, side), cols=cols, rows=rows)
    shift = top - max(s.y1 for s in slots)
    slots = [Rect(s.x, s.y + shift, s.w, s.h) for s in slots]
    area = content_rect(layout, paper)
    band = Rect(area.x, mm(EDGE_MM), area.w, mm(band_mm))
    deck = reward_deck(seed, rules)
    per = len(slots)
    chunks = [deck[i:i + per] for i in range(0, len(deck), per)]
    plan: list[CardPage] = []
    for chunk in chunks:
        front = slots[:len(chunk)]
        plan.append(CardPage("front", tuple(chunk), tuple(front), bounding_rect(list(front)),
                             qr, band))
        if two_sided:
            behind = [mirror_slot(s, page_w, back_offset) for s in front]
            plan.append(CardPage("back", tuple(chunk), tuple(behind), bounding_rect(behind),
                                 False))
    return plan


T = TypeVar("T")


@dataclass(frozen=True)
class FoldPage(Generic[T]):
    """One fold-over page (``--backs fold``): ``items[i]`` (a level tile as ``(level,
    cell)``, or a reward card) has its face at ``fronts[i]`` and its back at
    ``backs[i]``, the mirror image of ``fronts[i]`` about the fold of ``plan``."""

    plan: FoldPlan
    items: tuple[T, ...]
    fronts: tuple[Rect, ...]
    backs: tuple[Rect, ...]

    @property
    def trim(self) -> Rect:
        """The TrimBox: the fronts, which are cut through both layers."""
        return bounding_rect(list(self.fronts))

    @property
    def band(self) -> Rect:
        """The strip under the cards where the page names itself (QR code, game,
        seed, kind, page n of m), with the scale check and the printing notes."""
        area = self.plan.area
        return Rect(area.x, area.y, area.w, mm(FOLD_QR_MM))


def fold_sheet_plan(layout: Layout, paper: str, side_mm: float) -> FoldPlan:
    """The fold-over page of ``side_mm`` squares (tiles or reward cards) of ``layout``
    (its gap kept, bleed on each side) on ``paper``: :func:`fold_plan` with a strip
    at the bottom for the page's name (:data:`FOLD_QR_MM` high, 2 mm more when the
    fold runs down the page, for the fronts' crop marks above it).

    Raises LayoutError if not even one square and its back fit.
    """
    gap = layout.gap + 2 * layout.bleed
    margin = EDGE_MM + layout.bleed
    strip = EDGE_MM + FOLD_QR_MM
    plan = fold_plan(paper, (side_mm, side_mm), gap_mm=gap, margin_mm=margin,
                     reserve_mm=strip)
    if plan.vertical:
        plan = fold_plan(paper, (side_mm, side_mm), gap_mm=gap, margin_mm=margin,
                         reserve_mm=strip + BAND_GAP_MM)
    return plan


def _fold_pages(plan: FoldPlan, items: Sequence[T]) -> list[FoldPage[T]]:
    per = plan.per_page
    out: list[FoldPage[T]] = []
    for i in range(0, len(items), per):
        chunk = tuple(items[i:i + per])
        out.append(FoldPage(plan, chunk, plan.fronts[:len(chunk)], plan.backs[:len(chunk)]))
    return out


def tile_fold_pages(seed: str, size: int, paper: str, layout: Layout | None = None,
                    levels: Sequence[int] | None = None,
                    rules: RulesTable = RULES) -> list[FoldPage[tuple[int, Cell]]]:
    """The fold-over pages of the level tiles (``--backs fold``): every tile of
    ``levels`` (default all nine), level by level in reading order, at the size they
    have on duplex pages (:func:`tile_side_mm`), as many to a page as
    :func:`fold_sheet_plan` holds, over as many pages as they need.

    Raises LayoutError for a layout that is not a grid or does not fit ``paper``.
    """
    layout = _grid(layout, "tiles")
    side = tile_side_mm(layout, paper, size)
    items: list[tuple[int, Cell]] = []
    for n in levels or range(1, rules.levels + 1):
        board = generate_level(seed, n, size, rules).board
        items += [(n, cell) for cell in _reading_order(list(board))]
    return _fold_pages(fold_sheet_plan(layout, paper, side), items)


def card_fold_pages(seed: str, size: int, paper: str, layout: Layout | None = None,
                    rules: RulesTable = RULES) -> list[FoldPage[RewardCard]]:
    """The fold-over pages of the reward deck (``--backs fold``), in number order, the
    cards of the tile size.

    Raises LayoutError for a layout that is not a grid or does not fit ``paper``.
    """
    layout = _grid(layout, "cards")
    side = tile_side_mm(layout, paper, size)
    return _fold_pages(fold_sheet_plan(layout, paper, side), reward_deck(seed, rules))


def draw_margin_qr(c: Any, x: float, y: float, payload: str,
                   side_mm: float = MARGIN_QR_MM) -> float:
    """A small QR code of ``payload``, ``side_mm`` (default :data:`MARGIN_QR_MM`) square
    with its 4-module quiet zone, its bottom-left corner at ``(x, y)``, drawn as vector
    runs like the identity block's: for page margins that cannot hold the 30 mm one.
    At 18 mm the symbol is over 12 mm wide for any payload of QR version 1 or more
    (14.1 mm at version 3, the 42-byte payloads). Returns its side."""
    return draw_qr_margin(c, x, y, payload, margin_qr_width(payload, mm(side_mm)))


def page_name_lines(game: DungeonSolitaire, seed: str, size: int, kind: str, page: int,
                    pages: int) -> list[str]:
    """What a card page says of itself in its margin: game, seed, kind, page n of m."""
    return [f"{game.title}, seed {seed}",
            f"{kind} ({_params_text(size)}), page {page} of {pages}",
            "Rebuild or check: companion scan, or type the seed"]


def draw_page_name(c: Any, band: Rect, payload: str | None, lines: Sequence[str],
                   notes: Sequence[str] = (), short_note: str = "",
                   qr_mm: float = MARGIN_QR_MM, scale_check: bool = True) -> Rect | None:
    """The page's name in the margin ``band``: a small QR code of ``payload`` (None:
    none) ``qr_mm`` square at the left, ``lines`` beside it (the first bold); at the
    right the 50 mm scale check along the top of the band (unless ``scale_check`` is
    false) and ``notes`` right-aligned under it, or ``short_note`` (one line) when the
    band is too low for them all. Returns the scale check's box (None without)."""
    x = band.x
    if payload is not None:
        x += draw_margin_qr(c, band.x, band.y, payload, qr_mm) + mm(1.5)
    c.saveState()
    c.setFillColorRGB(*INK)
    size = 7.5
    lead = size * 1.25
    y = band.cy + (len(lines) - 1) * lead / 2 - size * CAP_HEIGHT / 2
    for i, line in enumerate(lines):
        c.setFont("Helvetica-Bold" if i == 0 else "Helvetica", size)
        c.drawString(x, y, line)
        y -= lead
    bar: Rect | None = None
    top = band.y1
    if scale_check:
        bar = _draw_scale_check(c, band.x1, band.y1 - mm(1.9))
        top = bar.y - mm(1.6)
    slead = NOTE_SIZE * 1.25
    fits = top - NOTE_SIZE * 0.75 - (len(notes) - 1) * slead - NOTE_SIZE * 0.25 >= band.y
    shown = list(notes) if fits or not short_note else [short_note]
    c.setFont("Helvetica", NOTE_SIZE)
    y = top - NOTE_SIZE * 0.75
    if not scale_check:
        y = band.cy + (len(shown) - 1) * slead / 2 - NOTE_SIZE * CAP_HEIGHT / 2
    for note in shown:
        if y - NOTE_SIZE * 0.25 < band.y:
            break
        c.drawRightString(band.x1, y, note)
        y -= slead
    c.restoreState()
    return bar


# ------------------------------------------------------------------------ tile art
def _arrow_up(c: Any, cx: float, cy: float, h: float) -> None:
    """A small solid up arrow, ``h`` points tall, centred on ``(cx, cy)``."""
    w = h * 0.62
    shaft = h * 0.24
    p = c.beginPath()
    p.moveTo(cx, cy + h / 2)
    p.lineTo(cx + w / 2, cy + h * 0.02)
    p.lineTo(cx + shaft / 2, cy + h * 0.02)
    p.lineTo(cx + shaft / 2, cy - h / 2)
    p.lineTo(cx - shaft / 2, cy - h / 2)
    p.lineTo(cx - shaft / 2, cy + h * 0.02)
    p.lineTo(cx - w / 2, cy + h * 0.02)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def _arrow_both(c: Any, cx: float, cy: float, w: float) -> None:
    """A small left-right double arrow, ``w`` points wide."""
    h = w * 0.34
    shaft = h * 0.3
    head = w * 0.26
    p = c.beginPath()
    p.moveTo(cx - w / 2, cy)
    p.lineTo(cx - w / 2 + head, cy + h / 2)
    p.lineTo(cx - w / 2 + head, cy + shaft / 2)
    p.lineTo(cx + w / 2 - head, cy + shaft / 2)
    p.lineTo(cx + w / 2 - head, cy + h / 2)
    p.lineTo(cx + w / 2, cy)
    p.lineTo(cx + w / 2 - head, cy - h / 2)
    p.lineTo(cx + w / 2 - head, cy - shaft / 2)
    p.lineTo(cx - w / 2 + head, cy - shaft / 2)
    p.lineTo(cx - w / 2 + head, cy - h / 2)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def _stone(c: Any, r: Rect, side: float) -> None:
    """Mortar joints of a stone wall over ``r`` (the floor is painted over them)."""
    course = side / 7
    block = side / 3.5
    c.setStrokeColorRGB(*WALL_JOINT)
    c.setLineWidth(max(0.3, side * 0.006))
    p = c.beginPath()
    rows = int(r.h / course) + 2
    for i in range(rows):
        y = r.y1 - i * course
        p.moveTo(r.x, y)
        p.lineTo(r.x1, y)
        shift = (block / 2) * (i % 2)
        x = r.x - shift
        while x < r.x1:
            if x > r.x:
                p.moveTo(x, y)
                p.lineTo(x, y - course)
            x += block
    c.drawPath(p, stroke=1, fill=0)


def _floor_rects(r: Rect, exits: str, reach: float) -> list[Rect]:
    """The floor of a room card: the room in the middle and a corridor to every exit,
    running ``reach`` points past the cut edge."""
    s = r.w
    half = ROOM_FRAC * s / 2
    cw = CORRIDOR_FRAC * s / 2
    cx, cy = r.cx, r.cy
    out = [Rect(cx - half, cy - half, 2 * half, 2 * half)]
    if "N" in exits:
        out.append(Rect(cx - cw, cy, 2 * cw, r.y1 + reach - cy))
    if "S" in exits:
        out.append(Rect(cx - cw, r.y - reach, 2 * cw, cy - r.y + reach))
    if "E" in exits:
        out.append(Rect(cx, cy - cw, r.x1 + reach - cx, 2 * cw))
    if "W" in exits:
        out.append(Rect(r.x - reach, cy - cw, cx - r.x + reach, 2 * cw))
    return out


def _corner_text(c: Any, r: Rect, text: str, colour: tuple[float, float, float]) -> None:
    """``text`` right-aligned in the top-right corner of the tile ``r``."""
    s = r.w
    size = fit_font_size(text, "Helvetica-Bold", max(5.5, s * 0.085), s * 0.3)
    c.setFillColorRGB(*colour)
    c.setFont("Helvetica-Bold", size)
    c.drawRightString(r.x1 - s * 0.065, r.y1 - s * 0.065 - size * CAP_HEIGHT, text)


def draw_room(c: Any, r: Rect, room: Room, *, marker: str | None = None, label: str = "",
              bleed: float = 0.0) -> None:
    """A room card's face in the square ``r`` (points): stone walls, a light room with
    a corridor opening through the wall on each open side, the object as a big icon
    (or ``marker``: ``player``, ``stairs`` or ``crown``), a small up arrow in the
    top-left corner and ``label`` (an id or a square) in the top-right one. With
    ``bleed`` the walls and corridors run that far past the cut edge.
    """
    s = r.w
    outer = r.inset(-bleed)
    edge = max(0.8, s * 0.016)
    c.saveState()
    clip = c.beginPath()
    clip.rect(outer.x, outer.y, outer.w, outer.h)
    c.clipPath(clip, stroke=0, fill=0)
    c.setFillColorRGB(*WALL)
    c.rect(outer.x, outer.y, outer.w, outer.h, stroke=0, fill=1)
    _stone(c, outer, s)
    floors = _floor_rects(r, room.exits, bleed + 2 * edge)
    # a dark rim round the floor: stroke every part wide, then fill them all on top
    c.setStrokeColorRGB(*WALL_EDGE)
    c.setLineWidth(2 * edge)
    c.setLineJoin(0)
    p = c.beginPath()
    for f in floors:
        p.rect(f.x, f.y, f.w, f.h)
    c.drawPath(p, stroke=1, fill=0)
    c.setFillColorRGB(*FLOOR)
    p = c.beginPath()
    for f in floors:
        p.rect(f.x, f.y, f.w, f.h)
    c.drawPath(p, stroke=0, fill=1, fillMode=_NON_ZERO)
    c.restoreState()

    c.saveState()
    icon = s * 0.4
    name = marker or room.obj
    if name is not None:
        colour = {"heart": RED, "chest": CHEST}.get(name, (0.0, 0.0, 0.0))
        word = {"player": "START", "stairs": "STAIRS", "crown": "CROWN"}.get(name)
        if word:
            icon = s * 0.3
            draw_icon(c, name, r.cx, r.cy + s * 0.045, icon, colour)
            c.setFillColorRGB(*INK)
            size = fit_font_size(word, "Helvetica-Bold", s * 0.07, s * 0.5)
            _centred(c, word, r.cx, r.cy - s * 0.185, "Helvetica-Bold", size)
        else:
            draw_icon(c, name, r.cx, r.cy, icon, colour)
    c.setFillColorRGB(*WALL_TEXT)
    _arrow_up(c, r.x + s * 0.1, r.y1 - s * 0.11, s * 0.12)
    if label:
        _corner_text(c, r, label, WALL_TEXT)
    c.restoreState()


def _sword(c: Any, cx: float, cy: float, size: float, angle: float = 45.0,
           halo: tuple[float, float, float] = FLOOR) -> None:
    """A sword in a ``size`` box (the Slay card), its point turned ``angle`` degrees
    anticlockwise from straight up, in the fill colour, parted from what lies under it
    by a ``halo`` outline."""
    c.saveState()
    c.translate(cx, cy)
    c.rotate(angle)
    c.scale(size, size)
    parts = []
    blade = c.beginPath()
    blade.moveTo(0, 0.5)
    blade.lineTo(0.07, 0.38)
    blade.lineTo(0.07, -0.15)
    blade.lineTo(-0.07, -0.15)
    blade.lineTo(-0.07, 0.38)
    blade.close()
    parts.append(blade)
    guard = c.beginPath()
    guard.roundRect(-0.22, -0.23, 0.44, 0.08, 0.03)
    parts.append(guard)
    grip = c.beginPath()
    grip.rect(-0.04, -0.4, 0.08, 0.18)
    parts.append(grip)
    pommel = c.beginPath()
    pommel.circle(0, -0.43, 0.06)
    parts.append(pommel)
    c.setStrokeColorRGB(*halo)
    c.setLineWidth(0.09)
    c.setLineJoin(1)
    for part in parts:
        c.drawPath(part, stroke=1, fill=0)
    for part in parts:
        c.drawPath(part, stroke=0, fill=1)
    c.restoreState()


def _turn_arrow(c: Any, cx: float, cy: float, size: float) -> None:
    """A clockwise arrow round a small square card (the Turn card)."""
    rad = size * 0.4
    lw = size * 0.09
    c.saveState()
    c.setLineWidth(lw)
    c.setLineCap(0)
    p = c.beginPath()
    p.arc(cx - rad, cy - rad, cx + rad, cy + rad, startAng=-60, extent=290)
    c.drawPath(p, stroke=1, fill=0)
    # the arrow head at the start of the arc (-60 degrees), pointing clockwise
    a = math.radians(-60)
    tx, ty = cx + rad * math.cos(a), cy + rad * math.sin(a)
    dx, dy = math.sin(a), -math.cos(a)  # clockwise tangent
    nx, ny = -dy, dx
    head = size * 0.2
    q = c.beginPath()
    q.moveTo(tx + dx * head, ty + dy * head)
    q.lineTo(tx + nx * head * 0.6, ty + ny * head * 0.6)
    q.lineTo(tx - nx * head * 0.6, ty - ny * head * 0.6)
    q.close()
    c.drawPath(q, stroke=0, fill=1)
    sq = size * 0.3
    c.setLineWidth(lw * 0.6)
    c.rect(cx - sq / 2, cy - sq / 2, sq, sq, stroke=1, fill=0)
    c.setLineWidth(lw * 0.9)
    c.line(cx, cy, cx, cy + sq / 2)
    c.restoreState()


def _leap_arrow(c: Any, cx: float, cy: float, size: float) -> None:
    """An arrow hopping from one square over a wall to the next (the Leap card)."""
    lw = size * 0.08
    c.saveState()
    sq = size * 0.26
    base = cy - size * 0.34
    c.setLineWidth(lw * 0.6)
    c.rect(cx - size * 0.46, base, sq, sq * 0.5, stroke=1, fill=0)
    c.rect(cx + size * 0.2, base, sq, sq * 0.5, stroke=1, fill=0)
    c.rect(cx - size * 0.05, base, size * 0.1, size * 0.4, stroke=0, fill=1)  # the wall
    c.setLineWidth(lw)
    p = c.beginPath()
    x0, x1 = cx - size * 0.33, cx + size * 0.29
    p.moveTo(x0, base + sq * 0.6)
    p.curveTo(x0 + size * 0.05, cy + size * 0.5, x1 - size * 0.05, cy + size * 0.5, x1,
              base + sq * 0.9)
    c.drawPath(p, stroke=1, fill=0)
    head = size * 0.17
    q = c.beginPath()
    q.moveTo(x1 + size * 0.01, base + sq * 0.55)
    q.lineTo(x1 - head * 0.65, base + sq * 0.55 + head * 0.75)
    q.lineTo(x1 + head * 0.5, base + sq * 0.55 + head * 0.95)
    q.close()
    c.drawPath(q, stroke=0, fill=1)
    c.restoreState()


def draw_special(c: Any, r: Rect, kind: str, label: str = "", bleed: float = 0.0) -> None:
    """A special card's face in the square ``r``: a coloured frame, the big word, an
    icon, the effect in one or two short lines, ``label`` (the id) top-right."""
    s = r.w
    word, effect = SPECIAL_TEXT[kind]
    outer = r.inset(-bleed)
    c.saveState()
    c.setFillColorRGB(*SPECIAL_INK)
    c.rect(outer.x, outer.y, outer.w, outer.h, stroke=0, fill=1)
    inner = r.inset(s * 0.07)
    c.setFillColorRGB(*FLOOR)
    c.roundRect(inner.x, inner.y, inner.w, inner.h, s * 0.05, stroke=0, fill=1)
    c.setFillColorRGB(*SPECIAL_INK)
    size = fit_font_size(word, "Helvetica-Bold", s * 0.15, inner.w * 0.62)
    c.setFont("Helvetica-Bold", size)
    c.drawString(inner.x + s * 0.06, inner.y1 - s * 0.05 - size * CAP_HEIGHT, word)
    if label:
        c.setFillColorRGB(*INK)
        lsize = fit_font_size(label, "Helvetica-Bold", max(5.5, s * 0.085), s * 0.25)
        c.setFont("Helvetica-Bold", lsize)
        c.drawRightString(inner.x1 - s * 0.045, inner.y1 - s * 0.05 - lsize * CAP_HEIGHT,
                          label)
    icon_cy = r.cy + s * 0.01
    icon = s * 0.4
    if kind == "heal":
        draw_icon(c, "potion", r.cx, icon_cy, icon, RED)
    elif kind == "slay":
        draw_icon(c, "monster", r.cx - icon * 0.27, icon_cy - icon * 0.12, icon * 0.66)
        c.setFillColorRGB(*SPECIAL_INK)
        _sword(c, r.cx + icon * 0.2, icon_cy + icon * 0.02, icon * 0.95)
    elif kind == "turn":
        c.setFillColorRGB(*SPECIAL_INK)
        c.setStrokeColorRGB(*SPECIAL_INK)
        _turn_arrow(c, r.cx, icon_cy, icon)
    else:
        c.setFillColorRGB(*SPECIAL_INK)
        c.setStrokeColorRGB(*SPECIAL_INK)
        _leap_arrow(c, r.cx, icon_cy, icon)
    esize = max(4.5, s * 0.058)
    lines = wrap_text(effect, "Helvetica", esize, inner.w - s * 0.08)
    c.setFillColorRGB(*INK)
    c.setFont("Helvetica", esize)
    y = inner.y + s * 0.04 + (len(lines) - 1) * esize * 1.15
    for line in lines:
        c.drawCentredString(r.cx, y, line)
        y -= esize * 1.15
    c.restoreState()


def draw_reward_front(c: Any, card: RewardCard, r: Rect, bleed: float = 0.0) -> None:
    """The face of reward card ``card`` (a room or a special) in the square ``r``."""
    if isinstance(card.card, Special):
        draw_special(c, r, card.card.kind, card.id, bleed)
    else:
        draw_room(c, r, card.card, label=card.id, bleed=bleed)


def _back_frame(c: Any, r: Rect, ink: tuple[float, float, float],
                tint: tuple[float, float, float]) -> Rect:
    """The shared look of a back: a white border, a tinted panel with a light lattice;
    returns the panel."""
    s = r.w
    panel = r.inset(mm(WHITE_BORDER_MM))
    c.setFillColorRGB(*tint)
    c.setStrokeColorRGB(*ink)
    c.setLineWidth(max(0.6, s * 0.01))
    c.roundRect(panel.x, panel.y, panel.w, panel.h, s * 0.06, stroke=1, fill=1)
    c.saveState()
    clip = c.beginPath()
    clip.roundRect(panel.x, panel.y, panel.w, panel.h, s * 0.06)
    c.clipPath(clip, stroke=0, fill=0)
    draw_lattice(c, panel, s / 9, 0.35,
                 tuple(0.55 * a + 0.45 * b for a, b in zip(ink, tint, strict=True)))
    c.restoreState()
    return panel


def draw_level_back(c: Any, r: Rect, level: int, cell: Cell) -> None:
    """The back of a level tile in the square ``r``: its level and, big, its square,
    and a reminder to turn it over sideways (so that it comes up the right way)."""
    s = r.w
    c.saveState()
    panel = _back_frame(c, r, LEVEL_INK, LEVEL_TINT)
    plate = Rect(panel.x + s * 0.12, panel.cy - s * 0.2, panel.w - s * 0.24, s * 0.4)
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(*LEVEL_INK)
    c.setLineWidth(max(0.5, s * 0.008))
    c.roundRect(plate.x, plate.y, plate.w, plate.h, s * 0.05, stroke=1, fill=1)
    c.setFillColorRGB(*LEVEL_INK)
    name = cell_name(cell)
    size = fit_font_size(name, "Helvetica-Bold", s * 0.3, plate.w * 0.8)
    _centred(c, name, plate.cx, plate.cy, "Helvetica-Bold", size)
    head = f"LEVEL {level}"
    hsize = fit_font_size(head, "Helvetica-Bold", s * 0.105, panel.w * 0.8)
    band_y = (plate.y1 + panel.y1) / 2
    c.setFillColorRGB(1, 1, 1)
    hw = _string_width(head, "Helvetica-Bold", hsize) + s * 0.08
    c.roundRect(panel.cx - hw / 2, band_y - hsize * 0.62, hw, hsize * 1.24, hsize * 0.3,
                stroke=0, fill=1)
    c.setFillColorRGB(*LEVEL_INK)
    _centred(c, head, panel.cx, band_y, "Helvetica-Bold", hsize)
    foot = "turn over sideways"
    fsize = fit_font_size(foot, "Helvetica-Bold", s * 0.055, panel.w * 0.62)
    fy = (plate.y + panel.y) / 2
    fw = _string_width(foot, "Helvetica-Bold", fsize) + s * 0.2
    c.setFillColorRGB(1, 1, 1)
    c.roundRect(panel.cx - fw / 2, fy - fsize * 0.75, fw, fsize * 1.5, fsize * 0.3,
                stroke=0, fill=1)
    c.setFillColorRGB(*LEVEL_INK)
    _centred(c, foot, panel.cx + s * 0.045, fy, "Helvetica-Bold", fsize)
    _arrow_both(c, panel.cx - fw / 2 + s * 0.07, fy, s * 0.09)
    c.restoreState()


def _string_width(text: str, font: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return float(stringWidth(text, font, size))


def draw_reward_back(c: Any, r: Rect) -> None:
    """The back of a reward card in the square ``r``: the same for every card of the
    deck (a chest, REWARD, the game's name), so a face-down deck gives nothing away;
    the id is on the front."""
    s = r.w
    c.saveState()
    panel = _back_frame(c, r, REWARD_INK, REWARD_TINT)
    plate = Rect(panel.x + s * 0.1, panel.cy - s * 0.19, panel.w - s * 0.2, s * 0.38)
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(*REWARD_INK)
    c.setLineWidth(max(0.5, s * 0.008))
    c.roundRect(plate.x, plate.y, plate.w, plate.h, s * 0.05, stroke=1, fill=1)
    draw_icon(c, "chest", plate.cx, plate.cy, s * 0.28, REWARD_INK)
    for text, y in (("REWARD", (plate.y1 + panel.y1) / 2),
                    ("Dungeon Solitaire", (plate.y + panel.y) / 2)):
        tsize = fit_font_size(text, "Helvetica-Bold", s * 0.075, panel.w * 0.7)
        tw = _string_width(text, "Helvetica-Bold", tsize) + s * 0.08
        c.setFillColorRGB(1, 1, 1)
        c.roundRect(panel.cx - tw / 2, y - tsize * 0.65, tw, tsize * 1.3, tsize * 0.3,
                    stroke=0, fill=1)
        c.setFillColorRGB(*REWARD_INK)
        _centred(c, text, panel.cx, y, "Helvetica-Bold", tsize)
    c.restoreState()


def _marker(level: Level, cell: Cell) -> str | None:
    if cell == level.start:
        return "player"
    if cell == level.stairs:
        return "crown" if level.crown else "stairs"
    return None


def _empty_cell(c: Any, r: Rect, text: str) -> None:
    """A square with no card: a dotted outline and its name, in light grey."""
    c.saveState()
    inner = r.inset(r.w * 0.06)
    c.setStrokeColorRGB(*EMPTY_INK)
    c.setLineWidth(0.6)
    c.setDash([0.6, 2.4], 0)
    c.setLineCap(1)
    c.rect(inner.x, inner.y, inner.w, inner.h, stroke=1, fill=0)
    c.setDash()
    c.setFillColorRGB(*EMPTY_INK)
    size = fit_font_size(text, "Helvetica", r.w * 0.16, r.w * 0.5)
    _centred(c, text, r.cx, r.cy + r.w * 0.06, "Helvetica", size)
    small = max(5.0, r.w * 0.06)
    _centred(c, "empty", r.cx, r.cy - r.w * 0.16, "Helvetica", small)
    c.restoreState()


# -------------------------------------------------------------------------- render
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


# ---------------------------------------------------------------------------- tiles
def draw_tiles(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
               params: Mapping[str, int], levels: Sequence[int],
               back_offset: Offset, edition: int | None = None,
               backs: str = "duplex") -> list[TilePage]:
    """Every page of the level tiles of rules ``edition`` (default: the newest; see
    :func:`tile_pages`), ``backs`` duplex (each back page says the offset it was
    shifted by) or none; returns the plan.

    Raises LayoutError if a back page has no margin for its offset note.
    """
    size = params["size"]
    rules = game.rules_table(edition)
    plan = tile_pages(seed, size, doc.paper, layout, back_offset, levels, rules, backs)
    bleed = mm(layout.bleed)
    two_sided = any(p.side == "back" for p in plan)
    for i, page in enumerate(plan):
        c = doc.canvas if i == 0 else doc.new_page(layout.landscape)
        doc.set_trim(page.trim)
        if bleed:
            doc.set_bleed(page.trim.inset(-bleed))
        lvl = generate_level(seed, page.level, size, rules)
        if page.side == "back":
            for cell, slot in zip(page.cells, page.slots, strict=True):
                draw_level_back(c, slot, page.level, cell)
            draw_offset_note(c, doc.page_size, list(page.slots), back_offset)
            continue
        grid = board_grid(layout, doc.paper, size)
        for row in range(size):
            for col in range(size):
                if (col, row) not in lvl.board:
                    _empty_cell(c, grid.cell_rect((col, row)), cell_name((col, row)))
        for cell, slot in zip(page.cells, page.slots, strict=True):
            draw_room(c, slot, lvl.board[cell], marker=_marker(lvl, cell),
                      label=f"{cell_name(cell)} L{page.level}", bleed=bleed)
        draw_cut_lines(c, list(page.slots), width=0.3, gray=0.72)
        if layout.crop_marks:
            draw_crop_marks(c, list(page.slots), offset=max(mm(3), bleed),
                            page_size=doc.page_size)
        _tiles_text(doc, layout, game, seed, params, lvl, len(page.cells), edition,
                    (i + 1, len(plan)), two_sided)
    return plan


def _tiles_text(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
                params: Mapping[str, int], lvl: Level, count: int,
                edition: int | None = None, page: tuple[int, int] = (1, 1),
                two_sided: bool = True) -> Rect:
    """The title line, the identity footer and the scale check of a tiles front page,
    page ``page[0]`` of ``page[1]`` of the document; returns the scale check's box."""
    c = doc.canvas
    area = content_rect(layout, doc.paper)
    size = params["size"]
    n = lvl.number
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setFont("Helvetica-Bold", 14)
    title = f"Level {n} of {RULES.levels}: {_plural(count, 'tile')}"
    c.drawString(area.x, area.y1 - 14 * 0.78, title)
    c.setFont("Helvetica", 8)
    start, stairs = cell_name(lvl.start), cell_name(lvl.stairs)
    goal = "the crown" if lvl.crown else "the staircase"
    c.drawRightString(area.x1, area.y1 - 14 * 0.78,
                      f"{game.title}, seed {seed}: start {start}, {goal} {stairs}")
    c.restoreState()
    payload = sheet_payload(game, seed, params, "tiles", n, edition)
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, seed, _params_text(size),
                           f"level {n} tiles, page {page[0]} of {page[1]}")
    foot = footer_height(payload, lines, qr_w)
    how = ([f"Print two-sided, flip on the {_flip(layout)} edge:",
            "each back names its level and square."] if two_sided else
           ["Printed one-sided (no backs): each tile's",
            "front names its square and level."])
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                right_text=[
                    *how,
                    "Cut along the dashed lines.",
                    "To play: lay the tiles face down on their squares,",
                    "the start and the stairs face up.",
                    game.credits,
                ])
    # the scale check: right-aligned over the footer, clear of the identity block
    # and under the board's crop marks
    id_h = foot - mm(3)
    return _draw_scale_check(c, area.x1, area.y + id_h + mm(1.5))


def draw_tile_folds(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
                    params: Mapping[str, int], pages: Sequence[FoldPage[tuple[int, Cell]]],
                    edition: int | None = None) -> None:
    """The fold-over pages of the level tiles (:func:`tile_fold_pages`): fronts, their
    backs about the fold line (each naming its level and square), and in the strip
    the page's name and QR code (that level's payload when the page holds one level
    only, else the payload of all the tiles), the scale check and the notes."""
    size = params["size"]
    rules = game.rules_table(edition)
    boards = {n: generate_level(seed, n, size, rules)
              for n in sorted({lv for p in pages for lv, _ in p.items})}
    bleed = mm(layout.bleed)
    count = sum(len(p.items) for p in pages)
    side = tile_side_mm(layout, doc.paper, size)
    notes = [f"{_plural(count, 'tile')}, {side:g} mm, on {_plural(len(pages), 'sheet')}: "
             "print one-sided.",
             *_fold_notes(), "Each back names its level and square."]

    def front(c: Any, item: tuple[int, Cell], r: Rect) -> None:
        lvl = boards[item[0]]
        draw_room(c, r, lvl.board[item[1]], marker=_marker(lvl, item[1]),
                  label=f"{cell_name(item[1])} L{item[0]}", bleed=bleed)

    def back(c: Any, item: tuple[int, Cell], r: Rect) -> None:
        draw_level_back(c, r, item[0], item[1])

    for k, page in enumerate(pages):
        shown = sorted({lv for lv, _ in page.items})
        level = shown[0] if len(shown) == 1 else None
        payload = sheet_payload(game, seed, params, "tiles", level, edition)
        lines = page_name_lines(game, seed, size, f"tiles, {_span(shown, 'level')}", k + 1,
                                len(pages))
        _draw_fold_page(doc, layout, page, front, back, payload, lines, notes)


def _fold_notes() -> list[str]:
    """How to make a fold-over sheet into cards, in two short lines."""
    return ["Fold on the dashed line, printed side out, and glue flat;",
            "then cut both layers along the fronts' dashed lines."]


def _draw_fold_page(doc: SheetDocument, layout: Layout, page: FoldPage[T],
                    front: Callable[[Any, T, Rect], None],
                    back: Callable[[Any, T, Rect], None], payload: str,
                    lines: Sequence[str], notes: Sequence[str]) -> Rect | None:
    """One fold-over page: the fronts (``front`` draws one) with cut lines and crop
    marks, the backs (``back`` draws one, upright after the fold), the fold line, and
    the strip under them naming the page; returns the scale check's box."""
    plan = page.plan
    c = doc.new_page(plan.landscape)
    doc.set_trim(page.trim)
    bleed = mm(layout.bleed)
    if bleed:
        doc.set_bleed(page.trim.inset(-bleed))
    for item, r in zip(page.items, page.fronts, strict=True):
        front(c, item, r)
    draw_cut_lines(c, list(page.fronts), width=0.3, gray=0.72)
    if layout.crop_marks:
        draw_fold_crop_marks(c, dataclasses.replace(plan, fronts=page.fronts,
                                                    backs=page.backs))
    for item, r in zip(page.items, page.backs, strict=True):
        with back_turned(c, r, plan.turn):
            back(c, item, r)
    draw_fold_line(c, plan)
    return draw_page_name(c, page.band, payload, lines, notes, qr_mm=FOLD_QR_MM)


# ---------------------------------------------------------------------------- cards
def draw_cards(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
               params: Mapping[str, int], payload: str,
               back_offset: Offset, edition: int | None = None,
               backs: str = "duplex") -> list[CardPage]:
    """Every page of the reward deck of rules ``edition`` (default: the newest; see
    :func:`card_pages`), ``backs`` duplex or none; returns the plan. Each front names
    itself in its bottom margin (and carries the deck's QR code and the scale check
    there); the backs are all alike, and each back page says the offset it was
    shifted by.

    Raises LayoutError if a back page has no margin for its offset note.
    """
    size = params["size"]
    rules = game.rules_table(edition)
    plan = card_pages(seed, size, doc.paper, layout, back_offset, rules, backs)
    bleed = mm(layout.bleed)
    side = tile_side_mm(layout, doc.paper, size)
    fronts = sum(1 for p in plan if p.side == "front")
    two_sided = fronts < len(plan)
    count = sum(len(p.cards) for p in plan if p.side == "front")
    notes, short = _cards_notes(layout, side, count, fronts, two_sided)
    for i, page in enumerate(plan):
        c = doc.canvas if i == 0 else doc.new_page(layout.landscape)
        doc.set_trim(page.trim)
        if bleed:
            doc.set_bleed(page.trim.inset(-bleed))
        if page.side == "back":
            for slot in page.slots:
                draw_reward_back(c, slot)
            draw_offset_note(c, doc.page_size, list(page.slots), back_offset)
            continue
        for card, slot in zip(page.cards, page.slots, strict=True):
            draw_reward_front(c, card, slot, bleed)
        draw_cut_lines(c, list(page.slots), width=0.3, gray=0.72)
        if layout.crop_marks:
            draw_crop_marks(c, list(page.slots), offset=max(mm(3), bleed),
                            page_size=doc.page_size)
        assert page.band is not None
        draw_page_name(c, page.band, payload if page.qr else None,
                       page_name_lines(game, seed, size, "reward cards", i + 1, len(plan)),
                       notes, short, qr_mm=page.band.h / mm(1) if page.qr else MARGIN_QR_MM)
    return plan


def draw_card_folds(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
                    params: Mapping[str, int], payload: str,
                    edition: int | None = None) -> list[FoldPage[RewardCard]]:
    """The fold-over pages of the reward deck (:func:`card_fold_pages`); returns them."""
    size = params["size"]
    pages = card_fold_pages(seed, size, doc.paper, layout, game.rules_table(edition))
    bleed = mm(layout.bleed)
    count = sum(len(p.items) for p in pages)
    side = tile_side_mm(layout, doc.paper, size)
    notes = [f"{count} reward cards, {side:g} mm, on {_plural(len(pages), 'sheet')}: "
             "print one-sided.",
             *_fold_notes(), "The backs are all alike; keep the deck in number order."]

    def front(c: Any, card: RewardCard, r: Rect) -> None:
        draw_reward_front(c, card, r, bleed)

    def back(c: Any, card: RewardCard, r: Rect) -> None:
        draw_reward_back(c, r)

    for k, page in enumerate(pages):
        ids = f"reward cards {page.items[0].id}-{page.items[-1].id}"
        lines = page_name_lines(game, seed, size, ids, k + 1, len(pages))
        _draw_fold_page(doc, layout, page, front, back, payload, lines, notes)
    return pages


def _flip(layout: Layout) -> str:
    """The edge to flip a two-sided sheet of ``layout`` on (backs mirror left-right)."""
    return "short" if layout.landscape else "long"


def _cards_notes(layout: Layout, side: float, count: int, fronts: int,
                 two_sided: bool) -> tuple[list[str], str]:
    """How to print, cut and keep the reward deck: a few short lines, and the same in
    one line for a low margin."""
    how = (f"Print two-sided, flip on the {_flip(layout)} edge."
           if two_sided else "Printed one-sided: no backs.")
    notes = [
        f"{count} reward cards, {side:g} mm square like the tiles, on "
        f"{_plural(fronts, 'sheet')}.",
        how,
        "The backs are all alike; the id is on the front: keep the deck in number order.",
        "Cut along the dashed lines.",
    ]
    short = (f"{how} Cut on the dashed lines; keep the deck in number order.")
    return notes, short


# ------------------------------------------------------------------------------ mat
@dataclass(frozen=True)
class MatGeometry:
    """Where the mat's parts lie (points)."""

    cells: dict[Cell, Rect]
    health: tuple[Rect, ...]
    levels: tuple[Rect, ...]
    deck: Rect
    discard: Rect


def draw_mat_page(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
                  params: Mapping[str, int], payload: str,
                  edition: int | None = None) -> MatGeometry:
    """The landscape play mat of rules ``edition`` (default: the newest): the placement
    grid (squares of the tile size) on the left; title, health and level tracks, deck
    and discard spots, rules in brief and the identity block on the right."""
    c = doc.canvas
    rules = game.rules_table(edition)
    size = params["size"]
    tile = mm(tile_side_mm(load_layout("tile"), doc.paper, size))
    area = doc.page_rect.inset(mm(layout.margin))
    span = size * tile
    grid_top = area.cy + span / 2
    cells: dict[Cell, Rect] = {}
    c.saveState()
    for row in range(size):
        for col in range(size):
            r = Rect(area.x + col * tile, grid_top - (row + 1) * tile, tile, tile)
            cells[(col, row)] = r
            shade = 0.95 if (col + row) % 2 else 1.0
            c.setFillColorRGB(shade, shade, shade)
            c.rect(r.x, r.y, r.w, r.h, stroke=0, fill=1)
            c.setFillColorRGB(0.6, 0.6, 0.6)
            name = cell_name((col, row))
            _centred(c, name, r.cx, r.cy, "Helvetica-Bold", tile * 0.22)
    c.setStrokeColorRGB(0.45, 0.45, 0.45)
    c.setLineWidth(0.6)
    for k in range(size + 1):
        c.line(area.x + k * tile, grid_top, area.x + k * tile, grid_top - span)
        c.line(area.x, grid_top - k * tile, area.x + span, grid_top - k * tile)
    c.restoreState()

    panel = Rect(area.x + span + mm(6), area.y, area.x1 - area.x - span - mm(6), area.h)
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setFont("Helvetica-Bold", 15)
    c.drawString(panel.x, panel.y1 - 15 * 0.78, "Dungeon Solitaire")
    c.setFont("Helvetica", 8)
    c.drawString(panel.x, panel.y1 - 15 - mm(2.5), f"play mat, {_params_text(size)}, "
                                                   f"seed {seed}")
    c.restoreState()
    y = panel.y1 - 15 - mm(7)

    # health track
    top_health = rules.max_health
    y = draw_heading(c, panel.x, y, f"Health: start {rules.health}, at most {top_health}, "
                     "0 = lost", 8.5, leading=1.35)
    box = min(mm(13), (panel.w - (top_health - 1) * mm(1.5)) / top_health)
    health: list[Rect] = []
    for i in range(top_health):
        r = Rect(panel.x + i * (box + mm(1.5)), y - box, box, box)
        health.append(r)
        _track_box(c, r, str(i + 1), "start" if i == 2 else "max" if i == 4 else "",
                   heart=True)
    y -= box + mm(5)

    # level track
    y = draw_heading(c, panel.x, y, "Level: move the marker at each staircase", 8.5,
                     leading=1.35)
    lbox = min(mm(9), (panel.w - 8 * mm(1)) / 9)
    levels: list[Rect] = []
    for i in range(RULES.levels):
        r = Rect(panel.x + i * (lbox + mm(1)), y - lbox, lbox, lbox)
        levels.append(r)
        _track_box(c, r, str(i + 1), "")
    draw_icon(c, "crown", levels[-1].cx, levels[-1].y - mm(2.6), mm(3.2))
    y -= lbox + mm(7)

    # deck and discard
    spot = min(tile, (panel.w - mm(4)) / 2)
    deck = Rect(panel.x, y - spot, spot, spot)
    discard = Rect(panel.x + spot + mm(4), y - spot, spot, spot)
    _spot(c, deck, "DECK", f"draw {rules.draw_size}, keep 1")
    _spot(c, discard, "DISCARD", "back into the deck at the stairs")
    y -= spot + mm(4)

    # identity block at the bottom of the panel, rules in brief between
    qr_w = mm(layout.qr_size)
    lines = [game.title, seed, f"{_params_text(size)}, play mat"]
    id_w, id_h = identity_size(payload, lines, qr_w, max_width=panel.w)
    draw_identity(c, panel.x, panel.y, payload, lines, qr_w, max_width=panel.w)
    # the scale check over the identity block (the panel is too narrow for its label
    # beside the bar)
    bar = _draw_stacked_scale_check(c, panel.x, panel.y + id_h + mm(3))
    low = bar.y1 + mm(3)
    room = Rect(panel.x, low, panel.w, y - low)
    _draw_mat_rules(c, room, rules)
    return MatGeometry(cells, tuple(health), tuple(levels), deck, discard)


def mat_rules(rules: RulesTable) -> tuple[tuple[str, str], ...]:
    """The rules in brief on the mat, with the numbers of ``rules``."""
    return (
        ("Set up", "lay the level's tiles face down on their squares (the back names the "
                   "square), the start and the stairs face up; your marker on the start."),
        ("Reveal", "face-down neighbours your card has an exit toward turn face up."),
        ("Turn", f"move to a neighbour through facing exits, or draw {rules.draw_size}, "
                 "keep 1 and play it at once: a room card on an empty square next to you, "
                 "as printed."),
        ("Enter", f"monster: -1 health, it goes. Heart: +1. Chest: draw {rules.chest_offer} "
                  "reward cards, keep 1 into your deck."),
        ("Stairs", "next level; the discard pile goes back into the deck."),
    )


def _draw_mat_rules(c: Any, r: Rect, rules: RulesTable) -> None:
    """The rules in brief, as many lines as fit ``r``."""
    size = 7.0
    lead = size * 1.25
    y = r.y1
    for label, text in mat_rules(rules):
        lines = wrap_text(text, "Helvetica", size, r.w - mm(12))
        if y - len(lines) * lead < r.y:
            break
        c.setFont("Helvetica-Bold", size)
        c.setFillColorRGB(*INK)
        c.drawString(r.x, y - size * 0.8, label)
        draw_text(c, r.x + mm(12), y, r.w - mm(12), text, size=size, leading=1.25)
        y -= len(lines) * lead + mm(1)


def _track_box(c: Any, r: Rect, number: str, note: str, heart: bool = False) -> None:
    c.saveState()
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.7)
    c.roundRect(r.x, r.y, r.w, r.h, r.w * 0.15, stroke=1, fill=0)
    if heart:
        draw_icon(c, "heart", r.cx, r.cy, r.w * 0.62, (0.97, 0.8, 0.8))
    c.setFillColorRGB(*INK)
    _centred(c, number, r.cx, r.cy + (r.h * 0.06 if note else 0), "Helvetica-Bold",
             r.h * 0.42)
    if note:
        c.setFont("Helvetica", min(6.0, r.h * 0.2))
        c.drawCentredString(r.cx, r.y + r.h * 0.1, note)
    c.restoreState()


def _spot(c: Any, r: Rect, label: str, sub: str) -> None:
    """An empty card spot: a dashed rounded outline with a label and a small note."""
    c.saveState()
    c.setStrokeColorRGB(0.45, 0.45, 0.45)
    c.setLineWidth(0.7)
    c.setDash([mm(1.2), mm(0.9)], 0)
    c.roundRect(r.x, r.y, r.w, r.h, 0.08 * r.w, stroke=1, fill=0)
    c.setDash()
    c.setFillColorRGB(*INK)
    fs = fit_font_size(label, "Helvetica-Bold", 10, r.w * 0.86)
    _centred(c, label, r.cx, r.cy + fs * 0.5, "Helvetica-Bold", fs)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    y = r.cy - fs * 0.6
    for line in wrap_text(sub, "Helvetica", 6.0, r.w * 0.86):
        c.setFont("Helvetica", 6.0)
        c.drawCentredString(r.cx, y - 6.0, line)
        y -= 7.2
    c.restoreState()


# ------------------------------------------------------------------------------ log
def draw_log_page(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
                  size: int, payload: str, edition: int | None = None) -> None:
    """The log sheet of rules ``edition`` (default: the newest): header fields, the
    draft sets, the verbs, numbered lines; then a second page of numbered lines."""
    c = doc.canvas
    rules = game.rules_table(edition)
    area = content_rect(layout, doc.paper)
    area = draw_title(c, area, f"{game.title}: game log",
                      "Write one action per line, as below; type it up later and check it "
                      "with: companion validate my-game.log")
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, seed, _params_text(size), "log sheet")
    foot = footer_height(payload, lines, qr_w)
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                right_text=[game.credits])
    top = area.y1
    fh = mm(10)
    fields = (("Game", "dungeon-solitaire"), ("Seed", seed), ("Size", str(size)),
              ("Player", ""), ("Date", ""), ("Claim (score)", ""))
    fw = (area.w - mm(2) * 5) / 6
    for i, (label, value) in enumerate(fields):
        draw_field(c, area.x + i * (fw + mm(2)), top - fh, fw, fh, label, value)
    y = top - fh - mm(2)
    sets = rules.draft_sets
    sw = (area.w - mm(2) * (sets - 1)) / sets
    spans = [f"R{i * rules.set_size + 1}-R{(i + 1) * rules.set_size}" for i in range(sets)]
    roomy = _string_width(f"kept of {spans[-1]}", "Helvetica", 7.0) <= sw - mm(2)
    for i, span in enumerate(spans):
        draw_field(c, area.x + i * (sw + mm(2)), y - fh, sw, fh,
                   f"kept of {span}" if roomy else f"set {span}")
    y -= fh + mm(1)
    deck = reward_deck(seed, rules)
    kept = " ".join(card.id for card in draft_example(rules, deck)[:3])
    c.setFont("Helvetica", 6.5)
    c.setFillColorRGB(*INK)
    c.drawString(area.x, y - 6.5, f"The draft: keep one card of each set of "
                                  f"{rules.set_size} (R1-R{sets * rules.set_size}) and "
                                  f"write the {sets} you kept as your first line: "
                                  f"draft {kept} ...")
    y -= 6.5 + mm(3)
    c.saveState()
    c.setFont("Helvetica-Bold", 7.5)
    c.setFillColorRGB(*INK)
    c.drawString(area.x, y - 7.5, "Verbs (cards by the id printed on them, squares like "
                                  "c3, directions N E S W; examples from this seed's "
                                  "reward deck)")
    row_h = 8.6
    col_w = area.w / 2
    verbs = verb_help(rules, deck)
    half = math.ceil(len(verbs) / 2)
    for i, (verb, meaning) in enumerate(verbs):
        col, r = divmod(i, half)
        vx = area.x + col * col_w
        vy = y - 17 - r * row_h
        c.setFont("Courier-Bold", 7)
        c.drawString(vx, vy, verb)
        c.setFont("Helvetica", 6.5)
        c.drawString(vx + mm(38), vy, meaning)
    c.restoreState()
    y -= 17 + half * row_h + mm(2)
    n = draw_ruled_lines(c, Rect(area.x, area.y + foot, area.w, y - (area.y + foot)),
                         columns=2)
    # a game of nine levels takes more lines than one page holds: a second page
    c = doc.new_page(layout.landscape)
    area = draw_title(c, content_rect(layout, doc.paper), f"{game.title}: game log, "
                      "continued", f"Seed {seed}, {_params_text(size)}.")
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                right_text=[game.credits])
    draw_ruled_lines(c, Rect(area.x, area.y + foot, area.w, area.y1 - (area.y + foot)),
                     columns=2, first_number=n + 1)


# ------------------------------------------------------------------------ calibrate
@dataclass(frozen=True)
class CalibrationMark:
    """A crosshair of the calibration sheet: ``name``, its centre on the front and the
    centre of its scale on the back (points, page coordinates of each side)."""

    name: str
    front: tuple[float, float]
    back: tuple[float, float]


CAL_INSET_MM = (38.0, 78.0, 48.0)
"""Crosshairs: this far from the left/right edges, from the bottom, from the top."""
SCALE_MM = 6
"""The back scales run from -6 to +6 mm, a tick every 0.5 mm."""
SCALE_AT_MM = 9.0
"""How far the back scales sit from their crosshair's centre (the arms reach 18 mm)."""
CROSS_ARM_MM = 18.0
"""A crosshair's arms reach this far from its centre."""
RULER_MM = 100
"""The length of the calibration sheet's ruler."""


def calibration_marks(paper: str, back_offset: Offset = (0.0, 0.0)) -> list[CalibrationMark]:
    """The five crosshairs of the calibration sheet (four near the corners and the
    centre E) on a portrait ``paper``; each back scale sits behind its crosshair after a
    long-edge flip (x mirrored), shifted by ``back_offset`` mm.

    Raises LayoutError for an unknown paper.
    """
    w, h = paper_size_mm(paper)
    side, bottom, top = CAL_INSET_MM
    points = {"A": (side, h - top), "B": (w - side, h - top), "C": (side, bottom),
              "D": (w - side, bottom), "E": (w / 2, h / 2 - 6)}
    dx, dy = back_offset
    out = []
    for name, (x, y) in points.items():
        out.append(CalibrationMark(name, (mm(x), mm(y)), (mm(w - x + dx), mm(y + dy))))
    return out


def crosshair_rect(mark: CalibrationMark) -> Rect:
    """What a front crosshair covers (its arms, circle and letter), in points."""
    x, y = mark.front
    arm = mm(CROSS_ARM_MM)
    return Rect(x - arm, y - arm, 2 * arm, 2 * arm)


def calibration_ruler(paper: str) -> Rect:
    """What the front's 100 mm ruler covers (ticks, numbers and its caption), in points:
    centred left-right, and up-down in the gap between the lower crosshairs (C, D) and
    the centre one (E), clear of both.

    Raises LayoutError for an unknown paper.
    """
    w = paper_size_mm(paper)[0]
    marks = {m.name: m for m in calibration_marks(paper)}
    low = max(crosshair_rect(marks[k]).y1 for k in ("C", "D"))
    high = crosshair_rect(marks["E"]).y
    height = mm(RULER_CAPTION_MM + RULER_TOP_MM)
    y = (low + high - height) / 2
    return Rect(mm(w / 2 - RULER_MM / 2 - 2), y, mm(RULER_MM + 4), height)


RULER_CAPTION_MM = 4.5
"""Under a ruler's line: its caption."""
RULER_TOP_MM = 7.5
"""Over a ruler's line: its ticks and numbers."""


def _crosshair(c: Any, x: float, y: float, name: str) -> None:
    arm = mm(CROSS_ARM_MM)
    c.saveState()
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.35)
    c.line(x - arm, y, x + arm, y)
    c.line(x, y - arm, x, y + arm)
    c.circle(x, y, mm(3), stroke=1, fill=0)
    c.setFillColorRGB(*INK)
    c.setFont("Helvetica-Bold", 11)
    c.drawString(x + mm(4), y + mm(4), name)
    c.restoreState()


def _scales(c: Any, x: float, y: float, name: str) -> None:
    """The back's reading scales for the crosshair behind ``(x, y)``: the X scale runs
    left-right above it, across the crosshair's upright arm; the Y scale runs up-down to
    its right, across its level arm. The tick a front line falls on is the reading."""
    c.saveState()
    c.setStrokeColorRGB(*INK)
    c.setFillColorRGB(*INK)
    c.setLineWidth(0.3)
    base_y = y + mm(SCALE_AT_MM)
    base_x = x + mm(SCALE_AT_MM)
    c.line(x - mm(SCALE_MM), base_y, x + mm(SCALE_MM), base_y)
    c.line(base_x, y - mm(SCALE_MM), base_x, y + mm(SCALE_MM))
    label = 4.8
    c.setFont("Helvetica", label)
    for k in range(-2 * SCALE_MM, 2 * SCALE_MM + 1):
        v = k / 2
        long = mm(3.2) if k == 0 else mm(2) if k % 2 == 0 else mm(1.1)
        c.line(x + mm(v), base_y, x + mm(v), base_y + long)
        c.line(base_x, y + mm(v), base_x + long, y + mm(v))
        if k % 4 == 0:
            text = f"{v:g}"
            c.drawCentredString(x + mm(v), base_y + mm(3.6), text)
            c.drawString(base_x + mm(3.6), y + mm(v) - label * 0.35, text)
    c.setFont("Helvetica-Bold", 7)
    c.drawRightString(x - mm(SCALE_MM) - mm(1.2), base_y + mm(0.5), "X")
    c.drawCentredString(base_x, y - mm(SCALE_MM) - mm(3.4), "Y")
    c.setFont("Helvetica-Bold", 11)
    c.drawRightString(x - mm(4), y - mm(7), name)
    # the matching back crosshair, light: the front one falls on it when no offset
    # is needed
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setDash([1.5, 1.5], 0)
    c.line(x - mm(10), y, x + mm(5), y)
    c.line(x, y - mm(10), x, y + mm(5))
    c.restoreState()


def _ruler(c: Any, x: float, y: float, length_mm: int, vertical: bool = False) -> None:
    """A millimetre ruler from ``(x, y)``: to check the sheet printed at 100 %."""
    c.saveState()
    c.setStrokeColorRGB(*INK)
    c.setFillColorRGB(*INK)
    c.setLineWidth(0.3)
    c.setFont("Helvetica", 6)
    for k in range(length_mm + 1):
        t = mm(4) if k % 10 == 0 else mm(2.5) if k % 5 == 0 else mm(1.5)
        if vertical:
            c.line(x, y + mm(k), x + t, y + mm(k))
            if k % 10 == 0:
                c.drawString(x + mm(4.6), y + mm(k) - 2, str(k))
        else:
            c.line(x + mm(k), y, x + mm(k), y + t)
            if k % 10 == 0:
                c.drawCentredString(x + mm(k), y + mm(5), str(k))
    if vertical:
        c.line(x, y, x, y + mm(length_mm))
    else:
        c.line(x, y, x + mm(length_mm), y)
    c.restoreState()


def draw_calibration(doc: SheetDocument, layout: Layout, game: DungeonSolitaire,
                     payload: str, back_offset: Offset) -> list[CalibrationMark]:
    """The calibration pair: a front with five crosshairs, the 100 mm ruler and the
    instructions, then its back (mirrored) with a reading scale behind each crosshair
    and the offset it was printed with. No seed anywhere: the sheet is the same for
    every seed (``payload`` has none).

    Raises LayoutError if the back page has no margin for its offset note.
    """
    marks = calibration_marks(doc.paper, back_offset)
    c = doc.canvas
    area = content_rect(layout, doc.paper)
    top = draw_title(c, area, "Duplex calibration: front",
                     "Measures how far your printer shifts the back of a sheet, for "
                     "--back-offset X,Y (mm).")
    for m in marks:
        _crosshair(c, *m.front, m.name)
    text_x = area.x + mm(38)
    text_w = area.w - mm(76)
    dx, dy = back_offset
    added = f" added to {dx:g},{dy:g}" if (dx, dy) != (0.0, 0.0) else ""
    steps = [
        "1. Print this page and the next on one sheet: two-sided, flip on the long edge, "
        "at actual size (100 %, no 'fit to page'). Check with a ruler that the scale "
        "under E measures 100 mm.",
        "2. Turn the sheet over and hold it against a window or a lamp, the back (with "
        "the scales) facing you. The five crosshairs of this side show through.",
        "3. At each mark, read the X scale where the crosshair's upright line crosses it, "
        "and the Y scale where its level line crosses it. Use E, or the average of all "
        "five if they differ.",
        f"4. Your offset is the reading{added}. Save it once for this paper with "
        "companion calibrate --save X,Y (e.g. --save 1.5,-0.5): every two-sided sheet "
        "then uses it. --back-offset X,Y overrides it for one sheet. Readings within "
        "0.5 mm need no offset.",
    ]
    y = top.y1 - mm(30)
    for s in steps:
        y = draw_text(c, text_x, y, text_w, s, size=8.5, leading=1.3) - mm(2)
    qr_w = mm(layout.qr_size)
    # the sheet is the same for every seed: neither its text nor its QR code names one
    lines = [game.title, "Duplex calibration",
             "the same sheet for every seed: it measures your printer",
             f"Print it: companion sheets {game.name} --kind calibrate"]
    foot = footer_height(payload, lines, qr_w)
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w)
    ruler = calibration_ruler(doc.paper)
    base = ruler.y + mm(RULER_CAPTION_MM)
    _ruler(c, ruler.cx - mm(RULER_MM / 2), base, RULER_MM)
    c.setFont("Helvetica", 6.5)
    c.setFillColorRGB(*INK)
    c.drawCentredString(ruler.cx, ruler.y + mm(0.8),
                        f"{RULER_MM} mm at actual size (print at 100 %)")

    c = doc.new_page(False)
    w = doc.page_size[0]
    back_area = content_rect(layout, doc.paper)
    draw_title(c, back_area, "Duplex calibration: back",
               "Hold to the light, this side facing you; read X and Y where the front's "
               "crosshairs cross the scales."
               + (f" Printed with --back-offset {dx:g},{dy:g}: add your reading to it."
                  if (dx, dy) != (0, 0) else ""))
    for m in marks:
        _scales(c, *m.back, m.name)
    c.setFont("Helvetica", 7.5)
    c.setFillColorRGB(*INK)
    c.drawCentredString(w / 2, back_area.y + mm(4),
                        "X: right is +. Y: up is +. The light dashed cross is where the "
                        "front mark should fall.")
    draw_offset_note(c, doc.page_size, [_scales_rect(m) for m in marks], back_offset)
    return marks


def _scales_rect(mark: CalibrationMark) -> Rect:
    """What a back's reading scales cover (points): the scales, their numbers and
    letters, the light cross."""
    x, y = mark.back
    reach = mm(SCALE_AT_MM + 7)
    return Rect(x - mm(12), y - mm(SCALE_MM + 5), mm(12) + reach, mm(SCALE_MM + 5) + reach)


# ------------------------------------------------------------------------------ map
def draw_map_page(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
                  size: int, number: int, payload: str,
                  edition: int | None = None) -> BoardGrid:
    """The answer key of one level: a spoiler banner, every card face up at its square
    with the coordinates round the board, a summary and the level's QR code. Returns
    where the board was drawn."""
    c = doc.canvas
    lvl = generate_level(seed, number, size, game.rules_table(edition))
    area = content_rect(layout, doc.paper)
    banner = Rect(area.x, area.y1 - mm(14), area.w, mm(14))
    c.saveState()
    c.setFillColorRGB(*SPOILER)
    c.roundRect(banner.x, banner.y, banner.w, banner.h, mm(2), stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Helvetica-Bold", 20)
    c.drawString(banner.x + mm(4), banner.cy - 20 * CAP_HEIGHT / 2, "ANSWER KEY / SPOILER")
    c.setFont("Helvetica-Bold", 12)
    c.drawRightString(banner.x1 - mm(4), banner.cy - 12 * CAP_HEIGHT / 2,
                      f"Level {number} of {RULES.levels}")
    c.restoreState()
    y = draw_text(c, area.x, banner.y - mm(3), area.w,
                  f"{game.title}, seed {seed}, {_params_text(size)}: level {number} with "
                  "every card face up. Don't look if you want to find the level out as you "
                  "play; use it to set up or check a board, or to settle a doubt.", size=9,
                  leading=1.3)
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, seed, _params_text(size),
                           f"answer key, level {number}")
    id_foot = footer_height(payload, lines, qr_w)
    draw_footer(c, Rect(area.x, area.y, area.w, id_foot), payload, lines, qr_w,
                right_text=["SPOILER: the whole level, face up", game.credits])
    # the scale check over the footer at the right, clear of the identity block
    bar = _draw_scale_check(c, area.x1, area.y + id_foot - mm(1.5))
    foot = bar.y1 - area.y + mm(1)
    # summary lines above the footer
    objects: dict[str, list[str]] = {"monster": [], "heart": [], "chest": []}
    for cell in _reading_order(list(lvl.board)):
        obj = lvl.board[cell].obj
        if obj:
            objects[obj].append(cell_name(cell))
    goal = "crown" if lvl.crown else "staircase"
    summary = [
        f"Start {cell_name(lvl.start)}, {goal} {cell_name(lvl.stairs)}; "
        f"{len(lvl.board)} cards, {size * size - len(lvl.board)} empty squares.",
        "; ".join(f"{k}s: {', '.join(v) if v else 'none'}" for k, v in objects.items()) + ".",
    ]
    sy = area.y + foot + mm(2) + len(summary) * 9 * 1.3
    for line in summary:
        sy = draw_text(c, area.x, sy, area.w, line, size=9, leading=1.3)
    # the board
    label = mm(6)
    board_top = y - mm(4)
    board_bottom = area.y + foot + mm(4) + len(summary) * 9 * 1.3 + mm(2)
    cell_pt = min((area.w - label) / size, (board_top - board_bottom - label) / size,
                  mm(tile_side_mm(load_layout("tile"), doc.paper, size)))
    span = cell_pt * size
    x0 = area.x + label + (area.w - label - span) / 2
    top = board_top - label - (board_top - board_bottom - label - span) / 2
    grid = BoardGrid(size, cell_pt, 0.0, x0, top)
    c.saveState()
    c.setFillColorRGB(*INK)
    for k in range(size):
        _centred(c, chr(ord("a") + k), x0 + (k + 0.5) * cell_pt, top + label / 2,
                 "Helvetica-Bold", 11)
        _centred(c, str(k + 1), x0 - label / 2, top - (k + 0.5) * cell_pt, "Helvetica-Bold", 11)
    c.restoreState()
    gap = mm(0.6)
    for row in range(size):
        for col in range(size):
            r = grid.cell_rect((col, row))
            if (col, row) in lvl.board:
                draw_room(c, r.inset(gap), lvl.board[(col, row)],
                          marker=_marker(lvl, (col, row)), label=cell_name((col, row)))
            else:
                _empty_cell(c, r, cell_name((col, row)))
    return grid
