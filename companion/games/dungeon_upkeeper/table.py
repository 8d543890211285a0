"""The numbers of Dungeon Upkeeper in one place (``docs/rules/dungeon-upkeeper.md``):
the jam game hides its own, so these are the project's defaults. A variant would be another
:class:`RulesTable`; :data:`EDITIONS` holds the printed editions."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RulesTable:
    """Resources, rewards and generation parameters. The field defaults are edition 2's
    (the rulings' default); generation reads only the last three fields and the two
    methods below them, so every edition draws the same floors."""

    health: int = 3
    moves: int = 50
    moves_per_trap: int = 2
    moves_per_chest: int = 3
    moves_perfect_base: int = 20  # a perfect floor Bk gives base + per_floor × k moves
    moves_perfect_per_floor: int = 6
    score_per_trap: int = 5
    score_per_chest: int = 10
    score_perfect_per_floor: int = 10
    lattice_spacing: int = 3
    min_start_exit: int = 3  # lattice steps (Manhattan)
    tries_per_count: int = 12  # tries before lowering the objective count by one

    def perfect_moves(self, floor: int) -> int:
        """Moves back for a perfect floor B``floor``: 20 + 6 × k in edition 2, a flat 10
        in edition 1."""
        return self.moves_perfect_base + self.moves_perfect_per_floor * floor

    def objectives(self, floor: int) -> int:
        """F(k) = 2 + k objectives on floor Bk."""
        return 2 + floor

    def lattice(self, floor: int) -> int:
        """W = H = 3 + (k − 1) // 2 lattice points a side on floor Bk."""
        return 3 + (floor - 1) // 2


EDITIONS: dict[int, RulesTable] = {
    # the first printing: 40 moves, a flat +10 for a perfect floor (cannot be won)
    1: RulesTable(moves=40, moves_perfect_base=10, moves_perfect_per_floor=0),
    # the rulings' default: 50 moves, +(20 + 6 × k) for a perfect floor Bk
    2: RulesTable(moves=50, moves_perfect_base=20, moves_perfect_per_floor=6),
}

RULES = EDITIONS[max(EDITIONS)]
"""The newest edition: what new sheets print and logs default to."""
