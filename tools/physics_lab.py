#!/usr/bin/env python3
"""The Wackelbett physics lab: a window on the live world with sliders for its parameters.

The world is the game's own (``simulator/games/wackelbett/world.py``), drawn with the
game's side-view painter, built from a neat stack of CARDS cards with the princess on
the top crown. Sliders (pygame-gui) change the scene's physical values in memory and
rebuild the world where it lies; a debug overlay shows every body's outline, the contact
points, each body's centre of mass and the stability margins (how far the princess's
weight is from her base's edge, how much tilt the bed has left before it touches the
table, how the load's weight sits over the pea). Buttons drop a card, nudge the bed,
reset, pause and step one frame, and save the changed values to the scene file: the
lab first shows each change and the diff, then edits the numbers in place (comments
kept) and replaces the file atomically (``simulator/games/wackelbett/scene_edit.py``).
Drag a free card or the princess with the mouse: the world's own hand carries it.

  python tools/physics_lab.py                         open the lab (needs a display)
  python tools/physics_lab.py --scene copy.toml --cards 20 --set bed.wobble_stiffness=4e7
  python tools/physics_lab.py --frames 120 --screenshot lab.png    headless: N frames (2 cards dropped), a PNG
  python tools/physics_lab.py --scene copy.toml --set card.friction=0.5 --save --yes   write, no window
  python tools/physics_lab.py --leans --set bed.rock_radius=52     where the bed rests, by height and balance

Keys: Space pause, S step, O overlay, D drop a card, N nudge, R reset, Esc quit.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS.parent))

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pymunk  # noqa: E402
from pygame_gui.elements import UIButton, UIHorizontalSlider, UILabel, UIScrollingContainer  # noqa: E402

from simulator.engine import Scene, SceneError  # noqa: E402
from simulator.engine.scene import SCENES_DIR  # noqa: E402
from simulator.games.wackelbett.drawing import Camera, TablePainter  # noqa: E402
from simulator.games.wackelbett.layout import (TableLayout, neat_stack, pile_top, relative_pose,  # noqa: E402
                                               world_to_local)
from simulator.games.wackelbett.rules import WackelbettGame  # noqa: E402
from simulator.games.wackelbett.scene_edit import (SceneEditError, ask_to_write, format_toml_value,  # noqa: E402
                                                   patched_scene, plan_changes, read_value, unified_diff,
                                                   write_values)
from simulator.games.wackelbett.world import WackelbettWorld  # noqa: E402
from simulator.games.wackelbett.statics import lean_table  # noqa: E402
from simulator.ui.app import display_problem  # noqa: E402
from simulator.physics.snapshot import BodyPose, kinetic_energy  # noqa: E402
from simulator.physics.stepping import FrameClock  # noqa: E402
from trial_runner import file_in_the_way  # noqa: E402

SCENE = SCENES_DIR / "wackelbett.toml"
SCREEN = (1280, 720)
VIEW = pygame.Rect(0, 0, 1030, 664)
TOOLBAR = pygame.Rect(0, 664, 1030, 56)
PANEL = pygame.Rect(1030, 0, 250, 720)
KNOBS_TOP = 44    # the knobs' scrolling list starts under the panel's title
KNOB_PITCH = 48   # px from one knob (label and slider) to the next
DROP_HEIGHT = 60.0       # mm above the pile where a dropped card is let go
NUDGE_SPIN = 0.6         # rad/s given to the bed by a nudge


@dataclass(frozen=True)
class Knob:
    """One slider: a dotted scene key, its range, and whether it moves on a log scale."""

    key: str
    label: str
    low: float
    high: float
    log: bool = False
    whole: bool = False

    def to_slider(self, value: float) -> float:
        value = min(self.high, max(self.low, value))
        return math.log10(value) if self.log else value

    def from_slider(self, position: float) -> float | int:
        value = 10 ** position if self.log else position
        if self.whole:
            return int(round(value))
        digits = 3 - int(math.floor(math.log10(abs(value)))) if value else 3
        return float(f"{value:.{max(0, digits)}f}") if not self.log else float(f"{value:.3g}")

    def slider_range(self) -> tuple[float, float]:
        return (math.log10(self.low), math.log10(self.high)) if self.log else (self.low, self.high)


KNOBS = (
    Knob("bed.rock_radius", "underside radius mm", 20.0, 200.0),
    Knob("bed.rock_radius_outer", "outer radius mm (0: one arc)", 0.0, 200.0),
    Knob("bed.rock_turn_deg", "lean where it is reached", 0.0, 10.0),
    Knob("bed.pea_height", "pea height mm", 5.0, 30.0),
    Knob("bed.wobble_stiffness", "magnet stiffness", 0.0, 1e8),
    Knob("bed.wobble_damping", "rim damping", 1e5, 3e7, log=True),
    Knob("princess.rock_damping", "princess rock damping", 1e3, 1e6, log=True),
    Knob("bed.friction", "bed friction", 0.0, 1.5),
    Knob("table.bounce", "rim bounce", 0.0, 1.0),
    Knob("card.friction", "card friction", 0.0, 1.5),
    Knob("card.mass", "card mass g", 0.5, 8.0),
    Knob("card.air_film_time", "air film s per mm", 0.0, 0.03),
    Knob("card.air_film_drop", "air film drop mm", 0.0, 40.0),
    Knob("princess.friction", "princess friction", 0.0, 1.5),
    Knob("princess.mass", "princess mass g", 1.0, 12.0),
    Knob("hand.max_force", "hand force", 5e4, 5e6, log=True),
    Knob("physics.iterations", "solver iterations", 2, 40, whole=True),
    Knob("physics.substeps", "substeps per frame", 1, 24, whole=True),
    Knob("physics.dynamic_top_cards", "free top cards", 1, 12, whole=True),
    Knob("physics.terminal_speed", "terminal speed mm/s", 200.0, 4000.0),
)


def parse_sets(pairs: Sequence[str], scene: Scene) -> dict[str, Any]:
    """``KEY=VALUE`` strings as typed values (the scene's own type for each key); ValueError if bad."""
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"--set expects KEY=VALUE, got {pair!r}")
        key, text = (part.strip() for part in pair.split("=", 1))
        old = read_value(scene.data, key, scene.path)
        try:
            value: Any = float(text) if isinstance(old, float) else int(float(text)) if isinstance(old, int) else text
        except ValueError:
            raise ValueError(f"--set {key}: {text!r} is not a number") from None
        out[key] = value
    return out


