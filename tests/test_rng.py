"""The portable generator: reference vectors, golden vectors, independence."""

from collections import Counter

import pytest

from companion.rng import Stream, stream


def test_xoshiro256starstar_reference_vector():
    # Reference output of xoshiro256** from state {1, 2, 3, 4} (Blackman & Vigna's C code).
    s = Stream([1, 2, 3, 4])
    assert [s.next64() for _ in range(4)] == [11520, 0, 1509978240, 1215971899390074240]


def test_golden_vectors_named_streams():
    # Frozen: a change here changes every seeded deal and needs a new rules version.
    s = stream("K7Q2-9XMA", "test")
    assert [s.next64() for _ in range(3)] == [
        12692677500119894292, 7594037093339631727, 4490678922420254411]
    s = stream("K7Q2-9XMA", "test")
    assert [s.below(10) for _ in range(10)] == [2, 7, 1, 4, 9, 9, 6, 8, 5, 9]
    assert stream("SEED", "shuffle").shuffled(list(range(10))) == [0, 7, 4, 5, 1, 9, 2, 6, 3, 8]


def test_streams_are_independent_and_repeatable():
    a = [stream("S", "a").next64() for _ in range(2)]
    assert a[0] == a[1]
    assert stream("S", "a").next64() != stream("S", "b").next64()
    assert stream("S", "pass", 2).next64() != stream("S", "pass", 3).next64()
    assert stream("S", "ab").next64() != stream("S", "a", "b").next64()


def test_below_range_and_spread():
    s = stream("spread", "x")
    counts = Counter(s.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < n < 1200 for n in counts.values())
    with pytest.raises(ValueError):
        s.below(0)
    assert s.below(1) == 0


def test_shuffle_is_a_permutation_and_state_is_exposed():
    s = stream("perm", "x")
    items = list(range(52))
    out = s.shuffled(items)
    assert sorted(out) == items and out != items
    assert len(s.state()) == 4
    assert s.between(3, 3) == 3
    assert s.chance(1.0) and not s.chance(0.0)
    with pytest.raises(ValueError):
        s.choice([])
    with pytest.raises(ValueError):
        Stream([0, 0, 0, 0])


def test_the_sha256_used_is_the_standard_one():
    import hashlib

    from companion import rng

    for data in (b"", b"companion", bytes(range(256)) * 9):
        assert rng.sha256(data).digest() == hashlib.sha256(data).digest()
