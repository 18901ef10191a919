"""How Wackelbett sits on the table, and how the mouse plays it: the physics is the referee.

The table is seen from the side (``drawing.py``): the tin bed rocking on its pea, the
bedding cards on it, Penny Pea princess on top. The displayed player's hand lies in a
tray at the bottom, face up. Everything that moves on screen moves in a live pymunk
world (``world.py``) stepped at the world's fixed frame rate:

- *A human lays a card*: pressing a lit card in the hand and lifting the cursor above
  the pile picks the card up: a world is built from the recorded table and the card
  hangs from the cursor through the hand's joint of limited force (a clumsy move shoves
  the stack). Every frame the cursor becomes the hand's target and is recorded; letting
  go submits :class:`~.rules.PlaceCard` with that trace and the world settles on screen.
- *The table judges*: when the rules wait for the referee, this view plays the pending
  placement (a bot's trace, the princess put down, the set-up, the princess stood back
  up) through a fresh world frame by frame, shows it settle, then asks the table's
  referee, which re-simulates the same frames from the same poses. The verdict's poses
  equal the live world's (checked every time: :attr:`WackelbettView.live_checks`).
- *The princess*: the ghost follows the cursor along the card just laid; a click stands
  her there (the crown's reach is marked on the card).

The solo challenge records its score in the high-score book under the user folder and
shows the book when the run ends.
"""
from __future__ import annotations

import datetime
import math
from dataclasses import dataclass, field, replace
from typing import Any, Iterator

import pygame

from simulator.engine import REFEREE, Action
from simulator.physics.snapshot import BodyPose
from simulator.physics.stepping import FrameClock
from simulator.ui.card_art import card_back, glow, mark
from simulator.ui.game_view import GameView, SeatPlate, Summary
from simulator.ui.sprites import Place, SpriteLayer, fan
from simulator.ui.theme import DANGER, GOLD, GOOD, HIGHLIGHT, INK, TEXT, TEXT_DIM, font, panel, text, wrap

from .challenge import ChallengeScore, HighScoreBook
from .drawing import Camera, TablePainter, card_top_face, crown_icon, lerp_layout, lerp_pose, mix
from .hand import lowering_trace, lowest_start, start_height, trace_points
from .layout import (TableLayout, covers_pea, crown_point, local_to_world, pea_point, pile_top, rest_pose_on,
                     world_to_local)
from .rules import (CARD_VERDICT, DRAWN, OVER, PRINCESS, PRINCESS_VERDICT, RESTAND, SETUP, TURN, DrawCard,
                    Pass, PlaceCard, PlacePrincess, WackelbettGame, layout_from_view)
from .world import WackelbettWorld

PLAY_RECT = pygame.Rect(0, 0, 1030, 596)        # the side view of the table
TRAY_RECT = pygame.Rect(0, 596, 1030, 124)      # the player's hand, face up
HAND_CARD = (150, 94)
MINI_CARD = (84, 54)
HAND_Y = TRAY_RECT.top + 62
DRAW_PILE_POS = (966, HAND_Y)
RESERVE_POS = (64, HAND_Y)
PASS_BUTTON = pygame.Rect(880, TRAY_RECT.top - 50, 172, 40)
TABLE_Y = 560             # screen y of the table top while the pile is low
SCALE_MAX = 4.4           # px per mm: a 90 mm card is about 400 px wide
STACK_SCALE_MIN = 2.9     # a growing pile zooms out to this, then the camera rises with it
SCALE_MIN = 2.2           # cards that fell beside the bed zoom out to this
DRAG_THRESHOLD = 6
TILT_STEP = math.radians(2.0)   # per wheel notch
TILT_SPEED = math.radians(40.0)  # per second while a tilt key is held
TILT_LIMIT = math.radians(45.0)
TILT_KEYS = {pygame.K_q: 1, pygame.K_LEFT: 1, pygame.K_e: -1, pygame.K_RIGHT: -1}  # +1: anticlockwise
FLY_FRAMES = 36           # a bot's card or princess flies in this many frames before the world takes it
SETTLED_BEAT = 0.35       # s the settled table is shown before the verdict is asked for
VERDICT_HOLD = 1.2        # s the verdict banner holds the next machine move back
FAIL_HOLD = 2.6
FADE_SECONDS = 0.8

HELP = """# Wackelbett

Stack bedding cards on the wobbling princess bed and stand Penny Pea princess on top.
The first player to lay their last card (and lay the princess down safely on it) wins.

# Your turn
Lay a card that is neither the same colour nor the same bedding as the top card. Lit
cards in your hand fit; point at a dim card to see why it does not.

Press a lit card and lift it above the bed: it now hangs from your hand. Lower it onto
the pile so that it completely covers the green pea printed on the top card, and let
go (or click a card, move it over the bed and click again). The mouse wheel (or Q and
E, or the arrow keys) tilts the card. Careful: the card is a real object. Bump the pile
and things slide. Once it hangs over the bed it must be laid; before that a right-click
puts it back.

Once everything has settled the table judges: if a card or the princess slid off the
bed, the pea is still showing, or you pushed the princess aside, you take your card back
(other cards that fell go face up to the reserve).

Then stand Penny Pea on the crown of the card you laid: move her along the card and
click. The crown's reach is marked in green.

If no card fits, click the draw pile. A drawn card that fits may be laid at once or kept.

# Solo challenge
One player (python -m simulator play wackelbett --players 1): stack the deck card by
card as high as you can. The run ends at the first fall. Your best heights go into the
high-score table. The challenge of the day deals everyone the same deck that day (the
sidebar says "Daily challenge").

# Colours
Rose has a circle, sky a triangle, lemon a square and mint a diamond, on every card
in the hand and on both ends of every card on the bed.

# Keys
Esc menu · F1 this help · Ctrl+Z undo · Ctrl+S save · Ctrl+O load · F12 screenshot
"""


def cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def _ease(t: float) -> float:
    return 1 - (1 - t) ** 3


# -- the live world and what it is playing -----------------------------------------------
def snapshot(world: WackelbettWorld) -> TableLayout:
    """Every body in ``world`` as plain poses (fallen cards too), for drawing."""
    cards_now = tuple((card, world.card_pose(card)) for card in world.card_ids())
    return TableLayout(world.bed_pose(), cards_now, world.princess_pose())


def settling(world: WackelbettWorld) -> Iterator[None]:
    """``world.settle()`` one frame per step: the same frames, the same stop."""
    watch = world.settle_watch()
    for _ in range(world.physics.solver.settle_limit_frames):
        world.step_frame()
        yield
        if watch.update(world.moving_bodies()):
            return


