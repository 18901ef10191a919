#!/usr/bin/env python3
"""Measure the Wackelbett physics and print JSON.

- stack: CPU ms per simulated second (process CPU time, ``time.process_time``) and the
  real-time factor of a 36-card stack with the princess, left to stand (only the frame
  steps are timed), with its creep, worst card overlap and what fell -- for the scene's
  method and, for comparison, all cards free at 960 Hz;
- baseline: the same numbers for the bare-pymunk table of ../shared/bench/physics_stack_baseline.py
  (its rolling "rocker" bed, our method's rate and free top cards), built by its own code and
  stepped here under the same CPU clock, frame by frame in turn with ours (our world set up
  as the baseline's table); the ratio's target is at most 1.5;
- referee: milliseconds per verdict and seconds per whole random game;
- dexterity (``dexterity()``, also in tools/bench.py): stacking trials by every hand
  (surgeon, steady, shaky, random) through the real referee -- placements, failure and
  physical-fall rates and failures by cause per height band (1-9, 10-19, 20-29, 30-36),
  how high the stacks got, each design target of the scene met or not, the wobble
  sensitivity (verdicts that differ on a rigid bed) and the lodged cards of 100 random stacks;
- methods (--methods): the measurements behind the choice of method (PHYSICS.md):
  stability and cost of each candidate over several stack patterns, and how many
  cards let go 10, 40, 100 and 300 mm above a pile land on top of it.

tools/bench.py calls measure(full=...); run this file for the full report.
"""
from __future__ import annotations

import argparse
import dataclasses
import functools
import importlib.util
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simulator.engine import RandomBot, load_game, play_out  # noqa: E402
from simulator.games.wackelbett.components import WackelbettPhysics, read_design_targets  # noqa: E402
from simulator.games.wackelbett.dexterity import (HANDS, PHYSICAL, SKILL_ACTS, SKILL_HEIGHTS, Attempt,  # noqa: E402
                                                  act_falls, challenge_game, dexterity_report, lodged_stack,
                                                  merge_lodged, merge_wobble, skill_report, skill_tables_from,
                                                  stacking_trial, target_check, wobble_sensitivity)
from simulator.games.wackelbett.layout import TableLayout, neat_stack, overlapping_cards, relative_pose  # noqa: E402
from simulator.games.wackelbett.statics import pile_centre, resting_leans  # noqa: E402
from simulator.games.wackelbett.world import WackelbettWorld  # noqa: E402
from trial_runner import ClusterError, RunInterrupted, run_trials  # noqa: E402

BASELINE = ROOT.parent / "shared" / "bench" / "physics_stack_baseline.py"
CARDS = 36
REALTIME_TARGET = 100.0
BASELINE_RATIO_TARGET = 1.5
# Stacking trials per hand for the dexterity figures: the piles of one trial are related,
# so its placements are not independent; fewer than about 40 trials per hand leave the band
# rates swinging by several points from one seed to the next (PHYSICS.md).
DEXTERITY_TRIALS = 40
WOBBLE_TRIALS = 10  # steady and shaky trials re-judged on a rigid bed (a few hundred tries, 10-30)


def with_method(physics: WackelbettPhysics, method: str, substeps: int, free_top: int) -> WackelbettPhysics:
    solver = dataclasses.replace(physics.solver, method=method, substeps=substeps, dynamic_top_cards=free_top)
    return dataclasses.replace(physics, solver=solver)


def stack_offsets(phase: float) -> list[float]:
    """The baseline's card offsets: within +-15 mm, golden-angle spread."""
    return [15.0 * math.sin(i * 2.399963 + phase) for i in range(CARDS)]


def resting_lean(physics: WackelbettPhysics, offsets: list[float]) -> float:
    """Where the bed comes to rest under a neat stack at ``offsets`` with the princess on top
    (statics.py): the rest on the side its weight lies."""
    mean = sum(offsets) / len(offsets)
    centre, mass = pile_centre(physics, len(offsets), mean)
    leans = resting_leans(physics.bed, centre, mass, physics.solver.gravity)
    return leans[-1] if mean >= 0 else leans[0]


