"""Shuffle and Doom in the terminal (``companion play`` and ``record``): the map as the
printed sheet lays it out, two characters a square, with the rooms still to explore,
the one the player is in, and where the player stands.
"""

from __future__ import annotations

from companion.games.shuffle_and_doom.rules import State

YOU, UNEXPLORED, HERE, OPEN = "@", "▒", "▓", "·"
STYLES = {YOU: "bold cyan", UNEXPLORED: "yellow", HERE: "bold red"}
"""Colours for the drawing's characters (a help only: every mark is a character too)."""


def board_lines(state: State) -> list[str]:
    """The map: ``▒`` a square of a room not explored yet, ``▓`` one of the room the
    player is in, ``·`` an open square (an empty one, or of a room emptied), ``@`` the
    player (outside, next to a1, before the first step); the exit F beside the
    bottom-right square; the two map stacks as dealt; a legend."""
    dmap = state.dmap
    n = dmap.size
    room_of = {cell: k for k, cells in enumerate(dmap.rooms) for cell in cells}
    here = state.room.index if state.room is not None else None
    lines = ["    " + " ".join(chr(ord("a") + c) for c in range(n))]
    for r in range(n):
        row = []
        for c in range(n):
            k = room_of.get((c, r))
            if (c, r) == state.position:
                mark = YOU
            elif k is None or state.status[k] == "emptied":
                mark = OPEN
            elif k == here:
                mark = HERE
            else:
                mark = UNEXPLORED if state.status[k] == "unexplored" else HERE
            row.append(mark)
        before = YOU if r == 0 and state.position is None else " "
        after = " → F" if r == n - 1 else ""
        lines.append(f"{r + 1:>2} {before}" + " ".join(row) + after)
    lines.append("row stack (columns a-): " + " ".join(map(str, dmap.row_stack)))
    lines.append("column stack (rows 1-): " + " ".join(map(str, dmap.column_stack)))
    lines.append(f"{YOU} you  {UNEXPLORED} room to explore  {HERE} the room you are in  "
                 f"{OPEN} open  F the exit")
    return lines
