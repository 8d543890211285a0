"""docs/command-line.md: a sheet's QR payload "can stand in a log header" and sets the game's
parameters. Every payload any sheet prints must be accepted in a log's Seed tag."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games import all_games
from companion.games.base import read_header
from companion.log import parse_log
from companion.replay import validate_text
from companion.scan import scan_file
from companion.seeds import parse_payload

CASES = [
    # game, params, options (sheet params and variants)
    ("shuffle-and-doom", {"size": 5}, {}),
    ("clear-the-dungeon", {}, {"variants": ("reserve", "no-jokers")}),
    ("dungeon-upkeeper", {"floors": 3}, {}),
    ("dungeon-solitaire", {}, {}),
]


def printed_payloads(tmp_path: Path) -> list[tuple[object, str]]:
    out = []
    games = {g.name: g for g in all_games()}
    for name, params, options in CASES:
        game = games[name]
        for kind in game.sheet_kinds:
            data = game.render(kind.name, "PAYLOAD1", game.check_params(params), "a4",
                               dict(options))
            pdf = tmp_path / f"{name}-{kind.name}.pdf"
            pdf.write_bytes(data)
            out += [(game, p) for p in scan_file(pdf)]
    return out


def test_every_printed_payload_stands_in_a_log_header(tmp_path):
    seen_keys = set()
    payloads = printed_payloads(tmp_path)
    assert len(payloads) >= 10
    seedless = 0
    for game, payload in payloads:
        parsed = parse_payload(payload)
        seen_keys |= set(parsed.params)
        if not parsed.seed:  # a plain deck, a calibration sheet: no game to log
            seedless += 1
            v = validate_text(f'[Game "{game.name}"]\n[Seed "{payload}"]\n')
            assert not v.valid and v.error.rule == "seed" and "names no seed" in v.error.message
            continue
        log = parse_log(f'[Game "{game.name}"]\n[Seed "{payload}"]\n')
        header = read_header(log, game)
        assert header.seed == "PAYLOAD1", payload
        for p in game.params:
            if p.name in parsed.params:
                assert header.params[p.name] == int(parsed.params[p.name]), payload
        if "variant" in parsed.params:
            assert header.variants == frozenset(parsed.params["variant"].split("+"))
        verdict = validate_text(f'[Game "{game.name}"]\n[Seed "{payload}"]\n')
        assert verdict.valid, (payload, verdict.error)
    # the payloads printed name sheets, floors, levels and variants, not only parameters
    assert {"kind", "variant", "floor"} <= seen_keys
    assert seedless >= 1


def test_payload_variants_set_the_variants_and_must_agree_with_the_tag():
    head = '[Game "clear-the-dungeon"]\n[Seed "companion:1/ctd/AUDIT1/variant=reserve"]\n'
    v = validate_text(head + "draw\n")
    assert v.valid, v.error
    v = validate_text(head + '[Variant "reserve"]\ndraw\n')
    assert v.valid, v.error
    v = validate_text(head + '[Variant "no-jokers"]\ndraw\n')
    assert not v.valid and v.error.rule == "variant" and v.error.line == 3
    assert "contradicts" in v.error.message
    v = validate_text('[Game "clear-the-dungeon"]\n'
                      '[Seed "companion:1/ctd/AUDIT1/variant=wild"]\n')
    assert not v.valid and v.error.rule == "parameter" and v.error.line == 2
    assert "variant" in v.error.message


@pytest.mark.parametrize("payload", [
    "companion:1/sd/AUDIT1/colour=red",        # not a parameter nor a sheet's name
    "companion:1/sd/AUDIT1/variant=reserve",   # shuffle-and-doom has no such variant
])
def test_other_payload_keys_are_still_refused(payload):
    v = validate_text(f'[Game "shuffle-and-doom"]\n[Seed "{payload}"]\n')
    assert not v.valid and v.error.line == 2


@pytest.mark.parametrize("seed", [
    "bad seed!", "companion:2/ctd/ABC", "companion:1/sd/ABC", "companion:1/ctd",
    "companion:1/ctd/ABC/colour=red",
])
def test_a_bad_seed_or_payload_in_a_log_exits_2(tmp_path, seed):
    """docs/command-line.md: exit 2 for a bad seed or payload; the verdict names the place."""
    from typer.testing import CliRunner

    from companion.cli import app

    log = tmp_path / "x.log"
    log.write_text(f'[Game "clear-the-dungeon"]\n[Seed "{seed}"]\ndraw\n', "utf-8")
    r = CliRunner().invoke(app, ["validate", str(log)])
    assert r.exit_code == 2, r.output
    assert f"{log}:2:8:" in r.stderr
    r = CliRunner().invoke(app, ["validate", "--json", str(log)])
    assert r.exit_code == 2 and '"valid": false' in r.stdout
