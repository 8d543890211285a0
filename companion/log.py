"""The log envelope (``notation.md``): tag pairs, comments, one action per line.

The parser knows nothing of any game. It turns text into :class:`Tag` and
:class:`ActionLine` values whose every token carries its 1-based line and column (in
characters; a leading byte-order mark is not counted), so that any later error can
point at the exact place. Parsing is tolerant where a player's typing varies (case,
extra spaces, commas between cards, typographic quotes around tag values) and strict
where meaning would be lost.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, overload

from companion.errors import IllegalAction, LogError, UnreadableLogError

if TYPE_CHECKING:
    from companion.games.base import Game

MAX_LOG_BYTES = 2_000_000
MAX_LINE_CHARS = 2_000
MAX_ACTIONS = 100_000

_TAG_NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_OPEN_QUOTES = {'"': '"', "\u201c": "\u201d", "\u201e": "\u201d"}
_SEPARATORS = re.compile(r"[^\s,]+")
_ONE_TAG = re.compile(r'\s*(\[)\s*([A-Za-z][A-Za-z0-9_-]*)\s*"([^"\\]*)"\s*\]\s*')
"""A line of one plain tag pair (no escape in the value): read at once; any other tag
line is read character by character (:func:`_parse_tags`)."""


class Token(NamedTuple):
    """One word of an action line and where it stands. (A named tuple: a log makes one
    for every word it reads, and a tuple is the cheapest immutable value to make.)"""

    text: str
    line: int
    column: int

    @property
    def lower(self) -> str:
        """The word in lower case."""
        return self.text.lower()


@dataclass(frozen=True)
class Tag:
    """A tag pair ``[Name "value"]``. ``key`` is the lower-case name."""

    name: str
    value: str
    line: int
    column: int
    value_column: int

    @property
    def key(self) -> str:
        """The tag's name in lower case, as tags are looked up."""
        return self.name.lower()


class ActionLine(NamedTuple):
    """One action line: its words and where they stand. Its :class:`Token` values (the
    verb and the arguments) are made only when asked for: a log reads thousands of
    lines whose tokens only an error needs.

    ``text`` is the line's words one space apart (what the line means: two lines of
    the same text read the same); ``line`` its 1-based line number; ``columns`` the
    column of each word, or None when the words stand one space apart from column 1
    (as logs are written). Made from tokens with :meth:`of`."""

    text: str
    line: int
    columns: tuple[int, ...] | None = None

    @classmethod
    def of(cls, verb: Token, args: Sequence[Token] = ()) -> ActionLine:
        """The line of these tokens (all on ``verb``'s line)."""
        tokens = (verb, *args)
        return cls(" ".join([t.text for t in tokens]), verb.line,
                   tuple([t.column for t in tokens]))

    @property
    def verb(self) -> Token:
        """The first word."""
        text, line, columns = self
        return Token(text.split(" ", 1)[0], line, 1 if columns is None else columns[0])

    @property
    def args(self) -> tuple[Token, ...]:
        """The words after the verb."""
        text, line, columns = self
        words = text.split(" ")
        if columns is None:
            args = []
            column = len(words[0]) + 2
            for word in words[1:]:
                args.append(Token(word, line, column))
                column += len(word) + 1
            return tuple(args)
        return tuple([Token(w, line, c) for w, c in zip(words[1:], columns[1:], strict=True)])

    @property
    def name(self) -> str:
        """The verb in lower case."""
        return self.text.split(" ", 1)[0].lower()

    def __str__(self) -> str:
        return self.text


Entry = ActionLine | tuple[str, int]
"""An action as :meth:`LazyActions.entries` gives it: an :class:`ActionLine`, or for a
line as logs are written (words one space apart from column 1) the pair (text, line)
that stands for ``ActionLine(text, line)`` (:func:`action_line` makes it). Both are
tuples whose first item is the line's text and second its number."""


def action_line(entry: Entry) -> ActionLine:
    """The action line an entry stands for (see :data:`Entry`)."""
    if type(entry) is tuple:
        return _tuple_new(ActionLine, (entry[0], entry[1], None))  # ActionLine(text, line)
    line: ActionLine = entry  # type: ignore[assignment]
    return line


