"""The terminal side of ``companion record`` and ``companion play``: one screen per turn
(the state as the game explains it, its board where it draws one, the legal lines) and a
prompt with Tab completion over them.

Three ways in, chosen from the terminal: a screen redrawn each turn with prompt_toolkit's
prompt (a terminal that can take it); the same screen without clearing, read with plain
``input()`` (``TERM=dumb``); and, when standard input or output is not a terminal, a
transcript: lines are read from standard input one by one (``printf 'draw\\n' |
companion play ...``), echoed with what became of them. rich draws the screen; colour
is only a help (``NO_COLOR`` and dumb terminals get none). Both libraries are imported
here only, by those two commands.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from companion.cli_app import _clip
from companion.log import MAX_LINE_CHARS, MAX_LOG_BYTES
from companion.record import (
    Choice,
    Refusal,
    Session,
    board_replaces_explain,
    board_styles,
    complete,
    line_choices,
    terminal_board,
)
from companion.text import counted, shown_text

SHOWN = 9
"""Legal lines listed on the screen (``list`` shows them all)..."""
LIST_MAX = 500
"""...up to this many."""

HELP = [
    "Type the next line as a log writes it (cards any way the notation reads them: 7c, "
    "7♣, T♣); Tab completes it from the lines the rules allow, Tab Tab lists them.",
    "A number plays that listed line; Enter alone plays the only legal line.",
    "list: every legal line, numbered.  undo: take back the last action.",
    "Where a line is offered as a few choices (Dungeon Solitaire's draft: one card of "
    "each set), a number or the card's id picks each; undo goes back one.",
    "end: stop a game whose outcome is decided and claim its score.",
    "quit (or Ctrl-D, Ctrl-C): stop here; the log on disk is complete up to the last "
    "action.",
]


class Quit(Exception):
    """The player stops (``quit``, end of input, Ctrl-C)."""


class Unreadable(Quit):
    """Standard input that cannot be read as lines of text (closed, binary, a line
    that never ends): the session stops there, exit code 2."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Stopped(Quit):
    """A signal that stops the session (TERM, HUP: the terminal closed): raised where
    the program is, so a log being written loses its temporary file; the exit code is
    128 + the signal's number, as a shell reports it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """While the block runs, SIGTERM and SIGHUP raise :class:`Stopped`."""
    import signal

    def stop(signum: int, frame: Any) -> None:
        raise Stopped(signum)

    old: dict[int, Any] = {}
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            old[number] = signal.signal(number, stop)
    try:
        yield
    finally:
        for number, handler in old.items():
            signal.signal(number, handler)


LINE_BYTES = 4 * MAX_LINE_CHARS + 2
"""A piped line is read at most this many bytes at a time (the longest line a log
allows, in UTF-8, and its line end): memory stays bounded whatever comes."""
NO_LINE_END = MAX_LOG_BYTES
"""An over-long piped line is skipped up to its end, unless none comes in this many
bytes: then the input is no lines of text and the session stops."""
CLOSED = ("standard input is closed: there is nothing to read the lines from (run it "
          "in a terminal, or give the lines with a pipe or a file)")


def _dumb() -> bool:
    return os.environ.get("TERM", "") in ("dumb", "unknown")


def _is_tty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class Reader:
    """Reads the player's lines: prompt_toolkit with completion, plain ``input()``, or
    standard input line by line (a script), echoed."""

    def __init__(self, kind: str, complete: Callable[[str], list[Any]]) -> None:
        self.kind = kind
        self.refused = 0
        """Piped lines refused before they were read (over-long, not UTF-8)."""
        self._lineno = 0
        self._session: Any = None
        if kind == "prompt":
            from prompt_toolkit import PromptSession
            from prompt_toolkit.completion import Completer, Completion
            from prompt_toolkit.shortcuts import CompleteStyle

            class Lines(Completer):
                def get_completions(self, document: Any, event: Any) -> Iterable[Any]:
                    for c in complete(document.text_before_cursor):
                        yield Completion(c.text, start_position=-c.replace,
                                         display=c.display)

            self._session = PromptSession(completer=Lines(),
                                          complete_style=CompleteStyle.READLINE_LIKE,
                                          complete_while_typing=False)

    def read(self, prompt: str) -> str:
        """The next line typed. Raises Quit at the end of input or on Ctrl-C,
        Unreadable for a standard input that is no lines of text."""
        try:
            if self.kind == "prompt":
                return str(self._session.prompt(prompt))
            while True:
                try:
                    text = input(prompt) if self.kind == "plain" else self._piped(prompt)
                except UnicodeDecodeError as exc:  # a terminal that sends no UTF-8
                    self._refuse(f"not UTF-8 text (byte 0x{exc.object[exc.start]:02x})")
                    continue
                if text is not None:
                    return text
        except (EOFError, KeyboardInterrupt):
            raise Quit from None
        except OSError as exc:
            raise Unreadable(f"cannot read standard input: {exc.strerror or exc}") from None

    def _refuse(self, why: str) -> None:
        self.refused += 1
        print(f"companion: refused: line {self._lineno:,} of standard input: {why}; "
              "skipped", file=sys.stderr, flush=True)

    def _piped(self, prompt: str) -> str | None:
        """The next line of standard input, echoed after ``prompt``, or None for a
        line refused (longer than a log line, not UTF-8), which is skipped: never
        more than :data:`LINE_BYTES` are held. Raises EOFError at its end, and
        Unreadable if it is closed or holds a NUL byte (binary data), or if a line has
        no end in :data:`NO_LINE_END` bytes."""
        if sys.stdin is None:
            raise Unreadable(CLOSED)
        buffer = getattr(sys.stdin, "buffer", None)

        def readline(limit: int) -> bytes:
            if buffer is not None:
                return bytes(buffer.readline(limit))
            return str(sys.stdin.readline(limit)).encode("utf-8", "surrogateescape")

        raw = readline(LINE_BYTES)
        if not raw:
            raise EOFError
        self._lineno += 1
        if b"\0" in raw:
            raise Unreadable(_BINARY)
        if len(raw) >= LINE_BYTES and not raw.endswith(b"\n"):
            skipped = len(raw)
            while not raw.endswith(b"\n"):
                raw = readline(1 << 16)
                if not raw:
                    break
                if b"\0" in raw:
                    raise Unreadable(_BINARY)
                skipped += len(raw)
                if skipped > NO_LINE_END:
                    raise Unreadable(f"standard input has no line end in {NO_LINE_END:,} "
                                     "bytes: it is not lines of text")
            self._refuse(f"longer than {MAX_LINE_CHARS:,} characters, as no log line is")
            return None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            self._refuse(f"not UTF-8 text (byte 0x{raw[exc.start]:02x})")
            return None
        text = text[:-1] if text.endswith("\n") else text
        text = text[:-1] if text.endswith("\r") else text
        if len(text) > MAX_LINE_CHARS:
            self._refuse(f"longer than {MAX_LINE_CHARS:,} characters, as no log line is")
            return None
        print(f"{prompt}{text}", flush=True)
        return text


_BINARY = ("standard input holds a NUL byte: it is binary data, not lines of text (as "
           "a log that holds one is refused)")


class Screen:
    """What the player sees: a screen per turn on a terminal, a transcript otherwise."""

    def __init__(self, session: Session) -> None:
        from rich.console import Console

        self.session = session
        self.interactive = _is_tty(sys.stdin) and _is_tty(sys.stdout)
        self.console = Console(highlight=False, emoji=False,
                               no_color=bool(os.environ.get("NO_COLOR")) or None)
        self.clear = self.interactive and not _dumb()
        kind = ("prompt" if self.clear else "plain") if self.interactive else "script"
        self.reader = Reader(kind, self._complete)
        self.board = terminal_board(session.game)
        self.styles = board_styles(session.game)
        self.explain = self.board is None or not board_replaces_explain(session.game)

    def _complete(self, typed: str) -> list[Any]:
        return complete(typed, self.session.next())

    # -- drawing ------------------------------------------------------------------------
    def title(self) -> str:
        """The screen's title line: the game, the seed, parameters and variants."""
        s, g = self.session, self.session.game
        parts = [g.title, f"seed {s.seed}" if s.seed else "free deal"]
        parts += [f"{p.name} {s.tag(p.tag)}" for p in g.params if s.tag(p.tag)]
        variant = s.tag("variant")
        if variant:
            parts.append(variant)
        return " · ".join(parts)

    def draw(self, message: list[str], listing: bool = True) -> None:
        """The whole screen: title, board and state, the last lines written, what may
        come next and the keys (unless not ``listing``: ``message`` says it), then
        ``message``."""
        if not self.interactive:
            for line in message:
                print(line, flush=True)
            return
        from rich.panel import Panel
        from rich.text import Text

        s, con = self.session, self.console
        if self.clear:
            con.clear()
        body = Text()
        if self.board is not None:
            for line in self.board(s.state):
                body.append_text(self._styled(line))
                body.append("\n")
        for line in s.game.explain(s.state) if self.explain else []:
            body.append(line + "\n")
        body.rstrip()
        con.print(Panel(body, title=self.title(), title_align="left", expand=False))
        written = s.lines()
        last = " · ".join(written[-2:]) if written else "nothing yet"
        con.print(Text(f"log {shown_text(str(s.path))} ({counted(len(written), 'line')}), "
                       f"last: {last}"),
                  overflow="ellipsis", no_wrap=True)
        for line in self.next_lines() if listing else []:
            con.print(Text(line), overflow="fold")
        for line in message:
            con.print(Text(line), overflow="fold")

    def _styled(self, line: str) -> Any:
        from rich.text import Text

        text = Text(line)
        if self.styles:
            for i, ch in enumerate(line):
                style = self.styles.get(ch)
                if style:
                    text.stylize(style, i, i + 1)
        return text

    def next_lines(self) -> list[str]:
        """What may come next, in words: the legal lines (count and the first few), the
        table's deal, the end."""
        s = self.session
        listed = s.next()
        if s.over():
            return []
        notes = []
        if s.decided():
            r = s.result()
            notes.append(f"decided: {r.outcome}, score {r.score}; 'end' claims it, or "
                         "play on")
        if not listed:
            return [*notes, "the game lists no line here: type the next line of the log"]
        if listed.chance:
            example = listed.line(0)
            return [*notes, f"the table decides: {len(listed):,} possible "
                    f"{'line' if len(listed) == 1 else 'lines'}, like '{example}'; type "
                    "what was dealt (Tab completes only what can still be there)",
                    "Tab completes · undo · help · quit"]
        items = [f"{k} {line}" for k, line in enumerate(listed.lines(SHOWN), start=1)]
        if len(listed) > SHOWN:
            items.append(f"... {len(listed) - SHOWN:,} more (list)")
        noun = "legal line" if len(listed) == 1 else "legal lines"
        keys = ("Enter plays it" if len(listed) == 1 else "a number plays that line")
        return [*notes, *_packed(f"{len(listed):,} {noun}:", items, self.console.width),
                f"Tab completes · {keys} · undo · help · quit"]

    def refused(self, typed: str, why: Refusal) -> list[str]:
        """The typed line, a caret under the part at fault, and the validator's
        message and rule."""
        caret = " " * (max(1, why.column) - 1) + "^"
        if not self.interactive:
            print(f"companion: refused: {shown_text(_clip(typed.strip(), 80))}: {why}",
                  file=sys.stderr, flush=True)
            return []
        return [f"  {typed}", f"  {caret}", f"refused: {why}; nothing written"]

    def result_lines(self) -> list[str]:
        """The lines shown at the end: outcome, score and where the log is."""
        s = self.session
        r = s.result()
        why = r.summary.get("lost_because")
        score = f", score {r.score}" if r.score is not None else ", no score"
        claim = (f"; claim {r.score} written" if r.score is not None else "")
        return [f"game over: {r.outcome}{f' ({why})' if why else ''}{score}{claim}",
                f"log: {s.path} (check it: companion validate {s.path})"]


