"""Clear the Dungeon printed sheets: the play mat, the stacking list, the log sheet and a
printable 54-card deck.

Everything seeded is drawn from the engine's own deal (:func:`generation.deal`), so a
sheet always shows what the validator will check. The rules text on the sheets is the
project's own wording (the original rules are CC BY-NC-ND); the designer is credited on
every sheet.

The deck is the same for every seed and prints none (``SheetKind.seeded`` false). Its
instruction page comes first; then 54 poker cards (63 x 88 mm, the ``poker`` layout:
3 x 3 on a portrait page, shared cut lines) on 6 front pages, with their backs as
``options["backs"]`` asks (:func:`deck_pages`):

- ``duplex`` (the default): each front page is followed by its backs, mirrored
  left-right for a long-edge flip. The instruction page then has a back too (the next
  page), a sample card back lying behind the sample front, so the first sheet doubles
  as a check of the printer's two sides and the card sheets stay pairs.
- ``fold``: fronts and their backs on one page, mirrored about a fold line
  (:mod:`companion.paper.fold`).
- ``none``: the fronts only.

Every card page names itself in its margin (game, kind, page n of m) and carries the
50 mm scale bar; a small QR code goes wherever the margin holds one: the grid moves a
few millimetres down on A4 to make room for it, US Letter has none to spare (its card
pages name themselves in plain text up the side margin).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from math import ceil
from typing import TYPE_CHECKING, Any

from companion.cards import SUITS, Card, Suit, standard_deck
from companion.errors import LayoutError
from companion.games.clear_the_dungeon.generation import deal
from companion.paper.cards import CAP_HEIGHT, draw_card_glyph, draw_lattice, fit_font_size
from companion.paper.document import SheetDocument
from companion.paper.fold import (
    FoldPlan,
    back_turned,
    check_backs,
    draw_fold_crop_marks,
    draw_fold_line,
    draw_offset_note,
    fold_plan,
)
from companion.paper.frame import (
    GUIDE,
    INK,
    LABEL_FONT,
    SCALE_BAR_MM,
    draw_field,
    draw_footer,
    draw_heading,
    draw_ruled_lines,
    draw_scale_bar,
    draw_text,
    draw_title,
    footer_height,
    identity_lines,
    wrap_text,
)
from companion.paper.icons import RED, draw_icon, draw_star, draw_suit
from companion.paper.identity import (
    BODY_STYLE,
    LEADING,
    SEED_STYLE,
    TITLE_STYLE,
    identity_size,
)
from companion.paper.layout import (
    Layout,
    Rect,
    bleed_rect,
    bounding_rect,
    grid_slots,
    load_layout,
    mirror_slot,
    sheet_layout,
)
from companion.paper.marks import (
    MARK_CLEAR,
    MIN_MARK,
    crop_mark_segments,
    draw_crop_marks,
    draw_cut_lines,
)
from companion.paper.qr import draw_margin_qr, margin_qr_side, qr_footprint
from companion.paper.units import UNPRINTABLE_MM, mm

if TYPE_CHECKING:
    from companion.games.base import PayloadExtra
    from companion.games.clear_the_dungeon import ClearTheDungeon

__all__ = [
    "DECK_CARDS",
    "DeckPage",
    "MatGeometry",
    "backs_mode",
    "deck_fold_plan",
    "deck_pages",
    "describe_data",
    "draw_log_pages",
    "draw_card_back",
    "draw_card_front",
    "draw_small_qr",
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
    """``standard rules``, ``variant: reserve`` or ``variants: reserve, no-jokers``."""
    if not variants:
        return "standard rules"
    return ("variant: " if len(variants) == 1 else "variants: ") + ", ".join(variants)


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
        draw_log_pages(doc, layout, game, seed, variants, payload)
    elif kind == "deck":
        layout = _layout(options, "poker")
        offset = options.get("back_offset") or (0.0, 0.0)
        backs = backs_mode(layout, options.get("backs"))
        doc = SheetDocument(f"{game.title} printable deck", paper, layout.landscape,
                            [payload], duplex=_flip(layout) if backs == "duplex" else None)
        draw_deck(doc, layout, game, variants, payload,
                  (float(offset[0]), float(offset[1])), backs)
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
    band_h = footer_height(payload, lines, qr_w)
    band = Rect(area.x, area.y, area.w, band_h)
    id_w, id_h = identity_size(payload, lines, qr_w, max_width=area.w * 0.62)
    draw_footer(c, band, payload, lines, qr_w, right_text=[game.credits])
    rules = Rect(area.x + id_w + mm(6), area.y + mm(4), area.x1 - (area.x + id_w + mm(6)),
                 id_h - mm(4))
    _draw_attack_rules(c, rules)
    # the scale check: under the identity text, beside the QR code, left of the rules
    side = qr_footprint(payload, qr_w)
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
        par_at = (page_area.x1, page_area.y1)
        c.saveState()
        c.translate(*par_at)
        c.rotate(180)
        c.setFont("Helvetica", 6.5)
        c.setFillColorRGB(0.45, 0.45, 0.45)
        c.drawString(0, -6.5 * 0.75, par)
        c.restoreState()
    return MatGeometry(tuple(cols), tuple(attacks), tuple(boxes), deck_spot, tuple(hand),
                       reserve_spot, par_at, bar)


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
    lines = identity_lines(game.title, seed, "",
                           f"stacking list; {_variant_words(variants)}")
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


LOG_LINES_SEEN = 84
"""The most log lines a game was seen to take (measured 2026-11-23; a line is what a
written-out log holds: ``monsters``, every ``draw``, ``play`` and ``discard``, and the
``reveal`` lines).

