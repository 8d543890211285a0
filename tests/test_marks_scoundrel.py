"""Scoundrel's mark sheet (issue 27; ``companion/games/scoundrel/marks.py``): the
template's geometry, the codec's round trip (a game's rows filled with ``row_marks``,
read back with ``row_actions`` and the rules) and what marks that mean nothing give."""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Sequence
from typing import Any

import pytest

from companion.errors import IllegalAction
from companion.games.scoundrel import GAME
from companion.games.scoundrel.marks import (
    FACES,
    MAX_ROWS,
    POSITIONS,
    ends_room,
    page_layouts,
    row_count_bound,
)
from companion.games.scoundrel.rules import Avoid, Drink, Equip, Fight, Room, Slay, State
from companion.marks.paper import FIDUCIAL_MM, MIN_PITCH_MM, QUIET_MM
from companion.marks.sheet import replayed
from companion.marks.template import Template
from companion.simulate import PlayedGame, play

CODEC = GAME.marks_codec()

SEED = "K7Q2-9XMA"
VARIANT_SETS: tuple[tuple[str, ...], ...] = ((), ("equal-kills",))
PAPERS = ("a4", "letter")
PLAYERS = ("random", "greedy", "expert")

_TEMPLATES: dict[tuple[str, tuple[str, ...], str], Template] = {}


def template(seed: str = SEED, variants: tuple[str, ...] = (), paper: str = "a4") -> Template:
    key = (seed, variants, paper)
    if key not in _TEMPLATES:
        _TEMPLATES[key] = CODEC.template(seed, {}, variants, 1, paper)
    return _TEMPLATES[key]


def fill(t: Template, states: Sequence[Any], actions: Sequence[Any]) -> frozenset[str]:
    """Every bubble a replayed game fills."""
    rows = CODEC.log_rows(states, actions)
    assert len(rows) <= len(t.rows)
    filled: set[str] = set()
    for row, (before, acts) in zip(t.rows, rows, strict=False):
        marks = CODEC.row_marks(t, row, before, acts)
        assert marks <= set(row.bubbles)
        filled |= marks
    return frozenset(filled)


def legal(state: State, actions: Sequence[Any]) -> State | None:
    """The state after ``actions``, or None if the rules refuse one."""
    try:
        for a in actions:
            state = GAME.apply(state, a)
    except IllegalAction:
        return None
    return state


def read_back(t: Template, start: State, filled: frozenset[str]
              ) -> tuple[list[Any], list[State]]:
    """The game the marks make, row by row from ``start``: each row must have exactly one
    legal reading; the first row with nothing marked ends it."""
    state = start
    actions: list[Any] = []
    states = [state]
    for row in t.rows:
        readings = CODEC.row_actions(t, row, state, filled & set(row.bubbles))
        if readings == [()]:
            break
        kept = [(r, after) for r in readings if (after := legal(state, r)) is not None]
        assert len(kept) == 1, f"{row.label}: {len(kept)} legal readings of {readings}"
        reading, after = kept[0]
        later = any(set(r.bubbles) & filled for r in t.rows[row.number:])
        if later:  # a row followed by another ends its room
            assert ends_room(state, after), row.label
        for a in reading:
            state = GAME.apply(state, a)
            actions.append(a)
            states.append(state)
    return actions, states


def played(log_text: str) -> tuple[dict[str, str], list[Any], list[State]]:
    """A log's tags (in order), actions and states (``states[i]`` before
    ``actions[i]``)."""
    from companion.log import parse_log

    states, actions = replayed(GAME, parse_log(log_text))
    tags = {line[1:].split(" ", 1)[0]: line.split('"')[1]
            for line in log_text.splitlines() if line.startswith("[")}
    return tags, actions, states


def round_trip(t: Template, tags: dict[str, str], actions: Sequence[Any],
               states: Sequence[State], text: str | None = None) -> None:
    """Fill the game's rows, read them back, and check the actions, the end state and
    the canonical log (byte for byte)."""
    filled = fill(t, states, actions)
    got, got_states = read_back(t, states[0], filled)
    assert got == [a for a in actions if not isinstance(a, Room)]
    assert got_states[-1].__dict__ | {"checkable": False} == \
        states[-1].__dict__ | {"checkable": False}
    canonical = PlayedGame(GAME, tags, got, got_states).log_text()
    expected = text if text is not None else PlayedGame(GAME, tags, list(actions),
                                                        list(states)).log_text()
    assert canonical == expected


