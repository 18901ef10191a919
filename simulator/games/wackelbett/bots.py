"""Wackelbett bots: they play through the same physics as the referee.

A bot sees only its seat's view. To lay a card it rebuilds the table from the
view, tries a few candidate placements in a copy of the world (the referee's own
``judge_card``/``judge_princess``, imported lazily so this module stays pure) and
picks the one that stands best. Then its hand trembles: the trace it submits is
the chosen placement plus noise in position, angle and release height, drawn
from the bot's :class:`~.components.HandSkill` (``[bots.*]`` in the scene file).
Levels, weakest first: shaky, steady, surgeon.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from simulator.engine import Action
from simulator.physics.snapshot import BodyPose

from .components import HandSkill
from .hand import aim_spots, lowering_trace, princess_trace, princess_trace_problem, start_height
from .layout import TableLayout, crown_point, rest_pose_on, wrap_angle
from .rules import Pass, PlaceCard, PlacePrincess, WackelbettGame, layout_from_view

# Where to try a card, in mm from its steady spot, most promising first.
_SPOT_OFFSETS = (0.0, 6.0, -6.0, 12.0, -12.0, 18.0, -18.0)
# How many standard deviations of its tremor a hand keeps its aim inside the pea's edge.
_TREMOR_MARGIN = 2.0


@dataclass(frozen=True)
class _Trial:
    """One placement tried in a copy of the world, and how well it stood."""

    card: int
    along: float
    score: tuple[float, ...]

    @property
    def stands(self) -> bool:
        return self.score[0] > 0


class WackelbettBot:
    """Chooses card and placement by trying them in the physics; its hand trembles."""

    level: ClassVar[str]

    def __init__(self, game: WackelbettGame, seat: int) -> None:
        self.game = game
        self.seat = seat
        if self.level not in game.bot_skills:
            raise game.scene.error(f"bots.{self.level}", "is missing: every bot level needs its hand skill")
        self.skill = game.bot_skills[self.level]

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        layout = layout_from_view(view)
        if any(isinstance(a, PlacePrincess) for a in legal_actions):
            return self._place_princess(view, layout, self._hand_now(rng, len(layout.cards)), rng)
        cards = list(dict.fromkeys(a.card for a in legal_actions if isinstance(a, PlaceCard)))
        if not cards:
            return legal_actions[0]  # draw or pass: the only move there is
        hand = self._hand_now(rng, len(layout.cards))
        lying = self.game.princess_lying or (view["mode"] == "table" and len(view["hand_cards"]) == 1)
        # A hand that heeds the balance less aims off the balance point (never off the pea).
        off_balance = rng.gauss(0.0, hand.balance_mm) if hand.balance_mm else 0.0
        best = self._best_trial(layout, cards, lying, off_balance)
        keep = next((a for a in legal_actions if isinstance(a, Pass)), None)
        if keep is not None and not best.stands:
            return keep  # the drawn card would not stand: keep it
        return PlaceCard(self.seat, best.card, self._trembling_trace(layout, best, hand, rng))

    def _hand_now(self, rng: random.Random, pile: int) -> HandSkill:
        """The hand for this act over a pile of ``pile`` cards: nervous near the top (``nerves``),
        and now and then (``lapse_rate``) absent-minded."""
        s = self.skill.over_pile(pile)
        return s.lapsed() if s.lapse_rate and rng.random() < s.lapse_rate else s

    # -- thinking ----------------------------------------------------------------
    def _candidates(self, layout: TableLayout, cards: list[int], off_balance: float) -> list[tuple[int, float]]:
        """(card, offset along the top card), each card's best guesses first, round robin;
        ``off_balance`` mm moves every guess away from the balance point."""
        g = self.game
        margin = max(2.0, _TREMOR_MARGIN * self.skill.tremor_mm)  # a hand that trembles aims well inside the pea
        offsets = [offset + off_balance for offset in _SPOT_OFFSETS]
        per_card = [[(card, along) for along in aim_spots(g.physics, layout, g.faces, g.faces[card], offsets, margin)]
                    for card in cards]
        order = []
        for rank in range(max(len(spots) for spots in per_card)):
            order += [spots[rank] for spots in per_card if rank < len(spots)]
        return order

    def _best_trial(self, layout: TableLayout, cards: list[int], lying: bool, off_balance: float) -> _Trial:
        from .referee import judge_card, judge_princess

        g = self.game
        trials = []
        for card, along in self._candidates(layout, cards, off_balance)[: self.skill.tries]:
            target = rest_pose_on(g.physics, layout, along)
            trace = lowering_trace(g.physics, target, start_height(g.physics, layout, target))
            laid = judge_card(g.physics, g.faces, layout, card, trace)
            card_stays = (not laid.fallen_cards and not laid.princess_pushed and laid.on_top
                          and (laid.pea_covered or not g.cover_pea))
            if not card_stays:
                trials.append(_Trial(card, along, (0.0, 0.0, 0.0, 0.0)))
                continue
            after = judge_princess(g.physics, g.faces, laid.layout,
                                   princess_trace(g.physics, laid.layout, g.faces, card, lying))
            stands = not after.fallen_cards and after.layout.princess is not None
            bed = after.layout.bed
            crown_x = crown_point(g.physics, g.faces[card], laid.layout.pose_of(card))[0]
            trials.append(_Trial(card, along, (
                float(stands),
                float(after.princess_upright or lying),
                -abs(wrap_angle(bed.angle)),        # a level bed is a steady bed
                -abs(crown_x - bed.x),              # the princess's weight over the pea
            )))
        return max(trials, key=lambda t: t.score)

    # -- the hand ----------------------------------------------------------------
    def _trembling_trace(self, layout: TableLayout, trial: _Trial, s: HandSkill,
                         rng: random.Random) -> tuple[float, ...]:
        g = self.game
        aim = rest_pose_on(g.physics, layout, trial.along)
        target = BodyPose(aim.x + rng.gauss(0.0, s.tremor_mm),
                          aim.y,
                          aim.angle + math.radians(rng.gauss(0.0, s.tremor_deg)))
        release = g.physics.hand.release_clearance + abs(rng.gauss(0.0, s.release_mm))
        start = start_height(g.physics, layout, target) + release
        jitter = [rng.gauss(0.0, s.jitter_mm) for _ in range(8)]
        moving = rng.gauss(0.0, s.release_speed) if s.release_speed else 0.0  # still moving when it lets go
        return lowering_trace(g.physics, target, start, release_gap=release, jitter=jitter, release_speed=moving)

    def _place_princess(self, view: dict[str, Any], layout: TableLayout, s: HandSkill,
                        rng: random.Random) -> PlacePrincess:
        """Lower her onto the crown with hand ``s``'s tremble: off the crown's middle, turned,
        let go too high, shaking on the way down."""
        g = self.game
        limit = g.physics.card.crown_radius if view["princess_card"] is not None else 0.0
        dx = max(-limit, min(limit, rng.gauss(0.0, s.princess_mm)))
        tilt = math.radians(max(-40.0, min(40.0, rng.gauss(0.0, s.princess_deg))))
        release = g.physics.hand.release_clearance + abs(rng.gauss(0.0, s.princess_release_mm))
        jitter = [rng.gauss(0.0, s.jitter_mm) for _ in range(8)]
        # too fast on the way down, still moving sideways when she is let go
        lower = g.physics.hand.lower_speed + abs(rng.gauss(0.0, s.princess_speed)) if s.princess_speed else None
        sideways = rng.gauss(0.0, s.princess_sideways) if s.princess_sideways else 0.0
        card, lying = view["princess_card"], bool(view["princess_lying"])
        for _ in range(4):  # a hand that would let go off the crown corrects itself
            trace = princess_trace(g.physics, layout, g.faces, card, lying, dx=dx, tilt=tilt, release_gap=release,
                                   jitter=jitter, lower_speed=lower, release_speed=sideways)
            if princess_trace_problem(g.physics, layout, g.faces, card, lying, trace) is None:
                break
            dx, tilt, jitter, sideways = dx / 2, tilt / 2, [j / 2 for j in jitter], sideways / 2
        else:
            trace = princess_trace(g.physics, layout, g.faces, card, lying)
        return PlacePrincess(self.seat, trace)


class ShakyHandBot(WackelbettBot):
    """A trembling, careless hand (``[bots.shaky]``)."""

    level = "shaky"


class SteadyHandBot(WackelbettBot):
    """A calm hand that lays by the balance rule (``[bots.steady]``)."""

    level = "steady"


class SurgeonHandBot(WackelbettBot):
    """A hand that barely trembles and tries many spots in its head (``[bots.surgeon]``)."""

    level = "surgeon"
