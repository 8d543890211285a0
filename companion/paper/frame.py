"""Page furniture every sheet shares: the title band, the identity footer (QR code,
seed in plain text), write-in boxes, ruled log lines, headings and wrapped text. Sizes
in points; colours, line weights and gaps are the tokens of
:mod:`companion.paper.design` (``INK``, ``GUIDE``, ``RULE``, ``HAIRLINE``, ``GAP``...)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.paper import design
from companion.paper.identity import draw_identity, identity_size
from companion.paper.layout import Rect
from companion.paper.units import mm

TITLE_FONT = design.style("title").pair
SUB_FONT = design.style("label").pair
LABEL_FONT = design.style("small").pair
"""The sheet's title, the line under it, small labels (the type scale of
:mod:`companion.paper.design`)."""
INK = design.INK
GUIDE = design.GUIDE
INKS = ("light", "dark")
"""How a sheet with large fills prints them (``--ink``, ``options["ink"]``; the sheet
kinds with ``SheetKind.inks``): ``light`` (pale or outlined) or ``dark`` (solid)."""


def check_ink(value: Any, default: str, what: str) -> str:
    """The ink of ``options["ink"]``: "light" or "dark" (any case, spaces around
    allowed), ``None`` or "" for the sheet's ``default``.

    Raises ParameterError for anything else: "ink: ``what``, not 'grey'"."""
    if value is None or value == "":
        return default
    ink = str(value).strip().lower()
    if ink not in INKS:
        from companion.errors import ParameterError

        raise ParameterError(f"ink: {what}, not {value!r}")
    return ink


def title_size(title: str, room: float | None = None) -> float:
    """The size the title is set in: the title role's, or smaller (down to the role's
    minimum) to keep within ``room`` points, when given."""
    role = design.style("title")
    if room is None:
        return role.size
    width = design.string_width(title, role.font, role.size)
    return role.size if width <= room else max(role.minimum, role.size * room / width)


def draw_title(c: Any, area: Rect, title: str, subtitle: str = "",
               room: float | None = None) -> Rect:
    """Title (and a small subtitle line) at the top of ``area``; returns the rest. With
    ``room``, the title is set smaller (:func:`title_size`) to keep within that width;
    the band it takes stays the same."""
    top = area.y + area.h
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setFont(TITLE_FONT[0], title_size(title, room))
    c.drawString(area.x, top - TITLE_FONT[1], title)
    used = TITLE_FONT[1] + mm(1.5)
    if subtitle:
        from reportlab.lib.utils import simpleSplit

        c.setFont(*SUB_FONT)
        for line in simpleSplit(subtitle, SUB_FONT[0], SUB_FONT[1], area.w):
            c.drawString(area.x, top - used - SUB_FONT[1], line)
            used += SUB_FONT[1] * 1.25
        used += mm(1)
    c.restoreState()
    return Rect(area.x, area.y, area.w, area.h - used - mm(2))


def wrap_text(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines at most ``width`` points wide in ``font`` at ``size``
    (reportlab's ``simpleSplit``: at spaces and newlines; a word wider than ``width``
    stands alone on a line of its own, unbroken)."""
    from reportlab.lib.utils import simpleSplit

    design.register()
    return list(simpleSplit(text, font, size, width))


def draw_text(c: Any, x: float, top: float, width: float, text: str, font: str = design.REGULAR,
              size: float = 7.5, leading: float = 1.25,
              colour: tuple[float, float, float] = INK) -> float:
    """``text`` wrapped to ``width`` (:func:`wrap_text`), its first line's top at ``top``,
    a line every ``size * leading`` points; returns the y under the last line.

    Sets the canvas's font and fill colour (no saveState): the caller keeps them.
    """
    c.setFont(font, size)
    c.setFillColorRGB(*colour)
    y = top
    if any(ch in SUITS for ch in text):
        # the family has no suit glyphs: suits are drawn as vector icons
        from companion.paper.booklet.markup import draw_rich_text, wrap_rich

        for line in wrap_rich(c, text, width, font, size):
            draw_rich_text(c, x, y - size * 0.8, line, font, size, colour=colour)
            y -= size * leading
        c.setFont(font, size)
        c.setFillColorRGB(*colour)
        return y
    for line in wrap_text(text, font, size, width):
        c.drawString(x, y - size * 0.8, line)
        y -= size * leading
    return y


