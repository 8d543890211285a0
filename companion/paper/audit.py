"""Reading a printed PDF back as a reviewer measures it (issue 25): every text run with its
font and size in points, overlapping text, the empty share of each page.

What the design rules of docs/printing.md ask can then be checked on the real bytes:
one type family, nothing read while playing under 8 pt, nothing overlapping, pages used.
:func:`drawing_hits` finds text run into a drawing (a line, an icon's edge through a
word): the page rendered without its text must be one colour under each run's glyph box
(shrunk by half a point), so text on a plain tinted panel passes and text crossed by a
rule does not.

``benchmarks/design_audit.py`` prints these figures for every sheet; the tests assert on
them.

pypdfium2 is imported inside the functions: importing this module costs nothing.
"""

from __future__ import annotations

import ctypes
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "DRAWN_SYMBOL_FONTS",
    "PageAudit",
    "PdfAudit",
    "TextRun",
    "audit_pdf",
    "drawing_hits",
    "empty_share",
    "family",
    "overlaps",
    "text_runs",
]

DRAWN_SYMBOL_FONTS: frozenset[str] = frozenset({"ZapfDingbats", "Symbol"})
"""Font families that only draw symbols (a tick, an arrow), never words: not counted as
a second type family."""

_SUBSET = re.compile(r"^[A-Z]{6}\+")
_STYLE = re.compile(r"[-,](Bold|Italic|Oblique|BoldItalic|BoldOblique|Roman|Regular|Book"
                    r"|Medium|Light)+$|(Bd|It|BI|Bold|Italic|Oblique)$")


def family(font: str) -> str:
    """The family of a PDF font name: the subset tag and the style suffix dropped
    (``AAAAAA+Vera-Bold`` and ``Vera`` are ``Vera``; ``Helvetica-Oblique`` is
    ``Helvetica``; ``DejaVuSans-BoldOblique`` is ``DejaVuSans``)."""
    name = _SUBSET.sub("", font)
    for _ in range(2):
        name = _STYLE.sub("", name)
    return name


@dataclass(frozen=True)
class TextRun:
    """Consecutive characters of one text object on one page: its text, font (the PDF
    base font name, subset tag dropped), size in points (as printed: scaling included)
    and box ``(x0, y0, x1, y1)`` in points from the page's bottom left (the glyphs'
    tight box)."""

    page: int
    text: str
    font: str
    size: float
    box: tuple[float, float, float, float]

    @property
    def family(self) -> str:
        """The run's font family (:func:`family`)."""
        return family(self.font)


def _font_name(textpage: Any, index: int) -> str:
    import pypdfium2.raw as raw

    flags = ctypes.c_int(0)
    n = raw.FPDFText_GetFontInfo(textpage, index, None, 0, ctypes.byref(flags))
    if n <= 0:
        return ""
    buf = ctypes.create_string_buffer(n)
    raw.FPDFText_GetFontInfo(textpage, index, buf, n, ctypes.byref(flags))
    return _SUBSET.sub("", buf.value.decode("utf-8", "replace"))


def _size(textpage: Any, index: int) -> float:
    """The printed size of a character: its font size times the scale of its matrix
    (text matrix and transformations together)."""
    import pypdfium2.raw as raw

    size = float(raw.FPDFText_GetFontSize(textpage, index))
    m = raw.FS_MATRIX()
    if raw.FPDFText_GetMatrix(textpage, index, ctypes.byref(m)):
        scale = abs(m.a * m.d - m.b * m.c) ** 0.5
        if scale > 0:
            size *= scale
    return size


