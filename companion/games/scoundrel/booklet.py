"""The Scoundrel rule booklet: the rules in the project's own words (crediting Zach Gage
and Kurt Bieg), figures drawn from the seed ``BOOK-12``, and a whole won game replayed
room by room, as the companion's expert player played it.

Layout, fonts and printing are :mod:`companion.paper.booklet`'s business; this module
only says what the booklet holds.
"""

from __future__ import annotations

from typing import Any

from companion.balance import how_hard_text, load_results, percent
from companion.booklet_examples import ExampleLine, replay_example
from companion.cards import Card, parse_card
from companion.games.scoundrel.generation import DECK, dungeon
from companion.games.scoundrel.rules import MAX_HEALTH, State, value
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
from companion.paper.units import mm

SEED = "BOOK-12"

EXAMPLE_LOG = f"""\
[Game "scoundrel"]
[Seed "{SEED}"]
[Player "Example"]
[Claim "12"]
room 8♠ 8♦ 9♠ 7♦
equip 8♦
slay 9♠
slay 8♠
room 7♦ 10♥ 4♠ A♣
equip 7♦
slay A♣
drink 10♥
room 4♠ 6♦ 10♠ A♠
slay 10♠
slay 4♠
equip 6♦
room A♠ 4♥ 2♣ 5♣
slay A♠
drink 4♥
fight 2♣
room 5♣ Q♠ 2♥ 2♦
slay Q♠
slay 5♣
drink 2♥
room 2♦ 5♥ 3♣ 3♦
drink 5♥
slay 3♣
equip 3♦
room 2♦ 5♠ 6♥ J♠
slay 5♠
equip 2♦
drink 6♥
room J♠ 5♦ 9♣ 4♦
equip 4♦
equip 5♦
slay 9♣
room J♠ 6♠ Q♣ 4♣
avoid
room 8♥ J♣ 2♠ 7♠
drink 8♥
fight 2♠
slay 7♠
room J♣ 10♣ K♣ 3♠
avoid
room K♠ 9♦ 9♥ 6♣
equip 9♦
slay K♠
drink 9♥
room 6♣ 3♥ 7♣ 8♣
slay 8♣
slay 7♣
slay 6♣
room 3♥ 10♦ 7♥ J♠
equip 10♦
fight J♠
drink 7♥
room 3♥ 6♠ Q♣ 4♣
drink 3♥
slay Q♣
fight 4♣
room 6♠ J♣ 10♣ K♣
slay J♣
slay 10♣
slay 6♠
room K♣ 3♠
slay 3♠
"""

SHORT_LOG = f"""\
[Game "scoundrel"]
[Seed "{SEED}"]
[Player "Ada"]
[Date "2026-11-23"]
room 8♠ 8♦ 9♠ 7♦      # checked against the seed
equip 8♦
slay 9♠               # the bigger monster first: the 8♠ may still follow
slay 8♠
equip 7♦              # with a seed the room line may be left out
slay A♣
drink 10♥
"""

SUMMARY = (
    "The dungeon is a deck of 44 cards, dealt four at a time into rooms. Clubs and "
    "spades are monsters, diamonds are weapons, hearts are potions. In each room you "
    "face three of the four cards, one after the other, and leave the fourth for the "
    "next room; or, now and then, you avoid a room altogether. Monsters cost you "
    "health, less if your weapon can take them, and a weapon grows duller with every "
    "kill. Get through the whole dungeon with health left to win."
)
"""The game in a few sentences (the booklet's "The game in brief", a pack's cover)."""

# A remark of our own on some rooms (by room number, the first room being 1).
_REMARKS: dict[int, str] = {
    1: "Two weapons in one room: the 8♦ is the better one. It slays the 9♠ first, "
       "then the 8♠: the other way round, the 9♠ would have been refused, since a "
       "weapon only takes monsters weaker than the last one on it.",
    2: "Why not the 8♦ for the A♣? It has slain the 8♠, so it only takes monsters "
       "below 8 now. The fresh 7♦ takes the A♣ for 7 damage, and the 10♥ heals that "
       "back (health stops at 20).",
    4: "The 2♣ is fought bare-handed: 2 damage, but slain, it would have left the 6♦ "
       "able to take only monsters below 2, that is, none.",
    8: "Three of the four must be faced, and the J♠ is best left for later: the 4♦ is "
       "faced as a throwaway, the 5♦ replaces it at once, and the 9♣ costs 4.",
    9: "Three monsters and no help: this room is avoided. Its cards go under the "
       "dungeon and come back at the end, by then with a better weapon.",
    11: "Avoided again: allowed, since this room was dealt after facing cards, not by "
        "an avoid. The J♣ that stayed goes under with the rest.",
    17: "Through the dungeon: it is empty and one card, the K♣, is left. The game is "
        "won with 12 health.",
}


