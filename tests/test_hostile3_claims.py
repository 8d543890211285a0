"""Round three of hostile input (issue 24): claims, batches, payloads and messages.

A malformed ``[Claim]`` (``--5``, ``٣``, 5,000 digits...) is reported at the tag by
every command that reads logs; one hostile log in a batch is reported and the batch
goes on; a payload without the seed its game needs is refused; a file name's escape
sequences never reach the terminal; score signs, room counts and the standings'
wording read as a player expects.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.games import GAME_NAMES, get_game
from companion.simulate import play

runner = CliRunner()


def invoke(*args: object, input: str | None = None):
    """Run the CLI in-process; a traceback (an exception other than the exit) fails."""
    r = runner.invoke(app, [str(a) for a in args], input=input)
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "Traceback" not in r.output
    return r


@cache
def game_log(game: str, seed: str = "HOST3", player_seed: str = "0") -> str:
    """A whole game of ``game`` (seeded, default parameters, played at random from
    ``player_seed``) as its log text."""
    g = get_game(game)
    return play(g, seed, {p.name: p.default for p in g.params}, "random",
                player_seed).log_text()


def with_tag(text: str, name: str, value: str) -> str:
    """``text`` with its tag ``name`` (any case) replaced by, or given, ``value``."""
    lines = [x for x in text.splitlines() if not x.lower().startswith(f"[{name.lower()} ")]
    quoted = value.replace("\\", "\\\\").replace('"', '\\"')
    return "\n".join(lines[:1] + [f'[{name} "{quoted}"]'] + lines[1:]) + "\n"


# --------------------------------------------------------------- 1. claims


@pytest.mark.parametrize("text,value", [
    ("5", 5), ("-5", -5), ("+5", 5), (" 12 ", 12), ("\u22125", -5), ("0", 0), ("-0", 0),
    ("007", 7), ("9" * 12, 10**12 - 1), ("-" + "9" * 12, 1 - 10**12),
])
def test_a_claim_is_a_whole_number_with_one_sign(text, value):
    from companion.games.base import parse_claim

    assert parse_claim(text) == value


@pytest.mark.parametrize("text,needle", [
    ("--5", "'--5'"), ("---1", "'---1'"), ("+-5", "'+-5'"), ("-", "'-'"), ("+", "'+'"),
    ("\u0663", "'\u0663'"), ("\u00b2", "'\u00b2'"), ("\uff15", "'\uff15'"), ("1e5", "'1e5'"),
    ("", "an empty value"), ("   ", "an empty value"), ("5.0", "'5.0'"), ("1_000", "'1_000'"),
    ("0x10", "'0x10'"), ("5 5", "'5 5'"), ("\x1b[31m5", "'\\x1b[31m5'"),
    ("9" * 13, "too long for a score"), ("5" * 5000, "too long for a score"),
])
def test_a_malformed_claim_is_refused_with_a_sentence(text, needle):
    from companion.games.base import parse_claim

    with pytest.raises(ValueError) as exc:
        parse_claim(text)
    assert needle in str(exc.value) and len(str(exc.value)) < 200


@pytest.mark.parametrize("claim", ["--5", "---1", "\u0663", "\u00b2", "5" * 1900, "1e5", ""])
@pytest.mark.parametrize("command", ["validate", "score"])
def test_a_malformed_claim_is_an_invalid_log_reported_at_the_tag(tmp_path, command, claim):
    p = tmp_path / "claim.log"
    p.write_text(with_tag(game_log("scoundrel"), "Claim", claim), "utf-8")
    r = invoke(command, p)
    assert r.exit_code == 1, r.output
    assert f"{p}:2:9: the claim " in r.stderr and "[claim]" in r.stderr
    assert len(r.stderr) < 300
    r = invoke(command, "--json", p)
    row = json.loads(r.stdout)[0]
    assert row["error"]["line"] == 2 and row["error"]["rule"] == "claim"
    assert row["claim"] is None


def test_standings_and_the_hand_record_list_a_malformed_claim_as_invalid(tmp_path):
    good = tmp_path / "good.log"
    good.write_text(game_log("shuffle-and-doom"), "utf-8")
    bad = tmp_path / "bad.log"
    bad.write_text(with_tag(game_log("shuffle-and-doom"), "Claim", "--5"), "utf-8")
    r = invoke("standings", "--no-par", "--json", good, bad)
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert [e["file"] for d in data["deals"] for e in d["entries"]] == [str(good)]
    assert [(i["file"], i["error"]["line"], i["error"]["rule"]) for i in data["invalid"]] \
        == [(str(bad), 2, "claim")]
    size = get_game("shuffle-and-doom").param("size").default
    out = tmp_path / "record.pdf"
    r = invoke("sheets", "shuffle-and-doom", "--seed", "HOST3", "--size", size, "--kind",
               "record", "--from", good, bad, "--out", out)
    assert r.exit_code == 0, r.output
    assert out.read_bytes().startswith(b"%PDF")


def test_a_number_tag_with_two_signs_is_not_called_out_of_range(tmp_path):
    p = tmp_path / "size.log"
    p.write_text(with_tag(game_log("shuffle-and-doom"), "Size", "--5"), "utf-8")
    r = invoke("validate", p)
    assert r.exit_code == 1 and "size must be a whole number, not '--5'" in r.stderr


# --------------------------------------------------------------- 1. a batch goes on


HOSTILE_TAGS: dict[str, tuple[str, str]] = {
    "claim-dashes": ("Claim", "--5"),
    "claim-arabic": ("Claim", "\u0663"),
    "claim-superscript": ("Claim", "\u00b2"),
    "claim-huge": ("Claim", "5" * 1900),
    "claim-float": ("Claim", "1e5"),
    "claim-empty": ("Claim", ""),
    "seed-bad": ("Seed", "+5"),
    "seed-escape": ("Seed", "\x1b[2J"),
    "seed-payload-other-game": ("Seed", "companion:1/du/K7Q2-9XMA"),
    "seed-payload-no-seed": ("Seed", "companion:1/sd/size=5"),
    "seed-payload-edition": ("Seed", "companion:99999999999999999999/sd/A"),
    "size-huge": ("Size", "9" * 1900),
    "size-dashes": ("Size", "--5"),
    "edition-float": ("Edition", "1e5"),
    "edition-huge": ("Edition", "9" * 1900),
    "variant-bidi": ("Variant", "\u202eevil"),
}
ODD_TAGS: dict[str, tuple[str, str]] = {  # tags the rules do not read: still valid logs
    "date-absurd": ("Date", "99999999999999999999-13-45"),
    "time-absurd": ("Time", "--:--"),
    "player-escape": ("Player", "\x1b]0;owned\x07\x1b[31mred\u202e"),
    "event-huge": ("Event", "9" * 1900),
}


def hostile_batch(folder: Path) -> tuple[list[Path], list[Path]]:
    """Good logs of every game, and among them logs hostile in different ways."""
    good, bad = [], []
    for game in GAME_NAMES:
        for seed in ("HOST3", "HOST4"):
            p = folder / f"{game}-{seed}.log"
            p.write_text(game_log(game, seed), "utf-8")
            good.append(p)
    base = game_log("shuffle-and-doom")
    for name, (tag, value) in ODD_TAGS.items():
        p = folder / f"odd-{name}.log"
        p.write_text(with_tag(base, tag, value), "utf-8")
        good.append(p)
    for name, (tag, value) in HOSTILE_TAGS.items():
        p = folder / f"bad-{name}.log"
        p.write_text(with_tag(base, tag, value), "utf-8")
        bad.append(p)
    every = base
    for tag, value in [*HOSTILE_TAGS.values(), *ODD_TAGS.values()]:  # all at once
        every = with_tag(every, tag, value)
    (folder / "bad-every-tag.log").write_text(every, "utf-8")
    (folder / "bad-binary.log").write_bytes(bytes(range(256)) * 40)
    (folder / "bad-empty.log").write_bytes(b"")
    (folder / "bad-not-utf8.log").write_bytes(b'[Game "scoundrel"]\n\xff\xfe room\n')
    (folder / "bad-huge-number.log").write_text(
        '[Game "scoundrel"]\n[Seed "A"]\nroom ' + "9" * 1900 + "\n", "utf-8")
    bad += [folder / f"bad-{n}.log" for n in ("every-tag", "binary", "empty", "not-utf8",
                                               "huge-number")]
    order = sorted(good + bad, key=lambda p: p.name[::-1])  # good and bad mixed
    return good, [p for p in order if p in bad]


@pytest.mark.parametrize("command", ["validate", "score"])
def test_one_bad_log_in_a_batch_is_reported_and_the_batch_goes_on(tmp_path, command):
    good, bad = hostile_batch(tmp_path)
    logs = sorted(good + bad, key=lambda p: p.name[::-1])
    r = invoke(command, *logs)
    assert r.exit_code == 2, r.output  # the worst code: unreadable files and bad seeds
    lines = r.stdout.splitlines()
    for p in good:
        assert any(x.startswith(f"{p}: ") and "invalid" not in x for x in lines), p
    for p in bad:
        assert str(p) in r.stderr, p
    assert "\x1b" not in r.output and "\u202e" not in r.output
    r = invoke(command, "--json", *logs)
    rows = json.loads(r.stdout)
    assert [row["file"] for row in rows] == [str(p) for p in logs]
    assert all(row["valid"] for row in rows if Path(row["file"]) in good)
    assert not any(row["valid"] for row in rows if Path(row["file"]) in bad)


def test_standings_of_a_batch_with_bad_logs_ranks_every_good_one(tmp_path):
    good, bad = hostile_batch(tmp_path)
    r = invoke("standings", "--no-par", "--json", *sorted(good + bad))
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    ranked = {e["file"] for d in data["deals"] for e in d["entries"]}
    assert ranked == {str(p) for p in good}
    assert {i["file"] for i in data["invalid"]} == {str(p) for p in bad}
    r = invoke("standings", "--no-par", *sorted(good + bad))
    assert r.exit_code == 0 and "\x1b" not in r.output and "\u202e" not in r.output


# --------------------------------------------------------------- 2. payloads without a seed


def _pdf_of(tmp_path: Path, payload: str) -> Path:
    """A one-page PDF whose QR code (and metadata) holds ``payload``."""
    from companion.paper.document import SheetDocument
    from companion.paper.identity import draw_identity
    from companion.paper.units import mm

    doc = SheetDocument("seedless", "a4", payloads=[payload])
    draw_identity(doc.canvas, mm(15), mm(15), payload, ["Test", "no seed", "a test sheet"])
    p = tmp_path / "sheet.pdf"
    p.write_bytes(doc.finish())
    return p


SEEDED = [(g, k.name) for g in GAME_NAMES for k in get_game(g).sheet_kinds if k.seeded]


@pytest.mark.parametrize("game,kind", SEEDED)
def test_a_payload_without_a_seed_for_a_seeded_sheet_is_refused(game, kind):
    from companion.errors import PayloadError

    g = get_game(game)
    items = {} if kind == g.map_kind else {"kind": kind}
    with pytest.raises(PayloadError, match=f"names no seed, but a {game} {kind} is printed "
                       "for a seed") as exc:
        g.check_payload(items, "")
    assert exc.value.exit_code == 2
    with pytest.raises(PayloadError, match="names no seed"):
        g.check_payload({"kind": "pack"}, "")
    assert g.check_payload(items, "K7Q2-9XMA")[0] == {}  # with its seed: read


def test_a_payload_without_a_seed_is_fine_for_a_sheet_that_prints_none():
    assert get_game("clear-the-dungeon").check_payload({"kind": "deck"}, "") == ({}, None)
    assert get_game("dungeon-solitaire").check_payload({"kind": "calibrate"}, "")[0] == {}


@pytest.mark.parametrize("payload", ["companion:1/sd/size=5", "companion:2/du/floors=3",
                                     "companion:1/sc/kind=stack", "companion:1/ctd/kind=pack"])
def test_scan_refuses_a_seedless_payload_of_a_seeded_sheet_and_rebuilds_nothing(
        tmp_path, payload):
    pdf = _pdf_of(tmp_path, payload)
    out = tmp_path / "rebuilt"
    r = invoke("scan", pdf, "--regenerate", "--out", out)
    assert r.exit_code == 2, r.output
    assert f"{pdf}: the payload names no seed" in r.stderr and r.stdout == ""
    assert not out.exists()


def test_scan_still_rebuilds_a_sheet_that_prints_no_seed(tmp_path):
    pdf = _pdf_of(tmp_path, "companion:1/ctd/kind=deck")
    out = tmp_path / "deck.pdf"
    r = invoke("scan", pdf, "--regenerate", "--out", out)
    assert r.exit_code == 0, r.output
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("payload", ["companion:1/sd/size=5", "companion:2/du/floors=3",
                                     "companion:1/ctd/kind=deck"])
def test_a_seedless_payload_in_a_log_is_a_bad_seed(tmp_path, payload):
    game = {"sd": "shuffle-and-doom", "du": "dungeon-upkeeper",
            "ctd": "clear-the-dungeon"}[payload.split("/")[1]]
    p = tmp_path / "seedless.log"
    p.write_text(with_tag(game_log(game), "Seed", payload), "utf-8")
    r = invoke("validate", p)
    assert r.exit_code == 2
    assert f"{p}:2:8: the seed payload names no seed: give the seed printed" in r.stderr


def test_no_seeded_sheet_is_built_for_an_empty_seed():
    from companion.errors import PayloadError
    from companion.sheet_request import SheetRequest

    with pytest.raises(PayloadError, match="a shuffle-and-doom map is printed for a seed"):
        SheetRequest.from_payload("shuffle-and-doom", "", {"size": "5"}, "a4")
    assert SheetRequest.from_payload("clear-the-dungeon", "", {"kind": "deck"}, "a4").seed == ""


# --------------------------------------------------------------- 3. file names on the terminal


HOSTILE_NAME = "a\x1b[2J\x1b]0;owned\x07\u202egol.log"
"""A file name that clears the screen, sets the window title and reverses the text."""


def assert_clean(text: str) -> None:
    for ch in ("\x1b", "\x07", "\u202e"):
        assert ch not in text, repr(text)


def test_the_terminal_and_the_standings_clean_names_with_one_function():
    import companion.club as club
    from companion.text import shown_text

    assert club.shown_text is shown_text
    assert shown_text(HOSTILE_NAME) == "a\ufffd[2J\ufffd]0;owned\ufffd\ufffdgol.log"
    assert shown_text("b\udcffad.log") == "b\ufffdad.log"  # an undecodable byte
    assert shown_text("Zoë ♠ 10♥.log") == "Zoë ♠ 10♥.log"


@pytest.mark.parametrize("command", ["validate", "score"])
def test_a_file_name_never_steers_the_terminal_in_validate_and_score(tmp_path, command):
    good = tmp_path / HOSTILE_NAME
    good.write_text(game_log("scoundrel"), "utf-8")
    bad = tmp_path / ("b" + HOSTILE_NAME)
    bad.write_text(with_tag(game_log("scoundrel"), "Claim", "--5"), "utf-8")
    folder = tmp_path / ("c" + HOSTILE_NAME)
    folder.mkdir()
    missing = tmp_path / ("d" + HOSTILE_NAME)
    r = invoke(command, good, bad, folder, missing)
    assert r.exit_code == 2
    assert_clean(r.stdout)
    assert_clean(r.stderr)
    assert "a\ufffd[2J" in r.stdout and "ba\ufffd[2J" in r.stderr
    assert r.stderr.count("\ufffdgol.log") == 3  # the invalid log, the folder, the missing
    r = invoke(command, "--json", good)  # the data keeps the name as it is
    assert json.loads(r.stdout)[0]["file"] == str(good)


def test_a_file_name_never_steers_the_terminal_in_scan(tmp_path):
    seedless = _pdf_of(tmp_path, "companion:1/sd/size=5").rename(tmp_path / HOSTILE_NAME)
    r = invoke("scan", seedless)
    assert r.exit_code == 2 and "names no seed" in r.stderr
    assert_clean(r.stderr)
    deck = _pdf_of(tmp_path, "companion:1/ctd/kind=deck").rename(tmp_path / "deck.pdf")
    out = tmp_path / ("out" + HOSTILE_NAME + ".pdf")
    r = invoke("scan", deck, "--regenerate", "--out", out)
    assert r.exit_code == 0 and out.exists()
    assert_clean(r.stdout)
    assert "rebuilt: " in r.stdout
    r = invoke("scan", tmp_path / ("missing" + HOSTILE_NAME))
    assert r.exit_code == 2
    assert_clean(r.stderr)


def test_a_file_name_never_steers_the_terminal_in_sheets_from_and_standings(tmp_path):
    bad = tmp_path / HOSTILE_NAME
    bad.write_text(with_tag(game_log("shuffle-and-doom"), "Claim", "--5"), "utf-8")
    out = tmp_path / ("record" + HOSTILE_NAME + ".pdf")
    size = get_game("shuffle-and-doom").param("size").default
    r = invoke("sheets", "shuffle-and-doom", "--seed", "HOST3", "--size", size, "--kind",
               "record", "--from", bad, "--out", out)
    assert r.exit_code == 0 and out.exists()
    assert_clean(r.output)
    r = invoke("sheets", "shuffle-and-doom", "--seed", "HOST3", "--size", size, "--kind",
               "record", "--from", tmp_path / ("missing" + HOSTILE_NAME))
    assert r.exit_code == 2
    assert_clean(r.output)
    r = invoke("standings", "--no-par", bad, "--out", tmp_path / ("s" + HOSTILE_NAME + ".csv"))
    assert r.exit_code == 0
    assert_clean(r.output)


def test_a_file_name_never_steers_the_terminal_in_record(tmp_path):
    out = tmp_path / ("rec" + HOSTILE_NAME)
    r = invoke("record", "scoundrel", "--seed", "HOST3", "--out", out, input="quit\n")
    assert out.exists() and "\ufffdgol.log" in r.output
    assert_clean(r.output)


# --------------------------------------------------------------- 4. messages


def test_every_score_in_the_standings_is_signed_with_the_ascii_hyphen(tmp_path):
    for k, player in enumerate(["Ada", "Bob", "Cy"]):  # three games of one deal
        (tmp_path / f"{player}.log").write_text(
            with_tag(game_log("scoundrel", "HOST3", str(k)), "Player", player), "utf-8")
    logs = sorted(tmp_path.glob("*.log"))
    r = invoke("standings", "--no-par", "--season", *logs)
    assert r.exit_code == 0, r.output
    scores = {e["player"]: e["score"] for d in json.loads(
        invoke("standings", "--no-par", "--json", *logs).stdout)["deals"] for e in d["entries"]}
    assert len(set(scores.values())) >= 2 and max(scores.values()) < 0
    assert "\u2212" not in r.stdout
    best = max(scores.values())
    for player, score in scores.items():
        against = score - best
        assert f" {against:+d} " in r.stdout or against == 0, (player, against, r.stdout)
    for suffix in (".html", ".csv"):
        out = tmp_path / f"standings{suffix}"
        assert invoke("standings", "--no-par", "--season", *logs, "--out", out).exit_code == 0
        assert "\u2212" not in out.read_text("utf-8")


def test_explain_counts_the_rooms_and_names_the_room_by_its_square(tmp_path):
    lines = game_log("shuffle-and-doom").splitlines()
    first_room = next(i for i, x in enumerate(lines) if x.startswith("room "))
    p = tmp_path / "slip.log"
    p.write_text("\n".join(lines[:first_room + 1] + ["drink 2♣"]) + "\n", "utf-8")
    enter = next(x for x in lines if x.startswith("enter ")).split()[1]
    r = invoke("validate", "--explain", p)
    assert r.exit_code == 1, r.output
    assert "rooms on the map: " in r.stdout and "\n    rooms: " not in r.stdout
    assert f"in the room at {enter}: " in r.stdout
    assert "in room " not in r.stdout


def test_a_players_other_logs_read_as_english(tmp_path):
    from dataclasses import replace

    from companion.club import build_standings, entry_notes

    p = tmp_path / "ada.log"
    p.write_text(with_tag(game_log("scoundrel"), "Player", "Ada"), "utf-8")
    entry = build_standings([p], par=False).deals[0].entries[0]

    def notes(others: tuple[int | None, ...]) -> str:
        e = replace(entry, logs_of_player=len(others) + 1, other_scores=others)
        return entry_notes(e)[0]

    assert notes((30,)) == "2 logs of this deal: this best one counts; the other scored 30"
    assert notes((None,)) == "2 logs of this deal: this best one counts; the other has no score"
    assert notes((30, -12)).endswith("; the others scored 30 and -12")
    assert notes((30, None)).endswith("; the others: 30 and no score")
    assert notes((None, None)).endswith("; the others have no score")
    assert entry_notes(replace(entry, logs_of_player=3, counted=False))[0] == \
        "another log of this player: not ranked"
    assert not any("also" in notes(o) for o in [(30,), (None,), (30, None)])


@pytest.mark.parametrize("typed", ["\u00b2", "\u0663" * 2, "9" * 1500, "9" * 5000])
def test_a_hostile_line_number_typed_in_record_is_refused(tmp_path, typed):
    out = tmp_path / "game.log"
    r = invoke("record", "scoundrel", "--seed", "HOST3", "--out", out, input=f"{typed}\nquit\n")
    assert r.exit_code == 1, r.output  # a script with a refused line
    assert "refused" in r.stderr
    if typed.startswith("9") and len(typed) <= 2000:
        assert "there is no line 99999" in r.stderr
    elif typed.startswith("9"):  # longer than any log line: refused as it is read
        assert "longer than 2,000 characters" in r.stderr
    assert out.exists()


def _first_action_replaced(game: str, pattern: str, token: str) -> str:
    """``game``'s log with the first action line starting with ``pattern`` replaced by
    ``pattern`` + ``token``."""
    lines = game_log(game).splitlines()
    k = next(i for i, x in enumerate(lines) if x.startswith(pattern))
    return "\n".join(lines[:k] + [pattern + token]) + "\n"


LONG = "9" * 1500


@pytest.mark.parametrize("game,pattern,token", [
    ("shuffle-and-doom", "enter ", "b" + LONG),        # a cell
    ("scoundrel", "room ", LONG + "♠ 2♠ 3♠ 4♠"),       # a card's rank
    ("scoundrel", "room ", "5" + LONG),                # a card's suit
    ("dungeon-upkeeper", "floor ", LONG),              # a floor
    ("dungeon-solitaire", "play ", "R" + LONG),        # a card id
])
def test_a_message_quotes_at_most_about_40_characters_of_an_action(tmp_path, game, pattern,
                                                                  token):
    p = tmp_path / "long.log"
    p.write_text(_first_action_replaced(game, pattern, token), "utf-8")
    r = invoke("validate", p)
    assert r.exit_code == 1, r.output
    assert "9" * 41 not in r.stderr and "..." in r.stderr, r.stderr[:300]
    assert len(r.stderr) < len(str(p)) + 300


def test_a_column_too_long_and_a_parameter_hint_are_quoted_short(tmp_path):
    lines = game_log("clear-the-dungeon").splitlines()
    k = next(i for i, x in enumerate(lines) if x.startswith("play ") and x[-1].isdigit())
    p = tmp_path / "column.log"
    p.write_text("\n".join(lines[:k] + [lines[k][:-1] + LONG]) + "\n", "utf-8")
    r = invoke("validate", p)
    assert r.exit_code == 1 and "column '999" in r.stderr and "9" * 41 not in r.stderr
    p = tmp_path / "size.log"
    p.write_text(with_tag(game_log("shuffle-and-doom"), "Size", "\x1b[31m" + LONG), "utf-8")
    r = invoke("validate", p)
    assert r.exit_code == 1 and "hint: this log fits size" in r.stderr
    assert "9" * 41 not in r.stderr and "\x1b" not in r.stderr


def test_a_payload_of_an_absurd_edition_is_not_called_one_without_an_edition(tmp_path):
    p = tmp_path / "edition.log"
    p.write_text(with_tag(game_log("shuffle-and-doom"), "Seed",
                          "companion:99999999999999999999/sd/A"), "utf-8")
    r = invoke("validate", p)
    assert r.exit_code == 2
    assert "names edition 999999999999...: no game has an edition that high" in r.stderr
    assert "no edition number" not in r.stderr


def test_record_resuming_a_log_with_a_malformed_claim_says_why(tmp_path):
    p = tmp_path / "resume.log"
    text = with_tag(game_log("scoundrel"), "Claim", "--5")
    p.write_text(text, "utf-8")
    r = invoke("record", "--resume", p, input="quit\n")
    assert r.exit_code in (1, 2), r.output
    assert f"{p}:2:9: the claim must be a whole number" in r.stderr
    assert p.read_text("utf-8") == text  # nothing a user gave is modified
