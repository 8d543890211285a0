"""One Pile: count a pile of stones down, taking one, two or three at a time; the game
is won when the pile is empty, and the score is the number of turns taken. A seed deals
the pile (10 to 20 stones) and its log writes it in a first ``pile N`` line; a free deal
starts with that line (a chance node: the table decides).

A third-party game as small as a game can be: a :class:`Game` subclass naming its rules
and notation modules, registered through the ``companion.games`` entry-point group of
this package's ``pyproject.toml``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar

from companion.games.base import Game, Result
from companion_one_pile import notation, rules


class OnePile(Game):
    name = "one-pile"
    code = "op"
    title = "One Pile"
    credits = "One Pile, a test game"
    rules: ClassVar[ModuleType] = rules
    notation: ClassVar[ModuleType] = notation

    def initial_state(self, seed: str | None, params: Mapping[str, int] | None = None,
                      variants: Sequence[str] | frozenset[str] = (),
                      edition: int | None = None) -> rules.State:
        self.check_params(params or {})
        self.check_variants(list(variants))
        if edition is not None:
            self.check_edition(edition)
        return rules.new_state(seed)

    def opening_lines(self, state: rules.State) -> list[str]:
        """A seeded log writes its pile, so it also reads as a free deal."""
        return [f"pile {state.pile}"] if state.pile is not None else []

    def result(self, state: rules.State) -> Result:
        return Result(state.outcome or "unfinished", state.turns,
                      {"pile": state.pile, "turns": state.turns})

    def describe(self, kind: str, seed: str, params: Mapping[str, int],
                 options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return {"game": self.name, "seed": seed, "pile": rules.dealt(seed),
                "payload": self.payload(seed, params)}


GAME = OnePile()
