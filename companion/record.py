"""Log a game while it is played (issue 17): the session behind ``companion record`` and
``companion play``, free of any terminal.

A :class:`Session` holds the log being written: its header tags, the lines of every
action so far and the state after each. Whatever the player types goes through the
game's own notation and rules (``parse_action`` then ``apply``), exactly as ``companion
validate`` reads it; an action is written as the game writes it (``log_lines``, with the
checked lines a seeded deal adds) and the session's state is the one those written lines
give when replayed, so the file on disk always validates up to its last action.

Nothing here knows a game: where the table decides (a free deal's cards), the next line
is one of the game's chance outcomes (``Game.chance_outcomes``); else one of its legal
actions. The screen and the keyboard are ``companion/record_screen.py``'s.
"""

from __future__ import annotations

import datetime
import functools
import importlib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.cards import parse_card
from companion.errors import (
    EXIT_INVALID,
    CardError,
    CompanionError,
    IllegalAction,
    LogError,
    ParameterError,
    PayloadError,
)
from companion.games.base import Game, read_header
from companion.log import ActionLine, parse_log

WHOLE_LINES = 40
"""Tab offers whole lines while at most this many fit what is typed; beyond, the next
word (the cards that can still come, say)."""
EXACT = 20_000
"""Chance outcomes read one by one for completion up to this many..."""
SAMPLED = 4_000
"""...and beyond, this many drawn evenly from them."""

COMMANDS = ("undo", "help", "list", "end", "quit")
"""The session's own words (never a game's verb; ``?`` is help too)."""


class RecordError(CompanionError):
    """A session that cannot start: a log to resume that is invalid (exit 1) or
    unreadable, a deal the game does not have, an output that would overwrite another
    game's log (exit 2)."""

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code


@dataclass(frozen=True)
class Refusal(Exception):
    """Input that is not a legal next line: the validator's message and rule, and the
    column (1-based, in the typed text) it points at."""

    message: str
    rule: str
    column: int = 1

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message


@dataclass
class Entry:
    """One action as written: its log lines and the state they lead to. ``dealt``: the
    companion chose it (``play`` at a chance node), not the player."""

    lines: list[str]
    state: Any
    dealt: bool = False
    raw: bytes | None = None
    """A resumed action: its lines as the file held them, byte for byte (the comments
    and blank lines before it, and after the last action those after it)."""


class Next:
    """The next lines the game lists for a state: its legal actions, or at a chance node
    (the table decides) its outcomes, which may be far too many to make them all (a
    Shuffle and Doom room: up to 10^14): they are made one at a time when asked for."""

    def __init__(self, game: Game, state: Any) -> None:
        self.game = game
        self.chance = False
        self._items: Sequence[Any] = ()
        self._lines: dict[int, str] = {}
        self._words: tuple[list[str], dict[str, list[str]]] | None = None
        self._normalised: list[tuple[str, list[str]]] | None = None
        if not game.is_over(state):
            outcomes = game.chance_outcomes(state)
            if outcomes:
                self.chance, self._items = True, outcomes
            else:
                self._items = list(game.legal_actions(state))

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return len(self._items) > 0

    @property
    def outcomes(self) -> Sequence[tuple[Any, float]]:
        """The chance outcomes (empty where the player decides)."""
        return self._items if self.chance else ()

    def action(self, i: int) -> Any:
        """The ``i``-th action listed (at a chance node, the outcome's action)."""
        item = self._items[i]
        return item[0] if self.chance else item

    def line(self, i: int) -> str:
        """The ``i``-th line (0-based) as the log writes it."""
        if i not in self._lines:
            self._lines[i] = self.game.format_action(self.action(i))
        return self._lines[i]

    def lines(self, limit: int | None = None) -> list[str]:
        """The first ``limit`` lines (all when None)."""
        n = len(self) if limit is None else min(limit, len(self))
        return [self.line(i) for i in range(n)]

    def normalised(self) -> list[tuple[str, list[str]]]:
        """Every line with its words as completion compares them (made once)."""
        if self._normalised is None:
            self._normalised = [(line, [_norm(w) for w in line.split()])
                                for line in self.lines()]
        return self._normalised

    def words(self) -> tuple[list[str], dict[str, list[str]]]:
        """At a chance node: the verbs outcomes start with, and for each verb every word
        (card) that comes after it in some outcome: every outcome's when there are at
        most :data:`EXACT` of them, else those of :data:`SAMPLED` outcomes drawn evenly
        (a card that can come in some outcome then shows up with near certainty)."""
        if self._words is None:
            n = len(self)
            if n <= EXACT:
                picks: Sequence[int] = range(n)
            else:
                from companion.rng import stream

                rng = stream("record", "completion", n)
                picks = sorted({0, n - 1, *(rng.below(n) for _ in range(SAMPLED))})
            verbs: dict[str, dict[str, None]] = {}
            for i in picks:
                first, *rest = self.line(i).split()
                verbs.setdefault(first, {}).update(dict.fromkeys(rest))
            self._lines.clear()
            self._words = list(verbs), {v: _in_order(w) for v, w in verbs.items()}
        return self._words


