"""Dungeon Upkeeper's refusals: one illegal log or more per rule id its engine reports.

Each case is (rule id, whole log text, line, column) of the first illegal action, as
``companion validate`` reports it (1-based, in characters); a step of a path at fault
is placed on its letter. Seed ``A``'s floor B1 (health 3, 50 moves), the goblin at h2::

    #########
    #G.....@#
    #.##.##.#
    #.##.##.#
    #G..T...#
    ####.##.#
    ####.##.#
    ####X...#
    #########
"""

SEEDED = '[Game "dungeon-upkeeper"]\n[Seed "A"]\n'


def seeded(*lines: str) -> str:
    """A log of seed A: its two tags, then ``lines`` (the first on line 3)."""
    return SEEDED + "".join(line + "\n" for line in lines)


UNREACHABLE = {
    "step-off-map": "every floor is walled all round (the generator's lattice; no open "
                    "square on the edge in 400 floors of 40 seeds), so a step runs "
                    "into a wall before it can leave the map: the check is a guard",
}
"""Rule ids of the code that no log can produce, and why."""

CASES: list[tuple[str, str, int, int]] = [
    # notation
    ("notation-verb", seeded("jump"), 3, 1),
    ("notation-verb", seeded("path SS", "SXS"), 4, 1),  # not a line of steps alone
    ("notation-arguments", seeded("floor"), 3, 1),
    ("notation-arguments", seeded("floor 1 2"), 3, 9),
    ("notation-arguments", seeded("floor X1"), 3, 7),
    ("notation-arguments", seeded("floor 100"), 3, 7),
    ("notation-arguments", seeded("path"), 3, 1),
    ("notation-step", seeded("path SSX"), 3, 8),  # after two good steps
    # walls and checkpoints
    ("step-wall", seeded("path N"), 3, 6),
    ("step-wall", seeded("path SSSE"), 3, 9),
    ("step-wall", seeded("path SS SE"), 3, 10),
    ("step-wall", seeded("SSSE"), 3, 4),
    ("floor-checkpoint", seeded("floor 2"), 3, 7),
    ("floor-checkpoint", seeded("floor 1", "path SSSWWW", "floor B2"), 5, 7),
    # the end: the trap at e5 reset, then stepped on three times (health 3 to 0)
    ("game-over", seeded("path SSSWWWEWEWEWE"), 3, 18),
    ("game-over", seeded("path SSSWWWEWEWEW", "path E"), 4, 1),
    ("game-over", seeded("path SSSWWWEWEWEW", "floor 1"), 4, 1),
]
