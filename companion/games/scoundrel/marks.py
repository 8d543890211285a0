"""Scoundrel's mark sheet (``marks``): a seeded game logged by filling bubbles
(``docs/marks.md``; the codec contract: :class:`companion.marks.codec.MarkCodec`).

A room's cards depend on play (an ``avoid`` puts a room under the dungeon), so the
player marks *positions*, never cards: the room's cards are numbered 1 to 4 in the order
dealt, the card that stayed from the last room first (the order the notation's ``room``
line writes them), and the reader replays the game to learn which card each number is.

One row for every room dealt, avoided rooms included (:data:`MAX_ROWS`, the most the
rules allow). A row has an ``avoid`` bubble and one group for each card faced in it, in
the order faced (:data:`FACES`: "1st", "2nd", "3rd"): the position faced (``1`` to
``4``) and, for a monster, ``fight`` (bare-handed) or ``slay`` (with the weapon). A
weapon is equipped and a potion drunk by itself (the card says which). Every room is
faced down to the card that stays, three cards; the last room holds two cards
(44 = 4 + 13 x 3 + 1) and may face both, so no row ever faces a fourth card.

Bubble ids: ``r3.avoid``, ``r3.f1.c2`` (room 3, 1st card faced: position 2),
``r3.f1.fight``, ``r3.f1.slay``; groups ``avoid``, ``face1.card`` (values 1 to 4) and
``face1.verb`` (``fight``, ``slay``).

A monster faced with neither ``fight`` nor ``slay`` filled may mean either (the rules
settle it when no weapon can slay it, else the reading is doubtful); both filled, two
positions in one group, a position twice, a gap between groups, a verb for a weapon or
a potion, or anything beside ``avoid`` mean nothing (``[]``).

Everything the template holds is fixed by the paper (rows, bubbles, the space kept for
the identity strip, sized for the longest seed): the seed, variants and edition only
change the QR payloads and the printed text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING, Any

from companion.games.scoundrel import rules
from companion.games.scoundrel.generation import DECK
from companion.games.scoundrel.rules import Action, Avoid, Drink, Equip, Fight, Room, Slay, State
from companion.marks.paper import BUBBLE_R_MM, FIDUCIAL_INSET_MM, FIDUCIAL_MM, QUIET_MM, fiducials
from companion.marks.template import Bubble, PageTemplate, Row, Template

if TYPE_CHECKING:
    pass

__all__ = ["FACES", "MAX_ROWS", "POSITIONS", "ScoundrelMarks", "ends_room",
           "row_count_bound"]

POSITIONS = rules.ROOM_SIZE
"""A room's cards, numbered in the order dealt (the card that stayed first)."""
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")
VERBS = ("fight", "slay")


def row_count_bound(deck: int = len(DECK), room: int = rules.ROOM_SIZE) -> tuple[int, int]:
    """``(rows, faces)``: the most rows a game of a ``deck``-card dungeon can mark (every
    room dealt by facing, plus one avoided room before each of them but the last, which
    is dealt from an empty dungeon and cannot be avoided), and the most cards faced in
    one row (a room faced down to the card that stays; the last room, dealt from an
    empty dungeon, may face every card). The counts do not depend on play: facing a room
    takes ``room - 1`` cards out of play until the dungeon runs out, and an avoid only
    reorders the dungeon."""
    in_play, faced_rooms, avoidable, most = deck, 0, 0, 0
    while in_play > 0:
        size = min(room, in_play)
        dungeon = in_play - size
        faced_rooms += 1
        avoidable += dungeon > 0
        faces = size if dungeon == 0 else size - 1
        most = max(most, faces)
        in_play -= faces
        if dungeon == 0:
            break
    return faced_rooms + avoidable, most


def ends_room(before: State, after: State) -> bool:
    """Whether a row played from ``before`` to ``after`` ends its room: an ``avoid`` or
    a face dealt the next room, or the game is over. Every row but the last one marked
    does (a reader that checks it catches a card whose mark was missed)."""
    return after.rooms != before.rooms or after.outcome is not None


MAX_ROWS, FACES = row_count_bound()
"""29 rows (15 rooms faced, 14 avoided at most), 3 cards faced in a row at most."""

