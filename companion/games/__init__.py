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

Installed games are hostile input (issue 24): each ``entry_points.txt`` is read here,
bounded and line by line, and a line that is not a usable entry point is left out with
a warning naming its package. An installed game is imported only when it is asked for
(by name, or by a listing of every game), and its code runs through
:func:`run_plugin`: whatever it raises, SystemExit included, becomes one message naming
the package and the entry point (:class:`Plugin`); a real Ctrl-C is let through.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import PurePath
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, overload

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


class Plugin(NamedTuple):
    """A game another package installs: its entry point (``name = value``) and the
    distribution that declares it (``dist``, its name as a message shows it)."""

    name: str
    value: str
    dist: str

    def __str__(self) -> str:
        return f"the game {self.name!r} that {self.dist} installs ({self.name} = {self.value})"


MAX_ENTRY_POINTS_BYTES = 1 << 20
"""An ``entry_points.txt`` longer than this is not read (a real one is a few lines)."""
MAX_METADATA_BYTES = 16 << 20
"""A ``METADATA`` file (read for the package's name) longer than this is not read."""
_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,39}")
"""What a game's name may be: what a ``[Game]`` tag and a command line can name."""
_VALUE = re.compile(r"([\w.]+)\s*(?::\s*([\w.]+)\s*)?(?:\[.*\]\s*)?")
"""An entry point's value, as importlib.metadata reads it: ``module``,
``module:attr``, then optional ``[extras]`` (which the companion does not use)."""

_scanned: tuple[tuple[str, ...], dict[str, Plugin]] | None = None
_warned: set[str] = set()
_failed: dict[Plugin, str] = {}
"""The message of each installed game that could not be loaded: it is not tried twice."""


def _warn_once(key: str, message: str) -> None:
    if key not in _warned:
        _warned.add(key)
        print(f"companion: {message}", file=sys.stderr)


def _text_of(path: str, limit: int = MAX_ENTRY_POINTS_BYTES) -> str | None:
    """A metadata file of a distribution (``entry_points.txt``, ``METADATA``), read
    bounded (a FIFO without waiting); None when absent or unreadable. Raises
    TooLargeError for one over ``limit`` bytes."""
    from companion.fsutil import TooLargeError, read_bounded

    try:
        data = read_bounded(path, limit)
    except TooLargeError:
        raise
    except OSError:
        return None
    return data.decode("utf-8", "replace")


def _may_declare_games(paths: Sequence[str]) -> bool:
    """Whether some distribution on ``paths`` may declare a ``companion.games`` entry
    point: its ``entry_points.txt`` names the group (or is too long to tell), or it
    sits where only :mod:`importlib.metadata` can look (a zip file or an egg)."""
    from companion.fsutil import TooLargeError

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
                text = _text_of(os.path.join(entry or ".", name, "entry_points.txt"))
            except TooLargeError:
                return True  # the scan says why it is not read
            if text is not None and marker in text:
                return True
    return False


def installed_games() -> dict[str, str]:
    """Third-party games installed through the ``companion.games`` entry points: name
    -> entry-point value, in ``sys.path`` order, without the names built in (and
    without a second game of one name). Read again when ``sys.path`` changes; no
    package is imported (see :func:`installed_plugins`)."""
    return {name: p.value for name, p in installed_plugins().items()}


def installed_plugins() -> dict[str, Plugin]:
    """:func:`installed_games` with the distribution of each. The entry points are
    read here, not by :func:`importlib.metadata.entry_points` (which gives up on the
    first malformed line of any package): a line of the group that is not ``name =
    module[:attr]``, or names a game no log could name, is left out with a warning
    naming the package, and a package whose metadata cannot be read is passed over."""
    global _scanned
    key = tuple(sys.path)
    if _scanned is not None and _scanned[0] == key:
        return _scanned[1]
    found: dict[str, Plugin] = {}
    if _may_declare_games(key):
        for plugin in _declared():
            name = plugin.name
            if name in REGISTRY:
                _warn_once(f"{name}={plugin.value}", f"the game {name!r} that "
                           f"{plugin.dist} installs is ignored: a built-in game has "
                           "that name")
            elif name in found:
                if found[name].value != plugin.value:
                    _warn_once(f"{name}={plugin.value}", f"the game {name!r} that "
                               f"{plugin.dist} installs is ignored: "
                               f"{found[name].value} already is {name!r}")
            else:
                found[name] = plugin
    _scanned = (key, found)
    return found


def _plain(text: object, limit: int = 40) -> str:
    """``text`` as a message may show it: printable, at most about ``limit`` characters."""
    s = "".join(c if c.isprintable() else "?" for c in str(text)[: limit + 1])
    return s if len(s) <= limit else s[:limit] + "..."