# ----------------------------------------------------------------------- figures
def _draw_cast(c: Any, w: float, h: float) -> None:
    """The cast: monsters of both black suits, a weapon, a potion."""
    from companion.paper.cards import draw_card_glyph

    cards = [("2♣", "2"), ("10♠", "10"), ("J♣", "11"), ("Q♠", "12"), ("K♣", "13"),
             ("A♠", "14"), ("7♦", "weapon 7"), ("5♥", "potion 5")]
    gh = h - mm(14)
    gw = min(gh / 1.4, w / len(cards) * 0.8)
    gh = gw * 1.4
    step = (w - gw) / (len(cards) - 1)
    for i, (card, note) in enumerate(cards):
        x = i * step
        draw_card_glyph(c, parse_card(card), x, h - gh - mm(1), gw, gh)
        draw_label(c, x + gw / 2, h - gh - mm(5), note, 6.6, align="centre", grey=True)
    draw_label(c, 2.5 * step + gw / 2, mm(1.5), "monsters (♣ ♠)", 7.2, bold=True,
               align="centre")
    draw_label(c, 6.5 * step + gw / 2, mm(1.5), "weapon, potion", 7.2, bold=True,
               align="centre")


def _draw_back(c: Any, x: float, y: float, w: float, h: float) -> None:
    """A small face-down card: rounded outline, tinted, cross-hatched."""
    from companion.paper.cards import draw_lattice
    from companion.paper.units import Rect

    c.saveState()
    c.setLineWidth(0.6)
    c.setFillColorRGB(0.9, 0.92, 0.97)
    c.roundRect(x, y, w, h, 0.12 * w, stroke=1, fill=1)
    inner = Rect(x, y, w, h).inset(w * 0.1)
    clip = c.beginPath()
    clip.roundRect(inner.x, inner.y, inner.w, inner.h, 0.07 * w)
    c.clipPath(clip, stroke=0, fill=0)
    draw_lattice(c, inner, max(mm(1.6), w / 9), 0.35, (0.16, 0.26, 0.5))
    c.restoreState()


def _draw_first_room(c: Any, w: float, h: float) -> None:
    """The first room of the example seed beside the dungeon."""
    from companion.paper.cards import draw_card_glyph

    room = dungeon(SEED)[:4]
    gw = min(w / 7, mm(20))
    gh = gw * 1.4
    y = h - gh - mm(6)
    draw_label(c, gw / 2 + mm(2), h - mm(3.5), "Dungeon", 7.5, bold=True, align="centre")
    for i in (2, 1, 0):
        _draw_back(c, mm(2) + i * mm(0.8), y + i * mm(0.8), gw, gh)
    draw_label(c, gw / 2 + mm(2), y - mm(4), f"{len(DECK) - 4} cards left", 6.8,
               align="centre", grey=True)
    x0 = gw + mm(12)
    for i, card in enumerate(room):
        x = x0 + i * (gw + mm(4))
        draw_card_glyph(c, card, x, y, gw, gh)
        draw_label(c, x + gw / 2, y - mm(4), f"dealt {i + 1}", 6.8, align="centre",
                   grey=True)
    draw_label(c, x0 + 2 * (gw + mm(4)) - mm(2), h - mm(3.5), "The first room", 7.5,
               bold=True, align="centre")


