"""Club play, standings (issue 16): ``companion standings LOG... [--out .html|.pdf|.csv]
[--json] [--season] [--no-par]`` on a folder of real logs: the solver's best lines,
truncated runs, simulated games, free deals, an invalid log, a file that is no log."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import time
import tracemalloc
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.club import (
    DealKey,
    Par,
    build_standings,
    competition_ranks,
)
from companion.games import get_game
from companion.replay import validate_path
from companion.simulate import play, random_player
from companion.standings_report import csv_rows, render_csv, render_html, render_pdf

runner = CliRunner()
EXAMPLES = Path(__file__).parent / "examples" / "shuffle-and-doom"
SCRIPT = 'Bea <script>alert("hi")</script> & co'
DU_SEED, CTD_SEED = "CLUB-DU", "CLUB-CTD"


def invoke(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def tagged(text: str, player: str | None = None, claim: int | None = None) -> str:
    """``text`` with a Player tag after its first line, and its Claim replaced."""
    lines = [x for x in text.splitlines() if not (claim is not None
                                                  and x.startswith("[Claim"))]
    quoted = (player or "").replace("\\", "\\\\").replace('"', '\\"')
    extra = ([f'[Player "{quoted}"]'] if player else []) + (
        [f'[Claim "{claim}"]'] if claim is not None else [])
    return "\n".join(lines[:1] + extra + lines[1:]) + "\n"


def before(text: str, marker: str) -> str:
    """The log up to (not including) the first line that starts with ``marker``."""
    lines = text.splitlines()
    cut = next(i for i, x in enumerate(lines) if x.startswith(marker))
    return "\n".join(lines[:cut]) + "\n"


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Path:
    """A club evening: a Dungeon Upkeeper deal, a Clear the Dungeon deal, two free
    Shuffle and Doom deals, an invalid log and a file that is no log."""
    folder = tmp_path_factory.mktemp("club")
    du = get_game("dungeon-upkeeper").solve(DU_SEED, {"floors": 3}, ()).log
    assert du is not None
    two_floors, one_floor = before(du, "floor 3"), before(du, "floor 2")
    files = {
        "ada.log": tagged(du, "Ada"),
        "bea.log": tagged(du, SCRIPT),
        "cal.log": tagged(two_floors, "Cal"),
        "dan.log": tagged(one_floor, "Dan"),
        "eve.log": tagged(one_floor, "Eve", claim=9999),  # claims the moon: ranks on 1 floor
        "ada-again.log": tagged(one_floor, "  ada "),  # Ada's second log of the deal
    }
    bad = tagged(du, "Fay").splitlines()
    bad.insert(bad.index("floor 2"), "jump N")  # not a verb
    files["fay.log"] = "\n".join(bad) + "\n"
    ctd = get_game("clear-the-dungeon")
    best = ctd.solve(CTD_SEED, {}, ()).log
    assert best is not None
    files["gus.log"] = tagged(best, "Gus")
    files["no-player.log"] = best
    files["hal.log"] = tagged(play(ctd, CTD_SEED, {}, random_player, "hal").log_text(), "Hal")
    one = (EXAMPLES / "playthrough-1-4x4.log").read_text(encoding="utf-8")
    files["ivy.log"] = tagged(one, "Ivy")
    # the same free deal, cards spelled with letters, stopped after the first room
    jo = before(one, "enter a4").replace("Q♦ A♥ K♥ 10♥", "qd ah kh TH").replace(
        "2♥ Q♠ K♦ 7♠", "2h, QS, KD, 7S")
    files["jo.log"] = tagged(jo.replace('[Claim "32"]', ""), "Jo")
    files["kim.log"] = tagged((EXAMPLES / "playthrough-2-7x7.log").read_text(encoding="utf-8"),
                              "Kim")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "notes.txt").write_bytes(b"\x89PNG\x00\x00 not a log")
    return folder


def logs(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file())


def score(path: Path) -> int | None:
    v = validate_path(path)
    assert v.valid, v.error
    return v.score


@pytest.fixture(scope="module")
def standings(club):
    return build_standings(logs(club), season=True)


def deal_of(standings, game: str, **tags: str):
    found = [d for d in standings.deals if d.key.game == game
             and all(dict(d.key.tags).get(k) == v for k, v in tags.items())]
    assert len(found) == 1, [d.key for d in standings.deals]
    return found[0]


def ranked(deal) -> list[tuple[int | None, str]]:
    return [(e.rank, e.player) for e in deal.entries]


# -- grouping and ranking -------------------------------------------------------------

def test_competition_ranks():
    assert competition_ranks([9, 7, 7, 5, None, None]) == [1, 2, 2, 4, 5, 5]
    assert competition_ranks([3, 3, 3]) == [1, 1, 1]
    assert competition_ranks([]) == []


def test_logs_are_grouped_into_deals(standings):
    keys = sorted((d.key.game, d.key.seed, d.key.params, d.key.variants) for d in
                  standings.deals)
    assert keys == [("clear-the-dungeon", CTD_SEED, (), ()),
                    ("dungeon-upkeeper", DU_SEED, (("floors", 3),), ()),
                    ("shuffle-and-doom", "", (("size", 4),), ()),
                    ("shuffle-and-doom", "", (("size", 7),), ())]
    assert standings.logs == 14 and len(standings.invalid) == 2


def test_the_dungeon_upkeeper_deal_ranks_by_computed_score(club, standings):
    d = deal_of(standings, "dungeon-upkeeper")
    assert ranked(d) == [(1, "Ada"), (1, SCRIPT), (3, "Cal"), (4, "Dan"), (4, "Eve"),
                         (None, "ada")]
    par = score(club / "ada.log")
    assert d.par == Par(par, "won", "the run along each floor's par path")
    rows = {e.file: e for e in d.entries}
    cal, dan = score(club / "cal.log"), score(club / "dan.log")
    assert par > cal > dan  # the truncated runs score less
    assert [e.against_par for e in d.entries] == [0, 0, cal - par, dan - par, dan - par,
                                                 dan - par]
    eve = rows[str(club / "eve.log")]
    assert (eve.claim, eve.claim_matches, eve.score) == (9999, False, dan)  # never the claim
    ada = rows[str(club / "ada.log")]
    assert ada.logs_of_player == 2 and ada.counted and ada.other_scores == (dan,)
    again = rows[str(club / "ada-again.log")]
    assert not again.counted and again.rank is None


def test_the_clear_the_dungeon_deal_ranks_a_lost_game_last(club, standings):
    d = deal_of(standings, "clear-the-dungeon")
    assert ranked(d) == [(1, "Gus"), (1, "no-player.log"), (3, "Hal")]
    best = score(club / "gus.log")
    assert d.par.score == best and d.par.status == "won"
    hal = d.entries[2]
    assert hal.outcome == "lost" and hal.score is None and hal.against_par is None
    assert d.entries[1].named_by_file and not d.entries[0].named_by_file


def test_free_deals_group_by_their_tags_in_any_spelling(club, standings):
    one = deal_of(standings, "shuffle-and-doom", row="Q♦ A♥ K♥ 10♥")
    assert ranked(one) == [(1, "Ivy"), (2, "Jo")]
    assert one.par.score is None and "free deal" in one.par.note
    assert dict(one.key.tags) == {"row": "Q♦ A♥ K♥ 10♥", "column": "2♥ Q♠ K♦ 7♠"}
    assert one.entries[0].score == 32 and one.entries[1].outcome == "unfinished"
    two = [d for d in standings.deals if d.key.free and d is not one]
    assert len(two) == 1 and ranked(two[0]) == [(1, "Kim")]


def test_invalid_logs_are_listed_apart_with_their_first_error(club, standings):
    by_file = {Path(i.file).name: i for i in standings.invalid}
    assert sorted(by_file) == ["fay.log", "notes.txt"]
    fay = by_file["fay.log"]
    line = (club / "fay.log").read_text().splitlines().index("jump N") + 1
    assert (fay.player, fay.line, fay.column, fay.game) == ("Fay", line, 1, "dungeon-upkeeper")
    assert fay.error.startswith(f"{club / 'fay.log'}:{line}:1: ") and fay.rule
    notes = by_file["notes.txt"]
    assert notes.named_by_file and notes.rule == "unreadable"
    for d in standings.deals:  # nobody is ranked on an invalid log
        assert "Fay" not in [e.player for e in d.entries]


def test_the_season_ranks_each_game_by_average_against_par_or_the_best(club, standings):
    """One season per game; a player's result on a deal is score minus par (or minus
    the deal's best), a lost game counting as 0 or the deal's lowest; players rank by
    their average per deal played, with at least half the game's deals played."""
    seasons = {x.game: x for x in standings.season}
    assert sorted(seasons) == ["clear-the-dungeon", "dungeon-upkeeper", "shuffle-and-doom"]
    for game, season in seasons.items():
        assert [d.key.game for d in season.deals] == [game] * len(season.deals)
        assert season.minimum == (len(season.deals) + 1) // 2
        for row in season.rows:
            expected = []
            for d in season.deals:
                ref = d.par.score if d.par.score is not None else d.best
                scored = [e.score for e in d.entries if e.counted and e.score is not None]
                mine = next((e for e in d.entries if e.player == row.player and e.counted),
                            None)
                expected.append(None if mine is None else
                                (mine.score if mine.score is not None
                                 else min(0, *scored)) - ref)
            assert [row.result(n) for n in range(len(season.deals))] == expected, row.player
            played = [x for x in expected if x is not None]
            assert (row.total, row.played) == (sum(played), len(played))
        ranked = [r for r in season.rows if r.rank is not None]
        assert all(r.played >= season.minimum for r in ranked)
        assert [r.rank for r in ranked] == competition_ranks([r.average for r in ranked])
    sd = seasons["shuffle-and-doom"]  # two free deals: Ivy and Jo played one, Kim the other
    assert sd.minimum == 1 and {r.player: r.rank for r in sd.rows} == {
        "Ivy": 1, "Kim": 1, "Jo": 3}
    du = {r.player: r for r in seasons["dungeon-upkeeper"].rows}
    assert du["Ada"].results == ((0, 0),) and len(du) == 5  # Ada's two logs are one player


