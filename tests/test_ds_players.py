"""Dungeon Solitaire players: legal, blind to hidden cards, deterministic, ranked."""

from dataclasses import replace

import pytest

from companion.games.dungeon_solitaire import GAME, rules
from companion.games.dungeon_solitaire.cards import Room
from companion.games.dungeon_solitaire.players import PLAYERS
from companion.games.dungeon_solitaire.table import EDITIONS
from companion.rng import stream

ED2 = EDITIONS[2]


def run(name, seed, table=ED2, check=None, cap=2000):
    """Play one game; ``check(state, legal, action, rng_state)`` sees every decision."""
    player = PLAYERS[name]
    state = rules.new_state(seed, 5, table)
    rng = stream(seed, "dungeon-solitaire", "simulation", name)
    actions = []
    while state.outcome is None and len(actions) < cap:
        legal = rules.legal_actions(state)
        before = rng.state()
        action = player(GAME, state, legal, rng)
        if check is not None:
            check(state, legal, action, before)
        state = rules.apply(state, action)
        actions.append(action)
    return state, actions


def test_players_are_exactly_random_greedy_expert():
    assert set(PLAYERS) == {"random", "greedy", "expert"}


@pytest.mark.parametrize("name", ["random", "greedy", "expert"])
@pytest.mark.parametrize("edition", [1, 2])
def test_players_only_play_legal_actions(name, edition):
    def check(state, legal, action, _):
        if isinstance(action, rules.Draft):
            rules.apply(state, action)  # a Draft the player built must be accepted
        else:
            assert action in legal

    for i in range(4):
        state, _ = run(name, f"L{i}", EDITIONS[edition], check)
        assert state.outcome is not None


def _blind(state, legal, rng_state):
    """The same decision with other Draw ids and other face-down cards."""
    from companion.rng import Stream

    fake = [a if not isinstance(a, rules.Draw) else rules.Draw(("R999",) * len(a.ids))
            for a in legal]
    board = tuple((c, replace(t, room=Room("NESW" if t.room.exits != "NESW" else "N",
                                           None if t.room.obj else "monster")))
                  if not t.face_up else (c, t) for c, t in state.board)
    other = replace(state, board=board)
    return fake, other, Stream(rng_state)


@pytest.mark.parametrize("name", ["greedy", "expert"])
def test_players_never_read_draw_ids_nor_face_down_cards(name):
    player = PLAYERS[name]
    decisions = 0

    def check(state, legal, action, rng_state):
        nonlocal decisions
        if state.phase not in ("play", "keep"):
            return
        fake, other, rng = _blind(state, legal, rng_state)
        again = player(GAME, other, fake, rng)
        if isinstance(action, rules.Draw):
            assert isinstance(again, rules.Draw) and again.ids == ("R999",) * len(action.ids)
        else:
            assert again == action
        decisions += 1

    for i in range(4):
        run(name, f"B{i}", ED2, check)
    assert decisions > 50


@pytest.mark.parametrize("name", ["random", "greedy", "expert"])
def test_players_are_deterministic(name):
    for i in range(3):
        first = run(name, f"D{i}")
        second = run(name, f"D{i}")
        assert first[1] == second[1] and first[0] == second[0]


def test_edition_2_expert_beats_greedy_beats_random():
    seeds = [f"S{i}" for i in range(30)]
    reached = {}
    for name in ("expert", "greedy", "random"):
        finals = [run(name, s)[0] for s in seeds]
        reached[name] = sum(f.levels_cleared for f in finals)
    assert reached["expert"] > reached["greedy"] > reached["random"]
