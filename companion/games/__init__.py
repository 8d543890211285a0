"""The game registry: adding a game is one folder and one line here.

Each entry of :data:`REGISTRY` maps the game's name (as in logs and on the command line)
to the module that defines ``GAME``. Modules are imported on first use, so listing names
costs nothing.

Third-party games: another package registers a game through the ``companion.games``
entry-point group, the entry point's name being the game's name and its value the
module whose ``GAME`` it is (``"package.module"``) or the object itself
(``"package.module:attr"``)::

    [project.entry-points."companion.games"]
    one-pile = "companion_one_pile"

Installed games join :data:`GAME_NAMES` (after the built-in ones, by name), and
:func:`get_game`, :func:`all_games` and :func:`game_by_code` find them. A built-in game
wins a clash of names (and, in :func:`game_by_code`, of payload codes): the installed
game of that name is ignored, and a warning says so on standard error, once per
process; of two installed games of one name, the first on ``sys.path`` wins the same
way. Entry points are read only when a name is not built in or when every game is
listed, and then only if some distribution on ``sys.path`` declares the group (a quick
look at their ``entry_points.txt``): importing :mod:`importlib.metadata` alone would
cost about 20 ms of the start-up.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, overload

from companion.errors import ParameterError

if TYPE_CHECKING:
    from companion.games.base import Game

REGISTRY: dict[str, str] = {
    "shuffle-and-doom": "companion.games.shuffle_and_doom",
    "clear-the-dungeon": "companion.games.clear_the_dungeon",
    "dungeon-upkeeper": "companion.games.dungeon_upkeeper",
    "dungeon-solitaire": "companion.games.dungeon_solitaire",
    "scoundrel": "companion.games.scoundrel",
}

ENTRY_POINT_GROUP = "companion.games"
"""The entry-point group through which other packages register games."""

_scanned: tuple[tuple[str, ...], dict[str, str]] | None = None
_warned: set[str] = set()


def _warn_once(key: str, message: str) -> None:
    if key not in _warned:
        _warned.add(key)
        print(f"companion: {message}", file=sys.stderr)


def _may_declare_games(paths: Sequence[str]) -> bool:
    """Whether some distribution on ``paths`` may declare a ``companion.games`` entry
    point: its ``entry_points.txt`` names the group, or it sits where only
    :mod:`importlib.metadata` can look (a zip file or an egg)."""
    marker = f"[{ENTRY_POINT_GROUP}]"
    stdlib = os.path.dirname(os.__file__)  # no distribution lives there: not read
    for entry in paths:
        if entry in (stdlib, os.path.join(stdlib, "lib-dynload")):
            continue
        try:
            names = os.listdir(entry or ".")
        except NotADirectoryError:
            return True  # a zip file on sys.path
        except OSError:
            continue
        for name in names:
            if name.endswith(".egg"):
                return True
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            try:
                with open(os.path.join(entry or ".", name, "entry_points.txt"),
                          encoding="utf-8") as f:
                    if marker in f.read():
                        return True
            except (OSError, UnicodeDecodeError):
                continue
    return False


def installed_games() -> dict[str, str]:
    """Third-party games installed through the ``companion.games`` entry points: name
    -> entry-point value, in ``sys.path`` order, without the names built in (and
    without a second game of one name). Read again when ``sys.path`` changes."""
    global _scanned
    key = tuple(sys.path)
    if _scanned is not None and _scanned[0] == key:
        return _scanned[1]
    found: dict[str, str] = {}
    if _may_declare_games(key):
        from importlib.metadata import entry_points

        for ep in entry_points(group=ENTRY_POINT_GROUP):
            name = ep.name.strip().lower()
            dist = getattr(getattr(ep, "dist", None), "name", None) or ep.value
            if name in REGISTRY:
                _warn_once(f"{name}={ep.value}", f"the game {name!r} that {dist} installs "
                           "is ignored: a built-in game has that name")
            elif name in found:
                if found[name] != ep.value:
                    _warn_once(f"{name}={ep.value}", f"the game {name!r} that {dist} "
                               f"installs is ignored: {found[name]} already is {name!r}")
            else:
                found[name] = ep.value
    _scanned = (key, found)
    return found


class GameNames(Sequence[str]):
    """Every game's name: the built-in games in registry order, then the installed
    ones by name (:func:`installed_games`). ``name in GAME_NAMES`` looks at entry points
    only for a name that is not built in; listing the names looks at them once (and
    again when ``sys.path`` changes)."""

    def _names(self) -> tuple[str, ...]:
        return (*REGISTRY, *sorted(installed_games()))

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and (name in REGISTRY or name in installed_games())

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...

    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        return self._names()[index]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and self._names() == tuple(other)

    def __hash__(self) -> int:
        return hash(self._names())

    def __add__(self, other: tuple[str, ...]) -> tuple[str, ...]:
        return self._names() + tuple(other)

    def __radd__(self, other: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(other) + self._names()

    def __repr__(self) -> str:
        return repr(self._names())


if TYPE_CHECKING:  # a tuple to the type checker: it behaves as one, read when used
    GAME_NAMES: tuple[str, ...]
else:
    GAME_NAMES = GameNames()
"""Every game's name, built-in and installed (see :class:`GameNames`)."""


