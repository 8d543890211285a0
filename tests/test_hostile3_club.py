"""Round three of hostile input (issue 24), the club's standings: outputs that stay
bounded and readable whatever the logs hold, players told apart and shown safely,
seasons per game ranked fairly, ``--out`` that prints one line, a page for phones."""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
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


PARS: dict = {}
"""Par of the season's deals, solved once for all the tests (``build_standings``'s
cache)."""


def season_json(folder: Path, **options: object) -> dict:
    s = build_standings(sorted(folder.iterdir()), season=True, solved=PARS, **options)
    return json.loads(json.dumps(s.to_json()))


def test_a_season_is_per_game_and_one_good_deal_does_not_outrank_four(season_logs):
    games = {x["game"]: x for x in season_json(season_logs)["season"]["games"]}
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
    games = season_json(season_logs, min_deals=1)["season"]["games"]
    rows = {x["player"]: x for x in games[1]["rows"]}
    assert (rows["Ada"]["rank"], rows["Bob"]["rank"]) == (1, 2)
    r = invoke("standings", *sorted(season_logs.iterdir()), "--min-deals", "1")
    assert r.exit_code == 2 and "--min-deals is for --season" in r.stderr


def test_the_csv_has_each_season_players_result_on_each_deal(season_logs):
    s = build_standings(sorted(season_logs.iterdir()), season=True, solved=PARS)
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
    assert bob == {sc.deals[n].key.seed: r for n, r in next(
        r for r in sc.rows if r.player == "Bob").results}
    assert all(x[col["season_reference"]] == "30" for x in per_deal
               if x[col["game"]] == "scoundrel" and x[col["seed"]] == "S1")
    assert len(per_deal) == 6  # one row per player and deal played: no empty grid
    assert all(len(x) == len(head) for x in rows)


# -- item 1: outputs stay bounded and readable ----------------------------------------

def outputs(s, title: str = "Standings") -> dict[str, bytes]:
    return {"text": render_text(s).encode("utf-8"), "html": render_html(s, title),
            "csv": render_csv(s), "pdf": render_pdf(s, title)}


def test_a_very_long_name_or_title_is_clipped_not_a_crash(tmp_path):
    long = "A" * 1800
    (tmp_path / "a.log").write_text(with_player(EXAMPLE, long), encoding="utf-8")
    (tmp_path / "b.log").write_text(with_player('[Game "scoundrel"]\nroom\n', "B" * 1900),
                                    encoding="utf-8")  # invalid: the other table
    s = build_standings([tmp_path / "a.log", tmp_path / "b.log"], par=False, season=True)
    out = outputs(s, "T" * 5000)
    assert len(pdfium.PdfDocument(out["pdf"])) == 1
    for fmt in ("text", "html"):
        text = out[fmt].decode("utf-8")
        assert "A" * 47 + "…" in text and "A" * 49 not in text, fmt
        assert "B" * 47 + "…" in text and "B" * 49 not in text, fmt
        assert "T" * 121 not in text, fmt
    assert "T" * 119 + "…" in out["html"].decode("utf-8")
    assert long in out["csv"].decode("utf-8")  # the data keeps the whole name
    assert json.loads(json.dumps(s.deals[0].to_json()))["entries"][0]["player"] == long
    r = invoke("standings", tmp_path / "a.log", "--out", tmp_path / "s.pdf")
    assert r.exit_code == 0 and "Traceback" not in r.output, r.output


def test_many_logs_of_one_player_are_summarised(tmp_path):
    log = tmp_path / "ada.log"
    log.write_text(with_player(EXAMPLE, "Ada"), encoding="utf-8")
    s = build_standings([log] * 800, par=False)
    (deal,) = s.deals
    assert len(deal.entries) == 800
    out = outputs(s)
    assert len(pdfium.PdfDocument(out["pdf"])) == 1  # was a LayoutError: a cell taller than a page
    text = out["text"].decode("utf-8")
    assert len(text.splitlines()) < 12 and max(map(len, text.splitlines())) < 200
    assert "800 logs of this deal: this best one counts; the others scored 32, 32, 32, 32, 32 and 794 more" \
        in text
    assert "796 more logs of this player, not ranked (score 32)" in text
    assert len(out["html"]) < 20_000
    assert out["csv"].decode("utf-8").count("\r\n") == 801  # the data: every log


def test_a_free_deal_of_many_tags_has_a_short_label(tmp_path):
    lines = EXAMPLE.splitlines()
    cut = next(i for i, x in enumerate(lines) if x.startswith("[Claim"))
    tags = [f'[T{k} "value {k}"]' for k in range(10_000)]
    (tmp_path / "t.log").write_text("\n".join([*lines[:cut], *tags, *lines[cut:]]) + "\n",
                                    encoding="utf-8")
    s = build_standings([tmp_path / "t.log"], par=False, season=True)
    assert len(s.deals[0].key.tags) == 10_002  # the deal is still told apart by all
    label = s.deals[0].key.label("Shuffle and Doom!")
    assert len(label) < 400 and label.endswith("and 9,996 more tags, edition 1")
    out = outputs(s)
    assert len(pdfium.PdfDocument(out["pdf"])) == 1  # each page re-wrapped the label
    assert max(len(x) for x in out["text"].decode("utf-8").splitlines()) < 400
    assert len(out["html"]) < 20_000 and len(out["csv"]) < 5_000


