"""The project's own portable random generator, with named independent streams.

Algorithm (fixed: changing it changes every seeded deal, so it is part of the rules
and generator version ``1`` in the QR payload):

* A stream is named by the seed and a path of names, e.g.
  ``stream("K7Q2-9XMA", "shuffle-and-doom", "pass", 2)``. Its 256-bit state is
  ``SHA-256("companion-rng/1" + "\\x00" + seed + "\\x00" + name1 + "\\x00" + name2 ...)``,
  read as four little-endian 64-bit words (an all-zero state, which cannot happen in
  practice, is replaced by the SHA-256 of the same bytes plus ``\\x01``).
* Numbers come from xoshiro256** (Blackman and Vigna, 2018), 64 bits a step.
* ``below(n)`` draws an unbiased integer in ``[0, n)`` by rejection: with
  ``limit = 2**64 - (2**64 % n)``, it draws until ``x < limit`` and returns ``x % n``.
* ``shuffle`` is Fisher-Yates from the last index down: for ``i = len-1 … 1`` swap
  item ``i`` with item ``below(i + 1)``.
* ``chance(p)`` is ``below(1_000_000) < round(p * 1_000_000)``: probabilities in
  millionths, so no floating point reaches the stream.

Nothing here uses Python's ``random`` module, dict order or set order, so the same
seed gives the same numbers on every machine and Python version (golden vectors in
``tests/test_rng.py``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, TypeVar


def _sha256_constructor() -> Callable[[bytes], Any]:
    """SHA-256 from CPython's own module when it has one (``_sha2``, 3.12+;
    ``_sha256``, 3.11): the same digests as ``hashlib.sha256`` without loading OpenSSL,
    a few milliseconds of a short command's start-up."""
    for name in ("_sha2", "_sha256"):
        try:
            constructor: Callable[[bytes], Any] = importlib.import_module(name).sha256
            return constructor
        except (ImportError, AttributeError):
            continue
    import hashlib  # pragma: no cover - a Python without them

    return hashlib.sha256  # pragma: no cover


sha256 = _sha256_constructor()

T = TypeVar("T")

_MASK = (1 << 64) - 1
RNG_VERSION = "companion-rng/1"


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK


class Stream:
    """One independent stream of xoshiro256** numbers."""

    __slots__ = ("_s",)

    def __init__(self, state: Sequence[int]) -> None:
        if len(state) != 4 or not any(state):
            raise ValueError("xoshiro256** needs four 64-bit words, not all zero")
        self._s = [w & _MASK for w in state]

    @classmethod
    def from_names(cls, seed: str, *names: object) -> Stream:
        """The stream named by ``seed`` and ``names`` (see the module docstring)."""
        key = "\x00".join([RNG_VERSION, seed, *(str(n) for n in names)]).encode("utf-8")
        digest = sha256(key).digest()
        words = [int.from_bytes(digest[i : i + 8], "little") for i in range(0, 32, 8)]
        if not any(words):  # pragma: no cover - probability 2**-256
            digest = sha256(key + b"\x01").digest()
            words = [int.from_bytes(digest[i : i + 8], "little") for i in range(0, 32, 8)]
        return cls(words)

    def state(self) -> tuple[int, int, int, int]:
        """The four state words (to keep a stream's position inside a game state)."""
        s = self._s
        return (s[0], s[1], s[2], s[3])

    def next64(self) -> int:
        """The next 64-bit output of xoshiro256**."""
        s = self._s
        result = (_rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
        t = (s[1] << 17) & _MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """An unbiased integer in ``[0, n)``. Raises ValueError if ``n < 1``."""
        if n < 1:
            raise ValueError(f"below() needs n >= 1, not {n}")
        if n == 1:
            return 0
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def between(self, low: int, high: int) -> int:
        """An integer in ``[low, high]``, both ends included."""
        return low + self.below(high - low + 1)

    def chance(self, p: float) -> bool:
        """True with probability ``p`` (counted in millionths)."""
        return self.below(1_000_000) < round(p * 1_000_000)

    def choice(self, items: Sequence[T]) -> T:
        """One item of a non-empty sequence. Raises ValueError if it is empty."""
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates, last index first)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items``."""
        out = list(items)
        self.shuffle(out)
        return out


def stream(seed: str, *names: object) -> Stream:
    """Shorthand for :meth:`Stream.from_names`."""
    return Stream.from_names(seed, *names)
