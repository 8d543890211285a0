"""The numbers of Dungeon Solitaire in one rules table (``docs/rules/dungeon-solitaire.md``):
the source names few of them, so most are the project's defaults."""

from __future__ import annotations

from dataclasses import dataclass


def _lerp(first: float, last: float, level: int, levels: int) -> float:
    return first + (last - first) * (level - 1) / (levels - 1)


@dataclass(frozen=True)
class RulesTable:
    """Resources, scoring, generation odds (per level, linear from level 1 to 9)."""

    health: int = 3
    max_health: int = 5
    levels: int = 9
    draft_sets: int = 7
    set_size: int = 3
    draw_size: int = 3
    chest_offer: int = 3
    reward_deck: int = 60
    walk_steps: int = 50
    min_walk_distance: int = 3  # the walk must end more than 2 away from the stairs
    edge_open: float = 0.5
    heart: tuple[float, float] = (0.15, 0.05)
    chest: tuple[float, float] = (0.15, 0.05)
    monster: tuple[float, float] = (0.10, 0.35)
    removal: tuple[float, float] = (0.30, 0.50)
    reward_special: float = 0.2
    reward_exit_open: float = 0.55
    reward_heart: float = 0.10
    reward_chest: float = 0.15
    reward_monster: float = 0.10
    score_per_level: int = 10
    score_per_card: int = 1
    score_per_health: int = 5

    def odds(self, name: str, level: int) -> float:
        """The chance ``name`` (heart, chest, monster, removal) on ``level``."""
        first, last = getattr(self, name)
        return _lerp(first, last, level, self.levels)


EDITIONS: dict[int, RulesTable] = {
    1: RulesTable(),
    2: RulesTable(draft_sets=9, removal=(0.10, 0.30), reward_chest=0.25),
}
"""Every edition's numbers: edition 1 as first printed, edition 2 calibrated on simulated
players (``docs/balance-dungeon-solitaire.md``)."""

RULES = EDITIONS[max(EDITIONS)]
"""The newest edition: what new sheets print and logs default to."""
