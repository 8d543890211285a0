"""Rule booklets: the canvas every booklet is drawn on.

It embeds every font (a standard font asked for by a sheet-drawing helper becomes its
Vera counterpart, fitted to the standard font's widths), draws inline icons as vectors
(:mod:`companion.paper.icons`; no raster image is ever embedded) and, for a saddle
booklet, hands the pages to :func:`companion.paper.booklet.imposition.imposing_canvas_class`.
"""

from __future__ import annotations

from typing import Any

from companion.paper import fonts
from companion.paper.booklet.imposition import imposing_canvas_class
from companion.paper.booklet.markup import icon_name_of

__all__ = ["booklet_canvas_class"]


def booklet_canvas_class(impose_on: str | None = None) -> type:
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
            icon = icon_name_of(image)
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
    return imposing_canvas_class(BookletCanvas, impose_on)