@dataclass(eq=False)
class LiveJob:
    """A world on screen, advanced one fixed frame at a time by ``script``.

    ``key`` names the state it plays (see :meth:`WackelbettView._stage_key`). Bodies the
    table holds in the air (flying in, not yet in the world) are drawn from ``air_card``
    and ``air_princess``; ``hide_princess`` hides the world's princess while she is in
    the air.
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
    hide_princess: bool = False
    origin: TableLayout | None = None   # the recorded table the world was built from
    human: bool = False                 # a human carries ``card`` (else the table replays a trace)
    card: int | None = None
    trace: list[float] = field(default_factory=list)
    let_go: bool = False

    def __post_init__(self) -> None:
        self.before = self.now = snapshot(self.world)

    def advance(self, dt: float) -> None:
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
        assert self.before is not None and self.now is not None
        return lerp_layout(self.before, self.now, self.clock.alpha) if not self.done else self.now

    @property
    def frames(self) -> int:
        return len(self.trace) // 3


@dataclass
class HandDrag:
    """A card taken from the hand, not yet over the bed. ``sticky``: taken with a click, it
    follows the cursor until the next click; otherwise it is laid when the button is let go."""

    card: int
    start: tuple[int, int]
    sticky: bool = False


@dataclass
class Banner:
    """The table's verdict, shown for a while."""

    title: str
    lines: list[str]
    good: bool
    seconds: float = 5.0


