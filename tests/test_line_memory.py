"""The replay reads each distinct action line once per game and line context
(``Game.line_context``, issue 18) and takes the action of a line read before from its
memory. That memory must never change a verdict: a log validates with it, warm or cold,
exactly as it does without it, whatever the lines, their spelling, the parameters (the
context: a map's size, a deck's length) and the order the logs come in."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion import replay
from companion.errors import NotationError
from companion.games import GAME_NAMES, get_game
from companion.log import ActionLine, Token, parse_log
from companion.simulate import play, vocabulary

SPELLINGS = ["", " ", "  ", ", ", "\t", " # note"]


def _verdicts(texts: list[str]) -> list[dict[str, Any]]:
    return [replay.validate_text(t, explain=True).to_json() for t in texts]


def _logs(name: str, rng: random.Random) -> list[str]:
    """Short seeded games of ``name`` at parameter extremes, their lines changed at
    random: words of the game's vocabulary, other spellings of the same words."""
    game = get_game(name)
    words = vocabulary(game)
    texts = []
    for k in range(12):
        params = {p.name: (p.low if k % 3 == 0 else p.high if k % 3 == 1 else p.default)
                  for p in game.params}
        played = play(game, f"MEMO{k}", game.check_params(params), "random",
                      max_actions=25)
        lines = played.log_text().splitlines()
        for i, line in enumerate(lines):
            if line.startswith("[") or k % 4 == 3 or rng.random() < 0.8:
                continue  # (every fourth log as played)
            if rng.random() < 0.5:  # the same words, spelt otherwise
                lines[i] = rng.choice(SPELLINGS[1:]).join(line.split(" "))
                lines[i] += rng.choice(SPELLINGS)
            else:
                lines[i] = " ".join(rng.choice(words) for _ in range(rng.randint(1, 3)))
        texts.append("\n".join(lines) + "\n")
    return texts


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_memory_of_lines_never_changes_a_verdict(name, monkeypatch):
    texts = _logs(name, random.Random(name))
    monkeypatch.setattr(replay, "_MEANINGS", {})
    warm_up = _verdicts(texts)
    again = _verdicts(texts[::-1])[::-1]  # every line read before, other contexts first
    monkeypatch.setattr(replay, "_MEANINGS", {})
    monkeypatch.setattr(replay, "_MEANINGS_MAX", 0)  # nothing remembered
    plain = _verdicts(texts)
    assert warm_up == plain
    assert again == plain
    assert any(v["valid"] for v in plain) and not all(v["valid"] for v in plain)


def test_a_line_read_on_one_map_is_read_again_on_another():
    head = '[Game "shuffle-and-doom"]\n[Seed "MEMO"]\n[Size "{}"]\nchoose row\nenter z26\n'
    large = replay.validate_text(head.format(26))
    small = replay.validate_text(head.format(4))
    assert large.error is None or "off the" not in str(large.error)
    assert small.error is not None and "off the 4×4 grid" in str(small.error)
    assert (small.error.line, small.error.column) == (5, 7)


def test_the_memory_is_bounded(monkeypatch):
    monkeypatch.setattr(replay, "_MEANINGS", {})
    monkeypatch.setattr(replay, "_MEANINGS_MAX", 50)
    monkeypatch.setattr(replay, "_CONTEXTS_MAX", 3)
    body = "\n".join(f"draw {n % 10 + 1}♥ {n % 7 + 2}♣ {n % 9 + 2}♦" for n in range(200))
    for size in (4, 5, 6, 7, 8):
        replay.validate_text(f'[Game "shuffle-and-doom"]\n[Size "{size}"]\n{body}\n')
        replay.validate_text(f'[Game "clear-the-dungeon"]\n[Seed "M{size}"]\n{body}\n')
    assert len(replay._MEANINGS) <= 3
    assert all(len(known) <= 50 for known in replay._MEANINGS.values())


def test_a_reading_function_patched_in_is_asked(monkeypatch):
    from companion.games.scoundrel import notation

    text = '[Game "scoundrel"]\n[Seed "MEMO"]\navoid\n'
    assert replay.validate_text(text).error is None  # 'avoid' remembered

    def refuse(state: object, line: ActionLine) -> object:
        raise NotationError("patched", "notation-verb")

    monkeypatch.setattr(notation, "parse_action", refuse)
    assert "patched" in str(replay.validate_text(text).error)


@pytest.mark.parametrize("text, words", [
    ("play 7♦ on 2", [("play", 1), ("7♦", 6), ("on", 9), ("2", 12)]),
    ("  play,7♦  on\t2 # x", [("play", 3), ("7♦", 8), ("on", 12), ("2", 15)]),
    ("avoid", [("avoid", 1)]),
    ("avoid\r", [("avoid", 1)]),
])
def test_an_action_line_makes_its_tokens_where_the_words_stand(text, words):
    line = parse_log('[Game "scoundrel"]\n' + text + "\n").actions[0]
    tokens = [Token(w, 2, c) for w, c in words]
    assert (line.verb, *line.args) == tuple(tokens)
    assert line.text == " ".join(w for w, _ in words) == str(line)
    assert line.name == words[0][0].lower()
    assert ActionLine.of(tokens[0], tokens[1:]) == ActionLine(line.text, 2,
                                                              tuple(c for _, c in words))
