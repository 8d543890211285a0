"""Random-play simulation: seeded games by random and greedy legal actions, written as
logs, validated, same outcome and score; also read back as free deals."""

import pytest

from companion.games import get_game
from companion.replay import validate_text
from companion.simulate import play

SD = get_game("shuffle-and-doom")


def free_deal_version(text: str, game) -> str:
    """The same log with the seed replaced by the Row/Column tags it deals."""
    from companion.games.shuffle_and_doom import seeded_map
    from companion.log import parse_log

    log = parse_log(text)
    seed, size = log.value("seed"), int(log.value("size"))
    dmap = seeded_map(seed, size)
    row = " ".join(map(str, dmap.row_stack))
    col = " ".join(map(str, dmap.column_stack))
    return text.replace(f'[Seed "{seed}"]', f'[Row "{row}"]\n[Column "{col}"]')


CASES = [(f"SIM{i}", 4 + (i * 5) % 23, "random" if i % 3 else "greedy") for i in range(90)]


@pytest.mark.parametrize("seed,size,player", CASES)
def test_played_games_validate_to_the_same_result(seed, size, player):
    played = play(SD, seed, {"size": size}, player)
    assert SD.is_over(played.final)
    result = SD.result(played.final)
    text = played.log_text()
    v = validate_text(text, f"{seed}.log")
    assert v.valid, (v.error, text)
    assert (v.outcome, v.score, v.claim_matches) == (result.outcome, result.score, True)
    free = validate_text(free_deal_version(text, SD), f"{seed}-free.log")
    assert free.valid, free.error
    assert (free.outcome, free.score) == (result.outcome, result.score)


def test_simulation_reaches_later_passes_and_every_outcome():
    outcomes = set()
    deepest = None
    for i in range(120):
        played = play(SD, f"W{i}", {"size": 26}, "greedy")
        outcomes.add(played.final.outcome)
        if played.final.pass_no >= 3:
            deepest = played
            break
    assert deepest is not None, "no simulated game reached pass 3"
    v = validate_text(deepest.log_text())
    assert v.valid and v.summary["pass"] >= 3 and v.score == deepest.final.score()
    for i in range(30):
        outcomes.add(play(SD, f"OUT{i}", {"size": 4 + i % 5}, "greedy").final.outcome)
    assert {"died", "cleared"} <= outcomes


def test_exit_outcome_occurs():
    found = False
    for i in range(200):
        played = play(SD, f"EXIT{i}", {"size": 5}, "random")
        if played.final.outcome == "exited":
            found = True
            v = validate_text(played.log_text())
            assert v.valid and v.outcome == "exited" and v.score == played.final.score()
            break
    assert found


def test_simulation_is_reproducible():
    a = play(SD, "REPRO", {"size": 9}, "random").log_text()
    b = play(SD, "REPRO", {"size": 9}, "random").log_text()
    assert a == b


def test_truncated_logs_are_unfinished_and_mutations_fail_at_or_after_the_line():
    played = play(SD, "MUT", {"size": 7}, "random")
    lines = played.log_text().splitlines()
    header = sum(1 for line in lines if line.startswith("["))
    half = "\n".join(ln for ln in lines[: header + (len(lines) - header) // 2]
                     if not ln.startswith("[Claim")) + "\n"
    v = validate_text(half)
    assert v.valid and (v.outcome == "unfinished" or v.outcome in ("died", "cleared", "exited"))
    for k in range(header, len(lines), 3):
        mutated = lines.copy()
        mutated[k] = "hit 2♠" if not lines[k].startswith("hit 2♠") else "loot"
        v = validate_text("\n".join(mutated) + "\n")
        if not v.valid:
            assert v.error.line >= k + 1