class LazyActions(Sequence[ActionLine]):
    """The actions of a log, read from its lines only as far as they are asked for:
    a replay that stops at an illegal action on line 4 never reads line 5 of a
    100,000-line file. A malformed line ends them; it is kept in ``error`` (reported
    after the actions before it, like :attr:`LogFile.error`)."""

    def __init__(self, lines: list[str], start: int, file: str, tags: dict[str, Tag],
                 first: ActionLine) -> None:
        self._lines = lines
        self._next = start  # index of the next line to read
        self._file = file
        self._tags = tags
        self._items: list[Entry] = [first]  # as read (see entries())
        self._done = False
        self.error: LogError | None = None

    def _more(self) -> bool:
        """Read up to the next action; False when there is none (or a malformed line)."""
        for _ in self.entries(start=len(self._items)):
            return True  # read and kept in _items
        return False

    def __iter__(self) -> Iterator[ActionLine]:
        """The actions, read as they are asked for (see :meth:`entries`)."""
        for entry in self.entries():
            yield action_line(entry)

    def entries(self, known: Container[str] = (), start: int = 0) -> Iterator[Entry]:
        """The actions, read as they are asked for, as entries (:data:`Entry`): a line
        as logs are written (words one space apart, no comment, comma or tag) is read
        here at once and comes as its (text, line) pair; any other goes through
        :func:`_read_line`. ``known``: texts of action lines read before (the replay's):
        words one space apart, so a line of one of them is read at once too (unless it
        starts with ``[``: a line like ``,[x`` reads as the action ``[x``, a line
        ``[x`` as a tag).
        Several iterations may run at once: one that finds lines read by another
        meanwhile takes their entries from ``_items``. ``start``: the first entry
        given (the entries before it are skipped)."""
        items = self._items
        i = start
        while True:
            while i < len(items):
                yield items[i]
                i += 1
            if self._done:
                return
            lines = self._lines
            end = len(lines)
            k = self._next
            while k < end:
                raw = lines[k]
                k += 1
                entry: Entry
                if (raw in known and raw[0] != "[") or (
                        len(raw) <= MAX_LINE_CHARS and raw.isprintable() and "  " not in raw
                        and raw[:1] not in " [" and raw[-1] != " " and "#" not in raw
                        and "," not in raw):
                    entry = (raw, k)
                else:
                    try:
                        found = _read_line(raw, k, self._file, self._tags, True)
                    except LogError as exc:
                        self._next = k
                        self.error = exc
                        self._done = True
                        return
                    if found is None:
                        continue
                    entry = found
                if len(items) >= MAX_ACTIONS:
                    self._next = k
                    raise LogError(f"more than {MAX_ACTIONS:,} actions: log refused",
                                   self._file, k, 1)
                items.append(entry)
                self._next = k
                i += 1
                yield entry
                if self._next != k:
                    break  # another iteration read on meanwhile: take its entries
            else:
                self._next = k
                self._done = True

    def __bool__(self) -> bool:
        return True  # a lazy log has its first action (it is made at the first one)

    def __len__(self) -> int:
        while self._more():
            pass
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> ActionLine: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[ActionLine]: ...

    def __getitem__(self, index: int | slice) -> ActionLine | Sequence[ActionLine]:
        if isinstance(index, slice) or index < 0:
            len(self)
        else:
            while index >= len(self._items) and self._more():
                pass
        if isinstance(index, slice):
            return [action_line(entry) for entry in self._items[index]]
        return action_line(self._items[index])


