"""How hard the physics makes Wackelbett: placements tried by bot hands, judged by the referee.

A *stacking trial* plays the solo challenge with one bot hand (or a random one) through
the real referee: card after card from a seeded deck. After a failed placement the hand goes
on from the table as the failure left it -- fallen cards gone, the princess stood back up by
hand -- as in the table game (the challenge's ``challenge_tries`` raised to ``retries``); the
trial ends after ``retries`` failures in a row, when the pile holds ``cards`` cards or the
deck is used up. Every try is an :class:`Attempt` that says at which card number it was
made (the cards on the bed, counting itself) and, when it failed, why
(:data:`~.rules.FAIL_CAUSES`).

:func:`dexterity_report` turns attempts into the figures a designer tunes against
(failure rates by hand, height band and cause), :func:`wobble_sensitivity` measures how
often the bed's wobble changes a verdict, and :func:`lodged_report` counts cards that came
to rest inside one another. ``tools/bench.py`` and ``tools/tune_wackelbett.py`` use them.

Physical: imports the referee (pymunk); never pygame.
"""
from __future__ import annotations

import math
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Callable, Hashable, Iterable, Iterator, Sequence

from simulator.engine import REFEREE, Action, IllegalAction, Scene, make_bot
from simulator.physics.snapshot import BodyPose

from .hand import trace_points
from .layout import TableLayout, overlapping_cards, resting_bed
from .rules import FAIL_CAUSES, FELL, PHYSICAL, TURN, PlaceCard, Verdict, WackelbettGame, WackelbettState

HANDS = ("surgeon", "steady", "shaky", "random")
BANDS = ((1, 9), (10, 19), (20, 29), (30, 36))
REFUSED = "refused"        # the rules refused the table's verdict (a defect if it ever shows)
CAUSES = (*FAIL_CAUSES, REFUSED)

Decide = Callable[[WackelbettGame, WackelbettState], Verdict]


def referee_decide(game: WackelbettGame, state: WackelbettState) -> Verdict:
    """The table's own referee."""
    return game.make_referee().decide(state)


@dataclass(frozen=True)
class Attempt:
    """One try at laying card number ``card`` (1 = the first card on the set-up card).

    ``before``/``after``: the state before the try and after it was judged (and the
    princess stood); ``action``: the placement the hand made; ``cause``: "" when it stood;
    ``climbing``: the run's pile had never been this high before (after a fall from higher up
    the bed holds a wreck of a taller pile, not a pile of this height). An attempt read back
    from its :meth:`summary` has no states and no action (None): enough to count, not to replay.
    """

    hand: str
    trial: int
    card: int
    attempt: int
    before: WackelbettState | None
    after: WackelbettState | None
    action: Action | None
    cause: str
    reason: str
    climbing: bool = True

    _COUNTED = ("hand", "trial", "card", "attempt", "cause", "reason", "climbing")

    def summary(self) -> dict:
        """What the figures count of this try, as JSON (no states: a few dozen bytes)."""
        return {name: getattr(self, name) for name in self._COUNTED}

    @classmethod
    def from_summary(cls, data: dict) -> Attempt:
        return cls(**{name: data[name] for name in cls._COUNTED}, before=None, after=None, action=None)

    @property
    def stood(self) -> bool:
        return not self.cause

    @property
    def is_physical_fall(self) -> bool:
        return self.cause in PHYSICAL

    @property
    def is_first_try(self) -> bool:
        """The try right after a card stayed, on the run's way up: what the design targets count."""
        return self.attempt == 1 and self.climbing


def challenge_game(game: WackelbettGame, *, tries: int | None = None) -> WackelbettGame:
    """The solo challenge on ``game``'s scene (stacking trials play it); with ``tries``, a run
    ends only after that many losses in a row (``[rules] challenge_tries``)."""
    if game.is_challenge and tries in (None, game.challenge_tries):
        return game
    scene = game.scene if tries is None else _scene_with(game.scene, "rules", challenge_tries=tries)
    return WackelbettGame(1, scene=scene, mode="challenge")


def _scene_with(scene: Scene, table: str, **values) -> Scene:
    """``scene`` with ``values`` set in its ``[table]`` (in memory; the file is untouched)."""
    data = scene.data
    return Scene(scene.path, {**data, table: {**data[table], **values}}, scene.prefix)


