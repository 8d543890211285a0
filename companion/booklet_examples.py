"""Booklet examples of play: a game's example log replayed through the engine, line by
line, for the booklet's worked example (``companion/games/<game>/booklet.py``).

This is the one part of the booklets that knows logs and games; the layout
(:mod:`companion.paper.booklet`) knows neither.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["ExampleLine", "replay_example"]


@dataclass(frozen=True)
class ExampleLine:
    """One action line of an example log, replayed: its text (comment removed), its
    comment, and the states before and after it."""

    text: str
    comment: str
    before: Any
    after: Any


def replay_example(log_text: str, file: str = "<booklet example>") -> list[ExampleLine]:
    """Replay an example log through the engine, line by line.

    Raises LogError (or UnreadableLogError) at the first line the rules refuse: a
    booklet's example must be a real, valid game.
    """
    # imported here: the replay imports the game registry, whose games import this module
    from companion.log import parse_log
    from companion.replay import replay_log

    log = parse_log(log_text, file)
    replay = replay_log(log)
    source = log_text.splitlines()
    out = []
    for action, before, after in zip(log.actions, replay.states[:-1], replay.states[1:],
                                     strict=True):
        body, _, comment = source[action.line - 1].partition("#")
        out.append(ExampleLine(body.strip(), comment.strip(), before, after))
    return out
