"""map / sheets / scan through the command line: files written, QR scanned back,
--regenerate rebuilds the same bytes, bad images exit 2."""

import json

import pypdfium2
from PIL import Image
from typer.testing import CliRunner

from companion.cli import app

runner = CliRunner()



def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_map_writes_pdf_and_scan_reads_it_back(tmp_path):
    out = tmp_path / "m.pdf"
    r = invoke("map", "shuffle-and-doom", "--seed", "SCAN-ME", "--size", "9", "--out", out)
    assert r.exit_code == 0, r.output
    assert out.read_bytes().startswith(b"%PDF")
    r = invoke("scan", out, "--json")
    assert r.exit_code == 0, r.output
    row = json.loads(r.stdout)[0]
    assert (row["game"], row["seed"], row["params"]) == ("shuffle-and-doom", "SCAN-ME", {"size": "9"})


def test_scan_photo_and_regenerate_same_bytes(tmp_path):
    original = tmp_path / "orig.pdf"
    invoke("sheets", "shuffle-and-doom", "--seed", "PHOTO", "--kind", "stack", "--size", "5",
           "--out", original)
    png = tmp_path / "photo.png"
    pypdfium2.PdfDocument(original)[0].render(scale=150 / 72).to_pil().save(png)
    jpg = tmp_path / "photo.jpg"
    Image.open(png).convert("RGB").rotate(4, expand=True, fillcolor="white").save(jpg, quality=60)
    for f in (png, jpg):
        r = invoke("scan", f)
        assert r.exit_code == 0, r.output
        assert "shuffle-and-doom seed PHOTO size=5 kind=stack" in r.stdout
    rebuilt = tmp_path / "rebuilt.pdf"
    r = invoke("scan", jpg, "--regenerate", "--out", rebuilt)
    assert r.exit_code == 0, r.output
    assert rebuilt.read_bytes() == original.read_bytes()


def test_scan_without_qr_and_missing_file_exit_2(tmp_path):
    blank = tmp_path / "blank.png"
    Image.new("L", (300, 300), 255).save(blank)
    r = invoke("scan", blank)
    assert r.exit_code == 2 and "no companion QR code" in r.stderr
    r = invoke("scan", tmp_path / "missing.png")
    assert r.exit_code == 2 and "Traceback" not in r.output
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    assert invoke("scan", text).exit_code == 2


def test_letter_paper_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_PAPER", "letter")
    out = tmp_path / "l.pdf"
    assert invoke("sheets", "shuffle-and-doom", "--seed", "X", "--kind", "log", "--out", out).exit_code == 0
    w, h = pypdfium2.PdfDocument(out)[0].get_size()
    assert (round(w, 1), round(h, 1)) == (612.0, 792.0)
    monkeypatch.setenv("COMPANION_PAPER", "a5")
    r = invoke("map", "shuffle-and-doom", "--seed", "X", "--out", out)
    assert r.exit_code == 2 and "COMPANION_PAPER" in r.stderr
    monkeypatch.setenv("COMPANION_PAPER", "a3")  # the play mats' paper only
    r = invoke("map", "shuffle-and-doom", "--seed", "X", "--out", out)
    assert r.exit_code == 2 and "a4 or letter" in r.stderr


def test_output_is_written_atomically_and_input_untouched(tmp_path):
    out = tmp_path / "deep" / "dir" / "m.pdf"
    assert invoke("map", "shuffle-and-doom", "--seed", "ATOM", "--out", out).exit_code == 0
    assert out.exists() and [p.name for p in out.parent.iterdir()] == ["m.pdf"]


def test_custom_layout_file(tmp_path):
    from importlib.resources import files

    text = files("companion.layouts").joinpath("map.toml").read_text("utf-8")
    custom = tmp_path / "wide.toml"
    custom.write_text(text.replace("margin = 10", "margin = 15"), "utf-8")
    out = tmp_path / "c.pdf"
    r = invoke("map", "shuffle-and-doom", "--seed", "LAY", "--layout", custom, "--out", out)
    assert r.exit_code == 0, r.output
    bad = tmp_path / "bad.toml"
    bad.write_text("margin = 'wide'", "utf-8")
    r = invoke("map", "shuffle-and-doom", "--seed", "LAY", "--layout", bad, "--out", out)
    assert r.exit_code == 2 and "bad.toml" in r.stderr


