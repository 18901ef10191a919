#!/usr/bin/env python3
"""Tune the Wackelbett physics: sweep scene values, play bot placements, see what changes.

Each setting is the scene file with some values changed (in memory; the file is only
written by --write or --set). For every setting and every hand (a bot level of the
scene: shaky, steady, surgeon) the tool plays TRIALS solo stacking runs through the
real referee: the bot lays card after card from a seeded deck; a failed placement is
retried from the table as it was, up to RETRIES times, and the run stops when every
try at one height failed or CARDS cards stand. It reports, per setting, hand and
stack height: the success rate per placement (95% Wilson interval), the chance to
stack that many cards without a fault, why placements failed, the time the bed takes
to settle, how far it rocks and leans, how much the pile shifts, and the CPU cost.

  --param KEY=LO:HI:N[:log]   N values from LO to HI (log: evenly on a log scale)
  --param KEY=A,B,C           these values      --param KEY=V   fixed at V
  KEY is a dotted scene key: bed.wobble_stiffness, card.friction, card.mass,
  princess.base_width, bots.shaky.tremor_mm, physics.substeps ...
  --random N                  N random settings within the ranges instead of the grid
  --target [HAND@]CARD:RATE   e.g. steady@10:0.95: find the setting closest to it
  --write                     write the best setting into the scene file (diff first)
  --set KEY=VALUE             no sweep: write these values (diff first)

Writes OUT/tune.csv (one row per setting, hand and height), OUT/curves.png (success
by height, one line per setting, targets marked) and OUT/overview.png (each knob's
effect; a heat map for a 2-D grid). Same seed, same numbers (except CPU times), with
any number of workers: every setting plays the same decks and the same trembles.
The defaults (3 magnet stiffnesses, shaky and steady hands) take about 20 s on 2 cores.
"""
from __future__ import annotations

import argparse
import csv
import itertools
import json
import math
import os
import random
import statistics
import sys
import textwrap
import time
import tomllib
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Sequence

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS.parent))
sys.path.insert(0, str(TOOLS))

from simulator.engine import REFEREE, IllegalAction, Scene, SceneError, make_bot  # noqa: E402
from simulator.engine.scene import SCENES_DIR  # noqa: E402
from simulator.games.wackelbett.rules import STAGES, TURN, WackelbettGame  # noqa: E402
from simulator.games.wackelbett.scene_edit import (SceneEditError, patched_scene,  # noqa: E402
                                                   plan_changes, read_value, unified_diff, write_values)
from tournament import wilson  # noqa: E402

SCENE = SCENES_DIR / "wackelbett.toml"
DEFAULT_PARAM = "bed.wobble_stiffness=2e7:3.2e8:3:log"
DEFAULT_HANDS = ("shaky", "steady")
FAIL_KINDS = ("pea", "fell", "pushed", "other", "refused")


# -- what to sweep ---------------------------------------------------------------------
@dataclass(frozen=True)
class ParamSpec:
    """One swept scene key: explicit ``values``, or a range ``lo``..``hi`` of ``count`` points."""

    key: str
    values: tuple[Any, ...] = ()
    lo: float = 0.0
    hi: float = 0.0
    count: int = 0
    log: bool = False
    whole: bool = False  # the scene holds an integer here: values are rounded

    @property
    def is_range(self) -> bool:
        return not self.values

    def grid(self) -> list[Any]:
        if not self.is_range:
            return list(self.values)
        if self.count == 1:
            return [self._tidy(self.lo)]
        if self.log:
            a, b = math.log(self.lo), math.log(self.hi)
            points = [math.exp(a + (b - a) * i / (self.count - 1)) for i in range(self.count)]
        else:
            points = [self.lo + (self.hi - self.lo) * i / (self.count - 1) for i in range(self.count)]
        return list(dict.fromkeys(self._tidy(p) for p in points))

    def draw(self, rng: random.Random, lo: float | None = None, hi: float | None = None) -> Any:
        """One random value (within ``lo``..``hi`` when given, for a refining round)."""
        if not self.is_range:
            return rng.choice(self.values)
        lo, hi = (self.lo if lo is None else lo), (self.hi if hi is None else hi)
        if self.log:
            return self._tidy(math.exp(rng.uniform(math.log(lo), math.log(hi))))
        return self._tidy(rng.uniform(lo, hi))

    def _tidy(self, value: float) -> Any:
        """3 significant digits (a designer writes 1.26e8, not 125992104.98), or a whole number."""
        if self.whole:
            return int(round(value))
        return float(f"{value:.3g}")


def _parse_value(text: str) -> Any:
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text.strip()


def parse_param(text: str, scene: Scene) -> ParamSpec:
    """``KEY=LO:HI[:N][:log]``, ``KEY=A,B,C`` or ``KEY=V``; ValueError says what is wrong."""
    key, sep, spec = text.partition("=")
    key, spec = key.strip(), spec.strip()
    if not sep or not key or not spec:
        raise ValueError(f"--param {text!r}: expected KEY=LO:HI:N, KEY=A,B,C or KEY=VALUE")
    old = read_value(scene.data, key, scene.path)
    is_number = isinstance(old, (int, float)) and not isinstance(old, bool)
    whole = isinstance(old, int) and not isinstance(old, bool)
    if ":" in spec:
        parts = spec.split(":")
        log = parts[-1].strip().lower() == "log"
        parts = parts[:-1] if log else parts
        if not is_number or len(parts) not in (2, 3):
            raise ValueError(f"--param {text!r}: a range is LO:HI[:N][:log] over a number in the scene")
        try:
            lo, hi = float(parts[0]), float(parts[1])
            count = int(parts[2]) if len(parts) == 3 else 3
        except ValueError:
            raise ValueError(f"--param {text!r}: LO and HI must be numbers and N a whole number") from None
        if not (math.isfinite(lo) and math.isfinite(hi)) or lo > hi or count < 1 or (log and lo <= 0):
            raise ValueError(f"--param {text!r}: need LO <= HI, N >= 1, and LO > 0 on a log scale")
        return ParamSpec(key, (), lo, hi, count, log, whole)
    values = tuple(dict.fromkeys(_parse_value(v) for v in spec.split(",")))
    with_values = {key: values[0]}
    for value in values:  # type-check every value against the scene's
        with_values[key] = value
        patched_scene(scene, with_values)
    return ParamSpec(key, values, whole=whole)