- Simulated games, seeds S0-S4999 with the random, greedy and expert players under each
  of the four variant sets (60,000 games): longest 84 lines (75 actions: the random
  player with ``reserve``), 99.9th percentile 81 lines (72 actions). By variant set
  (max / 99.9th percentile, lines): standard 65 / 65, no-jokers 63 / 63, reserve
  84 / 83, reserve and no-jokers 84 / 82.
- The solver's best lines (``solve --out``; budget 200,000 nodes, seeds S0-S1999 under
  each variant set, 8,000 deals): longest 76 lines, 99.9th percentile 72; its winning
  lines: standard 61 (20 of 832 wins over 60 lines: the old 60-line sheet was too
  short), no-jokers 63, reserve 71, reserve and no-jokers 71.
- All 68,000 games: max 84 lines, 99.9th percentile 80 (75 and 71 actions).
"""
LOG_LINES_BOUND = 101
"""No game can take more log lines: 1 ``monsters`` line, at most 14 draws (42 power
cards, 3 at a time), 8 reveals (12 monsters, 4 face up from the start), 42 hand cards
played or discarded, and, with ``reserve``, at most 36 plays from the damage pile (12
monsters take 3 cards each). Without ``reserve`` the bound is 65, which the longest
games reach."""
LOG_LINES = max(LOG_LINES_BOUND, LOG_LINES_SEEN)
"""The log sheet prints at least this many numbered lines (a first page and as many
continuation pages as that takes): the longest game seen with room to spare, and
indeed any game the rules allow."""


def draw_log_pages(doc: SheetDocument, layout: Layout, game: ClearTheDungeon, seed: str,
                   variants: tuple[str, ...], payload: str) -> list[int]:
    """The log sheet: a first page (header fields, the verbs in short, numbered lines)
    and continuation pages of numbered lines, at least :data:`LOG_LINES` lines in all.
    Every page names itself (game, seed, kind, page n of m) beside its QR code. Returns
    how many lines each page has.

    Raises LayoutError if a page of ``layout`` has no room for a line.
    """
    def capacity(page: int) -> int:
        scratch = SheetDocument("log", doc.paper, layout.landscape)
        return _draw_log_page(scratch, layout, game, seed, variants, payload, page, 2, 1)

    first, more = capacity(1), capacity(2)
    if more < 1:
        raise LayoutError(f"layout {layout.name}: no room for a line on a log sheet page")
    pages = 1 + max(0, ceil((LOG_LINES - first) / more))
    counts: list[int] = []
    number = 1
    for n in range(1, pages + 1):
        if n > 1:
            doc.new_page(layout.landscape)
        drawn = _draw_log_page(doc, layout, game, seed, variants, payload, n, pages, number)
        counts.append(drawn)
        number += drawn
    return counts


def _draw_log_page(doc: SheetDocument, layout: Layout, game: ClearTheDungeon, seed: str,
                   variants: tuple[str, ...], payload: str, n: int, pages: int,
                   first_number: int) -> int:
    """Page ``n`` of ``pages`` of the log sheet, its lines numbered from
    ``first_number``. Returns how many lines it has."""
    c = doc.canvas
    area = doc.page_rect.inset(mm(layout.margin))
    if n == 1:
        area = draw_title(c, area, f"{game.title}: game log",
                          "Write one action per line, as in the examples; type it up later "
                          "and check it with: companion validate my-game.log")
    else:
        area = draw_title(c, area, f"{game.title}: game log, continued",
                          f"Page {n} of {pages}: go on from line {first_number}, where page "
                          f"{n - 1} ends.")
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, seed, "",
                           f"log sheet, page {n} of {pages}; {_variant_words(variants)}")
    foot = footer_height(payload, lines, qr_w)
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                right_text=[game.credits])
    top = area.y1
    fh = mm(10)
    gap = mm(2)
    fw = (area.w - 2 * gap) / 3
    if n > 1:
        for i, (label, value) in enumerate((("Seed", seed), ("Player", ""), ("Date", ""))):
            draw_field(c, area.x + i * (fw + gap), top - fh, fw, fh, label, value)
        y = top - fh - mm(4)
        return draw_ruled_lines(c, Rect(area.x, area.y + foot, area.w, y - (area.y + foot)),
                                columns=3, pitch=mm(6.5), first_number=first_number)
    fields = (("Game", "clear-the-dungeon"), ("Seed", seed),
              ("Variant", ", ".join(variants)), ("Player", ""), ("Date", ""),
              ("Claim (score)", ""))
    for i, (label, value) in enumerate(fields):
        row, col = divmod(i, 3)
        draw_field(c, area.x + col * (fw + gap), top - (row + 1) * fh - row * gap, fw, fh,
                   label, value)
    y = top - 2 * fh - gap - mm(4)
    c.saveState()
    y = draw_heading(c, area.x, y, "Verbs", 8.5)
    row_h = 9.2
    verbs = list(VERB_HELP)
    if "reserve" in variants:
        verbs.insert(5, ("play 4D on 3", "reserve: the top damage card, played like a "
                                         "hand card"))
    for i, (verb, meaning) in enumerate(verbs):
        vy = y - 7 - i * row_h
        c.setFont("Courier-Bold", 7.5)
        c.setFillColorRGB(*INK)
        c.drawString(area.x, vy, verb)
        c.setFont("Helvetica", 7)
        c.drawString(area.x + mm(40), vy, meaning)
    y -= 7 + len(verbs) * row_h + mm(2)
    # card spelling, with the suits drawn as icons
    c.setFont("Helvetica", 7)
    c.setFillColorRGB(*INK)
    x = area.x
    text = "Cards: rank A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), then the suit letter:"
    c.drawString(x, y, text)
    x += c.stringWidth(text, "Helvetica", 7) + mm(2)
    for suit in SUITS:
        c.setFont("Courier-Bold", 7.5)
        c.setFillColorRGB(*INK)
        c.drawString(x, y, suit.letter)
        x += c.stringWidth(suit.letter, "Courier-Bold", 7.5) + mm(0.6)
        draw_suit(c, suit, x + mm(1.3), y + mm(0.9), mm(2.7), RED if suit.is_red else INK)
        x += mm(3)
        c.setFont("Helvetica", 7)
        c.setFillColorRGB(*INK)
        word = _SUIT_WORDS[suit] + ("," if suit is not SUITS[-1] else ";")
        c.drawString(x, y, word)
        x += c.stringWidth(word, "Helvetica", 7) + mm(2)
    c.drawString(x, y, "joker JK.")
    y -= 10
    more = f" More lines on page 2 of {pages}." if pages > 1 else ""
    c.drawString(area.x, y, "A line may end with a comment after #. The damage pile loses "
                 "at its 7th card: keep a tally in the margin if it helps." + more)
    c.restoreState()
    y -= mm(4)
    return draw_ruled_lines(c, Rect(area.x, area.y + foot, area.w, y - (area.y + foot)),
                            columns=3, pitch=mm(6.5), first_number=first_number)


# ----------------------------------------------------------------------------- deck
SMALL_QR_MM = 12.5
"""The symbol width (mm) of the small QR code on card pages (print.md: at least 12 mm,
decoding from a flat 300 dpi scan); its white quiet zone of 4 modules comes on top."""
QR_BAND_MM = 21.0
"""The margin (mm) above the card grid that holds the small QR code: 5 mm the printer
may not print (the quiet zone may lie there), the symbol, its quiet zone below and
1 mm to the cards."""
FOLD_RESERVE_MM = 18.0
"""The strip kept free under the cards of a fold-over page for the page's name, QR
code and scale bar (the most that still keeps 4 poker cards to an A4 page)."""
NAME_SIZE = 7.5
"""Type size (pt) of the page name in a card page's margin."""
_CLEAR = mm(UNPRINTABLE_MM)
_EDGES = (mm(8), _CLEAR)
"""How far inside the paper edge margin notes go: 8 mm where there is room (print.md),
else 5 mm (what a home printer still prints)."""
_PAD = mm(1)


