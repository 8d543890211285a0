"""Dungeon Solitaire in the terminal (``companion play`` and ``record``): the board drawn
with box-drawing characters, and the cards a player holds or is offered, described (a
player without the printed cards cannot look them up).

Each square is a card five characters wide and three high: a gap in its border is an
exit; ``░`` a card still face down (its exits unknown); ``·`` an empty square.
"""

from __future__ import annotations

from companion.games.dungeon_solitaire.cards import Room, Special
from companion.games.dungeon_solitaire.rules import State, Tile

YOU, STAIRS, CROWN = "@", "▼", "♛"
OBJECT = {"heart": "♥", "monster": "☠", "chest": "▣"}
STYLES = {YOU: "bold cyan", STAIRS: "bold green", CROWN: "bold green", "♥": "red",
          "☠": "bold red", "▣": "yellow", "░": "dim"}
"""Colours for the drawing's characters (a help only: every mark is a character too)."""


def card_text(state: State, rid: str) -> str:
    """A reward card in a few characters: ``R6 room NE ♥`` or ``R9 heal``."""
    card = state.card(rid)
    if isinstance(card, Special):
        return f"{rid} {card.kind}"
    assert isinstance(card, Room)
    obj = f" {OBJECT[card.obj]}" if card.obj else ""
    return f"{rid} room {card.exits or '-'}{obj}"


SIDES = {"N": "north", "E": "east", "S": "south", "W": "west"}
OBJECT_WORDS = {"heart": "a heart on it (+1 health when you enter it)",
                "monster": "a monster on it (a fight when you enter it: -1 health)",
                "chest": "a chest on it (when you enter it: draw 3 reward cards, keep 1)"}
SPECIAL_WORDS = {"heal": "a Heal card: +1 health",
                 "slay": "a Slay card: removes the monster from a face-up card next to you, "
                         "at no cost in health",
                 "turn": "a Turn card: turns one face-up card (not yours) a quarter "
                         "clockwise",
                 "leap": "a Leap card: moves you onto a card next to you even where no "
                         "exits face each other"}


def card_words(state: State, rid: str) -> str:
    """A reward card in words, every symbol of :func:`card_text` said: ``a room card,
    exits north and east; a heart on it (+1 health when you enter it)``."""
    card = state.card(rid)
    if isinstance(card, Special):
        return SPECIAL_WORDS.get(card.kind, f"a {card.kind} card")
    assert isinstance(card, Room)
    sides = [SIDES[d] for d in card.exits]
    exits = ("no exit" if not sides else f"an exit {sides[0]}" if len(sides) == 1
             else "exits " + ", ".join(sides[:-1]) + " and " + sides[-1])
    return f"a room card, {exits}" + (f"; {OBJECT_WORDS[card.obj]}" if card.obj else "")


def choices(state: State) -> tuple[str, list[tuple[str, list[tuple[str, str]]]]] | None:
    """The draft as one choice a set (``record.line_choices``): the verb, and for each
    set its title and its cards (the id the line writes, the card in symbols and
    words); None after the draft."""
    rules = state.rules
    if state.phase != "draft":
        return None
    sets = []
    for k in range(rules.draft_sets):
        ids = [f"R{k * rules.set_size + i + 1}" for i in range(rules.set_size)]
        sets.append((f"set {k + 1} of {rules.draft_sets}: keep one card (the other "
                     f"{rules.set_size - 1} leave the game)",
                     [(r, f"{card_text(state, r)}: {card_words(state, r)}") for r in ids]))
    return "draft", sets


def _square(state: State, cell: tuple[int, int], tile: Tile | None) -> list[str]:
    """The three lines of one square."""
    if tile is None:
        return ["     ", "  ·  ", "     "]
    if not tile.face_up and cell != state.position:
        return ["┌───┐", "│░░░│", "└───┘"]
    room = tile.room
    mark = " "
    if cell == state.position:
        mark = YOU
    elif cell == state.stairs:
        mark = CROWN if state.level == 9 else STAIRS
    elif room.obj:
        mark = OBJECT[room.obj]
    top = "┌─ ─┐" if room.has("N") else "┌───┐"
    bottom = "└─ ─┘" if room.has("S") else "└───┘"
    middle = (" " if room.has("W") else "│") + f" {mark} " + (" " if room.has("E") else "│")
    return [top, middle, bottom]


def board_lines(state: State) -> list[str]:
    """The draft's sets before the first level; then the board, a legend, the cards
    offered (drawn or from a chest) and the deck, each described."""
    rules = state.rules
    if state.phase == "draft":
        lines = [f"Draft: keep one card of each set ({rules.draft_sets} sets of "
                 f"{rules.set_size}); the rest leave the game."]
        for k in range(rules.draft_sets):
            ids = [f"R{k * rules.set_size + i + 1}" for i in range(rules.set_size)]
            lines.append(f"  set {k + 1}: " + "   ".join(card_text(state, r) for r in ids))
        return lines
    tiles = state.tiles
    size = state.size
    letters = "".join(f"  {chr(ord('a') + c)}   " for c in range(size))
    lines = ["   " + letters.rstrip()]
    for r in range(size):
        squares = [_square(state, (c, r), tiles.get((c, r))) for c in range(size)]
        for k in range(3):
            label = f"{r + 1:>2} " if k == 1 else "   "
            lines.append((label + " ".join(sq[k] for sq in squares)).rstrip())
    lines.append(f"{YOU} you  {CROWN if state.level == 9 else STAIRS} stairs  ♥ heart  "
                 "☠ monster  ▣ chest  ░ face down  gap = exit")
    if state.offered:
        what = "from the chest" if state.phase == "chest" else "drawn"
        lines.append(f"{what}, keep one: " + " · ".join(card_text(state, r)
                                                        for r in state.offered))
    deck = sorted(state.deck, key=lambda x: int(x[1:]))
    lines.append("in your deck: " + (" · ".join(card_text(state, r) for r in deck) or "none"))
    return lines