class PhysicsLab:
    """The lab's state: the scene values being tried, the world, the view and the widgets.

    ``values`` are the changed scene values (dotted keys); :meth:`changes` lists those
    that differ from the file. Raises SceneError/SceneEditError for values the game refuses.
    """

    def __init__(self, scene_path: Path, *, cards: int = 12, values: dict[str, Any] | None = None,
                 manager: pygame_gui.UIManager | None = None) -> None:
        self.scene_path = Path(scene_path)
        self.file_scene = Scene.from_path(self.scene_path)
        self.values: dict[str, Any] = dict(values or {})
        self.cards = cards
        self.paused = False
        self.overlay = True
        self.clock = FrameClock(1 / 60)
        self.step_ms = 0.0
        self.message = ""
        self.dragging: pymunk.Body | None = None
        self.mouse = (0, 0)
        self.dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        self.game = self._game()
        self.painter = TablePainter(self.game.physics, self.game.faces, self.game.colour_rgb, self.game.colours)
        self.camera = Camera(3.6, (VIEW.centerx, VIEW.bottom - 60), 0.0)
        self.world = self._fresh_world()
        self.manager = manager
        self.sliders: dict[pygame_gui.core.UIElement, Knob] = {}
        self.slider_labels: dict[str, UILabel] = {}
        self.buttons: dict[pygame_gui.core.UIElement, str] = {}
        if manager is not None:
            self._build_widgets(manager)

    # -- the scene values --------------------------------------------------------------------
    def _game(self) -> WackelbettGame:
        return WackelbettGame(1, scene=patched_scene(self.file_scene, self.values), mode="challenge")

    def value(self, key: str) -> Any:
        return self.values.get(key, read_value(self.file_scene.data, key, self.scene_path))

    def set_value(self, key: str, value: Any) -> None:
        """Try ``value`` for ``key``: the world is rebuilt where it lies with the new physics.
        A value the game refuses is not taken (the reason is shown)."""
        before = dict(self.values)
        self.values[key] = value
        try:
            game = self._game()
        except (SceneError, SceneEditError, ValueError) as exc:
            self.values = before
            self.message = str(exc)
            return
        layout = self.world.layout()
        self.game = game
        self.painter = TablePainter(game.physics, game.faces, game.colour_rgb, game.colours)
        self.world = WackelbettWorld(game.physics, game.faces, layout)
        self.dragging = None
        self.message = f"{key} = {format_toml_value(value)}"

    def changes(self):
        """The values that differ from the scene file, as scene_edit changes (key, old, new, line)."""
        return plan_changes(self.scene_path, self.values)

    def save(self) -> list:
        """Write the changed values into the scene file in place, atomically, after the game
        accepts the new scene. Returns the changes written."""
        written = write_values(self.scene_path, self.values,
                               validate=lambda scene: WackelbettGame(1, scene=scene, mode="challenge"))
        self.file_scene = Scene.from_path(self.scene_path)
        self.values = {}
        self.game = self._game()
        self.message = f"Saved {len(written)} value(s) to {self.scene_path.name}"
        return written

    # -- the world ---------------------------------------------------------------------------
    def _fresh_world(self) -> WackelbettWorld:
        """A neat stack of ``cards`` cards (offsets in a gentle zigzag) with the princess on the top crown."""
        g = self.game
        count = max(0, min(self.cards, g.deck_size))
        offsets = [6.0 * math.sin(i * 1.3) for i in range(count)]
        world = WackelbettWorld(g.physics, g.faces, neat_stack(g.physics, range(count), offsets))
        world.place_princess(world.top_card(), 0.0)
        return world

    def reset(self) -> None:
        self.world = self._fresh_world()
        self.dragging = None
        self.message = "reset"

    def drop_card(self, x: float | None = None) -> int | None:
        """Let the next card of the deck fall from above the pile (at ``x`` mm, else over the pea)."""
        world = self.world
        left = [c for c in range(self.game.deck_size) if c not in world.card_ids()]
        if not left or world.is_holding:
            return None
        card = left[0]
        top = pile_top(self.game.physics, world.layout())
        world.hold_card(card, BodyPose(0.0 if x is None else x, top + DROP_HEIGHT, 0.0))
        world.release()
        self.message = f"dropped card {card}"
        return card

    def nudge(self, way: int = 1) -> None:
        self.world.bed.angular_velocity += way * NUDGE_SPIN
        self.message = "nudged the bed"

    def step(self) -> None:
        """One fixed frame of the world (timed)."""
        start = time.perf_counter()
        if self.dragging is not None:
            x, y = self.camera.to_world(*self.mouse)
            self.world.move_hand(x, max(1.0, y), self.dragging.angle)
        self.world.step_frame()
        self.step_ms = 0.9 * self.step_ms + 0.1 * (time.perf_counter() - start) * 1000

    def update(self, dt: float) -> None:
        if self.manager is not None:
            self.manager.update(dt)
        if self.paused:
            self.clock.advance(0.0)
            return
        for _ in range(self.clock.advance(dt)):
            self.step()
        layout = self.world.layout()
        focus = max(0.0, pile_top(self.game.physics, layout) - 110.0)
        self.camera.focus_y += (focus - self.camera.focus_y) * min(1.0, dt * 3.0)

    # -- input -------------------------------------------------------------------------------
    def _build_widgets(self, manager: pygame_gui.UIManager) -> None:
        # more knobs than the panel is tall: they scroll (wheel or bar) under the title
        area = pygame.Rect(PANEL.left, KNOBS_TOP, PANEL.width, PANEL.height - KNOBS_TOP)
        knobs = UIScrollingContainer(area, manager, allow_scroll_x=False)
        knobs.set_scrollable_area_dimensions((area.width - 24, len(KNOBS) * KNOB_PITCH + 8))
        y = 4
        for knob in KNOBS:
            label = UILabel(pygame.Rect(10, y, 210, 20), "", manager, container=knobs, object_id="#left_label")
            slider = UIHorizontalSlider(pygame.Rect(10, y + 20, 210, 22),
                                        knob.to_slider(float(self.value(knob.key))), knob.slider_range(), manager,
                                        container=knobs,
                                        click_increment=(knob.slider_range()[1] - knob.slider_range()[0]) / 50)
            self.sliders[slider] = knob
            self.slider_labels[knob.key] = label
            y += KNOB_PITCH
        self._label_sliders()
        names = [("drop", "Drop card (D)"), ("nudge", "Nudge bed (N)"), ("reset", "Reset (R)"),
                 ("pause", "Pause (Space)"), ("step", "Step (S)"), ("overlay", "Overlay (O)"), ("save", "Save…")]
        width = TOOLBAR.width // len(names)
        for i, (name, text) in enumerate(names):
            button = UIButton(pygame.Rect(TOOLBAR.left + i * width + 4, TOOLBAR.top + 8, width - 8, 40), text, manager)
            self.buttons[button] = name

    def _label_sliders(self) -> None:
        for knob in KNOBS:
            changed = "*" if knob.key in self.values and self.values[knob.key] != read_value(
                self.file_scene.data, knob.key) else ""
            self.slider_labels[knob.key].set_text(f"{knob.label}: {format_toml_value(self.value(knob.key))}{changed}")

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Returns False when the lab should close."""
        if self.manager is not None:
            self.manager.process_events(event)
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element in self.sliders:
            knob = self.sliders[event.ui_element]
            self.set_value(knob.key, knob.from_slider(event.value))
            self._label_sliders()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.command(self.buttons[event.ui_element])
        elif event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.dialog:
            self.dialog = None
            try:
                self.save()
            except (SceneError, SceneEditError, OSError) as exc:
                self.message = f"Not saved: {exc}"
            self._label_sliders()
        elif event.type == pygame.KEYDOWN:
            keys = {pygame.K_SPACE: "pause", pygame.K_s: "step", pygame.K_o: "overlay", pygame.K_d: "drop",
                    pygame.K_n: "nudge", pygame.K_r: "reset"}
            if event.key == pygame.K_ESCAPE:
                return False
            if event.key in keys:
                self.command(keys[event.key])
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and VIEW.collidepoint(event.pos):
            self._grab(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            self.world.release()
            self.dragging = None
        return True

    def command(self, name: str) -> None:
        if name == "drop":
            x = self.camera.to_world(*self.mouse)[0] if VIEW.collidepoint(self.mouse) else None
            self.drop_card(x)
        elif name == "nudge":
            self.nudge()
        elif name == "reset":
            self.reset()
        elif name == "pause":
            self.paused = not self.paused
        elif name == "step":
            self.paused = True
            self.step()
        elif name == "overlay":
            self.overlay = not self.overlay
        elif name == "save":
            self.ask_to_save()

    def ask_to_save(self) -> str:
        """Show what saving would change (each value and the diff) and ask; returns that text."""
        try:
            changes = self.changes()
        except SceneEditError as exc:
            self.message = str(exc)
            return self.message
        if not changes:
            self.message = "Nothing to save: every value is as in the scene file."
            return self.message
        lines = [change.describe() for change in changes]
        diff = unified_diff(self.scene_path, self.values)
        text = "<br>".join(lines) + "<br><br>" + diff.replace("&", "&amp;").replace(
            "<", "&lt;").replace(">", "&gt;").replace("\n", "<br>")
        if self.manager is not None:
            rect = pygame.Rect(0, 0, 640, 420)
            rect.center = VIEW.center
            self.dialog = pygame_gui.windows.UIConfirmationDialog(
                rect, text, self.manager, window_title=f"Save to {self.scene_path.name}?", action_short_name="Save")
        return "\n".join(lines) + "\n" + diff

    def _grab(self, pos) -> None:
        """Take hold of the free card or the princess under the cursor with the world's hand."""
        x, y = self.camera.to_world(*pos)
        hit = self.world.space.point_query_nearest((x, y), 1.0, pymunk.ShapeFilter())
        if hit is None or hit.shape is None:
            return
        body = hit.shape.body
        if body.body_type != pymunk.Body.DYNAMIC or body is self.world.bed or self.world.is_holding:
            return
        self.world.hand.attach(body)
        self.dragging = body

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        world = self.world
        surface.fill((28, 32, 40))
        clip = surface.get_clip()
        surface.set_clip(VIEW)
        layout = TableLayout(world.bed_pose(), tuple((c, world.card_pose(c)) for c in world.card_ids()),
                             world.princess_pose())
        self.painter.draw_table(surface, self.camera, layout)
        if self.overlay:
            self._draw_overlay(surface)
        self._draw_readout(surface)
        surface.set_clip(clip)
        pygame.draw.rect(surface, (20, 24, 30), TOOLBAR)
        pygame.draw.rect(surface, (28, 32, 40), PANEL)
        pygame.draw.line(surface, (60, 66, 80), PANEL.topleft, PANEL.bottomleft, 2)
        _text(surface, "Physics lab", (PANEL.left + 12, 12), 22, (250, 204, 64), bold=True)
        if self.manager is not None:
            self.manager.draw_ui(surface)

    def _draw_overlay(self, surface: pygame.Surface) -> None:
        """Outlines of every shape, contact points, centres of mass, the combined load over the pea."""
        cam, world = self.camera, self.world
        for shape in world.space.shapes:
            if not isinstance(shape, pymunk.Poly):
                continue
            body = shape.body
            colour = (255, 160, 60) if body is world.bed else (90, 230, 255) if body.body_type == pymunk.Body.DYNAMIC \
                else (150, 150, 160)
            points = [cam.to_screen(*body.local_to_world(v)) for v in shape.get_vertices()]
            if all(-2000 < y < 3000 for _, y in points):
                pygame.draw.polygon(surface, colour, points, 1)
        seen: set[int] = set()
        for body in world.moving_bodies():
            def contact(arbiter: pymunk.Arbiter) -> None:
                for point in arbiter.contact_point_set.points:
                    key = id(point)
                    if key in seen:
                        continue
                    seen.add(key)
                    px, py = cam.to_screen(*point.point_a)
                    pygame.draw.circle(surface, (255, 70, 70), (px, py), 4)
                    nx, ny = arbiter.contact_point_set.normal
                    pygame.draw.line(surface, (255, 70, 70), (px, py), (px + nx * 10, py - ny * 10), 1)

            body.each_arbiter(contact)
            cx, cy = cam.to_screen(*body.local_to_world(body.center_of_gravity))
            pygame.draw.line(surface, (255, 255, 255), (cx - 5, cy), (cx + 5, cy), 1)
            pygame.draw.line(surface, (255, 255, 255), (cx, cy - 5), (cx, cy + 5), 1)
        load_x = self._load_centre()
        if load_x is not None:
            x, y = cam.to_screen(load_x, 0.0)  # down to the table, where the underside rests
            pygame.draw.line(surface, (250, 204, 64), (x, y - 260), (x, y), 2)
            pygame.draw.circle(surface, (250, 204, 64), (x, y - 260), 6, 2)

    def _load_centre(self) -> float | None:
        """World x of the combined centre of mass of the bed and everything on it."""
        mass = moment = 0.0
        for body in self.world.moving_bodies():
            x, _ = body.local_to_world(body.center_of_gravity)
            mass += body.mass
            moment += body.mass * x
        return moment / mass if mass else None

    def margins(self) -> dict[str, float]:
        """Stability margins: princess (mm her weight may shift before she tips), bed tilt left
        (degrees before its rim touches the table), load arm (mm of the load's centre off the bed's middle)."""
        out: dict[str, float] = {}
        world, phys = self.world, self.game.physics
        princess = world.princess
        if princess is not None:
            gx, gy = princess.local_to_world(princess.center_of_gravity)
            base_l = princess.local_to_world((-phys.princess.base_width / 2, 0.0))
            base_r = princess.local_to_world((phys.princess.base_width / 2, 0.0))
            out["princess_mm"] = min(gx - min(base_l.x, base_r.x), max(base_l.x, base_r.x) - gx)
        b = phys.bed
        touch = math.degrees(b.corner_angle)
        out["tilt_left_deg"] = touch - abs(math.degrees(world.bed.angle))
        load = self._load_centre()
        if load is not None:
            out["load_arm_mm"] = world_to_local(world.bed_pose(), load, world.bed_pose().y)[0]
        return out

    def _draw_readout(self, surface: pygame.Surface) -> None:
        world = self.world
        m = self.margins()
        lines = [
            f"frame {world.frame}   physics {self.step_ms:.2f} ms/frame   {'PAUSED' if self.paused else 'running'}",
            f"cards {len(world.card_ids())} ({len(world.welded_cards)} welded)   fallen {len(world.fallen_cards())}   "
            f"settled {'yes' if world.is_settled() else 'no'}",
            f"bed tilt {math.degrees(world.bed.angle):+.2f} deg, {m['tilt_left_deg']:.2f} deg left before the rim "
            f"touches   load {m.get('load_arm_mm', 0.0):+.1f} mm off the pea",
            f"kinetic energy {kinetic_energy(world.moving_bodies()) / 1e3:.3f} uJ",
        ]
        if "princess_mm" in m:
            rel = relative_pose(world.bed_pose(), world.princess_pose()) if world.princess_pose() else None
            lean = math.degrees(rel.angle) if rel else 0.0
            lines.append(f"princess: weight {m['princess_mm']:.1f} mm inside her base edge, leaning {lean:+.1f} deg, "
                         f"upright {'yes' if world.is_princess_upright() else 'no'}")
        if self.overlay:
            lines.append("overlay: cyan free bodies, orange the bed and the cards welded to it, red contacts, "
                         "+ centres of mass, gold the load's centre")
        if self.message:
            lines.append(self.message)
        height = 12 + 20 * len(lines)
        shade = pygame.Surface((VIEW.width - 20, height), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (10, 10))
        for i, line in enumerate(lines):
            _text(surface, line, (20, 16 + 20 * i), 15, (236, 238, 242))


