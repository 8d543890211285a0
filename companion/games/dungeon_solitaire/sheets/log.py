"""Dungeon Solitaire sheets: the log sheet (``log``), its verbs with examples true of
the seed's own reward deck."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.games.dungeon_solitaire.cards import RewardCard, Special
from companion.games.dungeon_solitaire.generation import reward_deck
from companion.games.dungeon_solitaire.sheets.common import Sheet, _params_text, _string_width
from companion.games.dungeon_solitaire.table import RulesTable
from companion.paper import design
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    INK,
    draw_field,
    draw_footer,
    draw_ruled_lines,
    draw_title,
    footer_height,
    identity_lines,
)
from companion.paper.layout import Layout, Rect, content_rect
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.dungeon_solitaire import DungeonSolitaire


def _is_room(card: RewardCard) -> bool:
    return not isinstance(card.card, Special)


def _first_special(deck: Sequence[RewardCard], *kinds: str) -> RewardCard | None:
    return next((c for c in deck if isinstance(c.card, Special) and c.card.kind in kinds),
                None)


def draft_example(rules: RulesTable, deck: Sequence[RewardCard]) -> list[RewardCard]:
    """An example draft from ``deck`` (the seed's reward deck, of ``rules``): from each
    set the first room card (the first card of a set with none)."""
    out = []
    for i in range(rules.draft_sets):
        group = deck[i * rules.set_size:(i + 1) * rules.set_size]
        out.append(next((c for c in group if _is_room(c)), group[0]))
    return out


def verb_help(rules: RulesTable, deck: Sequence[RewardCard]) -> tuple[tuple[str, str], ...]:
    """The verbs of the log in short, with the draft of ``rules`` and examples that are
    true of ``deck``, the seed's own reward deck: a card played as a room is a room
    card, as a Leap a Leap card, and so on. A special that is not in the deck at all (so
    never played) has no line."""
    last = rules.draft_sets * rules.set_size
    kept = draft_example(rules, deck)
    shown = kept[:3]
    room = next((c for c in shown if _is_room(c)), None) or next(
        (c for c in deck if _is_room(c)), shown[0])
    drawn = [shown[-1], room, *[c for c in shown[:-1] if c is not room]][:3]
    offer = deck[last:last + rules.chest_offer]
    lines: list[tuple[str, str]] = [
        ("draft " + " ".join(c.id for c in shown) + " ...",
         f"the card kept from each of the {rules.draft_sets} sets of {rules.set_size} "
         f"(R1-R{last})"),
        ("level 2", "checkpoint: you reached level 2"),
        ("draw " + " ".join(c.id for c in drawn), "the cards drawn from your shuffled deck"),
        (f"play {room.id} at c3", "a room card kept, placed on c3"),
    ]
    target = _first_special(deck, "slay", "turn")
    if target is not None:
        lines.append((f"play {target.id} on c3", "a Slay or Turn card, on that square"))
    leap = _first_special(deck, "leap")
    if leap is not None:
        lines.append((f"play {leap.id} E", "a Leap card, that way"))
    heal = _first_special(deck, "heal")
    if heal is not None:
        lines.append((f"play {heal.id}", "a Heal card (no target)"))
    lines.append(("move N E / path NNE", "the player's steps"))
    if offer:
        pick = offer[min(1, len(offer) - 1)]
        span = offer[0].id if len(offer) == 1 else f"{offer[0].id}-{offer[-1].id}"
        lines.append((f"chest {pick.id}", f"the card kept from a chest (the first: {span})"))
    return tuple(lines)


def draw_log_page(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
                  size: int, payload: str, edition: int | None = None) -> None:
    """The log sheet of rules ``edition`` (default: the newest): header fields, the
    draft sets, the verbs, numbered lines; then a second page of numbered lines."""
    c = doc.canvas
    rules = game.rules_table(edition)
    area = content_rect(layout, doc.paper)
    area = draw_title(c, area, f"{game.title}: game log",
                      "Write one action per line, as below; type it up later and check it "
                      "with: companion validate my-game.log")
    qr_w = mm(layout.qr_size)
    lines = identity_lines(game.title, seed, _params_text(size), "log sheet")
    foot = footer_height(payload, lines, qr_w)
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                right_text=[game.credits])
    top = area.y1
    fh = mm(10)
    fields = (("Game", "dungeon-solitaire"), ("Seed", seed), ("Size", str(size)),
              ("Player", ""), ("Date", ""), ("Claim (score)", ""))
    fw = (area.w - mm(2) * 5) / 6
    for i, (label, value) in enumerate(fields):
        draw_field(c, area.x + i * (fw + mm(2)), top - fh, fw, fh, label, value)
    y = top - fh - mm(2)
    sets = rules.draft_sets
    sw = (area.w - mm(2) * (sets - 1)) / sets
    spans = [f"R{i * rules.set_size + 1}-R{(i + 1) * rules.set_size}" for i in range(sets)]
    roomy = _string_width(f"kept of {spans[-1]}", design.REGULAR, 7.0) <= sw - mm(2)
    for i, span in enumerate(spans):
        draw_field(c, area.x + i * (sw + mm(2)), y - fh, sw, fh,
                   f"kept of {span}" if roomy else f"set {span}")
    y -= fh + mm(1)
    deck = reward_deck(seed, rules)
    kept = " ".join(card.id for card in draft_example(rules, deck)[:3])
    c.setFont(design.REGULAR, 6.5)
    c.setFillColorRGB(*INK)
    c.drawString(area.x, y - 6.5, f"The draft: keep one card of each set of "
                                  f"{rules.set_size} (R1-R{sets * rules.set_size}) and "
                                  f"write the {sets} you kept as your first line: "
                                  f"draft {kept} ...")
    y -= 6.5 + mm(3)
    c.saveState()
    c.setFont(design.BOLD, 7.5)
    c.setFillColorRGB(*INK)
    c.drawString(area.x, y - 7.5, "Verbs (cards by the id printed on them, squares like "
                                  "c3, directions N E S W; examples from this seed's "
                                  "reward deck)")
    row_h = 8.6
    col_w = area.w / 2
    verbs = verb_help(rules, deck)
    half = math.ceil(len(verbs) / 2)
    # the meanings start 3 mm after the widest example (the face's own widths)
    gap = max(c.stringWidth(v, design.BOLD, 7) for v, _ in verbs) + mm(3)
    # the second column starts after the first one's longest meaning, if that is longer
    first = max(c.stringWidth(m, design.REGULAR, 6.5) for _, m in verbs[:half])
    col_w = min(max(col_w, gap + first + mm(3)), area.w - gap - max(
        (c.stringWidth(m, design.REGULAR, 6.5) for _, m in verbs[half:]), default=0.0))
    for i, (verb, meaning) in enumerate(verbs):
        col, r = divmod(i, half)
        vx = area.x + col * col_w
        vy = y - 17 - r * row_h
        c.setFont(design.BOLD, 7)
        c.drawString(vx, vy, verb)
        c.setFont(design.REGULAR, 6.5)
        c.drawString(vx + gap, vy, meaning)
    c.restoreState()
    y -= 17 + half * row_h + mm(2)
    n = draw_ruled_lines(c, Rect(area.x, area.y + foot, area.w, y - (area.y + foot)),
                         columns=2)
    # a game of nine levels takes more lines than one page holds: a second page
    c = doc.new_page(layout.landscape)
    area = draw_title(c, content_rect(layout, doc.paper), f"{game.title}: game log, "
                      "continued", f"Seed {seed}, {_params_text(size)}.")
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                right_text=[game.credits])
    draw_ruled_lines(c, Rect(area.x, area.y + foot, area.w, area.y1 - (area.y + foot)),
                     columns=2, first_number=n + 1)


def draw_log_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``log`` sheet: its two pages (:func:`draw_log_page`)."""
    draw_log_page(doc, sheet.layout, sheet.game, sheet.seed, sheet.size, sheet.payloads[0],
                  sheet.edition)
