"""Running a piece of work within a time and a memory bound (for :mod:`companion.scan`).

On POSIX the work runs in a forked child process that limits its own address space and
CPU time and sends its events to the parent as JSON lines; the parent keeps a deadline
and ends the child past it. Elsewhere, or with ``COMPANION_SCAN_IN_PROCESS=1``, it runs
in this process and the deadline is checked at each event.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.errors import ScanError

Event = dict[str, Any]
"""One thing the work tells: a JSON object with an ``ev`` key."""
Emit = Callable[[Event], None]
"""How the work tells it."""


@dataclass
class Run:
    """The events a bounded piece of work emitted, and why it stopped early, if it did:
    ``"time"`` (the deadline) or ``"memory"`` (the memory limit, or the renderer
    failed)."""

    events: list[Event]
    stopped: str | None = None


class Deadline(Exception):
    """Raised by the in-process emit when the deadline has passed."""


def run_bounded(work: Callable[[Emit], None], seconds: float, megabytes: int) -> Run:
    """Run ``work(emit)``: in a forked child process limited to ``megabytes`` megabytes
    over the current use and ``seconds`` seconds (POSIX), else (or with
    ``COMPANION_SCAN_IN_PROCESS=1``) in this process with the deadline checked at each
    event. The events emitted before a stop are kept. A ScanError raised by ``work``
    comes back as an ``error`` event; another exception is a bug and raises
    RuntimeError (in the child) or itself."""
    if hasattr(os, "fork") and os.environ.get("COMPANION_SCAN_IN_PROCESS") != "1":
        return _run_forked(work, seconds, megabytes)
    return _run_in_process(work, seconds)


def _run_in_process(work: Callable[[Emit], None], seconds: float) -> Run:
    deadline = time.monotonic() + seconds
    run = Run([])

    def emit(event: Event) -> None:
        run.events.append(event)
        if time.monotonic() > deadline:
            raise Deadline

    try:
        work(emit)
    except Deadline:
        run.stopped = "time"
    except MemoryError:
        run.stopped = "memory"
    return run


def _address_space() -> int | None:
    """The bytes of address space this process holds, from ``/proc`` (Linux); None
    where it cannot be read."""
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def _limit_child(seconds: float, megabytes: int) -> None:
    """Limit this (forked) process to ``megabytes`` more megabytes of address
    space (where the current size is known: Linux) and to a little more CPU time than
    the deadline. A limit the system refuses is left out: the parent's deadline
    still holds."""
    import resource

    held = _address_space()
    if held is not None:
        limit = held + megabytes * 1024 * 1024
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        if soft == resource.RLIM_INFINITY or limit < soft:
            with contextlib.suppress(OSError, ValueError):
                resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    cpu = math.ceil(seconds) + 2
    soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    if hard == resource.RLIM_INFINITY or cpu < hard:
        with contextlib.suppress(OSError, ValueError):
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, hard))


def _child(work: Callable[[Emit], None], fd: int, seconds: float, megabytes: int) -> None:
    """The forked child: limit itself, run ``work``, write each event as a JSON line
    to ``fd``. Never returns: it leaves through ``os._exit``."""
    status = 0
    try:
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C: the parent ends the child
        _limit_child(seconds, megabytes)

        def emit(event: Event) -> None:
            data = (json.dumps(event) + "\n").encode("utf-8")
            while data:
                data = data[os.write(fd, data):]

        try:
            work(emit)
        except ScanError as exc:
            emit({"ev": "error", "message": str(exc), "exit": exc.exit_code})
        except MemoryError:
            emit({"ev": "memory"})
        except BaseException:  # a bug: say it to the parent
            emit({"ev": "bug", "message": traceback.format_exc(limit=8)})
        emit({"ev": "done"})
    except BaseException:  # noqa: BLE001 - the child must never return into the caller
        status = 3
    finally:
        os._exit(status)


def _run_forked(work: Callable[[Emit], None], seconds: float, megabytes: int) -> Run:
    import select
    import signal

    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child, measured by its effects
        os.close(read_fd)
        _child(work, write_fd, seconds, megabytes)
    os.close(write_fd)
    run = Run([])
    buffer = b""
    done = False
    finished = False
    deadline = time.monotonic() + seconds
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                run.stopped = "time"
                break
            ready, _, _ = select.select([read_fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(read_fd, 1 << 16)
            if not chunk:
                finished = True
                break
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            for line in lines:
                event = json.loads(line)
                if event["ev"] == "done":
                    done = True
                elif event["ev"] == "memory":
                    run.stopped = "memory"
                else:
                    run.events.append(event)
    finally:
        os.close(read_fd)
        if not finished:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
    if run.stopped is None and not done:
        # it died without saying why: over its CPU time, or out of memory (the renderer
        # aborts when an allocation fails), or a crash
        cpu = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGXCPU
        run.stopped = "time" if cpu else "memory"
    for event in run.events:
        if event["ev"] == "bug":
            raise RuntimeError("scan failed in its worker process:\n" + event["message"])
    return run
