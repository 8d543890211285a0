"""Clear the Dungeon (a solo card game by Mark S. Ball): monster columns, attack piles,
a damage pile. Rules in ``rules.py``, seeded deals in ``generation.py``, verbs in
``notation.py``, sheets in ``sheets.py``, the exact solver in ``solver.py``."""

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
from companion.games.clear_the_dungeon import notation, rules
from companion.games.clear_the_dungeon.notation import format_action
from companion.games.clear_the_dungeon.rules import Action, State

if TYPE_CHECKING:
    from companion.marks.codec import MarkCodec

_NAME: dict[Card, str] = {c: str(c) for c in standard_deck(jokers=1)}
"""Every card's name (``str(card)``), looked up for a verdict's summary."""


class ClearTheDungeon(Game[State, Action]):
    """Clear the Dungeon: monster columns, attack piles and a damage pile
    (``docs/rules/clear-the-dungeon.md``)."""

    name = "clear-the-dungeon"
    code = "ctd"
    title = "Clear the Dungeon"
    credits = "Clear the Dungeon, a solo card game by Mark S. Ball"
    params: tuple[Param, ...] = ()
    variants = ("reserve", "no-jokers")
    sheet_kinds = (
        SheetKind("mat", "play mat, real-size card spots (two sheets, or one A3/Tabloid): "
                  "monster columns and attack piles, damage track, rules",
                  scale_check=True, par="on request", big_paper=True),
        SheetKind("stack", "stacking list: monster columns and power deck order"),
        SheetKind("log", "a log sheet to write the game down at the table"),
        SheetKind("deck", "a printable 54-card deck on poker cards (the same for every "
                  "seed), with backs", seeded=False, backs=True, inks=True,
                  scale_check=True),
        SheetKind("record", "hand record: the deal, par and the solver's best line, turn "
                  "by turn (--from LOGS: the table's players of the deal too)",
                  from_logs=True),
        SheetKind("marks", "mark sheet: each turn's cards printed, bubbles for where each "
                  "went, read back from a photo (companion read; --from LOG: an answer "
                  "key)", from_logs=True),
    )
    map_kind = "mat"
    deal_rules = frozenset({"deal-seed"})
    stage_name = "monsters defeated"
    end_words = (("damage", "damage"), ("deck", "deck"))
    pack_parts = (
        PackPart("mat", "Play mat (two sheets: glue them)"),
        PackPart("stack", "Stacking list: put your deck in the seed's order"),
        PackPart("log", "Log sheet"),
        PackPart("deck", "A deck to cut out, if you have no cards", "long edge"),
    )

    booklet_outcome = "won"
    simulation_games = 120

    # -- rules ------------------------------------------------------------------
    rules: ClassVar[ModuleType] = rules
    notation: ClassVar[ModuleType] = notation

    def initial_state(self, seed: str | None, params: Mapping[str, int] | None = None,
                      variants: Sequence[str] | frozenset[str] = (),
                      edition: int | None = None) -> State:
        """The state after the seeded deal of ``seed``, or before the ``monsters`` line
        of a free deal (None). Raises ParameterError for a parameter (the game has none)
        or an unknown variant, PayloadError for an unknown edition."""
        if params:
            self.check_params(params)
        if edition is not None and not (type(edition) is int and edition in self.editions):
            self.check_edition(edition)  # (raises: an edition this build knows passes)
        return rules.new_state(seed, self.variant_set(variants))

    def playthrough_cases(self) -> list[Playthrough]:
        """A game won and one lost (and a free deal, dealt at its chance nodes), short."""
        return [Playthrough("PLAY-13", "expert", why="every monster defeated"),
                Playthrough("PLAY-22", "greedy", why="a short loss"),
                Playthrough("PLAY-9", "greedy", free=True, why="a loss")]

    def stage(self, state: State) -> int:
        return len(state.defeated)

    def vocabulary(self) -> tuple[str, ...]:
        """The verbs of the notation, and other spellings of cards
        (``th`` for 10♥, ``10c``, ``JK``) a log may use."""
        return tuple(dict.fromkeys((*super().vocabulary(), "1", "2", "4", "5", "J♣", "Q♦",
                                    "K♠", "9♦", "2♥", "JK", "th", "10c")))

    def opening_lines(self, state: State) -> list[str]:
        if state.free:
            return []
        return [format_action(rules.Monsters(tuple(c for c in state.up if c)))]

    def log_lines(self, before: State, action: Action,
                  after: State) -> list[str]:
        """Seeded draws are written with their cards and every turned-up monster with a
        ``reveal`` line, so the log also reads as a free deal."""
        if isinstance(action, rules.Draw) and action.cards is None:
            action = rules.Draw(after.hand)
        lines = [format_action(action)]
        if after.checkable == "reveal" and after.reveal_column is not None:
            card = after.up[after.reveal_column]
            assert card is not None
            lines.append(format_action(rules.Reveal(card)))
        return lines

    def result(self, state: State) -> Result:
        name = _NAME
        summary: dict[str, Any] = {
            "monsters_defeated": len(state.defeated),
            "defeated": [name[c] for c in state.defeated],
            "face_up": [name[c] if c else None for c in state.up],
            "attack_piles": [[name[c] for c in p] for p in state.piles],
            "hand": [name[c] for c in state.hand],
            "damage": len(state.damage),
            "damage_pile": [name[c] for c in state.damage],
            "power_deck_left": state.deck_left,
        }
        if state.lost_because:
            summary["lost_because"] = state.lost_because
        return Result(state.outcome or "unfinished", state.score(), summary)

    def solve(self, seed: str, params: Mapping[str, int], variants: tuple[str, ...],
              budget: int | None = None) -> SolveReport:
        """Solve the seeded deal exactly (``solver.py``): won with the best score, lost,
        or unknown when ``budget`` search nodes run out; the log is the best line found.

        Raises ParameterError for an unknown variant and RuntimeError if the line found
        does not replay through the rules as the search predicted (a bug)."""
        from companion.games.clear_the_dungeon import solver

        return solver.solve(self, seed, self.check_variants(variants), budget)

    # -- generation and sheets --------------------------------------------------
    def golden_text(self, seed: str, params: Mapping[str, int], edition: int) -> str:
        """The monster columns and the power deck, with and without jokers."""
        from companion.cards import format_cards
        from companion.games.clear_the_dungeon.generation import deal

        d = deal(seed)
        lines = [f"clear-the-dungeon {seed}"]
        lines += [f"column{k + 1} " + format_cards(col) for k, col in enumerate(d.columns)]
        lines += ["power " + format_cards(d.power),
                  "power-no-jokers " + format_cards(deal(seed, False).power)]
        return "\n".join(lines) + "\n"

    def marks_codec(self) -> MarkCodec:
        """The mark sheet's codec (``marks.py``, imported when asked for)."""
        codec = self.__dict__.get("_marks")
        if codec is None:
            from companion.games.clear_the_dungeon.marks import ClearTheDungeonMarks

            codec = self.__dict__["_marks"] = ClearTheDungeonMarks(self)
        return codec

    def describe(self, kind: str, seed: str, params: Mapping[str, int],
                 options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The deal as the sheet prints it (no jokers with ``no-jokers``) and the sheet's
        QR payload (``variant=...`` when variants are on); the ``marks`` kind's template
        (:func:`companion.marks.sheet.describe_marks`)."""
        self.sheet_kind(kind)
        if kind == "marks":
            from companion.marks.sheet import describe_marks

            return describe_marks(self, seed, params, options or {})
        from companion.games.clear_the_dungeon.sheets import describe_data

        data = describe_data(self, kind, seed, params, options or {})
        if kind == "record":  # par, the solver's line, the table (--from)
            from companion.games.clear_the_dungeon.sheets.record import record_data

            data["record"] = record_data(self, seed, params, options or {})
        return data


GAME = ClearTheDungeon()