def test_a_lost_game_counts_as_zero_against_par(club):
    s = build_standings([club / "hal.log", club / "gus.log", club / "ivy.log"], season=True)
    ctd = next(x for x in s.season if x.game == "clear-the-dungeon")
    rows = {r.player: r for r in ctd.rows}
    par = ctd.deals[0].par.score
    assert rows["Hal"].results == ((0, -par),) and rows["Gus"].results == ((0, 0),)
    assert [r.player for r in ctd.rows] == ["Gus", "Hal"]
    alone = build_standings([club / "hal.log"], season=True, par=False)
    assert alone.season[0].deals == [] and alone.season[0].unmeasured == 1


def test_par_is_solved_once_per_deal_and_cached(club, monkeypatch):
    calls: list[str] = []
    game = get_game("clear-the-dungeon")
    real = type(game).solve

    def counting(self, seed, params, variants, budget=None):
        calls.append(seed)
        return real(self, seed, params, variants, budget)

    monkeypatch.setattr(type(game), "solve", counting)
    paths = [club / "gus.log", club / "hal.log", club / "no-player.log"] * 3
    cache: dict[DealKey, Par] = {}
    first = build_standings(paths, solved=cache)
    assert calls == [CTD_SEED] and first.par_solved == 1
    build_standings(paths, solved=cache)
    assert calls == [CTD_SEED]  # the cache answered
    none = build_standings(paths, par=False)
    assert calls == [CTD_SEED] and none.deals[0].par.score is None
    assert none.deals[0].entries[0].against_par is None


