"""Club play, the daily deal (issue 16): ``companion daily GAME [--date] [--print]``."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import subprocess
import sys

import pypdfium2 as pdfium
import pytest
from pdfcheck import qr_texts, render_page
from typer.testing import CliRunner

from companion.cli import app, only_the_command
from companion.club import daily_seed, parse_date, today_utc
from companion.errors import ParameterError
from companion.games import GAME_NAMES, get_game
from companion.seeds import CROCKFORD, canonical_payload, normalize_seed, parse_payload

runner = CliRunner()

# the game API (base.py and the two modules it re-exports): imported at start-up, no game
GAME_API_MODULES = ("companion.games.base", "companion.games.model", "companion.games.header")


# (game, date) -> the seed of that day. Hard-coded: a change here changes every club's
# daily deal, past ones included, so it must never happen by accident.
GOLDEN = {
    ("shuffle-and-doom", "2026-01-01"): "P0RM-2EAN",
    ("shuffle-and-doom", "2026-11-21"): "8D0T-ZYB5",
    ("clear-the-dungeon", "2026-11-21"): "DFR9-1E48",
    ("clear-the-dungeon", "2000-02-29"): "3DQJ-6B70",
    ("dungeon-upkeeper", "2026-11-21"): "18NJ-VD2N",
    ("dungeon-upkeeper", "2099-12-31"): "J27D-N0BJ",
    ("dungeon-solitaire", "2026-11-21"): "74WK-FDWX",
    ("scoundrel", "2026-11-21"): "2QYF-MPT3",
}
SEED_FORM = re.compile(f"[{CROCKFORD}]{{4}}-[{CROCKFORD}]{{4}}")


def invoke(*args: object):
    return runner.invoke(app, [str(a) for a in args])


@pytest.mark.parametrize(("game", "day"), sorted(GOLDEN))
def test_golden_daily_seeds(game, day):
    assert daily_seed(game, dt.date.fromisoformat(day)) == GOLDEN[game, day]


def _by_the_documented_derivation(game: str, day: str) -> str:
    """docs/club.md, computed here without the project's generator: the first
    xoshiro256** output of the stream ("daily", GAME, DATE) is rotl(s1 * 5, 7) * 9, with
    s1 the second little-endian word of SHA-256("companion-rng/1\\0daily\\0GAME\\0DATE");
    its top 40 bits are the seed, in Crockford base32, 4 + 4 characters."""
    digest = hashlib.sha256(f"companion-rng/1\0daily\0{game}\0{day}".encode()).digest()
    s1 = int.from_bytes(digest[8:16], "little")
    mask = (1 << 64) - 1
    x = (s1 * 5) & mask
    x = (((x << 7) | (x >> 57)) & mask) * 9 & mask
    top = x >> 24
    chars = "".join(CROCKFORD[(top >> (5 * i)) & 31] for i in range(7, -1, -1))
    return chars[:4] + "-" + chars[4:]


@pytest.mark.parametrize(("game", "day"), sorted(GOLDEN))
def test_the_derivation_is_the_documented_one(game, day):
    assert _by_the_documented_derivation(game, day) == GOLDEN[game, day]


def test_the_seed_differs_across_games_and_dates_and_reads_like_any_seed():
    start = dt.date(2026, 1, 1)
    seen: dict[str, tuple[str, dt.date]] = {}
    for n in range(400):
        day = start + dt.timedelta(days=n)
        for game in GAME_NAMES:
            seed = daily_seed(game, day)
            assert SEED_FORM.fullmatch(seed), seed
            assert normalize_seed(seed.lower()) == seed  # reads and normalizes as any seed
            assert seed not in seen, (seed, game, day, seen.get(seed))
            seen[seed] = (game, day)
    assert daily_seed(" Shuffle-And-Doom ", start) == daily_seed("shuffle-and-doom", start)


def test_the_seed_is_the_same_in_another_process_and_hash_seed():
    code = ("import datetime as d; from companion.club import daily_seed; "
            "print(daily_seed('clear-the-dungeon', d.date(2026, 11, 21)))")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env)
    assert out.stdout.strip() == GOLDEN["clear-the-dungeon", "2026-11-21"]


def test_daily_prints_the_seed_of_the_given_day():
    r = invoke("daily", "shuffle-and-doom", "--date", "2026-11-21")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0] == ("shuffle-and-doom, daily deal of 2026-11-21: seed "
                                        "8D0T-ZYB5")
    assert "--date 2026-11-21 --print" in r.stdout
    # the game may come after the options, as in map and sheets
    assert invoke("daily", "--date", "2026-11-21", "shuffle-and-doom").stdout == r.stdout


def test_daily_defaults_to_today_in_utc():
    before = today_utc()
    r = invoke("daily", "dungeon-upkeeper", "--json")
    after = today_utc()
    assert r.exit_code == 0, r.output
    row = json.loads(r.stdout)
    assert row["date"] in (before.isoformat(), after.isoformat())
    assert row["date"] == dt.datetime.now(dt.UTC).date().isoformat() or before != after
    assert row["seed"] == daily_seed("dungeon-upkeeper", dt.date.fromisoformat(row["date"]))
    assert "today in UTC" in " ".join(invoke("daily", "--help").stdout.split())


def test_daily_json_names_the_payload_with_parameters_and_variants():
    r = invoke("daily", "clear-the-dungeon", "--date", "2026-11-21", "--variant",
               "reserve", "--json")
    assert r.exit_code == 0, r.output
    row = json.loads(r.stdout)
    assert row == {"game": "clear-the-dungeon", "date": "2026-11-21", "seed": "DFR9-1E48",
                   "edition": get_game("clear-the-dungeon").edition,
                   "payload": "companion:1/ctd/DFR9-1E48/variant=reserve", "params": {},
                   "variants": ["reserve"]}
    r = invoke("daily", "dungeon-upkeeper", "--date", "2026-11-21", "--floors", "3", "--json")
    payload = parse_payload(json.loads(r.stdout)["payload"])
    assert (payload.seed, payload.params) == ("18NJ-VD2N", {"floors": "3"})


@pytest.mark.parametrize("date", ["21/11/2026", "2026-02-30", "2026-1-5", "20261121",
                                  "tomorrow", "", "2026-11-21T00:00"])
def test_a_bad_date_is_one_message_and_exit_2(date):
    r = invoke("daily", "shuffle-and-doom", "--date", date)
    assert r.exit_code == 2 and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "--date" in lines[0] and "Traceback" not in r.stderr
    with pytest.raises(ParameterError):
        parse_date(date)


def test_print_options_without_print_are_refused():
    r = invoke("daily", "shuffle-and-doom", "--kind", "map")
    assert r.exit_code == 2 and "--kind is for --print" in r.stderr


def test_daily_print_writes_the_pack(tmp_path):
    out = tmp_path / "daily.pdf"
    r = invoke("daily", "clear-the-dungeon", "--date", "2026-11-21", "--print", "--out", out)
    assert r.exit_code == 0, r.output
    assert "seed DFR9-1E48" in r.stdout and str(out) in r.stdout
    pdf = pdfium.PdfDocument(out)
    assert len(pdf) > 3  # a cover, the sheets, the booklet
    meta = pdf.get_metadata_dict()
    assert "DFR9-1E48" in " ".join(str(v) for v in meta.values())


def test_the_printed_daily_sheet_scans_as_its_seed(tmp_path):
    r = invoke("daily", "shuffle-and-doom", "--date", "2026-11-21", "--print", "--kind",
               "map", "--out", tmp_path / "map.pdf")
    assert r.exit_code == 0, r.output
    codes = qr_texts(render_page(pdfium.PdfDocument(tmp_path / "map.pdf"), 0))
    assert [canonical_payload(c) for c in codes] == ["companion:1/sd/8D0T-ZYB5/size=7"]
    r = invoke("scan", tmp_path / "map.pdf", "--json")
    assert json.loads(r.stdout)[0]["seed"] == "8D0T-ZYB5"


def test_daily_print_with_json_names_the_file(tmp_path):
    r = invoke("daily", "dungeon-upkeeper", "--date", "2026-11-21", "--floors", "2",
               "--print", "--kind", "map", "--out", f"{tmp_path}/", "--json")
    assert r.exit_code == 0, r.output
    row = json.loads(r.stdout)  # nothing else on stdout
    assert row["file"] == str(tmp_path / "dungeon-upkeeper-18NJ-VD2N-floors2-map-a4.pdf")
    assert (tmp_path / "dungeon-upkeeper-18NJ-VD2N-floors2-map-a4.pdf").is_file()
    r = invoke("daily", "dungeon-upkeeper", "--print", "--out", "-", "--json")
    assert r.exit_code == 2 and "--out -" in r.stderr


def test_daily_help_per_game_and_completion():
    r = invoke("daily", "dungeon-upkeeper", "--help")
    assert r.exit_code == 0
    assert "--floors N" in r.stdout and "Example: companion daily dungeon-upkeeper" in r.stdout
    assert "Example: companion daily" in invoke("daily", "--help").stdout
    r = runner.invoke(app, [], env={"_COMPANION_COMPLETE": "complete_bash",
                                    "COMP_WORDS": "companion daily sh", "COMP_CWORD": "2"})
    assert r.stdout.split() == ["shuffle-and-doom"]
    r = runner.invoke(app, [], env={"_COMPANION_COMPLETE": "complete_bash",
                                    "COMP_WORDS": "companion daily clear-the-dungeon "
                                    "--print --kind d", "COMP_CWORD": "5"})
    assert r.stdout.split() == ["deck"]


@pytest.mark.parametrize("command", ["daily", "standings"])
def test_only_the_command_builds_the_club_commands(command):
    lean = only_the_command([command, "--help"])
    assert [c.name for c in lean.registered_commands] == [command]
    r = runner.invoke(lean, [command, "--help"])
    assert r.exit_code == 0 and r.output == invoke(command, "--help").output


def test_every_registered_command_has_an_example():
    for c in app.registered_commands:
        r = invoke(c.name, "--help")
        assert r.exit_code == 0, (c.name, r.output)
        assert "Example: companion" in r.output, c.name


def test_help_imports_no_engine_and_no_reportlab():
    code = ("import sys; from companion.cli import main; sys.argv=['companion','--help']\n"
            f"BASE = {GAME_API_MODULES!r}\n"
            "try:\n main()\nexcept SystemExit: pass\n"
            "mods=[m for m in sys.modules if m.startswith(('reportlab', 'companion.games.',"
            " 'companion.replay', 'companion.standings_report'))\n"
            "      and m not in BASE]\nprint('MODS', mods)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert "MODS []" in out.stdout and "daily" in out.stdout and "standings" in out.stdout
