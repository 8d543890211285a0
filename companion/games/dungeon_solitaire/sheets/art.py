"""Dungeon Solitaire sheets: the art of a tile and a card (room faces, the four
specials, the backs of level tiles and reward cards, an empty square), shared by the
tiles, cards and map sheets and by the rule booklet."""

from __future__ import annotations

import math
from typing import Any

from companion.games.dungeon_solitaire.cards import RewardCard, Room, Special
from companion.games.dungeon_solitaire.generation import Cell, Level, cell_name
from companion.games.dungeon_solitaire.sheets.common import (
    DEFAULT_INK,
    WHITE_BORDER_MM,
    _centred,
    _string_width,
)
from companion.paper import design
from companion.paper.cards import CAP_HEIGHT, draw_lattice, fit_font_size
from companion.paper.frame import INK, wrap_text
from companion.paper.icons import RED, draw_icon
from companion.paper.layout import Rect
from companion.paper.units import mm

# --- colours --------------------------------------------------------------------------
FLOOR = (0.99, 0.965, 0.9)
WALL = (0.6, 0.58, 0.56)
"""The stone of a wall: a mid grey, light enough that a page of tiles does not drink
toner, dark enough for the white arrow and label on it."""
WALL_JOINT = (0.5, 0.485, 0.47)
WALL_EDGE = (0.13, 0.12, 0.11)
WALL_TEXT = (1.0, 1.0, 1.0)
CHEST = (0.48, 0.29, 0.07)
LEVEL_INK = (0.42, 0.27, 0.1)
LEVEL_TINT = (0.96, 0.92, 0.84)
REWARD_INK = (0.16, 0.26, 0.5)
REWARD_TINT = (0.9, 0.92, 0.97)
SPECIAL_INK = (0.16, 0.26, 0.5)
EMPTY_INK = (0.62, 0.62, 0.62)
SPOILER = (0.55, 0.05, 0.05)
WALL_LIGHT = (0.93, 0.925, 0.92)
"""With ``--ink light``: pale stone, its joints a light grey, the floor white inside the
same dark outline, and the arrow and label in black."""
WALL_JOINT_LIGHT = (0.76, 0.75, 0.74)
_NON_ZERO = 1
"""reportlab's FILL_NON_ZERO: overlapping parts of one path fill as one shape."""
ROOM_FRAC = 0.56
"""The room in the middle of a tile, as a fraction of the side."""
CORRIDOR_FRAC = 0.32
"""The width of a corridor (an exit), as a fraction of the side."""

SPECIAL_TEXT: dict[str, tuple[str, str]] = {
    "heal": ("HEAL", "+1 health (5 at most)"),
    "slay": ("SLAY", "remove a monster next to you: no damage"),
    "turn": ("TURN", "turn a face-up card 90\u00b0 clockwise"),
    "leap": ("LEAP", "move to a neighbour, even through a wall"),
}
"""Big word and effect of each special card (the project's own wording), the effect
wrapped to as many lines as the card's width needs at its size."""
TURN_OVER = "flip sideways"
"""On a level tile's back, beside a left-right arrow: turn it over about its upright
axis, so that its front comes up the right way."""


