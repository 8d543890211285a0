"""Seeds and QR payloads (docs/command-line.md)."""

import contextlib
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import PayloadError, SeedError
from companion.seeds import Payload, fresh_seed, normalize_seed, parse_payload


def test_normalize_is_case_insensitive():
    assert normalize_seed(" k7q2-9xma ") == "K7Q2-9XMA"
    assert normalize_seed("a" * 32) == "A" * 32


@pytest.mark.parametrize("bad", ["", "   ", "a" * 33, "K7Q2_9XMA", "héllo", "a b", "a/b"])
def test_bad_seeds_are_refused(bad):
    with pytest.raises(SeedError):
        normalize_seed(bad)


def test_fresh_seed_shape():
    assert fresh_seed(bytes(5)) == "0000-0000"
    assert fresh_seed(b"\xff" * 5) == "ZZZZ-ZZZZ"
    assert fresh_seed(b"\x12\x34\x56\x78\x9a") == "28T5-CY4T"
    for _ in range(50):
        s = fresh_seed()
        assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}", s)
        assert normalize_seed(s) == s


def test_payload_round_trip():
    p = parse_payload("companion:1/sd/K7Q2-9XMA/size=7")
    assert p == Payload("sd", "K7Q2-9XMA", {"size": "7"})
    assert p.encode() == "companion:1/sd/K7Q2-9XMA/size=7"
    assert len(p.encode()) <= 42
    assert parse_payload("COMPANION:1/DU/k7q2-9xma/floor=3").params == {"floor": "3"}


@pytest.mark.parametrize("bad", [
    "companion:0/sd/K7Q2-9XMA",          # editions count from 1
    "companion:x/sd/K7Q2-9XMA",          # no edition
    "companion:1/sd",                    # no seed
    "companion:1//K7Q2",                 # empty game
    "companion:1/sd/K7Q2_9XMA",          # bad seed
    "companion:1/sd/K7Q2/size",          # no value
    "companion:1/sd/K7Q2/size=7/size=8",  # repeated
    "hello world",
])
def test_bad_payloads_are_refused(bad):
    with pytest.raises(PayloadError):
        parse_payload(bad)


def test_the_edition_is_read_and_left_to_the_game_to_check():
    assert parse_payload("companion:2/sd/K7Q2-9XMA").edition == 2
    assert parse_payload("companion:1/sd/K7Q2-9XMA").edition == 1


def test_payload_for_unknown_game_is_refused():
    with pytest.raises(PayloadError, match="names game"):
        parse_payload("companion:1/xx/K7Q2", known_games=("sd", "ctd"))


@given(st.text(max_size=80))
def test_payload_parser_only_raises_payload_error(text):
    with contextlib.suppress(PayloadError):
        parse_payload(text)


@given(st.text(max_size=40))
def test_seed_parser_only_raises_seed_error(text):
    with contextlib.suppress(SeedError):
        assert normalize_seed(text) == normalize_seed(text.lower())


def test_the_qr_form_of_a_payload_is_alphanumeric_and_reads_back_the_same():
    from companion.seeds import parse_payload

    alnum = set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
    for text in ["companion:1/sd/K7Q2-9XMA/size=7", "companion:1/ctd/kind=deck",
                 "companion:1/ctd/A/variant=reserve+no-jokers/kind=log",
                 "companion:2/du/S1/floors=10/floor=3"]:
        p = parse_payload(text)
        qr = p.qr_text()
        assert set(qr) <= alnum, qr
        back = parse_payload(qr)
        assert back == p and back.encode() == text
    assert parse_payload("Companion:1/SD/k7q2-9xma/Size=7").encode() == \
        "companion:1/sd/K7Q2-9XMA/size=7"
