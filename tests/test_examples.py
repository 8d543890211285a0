"""The worked example logs (copied from the shared examples) give their expected verdicts.

Folders whose game is not registered yet are listed but skipped by name, so a new game's
examples start counting the moment the game lands."""

import json
from pathlib import Path

import pytest

from companion.games import GAME_NAMES
from companion.replay import validate_path

ROOT = Path(__file__).parent / "examples"
CASES = [
    (folder.name, name, expected)
    for folder in sorted(ROOT.iterdir()) if folder.is_dir()
    for name, expected in json.loads((folder / "expected.json").read_text("utf-8")).items()
]


def test_examples_are_present():
    assert any(game == "shuffle-and-doom" for game, _, _ in CASES)


@pytest.mark.parametrize("game,name,expected", CASES, ids=[f"{g}/{n}" for g, n, _ in CASES])
def test_example_verdict(game, name, expected):
    if game not in GAME_NAMES:
        pytest.skip(f"{game} is not implemented yet")
    v = validate_path(ROOT / game / name)
    assert v.game == game
    assert v.valid == expected["valid"], v.error
    if expected["valid"]:
        assert v.outcome == expected["outcome"]
        assert v.score == expected["score"]
        assert v.claim_matches == expected["claim_matches"]
    else:
        assert v.error.line == expected["line"], v.error
