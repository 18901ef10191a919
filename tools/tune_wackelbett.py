#!/usr/bin/env python3
"""Tune the Wackelbett physics: sweep scene values, play bot placements, see what changes.

Each setting is the scene file with some values changed (in memory; the file is only
written by --write or --set). For every setting and every hand (a bot level of the
scene: shaky, steady, surgeon) the tool plays TRIALS solo stacking runs through the
real referee: the bot lays card after card from a seeded deck; after a failed placement
it goes on from the table the failure left (as in the table game), and the run stops
after RETRIES failures in a row or when the pile holds CARDS cards. It reports, per
setting, hand and stack height, first the PHYSICAL FALLS per placement (something fell
or was pushed, not a missed pea; 95% interval over runs) and why placements failed, then the success
rate, the chance to stack that many cards without a fault, the time the bed takes to
settle, how far it rocks and leans, how much the pile shifts, and the CPU cost.

  --param KEY=LO:HI:N[:log]   N values from LO to HI (log: evenly on a log scale)
  --param KEY=A,B,C           these values      --param KEY=V   fixed at V
  KEY is a dotted scene key: bed.wobble_stiffness, card.friction, card.mass,
  princess.base_width, bots.shaky.tremor_mm, physics.substeps ...
  --random N                  N random settings within the ranges instead of the grid
  --target [HAND@]CARD:RATE   or [HAND@]CARD:LOW-HIGH: find the setting closest to it
  --write                     write the best setting into the scene file (diff first)
  --set KEY=VALUE             no sweep: write these values (diff first)
  --scheduler ADDRESS         play the trials on a Dask cluster (pip install -e '.[cluster]')
  --resume                    carry on from the trials an interrupted run kept in OUT
  --check                     exit 1 when the closest setting misses a target

The design targets are data: the scene's [design_targets] table (physical falls per
placement by hand and card, as bands) is the default target set with --metric falls;
--target adds to it or overrides one (same hand and card). A falls target is judged on the
height band that holds its card (1-9, 10-19, 20-29, 30-36), as tools/bench.py judges it.

Writes OUT/tune.csv (one row per setting, hand and height), OUT/curves.png (falls and
causes by height, then success, one line per setting, targets marked), OUT/overview.png
(each swept knob's effect; a heat map for a 2-D grid) and OUT/trials.jsonl (every
finished trial, kept as it finishes, for --resume). Same seed, same numbers (except CPU
times), with any number of workers, here or on a cluster: each trial is seeded by its
own key. The default (the scene as it is, all three hands, the whole pile) takes about
2 minutes on 2 cores.
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import itertools
import json
import math
import os
import random
import re
import statistics
import sys
import textwrap
import time
import tomllib
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Iterable, Sequence

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS.parent))
sys.path.insert(0, str(TOOLS))

from simulator.engine import Scene, SceneError  # noqa: E402
from simulator.engine.scene import SCENES_DIR  # noqa: E402
from simulator.games.wackelbett.components import read_design_targets  # noqa: E402
from simulator.games.wackelbett.dexterity import (BANDS, PHYSICAL, REFUSED, band_bounds, run_interval,  # noqa: E402
                                                  stacking_trial, within_spread)
from simulator.games.wackelbett.rules import STAGES, WackelbettGame  # noqa: E402
from simulator.games.wackelbett.verdict import FELL, MISSED_PEA, NOT_ON_TOP, PUSHED, SLID  # noqa: E402
from simulator.games.wackelbett.scene_edit import (SceneEditError, ask_to_write, patched_scene,  # noqa: E402
                                                   plan_changes, read_value, unified_diff, write_values)
from tournament import wilson  # noqa: E402
from trial_runner import ClusterError, Journal, RunInterrupted, file_in_the_way, run_trials  # noqa: E402

SCENE = SCENES_DIR / "wackelbett.toml"
DEFAULT_TRIALS = 12
DEFAULT_RETRIES = 8  # failures in a row that end a run: enough that a hand's run covers the whole pile
# Why a try failed, as the bench counts it; a physical fall is something that fell, was pushed
# or slid off the pile (PHYSICAL), not a missed pea or a card laid beside the pile.
FAIL_KINDS = (MISSED_PEA, FELL, PUSHED, SLID, NOT_ON_TOP, REFUSED)
MAIN_CAUSE_FROM = 15  # the design: from this card on, falls are the main cause of failure
FEW_TRIALS = 10  # runs per hand below which the report says its intervals are rough


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


_LOOSE_DECIMAL = re.compile(r"[+-]?(\d+\.\d*|\.\d+)([eE][+-]?\d+)?")  # .5 and 5. as well as 0.5


def _parse_value(text: str) -> Any:
    """A command-line value as TOML reads it; a decimal also as a person writes it (.5, 5.)."""
    text = text.strip()
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return float(text) if _LOOSE_DECIMAL.fullmatch(text) else text


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
    """``count`` different settings drawn within the ranges (fewer when value lists leave fewer);
    with ``around``, within ``shrink`` of each range's width centred on that setting's values
    (explicit value lists stay at its value)."""
    out: list[dict[str, Any]] = []
    for _ in range(count * 50):
        if len(out) == count:
            break
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
        if setting not in out:
            out.append(setting)
    return out


@dataclass(frozen=True)
class Target:
    """A design target: ``hand``'s rate at card ``card`` (by metric) lies between ``low`` and ``high``."""

    hand: str
    card: int
    low: float
    high: float

    @property
    def band(self) -> str:
        return f"{self.low:.0%}" if self.low == self.high else f"{self.low:.0%}-{self.high:.0%}"

    @property
    def label(self) -> str:
        return f"{self.hand} {self.band} at card {self.card}"

    def distance(self, rate: float) -> float:
        """How far ``rate`` lies outside the band (0 inside)."""
        return max(0.0, self.low - rate, rate - self.high)