def _in_order(words: Iterable[str]) -> list[str]:
    """Cards in deck order (suit by suit, as a player sorts a hand), then any other
    words as they came."""
    cards, other = [], []
    for w in words:
        try:
            cards.append((parse_card(w).sort_key(), w))
        except CardError:
            other.append(w)
    return [w for _, w in sorted(cards)] + other


def action_line(text: str) -> ActionLine:
    """``text`` as one action line of a log (comments and commas as a log reads them).
    Raises Refusal for a line with no action or with a tag."""
    if text.lstrip().startswith("["):
        raise Refusal("tags belong in the header; type an action", "notation-tag-order")
    try:
        log = parse_log(text, "<input>")
    except (LogError, CompanionError) as exc:
        raise Refusal(getattr(exc, "message", str(exc)),
                      getattr(exc, "rule", "notation")) from None
    if len(log.actions) != 1:
        raise Refusal("type one action", "notation")
    return log.actions[0]


def tag_line(name: str, value: str) -> str:
    """``[Name "value"]`` with quotes and backslashes escaped and line breaks dropped."""
    clean = " ".join(value.replace("\\", "\\\\").replace('"', '\\"').split())
    return f'[{name} "{clean}"]'


@functools.lru_cache(maxsize=4096)
def _norm(word: str) -> str:
    """A word as completion compares it: a card in its canonical spelling (``7c`` is
    ``7♣``), anything else in lower case."""
    if word[:1].isalnum() and len(word) <= 3:
        try:
            return str(parse_card(word)).lower()
        except CardError:
            pass
    return word.lower()


@dataclass
class Completion:
    """What Tab offers: ``text`` replaces the last ``replace`` characters typed."""

    text: str
    replace: int
    display: str


def complete(typed: str, listed: Next) -> list[Completion]:
    """What Tab offers after ``typed``: at a chance node with few outcomes and where the
    player decides, :func:`completions` over the listed lines; at a chance node with
    many, the verb, then the words (cards) that can still come, in any order, each
    once a line."""
    if not listed.chance or len(listed) <= WHOLE_LINES:
        return completions(typed, listed.normalised())
    verbs, after = listed.words()
    words = typed.split()
    current = "" if not typed or typed[-1].isspace() else words.pop()
    now = _norm(current) if current else ""
    if not words:
        pool = verbs
    else:
        verb = next((v for v in verbs if _norm(v) == _norm(words[0])), None)
        typed_cards = {_norm(w) for w in words[1:]}
        pool = [w for w in after.get(verb, [])
                if _norm(w) not in typed_cards] if verb is not None else []
    return [Completion(w, len(current), w) for w in pool
            if w.lower().startswith(now) or _norm(w).startswith(now)]


def completions(typed: str, lines: Sequence[str] | Sequence[tuple[str, list[str]]]
                ) -> list[Completion]:
    """What Tab offers after ``typed`` among ``lines`` (the next lines the game lists,
    or pairs of a line and its words as :func:`_norm` reads them): every whole line
    that fits what is typed while there are at most :data:`WHOLE_LINES`, else the
    words that can come next (cards written any way the notation reads them: ``7c``
    finds ``7♣``)."""
    words = typed.split()
    current = "" if not typed or typed[-1].isspace() else words.pop()
    done = [_norm(w) for w in words]
    now = _norm(current) if current else ""
    k = len(done)
    fit: list[str] = []
    for item in lines:
        line, norms = (item, [_norm(w) for w in item.split()]) if isinstance(item, str) \
            else item
        if len(norms) > k and norms[:k] == done and norms[k].startswith(now):
            fit.append(line)
    if len(fit) <= WHOLE_LINES:
        return [Completion(line, len(typed.lstrip()), line) for line in fit]
    nexts = dict.fromkeys(line.split()[k] for line in fit)
    return [Completion(w, len(current), w) for w in nexts]


