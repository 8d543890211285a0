"""Cards: every spelling of notation.md, canonical output, refusals."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cards import JOKER, Card, Suit, card, parse_card, standard_deck
from companion.errors import CardError


@pytest.mark.parametrize("text", ["10♠", "10s", "TS", "ts", "10♤", "t♠", "10S\ufe0f", "10♠\ufe0f"])
def test_ten_of_spades_spellings(text):
    assert parse_card(text) == Card(10, Suit.SPADES)


@pytest.mark.parametrize("text,expected", [
    ("QD", "Q♦"), ("q♢", "Q♦"), ("AH", "A♥"), ("a♡", "A♥"), ("kc", "K♣"), ("2♧", "2♣"),
    ("JK", "JK"), ("jk", "JK"), ("Joker", "JK"), ("J♣", "J♣"), ("jc", "J♣"),
])
def test_spellings(text, expected):
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize("bad", ["", "1♠", "11♠", "ZZ", "K", "♠", "10X", "KK", "0H", "AJ"])
def test_bad_cards(bad):
    with pytest.raises(CardError):
        parse_card(bad)


def test_deck_and_properties():
    deck = standard_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert len(standard_deck(jokers=2)) == 54
    assert card("10", "h").is_red and not card("K", Suit.CLUBS).is_red
    assert JOKER.is_joker and str(JOKER) == "JK" and JOKER.ascii() == "JK"
    assert Card(12, Suit.DIAMONDS).ascii() == "QD"
    assert Card(11, Suit.SPADES).is_face
    with pytest.raises(CardError):
        Card(14, Suit.SPADES)
    with pytest.raises(CardError):
        Card(3, None)


@given(st.text(max_size=6))
def test_parser_only_raises_card_error(text):
    try:
        c = parse_card(text)
    except CardError:
        return
    assert parse_card(str(c)) == c and parse_card(c.ascii()) == c
