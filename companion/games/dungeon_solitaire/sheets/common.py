"""Dungeon Solitaire sheets: what every kind shares (the page plan in mm, which levels
and payloads a sheet shows, the board's geometry, the scale check, and the page's name
and small QR code in a margin band)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.errors import LayoutError, ParameterError
from companion.games.dungeon_solitaire.generation import Cell
from companion.games.dungeon_solitaire.table import RULES
from companion.paper import design
from companion.paper.cards import CAP_HEIGHT
from companion.paper.fold import check_backs
from companion.paper.frame import (
    INK,
    SCALE_BAR_FONT,
    SCALE_BAR_HEIGHT,
    SCALE_BAR_MM,
    draw_scale_bar,
    wrap_text,
)
from companion.paper.layout import (
    Layout,
    Rect,
    content_rect,
    fit_square,
    grid_shape,
    grid_slots,
    load_layout,
)
from companion.paper.qr import draw_margin_qr as draw_qr_margin
from companion.paper.qr import margin_qr_width
from companion.paper.units import mm, paper_size_mm

if TYPE_CHECKING:
    from companion.games.dungeon_solitaire import DungeonSolitaire


Offset = tuple[float, float]

DEFAULT_INK = "dark"
"""The tiles, reward cards and answer key print solid stone walls unless ``--ink
light`` (``options["ink"]``) asks for pale ones: the default sheets stay as they were."""


def check_ink(value: Any) -> str:
    """The ink of ``options["ink"]`` (default :data:`DEFAULT_INK`). Raises
    ParameterError for anything but light or dark."""
    from companion.paper.frame import check_ink as check_sheet_ink

    return check_sheet_ink(value, DEFAULT_INK, "the stone walls print light (pale) or "
                           "dark (solid)")


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
MARGIN_QR_SIZES_MM = (36.0, 32.0, 28.0, 24.0, 20.0, MARGIN_QR_MM)
"""The QR code of a card or tile page's margin band (quiet zone included) is the largest
of these that costs no row of cards the page's share of the deck needs
(:func:`band_grid`): a page is not given up for a bigger code (issue 25: pages are
used), since the band also names the page in plain text and a flat scan reads the
18 mm code. At the default 5x5, A4 and Letter pages both hold 30 cards (the deck on
two sheets); 32 mm and up read in a 72 dpi phone photo, 24 mm only half the time."""
TEXT_BAND_MM = 10.5
"""The margin band a card page names itself in when no QR code fits there."""
BAND_GAP_MM = 2.0
"""Between the margin band and the crop marks above it."""
FOLD_QR_MM = 16.0
"""The QR code in the strip of a fold-over page, quiet zone included: a symbol of 12.5 mm
or more, as every fold page's payload (it names the kind) needs QR version 3 or more."""
NOTE_SIZE = design.style("print-note").size
"""The printing notes in a page's margin (points): the type scale's print note."""
NAME_SIZE = design.style("label").size
"""The page's name (game, seed, kind, page n of m) in its margin band (points)."""
FACE_SIZE = design.style("card-face").minimum
"""The smallest text on a tile or card face (points): what a card face may be."""
LABEL_SIZE = design.style("label").minimum
"""The smallest text on a page read at the table, such as the answer key (points)."""


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


def one_payload(game: DungeonSolitaire, kind: str, seed: str, params: Mapping[str, int],
                options: Mapping[str, Any], edition: int) -> list[str]:
    """The payloads of a sheet kind whose every page carries the one payload of the kind
    (cards, mat, log): :func:`sheet_payload` without a level."""
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
    return float(mm(SCALE_BAR_MM + 2) + c.stringWidth(label, *SCALE_BAR_FONT))


def _draw_scale_check(c: Any, right: float, y: float) -> Rect:
    """A 50 mm scale bar (:func:`draw_scale_bar`) whose label ends at ``right``, its
    bottom at ``y``. Returns the box it covers, label and all."""
    width = scale_check_width(c)
    draw_scale_bar(c, right - width, y)
    return Rect(right - width, y, width, SCALE_BAR_HEIGHT)


def _offset(options: Mapping[str, Any]) -> Offset:
    raw = options.get("back_offset") or (0.0, 0.0)
    return (float(raw[0]), float(raw[1]))


