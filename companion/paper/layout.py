"""Layouts: how a sheet is laid out on the paper, as data.

A layout is a small TOML file: the built-in ones live in the top-level ``layouts/``
folder (the package ``companion.layouts``), and a user may copy one, edit it and pass
its path (``--layout my-cards.toml``). Every size is in millimetres.

Keys (all optional but ``kind``):

``name`` (text, default: the file name), ``description`` (text), ``kind`` (``page``: one
full-page sheet such as a map or a list; ``grid``: cards or tiles in a grid;
``booklet``: two half-sheet pages side by side on a landscape sheet), ``landscape``
(true/false), ``margin`` (mm, default 10: the nearest the grid or the text comes to the
paper edge), ``item_w``/``item_h`` (mm: card or tile size; 0 = the caller decides),
``cols``/``rows`` (0 = as many as fit), ``gap`` (mm between items; 0 = shared cut lines),
``bleed`` (mm of artwork past the cut, 0 or typically 3; needs ``gap`` >= 2 x bleed),
``safe`` (mm inside each item kept clear of text, default 3), ``crop_marks``
(true/false), ``duplex`` (``none``, ``long-edge`` or ``short-edge``), ``qr_size`` (mm,
the identity QR code's width: default and least the measured minimum,
:data:`companion.paper.qr.MIN_QR_MM`) and ``papers`` (the papers it is made for, default
``["a4", "letter"]``).

Geometry comes back in points (:mod:`companion.paper.units`), as :class:`Rect` with
``y`` the bottom edge in PDF coordinates.
"""

from __future__ import annotations

import difflib
import math
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from companion.errors import LayoutError
from companion.paper import qr as _qr
from companion.paper.units import (
    PAPER_MM,
    SAFE_MM,
    UNPRINTABLE_MM,
    Rect,
    bounding_rect,
    check_paper,
    mm,
    paper_size,
    paper_size_mm,
)
from companion.text import counted

__all__ = [
    "BUILTIN_LAYOUTS",
    "Layout",
    "Rect",
    "bleed_rect",
    "bounding_rect",
    "builtin_layouts",
    "content_rect",
    "fit_square",
    "grid_shape",
    "grid_slots",
    "load_layout",
    "mirror_slot",
    "sheet_layout",
    "parse_layout",
]

BUILTIN_LAYOUTS: tuple[str, ...] = ("map", "list", "poker", "poker-bleed", "tile", "booklet-a5")
KINDS: tuple[str, ...] = ("page", "grid", "booklet")
DUPLEX_MODES: tuple[str, ...] = ("none", "long-edge", "short-edge")
MIN_QR_MM = _qr.MIN_QR_MM
"""The smallest ``qr_size``: the measured minimum of :mod:`companion.paper.qr`."""
MAX_QR_MM = 100.0
MAX_ITEM_MM = 500.0
MIN_ITEM_MM = 5.0
MAX_MARGIN_MM = 100.0
MAX_GAP_MM = 50.0
MAX_BLEED_MM = 6.0
MAX_SAFE_MM = 30.0
MAX_COUNT = 50
MIN_CONTENT_MM = 50.0
MIN_PAGE_WIDTH_MM = 120.0
"""The narrowest a page sheet's content may be: its title, footer text and QR code
side by side."""
QR_TEXT_MM = 4.0
"""Room kept between the QR footer and the content above it."""
MAX_FILE_BYTES = 64_000
MAX_LINE_CHARS = 1_000
_EPS = 1e-9