def _packed(head: str, items: list[str], width: int) -> list[str]:
    """``head`` and ``items`` three spaces apart on lines of at most ``width``
    characters, an item never split (the lines after the first indented)."""
    lines = [head]
    for item in items:
        if len(lines[-1]) + 3 + len(item) > width and lines[-1].strip():
            lines.append("   " + item)
        else:
            lines[-1] += ("   " if lines[-1] != head else " ") + item
    return lines


def _all_lines(session: Session) -> list[str]:
    listed = session.next()
    if not listed:
        return ["no line is listed here"]
    if len(listed) > LIST_MAX:
        return [f"{len(listed):,} possible lines: too many to list; type what the table "
                "shows (Tab completes it)"]
    width = len(str(len(listed)))
    return [f"{k:>{width}} {line}" for k, line in enumerate(listed.lines(), start=1)]


def _written(entry: Any) -> list[str]:
    return [f"written: {' · '.join(entry.lines)}"]


def _handle(session: Session, typed: str) -> list[str]:
    """Do what the player typed; returns what to say. Raises Refusal (nothing is
    written) or Quit."""
    text = typed.strip()
    word = text.lower()
    if word == "quit":
        raise Quit
    if word in ("help", "?"):
        return HELP
    if word == "list":
        return _all_lines(session)
    if word == "undo":
        taken = session.undo()
        if not taken:
            return ["nothing to take back"]
        return [f"took back: {' · '.join(line for e in taken for line in e.lines)}"]
    if word == "end":
        if session.decided():
            session.finish()
            return []
        return ["the outcome is not decided yet: play on, or quit (the log keeps the game "
                "unfinished)"]
    if not text:
        listed = session.next()
        if len(listed) == 1:
            return _written(session.submit(listed.line(0)))
        return ["type a line (Tab completes it), a number, or help"]
    if _numberish(text):
        return _written(session.pick(_line_number(session, text)))
    return _written(session.submit(typed))