def stand_stack(physics: WackelbettPhysics, seconds: float, phase: float = 0.0, leaning: bool = False,
                alongside: Callable[[], None] | None = None) -> dict:
    """Build the stack, let it stand ``seconds`` (more than 1); time only the frame steps,
    with the clock the baseline uses. ``leaning``: built on the bed where it comes to rest under
    it, as a pile built card by card stands, not set on a level bed all at once. ``alongside``:
    called after each of our frames (the baseline's frame, timed by itself)."""
    game = load_game("wackelbett", players=2)
    offsets = stack_offsets(phase)
    lean = resting_lean(physics, offsets) if leaning else 0.0
    world = WackelbettWorld(physics, game.faces, neat_stack(physics, range(CARDS), offsets, lean))
    world.place_princess(CARDS - 1)
    hz = physics.solver.frame_hz
    frames = int(round(seconds * hz))
    reference = None
    worst_overlap = 0.0
    spent = 0.0
    clock = time.process_time  # CPU time: a busy machine slows the wall clock, not this
    for frame in range(frames):
        start = clock()
        world.step_frame()
        spent += clock() - start
        if alongside is not None:
            alongside()
        if frame == hz:
            bed = world.bed_pose()
            reference = {c: relative_pose(bed, world.card_pose(c)) for c in world.card_ids()}
        if frame % 8 == 0:  # exact polygon overlap, so a pile that comes apart is measured too
            layout = TableLayout(world.bed_pose(), tuple((c, world.card_pose(c)) for c in range(CARDS)))
            worst_overlap = max([worst_overlap, *(depth for _, _, depth in overlapping_cards(physics, layout, 0.0))])
    bed = world.bed_pose()
    creep = max(math.dist(relative_pose(bed, world.card_pose(c))[:2], pose[:2]) for c, pose in reference.items())
    return {
        "ms_cpu_per_sim_s": spent / seconds * 1000,
        "realtime_factor": seconds / spent if spent else float("inf"),
        "creep_mm": creep,
        "worst_overlap_mm": worst_overlap,
        "fallen": len(world.fallen_cards()) + (not world.is_princess_on_bed()),
        "princess_upright": world.is_princess_upright(),
    }


