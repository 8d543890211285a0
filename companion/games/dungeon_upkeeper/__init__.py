"""Dungeon Upkeeper (s3rp and Intermittent, Mini Jam 98) as a ten-floor paper run:
printed floors traced with a pencil, a logged path validated, an exact par per floor.
Floors in ``generation.py`` and ``floor.py`` (with the solver), the rules table in
``table.py``, rules in ``rules.py``, verbs in ``notation.py``, sheets in ``sheets.py``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar

from companion.errors import ParameterError
from companion.games.base import (
    Game,
    PackPart,
    Param,
    Playthrough,
    Result,
    SheetKind,
    SolveReport,
    Target,
)
from companion.games.dungeon_upkeeper import notation, rules
from companion.games.dungeon_upkeeper.floor import solve as solve_floor
from companion.games.dungeon_upkeeper.generation import generate_floor
from companion.games.dungeon_upkeeper.notation import format_action
from companion.games.dungeon_upkeeper.rules import Action, State
from companion.games.dungeon_upkeeper.table import EDITIONS, RulesTable


class DungeonUpkeeper(Game[State, Action]):
    """Dungeon Upkeeper as a ten-floor paper run: each printed floor's path traced
    with a pencil and logged (``docs/rules/dungeon-upkeeper.md``)."""

    name = "dungeon-upkeeper"
    code = "du"
    title = "Dungeon Upkeeper"
    credits = "Dungeon Upkeeper by s3rp and Intermittent (Mini Jam 98)"
    params = (Param("floors", "Floors", 10, 1, 10, "the run has FLOORS floors, B1 to B10"),)
    variants: tuple[str, ...] = ()
    sheet_kinds = (
        SheetKind("map", "one page per floor: the map to trace, tracker, QR, par",
                  (Param("floor", "Floor", 1, 1, 10, "print only floor B<FLOOR>",
                         upto="floors"),),
                  inks=True, scale_check=True, par="by default"),
        SheetKind("log", "a log sheet with a row per floor for the path letters"),
        SheetKind("record", "hand record: par of the run, and each floor small with its "
                  "par and the solver's path (--from LOGS: the table's players too)",
                  from_logs=True),
    )
    seeded_only = True
    deal_rules = frozenset({"step-wall", "step-off-map"})
    editions = tuple(EDITIONS)
    stage_name = "floor"
    end_words = (("moves", "out of moves"), ("health", "out of health"))
    balance_targets = (
        Target("expert", "win", low=0.999,
               text="a par path on every floor wins at least 99.9 %"),
        Target("padded", "win", low=0.20, high=0.80,
               text="a perfect walk 20 % longer than par wins 20 % to 80 %"),
        Target("straight", "win", high=0.01,
               text="straight to the exit on every floor wins at most 1 %"),
    )
    pack_parts = (
        PackPart("map", "Floor maps, one page per floor"),
        PackPart("log", "Log sheet"),
    )

    booklet_outcome = "won"
    simulation_games = 80
    golden_seeds = 3

    rules: ClassVar[ModuleType] = rules
    notation: ClassVar[ModuleType] = notation

    def rules_table(self, edition: int | None = None) -> RulesTable:
        return EDITIONS[self.check_edition(edition or self.edition)]

    def initial_state(self, seed: str | None, params: Mapping[str, int] | None = None,
                      variants: Sequence[str] | frozenset[str] = (),
                      edition: int | None = None) -> State:
        """The state on floor B1 of the seeded run of ``seed`` under ``edition``'s
        numbers (default: the newest). Raises ParameterError for no seed (the floors
        are seeded: there is no free deal), a parameter out of range or a variant (the
        game has none), PayloadError for an unknown edition."""
        floors = self.check_params(params or {})["floors"]
        self.check_variants(list(variants))
        table = self.rules_table(edition)
        if seed is None:
            raise ParameterError(f"{self.name} has no free deal: its floors are seeded")
        return rules.new_state(seed, floors, table)

    def opening_lines(self, state: State) -> list[str]:
        return ["floor 1"]

    def log_lines(self, before: State, action: Action,
                  after: State) -> list[str]:
        lines = [format_action(action)]
        if after.outcome is None and after.floor != before.floor:
            lines.append(f"floor {after.floor}")
        return lines

    def explain(self, state: State) -> list[str]:
        """The summary, and the square the pencil is on with the traps reset and the
        chests refilled on this floor so far."""
        from companion.games.dungeon_upkeeper.floor import cell_name

        def squares(cells: frozenset[tuple[int, int]]) -> str:
            return " ".join(sorted(cell_name(c) for c in cells)) or "none"

        return [*super().explain(state),
                f"on B{state.floor} at {cell_name(state.position)}, "
                f"{state.steps_here} steps taken here",
                f"traps reset: {squares(state.reset)}; chests refilled: "
                f"{squares(state.refilled)}"]

    def playthrough_cases(self) -> list[Playthrough]:
        """A game won and one lost, short (seeded only: no free deal to play)."""
        return [Playthrough("PLAY-31", "expert", {"floors": 2}, why="a run of two floors won"),
                Playthrough("PLAY-4", "random", {"floors": 2}, why="out of health on B1")]

    def stage(self, state: State) -> int:
        return state.floor

    def vocabulary(self) -> tuple[str, ...]:
        """The verbs of the notation, and longer paths, floor numbers
        and a letter that is no direction."""
        return tuple(dict.fromkeys((*super().vocabulary(), "WWSS", "NNEE", "SEW", "2", "10",
                                    "B2", "X")))

    def result(self, state: State) -> Result:
        summary: dict[str, Any] = {
            "floor": f"B{state.floor}", "health": state.health, "moves": state.moves,
            "floors": [r.to_json() for r in state.records],
        }
        if state.outcome is None:
            floor = state.map
            summary["current"] = {
                "floor": f"B{state.floor}", "steps": state.steps_here,
                "traps_reset": len(state.reset), "traps": len(floor.traps),
                "chests_refilled": len(state.refilled), "chests": len(floor.chests),
            }
        if state.lost_because:
            summary["lost_because"] = state.lost_because
        return Result(state.outcome or "unfinished", state.run_score, summary)

    def solve(self, seed: str, params: Mapping[str, int], variants: tuple[str, ...],
              budget: int | None = None) -> SolveReport:
        """Par and a perfect path for every floor (exact), written as a log of the run
        that follows them, under the newest edition's numbers. Where the moves left
        cannot pay for a floor's par path, the run walks straight to that floor's exit
        instead (the floor is not perfect, but the run goes on, and on the last floor
        it wins). The run stops where the rules end it (out of moves or health);
        ``status`` is that run's outcome."""
        from companion.games.dungeon_upkeeper.players import straight_walk

        floors = params.get("floors", 10)
        state = self.initial_state(seed, {"floors": floors})
        body: list[str] = []
        pars: dict[str, int | None] = {}
        short: list[str] = []
        for k in range(1, floors + 1):
            floor = generate_floor(seed, k)
            solution = solve_floor(floor)
            pars[f"B{k}"] = solution.par
            if state.outcome is not None:
                continue
            path = solution.path
            if len(path) > state.moves:  # the exit step may take the last move
                straight = straight_walk(floor).letters
                if len(straight) <= state.moves:
                    path = straight
                    short.append(f"B{k}")
            taken = []
            for letter in path:
                if state.outcome is not None:
                    break
                state = rules.apply(state, rules.Path((rules.Step(letter),)))
                taken.append(letter)
            body += [f"floor {k}", "path " + "".join(taken)]
        result = self.result(state)
        tags = [f'[Game "{self.name}"]', f'[Seed "{seed}"]', f'[Edition "{self.edition}"]',
                f'[Floors "{floors}"]',
                f'[Claim "{result.score}"]']
        text = "\n".join(tags + body) + "\n"
        status = "won" if result.outcome == "won" else "lost"
        return SolveReport(self.name, seed, (), status, result.score, text,
                           {"par": pars, "outcome": result.outcome,
                            "straight_to_the_exit": short,
                            "lost_because": state.lost_because or None})

    def par_note(self, report: SolveReport) -> str:
        """Par of a run is the score of the run along each floor's par path."""
        return "the run along each floor's par path"

    def solve_text(self, report: SolveReport) -> str:
        """Par of every floor, then how the run along the par paths ends: its outcome
        (and why it was lost), the floors walked straight to the exit because the moves
        left do not pay for par, and the score."""
        pars = report.stats.get("par") or {}
        ending = report.stats.get("lost_because")
        short = report.stats.get("straight_to_the_exit") or []
        text = (f"the run along the par paths is {report.stats.get('outcome')}"
                + (f" ({ending})" if ending else "")
                + (f", straight to the exit on {', '.join(short)} (the moves left do not "
                   "pay for par there)" if short else "") + f", score {report.score}")
        return ("par: " + ", ".join(f"{k} {v}" for k, v in pars.items())
                + f"\n{report.heading}: {text}")

    def golden_cases(self) -> list[tuple[dict[str, int], int]]:
        """Every edition; the text covers all ten floors whatever ``--floors`` says."""
        return [({}, e) for e in self.editions]

    def golden_text(self, seed: str, params: Mapping[str, int], edition: int) -> str:
        """The ten floors (map rows, tries, objectives) with par and the perfect path the
        exact solver finds (both are printed on the sheets), under ``edition``."""
        table = self.rules_table(edition)
        lines = [f"dungeon-upkeeper {seed}"]
        for k in range(1, 11):
            f = generate_floor(seed, k, table)
            sol = solve_floor(f)
            lines.append(f"B{k} tries {f.tries} asked {f.objectives_asked} par {sol.par} "
                         f"path {sol.path}")
            lines += ["  " + row for row in f.rows]
        return "\n".join(lines) + "\n"

    def describe(self, kind: str, seed: str, params: Mapping[str, int],
                 options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        self.sheet_kind(kind)
        opts = dict(options or {})
        edition = self.check_edition(opts.get("edition", self.edition))
        floors = params["floors"]
        wanted = [int(opts["floor"])] if "floor" in opts else list(range(1, floors + 1))
        out = []
        for k in wanted:
            f = generate_floor(seed, k)
            sol = solve_floor(f)
            out.append({"floor": f"B{k}", "rows": list(f.rows), "par": sol.par,
                        "perfect_path": sol.path, "traps": len(f.traps),
                        "chests": len(f.chests), "objectives_asked": f.objectives_asked,
                        "tries": f.tries,
                        **({"payload": self.payload(seed, {}, edition=edition, floor=k)}
                           if kind == "map" else {})})
        data: dict[str, Any] = {"game": self.name, "seed": seed, "kind": kind, "floors": out}
        if kind != "map":  # one sheet for the run: its payload names the floors if not 10
            default = self.param("floors").default
            data["payload"] = self.payload(
                seed, {} if floors == default else {"floors": floors}, edition=edition, kind=kind)
        if kind == "record":  # par of the run, the solver's line, the table (--from)
            from companion.games.dungeon_upkeeper.record import record_data

            data["record"] = record_data(self, seed, params, opts)
        return data


GAME = DungeonUpkeeper()