@dataclass(frozen=True)
class DeckPage:
    """One page of the printable deck.

    ``side`` is ``about`` (the instruction page), ``about-back`` (its back: duplex only),
    ``front``, ``back`` or ``fold``. ``slots[i]`` (points) holds ``cards[i]``: its face
    on a front or fold page, its back on a back page; on a fold page ``backs[i]`` holds
    its back, ``slots[i]`` mirrored about ``fold.fold``. ``trim`` is the page's TrimBox
    (the card block; None: the whole page).
    """

    side: str
    cards: tuple[Card, ...]
    slots: tuple[Rect, ...]
    trim: Rect | None
    landscape: bool
    backs: tuple[Rect, ...] = ()
    fold: FoldPlan | None = None


def backs_mode(layout: Layout, backs: object) -> str:
    """How the deck's backs print: ``duplex``, ``fold`` or ``none`` (``options["backs"]``,
    default duplex; a layout that prints one-sided, ``duplex = "none"``, makes the default
    none).

    Raises ParameterError for any other value.
    """
    mode = check_backs(backs)
    if mode == "duplex" and layout.duplex == "none":
        return "none"
    return mode


def _flip(layout: Layout) -> str:
    """The edge a two-sided sheet of ``layout`` flips on (backs mirror left-right)."""
    return "short" if layout.landscape else "long"


