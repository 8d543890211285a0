"""Rule booklets: the page sizes and the saddle-stitch imposition
(``docs/printing.md``, Booklets).

Pages are A5 (148 x 210 mm) from A4 paper, half-letter (139.7 x 215.9 mm) from Letter.
``imposition="saddle"``: the pages are padded with blanks to a multiple of 4 and placed
2-up on landscape A4 or Letter sheets in saddle-stitch order (:func:`saddle_order`), to
be printed two-sided with a short-edge flip, folded and stapled.
"""

from __future__ import annotations

from math import ceil
from typing import Any

from companion.paper.units import check_paper, mm, paper_size

__all__ = ["BOOKLET_PAPER_MM", "booklet_page_size", "imposing_canvas_class", "saddle_order",
           "sheet_slots"]

BOOKLET_PAPER_MM: dict[str, tuple[float, float]] = {
    "a4": (148.0, 210.0),
    "letter": (139.7, 215.9),
}
"""Booklet page (width, height) in mm for each printer paper: half the sheet."""


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
    sw, sh = paper_size(paper, landscape=True)
    pw, ph = booklet_page_size(paper)
    y = (sh - ph) / 2
    return (sw, sh), (sw / 2 - pw, y), (sw / 2, y)


def imposing_canvas_class(base: type, paper: str) -> type:
    """A subclass of the booklet canvas class ``base`` that imposes the pages for saddle
    stitching on landscape sheets of ``paper`` (:func:`saddle_order`,
    :func:`sheet_slots`)."""
    from reportlab.pdfgen.canvas import Canvas

    class ImposingCanvas(base):  # type: ignore[misc]
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
