"""Focused rules tests that kill mutants of the rules modules (issue 26).

``benchmarks/mutation.py`` mutates each game's rules modules and runs its fast tests;
the mutants that survived the refusal tables and playthroughs and were not equivalent
(``benchmarks/mutation_equivalent.json``) led to the tests here. Each test's name
carries its game's package name, so the benchmark's ``-k`` selection picks it up.
"""

from __future__ import annotations

import importlib
import itertools
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import companion.replay as replay
from companion.cards import parse_card as card
from companion.chance import Outcomes
from companion.errors import IllegalAction
from companion.frozen import evolve
from companion.games import get_game
from companion.games.dungeon_solitaire.generation import reward_deck as ds_reward_deck
from companion.games.dungeon_upkeeper import rules as du
from companion.games.dungeon_upkeeper.floor import STEPS
from companion.games.scoundrel import rules as sc
from companion.games.shuffle_and_doom import rules as sd
from companion.log import ActionLine
from companion.simulate import play

sys.path.insert(0, str(Path(__file__).parent))  # refusal_cases/


def _du_next_to_exit(seed: str = "A", floors: int = 2) -> tuple[du.State, du.Path]:
    """Seed ``seed``'s first floor, the run standing next to the exit, and the one-step
    path onto it."""
    s = du.new_state(seed, floors)
    floor = s.map
    ex = floor.exit
    for d, (dc, dr) in STEPS.items():
        before = (ex[0] - dc, ex[1] - dr)
        if floor.squares.get(before, "#") in ".S":
            return evolve(s, position=before), du.Path((du.Step(d),))
    raise AssertionError("the exit has no open neighbour")


def test_dungeon_upkeeper_perfect_needs_every_trap_and_every_chest() -> None:
    s, onto_exit = _du_next_to_exit()
    floor = s.map
    assert floor.traps and floor.chests
    every_trap = frozenset(floor.traps)
    every_chest = frozenset(floor.chests)
    cases = [(every_trap, frozenset(), False), (frozenset(), every_chest, False),
             (every_trap, every_chest, True)]
    for traps, chests, perfect in cases:
        after = du.apply(evolve(s, reset=traps, refilled=chests), onto_exit)
        assert after.records[-1].perfect is perfect, (len(traps), len(chests))


def test_dungeon_upkeeper_one_move_left_after_a_floor_goes_on() -> None:
    s, onto_exit = _du_next_to_exit()
    # nothing reset or refilled: the floor gives no move back
    after = du.apply(evolve(s, moves=2), onto_exit)
    assert (after.floor, after.moves, after.outcome) == (2, 1, None)
    after = du.apply(evolve(s, moves=1), onto_exit)
    assert (after.floor, after.moves, after.outcome) == (2, 0, "lost")
    assert after.lost_because == "out of moves on B2"


def test_dungeon_upkeeper_a_finished_run_refuses_and_offers_nothing() -> None:
    s, onto_exit = _du_next_to_exit(floors=1)
    won = du.apply(s, onto_exit)
    assert won.outcome == "won"
    assert du.legal_actions(won) == []
    # the replay refuses an action after the end by itself: the rules refuse it too
    with pytest.raises(IllegalAction) as caught:
        du.apply(won, du.FloorCheck(won.floor))
    assert caught.value.rule == "game-over"


def test_dungeon_upkeeper_a_wrong_checkpoint_names_its_number() -> None:
    with pytest.raises(IllegalAction) as caught:
        du.apply(du.new_state("A", 2), du.FloorCheck(2))
    assert (caught.value.rule, caught.value.arg) == ("floor-checkpoint", 0)


def test_scoundrel_a_weapon_stronger_than_the_monster_takes_no_health() -> None:
    s = sc.new_state("A", frozenset())  # the room 5♥ 6♣ Q♣ 10♦, then 8♠ 4♠ 9♣ ...
    for action in (sc.Fight(card("6♣")), sc.Equip(card("10♦")), sc.Slay(card("Q♣"))):
        s = sc.apply(s, action)
    assert s.health == 20 - 6 - (12 - 10)
    # 8♠ under the Q♣ already slain: the 10♦ takes it all, no health lost or gained
    assert sc.apply(s, sc.Slay(card("8♠"))).health == 12


Caught = tuple[str, str, "IllegalAction | None", "ActionLine | None"]


