"""The Shuffle and Doom! rule booklet: text in the project's own words, figures drawn
by the engine from the seed ``BOOK-13`` (a 5 x 5 dungeon), and an example of play that
is a real log replayed step by step (``tests/test_booklets.py`` validates it).

Layout, fonts and printing are :mod:`companion.paper.booklet`'s business; this module
only says what the booklet holds.
"""

from __future__ import annotations

from typing import Any

from companion.balance import how_hard_text
from companion.booklet_examples import ExampleLine, replay_example
from companion.cards import Card, parse_card
from companion.games.shuffle_and_doom.dungeon import DungeonMap, cell_name
from companion.games.shuffle_and_doom.generation import deal
from companion.paper import fonts
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
    draw_label,
)
from companion.paper.units import Rect, mm

SEED = "BOOK-13"
SIZE = 5

EXAMPLE_LOG = f"""\
[Game "shuffle-and-doom"]
[Seed "{SEED}"]
[Size "{SIZE}"]
[Player "Example"]
[Claim "28"]
choose row            # 9♠ A♣ 2♦ 3♥ 2♣
bonus health          # the one ♦ of the row
enter c1
room 8♦ 5♥ 9♣ A♠
hit A♠                # 9 damage: the A♠ is left at 5 and strikes back
hit A♠
disarm 9♣
loot
enter a3
room 10♠ 3♠ 5♠ 6♣ 4♠ 6♦
drink 5♥
take 6♦               # the advanced technique
hit 10♠
enter e3
room 4♣ Q♠ 5♣
hit Q♠
hit Q♠
loot                  # last room emptied: cleared
"""

# What the example's lines mean: (how many log lines, commentary) per step.
_COMMENTARY: tuple[tuple[int, str], ...] = (
    (2, "The row stack holds one ♠, two ♣, one ♥ and one ♦. On a 5 × 5 map each card "
     "is worth a bonus of 6, so attack goes from 3 to 9, intelligence from 3 to 15 and "
     "health from 7 to 13. The ♦ gives +1 to a stat of our choice: health, now 14."),
    (2, "a1 and b1 are empty, so we walk in along the top row and step onto c1, the "
     "first cell of a filled room of 4 cells, and draw 4 cards: an enemy A♠ (14), a 9♣ "
     "that is a trap (the room holds a ♥ and a ♦), a 5♥ potion and 8♦ gold. The room "
     "line is optional with a seed; written down, it is checked."),
    (1, "Attack 9 is less than 14: the A♠ is not defeated but drops to 5 for good. It "
     "is still standing, so it strikes: health 14 − 5 = 9."),
    (1, "Now 9 ≥ 5: the A♠ is defeated. No enemy is left, so nothing strikes back."),
    (1, "Intelligence 15 ≥ 9: the trap is disarmed without harm."),
    (1, "No enemy, no armed trap: the potion and the gold go to our inventory and the "
     "room is emptied. Its cells are open floor from now on."),
    (2, "We walk back along the top row and down to a2, then step onto a3, in the "
     "6-cell room at the bottom left. Four enemies (10♠ 3♠ 5♠ 4♠), a 6♣ trap and 6♦ "
     "gold: hitting them one at a time would cost a lot of health."),
    (1, "Before anything else we drink the 5♥ we carry: health 9 + 5 = 14."),
    (1, "The advanced technique: on entering a room with a trap and enemies, take an "
     "item before the first hit. The 6♣ fires: we lose 6 (health 8), and so does every "
     "enemy. The 3♠, 5♠ and 4♠ fall; the 10♠ is left at 4 and stunned."),
    (1, "The 10♠ (4) is defeated; had it survived, the stun would have spared us its "
     "blow this once. With the gold taken and the trap spent, the room is empty."),
    (2, "Across the emptied room and the empty cells c3 and d3 we step onto e3, the "
     "last filled room, three cells down the right edge: a Q♠ and two ♣. No ♥ or ♦ came "
     "with them, so the ♣ are books, not traps."),
    (1, "9 damage leaves the Q♠ at 3; it strikes back: health 8 − 3 = 5."),
    (1, "The Q♠ is defeated."),
    (1, "We collect the two books. Every filled room is now emptied: the game ends at "
     "once, cleared, and the score is twice our gold: 2 × (8 + 6) = 28."),
)

