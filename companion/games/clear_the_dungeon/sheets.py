"""Clear the Dungeon printed sheets: the play mat, the stacking list, the log sheet and a
printable 54-card deck.

Everything seeded is drawn from the engine's own deal (:func:`generation.deal`), so a
sheet always shows what the validator will check. The rules text on the sheets is the
project's own wording (the original rules are CC BY-NC-ND); the designer is credited on
every sheet.

The deck: 54 poker cards (63 x 88 mm, the ``poker`` layout: 3 x 3 on a portrait page,
shared cut lines) make 6 front pages, each followed by its backs mirrored left-right for
a long-edge flip. A 30 mm QR code does not fit beside a 3 x 3 grid, so the deck's payload
goes into the PDF metadata and one last page, "about this deck", carries the QR code, the
identity block and the printing notes. It comes last so that the front/back pairs stay on
the two sides of one sheet when printed two-sided.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import ceil
from typing import TYPE_CHECKING, Any

from companion.cards import SUITS, Card, Suit, standard_deck
from companion.errors import LayoutError
from companion.games.clear_the_dungeon.generation import deal
from companion.paper.cards import CAP_HEIGHT, draw_card_glyph, draw_lattice, fit_font_size
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    GUIDE,
    INK,
    draw_field,
    draw_footer,
    draw_heading,
    draw_ruled_lines,
    draw_text,
    draw_title,
    footer_height,
    identity_lines,
    wrap_text,
)
from companion.paper.icons import RED, draw_icon, draw_star, draw_suit
from companion.paper.identity import identity_size
from companion.paper.layout import (
    Layout,
    Rect,
    bounding_rect,
    grid_slots,
    load_layout,
    mirror_slot,
    sheet_layout,
)
from companion.paper.marks import draw_crop_marks, draw_cut_lines
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.base import PayloadExtra
    from companion.games.clear_the_dungeon import ClearTheDungeon

__all__ = [
    "DECK_CARDS",
    "DeckPage",
    "MatGeometry",
    "deck_pages",
    "describe_data",
    "draw_card_back",
    "draw_card_front",
    "par_text",
    "render",
    "sheet_payload",
    "stack_order",
]

DECK_CARDS: tuple[Card, ...] = tuple(standard_deck(jokers=2))
"""The printable deck, in print order: spades, hearts, diamonds, clubs (A to K), 2 jokers."""

CARD_MM = (63.0, 88.0)
"""Card size used when a layout leaves the item size to the caller."""
PAR_BUDGET = 200_000
BACK_INK = (0.16, 0.26, 0.5)
BACK_TINT = (0.9, 0.92, 0.97)
FACE_TINT_RED = (0.99, 0.93, 0.93)
FACE_TINT_BLACK = (0.93, 0.93, 0.93)
SLOT_GREY = (0.45, 0.45, 0.45)
LOST_FILL = (0.86, 0.86, 0.86)
_SUIT_WORDS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
               Suit.CLUBS: "clubs"}


# ----------------------------------------------------------------------- shared
def sheet_payload(game: ClearTheDungeon, seed: str, params: Mapping[str, int], kind: str,
                  variants: Sequence[str]) -> str:
    """The QR payload of a sheet: the mat has no ``kind`` key, every other kind has;
    variants add ``variant=reserve+no-jokers``."""
    extra: PayloadExtra = {} if kind == "mat" else {"kind": kind}
    if variants:
        extra["variant"] = "+".join(variants)
    return game.payload(seed, params, **extra)


def _variant_words(variants: Sequence[str]) -> str:
    return ("variants " + ", ".join(variants)) if variants else "standard rules"


def _layout(options: Mapping[str, Any], default: str) -> Layout:
    return sheet_layout(options.get("layout"), default)


def _power_count(variants: Sequence[str]) -> int:
    return 40 if "no-jokers" in variants else 42


def stack_order(seed: str, variants: Sequence[str] = ()) -> tuple[tuple[tuple[Card, ...], ...],
                                                                  tuple[Card, ...]]:
    """(monster columns top card first, power deck top card first) as the stacking list
    prints them: the engine's deal, without jokers for ``no-jokers``."""
    d = deal(seed, "no-jokers" not in variants)
    return d.columns, d.power