def grid_settings(specs: Sequence[ParamSpec]) -> list[dict[str, Any]]:
    """Every combination of the specs' grid values."""
    keys = [s.key for s in specs]
    return [dict(zip(keys, combo)) for combo in itertools.product(*(s.grid() for s in specs))]


def random_settings(specs: Sequence[ParamSpec], count: int, rng: random.Random,
                    around: dict[str, Any] | None = None, shrink: float = 1.0) -> list[dict[str, Any]]:
    """``count`` settings drawn within the ranges; with ``around``, within ``shrink`` of each
    range's width centred on that setting's values (explicit value lists stay at its value)."""
    out = []
    for _ in range(count):
        setting = {}
        for s in specs:
            if around is None:
                setting[s.key] = s.draw(rng)
            elif not s.is_range:
                setting[s.key] = around[s.key]
            elif s.log:
                centre, half = math.log(around[s.key]), (math.log(s.hi) - math.log(s.lo)) * shrink / 2
                lo, hi = max(math.log(s.lo), centre - half), min(math.log(s.hi), centre + half)
                setting[s.key] = s.draw(rng, math.exp(lo), math.exp(hi))
            else:
                half = (s.hi - s.lo) * shrink / 2
                setting[s.key] = s.draw(rng, max(s.lo, around[s.key] - half), min(s.hi, around[s.key] + half))
        out.append(setting)
    return out


@dataclass(frozen=True)
class Target:
    """A design target: ``hand`` succeeds with ``rate`` at card ``card`` (or reaches it, by metric)."""

    hand: str
    card: int
    rate: float

    @property
    def label(self) -> str:
        return f"{self.hand} {self.rate:.0%} at card {self.card}"


def parse_target(text: str, default_hand: str) -> Target:
    hand, _, rest = text.rpartition("@")
    card, sep, rate = rest.partition(":")
    try:
        target = Target(hand or default_hand, int(card), float(rate))
    except ValueError:
        target = None
    if not sep or target is None or target.card < 1 or not 0.0 <= target.rate <= 1.0:
        raise ValueError(f"--target {text!r}: expected [HAND@]CARD:RATE such as steady@10:0.95")
    return target


# -- playing ---------------------------------------------------------------------------
@dataclass(frozen=True)
class TrialJob:
    """One stacking run: ``hand`` under setting ``setting`` with deck/tremble seed ``seed``."""

    scene_path: str
    setting: int
    values: tuple[tuple[str, Any], ...]
    hand: str
    trial: int
    seed: int
    cards: int
    retries: int


@lru_cache(maxsize=64)
def _game(scene_path: str, values: tuple[tuple[str, Any], ...]) -> WackelbettGame:
    return WackelbettGame(1, scene=patched_scene(Scene.from_path(Path(scene_path)), dict(values)), mode="challenge")


class _SettleProbe:
    """Watches the referee's worlds settle: frames, whether they settled, how far the bed rocked.

    The referee's ``judge_*`` functions build their world from the module-level
    ``WackelbettWorld`` and report only the outcome; for timing the tool swaps in a
    subclass that counts, while the referee decides (never while a bot thinks).
    """

    def __init__(self) -> None:
        from simulator.games.wackelbett import referee, world

        self.referee = referee
        probe = self

        class ProbedWorld(world.WackelbettWorld):
            def settle(self, on_frame=None, limit_frames=None):
                def each_frame() -> None:
                    probe.frames[probe.stage] = probe.frames.get(probe.stage, 0) + 1
                    probe.peak_tilt = max(probe.peak_tilt, abs(self.bed.angle))
                    if on_frame is not None:
                        on_frame()

                settled = super().settle(each_frame, limit_frames)
                probe.unsettled += not settled
                return settled

        self.world_class = ProbedWorld
        self.reset()

    def reset(self) -> None:
        self.stage = ""
        self.frames: dict[str, int] = {}
        self.peak_tilt = 0.0
        self.unsettled = 0

    def decide(self, game: WackelbettGame, state) -> Any:
        self.stage = STAGES[state.phase]
        original = self.referee.WackelbettWorld
        self.referee.WackelbettWorld = self.world_class
        try:
            return game.make_referee().decide(state)
        finally:
            self.referee.WackelbettWorld = original


def _failure_kind(reason: str) -> str:
    first = reason.split(";")[0]
    if "pea" in first:
        return "pea"
    if "fell" in first:
        return "fell"
    if "pushed" in first:
        return "pushed"
    return "other"


def _pile_shift(before, after) -> float:
    """How far (mm, in the bed's frame) the cards that were on the bed moved."""
    from simulator.games.wackelbett.layout import relative_pose

    was = {card: relative_pose(before.bed, pose) for card, pose in before.cards}
    shift = 0.0
    for card, pose in after.cards:
        if card in was:
            now = relative_pose(after.bed, pose)
            shift = max(shift, math.hypot(now.x - was[card].x, now.y - was[card].y))
    return shift


