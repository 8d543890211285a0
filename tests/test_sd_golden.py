"""Golden vectors for Shuffle and Doom seeded deals: a change here changes what every
printed seed means, and must come with a new rules version in the QR payload."""

import hashlib

import pytest

from companion.games.shuffle_and_doom.generation import deal, pass_order


def test_golden_deal_k7q2():
    d = deal("K7Q2-9XMA", 7)
    assert " ".join(map(str, d.stacked_deck)) == (
        "5♦ 10♦ 7♦ 4♥ 2♠ 7♥ 2♥ 2♣ K♠ A♦ Q♥ K♥ A♣ 8♦ 9♦ J♥ J♠ 3♣ A♠ 5♥ 7♣ 6♦ 10♠ 4♣ Q♣ 5♠ "
        "4♠ 8♥ 4♦ 9♣ J♣ 6♣ A♥ 2♦ 8♠ 10♥ Q♠ K♣ 3♦ 8♣ J♦ 7♠ K♦ 9♠ 6♥ Q♦ 3♠ 6♠ 9♥ 10♣ 5♣ 3♥")
    assert " ".join(map(str, pass_order("K7Q2-9XMA", 2)[:6])) == "10♠ 4♠ A♦ 9♣ J♦ A♣"


@pytest.mark.parametrize("seed,size,digest", [
    ("A", 4, "8e77aa933695453d"), ("A", 7, "db2facf90ea7a8a7"), ("A", 26, "b3114b63a5604e85"),
    ("B", 7, "a968c83846237666"), ("GOLDEN-1", 26, "10c828673e0a215b"),
    ("ZZZZ-ZZZZ", 4, "6abd5d127c9b2218"),
])
def test_golden_deal_digests(seed, size, digest):
    d = deal(seed, size)
    text = " ".join(map(str, d.pass1_draws))
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == digest


def test_all_one_colour_deals_are_redealt():
    from companion.cards import standard_deck
    from companion.rng import stream

    first = stream("COLOUR62", "shuffle-and-doom", "deal", 0).shuffled(standard_deck())[:8]
    assert len({c.is_red for c in first}) == 1  # attempt 0 was all one colour
    assert deal("COLOUR62", 4).attempt == 1
    for i in range(400):
        d = deal(f"COLOUR{i}", 4)
        assert len({c.is_red for c in d.row_stack + d.column_stack}) == 2
