"""The balance lab behind ``companion stats``: many seeded games per player class, and
what they add up to (win rate with a 95 % interval, scores, where and why games end,
game length, the game's balance targets).

One game is one call of :func:`play_seed` on a :class:`Job` (a picklable value): the
seed, the player and everything else that fixes the game. Batches of jobs run in this
process, in a pool of processes (``jobs``), or on a Dask cluster (``scheduler``, the
optional ``[cluster]`` extra); the records are put back in job order before they are
summed up, so the figures are the same whichever way they were played.

Seeds are ``S0``, ``S1``, ... (``first_seed`` moves the window); each player draws its
own random choices from the project's generator, seeded by the seed and its name.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from companion.errors import ParameterError
from companion.games import get_game
from companion.games.base import Game, Target

DEFAULT_PLAYERS = ("random", "greedy", "expert")
MAX_GAMES = 10_000_000
BATCH = 25
"""Games per batch sent to a worker: large enough that sending costs little, small
enough that the progress bar moves."""
Z95 = 1.959963984540054
RARE = 10


@dataclass(frozen=True)
class Job:
    """One seeded game to play: everything that fixes it."""

    game: str
    seed: str
    player: str
    params: tuple[tuple[str, int], ...] = ()
    variants: tuple[str, ...] = ()
    edition: int | None = None
    max_actions: int = 20_000


@dataclass(frozen=True)
class GameRecord:
    """How one simulated game went."""

    player: str
    seed: str
    outcome: str
    won: bool
    score: int | None
    stage: int
    reason: str
    length: int


def play_seed(job: Job) -> GameRecord:
    """Play ``job`` to its end (or ``max_actions``: then its outcome is ``unfinished``
    and its reason ``cut off``)."""
    from companion.simulate import play

    game = get_game(job.game)
    player = game.players()[job.player]
    played = play(game, job.seed, dict(job.params), player, player_seed=job.player,
                  variants=job.variants, max_actions=job.max_actions, edition=job.edition,
                  keep_states=False)
    final = played.final
    result = game.result(final)
    # a game may be won before it is over (Scoundrel: through the dungeon, the last
    # card not faced): a result of won is an ending, never "cut off"
    over = game.is_over(final) or result.outcome in game.won_outcomes
    return GameRecord(player=job.player, seed=job.seed, outcome=result.outcome,
                      won=result.outcome in game.won_outcomes, score=result.score,
                      stage=game.stage(final),
                      reason=game.end_reason(final) if over else "cut off",
                      length=len(played.actions))


def play_batch(jobs: Sequence[Job]) -> list[GameRecord]:
    """:func:`play_seed` for each job, in order (what one worker is sent)."""
    return [play_seed(job) for job in jobs]


# ------------------------------------------------------------------------- figures
def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``wins / n`` (95 % by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    return (low, 1.0 if wins == n else min(1.0, centre + half))


def _quartiles(values: list[int]) -> tuple[float, float, float]:
    if not values:
        return (0.0, 0.0, 0.0)
    if len(values) == 1:
        return (float(values[0]),) * 3
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return (q1, q2, q3)


@dataclass(frozen=True)
class PlayerSummary:
    """The figures of one player class."""

    player: str
    games: int
    wins: int
    win_rate: float
    win_low: float
    win_high: float
    score_mean: float | None
    score_quartiles: tuple[float, float, float] | None
    scores: dict[int, int]
    outcomes: dict[str, int]
    stages: dict[int, int]
    """Where games that were not won ended: stage -> games."""
    reasons: dict[str, int]
    length_mean: float
    length_median: float
    rare: tuple[str, ...] = ()
    """The seeds of the games that went against the player's usual result (lost by a
    player who nearly always wins, won by one who nearly never does), when there are
    at most :data:`RARE` of them: the cases a designer looks at."""

    def share(self, target: Target) -> float:
        """The share of games that meet ``target``'s measure."""
        if self.games == 0:
            return 0.0
        if target.measure == "win":
            count = self.wins
        elif target.measure == "reach":
            count = self.wins + sum(n for s, n in self.stages.items() if s >= target.stage)
        elif target.measure == "end_by":
            count = sum(n for s, n in self.stages.items() if s <= target.stage)
        else:
            raise ParameterError(f"unknown target measure {target.measure!r}")
        return count / self.games

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON-ready data."""
        out = asdict(self)
        out["scores"] = {str(k): v for k, v in self.scores.items()}
        out["stages"] = {str(k): v for k, v in self.stages.items()}
        return out


def summarize(player: str, records: Sequence[GameRecord]) -> PlayerSummary:
    """The figures of ``records`` (one player's games)."""
    n = len(records)
    wins = sum(r.won for r in records)
    low, high = wilson(wins, n)
    scores = [r.score for r in records if r.score is not None]
    lengths = [r.length for r in records]
    return PlayerSummary(
        player=player, games=n, wins=wins, win_rate=wins / n if n else 0.0,
        win_low=low, win_high=high,
        score_mean=statistics.fmean(scores) if scores else None,
        score_quartiles=_quartiles(scores) if scores else None,
        scores=dict(sorted(Counter(scores).items())),
        outcomes=dict(sorted(Counter(r.outcome for r in records).items())),
        stages=dict(sorted(Counter(r.stage for r in records if not r.won).items())),
        reasons=dict(sorted(Counter(r.reason for r in records).items())),
        length_mean=statistics.fmean(lengths) if lengths else 0.0,
        length_median=float(statistics.median(lengths)) if lengths else 0.0,
        rare=_rare(records, wins),
    )


def _rare(records: Sequence[GameRecord], wins: int) -> tuple[str, ...]:
    usual = 2 * wins >= len(records)
    odd = tuple(r.seed for r in records if r.won != usual)
    return odd if len(odd) <= RARE else ()


@dataclass(frozen=True)
class TargetCheck:
    """A balance target and the measured share."""

    target: Target
    value: float

    @property
    def ok(self) -> bool:
        """Whether the value lies within the target."""
        return self.target.low <= self.value <= self.target.high

    def to_json(self) -> dict[str, Any]:
        """The check as JSON-ready data."""
        return {**asdict(self.target), "value": self.value, "ok": self.ok}


@dataclass(frozen=True)
class StatsReport:
    """What ``companion stats`` measured."""

    game: str
    title: str
    edition: int
    params: dict[str, int]
    variants: tuple[str, ...]
    games: int
    first_seed: int
    stage_name: str
    players: tuple[PlayerSummary, ...]
    targets: tuple[TargetCheck, ...] = field(default=())

    @property
    def seeds(self) -> str:
        """The seeds played: ``S1-S500``."""
        return f"S{self.first_seed}-S{self.first_seed + self.games - 1}"

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data (``stats --json``)."""
        return {"game": self.game, "title": self.title, "edition": self.edition,
                "params": self.params, "variants": list(self.variants),
                "games": self.games, "seeds": self.seeds, "first_seed": self.first_seed,
                "stage": self.stage_name,
                "players": [p.to_json() for p in self.players],
                "targets": [t.to_json() for t in self.targets]}


# ---------------------------------------------------------------------------- runs
def check_players(game: Game, names: Iterable[str]) -> tuple[str, ...]:
    """Player names, checked against the game's players, in the order given, without
    repeats. Raises ParameterError for a player the game does not have."""
    known = game.players()
    out: list[str] = []
    for raw in names:
        name = raw.strip().lower()
        if not name:
            continue
        if name not in known:
            raise ParameterError(f"{game.name} has no player {name[:40]!r} (players: "
                                 f"{', '.join(known)})")
        if name not in out:
            out.append(name)
    if not out:
        raise ParameterError(f"name at least one player ({', '.join(known)})")
    return tuple(out)


def make_jobs(game: Game, players: Sequence[str], games: int, params: Mapping[str, int],
              variants: Sequence[str], edition: int | None, first_seed: int = 0,
              max_actions: int = 20_000) -> list[Job]:
    """Every game to play: ``games`` seeds for each player, seed by seed (the players
    of one seed go in the same batch, so its maps are generated once there)."""
    frozen = tuple(sorted(params.items()))
    return [Job(game.name, f"S{first_seed + i}", p, frozen, tuple(variants), edition,
                max_actions)
            for i in range(games) for p in players]


def _batches(jobs: Sequence[Job], size: int = BATCH) -> list[list[Job]]:
    return [list(jobs[i:i + size]) for i in range(0, len(jobs), size)]


def _run_local(batches: list[list[Job]], workers: int) -> Iterator[tuple[int, list[GameRecord]]]:
    if workers <= 1:
        for i, batch in enumerate(batches):
            yield i, play_batch(batch)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # spawn: workers start clean (no copy of a parent mid-way through anything)
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        futures = {pool.submit(play_batch, b): i for i, b in enumerate(batches)}
        for future in as_completed(futures):
            yield futures[future], future.result()


def _run_dask(batches: list[list[Job]], scheduler: Any) -> Iterator[tuple[int, list[GameRecord]]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ParameterError("--scheduler needs Dask: pip install 'companion[cluster]'") \
            from None
    own = not isinstance(scheduler, Client)
    try:
        client = Client(scheduler) if own else scheduler
    except (OSError, ValueError, TypeError) as exc:
        raise ParameterError(f"cannot reach the Dask scheduler {str(scheduler)[:60]!r}: "
                             f"{str(exc)[:120]}") from None
    try:
        futures = client.map(play_batch, batches, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        for future in as_completed(futures):
            yield index[future.key], future.result()
    finally:
        if own:
            client.close()


def run(game_name: str, players: Sequence[str] = DEFAULT_PLAYERS, games: int = 1000,
        params: Mapping[str, int] | None = None, variants: Sequence[str] = (),
        edition: int | None = None, jobs: int = 1, scheduler: Any = None,
        first_seed: int = 0, progress: Callable[[int], None] | None = None,
        max_actions: int = 20_000) -> StatsReport:
    """Play ``games`` seeds for each of ``players`` and sum them up.

    ``jobs`` > 1 spreads the games over that many processes; ``scheduler`` (a Dask
    scheduler address, or a ``distributed.Client``) over a cluster instead. The figures
    do not depend on either. ``progress(n)`` is called as each batch of ``n`` games
    ends. Raises ParameterError for an unknown game, player, parameter, variant or
    edition, a number of games out of range, or a scheduler that cannot be reached.
    """
    game = get_game(game_name)
    if not 1 <= games <= MAX_GAMES:
        raise ParameterError(f"--games must be from 1 to {MAX_GAMES:,}, not {games}")
    if not 1 <= jobs <= 256:
        raise ParameterError(f"--jobs must be from 1 to 256, not {jobs}")
    names = check_players(game, players)
    checked = game.check_params(dict(params or {}))
    chosen = game.check_variants(list(variants))
    ed = game.check_edition(edition) if edition is not None else game.edition
    todo = make_jobs(game, names, games, checked, chosen,
                     None if ed == game.edition else ed, first_seed, max_actions)
    batches = _batches(todo)
    results: list[list[GameRecord] | None] = [None] * len(batches)
    stream = (_run_dask(batches, scheduler) if scheduler is not None
              else _run_local(batches, jobs))
    for i, records in stream:
        results[i] = records
        if progress is not None:
            progress(len(records))
    records = [r for batch in results if batch is not None for r in batch]
    summaries = tuple(summarize(p, [r for r in records if r.player == p]) for p in names)
    by_player = {s.player: s for s in summaries}
    targets: tuple[TargetCheck, ...] = ()
    if ed == game.edition and not chosen and checked == game.check_params({}):
        targets = tuple(TargetCheck(t, by_player[t.player].share(t))
                        for t in game.balance_targets if t.player in by_player)
    return StatsReport(game.name, game.title, ed, checked, chosen, games, first_seed,
                       game.stage_name, summaries, targets)


# --------------------------------------------------------------------------- table
def pct(x: float) -> str:
    """A share in % with one decimal, two where one would show 0.0 or 100.0 for a share
    that is neither (9,999 wins of 10,000: 99.99 %)."""
    text = f"{100 * x:.1f} %"
    if text in ("0.0 %", "100.0 %") and 1e-9 < x < 1 - 1e-9:
        text = f"{100 * x:.2f} %"
    return text


def _stage_text(p: PlayerSummary) -> str:
    """Where the games not won ended: the median stage and the range."""
    stages = [s for s, n in p.stages.items() for _ in range(n)]
    if not stages:
        return "-"
    mid = statistics.median(stages)
    return f"{mid:g} ({stages[0]}-{stages[-1]})" if stages[0] != stages[-1] else str(mid)


def table_rows(report: StatsReport) -> list[list[str]]:
    """The table ``companion stats`` prints, as text cells (header first)."""
    rows = [["player", "games", "wins [95 % CI]", "score: mean; quartiles",
             f"not won, ended at {report.stage_name}: median (range)", "why games end",
             "actions"]]
    for p in report.players:
        q = p.score_quartiles
        score = ("-" if q is None or p.score_mean is None else
                 f"{p.score_mean:.1f}; {q[0]:.4g} / {q[1]:.4g} / {q[2]:.4g}")
        reasons = ", ".join(f"{r} {n}" for r, n in
                            sorted(p.reasons.items(), key=lambda kv: (-kv[1], kv[0])))
        rows.append([p.player, str(p.games),
                     f"{pct(p.win_rate)} [{pct(p.win_low)}-{pct(p.win_high)}]",
                     score, _stage_text(p), reasons, f"{p.length_mean:.0f}"])
    return rows


def target_lines(report: StatsReport) -> list[str]:
    """One line per balance target: met or not, and the measured share."""
    return [f"{'met' if t.ok else 'NOT MET'}: {t.target.text} (measured "
            f"{pct(t.value)})" for t in report.targets]
