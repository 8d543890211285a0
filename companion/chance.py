"""Chance outcomes, exact and made on demand (OpenSpiel's chance nodes).

Where the table decides what comes next (a free deal's cards, written down as they
turn up), the state is a *chance node*: each game's ``rules.chance_outcomes(state)``
gives every action that can come next with its probability, and ``legal_actions`` is
empty there (and the other way round where a player decides).

A deal of several cards at once can come out in very many ways: the first room of a
Scoundrel free deal, four cards in the order dealt, in 44 × 43 × 42 × 41 = 3,258,024.
So the outcomes are an :class:`Outcomes` sequence: its length and any item are
computed (combinations and arrangements unranked in lexicographic order of the pool),
never stored, and :func:`sample` draws one with its exact probability from a stream of
the project's generator. An outcome's probability is a float for the API; the weights
behind it are whole numbers, so sampling needs no floating point.

Pure standard library, no I/O, no randomness of its own (a stream is passed in).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from math import comb, perm
from typing import Generic, TypeVar, overload

from companion.rng import Stream

A = TypeVar("A")
T = TypeVar("T")


@dataclass(frozen=True)
class Block(Generic[A]):
    """``count`` outcomes of equal ``weight``: outcome ``i`` is ``make(i)``; ``each``,
    when given, makes them all in that order faster (for iterating)."""

    count: int
    weight: int
    make: Callable[[int], A]
    each: Callable[[], Iterable[A]] | None = None


class Outcomes(Sequence[tuple[A, float]]):
    """Every outcome of a chance node with its probability, as a read-only sequence of
    ``(action, probability)`` pairs whose items are made when asked for.

    The outcomes come in blocks of equal whole-number weight (one block for a uniform
    draw); an outcome's probability is its weight over :attr:`total_weight`. Two
    outcome sequences, or one and a list, are equal when their items are.
    """

    def __init__(self, blocks: Sequence[Block[A]]) -> None:
        self.blocks = tuple(b for b in blocks if b.count > 0)
        self.size = sum(b.count for b in self.blocks)
        self.total_weight = sum(b.count * b.weight for b in self.blocks)

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> tuple[A, float]: ...

    @overload
    def __getitem__(self, index: slice) -> list[tuple[A, float]]: ...

    def __getitem__(self, index: int | slice) -> tuple[A, float] | list[tuple[A, float]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.size))]
        i = index + self.size if index < 0 else index
        if not 0 <= i < self.size:
            raise IndexError(f"outcome {index} of {self.size}")
        for block in self.blocks:
            if i < block.count:
                return block.make(i), block.weight / self.total_weight
            i -= block.count
        raise AssertionError("unreachable")  # pragma: no cover

    def __iter__(self) -> Iterator[tuple[A, float]]:
        for block in self.blocks:
            p = block.weight / self.total_weight
            made = block.each() if block.each is not None else map(block.make,
                                                                   range(block.count))
            for action in made:
                yield action, p

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other,
                                                                      strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Outcomes: {self.size} outcomes in {len(self.blocks)} block(s)>"

    def pick(self, r: int) -> A:
        """The outcome at ``r`` on the weight line: ``r`` drawn uniformly from
        ``range(total_weight)`` gives each outcome with its probability. Raises
        IndexError for ``r`` outside that range."""
        if not 0 <= r < self.total_weight:
            raise IndexError(f"weight {r} of {self.total_weight}")
        for block in self.blocks:
            span = block.count * block.weight
            if r < span:
                return block.make(r // block.weight)
            r -= span
        raise AssertionError("unreachable")  # pragma: no cover


def uniform(count: int, make: Callable[[int], A]) -> Outcomes[A]:
    """``count`` equally likely outcomes, outcome ``i`` being ``make(i)``."""
    return Outcomes([Block(count, 1, make)])


def combination(items: Sequence[T], k: int, index: int) -> tuple[T, ...]:
    """The ``index``-th ``k``-combination of ``items`` in lexicographic order of their
    positions (``index`` in ``range(comb(len(items), k))``), items in their order.

    Raises IndexError for an index out of range."""
    n = len(items)
    if not 0 <= index < comb(n, k):
        raise IndexError(f"combination {index} of {comb(n, k)}")
    out: list[T] = []
    start = 0
    for left in range(k, 0, -1):
        for x in range(start, n):
            below = comb(n - x - 1, left - 1)  # combinations that take x next
            if index < below:
                out.append(items[x])
                start = x + 1
                break
            index -= below
    return tuple(out)


def arrangement(items: Sequence[T], k: int, index: int) -> tuple[T, ...]:
    """The ``index``-th ordered choice of ``k`` distinct ``items`` (``index`` in
    ``range(perm(len(items), k))``), in lexicographic order of their positions.

    Raises IndexError for an index out of range."""
    pool = list(items)
    if not 0 <= index < perm(len(pool), k):
        raise IndexError(f"arrangement {index} of {perm(len(pool), k)}")
    out: list[T] = []
    for left in range(k, 0, -1):
        size = perm(len(pool) - 1, left - 1)  # arrangements per first item
        out.append(pool.pop(index // size))
        index %= size
    return tuple(out)


def combinations_of(items: Sequence[T], k: int,
                    make: Callable[[tuple[T, ...]], A]) -> Outcomes[A]:
    """Every ``k``-combination of ``items``, equally likely (``comb(n, k)`` outcomes):
    ``make`` turns one into an action."""
    pool = tuple(items)
    return Outcomes([Block(comb(len(pool), k), 1, lambda i: make(combination(pool, k, i)),
                           lambda: map(make, itertools.combinations(pool, k)))])


def arrangements_of(items: Sequence[T], k: int,
                    make: Callable[[tuple[T, ...]], A]) -> Outcomes[A]:
    """Every ordered choice of ``k`` distinct ``items``, equally likely (``perm(n, k)``
    outcomes): ``make`` turns one into an action."""
    pool = tuple(items)
    return Outcomes([Block(perm(len(pool), k), 1, lambda i: make(arrangement(pool, k, i)),
                           lambda: map(make, itertools.permutations(pool, k)))])


def sample(outcomes: Sequence[tuple[A, float]], rng: Stream) -> A:
    """One outcome drawn with its probability from ``rng``: exactly (whole-number
    weights) for :class:`Outcomes`, by the probabilities for any other sequence.

    Raises ValueError if there is no outcome (not a chance node)."""
    if not outcomes:
        raise ValueError("no chance outcome to sample: not a chance node")
    if isinstance(outcomes, Outcomes):
        return outcomes.pick(rng.below(outcomes.total_weight))
    scale = 1 << 53
    r = rng.below(scale) / scale * sum(p for _, p in outcomes)
    for action, p in outcomes:
        r -= p
        if r < 0:
            return action
    return outcomes[-1][0]