def play_trial(job: TrialJob) -> list[dict[str, Any]]:
    """Stack cards until ``job.cards`` stand or every try at one height failed; one dict per try."""
    game = _game(job.scene_path, job.values)
    probe = _SettleProbe()
    bot = make_bot(game, 0, job.hand)
    rng = random.Random(f"{job.seed}:{job.trial}:{job.hand}")
    state = game.new_state(random.Random(f"{job.seed}:{job.trial}:deck").randrange(2 ** 31))
    while state.current_players() == (REFEREE,):
        state.apply(probe.decide(game, state))
    hz = game.physics.solver.frame_hz
    attempts = []
    card = 1
    tries = 0
    while card <= job.cards and not state.is_over():
        before = state.clone()
        probe.reset()
        cpu = time.process_time()
        referee_cpu = 0.0
        refused = ""
        state.apply(bot.choose(state.view(0), state.legal_actions(0), rng))  # lay the card
        while not state.is_over() and state.phase != TURN:  # the verdicts, the princess, the next card
            if state.current_players() == (REFEREE,):
                t0 = time.process_time()
                verdict = probe.decide(game, state)
                referee_cpu += time.process_time() - t0
                try:
                    state.apply(verdict)
                except IllegalAction as exc:
                    # The rules refuse a verdict that loses track of a card (one that flew
                    # off the table altogether): count the placement as failed, say so.
                    refused = str(exc)
                    break
            else:
                state.apply(bot.choose(state.view(0), state.legal_actions(0), rng))
        cpu = time.process_time() - cpu
        last = state.events[-1]
        ok = not refused and state.stacked == before.stacked + 1 and (not state.is_over()
                                                                      or last["what"] == "complete")
        if ok:
            reason = ""
        elif refused:
            reason = f"the table's verdict was refused: {refused}"
        else:
            reason = last["reason"] if last["what"] == "fails" else "cards fell while the princess was stood back up"
        attempts.append({
            "setting": job.setting, "hand": job.hand, "trial": job.trial, "card": card, "try": tries + 1,
            "ok": ok, "reason": reason, "kind": "" if ok else "refused" if refused else _failure_kind(reason),
            "settle_s": probe.frames.get("card", 0) / hz,
            "settle_princess_s": probe.frames.get("princess", 0) / hz,
            "unsettled": probe.unsettled,
            "peak_tilt_deg": math.degrees(probe.peak_tilt),
            "lean_deg": abs(math.degrees(state.layout.bed.angle)),
            "shift_mm": _pile_shift(before.layout, state.layout),
            "cpu_ms": cpu * 1000, "referee_ms": referee_cpu * 1000,
        })
        if ok:
            card, tries = card + 1, 0
            continue
        tries += 1
        if tries >= job.retries:
            break
        state = before  # try this height again from the table as it was
    return attempts



# -- aggregating -----------------------------------------------------------------------
def _mean(values: Iterable[float]) -> float:
    values = list(values)
    return statistics.fmean(values) if values else math.nan


def summarise(attempts: list[dict], settings: list[dict], hands: Sequence[str], cards: int,
              level: float, pool: int) -> tuple[list[dict], list[dict]]:
    """Rows per (setting, hand, card) and one summary per (setting, hand).

    A row's ``pooled_*`` columns count the placements at cards within ``pool`` of its
    card: a few runs give a noisy rate per card, and neighbouring cards play alike.
    """
    by_key: dict[tuple[int, str, int], list[dict]] = {}
    for a in attempts:
        by_key.setdefault((a["setting"], a["hand"], a["card"]), []).append(a)
    rows, summaries = [], []
    for index, _ in enumerate(settings):
        for hand in hands:
            reach = 1.0
            stacked_at_level = 0
            for card in range(1, cards + 1):
                tries = by_key.get((index, hand, card), [])
                wins = sum(a["ok"] for a in tries)
                reach = reach * wins / len(tries) if tries else 0.0
                if reach >= level and stacked_at_level == card - 1:
                    stacked_at_level = card
                near = [a for c in range(card - pool, card + pool + 1) for a in by_key.get((index, hand, c), [])]
                near_wins = sum(a["ok"] for a in near)
                done = [a for a in tries if a["ok"]]
                rows.append({
                    "setting": index, "hand": hand, "card": card, "attempts": len(tries), "successes": wins,
                    "success_rate": wins / len(tries) if tries else math.nan,
                    **dict(zip(("ci_low", "ci_high"), wilson(wins, len(tries)) if tries else (math.nan, math.nan))),
                    "pooled_attempts": len(near),
                    "pooled_rate": near_wins / len(near) if near else math.nan,
                    **dict(zip(("pooled_low", "pooled_high"),
                               wilson(near_wins, len(near)) if near else (math.nan, math.nan))),
                    "reach": reach,
                    **{f"fail_{k}": sum(a["kind"] == k for a in tries) for k in FAIL_KINDS},
                    "settle_s": _mean(a["settle_s"] for a in tries),
                    "settle_s_max": max((a["settle_s"] for a in tries), default=math.nan),
                    "unsettled": sum(a["unsettled"] > 0 for a in tries),
                    "peak_tilt_deg": _mean(a["peak_tilt_deg"] for a in tries),
                    "lean_deg": _mean(a["lean_deg"] for a in done),
                    "shift_mm_max": max((a["shift_mm"] for a in done), default=math.nan),
                    "cpu_ms": _mean(a["cpu_ms"] for a in tries),
                    "referee_ms": _mean(a["referee_ms"] for a in tries),
                })
            mine = [a for card in range(1, cards + 1) for a in by_key.get((index, hand, card), [])]
            wins = sum(a["ok"] for a in mine)
            low, high = wilson(wins, len(mine)) if mine else (math.nan, math.nan)
            summaries.append({
                "setting": index, "hand": hand, "attempts": len(mine),
                "success_rate": wins / len(mine) if mine else math.nan, "ci_low": low, "ci_high": high,
                f"cards_at_{level:.0%}": stacked_at_level,
                "fails": {k: sum(a["kind"] == k for a in mine) for k in FAIL_KINDS},
                "settle_s": _mean(a["settle_s"] for a in mine),
                "peak_tilt_deg": _mean(a["peak_tilt_deg"] for a in mine),
                "lean_deg": _mean(a["lean_deg"] for a in mine if a["ok"]),
                "shift_mm": _mean(a["shift_mm"] for a in mine if a["ok"]),
                "unsettled": sum(a["unsettled"] > 0 for a in mine),
                "cpu_ms": _mean(a["cpu_ms"] for a in mine),
                "referee_ms": _mean(a["referee_ms"] for a in mine),
            })
    return rows, summaries


def estimate(rows: list[dict], setting: int, target: Target, metric: str) -> tuple[float, int]:
    """The setting's value at the target's card, with the placements behind it: the pooled
    success rate (placement) or the chance to stack that many cards (reach). A card no run
    reached counts as 0."""
    row = next((r for r in rows if r["setting"] == setting and r["hand"] == target.hand
                and r["card"] == target.card), None)
    if row is None:
        return 0.0, 0
    if metric == "reach":
        return row["reach"], row["attempts"]
    if not row["pooled_attempts"]:
        return 0.0, 0
    return row["pooled_rate"], row["pooled_attempts"]


def target_error(rows: list[dict], setting: int, targets: Sequence[Target], metric: str) -> float:
    """Root mean square distance of the setting's rates from the targets (0 = on target)."""
    return math.sqrt(_mean((estimate(rows, setting, t, metric)[0] - t.rate) ** 2 for t in targets))


