"""Focused rules tests that kill mutants of the rules modules (issue 26).

``benchmarks/mutation.py`` mutates each game's ``rules.py`` and runs its fast tests;
the mutants that survived the refusal tables and playthroughs and were not equivalent
(``benchmarks/mutation_equivalent.json``) led to the tests here. Each test's name
carries its game's package name, so the benchmark's ``-k`` selection picks it up.
"""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.frozen import evolve
from companion.games.dungeon_upkeeper import rules as du
from companion.games.dungeon_upkeeper.floor import STEPS


def _du_next_to_exit(seed: str = "A", floors: int = 2) -> tuple[du.State, du.Path]:
    """Seed ``seed``'s first floor, the run standing next to the exit, and the one-step
    path onto it."""
    s = du.new_state(seed, floors)
    floor = s.map
    ex = floor.exit
    for d, (dc, dr) in STEPS.items():
        before = (ex[0] - dc, ex[1] - dr)
        if floor.squares.get(before, "#") in ".S":
            return evolve(s, position=before), du.Path((du.Step(d),))
    raise AssertionError("the exit has no open neighbour")


def test_dungeon_upkeeper_perfect_needs_every_trap_and_every_chest() -> None:
    s, onto_exit = _du_next_to_exit()
    floor = s.map
    assert floor.traps and floor.chests
    every_trap = frozenset(floor.traps)
    every_chest = frozenset(floor.chests)
    cases = [(every_trap, frozenset(), False), (frozenset(), every_chest, False),
             (every_trap, every_chest, True)]
    for traps, chests, perfect in cases:
        after = du.apply(evolve(s, reset=traps, refilled=chests), onto_exit)
        assert after.records[-1].perfect is perfect, (len(traps), len(chests))


def test_dungeon_upkeeper_one_move_left_after_a_floor_goes_on() -> None:
    s, onto_exit = _du_next_to_exit()
    # nothing reset or refilled: the floor gives no move back
    after = du.apply(evolve(s, moves=2), onto_exit)
    assert (after.floor, after.moves, after.outcome) == (2, 1, None)
    after = du.apply(evolve(s, moves=1), onto_exit)
    assert (after.floor, after.moves, after.outcome) == (2, 0, "lost")
    assert after.lost_because == "out of moves on B2"


def test_dungeon_upkeeper_a_finished_run_refuses_and_offers_nothing() -> None:
    s, onto_exit = _du_next_to_exit(floors=1)
    won = du.apply(s, onto_exit)
    assert won.outcome == "won"
    assert du.legal_actions(won) == []
    # the replay refuses an action after the end by itself: the rules refuse it too
    with pytest.raises(IllegalAction) as caught:
        du.apply(won, du.FloorCheck(won.floor))
    assert caught.value.rule == "game-over"


def test_dungeon_upkeeper_a_wrong_checkpoint_names_its_number() -> None:
    with pytest.raises(IllegalAction) as caught:
        du.apply(du.new_state("A", 2), du.FloorCheck(2))
    assert (caught.value.rule, caught.value.arg) == ("floor-checkpoint", 0)
