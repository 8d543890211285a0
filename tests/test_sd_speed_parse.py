"""Shuffle and Doom's notation remembers the lines it read (issue 18): a line read
again, on a map of the same size, gives the same action as the first time, and an
error always reads as it did without the memory."""

import random

import pytest

from companion.errors import NotationError
from companion.games.shuffle_and_doom import GAME, notation
from companion.log import parse_log

WORDS = ("choose", "bonus", "enter", "room", "hit", "disarm", "take", "drink", "read",
         "loot", "retreat", "exit", "HIT", "Enter", "ROOM", "row", "col", "health", "♠",
         "a1", "A1", "b2", "g7", "g8", "z26", "a01", "a001", "a1000", "5♣", "K♠", "ks",
         "10♦", "th", "qd", "JK", "1♠", "x", "", "room")


def _outcome(parse, state, line):
    try:
        return parse(state, line)
    except NotationError as exc:
        return (str(exc), exc.rule, exc.arg)


@pytest.mark.parametrize("size", [4, 7, 26])
def test_remembered_lines_read_as_the_first_time(size):
    rng = random.Random(size)
    state = GAME.initial_state("PARSE1", {"size": size})
    for _ in range(3000):
        words = [rng.choice(WORDS) for _ in range(rng.randint(1, 4))]
        text = " ".join(w for w in words if w) or "loot"
        log = parse_log('[Game "shuffle-and-doom"]\n' + text + "\n", "<t>")
        line = log.actions[0]
        plain = _outcome(notation._parse, state, line)
        assert _outcome(notation.parse_action, state, line) == plain, text
        assert _outcome(notation.parse_action, state, line) == plain, text  # remembered


def test_the_size_is_part_of_a_remembered_line():
    small = GAME.initial_state("PARSE2", {"size": 4})
    large = GAME.initial_state("PARSE2", {"size": 26})
    line = parse_log('[Game "shuffle-and-doom"]\nenter z26\n', "<t>").actions[0]
    assert notation.parse_action(large, line).cell == (25, 25)
    with pytest.raises(NotationError, match="off the 4×4 grid"):
        notation.parse_action(small, line)
    assert notation.parse_action(large, line).cell == (25, 25)
