"""Dungeon Upkeeper simulated players (``players.py``) and the editions' balance in
small: legal play, the walks each player promises, edition 2 winnable by par play and
edition 1 not."""

from __future__ import annotations

from collections import deque

import pytest

from companion.games.dungeon_upkeeper import GAME, rules
from companion.games.dungeon_upkeeper.floor import Floor, solve
from companion.games.dungeon_upkeeper.generation import generate_floor
from companion.games.dungeon_upkeeper.players import PLAYERS, padded_extra
from companion.games.dungeon_upkeeper.table import EDITIONS, RULES
from companion.rng import stream

ED1, ED2 = EDITIONS[1], EDITIONS[2]
SEEDS = ("S0", "S1", "S2")


def run(name: str, seed: str, table=ED2, cap: int = 5000) -> rules.State:
    """Play one run, checking every action is among the legal ones."""
    state = rules.new_state(seed, 10, table)
    rng = stream(seed, "dungeon-upkeeper", "simulation", name)
    for _ in range(cap):
        if state.outcome is not None:
            return state
        legal = rules.legal_actions(state)
        action = PLAYERS[name](GAME, state, legal, rng)
        assert action in legal, (name, seed, state.floor, state.steps_here, action)
        state = rules.apply(state, action)
    raise AssertionError(f"{name} on {seed} did not end in {cap} steps")


def straight_distance(floor: Floor) -> int:
    """Breadth-first distance S → X, never through the exit."""
    seen = {floor.start: 0}
    queue = deque([floor.start])
    while queue:
        cur = queue.popleft()
        if cur == floor.exit:
            return seen[cur]
        for nb in floor.adjacency[cur]:
            if nb not in seen:
                seen[nb] = seen[cur] + 1
                queue.append(nb)
    raise AssertionError("exit unreachable")


def test_editions() -> None:
    assert RULES in (ED1, ED2)
    assert (ED1.moves, ED1.perfect_moves(1), ED1.perfect_moves(10)) == (40, 10, 10)
    assert (ED2.moves, ED2.perfect_moves(1), ED2.perfect_moves(10)) == (50, 26, 80)
    # generation reads none of the numbers that differ: the same floors
    assert generate_floor("S5", 7, ED1).rows == generate_floor("S5", 7, ED2).rows


def test_players_named() -> None:
    assert set(PLAYERS) == {"random", "greedy", "expert", "padded", "straight"}


@pytest.mark.parametrize("seed", ("S0", "S1", "S2", "S3", "S4", "S5"))
def test_random_plays_legally(seed: str) -> None:
    state = run("random", seed)
    assert state.outcome == "lost"


def test_padded_extra() -> None:
    # ceil(par / 5), one more when odd; integer arithmetic (0.2 × 35 is 7.000…1)
    assert [padded_extra(p) for p in (15, 20, 21, 35, 36, 99, 102)] == [4, 4, 6, 8, 8,
                                                                        20, 22]


@pytest.mark.parametrize("seed", SEEDS)
def test_expert_walks_par_and_wins(seed: str) -> None:
    state = run("expert", seed)
    assert state.outcome == "won"
    assert len(state.records) == 10
    for rec in state.records:
        assert rec.perfect and rec.moves_used == rec.par
        assert rec.health == ED2.health


@pytest.mark.parametrize("seed", SEEDS)
def test_padded_is_perfect_longer_and_unhurt(seed: str) -> None:
    state = run("padded", seed)
    assert state.records
    for rec in state.records:
        assert rec.perfect and rec.par is not None
        assert rec.moves_used == rec.par + padded_extra(rec.par)
        assert (rec.par + padded_extra(rec.par)) % 2 == rec.par % 2
    assert state.health == ED2.health
    if state.outcome == "lost":
        assert "out of moves" in state.lost_because


@pytest.mark.parametrize("seed", SEEDS)
def test_greedy_clears_floors(seed: str) -> None:
    state = run("greedy", seed)
    assert state.records
    for rec in state.records:
        assert rec.perfect
        assert rec.par is not None and rec.moves_used >= rec.par


@pytest.mark.parametrize("seed", SEEDS)
def test_straight_walks_shortest_and_loses(seed: str) -> None:
    state = run("straight", seed)
    assert state.outcome == "lost" and "out of moves" in state.lost_because
    assert state.records  # it gets off B1
    for rec in state.records:
        assert rec.moves_used == straight_distance(generate_floor(seed, rec.floor, ED2))
    assert state.health == ED2.health


def test_expert_cannot_win_edition_1() -> None:
    sample = [run("expert", f"S{i}", ED1) for i in range(8)]
    out_of_moves = [s for s in sample if "out of moves" in s.lost_because]
    assert len(out_of_moves) >= 6
    assert not any(s.outcome == "won" for s in sample)


def test_off_plan_falls_back_to_greedy() -> None:
    # a state the expert's plan does not expect: one step off the par path
    state = rules.new_state("S0", 10, ED2)
    first = solve(state.map).path[0]
    other = next(a for a in rules.legal_actions(state) if a.steps[0].direction != first)
    state = rules.apply(state, other)
    rng = stream("S0", "test")
    for _ in range(400):
        if state.floor != 1 or state.outcome is not None:
            break
        legal = rules.legal_actions(state)
        action = PLAYERS["expert"](GAME, state, legal, rng)
        assert action in legal
        state = rules.apply(state, action)
    assert state.records and state.records[0].perfect
