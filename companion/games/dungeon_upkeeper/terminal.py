"""Dungeon Upkeeper in the terminal (``companion play`` and ``record``): the floor the
pencil is on, its walls outlined with box-drawing characters, two characters a square
(so the map keeps its shape), with what is still to do marked.
"""

from __future__ import annotations

from companion.games.dungeon_upkeeper.floor import STEPS
from companion.games.dungeon_upkeeper.rules import State

YOU, TRAP, ARMED, CHEST, FILLED, EXIT, FLOOR = "@", "T", "×", "G", "$", "X", "·"
STYLES = {YOU: "bold cyan", TRAP: "bold yellow", ARMED: "red", CHEST: "bold yellow",
          FILLED: "green", EXIT: "bold green"}
"""Colours for the drawing's characters (a help only: every mark is a character too)."""

# box-drawing character by the wall neighbours it joins: N, E, S, W as bits 1, 2, 4, 8
_JOIN = {0: "▪", 1: "╵", 2: "╶", 3: "└", 4: "╷", 5: "│", 6: "┌", 7: "├", 8: "╴", 9: "┘",
         10: "─", 11: "┴", 12: "┐", 13: "┤", 14: "┬", 15: "┼"}
_BITS = {"N": 1, "E": 2, "S": 4, "W": 8}


def board_lines(state: State) -> list[str]:
    """The floor: walls outlined (a wall square touching no open square is left blank),
    ``@`` the pencil, ``T`` traps to reset, ``×`` traps already reset (armed: stepping
    on one costs a health), ``G`` empty chests, ``$`` refilled ones, ``X`` the exit;
    column letters and row numbers as printed, and a legend."""
    floor = state.map
    w, h = floor.width, floor.height

    def wall(c: int, r: int) -> bool:
        return floor.tile((c, r)) == "#"

    def edge(c: int, r: int) -> bool:
        """A wall square next to (or diagonally by) an open one."""
        return wall(c, r) and any(
            0 <= c + dc < w and 0 <= r + dr < h and not wall(c + dc, r + dr)
            for dc in (-1, 0, 1) for dr in (-1, 0, 1))

    lines = ["    " + " ".join(chr(ord("a") + c) for c in range(w))]
    for r in range(h):
        row = []
        for c in range(w):
            if wall(c, r):
                if not edge(c, r):
                    row.append("  ")
                    continue
                mask = sum(bit for d, bit in _BITS.items()
                           if edge(c + STEPS[d][0], r + STEPS[d][1]))
                row.append(_JOIN[mask] + ("─" if mask & 2 else " "))
                continue
            tile = floor.tile((c, r))
            cell = (c, r)
            if cell == state.position:
                mark = YOU
            elif tile == "T":
                mark = ARMED if cell in state.reset else TRAP
            elif tile == "G":
                mark = FILLED if cell in state.refilled else CHEST
            elif tile == "X":
                mark = EXIT
            else:
                mark = FLOOR
            row.append(mark + " ")
        lines.append(f"{r + 1:>3} " + "".join(row).rstrip())
    lines.append(f"{YOU} you  {TRAP} trap to reset  {ARMED} reset trap (costs a health)  "
                 f"{CHEST} empty chest  {FILLED} refilled  {EXIT} exit")
    return lines
