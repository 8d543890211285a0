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
from companion.games.scoundrel.mat import MatGeometry, draw_mat_page, par_text
from companion.games.scoundrel.record import draw_record_page
from companion.games.scoundrel.sheets_log import (
    LOG_LINES,
    LOG_LINES_BOUND,
    draw_log,
    draw_log_pages,
)
from companion.paper import design
from companion.paper.cards import draw_card_glyph
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    INK,
    draw_footer,
    draw_heading,
    draw_text,
    draw_title,
    footer_height,
    identity_lines,
)
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
    body_font, body_size = design.style("body").pair
    y = body.y1
    for step in steps:
        y = draw_text(c, body.x, y, body.w, step, body_font, body_size) - mm(1)
    y -= mm(2)
    heading = design.style("heading").size
    y = draw_heading(c, body.x, y, f"The dungeon, {len(DECK)} cards, card 1 is the top "
                     "card (the first room: 1 to 4)", heading)
    _draw_dungeon_list(c, Rect(body.x, body.y, body.w, y - body.y), dungeon(seed),
                       layout.name)


def _draw_dungeon_list(c: Any, r: Rect, order: Sequence[Card], layout_name: str) -> None:
    """The dungeon in ``r``: four cards a row (the first row is the first room), each
    with its position in bold beside it and what it is (``weapon`` at label size over
    its value in bold),
    rows sharing out the height.

    Raises LayoutError if the cards would be under 6 mm tall.
    """
    label_font, label_size = design.style("label").pair
    per_row = rules.ROOM_SIZE
    rows = ceil(len(order) / per_row)
    cell_w = r.w / per_row
    cell_h = min((r.h - mm(1)) / rows, mm(24))
    gh = min(cell_h - mm(1.5), mm(18))
    # as wide as the cell leaves beside the position and the widest word (rank and
    # suit side by side when it is wide enough), at most twice the height
    words = max(max(c.stringWidth(rules.kind(k), label_font, label_size),
                    c.stringWidth(str(rules.value(k)), design.BOLD, 11)) for k in order)
    gw = max(gh / 1.35, min(2 * gh, cell_w - mm(10) - mm(3.6) - words))
    if gh < mm(6):
        raise LayoutError(f"layout {layout_name}: no room for the stacking list's cards")
    c.saveState()
    for i, card in enumerate(order):
        row, place = divmod(i, per_row)
        cx = r.x + place * cell_w
        cy = r.y1 - mm(1) - (row + 1) * cell_h + (cell_h - gh) / 2
        c.setFont(design.BOLD, 11)
        c.setFillColorRGB(0.2, 0.2, 0.2)
        c.drawRightString(cx + mm(8.5), cy + gh / 2 - 3.8, str(i + 1))
        draw_card_glyph(c, card, cx + mm(10), cy, gw, gh, highlight=i < rules.ROOM_SIZE)
        tx = cx + mm(10) + gw + mm(1.8)
        c.setFont(label_font, label_size)
        c.setFillColorRGB(0.25, 0.25, 0.25)
        c.drawString(tx, cy + gh / 2 + 1.5, rules.kind(card))
        c.setFont(design.BOLD, 11)
        c.setFillColorRGB(*INK)
        c.drawString(tx, cy + gh / 2 - 11 * 0.85, str(rules.value(card)))
    c.restoreState()


# -------------------------------------------------------------------------- render
KINDS: dict[str, SheetKindDrawing] = {
    "mat": SheetKindDrawing("mat", True, draw_mat_page, "play mat"),
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
    if kind == "marks":  # every game's mark sheet prints through companion.marks.sheet
        from companion.games.scoundrel.marks_draw import draw_sheet
        from companion.marks.sheet import render_marks

        return render_marks(game, seed, params, paper, options,
                            lambda doc, t, filled, _: draw_sheet(doc, t, filled))
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

