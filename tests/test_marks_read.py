"""``companion read`` end to end (issue 27, docs/marks.md): a mark sheet printed,
filled (solid answer-key bubbles, or pencil in the photo simulator of
``tests/marks_photos.py``), photographed and read back into the game's log; doubtful
marks settled by the rules or asked at a real terminal (pexpect); exit codes 0, 1, 2
and 3; the proof drawn; the log taken by ``standings``. Every game with a mark codec is
covered by itself (the registry)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pypdfium2
import pytest
from PIL import Image, ImageDraw

from companion.games import all_games, get_game
from companion.marks.sheet import codec_of, fill_rows, sheet_template
from companion.rng import stream
from companion.simulate import play

sys.path.insert(0, str(Path(__file__).parent))
import marks_photos  # noqa: E402

SEED = "K7Q2-9XMA"
GAMES = [g.name for g in all_games() if g.marks_codec() is not None]
ENV = {**os.environ, "COMPANION_SCAN_IN_PROCESS": "1", "NO_COLOR": "1"}


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=cwd, env=ENV,
                          capture_output=True, text=True, timeout=120)


def _game(name: str, player: str = "expert", seed: str = SEED,
          variants: tuple[str, ...] = ()) -> Any:
    return play(__import__("companion.games", fromlist=["get_game"]).get_game(name), seed,
                {}, player, variants=variants)


def _key_pages(name: str, filled: frozenset[str], dpi: int = 150, paper: str = "a4",
               seed: str = SEED, variants: tuple[str, ...] = ()) -> list[Image.Image]:
    """The sheet with exactly ``filled`` drawn solid, rendered page by page."""
    from companion.games import get_game

    game = get_game(name)
    data = game.render("marks", seed, {}, paper, {"variants": variants, "filled": filled})
    pdf = pypdfium2.PdfDocument(data)
    return [pdf[i].render(scale=dpi / 72).to_pil().convert("L") for i in range(len(pdf))]


def _save(pages: list[Image.Image], folder: Path, stem: str = "page") -> list[str]:
    names = []
    for i, p in enumerate(pages, 1):
        path = folder / f"{stem}{i}.png"
        p.save(path)
        names.append(path.name)
    return names


def _lines(text: str) -> list[str]:
    """A log's action lines (tags, comments and the optional room lines left out)."""
    return [ln.split("#")[0].strip() for ln in text.splitlines()
            if ln.strip() and not ln.startswith(("[", "#", "room "))]


