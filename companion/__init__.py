"""companion: print, validate and scan solo dungeon games played on paper.

The names below are the library's public API (README, "Use as a library"). Importing
:mod:`companion` costs almost nothing: each name is imported from its module the first
time it is used (PEP 562), so the command line's start-up stays light.

Games: :func:`get_game`, :func:`all_games`, :data:`GAME_NAMES`, :func:`game_by_code`
and the base class :class:`Game` (with :class:`Result`, :class:`SolveReport`).
Logs: :func:`validate_text` and :func:`validate_path` give a :class:`Verdict` and never
raise for bad input; :func:`replay_text` and :func:`replay_log` give every state of a
valid log (a :class:`Replay`); :func:`parse_log` reads a log's envelope. Errors: every
error the user can cause is a :class:`CompanionError`; the rules raise
:class:`IllegalAction` (or :class:`NotationError` for a line that does not parse), a
log's first offending line is a :class:`LogError`.

>>> import companion
>>> game = companion.get_game("scoundrel")
>>> state = game.initial_state("K7Q2-9XMA")
>>> game.format_action(game.legal_actions(state)[1])
'equip 8♦'
>>> verdict = companion.validate_text('''[Game "scoundrel"]
... [Seed "K7Q2-9XMA"]
... room 8♦ 9♠ 5♥ 7♠
... fight 9X
... ''')
>>> verdict.valid, verdict.error.line, verdict.error.column, verdict.error.rule
(False, 4, 7, 'notation-card')
"""

from __future__ import annotations

__version__ = "0.1.0"

_EXPORTS: dict[str, str] = {
    # games
    "GAME_NAMES": "companion.games",
    "all_games": "companion.games",
    "game_by_code": "companion.games",
    "get_game": "companion.games",
    "Game": "companion.games.base",
    "Param": "companion.games.base",
    "Result": "companion.games.base",
    "SolveReport": "companion.games.base",
    # logs
    "ActionLine": "companion.log",
    "LogFile": "companion.log",
    "parse_log": "companion.log",
    "Replay": "companion.replay",
    "Verdict": "companion.replay",
    "replay_log": "companion.replay",
    "replay_text": "companion.replay",
    "validate_path": "companion.replay",
    "validate_text": "companion.replay",
    # errors
    "CompanionError": "companion.errors",
    "IllegalAction": "companion.errors",
    "LogError": "companion.errors",
    "NotationError": "companion.errors",
    "ParameterError": "companion.errors",
    "PayloadError": "companion.errors",
    "SeedError": "companion.errors",
    "UnreadableLogError": "companion.errors",
}
"""Each public name and the module it lives in (imported on first use)."""

__all__ = [
    "GAME_NAMES", "ActionLine", "CompanionError", "Game", "IllegalAction", "LogError",
    "LogFile", "NotationError", "Param", "ParameterError", "PayloadError", "Replay",
    "Result", "SeedError", "SolveReport", "UnreadableLogError", "Verdict", "__version__",
    "all_games", "game_by_code", "get_game", "parse_log", "replay_log", "replay_text",
    "validate_path", "validate_text",
]
"""``__version__`` and every name of :data:`_EXPORTS` (a test checks they agree)."""

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (about 2 ms)
if TYPE_CHECKING:  # what type checkers and editors see; at run time, __getattr__
    from typing import Any

    from companion.errors import (
        CompanionError,
        IllegalAction,
        LogError,
        NotationError,
        ParameterError,
        PayloadError,
        SeedError,
        UnreadableLogError,
    )
    from companion.games import GAME_NAMES, all_games, game_by_code, get_game
    from companion.games.base import Game, Param, Result, SolveReport
    from companion.log import ActionLine, LogFile, parse_log
    from companion.replay import (
        Replay,
        Verdict,
        replay_log,
        replay_text,
        validate_path,
        validate_text,
    )


def __getattr__(name: str) -> Any:
    """A public name, imported from its module the first time it is asked for (and
    then kept in this module's namespace)."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'companion' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the public ones not yet imported included."""
    return sorted({*globals(), *_EXPORTS})
