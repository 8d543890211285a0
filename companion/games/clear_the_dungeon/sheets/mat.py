"""Clear the Dungeon sheets: the landscape play mat (``mat``): monster columns,
damage track, deck spots and the attack rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.cards import Card
from companion.errors import LayoutError
from companion.games.clear_the_dungeon.sheets.common import (
    LOST_FILL,
    Sheet,
    _power_count,
    _slot,
    _variant_words,
    draw_mini_back,
    par_text,
    stack_order,
)
from companion.games.clear_the_dungeon.sheets.margins import scale_check_box
from companion.paper import design
from companion.paper.cards import draw_card_glyph
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    GUIDE,
    INK,
    SCALE_BAR_FONT,
    SCALE_BAR_MM,
    draw_corner_note,
    draw_footer,
    draw_heading,
    draw_scale_bar,
    draw_text,
    draw_title,
    footer_height,
    identity_lines,
    wrap_text,
)
from companion.paper.icons import draw_icon
from companion.paper.identity import BODY_STYLE, LEADING, SEED_STYLE, TITLE_STYLE, identity_size
from companion.paper.layout import Layout, Rect
from companion.paper.qr import qr_footprint
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.clear_the_dungeon import ClearTheDungeon


@dataclass(frozen=True)
class MatGeometry:
    """Where the mat's parts lie (points): for tests and for anyone overlaying it."""

    columns: tuple[Rect, ...]
    attack_slots: tuple[tuple[Rect, Rect, Rect], ...]
    damage_boxes: tuple[Rect, ...]
    deck_spot: Rect
    hand_slots: tuple[Rect, ...]
    reserve_spot: Rect
    par_at: tuple[float, float] | None
    scale_bar: Rect | None = None


ATTACK_RULES: tuple[tuple[str, str], ...] = (
    ("Power", "J 11, Q 12, K 13. Number cards count their face value (A = 1); a joker "
              "counts 10 and stands for any suit."),
    ("1st card", "Needs value + 10 to reach the monster's power: any card on a J, "
                 "2 or more on a Q, 3 or more on a K."),
    ("2nd card", "Added to the 1st, the total must reach the power (11, 12 or 13)."),
    ("Trigger", "Any card of the monster's suit, whatever its value (or a joker). The "
                "monster falls: set it aside with its three cards and turn up the next "
                "card of that column."),
    ("Your turn", "Draw 3 (fewer at the end of the deck). Every card in hand goes either "
                  "onto an attack pile or onto the damage pile before you draw again."),
    ("Goal", "Defeat all 12 monsters. Score: the cards still in the power deck (the "
             "hand does not count)."),
)


