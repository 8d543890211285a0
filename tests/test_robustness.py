"""Property tests: random and mutated logs of every registered game give a verdict or a
documented error, never a traceback; a mutated line is reported at that line or later."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import GAME_NAMES, get_game
from companion.replay import validate_text
from companion.simulate import play

WORDS = {
    "shuffle-and-doom": "choose row column bonus health attack enter a1 b2 g7 room hit disarm take "
                        "drink read loot retreat exit 5♣ K♠ 10♦ th qd",
    "clear-the-dungeon": "monsters draw play on discard reveal 1 2 4 5 J♣ Q♦ K♠ 9♦ 2♥ JK th 10c",
}


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(WORDS)), st.data())
def test_random_action_lines_never_crash(game, data):
    words = WORDS[game].split()
    lines = data.draw(st.lists(st.lists(st.sampled_from(words), min_size=1, max_size=5)
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