# -- running ---------------------------------------------------------------------------
class Progress:
    """One line on stderr: trials done, elapsed, ETA (at most a few updates a second)."""

    def __init__(self, total: int, what: str, enabled: bool) -> None:
        self.total, self.what, self.enabled = total, what, enabled
        self.start = time.perf_counter()
        self.done = 0
        self.shown = 0.0

    def step(self) -> None:
        self.done += 1
        now = time.perf_counter()
        if not self.enabled or (now - self.shown < 0.25 and self.done < self.total):
            return
        self.shown = now
        spent = now - self.start
        eta = spent / self.done * (self.total - self.done)
        print(f"\r{self.what}: {self.done}/{self.total} trials, {_clock(spent)} spent, ETA {_clock(eta)}   ",
              end="" if self.done < self.total else "\n", file=sys.stderr, flush=True)


def _clock(seconds: float) -> str:
    return f"{int(seconds // 60)}m{int(seconds % 60):02d}s"


def play_all(jobs: list[TrialJob], workers: int, progress: Progress) -> list[dict]:
    """Every job's attempts, in job order whatever the number of workers."""
    results: list[list[dict]] = []
    if workers <= 1:
        for job in jobs:
            results.append(play_trial(job))
            progress.step()
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for found in pool.map(play_trial, jobs):
                results.append(found)
                progress.step()
    return [a for found in results for a in found]


def setting_label(setting: dict[str, Any], short: dict[str, str]) -> str:
    return ", ".join(f"{short[k]}={_compact(v)}" for k, v in setting.items())


def _compact(value: Any) -> str:
    """A value as a designer writes it: 0.4, 120, 8e7, 3.2e8."""
    if isinstance(value, float):
        text = f"{value:.3g}"
        if "e" in text:
            mantissa, power = text.split("e")
            text = f"{mantissa}e{int(power)}"
        return text
    return str(value).lower() if isinstance(value, bool) else str(value)


def short_names(keys: Sequence[str]) -> dict[str, str]:
    """The last part of each key, or the whole key where two would read the same."""
    last = [k.rsplit(".", 1)[-1] for k in keys]
    return {k: (n if last.count(n) == 1 else k) for k, n in zip(keys, last)}


def run(scene_path: Path, specs: list[ParamSpec], hands: list[str], *, trials: int, cards: int, retries: int,
        seed: int, workers: int, random_count: int = 0, rounds: int = 1, targets: Sequence[Target] = (),
        metric: str = "placement", pool: int = 1, level: float = 0.5, progress: bool = True) -> dict:
    """Play the sweep and return the report (settings, rows, summaries, best)."""
    scene = Scene.from_path(scene_path)
    rng = random.Random(seed)
    first = random_settings(specs, random_count, rng) if random_count else grid_settings(specs)
    now = {s.key: read_value(scene.data, s.key, scene_path) for s in specs}
    settings: list[dict[str, Any]] = []
    scene_setting = None
    attempts: list[dict] = []
    started = time.perf_counter()
    batch = first
    for round_no in range(1, rounds + 1):
        if round_no == 1 and now not in batch:
            batch = [now, *batch]  # the scene as it is: the reference every curve is read against
        batch = [s for s in batch if s not in settings]
        if not batch:
            break  # nothing new to try (explicit value lists leave a refining round no room)
        for values in batch:
            _game(str(scene_path), tuple(values.items()))  # a bad value stops the sweep here, not in a worker
        offset = len(settings)
        settings += batch
        scene_setting = settings.index(now)
        jobs = [TrialJob(str(scene_path), offset + i, tuple(values.items()), hand, trial, seed, cards, retries)
                for i, values in enumerate(batch) for hand in hands for trial in range(trials)]
        what = f"round {round_no}/{rounds}" if rounds > 1 else "sweep"
        what += f" ({len(batch)} settings x {len(hands)} hands)"
        attempts += play_all(jobs, workers, Progress(len(jobs), what, progress))
        if round_no == rounds or not targets:
            break
        rows, _ = summarise(attempts, settings, hands, cards, level, pool)
        best = min(range(len(settings)), key=lambda i: target_error(rows, i, targets, metric))
        batch = random_settings(specs, random_count or len(first), rng, around=settings[best],
                                shrink=0.5 ** round_no)
    rows, summaries = summarise(attempts, settings, hands, cards, level, pool)
    short = short_names([s.key for s in specs])
    report: dict[str, Any] = {
        "scene": str(scene_path), "params": [s.key for s in specs], "log_params": [s.key for s in specs if s.log],
        "hands": hands, "trials": trials,
        "cards": cards, "retries": retries, "seed": seed, "metric": metric, "pool": pool, "level": level,
        "settings": [{"setting": i, "values": v, "label": setting_label(v, short), "is_scene": i == scene_setting}
                     for i, v in enumerate(settings)],
        "rows": rows, "summaries": summaries, "attempts": len(attempts),
        "seconds": time.perf_counter() - started,
    }
    if targets:
        errors = [target_error(rows, i, targets, metric) for i in range(len(settings))]
        best = min(range(len(settings)), key=errors.__getitem__)
        for s in report["settings"]:
            s["target_error"] = errors[s["setting"]]
        report["targets"] = [{"hand": t.hand, "card": t.card, "rate": t.rate,
                              "best_estimate": estimate(rows, best, t, metric)[0],
                              "best_attempts": estimate(rows, best, t, metric)[1]} for t in targets]
        report["best"] = {"setting": best, "values": settings[best], "error": errors[best],
                          "label": report["settings"][best]["label"]}
    return report


