"""Golden vectors for every game: the seeded generation (deals, maps, floors, levels and
the reward deck) and each sheet kind's PDF bytes, as SHA-256 digests recorded in
``tests/golden/digests.json``; each game gives the canonical text of its generation
(``Game.golden_text``), committed in ``tests/golden/texts`` so that a change shows as a
diff before its digest is compared.

A failure here means that a seed printed on paper now stands for another game (or that a
sheet's bytes changed). If that is meant, it is a new edition of that game: add it to the
game's ``EDITIONS`` (the old ones stay) and run ``python -m tests.golden.update --new``
(``docs/decisions.md``, Reproducibility). The same digests must come out under another
``PYTHONHASHSEED`` and another Python minor version. The ``--json`` data of the editions
that came before an edition of their game was added is frozen in
``tests/golden/edition1-json.json``.
"""

from __future__ import annotations

import difflib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.errors import PayloadError
from companion.games import all_games, get_game
from companion.replay import validate_text
from companion.seeds import Payload, parse_payload

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = "python -m tests.golden.update"


def _load_compute():
    spec = importlib.util.spec_from_file_location("golden_compute", GOLDEN / "compute.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


compute = _load_compute()
RECORD = json.loads((GOLDEN / "digests.json").read_text("utf-8"))


def _diff(expected: dict[str, str], actual: dict[str, str]) -> list[str]:
    return [key for key in sorted(set(expected) | set(actual))
            if expected.get(key) != actual.get(key)]


# --- the record belongs to these editions ---------------------------------------------


def test_digests_are_recorded_for_these_editions():
    assert RECORD["editions"] == compute.editions(), (
        f"tests/golden/digests.json holds the vectors of editions {RECORD['editions']}, "
        f"the code has {compute.editions()}: run {UPDATE} --new and commit the new "
        f"digests with the new edition")


def test_no_edition_is_ever_dropped():
    for game, editions in RECORD["editions"].items():
        assert editions == list(range(1, len(editions) + 1)), (game, editions)
        assert set(editions) <= set(get_game(game).editions), (
            f"{game} no longer knows an edition it printed: {editions}")


EDITION1_JSON = json.loads((GOLDEN / "edition1-json.json").read_text("utf-8"))


def _edition1_describe(key: str) -> str:
    """The ``--json`` data a frozen key names, described under edition 1 now."""
    game_name, seed, kind, *rest = key.split("/")
    game = get_game(game_name)
    params = {p.name: p.default for p in game.params}
    options: dict[str, object] = {"edition": 1}
    for item in rest:
        name, _, value = item.partition("=")
        (params if name in params else options)[name] = int(value)
    data = game.describe(kind, seed, params, options)
    return compute.sha(json.dumps(data, sort_keys=True, ensure_ascii=False))


@pytest.mark.parametrize("key", sorted(EDITION1_JSON))
def test_edition_1_json_data_is_frozen(key):
    """The --json data (floors, levels, tiles, reward deck, payloads) of every sheet
    kind as edition 1 printed it, recorded before edition 2 was added."""
    assert _edition1_describe(key) == EDITION1_JSON[key], (
        f"{key}: edition 1's data changed: sheets printed under it no longer rebuild")


def test_the_newest_edition_is_not_edition_1_data():
    """The frozen data really depends on the edition: Dungeon Solitaire's edition 2
    deals other levels from the same seed."""
    game = get_game("dungeon-solitaire")
    new = game.describe("tiles", "K7Q2-9XMA", {"size": 5}, {})
    old = game.describe("tiles", "K7Q2-9XMA", {"size": 5}, {"edition": 1})
    assert new["levels"] != old["levels"] or new["reward_deck"] != old["reward_deck"]
    assert all(p.startswith("companion:1/") for p in old["payloads"])
    assert all(p.startswith(f"companion:{game.edition}/") for p in new["payloads"])


# --- generation ----------------------------------------------------------------------------


def _text_diff(name: str, expected: str, actual: str, limit: int = 40) -> str:
    """The first ``limit`` lines of a unified diff of the committed and computed text."""
    lines = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                      f"tests/golden/texts/{name}.txt", "computed now",
                                      lineterm="", n=1))
    more = f"\n... {len(lines) - limit} more diff lines" if len(lines) > limit else ""
    return "\n".join(lines[:limit]) + more


