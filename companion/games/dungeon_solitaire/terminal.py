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
