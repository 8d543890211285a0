"""Random-play simulation of every game through one harness, as a benchmark.

    python benchmarks/simulate_all.py            # about 20 s per game
    python benchmarks/simulate_all.py --quick    # about 3 s per game
    python benchmarks/simulate_all.py --games 500

Each case is a seeded game played to its end by random legal actions or by the greedy
player (``companion.simulate``), with the game's parameters and variants varied from
case to case. The game is written as a log, validated, and must give the same outcome
and score, its claim matching; where the game allows a free deal (it is not
``seeded_only``) the log is validated again without its seed. The table gives games
per second (play, write, validate) and the share of games that validated: it must be
100 %. ``tests/test_simulation_all.py`` runs a fixed sample of the same cases in CI.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games import GAME_NAMES, get_game  # noqa: E402
from companion.games.base import Game  # noqa: E402
from companion.log import parse_log  # noqa: E402
from companion.replay import validate_text  # noqa: E402
from companion.simulate import play  # noqa: E402

MAX_ACTIONS = 400
"""Actions after which a simulated game stops (unfinished): the greedy player of Dungeon
Solitaire can walk back and forth for ever."""


@dataclass(frozen=True)
class Case:
    """One simulated game: which game, seed, parameters, variants and player."""

    game: str
    seed: str
    params: tuple[tuple[str, int], ...]
    variants: tuple[str, ...]
    player: str


@dataclass
class Outcome:
    """What one case gave: the outcome and score played, the validator's verdict, and
    why they disagree (empty if they agree)."""

    case: Case
    actions: int
    outcome: str
    score: int | None
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _subsets(items: tuple[str, ...]) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [()]
    for item in items:
        out += [s + (item,) for s in out]
    return out


def cases(game_name: str, count: int, prefix: str = "SIM") -> Iterator[Case]:
    """``count`` cases of ``game_name``: seeds ``PREFIX-0``..., the parameter cycling
    through its range, every variant subset in turn, random and greedy players
    alternating."""
    game = get_game(game_name)
    variant_sets = _subsets(game.variants)
    for i in range(count):
        params = tuple((p.name, p.low + (i * 7) % (p.high - p.low + 1)) for p in game.params)
        yield Case(game.name, f"{prefix}-{i}", params, variant_sets[i % len(variant_sets)],
                   "greedy" if i % 2 else "random")


def free_deal(game: Game, text: str) -> str | None:
    """The same log as a free deal (no seed), where the game allows one; else None. The
    ``[Seed]`` tag gives way to the tags the game's free deal starts from
    (``Game.free_deal_tags``: none for most games, the map stacks for Shuffle and
    Doom)."""
    log = parse_log(text)
    seed = log.value("seed")
    if seed is None or game.seeded_only:
        return None
    given = {p.name: log.value(p.tag) for p in game.params}
    params = game.check_params({k: v for k, v in given.items() if v is not None})
    tags = "".join(f'[{k} "{v}"]\n' for k, v in game.free_deal_tags(seed, params).items())
    return text.replace(f'[Seed "{seed}"]\n', tags)


def round_trip(case: Case) -> Outcome:
    """Play ``case``, write its log, validate it (seeded, and as a free deal where the
    game allows), and compare with the played result."""
    game = get_game(case.game)
    played = play(game, case.seed, dict(case.params), case.player, variants=case.variants,
                  max_actions=MAX_ACTIONS)
    result = game.result(played.final)
    out = Outcome(case, len(played.actions), result.outcome, result.score)
    text = played.log_text()
    v = validate_text(text, f"{case.seed}.log")
    if not v.valid:
        out.problems.append(f"invalid: {v.error}")
    elif (v.outcome, v.score) != (result.outcome, result.score):
        out.problems.append(f"validated as {v.outcome}/{v.score}, played "
                            f"{result.outcome}/{result.score}")
    elif v.claim_matches is not True:
        out.problems.append(f"claim {v.claim} does not match {v.score}")
    free = free_deal(game, text)
    if free is not None and out.ok:
        f = validate_text(free, f"{case.seed}-free.log")
        if not f.valid or (f.outcome, f.score) != (result.outcome, result.score):
            out.problems.append(f"as a free deal: {f.error or (f.outcome, f.score)}")
    return out


def run(game_name: str, seconds: float, max_games: int | None) -> tuple[int, int, float, int]:
    """Play cases of one game for ``seconds`` (or ``max_games``): (games, valid, elapsed,
    actions)."""
    start = time.perf_counter()
    games = valid = actions = 0
    for case in cases(game_name, max_games or 10**9, "BENCH"):
        outcome = round_trip(case)
        games += 1
        valid += outcome.ok
        actions += outcome.actions
        if not outcome.ok:
            print(f"  {case}: {'; '.join(outcome.problems)}", file=sys.stderr)
        if max_games is None and time.perf_counter() - start >= seconds:
            break
    return games, valid, time.perf_counter() - start, actions


def rows(quick: bool, max_games: int | None = None) -> list[tuple[str, str, str]]:
    """Table rows (what, size, result) in ``benchmarks/run.py``'s format."""
    out = []
    for name in GAME_NAMES:
        games, valid, elapsed, actions = run(name, 3.0 if quick else 20.0, max_games)
        out.append((f"simulate + validate {name}", f"{games} games, {actions} actions",
                    f"{games / elapsed:,.0f} games/s, {100 * valid / games:.0f} % valid"))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--games", type=int, default=None, help="games per game (instead "
                        "of a time budget)")
    args = parser.parse_args()
    table = rows(args.quick, args.games)
    w1 = max(len(r[0]) for r in table)
    w2 = max(len(r[1]) for r in table)
    print(f"| {'what':<{w1}} | {'size':<{w2}} | result |")
    print(f"|{'-' * (w1 + 2)}|{'-' * (w2 + 2)}|--------|")
    for a, b, c in table:
        print(f"| {a:<{w1}} | {b:<{w2}} | {c} |")
    if any("100 % valid" not in r[2] for r in table):
        sys.exit(1)


if __name__ == "__main__":
    main()
