"""The Dungeon Upkeeper rule booklet: the paper edition's rules in the project's own
words, floors drawn by the engine from the seed ``BOOK-1`` with their par paths, and a
two-floor run replayed step by step (``tests/test_booklets.py`` validates it).

Layout, fonts and printing are :mod:`companion.paper.booklet`'s business; this module
only says what the booklet holds.
"""

from __future__ import annotations

from typing import Any

from companion.balance import how_hard_text
from companion.booklet_examples import ExampleLine, replay_example
from companion.games.dungeon_upkeeper.floor import STEPS, Floor, cell_name, solve
from companion.games.dungeon_upkeeper.generation import generate_floor
from companion.games.dungeon_upkeeper.table import RULES
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

SEED = "BOOK-1"

EXAMPLE_LOG = f"""\
[Game "dungeon-upkeeper"]
[Seed "{SEED}"]
[Floors "2"]
[Player "Example"]
[Claim "80"]
floor 1
path WWW           # refill the chest at b2
path EEE SSS EEE   # back past the start, down, reset the trap at h5
path SSS           # reset the trap at h8
path WWWWWW        # along the bottom to the exit at b8
floor 2
path NNN           # chest at h2
path WWW           # trap at e2
path SSSSSS        # chest at e8
path WWW           # trap at b8
path NNNNNN        # up to the exit at b2
"""

_COMMENTARY: tuple[str, ...] = (
    f"A checkpoint: the path that follows starts on B1. We stand on S at e2 with "
    f"{RULES.health} health and {RULES.moves} moves.",
    "Three steps west bring us onto the empty chest at b2: refilled. Tick it.",
    "Back east through e2 (crossing a square again is free, it just costs the moves), "
    "down to e5 and east onto the sprung trap at h5: reset. Circle it.",
    "Three steps south onto the second trap, h8: reset too.",
    "Six steps west along the bottom corridor to the exit at b8. The floor ends as we "
    "step onto it: 21 moves, which is par, and a perfect floor.",
    "B2 starts where its own S is, at h5, with the moves carried over.",
    "The chest at h2.",
    "West along the top to the trap at e2. The exit is only three squares further on, "
    "but stepping on it now would end the floor with a chest and a trap undone.",
    "Straight down column e to the chest at e8.",
    "West to the trap at b8.",
    "North up column b to the exit at b2: another perfect floor at par, and the end of "
    "this two-floor run.",
)


SUMMARY = (
    "A hero has just raided the dungeon. You are the goblin who sets it up "
    "again for the next one. On each floor you walk from the start to the exit, "
    "and on the way you reset the traps the hero sprang and refill the chests "
    "the hero emptied. Every step costs a move, and moves are scarce: a floor "
    "done thoroughly gives moves back, a sloppy one does not. Reach the exit of "
    "the last floor to win."
)
"""The game in a few sentences (the booklet's "The game in brief", a pack's cover)."""

# ----------------------------------------------------------------------- figures
def _floor(number: int) -> Floor:
    return generate_floor(SEED, number)


def _path_cells(floor: Floor, path: str) -> list[tuple[int, int]]:
    cells = [floor.start]
    for letter in path:
        dc, dr = STEPS[letter]
        c, r = cells[-1]
        cells.append((c + dc, r + dr))
    return cells


def _draw_floor(c: Any, w: float, h: float, number: int, with_path: bool) -> None:
    from companion.games.dungeon_upkeeper.drawing import Geometry, draw_floor

    floor = _floor(number)
    geo = Geometry.fit(Rect(0, 0, w, h), floor.width, floor.height, mm(9))
    draw_floor(c, geo, floor)
    if not with_path:
        return
    cells = _path_cells(floor, solve(floor).path)
    c.saveState()
    c.setStrokeColorRGB(0.2, 0.35, 0.75)
    c.setLineWidth(1.6)
    c.setLineJoin(1)
    c.setLineCap(1)
    # a small sideways offset per visit keeps a corridor walked twice readable
    seen: dict[tuple[int, int], int] = {}
    p = c.beginPath()
    for i, cell in enumerate(cells):
        r = geo.cell_rect(*cell)
        k = seen.get(cell, 0)
        seen[cell] = k + 1
        off = (k % 2) * geo.square * 0.18
        x, y = r.cx - geo.square * 0.22 + off, r.cy - geo.square * 0.22 + off
        if i == 0:
            p.moveTo(x, y)
        else:
            p.lineTo(x, y)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def _draw_b1_path(c: Any, w: float, h: float) -> None:
    _draw_floor(c, w, h, 1, True)


def _draw_b2_path(c: Any, w: float, h: float) -> None:
    _draw_floor(c, w, h, 2, True)


