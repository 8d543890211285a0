"""Rule booklets: the shared machinery (``print.md``, Booklets).

A game's booklet is data: a :class:`Booklet` of blocks (headings, paragraphs, lists,
tables, logs, engine-drawn figures, example steps) written in the game's package
(``companion/games/<game>/booklet.py``). This module lays them out once for every game:

* pages A5 (148 x 210 mm) from A4 paper, half-letter (139.7 x 215.9 mm) from Letter,
  with running heads (book title, current section), page numbers and a table of
  contents (reportlab platypus, built twice so page numbers settle);
* text in Bitstream Vera, embedded (:mod:`companion.paper.fonts`); no widow or orphan
  line (a paragraph never leaves a single line at the foot or the head of a page);
  headings stay with what follows, figures with their captions;
* card suits and game icons inline in the text as vector drawings: a suit character
  (♠♥♦♣) or ``[icon:chest]`` in a block's text becomes a small placed picture that the
  booklet canvas draws with :mod:`companion.paper.icons` (Vera has no suit glyphs; no
  raster image is ever embedded);
* figures are drawn by the engine (a callable that draws on the canvas); the sheet
  helpers a figure reuses name Helvetica, which the booklet canvas swaps for Vera, so
  every font in a booklet is embedded;
* ``imposition="saddle"``: pages padded with blanks to a multiple of 4 and placed 2-up
  on landscape A4 or Letter sheets in saddle-stitch order (:func:`saddle_order`), to be
  printed two-sided with a short-edge flip, folded and stapled.

Byte-reproducible: reportlab's invariant mode, fixed subset names, and
:mod:`companion.paper.pdfjoin` for the imposed file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import ceil
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from companion.paper import fonts
from companion.paper.units import check_paper, mm

__all__ = [
    "BOOKLET_PAPER_MM",
    "Block",
    "Booklet",
    "Break",
    "Bullets",
    "Code",
    "Fig",
    "H1",
    "H2",
    "Keep",
    "Note",
    "P",
    "Rows",
    "Step",
    "booklet_page_size",
    "draw_label",
    "draw_rich_text",
    "inline",
    "render_booklets",
    "saddle_order",
    "sheet_slots",
]

BOOKLET_PAPER_MM: dict[str, tuple[float, float]] = {
    "a4": (148.0, 210.0),
    "letter": (139.7, 215.9),
}
"""Booklet page (width, height) in mm for each printer paper: half the sheet."""

BOOKLET_LAYOUT = "booklet-a5"  # layouts/booklet-a5.toml: the page margin is data
HEAD_MM = 7.0
FOOT_MM = 7.0
INK = (0.0, 0.0, 0.0)
GREY = (0.38, 0.38, 0.38)
RULE_GREY = (0.6, 0.6, 0.6)
CODE_BG = (0.93, 0.93, 0.93)
NOTE_BG = (0.96, 0.94, 0.88)

Draw = Callable[[Any, float, float], None]
"""A figure's drawing function: ``draw(canvas, width, height)`` with the origin at the
figure's bottom-left corner (points)."""


# ------------------------------------------------------------------------ content
@dataclass(frozen=True)
class H1:
    """A section heading (listed in the table of contents)."""

    text: str


@dataclass(frozen=True)
class H2:
    """A subsection heading."""

    text: str


@dataclass(frozen=True)
class P:
    """A paragraph. Markup: ``<b>``, ``<i>``, ``<font>`` (reportlab's), suit
    characters and ``[icon:NAME]``; write ``&amp;`` ``&lt;`` for ``&`` ``<``."""

    text: str


@dataclass(frozen=True)
class Bullets:
    """A bulleted (or numbered) list; each item is paragraph markup."""

    items: tuple[str, ...]
    numbered: bool = False


@dataclass(frozen=True)
class Rows:
    """A table of rows of paragraph markup, with an optional bold header row.

    Two columns by default (term, explanation), ``split`` being the first column's
    share of the width; ``widths`` (shares summing to 1) for any number of columns.
    """

    rows: tuple[tuple[str, ...], ...]
    header: tuple[str, ...] | None = None
    split: float = 0.3
    widths: tuple[float, ...] = ()


@dataclass(frozen=True)
class Code:
    """A log or command, set verbatim (no markup): ``#`` comments in grey, suits drawn
    as icons."""

    text: str


@dataclass(frozen=True)
class Fig:
    """A figure drawn by ``draw`` in a ``width_mm`` x ``height_mm`` box (``width_mm``
    0: the full text width), with a caption (markup) under it."""

    draw: Draw
    height_mm: float
    caption: str = ""
    width_mm: float = 0.0


@dataclass(frozen=True)
class Note:
    """A shaded box with a bold title and paragraph markup."""

    title: str
    text: str


@dataclass(frozen=True)
class Step:
    """One step of an example of play: the log line(s) written, what they did (markup),
    the state after them (markup, printed small) and an optional figure; kept on one
    page."""

    line: str
    text: str
    state: str = ""
    fig: Fig | None = None


