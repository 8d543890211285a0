"""Dungeon Solitaire: generation properties, rulings, validation of logged games.

The rulings are the same in every edition, only the numbers differ: these hand-made
cases were written for edition 1 (a draft of 7 sets) and say so in their logs
(``[Edition "1"]``), which also proves that edition 1's logs still validate."""

from collections import deque
from dataclasses import replace

import pytest

from companion.errors import IllegalAction
from companion.games import get_game
from companion.games.dungeon_solitaire import rules as R
from companion.games.dungeon_solitaire.cards import OPPOSITE, Room, Special
from companion.games.dungeon_solitaire.generation import (
    DELTA,
    cell_name,
    generate_level,
    reward_deck,
)
from companion.games.dungeon_solitaire.table import EDITIONS
from companion.replay import validate_text
from companion.simulate import play

DS = get_game("dungeon-solitaire")
E1 = EDITIONS[1]
HEAD = '[Game "dungeon-solitaire"]\n[Seed "K7Q2-9XMA"]\n[Edition "1"]\n'


def connected(board, a, b):
    seen, todo = {a}, deque([a])
    while todo:
        cur = todo.popleft()
        if cur == b:
            return True
        for side in board[cur].exits:
            nb = (cur[0] + DELTA[side][0], cur[1] + DELTA[side][1])
            if nb in board and nb not in seen and board[nb].has(OPPOSITE[side]):
                seen.add(nb)
                todo.append(nb)
    return False


# -------------------------------------------------------------------- generation
@pytest.mark.parametrize("size", [4, 5, 7])
def test_levels_keep_a_path_before_removals_and_match_exits(size):
    for i in range(40):
        for n in (1, 5, 9):
            lvl = generate_level(f"GEN{i}", n, size)
            full = lvl.full
            # step 1: exits match along every shared edge, the outer edge is closed
            for (c, r), room in full.items():
                for side in room.exits:
                    nb = (c + DELTA[side][0], r + DELTA[side][1])
                    assert nb in full and full[nb].has(OPPOSITE[side])
            # step 2: the walk went over connected cards from the stairs to the start
            assert lvl.walk[0] == lvl.stairs and lvl.walk[-1] == lvl.start
            assert connected(full, lvl.start, lvl.stairs)
            d = abs(lvl.start[0] - lvl.stairs[0]) + abs(lvl.start[1] - lvl.stairs[1])
            assert d > 2
            # start and staircase survive, hold no object
            assert lvl.start in lvl.board and lvl.stairs in lvl.board
            assert lvl.board[lvl.start].obj is None and lvl.board[lvl.stairs].obj is None
            # step 5: every other kept card is worth keeping
            for cell, room in lvl.board.items():
                if cell in (lvl.start, lvl.stairs):
                    continue
                assert len(room.exits) + (2 if room.obj in ("chest", "heart") else 0) > 2


def test_level_nine_has_the_crown_and_levels_are_seeded():
    assert generate_level("CROWN", 9).crown and not generate_level("CROWN", 8).crown
    assert generate_level("SAME", 3) == generate_level("SAME", 3)
    assert generate_level("SAME", 3).board != generate_level("OTHER", 3).board


def test_reward_deck_is_seeded_and_numbered():
    deck = reward_deck("K7Q2-9XMA")
    assert [c.id for c in deck] == [f"R{i}" for i in range(1, 61)]
    assert deck == reward_deck("K7Q2-9XMA")
    assert any(isinstance(c.card, Special) for c in deck)
    assert all(c.card.exits for c in deck if isinstance(c.card, Room))


def test_golden_level_and_deck():
    lvl = generate_level("K7Q2-9XMA", 1)
    assert (cell_name(lvl.start), cell_name(lvl.stairs)) == GOLDEN_LEVEL
    assert [c.card.describe() for c in reward_deck("K7Q2-9XMA")[:3]] == GOLDEN_DECK