def _grid_shift(layout: Layout, paper: str, slots: Sequence[Rect]) -> float:
    """How far (points; negative: down) the card grid moves within the layout's margin:
    down so that the margin above it holds the small QR code (:data:`QR_BAND_MM`) if the
    margin below keeps the layout's own; else up to the layout's margin, to give the
    margin below (the scale bar's on US Letter) what there is."""
    _, page_h = layout.page_size(paper)
    block = bounding_rect([bleed_rect(layout, s) for s in slots])
    top, bottom = page_h - block.y1, block.y
    margin = mm(layout.margin)
    need = mm(QR_BAND_MM) - top
    if need <= 0:
        return 0.0
    if bottom - need >= margin - 1e-6:
        return -need
    return max(0.0, top - margin)


def _grid_slots(layout: Layout, paper: str) -> list[Rect]:
    """The card slots of a front page: the layout's grid, moved down on a page whose
    top margin can be made to hold the small QR code (:func:`_grid_shift`)."""
    item = None if layout.item_given else CARD_MM
    slots = grid_slots(layout, paper, item=item)
    dy = _grid_shift(layout, paper, slots)
    return [Rect(s.x, s.y + dy, s.w, s.h) for s in slots]


def deck_fold_plan(layout: Layout, paper: str) -> FoldPlan:
    """The fold-over page of the deck's cards for ``layout`` (its gap kept, bleed round
    each card) with :data:`FOLD_RESERVE_MM` free at the bottom.

    Raises LayoutError if not even one card and its back fit.
    """
    w, h = layout.item_w or CARD_MM[0], layout.item_h or CARD_MM[1]
    return fold_plan(paper, (w, h), gap_mm=layout.gap + 2 * layout.bleed,
                     margin_mm=8.0 + layout.bleed, reserve_mm=FOLD_RESERVE_MM)


def deck_pages(paper: str, layout: Layout | None = None,
               back_offset: tuple[float, float] = (0.0, 0.0),
               backs: str = "duplex") -> list[DeckPage]:
    """The page plan of the printable deck: the instruction page first (followed by its
    back when printed duplex), then the cards. ``backs`` (see :func:`backs_mode`):
    ``duplex``, each front page followed by its backs (mirrored left-right, shifted by
    ``back_offset`` mm); ``fold``, fronts and backs on one page about a fold; ``none``,
    fronts only.

    Raises LayoutError if the layout is not a grid layout or does not fit ``paper``,
    ParameterError for an unknown ``backs``.
    """
    layout = layout or load_layout("poker")
    if layout.kind != "grid":
        raise LayoutError(f"the deck needs a grid layout (cards), not the {layout.kind} "
                          f"layout {layout.name!r}: try --layout poker")
    mode = backs_mode(layout, backs)
    plan = [DeckPage("about", (), (), None, layout.landscape)]
    if mode == "duplex":
        plan.append(DeckPage("about-back", (), (), None, layout.landscape))
    if mode == "fold":
        fold = deck_fold_plan(layout, paper)
        per = fold.per_page
        for start in range(0, len(DECK_CARDS), per):
            cards = DECK_CARDS[start:start + per]
            n = len(cards)
            plan.append(DeckPage("fold", cards, fold.fronts[:n], None, fold.landscape,
                                 fold.backs[:n], fold))
        return plan
    slots = _grid_slots(layout, paper)
    page_w = layout.page_size(paper)[0]
    mirrored = [mirror_slot(s, page_w, back_offset) for s in slots]
    per = len(slots)
    for start in range(0, len(DECK_CARDS), per):
        cards = DECK_CARDS[start:start + per]
        n = len(cards)
        plan.append(DeckPage("front", cards, tuple(slots[:n]),
                             bounding_rect(list(slots[:n])), layout.landscape))
        if mode == "duplex":
            plan.append(DeckPage("back", cards, tuple(mirrored[:n]),
                                 bounding_rect(list(mirrored[:n])), layout.landscape))
    return plan


