"""The live world on screen: a card carried by the hand, and the referee's stages played frame by frame.

A :class:`LiveJob` is a :class:`~.world.WackelbettWorld` advanced one fixed frame at a
time by a script (a generator: one ``yield`` per frame). :func:`carry_job` lets a human
carry a card (the hand follows an aim read every frame; the trace is recorded);
:func:`stage_job` plays what the referee is about to judge (the set-up, a bot's or a
human's card, the princess lowered onto a crown, the bed settling while she is lifted off) with the same world
calls in the same order as ``referee.py``, so the settled table equals the verdict's.
Bodies that fly in are drawn in the air first and join the world where the referee's
world has them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator, Sequence

from simulator.physics.snapshot import BodyPose
from simulator.physics.stepping import FrameClock

from .components import CardFace, WackelbettPhysics
from .drawing import Camera, lerp_layout, lerp_pose
from .hand import trace_points
from .layout import TableLayout, TableOutcome, rest_pose_on
from .rules import CARD_VERDICT, LIFT, PRINCESS_PHASES, PRINCESS_VERDICT, RESTAND_VERDICT, SETUP
from .world import WackelbettWorld

FLY_FRAMES = 36           # a bot's card or princess flies in this many frames before the world takes it
CARRY = ("carry",)        # the key of a card a human carries, until the rules accept its placement


def _ease(t: float) -> float:
    return 1 - (1 - t) ** 3


def snapshot(world: WackelbettWorld) -> TableLayout:
    """Every body in ``world`` as plain poses (fallen cards too), for drawing."""
    cards_now = tuple((card, world.card_pose(card)) for card in world.card_ids())
    return TableLayout(world.bed_pose(), cards_now, world.princess_pose())


def settling(world: WackelbettWorld) -> Iterator[None]:
    """``world.settle()`` one frame per step: the same frames, the same stop."""
    yield from world.settling_frames()


def stage_key(view: dict[str, Any]) -> tuple:
    """What the referee is about to judge, as a comparable value."""
    return (view["phase"], tuple(view["bed_cards"]), tuple(map(tuple, view["card_poses"])),
            tuple(view["bed_pose"]), tuple(view["princess_pose"] or ()), view["placing_card"],
            tuple(view["trace"]), view["last_laid_card"], tuple(view["princess_trace"]), view["princess_lying"],
            view["restand_failures"])


def hand_target(physics: WackelbettPhysics, camera: Camera, mouse: tuple[int, int], tilt: float) -> BodyPose:
    """Where the cursor asks the hand to be, inside what a hand may do over the table."""
    x, y = camera.to_world(*mouse)
    reach = physics.table.half_width - 1.0
    return BodyPose(max(-reach, min(reach, x)), max(1.0, y), tilt)


@dataclass(eq=False)
class LiveJob:
    """A world on screen, advanced one fixed frame at a time by ``script``.

    ``key`` names the state it plays (:func:`stage_key`, or :data:`CARRY`). Bodies the
    table holds in the air (flying in, not yet in the world) are drawn from ``air_card``
    and ``air_princess``.
    """

    world: WackelbettWorld
    key: tuple
    stage: str
    clock: FrameClock
    script: Iterator[None] | None = None
    before: TableLayout | None = None
    now: TableLayout | None = None
    done: bool = False
    done_for: float = 0.0
    settling: bool = False
    air_card: tuple[int, BodyPose] | None = None
    air_princess: BodyPose | None = None
    origin: TableLayout | None = None   # the recorded table the world was built from
    human: bool = False                 # a human carries ``card`` or the princess (else the table replays a trace)
    card: int | None = None
    carries_princess: bool = False      # the hand holds (or held) the princess, not a card
    trace: list[float] = field(default_factory=list)
    let_go: bool = False

    def __post_init__(self) -> None:
        self.before = self.now = snapshot(self.world)

    def advance(self, dt: float) -> None:
        """Step as many fixed frames as ``dt`` real seconds hold; count the time since it stopped."""
        if self.done:
            self.done_for += dt
            return
        for _ in range(self.clock.advance(dt)):
            self.step()
            if self.done:
                break
        if self.done:
            self.done_for += dt

    def step(self) -> None:
        if self.done or self.script is None:
            return
        try:
            next(self.script)
        except StopIteration:
            self.done = True
        self.before, self.now = self.now, snapshot(self.world)

    def drawn_layout(self) -> TableLayout:
        """The world between its last two frames, as far as real time has gone."""
        assert self.before is not None and self.now is not None
        return lerp_layout(self.before, self.now, self.clock.alpha) if not self.done else self.now

    @property
    def is_carrying(self) -> bool:
        """A human's hand holds a card or the princess over the bed, not yet let go."""
        return self.human and not self.let_go

    @property
    def frames(self) -> int:
        """Frames the hand has been recorded for."""
        return len(self.trace) // 3

    def open_hand(self) -> None:
        """Let go of what the hand carries: it falls and the world settles."""
        self.world.release()
        self.let_go = True
        self.settling = True

    def still_shows(self, view: dict[str, Any], layout: TableLayout | None, playable: set[int],
                    verdict_shown: bool) -> bool:
        """True while this world shows what ``view`` says; False when it should be retired.

        A carried card goes on while it may still be laid from the same table. Once let
        go and accepted by the rules, it becomes the stage the referee judges (the key
        changes); refused or undone, it is over. A settled stage stays while its verdict
        is shown (``verdict_shown``) or while it matches the recorded ``layout``.
        """
        phase = view["phase"]
        if self.human and not self.let_go:
            if self.carries_princess:
                return phase in PRINCESS_PHASES and self.origin == layout
            return self.card in playable and self.origin == layout
        if self.human and self.key == CARRY:
            if self.carries_princess:
                accepted = phase in (PRINCESS_VERDICT, RESTAND_VERDICT) and tuple(view["princess_trace"]) == tuple(self.trace)
            else:
                accepted = phase == CARD_VERDICT and view["placing_card"] == self.card \
                    and tuple(view["trace"]) == tuple(self.trace)
            if accepted:
                self.key = stage_key(view)  # accepted: the referee judges it next
            return accepted
        if self.key == stage_key(view):
            return True
        if self.done and verdict_shown:
            return True
        return self.done and self.world.layout() == layout

    def agrees_with(self, outcome: TableOutcome) -> bool:
        """The settled world equals the referee's outcome (its table and its fallen cards)."""
        return outcome.layout == self.world.layout() and tuple(outcome.fallen_cards) == self.world.fallen_cards()