def stacking_trial(game: WackelbettGame, hand: str, *, seed: int, trial: int, cards: int = 36,
                   retries: int = 3, decide: Decide = referee_decide) -> Iterator[Attempt]:
    """Play one stacking trial with ``hand`` (a bot level or "random"); yield every try.

    The deck comes from ``seed`` and ``trial``; the hand's trembles from them and the hand,
    so every hand stacks the same decks. ``decide`` answers for the table.
    """
    game = challenge_game(game, tries=retries)
    bot = make_bot(game, 0, hand)
    rng = random.Random(f"{seed}:{trial}:{hand}")
    state = game.new_state(random.Random(f"{seed}:{trial}:deck").randrange(2 ** 31))
    _let_the_table_act(game, state, decide)
    under = len(state.layout.cards) - 1  # the pile's first card is the one the table turned over
    peak = 0  # the highest card number the run has tried
    while not state.is_over():
        card = max(1, len(state.layout.cards) - under)
        if card > cards:
            return
        before = state.clone()
        action = bot.choose(state.view(0), state.legal_actions(0), rng)
        state.apply(action)
        cause = reason = ""
        while not state.is_over() and state.phase != TURN:  # verdicts, the princess, standing her back up
            if state.current_players() == (REFEREE,):
                try:
                    state.apply(decide(game, state))
                except IllegalAction as exc:
                    cause, reason = REFUSED, f"the table's verdict was refused: {exc}"
                    break
            else:
                state.apply(bot.choose(state.view(0), state.legal_actions(0), rng))
            last = state.events[-1] if state.events else {}
            if not cause and last.get("what") == "fails":
                cause, reason = last["cause"], last["reason"]
        if not cause and state.stacked != before.stacked + 1:
            cause, reason = FELL, "cards fell while the princess was stood back up"
        yield Attempt(hand, trial, card, before.failures_in_row + 1, before, state.clone(), action, cause, reason,
                      climbing=card > peak or (card == peak and before.failures_in_row > 0))
        peak = max(peak, card)
        if cause == REFUSED:
            return  # the table is mid-verdict: nothing more can be played on it


def stacking_trials(game: WackelbettGame, runs: Sequence[tuple[str, int, int]], *, retries: int = 3,
                    cards: int = 36, workers: int = 2) -> list[Attempt]:
    """Every try of the stacking trials ``runs`` (hand, seed, trial), in their order, played
    on ``workers`` fresh processes: the same attempts as one after another, since each trial
    is seeded by its hand, seed and number."""
    jobs = [(game, hand, seed, trial, retries, cards) for hand, seed, trial in runs]
    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        return [a for tries in pool.map(_trial_job, jobs) for a in tries]


def _trial_job(job: tuple[WackelbettGame, str, int, int, int, int]) -> list[Attempt]:
    game, hand, seed, trial, retries, cards = job
    return list(stacking_trial(game, hand, seed=seed, trial=trial, retries=retries, cards=cards))


def _let_the_table_act(game: WackelbettGame, state: WackelbettState, decide: Decide) -> None:
    while state.current_players() == (REFEREE,):
        state.apply(decide(game, state))


def band_bounds(card: int) -> tuple[int, int]:
    """The height band (first and last card) that holds ``card`` (the top band past its end)."""
    return next(((lo, hi) for lo, hi in BANDS if lo <= card <= hi), BANDS[-1])


def band_of(card: int) -> str:
    """The name of the height band that holds ``card``: "10-19"."""
    lo, hi = band_bounds(card)
    return f"{lo}-{hi}"


_RESAMPLES = 1000  # draws of the bootstrap over runs


def run_interval(placements: Iterable[tuple[Hashable, bool]], level: float = 0.95) -> tuple[float, float]:
    """The ``level`` interval of a rate counted over placements that come in runs, from each
    placement's (run, hit): a bootstrap over runs (seeded, so the same runs give the same
    interval). One run's placements share a pile, so they are not independent, and an
    interval over placements claims more than the runs show; resampling whole runs does not.
    (NaN, NaN) without placements."""
    counts: dict[Hashable, list[int]] = {}
    for run, hit in placements:
        count = counts.setdefault(run, [0, 0])
        count[0] += bool(hit)
        count[1] += 1
    runs = list(counts.values())
    if not runs:
        return math.nan, math.nan
    rng = random.Random(0)
    rates = []
    for _ in range(_RESAMPLES):
        drawn = rng.choices(runs, k=len(runs))
        rates.append(sum(hits for hits, _ in drawn) / sum(n for _, n in drawn))
    rates.sort()
    tail = (1.0 - level) / 2
    return rates[int(tail * _RESAMPLES)], rates[min(_RESAMPLES - 1, int((1.0 - tail) * _RESAMPLES))]


