"""The game registry: adding a game is one folder and one line here.

Each entry maps the game's name (as in logs and on the command line) to the module
that defines ``GAME``. Modules are imported on first use, so listing names costs
nothing.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.errors import ParameterError

if TYPE_CHECKING:
    from companion.games.base import Game

REGISTRY: dict[str, str] = {
    "shuffle-and-doom": "companion.games.shuffle_and_doom",
    "clear-the-dungeon": "companion.games.clear_the_dungeon",
    "dungeon-upkeeper": "companion.games.dungeon_upkeeper",
    "dungeon-solitaire": "companion.games.dungeon_solitaire",
}

GAME_NAMES: tuple[str, ...] = tuple(REGISTRY)


def get_game(name: str) -> Game:
    """The game called ``name`` (case-insensitive). Raises ParameterError if unknown."""
    key = name.strip().lower()
    if key not in REGISTRY:
        shown = repr(name) if len(name) <= 40 else repr(name[:36]) + "..."
        raise ParameterError(f"unknown game {shown}{did_you_mean(key, GAME_NAMES)}; "
                             f"games: {', '.join(GAME_NAMES)}")
    module = importlib.import_module(REGISTRY[key])
    game: Game = module.GAME
    return game


def did_you_mean(word: str, choices: Sequence[str]) -> str:
    """``" (did you mean 'x'?)"`` for the closest of ``choices`` to a mistyped
    ``word``, or ``""`` when none is close (git's way)."""
    import difflib

    close = difflib.get_close_matches(word.lower(), list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def all_games() -> list[Game]:
    """Every registered game, in registry order."""
    return [get_game(name) for name in GAME_NAMES]


def game_by_code(code: str) -> Game:
    """The game whose payload code is ``code`` (``sd``...). Raises ParameterError."""
    for game in all_games():
        if game.code == code.lower():
            return game
    raise ParameterError(f"no game has the payload code {code[:40]!r}")