def par_text(game: ClearTheDungeon, seed: str, variants: tuple[str, ...]) -> str:
    """``par N``, ``par N or more`` (a win found, the budget ran out before it was
    proven best), ``par: not winnable`` or ``par unknown`` from the game's solver.

    Raises ParameterError if the game has no solver (the error is not hidden).
    """
    report = game.solve(seed, {}, variants, budget=PAR_BUDGET)
    if report.status == "won" and report.score is not None:
        return f"par {report.score}"
    if report.status == "lost":
        return "par: not winnable"
    if report.score is not None:
        return f"par {report.score} or more"
    return "par unknown"


def draw_mini_back(c: Any, r: Rect) -> None:
    """A small face-down card: rounded outline, tinted, cross-hatched."""
    radius = 0.12 * min(r.w, r.h)
    c.saveState()
    c.setLineWidth(0.6)
    c.setStrokeColorRGB(*INK)
    c.setFillColorRGB(*BACK_TINT)
    c.roundRect(r.x, r.y, r.w, r.h, radius, stroke=1, fill=1)
    inner = r.inset(min(r.w, r.h) * 0.1)
    clip = c.beginPath()
    clip.roundRect(inner.x, inner.y, inner.w, inner.h, radius * 0.6)
    c.clipPath(clip, stroke=0, fill=0)
    draw_lattice(c, inner, max(mm(1.6), inner.w / 9), 0.35, BACK_INK)
    c.restoreState()


def _slot(c: Any, r: Rect, label: str, sub: str = "", size: float = 7.5) -> None:
    """An empty card spot: a dashed rounded outline with a label (and a small note)."""
    c.saveState()
    c.setStrokeColorRGB(*SLOT_GREY)
    c.setLineWidth(0.7)
    c.setDash([mm(1.2), mm(0.9)], 0)
    c.roundRect(r.x, r.y, r.w, r.h, 0.1 * min(r.w, r.h), stroke=1, fill=0)
    c.setDash()
    c.setFillColorRGB(*INK)
    fs = fit_font_size(label, "Helvetica-Bold", size, r.w * 0.86)
    c.setFont("Helvetica-Bold", fs)
    mid = r.cy + (fs * 0.3 if sub else -fs * 0.35)
    c.drawCentredString(r.cx, mid, label)
    if sub:
        c.setFillColorRGB(0.3, 0.3, 0.3)
        ss = min(5.6, fs * 0.8)
        lines = wrap_text(sub, "Helvetica", ss, r.w * 0.9)
        y = mid - ss * 1.45
        c.setFont("Helvetica", ss)
        for line in lines:
            c.drawCentredString(r.cx, y, line)
            y -= ss * 1.2
    c.restoreState()


# -------------------------------------------------------------------------- render
def render(game: ClearTheDungeon, kind: str, seed: str, params: dict[str, int], paper: str,
           options: dict[str, Any]) -> bytes:
    """The PDF bytes of one sheet kind: ``mat``, ``stack``, ``log`` or ``deck``.

    Raises ParameterError for an unknown variant (or, with ``options["par"]``, a game
    without a solver), LayoutError for an unusable layout.
    """
    variants = game.sheet_variants(options)
    payload = sheet_payload(game, seed, params, kind, variants)
    if kind == "mat":
        layout = _layout(options, "map")
        par = par_text(game, seed, variants) if options.get("par") else None
        doc = SheetDocument(f"{game.title} play mat {seed}", paper, True, [payload])
        draw_mat_page(doc, layout, game, seed, variants, payload, par)
    elif kind == "stack":
        layout = _layout(options, "list")
        doc = SheetDocument(f"{game.title} stacking list {seed}", paper, layout.landscape,
                            [payload])
        draw_stack_page(doc, layout, game, seed, variants, payload)
    elif kind == "log":
        layout = _layout(options, "list")
        doc = SheetDocument(f"{game.title} log sheet {seed}", paper, layout.landscape,
                            [payload])
        draw_log_page(doc, layout, game, seed, variants, payload)
    elif kind == "deck":
        layout = _layout(options, "poker")
        offset = options.get("back_offset") or (0.0, 0.0)
        doc = SheetDocument(f"{game.title} printable deck", paper, layout.landscape,
                            [payload])
        draw_deck(doc, layout, game, seed, variants, payload,
                  (float(offset[0]), float(offset[1])))
    else:  # pragma: no cover - the game checks the kind first
        game.sheet_kind(kind)
        raise AssertionError(kind)
    return doc.finish()


