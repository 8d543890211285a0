"""Differential check of the validator: the verdicts of a fixed corpus of simulated and
mutated logs, as JSON lines, to compare byte for byte before and after a change.

    python benchmarks/validate_diff.py > /tmp/before.jsonl      # on the old code
    python benchmarks/validate_diff.py > /tmp/after.jsonl       # on the new code
    cmp /tmp/before.jsonl /tmp/after.jsonl

``--corpus FILE`` keeps the logs in a file (written on the first run, read on the
next), to compare the validator alone on the same logs.

The corpus (``--logs``, default 2,000) is the same on every run: every registered game,
seeded and free deals, random and greedy players, every parameter's values and variant
sets cycled, and most logs mutated once or twice (a line replaced by words of the game's
vocabulary, deleted, duplicated, swapped with the next, a token's case or a card
changed, the log cut short, a claim changed). Each verdict is written with the state
before the offending line (``validate --explain``), so the explanations are compared too.
Never run as a test.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games import GAME_NAMES, get_game  # noqa: E402
from companion.replay import validate_text  # noqa: E402
from companion.simulate import play, vocabulary  # noqa: E402


def _params(game_name: str, i: int) -> dict[str, int]:
    game = get_game(game_name)
    out = {}
    for p in game.params:
        choices = list(range(p.low, min(p.high, p.low + 12) + 1))
        out[p.name] = p.default if i % 3 == 0 else choices[i % len(choices)]
    return out


def _variant_sets(game_name: str) -> list[tuple[str, ...]]:
    names = tuple(get_game(game_name).variants)
    sets: list[tuple[str, ...]] = [()]
    sets += [(n,) for n in names]
    if len(names) > 1:
        sets.append(names)
    return sets


def _mutate(text: str, words: tuple[str, ...], rng: random.Random) -> str:
    lines = text.split("\n")
    body = [i for i, ln in enumerate(lines) if ln.strip() and not ln.startswith("[")]
    if not body:
        return text
    kind = rng.randrange(9)
    k = rng.choice(body)
    if kind == 0:
        lines[k] = " ".join(rng.choice(words) for _ in range(rng.randint(1, 4)))
    elif kind == 1:
        del lines[k]
    elif kind == 2:
        lines.insert(k, lines[k])
    elif kind == 3 and k + 1 < len(lines):
        lines[k], lines[k + 1] = lines[k + 1], lines[k]
    elif kind == 4:
        lines[k] = lines[k].upper() if rng.random() < 0.5 else lines[k] + " " + rng.choice(words)
    elif kind == 5:
        toks = lines[k].split(" ")
        j = rng.randrange(len(toks))
        toks[j] = rng.choice(words)
        lines[k] = " ".join(toks)
    elif kind == 6:
        lines = lines[: k]
    elif kind == 7:
        lines = [ln if not ln.startswith("[Claim") else '[Claim "7"]' for ln in lines]
    else:
        lines.insert(k, rng.choice(words) + " " + rng.choice(words))
    return "\n".join(lines)


def corpus(count: int) -> Iterator[tuple[str, str]]:
    """(name, log text) of ``count`` logs, the same on every run."""
    rng = random.Random(18)
    for i in range(count):
        name = GAME_NAMES[i % len(GAME_NAMES)]
        game = get_game(name)
        sets = _variant_sets(name)
        variants = sets[(i // len(GAME_NAMES)) % len(sets)]
        free = not game.seeded_only and i % 3 == 0
        player = ("random", "greedy")[(i // 2) % 2]
        played = play(game, f"DIFF{i}", _params(name, i // 7), player, variants=variants,
                      max_actions=300, free=free)
        text = played.log_text()
        words = vocabulary(game)
        roll = rng.random()
        if roll < 0.85:
            text = _mutate(text, words, rng)
        if roll < 0.3:
            text = _mutate(text, words, rng)
        yield f"diff{i}.log", text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--logs", type=int, default=2000)
    parser.add_argument("--corpus", type=Path, default=None,
                        help="a JSON file of the logs: written if absent, else read (the "
                             "same logs without simulating them again)")
    args = parser.parse_args()
    if args.corpus is not None and args.corpus.exists():
        logs = [tuple(x) for x in json.loads(args.corpus.read_text(encoding="utf-8"))]
    else:
        logs = list(corpus(args.logs))
        if args.corpus is not None:
            args.corpus.write_text(json.dumps(logs, ensure_ascii=False), encoding="utf-8")
    for file, text in logs:
        verdict = validate_text(text, file, explain=True)
        sys.stdout.write(json.dumps(verdict.to_json(), ensure_ascii=False, sort_keys=True)
                         + "\n")


if __name__ == "__main__":
    main()