def _draw_b1(c: Any, w: float, h: float) -> None:
    _draw_floor(c, w, h, 1, False)


LEGEND_COLUMN = mm(58)
"""The map legend in two columns across the booklet page."""


def _draw_legend(c: Any, w: float, h: float) -> None:
    from companion.games.dungeon_upkeeper.sheets import draw_legend

    draw_legend(c, Rect(0, 0, w, h), column=LEGEND_COLUMN)


def _draw_trap_steps(c: Any, w: float, h: float) -> None:
    """A sprung trap reset, then stepped on again: three little corridors."""
    from companion.games.dungeon_upkeeper.drawing import GRID, WALL
    from companion.paper.icons import draw_icon

    s = mm(8)
    gap = mm(6)
    panel = (w - 2 * gap) / 3
    captions = (("Before: a sprung trap", "health 3, moves 12"),
                ("Step on it: reset", "circle it; moves 11"),
                ("Step on it again", "it bites: health 2, moves 10"))
    for k, (title, sub) in enumerate(captions):
        x0 = k * (panel + gap) + (panel - 3 * s) / 2
        y0 = mm(9)
        for i in range(3):
            c.setFillColorRGB(1, 1, 1)
            c.setStrokeColorRGB(*GRID)
            c.setLineWidth(0.4)
            c.rect(x0 + i * s, y0, s, s, stroke=1, fill=1)
        c.setFillColorRGB(*WALL)
        c.rect(x0, y0 + s, 3 * s, s * 0.35, stroke=0, fill=1)
        c.rect(x0, y0 - s * 0.35, 3 * s, s * 0.35, stroke=0, fill=1)
        cx, cy = x0 + 1.5 * s, y0 + s / 2
        draw_icon(c, "trap", cx, cy, s * 0.6)
        if k >= 1:
            c.setStrokeColorRGB(0.35, 0.35, 0.35)
            c.setLineWidth(0.9)
            c.circle(cx, cy, s * 0.42, stroke=1, fill=0)
        c.setStrokeColorRGB(0.2, 0.35, 0.75)
        c.setLineWidth(1.6)
        c.setLineCap(1)
        if k == 1:
            c.line(x0 + s * 0.5, cy - s * 0.22, cx, cy - s * 0.22)
        if k == 2:
            c.line(x0 + s * 0.5, cy - s * 0.22, x0 + 2.5 * s, cy - s * 0.22)
            draw_icon(c, "heart", x0 + 2.5 * s + mm(4), cy, mm(3.5))
            draw_label(c, x0 + 2.5 * s + mm(6.5), cy - mm(1), "−1", 7.5, bold=True)
        draw_label(c, x0 + 1.5 * s, h - mm(3.5), title, 7.2, bold=True, align="centre")
        draw_label(c, x0 + 1.5 * s, mm(2), sub, 6.6, align="centre")


# ------------------------------------------------------------------ example steps
def example_steps() -> list[ExampleLine]:
    """The example log replayed (raises LogError if it ever stops being valid)."""
    return replay_example(EXAMPLE_LOG, "dungeon-upkeeper example")


def _state_text(s: Any) -> str:
    floor = s.map
    text = (f"On B{s.floor} at {cell_name(s.position)}. Health {s.health}, moves left "
            f"{s.moves}, score {s.run_score}. Traps reset {len(s.reset)} of "
            f"{len(floor.traps)}, chests refilled {len(s.refilled)} of "
            f"{len(floor.chests)}.")
    if s.outcome:
        text = (f"Health {s.health}, moves left {s.moves}, score {s.run_score}. "
                f"<b>Run over: {s.outcome}, score {s.run_score}.</b>")
    return text


def _steps() -> list[Block]:
    lines = example_steps()
    if len(lines) != len(_COMMENTARY):
        raise AssertionError("one commentary per example line")
    out: list[Block] = []
    for line, note in zip(lines, _COMMENTARY, strict=True):
        before, after = line.before, line.after
        extra = ""
        if after.records and len(after.records) > len(before.records):
            rec = after.records[-1]
            moves = [f"{RULES.moves_per_trap} × {rec.traps_reset}",
                     f"{RULES.moves_per_chest} × {rec.chests_refilled}"]
            points = [f"{RULES.score_per_trap} × {rec.traps_reset}",
                      f"{RULES.score_per_chest} × {rec.chests_refilled}"]
            if rec.perfect:
                moves.append(str(RULES.perfect_moves(rec.floor)))
                points.append(f"{RULES.score_perfect_per_floor} × {rec.floor}")
            gained = (RULES.moves_per_trap * rec.traps_reset
                      + RULES.moves_per_chest * rec.chests_refilled
                      + (RULES.perfect_moves(rec.floor) if rec.perfect else 0))
            scored = rec.score - before.score
            extra = (f" End of B{rec.floor}: moves back {' + '.join(moves)} = {gained}; "
                     f"points {' + '.join(points)} = {scored}.")
        out.append(Step(line.text, note + extra, "After: " + _state_text(after)))
    return out