# ----------------------------------------------------------------------------- mat
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
    lines = identity_lines(game.title, seed, _variant_words(variants), "play mat")
    band_h = footer_height(payload, lines, qr_w)
    band = Rect(area.x, area.y, area.w, band_h)
    id_w, id_h = identity_size(payload, lines, qr_w, max_width=area.w * 0.62)
    draw_footer(c, band, payload, lines, qr_w, right_text=[game.credits])
    rules = Rect(area.x + id_w + mm(6), area.y + mm(4), area.x1 - (area.x + id_w + mm(6)),
                 id_h - mm(4))
    _draw_attack_rules(c, rules)

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
        par_at = (page_area.x1, page_area.y1)
        c.saveState()
        c.translate(*par_at)
        c.rotate(180)
        c.setFont("Helvetica", 6.5)
        c.setFillColorRGB(0.45, 0.45, 0.45)
        c.drawString(0, -6.5 * 0.75, par)
        c.restoreState()
    return MatGeometry(tuple(cols), tuple(attacks), tuple(boxes), deck_spot, tuple(hand),
                       reserve_spot, par_at)


def _draw_attack_rules(c: Any, r: Rect) -> None:
    """The attack rule in short, as a two-column table (label, text)."""
    c.saveState()
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.6)
    c.roundRect(r.x, r.y, r.w, r.h, mm(1.5), stroke=1, fill=0)
    inner = r.inset(mm(2))
    y = draw_heading(c, inner.x, inner.y1,
                     "Attacking a monster: three cards on its attack pile", 8.0)
    label_w = mm(16)
    size = 7.0
    for label, text in ATTACK_RULES:
        c.setFont("Helvetica-Bold", size)
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
        ny = draw_text(c, nx, gy + gh * 0.56, nw, "face up", font="Helvetica-Bold", size=7.5)
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
        c.setFont("Helvetica", 6.3)
        c.setFillColorRGB(*grey)
        c.drawString(cr.x, slots_y + sh + mm(1.2), "attack pile, in this order:")
    c.restoreState()
    return rects, attacks


def _draw_damage_track(c: Any, r: Rect, reserve: bool) -> list[Rect]:
    c.saveState()
    top = draw_heading(c, r.x, r.y1, "Damage pile", 9.5)
    c.setFont("Helvetica", 7)
    c.drawString(r.x + mm(22), r.y1 - 9.5 * 0.8,
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
        c.setFont("Helvetica-Bold", 13)
        c.drawString(b.x + mm(1.5), b.y1 - 13 * 0.78 - mm(1.5), str(i + 1))
        if last:
            draw_icon(c, "monster", b.x1 - mm(5), b.y1 - mm(5), mm(6))
            c.setFont("Helvetica-Bold", 10)
            c.drawCentredString(b.cx, b.y + mm(5.5), "LOST AT 7")
            c.setFont("Helvetica", 6)
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
                   font="Helvetica-Bold", size=7.5)
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
        c.setFont("Helvetica-Bold", 9)
        c.setFillColorRGB(*GUIDE)
        c.drawCentredString(spot.cx, spot.cy - 3, "off")
        draw_text(c, tx, y - mm(1.5), tw, "Reserve rule off. To play with it, print the "
                  "mat with --variant reserve: the top damage card may then be played like a "
                  "hand card.", size=6.8)
    c.restoreState()
    return deck, hand, spot


