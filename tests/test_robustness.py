"""Property tests: random and mutated logs of every registered game give a verdict or a
documented error, never a traceback; a mutated line is reported at that line or later."""

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import GAME_NAMES, get_game
from companion.replay import validate_text
from companion.simulate import play, vocabulary


@cache
def words(game: str) -> tuple[str, ...]:
    """What random action lines of ``game`` are made of (``simulate.vocabulary``)."""
    return vocabulary(get_game(game))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_game_has_a_vocabulary_with_its_verbs(game):
    g = get_game(game)
    vocabulary = words(game)
    assert set(getattr(g.notation, "VERBS", ())) <= set(vocabulary)
    assert len(set(vocabulary)) > len(getattr(g.notation, "VERBS", ())), vocabulary


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(GAME_NAMES), st.data())
def test_random_action_lines_never_crash(game, data):
    lines = data.draw(st.lists(st.lists(st.sampled_from(words(game)), min_size=1, max_size=5)
                               .map(" ".join), max_size=25))
    seeded = data.draw(st.booleans())
    head = f'[Game "{game}"]\n' + ('[Seed "PROP"]\n' if seeded else "")
    v = validate_text(head + "\n".join(lines) + "\n", "p.log")
    assert v.valid or v.error is not None
    if v.error is not None:
        assert 1 <= v.error.line <= len(lines) + 3


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GAME_NAMES), st.integers(0, 30), st.integers(0, 10_000),
       st.sampled_from(["x", "hit", "play 2♥ on 1", "draw", "", "loot", "###", "enter a1"]))
def test_mutating_one_line_is_reported_at_that_line_or_later(game, seed_no, pick, replacement):
    g = get_game(game)
    played = play(g, f"MUT{seed_no}", {p.name: p.default for p in g.params}, "random")
    lines = played.log_text().splitlines()
    body = [i for i, ln in enumerate(lines) if not ln.startswith("[")]
    k = body[pick % len(body)]
    lines[k] = replacement
    v = validate_text("\n".join(lines) + "\n", "m.log")
    if not v.valid:
        assert v.error.line >= k + 1, (v.error, k + 1)
