"""The trial runner under the tools: a progress bar in a terminal only, a journal that survives a cut
line, and a lost pool worker that stops the run without losing what finished."""
from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from trial_runner import Journal, RunInterrupted, run_trials  # noqa: E402


def _in_a_terminal(*args: str, timeout: float = 120) -> str:
    """Run a tool with stdout and stderr on a pseudo-terminal, as a person's shell would; its screen output."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, *args], cwd=ROOT, stdin=subprocess.DEVNULL, stdout=follower,
                            stderr=follower, env={**os.environ, "COLUMNS": "120", "TERM": "xterm"})
    os.close(follower)
    chunks, deadline = [], time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            data = os.read(leader, 4096)
        except OSError:  # the tool closed the terminal: it has finished
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=max(1.0, deadline - time.monotonic()))
    os.close(leader)
    return b"".join(chunks).decode("utf-8", "replace")


def test_a_tool_in_a_terminal_shows_a_progress_bar_with_rate_and_eta(tmp_path):
    screen = _in_a_terminal("tools/tournament.py", "wham-bam", "--games", "30", "--bots", "random,good",
                            "--workers", "1", "--out", str(tmp_path / "t.png"))
    assert "3 pairings x 30 games" in screen and "6/6" in screen, "batches of 25 games: 2 per pairing"
    assert "batches/s" in screen and "ETA" in screen
    assert "Ladder" not in screen and "win rate among random bots" in screen, "then the table as before"


def test_the_journal_drops_a_line_cut_short_and_keeps_the_rest(tmp_path):
    path = tmp_path / "trials.jsonl"
    journal = Journal(path, {"seed": 1})
    results = run_trials(str.upper, {"a": "x", "b": "y"}, journal=journal)
    journal.close()
    assert results == {"a": "X", "b": "Y"}
    with open(path, "a", encoding="utf-8") as fh:
        fh.write('{"key": "c", "res')  # the machine went down mid-line
    resumed = Journal(path, {"seed": 1}, resume=True)
    assert resumed.done == {"a": "X", "b": "Y"}
    assert run_trials(str.upper, {"a": "x", "c": "z"}, journal=resumed) == {"a": "X", "c": "Z"}
    resumed.close()
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [entry.get("key") for entry in lines[1:]] == ["a", "b", "c"]


def _worker_dies_on_c(job: str) -> str:
    if job == "c":
        time.sleep(0.5)  # a and b finish first
        os._exit(1)  # the process is gone, as when the machine kills it
    return job.upper()


def test_a_lost_pool_worker_stops_the_run_keeping_what_finished_and_resume_plays_the_rest(tmp_path):
    path = tmp_path / "trials.jsonl"
    journal = Journal(path, {})
    with pytest.raises(RunInterrupted, match=r"a worker process died .*2 of 3 trials finished") as stopped:
        run_trials(_worker_dies_on_c, {"a": "a", "b": "b", "c": "c"}, journal=journal, workers=2)
    journal.close()
    assert not stopped.value.by_user and "--resume" in str(stopped.value)
    resumed = Journal(path, {}, resume=True)
    played = run_trials(str.upper, {"a": "a", "b": "b", "c": "c"}, journal=resumed)
    resumed.close()
    assert played == {"a": "A", "b": "B", "c": "C"}
    assert len(path.read_text().splitlines()) == 1 + 3
