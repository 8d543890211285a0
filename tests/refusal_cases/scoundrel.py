"""Scoundrel's refusals: one illegal log or more per rule id its engine reports.

Each case is (rule id, whole log text, line, column) of the first illegal action, as
``companion validate`` reports it (1-based, in characters). Seed ``A`` deals the room
5♥ 6♣ Q♣ 10♦, then 8♠ 4♠ 9♣ 8♣ 6♥ 5♦ ... A free deal (no Seed tag) writes each room
the table shows with a ``room`` line.
"""

SEEDED = '[Game "scoundrel"]\n[Seed "A"]\n'
FREE = '[Game "scoundrel"]\n'


def seeded(*lines: str) -> str:
    """A log of seed A: its two tags, then ``lines`` (the first on line 3)."""
    return SEEDED + "".join(line + "\n" for line in lines)


def free(*lines: str) -> str:
    """A free deal's log: its Game tag, then ``lines`` (the first on line 2)."""
    return FREE + "".join(line + "\n" for line in lines)


# Seed W12 played by the expert player through the whole dungeon: after its last line
# (line 44) the last room is dealt, and nothing is left in the dungeon.
THROUGH = """\
[Game "scoundrel"]
[Seed "W12"]
fight 2♠
drink 2♥
equip 4♦
slay 8♠
slay 5♣
drink 6♥
fight 5♠
drink 4♥
drink 3♥
equip 6♦
equip 7♦
slay Q♠
fight K♣
drink 9♥
slay J♣
slay 10♣
slay 9♣
drink 7♥
slay 7♣
slay 6♠
equip 3♦
drink 8♥
slay 7♠
equip 2♦
equip 10♦
slay A♠
slay Q♣
slay 8♣
fight 2♣
fight 3♠
slay 4♠
drink 10♥
equip 9♦
slay K♠
slay 9♠
fight 3♣
slay 6♣
slay 4♣
equip 5♦
drink 5♥
equip 8♦
slay J♠
"""

# a free deal's first room faced down to the card that stays (Q♣): the next line is
# the room dealt, Q♣ and three unseen cards
FACED_DOWN = ("room 5♥ 6♣ Q♣ 10♦", "equip 10♦", "drink 5♥", "fight 6♣")

CASES: list[tuple[str, str, int, int]] = [
    # notation: lines that do not parse
    ("notation-verb", seeded("jump"), 3, 1),
    ("notation-card", seeded("room 5♥ 6♣ Q♣ 1X"), 3, 15),
    ("notation-card", seeded("fight QQ"), 3, 7),
    ("notation-arguments", seeded("room"), 3, 1),
    ("notation-arguments", seeded("avoid now"), 3, 7),
    ("notation-arguments", seeded("equip"), 3, 1),
    ("notation-arguments", seeded("equip 10♦ 5♥"), 3, 11),
    # the room line
    ("room-order", seeded("equip 10♦", "room 5♥ 6♣ Q♣"), 4, 1),
    ("room-order", free("equip 10♦"), 2, 1),
    ("room-order", free("room 5♥ 6♣ Q♣ 10♦", "room 8♠ 4♠ 9♣ 8♣"), 3, 1),
    ("room-count", seeded("room 5♥ 6♣ Q♣ 10♦ 8♠"), 3, 19),
    ("room-count", seeded("room 5♥ 6♣ Q♣"), 3, 1),
    ("room-count", free("room 5♥ 6♣ Q♣ 10♦ 8♠"), 2, 19),
    ("room-count", free("room 5♥ 6♣"), 2, 1),
    ("room-count", free(*FACED_DOWN, "room 2♠ 3♠ 4♠"), 6, 1),  # Q♣ left out
    ("deal-seed", seeded("room 5♥ 6♣ Q♣ 9♦"), 3, 15),
    ("deal-seed", seeded("avoid", "room 5♥ 6♣ Q♣ 10♦"), 4, 6),
    ("deal-card-kind", free("room 5♥ 6♣ Q♥ 10♦"), 2, 12),  # no red face cards
    ("deal-card-kind", free("room A♥ 6♣ Q♣ 10♦"), 2, 6),  # nor red aces
    ("deal-duplicate", free("room 5♥ 5♥ Q♣ 10♦"), 2, 9),
    ("deal-duplicate", free(*FACED_DOWN, "room Q♣ 10♦ 2♠ 3♠"), 6, 9),
    ("room-card", free("room 5♥ 6♣ Q♣ 10♦", "avoid", "room 5♥ 2♠ 3♠ 4♠"), 4, 6),
    ("room-card", free(*FACED_DOWN, "room 2♠ 3♠ 4♠ 5♠"), 6, 15),  # Q♣ stayed
    # avoid
    ("avoid-empty", THROUGH + "avoid\n", 45, 1),
    ("avoid-twice", seeded("avoid", "avoid"), 4, 1),
    ("avoid-twice", free("room 5♥ 6♣ Q♣ 10♦", "avoid", "room 8♠ 4♠ 9♣ 8♣", "avoid"),
     5, 1),
    ("avoid-faced", seeded("equip 10♦", "avoid"), 4, 1),
    # facing a card
    ("face-card", seeded("equip 9♦"), 3, 7),
    ("face-card", seeded("slay 8♠"), 3, 6),
    ("equip-kind", seeded("equip 5♥"), 3, 7),
    ("drink-kind", seeded("drink 10♦"), 3, 7),
    ("fight-kind", seeded("fight 5♥"), 3, 7),
    ("slay-kind", seeded("equip 10♦", "slay 5♥"), 4, 6),
    ("slay-no-weapon", seeded("slay Q♣"), 3, 6),
    ("slay-order", seeded("equip 10♦", "slay 6♣", "slay Q♣"), 5, 6),
    ("slay-order", '[Game "scoundrel"]\n[Seed "A"]\n[Variant "equal-kills"]\n'
     "equip 10♦\nslay 6♣\nslay Q♣\n", 6, 6),
    # the end: health down to 0 or less
    ("game-over", seeded("fight Q♣", "fight 6♣", "equip 10♦", "fight 9♣", "drink 5♥"),
     7, 1),
]
