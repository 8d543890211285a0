"""Random-play simulation of every game through one harness (``benchmarks/simulate_all.py``):
seeded games played by random legal actions and by the greedy player, with parameters
and variants varied, each written as a log and validated to the same outcome and score
(and again as a free deal where the game has one). A fixed sample here; the benchmark
runs thousands."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from companion.games import GAME_NAMES, get_game

_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "simulate_all.py"
_spec = importlib.util.spec_from_file_location("simulate_all", _PATH)
assert _spec is not None and _spec.loader is not None
harness = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("simulate_all", harness)  # dataclasses look their module up
_spec.loader.exec_module(harness)

CHUNK = 20


def games_of(game_name: str) -> int:
    """How many games of ``game_name`` to play (``Game.simulation_games``: fewer where a
    game is slow to simulate)."""
    return get_game(game_name).simulation_games


@pytest.mark.parametrize("game_name,chunk", [
    (g, k) for g in GAME_NAMES for k in range(0, games_of(g), CHUNK)])
def test_simulated_games_validate_to_the_same_outcome_and_score(game_name, chunk):
    all_cases = list(harness.cases(game_name, games_of(game_name)))
    failures = []
    for case in all_cases[chunk:chunk + CHUNK]:
        outcome = harness.round_trip(case)
        if not outcome.ok:
            failures.append((case, outcome.problems))
    assert not failures, failures[:3]


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_the_sample_covers_players_parameters_variants_and_endings(game_name):
    game = get_game(game_name)
    sample = list(harness.cases(game_name, games_of(game_name)))
    assert {c.player for c in sample} == {"random", "greedy"}
    for p in game.params:
        values = {dict(c.params)[p.name] for c in sample}
        assert values == set(range(p.low, p.high + 1)), (p.name, sorted(values))
    assert {frozenset(c.variants) for c in sample} == {
        frozenset(s) for s in harness._subsets(game.variants)}
    outcomes = {harness.round_trip(c).outcome for c in sample[:10]}
    assert outcomes - {"unfinished"}, f"no simulated {game_name} game came to an end"


def test_a_disagreement_is_reported(monkeypatch):
    """The harness really compares: a validator that scores one more is caught."""
    real = harness.validate_text

    def off_by_one(text, file="<log>"):
        v = real(text, file)
        if v.score is not None:
            v.score += 1
        return v

    monkeypatch.setattr(harness, "validate_text", off_by_one)
    case = next(c for c in harness.cases("shuffle-and-doom", 5))
    assert not harness.round_trip(case).ok


def test_the_harness_is_reproducible():
    case = next(iter(harness.cases("dungeon-solitaire", 1)))
    a, b = harness.round_trip(case), harness.round_trip(case)
    assert (a.actions, a.outcome, a.score) == (b.actions, b.outcome, b.score)