def _draw_weapon(c: Any, w: float, h: float) -> None:
    """A weapon with the monsters it slew laid beside it, each a step lower (side by
    side, not fanned over each other: a card over another would hide its index): the
    last one decides what it may take next."""
    from companion.paper.cards import draw_card_glyph

    gw = min(w / 8, mm(17))
    gh = gw * 1.4
    y = h - gh - mm(2)
    draw_card_glyph(c, parse_card("8♦"), 0, y, gw, gh)
    for i, card in enumerate(("9♠", "8♠")):
        draw_card_glyph(c, parse_card(card), (gw + mm(1.5)) * (i + 1), y - mm(2) * (i + 1),
                        gw, gh, highlight=i == 1)
    x = gw * 3 + mm(3) + mm(6)
    lines = ("The 8♦ slew the 9♠ (1 damage),", "then the 8♠ (none).",
             "Next it may take only a monster", "weaker than the 8♠: 2 to 7.",
             "With equal-kills, an 8 too.",
             "Bare hands are always allowed.")
    for i, text in enumerate(lines):
        draw_label(c, x, h - mm(5) - i * mm(3.9), text, 8, bold=i in (2, 3))


# ------------------------------------------------------------------ example steps
def example_steps() -> list[ExampleLine]:
    """The example log replayed (raises LogError if it ever stops being valid)."""
    return replay_example(EXAMPLE_LOG, "scoundrel example")


def _names(cards: tuple[Card, ...]) -> str:
    return " ".join(str(x) for x in cards)


def _describe(line: ExampleLine, kept: tuple[Card, ...] = ()) -> str:
    """What one line did, worked out from the states before and after it (``kept``:
    for a room line, the card the last room left)."""
    before: State = line.before
    after: State = line.after
    verb, _, rest = line.text.partition(" ")
    card = parse_card(rest.split()[0]) if rest.strip() else None
    lost = before.health - after.health
    if verb == "room":
        room = tuple(parse_card(t) for t in rest.split())
        if kept:
            new = tuple(x for x in room if x not in kept)
            return f"The {_names(kept)} stays; {_names(new)} dealt."
        return f"The room: {_names(room)}."
    if verb == "avoid":
        return (f"Avoid: {_names(before.room)} go under the dungeon, in the order "
                "dealt.")
    assert card is not None
    if verb == "equip":
        old = f" (the {before.weapon} goes to the discard" + (
            f" with {_names(before.slain)})" if before.slain else ")") \
            if before.weapon else ""
        return f"Equip the {card}{old}."
    if verb == "drink":
        if before.drunk:
            return f"The {card} heals nothing: a potion was drunk in this room already."
        healed = after.health - before.health
        cap = f" (only {healed}: health stops at {MAX_HEALTH})" if healed < value(card) \
            else ""
        return f"Drink the {card}: health {before.health} to {after.health}{cap}."
    if verb == "fight":
        return f"Fight the {card} bare-handed: {lost} damage, health {after.health}."
    weapon = before.weapon
    assert weapon is not None
    cost = f"{value(card)} - {value(weapon)} = {lost} damage" if lost else "no damage"
    return f"Slay the {card} with the {weapon}: {cost}, health {after.health}."


def _table_text(s: State) -> str:
    weapon = "no weapon" if s.weapon is None else (
        f"weapon {s.weapon}" + (f" (slain {_names(s.slain)})" if s.slain else ""))
    text = f"Health {s.health}, {weapon}, dungeon {s.dungeon_left} cards."
    if s.result_outcome() != "unfinished":
        text += f" <b>{s.result_outcome().capitalize()}, score {s.score()}.</b>"
    return text


def _steps() -> list[Block]:
    rooms: list[list[ExampleLine]] = []
    for line in example_steps():
        if not rooms or line.text.startswith("room"):
            rooms.append([line])
        else:
            rooms[-1].append(line)
    out: list[Block] = []
    kept: tuple[Card, ...] = ()
    for n, room in enumerate(rooms, 1):
        said = " ".join(_describe(x, kept if i == 0 else ()) for i, x in enumerate(room))
        dealt = tuple(parse_card(t) for t in room[0].text.split()[1:])
        faced = {parse_card(x.text.split()[1]) for x in room[1:] if x.text != "avoid"}
        avoided = any(x.text == "avoid" for x in room)
        kept = () if avoided else tuple(x for x in dealt if x not in faced)
        remark = _REMARKS.get(n)
        text = f"<b>Room {n}.</b> {said}" + (f" <i>{remark}</i>" if remark else "")
        out.append(Step("\n".join(x.text for x in room), text,
                        "After: " + _table_text(room[-1].after)))
    return out