@dataclass(frozen=True)
class Sheet:
    """One sheet being drawn (:func:`~.kinds.render`): what was asked for, and the
    layout, rules edition, payloads and backs it settled on. A kind's drawing function
    (the table :data:`~.kinds.SHEETS`) gets it with the document."""

    game: DungeonSolitaire
    kind: str
    seed: str
    """``""`` for the calibration sheet, which is the same for every seed."""
    params: dict[str, int]
    paper: str
    options: dict[str, Any]
    edition: int
    layout: Layout
    payloads: list[str]
    """Every payload the document carries, in page order (:func:`~.kinds.sheet_payloads`)."""
    backs: str = "none"
    """Tiles and cards: ``duplex``, ``fold`` or ``none`` (:func:`backs_mode`); ``none``
    for the kinds without backs."""

    @property
    def size(self) -> int:
        """The board size (``params["size"]``)."""
        return self.params["size"]

    @property
    def back_offset(self) -> Offset:
        """``options["back_offset"]`` in mm, ``(0, 0)`` when not given."""
        return _offset(self.options)

    @property
    def ink(self) -> str:
        """``options["ink"]``: how the stone walls print, ``light`` or ``dark`` (the
        default). Raises ParameterError for anything else."""
        return check_ink(self.options.get("ink"))


def _centred(c: Any, text: str, cx: float, cy: float, font: str, size: float) -> None:
    """``text`` centred on ``(cx, cy)`` by its cap height."""
    c.setFont(font, size)
    c.drawCentredString(cx, cy - size * CAP_HEIGHT / 2, text)


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
            "Rebuild: companion scan, or type the seed"]


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
    size = NAME_SIZE
    lead = size * 1.25
    y = band.cy + (len(lines) - 1) * lead / 2 - size * CAP_HEIGHT / 2
    name_w = 0.0
    for i, line in enumerate(lines):
        font = design.BOLD if i == 0 else design.REGULAR
        c.setFont(font, size)
        c.drawString(x, y, line)
        name_w = max(name_w, _string_width(line, font, size))
        y -= lead
    bar: Rect | None = None
    top = band.y1
    if scale_check:
        bar = _draw_scale_check(c, band.x1, band.y1 - mm(1.9))
        top = bar.y - mm(1.6)
    slead = NOTE_SIZE * 1.25
    # the notes keep clear of the name: wrapped to the room it leaves
    room = band.x1 - (x + name_w + mm(3))

    def wrapped(texts: Sequence[str]) -> list[str]:
        return [part for t in texts for part in wrap_text(t, design.REGULAR, NOTE_SIZE, room)]

    def fit(shown: Sequence[str]) -> bool:
        return top - NOTE_SIZE * 0.75 - (len(shown) - 1) * slead - NOTE_SIZE * 0.25 >= band.y

    shown = wrapped(notes)
    if not fit(shown) and short_note:
        shown = wrapped([short_note])
    c.setFont(design.REGULAR, NOTE_SIZE)
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


def _string_width(text: str, font: str, size: float) -> float:
    return float(design.string_width(text, font, size))


def _flip(layout: Layout) -> str:
    """The edge to flip a two-sided sheet of ``layout`` on (backs mirror left-right)."""
    return "short" if layout.landscape else "long"


def _rows_over_band(layout: Layout, paper: str, side_mm: float, band_mm: float) -> int:
    """How many rows of ``side_mm`` squares fit over a bottom band ``band_mm`` high."""
    _, page_h = paper_size_mm(paper, layout.landscape)
    reach = (max(3.0, layout.bleed) + 5.0) if layout.crop_marks else layout.bleed
    top = max(layout.margin, MARK_EDGE_MM + reach)
    bottom = EDGE_MM + band_mm + BAND_GAP_MM + reach
    room = page_h - top - bottom
    return max(0, math.floor((room + layout.gap) / (side_mm + layout.gap) + 1e-9))


@dataclass(frozen=True)
class BandGrid:
    """The page plan of tile-sized squares over a margin band (:func:`band_grid`): the
    squares of one page (points, row-major from the top-left), how many a page takes
    (the items shared evenly over the pages), the band and its QR code's side (mm;
    None: the band names the page in text only)."""

    slots: tuple[Rect, ...]
    per_page: int
    pages: int
    band: Rect
    qr_mm: float | None

    def chunks(self, items: Sequence[Any]) -> list[tuple[Any, ...]]:
        """``items`` cut into the pages' shares, in order."""
        return [tuple(items[i:i + self.per_page])
                for i in range(0, len(items), self.per_page)]