def _declared() -> Iterator[Plugin]:
    """Every ``companion.games`` entry point of the distributions on ``sys.path`` (the
    first of each name, as :mod:`importlib.metadata` takes them), in order."""
    from importlib.metadata import distributions

    from companion.fsutil import TooLargeError

    marker = f"[{ENTRY_POINT_GROUP}]"
    seen: set[str] = set()
    try:
        dists = list(distributions())
    except Exception as exc:  # a path entry importlib cannot walk
        _warn_once("distributions", "the installed packages cannot be listed, so no "
                   f"installed game is: {type(exc).__name__}: {_plain(exc, 80)}")
        return
    for dist in dists:
        where = getattr(dist, "_path", None)  # a dist-info folder, or a zip's path
        try:
            ident = str(getattr(dist, "_normalized_name", None) or where)
            if ident in seen:
                continue
            seen.add(ident)
            if isinstance(where, PurePath):  # not a zipfile.Path
                text = _text_of(os.path.join(where, "entry_points.txt"))
            else:
                text = dist.read_text("entry_points.txt")
        except TooLargeError:
            _warn_once(f"big {where}", f"the package {_label(dist)} declares no game: "
                       f"its entry_points.txt is over {MAX_ENTRY_POINTS_BYTES:,} bytes "
                       "and is not read")
            continue
        except Exception:  # metadata that cannot be read: no games from there
            continue
        if text and marker in text:
            yield from _group_lines(text, _label(dist))


def _label(dist: Any) -> str:
    """A distribution's name as a message shows it: the ``Name`` of its metadata (read
    bounded, a FIFO without waiting, where it is a folder), else its folder's name."""
    where = getattr(dist, "_path", None)
    try:
        if isinstance(where, PurePath):
            text = _text_of(os.path.join(where, "METADATA"), MAX_METADATA_BYTES) or ""
            label = next((line[5:].strip() for line in text.splitlines()
                          if line[:5].lower() == "name:"), "")
        else:
            label = dist.metadata["Name"] or ""
    except Exception:
        label = ""
    return _plain(label) or _plain(os.path.basename(str(where or ""))) or "a package"


def _group_lines(text: str, dist: str) -> Iterator[Plugin]:
    """The ``companion.games`` entry points of one ``entry_points.txt``, read as
    :mod:`importlib.metadata` reads them (sections, ``#`` comments, blank lines);
    a line that is not a usable ``name = module[:attr]`` is left out with a warning."""
    section = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
            continue
        if section != ENTRY_POINT_GROUP:
            continue
        name, equals, value = (part.strip() for part in line.partition("="))
        name = name.lower()
        match = _VALUE.fullmatch(value)
        problem = ("is not 'name = module'" if not equals
                   else "has no game name (letters, digits, '-', '.', '_'; at most 40)"
                   if not _NAME.fullmatch(name)
                   else "has no module ('module' or 'module:attr')" if match is None
                   else "")
        if problem or match is None:
            _warn_once(f"line {dist} {line}", f"the package {dist} declares a game that "
                       f"is ignored: line {number} of its entry_points.txt "
                       f"({_plain(line)!r}) {problem}")
            continue
        module, attr = match.group(1), match.group(2)
        yield Plugin(name, module + (f":{attr}" if attr else ""), dist)


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
    not a game of that name (:func:`load_plugin`).

    >>> game = get_game("Clear-the-Dungeon")
    >>> game.name, game.title, game.has_solver
    ('clear-the-dungeon', 'Clear the Dungeon', True)
    >>> get_game("scoundrels")
    Traceback (most recent call last):
    ...
    companion.errors.ParameterError: unknown game 'scoundrels' (did you mean 'scoundrel'?); ...
    """
    key = name.strip().lower()
    target = REGISTRY.get(key)
    if target is not None:
        module = importlib.import_module(target)
        game: Game = module.GAME
        return game
    plugin = installed_plugins().get(key)
    if plugin is None:
        shown = repr(name) if len(name) <= 40 else repr(name[:36]) + "..."
        raise ParameterError(f"unknown game {shown}{did_you_mean(key, GAME_NAMES)}; "
                             f"games: {', '.join(GAME_NAMES)}")
    return load_plugin(plugin)


def plugin_of(game: Game) -> Plugin | None:
    """The installed package's entry point ``game`` comes from; None for a built-in
    game."""
    if game.name in REGISTRY:
        return None
    return installed_plugins().get(game.name) or Plugin(game.name, type(game).__module__,
                                                        "a package")


class PluginFault(Exception):
    """Code of an installed game raised ``error`` (any exception, :class:`SystemExit`
    or a KeyboardInterrupt of its own included): :func:`run_plugin` says so."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(why(error))
        self.error = error


def why(error: BaseException) -> str:
    """``Type: message`` of an exception raised by code of an installed game, on one
    line and short (whatever its ``__str__`` does)."""
    try:
        text = str(error)
    except BaseException:  # noqa: BLE001 - a hostile __str__
        text = ""
    text = " ".join(text.split())
    text = text if len(text) <= 200 else text[:200] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


T = TypeVar("T")