def terminal_board(game: Game) -> Callable[[Any], list[str]] | None:
    """The game's terminal drawing of its board, ``board_lines(state)`` of the module
    ``terminal`` in the game's package, or None for a game without one."""
    name = f"{type(game).__module__}.terminal"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None
    board: Callable[[Any], list[str]] | None = getattr(module, "board_lines", None)
    return board


@dataclass(frozen=True)
class Choice:
    """One part of a line offered as a choice of its own: a title, and the options,
    each the word the line writes and what it is, in words."""

    title: str
    options: list[tuple[str, str]]


def line_choices(game: Game, state: Any) -> tuple[str, list[Choice]] | None:
    """Where the game offers the next line as a few small choices rather than a list
    of all their combinations (Dungeon Solitaire's draft: one card of each of nine
    sets, 19,683 lines): the verb, and one :class:`Choice` a word after it, the line
    being the verb and the words picked (``choices(state)`` of the game's
    ``terminal`` module); else None."""
    try:
        module = importlib.import_module(f"{type(game).__module__}.terminal")
    except ModuleNotFoundError:
        return None
    make = getattr(module, "choices", None)
    made = make(state) if make is not None else None
    if made is None:
        return None
    verb, parts = made
    return verb, [Choice(title, list(options)) for title, options in parts]


def board_replaces_explain(game: Game) -> bool:
    """Whether the game's board drawing shows all its ``explain`` lines say
    (``REPLACES_EXPLAIN`` of its ``terminal`` module): then the screen shows it alone."""
    try:
        module = importlib.import_module(f"{type(game).__module__}.terminal")
    except ModuleNotFoundError:
        return False
    return bool(getattr(module, "REPLACES_EXPLAIN", False))


def board_styles(game: Game) -> dict[str, str]:
    """Colours (rich styles) for characters of the game's board drawing, ``STYLES`` of
    its ``terminal`` module: a help only, never the only sign."""
    try:
        module = importlib.import_module(f"{type(game).__module__}.terminal")
    except ModuleNotFoundError:
        return {}
    styles: dict[str, str] = getattr(module, "STYLES", {})
    return styles