def _arrow_up(c: Any, cx: float, cy: float, h: float) -> None:
    """A small solid up arrow, ``h`` points tall, centred on ``(cx, cy)``."""
    w = h * 0.62
    shaft = h * 0.24
    p = c.beginPath()
    p.moveTo(cx, cy + h / 2)
    p.lineTo(cx + w / 2, cy + h * 0.02)
    p.lineTo(cx + shaft / 2, cy + h * 0.02)
    p.lineTo(cx + shaft / 2, cy - h / 2)
    p.lineTo(cx - shaft / 2, cy - h / 2)
    p.lineTo(cx - shaft / 2, cy + h * 0.02)
    p.lineTo(cx - w / 2, cy + h * 0.02)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def _arrow_both(c: Any, cx: float, cy: float, w: float) -> None:
    """A small left-right double arrow, ``w`` points wide."""
    h = w * 0.34
    shaft = h * 0.3
    head = w * 0.26
    p = c.beginPath()
    p.moveTo(cx - w / 2, cy)
    p.lineTo(cx - w / 2 + head, cy + h / 2)
    p.lineTo(cx - w / 2 + head, cy + shaft / 2)
    p.lineTo(cx + w / 2 - head, cy + shaft / 2)
    p.lineTo(cx + w / 2 - head, cy + h / 2)
    p.lineTo(cx + w / 2, cy)
    p.lineTo(cx + w / 2 - head, cy - h / 2)
    p.lineTo(cx + w / 2 - head, cy - shaft / 2)
    p.lineTo(cx - w / 2 + head, cy - shaft / 2)
    p.lineTo(cx - w / 2 + head, cy - h / 2)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def _stone(c: Any, r: Rect, side: float, joint: tuple[float, float, float] = WALL_JOINT
           ) -> None:
    """Mortar joints of a stone wall over ``r`` (the floor is painted over them)."""
    course = side / 7
    block = side / 3.5
    c.setStrokeColorRGB(*joint)
    c.setLineWidth(max(0.3, side * 0.006))
    p = c.beginPath()
    rows = int(r.h / course) + 2
    for i in range(rows):
        y = r.y1 - i * course
        p.moveTo(r.x, y)
        p.lineTo(r.x1, y)
        shift = (block / 2) * (i % 2)
        x = r.x - shift
        while x < r.x1:
            if x > r.x:
                p.moveTo(x, y)
                p.lineTo(x, y - course)
            x += block
    c.drawPath(p, stroke=1, fill=0)


def _floor_rects(r: Rect, exits: str, reach: float) -> list[Rect]:
    """The floor of a room card: the room in the middle and a corridor to every exit,
    running ``reach`` points past the cut edge."""
    s = r.w
    half = ROOM_FRAC * s / 2
    cw = CORRIDOR_FRAC * s / 2
    cx, cy = r.cx, r.cy
    out = [Rect(cx - half, cy - half, 2 * half, 2 * half)]
    if "N" in exits:
        out.append(Rect(cx - cw, cy, 2 * cw, r.y1 + reach - cy))
    if "S" in exits:
        out.append(Rect(cx - cw, r.y - reach, 2 * cw, cy - r.y + reach))
    if "E" in exits:
        out.append(Rect(cx, cy - cw, r.x1 + reach - cx, 2 * cw))
    if "W" in exits:
        out.append(Rect(r.x - reach, cy - cw, cx - r.x + reach, 2 * cw))
    return out


def _fit(text: str, font: str, size: float, width: float, least: float = 0.0) -> float:
    """The size of ``text``: ``size`` or less to keep within ``width`` points, but never
    under ``least`` (the sheet's smallest type: a card face's or a label's)."""
    return max(least, fit_font_size(text, font, max(size, least), width))


WIDEST_LABEL = "d0 L0"
"""The widest label a tile's square and level make (``d``, ``b`` and ``g`` are the widest
of the board's letters, digits are all as wide): every label of a tile size is set as
this one is, in one line or stacked, at one size."""


