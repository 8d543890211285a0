"""The game API every registered game shares (``companion/games/base.py``): the state
before the first action without a log (``initial_state``) is the one a log's header gives
(``new_state``), for every game, seed, parameter value, variant set and edition; the
chance hook; the sentence ``companion solve`` prints. Nothing here names a game except
where a game's own override is checked."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from companion.errors import ParameterError, PayloadError
from companion.games import GAME_NAMES, get_game
from companion.games.base import Game, SolveReport, read_header
from companion.log import parse_log

SEEDS = ("K7Q2-9XMA", "A", "S17")


def _subsets(items: tuple[str, ...]) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [()]
    for item in items:
        out += [s + (item,) for s in out]
    return out


def _header(game: Game, tags: dict[str, str]):
    text = f'[Game "{game.name}"]\n' + "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
    return read_header(parse_log(text, "api.log"), game)


def _param_sets(game: Game) -> list[dict[str, int]]:
    """Each parameter at its low, default and high value (the others at theirs)."""
    sets: list[dict[str, int]] = [{}]
    for p in game.params:
        sets += [{p.name: v} for v in sorted({p.low, p.default, p.high})]
    return sets


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_initial_state_is_the_state_a_seeded_log_header_gives(game_name):
    game = get_game(game_name)
    for edition in game.editions:
        for variants in _subsets(game.variants):
            for params in _param_sets(game):
                for seed in SEEDS[:2] if params else SEEDS:
                    tags = {"Seed": seed, "Edition": str(edition)}
                    tags.update({game.param(k).tag: str(v) for k, v in params.items()})
                    if variants:
                        tags["Variant"] = ", ".join(variants)
                    from_log = game.new_state(_header(game, tags))
                    direct = game.initial_state(seed, params, variants, edition)
                    assert direct == from_log, (seed, params, variants, edition)
    # the defaults: no parameters, no variants, the newest edition
    assert game.initial_state("A") == game.new_state(_header(game, {"Seed": "A"}))


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_a_free_deal_starts_where_its_log_header_does(game_name):
    game = get_game(game_name)
    if game.seeded_only:
        with pytest.raises(ParameterError):
            game.initial_state(None)
        return
    params = game.check_params({})
    tags = game.free_deal_tags("K7Q2-9XMA", params)
    state = game.new_state(_header(game, tags))
    assert not game.is_over(state)
    if not tags:  # the deal is all in the log's lines: the free state needs nothing else
        assert game.initial_state(None) == state
        assert game.initial_state(None, params) == state


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_initial_state_refuses_what_a_header_would(game_name):
    game = get_game(game_name)
    with pytest.raises(ParameterError):
        game.initial_state("A", variants=("no-such-variant",))
    with pytest.raises(PayloadError):
        game.initial_state("A", edition=game.edition + 1)
    for p in game.params:
        with pytest.raises(ParameterError):
            game.initial_state("A", {p.name: p.high + 1})


def test_the_seeded_deal_does_not_depend_on_how_the_state_is_asked_for():
    """Two calls give equal states (no hidden randomness), other seeds other states."""
    for name in GAME_NAMES:
        game = get_game(name)
        assert game.initial_state("S1") == game.initial_state("S1")
        assert game.initial_state("S1") != game.initial_state("S2"), name


def test_shuffle_and_doom_free_deal_takes_its_stacks():
    game = get_game("shuffle-and-doom")
    tags = game.free_deal_tags("K7Q2-9XMA", {"size": 7})
    from_log = game.new_state(_header(game, {**tags, "Size": "7"}))
    seeded = game.initial_state("K7Q2-9XMA", {"size": 7})
    stacks = (seeded.dmap.row_stack, seeded.dmap.column_stack)
    assert game.initial_state(None, {"size": 7}, stacks=stacks) == from_log
    with pytest.raises(ParameterError, match="stacks"):
        game.initial_state(None)
    with pytest.raises(ParameterError):
        game.initial_state("K7Q2-9XMA", stacks=stacks)
    with pytest.raises(ParameterError):
        game.initial_state(None, {"size": 5}, stacks=stacks)


# ------------------------------------------------------------------------ chance
class _Stub(Game):
    name = "stub"
    code = "st"
    rules = SimpleNamespace()  # type: ignore[assignment]

    def initial_state(self, seed, params=None, variants=(), edition=None):
        return SimpleNamespace(outcome=None)

    def result(self, state):
        raise NotImplementedError

    def describe(self, kind, seed, params, options=None):
        return {}


def test_chance_outcomes_come_from_the_rules_module_when_it_has_them():
    game = _Stub()
    state = game.initial_state("A")
    assert list(game.chance_outcomes(state)) == []
    game.rules = SimpleNamespace(chance_outcomes=lambda s: [("a", 0.25), ("b", 0.75)])
    assert list(game.chance_outcomes(state)) == [("a", 0.25), ("b", 0.75)]


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_chance_outcomes_of_a_game_are_its_rules(game_name):
    game = get_game(game_name)
    state = game.initial_state("K7Q2-9XMA")
    outcomes = list(game.chance_outcomes(state))
    own = getattr(game.rules, "chance_outcomes", None)
    assert outcomes == (list(own(state)) if own else [])
    assert all(p > 0 for _, p in outcomes)
    if outcomes:
        assert sum(p for _, p in outcomes) == pytest.approx(1)


# ------------------------------------------------------------------- solve text
def _report(status: str, score: int | None, variants: tuple[str, ...] = ()) -> SolveReport:
    return SolveReport("clear-the-dungeon", "K7Q2-9XMA", variants, status, score, None)


def test_the_default_solve_text():
    game = _Stub()
    assert game.solve_text(_report("won", 12)) == (
        "clear-the-dungeon seed K7Q2-9XMA: winnable, best score 12")
    assert game.solve_text(_report("lost", None, ("reserve",))) == (
        "clear-the-dungeon seed K7Q2-9XMA (reserve): not winnable with perfect information")
    assert "best score 3 or more" in game.solve_text(_report("unknown", 3))
    assert game.solve_text(_report("unknown", None)).startswith(
        "clear-the-dungeon seed K7Q2-9XMA: unknown: the budget ran out")


def test_dungeon_upkeeper_solve_text_gives_par_per_floor():
    game = get_game("dungeon-upkeeper")
    report = game.solve("A", {"floors": 2}, ())
    lines = game.solve_text(report).splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("par: B1 ") and ", B2 " in lines[0]
    assert lines[1].startswith("dungeon-upkeeper seed A: the run along the par paths is ")
    assert lines[1].endswith(f"score {report.score}")


def test_every_solver_game_has_a_sentence():
    for name in GAME_NAMES:
        game = get_game(name)
        if game.has_solver:
            report = game.solve("K7Q2-9XMA", game.check_params({}), (), budget=2_000)
            text = game.solve_text(report)
            assert text and "\n" not in text.splitlines()[-1]
            assert f"{name} seed K7Q2-9XMA" in text