@dataclass
class Session:
    """A log being written while the game is played (see the module's docstring).

    ``mode``: ``record`` (the table decides chance outcomes; the player types them) or
    ``play`` (the companion deals them from the seed). ``path``: the log file, written
    after every change (:meth:`save`). ``head``: a resumed log's bytes before its first
    action, kept as they were (the header is then edited there, line by line, and the
    file is ``head``, the resumed actions' bytes and the new lines); ``eol``: the line
    ending of new lines (the resumed file's)."""

    game: Game
    tags: dict[str, str]
    start_lines: list[str]
    start_state: Any
    path: Path
    mode: str = "record"
    entries: list[Entry] = field(default_factory=list)
    finished: bool = False
    head: bytes | None = None
    eol: bytes = b"\n"
    _next: tuple[int, Next] | None = field(default=None, repr=False)

    # -- state ------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The state after the last action played."""
        return self.entries[-1].state if self.entries else self.start_state

    @property
    def seed(self) -> str | None:
        """The log's seed, None for a free deal."""
        return self.tag("seed")

    def tag(self, key: str) -> str | None:
        """The value of the header tag ``key`` (any case), or None."""
        return next((v for k, v in self.tags.items() if k.lower() == key.lower()), None)

    def _drop_claim(self) -> None:
        if self.tag("claim") is not None:
            self.set_tag("Claim", None)

    def set_tag(self, name: str, value: str | None) -> None:
        """Set the header tag ``name`` (any case) to ``value``, or drop it (None). In a
        resumed log only that tag's line changes (a new tag goes after the last one)."""
        for k in [k for k in self.tags if k.lower() == name.lower()]:
            del self.tags[k]
        if value is not None:
            self.tags[name] = value
        if self.head is not None:
            self.head = _edit_tag(self.head, name, value, self.eol)

    def result(self) -> Any:
        """The game's result in the current state."""
        return self.game.result(self.state)

    def chance(self) -> bool:
        """Whether the table decides the next line (a chance node)."""
        return self.next().chance

    def next(self) -> Next:
        """The next lines the game lists (:class:`Next`), made once per state."""
        if self._next is None or self._next[0] != id(self.state):
            self._next = (id(self.state), Next(self.game, self.state))
        return self._next[1]

    def over(self) -> bool:
        """Whether the game has ended: the rules say so, or nothing more is listed and
        the outcome is decided (a Scoundrel game through the dungeon)."""
        if self.game.is_over(self.state):
            return True
        return not self.next() and self.result().outcome != "unfinished"

    def decided(self) -> bool:
        """The outcome is settled though more may be played (``end`` stops here)."""
        return not self.over() and self.result().outcome != "unfinished"

    # -- the log ------------------------------------------------------------------------
    def lines(self) -> list[str]:
        """The log's action lines so far."""
        return [*self.start_lines, *(line for e in self.entries for line in e.lines)]

    def log_text(self) -> str:
        """The whole log as written so far: header, then action lines."""
        header = [tag_line(k, v) for k, v in self.tags.items()]
        return "\n".join([*header, *self.lines()]) + "\n"

    def log_bytes(self) -> bytes:
        """The file: :meth:`log_text`, or for a resumed log the bytes it held (but for
        an edited tag line and the actions taken back) and the new lines after them,
        in its line ending (a last line without one gets it first)."""
        if self.head is None:
            return self.log_text().encode("utf-8")
        out = bytearray(self.head)
        for entry in self.entries:
            if entry.raw is not None:
                out += entry.raw
                continue
            if out and not out.endswith(b"\n"):
                out += b"\n" if out.endswith(b"\r") else self.eol
            for line in entry.lines:
                out += line.encode("utf-8") + self.eol
        return bytes(out)

    def save(self) -> None:
        """Write the log atomically (a temporary file renamed over it). Raises
        OutputError if it cannot be written."""
        from companion.fsutil import write_atomic

        write_atomic(self.path, self.log_bytes())

    # -- input --------------------------------------------------------------------------
    def _replay(self, before: Any, lines: Sequence[str]) -> Any:
        """The state the written ``lines`` give from ``before`` (what the validator
        will compute). Raises Refusal if they do not replay."""
        state = before
        for text in lines:
            line = action_line(text)
            try:
                state = self.game.apply(state, self.game.parse_action(state, line))
            except IllegalAction as exc:
                raise self._refusal(exc, line) from None
        return state

    def _refusal(self, exc: IllegalAction, line: ActionLine) -> Refusal:
        from companion.log import action_error

        where = self.game.locate(line, exc)
        column = (where[0].column + where[1] if where is not None
                  else action_error(exc, line, "<input>").column)
        return Refusal(exc.message, exc.rule, column)

    def submit(self, text: str) -> Entry:
        """Play the line ``text`` (any spelling the notation reads): parsed, applied,
        written as the game writes it, the log saved. Raises Refusal (nothing is
        written) for a line the notation or the rules refuse, or after the end."""
        if self.over():
            outcome = self.result().outcome
            raise Refusal(f"the game is over ({outcome}): no action may follow",
                          "game-over")
        line = action_line(text)
        before = self.state
        try:
            action = self.game.parse_action(before, line)
            after = self.game.apply(before, action)
        except IllegalAction as exc:
            refusal = self._refusal(exc, line)
            if exc.rule != "notation-verb":
                raise refusal from None
            short = self.without_verb(text)
            if len(short) != 1:
                if short:
                    raise Refusal(f"{refusal.message}; did you mean "
                                  + " or ".join(repr(c) for c in short) + "?",
                                  refusal.rule, refusal.column) from None
                raise refusal from None
            return self.submit(short[0])
        return self._push(before, action, after)

    def without_verb(self, text: str) -> list[str]:
        """The listed lines (where the player decides) that ``text`` is with its verb
        left out (the short form: ``w`` for ``path W``, ``7c on 2`` for ``play 7♣ on
        2``)."""
        listed = self.next()
        if listed.chance:
            return []
        typed = [_norm(w) for w in str(action_line(text)).split()]
        return [line for line, norms in listed.normalised() if norms[1:] == typed]

    def _push(self, before: Any, action: Any, after: Any, dealt: bool = False) -> Entry:
        written = self.game.log_lines(before, action, after)
        entry = Entry(list(written), self._replay(before, written), dealt)
        self.entries.append(entry)
        self._drop_claim()
        self.finished = False
        self.save()
        return entry

    def pick(self, number: int) -> Entry:
        """Play the ``number``-th listed line (1-based). Raises Refusal."""
        listed = self.next()
        if not 1 <= number <= len(listed):
            raise Refusal(f"there is no line {number}: {len(listed)} listed", "pick")
        return self.submit(listed.line(number - 1))

    def deal(self) -> Entry:
        """At a chance node in ``play``: the companion deals, drawing the outcome with
        its probability from the seed (the same deal for the same seed and
        position)."""
        from companion.chance import sample
        from companion.rng import stream

        rng = stream(self.seed or "", self.game.name, "play", len(self.entries))
        action = sample(self.next().outcomes, rng)
        before = self.state
        return self._push(before, action, self.game.apply(before, action), dealt=True)

    def undo(self) -> list[Entry]:
        """Take back the last action (in ``play``, with the deal the companion made
        after it); the log is saved. Returns what was taken back (empty at the
        start)."""
        taken: list[Entry] = []
        while self.entries:
            entry = self.entries.pop()
            taken.insert(0, entry)
            if not entry.dealt:
                break
        if taken:
            self._drop_claim()
            self.finished = False
            self.save()
        return taken

    def finish(self) -> Any:
        """The game is over (or decided and ended): the claim is written. Returns the
        result."""
        result = self.result()
        claim = str(result.score) if result.score is not None else None
        if self.tag("claim") != claim:
            self.set_tag("Claim", claim)
        self.finished = True
        self.save()
        return result