@dataclass(frozen=True)
class Layout:
    """One layout, sizes in millimetres. Build with :func:`load_layout`."""

    name: str
    kind: str
    description: str = ""
    landscape: bool = False
    margin: float = 10.0
    item_w: float = 0.0
    item_h: float = 0.0
    cols: int = 0
    rows: int = 0
    gap: float = 0.0
    bleed: float = 0.0
    safe: float = 3.0
    crop_marks: bool = False
    duplex: str = "none"
    qr_size: float = _qr.MIN_QR_MM
    papers: tuple[str, ...] = ("a4", "letter")
    source: str = field(default="", compare=False)

    @property
    def item_given(self) -> bool:
        """Whether the layout fixes the item size (``False``: the caller decides)."""
        return self.item_w > 0 and self.item_h > 0

    def page_size(self, paper: str) -> tuple[float, float]:
        """(width, height) in points of one sheet of ``paper`` in this layout.

        Raises LayoutError for an unknown paper.
        """
        return paper_size(paper, self.landscape)

    def page_rect(self, paper: str) -> Rect:
        """The whole sheet as a :class:`Rect` (points).

        Raises LayoutError for an unknown paper.
        """
        w, h = self.page_size(paper)
        return Rect(0.0, 0.0, w, h)


# --- loading -------------------------------------------------------------------------

# key -> expected kind of value: "str", "num", "int", "bool", "papers"
_KEY_TYPES: dict[str, str] = {
    "name": "str",
    "description": "str",
    "kind": "str",
    "landscape": "bool",
    "margin": "num",
    "item_w": "num",
    "item_h": "num",
    "cols": "int",
    "rows": "int",
    "gap": "num",
    "bleed": "num",
    "safe": "num",
    "crop_marks": "bool",
    "duplex": "str",
    "qr_size": "num",
    "papers": "papers",
}
_TYPE_WORDS = {
    "str": "a text in quotes",
    "num": "a number of millimetres",
    "int": "a whole number",
    "bool": "true or false",
    "papers": f"a list of paper names ({', '.join(PAPER_MM)})",
}
_RANGES: dict[str, tuple[float, float]] = {
    "margin": (UNPRINTABLE_MM, MAX_MARGIN_MM),
    "item_w": (0.0, MAX_ITEM_MM),
    "item_h": (0.0, MAX_ITEM_MM),
    "cols": (0, MAX_COUNT),
    "rows": (0, MAX_COUNT),
    "gap": (0.0, MAX_GAP_MM),
    "bleed": (0.0, MAX_BLEED_MM),
    "safe": (0.0, MAX_SAFE_MM),
    "qr_size": (MIN_QR_MM, MAX_QR_MM),
}
assert set(_KEY_TYPES) == {f.name for f in fields(Layout)} - {"source"}


def builtin_layouts() -> list[str]:
    """The names of the built-in layouts, sorted (``booklet-a5``, ``list``, ``map``...)."""
    names = {p.stem for p in _builtin_dir_entries()}
    return sorted(names or set(BUILTIN_LAYOUTS))


def _builtin_dir_entries() -> list[Any]:
    """The TOML resources of the ``companion.layouts`` package (or the source folder)."""
    try:
        from importlib.resources import files

        root: Any = files("companion.layouts")
        entries = [p for p in root.iterdir() if p.name.endswith(".toml")]
        if entries:
            return entries
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError, TypeError):
        pass
    folder = Path(__file__).resolve().parents[2] / "layouts"
    if folder.is_dir():
        return sorted(folder.glob("*.toml"))
    return []


def _builtin_text(name: str) -> tuple[str, str] | None:
    """(source label, TOML text) of a built-in layout, or None if there is none."""
    for entry in _builtin_dir_entries():
        if entry.name == f"{name}.toml":
            return (f"built-in layout {name!r}", entry.read_text(encoding="utf-8"))
    return None


def sheet_layout(chosen: object, default: str, square: bool = False) -> Layout:
    """The layout a sheet is printed with: ``chosen`` (``--layout``, a name or a path)
    or the built-in ``default``. Raises LayoutError when the chosen one is of another
    kind than the default's (a card grid for a page sheet, say: its margin is not a
    page's) or, for ``square`` items (tiles), fixes a size that is not square."""
    if not chosen:
        return load_layout(default)
    layout = load_layout(str(chosen))
    want = load_layout(default)
    if layout.kind != want.kind:
        raise LayoutError(f"this sheet needs a {want.kind} layout, not the {layout.kind} "
                          f"layout {layout.name!r}: try --layout {want.name}")
    if square and layout.item_given and abs(layout.item_w - layout.item_h) > 1e-6:
        raise LayoutError(f"this sheet prints square tiles, but layout {layout.name!r} "
                          f"has {layout.item_w:g} x {layout.item_h:g} mm items: try "
                          f"--layout {want.name}")
    return layout