# -- a human's hand ------------------------------------------------------------------------------
def carry_job(physics: WackelbettPhysics, faces: Sequence[CardFace], layout: TableLayout, card: int | None,
              pose: BodyPose, aim: Callable[[], BodyPose]) -> LiveJob:
    """A world of ``layout`` with ``card`` (the princess when None) held at ``pose``; every frame
    the hand moves to ``aim()`` and the target is appended to the trace, until the job is let go
    (:meth:`LiveJob.open_hand`). Built as the referee builds it: she is lifted off to be carried."""
    if card is None:
        world = WackelbettWorld(physics, faces, replace(layout, princess=None))
        world.hold_princess(pose)
    else:
        world = WackelbettWorld(physics, faces, layout)
        world.hold_card(card, pose)
    job = LiveJob(world, CARRY, "princess" if card is None else "card", FrameClock(physics.solver.frame_dt),
                  card=card, carries_princess=card is None, trace=[pose.x, pose.y, pose.angle], origin=layout,
                  human=True)
    job.script = _carry_script(job, aim)
    return job


def _carry_script(job: LiveJob, aim: Callable[[], BodyPose]) -> Iterator[None]:
    world = job.world
    while not job.let_go:
        target = aim()
        world.move_hand(*target)
        world.step_frame()
        job.trace.extend(target)
        yield
    yield from settling(world)


# -- the table's stages, as the referee plays them --------------------------------------------------
def stage_job(physics: WackelbettPhysics, faces: Sequence[CardFace], layout: TableLayout,
              view: dict[str, Any], *, restand_tries: int) -> LiveJob:
    """A live world playing what the referee is about to judge in ``view``, as the referee will."""
    phase = view["phase"]
    clock = FrameClock(physics.solver.frame_dt)
    key = stage_key(view)
    lying = bool(view["princess_lying"])
    if phase in (LIFT, PRINCESS_VERDICT, RESTAND_VERDICT):
        world = WackelbettWorld(physics, faces, replace(layout, princess=None))
        if phase == LIFT:
            job = LiveJob(world, key, "settle", clock)
            job.script = _lift_script(job, layout, view["restand_failures"] >= restand_tries)
        else:
            job = LiveJob(world, key, "princess" if phase == PRINCESS_VERDICT else "restand", clock,
                          carries_princess=True)
            job.script = _princess_script(job, layout, tuple(view["princess_trace"]))
        return job
    world = WackelbettWorld(physics, faces, layout)
    if phase == SETUP:
        job = LiveJob(world, key, "setup", clock)
        job.script = _setup_script(physics, job, layout, view["placing_card"], lying)
    else:
        job = LiveJob(world, key, "card", clock)
        job.script = _card_script(job, view["placing_card"], tuple(view["trace"]))
    return job


