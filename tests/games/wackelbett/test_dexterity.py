"""The physics decides: careful hands lose cards high on the pile, careless ones more and
sooner, the wobble changes verdicts, and no card ever rests inside another. Seeded stacking
trials through the real referee (the same figures tools/bench.py reports on a larger sample)."""
from __future__ import annotations

import pytest

from simulator.engine import load_game
from simulator.games.wackelbett.dexterity import (PHYSICAL, dexterity_report, lodged_report, stacking_trial,
                                                  wobble_sensitivity)

GAME = load_game("wackelbett", players=1)
TRIALS = 4


@pytest.fixture(scope="module")
def attempts():
    out = []
    for hand in ("surgeon", "steady", "shaky"):
        for trial in range(TRIALS):
            out += stacking_trial(GAME, hand, seed=3, trial=trial, retries=6)
    return out


def rate(attempts, hand, lo, hi):
    rows = [a for a in attempts if a.hand == hand and lo <= a.card <= hi]
    return sum(a.is_physical_fall for a in rows) / len(rows)


def test_a_steady_hand_loses_cards_high_on_the_pile_not_low(attempts):
    assert rate(attempts, "steady", 20, 36) > rate(attempts, "steady", 1, 9)
    assert rate(attempts, "steady", 20, 36) >= 0.05, "high on the pile even a steady hand loses cards"


def test_a_shaky_hand_loses_more_than_a_steady_one_and_a_surgeon_fewer(attempts):
    report = dexterity_report(attempts)

    def falls(hand):
        rows = [a for a in attempts if a.hand == hand]
        return sum(a.is_physical_fall for a in rows) / len(rows)

    assert falls("shaky") > falls("steady") >= falls("surgeon")
    assert report["shaky"]["stack_height"]["median"] < report["surgeon"]["stack_height"]["median"]


def test_from_card_15_things_falling_not_missed_peas_is_what_fails_careful_and_careless_hands(attempts):
    for hand in ("steady", "shaky"):
        late = [a for a in attempts if a.hand == hand and a.card >= 15 and not a.stood]
        assert late and sum(a.cause in PHYSICAL for a in late) / len(late) > 0.5, hand


def test_the_wobble_changes_verdicts(attempts):
    """The same hand traces judged on the wobbling bed and on one held still: some verdicts differ."""
    found = wobble_sensitivity([a for a in attempts if a.hand in ("steady", "shaky")], GAME)
    assert found["placements"] >= 50 and found["sensitivity"] >= 0.05


def test_random_stacks_leave_no_card_lodged_inside_another():
    found = lodged_report(GAME, stacks=8, seed=5)
    assert found["placements"] > 20 and found["lodged_cards"] == 0