_KIND_WORD = {"enemy": "enemy", "trap": "trap", "book": "book", "potion": "potion",
              "gold": "gold"}


SUMMARY = (
    "You build a grid-shaped dungeon out of cards, then walk into it. Empty "
    "cells are corridors; groups of filled cells are rooms. Each time you step "
    "into an unexplored room you turn up as many cards as it has cells, and "
    "face what they show: enemies first, then traps, then loot."
)
"""The game in a few sentences (the booklet's "The game in brief", a pack's cover)."""

# ----------------------------------------------------------------------- figures
def _dmap() -> DungeonMap:
    d = deal(SEED, SIZE)
    return DungeonMap(d.row_stack, d.column_stack)


def _draw_map(c: Any, w: float, h: float, marks: dict[tuple[int, int], str] | None = None,
              emptied: bool = False) -> None:
    from companion.games.shuffle_and_doom.sheets import Geometry, draw_grid

    dmap = _dmap()
    geo = Geometry(Rect(0, 0, w, h), SIZE)
    draw_grid(c, geo, dmap)
    if emptied:
        c.saveState()
        c.setStrokeColorRGB(0.35, 0.35, 0.35)
        c.setLineWidth(0.5)
        for room in dmap.rooms:
            for cell in room:
                r = geo.cell_rect(*cell)
                c.line(r.x + r.w * 0.2, r.y + r.h * 0.2, r.x + r.w * 0.8, r.y + r.h * 0.8)
        c.restoreState()
    for cell, label in (marks or {}).items():
        r = geo.cell_rect(*cell)
        c.saveState()
        c.setFillColorRGB(1, 1, 1)
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(1.2)
        c.circle(r.cx, r.cy, r.w * 0.24, stroke=1, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(fonts.BOLD, max(8.0, r.w * 0.28))
        c.drawCentredString(r.cx, r.cy - r.w * 0.1, label)
        c.restoreState()


def _draw_setup(c: Any, w: float, h: float) -> None:
    _draw_map(c, w, h)


def _draw_route(c: Any, w: float, h: float) -> None:
    _draw_map(c, w, h, {(2, 0): "1", (0, 2): "2", (4, 2): "3"}, emptied=True)


def _draw_room_panel(c: Any, x: float, y: float, w: float, h: float, title: str,
                     cards: list[tuple[str, str, str]], stats: str) -> None:
    """A room as a row of cards: (card, role, value text) each, title and stats."""
    from companion.paper.cards import draw_card_glyph

    c.saveState()
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.5)
    c.roundRect(x, y, w, h, mm(1.5), stroke=1, fill=0)
    draw_label(c, x + mm(2), y + h - mm(4), title, 7.5, bold=True)
    gw, gh = mm(9), mm(12.5)
    gap = mm(2.5)
    total = len(cards) * gw + (len(cards) - 1) * gap
    gx = x + (w - total) / 2
    gy = y + h - mm(7) - gh
    for i, (name, role, value) in enumerate(cards):
        cx = gx + i * (gw + gap)
        if name:
            draw_card_glyph(c, parse_card(name), cx, gy, gw, gh)
        else:
            c.setDash([2, 2], 0)
            c.roundRect(cx, gy, gw, gh, mm(1.2), stroke=1, fill=0)
            c.setDash()
        draw_label(c, cx + gw / 2, gy - mm(3), role, 6.2, align="centre", grey=True)
        draw_label(c, cx + gw / 2, gy - mm(6), value, 6.8, bold=True, align="centre")
    draw_label(c, x + mm(2), y + mm(2), stats, 6.8)
    c.restoreState()


