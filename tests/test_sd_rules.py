"""Shuffle and Doom rulings, case by case (docs/rules/shuffle-and-doom.md)."""

from dataclasses import replace
from pathlib import Path

import pytest

from companion.cards import parse_card, standard_deck
from companion.errors import IllegalAction
from companion.games.shuffle_and_doom import GAME, seeded_map
from companion.games.shuffle_and_doom import rules as R
from companion.games.shuffle_and_doom.dungeon import DungeonMap, bonus_modifier
from companion.games.shuffle_and_doom.generation import deal, pass_order
from companion.games.shuffle_and_doom.notation import format_action
from companion.replay import validate_text

# A 4x4 free deal: rows 2 and 4 are filled (two rooms of 4), rows 1 and 3 are 0.
HEAD4 = '[Game "shuffle-and-doom"]\n[Size "4"]\n[Row "Q♦ A♥ K♥ 10♥"]\n[Column "2♥ Q♠ K♦ 7♠"]\n'
SETUP4 = "choose column\nbonus intelligence\n"  # health 14, attack 17, intelligence 4


def run(body: str, head: str = HEAD4):
    return validate_text(head + body, "t.log")


def ok(body: str, head: str = HEAD4):
    v = run(body, head)
    assert v.valid, v.error
    return v


def bad(body: str, line: int, rule: str | None = None, match: str | None = None,
        head: str = HEAD4):
    v = run(body, head)
    assert not v.valid, "expected an invalid log"
    assert v.error.line == line + head.count("\n"), v.error
    if rule:
        assert v.error.rule == rule, v.error
    if match:
        assert match in v.error.message, v.error.message
    return v


def c(text: str):
    return parse_card(text)


# ------------------------------------------------------------------------ map, setup
def test_map_cells_and_rooms():
    m = DungeonMap(tuple(map(c, ["Q♦", "A♥", "K♥", "10♥"])), tuple(map(c, ["2♥", "Q♠", "K♦", "7♠"])))
    assert m.grid_text() == ["0000", "XXXX", "0000", "XXXX"]
    assert len(m.rooms) == 2 and m.rooms[0] == ((0, 1), (1, 1), (2, 1), (3, 1))


def test_seed_article_figure3_map():
    row = tuple(map(c, ["2♣", "2♦", "2♥", "3♥", "2♠", "3♣", "3♦"]))
    col = tuple(map(c, ["4♠", "5♠", "4♣", "4♥", "4♦", "5♥", "5♣"]))
    m = DungeonMap(row, col)
    assert m.grid_text()[0] == "0XXX00X" and m.grid_text()[3] == "X000XX0"


@pytest.mark.parametrize("size,b", [(4, 7), (5, 6), (6, 6), (7, 5), (8, 5), (9, 4), (10, 4),
                                    (11, 3), (12, 3), (13, 2), (14, 2), (15, 1), (26, 1)])
def test_bonus_modifier_table(size, b):
    assert bonus_modifier(size) == b


def test_stats_from_chosen_stack():
    v = ok(SETUP4)
    s = v.summary
    assert (s["health"], s["attack"], s["intelligence"]) == (14, 17, 4)
    v = ok("choose row\nbonus attack\n")  # Q♦ A♥ K♥ 10♥: 3 hearts, 1 diamond
    assert (v.summary["health"], v.summary["attack"]) == (7 + 21, 4)


def test_setup_order_errors():
    bad("enter a2\n", 1, "setup-order", "choose")
    bad("choose column\nenter a2\n", 2, "setup-order", "1 ♦ bonus is still owed")
    bad("choose column\nbonus attack health\n", 2, "bonus-count", "only 1 ♦ bonus left")
    bad("bonus health\n", 1, "setup-order")
    bad("choose column\nchoose row\n", 2, "setup-order")
    bad("choose diagonal\n", 1, "notation-arguments")
    bad("choose column\nbonus luck\n", 2, "notation-arguments")


def test_easy_stats_variant():
    v = ok("choose column\nbonus health\n", HEAD4 + '[Variant "easy-stats"]\n')
    assert (v.summary["health"], v.summary["attack"], v.summary["intelligence"]) == (15, 21, 7)