def test_older_editions_have_no_par(club, tmp_path):
    text = (club / "dan.log").read_text()
    (tmp_path / "old.log").write_text(text.replace('[Edition "2"]', '[Edition "1"]'))
    s = build_standings([tmp_path / "old.log", club / "dan.log"])
    old, new = sorted(s.deals, key=lambda d: d.key.edition)
    assert (old.key.edition, new.key.edition) == (1, 2)  # two deals: not the same game
    assert old.par.score is None and "edition 2 only" in old.par.note
    assert new.par.score is not None


# -- the command ------------------------------------------------------------------------

def test_the_text_table(club):
    r = invoke("standings", *logs(club))
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "14 logs: 12 valid in 4 deals, 2 invalid" in out
    assert re.search(r"^\s+1\s+Ada\s", out, re.M) and re.search(r"^\s+4\s+Eve\s", out, re.M)
    assert "claimed 9999" in out and "2 logs of this deal" in out
    assert "no Player tag" in out and "Invalid logs" in out and "fay.log:" in out
    assert "Season" not in out


def test_json(club):
    r = invoke("standings", *logs(club), "--json", "--season")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert set(data) == {"logs", "valid", "deals", "invalid", "season"}
    du = next(d for d in data["deals"] if d["game"] == "dungeon-upkeeper")
    assert du["params"] == {"floors": 3} and du["seed"] == DU_SEED
    assert [e["rank"] for e in du["entries"]] == [1, 1, 3, 4, 4, None]
    assert du["entries"][0]["other_scores"] == [score(club / "dan.log")]
    fay = next(i for i in data["invalid"] if i["file"].endswith("fay.log"))
    assert fay["error"]["rule"] and fay["error"]["line"] > 1
    assert "par" in data["season"]["note"]
    games = {x["game"]: x for x in data["season"]["games"]}
    assert games["dungeon-upkeeper"]["rows"][0]["rank"] == 1
    assert games["dungeon-upkeeper"]["minimum_deals"] == 1


