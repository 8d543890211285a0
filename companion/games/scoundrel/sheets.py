"""Scoundrel printed sheets: the play mat, the stacking list and the log sheet.

Everything seeded is drawn from the engine's own deal (:func:`generation.dungeon`), so a
sheet shows what the validator checks. The rules text is the project's own wording;
Zach Gage and Kurt Bieg are credited on every sheet.

* ``mat`` (landscape, the game's default sheet): spots for the dungeon, the room's four
  cards, the discard pile, the weapon and the monsters it slays (fanned, the last on
  top), a health track 0 to 20 for a paper clip or a coin, the rules in short. ``--par``
  prints the solver's best score upside down in a corner.
* ``stack``: the 44 cards of the dungeon in seeded order, card 1 on top, with how to
  sort a standard deck and stack it.
* ``log``: header fields, the verbs in short and numbered lines: at least
  :data:`LOG_LINES`, the most any game can write.
* ``record``: the hand record, drawn by :mod:`companion.games.scoundrel.record`.

Sheet kinds are data (:data:`KINDS`): kind → default layout, orientation and drawing
function; :func:`render` looks the kind up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import ceil
from typing import TYPE_CHECKING, Any

from companion.cards import Card, standard_deck
from companion.errors import LayoutError
from companion.games.scoundrel import rules
from companion.games.scoundrel.generation import DECK, dungeon
from companion.games.scoundrel.record import draw_record_page
from companion.games.scoundrel.sheets_log import (
    LOG_LINES,
    LOG_LINES_BOUND,
    draw_log,
    draw_log_pages,
)
from companion.paper import design
from companion.paper.cards import draw_card_glyph, fit_font_size
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    GUIDE,
    INK,
    LABEL_FONT,
    SCALE_BAR_HEIGHT,
    SCALE_BAR_MM,
    SLOT_GREY,
    draw_card_spot,
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
from companion.paper.icons import RED
from companion.paper.layout import Layout, Rect, sheet_layout
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.base import PayloadExtra
    from companion.games.scoundrel import Scoundrel

__all__ = ["KINDS", "LOG_LINES", "LOG_LINES_BOUND", "MatGeometry", "SheetKindDrawing",
           "describe_data", "draw_log_pages", "draw_mat_page", "draw_stack_page", "left_out",
           "par_text", "render", "sheet_payload"]

TRACK_FILL = (0.93, 0.93, 0.93)
START_FILL = (1.0, 0.93, 0.55)
PAR_BUDGET = 3_000_000
"""The solver's budget for ``--par`` (its default: every measured deal is proven)."""


@dataclass(frozen=True)
class SheetKindDrawing:
    """How one sheet kind prints: its default layout, whether the page is landscape
    whatever the layout says, and the function that draws it on a document."""

    layout: str
    landscape: bool | None
    draw: Callable[[SheetDocument, Layout, Scoundrel, str, tuple[str, ...], str,
                    Mapping[str, Any]], object]
    title: str


def sheet_payload(game: Scoundrel, seed: str, params: Mapping[str, int], kind: str,
                  variants: Sequence[str]) -> str:
    """The QR payload of a sheet: the mat (the default sheet) has no ``kind`` key, the
    others have; ``variant=equal-kills`` when the variant is on."""
    extra: PayloadExtra = {} if kind == game.map_kind else {"kind": kind}
    if variants:
        extra["variant"] = "+".join(variants)
    return game.payload(seed, params, **extra)


def _variant_words(variants: Sequence[str]) -> str:
    return "standard rules" if not variants else "variant: " + ", ".join(variants)


def left_out() -> tuple[Card, ...]:
    """The eight cards of a standard deck (and the jokers) that the dungeon leaves out:
    the red jacks, queens, kings and aces."""
    return tuple(c for c in standard_deck() if c not in set(DECK))


