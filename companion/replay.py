"""The one replay loop: a log is a fold of ``game.apply`` over its actions.

:func:`validate_path` and :func:`validate_text` give a :class:`Verdict` for any game;
they never raise for bad input: an unreadable file or an illegal action becomes part of
the verdict, with its position and the documented exit code.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable, Iterator, MutableSequence, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from companion.errors import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    CompanionError,
    IllegalAction,
    LogError,
    ParameterError,
    PayloadError,
    PluginFaultError,
    SeedError,
    UnreadableLogError,
)
from companion.games import (
    GAME_NAMES,
    REGISTRY,
    Plugin,
    PluginFault,
    get_game,
    plugin_of,
    run_plugin,
)
from companion.games.base import Game, Header, Result, parse_claim, read_header, shown
from companion.log import (
    ActionLine,
    LogFile,
    action_error,
    action_line,
    decode_log_bytes,
    parse_log,
    read_log_file,
)
from companion.seeds import is_payload, normalize_seed, parse_payload


@dataclass
class Verdict:
    """The validator's answer for one log (the JSON object of ``docs/command-line.md``)."""

    file: str
    game: str | None = None
    seed: str | None = None
    valid: bool = False
    outcome: str | None = None
    score: int | None = None
    claim: int | None = None
    claim_matches: bool | None = None
    error: LogError | UnreadableLogError | None = None
    summary: dict[str, Any] = field(default_factory=dict)
    before: list[str] | None = None
    """For an invalid log: the state just before the offending line, as the game
    explains it (``validate --explain``)."""

    @property
    def unreadable(self) -> bool:
        """Whether the file is no companion log at all (exit code 2)."""
        return isinstance(self.error, UnreadableLogError)

    @property
    def exit_code(self) -> int:
        """The documented exit code: 0 valid (and the claim matches), 1 invalid or a
        claim that does not match, 2 an unreadable file or a bad seed."""
        if self.unreadable or (self.error is not None
                               and self.error.exit_code == EXIT_USAGE):
            return EXIT_USAGE  # not a companion log, or a bad seed or payload in one
        if not self.valid or self.claim_matches is False:
            return EXIT_INVALID
        return EXIT_OK

    def error_dict(self) -> dict[str, Any] | None:
        """The error as JSON-ready data (line, column, message, rule), or None."""
        e = self.error
        if e is None:
            return None
        rule = e.rule if isinstance(e, LogError) else "unreadable"
        return {"line": e.line, "column": e.column, "message": e.message, "rule": rule}

    def to_json(self) -> dict[str, Any]:
        """The verdict as ``validate --json`` prints it."""
        return {
            "file": self.file,
            "game": self.game,
            "seed": self.seed,
            "valid": self.valid,
            "outcome": self.outcome,
            "score": self.score,
            "claim": self.claim,
            "claim_matches": self.claim_matches,
            "error": self.error_dict(),
            "summary": self.summary,
            **({"before": self.before} if self.before is not None else {}),
        }


def game_of(log: LogFile) -> Game:
    """The game named by the log's ``Game`` tag.

    Raises UnreadableLogError if there is no such tag or it names no known game: then
    the file is not a companion log (exit code 2).
    """
    first = log.actions[0].line if log.actions else 1
    return _game_named(_known_game(log.tags, first, log.file))


def _game_named(name: str) -> Game:
    """``get_game(name)`` for a name :func:`_known_game` accepted: a built-in game
    already imported is taken from its module at once (a validation of many short
    logs looks its game up once per log)."""
    target = REGISTRY.get(name)
    module = sys.modules.get(target) if target is not None else None
    game = getattr(module, "GAME", None) if module is not None else None
    return game if isinstance(game, Game) else get_game(name)


