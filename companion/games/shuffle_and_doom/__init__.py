"""Shuffle and Doom! (Handsome Wolf Benny and Alfaric, 2023): a standard-deck grid
crawler. Rules in ``rules.py``, seeded deals in ``generation.py``, verbs in
``notation.py``, printed sheets in ``sheets.py``."""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any, ClassVar

from companion.cards import Card, format_cards, parse_card
from companion.errors import CardError
from companion.games.base import Game, Header, PackPart, Param, Result, SheetKind
from companion.games.shuffle_and_doom import notation, rules
from companion.games.shuffle_and_doom.dungeon import DungeonMap, bonus_modifier, cell_name
from companion.games.shuffle_and_doom.generation import deal, one_colour
from companion.games.shuffle_and_doom.notation import format_action
from companion.games.shuffle_and_doom.rules import Action, State


def seeded_map(seed: str, size: int) -> DungeonMap:
    """The map of a seeded deal."""
    d = deal(seed, size)
    return DungeonMap(d.row_stack, d.column_stack)


class ShuffleAndDoom(Game):
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
    )

    # -- rules ------------------------------------------------------------------
    rules: ClassVar[ModuleType] = rules
    notation: ClassVar[ModuleType] = notation

    def new_state(self, header: Header) -> State:
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
            dmap = seeded_map(header.seed, size)
            for key, given, real in (("row", row_tag, dmap.row_stack),
                                     ("column", col_tag, dmap.column_stack)):
                if given is not None and stacks[0 if key == "row" else -1] != real:
                    raise header.error(key, f"seed {header.seed} deals the {key} stack "
                                       f"{format_cards(real)}", "deal-seed")
            return rules.new_state(dmap, header.seed, header.variants)
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
        return rules.new_state(DungeonMap(row, col), None, header.variants)

    def log_lines(self, before: State, action: Action,
                  after: State) -> list[str]:
        """An ``enter`` is followed by its ``room`` line, so the log also reads as a free
        deal and a player following the seed can check each room."""
        lines = [format_action(action)]
        if isinstance(action, rules.Enter) and after.drawn is not None:
            lines.append(format_action(rules.RoomCards(after.drawn)))
        return lines

    def stage(self, state: State) -> int:
        return sum(1 for status in state.status if status == "emptied")

    def explain(self, state: State) -> list[str]:
        """The summary, the stats still owed in setup, and the room the player is in:
        each card with what it is and its value now."""
        lines = super().explain(state)
        if state.in_setup:
            lines.append("setup: " + ("choose row or column" if state.choice is None
                                      else f"{state.bonus_owed} ♦ bonus still to assign"))
        if state.room is not None:
            cards = ", ".join(f"{e.card} {e.kind} {e.value}" for e in state.room.entities)
            lines.append(f"in room {state.room.index + 1}: {cards or 'empty'}")
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
        """The QR payload of a sheet: the map's names its variants (they change the
        starting stats printed on it); every other kind adds ``kind=``. Raises
        ParameterError for an unknown variant."""
        if kind != "map":
            return self.payload(seed, params, kind=kind)
        variants = self.sheet_variants(options or {})
        if variants:
            return self.payload(seed, params, variant="+".join(variants))
        return self.payload(seed, params)

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
        if kind == "stack":
            data["pass1"] = [str(c) for c in d.stacked_deck]
            data["pass1_draws"] = [str(c) for c in d.pass1_draws]
        return data


GAME = ShuffleAndDoom()
