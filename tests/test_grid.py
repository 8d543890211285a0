"""The one grid module (``companion/grid.py``): cell names read back to the same cell on
every board up to 26×26, bad names refused with typed errors, and the games' old import
paths give the very same objects."""

from __future__ import annotations

import pytest

from companion import grid
from companion.errors import NotationError
from companion.grid import (
    CellError,
    MalformedCellError,
    OffBoardCellError,
    cell_name,
    last_cell,
    parse_cell,
)
from companion.log import Token


@pytest.mark.parametrize("width", range(1, 27))
def test_every_cell_of_every_square_board_round_trips(width):
    for column in range(width):
        for row in range(width):
            name = cell_name((column, row))
            assert parse_cell(name, width) == (column, row)
            assert parse_cell(name.upper(), width) == (column, row)
            assert name[0] == "abcdefghijklmnopqrstuvwxyz"[column]
            assert int(name[1:]) == row + 1


def test_rectangular_boards_round_trip_and_bound_each_side():
    for width, height in ((26, 3), (3, 26), (20, 14), (1, 99)):
        for column in range(width):
            for row in range(height):
                assert parse_cell(cell_name((column, row)), width, height) == (column, row)
        with pytest.raises(OffBoardCellError):
            parse_cell(cell_name((width - 1, height)), width, height)
        if width < 26:
            with pytest.raises(OffBoardCellError):
                parse_cell(cell_name((width, height - 1)), width, height)


def test_a1_is_the_top_left_cell_and_rows_count_down():
    assert cell_name((0, 0)) == "a1"
    assert cell_name((2, 4)) == "c5"
    assert cell_name((25, 25)) == "z26"
    assert parse_cell("a2", 5) == (0, 1)  # the cell below a1
    assert parse_cell("b1", 5) == (1, 0)  # the cell right of a1
    assert last_cell(5) == "e5" and last_cell(7, 3) == "g3"


@pytest.mark.parametrize("text", ["", "a", "1", "11", "aa1", "a-1", "a+1", " a1", "a1 ",
                                  "a1\n", "a 1", "1a", "é1", "a١", "ａ1", "a1.0", "a0x",
                                  "a1000"])
def test_text_that_is_no_cell_name_is_malformed(text):
    with pytest.raises(MalformedCellError) as info:
        parse_cell(text, 26)
    assert isinstance(info.value, CellError) and isinstance(info.value, ValueError)
    assert info.value.text == text and info.value.width == 26 == info.value.height


@pytest.mark.parametrize("text,width,height", [("f1", 5, None), ("a6", 5, None),
                                               ("a0", 5, None), ("a00", 5, None),
                                               ("z26", 25, None), ("c1", 2, 9),
                                               ("a10", 9, 9), ("a999", 26, None)])
def test_names_outside_the_board_are_off_board(text, width, height):
    with pytest.raises(OffBoardCellError) as info:
        parse_cell(text, width, height)
    err = info.value
    assert isinstance(err, CellError) and isinstance(err, ValueError)
    assert err.width == width and err.height == (height or width)
    assert not (0 <= err.cell[0] < err.width and 0 <= err.cell[1] < err.height)
    assert last_cell(width, height) in str(err)


def test_leading_zeros_are_read_and_the_digit_limit_is_a_parameter():
    assert parse_cell("a01", 5) == (0, 0)
    with pytest.raises(OffBoardCellError):
        parse_cell("a100", 26)  # three digits are read by default ...
    with pytest.raises(MalformedCellError):
        parse_cell("a100", 26, max_digits=2)  # ... two only where a notation says so
    assert parse_cell("b12", 26, max_digits=2) == (1, 11)


@pytest.mark.parametrize("cell", [(-1, 0), (0, -1), (26, 0), (30, 2)])
def test_a_cell_without_a_name_is_refused(cell):
    with pytest.raises(ValueError):
        cell_name(cell)


