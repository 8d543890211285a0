"""The validator names the real mistake (issue 13): a wrong header found by trying the
near alternatives, the commonest slips of each game, and --explain."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.games import get_game
from companion.hints import _seed_neighbours
from companion.replay import validate_text
from companion.simulate import play

README_GAME = """[Game "shuffle-and-doom"]
[Seed "6Y1M-YBS5"]
[Size "5"]
choose column
bonus health
enter a1
room 6♥ J♣ 10♥ A♦ 8♥ K♦ J♦ 3♣ 5♦
disarm 3♣
take A♦
enter d4
room 7♥ A♥ 4♠ 3♦
hit 4♠
loot
"""


def test_the_unchanged_log_is_valid():
    assert validate_text(README_GAME).valid


def test_a_wrong_size_is_named():
    v = validate_text(README_GAME.replace('[Size "5"]', '[Size "7"]'))
    assert not v.valid
    assert "(hint: this log fits size 5, not 7: check the [Size] tag)" in v.error.message


@pytest.mark.parametrize("typo", ["6Y1M-YB55", "6YIM-YBS5", "Y61M-YBS5", "6Y1M-YBSX"])
def test_a_seed_one_slip_away_is_named(typo):
    v = validate_text(README_GAME.replace("6Y1M-YBS5", typo))
    assert not v.valid
    assert f"this log fits seed 6Y1M-YBS5, not {typo}" in v.error.message


def test_an_older_edition_is_named():
    game = get_game("dungeon-solitaire")
    assert 1 in game.editions and game.edition != 1
    played = play(game, "ED1-LOG", {"size": 5}, "greedy", edition=1)
    text = played.log_text()
    assert validate_text(text).valid
    without = "\n".join(x for x in text.splitlines() if not x.startswith("[Edition"))
    v = validate_text(without)
    assert not v.valid
    assert 'this log fits edition 1, not 2: add [Edition "1"]' in v.error.message


def test_a_late_error_or_a_real_slip_gets_no_guess():
    # a genuine rules slip early: no header fits, and it is no deal mismatch
    v = validate_text(README_GAME.replace("hit 4♠", "hit 7♥"))
    assert not v.valid and "hint" not in v.error.message
    # a log too short to tell seeds apart gets no seed guess
    short = '[Game "shuffle-and-doom"]\n[Seed "6Y1M-YBXX"]\n[Size "5"]\nchoose row\nenter z9\n'
    v = validate_text(short)
    assert not v.valid and "fits seed" not in v.error.message


def test_a_deal_mismatch_without_a_fitting_header_says_check_the_tags():
    v = validate_text('[Game "clear-the-dungeon"]\n[Seed "ABCD-EFGH"]\nmonsters J♣ Q♦ K♠ J♥\n')
    assert not v.valid and v.error.rule == "deal-seed"
    assert "check the [Seed] and parameter tags" in v.error.message


def test_the_seed_neighbours_try_look_alikes_first():
    near = list(_seed_neighbours("K7Q2-9XMA"))
    assert len(near) == len(set(near)) and "K7Q2-9XMA" not in near
    assert near.index("K7QZ-9XMA") < near.index("K7Q2-9XMB")
    assert "7KQ2-9XMA" in near  # two neighbours swapped
    assert all(len(n) == 9 and n[4] == "-" for n in near)


# --------------------------------------------------------------------- slips


def test_a_forgotten_take_before_a_potion():
    log = README_GAME.split("disarm")[0] + "drink 6♥\n"
    v = validate_text(log)
    assert not v.valid and "6♥ is still in the room: 'take 6♥' or 'loot' first" in \
        v.error.message


def test_a_forgotten_draw():
    v = validate_text('[Game "clear-the-dungeon"]\n[Seed "A"]\nplay 5♥ on 1\n')
    assert not v.valid and "the hand is empty: 'draw' first" in v.error.message


def test_a_checkpoint_that_skips_a_floor():
    v = validate_text('[Game "dungeon-upkeeper"]\n[Seed "A"]\nfloor 2\npath N\n')
    assert not v.valid and v.error.rule == "floor-checkpoint"
    assert "a checkpoint cannot skip a floor" in v.error.message


def test_a_letter_o_for_a_zero():
    v = validate_text(README_GAME.replace("hit 4♠", "hit 1O♥"))
    assert not v.valid and "(a letter O for a zero? write 10)" in v.error.message


# --------------------------------------------------------------------- --explain


def test_explain_shows_the_state_before_the_offending_line(tmp_path):
    log = tmp_path / "slip.log"
    log.write_text(README_GAME.split("disarm")[0] + "drink 6♥\n", encoding="utf-8")
    r = CliRunner().invoke(app, ["validate", str(log), "--explain"])
    assert r.exit_code == 1
    assert "before line 8:" in r.stdout
    assert "health: " in r.stdout and "position: a1" in r.stdout
    assert "in the room at a1: 6♥ potion" in r.stdout
    r = CliRunner().invoke(app, ["validate", str(log), "--explain", "--json"])
    row = json.loads(r.stdout)[0]
    assert "position: a1" in row["before"]
    r = CliRunner().invoke(app, ["validate", str(log), "--json"])
    assert "before" not in json.loads(r.stdout)[0]


@pytest.mark.parametrize("name", ["shuffle-and-doom", "clear-the-dungeon", "dungeon-upkeeper",
                                  "dungeon-solitaire"])
def test_every_game_explains_a_state(name):
    game = get_game(name)
    played = play(game, "EXPLAIN", {p.name: p.default for p in game.params}, "greedy")
    lines = game.explain(played.states[len(played.states) // 2])
    assert len(lines) >= 4 and all(isinstance(line, str) and line for line in lines)
    assert any(line.startswith(("health: ", "damage: ")) for line in lines)


def _first_error(text: str):
    from companion.log import parse_log
    from companion.replay import replay_log

    log = parse_log(text)
    game = get_game("shuffle-and-doom")
    try:
        replay_log(log)
    except Exception as exc:  # noqa: BLE001 - the error to hint at
        return log, game, exc
    raise AssertionError("the log replays")


def test_the_search_is_bounded_in_work_not_seconds(monkeypatch):
    """The same log gets the same hint however busy the machine is: the search counts
    near headers and actions replayed, never the clock."""
    import time

    from companion import hints
    from companion.replay import replay_log

    typo = README_GAME.replace("6Y1M-YBS5", "6Y1M-YBSX")  # the fit: a late alternative
    log, game, error = _first_error(typo)
    found = hints.with_hint(log, game, error, replay_log)
    assert "this log fits seed 6Y1M-YBS5" in found.message
    monkeypatch.setattr(time, "monotonic", lambda: 1e12)  # a clock far past any deadline
    monkeypatch.setattr(time, "perf_counter", lambda: 1e12)
    assert hints.with_hint(log, game, error, replay_log).message == found.message
    order = [says for _, says in hints._alternatives(log, game)]
    place = next(i for i, says in enumerate(order) if "6Y1M-YBS5" in says)
    assert place > 20  # late enough for the bounds below to cut it off
    assert hints.with_hint(log, game, error, replay_log, replays=place + 1).message == \
        found.message
    assert hints.with_hint(log, game, error, replay_log, replays=place).message == \
        error.message
    assert hints.with_hint(log, game, error, replay_log,
                           actions=hints.DEAL_COST * place).message == error.message


def test_a_slip_in_the_last_character_of_the_longest_seed_is_named():
    game = get_game("scoundrel")
    seed = "A" * 31 + "B"  # 32 characters: the longest seed
    text = play(game, seed, {}, "greedy").log_text()
    v = validate_text(text.replace(f'[Seed "{seed}"]', f'[Seed "{seed[:-1]}C"]'))
    assert f"this log fits seed {seed}, not {seed[:-1]}C" in v.error.message