def get_game(name: str) -> Game:
    """The game called ``name`` (case-insensitive), built in or installed. Raises
    ParameterError if there is none, or if an installed one cannot be loaded or is
    not a game of that name."""
    key = name.strip().lower()
    target = REGISTRY.get(key)
    if target is not None:
        module = importlib.import_module(target)
        game: Game = module.GAME
        return game
    target = installed_games().get(key)
    if target is None:
        shown = repr(name) if len(name) <= 40 else repr(name[:36]) + "..."
        raise ParameterError(f"unknown game {shown}{did_you_mean(key, GAME_NAMES)}; "
                             f"games: {', '.join(GAME_NAMES)}")
    return _load(key, target)


def _load(name: str, target: str) -> Game:
    """The game an entry point's value names: ``module`` (its ``GAME``) or
    ``module:attr``. Raises ParameterError if it cannot be loaded or is not a game
    called ``name``."""
    from companion.games.base import Game

    module_name, _, attr = target.partition(":")
    try:
        found: object = importlib.import_module(module_name.strip())
        for part in (attr.strip() or "GAME").split("."):
            found = getattr(found, part)
    except Exception as exc:  # a broken third-party package: say which and why
        raise ParameterError(f"the installed game {name!r} ({target}) cannot be loaded: "
                             f"{type(exc).__name__}: {exc}") from None
    if not isinstance(found, Game):
        raise ParameterError(f"the installed game {name!r} ({target}) is not a "
                             "companion Game object")
    if found.name != name:
        raise ParameterError(f"the installed game {name!r} ({target}) calls itself "
                             f"{found.name!r}")
    return found


def did_you_mean(word: str, choices: Sequence[str]) -> str:
    """``" (did you mean 'x'?)"`` for the closest of ``choices`` to a mistyped
    ``word``, or ``""`` when none is close (git's way)."""
    import difflib

    close = difflib.get_close_matches(word.lower(), list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def all_games() -> list[Game]:
    """Every game, built in and installed, in :data:`GAME_NAMES` order. An installed
    game that cannot be loaded is left out, with a warning on standard error (once)."""
    games = []
    for name in dict.fromkeys(GAME_NAMES):
        try:
            games.append(get_game(name))
        except ParameterError as exc:
            if name in REGISTRY:
                raise
            _warn_once(f"load {name}", str(exc))
    return games


def game_by_code(code: str) -> Game:
    """The game whose payload code is ``code`` (``sd``...): a built-in game before an
    installed one. Raises ParameterError."""
    for game in all_games():
        if game.code == code.lower():
            return game
    raise ParameterError(f"no game has the payload code {code[:40]!r}")
