"""Shuffle and Doom's refusals: one illegal log or more per rule id its engine reports.

Each case is (rule id, whole log text, line, column) of the first illegal action, as
``companion validate`` reports it (1-based, in characters).

Seed ``C`` deals a 7×7 map (row stack 8♥ 6♣ 10♥ Q♠ 4♣ 2♣ K♠, column stack 3♣ K♥ A♥
4♦ 7♥ 2♠ A♣) whose rooms are, by number: 0 a1; 1 c1; 2 b2-b5; 3 d2-g5; 4 a6-a7;
5 c6-c7; every other cell is a 0 cell. After ``choose row``: health 17, attack 13,
intelligence 18. The seed's deck starts 3♠ 9♠ 8♠ K♦ 6♠ 2♥ ...: ``enter a1`` meets 3♠.

The free deals (the map stacks in Row and Column tags, each room's cards written in a
``room`` line) use seed C's map, or seed D's: rooms 0 a1-b2, 1 d1-g2, 2 c3-c5, 3 a6-b6,
4 d6-g6, 5 c7; after ``choose row`` health 12, attack 28, intelligence 8.
"""

C = '[Game "shuffle-and-doom"]\n[Seed "C"]\n'
FREE_C = ('[Game "shuffle-and-doom"]\n[Row "8♥ 6♣ 10♥ Q♠ 4♣ 2♣ K♠"]\n'
          '[Column "3♣ K♥ A♥ 4♦ 7♥ 2♠ A♣"]\n')
FREE_D = ('[Game "shuffle-and-doom"]\n[Row "A♠ 2♠ 8♥ 7♣ 10♠ 6♠ 4♠"]\n'
          '[Column "7♥ 3♥ 9♠ J♣ J♠ 7♦ 5♣"]\n')


def seeded(*lines: str) -> str:
    """A log of seed C: its two tags, then ``lines`` (the first on line 3)."""
    return C + "".join(line + "\n" for line in lines)


def free_c(*lines: str) -> str:
    """A free deal on seed C's map: three tags, then ``lines`` (the first on line 4)."""
    return FREE_C + "".join(line + "\n" for line in lines)


def free_d(*lines: str) -> str:
    """A free deal on seed D's map: three tags, then ``lines`` (the first on line 4)."""
    return FREE_D + "".join(line + "\n" for line in lines)


# seed D's free deal, room 0 (a1-b2) dealt an enemy, two golds and a trap (9♣: a club
# is a trap in a room with items), the enemy slain: the trap is still armed
TRAPPED = ("choose row", "enter a1", "room 5♠ A♦ 4♦ 9♣", "hit 5♠")
# the same room without a trap: once 5♠ is slain, only items are left
ITEMS = ("choose row", "enter a1", "room 5♠ A♦ 4♦ 3♦", "hit 5♠")

UNREACHABLE = {
    "loot-empty": "a room is emptied (and left) as soon as its last entity goes, so "
                  "'loot' never finds a room with nothing in it: the check is a guard",
}
"""Rule ids of the code that no log can produce, and why (the meta-test accepts them
without a case)."""