# ------------------------------------------------------------------- stacking list
def draw_stack_page(doc: SheetDocument, layout: Layout, game: ClearTheDungeon, seed: str,
                    variants: tuple[str, ...], payload: str) -> None:
    """The stacking list: monster columns as dealt, then the power deck, top first."""
    c = doc.canvas
    area = doc.page_rect.inset(mm(layout.margin))
    columns, power = stack_order(seed, variants)
    count = len(power)
    area = draw_title(c, area, f"{game.title}: stacking list",
                      f"Seed {seed}, {_variant_words(variants)}. Arrange a real 54-card "
                      "deck in this order to play the seeded deal: everyone who plays this "
                      "seed meets the same monsters and draws the same cards.")
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, seed, _variant_words(variants), "stacking list")
    foot = footer_height(payload, lines, qr_w)
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                right_text=[game.credits])
    body = Rect(area.x, area.y + foot, area.w, area.h - foot)
    jokers = ("Leave both jokers out of the game (variant no-jokers)." if count == 40
              else "Both jokers belong to the power deck.")
    steps = (
        f"1. Sort the cards: the 12 J, Q and K are the monsters; A to 10 of every suit "
        f"are the power deck. {jokers}",
        "2. Monsters: for each column put its 3rd card face down, the 2nd face down on "
        "top of it and the 1st face up on top. Columns 1 to 4 run from left to right.",
        f"3. Power deck: lay the cards face up in one pile in list order, card 1 first, "
        f"card 2 on top of it, up to card {count}. Then turn the whole pile over: card 1 "
        "is now the top card, face down.",
        "4. Stack without reading ahead, or let someone else do it. In the log of a "
        "seeded game 'draw' alone is enough: the validator knows the order.",
    )
    y = body.y1
    for step in steps:
        y = draw_text(c, body.x, y, body.w, step, size=7.8) - mm(0.8)

    # monster columns
    y -= mm(2)
    y = draw_heading(c, body.x, y, "Monster columns, top card first", 10)
    col_w = body.w / 4
    gw = min(mm(14), (col_w - mm(6)) / 3)
    gh = gw * 1.35
    labels = ("1st, face up", "2nd, face down", "3rd, face down")
    c.saveState()
    for k, col in enumerate(columns):
        x = body.x + k * col_w
        c.setFont("Helvetica-Bold", 8)
        c.setFillColorRGB(*INK)
        c.drawString(x, y - 8, f"Column {k + 1}")
        for i, card in enumerate(col):
            gx = x + i * (gw + mm(1.5))
            gy = y - mm(4.5) - gh
            draw_card_glyph(c, card, gx, gy, gw, gh, highlight=i == 0)
            c.setFont("Helvetica", 5.8)
            c.setFillColorRGB(0.3, 0.3, 0.3)
            c.drawCentredString(gx + gw / 2, gy - mm(2.6), labels[i])
    c.restoreState()
    y -= mm(4.5) + gh + mm(6)

    # the power deck
    y = draw_heading(c, body.x, y, f"Power deck, {count} cards, card 1 is the top card", 10)
    per_row = 7
    rows = ceil(count / per_row)
    cell_w = body.w / per_row
    avail = y - mm(1) - body.y
    cell_h = min(avail / rows, mm(22))
    pw = min(mm(13), (cell_h - mm(2)) / 1.35, cell_w * 0.5)
    ph = pw * 1.35
    c.saveState()
    for i, card in enumerate(power):
        row, place = divmod(i, per_row)
        cx = body.x + place * cell_w
        cy = y - mm(1) - (row + 1) * cell_h + (cell_h - ph) / 2
        c.setFont("Helvetica-Bold", 10)
        c.setFillColorRGB(0.3, 0.3, 0.3)
        c.drawRightString(cx + mm(8), cy + ph / 2 - 3.5, str(i + 1))
        draw_card_glyph(c, card, cx + mm(9.5), cy, pw, ph)
    c.restoreState()


# ------------------------------------------------------------------------- log sheet
VERB_HELP: tuple[tuple[str, str], ...] = (
    ("monsters JS QH KD JC", "the four face-up monsters after the deal, columns 1 to 4"),
    ("draw", "seeded game: the validator knows which cards come next"),
    ("draw 3H 10C JK", "free deal: write down the cards you drew"),
    ("play 7S on 2", "attack the monster of column 2 with 7S from the hand ..."),
    ("play 7S on QS", "... or name the monster instead of the column"),
    ("discard 4D", "a hand card goes to the damage pile"),
    ("reveal KH", "the monster turned face up after a defeat (free deal)"),
)