def test_default_names_differ_when_the_sheets_differ(tmp_path, monkeypatch):
    """What changes a sheet (variants, a floor or level, a layout, par) names its default
    file too, so printing one sheet does not overwrite another of the same seed."""
    monkeypatch.chdir(tmp_path)
    runs = [
        ("map", "clear-the-dungeon", "--seed", "NAMES"),
        ("map", "clear-the-dungeon", "--seed", "NAMES", "--variant", "reserve"),
        ("map", "clear-the-dungeon", "--seed", "NAMES", "--variant", "no-jokers", "--par"),
        ("sheets", "clear-the-dungeon", "--seed", "NAMES", "--kind", "deck",
         "--layout", "poker-bleed"),
        ("sheets", "clear-the-dungeon", "--seed", "NAMES", "--kind", "deck"),
        ("map", "dungeon-upkeeper", "--seed", "NAMES", "--floors", "3"),
        ("map", "dungeon-upkeeper", "--seed", "NAMES", "--floors", "3", "--floor", "2"),
        ("sheets", "dungeon-solitaire", "--seed", "NAMES", "--kind", "tiles", "--level", "2"),
        ("sheets", "dungeon-solitaire", "--seed", "NAMES", "--kind", "tiles", "--level", "3"),
    ]
    names = []
    for args in runs:
        r = invoke(*args)
        assert r.exit_code == 0, r.output
        names.append(r.stdout.strip().splitlines()[-1])
    assert len(set(names)) == len(names), names
    assert all(n.startswith("output/") and (tmp_path / n).is_file() for n in names)
    assert "output/clear-the-dungeon-NAMES-reserve-mat-a4.pdf" in names


def test_a_seedless_sheet_prints_no_seed_and_scans_back(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = invoke("sheets", "clear-the-dungeon", "--kind", "deck", "--seed", "K7Q2-9XMA")
    assert r.exit_code == 0, r.output
    assert "same for every seed" in r.stderr
    path = tmp_path / r.stdout.strip()
    assert path.name == "clear-the-dungeon-deck-a4.pdf"
    data = path.read_bytes()
    assert b"K7Q2" not in data
    pdf = pypdfium2.PdfDocument(data)
    assert all("K7Q2" not in pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    r = invoke("scan", path, "--json")
    assert r.exit_code == 0, r.output
    row = json.loads(r.stdout)[0]
    assert (row["game"], row["seed"], row["payload"]) == (
        "clear-the-dungeon", "", "companion:1/ctd/kind=deck")
    r = invoke("scan", path, "--regenerate", "--out", tmp_path / "again.pdf")
    assert r.exit_code == 0, r.output
    assert "(no seed)" in r.stdout
    assert (tmp_path / "again.pdf").read_bytes() == data
    # without --seed no fresh seed is drawn or named
    r = invoke("sheets", "dungeon-solitaire", "--kind", "calibrate")
    assert r.exit_code == 0 and "seed" not in r.stderr, r.output
    assert r.stdout.strip().endswith("dungeon-solitaire-size5-calibrate-a4.pdf")


def test_backs_and_ink_are_checked_and_name_the_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = invoke("sheets", "shuffle-and-doom", "--kind", "log", "--seed", "S1", "--backs", "fold")
    assert r.exit_code == 2 and "has no backs" in r.output
    r = invoke("sheets", "dungeon-solitaire", "--kind", "cards", "--seed", "S1",
               "--backs", "folded")
    assert r.exit_code == 2 and "duplex, fold or none" in r.output
    r = invoke("map", "shuffle-and-doom", "--seed", "S1", "--ink", "light")
    assert r.exit_code == 2 and "no large dark areas" in r.output
    r = invoke("map", "dungeon-upkeeper", "--seed", "S1", "--floor", "1", "--ink", "grey")
    assert r.exit_code == 2 and "light or dark" in r.output
    r = invoke("map", "dungeon-upkeeper", "--seed", "S1", "--floor", "1", "--ink", "DARK")
    assert r.exit_code == 0, r.output
    assert r.stdout.strip().endswith("-darkink-floor1-map-a4.pdf")
    r = invoke("sheets", "clear-the-dungeon", "--kind", "deck", "--backs", "fold")
    assert r.exit_code == 0, r.output
    assert r.stdout.strip().endswith("clear-the-dungeon-fold-deck-a4.pdf")
    r = invoke("sheets", "clear-the-dungeon", "--kind", "deck", "--backs", "none")
    assert r.exit_code == 0, r.output
    assert r.stdout.strip().endswith("clear-the-dungeon-fronts-deck-a4.pdf")
