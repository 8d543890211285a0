"""Compute the golden digests: SHA-256 of each game's seeded generation as canonical text
and of each sheet kind's PDF bytes.

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
from collections.abc import Callable, Iterator

SEEDS: tuple[str, ...] = ("K7Q2-9XMA", "A", "GOLDEN-1", "ZZZZ-ZZZZ")
"""The fixed seeds of the golden vectors (the first one also for every parameter value
and every sheet kind)."""
PDF_SEED = "K7Q2-9XMA"
PDF_PAPER = "a4"


def sha(text: str | bytes) -> str:
    """The SHA-256 hex digest of ``text`` (UTF-8) or bytes."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    return hashlib.sha256(data).hexdigest()


def _cards(cards: object) -> str:
    return " ".join(str(c) for c in cards)  # type: ignore[attr-defined]


# --- canonical texts of the generators -------------------------------------------------


def sd_text(seed: str, size: int) -> str:
    """Shuffle and Doom: the deal (stacks, pass 1), passes 2 and 3, the map and rooms."""
    from companion.games.shuffle_and_doom.dungeon import DungeonMap, cell_name
    from companion.games.shuffle_and_doom.generation import deal, pass_order

    d = deal(seed, size)
    dmap = DungeonMap(d.row_stack, d.column_stack)
    lines = [f"shuffle-and-doom {seed} size {size} attempt {d.attempt}",
             "row " + _cards(d.row_stack), "column " + _cards(d.column_stack),
             "pass1 " + _cards(d.pass1_draws)]
    lines += [f"pass{k} " + _cards(pass_order(seed, k)) for k in (2, 3)]
    lines += ["grid " + row for row in dmap.grid_text()]
    lines += ["room " + " ".join(cell_name(c) for c in room) for room in dmap.rooms]
    return "\n".join(lines) + "\n"


def ctd_text(seed: str) -> str:
    """Clear the Dungeon: the monster columns and the power deck, with and without jokers."""
    from companion.games.clear_the_dungeon.generation import deal

    d = deal(seed)
    lines = [f"clear-the-dungeon {seed}"]
    lines += [f"column{k + 1} " + _cards(col) for k, col in enumerate(d.columns)]
    lines += ["power " + _cards(d.power), "power-no-jokers " + _cards(deal(seed, False).power)]
    return "\n".join(lines) + "\n"


def du_text(seed: str, edition: int = 1) -> str:
    """Dungeon Upkeeper: the ten floors (map rows, tries, objectives) with par and the
    perfect path the exact solver finds (both are printed on the sheets)."""
    from companion.games import get_game
    from companion.games.dungeon_upkeeper.floor import solve
    from companion.games.dungeon_upkeeper.generation import generate_floor

    table = get_game("dungeon-upkeeper").rules_table(edition)
    lines = [f"dungeon-upkeeper {seed}"]
    for k in range(1, 11):
        f = generate_floor(seed, k, table)
        sol = solve(f)
        lines.append(f"B{k} tries {f.tries} asked {f.objectives_asked} par {sol.par} "
                     f"path {sol.path}")
        lines += ["  " + row for row in f.rows]
    return "\n".join(lines) + "\n"


def ds_text(seed: str, size: int, edition: int = 1) -> str:
    """Dungeon Solitaire: the nine levels (board in reading order, start, stairs, walk,
    tries) and the reward deck R1-R60."""
    from companion.games import get_game
    from companion.games.dungeon_solitaire.cards import Room
    from companion.games.dungeon_solitaire.generation import (
        cell_name,
        generate_level,
        reward_deck,
    )

    table = get_game("dungeon-solitaire").rules_table(edition)
    lines = [f"dungeon-solitaire {seed} size {size}"]
    for n in range(1, 10):
        lvl = generate_level(seed, n, size, table)
        lines.append(f"level {n} tries {lvl.tries} start {cell_name(lvl.start)} "
                     f"stairs {cell_name(lvl.stairs)}")
        lines.append("  walk " + " ".join(cell_name(c) for c in lvl.walk))
        for cell in sorted(lvl.board, key=lambda c: (c[1], c[0])):
            room = lvl.board[cell]
            lines.append(f"  {cell_name(cell)} {room.exits or '-'} {room.obj or '-'}")
    for card in reward_deck(seed, table):
        kind = "room" if isinstance(card.card, Room) else "special"
        lines.append(f"{card.id} {kind} {card.card.describe()}")
    return "\n".join(lines) + "\n"


def edition_key(game: str, edition: int) -> str:
    """The name a golden vector of ``game`` starts with: the game's name for edition 1
    (as first recorded), ``game@N`` for edition N."""
    return game if edition == 1 else f"{game}@{edition}"


def editions() -> dict[str, list[int]]:
    """Every game's rules editions in this build."""
    from companion.games import all_games

    return {g.name: list(g.editions) for g in all_games()}


def generator_cases() -> Iterator[tuple[str, Callable[[], str]]]:
    """(name, canonical-text function) for every golden generator vector, for every
    edition of every game: an edition once printed stays readable, so its vectors never
    change."""
    first = SEEDS[0]
    known = editions()
    for size in (4, 7, 13, 26):
        yield f"shuffle-and-doom/{first}/size={size}", lambda size=size: sd_text(first, size)
    for seed in SEEDS[1:]:
        yield f"shuffle-and-doom/{seed}/size=7", lambda seed=seed: sd_text(seed, 7)
    for seed in SEEDS:
        yield f"clear-the-dungeon/{seed}", lambda seed=seed: ctd_text(seed)
    for e in known["dungeon-upkeeper"]:
        du = edition_key("dungeon-upkeeper", e)
        for seed in SEEDS[:3]:
            yield f"{du}/{seed}", lambda seed=seed, e=e: du_text(seed, e)
    for e in known["dungeon-solitaire"]:
        ds = edition_key("dungeon-solitaire", e)
        for size in (4, 5, 6, 7):
            yield (f"{ds}/{first}/size={size}",
                   lambda size=size, e=e: ds_text(first, size, e))
        for seed in SEEDS[1:3]:
            yield f"{ds}/{seed}/size=5", lambda seed=seed, e=e: ds_text(seed, 5, e)


def generator_digests() -> dict[str, str]:
    """Name -> SHA-256 of the canonical text, for every golden generator vector."""
    return {name: sha(fn()) for name, fn in generator_cases()}


# --- PDF bytes ---------------------------------------------------------------------------


def pdf_digests() -> dict[str, str]:
    """``game/kind`` -> SHA-256 of the PDF of that sheet kind (seed ``K7Q2-9XMA``, default
    parameters, A4), with ``SOURCE_DATE_EPOCH`` unset (reportlab's invariant mode)."""
    from companion.games import all_games

    os.environ.pop("SOURCE_DATE_EPOCH", None)
    out: dict[str, str] = {}
    for game in all_games():
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
    from companion.games import all_games
    from companion.simulate import play

    out: dict[str, str] = {}
    for game in all_games():
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