def draw_log_page(doc: SheetDocument, layout: Layout, game: ClearTheDungeon, seed: str,
                  variants: tuple[str, ...], payload: str) -> None:
    """The log sheet: header fields, the verbs in short, numbered lines."""
    c = doc.canvas
    area = doc.page_rect.inset(mm(layout.margin))
    area = draw_title(c, area, f"{game.title}: game log",
                      "Write one action per line, as in the examples; type it up later and "
                      "check it with: companion validate my-game.log")
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, seed, _variant_words(variants), "log sheet")
    foot = footer_height(payload, lines, qr_w)
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                right_text=[game.credits])
    top = area.y1
    fh = mm(10)
    gap = mm(2)
    fields = (("Game", "clear-the-dungeon"), ("Seed", seed),
              ("Variant", ", ".join(variants)), ("Player", ""), ("Date", ""),
              ("Claim (score)", ""))
    fw = (area.w - 2 * gap) / 3
    for i, (label, value) in enumerate(fields):
        row, col = divmod(i, 3)
        draw_field(c, area.x + col * (fw + gap), top - (row + 1) * fh - row * gap, fw, fh,
                   label, value)
    y = top - 2 * fh - gap - mm(4)
    c.saveState()
    y = draw_heading(c, area.x, y, "Verbs", 8.5)
    row_h = 9.2
    for i, (verb, meaning) in enumerate(VERB_HELP):
        vy = y - 7 - i * row_h
        c.setFont("Courier-Bold", 7.5)
        c.setFillColorRGB(*INK)
        c.drawString(area.x, vy, verb)
        c.setFont("Helvetica", 7)
        c.drawString(area.x + mm(40), vy, meaning)
    y -= 7 + len(VERB_HELP) * row_h + mm(2)
    # card spelling, with the suits drawn as icons
    c.setFont("Helvetica", 7)
    c.setFillColorRGB(*INK)
    x = area.x
    text = "Cards: rank A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), then the suit letter:"
    c.drawString(x, y, text)
    from reportlab.pdfbase.pdfmetrics import stringWidth

    x += stringWidth(text, "Helvetica", 7) + mm(2)
    for suit in SUITS:
        c.setFont("Courier-Bold", 7.5)
        c.setFillColorRGB(*INK)
        c.drawString(x, y, suit.letter)
        x += stringWidth(suit.letter, "Courier-Bold", 7.5) + mm(0.6)
        draw_suit(c, suit, x + mm(1.3), y + mm(0.9), mm(2.7), RED if suit.is_red else INK)
        x += mm(3)
        c.setFont("Helvetica", 7)
        c.setFillColorRGB(*INK)
        word = _SUIT_WORDS[suit] + ("," if suit is not SUITS[-1] else ";")
        c.drawString(x, y, word)
        x += stringWidth(word, "Helvetica", 7) + mm(2)
    c.drawString(x, y, "joker JK.")
    y -= 10
    c.drawString(area.x, y, "A line may end with a comment after #. The damage pile loses "
                 "at its 7th card: keep a tally in the margin if it helps.")
    c.restoreState()
    y -= mm(4)
    draw_ruled_lines(c, Rect(area.x, area.y + foot, area.w, y - (area.y + foot)), columns=3,
                     pitch=mm(6.5))


# ----------------------------------------------------------------------------- deck
@dataclass(frozen=True)
class DeckPage:
    """One page of the printable deck: ``side`` is ``front``, ``back`` or ``about``;
    ``slots[i]`` (points) holds ``cards[i]`` (its face on a front page, its back on a back
    page); ``trim`` is the page's TrimBox (the card block; None: the whole page)."""

    side: str
    cards: tuple[Card, ...]
    slots: tuple[Rect, ...]
    trim: Rect | None
    landscape: bool


def deck_pages(paper: str, layout: Layout | None = None,
               back_offset: tuple[float, float] = (0.0, 0.0)) -> list[DeckPage]:
    """The page plan of the printable deck: front pages, each followed by its backs
    (mirrored left-right, shifted by ``back_offset`` mm) unless the layout prints
    single-sided (``duplex = "none"``), then one "about this deck" page.

    Raises LayoutError if the layout is not a grid layout or does not fit ``paper``.
    """
    layout = layout or load_layout("poker")
    if layout.kind != "grid":
        raise LayoutError(f"the deck needs a grid layout (cards), not the {layout.kind} "
                          f"layout {layout.name!r}: try --layout poker")
    item = None if layout.item_given else CARD_MM
    slots = grid_slots(layout, paper, item=item)
    page_w = layout.page_size(paper)[0]
    backs = [mirror_slot(s, page_w, back_offset) for s in slots]
    per = len(slots)
    plan: list[DeckPage] = []
    for start in range(0, len(DECK_CARDS), per):
        cards = DECK_CARDS[start:start + per]
        n = len(cards)
        plan.append(DeckPage("front", cards, tuple(slots[:n]),
                             bounding_rect(list(slots[:n])), layout.landscape))
        if layout.duplex != "none":
            plan.append(DeckPage("back", cards, tuple(backs[:n]),
                                 bounding_rect(list(backs[:n])), layout.landscape))
    plan.append(DeckPage("about", (), (), None, False))
    return plan


