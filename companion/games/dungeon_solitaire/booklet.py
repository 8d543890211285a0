"""The Dungeon Solitaire rule booklet: the paper edition's rules in the project's own
words (the source is a video game; the paper rules and numbers are the project's), the
board and cards drawn by the engine from the seed ``BOOK-1``, and the first level of a
real game replayed step by step (``tests/test_booklets.py`` validates it).

Layout, fonts and printing are :mod:`companion.paper.booklet`'s business; this module
only says what the booklet holds.
"""

from __future__ import annotations

from typing import Any

from companion.balance import how_hard_text
from companion.booklet_examples import ExampleLine, replay_example
from companion.games.dungeon_solitaire.cards import Room, Special
from companion.games.dungeon_solitaire.generation import cell_name, reward_deck
from companion.games.dungeon_solitaire.table import RULES
from companion.paper.booklet import (
    H1,
    H2,
    Block,
    Booklet,
    Bullets,
    Code,
    Fig,
    Keep,
    Note,
    P,
    Rows,
    Step,
    Textless,
    draw_label,
)
from companion.paper.units import Rect, mm

SEED = "BOOK-1"
DRAFT = ("R1", "R5", "R7", "R10", "R14", "R17", "R20", "R24", "R25")
CLAIM = 39
"""The example's score when it stops on level 2 (the log's [Claim])."""