@dataclass(frozen=True)
class LogFile:
    """A parsed log: its tags (by lower-case name) and its actions, in order."""

    file: str
    tags: dict[str, Tag]
    actions: Sequence[ActionLine]
    end_line: int
    # a malformed line after the first action: ``actions`` stop before it, and the
    # replay reports it only after them (an illegal action on an earlier line comes first)
    error: LogError | None = None

    @property
    def pending_error(self) -> LogError | None:
        """The malformed line that ends the actions, if any (of a lazy parse too)."""
        return self.error or getattr(self.actions, "error", None)

    def entries(self, known: Container[str] = ()) -> Iterator[Entry]:
        """The actions as entries (:data:`Entry`), read as they are asked for when the
        log is lazy (:meth:`LazyActions.entries`, ``known`` as there)."""
        actions = self.actions
        if isinstance(actions, LazyActions):
            return actions.entries(known)
        return iter(actions)

    def tag(self, key: str) -> Tag | None:
        """The tag named ``key`` (any case), or None."""
        return self.tags.get(key.lower())

    @property
    def header_end(self) -> int:
        """The line where the header is over: the first action's, or the end of the file
        if there is none. A missing tag is reported here, where the reader notices it is
        missing (never on an earlier line than the one whose removal caused it)."""
        return self.actions[0].line if self.actions else max(1, self.end_line)

    def value(self, key: str, default: str | None = None) -> str | None:
        """The value of tag ``key``, or ``default``."""
        t = self.tag(key)
        return t.value if t is not None else default


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number written with the digits 0-9 (``str.isdigit``
    also accepts superscripts and other scripts' digits, which ``int`` may refuse)."""
    return text.isascii() and text.isdigit()


def decode_log_bytes(data: bytes, file: str) -> str:
    """Bytes to text: UTF-8, BOM removed.

    Raises UnreadableLogError if the data is too large, binary (holds a NUL byte), or not
    UTF-8 (the message gives the line of the first bad byte).
    """
    if len(data) > MAX_LOG_BYTES:
        raise UnreadableLogError(
            f"log is {len(data):,} bytes; logs over {MAX_LOG_BYTES:,} bytes are refused", file
        )
    if b"\x00" in data:
        raise UnreadableLogError("binary file (it holds NUL bytes), not a text log", file)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise UnreadableLogError(
            f"not UTF-8 text (byte 0x{data[exc.start]:02x}); save the log as UTF-8",
            file, line,
        ) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text


def read_log_file(path: str | Path,
                  check_header: Callable[[dict[str, Tag], int], None] | None = None,
                  lazy: bool = False) -> LogFile:
    """Read and parse a log file (``-``: standard input). At most MAX_LOG_BYTES + 1
    bytes are read whatever the file is (a device or pipe that never ends included);
    ``check_header`` as for :func:`parse_log`.

    Raises UnreadableLogError or LogError."""
    from companion.fsutil import TooLargeError, read_bounded

    name = str(path)
    try:
        data = read_bounded(path, MAX_LOG_BYTES)
    except TooLargeError:
        raise UnreadableLogError(
            f"log too long: logs over {MAX_LOG_BYTES:,} bytes are refused", name
        ) from None
    except FileNotFoundError:
        raise UnreadableLogError("no such file", name) from None
    except IsADirectoryError:
        raise UnreadableLogError("is a folder, not a log file", name) from None
    except PermissionError:
        raise UnreadableLogError("permission denied", name) from None
    except OSError as exc:
        raise UnreadableLogError(f"cannot read: {exc.strerror or exc}", name) from None
    return parse_log(decode_log_bytes(data, name), name, check_header, lazy)


def _strip_comment(line: str) -> str:
    """The line without its ``#`` comment; a ``#`` inside a quoted tag value is kept."""
    quote_close: str | None = None
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if quote_close is not None:
            if ch == "\\" and quote_close == '"':
                i += 1  # skip the escaped character
            elif ch == quote_close:
                quote_close = None
        elif ch in _OPEN_QUOTES:
            quote_close = _OPEN_QUOTES[ch]
        elif ch == "#":
            return line[:i]
        i += 1
    return line


def _parse_tags(body: str, lineno: int, file: str) -> list[Tag]:
    """All ``[Name "value"]`` pairs of one line (columns 1-based).

    Raises LogError on anything that is not a well-formed tag pair.
    """
    tags: list[Tag] = []
    i, n = 0, len(body)
    while True:
        while i < n and body[i].isspace():
            i += 1
        if i >= n:
            return tags
        if body[i] != "[":
            raise LogError(
                "text after a tag pair on the same line: put each action on a line of its own",
                file, lineno, i + 1,
            )
        start = i
        i += 1
        while i < n and body[i].isspace():
            i += 1
        m = _TAG_NAME_RE.match(body, i)
        if not m:
            raise LogError('malformed tag: expected [Name "value"]', file, lineno, i + 1)
        name = m.group(0)
        i = m.end()
        while i < n and body[i].isspace():
            i += 1
        if i >= n or body[i] not in _OPEN_QUOTES:
            raise LogError(
                f'malformed tag {name}: the value must be in double quotes, like [{name} "7"]',
                file, lineno, i + 1,
            )
        close = _OPEN_QUOTES[body[i]]
        value_col = i + 2
        i += 1
        chars: list[str] = []
        while i < n and body[i] != close:
            if body[i] == "\\" and close == '"' and i + 1 < n and body[i + 1] in '"\\':
                i += 1
            chars.append(body[i])
            i += 1
        if i >= n:
            raise LogError(f"malformed tag {name}: the value has no closing quote",
                           file, lineno, value_col - 1)
        i += 1
        while i < n and body[i].isspace():
            i += 1
        if i >= n or body[i] != "]":
            raise LogError(f"malformed tag {name}: missing ']'", file, lineno, min(i, n) + 1)
        i += 1
        tags.append(Tag(name, "".join(chars).strip(), lineno, start + 1, value_col))


def parse_log(text: str, file: str = "<log>",
              check_header: Callable[[dict[str, Tag], int], None] | None = None,
              lazy: bool = False) -> LogFile:
    """Parse the envelope of a log.

    ``check_header(tags, line)`` is called once the header is over (at the first
    action's line, or at the end of a log without actions), before the rest of the
    file is read: what it raises stops the parse there, so a file that is no log of a
    known game is refused without reading it all.

    Raises UnreadableLogError for an empty log (no tag and no action), LogError for too
    many actions, and LogError, at its position, for a malformed or repeated tag or an
    over-long line in the header. The same faults after the first action (a tag there
    included) are kept in ``LogFile.error`` with the actions before them: the replay
    reports the first offending line, which may be an illegal action before it.

    ``lazy``: the actions after the first are read only as the replay asks for them
    (:class:`LazyActions`); too many actions or a malformed line then surface there.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    tags: dict[str, Tag] = {}
    actions: list[ActionLine] = []
    deferred: LogError | None = None
    lines = text.split("\n")
    end = len(lines)
    first = 0  # the index of the first line not read yet
    # the header as logs are written: one plain tag pair a line, read at once
    while first < end:
        raw = lines[first]
        plain = _PLAIN_TAG.fullmatch(raw) if len(raw) <= MAX_LINE_CHARS else None
        if plain is None:
            break
        name, value = plain.groups()
        key = name.lower()
        if key in tags:
            break  # repeated: _read_line says so
        first += 1
        tags[key] = _tag(name, value.strip(), first, 1, len(name) + 4)
    for lineno in range(first + 1, end + 1):
        raw = lines[lineno - 1]
        try:
            action = _read_line(raw, lineno, file, tags, bool(actions))
        except LogError as exc:
            if not actions:
                raise
            deferred = exc
            break
        if action is None:
            continue
        if not actions and check_header is not None:
            check_header(tags, lineno)
        if lazy:
            return _log_file(file, tags, LazyActions(lines, lineno, file, tags, action), end,
                             None)
        if len(actions) >= MAX_ACTIONS:
            raise LogError(f"more than {MAX_ACTIONS:,} actions: log refused", file, lineno, 1)
        actions.append(action)
    if not tags and not actions:
        raise UnreadableLogError("empty log: no tags and no actions", file)
    if not actions and check_header is not None:
        check_header(tags, max(1, end))
    return _log_file(file, tags, tuple(actions), end, deferred)


_PLAIN_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_-]*) "([^"\\#\r]*)"\]')
"""A tag line as logs are written: ``[Name "value"]``, one space, nothing else (no
comment, escape or carriage return); the tag starts in column 1, its value in column
``len(Name) + 4``."""

_new_object = object.__new__
_set_attribute = object.__setattr__


def _tag(name: str, value: str, line: int, column: int, value_column: int) -> Tag:
    """``Tag(name, value, line, column, value_column)``, made without the frozen
    dataclass's ``__init__`` (one ``object.__setattr__`` per field): the same value."""
    tag = _new_object(Tag)
    _set_attribute(tag, "__dict__", {"name": name, "value": value, "line": line,
                                     "column": column, "value_column": value_column})
    tag_value: Tag = tag
    return tag_value


def _log_file(file: str, tags: dict[str, Tag], actions: Sequence[ActionLine],
              end_line: int, error: LogError | None) -> LogFile:
    """``LogFile(file, tags, actions, end_line, error)``, made as :func:`_tag` makes a
    tag."""
    log = _new_object(LogFile)
    _set_attribute(log, "__dict__", {"file": file, "tags": tags, "actions": actions,
                                     "end_line": end_line, "error": error})
    log_file: LogFile = log
    return log_file


def _read_line(raw: str, lineno: int, file: str, tags: dict[str, Tag],
               in_body: bool) -> ActionLine | None:
    """One line of a log: its tags go into ``tags``; returns its action, if any.

    Raises LogError for an over-long line, a malformed or repeated tag, or a tag after
    the first action (``in_body``)."""
    line = raw[:-1] if raw[-1:] == "\r" else raw
    if len(line) > MAX_LINE_CHARS:
        raise LogError(f"line is {len(line):,} characters long; at most {MAX_LINE_CHARS:,}",
                       file, lineno, 1)
    if "[" in line and line.lstrip().startswith("["):
        plain = _ONE_TAG.fullmatch(line) if "#" not in line else None
        if plain is not None:
            pairs = [_tag(plain.group(2), plain.group(3).strip(), lineno, plain.start(1) + 1,
                          plain.start(3) + 1)]
        else:
            pairs = _parse_tags(_strip_comment(line), lineno, file)
        _add_tags(pairs, lineno, file, tags, in_body)
        return None
    body = line.split("#", 1)[0] if "#" in line else line
    words = body.split()
    if not words:
        return None
    if "," not in body and " ".join(words) == body:
        return _tuple_new(ActionLine, (body, lineno, None))  # ActionLine(body, lineno)
    found = list(_SEPARATORS.finditer(body))
    if not found:
        return None  # a line of commas only
    return ActionLine(" ".join([m.group() for m in found]), lineno,
                      tuple([m.start() + 1 for m in found]))


def read_action_line(text: str) -> ActionLine:
    """``text`` as one action line (line 1), read as a log reads it: a ``#`` comment
    left out, commas and spaces between words, each word's column kept.

    Raises NotationError (rule ``notation``, its ``column`` set) for text with no
    action, a tag, more than one line, or over :data:`MAX_LINE_CHARS` characters."""
    from companion.errors import NotationError

    def refused(message: str, column: int = 1) -> NotationError:
        error = NotationError(message, "notation", offset=column - 1)
        error.column = column
        return error

    line = text.rstrip("\r\n")
    if "\n" in line:
        raise refused("one action line only, not several", line.index("\n") + 1)
    if line.lstrip().startswith("["):
        raise refused("a tag, not an action: tags belong in a log's header",
                      len(line) - len(line.lstrip()) + 1)
    try:
        action = _read_line(line, 1, "<text>", {}, True) if line else None
    except LogError as exc:
        raise refused(exc.message, exc.column) from None
    if action is None:
        raise refused("no action: the line is empty")
    return action


_tuple_new: Any = tuple.__new__
"""``_tuple_new(ActionLine, (text, line, None))`` makes an action line as
``ActionLine(text, line)`` does, without the call's argument handling (a log makes one
per line)."""


def _add_tags(found: list[Tag], lineno: int, file: str, tags: dict[str, Tag],
              in_body: bool) -> None:
    """The tags ``found`` on a line go into ``tags`` (see :func:`_read_line`)."""
    if in_body:
        raise LogError("tags come before the first action", file, lineno,
                       found[0].column, "notation-tag-order")
    for tag in found:
        if tag.key in tags:
            first = tags[tag.key]
            raise LogError(f"tag {tag.name} repeated (first on line {first.line})",
                           file, lineno, tag.column, "notation-tag-repeated")
        tags[tag.key] = tag


def action_error(exc: IllegalAction, line: ActionLine, file: str,
                 game: Game | None = None) -> LogError:
    """Place an engine error on the token it concerns.

    The rules name the part at fault, never a column: the argument (``exc.arg``;
    ``None``: the verb) or, for an action made of steps, the step (``exc.step``), which
    the game places with its :meth:`~companion.games.base.Game.locate` (the word
    holding the step and the character within it)."""
    where = game.locate(line, exc) if game is not None else None
    if where is not None:
        token, offset = where
        return LogError(exc.message, file, token.line, token.column + offset, exc.rule)
    token = line.verb
    offset = exc.offset  # within the verb's word when no argument is named
    if exc.arg is not None:
        offset = 0
        if 0 <= exc.arg < len(line.args):
            token = line.args[exc.arg]
            offset = exc.offset
        elif line.args:
            token = line.args[-1]
    return LogError(exc.message, file, token.line, token.column + offset, exc.rule)