def draw_deck(doc: SheetDocument, layout: Layout, game: ClearTheDungeon, seed: str,
              variants: tuple[str, ...], payload: str,
              back_offset: tuple[float, float]) -> list[DeckPage]:
    """Every page of the printable deck (see :func:`deck_pages`); returns the plan."""
    plan = deck_pages(doc.paper, layout, back_offset)
    bleed = mm(layout.bleed)
    for i, page in enumerate(plan):
        c = doc.canvas if i == 0 else doc.new_page(page.landscape)
        if page.side == "about":
            _draw_deck_about(doc, game, seed, variants, payload, layout, plan, back_offset)
            continue
        assert page.trim is not None
        doc.set_trim(page.trim)
        if bleed:
            doc.set_bleed(page.trim.inset(-bleed))
        if page.side == "front":
            for card, slot in zip(page.cards, page.slots, strict=True):
                draw_card_front(c, card, slot)
            draw_cut_lines(c, list(page.slots), width=0.3, gray=0.72)
            if layout.crop_marks:
                draw_crop_marks(c, list(page.slots), offset=max(mm(3), bleed),
                                page_size=doc.page_size)
        else:
            for slot in page.slots:
                draw_card_back(c, slot, game.title)
    return plan


def _index(c: Any, card: Card, r: Rect, colour: tuple[float, float, float]) -> None:
    """Rank over suit in the top-left corner of ``r``."""
    size = 15.5 if card.rank_name != "JK" else 11.5
    cx = r.x + mm(6.3)
    top = r.y1 - mm(4)
    c.setFillColorRGB(*colour)
    c.setFont("Helvetica-Bold", size)
    c.drawCentredString(cx, top - size * CAP_HEIGHT, card.rank_name)
    icon_y = top - size * CAP_HEIGHT - mm(1.6) - mm(2.2)
    if card.suit is None:
        draw_star(c, cx, icon_y, mm(4.8), colour)
    else:
        draw_suit(c, card.suit, cx, icon_y, mm(4.4), colour)


# pip positions (x in -1..1, y in -1..1, y up); pips below the middle are turned
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0, 1), (0, -1)),
    3: ((0, 1), (0, 0), (0, -1)),
    4: ((-1, 1), (1, 1), (-1, -1), (1, -1)),
    5: ((-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)),
    6: ((-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)),
    7: ((-1, 1), (1, 1), (0, 0.5), (-1, 0), (1, 0), (-1, -1), (1, -1)),
    8: ((-1, 1), (1, 1), (0, 0.5), (-1, 0), (1, 0), (0, -0.5), (-1, -1), (1, -1)),
    9: ((-1, 1), (1, 1), (-1, 1 / 3), (1, 1 / 3), (0, 0), (-1, -1 / 3), (1, -1 / 3),
        (-1, -1), (1, -1)),
    10: ((-1, 1), (1, 1), (0, 2 / 3), (-1, 1 / 3), (1, 1 / 3), (-1, -1 / 3), (1, -1 / 3),
         (0, -2 / 3), (-1, -1), (1, -1)),
}


def _turned(c: Any, cx: float, cy: float, draw: Any) -> None:
    """Call ``draw(c)`` in a frame turned 180 degrees about ``(cx, cy)``."""
    c.saveState()
    c.translate(cx, cy)
    c.rotate(180)
    c.translate(-cx, -cy)
    draw(c)
    c.restoreState()


def draw_card_front(c: Any, card: Card, r: Rect) -> None:
    """The face of ``card`` in the card rectangle ``r`` (points): corner indices (the
    second turned 180 degrees), pips for A-10, a framed letter for J Q K, a star for a
    joker. Nothing within 3 mm of the cut edge."""
    colour = RED if card.is_red else INK
    c.saveState()
    _index(c, card, r, colour)
    _turned(c, r.cx, r.cy, lambda cc: _index(cc, card, r, colour))
    if card.is_joker:
        _joker_centre(c, r)
    elif card.is_face:
        _face_centre(c, card, r, colour)
    else:
        _pips(c, card, r, colour)
    c.restoreState()


