"""Shuffle and Doom verbs (``notation.md``): action lines to actions and back.

Tolerant reading (verbs and cards in any case, ``♥ ♠ ♣`` or words for stats), strict
meaning: a wrong count of arguments, an unknown verb, a card that is no card, or a cell
off the grid is a :class:`~companion.errors.NotationError` at that token.
"""

from __future__ import annotations

from companion import grid
from companion.cards import Card, parse_card
from companion.errors import CardError, NotationError
from companion.games.shuffle_and_doom.dungeon import Cell, cell_name
from companion.games.shuffle_and_doom.rules import (
    Action,
    Bonus,
    Choose,
    Disarm,
    Drink,
    Enter,
    Exit,
    Hit,
    Loot,
    Read,
    Retreat,
    RoomCards,
    Stat,
    State,
    Take,
)
from companion.log import ActionLine, Token
from companion.text import shown

_STAT_WORDS: dict[str, Stat] = {
    "health": "health", "hp": "health", "♥": "health", "♡": "health",
    "attack": "attack", "atk": "attack", "♠": "attack", "♤": "attack",
    "intelligence": "intelligence", "int": "intelligence", "♣": "intelligence",
    "♧": "intelligence",
}
VERBS = ("choose", "bonus", "enter", "room", "hit", "disarm", "take", "drink", "read",
         "loot", "retreat", "exit")
_CARD_VERBS: dict[str, type[Hit | Disarm | Take | Drink | Read]] = {
    "hit": Hit, "disarm": Disarm, "take": Take, "drink": Drink, "read": Read}


def parse_cell(token: Token, size: int, index: int) -> Cell:
    """A cell token (``a1``..) on a ``size`` grid (:func:`companion.grid.parse_cell`,
    row numbers of up to 3 digits). Raises NotationError at ``index``."""
    try:
        return grid.parse_cell(token.text, size, max_digits=3)
    except grid.MalformedCellError:
        raise NotationError(f"{shown(token.text)} is not a cell: write column letter then row "
                            "number, like a1", "notation-cell", index) from None
    except grid.OffBoardCellError:
        last = grid.last_cell(size)
        raise NotationError(f"cell {token.text} is off the {size}×{size} grid (a1 to {last})",
                            "notation-cell", index) from None


def _card(token: Token, index: int) -> Card:
    try:
        c = parse_card(token.text)  # (it remembers the words it has read)
    except CardError as exc:
        raise NotationError(str(exc), "notation-card", index) from None
    if c.is_joker:
        raise NotationError("Shuffle and Doom is played without jokers", "notation-card",
                            index)
    return c


def _arity(line: ActionLine, n: int, usage: str) -> None:
    if len(line.args) < n:
        raise NotationError(f"'{line.verb.text}' needs {usage}", "notation-arguments")
    if len(line.args) > n:
        raise NotationError(f"unexpected {line.args[n].text!r}: '{line.name}' takes "
                            f"{usage}", "notation-arguments", n)


def line_context(state: State) -> int:
    """What reading a line depends on (``Game.line_context``): the map's size (a cell
    off the grid is refused)."""
    return state.size


def parse_action(state: State, line: ActionLine) -> Action:
    """Read one action line. Raises NotationError at the faulty token."""
    verb = line.name
    args = line.args
    if verb == "choose":
        _arity(line, 1, "'row' or 'column'")
        word = args[0].lower
        if word in ("row", "rows"):
            return Choose("row")
        if word in ("column", "col", "columns"):
            return Choose("column")
        raise NotationError(f"choose 'row' or 'column', not {args[0].text!r}",
                            "notation-arguments", 0)
    if verb == "bonus":
        if not args:
            raise NotationError("'bonus' needs one or more stats: health, attack, "
                                "intelligence", "notation-arguments")
        stats: list[Stat] = []
        for i, t in enumerate(args):
            st = _STAT_WORDS.get(t.lower.replace("\ufe0f", ""))
            if st is None:
                raise NotationError(f"{t.text!r} is not a stat: health, attack or "
                                    "intelligence (or ♥ ♠ ♣)", "notation-arguments", i)
            stats.append(st)
        return Bonus(tuple(stats))
    if verb == "enter":
        _arity(line, 1, "a cell, like 'enter a2'")
        return Enter(parse_cell(args[0], state.size, 0))
    if verb == "retreat":
        _arity(line, 1, "a cell, like 'retreat b3'")
        return Retreat(parse_cell(args[0], state.size, 0))
    if verb == "room":
        if not args:
            raise NotationError("'room' needs the cards drawn, like 'room 5♣ 6♦'",
                                "notation-arguments")
        return RoomCards(tuple([_card(t, i) for i, t in enumerate(args)]))
    if verb in _CARD_VERBS:
        _arity(line, 1, "one card, like '" + verb + " K♠'")
        return _CARD_VERBS[verb](_card(args[0], 0))
    if verb == "loot":
        _arity(line, 0, "no arguments")
        return Loot()
    if verb == "exit":
        _arity(line, 0, "no arguments")
        return Exit()
    raise NotationError(f"unknown verb {line.verb.text!r}; Shuffle and Doom verbs: "
                        + ", ".join(VERBS), "notation-verb")


def format_action(action: Action) -> str:
    """The log line of ``action`` (canonical spelling)."""
    match action:
        case Choose(stack):
            return f"choose {stack}"
        case Bonus(stats):
            return "bonus " + " ".join(stats)
        case Enter(cell):
            return f"enter {cell_name(cell)}"
        case Retreat(cell):
            return f"retreat {cell_name(cell)}"
        case RoomCards(cards):
            return "room " + " ".join(str(c) for c in cards)
        case Hit(card):
            return f"hit {card}"
        case Disarm(card):
            return f"disarm {card}"
        case Take(card):
            return f"take {card}"
        case Drink(card):
            return f"drink {card}"
        case Read(card):
            return f"read {card}"
        case Loot():
            return "loot"
        case Exit():
            return "exit"
    raise TypeError(f"not a Shuffle and Doom action: {action!r}")