# -- output ----------------------------------------------------------------------------
def write_csv(report: dict, path: Path) -> Path:
    """One row per setting, hand and card, the setting's values as columns."""
    params = report["params"]
    errors = {s["setting"]: s.get("target_error", "") for s in report["settings"]}
    best = report.get("best", {}).get("setting")
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = None
        for row in report["rows"]:
            values = report["settings"][row["setting"]]["values"]
            out = {"setting": row["setting"], **{k: values[k] for k in params},
                   "is_scene": report["settings"][row["setting"]]["is_scene"]}
            out.update({k: v for k, v in row.items() if k != "setting"})
            out["target_error"] = errors[row["setting"]]
            out["is_best"] = row["setting"] == best
            if writer is None:
                writer = csv.DictWriter(fh, fieldnames=list(out))
                writer.writeheader()
            writer.writerow({k: (f"{v:.6g}" if isinstance(v, float) else v) for k, v in out.items()})
    return path


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _setting_styles(report: dict, shown: list[int]) -> dict[int, dict]:
    """A colour per setting along the sweep (viridis), black dashes for the scene as it is."""
    plt = _plt()
    cmap = plt.get_cmap("viridis")
    swept = [i for i in shown if not report["settings"][i]["is_scene"]]
    styles = {}
    for rank, i in enumerate(swept):
        styles[i] = {"color": cmap(0.9 * rank / max(1, len(swept) - 1)), "linestyle": "-", "linewidth": 1.8}
    for i in shown:
        if report["settings"][i]["is_scene"]:
            styles[i] = {"color": "black", "linestyle": "--", "linewidth": 2.0}
    if "best" in report and report["best"]["setting"] in styles:
        styles[report["best"]["setting"]]["linewidth"] = 3.2
    return styles


def _shown_settings(report: dict, most: int = 8) -> list[int]:
    """All settings, or (many of them) the scene's and the closest to the targets / the grid's spread."""
    n = len(report["settings"])
    if n <= most:
        return list(range(n))
    scene = [s["setting"] for s in report["settings"] if s["is_scene"]]
    if "best" in report:
        ranked = sorted(range(n), key=lambda i: report["settings"][i]["target_error"])
    else:
        ranked = [round(k * (n - 1) / (most - 2)) for k in range(most - 1)]
    return list(dict.fromkeys(scene + ranked))[:most]


def _describe_setting(report: dict, i: int) -> str:
    s = report["settings"][i]
    text = f"S{i} {s['label']}"
    if s["is_scene"]:
        text += " (scene now)"
    if report.get("best", {}).get("setting") == i:
        text += " - closest to targets"
    return text


def chart_curves(report: dict, out: Path, targets: Sequence[Target]) -> Path:
    """Per hand: success per placement, chance to stack that high, and time to settle, by card."""
    plt = _plt()
    hands = report["hands"]
    shown = _shown_settings(report)
    styles = _setting_styles(report, shown)
    fig, axes = plt.subplots(3, len(hands), figsize=(max(9.0, 6.2 * len(hands)), 11.5), squeeze=False,
                             sharex=True)
    cards = list(range(1, report["cards"] + 1))
    for col, hand in enumerate(hands):
        rate_ax, reach_ax, settle_ax = axes[0][col], axes[1][col], axes[2][col]
        for rank, i in enumerate(shown):
            rows = [r for r in report["rows"] if r["setting"] == i and r["hand"] == hand]
            # Settings often agree exactly; a small sideways shift keeps every line in sight.
            dodge = (rank - (len(shown) - 1) / 2) * min(0.08, 0.5 / len(shown))
            xs = [r["card"] + dodge for r in rows if r["attempts"]]
            style = styles[i]
            pooled = [r for r in rows if r["pooled_attempts"]]
            rate_ax.plot([r["card"] + dodge for r in pooled], [r["pooled_rate"] for r in pooled],
                         label=_describe_setting(report, i), **style)
            rate_ax.scatter(xs, [r["success_rate"] for r in rows if r["attempts"]], s=12, alpha=0.45,
                            color=style["color"])
            if len(shown) <= 3:
                rate_ax.fill_between([r["card"] + dodge for r in pooled], [r["pooled_low"] for r in pooled],
                                     [r["pooled_high"] for r in pooled], color=style["color"], alpha=0.08)
            reach_ax.plot([c + dodge for c in cards], [r["reach"] for r in rows], marker="o", markersize=3, **style)
            settle_ax.plot(xs, [r["settle_s"] for r in rows if r["attempts"]], marker="o", markersize=3, **style)
        for t in targets:
            if t.hand == hand:
                ax = reach_ax if report["metric"] == "reach" else rate_ax
                ax.plot([t.card], [t.rate], marker="X", markersize=15, color="#d62728", markeredgecolor="white",
                        zorder=5, linestyle="none")
                ax.annotate(f"target {t.rate:.0%}", (t.card, t.rate), textcoords="offset points", xytext=(0, -22),
                            ha="center", color="#d62728", fontweight="bold")
        window = f", cards n-{report['pool']}..n+{report['pool']} pooled" if report["pool"] else ""
        rate_ax.set_title(f"{hand} hand: success per placement", fontweight="bold")
        rate_ax.set_ylabel(f"placements that stand\n(line{window}; dots: card n alone)", fontsize=9)
        reach_ax.set_title(f"{hand} hand: chance to stack this many cards without a fault")
        reach_ax.set_ylabel("chance to get this far")
        settle_ax.set_title(f"{hand} hand: time for the bed to settle after the card is let go")
        settle_ax.set_ylabel("simulated seconds")
        settle_ax.set_xlabel("card number in the stack (the table lays card 0)")
        for ax in (rate_ax, reach_ax):
            ax.set_ylim(-0.03, 1.03)
            ax.yaxis.set_major_formatter(plt.matplotlib.ticker.PercentFormatter(1.0))
        settle_ax.set_ylim(bottom=0)
        for ax in (rate_ax, reach_ax, settle_ax):
            ax.grid(alpha=0.3)
            ax.set_xlim(0.5, report["cards"] + 0.5)
            ax.xaxis.set_major_locator(plt.matplotlib.ticker.MaxNLocator(integer=True))
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=1 if len(hands) == 1 else 2, frameon=False,
               fontsize=9, title=f"settings ({len(shown)} of {len(report['settings'])} shown)"
               if len(shown) < len(report["settings"]) else "settings")
    fig.suptitle(textwrap.fill(_title(report), 110 if len(hands) > 1 else 90), fontsize=12)
    legend_rows = math.ceil(len(shown) / (1 if len(hands) == 1 else 2)) + 1
    fig.tight_layout(rect=(0, min(0.35, 0.022 * legend_rows + 0.02), 1, 0.96))
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out


def _title(report: dict) -> str:
    return (f"Wackelbett tuning: {', '.join(report['params'])} - {report['trials']} runs per setting and hand, "
            f"up to {report['cards']} cards, {report['retries']} tries per card, seed {report['seed']}")