def _numberish(text: str) -> bool:
    """Whether ``text`` reads as a number (a sign, then digits of any script: ``3``,
    ``-0``, ``+1``, ``²``, ``٣``)."""
    digits = text[1:] if text[:1] in "+-" else text
    return bool(digits) and all(ch.isnumeric() for ch in digits)


def _line_number(session: Session, text: str) -> int:
    """The listed line a number typed picks: ASCII digits only, 1 to the lines
    listed. Raises Refusal for any other number (never ``int()`` on what was typed
    before its length is known)."""
    listed = len(session.next())
    if not (text.isascii() and text.isdigit()):
        raise Refusal(f"{_clip(text)!r} is no line's number: a listed line is picked by "
                      f"its number in the digits 0-9, 1 to {listed:,}", "pick")
    if len(text.lstrip("0")) > len(str(listed)):
        raise Refusal(f"there is no line {_clip(text)}: {listed:,} listed", "pick")
    return int(text)


def _option(choice: Choice, typed: str) -> str | None:
    """The option of ``choice`` that ``typed`` picks: its number (ASCII digits) or its
    word, in any case; None for anything else."""
    word = typed.strip()
    if word.isascii() and word.isdigit() and len(word) <= 3 \
            and 1 <= int(word) <= len(choice.options):
        return choice.options[int(word) - 1][0]
    return next((w for w, _ in choice.options if w.lower() == word.lower()), None)