def draw_mat_page(doc: SheetDocument, layout: Layout, game: ClearTheDungeon, seed: str,
                  variants: tuple[str, ...], payload: str, par: str | None) -> MatGeometry:
    """The landscape play mat. Returns where its parts were drawn."""
    c = doc.canvas
    page = doc.page_rect
    area = page.inset(mm(layout.margin))
    reserve = "reserve" in variants
    count = _power_count(variants)
    columns, _ = stack_order(seed, variants)
    area = draw_title(c, area, f"{game.title}: play mat",
                      f"Seed {seed}, {_variant_words(variants)}. Lay the real cards over "
                      "the spots: they need not fit inside the outlines.")
    # --- bottom band: identity block, rules reminder, credits
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, seed, "", f"play mat; {_variant_words(variants)}")
    id_w, id_h = identity_size(payload, lines, qr_w, max_width=area.w * 0.62)
    # the rules box starts right of the identity text and of the scale bar's words, and
    # is as tall as its text (the band grows with it)
    side = qr_footprint(payload, qr_w)
    bar_w = side + mm(2) + mm(SCALE_BAR_MM) + mm(2) + design.string_width(
        f"this bar is {SCALE_BAR_MM:g} mm: print at 100 %", *SCALE_BAR_FONT)
    rules_x = area.x + max(id_w, bar_w) + mm(6)
    rules_h = max(id_h - mm(4), _attack_rules_height(area.x1 - rules_x))
    band_h = max(footer_height(payload, lines, qr_w), mm(4) + rules_h + mm(3))
    band = Rect(area.x, area.y, area.w, band_h)
    draw_footer(c, band, payload, lines, qr_w, right_text=[game.credits])
    rules = Rect(rules_x, area.y + mm(4), area.x1 - rules_x, rules_h)
    _draw_attack_rules(c, rules)
    # the scale check: under the identity text, beside the QR code, left of the rules
    bar = scale_check_box(c, area.x + side + mm(2), area.y + mm(0.55))
    text_h = sum(size * LEADING for _, size in (TITLE_STYLE, SEED_STYLE, BODY_STYLE,
                                                BODY_STYLE))
    if bar.y1 + mm(1) > area.y + (side - text_h) / 2:  # pragma: no cover - a huge QR
        raise LayoutError(f"layout {layout.name}: no room for the scale bar on the mat")
    draw_scale_bar(c, bar.x, bar.y + mm(0.55))

    # --- middle: monster columns and damage track (left), deck / hand / reserve (right)
    mid = Rect(area.x, band.y1, area.w, area.y1 - band.y1)
    panel_w = mm(62)
    left = Rect(mid.x, mid.y, mid.w - panel_w - mm(6), mid.h)
    panel = Rect(left.x1 + mm(6), mid.y, panel_w, mid.h)
    need = _column_height(left.w / 4)
    track_h = min(max(left.h - need - mm(5), mm(28)), mm(40))
    col_area = Rect(left.x, left.y + track_h + mm(5), left.w, left.h - track_h - mm(5))
    cols, attacks = _draw_monster_columns(c, col_area, columns)
    boxes = _draw_damage_track(c, Rect(left.x, left.y, left.w, track_h), reserve)
    deck_spot, hand, reserve_spot = _draw_panel(c, panel, count, reserve)

    # separators
    c.saveState()
    c.setStrokeColorRGB(*GUIDE)
    c.setLineWidth(0.4)
    c.line(panel.x - mm(3), mid.y + mm(1), panel.x - mm(3), mid.y1)
    c.line(area.x, band.y1 - mm(1.5), area.x1, band.y1 - mm(1.5))
    c.restoreState()

    par_at = None
    if par:
        # upside down in the top-right corner, small and grey: not read by accident
        page_area = page.inset(mm(layout.margin))
        par_at = draw_corner_note(c, page_area.x1, page_area.y1, par)
    return MatGeometry(tuple(cols), tuple(attacks), tuple(boxes), deck_spot, tuple(hand),
                       reserve_spot, par_at, bar)


_RULES_SIZE = 7.0


def _rules_label_width() -> float:
    """The column of the rules' labels: 2.5 mm after the widest (every line counts)."""
    return max(design.string_width(label, design.BOLD, _RULES_SIZE)
               for label, _ in ATTACK_RULES) + mm(2.5)


def _attack_rules_height(width: float) -> float:
    """The height :func:`_draw_attack_rules` needs in a box ``width`` wide."""
    text_w = width - mm(4) - _rules_label_width()
    lines = sum(len(wrap_text(text, design.REGULAR, _RULES_SIZE, text_w))
                for _, text in ATTACK_RULES)
    return (mm(4) + 8.0 * 1.3 + len(ATTACK_RULES) * mm(0.6)
            + lines * _RULES_SIZE * 1.2 + mm(0.5))


def _draw_attack_rules(c: Any, r: Rect) -> None:
    """The attack rule in short, as a two-column table (label, text)."""
    c.saveState()
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.6)
    c.roundRect(r.x, r.y, r.w, r.h, mm(1.5), stroke=1, fill=0)
    inner = r.inset(mm(2))
    y = draw_heading(c, inner.x, inner.y1,
                     "Attacking a monster: three cards on its attack pile", 8.0)
    size = _RULES_SIZE
    label_w = _rules_label_width()
    for label, text in ATTACK_RULES:
        c.setFont(design.BOLD, size)
        c.setFillColorRGB(*INK)
        c.drawString(inner.x, y - size * 0.8 - mm(0.6), label)
        y = draw_text(c, inner.x + label_w, y - mm(0.6), inner.w - label_w, text,
                      size=size, leading=1.2)
    c.restoreState()


_PEEK = mm(3)
_HEAD = 9.5


def _column_sizes(col_w: float) -> tuple[float, float, float, float]:
    """(glyph w, glyph h, attack slot w, attack slot h) for a monster column."""
    inner = col_w - mm(3)
    gw = min(inner * 0.58, mm(30))
    sw = (inner - 2 * mm(1.5)) / 3
    return gw, gw * 1.4, sw, min(sw * 1.4, mm(24))


