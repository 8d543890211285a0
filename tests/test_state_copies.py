"""Cheap states (issue 18): ``companion.frozen.evolve`` gives what ``dataclasses.replace``
gives for every game's state, a value derived from a field is never used for another
value of that field, and each playing card is one object (copies and pickles too,
in another process as well)."""

import copy
import dataclasses
import pickle
import subprocess
import sys

import pytest

from companion.cards import JOKER, Card, Suit, parse_card, standard_deck
from companion.frozen import derived, evolve, keep
from companion.games import GAME_NAMES, get_game
from companion.simulate import play


@pytest.mark.parametrize("name", GAME_NAMES)
def test_evolve_is_replace_for_every_state_of_a_game(name):
    game = get_game(name)
    played = play(game, "COPY1", {p.name: p.default for p in game.params}, "random",
                  max_actions=60)
    cls = type(played.states[0])
    assert not hasattr(cls, "__post_init__") and not hasattr(cls, "__slots__")
    fields = [f for f in dataclasses.fields(cls) if f.init]
    for s in played.states[:: max(1, len(played.states) // 8)]:
        for f in fields:
            other = getattr(played.final, f.name)
            a = evolve(s, **{f.name: other})
            b = dataclasses.replace(s, **{f.name: other})
            assert type(a) is type(b) and a == b
            assert all(getattr(a, g.name) is getattr(b, g.name)
                       for g in dataclasses.fields(cls)), f.name
        assert evolve(s) == s and evolve(s) is not s


def test_a_derived_value_follows_its_field():
    game = get_game("scoundrel")
    s = game.initial_state("COPY2")
    made = []

    def room_names():
        made.append(1)
        return [str(c) for c in s.room]

    assert derived(s, "_names", s.room, room_names) == [str(c) for c in s.room]
    assert derived(s, "_names", s.room, room_names) and len(made) == 1  # kept
    t = evolve(s, health=3)  # the field is the same object: still good
    assert derived(t, "_names", t.room, lambda: ["wrong"]) == [str(c) for c in s.room]
    for u in (evolve(s, room=s.room[1:]), dataclasses.replace(s, room=s.room[1:])):
        assert derived(u, "_names", u.room, lambda u=u: [str(c) for c in u.room]) == \
            [str(c) for c in s.room[1:]]
    v = evolve(s, room=(), **keep("_names", (), ["given"]))
    assert derived(v, "_names", v.room, lambda: ["made"]) == ["given"]
    assert s == evolve(s, _names=None)  # a derived value is no field: equality ignores it


def test_each_card_is_one_object():
    deck = standard_deck(2)
    for c in deck:
        assert Card(c.rank, c.suit) is c
        assert parse_card(str(c)) is c and parse_card(c.ascii()) is c
        assert copy.copy(c) is c and copy.deepcopy(c) is c
        assert pickle.loads(pickle.dumps(c)) is c
    assert dataclasses.replace(deck[0], rank=5) is Card(5, Suit.SPADES)
    assert Card(0) is JOKER and deck[-1] is JOKER
    assert len(set(deck)) == 53 and Card(1, Suit.SPADES) != Card(1, Suit.HEARTS)
    assert repr(Card(10, Suit.HEARTS)) == "Card(10♥)" and str(JOKER) == "JK"
    with pytest.raises(ValueError, match="no rank 14"):
        Card(14, Suit.SPADES)
    with pytest.raises(ValueError, match="needs a suit"):
        Card(3)


def test_a_card_pickled_in_another_process_is_this_process_card():
    code = ("import pickle, sys; from companion.cards import standard_deck; "
            "sys.stdout.buffer.write(pickle.dumps(standard_deck(1)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True,
                         env={"PYTHONHASHSEED": "321", "PATH": ""}).stdout
    theirs = pickle.loads(out)
    assert all(a is b for a, b in zip(theirs, standard_deck(1), strict=True))