# ------------------------------------------------------------------------- bounds
def test_row_bound_is_the_rules_most() -> None:
    # 44 cards: the first room of 4, then 3 new cards for every 3 faced; the 15th room
    # holds 2 cards (dealt from an empty dungeon); an avoid before each of the others
    assert row_count_bound() == (29, 3)
    assert (MAX_ROWS, FACES) == (29, 3)
    assert row_count_bound(deck=8) == (5, 3)  # 4 -> face 3 (1 + 4) -> face 3 -> 2 left
    assert row_count_bound(deck=4) == (1, 4)  # one room dealt from an empty dungeon


def test_simulated_games_stay_within_the_bound() -> None:
    most_rows = most_faces = 0
    for seed, player in itertools.product(range(40), PLAYERS):
        g = play(GAME, f"M{seed}", {}, player)
        rows = CODEC.log_rows(g.states, g.actions)
        most_rows = max(most_rows, len(rows))
        most_faces = max(most_faces, *(len(a) for _, a in rows))
    assert most_rows <= MAX_ROWS and most_faces <= FACES
    assert most_faces == FACES  # the bound is reached, not loose


def test_avoiding_every_room_takes_every_row() -> None:
    # avoid whenever allowed, else play as the expert: the longest games, 29 rows
    expert = GAME.players()["expert"]

    def avoider(game: Any, state: State, legal_actions: Sequence[Any], rng: Any) -> Any:
        avoid = [a for a in legal_actions if isinstance(a, Avoid)]
        return avoid[0] if avoid else expert(game, state, legal_actions, rng)

    longest = 0
    for seed in range(40):
        g = play(GAME, f"A{seed}", {}, avoider)
        rows = CODEC.log_rows(g.states, g.actions)
        longest = max(longest, len(rows))
        round_trip(template(f"A{seed}"), g.tags, g.actions, g.states)
    assert longest == MAX_ROWS


# ------------------------------------------------------------------ geometry
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("variants", VARIANT_SETS)
def test_template_geometry(paper: str, variants: tuple[str, ...]) -> None:
    t = template(SEED, variants, paper)
    assert len(t.rows) == MAX_ROWS
    assert len(t.bubbles) == MAX_ROWS * (1 + FACES * (POSITIONS + 2))
    page = t.pages[0]
    for b in t.bubbles:
        assert b.r_mm * 2 >= 4.0
        assert b.x_mm - b.r_mm >= 8 and b.x_mm + b.r_mm <= page.width_mm - 8
        assert b.y_mm - b.r_mm >= 8 and b.y_mm + b.r_mm <= page.height_mm - 8
        for f in page.fiducials:
            dx = max(f.x_mm - b.x_mm, 0.0, b.x_mm - (f.x_mm + f.size_mm))
            dy = max(f.y_mm - b.y_mm, 0.0, b.y_mm - (f.y_mm + f.size_mm))
            assert math.hypot(dx, dy) - b.r_mm >= QUIET_MM, b.id
    for a, b in itertools.combinations(t.bubbles, 2):
        if a.page == b.page and abs(a.y_mm - b.y_mm) < MIN_PITCH_MM:
            assert math.hypot(a.x_mm - b.x_mm, a.y_mm - b.y_mm) >= MIN_PITCH_MM - 1e-9, \
                (a.id, b.id)
    for row in t.rows:
        x, y, w, h = row.box
        assert h >= MIN_PITCH_MM
        for f in page.fiducials:  # the ruled rows keep off the markers
            apart_x = x >= f.x_mm + f.size_mm + QUIET_MM or x + w <= f.x_mm - QUIET_MM
            apart_y = y >= f.y_mm + f.size_mm + QUIET_MM or y + h <= f.y_mm - QUIET_MM
            assert apart_x or apart_y, row.label
        for b in t.row_bubbles(row):
            assert b.row == row.number and y <= b.y_mm - b.r_mm and b.y_mm + b.r_mm <= y + h
    assert [f.marker for f in page.fiducials] == ([0, 1, 2, 3] if paper == "a4"
                                                  else [4, 5, 6, 7])
    assert all(f.size_mm == FIDUCIAL_MM for f in page.fiducials)


