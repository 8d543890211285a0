"""What the five rules engines share: the refusal (:func:`fail`), the refusal of any
action after the end (:func:`game_over`) and the table from action class to handler
(:data:`Handlers`, filled by :func:`handles`).

Each game's ``apply`` keeps its own few lines: the game-over test inline
(``if s.outcome is not None: raise game_over(s.outcome)``), its own order checks, then
``_HANDLERS[type(action)](s, action)``. The table is a plain ``dict`` (the replay looks
a handler up for every line, and a dict subclass or a wrapper call would cost that
lookup a little each time); this module only builds it and types it. New states are
made by :func:`companion.frozen.evolve` or, from a dictionary of fields already
copied, :func:`companion.frozen.made` (``docs/decisions.md``, "Speed (issue 18)").

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Knock:
...     times: int
>>> TABLE: Handlers[int, int] = {}
>>> @handles(TABLE, Knock)
... def _knock(s: int, a: Knock) -> int:
...     if a.times < 1:
...         raise fail("knock at least once", "knock-count", 0)
...     return s + a.times
>>> TABLE[Knock](1, Knock(2))
3
>>> game_over("won").message, game_over("won").rule
('the game is over (won): no action may follow', 'game-over')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from companion.errors import IllegalAction

S = TypeVar("S")
R = TypeVar("R")
F = TypeVar("F", bound=Callable[..., Any])

Handlers = dict[type, Callable[[S, Any], R]]
"""A rules engine's dispatch table: action class to ``handler(state, action)``, which
returns the new state (or, for Clear the Dungeon, the new state's fields)."""


def handles(table: dict[type, Any], *kinds: type) -> Callable[[F], F]:
    """A decorator that enters the function in ``table`` as the handler of each action
    class of ``kinds`` and returns it unchanged. A class handled twice is a mistake of
    the engine, refused at import."""

    def enter(handler: F) -> F:
        for kind in kinds:
            if kind in table:
                raise ValueError(f"{kind.__name__} already has a handler: "
                                 f"{table[kind].__name__}")
            table[kind] = handler
        return handler

    return enter


def fail(message: str, rule: str, arg: int | None = None, *,
         step: int | None = None) -> IllegalAction:
    """The refusal to raise: ``message`` for the player, ``rule`` the rule id
    (``draw-empty``), ``arg`` the argument at fault (None: the verb), ``step`` the step
    of a path at fault (see :class:`~companion.errors.IllegalAction`)."""
    return IllegalAction(message, rule, arg, step=step)


def game_over(outcome: str, subject: str = "game", follows: str | None = "action", *,
              step: int | None = None) -> IllegalAction:
    """The refusal of anything after the end, rule ``game-over``: ``the game is over
    (won): no action may follow``; ``subject`` names what ended (``run``), ``follows``
    what may not follow (``step``; None: nothing added)."""
    tail = f": no {follows} may follow" if follows is not None else ""
    return IllegalAction(f"the {subject} is over ({outcome}){tail}", "game-over", None,
                         step=step)