# ---------------------------------------------------------------------------- start
def default_path(game: Game, seed: str | None, when: datetime.datetime | None = None,
                 folder: Path = Path("output")) -> Path:
    """``output/GAME-SEED-YYYYMMDD-HHMM.log`` (``free`` for a free deal), with ``-2``,
    ``-3``... while such a file exists."""
    now = when or datetime.datetime.now()
    stem = f"{game.name}-{seed or 'free'}-{now:%Y%m%d-%H%M}"
    path = folder / f"{stem}.log"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.log"
        n += 1
    return path


def new_tags(game: Game, seed: str | None, params: Mapping[str, int],
             variants: Sequence[str], deal_tags: Mapping[str, str], player: str | None,
             today: datetime.date | None = None) -> dict[str, str]:
    """The header of a new log: as ``companion/simulate.py`` writes it (game, seed,
    parameters, variants), the free deal's tags, then player and date."""
    tags = {"Game": game.name}
    if seed is not None:
        tags["Seed"] = seed
    for p in game.params:
        tags[p.tag] = str(params.get(p.name, p.default))
    if variants:
        tags["Variant"] = ", ".join(variants)
    tags.update(deal_tags)
    if player:
        tags["Player"] = player
    tags["Date"] = (today or datetime.date.today()).isoformat()
    return tags


def header_state(game: Game, tags: Mapping[str, str]) -> Any:
    """The state before the first action of a log with these tags. Raises LogError
    (the validator's message) if the header is refused."""
    text = "".join(tag_line(k, v) + "\n" for k, v in tags.items())
    header = read_header(parse_log(text, "<header>"), game)
    return game.new_state(header)


def free_deal_needs(game: Game, params: Mapping[str, int],
                    variants: Sequence[str]) -> list[str]:
    """The header tags a free deal of the game starts from (Shuffle and Doom's map
    stacks), empty when it starts from nothing. Raises RecordError for a game with no
    free deal (its boards are seeded)."""
    try:
        game.initial_state(None, params, variants)
        return []
    except (ParameterError, PayloadError) as exc:
        reason = str(exc)
    if game.seeded_only:
        raise RecordError(f"{game.name} is always seeded ({reason}): give the seed "
                          "printed on your sheets with --seed")
    names = list(game.free_deal_tags("FREE", game.check_params(dict(params))))
    if not names:
        raise RecordError(f"{game.name}: {reason}")
    return names


def start(game: Game, path: Path, mode: str, seed: str | None, params: Mapping[str, int],
          variants: Sequence[str], player: str | None,
          deal_tags: Mapping[str, str] | None = None) -> Session:
    """A new session (its log written at once). ``deal_tags``: a free deal's header
    tags (:func:`free_deal_needs`). Raises LogError if the game refuses them."""
    tags = new_tags(game, seed, params, variants, deal_tags or {}, player)
    state = header_state(game, tags)
    session = Session(game, tags, [], state, path, mode)
    opening = game.opening_lines(state)
    session.start_lines = list(opening)
    session.start_state = session._replay(state, opening)
    session.save()
    return session


def _split_lines(data: bytes) -> list[bytes]:
    """``data`` cut after each LF (a lone CR is no line end, as logs are read)."""
    pieces = data.split(b"\n")
    return [p + b"\n" for p in pieces[:-1]] + ([pieces[-1]] if pieces[-1] else [])