SUITS = frozenset("♠♥♦♣♤♡♢♧")
"""Suit characters: no font of the family has them, :func:`draw_text` draws icons."""


def draw_heading(c: Any, x: float, top: float, text: str, size: float = 9.0,
                 leading: float = 1.3) -> float:
    """A one-line bold heading whose top is ``top``; returns the y ``size * leading``
    points lower, where what follows it starts.

    Sets the canvas's font and fill colour (no saveState): the caller keeps them.
    """
    c.setFont(design.BOLD, size)
    c.setFillColorRGB(*INK)
    c.drawString(x, top - size * 0.8, text)
    return top - size * leading


def identity_lines(game_title: str, seed: str, params: str, kind: str) -> list[str]:
    """The plain-text lines beside a sheet's QR code."""
    lines = [game_title, seed]
    detail = ", ".join(x for x in (params, kind) if x)
    if detail:
        lines.append(detail)
    lines.append("Rebuild: companion scan, or type the seed")
    return lines


def footer_height(payload: str, lines: list[str], qr_width: float) -> float:
    """Height the identity footer takes, with its gap above (the compact strip of
    :mod:`companion.paper.identity`: the code's side, or its text's height when a long
    seed wraps)."""
    return identity_size(payload, lines, qr_width)[1] + design.GAP


CREDIT_FONT = design.style("print-note").pair
"""The footer's right-hand lines (credits): print notes (docs/printing.md, Design)."""


def draw_footer(c: Any, area: Rect, payload: str, lines: list[str], qr_width: float,
                right_text: Sequence[str] = ()) -> Rect:
    """The identity strip at the bottom-left of ``area`` and, at its bottom-right,
    ``right_text`` lines (credits) as print notes, wrapped to the room right of the
    strip. Returns the area above the strip and its gap."""
    w, h = identity_size(payload, lines, qr_width, max_width=area.w * 0.62)
    draw_identity(c, area.x, area.y, payload, lines, qr_width, max_width=area.w * 0.62)
    if right_text:
        font, size = CREDIT_FONT
        room = max(area.w - w - design.GAP_LARGE, mm(30))
        wrapped = [part for line in right_text for part in wrap_text(line, font, size, room)]
        c.saveState()
        c.setFont(font, size)
        c.setFillColorRGB(*design.INK)
        y = area.y + size * 1.3 * (len(wrapped) - 1) + mm(1)
        for line in wrapped:
            c.drawRightString(area.x + area.w, y, line)
            y -= size * 1.3
        c.restoreState()
    return Rect(area.x, area.y + h + design.GAP, area.w, area.h - h - design.GAP)


def draw_field(c: Any, x: float, y: float, w: float, h: float, label: str,
               value: str = "") -> None:
    """A write-in box: a small label at its top-left and an optional printed value."""
    c.saveState()
    c.setLineWidth(design.RULE)
    c.setStrokeColorRGB(*INK)
    c.rect(x, y, w, h, stroke=1, fill=0)
    c.setFont(*LABEL_FONT)
    c.setFillColorRGB(*INK)
    c.drawString(x + mm(1), y + h - LABEL_FONT[1] - mm(0.6), label)
    if value:
        from companion.paper.cards import fit_font_size

        size = fit_font_size(value, design.BOLD, min(12.0, h * 0.45), w - mm(3))
        c.setFont(design.BOLD, size)
        c.drawString(x + mm(1.5), y + mm(1.5), value)
    c.restoreState()