def chart_overview(report: dict, out: Path) -> Path:
    """How each knob moves the game: lines over one swept value, heat maps over a 2-D grid,
    dots over each value of a random search."""
    plt = _plt()
    swept = [k for k in report["params"]
             if len({json.dumps(s["values"][k]) for s in report["settings"]}) > 1]
    grid = [s for s in report["settings"] if not (s["is_scene"] and _off_grid(report, s))]
    if len(swept) == 2 and len(grid) == _distinct(grid, swept[0]) * _distinct(grid, swept[1]):
        fig = _heat_maps(report, swept, grid, plt)
    else:
        fig = _knob_lines(report, swept or report["params"][:1], plt)
    fig.suptitle(textwrap.fill(_title(report), 150), fontsize=12)
    fig.tight_layout(rect=(0, 0, 1, 0.95))
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out


def _distinct(settings: list[dict], key: str) -> int:
    return len({json.dumps(s["values"][key]) for s in settings})


def _off_grid(report: dict, setting: dict) -> bool:
    """Was the scene's own setting added to the sweep (rather than one of its points)?"""
    others = [s for s in report["settings"] if not s["is_scene"]]
    return any(len({json.dumps(s["values"][k]) for s in others} | {json.dumps(setting["values"][k])})
               > len({json.dumps(s["values"][k]) for s in others}) for k in report["params"])


def _summary(report: dict, setting: int, hand: str) -> dict:
    return next(s for s in report["summaries"] if s["setting"] == setting and s["hand"] == hand)


def _heat_maps(report: dict, keys: list[str], settings: list[dict], plt):
    """Per hand: cards stacked at the chosen chance, and success per placement, over the 2-D grid."""
    hands = report["hands"]
    xs = sorted({s["values"][keys[0]] for s in settings})
    ys = sorted({s["values"][keys[1]] for s in settings})
    level_key = f"cards_at_{report['level']:.0%}"
    rocks = max(_summary(report, s["setting"], h)["peak_tilt_deg"] for s in settings for h in hands)
    fig, axes = plt.subplots(len(hands), 3, figsize=(18, 4.9 * len(hands)), squeeze=False)
    for row, hand in enumerate(hands):
        for col, (what, key, cmap, fmt, vmax) in enumerate((
                (f"cards a {hand} hand stacks with {report['level']:.0%} chance", level_key, "YlGn", "{:.0f}",
                 report["cards"]),
                (f"{hand} hand: success per placement (all heights)", "success_rate", "RdYlGn", "{:.0%}", 1.0),
                (f"{hand} hand: how far the bed rocks (deg)", "peak_tilt_deg", "Purples", "{:.2f}", rocks))):
            ax = axes[row][col]
            grid = [[math.nan] * len(xs) for _ in ys]
            for s in settings:
                grid[ys.index(s["values"][keys[1]])][xs.index(s["values"][keys[0]])] = \
                    _summary(report, s["setting"], hand)[key]
            image = ax.imshow(grid, origin="lower", cmap=cmap, vmin=0, vmax=vmax, aspect="auto")
            for yi in range(len(ys)):
                for xi in range(len(xs)):
                    value = grid[yi][xi]
                    if not math.isnan(value):
                        text = fmt.format(value) + ("+" if key == level_key and value >= report["cards"] else "")
                        r, g, b, _ = image.cmap(image.norm(value))
                        ax.text(xi, yi, text, ha="center", va="center", fontsize=11,
                                color="white" if 0.299 * r + 0.587 * g + 0.114 * b < 0.5 else "black")
            for s in settings:
                marks = [("black", "--", "scene now")] if s["is_scene"] else []
                if report.get("best", {}).get("setting") == s["setting"]:
                    marks.append(("#d62728", "-", "closest to targets"))
                for inset, (colour, dash, name) in enumerate(marks):
                    pad = 0.46 - 0.06 * inset
                    ax.add_patch(plt.Rectangle((xs.index(s["values"][keys[0]]) - pad, ys.index(s["values"][keys[1]]) - pad),
                                               2 * pad, 2 * pad, fill=False, edgecolor=colour, linestyle=dash,
                                               linewidth=2.2, label=name))
            if col == 0 and ax.patches:
                ax.legend(loc="upper left", bbox_to_anchor=(0, -0.14), ncol=2, fontsize=8, frameon=False)
            ax.set_xticks(range(len(xs)), [_compact(v) for v in xs])
            ax.set_yticks(range(len(ys)), [_compact(v) for v in ys])
            ax.set_xlabel(keys[0])
            ax.set_ylabel(keys[1])
            ax.set_title(what, fontweight="bold" if col == 0 else None)
            fig.colorbar(image, ax=ax, fraction=0.046,
                         format=plt.matplotlib.ticker.PercentFormatter(1.0) if key == "success_rate" else None)
    return fig


_KNOB_PANELS = (
    ("success per placement (all heights)", "success_rate"),
    ("cards stacked with {level} chance", "cards_at"),
    ("placements failing, by cause", "fails"),
    ("time to settle after letting go (s)", "settle_s"),
    ("how far the bed rocks while settling (deg)", "peak_tilt_deg"),
    ("CPU per placement, bot + referee (ms)", "cpu_ms"),
)
_CAUSE_COLOURS = {"pea": ("#1f77b4", "missed the pea"), "fell": ("#d62728", "something fell off"),
                  "pushed": ("#9467bd", "princess pushed aside"), "other": ("#7f7f7f", "card not on top"),
                  "refused": ("black", "verdict refused")}
_HAND_DASHES = ("-", "--", ":", "-.")


