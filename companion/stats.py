"""The balance lab behind ``companion stats``: many seeded games per player class, and
what they add up to (win rate with a 95 % interval, scores, where and why games end,
game length, the game's balance targets).

One game is one call of :func:`play_seed` on a :class:`Job` (a picklable value): the
seed, the player and everything else that fixes the game. Batches of jobs run in this
process, in a pool of processes (``jobs``), or on a Dask cluster (``scheduler``, the
optional ``[cluster]`` extra). Jobs are made as they are sent, a few batches at a time
per process; the records are taken back in job order and summed up as they come
(:class:`Tally`: counts only), so the figures are the same whichever way they were
played and memory does not grow with the number of games.

Seeds are ``S0``, ``S1``, ... (``first_seed`` moves the window); each player draws its
own random choices from the project's generator, seeded by the seed and its name.
"""

from __future__ import annotations

import contextlib
import itertools
import math
import time
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from companion.errors import ClusterError, ParameterError
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


def _nth(counts: Sequence[tuple[int, int]], k: int) -> int:
    """The ``k``-th smallest value (from 0) of the values counted in ``counts``
    (value, count) in increasing order of value."""
    for value, count in counts:
        if k < count:
            return value
        k -= count
    raise IndexError(k)


def _quartiles_of(counts: Sequence[tuple[int, int]], n: int) -> tuple[float, float, float]:
    """The inclusive quartiles of ``n`` values given as sorted (value, count) pairs:
    the arithmetic of ``statistics.quantiles(values, n=4, method="inclusive")``, so
    the same floats, without the list of values."""
    if n == 1:
        return (float(counts[0][0]),) * 3
    m = n - 1
    out = []
    for i in range(1, 4):
        j, delta = divmod(i * m, 4)
        out.append((_nth(counts, j) * (4 - delta) + _nth(counts, j + 1) * delta) / 4)
    return (out[0], out[1], out[2])


