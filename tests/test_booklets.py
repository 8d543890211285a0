"""Rule booklets and session packs: example logs validate, saddle imposition by numbers,
page sizes, embedded fonts, reproducible bytes, the volume's contents, pack covers.

Renders are cached per module: the whole file runs in a few seconds."""

import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pypdfium2
import pytest
from typer.testing import CliRunner

from companion.booklets import render_booklet
from companion.cli import app
from companion.games import GAME_NAMES, get_game
from companion.pack import pack_payload, render_pack
from companion.paper.booklet import saddle_order
from companion.paper.units import mm
from companion.replay import validate_text

PT = 0.01  # points of tolerance: sizes are exact up to rounding in the file
STANDARD_FONTS = ("Helvetica", "Times", "Courier", "Symbol", "ZapfDingbats")



@cache
def booklet_pdf(target: str, paper: str = "a4", imposition: str | None = None) -> bytes:
    return render_booklet(target, paper, imposition)


@cache
def pack_pdf(game: str, seed: str = "PACK-1", paper: str = "a4") -> bytes:
    g = get_game(game)
    return render_pack(game, seed, g.check_params({}), paper)


def sizes(data: bytes) -> list[tuple[float, float]]:
    doc = pypdfium2.PdfDocument(data)
    return [doc[i].get_size() for i in range(len(doc))]


# --------------------------------------------------------------------- examples
@pytest.mark.parametrize("game", GAME_NAMES)
def test_example_log_validates_and_its_claim_matches(game):
    book = get_game(game).booklet()
    verdict = validate_text(book.example_log, f"{game} booklet example")
    assert verdict.valid, verdict.error
    assert verdict.claim is not None and verdict.claim_matches
    # every other log the booklet prints is valid too
    for key, text in book.extra.items():
        if key.endswith("_log"):
            assert validate_text(text, key).valid


@pytest.mark.parametrize("game", GAME_NAMES)
def test_example_outcome_is_the_one_the_game_names(game):
    """The example ends as the game says it does (``Game.booklet_outcome``)."""
    g = get_game(game)
    verdict = validate_text(g.booklet().example_log)
    assert verdict.valid, verdict.error
    if g.booklet_outcome is not None:
        assert verdict.outcome == g.booklet_outcome


@pytest.mark.parametrize("game", GAME_NAMES)
def test_booklet_prints_the_example_log_it_validates(game):
    """The log shown under "Logging your game" is one the test replays: the example
    log, or a shorter log the booklet keeps beside it (``extra["..._log"]``)."""
    from companion.paper.booklet import Code

    book = get_game(game).booklet()
    codes = [b.text for b in book.blocks if isinstance(b, Code)]
    shown = [book.example_log] + [t for k, t in book.extra.items() if k.endswith("_log")]
    assert any(log in codes for log in shown)


# ------------------------------------------------------------------- imposition
EXPECTED_ORDER = {
    1: [((None, 1), (None, None))],
    4: [((4, 1), (2, 3))],
    5: [((None, 1), (2, None)), ((None, 3), (4, 5))],
    8: [((8, 1), (2, 7)), ((6, 3), (4, 5))],
    13: [((None, 1), (2, None)), ((None, 3), (4, 13)), ((12, 5), (6, 11)),
         ((10, 7), (8, 9))],
}


