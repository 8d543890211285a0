"""companion as a library (issue 26): the public names of ``import companion``, imported
only when used; ``Game.parse`` reads one action line with its column; the game base
class is generic over its state and action types and declares the optional hooks."""

from __future__ import annotations

import subprocess
import sys
import typing

import pytest

import companion
from companion.errors import IllegalAction, NotationError
from companion.games import GAME_NAMES, get_game
from companion.games.base import Game
from companion.replay import validate_text

HEAVY = ("reportlab", "pypdfium2", "PIL", "zxingcpp", "dask", "distributed",
         "prompt_toolkit", "rich")
"""What neither ``import companion`` nor ``companion --help`` may import."""


def test_all_lists_every_public_name_and_each_resolves():
    assert sorted(companion.__all__) == sorted(["__version__", *companion._EXPORTS])
    for name in companion.__all__:
        assert getattr(companion, name) is not None, name
    assert set(companion.__all__) <= set(dir(companion))
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        companion.nothing_here  # noqa: B018


def test_the_public_names_are_the_modules_own():
    from companion import replay
    from companion.games import base

    assert companion.validate_text is replay.validate_text
    assert companion.Game is base.Game and companion.get_game is get_game
    assert companion.NotationError is NotationError


def test_import_companion_imports_nothing_heavy_until_a_name_is_used():
    code = ("import sys, companion\n"
            "print(sorted(m for m in sys.modules if m.startswith('companion')))\n"
            f"print([m for m in {(*HEAVY, 'typer', 'companion.replay')!r} "
            "if m in sys.modules])\n"
            "companion.get_game\n"
            "print('companion.games' in sys.modules, 'companion.replay' in sys.modules)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       check=True)
    modules, heavy, after = r.stdout.splitlines()
    assert modules == "['companion']" and heavy == "[]", r.stdout
    assert after == "True False"


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_parse_reads_what_format_action_writes_for_every_legal_action(game_name):
    game = get_game(game_name)
    state = game.initial_state("K7Q2-9XMA")
    for _ in range(6):
        legal = game.legal_actions(state) or [a for a, _ in game.chance_outcomes(state)]
        if not legal:
            break
        for action in legal[:20]:
            assert game.parse(state, game.format_action(action)) == action
        state = game.apply(state, legal[0])


def test_parse_puts_the_column_where_validate_does():
    game = get_game("scoundrel")
    state = game.initial_state("K7Q2-9XMA")
    assert game.parse(state, "  fight, 9s  # a comment") == game.parse(state, "fight 9♠")
    with pytest.raises(NotationError) as caught:
        game.parse(state, "fight  1X")
    assert (caught.value.column, caught.value.rule) == (8, "notation-card")
    log = '[Game "scoundrel"]\n[Seed "K7Q2-9XMA"]\nroom 8♦ 9♠ 5♥ 7♠\nfight  1X\n'
    error = validate_text(log).error
    assert error is not None and (error.line, error.column) == (4, 8)


@pytest.mark.parametrize("text, column, words", [
    ("", 1, "empty"), ("   ", 1, "empty"), ("# only a comment", 1, "empty"),
    ('  [Seed "A"]', 3, "tag"), ("fight 9S\nfight 7S", 9, "one action line"),
    ("fight " + "9S " * 1000, 1, "characters long"),
])
def test_parse_refuses_what_is_not_one_action_line(text, column, words):
    game = get_game("scoundrel")
    with pytest.raises(NotationError) as caught:
        game.parse(game.initial_state("A"), text)
    assert caught.value.column == column and caught.value.rule == "notation"
    assert words in caught.value.message


def test_locate_hands_a_step_to_the_notation_that_places_it():
    # Dungeon Upkeeper's rules name a step of a path; its notation finds the letter
    game = get_game("dungeon-upkeeper")
    line = companion.ActionLine("path NE SW", 1, (1, 6, 9))
    where = game.locate(line, IllegalAction("no", "rule", step=3))
    assert where is not None and (where[0].text, where[0].column, where[1]) == ("SW", 9, 1)
    assert game.locate(line, IllegalAction("no", "rule", 0)) is None  # no step: no place


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_every_built_in_game_declares_its_state_and_action_types(game_name):
    game = get_game(game_name)
    base = next(b for b in type(game).__orig_bases__ if typing.get_origin(b) is Game)
    state_type, action_type = typing.get_args(base)
    assert isinstance(game.initial_state("A"), state_type)
    rules = game.rules
    assert state_type is rules.State and action_type is rules.Action


def test_the_optional_hooks_are_declared_with_defaults():
    for hook in ("locate", "line_context", "chance_outcomes", "opening_lines", "log_lines",
                 "explain", "stage", "end_reason", "players", "parse"):
        assert callable(getattr(Game, hook)) and getattr(Game, hook).__doc__, hook
    game = get_game("scoundrel")  # its notation has no locate: the default is None
    assert not hasattr(game.notation, "locate")
    line = companion.ActionLine("fight 9S", 1)
    assert game.locate(line, IllegalAction("x", "r", 0)) is None


def test_companion_help_imports_no_heavy_library():
    code = ("import sys\nfrom companion.cli import main\nsys.argv = ['companion', '--help']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            f"print('HEAVY', [m for m in {HEAVY!r} if m in sys.modules])\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       check=True)
    assert "Usage" in r.stdout and r.stdout.splitlines()[-1] == "HEAVY []", r.stdout