def load_layout(name_or_path: str | Path, paper: str | None = None) -> Layout:
    """A built-in layout by name (``poker``) or a layout TOML file by path.

    The layout is checked against every paper it declares (``papers``), and against
    ``paper`` too when given.

    Raises LayoutError, with one sentence naming the file and the key at fault, if the
    name is no built-in and no file, the file cannot be read, is not valid TOML, holds
    an unknown key or a value of the wrong type or out of range (negative sizes, a QR
    code under 30 mm, margins under 5 mm), or if the items do not fit the paper.
    """
    text_name = str(name_or_path)
    builtin = None
    if (
        isinstance(name_or_path, str)
        and not text_name.endswith(".toml")
        and "/" not in text_name
        and "\\" not in text_name
    ):
        builtin = _builtin_text(text_name)
    if builtin is not None:
        source, text = builtin
        default_name = text_name
    else:
        path = Path(name_or_path)
        try:
            exists = path.exists()
        except OSError as exc:  # e.g. a name too long for the file system
            raise LayoutError(f"cannot read layout file {_short_path(path)}: "
                              f"{exc.strerror or exc}") from None
        if not exists and path.suffix != ".toml" and isinstance(name_or_path, str):
            raise LayoutError(
                f"no layout {_short(text_name)}: it is neither a built-in layout "
                f"({', '.join(builtin_layouts())}) nor a file"
            )
        source = _short_path(path)
        default_name = path.stem[:200]
        from companion.fsutil import TooLargeError, read_bounded

        try:
            raw = read_bounded(path, MAX_FILE_BYTES)
        except TooLargeError:
            raise LayoutError(f"layout file {source} is too large for a layout (at most "
                              f"{MAX_FILE_BYTES:,} bytes)") from None
        except FileNotFoundError:
            raise LayoutError(f"layout file {source} does not exist") from None
        except IsADirectoryError:
            raise LayoutError(f"layout file {source} is a directory, not a TOML file") from None
        except OSError as exc:
            raise LayoutError(f"cannot read layout file {source}: {exc.strerror or exc}") from None
        try:
            text = raw.decode("utf-8-sig")  # a byte-order mark at the start is fine
        except UnicodeDecodeError:
            raise LayoutError(f"layout file {source} is not UTF-8 text") from None
    layout = parse_layout(text, source=source, default_name=default_name)
    if paper is not None:
        _check_paper_allowed(layout, paper)
        _check_fit(layout, check_paper(paper))
    return layout


