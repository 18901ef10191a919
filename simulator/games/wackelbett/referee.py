"""The Wackelbett table's referee: the physics decides how a placement ended.

Each ``judge_*`` function builds a fresh :class:`~.world.WackelbettWorld` from a
recorded :class:`~.layout.TableLayout`, plays what the hand did, lets everything
settle (or the scene's time limit pass) and returns a :class:`~.layout.TableOutcome`.
They are pure functions of their inputs -- the same layout and the same hand
trace always give the same outcome -- which is what lets the referee, a bot
trying a placement, and a screen that ran the same frames live all agree.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Sequence

from simulator.engine import Game, State
from simulator.physics.snapshot import BodyPose

from .components import CardFace, WackelbettPhysics
from .hand import trace_points
from .layout import TableLayout, TableOutcome, rest_pose_on, wrap_angle
from .verdict import STAGES, Verdict
from .world import WackelbettWorld


def _is_pushed(physics: WackelbettPhysics, before: BodyPose, now: BodyPose | None, *, toppled: bool) -> bool:
    """Was she pushed aside (both poses in the bed's frame)? Not when she left the bed (that is a
    fall) nor when she fell over on it ("luck is with you"); she was when she stands (or lies, as
    laid) more than ``push_distance`` from where she was."""
    if now is None or toppled:
        return False
    return math.hypot(now.x - before.x, now.y - before.y) > physics.princess.push_distance


def judge_setup(physics: WackelbettPhysics, faces: Sequence[CardFace], layout: TableLayout, card: int,
                *, lying: bool) -> TableOutcome:
    """Lay ``card`` across the middle of the bed, put the princess on its crown, settle."""
    world = WackelbettWorld(physics, faces, layout)
    world.hold_card(card, rest_pose_on(physics, layout, 0.0, gap=0.05))
    world.release()
    world.place_princess(card, 0.0, lying=lying)
    world.settle()
    return world.outcome()


def judge_card(physics: WackelbettPhysics, faces: Sequence[CardFace], layout: TableLayout, card: int,
               trace: Sequence[float]) -> TableOutcome:
    """Play the hand ``trace`` laying ``card`` on ``layout``, let go, settle and judge.

    The princess counts as pushed aside when, once everything has settled, she stands more
    than the scene allows away from where she stood, in the bed's frame (so shoving the card
    she stands on pushes her too, while the bed's wobble does not, nor a rock she came back
    from). Fallen over on the bed is luck, as the rulebook says; fallen off it is a fall.
    """
    world = WackelbettWorld(physics, faces, layout)
    beneath = layout.top_card
    points = trace_points(trace)
    world.hold_card(card, points[0])
    start = world.princess_relative_to(None)
    for point in points[1:]:
        world.move_hand(point.x, point.y, point.angle)
        world.step_frame()
    world.release()
    world.settle()
    stood = start is not None and abs(wrap_angle(start.angle)) <= physics.princess.upright_tolerance
    toppled = stood and not world.is_princess_upright()
    pushed = start is not None and _is_pushed(physics, start, world.princess_relative_to(None), toppled=toppled)
    covered = beneath is None or (world.is_card_on_bed(beneath) and world.covers_pea(card, beneath))
    return world.outcome(pea_covered=covered, on_top=world.is_on_top(card), princess_pushed=pushed)


def judge_princess(physics: WackelbettPhysics, faces: Sequence[CardFace], layout: TableLayout,
                   trace: Sequence[float]) -> TableOutcome:
    """Play the hand ``trace`` putting the princess down on ``layout`` (she is lifted off
    wherever she was), let go, settle and judge."""
    world = WackelbettWorld(physics, faces, replace(layout, princess=None))
    points = trace_points(trace)
    world.hold_princess(points[0])
    for point in points[1:]:
        world.move_hand(point.x, point.y, point.angle)
        world.step_frame()
    world.release()
    world.settle()
    return world.outcome()


def judge_lift(physics: WackelbettPhysics, faces: Sequence[CardFace], layout: TableLayout,
               *, lay_down: bool) -> TableOutcome:
    """The princess is lifted off the bed and whatever tilts by itself settles. With
    ``lay_down`` (every try to stand her back up failed) the table then lays her down on
    the top card's crown, so the game can go on, and all settles again."""
    world = WackelbettWorld(physics, faces, replace(layout, princess=None))
    world.settle()
    if lay_down:
        world.place_princess(world.top_card(), 0.0, lying=True)
        world.settle()
    return world.outcome()


class WackelbettReferee:
    """Acts for the table (REFEREE): judges whatever the state is waiting for."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def decide(self, state: State) -> Verdict:
        """The verdict the state waits for. Raises RuntimeError if it waits for none."""
        return Verdict.of(*self.judge(state))

    def judge(self, state: State) -> tuple[str, TableOutcome]:
        """What the state waits for is judged: (the stage, the outcome the verdict reports)."""
        g = self.game
        stage = STAGES.get(state.phase)
        layout = state.layout
        if stage == "setup":
            assert state.placing is not None
            outcome = judge_setup(g.physics, g.faces, layout, state.placing, lying=state.lies_princess_down())
        elif stage == "card":
            assert state.placing is not None
            outcome = judge_card(g.physics, g.faces, layout, state.placing, state.trace)
        elif stage in ("princess", "restand"):
            outcome = judge_princess(g.physics, g.faces, layout, state.princess_trace)
        elif stage == "settle":
            outcome = judge_lift(g.physics, g.faces, layout, lay_down=state.lays_princess_down_for_the_table)
        else:
            raise RuntimeError(f"the table has nothing to judge in phase {state.phase!r}")
        return stage, outcome