def _corner_text(c: Any, r: Rect, text: str, colour: tuple[float, float, float],
                 least: float = 0.0) -> None:
    """``text`` right-aligned in the top-right corner of the tile ``r``, ``least``
    points or more, on the wall: in one line, smaller if need be, where it fits beside
    a north corridor, else its words stacked in the corner by the room (a small tile
    whose type is held at ``least``), so that no corridor or room edge runs through
    it."""
    s = r.w
    inset = s * 0.065
    beside = s * (0.5 - CORRIDOR_FRAC / 2 - 0.016) - inset - s * 0.02
    words = text.split()
    # a square's label is sized as the widest one, so a page's labels match
    widest = WIDEST_LABEL if len(words) == 2 else text
    if c.stringWidth(widest, design.BOLD, 1) < c.stringWidth(text, design.BOLD, 1):
        widest = text
    size = _fit(widest, design.BOLD, max(5.5, s * 0.085), beside, least)
    c.setFillColorRGB(*colour)
    c.setFont(design.BOLD, size)
    if c.stringWidth(widest, design.BOLD, size) <= beside + 0.01 or len(words) < 2:
        c.drawRightString(r.x1 - inset, r.y1 - inset - size * CAP_HEIGHT, text)
        return
    lead = size * 1.15
    for k, word in enumerate(words):
        c.drawRightString(r.x1 - inset, r.y1 - inset - size * CAP_HEIGHT - k * lead, word)


def draw_room(c: Any, r: Rect, room: Room, *, marker: str | None = None, label: str = "",
              bleed: float = 0.0, ink: str = DEFAULT_INK, least: float = 0.0) -> None:
    """A room card's face in the square ``r`` (points): stone walls, a light room with
    a corridor opening through the wall on each open side, the object as a big icon
    (or ``marker``: ``player``, ``stairs`` or ``crown``), a small up arrow in the
    top-left corner and ``label`` (an id or a square) in the top-right one. With
    ``bleed`` the walls and corridors run that far past the cut edge. ``ink``
    ``dark``: solid grey stone, white arrow and label; ``light``: pale stone
    (:data:`WALL_LIGHT`), a white floor in the same dark outline, black arrow and label.
    No text under ``least`` points (a sheet's smallest type; 0: as the square allows).
    """
    s = r.w
    light = ink == "light"
    outer = r.inset(-bleed)
    edge = max(0.8, s * 0.016)
    c.saveState()
    clip = c.beginPath()
    clip.rect(outer.x, outer.y, outer.w, outer.h)
    c.clipPath(clip, stroke=0, fill=0)
    c.setFillColorRGB(*(WALL_LIGHT if light else WALL))
    c.rect(outer.x, outer.y, outer.w, outer.h, stroke=0, fill=1)
    _stone(c, outer, s, WALL_JOINT_LIGHT if light else WALL_JOINT)
    floors = _floor_rects(r, room.exits, bleed + 2 * edge)
    # a dark rim round the floor: stroke every part wide, then fill them all on top
    c.setStrokeColorRGB(*WALL_EDGE)
    c.setLineWidth(2 * edge)
    c.setLineJoin(0)
    p = c.beginPath()
    for f in floors:
        p.rect(f.x, f.y, f.w, f.h)
    c.drawPath(p, stroke=1, fill=0)
    c.setFillColorRGB(*((1.0, 1.0, 1.0) if light else FLOOR))
    p = c.beginPath()
    for f in floors:
        p.rect(f.x, f.y, f.w, f.h)
    c.drawPath(p, stroke=0, fill=1, fillMode=_NON_ZERO)
    c.restoreState()

    c.saveState()
    icon = s * 0.4
    name = marker or room.obj
    if name is not None:
        colour = {"heart": RED, "chest": CHEST}.get(name, (0.0, 0.0, 0.0))
        word = {"player": "START", "stairs": "STAIRS", "crown": "CROWN"}.get(name)
        if word:
            icon = s * 0.3
            draw_icon(c, name, r.cx, r.cy + s * 0.045, icon, colour)
            c.setFillColorRGB(*INK)
            size = _fit(word, design.BOLD, s * 0.07, s * 0.5, least)
            _centred(c, word, r.cx, r.cy - s * 0.185, design.BOLD, size)
        else:
            draw_icon(c, name, r.cx, r.cy, icon, colour)
    text = INK if light else WALL_TEXT
    c.setFillColorRGB(*text)
    _arrow_up(c, r.x + s * 0.1, r.y1 - s * 0.11, s * 0.12)
    if label:
        _corner_text(c, r, label, text, least)
    c.restoreState()