def _shown_line(raw: bytes) -> str:
    text = raw.decode("utf-8", "replace").removeprefix("\ufeff")
    text = text[:-1] if text.endswith("\n") else text
    return text[:-1] if text.endswith("\r") else text


_TAG_PAIR = re.compile(r'\[\s*[A-Za-z][A-Za-z0-9_-]*\s*"(?:[^"\\]|\\.)*"\s*\]')


def _edit_tag(head: bytes, name: str, value: str | None, eol: bytes) -> bytes:
    """``head`` (a log's bytes before its first action) with the tag ``name`` set to
    ``value`` or dropped (None): only that tag's text changes (a line left blank by a
    drop goes); a new tag is a line of its own after the last tag."""
    lines = _split_lines(head)
    tags = parse_log(head.decode("utf-8"), "<header>").tags
    new = tag_line(name, value).encode("utf-8") if value is not None else b""
    tag = tags.get(name.lower())
    if tag is not None:
        line = lines[tag.line - 1]
        text = line.decode("utf-8")
        start = len(text[:tag.column - 1].encode("utf-8"))
        found = _TAG_PAIR.match(text, tag.column - 1)
        end = len(text[:found.end()].encode("utf-8")) if found else len(line.rstrip(b"\r\n"))
        edited = line[:start] + new + line[end:]
        if edited.strip() or not line.strip():
            lines[tag.line - 1] = edited
        else:
            del lines[tag.line - 1]
    elif value is not None:
        last = max((t.line for t in tags.values()), default=0)
        if last and not lines[last - 1].endswith(b"\n"):
            lines[last - 1] += b"\n" if lines[last - 1].endswith(b"\r") else eol
        lines.insert(last, new + eol)
    return b"".join(lines)


def resume(path: Path, out: Path | None, mode: str, player: str | None) -> Session:
    """A session continuing the log at ``path`` (written to ``out``, default ``path``):
    validated first, then replayed line by line. The file is only ever added to: its
    bytes are kept as they are (comments, line endings, a BOM...) and new lines come
    after them in its line ending; nothing is written until the player acts (but to
    a new ``out``, and for a ``player`` the log does not name). Raises RecordError with
    the validator's message for a log that is invalid (exit 1) or unreadable (exit 2),
    or, in ``play``, one without a seed."""
    from companion.fsutil import read_bounded
    from companion.log import MAX_LOG_BYTES, decode_log_bytes
    from companion.replay import replay_log, validate_path, validate_text

    try:
        data = read_bounded(path, MAX_LOG_BYTES)
        verdict = validate_text(data, str(path))
    except OSError:
        verdict = validate_path(path)  # says why it cannot be read
    if verdict.error is not None:
        raise RecordError(f"cannot resume: {verdict.error}"
                          + (f" ({verdict.error.rule})" if isinstance(verdict.error, LogError)
                             else ""), verdict.exit_code)
    log = parse_log(decode_log_bytes(data, str(path)), str(path))
    replay = replay_log(log)
    game = replay.game
    if mode == "play" and replay.header.seed is None:
        raise RecordError(f"{path}: a free deal (no seed): continue it with "
                          "'companion record --resume'", EXIT_INVALID)
    tags = {t.name: t.value for t in log.tags.values()}
    raw = _split_lines(data)
    newline = data.find(b"\n")
    eol = b"\r\n" if newline > 0 and data[newline - 1:newline] == b"\r" else b"\n"
    previous = log.actions[0].line - 1 if log.actions else len(raw)
    session = Session(game, tags, [], replay.states[0], out or path, mode,
                      head=b"".join(raw[:previous]), eol=eol)
    for k, action in enumerate(log.actions):
        upto = len(raw) if k == len(log.actions) - 1 else action.line
        piece = raw[previous:upto]
        shown = [_shown_line(r) for r in piece]
        while len(shown) > 1 and not shown[-1].strip():
            shown.pop()
        session.entries.append(Entry(shown, replay.states[k + 1], raw=b"".join(piece)))
        previous = upto
    claim = session.tag("claim")
    if claim is not None and (session.over() or session.decided()):
        session.finished = True  # the claim validated: the game was ended
    elif claim is not None:
        session.set_tag("Claim", None)  # cannot happen in a valid log; never kept wrong
    if player and session.tag("player") != player:
        session.set_tag("Player", player)
    if (out is not None and not (out.exists() and out.samefile(path))) \
            or session.log_bytes() != data:
        session.save()
    return session
