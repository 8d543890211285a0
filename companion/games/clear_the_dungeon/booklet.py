"""The Clear the Dungeon rule booklet: text in the project's own words (the original
rules are CC BY-NC-ND: no sentence of them is reused), figures drawn by the engine
from the seed ``BOOK-2``, and a whole winning game replayed turn by turn.

Layout, fonts and printing are :mod:`companion.paper.booklet`'s business; this module
only says what the booklet holds.
"""

from __future__ import annotations

from typing import Any

from companion.balance import how_hard_text, load_results, main_run, percent, win_rate
from companion.booklet_examples import ExampleLine, replay_example
from companion.cards import Card, parse_card
from companion.games.clear_the_dungeon.generation import deal
from companion.games.clear_the_dungeon.rules import (
    LOSS_DAMAGE,
    Discard,
    Draw,
    Monsters,
    Play,
    Reveal,
    State,
    power_of,
    value_of,
)
from companion.paper.booklet import (
    H1,
    Block,
    Booklet,
    Bullets,
    Code,
    Fig,
    Note,
    P,
    Rows,
    Step,
    draw_label,
)
from companion.paper.units import Rect, mm

SEED = "BOOK-2"

EXAMPLE_LOG = f"""\
[Game "clear-the-dungeon"]
[Seed "{SEED}"]
[Player "Example"]
[Claim "3"]
monsters K♥ J♥ Q♥ J♣
draw 4♣ A♥ 9♠
play A♥ on 2
play 4♣ on 3
play 9♠ on 4
draw 2♥ 9♥ 7♠
play 9♥ on 3
play 2♥ on 3
reveal Q♣
play 7♠ on 3
draw 3♣ 7♥ 5♦
play 5♦ on 3
play 3♣ on 3
reveal J♠
play 7♥ on 3
draw 8♣ A♠ 8♦
play 8♦ on 1
play 8♣ on 3
play A♠ on 3
draw 9♦ A♦ 5♣
play 9♦ on 4
play 5♣ on 4
reveal K♦
discard A♦
draw 6♣ 6♦ 8♥
play 8♥ on 4
play 6♣ on 4
play 6♦ on 4
reveal Q♦
draw 4♠ 6♥ A♣
play 6♥ on 1
play 4♠ on 4
discard A♣
draw 10♣ JK 3♦
play 10♣ on 2
play JK on 2
reveal J♦
play 3♦ on 2
draw 7♦ JK 8♠
play JK on 1
reveal K♣
play 7♦ on 1
play 8♠ on 2
draw 10♥ 2♦ 7♣
play 7♣ on 1
play 2♦ on 2
reveal K♠
play 10♥ on 2
draw 2♣ 10♠ 5♠
play 2♣ on 1
reveal Q♠
play 5♠ on 1
play 10♠ on 4
draw 3♥ 6♠ 5♥
play 3♥ on 2
play 6♠ on 2
discard 5♥
draw 10♦ 4♦ 2♠
play 4♦ on 4
play 10♦ on 1
play 2♠ on 1
"""

SHORT_LOG = f"""\
[Game "clear-the-dungeon"]
[Seed "{SEED}"]
[Player "Ada"]
[Date "2026-11-21"]
monsters K♥ J♥ Q♥ J♣    # checked against the seed
draw 4♣ A♥ 9♠           # with a seed, "draw" alone will do
play A♥ on 2            # column 2, or name it: on J♥
play 4♣ on Q♥
play 9♠ on 4
draw
play 9♥ on 3
play 2♥ on 3            # trigger: the Q♥ falls
reveal Q♣               # optional with a seed
play 7♠ on 3
"""