# --- the page's name, QR code and scale bar in whatever margin holds them
class _Margins:
    """The free parts of a page: inside the printable area (5 mm in from the paper
    edge), off the cards, crop marks and whatever was placed before."""

    def __init__(self, page_size: tuple[float, float], blocked: Sequence[Rect]) -> None:
        self.page_w, self.page_h = page_size
        # the largest first: most places that do not fit overlap a card
        self.blocked = sorted(blocked, key=lambda b: -b.w * b.h)

    def inside(self, r: Rect, edge: float = _CLEAR) -> bool:
        """Whether ``r`` lies ``edge`` inside the paper."""
        eps = 1e-6
        return (r.x >= edge - eps and r.y >= edge - eps and r.x1 <= self.page_w - edge + eps
                and r.y1 <= self.page_h - edge + eps)

    def fits(self, r: Rect, edge: float = _CLEAR, pad: float = _PAD) -> bool:
        """Whether ``r`` lies ``edge`` inside the paper and ``pad`` off everything."""
        eps = 1e-6
        if not self.inside(r, edge):
            return False
        x0, y0, x1, y1 = r.x - pad + eps, r.y - pad + eps, r.x1 + pad - eps, r.y1 + pad - eps
        return not any(x0 < b.x1 and b.x < x1 and y0 < b.y1 and b.y < y1
                       for b in self.blocked)

    def spots(self, w: float, h: float, key: Any, edge: float = _CLEAR,
              pad: float = _PAD) -> Iterator[Rect]:
        """The free ``w`` x ``h`` rectangles flush with the printable area's edges, its
        middle or something placed, best first as ``key`` ranks them."""
        xs = {edge, self.page_w - edge - w, (self.page_w - w) / 2}
        ys = {edge, self.page_h - edge - h, (self.page_h - h) / 2}
        for b in self.blocked:
            xs.update((b.x1 + pad, b.x - pad - w, b.x, b.x1 - w))
            ys.update((b.y1 + pad, b.y - pad - h, b.y, b.y1 - h))
        found = [r for r in (Rect(x, y, w, h) for x in sorted(xs) for y in sorted(ys))
                 if self.inside(r, edge)]
        found.sort(key=key)
        return (r for r in found if self.fits(r, edge, pad))

    def find(self, w: float, h: float, key: Any, edge: float = _CLEAR,
             pad: float = _PAD) -> Rect | None:
        """The best of :meth:`spots` (None: nothing fits)."""
        return next(self.spots(w, h, key, edge, pad), None)

    def take(self, r: Rect) -> Rect:
        """Mark ``r`` as used; returns it."""
        self.blocked.insert(0, r)
        return r


def _topmost(r: Rect) -> tuple[float, float]:
    return (-round(r.y1, 3), round(r.x, 3))


def _bottommost(r: Rect) -> tuple[float, float]:
    return (round(r.y, 3), round(r.x, 3))


def _qr_side(payload: str, symbol_mm: float = SMALL_QR_MM) -> tuple[float, float]:
    """(side with the quiet zone, quiet zone) in points of :func:`draw_small_qr`."""
    side = margin_qr_side(payload, mm(symbol_mm))
    return side, (side - mm(symbol_mm)) / 2


def draw_small_qr(c: Any, x: float, y: float, payload: str,
                  symbol_mm: float = SMALL_QR_MM) -> float:
    """The margin QR code of ``payload`` (:func:`companion.paper.qr.draw_margin_qr`)
    with a ``symbol_mm`` wide symbol, bottom-left corner at ``(x, y)``. Returns its
    side (points).

    Raises ValueError if ``symbol_mm`` is under 12 or the payload does not fit a QR code.
    """
    return draw_margin_qr(c, x, y, payload, mm(symbol_mm))


_LEAD = 1.25


def _lines_size(c: Any, lines: Sequence[str], size: float) -> tuple[float, float]:
    """(width, height) of ``lines`` (the first bold) at ``size``: from the first line's
    ascenders to the last one's descenders."""
    w = max(c.stringWidth(t, "Helvetica-Bold" if i == 0 else "Helvetica", size)
            for i, t in enumerate(lines))
    return w, (len(lines) - 1) * size * _LEAD + size * 0.95


def _draw_lines(c: Any, r: Rect, lines: Sequence[str], size: float,
                rotated: bool = False) -> None:
    """``lines`` (the first bold) in the box ``r`` of :func:`_lines_size`; ``rotated``:
    reading upwards, the first line nearest the left edge of ``r``."""
    c.saveState()
    c.setFillColorRGB(*INK)
    if rotated:
        c.translate(r.x, r.y)
        c.rotate(90)
        top = 0.0
    else:
        c.translate(r.x, r.y)
        top = r.h
    y = top - size * 0.74
    for i, text in enumerate(lines):
        c.setFont("Helvetica-Bold" if i == 0 else "Helvetica", size)
        c.drawString(0, y, text)
        y -= size * _LEAD
    c.restoreState()


def scale_check_box(c: Any, x: float, y: float) -> Rect:
    """The box (points) the 50 mm scale bar with its label covers when drawn by
    :func:`draw_scale_bar` at ``(x, y)``: from the label's descenders to the ticks."""
    label = f"this bar is {SCALE_BAR_MM:g} mm: print at 100 %"
    width = mm(SCALE_BAR_MM + 2) + c.stringWidth(label, *LABEL_FONT)
    return Rect(x, y - mm(0.55), width, mm(2.4))


def _place_scale_bar(c: Any, free: _Margins, key: Any) -> Rect | None:
    """The 50 mm scale bar where ``key`` ranks a free place first, 8 mm inside the paper
    if a margin has room, else 5 mm, 0.3 mm off the cards (a US Letter card page has
    under 3 mm above and below its grid). Returns the bar's box, or None if no margin
    holds it."""
    box = scale_check_box(c, 0, 0)
    for edge in _EDGES:
        r = free.find(box.w, box.h, key, edge=edge, pad=mm(0.3))
        if r is not None:
            draw_scale_bar(c, r.x, r.y + mm(0.55))
            return free.take(r)
    return None


