"""Wackelbett bots play through the same physics; a steadier hand fails less often."""
from __future__ import annotations

import dataclasses
import json
import random
import statistics
from pathlib import Path

import pytest

from simulator.engine import bot_levels, load_game, make_bot, play_out

from simulator.games.wackelbett.hand import (aim_spots, is_clear_above, lowering_trace, start_height, steady_spot,
                                             trace_points)
from simulator.games.wackelbett.layout import TableLayout, neat_stack, rest_pose_on, world_to_local
from simulator.games.wackelbett.referee import judge_card
from simulator.games.wackelbett.rules import MISSED_PEA
from simulator.physics.snapshot import BodyPose

from .tabletop import arrange, settle_with_referee, started


def test_levels_are_registered_weakest_first():
    assert bot_levels("wackelbett") == ["random", "shaky", "steady", "surgeon"]


@pytest.mark.parametrize("level", ["shaky", "steady", "surgeon"])
def test_every_level_plays_a_game_to_its_end(level):
    game = load_game("wackelbett", players=2)
    state = play_out(game, [make_bot(game, seat, level) for seat in range(2)], seed=2)
    assert state.is_over() and state.winners()


def failures_of(level: str, attempts: int) -> int:
    """Placements that failed, out of ``attempts`` by ``level`` on the same 14-card pile
    whose top card has its pea near one end (card 3: pea at +30 mm), so aim matters."""
    failed = 0
    for attempt in range(attempts):
        state = started(2, seed=3)
        faces = state.game.faces
        pile = [c for c in range(14) if c != 3] + [3]
        # The only card that fits (19) must lie near the end of the range that covers the pea.
        clash = [f.id for f in faces if f.id not in pile and not state.game.may_follow[3][f.id]][:2]
        mine = [19, *clash]
        arrange(state, bed=pile, hands=[mine, [c for c in range(36) if c not in pile + mine][:5]])
        state.current = 0
        bot = make_bot(state.game, 0, level)
        rng = random.Random(attempt)
        state.apply(bot.choose(state.view(0), state.legal_actions(0), rng))
        settle_with_referee(state)
        if state.phase == "princess":
            state.apply(bot.choose(state.view(0), state.legal_actions(0), rng))
            settle_with_referee(state)
        failed += any(e["what"] == "fails" for e in state.events)
    return failed


def test_a_steadier_hand_fails_less_often():
    """Skill is hand tremor: shaky hands miss the pea and topple things; a surgeon's rarely do.
    (A hand aims inside the pea's edge by twice its tremor, so a shaky miss takes some tries.)"""
    shaky, surgeon = failures_of("shaky", 40), failures_of("surgeon", 40)
    assert shaky >= 3 and surgeon < shaky


def test_a_hand_that_heeds_the_balance_less_aims_off_it_but_still_covers_the_pea():
    """balance_mm: a careless hand aims that far (sd) from the balance point each turn; a
    careful one lays every card at the same spot. Neither misses the pea for it."""
    state = started(2, seed=3)
    seat = state.current
    careful = make_bot(state.game, seat, "steady")
    careful.skill = dataclasses.replace(careful.skill, tremor_mm=0.0, tremor_deg=0.0, jitter_mm=0.0,
                                        balance_mm=0.0, lapse_rate=0.0)
    careless = make_bot(state.game, seat, "steady")
    careless.skill = dataclasses.replace(careful.skill, balance_mm=20.0)

    def laid_at(bot, seed):
        action = bot.choose(state.view(seat), state.legal_actions(seat), random.Random(seed))
        after = state.clone()
        after.apply(action)
        settle_with_referee(after)
        assert not any(e["what"] == "fails" and e["cause"] == MISSED_PEA for e in after.events)
        return trace_points(action.trace)[-1].x

    assert statistics.pstdev(laid_at(careful, seed) for seed in range(6)) < 0.5
    assert statistics.pstdev(laid_at(careless, seed) for seed in range(6)) > 4.0


def test_a_hand_that_lapses_now_and_then_makes_a_careless_placement_among_careful_ones():
    """lapse_rate / lapse_scale: nobody is careful every time. A nearly still hand that lapses
    in half its acts, its errors then 20 times as large, lays some cards where it aimed and
    some well off; with no tremor and no lapses, every card where it aimed."""
    state = started(2, seed=3)
    seat = state.current
    steady = make_bot(state.game, seat, "steady")
    exact = dataclasses.replace(steady.skill, tremor_mm=0.0, tremor_deg=0.0, jitter_mm=0.0, balance_mm=0.0,
                                lapse_rate=0.0)
    steady.skill = exact
    aimed = trace_points(steady.choose(state.view(seat), state.legal_actions(seat), random.Random(0)).trace)[-1].x

    def offs(skill):
        steady.skill = skill
        return [abs(trace_points(steady.choose(state.view(seat), state.legal_actions(seat),
                                               random.Random(seed)).trace)[-1].x - aimed) for seed in range(12)]

    assert max(offs(exact)) < 1e-6
    lapsing = dataclasses.replace(exact, tremor_mm=0.25, lapse_rate=0.5, lapse_scale=20.0)
    found = offs(lapsing)
    assert sum(off < 1.0 for off in found) >= 3, found       # careful: within four sd of 0.25 mm
    assert sum(off > 1.5 for off in found) >= 3, found       # absent-minded: 5 mm tremor
    assert dataclasses.replace(lapsing, lapse_scale=1.0).lapsed().tremor_mm == 0.25


