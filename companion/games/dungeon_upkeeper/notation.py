"""Dungeon Upkeeper verbs (``notation.md``): ``floor N`` and ``path NNEESW...``.

The rules name a step at fault by its index in the path; :func:`locate` finds the
letter on the line (a path may run over several words and lines)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import IllegalAction, NotationError
from companion.games.dungeon_upkeeper.floor import STEPS
from companion.games.dungeon_upkeeper.rules import Action, FloorCheck, Path, State, Step
from companion.log import ActionLine, Token, is_number
from companion.text import shown

VERBS = ("floor", "path")


def line_context(state: State) -> tuple[()]:
    """What reading a line depends on (``Game.line_context``): nothing of the state."""
    return ()


def parse_action(state: State, line: ActionLine) -> Action:
    """Read one action line. Raises NotationError at the faulty token or letter."""
    verb, args = line.name, line.args
    if verb == "floor":
        if len(args) != 1:
            raise NotationError("'floor' takes one floor number, like 'floor 3' or 'floor B3'",
                                "notation-arguments", 1 if args else None)
        text = args[0].text.upper().removeprefix("B")
        if not is_number(text) or len(text) > 2 or not 1 <= int(text) <= 99:
            raise NotationError(f"{shown(args[0].text)} is not a floor: write 3 or B3",
                                "notation-arguments", 0)
        return FloorCheck(int(text))
    if verb == "path":
        if not args:
            raise NotationError("'path' needs steps, letters N E S W", "notation-arguments")
        return _path(args)
    if all(ch.upper() in STEPS for ch in line.verb.text) and all(
            ch.upper() in STEPS for token in args for ch in token.text):
        # a path split over lines: a line of step letters alone goes on with the path
        return _path((line.verb, *args))
    raise NotationError(f"unknown verb {line.verb.text!r}; Dungeon Upkeeper verbs: "
                        + ", ".join(VERBS), "notation-verb")


def _step_tokens(line: ActionLine) -> tuple[Token, ...]:
    """The words of ``line`` that hold its steps: the arguments of ``path``, or every
    word of a line of step letters alone (its first word stands in the verb's place)."""
    return line.args if line.name in VERBS else (line.verb, *line.args)


def _path(tokens: Sequence[Token]) -> Path:
    """The steps written in ``tokens``, letter after letter. A letter that is not a step
    ends the path: it is refused after the steps before it (see ``Path.bad``)."""
    steps: list[Step] = []
    for token in tokens:
        for ch in token.text:
            d = ch.upper()
            if d not in STEPS:
                return Path(tuple(steps), f"{ch!r} is not a step: paths use the letters "
                            "N E S W")
            steps.append(Step(d))
    return Path(tuple(steps))


def locate(line: ActionLine, error: IllegalAction) -> tuple[Token, int] | None:
    """Where on ``line`` the part ``error`` names was written: for step ``k`` of a path
    (``error.step``), the word holding its letter and the letter's offset in it (step
    ``len(steps)`` is the letter that is no step). None when the error names no step:
    the replay then places it by argument."""
    if error.step is None:
        return None
    k = error.step
    for token in _step_tokens(line):
        if k < len(token.text):
            return token, k
        k -= len(token.text)
    return None


def format_action(action: Action) -> str:
    """The log line of ``action``."""
    if isinstance(action, FloorCheck):
        return f"floor {action.number}"
    return "path " + "".join(step.direction for step in action.steps)
