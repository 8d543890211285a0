"""Dungeon Upkeeper rules for paper play (``docs/rules/dungeon-upkeeper.md``): pure state
and actions. A run walks floors B1…Bn of a seed; each step costs a move; traps are
reset, chests refilled, the exit ends the floor."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from companion.frozen import evolve
from companion.games.dungeon_upkeeper.floor import (
    STEPS,
    Cell,
    Floor,
    Solution,
    cell_name,
)
from companion.games.dungeon_upkeeper.floor import (
    solved as solved_floor,
)
from companion.games.dungeon_upkeeper.generation import generate_floor
from companion.games.dungeon_upkeeper.table import RULES, RulesTable
from companion.rules_kit import fail, game_over


@dataclass(frozen=True)
class Step:
    """One step of a path: its direction (N, E, S or W). Where it was written is the
    notation's business: an error names the step by its index in the path
    (``IllegalAction.step``) and the notation's ``locate`` finds the letter."""

    direction: str


@dataclass(frozen=True)
class FloorCheck:
    """``floor N``: a checkpoint, the path that follows starts on floor ``number``."""

    number: int


@dataclass(frozen=True)
class Path:
    """Steps in order. ``bad``: why the letter written right after them is not a step
    (it stands as step ``len(steps)``): it is refused once the steps before it are
    walked, so an illegal step written earlier is reported first."""

    steps: tuple[Step, ...]
    bad: str | None = field(default=None, compare=False)


Action = FloorCheck | Path


@dataclass(frozen=True)
class FloorRecord:
    """How one finished floor went."""

    floor: int
    traps_reset: int
    traps: int
    chests_refilled: int
    chests: int
    perfect: bool
    moves_used: int
    par: int | None
    health: int
    moves_left: int
    score: int

    def to_json(self) -> dict[str, Any]:
        """The floor's record as JSON-ready data (a verdict's summary)."""
        return {
            "floor": f"B{self.floor}", "traps_reset": self.traps_reset, "traps": self.traps,
            "chests_refilled": self.chests_refilled, "chests": self.chests,
            "perfect": self.perfect, "moves_used": self.moves_used, "par": self.par,
            "over_par": (self.moves_used - self.par
                         if self.par is not None and self.perfect else None),
            "health": self.health, "moves_left": self.moves_left, "score": self.score,
        }


@dataclass(frozen=True)
class State:
    """A Dungeon Upkeeper run between two actions (never changed: the rules make a new
    one): the floor, the position, health, moves and score, and each floor's record."""

    seed: str
    floors: int
    floor: int
    health: int
    moves: int
    score: int = 0
    position: Cell = (0, 0)
    reset: frozenset[Cell] = frozenset()
    refilled: frozenset[Cell] = frozenset()
    steps_here: int = 0
    records: tuple[FloorRecord, ...] = ()
    outcome: Literal["won", "lost"] | None = None
    lost_because: str = ""
    rules: RulesTable = field(default=RULES, compare=False)

    @property
    def map(self) -> Floor:
        """The floor the run is on (kept with the state for its seed, floor and rules:
        the next states of the floor ask for it without looking it up again)."""
        kept = self.__dict__.get("_map")
        if kept is not None and kept[0] == self.floor and kept[1] is self.seed \
                and kept[2] is self.rules:
            found: Floor = kept[3]
            return found
        found = generate_floor(self.seed, self.floor, self.rules)
        self.__dict__["_map"] = (self.floor, self.seed, self.rules, found)
        return found

    @property
    def run_score(self) -> int:
        """The run's score: the finished floors' (with their perfect bonuses), and the
        traps reset and chests refilled on a floor the run did not finish."""
        if self.outcome == "won":
            return self.score
        r = self.rules
        return (self.score + r.score_per_trap * len(self.reset)
                + r.score_per_chest * len(self.refilled))


def new_state(seed: str, floors: int, rules: RulesTable = RULES) -> State:
    """The state before the first step of the seeded run of ``seed`` over ``floors``
    floors, under the numbers of ``rules``."""
    first = generate_floor(seed, 1, rules)
    return State(seed=seed, floors=floors, floor=1, health=rules.health,
                 moves=rules.moves, position=first.start, rules=rules)


def solved(floor: Floor) -> Solution:
    """``floor.solve(floor)``, cached by the floor's squares (``floor.solved``): every
    finished floor reports its par, and simulated players read the same solution."""
    return solved_floor(floor)