def par_text(game: Scoundrel, seed: str, variants: tuple[str, ...]) -> str:
    """``par N`` (the best score a perfect player reaches: a win), ``par N: not
    winnable`` (the least bad loss), or ``par N or more`` / ``par unknown`` when the
    budget runs out (it does not on any measured deal)."""
    report = game.solve(seed, {}, variants, budget=PAR_BUDGET)
    if report.status == "won" and report.score is not None:
        return f"par {report.score}"
    if report.status == "lost":
        return f"par {report.score}: not winnable" if report.score is not None \
            else "par: not winnable"
    if report.score is not None:
        return f"par {report.score} or more"
    return "par unknown"


def _footer(doc: SheetDocument, layout: Layout, game: Scoundrel, area: Rect, seed: str,
            payload: str, what: str) -> Rect:
    """The identity footer (QR code, game, seed, what the sheet is, credits) at the
    bottom of ``area``; returns the area above it."""
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, seed, "", what)
    draw_footer(doc.canvas, Rect(area.x, area.y, area.w, footer_height(payload, lines, qr_w)),
                payload, lines, qr_w, right_text=[game.credits])
    foot = footer_height(payload, lines, qr_w)
    return Rect(area.x, area.y + foot, area.w, area.h - foot)


# ----------------------------------------------------------------------------- mat
@dataclass(frozen=True)
class MatGeometry:
    """Where the mat's parts lie (points): for tests and for anyone overlaying it.
    ``health`` holds the 21 boxes of the track, 0 to 20 in order."""

    dungeon: Rect
    room: tuple[Rect, ...]
    discard: Rect
    weapon: Rect
    slain: Rect
    health: tuple[Rect, ...]
    rules: Rect
    scale_bar: Rect
    par_at: tuple[float, float] | None


MAT_RULES: tuple[tuple[str, str], ...] = (
    ("Room", "Deal from the dungeon until four cards lie face up."),
    ("Avoid", "Before facing any card of a room, put all four under the dungeon in the "
              "order dealt, and deal a new room. Never two rooms in a row."),
    ("Face", "Face three of the four, one at a time, in any order. The fourth stays for "
             "the next room."),
    ("Weapon", "A diamond, 2 to 10: equip it at once; the old weapon and its monsters "
               "go to the discard."),
    ("Potion", "A heart, 2 to 10: heal its value, up to 20. Only the first potion of a "
               "room heals."),
    ("Monster", "A club or spade (J 11, Q 12, K 13, A 14). Bare-handed: lose its "
                "value. With the weapon: lose what it beats the weapon by; the monster "
                "goes on the weapon."),
    ("Weapon rule", "Once it has slain, a weapon may only be used on a monster weaker "
                    "than the last one on it."),
    ("End", "Health 0 loses. Through the dungeon with one card left: won. Score: your "
            "health (+ the potion faced last at full health); a loss scores health "
            "minus the monsters left."),
)


def _weapon_rule(variants: Sequence[str]) -> tuple[tuple[str, str], ...]:
    if "equal-kills" not in variants:
        return MAT_RULES
    return tuple((k, "Once it has slain, a weapon may only be used on a monster no "
                     "stronger than the last one on it (equal-kills).")
                 if k == "Weapon rule" else (k, v) for k, v in MAT_RULES)


def _draw_rules(c: Any, r: Rect, entries: Sequence[tuple[str, str]]) -> None:
    """The rules in short: a bold label and its text, one entry under the other."""
    label_w = mm(22)
    size = 7.0
    c.saveState()
    y = r.y1
    for label, text in entries:
        c.setFont(design.BOLD, size)
        c.setFillColorRGB(*INK)
        c.drawString(r.x, y - size * 0.8, label)
        y = draw_text(c, r.x + label_w, y, r.w - label_w, text, size=size) - mm(0.9)
    c.restoreState()
    if y < r.y - 0.01:  # pragma: no cover - a layout check refuses this first
        raise LayoutError("no room for the rules on the mat")


def _rules_height(c: Any, w: float, entries: Sequence[tuple[str, str]]) -> float:
    size = 7.0
    lines = sum(len(wrap_text(t, design.REGULAR, size, w - mm(22))) for _, t in entries)
    return lines * size * 1.25 + len(entries) * mm(0.9)


