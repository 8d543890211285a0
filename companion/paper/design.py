"""The one type family every printed page uses, and its type scale (issue 25).

Every sheet, booklet, pack cover, standings PDF and stats report sets its text in
Bitstream Vera Sans (regular, bold, oblique, bold oblique), embedded as subsets: the
files ship inside reportlab (``reportlab/fonts/Vera*.ttf``), so nothing is installed and
every viewer and printer shows the same glyphs. Licence: the Bitstream Vera Fonts
Copyright licence (reportlab/fonts/bitstream-vera-license.txt) lets the fonts be used,
embedded, copied and redistributed freely, bundled with software; only modified copies
must be renamed (we embed them unmodified, as subsets). Suits and game icons are the
project's own vector drawings, never glyphs (docs/printing.md, Output quality).

The faces are :data:`REGULAR`, :data:`BOLD`, :data:`ITALIC` and :data:`BOLD_ITALIC`;
:func:`style` names the type scale's roles (title, heading, body, label, small,
print-note, card-face) with their face, usual size and the smallest size the role may
have (docs/printing.md, Design rules: 8 pt for what is read while playing, 7 pt on card
faces, 6 pt for print notes).

Beside the type, the tokens every sheet draws with (issue 25, a design system in the
paper toolkit): colours (:data:`INK` for text and lines that are read, :data:`GREY` for
secondary text, :data:`GUIDE` for writing lines and faint guides, :data:`TINT` for a
background under text, :data:`PAPER` for white), line weights (:data:`HAIRLINE` for
guides, :data:`RULE` for boxes and ruled lines, :data:`OUTLINE` for the outline of a
card or tile spot) and the standard gaps (:data:`GAP_SMALL` between a thing and its
label, :data:`GAP` between the parts of a block, :data:`GAP_LARGE` between blocks).

reportlab is imported only when the fonts are registered (:func:`register`, done by
every canvas the toolkit makes and by :func:`string_width`): importing this module
costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.paper import fonts

__all__ = [
    "BOLD",
    "BOLD_ITALIC",
    "FAMILY",
    "GAP",
    "GAP_LARGE",
    "GAP_SMALL",
    "GREY",
    "GUIDE",
    "HAIRLINE",
    "INK",
    "ITALIC",
    "OUTLINE",
    "PAPER",
    "REGULAR",
    "ROLES",
    "RULE",
    "TINT",
    "TypeStyle",
    "face",
    "register",
    "string_width",
    "style",
]

FAMILY = "Bitstream Vera Sans"
"""The type family of every printed page."""
REGULAR = fonts.BODY
BOLD = fonts.BOLD
ITALIC = fonts.ITALIC
BOLD_ITALIC = fonts.BOLD_ITALIC

_MM = 72 / 25.4
"""Points in a millimetre (:func:`companion.paper.units.mm`, without the import)."""

INK = (0.0, 0.0, 0.0)
"""Text and lines that are read: black."""
GREY = (0.35, 0.35, 0.35)
"""Secondary text (a note under a label): dark enough to read at 8 pt."""
GUIDE = (0.55, 0.55, 0.55)
"""Writing lines, dashed spot outlines, faint guides: never text under 8 pt."""
TINT = (0.92, 0.92, 0.92)
"""A light background under text (a header row, a panel): text on it stays black."""
PAPER = (1.0, 1.0, 1.0)
"""White: a QR code's quiet zone, a knocked-out label."""

HAIRLINE = 0.4
"""Line weight (points) of guides and ruled writing lines."""
RULE = 0.6
"""Line weight (points) of boxes, table rules, write-in fields."""
OUTLINE = 0.8
"""Line weight (points) of a card or tile spot's outline."""

GAP_SMALL = 1.5 * _MM
"""Between a thing and its own label (a QR code and its text): 1.5 mm."""
GAP = 3.0 * _MM
"""Between the parts of a block (a footer and what is above it): 3 mm."""
GAP_LARGE = 6.0 * _MM
"""Between blocks of a page: 6 mm."""


@dataclass(frozen=True)
class TypeStyle:
    """A role of the type scale: its face, its usual size and the smallest size it may
    be set in (points)."""

    role: str
    font: str
    size: float
    minimum: float

    @property
    def pair(self) -> tuple[str, float]:
        """``(font, size)``, as ``canvas.setFont`` takes them."""
        return (self.font, self.size)

    def at(self, size: float) -> tuple[str, float]:
        """``(font, size)`` at another size (a layout that has measured its room)."""
        return (self.font, size)


ROLES: dict[str, TypeStyle] = {s.role: s for s in (
    TypeStyle("title", BOLD, 16.0, 14.0),
    TypeStyle("display", BOLD, 20.0, 14.0),
    TypeStyle("heading", BOLD, 11.0, 9.0),
    TypeStyle("body", REGULAR, 8.5, 8.0),
    TypeStyle("label", REGULAR, 8.0, 8.0),
    TypeStyle("small", REGULAR, 7.0, 7.0),
    TypeStyle("print-note", REGULAR, 6.0, 6.0),
    TypeStyle("card-face", BOLD, 7.0, 7.0),
)}
"""The type scale: title (a sheet's name), display (the seed beside its QR code),
heading, body (rules, notes), label (what is read while playing: spots, columns,
positions), small (secondary text on a reference sheet), print-note (scale bar caption,
back offset, credits, "page n of m"), card-face (text on a poker-size card)."""


def style(role: str) -> TypeStyle:
    """The :class:`TypeStyle` of ``role`` (KeyError for an unknown role)."""
    return ROLES[role]


def face(bold: bool = False, italic: bool = False) -> str:
    """The family's face: regular, bold, italic or bold italic."""
    if bold:
        return BOLD_ITALIC if italic else BOLD
    return ITALIC if italic else REGULAR


def register() -> None:
    """Register the family with reportlab (once; later calls cost nothing)."""
    fonts.register_fonts()


def string_width(text: str, font: str, size: float) -> float:
    """The width of ``text`` set in ``font`` at ``size`` points (the family registered
    first)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    fonts.register_fonts()
    return float(stringWidth(text, font, size))
