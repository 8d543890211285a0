"""The embedded fonts of every printed page: Bitstream Vera, which ships inside reportlab.

Sheets, booklets and reports embed every font they use (the faces and the type scale
are named in :mod:`companion.paper.design`), so they read the same in any viewer and on
any printer. The Vera TrueType files come with reportlab (``reportlab/fonts/Vera*.ttf``),
so nothing has to be installed. reportlab embeds them as subsets (only the glyphs used).

Vera has no card suits (♠♥♦♣): booklets draw suits as vector icons, never as text.
:func:`missing_glyphs` finds characters a text would print as empty boxes.

reportlab is imported inside the functions: importing this module costs nothing.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = [
    "BODY",
    "BOLD",
    "BOLD_ITALIC",
    "ITALIC",
    "STANDARD_TO_EMBEDDED",
    "embedded_name",
    "missing_glyphs",
    "register_fonts",
]

BODY = "Vera"
BOLD = "Vera-Bold"
ITALIC = "Vera-Italic"
BOLD_ITALIC = "Vera-BoldItalic"

_FILES = {BODY: "Vera.ttf", BOLD: "VeraBd.ttf", ITALIC: "VeraIt.ttf",
          BOLD_ITALIC: "VeraBI.ttf"}

STANDARD_TO_EMBEDDED: dict[str, str] = {
    "Helvetica": BODY,
    "Helvetica-Bold": BOLD,
    "Helvetica-Oblique": ITALIC,
    "Helvetica-BoldOblique": BOLD_ITALIC,
    "Courier": BODY,
    "Courier-Bold": BOLD,
    "Courier-Oblique": ITALIC,
    "Courier-BoldOblique": BOLD_ITALIC,
    "Times-Roman": BODY,
    "Times-Bold": BOLD,
    "Times-Italic": ITALIC,
    "Times-BoldItalic": BOLD_ITALIC,
}
"""The embedded font that stands in for each standard PDF font in a booklet (the
sheet-drawing helpers a booklet reuses name the standard fonts)."""


def _font_dir() -> Path:
    import reportlab

    return Path(reportlab.__file__).resolve().parent / "fonts"


@cache
def register_fonts() -> str:
    """Register the Vera family with reportlab (once) and return the body font name.

    ``<b>`` and ``<i>`` in paragraphs pick the bold and italic faces. Raises
    FileNotFoundError if reportlab was installed without its fonts.
    """
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    folder = _font_dir()
    for name, file in _FILES.items():
        path = folder / file
        if not path.is_file():
            raise FileNotFoundError(f"reportlab's font {file} is missing from {folder}")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    addMapping(BODY, 0, 0, BODY)
    addMapping(BODY, 1, 0, BOLD)
    addMapping(BODY, 0, 1, ITALIC)
    addMapping(BODY, 1, 1, BOLD_ITALIC)
    return BODY


def embedded_name(font: str) -> str:
    """The embedded font to use for ``font`` (a standard font is replaced by its Vera
    counterpart; any other name is kept)."""
    return STANDARD_TO_EMBEDDED.get(font, font)


@cache
def _charset(font: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    face = pdfmetrics.getFont(font).face
    return frozenset(face.charToGlyph)


def missing_glyphs(text: str, font: str = BODY) -> str:
    """The characters of ``text`` (each once, in order) that ``font`` has no glyph for.

    White space and control characters are ignored.
    """
    have = _charset(font)
    out: list[str] = []
    for ch in text:
        if ch.isspace() or ord(ch) < 32 or ch in out:
            continue
        if ord(ch) not in have:
            out.append(ch)
    return "".join(out)
