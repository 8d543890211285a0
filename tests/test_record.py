"""``companion record`` and ``companion play`` (issue 17), driven through a real
pseudo-terminal (pexpect) as a player drives them: for every registered game a whole
seeded game typed key by key (the simulated greedy player's moves), Tab completion,
an illegal line refused with nothing written, undo, the process killed mid-game and the
log resumed; the log written validates to the simulation's outcome and score. Also a
free deal typed card by card, and the commands scripted through standard input."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion import record
from companion.errors import IllegalAction, NotationError
from companion.games import GAME_NAMES, get_game
from companion.replay import validate_text
from companion.simulate import play

pexpect = pytest.importorskip("pexpect")

SEED = "S1"
ROOT = Path(__file__).resolve().parent.parent


def _env(**more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
    env.update(TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", PYTHONPATH=str(ROOT),
               PYTHONIOENCODING="utf-8", **more)
    return env


def spawn(tmp_path: Path, *args: str, **env: str):
    child = pexpect.spawn(sys.executable, ["-m", "companion", *args], cwd=str(tmp_path),
                          env=_env(**env), dimensions=(40, 100), encoding="utf-8",
                          timeout=20)
    child.delaybeforesend = None
    return child


def simulated(name: str, small: bool = False):
    """The game and the greedy player's game of it (``small``: every parameter at its
    lowest, the shortest whole game: one floor, the smallest map)."""
    g = get_game(name)
    params = g.check_params({p.name: p.low for p in g.params} if small else {})
    return g, play(g, SEED, params, "greedy")


def options(g, small: bool) -> list[str]:
    return [w for p in g.params for w in (f"--{p.name}", str(p.low))] if small else []


def send_line(child, line: str) -> None:
    """Type ``line`` and Enter; wait until the screen says it was written."""
    child.send(line + "\r")
    child.expect_exact(f"written: {line}")


def illegal_line(g, state, lines: list[str]) -> str:
    """A line of the game that reads (the notation takes it) but the rules refuse now."""
    for text in reversed(lines):
        try:
            g.apply(state, g.parse_action(state, record.action_line(text)))
        except NotationError:
            continue
        except IllegalAction:
            return text
    raise AssertionError("no illegal line found")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_whole_seeded_game_typed_in_a_terminal(name, tmp_path):
    g, sim = simulated(name, small=True)
    lines = [g.format_action(a) for a in sim.actions]
    log = tmp_path / "game.log"
    child = spawn(tmp_path, "play", name, "--seed", SEED, "--out", str(log), "--player",
                  "Ada", *options(g, True))
    child.expect_exact("help · quit")
    # Tab completion offers the legal lines (a prefix, Tab Tab), where they are few
    j = next(k for k, st in enumerate(sim.states[:-1])
             if 2 <= len(g.legal_actions(st)) <= record.WHOLE_LINES)
    for line in lines[:j]:
        send_line(child, line)
    legal = [g.format_action(a) for a in g.legal_actions(sim.states[j])]
    child.send(legal[0][:2] + "\t\t")
    child.expect_exact(legal[0])
    child.send("\x15")  # Ctrl-U: clear the line
    # an illegal line is refused with the validator's message; nothing is written
    before = log.read_text(encoding="utf-8")
    bad = illegal_line(g, sim.states[j], lines)
    child.send(bad + "\r")
    child.expect_exact("refused: ")
    child.expect_exact("nothing written")
    assert log.read_text(encoding="utf-8") == before
    # undo takes the last action back, in the file too
    half = max(j + 1, len(lines) // 2)
    for line in lines[j:half]:
        send_line(child, line)
    written = log.read_text(encoding="utf-8")
    child.send("undo\r")
    child.expect_exact("took back: ")
    assert len(log.read_text(encoding="utf-8")) < len(written)
    send_line(child, lines[half - 1])
    assert log.read_text(encoding="utf-8") == written
    # killed mid-game: the log on disk holds every action so far
    child.kill(signal.SIGKILL)
    child.close()
    v = validate_text(log.read_text(encoding="utf-8"))
    assert v.valid and v.outcome == "unfinished" or v.outcome is not None, v.error
    child = spawn(tmp_path, "record", "--resume", str(log))
    for line in lines[half:]:
        send_line(child, line)
    child.expect_exact("game over: ")
    child.send("\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = log.read_text(encoding="utf-8")
    v = validate_text(text)
    result = g.result(sim.final)
    assert v.valid, v.error
    assert (v.outcome, v.score) == (result.outcome, result.score)
    assert v.claim == result.score and v.claim_matches
    assert '[Player "Ada"]' in text and re.search(r'\[Date "\d{4}-\d\d-\d\d"\]', text)
    assert f'[Seed "{SEED}"]' in text


def test_a_free_deal_typed_card_by_card_completes_only_cards_still_there(tmp_path):
    """Clear the Dungeon dealt by hand: the table's cards are typed (the seeded game's
    log reads as a free deal); Tab offers only power cards not seen yet."""
    g, sim = simulated("clear-the-dungeon")
    body = [ln for ln in sim.log_text().splitlines() if not ln.startswith("[")]
    log = tmp_path / "free.log"
    child = spawn(tmp_path, "record", "clear-the-dungeon", "--out", str(log))
    child.expect_exact("the table decides")
    child.send("mon\t")
    child.expect_exact("monsters")
    child.send("\x15")
    first_draw = next(ln for ln in body if ln.startswith("draw "))
    seen = first_draw.split()[1]
    for line in body[: body.index(first_draw) + 1]:
        send_line(child, line)
    rest = body[body.index(first_draw) + 1:]
    upto = next(i for i, ln in enumerate(rest) if ln.startswith("draw "))
    for line in rest[:upto]:
        send_line(child, line)
    # at the next draw: the cards of the rank of one already drawn, less that one
    rank = seen[:-1]
    child.send(f"draw {rank}\t\t")
    child.expect(pexpect.TIMEOUT, timeout=1.5)  # the listing, and the line typed again
    listing = child.before
    others = [f"{rank}{s}" for s in "♠♥♦♣" if f"{rank}{s}" != seen]
    assert any(c in listing for c in others), listing
    assert seen not in listing, listing
    child.send("\x15")
    for line in rest[upto:]:
        send_line(child, line)
    child.expect_exact("game over: ")
    child.send("\r")
    child.expect(pexpect.EOF)
    text = log.read_text(encoding="utf-8")
    assert "[Seed" not in text
    v = validate_text(text)
    assert v.valid, v.error
    r = g.result(sim.final)
    assert (v.outcome, v.score) == (r.outcome, r.score)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_scripted_through_standard_input(name, tmp_path):
    g, sim = simulated(name)
    lines = [g.format_action(a) for a in sim.actions]
    log = tmp_path / "script.log"
    script = "\n".join([lines[0], "not a line at all", *lines[1:]]) + "\n"
    done = subprocess.run([sys.executable, "-m", "companion", "play", name, "--seed", SEED,
                           "--out", str(log)], input=script, capture_output=True,
                          text=True, encoding="utf-8", cwd=tmp_path, env=_env(), timeout=60)
    assert done.returncode == 1, done.stderr  # one line was refused
    assert "refused: not a line at all" in done.stderr
    assert "game over: " in done.stdout
    v = validate_text(log.read_text(encoding="utf-8"))
    r = g.result(sim.final)
    assert v.valid and (v.outcome, v.score) == (r.outcome, r.score), v.error
    assert v.claim == r.score


def test_an_invalid_log_is_not_resumed(tmp_path):
    log = tmp_path / "bad.log"
    log.write_text('[Game "dungeon-upkeeper"]\n[Seed "S1"]\nfloor 1\npath N\n',
                   encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "companion", "record", "--resume",
                           str(log)], input="", capture_output=True, text=True,
                          encoding="utf-8", cwd=tmp_path, env=_env(), timeout=60)
    assert done.returncode == 1
    assert "bad.log:4:6:" in done.stderr and "step-wall" in done.stderr


def test_a_free_deal_that_starts_from_header_tags_asks_for_them(tmp_path):
    """Shuffle and Doom dealt by hand: the map stacks are asked for first (a wrong one is
    refused and asked again), then the rooms as they are dealt."""
    g, sim = simulated("shuffle-and-doom")
    tags = g.free_deal_tags(SEED, g.check_params({}))
    body = [ln for ln in sim.log_text().splitlines() if not ln.startswith("[")]
    wrong = " ".join(tags["Row"].split()[:3])
    script = "\n".join([wrong, tags["Column"], tags["Row"], tags["Column"], *body]) + "\n"
    log = tmp_path / "free.log"
    done = subprocess.run([sys.executable, "-m", "companion", "record", "shuffle-and-doom",
                           "--out", str(log)], input=script, capture_output=True,
                          text=True, encoding="utf-8", cwd=tmp_path, env=_env(), timeout=60)
    assert done.returncode == 0, done.stderr
    assert "refused: the row stack of a 7×7 map has 7 cards, not 3" in done.stdout
    text = log.read_text(encoding="utf-8")
    assert f'[Row "{tags["Row"]}"]' in text and "[Seed" not in text
    v = validate_text(text)
    r = g.result(sim.final)
    assert v.valid and (v.outcome, v.score) == (r.outcome, r.score), v.error


def test_seeded_only_games_need_a_seed_to_record(tmp_path):
    for g in (get_game(n) for n in GAME_NAMES):
        try:
            g.initial_state(None, g.check_params({}))
        except Exception:  # noqa: BLE001 - no free deal from nothing
            if not g.seeded_only:
                continue
            done = subprocess.run([sys.executable, "-m", "companion", "record", g.name],
                                  input="", capture_output=True, text=True,
                                  encoding="utf-8", cwd=tmp_path, env=_env(), timeout=60)
            assert done.returncode == 2 and "--seed" in done.stderr, done.stderr
            assert not list(tmp_path.rglob("*.log"))


def test_an_existing_log_is_never_overwritten(tmp_path):
    log = tmp_path / "mine.log"
    log.write_text("keep me", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "companion", "play", GAME_NAMES[0],
                           "--seed", SEED, "--out", str(log)], input="", capture_output=True,
                          text=True, encoding="utf-8", cwd=tmp_path, env=_env(), timeout=60)
    assert done.returncode == 2 and "--resume" in done.stderr
    assert log.read_text(encoding="utf-8") == "keep me"


# -- the session without a terminal -------------------------------------------------------
def test_play_deals_at_chance_nodes_and_undo_takes_the_deal_back_with_the_action(tmp_path):
    g = get_game("clear-the-dungeon")
    s = record.start(g, tmp_path / "x.log", "play", None, {}, (), None)
    assert s.chance()
    first = s.deal()
    assert first.dealt and first.lines[0].startswith("monsters ")
    again = record.start(g, tmp_path / "y.log", "play", None, {}, (), None)
    assert again.deal().lines == first.lines  # the same deal for the same position
    s.deal()  # the first draw
    while not s.chance() and not s.over():
        before = s.state
        s.submit(s.next().line(0))
    assert s.entries[-1].dealt is False
    s.deal()
    taken = s.undo()
    assert [e.dealt for e in taken] == [False, True] and s.state is before
    assert validate_text((tmp_path / "x.log").read_text(encoding="utf-8")).valid


def test_completion_reads_cards_any_way_and_offers_words_beyond_forty_lines():
    lines = [f"play {c} on {k}" for c in ("7♣", "7♦", "10♥") for k in (1, 2)]
    assert [c.text for c in record.completions("play 7c", lines)] == ["play 7♣ on 1",
                                                                       "play 7♣ on 2"]
    assert [c.text for c in record.completions("play th on 2", lines)] == ["play 10♥ on 2"]
    many = [f"path {a}{b}" for a in "NESW" for b in "NESWNESWNESW"]
    assert [c.text for c in record.completions("pa", many)] == ["path"]


def test_the_short_form_leaves_the_verb_out(tmp_path):
    g = get_game("dungeon-upkeeper")
    s = record.start(g, tmp_path / "x.log", "play", SEED, g.check_params({}), (), None)
    line = s.next().line(0)
    entry = s.submit(line.split(" ", 1)[1].lower())
    assert entry.lines == [line]


def test_a_resumed_log_keeps_its_lines_and_comments(tmp_path):
    g, sim = simulated("clear-the-dungeon")
    lines = sim.log_text().splitlines()
    text = "\n".join([*lines[:4], "# a note", lines[4] + "  # and another", *lines[5:8]])
    log = tmp_path / "old.log"
    log.write_text(text + "\n", encoding="utf-8")
    s = record.resume(log, None, "record", "Bo")
    s.undo()
    s.submit(lines[7])
    out = log.read_text(encoding="utf-8")
    assert "# a note\n" in out and "  # and another\n" in out and '[Player "Bo"]' in out
    assert validate_text(out).valid
    assert record.tag_line("Player", 'Ada "the" \\ Brave\n') == \
        '[Player "Ada \\"the\\" \\\\ Brave"]'


def test_the_session_words_are_no_game_verb():
    for name in GAME_NAMES:
        verbs = {v.lower() for v in getattr(get_game(name).notation, "VERBS", ())}
        assert not verbs & set(record.COMMANDS), name
