"""How Wackelbett sits on the table, and how the mouse plays it: the physics is the referee.

The table is seen from the side (``sideview.py`` over ``drawing.py``): the tin bed
rocking on its pea, the bedding cards on it, Penny Pea princess on top. The displayed
player's hand lies in a tray at the bottom, face up (``tray.py``). Every sentence is in
``words.py``. Everything that moves on screen moves in a live pymunk world
(``playback.py`` over ``world.py``) stepped at the world's fixed frame rate:

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
- *The princess*: on her turn a press over the bed picks her up (from the pile, or from
  beside the bed when she is to be stood back up) and she hangs from the cursor like a
  card; lower her onto the crown (its reach is marked) and let go. The rules refuse a
  release away from the crown or turned too far, and she stays in the hand.

This module routes input and keeps the live world in step with the state. The solo
challenge records its score in the high-score book under the user folder and shows the
book when the run ends.
"""
from __future__ import annotations

import datetime
import math
from dataclasses import dataclass
from typing import Any, Hashable

import pygame

from simulator.engine import REFEREE, Action
from simulator.physics.snapshot import BodyPose
from simulator.ui.game_view import Cue, GameView, SeatPlate, Summary
from simulator.ui.marks import new_events
from simulator.ui.sprites import SpriteLayer
from simulator.ui.theme import wrap

from .challenge import ChallengeScore, HighScoreBook
from .drawing import Camera
from .hand import (lowering_trace, lowest_start, princess_start_height, princess_target, princess_trace_problem,
                   start_height)
from .layout import TableLayout, card_corners, lying_tilt, princess_corners, rest_pose_on
from .playback import LiveJob, carry_job, hand_target, stage_job, stage_key
from .rules import (DRAWN, OVER, STAGES, TURN, DrawCard, Pass, PlaceCard, PlacePrincess, WackelbettGame,
                    layout_from_view)
from .sideview import FADE_SECONDS, PLAY_RECT, WAITING_HEADROOM, SideView, Shot
from .tray import PASS_BUTTON, TRAY_RECT, HandTray
from .words import HELP, VERDICT_HOLD, Banner, TableWords

DRAG_THRESHOLD = 6
TILT_STEP = math.radians(2.0)   # per wheel notch
TILT_SPEED = math.radians(40.0)  # per second while a tilt key is held
TILT_LIMIT = math.radians(45.0)
TILT_KEYS = {pygame.K_q: 1, pygame.K_LEFT: 1, pygame.K_e: -1, pygame.K_RIGHT: -1}  # +1: anticlockwise
SETTLED_BEAT = 0.35       # s the settled table is shown before the verdict is asked for
FRAME_CATCH_UP = 5        # frames one tick may step (FrameClock's catch-up): the tired hand lets go in time
PUT_DOWN_FRAMES = 45      # frames before it tires that a hand holding the princess where she may not
                          # be let go starts to put her down on the crown (whatever it knocked stays knocked)


@dataclass
class HandDrag:
    """A card taken from the hand, not yet over the bed. ``sticky``: taken with a click, it
    follows the cursor until the next click; otherwise it is laid when the button is let go."""

    card: int
    start: tuple[int, int]
    sticky: bool = False