def _choose(screen: Screen, session: Session, verb: str, parts: list[Choice],
            message: list[str]) -> tuple[list[str], int]:
    """Offer the next line one choice at a time (a screen and a prompt each, the
    options numbered and said in words), then play the line they make: the same line
    as typed whole. Anything that is no option (a whole line, undo before the first
    pick, list...) is done as at the usual prompt. Returns what to say and how many
    lines were refused (0 or 1). Raises Quit."""
    picks: list[str] = []
    while len(picks) < len(parts):
        part = parts[len(picks)]
        back = "the choice before" if picks else "the last action"
        lines = [part.title + (f"; so far: {verb} {' '.join(picks)}" if picks else ""),
                 *(f"  {k} {text}" for k, (_, text) in enumerate(part.options, start=1)),
                 f"a number or an id picks one · undo: {back} · a whole line plays it · "
                 "help · quit"]
        screen.draw([*message, *lines], listing=False)
        message = []
        typed = screen.reader.read(f"{verb} {len(picks) + 1}/{len(parts)}> ")
        word = typed.strip().lower()
        if word == "undo" and picks:
            picks.pop()
            continue
        if word in ("help", "?"):
            message = HELP
            continue
        chosen = _option(part, typed)
        if chosen is not None:
            picks.append(chosen)
            continue
        try:
            return _handle(session, typed), 0
        except Refusal as why:
            return screen.refused(typed, why), 1
    line = f"{verb} {' '.join(picks)}"
    try:
        return _written(session.submit(line)), 0
    except Refusal as why:
        return screen.refused(line, why), 1