def _pips(c: Any, card: Card, r: Rect, colour: tuple[float, float, float]) -> None:
    assert card.suit is not None
    suit = card.suit
    if card.rank == 1:
        draw_suit(c, suit, r.cx, r.cy, mm(24), colour)
        return
    pip = mm(10)
    half_w = (r.w - 2 * mm(12.5)) / 2 - pip / 2
    half_h = (r.h - 2 * mm(9)) / 2 - pip / 2
    for px, py in _PIPS[card.rank]:
        x, y = r.cx + px * half_w, r.cy + py * half_h
        if py < 0:
            _turned(c, x, y, lambda cc, x=x, y=y: draw_suit(cc, suit, x, y, pip, colour))
        else:
            draw_suit(c, suit, x, y, pip, colour)


def _face_centre(c: Any, card: Card, r: Rect, colour: tuple[float, float, float]) -> None:
    assert card.suit is not None
    suit = card.suit
    frame = Rect(r.x + mm(12.5), r.y + mm(8), r.w - 2 * mm(12.5), r.h - 2 * mm(8))
    c.setFillColorRGB(*(FACE_TINT_RED if card.is_red else FACE_TINT_BLACK))
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(0.9)
    c.roundRect(frame.x, frame.y, frame.w, frame.h, mm(2), stroke=1, fill=1)
    c.setLineWidth(0.4)
    inner = frame.inset(mm(1.2))
    c.roundRect(inner.x, inner.y, inner.w, inner.h, mm(1.3), stroke=1, fill=0)
    size = 58.0
    c.setFillColorRGB(*colour)
    c.setFont("Helvetica-Bold", size)
    c.drawCentredString(r.cx, r.cy - size * CAP_HEIGHT / 2, card.rank_name)
    icon = mm(11)
    off = mm(21)
    draw_suit(c, suit, r.cx, r.cy + off, icon, colour)
    _turned(c, r.cx, r.cy - off, lambda cc: draw_suit(cc, suit, r.cx, r.cy - off, icon,
                                                      colour))
    badge = "crown" if card.rank == 13 else "monster"
    draw_icon(c, badge, r.cx, frame.y1 - mm(5), mm(5.5), colour)
    _turned(c, r.cx, frame.y + mm(5),
            lambda cc: draw_icon(cc, badge, r.cx, frame.y + mm(5), mm(5.5), colour))


def _joker_centre(c: Any, r: Rect) -> None:
    draw_star(c, r.cx, r.cy, mm(30))
    c.setFillColorRGB(*INK)
    c.setFont("Helvetica-Bold", 13)
    c.drawCentredString(r.cx, r.cy - mm(22), "JOKER")
    _turned(c, r.cx, r.cy + mm(22) - 13 * CAP_HEIGHT / 2,
            lambda cc: cc.drawCentredString(r.cx, r.cy + mm(22) - 13 * CAP_HEIGHT, "JOKER"))


def draw_card_back(c: Any, r: Rect, title: str) -> None:
    """The shared back in the card rectangle ``r``: a white margin (it hides a few mm
    of duplex drift), a tinted frame with a diagonal lattice and the game name."""
    c.saveState()
    outer = r.inset(mm(3.5))
    c.setFillColorRGB(*BACK_TINT)
    c.setStrokeColorRGB(*BACK_INK)
    c.setLineWidth(1.2)
    c.roundRect(outer.x, outer.y, outer.w, outer.h, mm(3), stroke=1, fill=1)
    inner = outer.inset(mm(2))
    c.setLineWidth(0.5)
    c.roundRect(inner.x, inner.y, inner.w, inner.h, mm(2), stroke=1, fill=0)
    c.saveState()
    clip = c.beginPath()
    clip.roundRect(inner.x, inner.y, inner.w, inner.h, mm(2))
    c.clipPath(clip, stroke=0, fill=0)
    draw_lattice(c, inner, mm(4), 0.5, BACK_INK)
    c.restoreState()
    plate = Rect(r.cx - mm(21), r.cy - mm(8), mm(42), mm(16))
    c.setFillColorRGB(1, 1, 1)
    c.setLineWidth(0.9)
    c.roundRect(plate.x, plate.y, plate.w, plate.h, mm(3), stroke=1, fill=1)
    size = fit_font_size(title, "Helvetica-Bold", 9.5, plate.w - mm(5))
    c.setFillColorRGB(*BACK_INK)
    c.setFont("Helvetica-Bold", size)
    c.drawCentredString(r.cx, r.cy - size * CAP_HEIGHT / 2, title)
    c.restoreState()