def _known_game(tags: dict[str, Any], first_action: int, file: str) -> str:
    """The name of the known game the ``Game`` tag names (see :func:`game_of`)."""
    tag = tags.get("game")
    if tag is None:
        raise UnreadableLogError(
            'no [Game "..."] tag: not a companion log (games: ' + ", ".join(GAME_NAMES) + ")",
            file, first_action, 1,
        )
    name = str(tag.value).strip().lower()
    if name not in GAME_NAMES:
        raise UnreadableLogError(
            f"unknown game {shown(tag.value)} (games: {', '.join(GAME_NAMES)})",
            file, tag.line, tag.value_column,
        )
    return name


class _EnvelopeFirst:
    """A header check for :func:`parse_log`: no known game, no further reading. It
    keeps the name of the game found (``name``), so that it is not looked for again."""

    __slots__ = ("file", "name")

    def __init__(self, file: str) -> None:
        self.file = file
        self.name: str | None = None

    def __call__(self, tags: dict[str, Any], line: int) -> None:
        self.name = _known_game(tags, line, self.file)


@dataclass
class Replay:
    """A log replayed: every state, first to last (``states[0]`` before any action)."""

    game: Game
    header: Header
    states: MutableSequence[Any]

    @property
    def final(self) -> Any:
        """The last state: where the log ends."""
        return self.states[-1]


def replay_log(log: LogFile, states: MutableSequence[Any] | None = None, *,
               game: Game | None = None) -> Replay:
    """Fold the log's actions over the game's start state.

    ``states``, when given, receives every state as it is reached (``append``), so that
    after an error its last item is the state just before the offending line; it is
    the returned replay's ``states`` (by default a new list: every state, first to
    last; a ``deque(maxlen=1)`` keeps only the last, and lets the others go as the
    fold leaves them, which spares the memory and the garbage collector). ``game``: the
    game the log's ``Game`` tag names, when the caller knows it already.

    Raises UnreadableLogError (no or unknown game) or LogError at the first offending
    line: a malformed action, an action the rules forbid, or one after the game ended.
    """
    game = game if game is not None else game_of(log)
    entry: Any = None
    try:
        header = read_header(log, game)
        state = game.new_state(header)
        states = states if states is not None else []
        keep = states.append
        keep(state)
        parse, apply, over = _steps(game)
        known, limit = _meanings(game, parse, state)
        look = known.get
        file = log.file
        for entry in log.entries(known):  # (text, line) or an ActionLine: see log.Entry
            if over(state):
                raise _over(game, state, action_line(entry), file)
            try:
                action = look(entry[0])
                if action is None:
                    action = parse(state, action_line(entry))
                    if len(known) < limit:
                        known[entry[0]] = action
                state = apply(state, action)
            except IllegalAction as exc:
                raise action_error(exc, action_line(entry), file, game) from None
            keep(state)
        if log.pending_error is not None:
            raise log.pending_error
        return Replay(game, header, states)
    except (CompanionError, KeyboardInterrupt):
        raise
    except BaseException as exc:  # noqa: BLE001 - SystemExit too, from a plugin's rules
        plugin = plugin_of(game)
        if plugin is None:
            raise  # a bug of a built-in game: its traceback
        at = action_line(entry) if entry is not None else None
        raise _plugin_fault(plugin, PluginFault(exc), log,
                            (at.line, at.verb.column) if at is not None else None) from None


def _plugin_fault(plugin: Plugin, fault: PluginFault, log: LogFile,
                  where: tuple[int, int] | None = None) -> PluginFaultError:
    """The error of an installed game whose code failed on ``log``: at ``where`` (the
    line being replayed), else at the log's ``Game`` tag."""
    on = "on this line" if where is not None else "on this log"
    if where is None:
        tag = log.tag("game")
        where = (tag.line, tag.value_column) if tag is not None else (1, 1)
    return PluginFaultError(f"{plugin} failed {on} (a fault of that package, not of the "
                            f"log): {fault}", log.file, where[0], where[1], "plugin")


