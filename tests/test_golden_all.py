"""Golden vectors for every game: the seeded generation (deals, maps, floors, levels and
the reward deck) and each sheet kind's PDF bytes, as SHA-256 digests recorded in
``tests/golden/digests.json``.

A failure here means that a seed printed on paper now stands for another game (or that a
sheet's bytes changed). If that is meant: bump ``companion.RULES_VERSION`` and run
``python -m tests.golden.update`` (``docs/decisions.md``, Reproducibility). The same
digests must come out under another ``PYTHONHASHSEED`` and another Python minor version.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import companion
from companion.errors import PayloadError
from companion.games import all_games, get_game
from companion.replay import validate_text
from companion.seeds import PAYLOAD_VERSION, Payload, parse_payload

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


# --- the record belongs to this rules version ---------------------------------------------


def test_digests_are_recorded_for_this_rules_version():
    assert RECORD["rules_version"] == companion.RULES_VERSION, (
        f"tests/golden/digests.json holds the vectors of rules version "
        f"{RECORD['rules_version']}, the code is version {companion.RULES_VERSION}: "
        f"run {UPDATE} and commit the new digests with the bump")


# --- generation ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(RECORD["generator"]))
def test_generator_golden_vector(name):
    cases = dict(compute.generator_cases())
    assert name in cases, f"{name} is recorded but no longer computed: run {UPDATE}"
    digest = compute.sha(cases[name]())
    assert digest == RECORD["generator"][name], (
        f"the seeded generation {name} changed: a printed seed now gives another game. "
        f"If that is meant, bump companion.RULES_VERSION (now {companion.RULES_VERSION}) "
        f"and run {UPDATE}")


def test_every_generator_vector_is_recorded():
    missing = [name for name, _ in compute.generator_cases() if name not in RECORD["generator"]]
    assert not missing, f"no golden digest for {missing}: run {UPDATE} --new"


def test_canonical_texts_hold_the_deal():
    """The digests hash texts that really spell out the deal (a spot check)."""
    text = compute.sd_text("K7Q2-9XMA", 7)
    assert text.splitlines()[1].startswith("row 5♦ 10♦ 7♦ 4♥ 2♠ 7♥ 2♥")
    ctd = compute.ctd_text("K7Q2-9XMA")
    assert "column1 J♥ Q♠ Q♥" in ctd and "power 2♦ 5♣ 4♦ 6♦ JK 9♦" in ctd
    assert "B10 tries" in compute.du_text("A")
    ds = compute.ds_text("A", 5)
    assert "level 9 tries" in ds and "\nR60 " in ds


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
        f"the PDF bytes of {changed} changed. A new deal or map needs a rules version bump "
        f"and {UPDATE}; a deliberate change of the drawing alone: {UPDATE} --pdf-only")


# --- the version in payloads ---------------------------------------------------------------


def test_payload_version_is_the_rules_version():
    assert PAYLOAD_VERSION == companion.RULES_VERSION
    assert Payload("sd", "A").encode().startswith(f"companion:{companion.RULES_VERSION}/")
    for game in all_games():
        params = {p.name: p.default for p in game.params}
        text = game.payload("K7Q2-9XMA", params)
        assert text.startswith(f"companion:{companion.RULES_VERSION}/{game.code}/K7Q2-9XMA")
        assert parse_payload(text).version == companion.RULES_VERSION
        described = json.dumps(game.describe(game.map_kind, "K7Q2-9XMA", params))
        versions = set(re.findall(r"companion:(\d+)/", described))
        assert versions == {str(companion.RULES_VERSION)}, (game.name, versions)


def _other_versions() -> list[int]:
    v = companion.RULES_VERSION
    return [n for n in (v - 1, v + 1, 99) if n >= 0 and n != v]


@pytest.mark.parametrize("other", _other_versions())
def test_a_payload_of_another_version_is_refused_naming_both(other):
    with pytest.raises(PayloadError) as exc:
        parse_payload(f"companion:{other}/sd/K7Q2-9XMA/size=7")
    message = str(exc.value)
    assert f"version {other}" in message and f"version {companion.RULES_VERSION}" in message


@pytest.mark.parametrize("game_name", ["shuffle-and-doom", "clear-the-dungeon",
                                       "dungeon-upkeeper", "dungeon-solitaire"])
def test_a_log_whose_seed_payload_has_another_version_is_refused(game_name):
    game = get_game(game_name)
    other = companion.RULES_VERSION + 1
    text = (f'[Game "{game_name}"]\n[Player "Ada"]\n'
            f'[Seed "companion:{other}/{game.code}/K7Q2-9XMA"]\n')
    v = validate_text(text, "old.log")
    assert not v.valid and v.exit_code == 2  # a bad payload: cli.md exit 2
    assert (v.error.line, v.error.column) == (3, 8)
    assert v.error.rule == "seed"
    assert f"version {other}" in v.error.message
    assert f"version {companion.RULES_VERSION}" in v.error.message
    good = text.replace(f"companion:{other}/", f"companion:{companion.RULES_VERSION}/")
    assert validate_text(good, "ok.log").valid


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