def test_the_old_import_paths_give_the_same_objects():
    from companion.games.dungeon_solitaire import generation as ds_generation
    from companion.games.dungeon_solitaire import notation as ds_notation
    from companion.games.dungeon_solitaire import players as ds_players
    from companion.games.dungeon_solitaire import rules as ds_rules
    from companion.games.dungeon_upkeeper import floor as du_floor
    from companion.games.dungeon_upkeeper import rules as du_rules
    from companion.games.shuffle_and_doom import dungeon as sd_dungeon
    from companion.games.shuffle_and_doom import notation as sd_notation
    from companion.games.shuffle_and_doom import rules as sd_rules

    for module in (sd_dungeon, sd_notation, sd_rules, du_floor, du_rules, ds_generation,
                   ds_notation, ds_rules):
        assert module.cell_name is grid.cell_name, module.__name__
        assert module.Cell is grid.Cell, module.__name__
    assert ds_players.Cell is grid.Cell


def _notation_error(parse, *args):
    with pytest.raises(NotationError) as info:
        parse(*args)
    return info.value.message, info.value.rule, info.value.arg


def test_the_games_keep_their_own_words_for_a_bad_cell():
    """Shuffle and Doom and Dungeon Solitaire read cells through the grid module but
    word their refusals as before (a cell of a grid, a square of a board)."""
    from companion.games.dungeon_solitaire.notation import _cell
    from companion.games.shuffle_and_doom.notation import parse_cell as sd_parse

    assert sd_parse(Token("C3", 1, 7), 7, 0) == (2, 2)
    assert _notation_error(sd_parse, Token("x", 1, 1), 7, 0) == (
        "'x' is not a cell: write column letter then row number, like a1", "notation-cell", 0)
    assert _notation_error(sd_parse, Token("h1", 1, 1), 7, 1) == (
        "cell h1 is off the 7×7 grid (a1 to g7)", "notation-cell", 1)
    assert _notation_error(sd_parse, Token("a100", 1, 1), 7, 0)[0].startswith("cell a100 is off")
    assert _cell(Token("c3", 1, 1), 2, 5) == (2, 2)
    assert _notation_error(_cell, Token("x", 1, 1), 2, 5) == (
        "'x' is not a square, like c3", "notation-cell", 2)
    assert _notation_error(_cell, Token("f1", 1, 1), 2, 5) == (
        "f1 is off the 5x5 board (a1 to e5)", "notation-cell", 2)
    assert _notation_error(_cell, Token("a100", 1, 1), 2, 5)[0] == (
        "'a100' is not a square, like c3")


# -- paths on the grid: the rules name the step at fault, the notation its column ------


def test_rules_name_the_step_at_fault_not_a_column():
    from companion.errors import IllegalAction
    from companion.games.dungeon_upkeeper import rules as du

    state = du.new_state("K7Q2-9XMA", 3)
    with pytest.raises(IllegalAction) as info:  # B1: N N then E into the wall at c6
        du.apply(state, du.Path(tuple(du.Step(d) for d in "NNE")))
    assert (info.value.rule, info.value.step, info.value.arg, info.value.offset) == (
        "step-wall", 2, None, 0)
    with pytest.raises(IllegalAction) as info:  # a letter that is no step: after the steps
        du.apply(state, du.Path((du.Step("N"),), bad="'x' is not a step"))
    assert (info.value.rule, info.value.step) == ("notation-step", 1)


def test_the_notation_places_a_step_wherever_the_path_was_written():
    from companion.replay import validate_text

    head = '[Game "dungeon-upkeeper"]\n[Seed "K7Q2-9XMA"]\nfloor 1\n'
    for body, where in (("path NNE\n", (4, 8)),  # step 2: the third letter
                        ("path N  NE\n", (4, 10)),  # over words
                        ("path N\nNE\n", (5, 2)),  # over lines: the verb's place
                        ("path N\nN E\n", (5, 3)),
                        ("path NN xE\n", (4, 9))):  # the letter that is no step
        v = validate_text(head + body)
        assert not v.valid and (v.error.line, v.error.column) == where, body


def test_dungeon_solitaire_moves_name_their_step_too():
    from companion.errors import IllegalAction
    from companion.games.dungeon_solitaire import notation as ds_notation
    from companion.games.dungeon_solitaire import rules as ds
    from companion.log import ActionLine

    assert ds.Move((("N", 3, 1), ("E", 0, 0))) == ds.Move(("N", "E"))  # old step tuples
    error = IllegalAction("no card there", "move-no-card", step=3)
    line = ActionLine.of(Token("move", 7, 1), (Token("NE", 7, 6), Token("SW", 7, 9)))
    assert ds_notation.locate(line, error) == (line.args[1], 1)
    assert ds_notation.locate(line, IllegalAction("x", "move-order")) is None