def parse_target(text: str, default_hand: str) -> Target:
    """``[HAND@]CARD:RATE`` or ``[HAND@]CARD:LOW-HIGH``; ValueError says what is wrong."""
    def wrong(why: str) -> ValueError:
        return ValueError(f"--target {text!r}: {why}")

    hand, _, rest = text.rpartition("@")
    card, sep, rate = rest.partition(":")
    if not sep:
        raise wrong("expected [HAND@]CARD:RATE or [HAND@]CARD:LOW-HIGH such as steady@10:0.95 or steady@10:0.02-0.08")
    try:
        number = int(card)
    except ValueError:
        raise wrong(f"the card {card!r} is not a whole number") from None
    if number < 1:
        raise wrong("cards are counted from 1")
    if "%" in rate:
        raise wrong("write a rate as a fraction: 0.02-0.08 for 2-8%")
    low, dash, high = rate.partition("-")
    try:
        low_rate, high_rate = float(low), float(high if dash else low)
    except ValueError:
        raise wrong(f"the rate {rate!r} is not a number or LOW-HIGH") from None
    if not (0.0 <= low_rate <= 1.0 and 0.0 <= high_rate <= 1.0):
        raise wrong("a rate is a fraction from 0 to 1 (0.35 for 35%)")
    if low_rate > high_rate:
        raise wrong(f"the band's low end {low} is above its high end {high}")
    return Target(hand or default_hand, number, low_rate, high_rate)


def scene_targets(scene: Scene, game: WackelbettGame, hands: Sequence[str], cards: int) -> list[Target]:
    """The scene's [design_targets] for the hands that play, up to card ``cards``."""
    designed = read_design_targets(scene, game.bot_skills, game.deck_size)
    return [Target(hand, t.card, t.low, t.high) for hand in hands for t in designed.get(hand, ())
            if t.card <= cards]


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


_SHIPPED: dict[str, str] = {}  # scene path -> its text, sent along with the trials (a worker may not have the file)


def _game(scene_path: str, values: tuple[tuple[str, Any], ...]) -> WackelbettGame:
    """The game of the scene at ``scene_path`` (or its shipped text) with ``values`` set. Built
    anew for every trial (2 ms against the seconds a trial plays): a cache would travel with
    the trials to a cluster."""
    text = _SHIPPED.get(scene_path)
    if text is None:
        text = Path(scene_path).read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SceneError(f"{scene_path}: not valid TOML: {exc}") from None
    return WackelbettGame(1, scene=patched_scene(Scene(Path(scene_path), data), dict(values)), mode="challenge")


def play_shipped(scene_text: str, job: TrialJob) -> list[dict[str, Any]]:
    """:func:`play_trial` with the scene's text shipped along (what runs on a pool or a cluster)."""
    _SHIPPED[job.scene_path] = scene_text
    return play_trial(job)


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
        self.cpu = 0.0

    def decide(self, game: WackelbettGame, state) -> Any:
        self.stage = STAGES[state.phase]
        original = self.referee.WackelbettWorld
        self.referee.WackelbettWorld = self.world_class
        start = time.process_time()
        try:
            return game.make_referee().decide(state)
        finally:
            self.cpu += time.process_time() - start
            self.referee.WackelbettWorld = original



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
    """One stacking trial (:func:`~simulator.games.wackelbett.dexterity.stacking_trial`, the
    bench's own), with the referee's worlds watched; one dict per try."""
    game = _game(job.scene_path, job.values)
    probe = _SettleProbe()
    hz = game.physics.solver.frame_hz
    attempts = []
    cpu = time.process_time()
    for a in stacking_trial(game, job.hand, seed=job.seed, trial=job.trial, cards=job.cards,
                            retries=job.retries, decide=probe.decide):
        cpu = time.process_time() - cpu
        attempts.append({
            "setting": job.setting, "hand": job.hand, "trial": job.trial, "card": a.card, "try": a.attempt,
            "climbing": a.climbing, "ok": a.stood, "reason": a.reason, "kind": a.cause,
            "settle_s": probe.frames.get("card", 0) / hz,
            "settle_princess_s": probe.frames.get("princess", 0) / hz,
            "unsettled": probe.unsettled,
            "peak_tilt_deg": math.degrees(probe.peak_tilt),
            "lean_deg": abs(math.degrees(a.after.layout.bed.angle)),
            "shift_mm": _pile_shift(a.before.layout, a.after.layout),
            "cpu_ms": cpu * 1000, "referee_ms": probe.cpu * 1000,
        })
        probe.reset()
        cpu = time.process_time()
    return attempts


# -- aggregating -----------------------------------------------------------------------
def _mean(values: Iterable[float]) -> float:
    values = list(values)
    return statistics.fmean(values) if values else math.nan


def _rate(hits: int, n: int, name: str) -> dict[str, float]:
    """``name``_rate and its 95% Wilson interval ``name``_low / ``name``_high (NaN without placements)."""
    low, high = wilson(hits, n) if n else (math.nan, math.nan)
    return {f"{name}_rate": hits / n if n else math.nan, f"{name}_low": low, f"{name}_high": high}


def _first_try(attempt: dict) -> bool:
    """Right after a card stayed, on the run's way up (``Attempt.is_first_try``)."""
    return attempt["try"] == 1 and attempt.get("climbing", True)


def _falls(attempts: Iterable[dict]) -> int:
    return sum(a["kind"] in PHYSICAL for a in attempts)


