"""Scoundrel (a solo dungeon crawl for a standard deck by Zach Gage and Kurt Bieg): rooms
of four cards, a weapon that dulls on each kill, health 0 to 20. Rules in ``rules.py``,
seeded deals in ``generation.py``, verbs in ``notation.py``, players in ``players.py``,
the exact solver in ``solver.py``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from companion.cards import Card, standard_deck
from companion.games.base import (
    Game,
    PackPart,
    Param,
    Playthrough,
    Result,
    SheetKind,
    SolveReport,
)
from companion.games.scoundrel import generation, notation, rules
from companion.games.scoundrel.notation import format_action
from companion.games.scoundrel.rules import Action, State

if TYPE_CHECKING:
    from companion.marks.codec import MarkCodec

_NAME: dict[Card, str] = {c: str(c) for c in standard_deck(jokers=1)}
"""Every card's name (``str(card)``), looked up for a verdict's summary."""


class Scoundrel(Game[State, Action]):
    """Scoundrel: rooms of four cards, a weapon that dulls on each kill, health 0 to 20
    (``docs/rules/scoundrel.md``)."""

    name = "scoundrel"
    code = "sc"
    title = "Scoundrel"
    credits = "Scoundrel by Zach Gage and Kurt Bieg"
    params: tuple[Param, ...] = ()
    variants = ("equal-kills",)
    sheet_kinds = (
        SheetKind("mat", "play mat, real-size card spots (two sheets, or one A3/Tabloid): "
                  "dungeon, room, weapon and slain monsters, "
                  "discard, health track 0-20", scale_check=True, par="on request",
                  big_paper=True),
        SheetKind("stack", "stacking list: the 44 cards of the dungeon in seeded order"),
        SheetKind("log", "a log sheet to write the game down at the table"),
        SheetKind("record", "hand record: the dungeon, par and the solver's best line, "
                  "room by room (--from LOGS: the table's players of the deal too)",
                  from_logs=True),
        SheetKind("marks", "mark sheet: fill bubbles as you play, one row a room dealt "
                  "(avoided rooms too), then read a photo of it with companion read "
                  "(--from LOG: an answer key)", from_logs=True),
    )
    map_kind = "mat"
    pack_parts = (
        PackPart("mat", "Play mat (two sheets: glue them)"),
        PackPart("stack", "Stacking list: put your deck in the seed's order"),
        PackPart("log", "Log sheet"),
    )
    deal_rules = frozenset({"deal-seed"})
    booklet_outcome = "won"
    stage_name = "cards faced"
    end_words = (("health", "out of health"),)

    # -- rules ------------------------------------------------------------------
    rules: ClassVar[ModuleType] = rules
    notation: ClassVar[ModuleType] = notation

    def initial_state(self, seed: str | None, params: Mapping[str, int] | None = None,
                      variants: Sequence[str] | frozenset[str] = (),
                      edition: int | None = None) -> State:
        """The state before the first action of a seeded deal (``seed``) or a free deal
        (None), without going through a log. Raises ParameterError for an unknown
        variant or PayloadError for an unknown edition."""
        if edition is not None and not (type(edition) is int and edition in self.editions):
            self.check_edition(edition)  # (raises: an edition this build knows passes)
        return rules.new_state(seed, self.variant_set(variants))

    def golden_text(self, seed: str, params: Mapping[str, int], edition: int) -> str:
        """The seeded dungeon, top card first, one room's worth (four cards) a line:
        what a printed seed stands for (the golden vectors)."""
        order = generation.dungeon(seed)
        lines = [f"scoundrel {seed}"]
        lines += [" ".join(str(c) for c in order[i:i + 4]) for i in range(0, len(order), 4)]
        return "\n".join(lines) + "\n"

    def playthrough_cases(self) -> list[Playthrough]:
        """A game won and one lost (and a free deal, dealt at its chance nodes), short."""
        return [Playthrough("PLAY-26", "expert", why="through the dungeon"),
                Playthrough("PLAY-11", "greedy", why="a short loss"),
                Playthrough("PLAY-27", "greedy", free=True, why="a short loss")]

    def stage(self, state: State) -> int:
        return state.cards_faced

    def opening_lines(self, state: State) -> list[str]:
        """A seeded log starts with the first room, so it also reads as a free deal."""
        if state.free or not state.checkable:
            return []
        return [format_action(rules.Room(state.room))]

    def log_lines(self, before: State, action: Action, after: State) -> list[str]:
        """Every room a seeded deal deals is written with its cards (in deal order), so
        the log also reads as a free deal."""
        lines = [format_action(action)]
        if after.checkable and not isinstance(action, rules.Room):
            lines.append(format_action(rules.Room(after.room)))
        return lines

    def result(self, state: State) -> Result:
        name = _NAME
        summary: dict[str, Any] = {
            "health": state.health,
            "room": [name[c] for c in state.room],
            "weapon": name[state.weapon] if state.weapon else None,
            "slain": [name[c] for c in state.slain],
            "dungeon_left": state.dungeon_left,
            "discard": len(state.discard),
            "cards_faced": state.cards_faced,
            "last_faced": name[state.last] if state.last else None,
            "rooms": state.rooms,
            "rooms_avoided": state.avoids,
        }
        if state.lost_because:
            summary["lost_because"] = state.lost_because
        return Result(state.result_outcome(), state.score(), summary)

    def explain(self, state: State) -> list[str]:
        """The table as a player lays it out: health, the room in the order dealt, the
        weapon and what it may still slay, the potion rule, whether an avoid is
        allowed, the dungeon (and the cards that went under it)."""
        lines = [f"health: {state.health}",
                 "room (in the order dealt): " + (" ".join(map(str, state.room)) or "-")]
        if state.weapon is None:
            lines.append("weapon: none (monsters are fought bare-handed)")
        else:
            slain = " ".join(map(str, state.slain)) or "nothing yet"
            lines.append(f"weapon: {state.weapon}, slain {slain}; may slay "
                         f"{self._can_slay(state)}")
        lines.append("potion this room: " + ("one drunk already (another heals nothing)"
                                             if state.drunk else "none yet"))
        if rules.can_avoid(state):
            lines.append("avoid: allowed")
        else:
            why = ("the room is not written down yet" if state.awaiting else
                   "the dungeon is empty" if state.dungeon_left == 0 else
                   "this room was dealt by an avoid" if state.avoided else
                   "a card of it was faced" if state.faced else "the game is over")
            lines.append(f"avoid: not allowed ({why})")
        tail = state.tail
        under = f" ({' '.join(map(str, tail))} went under, in that order)" if tail else ""
        lines.append(f"dungeon: {state.dungeon_left} cards left{under}")
        lines.append(f"cards faced: {state.cards_faced}, rooms: {state.rooms} "
                     f"({state.avoids} avoided)")
        if state.through:
            lines.append("through the dungeon: won; the last card may still be faced")
        if state.awaiting:
            count, _, known = rules.room_need(state)
            lines.append(f"next line: room and its {len(state.room) + count} cards"
                         + (f" ({' '.join(map(str, known))} come up from under)"
                            if known else ""))
        return lines

    @staticmethod
    def _can_slay(state: State) -> str:
        if not state.slain:
            return "any monster"
        top = rules.value(state.slain[-1])
        return f"monsters {'up to' if state.equal_kills else 'below'} {top}"

    def solve(self, seed: str, params: Mapping[str, int], variants: tuple[str, ...],
              budget: int | None = None) -> SolveReport:
        """Solve the seeded deal exactly (``solver.py``): won with the best score, lost
        with the best (least bad) score, or unknown when ``budget`` search nodes run
        out; the log is the best line found.

        Raises ParameterError for an unknown variant and RuntimeError if the line found
        does not replay through the rules as the search predicted (a bug)."""
        from companion.games.scoundrel import solver

        return solver.solve(self, seed, self.check_variants(variants), budget)

    # -- generation and sheets --------------------------------------------------
    def marks_codec(self) -> MarkCodec:
        """The mark sheet's codec (``marks.py``, imported when asked for)."""
        codec = self.__dict__.get("_marks")
        if codec is None:
            from companion.games.scoundrel.marks import ScoundrelMarks

            codec = self.__dict__["_marks"] = ScoundrelMarks(self)
        return codec

    def describe(self, kind: str, seed: str, params: Mapping[str, int],
                 options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The seeded dungeon (top card first; the first room is its first four cards),
        the cards a standard deck leaves out and the sheet's QR payload
        (``variant=equal-kills`` when the variant is on).

        Raises ParameterError for a kind the game does not print or an unknown
        variant."""
        self.sheet_kind(kind)
        if kind == "marks":  # the --json template (companion.marks.sheet)
            from companion.marks.sheet import describe_marks

            return describe_marks(self, seed, params, options or {})
        from companion.games.scoundrel.sheets import describe_data

        data = describe_data(self, kind, seed, params, options or {})
        if kind == "record":  # par, the solver's line, the table (--from)
            from companion.games.scoundrel.record import record_data

            data["record"] = record_data(self, seed, params, options or {})
        return data


GAME = Scoundrel()
