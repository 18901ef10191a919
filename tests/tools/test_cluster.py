"""The tools on a Dask cluster started the stock way (``dask scheduler``, ``dask worker ADDRESS``,
outside the checkout, nothing on their PYTHONPATH): a small sweep and a small tournament give the
same numbers as the local process pool (each trial is seeded by its own key)."""
from __future__ import annotations

import csv
import json
import os
import shutil
import socket
import subprocess
import tomllib
import sys
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed (.[cluster])")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import tournament  # noqa: E402
import tune_wackelbett as tune  # noqa: E402

TIMES = {"cpu_ms", "referee_ms"}  # CPU columns are the only ones allowed to differ between runs


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory):
    """A stock scheduler and two single-threaded stock workers on 127.0.0.1, started from a folder
    outside the checkout with nothing on their PYTHONPATH: they know the project only as installed."""
    bin_dir = Path(sys.executable).parent
    cwd = tmp_path_factory.mktemp("cluster")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    address = f"tcp://127.0.0.1:{_free_port()}"
    common = dict(cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    processes = [subprocess.Popen([str(bin_dir / "dask"), "scheduler", "--host", "127.0.0.1",
                                   "--port", address.rsplit(":", 1)[1], "--no-dashboard"], **common)]
    try:
        processes.append(subprocess.Popen([str(bin_dir / "dask"), "worker", address, "--nthreads", "1",
                                           "--nworkers", "2", "--host", "127.0.0.1", "--no-dashboard"], **common))
        with distributed.Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=60)
        yield address
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()


def _rows(path: Path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as fh:
        return [{k: v for k, v in row.items() if k not in TIMES} for row in csv.DictReader(fh)]


def test_a_sweep_on_the_cluster_gives_the_pools_csv(tmp_path, scheduler, capsys):
    scene = tmp_path / "wackelbett.toml"
    shutil.copyfile(ROOT / "scenes" / "wackelbett.toml", scene)
    friction = tomllib.loads(scene.read_text())["card"]["friction"]
    args = ["--scene", str(scene), "--param", f"card.friction=0.3,{friction!r}", "--hand", "shaky", "--trials", "2",
            "--cards", "4", "--seed", "4", "--quiet"]
    assert tune.main([*args, "--workers", "2", "--out", str(tmp_path / "pool")]) == 0
    assert tune.main([*args, "--scheduler", scheduler, "--out", str(tmp_path / "dask")]) == 0
    pool, dask = _rows(tmp_path / "pool" / "tune.csv"), _rows(tmp_path / "dask" / "tune.csv")
    assert len(pool) == 2 * 4 and pool == dask
    assert len((tmp_path / "dask" / "trials.jsonl").read_text().splitlines()) == 1 + 2 * 2 + 1, "header, trials, end"


def test_a_tournament_on_the_cluster_gives_the_pools_results(tmp_path, scheduler, capsys):
    args = ["wham-bam", "--games", "30", "--bots", "random,good", "--json"]
    assert tournament.main([*args, "--workers", "2", "--out", str(tmp_path / "pool.png")]) == 0
    pool = json.loads(capsys.readouterr().out)
    assert tournament.main([*args, "--scheduler", scheduler, "--out", str(tmp_path / "dask.png")]) == 0
    dask = json.loads(capsys.readouterr().out)
    assert pool["ladder"] and [(r["hero"], r["field"], r["wins"], r["games"]) for r in pool["ladder"] + pool["matrix"]] \
        == [(r["hero"], r["field"], r["wins"], r["games"]) for r in dask["ladder"] + dask["matrix"]]


def test_a_worker_with_other_code_is_refused_by_name(tmp_path, scheduler, capsys, monkeypatch):
    import trial_runner

    monkeypatch.setattr(trial_runner, "package_fingerprint", lambda: "not-this-code")  # the client's side
    scene = tmp_path / "wackelbett.toml"
    shutil.copyfile(ROOT / "scenes" / "wackelbett.toml", scene)
    assert tune.main(["--scene", str(scene), "--hand", "shaky", "--trials", "1", "--cards", "1", "--quiet",
                      "--scheduler", scheduler, "--out", str(tmp_path / "out")]) == 2
    assert "runs other code than this checkout" in capsys.readouterr().err


def test_the_benchs_dexterity_figures_on_the_cluster_are_the_pools(scheduler):
    """tools/bench.py --scheduler: the stacking trials, the wobble, the skill table and the lodged
    stacks played on the cluster give the figures the local pool gives."""
    import wackelbett_bench

    sample = wackelbett_bench.Sample(trials=1, seeds=(1,), wobble_trials=1, skill_repeats=1, stacks=1)
    pool = wackelbett_bench.dexterity(sample, cards=3, workers=2, progress=False)
    dask = wackelbett_bench.dexterity(sample, cards=3, scheduler=scheduler, progress=False)
    assert all(row["bands"]["1-9"]["placements"] >= 3 for row in pool["seeds"]["1"]["hands"].values())
    assert pool["skill"]["tables_per_height"] and pool == dask


def test_the_bench_names_a_scheduler_it_cannot_reach(capsys, monkeypatch):
    import bench
    import trial_runner

    monkeypatch.setattr(trial_runner, "CONNECT_TIMEOUT", "3s")  # nobody is there: no need to wait 20 s
    assert bench.main(["--games", "wackelbett", "--no-frames", "--json", "--scheduler",
                       f"tcp://127.0.0.1:{_free_port()}"]) == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:" in capsys.readouterr().err