def _beside(qr: Rect, w: float, h: float) -> Rect:
    """Where a ``w`` x ``h`` page name goes beside the QR code at ``qr``."""
    return Rect(qr.x1 + mm(1), qr.cy - h / 2, w, h)


def _place_name(c: Any, free: _Margins, lines: Sequence[str], key: Any,
                beside: Rect | None = None, size: float = NAME_SIZE) -> Rect | None:
    """The page's name ``lines`` in a free margin: beside the QR code ``beside`` if
    there is room, else across a free margin (``key`` ranks the places), else up a side
    margin (8 mm inside the paper where there is room, else 5 mm), else one line
    smaller. Returns the box taken (None: nowhere)."""
    w, h = _lines_size(c, lines, size)
    if beside is not None:
        near = _beside(beside, w, h)
        if free.fits(near, pad=mm(0.5)):
            _draw_lines(c, near, lines, size)
            return free.take(near)
    for edge in _EDGES:
        found = free.find(w, h, key, edge=edge)
        if found is not None:
            _draw_lines(c, found, lines, size)
            return free.take(found)
    mid = free.page_h / 2
    for edge in _EDGES:
        up = free.find(h, w, lambda q: (round(q.x, 3), round(abs(q.cy - mid), 3)), edge=edge)
        if up is not None:
            _draw_lines(c, up, lines, size, rotated=True)
            return free.take(up)
    one = [", ".join(lines[:2])]
    if len(lines) > 1 or size > 6:
        return _place_name(c, free, one, key, beside, min(size, 6.0))
    return None


def _page_name(game: ClearTheDungeon, n: int, m: int, what: str = "") -> list[str]:
    """What a deck page says of itself: game and kind, page n of m."""
    return [f"{game.title}: printable deck",
            f"deck, page {n} of {m}" + (f": {what}" if what else "")]


def _name_card_page(doc: SheetDocument, blocked: Sequence[Rect], payload: str | None,
                    lines: Sequence[str], bottom: bool, scale: bool = True) -> _Margins:
    """Name a card page in its margins: the small QR code of ``payload`` (None: none)
    where one fits, ``lines`` beside it (or wherever they fit) and, with ``scale``, the
    50 mm scale bar; nearest the top of the page or, with ``bottom``, its bottom."""
    c = doc.canvas
    key = _bottommost if bottom else _topmost
    free = _Margins(doc.page_size, blocked)
    qr: Rect | None = None
    if payload is not None:
        side, quiet = _qr_side(payload)
        text_w, text_h = _lines_size(c, lines, NAME_SIZE)
        spot: Rect | None = None
        for r in free.spots(side, side, key, edge=_CLEAR - quiet):
            if free.fits(_beside(r, text_w, text_h), pad=mm(0.5)):
                spot = r  # the best place with room for the name beside it
                break
            spot = spot or r
        if spot is not None:
            draw_small_qr(c, spot.x, spot.y, payload)
            qr = free.take(spot)
    _place_name(c, free, lines, key, beside=qr)
    if scale:
        _place_scale_bar(c, free, lambda r: (key(r)[0], -round(r.x1, 3)))
    return free


def _mark_boxes(segs: Sequence[tuple[float, float, float, float]]) -> list[Rect]:
    """The crop marks ``segs`` as boxes to keep clear of, 0.7 mm round each."""
    return [Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)).inset(-mm(0.7))
            for x0, y0, x1, y1 in segs]


def draw_deck(doc: SheetDocument, layout: Layout, game: ClearTheDungeon,
              variants: tuple[str, ...], payload: str, back_offset: tuple[float, float],
              backs: str = "duplex") -> list[DeckPage]:
    """Every page of the printable deck (see :func:`deck_pages`); returns the plan.

    Raises LayoutError as :func:`deck_pages` does, or if a back page has no margin for
    the back-offset note.
    """
    plan = deck_pages(doc.paper, layout, back_offset, backs)
    mode = backs_mode(layout, backs)
    bleed = mm(layout.bleed)
    total = len(plan)
    sample: Rect | None = None
    for i, page in enumerate(plan):
        c = doc.canvas if i == 0 else doc.new_page(page.landscape)
        n = i + 1
        if page.side == "about":
            sample = _draw_deck_about(doc, game, variants, payload, layout, plan, mode,
                                      back_offset)
            continue
        if page.side == "about-back":
            _draw_about_back(doc, game, sample, back_offset, n, total)
            continue
        if page.side == "fold":
            _draw_fold_page(doc, game, page, payload, bleed, n, total)
            continue
        assert page.trim is not None
        doc.set_trim(page.trim)
        if bleed:
            doc.set_bleed(page.trim.inset(-bleed))
        blocked = [s.inset(-bleed) for s in page.slots]
        if page.side == "front":
            for card, slot in zip(page.cards, page.slots, strict=True):
                draw_card_front(c, card, slot)
            draw_cut_lines(c, list(page.slots), width=0.3, gray=0.72)
            offset = max(mm(3), bleed)
            if layout.crop_marks:
                draw_crop_marks(c, list(page.slots), offset=offset, page_size=doc.page_size)
                blocked += _mark_boxes(crop_mark_segments(
                    list(page.slots), offset, page_size=doc.page_size, clear=MARK_CLEAR,
                    min_length=MIN_MARK))
            _name_card_page(doc, blocked, payload, _page_name(game, n, total), bottom=False)
        else:
            for slot in page.slots:
                draw_card_back(c, slot, game.title)
            note = draw_offset_note(c, doc.page_size, list(page.slots), back_offset)
            _name_card_page(doc, [*blocked, note], None,
                            _page_name(game, n, total, f"the backs of page {n - 1}"),
                            bottom=False, scale=False)
    return plan


