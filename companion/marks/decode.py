"""Rules-aware decoding (``docs/marks.md``, Reading): a page of marks becomes the legal
games it may be, best confidence first.

Every bubble comes from the image reader as ``empty``, ``filled``, ``cancelled`` (taken
back: read as empty) or ``doubtful``, with a fill value from 0 (paper) to 1 (pencil). A
row with no filled bubble has its taken-back ones doubtful instead: a player who takes a
mark back fills the right one, so a lone cross may be the mark itself.
Rows are read in order from the deal's first state. In a row, every doubtful bubble may
be on or off (at most :data:`MAX_DOUBTFUL_IN_ROW` of them are tried; more make the row a
question, unless the game has ended before it: then they are all off, as the rules
want); each way the game's codec gives the filled bubbles a meaning is replayed
through the rules, and only legal ones go on. A row with nothing filled ends the game
(unfinished) unless it is over already; every row after the end must be empty.

The result is certain only when exactly one legal reading is left, no question was
forced and nothing was cut (the beam of :data:`BEAM` readings never overflowed):
otherwise the rows where the readings part are questions, answered at the terminal or
listed (exit 3). When no reading is legal but the marks leave no doubt (one reading was
alive when the rules refused a line of it, and only one line was refused), that reading
is the player's game, broken rules and all: its log is written and the validator judges
it (exit 1). Readings that reach the same state after every row are one game (an order
the sheet does not record): the first, the codec's canonical order, stands for them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any, Protocol

from companion.errors import IllegalAction
from companion.marks.codec import Incomplete

if TYPE_CHECKING:
    from companion.games.base import Game
    from companion.marks.codec import MarkCodec
    from companion.marks.template import Row, Template

__all__ = ["BEAM", "MAX_DOUBTFUL_IN_ROW", "Choice", "Decoding", "Question", "Reading",
           "decode"]

BEAM = 256
"""Readings kept at once; beyond, the worst go and the result cannot be certain."""
MAX_DOUBTFUL_IN_ROW = 8
"""Doubtful bubbles of one row tried on and off (2^8 ways); more: the row is asked."""


class MarkLike(Protocol):
    """What the decoder needs of a bubble's reading."""

    @property
    def state(self) -> str:
        """``empty``, ``filled``, ``doubtful`` or ``cancelled``."""
        ...

    @property
    def value(self) -> float:
        """The fill, 0 (paper) to 1 (pencil)."""
        ...


@dataclass(frozen=True)
class Reading:
    """One way of reading the sheet: each row's actions, the states after each row
    (``states[0]`` the first state), its cost (how far from the marks the choices of
    doubtful bubbles lie: 0 when none was doubtful), and, for an illegal reading, the
    action the rules refused and why."""

    rows: tuple[tuple[Any, ...], ...]
    states: tuple[Any, ...]
    cost: float
    filled: tuple[frozenset[str], ...]
    illegal: tuple[Any, IllegalAction] | None = None

    @property
    def final(self) -> Any:
        """The state after the last row read."""
        return self.states[-1]


@dataclass(frozen=True)
class Choice:
    """One answer to a question: the row's actions and the bubbles they fill."""

    actions: tuple[Any, ...]
    filled: frozenset[str]
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Question:
    """A row the marks leave open: its template row, why, and the legal choices (best
    first; empty when no reading is legal)."""

    row: Row
    why: str
    choices: tuple[Choice, ...]


@dataclass
class Decoding:
    """What the marks say: the readings left (best first), whether the first is
    certain, and the questions to settle when it is not."""

    readings: list[Reading]
    certain: bool
    questions: list[Question] = field(default_factory=list)
    settled: list[int] = field(default_factory=list)
    """Row numbers whose doubtful marks the rules settled."""
    doubtful_rows: list[int] = field(default_factory=list)
    """Row numbers with a doubtful mark (settled or not)."""

    @property
    def best(self) -> Reading | None:
        """The best reading left (None: no legal one, and no certain illegal one)."""
        return self.readings[0] if self.readings else None


@dataclass
class _Hyp:
    rows: tuple[tuple[Any, ...], ...]
    states: tuple[Any, ...]
    cost: float
    filled: tuple[frozenset[str], ...]
    ended: bool

    def key(self) -> Any:
        try:
            return hash(self.states), self.states
        except TypeError:  # a state that does not hash: tell readings apart by actions
            return repr(self.rows)


