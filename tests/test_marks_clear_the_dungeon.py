"""Clear the Dungeon's mark sheet (companion/games/clear_the_dungeon/marks.py): the
template's geometry, the codec's round trip (a game split into rows, marked, read back
row by row through the rules), the canonical order, readings that mean nothing, and the
printed sheet (docs/marks.md, docs/decisions.md "Mark sheets (issue 27): Clear the
Dungeon's mark sheet")."""

from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys
from typing import Any

import pytest

from companion.errors import IllegalAction
from companion.games.clear_the_dungeon import GAME, rules
from companion.games.clear_the_dungeon.marks import (
    RESERVE_LINES,
    order_row,
    turn_cards,
)
from companion.marks.paper import MIN_PITCH_MM, QUIET_MM
from companion.marks.sheet import replayed
from companion.marks.template import Row, Template
from companion.simulate import play

CODEC = GAME.marks_codec()

VARIANT_SETS: list[tuple[str, ...]] = [(), ("reserve",), ("no-jokers",),
                                       ("reserve", "no-jokers")]
SEED = "K7Q2-9XMA"


def _template(variants: tuple[str, ...], paper: str = "a4", seed: str = SEED) -> Template:
    return CODEC.template(seed, {}, variants, GAME.edition, paper)


def _key(state: rules.State) -> dict[str, Any]:
    """A state as the sheet records it: the order of defeats in a turn, the column last
    revealed and the spent check line are not recorded; without ``reserve`` neither is
    the order of the damage pile (it plays no part then)."""
    d = dict(state.__dict__)
    d["checkable"] = None
    d["reveal_column"] = None
    d["defeated"] = sorted(map(str, state.defeated))
    if not state.reserve:
        d["damage"] = sorted(map(str, state.damage))
    return d


def _replay(state: rules.State, actions: tuple[Any, ...]) -> rules.State | None:
    try:
        for a in actions:
            state = rules.apply(state, a)
    except IllegalAction:
        return None
    return state


def round_trip(states: list[Any], actions: list[Any], variants: tuple[str, ...],
               paper: str = "a4", seed: str = SEED) -> tuple[int, int, list[Any]]:
    """Split a played game into rows, mark them, read them back row by row from the
    start state keeping only legal readings; assert one legal reading a row reaching the
    state the game reached. Returns (rows read exactly as the log, rows in canonical
    order, the canonical actions)."""
    template = _template(variants, paper, seed)
    rows = CODEC.log_rows(states, actions)
    assert len(rows) <= len(template.rows)
    afters = [before for before, _ in rows[1:]] + [states[-1]]
    state = rows[0][0] if rows else states[0]
    exact = canonical = 0
    read: list[Any] = []
    for row, (before, acts), after in zip(template.rows, rows, afters, strict=False):
        assert _key(before) == _key(state)
        marks = CODEC.row_marks(template, row, before, acts)
        assert marks <= set(row.bubbles)
        readings = CODEC.row_actions(template, row, state, marks)
        legal = [(r, s) for r in readings if (s := _replay(state, r)) is not None]
        assert len(legal) == 1, (row.label, acts, sorted(marks), readings)
        reading, state = legal[0]
        plain = tuple(rules.Draw(None) if isinstance(a, rules.Draw) else a for a in acts
                      if not isinstance(a, rules.Reveal | rules.Monsters))
        if reading == plain or (not marks and plain == (rules.Draw(None),)):
            exact += 1
        else:
            canonical += 1
        if marks:
            assert _key(state) == _key(after), (row.label, acts, reading)
        read.extend(reading)
    return exact, canonical, read


def _states(start: Any, actions: list[Any]) -> list[Any]:
    out = [start]
    for a in actions:
        out.append(rules.apply(out[-1], a))
    return out


