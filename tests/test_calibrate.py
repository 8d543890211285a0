"""Printer settings remembered (docs/printing.md, Backs): ``companion calibrate --save X,Y``
stores the back offset per paper in the config folder; two-sided sheets and packs use
it unless ``--back-offset`` says otherwise."""

from __future__ import annotations

import json
import os
from pathlib import Path

from typer.testing import CliRunner

from companion.cli import app

runner = CliRunner()
SEED = "K7Q2-9XMA"


def _sheet(tmp_path: Path, name: str, *args: str) -> tuple[bytes, str]:
    out = tmp_path / name
    r = runner.invoke(app, ["sheets", "dungeon-solitaire", "--seed", SEED, "--out",
                            str(out), *args])
    assert r.exit_code == 0, r.output
    return out.read_bytes(), r.stderr


def test_a_saved_offset_is_used_by_duplex_sheets_and_overridable(tmp_path):
    plain, _ = _sheet(tmp_path, "plain.pdf", "--kind", "tiles")
    explicit, _ = _sheet(tmp_path, "explicit.pdf", "--kind", "tiles", "--back-offset",
                         "1.5,-0.5")
    assert explicit != plain
    r = runner.invoke(app, ["calibrate", "--save", "1.5,-0.5"])
    assert r.exit_code == 0 and "saved back offset 1.5,-0.5 mm for a4" in r.stdout
    saved, err = _sheet(tmp_path, "saved.pdf", "--kind", "tiles")
    assert saved == explicit and "saved back offset 1.5,-0.5" in err
    override, _ = _sheet(tmp_path, "override.pdf", "--kind", "tiles", "--back-offset", "0,0")
    assert override == plain
    # another paper has its own setting; one-sided sheets never use it
    letter, err = _sheet(tmp_path, "letter.pdf", "--kind", "tiles", "--paper", "letter")
    assert "saved back offset" not in err
    mat, err = _sheet(tmp_path, "mat.pdf", "--kind", "mat")
    assert "saved back offset" not in err
    assert runner.invoke(app, ["calibrate"]).stdout.splitlines()[:2] == [
        "a4: 1.5,-0.5 mm", "letter: none saved"]
    r = runner.invoke(app, ["calibrate", "--clear"])
    assert r.exit_code == 0
    again, err = _sheet(tmp_path, "again.pdf", "--kind", "tiles")
    assert again == plain and "saved back offset" not in err


def test_pack_uses_the_saved_offset_and_takes_back_offset(tmp_path):
    def pack(name: str, *args: str) -> bytes:
        out = tmp_path / name
        r = runner.invoke(app, ["pack", "dungeon-solitaire", "--seed", SEED, "--out",
                                str(out), *args])
        assert r.exit_code == 0, r.output
        return out.read_bytes()

    plain = pack("plain.pdf")
    explicit = pack("explicit.pdf", "--back-offset", "2,1")
    assert explicit != plain
    assert runner.invoke(app, ["calibrate", "--save", "2,1"]).exit_code == 0
    assert pack("saved.pdf") == explicit
    assert pack("zero.pdf", "--back-offset", "0,0") == plain


def test_bad_offsets_and_settings_are_one_message_and_exit_2(tmp_path):
    for bad in ("11,0", "x,y", "1", "nan,0"):
        r = runner.invoke(app, ["calibrate", "--save", bad])
        assert r.exit_code == 2 and "Traceback" not in r.output, bad
    r = runner.invoke(app, ["calibrate", "--save", "1,1", "--clear"])
    assert r.exit_code == 2
    folder = Path(os.environ["XDG_CONFIG_HOME"]) / "companion"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "printer.json").write_text("{not json", "utf-8")
    r = runner.invoke(app, ["sheets", "dungeon-solitaire", "--seed", SEED, "--kind",
                            "tiles", "--out", str(tmp_path / "t.pdf")])
    assert r.exit_code == 2 and "saved printer settings" in r.stderr
    assert not (tmp_path / "t.pdf").exists()
    assert runner.invoke(app, ["calibrate", "--save", "1,1"]).exit_code == 2  # kept as is
    assert runner.invoke(app, ["calibrate", "--clear"]).exit_code == 0  # as the message says
    assert runner.invoke(app, ["calibrate"]).stdout.startswith("a4: none saved")
    (folder / "printer.json").write_text(json.dumps({"back_offset": {"a4": [99, 0]}}))
    r = runner.invoke(app, ["calibrate"])
    assert r.exit_code == 2 and "within 10 mm" in r.stderr