@pytest.mark.parametrize("pages", sorted(EXPECTED_ORDER))
def test_saddle_order_by_numbers(pages):
    order = saddle_order(pages)
    padded = -(-pages // 4) * 4
    assert len(order) == padded // 4
    assert order == EXPECTED_ORDER[pages]
    # sheet i: front [N-2i+2 | 2i-1], back [2i | N-2i+1], blanks past the last page
    for i, (front, back) in enumerate(order, 1):
        want_front = (padded - 2 * i + 2, 2 * i - 1)
        want_back = (2 * i, padded - 2 * i + 1)
        assert front == tuple(p if p <= pages else None for p in want_front)
        assert back == tuple(p if p <= pages else None for p in want_back)
        # folded, facing pages sum to N + 1
        assert sum(want_front) == sum(want_back) == padded + 1
    placed = [p for sheet in order for side in sheet for p in side if p is not None]
    assert sorted(placed) == list(range(1, pages + 1))


def test_saddle_order_13_pages_by_hand():
    order = saddle_order(13)  # padded to 16: pages 14, 15, 16 are blank
    assert order[0] == ((None, 1), (2, None))  # 16 and 15 are blank
    assert order[1] == ((None, 3), (4, 13))  # 14 is blank
    assert order[3] == ((10, 7), (8, 9))  # the centre spread: 8 and 9 face each other
    with pytest.raises(ValueError):
        saddle_order(0)


def _footer_numbers(data: bytes, paper: str) -> list[tuple[int | None, int | None]]:
    """The page number printed at the foot of the left and right half of every sheet."""
    from companion.paper.booklet import sheet_slots

    doc = pypdfium2.PdfDocument(data)
    (sw, _), (lx, ly), (rx, _) = sheet_slots(paper)
    out = []
    for i in range(len(doc)):
        text = doc[i].get_textpage()
        halves = []
        for x in (lx, rx):
            found = text.get_text_bounded(left=x, bottom=ly, right=x + sw / 2,
                                          top=ly + mm(11)).strip()
            halves.append(int(found) if found.isdigit() else None)
        out.append(tuple(halves))
    return out


@pytest.mark.parametrize(("game", "paper"), [("shuffle-and-doom", "a4"),
                                              ("dungeon-upkeeper", "letter")])
def test_rendered_imposition_follows_the_order(game, paper):
    pages = len(sizes(booklet_pdf(game, paper)))
    imposed = booklet_pdf(game, paper, "saddle")
    expected = []
    for front, back in saddle_order(pages):
        for side in (front, back):
            # page 1 (the title page) carries no number; blanks carry nothing
            expected.append(tuple(None if p in (None, 1) else p for p in side))
    assert _footer_numbers(imposed, paper) == expected


def test_imposed_first_sheet_carries_the_printing_instruction():
    imposed = booklet_pdf("shuffle-and-doom", "a4", "saddle")
    text = pypdfium2.PdfDocument(imposed)[0].get_textpage().get_text_range()
    assert "flipping on the short edge" in text and "staple" in text
    plain = booklet_pdf("shuffle-and-doom", "a4")
    first = pypdfium2.PdfDocument(plain)[0].get_textpage().get_text_range()
    assert "--imposition saddle" in first


# ------------------------------------------------------------------- page sizes
@pytest.mark.parametrize("game", GAME_NAMES)
def test_a4_booklet_pages_are_exactly_a5(game):
    for w, h in sizes(booklet_pdf(game, "a4")):
        assert abs(w - mm(148)) < PT and abs(h - mm(210)) < PT


@pytest.mark.parametrize("target", ["dungeon-solitaire", "all"])
def test_letter_booklet_pages_are_exactly_half_letter(target):
    for w, h in sizes(booklet_pdf(target, "letter")):
        assert abs(w - mm(139.7)) < PT and abs(h - mm(215.9)) < PT


@pytest.mark.parametrize(("paper", "sheet"), [("a4", (297, 210)), ("letter", (279.4, 215.9))])
def test_imposed_sheets_are_landscape_paper(paper, sheet):
    game = "shuffle-and-doom" if paper == "a4" else "dungeon-upkeeper"
    data = booklet_pdf(game, paper, "saddle")
    got = sizes(data)
    assert len(got) % 2 == 0
    for w, h in got:
        assert abs(w - mm(sheet[0])) < PT and abs(h - mm(sheet[1])) < PT


# ------------------------------------------------------------------------ fonts
def _font_report(data: bytes) -> tuple[list[bytes], int]:
    base = re.findall(rb"/BaseFont\s*/([A-Za-z0-9+_-]+)", data)
    files = len(re.findall(rb"/FontFile2\s+\d+\s+0\s+R", data))
    return base, files


@pytest.mark.parametrize(("target", "imposition"), [
    *((game, None) for game in GAME_NAMES), ("all", None), ("dungeon-upkeeper", "saddle")])
def test_every_font_is_embedded(target, imposition):
    data = booklet_pdf(target, "a4" if target != "all" else "letter", imposition)
    base, files = _font_report(data)
    assert base, "no font found"
    assert files == len(base), "a font without an embedded font file"
    for name in base:
        assert b"+" in name, f"{name!r} is not an embedded subset"
        assert not any(name.split(b"+")[-1].startswith(s.encode()) for s in STANDARD_FONTS)
    assert b"/Subtype /Image" not in data and b"/Subtype/Image" not in data


def test_imposed_booklet_shares_its_fonts():
    plain = _font_report(booklet_pdf("dungeon-upkeeper", "a4"))
    imposed = _font_report(booklet_pdf("dungeon-upkeeper", "a4", "saddle"))
    assert len(imposed[0]) == len(plain[0])


# ---------------------------------------------------------------- reproducible
def test_booklet_bytes_are_reproducible():
    first = booklet_pdf("dungeon-upkeeper", "a4", "saddle")
    assert render_booklet("dungeon-upkeeper", "a4", "saddle") == first
    assert render_booklet("dungeon-upkeeper", "a4") == booklet_pdf("dungeon-upkeeper", "a4")


def test_pack_bytes_are_reproducible_across_processes(tmp_path):
    out = tmp_path / "pack.pdf"
    code = ("import sys; from companion.pack import render_pack; "
            "open(sys.argv[1], 'wb').write(render_pack('shuffle-and-doom', 'PACK-1', "
            "{'size': 7}, 'a4'))")
    env = {k: v for k, v in __import__("os").environ.items() if k != "SOURCE_DATE_EPOCH"}
    subprocess.run([sys.executable, "-c", code, str(out)], check=True, env=env)
    assert out.read_bytes() == pack_pdf("shuffle-and-doom")


# ----------------------------------------------------------------------- volume
def test_volume_has_contents_and_every_game_on_a_right_hand_page():
    data = booklet_pdf("all", "letter")
    doc = pypdfium2.PdfDocument(data)
    first = doc[0].get_textpage().get_text_range()
    assert "Contents" in first
    starts = {}
    for game in GAME_NAMES:
        title = get_game(game).booklet().title
        assert title in first
        for i in range(1, len(doc)):
            head = doc[i].get_textpage().get_text_range()[:60]
            if head.startswith(title):
                starts[game] = i + 1
                break
    assert set(starts) == set(GAME_NAMES)
    assert all(page % 2 == 1 for page in starts.values()), starts
    # the contents give those page numbers
    for game, page in starts.items():
        title = get_game(game).booklet().title
        assert re.search(re.escape(title) + r"[ .]*" + str(page) + r"\b", first), (game, page)


# ------------------------------------------------------------------------- packs
@pytest.mark.parametrize("game", GAME_NAMES)
def test_pack_cover_qr_contents_and_booklet(game):
    from companion.scan import decode_image

    data = pack_pdf(game)
    g = get_game(game)
    payload = pack_payload(g, "PACK-1", g.check_params({}))
    doc = pypdfium2.PdfDocument(data)
    assert doc.get_metadata_dict()["Subject"] == payload
    cover = doc[0]
    from pdfcheck import canonical

    found = decode_image(cover.render(scale=150 / 72, grayscale=True).to_pil())
    assert payload in [canonical(t) for t in found]
    text = cover.get_textpage().get_text_range()
    assert "How to print it" in text and "short edge" in text
    # the cover's page ranges cover the whole file, and the booklet closes it
    ranges = re.findall(r"pages? (\d+)(?:-(\d+))?\s*$", text, re.M)
    assert len(ranges) == len(g.pack_parts) + 2  # the cover, the parts, the booklet
    last = max(int(b or a) for a, b in ranges)
    assert last == len(doc)
    w, h = doc[len(doc) - 1].get_size()
    assert w > h  # imposed booklet sheets are landscape
    # every part the game packs is there
    booklet_pages = len(sizes(booklet_pdf(game, "a4", "saddle")))
    parts = sum(len(sizes(g.render(p.kind, "PACK-1", g.check_params({}), "a4", {})))
                for p in g.pack_parts)
    blanks = len(doc) - 1 - parts - booklet_pages
    assert 0 <= blanks <= len(g.pack_parts)


# --------------------------------------------------------------------------- cli
runner = CliRunner()


def test_cli_booklet_and_pack(tmp_path):
    out = tmp_path / "b.pdf"
    r = runner.invoke(app, ["booklet", "dungeon-upkeeper", "--imposition", "saddle",
                            "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert out.read_bytes() == booklet_pdf("dungeon-upkeeper", "a4", "saddle")
    r = runner.invoke(app, ["booklet", "dungeon-upkeeper", "--imposition", "fold"])
    assert r.exit_code == 2 and "saddle" in r.stderr
    r = runner.invoke(app, ["booklet", "chess"])
    assert r.exit_code == 2
    out = tmp_path / "p.pdf"
    r = runner.invoke(app, ["pack", "shuffle-and-doom", "--seed", "PACK-1", "--out",
                            str(out)])
    assert r.exit_code == 0, r.output
    assert out.read_bytes() == pack_pdf("shuffle-and-doom")
    r = runner.invoke(app, ["scan", str(out)])
    assert "shuffle-and-doom seed PACK-1 kind=pack" in r.stdout  # size 7: the default


@pytest.mark.parametrize("game", GAME_NAMES)
def test_pack_payloads_stay_within_qr_version_3(game):
    """docs/command-line.md: at most ~42 bytes keeps the code small (QR version 3): a pack's cover
    leaves default parameters out."""
    from companion.games import get_game
    from companion.pack import pack_payload

    g = get_game(game)
    payload = pack_payload(g, "K7Q2-9XMA", g.check_params({}))
    assert len(payload.encode()) <= 42, payload
    from companion.seeds import parse_payload

    assert g.check_payload(parse_payload(payload).params)[0] == {}


# -------------------------------------------------------------------------- text
SOURCES = Path(__file__).resolve().parents[2] / "shared" / "seeds"


def _words(text: str) -> list[str]:
    text = re.sub(r"<[^>]+>", " ", text)
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.mark.skipif(not SOURCES.is_dir(), reason="the source texts are not here")
@pytest.mark.parametrize("game", GAME_NAMES)
def test_no_sentence_is_copied_from_the_source(game):
    """No run of 8 words of the booklet appears in the game's source text."""
    path = SOURCES / f"{game}.txt"
    if not path.is_file():  # Scoundrel's rules came from the rulings, not a source text
        pytest.skip(f"no source text for {game}")
    source = path.read_text(encoding="utf-8")
    words = _words(source)
    grams = {tuple(words[i:i + 8]) for i in range(len(words) - 7)}
    book = get_game(game).booklet()
    for text in book.text_blocks():
        w = _words(text)
        for i in range(len(w) - 7):
            assert tuple(w[i:i + 8]) not in grams, " ".join(w[i:i + 8])


def test_paragraph_styles_forbid_widows_and_orphans():
    from companion.paper.booklet.style import paragraph_styles as _styles

    st = _styles()
    for style in (st.body, st.bullet, st.cell, st.note, st.state):
        assert style.allowWidows == 0 and style.allowOrphans == 0


def test_the_booklet_margin_is_layout_data(tmp_path):
    """docs/printing.md: layouts are data. The booklet's page margin comes from
    layouts/booklet-a5.toml; a user's booklet layout moves the text, a layout of
    another kind is refused."""
    from typer.testing import CliRunner

    from companion.cli import app

    wide = tmp_path / "wide.toml"
    wide.write_text('name = "wide"\nkind = "booklet"\nlandscape = true\nmargin = 16\n',
                    "utf-8")
    runner = CliRunner()
    lefts = {}
    for name, layout in (("default", None), ("wide", str(wide))):
        out = tmp_path / f"{name}.pdf"
        args = ["booklet", "dungeon-upkeeper", "--out", str(out)]
        r = runner.invoke(app, args + (["--layout", layout] if layout else []))
        assert r.exit_code == 0, r.output
        page = pypdfium2.PdfDocument(out.read_bytes())[1]
        text = page.get_textpage()
        lefts[name] = min(text.get_charbox(i)[0] for i in range(text.count_chars())
                          if not text.get_text_range(i, 1).isspace())
    assert lefts["default"] == pytest.approx(mm(10), abs=1)
    assert lefts["wide"] == pytest.approx(mm(16), abs=1)
    r = runner.invoke(app, ["booklet", "dungeon-upkeeper", "--layout", "poker", "--out",
                            str(tmp_path / "x.pdf")])
    assert r.exit_code == 2 and "booklet layout" in r.output