# --------------------------------------------------------------------- template
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(v) or "standard")
def test_template_geometry(paper: str, variants: tuple[str, ...]) -> None:
    t = _template(variants, paper)
    assert [r.number for r in t.rows] == list(range(1, 15))
    cards = turn_cards(SEED, variants)
    assert [r.printed for r in t.rows] == [" ".join(map(str, c)) for c in cards]
    assert len(cards[-1]) == (1 if "no-jokers" in variants else 3)
    ids = [b.id for b in t.bubbles]
    assert len(ids) == len(set(ids))
    assert [i for r in t.rows for i in r.bubbles] == ids
    for page in t.pages:
        mine = [b for b in t.bubbles if b.page == page.number]
        assert mine
        for b in mine:
            assert b.x_mm - b.r_mm >= 8.0 and b.x_mm + b.r_mm <= page.width_mm - 8.0
            assert b.y_mm - b.r_mm >= 8.0 and b.y_mm + b.r_mm <= page.height_mm - 8.0
            for f in page.fiducials:
                dx = max(f.x_mm - b.x_mm, 0.0, b.x_mm - f.x_mm - f.size_mm)
                dy = max(f.y_mm - b.y_mm, 0.0, b.y_mm - f.y_mm - f.size_mm)
                assert math.hypot(dx, dy) - b.r_mm >= QUIET_MM, (b.id, f.marker)
        for a, b in itertools.combinations(mine, 2):
            assert math.hypot(a.x_mm - b.x_mm, a.y_mm - b.y_mm) >= MIN_PITCH_MM - 1e-9, \
                (a.id, b.id)
        # every bubble inside its row's box
    for row in t.rows:
        x, y, w, h = row.box
        for b in t.row_bubbles(row):
            assert b.page == row.page
            assert x < b.x_mm - b.r_mm and b.x_mm + b.r_mm < x + w
            assert y < b.y_mm - b.r_mm and b.y_mm + b.r_mm < y + h
    per_row = 3 * 8 + (3 * 2 + RESERVE_LINES * 7 if "reserve" in variants else 0)
    assert len(t.rows[0].bubbles) == per_row


@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(v) or "standard")
def test_template_pages_payloads_and_json(variants: tuple[str, ...]) -> None:
    from companion.games.clear_the_dungeon.sheets import sheet_payload
    from companion.seeds import parse_payload

    for paper in ("a4", "letter"):
        t = _template(variants, paper)
        assert len(t.pages) == (2 if "reserve" in variants else 1)
        first = sheet_payload(GAME, SEED, {}, "marks", variants)
        for page in t.pages:
            want = first if page.number == 1 else f"{first}/page={page.number}"
            assert page.payload == want
            assert page.count == len(t.pages)
            decoded = parse_payload(page.payload)
            GAME.check_payload(decoded.params, decoded.seed)
            markers = [f.marker for f in page.fiducials]
            assert markers == ([0, 1, 2, 3] if paper == "a4" else [4, 5, 6, 7])
        data = json.loads(json.dumps(t.to_json()))
        assert data["game"] == "clear-the-dungeon" and data["paper"] == paper
        assert len(data["bubbles"]) == len(t.bubbles)
        b = data["bubbles"][0]
        assert b["id"] == "r1.c1.col1" and b["row"] == 1 and b["group"] == "c1.to"
        assert b["meaning"].startswith("turn 1, ") and b["meaning"].endswith("on column 1")
    assert _template(variants).to_json() == _template(variants).to_json()  # deterministic


def test_bubble_words() -> None:
    t = _template(("reserve",))
    card = t.rows[2].printed.split()[1]
    b = t.bubble("r3.c2.col4")
    assert (b.group, b.value, b.label) == ("c2.to", "4", "4")
    assert b.meaning == f"turn 3, {card}: on column 4"
    assert t.bubble("r3.c2.D").meaning == f"turn 3, {card}: to the damage pile"
    assert t.bubble("r3.c2.T").group == "c2.place"
    b = t.bubble("r3.c2.new2")
    assert (b.group, b.value, b.label) == ("c2.new", "+2", "+2")
    assert "after two defeats on its column in this turn" in b.meaning
    assert t.bubble("r3.R6.col1").meaning.startswith("turn 3, reserve card R6")
    with pytest.raises(KeyError):
        _template(()).bubble("r3.R1.col1")


# -------------------------------------------------------------------- round trip
@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(v) or "standard")
def test_round_trip_simulated_players(variants: tuple[str, ...]) -> None:
    outcomes: set[str] = set()
    exact = canonical = 0
    for player, n in (("random", 12), ("greedy", 12), ("expert", 5)):
        for i in range(n):
            seed = f"MARK-{i}"
            g = play(GAME, seed, {}, player, variants=variants)
            outcomes.add(g.final.outcome or "unfinished")
            e, c, _ = round_trip(g.states, g.actions, variants,
                                 "letter" if i % 2 else "a4", seed)
            exact += e
            canonical += c
    assert "lost" in outcomes
    if "no-jokers" not in variants:  # (the players seldom win without jokers)
        assert "won" in outcomes
    assert exact > canonical > 0