def _text(surface: pygame.Surface, message: str, pos: tuple[int, int], size: int, colour, *, bold: bool = False):
    from simulator.ui.theme import font

    surface.blit(font(size, bold).render(message, True, colour), pos)


def run_headless(lab: PhysicsLab, frames: int, screenshot: Path | None, surface: pygame.Surface) -> None:
    """Step and draw ``frames`` frames as fast as possible, dropping a few cards on the way."""
    for i in range(frames):
        if i in (10, frames // 2):
            lab.drop_card(4.0)
        lab.update(1 / 60)
        lab.draw(surface)
    if screenshot is not None:
        screenshot.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(screenshot))


LEAN_OFFSETS = (0.0, 0.25, 0.5, 1.0, 2.0)  # mm: each card of the pile this far right of the pea


def lean_report(physics, deck: int) -> str:
    """The resting leans of neat piles by height and imbalance, as a text table: two leans
    where a pile has two rests (level is a summit), the corner's angle where it reaches it."""
    heights = sorted({*range(5, deck, 5), deck})
    corner = math.degrees(physics.bed.corner_angle)
    lines = [f"Where the bed rests (degrees, + = right side down; its corner touches at {corner:.1f}, "
             f"cards slip at {math.degrees(physics.card.slip_angle):.1f})",
             "a neat pile, the princess on top; every card this far right of the pea:",
             "cards " + "".join(f"{f'{off:g} mm':>14}" for off in LEAN_OFFSETS)]
    for cards, row in lean_table(physics, heights, LEAN_OFFSETS):
        lines.append(f"{cards:5d} " + "".join(f"{' / '.join(f'{a:+.1f}' for a in leans):>14}" for leans in row))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scene", type=Path, default=SCENE, help="the scene file to read and save (default: %(default)s)")
    parser.add_argument("--cards", type=int, default=12, help="cards in the starting stack (default 12)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="start with this scene value changed (dotted key, e.g. card.friction=0.5)")
    parser.add_argument("--frames", type=int,
                        help="headless: render this many frames, dropping a card at frame 10 and half-way, and exit")
    parser.add_argument("--screenshot", type=Path, help="with --frames: save the last frame as a PNG")
    parser.add_argument("--save", action="store_true", help="write the --set values into the scene file (diff first)")
    parser.add_argument("--yes", action="store_true", help="with --save: write without asking")
    parser.add_argument("--leans", action="store_true",
                        help="no window: print where the bed rests (degrees) under neat piles of 5 to 36 cards "
                             "lying 0 to 2 mm off the pea, worked out from its underside (statics.py)")
    args = parser.parse_args(argv)
    if args.screenshot is not None and args.frames is None:
        parser.error("--screenshot saves the last of --frames N frames: give --frames")
    if args.frames is not None and args.frames < 1:
        parser.error("--frames must be at least 1")
    if args.screenshot is not None:
        blocked = file_in_the_way(args.screenshot.parent)
        if blocked is not None:
            parser.error(f"--screenshot {args.screenshot}: {blocked} is a file, not a folder")
    try:
        scene = Scene.from_path(args.scene)
        values = parse_sets(args.set, scene)
        deck = WackelbettGame(1, scene=patched_scene(scene, values)).deck_size
    except (SceneError, SceneEditError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not 1 <= args.cards <= deck:
        parser.error(f"--cards must be 1 to {deck} (the deck)")
    if args.leans:
        print(lean_report(WackelbettGame(1, scene=patched_scene(scene, values)).physics, deck))
        return 0
    headless = args.frames is not None or args.save
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    else:
        problem = display_problem()
        if problem:
            print(f"No window can open here: {problem}. Try --frames N --screenshot lab.png", file=sys.stderr)
            return 1
    pygame.display.init()
    pygame.font.init()
    try:
        surface = pygame.display.set_mode(SCREEN)
    except pygame.error as exc:
        print(f"No display found ({exc}): try --frames N --screenshot lab.png", file=sys.stderr)
        return 1
    pygame.display.set_caption("Wackelbett physics lab")
    from simulator.ui.table import ui_manager

    try:
        lab = PhysicsLab(args.scene, cards=args.cards, values=values, manager=ui_manager())
    except (SceneError, SceneEditError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.frames is not None:
        run_headless(lab, args.frames, args.screenshot, surface)
        if args.screenshot:
            print(args.screenshot)
    if args.save:
        return _save_from_command_line(lab, yes=args.yes)
    if headless:
        return 0
    return _run_window(lab, surface)


def _save_from_command_line(lab: PhysicsLab, *, yes: bool) -> int:
    shown = lab.ask_to_save()
    print(shown)
    if lab.dialog is not None:
        lab.dialog.kill()
        lab.dialog = None
    if not lab.values or shown.startswith("Nothing to save"):
        return 0
    if not yes:
        if not ask_to_write(lab.scene_path):
            print("Not written (add --yes to write without asking).")
            return 1
    try:
        written = lab.save()
    except (SceneError, SceneEditError, OSError) as exc:
        print(f"Not written: {exc}", file=sys.stderr)
        return 2
    print(f"Wrote {len(written)} value(s) to {lab.scene_path}")
    return 0


def _run_window(lab: PhysicsLab, surface: pygame.Surface) -> int:
    clock = pygame.time.Clock()
    running = True
    while running:
        dt = clock.tick(60) / 1000
        for event in pygame.event.get():
            if event.type == pygame.QUIT or not lab.handle_event(event):
                running = False
        lab.update(min(dt, 0.1))
        lab.draw(surface)
        pygame.display.flip()
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