def text_runs(page: Any, index: int = 0) -> list[TextRun]:
    """Every text run of a pypdfium2 page (``index``: its page number, kept in each run).
    A run is the characters of one text object (one string drawn in one font and size);
    spaces pdfium inserts between objects are dropped, white space inside is kept."""
    import pypdfium2.raw as raw

    textpage = page.get_textpage()
    raw_tp = textpage.raw
    runs: list[TextRun] = []
    current: dict[str, Any] | None = None

    def flush() -> None:
        nonlocal current
        if current is not None and current["text"].strip():
            runs.append(TextRun(index, current["text"].strip(), current["font"],
                                round(current["size"], 2), tuple(current["box"])))
        current = None

    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    for i in range(raw.FPDFText_CountChars(raw_tp)):
        if raw.FPDFText_IsGenerated(raw_tp, i) == 1:
            flush()
            continue
        obj = raw.FPDFText_GetTextObject(raw_tp, i)
        key = ctypes.cast(obj, ctypes.c_void_p).value if obj else None
        char = chr(raw.FPDFText_GetUnicode(raw_tp, i))
        if current is None or current["obj"] != key:
            flush()
            current = {"obj": key, "text": "", "font": _font_name(raw_tp, i),
                       "size": _size(raw_tp, i), "box": None}
        current["text"] += char
        if char.isspace():
            continue
        raw.FPDFText_GetCharBox(raw_tp, i, ctypes.byref(left), ctypes.byref(right),
                                ctypes.byref(bottom), ctypes.byref(top))
        box = (left.value, bottom.value, right.value, top.value)
        if box[2] <= box[0] and box[3] <= box[1]:
            continue  # a glyph without ink
        old = current["box"]
        current["box"] = list(box) if old is None else [
            min(old[0], box[0]), min(old[1], box[1]), max(old[2], box[2]),
            max(old[3], box[3])]
    flush()
    return [r for r in runs if r.box]


def overlaps(runs: Sequence[TextRun], tolerance: float = 0.5
             ) -> list[tuple[TextRun, TextRun]]:
    """Pairs of runs on one page whose boxes overlap by more than ``tolerance`` points
    both across and up (glyph boxes are tight: touching lines do not count)."""
    out: list[tuple[TextRun, TextRun]] = []
    ordered = sorted(runs, key=lambda r: (r.page, r.box[0]))
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b.page != a.page or b.box[0] >= a.box[2] - tolerance:
                break
            dx = min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])
            dy = min(a.box[3], b.box[3]) - max(a.box[1], b.box[1])
            if dx > tolerance and dy > tolerance:
                out.append((a, b))
    return out