def _finish_floor(s: State) -> State:
    floor = s.map
    r = s.rules
    traps, chests = len(s.reset), len(s.refilled)
    perfect = traps == len(floor.traps) and chests == len(floor.chests)
    moves = s.moves + r.moves_per_trap * traps + r.moves_per_chest * chests
    score = s.score + r.score_per_trap * traps + r.score_per_chest * chests
    if perfect:
        moves += r.perfect_moves(s.floor)
        score += r.score_perfect_per_floor * s.floor
    record = FloorRecord(s.floor, traps, len(floor.traps), chests, len(floor.chests),
                         perfect, s.steps_here, solved(floor).par, s.health, moves, score)
    s = evolve(s, moves=moves, score=score, records=s.records + (record,))
    if s.floor >= s.floors:
        return evolve(s, outcome="won")
    nxt = generate_floor(s.seed, s.floor + 1, s.rules)
    s = evolve(s, floor=s.floor + 1, position=nxt.start, reset=frozenset(),
                refilled=frozenset(), steps_here=0)
    if s.moves <= 0:  # the exit took the last move and the floor gave none back
        return evolve(s, outcome="lost", lost_because=f"out of moves on B{s.floor}")
    return s


def _step(s: State, step: Step, k: int) -> State:
    """``s`` after ``step``, step ``k`` of its path (the part an error names)."""
    if s.outcome is not None:
        raise game_over(s.outcome, "run", "step", step=k)
    floor = s.map
    dc, dr = STEPS[step.direction]
    here = s.position
    there = (here[0] + dc, here[1] + dr)
    number = s.steps_here + 1
    tile = floor.squares.get(there)
    if tile is None:
        where = f"B{s.floor} step {number}: {step.direction} from {cell_name(here)}"
        raise fail(f"{where} leaves the map", "step-off-map", step=k)
    if tile == "#":
        where = f"B{s.floor} step {number}: {step.direction} from {cell_name(here)}"
        raise fail(f"{where} runs into the wall at {cell_name(there)}", "step-wall",
                   step=k)
    s = evolve(s, position=there, moves=s.moves - 1, steps_here=number)
    if tile == "T":
        if there in s.reset:
            s = evolve(s, health=s.health - 1)
        else:
            s = evolve(s, reset=s.reset | {there})
    elif tile == "G" and there not in s.refilled:
        s = evolve(s, refilled=s.refilled | {there})
    elif tile == "X":
        return _finish_floor(s)
    if s.health <= 0:
        return evolve(s, outcome="lost", lost_because=f"out of health on B{s.floor}")
    if s.moves <= 0:
        return evolve(s, outcome="lost", lost_because=f"out of moves on B{s.floor}")
    return s


def apply(s: State, action: Action) -> State:
    """The state after ``action``. Raises IllegalAction (a wall, the map's edge, a wrong
    floor checkpoint, anything after the run ended); a step at fault is named by its
    index in the path (``IllegalAction.step``)."""
    if isinstance(action, FloorCheck):
        if s.outcome is not None:
            raise game_over(s.outcome, "run", None)
        if action.number != s.floor:
            slip = (f": a checkpoint cannot skip a floor; the path must reach B{s.floor}'s "
                    "exit first" if action.number > s.floor else "")
            raise fail(f"the path is on floor B{s.floor}, not B{action.number}{slip}",
                       "floor-checkpoint", 0)
        return s
    for k, step in enumerate(action.steps):
        s = _step(s, step, k)
    if action.bad is not None:
        raise fail(action.bad, "notation-step", step=len(action.steps))
    return s


def legal_actions(s: State) -> list[Action]:
    """One-step paths into every open neighbouring square."""
    if s.outcome is not None:
        return []
    squares = s.map.squares
    c, r = s.position
    return [_ONE_STEP[d] for d, (dc, dr) in STEPS.items()
            if squares.get((c + dc, r + dr), "#") != "#"]


_ONE_STEP: dict[str, Path] = {d: Path((Step(d),)) for d in STEPS}
"""The one-step path of each direction (immutable: one each serves every list)."""


def chance_outcomes(s: State) -> list[tuple[Action, float]]:
    """None: Dungeon Upkeeper has no chance node. Every floor is seeded and every step
    is the player's."""
    return []
