"""Dungeon Solitaire verbs (``notation.md``): draft, level, draw, play, move/path, chest."""

from __future__ import annotations

import re

from companion import grid
from companion.errors import IllegalAction, NotationError
from companion.games.dungeon_solitaire.cards import DIRS
from companion.games.dungeon_solitaire.rules import (
    Action,
    Chest,
    Draft,
    Draw,
    LevelCheck,
    Move,
    Play,
    State,
)
from companion.grid import Cell, cell_name
from companion.log import ActionLine, Token, is_number
from companion.text import shown

VERBS = ("draft", "level", "draw", "play", "move", "path", "chest")
_ID_RE = re.compile(r"[Rr]([0-9]{1,3})")


def _rid(token: Token, index: int, state: State) -> str:
    m = _ID_RE.fullmatch(token.text)
    if not m:
        raise NotationError(f"{shown(token.text)} is not a card id: ids are printed on the cards, "
                            "like R12", "notation-id", index)
    n = int(m.group(1))
    if not 1 <= n <= state.rules.reward_deck:
        raise NotationError(f"there is no card {token.text.upper()}: the reward deck runs "
                            f"R1 to R{state.rules.reward_deck}", "notation-id", index)
    return f"R{n}"


def _cell(token: Token, index: int, size: int) -> Cell:
    """A square token (``c3``) on the ``size`` board (:func:`companion.grid.parse_cell`,
    row numbers of up to 2 digits). Raises NotationError at ``index``."""
    try:
        return grid.parse_cell(token.text, size, max_digits=2)
    except grid.MalformedCellError:
        raise NotationError(f"{token.text!r} is not a square, like c3", "notation-cell",
                            index) from None
    except grid.OffBoardCellError:
        raise NotationError(f"{token.text} is off the {size}x{size} board (a1 to "
                            f"{grid.last_cell(size)})", "notation-cell", index) from None


def line_context(state: State) -> tuple[int, int]:
    """What reading a line depends on (``Game.line_context``): the board's size (a
    square off the board is refused) and the reward deck's (an id past it is)."""
    return state.size, state.rules.reward_deck


def parse_action(state: State, line: ActionLine) -> Action:
    """Read one action line. Raises NotationError at the faulty token or letter."""
    verb, args = line.name, line.args
    if verb == "draft":
        return Draft(tuple(_rid(t, i, state) for i, t in enumerate(args)))
    if verb == "draw":
        if not args:
            raise NotationError("'draw' lists the ids of the cards drawn", "notation-arguments")
        return Draw(tuple(_rid(t, i, state) for i, t in enumerate(args)))
    if verb == "chest":
        if len(args) != 1:
            raise NotationError("'chest' names the one card kept, like 'chest R23'",
                                "notation-arguments", 1 if args else None)
        return Chest(_rid(args[0], 0, state))
    if verb == "level":
        if len(args) != 1 or not is_number(args[0].text) or len(args[0].text) > 2:
            raise NotationError("'level' takes a level number, like 'level 2'",
                                "notation-arguments", min(len(args) - 1, 1) if args else None)
        return LevelCheck(int(args[0].text))
    if verb in ("move", "path"):
        if not args:
            raise NotationError(f"'{verb}' needs directions N E S W", "notation-arguments")
        steps: list[str] = []
        for t in args:
            for ch in t.text:
                if ch.upper() not in DIRS:
                    return Move(tuple(steps), f"{ch!r} is not a direction (N E S W)")
                steps.append(ch.upper())
        return Move(tuple(steps))
    if verb == "play":
        if not args:
            raise NotationError("'play' names the card kept, like 'play R5 at c3'",
                                "notation-arguments")
        rid = _rid(args[0], 0, state)
        index = 1  # of the target in args
        if len(args) > 1 and args[1].lower in ("at", "on"):
            index = 2
        if len(args) <= index:
            return Play(rid)
        if len(args) > index + 1:
            raise NotationError(f"unexpected {args[index + 1].text!r}",
                                "notation-arguments", index + 1)
        target = args[index]
        if target.text.upper() in DIRS and len(target.text) == 1:
            return Play(rid, direction=target.text.upper(), target_arg=index)
        return Play(rid, cell=_cell(target, index, state.size), target_arg=index)
    raise NotationError(f"unknown verb {line.verb.text!r}; Dungeon Solitaire verbs: "
                        + ", ".join(VERBS), "notation-verb")


def locate(line: ActionLine, error: IllegalAction) -> tuple[Token, int] | None:
    """Where on ``line`` the part ``error`` names was written: for step ``k`` of a
    ``move`` (``error.step``), the word holding its letter and the letter's offset in it
    (step ``len(steps)`` is the letter that is no direction). None when the error names
    no step: the replay then places it by argument."""
    if error.step is None:
        return None
    k = error.step
    for token in line.args:
        if k < len(token.text):
            return token, k
        k -= len(token.text)
    return None


def format_action(action: Action) -> str:
    """The log line of ``action``."""
    match action:
        case Draft(ids):
            return "draft " + " ".join(ids)
        case LevelCheck(n):
            return f"level {n}"
        case Draw(ids):
            return "draw " + " ".join(ids)
        case Chest(rid):
            return f"chest {rid}"
        case Move(steps):
            return "move " + "".join(steps)
        case Play(rid, cell, direction):
            if cell is not None:
                return f"play {rid} at {cell_name(cell)}"
            if direction is not None:
                return f"play {rid} {direction}"
            return f"play {rid}"
    raise TypeError(f"not a Dungeon Solitaire action: {action!r}")
