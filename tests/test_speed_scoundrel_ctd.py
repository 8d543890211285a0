"""Scoundrel's and Clear the Dungeon's quicker replay (issue 18), as behaviour: the
memory of card words read before (``cards.parse_card``'s) gives what reading them
afresh gives, errors too (the memory of whole lines is the replay's:
tests/test_line_memory.py); a state derived without a dataclass copy is the state its
fields say (equal to
the constructor's, fields in order, hash, repr, pickle); a seeded line in the deal's
order and in another order give the same state; ``initial_state``'s remembered variant
sets still refuse what they refused."""

import dataclasses
import pickle
import random

import pytest

from companion import cards
from companion.errors import IllegalAction, NotationError, ParameterError, PayloadError
from companion.games import get_game
from companion.log import parse_log
from companion.simulate import play

GAMES = ("scoundrel", "clear-the-dungeon")
WORDS = {
    "scoundrel": ("room", "avoid", "equip", "drink", "fight", "slay", "ROOM", "Slay",
                  "7♦", "Q♣", "5♥", "2♠", "10♠", "ts", "QC", "A♠", "J♥", "K♦", "JK", "1♠",
                  "x", "on", "10o"),
    "clear-the-dungeon": ("monsters", "draw", "play", "discard", "reveal", "PLAY", "Draw",
                          "on", "ON", "1", "4", "5", "0", "01", "J♣", "Q♦", "K♠", "9♦", "2♥",
                          "JK", "th", "10c", "A♠", "x", "1♠"),
}


def _outcome(parse, line):
    try:
        return parse(None, line)
    except NotationError as exc:
        return (str(exc), exc.rule, exc.arg)


@pytest.mark.parametrize("name", GAMES)
def test_remembered_cards_read_as_the_first_time(name, monkeypatch):
    notation = get_game(name).notation
    rng = random.Random(name)
    for _ in range(4000):
        text = " ".join(rng.choice(WORDS[name]) for _ in range(rng.randint(1, 5)))
        line = parse_log(f'[Game "{name}"]\n{text}\n', "<t>").actions[0]
        monkeypatch.setattr(cards, "_PARSED", {})
        plain = _outcome(notation.parse_action, line)
        assert _outcome(notation.parse_action, line) == plain, text  # remembered


def _variant_sets(name):
    names = get_game(name).variants
    return [(), *[(v,) for v in names], tuple(names)]


@pytest.mark.parametrize("name", GAMES)
def test_every_state_is_its_fields(name):
    game = get_game(name)
    for free in (False, True):
        for variants in _variant_sets(name):
            for player in ("random", "greedy"):
                played = play(game, "FAST1", {}, player, variants=variants, free=free,
                              max_actions=400)
                for s in played.states:
                    fields = {f.name: getattr(s, f.name) for f in dataclasses.fields(s)}
                    assert list(s.__dict__) == list(fields)
                    built = type(s)(**fields)
                    assert built == s and hash(built) == hash(s) and repr(built) == repr(s)
                    assert pickle.loads(pickle.dumps(s)) == s


def test_a_seeded_room_in_another_order_is_the_same_room():
    game = get_game("scoundrel")
    rules = game.rules
    s = game.initial_state("FAST2")
    assert rules.apply(s, rules.Room(tuple(reversed(s.room)))) == \
        rules.apply(s, rules.Room(s.room))
    other = next(c for c in s.dungeon if c not in s.room)
    with pytest.raises(IllegalAction, match="the seed deals") as info:
        rules.apply(s, rules.Room(s.room[:3] + (other,)))
    assert info.value.rule == "deal-seed" and info.value.arg == 3


def test_a_seeded_draw_in_another_order_is_the_same_draw():
    game = get_game("clear-the-dungeon")
    rules = game.rules
    s = game.initial_state("FAST3")
    top = s.deck[:3]
    assert rules.apply(s, rules.Draw(tuple(reversed(top)))) == rules.apply(s, rules.Draw(top))
    assert rules.apply(s, rules.Draw(top)) == rules.apply(s, rules.Draw(None))
    with pytest.raises(IllegalAction, match="the seed's draw is") as info:
        rules.apply(s, rules.Draw(top[:2] + (s.deck[3],)))
    assert info.value.rule == "deal-seed" and info.value.arg == 2


@pytest.mark.parametrize("name", GAMES)
def test_remembered_variant_sets_still_refuse(name):
    game = get_game(name)
    variant = game.variants[0]
    for _ in range(2):  # the second time from the memory
        with pytest.raises(ParameterError, match="no variant"):
            game.initial_state("FAST4", variants=("nope",))
        with pytest.raises(PayloadError, match="no edition"):
            game.initial_state("FAST4", edition=99)
        with pytest.raises(PayloadError, match="no edition"):
            game.initial_state("FAST4", edition=True)  # type: ignore[arg-type]
        for given in ((variant,), [variant.upper()], frozenset({variant}), (f" {variant},",)):
            assert game.initial_state("FAST4", variants=given).variants == {variant}
        assert game.initial_state("FAST4", edition=game.edition).variants == frozenset()
        assert game.initial_state("FAST4", edition=str(game.edition)).variants == frozenset()