def test_round_trip_heavy_reserve_turns() -> None:
    """Games with many reserve cards in one turn and many plays on one column (the
    2nd and 3rd monster to come up on one column in a turn: the new bubbles)."""
    most = 0
    for seed in ("S53", "S39", "S52", "S59", "S343", "S388", "S69", "B53"):
        for variants in (("reserve",), ("reserve", "no-jokers")):
            for player in ("greedy", "expert"):
                g = play(GAME, seed, {}, player, variants=variants)
                round_trip(g.states, g.actions, variants, "a4", seed)
                rows = CODEC.log_rows(g.states, g.actions)
                t = _template(variants, seed=seed)
                for row, (before, acts) in zip(t.rows, rows, strict=False):
                    marks = CODEC.row_marks(t, row, before, acts)
                    most = max(most, sum(1 for m in marks if ".R" in m) // 2)
    assert most >= 3


def test_a_forgotten_new_mark_still_reads() -> None:
    """Without its ``new`` mark a card is taken to be on the monster face up as the
    turn began, unless the places allow no such order: then the truth is among the
    readings."""
    tried = 0
    for i in range(40):
        g = play(GAME, f"NEW-{i}", {}, "greedy", variants=("reserve",))
        t = _template(("reserve",), seed=f"NEW-{i}")
        rows = CODEC.log_rows(g.states, g.actions)
        afters = [before for before, _ in rows[1:]] + [g.states[-1]]
        for row, (before, acts), after in zip(t.rows, rows, afters, strict=False):
            marks = CODEC.row_marks(t, row, before, acts)
            new = {m for m in marks if ".new" in m}
            if not new:
                continue
            tried += 1
            readings = CODEC.row_actions(t, row, before, marks - new)
            ends = [s for r in readings if (s := _replay(before, r)) is not None]
            assert any(_key(s) == _key(after) for s in ends), (row.label, acts)
    assert tried >= 5


def test_round_trip_solver_lines() -> None:
    from companion.log import parse_log

    seen = set()
    for seed, variants in (("MARK-1", ()), ("MARK-2", ("reserve",)), ("MARK-3", ("no-jokers",)),
                           ("MARK-4", ("reserve", "no-jokers"))):
        report = GAME.solve(seed, {}, variants, budget=20_000)
        assert report.log is not None
        states, actions = replayed(GAME, parse_log(report.log, "<solver>"))
        seen.add(states[-1].outcome)
        round_trip(states, actions, variants, "a4", seed)
    assert "won" in seen


@pytest.mark.parametrize("variants", [(), ("reserve", "no-jokers")], ids=["standard", "both"])
def test_round_trip_unfinished_games(variants: tuple[str, ...]) -> None:
    """Games cut short anywhere (mid-turn, right after a draw) read back as far as they
    go; a log that stops right after a draw reads back without it."""
    g = play(GAME, "MARK-7", {}, "greedy", variants=variants)
    for cut in range(0, len(g.actions), 3):
        actions = g.actions[:cut]
        states = g.states[:cut + 1]
        if not actions:
            assert CODEC.log_rows(states, actions) == []
            continue
        _, _, read = round_trip(states, actions, variants)
        final = _replay(states[0], tuple(read))
        assert final is not None
        if isinstance(actions[-1], rules.Draw):
            assert len(read) == len(actions) - 1
            assert _key(final) == _key(states[-2])
        else:
            assert len(read) == len(actions)
            assert _key(final) == _key(states[-1])


@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(v) or "standard")
def test_canonical_logs_round_trip_byte_for_byte(variants: tuple[str, ...]) -> None:
    for player, i in itertools.product(("random", "greedy"), range(4)):
        seed = f"CANON-{i}"
        g = play(GAME, seed, {}, player, variants=variants)
        _, _, read = round_trip(g.states, g.actions, variants, "a4", seed)
        states = _states(g.states[0], read)
        text = _log_text(states, read)
        _, canonical, again = round_trip(states, read, variants, "letter", seed)
        assert canonical == 0
        assert again == read
        assert _log_text(_states(g.states[0], again), again) == text