def _sword(c: Any, cx: float, cy: float, size: float, angle: float = 45.0,
           halo: tuple[float, float, float] = FLOOR) -> None:
    """A sword in a ``size`` box (the Slay card), its point turned ``angle`` degrees
    anticlockwise from straight up, in the fill colour, parted from what lies under it
    by a ``halo`` outline."""
    c.saveState()
    c.translate(cx, cy)
    c.rotate(angle)
    c.scale(size, size)
    parts = []
    blade = c.beginPath()
    blade.moveTo(0, 0.5)
    blade.lineTo(0.07, 0.38)
    blade.lineTo(0.07, -0.15)
    blade.lineTo(-0.07, -0.15)
    blade.lineTo(-0.07, 0.38)
    blade.close()
    parts.append(blade)
    guard = c.beginPath()
    guard.roundRect(-0.22, -0.23, 0.44, 0.08, 0.03)
    parts.append(guard)
    grip = c.beginPath()
    grip.rect(-0.04, -0.4, 0.08, 0.18)
    parts.append(grip)
    pommel = c.beginPath()
    pommel.circle(0, -0.43, 0.06)
    parts.append(pommel)
    c.setStrokeColorRGB(*halo)
    c.setLineWidth(0.09)
    c.setLineJoin(1)
    for part in parts:
        c.drawPath(part, stroke=1, fill=0)
    for part in parts:
        c.drawPath(part, stroke=0, fill=1)
    c.restoreState()


def _turn_arrow(c: Any, cx: float, cy: float, size: float) -> None:
    """A clockwise arrow round a small square card (the Turn card)."""
    rad = size * 0.4
    lw = size * 0.09
    c.saveState()
    c.setLineWidth(lw)
    c.setLineCap(0)
    p = c.beginPath()
    p.arc(cx - rad, cy - rad, cx + rad, cy + rad, startAng=-60, extent=290)
    c.drawPath(p, stroke=1, fill=0)
    # the arrow head at the start of the arc (-60 degrees), pointing clockwise
    a = math.radians(-60)
    tx, ty = cx + rad * math.cos(a), cy + rad * math.sin(a)
    dx, dy = math.sin(a), -math.cos(a)  # clockwise tangent
    nx, ny = -dy, dx
    head = size * 0.2
    q = c.beginPath()
    q.moveTo(tx + dx * head, ty + dy * head)
    q.lineTo(tx + nx * head * 0.6, ty + ny * head * 0.6)
    q.lineTo(tx - nx * head * 0.6, ty - ny * head * 0.6)
    q.close()
    c.drawPath(q, stroke=0, fill=1)
    sq = size * 0.3
    c.setLineWidth(lw * 0.6)
    c.rect(cx - sq / 2, cy - sq / 2, sq, sq, stroke=1, fill=0)
    c.setLineWidth(lw * 0.9)
    c.line(cx, cy, cx, cy + sq / 2)
    c.restoreState()


def _leap_arrow(c: Any, cx: float, cy: float, size: float) -> None:
    """An arrow hopping from one square over a wall to the next (the Leap card)."""
    lw = size * 0.08
    c.saveState()
    sq = size * 0.26
    base = cy - size * 0.34
    c.setLineWidth(lw * 0.6)
    c.rect(cx - size * 0.46, base, sq, sq * 0.5, stroke=1, fill=0)
    c.rect(cx + size * 0.2, base, sq, sq * 0.5, stroke=1, fill=0)
    c.rect(cx - size * 0.05, base, size * 0.1, size * 0.4, stroke=0, fill=1)  # the wall
    c.setLineWidth(lw)
    p = c.beginPath()
    x0, x1 = cx - size * 0.33, cx + size * 0.29
    p.moveTo(x0, base + sq * 0.6)
    p.curveTo(x0 + size * 0.05, cy + size * 0.5, x1 - size * 0.05, cy + size * 0.5, x1,
              base + sq * 0.9)
    c.drawPath(p, stroke=1, fill=0)
    head = size * 0.17
    q = c.beginPath()
    q.moveTo(x1 + size * 0.01, base + sq * 0.55)
    q.lineTo(x1 - head * 0.65, base + sq * 0.55 + head * 0.75)
    q.lineTo(x1 + head * 0.5, base + sq * 0.55 + head * 0.95)
    q.close()
    c.drawPath(q, stroke=0, fill=1)
    c.restoreState()


