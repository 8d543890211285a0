"""Clear the Dungeon verbs (``notation.md``): action lines to actions and back."""

from __future__ import annotations

from companion.cards import Card, parse_card
from companion.errors import CardError, NotationError
from companion.games.clear_the_dungeon.rules import (
    Action,
    Discard,
    Draw,
    Monsters,
    Play,
    Reveal,
    State,
)
from companion.log import ActionLine, Token, is_number
from companion.text import shown

VERBS = ("monsters", "draw", "play", "discard", "reveal")


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
    if verb == "monsters":
        return Monsters(tuple(_card(t, i) for i, t in enumerate(args)))
    if verb == "draw":
        return Draw(tuple(_card(t, i) for i, t in enumerate(args)) if args else None)
    if verb == "discard":
        return Discard(_one(line, "one hand card, like 'discard 3♥'"))
    if verb == "reveal":
        return Reveal(_one(line, "the monster turned up, like 'reveal K♦'"))
    if verb == "play":
        words = list(args)
        if len(words) == 3 and words[1].lower == "on":
            words.pop(1)
        if len(words) != 2:
            raise NotationError("write 'play CARD on TARGET' (TARGET: a column 1-4 or the "
                                "monster, like J♥)", "notation-arguments")
        card = _card(words[0], 0)
        target = words[1]
        t_index = len(args) - 1
        if is_number(target.text):
            col = int(target.text)
            if not 1 <= col <= 4:
                named = target.text if len(target.text) <= 9 else shown(target.text)
                raise NotationError(f"column {named} does not exist: columns are 1-4",
                                    "notation-target", t_index)
            return Play(card, col - 1)
        monster = _card(target, t_index)
        return Play(card, None, monster)
    raise NotationError(f"unknown verb {line.verb.text!r}; Clear the Dungeon verbs: "
                        + ", ".join(VERBS), "notation-verb")


def format_action(action: Action) -> str:
    """The log line of ``action``."""
    match action:
        case Monsters(cards):
            return "monsters " + " ".join(map(str, cards))
        case Draw(cards):
            return "draw" + ("" if cards is None else " " + " ".join(map(str, cards)))
        case Play(card, column, monster):
            target = str(column + 1) if column is not None else str(monster)
            return f"play {card} on {target}"
        case Discard(card):
            return f"discard {card}"
        case Reveal(card):
            return f"reveal {card}"
    raise TypeError(f"not a Clear the Dungeon action: {action!r}")