# -------------------------------------------------------------------------- text
def booklet() -> Booklet:
    """The Dungeon Upkeeper booklet."""
    r = RULES
    b1, b2 = _floor(1), _floor(2)
    blocks: list[Block] = [
        H1("What you need"),
        Bullets((
            "The floor maps of a seed, one page per floor, B1 to B10: <i>companion map "
            "dungeon-upkeeper</i> (it prints a fresh seed, or give one with "
            "<i>--seed</i>). Every page has a box for your health, moves and score.",
            "A pencil and an eraser.",
            "A log sheet if you want your run checked: <i>companion sheets "
            "dungeon-upkeeper --kind log</i>. <i>companion pack dungeon-upkeeper</i> "
            "prints the maps, the log sheet and this booklet in one file.",
        )),
        P("No cards and no dice: the dungeon is printed, and everything in it is "
          "known from the start. It is a puzzle of routes and of moves."),
        H1("The game in brief"),
        P(SUMMARY),
        H1("The map"),
        P("Each floor is a grid of squares. Dark squares are <b>walls</b>; white "
          "squares are <b>floor</b>. Some floor squares hold a feature:"),
        Rows((
            ("S start", "where you begin the floor"),
            ("X exit", "stepping onto it ends the floor"),
            ("T sprung trap", "needs resetting"),
            ("G empty chest", "needs refilling"),
        ), split=0.3),
        P("Squares are named by column letter and row number, counting the outer wall: "
          f"a1 is the top-left corner. On this B1, the start is at "
          f"{cell_name(b1.start)} and the exit at {cell_name(b1.exit)}."),
        Fig(_draw_b1, 46, f"Floor B1 of seed {SEED}, drawn by the companion: "
            f"{len(b1.traps)} traps and {len(b1.chests)} chest. You start on S at "
            f"{cell_name(b1.start)} and leave by X at {cell_name(b1.exit)}; hatched squares "
            "are walls, white squares floor, and the letters and numbers round the map "
            "name every square.", width_mm=50, side=True),
        H1("Moving"),
        P("Draw your path in pencil, one square at a time: north, east, south or west, "
          "onto floor squares only. Every step costs one move. You may cross a square "
          "as often as you like, the start included."),
        Bullets((
            "<b>Sprung trap (T)</b>: stepping onto it resets it. Circle the T: the trap "
            "is now armed. Stepping onto an armed trap later springs it on you: you lose "
            "1 health and it stays armed.",
            "<b>Empty chest (G)</b>: stepping onto it refills it. Tick it; from now on "
            "it is a plain floor square.",
            "<b>Exit (X)</b>: stepping onto it ends the floor at once. You cannot walk "
            "over the exit to somewhere else.",
        )),
        Fig(_draw_trap_steps, 25, "A trap along a corridor: reset on the first visit, it "
            "bites on the second."),
        H1("Health, moves and floors"),
        Rows((
            ("Health", f"{r.health} for the whole run. At 0 the run is lost."),
            ("Moves", f"{r.moves} at the start of B1; every step costs 1. When a step "
             "uses up your last move, the run is lost, unless that step reached the "
             "exit."),
            ("End of a floor", f"Moves back: {r.moves_per_trap} per trap reset and "
             f"{r.moves_per_chest} per chest refilled on that floor, and "
             f"{r.moves_perfect_base} + {r.moves_perfect_per_floor} × the floor number "
             f"more if the floor is <b>perfect</b> (every trap reset and every chest "
             f"refilled): {r.perfect_moves(1)} on B1, {r.perfect_moves(10)} on B10. "
             "Unused moves carry over."),
            ("Score", f"{r.score_per_trap} per trap reset, {r.score_per_chest} per chest "
             f"refilled, and {r.score_perfect_per_floor} × the floor number for a "
             "perfect floor (20 on B2, 100 on B10)."),
            ("Winning", "Reach the exit of the last floor, B10 in a full run. Moves "
             "left over score nothing."),
        ), split=0.22),
        P("Floors get bigger and fuller as you go down: B1 has three things to fix, "
          "B10 has twelve on a much larger map. Your health and moves carry from floor "
          "to floor; traps and chests are new on every floor."),
        H2("Par"),
        P("<b>Par</b> is the smallest number of moves of a perfect floor. The "
          "companion works it out exactly and prints it small on each map; the "
          "validator tells you how many moves over par you took. Every floor it prints "
          "can be done perfectly: floors that cannot are thrown away when the map is "
          "made."),
        Fig(_draw_b1_path, 58, "The par path of B1 (21 moves): chest, back past the "
            "start, trap, trap, exit. Where it walks a corridor twice the line is "
            "drawn twice, side by side.", width_mm=62, side=True),
        H1("Clarifications"),
        P("The jam game hides its numbers, so the numbers of this paper edition are "
          "the companion's own defaults. Where the rules need a ruling, these are the "
          "ones its validator enforces:"),
        Bullets((
            "<b>Perfect</b> means every trap of the floor reset and every chest "
            "refilled. Springing an armed trap costs health but does not spoil a "
            "perfect floor.",
            "<b>A refilled chest</b> is plain floor afterwards: walking over it again "
            "does nothing.",
            "<b>Out of moves</b>: the step that takes your last move loses the run, "
            "unless it is the step onto the exit; then the floor's rewards come first.",
            "<b>Health 0</b> ends the run at once (there is no health below 0 here).",
            "<b>The exit</b> ends the floor the moment you step on it, done or not.",
            "<b>Each floor is fixed by the seed</b> alone: floor B5 of a seed is the "
            "same whatever happened on B1 to B4.",
            "<b>Square names</b> count the outer wall, like the validator's messages: "
            "a1 is the wall's top-left corner.",
        )),
        Note("How hard is it?", how_hard_text("dungeon-upkeeper", {
            "expert": "Walking a par path on every floor",
            "padded": "perfect floors walked 20 % longer than par",
            "greedy": "heading for the nearest trap or chest each time",
            "straight": "going straight to each exit",
        }, "Moves are the whole game: every perfect floor pays for the next, and a "
           "player who wastes a fifth of each floor wins about half the time. Par is "
           "printed small on each map.")),
        H1("Variants"),
        P("A shorter run: print and play only the first floors, <i>companion map "
          "dungeon-upkeeper --floors 3</i>, and write <i>[Floors \"3\"]</i> in the log. "
          "Reaching the exit of the last of them wins. One floor alone makes a quick "
          "puzzle: <i>--floor 4</i> prints just B4."),
        Keep((
            H1("Example of play"),
            P(f"A two-floor run of seed {SEED}, following the par path on both floors. "
              "Each grey line is a line of the run's log; under it, what it did and the "
              "state after it, as the companion's engine replays it."),
        )),
        Fig(_draw_b2_path, 52, "Floor B2 and the path the example takes on it (B1's "
            "is drawn under Par): chest, trap, chest, trap, exit. The blue line is the "
            "pencil line, one square per letter of the log's path lines below; where it "
            "walks a corridor twice, it is drawn twice, side by side.", width_mm=58,
            side=True),
        *_steps(),
        H1("Logging your game"),
        P("Copy your pencil line into a log, a plain text file: tags in square "
          "brackets first, then the steps as letters. The companion walks the same "
          "path through the rules and tells you your score, or the first step that "
          "goes wrong (into a wall, say)."),
        Rows((
            ("floor 3", "a checkpoint: the path that follows starts on B3 (floor B3 "
             "works too)"),
            ("path NNEESW", "steps, one letter each: N up, E right, S down, W left; "
             "spaces are ignored"),
        ), header=("Line", "Meaning"), split=0.28),
        P("A path may be split over as many lines as you like, and it does not stop "
          "at the exit: the letters after the exit are the next floor's. The Seed tag "
          "is required (the floors come from it); Floors is needed for a short run."),
        P("The complete log of the example:"),
        Code(EXAMPLE_LOG),
        P("Run <i>companion validate run.log</i>: for this one it answers <i>valid, "
          "won, score 80, claim 80 matches</i>; <i>--json</i> adds a line per floor "
          "with the moves used and par. A step into a wall is reported as "
          "<i>run.log:LINE:COLUMN</i> pointing at the letter itself."),
    ]
    del b2
    return Booklet(
        game="dungeon-upkeeper",
        title="Dungeon Upkeeper",
        tagline="Tidy up after the hero: a pencil puzzle over ten dungeon floors",
        credits="<b>Dungeon Upkeeper</b> is a video game by <b>s3rp</b> and "
        "<b>Intermittent</b>, made for Mini Jam 98. This paper edition, its numbers and "
        "this booklet are the companion project's own; the floors are made the way the "
        "jam game makes them. Every picture is drawn by the companion's engine from the "
        f"seed {SEED}.",
        blocks=tuple(blocks),
        emblem=("chest", "trap", "player", "trap-armed", "exit"),
        hero=Fig(_draw_legend, 25, "What the squares of a printed map mean."),
        example_log=EXAMPLE_LOG,
        summary=SUMMARY,
    )
