"""Dungeon Solitaire's refusals: one illegal log or more per rule id its engine reports.

Each case is (rule id, whole log text, line, column) of the first illegal action, as
``companion validate`` reports it (1-based, in characters); a step of a move at fault
is placed on its letter.

Seed ``A`` (5×5 board): after the draft below the player stands on c5 (exits N E W),
with b5 (a chest, exits E W) and c4 (exits N E S W) face up beside it and d5 empty;
moving W onto b5 opens its chest, which offers R28 R29 R30. The deck kept: R3 (a room,
N E S W, a heart), R5 R7 R22 (leaps), R10 R13 R16 R19 R27 (rooms).
"""

SEEDED = '[Game "dungeon-solitaire"]\n[Seed "A"]\n'
DRAFT = "draft R3 R5 R7 R10 R13 R16 R19 R22 R27"


def seeded(*lines: str) -> str:
    """A log of seed A: its two tags, then ``lines`` (the first on line 3)."""
    return SEEDED + "".join(line + "\n" for line in lines)


def played(*lines: str) -> str:
    """A log of seed A past the draft (line 3): ``lines`` start on line 4."""
    return seeded(DRAFT, *lines)


# seed E: after its last line (9) every card of the deck was drawn this round, none
# could be kept, and a path to the staircase remains: the game goes on
DECK_DRAWN = """\
[Game "dungeon-solitaire"]
[Seed "E"]
draft R1 R5 R8 R11 R14 R17 R19 R24 R27
draw R19 R8 R24
play R8 at a5
draw R17 R14 R11
play R11 at a3
move S
draw R27 R5 R1
"""

# seed B: the last draw (line 8) empties the deck with no path to the staircase: lost
LOST = """\
[Game "dungeon-solitaire"]
[Seed "B"]
draft R2 R5 R8 R12 R15 R16 R20 R24 R26
draw R15 R2 R12
play R2 at d1
draw R20 R26 R16
play R16 at e2
draw R5 R24 R8
"""

# seed W played at random to level 2 (its last line is 44); from there 'move WSW'
# loses the last health on its third step
NEAR_THE_END = """\
[Game "dungeon-solitaire"]
[Seed "W"]
draft R2 R4 R7 R10 R14 R18 R20 R22 R26
draw R20 R10 R26
play R10 at d5
move W
chest R30
move W
chest R33
move E
draw R33 R2 R18
play R18 at e5
draw R7 R30 R14
draw R4 R22
move W
move W
move E
move E
move W
move E
move W
move W
move W
level 2
draw R14 R33 R22
play R14 at d2
move N
chest R36
move S
move W
move E
move W
move E
draw R20 R30 R2
play R20 at e3
move W
move E
draw R7 R26 R36
move W
draw R4
play R4 at d1
move E
move N
move W
"""

CASES: list[tuple[str, str, int, int]] = [
    # notation
    ("notation-verb", seeded("jump"), 3, 1),
    ("notation-id", seeded("draft X1"), 3, 7),
    ("notation-id", seeded("draft R99"), 3, 7),  # the reward deck runs R1 to R60
    ("notation-id", played("draw R3 R5 7"), 4, 12),
    ("notation-cell", played("draw R3 R5 R7", "play R3 at 3c"), 5, 12),
    ("notation-cell", played("draw R3 R5 R7", "play R3 at f1"), 5, 12),  # off the board
    ("notation-arguments", played("draw"), 4, 1),
    ("notation-arguments", played("chest"), 4, 1),
    ("notation-arguments", played("move W", "chest R28 R29"), 5, 11),
    ("notation-arguments", played("level"), 4, 1),
    ("notation-arguments", played("level one"), 4, 7),
    ("notation-arguments", played("move"), 4, 1),
    ("notation-arguments", played("draw R3 R5 R7", "play"), 5, 1),
    ("notation-arguments", played("draw R3 R5 R7", "play R3 at d5 now"), 5, 15),
    ("notation-step", played("move NX"), 4, 7),  # after a good step
    # the draft
    ("draft-order", seeded("move N"), 3, 1),
    ("draft-order", seeded("level 2"), 3, 1),
    ("draft-order", played(DRAFT), 4, 1),
    ("draft-count", seeded("draft R1"), 3, 1),
    ("draft-count", seeded(DRAFT + " R28"), 3, 40),
    ("draft-set", seeded("draft R1 R2 R7 R10 R13 R16 R19 R22 R25"), 3, 10),
    ("draft-set", seeded("draft R28 R5 R7 R10 R13 R16 R19 R22 R25"), 3, 7),
    ("level-checkpoint", played("level 2"), 4, 7),
    # drawing and keeping
    ("draw-order", played("draw R3 R5 R7", "draw R10 R13 R16"), 5, 1),
    ("draw-order", played("move W", "draw R3 R5 R7"), 5, 1),  # the chest waits
    ("draw-count", played("draw R3"), 4, 1),
    ("draw-count", played("draw R3 R5 R7 R10"), 4, 15),
    ("draw-card", played("draw R3 R3 R5"), 4, 9),
    ("draw-card", played("draw R1 R3 R5"), 4, 6),  # not in the deck
    ("draw-card", played("draw R3 R5 R7", "play R3 at d5", "draw R5 R10 R13"), 6, 6),
    ("draw-card", played("draw R3 R5 R7", "play R3 at d5", "draw R10 R3 R13"), 6, 10),
    ("draw-empty", DECK_DRAWN + "draw R27\n", 10, 1),
    ("play-order", played("play R3 at d5"), 4, 1),
    ("play-card", played("draw R3 R5 R7", "play R10 at d5"), 5, 6),
    ("play-target", played("draw R3 R5 R7", "play R3"), 5, 6),  # a room needs a square
    ("play-target", played("draw R3 R5 R7", "play R3 at a1"), 5, 12),  # not beside
    ("play-target", played("draw R3 R5 R7", "play R3 at c4"), 5, 12),  # not empty
    ("play-target", played("draw R3 R5 R7", "play R5 E"), 5, 9),  # a leap to no card
    ("play-target", played("draw R3 R5 R7", "play R5 at c4"), 5, 12),
    # a slay card (R12, drafted instead of R10) with no face-up monster next to the player
    ("play-target", seeded("draft R3 R5 R7 R12 R13 R16 R19 R22 R27", "draw R22 R3 R16",
                           "play R22 N", "draw R27 R19 R5", "play R27 at d4",
                           "draw R7 R12 R13", "play R12 on a1"), 9, 13),
    # moving and chests
    ("move-order", played("draw R3 R5 R7", "move N"), 5, 6),
    ("move-order", played("move W", "move E"), 5, 6),  # the chest waits
    ("move-no-card", played("move E"), 4, 6),
    ("move-no-card", played("move S"), 4, 6),  # off the board
    ("move-no-card", played("move NE"), 4, 7),
    ("move-exits", played("move W", "chest R28", "move N"), 6, 6),
    ("chest-order", played("chest R28"), 4, 1),
    ("chest-card", played("move W", "chest R1"), 5, 7),
    # the end
    ("game-over", LOST + "move N\n", 9, 1),
    ("game-over", LOST + "level 1\n", 9, 1),
    ("game-over", NEAR_THE_END + "move WSWN\n", 45, 9),  # a step after the loss
    ("game-over", NEAR_THE_END + "move WSWX\n", 45, 9),  # a letter after the loss
    ("game-over", NEAR_THE_END + "move WSW\nmove N\n", 46, 1),
]
