"""One Pile's verbs: ``pile N`` (a free deal's first line) and ``take N``."""

from __future__ import annotations

from companion.errors import NotationError
from companion.log import ActionLine
from companion_one_pile.rules import Action, Pile, State, Take

VERBS = ("pile", "take")


def parse_action(state: State, line: ActionLine) -> Action:
    if line.name not in VERBS:
        raise NotationError(f"unknown verb {line.verb.text!r}; One Pile verbs: pile, take",
                            "notation-verb")
    if len(line.args) != 1 or not line.args[0].text.isdigit() or len(line.args[0].text) > 3:
        raise NotationError(f"'{line.name}' takes one number", "notation-arguments",
                            0 if line.args else None)
    n = int(line.args[0].text)
    return Pile(n) if line.name == "pile" else Take(n)


def format_action(action: Action) -> str:
    return f"pile {action.stones}" if isinstance(action, Pile) else f"take {action.count}"