def _refusals(game: str) -> Iterator[Caught]:
    """Each refusal case of ``game`` (a package name): its rule id, the message
    ``companion validate`` gives, and the engine's own error with the line it concerns
    as the replay caught them before placing the error (None, None: the error is the
    log's or the header's, not an action's)."""
    cases = importlib.import_module(f"refusal_cases.{game}").CASES
    caught: list[tuple[IllegalAction, ActionLine]] = []
    original = replay.action_error

    def spy(exc: IllegalAction, line: ActionLine, *args: Any, **kw: Any) -> Any:
        caught.append((exc, line))
        return original(exc, line, *args, **kw)

    replay.action_error = spy
    try:
        for rule, text, _line, _column in cases:
            caught.clear()
            error = replay.validate_text(text, "refusal.log").error
            assert error is not None, text
            first = caught[0] if caught else (None, None)  # (hints come after it)
            yield rule, error.message, *first
    finally:
        replay.action_error = original


@pytest.mark.parametrize("game", ["shuffle_and_doom", "clear_the_dungeon",
                                  "dungeon_upkeeper", "dungeon_solitaire", "scoundrel"])
def test_refusals_name_an_argument_the_line_has(game: str) -> None:
    """An engine's error names the argument at fault by its index (none: the verb; one
    past the last: the argument missing). The replay places a negative index or one
    further out on the last argument, so the tables' columns alone cannot tell such a
    wrong index from the right one."""
    seen = 0
    for rule, _message, exc, line in _refusals(game):
        if exc is None or line is None:
            continue
        seen += 1
        if exc.arg is not None and getattr(exc, "step", None) is None:
            assert 0 <= exc.arg <= len(line.args), (rule, exc.arg, line)
    assert seen


def test_clear_the_dungeon_a_free_draw_lists_each_outcome_as_made() -> None:
    """A free deal's draw: each block's fast iteration gives the outcomes its ``make``
    gives, in the same order (a solver iterates, a sampler makes one)."""
    g = get_game("clear-the-dungeon")
    s = g.initial_state(None)
    s = g.apply(s, g.chance_outcomes(s)[0][0])  # the four monsters
    outcomes = g.chance_outcomes(s)
    assert isinstance(outcomes, Outcomes)
    assert len(outcomes.blocks) == 3  # no joker, one, both
    for block in outcomes.blocks:
        assert block.each is not None
        assert list(block.each()) == [block.make(i) for i in range(block.count)]


def test_dungeon_solitaire_a_card_id_past_the_deck_is_refused() -> None:
    s = get_game("dungeon-solitaire").initial_state("A")
    assert s.card("R60") == ds_reward_deck(s.seed, s.rules)[-1].card
    with pytest.raises(IndexError):
        s.card("R61")


@pytest.mark.xfail(strict=True, reason="State.card('R0') gives the last card (index -1) "
                   "where its docstring promises IndexError; logs never reach it (the "
                   "notation refuses R0 with notation-id)")
def test_dungeon_solitaire_card_r0_is_refused() -> None:
    s = get_game("dungeon-solitaire").initial_state("A")
    with pytest.raises((IndexError, ValueError)):
        s.card("R0")


def test_dungeon_solitaire_first_and_last_cards_of_each_set_draft() -> None:
    r = get_game("dungeon-solitaire").initial_state("A").rules
    size, sets = r.set_size, r.draft_sets
    for pick in (1, size):
        ids = " ".join(f"R{k * size + pick}" for k in range(sets))
        verdict = replay.validate_text(f'[Game "dungeon-solitaire"]\n[Seed "A"]\n'
                                       f"draft {ids}\n")
        assert verdict.valid, (ids, verdict.error)


def _ds_reading(item: tuple[tuple[int, int], Any]) -> tuple[int, int]:
    return item[0][1], item[0][0]


def test_dungeon_solitaire_a_played_card_takes_its_place_in_reading_order() -> None:
    game = get_game("dungeon-solitaire")
    placed = 0
    for seed in ("A", "B", "C", "D"):
        log = play(game, seed, {}, "random").log_text()
        states = replay.replay_text(log).states
        for before, after in itertools.pairwise(states):
            if len(after.board) > len(before.board):
                placed += 1
            assert list(after.board) == sorted(after.board, key=_ds_reading), seed
    assert placed