def draw_special(c: Any, r: Rect, kind: str, label: str = "", bleed: float = 0.0,
                 ink: str = DEFAULT_INK, least: float = 0.0) -> None:
    """A special card's face in the square ``r``: a coloured frame (``ink`` light: a
    coloured line round a white card), the big word, an icon, the effect in as many
    short lines as the width needs, ``label`` (the id) top-right; no text under
    ``least`` points. The icon takes the room the word and the effect leave."""
    s = r.w
    word, effect = SPECIAL_TEXT[kind]
    light = ink == "light"
    background = (1.0, 1.0, 1.0) if light else FLOOR
    outer = r.inset(-bleed)
    c.saveState()
    inner = r.inset(s * 0.07)
    if light:
        c.setStrokeColorRGB(*SPECIAL_INK)
        c.setLineWidth(max(1.0, s * 0.025))
        c.roundRect(inner.x, inner.y, inner.w, inner.h, s * 0.05, stroke=1, fill=0)
    else:
        c.setFillColorRGB(*SPECIAL_INK)
        c.rect(outer.x, outer.y, outer.w, outer.h, stroke=0, fill=1)
        c.setFillColorRGB(*FLOOR)
        c.roundRect(inner.x, inner.y, inner.w, inner.h, s * 0.05, stroke=0, fill=1)
    c.setFillColorRGB(*SPECIAL_INK)
    size = fit_font_size(word, design.BOLD, s * 0.15, inner.w * 0.62)
    c.setFont(design.BOLD, size)
    c.drawString(inner.x + s * 0.06, inner.y1 - s * 0.05 - size * CAP_HEIGHT, word)
    if label:
        c.setFillColorRGB(*INK)
        lsize = _fit(label, design.BOLD, max(5.5, s * 0.085), s * 0.25, least)
        c.setFont(design.BOLD, lsize)
        c.drawRightString(inner.x1 - s * 0.045, inner.y1 - s * 0.05 - lsize * CAP_HEIGHT,
                          label)
    esize = max(4.5, s * 0.058, least)
    lines = wrap_text(effect, design.REGULAR, esize, inner.w - s * 0.08)
    text_top = inner.y + s * 0.04 + (len(lines) - 1) * esize * 1.15 + esize * CAP_HEIGHT
    word_bottom = inner.y1 - s * 0.05 - size * CAP_HEIGHT
    room = word_bottom - text_top - s * 0.06
    icon = min(s * 0.4, room)
    icon_cy = min(r.cy + s * 0.01, word_bottom - s * 0.03 - icon / 2)
    icon_cy = max(icon_cy, text_top + s * 0.03 + icon / 2)
    if kind == "heal":
        draw_icon(c, "potion", r.cx, icon_cy, icon, RED)
    elif kind == "slay":
        draw_icon(c, "monster", r.cx - icon * 0.27, icon_cy - icon * 0.12, icon * 0.66)
        c.setFillColorRGB(*SPECIAL_INK)
        _sword(c, r.cx + icon * 0.2, icon_cy + icon * 0.02, icon * 0.95, halo=background)
    elif kind == "turn":
        c.setFillColorRGB(*SPECIAL_INK)
        c.setStrokeColorRGB(*SPECIAL_INK)
        _turn_arrow(c, r.cx, icon_cy, icon)
    else:
        c.setFillColorRGB(*SPECIAL_INK)
        c.setStrokeColorRGB(*SPECIAL_INK)
        _leap_arrow(c, r.cx, icon_cy, icon)
    c.setFillColorRGB(*INK)
    c.setFont(design.REGULAR, esize)
    y = inner.y + s * 0.04 + (len(lines) - 1) * esize * 1.15
    for line in lines:
        c.drawCentredString(r.cx, y, line)
        y -= esize * 1.15
    c.restoreState()