def test_template_json_and_ids() -> None:
    t = template(SEED, ("equal-kills",), "letter")
    data = json.loads(json.dumps(t.to_json()))
    assert data["game"] == "scoundrel" and data["paper"] == "letter"
    assert data["pages"][0]["payload"] == \
        "companion:1/sc/K7Q2-9XMA/kind=marks/variant=equal-kills"
    ids = [b["id"] for b in data["bubbles"]]
    assert len(ids) == len(set(ids))
    assert ids[:8] == ["r1.avoid", "r1.f1.c1", "r1.f1.c2", "r1.f1.c3", "r1.f1.c4",
                       "r1.f1.fight", "r1.f1.slay", "r1.f2.c1"]
    b = t.bubble("r3.f2.c4")
    assert (b.group, b.value, b.label, b.row) == ("face2.card", "4", "4", 3)
    assert b.meaning == "room 3, 2nd card faced: the room's card 4 (in the order dealt)"
    assert t.bubble("r3.f1.slay").meaning == "room 3, 1st card faced: a monster slain " \
        "with the weapon"
    assert [r["label"] for r in data["rows"]][:2] == ["room 1", "room 2"]


def test_rows_are_the_same_for_every_deal() -> None:
    a, b = template("S0"), template("W" * 8 + "-" + "M" * 7 + "-" + "W" * 7 + "-" + "M" * 7,
                                    ("equal-kills",))
    assert a.rows == b.rows and a.bubbles == b.bubbles
    assert a.pages[0].payload != b.pages[0].payload


def test_pages_continue_when_rows_do_not_fit() -> None:
    pages = page_layouts(210.0, 297.0, rows=100)
    assert len(pages) == 3 and sum(p.rows for p in pages) == 100
    assert [p.first_row for p in pages] == [0, pages[0].rows, pages[0].rows + pages[1].rows]
    assert [p.number for p in pages] == [1, 2, 3]
    for p in pages:
        assert p.pitch >= MIN_PITCH_MM and p.rows_top + p.rows * p.pitch <= 297 - 8 + 1e-9
    assert pages[1].rows > pages[0].rows  # page 1 has the how-to-mark note and notes
    assert [len(page_layouts(w, h)) for w, h in ((210.0, 297.0), (215.9, 279.4))] == [1, 1]


def test_page_two_payload_is_accepted() -> None:
    from companion.seeds import parse_payload

    base = template().pages[0].payload
    items = parse_payload(base + "/page=2").params
    GAME.check_payload(items, SEED)
    assert items["page"] == "2" and items["kind"] == "marks"


# ------------------------------------------------------------------- round trip
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("variants", VARIANT_SETS)
@pytest.mark.parametrize("player", PLAYERS)
def test_round_trip_simulated(player: str, variants: tuple[str, ...], paper: str) -> None:
    t = template(SEED, variants, paper)
    outcomes = set()
    for seed in range(12):
        g = play(GAME, f"R{seed}", {}, player, variants=variants)
        outcomes.add(g.final.result_outcome())
        st = template(f"R{seed}", variants, paper)
        assert st.rows == t.rows
        round_trip(st, g.tags, g.actions, g.states)
    assert outcomes <= {"won", "lost"}


@pytest.mark.parametrize("variants", VARIANT_SETS)
def test_round_trip_won_and_lost_both_seen(variants: tuple[str, ...]) -> None:
    seen: set[str] = set()
    for seed in range(30):
        g = play(GAME, f"W{seed}", {}, "expert", variants=variants)
        seen.add(g.final.result_outcome())
        round_trip(template(f"W{seed}", variants), g.tags, g.actions, g.states)
    assert seen == {"won", "lost"}


@pytest.mark.parametrize("cut", [1, 2, 3, 5, 8, 17, 30])
def test_round_trip_unfinished(cut: int) -> None:
    for seed in range(6):
        g = play(GAME, f"U{seed}", {}, "greedy")
        n = min(cut, len(g.actions) - 1)
        actions, states = g.actions[:n], g.states[: n + 1]
        tags = {k: v for k, v in g.tags.items() if k != "Claim"}
        assert states[-1].result_outcome() == "unfinished"
        round_trip(template(f"U{seed}"), tags, actions, states)


@pytest.mark.parametrize("variants", VARIANT_SETS)
def test_round_trip_solver_lines(variants: tuple[str, ...]) -> None:
    for seed in ("S0", "S1", "S7"):
        report = GAME.solve(seed, {}, variants)
        assert report.log is not None
        tags, actions, states = played(report.log)
        t = template(seed, variants, "letter")
        round_trip(t, tags, actions, states, text=report.log)