def test_dungeon_solitaire_a_wrong_level_checkpoint_names_its_number() -> None:
    game = get_game("dungeon-solitaire")
    s = replay.replay_text('[Game "dungeon-solitaire"]\n[Seed "A"]\n'
                           "draft R3 R5 R7 R10 R13 R16 R19 R22 R27\n").final
    with pytest.raises(IllegalAction) as caught:
        game.apply(s, game.parse(s, "level 2"))
    assert (caught.value.rule, caught.value.arg) == ("level-checkpoint", 0)


GAMES = ("shuffle_and_doom", "clear_the_dungeon", "dungeon_upkeeper", "dungeon_solitaire",
         "scoundrel")
MESSAGES = Path(__file__).parent / "golden" / "refusal_messages.json"
"""For every refusal case, by game in the order of its ``CASES``: the message, and the
argument and step the engine's error names (null: none, or not an action's error).
Rewrite it after a deliberate change: ``python tests/test_rules_mutants.py``."""


def pinned_of(game: str) -> list[list[Any]]:
    """What :data:`MESSAGES` pins for ``game``: ``[message, arg, step]`` per case."""
    return [[message, getattr(exc, "arg", None), getattr(exc, "step", None)]
            for _rule, message, exc, _line in _refusals(game)]


@pytest.mark.parametrize("game", GAMES)
def test_refusal_messages_are_pinned(game: str) -> None:
    """The tables pin each refusal's rule id and place; its words and the argument or
    step the engine names are pinned here (a refusal is read by a player: a wrong set,
    count or card in it misleads; a wrong argument index may land on the same column)."""
    pinned = json.loads(MESSAGES.read_text(encoding="utf-8"))[game]
    assert pinned_of(game) == pinned, ("a refusal changed: if that is meant, run "
                                       "python tests/test_rules_mutants.py")


if __name__ == "__main__":
    MESSAGES.write_text(json.dumps({g: pinned_of(g) for g in GAMES}, ensure_ascii=False)
                        .replace("], [", "],\n  [") + "\n", encoding="utf-8")


def test_shuffle_and_doom_exit_is_listed_where_it_is_allowed() -> None:
    game = get_game("shuffle-and-doom")
    listed = 0
    for seed in ("A", "B", "C", "D", "E", "F"):
        for state in replay.replay_text(play(game, seed, {}, "greedy").log_text()).states:
            if state.outcome is not None:
                continue
            offered = sd.Exit() in sd.legal_actions(state)
            try:
                sd.apply(state, sd.Exit())
                allowed = True
            except IllegalAction:
                allowed = False
            assert offered == allowed, (seed, state.position)
            listed += offered
    assert listed


def test_shuffle_and_doom_chance_comes_only_with_a_free_room_entered() -> None:
    from refusal_cases.shuffle_and_doom import free_d

    states = replay.replay_text(free_d("choose row", "enter a1")).states
    assert [sd.chance_outcomes(s) == [] for s in states] == [True, True, False]
    over = evolve(states[1], outcome="died")
    assert sd.chance_outcomes(evolve(states[2], outcome="died")) == []
    assert sd.chance_outcomes(over) == []


def test_shuffle_and_doom_enter_is_allowed_exactly_where_it_is_listed() -> None:
    # every cell of an unexplored room, from every state of six played games: the
    # engine's own reach check (a fast path on open floor, a general walk elsewhere)
    # agrees with legal_actions' list, built from the map's areas on its own
    game = get_game("shuffle-and-doom")
    checked = 0
    for seed in ("A", "B", "C", "D", "E", "F"):
        for state in replay.replay_text(play(game, seed, {}, "greedy").log_text()).states:
            if state.outcome is not None or state.choice is None or state.bonus_owed:
                continue
            offered = {a.cell for a in sd.legal_actions(state) if isinstance(a, sd.Enter)}
            rooms = state.dmap.rooms
            for index, status in enumerate(state.status):
                if status != "unexplored":
                    continue
                for cell in rooms[index]:
                    try:
                        sd.apply(state, sd.Enter(cell))
                        allowed = True
                    except IllegalAction:
                        allowed = False
                    assert (cell in offered) == allowed, (seed, state.position, cell)
                    checked += allowed
    assert checked