def _column_height(col_w: float) -> float:
    """The height a monster column needs."""
    _, gh, _, sh = _column_sizes(col_w)
    return _HEAD * 1.3 + mm(1) + 2 * _PEEK + gh + mm(7) + sh + mm(0.5)


def _draw_monster_columns(c: Any, r: Rect, columns: Sequence[Sequence[Card]]
                          ) -> tuple[list[Rect], list[tuple[Rect, Rect, Rect]]]:
    col_w = r.w / 4
    gw, gh, sw, sh = _column_sizes(col_w)
    gap = mm(1.5)
    rects: list[Rect] = []
    attacks: list[tuple[Rect, Rect, Rect]] = []
    grey = (0.3, 0.3, 0.3)
    c.saveState()
    for k, col in enumerate(columns):
        x = r.x + k * col_w
        cr = Rect(x + mm(1.5), r.y, col_w - mm(3), r.h)
        rects.append(cr)
        if k:
            c.setStrokeColorRGB(*GUIDE)
            c.setLineWidth(0.4)
            c.setDash([mm(1), mm(1)], 0)
            c.line(x, r.y + mm(1), x, r.y1 - mm(1))
            c.setDash()
        top = draw_heading(c, cr.x, cr.y1, f"Column {k + 1}", _HEAD)
        # the dealt column: two face-down cards peeking out above the face-up one
        stack_top = top - mm(1)
        gx = cr.x + mm(0.5)
        gy = stack_top - 2 * _PEEK - gh
        for i in (2, 1):
            draw_mini_back(c, Rect(gx, gy + i * _PEEK, gw, gh))
        draw_card_glyph(c, col[0], gx, gy, gw, gh)
        nx = gx + gw + mm(2)
        nw = cr.x1 - nx
        draw_text(c, nx, stack_top - mm(0.3), nw, "2 face down: the next monsters",
                  size=6.3, colour=grey)
        ny = draw_text(c, nx, gy + gh * 0.56, nw, "face up", font=design.BOLD, size=7.5)
        draw_text(c, nx, ny - mm(0.3), nw, f"power {col[0].rank}", size=6.8, colour=grey)
        # the attack pile, at the bottom of the column
        slots_y = cr.y + mm(0.5)
        trio = (Rect(cr.x, slots_y, sw, sh), Rect(cr.x + sw + gap, slots_y, sw, sh),
                Rect(cr.x + 2 * (sw + gap), slots_y, sw, sh))
        attacks.append(trio)
        for slot, label, sub in zip(trio, ("1st", "2nd", "trigger"),
                                    ("+10 reaches power", "total reaches power",
                                     "monster's suit"), strict=True):
            _slot(c, slot, label, sub)
        c.setFont(design.REGULAR, 6.3)
        c.setFillColorRGB(*grey)
        c.drawString(cr.x, slots_y + sh + mm(1.2), "attack pile, in this order:")
    c.restoreState()
    return rects, attacks


def _draw_damage_track(c: Any, r: Rect, reserve: bool) -> list[Rect]:
    c.saveState()
    top = draw_heading(c, r.x, r.y1, "Damage pile", 9.5)
    c.setFont(design.REGULAR, 7)
    # the note starts 3 mm after the heading, however wide the face sets it
    c.drawString(r.x + design.string_width("Damage pile", design.BOLD, 9.5) + mm(3),
                 r.y1 - 9.5 * 0.8,
                 "every discard lands here: tick one box per card (erase one when a "
                 "card leaves)" if reserve else
                 "every discard lands here: tick one box per card")
    note = ("Reserve rule on: the top card of this pile may be played onto a monster as "
            "if it were in your hand; it then leaves the pile."
            if reserve else
            "Reserve rule off: cards on the damage pile stay there for good.")
    note_h = mm(5)
    gap = mm(2)
    bw = (r.w - 6 * gap) / 7
    bh = top - mm(1.5) - (r.y + note_h)
    by = r.y + note_h
    boxes: list[Rect] = []
    for i in range(7):
        b = Rect(r.x + i * (bw + gap), by, bw, bh)
        boxes.append(b)
        last = i == 6
        if last:
            c.setFillColorRGB(*LOST_FILL)
            c.setStrokeColorRGB(*INK)
            c.setLineWidth(2.2)
            c.rect(b.x, b.y, b.w, b.h, stroke=1, fill=1)
        else:
            c.setFillColorRGB(1, 1, 1)
            c.setStrokeColorRGB(*INK)
            c.setLineWidth(0.8)
            c.rect(b.x, b.y, b.w, b.h, stroke=1, fill=0)
        c.setFillColorRGB(*INK)
        c.setFont(design.BOLD, 13)
        c.drawString(b.x + mm(1.5), b.y1 - 13 * 0.78 - mm(1.5), str(i + 1))
        if last:
            draw_icon(c, "monster", b.x1 - mm(5), b.y1 - mm(5), mm(6))
            c.setFont(design.BOLD, 10)
            c.drawCentredString(b.cx, b.y + mm(5.5), "LOST AT 7")
            c.setFont(design.REGULAR, 6)
            c.drawCentredString(b.cx, b.y + mm(2), "the game ends at once")
    draw_text(c, r.x, r.y + note_h - mm(1), r.w, note, size=6.8)
    c.restoreState()
    return boxes