def draw_ruled_lines(c: Any, area: Rect, columns: int = 2, pitch: float = mm(7),
                     first_number: int = 1) -> int:
    """Numbered writing lines in ``columns`` columns filling ``area``; returns how many
    lines were drawn."""
    gap = mm(6)
    col_w = (area.w - gap * (columns - 1)) / columns
    rows = int(area.h // pitch)
    n = first_number
    c.saveState()
    c.setFont(design.REGULAR, 6.5)
    for col in range(columns):
        x = area.x + col * (col_w + gap)
        for r in range(rows):
            y = area.y + area.h - (r + 1) * pitch
            c.setFillColorRGB(*GUIDE)
            c.drawRightString(x + mm(6), y + mm(1), str(n))
            c.setStrokeColorRGB(*GUIDE)
            c.setLineWidth(design.HAIRLINE)
            c.line(x + mm(7.5), y, x + col_w, y)
            n += 1
    c.restoreState()
    return n - first_number


SCALE_BAR_MM = 50.0
SCALE_BAR_FONT = design.style("print-note").pair
"""The scale bar's words: a print note (docs/printing.md, Design rules)."""
SCALE_BAR_HEIGHT = mm(4.2)
"""The height a scale bar takes: the bar, its ticks and its label."""


def draw_scale_bar(c: Any, x: float, y: float, length_mm: float = SCALE_BAR_MM) -> Rect:
    """A print-size check (docs/printing.md): a black bar exactly ``length_mm`` long with its
    left edge at ``x`` and its bottom at ``y`` (points), ticks at every 10 mm and the
    words "this bar is 50 mm: print at 100 %". Returns the rectangle of the bar itself
    (0.8 mm high), whose width a test can measure."""
    bar = Rect(x, y, mm(length_mm), mm(0.8))
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setStrokeColorRGB(*INK)
    c.rect(bar.x, bar.y, bar.w, bar.h, stroke=0, fill=1)
    c.setLineWidth(design.HAIRLINE)
    for k in range(int(length_mm // 10) + 1):
        tx = x + mm(10 * k)
        c.line(tx, y, tx, y + mm(1.8))
    c.setFont(*SCALE_BAR_FONT)
    c.drawString(x + mm(length_mm) + mm(2), y, f"this bar is {length_mm:g} mm: "
                 "print at 100 %")
    c.restoreState()
    return bar


SLOT_GREY = (0.45, 0.45, 0.45)


def draw_card_spot(c: Any, r: Rect, label: str, sub: str = "", size: float = 7.5) -> None:
    """An empty card spot of a play mat: a dashed rounded outline with a label (and a
    small note under it)."""
    from companion.paper.cards import fit_font_size

    c.saveState()
    c.setStrokeColorRGB(*SLOT_GREY)
    c.setLineWidth(0.7)
    c.setDash([mm(1.2), mm(0.9)], 0)
    c.roundRect(r.x, r.y, r.w, r.h, 0.1 * min(r.w, r.h), stroke=1, fill=0)
    c.setDash()
    c.setFillColorRGB(*INK)
    fs = fit_font_size(label, design.BOLD, size, r.w * 0.86)
    c.setFont(design.BOLD, fs)
    mid = r.cy + (fs * 0.3 if sub else -fs * 0.35)
    c.drawCentredString(r.cx, mid, label)
    if sub:
        c.setFillColorRGB(0.3, 0.3, 0.3)
        ss = min(5.6, fs * 0.8)
        lines = wrap_text(sub, design.REGULAR, ss, r.w * 0.9)
        y = mid - ss * 1.45
        c.setFont(design.REGULAR, ss)
        for line in lines:
            c.drawCentredString(r.cx, y, line)
            y -= ss * 1.2
    c.restoreState()


def draw_corner_note(c: Any, x: float, y: float, text: str) -> tuple[float, float]:
    """``text`` upside down, small and grey, its start at the top-right corner ``(x,
    y)`` of the content area: a par a player does not read by accident. Returns the
    corner."""
    c.saveState()
    c.translate(x, y)
    c.rotate(180)
    c.setFont(design.REGULAR, 6.5)
    c.setFillColorRGB(0.45, 0.45, 0.45)
    c.drawString(0, -6.5 * 0.75, text)
    c.restoreState()
    return (x, y)