# -------------------------------------------------------------------------- text
def _how_hard() -> Note:
    """The measured difficulty (``companion/games/scoundrel/balance.json``)."""
    results = load_results("scoundrel")
    known = results["perfect_information"]["winnable"]
    return Note("How hard is it?", how_hard_text("scoundrel", {
        "expert": "A careful player who weighs each room against what is left in the "
                  "dungeon",
        "greedy": "one who takes the cheapest card each time",
        "random": "random play",
    }, f"Yet with every card known in advance {percent(known[''])} of deals can be won "
       f"({percent(known['equal-kills'])} with equal-kills): the hidden order of the "
       "dungeon is what makes it hard."))


def booklet() -> Booklet:
    """The Scoundrel booklet."""
    blocks: list[Block] = [
        H1("What you need"),
        Bullets((
            "A standard deck of cards. Take out the jokers and the red face cards and "
            "red aces (J, Q, K and A of hearts and diamonds): 44 cards remain.",
            "Something to keep your health from 0 to 20: a pencil, a die, or the "
            "health track of the companion's play mat "
            "(<i>companion map scoundrel</i>), with a paper clip or a coin.",
            "For a seeded game: the stacking list (<i>--kind stack</i>) to put your "
            "deck in the seed's order, and a log sheet (<i>--kind log</i>). "
            "<i>companion pack scoundrel</i> prints all of them and this booklet.",
        )),
        H1("The game in brief"),
        P(SUMMARY),
        Rows((
            ("Monster", "♣ and ♠, 2 to 10 at face value; J 11, Q 12, K 13, A 14"),
            ("Weapon", "♦ 2 to 10, of its face value"),
            ("Potion", "♥ 2 to 10: heals its face value"),
        ), split=0.24),
        H1("Setting up"),
        Bullets((
            "Shuffle the 44 cards (or stack them by the stacking list): this is the "
            "dungeon, face down.",
            "Your health is 20, and it never goes above 20.",
            "Deal the top four cards face up in a row, in the order they come: that is "
            "the first room.",
        ), numbered=True),
        Fig(_draw_first_room, 44, f"The first room of seed {SEED}, drawn by the "
            "companion."),
        H1("A room"),
        P("Before you face any card of a room you may <b>avoid</b> it: put its cards "
          "under the dungeon, the first one dealt going under first, and deal a new "
          "room of four. You may not avoid two rooms in a row: a room dealt by an "
          "avoid must be faced."),
        P("Otherwise, <b>face</b> the cards one at a time, in any order you like, until "
          "only one is left. That card stays where it is and becomes part of the next "
          "room: deal from the dungeon until four cards lie face up again."),
        Rows((
            ("Weapon ♦", "Equip it at once. Your old weapon, and every monster it "
             "slew, go to the discard pile."),
            ("Potion ♥", "Heal its value, up to 20. Only the first potion you face in a "
             "room heals; a second one in the same room is discarded for nothing."),
            ("Monster ♣ ♠", "Fight it bare-handed: lose its value in health, and "
             "discard it. Or slay it with your weapon: lose only what the monster "
             "beats the weapon by (nothing if the weapon is as strong or stronger), and "
             "lay the monster on the weapon."),
        ), header=("You face", "What happens"), split=0.24),
        H1("The weapon grows dull"),
        P("Once a weapon has slain a monster, it may only be used on a monster of "
          "<b>lower value</b> than the last one laid on it. A fresh weapon takes any "
          "monster. Bare hands are always allowed, weapon or not: sometimes fighting "
          "a small monster bare-handed keeps the weapon sharp for a bigger one."),
        Fig(_draw_weapon, 30, "Slay the big monster first: the order decides what "
            "the weapon can still take."),
        H1("Winning, losing and the score"),
        Rows((
            ("You lose", "the moment your health is 0 or less. Your score is your "
             "health minus the value of every monster you have not faced (in the "
             "dungeon and in the room): a negative number."),
            ("You win", "when the dungeon is empty and at most one card is left in "
             "the room. Your score is your health. You may face that last card too: "
             "if it is a potion and your health is 20, your score is 20 plus the "
             "potion's value, 30 at most."),
        ), header=("Ending", "Score"), split=0.24),
        H1("Clarifications"),
        P("Versions of the rules differ here and there. These are the rulings the "
          "companion's validator enforces:"),
        Bullets((
            "<b>The deck</b>: no jokers, no red J, Q, K, no red aces: 26 monsters, 9 "
            "weapons, 9 potions.",
            "<b>Health</b> starts at 20 and is never above 20; healing beyond is lost.",
            "<b>Avoiding</b> is decided before the first card of a room is faced, and "
            "never when the dungeon is empty.",
            "<b>Strictly lower</b>: a weapon that has slain a 7 may not take another 7 "
            "(unless you play equal-kills).",
            "<b>Slaying is a choice</b>: you may fight any monster bare-handed even "
            "when the weapon could take it.",
            "<b>The last card</b>: once you are through, facing the last card is "
            "allowed, never required; a monster faced then still costs health, and "
            "health 0 still loses.",
        )),
        H1("Variant"),
        Bullets((
            "<b>equal-kills</b>: a weapon may also take a monster of the same value as "
            "the last one on it (several digital versions play this way). Print with "
            "<i>--variant equal-kills</i>; in a log, write "
            "<i>[Variant \"equal-kills\"]</i>.",
        )),
        _how_hard(),
        Note("Seeds.", "A seed fixes the order of the dungeon. Stack a real deck as "
             "the stacking list says and you play exactly the seed's dungeon; the "
             "companion can tell you the best score the deal allows: "
             "<i>companion solve scoundrel --seed SEED</i>."),
        H1("Example of play"),
        P(f"A whole game of seed {SEED}, room by room, as the companion's careful "
          "player played it and its log records it. It is won with 12 health. Under "
          "each room: what every line did, as the engine replays it, and where things "
          "stand after."),
        *_steps(),
        H1("Logging your game"),
        P("Write one line per action as you play; the companion replays the log "
          "through these rules and points to the first line that breaks one. A log "
          "opens with tags in square brackets; anything after # is a comment."),
        Rows((
            ("room 8♠ 8♦ 9♠ 7♦", "the room once dealt, in deal order (the card left "
             "from the last room first)"),
            ("avoid", "the room goes under the dungeon; the next line is the new room"),
        ), header=("Line", "Meaning"), split=0.34),
        Rows((
            ("equip 8♦", "take a weapon", "fight 2♣", "a monster, bare-handed"),
            ("drink 10♥", "a potion", "slay 9♠", "a monster, with the weapon"),
        ), widths=(0.17, 0.27, 0.17, 0.39)),
        P("Cards are rank then suit: <i>10♠</i>, or with letters, <i>10S</i>, "
          "<i>TS</i>, <i>ts</i>. The first two rooms of the example game, as a player "
          "might write them at the table:"),
        Code(SHORT_LOG),
        P("Save it as <i>game.log</i> and run <i>companion validate game.log</i>: it "
          "answers <i>valid, unfinished, no score</i>, because the game is not over. "
          "A full game ends with a <i>[Claim \"N\"]</i> tag for your score; the "
          "validator says whether the claim matches. A mistake is reported with its "
          "place, <i>game.log:LINE:COLUMN</i>, and what is wrong (for instance that a "
          "weapon whose last kill was a 7 cannot take a 9)."),
        P("Shuffled by hand, without a seed: leave out the Seed tag and write every "
          "room as it is dealt, with all its cards, before facing any of them."),
    ]
    return Booklet(
        game="scoundrel",
        title="Scoundrel",
        tagline="A solo dungeon crawl for a standard deck of cards",
        credits="Game by <b>Zach Gage</b> and <b>Kurt Bieg</b> (2011). This booklet "
        "explains the game in the companion project's own words and adds the rulings "
        "its validator enforces. Every picture is drawn by the companion's engine "
        f"from the seed {SEED}.",
        blocks=tuple(blocks),
        emblem=("monster", "club", "potion", "spade", "diamond", "heart"),
        hero=Fig(_draw_cast, 34, "Clubs and spades are monsters, diamonds weapons, "
                 "hearts potions."),
        example_log=EXAMPLE_LOG,
        summary=SUMMARY,
        extra={"short_log": SHORT_LOG},
    )


__all__ = ["EXAMPLE_LOG", "SEED", "SHORT_LOG", "SUMMARY", "booklet", "example_steps"]