def _knob_lines(report: dict, keys: list[str], plt):
    """Per swept key, six panels against its value: success, cards reached, why placements
    failed, settle time, rocking, CPU (lines over a 1-D sweep, dots over a random search)."""
    hands = report["hands"]
    level = f"{report['level']:.0%}"
    fig, axes = plt.subplots(2 * len(keys), 3, figsize=(16, 7.6 * len(keys)), squeeze=False)
    colours = plt.get_cmap("tab10")
    scattered = len(keys) > 1
    for k, key in enumerate(keys):
        numeric = all(isinstance(s["values"][key], (int, float)) and not isinstance(s["values"][key], bool)
                      for s in report["settings"])
        order = sorted(report["settings"], key=lambda s: (s["values"][key] if numeric else str(s["values"][key])))
        xs = [s["values"][key] if numeric else str(s["values"][key]) for s in order]
        for p, (title, stat) in enumerate(_KNOB_PANELS):
            ax = axes[2 * k + p // 3][p % 3]
            failed: set[str] = set()
            for h, hand in enumerate(hands):
                rows = [_summary(report, s["setting"], hand) for s in order]
                if stat == "fails":
                    for cause, (colour, _) in _CAUSE_COLOURS.items():
                        ys = [r["fails"][cause] / r["attempts"] if r["attempts"] else math.nan for r in rows]
                        if any(y > 0 for y in ys):
                            failed.add(cause)
                            _draw(ax, xs, ys, scattered, color=colour, linestyle=_HAND_DASHES[h % 4])
                    continue
                stat_key = f"cards_at_{level}" if stat == "cards_at" else stat
                _draw(ax, xs, [r[stat_key] for r in rows], scattered, color=colours(h), label=f"{hand} hand")
                if stat == "success_rate" and not scattered:
                    ax.fill_between(xs, [r["ci_low"] for r in rows], [r["ci_high"] for r in rows],
                                    color=colours(h), alpha=0.12)
            for s, x in zip(order, xs):
                if s["is_scene"]:
                    ax.axvline(x, color="black", linestyle="--", linewidth=1, label="scene now")
                if report.get("best", {}).get("setting") == s["setting"]:
                    ax.axvline(x, color="#d62728", linestyle=":", linewidth=2, label="closest to targets")
            if stat == "fails" and not failed:
                ax.text(0.5, 0.5, "no placement failed", transform=ax.transAxes, ha="center", color="grey",
                        zorder=5, bbox={"facecolor": "white", "edgecolor": "none"})
            elif stat == "fails":
                line = plt.matplotlib.lines.Line2D
                ax.legend(handles=[line([], [], color=_CAUSE_COLOURS[c][0], label=_CAUSE_COLOURS[c][1])
                                   for c in FAIL_KINDS if c in failed]
                          + [line([], [], color="black", linestyle=_HAND_DASHES[h % 4], label=f"{hand} hand")
                             for h, hand in enumerate(hands)], fontsize=8)
            if stat == "cards_at":
                ax.axhline(report["cards"], color="grey", linestyle=":", linewidth=1)
                ax.text(0.01, report["cards"], " every run stops here (--cards)", transform=ax.get_yaxis_transform(),
                        va="bottom", fontsize=8, color="grey")
            ticker = plt.matplotlib.ticker
            if numeric:
                log = key in report["log_params"] or (min(xs) > 0 and max(xs) / min(xs) >= 10)
                if log:
                    ax.set_xscale("log")
                    ax.xaxis.set_major_locator(ticker.LogLocator(subs=(1.0, 2.0, 5.0)))
                    ax.xaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: _compact(float(v))))
                    ax.xaxis.set_minor_formatter(ticker.NullFormatter())
                ax.set_xlim(*_padded(min(xs), max(xs), log))
                if not scattered:
                    ax.set_xticks(sorted(set(xs)), [_compact(x) for x in sorted(set(xs))])
            if stat == "success_rate":
                ax.set_ylim(-0.03, 1.03)
            elif stat == "fails":
                ax.set_ylim(bottom=0)
            if stat in ("success_rate", "fails"):
                ax.yaxis.set_major_formatter(ticker.PercentFormatter(1.0))
            elif stat == "cards_at":
                ax.set_ylim(0, report["cards"] + 1.5)
                ax.yaxis.set_major_locator(ticker.MaxNLocator(integer=True))
            else:
                ax.set_ylim(bottom=0)
            ax.set_xlabel(key)
            ax.set_title(title.format(level=level), fontweight="bold" if p < 2 else None)
            ax.grid(alpha=0.3)
            if p == 0:
                ax.legend(fontsize=8)
    return fig


def _padded(lo: float, hi: float, log: bool) -> tuple[float, float]:
    """Axis limits a little wider than the values, so the end points are not on the frame."""
    if log:
        spread = (hi / lo) ** 0.06 if hi > lo else 1.3
        return lo / spread, hi * spread
    margin = (hi - lo) * 0.06 if hi > lo else max(abs(lo) * 0.1, 0.5)
    return lo - margin, hi + margin


def _draw(ax, xs: list, ys: list, scattered: bool, **style) -> None:
    if scattered:
        style.pop("linestyle", None)
        ax.scatter(xs, ys, s=22, alpha=0.8, **style)
    else:
        ax.plot(xs, ys, marker="o", **style)


def print_table(report: dict) -> None:
    level_key = f"cards_at_{report['level']:.0%}"
    print(f"{_title(report)}\n{report['attempts']} placements in {report['seconds']:.0f} s\n")
    print(f"{'setting':<42} {'hand':<8} {'success':>8} {'95% interval':>13} {level_key.replace('_', ' '):>13} "
          f"{'pea/fell/push/other/refused':>27} {'settle s':>8} {'rock deg':>8} {'ms/place':>8}")
    for s in report["settings"]:
        for hand in report["hands"]:
            m = _summary(report, s["setting"], hand)
            name = f"S{s['setting']} {s['label']}" + (" (scene now)" if s["is_scene"] else "")
            fails = "/".join(str(m["fails"][k]) for k in FAIL_KINDS)
            print(f"{name[:42]:<42} {hand:<8} {m['success_rate']:>8.0%} {m['ci_low']:>6.0%}-{m['ci_high']:<6.0%} "
                  f"{m[level_key]:>13} {fails:>27} {m['settle_s']:>8.2f} {m['peak_tilt_deg']:>8.2f} "
                  f"{m['cpu_ms']:>8.0f}")
    refused = sum(m["fails"]["refused"] for m in report["summaries"])
    if refused:
        print(f"\n{refused} placements ended in a verdict the rules refused: a card flew off the table "
              "altogether and the world left it out of the verdict. Counted as failed.")
    if "best" in report:
        print(f"\nclosest to the targets: S{report['best']['setting']} {report['best']['label']} "
              f"(rms error {report['best']['error']:.3f})")
        for t in report["targets"]:
            print(f"  {t['hand']} at card {t['card']}: wanted {t['rate']:.0%}, got {t['best_estimate']:.0%} "
                  f"({t['best_attempts']} placements)")