# A remark of our own on some turns (by turn number, the deal being turn 0).
_REMARKS: dict[int, str] = {
    1: "Three monsters get their opening card at once: with cards already waiting on "
       "them, later draws have more ways to be useful.",
    5: "The A♦ could open an attack on a jack (1 + 10 = 11), but the only jack left, "
       "the J♥, already has its first card, and A♥ + A♦ = 2 is far from 11. Nothing "
       "bigger can be opened with an ace, so it goes to the damage pile.",
    6: "The K♦ needs 13: 8 + 6 = 14 does it, and the 6♦ matches the king's suit.",
    7: "The A♣ fits nowhere: it is no trigger for the K♥, and with the A♥ or the 4♠ "
       "it falls far short of a total. A second card on the damage pile.",
    8: "A joker counts 10 and matches any suit: here it is the J♥'s trigger.",
    12: "The 5♥ has nowhere to go: the third and last card on the damage pile.",
    13: "The last monster falls with three cards still in the power deck: the game "
        "is won, and those three cards are the score.",
}

_COLUMN_WORD = ("column 1", "column 2", "column 3", "column 4")


SUMMARY = (
    "Twelve monsters, the jacks, queens and kings, wait in four columns. You "
    "fight them with the other 42 cards, three at a time. Each monster takes "
    "exactly three cards to defeat: two whose values add up to its power, then "
    "one of its own suit. Cards you cannot use pile up as damage, and seven "
    "damage ends your game. Defeat all twelve monsters to win; the fewer cards "
    "you needed, the better your score."
)
"""The game in a few sentences (the booklet's "The game in brief", a pack's cover)."""

# ----------------------------------------------------------------------- figures
def _draw_deal(c: Any, w: float, h: float) -> None:
    """The four monster columns of the seed as dealt, with the power deck."""
    from companion.games.clear_the_dungeon.sheets import draw_mini_back
    from companion.paper.cards import draw_card_glyph

    columns = deal(SEED).columns
    col_w = w / 5
    gw, gh = min(col_w * 0.62, mm(17)), min(col_w * 0.62, mm(17)) * 1.4
    peek = mm(2.6)
    for k, col in enumerate(columns):
        cx = col_w * k + col_w / 2
        top = h - mm(4)
        draw_label(c, cx, top, f"Column {k + 1}", 7.5, bold=True, align="centre")
        y = top - mm(2) - 2 * peek - gh
        for i in (2, 1):
            draw_mini_back(c, Rect(cx - gw / 2, y + i * peek, gw, gh))
        draw_card_glyph(c, col[0], cx - gw / 2, y, gw, gh)
        draw_label(c, cx, y - mm(4), f"power {power_of(col[0])}", 6.8, align="centre", grey=True)
        draw_label(c, cx, y - mm(7.2), "+2 face down", 8, align="centre", grey=True)
    cx = col_w * 4 + col_w / 2
    top = h - mm(4)
    draw_label(c, cx, top, "Power deck", 7.5, bold=True, align="centre")
    y = top - mm(2) - 2 * peek - gh
    for i in (2, 1, 0):
        draw_mini_back(c, Rect(cx - gw / 2 + i * mm(0.8), y + i * mm(0.8), gw, gh))
    draw_label(c, cx, y - mm(4), "42 cards", 6.8, align="centre", grey=True)
    draw_label(c, cx, y - mm(7.2), "A-10, jokers", 8, align="centre", grey=True)


def _draw_monsters(c: Any, w: float, h: float) -> None:
    """The cast: J Q K with their power, power cards and a joker."""
    from companion.paper.cards import draw_card_glyph

    cards = [("J♣", "power 11"), ("Q♦", "power 12"), ("K♠", "power 13"), ("A♥", "1"),
             ("7♣", "7"), ("10♦", "10"), ("JK", "10, any suit")]
    gh = h - mm(14)
    gw = min(gh / 1.4, w / len(cards) * 0.8)
    gh = gw * 1.4
    step = (w - gw) / (len(cards) - 1)
    for i, (card, note) in enumerate(cards):
        x = i * step
        draw_card_glyph(c, parse_card(card), x, h - gh - mm(1), gw, gh)
        draw_label(c, x + gw / 2, h - gh - mm(5), note, 6.6, align="centre", grey=True)
    draw_label(c, 1.5 * step + gw / 2, mm(1.5), "monsters", 7.2, bold=True, align="centre")
    draw_label(c, 4.5 * step + gw / 2, mm(1.5), "power cards", 7.2, bold=True, align="centre")