class _Guard:
    """The state of the outermost :func:`run_plugin` under way."""

    able = False  # whether a real Ctrl-C is told from a KeyboardInterrupt raised
    pressed = False  # a real Ctrl-C came
    told = False  # and the line naming the plugin was written


_guard: _Guard | None = None


def run_plugin(plugin: Plugin, call: Callable[[], T]) -> T:
    """``call()``, code of an installed game: whatever it raises but a
    :class:`~companion.errors.CompanionError` (an error the API lets a game raise) and
    a real Ctrl-C becomes :class:`PluginFault` (SystemExit too, and a
    KeyboardInterrupt raised by the code itself: while it runs, Ctrl-C is told from
    it). A real Ctrl-C is let through, with a line on standard error naming
    ``plugin`` (the one that hangs, if one does)."""
    import signal

    from companion.errors import CompanionError

    global _guard
    outer = _guard is None
    guard = _guard if _guard is not None else _Guard()
    before: Any = None
    if outer:
        try:
            handler = signal.getsignal(signal.SIGINT)
            if callable(handler):  # Python's own, or a host's (a test runner's worker)
                def on_ctrl_c(signum: int, frame: Any) -> None:
                    guard.pressed = True
                    handler(signum, frame)

                before = signal.signal(signal.SIGINT, on_ctrl_c)
            # else ignored or the system's default: no Ctrl-C comes as KeyboardInterrupt
            guard.able = True
        except ValueError:  # not the main thread: any KeyboardInterrupt is taken as real
            pass
        _guard = guard
    try:
        return call()
    except (CompanionError, PluginFault):
        raise
    except KeyboardInterrupt as exc:
        if guard.pressed or not guard.able:
            if not guard.told:
                guard.told = True
                print(f"companion: interrupted in {plugin}", file=sys.stderr)
            raise
        raise PluginFault(exc) from None
    except BaseException as exc:  # noqa: BLE001 - SystemExit, GeneratorExit... of a plugin
        raise PluginFault(exc) from None
    finally:
        if outer:
            _guard = None
            if before is not None:
                signal.signal(signal.SIGINT, before)


def load_plugin(plugin: Plugin) -> Game:
    """The game an entry point's value names: ``module`` (its ``GAME``) or
    ``module:attr``, imported on first use (:func:`run_plugin`). Raises
    ParameterError, naming the package and the entry point, if it cannot be loaded
    (it is not tried again) or is not a game called by the entry point's name."""
    from companion.games.base import Game

    known = _failed.get(plugin)
    if known is not None:
        raise ParameterError(known)

    def find() -> tuple[object, object]:
        module_name, _, attr = plugin.value.partition(":")
        found: object = importlib.import_module(module_name)
        for part in (attr or "GAME").split("."):
            found = getattr(found, part)
        return found, getattr(found, "name", None)

    from companion.errors import CompanionError

    try:
        found, name = run_plugin(plugin, find)
        problem = ("is not a companion Game object" if not isinstance(found, Game)
                   else f"calls itself {_plain(name)!r}" if name != plugin.name else "")
    except (PluginFault, CompanionError) as exc:
        problem = f"cannot be loaded: {exc}"
    if problem:
        _failed[plugin] = f"{plugin} {problem}"
        raise ParameterError(_failed[plugin])
    assert isinstance(found, Game)
    for module in (plugin.value.partition(":")[0],
                   *(getattr(c, "__module__", "") for c in type(found).__mro__)):
        top = str(module).split(".")[0]
        if top not in ("companion", "builtins", "abc", ""):
            _loaded.setdefault(top, plugin)
    return found


_loaded: dict[str, Plugin] = {}
"""The top-level packages of the installed games loaded (their entry point's module and
their class's), each with its entry point: :func:`blamed_plugin` looks for them."""


def blamed_plugin(error: BaseException) -> Plugin | None:
    """The installed game whose code ``error`` was raised in (the innermost of its
    traceback's frames that belongs to a loaded installed game), else None."""
    blamed = None
    tb = error.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_globals.get("__name__")
        top = name.split(".")[0] if isinstance(name, str) else ""
        blamed = _loaded.get(top, blamed)
        tb = tb.tb_next
    return blamed


def did_you_mean(word: str, choices: Sequence[str]) -> str:
    """``" (did you mean 'x'?)"`` for the closest of ``choices`` to a mistyped
    ``word``, or ``""`` when none is close (git's way)."""
    import difflib

    close = difflib.get_close_matches(word.lower(), list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def all_games() -> list[Game]:
    """Every game, built in and installed, in :data:`GAME_NAMES` order: every installed
    game is loaded (:func:`load_plugin`). One that cannot be is left out, with a
    warning on standard error (once)."""
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
    installed one; the installed games are loaded only for a code no built-in game
    has. Raises ParameterError."""
    key = code.lower()
    for name in REGISTRY:
        game = get_game(name)
        if game.code == key:
            return game
    for game in all_games()[len(REGISTRY):]:
        if game.code == key:
            return game
    raise ParameterError(f"no game has the payload code {code[:40]!r}")
