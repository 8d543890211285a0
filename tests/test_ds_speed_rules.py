"""Dungeon Solitaire's quick paths (issue 18) agree with the plain definitions they
replace: the play check with the list of plays, the values kept with a state with
those made again from its fields, a dealt level's order with reading order, and the
notation's remembered words with a first reading."""

import dataclasses

import pytest

from companion.errors import NotationError
from companion.games import get_game
from companion.games.dungeon_solitaire import notation, rules
from companion.games.dungeon_solitaire.cards import DIRS
from companion.games.dungeon_solitaire.generation import generate_level
from companion.games.dungeon_solitaire.table import EDITIONS
from companion.log import parse_log
from companion.simulate import play

GAME = get_game("dungeon-solitaire")


def _games():
    for i, (player, size) in enumerate([("random", 4), ("greedy", 5), ("expert", 6),
                                        ("random", 7), ("expert", 7), ("greedy", 7)]):
        yield play(GAME, f"SPEED{i}", {"size": size}, player, max_actions=400)


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_a_dealt_level_comes_in_reading_order(edition):
    for size in (4, 5, 6, 7):
        for n in range(1, 10):
            lvl = generate_level("ORDER", n, size, EDITIONS[edition])
            cells = list(lvl.board)
            assert cells == sorted(cells, key=lambda c: (c[1], c[0]))


def test_kept_values_are_those_of_the_fields():
    for played in _games():
        for s in played.states:
            assert list(s.board) == sorted(s.board, key=lambda kv: (kv[0][1], kv[0][0]))
            assert rules._grid(s) == dict(s.board) and s.tiles == dict(s.board)
            kept = s.__dict__.get("_where")
            if kept is not None and kept[0] is s.board:
                assert kept[1] == {c: i for i, (c, _) in enumerate(s.board)}
            kept = s.__dict__.get("_joined")
            if kept is not None and kept[0] is s.board:
                fresh = dataclasses.replace(s)  # nothing kept
                assert "_joined" not in fresh.__dict__
                assert rules._joined(fresh, kept[1]) == kept[2]
            # the same state made from its fields alone has the same next states
            if s.outcome is None and s.phase != "draft":
                fresh = dataclasses.replace(s)
                for a in rules.legal_actions(s)[:8]:
                    assert rules.apply(s, a) == rules.apply(fresh, a)


def _every_play(s, rid):
    cells = [(c, r) for c in range(-1, s.size + 1) for r in range(-1, s.size + 1)]
    yield rules.Play(rid)
    for d in DIRS:
        yield rules.Play(rid, direction=d)
    for cell in cells:
        yield rules.Play(rid, cell=cell)
        yield rules.Play(rid, cell=cell, direction="N")


def test_the_play_check_is_the_list_of_plays():
    seen = 0
    for played in _games():
        for s in played.states:
            if s.phase != "keep" or s.outcome is not None:
                continue
            for rid in s.offered:
                options = rules._plays_for(s, rid)
                for a in _every_play(s, rid):
                    assert rules._allowed(s, a, s.card(rid)) == (a in options), (a, options)
                    seen += 1
    assert seen > 1000


def test_a_card_of_the_state_is_the_deck_card():
    s = rules.new_state("CARDS", 5)
    from companion.games.dungeon_solitaire.generation import reward_deck

    deck = reward_deck("CARDS", s.rules)
    for i, c in enumerate(deck):
        assert s.card(c.id) is c.card and s.card(f"R{i + 1}") is c.card
    assert s.card("R0") is deck[-1].card  # as the deck's index reads it
    with pytest.raises(IndexError):
        s.card(f"R{len(deck) + 1}")


def _line(text):
    log = parse_log('[Game "dungeon-solitaire"]\n' + text + "\n")
    return next(iter(log.actions))


@pytest.mark.parametrize("text", [
    "move N", "move nes", "MOVE S", "move NX", "move x", "path EE", "move N E",
    "draw R1 r02 R003", "draw R61", "draw R0", "draw X1", "chest R5", "chest r60",
    "play R5 at c3", "play r7 N", "play R9 on a1", "play R1 at h9"])
def test_words_read_again_give_the_same_action(text):
    s = rules.new_state("WORDS", 5)
    results = []
    for _ in range(3):
        try:
            results.append(notation.parse_action(s, _line(text)))
        except NotationError as exc:
            results.append((str(exc), exc.rule, exc.arg))
    assert results[0] == results[1] == results[2]
    if isinstance(results[0], rules.Move):
        assert [r.bad for r in results] == [results[0].bad] * 3


def test_an_id_read_before_is_checked_against_the_edition():
    small = dataclasses.replace(EDITIONS[max(EDITIONS)], reward_deck=20)
    big = rules.new_state("IDS", 5)
    assert notation.parse_action(big, _line("chest R30")) == rules.Chest("R30")
    with pytest.raises(NotationError, match="R1 to R20"):
        notation.parse_action(rules.new_state("IDS", 5, small), _line("chest R30"))


@pytest.mark.parametrize("size", [4, 5, 6, 7])
def test_a_level_is_dealt_as_the_rules_say(size):
    s = rules.new_state("DEAL", size)
    for n in range(1, 10):
        lvl = generate_level("DEAL", n, size, s.rules)
        dealt = rules._deal_level(s, n)
        tiles = {c: rules.Tile(room, c in (lvl.start, lvl.stairs)) for c, room in
                 lvl.board.items()}
        for side in lvl.board[lvl.start].exits:  # the reveal around the start
            nb = rules._step(lvl.start, side)
            if nb in tiles:
                tiles[nb] = rules.Tile(tiles[nb].room, True)
        assert dealt.board == tuple(sorted(tiles.items(), key=lambda kv: (kv[0][1], kv[0][0])))
        assert dealt.tiles == tiles and list(dealt.tiles) == list(tiles)
        assert (dealt.level, dealt.position, dealt.stairs) == (n, lvl.start, lvl.stairs)
        assert rules._deal_level(s, n) == dealt  # dealt again: the same


def test_a_square_read_before_is_checked_against_the_board():
    for size in (7, 4, 7, 5):
        for text in ("c3", "g7", "e5", "a1", "C03", "h1", "a0"):
            fresh = rules.new_state("CELLS", size)
            try:
                got = notation.parse_action(fresh, _line(f"play R5 at {text}"))
            except NotationError as exc:
                got = (str(exc), exc.rule, exc.arg)
            try:
                cell = notation.grid.parse_cell(text, size, max_digits=2)
                assert got == rules.Play("R5", cell=cell)
            except ValueError:
                assert isinstance(got, tuple) and got[1] == "notation-cell"


def test_a_draw_is_kept_when_one_card_can_be_played():
    seen = 0
    for played in _games():
        for s in played.states:
            if s.phase != "play" or s.outcome is not None or len(s.deck) < 1:
                continue
            deck = sorted(s.deck, key=lambda x: int(x[1:]))
            for k in range(0, len(deck), 2):
                ids = tuple(deck[k : k + 3])
                assert rules._any_playable(s, ids) == any(rules._playable(s, r) for r in ids)
                seen += 1
    assert seen > 200
