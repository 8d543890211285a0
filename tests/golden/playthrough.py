"""Playthroughs: whole games pinned step by step as readable text (OpenSpiel's
playthrough files), one file per case in ``tests/golden/playthroughs/``.

Every game of the registry names its cases (``Game.playthrough_cases``: a seed, a
simulated player, parameters, a free deal or not); nothing here names a game. Each text
holds the log's header, then for every step the state as ``companion validate
--explain`` shows it, what may come next (the legal actions where the player decides,
the chance outcomes where the table decides: all of them, or their count and the first
few when there are very many) and the action taken as the log writes it; then the final
state, outcome and score. ``tests/test_playthroughs.py`` computes each text again and
compares it with the file, showing a diff when they differ.

Re-record (after a deliberate change of the rules, the notation, ``explain`` or a
player), from the repository's root, and read the diff before committing it::

    python -m tests.golden.playthrough            # every game
    python -m tests.golden.playthrough scoundrel  # one game's files only
    python -m tests.golden.playthrough --check    # write nothing: exit 1 if one differs

Files of cases no longer named are removed. A change to a seeded deal itself is a new
edition of the game (``python -m tests.golden.update``), not only a new playthrough.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from companion.chance import Outcomes
from companion.games import REGISTRY, get_game
from companion.games.base import Game, Playthrough
from companion.simulate import play

FOLDER = Path(__file__).resolve().with_name("playthroughs")
"""Where the playthrough texts are committed."""
RECORD = "python -m tests.golden.playthrough"
"""The command that re-records them."""
MAX_LISTED = 60
"""Legal actions beyond this many are counted, and only the first :data:`FIRST` shown."""
FIRST = 8
"""How many actions or outcomes are shown of a long list (chance outcomes always are
counted: a free deal's first room can come in millions of ways)."""
MAX_ACTIONS = 2_000
"""A case that has not ended after this many actions is refused (a file would be too
long to read)."""


def case_name(game: Game, case: Playthrough) -> str:
    """``GAME-SEED`` (``GAME-free-SEED`` for a free deal): the file's name, no suffix."""
    return f"{game.name}-{'free-' if case.free else ''}{case.seed}"


def cases(names: Sequence[str] = ()) -> Iterator[tuple[Game, Playthrough]]:
    """Every (game, case): the games of the registry (``names``: only these; games
    other packages install are not pinned here), each case it names."""
    games = [get_game(n) for n in (names or REGISTRY)]
    for game in games:
        for case in game.playthrough_cases():
            yield game, case


def text_path(name: str) -> Path:
    return FOLDER / f"{name}.txt"


def played(game: Game, case: Playthrough) -> Any:
    """The simulated game of ``case`` (:func:`companion.simulate.play`, player seed
    ``"0"``), ended: over, or with nothing left to do (a Scoundrel game won with the
    last card not worth facing). Raises ValueError for one that does not end within
    :data:`MAX_ACTIONS`."""
    params = game.check_params(dict(case.params))
    game_played = play(game, case.seed, params, case.player, free=case.free,
                       max_actions=MAX_ACTIONS)
    final = game_played.final
    if not (game.is_over(final) or not (game.legal_actions(final)
                                         or game.chance_outcomes(final))):
        raise ValueError(f"{case_name(game, case)}: no end after {MAX_ACTIONS} actions: "
                         "choose a shorter game")
    return game_played


def _count(n: int) -> str:
    return f"{n:,}"


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{_count(p.denominator)}" if p.denominator != 1 else str(p)


def _chance_lines(game: Game, outcomes: Sequence[tuple[Any, float]]) -> list[str]:
    """The chance outcomes: their count, the probability of each (exact where the
    outcomes carry whole-number weights: "each 1/N" when they are equally likely, else
    how many come at each probability), all of them or the first :data:`FIRST`."""
    n = len(outcomes)
    weights: list[tuple[int, Fraction]] = []  # (outcomes, probability of each) per block
    if isinstance(outcomes, Outcomes):
        weights = [(b.count, Fraction(b.weight, outcomes.total_weight))
                   for b in outcomes.blocks]

    def prob(i: int, p: float) -> Fraction:
        for count, each in weights:
            if i < count:
                return each
            i -= count
        return Fraction(p).limit_denominator(10**12)

    uniform = len({each for _, each in weights}) == 1
    head = f"chance outcomes ({_count(n)}"
    if uniform:
        head += f", each {_fraction(weights[0][1])}):"
    elif weights:  # how many come at each probability, in their order
        groups: dict[Fraction, int] = {}
        for count, each in weights:
            groups[each] = groups.get(each, 0) + count
        head += ": " + ", ".join(f"{_count(k)} at {_fraction(each)}"
                                 for each, k in groups.items()) + "):"
    else:
        head += "):"
    lines = [head]
    shown = n if n <= MAX_LISTED else FIRST
    for i in range(shown):
        action, p = outcomes[i]
        lines.append(f"  {game.format_action(action)}"
                     + ("" if uniform else f"  (p = {_fraction(prob(i, p))})"))
    if shown < n:
        lines.append(f"  ... and {_count(n - shown)} more")
    return lines


def _legal_lines(game: Game, legal: Sequence[Any]) -> list[str]:
    n = len(legal)
    shown = n if n <= MAX_LISTED else FIRST
    lines = [f"legal actions ({_count(n)}):"]
    lines.extend(f"  {game.format_action(a)}" for a in legal[:shown])
    if shown < n:
        lines.append(f"  ... and {_count(n - shown)} more")
    return lines


def _state_lines(game: Game, state: Any) -> list[str]:
    return ["state:", *(f"  {line}" for line in game.explain(state))]


def render(game: Game, case: Playthrough) -> str:
    """The playthrough text of ``case``."""
    g = played(game, case)
    final = game.result(g.final)
    deal = ("a free deal: the table deals, at its chance nodes" if case.free
            else "the seeded deal")
    lines = [
        f"# Playthrough: {game.title or game.name}, {deal}; seed {case.seed}, "
        f"player {case.player!r} (player seed 0)"
        + (f": {case.why}" if case.why else ""),
        "# Pinned by tests/test_playthroughs.py; re-record with: " + RECORD,
        "# Each step: the state as `companion validate --explain` shows it, the legal",
        "# actions (or, where the table decides, the chance outcomes), the action taken",
        "# as the log writes it.",
        "",
        *(f'[{k} "{v}"]' for k, v in g.tags.items() if k != "Claim"),
    ]
    opening = game.opening_lines(g.states[0])
    if opening:
        lines.append("opening lines:")
        lines.extend(f"  {line}" for line in opening)
    steps = zip(g.states[:-1], g.actions, g.states[1:], strict=True)
    for number, (before, action, after) in enumerate(steps, 1):
        legal = game.legal_actions(before)
        lines.append("")
        if legal:
            lines.append(f"== step {number}: the player decides")
            lines.extend(_state_lines(game, before))
            lines.extend(_legal_lines(game, legal))
            lines.append(f"action: {game.format_action(action)}")
        else:
            lines.append(f"== step {number}: the table decides (a chance node)")
            lines.extend(_state_lines(game, before))
            lines.extend(_chance_lines(game, game.chance_outcomes(before)))
            lines.append(f"outcome: {game.format_action(action)}")
        written = game.log_lines(before, action, after)
        if written != [game.format_action(action)]:
            lines.append("written as:")
            lines.extend(f"  {line}" for line in written)
    lines.append("")
    lines.append(f"== end after {len(g.actions)} actions: {final.outcome}, "
                 f"score {final.score if final.score is not None else 'none'}")
    lines.extend(_state_lines(game, g.final))
    lines.append("legal actions: none")
    lines.append("summary: " + json.dumps(final.summary, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="re-record only these games' files")
    parser.add_argument("--check", action="store_true",
                        help="write nothing: exit 1 naming each text that differs")
    args = parser.parse_args(argv)
    wanted: set[Path] = set()
    differ: list[str] = []
    for game, case in cases(args.games):
        name = case_name(game, case)
        path = text_path(name)
        wanted.add(path)
        text = render(game, case)
        if path.exists() and path.read_text("utf-8") == text:
            continue
        differ.append(name)
        if not args.check:
            FOLDER.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text.encode("utf-8"))  # "\n" line ends on every system
            print(f"playthrough {name}: written ({len(text.encode('utf-8')):,} bytes)")
    names = set(args.games) or set(REGISTRY)
    for path in sorted(FOLDER.glob("*.txt")) if FOLDER.is_dir() else []:
        owner = next((n for n in names if path.stem.startswith(f"{n}-")), None)
        if path not in wanted and (owner is not None or not args.games):
            differ.append(f"{path.stem} (no such case)")
            if not args.check:
                path.unlink()
                print(f"playthrough {path.stem}: removed")
    if args.check and differ:
        raise SystemExit(f"playthroughs that differ: {', '.join(differ)}")
    if not differ:
        print(f"{len(wanted)} playthroughs, all as recorded")


if __name__ == "__main__":
    main()