def test_a_season_of_many_deals_grows_with_the_logs_not_their_square(tmp_path):
    n = 250  # 250 players, each on a deal of their own (2,000 wrote 94 MB of HTML)
    paths = []
    for k in range(n):
        paths.append(tmp_path / f"p{k:03}.log")
        paths[-1].write_text(scoundrel(f"S{k}", f"Player {k}"), encoding="utf-8")
    s = build_standings(paths, par=False, season=True)
    html = render_html(s)
    assert len(html) < 1_500 * n, len(html)
    assert "D13" not in html.decode("utf-8")  # no column per deal beyond 12
    assert len(render_csv(s)) < 1_000 * n
    assert len(render_text(s)) < 600 * n
    assert len(s.deals) == n and len(s.season[0].rows) == n  # type: ignore[index]
    # what is kept grows with the logs too: a result per deal played, not per deal
    assert sum(len(r.results) for r in s.season[0].rows) == n  # type: ignore[index]


# -- item 5: a page a phone reads without scrolling sideways -----------------------------

def test_the_page_stacks_rows_as_cards_on_a_phone_and_headings_name_the_deal(season_logs):
    s = build_standings(sorted(season_logs.iterdir()), season=True, solved=PARS)
    text = render_html(s).decode("utf-8")
    root = ET.fromstring(text.split("\n", 1)[1])
    css = text[text.index("<style>"):text.index("</style>")]
    phone = css[css.index("@media screen and (max-width: 40rem)"):css.index("@media print")]
    # rows become cards whose cells name their column: no table wider than the screen
    assert "display: block" in phone and "content: attr(data-label)" in phone
    assert "min-width: 0" in phone and ".scroll { overflow: visible" in phone
    for table in root.iter("table"):
        head = [th.text for th in table.iter("th")]
        body = table.find("tbody")
        assert body is not None and len(body) > 0
        for tr in body:
            assert [td.get("data-label") for td in tr] == head
    # no width a phone (390 px) cannot hold, anywhere in the page's CSS
    for prop, value, unit in re.findall(r"(?<![-\w])(min-width|width):\s*([\d.]+)(rem|px)",
                                        css):
        assert float(value) * (16 if unit == "rem" else 1) <= 390, (prop, value, unit)
    # each deal's heading names it: the game and its seed (both Scoundrel deals differ)
    headings = ["".join(h.itertext()) for sec in root.iter("section")
                if sec.get("class") == "deal" for h in sec.iter("h2")]
    assert "Clear the Dungeon, seed CLUB-CTD" in headings
    assert {f"Scoundrel, seed S{k}" for k in range(1, 5)} <= set(headings)
    assert len(set(headings)) == len(headings) == len(s.deals)
    assert "Season: Scoundrel" in ["".join(h.itertext()) for h in root.iter("h3")]


def test_a_heading_names_the_parameters_and_variants_too():
    from companion.club import Deal, DealKey, Par, Standings
    from companion.standings_report import deal_heading

    key = DealKey("clear-the-dungeon", "K7Q2-9XMA", (("size", 9),), ("reserve",), 1)
    deal = Deal(key, "Clear the Dungeon", [], Par(None, "none"))
    assert deal_heading(deal) == "Clear the Dungeon, seed K7Q2-9XMA, size 9, reserve"
    page = render_html(Standings([deal], [], 0)).decode("utf-8")
    assert "<h2>Clear the Dungeon, seed K7Q2-9XMA, size 9, reserve</h2>" in page


def test_a_hand_record_clips_a_long_name_too(tmp_path):
    from companion.hand_record import gather

    best = get_game("scoundrel").solve("S1", {}, ()).log
    assert best is not None
    (tmp_path / "a.log").write_text(with_player(best, "A" * 1800), encoding="utf-8")
    record = gather(get_game("scoundrel"), "S1", {}, (), {"from_logs": [tmp_path]})
    words = record.best_words()
    assert words.startswith("Best at the table: " + "A" * 47 + "…,") and len(words) < 150
    assert record.table_rows()[1][1] == "A" * 47 + "…"
    assert record.to_json()["table"]["players"][0]["player"] == "A" * 1800


def test_a_season_with_nothing_to_measure_says_so_in_every_output(tmp_path):
    (tmp_path / "hal.log").write_text('[Game "clear-the-dungeon"]\n[Seed "S1"]\n'
                                      '[Player "Hal"]\n', encoding="utf-8")
    s = build_standings([tmp_path / "hal.log"], par=False, season=True)
    assert s.season is not None and s.season[0].deals == [] and s.season[0].rows == []
    said = "Nothing to rank: no par and nobody scored on its 1 deal."
    out = outputs(s)
    assert said in out["text"].decode("utf-8") and "Average" not in out["text"].decode()
    assert said in out["html"].decode("utf-8") and said in pdf_text(out["pdf"])