def _draw_panel(c: Any, r: Rect, count: int, reserve: bool) -> tuple[Rect, list[Rect], Rect]:
    c.saveState()
    y = draw_heading(c, r.x, r.y1, "Power deck", 9.5)
    dw = mm(21)
    dh = dw * 1.4
    deck = Rect(r.x + mm(1), y - mm(1) - dh, dw, dh)
    for i in (2, 1, 0):
        draw_mini_back(c, Rect(deck.x + i * mm(0.7), deck.y + i * mm(0.7), dw, dh))
    tx = deck.x1 + mm(4)
    tw = r.x1 - tx
    ty = draw_text(c, tx, y - mm(1.5), tw, f"{count} cards face down",
                   font=design.BOLD, size=7.5)
    jokers = "A to 10 of every suit" + ("" if count == 40 else " and the 2 jokers")
    ty = draw_text(c, tx, ty - mm(0.8), tw, jokers, size=6.8)
    ty = draw_text(c, tx, ty - mm(0.8), tw, "Draw 3 when your hand is empty.", size=6.8)
    draw_text(c, tx, ty - mm(0.8), tw, "Your score: the cards left here at the win.", size=6.8)

    y = deck.y - mm(5)
    y = draw_heading(c, r.x, y, "Hand (3 cards)", 9.5)
    gap = mm(2)
    hw = (r.w - 2 * gap) / 3
    hh = min(hw * 1.4, mm(27))
    hand = [Rect(r.x + i * (hw + gap), y - mm(1) - hh, hw, hh) for i in range(3)]
    for i, h in enumerate(hand):
        _slot(c, h, f"card {i + 1}", "play or discard")

    y = hand[0].y - mm(5)
    y = draw_heading(c, r.x, y, "Reserve", 9.5)
    rw = hw
    rh = hh
    spot = Rect(r.x, y - mm(1) - rh, rw, rh)
    tx = spot.x1 + mm(3)
    tw = r.x1 - tx
    if reserve:
        _slot(c, spot, "reserve", "top of damage pile")
        draw_text(c, tx, y - mm(1.5), tw, "Rule on. The top damage card is a spare: play "
                  "it onto a monster like a hand card (it leaves the damage pile). Mind the "
                  "order of your discards.", size=6.8)
    else:
        c.setStrokeColorRGB(*GUIDE)
        c.setLineWidth(0.7)
        c.setDash([mm(0.6), mm(1.2)], 0)
        c.roundRect(spot.x, spot.y, spot.w, spot.h, 0.1 * spot.w, stroke=1, fill=0)
        c.setDash()
        c.setFont(design.BOLD, 9)
        c.setFillColorRGB(*GUIDE)
        c.drawCentredString(spot.cx, spot.cy - 3, "off")
        draw_text(c, tx, y - mm(1.5), tw, "Reserve rule off. To play with it, print the "
                  "mat with --variant reserve: the top damage card may then be played like a "
                  "hand card.", size=6.8)
    c.restoreState()
    return deck, hand, spot


def draw_mat_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``mat`` sheet: one landscape play mat, with par when ``options["par"]`` asks.

    Raises ParameterError with ``options["par"]`` for a game without a solver.
    """
    par = par_text(sheet.game, sheet.seed, sheet.variants) if sheet.options.get("par") else None
    draw_mat_page(doc, sheet.layout, sheet.game, sheet.seed, sheet.variants, sheet.payload, par)