# ----------------------------------------------------------------------- geometry (mm)
SIDE_MM = FIDUCIAL_INSET_MM + FIDUCIAL_MM + QUIET_MM
"""Nothing between the corner markers' rows comes nearer the paper's edge (23 mm)."""
EDGE_MM = 8.0
"""Text keeps this far inside the paper."""
STRIP_MM = 30.0
"""The height kept for the identity strip at the top (the longest seed's is 28.2 mm)."""
TITLE_W_MM = 60.0
"""The title block's width, right of the identity strip."""
HOW_TO_GAP_MM = 1.5
NOTES_MM = 19.5
"""The notes under the how-to-mark note on page 1 (five lines of body text)."""
COLUMN_HEAD_MM = 9.0
"""The column heads above the rows: the group's name, then each column's label."""
NUMBER_X = 7.0
"""The row number's right edge, from the block's left edge."""
AVOID_X = 13.5
GROUP_X = 26.0
"""The first group's first bubble, from the block's left edge."""
CARD_PITCH = 7.0
VERB_X = (28.5, 36.0)
"""The ``fight`` and ``slay`` bubbles within a group (from its first bubble)."""
GROUP_PITCH = 48.5
BLOCK_W = GROUP_X + (FACES - 1) * GROUP_PITCH + VERB_X[-1] + BUBBLE_R_MM + 0.5
ROW_PITCH_MIN = 6.5
ROW_PITCH_MAX = 8.0


@dataclass(frozen=True)
class PageLayout:
    """Where one page's parts go (mm from the top-left): the first row's index (0-based)
    and how many rows, the column heads' top, the rows' top and pitch."""

    number: int
    first_row: int
    rows: int
    heads_top: float
    rows_top: float
    pitch: float


def block_left(width_mm: float) -> float:
    """The row block's left edge on a page ``width_mm`` wide (the block is centred)."""
    return (width_mm - BLOCK_W) / 2


def heads_top(page: int) -> float:
    """The column heads' top on page ``page``: page 1 has the how-to-mark note and the
    notes above them."""
    top = EDGE_MM + STRIP_MM
    if page == 1:
        top += HOW_TO_GAP_MM + 9.0 + HOW_TO_GAP_MM + NOTES_MM
    return top + 1.0


