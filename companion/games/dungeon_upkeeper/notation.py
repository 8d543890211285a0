"""Dungeon Upkeeper verbs (``notation.md``): ``floor N`` and ``path NNEESW...``."""

from __future__ import annotations

from companion.errors import NotationError
from companion.games.dungeon_upkeeper.floor import STEPS
from companion.games.dungeon_upkeeper.rules import Action, FloorCheck, Path, State, Step
from companion.log import ActionLine, is_number

VERBS = ("floor", "path")


def parse_action(state: State, line: ActionLine) -> Action:
    """Read one action line. Raises NotationError at the faulty token or letter."""
    verb, args = line.name, line.args
    if verb == "floor":
        if len(args) != 1:
            raise NotationError("'floor' takes one floor number, like 'floor 3' or 'floor B3'",
                                "notation-arguments", 1 if args else None)
        text = args[0].text.upper().removeprefix("B")
        if not is_number(text) or len(text) > 2 or not 1 <= int(text) <= 99:
            raise NotationError(f"{args[0].text!r} is not a floor: write 3 or B3",
                                "notation-arguments", 0)
        return FloorCheck(int(text))
    if verb == "path":
        if not args:
            raise NotationError("'path' needs steps, letters N E S W", "notation-arguments")
        return _path([(i, token.text) for i, token in enumerate(args)])
    if all(ch.upper() in STEPS for ch in line.verb.text) and all(
            ch.upper() in STEPS for token in args for ch in token.text):
        # a path split over lines: a line of step letters alone goes on with the path
        return _path([(None, line.verb.text)] + [(i, t.text) for i, t in enumerate(args)])
    raise NotationError(f"unknown verb {line.verb.text!r}; Dungeon Upkeeper verbs: "
                        + ", ".join(VERBS), "notation-verb")


def _path(tokens: list[tuple[int | None, str]]) -> Path:
    """The steps of ``tokens`` (argument index, None for the verb's place, and text).
    A letter that is not a step ends the path: it is refused after the steps before it
    (see ``Path.bad``)."""
    steps: list[Step] = []
    for i, text in tokens:
        for k, ch in enumerate(text):
            d = ch.upper()
            if d not in STEPS:
                bad = (f"{ch!r} is not a step: paths use the letters N E S W", i, k)
                return Path(tuple(steps), bad)
            steps.append(Step(d, i, k))
    return Path(tuple(steps))


def format_action(action: Action) -> str:
    """The log line of ``action``."""
    if isinstance(action, FloorCheck):
        return f"floor {action.number}"
    return "path " + "".join(step.direction for step in action.steps)