def _health_track(c: Any, r: Rect) -> list[Rect]:
    """21 boxes, 0 to 20, left to right; 20 (the start) marked; returns the boxes."""
    gap = mm(0.8)
    w = (r.w - 20 * gap) / 21
    h = min(r.h - mm(5), mm(12))
    boxes = []
    c.saveState()
    c.setFont(design.BOLD, 7.5)
    c.setFillColorRGB(*INK)
    c.drawString(r.x, r.y1 - 7.5 * 0.8, "Health: keep a paper clip or a coin on it. Start "
                 "at 20; it never goes above 20; at 0 or less the game is lost.")
    for k in range(21):
        box = Rect(r.x + k * (w + gap), r.y, w, h)
        boxes.append(box)
        c.setLineWidth(1.2 if k == 20 else 0.6)
        c.setStrokeColorRGB(*INK)
        c.setFillColorRGB(*(START_FILL if k == 20 else TRACK_FILL if k % 5 == 0
                            else (1.0, 1.0, 1.0)))
        c.roundRect(box.x, box.y, box.w, box.h, mm(1), stroke=1, fill=1)
        c.setFillColorRGB(*(RED if k == 0 else INK))
        fs = fit_font_size(str(k), design.BOLD, 11, box.w * 0.8)
        c.setFont(design.BOLD, fs)
        c.drawCentredString(box.cx, box.cy - fs * 0.35, str(k))
    c.restoreState()
    return boxes


def draw_mat_page(doc: SheetDocument, layout: Layout, game: Scoundrel, seed: str,
                  variants: tuple[str, ...], payload: str,
                  options: Mapping[str, Any]) -> MatGeometry:
    """The landscape play mat. Returns where its parts were drawn.

    Raises LayoutError if ``layout`` leaves no room for the spots."""
    c = doc.canvas
    page = doc.page_rect
    area = draw_title(c, page.inset(mm(layout.margin)), f"{game.title}: play mat",
                      f"Seed {seed}, {_variant_words(variants)}. Stack your deck with the "
                      "stacking list (or shuffle the 44 cards for a free deal), put it on "
                      "the dungeon spot and deal the first room. Real cards need not fit "
                      "inside the outlines.")
    body = _footer(doc, layout, game, area, seed, payload,
                   f"play mat; {_variant_words(variants)}")
    # the scale check: bottom right of the body, over the credits line
    bar = Rect(body.x1 - mm(SCALE_BAR_MM + 2) - c.stringWidth(
        f"this bar is {SCALE_BAR_MM:g} mm: print at 100 %", *LABEL_FONT), body.y,
        mm(SCALE_BAR_MM + 2) + c.stringWidth(
        f"this bar is {SCALE_BAR_MM:g} mm: print at 100 %", *LABEL_FONT), SCALE_BAR_HEIGHT)
    drawn_bar = draw_scale_bar(c, bar.x, bar.y + mm(0.55))
    body = Rect(body.x, body.y + SCALE_BAR_HEIGHT + mm(2), body.w,
                body.h - SCALE_BAR_HEIGHT - mm(2))
    track = Rect(body.x, body.y, body.w, mm(17))
    boxes = _health_track(c, track)
    top = Rect(body.x, track.y1 + mm(4), body.w, body.y1 - track.y1 - mm(4))
    entries = _weapon_rule(variants)
    rules_w = mm(78)
    spots = Rect(top.x, top.y, top.w - rules_w - mm(6), top.h)
    rules_r = Rect(spots.x1 + mm(6), top.y, rules_w, top.h)
    if _rules_height(c, rules_w, entries) > rules_r.h:
        raise LayoutError(f"layout {layout.name}: no room for the rules on the mat")
    _draw_rules(c, rules_r, entries)
    # six spots a row: dungeon, room x 4, discard; under them the weapon and its fan
    gap = mm(4)
    row_h = (spots.h - gap - mm(4)) / 2
    w = min((spots.w - 5 * gap) / 6, row_h / 1.4)
    h = w * 1.4
    if w < mm(18):
        raise LayoutError(f"layout {layout.name}: the mat's card spots would be under "
                          "18 mm wide")
    y1 = spots.y1 - (spots.h - 2 * h - mm(4)) / 3 - h  # the rows spread evenly
    x = spots.x
    dungeon_r = Rect(x, y1, w, h)
    draw_card_spot(c, dungeon_r, "Dungeon", f"face down; {len(DECK)} cards")
    room = []
    for k in range(4):
        r = Rect(x + (k + 1) * (w + gap), y1, w, h)
        room.append(r)
        draw_card_spot(c, r, f"Room {k + 1}", "the card left over stays" if k == 3 else "")
    discard_r = Rect(x + 5 * (w + gap), y1, w, h)
    draw_card_spot(c, discard_r, "Discard", "face up")
    y2 = y1 - mm(4) - h
    weapon_r = Rect(x, y2, w, h)
    draw_card_spot(c, weapon_r, "Weapon", "a diamond")
    slain_r = Rect(weapon_r.x1 + gap, y2, spots.x1 - weapon_r.x1 - gap, h)
    _draw_fan(c, slain_r, w, variants)
    # separator between the spots and the rules
    c.saveState()
    c.setStrokeColorRGB(*GUIDE)
    c.setLineWidth(0.4)
    c.line(rules_r.x - mm(3), top.y, rules_r.x - mm(3), top.y1)
    c.restoreState()
    par_at = None
    par = par_text(game, seed, variants) if options.get("par") else None
    if par:
        # upside down in the top-right corner, small and grey: not read by accident
        corner = page.inset(mm(layout.margin))
        par_at = draw_corner_note(c, corner.x1, corner.y1, par)
    return MatGeometry(dungeon_r, tuple(room), discard_r, weapon_r, slain_r, tuple(boxes),
                       rules_r, drawn_bar, par_at)


