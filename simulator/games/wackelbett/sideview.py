"""The side view of the bed on screen (pygame; used by view.py): the camera that follows the
pile, the table painted from the live world or the record, the hints over it and the banners.

``drawing.py`` paints bodies; :class:`SideView` decides what to paint this frame (a
:class:`Shot`): fading cards, the card in the hand with its joint, bodies flying in, and
the marks that tell a player what to do (the pea to cover, the top card's tag, the
crown's reach and where the princess belongs, "fell off" labels), then the "Settling..." pill
or the verdict banner.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from simulator.physics.snapshot import BodyPose
from simulator.ui.card_art import mark
from simulator.ui.theme import DANGER, GOLD, GOOD, HIGHLIGHT, INK, font, panel, text, wrap

from .drawing import Camera, Point, TablePainter, crown_icon, mix
from .hand import princess_target
from .layout import TableLayout, card_corners, covers_pea, local_to_world, pea_point, pile_top, princess_corners
from .playback import LiveJob
from .rules import PRINCESS, WackelbettGame
from .words import Banner

PLAY_RECT = pygame.Rect(0, 0, 1030, 596)        # the side view of the table; the hand tray is below
TABLE_Y = 560             # screen y of the table top while the pile is low
SCALE_MAX = 4.4           # px per mm: a 90 mm card is about 400 px wide
STACK_SCALE_MIN = 2.9     # a growing pile zooms out to this, then the camera rises with it
SCALE_MIN = 2.2           # cards that fell beside the bed zoom out to this
FADE_SECONDS = 0.8        # cards that left the table fade out in this time
WAITING_HEADROOM = 84     # px from the view's top kept clear above the princess, waiting beside the pile or carried
                          # (the line across the top, and her "stand me on the crown!")


@dataclass(frozen=True)
class Shot:
    """What the side view shows this frame."""

    drawn: TableLayout                  # the live world now, or the recorded table
    recorded: TableLayout | None        # the table as the state records it
    job: LiveJob | None                 # the live world on screen
    fading: Sequence[tuple[int, BodyPose, float]]  # cards that left the table, with their seconds left
    phase: str
    princess_lying: bool
    placing: bool                       # the viewer is to lay a card: show the pea to cover, the top card
    may_princess: bool                  # the viewer is to put the princess down
    princess_card: int | None           # ... on this card's crown (None: the bare bed)
    mouse: tuple[int, int]
    clock: float                        # s since the view began, for pulsing marks
    marks: Callable[[pygame.Surface], None] | None = None  # the last move's rings, drawn under the hints

    @property
    def held(self) -> int | None:
        """The card hanging from the hand, if one does."""
        job = self.job
        return job.card if job is not None and job.card is not None and not job.let_go else None

    @property
    def laid(self) -> int | None:
        """The card being laid (held, or let go and settling): drawn in front of the princess,
        since seen from the side it passes beside her feet, not through her."""
        job = self.job
        return job.card if job is not None and job.card is not None and not job.done else None

    @property
    def carrying_princess(self) -> bool:
        job = self.job
        return job is not None and job.carries_princess and not job.let_go


class SideView:
    """The camera and the painter of one table, and what they show."""

    def __init__(self, game: WackelbettGame) -> None:
        self.game = game
        self.physics = game.physics
        self.painter = TablePainter(game.physics, game.faces, game.colour_rgb, game.colours)
        self.camera = Camera(SCALE_MAX, (PLAY_RECT.centerx, TABLE_Y), 0.0)

    # -- the camera -------------------------------------------------------------------------------
    def follow(self, dt: float, drawn: TableLayout, recorded: TableLayout | None) -> None:
        """Keep the pile's top (of the cards on the ``recorded`` bed) in view as it grows; zoom out
        to show cards that fell beside the bed."""
        reach = self.physics.bed.outer_half_width + 8.0
        for _, pose in drawn.cards:
            if pose.y > -50:
                reach = max(reach, abs(pose.x) + self.physics.card.length / 2 + 6.0)
        on_bed = TableLayout(drawn.bed, tuple((c, p) for c, p in drawn.cards
                                              if recorded is not None and c in recorded.card_ids))
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

    # -- the table --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, shot: Shot) -> None:
        """The table, the bodies on it and in the air, and the hints (clipped by the caller)."""
        cam = self.camera
        p = self.painter
        layout = shot.drawn
        job = shot.job
        p.draw_backdrop(surface, cam)
        p.draw_bed(surface, cam, layout.bed)
        for card, pose, left in shot.fading:
            ghost = pygame.Surface(PLAY_RECT.size, pygame.SRCALPHA)
            p.draw_card(ghost, cam, card, pose)
            ghost.set_alpha(round(255 * left / FADE_SECONDS))
            surface.blit(ghost, (0, 0))
        laid = shot.laid
        for card, pose in layout.cards:
            if card != laid:
                p.draw_card(surface, cam, card, pose)
        if shot.marks is not None:  # under every hint: what to do now reads before what was done
            shot.marks(surface)
        self._draw_hints_under(surface, shot)
        self._draw_princess_target(surface, shot)
        if layout.princess is not None:
            p.draw_princess(surface, cam, layout.princess)
        elif shot.may_princess and not shot.carrying_princess:
            self._draw_waiting_princess(surface, shot)
        if job is not None and job.air_princess is not None:
            p.draw_princess(surface, cam, job.air_princess)
        if shot.carrying_princess:
            self._draw_hand_joint(surface, job)
        # the card being laid passes in front of her (seen from the side it goes beside her feet)
        cards = dict(layout.cards)
        if laid is not None and laid in cards:
            assert job is not None
            if shot.held is not None:
                self._draw_carried(surface, job, laid, cards[laid])
            else:
                p.draw_card(surface, cam, laid, cards[laid])
        if job is not None and job.air_card is not None and job.air_card[0] >= 0:
            p.draw_card(surface, cam, *job.air_card)
        self._draw_hints_over(surface, shot)
        self._draw_fallen_labels(surface, shot)

    def _draw_hints_under(self, surface: pygame.Surface, shot: Shot) -> None:
        """The marks printed on the top card: what the new card must cover or the crown to aim at."""
        top = shot.recorded.top_card if shot.recorded is not None else None
        drawn = dict(shot.drawn.cards)
        if top is not None and top in drawn:
            self.painter.draw_printed_marks(surface, self.camera, top, drawn[top],
                                            crown=shot.phase != PRINCESS and not shot.placing)

    def _draw_hints_over(self, surface: pygame.Surface, shot: Shot) -> None:
        """In front of everything, so the princess never hides them: the pea to cover and the
        top card's tag while a card is laid, the crown's reach while she is put down."""
        carrying = shot.held is not None
        top = shot.recorded.top_card if shot.recorded is not None else None
        drawn = dict(shot.drawn.cards)
        if top is not None and top in drawn and shot.phase != PRINCESS and not shot.may_princess:
            pose = drawn[top]
            if (shot.placing or carrying) and self.game.cover_pea:
                self._draw_pea_target(surface, top, pose, shot)
            if shot.placing and not carrying:
                self._draw_top_card_tag(surface, top, pose, shot.drawn)
        self._draw_crown_reach(surface, shot)

    def _draw_top_card_tag(self, surface: pygame.Surface, top: int, pose: BodyPose, drawn: TableLayout) -> None:
        """A label beside the top card: what the new card must differ from (mark, colour, bedding)."""
        face = self.game.faces[top]
        label = f"top card: {face.label}"
        rect = self.top_card_tag_rect(label, pose, drawn)
        rgb = self.game.colour_rgb[face.colour]
        panel(surface, rect, colour=(250, 248, 240), alpha=240, radius=8, border=mix(rgb, INK, 0.4))
        mark(surface, self.painter.colour_mark[face.colour], (rect.left + 15, rect.centery), 7, colour=rgb, outline=INK)
        text(surface, label, (rect.left + 28, rect.centery), size=15, bold=True, colour=INK, anchor="midleft")

    def top_card_tag_rect(self, label: str, pose: BodyPose, drawn: TableLayout) -> pygame.Rect:
        """Where the top card's label goes: level with the card's left end but left of every card
        of the pile (a lower one may reach further), on the screen, and above the bed's post
        when the card lies lower than the post's top."""
        end = self.camera.to_screen(*local_to_world(pose, -self.physics.card.length / 2, 0.0))
        corners = [point for _, card in drawn.cards for point in card_corners(self.physics, card)]
        pile_left = self.camera.bounds(corners).left if corners else end[0]
        width = font(15, True).size(label)[0] + 40
        rect = pygame.Rect(0, 0, width, 28)
        rect.midright = (round(min(end[0], pile_left)) - 10, round(end[1]))
        rect.clamp_ip(PLAY_RECT.inflate(-8, -8))
        b, bed = self.physics.bed, drawn.bed
        post_rect = self.camera.bounds([local_to_world(bed, x, y)
                                        for x in (-b.inner_width / 2 - b.wall_thickness, -b.inner_width / 2)
                                        for y in (0.0, b.plate_thickness + b.wall_height)]).inflate(12, 12)
        if rect.colliderect(post_rect):
            rect.bottom = post_rect.top - 4
        return rect

    def _draw_pea_target(self, surface: pygame.Surface, top: int, pose: BodyPose, shot: Shot) -> None:
        """The pea to cover, ringed and pointed at from above; green once the held card covers it."""
        face = self.game.faces[top]
        x, y = self.camera.to_screen(*pea_point(self.physics, face, pose))
        pulse = 0.5 + 0.5 * math.sin(shot.clock * 5.0)
        r = self.physics.card.pea_radius * self.camera.scale
        covered = False
        job = shot.job
        held_rect = None
        if shot.held is not None and job is not None and job.now is not None:
            held = dict(job.now.cards).get(job.card)
            if held is not None:
                covered = covers_pea(self.physics, face, pose, held)
                held_rect = self.held_bounds(job.card, held)
        colour = GOOD if covered else HIGHLIGHT
        pygame.draw.circle(surface, colour, (x, y - r * 0.6), r + 6 + 4 * pulse, 2)
        for gy in range(int(y - r * 2 - 8), int(PLAY_RECT.top + 80), -14):
            pygame.draw.line(surface, (*colour,), (x, gy), (x, gy - 6), 1)
        label = "covers the pea" if covered else "cover the pea"
        spot = self.pea_label_spot(label, (x, y - r * 2 - 26), shot.drawn.princess, held_rect)
        text(surface, label, spot.midbottom, size=15, bold=True, colour=colour, anchor="midbottom", shadow=True)

    def held_bounds(self, card: int, pose: BodyPose) -> pygame.Rect:
        """The screen rectangle of ``card`` in the hand at ``pose`` with the pea and crown marks
        standing on it (the labels keep off it)."""
        return self.camera.bounds(card_corners(self.physics, pose)).inflate(8, 8).union(
            self.painter.printed_marks_bounds(self.camera, card, pose))

    def pea_label_spot(self, label: str, above: tuple[float, float], princess: BodyPose | None,
                       held: pygame.Rect | None) -> pygame.Rect:
        """Where the pea's label goes: its bottom at ``above`` (over the pea), moved off the princess,
        and never over ``held``, the card in the hand (above it, else beside it)."""
        spot = pygame.Rect(0, 0, *font(15, True).size(label))
        spot.midbottom = (round(above[0]), round(above[1]))
        spot = self.beside_princess(spot, princess)
        if held is not None and spot.colliderect(held):
            spot.bottom = held.top
            if spot.top < PLAY_RECT.top + 80:  # no room above it, under the banners: beside it
                spot.midleft = (held.right, round(above[1] - spot.height / 2))
                if spot.right > PLAY_RECT.right:
                    spot.right = held.left
        return spot

    def beside_princess(self, spot: pygame.Rect, princess: BodyPose | None) -> pygame.Rect:
        """``spot`` moved sideways off the princess (she stands in front of the hints)."""
        if princess is None:
            return spot
        her = self.camera.bounds(princess_corners(self.physics, princess)).inflate(16, 8)
        moved = spot.copy()
        if moved.colliderect(her):
            if her.centerx >= moved.centerx:
                moved.right = her.left
            else:
                moved.left = her.right
        return moved

    def _draw_carried(self, surface: pygame.Surface, job: LiveJob, card: int, pose: BodyPose) -> None:
        """The card in the hand, the joint that holds it, and its own pea and crown."""
        cam, p = self.camera, self.painter
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
        self._draw_tiring(surface, job, (hand[0], hand[1] - 14), "midbottom")

    def _draw_tiring(self, surface: pygame.Surface, job: LiveJob, at: Point, anchor: str) -> None:
        """How long the hand can still hold what it carries, once it has less than 5 s left."""
        left = (self.physics.hand.max_frames - job.frames) / self.physics.solver.frame_hz
        if left < 5.0:
            text(surface, f"hand tiring: {left:.1f} s", at, size=14, bold=True, colour=DANGER, anchor=anchor,
                 shadow=True)

    def _princess_goal(self, shot: Shot) -> tuple[BodyPose, BodyPose, float] | None:
        """(where she belongs, the card or bed she goes on, where along it) while she is to be
        put down; None otherwise."""
        layout = shot.recorded
        if not shot.may_princess or layout is None:
            return None
        card = shot.princess_card
        if card is not None and card not in layout.card_ids:
            return None
        goal = princess_target(self.physics, layout, self.game.faces, card, shot.princess_lying)
        if card is None:
            return goal, layout.bed, 0.0
        return goal, layout.pose_of(card), self.game.faces[card].crown

    def _draw_princess_target(self, surface: pygame.Surface, shot: Shot) -> None:
        """Where she belongs on the crown: her figure, faint, inside a green outline."""
        found = self._princess_goal(shot)
        if found is None:
            return
        goal = found[0]
        self.painter.draw_princess(surface, self.camera, goal, alpha=80)
        outline = [self.camera.to_screen(x, y) for x, y in princess_corners(self.physics, goal)]
        pygame.draw.polygon(surface, GOOD, outline, 2)

    def _draw_crown_reach(self, surface: pygame.Surface, shot: Shot) -> None:
        """The crown's reach on the card, green, with a word on what to do."""
        found = self._princess_goal(shot)
        if found is None:
            return
        goal, base, along = found
        cam, phys = self.camera, self.physics
        r = phys.card.crown_radius if shot.princess_card is not None else phys.under_bed.length / 2
        up = phys.card.thickness / 2 if shot.princess_card is not None else phys.bed_surface
        a = cam.to_screen(*local_to_world(base, along - r, up + 0.6))
        b = cam.to_screen(*local_to_world(base, along + r, up + 0.6))
        pygame.draw.line(surface, GOOD, a, b, 5)
        cx, cy = cam.to_screen(*local_to_world(base, along, up + 2.5))
        if shot.princess_card is not None:
            crown_icon(surface, (cx, cy), 14)
        word = "lay her down here" if shot.princess_lying else "stand her here"
        if shot.carrying_princess:
            word = "let go over the green"
        pulse = 0.5 + 0.5 * math.sin(shot.clock * 4.0)
        corners = princess_corners(phys, goal)
        x, y = cam.to_screen(goal.x, max(y for _, y in corners))
        # beside her place while she is carried above it (or when above it would be under the
        # banners across the top of a tall pile's view), else above it
        if shot.carrying_princess or y - 30 < PLAY_RECT.top + WAITING_HEADROOM + 60:
            x, y = cam.to_screen(max(x for x, _ in corners), sum(y for _, y in corners) / len(corners))
            text(surface, word, (x + 12, y - 3 * pulse), size=16, bold=True, colour=GOOD, anchor="midleft", shadow=True)
        else:
            text(surface, word, (x, y - 10 - 3 * pulse), size=16, bold=True, colour=GOOD, anchor="midbottom",
                 shadow=True)

    def _draw_waiting_princess(self, surface: pygame.Surface, shot: Shot) -> None:
        """Off the bed, to be stood back up: she waits beside it and calls."""
        layout = shot.recorded or shot.drawn
        x = self.camera.to_world(PLAY_RECT.left + 110, 0)[0]  # at the left of the view, room for her words
        # beside the pile's top, but never up under the line across the top of the table
        highest = self.camera.to_world(0, PLAY_RECT.top + WAITING_HEADROOM)[1] - self.physics.princess.height - 6.0
        y = min(pile_top(self.physics, layout) + 25.0, highest)
        pose = BodyPose(x, y, 0.0)
        self.painter.draw_princess(surface, self.camera, pose)
        sx, sy = self.camera.to_screen(x, y + self.physics.princess.height + 6)
        pulse = 0.5 + 0.5 * math.sin(shot.clock * 4.0)
        text(surface, "stand me on the crown!", (sx, sy - 6 - 4 * pulse), size=15, bold=True, colour=HIGHLIGHT,
             anchor="midbottom", shadow=True)

    def _draw_hand_joint(self, surface: pygame.Surface, job: LiveJob) -> None:
        """The hand holding her: a dot at her feet, and beside her how long it can still hold her."""
        hx, hy = job.world.hand.body.position
        hand = self.camera.to_screen(hx, hy)
        pygame.draw.circle(surface, INK, hand, 7)
        pygame.draw.circle(surface, (250, 246, 230), hand, 5)
        beside = self.physics.princess.base_width * self.camera.scale  # clear of her skirt
        self._draw_tiring(surface, job, (hand[0] + beside, hand[1] - 6), "bottomleft")

    def _draw_fallen_labels(self, surface: pygame.Surface, shot: Shot) -> None:
        job = shot.job
        if job is None or not job.done:
            return
        for card in job.world.fallen_cards():
            pose = dict(shot.drawn.cards).get(card)
            if pose is None:
                continue
            x, y = self.camera.to_screen(pose.x, pose.y)
            if PLAY_RECT.collidepoint(x, y):
                text(surface, "fell off", (x, y - 12), size=14, bold=True, colour=DANGER, anchor="midbottom",
                     shadow=True)

    # -- over the table -----------------------------------------------------------------------------
    def draw_banners(self, surface: pygame.Surface, job: LiveJob | None, banner: Banner | None, *,
                     refused: bool, clock: float) -> None:
        """"Settling..." while the table judges, then the verdict (unless a refusal is shown): a pill
        under the status line, above where the princess's head can be (the camera keeps her lower)."""
        centre = (PLAY_RECT.centerx, 60)
        if job is not None and job.settling and not job.done:
            dots = "." * (1 + int(clock * 3) % 3)
            rect = pygame.Rect(0, 0, 200, 36)
            rect.midtop = centre
            panel(surface, rect, alpha=220, radius=18)
            text(surface, f"Settling{dots}", (rect.left + 50, rect.centery), size=19, bold=True, colour=GOLD,
                 anchor="midleft")
        elif banner is not None and not refused:
            b = banner
            detail = " ".join(b.lines)
            lines = wrap(detail, min(700, PLAY_RECT.width - 60), 16) if detail else []
            title_h, line_h = font(20, True).get_linesize(), font(16).get_linesize()
            width = max([font(20, True).size(b.title)[0]] + [font(16).size(line)[0] for line in lines]) + 40
            # every line shows, at any text size: the banner grows to hold them
            rect = pygame.Rect(0, 0, min(width, PLAY_RECT.width - 20), 14 + title_h + line_h * len(lines))
            rect.midtop = centre
            panel(surface, rect, colour=(28, 70, 40) if b.good else (110, 30, 30), alpha=235, radius=14,
                  border=GOOD if b.good else DANGER)
            text(surface, b.title, (rect.centerx, rect.top + 6), size=20, bold=True, anchor="midtop")
            for i, line in enumerate(lines):
                text(surface, line, (rect.centerx, rect.top + 8 + title_h + line_h * i), size=16, anchor="midtop")
