"""Compute the golden digests: SHA-256 of each game's seeded generation as canonical text
(``Game.golden_text``, for the cases ``Game.golden_cases`` names) and of each sheet
kind's PDF bytes. Every game of the registry is covered; nothing here names one.

Run as ``python -m tests.golden.compute [--generators] [--simulations]`` (from the
repository root) to print the digests as JSON: the tests run it in fresh processes with
another ``PYTHONHASHSEED`` and under other Python minor versions, and compare. The
generator part imports only the standard library and the game modules (no reportlab),
so it runs on a bare interpreter with the repository on ``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from pathlib import Path

SEEDS: tuple[str, ...] = ("K7Q2-9XMA", "A", "GOLDEN-1", "ZZZZ-ZZZZ")
"""The fixed seeds of the golden vectors (the first one also for every parameter value
and every sheet kind)."""
PDF_SEED = "K7Q2-9XMA"
PDF_PAPER = "a4"
TEXTS = Path(__file__).resolve().with_name("texts")
"""The canonical texts, one file per generator vector (``texts/<name>.txt``): a failing
vector shows what changed."""


def sha(text: str | bytes) -> str:
    """The SHA-256 hex digest of ``text`` (UTF-8) or bytes."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    return hashlib.sha256(data).hexdigest()


def edition_key(game: str, edition: int) -> str:
    """The name a golden vector of ``game`` starts with: the game's name for edition 1
    (as first recorded), ``game@N`` for edition N."""
    return game if edition == 1 else f"{game}@{edition}"


def editions() -> dict[str, list[int]]:
    """Every registered game's rules editions in this build."""
    from companion.games import REGISTRY, get_game

    return {name: list(get_game(name).editions) for name in REGISTRY}


def case_name(game: str, seed: str, params: Mapping[str, int], edition: int) -> str:
    """``game[@N]/SEED[/name=value...]``: the name of a golden vector, naming the
    parameters its case names."""
    named = "".join(f"/{k}={v}" for k, v in params.items())
    return f"{edition_key(game, edition)}/{seed}{named}"


def generator_cases() -> Iterator[tuple[str, Callable[[], str]]]:
    """(name, canonical-text function) for every golden generator vector: for every game
    of the registry, each of its cases (``Game.golden_cases``: parameters and edition)
    with the first seed, and the cases with the default parameters with the first
    ``Game.golden_seeds`` seeds. An edition once printed stays readable, so its vectors
    never change."""
    from companion.games import REGISTRY, get_game

    for name in REGISTRY:
        game = get_game(name)
        defaults = game.check_params({})
        for params, edition in game.golden_cases():
            full = game.check_params(params)
            seeds = SEEDS[:max(1, game.golden_seeds)] if full == defaults else SEEDS[:1]
            for seed in seeds:
                yield (case_name(name, seed, params, edition),
                       partial(game.golden_text, seed, full, edition))


def text_path(name: str) -> Path:
    """Where the canonical text of the vector ``name`` is committed."""
    return TEXTS / f"{name}.txt"


def generator_digests() -> dict[str, str]:
    """Name -> SHA-256 of the canonical text, for every golden generator vector."""
    return {name: sha(fn()) for name, fn in generator_cases()}


# --- PDF bytes ---------------------------------------------------------------------------


def pdf_digests() -> dict[str, str]:
    """``game/kind`` -> SHA-256 of the PDF of that sheet kind (seed ``K7Q2-9XMA``, default
    parameters, A4), with ``SOURCE_DATE_EPOCH`` unset (reportlab's invariant mode)."""
    from companion.games import REGISTRY, get_game

    os.environ.pop("SOURCE_DATE_EPOCH", None)
    out: dict[str, str] = {}
    for game in map(get_game, REGISTRY):
        params = {p.name: p.default for p in game.params}
        for kind in game.sheet_kinds:
            data = game.render(kind.name, PDF_SEED, params, PDF_PAPER, {})
            out[f"{game.name}/{kind.name}"] = sha(data)
    return out


def toolkit_versions() -> dict[str, str]:
    """The versions of the libraries that write the PDF bytes: a PDF digest holds for
    these versions only."""
    from importlib.metadata import PackageNotFoundError, version

    out = {}
    for dist in ("reportlab", "qrcode"):
        try:
            out[dist] = version(dist)
        except PackageNotFoundError:  # pragma: no cover - both are dependencies
            out[dist] = "missing"
    return out


# --- simulations (not golden: compared between processes only) -------------------------


def simulation_digests(games: int = 3) -> dict[str, str]:
    """``game/player/seed`` -> SHA-256 of the log of a simulated game: random and greedy
    players choose among ``legal_actions`` in order, so these catch any dependence of
    the rules on set or dict order."""
    from companion.games import REGISTRY, get_game
    from companion.simulate import play

    out: dict[str, str] = {}
    for game in map(get_game, REGISTRY):
        for player in ("random", "greedy"):
            for i in range(games):
                played = play(game, f"HASH{i}", {}, player, max_actions=200)
                out[f"{game.name}/{player}/HASH{i}"] = sha(played.log_text())
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--generators", action="store_true", help="generators only "
                        "(standard library only: no reportlab needed)")
    parser.add_argument("--simulations", action="store_true",
                        help="add the digests of a few simulated games' logs")
    args = parser.parse_args(argv)
    out: dict[str, object] = {"python": "{}.{}".format(*sys.version_info[:2]),
                              "generator": generator_digests()}
    if not args.generators:
        out["pdf"] = pdf_digests()
    if args.simulations:
        out["simulation"] = simulation_digests()
    print(json.dumps(out, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
