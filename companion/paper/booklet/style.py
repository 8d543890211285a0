"""Rule booklets: the look (colours, the page's head and foot, paragraph styles).

Text is set in Bitstream Vera (:mod:`companion.paper.fonts`); no paragraph leaves a
single line at the foot or the head of a page (no widow, no orphan) and headings keep
with what follows. reportlab is imported when the styles are made, not before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.paper import fonts
from companion.paper.booklet.markup import INK

__all__ = ["BOOKLET_LAYOUT", "CODE_BG", "FOOT_MM", "GREY", "HEAD_MM", "INK", "NOTE_BG",
           "RULE_GREY", "Styles", "paragraph_styles"]

BOOKLET_LAYOUT = "booklet-a5"  # layouts/booklet-a5.toml: the page margin is data
HEAD_MM = 7.0
FOOT_MM = 7.0
GREY = (0.38, 0.38, 0.38)
RULE_GREY = (0.6, 0.6, 0.6)
CODE_BG = (0.93, 0.93, 0.93)
NOTE_BG = (0.96, 0.94, 0.88)


@dataclass
class Styles:
    """The booklet's paragraph styles (reportlab ``ParagraphStyle`` objects), one per
    kind of text; ``toc``: the contents list's levels."""

    body: Any
    bullet: Any
    h1: Any
    h2: Any
    title: Any
    volume: Any
    tagline: Any
    credits: Any
    caption: Any
    side_caption: Any
    code: Any
    step_line: Any
    note: Any
    cell: Any
    cell_bold: Any
    state: Any
    toc: list[Any]


def paragraph_styles() -> Styles:
    """The booklet's paragraph styles (imports reportlab)."""
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle

    body = ParagraphStyle("body", fontName=fonts.BODY, fontSize=8.6, leading=11.6,
                          spaceAfter=4.2, allowWidows=0, allowOrphans=0,
                          textColor=INK, splitLongWords=0, bulletFontName=fonts.BODY,
                          bulletFontSize=8.6)
    code = ParagraphStyle("code", parent=body, fontSize=8.2, leading=10.6, leftIndent=5,
                          rightIndent=5, borderPadding=(4, 5, 4, 5),
                          backColor=CODE_BG, spaceBefore=5, spaceAfter=9)
    return Styles(
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
                               fontSize=8.0, leading=10.2, alignment=TA_CENTER,
                               textColor=GREY, spaceBefore=2, spaceAfter=8),
        side_caption=ParagraphStyle("side_caption", parent=body, fontName=fonts.ITALIC,
                                    fontSize=8.0, leading=10.6, textColor=GREY,
                                    spaceBefore=0, spaceAfter=0),
        code=code,
        step_line=ParagraphStyle("step_line", parent=code, spaceBefore=4.5, spaceAfter=5,
                                 fontName=fonts.BOLD, keepWithNext=1),
        note=ParagraphStyle("note", parent=body, fontSize=8.1, leading=10.8,
                            backColor=NOTE_BG, borderPadding=(5, 6, 5, 6), leftIndent=6,
                            rightIndent=6, spaceBefore=6, spaceAfter=10),
        cell=ParagraphStyle("cell", parent=body, fontSize=8.0, leading=10.4,
                            spaceAfter=0),
        cell_bold=ParagraphStyle("cell_bold", parent=body, fontName=fonts.BOLD,
                                 fontSize=8.0, leading=10.4, spaceAfter=0),
        state=ParagraphStyle("state", parent=body, fontName=fonts.ITALIC, fontSize=8.0,
                             leading=10.2, textColor=GREY, leftIndent=8, spaceBefore=-1,
                             spaceAfter=5),
        toc=[
            ParagraphStyle("toc0", parent=body, fontName=fonts.BOLD, fontSize=9.2,
                           leading=12.4, spaceBefore=4, leftIndent=0, firstLineIndent=0,
                           spaceAfter=0),
            ParagraphStyle("toc1", parent=body, fontSize=8.4, leading=11.2, leftIndent=12,
                           firstLineIndent=0, spaceAfter=0),
        ],
    )