_MEANINGS: dict[tuple[Any, ...], dict[str, Any]] = {}
"""The actions of the lines read before, by game, reading function and line context
(:meth:`Game.line_context`), then by the line's text: a log writes the same few dozen
lines again and again (``move S``, ``loot``, ``enter c4``), a club's batch the same
deals. Only lines read without error. At most :data:`_CONTEXTS_MAX` contexts of
:data:`_MEANINGS_MAX` lines."""
_MEANINGS_MAX = 4096
_CONTEXTS_MAX = 64


def _meanings(game: Game, parse: Callable[[Any, ActionLine], Any],
              state: Any) -> tuple[dict[str, Any], int]:
    """The lines read before in ``game`` under ``state``'s line context (see
    :data:`_MEANINGS`), and how many lines that memory may hold: none (an empty memory
    of no room) for a game without a line context, or when there are too many contexts.
    ``parse`` is part of the key: a reading function patched in (tests) starts anew."""
    context = game.line_context(state)
    if context is None:
        return {}, 0
    key = (game.name, parse, context)
    known = _MEANINGS.get(key)
    if known is None:
        if len(_MEANINGS) >= _CONTEXTS_MAX:
            return {}, 0
        known = _MEANINGS[key] = {}
    return known, _MEANINGS_MAX


def _over(game: Game, state: Any, line: ActionLine, file: str) -> LogError:
    """The error of an action after the end of the game."""
    outcome = game.result(state).outcome
    return LogError(f"the game is over ({outcome}): no action may follow",
                    file, line.line, line.verb.column, "game-over")


def _has_outcome(state: Any) -> bool:
    """The base class's ``is_over`` without the method call: the state's outcome is set."""
    return state.outcome is not None


def _steps(game: Game) -> tuple[Callable[[Any, ActionLine], Any],
                                 Callable[[Any, Any], Any], Callable[[Any], bool]]:
    """The game's ``parse_action``, ``apply`` and ``is_over``, as the replay calls them
    for every line: the notation's and rules' own functions where the game keeps the
    base class's methods (which only call them), one call less each, and
    :func:`_has_outcome` for the base class's ``is_over`` (when the rules module has
    no ``is_over`` of its own).
    Looked up for every log (never kept: a patched rules module is seen at once)."""
    cls = type(game)
    parse = (game.notation.parse_action if cls.parse_action is Game.parse_action
             else game.parse_action)
    apply = game.rules.apply if cls.apply is Game.apply else game.apply
    over = (_has_outcome if cls.is_over is Game.is_over
            and getattr(game.rules, "is_over", None) is None else game.is_over)
    return parse, apply, over


def _seed_shown(value: str) -> str:
    """The seed of a Seed tag as the verdict shows it: normalised (from a payload too),
    or as written when it is not a valid seed."""
    try:
        return parse_payload(value).seed if is_payload(value) else normalize_seed(value)
    except (SeedError, PayloadError):
        return value


E = TypeVar("E", bound=BaseException)


def _detached(exc: E) -> E:
    """``exc`` without its traceback and context: a verdict keeps the error's words and
    position, not the frames (and the whole parsed log) it was raised in, so a batch
    of rejected logs does not pile up in memory."""
    exc.__traceback__ = None
    exc.__context__ = None
    exc.__cause__ = None
    return exc


def _claim_shown(log: LogFile) -> int | None:
    """The log's ``[Claim]`` as a number, shown even when the log turns out invalid
    (None when absent or not a whole number: the replay then says why)."""
    tag = log.tag("claim")
    if tag is None:
        return None
    try:
        return parse_claim(tag.value)
    except ValueError:
        return None


