"""Rule booklets: text markup (``docs/printing.md``, Booklets).

Card suits and game icons are inline in the text as vector drawings: a suit character
(♠♥♦♣) or ``[icon:chest]`` in a block's text becomes a small placed picture that the
booklet canvas draws with :mod:`companion.paper.icons` (Vera has no suit glyphs). Logs
are set verbatim with grey comments. On figures, :func:`draw_rich_text` and
:func:`draw_label` set a line with its suits drawn as icons.

No reportlab here at import time (the figure-text helpers draw on a canvas given to
them).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from companion.paper import fonts

__all__ = ["INK", "LABEL_MIN", "Textless", "check_glyphs", "code_markup", "draw_label",
           "draw_rich_text", "wrap_rich", "icon_name_of", "inline", "rich_width"]

INK = (0.0, 0.0, 0.0)

_INLINE_DIR = Path(__file__).resolve().parent.parent / "inline"  # companion/paper/inline


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


def icon_name_of(src: Any) -> str | None:
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


def check_glyphs(text: str, where: str) -> None:
    """Check that the booklet font can show every character of markup ``text`` (suits
    and icons are drawn, not set). Raises ValueError naming ``where`` if not."""
    plain = _ICON_RE.sub("", re.sub(r"<[^>]*>", "", text))
    plain = plain.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    plain = re.sub(r"&#?\w+;", "", plain)
    missing = fonts.missing_glyphs("".join(ch for ch in plain if ch not in _SUIT_CHARS))
    if missing:
        raise ValueError(f"{where}: the booklet font has no glyph for {missing!r} in "
                         f"{plain[:60]!r}")


def code_markup(text: str, size: float) -> str:
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


LABEL_MIN = 8.0
"""The smallest a figure's label is set (docs/printing.md, Design: 8 pt for what is
read): a smaller size asked for is raised to it."""


def draw_label(c: Any, x: float, y: float, text: str, size: float = 8.0, bold: bool = False,
               align: str = "left", grey: bool = False) -> float:
    """Draw a figure's label with :func:`draw_rich_text`: Vera (bold if ``bold``) in
    black, or dark grey if ``grey``, at ``size`` but never under :data:`LABEL_MIN`.
    Returns the width drawn."""
    size = max(size, LABEL_MIN)
    return draw_rich_text(c, x, y, text, fonts.BOLD if bold else fonts.BODY, size, align,
                          (0.35, 0.35, 0.35) if grey else INK)


def wrap_rich(c: Any, text: str, width: float, font: str, size: float) -> list[str]:
    """``text`` (suits drawn as icons) broken into lines at most ``width`` wide: at
    spaces, and a word too long for a line (a path of 80 letters) at any letter."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if rich_width(c, trial, font, size) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
            line = ""
        while rich_width(c, word, font, size) > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and rich_width(c, word[:cut], font, size) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line or not lines:
        lines.append(line)
    return lines


class Textless:
    """A canvas that draws everything but text: for a miniature of a sheet drawn in a
    booklet figure, whose own words would be set far under 8 pt (docs/printing.md,
    Design: a miniature carries no unreadable text). Every other call goes to the
    canvas it wraps; the figure labels what matters itself, at 8 pt."""

    def __init__(self, canvas: Any) -> None:
        self._canvas = canvas

    def __getattr__(self, name: str) -> Any:
        return getattr(self._canvas, name)

    def drawString(self, *args: Any, **kwargs: Any) -> None:  # noqa: N802 - reportlab
        """Nothing: no text on a miniature."""

    def drawCentredString(self, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        """Nothing: no text on a miniature."""

    def drawRightString(self, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        """Nothing: no text on a miniature."""

    def drawText(self, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        """Nothing: no text on a miniature."""
