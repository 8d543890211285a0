"""How hard each game is, for players: the results of ``companion stats`` committed
beside each game (``companion/games/<game>/balance.json``, written by
``benchmarks/balance_results.py``, tabled in ``docs/balance.md``), and the booklets'
"How hard is it?" box made from them. Nothing is simulated when a booklet is built.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from companion.games import get_game


def load_results(game_name: str) -> dict[str, Any]:
    """The committed results of ``game_name``. Raises FileNotFoundError if the game has
    none (a game without its measurements is not finished)."""
    game = get_game(game_name)
    text = resources.files(type(game).__module__).joinpath("balance.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def main_run(results: dict[str, Any], edition: int, variants: tuple[str, ...] = ()
             ) -> dict[str, Any]:
    """The run of ``edition`` with exactly ``variants``. Raises LookupError if none."""
    for r in results["runs"]:
        if r["edition"] == edition and tuple(r["variants"]) == variants:
            return r
    raise LookupError(f"no run of edition {edition} with variants {variants}")


def win_rate(run: dict[str, Any], player: str) -> float:
    """``player``'s share of games won in ``run``."""
    for p in run["players"]:
        if p["player"] == player:
            rate: float = p["win_rate"]
            return rate
    raise LookupError(f"no player {player!r} in the run")


def percent(x: float) -> str:
    """A share as players read it: ``46 %``, ``0.4 %``, ``under 0.1 %``, ``99.9 %``
    (never rounded to 0 % or 100 % when it is not)."""
    if x in (0, 1):
        return f"{100 * x:.0f} %"
    if x < 0.001:
        return "under 0.1 %"
    if x > 0.999:
        return "over 99.9 %"
    if x < 0.1 or x > 0.99:
        return f"{100 * x:.1f} %".replace(".0 %", " %")
    return f"{100 * x:.0f} %"


def how_hard_text(game_name: str, lines: dict[str, str], extra: str = "",
                  variants: tuple[str, ...] = ()) -> str:
    """The box's paragraph: the measured win rate of each player in ``lines`` (player
    -> what that player does, as a phrase), the number of games and the edition, and
    ``extra`` (a sentence of the game's own)."""
    game = get_game(game_name)
    results = load_results(game_name)
    run = main_run(results, game.edition, variants)
    parts = [f"{what}: wins {percent(win_rate(run, player))}"
             for player, what in lines.items()]
    text = (f"Measured on {run['games']:,} seeded games per player (edition "
            f"{run['edition']}) with simulated players. " + "; ".join(parts) + ".")
    return text + (" " + extra if extra else "")