GOLDEN_LEVEL = ("c5", "c1")
GOLDEN_DECK = ["heal", "leap", "exits NES"]


def test_room_rotation():
    assert Room("NE").rotated() == Room("ES")
    assert Room("W", "chest").rotated() == Room("N", "chest")


# ------------------------------------------------------------------------ rulings
def draft_line(seed="K7Q2-9XMA"):
    return "draft R1 R4 R7 R10 R13 R16 R19\n"


def test_draft_rules():
    v = validate_text(HEAD + "draft R1 R4 R7 R10 R13 R16\n")
    assert v.error.rule == "draft-count"
    v = validate_text(HEAD + "draft R1 R2 R7 R10 R13 R16 R19\n")
    assert v.error.rule == "draft-set" and v.error.column == 10
    v = validate_text(HEAD + "move N\n")
    assert v.error.rule == "draft-order"
    v = validate_text(HEAD + draft_line())
    assert v.valid and v.summary["deck"] == ["R1", "R4", "R7", "R10", "R13", "R16", "R19"]
    v = validate_text(HEAD + "draft R1 R4 R7 R10 R13 R16 R99\n")
    assert v.error.rule == "notation-id"


def test_draws_come_from_the_deck_once_a_round():
    v = validate_text(HEAD + draft_line() + "draw R1 R4 R2\n")
    assert v.error.rule == "draw-card" and "not in your deck" in v.error.message
    v = validate_text(HEAD + draft_line() + "draw R1 R4\n")
    assert v.error.rule == "draw-count"
    v = validate_text(HEAD + draft_line() + "draw R1 R1 R4\n")
    assert v.error.rule == "draw-card"


def state_after_draft():
    s = R.new_state("K7Q2-9XMA", 5, E1)
    return R.apply(s, R.Draft(("R1", "R4", "R7", "R10", "R13", "R16", "R19")))


def test_play_room_card_next_to_player_and_discard_the_rest():
    s = state_after_draft()
    rooms = [rid for rid in sorted(s.deck) if isinstance(s.card(rid), Room)]
    s = replace(s, deck=frozenset(rooms[:3]) | (s.deck - set(rooms[:3])))
    drawn = tuple(rooms[:3])
    s2 = R.apply(s, R.Draw(drawn))
    assert s2.phase == "keep" or s2.discard == set(drawn)
    if s2.phase == "keep":
        plays = [a for a in R.legal_actions(s2)]
        assert plays and all(isinstance(a, R.Play) for a in plays)
        p = plays[0]
        s3 = R.apply(s2, p)
        assert s3.tiles[p.cell].source == p.id and s3.tiles[p.cell].face_up
        assert s3.discard == set(drawn) - {p.id} and p.id in s3.gone
        far = next(c for c in [(x, y) for x in range(5) for y in range(5)]
                   if c not in s2.tiles and abs(c[0] - s2.position[0]) + abs(c[1] - s2.position[1]) > 1)
        with pytest.raises(IllegalAction):
            R.apply(s2, R.Play(p.id, cell=far))


def test_monster_heart_chest_and_health():
    s = state_after_draft()
    tiles = s.tiles
    pos = s.position
    side = "E" if pos[0] < 4 else "W"
    nb = (pos[0] + DELTA[side][0], pos[1])
    tiles[pos] = R.Tile(Room("NESW"), True)
    tiles[nb] = R.Tile(Room("NESW", "monster"), True)
    s = replace(s, board=R._pack(tiles))
    s2 = R.apply(s, R.Move(((side, 0, 0),)))
    assert s2.health == s.health - 1 and s2.tiles[nb].room.obj is None
    tiles[nb] = R.Tile(Room("NESW", "heart"), True)
    s3 = R.apply(replace(s, board=R._pack(tiles)), R.Move(((side, 0, 0),)))
    assert s3.health == s.health + 1
    full = replace(s, board=R._pack(tiles), health=5)
    s4 = R.apply(full, R.Move(((side, 0, 0),)))
    assert s4.health == 5 and s4.tiles[nb].room.obj == "heart"  # at full health it stays
    tiles[nb] = R.Tile(Room("NESW", "chest"), True)
    s5 = R.apply(replace(s, board=R._pack(tiles)), R.Move(((side, 0, 0),)))
    assert s5.phase == "chest" and s5.offered == ("R22", "R23", "R24")
    s6 = R.apply(s5, R.Chest("R23"))
    assert "R23" in s6.deck and s6.next_reward == 24
    with pytest.raises(IllegalAction):
        R.apply(s5, R.Move(((OPPOSITE[side], 0, 0),)))
    low = replace(s, board=R._pack({**tiles, nb: R.Tile(Room("NESW", "monster"), True)}),
                  health=1)
    assert R.apply(low, R.Move(((side, 0, 0),))).outcome == "lost"