@dataclass(frozen=True)
class Break:
    """Start a new page."""


@dataclass(frozen=True)
class Keep:
    """Blocks kept on one page (a heading, its introduction and its figure)."""

    blocks: tuple[Any, ...]


Block = H1 | H2 | P | Bullets | Rows | Code | Fig | Note | Step | Break | Keep


@dataclass(frozen=True)
class Booklet:
    """One game's booklet: its title page and its body."""

    game: str
    title: str
    tagline: str
    credits: str
    blocks: tuple[Block, ...]
    hero: Fig | None = None
    example_log: str = ""
    summary: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def text_blocks(self) -> list[str]:
        """Every text of the booklet (for checks: glyph coverage, no copied sentence)."""
        out = [self.title, self.tagline, self.credits]
        if self.hero is not None:
            out.append(self.hero.caption)
        blocks = list(self.blocks)
        while any(isinstance(b, Keep) for b in blocks):
            blocks = [x for b in blocks for x in (b.blocks if isinstance(b, Keep) else (b,))]
        for b in blocks:
            if isinstance(b, (H1, H2, P, Code)):
                out.append(b.text)
            elif isinstance(b, Bullets):
                out.extend(b.items)
            elif isinstance(b, Rows):
                out.extend(t for row in b.rows for t in row)
                if b.header:
                    out.extend(b.header)
            elif isinstance(b, Fig):
                out.append(b.caption)
            elif isinstance(b, Note):
                out.extend((b.title, b.text))
            elif isinstance(b, Step):
                out.extend((b.line, b.text, b.state))
                if b.fig is not None:
                    out.append(b.fig.caption)
        return out


# ------------------------------------------------------------------ page geometry
def booklet_page_size(paper: str) -> tuple[float, float]:
    """(width, height) in points of one booklet page for ``paper`` (a4 or letter).

    Raises LayoutError for an unknown paper.
    """
    w, h = BOOKLET_PAPER_MM[check_paper(paper)]
    return (mm(w), mm(h))