class WackelbettView(GameView):
    """The side view of the bed, the live world, the hand tray and the verdicts."""

    help_text = HELP
    game: WackelbettGame

    def __init__(self, game: WackelbettGame, names) -> None:
        super().__init__(game, names)
        self.physics = game.physics
        self.painter = TablePainter(game.physics, game.faces, game.colour_rgb, game.colours)
        self.camera = Camera(SCALE_MAX, (PLAY_RECT.centerx, TABLE_Y), 0.0)
        self.hand_sprites = SpriteLayer(self._render_face)
        self.layout: TableLayout | None = None
        self.job: LiveJob | None = None
        self.fading: list[tuple[int, BodyPose, float]] = []
        self.drag: HandDrag | None = None
        self.tilt = 0.0
        self.mouse = (PLAY_RECT.centerx, PLAY_RECT.centery)
        self.hover: int | None = None
        self.playable: set[int] = set()
        self.can_draw = False
        self.pass_action: Pass | None = None
        self.princess_card: int | None = None
        self.aiming = False
        self.preview_world: tuple[tuple, WackelbettWorld] | None = None
        self.banner: Banner | None = None
        self.hold = 0.0            # s the table waits after a verdict before its next move
        self.tip: tuple[str, float] | None = None
        self.clock = 0.0
        self.last_actor: int | None = None
        self.dropped_princess = False
        #: (stage, live world's settled table == referee's verdict) for every verdict asked for
        self.live_checks: list[tuple[str, bool]] = []
        self.recorded_place: int | None = None
        self.high_scores: list[ChallengeScore] = []
        self.score_problem = ""
        self._seen_refresh = False
        self._was_over = False

    # -- faces in the hand -------------------------------------------------------------------
    def _render_face(self, key) -> pygame.Surface:
        kind = key[0]
        if kind == "back":
            return card_back(key[1], "Wackelbett", fill=(96, 60, 120), trim=(236, 208, 150))
        _, card, size, dim = key
        face = self.game.faces[card]
        return card_top_face(face, self.physics, self.game.colour_rgb[face.colour],
                             self.painter.colour_mark[face.colour], size, dim=dim)

    # -- new information ----------------------------------------------------------------------
    def refresh(self, viewer, view: dict[str, Any], legal: list[Action]) -> None:
        super().refresh(viewer, view, legal)
        first = not self._seen_refresh
        self._seen_refresh = True
        self.layout = layout_from_view(view)
        self.playable = {a.card for a in legal if isinstance(a, PlaceCard)}
        self.can_draw = any(isinstance(a, DrawCard) for a in legal)
        self.pass_action = next((a for a in legal if isinstance(a, Pass)), None)
        may_princess = any(isinstance(a, PlacePrincess) for a in legal)
        self.princess_card = view["last_laid_card"] if may_princess else None
        if not may_princess:
            self.aiming = False
        self._reconcile_job(view)
        if self.drag is not None and self.drag.card not in self.playable:
            self.drag = None
        self._record_challenge(view, first)
        self._layout_hand()

    def _stage_key(self, view: dict[str, Any]) -> tuple:
        """What the referee is about to judge, as a comparable value."""
        return (view["phase"], tuple(view["bed_cards"]), tuple(map(tuple, view["card_poses"])),
                tuple(view["bed_pose"]), tuple(view["princess_pose"] or ()), view["placing_card"],
                tuple(view["trace"]), view["last_laid_card"], view["princess_dx"], view["princess_lying"])

    def _reconcile_job(self, view: dict[str, Any]) -> None:
        """Keep the live world that shows what the state says; retire one that no longer does."""
        job = self.job
        if job is None:
            return
        phase = view["phase"]
        if job.human and not job.let_go:
            # A human is carrying a card: it goes on only while it is still their turn to lay it.
            if phase in (TURN, DRAWN) and job.card in self.playable and job.origin == self.layout:
                return
            self._retire_job()
            return
        if job.human and job.key == ("carry",):
            if phase == CARD_VERDICT and view["placing_card"] == job.card and tuple(view["trace"]) == tuple(job.trace):
                job.key = self._stage_key(view)  # the placement was accepted: the referee will judge it
                return
            self._retire_job()  # refused or undone: the card is back in the hand
            return
        if job.key == self._stage_key(view):
            return
        if job.done and self.hold > 0:
            return  # the verdict is being shown, fallen cards and all
        if job.done and job.world.layout() == self.layout:
            return
        self._retire_job()

    def _retire_job(self) -> None:
        """Stop drawing the live world; cards in it that the table no longer holds fade out."""
        job = self.job
        self.job = None
        if job is None or job.now is None or self.layout is None:
            return
        kept = set(self.layout.card_ids)
        self.fading = [(card, pose, FADE_SECONDS) for card, pose in job.now.cards if card not in kept]

    # -- the challenge's high scores ----------------------------------------------------------
    def _record_challenge(self, view: dict[str, Any], first: bool) -> None:
        if view["mode"] != "challenge" or view["phase"] != OVER:
            return
        if first:
            self._was_over = True  # a finished run loaded from a file: already recorded when it was played
        if self._was_over or self.recorded_place is not None or self.score_problem:
            self._load_high_scores()
            return
        from simulator.ui.app import user_dir

        book = HighScoreBook(user_dir())
        score = ChallengeScore(self.names[0], float(view["best_height"]), int(view["stacked"]),
                               int(view["challenge_seed"]), datetime.date.today().isoformat())
        try:
            self.recorded_place = book.add(score) or 0
            self.high_scores = book.scores()
        except (ValueError, OSError) as exc:
            self.score_problem = f"The high scores could not be updated: {exc}"

    def _load_high_scores(self) -> None:
        if self.high_scores or self.score_problem:
            return
        from simulator.ui.app import user_dir

        try:
            self.high_scores = HighScoreBook(user_dir()).scores()
        except ValueError as exc:
            self.score_problem = str(exc)

    def is_daily(self) -> bool:
        seed = self.view.get("challenge_seed")
        return seed is not None and seed == self.game.daily_seed(datetime.date.today())

    # -- the hand tray ------------------------------------------------------------------------
    def _layout_hand(self) -> None:
        v = self.view
        places: list[Place] = []
        if self.viewer is not None:
            hand = [c for c in v["hand_cards"] if not self._is_carried(c)]
            acting = self._is_acting()
            spots = fan(len(hand), (TRAY_RECT.centerx, HAND_Y), spacing=HAND_CARD[0] + 10, max_width=700)
            for i, ((pos, _), card) in enumerate(zip(spots, hand)):
                dim = acting and card not in self.playable
                lift = 14 if card == self.hover else (6 if acting and card in self.playable else 0)
                places.append(Place(("card", card), pos, ("top", card, HAND_CARD, dim), 0.0, z=i, lift=lift))
        self.hand_sprites.sync(places, lambda place: (DRAW_PILE_POS if v["phase"] != SETUP else None))

    def _is_carried(self, card: int) -> bool:
        if self.drag is not None and self.drag.card == card:
            return True
        job = self.job
        return job is not None and job.human and job.card == card

    def _is_carried_in_world(self, card: int) -> bool:
        job = self.job
        return job is not None and job.human and job.card == card

    def _is_acting(self) -> bool:
        return bool(self.legal) and self.viewer is not None and self.view.get("current") == self.viewer

    def reason_not_playable(self, card: int) -> str:
        """Why ``card`` may not be laid now, in a player's words ("" if it may)."""
        v = self.view
        if card in self.playable:
            return ""
        if not self._is_acting():
            return "Wait for your turn."
        phase = v["phase"]
        if phase == PRINCESS:
            return "Stand the princess on the crown first."
        if phase == DRAWN and card != v["drawn_card"]:
            return "You drew a card that fits: lay that one, or keep it."
        top = v["top_card"]
        if top is None:
            return ""
        g = self.game
        mine, theirs = g.faces[card], g.faces[top]
        same_colour, same_bedding = mine.colour == theirs.colour, mine.bedding == theirs.bedding
        if same_colour and same_bedding:
            return f"Same colour and same bedding as the top card ({theirs.label})."
        if same_colour:
            return f"Same colour as the top card ({theirs.colour})."
        if same_bedding:
            return f"Same bedding as the top card (a {theirs.bedding})."
        return ""

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            hover = self._hand_card_at(event.pos)
            if hover != self.hover:
                self.hover = hover
                self._layout_hand()
            return None
        if event.type == pygame.MOUSEWHEEL:
            self._turn_card(TILT_STEP * event.y)
            return None
        if event.type == pygame.KEYDOWN and event.key in TILT_KEYS:
            self._turn_card(TILT_STEP * TILT_KEYS[event.key])  # one notch now; held keys keep turning
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button == 3:
                return self._cancel_drag()
            if event.button == 1:
                return self._press(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            return self._release(event.pos)
        return None

    def _turn_card(self, by: float) -> None:
        self.tilt = max(-TILT_LIMIT, min(TILT_LIMIT, self.tilt + by))

    def _press(self, pos: tuple[int, int]) -> Action | None:
        job = self.job
        if job is not None and job.human and not job.let_go:
            if self.drag is None or self.drag.sticky:  # a card taken with a click is laid with a click
                return self._let_go()
            return None
        if self.drag is not None and self.drag.sticky:
            if TRAY_RECT.collidepoint(pos):
                self.drag = None
                self._layout_hand()
            else:
                self._say("Lift the card above the pile before you let it go.")
            return None
        if self.princess_card is not None and PLAY_RECT.collidepoint(pos):
            self.aiming = True
            return None
        card = self._hand_card_at(pos)
        if card is not None:
            if card in self.playable:
                self.drag = HandDrag(card, pos)
                self.tilt = 0.0  # every card starts level in the hand
                self._layout_hand()
                return None
            return self._illegal_card(card)
        if self.can_draw and self._on_draw_pile(pos):
            self.last_actor = self.viewer
            return next(a for a in self.legal if isinstance(a, DrawCard))
        if self.pass_action is not None and PASS_BUTTON.collidepoint(pos):
            self.last_actor = self.viewer
            return self.pass_action
        return None

    def _release(self, pos: tuple[int, int]) -> Action | None:
        if self.aiming and self.princess_card is not None:
            self.aiming = False
            dx = self._princess_dx(pos)
            self.dropped_princess = True
            self.last_actor = self.viewer
            return PlacePrincess(self.viewer, dx)
        drag = self.drag
        if drag is None:
            return None
        job = self.job
        if job is not None and job.human and job.card == drag.card and not job.let_go:
            if drag.sticky:
                return None
            return self._let_go()
        if drag.sticky:
            return None
        if math.dist(drag.start, pos) <= DRAG_THRESHOLD:
            drag.sticky = True  # a click: the card follows the cursor until the next click
            return None
        self.drag = None
        self._layout_hand()
        if not TRAY_RECT.collidepoint(pos):
            self._say("Lift the card above the pile first, then lower it onto the bed and let go.")
        return None

    def _cancel_drag(self) -> None:
        job = self.job
        if self.drag is not None and (job is None or not job.human):
            self.drag = None
            self._layout_hand()
        return None

    def _illegal_card(self, card: int) -> Action | None:
        """A dim card was pressed: the rules say why it may not be laid (and nothing changes)."""
        if not self._is_acting():
            self._say(self.reason_not_playable(card) or "Wait for your turn.")
            return None
        assert self.layout is not None
        target = rest_pose_on(self.physics, self.layout, 0.0)
        return PlaceCard(self.viewer, card, lowering_trace(self.physics, target,
                                                           start_height(self.physics, self.layout, target)))

    def _let_go(self) -> PlaceCard | None:
        """Open the hand over the bed: the card falls and the placement is submitted."""
        job = self.job
        if job is None or not job.human or job.let_go:
            return None
        job.world.release()
        job.let_go = True
        job.settling = True
        self.drag = None
        self.last_actor = self.viewer
        return PlaceCard(self.viewer, job.card, tuple(job.trace))

    def refused(self, action: Action, reason: str) -> None:
        super().refused(action, reason)
        self.drag = None
        self.aiming = False
        if self.job is not None and self.job.human:
            self._retire_job()
        self._layout_hand()

    def _say(self, message: str, seconds: float = 3.5) -> None:
        self.tip = (message, seconds)

    # -- hit tests ----------------------------------------------------------------------------
    def _hand_card_at(self, pos) -> int | None:
        if not TRAY_RECT.inflate(0, 40).collidepoint(pos) or self.viewer is None:
            return None
        keys = {("card", c) for c in self.view.get("hand_cards", [])}
        key = self.hand_sprites.top_key_at(pos, keys)
        return key[1] if key else None

    def _on_draw_pile(self, pos) -> bool:
        rect = pygame.Rect(0, 0, MINI_CARD[1] + 30, MINI_CARD[0] + 30)
        rect.center = DRAW_PILE_POS
        return rect.collidepoint(pos)

    # -- the hand over the bed ---------------------------------------------------------------
    def _hand_target(self) -> BodyPose:
        """Where the cursor asks the hand to be, inside what a hand may do over the table."""
        x, y = self.camera.to_world(*self.mouse)
        reach = self.physics.table.half_width - 1.0
        return BodyPose(max(-reach, min(reach, x)), max(1.0, y), self.tilt)

    def _try_pick_up(self) -> None:
        """The card taken from the hand enters the world once it is clear above the pile."""
        drag = self.drag
        if drag is None or self.layout is None or drag.card not in self.playable:
            return
        if self.job is not None and not self.job.done:
            return
        if not PLAY_RECT.collidepoint(self.mouse):
            return
        pose = self._hand_target()
        if pose.y < lowest_start(self.physics, self.layout, pose.angle) + 0.5:
            return
        world = WackelbettWorld(self.physics, self.game.faces, self.layout)
        world.hold_card(drag.card, pose)
        job = LiveJob(world, ("carry",), "card", FrameClock(self.physics.solver.frame_dt), card=drag.card,
                      trace=[pose.x, pose.y, pose.angle], origin=self.layout, human=True)
        job.script = self._carry_script(job)
        if self.job is not None:
            self._retire_job()
        self.job = job
        self.banner = None  # the last verdict is old news: the player is busy with this card
        self._layout_hand()

    def _carry_script(self, job: LiveJob) -> Iterator[None]:
        world = job.world
        while not job.let_go:
            target = self._hand_target()
            world.move_hand(*target)
            world.step_frame()
            job.trace.extend(target)
            yield
        yield from settling(world)

    # -- the table's own moves, played live ---------------------------------------------------
    def _start_stage_job(self, view: dict[str, Any]) -> LiveJob:
        """A live world playing what the referee is about to judge, as the referee will."""
        assert self.layout is not None
        phase, layout, faces = view["phase"], self.layout, self.game.faces
        clock = FrameClock(self.physics.solver.frame_dt)
        key = self._stage_key(view)
        lying = bool(view["princess_lying"])
        if phase == RESTAND:
            world = WackelbettWorld(self.physics, faces, replace(layout, princess=None))
            job = LiveJob(world, key, "settle", clock)
            job.script = self._restand_script(job, layout, lying)
        else:
            world = WackelbettWorld(self.physics, faces, layout)
            if phase == SETUP:
                job = LiveJob(world, key, "setup", clock)
                job.script = self._setup_script(job, layout, view["placing_card"], lying)
            elif phase == CARD_VERDICT:
                job = LiveJob(world, key, "card", clock)
                job.script = self._card_script(job, view["placing_card"], tuple(view["trace"]))
            else:
                job = LiveJob(world, key, "princess", clock)
                job.script = self._princess_script(job, view["last_laid_card"], float(view["princess_dx"]), lying)
        self.dropped_princess = False
        if self.job is not None:
            self._retire_job()
        self.job = job
        self.banner = None
        return job

    def _fly(self, job: LiveJob, start: BodyPose, end: BodyPose, *, princess: bool) -> Iterator[None]:
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

    def _entry_pose(self, end: BodyPose) -> BodyPose:
        """Where a card the table or a bot brings appears: up and to the right, off the bed."""
        return BodyPose(end.x + 140.0, end.y + 20.0, 0.0)

    def _setup_script(self, job: LiveJob, layout: TableLayout, card: int, lying: bool) -> Iterator[None]:
        # the same calls in the same order as referee.judge_setup
        world = job.world
        pose = rest_pose_on(self.physics, layout, 0.0, gap=0.05)
        job.air_card = (card, self._entry_pose(pose))
        yield from self._fly(job, self._entry_pose(pose), pose, princess=False)
        job.air_card = None
        world.hold_card(card, pose)
        world.release()
        aim = world.princess_spot(card, 0.0, lying)
        job.air_princess = BodyPose(aim.x - 120.0, aim.y + 60.0, 0.0)
        job.hide_princess = True
        job.before = job.now = snapshot(world)
        yield from self._fly(job, job.air_princess, aim, princess=True)
        job.air_princess = None
        job.hide_princess = False
        world.place_princess(card, 0.0, lying=lying)
        job.settling = True
        yield from settling(world)

    def _card_script(self, job: LiveJob, card: int, trace: tuple[float, ...]) -> Iterator[None]:
        # the same calls in the same order as referee.judge_card
        world = job.world
        points = trace_points(trace)
        job.air_card = (card, self._entry_pose(points[0]))
        yield from self._fly(job, self._entry_pose(points[0]), points[0], princess=False)
        job.air_card = None
        world.hold_card(card, points[0])
        job.card = card
        for point in points[1:]:
            world.move_hand(point.x, point.y, point.angle)
            world.step_frame()
            yield
        world.release()
        job.let_go = True
        job.settling = True
        yield from settling(world)

    def _princess_script(self, job: LiveJob, card: int, dx: float, lying: bool) -> Iterator[None]:
        # the same calls in the same order as referee.judge_princess
        world = job.world
        if not self.dropped_princess and world.princess_pose() is not None:
            job.hide_princess = True
            job.air_princess = world.princess_pose()
            yield from self._fly(job, job.air_princess, world.princess_spot(card, dx, lying), princess=True)
            job.air_princess = None
            job.hide_princess = False
        world.place_princess(card, dx, lying=lying)
        job.settling = True
        yield from settling(world)

    def _restand_script(self, job: LiveJob, layout: TableLayout, lying: bool) -> Iterator[None]:
        # the same calls in the same order as referee.judge_restand
        world = job.world
        if layout.princess is not None and layout.cards:
            face = self.game.faces[layout.cards[-1][0]]
            x, y = crown_point(self.physics, face, layout.cards[-1][1])
            hover = BodyPose(x, y + 12.0, 0.0)
            job.air_princess = layout.princess
            yield from self._fly(job, layout.princess, hover, princess=True)
        job.settling = True
        yield from settling(world)
        world.place_princess(world.top_card(), 0.0, lying=lying)
        job.air_princess = None
        yield from settling(world)
        if not lying and not world.is_princess_upright():
            world.place_princess(world.top_card(), 0.0, lying=True)
            yield from settling(world)

    # -- the real-time flow (called by the table every tick unless a panel is open) -------------
    def drive(self, dt: float, table: Any) -> bool:
        self._poll_tilt_keys(dt)
        self._try_pick_up()
        job = self.job
        if job is not None:
            job.advance(dt)
            if job.human and not job.let_go and job.frames >= self.physics.hand.max_frames:
                self._say("Your hand got tired: the card was let go.")
                action = self._let_go()
                if action is not None:
                    table.submit(action)
        if tuple(table.current_players()) != (REFEREE,):
            return False
        if self.hold > 0:
            return True
        key = self._stage_key(self.view)
        if self.job is None or self.job.key != key:
            self._start_stage_job(self.view)
            return True
        job = self.job
        if not job.done or job.done_for < SETTLED_BEAT:
            return True
        actor = self.view["current"]
        verdict = table.referee_choice()
        outcome = verdict.outcome()
        live = job.world
        matches = outcome.layout == live.layout() and tuple(outcome.fallen_cards) == live.fallen_cards()
        self.live_checks.append((job.stage, matches))
        self.hold = VERDICT_HOLD  # keeps this world (fallen cards and all) on screen through the refresh
        table.submit(verdict)
        self._show_verdict(job.stage, verdict, matches)
        if (actor is not None and actor == self.last_actor and actor in getattr(table, "humans", ())
                and tuple(table.current_players()) == (actor,) and self.viewer != actor):
            table.show(actor)  # the same player goes on (now the princess): no hand-off needed
        return True

    def _poll_tilt_keys(self, dt: float) -> None:
        if self.job is None or not self.job.human or self.job.let_go:
            return
        try:
            keys = pygame.key.get_pressed()
        except pygame.error:
            return
        turn = sum(way for key, way in TILT_KEYS.items() if keys[key])
        if turn:
            self._turn_card(max(-1, min(1, turn)) * TILT_SPEED * dt)

    def _show_verdict(self, stage: str, verdict, matches: bool) -> None:
        """The banner that says how it ended, from the events the rules just wrote."""
        events = self.view.get("events", [])
        last = events[-1] if events else {}
        what = last.get("what")
        g = self.game
        hold = VERDICT_HOLD
        if what == "fails":
            who = self.names[last["seat"]]
            reasons = last["reason"].split("; ")
            more = f" (and {len(reasons) - 1} more)" if len(reasons) > 1 else ""
            lines = [f"{reasons[0].capitalize()}{more}.",
                     f"The {last['label']} goes back to {'your' if last['seat'] == self.viewer else who + chr(39) + 's'} hand."]
            if last["count"]:
                gone = self.view["reserve_cards"][-last["count"]:]
                lines.append(f"To the reserve: {', '.join(g.card_label(c) for c in gone)}.")
            self.banner = Banner("It wobbled off!" if "fell" in last["reason"] else "Not like that!", lines, False)
            hold = FAIL_HOLD
        elif what == "laid":
            self.banner = Banner("The card stays!", [f"The {last['label']} lies safely on the pile:",
                                                     "now the princess goes on its crown."], True)
        elif what in ("stays", "wins", "complete"):
            upright = self.view["princess_upright"] or self.view["princess_lying"]
            title = "Penny Pea stands!" if upright else "She toppled, but stayed on the bed!"
            extra = "Lucky: she is stood back up for the next player." if not upright else ""
            if what == "wins":
                title, extra = f"{self.names[last['seat']]} wins!", "Penny Pea lies on the last card, safe and sound."
            elif what == "complete":
                title, extra = "The whole deck is stacked!", ""
            self.banner = Banner(title, [line for line in (extra,) if line], True)
        elif what == "tilted":
            self.banner = Banner("The bed tilted by itself", [f"{cards(last['count'])} slid off into the reserve."],
                                 False)
        elif stage == "settle":
            self.banner = Banner("Penny Pea is back on the top crown", [], True, seconds=2.5)
            hold = 0.6
        elif stage == "setup":
            self.banner = Banner("The first card lies across the bed", [], True, seconds=2.5)
            hold = 0.6
        else:
            self.banner = None
        if not matches and self.banner is not None:
            self.banner.lines.append("(The screen and the referee disagreed; the referee's table is shown.)")
        self.hold = hold

    def busy(self) -> bool:
        job = self.job
        return self.hold > 0 or (job is not None and not job.done) or self.hand_sprites.moving

    # -- time ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        self.hand_sprites.update(dt)
        self.hold = max(0.0, self.hold - dt)
        if self.banner is not None:
            self.banner.seconds -= dt
            if self.banner.seconds <= 0:
                self.banner = None
        if self.tip is not None:
            message, left = self.tip
            self.tip = (message, left - dt) if left > dt else None
        self.fading = [(c, p, t - dt) for c, p, t in self.fading if t > dt]
        if self.job is not None and self.job.done and self.hold <= 0 and self.layout is not None \
                and self.view.get("phase") not in (SETUP, CARD_VERDICT, PRINCESS_VERDICT, RESTAND, OVER) \
                and self.job.world.layout() != self.layout:
            self._retire_job()  # the verdict has been shown: what fell is gone to the hand or reserve
            # (at the end of the game the last picture stays, collapse and all)
        self._follow_with_camera(dt)

    def _drawn_layout(self) -> TableLayout | None:
        if self.job is not None:
            return self.job.drawn_layout()
        return self.layout

    def _follow_with_camera(self, dt: float) -> None:
        """Keep the pile's top in view as it grows; zoom out to show cards that fell beside the bed."""
        job = self.job
        if job is not None and job.card is not None and not job.let_go:
            return  # the hand is over the bed: the picture must not move under the cursor
        layout = self._drawn_layout()
        if layout is None:
            return
        reach = self.physics.bed.outer_half_width + 8.0
        for _, pose in layout.cards:
            if pose.y > -50:
                reach = max(reach, abs(pose.x) + self.physics.card.length / 2 + 6.0)
        on_bed = TableLayout(layout.bed, tuple((c, p) for c, p in layout.cards
                                               if self.layout is not None and c in self.layout.card_ids))
        top = pile_top(self.physics, on_bed)
        headroom = self.physics.princess.height + 22.0  # she stands on top, and a card comes in above her feet
        tall = max(STACK_SCALE_MIN, (PLAY_RECT.height - 64) / (top + headroom + 4.0))
        scale = max(SCALE_MIN, min(SCALE_MAX, (PLAY_RECT.width / 2 - 20) / reach, tall))
        scale = math.floor(scale * 20) / 20
        top_y = 64 + headroom * scale
        focus = max(0.0, top - (TABLE_Y - top_y) / scale)
        cam = self.camera
        k = min(1.0, dt * 4.0)
        if abs(cam.scale - scale) > 1e-6:
            cam.scale = scale if abs(cam.scale - scale) < 0.05 else cam.scale + (scale - cam.scale) * k
            cam.scale = round(cam.scale * 20) / 20
        cam.focus_y += (focus - cam.focus_y) * k
        cam.anchor = (PLAY_RECT.centerx, TABLE_Y)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(PLAY_RECT)
        self._draw_world(surface)
        surface.set_clip(clip)
        self._draw_tray(surface)
        self._draw_dragged_card(surface)
        self._draw_banners(surface)

    def _draw_world(self, surface: pygame.Surface) -> None:
        cam = self.camera
        p = self.painter
        layout = self._drawn_layout()
        if layout is None:
            return
        job = self.job
        p.draw_backdrop(surface, cam)
        p.draw_pea(surface, cam)
        p.draw_bed(surface, cam, layout.bed)
        for card, pose, left in self.fading:
            ghost = pygame.Surface(PLAY_RECT.size, pygame.SRCALPHA)
            p.draw_card(ghost, cam, card, pose)
            ghost.set_alpha(round(255 * left / FADE_SECONDS))
            surface.blit(ghost, (0, 0))
        held = job.card if job is not None and job.card is not None and not job.let_go else None
        for card, pose in layout.cards:
            if card != held:
                p.draw_card(surface, cam, card, pose)
        self._draw_hints_under(surface, layout)
        princess = layout.princess
        hide = self.aiming or (job is not None and job.hide_princess) or (
            self.princess_card is not None and PLAY_RECT.collidepoint(self.mouse) and (job is None or job.done))
        if princess is not None and not hide:
            p.draw_princess(surface, cam, princess)
            if self.princess_card is not None:
                self._draw_princess_call(surface, princess)
        if job is not None and job.air_princess is not None:
            p.draw_princess(surface, cam, job.air_princess)
        # the card in the hand passes in front of her (seen from the side it goes beside her feet)
        if held is not None and held in dict(layout.cards):
            self._draw_carried(surface, held, dict(layout.cards)[held])
        if job is not None and job.air_card is not None and job.air_card[0] >= 0:
            p.draw_card(surface, cam, *job.air_card)
        self._draw_princess_aim(surface)
        self._draw_fallen_labels(surface, layout)

    def _draw_hints_under(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """The pea to cover on the top card, the crown to aim at on the card just laid."""
        v = self.view
        job = self.job
        placing = self._is_acting() and v["phase"] in (TURN, DRAWN) and (self.playable or self.drag is not None)
        carrying = job is not None and job.card is not None and not job.let_go
        top = self.layout.top_card if self.layout is not None else None
        drawn = dict(layout.cards)
        if top is not None and top in drawn:
            pose = drawn[top]
            show_crown = v["phase"] != PRINCESS
            self.painter.draw_printed_marks(surface, self.camera, top, pose, crown=show_crown and not placing)
            if (placing or carrying) and self.game.cover_pea and v["phase"] != PRINCESS:
                self._draw_pea_target(surface, top, pose, carrying)
            if placing and not carrying:
                self._draw_top_card_tag(surface, top, pose)

    def _draw_top_card_tag(self, surface: pygame.Surface, top: int, pose: BodyPose) -> None:
        """A label on the top card's end: what the new card must differ from (mark, colour, bedding)."""
        face = self.game.faces[top]
        end = self.camera.to_screen(*local_to_world(pose, -self.physics.card.length / 2, 0.0))
        label = f"top card: {face.label}"
        width = font(15, True).size(label)[0] + 40
        rect = pygame.Rect(0, 0, width, 28)
        rect.midright = (round(end[0]) - 10, round(end[1]))
        rect.clamp_ip(PLAY_RECT.inflate(-8, -8))
        rgb = self.game.colour_rgb[face.colour]
        panel(surface, rect, colour=(250, 248, 240), alpha=240, radius=8, border=mix(rgb, INK, 0.4))
        mark(surface, self.painter.colour_mark[face.colour], (rect.left + 15, rect.centery), 7, colour=rgb, outline=INK)
        text(surface, label, (rect.left + 28, rect.centery), size=15, bold=True, colour=INK, anchor="midleft")

    def _draw_pea_target(self, surface: pygame.Surface, top: int, pose: BodyPose, carrying: bool) -> None:
        face = self.game.faces[top]
        x, y = self.camera.to_screen(*pea_point(self.physics, face, pose))
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5.0)
        r = self.physics.card.pea_radius * self.camera.scale
        covered = False
        job = self.job
        if carrying and job is not None and job.now is not None:
            held = dict(job.now.cards).get(job.card)
            if held is not None:
                covered = covers_pea(self.physics, face, pose, held)
        colour = GOOD if covered else HIGHLIGHT
        pygame.draw.circle(surface, colour, (x, y - r * 0.6), r + 6 + 4 * pulse, 2)
        for gy in range(int(y - r * 2 - 8), int(PLAY_RECT.top + 80), -14):
            pygame.draw.line(surface, (*colour,), (x, gy), (x, gy - 6), 1)
        label = "covers the pea" if covered else "cover the pea"
        text(surface, label, (x, y - r * 2 - 26), size=15, bold=True, colour=colour, anchor="midbottom",
             shadow=True)

    def _draw_carried(self, surface: pygame.Surface, card: int, pose: BodyPose) -> None:
        """The card in the hand, the joint that holds it, and its own pea and crown."""
        cam, p = self.camera, self.painter
        job = self.job
        assert job is not None
        hx, hy = job.world.hand.body.position
        hand = cam.to_screen(hx, hy)
        centre = cam.to_screen(pose.x, pose.y)
        p.draw_card(surface, cam, card, pose)
        p.draw_printed_marks(surface, cam, card, pose)
        outline = p.card_outline(cam, pose, grow=0.6)
        pygame.draw.polygon(surface, HIGHLIGHT, outline, 2)
        pygame.draw.line(surface, (250, 246, 230), hand, centre, 2)
        pygame.draw.circle(surface, INK, hand, 7)
        pygame.draw.circle(surface, (250, 246, 230), hand, 5)
        left = (self.physics.hand.max_frames - job.frames) / self.physics.solver.frame_hz
        if left < 5.0:
            text(surface, f"hand tiring: {left:.1f} s", (hand[0], hand[1] - 14), size=14, bold=True,
                 colour=DANGER, anchor="midbottom", shadow=True)

    def _draw_princess_call(self, surface: pygame.Surface, princess: BodyPose) -> None:
        """Before aiming: she glows and says what to do."""
        x, y = self.camera.to_screen(princess.x, princess.y + self.physics.princess.height + 6)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4.0)
        text(surface, "stand me on the new crown!", (x, y - 6 - 4 * pulse), size=15, bold=True, colour=HIGHLIGHT,
             anchor="midbottom", shadow=True)

    def _princess_dx(self, pos) -> float:
        assert self.layout is not None and self.princess_card is not None
        pose = self.layout.pose_of(self.princess_card)
        along = world_to_local(pose, *self.camera.to_world(*pos))[0]
        return round(along - self.game.faces[self.princess_card].crown, 2)

    def _preview(self) -> WackelbettWorld:
        """An unstepped world of the recorded table, to ask where the princess would go."""
        assert self.layout is not None
        key = (self.layout,)
        if self.preview_world is None or self.preview_world[0] != key:
            self.preview_world = (key, WackelbettWorld(self.physics, self.game.faces, self.layout))
        return self.preview_world[1]

    def _draw_princess_aim(self, surface: pygame.Surface) -> None:
        card = self.princess_card
        if card is None or self.layout is None or self.job is not None and not self.job.done:
            return
        cam, phys = self.camera, self.physics
        pose = self.layout.pose_of(card)
        face = self.game.faces[card]
        r = phys.card.crown_radius
        t = phys.card.thickness / 2
        a = cam.to_screen(*local_to_world(pose, face.crown - r, t + 0.6))
        b = cam.to_screen(*local_to_world(pose, face.crown + r, t + 0.6))
        pygame.draw.line(surface, GOOD, a, b, 5)
        cx, cy = cam.to_screen(*local_to_world(pose, face.crown, t + 2.5))
        crown_icon(surface, (cx, cy), 14)
        if not PLAY_RECT.collidepoint(self.mouse):
            text(surface, "the crown", (cx, cy - 12), size=15, bold=True, colour=GOOD, anchor="midbottom",
                 shadow=True)
            return
        dx = self._princess_dx(self.mouse)
        lying = bool(self.view["princess_lying"])
        shown = max(-r * 3, min(r * 3, dx))
        spot = self._preview().princess_spot(card, shown, lying)
        lift = 1.0 if self.aiming else 3.0  # in the hand, just above the card
        ghost = BodyPose(spot.x - math.sin(spot.angle) * lift, spot.y + math.cos(spot.angle) * lift, spot.angle)
        self.painter.draw_princess(surface, cam, ghost, alpha=235 if abs(dx) <= r else 120)
        ok = abs(dx) <= r
        word = "lay her down here" if lying else "stand her here"
        label = f"click: {word}" if ok else "outside the crown"
        side = cam.to_screen(*local_to_world(ghost, self.physics.princess.base_width * 0.6,
                                             self.physics.princess.height * 0.45))
        text(surface, label, (side[0] + 8, side[1]), size=16, bold=True, colour=GOOD if ok else DANGER,
             anchor="midleft", shadow=True)

    def _draw_fallen_labels(self, surface: pygame.Surface, layout: TableLayout) -> None:
        job = self.job
        if job is None or not job.done:
            return
        for card in job.world.fallen_cards():
            pose = dict(layout.cards).get(card)
            if pose is None:
                continue
            x, y = self.camera.to_screen(pose.x, pose.y)
            if PLAY_RECT.collidepoint(x, y):
                text(surface, "fell off", (x, y - 12), size=14, bold=True, colour=DANGER, anchor="midbottom",
                     shadow=True)

    def _draw_tray(self, surface: pygame.Surface) -> None:
        v = self.view
        pygame.draw.rect(surface, (70, 44, 28), TRAY_RECT)
        pygame.draw.line(surface, (150, 104, 64), TRAY_RECT.topleft, TRAY_RECT.topright, 3)
        pygame.draw.line(surface, (40, 24, 14), (0, TRAY_RECT.top + 3), (TRAY_RECT.right, TRAY_RECT.top + 3), 2)
        if not v:
            return
        self._draw_piles(surface)
        if self.viewer is None:
            label = "Hands are hidden" if v["phase"] != OVER else "Game over"
            text(surface, label, (TRAY_RECT.centerx, HAND_Y), size=18, colour=TEXT_DIM, anchor="center")
            return
        if not v["hand_cards"]:
            text(surface, "No cards in hand", (TRAY_RECT.centerx, HAND_Y), size=18, colour=TEXT_DIM, anchor="center")
        self.hand_sprites.draw(surface)
        if self._is_acting() and v["phase"] in (TURN, DRAWN):
            for card in self.playable:
                if self._is_carried(card):
                    continue
                rect = self.hand_sprites.rect_of(("card", card))
                if rect is not None:
                    ring = glow(HAND_CARD, HIGHLIGHT, radius=10, width=4)
                    surface.blit(ring, ring.get_rect(center=rect.center))
        if self.hover is not None and not self._is_carried(self.hover):
            reason = self.reason_not_playable(self.hover)
            rect = self.hand_sprites.rect_of(("card", self.hover))
            if rect is not None:
                self._tooltip(surface, reason or f"{self.game.card_label(self.hover)}: press and lift it over the bed",
                              (rect.centerx, rect.top - 8), bad=bool(reason))

    def _draw_piles(self, surface: pygame.Surface) -> None:
        v = self.view
        # the draw pile
        count = v["draw_pile_size"]
        back = self.hand_sprites.face(("back", (MINI_CARD[1], MINI_CARD[0])))
        for i in range(min(5, (count + 7) // 8)):
            surface.blit(back, back.get_rect(center=(DRAW_PILE_POS[0] - i * 2, DRAW_PILE_POS[1] - 4 - i * 2)))
        if self.can_draw:
            rect = back.get_rect(center=(DRAW_PILE_POS[0] - 4, DRAW_PILE_POS[1] - 8)).inflate(10, 10)
            pulse = 0.5 + 0.5 * math.sin(self.clock * 5.0)
            pygame.draw.rect(surface, mix(HIGHLIGHT, (255, 255, 255), pulse * 0.5), rect, 4, border_radius=10)
            self._tooltip(surface, "Nothing fits: click to draw", (DRAW_PILE_POS[0] - 50, TRAY_RECT.top - 8))
        text(surface, f"draw {count}", (DRAW_PILE_POS[0], TRAY_RECT.bottom - 4), size=13, colour=TEXT,
             anchor="midbottom")
        # the reserve (face up)
        reserve = v["reserve_cards"]
        if reserve:
            top = reserve[-1]
            face = self.hand_sprites.face(("top", top, MINI_CARD, False))
            surface.blit(face, face.get_rect(center=(RESERVE_POS[0], RESERVE_POS[1] - 6)))
        else:
            rect = pygame.Rect(0, 0, *MINI_CARD)
            rect.center = (RESERVE_POS[0], RESERVE_POS[1] - 6)
            pygame.draw.rect(surface, (96, 66, 44), rect, 2, border_radius=8)
        text(surface, f"reserve {len(reserve)}", (RESERVE_POS[0], TRAY_RECT.bottom - 4), size=13, colour=TEXT,
             anchor="midbottom")
        if self.pass_action is not None:
            label = "Keep the card" if v["phase"] == DRAWN else "Pass"
            hover = PASS_BUTTON.collidepoint(self.mouse)
            panel(surface, PASS_BUTTON, colour=(60, 96, 60) if hover else (40, 70, 46), alpha=240, radius=10,
                  border=HIGHLIGHT)
            text(surface, label, PASS_BUTTON.center, size=17, bold=True, anchor="center")

    def _draw_dragged_card(self, surface: pygame.Surface) -> None:
        """A card taken from the hand but not yet over the bed follows the cursor, seen from above."""
        drag = self.drag
        if drag is None or self._is_carried_in_world(drag.card):
            return
        face = self.hand_sprites.face(("top", drag.card, HAND_CARD, False))
        surface.blit(face, face.get_rect(center=self.mouse))
        if PLAY_RECT.collidepoint(self.mouse):
            self._tooltip(surface, "lift it above the pile", (self.mouse[0], self.mouse[1] - HAND_CARD[1] // 2 - 6))

    def _tooltip(self, surface: pygame.Surface, message: str, bottom_centre: tuple[int, int], *,
                 bad: bool = False) -> None:
        lines = wrap(message, 300, 15)
        width = max(font(15).size(line)[0] for line in lines) + 20
        rect = pygame.Rect(0, 0, width, 10 + 20 * len(lines))
        rect.midbottom = bottom_centre
        rect.clamp_ip(PLAY_RECT.union(TRAY_RECT).inflate(-8, -8))
        panel(surface, rect, colour=(110, 30, 30) if bad else (20, 24, 30), alpha=235, radius=8)
        for i, line in enumerate(lines):
            text(surface, line, (rect.centerx, rect.top + 5 + 20 * i), size=15, anchor="midtop")

    def _draw_banners(self, surface: pygame.Surface) -> None:
        """"Settling..." while the table judges, then the verdict: a pill under the status line,
        above where the princess's head can be (the camera keeps her lower)."""
        job = self.job
        centre = (PLAY_RECT.centerx, 60)
        if job is not None and job.settling and not job.done:
            dots = "." * (1 + int(self.clock * 3) % 3)
            rect = pygame.Rect(0, 0, 200, 36)
            rect.midtop = centre
            panel(surface, rect, alpha=220, radius=18)
            text(surface, f"Settling{dots}", (rect.left + 50, rect.centery), size=19, bold=True, colour=GOLD,
                 anchor="midleft")
        elif self.banner is not None and not self.refusal:
            b = self.banner
            detail = " ".join(b.lines)
            lines = wrap(detail, 700, 16) if detail else []
            width = max([font(20, True).size(b.title)[0]] + [font(16).size(line)[0] for line in lines]) + 40
            rect = pygame.Rect(0, 0, width, 36 + 20 * len(lines[:2]))
            rect.midtop = centre
            panel(surface, rect, colour=(28, 70, 40) if b.good else (110, 30, 30), alpha=235, radius=14,
                  border=GOOD if b.good else DANGER)
            text(surface, b.title, (rect.centerx, rect.top + 6), size=20, bold=True, anchor="midtop")
            for i, line in enumerate(lines[:2]):
                text(surface, line, (rect.centerx, rect.top + 32 + 20 * i), size=16, anchor="midtop")
        if self.tip is not None:
            self._tooltip(surface, self.tip[0], (TRAY_RECT.centerx, TRAY_RECT.top - 10))

    # -- words --------------------------------------------------------------------------------
    def status(self) -> str:
        v = self.view
        if not v:
            return ""
        phase = v["phase"]
        g = self.game
        if phase == OVER:
            if v["mode"] == "challenge":
                return f"Challenge over: {cards(v['stacked'])} stacked, {v['best_height']:.1f} mm high"
            if v["winner"] is not None:
                return f"{self.you_or_name(v['winner'])} won: Penny Pea sleeps soundly!"
            return "Nobody can play on: fewest cards in hand win"
        job = self.job
        current = v["current"]
        name = self.you_or_name(current) if current is not None else ""
        if phase == SETUP:
            return "The first card is laid across the bed…"
        if phase == RESTAND:
            return "Penny Pea is stood back on the top crown…"
        settling = job is not None and job.settling and not job.human
        if phase == CARD_VERDICT:
            if job is not None and not job.human and not job.settling and v["placing_card"] is not None:
                return f"{name} lays the {g.card_label(v['placing_card'])}…"
            return "Settling… the table judges the card"
        if phase == PRINCESS_VERDICT:
            if job is not None and not settling:
                return f"{name} puts Penny Pea on the crown…"
            return "Settling… the table judges the princess"
        if current != self.viewer or not self.legal:
            if phase == PRINCESS:
                return f"{name} is standing the princess on the crown…"
            return f"{name} is laying a card…"
        if phase == PRINCESS:
            how = "Lay her down" if v["princess_lying"] else "Stand her"
            return f"{how} on the crown of your {g.card_label(v['last_laid_card'])}: click"
        if job is not None and job.card is not None and not job.let_go:
            return "Lower it onto the pile and let go · wheel or Q/E tilts"
        if self.drag is not None:
            return "Lift the card above the pile"
        if phase == DRAWN:
            return f"You drew a {g.card_label(v['drawn_card'])} that fits: lay it or keep it"
        if self.can_draw:
            return "No card fits the top card: click the draw pile"
        if self.pass_action is not None:
            return "Nothing fits and nothing to draw: pass"
        if v["mode"] == "challenge":
            return f"Lay your {g.card_label(v['hand_cards'][0])}: cover the pea" if v["hand_cards"] else ""
        top = v["top_card"]
        if top is None:
            return "Your turn: lay any card on the bare bed"
        return f"Your turn: not {g.faces[top].colour}, not a {g.faces[top].bedding}"

    def headline(self) -> str:
        v = self.view
        if not v:
            return ""
        if v["mode"] == "challenge":
            daily = "Daily challenge" if self.is_daily() else "Solo challenge"
            return f"{daily} · {v['draw_pile_size']} to come"
        return f"Draw pile {v['draw_pile_size']} · reserve {len(v['reserve_cards'])}"

    def plates(self) -> list[SeatPlate]:
        v = self.view
        if not v:
            return super().plates()
        out = []
        open_hands = v.get("open_hand_cards")
        for seat in range(self.game.players):
            if v["mode"] == "challenge":
                plate = SeatPlate(f"{cards(v['stacked'])} stacked · {v['best_height']:.1f} mm")
            else:
                plate = SeatPlate(f"{cards(v['hand_sizes'][seat])} in hand")
                if open_hands is not None and seat != self.viewer:
                    plate.extra = wrap(", ".join(self.game.card_label(c) for c in open_hands[seat]), 210, 14)[:3]
            out.append(plate)
        return out

    def log_lines(self) -> list[str]:
        lines = []
        for e in self.view.get("events", []):
            seat = e["seat"]

            def does(third: str, second: str) -> str:
                return f"{self.you_or_name(seat)} {second if seat == self.viewer else third}"

            what = e["what"]
            if what == "first":
                lines.append(f"The {e['label']} is laid across the bed; {does('begins', 'begin')}")
            elif what == "lays":
                lines.append(f"{does('lays', 'lay')} the {e['label']}")
            elif what == "laid":
                lines.append(f"The {e['label']} stays on the bed")
            elif what == "stays":
                lines.append(f"Penny Pea stays on the {e['label']}")
            elif what == "fails":
                lost = f"; {cards(e['count'])} to the reserve" if e["count"] else ""
                lines.append(f"{does('takes', 'take')} back the {e['label']}: {e['reason']}{lost}")
            elif what == "draws":
                lines.append(f"{does('draws', 'draw')} a card")
            elif what == "keeps":
                lines.append(f"{does('keeps', 'keep')} the drawn card")
            elif what == "passes":
                lines.append(does("passes", "pass"))
            elif what == "reshuffle":
                lines.append(f"The reserve is shuffled into a new draw pile ({cards(e['count'])})")
            elif what == "tilted":
                lines.append(f"The bed tilted: {cards(e['count'])} to the reserve")
            elif what == "wins":
                won = "win" if seat == self.viewer else "wins"
                lines.append(f"{does('lays', 'lay')} the last card and {won}!")
            elif what == "blocked":
                lines.append("Nobody can play on: the game ends")
            elif what == "stuck":
                lines.append("Nothing has stayed for rounds: the pile cannot be played on, the game ends")
            elif what == "complete":
                lines.append("The whole deck is stacked!")
        return lines

    def summaries(self) -> list[Summary]:
        v = self.view
        if not v or v["phase"] != OVER:
            return []
        if v["mode"] == "challenge":
            return [self._challenge_summary(v)]
        winner = v["winner"]
        if winner is not None:
            title = f"{self.names[winner]} wins!"
            lines = (f"{self.names[winner]} laid the last card and Penny Pea lay down on it without a wobble.",)
        elif any(e["what"] == "stuck" for e in v.get("events", [])):
            title = "The pile has had enough"
            lines = (f"No card stayed for {self.game.stuck_rounds} rounds in a row: the game ends and the "
                     "fewest cards in hand win.",)
        else:
            title = "The bed is full"
            lines = ("Nobody could lay a card and nothing was left to draw: the fewest cards in hand win.",)
        rows = [("Player", "Cards left")] + sorted(
            ((self.names[s], str(n)) for s, n in enumerate(v["hand_sizes"])), key=lambda r: int(r[1]))
        return [Summary("game", title, lines, tuple(rows))]

    def _challenge_summary(self, v: dict[str, Any]) -> Summary:
        which = f"the challenge of the day ({datetime.date.today():%d %b %Y})" if self.is_daily() else \
            f"deck #{v['challenge_seed']}"
        lines = [f"{cards(v['stacked'])} stacked, {v['best_height']:.1f} mm of bedding on {which}."]
        if self.recorded_place:
            lines.append(f"Place {self.recorded_place} in your high-score table!")
        elif self.recorded_place == 0:
            lines.append("Not high enough for the high-score table this time.")
        if self.score_problem:
            lines.append(self.score_problem)
        rows: list[tuple[str, ...]] = [("#", "Name", "Height", "Cards", "Day")]
        for i, s in enumerate(self.high_scores[:8]):
            new = "  new!" if self.recorded_place == i + 1 else ""
            rows.append((f"{i + 1}{new}", s.name, f"{s.height_mm:.1f} mm", str(s.cards), s.day))
        return Summary("game", "Challenge over", tuple(lines), tuple(rows) if len(rows) > 1 else ())


TABLE_VIEW = WackelbettView
