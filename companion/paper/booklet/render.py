"""Rule booklets: the layout (``docs/printing.md``, Booklets).

:func:`render_booklets` lays out the blocks of one or more :class:`Booklet` once for
every game, with reportlab's platypus (built twice so page numbers settle): running
heads (book title, current section), page numbers and a table of contents; headings
stay with what follows, figures with their captions; figures are drawn by the engine
(a callable that draws on the canvas). With ``imposition="saddle"`` the pages are
imposed 2-up for saddle stitching (:mod:`companion.paper.booklet.imposition`).

Byte-reproducible: reportlab's invariant mode, fixed subset names, and
:mod:`companion.paper.pdfjoin` for the imposed file.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from companion.paper import fonts
from companion.paper.booklet.blocks import (
    H1,
    H2,
    Block,
    Booklet,
    Break,
    Bullets,
    Code,
    Fig,
    Keep,
    Note,
    P,
    Rows,
    Step,
)
from companion.paper.booklet.canvas import booklet_canvas_class
from companion.paper.booklet.imposition import booklet_page_size
from companion.paper.booklet.markup import check_glyphs, code_markup, inline
from companion.paper.booklet.style import (
    BOOKLET_LAYOUT,
    FOOT_MM,
    GREY,
    HEAD_MM,
    INK,
    RULE_GREY,
    Styles,
    paragraph_styles,
)
from companion.paper.units import check_paper, mm

__all__ = ["TOC_KIND", "print_note", "render_booklets"]

TOC_KIND = "TOCEntry"


def _flowables(st: Styles) -> dict[str, Any]:
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
            self._float_figure(flowables)
            f = flowables[0]
            if isinstance(f, self._classes["OddPage"]):
                flowables.pop(0)
                used = self.page in self.content_pages
                breaks = (2 if self.page % 2 else 1) if used else (0 if self.page % 2 else 1)
                flowables[0:0] = [PageBreak() for _ in range(breaks)]
                return
            super().handle_flowable(flowables)

        def _float_figure(self, flowables: list[Any]) -> None:
            """A figure that does not fit in what is left of the page lets the text
            after it (paragraphs, lists, tables: never a heading or an example step)
            go first, so the page fills and the figure opens the next page, as a
            book's figures float."""
            from reportlab.platypus import Paragraph, Table

            f = flowables[0]
            if not getattr(f, "floatable", False) or len(flowables) < 2:
                return
            frame = getattr(self, "frame", None)
            if frame is None:
                return
            avail = frame._y - frame._y1p
            if avail > frame._height * 0.9:
                return
            f.canv = self.canv
            _, fh = f.wrap(frame._aW, avail)
            if fh <= avail:
                return
            nxt = flowables[1]
            if isinstance(nxt, (Paragraph, Table)) and not isinstance(
                    nxt, self._classes["Heading"]):
                flowables[0], flowables[1] = nxt, f

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
            canv.setFont(fonts.BOLD, 8)
            canv.drawString(left, head_y, book)
            if section:
                canv.setFont(fonts.ITALIC, 8)
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