def _row_options(template: Template, row: Row, marks: Mapping[str, MarkLike]
                 ) -> tuple[list[tuple[float, frozenset[str]]], bool, list[str]]:
    """The ways the row's bubbles may be filled, cheapest first, whether the row had
    too many doubts to try them all, and its doubtful bubbles."""
    on: set[str] = set()
    doubtful: list[tuple[str, float]] = []
    cancelled: list[str] = []
    for bid in row.bubbles:
        m = marks.get(bid)
        if m is None:
            continue
        if m.state == "filled":
            on.add(bid)
        elif m.state == "doubtful":
            doubtful.append((bid, min(1.0, max(0.0, m.value))))
        elif m.state == "cancelled":
            cancelled.append(bid)
    if cancelled and not on:
        # a mark taken back is followed by the right one (the sheet says so): a row
        # whose only firm marks read as taken back may hold a cross drawn as the mark
        doubtful += [(bid, 0.5) for bid in cancelled]
    names = [b for b, _ in doubtful]
    if len(doubtful) > MAX_DOUBTFUL_IN_ROW:
        # too many to try: the most likely way only, and the row is a question
        chosen = {b for b, v in doubtful if v >= 0.5}
        return [(0.0, frozenset(on | chosen))], True, names
    options: list[tuple[float, frozenset[str]]] = []
    for k in range(len(doubtful) + 1):
        for subset in combinations(range(len(doubtful)), k):
            chosen_set = set(subset)
            cost = sum((1 - v) if i in chosen_set else v for i, (_, v) in enumerate(doubtful))
            options.append((cost, frozenset(on | {doubtful[i][0] for i in subset})))
    options.sort(key=lambda o: (o[0], sorted(o[1])))
    return options, False, names


def decode(game: Game, codec: MarkCodec, template: Template, start: Any,
           marks: Mapping[str, MarkLike],
           answer: Callable[[Question], int | None] | None = None) -> Decoding:
    """Read the marks of ``template`` from the state ``start``.

    ``answer`` (the terminal's question, or None): given a question, the index of the
    chosen answer, or None to leave it open. Questions are asked row by row, first row
    first; each answer narrows the readings before the next one.
    """
    hyps = [_Hyp((), (start,), 0.0, (), game.is_over(start))]
    seen_before = hyps
    dead: Row | None = None  # the row where no reading went on
    illegal: list[Reading] = []  # what the readings alive at the dead row broke there
    alive_at_dead = 0
    truncated = False
    forced: dict[int, str] = {}  # row number -> why it must be asked
    doubtful_rows: list[int] = []
    for row in template.rows:
        options, too_many, doubts = _row_options(template, row, marks)
        if doubts:
            doubtful_rows.append(row.number)
        if too_many and all(h.ended for h in hyps):
            # the game is over (or stopped) already: a mark here would break the rules,
            # so the rules settle the row as empty, however many bubbles look doubtful
            filled_now = {b for b in row.bubbles if (m := marks.get(b)) is not None
                          and m.state == "filled"}
            options = [(sum(min(1.0, max(0.0, marks[b].value)) for b in doubts),
                        frozenset(filled_now))]
        elif too_many:
            forced[row.number] = f"{len(doubts)} doubtful marks"
        illegal = []  # only the refusals of the row where every reading ends count
        cut: set[int] = set()  # the codec stopped listing this row's readings
        nxt, meaningless = _step(game, codec, template, row, hyps, options, illegal,
                                 cut=cut)
        if cut:
            forced[row.number] = "too many ways to read this row to try them all"
        if not nxt and meaningless and hyps:
            # the certain marks mean nothing (two places for one card...): try leaving
            # out any of the row's filled bubbles, and ask whatever comes of it
            forced[row.number] = ("the marks of this row mean nothing as they stand (a mark "
                                  "missing, or two where one goes)")
            widened = _widen(row, marks)
            nxt, _ = _step(game, codec, template, row, hyps, widened, illegal, lenient=True,
                           cut=cut)
        nxt.sort(key=lambda h: h.cost)
        seen: dict[Any, _Hyp] = {}
        for h in nxt:
            seen.setdefault(h.key(), h)
        hyps = list(seen.values())
        if len(hyps) > BEAM:
            hyps, truncated = hyps[:BEAM], True
        if not hyps:
            dead, alive_at_dead = row, len(seen_before)
            break
        seen_before = hyps
    readings = [Reading(h.rows, h.states, h.cost, h.filled) for h in hyps]
    result = Decoding(readings, False, doubtful_rows=doubtful_rows)
    if not readings:
        distinct = {repr(r.rows): r for r in illegal}
        result.readings = list(distinct.values())[:1]
        if (len(distinct) == 1 and alive_at_dead == 1 and not doubtful_rows and not forced
                and not truncated):
            # one reading, no doubt, and the rules refuse its last line: the player's
            # game as marked, which the validator judges
            result.certain = True
        else:
            open_rows = set(doubtful_rows) | set(forced)
            if dead is not None:
                open_rows.add(dead.number)
            result.questions = [Question(r, "no legal game reads the marks here (a row "
                                         "left empty before marked ones?)" if r is dead
                                         else "no legal game reads the marks this way", ())
                                for r in template.rows if r.number in open_rows]
        return result
    # ask where readings part, first row first
    while True:
        q = _first_question(game, template, result.readings, forced)
        if q is None:
            break
        pick = answer(q) if answer is not None else None
        if pick is None:
            result.questions = _all_questions(game, template, result.readings, forced)
            break
        chosen = q.choices[pick]
        index = q.row.number - 1
        result.readings = [r for r in result.readings
                           if len(r.rows) > index and r.filled[index] == chosen.filled
                           and r.rows[index] == chosen.actions]
        forced.pop(q.row.number, None)
    result.certain = not result.questions and not truncated
    if truncated and not result.questions:
        result.questions = _all_questions(game, template, result.readings, forced,
                                          always=True)
    if len(result.readings) == 1:
        result.settled = [n for n in doubtful_rows if n not in forced]
    return result