# ----------------------------------------------------------------------- fighting
def test_hit_defeats_or_damages_and_survivors_attack():
    # attack 17: K♠ (13) dies at once; in a second game with a weak attack, damage persists.
    v = ok(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♦\nhit K♠\n")
    assert v.summary["health"] == 14
    head = '[Game "shuffle-and-doom"]\n[Size "4"]\n[Row "Q♦ A♥ K♥ 10♥"]\n[Column "2♥ 2♦ K♦ 7♠"]\n'
    # column 2♥ 2♦ K♦ 7♠: only row 4 is filled. Stats: health 14, attack 3+7=10, int 3+2.
    v = ok("choose column\nbonus intelligence intelligence\nenter a4\nroom K♠ Q♠ 8♥ 3♥\n"
           "hit K♠\n", head)
    # K♠ 13 - 10 = 3 left; both enemies attack: 3 + 12 = 15 > 14 health -> dead
    assert v.outcome == "died" and v.score == 0 and v.summary["health"] == -1


def test_health_zero_is_alive_and_below_is_death():
    head = '[Game "shuffle-and-doom"]\n[Size "4"]\n[Row "Q♦ A♥ K♥ 10♥"]\n[Column "2♥ 2♦ K♦ 7♠"]\n'
    v = ok("choose column\nbonus intelligence intelligence\nenter a4\nroom 2♠ A♠ 8♥ 3♥\n"
           "hit 2♠\n", head)  # attack 10 kills 2♠; A♠ (14) attacks: 14 - 14 = 0
    assert v.outcome == "unfinished" and v.summary["health"] == 0
    bad("choose column\nbonus intelligence intelligence\nenter a4\nroom 2♠ A♠ 8♥ 3♥\n"
        "hit 2♠\nhit A♠\ndrink 8♥\n", 7, "game-over", head=head)


def test_hit_errors():
    bad(SETUP4 + "hit K♠\n", 3, "no-room")
    bad(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♦\nhit Q♠\n", 5, "hit-target", "K♠")
    v = bad(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♦\nhit 6♦\n", 5, "hit-target")
    assert v.error.column == 5  # points at the card


def test_no_leaving_while_enemies_remain():
    bad(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♦\nenter a4\n", 5, "no-retreat")
    bad(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♦\nretreat a1\n", 5, "no-retreat")
    bad(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♦\nexit\n", 5, "no-retreat")


# ------------------------------------------------------------------- traps, books
def test_clubs_are_books_without_hearts_or_diamonds():
    v = ok(SETUP4 + "enter a2\nroom 5♣ 9♣ K♠ 2♠\nhit K♠\nhit 2♠\nloot\nread 9♣\n")
    assert v.summary["intelligence"] == 4 + 9
    assert v.summary["inventory"] == ["5♣=5"]


def test_disarm_rules():
    bad(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♦\ndisarm 5♣\n", 5, "disarm-order")
    v = bad(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♦\nhit K♠\ndisarm 5♣\n", 6,
            "disarm-intelligence")
    assert v.error.message == "cannot disarm 5♣: intelligence 4 < 5"
    v = ok(SETUP4 + "enter a2\nroom 4♣ 6♦ K♠ 5♦\nhit K♠\ndisarm 4♣\nloot\n")
    assert v.summary["gold"] == 11 and v.summary["rooms_emptied"] == 1
    bad(SETUP4 + "enter a2\nroom 4♣ 6♦ K♠ 5♦\nhit K♠\ndisarm 6♦\n", 6, "disarm-target")


def test_take_fires_traps_and_destroys_other_items():
    v = ok(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♦\nhit K♠\ntake 6♦\n")
    assert v.summary["health"] == 14 - 5
    assert v.summary["inventory"] == ["6♦=6"]
    assert v.summary["rooms_emptied"] == 1  # nothing left: emptied at once


def test_take_and_loot_errors():
    bad(SETUP4 + "enter a2\nroom 4♣ 6♦ K♠ 5♦\nhit K♠\ndisarm 4♣\ntake 6♦\n", 7,
        "take-no-trap")
    bad(SETUP4 + "enter a2\nroom 4♣ 6♦ K♠ 5♦\nhit K♠\nloot\n", 6, "loot-traps")
    bad(SETUP4 + "enter a2\nroom 4♣ 6♦ K♠ 5♦\nloot\n", 5, "loot-enemies")
    bad(SETUP4 + "enter a2\nroom 2♠ 3♠ 4♠ 6♣\nhit 4♠\nhit 3♠\nhit 2♠\nloot\nloot\n", 9,
        "no-room")
    bad(SETUP4 + "loot\n", 3, "no-room")
    bad(SETUP4 + "enter a2\nroom 2♠ 3♠ 4♠ 5♥\nhit 4♠\nhit 3♠\nhit 2♠\ntake 5♥\n", 8,
        "take-no-trap")


def test_leaving_a_resolved_room_loots_it():
    v = ok(SETUP4 + "enter a2\nroom 4♣ 6♦ K♠ 5♦\nhit K♠\ndisarm 4♣\nenter a4\n"
           "room 2♠ 3♠ 4♠ 5♠\n")
    assert v.summary["gold"] == 11
    bad(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♦\nhit K♠\nenter a4\n", 6, "armed-traps")


def test_retreat():
    v = ok(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♦\nhit K♠\nretreat c3\n")
    assert v.summary["health"] == 14 and v.summary["gold"] == 0
    assert v.summary["rooms_emptied"] == 1 and v.summary["position"] == "c3"
    bad(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♦\nhit K♠\nretreat a4\n", 6, "retreat-target")
    bad(SETUP4 + "enter a2\nroom 4♣ 6♦ K♠ 5♦\nhit K♠\ndisarm 4♣\nretreat a1\n", 7,
        "retreat-no-trap")


def test_retreat_cell_must_be_next_to_the_room():
    bad(SETUP4 + "enter a2\nroom 2♠ 3♠ 4♠ 6♣\nhit 4♠\nhit 3♠\nhit 2♠\nenter a4\n"
        "room 5♣ 6♦ 8♠ 5♦\nhit 8♠\nretreat a1\n", 11, "retreat-target", "not next")
    v = ok(SETUP4 + "enter a2\nroom 2♠ 3♠ 4♠ 6♣\nhit 4♠\nhit 3♠\nhit 2♠\nenter a4\n"
           "room 5♣ 6♦ 8♠ 5♦\nhit 8♠\nretreat d3\n")
    assert v.outcome == "cleared" and v.score == 0  # the retreat emptied the last room


# ----------------------------------------------------------------- advanced technique
def test_advanced_technique_stuns_and_damages_enemies():
    # room: 3♣ trap, 5♦, Q♠ (12), 2♠ (2). Take 5♦: traps fire for 3: health 14 -> 11,
    # Q♠ 12 -> 9, 2♠ -> dead. Q♠ is stunned: the hit that follows gets no counter-attack.
    head = '[Game "shuffle-and-doom"]\n[Size "4"]\n[Row "Q♦ A♥ K♥ 10♥"]\n[Column "2♥ 2♦ K♦ 7♠"]\n'
    setup = "choose column\nbonus health health\n"  # health 16, attack 10, int 3
    v = ok(setup + "enter a4\nroom 3♣ 5♦ Q♠ 2♠\ntake 5♦\n", head)
    assert v.summary["health"] == 13
    v = ok(setup + "enter a4\nroom 3♣ 5♦ Q♠ 2♠\ntake 5♦\nhit Q♠\n", head)
    assert v.summary["health"] == 13  # 9 - 10 < 0: dead, and the stun spared nothing anyway
    v = ok(setup + "enter a4\nroom 3♣ 5♦ K♠ A♠\ntake 5♦\nhit K♠\n", head)
    # K♠ 13-3=10 dies to attack 10; A♠ 14-3=11 stunned: no attack after this hit
    assert v.summary["health"] == 13
    v = ok(setup + "enter a4\nroom 3♣ 5♦ K♠ A♠\ntake 5♦\nhit K♠\nhit A♠\n", head)
    # A♠ 11 - 10 = 1 left, stun is over: it attacks for 1
    assert v.summary["health"] == 12
    # drinking first is fine; after a hit the technique is gone
    ok(setup + "enter a4\nroom 3♣ 5♦ K♠ A♠\ntake 5♦\n", head)
    bad(setup + "enter a4\nroom 3♣ 5♦ K♠ 2♠\nhit 2♠\ntake 5♦\n", 6, "take-enemies", head=head)
    bad(setup + "enter a4\nroom 3♥ 5♦ K♠ 2♠\ntake 5♦\n", 5, "take-enemies", head=head)


# ---------------------------------------------------------------- movement, ending
def test_enter_reachability_and_targets():
    bad(SETUP4 + "enter a4\n", 3, "enter-reach")  # row 3 is 0 but row 2 blocks the way
    bad(SETUP4 + "enter a1\n", 3, "enter-target")
    bad(SETUP4 + "enter e1\n", 3, "notation-cell", "off the 4×4 grid")
    bad(SETUP4 + "enter a2\nroom 2♠ 3♠ 4♠ 6♣\nhit 4♠\nhit 3♠\nhit 2♠\nloot\nenter b2\n", 9,
        "enter-target", "emptied")


def test_exit_scores_gold_cleared_scores_double():
    v = ok(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♦\nhit K♠\ntake 6♦\nexit\n"
           .replace("exit", "enter a4\nroom 2♠ 3♠ 4♠ 6♣\nhit 4♠\nhit 3♠\nhit 2♠\nloot"))
    assert v.outcome == "cleared" and v.score == 12
    bad(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♦\nhit K♠\ntake 6♦\nexit\n", 7, "exit-reach",
        "unexplored room")
    head = '[Game "shuffle-and-doom"]\n[Size "4"]\n[Row "Q♦ A♥ K♥ 10♠"]\n[Column "2♥ Q♥ K♦ 7♠"]\n'
    # rooms d1-d3 and a4-c4; d4 is a 0 cell reached through d1-d3 once it is emptied
    v = ok("choose column\nbonus attack\nenter d1\nroom 5♣ 6♦ K♠\nhit K♠\nhit K♠\n"
           "take 6♦\nexit\n", head)
    assert v.outcome == "exited" and v.score == 6 and v.summary["health"] == 21 - 2 - 5
    assert v.summary["position"] == "d4"


def test_exit_from_last_room_loots_and_clears():
    v = ok(SETUP4 + "enter a2\nroom 2♠ 3♠ 4♠ 6♣\nhit 4♠\nhit 3♠\nhit 2♠\n"
           "enter a4\nroom 8♠ 9♦ 4♥ 5♥\nhit 8♠\nexit\n")
    assert v.outcome == "cleared" and v.score == 18


def test_game_over_refuses_further_actions():
    bad(SETUP4 + "enter a2\nroom 2♠ 3♠ 4♠ 6♣\nhit 4♠\nhit 3♠\nhit 2♠\n"
        "enter a4\nroom 8♠ 9♦ 4♥ 5♥\nhit 8♠\nloot\ndrink 4♥\n", 12, "game-over")


def test_claims():
    v = run(SETUP4, HEAD4 + '[Claim "0"]\n')
    assert v.valid and v.claim_matches and v.exit_code == 0
    v = run(SETUP4, HEAD4 + '[Claim "5"]\n')
    assert v.valid and v.claim_matches is False and v.exit_code == 1
    v = run(SETUP4, HEAD4 + '[Claim "lots"]\n')
    assert not v.valid and v.error.rule == "claim"


# -------------------------------------------------------------------- free deals
def test_free_deal_room_checks():
    bad(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠\n", 4, "room-size")
    bad(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♦ 2♦\n", 4, "room-size")
    v = bad(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♣\n", 4, "deal-duplicate")
    assert v.error.column == 15
    bad(SETUP4 + "enter a2\nroom 5♣ 6♦ Q♠ 5♦\n", 4, "deal-map-cards-last", "map card")
    bad(SETUP4 + "enter a2\nhit K♠\n", 4, "room-order")
    bad(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ 5♦\nhit K♠\ntake 6♦\nenter a4\nroom 5♣ 2♠ 3♠ 4♠\n",
        8, "deal-duplicate", "already drawn")
    bad(SETUP4 + "room 5♣\n", 3, "room-order")
    bad(SETUP4 + "enter a2\nroom 5♣ 6♦ K♠ ZZ\n", 4, "notation-card")


def test_free_deal_header_checks():
    v = run("", '[Game "shuffle-and-doom"]\n[Size "4"]\n[Row "Q♦ A♥ K♥"]\n[Column "2♥ Q♠ K♦ 7♠"]\n')
    assert v.error.rule == "deal-stack-size" and v.error.line == 3
    v = run("", '[Game "shuffle-and-doom"]\n[Size "4"]\n[Row "Q♦ A♥ K♥ 2♥"]\n[Column "2♥ Q♠ K♦ 7♠"]\n')
    assert v.error.rule == "deal-duplicate" and v.error.line == 4
    v = run("", '[Game "shuffle-and-doom"]\n[Size "4"]\n[Row "Q♦ A♥ K♥ 3♥"]\n[Column "2♥ 4♥ K♦ 7♥"]\n')
    assert v.error.rule == "deal-all-empty"
    v = run("", '[Game "shuffle-and-doom"]\n[Size "4"]\n[Row "Q♦ A♥ K♥ 3♥"]\n')
    assert v.error.rule == "deal-free"
    v = run("", '[Game "shuffle-and-doom"]\n[Size "40"]\n')
    assert v.error.rule == "parameter" and "4 to 26" in v.error.message
    v = run("", '[Game "shuffle-and-doom"]\n[Variant "hard"]\n')
    assert v.error.rule == "variant"


def test_unknown_verb_and_arity():
    v = bad(SETUP4 + "dance a2\n", 3, "notation-verb", "unknown verb")
    assert v.error.column == 1
    bad(SETUP4 + "enter\n", 3, "notation-arguments")
    v = bad(SETUP4 + "loot now\n", 3, "notation-arguments")
    assert v.error.column == 6


# ---------------------------------------------------------------- seeded deals
def test_seeded_deal_draws_from_the_seed():
    seed = "K7Q2-9XMA"
    d = deal(seed, 7)
    assert len(set(d.stacked_deck)) == 52
    assert d.pass1_draws[-14:] == d.row_stack + d.column_stack
    s = R.new_state(seeded_map(seed, 7), seed, frozenset())
    assert s.deck == d.pass1_draws


def _seeded_head(seed: str, size: int) -> str:
    return f'[Game "shuffle-and-doom"]\n[Seed "{seed}"]\n[Size "{size}"]\n'


def _first_room(seed: str, size: int):
    dmap = seeded_map(seed, size)
    s = R.new_state(dmap, seed, frozenset())
    s = R.apply(s, R.Choose("row"))
    while s.bonus_owed:
        s = R.apply(s, R.Bonus(("health",)))
    enter = next(a for a in R.legal_actions(s) if isinstance(a, R.Enter))
    return s, enter, R.apply(s, enter)


def test_seeded_room_line_is_checked():
    seed, size = "ROOMCHECK", 6
    s, enter, after = _first_room(seed, size)
    cards = after.drawn
    head = _seeded_head(seed, size)
    lines = ["choose row"] + ["bonus health"] * R.apply(
        R.new_state(seeded_map(seed, size), seed, frozenset()), R.Choose("row")).bonus_owed
    setup = "\n".join(lines) + "\n"
    enter_line = format_action(enter) + "\n"
    ok(setup + enter_line + "room " + " ".join(map(str, reversed(cards))) + "\n", head)
    wrong = next(x for x in pass_order(seed, 2) if x not in cards)
    v = bad(setup + enter_line + f"room {wrong}\n", len(lines) + 2, "room-cards", head=head)
    assert str(cards[0]) in v.error.message
    # Row/Column tags in a seeded log must match the seed
    v = run("", head + '[Row "2♣ 3♣ 4♣ 5♣ 6♣ 7♣"]\n')
    assert v.error.rule == "deal-seed"


def test_payload_in_seed_tag_sets_parameters():
    v = run("choose row\n", '[Game "shuffle-and-doom"]\n[Seed "companion:1/sd/abc/size=5"]\n')
    assert v.valid and v.summary["size"] == 5 and v.seed == "ABC"
    v = run("", '[Game "shuffle-and-doom"]\n[Seed "companion:1/sd/abc/size=5"]\n[Size "6"]\n')
    assert v.error.rule == "parameter" and "contradicts" in v.error.message
    v = run("", '[Game "shuffle-and-doom"]\n[Seed "companion:1/du/abc"]\n')
    assert v.error.rule == "seed"
    v = run("", '[Game "shuffle-and-doom"]\n[Seed "companion:2/sd/abc"]\n')
    assert v.error.rule == "edition" and "no edition 2" in v.error.message
    v = run("", '[Game "shuffle-and-doom"]\n[Seed "bad seed!"]\n')
    assert v.error.rule == "seed"


# --------------------------------------------------------------------- passes
def test_pass_end_drinks_reads_banks_and_doubles():
    seed, size = "PASSES", 6
    s, enter, _ = _first_room(seed, size)
    # Put the player near the end of pass 1, holding a potion, a book and gold.
    inv = (R.Held(c("9♥"), "potion", 9), R.Held(c("4♣"), "book", 4),
           R.Held(c("7♦"), "gold", 7))
    s = replace(s, inventory=inv, deck_pos=len(s.deck) - 1)
    h, i = s.health, s.intelligence
    after = R.apply(s, enter)
    assert after.pass_no == 2 and after.passes_ended == 1
    assert after.health == h + 9 and after.intelligence == i + 4
    assert after.banked == 7 and after.inventory == ()
    room = after.room
    last = s.deck[-1]
    assert room.entities[0].card == last and room.entities[0].value == R.face_value(last)
    for e in room.entities[1:]:
        assert e.card in pass_order(seed, 2) and e.card != last
        assert e.value == 2 * R.face_value(e.card) or e.kind == "enemy" and e.value <= 0
    assert GAME.result(after).score == 7


def test_flat_consumables_variant():
    head = HEAD4 + '[Variant "flat-consumables"]\n'
    v = ok(SETUP4 + "enter a2\nroom 4♣ 6♥ K♠ 5♦\nhit K♠\ndisarm 4♣\nloot\ndrink 6♥\n", head)
    assert v.summary["health"] == 14 + 3


def test_room_bigger_than_the_deck_holds_52_cards():
    # 26x26 with all 26 row cards red and all column cards black: one room of 676 cells.
    reds = [x for x in standard_deck() if x.is_red]
    blacks = [x for x in standard_deck() if not x.is_red]
    dmap = DungeonMap(tuple(reds), tuple(blacks))
    assert len(dmap.rooms) == 1 and len(dmap.rooms[0]) == 676
    s = R.new_state(dmap, "BIG", frozenset())
    s = replace(s, choice="row", bonus_owed=0)
    after = R.apply(s, R.Enter((0, 0)))
    assert len(after.room.entities) == 52
    assert len({e.card for e in after.room.entities}) == 52


def test_apply_never_changes_the_old_state():
    s, enter, after = _first_room("PURE", 7)
    snapshot = repr(s)
    R.apply(s, enter)
    assert repr(s) == snapshot
    with pytest.raises(IllegalAction):
        R.apply(after, R.Exit())


# ------------------------------------------------------- room lines in any order
ROOM_ORDER_LOG = (Path(__file__).parent / "data" / "sd-room-order.log").read_text("utf-8")


def _relist(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


def test_a_free_room_line_may_list_its_cards_in_any_order():
    """Line 29 crosses from pass 1's last other cards to the map cards; line 46 crosses
    into pass 2. Listed in any order, the rooms are the same and so is the game."""
    base = validate_text(ROOM_ORDER_LOG)
    assert base.valid and base.outcome == "unfinished", base.error
    map_first = _relist(ROOM_ORDER_LOG, "room Q♠ 10♠ J♠ K♣ A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦",
                        "room A♦ 8♦ Q♠ 2♦ 10♠ 3♦ J♠ 4♦ 5♦ K♣ 6♦ 7♦")
    pass2_first = _relist(ROOM_ORDER_LOG, "room 6♥ 6♠ 7♥ 2♦ 7♠ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦",
                          "room 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 7♠ 2♦ 7♥ 6♠ 6♥")
    for text in (map_first, pass2_first):
        v = validate_text(text)
        assert v.valid, v.error
        assert (v.outcome, v.score) == (base.outcome, base.score)
        # the same state; the inventory lists the cards in the order the line gave
        assert ({**v.summary, "inventory": sorted(v.summary["inventory"])}
                == {**base.summary, "inventory": sorted(base.summary["inventory"])})


def test_a_free_room_line_reports_its_first_card_that_cannot_be_drawn():
    # a map card while another card is still to come (Q♠ left out, K♥ is on the table)
    v = validate_text(_relist(ROOM_ORDER_LOG, "room Q♠ 10♠ J♠ K♣ A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦",
                              "room K♥ A♦ 10♠ J♠ K♣ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦"))
    assert not v.valid and (v.error.line, v.error.column) == (29, 6)
    assert v.error.rule == "deal-duplicate"
    v = validate_text(_relist(ROOM_ORDER_LOG, "room Q♠ 10♠ J♠ K♣ A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦",
                              "room 9♦ A♦ 10♠ J♠ K♣ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦"))
    assert not v.valid and (v.error.line, v.error.column) == (29, 6)
    assert v.error.rule == "deal-map-cards-last"
    v = validate_text(_relist(ROOM_ORDER_LOG, "room Q♠ 10♠ J♠ K♣ A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦",
                              "room Q♠ 10♠ J♠ K♣ A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 10♠"))
    assert not v.valid and v.error.line == 29 and v.error.rule == "deal-duplicate"
    assert "twice" in v.error.message