def _pile_panel(c: Any, x: float, y: float, w: float, h: float, monster: str,
                pile: list[str], title: str, note: str, fallen: bool = False,
                revealed: str | None = None) -> None:
    from companion.paper.cards import draw_card_glyph

    c.saveState()
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.5)
    c.roundRect(x, y, w, h, mm(1.5), stroke=1, fill=0)
    draw_label(c, x + w / 2, y + h - mm(4), title, 7.2, bold=True, align="centre")
    gw, gh = mm(11), mm(15.4)
    mx = x + w / 2 - gw / 2
    my = y + h - mm(6.5) - gh
    shown = revealed or monster
    draw_card_glyph(c, parse_card(shown), mx, my, gw, gh)
    if fallen:
        draw_label(c, x + w / 2, my - mm(3.6), f"{monster} defeated", 6.4, align="centre",
                   grey=True)
    sw, sh = mm(8), mm(11.2)
    gap = mm(1.5)
    sx = x + (w - 3 * sw - 2 * gap) / 2
    sy = y + mm(9.5)
    for i in range(3):
        r = Rect(sx + i * (sw + gap), sy, sw, sh)
        if i < len(pile) and not fallen:
            draw_card_glyph(c, parse_card(pile[i]), r.x, r.y, r.w, r.h)
        else:
            c.setDash([2, 2], 0)
            c.setStrokeColorRGB(0.55, 0.55, 0.55)
            c.roundRect(r.x, r.y, r.w, r.h, mm(1), stroke=1, fill=0)
            c.setDash()
    lines = note.split("\n")  # a note too wide for its panel is given in two lines
    for k, line in enumerate(lines):
        draw_label(c, x + w / 2, y + mm(2.2) + (len(lines) - 1 - k) * mm(3.4), line, 8,
                   align="centre")
    c.restoreState()


def _draw_attack(c: Any, w: float, h: float) -> None:
    """An attack from the example: the Q♥ of column 3 over two turns."""
    gap = mm(2.5)
    pw = (w - 2 * gap) / 3
    _pile_panel(c, 0, 0, pw, h, "Q♥", ["4♣"], "1st card: 4♣",
                "4 + 10 = 14 ≥ 12:\nmay open")
    _pile_panel(c, pw + gap, 0, pw, h, "Q♥", ["4♣", "9♥"], "2nd card: 9♥",
                "4 + 9 = 13 ≥ 12")
    _pile_panel(c, 2 * (pw + gap), 0, pw, h, "Q♥", ["4♣", "9♥", "2♥"], "Trigger: 2♥",
                "a ♥: the Q♥ falls,\nQ♣ turns up", fallen=True, revealed="Q♣")


# ------------------------------------------------------------------ example steps
def example_steps() -> list[ExampleLine]:
    """The example log replayed (raises LogError if it ever stops being valid)."""
    return replay_example(EXAMPLE_LOG, "clear-the-dungeon example")