def _log_text(states: list[Any], actions: list[Any]) -> str:
    lines = GAME.opening_lines(states[0])
    for before, a, after in zip(states, actions, states[1:], strict=False):
        lines += GAME.log_lines(before, a, after)
    return "\n".join(lines) + "\n"


def test_discard_then_reserve_play_is_written_as_a_play() -> None:
    """Under reserve a hand card discarded and played back from the damage pile in the
    same turn marks as played straight from the hand."""
    start = GAME.initial_state("NORM-1", variants=("reserve",))
    s = rules.apply(start, rules.Draw(None))
    card = next(c for c in s.hand if any(
        m is not None and rules.check_attack(s.piles[k], c, m) is None
        for k, m in enumerate(s.up)))
    col = next(k for k, m in enumerate(s.up)
               if m is not None and rules.check_attack(s.piles[k], card, m) is None)
    actions = [rules.Draw(None), rules.Discard(card), rules.Play(card, col)]
    states = _states(start, actions)
    t = _template(("reserve",), seed="NORM-1")
    i = s.hand.index(card) + 1
    marks = CODEC.row_marks(t, t.rows[0], start, tuple(actions))
    assert marks == {f"r1.c{i}.col{col + 1}", f"r1.c{i}.1st"}
    assert CODEC.row_actions(t, t.rows[0], start, marks) == [
        (rules.Draw(None), rules.Play(card, col))]
    assert _key(_states(start, [rules.Draw(None), rules.Play(card, col)])[-1]) == \
        _key(states[-1])


def test_won_game_puts_the_winning_play_last() -> None:
    """The canonical order keeps discards before a play that wins the game."""
    for i in range(40):
        g = play(GAME, f"WIN-{i}", {}, "expert")
        if g.final.outcome != "won":
            continue
        rows = CODEC.log_rows(g.states, g.actions)
        t = _template((), seed=f"WIN-{i}")
        before, acts = rows[-1]
        marks = CODEC.row_marks(t, t.rows[len(rows) - 1], before, acts)
        (reading,) = CODEC.row_actions(t, t.rows[len(rows) - 1], before, marks)
        end = _replay(before, reading)
        assert end is not None and end.outcome == "won"
        assert isinstance(reading[-1], rules.Play)
        return
    pytest.fail("no won game among the seeds")  # pragma: no cover


# ------------------------------------------------------------ readings of marks
def _first_row(variants: tuple[str, ...] = ()) -> tuple[Template, Row, rules.State]:
    t = _template(variants)
    return t, t.rows[0], GAME.initial_state(SEED, variants=variants)


def test_nothing_marked_means_nothing_happened() -> None:
    t, row, state = _first_row()
    assert CODEC.row_actions(t, row, state, frozenset()) == [()]
    assert CODEC.row_actions(t, row, state, frozenset({"r2.c1.col1"})) == [()]
    assert CODEC.row_marks(t, row, state, ()) == frozenset()


def test_two_places_for_one_card_mean_nothing() -> None:
    t, row, state = _first_row(("reserve",))
    assert CODEC.row_actions(t, row, state, frozenset({"r1.c1.col1", "r1.c1.col2"})) == []
    assert CODEC.row_actions(t, row, state, frozenset({"r1.c1.col1", "r1.c1.D"})) == []
    assert CODEC.row_actions(t, row, state, frozenset({"r1.c1.1st", "r1.c1.2nd",
                                                       "r1.c1.col1"})) == []
    # a place with no destination, a reserve line with no column
    assert CODEC.row_actions(t, row, state, frozenset({"r1.c1.1st"})) == []
    assert CODEC.row_actions(t, row, state, frozenset({"r1.R1.1st"})) == []
    assert CODEC.row_actions(t, row, state, frozenset({"r1.c2.new1"})) == []
    assert CODEC.row_actions(t, row, state, frozenset({"r1.c2.D", "r1.c2.new2"})) == []
    assert CODEC.row_actions(t, row, state, frozenset({"r1.c2.col1", "r1.c2.new1",
                                                       "r1.c2.new2"})) == []
    # a reserve card from an empty damage pile
    assert CODEC.row_actions(t, row, state, frozenset({"r1.R1.col1", "r1.R1.1st"})) == []
    # a place the pile cannot have had (column 1's pile is empty: its card is 1st)
    assert CODEC.row_actions(t, row, state, frozenset({"r1.c1.col1", "r1.c1.2nd"})) == []
    # "new" where no monster came up in the turn
    assert CODEC.row_actions(t, row, state, frozenset({"r1.c1.col1", "r1.c1.1st",
                                                       "r1.c1.new1"})) == []
    # the turn is not the next one
    assert CODEC.row_actions(t, t.rows[1], state, frozenset({"r2.c1.D"})) == []