def test_room_lines_are_left_out() -> None:
    g = play(GAME, "S0", {}, "expert")
    tags, actions, states = played(g.log_text())
    assert any(isinstance(a, Room) for a in actions)
    rows = CODEC.log_rows(states, actions)
    assert [a for _, a in rows] == [a for _, a in CODEC.log_rows(g.states, g.actions)]
    assert len(rows) == len(CODEC.log_rows(g.states, g.actions)) > 5
    assert not any(isinstance(a, Room) for _, acts in rows for a in acts)


def test_fill_rows_and_answer_key(tmp_path: Any) -> None:
    from companion.marks.sheet import fill_rows, log_marks

    g = play(GAME, SEED, {}, "expert")
    t = template()
    assert fill_rows(GAME, t, g.states, g.actions) == fill(t, g.states, g.actions)
    path = tmp_path / "game.log"
    path.write_text(g.log_text(), encoding="utf-8")
    assert log_marks(GAME, t, path) == fill(t, g.states, g.actions)


# ----------------------------------------------------------- marks that mean little
def _room_state(cards: str, weapon: str | None = None) -> State:
    """A state whose room is ``cards`` (as dealt), a weapon maybe."""
    from companion.cards import parse_card
    from companion.frozen import evolve

    state = GAME.initial_state(SEED)
    room = tuple(parse_card(c) for c in cards.split())
    return evolve(state, room=room, weapon=parse_card(weapon) if weapon else None)


def _read(state: State, *bubbles: str, row: int = 1, lenient: bool = False
          ) -> list[tuple[Any, ...]]:
    t = template()
    return CODEC.row_actions(t, t.rows[row - 1], state,
                             frozenset(f"r{row}.{b}" for b in bubbles), lenient=lenient)


def test_nothing_marked_is_nothing_played() -> None:
    assert _read(_room_state("7♦ Q♣ 5♥ 2♠")) == [()]


def test_marks_that_mean_nothing() -> None:
    s = _room_state("7♦ Q♣ 5♥ 2♠", weapon="9♦")
    assert _read(s, "f1.c2", "f2.c2", "f1.fight", "f2.fight") == []  # one card twice
    assert _read(s, "f1.c1", "f1.c3") == []  # two places in one group
    assert _read(s, "f1.c2", "f1.fight", "f1.slay") == []  # both verbs
    assert _read(s, "f1.c1", "f1.fight") == []  # a weapon is not fought
    assert _read(s, "f1.c1", "f3.c3") == []  # a gap: nothing 2nd
    assert _read(s, "f1.fight") == []  # a verb without a card
    assert _read(s, "avoid", "f1.c1") == []  # avoided and faced
    short = _room_state("7♦ Q♣")
    assert _read(short, "f1.c3") == []  # no 3rd card in a room of two
    # marks of another row are not this row's
    t = template()
    assert CODEC.row_actions(t, t.rows[1], s, frozenset({"r1.avoid"})) == [()]


def test_readings() -> None:
    from companion.cards import parse_card

    q, seven, five, two = (parse_card(c) for c in ("Q♣", "7♦", "5♥", "2♠"))
    s = _room_state("7♦ Q♣ 5♥ 2♠", weapon="9♦")
    assert _read(s, "avoid") == [(Avoid(),)]
    assert _read(s, "f1.c3", "f2.c1", "f3.c4", "f3.slay") == [
        (Drink(five), Equip(seven), Slay(two))]
    # a monster without its verb while a weapon is held: no meaning (so a faint verb
    # mark is settled as marked); the decoder's second, lenient look offers both
    assert _read(s, "f1.c2") == []
    both = _read(s, "f1.c2", lenient=True)
    assert both == [(Fight(q),), (Slay(q),)]
    assert [r for r in both if legal(s, r) is not None] == both
    bare = _room_state("7♦ Q♣ 5♥ 2♠")  # no weapon: fought, the only reading offered
    assert _read(bare, "f1.c2") == [(Fight(q),)]
    # a weapon equipped earlier in the row arms the player for the monster after it
    assert _read(bare, "f1.c1", "f2.c2") == []


def test_row_marks_refuses_what_the_row_cannot_hold() -> None:
    from companion.cards import parse_card

    t = template()
    s = _room_state("7♦ Q♣ 5♥ 2♠")
    row = t.rows[0]
    with pytest.raises(ValueError):
        CODEC.row_marks(t, row, s, [Avoid(), Equip(parse_card("7♦"))])
    with pytest.raises(ValueError):
        CODEC.row_marks(t, row, s, [Fight(parse_card("K♠"))])
    with pytest.raises(ValueError):
        CODEC.row_marks(t, row, s, [Equip(parse_card("7♦"))] * 2)
    with pytest.raises(ValueError):
        CODEC.row_marks(t, row, s, [Room(s.room)])
    assert CODEC.row_marks(t, row, s, [Fight(parse_card("2♠"))]) == {"r1.f1.c4",
                                                                     "r1.f1.fight"}


