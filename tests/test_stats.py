"""``companion stats``: every game's players play legal games; the figures do not depend
on how the games are spread (one process, two, a Dask cluster); the report renders its
plots; the table, JSON and errors of the command line."""

from __future__ import annotations

import json

import pypdfium2
import pytest
from pdfcheck import page_text
from typer.testing import CliRunner

from companion.cli import app
from companion.games import all_games, get_game
from companion.games.base import Target
from companion.rng import stream
from companion.stats import (
    Job,
    PlayerSummary,
    StatsReport,
    play_seed,
    run,
    summarize,
    wilson,
)

runner = CliRunner()
GAMES = [g.name for g in all_games()]


@pytest.mark.parametrize("game_name", GAMES)
def test_every_player_plays_only_legal_actions(game_name):
    """A few seeds per player, every state: the action chosen is one the rules list,
    or one the rules accept (a player may build a draft of its own choosing)."""
    game = get_game(game_name)
    from companion.simulate import start_state

    for name, player in game.players().items():
        for i in range(2):
            seed = f"LEGAL{i}"
            _, state = start_state(game, {"Game": game.name, "Seed": seed})
            rng = stream(seed, game.name, "simulation", name)
            for _ in range(3000):
                if game.is_over(state):
                    break
                legal = game.legal_actions(state)
                if not legal:  # won with nothing worth doing (Scoundrel's last card)
                    break
                action = player(game, state, legal, rng)
                after = game.apply(state, action)  # raises IllegalAction if not legal
                assert action in legal or after is not None
                state = after
            ended = game.is_over(state) or game.result(state).outcome in game.won_outcomes
            assert ended, (game_name, name, seed, "did not end")


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 30)[0] == 0.0 and wilson(30, 30)[1] == pytest.approx(1.0)


def test_a_record_says_how_a_game_went():
    r = play_seed(Job("dungeon-upkeeper", "S1", "expert"))
    assert (r.outcome, r.won, r.stage, r.reason) == ("won", True, 10, "won")
    r = play_seed(Job("dungeon-upkeeper", "S1", "straight"))
    assert not r.won and r.reason == "out of moves" and 1 <= r.stage <= 10
    cut = play_seed(Job("dungeon-upkeeper", "S1", "expert", max_actions=5))
    assert (cut.outcome, cut.reason, cut.length) == ("unfinished", "cut off", 5)


def test_summary_shares_and_targets():
    from companion.stats import GameRecord

    recs = [GameRecord("p", f"S{i}", "won" if i < 3 else "lost", i < 3, i, i, "x", 10)
            for i in range(10)]
    s: PlayerSummary = summarize("p", recs)
    assert (s.games, s.wins, s.win_rate) == (10, 3, 0.3)
    assert s.stages == {3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1}
    assert s.share(Target("p", "reach", stage=8)) == pytest.approx(0.5)  # 3 won + 8, 9
    assert s.share(Target("p", "end_by", stage=4)) == pytest.approx(0.2)
    assert s.score_quartiles == (2.25, 4.5, 6.75)
    assert s.rare == ("S0", "S1", "S2")  # the 3 wins of a player who mostly loses
    mostly = summarize("p", [GameRecord("p", f"S{i}", "won", i != 4, 0, 1, "x", 1)
                             for i in range(30)])
    assert mostly.rare == ("S4",)
    many = summarize("p", [GameRecord("p", f"S{i}", "won", i % 3 == 0, 0, 1, "x", 1)
                           for i in range(60)])
    assert many.rare == ()  # not rare: 20 of 60


@pytest.mark.parametrize("game_name", ["dungeon-solitaire", "clear-the-dungeon"])
def test_the_figures_are_the_same_for_one_or_two_processes(game_name):
    one = run(game_name, games=8, jobs=1)
    two = run(game_name, games=8, jobs=2)
    assert one.to_json() == two.to_json()
    assert [p.player for p in one.players] == ["random", "greedy", "expert"]


def test_the_figures_are_the_same_on_a_dask_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_cluster = run("dungeon-upkeeper", ["expert", "straight"], games=6,
                         scheduler=client)
        by_address = run("dungeon-upkeeper", ["expert", "straight"], games=6,
                         scheduler=cluster.scheduler_address)
    here = run("dungeon-upkeeper", ["expert", "straight"], games=6)
    assert on_cluster.to_json() == here.to_json() == by_address.to_json()