def _number(n: int) -> str:
    """``n`` (0–99) in words, for the rules' numbers in running text."""
    ones = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
            "seventeen", "eighteen", "nineteen")
    tens = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
    if n < 20:
        return ones[n]
    word = tens[n // 10 - 2]
    return word if n % 10 == 0 else f"{word}-{ones[n % 10]}"


DRAFTED = RULES.draft_sets * RULES.set_size
"""How many reward cards the draft deals: chests take them from the next one on."""

EXAMPLE_LOG = f"""\
[Game "dungeon-solitaire"]
[Seed "{SEED}"]
[Player "Example"]
[Claim "{CLAIM}"]
draft {' '.join(DRAFT)}
level 1
draw R17 R20 R10      # shuffled by hand: these came up
play R17 at d2
move W                # onto the chest just placed
chest R29
move W                # the heart at c2
draw R29 R7 R1
play R29 at c1
move N                # another chest
chest R32
move W                # the staircase: level 1 is cleared
level 2
"""

_COMMENTARY: tuple[str, ...] = (
    "From each set of three reward cards we keep one: the Slay R1, R5 (three doors), "
    "the crossroads R7, the Turn R10, R14 (three doors), R17 (three doors and a chest), "
    "R20 (one door and a chest), R24 (three doors and a chest) and the Heal R25. "
    f"Shuffled, these {_number(RULES.draft_sets)} are our deck; the "
    f"{_number(DRAFTED - RULES.draft_sets)} others leave the game.",
    "A checkpoint: we are on level 1. Its tiles lie face down on their squares, the "
    "start (e2) and the staircase (b1) face up, our marker on the start.",
    "Our card e2 has doors north, south and west. North (e1) and west (d2) are empty "
    "squares; south is e3, turned up from the start. The staircase lies west, so we "
    "need a card at d2: we draw three from our shuffled deck.",
    "R17 has exits east, south and west: placed at d2, its east exit meets e2's west "
    "one and its west exit meets c2. R20, with a single door south, would lead nowhere; "
    "it goes to the discard pile with the Turn R10.",
    "The exits of e2 and d2 face each other, so we move onto d2 and open its chest: "
    f"the three reward cards after the draft, R{DRAFTED + 1}, R{DRAFTED + 2} and "
    f"R{DRAFTED + 3}, are offered. c2, west of us, turns up.",
    "We keep R29 (four doors and a chest) and shuffle it into our deck at once; R28 "
    "(one door and a chest) and R30 (two doors and a monster) leave the game.",
    "On to c2, a card with a heart: health 3 + 1 = 4. Its south door turns up c3.",
    "c2 has no west door, so the staircase at b1 is out of reach; north of us, c1 is an "
    "empty square next to it. We draw again; R29, just won from the chest, comes up at "
    "once.",
    "R29 goes on c1: its south door meets c2's north one, its west door the "
    "staircase's east one. R7 and R1 go to the discard pile.",
    "North onto c1 and its chest: the next three reward cards, R31, R32 and R33, are "
    "offered.",
    "We keep R32, a crossroads with a heart, for a later level; the Turn R31 and R33 "
    "(three doors) leave the game.",
    "West onto the staircase at b1: level 1 is cleared. The discard pile is shuffled "
    "back into the deck; R17 and R29, played onto the board, are gone for good. Level "
    "2's tiles come next.",
    "A checkpoint for level 2, where this example stops: an unfinished game, which "
    "the validator scores as it stands: 10 for the level, 9 cards in the deck and 5 "
    f"per health point, {CLAIM}.",
)


SUMMARY = (
    "Nine levels of a dungeon lie face down in front of you. On each, walk from "
    "the start to the staircase, card by card, through doors that line up. "
    "Where the way is blocked, build it: draw three cards from your own small "
    "deck, keep one and lay it down. Every card you play is gone for good, so "
    "you must keep finding new ones in chests, while monsters wear down your "
    "health. Climb down all nine levels to win."
)
"""The game in a few sentences (the booklet's "The game in brief", a pack's cover)."""

# ----------------------------------------------------------------------- figures
def _draw_cards(c: Any, w: float, h: float) -> None:
    """A room card, a room card with a chest, and the four specials: the cards drawn
    without their words (a miniature's own text would be far under 8 pt), each named
    under it at 8 pt."""
    from companion.games.dungeon_solitaire.sheets import draw_room, draw_special

    deck = {card.id: card for card in reward_deck(SEED)}
    items: list[str] = ["R7", "R17", "R25", "R1", "R10"]
    leap = next((card for card in reward_deck(SEED) if isinstance(card.card, Special)
                 and card.card.kind == "leap"), None)
    if leap is not None:
        items.append(leap.id)
    side = min(mm(19), (w - mm(2) * (len(items) - 1)) / len(items), h - mm(9))
    step = (w - side) / (len(items) - 1)
    for i, rid in enumerate(items):
        x = i * step
        r = Rect(x, h - side, side, side)
        card = deck[rid].card
        if isinstance(card, Special):
            draw_special(Textless(c), r, card.kind, rid)
            note: str = card.kind
        else:
            draw_room(Textless(c), r, card)
            note = "chest" if rid == "R17" else "4 exits"
        draw_label(c, x + side / 2, h - side - mm(3.6), rid, 8, bold=True, align="centre")
        draw_label(c, x + side / 2, h - side - mm(7.2), note, 8, align="centre", grey=True)


BOARD_BAND = mm(4)
"""The coordinates round a miniature board: letters above, numbers on the left."""


def _board(c: Any, w: float, h: float, state: Any) -> None:
    """The board of ``state``: face-up cards, face-down tiles, empty squares, drawn
    without their words (:class:`Textless`), the columns lettered above and the rows
    numbered on the left at 8 pt, so a square reads as in the text (d2)."""
    from companion.games.dungeon_solitaire.sheets import (
        _empty_cell,
        draw_level_back,
        draw_room,
    )

    n = state.size
    side = min(w - BOARD_BAND, h - BOARD_BAND) / n
    x0 = (w - side * n + BOARD_BAND) / 2
    top = h - BOARD_BAND
    tiles = state.tiles
    quiet = Textless(c)
    for row in range(n):
        for col in range(n):
            cell = (col, row)
            r = Rect(x0 + col * side, top - (row + 1) * side, side, side).inset(side * 0.02)
            tile = tiles.get(cell)
            if tile is None:
                _empty_cell(quiet, r, cell_name(cell))
            elif not tile.face_up:
                draw_level_back(quiet, r, state.level, cell)
            else:
                marker = None
                if cell == state.position:
                    marker = "player"
                elif cell == state.stairs:
                    marker = "crown" if state.level == RULES.levels else "stairs"
                draw_room(quiet, r, tile.room, marker=marker)
    for k in range(n):
        name = cell_name((k, k))
        draw_label(c, x0 + (k + 0.5) * side, top + mm(1), name[0], 8, align="centre",
                   grey=True)
        draw_label(c, x0 - mm(1), top - (k + 0.5) * side - 2.8, name[1:], 8, align="right",
                   grey=True)


def _example_state(index: int) -> Any:
    """The state after example line ``index`` (0-based); -1: before the draft."""
    lines = example_steps()
    return lines[0].before if index < 0 else lines[index].after


def _draw_start(c: Any, w: float, h: float) -> None:
    _board(c, w, h, _example_state(1))


def _draw_placement(c: Any, w: float, h: float) -> None:
    gap = mm(5)
    half = (w - gap) / 2
    before = _example_state(2)
    after = _example_state(4)
    c.saveState()
    _board(c, half, h - mm(6), before)
    c.translate(half + gap, 0)
    _board(c, half, h - mm(6), after)
    c.restoreState()
    draw_label(c, half / 2, h - mm(3.5), "Before: none placed", 8, bold=True,
               align="centre")
    draw_label(c, half + gap + half / 2, h - mm(3.5), "After: R17 at d2", 8,
               bold=True, align="centre")


def _draw_end(c: Any, w: float, h: float) -> None:
    _board(c, w, h, _example_state(10))


# ------------------------------------------------------------------ example steps
def example_steps() -> list[ExampleLine]:
    """The example log replayed (raises LogError if it ever stops being valid)."""
    return replay_example(EXAMPLE_LOG, "dungeon-solitaire example")


def _ids(ids: Any) -> str:
    return " ".join(sorted(ids, key=lambda x: int(x[1:]))) or "none"


def _state_text(s: Any) -> str:
    text = (f"Level {s.level}, on {cell_name(s.position)}, health {s.health}. Deck: "
            f"{_ids(s.deck)}. Discard: {_ids(s.discard)}.")
    if s.offered:
        text += f" Offered: {' '.join(s.offered)}."
    if s.outcome:
        text += f" <b>Game over: {s.outcome}, score {s.score()}.</b>"
    return text


def _steps() -> list[Block]:
    lines = example_steps()
    if len(lines) != len(_COMMENTARY):
        raise AssertionError("one commentary per example line")
    return [Step(line.text, note, "After: " + _state_text(line.after))
            for line, note in zip(lines, _COMMENTARY, strict=True)]


# -------------------------------------------------------------------------- text
def _card_list(ids: tuple[str, ...]) -> str:
    deck = {card.id: card for card in reward_deck(SEED)}
    out = []
    for rid in ids:
        card = deck[rid].card
        if isinstance(card, Room):
            out.append(f"{rid} ({card.describe()})")
        else:
            out.append(f"{rid} ({card.kind})")
    return ", ".join(out)


def _set(k: int) -> str:
    """The cards of draft set ``k`` (0-based), "R1 to R3"."""
    first = k * RULES.set_size + 1
    return f"R{first} to R{first + RULES.set_size - 1}"


def booklet() -> Booklet:
    """The Dungeon Solitaire booklet."""
    r = RULES
    # one card of each set, in set order (the log table's R4, R9 and R13 among them)
    sample_draft = " ".join(f"R{k * r.set_size + 1 + (2 * k + 1) % r.set_size}"
                            for k in range(r.draft_sets))
    blocks: list[Block] = [
        H1("What you need"),
        P("Everything is printed by the companion for a seed. Print the tile and card "
          "sheets two-sided, flipping on the long edge, and cut them out along the "
          "dashed lines."),
        Rows((
            ("Level tiles", "<i>companion sheets dungeon-solitaire --kind tiles</i>: "
             f"for each of the {r.levels} levels, the cards of its board. The back of each "
             "tile names its level and its square."),
            ("Reward deck", f"<i>--kind cards</i>: {r.reward_deck} numbered cards, R1 to "
             f"R{r.reward_deck}, room cards and special cards. Keep them in number order, "
             "R1 on top."),
            ("Play mat", "<i>--kind mat</i>: a 5 × 5 grid to lay the tiles on, a health "
             "track, and spots for your deck and your discard pile."),
            ("Log sheet", "<i>--kind log</i>, to write your game down."),
            ("Calibration", "<i>--kind calibrate</i>: one sheet to print first, to "
             "check that your printer puts backs behind their fronts."),
        ), split=0.22),
        P("Add a marker for yourself and a pencil. <i>companion pack dungeon-solitaire</i> "
          "prints all of it, and this booklet, in one file."),
        H1("The game in brief"),
        P(SUMMARY),
        H1("The cards"),
        P("A <b>room card</b> is a square with doors (exits) on some of its four sides "
          "and at most one thing in the middle: a <b>heart</b>, a <b>monster</b> or a "
          "<b>chest</b>. An arrow in its corner points up: room cards are always laid "
          "with the arrow pointing away from you, never turned (only a Turn card turns "
          "them). A <b>special card</b> does something instead of being placed."),
        Rows((
            ("Heal", f"+1 health ({r.max_health} at most)."),
            ("Slay", "Remove the monster from a face-up card next to you, without "
             "losing health."),
            ("Turn", "Turn any face-up card except your own a quarter turn clockwise."),
            ("Leap", "Move onto a card next to you even if no doors line up; its heart, "
             "monster or chest takes effect."),
        ), header=("Special", "Effect"), split=0.18),
        H1("Setting up"),
        Bullets((
            f"Put your health at <b>{r.health}</b> on the track. It can never go above "
            f"{r.max_health}.",
            f"<b>Draft your deck.</b> Take the top {DRAFTED} reward cards: they form "
            f"{_number(r.draft_sets)} sets of {_number(r.set_size)} ({_set(0)}, {_set(1)}, "
            f"and so on up to {_set(r.draft_sets - 1)}). Keep exactly one card of each set; "
            f"the other {_number(DRAFTED - r.draft_sets)} leave the game. Shuffle the "
            f"{_number(r.draft_sets)} you kept: that is your deck, face down on its spot. "
            "The reward deck, still in number order, waits for chests.",
            "<b>Lay out level 1.</b> Put each level-1 tile face down on the square its "
            "back names. Turn the start and the staircase face up and put your marker "
            "on the start. Then reveal around you (see below).",
        ), numbered=True),
        Fig(_draw_start, 78, f"Level 1 of seed {SEED} laid out: the start (e2) and the "
            "staircase (b1) face up, e3 revealed from the start, the other tiles face "
            "down; dotted squares have no tile.", width_mm=80, side=True),
        H1("Playing a level"),
        H2("Revealing"),
        P("Whenever you stand on a card, turn face up every face-down card next to it "
          "on a side where <i>your</i> card has a door. Cards never turn back down."),
        H2("Your turn: move or draw"),
        P("<b>Move</b> to a card next to you (north, east, south or west) when your "
          "card has a door on that side and the other card has a door facing it. You "
          "may move as often as you like. Entering a card sets off what is on it:"),
        Bullets((
            "<b>Monster</b>: you fight it and lose 1 health; the monster is gone (cross "
            "it out, or cover it).",
            f"<b>Heart</b>: +1 health, used up. At full health ({r.max_health}) you "
            "leave it there for later.",
            "<b>Chest</b>: take the next three cards of the reward deck, keep one and "
            "shuffle it into your deck at once; the other two leave the game.",
        )),
        P("<b>Draw</b> when the way is blocked, or whenever you like: take the top "
          "three cards of your deck (all of them if fewer are left), <b>keep exactly "
          "one</b> and put the others on your discard pile. The card you keep is played "
          "at once: a room card goes on an <b>empty square next to you</b>, arrow up; a "
          "special card does what it says. If none of the three can be played, all "
          "three are discarded."),
        Fig(_draw_placement, 56, "Building the way: R17 placed at d2 joins e2 to c2."),
        H2("The staircase"),
        P("Stepping onto the staircase ends the level. Shuffle your discard pile back "
          "into your deck. The cards you played onto the board are gone for good, with "
          "the level's tiles. Lay out the next level and go on, with your health as it "
          "is. Level 9's staircase is a crown."),
        H1("End of the game and scoring"),
        Rows((
            ("You win", "You step onto the crown of level 9."),
            ("You lose", "Your health drops to 0; or your deck is empty, so you cannot "
             "draw, and no chain of lined-up doors leads from you to the staircase."),
            ("Score", f"{r.score_per_level} per level cleared, + {r.score_per_card} per "
             f"card in your deck and discard pile, + {r.score_per_health} per health "
             "point left. After a loss, only the levels cleared count."),
        ), header=("Ending", "What happens"), split=0.2),
        H1("Clarifications"),
        P("The original is a video game that leaves most numbers unsaid, and its four "
          "special cards were only shown in a picture. The paper edition's rules, "
          "numbers and specials are the companion's own, and these are the rulings its "
          "validator enforces:"),
        Bullets((
            "<b>Revealing</b> uses your card's doors only; the neighbour's doors do not "
            "matter. <b>Moving</b> needs doors on both sides.",
            "<b>Draws</b> are exactly three cards, or all that is left. If none of them "
            "can be played, all go to the discard pile.",
            "<b>A room card</b> goes onto an empty square orthogonally next to you, as "
            "printed, arrow up; it need not connect to anything.",
            "<b>Leap</b> may land on any card next to you, face up or face down. "
            "<b>Turn</b> may turn any face-up card except the one you stand on. "
            "<b>Slay</b> needs a face-up monster next to you.",
            "<b>Chests</b> take the reward cards in number order, after the draft: "
            f"R{DRAFTED + 1} to R{DRAFTED + r.chest_offer} for the first chest, and so on. "
            "When the reward deck runs out, a chest offers what is left, possibly nothing.",
            "<b>A chest's card</b> joins your deck at once and can come up in your next "
            "draw on the same level.",
            "<b>Out of cards</b>: the game is lost only when your deck is empty for this "
            "level and no chain of facing doors, face up or not, joins you to the "
            "staircase.",
            "<b>The score</b> is counted the same way for a win and for a game stopped "
            "halfway; a lost game keeps only its levels cleared.",
        )),
        Note("Printing two-sided.", "Tiles and reward cards have backs: the level and "
             "square of a tile, the number of a reward card. Printers shift the back a "
             "little; print the calibration sheet first, measure the shift and pass it "
             "as <i>--back-offset X,Y</i> (millimetres) when you print the tiles and "
             "cards."),
        Note("How hard is it?", how_hard_text("dungeon-solitaire", {
            "expert": "A careful player who plans on the cards in view and the deck "
                      "it holds",
            "greedy": "one who heads for the stairs and keeps the card that gets closest",
            "random": "random play",
        }, "Most runs end when the deck runs dry with no way to the stairs: every card "
           "played is gone, so chests are worth the detour.")),
        H1("Variants"),
        P(f"<b>Board size</b>: the board is 5 × 5 by default; any size from 4 to 7 works "
          "(<i>--size 6</i> when printing, <i>[Size \"6\"]</i> in the log). A bigger "
          "board makes longer levels. All other numbers live in one rules table: "
          f"health {r.health} (at most {r.max_health}), {r.levels} levels, draws of "
          f"{r.draw_size}, chests of {r.chest_offer}."),
        Keep((
            H1("Example of play"),
            P(f"The first level of a game of seed {SEED}. We drafted "
              f"{_card_list(DRAFT)}. Each grey line is a line of the game's log; under it, "
              "what happened and the state after it, as the companion's engine replays it."),
        )),
        Fig(_draw_end, 62, "Where the example is heading: the board just before the last "
            "step of level 1, with the two cards we played at d2 and c1, both chests "
            "opened.", width_mm=64, side=True),
        *_steps(),
        H1("Logging your game"),
        P("Your own deck is shuffled by hand, so the companion cannot know your draws: "
          "write each one down. The boards and the reward deck come from the seed and "
          "need no writing. Cards are named by the number printed on them."),
        P("The complete log of the example:"),
        Code(EXAMPLE_LOG),
        P("Run <i>companion validate game.log</i>: this one is <i>valid, unfinished, "
          f"score {CLAIM}, claim {CLAIM} matches</i>. A card drawn that is not in your "
          "deck, a room card placed where no card may go, a move through a wall: each is "
          "reported as <i>game.log:LINE:COLUMN</i> with the reason."),
        Keep((
            P("What each kind of line means:"),
            Rows((
                (f"draft {sample_draft}", "the card kept from each set of three, in set order"),
                ("level 2", "a checkpoint: the game is on level 2"),
                ("draw R4 R9 R13", "the cards drawn (three, or all that is left)"),
                ("play R9 at c3", "keep a room card and place it on c3"),
                ("play R4 / play R4 on c3 / play R4 N", "keep a special: Heal; Slay or Turn "
                 "on a square; Leap in a direction"),
                ("move N E", "move, one letter per step (path NE works too)"),
                (f"chest R{DRAFTED + 2}", "the reward card kept from a chest just opened"),
            ), header=("Line", "Meaning"), split=0.4),
        )),
    ]
    return Booklet(
        game="dungeon-solitaire",
        title="Dungeon Solitaire",
        tagline="Draft a deck, build the way, climb down nine levels",
        credits="<b>Dungeon Solitaire</b> is a PICO-8 video game made for the GMTK Game "
        "Jam 2019; our source does not name its author. This paper edition, its "
        "printed tiles and cards, its numbers and this booklet are the companion "
        "project's own. Every picture is drawn by the companion's engine from the seed "
        f"{SEED}.",
        blocks=tuple(blocks),
        emblem=("stairs", "player", "monster", "heart", "chest", "crown"),
        hero=Fig(_draw_cards, 28, "Reward cards: rooms with doors and objects, and the "
                 "four specials."),
        example_log=EXAMPLE_LOG,
        summary=SUMMARY,
    )
