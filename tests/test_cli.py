"""The command line: exit codes, messages, JSON (docs/command-line.md). Never a traceback."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app

EXAMPLES = Path(__file__).parent / "examples" / "shuffle-and-doom"
GOOD = EXAMPLES / "playthrough-1-4x4.log"
runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_games_lists_every_game():
    r = invoke("games")
    assert r.exit_code == 0 and "shuffle-and-doom" in r.stdout and "--size" in r.stdout
    data = json.loads(invoke("games", "--json").stdout)
    assert data[0]["code"] == "sd" and {s["kind"] for s in data[0]["sheets"]} >= {"map", "stack", "log"}


def test_validate_valid_log():
    r = invoke("validate", GOOD)
    assert r.exit_code == 0
    assert "valid, cleared, score 32, claim 32 matches" in r.stdout


def test_validate_json_shape():
    r = invoke("validate", "--json", GOOD)
    data = json.loads(r.stdout)
    assert r.exit_code == 0 and len(data) == 1
    assert set(data[0]) == {"file", "game", "seed", "valid", "outcome", "score", "claim",
                            "claim_matches", "error", "summary"}
    assert data[0]["score"] == 32 and data[0]["error"] is None


def test_invalid_log_reports_position_and_exit_1(tmp_path):
    text = GOOD.read_text("utf-8").replace("hit K♠", "hit Q♠", 1)
    bad = tmp_path / "bad.log"
    bad.write_text(text, "utf-8")
    r = invoke("validate", bad)
    assert r.exit_code == 1
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith("hit Q♠"))
    assert f"{bad}:{line}:5: cannot hit Q♠" in r.stderr
    assert "Traceback" not in r.output
    data = json.loads(invoke("validate", "--json", bad).stdout)[0]
    assert data["valid"] is False and data["error"]["line"] == line
    assert data["error"]["rule"] == "hit-target"


def test_claim_mismatch_exit_1(tmp_path):
    p = tmp_path / "claim.log"
    p.write_text(GOOD.read_text("utf-8").replace('[Claim "32"]', '[Claim "30"]'), "utf-8")
    r = invoke("score", p)
    assert r.exit_code == 1 and "claim 30 does NOT match" in r.stdout
    r = invoke("score", GOOD)
    assert r.exit_code == 0 and "score 32" in r.stdout


@pytest.mark.parametrize("content", [b"", b"\x00\x01\x02binary", b"\xff\xfe[Game", b"hit K\xe2\x99\xa0\n",
                                     b'[Game "chess"]\n'])
def test_unreadable_inputs_exit_2(tmp_path, content):
    p = tmp_path / "x.log"
    p.write_bytes(content)
    r = invoke("validate", p)
    assert r.exit_code == 2, r.output
    assert str(p) in r.stderr and "Traceback" not in r.output


def test_missing_file_exit_2(tmp_path):
    r = invoke("validate", tmp_path / "nope.log")
    assert r.exit_code == 2 and "no such file" in r.stderr


def test_mixed_logs_take_the_worst_exit(tmp_path):
    p = tmp_path / "x.log"
    p.write_bytes(b"")
    assert invoke("validate", GOOD, p).exit_code == 2


@pytest.mark.parametrize("args,needle", [
    (["map", "shuffle-and-doom", "--size", "40", "--json"], "out of range"),
    (["map", "shuffle-and-doom", "--size", "x", "--json"], "whole number"),
    (["map", "shuffle-and-doom", "--seed", "bad seed!", "--json"], "seed"),
    (["map", "chess", "--json"], "unknown game"),
    (["map", "shuffle-and-doom", "--floors", "3", "--json"], "no option --floors"),
    (["map", "shuffle-and-doom", "--paper", "a3"], "a4 or letter"),
    (["sheets", "shuffle-and-doom", "--kind", "tiles", "--json"], "no sheet kind"),
])
def test_usage_errors_exit_2(args, needle):
    r = invoke(*args)
    assert r.exit_code == 2, r.output
    assert needle in r.stderr and "Traceback" not in r.output


def test_map_json_describes_the_deal():
    r = invoke("map", "shuffle-and-doom", "--seed", "k7q2-9xma", "--size", "5", "--json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert data["seed"] == "K7Q2-9XMA" and data["size"] == 5 and len(data["grid"]) == 5
    assert data["payload"] == "companion:1/sd/K7Q2-9XMA/size=5"


def test_fresh_seed_is_printed():
    r = invoke("map", "shuffle-and-doom", "--json")
    assert r.exit_code == 0 and r.stderr.startswith("seed ")
    assert json.loads(r.stdout)["seed"] == r.stderr.split()[1]


def test_python_dash_m_and_help_import_no_heavy_modules():
    code = ("import sys, runpy; sys.argv=['companion','--help']\n"
            "try:\n runpy.run_module('companion', run_name='__main__')\n"
            "except SystemExit: pass\n"
            "heavy=[m for m in ('reportlab','qrcode','pypdfium2','zxingcpp','PIL','cv2','numpy') if m in sys.modules]\n"
            "print('HEAVY', heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "HEAVY []" in out.stdout and "validate" in out.stdout


def test_every_help_has_an_example():
    """docs/command-line.md: every command has --help with an example (the top level too)."""
    runner = CliRunner()
    commands = ["games", "map", "sheets", "booklet", "pack", "validate", "score", "scan",
                "solve"]
    for args in ([], *([c] for c in commands)):
        r = runner.invoke(app, [*args, "--help"])
        assert r.exit_code == 0, (args, r.output)
        assert "Example: companion" in r.output, args
