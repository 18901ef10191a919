"""The physics decides: careful hands lose cards high on the pile, careless ones more and
sooner, the wobble changes verdicts, and no card ever rests inside another. Seeded stacking
trials through the real referee (the same figures tools/bench.py reports on a larger sample)."""
from __future__ import annotations

import functools
import math
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

from simulator.engine import load_game
from simulator.games.wackelbett.components import FallTarget
from simulator.games.wackelbett.dexterity import (PHYSICAL, dexterity_report, lodged_report, merge_wobble, run_interval,
                                                  stacking_trials, target_check, wobble_sensitivity)
from simulator.games.wackelbett.rules import FELL, MISSED_PEA

GAME = load_game("wackelbett", players=1)
TRIALS = {"shaky": 6, "surgeon": 3, "steady": 6}  # longest runs first (two processes share them); the surgeon tries 8 spots in its head per card: 3 runs


@pytest.fixture(scope="module")
def attempts():  # on two processes (the suite's longest fixture; the same tries as in one)
    runs = [(hand, 3, trial) for hand, trials in TRIALS.items() for trial in range(trials)]
    return stacking_trials(GAME, runs, retries=6)


def rate(attempts, hand, lo, hi):
    rows = [a for a in attempts if a.hand == hand and lo <= a.card <= hi]
    assert rows, f"no {hand} placement between cards {lo} and {hi}"
    return sum(a.is_physical_fall for a in rows) / len(rows)


def test_a_steady_hand_loses_cards_high_on_the_pile_not_low(attempts):
    assert rate(attempts, "steady", 20, 36) > rate(attempts, "steady", 1, 9)
    assert rate(attempts, "steady", 20, 36) >= 0.05, "high on the pile even a steady hand loses cards"


def test_a_shaky_hand_loses_more_than_a_steady_one_and_a_surgeon_fewer(attempts):
    report = dexterity_report(attempts)

    def falls(hand):  # on first tries, as the design targets count: a surgeon's retries on a
        rows = [a for a in attempts if a.hand == hand and a.is_first_try]  # wrecked tall pile fail too
        return sum(a.is_physical_fall for a in rows) / len(rows)

    assert falls("shaky") > falls("steady") >= falls("surgeon")

    def tries_per_card(hand):  # a run goes on after a loss, so a shaky hand pays in tries
        rows = [a for a in attempts if a.hand == hand]
        return len(rows) / sum(a.stood for a in rows)

    assert tries_per_card("shaky") > tries_per_card("steady") > tries_per_card("surgeon")
    assert report["shaky"]["stack_height"]["median"] <= report["surgeon"]["stack_height"]["median"]


def test_high_on_the_pile_things_falling_not_missed_peas_is_what_fails_careful_and_careless_hands(attempts):
    """From card 15 a steady hand fails more by things falling than by missing the pea; a shaky
    hand (which rarely gets that high) already from card 10."""
    for hand, first in (("steady", 15), ("shaky", 10)):
        failed = [a for a in attempts if a.hand == hand and a.card >= first and not a.stood]
        physical = sum(a.cause in PHYSICAL for a in failed)
        assert physical > sum(a.cause == MISSED_PEA for a in failed), hand
        assert physical >= 5, hand


def test_the_wobble_changes_verdicts_at_the_top_of_the_pile(attempts):
    """Issue 27: the same placements at cards 20-30 judged on the rolling bed and on a rigid one,
    both a bed that never wobbled (level) and one held still at the lean it had before the
    placement. At least one verdict in ten differs from the level bed. The held bed differs
    less, and is measured by the bench on a larger sample (PHYSICS.md, step 23: 12.1% of 224 on
    the full sample, seed 1). On this one (seed 3, 6 runs per hand) it is 7.5% of 134 with the
    air film; this guards it against falling back to the corner-locked bed's (5.7%)."""
    sample = [a for a in attempts if a.hand in ("steady", "shaky")]
    judge = functools.partial(wobble_sensitivity, game=GAME, lo=20, hi=30)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:  # halves of the sample
        found = merge_wobble(list(pool.map(judge, (sample[0::2], sample[1::2]))))
    assert found["level"]["placements"] >= 60 and found["held"]["placements"] >= 60
    assert found["level"]["sensitivity"] >= 0.10 and found["held"]["sensitivity"] >= 0.07