def _draw_fold_page(doc: SheetDocument, game: ClearTheDungeon, page: DeckPage, payload: str,
                    bleed: float, n: int, total: int) -> None:
    """A fold-over page: fronts, their backs mirrored about the fold, the fold line, the
    fronts' crop marks and the page's name, QR code and scale bar below the cards."""
    c = doc.canvas
    fold = page.fold
    assert fold is not None
    for card, slot in zip(page.cards, page.slots, strict=True):
        draw_card_front(c, card, slot)
    draw_cut_lines(c, list(page.slots), width=0.3, gray=0.72)
    for back in page.backs:
        with back_turned(c, back, fold.turn):
            draw_card_back(c, back, game.title)
    draw_fold_line(c, fold)
    draw_fold_crop_marks(c, fold)
    x0, y0, x1, y1 = fold.fold
    line = (Rect(x0 - mm(4), y0, mm(5.5), y1 - y0) if fold.vertical
            else Rect(x0, y0 - mm(1.5), x1 - x0, mm(5.5)))
    blocked = [s.inset(-bleed) for s in (*page.slots, *page.backs)]
    blocked += _mark_boxes(crop_mark_segments(list(fold.fronts), page_size=fold.page_size,
                                              clear=MARK_CLEAR, min_length=MIN_MARK))
    blocked.append(line)
    lines = [*_page_name(game, n, total),
             "Fold on the dashed line, printed sides out; cut both layers at the marks."]
    _name_card_page(doc, blocked, payload, lines, bottom=True)


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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _draw_deck_about(doc: SheetDocument, game: ClearTheDungeon, variants: tuple[str, ...],
                     payload: str, layout: Layout, plan: list[DeckPage], mode: str,
                     back_offset: tuple[float, float]) -> Rect | None:
    """The instruction page (the deck's first page): what the deck is, how to print,
    check, cut and use it, its QR code and a full-size sample card. Returns the sample
    front's rectangle (None if the page had no room for it)."""
    c = doc.canvas
    list_layout = load_layout("list")
    area = doc.page_rect.inset(mm(list_layout.margin))
    area = draw_title(c, area, f"{game.title}: printable deck",
                      "How to print, cut and use this deck. It is the same for every "
                      "seed, so it carries none.")
    qr_w = mm(max(layout.qr_size, list_layout.qr_size))
    total = len(plan)
    lines = [game.title, "Printable deck", f"54 cards; deck, page 1 of {total}",
             "Rebuild or check: companion scan"]
    foot = footer_height(payload, lines, qr_w)
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                right_text=[game.credits])
    bar = scale_check_box(c, 0, 0)
    bar_y = area.y + foot + mm(0.6)
    draw_scale_bar(c, area.x1 - bar.w, bar_y + mm(0.6))
    bottom = bar_y + bar.h + mm(3)
    w, h = layout.item_w or CARD_MM[0], layout.item_h or CARD_MM[1]
    card_pages = [p for p in plan if p.side in ("front", "fold")]
    per = max(len(p.cards) for p in card_pages)
    size = f"{w:g} x {h:g} mm"
    cards = (f"54 cards of {size}: A to K in spades, hearts, diamonds and clubs, and two "
             f"jokers, {per} to a page")
    dx, dy = back_offset
    if mode == "duplex":
        paras = [
            cards + ", each page of fronts followed by its page of backs.",
            f"Print two-sided, flipping on the {_flip(layout)} edge, so that every back "
            "lands behind its own front. Start with this sheet: its other side carries a "
            "card back behind the sample card on this page. Hold the sheet against the "
            "light: "
            "printers drift a little between the two sides, and the white border round "
            "each back hides a millimetre or two. If the back lands further off, measure "
            "your printer with companion calibrate (or --back-offset X,Y in mm) and print "
            "the deck again" + (f"; this copy uses {dx:g},{dy:g}." if (dx, dy) != (0, 0)
                                else "."),
        ]
    elif mode == "fold":
        paras = [
            cards + ": the fronts on one half of each page, their backs on the other.",
            "No duplex printer needed: fold each page on the dashed line, printed sides "
            "out, so that every back lies behind its own front; a glue stick between the "
            "halves keeps them together. Then cut through both layers along the crop "
            "marks.",
        ]
    else:
        paras = [cards + ", fronts only (--backs none): use sleeves with opaque backs, "
                 "or print the deck again with its backs (two-sided, or --backs fold)."]
    paras += [
        "Print at actual size (100 %, no 'fit to page'): the bar on every card page "
        f"measures 50 mm, and a card {size}.",
        "Cut along the crop marks outside the grid; neighbouring cards share their cut "
        "lines, so one cut parts two cards. Card sleeves make thin paper cards much "
        "easier to shuffle.",
        "For Clear the Dungeon, the 12 J, Q and K are the monsters and A to 10 with the "
        "jokers are the power deck"
        + (" (set both jokers aside: variant no-jokers)." if "no-jokers" in variants
           else "."),
        "To play a seeded deal, stack the deck in the order of the stacking list printed "
        "for your seed: companion sheets clear-the-dungeon --kind stack --seed YOUR-SEED.",
    ]
    # a sample at full size: the front (its back behind it on the other side, duplex),
    # under the text on a portrait page, beside it on a landscape one
    sample_w, sample_h = mm(w), mm(h)
    pair = mode != "duplex"
    samples_w = 2 * sample_w + mm(12) if pair else sample_w
    beside = doc.page_size[0] > doc.page_size[1]
    text_w = area.w - samples_w - mm(10) if beside else area.w
    y = area.y1
    for p in paras:
        y = draw_text(c, area.x, y, text_w, p, size=9.5, leading=1.3) - mm(3)
    if beside:
        x0, y = area.x1 - samples_w, area.y1 - mm(2)
    else:
        x0, y = area.x + (area.w - samples_w) / 2, y - mm(3)
    if y - sample_h - mm(6) < bottom:
        return None
    front = Rect(x0, y - sample_h, sample_w, sample_h)
    draw_card_front(c, DECK_CARDS[12], front)
    shown = [(front, "a front (full size)" if pair else
              "a front (full size): its back is on the other side")]
    if pair:
        back = Rect(x0 + sample_w + mm(12), y - sample_h, sample_w, sample_h)
        draw_card_back(c, back, game.title)
        shown.append((back, "the back, the same on every card"))
    c.saveState()
    c.setStrokeColorRGB(*GUIDE)
    c.setLineWidth(0.4)
    c.setFont("Helvetica", 7)
    c.setFillColorRGB(*INK)
    for r, caption in shown:
        c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=0)
        c.drawCentredString(r.cx, r.y - mm(4), caption)
    c.restoreState()
    return front