@pytest.mark.parametrize("name", GAMES)
def test_an_answer_key_reads_back_as_its_log(name: str, tmp_path: Path) -> None:
    g = _game(name)
    (tmp_path / "game.log").write_text(g.log_text(), encoding="utf-8")
    out = _run("sheets", name, "--seed", SEED, "--kind", "marks", "--from", "game.log",
               "--out", "key.pdf", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    pdf = pypdfium2.PdfDocument(str(tmp_path / "key.pdf"))
    pages = [pdf[i].render(scale=150 / 72).to_pil() for i in range(len(pdf))]
    files = _save(pages[::-1], tmp_path)  # any order
    got = _run("read", *files, "--out", "read.log", "--no-ask", cwd=tmp_path)
    assert got.returncode == 0, got.stderr
    assert "read.log: valid" in got.stdout
    text = (tmp_path / "read.log").read_text("utf-8")
    assert _same_game(get_game(name), _final(get_game(name), text), g.final)
    t = sheet_template(get_game(name), SEED, {}, "a4", {})
    assert _lines(text) == _lines(_exact_log(get_game(name), t, fill_rows(
        get_game(name), t, g.states, g.actions)))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pencil_in_a_phone_photo_reads_back(name: str, paper: str, tmp_path: Path) -> None:
    from companion.games import get_game

    game = get_game(name)
    g = _game(name, "greedy")
    t = sheet_template(game, SEED, {}, paper, {})
    filled = fill_rows(game, t, g.states, g.actions)
    pdf = game.render("marks", SEED, {}, paper, {})
    rng = stream("test-marks-read", name, paper)
    kinds = ("solid", "partial", "solid", "light")
    marks = {b: kinds[i % len(kinds)] for i, b in enumerate(sorted(filled))}
    files = []
    for i, page in enumerate(t.pages):
        img = marks_photos.page_image(pdf, 150, i)
        on = {b: k for b, k in marks.items() if t.bubble(b).page == page.number}
        img = marks_photos.pencil(img, page, on, t.bubbles, 150, rng)
        path = tmp_path / f"photo{i + 1}.jpg"
        path.write_bytes(marks_photos.photograph(img, 150, rng, tilt=12, curl=1.5))
        files.append(path.name)
    got = _run("read", *files, "--json", "--no-ask", cwd=tmp_path)
    data = json.loads(got.stdout)
    assert got.returncode == 0 and data["certain"], data["questions"]
    # the log the marks make: the game's, in the order the sheet records (canonical)
    assert _lines(data["log"]) == _lines(_exact_log(game, t, filled))
    assert _same_game(game, _final(game, data["log"]), g.final)
    assert data["verdict"]["valid"] is True


def _exact_log(game: Any, t: Any, filled: frozenset[str]) -> str:
    """The log a reader makes of ``filled`` read perfectly (no photo)."""
    from companion.marks.decode import decode
    from companion.marks.read import log_text, start_of

    class M:
        def __init__(self, on: bool) -> None:
            self.state, self.value = ("filled", 1.0) if on else ("empty", 0.0)

    d = decode(game, codec_of(game), t, start_of(game, t),
               {b.id: M(b.id in filled) for b in t.bubbles})
    assert d.certain and d.best is not None
    return log_text(game, t, d.best.rows, d.best.states, ["x"])


def _same_game(game: Any, a: Any, b: Any) -> bool:
    """The same end: outcome, score and what the game sums up (an order the sheet does
    not record, such as discards without ``reserve``, may differ)."""
    ra, rb = game.result(a), game.result(b)
    return (ra.outcome, ra.score) == (rb.outcome, rb.score)


def _final(game: Any, text: str) -> Any:
    from companion.replay import replay_text

    return replay_text(text).final


def _doubtful_share(name: str, bubble: str, paper: str = "a4") -> float:
    """A share of a bubble to ink (from the left) that the reader calls doubtful."""
    import numpy as np

    from companion.games import get_game
    from companion.marks import image as reader

    t = sheet_template(get_game(name), SEED, {}, paper, {})
    b = t.bubble(bubble)
    base = _key_pages(name, frozenset(), 150, paper)[t.bubble(bubble).page - 1]
    for share in (0.3, 0.35, 0.25, 0.4, 0.2, 0.45):
        img = _partial(base, b, share)
        found = reader.find_page(np.asarray(img))
        assert found is not None
        fill = reader.measure(found, t.page(b.page), [b])[bubble]
        if fill.state == "doubtful":
            return share
    pytest.fail("no partial mark reads doubtful")


def _partial(img: Image.Image, b: Any, share: float, dpi: int = 150) -> Image.Image:
    """``img`` with the left ``share`` of bubble ``b`` pencilled solid."""
    k = dpi / 25.4
    out = img.copy()
    draw = ImageDraw.Draw(out)
    x, y, r = b.x_mm * k, b.y_mm * k, b.r_mm * k * 0.95
    mask = Image.new("L", out.size, 0)
    ImageDraw.Draw(mask).ellipse((x - r, y - r, x + r, y + r), fill=255)
    cut = Image.new("L", out.size, 0)
    ImageDraw.Draw(cut).rectangle((x - r, y - r, x - r + 2 * r * share, y + r), fill=255)
    from PIL import ImageChops

    draw.bitmap((0, 0), ImageChops.multiply(mask, cut), fill=70)
    return out


def _open_question(name: str) -> tuple[Any, frozenset[str], str]:
    """A game cut short, and a bubble of the next row that would continue it legally."""
    from companion.games import get_game
    from companion.marks.decode import decode
    from companion.marks.read import start_of

    game = get_game(name)
    g = _game(name, "greedy")
    t = sheet_template(game, SEED, {}, "a4", {})
    codec = codec_of(game)
    keep = 3
    filled = _rows_filled(game, t, g, keep)  # the game as far as its third row
    start = start_of(game, t)

    class M:
        def __init__(self, on: bool) -> None:
            self.state, self.value = ("filled", 1.0) if on else ("empty", 0.0)

    row = t.rows[keep]
    for b in row.bubbles:
        d = decode(game, codec, t, start, {x.id: M(x.id in filled | {b}) for x in t.bubbles})
        if d.certain and d.best is not None and d.best.illegal is None and d.best.rows[keep]:
            return t, filled, b
    pytest.fail("no single bubble continues the game")


def _rows_filled(game: Any, t: Any, g: Any, keep: int) -> frozenset[str]:
    full = fill_rows(game, t, g.states, g.actions)
    return frozenset(b for b in full if t.bubble(b).row <= keep)


def _faint_sheet(name: str, folder: Path) -> tuple[Any, list[str]]:
    """A game cut short, with a faint mark that would go on with it: the bubble, and the
    pages saved in ``folder``."""
    t, filled, extra = _open_question(name)
    share = _doubtful_share(name, extra)
    pages = _key_pages(name, filled)
    b = t.bubble(extra)
    pages[b.page - 1] = _partial(pages[b.page - 1], b, share)
    return b, _save(pages, folder)


@pytest.mark.parametrize("name", GAMES)
def test_a_faint_mark_no_rule_settles_is_listed_with_exit_3(name: str, tmp_path: Path
                                                            ) -> None:
    b, files = _faint_sheet(name, tmp_path)
    got = _run("read", *files, "--out", "x.log", "--no-ask", cwd=tmp_path)
    assert got.returncode == 3, got.stderr
    assert f"page{b.page}.png:{b.page}:{b.row}:" in got.stderr
    assert not (tmp_path / "x.log").exists()
    data = json.loads(_run("read", *files, "--json", cwd=tmp_path).stdout)
    assert data["exit_code"] == 3 and data["log"] is None
    assert [q["row"] for q in data["questions"]] == [b.row]


@pytest.mark.parametrize("name", GAMES)
def test_the_terminal_asks_and_the_answer_settles(name: str, tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    b, files = _faint_sheet(name, tmp_path)
    child = pexpect.spawn(sys.executable, ["-m", "companion", "read", *files, "--out",
                                           "x.log"], cwd=str(tmp_path), env=ENV,
                          encoding="utf-8", timeout=60, dimensions=(40, 120))
    child.expect(rf":{b.row}: ")
    child.expect(r"Which is it\? \[1-(\d)")
    text = child.before
    # the choice that plays the faint mark: not "nothing: the game stops"
    choices = [ln for ln in text.splitlines() if ln.strip()[:2] in {"1)", "2)", "3)"}]
    pick = next(i for i, ln in enumerate(choices, 1) if "nothing" not in ln)
    child.sendline(str(pick))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    lines = _lines((tmp_path / "x.log").read_text("utf-8"))
    assert len(lines) > 0


@pytest.mark.parametrize("name", GAMES)
def test_certain_marks_of_a_broken_rule_write_the_log_and_exit_1(name: str,
                                                                  tmp_path: Path) -> None:
    from companion.games import get_game
    from companion.marks.decode import decode
    from companion.marks.read import start_of

    game = get_game(name)
    t = sheet_template(game, SEED, {}, "a4", {})
    codec = codec_of(game)
    start = start_of(game, t)

    class M:
        def __init__(self, on: bool) -> None:
            self.state, self.value = ("filled", 1.0) if on else ("empty", 0.0)

    # the first row's single bubbles and pairs: the first set that reads, certain, as
    # an illegal game
    row = t.rows[0]
    found = None
    for a in row.bubbles:
        for b in row.bubbles:
            on = frozenset({a, b})
            d = decode(game, codec, t, start, {x.id: M(x.id in on) for x in t.bubbles})
            if d.certain and d.best is not None and d.best.illegal is not None:
                found = on
                break
        if found:
            break
    assert found is not None
    files = _save(_key_pages(name, found), tmp_path)
    got = _run("read", *files, "--out", "x.log", "--no-ask", cwd=tmp_path)
    assert got.returncode == 1, got.stderr
    assert "x.log:" in got.stdout
    assert (tmp_path / "x.log").exists()
    assert _run("validate", "x.log", cwd=tmp_path).returncode == 1


def test_unreadable_inputs_are_one_sentence_and_exit_2(tmp_path: Path) -> None:
    name = GAMES[0]
    Image.new("L", (800, 1100), 230).save(tmp_path / "blank.png")
    got = _run("read", "blank.png", cwd=tmp_path)
    assert got.returncode == 2 and "no mark sheet found" in got.stderr
    assert got.stderr.count("\n") == 1 and "Traceback" not in got.stderr
    # another kind of sheet: it has no corner markers
    assert _run("sheets", name, "--seed", SEED, "--kind", "log", "--out", "log.pdf",
                cwd=tmp_path).returncode == 0
    got = _run("read", "log.pdf", cwd=tmp_path)
    assert got.returncode == 2 and "Traceback" not in got.stderr
    # pages of two deals
    a = _save(_key_pages(name, frozenset()), tmp_path, "a")
    b = _save(_key_pages(name, frozenset(), seed="S1"), tmp_path, "b")
    got = _run("read", a[0], b[0], cwd=tmp_path)
    assert got.returncode == 2 and "different sheets" in got.stderr
    got = _run("read", a[0], a[0], cwd=tmp_path)
    assert got.returncode == 2 and "twice" in got.stderr
    got = _run("read", "missing.jpg", cwd=tmp_path)
    assert got.returncode == 2 and "Traceback" not in got.stderr
    got = _run("read", a[0], "--proof", "x.gif", cwd=tmp_path)
    assert got.returncode == 2 and ".png or a .pdf" in got.stderr


def test_a_missing_page_is_named(tmp_path: Path) -> None:
    from companion.games import get_game

    for name in GAMES:
        for variants in ([], ["reserve"], ["reserve", "no-jokers"]):
            game = get_game(name)
            if any(v not in game.variants for v in variants):
                continue
            t = sheet_template(game, SEED, {}, "letter", {"variants": tuple(variants)})
            if len(t.pages) < 2:
                continue
            pages = _key_pages(name, frozenset(), 100, "letter", variants=tuple(variants))
            files = _save(pages[:1], tmp_path)
            got = _run("read", *files, cwd=tmp_path)
            assert got.returncode == 2 and "missing" in got.stderr, got.stderr
            return
    pytest.skip("no mark sheet of more than one page")


@pytest.mark.parametrize("suffix", [".png", ".pdf"])
def test_the_proof_is_drawn(suffix: str, tmp_path: Path) -> None:
    name = GAMES[0]
    g = _game(name)
    from companion.games import get_game

    game = get_game(name)
    t = sheet_template(game, SEED, {}, "a4", {})
    filled = fill_rows(game, t, g.states, g.actions)
    files = _save(_key_pages(name, filled), tmp_path)
    got = _run("read", *files, "--out", "x.log", "--proof", f"proof{suffix}", cwd=tmp_path)
    assert got.returncode == 0, got.stderr
    data = (tmp_path / f"proof{suffix}").read_bytes()
    if suffix == ".pdf":
        assert data.startswith(b"%PDF") and len(pypdfium2.PdfDocument(data)) == len(t.pages)
    else:
        img = Image.open(io.BytesIO(data))
        assert img.size[0] > img.size[1] * 0.9  # the page and the column of log lines
        # the filled bubbles are ringed green
        px = img.convert("RGB").load()
        b = t.bubble(sorted(filled)[0])
        k = 5.0
        ring = [(int(b.x_mm * k + (b.r_mm + 0.9) * k), int(b.y_mm * k))]
        assert any(px[x, y][1] > 120 and px[x, y][0] < 80 for x, y in ring)


def test_standings_take_the_logs_read_writes(tmp_path: Path) -> None:
    name = GAMES[0]
    g = _game(name)
    from companion.games import get_game

    game = get_game(name)
    t = sheet_template(game, SEED, {}, "a4", {})
    files = _save(_key_pages(name, fill_rows(game, t, g.states, g.actions)), tmp_path)
    got = _run("read", *files, "--out", "ada.log", "--player", "Ada", cwd=tmp_path)
    assert got.returncode == 0, got.stderr
    assert '[Player "Ada"]' in (tmp_path / "ada.log").read_text("utf-8")
    st = _run("standings", "ada.log", "--json", cwd=tmp_path)
    assert st.returncode == 0, st.stderr
    assert "Ada" in st.stdout


def test_scan_rebuilds_a_mark_sheet_once_from_any_page(tmp_path: Path) -> None:
    name = "clear-the-dungeon"
    if name not in GAMES:
        pytest.skip("no Clear the Dungeon mark sheet")
    made = _run("sheets", name, "--seed", SEED, "--kind", "marks", "--variant", "reserve",
                "--paper", "letter", "--out", "m.pdf", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert len(pypdfium2.PdfDocument(str(tmp_path / "m.pdf"))) == 2
    got = _run("scan", "m.pdf", "--regenerate", "--paper", "letter", "--out", "again/",
               cwd=tmp_path)
    assert got.returncode == 0, got.stderr
    assert "page=2" in got.stdout
    [rebuilt] = list((tmp_path / "again").iterdir())
    assert rebuilt.read_bytes() == (tmp_path / "m.pdf").read_bytes()


def test_outputs_never_replace_inputs_nor_each_other(tmp_path: Path) -> None:
    files = _save(_key_pages(GAMES[0], frozenset()), tmp_path)
    got = _run("read", *files, "--proof", files[0], cwd=tmp_path)
    assert got.returncode == 2 and "--proof" in got.stderr
    got = _run("read", *files, "--out", "x.png", "--proof", "x.png", cwd=tmp_path)
    assert got.returncode == 2 and "--proof" in got.stderr
    assert not (tmp_path / "x.png").exists()


def test_the_pdf_proof_is_the_same_bytes_twice(tmp_path: Path) -> None:
    files = _save(_key_pages(GAMES[0], frozenset()), tmp_path)
    for name in ("a.pdf", "b.pdf"):
        assert _run("read", *files, "--out", "x.log", "--proof", name,
                    cwd=tmp_path).returncode == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_another_kind_of_sheet_with_markers_is_named(tmp_path: Path) -> None:
    """A page with corner markers whose QR code is another sheet's (a mat): the file
    is named, and what the sheet is."""
    from reportlab.pdfgen import canvas as rl_canvas

    from companion.marks.paper import draw_fiducials, fiducials
    from companion.marks.template import PageTemplate
    from companion.paper.qr import draw_qr
    from companion.paper.units import mm

    name = GAMES[0]
    payload = get_game(name).payload(SEED, {})  # the game's default sheet: no kind=marks
    page = PageTemplate(1, 1, 210, 297, fiducials(210, 297, "a4"), payload)
    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf, pagesize=(mm(210), mm(297)))
    draw_fiducials(c, page)
    draw_qr(c, mm(80), mm(150), payload, mm(40))
    c.showPage()
    c.save()
    img = pypdfium2.PdfDocument(buf.getvalue())[0].render(scale=150 / 72).to_pil()
    img.save(tmp_path / "other.png")
    got = _run("read", "other.png", cwd=tmp_path)
    assert got.returncode == 2, got.stderr
    assert "other.png" in got.stderr and "not a mark sheet" in got.stderr
    assert "Traceback" not in got.stderr