def test_random_stacks_leave_no_card_lodged_inside_another():
    """Careless hands collapse piles; no recorded pile holds a card inside another, and the
    solver leaves none there that the referee would have to count as fallen."""
    found = lodged_report(GAME, stacks=8, seed=5)
    assert found["placements"] > 20 and found["lodged_cards"] == 0
    assert found["dropped_as_lodged"] == 0


def test_a_card_pressed_into_the_pile_is_lifted_out_when_the_table_settles():
    """The world's own repair: a free card left 2 mm inside the card under it is lifted out
    when everything has come to rest, and lies on it, not in it."""
    from simulator.games.wackelbett.layout import neat_stack, overlapping_cards, relative_pose
    from simulator.games.wackelbett.world import WackelbettWorld
    from simulator.physics.snapshot import BodyPose

    physics = GAME.physics
    layout = neat_stack(physics, range(6), [0.0] * 6)
    top = layout.cards[-1][1]
    sunk = BodyPose(top.x + 10.0, top.y + physics.card.thickness - 2.0, top.angle)  # 2 mm into the top card
    layout = type(layout)(layout.bed, layout.cards + ((6, sunk),))
    assert overlapping_cards(physics, layout, physics.solver.lodged_depth)
    world = WackelbettWorld(physics, GAME.faces, layout)
    world.settle()
    after = world.layout()
    assert 6 in after.card_ids and not overlapping_cards(physics, after, physics.solver.lodged_depth)
    lift = relative_pose(after.bed, after.pose_of(6)).y - relative_pose(after.bed, after.pose_of(5)).y
    assert lift > physics.card.thickness - physics.solver.lodged_depth


def _let_go_moving_downhill(cards: int):
    """A steady spot on a pile of ``cards`` stacked by hand, the card let go while the hand
    still moves 300 mm/s downhill; the table judges it. Returns the state."""
    import math

    from simulator.games.wackelbett.hand import lowering_trace, start_height, steady_spot
    from simulator.games.wackelbett.layout import rest_pose_on
    from simulator.games.wackelbett.rules import PlaceCard

    from .tabletop import arrange, settle_with_referee, started

    state = started(1, seed=3)
    arrange(state, bed=list(range(cards)), hands=[[30]])
    physics, layout = state.game.physics, state.layout
    downhill = -math.copysign(300.0, layout.bed.angle)
    target = rest_pose_on(physics, layout, steady_spot(physics, layout, state.game.faces[30]))
    state.apply(PlaceCard(0, 30, lowering_trace(physics, target, start_height(physics, layout, target),
                                                release_speed=downhill)))
    settle_with_referee(state)
    return state


@pytest.mark.parametrize("cards, flies_off", [(6, False), (30, True)])
def test_a_card_let_go_while_the_hand_still_moves_downhill_flies_off_a_tall_pile_only(cards, flies_off):
    """A bad placement costs more the higher the pile: a card released moving 300 mm/s
    downhill stays on a low pile (here it misses the pea, a lesser fault), but leaves the bed
    from a tall one, whose bed rights itself only weakly and rolls far over under the jolt (the
    cards hold 11 degrees, the corner is at 10.7)."""

    state = _let_go_moving_downhill(cards)
    fell = any(e["what"] == "fails" and e["cause"] == FELL for e in state.events)
    assert fell == flies_off


def test_a_card_that_falls_says_how_it_was_let_go_and_how_the_bed_leaned():
    """A good player can tell why: the failure records how the hand let go (still moving
    sideways, how high, how turned) and the bed's lean, and the banner names what mattered."""
    from simulator.games.wackelbett.words import TableWords

    state = _let_go_moving_downhill(30)
    failed = next(e for e in reversed(state.events) if e["what"] == "fails")
    assert failed["sideways_mm_s"] == pytest.approx(300.0, abs=1.0)
    assert failed["height_mm"] < 3.0 and failed["turned_deg"] < 1.0, "let go low and flat, as the hand was"
    corner = math.degrees(state.game.physics.bed.corner_angle)
    assert 8.0 < failed["lean_deg"] < corner + 0.5, "a tall pile leaves the bed leaning far over"
    lines = TableWords(state.game, ["Ann"]).why(failed, 0)
    assert lines == ["You let the card go still moving sideways at 300 mm/s.",
                     f"The bed leaned {failed['lean_deg']:.0f} degrees under the pile; cards slip at 11 degrees."]