def test_stairs_end_the_round_and_discards_return():
    s = state_after_draft()
    tiles = s.tiles
    pos = s.position
    side = "E" if pos[0] < 4 else "W"
    nb = (pos[0] + DELTA[side][0], pos[1])
    tiles[pos] = R.Tile(Room("NESW"), True)
    tiles[nb] = R.Tile(Room("NESW"), True)
    s = replace(s, board=R._pack(tiles), stairs=nb, discard=frozenset({"R4"}),
                deck=s.deck - {"R4"})
    s2 = R.apply(s, R.Move(((side, 0, 0),)))
    assert s2.level == 2 and s2.levels_cleared == 1 and "R4" in s2.deck and not s2.discard
    assert s2.position == generate_level("K7Q2-9XMA", 2).start
    last = replace(s, level=9)
    won = R.apply(last, R.Move(((side, 0, 0),)))
    assert won.outcome == "won" and won.score() == 10 * 1 + len(won.deck) + len(won.discard) + 5 * won.health


def test_moves_need_facing_exits():
    s = state_after_draft()
    tiles = s.tiles
    pos = s.position
    side = "E" if pos[0] < 4 else "W"
    nb = (pos[0] + DELTA[side][0], pos[1])
    tiles[pos] = R.Tile(Room("NS"), True)
    tiles[nb] = R.Tile(Room("NESW"), True)
    s = replace(s, board=R._pack(tiles))
    with pytest.raises(IllegalAction, match="do not face"):
        R.apply(s, R.Move(((side, 0, 0),)))


def test_specials():
    s = state_after_draft()
    tiles = s.tiles
    pos = s.position
    side = "E" if pos[0] < 4 else "W"
    nb = (pos[0] + DELTA[side][0], pos[1])
    tiles[pos] = R.Tile(Room("N"), True)
    tiles[nb] = R.Tile(Room("S", "monster"), True)
    base = replace(s, board=R._pack(tiles), phase="keep", offered=("R2",))
    import companion.games.dungeon_solitaire.rules as mod

    def with_card(kind):
        real = mod.State.card
        mod.State.card = lambda self, rid: Special(kind) if rid == "R2" else real(self, rid)
        return real

    real = with_card("slay")
    try:
        after = R.apply(base, R.Play("R2", cell=nb))
        assert after.tiles[nb].room.obj is None and after.health == base.health
        with_card("turn")
        after = R.apply(base, R.Play("R2", cell=nb))
        assert after.tiles[nb].room.exits == "W"
        with_card("leap")
        after = R.apply(base, R.Play("R2", direction=side))
        assert after.position == nb and after.health == base.health - 1
        with_card("heal")
        after = R.apply(replace(base, health=5), R.Play("R2"))
        assert after.health == 5
    finally:
        mod.State.card = real


def test_loss_when_deck_empty_and_no_path():
    s = state_after_draft()
    tiles = s.tiles
    tiles[s.position] = R.Tile(Room("N" if s.position[1] > 0 else "S"), True)
    stuck = replace(s, board=R._pack(tiles), deck=frozenset({"R1"}))
    assert not R.path_to_stairs(stuck)
    v = R.apply(stuck, R.LevelCheck(1))
    assert v.outcome is None
    empty = replace(stuck, deck=frozenset())
    assert R.apply(empty, R.LevelCheck(1)).outcome == "lost"