class WackelbettView(GameView):
    """The side view of the bed, the live world, the hand tray and the verdicts."""

    help_text = HELP
    game: WackelbettGame
    today = staticmethod(datetime.date.today)  # the day whose deck is the challenge of the day

    def __init__(self, game: WackelbettGame, names) -> None:
        super().__init__(game, names)
        self.physics = game.physics
        self.side = SideView(game)
        self.tray = HandTray(game, self.side.painter.colour_mark)
        self.words = TableWords(game, self.names)
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
        self.may_princess = False  # the viewer is to put the princess down now
        self.reaching = False      # the viewer pressed to take her; she comes once the cursor is clear of the pile
        self.putting_down = False  # the tiring hand carries her to the crown on its own
        self.press_at = (0, 0)
        self.pressed_frames = 0    # frames the hand held her when the button went down
        self.release_waits = False
        self.banner: Banner | None = None
        self.hold = 0.0            # s the table waits after a verdict before its next move
        self.tip: tuple[str, float] | None = None
        self.clock = 0.0
        self.last_actor: int | None = None
        #: (stage, live world's settled table == referee's verdict) for every verdict asked for
        self.live_checks: list[tuple[str, bool]] = []
        self.recorded_place: int | None = None
        self.high_scores: list[ChallengeScore] = []
        self.score_problem = ""
        self._seen_refresh = False
        self._was_over = False
        self._seen_events: list[dict[str, Any]] | None = None

    @property
    def camera(self) -> Camera:
        """The side view's camera: world mm to screen px."""
        return self.side.camera

    @property
    def hand_sprites(self) -> SpriteLayer:
        """The sprites of the hand tray."""
        return self.tray.sprites

    # -- new information ----------------------------------------------------------------------
    def refresh(self, viewer, view: dict[str, Any], legal: list[Action]) -> None:
        super().refresh(viewer, view, legal)
        first = not self._seen_refresh
        self._seen_refresh = True
        self.layout = layout_from_view(view)
        self.playable = {a.card for a in legal if isinstance(a, PlaceCard)}
        self.can_draw = any(isinstance(a, DrawCard) for a in legal)
        self.pass_action = next((a for a in legal if isinstance(a, Pass)), None)
        self.may_princess = any(isinstance(a, PlacePrincess) for a in legal)
        self.princess_card = view["princess_card"] if self.may_princess else None
        if not self.may_princess:
            self.reaching = False
        if self.job is not None and not self.job.still_shows(view, self.layout, self.playable, self.hold > 0):
            self._retire_job()
        if self.drag is not None and self.drag.card not in self.playable:
            self.drag = None
        self._record_challenge(view, first)
        self._mark_move(view)
        self._layout_hand()

    def _mark_move(self, view: dict[str, Any]) -> None:
        """Ring what the latest move left on the table: the card that stayed, the princess stood
        (back) up. A card that fell is told by the verdict's banner instead."""
        keys: list[Hashable] = []
        mover = None
        for event in new_events(self._seen_events, view["events"]):
            if event["what"] in ("stays", "wins", "complete") and view["top_card"] is not None:
                keys, mover = [("card", view["top_card"]), ("princess",)], event["seat"]
            elif event["what"] == "restands":
                keys, mover = [("princess",)], event["seat"]
        self._seen_events = list(view["events"])
        if keys:
            self.last_move.set(keys, self.you_or_name(mover))

    def _mark_rect(self, key: Hashable) -> pygame.Rect | None:
        """Where a marked card or the princess is drawn now."""
        layout = self._drawn_layout()
        if layout is None:
            return None
        cam = self.camera
        if key[0] == "card":
            pose = dict(layout.cards).get(key[1])
            corners = card_corners(self.physics, pose) if pose is not None else None
        else:
            corners = princess_corners(self.physics, layout.princess) if layout.princess is not None else None
        if corners is None:
            return None
        return cam.bounds(corners).clip(PLAY_RECT)

    def _retire_job(self) -> None:
        """Stop drawing the live world; cards in it that the table no longer holds fade out."""
        job = self.job
        self.job = None
        self.putting_down = False
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
                               int(view["challenge_seed"]), self.today().isoformat())
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
        return seed is not None and seed == self.game.daily_seed(self.today())

    # -- the hand -----------------------------------------------------------------------------
    def _layout_hand(self) -> None:
        self.tray.lay_out(self.view, self.viewer, carried=self._carried(), acting=self._is_acting(),
                          playable=self.playable, hover=self.hover)

    def _carried(self) -> set[int]:
        """The cards out of the hand: taken from it, or hanging from the hand over the bed."""
        carried = set()
        if self.drag is not None:
            carried.add(self.drag.card)
        job = self.job
        if job is not None and job.human and job.card is not None:
            carried.add(job.card)
        return carried

    def _is_human_job(self) -> bool:
        return self.job is not None and self.job.human

    def _is_acting(self) -> bool:
        return bool(self.legal) and self.viewer is not None and self.view.get("current") == self.viewer

    def reason_not_playable(self, card: int) -> str:
        """Why ``card`` may not be laid now, in a player's words ("" if it may)."""
        return self.words.why_not_playable(self.view, card, self.playable, self._is_acting())

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            hover = self.tray.card_at(event.pos, self.view, self.viewer)
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
        if job is not None and job.is_carrying:
            if job.carries_princess:
                if self.reaching:  # taken with a click: she is put down with a click
                    self.press_at, self.pressed_frames = pos, job.frames
                    action = self._let_go()
                    self.release_waits = action is None  # refused: the button's release is not a drop
                    return action
                return None
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
        if self.may_princess and PLAY_RECT.collidepoint(pos):
            self.reaching = True
            self.press_at = pos
            self.pressed_frames = 0
            self.tilt = 0.0
            return None
        card = self.tray.card_at(pos, self.view, self.viewer)
        if card is not None:
            if card in self.playable:
                self.drag = HandDrag(card, pos)
                self.tilt = 0.0  # every card starts level in the hand
                self._layout_hand()
                return None
            return self._illegal_card(card)
        if self.can_draw and self.tray.is_on_draw_pile(pos):
            self.last_actor = self.viewer
            return next(a for a in self.legal if isinstance(a, DrawCard))
        if self.pass_action is not None and PASS_BUTTON.collidepoint(pos):
            self.last_actor = self.viewer
            return self.pass_action
        return None

    def _release(self, pos: tuple[int, int]) -> Action | None:
        job = self.job
        if self.reaching:
            if self.release_waits:  # the button of a click whose drop was refused comes up
                self.release_waits = False
                return None
            if job is not None and job.is_carrying and job.carries_princess:
                if math.dist(self.press_at, pos) <= DRAG_THRESHOLD and job.frames - self.pressed_frames < 20:
                    return None  # a click: she follows the cursor until the next click
                self.reaching = False
                return self._let_go()
            if math.dist(self.press_at, pos) > DRAG_THRESHOLD:
                self.reaching = False
                self._say("Take the princess from above the pile: press higher up, over the bed.")
            return None
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
        if self.drag is not None and not self._is_human_job():
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

    def _let_go(self) -> Action | None:
        """Open the hand over the bed: what it holds falls and the placement is submitted. The
        princess is only let go where the rules take her (over the crown, the right way up):
        elsewhere the hand keeps her and says why."""
        job = self.job
        if job is None or not job.is_carrying:
            return None
        if job.carries_princess:
            problem = self._princess_let_go_problem(job)
            if problem:
                self.reaching = True  # still in the hand: the next click tries again
                self._say(problem)
                return None
            job.open_hand()
            self.reaching = self.putting_down = False
            self.last_actor = self.viewer
            return PlacePrincess(self.viewer, tuple(job.trace))
        job.open_hand()
        self.drag = None
        self.last_actor = self.viewer
        return PlaceCard(self.viewer, job.card, tuple(job.trace))

    def _princess_let_go_problem(self, job: LiveJob) -> str | None:
        """Why the rules would not take her if the hand let go now (None: they would)."""
        assert self.layout is not None
        return princess_trace_problem(self.physics, self.layout, self.game.faces, self.princess_card,
                                      bool(self.view.get("princess_lying")), tuple(job.trace))

    def refused(self, action: Action, reason: str) -> None:
        super().refused(action, reason)
        self.drag = None
        self.reaching = False
        if self._is_human_job():
            self._retire_job()
        self._layout_hand()

    def _say(self, message: str, seconds: float = 3.5) -> None:
        self.tip = (message, seconds)

    # -- the hand over the bed ---------------------------------------------------------------
    def _hand_target(self) -> BodyPose:
        return hand_target(self.physics, self.camera, self.mouse, self.tilt)

    def _princess_target(self) -> BodyPose:
        """Where the cursor asks her to be: her feet at the cursor, upright or on her side, turned by
        the wheel; never so high that her crown goes up under the lines across the top of the view
        (unless the pile itself reaches there)."""
        assert self.layout is not None
        lying = bool(self.view.get("princess_lying"))
        if self.putting_down:  # the tiring hand: just above the crown, as she stands there
            rest = princess_target(self.physics, self.layout, self.game.faces, self.princess_card, lying)
            return BodyPose(rest.x, rest.y + self.physics.hand.release_clearance, rest.angle)
        pose = self._hand_target()
        turn = lying_tilt(self.physics) if lying else 0.0
        angle = self.layout.bed.angle + turn + self.tilt
        ceiling = self.camera.to_world(0, PLAY_RECT.top + WAITING_HEADROOM)[1] - self.physics.princess.height
        lowest = princess_start_height(self.physics, self.layout, BodyPose(pose.x, 0.0, angle)) + 1.0
        return BodyPose(pose.x, min(pose.y, max(ceiling, lowest)), angle)

    def _try_pick_up(self) -> None:
        """What the player reached for enters the world once it is clear above the pile."""
        if self.reaching:
            self._try_pick_up_princess()
            return
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
        job = carry_job(self.physics, self.game.faces, self.layout, drag.card, pose, self._hand_target)
        if self.job is not None:
            self._retire_job()
        self.job = job
        self.banner = None  # the last verdict is old news: the player is busy with this card
        self._layout_hand()

    def _try_pick_up_princess(self) -> None:
        if self.layout is None or not self.may_princess or not PLAY_RECT.collidepoint(self.mouse):
            return
        if self.job is not None and (self.job.is_carrying or not self.job.done):
            return
        pose = self._princess_target()
        if pose.y < princess_start_height(self.physics, self.layout, pose) + 0.5:
            return
        job = carry_job(self.physics, self.game.faces, self.layout, None, pose, self._princess_target)
        if self.job is not None:
            self._retire_job()
        self.job = job
        self.banner = None

    # -- the real-time flow (called by the table every tick unless a panel is open) -------------
    def drive(self, dt: float, table: Any) -> bool:
        self._poll_tilt_keys(dt)
        self._try_pick_up()
        job = self.job
        if job is not None:
            job.advance(dt)
            tiring = self.physics.hand.max_frames - PUT_DOWN_FRAMES
            if job.is_carrying and job.carries_princess and not self.putting_down and job.frames >= tiring \
                    and self._princess_let_go_problem(job):
                # she may not be let go here: the hand puts her down on the crown as it tires, and
                # what it knocked over on the way is judged like any other fall (issue 29)
                self.putting_down = True
                self._say("Your hand is tiring: it puts the princess down on the crown.")
            if job.is_carrying and job.frames >= self.physics.hand.max_frames - FRAME_CATCH_UP:
                action = self._let_go()
                if action is not None:
                    self._say("Your hand got tired: it let go.")
                    table.submit(action)
                elif job.carries_princess:  # she may not be let go here: she goes back, try again
                    self._say("Your hand got tired: take the princess again.")
                    self.reaching = False
                    self._retire_job()
        if tuple(table.current_players()) != (REFEREE,):
            return False
        if self.hold > 0:
            return True
        if self.job is None or self.job.key != stage_key(self.view):
            self._start_stage_job()
            return True
        job = self.job
        if not job.done or job.done_for < SETTLED_BEAT:
            return True
        actor = self.view["current"]
        verdict = table.referee_choice()
        if verdict is None:
            return True  # online: the server's verdict is still on its way
        outcome = verdict.outcome()
        toppled = job.stage in ("princess", "restand") and not outcome.princess_upright \
            and not self.view.get("princess_lying")
        if outcome.fallen_cards or not outcome.on_top or toppled:
            self.cue(Cue.THUD)  # bedding that fell, or slid off the pile into the bed, or she toppled
        matches = job.agrees_with(outcome)
        self.live_checks.append((job.stage, matches))
        self.hold = VERDICT_HOLD  # keeps this world (fallen cards and all) on screen through the refresh
        table.submit(verdict)
        self.banner = self.words.verdict(job.stage, self.view, self.viewer, matches)
        self.hold = self.banner.hold if self.banner is not None else VERDICT_HOLD
        if (actor is not None and actor == self.last_actor and actor in getattr(table, "humans", ())
                and tuple(table.current_players()) == (actor,) and self.viewer != actor):
            table.show(actor)  # the same player goes on (now the princess): no hand-off needed
        return True

    def _start_stage_job(self) -> None:
        """A live world playing what the referee is about to judge, as the referee will."""
        assert self.layout is not None
        job = stage_job(self.physics, self.game.faces, self.layout, self.view, restand_tries=self.game.restand_tries)
        if self.job is not None:
            self._retire_job()
        self.job = job
        self.banner = None

    def _poll_tilt_keys(self, dt: float) -> None:
        if self.job is None or not self.job.is_carrying:
            return
        try:
            keys = pygame.key.get_pressed()
        except pygame.error:
            return
        turn = sum(way for key, way in TILT_KEYS.items() if keys[key])
        if turn:
            self._turn_card(max(-1, min(1, turn)) * TILT_SPEED * dt)

    def finish_moves(self) -> None:
        """The skip key: the table's playback (a bot's placement, a settling) jumps to its end --
        the same frames, stepped at once -- and the verdict is not held back to be read.
        A card or the princess in a person's hand is theirs: never hurried."""
        job = self.job
        if job is not None and not job.human:
            while not job.done:
                job.step()
            job.done_for = max(job.done_for, SETTLED_BEAT)
        self.hold = 0.0
        self.banner = None
        for _ in range(240):  # the hand's cards glide into their places
            if not self.hand_sprites.moving:
                break
            self.hand_sprites.update(1 / 60)

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
                and self.view.get("phase") not in (*STAGES, OVER) \
                and self.job.world.layout() != self.layout:
            self._retire_job()  # the verdict has been shown: what fell is gone to the hand or reserve
            # (at the end of the game the last picture stays, collapse and all)
        self._follow_with_camera(dt)

    def _drawn_layout(self) -> TableLayout | None:
        if self.job is not None:
            return self.job.drawn_layout()
        return self.layout

    def _follow_with_camera(self, dt: float) -> None:
        job = self.job
        if job is not None and job.is_carrying:
            return  # the hand is over the bed: the picture must not move under the cursor
        layout = self._drawn_layout()
        if layout is not None:
            self.side.follow(dt, layout, self.layout)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        layout = self._drawn_layout()
        if layout is not None:
            clip = surface.get_clip()
            surface.set_clip(PLAY_RECT)
            self.side.draw(surface, self._shot(layout))
            surface.set_clip(clip)
        v = self.view
        self.tray.draw(surface, v, self.viewer, acting=self._is_acting(), playable=self.playable,
                       carried=self._carried(), hover=self.hover,
                       hover_reason=self.reason_not_playable(self.hover) if self.hover is not None else "",
                       can_draw=self.can_draw, can_pass=self.pass_action is not None and not self._holding(),
                       mouse=self.mouse, clock=self.clock)
        drag, job = self.drag, self.job
        if drag is not None and not (job is not None and job.human and job.card == drag.card):
            self.tray.draw_taken_card(surface, drag.card, self.mouse)
        self.side.draw_banners(surface, self.job, self.banner, refused=bool(self.refusal), clock=self.clock)
        if self.tip is not None:
            self.tray.draw_tip(surface, self.tip[0])

    def _holding(self) -> bool:
        """Is the player holding a card or the princess (then a click lets go, and only that)?"""
        return self.drag is not None or (self.job is not None and self.job.is_carrying)

    def _shot(self, layout: TableLayout) -> Shot:
        v = self.view
        phase = v.get("phase", "")
        placing = self._is_acting() and phase in (TURN, DRAWN) and bool(self.playable or self.drag is not None)
        return Shot(layout, self.layout, self.job, self.fading, phase, bool(v.get("princess_lying")), placing,
                    self.may_princess, self.princess_card, self.mouse, self.clock,
                    marks=lambda surface: self.last_move.draw(surface, self._mark_rect))

    # -- words --------------------------------------------------------------------------------
    def status(self) -> str:
        if not self.view:
            return ""
        return self.words.status(self.view, self.viewer, self.job, may_act=bool(self.legal),
                                 dragging=self.drag is not None, can_draw=self.can_draw,
                                 can_pass=self.pass_action is not None)

    def headline(self) -> str:
        return self.words.headline(self.view, self.is_daily()) if self.view else ""

    def plates(self) -> list[SeatPlate]:
        v = self.view
        if not v:
            return super().plates()
        out = []
        for seat in range(self.game.players):
            detail, open_hand = self.words.plate(v, seat, self.viewer)
            out.append(SeatPlate(detail, extra=wrap(open_hand, 210, 14)[:3] if open_hand is not None else []))
        return out

    def log_lines(self) -> list[str]:
        return [line for e in self.view.get("events", []) if (line := self.words.event(e, self.viewer)) is not None]

    def summaries(self) -> list[Summary]:
        v = self.view
        if not v or v["phase"] != OVER:
            return []
        if v["mode"] == "challenge":
            day = self.today() if self.is_daily() else None
            said = self.words.challenge_summary(v, day, self.recorded_place, self.high_scores, self.score_problem)
        else:
            said = self.words.game_summary(v)
        return [Summary("game", *said)]


TABLE_VIEW = WackelbettView
