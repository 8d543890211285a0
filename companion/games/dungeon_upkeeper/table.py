"""The numbers of Dungeon Upkeeper in one place (``rules-dungeon-upkeeper.md``): the
jam game hides its own, so these are the project's defaults. A variant would be another
:class:`RulesTable`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RulesTable:
    """Resources, rewards and generation parameters."""

    health: int = 3
    moves: int = 40
    moves_per_trap: int = 2
    moves_per_chest: int = 3
    moves_perfect: int = 10
    score_per_trap: int = 5
    score_per_chest: int = 10
    score_perfect_per_floor: int = 10
    lattice_spacing: int = 3
    min_start_exit: int = 3  # lattice steps (Manhattan)
    tries_per_count: int = 12  # tries before lowering the objective count by one

    def objectives(self, floor: int) -> int:
        """F(k) = 2 + k objectives on floor Bk."""
        return 2 + floor

    def lattice(self, floor: int) -> int:
        """W = H = 3 + (k − 1) // 2 lattice points a side on floor Bk."""
        return 3 + (floor - 1) // 2


RULES = RulesTable()