def _draw_fan(c: Any, r: Rect, w: float, variants: Sequence[str]) -> None:
    """Where the slain monsters go: overlapping card outlines, each a strip further
    right, the last slain on top."""
    step = mm(9)
    count = max(1, min(5, int((r.w - w) // step) + 1))
    c.saveState()
    c.setStrokeColorRGB(*SLOT_GREY)
    c.setLineWidth(0.6)
    c.setDash([mm(1.2), mm(0.9)], 0)
    for k in range(count):
        c.setFillColorRGB(1, 1, 1)
        c.roundRect(r.x + k * step, r.y, w, r.h, 0.1 * w, stroke=1, fill=1)
    c.setDash()
    c.setFillColorRGB(*INK)
    c.setFont(design.BOLD, 8)
    right = r.x + (count - 1) * step
    c.drawCentredString(right + w / 2, r.cy + 4, "Slain monsters")
    c.setFont(design.REGULAR, 6)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    rule = ("next one: no stronger than this" if "equal-kills" in variants
            else "next one: weaker than this")
    for i, line in enumerate(wrap_text(f"the last on top; {rule}", design.REGULAR, 6, w * 0.9)):
        c.drawCentredString(right + w / 2, r.cy - 6 - i * 7.2, line)
    c.restoreState()


# -------------------------------------------------------------------- stacking list
def draw_stack_page(doc: SheetDocument, layout: Layout, game: Scoundrel, seed: str,
                    variants: tuple[str, ...], payload: str,
                    options: Mapping[str, Any]) -> None:
    """The stacking list: how to sort a standard deck, then the dungeon, card 1 on top."""
    c = doc.canvas
    area = draw_title(c, doc.page_rect.inset(mm(layout.margin)),
                      f"{game.title}: stacking list",
                      f"Seed {seed}. Arrange a standard deck in this order to play the "
                      "seeded dungeon: everyone who plays this seed meets the same rooms. "
                      "The order is the same for every variant.")
    body = _footer(doc, layout, game, area, seed, payload,
                   f"stacking list; {_variant_words(variants)}")
    out = " ".join(str(x) for x in left_out() if x.suit is not None)
    steps = (
        f"1. Take out both jokers and the eight red cards the game does not use: {out}. "
        f"{len(DECK)} cards remain: ♣ and ♠ are monsters (J 11, Q 12, K 13, A 14), ♦ 2 "
        "to 10 weapons, ♥ 2 to 10 potions.",
        f"2. Lay the cards face up in one pile in list order: card 1 first, card 2 on top "
        f"of it, up to card {len(DECK)}. Then turn the whole pile over: card 1 is now the "
        "top card, face down. That is the dungeon.",
        "3. Stack without reading ahead, or let someone else do it. Deal the first room "
        "(cards 1 to 4). In the log of a seeded game the room lines are optional: the "
        "validator knows what comes next.",
    )
    y = body.y1
    for step in steps:
        y = draw_text(c, body.x, y, body.w, step, size=8) - mm(1)
    y -= mm(2)
    y = draw_heading(c, body.x, y, f"The dungeon, {len(DECK)} cards, card 1 is the top "
                     "card (the first room: 1 to 4)", 10)
    order = dungeon(seed)
    per_row = 5
    rows = ceil(len(order) / per_row)
    cell_w = body.w / per_row
    avail = y - mm(1) - body.y
    cell_h = min(avail / rows, mm(24))
    gh = min(cell_h - mm(2), mm(16))
    gw = gh / 1.35
    if gh < mm(6):
        raise LayoutError(f"layout {layout.name}: no room for the stacking list's cards")
    c.saveState()
    for i, card in enumerate(order):
        row, place = divmod(i, per_row)
        cx = body.x + place * cell_w
        cy = y - mm(1) - (row + 1) * cell_h + (cell_h - gh) / 2
        c.setFont(design.BOLD, 10)
        c.setFillColorRGB(0.3, 0.3, 0.3)
        c.drawRightString(cx + mm(8), cy + gh / 2 - 3.5, str(i + 1))
        draw_card_glyph(c, card, cx + mm(9.5), cy, gw, gh, highlight=i < rules.ROOM_SIZE)
        c.setFont(design.REGULAR, 6.5)
        c.setFillColorRGB(0.35, 0.35, 0.35)
        c.drawString(cx + mm(9.5) + gw + mm(1.5), cy + gh / 2 - 2.5,
                     f"{rules.kind(card)} {rules.value(card)}")
    c.restoreState()


# -------------------------------------------------------------------------- render
KINDS: dict[str, SheetKindDrawing] = {
    "mat": SheetKindDrawing("map", True, draw_mat_page, "play mat"),
    "stack": SheetKindDrawing("list", None, draw_stack_page, "stacking list"),
    "log": SheetKindDrawing("list", None, draw_log, "log sheet"),
    "record": SheetKindDrawing("list", None, draw_record_page, "hand record"),
}
"""The sheet kinds as data: default layout, orientation (None: the layout's) and the
drawing function (``companion/games/scoundrel/__init__.py`` names and documents them)."""


def render(game: Scoundrel, kind: str, seed: str, params: dict[str, int], paper: str,
           options: dict[str, Any]) -> bytes:
    """The PDF bytes of one sheet kind (:data:`KINDS`).

    Raises ParameterError for an unknown kind or variant, LayoutError for an unusable
    layout."""
    game.sheet_kind(kind)
    entry = KINDS[kind]
    variants = game.sheet_variants(options)
    payload = sheet_payload(game, seed, params, kind, variants)
    layout = sheet_layout(options.get("layout"), entry.layout)
    landscape = layout.landscape if entry.landscape is None else entry.landscape
    doc = SheetDocument(f"{game.title} {entry.title} {seed}", paper, landscape, [payload])
    entry.draw(doc, layout, game, seed, variants, payload, options)
    return doc.finish()


def describe_data(game: Scoundrel, kind: str, seed: str, params: Mapping[str, int],
                  options: Mapping[str, Any]) -> dict[str, Any]:
    """What a sheet shows, as JSON-ready data (``describe``): the dungeon top card
    first, the first room, the cards left out, the payload."""
    variants = game.sheet_variants(options)
    order = dungeon(seed)
    return {"game": game.name, "seed": seed, "kind": kind, "variants": list(variants),
            "payload": sheet_payload(game, seed, params, kind, variants),
            "dungeon": [str(x) for x in order],
            "first_room": [str(x) for x in order[: rules.ROOM_SIZE]],
            "left_out": [str(x) for x in left_out() if x.suit is not None]}

