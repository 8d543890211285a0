"""Dungeon Solitaire (a PICO-8 game from GMTK Game Jam 2019, its author unnamed in the
source) as a paper game: seeded level boards as tiles, a numbered reward deck, and a
validator for the logged game. Numbers in ``table.py``, cards in ``cards.py``, levels and
the reward deck in ``generation.py``, rules in ``rules.py``, verbs in ``notation.py``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar

from companion.errors import ParameterError
from companion.games.base import Game, PackPart, Param, Playthrough, Result, SheetKind, Target
from companion.games.dungeon_solitaire import notation, rules
from companion.games.dungeon_solitaire.cards import Room
from companion.games.dungeon_solitaire.generation import cell_name, generate_level, reward_deck
from companion.games.dungeon_solitaire.notation import format_action
from companion.games.dungeon_solitaire.rules import Action, State
from companion.games.dungeon_solitaire.table import EDITIONS, RulesTable


class DungeonSolitaire(Game[State, Action]):
    """Dungeon Solitaire as a paper game: seeded level boards as tiles and a
    numbered reward deck (``docs/rules/dungeon-solitaire.md``)."""

    name = "dungeon-solitaire"
    code = "ds"
    title = "Dungeon Solitaire"
    credits = "Dungeon Solitaire, a GMTK Game Jam 2019 entry (PICO-8), as a paper game"
    params = (Param("size", "Size", 5, 4, 7, "the board is SIZE×SIZE squares (4–7)"),)
    variants: tuple[str, ...] = ()
    sheet_kinds = (
        SheetKind("map", "one level's full layout face up: an answer key (spoiler)",
                  (Param("level", "Level", 1, 1, 9, "the level to show (1-9)"),),
                  inks=True, scale_check=True),
        SheetKind("tiles", "each level's board cards as tiles, with backs",
                  (Param("level", "Level", 1, 1, 9, "print only this level's tiles"),),
                  backs=True, inks=True, scale_check=True),
        SheetKind("cards", "the numbered reward deck, fronts and backs", backs=True,
                  inks=True, scale_check=True),
        SheetKind("mat", "play mat (two sheets, or one A3/Tabloid): the board at tile "
                  "size, health and level tracks, deck, discard and drawn spots",
                  scale_check=True, big_paper=True),
        SheetKind("log", "a log sheet to write the game down"),
        SheetKind("calibrate", "a duplex calibration page to measure --back-offset (the "
                  "same for every seed)", seeded=False),
        SheetKind("record", "hand record: the nine levels face up (no solver, so no par); "
                  "--from LOGS adds the seed's standings and the best valid run",
                  from_logs=True),
    )
    seeded_only = True
    deal_rules = frozenset({"chest-card", "move-exits"})
    editions = tuple(EDITIONS)
    stage_name = "level"
    end_words = (("health", "out of health"), ("draw", "deck"))
    balance_targets = (
        Target("expert", "win", low=0.30, high=0.60, text="expert wins 30 % to 60 %"),
        Target("expert", "reach", low=0.50, stage=5,
               text="expert reaches level 5 or later in at least half its runs"),
        Target("expert", "end_by", high=0.15, stage=2,
               text="at most 15 % of expert runs end on levels 1-2"),
        Target("greedy", "win", low=0.05, high=0.25, text="greedy wins 5 % to 25 %"),
        Target("random", "win", high=0.02, text="random wins at most 2 %"),
    )
    pack_parts = (
        PackPart("calibrate", "Duplex calibration: print it first", "long edge"),
        PackPart("tiles", "Level tiles, fronts and backs", "long edge"),
        PackPart("cards", "Reward deck, fronts and backs", "long edge"),
        PackPart("mat", "Play mat (two sheets side by side)"),
        PackPart("log", "Log sheet"),
    )

    booklet_outcome = "unfinished"
    golden_seeds = 3

    rules: ClassVar[ModuleType] = rules
    notation: ClassVar[ModuleType] = notation

    def rules_table(self, edition: int | None = None) -> RulesTable:
        return EDITIONS[self.check_edition(edition or self.edition)]

    def initial_state(self, seed: str | None, params: Mapping[str, int] | None = None,
                      variants: Sequence[str] | frozenset[str] = (),
                      edition: int | None = None) -> State:
        """The state before the first draft of the seeded run of ``seed`` under
        ``edition``'s numbers (default: the newest). Raises ParameterError for no seed
        (the levels are seeded: there is no free deal), a parameter out of range or a
        variant (the game has none), PayloadError for an unknown edition."""
        size = self.check_params(params or {})["size"]
        self.check_variants(list(variants))
        table = self.rules_table(edition)
        if seed is None:
            raise ParameterError(f"{self.name} has no free deal: its levels are seeded")
        return rules.new_state(seed, size, table)

    def log_lines(self, before: State, action: Action,
                  after: State) -> list[str]:
        lines = [format_action(action)]
        if after.outcome is None and after.level != before.level and before.phase != "draft":
            lines.append(f"level {after.level}")
        return lines

    def playthrough_cases(self) -> list[Playthrough]:
        """A game won and one lost, short (seeded only: no free deal to play)."""
        return [Playthrough("PLAY-39", "expert", {"size": 4}, why="nine levels won"),
                Playthrough("PLAY-24", "greedy", {"size": 4}, why="a short loss")]

    def stage(self, state: State) -> int:
        return state.level

    def result(self, state: State) -> Result:
        summary: dict[str, Any] = {
            "level": state.level, "levels_cleared": state.levels_cleared,
            "health": state.health, "position": cell_name(state.position),
            "deck": sorted(state.deck, key=lambda x: int(x[1:])),
            "discard": sorted(state.discard, key=lambda x: int(x[1:])),
            "gone": len(state.gone), "phase": state.phase,
        }
        if state.lost_because:
            summary["lost_because"] = state.lost_because
        return Result(state.outcome or "unfinished", state.score(), summary)

    def golden_cases(self) -> list[tuple[dict[str, int], int]]:
        """Every board size under every edition."""
        return [({"size": size}, e) for e in self.editions for size in (5, 4, 6, 7)]

    def golden_text(self, seed: str, params: Mapping[str, int], edition: int) -> str:
        """The nine levels (board in reading order, start, stairs, walk, tries) and the
        reward deck R1-R60, under ``edition``."""
        size = params["size"]
        table = self.rules_table(edition)
        lines = [f"dungeon-solitaire {seed} size {size}"]
        for n in range(1, 10):
            lvl = generate_level(seed, n, size, table)
            lines.append(f"level {n} tries {lvl.tries} start {cell_name(lvl.start)} "
                         f"stairs {cell_name(lvl.stairs)}")
            lines.append("  walk " + " ".join(cell_name(c) for c in lvl.walk))
            for cell in sorted(lvl.board, key=lambda c: (c[1], c[0])):
                room = lvl.board[cell]
                lines.append(f"  {cell_name(cell)} {room.exits or '-'} {room.obj or '-'}")
        for card in reward_deck(seed, table):
            kind = "room" if isinstance(card.card, Room) else "special"
            lines.append(f"{card.id} {kind} {card.card.describe()}")
        return "\n".join(lines) + "\n"

    def describe(self, kind: str, seed: str, params: Mapping[str, int],
                 options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        self.sheet_kind(kind)
        from companion.games.dungeon_solitaire import sheets

        size = params["size"]
        opts = dict(options or {})
        if not self.sheet_kind(kind).seeded:  # the calibration sheet: no seed, no data
            return {"game": self.name, "kind": kind,
                    "payloads": sheets.sheet_payloads(self, kind, "", params, opts)}
        table = self.rules_table(opts.get("edition"))
        # the map shows one level (default 1); the other kinds all nine unless one is named
        wanted = sheets.wanted_levels(opts, [1] if kind == "map" else None)
        levels = []
        for n in wanted:
            lvl = generate_level(seed, n, size, table)
            levels.append({
                "level": n, "start": cell_name(lvl.start), "stairs": cell_name(lvl.stairs),
                "crown": lvl.crown, "tries": lvl.tries,
                "board": {cell_name(c): {"exits": r.exits, "object": r.obj}
                          for c, r in sorted(lvl.board.items(), key=lambda kv: (kv[0][1],
                                                                               kv[0][0]))},
            })
        deck = [{"id": c.id, "kind": "room" if isinstance(c.card, Room) else "special",
                 "card": c.card.describe()} for c in reward_deck(seed, table)]
        out: dict[str, Any] = {
            "game": self.name, "seed": seed, "size": size, "kind": kind,
            "payloads": sheets.sheet_payloads(self, kind, seed, params, opts),
            "levels": levels, "reward_deck": deck}
        if kind == "record":  # no par (no solver); the table's standings (--from)
            from companion.games.dungeon_solitaire.sheets.record import record_data

            out["record"] = record_data(self, seed, params, opts)
        if kind in ("tiles", "cards", "mat", "map"):
            from companion.paper.layout import load_layout

            tile = load_layout("tile")
            out["tile_mm"] = {p: sheets.tile_side_mm(tile, p, size) for p in ("a4", "letter")}
        return out


GAME = DungeonSolitaire()
