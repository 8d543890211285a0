"""Clear the Dungeon's refusals: one illegal log or more per rule id its engine reports.

Each case is (rule id, whole log text, line, column) of the first illegal action, as
``companion validate`` reports it (1-based, in characters). Seed ``A`` deals, columns
1-4: K♥ Q♦ J♦ J♠ face up (under them K♠ Q♣, J♥ Q♥, K♦ Q♠, J♣ K♣, next up first) and
the power deck 9♦ 2♠ 8♦ | 5♦ 2♦ 9♣ | A♦ 7♥ 3♦ | ... A free deal (no Seed tag) writes
what the table shows.
"""

SEEDED = '[Game "clear-the-dungeon"]\n[Seed "A"]\n'
FREE = '[Game "clear-the-dungeon"]\n'


def seeded(*lines: str) -> str:
    """A log of seed A: its two tags, then ``lines`` (the first on line 3)."""
    return SEEDED + "".join(line + "\n" for line in lines)


def free(*lines: str) -> str:
    """A free deal's log: its Game tag, then ``lines`` (the first on line 2)."""
    return FREE + "".join(line + "\n" for line in lines)


# A free deal with ``reserve`` and ``no-jokers`` played to an empty power deck with
# the game still on: 11 monsters defeated, two cards on K♥ (column 4), five in the
# damage pile, the last of them (A♥, a heart) a reserve card that can still defeat
# K♥. The power deck's 40 cards are all drawn by its last line (line 65).
EMPTY_DECK = ('[Game "clear-the-dungeon"]\n[Variant "reserve, no-jokers"]\n'
              "monsters J♣ J♦ J♠ J♥\n" + """\
draw 10♣ 4♥ 3♣
play 10♣ on 1
play 4♥ on 1
play 3♣ on 1
reveal Q♣
draw 10♦ 4♠ 2♣
play 10♦ on 1
play 4♠ on 1
play 2♣ on 1
reveal K♣
draw 10♠ 4♦ A♣
play 10♠ on 1
play 4♦ on 1
play A♣ on 1
draw 10♥ 4♣ 3♦
play 10♥ on 2
play 4♣ on 2
play 3♦ on 2
reveal Q♦
draw 9♣ 5♥ 2♦
play 9♣ on 2
play 5♥ on 2
play 2♦ on 2
reveal K♦
draw 9♦ 5♠ A♦
play 9♦ on 2
play 5♠ on 2
play A♦ on 2
draw 9♠ 5♦ 3♠
play 9♠ on 3
play 5♦ on 3
play 3♠ on 3
reveal Q♠
draw 9♥ 5♣ 2♠
play 9♥ on 3
play 5♣ on 3
play 2♠ on 3
reveal K♠
draw 8♣ 6♥ A♠
play 8♣ on 3
play 6♥ on 3
play A♠ on 3
draw 8♦ 6♠ 3♥
play 8♦ on 4
play 6♠ on 4
play 3♥ on 4
reveal Q♥
draw 8♠ 6♦ 2♥
play 8♠ on 4
play 6♦ on 4
play 2♥ on 4
reveal K♥
draw 8♥ 7♣ 7♦
play 8♥ on 4
play 7♣ on 4
discard 7♦
draw 7♠ 7♥ 6♣
discard 7♠
discard 7♥
discard 6♣
draw A♥
discard A♥
""")