def page_layouts(width_mm: float, height_mm: float, rows: int = MAX_ROWS) -> list[PageLayout]:
    """The pages ``rows`` rows take: each page as many as fit at :data:`ROW_PITCH_MIN`,
    the rows spread over the page's height (at most :data:`ROW_PITCH_MAX` apart).

    Raises ValueError if a page has no room for a row (a paper too small)."""
    out: list[PageLayout] = []
    first = 0
    bottom = height_mm - EDGE_MM
    while first < rows or not out:
        number = len(out) + 1
        top = heads_top(number)
        rows_top = top + COLUMN_HEAD_MM
        room = int((bottom - rows_top) // ROW_PITCH_MIN)
        if room < 1:
            raise ValueError(f"a page {height_mm} mm tall has no room for a mark sheet row")
        n = min(room, rows - first)
        pitch = min(ROW_PITCH_MAX, (bottom - rows_top) / max(n, 1))
        out.append(PageLayout(number, first, n, top, rows_top, pitch))
        first += n
    return out


def ordinal(k: int) -> str:
    """``1st``, ``2nd``, ``3rd``... for ``k`` from 1."""
    return ORDINALS[k - 1] if k <= len(ORDINALS) else f"{k}th"


def variant_words(variants: Sequence[str]) -> str:
    """``standard rules``, or ``variant: ...`` naming the variants played."""
    return "standard rules" if not variants else "variant: " + ", ".join(variants)


class ScoundrelMarks:
    """Scoundrel's :class:`~companion.marks.codec.MarkCodec` (module docstring). Made by
    ``Scoundrel.marks_codec()`` with the game (no import of the game's package here:
    that would be a cycle)."""

    def __init__(self, game: Any) -> None:
        self.game = game

    # ------------------------------------------------------------------- template
    def row_ended(self, before: State, after: State) -> bool:
        """Whether the row ended its room (:func:`ends_room`): the decoder reads no row
        after one that did not."""
        return ends_room(before, after)

    def template(self, seed: str, params: Mapping[str, int], variants: Sequence[str],
                 edition: int, paper: str) -> Template:
        """The mark sheet of ``seed`` on ``paper`` (``"a4"`` or ``"letter"``): page 1
        with the sheets' payload (``kind=marks``, ``variant=...``: as
        :func:`~companion.games.scoundrel.sheets.sheet_payload` writes it), page N that
        and ``/page=N``.

        Raises LayoutError for another paper (the corner markers tell A4 from Letter
        only)."""
        from companion.errors import LayoutError
        from companion.paper.units import paper_size_mm

        if paper not in ("a4", "letter"):
            raise LayoutError(f"mark sheets print on A4 or Letter, not {paper}")

        width, height = paper_size_mm(paper)
        marks = fiducials(width, height, paper)
        layouts = page_layouts(width, height)
        extra = {"variant": "+".join(variants)} if variants else {}
        base = self.game.payload(seed, params, kind="marks", **extra)
        pages = tuple(PageTemplate(p.number, len(layouts), width, height, marks,
                                   base if p.number == 1 else f"{base}/page={p.number}")
                      for p in layouts)
        x0 = block_left(width)
        rows: list[Row] = []
        bubbles: list[Bubble] = []
        for p in layouts:
            for i in range(p.rows):
                number = p.first_row + i + 1
                top = p.rows_top + i * p.pitch
                cy = top + p.pitch / 2
                row_bubbles = _row_bubbles(number, p.number, x0, cy)
                bubbles.extend(row_bubbles)
                rows.append(Row(number, p.number, f"room {number}",
                                (x0, top, BLOCK_W, p.pitch),
                                tuple(b.id for b in row_bubbles)))
        return Template("scoundrel", seed, tuple(variants), dict(params), edition, paper,
                        pages, tuple(rows), tuple(bubbles))

    # ---------------------------------------------------------------------- drawing
    # --------------------------------------------------------------- log <-> rows
    def log_rows(self, states: Sequence[Any], actions: Sequence[Any]
                 ) -> list[tuple[Any, tuple[Any, ...]]]:
        """The rows of a replayed seeded game: each room dealt is a row, ended by its
        ``avoid``, by the face that deals the next room, or by the end of the game or of
        the log. ``room`` lines are left out; the state of a row is the one before its
        first action."""
        rows: list[tuple[Any, tuple[Any, ...]]] = []
        current: list[Action] = []
        start: State | None = None
        for i, action in enumerate(actions):
            if isinstance(action, Room):
                continue
            before, after = states[i], states[i + 1]
            if not current:
                start = before
            current.append(action)
            if ends_room(before, after):
                rows.append((start, tuple(current)))
                current = []
        if current:
            rows.append((start, tuple(current)))
        return rows

    def row_marks(self, template: Template, row: Row, state: Any,
                  actions: Sequence[Any]) -> frozenset[str]:
        """The bubbles of ``row`` that ``actions`` (played from ``state``, the room as
        dealt) fill: ``avoid``, or for each card faced its position and, for a monster,
        ``fight`` or ``slay``.

        Raises ValueError for actions the row cannot record: an ``avoid`` with more, more
        faces than the row has groups, a card not in the room, a card faced twice, a
        ``room`` line or anything that is not a Scoundrel action."""
        n = row.number
        have = set(row.bubbles)
        out: set[str] = set()

        def add(bubble: str) -> None:
            if bubble not in have:
                raise ValueError(f"{row.label} has no bubble {bubble}")
            out.add(bubble)

        if any(isinstance(a, Avoid) for a in actions):
            if len(actions) != 1:
                raise ValueError("an avoided room is a row of its own: nothing is faced "
                                 "in it")
            add(f"r{n}.avoid")
            return frozenset(out)
        if len(actions) > FACES:
            raise ValueError(f"{len(actions)} cards faced in one room: a row holds {FACES}")
        room: tuple[Any, ...] = state.room
        seen: set[int] = set()
        for k, action in enumerate(actions, start=1):
            if not isinstance(action, Equip | Drink | Fight | Slay):
                raise ValueError(f"{action!r} is not marked on the sheet")
            if action.card not in room:
                raise ValueError(f"{action.card} is not in the room "
                                 f"({' '.join(map(str, room)) or 'empty'})")
            position = room.index(action.card) + 1
            if position in seen:
                raise ValueError(f"{action.card} is faced twice")
            seen.add(position)
            add(f"r{n}.f{k}.c{position}")
            if isinstance(action, Fight):
                add(f"r{n}.f{k}.fight")
            elif isinstance(action, Slay):
                add(f"r{n}.f{k}.slay")
        return frozenset(out)

    def row_actions(self, template: Template, row: Row, state: Any,
                    filled: frozenset[str], lenient: bool = False
                    ) -> list[tuple[Any, ...]]:
        """Every way the filled bubbles of ``row`` may be played from ``state``:
        ``[()]`` when none is filled, ``[(Avoid(),)]`` for ``avoid`` alone, else the
        cards faced in order with their verbs; ``[]`` when the marks mean nothing
        (module docstring). A monster without a verb is fought bare-handed when no
        weapon can be held by then; with a weapon its verb must be marked (else ``[]``:
        a faint verb mark is then settled as marked), or, ``lenient`` (the decoder's
        second look at a row it found no meaning in), both verbs, and the player is
        asked. Raises nothing."""
        marks = [template.bubble(b) for b in row.bubbles if b in filled]
        if not marks:
            return [()]
        if any(b.group == "avoid" for b in marks):
            return [(Avoid(),)] if len(marks) == 1 else []
        cards: dict[int, list[int]] = {}
        verbs: dict[int, list[str]] = {}
        for b in marks:
            what, _, k = b.group.partition(".")
            face = int(what.removeprefix("face"))
            if k == "card":
                cards.setdefault(face, []).append(int(b.value))
            else:
                verbs.setdefault(face, []).append(b.value)
        faced = max([*cards, *verbs])
        room: tuple[Any, ...] = state.room
        choices: list[list[Action]] = []
        used: set[int] = set()
        for face in range(1, faced + 1):
            where = cards.get(face, [])
            how = verbs.get(face, [])
            if len(where) != 1 or len(how) > 1:
                return []  # a gap, two positions, both verbs, a verb without a card
            position = where[0]
            if position in used or position > len(room):
                return []
            used.add(position)
            card = room[position - 1]
            if rules.is_monster(card):
                armed = state.weapon is not None or any(
                    isinstance(a, Equip) for c in choices for a in c)
                if not how and armed and not lenient:
                    return []  # fight or slay: with a weapon, the verb is marked
                choices.append([Fight(card)] if how == ["fight"] or not (how or armed) else
                               [Slay(card)] if how == ["slay"] else
                               [Fight(card), Slay(card)])
            elif how:
                return []  # a weapon or a potion has no verb to choose
            else:
                choices.append([Equip(card) if rules.is_weapon(card) else Drink(card)])
        return [tuple(c) for c in product(*choices)]


def _row_bubbles(number: int, page: int, x0: float, cy: float) -> list[Bubble]:
    """The bubbles of row ``number`` (centres at height ``cy``), in printed order."""
    r = BUBBLE_R_MM
    where = f"room {number}"
    out = [Bubble(f"r{number}.avoid", page, x0 + AVOID_X, cy, r, number, "avoid", "avoid",
                  "avoid", f"{where}: avoided (the whole room went under the dungeon)")]
    for k in range(1, FACES + 1):
        gx = x0 + GROUP_X + (k - 1) * GROUP_PITCH
        nth = f"{where}, {ordinal(k)} card faced"
        for p in range(1, POSITIONS + 1):
            out.append(Bubble(f"r{number}.f{k}.c{p}", page, gx + (p - 1) * CARD_PITCH, cy, r,
                              number, f"face{k}.card", str(p), str(p),
                              f"{nth}: the room's card {p} (in the order dealt)"))
        for verb, dx in zip(VERBS, VERB_X, strict=True):
            how = "fought bare-handed" if verb == "fight" else "slain with the weapon"
            out.append(Bubble(f"r{number}.f{k}.{verb}", page, gx + dx, cy, r, number,
                              f"face{k}.verb", verb, verb, f"{nth}: a monster {how}"))
    return out