def within_spread(interval: Sequence[float], low: float, high: float) -> bool:
    """Does a rate's interval over runs (:func:`run_interval`) reach into the band ``low``..``high``?
    Then a miss may be the runs drawn, not the physics."""
    return interval[0] <= high and low <= interval[1]


def dexterity_report(attempts: Sequence[Attempt]) -> dict:
    """Per hand and height band: placements, failure rate, physical-fall rate, failures by
    cause; per hand: how high the stacks got (cards standing at the end of each trial).

    ``fall_rate`` counts every try, with ``fall_rate_95``, its 95% interval over runs
    (:func:`run_interval`); ``first_try_fall_rate`` (what the design targets count) only the
    tries right after a card stayed, on the run's way up (:attr:`Attempt.is_first_try`): a try
    after a failure starts from a table that has just shown itself hard, and a pile built up
    again after a fall from higher up is the wreck of a taller one, so either would weigh hard
    tables more."""
    report: dict = {}
    for hand in dict.fromkeys(a.hand for a in attempts):
        mine = [a for a in attempts if a.hand == hand]
        bands = {}
        for lo, hi in BANDS:
            rows = [a for a in mine if lo <= a.card <= hi]
            failed = [a for a in rows if not a.stood]
            first = [a for a in rows if a.is_first_try]
            bands[f"{lo}-{hi}"] = {
                "placements": len(rows),
                "failure_rate": len(failed) / len(rows) if rows else None,
                "fall_rate": sum(a.is_physical_fall for a in rows) / len(rows) if rows else None,
                "fall_rate_95": list(run_interval((a.trial, a.is_physical_fall) for a in rows)) if rows else None,
                "failures": {cause: sum(a.cause == cause for a in failed) for cause in CAUSES},
                "first_tries": len(first),
                "first_try_fall_rate": sum(a.is_physical_fall for a in first) / len(first) if first else None,
                "first_try_fall_rate_95": (list(run_interval((a.trial, a.is_physical_fall) for a in first))
                                           if first else None),
            }
        heights = {}
        for a in mine:
            heights[a.trial] = max(heights.get(a.trial, 0), a.card - (0 if a.stood else 1))
        reached = sorted(heights.values())
        report[hand] = {
            "bands": bands,
            "trials": len(reached),
            "stack_height": {"median": reached[len(reached) // 2] if reached else 0,
                             "max": reached[-1] if reached else 0,
                             "mean": sum(reached) / len(reached) if reached else 0.0},
        }
    return report


def rigid_bed_game(game: WackelbettGame) -> WackelbettGame:
    """The solo challenge on ``game``'s scene with a bed that does not wobble (held where it lies)."""
    return WackelbettGame(1, scene=_scene_with(game.scene, "bed", rigid=True), mode="challenge")


def _levelled(state: WackelbettState, action: PlaceCard) -> tuple[WackelbettState, PlaceCard]:
    """``state`` and ``action`` moved with the bed to its level rest (:func:`resting_bed`): the
    same pile and the same hand, as if the bed had never wobbled (nor rolled)."""
    bed = state.layout.bed
    rest = resting_bed(state.game.physics)
    turn = rest.angle - bed.angle
    c, s = math.cos(turn), math.sin(turn)

    def level(pose: BodyPose) -> BodyPose:
        dx, dy = pose.x - bed.x, pose.y - bed.y
        return BodyPose(rest.x + c * dx - s * dy, rest.y + s * dx + c * dy, pose.angle + turn)

    layout = state.layout
    state = state.clone()
    state.layout = TableLayout(level(layout.bed), tuple((card, level(pose)) for card, pose in layout.cards),
                               level(layout.princess) if layout.princess is not None else None)
    points = [level(p) for p in trace_points(action.trace)]
    return state, PlaceCard(action.player, action.card, tuple(v for p in points for v in p))


def turn_stands(game: WackelbettGame, attempt: Attempt, decide: Decide = referee_decide, *,
                level: bool = False) -> bool | None:
    """Does ``attempt``'s card, laid again with the same hand trace on ``game``'s table from the
    same state, stand -- card and princess? With ``level`` the table is first moved with the bed
    to its level rest (a rigid bed that never wobbled). The princess is put down by the same
    hand, its trembles drawn from a stream seeded by the attempt (the same on every table). None
    when the rules refuse the card's trace on this table (levelled, it may start inside the pile)."""
    before, action = attempt.before, attempt.action
    if level:
        before, action = _levelled(before, action)
    state = game.state_from_json(before.to_json())
    stacked = state.stacked
    bot = make_bot(game, 0, attempt.hand)
    rng = random.Random(f"{attempt.trial}:{attempt.card}:{attempt.attempt}:{attempt.hand}:wobble")
    try:
        state.apply(action)
    except IllegalAction:
        return None
    try:
        while not state.is_over() and state.phase != TURN:
            if state.current_players() == (REFEREE,):
                state.apply(decide(game, state))
            else:
                state.apply(bot.choose(state.view(0), state.legal_actions(0), rng))
    except IllegalAction:
        return False
    return state.stacked == stacked + 1


RIGID_REFERENCES = ("level", "held")


def wobble_sensitivity(attempts: Sequence[Attempt], game: WackelbettGame, *, lo: int = 10, hi: int = 30,
                       decide: Decide = referee_decide) -> dict:
    """The share of placements (card numbers ``lo``..``hi``) whose verdict -- the card and the
    princess stood, or something failed -- differs when the same placement by the same hand is
    judged on a rigid bed, against two rigid references: ``level``, a bed that never wobbled
    (the pile and the hand's trace moved with it to its level rest), and ``held``, the bed held
    still at the lean it had before the placement (what the wobble does during it). Placements
    whose moved trace the rules refuse are left out of that reference (``left_out``)."""
    wobbly, rigid = challenge_game(game), rigid_bed_game(game)
    sample = [a for a in attempts if lo <= a.card <= hi and isinstance(a.action, PlaceCard)]
    on_wobbly = {id(a): turn_stands(wobbly, a, decide) for a in sample}
    out: dict = {"placements": len(sample), "cards": [lo, hi]}
    for reference in RIGID_REFERENCES:
        differ = compared = 0
        for attempt in sample:
            on_rigid = turn_stands(rigid, attempt, decide, level=reference == "level")
            if on_rigid is None:
                continue  # the trace cannot be played on this bed: no comparison
            compared += 1
            differ += on_wobbly[id(attempt)] != on_rigid
        out[reference] = {"placements": compared, "left_out": len(sample) - compared, "differ": differ,
                          "sensitivity": differ / compared if compared else None}
    return out


# -- skill: what one clumsy act costs -------------------------------------------------------------
@dataclass(frozen=True)
class Act:
    """One way of laying a card and standing the princess on it, exactly (not a spread): a
    near-perfect hand (aim and angle within ``NEAR_PERFECT``) with at most one clumsy thing."""

    name: str
    off_balance_mm: float = 0.0      # the card aimed this far from the balance point (the pea still covered)
    release_mm: float = 0.0          # the card let go this much higher than a careful hand lets go
    sideways_mm_s: float = 0.0       # the hand still moves sideways this fast when it lets go of the card
    princess_release_mm: float = 0.0  # the princess let go this much higher


NEAR_PERFECT = (0.5, 0.5)  # mm and degrees: how far a near-perfect hand's aim and angle stray (uniform)
SKILL_ACTS = (
    Act("near-perfect"),
    Act("20 mm off the balance point", off_balance_mm=20.0),
    Act("card let go 30 mm high", release_mm=30.0),
    Act("moving 250 mm/s sideways at release", sideways_mm_s=250.0),
    Act("princess let go 30 mm high", princess_release_mm=30.0),
)
SKILL_HEIGHTS = (10, 20, 30)


def skill_tables_from(attempts: Iterable[Attempt], heights: Sequence[int] = SKILL_HEIGHTS,
                      hand: str = "steady") -> dict[int, list[WackelbettState]]:
    """Real tables to try acts on: the state before ``hand``'s first try at each card of
    ``heights`` in ``attempts`` (stacking trials), one per trial."""
    found: dict[int, list[WackelbettState]] = {h: [] for h in heights}
    for attempt in attempts:
        if attempt.hand == hand and attempt.card in found and attempt.is_first_try:
            found[attempt.card].append(attempt.before)
    return found


def act_falls(game: WackelbettGame, before: WackelbettState, act: Act, repeat: int,
              decide: Decide = referee_decide) -> bool | None:
    """Does something physically fall (fell, pushed, slid off the pile: not a missed pea) when
    ``act`` (repeat number ``repeat``: its strays and sides seeded by it) lays a card on
    ``before``'s table and stands the princess on it? None when the table offers no card to
    lay, or the rules refuse the act's trace."""
    from .hand import aim_range, lowering_trace, princess_trace, start_height, steady_spot
    from .layout import rest_pose_on
    from .rules import PlacePrincess

    g, physics = game, game.physics
    state = game.state_from_json(before.to_json())
    fitting = state.fitting_cards(0)
    if not fitting:
        return None
    rng = random.Random(f"{repeat}:{act.name}:{state.stacked}")
    mm, deg = NEAR_PERFECT
    card = fitting[rng.randrange(len(fitting))]
    layout = state.layout
    along = steady_spot(physics, layout, g.faces[card])
    lo, hi = aim_range(physics, layout, g.faces)
    if act.off_balance_mm:
        side = rng.choice((-1.0, 1.0))
        along += side * act.off_balance_mm
        if not lo <= along <= hi:  # that side would leave the pea bare: the other side
            along -= 2 * side * act.off_balance_mm
    along = min(hi, max(lo, along))
    aim = rest_pose_on(physics, layout, along)
    target = BodyPose(aim.x + rng.uniform(-mm, mm), aim.y, aim.angle + math.radians(rng.uniform(-deg, deg)))
    gap = physics.hand.release_clearance + act.release_mm
    trace = lowering_trace(physics, target, start_height(physics, layout, target) + gap, release_gap=gap,
                           release_speed=rng.choice((-1.0, 1.0)) * act.sideways_mm_s)
    fell = False

    def judged(action: Action) -> None:
        nonlocal fell
        state.apply(action)
        last = state.events[-1] if state.events else {}  # (the state keeps only its latest events)
        fell = fell or (last.get("what") == "fails" and last.get("cause") in PHYSICAL)

    try:
        judged(PlaceCard(0, card, trace))
        while not fell and not state.is_over() and state.phase != TURN:
            if state.current_players() == (REFEREE,):
                judged(decide(game, state))
                continue
            lay = state.layout
            gap = physics.hand.release_clearance + act.princess_release_mm
            judged(PlacePrincess(0, princess_trace(
                physics, lay, g.faces, state.princess_card, state.lies_princess_down(), dx=rng.uniform(-mm, mm),
                tilt=math.radians(rng.uniform(-deg, deg)), release_gap=gap)))
    except IllegalAction:
        return None
    return fell


def skill_table(game: WackelbettGame, tables: dict[int, list[WackelbettState]], *, repeats: int = 1,
                acts: Sequence[Act] = SKILL_ACTS, decide: Decide = referee_decide) -> dict:
    """Each act of ``acts`` played ``repeats`` times on each table of ``tables`` (by height, e.g.
    :func:`skill_tables_from`): :func:`skill_report` of whether something fell."""
    game = challenge_game(game, tries=8)
    verdicts = {(act.name, h): [act_falls(game, before, act, r, decide) for before in found for r in range(repeats)]
                for act in acts for h, found in tables.items()}
    return skill_report(verdicts, {h: len(found) for h, found in tables.items()}, repeats, acts)


def skill_report(verdicts: dict[tuple[str, int], list[bool | None]], tables: dict[int, int], repeats: int,
                 acts: Sequence[Act] = SKILL_ACTS) -> dict:
    """Physical falls per act and height from ``verdicts`` (act name, height -> fell or not, None
    when the act could not be played there). A skilled player should lose little and every
    clumsy act should cost more than a near-perfect hand: ``checks`` says whether a near-perfect
    hand loses at most 8% at the top height and every other act more than it at the two top ones."""
    heights = sorted(tables)
    rows: dict[str, dict[str, dict]] = {}
    for act in acts:
        row = {}
        for height in heights:
            judged = [v for v in verdicts.get((act.name, height), []) if v is not None]
            falls = sum(judged)
            row[str(height)] = {"placements": len(judged), "falls": falls,
                                "fall_rate": falls / len(judged) if judged else None}
        rows[act.name] = row

    def rate(name: str, height: int) -> float:
        value = rows[name][str(height)]["fall_rate"]
        return math.nan if value is None else value

    near = acts[0].name
    checks = {"near_perfect_at_top_at_most_8pct": rate(near, heights[-1]) <= 0.08,
              "every_clumsy_act_costs_more_high_up": all(rate(a.name, h) > rate(near, h)
                                                         for a in acts[1:] for h in heights[-2:])}
    return {"tables_per_height": {str(h): n for h, n in tables.items()}, "repeats": repeats,
            "near_perfect_mm_deg": list(NEAR_PERFECT), "acts": rows, "checks": checks}


def merge_wobble(parts: Sequence[dict]) -> dict:
    """One :func:`wobble_sensitivity` of several parts of a sample (run apart, e.g. on a pool)."""
    out: dict = {"placements": sum(p["placements"] for p in parts), "cards": parts[0]["cards"] if parts else None}
    for reference in RIGID_REFERENCES:
        compared = sum(p[reference]["placements"] for p in parts)
        differ = sum(p[reference]["differ"] for p in parts)
        out[reference] = {"placements": compared, "left_out": sum(p[reference]["left_out"] for p in parts),
                          "differ": differ, "sensitivity": differ / compared if compared else None}
    return out


def lodged_report(game: WackelbettGame, *, stacks: int = 100, seed: int = 0, cards: int = 36) -> dict:
    """Random hands stack ``stacks`` piles through the referee. ``lodged_cards``: cards that lie
    inside another card in a recorded pile (the referee never records one: 0 by construction,
    checked here by exact geometry); ``dropped_as_lodged``: cards the physics left inside
    another card, which the referee therefore counted as fallen (a measure of the solver)."""
    return merge_lodged([lodged_stack(game, seed=seed, trial=trial, cards=cards) for trial in range(stacks)])


def lodged_stack(game: WackelbettGame, *, seed: int, trial: int, cards: int = 36) -> dict:
    """One random stack of :func:`lodged_report` (a job of its own on a pool or a cluster)."""
    game = challenge_game(game)
    referee = game.make_referee()
    dropped = 0

    def decide(_game: WackelbettGame, state: WackelbettState) -> Verdict:
        nonlocal dropped
        stage, outcome = referee.judge(state)
        dropped += len(outcome.lodged)
        return Verdict.of(stage, outcome)

    lodged = placements = 0
    depth = game.physics.solver.lodged_depth
    for attempt in stacking_trial(game, "random", seed=seed, trial=trial, cards=cards, decide=decide):
        placements += 1
        lodged += len(overlapping_cards(game.physics, attempt.after.layout, depth))
    return {"placements": placements, "lodged_cards": lodged, "dropped_as_lodged": dropped}


def merge_lodged(stacks: Sequence[dict]) -> dict:
    """One :func:`lodged_report` of the :func:`lodged_stack` of each stack."""
    return {"stacks": len(stacks), **{key: sum(s[key] for s in stacks)
                                      for key in ("placements", "lodged_cards", "dropped_as_lodged")}}


def target_check(report: dict, targets: dict) -> list[dict]:
    """Each design target (``read_design_targets``) against the measured fall rate of the band
    that holds its card, on first tries (the try right after a card stayed: a retry is made on
    a table that has just shown itself hard): {hand, card, low, high, band, rate, met, rate_95,
    within_spread, all_tries_rate} (``within_spread``: the rate's 95% interval over runs reaches
    into the target band, so a miss may be the runs drawn, not the physics)."""
    out = []
    for hand, rows in targets.items():
        bands = report.get(hand, {}).get("bands", {})
        for target in rows:
            band = band_of(target.card)
            found = bands.get(band, {})
            rate, spread = found.get("first_try_fall_rate"), found.get("first_try_fall_rate_95")
            out.append({"hand": hand, "card": target.card, "low": target.low, "high": target.high, "band": band,
                        "rate": rate, "met": rate is not None and target.low <= rate <= target.high,
                        "rate_95": spread, "first_tries": found.get("first_tries", 0),
                        "all_tries_rate": found.get("fall_rate"),
                        "within_spread": spread is not None and within_spread(spread, target.low, target.high)})
    return out