def _draw_about_back(doc: SheetDocument, game: ClearTheDungeon, sample: Rect | None,
                     back_offset: tuple[float, float], n: int, total: int) -> None:
    """The back of the instruction page (duplex): a card back where the sample front's
    back lands, outlined, so the first sheet shows how the printer lines up its two
    sides; the offset used and the page's name.

    Raises LayoutError if no margin holds the back-offset note.
    """
    c = doc.canvas
    list_layout = load_layout("list")
    area = doc.page_rect.inset(mm(list_layout.margin))
    area = draw_title(c, area, f"{game.title}: printable deck",
                      "The back of the instruction page.")
    text = ("Printed two-sided, the card back on this page lies behind the sample card "
            "on the other side of this sheet. Hold the sheet against the light: if the "
            "two outlines part by more than a millimetre or so, measure your printer with "
            "companion calibrate and print the deck with --back-offset X,Y (mm).")
    back = None if sample is None else mirror_slot(sample, doc.page_size[0], back_offset)
    x, width = area.x, area.w
    if back is not None and doc.page_size[0] > doc.page_size[1]:
        x = back.x1 + mm(10)  # landscape: the text beside the back
        width = area.x1 - x
    y = draw_text(c, x, area.y1, width, text, size=9.5, leading=1.3)
    blocked = [Rect(x, y, width, area.y1 - y)]
    backs: list[Rect] = []
    if back is not None:
        draw_card_back(c, back, game.title)
        c.saveState()
        c.setStrokeColorRGB(*GUIDE)
        c.setLineWidth(0.4)
        c.rect(back.x, back.y, back.w, back.h, stroke=1, fill=0)
        c.setFont("Helvetica", 7)
        c.setFillColorRGB(*INK)
        c.drawCentredString(back.cx, back.y - mm(4), "the back of the sample card")
        c.restoreState()
        backs.append(back)
        blocked.append(Rect(back.x, back.y - mm(5), back.w, back.h + mm(5)))
    note = draw_offset_note(c, doc.page_size, backs, back_offset)
    _name_card_page(doc, [*blocked, note], None, _page_name(game, n, total), bottom=True,
                    scale=False)


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