def _names(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _describe(game: Any, line: ExampleLine) -> str:
    """What one line did, worked out from the states before and after it."""
    before: State = line.before
    after: State = line.after
    action = game.parse_action(before, _action_line(line.text))
    if isinstance(action, Monsters):
        return f"The deal shows {_names(action.cards)} face up in columns 1 to 4."
    if isinstance(action, Draw):
        return f"Draw {_names(after.hand)}."
    if isinstance(action, Reveal):
        return f"{action.card} turns face up there."
    if isinstance(action, Discard):
        return (f"{action.card} goes to the damage pile ({len(after.damage)} of "
                f"{LOSS_DAMAGE}).")
    assert isinstance(action, Play)
    k = action.column
    if k is None:
        k = next(i for i, m in enumerate(before.up) if m == action.monster)
    monster = before.up[k]
    assert monster is not None
    pile = before.piles[k]
    power = power_of(monster)
    v = value_of(action.card)
    card = "The joker" if action.card.is_joker else str(action.card)
    if not pile:
        return f"{card} opens the attack on {monster} in {_COLUMN_WORD[k]} ({v} + 10 ≥ {power})."
    if len(pile) == 1:
        total = value_of(pile[0]) + v
        return f"{card} on {monster}: {value_of(pile[0])} + {v} = {total} ≥ {power}."
    if action.card.is_joker:
        return f"The joker is the trigger: {monster} is defeated."
    return f"{card} is the trigger (a {monster.suit.symbol}): {monster} is defeated."  # type: ignore[union-attr]


def _action_line(text: str) -> Any:
    from companion.log import parse_log

    log = parse_log('[Game "clear-the-dungeon"]\n' + text + "\n", "<step>")
    return log.actions[0]


def _table_text(s: State) -> str:
    cols = []
    for k, m in enumerate(s.up):
        if m is None:
            cols.append(f"{k + 1} empty")
            continue
        pile = f" [{_names(s.piles[k])}]" if s.piles[k] else ""
        cols.append(f"{k + 1} {m}{pile}")
    text = ("Columns " + " · ".join(cols) + f". Damage {len(s.damage)} of {LOSS_DAMAGE}, "
            f"power deck {s.deck_left}, monsters defeated {len(s.defeated)}.")
    if s.outcome:
        text += f" <b>Game over: {s.outcome}, score {s.score()}.</b>"
    return text


def _steps() -> list[Block]:
    from companion.games.clear_the_dungeon import GAME

    lines = example_steps()
    turns: list[list[ExampleLine]] = []
    for line in lines:
        if not turns or line.text.startswith("draw"):
            turns.append([line])
        else:
            turns[-1].append(line)
    out: list[Block] = []
    for n, turn in enumerate(turns):
        said = " ".join(_describe(GAME, x) for x in turn)
        remark = _REMARKS.get(n)
        text = f"<b>{'The deal' if n == 0 else f'Turn {n}'}.</b> {said}"
        if remark:
            text += f" <i>{remark}</i>"
        out.append(Step("\n".join(x.text for x in turn), text,
                        "After: " + _table_text(turn[-1].after)))
    return out


# -------------------------------------------------------------------------- text
def _how_hard() -> Note:
    """The measured difficulty (``companion/games/clear_the_dungeon/balance.json``)."""
    results = load_results("clear-the-dungeon")
    expert = {v: win_rate(main_run(results, 1, v), "expert")
              for v in (("reserve",), ("no-jokers",))}
    known = results["perfect_information"]["winnable"][""]
    return Note("How hard is it?", how_hard_text("clear-the-dungeon", {
        "expert": "A careful player who plans each hand and counts the cards seen",
        "greedy": "one who plays each card where it helps most at once",
        "random": "random play",
    }, f"With the reserve variant the careful player wins {percent(expert[('reserve',)])}, "
       f"without jokers {percent(expert[('no-jokers',)])}. Yet with every card known in "
       f"advance {percent(known)} of deals can be won: the hidden order of the power "
       "deck is what makes it hard."))


def booklet() -> Booklet:
    """The Clear the Dungeon booklet."""
    blocks: list[Block] = [
        H1("What you need"),
        Bullets((
            "A deck of 54 cards: the 52 usual cards and two jokers. If you have none, "
            "<i>companion sheets clear-the-dungeon --kind deck</i> prints one to cut "
            "out (print it two-sided, flipping on the long edge).",
            "A table with room for four columns of cards, a face-down deck, your hand "
            "and a discard pile. The companion's play mat marks every spot: "
            "<i>companion map clear-the-dungeon</i>.",
            "For a seeded game: the stacking list (<i>--kind stack</i>), which tells "
            "you how to order your cards so that your game follows the seed, and a log "
            "sheet (<i>--kind log</i>). <i>companion pack clear-the-dungeon</i> prints "
            "all of them and this booklet at once.",
        )),
        H1("The game in brief"),
        P(SUMMARY),
        Rows((
            ("Monster", "Jack: power 11 · Queen: power 12 · King: power 13"),
            ("Power card", "Ace counts 1, then 2 to 10 at face value"),
            ("Joker", "Counts 10 and belongs to every suit"),
        ), split=0.24),
        H1("Setting up"),
        Bullets((
            "Take out the twelve face cards: they are the monsters. Shuffle them and "
            "deal four columns of three cards, face down. Turn the top card of each "
            "column face up: those four are the monsters you can attack.",
            "The other 42 cards (aces to tens and both jokers) are your power deck. "
            "Shuffle it and put it face down.",
            "Leave room beside each face-up monster for its attack pile, and a spot for "
            "the damage pile.",
        ), numbered=True),
        Fig(_draw_deal, 44, f"The deal of seed {SEED}, drawn by the companion: the top "
            "monster of each column is face up, two more wait under it."),
        H1("A turn"),
        Bullets((
            "<b>Draw</b>: take the top three power cards into your hand (all that are "
            "left, if fewer than three remain).",
            "<b>Use every card</b> in your hand, one at a time, in the order you like. "
            "Each card either attacks a face-up monster, going onto its attack pile, or "
            "is discarded onto the damage pile.",
            "When your hand is empty, the turn is over: draw again.",
        ), numbered=True),
        H1("Attacking a monster"),
        P("A monster's attack pile is built in three steps, over one turn or several: "
          "cards stay on a monster until it is defeated."),
        Rows((
            ("1st card", "Any card that could still reach the monster's power with one "
             "more card: its value plus 10 must be at least the power. (An ace can "
             "open an attack on a jack, but not on a queen or a king.)"),
            ("2nd card", "The two cards' values together must be at least the "
             "monster's power."),
            ("3rd card: the trigger", "Any card of the monster's suit, or a joker; its "
             "value does not matter. The monster is defeated at once."),
        ), split=0.24),
        P("Set the defeated monster aside with its three attack cards: they are out "
          "of the game, and they are not damage. If the column still has cards, turn "
          "the next one face up: it is the new monster of that column. An empty column "
          "stays empty."),
        Fig(_draw_attack, 50, "One attack from the example game, over two turns: the "
            "Q♥ of column 3 takes the 4♣, the 9♥, then the 2♥."),
        H1("Damage, winning and losing"),
        P("Every card you discard goes onto the damage pile. You may discard any card, "
          "but usually you must: a card that fits no attack pile has nowhere else to "
          "go. The moment the damage pile holds seven cards, you lose."),
        Rows((
            ("You win", "The twelfth monster falls. Your score is how many cards the "
             "power deck still holds; whatever is left in your hand scores nothing."),
            ("You lose", "Seven cards lie on the damage pile, or your hand and the "
             "power deck are both empty while monsters remain."),
        ), header=("Ending", "What happens"), split=0.24),
        H1("Clarifications"),
        P("Printed versions of this game differ in details, and some points are left "
          "open. The companion follows the version with twelve monsters in four "
          "columns, a seven-card damage pile, an optional reserve card, and a score "
          "equal to the cards left in the power deck. These are the rulings its "
          "validator enforces:"),
        Bullets((
            "<b>No dead attacks</b>: a first card must be able to reach the power with "
            "a second one (value + 10 ≥ power), so a 2 cannot open an attack on a "
            "king.",
            "<b>Jokers</b> count 10 in a total (a joker may stand for less, but only 10 "
            "ever helps) and match any suit, so a joker is always a valid trigger.",
            "<b>Defeated monsters</b> leave the game with their three attack cards. "
            "They never count toward the damage pile.",
            "<b>Attack piles</b> stay on their monster from turn to turn until it is "
            "defeated.",
            "<b>Discarding</b> is always allowed, even for a card that could be played.",
            "<b>Short draws</b>: when fewer than three cards remain, draw what is left.",
            "<b>Running dry</b>: with an empty hand and an empty power deck and "
            "monsters still standing, the game is lost (with the reserve rule, only if "
            "the reserve card cannot be played either).",
            "<b>No score for a loss</b>: the validator reports how many monsters you "
            "defeated instead. A log that stops before the end has no score either.",
            "<b>Every card exists once</b> (the jokers twice): a card seen twice in a "
            "hand-shuffled game is an error.",
        )),
        H1("Variants"),
        Bullets((
            "<b>reserve</b>: the card lying on top of the damage pile is your reserve. "
            "You may put it onto a monster just like a card from your hand, at any time, "
            "even with an empty hand before you draw; it then leaves the damage pile. "
            "It is never discarded a second time. Mind the order of your discards: the "
            "last one is the card you can get back. The game is easier.",
            "<b>no-jokers</b>: take both jokers out (40 power cards). The game is "
            "harder.",
        )),
        P("Print the mat and sheets for a variant with <i>--variant reserve</i>; in a "
          "log, write <i>[Variant \"reserve, no-jokers\"]</i>."),
        _how_hard(),
        Note("Seeds.", "A seed fixes the monster columns and the order of the power "
             "deck. Stack a real deck as the stacking list says and you play exactly "
             "the seed's deal; the companion can also tell you the best score the deal "
             "allows: <i>companion solve clear-the-dungeon --seed SEED</i>."),
        H1("Example of play"),
        P(f"A whole game of seed {SEED}, turn by turn, as its log records it. It is won "
          "with three cards left in the power deck. Under each turn: what every line "
          "did, as the companion's engine replays it, and the table after the turn "
          "(each column's face-up monster and, in brackets, its attack pile)."),
        *_steps(),
        H1("Logging your game"),
        P("Write one line per action as you play; the companion then replays the log "
          "through these rules and points to the first line that breaks one. A log "
          "opens with tags in square brackets; anything after # is a comment."),
        Rows((
            ("monsters J♣ Q♦ K♠ J♥", "the four face-up monsters after the deal, columns "
             "1 to 4"),
            ("draw 9♦ 2♥ 5♣", "the cards drawn (with a seed, draw alone is enough)"),
            ("play 9♦ on 1", "a card onto the attack pile of column 1, or name the "
             "monster: play 9♦ on J♣"),
            ("discard 3♥", "a hand card onto the damage pile"),
            ("reveal K♦", "the monster turned face up after a defeat, on the next line"),
        ), header=("Line", "Meaning"), split=0.34),
        P("Cards are rank then suit: <i>10♠</i>, or with letters, <i>10S</i>, <i>TS</i>, "
          "<i>ts</i>; a joker is <i>JK</i>. A complete log of the first two turns of the "
          "example game, as a player might write it at the table:"),
        Code(SHORT_LOG),
        P("Save it as <i>game.log</i> and run <i>companion validate game.log</i>: it "
          "answers <i>valid, unfinished, no score</i>, because the game is not over. "
          "A full game ends with a <i>[Claim \"N\"]</i> tag for your score; the "
          "validator says whether the claim matches. A mistake is reported with its "
          "place, <i>game.log:LINE:COLUMN</i>, and what is wrong (for instance that "
          "5 + 4 = 9 does not reach a king's 13)."),
        P("Shuffled by hand, without a seed: leave out the Seed tag, start with the "
          "monsters line, write every draw with its cards, and after each defeat that "
          "turns up a new monster, its reveal line."),
    ]
    return Booklet(
        game="clear-the-dungeon",
        title="Clear the Dungeon",
        tagline="A solo card game of monsters, attack piles and a damage pile",
        credits="Game by <b>Mark S. Ball</b>. The original rules are published under a "
        "Creative Commons licence that allows no derivatives, so this booklet quotes "
        "none of them: it explains the game in the companion project's own words and "
        "adds the rulings its validator enforces. Every picture is drawn by the "
        f"companion's engine from the seed {SEED}.",
        blocks=tuple(blocks),
        emblem=("monster", "spade", "heart", "crown", "diamond", "club"),
        hero=Fig(_draw_monsters, 38, "The monsters and their power, the power cards, and "
                 "the joker that fits anywhere."),
        example_log=EXAMPLE_LOG,
        summary=SUMMARY,
        extra={"short_log": SHORT_LOG},
    )
