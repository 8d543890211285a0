"""A reproducible PDF document: a reportlab canvas writing to memory.

The same inputs give the same bytes on every run and every machine (reportlab's
``invariant`` mode fixes the date and the document ID). Note that the environment
variable ``SOURCE_DATE_EPOCH`` overrides the invariant date, as reportlab intends.

Every document asks viewers to print at 100 % (viewer preference ``PrintScaling
/None``) and, when it is printed two-sided, for the right flip (``Duplex``), so a
"fit to page" default does not shrink cards and tiles (docs/printing.md).

The QR payloads of a document go into its metadata (Subject: the first payload,
Keywords: every payload, separated by spaces), so ``companion scan`` can read a PDF
without rendering it.
"""

from __future__ import annotations

import io
from typing import Any

from companion.paper.units import Rect, check_paper, paper_size

__all__ = ["DUPLEX_FLIPS", "SheetDocument"]

DUPLEX_FLIPS: dict[str | None, str] = {None: "", "long": "DuplexFlipLongEdge",
                                       "short": "DuplexFlipShortEdge"}
"""``duplex`` values: the edge a two-sided document flips on, as the PDF names it."""


class SheetDocument:
    """One PDF being drawn, page by page.

    Pages are opened on demand: the first use of :attr:`canvas` (or :meth:`new_page`)
    opens page 1; :meth:`new_page` ends the current page and opens the next, possibly
    of another orientation; :meth:`finish` ends the last page and returns the bytes.

    Raises LayoutError (from the constructor) for an unknown paper.
    """

    def __init__(
        self,
        title: str,
        paper: str,
        landscape: bool = False,
        payloads: list[str] | None = None,
        author: str = "companion",
        creator: str = "companion",
        duplex: str | None = None,
    ) -> None:
        from reportlab.pdfgen import canvas as rl_canvas

        from companion.paper import design

        design.register()
        if duplex not in DUPLEX_FLIPS:
            raise ValueError(f"duplex is one of {sorted(k for k in DUPLEX_FLIPS if k)} "
                             f"or None, not {duplex!r}")
        self.title = title
        self.duplex = duplex
        self.paper = check_paper(paper)
        self.landscape = landscape
        self.author = author
        self.creator = creator
        self._payloads: list[str] = []
        for p in payloads or []:
            self.add_payload(p)
        self._buffer = io.BytesIO()
        self._page_landscape = landscape
        self._size = paper_size(self.paper, landscape)
        self._canvas: Any = rl_canvas.Canvas(
            self._buffer,
            pagesize=self._size,
            invariant=1,
            pageCompression=1,
        )
        self._open = False
        self._pages = 0
        self._trim: Rect | None = None
        self._bleed: Rect | None = None
        self._finished = False

    # --- pages ---------------------------------------------------------------------

    @property
    def canvas(self) -> Any:
        """The reportlab canvas of the current page (opening page 1 if none is open).

        Raises RuntimeError after :meth:`finish`.
        """
        self._check_live()
        if not self._open:
            self._begin(self._page_landscape)
        return self._canvas

    @property
    def page_size(self) -> tuple[float, float]:
        """(width, height) in points of the current (or next) page."""
        return self._size

    @property
    def page_rect(self) -> Rect:
        """The current page as a :class:`Rect`."""
        return Rect(0.0, 0.0, self._size[0], self._size[1])

    @property
    def page_count(self) -> int:
        """Pages ended so far, plus the open one."""
        return self._pages + (1 if self._open else 0)

    @property
    def payloads(self) -> list[str]:
        """The payloads written into the metadata, in order."""
        return list(self._payloads)

    def new_page(self, landscape: bool | None = None) -> Any:
        """End the current page, if one is open, and open a new one.

        ``landscape`` turns the new page (``None``: the document's orientation).
        Returns the canvas. Raises RuntimeError after :meth:`finish`.
        """
        self._check_live()
        if self._open:
            self._end()
        self._begin(self.landscape if landscape is None else landscape)
        return self._canvas

    def set_trim(self, rect: Rect) -> None:
        """Set the PDF TrimBox (the finished, cut size) of the current page.

        Without it the TrimBox is the whole page. Raises RuntimeError after
        :meth:`finish`.
        """
        self._check_live()
        if not self._open:
            self._begin(self._page_landscape)
        self._trim = rect

    def set_bleed(self, rect: Rect) -> None:
        """Set the PDF BleedBox of the current page (none unless set).

        Raises RuntimeError after :meth:`finish`.
        """
        self._check_live()
        if not self._open:
            self._begin(self._page_landscape)
        self._bleed = rect

    def add_payload(self, payload: str, first: bool = False) -> None:
        """Add a QR payload to the metadata (Keywords; Subject if it is the first).
        ``first`` puts it first (moving it there if present): the Subject is then the
        code the first page prints, so a scan of the page and of the file agree.

        A payload already present is not repeated. Raises ValueError for a payload
        holding white space (it would split in the Keywords).
        """
        if not payload or any(ch.isspace() for ch in payload):
            raise ValueError(f"a payload must be non-empty and hold no spaces: {payload!r}")
        if first:
            self._payloads = [payload, *(p for p in self._payloads if p != payload)]
        elif payload not in self._payloads:
            self._payloads.append(payload)

    def finish(self) -> bytes:
        """End the last page, write the metadata and return the PDF bytes.

        A document with no page gets one blank page. Raises RuntimeError if called
        twice.
        """
        self._check_live()
        if self._open or self._pages == 0:
            if not self._open:
                self._begin(self._page_landscape)
            self._end()
        c = self._canvas
        c.setTitle(self.title)
        c.setAuthor(self.author)
        c.setCreator(self.creator)
        c.setSubject(self._payloads[0] if self._payloads else "")
        c.setKeywords(" ".join(self._payloads))
        c.setViewerPreference("PrintScaling", "None")
        flip = DUPLEX_FLIPS[self.duplex]
        if flip:
            c.setViewerPreference("Duplex", flip)
        c.save()
        self._finished = True
        return self._buffer.getvalue()

    # --- internals -----------------------------------------------------------------

    def _check_live(self) -> None:
        if self._finished:
            raise RuntimeError("this document is finished: its bytes were already returned")

    def _begin(self, landscape: bool) -> None:
        self._page_landscape = landscape
        self._size = paper_size(self.paper, landscape)
        self._canvas.setPageSize(self._size)
        self._trim = None
        self._bleed = None
        self._open = True

    def _end(self) -> None:
        c = self._canvas
        w, h = self._size
        trim = self._trim or Rect(0.0, 0.0, w, h)
        c.setTrimBox(_box(trim))
        c.setBleedBox(_box(self._bleed) if self._bleed is not None else None)
        c.showPage()
        self._open = False
        self._pages += 1


def _box(rect: Rect) -> tuple[float, float, float, float]:
    """A PDF box with coordinates rounded to 1/1000 pt (stable text in the file)."""
    return tuple(round(v, 3) for v in rect.box())  # type: ignore[return-value]
