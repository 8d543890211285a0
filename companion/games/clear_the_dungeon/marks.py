"""Clear the Dungeon's mark sheet (``docs/marks.md``): one row a turn, what the seed
fixes printed, the player's decisions marked; :data:`CODEC` is the game's
:class:`~companion.marks.codec.MarkCodec`.

**What a row holds.** A seeded deal fixes the power deck's order, so turn *t* always
draws the deck's cards 3t-2 to 3t (the last turn of ``no-jokers`` draws one): the row
prints them, one line a card, and the player marks where each went:

* ``to``: column 1-4 (the monster's attack pile) or ``D`` (the damage pile);
* ``place``: its place on that attack pile, ``1st``, ``2nd`` or ``T`` (the trigger).
  The places order two cards of one turn put on one column; the codec checks them
  against the piles (a place the pile cannot have had is no reading). A place left
  unmarked is settled by the pile where only one order fits, else each order is a
  candidate. Under ``reserve`` the place of a card put on ``D`` is the order of this
  turn's discards (1st, 2nd, T for the 3rd), which decides the reserve card; one
  discard needs none; a place left unmarked takes what the marked ones leave. Without
  ``reserve`` a ``D`` card's place is ignored.

Under ``reserve`` each row also has :data:`RESERVE_LINES` reserve lines ``R1``-``R6``:
"the top card of the damage pile went to column c as 1st/2nd/T", R1 the first card taken
from the pile in that turn, R2 the next... They name no card: line *k* is the *k*-th
card from the top of the damage pile as the turn began. Six is the exact bound (the
pile holds at most six cards at a turn's start, a seventh loses), so every game fits:
the most seen in one turn was 6 (random and greedy players, 3,000 games each; expert,
1,600). A card line under ``reserve`` also has two ``new`` bubbles: the card went on
the monster that came up after one (+1) or two (+2) defeats on its column in this turn,
which tells apart the places of a column that takes more than three cards in one turn
(unmarked: the card went on the monster face up as the turn began, unless the places
allow no such order, when a mark was forgotten).

**Canonical order of a row's log lines.** ``draw``, then the plays (hand cards in
printed order, then the reserve lines in order, each column's cards in their places'
order), then the discards (in printed order; under ``reserve`` in their marked order);
the first such order that the rules accept, so that a play that wins the game comes
last (:func:`order_row`). A hand card discarded and played back from the damage pile in
the same turn is written as played straight from the hand (the same state). What the
sheet cannot record and the canonical log changes: the order of plays on different
columns, and without ``reserve`` the order of one turn's discards (the damage pile's
order then plays no part). ``reveal`` lines and a seeded ``monsters`` line are not
marked; a log that stops right after a ``draw`` reads back without it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.cards import Card
from companion.errors import IllegalAction
from companion.games.clear_the_dungeon import rules
from companion.games.clear_the_dungeon.generation import deal
from companion.marks.codec import Incomplete
from companion.marks.template import Bubble, PageTemplate, Row, Template

if TYPE_CHECKING:
    pass

__all__ = ["NEW", "PLACES", "RESERVE_LINES", "TARGETS", "ClearTheDungeonMarks",
           "SheetLayout", "order_row", "sheet_layout", "turn_cards"]

RESERVE_LINES = 6
"""Reserve lines a row has under ``reserve``: the damage pile holds at most six cards
when a turn begins, so no turn plays more than six cards from it."""
PLACES = ("1st", "2nd", "T")
"""The place bubbles: the 1st and 2nd card of an attack pile and the trigger."""
TARGETS = ("1", "2", "3", "4", "D")
"""The ``to`` bubbles: columns 1-4, the damage pile."""
NEW = ("+1", "+2")
"""The ``new`` bubbles (``reserve``): the card went on the monster that came up after
one defeat on its column in this turn (+1), or after two (+2)."""
_ORDER_BUDGET = 4000
"""Most states :func:`order_row` tries for one reading."""
_CANDIDATES = 64
"""Most readings :meth:`ClearTheDungeonMarks.row_actions` lists for one row."""


def turn_cards(seed: str, variants: Sequence[str]) -> list[tuple[Card, ...]]:
    """Each turn's cards in the order drawn: the seed's power deck three by three
    (``no-jokers``: 40 cards, the 14th turn draws one)."""
    power = deal(seed, "no-jokers" not in variants).power
    return [tuple(power[i:i + 3]) for i in range(0, len(power), 3)]


# ----------------------------------------------------------------------- layout
@dataclass(frozen=True)
class _Line:
    """One printed line of a turn: a hand card (``card`` 1-3) or reserve lines."""

    y: float
    card: int | None
    reserves: tuple[tuple[int, float], ...]
    """(reserve line number, x of its first bubble) on this line."""


@dataclass(frozen=True)
class TurnBox:
    """Where a turn stands: its page, box (mm, y down) and lines."""

    turn: int
    page: int
    x: float
    y: float
    w: float
    h: float
    lines: tuple[_Line, ...]


@dataclass(frozen=True)
class SheetLayout:
    """The geometry of one mark sheet (mm from the page's top-left, y down): the
    columns of bubbles (x of each ``to`` and ``place`` bubble of a card line, by block
    column) and every turn's box. :func:`sheet_layout` makes it; the template and the
    drawing both read it."""

    paper: str
    width: float
    height: float
    pages: int
    reserve: bool
    pitch: float
    """The distance between two lines (mm): at least 6.8, more where the page has room."""
    step: float
    """The distance between two bubbles of a line (mm)."""
    group_gap: float
    """Added between two groups of bubbles of a line (mm)."""
    blocks: tuple[float, ...]
    """The left edge of each block column (two without ``reserve``, one with)."""
    block_w: float
    turns: tuple[TurnBox, ...]
    top: tuple[float, ...]
    """The y where each page's column labels start."""
    foot: float
    """The height of the foot band (identity strip and reminder), mm."""

    def card_x(self, block_x: float) -> dict[str, float]:
        """The x of a card line's parts in the block starting at ``block_x``:
        ``label`` (the turn number), ``glyph``, each ``to`` and ``place`` bubble."""
        p, gap = self.step, self.group_gap
        out = {"label": block_x + 1.5, "glyph": block_x + GLYPH_X_MM}
        first = block_x + FIRST_BUBBLE_MM
        for i, v in enumerate(TARGETS):
            out[f"to{v}"] = first + i * p
        place0 = first + len(TARGETS) * p + gap
        for i, v in enumerate(PLACES):
            out[f"place{v}"] = place0 + i * p
        if self.reserve:
            for i, v in enumerate(NEW):
                out[f"new{v}"] = place0 + (len(PLACES) + i) * p + gap
        return out

    def reserve_x(self, start: float) -> dict[str, float]:
        """The x of a reserve line's bubbles, its first bubble at ``start``."""
        p = self.step
        out = {f"to{c}": start + i * p for i, c in enumerate(TARGETS[:4])}
        for i, v in enumerate(PLACES):
            out[f"place{v}"] = start + 4 * p + self.group_gap + i * p
        return out


BAND_TOP_MM = 24.0
"""Page content starts under the top markers (8 + 12 mm, 3 mm quiet, 1 mm)."""
HOW_TO_MM = 11.0
"""Room the how-to-mark note takes on page 1."""
HEADER_MM = 10.0
"""The column labels above the rows (two lines of 8 pt)."""
QR_MM = 28.0
"""The QR code's width: more than the 22 mm least (``MIN_QR_MM``), so that a phone
photo at 100 dpi reads it."""
FOOT_MM = 47.5
"""Room kept at the foot: the identity strip (its QR code about 34 mm with its quiet
zone, 37 mm) 8 mm off the edge, and a gap; beside the strip the rules reminder."""
FOOT_RESERVE_MM = 49.0
"""The foot under ``reserve``: its reminder is longer."""
SIDE_MM = 8.0
SIDE_RESERVE_MM = 7.0
"""The rows' edges inside the paper under ``reserve`` (its lines are wider; text stays
8 mm inside)."""
"""The rows' left and right edge inside the paper."""
TURN_PAD_MM = 3.0
"""Between two turns' lines: above the first and below the last."""
GLYPH_X_MM = 9.0
"""A card line: the printed card's left edge from the block's (10 mm wide)."""
GLYPH_W_MM = 10.0
FIRST_BUBBLE_MM = 24.0
"""A card line: its first bubble's centre from the block's left edge."""
RESERVE_LABEL_MM = 7.5
"""A reserve line's label (R1...) starts this far left of its first bubble's centre."""


def sheet_layout(paper: str, variants: Sequence[str], counts: Sequence[int]) -> SheetLayout:
    """The layout of a sheet on ``paper`` (``a4``, ``letter``) for turns of ``counts``
    cards. Without ``reserve`` two columns of turns share each page (turns 1-7 and
    8-14); with it each turn takes the page's width, its card lines on the left and its
    reserve lines two to a line on the right, the turns spread evenly over the pages.

    Raises KeyError for another paper."""
    from companion.paper.units import PAPER_MM

    width, height = PAPER_MM[paper]
    reserve = "reserve" in variants
    turns = len(counts)
    foot = FOOT_RESERVE_MM if reserve else FOOT_MM
    usable_first = height - foot - BAND_TOP_MM - HOW_TO_MM - HEADER_MM
    lines_per_turn = 3
    side = SIDE_RESERVE_MM if reserve else SIDE_MM
    inner = width - 2 * side
    if not reserve:
        step, group_gap = 8.0, 2.5
        blocks: tuple[float, ...] = (SIDE_MM, SIDE_MM + inner / 2 + 2.0)
        block_w = inner / 2 - 2.0
        per_page = [turns]
        pages = 1
    else:
        step, group_gap = 6.5, 1.5
        blocks = (side,)
        block_w = inner
        pages = 1
        while True:
            per = -(-turns // pages)
            least = lines_per_turn * 6.8 + 2 * TURN_PAD_MM
            if per * least <= usable_first:
                break
            pages += 1
        per_page = [-(-turns // pages)] * pages
        per_page[-1] = turns - sum(per_page[:-1])
    # the pitch: the page's room shared out, between 6.8 and 9 mm
    rows_in_col = max(-(-per_page[0] // len(blocks)), 1)
    pitch = (usable_first / rows_in_col - 2 * TURN_PAD_MM) / lines_per_turn
    pitch = max(6.8, min(9.0, pitch))
    turn_h = lines_per_turn * pitch + 2 * TURN_PAD_MM
    boxes: list[TurnBox] = []
    tops: list[float] = []
    t = 0
    for page in range(1, pages + 1):
        top = BAND_TOP_MM + (HOW_TO_MM if page == 1 else 0.0)
        tops.append(top)
        y0 = top + HEADER_MM
        n = per_page[page - 1]
        per_col = -(-n // len(blocks))
        for k in range(n):
            col, place = divmod(k, per_col)
            bx = blocks[col]
            y = y0 + place * turn_h
            lines = []
            for i in range(lines_per_turn):
                ly = y + TURN_PAD_MM + (i + 0.5) * pitch
                card = i + 1 if i < counts[t] else None
                res: tuple[tuple[int, float], ...] = ()
                if reserve:
                    # two reserve lines right of the card line, the room shared out
                    left = bx + FIRST_BUBBLE_MM + 9 * step + 2 * group_gap + 2.25
                    entry = RESERVE_LABEL_MM + 6 * step + group_gap + 2.25
                    gap = (bx + block_w - 3.0 - left - 2 * entry) / 2
                    res = tuple((2 * i + j + 1, left + gap + j * (entry + gap)
                                 + RESERVE_LABEL_MM) for j in range(2))
                lines.append(_Line(ly, card, res))
            boxes.append(TurnBox(t + 1, page, bx, y, block_w, turn_h, tuple(lines)))
            t += 1
    return SheetLayout(paper, width, height, pages, reserve, pitch, step, group_gap,
                       blocks, block_w,
                       tuple(boxes), tuple(tops), foot)


# ------------------------------------------------------------------------ codec
def _payload(game: Any, seed: str, params: Mapping[str, int], variants: Sequence[str],
             edition: int, page: int) -> str:
    from companion.games.clear_the_dungeon.sheets.common import sheet_payload

    text = sheet_payload(game, seed, params, "marks", variants)
    if edition != game.edition:  # (one edition today: the newest is never written)
        text = game.payload(seed, params, edition=edition, kind="marks",
                            **({"variant": "+".join(variants)} if variants else {}))
    return text if page == 1 else f"{text}/page={page}"


def _card_words(card: Card) -> str:
    return str(card)


def _bubble(t: int, part: str, name: str, page: int, x: float, y: float, group: str,
            meaning: str, value: str = "") -> Bubble:
    """Bubble ``r{t}.{part}.{name}`` of turn ``t``: ``name`` is ``col1``-``col4``, ``D``,
    a place or ``new1``/``new2``; its value and label ``value``, by default the name
    without ``col`` (``4``)."""
    from companion.marks.paper import BUBBLE_R_MM

    value = value or name.removeprefix("col")
    return Bubble(f"r{t}.{part}.{name}", page, x, y, BUBBLE_R_MM, t, group, value, value,
                  meaning)


def _card_bubbles(layout: SheetLayout, box: TurnBox, line: _Line, i: int, card: Card,
                  reserve: bool) -> list[Bubble]:
    xs = layout.card_x(box.x)
    t = box.turn
    head = f"turn {t}, {_card_words(card)}"
    out = []
    for v in TARGETS:
        value = "D" if v == "D" else f"col{v}"
        words = "to the damage pile" if v == "D" else f"on column {v}"
        out.append(_bubble(t, f"c{i}", value, box.page, xs[f"to{v}"], line.y, f"c{i}.to",
                           f"{head}: {words}"))
    for v in PLACES:
        place = {"1st": "1st card on its attack pile", "2nd": "2nd card on its attack pile",
                 "T": "the trigger (3rd card) on its attack pile"}[v]
        if reserve:
            place += {"1st": " (to D: discarded 1st)", "2nd": " (to D: discarded 2nd)",
                      "T": " (to D: discarded 3rd)"}[v]
        out.append(_bubble(t, f"c{i}", v, box.page, xs[f"place{v}"], line.y, f"c{i}.place",
                           f"{head}: {place}"))
    if reserve:
        for n, v in enumerate(NEW, 1):
            out.append(_bubble(t, f"c{i}", f"new{n}", box.page, xs[f"new{v}"], line.y,
                               f"c{i}.new", f"{head}: on the monster that came up after "
                               f"{'one defeat' if n == 1 else 'two defeats'} on its column "
                               "in this turn", v))
    return out


def _reserve_bubbles(layout: SheetLayout, box: TurnBox, y: float, k: int,
                     start: float) -> list[Bubble]:
    xs = layout.reserve_x(start)
    t = box.turn
    head = f"turn {t}, reserve card R{k} (the {_nth(k)} card taken from the damage pile)"
    out = []
    for v in TARGETS[:4]:
        out.append(_bubble(t, f"R{k}", f"col{v}", box.page, xs[f"to{v}"], y, f"R{k}.to",
                           f"{head}: on column {v}"))
    for v in PLACES:
        place = {"1st": "1st card on its attack pile", "2nd": "2nd card on its attack pile",
                 "T": "the trigger (3rd card)"}[v]
        out.append(_bubble(t, f"R{k}", v, box.page, xs[f"place{v}"], y, f"R{k}.place",
                           f"{head}: {place}"))
    return out


def _nth(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


@dataclass(frozen=True)
class _Play:
    source: str  # "c1".."c3" or "R1".."R6"
    column: int  # 0-based
    place: int | None  # 0, 1, 2 (1st, 2nd, T) or None: unmarked
    new: int | None = None  # marked: on the monster that came up after 1 or 2 defeats


class ClearTheDungeonMarks:
    """Clear the Dungeon's :class:`~companion.marks.codec.MarkCodec` (the module's
    docstring says what a row holds and the canonical order of its lines). Made by
    ``ClearTheDungeon.marks_codec()`` with the game (no import of the game's package
    here: that would be a cycle)."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def template(self, seed: str, params: Mapping[str, int], variants: Sequence[str],
                 edition: int, paper: str) -> Template:
        """The sheet of ``seed``'s deal under ``variants`` on ``paper``. Raises KeyError
        for a paper other than a4 or letter."""
        from companion.marks.paper import fiducials

        variants = tuple(variants)
        cards = turn_cards(seed, variants)
        layout = sheet_layout(paper, variants, [len(c) for c in cards])
        reserve = layout.reserve
        pages = tuple(
            PageTemplate(n, layout.pages, layout.width, layout.height,
                         fiducials(layout.width, layout.height, paper),
                         _payload(self.game, seed, params, variants, edition, n))
            for n in range(1, layout.pages + 1))
        rows: list[Row] = []
        bubbles: list[Bubble] = []
        for box in layout.turns:
            mine: list[Bubble] = []
            hand = cards[box.turn - 1]
            for line in box.lines:
                if line.card is not None:
                    mine += _card_bubbles(layout, box, line, line.card,
                                          hand[line.card - 1], reserve)
                for k, start in line.reserves:
                    mine += _reserve_bubbles(layout, box, line.y, k, start)
            bubbles += mine
            rows.append(Row(box.turn, box.page, f"turn {box.turn}",
                            (box.x, box.y, box.w, box.h), tuple(b.id for b in mine),
                            " ".join(map(str, hand))))
        return Template("clear-the-dungeon", seed, variants, dict(params), edition, paper,
                        pages, tuple(rows), tuple(bubbles))

    def row_ended(self, before: Any, after: Any) -> bool:
        """Whether a row played from ``before`` to ``after`` finished its turn: every
        card drawn played or discarded, or the game over. The decoder reads no row after
        one that did not (its marks would be read against the wrong cards)."""
        return after.outcome is not None or not after.hand

    # -- log to marks -----------------------------------------------------------------
    def log_rows(self, states: Sequence[Any], actions: Sequence[Any]
                 ) -> list[tuple[Any, tuple[Any, ...]]]:
        """The log's turns: each ``draw`` starts one (the state before it); ``monsters``
        and ``reveal`` lines are left out."""
        rows: list[tuple[Any, list[Any]]] = []
        for before, action in zip(states, actions, strict=False):
            if isinstance(action, rules.Monsters | rules.Reveal):
                continue
            if isinstance(action, rules.Draw) or not rows:
                rows.append((before, []))
            rows[-1][1].append(action)
        return [(s, tuple(a)) for s, a in rows]

    def row_marks(self, template: Template, row: Row, state: Any,
                  actions: Sequence[Any]) -> frozenset[str]:
        """The bubbles this turn's actions fill (played from ``state``, the state before
        its ``draw``). Raises ValueError if the actions are no turn of this row (no draw
        first, another turn's cards, more reserve cards than lines) or break the rules."""
        acts = [a for a in actions if not isinstance(a, rules.Monsters | rules.Reveal)]
        if not acts:
            return frozenset()
        if not isinstance(acts[0], rules.Draw):
            raise ValueError("a turn starts with 'draw'")
        if state.deck_pos != 3 * (row.number - 1):
            raise ValueError(f"{row.label} draws the deck's cards {3 * row.number - 2} "
                             f"on, not {state.deck_pos + 1} on")
        reserve = "reserve" in template.variants
        t = row.number
        try:
            s = rules.apply(state, rules.Draw(None))
        except IllegalAction as exc:
            raise ValueError(str(exc)) from None
        hand = s.hand
        used: set[int] = set()
        to: dict[int, str] = {}
        place: dict[int, str] = {}
        pending: list[int] = []  # this turn's discards still on the damage pile
        reserves: list[tuple[int, int]] = []  # (column, place) of each reserve line
        new: dict[int, int] = {}  # hand cards put on a monster that came up this turn
        fallen = [0, 0, 0, 0]  # monsters defeated in this turn, by column
        for a in acts[1:]:
            try:
                if isinstance(a, rules.Play):
                    k = a.column if a.column is not None else next(
                        i for i, m in enumerate(s.up) if m is not None and m == a.monster)
                    slot = len(s.piles[k])
                    i = -1
                    if a.card in s.hand:
                        i = next(j for j, c in enumerate(hand) if c == a.card and j not in used)
                        used.add(i)
                    elif pending:  # the turn's own discard, played back
                        i = pending.pop()
                    else:
                        reserves.append((k, slot))
                    if i >= 0:
                        to[i], place[i] = str(k + 1), PLACES[slot]
                        if fallen[k]:
                            new[i] = fallen[k]
                    if slot == rules.TRIGGER_SLOT:
                        fallen[k] += 1
                elif isinstance(a, rules.Discard):
                    i = next(j for j, c in enumerate(hand) if c == a.card and j not in used)
                    used.add(i)
                    pending.append(i)
                elif isinstance(a, rules.Draw):
                    raise ValueError("a second 'draw' in one turn")
                s = rules.apply(s, a)
            except (IllegalAction, StopIteration) as exc:
                raise ValueError(f"{a!r} cannot be played here: {exc}") from None
        if len(reserves) > RESERVE_LINES:
            raise ValueError(f"{len(reserves)} reserve cards in one turn; the row has "
                             f"{RESERVE_LINES} lines")
        ids = {f"r{t}.c{i + 1}.{'col' + v if v != 'D' else 'D'}" for i, v in to.items()}
        ids |= {f"r{t}.c{i + 1}.{p}" for i, p in place.items()}
        for i in pending:
            ids.add(f"r{t}.c{i + 1}.D")
        if reserve:
            ids |= {f"r{t}.c{i + 1}.new{n}" for i, n in new.items()}
        if reserve and len(pending) > 1:
            ids |= {f"r{t}.c{i + 1}.{PLACES[n]}" for n, i in enumerate(pending)}
        for k, (col, slot) in enumerate(reserves, 1):
            ids |= {f"r{t}.R{k}.col{col + 1}", f"r{t}.R{k}.{PLACES[slot]}"}
        missing = ids - set(row.bubbles)
        if missing:
            raise ValueError(f"{row.label} has no bubble {sorted(missing)[0]}")
        return frozenset(ids)

    # -- marks to actions -------------------------------------------------------------
    def row_actions(self, template: Template, row: Row, state: Any,
                    filled: frozenset[str], lenient: bool = False
                    ) -> list[tuple[Any, ...]]:
        """(``lenient`` changes nothing here: an unmarked place is read as every place
        anyway.) Every reading of the marks ``filled`` of ``row`` from ``state`` (before the
        turn's draw), in canonical order (:func:`order_row`): ``[()]`` when nothing of
        the row is filled, ``[]`` when the marks mean nothing (two places for one card, a
        place or ``new`` without a destination, ``new`` on a discard, a place the piles
        cannot have had, reserve lines beyond the damage pile, a turn that is not the
        next)."""
        mine = [template.bubble(b) for b in row.bubbles if b in filled]
        if not mine:
            return [()]
        groups: dict[str, list[str]] = {}
        for b in mine:
            groups.setdefault(b.group, []).append(b.value)
        if any(len(v) > 1 for v in groups.values()):
            return []
        reserve = "reserve" in template.variants
        pos = 3 * (row.number - 1)
        if state.deck_pos != pos or state.hand:
            return []
        count = len(row.printed.split())
        hand = tuple(state.deck[pos:pos + count])
        plays: list[_Play] = []
        discards: list[tuple[int, int | None]] = []
        for i in range(1, count + 1):
            to = groups.get(f"c{i}.to", [None])[0]
            pl = groups.get(f"c{i}.place", [None])[0]
            mark = groups.get(f"c{i}.new", [None])[0]
            new = NEW.index(mark) + 1 if mark is not None else None
            if to is None:
                if pl is not None or new is not None:
                    return []
                continue
            slot = PLACES.index(pl) if pl is not None else None
            if to == "D":
                if new is not None:  # (a discard goes on no monster)
                    return []
                discards.append((i, slot))
            else:
                plays.append(_Play(f"c{i}", int(to) - 1, slot, new))
        k = 0
        for line in range(1, RESERVE_LINES + 1):
            to = groups.get(f"R{line}.to", [None])[0]
            pl = groups.get(f"R{line}.place", [None])[0]
            if to is None:
                if pl is not None:
                    return []
                continue
            k += 1  # (a line left empty between two is skipped)
            plays.append(_Play(f"R{k}", int(to) - 1, PLACES.index(pl) if pl else None))
        if k > len(state.damage):
            return []
        out: list[tuple[Any, ...]] = []
        whole = True
        for chains in _column_orders(state, plays, reserve):
            for order in _discard_orders(discards, reserve):
                seq, whole_order = _order_row(state, hand, chains, order)
                whole = whole and whole_order
                if seq not in out:
                    out.append(seq)
                if len(out) >= _CANDIDATES:
                    return Incomplete(out)
        return out if whole else Incomplete(out)


def _column_orders(state: Any, plays: list[_Play], reserve: bool
                   ) -> Iterator[list[list[_Play]]]:
    """Each way the plays fit the columns' piles: per column, the plays in the order
    they went on, their places following the pile's length as the turn began and the
    reserve lines in order. Under ``reserve`` a hand card without a ``new`` mark went on
    the monster face up when the turn began, unless no way fits then (a forgotten mark:
    then it may have gone on any)."""
    per: list[list[list[_Play]]] = []
    for col in range(4):
        mine = [p for p in plays if p.column == col]
        p0 = len(state.piles[col])
        ways: list[list[_Play]] = []
        loose: list[list[_Play]] = []
        for perm in itertools.permutations(mine):
            if any((p.place is not None and p.place != (p0 + j) % 3)
                   or (p.new is not None and p.new != (p0 + j) // 3)
                   for j, p in enumerate(perm)):
                continue
            reserves = [int(p.source[1:]) for p in perm if p.source.startswith("R")]
            if reserves != sorted(reserves) or list(perm) in ways + loose:
                continue
            strict = not reserve or all(
                p.new is not None or p.source.startswith("R") or (p0 + j) // 3 == 0
                for j, p in enumerate(perm))
            (ways if strict else loose).append(list(perm))
            if len(ways) >= 12:
                break
        ways = ways or loose[:12]
        if not ways:
            return
        per.append(ways)
    for combo in itertools.product(*per):
        yield list(combo)


def _discard_orders(discards: list[tuple[int, int | None]], reserve: bool
                    ) -> Iterator[list[int]]:
    """The orders the turn's discards may have gone down in: without ``reserve`` printed
    order. With it a marked place is the card's place among the turn's discards (1st,
    2nd, 3rd): where some are left unmarked, the marked ones stand at their places and
    the others fill the rest in every way; where all are marked, their order (two cards
    marked with one place: none)."""
    if not reserve or len(discards) < 2:
        yield [i for i, _ in discards]
        return
    placed = [p for _, p in discards if p is not None]
    if len(placed) != len(set(placed)):
        return
    relative = [perm for perm in itertools.permutations(discards)
                if [p for _, p in perm if p is not None]
                == sorted(p for _, p in perm if p is not None)]
    if len(placed) < len(discards):
        fixed = [perm for perm in relative
                 if all(p is None or p == n for n, (_, p) in enumerate(perm))]
        relative = fixed or relative
    for perm in relative:
        yield [i for i, _ in perm]


def order_row(state: Any, hand: tuple[Card, ...], chains: list[list[_Play]],
              discards: list[int]) -> tuple[Any, ...]:
    """:func:`_order_row`'s order alone."""
    return _order_row(state, hand, chains, discards)[0]


def _order_row(state: Any, hand: tuple[Card, ...], chains: list[list[_Play]],
               discards: list[int]) -> tuple[tuple[Any, ...], bool]:
    """The turn's actions in canonical order: ``draw``; then, each time, the first of
    these whose turn has come and that the rules accept: a hand card's play (printed
    order), a reserve line's play (in order), a discard (in its order), keeping each
    column's plays in their order, the reserve lines in theirs and every reserve line
    before the discards (a discard covers the reserve card). A play that ends the game
    is thus put last. When no order is legal, the same order without the rules (the
    decoder rejects it). The flag: False when the search ran out of its budget before
    it knew (the decoder then asks rather than call the row illegal). Never raises."""
    damage = state.damage
    items: list[tuple[str, Any]] = []  # (key, action)
    after: dict[str, set[str]] = {}
    for chain in chains:
        for j, p in enumerate(chain):
            if p.source.startswith("c"):
                card = hand[int(p.source[1:]) - 1]
            else:
                k = int(p.source[1:])
                card = damage[-k]
            after[p.source] = {chain[j - 1].source} if j else set()
            items.append((p.source, rules.Play(card, p.column)))
    reserves = sorted((k for k, _ in items if k.startswith("R")), key=lambda k: int(k[1:]))
    for a, b in itertools.pairwise(reserves):
        after[b].add(a)
    prev: str | None = None
    for i in discards:
        key = f"d{i}"
        after[key] = set(reserves) | ({prev} if prev else set())
        items.append((key, rules.Discard(hand[i - 1])))
        prev = key

    def rank(key: str) -> tuple[int, int]:
        return ({"c": 0, "R": 1, "d": 2}[key[0]], int(key[1:]))

    items.sort(key=lambda it: rank(it[0]))
    draw = rules.Draw(None)
    budget = [_ORDER_BUDGET]

    def search(s: Any, done: list[str]) -> list[str] | None:
        if len(done) == len(items):
            return done
        for key, action in items:
            if key in done or not after[key] <= set(done):
                continue
            budget[0] -= 1
            if budget[0] < 0:
                return None
            try:
                nxt = rules.apply(s, action)
            except IllegalAction:
                continue
            found = search(nxt, [*done, key])
            if found is not None:
                return found
        return None

    found: list[str] | None = None
    try:
        found = search(rules.apply(state, draw), [])
    except IllegalAction:
        found = None
    if found is None:  # the order without the rules
        found = []
        while len(found) < len(items):
            nxt = next((k for k, _ in items if k not in found and after[k] <= set(found)),
                       None)
            if nxt is None:  # pragma: no cover - the constraints have no cycle
                break
            found.append(nxt)
    by_key = dict(items)
    return (draw, *(by_key[k] for k in found)), budget[0] >= 0