def run(session: Session) -> int:
    """Play the session to its end or until the player stops. Returns the exit code:
    0, or 1 for a script (standard input not a terminal) with a refused line."""
    screen = Screen(session)
    message: list[str] = []
    refusals = 0
    try:  # a signal may come while the first line is written: the same clean stop
        if not screen.interactive:
            print(f"{screen.title()}: log {shown_text(str(session.path))}", flush=True)
        while True:
            if session.over() or session.finished:
                if not session.finished:
                    session.finish()
                screen.draw([*message, *screen.result_lines()])
                if session.mode == "play" or not screen.interactive:
                    break
                message = []
                text = screen.reader.read("game over: Enter to finish, or undo: ")
                if text.strip().lower() == "undo":
                    message = _handle(session, "undo")
                    continue
                break
            if session.mode == "play" and session.chance():
                message.append(f"dealt: {' · '.join(session.deal().lines)}")
                continue
            offered = None if session.chance() else line_choices(session.game, session.state)
            if offered is not None:
                message, refused = _choose(screen, session, *offered, message)
                refusals += refused
                continue
            screen.draw(message)
            message = []
            typed = screen.reader.read("dealt> " if session.chance() else "> ")
            try:
                message = _handle(session, typed)
            except Refusal as why:
                refusals += 1
                message = screen.refused(typed, why)
    except (Quit, KeyboardInterrupt) as stop:  # Ctrl-C outside the prompt too: whole
        done = counted(len(session.lines()), "action line")
        path = shown_text(str(session.path))
        with contextlib.suppress(OSError):  # a terminal hung up: nowhere to say it
            if isinstance(stop, Unreadable):
                print(f"companion: {stop.message}", file=sys.stderr, flush=True)
            print(f"\nstopped: the log {path} holds every action so far ({done}); "
                  f"go on with: companion {session.mode} --resume {path}",
                  file=sys.stdout if screen.interactive else sys.stderr, flush=True)
        if isinstance(stop, Unreadable):
            return 2
        if isinstance(stop, Stopped):
            return 128 + stop.signum
    refusals += screen.reader.refused
    return 1 if refusals and not screen.interactive else 0


def ask_deal_tags(game: Any, names: list[str],
                  check: Callable[[dict[str, str]], Any]) -> dict[str, str]:
    """Ask for the header tags a free deal starts from (``names``, e.g. Shuffle and
    Doom's ``Row`` and ``Column``), until ``check`` (the game reading the header)
    accepts them. Raises Quit at the end of input."""
    from companion.errors import LogError

    interactive = _is_tty(sys.stdin) and _is_tty(sys.stdout)
    reader = Reader(("prompt" if not _dumb() else "plain") if interactive else "script",
                    lambda typed: [])
    print(f"A free deal of {game.title} starts from what the table shows: type "
          + " and ".join(f"[{n}]" for n in names) + " as a log's header writes them "
          "(cards any way the notation reads them).", flush=True)
    while True:
        tags = {n: reader.read(f"{n}: ").strip() for n in names}
        try:
            check(tags)
            return tags
        except LogError as exc:
            print(f"refused: {exc.message} ({exc.rule}); again:", flush=True)