def _draw_room_before_after(c: Any, w: float, h: float) -> None:
    half = (w - mm(4)) / 2
    before = [("A♠", "enemy", "14"), ("9♣", "trap", "9"), ("5♥", "potion", "5"),
              ("8♦", "gold", "8")]
    after = [("A♠", "enemy", "now 5"), ("9♣", "trap", "9"), ("5♥", "potion", "5"),
             ("8♦", "gold", "8")]
    _draw_room_panel(c, 0, 0, half, h, "Entering c1: 4 cells, 4 cards", before,
                     "Health 14   Attack 9   Intelligence 15")
    _draw_room_panel(c, half + mm(4), 0, half, h, "After hit A♠", after,
                     "Health 9 (the A♠ struck for 5)")


def _draw_suits(c: Any, w: float, h: float) -> None:
    from companion.paper.cards import draw_card_glyph
    from companion.paper.icons import draw_icon

    items = [("K♠", "monster", "Enemy", "health and damage"),
             ("7♣", "trap", "Trap or book", "damage, or wisdom"),
             ("9♥", "potion", "Potion", "health"),
             ("Q♦", "gold", "Gold", "score")]
    col = w / len(items)
    gw = min((h - mm(12)) / 1.36, col * 0.46)
    gh = gw * 1.36
    for i, (card, icon, word, value) in enumerate(items):
        cx = col * i + col / 2
        draw_card_glyph(c, parse_card(card), cx - gw - mm(0.5), h - gh - mm(1), gw, gh)
        draw_icon(c, icon, cx + col * 0.22, h - gh / 2 - mm(1), col * 0.3)
        draw_label(c, cx, h - gh - mm(6), word, 7.5, bold=True, align="centre")
        draw_label(c, cx, h - gh - mm(9.5), value, 6.5, align="centre", grey=True)