def draw_reward_front(c: Any, card: RewardCard, r: Rect, bleed: float = 0.0,
                      ink: str = DEFAULT_INK, least: float = 0.0) -> None:
    """The face of reward card ``card`` (a room or a special) in the square ``r``, in
    ``ink``, no text under ``least`` points (:func:`draw_room`, :func:`draw_special`)."""
    if isinstance(card.card, Special):
        draw_special(c, r, card.card.kind, card.id, bleed, ink, least)
    else:
        draw_room(c, r, card.card, label=card.id, bleed=bleed, ink=ink, least=least)


def _back_frame(c: Any, r: Rect, ink: tuple[float, float, float],
                tint: tuple[float, float, float], light: bool = False) -> Rect:
    """The shared look of a back: a white border, a tinted panel with a light lattice
    (``light``: a white panel, the lattice fainter); returns the panel."""
    s = r.w
    if light:
        tint = (1.0, 1.0, 1.0)
    panel = r.inset(mm(WHITE_BORDER_MM))
    c.setFillColorRGB(*tint)
    c.setStrokeColorRGB(*ink)
    c.setLineWidth(max(0.6, s * 0.01))
    c.roundRect(panel.x, panel.y, panel.w, panel.h, s * 0.06, stroke=1, fill=1)
    c.saveState()
    clip = c.beginPath()
    clip.roundRect(panel.x, panel.y, panel.w, panel.h, s * 0.06)
    c.clipPath(clip, stroke=0, fill=0)
    share = 0.3 if light else 0.55  # of the ink in the lattice's colour
    draw_lattice(c, panel, s / 9, 0.35,
                 tuple(share * a + (1 - share) * b for a, b in zip(ink, tint, strict=True)))
    c.restoreState()
    return panel


def draw_level_back(c: Any, r: Rect, level: int, cell: Cell,
                    ink: str = DEFAULT_INK, least: float = 0.0) -> None:
    """The back of a level tile in the square ``r``: its level and, big, its square,
    and a reminder to turn it over sideways (:data:`TURN_OVER`, so that it comes up the
    right way); ``ink`` light: on a white panel. No text under ``least`` points."""
    s = r.w
    c.saveState()
    panel = _back_frame(c, r, LEVEL_INK, LEVEL_TINT, ink == "light")
    plate = Rect(panel.x + s * 0.12, panel.cy - s * 0.2, panel.w - s * 0.24, s * 0.4)
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(*LEVEL_INK)
    c.setLineWidth(max(0.5, s * 0.008))
    c.roundRect(plate.x, plate.y, plate.w, plate.h, s * 0.05, stroke=1, fill=1)
    c.setFillColorRGB(*LEVEL_INK)
    name = cell_name(cell)
    size = fit_font_size(name, design.BOLD, s * 0.3, plate.w * 0.8)
    _centred(c, name, plate.cx, plate.cy, design.BOLD, size)
    head = f"LEVEL {level}"
    hsize = _fit(head, design.BOLD, s * 0.105, panel.w * 0.8, least)
    band_y = (plate.y1 + panel.y1) / 2
    c.setFillColorRGB(1, 1, 1)
    hw = _string_width(head, design.BOLD, hsize) + s * 0.08
    c.roundRect(panel.cx - hw / 2, band_y - hsize * 0.62, hw, hsize * 1.24, hsize * 0.3,
                stroke=0, fill=1)
    c.setFillColorRGB(*LEVEL_INK)
    _centred(c, head, panel.cx, band_y, design.BOLD, hsize)
    foot = TURN_OVER
    fsize = _fit(foot, design.BOLD, s * 0.07, panel.w * 0.7, least)
    fy = (plate.y + panel.y) / 2
    arrow = s * 0.09
    fw = _string_width(foot, design.BOLD, fsize) + arrow + s * 0.09
    c.setFillColorRGB(1, 1, 1)
    c.roundRect(panel.cx - fw / 2, fy - fsize * 0.75, fw, fsize * 1.5, fsize * 0.3,
                stroke=0, fill=1)
    c.setFillColorRGB(*LEVEL_INK)
    _centred(c, foot, panel.cx + (arrow + s * 0.02) / 2, fy, design.BOLD, fsize)
    _arrow_both(c, panel.cx - fw / 2 + s * 0.035 + arrow / 2, fy, arrow)
    c.restoreState()


