"""The lazy reading of a log's actions (``LazyActions``, which reads a line as logs are
written at once and any other through ``_read_line``) gives what the eager parse gives:
the same tokens at the same places, the same malformed line kept as the error, and the
same actions when two iterations over one log run at once."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from companion.errors import LogError
from companion.log import MAX_LINE_CHARS, LazyActions, action_line, parse_log

HEAD = '[Game "scoundrel"]\n[Seed "X"]\n'

PIECES = ["room", "7♦", "Q♣", "play", "on", "2", "x", "10♠", " ", " ", "  ", "\t", ",",
          ", ", "#", "# note", "[", '[Tag "v"]', "\r", "\u00a0", "\u3000", "\x1c", "ÉÈ",
          "\ufe0f", '"', "“q”", "a,b"]


def _line(rng: random.Random) -> str:
    return "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 6)))


def _both(text: str) -> tuple[list[object], object, list[object], object]:
    """The actions and the error of the eager parse, then of the lazy one."""
    eager = parse_log(text)
    lazy = parse_log(text, lazy=True)
    return (list(eager.actions), _error(eager.pending_error),
            _iterated(lazy.actions), _error(lazy.pending_error))


def _iterated(actions: Iterable[object]) -> list[object]:
    """The actions as the replay reads them (``list()`` would ask for the length
    first, which reads them all another way)."""
    return [a for a in actions]  # noqa: C416


def _error(exc: LogError | None) -> object:
    return None if exc is None else (str(exc), exc.line, exc.column, exc.rule)


@pytest.mark.parametrize("seed", range(40))
def test_lazy_reading_gives_the_eager_parse(seed):
    rng = random.Random(seed)
    body = ["room 7♦ Q♣"] + [_line(rng) for _ in range(60)]
    text = HEAD + "\n".join(body) + rng.choice(["", "\n", "\r\n"])
    eager, eager_error, lazy, lazy_error = _both(text)
    assert lazy == eager
    assert lazy_error == eager_error
    for action in lazy:  # every token where it stands, in characters
        line = text.split("\n")[action.line - 1]
        for token in (action.verb, *action.args):
            assert line[token.column - 1:].startswith(token.text)


@pytest.mark.parametrize("line", [
    "play 7♦ on 2", "avoid", " avoid", "avoid ", "play  7♦", "play\t7♦", "play 7♦\r",
    "play 7♦,Q♣", "play 7♦ # there", "[Tag \"v\"]", " [Tag \"v\"]", "play [x]",
    "play\u00a07♦", "   ", "\r", "#", ",,,", "x" * MAX_LINE_CHARS,
    "x" * (MAX_LINE_CHARS + 1), " " * (MAX_LINE_CHARS + 1), "x" * MAX_LINE_CHARS + "\r",
])
def test_each_kind_of_line_is_read_as_the_eager_parse_reads_it(line):
    text = HEAD + "avoid\n" + line + "\nroom 2♠\n"
    eager, eager_error, lazy, lazy_error = _both(text)
    assert lazy == eager and lazy_error == eager_error


def test_two_iterations_at_once_see_the_same_actions():
    text = HEAD + "\n".join(f"room {n}♠ # {n}" if n % 3 == 0 else f"room {n}♠"
                            for n in range(1, 40)) + "\n\n# end\n"
    log = parse_log(text, lazy=True)
    assert isinstance(log.actions, LazyActions)
    first = iter(log.actions)
    seen_first = [next(first) for _ in range(5)]
    second = _iterated(log.actions)  # reads on to the end while the first waits
    seen_first += _iterated(first)
    assert seen_first == second == list(parse_log(text).actions)
    assert len(second) == 39 and second[-1].args[0].text == "39♠"


def test_an_iteration_resumes_after_an_index_read_further():
    text = HEAD + "\n".join(f"room {n}♠" for n in range(1, 20)) + "\n"
    log = parse_log(text, lazy=True)
    it = iter(log.actions)
    assert next(it).line == 3 and next(it).line == 4  # the second one read by it
    assert log.actions[10].line == 13  # read ahead of the iteration
    rest = _iterated(it)
    assert [a.line for a in rest] == list(range(5, 22))


def test_a_malformed_line_ends_the_actions_and_is_kept():
    text = HEAD + "room 2♠\navoid\n[Late \"tag\"]\nroom 3♠\n"
    log = parse_log(text, lazy=True)
    assert [a.line for a in log.actions] == [3, 4]
    assert len(log.actions) == 2
    assert log.pending_error is not None and log.pending_error.line == 5
    assert log.pending_error.rule == "notation-tag-order"


@pytest.mark.parametrize("header", [
    '[Game "scoundrel"]\n[Seed "X"]\n',
    '[Game "scoundrel"]\n[Seed "X"]\n[seed "Y"]\n',
    '[Game "scoundrel"]\n[Seed "' + "A" * MAX_LINE_CHARS + '"]\n',
    '[Game "scoundrel"]\n[Seed "' + "A" * (MAX_LINE_CHARS - 9) + '"]\n',
    '[Game "scoundrel"]\r\n[Seed "X"]\r\n',
    '[Game "scoundrel"]\n[Seed "X # y"]\n',
    '[Game "scoundrel"]\n[Seed "X"] # y\n',
    '[Game "scoundrel"]\n[Seed  "X"]\n [Claim "3"]\n',
    '[Game "sco\\"undrel"]\n[Seed " X "]\n',
    '[Game "scoundrel"]\n[Seed "X"][Claim "2"]\n',
    '[Game "scoundrel"]\n[Seed "X" \n',
    '[Game "scoundrel"]\n[9 "X"]\n',
    '[Game "scoundrel"]\n\n[Seed "X"]\n',
    '[Game "scoundrel"]\n[Se_e-d2 "X"]\n',
])
def test_a_header_is_read_as_tag_by_tag_reading_reads_it(header):
    from companion import log as logmod

    text = header + "avoid\n"
    try:
        got: object = parse_log(text)
    except LogError as exc:
        got = _error(exc)
    lines = text.split("\n")
    tags: dict[str, object] = {}
    want: object = None
    for n, raw in enumerate(lines[:-2], start=1):  # every line but the action's
        try:
            logmod._read_line(raw, n, "<log>", tags, False)  # type: ignore[arg-type]
        except LogError as exc:
            want = _error(exc)
            break
    if want is None:
        assert not isinstance(got, tuple)
        assert got.tags == tags  # type: ignore[attr-defined]
    else:
        assert got == want


@pytest.mark.parametrize("seed", range(20))
def test_entries_stand_for_the_actions_whatever_texts_are_known(seed):
    """The replay reads a log's entries (log.Entry), telling the reader which texts it
    read before (lines as logs are written, by their making): a line of such a text is
    taken without a look at its characters, and every entry stands for the action the
    eager parse reads there."""
    rng = random.Random(seed)
    body = ["room 7♦ Q♣"] + [_line(rng) for _ in range(60)]
    text = HEAD + "\n".join(body) + "\n"
    eager = list(parse_log(text).actions)
    known = {a.text for a in eager if rng.random() < 0.5}
    for texts in ((), known):
        log = parse_log(text, lazy=True)
        assert isinstance(log.actions, LazyActions)
        entries = list(log.actions.entries(texts))
        assert [action_line(e) for e in entries] == eager
        assert all(e[0] == a.text and e[1] == a.line for e, a in zip(entries, eager, strict=True))
        assert list(log.actions) == eager and list(log.actions[1:]) == eager[1:]