# --------------------------------------------------------------------- logs
@pytest.mark.parametrize("i", range(16))
def test_simulated_games_round_trip(i):
    played = play(DS, f"DS{i}", {"size": 4 + i % 4}, "greedy" if i % 2 else "random",
                  max_actions=400)
    result = DS.result(played.final)
    v = validate_text(played.log_text())
    assert v.valid, v.error
    assert (v.outcome, v.score) == (result.outcome, result.score)


def test_level_checkpoint_and_positions():
    v = validate_text(HEAD + draft_line() + "level 2\n")
    assert v.error.rule == "level-checkpoint"
    v = validate_text(HEAD + draft_line() + "level 1\nmove X\n")
    assert v.error.rule == "notation-step" and v.error.column == 6
    # the steps are walked in order: N (no card north of the start) is the first fault
    v = validate_text(HEAD + draft_line() + "level 1\nmove NX\n")
    assert v.error.rule == "move-no-card" and v.error.column == 6
    # 'level 1' above the draft is a checkpoint too; any other level is not
    v = validate_text(HEAD + "level 1\n" + draft_line())
    assert v.valid, v.error
    v = validate_text(HEAD + "level 2\n" + draft_line())
    assert v.error.rule == "draft-order"


def test_the_draft_may_list_its_seven_cards_in_any_order():
    v = validate_text(HEAD + "draft R21 R1 R4 R7 R10 R13 R16\n")
    assert v.valid, v.error
    v = validate_text(HEAD + "draft R1 R4 R7 R10 R13 R16 R2\n")
    assert v.error.rule == "draft-set" and "set 1" in v.error.message
    assert v.error.column == len("draft R1 R4 R7 R10 R13 R16 ") + 1
    v = validate_text(HEAD + "draft R1 R4 R7 R10 R13 R16 R22\n")
    assert v.error.rule == "draft-set"


# ------------------------------------------------ audit: scores after a loss, positions
def test_a_lost_game_keeps_only_its_levels_cleared_points():
    by_health = ('[Game "dungeon-solitaire"]\n[Seed "HL-452"]\n[Edition "1"]\n[Claim "0"]\n'
                 "draft R1 R4 R7 R10 R13 R16 R19\nmove W N SESE\n")
    v = validate_text(by_health)
    assert v.valid and v.outcome == "lost" and v.score == 0 and v.claim_matches, v.error
    no_cards = ('[Game "dungeon-solitaire"]\n[Seed "AUDIT-1"]\n[Edition "1"]\n[Claim "0"]\n'
                "draft R3 R4 R8 R12 R13 R17 R21\ndraw R3 R13 R17\nplay R13 on c4\n"
                "draw R4 R8 R12\nplay R4\ndraw R21\n")
    v = validate_text(no_cards)
    assert v.valid and v.outcome == "lost" and v.score == 0 and v.claim_matches, v.error


@pytest.mark.parametrize("line,column,rule", [
    ("play R3 at d1", 12, "play-target"),
    ("play R3 d1", 9, "play-target"),
    ("play R17 on N", 13, "play-target"),
    ("play R3 at c1 d1 e1", 15, "notation-arguments"),
    ("play R3 c1 d1", 12, "notation-arguments"),
])
def test_a_play_error_points_at_the_target(line, column, rule):
    v = validate_text('[Game "dungeon-solitaire"]\n[Seed "AUDIT-1"]\n[Edition "1"]\n'
                      f"draft R3 R4 R8 R12 R13 R17 R21\ndraw R3 R13 R17\n{line}\n")
    assert not v.valid
    assert (v.error.line, v.error.column, v.error.rule) == (6, column, rule), v.error
