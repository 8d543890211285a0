"""Playthroughs: for every game of the registry, whole seeded games (and a free deal,
where the game has one) pinned step by step as readable text in
``tests/golden/playthroughs/GAME-SEED.txt``: the state as ``validate --explain`` shows
it, the legal actions or chance outcomes, the action taken in the log's notation, the
final outcome and score (OpenSpiel's playthroughs; ``tests/golden/playthrough.py``).

A failure shows a unified diff of the committed text and the text computed now. If the
change is meant (the rules, the notation, ``explain`` or a simulated player changed on
purpose), re-record with ``python -m tests.golden.playthrough`` and commit the new texts
with the change, after reading their diff. A game that names no playthrough of its own
still gets one (``Game.playthrough_cases``), so a new game fails here until its files
are recorded.
"""

from __future__ import annotations

import difflib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import REGISTRY, get_game
from companion.games.base import Playthrough
from companion.replay import validate_text

GOLDEN = Path(__file__).resolve().parent / "golden"
ROOT = GOLDEN.parent.parent


def _load_playthrough():
    spec = importlib.util.spec_from_file_location("golden_playthrough",
                                                  GOLDEN / "playthrough.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


pt = _load_playthrough()
CASES = {pt.case_name(game, case): (game.name, case) for game, case in pt.cases()}
MAX_BYTES = 200_000


def _diff(name: str, expected: str, actual: str, limit: int = 60) -> str:
    """The first ``limit`` lines of a unified diff of the committed and computed text."""
    lines = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                      f"tests/golden/playthroughs/{name}.txt", "computed now",
                                      lineterm="", n=2))
    more = f"\n... {len(lines) - limit} more diff lines" if len(lines) > limit else ""
    return "\n".join(lines[:limit]) + more


def check_pinned(game_name: str, case: Playthrough) -> None:
    """The playthrough of ``case`` computed now is the committed text."""
    game = get_game(game_name)
    name = pt.case_name(game, case)
    path = pt.text_path(name)
    assert path.is_file(), (f"no playthrough recorded for {name}: run {pt.RECORD} "
                            f"{game_name} and commit tests/golden/playthroughs/{name}.txt")
    expected = path.read_text("utf-8").replace("\r\n", "\n")
    actual = pt.render(game, case)
    assert actual == expected, (
        f"the playthrough {name} changed: a step's state, legal actions or action is not "
        f"what was pinned. If that is meant, re-record with {pt.RECORD} {game_name} and "
        f"commit the new text\n{_diff(name, expected, actual)}")


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_is_pinned(name):
    check_pinned(*CASES[name])


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_log_validates_to_its_end(name):
    """The game a text pins is a log the validator accepts, with the outcome and score
    the text's last step gives (a playthrough is a real game, not a picture of one)."""
    game_name, case = CASES[name]
    game = get_game(game_name)
    played = pt.played(game, case)
    verdict = validate_text(played.log_text(), f"{name}.log")
    assert verdict.valid, verdict.error
    final = game.result(played.final)
    assert (verdict.outcome, verdict.score) == (final.outcome, final.score)
    text = pt.text_path(name).read_text("utf-8")
    score = final.score if final.score is not None else "none"
    assert f"== end after {len(played.actions)} actions: {final.outcome}, score {score}\n" in text


def test_every_game_has_playthroughs_of_its_own_names():
    """Every registered game names at least one case, the names are distinct, and a game
    without cases of its own gets the default one (whose file it must then record)."""
    from companion.games.base import Game

    named = [pt.case_name(game, case) for game, case in pt.cases()]
    assert len(named) == len(set(named)), named
    assert {CASES[n][0] for n in named} == set(REGISTRY)
    assert Game.playthrough_cases(get_game("scoundrel")) == [Playthrough("PLAY-1", "random")]


def test_every_file_is_a_case():
    """No file is left of a case no game names any more (the re-recording removes it)."""
    files = {p.stem for p in pt.FOLDER.glob("*.txt")}
    assert files == set(CASES), (f"stale: {sorted(files - set(CASES))}, missing: "
                                 f"{sorted(set(CASES) - files)}: run {pt.RECORD}")