def test_unmarked_places_are_candidates() -> None:
    """A place left unmarked: one candidate where the pile settles it, one a way
    otherwise; the rules (the decoder) keep the legal ones."""
    t, row, state = _first_row()
    hand = state.deck[:3]
    one = CODEC.row_actions(t, row, state, frozenset({"r1.c1.D", "r1.c2.D", "r1.c3.D"}))
    assert one == [(rules.Draw(None), *(rules.Discard(c) for c in hand))]
    both = CODEC.row_actions(t, row, state, frozenset({"r1.c1.col2", "r1.c2.col2",
                                                       "r1.c3.D"}))
    assert len(both) == 2
    assert {r[1].card for r in both} == {hand[0], hand[1]}
    placed = CODEC.row_actions(t, row, state, frozenset({"r1.c1.col2", "r1.c2.col2",
                                                         "r1.c2.1st", "r1.c3.D"}))
    assert len(placed) == 1 and placed[0][1] == rules.Play(hand[1], 1)


def test_reserve_discard_order() -> None:
    """Under reserve two cards to D need their order; without it both orders are
    candidates. Without reserve the printed order is used and places are ignored."""
    t, row, state = _first_row(("reserve",))
    hand = state.deck[:3]
    marks = {"r1.c1.D", "r1.c2.D", "r1.c3.D"}
    assert len(CODEC.row_actions(t, row, state, frozenset(marks))) == 6
    ordered = marks | {"r1.c1.T", "r1.c2.1st", "r1.c3.2nd"}
    assert CODEC.row_actions(t, row, state, frozenset(ordered)) == [
        (rules.Draw(None), rules.Discard(hand[1]), rules.Discard(hand[2]),
         rules.Discard(hand[0]))]
    assert CODEC.row_actions(t, row, state, frozenset(marks | {"r1.c1.1st",
                                                                "r1.c2.1st"})) == []
    # a place left unmarked: the marked ones stand at their places
    two = {"r1.c1.D", "r1.c3.D"}
    assert CODEC.row_actions(t, row, state, frozenset(two | {"r1.c3.1st"})) == [
        (rules.Draw(None), rules.Discard(hand[2]), rules.Discard(hand[0]))]
    assert len(CODEC.row_actions(t, row, state, frozenset(two))) == 2
    assert CODEC.row_actions(t, row, state, frozenset(marks | {"r1.c1.2nd",
                                                                "r1.c3.1st"})) == [
        (rules.Draw(None), rules.Discard(hand[2]), rules.Discard(hand[0]),
         rules.Discard(hand[1]))]
    t0, row0, state0 = _first_row()
    assert CODEC.row_actions(t0, row0, state0, frozenset(ordered)) == [
        (rules.Draw(None), *(rules.Discard(c) for c in hand))]


def test_row_ended() -> None:
    t, row, state = _first_row()
    hand = state.deck[:3]
    part = CODEC.row_actions(t, row, state, frozenset({"r1.c1.D", "r1.c2.D"}))
    full = CODEC.row_actions(t, row, state, frozenset({"r1.c1.D", "r1.c2.D", "r1.c3.D"}))
    assert not CODEC.row_ended(state, _replay(state, part[0]))
    assert CODEC.row_ended(state, _replay(state, full[0]))
    assert full[0][1:] == tuple(rules.Discard(c) for c in hand)