# ----------------------------------------------------------------- the sheet itself
@pytest.mark.parametrize("paper", PAPERS)
def test_render_and_describe(paper: str, tmp_path: Any) -> None:
    import pypdfium2 as pdfium

    pdf = GAME.render("marks", SEED, {}, paper, {"variants": ("equal-kills",)})
    assert len(pdfium.PdfDocument(pdf)) == len(template(SEED, ("equal-kills",), paper).pages)
    assert b"kind=marks/variant=equal-kills" in pdf
    assert pdf == GAME.render("marks", SEED, {}, paper, {"variants": ("equal-kills",)})
    data = GAME.describe("marks", SEED, {}, {"paper": paper})
    assert data["kind"] == "marks" and data["paper"] == paper
    assert len(data["bubbles"]) == len(template(SEED, (), paper).bubbles)
    g = play(GAME, SEED, {}, "greedy")
    path = tmp_path / "g.log"
    path.write_text(g.log_text(), encoding="utf-8")
    key = GAME.render("marks", SEED, {}, paper, {"from_logs": [str(path)]})
    assert key != GAME.render("marks", SEED, {}, paper, {})
    filled = GAME.describe("marks", SEED, {}, {"paper": paper, "from_logs": [str(path)]})
    assert {b["id"] for b in filled["bubbles"] if b["filled"]} == \
        fill(template(SEED, (), paper), g.states, g.actions)


def test_marks_is_a_sheet_kind_not_a_pack_part() -> None:
    assert GAME.sheet_kind("marks").from_logs
    assert "marks" not in {p.kind for p in GAME.pack_parts}
    assert GAME.marks_codec() is CODEC


def test_command_line(tmp_path: Any) -> None:
    from typer.testing import CliRunner

    from companion.cli import app
    from companion.errors import LayoutError

    runner = CliRunner()
    r = runner.invoke(app, ["sheets", "scoundrel", "--seed", "S1", "--kind", "marks",
                            "--json", "--paper", "letter"])
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert data["paper"] == "letter" and len(data["rows"]) == MAX_ROWS
    g = play(GAME, SEED, {}, "greedy")
    (tmp_path / "g.log").write_text(g.log_text(), encoding="utf-8")
    r = runner.invoke(app, ["sheets", "scoundrel", "--seed", "S2", "--kind", "marks",
                            "--from", str(tmp_path / "g.log"), "--out",
                            str(tmp_path / "x.pdf")])
    assert r.exit_code == 2 and "not of this sheet's seed S2" in r.stderr
    assert "Traceback" not in r.output
    with pytest.raises(LayoutError):
        CODEC.template(SEED, {}, (), 1, "a3")


def test_a_forgotten_verb_is_asked_and_a_faint_one_settled() -> None:
    """With a weapon held, a monster's verb must be marked: a faint verb mark is then
    read as marked (the rules need it), and a verb left out is asked (both choices)."""
    from companion.marks.decode import decode
    from companion.marks.read import start_of

    g = play(GAME, SEED, {}, "expert")
    t = template()
    filled = fill(t, g.states, g.actions)
    rows = CODEC.log_rows(g.states, g.actions)
    # the first row that slays or fights while a weapon is held
    for i, (before, _acts) in enumerate(rows):
        hit = [b for b in filled if t.bubble(b).row == i + 1
               and t.bubble(b).group.endswith(".verb")]
        armed = before.weapon is not None
        if hit and armed:
            break
    else:
        pytest.skip("no armed fight in this game")
    verb = sorted(hit)[0]

    class M:
        def __init__(self, state: str, value: float) -> None:
            self.state, self.value = state, value

    def marks(change: str) -> dict[str, M]:
        out = {b.id: M("filled", 1.0) if b.id in filled else M("empty", 0.0)
               for b in t.bubbles}
        out[verb] = M(change, 0.25)
        return out

    faint = decode(GAME, CODEC, t, start_of(GAME, t), marks("doubtful"))
    assert faint.certain and i + 1 in faint.settled
    left_out = decode(GAME, CODEC, t, start_of(GAME, t), marks("empty"))
    assert not left_out.certain
    q = next(q for q in left_out.questions if q.row.number == i + 1)
    assert "a mark missing" in q.why and 1 <= len(q.choices) <= 2  # the legal verbs