CASES: list[tuple[str, str, int, int]] = [
    # notation: lines that do not parse
    ("notation-verb", seeded("jump"), 3, 1),
    ("notation-arguments", seeded("choose"), 3, 1),
    ("notation-arguments", seeded("choose diagonal"), 3, 8),
    ("notation-arguments", seeded("bonus"), 3, 1),
    ("notation-arguments", seeded("choose column", "bonus luck"), 4, 7),
    ("notation-arguments", seeded("enter a1 b1"), 3, 10),
    ("notation-arguments", seeded("loot now"), 3, 6),
    ("notation-arguments", seeded("choose row", "enter a1", "room"), 5, 1),
    ("notation-arguments", seeded("hit"), 3, 1),
    ("notation-cell", seeded("choose row", "enter 1a"), 4, 7),
    ("notation-cell", seeded("choose row", "enter h1"), 4, 7),  # off the 7×7 grid
    ("notation-card", seeded("choose row", "enter a1", "hit XX"), 5, 5),
    ("notation-card", seeded("choose row", "enter a1", "hit JK"), 5, 5),
    ("notation-card", '[Game "shuffle-and-doom"]\n[Row "8♥ 6♣ 10♥ Q♠ 4♣ 2♣ XX"]\n'
     '[Column "3♣ K♥ A♥ 4♦ 7♥ 2♠ A♣"]\nchoose row\n', 2, 7),
    ("notation-card", '[Game "shuffle-and-doom"]\n[Row "8♥ 6♣ 10♥ Q♠ 4♣ 2♣ JK"]\n'
     '[Column "3♣ K♥ A♥ 4♦ 7♥ 2♠ A♣"]\nchoose row\n', 2, 7),
    # the deal in the header
    ("deal-free", '[Game "shuffle-and-doom"]\n[Row "8♥ 6♣ 10♥ Q♠ 4♣ 2♣ K♠"]\n'
     "choose row\n", 3, 1),
    ("deal-stack-size", '[Game "shuffle-and-doom"]\n[Row "8♥ 6♣ 10♥"]\n'
     '[Column "3♣ K♥ A♥ 4♦ 7♥ 2♠ A♣"]\nchoose row\n', 2, 7),
    ("deal-seed", C + '[Row "8♥ 6♣ 10♥ Q♠ 4♣ 2♣ A♠"]\nchoose row\n', 3, 7),
    ("deal-duplicate", '[Game "shuffle-and-doom"]\n[Row "8♥ 6♣ 10♥ Q♠ 4♣ 2♣ K♠"]\n'
     '[Column "3♣ K♥ A♥ 4♦ 7♥ 2♠ Q♠"]\nchoose row\n', 3, 10),
    ("deal-all-empty", '[Game "shuffle-and-doom"]\n[Row "8♥ 6♥ 10♥ Q♥ 4♦ 2♦ K♦"]\n'
     '[Column "3♦ K♥ A♥ 4♥ 7♥ 2♥ A♦"]\nchoose row\n', 2, 7),
    # setting up: the stack, then the ♦ bonuses
    ("setup-order", seeded("enter a1"), 3, 1),
    ("setup-order", seeded("bonus health"), 3, 1),
    ("setup-order", seeded("choose row", "choose column"), 4, 1),
    ("setup-order", seeded("choose column", "enter a1"), 4, 1),  # 4♦: a bonus owed
    ("setup-order", seeded("choose column", "drink 5♥"), 4, 1),
    ("setup-order", seeded("drink 2♥"), 3, 1),  # before the stack is chosen
    ("bonus-count", seeded("choose column", "bonus health attack"), 4, 14),
    # entering rooms
    ("enter-target", seeded("choose row", "enter b1"), 4, 7),  # a 0 cell
    ("enter-target", seeded("choose row", "enter a1", "enter a1"), 5, 7),
    ("enter-target", seeded("choose row", "enter a1", "hit 3♠", "enter a1"), 6, 7),
    ("enter-reach", seeded("choose row", "enter a6"), 4, 7),  # from outside
    ("enter-reach", seeded("choose row", "enter a1", "hit 3♠", "enter d2"), 6, 7),
    # the room line
    ("room-order", seeded("choose row", "room 3♠"), 4, 1),
    ("room-order", seeded("choose row", "enter a1", "room 3♠", "room 3♠"), 6, 1),
    ("room-order", free_c("choose row", "enter a1", "hit 3♠"), 6, 1),
    ("room-cards", seeded("choose row", "enter a1", "room 9♠"), 5, 6),
    ("room-cards", seeded("choose row", "enter a1", "hit 3♠", "enter b2",
                          "room 9♠ 8♠ K♦"), 7, 1),
    ("room-cards", seeded("choose row", "enter a1", "hit 3♠", "enter b2",
                          "room 9♠ 8♠ 8♠ K♦"), 7, 12),
    ("room-size", free_c("choose row", "enter a1", "room 6♠ 5♠"), 6, 9),
    ("room-size", free_c("choose row", "enter a1", "room 3♠", "hit 3♠", "enter b2",
                         "room 9♠ 8♠ K♦"), 9, 1),
    ("deal-duplicate", free_c("choose row", "enter a1", "room 3♠", "hit 3♠", "enter b2",
                              "room 9♠ 9♠ 8♠ K♦"), 9, 9),
    ("deal-duplicate", free_c("choose row", "enter a1", "room 3♠", "hit 3♠", "enter b2",
                              "room 9♠ 3♠ 8♠ K♦"), 9, 9),
    ("deal-map-cards-last", free_c("choose row", "enter a1", "room 2♠"), 6, 6),
    # fighting, traps and items
    ("no-room", seeded("choose row", "loot"), 4, 1),
    ("no-room", seeded("choose row", "hit 3♠"), 4, 1),
    ("no-room", seeded("choose row", "take 3♠"), 4, 1),
    ("no-room", seeded("choose row", "retreat b1"), 4, 1),
    ("hit-target", seeded("choose row", "enter a1", "hit A♠"), 5, 5),
    ("hit-target", free_d(*ITEMS, "hit A♦"), 8, 5),
    ("no-retreat", free_d("choose row", "enter a1", "room 5♠ A♦ 4♦ 9♣", "retreat c1"),
     7, 1),
    ("no-retreat", seeded("choose row", "enter a1", "enter c1"), 5, 1),
    ("no-retreat", seeded("choose row", "enter a1", "exit"), 5, 1),
    ("armed-traps", free_d(*TRAPPED, "exit"), 8, 1),
    ("armed-traps", free_d(*TRAPPED, "enter d1"), 8, 1),
    ("disarm-order", free_d("choose row", "enter a1", "room 5♠ A♦ 4♦ 9♣", "disarm 9♣"),
     7, 8),
    ("disarm-target", free_d(*TRAPPED, "disarm A♦"), 8, 8),
    ("disarm-target", free_d(*TRAPPED, "disarm 5♠"), 8, 8),
    ("disarm-intelligence", free_d(*TRAPPED, "disarm 9♣"), 8, 8),  # 8 < 9
    ("take-target", free_d(*TRAPPED, "take 9♣"), 8, 6),
    ("take-target", seeded("choose row", "enter a1", "take A♠"), 5, 6),
    ("take-enemies", free_d("choose row", "enter a1", "room 5♠ A♦ 4♦ 3♦", "take A♦"),
     7, 6),  # no trap armed
    ("take-enemies", free_c("choose row", "enter a1", "room 3♠", "hit 3♠", "enter b2",
                            "room A♠ 9♣ 5♥ 2♦", "hit A♠", "take 5♥"), 11, 6),  # after a hit
    ("take-no-trap", free_d(*ITEMS, "take A♦"), 8, 6),
    ("retreat-no-trap", free_d(*ITEMS, "retreat c1"), 8, 1),
    ("retreat-target", free_d(*TRAPPED, "retreat a1"), 8, 9),  # not a 0 cell
    ("retreat-target", free_d(*TRAPPED, "retreat d3"), 8, 9),  # not next to the room
    ("loot-enemies", seeded("choose row", "enter a1", "loot"), 5, 1),
    ("loot-traps", free_d(*TRAPPED, "loot"), 8, 1),
    ("drink-target", seeded("choose row", "drink A♠"), 4, 7),
    ("drink-target", free_d(*ITEMS, "drink A♦"), 8, 7),
    ("read-target", seeded("choose row", "read A♠"), 4, 6),
    ("read-target", free_d(*TRAPPED, "read 9♣"), 8, 6),  # still in the room
    ("read-target", free_d(*TRAPPED, "read 2♣"), 8, 6),  # in no room: no hint
    ("exit-reach", seeded("choose row", "exit"), 4, 1),
    ("exit-reach", seeded("choose row", "enter a1", "hit 3♠", "exit"), 6, 1),
    # the end: A♠ survives a hit and, with J♠ 10♠ 9♠, deals 31 damage to 17 health
    ("game-over", free_c("choose row", "enter a1", "room 3♠", "hit 3♠", "enter b2",
                         "room A♠ J♠ 10♠ 9♠", "hit A♠", "hit J♠"), 11, 1),
]