def _draw_deck_about(doc: SheetDocument, game: ClearTheDungeon, seed: str,
                     variants: tuple[str, ...], payload: str, layout: Layout,
                     plan: list[DeckPage], back_offset: tuple[float, float]) -> None:
    c = doc.canvas
    list_layout = load_layout("list")
    area = doc.page_rect.inset(mm(list_layout.margin))
    area = draw_title(c, area, f"{game.title}: printable deck",
                      "About this deck: how to print it, cut it and use it.")
    qr_w = mm(max(layout.qr_size, list_layout.qr_size))
    lines = identity_lines(game.title, seed, _variant_words(variants), "printable deck")
    foot = footer_height(payload, lines, qr_w)
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                right_text=[game.credits])
    cards = [p for p in plan if p.side != "about"]
    fronts = sum(1 for p in cards if p.side == "front")
    w, h = layout.item_w or CARD_MM[0], layout.item_h or CARD_MM[1]
    duplex = layout.duplex != "none"
    dx, dy = back_offset
    paras = [
        f"54 cards of {w:g} x {h:g} mm: A to K in spades, hearts, diamonds and clubs, and "
        f"two jokers, on {fronts} front pages"
        + (f", each followed by a page of backs (pages 1 to {len(cards)}). This page, "
           f"page {len(cards) + 1}, prints on its own." if duplex else "."),
        "Print at actual size (100 %, no 'fit to page'), then check with a ruler that a "
        f"card measures {w:g} x {h:g} mm.",
    ]
    if duplex:
        flip = "short" if layout.landscape else "long"
        paras.append(
            f"Print two-sided and flip on the {flip} edge: every back lands behind its own "
            "front. Printers drift a little between the two sides; the white border round "
            "each back hides a few millimetres. If the backs still land off, measure how "
            "far (right and up are positive) and print again with --back-offset X,Y (mm)"
            + (f"; this copy uses {dx:g},{dy:g}." if (dx, dy) != (0.0, 0.0) else "."))
    paras.append("Cut along the crop marks outside the grid; neighbouring cards share "
                 "their cut lines, so one cut parts two cards. Card sleeves make thin "
                 "paper cards much easier to shuffle.")
    paras.append("For Clear the Dungeon, the 12 J, Q and K are the monsters and A to 10 "
                 "with the jokers are the power deck"
                 + (" (set both jokers aside: variant no-jokers)." if "no-jokers" in variants
                    else "."))
    paras.append("The deck is the same for every seed; the seed printed below identifies "
                 "this copy. To play a seeded deal, stack the deck with the stacking list "
                 "(companion sheets clear-the-dungeon --kind stack).")
    y = area.y1
    for p in paras:
        y = draw_text(c, area.x, y, area.w, p, size=9.5, leading=1.3) - mm(3)
    # a sample of a front and a back, at full size
    y -= mm(4)
    sample_w, sample_h = mm(w), mm(h)
    if y - sample_h > area.y + foot + mm(4):
        x0 = area.x + (area.w - 2 * sample_w - mm(12)) / 2
        front = Rect(x0, y - sample_h, sample_w, sample_h)
        back = Rect(x0 + sample_w + mm(12), y - sample_h, sample_w, sample_h)
        draw_card_front(c, DECK_CARDS[12], front)
        draw_card_back(c, back, game.title)
        c.setStrokeColorRGB(*GUIDE)
        c.setLineWidth(0.4)
        for rr in (front, back):
            c.rect(rr.x, rr.y, rr.w, rr.h, stroke=1, fill=0)
        c.setFont("Helvetica", 7)
        c.setFillColorRGB(*INK)
        c.drawCentredString(front.cx, front.y - mm(4), "a front (full size)")
        c.drawCentredString(back.cx, back.y - mm(4), "the back")


def describe_data(game: ClearTheDungeon, kind: str, seed: str, params: Mapping[str, int],
                  options: Mapping[str, Any]) -> dict[str, Any]:
    """What a sheet shows, as JSON-ready data (used by ``describe``)."""
    variants = game.sheet_variants(options)
    columns, power = stack_order(seed, variants)
    data: dict[str, Any] = {
        "game": game.name, "seed": seed, "kind": kind, "variants": list(variants),
        "payload": sheet_payload(game, seed, params, kind, variants),
        "columns": [[str(c) for c in col] for col in columns],
        "power_deck": [str(c) for c in power],
    }
    if kind == "deck":
        data["deck"] = [str(c) for c in DECK_CARDS]
    return data

