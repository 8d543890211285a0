"""Rules-aware decoding (companion/marks/decode.py) on a small made-up game, so every
branch is reached by hand: marks settled by the rules, questions where readings part,
a certain but illegal game, rows after the end, contradictions, too many doubts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from companion.errors import IllegalAction
from companion.marks.decode import MAX_DOUBTFUL_IN_ROW, decode
from companion.marks.template import Bubble, PageTemplate, Row, Template


class Counter:
    """A game: add 1-4 to a counter; past 10 is illegal; 10 ends it."""

    def is_over(self, state: int) -> bool:
        return state == 10

    def apply(self, state: int, action: int) -> int:
        if state + action > 10:
            raise IllegalAction(f"{state} + {action} is over 10", "over-ten")
        return state + action

    def format_action(self, action: int) -> str:
        return f"add {action}"


class CounterCodec:
    def row_actions(self, template: Template, row: Row, state: Any,
                    filled: frozenset[str], lenient: bool = False
                    ) -> list[tuple[Any, ...]]:
        if not filled:
            return [()]
        if len(filled) > 1:
            return []
        value = template.bubble(next(iter(filled))).value
        return [(int(v),) for v in value.split("|")]  # "9|1": either, for the rules


def _template(rows: int, per_row: int = 4) -> Template:
    bubbles, out = [], []
    for r in range(1, rows + 1):
        ids = []
        for v in range(1, per_row + 1):
            b = Bubble(f"r{r}.{v}", 1, 20 + 7 * v, 20 + 8 * r, 2.25, r, "n", str(v), str(v),
                       f"row {r}: add {v}")
            bubbles.append(b)
            ids.append(b.id)
        out.append(Row(r, 1, f"row {r}", (15, 15 + 8 * r, 60, 8), tuple(ids)))
    page = PageTemplate(1, 1, 210, 297, (), "x")
    return Template("counter", "S", (), {}, 1, "a4", (page,), tuple(out), tuple(bubbles))


@dataclass(frozen=True)
class M:
    state: str
    value: float


F, D = M("filled", 0.95), M("doubtful", 0.45)


def _read(template: Template, marks: dict[str, M], answer: Any = None) -> Any:
    return decode(Counter(), CounterCodec(), template, 0, marks, answer)  # type: ignore[arg-type]


def test_exact_marks_read_for_certain() -> None:
    d = _read(_template(4), {"r1.4": F, "r2.4": F, "r3.2": F})
    assert d.certain and d.best.rows == ((4,), (4,), (2,))
    assert d.best.final == 10


def test_an_empty_row_ends_an_unfinished_game() -> None:
    d = _read(_template(4), {"r1.3": F})
    assert d.certain and d.best.rows == ((3,), ())


def test_a_doubtful_mark_the_rules_settle_is_settled() -> None:
    # 1 + (3 or 4) + 4 + 2 must make 10: only 3 does (and nothing would leave the
    # certain marks of rows 3 and 4 after the game stopped)
    d = _read(_template(5), {"r1.1": F, "r2.3": D, "r2.4": D, "r3.4": F, "r4.2": F})
    assert d.certain and d.best.rows == ((1,), (3,), (4,), (2,))
    assert d.settled == [2] and d.doubtful_rows == [2]


def test_legal_doubt_is_a_question_and_an_answer_settles_it() -> None:
    t = _template(4)
    marks = {"r1.1": F, "r2.2": D, "r2.3": D}
    d = _read(t, marks)
    assert not d.certain
    [q] = d.questions
    assert q.row.number == 2 and {c.lines for c in q.choices} >= {("add 2",), ("add 3",)}
    picked = _read(t, marks, lambda q: [c.lines for c in q.choices].index(("add 3",)))
    assert picked.certain and picked.best.rows[:2] == ((1,), (3,))


def test_a_faint_mark_in_the_last_row_is_asked_not_dropped() -> None:
    d = _read(_template(3), {"r1.1": F, "r2.2": D})
    assert not d.certain and d.questions[0].row.number == 2
    assert ("(nothing: the game stops)",) in {c.lines for c in d.questions[0].choices}


def test_certain_marks_of_an_illegal_game_are_the_players_game() -> None:
    d = _read(_template(4), {"r1.4": F, "r2.4": F, "r3.4": F})
    assert d.certain
    assert d.best.illegal is not None and d.best.illegal[1].rule == "over-ten"
    assert d.best.rows[-1] == (4,)


def test_marks_after_the_end_are_refused_by_the_rules() -> None:
    d = _read(_template(5), {"r1.4": F, "r2.4": F, "r3.2": F, "r4.1": F})
    assert d.certain and d.best.illegal is not None
    assert d.best.illegal[1].rule == "game-over"


def test_two_marks_in_a_row_are_always_asked() -> None:
    d = _read(_template(3), {"r1.1": F, "r1.2": F})
    assert not d.certain
    assert d.questions and d.questions[0].row.number == 1
    assert "two where one goes" in d.questions[0].why


def test_doubt_with_no_legal_reading_is_open() -> None:
    d = _read(_template(4), {"r1.4": F, "r2.4": F, "r3.3": D, "r3.4": F})
    assert not d.certain


@pytest.mark.parametrize("extra", [0, 1])
def test_too_many_doubts_in_a_row_make_it_a_question(extra: int) -> None:
    n = MAX_DOUBTFUL_IN_ROW + extra
    t = _template(2, per_row=n)
    marks = {f"r1.{v}": M("doubtful", 0.1) for v in range(1, n + 1)}
    marks["r1.1"] = M("doubtful", 0.9)
    d = _read(t, marks)
    if extra:
        assert not d.certain and d.questions[0].row.number == 1
    else:  # every way tried: only "add 1" alone or nothing... both legal: asked
        assert not d.certain


def test_a_row_left_empty_before_marked_ones_is_open() -> None:
    d = _read(_template(4), {"r1.1": F, "r3.2": F})
    assert not d.certain and not d.readings
    assert [q.row.number for q in d.questions] == [3]


def test_a_row_whose_only_marks_are_taken_back_is_doubtful() -> None:
    # a lone cross may be the player's mark, not a take-back: never certain "nothing"
    d = _read(_template(4), {"r1.1": F, "r2.3": M("cancelled", 0.6)})
    assert not d.certain and d.questions[0].row.number == 2
    # beside the right mark, a cross is a take-back
    d = _read(_template(4), {"r1.1": F, "r2.3": M("cancelled", 0.9), "r2.2": F})
    assert d.certain and d.best.rows == ((1,), (2,), ())


def test_many_doubts_after_the_end_are_settled_as_empty() -> None:
    # a shadow over the last rows: every bubble doubtful, but the game ended before
    t = _template(3, per_row=MAX_DOUBTFUL_IN_ROW + 2)
    marks = {"r1.4": F, **{f"r2.{v}": M("doubtful", 0.3)
                            for v in range(1, MAX_DOUBTFUL_IN_ROW + 3)}}
    d = _read(t, marks)
    assert not d.certain  # row 2 may still be played: asked
    # 4 + 4 + 2 = 10: the game is over after row 3, so row 4's doubts are all off
    t2 = _template(4, per_row=MAX_DOUBTFUL_IN_ROW + 2)
    marks = {"r1.4": F, "r2.4": F, "r3.2": F,
             **{f"r4.{v}": M("doubtful", 0.3) for v in range(1, MAX_DOUBTFUL_IN_ROW + 3)}}
    d = _read(t2, marks)
    assert d.certain and d.best.rows == ((4,), (4,), (2,)) and d.best.final == 10


def test_a_certain_broken_rule_is_the_reading_that_was_alive() -> None:
    # row 1 means 9 or 1; 9 dies at row 2 (13), 1 goes on and dies at row 3 (5 + 6)
    t = _template(3, per_row=6)
    t = Template(t.game, t.seed, t.variants, t.params, t.edition, t.paper, t.pages, t.rows,
                 tuple(Bubble(b.id, b.page, b.x_mm, b.y_mm, b.r_mm, b.row, b.group,
                              "9|1" if b.id == "r1.1" else b.value, b.label, b.meaning)
                       for b in t.bubbles))
    d = _read(t, {"r1.1": F, "r2.4": F, "r3.6": F})
    assert d.certain and d.best.illegal is not None
    assert d.best.rows == ((1,), (4,), (6,)) and d.best.illegal[0] == 6


def test_two_readings_dying_at_one_row_are_not_certain() -> None:
    # row 1 means 3 or 4, both legal; row 2 adds 8: both pass 10 there
    t = _template(2, per_row=8)
    t = Template(t.game, t.seed, t.variants, t.params, t.edition, t.paper, t.pages, t.rows,
                 tuple(Bubble(b.id, b.page, b.x_mm, b.y_mm, b.r_mm, b.row, b.group,
                              "3|4" if b.id == "r1.1" else b.value, b.label, b.meaning)
                       for b in t.bubbles))
    d = _read(t, {"r1.1": F, "r2.8": F})
    assert not d.certain


def test_a_taken_back_mark_beside_a_faint_one_stays_doubtful() -> None:
    d = _read(_template(4), {"r1.4": F, "r2.4": F, "r3.2": M("cancelled", 0.9),
                             "r3.3": M("doubtful", 0.25)})
    assert not d.certain


def test_a_row_the_codec_could_not_list_whole_is_asked() -> None:
    from companion.marks.codec import Incomplete

    class Cut(CounterCodec):
        def row_actions(self, template: Template, row: Row, state: Any,
                        filled: frozenset[str], lenient: bool = False
                        ) -> list[tuple[Any, ...]]:
            out = super().row_actions(template, row, state, filled, lenient)
            return Incomplete(out) if row.number == 2 and filled else out

    marks = {"r1.1": F, "r2.2": F}
    assert _read(_template(3), marks).certain
    d = decode(Counter(), Cut(), _template(3), 0, marks)  # type: ignore[arg-type]
    assert not d.certain and d.questions[0].row.number == 2