def test_row_marks_refuses_what_the_row_cannot_hold() -> None:
    t, row, state = _first_row()
    with pytest.raises(ValueError, match="starts with 'draw'"):
        CODEC.row_marks(t, row, state, (rules.Discard(state.deck[0]),))
    with pytest.raises(ValueError, match="draws the deck's cards 4 on"):
        CODEC.row_marks(t, t.rows[1], state, (rules.Draw(None),))
    with pytest.raises(ValueError, match="cannot be played here"):
        CODEC.row_marks(t, row, state, (rules.Draw(None), rules.Discard(state.deck[5])))


def test_order_row_without_a_legal_order_keeps_the_marks() -> None:
    """No legal order: the order without the rules, for the decoder to refuse."""
    from companion.games.clear_the_dungeon.marks import _Play

    for i in range(200):
        state = GAME.initial_state(f"LOW-{i}")
        hand = state.deck[:3]
        low = [j for j, c in enumerate(hand) if rules.value_of(c) + 10 < 13]
        king = [k for k, m in enumerate(state.up) if m is not None and m.rank == 13]
        if low and king:
            break
    else:  # pragma: no cover
        pytest.fail("no seed deals a king and a low card")
    seq = order_row(state, hand, [[_Play(f"c{low[0] + 1}", king[0], 0)]], [])
    assert seq == (rules.Draw(None), rules.Play(hand[low[0]], king[0]))
    assert _replay(state, seq) is None


# ------------------------------------------------------------------- the sheet
def test_render_and_describe() -> None:
    import pypdfium2

    from companion.marks.sheet import describe_marks

    for variants, paper in ((("reserve",), "letter"), ((), "a4")):
        pdf = GAME.render("marks", SEED, {}, paper, {"variants": variants})
        doc = pypdfium2.PdfDocument(pdf)
        t = _template(variants, paper)
        assert len(doc) == len(t.pages)
        assert doc.get_metadata_dict()["Subject"] == t.pages[0].payload
        text = doc[0].get_textpage().get_text_range()
        assert "mark sheet" in text and f"1 of {len(t.pages)}" in text
        data = GAME.describe("marks", SEED, {}, {"variants": variants, "paper": paper})
        assert data == describe_marks(GAME, SEED, {}, {"variants": variants,
                                                        "paper": paper})
        assert data["kind"] == "marks" and len(data["pages"]) == len(t.pages)
    assert GAME.sheet_kind("marks").from_logs
    assert GAME.marks_codec() is CODEC


def test_answer_key_from_a_log(tmp_path: Any) -> None:
    g = play(GAME, SEED, {}, "expert", variants=("reserve",))
    path = tmp_path / "game.log"
    path.write_text(g.log_text(), encoding="utf-8")
    opts = {"variants": ("reserve",), "from_logs": [str(path)], "paper": "a4"}
    data = GAME.describe("marks", SEED, {}, opts)
    filled = {b["id"] for b in data["bubbles"] if b["filled"]}
    t = _template(("reserve",))
    rows = CODEC.log_rows(g.states, g.actions)
    want: set[str] = set()
    for row, (before, acts) in zip(t.rows, rows, strict=False):
        want |= CODEC.row_marks(t, row, before, acts)
    assert filled == want and filled
    pdf = GAME.render("marks", SEED, {}, "a4", opts)
    assert pdf.startswith(b"%PDF") and pdf != GAME.render("marks", SEED, {}, "a4",
                                                          {"variants": ("reserve",)})


@pytest.mark.parametrize("variants,paper", [(("reserve",), "a4"),
                                            (("reserve", "no-jokers"), "letter"),
                                            (("no-jokers",), "letter")])
def test_design_rules_of_the_variants(variants: tuple[str, ...], paper: str) -> None:
    """tests/test_design_rules.py checks the default sheet; the variants' layouts too."""
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from test_design_rules import broken_rules

    from companion.paper.audit import audit_pdf

    pdf = GAME.render("marks", "W" * 8 + "-" + "M" * 7, {}, paper, {"variants": variants})
    assert broken_rules(audit_pdf(pdf, empty=True, drawing=True)) == {}


def test_codec_imports_no_drawing() -> None:
    code = ("import sys; import companion.games.clear_the_dungeon as g; "
            "assert 'companion.games.clear_the_dungeon.marks' not in sys.modules; "
            "g.GAME.marks_codec().template('S1', {}, ('reserve',), 1, 'a4'); "
            "assert 'reportlab' not in sys.modules and 'cv2' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)
