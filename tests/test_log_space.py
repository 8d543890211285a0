"""Log space (issue 25): every game's log sheet holds the longest game the simulations
and the solvers were measured to write (docs/benchmarks.md, "Log space (issue 25)"),
on both papers; and a few fresh simulated games fit the figures measured."""

from __future__ import annotations

import pytest

from companion.games import get_game
from companion.paper.document import SheetDocument
from companion.paper.layout import content_rect, sheet_layout
from companion.paper.units import mm
from companion.simulate import play

PAPERS = ("a4", "letter")
SEED = "K7Q2-9XMA"


def _body(game: str, seed: str, params: dict[str, int], player: str) -> list[str]:
    text = play(get_game(game), seed, params, player, player_seed="1").log_text()
    return [ln for ln in text.splitlines() if not ln.startswith("[")]


@pytest.mark.parametrize("paper", PAPERS)
def test_clear_the_dungeon_log_holds_the_longest_game(paper: str) -> None:
    from companion.games.clear_the_dungeon.sheets.log import LOG_LINES_SEEN, draw_log_pages

    game = get_game("clear-the-dungeon")
    counts = draw_log_pages(SheetDocument("t", paper), sheet_layout(None, "list"), game,
                            SEED, (), game.payload(SEED, {}, kind="log"))
    assert sum(counts) >= LOG_LINES_SEEN >= 84


@pytest.mark.parametrize("paper", PAPERS)
def test_scoundrel_log_holds_the_longest_game_and_has_a_health_box(paper: str) -> None:
    from companion.games.scoundrel.sheets_log import (
        HEALTH_BOX,
        LOG_LINES,
        LOG_LINES_SEEN,
        draw_log_pages,
    )

    game = get_game("scoundrel")
    counts = draw_log_pages(SheetDocument("t", paper), sheet_layout(None, "list"), game,
                            SEED, (), game.payload(SEED, {}, kind="log"))
    assert sum(counts) >= LOG_LINES >= LOG_LINES_SEEN >= 84  # the solver's longest: 84
    assert HEALTH_BOX[0] == "health"
    import pypdfium2

    pdf = pypdfium2.PdfDocument(game.render("log", SEED, {}, paper, {}))
    text = pdf[0].get_textpage().get_text_range()
    assert text.count("health") >= 3  # a head over each column of lines


@pytest.mark.parametrize("paper", PAPERS)
def test_dungeon_solitaire_log_holds_the_longest_game(paper: str) -> None:
    from companion.games.dungeon_solitaire.sheets.log import (
        LOG_LINES,
        LOG_LINES_SEEN,
        draw_log_page,
    )

    game = get_game("dungeon-solitaire")
    counts = draw_log_page(SheetDocument("t", paper), sheet_layout(None, "list"), game,
                           SEED, 5, game.payload(SEED, {"size": 5}, kind="log"))
    assert sum(counts) >= LOG_LINES >= LOG_LINES_SEEN >= 92


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", [4, 7, 10, 26])
def test_shuffle_and_doom_log_holds_the_longest_game_of_its_size(paper: str,
                                                                 size: int) -> None:
    from companion.games.shuffle_and_doom.generation import deal
    from companion.games.shuffle_and_doom.sheets_log import (
        LOG_LINES_SEEN,
        draw_log_page,
        log_lines,
    )

    game = get_game("shuffle-and-doom")
    counts = draw_log_page(SheetDocument("t", paper), sheet_layout(None, "list"), game,
                           deal(SEED, size), game.payload(SEED, {"size": size}, kind="log"))
    seen = LOG_LINES_SEEN[min(s for s in LOG_LINES_SEEN if s >= size)]
    assert sum(counts) >= log_lines(size) >= seen


@pytest.mark.parametrize("paper", PAPERS)
def test_dungeon_upkeeper_floor_holds_the_longest_floor(paper: str) -> None:
    from companion.games.dungeon_upkeeper.sheets_log import (
        FLOOR_MOVES_SEEN,
        LETTER,
        _path_width,
        draw_log_page,
        floor_block,
    )

    game = get_game("dungeon-upkeeper")
    layout = sheet_layout(None, "list")
    counts = draw_log_page(SheetDocument("t", paper), layout, game, SEED, 10,
                           game.payload(SEED, {}, kind="log"))
    assert sum(counts) == 10
    w = content_rect(layout, paper).w
    lines, _ = floor_block(w)
    assert lines * _path_width(w) >= FLOOR_MOVES_SEEN * LETTER >= 166 * mm(2.5)


@pytest.mark.parametrize("game,params,limit", [
    ("scoundrel", {}, "scoundrel"),
    ("clear-the-dungeon", {}, "clear-the-dungeon"),
    ("dungeon-solitaire", {"size": 5}, "dungeon-solitaire"),
    ("shuffle-and-doom", {"size": 7}, "shuffle-and-doom"),
])
def test_fresh_simulated_games_fit_the_figures(game: str, params: dict[str, int],
                                               limit: str) -> None:
    from companion.games.clear_the_dungeon.sheets.log import LOG_LINES as CTD
    from companion.games.dungeon_solitaire.sheets.log import LOG_LINES as DS
    from companion.games.scoundrel.sheets_log import LOG_LINES as SC
    from companion.games.shuffle_and_doom.sheets_log import log_lines

    most = {"scoundrel": SC, "clear-the-dungeon": CTD, "dungeon-solitaire": DS,
            "shuffle-and-doom": log_lines(7)}[limit]
    for i in range(6):
        for player in ("random", "greedy"):
            body = _body(game, f"FRESH{i}", params, player)
            if game == "dungeon-solitaire":  # moves in a row go on one path line
                body = [ln for k, ln in enumerate(body) if not (
                    ln.startswith("move") and k and body[k - 1].startswith("move"))]
            assert len(body) <= most, (game, i, player, len(body))