def band_grid(layout: Layout, paper: str, side_mm: float, count: int,
              what: str = "cards") -> BandGrid:
    """How ``count`` squares of ``side_mm`` (tiles or reward cards) lie on pages of
    ``layout``: as few pages as the grid allows, the items shared evenly over them (so
    no page is left a third empty but the last's few), the rows a page needs centred
    between the top margin and a bottom band where the page names itself, with the
    largest QR code of :data:`MARGIN_QR_SIZES_MM` those rows leave room for.

    Raises LayoutError if no row of squares fits over the band.
    """
    cols, fit_rows = grid_shape(layout, paper, (side_mm, side_mm))
    with_qr = {q: min(fit_rows, _rows_over_band(layout, paper, side_mm, q))
               for q in MARGIN_QR_SIZES_MM}
    most = max([*with_qr.values(), min(fit_rows, _rows_over_band(layout, paper, side_mm,
                                                                 TEXT_BAND_MM))])
    if most < 1:
        raise LayoutError(f"layout {layout.name}: no row of {side_mm:g} mm {what} fits on "
                          f"{paper} with the page's name under it")
    pages = max(1, math.ceil(count / (cols * most)))
    per = math.ceil(count / pages) if count else cols * most
    rows = min(most, math.ceil(per / cols))
    fitting = [q for q, n in with_qr.items() if n >= rows]
    qr_mm = max(fitting) if fitting else None
    band_mm = qr_mm if qr_mm is not None else TEXT_BAND_MM
    page_h = layout.page_size(paper)[1]
    reach = mm((max(3.0, layout.bleed) + 5.0) if layout.crop_marks else layout.bleed)
    block_h = rows * mm(side_mm) + (rows - 1) * mm(layout.gap)
    low = mm(EDGE_MM + band_mm + BAND_GAP_MM) + reach
    high = page_h - max(mm(layout.margin), mm(MARK_EDGE_MM) + reach)
    top = high - (high - low - block_h) / 2
    slots = grid_slots(layout, paper, item=(side_mm, side_mm), cols=cols, rows=rows)
    shift = top - max(r.y1 for r in slots)
    area = content_rect(layout, paper)
    return BandGrid(tuple(Rect(r.x, r.y + shift, r.w, r.h) for r in slots), per, pages,
                    Rect(area.x, mm(EDGE_MM), area.w, mm(band_mm)), qr_mm)


def draw_footer_notes(c: Any, area: Rect, lines: Sequence[tuple[str, str]]) -> None:
    """``lines`` (text, type role: ``label`` for what a player reads, ``print-note`` for
    credits) right-aligned at the bottom-right of ``area``, the last on its floor: the
    notes beside an identity footer drawn without its own small ``right_text``."""
    c.saveState()
    c.setFillColorRGB(*INK)
    y = area.y + mm(1)
    for text, role in reversed(lines):
        font, size = design.style(role).pair
        c.setFont(font, size)
        c.drawRightString(area.x1, y, text)
        y += size * 1.3
    c.restoreState()


def draw_identity_footer(c: Any, area: Rect, payload: str, lines: list[str],
                         qr_width: float, notes: Sequence[tuple[str, str]] = ()) -> float:
    """The identity block (QR code, game, seed, kind) at the bottom-left of ``area``,
    its text free to take the page's width (a long seed stays at the type scale), and
    ``notes`` (:func:`draw_footer_notes`) beside it at the right, or over it at the
    right when a long seed leaves no room beside. Returns the height the footer takes
    with its gap above (points)."""
    from companion.paper.identity import draw_identity, identity_size

    id_w, id_h = identity_size(payload, lines, qr_width, max_width=area.w)
    draw_identity(c, area.x, area.y, payload, lines, qr_width, max_width=area.w)
    if not notes:
        return id_h + mm(3)
    widths = [_string_width(t, *design.style(role).pair) for t, role in notes]
    height = sum(design.style(role).size * 1.3 for _, role in notes)
    if area.w - id_w - mm(4) >= max(widths):
        draw_footer_notes(c, area, notes)
        return max(id_h, height) + mm(3)
    draw_footer_notes(c, Rect(area.x, area.y + id_h + mm(1), area.w, height), notes)
    return id_h + mm(1) + height + mm(3)