class _Balance(HTMLParser):
    """Every tag closed in order (void tags aside), no script, the cells' text."""

    VOID = {"meta", "br", "img", "hr", "link", "input"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tags: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.add(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack.pop() != tag:
            self.errors.append(tag)


def test_html_is_well_formed_escaped_and_holds_every_row(club, standings, tmp_path):
    r = invoke("standings", *logs(club), "--season", "--out", tmp_path / "s.html",
               "--title", "Tuesday <club> & friends")
    assert r.exit_code == 0, r.output
    data = (tmp_path / "s.html").read_bytes()
    assert data == render_html(standings, "Tuesday <club> & friends")  # same bytes
    text = data.decode("utf-8")
    assert text.startswith("<!DOCTYPE html>")
    root = ET.fromstring(text.split("\n", 1)[1])  # XHTML-style: XML well-formed
    balance = _Balance()
    balance.feed(text)
    assert balance.errors == [] and balance.stack == []
    assert "script" not in balance.tags and "<script" not in text
    assert "&lt;script&gt;" in text and "Tuesday &lt;club&gt; &amp; friends" in text
    ns = ""
    players = ["".join(td.itertext()) for td in root.iter(f"{ns}td")
               if "player" in (td.get("class") or "")]
    for d in standings.deals:
        for e in d.entries:
            assert (f"({e.player})" if e.named_by_file else e.player) in players
    assert SCRIPT in players
    assert "overflow-x: auto" in text and "@media print" in text
    assert 'name="viewport"' in text and "<style>" in text


def test_pdf_renders_and_holds_the_names(club, tmp_path):
    r = invoke("standings", *logs(club), "--season", "--out", tmp_path / "s.pdf",
               "--paper", "letter")
    assert r.exit_code == 0, r.output
    pdf = pdfium.PdfDocument(tmp_path / "s.pdf")
    assert round(pdf[0].get_size()[0]) == 612  # Letter
    text = " ".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    flat = " ".join(text.split())
    for name in ("Ada", "Cal", "Dan", "Eve", "Gus", "Hal", "Ivy", "Jo", "Kim",
                 "(no-player.log)", "Season", "Fay", "jump"):
        assert name in flat, name
    assert "alert" in flat and "9999" in flat
    img = pdf[0].render(scale=1).to_pil().convert("L")
    assert img.getextrema()[0] < 100  # ink on the page
    s = build_standings(logs(club), season=True)
    assert render_pdf(s) == render_pdf(s)  # reproducible


def test_csv_round_trips(club, standings, tmp_path):
    r = invoke("standings", *logs(club), "--season", "--out", tmp_path / "s.csv")
    assert r.exit_code == 0, r.output
    data = (tmp_path / "s.csv").read_bytes()
    assert data == render_csv(standings)
    rows = list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))
    assert rows == csv_rows(standings)
    head = rows[0]
    sections = [row[0] for row in rows[1:]]
    assert sections.count("deal") == 12 and sections.count("invalid") == 2
    assert sections.count("season") == 11
    players = {row[head.index("player")] for row in rows[1:]}
    assert SCRIPT in players and "Ada" in players


def test_csv_keeps_a_formula_from_running(tmp_path, club):
    text = tagged((club / "gus.log").read_text().replace('[Player "Gus"]\n', ""),
                  "=HYPERLINK(\"http://x\")")
    (tmp_path / "f.log").write_text(text)
    rows = csv_rows(build_standings([tmp_path / "f.log"], par=False))
    assert rows[1][rows[0].index("player")] == "'=HYPERLINK(\"http://x\")"


def test_out_to_a_folder_and_refusals(club, tmp_path):
    r = invoke("standings", club / "gus.log", "--out", f"{tmp_path}/")
    assert r.exit_code == 0 and (tmp_path / "standings.html").is_file()
    r = invoke("standings", club / "gus.log", "--out", tmp_path / "s.txt")
    assert r.exit_code == 2 and "must end in .html, .pdf or .csv" in r.stderr
    r = invoke("standings", club / "gus.log", "--out", "-")
    assert r.exit_code == 2 and r.stdout == ""
    r = invoke("standings", club / "gus.log", "--paper", "letter")
    assert r.exit_code == 2 and "--paper is for --out FILE.pdf" in r.stderr
    r = runner.invoke(app, ["standings", str(club / "gus.log"), "--no-par"],
                      env={"COMPANION_PAPER": "a5"})  # no PDF: the paper is not read
    assert r.exit_code == 0, r.output
    victim = tmp_path / "log.csv"  # a log whose name ends in .csv
    shutil.copy(club / "gus.log", victim)
    r = invoke("standings", victim, "--out", victim)
    assert r.exit_code == 2 and "one of the logs" in r.stderr
    assert victim.read_text() == (club / "gus.log").read_text()