CASES: list[tuple[str, str, int, int]] = [
    # notation: lines that do not parse
    ("notation-verb", seeded("jump 1"), 3, 1),
    ("notation-card", seeded("draw 9♦ 2♠ 8X"), 3, 12),
    ("notation-card", seeded("draw", "play 9♦ on XX"), 4, 12),
    ("notation-arguments", seeded("draw", "discard"), 4, 1),
    ("notation-arguments", seeded("draw", "discard 9♦ 2♠"), 4, 12),
    ("notation-arguments", seeded("draw", "play 9♦"), 4, 1),
    ("notation-arguments", seeded("draw", "reveal"), 4, 1),
    ("notation-target", seeded("draw", "play 9♦ on 5"), 4, 12),
    ("notation-target", seeded("draw", "play 9♦ on 0"), 4, 12),
    # the monsters line
    ("monsters-order", seeded("draw", "monsters K♥ Q♦ J♦ J♠"), 4, 1),
    ("monsters-order", free("draw 9♦ 2♠ 8♦"), 2, 1),
    ("monsters-order", free("monsters J♣ Q♦ K♠ J♥", "monsters J♦ Q♣ K♥ J♠"), 3, 1),
    ("monsters-count", seeded("monsters K♥ Q♦ J♦"), 3, 1),
    ("monsters-count", seeded("monsters K♥ Q♦ J♦ J♠ K♠"), 3, 22),
    ("monsters-count", free("monsters J♣ Q♦ K♠"), 2, 1),
    # the seeded deal: a check line that says other cards than the seed deals
    ("deal-seed", seeded("monsters K♥ Q♦ J♠ J♦"), 3, 16),
    ("deal-seed", seeded("draw 9♦ 5♦ 8♦"), 3, 9),
    ("deal-seed", seeded("draw 9♦ 2♠"), 3, 1),  # only some of the cards drawn
    ("deal-seed", seeded("draw 9♦"), 3, 1),
    ("deal-seed", seeded("draw", "play 9♦ on 3", "play 2♠ on 3", "play 8♦ on 3",
                         "reveal Q♠"), 7, 8),  # K♦ turns up, not Q♠
    # the free deal: cards that cannot be what the table shows
    ("deal-card-kind", free("monsters J♣ Q♦ 9♠ J♥"), 2, 16),
    ("deal-card-kind", free("monsters J♣ Q♦ K♠ J♥", "draw 9♦ K♥ 5♦"), 3, 9),
    ("deal-card-kind", '[Game "clear-the-dungeon"]\n[Variant "no-jokers"]\n'
     "monsters J♣ Q♦ K♠ J♥\ndraw 9♦ JK 5♦\n", 4, 9),
    ("deal-duplicate", free("monsters J♣ J♣ K♠ J♥"), 2, 13),
    ("deal-duplicate", free("monsters J♣ Q♦ K♠ J♥", "draw JK JK 5♦", "discard JK",
                            "discard JK", "discard 5♦", "draw 2♦ JK 3♦"), 7, 9),
    ("deal-duplicate", free("monsters J♣ Q♦ K♠ J♥", "draw 9♦ 2♥ 5♦", "discard 9♦",
                            "discard 2♥", "discard 5♦", "draw 2♦ 9♦ 3♦"), 7, 9),
    # draw
    ("draw-hand-not-empty", seeded("draw", "draw"), 4, 1),
    ("draw-hand-not-empty", seeded("draw", "discard 9♦", "draw"), 5, 1),
    ("draw-empty", EMPTY_DECK + "draw\n", 66, 1),
    ("draw-cards", free("monsters J♣ Q♦ K♠ J♥", "draw"), 3, 1),
    ("draw-count", free("monsters J♣ Q♦ K♠ J♥", "draw 9♦ 2♥"), 3, 1),
    ("draw-count", free("monsters J♣ Q♦ K♠ J♥", "draw 9♦ 2♥ 5♦ 6♦"), 3, 15),
    # play and discard
    ("play-card", seeded("draw", "play 5♦ on 1"), 4, 6),
    ("play-card", seeded("play 9♦ on 1"), 3, 6),
    ("play-target", seeded("draw", "play 9♦ on K♠"), 4, 12),
    ("play-target", EMPTY_DECK + "play A♥ on 1\n", 66, 12),  # column 1 is empty
    ("play-target", EMPTY_DECK + "play A♥ on 3\n", 66, 12),
    ("attack-first", seeded("draw", "play 2♠ on 1"), 4, 6),
    ("attack-total", seeded("draw", "play 9♦ on 1", "play 2♠ on 1"), 5, 6),
    ("attack-trigger", seeded("draw", "play 9♦ on 4", "play 2♠ on 4", "play 8♦ on 4"),
     6, 6),
    ("discard-card", seeded("draw", "discard 5♦"), 4, 9),
    # reveal
    ("reveal-order", seeded("reveal K♦"), 3, 1),
    ("reveal-order", seeded("draw", "play 9♦ on 3", "play 2♠ on 3", "play 8♦ on 3",
                            "draw", "reveal K♦"), 8, 1),
    ("reveal-order", free("monsters J♣ J♦ J♠ J♥", "reveal Q♣"), 3, 1),
    ("reveal-order", free("monsters J♣ J♦ J♠ J♥", "draw 10♣ 4♥ 3♣", "play 10♣ on 1",
                          "play 4♥ on 1", "play 3♣ on 1", "draw 2♦ 5♦ 6♦"), 7, 1),
    # the end: seven cards in the damage pile lose
    ("game-over", seeded("draw", "discard 9♦", "discard 2♠", "discard 8♦", "draw",
                         "discard 5♦", "discard 2♦", "discard 9♣", "draw", "discard A♦",
                         "discard 7♥"), 13, 1),
]