def summarise(attempts: list[dict], settings: list[dict], hands: Sequence[str], cards: int,
              level: float, pool: int) -> tuple[list[dict], list[dict]]:
    """Rows per (setting, hand, card) and one summary per (setting, hand).

    A row's ``pooled_*`` columns count the placements at cards within ``pool`` of its
    card: a few runs give a noisy rate per card, and neighbouring cards play alike; its
    ``band_*`` columns those of the height band that holds it (falls targets use them).
    A summary holds the whole pile and each height band (``bands``).
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
                lo, hi = band_bounds(card)
                band = [a for c in range(lo, hi + 1) for a in by_key.get((index, hand, c), [])]
                band_first = [a for a in band if _first_try(a)]
                near_first = [a for a in near if _first_try(a)]
                near_wins = sum(a["ok"] for a in near)
                done = [a for a in tries if a["ok"]]
                rows.append({
                    "setting": index, "hand": hand, "card": card, "attempts": len(tries),
                    "falls": _falls(tries), **_rate(_falls(tries), len(tries), "fall"),
                    "pooled_attempts": len(near), "pooled_falls": _falls(near),
                    **_rate(_falls(near), len(near), "pooled_fall"),
                    "pooled_first_attempts": len(near_first),
                    **_rate(_falls(near_first), len(near_first), "pooled_first_fall"),
                    "band": f"{lo}-{hi}", "band_attempts": len(band), "band_falls": _falls(band),
                    **_rate(_falls(band), len(band), "band_fall"),
                    "band_first_attempts": len(band_first), "band_first_falls": _falls(band_first),
                    **_rate(_falls(band_first), len(band_first), "band_first_fall"),
                    "successes": wins,
                    "success_rate": wins / len(tries) if tries else math.nan,
                    **dict(zip(("ci_low", "ci_high"), wilson(wins, len(tries)) if tries else (math.nan, math.nan))),
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
            late = [a for a in mine if a["card"] >= MAIN_CAUSE_FROM and not a["ok"]]
            summaries.append({
                "setting": index, "hand": hand, "attempts": len(mine),
                "falls": _falls(mine), **_rate(_falls(mine), len(mine), "fall"),
                "fails": {k: sum(a["kind"] == k for a in mine) for k in FAIL_KINDS},
                "bands": [_band(mine, lo, min(hi, cards)) for lo, hi in BANDS if lo <= cards],
                f"failures_from_{MAIN_CAUSE_FROM}": len(late),
                f"physical_share_from_{MAIN_CAUSE_FROM}": _falls(late) / len(late) if late else math.nan,
                "success_rate": wins / len(mine) if mine else math.nan, "ci_low": low, "ci_high": high,
                f"cards_at_{level:.0%}": stacked_at_level,
                "settle_s": _mean(a["settle_s"] for a in mine),
                "peak_tilt_deg": _mean(a["peak_tilt_deg"] for a in mine),
                "lean_deg": _mean(a["lean_deg"] for a in mine if a["ok"]),
                "shift_mm": _mean(a["shift_mm"] for a in mine if a["ok"]),
                "unsettled": sum(a["unsettled"] > 0 for a in mine),
                "cpu_ms": _mean(a["cpu_ms"] for a in mine),
                "referee_ms": _mean(a["referee_ms"] for a in mine),
            })
    return rows, summaries


def _band(attempts: list[dict], lo: int, hi: int) -> dict[str, Any]:
    """Placements at cards ``lo``..``hi``: how many, the physical falls among them (with the
    rate's 95% interval over runs, ``run_interval``: a band's placements come from a few
    piles), failures by cause."""
    inside = [a for a in attempts if lo <= a["card"] <= hi]
    first = [a for a in inside if _first_try(a)]
    falls, first_falls = _falls(inside), _falls(first)
    low, high = run_interval((a["trial"], a["kind"] in PHYSICAL) for a in inside)
    first_low, first_high = run_interval((a["trial"], a["kind"] in PHYSICAL) for a in first)
    return {"cards": f"{lo}-{hi}", "attempts": len(inside), "falls": falls,
            "fall_rate": falls / len(inside) if inside else math.nan, "fall_low": low, "fall_high": high,
            "first_attempts": len(first), "first_falls": first_falls,
            "first_fall_rate": first_falls / len(first) if first else math.nan,
            "first_fall_low": first_low, "first_fall_high": first_high,
            "fails": {k: sum(a["kind"] == k for a in inside) for k in FAIL_KINDS}}


METRICS = {"falls": "physical falls per placement, first tries", "placement": "success per placement",
           "reach": "chance to stack that many cards"}


def estimate(rows: list[dict], setting: int, target: Target, metric: str) -> tuple[float, int]:
    """The setting's value at the target's card, with the placements behind it: the physical
    fall rate of the height band that holds the card (falls, as tools/bench.py judges it), the
    pooled success rate (placement) or the chance to stack that many cards (reach). A card no
    run reached counts as 0 (falls: as 1, the pile is gone)."""
    row = next((r for r in rows if r["setting"] == setting and r["hand"] == target.hand
                and r["card"] == target.card), None)
    if metric == "reach":
        return (row["reach"], row["attempts"]) if row else (0.0, 0)
    if metric == "falls":
        if row is None or not row["band_first_attempts"]:
            return 1.0, 0
        return row["band_first_fall_rate"], row["band_first_attempts"]
    if row is None or not row["pooled_attempts"]:
        return 0.0, 0
    return row["pooled_rate"], row["pooled_attempts"]


def target_error(rows: list[dict], setting: int, targets: Sequence[Target], metric: str) -> float:
    """Root mean square distance of the setting's rates from the targets' bands (0 = every one met)."""
    return math.sqrt(_mean(t.distance(estimate(rows, setting, t, metric)[0]) ** 2 for t in targets))


# -- running ---------------------------------------------------------------------------
def trial_key(values: dict[str, Any], hand: str, trial: int) -> str:
    """A trial's key in the journal: what it plays, not where it stands in the sweep, so a
    resumed run (even with more trials or settings) reuses every trial it already played."""
    return json.dumps([sorted(values.items()), hand, trial])


def play_all(jobs: list[TrialJob], scene_text: str, *, journal: Journal | None, workers: int, scheduler: str | None,
             label: str, progress: bool) -> list[dict]:
    """Every job's attempts, in job order whatever the workers and whatever order they finished in."""
    keyed = {trial_key(dict(job.values), job.hand, job.trial): job for job in jobs}
    found = run_trials(partial(play_shipped, scene_text), keyed, journal=journal, workers=workers,
                       scheduler=scheduler, label=label, progress=progress)
    return [{**attempt, "setting": job.setting} for key, job in keyed.items() for attempt in found[key]]


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
        metric: str = "falls", pool: int = 1, level: float = 0.5, progress: bool = True,
        scheduler: str | None = None, journal: Journal | None = None) -> dict:
    """Play the sweep and return the report (settings, rows, summaries, best); finished trials
    go into ``journal`` when one is given (and those it holds already are not played again)."""
    scene_text = Path(scene_path).read_text(encoding="utf-8")
    _SHIPPED[str(scene_path)] = scene_text
    scene = Scene(Path(scene_path), tomllib.loads(scene_text))
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
        batch = [s for i, s in enumerate(batch) if s not in settings and s not in batch[:i]]
        if not batch:
            break  # nothing new to try (explicit value lists leave a refining round no room)
        for values in batch:
            _game(str(scene_path), tuple(values.items()))  # a bad value stops the sweep here, not in a worker
        offset = len(settings)
        settings += batch
        scene_setting = settings.index(now)
        jobs = [TrialJob(str(scene_path), offset + i, tuple(values.items()), hand, trial, seed, cards, retries)
                for i, values in enumerate(batch) for hand in hands for trial in range(trials)]
        label = f"round {round_no}/{rounds}" if rounds > 1 else "sweep" if specs else "the scene"
        label += f" ({len(batch)} settings x {len(hands)} hands)" if specs else f" ({len(hands)} hands)"
        attempts += play_all(jobs, scene_text, journal=journal, workers=workers, scheduler=scheduler,
                             label=label, progress=progress)
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
        "settings": [{"setting": i, "values": v, "label": setting_label(v, short) or "the scene as it is",
                      "is_scene": i == scene_setting} for i, v in enumerate(settings)],
        "rows": rows, "summaries": summaries, "attempts": len(attempts),
        "seconds": time.perf_counter() - started,
    }
    if targets:
        errors = [target_error(rows, i, targets, metric) for i in range(len(settings))]
        best = min(range(len(settings)), key=errors.__getitem__)
        for s in report["settings"]:
            s["target_error"] = errors[s["setting"]]
        report["targets"] = []
        for t in targets:
            value, behind = estimate(rows, best, t, metric)
            entry = {"hand": t.hand, "card": t.card, "low": t.low, "high": t.high,
                     "best_estimate": value, "best_attempts": behind, "met": behind > 0 and t.distance(value) == 0}
            if metric == "falls":  # the band's 95% interval over runs
                first = band_bounds(t.card)[0]
                band = next((b for b in _summary(report, best, t.hand)["bands"]
                             if b["cards"].startswith(f"{first}-")), None)
                if band is not None and band["first_attempts"]:
                    entry["best_low"], entry["best_high"] = band["first_fall_low"], band["first_fall_high"]
                    entry["best_all_tries"] = band["fall_rate"]
            report["targets"].append(entry)
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


