"""Rule booklets: the shared machinery (``docs/printing.md``, Booklets).

A game's booklet is data: a :class:`Booklet` of blocks (headings, paragraphs, lists,
tables, logs, engine-drawn figures, example steps) written in the game's package
(``companion/games/<game>/booklet.py``). This package lays them out once for every game:

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
  helpers a figure reuses set the same family (:mod:`companion.paper.design`), and a
  standard font one might still name is swapped for Vera by the booklet canvas, so
  every font in a booklet is embedded;
* ``imposition="saddle"``: pages padded with blanks to a multiple of 4 and placed 2-up
  on landscape A4 or Letter sheets in saddle-stitch order (:func:`saddle_order`), to be
  printed two-sided with a short-edge flip, folded and stapled.

Byte-reproducible: reportlab's invariant mode, fixed subset names, and
:mod:`companion.paper.pdfjoin` for the imposed file.

The modules, by concern:

* :mod:`~companion.paper.booklet.blocks`: the block model (plain data, no reportlab);
* :mod:`~companion.paper.booklet.markup`: inline suits and icons, verbatim logs, the
  figures' text helpers;
* :mod:`~companion.paper.booklet.style`: colours and paragraph styles;
* :mod:`~companion.paper.booklet.canvas`: the canvas (embedded fonts, vector icons);
* :mod:`~companion.paper.booklet.imposition`: page sizes and the saddle-stitch
  imposition;
* :mod:`~companion.paper.booklet.render`: the flowables, the document and
  :func:`render_booklets`.

The paper toolkit knows no game: replaying a game's example log is
:mod:`companion.booklet_examples`'s business. Importing this package imports no
reportlab (the layout imports it when it runs).
"""

from __future__ import annotations

from companion.paper.booklet.blocks import (
    H1,
    H2,
    Block,
    Booklet,
    Break,
    Bullets,
    Code,
    Draw,
    Fig,
    Keep,
    Note,
    P,
    Rows,
    Step,
)
from companion.paper.booklet.imposition import (
    BOOKLET_PAPER_MM,
    booklet_page_size,
    saddle_order,
    sheet_slots,
)
from companion.paper.booklet.markup import (
    Textless,
    draw_label,
    draw_rich_text,
    inline,
    rich_width,
)
from companion.paper.booklet.render import print_note, render_booklets

__all__ = [
    "BOOKLET_PAPER_MM",
    "Block",
    "Booklet",
    "Break",
    "Bullets",
    "Code",
    "Draw",
    "Fig",
    "H1",
    "H2",
    "Keep",
    "Note",
    "P",
    "Rows",
    "Step",
    "Textless",
    "booklet_page_size",
    "draw_label",
    "draw_rich_text",
    "inline",
    "print_note",
    "render_booklets",
    "rich_width",
    "saddle_order",
    "sheet_slots",
]
