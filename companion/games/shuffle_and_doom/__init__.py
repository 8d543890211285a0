"""Shuffle and Doom! (Handsome Wolf Benny and Alfaric, 2023): a standard-deck grid
crawler. Rules in ``rules.py``, seeded deals in ``generation.py``, verbs in
``notation.py``, printed sheets in ``sheets.py``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import ModuleType
from typing import Any, ClassVar

from companion.cards import Card, format_cards, parse_card
from companion.errors import CardError, ParameterError
from companion.games.base import (
    Game,
    Header,
    PackPart,
    Param,
    PayloadExtra,
    Playthrough,
    Result,
    SheetKind,
)
from companion.games.shuffle_and_doom import notation, rules
from companion.games.shuffle_and_doom.dungeon import DungeonMap, bonus_modifier, cell_name
from companion.games.shuffle_and_doom.generation import deal, one_colour
from companion.games.shuffle_and_doom.notation import format_action
from companion.games.shuffle_and_doom.rules import Action, State


@lru_cache(maxsize=256)
def seeded_map(seed: str, size: int) -> DungeonMap:
    """The map of a seeded deal: one object per deal (an immutable value), so the logs of
    one deal share its rooms and regions, made once (at most 256 deals kept, as
    :func:`~companion.games.shuffle_and_doom.generation.deal` keeps them)."""
    d = deal(seed, size)
    return DungeonMap(d.row_stack, d.column_stack)


class ShuffleAndDoom(Game[State, Action]):
    """Shuffle and Doom!: a standard-deck grid crawler on a seeded map
    (``docs/rules/shuffle-and-doom.md``)."""

    name = "shuffle-and-doom"
    code = "sd"
    title = "Shuffle and Doom!"
    credits = "Shuffle and Doom! by Handsome Wolf Benny and Alfaric (2023)"
    params = (Param("size", "Size", 7, 4, 26, "the map is SIZE×SIZE cells (4–26)"),)
    variants = ("easy-stats", "flat-consumables")
    won_outcomes = ("cleared",)
    deal_rules = frozenset({"room-cards", "room-size", "enter-target"})
    stage_name = "rooms emptied"
    pack_parts = (
        PackPart("map", "Dungeon map with the stat tracker"),
        PackPart("stack", "Stacking list: put your deck in the seed's order"),
        PackPart("log", "Log sheet"),
    )
    sheet_kinds = (
        SheetKind("map", "the dungeon map with stack cards, stats tracker and QR",
                  scale_check=True),
        SheetKind("stack", "stacking list: deck order for pass 1 and later passes"),
        SheetKind("log", "a log sheet to write the game down at the table"),
        SheetKind("record", "hand record: the deal (no solver, so no par); --from LOGS adds "
                  "the deal's standings and the best valid game, room by room",
                  from_logs=True),
    )

    booklet_outcome = "cleared"
    simulation_games = 120

    # -- rules ------------------------------------------------------------------
    rules: ClassVar[ModuleType] = rules
    notation: ClassVar[ModuleType] = notation

    def initial_state(self, seed: str | None, params: Mapping[str, int] | None = None,
                      variants: Sequence[str] | frozenset[str] = (),
                      edition: int | None = None, *,
                      stacks: tuple[Sequence[Card], Sequence[Card]] | None = None) -> State:
        """The state before ``choose``: of the seeded deal of ``seed``, or, when ``seed``
        is None, of a free deal whose map ``stacks`` (row, column) were dealt at the
        table (a log gives them as ``[Row]`` and ``[Column]`` tags; :meth:`new_state`
        checks them).

        Raises ParameterError for a parameter out of range, an unknown variant, stacks
        with a seed or a free deal without them, and PayloadError for an unknown
        edition."""
        size = self.check_params(params or {})["size"]
        if edition is not None:
            self.check_edition(edition)
        chosen = frozenset(self.check_variants(list(variants)))
        if seed is not None:
            if stacks is not None:
                raise ParameterError("a seeded deal deals its own map stacks: give the "
                                     "seed or the stacks, not both")
            return rules.new_state(seeded_map(seed, size), seed, chosen)
        if stacks is None:
            raise ParameterError("a free deal of Shuffle and Doom starts from the map "
                                 "stacks dealt at the table: give them (a log's [Row] "
                                 "and [Column] tags)")
        row, column = tuple(stacks[0]), tuple(stacks[1])
        if len(row) != size or len(column) != size:
            raise ParameterError(f"the map stacks of a {size}×{size} map have {size} cards "
                                 f"each, not {len(row)} and {len(column)}")
        return rules.new_state(DungeonMap(row, column), None, chosen)

    def new_state(self, header: Header) -> State:
        """:meth:`initial_state` of the header; a free deal's stacks come from the
        ``[Row]`` and ``[Column]`` tags, which a seeded log may also carry (then they
        must be the seed's).

        Raises LogError at the tag for a card that cannot be read, a stack of the wrong
        size, a joker, a card dealt twice, stacks of one colour, stacks that are not the
        seed's, or a free deal without them."""
        size = header.params["size"]
        row_tag, col_tag = header.tag("row"), header.tag("column")
        stacks: list[tuple[Card, ...]] = []
        for key, tag in (("row", row_tag), ("column", col_tag)):
            if tag is None:
                continue
            cards: list[Card] = []
            for word in tag.value.replace(",", " ").split():
                try:
                    cards.append(parse_card(word))
                except CardError as exc:
                    raise header.error(key, str(exc), "notation-card") from None
            if len(cards) != size:
                raise header.error(key, f"the {key} stack of a {size}×{size} map has "
                                   f"{size} cards, not {len(cards)}", "deal-stack-size")
            if any(c.is_joker for c in cards):
                raise header.error(key, "Shuffle and Doom is played without jokers",
                                   "notation-card")
            stacks.append(tuple(cards))
        if header.seed is not None:
            state = self.initial_state(header.seed, header.params, header.variants)
            dmap = state.dmap
            for key, given, real in (("row", row_tag, dmap.row_stack),
                                     ("column", col_tag, dmap.column_stack)):
                if given is not None and stacks[0 if key == "row" else -1] != real:
                    raise header.error(key, f"seed {header.seed} deals the {key} stack "
                                       f"{format_cards(real)}", "deal-seed")
            return state
        if row_tag is None or col_tag is None:
            missing = "Row" if row_tag is None else "Column"
            raise header.missing(f"a free deal (no Seed tag) needs the [Row \"...\"] and "
                                 f"[Column \"...\"] tags; {missing} is missing", "deal-free")
        row, col = stacks
        seen: set[Card] = set()
        for key, stack in (("row", row), ("column", col)):
            for c in stack:
                if c in seen:
                    raise header.error(key, f"{c} appears twice in the map stacks",
                                       "deal-duplicate")
                seen.add(c)
        if one_colour(row + col):
            raise header.error("row", "all map cards are one colour, so every cell is 0: "
                               "the rules say to reshuffle and deal again", "deal-all-empty")
        return self.initial_state(None, header.params, header.variants, stacks=(row, col))

    def free_deal_tags(self, seed: str, params: Mapping[str, int]) -> dict[str, str]:
        """The seed's map stacks as ``[Row]`` and ``[Column]`` tags: a free deal starts
        from them (the rooms are written as they are entered)."""
        dmap = seeded_map(seed, self.check_params(params)["size"])
        return {"Row": " ".join(map(str, dmap.row_stack)),
                "Column": " ".join(map(str, dmap.column_stack))}

    def log_lines(self, before: State, action: Action,
                  after: State) -> list[str]:
        """An ``enter`` is followed by its ``room`` line, so the log also reads as a free
        deal and a player following the seed can check each room."""
        lines = [format_action(action)]
        if isinstance(action, rules.Enter) and after.drawn is not None:
            lines.append(format_action(rules.RoomCards(after.drawn)))
        return lines

    def playthrough_cases(self) -> list[Playthrough]:
        """A game won and one lost (and a free deal, dealt at its chance nodes), short."""
        return [Playthrough("PLAY-8", "expert", why="the map cleared"),
                Playthrough("PLAY-25", "greedy", why="a short death"),
                Playthrough("PLAY-11", "greedy", free=True, why="out by the exit")]

    def stage(self, state: State) -> int:
        return sum(1 for status in state.status if status == "emptied")

    def vocabulary(self) -> tuple[str, ...]:
        """The verbs of the notation, and other spellings of cards
        (``th`` for 10♥, ``qd``) and cells a log may use."""
        return tuple(dict.fromkeys((*super().vocabulary(), "a1", "b2", "g7", "5♣", "K♠",
                                    "10♦", "th", "qd", "exit", "retreat")))

    def explain(self, state: State) -> list[str]:
        """The summary, the stats still owed in setup, and the room the player is in:
        each card with what it is and its value now. The map prints no room numbers,
        so the count reads "rooms on the map" and the room is named by a square of it
        (the player's), as the log names it."""
        lines = ["rooms on the map: " + line.removeprefix("rooms: ")
                 if line.startswith("rooms: ") else line for line in super().explain(state)]
        if state.in_setup:
            lines.append("setup: " + ("choose row or column" if state.choice is None
                                      else f"{state.bonus_owed} ♦ bonus still to assign"))
        if state.room is not None:
            cards = ", ".join(f"{e.card} {e.kind} {e.value}" for e in state.room.entities)
            cells = state.dmap.rooms[state.room.index]
            at = state.position if state.position in cells else min(cells)
            lines.append(f"in the room at {cell_name(at)}: {cards or 'empty'}")
        else:
            lines.append("in no room")
        return lines

    def result(self, state: State) -> Result:
        emptied = sum(1 for st in state.status if st == "emptied")
        summary: dict[str, Any] = {
            "size": state.size,
            "health": state.health,
            "attack": state.attack,
            "intelligence": state.intelligence,
            "gold": state.gold,
            "banked": state.banked,
            "pass": state.pass_no,
            "position": cell_name(state.position) if state.position else None,
            "rooms": len(state.status),
            "rooms_emptied": emptied,
            "inventory": [f"{h.card}={h.value}" for h in state.inventory],
        }
        return Result(state.outcome_name(), state.score(), summary)

    # -- generation and sheets --------------------------------------------------
    def sheet_payload(self, seed: str, params: Mapping[str, int], kind: str,
                      options: Mapping[str, Any] | None = None) -> str:
        """The QR payload of a sheet: the map's and the hand record's name their
        variants (they change the starting stats printed on the map, and which logs the
        record ranks); every kind but the map adds ``kind=``. Raises ParameterError for
        an unknown variant."""
        if kind not in ("map", "record"):
            return self.payload(seed, params, kind=kind)
        variants = self.sheet_variants(options or {})
        extra: PayloadExtra = {} if kind == "map" else {"kind": kind}
        if variants:
            extra["variant"] = "+".join(variants)
        return self.payload(seed, params, **extra)

    def golden_cases(self) -> list[tuple[dict[str, int], int]]:
        """The default size and the extremes around it: 4, 13 and 26."""
        return [({"size": size}, 1) for size in (7, 4, 13, 26)]

    def golden_text(self, seed: str, params: Mapping[str, int], edition: int) -> str:
        """The deal (stacks, pass 1), passes 2 and 3, the map and its rooms."""
        from companion.games.shuffle_and_doom.generation import pass_order

        size = params["size"]
        d = deal(seed, size)
        dmap = DungeonMap(d.row_stack, d.column_stack)
        lines = [f"shuffle-and-doom {seed} size {size} attempt {d.attempt}",
                 "row " + format_cards(d.row_stack), "column " + format_cards(d.column_stack),
                 "pass1 " + format_cards(d.pass1_draws)]
        lines += [f"pass{k} " + format_cards(pass_order(seed, k)) for k in (2, 3)]
        lines += ["grid " + row for row in dmap.grid_text()]
        lines += ["room " + " ".join(cell_name(c) for c in room) for room in dmap.rooms]
        return "\n".join(lines) + "\n"

    def describe(self, kind: str, seed: str, params: Mapping[str, int],
                 options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        self.sheet_kind(kind)
        size = params["size"]
        d = deal(seed, size)
        dmap = DungeonMap(d.row_stack, d.column_stack)
        data: dict[str, Any] = {
            "game": self.name, "seed": seed, "size": size, "kind": kind,
            "payload": self.sheet_payload(seed, params, kind, options),
            "row_stack": [str(c) for c in d.row_stack],
            "column_stack": [str(c) for c in d.column_stack],
            "grid": dmap.grid_text(),
            "rooms": [[cell_name(c) for c in room] for room in dmap.rooms],
            "bonus_modifier": bonus_modifier(size),
        }
        if kind in ("stack", "record"):
            data["pass1"] = [str(c) for c in d.stacked_deck]
            data["pass1_draws"] = [str(c) for c in d.pass1_draws]
        if kind == "record":  # no par (no solver); the table's standings (--from)
            from companion.games.shuffle_and_doom.record import record_data

            data["record"] = record_data(self, seed, params, options or {})
        return data


GAME = ShuffleAndDoom()