def test_a_nervous_hand_errs_more_over_a_taller_pile():
    """nerves / nerves_from: past nerves_from cards on the bed, every error grows by ``nerves``
    per card. With the same dice over a one-card pile, a hand whose nerves start at card 0
    (1.0 per card) lays its card twice as far from where it aimed as a calm one; a hand whose
    nerves start at the pile's height lays it where the calm one does."""
    state = started(2, seed=3)
    seat = state.current
    bot = make_bot(state.game, seat, "steady")
    calm = dataclasses.replace(bot.skill, tremor_mm=1.0, tremor_deg=0.0, jitter_mm=0.0, balance_mm=0.0,
                               lapse_rate=0.0)

    def laid(skill):
        bot.skill = skill
        return [trace_points(bot.choose(state.view(seat), state.legal_actions(seat), random.Random(seed)).trace)[-1].x
                for seed in range(6)]

    bot.skill = dataclasses.replace(calm, tremor_mm=0.0)
    aimed = laid(bot.skill)[0]
    calm_laid = laid(calm)
    calm_offs = [x - aimed for x in calm_laid]
    assert min(abs(off) for off in calm_offs) > 0.01, calm_offs
    nervous_offs = [x - aimed for x in laid(dataclasses.replace(calm, nerves=1.0, nerves_from=0))]
    assert nervous_offs == pytest.approx([2 * off for off in calm_offs], abs=1e-9)
    assert laid(dataclasses.replace(calm, nerves=1.0, nerves_from=1)) == calm_laid


def test_a_bot_sees_only_its_view():
    """Bots get the seat's view (play_out passes nothing else); it holds no other hand."""
    state = started(3)
    view = state.view(1)
    assert view["hand_cards"] == state.hands[1]
    assert "open_hand_cards" not in view
    bot = make_bot(state.game, state.current, "steady")
    action = bot.choose(state.view(state.current), state.legal_actions(state.current), random.Random(0))
    state.check(action)


def test_a_hand_lays_its_card_beside_cards_that_lean_over_the_pile():
    """A real table from a shaky hand's run: five cards that slid off lie in the bed leaning
    over the pile's top. Laid at the balance point, the card meets them on the way down and
    slides off (the hand did so seven times in a row). A hand sees them: every spot it aims
    at is clear of them, and a card lowered there stays on top, covering the pea."""
    game = load_game("wackelbett", players=1)
    physics, faces = game.physics, game.faces
    data = json.loads((Path(__file__).parent / "data" / "cards_leaning_over_pile.json").read_text(encoding="utf-8"))
    layout = TableLayout(BodyPose(*data["bed"]), tuple((c, BodyPose(x, y, a)) for c, x, y, a in data["cards"]),
                         BodyPose(*data["princess"]))
    card, face = data["card"], faces[data["card"]]
    assert not judge_card(physics, faces, layout, card, tuple(data["trace"])).on_top
    top = layout.pose_of(layout.top_card)
    where_it_was_laid = world_to_local(top, data["trace"][-3], data["trace"][-2])[0]
    assert not is_clear_above(physics, layout, where_it_was_laid)

    spots = aim_spots(physics, layout, faces, face, (0.0, 6.0, -6.0))
    assert spots
    for along in spots:
        assert is_clear_above(physics, layout, along)
        target = rest_pose_on(physics, layout, along)
        laid = judge_card(physics, faces, layout, card, lowering_trace(physics, target,
                                                                       start_height(physics, layout, target)))
        assert laid.on_top and laid.pea_covered and not laid.fallen_cards


def test_the_balance_rule_lays_the_next_card_on_the_high_side_of_a_leaning_bed():
    """Issue 27: a careful hand sees which way the bed leans and lays the next card so that the
    pile's weight comes back over the bed's middle. Twenty cards each 1 mm right of the middle
    lean the bed right; the card goes left of where it would go on a balanced pile, and laid
    there by a steady hand, the bed comes back towards level."""
    from simulator.games.wackelbett.referee import judge_card
    from simulator.games.wackelbett.world import WackelbettWorld

    game = load_game("wackelbett", players=1)
    physics, faces = game.physics, game.faces
    card = next(c for c, face in enumerate(faces) if face.crown == 0.0 and c >= 20)  # the princess over the card
    spots, leans = {}, {}
    for offset in (0.0, 1.0):
        world = WackelbettWorld(physics, faces, neat_stack(physics, range(20), [offset] * 20))
        for _ in range(10 * physics.solver.frame_hz):  # to where it rests (the settle watch may stop it creeping)
            world.step_frame()
        layout = world.layout()
        spots[offset] = steady_spot(physics, layout, faces[card])
        leans[offset] = layout.bed.angle
        if offset:
            target = rest_pose_on(physics, layout, spots[offset])
            laid = judge_card(physics, faces, layout, card, lowering_trace(physics, target,
                                                                           start_height(physics, layout, target)))
            assert laid.on_top and not laid.fallen_cards
            assert abs(laid.layout.bed.angle) < abs(leans[offset]), "the bed comes back towards level"
    assert leans[1.0] < 0 and spots[1.0] < spots[0.0] - 3.0