# ------------------------------------------------------------------ example steps
def _cards(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(str(x) for x in cards) or "nothing"


def _state_text(s: Any) -> str:
    """The state after a line, as the booklet prints it."""
    parts = [f"Health {s.health}, attack {s.attack}, intelligence {s.intelligence}, "
             f"gold {s.gold + s.banked}."]
    if s.position is not None:
        parts.append(f"On {cell_name(s.position)}.")
    if s.room is not None and s.room.entities:
        room = ", ".join(f"{e.card} {_KIND_WORD[e.kind]} {e.value}" for e in s.room.entities)
        parts.append(f"In the room: {room}.")
    if s.inventory:
        parts.append(f"Carrying {_cards([h.card for h in s.inventory])}.")
    if s.bonus_owed:
        parts.append(f"{s.bonus_owed} ♦ bonus owed.")
    if s.outcome:
        parts.append(f"<b>Game over: {s.outcome}, score {s.score()}.</b>")
    return " ".join(parts)


def example_steps() -> list[ExampleLine]:
    """The example log replayed (raises LogError if it ever stops being valid)."""
    return replay_example(EXAMPLE_LOG, "shuffle-and-doom example")


def _steps() -> list[Block]:
    lines = example_steps()
    if sum(n for n, _ in _COMMENTARY) != len(lines):
        raise AssertionError("the commentary does not cover the example's lines")
    out: list[Block] = []
    at = 0
    for count, note in _COMMENTARY:
        group = lines[at:at + count]
        at += count
        out.append(Step("\n".join(x.text for x in group), note,
                        "After: " + _state_text(group[-1].after)))
    return out


# -------------------------------------------------------------------------- text
def booklet() -> Booklet:
    """The Shuffle and Doom! booklet."""
    dmap = _dmap()
    row = _cards(dmap.row_stack)
    column = _cards(dmap.column_stack)
    blocks: list[Block] = [
        H1("What you need"),
        Bullets((
            "One ordinary deck of 52 cards. Take the jokers out.",
            "A pencil and an eraser, and a marker to stand for you (a coin will do).",
            "A map to draw on. The companion prints one for any seed, with your stats "
            "tracker on the same page: <i>companion map shuffle-and-doom</i>. Squared "
            "paper works too.",
            "If you play a seed, its stacking list (<i>companion sheets shuffle-and-doom "
            "--kind stack</i>), and a log sheet to write the game down (<i>--kind "
            "log</i>). <i>companion pack shuffle-and-doom</i> prints all of it, and this "
            "booklet, in one file.",
        )),
        P("Cards count their face value from 2 to 10; a jack is 11, a queen 12, a king "
          "13 and an ace 14. Each suit has one job in the dungeon:"),
        Rows((
            ("♠ spades", "Enemies. The number is both the enemy's health and the "
             "damage it deals."),
            ("♣ clubs", "Traps that hurt you for their value, or books that make you "
             "wiser (which one depends on the room, see below)."),
            ("♥ hearts", "Potions: drink one to gain its value in health."),
            ("♦ diamonds", "Gold. Gold is your score."),
        ), split=0.22),
        H1("The game in brief"),
        P(SUMMARY),
        P("You may leave by the exit in the bottom-right corner at any time you can "
          "reach it, keeping your gold. If instead you empty every room of the dungeon, "
          "your gold counts double. If your health drops below zero, you die and score "
          "nothing."),
        H1("Setting up"),
        H2("1. Build the map"),
        P("Pick a size <i>n</i> from 4 to 26; 7 is the usual game, 4 or 5 a short one. "
          "Shuffle the deck and deal <i>n</i> cards face up in a row, left to right, "
          "above the grid: this is the <b>row stack</b>, one card over each column. Deal "
          "<i>n</i> more face up in a column down the left side: the <b>column "
          "stack</b>, one card beside each row."),
        P("Every cell of the grid looks at two cards: the one above its column and the "
          "one beside its row. Only their colours matter (♥ and ♦ are red, ♠ and ♣ "
          "black). If the two colours differ, the cell is <b>filled</b> (mark it X, or "
          "shade it). If they match, the cell is <b>empty</b> (0). Should every cell "
          "come out empty, gather the cards, shuffle and deal again."),
        P("Filled cells that touch along an edge belong to the same <b>room</b>; "
          "diagonal contact does not count. A room's <b>size</b> is its number of cells: "
          "write it in the room, because it is the number of cards you will draw there. "
          "Cells are named by column letter and row number: a1 is the top-left cell, "
          "the entrance; the exit, F, lies beyond the bottom-right cell."),
        Fig(_draw_setup, 74, f"The map of seed {SEED} (5 × 5), drawn by the companion. "
            f"Row stack {row}; column stack {column}. Grey cells are filled; thick lines "
            "are room walls; the small number is the room's size.", width_mm=76, side=True),
        H2("2. Make your character"),
        P("You start with <b>health 7</b>, <b>attack 3</b>, <b>intelligence 3</b> and "
          "no gold. Now pick one of the two stacks, the row or the column, and read its "
          "cards: each ♥ adds the bonus B to your health, each ♠ adds B to your attack, "
          "each ♣ adds B to your intelligence, and each ♦ adds just 1 to the stat of "
          "your choice (choose separately for every ♦)."),
        Rows((
            ("<b>Map size</b>", "4", "5-6", "7-8", "9-10", "11-12", "13-14", "15-26"),
            ("<b>Bonus B</b>", "7", "6", "5", "4", "3", "2", "1"),
        ), widths=(0.2,) + (0.8 / 7,) * 7),
        P(f"With the map above, the row stack ({row}) would give attack 3 + 6 = 9, "
          "intelligence 3 + 6 + 6 = 15, health 7 + 6 = 13, and one point to place; the "
          f"column stack ({column}) gives a different character. Choose before you "
          "take your first step."),
        H2("3. Ready the deck"),
        P("Put all 2<i>n</i> map cards at the bottom of the deck, under the cards you "
          "never dealt, without shuffling. You will meet them last, if at all. Place "
          "your marker outside the grid, next to a1."),
        Note("Playing a seed.", "With a seed, the companion prints the map and a "
             "stacking list that tells you how to order a real deck, so your rooms hold "
             "exactly the cards the seed deals, and a validator can check your game. "
             "Anyone who plays the same seed faces the same dungeon."),
        H1("Exploring"),
        P("You move one cell at a time, north, east, south or west, and never "
          "diagonally or off the grid. Empty cells, and the cells of rooms you have "
          "emptied, are open: walk over them as you like. Your first step is onto a1."),
        P("Stepping onto any cell of a room you have not explored yet <b>enters</b> "
          "it. Draw as many cards as the room has cells and lay them out face up: they "
          "are what lives there. You must deal with the room before you go on."),
        H1("Inside a room"),
        P("Look at the room's cards. Every ♠ is an <b>enemy</b>, every ♥ a "
          "<b>potion</b>, every ♦ <b>gold</b>. The ♣ cards depend on their company: if "
          "the room's cards include at least one ♥ or ♦, every ♣ in it is a "
          "<b>trap</b> guarding that loot; if not, every ♣ is a <b>book</b>, and books "
          "are loot too."),
        P("A room is resolved in a fixed order: first the enemies, then the traps, "
          "then the loot."),
        H2("Fight the enemies"),
        P("<b>Hit</b> one enemy of your choice. If your attack is at least its value, "
          "it is defeated and leaves the room. Otherwise its value drops by your "
          "attack, and stays lower: a wounded enemy keeps its wounds."),
        P("After each hit, every enemy still standing strikes back: you lose health "
          "equal to the sum of their current values. Keep hitting until no enemy is "
          "left. You cannot run from a fight: while an enemy stands, you stay."),
        Fig(_draw_room_before_after, 34, "A room of four cards from the example of play: "
            "an attack of 9 leaves the A♠ at 5, and it strikes back."),
        H2("Get past the traps"),
        P("Once no enemy is left, deal with the traps one at a time. You can "
          "<b>disarm</b> a trap if your intelligence is at least its value; it is "
          "gone and does you no harm. For a trap you cannot disarm, you have two ways "
          "out:"),
        Bullets((
            "<b>Take</b> one item (a potion, gold or a book) while traps are still "
            "armed. Every armed trap goes off at once: you lose health equal to their "
            "total, every other item in the room is destroyed, and the traps are spent. "
            "You keep the item you took.",
            "<b>Retreat</b>: step out of the room onto an empty cell next to it. The "
            "traps go off behind you, destroying every item, but you take no damage. "
            "The room counts as emptied.",
        )),
        H2("Collect the loot"),
        P("When no enemy and no armed trap remain, <b>loot</b> the room: every item "
          "left goes into your inventory. Potions and books wait there until you use "
          "them; gold stays with you and is your score. The room is now emptied and "
          "its cells are open floor."),
        H2("Potions and books"),
        P("Whenever you are not in the middle of a hit, you may <b>drink</b> a potion "
          "you carry (gain its value in health; there is no maximum) or <b>read</b> a "
          "book (gain its value in intelligence, for good). A used card leaves the "
          "game for the rest of the pass."),
        H2("The advanced technique: stunning"),
        P("When you first enter a room that holds both a trap and at least one enemy, "
          "you may set the traps off on purpose, before your first hit, by taking an "
          "item. The traps hurt you as usual, and they hurt every enemy by the same "
          "total: an enemy brought to 0 or less is defeated. Every other item is "
          "destroyed. Enemies that survive are <b>stunned</b>: they skip the strike "
          "that follows your next hit. Then the fight goes on as usual. You may drink "
          "or read first."),
        H1("When the deck runs out"),
        P("Cards you finish with (defeated enemies, spent or disarmed traps, drunk "
          "potions, read books, destroyed items, a retreated room's cards) go to a "
          "used pile, not back into the deck. If you must draw and the deck is empty, "
          "the current <b>pass</b> through the deck ends at once:"),
        Bullets((
            "drink every potion and read every book you carry;",
            "bank your gold: it keeps counting toward your score;",
            "shuffle every card that is not on the table into a new deck, and go on "
            "drawing.",
        ), numbered=True),
        P("Every card drawn in the second pass is worth double its face value, in the "
          "third pass four times, and so on. A card keeps the value it had when it was "
          "drawn, even after a reshuffle. Small dungeons rarely get this far; large "
          "ones do."),
        H1("End of the game and scoring"),
        Rows((
            ("You die", "Your health goes below 0 (exactly 0 is still alive). Score: "
             "0."),
            ("You exit", "You walk out from the bottom-right cell to F while at least "
             "one filled room is still unexplored. Score: all your gold."),
            ("You clear the dungeon", "The moment every filled room is emptied, the "
             "game ends, wherever you stand. Score: twice your gold."),
        ), header=("Ending", "What happens"), split=0.26),
        P("Gold means every ♦ you hold plus the gold banked at the end of earlier "
          "passes, each at the value it was drawn with."),
        H1("Clarifications"),
        P("The original rules leave some questions open. These are the answers the "
          "companion uses; its validator enforces every one of them."),
        Bullets((
            "<b>Health 0</b> is alive. You die only below 0.",
            "<b>Map cards</b> go to the bottom of the deck in a fixed order: the row "
            "stack left to right, then the column stack top to bottom. (In a free "
            "game, any order is fine.)",
            "<b>Trap or book</b> is decided by the room's cards as drawn: a ♣ stays a "
            "trap even after the ♥ and ♦ beside it are taken or destroyed.",
            "<b>A wounded enemy</b> strikes for its reduced value.",
            "<b>Take</b> needs at least one armed trap. With no armed trap, collect "
            "items with loot. With enemies in the room, take is the advanced technique, "
            "allowed only before your first hit there.",
            "<b>The stun</b> covers exactly one strike: the one right after your next "
            "hit.",
            "<b>Retreat</b> needs no enemy and at least one armed trap, and it goes to "
            "an empty (0) cell next to any cell of the room, not to a cell of an "
            "emptied room.",
            "<b>Leaving a room</b> (entering another or exiting) is not allowed while "
            "enemies remain or traps are armed. Leaving a resolved room loots it on the "
            "way out.",
            "<b>Entering</b> a room needs a way to it over open cells. From outside, "
            "the only first step is onto a1.",
            "<b>The exit</b> is reached over open cells too: if the bottom-right cell "
            "belongs to a room you have not emptied, empty that room first.",
            "<b>The last room</b>: the game ends the moment it is emptied. Exiting from "
            "it therefore clears the dungeon (double score), it does not merely exit.",
            "<b>The stat choice</b> (row or column, and every ♦ point) is made before "
            "your first step.",
            "<b>A pass ends</b> only when a card is needed and none is left; leftover "
            "potions and books are used at that moment.",
            "<b>A room bigger than the deck</b> (possible on huge maps) holds all 52 "
            "cards.",
            "<b>An unfinished game</b> (a log that stops early) is reported with the "
            "gold you hold as its score.",
        )),
        H1("Variants"),
        Bullets((
            "<b>Size</b>: any map from 4 × 4 to 26 × 26 (<i>--size N</i>, log tag "
            "<i>[Size \"N\"]</i>). Larger maps give smaller bonuses and run through the "
            "deck more than once.",
            "<b>easy-stats</b>: start with health 7, attack 7 and intelligence 7.",
            "<b>flat-consumables</b>: every potion and every book is worth exactly 3, "
            "whatever its value. Harder.",
        )),
        P("Choose variants in a log with <i>[Variant \"easy-stats\"]</i> (several: "
          "separate them with commas). The original also suggests editing maps by hand "
          "and an endless dungeon; the companion does not check those."),
        Note("How hard is it?", how_hard_text("shuffle-and-doom", {
            "expert": "A careful player who weighs every fight and room",
            "greedy": "one who takes the stronger stack and always the smallest room",
            "random": "random play",
        }, "A win here is clearing every room of a 7 × 7 map; walking out by the exit "
           "with your gold is always a way to live, with a score but not a win.")),
        Keep((
            H1("Example of play"),
            P(f"A real game on the 5 × 5 map of seed {SEED} (the map under Setting "
              "up). Each grey line is a line of the game's log; under it, what happened "
              "and the state after it, as the companion's engine replays it."),
        )),
        Fig(_draw_route, 74, "The route of the example: the rooms in the order they "
            "were entered (1, 2, 3), all emptied by the end.", width_mm=76, side=True),
        *_steps(),
        H1("Logging your game"),
        P("Write your game down as you play, one line per action: you can then check "
          "it with the companion, which replays it through these rules and points to "
          "the first line that breaks one. A log starts with tags in square brackets, "
          "then has one action per line. Anything after # is a comment."),
        Rows((
            ("choose row / choose column", "the stack that gives your bonuses"),
            ("bonus health attack ...", "one stat per ♦ of that stack (health, attack, "
             "intelligence)"),
            ("enter c2", "walk over open cells and step into a room at c2"),
            ("room 5♣ 6♦ K♠", "the cards drawn there (checked with a seed; needed "
             "without one)"),
            ("hit K♠", "hit an enemy; the others strike back by themselves"),
            ("disarm 5♣", "disarm a trap"),
            ("take 6♦", "take one item while traps are armed (they go off)"),
            ("drink 7♥ / read 9♣", "use a potion or a book you carry"),
            ("loot", "collect everything left in the room"),
            ("retreat b3", "leave a trapped room for the empty cell b3"),
            ("exit", "walk to the bottom-right cell and out"),
        ), header=("Line", "Meaning"), split=0.36),
        P("Cards are written rank then suit: <i>10♠</i>, or with letters, <i>10S</i>, "
          "<i>TS</i> or <i>ts</i> (S, H, D, C). Cells are a column letter and a row "
          "number: <i>c2</i>."),
        P("The complete log of the example of play:"),
        Code(EXAMPLE_LOG),
        P("Save it as a text file, say <i>game.log</i>, and run <i>companion validate "
          "game.log</i>. The answer for this one is <i>valid, cleared, score 28, claim "
          "28 matches</i>. A mistake is reported as <i>game.log:LINE:COLUMN: what is "
          "wrong</i>, for instance that an enemy you hit is not in the room. "
          "<i>companion score game.log</i> checks only the claimed score."),
        P("Without a seed (you shuffled by hand), give the map cards as tags instead, "
          f"left to right and top to bottom: <i>[Row \"{row}\"]</i> and <i>[Column "
          f"\"{column}\"]</i> for the example map. Leave out the Seed tag, and write a "
          "room line after every enter: only you know what you drew."),
    ]
    return Booklet(
        game="shuffle-and-doom",
        title="Shuffle and Doom!",
        tagline="A dungeon crawl for one player, one deck of cards, a pencil and paper",
        credits="Game by <b>Handsome Wolf Benny</b> and <b>Alfaric</b> (2023). This "
        "booklet retells their rules in the companion project's own words and adds the "
        "rulings its validator enforces. Every picture is drawn by the companion's "
        f"engine from the seed {SEED}.",
        blocks=tuple(blocks),
        emblem=("monster", "spade", "trap", "heart", "potion", "diamond", "gold", "club", "book"),
        hero=Fig(_draw_suits, 32, "The four suits and what they are in the dungeon."),
        example_log=EXAMPLE_LOG,
        summary=SUMMARY,
    )