def saddle_order(pages: int) -> list[tuple[tuple[int | None, int | None],
                                           tuple[int | None, int | None]]]:
    """The saddle-stitch imposition of ``pages`` booklet pages (numbered from 1).

    The pages are padded with blanks to N, a multiple of 4; sheet i (from 1) shows
    ``[N-2i+2 | 2i-1]`` on its front and ``[2i | N-2i+1]`` on its back, left | right.
    Returns one ``(front, back)`` pair of ``(left, right)`` page numbers per sheet,
    None for a blank. Raises ValueError if ``pages`` < 1.
    """
    if pages < 1:
        raise ValueError(f"a booklet has at least one page, not {pages}")
    n = ceil(pages / 4) * 4

    def real(k: int) -> int | None:
        return k if k <= pages else None

    out = []
    for i in range(1, n // 4 + 1):
        front = (real(n - 2 * i + 2), real(2 * i - 1))
        back = (real(2 * i), real(n - 2 * i + 1))
        out.append((front, back))
    return out


def sheet_slots(paper: str) -> tuple[tuple[float, float], tuple[float, float],
                                     tuple[float, float]]:
    """(sheet size, left page origin, right page origin) in points for the imposed
    sheets of ``paper`` (landscape); the two pages meet at the sheet's centre line."""
    from companion.paper.units import paper_size

    sw, sh = paper_size(paper, landscape=True)
    pw, ph = booklet_page_size(paper)
    y = (sh - ph) / 2
    return (sw, sh), (sw / 2 - pw, y), (sw / 2, y)


# --------------------------------------------------------------------- inline icons
_INLINE_DIR = Path(__file__).resolve().parent / "inline"


def _icon_src(name: str) -> str:
    """The placeholder picture file of icon ``name`` (one tiny PNG per icon in
    ``companion/paper/inline/``, never embedded: the canvas draws the vector icon)."""
    path = _INLINE_DIR / f"{name}.png"
    if not path.is_file():
        raise ValueError(f"no inline placeholder for icon {name!r} ({path})")
    return str(path)


_SUIT_CHARS = {"♠": "spade", "♥": "heart", "♦": "diamond", "♣": "club",
               "♤": "spade", "♡": "heart", "♢": "diamond", "♧": "club"}
_ICON_RE = re.compile(r"\[icon:([a-z-]+)\]")
_SRC_ICON: dict[str, str] = {}


def _icon_name_of(src: Any) -> str | None:
    """The icon an inline picture stands for (None: a real image)."""
    name = getattr(src, "fileName", src)
    return _SRC_ICON.get(name) if isinstance(name, str) else None


def inline(markup: str, size: float) -> str:
    """Paragraph markup with suit characters and ``[icon:NAME]`` replaced by inline
    pictures sized for a ``size``-point font.

    Raises ValueError for an unknown icon name.
    """
    from companion.paper.icons import ICON_NAMES

    def tag(name: str, scale: float, drop: float) -> str:
        if name not in ICON_NAMES:
            raise ValueError(f"no icon {name!r}; known icons: {', '.join(ICON_NAMES)}")
        src = _icon_src(name)
        _SRC_ICON[src] = name
        side = round(size * scale, 2)
        return (f'<img src="{src}" width="{side}" height="{side}" '
                f'valign="{round(-size * drop, 2)}"/>')

    out = _ICON_RE.sub(lambda m: tag(m.group(1), 1.05, 0.16), markup)
    return "".join(tag(_SUIT_CHARS[ch], 0.78, 0.0) if ch in _SUIT_CHARS else ch
                   for ch in out)


def _check_glyphs(text: str, where: str) -> None:
    plain = _ICON_RE.sub("", re.sub(r"<[^>]*>", "", text))
    plain = plain.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    plain = re.sub(r"&#?\w+;", "", plain)
    missing = fonts.missing_glyphs("".join(ch for ch in plain if ch not in _SUIT_CHARS))
    if missing:
        raise ValueError(f"{where}: the booklet font has no glyph for {missing!r} in "
                         f"{plain[:60]!r}")


# --------------------------------------------------------------------- rendering
@dataclass
class _Styles:
    body: Any
    bullet: Any
    h1: Any
    h2: Any
    title: Any
    volume: Any
    tagline: Any
    credits: Any
    caption: Any
    code: Any
    step_line: Any
    note: Any
    cell: Any
    cell_bold: Any
    state: Any
    toc: list[Any]


def _styles() -> _Styles:
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle

    body = ParagraphStyle("body", fontName=fonts.BODY, fontSize=8.6, leading=11.6,
                          spaceAfter=4.2, allowWidows=0, allowOrphans=0,
                          textColor=INK, splitLongWords=0, bulletFontName=fonts.BODY,
                          bulletFontSize=8.6)
    code = ParagraphStyle("code", parent=body, fontSize=7.8, leading=10.2, leftIndent=5,
                          rightIndent=5, borderPadding=(4, 5, 4, 5),
                          backColor=CODE_BG, spaceBefore=5, spaceAfter=9)
    return _Styles(
        body=body,
        bullet=ParagraphStyle("bullet", parent=body, leftIndent=11, bulletIndent=2,
                              spaceAfter=2.6),
        h1=ParagraphStyle("h1", parent=body, fontName=fonts.BOLD, fontSize=13.5,
                          leading=16.5, spaceBefore=9, spaceAfter=5, keepWithNext=1),
        h2=ParagraphStyle("h2", parent=body, fontName=fonts.BOLD, fontSize=9.8,
                          leading=12.4, spaceBefore=6.5, spaceAfter=2.5, keepWithNext=1),
        title=ParagraphStyle("title", parent=body, fontName=fonts.BOLD, fontSize=24,
                             leading=28, spaceAfter=4),
        volume=ParagraphStyle("volume", parent=body, fontName=fonts.BOLD, fontSize=20,
                              leading=25, spaceAfter=6),
        tagline=ParagraphStyle("tagline", parent=body, fontName=fonts.ITALIC,
                               fontSize=10.5, leading=14, spaceAfter=8, textColor=GREY),
        credits=ParagraphStyle("credits", parent=body, fontSize=8.2, leading=11),
        caption=ParagraphStyle("caption", parent=body, fontName=fonts.ITALIC,
                               fontSize=7.4, leading=9.6, alignment=TA_CENTER,
                               textColor=GREY, spaceBefore=2, spaceAfter=8),
        code=code,
        step_line=ParagraphStyle("step_line", parent=code, spaceBefore=6, spaceAfter=5,
                                 fontName=fonts.BOLD, keepWithNext=1),
        note=ParagraphStyle("note", parent=body, fontSize=8.1, leading=10.8,
                            backColor=NOTE_BG, borderPadding=(5, 6, 5, 6), leftIndent=6,
                            rightIndent=6, spaceBefore=6, spaceAfter=10),
        cell=ParagraphStyle("cell", parent=body, fontSize=8.0, leading=10.4,
                            spaceAfter=0),
        cell_bold=ParagraphStyle("cell_bold", parent=body, fontName=fonts.BOLD,
                                 fontSize=8.0, leading=10.4, spaceAfter=0),
        state=ParagraphStyle("state", parent=body, fontName=fonts.ITALIC, fontSize=7.6,
                             leading=9.8, textColor=GREY, leftIndent=8, spaceBefore=-1,
                             spaceAfter=5),
        toc=[
            ParagraphStyle("toc0", parent=body, fontName=fonts.BOLD, fontSize=9.2,
                           leading=12.4, spaceBefore=4, leftIndent=0, firstLineIndent=0,
                           spaceAfter=0),
            ParagraphStyle("toc1", parent=body, fontSize=8.4, leading=11.2, leftIndent=12,
                           firstLineIndent=0, spaceAfter=0),
        ],
    )


def _code_markup(text: str, size: float) -> str:
    """A verbatim text as paragraph markup: escaped, spaces kept, comments grey."""
    lines = []
    for raw in text.rstrip("\n").split("\n"):
        body, hash_, comment = raw.partition("#")
        lead = len(body) - len(body.lstrip(" "))
        text = body.strip() if hash_ else body.lstrip(" ")
        part = "&nbsp;" * lead + escape(text).replace("  ", " &nbsp;")
        if hash_:
            # a proportional font cannot line comments up in a column: two spaces
            part += ((" &nbsp;" if text else "") + '<font color="#6b6b6b">'
                     + escape("#" + comment).replace("  ", " &nbsp;") + "</font>")
        lines.append(inline(part, size) if part else "&nbsp;")
    return "<br/>".join(lines)


def _make_canvas_class(impose_on: str | None = None) -> type:
    """The booklet canvas class; with ``impose_on`` (a paper), one that imposes the
    pages for saddle stitching on landscape sheets of that paper."""
    from reportlab.pdfgen.canvas import Canvas

    from companion.paper.icons import draw_icon

    class BookletCanvas(Canvas):  # type: ignore[misc]
        """A canvas that embeds every font and draws inline icons as vectors.

        A standard font (Helvetica...) asked for by a sheet-drawing helper is replaced
        by its Vera counterpart, and each string drawn in it is condensed (or widened)
        to exactly the width the standard font would give: the helper measured its
        text with the standard font's metrics, so its layout stays as designed.
        """

        _standard: str | None = None
        _standards: list[str | None] | None = None

        def saveState(self) -> None:  # noqa: N802 - reportlab API
            if self._standards is None:
                self._standards = []
            self._standards.append(self._standard)
            super().saveState()

        def restoreState(self) -> None:  # noqa: N802 - reportlab API
            super().restoreState()
            if self._standards:
                self._standard = self._standards.pop()

        def setFont(self, psfontname: str, size: float,  # noqa: N802 - reportlab API
                    leading: float | None = None) -> None:
            embedded = fonts.embedded_name(psfontname)
            self._standard = psfontname if embedded != psfontname else None
            super().setFont(embedded, size, leading)

        def _fitted(self, x: float, y: float, text: str, anchor: float) -> None:
            from reportlab.pdfbase.pdfmetrics import stringWidth

            size = self._fontsize
            real = stringWidth(text, self._fontname, size)
            want = stringWidth(text, self._standard, size)
            t = self.beginText(x - anchor * want, y)
            if real > 0:
                t.setHorizScale(100.0 * want / real)
            t.textOut(text)
            t.setHorizScale(100.0)
            self.drawText(t)

        def drawString(self, x: float, y: float, text: str,  # noqa: N802
                       *args: Any, **kwargs: Any) -> None:
            if self._standard and not args and not kwargs:
                self._fitted(x, y, text, 0.0)
            else:
                super().drawString(x, y, text, *args, **kwargs)

        def drawCentredString(self, x: float, y: float, text: str,  # noqa: N802
                              *args: Any, **kwargs: Any) -> None:
            if self._standard and not args and not kwargs:
                self._fitted(x, y, text, 0.5)
            else:
                super().drawCentredString(x, y, text, *args, **kwargs)

        def drawRightString(self, x: float, y: float, text: str,  # noqa: N802
                            *args: Any, **kwargs: Any) -> None:
            if self._standard and not args and not kwargs:
                self._fitted(x, y, text, 1.0)
            else:
                super().drawRightString(x, y, text, *args, **kwargs)

        def stringWidth(self, text: str, fontName: str | None = None,  # noqa: N802, N803
                        fontSize: float | None = None) -> float:  # noqa: N803
            if fontName is None and self._standard:
                fontName = self._standard  # noqa: N806 - what the text will measure
            return super().stringWidth(text, fontName, fontSize)

        def drawImage(self, image: Any, x: float, y: float,  # noqa: N802
                      width: float | None = None, height: float | None = None,
                      *args: Any, **kwargs: Any) -> Any:
            icon = _icon_name_of(image)
            if icon is None:
                return super().drawImage(image, x, y, width, height, *args, **kwargs)
            w = float(width or 0)
            h = float(height or 0)
            draw_icon(self, icon, x + w / 2, y + h / 2, min(w, h))
            return (w, h)

        def save(self) -> None:
            self.setViewerPreference("PrintScaling", "None")  # print at 100 %
            super().save()

    if impose_on is None:
        return BookletCanvas
    paper = impose_on

    class ImposingCanvas(BookletCanvas):
        """Records every booklet page as a form XObject instead of a page, and at
        :meth:`save` places the forms 2-up on the sheets in saddle-stitch order. The
        forms share the document's fonts, so nothing is embedded twice; everything
        stays vector."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._recorded = 0
            self.beginForm(self._form_name(1))

        @staticmethod
        def _form_name(n: int) -> str:
            return f"BookletPage{n}"

        def showPage(self) -> None:  # noqa: N802 - reportlab API
            self.endForm()
            self._recorded += 1
            self.beginForm(self._form_name(self._recorded + 1))

        def save(self) -> None:
            self.endForm()  # the form opened after the last page: empty, never placed
            (sw, sh), (lx, ly), (rx, ry) = sheet_slots(paper)
            for front, back in saddle_order(max(1, self._recorded)):
                for left, right in (front, back):
                    self.setPageSize((sw, sh))
                    for number, x, y in ((left, lx, ly), (right, rx, ry)):
                        if number is None:
                            continue
                        self.saveState()
                        self.translate(x, y)
                        self.doForm(self._form_name(number))
                        self.restoreState()
                    Canvas.showPage(self)
            self.setViewerPreference("Duplex", "DuplexFlipShortEdge")
            super().save()

    return ImposingCanvas


def _flowables(st: _Styles) -> dict[str, Any]:
    """The Flowable classes the layout needs (reportlab imported lazily)."""
    from reportlab.platypus import Flowable, Paragraph

    class Figure(Flowable):  # type: ignore[misc]
        """An engine-drawn figure."""

        def __init__(self, fig: Fig, text_width: float) -> None:
            super().__init__()
            self.fig = fig
            self.fw = mm(fig.width_mm) if fig.width_mm else text_width
            self.fh = mm(fig.height_mm)
            self.text_width = text_width

        def wrap(self, aw: float, ah: float) -> tuple[float, float]:
            return (aw, self.fh)

        def draw(self) -> None:
            c = self.canv
            c.saveState()
            c.translate((self.text_width - self.fw) / 2, 0)
            self.fig.draw(c, self.fw, self.fh)
            c.restoreState()

    class Heading(Paragraph):  # type: ignore[misc]
        """A heading that the table of contents and the running head pick up."""

        def __init__(self, text: str, style: Any, toc_level: int | None,
                     section: str | None, book: str | None = None,
                     toc_kind: str = TOC_KIND) -> None:
            super().__init__(inline(text, style.fontSize), style)
            self.toc_level = toc_level
            self.toc_kind = toc_kind
            self.toc_text = re.sub(r"<[^>]*>", "", text)
            self.section = section
            self.book = book

    class Marker(Flowable):  # type: ignore[misc]
        """Zero-size: sets the running head's book title (and no section) from here."""

        def __init__(self, book: str) -> None:
            super().__init__()
            self.book = book

        def wrap(self, aw: float, ah: float) -> tuple[float, float]:
            return (0, 0)

        def draw(self) -> None:
            pass

    class OddPage(Flowable):  # type: ignore[misc]
        """Start the next content on an odd (right-hand) page."""

        def wrap(self, aw: float, ah: float) -> tuple[float, float]:
            return (0, 0)

        def draw(self) -> None:
            pass

    return {"Figure": Figure, "Heading": Heading, "Marker": Marker, "OddPage": OddPage}


def _build_doc_class() -> type:
    from reportlab.platypus import BaseDocTemplate, PageBreak

    class BookletDoc(BaseDocTemplate):  # type: ignore[misc]
        """Running heads, page numbers, table of contents, odd-page starts."""

        def __init__(self, *args: Any, classes: dict[str, Any], imposed: bool = False,
                     **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._classes = classes
            self.imposed = imposed
            self.margin_mm = 10.0  # set from the layout by render_booklets
            self._reset_tracking()

        def _reset_tracking(self) -> None:
            self.book_title = ""
            self.section = ""
            self.page_sections: dict[int, str] = {}
            self.page_books: dict[int, str] = {}
            self.content_pages: set[int] = set()
            self.toc_serial = 0

        def beforeDocument(self) -> None:  # noqa: N802 - reportlab API
            self._reset_tracking()

        def handle_flowable(self, flowables: list[Any]) -> None:
            f = flowables[0]
            if isinstance(f, self._classes["OddPage"]):
                flowables.pop(0)
                used = self.page in self.content_pages
                breaks = (2 if self.page % 2 else 1) if used else (0 if self.page % 2 else 1)
                flowables[0:0] = [PageBreak() for _ in range(breaks)]
                return
            super().handle_flowable(flowables)

        def afterFlowable(self, flowable: Any) -> None:  # noqa: N802 - reportlab API
            page = self.page
            if isinstance(flowable, self._classes["Marker"]):
                self.book_title = flowable.book
                self.section = ""
                self.page_books.setdefault(page, flowable.book)
                return
            if not isinstance(flowable, PageBreak):
                self.content_pages.add(page)
            if isinstance(flowable, self._classes["Heading"]):
                if flowable.book is not None:
                    self.book_title = flowable.book
                    self.page_books.setdefault(page, flowable.book)
                if flowable.section is not None:
                    self.section = flowable.section
                    self.page_sections.setdefault(page, flowable.section)
                if flowable.toc_level is not None:
                    self.toc_serial += 1
                    key: str | None = None
                    if not self.imposed:  # links and outlines need real pages
                        key = f"s{self.toc_serial}"
                        self.canv.bookmarkPage(key)
                        self.canv.addOutlineEntry(flowable.toc_text, key,
                                                  flowable.toc_level)
                    self.notify(flowable.toc_kind, (0, flowable.toc_text, page, key))

        def furniture(self, canv: Any, doc: Any) -> None:
            page = self.page
            if page not in self.content_pages:
                return
            w, h = self.pagesize
            left, right = mm(self.margin_mm), w - mm(self.margin_mm)
            book = self.page_books.get(page, self.book_title)
            section = self.page_sections.get(page, self.section)
            canv.saveState()
            head_y = h - mm(self.margin_mm) - 7.5
            canv.setFillColorRGB(*GREY)
            canv.setFont(fonts.BOLD, 7)
            canv.drawString(left, head_y, book)
            if section:
                canv.setFont(fonts.ITALIC, 7)
                canv.drawRightString(right, head_y, section)
            canv.setStrokeColorRGB(*RULE_GREY)
            canv.setLineWidth(0.4)
            canv.line(left, head_y - 3, right, head_y - 3)
            canv.setFillColorRGB(*INK)
            canv.setFont(fonts.BODY, 8)
            canv.drawCentredString(w / 2, mm(self.margin_mm) - 1, str(page))
            canv.restoreState()

        def title_furniture(self, canv: Any, doc: Any) -> None:
            """A title page: no running head; a page number unless it is page 1."""
            page = self.page
            if page == 1 or page not in self.content_pages:
                return
            w, _ = self.pagesize
            canv.saveState()
            canv.setFillColorRGB(*INK)
            canv.setFont(fonts.BODY, 8)
            canv.drawCentredString(w / 2, mm(self.margin_mm) - 1, str(page))
            canv.restoreState()

    return BookletDoc


def _block_flowables(block: Block, st: _Styles, cls: dict[str, Any], text_width: float,
                     where: str, toc_level: int = 0, toc_kind: str = "") -> list[Any]:
    """The flowables of one content block (section headings go into the contents
    list that listens to ``toc_kind``, and into the PDF outline at ``toc_level``)."""
    from reportlab.lib import colors
    from reportlab.platypus import (
        KeepTogether,
        PageBreak,
        Paragraph,
        Spacer,
        Table,
        TableStyle,
    )

    class WholeTable(Table):  # type: ignore[misc]
        """A table that moves to the next page rather than split (a heading kept
        with it moves along)."""

        def split(self, aw: float, ah: float) -> list[Any]:
            return []

    def para(text: str, style: Any) -> Any:
        _check_glyphs(text, where)
        return Paragraph(inline(text, style.fontSize), style)

    def figure(fig: Fig) -> list[Any]:
        out = [cls["Figure"](fig, text_width)]
        if fig.caption:
            out.append(para(fig.caption, st.caption))
        return [KeepTogether(out)]

    if isinstance(block, H1):
        _check_glyphs(block.text, where)
        return [cls["Heading"](block.text, st.h1, toc_level, block.text,
                               toc_kind=toc_kind or TOC_KIND)]
    if isinstance(block, H2):
        _check_glyphs(block.text, where)
        return [cls["Heading"](block.text, st.h2, None, None)]
    if isinstance(block, P):
        return [para(block.text, st.body)]
    if isinstance(block, Bullets):
        out = []
        for i, item in enumerate(block.items, 1):
            _check_glyphs(item, where)
            bullet = f"{i}." if block.numbered else "•"
            out.append(Paragraph(inline(item, st.bullet.fontSize), st.bullet,
                                 bulletText=bullet))
        out.append(Spacer(1, 2.5))
        return out
    if isinstance(block, Rows):
        ncols = len(block.header or block.rows[0])
        if block.widths:
            shares = list(block.widths)
        elif ncols == 2:
            shares = [block.split, 1 - block.split]
        else:
            shares = [1 / ncols] * ncols
        data = []
        if block.header:
            data.append([para(t, st.cell_bold) for t in block.header])
        for row in block.rows:
            if len(row) != ncols:
                raise ValueError(f"{where}: a table row has {len(row)} cells, not {ncols}")
            data.append([para(t, st.cell) for t in row])
        short = len(data) <= 8  # a short table is never split (no lone row on a page)
        table = (WholeTable if short else Table)(
            data, colWidths=[text_width * f for f in shares],
            repeatRows=1 if block.header else 0, hAlign="LEFT", spaceBefore=1.5,
            spaceAfter=5)
        style = [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 3),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ("TOPPADDING", (0, 0), (-1, -1), 2.2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2.6),
            ("LINEBELOW", (0, 0), (-1, -1), 0.35, colors.Color(*RULE_GREY)),
            ("LINEABOVE", (0, 0), (-1, 0), 0.6, colors.Color(*INK)),
        ]
        if block.header:
            style.append(("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.Color(*INK)))
        table.setStyle(TableStyle(style))
        return [table]
    if isinstance(block, Code):
        _check_glyphs(block.text, where)
        return [Paragraph(_code_markup(block.text, st.code.fontSize), st.code)]
    if isinstance(block, Fig):
        return figure(block)
    if isinstance(block, Note):
        _check_glyphs(block.title + block.text, where)
        text = f"<b>{block.title}</b> {block.text}" if block.title else block.text
        return [Paragraph(inline(text, st.note.fontSize), st.note)]
    if isinstance(block, Step):
        _check_glyphs(block.line + block.text + block.state, where)
        items = [Paragraph(_code_markup(block.line, st.step_line.fontSize), st.step_line),
                 para(block.text, st.body)]
        if block.state:
            items.append(para(block.state, st.state))
        if block.fig is not None:
            items.extend(figure(block.fig))
        return [KeepTogether(items)]
    if isinstance(block, Break):
        return [PageBreak()]
    if isinstance(block, Keep):
        inner = [f for b in block.blocks
                 for f in _block_flowables(b, st, cls, text_width, where, toc_level,
                                           toc_kind)]
        return [KeepTogether(inner)]
    raise TypeError(f"not a booklet block: {block!r}")  # pragma: no cover


def _title_flowables(book: Booklet, st: _Styles, cls: dict[str, Any], text_width: float,
                     toc: Any, note: str, in_volume: bool) -> list[Any]:
    """A game's title page: title, tagline, credits, picture, its contents, and (for
    a booklet of its own) the printing note."""
    from reportlab.platypus import Paragraph, Spacer

    where = f"{book.game} title page"
    out: list[Any] = [cls["Marker"](book.title)]
    level = 0 if in_volume else None
    out.append(cls["Heading"](book.title, st.title, level, None, book.title))
    _check_glyphs(book.tagline + book.credits, where)
    out.append(Paragraph(inline(book.tagline, st.tagline.fontSize), st.tagline))
    out.append(Paragraph(inline(book.credits, st.credits.fontSize), st.credits))
    out.append(Spacer(1, mm(2)))
    if book.hero is not None:
        out.extend(_block_flowables(book.hero, st, cls, text_width, where))
    out.append(Paragraph("Contents", st.h2))
    out.append(toc)
    if note:
        out.append(Paragraph(note, st.note))
    return out


TOC_KIND = "TOCEntry"


def _toc(st: _Styles, kind: str, bold: bool = False) -> Any:
    """A contents list that collects the headings notified as ``kind``."""
    from reportlab.platypus import TableStyle
    from reportlab.platypus.tableofcontents import TableOfContents

    class Contents(TableOfContents):  # type: ignore[misc]
        def notify(self, what: str, stuff: Any) -> None:
            if what == kind:
                self.addEntry(*stuff)

    flat = TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                       ("LEFTPADDING", (0, 0), (-1, -1), 0),
                       ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                       ("TOPPADDING", (0, 0), (-1, -1), 0),
                       ("BOTTOMPADDING", (0, 0), (-1, -1), 0.6 if not bold else 3)])
    style = st.toc[0] if bold else st.toc[1].clone("toc-flat", leftIndent=0)
    return Contents(levelStyles=[style], dotsMinLevel=0, rightColumnWidth=28,
                    tableStyle=flat)


def print_note(imposed: bool, command: str, paper: str) -> str:
    """The printing instruction of a booklet's first page (markup)."""
    sheet = "A4" if paper == "a4" else "Letter"
    page = "A5" if paper == "a4" else "half-letter"
    if imposed:
        return (f"<b>Printing this booklet.</b> This file is imposed for saddle "
                f"stitching: each {sheet} sheet holds four {page} pages, two on each side. "
                "Print every sheet at 100 % (no fit to page), two-sided, "
                "<b>flipping on the short edge</b>. Keep the sheets in the order they come "
                "out, fold the stack in half, and staple twice along the fold.")
    return (f"<b>Printing this booklet.</b> These are single {page} pages in reading "
            f"order. To print a folded booklet on {sheet} paper, run <i>{escape(command)} "
            "--imposition saddle</i> and follow the note on its first page.")


def render_booklets(books: Sequence[Booklet], paper: str, *, imposition: str | None = None,
                    command: str = "companion booklet",
                    volume: tuple[str, str] | None = None, title: str = "",
                    layout: str | None = None) -> bytes:
    """The booklet as PDF bytes: single A5 / half-letter pages in reading order, or,
    with ``imposition="saddle"``, the same pages imposed for saddle stitching on
    landscape A4 / Letter sheets (padded with blanks to a multiple of 4; sheet by
    sheet, front then back, as :func:`saddle_order` says), with the printing
    instruction on the first page.

    ``volume``: (title, introduction markup) for a book of several games with its own
    title page and a table of contents of games and sections; each game then starts
    on a right-hand page. ``command`` is the command that printed it (the printing
    note names it).

    ``layout``: a booklet layout (name or TOML path) for the page margin; default
    ``booklet-a5``.

    Raises ParameterError for an unknown imposition, LayoutError for a layout that is
    not a booklet layout, ValueError if a text uses a character the font cannot show.
    """
    from reportlab.platypus import Frame, PageBreak, PageTemplate, Paragraph

    from companion.errors import ParameterError

    if imposition not in (None, "saddle"):
        raise ParameterError(f"--imposition must be saddle, not {imposition!r}")
    imposed = imposition == "saddle"

    fonts.register_fonts()
    paper = check_paper(paper)
    st = _styles()
    cls = _flowables(st)
    w, h = booklet_page_size(paper)
    from companion.paper.layout import sheet_layout

    margin_mm = sheet_layout(layout, BOOKLET_LAYOUT).margin
    margin = mm(margin_mm)
    frame_body = Frame(margin, margin + mm(FOOT_MM) - mm(3), w - 2 * margin,
                       h - 2 * margin - mm(HEAD_MM) - mm(FOOT_MM) + mm(3), id="body",
                       leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    frame_title = Frame(margin, margin + mm(FOOT_MM) - mm(3), w - 2 * margin,
                        h - 2 * margin - mm(FOOT_MM) + mm(3), id="title",
                        leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    text_width = w - 2 * margin
    doc_cls = _build_doc_class()
    import io

    buffer = io.BytesIO()
    doc = doc_cls(buffer, classes=cls, imposed=imposed, pagesize=(w, h), invariant=1,
                  pageCompression=1,
                  initialFontName=fonts.BODY, title=title or books[0].title,
                  author="companion", creator="companion", subject="rule booklet",
                  leftMargin=margin, rightMargin=margin, topMargin=margin,
                  bottomMargin=margin)
    doc.margin_mm = margin_mm
    doc.addPageTemplates([
        PageTemplate(id="title", frames=[frame_title], onPageEnd=doc.title_furniture),
        PageTemplate(id="body", frames=[frame_body], onPageEnd=doc.furniture),
    ])
    from reportlab.platypus import NextPageTemplate

    story: list[Any] = []
    note = print_note(imposed, command, paper)
    if volume is not None:
        vtitle, intro = volume
        story.append(cls["Marker"](vtitle))
        _check_glyphs(vtitle + intro, "volume title page")
        story.append(Paragraph(inline(vtitle, st.volume.fontSize), st.volume))
        story.append(Paragraph(inline(intro, st.body.fontSize), st.body))
        story.append(Paragraph("Contents", st.h2))
        story.append(_toc(st, TOC_KIND, bold=True))
        story.append(Paragraph(note, st.note))
    for book in books:
        kind = f"{TOC_KIND}:{book.game}" if volume is not None else TOC_KIND
        if volume is not None:
            story.append(NextPageTemplate("title"))
            story.append(cls["OddPage"]())
        story.extend(_title_flowables(book, st, cls, text_width, _toc(st, kind),
                                      "" if volume is not None else note,
                                      volume is not None))
        story.append(NextPageTemplate("body"))
        story.append(PageBreak())
        for block in book.blocks:
            story.extend(_block_flowables(block, st, cls, text_width, book.game,
                                          1 if volume is not None else 0, kind))
    doc.multiBuild(story, canvasmaker=_make_canvas_class(paper if imposed else None))
    return buffer.getvalue()


# ------------------------------------------------------------------ figure text
def rich_width(c: Any, text: str, font: str, size: float) -> float:
    """The width in points :func:`draw_rich_text` gives ``text``."""
    width = 0.0
    for part, suit in _rich_parts(text):
        width += size * 0.8 if suit else c.stringWidth(part, font, size)
    return width


def _rich_parts(text: str) -> list[tuple[str, bool]]:
    parts: list[tuple[str, bool]] = []
    buf = ""
    for ch in text:
        if ch in _SUIT_CHARS:
            if buf:
                parts.append((buf, False))
                buf = ""
            parts.append((_SUIT_CHARS[ch], True))
        else:
            buf += ch
    if buf:
        parts.append((buf, False))
    return parts


def draw_rich_text(c: Any, x: float, y: float, text: str, font: str, size: float,
                   align: str = "left", colour: tuple[float, float, float] = INK) -> float:
    """Draw one line of ``text`` on a figure with its baseline at ``y``: suit
    characters become vector suit icons (in their own colours), the rest is set in
    ``font``. ``align``: left, centre or right of ``x``. Returns the width drawn.
    """
    from companion.paper.icons import draw_icon

    width = rich_width(c, text, font, size)
    if align == "centre":
        x -= width / 2
    elif align == "right":
        x -= width
    c.saveState()
    for part, suit in _rich_parts(text):
        if suit:
            draw_icon(c, part, x + size * 0.4, y + size * 0.34, size * 0.74)
            x += size * 0.8
        else:
            c.setFillColorRGB(*colour)
            c.setFont(font, size)
            c.drawString(x, y, part)
            x += c.stringWidth(part, font, size)
    c.restoreState()
    return width


def draw_label(c: Any, x: float, y: float, text: str, size: float = 7.0, bold: bool = False,
               align: str = "left", grey: bool = False) -> float:
    """Draw a figure's label with :func:`draw_rich_text`: Vera (bold if ``bold``) in
    black, or dark grey if ``grey``. Returns the width drawn."""
    return draw_rich_text(c, x, y, text, fonts.BOLD if bold else fonts.BODY, size, align,
                          (0.35, 0.35, 0.35) if grey else INK)