def _median_of(counts: Sequence[tuple[int, int]], n: int) -> int | float:
    """``statistics.median`` of ``n`` values given as sorted (value, count) pairs (the
    middle value itself for an odd ``n``, the mean of the middle two for an even)."""
    if n % 2 == 1:
        return _nth(counts, n // 2)
    return (_nth(counts, n // 2 - 1) + _nth(counts, n // 2)) / 2


class Tally:
    """One player's games summed up as they come, in job order: counts only, so its
    memory does not grow with the number of games (the seeds of rare results are kept
    up to one more than :data:`RARE`)."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.games = 0
        self.wins = 0
        self.scores: Counter[int] = Counter()
        self.outcomes: Counter[str] = Counter()
        self.stages: Counter[int] = Counter()
        self.reasons: Counter[str] = Counter()
        self.lengths: Counter[int] = Counter()
        self.won_seeds: list[str] = []
        self.lost_seeds: list[str] = []

    def add(self, record: GameRecord) -> None:
        """Count one more game of the player."""
        self.games += 1
        self.wins += record.won
        if record.score is not None:
            self.scores[record.score] += 1
        self.outcomes[record.outcome] += 1
        if not record.won:
            self.stages[record.stage] += 1
        self.reasons[record.reason] += 1
        self.lengths[record.length] += 1
        seeds = self.won_seeds if record.won else self.lost_seeds
        if len(seeds) <= RARE:
            seeds.append(record.seed)

    def summary(self) -> PlayerSummary:
        """The player's figures over the games counted so far."""
        n, wins = self.games, self.wins
        low, high = wilson(wins, n)
        scores = sorted(self.scores.items())
        scored = sum(self.scores.values())
        lengths = sorted(self.lengths.items())
        # statistics.fmean of integers is the float of their exact sum over their count
        mean = (float(sum(v * c for v, c in scores)) / scored) if scored else None
        # the games that went against the player's usual result (lost by one who
        # mostly wins, won by one who mostly loses), when there are at most RARE
        odd = self.lost_seeds if 2 * wins >= n else self.won_seeds
        return PlayerSummary(
            player=self.player, games=n, wins=wins, win_rate=wins / n if n else 0.0,
            win_low=low, win_high=high,
            score_mean=mean,
            score_quartiles=_quartiles_of(scores, scored) if scored else None,
            scores=dict(scores),
            outcomes=dict(sorted(self.outcomes.items())),
            stages=dict(sorted(self.stages.items())),
            reasons=dict(sorted(self.reasons.items())),
            length_mean=float(sum(v * c for v, c in lengths)) / n if n else 0.0,
            length_median=float(_median_of(lengths, n)) if n else 0.0,
            rare=tuple(odd) if len(odd) <= RARE else (),
        )


def summarize(player: str, records: Iterable[GameRecord]) -> PlayerSummary:
    """The figures of ``records`` (one player's games, in seed order)."""
    tally = Tally(player)
    for record in records:
        tally.add(record)
    return tally.summary()


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


IN_FLIGHT = 4
"""Batches sent ahead per process (``--jobs``) or worker thread (a cluster): enough to
keep each busy while results come back, few enough that memory does not grow with
``--games`` (jobs are made as they are sent, records summed up as they come)."""
MIN_IN_FLIGHT = 8
"""Batches sent ahead on a cluster at least (one that has no worker yet, say); a
cluster's worker threads are counted again every few seconds (one that scales up
gets more batches)."""
CLUSTER_TIMEOUT = 60.0
"""Seconds ``--scheduler`` waits by default: to connect, for an answer from the
scheduler, and for the next batch of games to finish; then it gives up (exit 2)."""
MAX_CLUSTER_TIMEOUT = 86_400.0
HANDSHAKE_BYTES = 65_536
"""A Dask scheduler's first message (its handshake) is about 60 bytes: a server that
announces more is not one."""
_POLL = 1.0
"""Seconds between looks at the other batches while one is awaited on a cluster."""
_RECOUNT = 5.0
"""Seconds between two counts of a cluster's worker threads."""


def iter_jobs(game: Game, players: Sequence[str], games: int, params: Mapping[str, int],
              variants: Sequence[str], edition: int | None, first_seed: int = 0,
              max_actions: int = 20_000) -> Iterator[Job]:
    """Every game to play, made as it is asked for: ``games`` seeds for each player,
    seed by seed (the players of one seed go in the same batch, so its maps are
    generated once there)."""
    frozen = tuple(sorted(params.items()))
    chosen = tuple(variants)
    for i in range(games):
        seed = f"S{first_seed + i}"
        for player in players:
            yield Job(game.name, seed, player, frozen, chosen, edition, max_actions)


def iter_batches(jobs: Iterable[Job], size: int = BATCH) -> Iterator[list[Job]]:
    """``jobs`` in batches of ``size`` (the last one shorter), made as they are asked
    for."""
    source = iter(jobs)
    while batch := list(itertools.islice(source, size)):
        yield batch


def _in_order(batches: Iterator[list[Job]], submit: Callable[[list[Job]], Any],
              take: Callable[[Any, Sequence[Any]], list[GameRecord]],
              window: Callable[[], int]) -> Iterator[list[GameRecord]]:
    """The records of each batch, in batch order, with at most ``window()`` batches
    sent and not yet taken back: ``submit(batch)`` sends one and gives its future,
    ``take(future, others)`` waits for its records (``others``: the futures behind
    it)."""
    pending: deque[Any] = deque()
    for batch in batches:
        pending.append(submit(batch))
        while len(pending) >= window():
            yield take(pending.popleft(), pending)
    while pending:
        yield take(pending.popleft(), pending)


def _run_local(batches: Iterator[list[Job]],
               workers: int) -> Generator[list[GameRecord], None, None]:
    if workers <= 1:
        for batch in batches:
            yield play_batch(batch)
        return
    import multiprocessing
    from concurrent.futures import Future, ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    broken = "a process of --jobs ended abruptly (killed, or out of memory?); nothing " \
        "was written"

    def submit(batch: list[Job]) -> Future[list[GameRecord]]:
        try:
            return pool.submit(play_batch, batch)
        except BrokenProcessPool:
            raise ClusterError(broken) from None

    def take(future: Future[list[GameRecord]], _: Sequence[Any]) -> list[GameRecord]:
        try:
            return future.result()
        except BrokenProcessPool:
            raise ClusterError(broken) from None

    # spawn: workers start clean (no copy of a parent mid-way through anything)
    pool = ProcessPoolExecutor(max_workers=workers,
                               mp_context=multiprocessing.get_context("spawn"))
    try:
        yield from _in_order(batches, submit, take, lambda: IN_FLIGHT * workers)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _recv(sock: Any, size: int, deadline: float) -> bytes:
    """Exactly ``size`` bytes from ``sock`` by ``deadline`` (time.monotonic); raises
    TimeoutError, or EOFError if the other end closes first."""
    data = bytearray()
    while len(data) < size:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        sock.settimeout(left)
        chunk = sock.recv(min(size - len(data), 65_536))
        if not chunk:
            raise EOFError
        data += chunk
    return bytes(data)


def _is_handshake(body: bytes) -> bool:
    """Whether ``body`` is one message in Dask's framing (a count of frames, their
    lengths, the frames) whose first frame is a msgpack map, as a Dask handshake is."""
    import struct

    try:
        (count,) = struct.unpack_from("Q", body)
        if not 1 <= count <= 16:
            return False
        lengths = struct.unpack_from(f"{count}Q", body, 8)
        start = 8 * (1 + count)
        if start + sum(lengths) != len(body):
            return False
        import msgpack

        message = msgpack.loads(body[start:start + lengths[0]], use_list=False)
    except Exception:  # any garbage: struct, msgpack or value errors alike
        return False
    return isinstance(message, dict)


def _probe(host: str, port: int, timeout: float, shown: str) -> None:
    """Check that a Dask scheduler answers at ``host:port`` within ``timeout`` seconds,
    reading at most :data:`HANDSHAKE_BYTES`. Dask's own connection waits for the
    scheduler's first message without a time limit and believes the length it
    announces (another kind of server hangs it or makes it ask for gigabytes).
    Raises ClusterError."""
    import socket
    import struct

    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            (size,) = struct.unpack("Q", _recv(sock, 8, deadline))
            body = _recv(sock, size, deadline) if 16 <= size <= HANDSHAKE_BYTES else b""
    except TimeoutError:
        raise ClusterError(f"no Dask scheduler answered at {shown!r} within "
                           f"{timeout:g} s (--cluster-timeout)") from None
    except EOFError:
        raise ClusterError(f"{shown!r} closed the connection without a word: not a Dask "
                           f"scheduler, or it is shutting down") from None
    except OSError as exc:
        raise ClusterError(f"cannot reach the Dask scheduler {shown!r}: "
                           f"{(exc.strerror or str(exc))[:120]}") from None
    if not _is_handshake(body):
        raise ClusterError(f"{shown!r} is not a Dask scheduler (it answered in another "
                           f"protocol)")


def _identity(address: str, timeout: float) -> str:
    """What the Dask server at ``address`` says it is (``Scheduler``, ``Worker``,
    ``Nanny``), asked within ``timeout`` seconds. In a thread of its own: the caller
    may be running an event loop already (a notebook)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from distributed.core import rpc

    async def ask() -> Any:
        async with rpc(address, timeout=timeout) as remote:
            return await remote.identity()

    with ThreadPoolExecutor(1) as pool:
        answer = pool.submit(asyncio.run, asyncio.wait_for(ask(), timeout)).result()
    return str(answer.get("type", "")) if isinstance(answer, dict) else ""


def _connect(address: str, timeout: float) -> Any:
    """A ``distributed.Client`` of the scheduler at ``address``; a ``tcp://`` one (the
    default) is probed first (:func:`_probe`) and asked what it is (a worker's address
    given for the scheduler's leaves Dask's client half made). Raises ClusterError."""
    from distributed import Client
    from distributed.comm.addressing import parse_address, parse_host_port

    shown = address[:60]
    try:
        scheme, where = parse_address(address)
        if scheme == "tcp":
            host, port = parse_host_port(where)
            _probe(host, port, timeout, shown)
            try:
                kind = _identity(address, timeout)
            except TimeoutError:
                raise ClusterError(f"no Dask scheduler answered at {shown!r} within "
                                   f"{timeout:g} s (--cluster-timeout)") from None
            except OSError:
                raise
            except Exception:  # it answered, but not as a Dask server does
                kind = ""
            if not kind:
                raise ClusterError(f"{shown!r} is not a Dask scheduler (it does not say "
                                   f"what it is)")
            if kind != "Scheduler":
                raise ClusterError(f"{shown!r} is a Dask {kind.lower()}, not a scheduler: "
                                   f"give the scheduler's address")
        return Client(address, timeout=timeout, set_as_default=False)
    except (OSError, ValueError, TypeError) as exc:
        if isinstance(exc, ClusterError):
            raise
        raise ClusterError(f"cannot reach the Dask scheduler {shown!r}: "
                           f"{str(exc)[:120]}") from None


def _stalled(client: Any, timeout: float, shown: str) -> str:
    """Why no batch finished on the cluster for ``timeout`` seconds, as far as the
    scheduler says within a few seconds more."""
    waited = f"no batch of games finished on the Dask cluster {shown!r} in {timeout:g} s"
    ask = min(timeout, 10.0)
    try:
        every = client.nthreads(callback_timeout=ask)
        running = client.sync(client.scheduler.ncores_running, callback_timeout=ask)
    except Exception:  # whatever went wrong, the scheduler did not answer
        return f"{waited}, and its scheduler does not answer"
    if not every:
        return f"{waited}: the cluster has no workers"
    if not running:
        which = "its only worker is not" if len(every) == 1 else \
            f"none of its {len(every)} workers is"
        return f"{waited}: {which} running (paused, out of memory?)"
    return (f"{waited} ({len(running)} workers running: busy with other work? "
            f"--cluster-timeout waits longer)")


def _lost(shown: str) -> str:
    return f"lost the Dask scheduler {shown!r} mid-run (stopped, or the network?); " \
        "nothing was written"


def _take_dask(head: Any, others: Sequence[Any], timeout: float, client: Any,
               shown: str) -> list[GameRecord]:
    """The records of ``head``, waiting while some batch finishes at least every
    ``timeout`` seconds. Raises ClusterError."""
    from distributed import CancelledError, KilledWorker

    last = time.monotonic()
    seen = {f.key for f in others if f.done()}
    while True:
        left = timeout - (time.monotonic() - last)
        try:
            records: list[GameRecord] = head.result(timeout=max(0.01, min(_POLL, left)))
            return records
        except TimeoutError:
            done = {f.key for f in others if f.done()}
            if done - seen:
                seen |= done
                last = time.monotonic()
            elif time.monotonic() - last >= timeout:
                raise ClusterError(_stalled(client, timeout, shown)) from None
        except (CancelledError, OSError):  # OSError: Dask's CommClosedError among them
            raise ClusterError(_lost(shown)) from None
        except KilledWorker:
            raise ClusterError(f"a batch of games was lost with the workers that ran it "
                               f"on the Dask cluster {shown!r} (killed, or out of "
                               f"memory?); nothing was written") from None
        except ImportError as exc:
            raise ClusterError(f"the workers of the Dask cluster {shown!r} cannot play: "
                               f"{str(exc)[:80]} (install companion on every worker)") \
                from None


def _run_dask(batches: Iterator[list[Job]], scheduler: Any,
              timeout: float) -> Generator[list[GameRecord], None, None]:
    try:
        from distributed import Client
        from distributed.client import ClosedClientError
    except ImportError:
        raise ParameterError("--scheduler needs Dask: pip install 'companion[cluster]'") \
            from None
    own = not isinstance(scheduler, Client)
    client = _connect(str(scheduler), timeout) if own else scheduler
    shown = str(scheduler)[:60] if own else str(client.scheduler.address)[:60]
    try:
        try:
            threads = [sum(client.nthreads(callback_timeout=timeout).values())]
        except Exception:  # whatever went wrong, the scheduler did not answer
            raise ClusterError(f"the Dask scheduler {shown!r} did not answer within "
                               f"{timeout:g} s (--cluster-timeout)") from None
        asked = [time.monotonic()]

        def window() -> int:
            """Batches out at a time: for the worker threads of the moment (a cluster
            that scales up gets more), counted again every :data:`_RECOUNT` seconds."""
            if time.monotonic() - asked[0] >= _RECOUNT:
                asked[0] = time.monotonic()
                with contextlib.suppress(Exception):  # a fault shows when taking a batch
                    threads[0] = sum(client.nthreads(callback_timeout=timeout).values())
            return max(MIN_IN_FLIGHT, IN_FLIGHT * threads[0])

        def submit(batch: list[Job]) -> Any:
            try:
                return client.submit(play_batch, batch, pure=False)
            except (ClosedClientError, OSError):  # the client gave the scheduler up
                raise ClusterError(_lost(shown)) from None

        yield from _in_order(
            batches, submit,
            lambda head, others: _take_dask(head, others, timeout, client, shown), window)
    finally:
        if own:
            with contextlib.suppress(Exception):
                client.close(timeout=min(timeout, 10.0))


def run(game_name: str, players: Sequence[str] = DEFAULT_PLAYERS, games: int = 1000,
        params: Mapping[str, int] | None = None, variants: Sequence[str] = (),
        edition: int | None = None, jobs: int = 1, scheduler: Any = None,
        first_seed: int = 0, progress: Callable[[int], None] | None = None,
        max_actions: int = 20_000, timeout: float = CLUSTER_TIMEOUT) -> StatsReport:
    """Play ``games`` seeds for each of ``players`` and sum them up.

    ``jobs`` > 1 spreads the games over that many processes; ``scheduler`` (a Dask
    scheduler address, or a ``distributed.Client``) over a cluster instead. The figures
    do not depend on either. Jobs are made as they are sent and at most a few batches
    per process or worker thread are out at a time (:data:`IN_FLIGHT`); the records
    are summed up as they come back, in seed order, so memory does not grow with
    ``games``. ``progress(n)`` is called as each batch of ``n`` games ends.

    On a cluster every wait ends after ``timeout`` seconds: connecting, an answer from
    the scheduler, the next batch of games to finish (see :data:`CLUSTER_TIMEOUT`).

    Raises ParameterError for an unknown game, player, parameter, variant or edition,
    a number of games or a timeout out of range; ClusterError for a scheduler that
    cannot be reached, is no Dask scheduler, or fails mid-run, and for a process of
    ``jobs`` that dies.
    """
    game = get_game(game_name)
    if not 1 <= games <= MAX_GAMES:
        raise ParameterError(f"--games must be from 1 to {MAX_GAMES:,}, not {games}")
    if not 1 <= jobs <= 256:
        raise ParameterError(f"--jobs must be from 1 to 256, not {jobs}")
    if not (math.isfinite(timeout) and 0 < timeout <= MAX_CLUSTER_TIMEOUT):
        raise ParameterError(f"--cluster-timeout must be more than 0 and at most "
                             f"{MAX_CLUSTER_TIMEOUT:,.0f} seconds, not {timeout:g}")
    names = check_players(game, players)
    checked = game.check_params(dict(params or {}))
    chosen = game.check_variants(list(variants))
    ed = game.check_edition(edition) if edition is not None else game.edition
    batches = iter_batches(iter_jobs(game, names, games, checked, chosen,
                                     None if ed == game.edition else ed, first_seed,
                                     max_actions))
    tallies = {name: Tally(name) for name in names}
    stream = (_run_dask(batches, scheduler, timeout) if scheduler is not None
              else _run_local(batches, jobs))
    with contextlib.closing(stream):
        for records in stream:
            for record in records:
                tallies[record.player].add(record)
            if progress is not None:
                progress(len(records))
    summaries = tuple(tallies[name].summary() for name in names)
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
    stages = sorted((s, n) for s, n in p.stages.items() if n)
    if not stages:
        return "-"
    mid = _median_of(stages, sum(n for _, n in stages))
    low, high = stages[0][0], stages[-1][0]
    return f"{mid:g} ({low}-{high})" if low != high else str(mid)


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