@pytest.mark.parametrize("name", sorted(RECORD["generator"]))
def test_generator_golden_vector(name):
    """The text first (a failure shows a readable diff of the deal), then the digest."""
    cases = dict(compute.generator_cases())
    assert name in cases, f"{name} is recorded but no longer computed: run {UPDATE}"
    text = cases[name]()
    path = compute.text_path(name)
    assert path.is_file(), f"no canonical text for {name}: run {UPDATE} --texts-only"
    expected = path.read_text("utf-8").replace("\r\n", "\n")
    assert text == expected, (
        f"the seeded generation {name} changed: a printed seed now gives another game. "
        f"If that is meant, it is a new edition of the game: add it and run {UPDATE} "
        f"--new\n{_text_diff(name, expected, text)}")
    assert compute.sha(expected) == RECORD["generator"][name], (
        f"tests/golden/texts/{name}.txt is not the text whose digest is recorded")
    digest = compute.sha(text)
    assert digest == RECORD["generator"][name], (
        f"the seeded generation {name} changed: a printed seed now gives another game. "
        f"If that is meant, it is a new edition of the game: add it and run {UPDATE} --new")


def test_every_generator_vector_is_recorded():
    missing = [name for name, _ in compute.generator_cases() if name not in RECORD["generator"]]
    assert not missing, f"no golden digest for {missing}: run {UPDATE} --new"


def test_every_text_is_a_vector():
    texts = {str(p.relative_to(compute.TEXTS).with_suffix("")).replace("\\", "/")
             for p in compute.TEXTS.rglob("*.txt")}
    assert texts == set(RECORD["generator"]), sorted(texts ^ set(RECORD["generator"]))


def test_every_registered_game_has_golden_vectors():
    from companion.games import REGISTRY

    named = {name.split("/")[0].split("@")[0] for name, _ in compute.generator_cases()}
    assert named == set(REGISTRY)


def test_canonical_texts_hold_the_deal():
    """The digests hash texts that really spell out the deal (a spot check)."""
    def text(game: str, seed: str, edition: int = 1, **params: int) -> str:
        g = get_game(game)
        return g.golden_text(seed, g.check_params(params), edition)

    sd = text("shuffle-and-doom", "K7Q2-9XMA", size=7)
    assert sd.splitlines()[1].startswith("row 5♦ 10♦ 7♦ 4♥ 2♠ 7♥ 2♥")
    ctd = text("clear-the-dungeon", "K7Q2-9XMA")
    assert "column1 J♥ Q♠ Q♥" in ctd and "power 2♦ 5♣ 4♦ 6♦ JK 9♦" in ctd
    assert "B10 tries" in text("dungeon-upkeeper", "A")
    ds = text("dungeon-solitaire", "A", size=5)
    assert "level 9 tries" in ds and "\nR60 " in ds


def test_a_changed_generation_shows_a_readable_diff(monkeypatch):
    """A vector whose text changes fails on the text, with the changed line shown."""
    name = "clear-the-dungeon/K7Q2-9XMA"
    game = get_game("clear-the-dungeon")
    real = game.golden_text
    monkeypatch.setattr(game, "golden_text", lambda seed, params, edition: real(
        seed, params, edition).replace("column1 J♥", "column1 Q♥"))
    with pytest.raises(AssertionError) as exc:
        test_generator_golden_vector(name)
    message = str(exc.value)
    assert "-column1 J♥" in message and "+column1 Q♥" in message


def test_the_default_golden_text_is_the_described_deal():
    """A game that spells out no text of its own is pinned by its ``describe`` data."""
    from companion.games.base import Game

    game = get_game("clear-the-dungeon")
    text = Game.golden_text(game, "K7Q2-9XMA", {}, 1)
    assert json.loads(text) == game.describe(game.map_kind, "K7Q2-9XMA", {}, {"edition": 1})
    assert text.endswith("\n") and "column" in text


# --- PDF bytes -----------------------------------------------------------------------------


def _toolkit_or_skip() -> None:
    if RECORD.get("toolkit") != compute.toolkit_versions():
        pytest.skip(f"PDF digests recorded with {RECORD.get('toolkit')}, installed "
                    f"{compute.toolkit_versions()}: run {UPDATE} --pdf-only")


