"""Scoundrel verbs (``notation.md``): action lines to actions and back.

``room CARD...`` (the room once dealt), ``avoid``, ``equip CARD``, ``drink CARD``,
``fight CARD`` (bare-handed), ``slay CARD`` (with the weapon).
"""

from __future__ import annotations

from companion.cards import Card, parse_card
from companion.errors import CardError, NotationError
from companion.games.scoundrel.rules import (
    Action,
    Avoid,
    Drink,
    Equip,
    Fight,
    Room,
    Slay,
    State,
)
from companion.log import ActionLine, Token

VERBS = ("room", "avoid", "equip", "drink", "fight", "slay")
_FACE: dict[str, tuple[type[Equip | Drink | Fight | Slay], str]] = {
    "equip": (Equip, "the weapon, like 'equip 7♦'"),
    "drink": (Drink, "the potion, like 'drink 5♥'"),
    "fight": (Fight, "the monster, like 'fight Q♣'"),
    "slay": (Slay, "the monster, like 'slay 9♠'"),
}


def _card(token: Token, index: int) -> Card:
    try:
        return parse_card(token.text)  # (it remembers the words it has read)
    except CardError as exc:
        raise NotationError(str(exc), "notation-card", index) from None


def _one(line: ActionLine, usage: str) -> Card:
    if not line.args:
        raise NotationError(f"'{line.verb.text}' needs {usage}", "notation-arguments")
    if len(line.args) > 1:
        raise NotationError(f"unexpected {line.args[1].text!r}: '{line.name}' takes {usage}",
                            "notation-arguments", 1)
    return _card(line.args[0], 0)


def line_context(state: State) -> tuple[()]:
    """What reading a line depends on (``Game.line_context``): nothing of the state."""
    return ()


def parse_action(state: State, line: ActionLine) -> Action:
    """Read one action line. Raises NotationError at the faulty token."""
    verb, args = line.name, line.args
    if verb == "room":
        if not args:
            raise NotationError("'room' needs the room's cards, like 'room 7♦ Q♣ 5♥ 2♠'",
                                "notation-arguments")
        return Room(tuple(_card(t, i) for i, t in enumerate(args)))
    if verb == "avoid":
        if args:
            raise NotationError(f"unexpected {args[0].text!r}: 'avoid' takes nothing (the "
                                "whole room goes under the dungeon)", "notation-arguments", 0)
        return Avoid()
    if verb in _FACE:
        cls, usage = _FACE[verb]
        return cls(_one(line, usage))
    raise NotationError(f"unknown verb {line.verb.text!r}; Scoundrel verbs: "
                        + ", ".join(VERBS), "notation-verb")


def format_action(action: Action) -> str:
    """The log line of ``action``."""
    match action:
        case Room(cards):
            return "room " + " ".join(map(str, cards))
        case Avoid():
            return "avoid"
        case Equip(card):
            return f"equip {card}"
        case Drink(card):
            return f"drink {card}"
        case Fight(card):
            return f"fight {card}"
        case Slay(card):
            return f"slay {card}"
    raise TypeError(f"not a Scoundrel action: {action!r}")