def _featured(report: dict) -> int:
    """The setting whose failures are broken down by cause: the closest to the targets, else the scene's."""
    if "best" in report:
        return report["best"]["setting"]
    return next(s["setting"] for s in report["settings"] if s["is_scene"])


def _mark_target(ax, t: Target, first: float, last: float) -> None:
    """A target band in red over the cards its estimate counts, from low to high."""
    xs = [first - 0.4, last + 0.4]
    ax.fill_between(xs, [t.low] * 2, [max(t.high, t.low + 0.004)] * 2,
                    color="#d62728", alpha=0.25, zorder=4, linewidth=0)
    ax.plot(xs, [t.low, t.low], color="#d62728", linewidth=1.5, zorder=5)
    ax.plot(xs, [t.high, t.high], color="#d62728", linewidth=1.5, zorder=5)
    ax.annotate(f"target {t.band}", (t.card, t.high), textcoords="offset points", xytext=(0, 5),
                ha="center", color="#d62728", fontweight="bold", fontsize=9)


def chart_curves(report: dict, out: Path, targets: Sequence[Target]) -> Path:
    """Per hand, by card: physical falls per placement, why placements failed, success per
    placement, chance to stack that high, and time to settle."""
    plt = _plt()
    hands = report["hands"]
    shown = _shown_settings(report)
    styles = _setting_styles(report, shown)
    featured = _featured(report)
    fig, axes = plt.subplots(5, len(hands), figsize=(max(9.0, 6.2 * len(hands)), 19), squeeze=False, sharex=True)
    cards = list(range(1, report["cards"] + 1))
    window = f", cards n-{report['pool']}..n+{report['pool']} pooled" if report["pool"] else ""
    percent = plt.matplotlib.ticker.PercentFormatter(1.0)
    for col, hand in enumerate(hands):
        fall_ax, cause_ax, rate_ax, reach_ax, settle_ax = (axes[r][col] for r in range(5))
        top = 0.1
        for rank, i in enumerate(shown):
            rows = [r for r in report["rows"] if r["setting"] == i and r["hand"] == hand]
            # Settings often agree exactly; a small sideways shift keeps every line in sight.
            dodge = (rank - (len(shown) - 1) / 2) * min(0.08, 0.5 / len(shown))
            played = [r for r in rows if r["attempts"]]
            xs = [r["card"] + dodge for r in played]
            style = styles[i]
            pooled = [r for r in rows if r["pooled_attempts"]]
            px = [r["card"] + dodge for r in pooled]
            firsts = [r for r in rows if r["pooled_first_attempts"]]
            fx = [r["card"] + dodge for r in firsts]
            # first tries on the way up (what the targets count), all tries dotted beside them
            fall_ax.plot(fx, [r["pooled_first_fall_rate"] for r in firsts], label=_describe_setting(report, i),
                         **style)
            fall_ax.plot(px, [r["pooled_fall_rate"] for r in pooled], color=style["color"], linestyle=":",
                         alpha=0.6)
            rate_ax.plot(px, [r["pooled_rate"] for r in pooled], **style)
            rate_ax.scatter(xs, [r["success_rate"] for r in played], s=12, alpha=0.45, color=style["color"])
            if len(shown) <= 3:
                fall_ax.fill_between(fx, [r["pooled_first_fall_low"] for r in firsts],
                                     [r["pooled_first_fall_high"] for r in firsts], color=style["color"], alpha=0.1)
                rate_ax.fill_between(px, [r["pooled_low"] for r in pooled], [r["pooled_high"] for r in pooled],
                                     color=style["color"], alpha=0.08)
            top = max([top, *(r["pooled_first_fall_high"] for r in firsts), *(r["pooled_fall_rate"] for r in pooled)])
            reach_ax.plot([c + dodge for c in cards], [r["reach"] for r in rows], marker="o", markersize=3, **style)
            settle_ax.plot(xs, [r["settle_s"] for r in played], marker="o", markersize=3, **style)
        rows = [r for r in report["rows"] if r["setting"] == featured and r["hand"] == hand]
        base = [0.0] * len(rows)
        for cause, (colour, name) in _CAUSE_COLOURS.items():
            share = [r[f"fail_{cause}"] / r["attempts"] if r["attempts"] else 0.0 for r in rows]
            if any(share):
                cause_ax.bar([r["card"] for r in rows], share, bottom=base, color=colour, width=0.8,
                             label=name + (" (physical)" if cause in PHYSICAL else ""))
                base = [b + v for b, v in zip(base, share)]
        if any(base):
            cause_ax.legend(fontsize=8, loc="upper left", framealpha=0.9)
        else:
            cause_ax.text(0.5, 0.5, "no placement failed", transform=cause_ax.transAxes, ha="center", color="grey")
        for t in targets:
            if t.hand != hand:
                continue
            ax = {"falls": fall_ax, "placement": rate_ax, "reach": reach_ax}[report["metric"]]
            first, last = {"falls": band_bounds(t.card), "reach": (t.card, t.card)}.get(
                report["metric"], (t.card - report["pool"], t.card + report["pool"]))
            _mark_target(ax, t, first, min(last, report["cards"]))
            top = max(top, t.high) if report["metric"] == "falls" else top
        fall_ax.set_title(f"{hand} hand: physical falls per placement", fontweight="bold")
        fall_ax.set_ylabel(f"something fell, was pushed or slid off:\nfirst tries (line{window}; shade: 95%\ninterval), all tries dotted",
                           fontsize=9)
        fall_ax.set_ylim(-0.005, min(1.03, top * 1.25))
        cause_ax.set_title(f"{hand} hand: why placements failed, by card")
        cause_ax.text(0.99, 0.97, _describe_setting(report, featured), transform=cause_ax.transAxes, ha="right",
                      va="top", fontsize=8, color="#444444")
        cause_ax.set_ylabel("share of placements at this card", fontsize=9)
        rate_ax.set_title(f"{hand} hand: success per placement")
        rate_ax.set_ylabel(f"placements that stand\n(line{window};\ndots: card n)", fontsize=9)
        reach_ax.set_title(f"{hand} hand: chance to stack this many cards without a fault")
        reach_ax.set_ylabel("chance to get this far")
        settle_ax.set_title(f"{hand} hand: time to settle after letting go")
        settle_ax.set_ylabel("simulated seconds")
        settle_ax.set_xlabel("card number in the stack (the table lays card 0)")
        for ax in (rate_ax, reach_ax):
            ax.set_ylim(-0.03, 1.03)
        cause_ax.set_ylim(0, max(0.05, max(base, default=0) * 1.15))
        for ax in (fall_ax, cause_ax, rate_ax, reach_ax):
            ax.yaxis.set_major_formatter(percent)
        settle_ax.set_ylim(bottom=0)
        for ax in (fall_ax, cause_ax, rate_ax, reach_ax, settle_ax):
            ax.grid(alpha=0.3)
            ax.set_xlim(0.5, report["cards"] + 0.5)
            ax.xaxis.set_major_locator(plt.matplotlib.ticker.MaxNLocator(integer=True))
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=1 if len(hands) == 1 else 2, frameon=False,
               fontsize=9, title=f"settings ({len(shown)} of {len(report['settings'])} shown)"
               if len(shown) < len(report["settings"]) else "settings")
    fig.suptitle(textwrap.fill(_title(report), 110 if len(hands) > 1 else 90), fontsize=12)
    legend_rows = math.ceil(len(shown) / (1 if len(hands) == 1 else 2)) + 1
    fig.tight_layout(rect=(0, min(0.3, 0.014 * legend_rows + 0.012), 1, 0.965))
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out