def test_an_unreachable_scheduler_is_one_clear_error():
    pytest.importorskip("distributed")
    r = runner.invoke(app, ["stats", "dungeon-upkeeper", "--games", "2", "--scheduler",
                            "not a scheduler address"])
    assert r.exit_code == 2 and "Dask scheduler" in r.stderr and "Traceback" not in r.output


def test_targets_are_checked_on_the_newest_edition_defaults_only():
    report = run("dungeon-upkeeper", ["expert", "padded", "straight"], games=5)
    assert [t.target.player for t in report.targets] == ["expert", "padded", "straight"]
    assert report.targets[0].ok and report.targets[2].ok
    old = run("dungeon-upkeeper", ["expert"], games=5, edition=1)
    assert old.targets == () and old.edition == 1
    assert old.players[0].win_rate < report.players[0].win_rate  # edition 1 cannot be won


def test_the_pdf_report_has_its_table_targets_and_plots(tmp_path):
    from companion.stats_report import render_report

    report: StatsReport = run("dungeon-upkeeper", ["expert", "straight", "random"], games=6)
    data = render_report(report, "a4")
    assert data == render_report(report, "a4")  # reproducible bytes
    pdf = pypdfium2.PdfDocument(data)
    text = " ".join(page_text(pdf, i) for i in range(len(pdf)))
    for words in ("Dungeon Upkeeper: simulated play", "Win rate per player class",
                  "Scores: share of games", "Where games end", "Balance targets",
                  "met: a par path", "S0-S5"):
        assert words in " ".join(text.split()), words
    page = pdf[0]
    w, h = page.get_size()
    assert (round(w), round(h)) == (595, 842)
    # the plots are vector paths: many path objects on the pages
    paths = sum(1 for i in range(len(pdf)) for o in pdf[i].get_objects()
                if o.type == pypdfium2.raw.FPDF_PAGEOBJ_PATH)
    assert paths > 40
    letter = pypdfium2.PdfDocument(render_report(report, "letter"))
    assert [round(v) for v in letter[0].get_size()] == [612, 792]


def test_the_command_prints_a_table_json_and_a_report(tmp_path):
    r = runner.invoke(app, ["stats", "dungeon-upkeeper", "--games", "4", "--players",
                            "expert,straight"])
    assert r.exit_code == 0, r.output
    assert "expert" in r.stdout and "100.0 %" in r.stdout and "met:" in r.stdout
    out = tmp_path / "report.pdf"
    r = runner.invoke(app, ["stats", "dungeon-upkeeper", "--games", "4", "--players",
                            "expert", "--json", "--out", str(out), "--floors", "3"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["params"] == {"floors": 3} and data["players"][0]["wins"] == 4
    assert data["targets"] == []  # not the default run: the targets are not checked
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("args,words", [
    (["--players", "wizard"], "no player 'wizard'"),
    (["--games", "0"], "--games must be from 1"),
    (["--jobs", "0"], "--jobs must be from 1"),
    (["--edition", "7"], "no edition 7"),
    (["--variant", "nope"], "no variant"),
    (["--size", "3"], "out of range"),
])
def test_bad_options_are_one_message_and_exit_2(args, words):
    r = runner.invoke(app, ["stats", "dungeon-solitaire", "--games", "2", *args])
    assert r.exit_code == 2, r.output
    assert words in r.stderr and "Traceback" not in r.output


def test_shares_read_as_players_expect():
    from companion.balance import percent

    assert [percent(x) for x in (0, 0.0004, 0.002, 0.05, 0.463, 0.999, 0.9999, 1)] == [
        "0 %", "under 0.1 %", "0.2 %", "5 %", "46 %", "99.9 %", "over 99.9 %", "100 %"]


@pytest.mark.parametrize("game_name", GAMES)
def test_every_booklet_says_how_hard_its_game_is_from_the_committed_results(game_name):
    from companion.balance import load_results, main_run

    game = get_game(game_name)
    results = load_results(game_name)
    run_ = main_run(results, game.edition)
    assert run_["games"] >= 1000 and {p["player"] for p in run_["players"]} >= {
        "random", "greedy", "expert"}
    box = next(b for b in game.booklet().blocks
               if getattr(b, "title", "") == "How hard is it?")
    assert f"{run_['games']:,} seeded games" in box.text
    assert f"edition {game.edition}" in box.text
    # every target the results were checked against held when they were made
    assert all(t["ok"] for t in run_["targets"]), run_["targets"]
