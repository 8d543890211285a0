"""Clear the Dungeon in the terminal (``companion play`` and ``record``): the table as it
lies, one column per monster column: the face-up monster, its attack pile and the cards
still face down under it; then the hand, the damage pile and the power deck.
"""

from __future__ import annotations

from companion.games.clear_the_dungeon.rules import State

STYLES: dict[str, str] = {"♥": "red", "♦": "red"}
"""Colours for the drawing's characters (a help only: every mark is a character too)."""

REPLACES_EXPLAIN = True
"""The drawing shows all that ``explain`` says (the screen leaves those lines out)."""
WIDTH = 14


def board_lines(state: State) -> list[str]:
    """The four columns side by side (monster, attack cards, face-down cards left), the
    hand, the damage pile (of 7) and the power deck; the reserve card when the variant
    is on."""
    def cell(text: str) -> str:
        return text.ljust(WIDTH)

    lines = ["column".ljust(9) + "".join(cell(str(k + 1)) for k in range(4))]
    monsters = [str(m) if m is not None else ("?" if state.awaiting else "cleared")
                for m in state.up]
    lines.append("monster".ljust(9) + "".join(cell(m) for m in monsters))
    lines.append("attack".ljust(9) + "".join(cell(" ".join(map(str, p)) or "-")
                                              for p in state.piles))
    lines.append("under".ljust(9) + "".join(cell(str(h)) for h in state.hidden))
    lines.append("")
    lines.append("hand: " + (" ".join(map(str, state.hand)) or "-"))
    damage = " ".join(map(str, state.damage)) or "-"
    lines.append(f"damage pile ({len(state.damage)} of 7): {damage}")
    if state.reserve_card is not None:
        lines.append(f"reserve card (top of the damage pile): {state.reserve_card}")
    lines.append(f"power deck: {state.deck_left} cards; defeated: "
                 + (" ".join(map(str, state.defeated)) or "none"))
    return [line.rstrip() for line in lines]
