"""The Clear the Dungeon solver's bounds never drop a line that wins: the pairing bound
against a brute force over every assignment of cards to slots, and the solver against
a brute force over every legal action sequence on more and larger end-game positions."""

from __future__ import annotations

import random
from itertools import permutations

import pytest
from test_ctd_solver import VARIANT_SETS, TooLarge, brute_force, small_position

from companion.games.clear_the_dungeon import solver as ctd_solver
from companion.games.clear_the_dungeon.solver import solve_state


def fits_by_brute_force(cards: list[int], singles: list[int], pairs: list[int]) -> bool:
    """Whether some order of ``cards`` fills the slots: one card per single (at least
    its threshold), then two per pair (adding up to at least its power)."""
    for order in set(permutations(cards)):
        if all(order[i] >= t for i, t in enumerate(singles)) and all(
                order[len(singles) + 2 * j] + order[len(singles) + 2 * j + 1] >= p
                for j, p in enumerate(pairs)):
            return True
    return False


def test_pairs_fit_matches_a_brute_force():
    rng = random.Random("ctd-pairs")
    answers = set()
    for _ in range(400):
        singles = sorted(rng.randint(1, 12) for _ in range(rng.randint(0, 2)))
        pairs = sorted(rng.choice((11, 12, 13)) for _ in range(rng.randint(0, 3)))
        cards = [rng.randint(1, 10) for _ in range(len(singles) + 2 * len(pairs))]
        counts = [0] * 11
        for v in cards:
            counts[v] += 1
        expected = fits_by_brute_force(cards, singles, pairs)
        got = ctd_solver._pairs_fit(tuple(counts), tuple(singles), tuple(pairs), {})
        assert got == expected, (cards, singles, pairs)
        answers.add(expected)
    assert answers == {True, False}


@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: ",".join(v) or "base")
def test_solver_is_exact_on_more_end_games(variants):
    """More and larger positions than tests/test_ctd_solver.py's (more monsters left,
    fuller damage piles), where the pairing bound prunes."""
    _exact_on(variants, random.Random(f"ctd-bounds-{variants}"), "B", 40, max_left=7,
              max_monsters=4)


BRUTE_FORCE_LIMIT = 30_000
"""Positions a brute force may remember. A few random end games with reserve take a
brute force of up to 1.4 million positions (up to a minute each, a third of the whole
suite's time before issue 24): such a position is replaced by the next one drawn. The
count of positions, not a clock, decides, so the same positions are checked on every
machine."""


def _exact_on(variants: tuple[str, ...], rng: random.Random, prefix: str, count: int,
              max_left: int, max_monsters: int) -> None:
    """The solver gives the brute force's answer on ``count`` random end games, won and
    lost ones among them (end games too large to brute-force are passed over)."""
    outcomes = set()
    checked = 0
    for i in range(4 * count):
        if checked == count:
            break
        state = small_position(f"{prefix}{i}", variants, rng, max_left=max_left,
                               max_monsters=max_monsters, max_damage=5)
        try:
            expected = brute_force(state, BRUTE_FORCE_LIMIT)
        except TooLarge:
            continue
        checked += 1
        solution = solve_state(state)
        assert solution.status == ("won" if expected is not None else "lost"), i
        assert solution.score == expected, i
        outcomes.add(expected is not None)
    assert checked == count
    assert outcomes == {True, False}


@pytest.mark.parametrize("shares", [(1 << 40, 1 << 40, 1 << 40, 1 << 40), (3, 3, 3, 3)],
                         ids=["stages-starved", "stages-large"])
def test_small_pile_stages_that_run_out_pass_on(monkeypatch, shares):
    """With reserve, a capped search that runs out of its share of the nodes leaves the
    aim to the next (a starved one at once): the answers stay the brute force's."""
    caps = [cap for cap, _ in ctd_solver._SMALL_PILES]
    monkeypatch.setattr(ctd_solver, "_SMALL_PILES", tuple(zip(caps, shares, strict=True)))
    rng = random.Random(f"ctd-stages-{shares}")
    for variants in (("reserve",), ("reserve", "no-jokers")):
        _exact_on(variants, rng, "P", 20, max_left=6, max_monsters=3)
