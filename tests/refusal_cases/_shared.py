"""The refusals every game shares: a log's tags and lines, seeds, parameters,
editions, variants, claims, and an action after the end (``companion/log.py``,
``companion/games/base.py``, ``companion/replay.py``).

Each case is (rule id, whole log text, line, column) of the first fault, as
``companion validate`` reports it (1-based, in characters).
"""

CTD = '[Game "clear-the-dungeon"]\n'
DS = '[Game "dungeon-solitaire"]\n'
DS_DRAFT = "draft R3 R5 R7 R10 R13 R16 R19 R22 R27\n"

# a Dungeon Solitaire draft and 100,000 checkpoint lines: every one is legal, so the
# replay reads on to the last, the 100,001st action (line 100,003), past the limit
TOO_MANY = DS + '[Seed "A"]\n' + DS_DRAFT + "level 1\n" * 100_000

CASES: list[tuple[str, str, int, int]] = [
    # a line that is no well-formed tag or action ("notation", LogError's own rule id)
    ("notation", CTD + '[Seed "A"] draw\n', 2, 12),  # an action after a tag pair
    ("notation", CTD + '[1Seed "A"]\n', 2, 2),
    ("notation", CTD + "[Seed A]\n", 2, 7),
    ("notation", CTD + '[Seed "A]\n', 2, 7),
    ("notation", CTD + '[Seed "A"\n', 2, 10),
    ("notation", CTD + '[Seed "A"]\n[Note "' + "x" * 2_000 + '"]\n', 3, 1),  # too long
    ("notation", CTD + '[Seed "A"]\ndraw\n' + "x" * 2_001 + "\n", 4, 1),
    ("notation", TOO_MANY, 100_003, 1),
    ("notation-tag-order", CTD + '[Seed "A"]\ndraw\n[Claim "3"]\n', 4, 1),
    ("notation-tag-repeated", CTD + '[Seed "A"]\n[Seed "B"]\n', 3, 1),
    ("notation-tag-repeated", CTD + '[Seed "A"] [Seed "B"]\n', 2, 12),
    # the header's tags
    ("seed", CTD + '[Seed "no seed!"]\ndraw\n', 2, 8),
    ("seed", CTD + '[Seed "companion:1/sc/A"]\ndraw\n', 2, 8),  # another game's
    ("seed", CTD + '[Seed "companion:1/ctd/size=7"]\ndraw\n', 2, 8),  # no seed in it
    ("seed", '[Game "dungeon-upkeeper"]\npath S\n', 2, 1),  # its floors are seeded
    ("edition", CTD + '[Seed "A"]\n[Edition "99"]\ndraw\n', 3, 11),
    ("edition", CTD + '[Seed "companion:99/ctd/A"]\ndraw\n', 2, 8),
    ("edition-mismatch", DS + '[Seed "companion:1/ds/A"]\n[Edition "2"]\n' + DS_DRAFT,
     3, 11),
    ("parameter", '[Game "shuffle-and-doom"]\n[Seed "A"]\n[Size "40"]\nchoose row\n',
     3, 8),
    ("parameter", '[Game "shuffle-and-doom"]\n[Seed "A"]\n[Size "big"]\nchoose row\n',
     3, 8),
    ("parameter", '[Game "shuffle-and-doom"]\n[Seed "companion:1/sd/A/size=9"]\n'
     '[Size "7"]\nchoose row\n', 3, 8),  # against the payload's
    ("parameter", '[Game "shuffle-and-doom"]\n[Seed "companion:1/sd/A/size=99"]\n'
     "choose row\n", 2, 8),
    ("variant", CTD + '[Seed "A"]\n[Variant "reserve, bogus"]\ndraw\n', 3, 11),
    ("variant", CTD + '[Seed "companion:1/ctd/A/variant=reserve"]\n'
     '[Variant "no-jokers"]\ndraw\n', 3, 11),  # against the payload's
    ("claim", CTD + '[Seed "A"]\n[Claim "lots"]\ndraw\n', 3, 9),
    ("claim", CTD + '[Seed "A"]\n[Claim "1234567890123"]\ndraw\n', 3, 9),
    # an action after the end (the replay's own check, before the rules see it)
    ("game-over", CTD + '[Seed "A"]\n' + "draw\ndiscard 9♦\ndiscard 2♠\ndiscard 8♦\n"
     "draw\ndiscard 5♦\ndiscard 2♦\ndiscard 9♣\ndraw\ndiscard A♦\n# lost: seven damage\n"
     "  discard 7♥\n", 14, 3),
]