def empty_share(page: Any, margin: float = 28.35, cell: float = 14.17, dpi: int = 36,
                white: int = 245) -> float:
    """The share of the printable area (the page less ``margin`` points all round) that
    is blank: the page rendered at ``dpi`` in grey, cut into squares of ``cell`` points
    (5 mm), a square blank when no pixel is darker than ``white``."""
    w, h = page.get_size()
    img = page.render(scale=dpi / 72, grayscale=True).to_pil()
    s = dpi / 72
    cols = max(1, int((w - 2 * margin) // cell))
    rows = max(1, int((h - 2 * margin) // cell))
    blank = 0
    for r in range(rows):
        for c in range(cols):
            x0 = margin + c * cell
            y0 = margin + r * cell
            box = (int(x0 * s), int(y0 * s), int((x0 + cell) * s), int((y0 + cell) * s))
            lo, _ = img.crop(box).getextrema()
            if lo > white:
                blank += 1
    return blank / (rows * cols)


def _strip_text(page: Any) -> None:
    """Remove every text object from a pypdfium2 page (inside form XObjects too) and
    regenerate its content, so that it renders its drawings only."""
    import pypdfium2.raw as raw

    def strip_form(form: Any) -> None:
        for i in reversed(range(raw.FPDFFormObj_CountObjects(form))):
            obj = raw.FPDFFormObj_GetObject(form, i)
            kind = raw.FPDFPageObj_GetType(obj)
            if kind == raw.FPDF_PAGEOBJ_TEXT:
                if raw.FPDFFormObj_RemoveObject(form, obj):
                    raw.FPDFPageObj_Destroy(obj)
            elif kind == raw.FPDF_PAGEOBJ_FORM:
                strip_form(obj)

    handle = page.raw
    for i in reversed(range(raw.FPDFPage_CountObjects(handle))):
        obj = raw.FPDFPage_GetObject(handle, i)
        kind = raw.FPDFPageObj_GetType(obj)
        if kind == raw.FPDF_PAGEOBJ_TEXT:
            if raw.FPDFPage_RemoveObject(handle, obj):
                raw.FPDFPageObj_Destroy(obj)
        elif kind == raw.FPDF_PAGEOBJ_FORM:
            strip_form(obj)
    raw.FPDFPage_GenerateContent(handle)


def drawing_hits(page: Any, runs: Sequence[TextRun], dpi: int = 100, shrink: float = 0.5,
                 spread: int = 40) -> list[TextRun]:
    """The runs of ``page`` (a pypdfium2 page, changed: its text is removed) that a
    drawing runs into: the page rendered at ``dpi`` without its text, in grey, is not
    one colour under the run's glyph box shrunk by ``shrink`` points on every side (its
    darkest and lightest pixels more than ``spread`` levels of 255 apart). Text on a
    plain background, white or tinted, passes; a line, a box edge or an icon through it
    does not."""
    _strip_text(page)
    _, h = page.get_size()
    img = page.render(scale=dpi / 72, grayscale=True).to_pil()
    s = dpi / 72
    out = []
    for r in runs:
        x0, y0, x1, y1 = r.box
        box = (max(0, math.ceil((x0 + shrink) * s)), max(0, math.ceil((h - y1 + shrink) * s)),
               min(img.width, math.floor((x1 - shrink) * s)),
               min(img.height, math.floor((h - y0 - shrink) * s)))  # on the paper only
        if box[2] <= box[0] or box[3] <= box[1]:
            continue
        lo, hi = img.crop(box).getextrema()
        if hi - lo > spread:
            out.append(r)
    return out


@dataclass
class PageAudit:
    """One page: its runs, its empty share and the runs a drawing runs into
    (:func:`drawing_hits`; None when not measured)."""

    index: int
    runs: list[TextRun]
    empty: float | None = None
    drawn: list[TextRun] | None = None


@dataclass
class PdfAudit:
    """Every page of a PDF read back (:func:`audit_pdf`), with the figures issue 25
    measures."""

    pages: list[PageAudit] = field(default_factory=list)
    sizes: list[tuple[float, float]] = field(default_factory=list)
    """Each page's (width, height) in points."""

    @property
    def runs(self) -> list[TextRun]:
        """Every text run of every page."""
        return [r for p in self.pages for r in p.runs]

    def families(self, symbols: Iterable[str] = DRAWN_SYMBOL_FONTS) -> set[str]:
        """The font families used for text (symbol fonts left out)."""
        skip = set(symbols)
        return {r.family for r in self.runs if r.family not in skip}

    def smallest(self) -> TextRun | None:
        """The run set smallest (None for a PDF without text)."""
        return min(self.runs, key=lambda r: r.size, default=None)

    def under(self, size: float) -> list[TextRun]:
        """The runs set smaller than ``size`` points."""
        return [r for r in self.runs if r.size < size - 0.01]

    def overlaps(self, tolerance: float = 0.5) -> list[tuple[TextRun, TextRun]]:
        """Overlapping text runs, page by page (:func:`overlaps`)."""
        return [pair for p in self.pages for pair in overlaps(p.runs, tolerance)]

    def missing(self) -> list[tuple[TextRun, str]]:
        """Runs with characters their font has no glyph for (they print as empty boxes:
        a suit must be drawn as an icon), with those characters: pdfium reads such a
        glyph back as U+0000; in the embedded family, any character it lacks."""
        from companion.paper.fonts import missing_glyphs

        out = []
        for r in self.runs:
            chars = "\x00" if "\x00" in r.text else ""
            if r.family == "BitstreamVeraSans":
                chars += missing_glyphs(r.text.replace("\x00", ""))
            if chars:
                out.append((r, chars))
        return out

    def outside(self, sizes: Sequence[tuple[float, float]], margin: float = 14.17
                ) -> list[TextRun]:
        """Runs that reach within ``margin`` points (5 mm) of the paper's edge, each page
        ``(width, height)`` in ``sizes``: text running off its area."""
        out = []
        for r in self.runs:
            w, h = sizes[r.page]
            x0, y0, x1, y1 = r.box
            if x0 < margin or y0 < margin or x1 > w - margin or y1 > h - margin:
                out.append(r)
        return out

    def empty(self) -> list[float]:
        """The empty share of each measured page."""
        return [p.empty for p in self.pages if p.empty is not None]

    def drawn(self) -> list[TextRun]:
        """The runs a drawing runs into, on the pages measured (:func:`drawing_hits`)."""
        return [r for p in self.pages for r in (p.drawn or [])]


def audit_pdf(data: bytes, empty: bool = True, margin: float = 28.35,
              drawing: bool = False) -> PdfAudit:
    """Read the PDF ``data`` back: every page's text runs, (``empty``) empty share
    inside ``margin`` points and (``drawing``) the runs a drawing runs into."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(data)
    try:
        out = PdfAudit()
        for i in range(len(pdf)):
            page = pdf[i]
            out.sizes.append(page.get_size())
            runs = text_runs(page, i)
            audit = PageAudit(i, runs, empty_share(page, margin) if empty else None)
            if drawing:
                audit.drawn = drawing_hits(page, runs)
            out.pages.append(audit)
        return out
    finally:
        pdf.close()