def test_pdf_golden_digests(monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    _toolkit_or_skip()
    actual = compute.pdf_digests()
    missing = sorted(set(actual) - set(RECORD["pdf"]))
    assert not missing, f"sheet kinds without a golden digest: {missing}: run {UPDATE} --new"
    changed = _diff(RECORD["pdf"], actual)
    assert not changed, (
        f"the PDF bytes of {changed} changed. A new deal or map needs a new edition "
        f"and {UPDATE}; a deliberate change of the drawing alone: {UPDATE} --pdf-only")


# --- the edition in payloads and logs -------------------------------------------------------


def test_payloads_carry_the_game_edition():
    assert Payload("sd", "A").encode().startswith("companion:1/")
    assert Payload("ds", "A", edition=7).encode() == "companion:7/ds/A"
    for game in all_games():
        params = {p.name: p.default for p in game.params}
        text = game.payload("K7Q2-9XMA", params)
        assert text.startswith(f"companion:{game.edition}/{game.code}/K7Q2-9XMA")
        assert parse_payload(text).edition == game.edition
        described = json.dumps(game.describe(game.map_kind, "K7Q2-9XMA", params))
        editions = set(re.findall(r"companion:(\d+)/", described))
        assert editions == {str(game.edition)}, (game.name, editions)


@pytest.mark.parametrize("game_name", [g.name for g in all_games()])
def test_an_unknown_edition_is_refused_naming_it(game_name):
    game = get_game(game_name)
    other = game.edition + 1
    payload = parse_payload(f"companion:{other}/{game.code}/K7Q2-9XMA")  # well formed
    with pytest.raises(PayloadError) as exc:
        game.check_edition(payload.edition)
    message = str(exc.value)
    assert f"edition {other}" in message and str(game.edition) in message
    for bad in ("companion:0/sd/A", "companion:x/sd/A"):
        with pytest.raises(PayloadError):
            parse_payload(bad)


@pytest.mark.parametrize("game_name", [g.name for g in all_games()])
def test_a_log_of_an_unknown_edition_is_refused_with_exit_2(game_name):
    game = get_game(game_name)
    other = game.edition + 1
    text = (f'[Game "{game_name}"]\n[Player "Ada"]\n'
            f'[Seed "companion:{other}/{game.code}/K7Q2-9XMA"]\n')
    v = validate_text(text, "new.log")
    assert not v.valid and v.exit_code == 2  # a payload this build cannot read: exit 2
    assert (v.error.line, v.error.column) == (3, 8)
    assert v.error.rule == "edition"
    assert f"edition {other}" in v.error.message
    good = text.replace(f"companion:{other}/", f"companion:{game.edition}/")
    assert validate_text(good, "ok.log").valid
    tagged = f'[Game "{game_name}"]\n[Seed "K7Q2-9XMA"]\n[Edition "{other}"]\n'
    v = validate_text(tagged, "tag.log")
    assert not v.valid and v.exit_code == 2 and v.error.rule == "edition"
    assert (v.error.line, v.error.column) == (3, 11)
    for word in ("two", "", "1.5"):
        v = validate_text(tagged.replace(f'"{other}"', f'"{word}"'), "tag.log")
        assert not v.valid and v.exit_code == 2, word


def test_an_edition_tag_contradicting_the_payload_is_refused():
    text = ('[Game "dungeon-upkeeper"]\n[Seed "companion:1/du/K7Q2-9XMA"]\n'
            '[Edition "2"]\npath E\n')
    v = validate_text(text, "both.log")
    assert not v.valid and v.error.rule == "edition-mismatch" and v.error.line == 3


# --- no dependence on hash order or the Python version -------------------------------------


def _run_compute(python: str, *args: str, env: dict[str, str]) -> dict:
    out = subprocess.run([python, "-m", "tests.golden.compute", *args], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout)


def test_another_hash_seed_gives_the_same_digests_and_simulations():
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    here = os.environ.get("PYTHONHASHSEED")
    env["PYTHONHASHSEED"] = "4242" if here != "4242" else "7"
    other = _run_compute(sys.executable, "--simulations", env=env)
    assert _diff(RECORD["generator"], other["generator"]) == []
    if RECORD.get("toolkit") == compute.toolkit_versions():
        assert _diff(RECORD["pdf"], other["pdf"]) == []
    assert _diff(compute.simulation_digests(), other["simulation"]) == []


def _other_pythons() -> list[str]:
    """Interpreters of the other supported minor versions (3.11 and later) found here."""
    found = []
    for minor in range(11, 16):
        if minor == sys.version_info[1]:
            continue
        candidates = [shutil.which(f"python3.{minor}")]
        candidates += sorted(str(p) for p in Path.home().glob(
            f".pyenv/versions/3.{minor}*/bin/python3.{minor}"))
        for exe in filter(None, candidates):
            try:
                out = subprocess.run([exe, "-c", "import sys; print(sys.version_info[:2])"],
                                     capture_output=True, text=True, timeout=30)
            except (OSError, subprocess.TimeoutExpired):
                continue
            if out.returncode == 0 and out.stdout.strip() == f"(3, {minor})":
                found.append(exe)
                break
    return found


OTHER_PYTHONS = _other_pythons()


@pytest.mark.skipif(not OTHER_PYTHONS, reason="no other Python 3.11+ minor version here")
@pytest.mark.parametrize("python", OTHER_PYTHONS)
def test_another_python_minor_gives_the_same_generator_digests(python):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env["PYTHONPATH"] = str(ROOT)
    env["PYTHONHASHSEED"] = "99"
    other = _run_compute(python, "--generators", env=env)
    assert other["python"] != "{}.{}".format(*sys.version_info[:2])
    assert _diff(RECORD["generator"], other["generator"]) == []
