"""Run many independent trials here (a process pool) or on a Dask cluster, keeping each as it finishes.

A trial is a picklable job under a unique key, played by a module-level function of the job
alone: its seed comes from the job, never from the order trials finish, so the results are
the same whichever way and in whatever order they run. Every result goes into a
:class:`Journal` (one JSON line) the moment it comes in; a run stopped by Ctrl+C or a lost
cluster raises :class:`RunInterrupted`, and the next run with ``resume`` plays only the
trials the journal does not hold yet.

A stock Dask cluster will do (``dask scheduler``, ``dask worker ADDRESS``): the tools' own
code travels with every trial (cloudpickle, by value, sealed so the scheduler never has to
load it), and the workers need only the project installed. Every trial first checks that its
worker's installed project is the same as this checkout's (:func:`package_fingerprint`): a
worker on another commit would give other numbers.
"""
from __future__ import annotations

import hashlib
import json
import logging
import pickle
import platform
import signal
import sys
import threading
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

ROOT = Path(__file__).resolve().parents[1]
WORKER_HELP = ("start each worker where this project is installed from the same commit "
               "(pip install -e '.[cluster]' in its checkout, then dask worker ADDRESS; the README's tools "
               "section); python tools/trial_runner.py prints a machine's fingerprint")


CONNECT_TIMEOUT = "20s"  # how long to keep trying to reach a scheduler before saying it cannot be reached


class RunInterrupted(RuntimeError):
    """The run stopped before every trial finished; the finished ones are in the journal.
    ``by_user``: Ctrl+C (exit status 130), else the pool or the cluster was lost (1)."""

    def __init__(self, message: str, by_user: bool = False) -> None:
        super().__init__(message)
        self.by_user = by_user

    def exit_status(self) -> int:
        """Say on stderr what stopped and what was kept; a tool's exit status for it."""
        print(f"\n{self}", file=sys.stderr)
        return 130 if self.by_user else 1


class ClusterError(RuntimeError):
    """The cluster cannot run these trials (unreachable, no workers, other code on a worker)."""


class _Lost(Exception):
    """The pool or the cluster lost trials on the way (a killed worker, a lost scheduler)."""


def package_fingerprint() -> str:
    """What this machine's trials are played with (:func:`_installed_project_hash`); a trial on a
    worker first checks that the worker's is the same."""
    return _installed_project_hash()