def _block_flowables(block: Block, st: Styles, cls: dict[str, Any], text_width: float,
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
        """A short table: split across a page only where each part keeps two rows or
        more (no lone row), else moved whole to the next page (a heading kept with it
        moves along), so a page is not left a third empty for a table that fits in
        two halves."""

        def split(self, aw: float, ah: float) -> list[Any]:
            parts = super().split(aw, ah)
            head = self.repeatRows or 0
            if len(parts) == 2 and all(len(p._cellvalues) - head >= 2 for p in parts):
                return list(parts)
            return []

    def para(text: str, style: Any) -> Any:
        check_glyphs(text, where)
        return Paragraph(inline(text, style.fontSize), style)

    def figure(fig: Fig, floatable: bool = False) -> list[Any]:
        if fig.side and fig.width_mm and fig.caption:
            gap = mm(4)
            left = mm(fig.width_mm)
            side = Table([[cls["Figure"](fig, left), para(fig.caption, st.side_caption)]],
                         colWidths=[left + gap, text_width - left - gap], hAlign="LEFT",
                         spaceBefore=2, spaceAfter=8)
            side.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                                      ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                      ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                      ("TOPPADDING", (0, 0), (-1, -1), 0),
                                      ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
            kept = KeepTogether([side])
            kept.floatable = floatable
            return [kept]
        out = [cls["Figure"](fig, text_width)]
        if fig.caption:
            out.append(para(fig.caption, st.caption))
        kept = KeepTogether(out)
        kept.floatable = floatable
        return [kept]

    if isinstance(block, H1):
        check_glyphs(block.text, where)
        return [cls["Heading"](block.text, st.h1, toc_level, block.text,
                               toc_kind=toc_kind or TOC_KIND)]
    if isinstance(block, H2):
        check_glyphs(block.text, where)
        return [cls["Heading"](block.text, st.h2, None, None)]
    if isinstance(block, P):
        return [para(block.text, st.body)]
    if isinstance(block, Bullets):
        out = []
        for i, item in enumerate(block.items, 1):
            check_glyphs(item, where)
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
        check_glyphs(block.text, where)
        return [Paragraph(code_markup(block.text, st.code.fontSize), st.code)]
    if isinstance(block, Fig):
        return figure(block, floatable=True)
    if isinstance(block, Note):
        check_glyphs(block.title + block.text, where)
        text = f"<b>{block.title}</b> {block.text}" if block.title else block.text
        return [Paragraph(inline(text, st.note.fontSize), st.note)]
    if isinstance(block, Step):
        check_glyphs(block.line + block.text + block.state, where)
        items = [Paragraph(code_markup(block.line, st.step_line.fontSize), st.step_line),
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


def _title_flowables(book: Booklet, st: Styles, cls: dict[str, Any], text_width: float,
                     toc: Any, note: str, in_volume: bool) -> list[Any]:
    """A game's cover: title, tagline, a drawn emblem (the game's icons) filling the
    room the rest leaves, credits, the rules edition, what is inside (its contents) and
    (for a booklet of its own) the printing note. The picture of the game (``hero``)
    opens the body (:func:`_hero_flowables`)."""
    from reportlab.platypus import Paragraph

    from companion.paper.booklet.cover import emblem_class

    where = f"{book.game} title page"
    out: list[Any] = [cls["Marker"](book.title)]
    level = 0 if in_volume else None
    out.append(cls["Heading"](book.title, st.title, level, None, book.title))
    check_glyphs(book.tagline + book.credits, where)
    out.append(Paragraph(inline(book.tagline, st.tagline.fontSize), st.tagline))
    after: list[Any] = [Paragraph(inline(book.credits, st.credits.fontSize), st.credits)]
    if book.edition is not None:
        after.append(Paragraph(f"Rules edition {book.edition}, as the companion checks "
                               "them. Rule booklet printed by the companion.", st.state))
    after.append(Paragraph("Inside this booklet", st.h2))
    after.append(toc)
    if note:
        after.append(Paragraph(note, st.note))
    out.append(emblem_class()(book.emblem, after))
    out.extend(after)
    return out


HEADING_ROOM = {"H1": 80.0, "H2": 62.0}
"""Points a heading needs below it on the page (itself and three lines, or a table's
first two rows) when what follows may split across pages."""


def _heading_room(block: Block, following: Block | None, flow: list[Any],
                  previous: Block | None = None) -> list[Any]:
    """A heading followed by text or a table that may split: a conditional page break
    (a new page only when the heading and the first lines would not fit) instead of
    keeping the heading with the whole of what follows, which moved a whole table or
    list to the next page and left a third of a page blank. A heading right before
    another heading reserves room for both (the second one adds no break of its own,
    so the first is never left alone at the foot of a page). Before a figure or a kept
    group the heading keeps with it, as before."""
    from reportlab.platypus import CondPageBreak

    if not isinstance(block, (H1, H2)):
        return flow
    heading = flow[0]
    after_heading = isinstance(previous, (H1, H2))
    if isinstance(following, (H1, H2)) and not after_heading:
        heading.keepWithNext = 0
        room = HEADING_ROOM[type(block).__name__] + HEADING_ROOM["H2"] - 30.0
        return [CondPageBreak(room), *flow]
    if not isinstance(following, (P, Bullets, Rows, Code)):
        return flow
    heading.keepWithNext = 0
    if after_heading:
        return flow
    return [CondPageBreak(HEADING_ROOM[type(block).__name__]), *flow]


def _hero_flowables(book: Booklet, st: Styles, cls: dict[str, Any],
                    text_width: float) -> list[Any]:
    """The picture of the game (``hero``), opening the body after the cover."""
    if book.hero is None:
        return []
    return _block_flowables(book.hero, st, cls, text_width, f"{book.game} title page")


def _toc(st: Styles, kind: str, bold: bool = False) -> Any:
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
    sheet, front then back, as
    :func:`~companion.paper.booklet.imposition.saddle_order` says), with the printing
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
    st = paragraph_styles()
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
        check_glyphs(vtitle + intro, "volume title page")
        story.append(Paragraph(inline(vtitle, st.volume.fontSize), st.volume))
        story.append(Paragraph(inline(intro, st.body.fontSize), st.body))
        from companion.paper.booklet.cover import VOLUME_EMBLEM, emblem_class

        after = [Paragraph("Contents", st.h2), _toc(st, TOC_KIND, bold=True),
                 Paragraph(note, st.note)]
        story.append(emblem_class()(VOLUME_EMBLEM, after))
        story.extend(after)
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
        story.extend(_hero_flowables(book, st, cls, text_width))
        for i, block in enumerate(book.blocks):
            flow = _block_flowables(block, st, cls, text_width, book.game,
                                    1 if volume is not None else 0, kind)
            following = book.blocks[i + 1] if i + 1 < len(book.blocks) else None
            previous = book.blocks[i - 1] if i else None
            story.extend(_heading_room(block, following, flow, previous))
    doc.multiBuild(story, canvasmaker=booklet_canvas_class(paper if imposed else None))
    return buffer.getvalue()
