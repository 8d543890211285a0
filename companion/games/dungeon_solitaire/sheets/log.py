"""Dungeon Solitaire sheets: the log sheet (``log``), its verbs with examples true of
the seed's own reward deck."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.games.dungeon_solitaire.cards import RewardCard, Special
from companion.games.dungeon_solitaire.generation import reward_deck
from companion.games.dungeon_solitaire.sheets.common import Sheet, _params_text
from companion.games.dungeon_solitaire.table import RulesTable
from companion.paper.document import SheetDocument
from companion.paper.frame import identity_lines
from companion.paper.layout import Layout, Rect, content_rect
from companion.paper.logsheet import (
    draw_log_fields,
    draw_log_footer,
    draw_log_lines,
    draw_log_pages,
    draw_log_title,
    draw_note,
    draw_verb_table,
)
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


LOG_LINES_SEEN = 92
"""The most log lines a simulated game took, moves in a row written as one ``path``
line as the sheet shows (measured 2026-11-27, docs/benchmarks.md, "Log space (issue
25)"): board 5, seeds M0-M1199, random 82, greedy 89, expert 92; boards 4 and 7, seeds
M0-M299: 88 and 92. One line a step, the random player wanders up to 1,478 lines (board
7): a sheet does not print for that."""
LOG_LINES = math.ceil(LOG_LINES_SEEN * 1.1)
"""The log sheet prints at least this many numbered lines: the longest game seen with
a tenth to spare."""


def draw_log_page(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
                  size: int, payload: str, edition: int | None = None) -> list[int]:
    """The log sheet of rules ``edition`` (default: the newest): header fields, the
    draft sets, the verbs, numbered lines; then continuation pages of numbered lines,
    at least :data:`LOG_LINES` in all. Returns how many lines each page has."""
    rules = game.rules_table(edition)
    deck = reward_deck(seed, rules)

    def page(target: SheetDocument, n: int, pages: int, first_number: int) -> int:
        c = target.canvas
        area = content_rect(layout, target.paper)
        area = draw_log_title(c, area, game.title, n, pages, first_number)
        lines = identity_lines(game.title, seed, _params_text(size),
                               f"log sheet, page {n} of {pages}")
        foot = draw_log_footer(c, area, payload, lines, mm(layout.qr_size), [game.credits])
        if n == 1:
            y = _draw_head(c, area, rules, deck, seed, size)
        else:
            y = draw_log_fields(c, area, (("Seed", seed), ("Player", ""), ("Date", "")))
        return draw_log_lines(c, Rect(area.x, area.y + foot, area.w, y - (area.y + foot)),
                              columns=3, first_number=first_number, gap=mm(5))

    return draw_log_pages(doc, layout, LOG_LINES, page)


def _draw_head(c: Any, area: Rect, rules: RulesTable, deck: Sequence[RewardCard],
               seed: str, size: int) -> float:
    """The first page's header fields, draft fields, draft note and verbs; returns the
    y under them."""
    y = draw_log_fields(c, area, (("Game", "dungeon-solitaire"), ("Seed", seed),
                                  ("Size", str(size)), ("Player", ""), ("Date", ""),
                                  ("Claim (score)", "")))
    sets = rules.draft_sets
    per_row = sets if sets <= 5 else math.ceil(sets / 2)
    spans = [(f"kept of R{i * rules.set_size + 1}-R{(i + 1) * rules.set_size}", "")
             for i in range(sets)]
    y = draw_log_fields(c, area, spans, per_row=per_row, top=y + mm(1))
    kept = " ".join(card.id for card in draft_example(rules, deck)[:3])
    c.saveState()
    y = draw_note(c, area.x, y, area.w,
                  f"The draft: keep one card of each set of {rules.set_size} "
                  f"(R1-R{sets * rules.set_size}) and write the {sets} you kept as your "
                  f"first line: draft {kept} ... Cards by their id, squares like c3, "
                  "directions N E S W; moves in a row go on one line (path NNE). The "
                  "examples are from this seed's reward deck.")
    y = draw_verb_table(c, area.x, y - mm(1), verb_help(rules, deck), area.w, columns=2)
    c.restoreState()
    return y - mm(1)


def draw_log_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``log`` sheet: its pages (:func:`draw_log_page`)."""
    draw_log_page(doc, sheet.layout, sheet.game, sheet.seed, sheet.size, sheet.payloads[0],
                  sheet.edition)
