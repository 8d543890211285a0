"""Simulated players of Shuffle and Doom and Clear the Dungeon: legal, deterministic,
and the expert does not read hidden cards."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.clear_the_dungeon import GAME as CTD
from companion.games.clear_the_dungeon import players as ctd_players
from companion.games.clear_the_dungeon import rules as ctd_rules
from companion.games.shuffle_and_doom import GAME as SD
from companion.games.shuffle_and_doom import players as sd_players
from companion.games.shuffle_and_doom import rules as sd_rules
from companion.rng import stream
from companion.simulate import play, start_state

CASES = [
    (SD, {"size": 7}, ()),
    (SD, {"size": 5}, ("easy-stats",)),
    (SD, {"size": 9}, ("flat-consumables",)),
    (CTD, {}, ()),
    (CTD, {}, ("reserve",)),
    (CTD, {}, ("no-jokers",)),
    (CTD, {}, ("reserve", "no-jokers")),
]


def _players(game):
    return (sd_players if game is SD else ctd_players).PLAYERS


def _start(game, seed, params, variants):
    tags = {"Game": game.name, "Seed": seed}
    for p in game.params:
        tags[p.tag] = str(params.get(p.name, p.default))
    if variants:
        tags["Variant"] = ", ".join(variants)
    return start_state(game, tags)[1]


def test_players_dicts() -> None:
    for game in (SD, CTD):
        assert set(_players(game)) == {"random", "greedy", "expert"}


@pytest.mark.parametrize(("game", "params", "variants"), CASES)
@pytest.mark.parametrize("name", ["random", "greedy", "expert"])
def test_only_legal_actions(game, params, variants, name) -> None:
    player = _players(game)[name]
    for i in range(2):
        state = _start(game, f"P{i}", params, variants)
        rng = stream(f"P{i}", "test", name)
        steps = 0
        while not game.is_over(state):
            legal = game.legal_actions(state)
            assert legal
            action = player(game, state, legal, rng)
            assert action in legal, (name, action, legal)
            state = game.apply(state, action)
            steps += 1
            assert steps < 5000


@pytest.mark.parametrize(("game", "params", "variants"), [CASES[0], CASES[4]])
@pytest.mark.parametrize("name", ["greedy", "expert"])
def test_deterministic(game, params, variants, name) -> None:
    player = _players(game)[name]
    a = play(game, "D1", params, player=player, player_seed=name, variants=variants)
    b = play(game, "D1", params, player=player, player_seed=name, variants=variants)
    assert a.actions == b.actions


def _sd_hidden_twin(state: sd_rules.State, k: int) -> sd_rules.State:
    """The same table with the unseen cards of the pass in another order (map cards
    keep their place at the bottom of pass 1) and another seed for later passes."""
    rest = list(state.deck[state.deck_pos :])
    tail = [c for c in rest if state.pass_no == 1 and c in state.map_cards]
    free = [c for c in rest if c not in tail]
    free = stream("twin", k).shuffled(free)
    return replace(state, deck=state.deck[: state.deck_pos] + tuple(free + tail),
                   seed=f"OTHER{k}")


def _ctd_hidden_twin(state: ctd_rules.State, k: int) -> ctd_rules.State:
    """The same table with the power deck's undrawn cards and the face-down monsters in
    another order (each column keeps its count)."""
    rest = stream("twin", k).shuffled(list(state.deck[state.deck_pos :]))
    assert state.stacks is not None
    down = stream("twin-m", k).shuffled([c for col in state.stacks for c in col])
    stacks, at = [], 0
    for col in state.stacks:
        stacks.append(tuple(down[at : at + len(col)]))
        at += len(col)
    return replace(state, deck=state.deck[: state.deck_pos] + tuple(rest),
                   stacks=tuple(stacks))


@pytest.mark.parametrize(("game", "params", "variants"), [CASES[0], CASES[2], CASES[3],
                                                          CASES[6]])
def test_expert_does_not_peek(game, params, variants) -> None:
    expert = _players(game)["expert"]
    twin = _sd_hidden_twin if game is SD else _ctd_hidden_twin
    checked = 0
    for i in range(3):
        played = play(game, f"H{i}", params, player="random", player_seed="peek",
                      variants=variants)
        for n, state in enumerate(played.states[:-1]):
            if n % 3:
                continue
            legal = game.legal_actions(state)
            if len(legal) < 2:
                continue
            mine = expert(game, state, legal, stream("peek", i, n))
            for k in range(2):
                other = twin(state, k)
                theirs = expert(game, other, game.legal_actions(other),
                                stream("peek", i, n))
                assert theirs == mine, (i, n, k)
            checked += 1
    assert checked >= 5


def test_peek_twin_really_differs() -> None:
    """The twins change what the expert must not see (so the test above means
    something): the next room or the next draw differs."""
    state = _start(SD, "H0", {"size": 7}, ())
    assert _sd_hidden_twin(state, 0).deck != state.deck
    cstate = _start(CTD, "H0", {}, ())
    other = _ctd_hidden_twin(cstate, 0)
    assert other.deck != cstate.deck and other.stacks != cstate.stacks


def _mean(game, params, variants, name, seeds):
    total = wins = 0
    for i in range(seeds):
        played = play(game, f"B{i}", params, player=_players(game)[name],
                      player_seed=name, variants=variants)
        r = game.result(played.final)
        total += r.score or 0
        wins += r.outcome in ("won", "cleared", "exited")
    return wins, total


def test_expert_beats_random() -> None:
    sd_exp, sd_exp_score = _mean(SD, {"size": 7}, (), "expert", 12)
    sd_rnd, sd_rnd_score = _mean(SD, {"size": 7}, (), "random", 12)
    assert sd_exp_score > sd_rnd_score and sd_exp > sd_rnd
    ctd_exp, _ = _mean(CTD, {}, ("reserve",), "expert", 12)
    ctd_rnd, _ = _mean(CTD, {}, ("reserve",), "random", 12)
    assert ctd_exp > ctd_rnd