@pytest.mark.parametrize("case", ["none", "missing", "folder", "permission"])
def test_bad_inputs_are_one_message_and_exit_2(case, club, tmp_path):
    out = tmp_path / "s.html"
    if case == "none":
        args: list[object] = []
    elif case == "missing":
        args = [club / "ada.log", tmp_path / "nope.log"]
    elif case == "folder":
        args = [club / "ada.log", club]
    else:
        if os.geteuid() == 0:
            pytest.skip("root reads any file")
        locked = tmp_path / "locked.log"
        shutil.copy(club / "ada.log", locked)
        locked.chmod(0)
        args = [locked]
    r = invoke("standings", *args, "--out", out)
    assert r.exit_code == 2, r.output
    assert r.stdout == "" and not out.exists()
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    assert {"none": "needs logs", "missing": "nope.log: no such file",
            "folder": "is a folder", "permission": "permission denied"}[case] in lines[0]


def test_standard_input_is_one_log(club):
    text = (club / "gus.log").read_text()
    r = runner.invoke(app, ["standings", "-", "--json", "--no-par"], input=text)
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["deals"][0]["entries"][0]["player"] == "Gus"
    r = invoke("standings", "-", "-")
    assert r.exit_code == 2 and "only once" in r.stderr


def test_hostile_names_and_files_cannot_steer_or_break_an_output(club, tmp_path):
    """A Player tag with a terminal escape sequence, a file name that is not UTF-8, a
    log over the size limit: each is shown safely, and every output is still made."""
    text = (club / "gus.log").read_text().replace("Gus", "\x1b[2J\x07Mallory\x7f")
    odd = os.fsdecode(b"odd-\xff\xfe.log")
    (tmp_path / odd).write_text(text)
    (tmp_path / "huge.log").write_bytes(b'[Game "scoundrel"]\n' + b"#" * 2_100_000)
    paths = [tmp_path / odd, tmp_path / "huge.log"]
    s = build_standings(paths, par=False, season=True)
    entry = s.deals[0].entries[0]
    assert entry.player == "\ufffd[2J\ufffdMallory\ufffd" and "\ufffd" in entry.file
    assert s.invalid[0].rule == "unreadable" and "too long" in s.invalid[0].message
    ET.fromstring(render_html(s).decode("utf-8").split("\n", 1)[1])
    assert "Mallory" in pdfium.PdfDocument(render_pdf(s))[0].get_textpage().get_text_range()
    rows = list(csv.reader(io.StringIO(render_csv(s).decode("utf-8"), newline="")))
    assert rows == csv_rows(s)
    r = invoke("standings", *paths)
    assert r.exit_code == 0 and "\x1b" not in r.stdout and "Mallory" in r.stdout


def test_memory_does_not_grow_with_the_number_of_logs(club, tmp_path):
    """Only a small row is kept per log: the peak over 240 logs stays within a small
    allowance per log of the peak over 24 (a replay's states and the log text are let
    go after each verdict)."""
    src = (club / "cal.log").read_text()
    for n in range(240):
        (tmp_path / f"p{n:03}.log").write_text(src.replace("Cal", f"Player {n}"))
    paths = sorted(tmp_path.glob("*.log"))

    def peak(some: list[Path]) -> int:
        tracemalloc.start()
        build_standings(some, par=False)
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    small, large = peak(paths[:24]), peak(paths)
    assert large - small < 216 * 3_000, (small, large)


def test_timing_of_a_club_evening(club, tmp_path):
    """200 logs of four deals (par solved for two) in well under a minute."""
    for i, p in enumerate(logs(club) * 15):
        if len(list(tmp_path.iterdir())) >= 200:
            break
        (tmp_path / f"{i:03}-{p.name}").write_bytes(p.read_bytes())
    start = time.perf_counter()
    s = build_standings(sorted(tmp_path.iterdir()), season=True)
    spent = time.perf_counter() - start
    assert s.logs == 200 and s.par_solved == 2
    assert spent < 60, spent
