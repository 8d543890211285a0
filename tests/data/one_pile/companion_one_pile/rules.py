"""One Pile's rules: a pure ``apply``; ``chance_outcomes`` before a free deal's pile."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from companion.errors import IllegalAction

LOW, HIGH = 10, 20


@dataclass(frozen=True)
class Pile:
    """The pile dealt at the table (a free deal's first line)."""

    stones: int


@dataclass(frozen=True)
class Take:
    count: int


Action = Pile | Take


@dataclass(frozen=True)
class State:
    seed: str | None
    pile: int | None  # None: a free deal whose pile is not written yet
    turns: int = 0
    outcome: str | None = None
    written: bool = False  # the pile's line is written (a seeded log may write it)


def dealt(seed: str) -> int:
    """The pile the seed deals: 10 to 20 stones."""
    return LOW + hashlib.sha256(seed.encode()).digest()[0] % (HIGH - LOW + 1)


def new_state(seed: str | None) -> State:
    return State(seed, dealt(seed) if seed is not None else None)


def chance_outcomes(state: State) -> list[tuple[Action, float]]:
    if state.pile is not None:
        return []
    return [(Pile(n), 1 / (HIGH - LOW + 1)) for n in range(LOW, HIGH + 1)]


def legal_actions(state: State) -> list[Action]:
    if state.outcome is not None:
        return []
    if state.pile is None:
        return [a for a, _ in chance_outcomes(state)]
    return [Take(k) for k in (1, 2, 3) if k <= state.pile]


def apply(state: State, action: Action) -> State:
    if state.outcome is not None:
        raise IllegalAction("the pile is empty: the game is over", "over")
    if isinstance(action, Pile):
        if state.written or state.turns:
            raise IllegalAction("the pile is already dealt", "deal-pile")
        if not LOW <= action.stones <= HIGH:
            raise IllegalAction(f"a pile has {LOW} to {HIGH} stones", "deal-pile", 0)
        if state.pile is not None and action.stones != state.pile:
            raise IllegalAction(f"seed {state.seed} deals a pile of {state.pile}",
                                "deal-seed", 0)
        return replace(state, pile=action.stones, written=True)
    if state.pile is None:
        raise IllegalAction("write the pile first: 'pile N'", "deal-free")
    if not 1 <= action.count <= min(3, state.pile):
        raise IllegalAction(f"take 1 to {min(3, state.pile)} stones", "take-count", 0)
    pile = state.pile - action.count
    return replace(state, pile=pile, turns=state.turns + 1,
                   outcome="won" if pile == 0 else None)