def draw_reward_back(c: Any, r: Rect, ink: str = DEFAULT_INK, least: float = 0.0) -> None:
    """The back of a reward card in the square ``r``: the same for every card of the
    deck (a chest, REWARD, the game's name), so a face-down deck gives nothing away;
    the id is on the front. ``ink`` light: on a white panel. No text under ``least``
    points."""
    s = r.w
    c.saveState()
    panel = _back_frame(c, r, REWARD_INK, REWARD_TINT, ink == "light")
    plate = Rect(panel.x + s * 0.1, panel.cy - s * 0.19, panel.w - s * 0.2, s * 0.38)
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(*REWARD_INK)
    c.setLineWidth(max(0.5, s * 0.008))
    c.roundRect(plate.x, plate.y, plate.w, plate.h, s * 0.05, stroke=1, fill=1)
    draw_icon(c, "chest", plate.cx, plate.cy, s * 0.28, REWARD_INK)
    for text, y in (("REWARD", (plate.y1 + panel.y1) / 2),
                    ("Dungeon Solitaire", (plate.y + panel.y) / 2)):
        tsize = _fit(text, design.BOLD, s * 0.075, panel.w * 0.8, least)
        tw = _string_width(text, design.BOLD, tsize) + s * 0.08
        c.setFillColorRGB(1, 1, 1)
        c.roundRect(panel.cx - tw / 2, y - tsize * 0.65, tw, tsize * 1.3, tsize * 0.3,
                    stroke=0, fill=1)
        c.setFillColorRGB(*REWARD_INK)
        _centred(c, text, panel.cx, y, design.BOLD, tsize)
    c.restoreState()


def _marker(level: Level, cell: Cell) -> str | None:
    if cell == level.start:
        return "player"
    if cell == level.stairs:
        return "crown" if level.crown else "stairs"
    return None


def _empty_cell(c: Any, r: Rect, text: str, least: float = 0.0,
                fill: tuple[float, float, float] | None = None) -> None:
    """A square with no card: a dotted outline and its name, in light grey, on ``fill``
    (None: the paper); no text under ``least`` points."""
    c.saveState()
    inner = r.inset(r.w * 0.06)
    if fill is not None:
        c.setFillColorRGB(*fill)
        c.rect(inner.x, inner.y, inner.w, inner.h, stroke=0, fill=1)
    c.setStrokeColorRGB(*EMPTY_INK)
    c.setLineWidth(0.6)
    c.setDash([0.6, 2.4], 0)
    c.setLineCap(1)
    c.rect(inner.x, inner.y, inner.w, inner.h, stroke=1, fill=0)
    c.setDash()
    c.setFillColorRGB(*EMPTY_INK)
    size = fit_font_size(text, design.REGULAR, r.w * 0.16, r.w * 0.5)
    _centred(c, text, r.cx, r.cy + r.w * 0.06, design.REGULAR, size)
    small = max(5.0, r.w * 0.06, least)
    _centred(c, "empty", r.cx, r.cy - r.w * 0.16, design.REGULAR, small)
    c.restoreState()
