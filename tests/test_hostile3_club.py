"""Round three of hostile input (issue 24), the club's standings: outputs that stay
bounded and readable whatever the logs hold, players told apart and shown safely,
seasons per game ranked fairly, ``--out`` that prints one line, a page for phones."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.club import build_standings, player_key
from companion.games import get_game
from companion.simulate import play, random_player
from companion.standings_report import render_csv, render_html, render_pdf, render_text

runner = CliRunner()
EXAMPLE = (Path(__file__).parent / "examples" / "shuffle-and-doom"
           / "playthrough-1-4x4.log").read_text(encoding="utf-8")
"""A free deal of Shuffle and Doom, valid, score 32."""


def invoke(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def with_player(text: str, player: str | None) -> str:
    """``text`` (a log) with a Player tag after its Game tag (None: as it is)."""
    if player is None:
        return text
    quoted = player.replace("\\", "\\\\").replace('"', '\\"')
    lines = text.splitlines()
    first = next(i for i, x in enumerate(lines) if x.startswith("[Game"))
    return "\n".join([*lines[:first + 1], f'[Player "{quoted}"]', *lines[first + 1:]]) + "\n"


def scoundrel(seed: str, player: str | None) -> str:
    """A random game of Scoundrel on ``seed`` (valid; a score, par from the solver)."""
    text = play(get_game("scoundrel"), seed, {}, random_player, "x").log_text()
    return with_player(text, player)


def pdf_text(data: bytes) -> str:
    pdf = pdfium.PdfDocument(data)
    return "\n".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))


# -- item 4: --out prints one line, not the table ---------------------------------------

def test_out_prints_one_line_of_what_was_written_not_the_table(tmp_path):
    (tmp_path / "a.log").write_text(with_player(EXAMPLE, "Ada"), encoding="utf-8")
    (tmp_path / "b.log").write_text(with_player(EXAMPLE, "Bob"), encoding="utf-8")
    for name in ("s.html", "s.pdf", "s.csv"):
        r = invoke("standings", tmp_path / "a.log", tmp_path / "b.log", "--out",
                   tmp_path / name)
        assert r.exit_code == 0, r.output
        assert (tmp_path / name).stat().st_size > 0
        lines = r.stdout.splitlines()
        assert len(lines) == 1, r.stdout  # the table is in the file, not on the terminal
        assert lines[0].startswith(f"standings written to {tmp_path / name}")
        assert "2 logs" in lines[0] and "Rank" not in r.stdout and r.stderr == ""
    r = invoke("standings", tmp_path / "a.log", "--json", "--out", tmp_path / "j.html")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["logs"] == 1  # the JSON keeps standard output to itself
    assert r.stderr.startswith("standings written to")
    r = invoke("standings", tmp_path / "a.log")  # without --out: the table, as before
    assert "Rank" in r.stdout and "written" not in r.output


# -- item 2: who a player is, and how a name is shown -----------------------------------

def test_logs_without_a_player_tag_in_two_folders_are_two_players(tmp_path):
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
        (tmp_path / sub / "game.log").write_text(EXAMPLE, encoding="utf-8")
    s = build_standings([tmp_path / "a" / "game.log", tmp_path / "b" / "game.log"],
                        par=False, season=True)
    (deal,) = s.deals
    assert [(e.rank, e.player, e.counted) for e in deal.entries] == [
        (1, "a/game.log", True), (1, "b/game.log", True)]
    assert deal.flagged == [] and len(s.season[0].rows) == 2  # type: ignore[index]
    # one folder's logs are named by their file names, as before
    one = build_standings([tmp_path / "a" / "game.log"], par=False)
    assert one.deals[0].entries[0].player == "game.log"
    # the same file given twice is one player's second log
    twice = build_standings([tmp_path / "a" / "game.log"] * 2, par=False)
    assert [e.counted for e in twice.deals[0].entries] == [True, False]


HIDDEN = ["Ada", "Ada\u200b", "\ufeffAda", "A\u202eda", "\u2066Ada\u2069", "Ａｄａ",
          " Ada\u00ad ", "ada"]
"""One player, spelled with invisible characters, bidi controls, full width, case."""


def test_invisible_characters_and_width_do_not_make_a_second_player(tmp_path):
    paths = []
    for n, name in enumerate(HIDDEN):
        paths.append(tmp_path / f"p{n}.log")
        paths[-1].write_text(with_player(EXAMPLE, name), encoding="utf-8")
    s = build_standings(paths, par=False, season=True)
    (deal,) = s.deals
    assert [e.counted for e in deal.entries].count(True) == 1
    assert deal.entries[0].logs_of_player == len(HIDDEN)
    assert {e.player for e in deal.entries} == {"Ada", "ada"}  # shown clean
    assert len(s.season[0].rows) == 1  # type: ignore[index]
    assert len({player_key(x, False) for x in HIDDEN}) == 1


def test_bidi_controls_and_escapes_reach_no_output(tmp_path):
    evil = "\u202eevil\u202c \u2067Bob\u2069\x1b[31m"
    (tmp_path / "e.log").write_text(with_player(EXAMPLE, evil), encoding="utf-8")
    odd = tmp_path / "x\u202egol.log"
    odd.write_text(EXAMPLE, encoding="utf-8")
    (tmp_path / "bad.log").write_text(with_player("[Game \"scoundrel\"]\nroom\n",
                                                  "\u202eMallory"), encoding="utf-8")
    s = build_standings([tmp_path / "e.log", odd, tmp_path / "bad.log"], par=False,
                        season=True)
    names = {e.player for e in s.deals[0].entries}
    assert names == {"evil Bob\ufffd[31m", "x\ufffdgol.log"}
    assert s.invalid[0].player == "Mallory"
    bad = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\x1b")
    outputs = {"text": render_text(s), "html": render_html(s).decode("utf-8"),
               "csv": render_csv(s).decode("utf-8"), "pdf": pdf_text(render_pdf(s))}
    for fmt, out in outputs.items():
        assert not bad & set(out), fmt
        assert "evil Bob" in out and "Mallory" in out, fmt


# -- item 3: a season per game, ranked by the average per deal played --------------------

@pytest.fixture(scope="module")
def season_logs(tmp_path_factory) -> Path:
    """Ada: one deal of Clear the Dungeon at par and one of Scoundrel at par (the
    solver's lines); Bob: four deals of Scoundrel, played at random (far below par)."""
    folder = tmp_path_factory.mktemp("season")
    ctd = get_game("clear-the-dungeon").solve("CLUB-CTD", {}, ()).log
    best = get_game("scoundrel").solve("S1", {}, ()).log
    assert ctd is not None and best is not None
    (folder / "ada-ctd.log").write_text(with_player(ctd, "Ada"), encoding="utf-8")
    (folder / "ada-s1.log").write_text(with_player(best, "Ada"), encoding="utf-8")
    for k in range(1, 5):
        (folder / f"bob-s{k}.log").write_text(scoundrel(f"S{k}", "Bob"), encoding="utf-8")
    return folder


def test_a_season_is_per_game_and_one_good_deal_does_not_outrank_four(season_logs):
    r = invoke("standings", *sorted(season_logs.iterdir()), "--season", "--json")
    assert r.exit_code == 0, r.output
    games = {x["game"]: x for x in json.loads(r.stdout)["season"]["games"]}
    assert sorted(games) == ["clear-the-dungeon", "scoundrel"]
    sc = games["scoundrel"]
    assert len(sc["deals"]) == 4 and sc["minimum_deals"] == 2
    rows = {x["player"]: x for x in sc["rows"]}
    # Ada's one deal at par beats Bob's average, but one deal of four is too few
    assert rows["Ada"]["average"] == 0 and rows["Ada"]["rank"] is None
    assert rows["Bob"]["rank"] == 1 and rows["Bob"]["deals_played"] == 4
    assert rows["Bob"]["average"] < -100  # Scoundrel's scores are never added to...
    ctd = {x["player"]: x for x in games["clear-the-dungeon"]["rows"]}
    assert list(ctd) == ["Ada"] and ctd["Ada"]["total"] == 0  # ...Clear the Dungeon's
    r = invoke("standings", *sorted(season_logs.iterdir()), "--season", "--min-deals", "1",
               "--json")
    rows = {x["player"]: x for x in json.loads(r.stdout)["season"]["games"][1]["rows"]}
    assert (rows["Ada"]["rank"], rows["Bob"]["rank"]) == (1, 2)
    r = invoke("standings", *sorted(season_logs.iterdir()), "--min-deals", "1")
    assert r.exit_code == 2 and "--min-deals is for --season" in r.stderr


def test_the_csv_has_each_season_players_result_on_each_deal(season_logs):
    s = build_standings(sorted(season_logs.iterdir()), season=True)
    rows = list(csv.reader(io.StringIO(render_csv(s).decode("utf-8"), newline="")))
    head = rows[0]
    col = {name: head.index(name) for name in ("section", "game", "player", "seed",
                                              "season_result", "season_reference",
                                              "season_average", "deals_played")}
    season = [x for x in rows if x[0] == "season"]
    assert {(x[col["game"]], x[col["player"]]) for x in season} == {
        ("clear-the-dungeon", "Ada"), ("scoundrel", "Ada"), ("scoundrel", "Bob")}
    per_deal = [x for x in rows if x[0] == "season_deal"]
    bob = {x[col["seed"]]: int(x[col["season_result"]]) for x in per_deal
           if x[col["player"]] == "Bob"}
    sc = next(x for x in s.season or [] if x.game == "scoundrel")
    assert bob == {d.key.seed: r for d, r in zip(sc.deals, next(
        r for r in sc.rows if r.player == "Bob").results, strict=True)}
    assert all(x[col["season_reference"]] == "30" for x in per_deal
               if x[col["game"]] == "scoundrel" and x[col["seed"]] == "S1")
    assert len(per_deal) == 6  # one row per player and deal played: no empty grid
    assert all(len(x) == len(head) for x in rows)