def _installed_project_hash() -> str:
    """A hash of what decides a trial's numbers on a machine: the installed project's code (the
    ``simulator`` package that machine imports), pymunk's version, Python's version and the
    processor kind (floating point may differ across kinds). The tools' code is not in it: it
    travels with every trial."""
    import pymunk
    import simulator

    package = Path(simulator.__file__).resolve().parent
    digest = hashlib.sha256(f"{pymunk.version} {platform.python_version()} {platform.machine()}".encode())
    for path in sorted(package.glob("**/*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """What a journal's trials were played with: :func:`package_fingerprint` and the tools' code."""
    digest = hashlib.sha256(package_fingerprint().encode())
    for path in sorted(ROOT.glob("tools/*.py")):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


_FINISHED = json.dumps({"finished": True})  # a journal's last line once its run is whole


def file_in_the_way(path: Path) -> Path | None:
    """A file standing where ``path`` or one of the folders above it should be (None: none)."""
    return next((p for p in (path, *path.parents) if p.exists() and not p.is_dir()), None)


class Journal:
    """``path``: a header line naming the run, then ``{"key": ..., "result": ...}`` per finished trial.

    ``identity`` is everything a kept result depends on besides its key (the code, the seed,
    the scene...). With ``resume`` the journal must exist and name the same identity; its
    results are kept (a line cut short by a crash is dropped). With ``fresh`` it starts empty.
    With neither, the trials of a run that did not finish (:meth:`finish` marks one that did)
    are refused, not overwritten: they may be an hour of somebody's runs.
    """

    def __init__(self, path: Path, identity: Mapping[str, Any], resume: bool = False, fresh: bool = False) -> None:
        self.path = Path(path)
        identity = json.loads(json.dumps({**identity, "code": code_fingerprint()}))
        header = json.dumps({"identity": identity})
        self.done: dict[str, Any] = {}
        if resume:
            lines = self._read(identity)
            self.done = {entry["key"]: entry["result"] for entry in lines}
            text = "".join(json.dumps(entry) + "\n" for entry in lines)  # drops a line cut short
        else:
            kept = self._count_unfinished() if not fresh else 0
            if kept:
                raise ValueError(f"{self.path} holds {kept} {'trial' if kept == 1 else 'trials'} of a run that did "
                                 "not finish: --resume carries on from them, --fresh starts over without them, "
                                 "or choose another --out")
            text = ""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = open(self.path, "w", encoding="utf-8")
        self._file.write(header + "\n" + text)
        self._file.flush()

    def _count_unfinished(self) -> int:
        """Trials kept in the journal already at ``path`` by a run that did not finish (0 when
        there is none, or its run finished)."""
        try:
            with open(self.path, encoding="utf-8") as file:
                lines = file.read().splitlines()
        except FileNotFoundError:
            return 0
        except (OSError, UnicodeDecodeError) as exc:
            raise ValueError(f"{self.path}: cannot read it ({exc})") from None
        if lines and lines[-1] == _FINISHED:
            return 0
        return sum(1 for line in lines if line.startswith('{"key"'))

    def _read(self, identity: dict) -> list[dict]:
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            raise ValueError(f"--resume: nothing to resume, {self.path} does not exist") from None
        try:
            kept = json.loads(lines[0])["identity"]
        except (IndexError, ValueError, KeyError, TypeError):
            raise ValueError(f"--resume: {self.path} is not a journal of finished trials") from None
        if kept != identity:
            differ = sorted(k for k in set(kept) | set(identity) if kept.get(k) != identity.get(k))
            raise ValueError(f"--resume: {self.path} holds trials of another run ({', '.join(differ)} differ); "
                             "run with --fresh to start afresh")
        entries = []
        for line in lines[1:]:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if isinstance(entry, dict) and {"key", "result"} <= set(entry):
                entries.append(entry)
        return entries

    def record(self, key: str, result: Any) -> Any:
        """Append one finished trial; returns the result as read back (what a resumed run sees)."""
        line = json.dumps({"key": key, "result": result})
        self._file.write(line + "\n")
        self._file.flush()
        self.done[key] = json.loads(line)["result"]
        return self.done[key]

    def finish(self) -> None:
        """Mark the run whole: a later run may start over in this journal without --fresh."""
        self._file.write(_FINISHED + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()


# -- progress ------------------------------------------------------------------------------
@contextmanager
def progress_bar(total: int, label: str, *, done: int = 0, enabled: bool = True,
                 unit: str = "trials") -> Iterator[Callable[[], None]]:
    """A rich progress bar on stderr (``unit`` done, rate, elapsed, ETA); yields ``advance()``.
    Silent when ``enabled`` is false or stderr is not a terminal."""
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    from rich.table import Column
    from rich.text import Text

    console = Console(stderr=True)
    if not enabled or not console.is_terminal:
        yield lambda: None
        return

    class Rate(ProgressColumn):
        def render(self, task) -> Text:
            return Text(f"{task.speed:.2f} {unit}/s" if task.speed else f"-- {unit}/s", style="progress.data.speed")

    # one line on an 80-column terminal: a long label is cut short, never wrapped onto a second line
    columns = (TextColumn("{task.description}", table_column=Column(no_wrap=True, overflow="ellipsis", max_width=28)),
               BarColumn(bar_width=16), MofNCompleteColumn(), Rate(table_column=Column(no_wrap=True)),
               TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn())
    with Progress(*columns, console=console) as bar:
        task = bar.add_task(label, total=total, completed=done)
        yield lambda: bar.advance(task)


# -- running -------------------------------------------------------------------------------
def _play_checked(play: Callable[[Any], Any], fingerprint: str, job: Any) -> Any:
    """On a worker: refuse to play with another installed project than the client's; one trial
    at a time per worker process (a trial measures its CPU time, which is process-wide)."""
    from distributed import get_worker

    found = _installed_project_hash()  # the worker's own (this function travels by value)
    if found != fingerprint:
        raise ClusterError(f"a worker ({platform.node()}) runs other code than this checkout "
                           f"({found} there, {fingerprint} wanted); {WORKER_HELP}")
    # this function travels by value, so the lock lives on the worker, not in a module global
    lock = vars(get_worker()).setdefault("tabletop_one_trial_at_a_time", threading.Lock())
    with lock:
        return play(job)


class _SealedTrial:
    """A trial that plays itself when it is unpickled (its ``__reduce__`` is the call).

    Sent as bytes to ``pickle.loads``, which every Python has: the scheduler passes the bytes on
    without loading anything, and the worker that unpickles them plays the trial. The tools' code
    is in the bytes by value, so workers need only the project installed."""

    def __init__(self, task: Callable[[Any], Any], job: Any) -> None:
        self.task, self.job = task, job

    def __reduce__(self) -> tuple[Callable[[Any], Any], tuple[Any]]:
        return self.task, (self.job,)


def _tools_by_value(play: Callable[[Any], Any]) -> None:
    """Pickle the tools' modules (this one, the trial's, what they import from tools/) by value:
    a stock Dask worker has the project installed, not this checkout's tools/ folder."""
    import cloudpickle

    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if path and Path(path).resolve().parent == ROOT / "tools" and name != "__main__":
            cloudpickle.register_pickle_by_value(module)
    if getattr(sys.modules.get(play.__module__), "__file__", None) is None:
        raise ClusterError(f"the trial function {play.__qualname__} must live in a module of tools/")


def _ignore_interrupt() -> None:
    """Pool workers leave Ctrl+C to the main process, which stops the run and keeps what finished."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_trials(play: Callable[[Any], Any], jobs: Mapping[str, Any], *, journal: Journal | None = None, workers: int = 1,
               scheduler: str | None = None, label: str = "trials", progress: bool = True,
               unit: str = "trials") -> dict[str, Any]:
    """Every job's result by key: those the journal holds, the others played here (``workers``
    processes; 1 = in this process) or on the Dask cluster at ``scheduler``. A result is
    returned as the journal reads it back (JSON), so a resumed run sees the same values.

    Raises :class:`RunInterrupted` (what finished is kept in the journal) on Ctrl+C or when
    the pool or the cluster is lost, :class:`ClusterError` when the cluster cannot be used.
    """
    kept = journal.done if journal else {}
    results = {key: kept[key] for key in jobs if key in kept}
    todo = [(key, job) for key, job in jobs.items() if key not in results]
    with progress_bar(len(jobs), label, done=len(results), enabled=progress, unit=unit) as advance:
        def keep(key: str, result: Any) -> None:
            results[key] = journal.record(key, result) if journal else json.loads(json.dumps(result))
            advance()

        try:
            if not todo:
                pass
            elif scheduler:
                _on_cluster(play, todo, scheduler, keep)
            elif workers <= 1:
                for key, job in todo:
                    keep(key, play(job))
            else:
                _on_pool(play, todo, workers, keep)
        except KeyboardInterrupt:
            raise RunInterrupted(_kept("interrupted", len(results), len(jobs), journal), by_user=True) from None
        except BrokenProcessPool as exc:
            raise RunInterrupted(_kept(f"a worker process died ({exc})", len(results), len(jobs), journal)) from None
        except _Lost as exc:
            raise RunInterrupted(_kept(str(exc), len(results), len(jobs), journal)) from None
    return results


def _kept(why: str, done: int, total: int, journal: Journal | None) -> str:
    if journal is None:
        return f"{why}: {done} of {total} trials finished (no journal kept them)"
    return (f"{why}: {done} of {total} trials finished and are kept in {journal.path}; "
            "run the same command again with --resume to play the rest")


def _on_pool(play, todo, workers: int, keep) -> None:
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupt)
    try:
        pending = {pool.submit(play, job): key for key, job in todo}
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                keep(pending.pop(future), future.result())
    except KeyboardInterrupt:
        # Stop now rather than after the trials in flight (no public way before Python 3.14).
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _connect(scheduler: str):
    """A Dask client of the scheduler at ``scheduler``; ClusterError when Dask is missing or the
    scheduler cannot be reached."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("--scheduler needs Dask: pip install -e '.[cluster]'") from None
    # Dask logs its own reconnection attempts and tracebacks; the tool says what happened.
    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    try:
        return Client(scheduler, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None


def check_scheduler(scheduler: str) -> None:
    """Raise ClusterError now if the scheduler cannot be reached (before a long run's other work)."""
    client = _connect(scheduler)
    try:
        client.close(timeout=5)
    except (OSError, TimeoutError):
        pass


def _on_cluster(play, todo, scheduler: str, keep) -> None:
    from distributed import as_completed

    client = _connect(scheduler)
    try:
        try:
            client.wait_for_workers(1, timeout=60)
        except TimeoutError:
            raise ClusterError(f"no worker joined the scheduler at {scheduler} within 60 s; {WORKER_HELP}") from None
        crowded = {addr: n for addr, n in client.nthreads().items() if n > 1}
        if crowded:
            print(f"note: {len(crowded)} worker(s) run {max(crowded.values())} threads in one process; trials "
                  "run one at a time per process there. Start workers with --nthreads 1 --nworkers N "
                  "to use N cores.", file=sys.stderr)
        _tools_by_value(play)
        task = partial(_play_checked, play, package_fingerprint())
        import cloudpickle

        futures = client.map(pickle.loads, [cloudpickle.dumps(_SealedTrial(task, job)) for _, job in todo],
                             pure=False)
        key_of = {future.key: key for future, (key, _) in zip(futures, todo)}
        try:
            for future in as_completed(futures):
                if future.status == "cancelled":
                    raise _Lost("the scheduler dropped the trials (connection lost)")
                if future.status == "error":
                    _lost(future.exception())
                keep(key_of[future.key], future.result())
        except (OSError, TimeoutError) as exc:
            raise _Lost(f"the connection to the scheduler broke ({exc})") from None
    finally:
        try:
            client.close(timeout=5)
        except (OSError, TimeoutError):
            pass


def _lost(exc: BaseException) -> None:
    """A failed task: the cluster's fault (a worker killed again and again, a connection
    closed) can be resumed; the trial's own error (a bug, other code) is raised as it is."""
    from distributed import KilledWorker
    from distributed.comm.core import CommClosedError

    if isinstance(exc, (KilledWorker, CommClosedError)):
        raise _Lost(f"the cluster lost a trial ({type(exc).__name__}: {exc})") from None
    if isinstance(exc, (ModuleNotFoundError, ImportError)):
        raise ClusterError(f"a worker cannot load the trials ({exc}): the project is not installed there; "
                           f"{WORKER_HELP}") from None
    raise exc


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(
        description="Print the fingerprint of the project installed here: the trials of "
                    "tools/tune_wackelbett.py and tools/tournament.py run only on Dask workers with the same "
                    "one (the same code, pymunk, Python and processor kind give the same numbers). Run it on "
                    "each machine of a cluster to find the one that differs.")
    parser.parse_args(argv)
    print(package_fingerprint())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