def _fly(job: LiveJob, start: BodyPose, end: BodyPose, *, princess: bool) -> Iterator[None]:
    """Carry a body through the air to where the world will take it (drawn only)."""
    for i in range(1, FLY_FRAMES + 1):
        t = _ease(i / FLY_FRAMES)
        pose = lerp_pose(start, end, t)
        lifted = BodyPose(pose.x, pose.y + 30.0 * math.sin(math.pi * t), pose.angle)
        if princess:
            job.air_princess = lifted
        else:
            job.air_card = (job.air_card[0] if job.air_card else -1, lifted)
        yield


def _entry_pose(end: BodyPose) -> BodyPose:
    """Where a card the table or a bot brings appears: up and to the right, off the bed."""
    return BodyPose(end.x + 140.0, end.y + 20.0, 0.0)


def _setup_script(physics: WackelbettPhysics, job: LiveJob, layout: TableLayout, card: int,
                  lying: bool) -> Iterator[None]:
    # the same calls in the same order as referee.judge_setup
    world = job.world
    pose = rest_pose_on(physics, layout, 0.0, gap=0.05)
    job.air_card = (card, _entry_pose(pose))
    yield from _fly(job, _entry_pose(pose), pose, princess=False)
    job.air_card = None
    world.hold_card(card, pose)
    world.release()
    aim = world.princess_spot(card, 0.0, lying)
    job.air_princess = BodyPose(aim.x - 120.0, aim.y + 60.0, 0.0)
    job.before = job.now = snapshot(world)
    yield from _fly(job, job.air_princess, aim, princess=True)
    job.air_princess = None
    world.place_princess(card, 0.0, lying=lying)
    job.settling = True
    yield from settling(world)


def _card_script(job: LiveJob, card: int, trace: tuple[float, ...]) -> Iterator[None]:
    # the same calls in the same order as referee.judge_card
    world = job.world
    points = trace_points(trace)
    job.air_card = (card, _entry_pose(points[0]))
    yield from _fly(job, _entry_pose(points[0]), points[0], princess=False)
    job.air_card = None
    world.hold_card(card, points[0])
    job.card = card
    yield from _lower_and_let_go(job, points)


def _princess_script(job: LiveJob, layout: TableLayout, trace: tuple[float, ...]) -> Iterator[None]:
    # the same calls in the same order as referee.judge_princess; she is carried from where she stood
    world = job.world
    points = trace_points(trace)
    start = layout.princess if layout.princess is not None else _entry_pose(points[0])
    job.air_princess = start
    yield from _fly(job, start, points[0], princess=True)
    job.air_princess = None
    world.hold_princess(points[0])
    yield from _lower_and_let_go(job, points)


def _lower_and_let_go(job: LiveJob, points) -> Iterator[None]:
    """The hand follows ``points`` one frame each, lets go, and the world settles."""
    world = job.world
    for point in points[1:]:
        world.move_hand(point.x, point.y, point.angle)
        world.step_frame()
        yield
    world.release()
    job.let_go = True
    job.settling = True
    yield from settling(world)


def _lift_script(job: LiveJob, layout: TableLayout, lay_down: bool) -> Iterator[None]:
    # the same calls in the same order as referee.judge_lift: she is lifted off, what is loose settles
    world = job.world
    if layout.princess is not None:
        job.air_princess = layout.princess
        yield from _fly(job, layout.princess, _aside(layout.princess), princess=True)
    job.settling = True
    yield from settling(world)
    job.air_princess = None
    if lay_down:
        world.place_princess(world.top_card(), 0.0, lying=True)
        yield from settling(world)


def _aside(pose: BodyPose) -> BodyPose:
    """Where a lifted princess waits, drawn in the air beside the bed."""
    return BodyPose(pose.x - 150.0, pose.y + 50.0, 0.0)