def parse_layout(text: str, source: str = "<layout>", default_name: str = "custom") -> Layout:
    """A layout from TOML text; ``source`` names it in messages.

    Raises LayoutError as :func:`load_layout` does; also for a text over 64,000
    characters or with a line over 1,000 (a layout is a dozen short lines; the limits
    keep the TOML parser from spending unbounded time or memory on nested keys).
    """
    if len(text) > MAX_FILE_BYTES:
        raise LayoutError(f"layout {source} is {len(text):,} characters long: too large "
                          f"for a layout (at most {MAX_FILE_BYTES:,})")
    for lineno, line in enumerate(text.splitlines(), start=1):
        if len(line) > MAX_LINE_CHARS:
            raise LayoutError(f"layout {source}: line {lineno} is {len(line):,} characters "
                              f"long; a layout line is at most {MAX_LINE_CHARS:,}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LayoutError(f"layout {source} is not valid TOML: {exc}") from None
    except RecursionError:
        raise LayoutError(f"layout {source} is nested too deeply: a layout holds plain "
                          f"keys and values") from None
    except (ValueError, TypeError) as exc:  # pragma: no cover - defensive
        raise LayoutError(f"layout {source} is not valid TOML: {exc}") from None
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in _KEY_TYPES:
            close = difflib.get_close_matches(key, list(_KEY_TYPES), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise LayoutError(
                f"layout {source}: unknown key {key!r}{hint}; known keys: "
                f"{', '.join(_KEY_TYPES)}"
            )
        values[key] = _convert(source, key, value)
    if "kind" not in values:
        raise LayoutError(
            f"layout {source}: missing key 'kind' (one of {', '.join(KINDS)})"
        )
    values.setdefault("name", default_name)
    values["source"] = source
    layout = Layout(**values)
    _check_consistency(layout)
    for paper in layout.papers:
        _check_fit(layout, paper)
    return layout


def _short_path(path: Path) -> str:
    """A path for a message: at most 120 characters."""
    text = str(path)
    return text if len(text) <= 120 else text[:60] + "..." + text[-57:]


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _convert(source: str, key: str, value: Any) -> Any:
    """The value of ``key`` checked and converted; LayoutError if wrong."""
    kind = _KEY_TYPES[key]

    def wrong() -> LayoutError:
        return LayoutError(
            f"layout {source}: key {key!r} must be {_TYPE_WORDS[kind]}, not {_short(value)}"
        )

    if kind == "str":
        if not isinstance(value, str):
            raise wrong()
        if len(value) > 200:
            raise LayoutError(f"layout {source}: key {key!r} is longer than 200 characters")
        if key == "kind" and value not in KINDS:
            raise LayoutError(
                f"layout {source}: key 'kind' must be one of {', '.join(KINDS)}, "
                f"not {_short(value)}"
            )
        if key == "duplex" and value not in DUPLEX_MODES:
            raise LayoutError(
                f"layout {source}: key 'duplex' must be one of {', '.join(DUPLEX_MODES)}, "
                f"not {_short(value)}"
            )
        if key == "name" and not value.strip():
            raise LayoutError(f"layout {source}: key 'name' is empty")
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise wrong()
        return value
    if kind == "papers":
        if not isinstance(value, list) or not value or not all(isinstance(p, str) for p in value):
            raise wrong()
        papers: list[str] = []
        for p in value:
            if p.lower() not in PAPER_MM:
                raise LayoutError(
                    f"layout {source}: key 'papers' names unknown paper {_short(p)}; "
                    f"known: {', '.join(PAPER_MM)}"
                )
            if p.lower() not in papers:
                papers.append(p.lower())
        return tuple(papers)
    low, high = _RANGES[key]
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise wrong()
    elif isinstance(value, bool) or not isinstance(value, int | float):
        raise wrong()
    if isinstance(value, int) and not -1e6 < value < 1e6:  # too big for a float, even
        raise LayoutError(f"layout {source}: key {key!r} is {_short(value)} but must be "
                          f"{low:g} to {high:g}")
    if isinstance(value, float) and not math.isfinite(value):
        raise LayoutError(f"layout {source}: key {key!r} must be a finite number, not {value}")
    number: float = value if kind == "int" else float(value)
    if number < 0:
        raise LayoutError(f"layout {source}: key {key!r} must not be negative ({_short(value)})")
    if number < low:
        why = {
            "margin": "home printers do not print the outer 5 mm",
            "qr_size": "a smaller QR code does not read reliably from a phone photo of "
                       "the page, as measured (docs/printing.md, QR codes)",
        }.get(key, "")
        raise LayoutError(
            f"layout {source}: key {key!r} is {number:g} but must be at least {low:g}"
            + (f" ({why})" if why else "")
        )
    if number > high:
        raise LayoutError(
            f"layout {source}: key {key!r} is {number:g} but must be at most {high:g}"
        )
    return value if kind == "int" else number


def _check_consistency(layout: Layout) -> None:
    """Rules between keys; LayoutError naming the key."""
    src = layout.source
    if layout.kind in ("page", "booklet") and layout.margin < SAFE_MM:
        raise LayoutError(
            f"layout {src}: key 'margin' is {layout.margin:g} but a {layout.kind} layout "
            f"needs at least {SAFE_MM:g} mm (everything that matters stays 8 mm inside)"
        )
    if layout.kind == "grid" and layout.margin + layout.safe < SAFE_MM - _EPS:
        raise LayoutError(
            f"layout {src}: keys 'margin' + 'safe' are {layout.margin + layout.safe:g} mm but "
            f"must be at least {SAFE_MM:g} mm (everything that matters stays 8 mm inside)"
        )
    if (layout.item_w > 0) != (layout.item_h > 0):
        key = "item_h" if layout.item_w > 0 else "item_w"
        raise LayoutError(
            f"layout {src}: key {key!r} is 0 while the other item size is not: give both "
            f"sizes, or 0 for both to let the caller decide"
        )
    if layout.item_given:
        for key in ("item_w", "item_h"):
            if getattr(layout, key) < MIN_ITEM_MM:
                raise LayoutError(
                    f"layout {src}: key {key!r} is {getattr(layout, key):g} but items must be "
                    f"at least {MIN_ITEM_MM:g} mm"
                )
        if 2 * layout.safe >= min(layout.item_w, layout.item_h):
            raise LayoutError(
                f"layout {src}: key 'safe' ({layout.safe:g} mm) leaves no room inside a "
                f"{layout.item_w:g} x {layout.item_h:g} mm item"
            )
    if layout.kind != "grid":
        for key in ("item_w", "item_h", "cols", "rows", "gap", "bleed"):
            if getattr(layout, key):
                raise LayoutError(
                    f"layout {src}: key {key!r} only applies to grid layouts, "
                    f"not to kind {layout.kind!r}"
                )
        if layout.crop_marks:
            raise LayoutError(
                f"layout {src}: key 'crop_marks' only applies to grid layouts"
            )
    if layout.kind == "booklet" and not layout.landscape:
        raise LayoutError(
            f"layout {src}: key 'landscape' must be true for a booklet layout "
            f"(two portrait pages side by side on a landscape sheet)"
        )
    if layout.kind == "grid" and layout.duplex != "none":
        flip = "short-edge" if layout.landscape else "long-edge"
        if layout.duplex != flip:
            raise LayoutError(
                f"layout {src}: key 'duplex' must be {flip!r} (or 'none') for a "
                f"{'landscape' if layout.landscape else 'portrait'} grid: backs are mirrored "
                f"left-right, which is a {flip} flip for this orientation"
            )
    if layout.bleed > 0 and layout.gap < 2 * layout.bleed - _EPS:
        raise LayoutError(
            f"layout {src}: key 'gap' is {layout.gap:g} mm but a {layout.bleed:g} mm bleed "
            f"needs a gap of at least {2 * layout.bleed:g} mm between items"
        )
    if layout.bleed > 0 and layout.margin < layout.bleed + UNPRINTABLE_MM:
        raise LayoutError(
            f"layout {src}: key 'margin' is {layout.margin:g} mm but a {layout.bleed:g} mm "
            f"bleed needs at least {layout.bleed + UNPRINTABLE_MM:g} mm"
        )


def _check_paper_allowed(layout: Layout, paper: str) -> None:
    key = check_paper(paper)
    if key not in layout.papers:
        raise LayoutError(
            f"layout {layout.source or layout.name} is made for {', '.join(layout.papers)}, "
            f"not {key} (key 'papers')"
        )


def _available_mm(layout: Layout, paper: str) -> tuple[float, float]:
    w, h = paper_size_mm(paper, layout.landscape)
    return (w - 2 * layout.margin, h - 2 * layout.margin)


def _count(avail: float, item: float, gap: float) -> int:
    """How many items of ``item`` mm with ``gap`` between fit in ``avail`` mm."""
    if item <= 0 or avail < item - _EPS:
        return 0
    return min(MAX_COUNT, int(math.floor((avail + gap + _EPS) / (item + gap))))


def _check_fit(layout: Layout, paper: str) -> None:
    """LayoutError if the layout does not fit on ``paper``."""
    src = layout.source or layout.name
    aw, ah = _available_mm(layout, paper)
    if layout.kind in ("page", "grid") and layout.qr_size > min(aw, ah) / 2 + _EPS:
        raise LayoutError(
            f"layout {src}: key 'qr_size' ({layout.qr_size:g} mm) with 'margin' "
            f"{layout.margin:g} mm leaves no room for the text beside the code on {paper} "
            f"(at most half of the {min(aw, ah):.0f} mm inside the margins)"
        )
    if layout.kind == "page":
        if aw < MIN_PAGE_WIDTH_MM:
            raise LayoutError(
                f"layout {src}: key 'margin' ({layout.margin:g} mm) leaves {aw:.0f} mm across "
                f"{paper}; a page sheet needs at least {MIN_PAGE_WIDTH_MM:g} mm for its "
                "title, footer and QR code"
            )
        if min(aw, ah) < MIN_CONTENT_MM or ah - layout.qr_size - QR_TEXT_MM < MIN_CONTENT_MM:
            raise LayoutError(
                f"layout {src}: keys 'margin' ({layout.margin:g} mm) and 'qr_size' "
                f"({layout.qr_size:g} mm) leave less than {MIN_CONTENT_MM:g} mm for the "
                f"content on {paper}"
            )
        return
    if layout.kind == "booklet":
        w, h = paper_size_mm(paper, True)
        if min(w / 2, h) - 2 * layout.margin < MIN_CONTENT_MM:
            raise LayoutError(
                f"layout {src}: key 'margin' ({layout.margin:g} mm) leaves less than "
                f"{MIN_CONTENT_MM:g} mm for the content of a booklet page on {paper}"
            )
        return
    if not layout.item_given:
        if min(aw, ah) < MIN_ITEM_MM:
            raise LayoutError(
                f"layout {src}: key 'margin' ({layout.margin:g} mm) leaves no room on {paper}"
            )
        return
    grid_shape(layout, paper)


def grid_shape(
    layout: Layout,
    paper: str,
    item: tuple[float, float] | None = None,
    cols: int | None = None,
    rows: int | None = None,
) -> tuple[int, int]:
    """(cols, rows) of the grid on ``paper``: the layout's own counts, or as many as fit.

    ``item`` (mm), ``cols`` and ``rows`` override the layout's values when given.
    Raises LayoutError if the items do not fit inside the margins, or if neither the
    layout nor the caller gives an item size.
    """
    src = layout.source or layout.name
    paper = check_paper(paper)
    iw, ih = item if item is not None else (layout.item_w, layout.item_h)
    if not (iw > 0 and ih > 0) or not (math.isfinite(iw) and math.isfinite(ih)):
        raise LayoutError(
            f"layout {src} leaves the item size to the caller (item_w = item_h = 0), "
            f"and none was given"
        )
    aw, ah = _available_mm(layout, paper)
    want_c = cols if cols is not None else layout.cols
    want_r = rows if rows is not None else layout.rows
    fit_c = _count(aw, iw, layout.gap)
    fit_r = _count(ah, ih, layout.gap)
    for key, want, fit, size, avail in (
        ("cols", want_c, fit_c, iw, aw),
        ("rows", want_r, fit_r, ih, ah),
    ):
        if fit < 1 or want > fit:
            n = want if want else 1
            need = n * size + (n - 1) * layout.gap
            item_key = "item_w" if key == "cols" else "item_h"
            raise LayoutError(
                f"layout {src}: {counted(n, 'item')} of {size:g} mm (keys {key!r}, "
                f"{item_key!r}) "
                f"need {need:g} mm but {paper} leaves {avail:.1f} mm inside the "
                f"{layout.margin:g} mm margins"
                + (" in landscape" if layout.landscape else "")
            )
    return (want_c or fit_c, want_r or fit_r)


def grid_slots(
    layout: Layout,
    paper: str,
    *,
    item: tuple[float, float] | None = None,
    cols: int | None = None,
    rows: int | None = None,
) -> list[Rect]:
    """The item rectangles (points) of one sheet, row-major from the top-left.

    ``grid`` layouts: the cut (trim) rectangle of each card or tile, the grid block
    centred on the page; ``item`` (mm, width and height), ``cols`` and ``rows``
    override the layout (needed when the layout leaves the item size to the caller).
    ``page`` layouts: one rectangle, the page inside the margins.
    ``booklet`` layouts: the left and right half of the landscape sheet (whole booklet
    pages; their content area is ``rect.inset(mm(layout.margin))``).

    Raises LayoutError for an unknown paper, a paper the layout is not made for, or
    items that do not fit.
    """
    paper = check_paper(paper)
    _check_paper_allowed(layout, paper)
    pw, ph = layout.page_size(paper)
    if layout.kind == "page":
        return [content_rect(layout, paper)]
    if layout.kind == "booklet":
        return [Rect(0.0, 0.0, pw / 2, ph), Rect(pw / 2, 0.0, pw / 2, ph)]
    iw_mm, ih_mm = item if item is not None else (layout.item_w, layout.item_h)
    n_cols, n_rows = grid_shape(layout, paper, (iw_mm, ih_mm), cols, rows)
    iw, ih, gap = mm(iw_mm), mm(ih_mm), mm(layout.gap)
    block_w = n_cols * iw + (n_cols - 1) * gap
    block_h = n_rows * ih + (n_rows - 1) * gap
    x0 = (pw - block_w) / 2
    top = (ph + block_h) / 2
    slots: list[Rect] = []
    for r in range(n_rows):
        y = top - (r + 1) * ih - r * gap
        for c in range(n_cols):
            slots.append(Rect(x0 + c * (iw + gap), y, iw, ih))
    return slots


def fit_square(layout: Layout, paper: str, cols: int, rows: int, step: float = 0.5) -> float:
    """The side (mm, rounded down to ``step``) of the largest square tile such that
    ``cols`` x ``rows`` tiles fit on one sheet inside the margins: for tile layouts
    that leave the size to the caller.

    Raises LayoutError if ``cols`` or ``rows`` is not positive or the tiles would be
    smaller than 5 mm.
    """
    src = layout.source or layout.name
    if cols < 1 or rows < 1:
        raise LayoutError(f"layout {src}: a board needs at least 1 x 1 tiles, not {cols} x {rows}")
    aw, ah = _available_mm(layout, check_paper(paper))
    side = min((aw - (cols - 1) * layout.gap) / cols, (ah - (rows - 1) * layout.gap) / rows)
    if layout.item_given:
        side = min(side, layout.item_w, layout.item_h)
    side = math.floor(side / step + _EPS) * step
    if side < MIN_ITEM_MM:
        raise LayoutError(
            f"layout {src}: {cols} x {rows} tiles do not fit on {paper} "
            f"(they would be under {MIN_ITEM_MM:g} mm)"
        )
    return side


def content_rect(layout: Layout, paper: str) -> Rect:
    """The sheet inside the layout's margins (points).

    Raises LayoutError for an unknown paper.
    """
    return layout.page_rect(paper).inset(mm(layout.margin))


def bleed_rect(layout: Layout, rect: Rect) -> Rect:
    """``rect`` grown by the layout's bleed on every side."""
    return rect.inset(-mm(layout.bleed))


def mirror_slot(rect: Rect, page_w: float, offset_mm: tuple[float, float] = (0.0, 0.0)) -> Rect:
    """Where the back of the item at ``rect`` goes for a long-edge duplex flip.

    The rectangle is mirrored left-right on a page ``page_w`` points wide (same
    height), so that each back lands behind its front, then shifted by the printer
    offset ``offset_mm`` (mm, as measured on the back side: x positive = right,
    y positive = up).
    """
    dx, dy = offset_mm
    return Rect(page_w - rect.x - rect.w + mm(dx), rect.y + mm(dy), rect.w, rect.h)