def confirm_and_write(scene_path: Path, values: dict[str, Any], *, yes: bool, stream) -> bool:
    """Show the change to the scene file, ask (unless ``yes``), write it; True if written.

    A value the game would refuse (SceneError) is refused before anything is shown."""
    WackelbettGame(1, scene=patched_scene(Scene.from_path(scene_path), values))
    changes = plan_changes(scene_path, values)
    if not changes:
        print(f"{scene_path} already holds these values; nothing to write.", file=stream)
        return False
    print(f"Changes to {scene_path}:", file=stream)
    for change in changes:
        print(f"  {change.describe()}", file=stream)
    print(unified_diff(scene_path, values), file=stream)
    if not yes:
        if not sys.stdin.isatty():
            print("Not written: add --yes to write without asking.", file=stream)
            return False
        if input(f"Write these changes to {scene_path}? [y/N] ").strip().lower() not in ("y", "yes"):
            print("Not written.", file=stream)
            return False
    write_values(scene_path, values, validate=lambda scene: WackelbettGame(1, scene=scene))
    print(f"Written to {scene_path}.", file=stream)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--param", action="append", metavar="KEY=SPEC",
                        help=f"a scene value to sweep (repeatable; default {DEFAULT_PARAM})")
    parser.add_argument("--random", type=int, default=0, metavar="N",
                        help="N random settings within the ranges instead of the full grid")
    parser.add_argument("--rounds", type=int, default=1,
                        help="with --target: rounds of search in all; each after the first draws settings "
                             "around the best so far, in ranges half as wide as the round before (default 1)")
    parser.add_argument("--hand", action="append", metavar="LEVEL",
                        help=f"bot level whose hand plays (repeatable; default {' and '.join(DEFAULT_HANDS)})")
    parser.add_argument("--trials", type=int, default=12, help="stacking runs per setting and hand (default 12)")
    parser.add_argument("--cards", type=int, default=15, help="stop a run when this many cards stand (default 15)")
    parser.add_argument("--retries", type=int, default=3,
                        help="tries at one height before the run stops (default 3)")
    parser.add_argument("--target", action="append", default=[], metavar="[HAND@]CARD:RATE",
                        help="design target, e.g. steady@10:0.95 (repeatable; HAND defaults to the first --hand)")
    parser.add_argument("--metric", choices=("placement", "reach"), default="placement",
                        help="targets are the success rate per placement at that card (placement, default) or "
                             "the chance to stack that many cards without a fault (reach)")
    parser.add_argument("--pool", type=int, default=1,
                        help="placement targets pool the cards within this many of the target card (default 1)")
    parser.add_argument("--level", type=float, default=0.5,
                        help="the summaries say how many cards a hand stacks with this chance (default 0.5)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)")
    parser.add_argument("--scene", type=Path, default=SCENE, help=f"scene file (default {SCENE.relative_to(SCENES_DIR.parent)})")
    parser.add_argument("--out", type=Path, default=Path("out/tune-wackelbett"),
                        help="folder for tune.csv, curves.png, overview.png (default out/tune-wackelbett)")
    parser.add_argument("--write", action="store_true",
                        help="write the setting closest to the targets into the scene file (shows the change first)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", dest="set_values",
                        help="no sweep: write these values into the scene file (shows the change first)")
    parser.add_argument("--yes", action="store_true", help="write without asking")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    args = parser.parse_args(argv)
    out_stream = sys.stderr if args.json else sys.stdout
    try:
        scene = Scene.from_path(args.scene)
        if args.set_values:
            values = {}
            for item in args.set_values:
                key, sep, value = item.partition("=")
                if not sep:
                    parser.error(f"--set {item!r}: expected KEY=VALUE")
                values[key.strip()] = _parse_value(value)
            patched_scene(scene, values)
            confirm_and_write(args.scene, values, yes=args.yes, stream=sys.stdout)
            return 0
        hands = args.hand or list(DEFAULT_HANDS)
        game = WackelbettGame(1, scene=scene)
        unknown = [h for h in hands if h not in game.bot_skills]
        if unknown:
            parser.error(f"no bot level {', '.join(unknown)} in {args.scene}; levels: {', '.join(game.bot_skills)}")
        if not 1 <= args.cards < game.deck_size:
            parser.error(f"--cards must be 1 to {game.deck_size - 1}")
        if args.trials < 1 or args.retries < 1 or args.rounds < 1 or args.workers < 1 or args.random < 0:
            parser.error("--trials, --retries, --rounds and --workers must be at least 1")
        specs = [parse_param(p, scene) for p in (args.param or [DEFAULT_PARAM])]
        if len({s.key for s in specs}) != len(specs):
            parser.error("each --param key may be given once")
        targets = [parse_target(t, hands[0]) for t in args.target]
        for t in targets:
            if t.hand not in hands:
                parser.error(f"--target {t.label}: {t.hand} does not play; add --hand {t.hand}")
            if t.card > args.cards:
                parser.error(f"--target at card {t.card}: raise --cards to at least {t.card}")
        if args.write and not targets:
            parser.error("--write writes the setting closest to the --target values; give a --target "
                         "(or write chosen values with --set KEY=VALUE)")
        report = run(args.scene, specs, hands, trials=args.trials, cards=args.cards, retries=args.retries,
                     seed=args.seed, workers=args.workers, random_count=args.random, rounds=args.rounds,
                     targets=targets, metric=args.metric, pool=args.pool, level=args.level,
                     progress=not args.quiet)
        report["csv"] = str(write_csv(report, args.out / "tune.csv"))
        report["curves_png"] = str(chart_curves(report, args.out / "curves.png", targets))
        report["overview_png"] = str(chart_overview(report, args.out / "overview.png"))
        if args.json:
            print(json.dumps({k: v for k, v in report.items() if k != "rows"}, indent=1))
        else:
            print_table(report)
            print(f"\ntable: {report['csv']}\nplots: {report['curves_png']}, {report['overview_png']}")
            print("to write a setting into the scene file: tools/tune_wackelbett.py --set KEY=VALUE ...")
        if args.write:
            confirm_and_write(args.scene, report["best"]["values"], yes=args.yes, stream=out_stream)
    except (SceneError, SceneEditError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