def _verdict(file: str, load: Callable[[], LogFile], check: _EnvelopeFirst,
             explain: bool = False) -> Verdict:
    """The verdict of the log ``load`` reads (with ``check`` as its header check)."""
    try:
        log = load()
    except (LogError, UnreadableLogError) as exc:
        return Verdict(file=file, error=_detached(exc))
    try:
        game = _game_named(check.name) if check.name is not None else game_of(log)
    except (LogError, UnreadableLogError) as exc:
        return Verdict(file=file, error=_detached(exc))
    except ParameterError as exc:  # an installed game that cannot be loaded
        tag = log.tag("game")
        where = (tag.line, tag.value_column) if tag is not None else (1, 1)
        return Verdict(file=file, game=check.name, error=PluginFaultError(
            str(exc), file, where[0], where[1], "plugin"))
    plugin = plugin_of(game)
    if plugin is None:
        return _judged(file, log, game, explain)
    try:  # the code of an installed game: whatever it raises is said, naming it
        return run_plugin(plugin, lambda: _judged(file, log, game, explain))
    except PluginFault as fault:
        return _invalid(file, log, game, _plugin_fault(plugin, fault, log))


def _judged(file: str, log: LogFile, game: Game, explain: bool) -> Verdict:
    """The verdict of ``log``, a log of ``game`` (see :func:`_verdict`)."""
    states: deque[Any] = deque(maxlen=1)  # the last state only (see replay_log)
    try:
        replay = replay_log(log, states, game=game)
    except (UnreadableLogError, PluginFaultError) as exc:
        return _invalid(file, log, game, _detached(exc))
    except LogError as exc:
        from companion.hints import with_hint  # only a rejected log needs it

        verdict = _invalid(file, log, game, _detached(with_hint(log, game, exc, replay_log)))
        if explain and states:
            verdict.before = game.explain(states[-1])
        return verdict
    except CompanionError as exc:  # pragma: no cover - engines raise LogError/IllegalAction
        return _invalid(file, log, game, LogError(str(exc), file, 1, 1, "internal"))
    result: Result = game.result(replay.final)
    header = replay.header
    claim = header.claim
    score = result.score
    return Verdict(file, game.name, header.seed, True, result.outcome, score, claim,
                   True if claim is None else claim == score, None, result.summary)


def _invalid(file: str, log: LogFile, game: Game,
             error: LogError | UnreadableLogError) -> Verdict:
    """The verdict of a log of ``game`` that does not replay: its seed and claim as
    written (see :func:`_seed_shown`, :func:`_claim_shown`) and ``error``."""
    seed_tag = log.tag("seed")
    return Verdict(file=file, game=game.name,
                   seed=_seed_shown(seed_tag.value) if seed_tag else None,
                   claim=_claim_shown(log), error=error)


def validate_path(path: str | Path, explain: bool = False) -> Verdict:
    """Validate a log file. Never raises for bad input: see :class:`Verdict`.
    ``explain``: keep the state before the offending line in ``Verdict.before``."""
    check = _EnvelopeFirst(str(path))
    return _verdict(str(path), lambda: read_log_file(path, check, lazy=True), check, explain)


def validate_text(text: str | bytes, file: str = "<log>", explain: bool = False) -> Verdict:
    """Validate a log given as text or bytes. Never raises for bad input.

    >>> verdict = validate_text('''[Game "scoundrel"]
    ... [Seed "K7Q2-9XMA"]
    ... room 8♦ 9♠ 5♥ 7♠
    ... fight 9♠
    ... ''')
    >>> verdict.valid, verdict.outcome, verdict.summary["health"]
    (True, 'unfinished', 11)
    >>> verdict = validate_text('[Game "scoundrel"]\\n[Seed "K7Q2-9XMA"]\\nslay 9♠\\n')
    >>> verdict.valid, verdict.exit_code, verdict.error.rule
    (False, 1, 'slay-no-weapon')
    >>> print(verdict.error)
    <log>:3:6: no weapon is equipped: 'fight 9♠' bare-handed
    """
    check = _EnvelopeFirst(file)

    def load() -> LogFile:
        s = decode_log_bytes(text, file) if isinstance(text, bytes) else text
        return parse_log(s, file, check, lazy=True)
    return _verdict(file, load, check, explain)


