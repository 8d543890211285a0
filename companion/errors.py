"""Typed errors. Every error a user can cause subclasses :class:`CompanionError`
(itself a :class:`ValueError`), so the command line can turn any of them into one clear
message and the documented exit code, never a traceback.

Exit codes (``docs/command-line.md``): 1 for an invalid log or a claim that does not match,
2 for usage errors and unreadable input.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.text import shown_text

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2


class CompanionError(ValueError):
    """Base of every error caused by user input. ``exit_code`` is the documented code."""

    exit_code: int = EXIT_USAGE


class SeedError(CompanionError):
    """A seed string that is not letters, digits and dashes (1 to 32 characters)."""


class PayloadError(CompanionError):
    """A QR payload that is malformed, from another version, or for another game."""


class ParameterError(CompanionError):
    """A game parameter out of range or of the wrong kind (e.g. ``--size 40``)."""


class ClusterError(CompanionError):
    """A Dask cluster (``stats --scheduler``) that cannot be reached, is not a Dask
    scheduler, or fails mid-run: no answer in time, the scheduler gone, no worker
    left running. Exit code 2."""


class CardError(CompanionError):
    """A card token that names no card (``1♠``, ``ZZ``)."""


class LayoutError(CompanionError):
    """A layout TOML file that is missing, malformed or physically impossible."""


class ScanError(CompanionError):
    """An image or PDF that cannot be read, or in which no QR code was found."""


class MarkSheetError(ScanError):
    """A mark sheet that cannot be read (``companion read``, exit 2): no sheet in a photo,
    a page missing or of another deal, a sheet that is no mark sheet."""


class UnreadableLogError(CompanionError):
    """A file that is not a log in this notation at all: missing, not UTF-8, binary,
    empty, or without a ``Game`` tag naming a known game. Exit code 2."""

    def __init__(self, message: str, file: str = "", line: int | None = None,
                 column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column

    def __str__(self) -> str:
        return format_position(self.file, self.line, self.column, self.message)


@dataclass(frozen=True)
class Position:
    """Where a token stands in a log file: 1-based line and column (in characters)."""

    line: int
    column: int


class IllegalAction(CompanionError):
    """An action the rules do not allow in the current state.

    Raised by the game engines, which know nothing of files: ``rule`` is a short
    identifier of the broken rule (``disarm-intelligence``), ``arg`` the index of the
    argument at fault (``None``: the verb itself) and ``offset`` the character within
    it. An action made of steps (a path) names the part at fault with ``step``, the
    index of the step in the action (a path's third letter is step 2): the rules say
    which part is wrong, the game's notation finds where that step was written (its
    ``locate``). The replay loop adds the position; :meth:`Game.parse
    <companion.games.base.Game.parse>` sets ``column`` (1-based, in the line it read).
    """

    exit_code = EXIT_INVALID

    def __init__(self, message: str, rule: str, arg: int | None = None,
                 offset: int = 0, *, step: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.arg = arg
        self.offset = offset  # characters into the argument
        self.step = step  # the step of the action at fault, for the notation to place
        self.column: int | None = None  # where in a line Game.parse read (else None)


class NotationError(IllegalAction):
    """An action line that does not parse: unknown verb, bad card, cell or count."""


class LogError(CompanionError):
    """The first offending line of a log: ``FILE:LINE:COLUMN: message`` and the rule."""

    exit_code = EXIT_INVALID

    def __init__(self, message: str, file: str, line: int, column: int,
                 rule: str = "notation") -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.rule = rule

    def __str__(self) -> str:
        return format_position(self.file, self.line, self.column, self.message)


class BadSeedInLogError(LogError):
    """A log's ``[Seed]`` tag holds a bad seed or payload: reported at the tag like any
    log error, but a usage error (exit 2), as docs/command-line.md (Exit codes) says."""

    exit_code = EXIT_USAGE


class UnknownEditionInLogError(LogError):
    """A log names (in ``[Edition]`` or its ``[Seed]`` payload) a rules edition this
    build does not know: reported at the tag, a usage error (exit 2) like a bad
    payload, since no rules exist here to replay it under."""

    exit_code = EXIT_USAGE


class PluginFaultError(LogError):
    """The code of an installed game (a plugin) failed on a log: it raised what the game
    API does not let it raise. Reported at the line being replayed, naming the package;
    a usage error (exit 2), like an unreadable file: the log is not judged."""

    exit_code = EXIT_USAGE


def format_position(file: str, line: int | None, column: int | None, message: str) -> str:
    """``FILE:LINE:COLUMN: message``, leaving out the parts that are not known; the
    file name as the terminal may show it (:func:`companion.text.shown_text`)."""
    parts = [p for p in (shown_text(file) if file else file, line, column)
             if p not in (None, "")]
    prefix = ":".join(str(p) for p in parts)
    return f"{prefix}: {message}" if prefix else message