def test_files_are_small_and_cover_both_outcomes_and_chance():
    """Each text stays readable (under 200 KB); every game pins a won and a lost game;
    every game with a free deal pins one, whose chance nodes show their outcomes."""
    won: dict[str, set[bool]] = {}
    for name, (game_name, case) in CASES.items():
        path = pt.text_path(name)
        size = path.stat().st_size
        assert size < MAX_BYTES, f"{name}.txt is {size:,} bytes: choose a shorter game"
        text = path.read_text("utf-8")
        end = next(line for line in text.splitlines() if line.startswith("== end after"))
        outcome = end.split(": ", 1)[1].split(",")[0]
        won.setdefault(game_name, set()).add(outcome in get_game(game_name).won_outcomes)
        if case.free:
            assert "the table decides (a chance node)" in text and "chance outcomes (" in text
    assert all(v == {True, False} for v in won.values()), won
    for game_name in REGISTRY:
        if not get_game(game_name).seeded_only:
            assert any(c.free for g, c in CASES.values() if g == game_name), game_name


def test_thousands_of_legal_actions_are_counted_not_listed():
    """Dungeon Solitaire's draft has 19,683 legal actions: the count and the first few."""
    text = pt.text_path("dungeon-solitaire-PLAY-24").read_text("utf-8")
    assert "legal actions (19,683):\n  draft R1 R4 R7 R10 R13 R16 R19 R22 R25\n" in text
    assert f"  ... and {19_683 - pt.FIRST:,} more\n" in text


def test_a_changed_step_shows_a_readable_diff(monkeypatch):
    game = get_game("scoundrel")
    real = game.explain
    monkeypatch.setattr(game, "explain", lambda state: [
        line.replace("health: 20", "health: 21") for line in real(state)])
    name = "scoundrel-PLAY-11"
    with pytest.raises(AssertionError) as exc:
        check_pinned(*CASES[name])
    message = str(exc.value)
    assert "-  health: 20" in message and "+  health: 21" in message
    assert f"{pt.RECORD} scoundrel" in message


def test_a_case_without_a_file_fails_naming_the_command(monkeypatch):
    """A new game (or a new case) fails until its text is recorded."""
    case = Playthrough("NO-FILE-YET", "random")
    with pytest.raises(AssertionError) as exc:
        check_pinned("scoundrel", case)
    assert "no playthrough recorded for scoundrel-NO-FILE-YET" in str(exc.value)
    assert pt.RECORD in str(exc.value)


def test_recording_writes_the_texts_and_removes_stale_ones(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(pt, "FOLDER", tmp_path)
    (tmp_path / "scoundrel-OLD.txt").write_text("old\n", "utf-8")
    (tmp_path / "dungeon-upkeeper-KEEP.txt").write_text("another game's\n", "utf-8")
    pt.main(["scoundrel"])
    written = sorted(p.stem for p in tmp_path.glob("*.txt"))
    ours = sorted(n for n in CASES if n.startswith("scoundrel-"))
    assert written == sorted([*ours, "dungeon-upkeeper-KEEP"])
    for name in ours:
        assert ((tmp_path / f"{name}.txt").read_bytes()
                == (GOLDEN / "playthroughs" / f"{name}.txt").read_bytes())
    assert "scoundrel-OLD: removed" in capsys.readouterr().out


def test_another_hash_seed_plays_the_same_texts():
    """No text depends on set or dict order: the recorder's check passes in a fresh
    process under another ``PYTHONHASHSEED``."""
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = "4242" if os.environ.get("PYTHONHASHSEED") != "4242" else "7"
    out = subprocess.run([sys.executable, "-m", "tests.golden.playthrough", "--check"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:] + out.stdout[-2000:]
    assert f"{len(CASES)} playthroughs, all as recorded" in out.stdout


def test_the_check_names_a_text_that_differs(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(pt, "FOLDER", tmp_path)
    pt.main(["scoundrel"])
    (tmp_path / "scoundrel-PLAY-11.txt").write_text("changed\n", "utf-8")
    (tmp_path / "scoundrel-GONE.txt").write_text("old\n", "utf-8")
    with pytest.raises(SystemExit) as exc:
        pt.main(["--check", "scoundrel"])
    assert "scoundrel-PLAY-11" in str(exc.value) and "scoundrel-GONE (no such case)" in str(
        exc.value)
    assert (tmp_path / "scoundrel-PLAY-11.txt").read_text("utf-8") == "changed\n"
    assert (tmp_path / "scoundrel-GONE.txt").exists()  # --check writes nothing