def replay_text(text: str, file: str = "<log>") -> Replay:
    """Replay a log given as text: every state, first to last (``Replay.states``), for
    a caller who wants the states rather than a verdict.

    Raises UnreadableLogError (not a log of a known game) or LogError at the first
    offending line, with its file, line, column and rule. (Three states here: before
    any action, after the room's line, after the weapon's.)

    >>> replay = replay_text('''[Game "scoundrel"]
    ... [Seed "K7Q2-9XMA"]
    ... room 8♦ 9♠ 5♥ 7♠
    ... equip 8♦
    ... ''')
    >>> len(replay.states), replay.final.weapon
    (3, Card(8♦))
    """
    return replay_log(parse_log(text, file))


# --------------------------------------------------------------------------- batches
@dataclass(frozen=True)
class Reported:
    """A verdict as a batch of logs reports it (``validate LOG...``): plain data, so it
    crosses from a worker process to the one printing (a :class:`Verdict` holds its
    error as an exception, which does not)."""

    json: dict[str, Any]
    """:meth:`Verdict.to_json`."""
    exit_code: int
    error_text: str | None
    """The error as the command prints it (``file:line:column: message``)."""
    rule: str | None

    @staticmethod
    def of(verdict: Verdict) -> Reported:
        """The report of ``verdict``."""
        error = verdict.error
        return Reported(verdict.to_json(), verdict.exit_code,
                        None if error is None else str(error),
                        getattr(error, "rule", None))


BATCH_CHUNK = 16
"""Logs a worker process validates per task (``validate --jobs``)."""


def validate_many(paths: Sequence[str | Path], explain: bool = False,
                  jobs: int = 1) -> Iterator[Reported]:
    """Each log's :class:`Reported` verdict, in the order given, one at a time (a
    verdict is let go once used, so memory stays flat however many logs there are).

    ``jobs`` > 1: the logs are validated by that many worker processes (started with
    ``spawn``, as on every platform), in tasks of :data:`BATCH_CHUNK` logs, at most
    four tasks per process under way; the verdicts are the same and come in the same
    order. Standard input (``-``) is read by this process, in its place.

    Raises ParameterError for ``jobs`` outside 1 to 256."""
    if not 1 <= jobs <= 256:
        raise ParameterError(f"--jobs must be from 1 to 256, not {jobs}")
    if jobs == 1 or len(paths) <= 1:
        for path in paths:
            yield Reported.of(validate_path(path, explain))
        return
    yield from _validate_in_pool([str(p) for p in paths], explain, jobs)


def _validate_chunk(paths: list[str], explain: bool) -> list[Reported]:
    """A worker's task: the verdicts of ``paths``."""
    return [Reported.of(validate_path(path, explain)) for path in paths]


def _validate_in_pool(paths: list[str], explain: bool, jobs: int) -> Iterator[Reported]:
    import multiprocessing
    from collections import deque
    from concurrent.futures import Future, ProcessPoolExecutor

    # runs of files in order; standard input stays here (a worker cannot read it)
    tasks: list[list[str]] = []
    for path in paths:
        if path == "-" or not tasks or tasks[-1] == ["-"] or len(tasks[-1]) >= BATCH_CHUNK:
            tasks.append([path])
        else:
            tasks[-1].append(path)
    ctx = multiprocessing.get_context("spawn")
    workers = min(jobs, sum(1 for t in tasks if t != ["-"]) or 1)
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        pending: deque[tuple[list[str], Future[list[Reported]] | None]] = deque()
        todo = iter(tasks)

        def fill() -> None:
            while len(pending) < 4 * workers:
                task = next(todo, None)
                if task is None:
                    return
                here = task == ["-"]
                pending.append((task, None if here else
                                pool.submit(_validate_chunk, task, explain)))

        fill()
        while pending:
            task, future = pending.popleft()
            done = (_validate_chunk(task, explain) if future is None
                    else future.result())
            fill()
            yield from done