def test_a_card_laid_far_from_where_it_balances_the_pile_says_so_when_it_falls():
    """Issue 27, a good player can tell why: on a tall pile the same card laid where it and the
    princess would balance the pile stays; laid near the top card's right end it tips the bed
    onto its corner and falls, and the banner says how far from the balance point it was laid."""
    from simulator.games.wackelbett.hand import aim_spots, lowering_trace, start_height, steady_spot
    from simulator.games.wackelbett.layout import rest_pose_on
    from simulator.games.wackelbett.rules import PlaceCard
    from simulator.games.wackelbett.words import TableWords

    from .tabletop import arrange, settle_with_referee, started

    def lay(along):
        state = started(1, seed=3)
        arrange(state, bed=list(range(32)), hands=[[33]])
        physics, layout, faces = state.game.physics, state.layout, state.game.faces
        spot = steady_spot(physics, layout, faces[33])
        careful = aim_spots(physics, layout, faces, faces[33], [0.0])[0]  # nearest it, covering the pea
        target = rest_pose_on(physics, layout, careful if along is None else along)
        state.apply(PlaceCard(0, 33, lowering_trace(physics, target, start_height(physics, layout, target))))
        settle_with_referee(state)
        return state, spot

    balanced, _ = lay(None)
    assert not any(e["what"] == "fails" for e in balanced.events)
    state, spot = lay(45.0)
    failed = next(e for e in reversed(state.events) if e["what"] == "fails")
    assert failed["cause"] == FELL and failed["off_balance_mm"] == pytest.approx(45.0 - spot, abs=2.0)
    lines = TableWords(state.game, ["Ann"]).why(failed, 0)
    assert lines[0] == f"You laid the card {failed['off_balance_mm']:.0f} mm right of where it balances the pile."


def test_a_rate_whose_falls_come_from_a_few_runs_gets_a_wide_interval():
    """A band's placements come in runs on the same pile. Twenty falls in 100 placements from
    two doomed runs say less than twenty spread over ten runs: the interval over runs is wide
    for the first and narrow for the second, and the same runs always give the same interval."""
    few = [(run, run < 2) for run in range(10) for _ in range(10)]           # runs 0 and 1: every try fell
    spread = [(run, k < 2) for run in range(10) for k in range(10)]         # two falls in every run
    low, high = run_interval(few)
    assert low < 0.1 and high > 0.35
    assert run_interval(spread) == (0.2, 0.2)
    assert run_interval(few) == (low, high)
    assert all(math.isnan(v) for v in run_interval([]))  # no placements, no interval


def test_a_missed_design_target_says_whether_it_is_within_the_runs_spread(attempts):
    """The bench's target check gives the band's interval over runs and whether it reaches into
    the target band, so a designer can tell a miss from the runs drawn."""
    report = dexterity_report(attempts)
    checks = target_check(report, {"steady": [FallTarget(30, 0.0, 0.0)]})
    (check,) = checks
    low, high = check["rate_95"]
    assert low <= check["rate"] <= high
    assert check["within_spread"] == (low <= 0.0)


def test_a_clumsy_act_costs_more_than_a_near_perfect_hand_high_on_the_pile(attempts):
    """Issue 27, skill decides the top: on the steady hand's own tables at card 30, a card let go
    20 mm off the balance point, or while the hand still moves 250 mm/s sideways, makes things
    fall more often than a near-perfect hand (within half a millimetre and half a degree)."""
    from simulator.games.wackelbett.dexterity import SKILL_ACTS, skill_table, skill_tables_from

    tables = skill_tables_from(attempts, (30,))
    assert len(tables[30]) >= 4
    acts = (SKILL_ACTS[0], next(a for a in SKILL_ACTS if a.off_balance_mm),
            next(a for a in SKILL_ACTS if a.sideways_mm_s))
    found = skill_table(GAME, tables, repeats=2, acts=acts)["acts"]
    near, off, moving = (found[a.name]["30"] for a in acts)
    assert near["placements"] >= 8
    assert off["falls"] > near["falls"] and moving["falls"] > near["falls"], found


def test_a_pile_built_up_again_after_a_fall_from_higher_up_is_not_a_first_try_on_the_way_up(attempts):
    """A run whose pile fell from card 30 to 15 lays cards 15 to 30 again on the wreck of the
    taller pile (cards left lying in the bed): those tries are no first tries of that height."""
    for run in {a.trial for a in attempts}:
        mine = [a for a in attempts if a.trial == run and a.hand == "steady"]
        peak = 0
        for a in mine:
            if a.is_first_try:
                assert a.card > peak
            peak = max(peak, a.card)