def load_baseline(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("physics_stack_baseline", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BaselineTable:
    """The baseline's 36-card rocker table (its own ``build``) at ``hz``, stepped a frame of
    ``per_frame`` steps at a time; only the steps are timed, by process CPU time, as ours are
    (a clock reading between two frames, as our frames hold; each costs about a microsecond)."""

    def __init__(self, module: ModuleType, hz: int, free_top: int | None, per_frame: int = 1) -> None:
        self.module, self.dt, self.per_frame = module, 1.0 / hz, per_frame
        self.space, self.bed, cards, fig, self.touched = module.build(CARDS, "rocker", 10, False, 0.1, 0.0, 5.0,
                                                                      self.dt, 0.0, free_top)
        self.movers = [*cards, fig]
        self.settle_steps = int(round(hz))  # its reference poses at 1 s, as its own run() takes them
        self.steps = 0
        self.spent = 0.0
        self.reference: list | None = None

    def frame(self) -> None:
        start = time.process_time()
        for _ in range(self.per_frame):
            self.space.step(self.dt)
        self.spent += time.process_time() - start
        self.steps += self.per_frame
        if self.reference is None and self.steps > self.settle_steps:
            self.reference = [self.module.local(self.bed, b) for b in self.movers]

    def report(self) -> dict:
        seconds = self.steps * self.dt
        local = self.module.local
        creep = (max((local(self.bed, b) - r).length for b, r in zip(self.movers, self.reference))
                 if self.reference else 0.0)
        return {"ms_cpu_per_sim_s": self.spent / seconds * 1000,
                "realtime_factor": seconds / self.spent if self.spent else float("inf"),
                "creep_mm": creep, "fallen": len(self.touched)}


def versus_baseline(physics: WackelbettPhysics, module: ModuleType | None, seconds: float, rounds: int,
                    leaning: bool = False) -> dict:
    """Ours and the baseline's, frame by frame in turn (both see the same machine load, to the
    millisecond); medians of the costs and of each round's ratio. ``leaning``: our stack built
    on the bed where it rests (:func:`stand_stack`)."""
    solver = physics.solver
    hz = solver.frame_hz * solver.substeps
    free_top = solver.dynamic_top_cards if solver.method == "weld" else None
    ours, theirs = [], []
    for _ in range(rounds):
        table = BaselineTable(module, hz, free_top, solver.substeps) if module is not None else None
        ours.append(stand_stack(physics, seconds, leaning=leaning, alongside=table.frame if table else None))
        if table is not None:
            theirs.append(table.report())
    result = {"method": solver.method, "solver_hz": hz, "free_top_cards": free_top, "iterations": solver.iterations,
              "ours": _median_rows(ours)}
    if theirs:
        result["baseline"] = _median_rows(theirs)
        # the median of each round's ratio: a round's two runs see the same machine load
        result["ratio_to_baseline"] = statistics.median(
            a["ms_cpu_per_sim_s"] / b["ms_cpu_per_sim_s"] for a, b in zip(ours, theirs))
    return result


def _median_rows(rows: list[dict]) -> dict:
    out = {}
    for key in rows[0]:
        values = [r[key] for r in rows]
        out[key] = statistics.median(values) if isinstance(values[0], float) else values[-1]
    return out


class _TimedReferee:
    """A referee that keeps the process CPU time its verdicts take."""

    def __init__(self, referee) -> None:
        self.referee, self.seconds, self.verdicts = referee, 0.0, 0

    def decide(self, state):
        start = time.process_time()
        verdict = self.referee.decide(state)
        self.seconds += time.process_time() - start
        self.verdicts += 1
        return verdict


def referee_cost(games: int = 3, seats: tuple[int, ...] = (2, 5)) -> dict:
    """Whole random games with each number of ``seats``: seconds per game and milliseconds per
    physics verdict (timed as the game is played)."""
    out = {}
    for players in seats:
        game = load_game("wackelbett", players=players)
        referee = _TimedReferee(game.make_referee())
        bots = [RandomBot(game, seat) for seat in range(players)]
        total = 0.0
        for seed in range(games):
            start = time.process_time()
            play_out(game, bots, seed, referee=referee)
            total += time.process_time() - start
        out[f"{players}p"] = {"s_per_game": total / games, "ms_per_verdict": referee.seconds / referee.verdicts * 1000,
                              "verdicts_per_game": referee.verdicts / games, "games": games}
    return out


DROP_HEIGHTS = (10.0, 40.0, 100.0, 300.0)


def drops_landing_on_top(physics: WackelbettPhysics) -> int:
    """Let a card go at each of DROP_HEIGHTS mm above a settled 20-card pile (through the
    referee, air drag and all): how many land on top instead of passing into the pile."""
    from simulator.games.wackelbett.hand import lowering_trace
    from simulator.games.wackelbett.layout import rest_pose_on
    from simulator.games.wackelbett.referee import judge_card

    faces = load_game("wackelbett", players=2).faces
    world = WackelbettWorld(physics, faces, neat_stack(physics, range(20), stack_offsets(1.0)[:20]))
    world.place_princess(19)
    world.settle()
    layout = world.layout()
    target = rest_pose_on(physics, layout, 0.0)
    landed = 0
    for height in DROP_HEIGHTS:
        trace = lowering_trace(physics, target, target.y + height + 5.0, release_gap=height)
        outcome = judge_card(physics, faces, layout, 30, trace)
        landed += outcome.layout.top_card == 30 and not outcome.fallen_cards
    return landed


def compare_methods(physics: WackelbettPhysics, seconds: float, patterns: int) -> list[dict]:
    """The candidates behind PHYSICS.md: stability over ``patterns`` stacks, drops, and cost."""
    candidates = [("substeps", 4, CARDS), ("substeps", 8, CARDS), ("substeps", 16, CARDS),
                  ("weld", 4, 3), ("weld", 8, 3), ("weld", 16, 3), ("weld", 8, 6)]
    rows = []
    for method, substeps, free_top in candidates:
        trial = with_method(physics, method, substeps, free_top)
        found = [stand_stack(trial, seconds, phase=1.0 + 0.7 * k) for k in range(patterns)]
        print(f"  {method} {substeps * physics.solver.frame_hz} Hz top {free_top}: done", file=sys.stderr)
        rows.append({
            "method": method, "solver_hz": substeps * physics.solver.frame_hz,
            "free_top_cards": free_top if method == "weld" else CARDS,
            "fell": sum(r["fallen"] > 0 or not r["princess_upright"] for r in found),
            "passed_through": sum(r["worst_overlap_mm"] > physics.card.thickness for r in found),
            "crept_over_1mm": sum(r["creep_mm"] > 1.0 for r in found),
            "median_creep_mm": statistics.median(r["creep_mm"] for r in found),
            "ms_cpu_per_sim_s": statistics.median(r["ms_cpu_per_sim_s"] for r in found),
            "patterns": patterns,
            "drops_on_top": f"{drops_landing_on_top(trial)}/{len(DROP_HEIGHTS)}",
        })
    return rows


def as_in_baseline(physics: WackelbettPhysics) -> WackelbettPhysics:
    """Our world set up as the baseline's rocker table (its rounded underside, pea, damper,
    frictions and figure), so the two costs compare the method (welds, their checks, air drag,
    the princess's rock damping, settling), not two tables."""
    bed = dataclasses.replace(physics.bed, pea_height=10.0, rock_radius=150.0, rock_radius_outer=0.0,
                              rock_turn=0.0, wobble_stiffness=0.0, wobble_damping=2.0e6, friction=0.6)
    card = dataclasses.replace(physics.card, friction=0.5)
    princess = dataclasses.replace(physics.princess, base_width=16.0, top_width=8.0, friction=0.6)
    return dataclasses.replace(physics, bed=bed, card=card, princess=princess)


def measure(seconds: float = 5.0, rounds: int = 5, baseline: Path | None = BASELINE, methods: int = 0,
            full: bool = True) -> dict:
    """Everything above as one JSON-ready dict (what tools/bench.py reports); without ``full``
    the referee's cost comes from one 2-player game instead of three with 2 and 3 with 5
    seats (the quick bench).

    ``stack``: ours against the baseline, our world set up as the baseline's scene (the same
    method on the same table); ``stack_scene``: our world as the scene file has it (a softer
    bed that rolls onto a corner under a 36-card pile), the stack built on the bed where it
    rests (a pile set on it level all at once slides apart), for its own real-time factor.
    """
    import pymunk

    physics = load_game("wackelbett", players=2).physics
    module = load_baseline(baseline) if baseline is not None and baseline.exists() else None
    report = {"pymunk": pymunk.version, "cards": CARDS, "seconds": seconds, "rounds": rounds,
              "stack": versus_baseline(as_in_baseline(physics), module, seconds, rounds),
              "stack_scene": versus_baseline(physics, None, seconds, rounds, leaning=True)}
    all_free = with_method(as_in_baseline(physics), "substeps", 16, CARDS)
    report["stack_all_free_960hz"] = versus_baseline(all_free, module, seconds, 1)
    rtf = min(report["stack"]["ours"]["realtime_factor"], report["stack_scene"]["ours"]["realtime_factor"])
    report["targets"] = {"realtime_factor_at_least": REALTIME_TARGET, "realtime_met": rtf >= REALTIME_TARGET,
                         "baseline_ratio_at_most": BASELINE_RATIO_TARGET}
    if "ratio_to_baseline" in report["stack"]:
        report["targets"]["baseline_met"] = report["stack"]["ratio_to_baseline"] <= BASELINE_RATIO_TARGET
    report["referee"] = referee_cost(3) if full else referee_cost(1, (2,))  # 5 seats: 7 s of the quick bench
    if methods:
        report["methods"] = compare_methods(physics, seconds, methods)
    return report


def _solo_game():
    """The solo game on the scene file (under a millisecond: not cached, so a trial sent to a
    cluster by value refers to nothing of this module by name)."""
    return load_game("wackelbett", players=1)


@dataclasses.dataclass(frozen=True)
class Sample:
    """How large the dexterity figures' sample is (its sizes go into the JSON)."""

    trials: int          # stacking runs per hand and seed
    seeds: tuple[int, ...]
    wobble_trials: int   # steady and shaky runs of the first seed re-judged on rigid beds
    skill_repeats: int   # times each act is played on each table
    stacks: int          # random stacks searched for lodged cards


# The figures the design targets are judged on: 40 runs per hand on each of three seeds, one to
# two hours on a 2-core machine (tools/bench.py --full; --scheduler spreads it over a cluster).
# The quick sample answers in about a minute and moves by several points from one seed to the next.
FULL = Sample(trials=DEXTERITY_TRIALS, seeds=(1, 2, 3), wobble_trials=WOBBLE_TRIALS, skill_repeats=6, stacks=100)
QUICK = Sample(trials=1, seeds=(1,), wobble_trials=1, skill_repeats=1, stacks=4)


def _stacking_job(job: tuple[str, int, int, int, int, bool, bool]) -> dict:
    """One stacking trial (hand, trial, seed, retries, cards, wobble, tables), played where the
    job runs: every try's summary and, when asked, the trial's part of the wobble sensitivity
    and its skill tables (the states before the hand's first tries at the skill heights), worked
    out there from the tries in memory, so only counts and a few tables travel back."""
    hand, trial, seed, retries, cards, wobble, tables = job
    game = _solo_game()
    attempts = list(stacking_trial(game, hand, seed=seed, trial=trial, retries=retries, cards=cards))
    out: dict = {"tries": [a.summary() for a in attempts]}
    if wobble:
        out["wobble"] = wobble_sensitivity(attempts, game, lo=WOBBLE_CARDS[0], hi=WOBBLE_CARDS[1])
    if tables:
        found = skill_tables_from(attempts, SKILL_HEIGHTS, SKILL_HAND)
        out["tables"] = {str(h): [state.to_json() for state in found[h]] for h in SKILL_HEIGHTS}
    return out


def _lodged_job(job: tuple[int, int, int]) -> dict:
    seed, trial, cards = job
    return lodged_stack(_solo_game(), seed=seed, trial=trial, cards=cards)


def _skill_job(job: tuple[str, int, list[dict], int]) -> list[bool | None]:
    """One act at one height: whether it made something fall, on each table, each repeat."""
    name, height, tables, repeats = job
    game = challenge_game(_solo_game(), tries=8)
    act = next(a for a in SKILL_ACTS if a.name == name)
    return [act_falls(game, game.state_from_json(table), act, r) for table in tables for r in range(repeats)]


def _trial(job: tuple[str, tuple]) -> object:
    """A dexterity job of any kind (what :func:`trial_runner.run_trials` plays)."""
    kind, args = job
    return {"stack": _stacking_job, "lodged": _lodged_job, "skill": _skill_job}[kind](args)


WOBBLE_CARDS = (20, 30)  # the wobble must decide at the top of the pile, where the bed used to lock
SKILL_HAND = "steady"    # the skill table's tables: the states before this hand's first tries


def dexterity(sample: Sample = QUICK, retries: int = 8, workers: int | None = None, cards: int = CARDS, *,
              scheduler: str | None = None, progress: bool = True) -> dict:
    """How hard the physics makes the game, by hand and height (see the module docstring), on
    ``sample``: per seed, every hand's figures and the design targets judged on first tries;
    on the first seed's runs, the wobble sensitivity (steady and shaky placements at cards
    20-30 re-judged on a rigid bed, level and held) and the skill table (each clumsy act on the
    steady hand's tables at cards 10, 20 and 30); the lodged cards of random stacks.

    Runs on ``workers`` processes (default: every core) or on the Dask cluster at
    ``scheduler``, with a progress bar on a terminal's stderr; the same figures either way,
    since each trial is seeded by its hand, number and seed.
    """
    game = _solo_game()
    targets = read_design_targets(game.scene, game.bot_skills, game.deck_size)
    first = sample.seeds[0]
    stacks = {f"{seed}:{hand}:{trial}": ("stack", (hand, trial, seed, retries, cards,
                                                    seed == first and hand in ("steady", "shaky")
                                                    and trial < sample.wobble_trials,
                                                    seed == first and hand == SKILL_HAND))
              for seed in sample.seeds for hand in HANDS for trial in range(sample.trials)}
    lodged = {f"lodged:{trial}": ("lodged", (first, trial, cards)) for trial in range(sample.stacks)}
    run = functools.partial(run_trials, _trial, workers=workers or os.cpu_count() or 1, scheduler=scheduler,
                            progress=progress)
    found = run({**stacks, **lodged}, label="dexterity: stacking trials")
    per_seed: dict[str, dict] = {}
    for seed in sample.seeds:
        attempts = [Attempt.from_summary(t) for key, (_, job) in stacks.items() if job[2] == seed
                    for t in found[key]["tries"]]
        hands = dexterity_report(attempts)
        for hand, row in hands.items():
            late = [a for a in attempts if a.hand == hand and a.card >= 15 and not a.stood]
            row["physical_share_of_failures_from_card_15"] = (
                sum(a.cause in PHYSICAL for a in late) / len(late) if late else None)
        checks = target_check(hands, targets)
        per_seed[str(seed)] = {"hands": hands, "targets": checks,
                               "targets_met": f"{sum(t['met'] for t in checks)}/{len(checks)}"}
    wobble = [found[key]["wobble"] for key in stacks if "wobble" in found[key]]
    tables = {h: [t for key in stacks if "tables" in found[key] for t in found[key]["tables"][str(h)]]
              for h in SKILL_HEIGHTS}
    skill_jobs = {f"skill:{act.name}:{h}": ("skill", (act.name, h, tables[h], sample.skill_repeats))
                  for act in SKILL_ACTS for h in SKILL_HEIGHTS}
    skill = run(skill_jobs, label="dexterity: skill table")
    return {"sample": {**dataclasses.asdict(sample), "retries": retries, "cards": cards},
            "seeds": per_seed,
            "met_on_every_seed": all(t["met"] for run in per_seed.values() for t in run["targets"]),
            "wobble_sensitivity": {**merge_wobble(wobble), "cards": list(WOBBLE_CARDS),
                                   "trials_per_hand": sample.wobble_trials, "seed": first},
            "skill": {**skill_report({job[1][:2]: skill[key] for key, job in skill_jobs.items()},
                                     {h: len(tables[h]) for h in SKILL_HEIGHTS}, sample.skill_repeats),
                      "seed": first},
            **merge_lodged([found[key] for key in lodged])}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0, help="simulated seconds per stack run (default 10)")
    parser.add_argument("--rounds", type=int, default=5, help="alternate ours/baseline this many times (medians)")
    parser.add_argument("--quick", action="store_true", help="3 s runs, one round")
    parser.add_argument("--baseline", type=Path, default=BASELINE,
                        help=f"the shared baseline script (default {BASELINE})")
    parser.add_argument("--no-baseline", action="store_true", help="measure ours only")
    parser.add_argument("--methods", type=int, default=0, metavar="PATTERNS",
                        help="also compare the candidate methods over PATTERNS stacks (slow)")
    parser.add_argument("--dexterity", choices=("quick", "full"),
                        help="also measure the dexterity figures: quick (a minute, one seed, a few runs) or full "
                             f"({DEXTERITY_TRIALS} runs per hand on seeds 1, 2 and 3: one to two hours on 2 cores)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="play the dexterity trials on the Dask cluster at ADDRESS (the README's tools section)")
    args = parser.parse_args(argv)
    seconds, rounds = (3.0, 1) if args.quick else (args.seconds, args.rounds)
    print("measuring the Wackelbett stack ...", file=sys.stderr)
    report = measure(seconds, rounds, None if args.no_baseline else args.baseline, args.methods)
    if args.dexterity:
        print("measuring the dexterity figures ...", file=sys.stderr)
        try:
            report["dexterity"] = dexterity(FULL if args.dexterity == "full" else QUICK, scheduler=args.scheduler)
        except ClusterError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        except RunInterrupted as exc:
            return exc.exit_status()
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