def _title(report: dict) -> str:
    swept = ", ".join(report["params"]) or "the scene as it is"
    return (f"Wackelbett tuning: {swept} - {report['trials']} runs per setting and hand, "
            f"up to {report['cards']} cards, {report['retries']} failures in a row, seed {report['seed']}")


def chart_overview(report: dict, out: Path) -> Path | None:
    """How each knob moves the game: lines over one swept value, heat maps over a 2-D grid,
    dots over each value of a random search. None (no file) when nothing was swept."""
    if not report["params"]:
        return None
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
    """Per hand over the 2-D grid: physical falls per placement, cards stacked at the chosen chance,
    success per placement and rocking."""
    hands = report["hands"]
    xs = sorted({s["values"][keys[0]] for s in settings})
    ys = sorted({s["values"][keys[1]] for s in settings})
    level_key = f"cards_at_{report['level']:.0%}"
    rocks = max(_summary(report, s["setting"], h)["peak_tilt_deg"] for s in settings for h in hands)
    falls = max(_summary(report, s["setting"], h)["fall_high"] for s in settings for h in hands)
    fig, axes = plt.subplots(len(hands), 4, figsize=(24, 4.9 * len(hands)), squeeze=False)
    for row, hand in enumerate(hands):
        for col, (what, key, cmap, fmt, vmax) in enumerate((
                (f"{hand} hand: physical falls per placement (all heights)", "fall_rate", "OrRd", "{:.1%}",
                 max(0.05, falls)),
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
            fig.colorbar(image, ax=ax, fraction=0.046, format=plt.matplotlib.ticker.PercentFormatter(1.0)
                         if key in ("success_rate", "fall_rate") else None)
    return fig


_KNOB_PANELS = (
    ("physical falls per placement (all heights)", "fall_rate"),
    ("placements failing, by cause", "fails"),
    ("success per placement (all heights)", "success_rate"),
    ("cards stacked with {level} chance", "cards_at"),
    ("time to settle after letting go (s)", "settle_s"),
    ("how far the bed rocks while settling (deg)", "peak_tilt_deg"),
    ("how far the pile shifts per placement (mm)", "shift_mm"),
    ("CPU per placement, bot + referee (ms)", "cpu_ms"),
)
_CAUSE_COLOURS = {MISSED_PEA: ("#1f77b4", "missed the pea"), FELL: ("#d62728", "something fell off"),
                  PUSHED: ("#9467bd", "princess pushed aside"), SLID: ("#ff7f0e", "card slid off the pile"),
                  NOT_ON_TOP: ("#7f7f7f", "card laid beside the pile"),
                  REFUSED: ("black", "verdict refused")}
_HAND_DASHES = ("-", "--", ":", "-.")


def _knob_lines(report: dict, keys: list[str], plt):
    """Per swept key, eight panels against its value: physical falls, why placements failed,
    success, cards reached, settle time, rocking, pile shift, CPU (lines over a 1-D sweep,
    dots over a random search)."""
    hands = report["hands"]
    level = f"{report['level']:.0%}"
    fig, axes = plt.subplots(2 * len(keys), 4, figsize=(21, 7.6 * len(keys)), squeeze=False)
    colours = plt.get_cmap("tab10")
    scattered = len(keys) > 1
    for k, key in enumerate(keys):
        numeric = all(isinstance(s["values"][key], (int, float)) and not isinstance(s["values"][key], bool)
                      for s in report["settings"])
        order = sorted(report["settings"], key=lambda s: (s["values"][key] if numeric else str(s["values"][key])))
        xs = [s["values"][key] if numeric else str(s["values"][key]) for s in order]
        for p, (title, stat) in enumerate(_KNOB_PANELS):
            ax = axes[2 * k + p // 4][p % 4]
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
                if stat in ("success_rate", "fall_rate") and not scattered:
                    low, high = ("ci_low", "ci_high") if stat == "success_rate" else ("fall_low", "fall_high")
                    ax.fill_between(xs, [r[low] for r in rows], [r[high] for r in rows], color=colours(h), alpha=0.12)
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
            elif stat in ("fails", "fall_rate"):
                ax.set_ylim(bottom=0)
            if stat in ("success_rate", "fails", "fall_rate"):
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


def _share(band: dict) -> str:
    """``3.1% (1-7%) of 96; all 4.0%``: a band's fall rate on first tries, its 95% interval over
    runs, the first tries behind it, and the rate over all tries."""
    if not band["first_attempts"]:
        return "no placements"
    return (f"{band['first_fall_rate']:.1%} ({band['first_fall_low']:.0%}-{band['first_fall_high']:.0%}) "
            f"of {band['first_attempts']}; all {band['fall_rate']:.1%}")


def print_table(report: dict) -> None:
    level_key = f"cards_at_{report['level']:.0%}"
    print(f"{_title(report)}\n{report['attempts']} placements in {report['seconds']:.0f} s\n")
    bands = [b["cards"] for b in report["summaries"][0]["bands"]]
    late = f"failures from card {MAIN_CAUSE_FROM}"
    print("PHYSICAL FALLS per placement (something fell, was pushed or slid off the pile, not a missed pea) on "
          "FIRST TRIES (right after a card stayed; 95% interval over runs; then over all tries), by the card being laid:")
    names = {s["setting"]: f"S{s['setting']} {s['label']}" + (" (scene now)" if s["is_scene"] else "")
             for s in report["settings"]}
    w = max(36, *(len(name) for name in names.values()))  # a setting's whole label, never cut
    print(f"{'setting':<{w}} {'hand':<8} " + " ".join(f"{'cards ' + b:>32}" for b in bands) + f"  {late}: physical")
    for s in report["settings"]:
        for hand in report["hands"]:
            m = _summary(report, s["setting"], hand)
            name = names[s["setting"]]
            cells = " ".join(f"{_share(b):>32}" for b in m["bands"])
            share = m[f"physical_share_from_{MAIN_CAUSE_FROM}"]
            main = "-" if math.isnan(share) else f"{share:.0%} of {m[f'failures_from_{MAIN_CAUSE_FROM}']}"
            print(f"{name:<{w}} {hand:<8} {cells}  {main:>{len(late) + 10}}")
    print(f"\nfailures by cause and the rest (all heights):\n{'setting':<{w}} {'hand':<8} {'falls':>8} "
          f"{'pea/fell/push/slid/beside/refused':>35} {'success':>8} {'95% interval':>13} "
          f"{level_key.replace('_', ' '):>13} {'settle s':>8} {'rock deg':>8} {'ms/place':>8}")
    for s in report["settings"]:
        for hand in report["hands"]:
            m = _summary(report, s["setting"], hand)
            fails = "/".join(str(m["fails"][k]) for k in FAIL_KINDS)
            print(f"{names[s['setting']]:<{w}} {hand:<8} {m['fall_rate']:>8.1%} {fails:>35} {m['success_rate']:>8.0%} "
                  f"{m['ci_low']:>6.0%}-{m['ci_high']:<6.0%} {m[level_key]:>13} {m['settle_s']:>8.2f} "
                  f"{m['peak_tilt_deg']:>8.2f} {m['cpu_ms']:>8.0f}")
    refused = sum(m["fails"]["refused"] for m in report["summaries"])
    if refused:
        print(f"\n{refused} placements ended in a verdict the rules refused (a defect of the table: "
              "see the reasons in trials.jsonl). Counted as failed, not as physical falls.")
    if "best" in report:
        pooled = {"falls": ", on the height band that holds the card",
                  "placement": f", cards n-{report['pool']}..n+{report['pool']} pooled"}.get(report["metric"], "")
        print(f"\ntargets ({METRICS[report['metric']]}{pooled}); closest: S{report['best']['setting']} "
              f"{report['best']['label']} (rms distance from the bands {report['best']['error']:.3f})")
        for t in report["targets"]:
            if not t["best_attempts"] and report["metric"] != "reach":
                got = "no run got there"
            else:
                got = f"{t['best_estimate']:.1%}" + (f" of {t['best_attempts']} first tries"
                                                      if report["metric"] == "falls" else
                                                      f" of {t['best_attempts']} placements"
                                                      if report["metric"] != "reach" else "")
            verdict = "met" if t["met"] else "too low" if t["best_estimate"] < t["low"] else "too high"
            if "best_low" in t:
                got += f" (95% over runs {t['best_low']:.0%}-{t['best_high']:.0%})"
                if not t["met"] and within_spread((t["best_low"], t["best_high"]), t["low"], t["high"]):
                    verdict += ", within the runs' spread"
            if "best_all_tries" in t:
                got += f"; all tries {t['best_all_tries']:.1%}"
            band = f"{t['low']:.0%}" if t["low"] == t["high"] else f"{t['low']:.0%}-{t['high']:.0%}"
            print(f"  {t['hand']:<8} at card {t['card']:>2}: wanted {band:>7}, got {got}: {verdict}")
        if report["trials"] < FEW_TRIALS:
            print(f"  ({report['trials']} runs per hand: a rough look; intervals over so few runs say little, "
                  "40 runs tell settings a few points apart)")


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
    if not yes and not ask_to_write(scene_path):
        print("Not written (add --yes to write without asking).", file=stream)
        return False
    write_values(scene_path, values, validate=lambda scene: WackelbettGame(1, scene=scene))
    print(f"Written to {scene_path}.", file=stream)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--param", action="append", default=[], metavar="KEY=SPEC",
                        help="a scene value to sweep (repeatable; default: none, the scene as it is)")
    parser.add_argument("--random", type=int, default=0, metavar="N",
                        help="N random settings within the ranges instead of the full grid")
    parser.add_argument("--rounds", type=int, default=1,
                        help="with targets: rounds of search in all; each after the first draws settings "
                             "around the best so far, in ranges half as wide as the round before (default 1)")
    parser.add_argument("--hand", action="append", metavar="LEVEL",
                        help="bot level whose hand plays (repeatable; default: every level of the scene)")
    parser.add_argument("--trials", type=int, default=DEFAULT_TRIALS,
                        help=f"stacking runs per setting and hand (default {DEFAULT_TRIALS}, a quick look; "
                             "40 tells settings a few points apart, as tools/bench.py does)")
    parser.add_argument("--cards", type=int,
                        help="stop a run when this many cards stand (default: the whole pile, 35 on a 36-card deck)")
    parser.add_argument("--retries", type=int, default=DEFAULT_RETRIES,
                        help=f"failed placements in a row that stop a run (default {DEFAULT_RETRIES})")
    parser.add_argument("--target", action="append", default=[], metavar="[HAND@]CARD:RATE|LOW-HIGH",
                        help="design target, e.g. steady@10:0.02-0.08 (repeatable; HAND defaults to the first "
                             "--hand); with --metric falls it adds to the scene's [design_targets] or overrides "
                             "the one for the same hand and card")
    parser.add_argument("--metric", choices=tuple(METRICS),
                        help="what targets measure at their card: physical falls per placement (falls, the "
                             "default, with the scene's design targets), success per placement (placement) or "
                             "the chance to stack that many cards without a fault (reach; these two use only "
                             "--target values)")
    parser.add_argument("--pool", type=int, default=1,
                        help="the curves and placement targets pool the cards within this many of each card "
                             "(default 1; falls targets are judged on the card's height band)")
    parser.add_argument("--level", type=float, default=0.5,
                        help="the summaries say how many cards a hand stacks with this chance (default 0.5)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="local processes (default: all cores; ignored with --scheduler)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run the trials on the Dask cluster whose scheduler is at ADDRESS, e.g. "
                             "tcp://10.0.0.5:8786 (needs pip install -e '.[cluster]'; see the README)")
    parser.add_argument("--resume", action="store_true",
                        help="carry on from the trials OUT/trials.jsonl kept of an interrupted run "
                             "(the same command with --resume)")
    parser.add_argument("--fresh", action="store_true",
                        help="start over even when the journal holds an unfinished earlier run's trials (they are lost)")
    parser.add_argument("--scene", type=Path, default=SCENE, help=f"scene file (default {SCENE.relative_to(SCENES_DIR.parent)})")
    parser.add_argument("--out", type=Path, default=Path("out/tune-wackelbett"),
                        help="folder for tune.csv, curves.png, overview.png, trials.jsonl (default out/tune-wackelbett)")
    parser.add_argument("--write", action="store_true",
                        help="write the setting closest to the targets into the scene file (shows the change first)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", dest="set_values",
                        help="no sweep: write these values into the scene file (shows the change first)")
    parser.add_argument("--yes", action="store_true", help="write without asking")
    parser.add_argument("--check", action="store_true",
                        help="exit with status 1 when the setting closest to the targets misses any of them "
                             "(for a seeded check of the designed curve)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON (no progress bar)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.resume and args.fresh:
        parser.error("--resume carries on from the kept trials, --fresh drops them: choose one")
    blocked = file_in_the_way(args.out)
    if blocked is not None:
        parser.error(f"--out {args.out}: {blocked} is a file, not a folder")
    out_stream = sys.stderr if args.json else sys.stdout
    journal = None
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
        game = WackelbettGame(1, scene=scene)
        hands = args.hand or list(game.bot_skills)
        unknown = [h for h in hands if h not in game.bot_skills]
        if unknown:
            parser.error(f"no bot level {', '.join(unknown)} in {args.scene}; levels: {', '.join(game.bot_skills)}")
        cards = args.cards if args.cards is not None else game.deck_size - 1
        if not 1 <= cards < game.deck_size:
            parser.error(f"--cards must be 1 to {game.deck_size - 1} (the table lays the first card)")
        if args.trials < 1 or args.retries < 1 or args.rounds < 1 or args.workers < 1 or args.random < 0:
            parser.error("--trials, --retries, --rounds and --workers must be at least 1")
        specs = [parse_param(p, scene) for p in args.param]
        if len({s.key for s in specs}) != len(specs):
            parser.error("each --param key may be given once")
        if args.random and not specs:
            parser.error("--random draws settings within --param ranges; give a --param")
        metric = args.metric or "falls"
        given = [parse_target(t, hands[0]) for t in args.target]
        for t in given:
            if t.hand not in hands:
                parser.error(f"--target {t.label}: {t.hand} does not play; add --hand {t.hand}")
            if t.card >= game.deck_size:
                parser.error(f"--target at card {t.card}: the pile holds at most {game.deck_size - 1} laid cards")
            if t.card > cards:
                parser.error(f"--target at card {t.card}: raise --cards to at least {t.card}")
        targets = given
        if metric == "falls":
            designed = scene_targets(scene, game, hands, cards)
            overridden = {(t.hand, t.card) for t in given}
            targets = [t for t in designed if (t.hand, t.card) not in overridden] + given
        if args.check and not targets:
            parser.error(f"--check: no target lies within the first {cards} cards; raise --cards or add a --target")
        if args.write and not (targets and specs):
            parser.error("--write writes the swept setting closest to the targets; give a --param to sweep and "
                         "targets (or write chosen values with --set KEY=VALUE)")
        identity = {"tool": "tune_wackelbett", "scene": hashlib.sha256(args.scene.read_bytes()).hexdigest()[:16],
                    "seed": args.seed, "cards": cards, "retries": args.retries}
        journal = Journal(args.out / "trials.jsonl", identity, resume=args.resume, fresh=args.fresh)
        report = run(args.scene, specs, hands, trials=args.trials, cards=cards, retries=args.retries,
                     seed=args.seed, workers=args.workers, random_count=args.random, rounds=args.rounds,
                     targets=targets, metric=metric, pool=args.pool, level=args.level,
                     progress=not (args.quiet or args.json), scheduler=args.scheduler, journal=journal)
        journal.finish()
        report["csv"] = str(write_csv(report, args.out / "tune.csv"))
        report["curves_png"] = str(chart_curves(report, args.out / "curves.png", targets))
        overview = chart_overview(report, args.out / "overview.png")
        report["overview_png"] = str(overview) if overview else None
        report["journal"] = str(journal.path)
        if args.json:
            print(json.dumps({k: v for k, v in report.items() if k != "rows"}, indent=1))
        else:
            print_table(report)
            plots = ", ".join(str(p) for p in (report["curves_png"], report["overview_png"]) if p)
            print(f"\ntable: {report['csv']}\nplots: {plots}")
            if specs:
                print("to write a setting into the scene file: tools/tune_wackelbett.py --set KEY=VALUE ...")
        if args.write:
            confirm_and_write(args.scene, report["best"]["values"], yes=args.yes, stream=out_stream)
        missed = [t for t in report.get("targets", []) if not t["met"]]
        if args.check and missed:
            print(f"check: {len(missed)} of {len(report['targets'])} targets missed", file=sys.stderr)
            return 1
    except (SceneError, SceneEditError, ValueError, ClusterError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except RunInterrupted as exc:
        return exc.exit_status()
    finally:
        if journal is not None:
            journal.close()
    return 0


if __name__ == "__main__":
    # Run as the module tune_wackelbett, not as __main__: a pool or a cluster then sends its
    # functions by name (workers import them) instead of pickling a copy of this script.
    import tune_wackelbett

    raise SystemExit(tune_wackelbett.main())