def _widen(row: Row, marks: Mapping[str, MarkLike]) -> list[tuple[float, frozenset[str]]]:
    on = [b for b in row.bubbles if (m := marks.get(b)) is not None
          and m.state in ("filled", "doubtful")]
    out: list[tuple[float, frozenset[str]]] = []
    for k in range(len(on), 0, -1):  # the player marked something: never nothing
        for subset in combinations(on, k):
            out.append((float(len(on) - k), frozenset(subset)))
        if len(out) > 1 << MAX_DOUBTFUL_IN_ROW:
            break
    return out


def _step(game: Game, codec: MarkCodec, template: Template, row: Row, hyps: list[_Hyp],
          options: list[tuple[float, frozenset[str]]], illegal: list[Reading],
          lenient: bool = False, cut: set[int] | None = None) -> tuple[list[_Hyp], bool]:
    nxt: list[_Hyp] = []
    meaningless = True
    ended = getattr(codec, "row_ended", None)
    cut = cut if cut is not None else set()
    for h in hyps:
        for cost, filled in options:
            if h.ended:
                if not filled:
                    meaningless = False
                    nxt.append(_Hyp(h.rows, h.states, h.cost + cost, h.filled, True))
                else:
                    meaningless = False  # marks after the end: they mean, illegally
                    if game.is_over(h.states[-1]) and len(illegal) < 4:
                        # the rules' own refusal, for a certain reading
                        _after_end(game, codec, template, row, h, filled, cost, illegal)
                continue
            if not filled:
                meaningless = False
                nxt.append(_Hyp(h.rows + ((),), h.states, h.cost + cost,
                                h.filled + (filled,), True))
                continue
            seqs = (codec.row_actions(template, row, h.states[-1], filled, lenient=True)
                    if lenient else codec.row_actions(template, row, h.states[-1], filled))
            if isinstance(seqs, Incomplete):
                cut.add(row.number)
            if seqs:
                meaningless = False
            for seq in seqs:
                state = h.states[-1]
                try:
                    for action in seq:
                        if game.is_over(state):
                            raise IllegalAction("the game is over", "game-over")
                        state = game.apply(state, action)
                except IllegalAction as exc:
                    if len(illegal) < 4:
                        done = seq[:seq.index(action)] if action in seq else ()
                        illegal.append(Reading(h.rows + (tuple(done) + (action,),),
                                               h.states, h.cost + cost,
                                               h.filled + (filled,), (action, exc)))
                    continue
                # a row that does not end its turn or room ends the reading: any marks
                # after it would be read against the wrong cards
                stops = game.is_over(state) or (ended is not None
                                                and not ended(h.states[-1], state))
                nxt.append(_Hyp(h.rows + (tuple(seq),), h.states + (state,), h.cost + cost,
                                h.filled + (filled,), stops))
    return nxt, meaningless


def _after_end(game: Game, codec: MarkCodec, template: Template, row: Row, h: _Hyp,
               filled: frozenset[str], cost: float, illegal: list[Reading]) -> None:
    seqs = codec.row_actions(template, row, h.states[-1], filled)
    if seqs and seqs[0]:
        action = seqs[0][0]
        illegal.append(Reading(h.rows + ((action,),), h.states, h.cost + cost,
                               h.filled + (filled,),
                               (action, IllegalAction("the game is over", "game-over"))))


def _row_choice(game: Game, r: Reading, index: int) -> Choice:
    actions = r.rows[index] if index < len(r.rows) else ()
    filled = r.filled[index] if index < len(r.filled) else frozenset()
    lines = tuple(game.format_action(a) for a in actions) or ("(nothing: the game stops)",)
    return Choice(actions, filled, lines)


def _first_question(game: Game, template: Template, readings: Sequence[Reading],
                    forced: Mapping[int, str]) -> Question | None:
    questions = _all_questions(game, template, readings, forced)
    return questions[0] if questions else None


def _all_questions(game: Game, template: Template, readings: Sequence[Reading],
                   forced: Mapping[int, str], always: bool = False) -> list[Question]:
    out: list[Question] = []
    for i, row in enumerate(template.rows):
        choices: dict[tuple[Any, frozenset[str]], Choice] = {}
        for r in readings:
            c = _row_choice(game, r, i)
            choices.setdefault((c.actions, c.filled), c)
        if len(choices) > 1:
            out.append(Question(row, forced.get(row.number,
                                                "the marks allow more than one legal game"),
                                tuple(choices.values())))
        elif row.number in forced or (always and i == 0):
            out.append(Question(row, forced.get(row.number, "readings were cut short"),
                                tuple(choices.values())))
    return out
