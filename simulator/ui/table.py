"""The table scene: runs any game between humans and bots on one screen.

It owns the rules state and never hands it to anything else: bots and the game's
view get the displayed seat's view. It paces bot moves, hides hands between two
human turns (hot-seat), shows summaries, and provides undo, save, load, the rules
panel and the Esc menu for every game alike.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Callable

import pygame
import pygame_gui

from simulator.engine import (REFEREE, Game, GameRecord, IllegalAction, SaveFileError, SeatInfo,
                              load_record, make_bot, save_record, undo)

from .app import App, user_dir
from .game_view import GameView, view_class_for
from .overlays import HandOffOverlay, MenuOverlay, Overlay, RulesOverlay, SummaryOverlay, rules_html
from .theme import (DANGER, GOLD, SCREEN_SIZE, SIDEBAR, SIDEBAR_LINE, SIDEBAR_RECT, TABLE_RECT,
                    TEXT, TEXT_DIM, felt, font, latest_entries, panel, text, wrap)

BOT_PACE = 0.9        # seconds between bot moves, so people can follow them
THEME_FILE = Path(__file__).resolve().parents[2] / "assets" / "ui_theme.json"


@dataclass
class TableSetup:
    """Everything needed to sit down at a table: the game, who sits where, the deal."""

    game: Game
    seats: tuple[SeatInfo, ...]
    seed: int
    actions: tuple[dict, ...] = ()

    @classmethod
    def from_record(cls, record: GameRecord) -> TableSetup:
        state = record.replay()
        seats = record.seats or tuple(SeatInfo(f"Player {i + 1}", "random") for i in range(record.players))
        return cls(state.game, tuple(seats), record.seed, record.actions)


def ui_manager() -> pygame_gui.UIManager:
    """A pygame-gui manager with our theme and its fonts loaded up front."""
    manager = pygame_gui.UIManager(SCREEN_SIZE, str(THEME_FILE))
    manager.preload_fonts([{"name": "noto_sans", "point_size": size, "style": "bold"} for size in (16, 18)])
    return manager


class TableScene:
    """One game in progress on the screen."""

    def __init__(self, app: App | None, setup: TableSetup, *,
                 on_leave: Callable[[], None] | None = None) -> None:
        self.app = app
        self.setup = setup
        self.game = setup.game
        self.seats = setup.seats
        self.on_leave = on_leave
        self.state = self.open_state(setup)
        self.bots = {i: make_bot(self.game, i, s.kind) for i, s in enumerate(self.seats) if s.kind != "human"}
        self.bot_rng = random.Random(setup.seed ^ 0xB07)
        self.referee = self.game.make_referee()
        self.humans = self.local_humans()
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.manager = ui_manager()
        self.view: GameView = view_class_for(self.game.id)(self.game, [s.name for s in self.seats])
        self.view.manager = self.manager
        self.overlays: list[Overlay] = []
        self.shown_summaries: set[str] = set()
        self.bot_timer = 0.0
        self.dialog: pygame_gui.windows.UIFileDialog | None = None
        self.dialog_purpose = ""
        self._mark_old_summaries_shown()
        self.refresh()

    def open_state(self, setup: TableSetup):
        """The game this screen shows: here its own state (an online table mirrors a server's)."""
        return GameRecord(self.game.id, self.game.players, dict(self.game.options), setup.seed,
                          setup.actions).replay()

    def local_humans(self) -> list[int]:
        """The seats played by people at this screen."""
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    # -- state changes ----------------------------------------------------------------
    def refresh(self) -> None:
        """Give the game view the displayed seat's view and legal actions."""
        state = self.state
        acting = self.viewer is not None and self.viewer in state.current_players()
        legal = state.legal_actions(self.viewer) if acting else []
        self.view.refresh(self.viewer, state.view(self.viewer), legal)

    def _show_new_summaries(self) -> None:
        """Queue the summaries the view has not shown yet, once its animations are done."""
        for summary in self.view.summaries():
            if summary.key not in self.shown_summaries:
                self.shown_summaries.add(summary.key)
                self.overlays.append(SummaryOverlay(self.manager, summary))

    def _mark_old_summaries_shown(self) -> None:
        self.view.refresh(None, self.state.view(None), [])
        self.shown_summaries.update(s.key for s in self.view.summaries())

    def try_action(self, action, *, quiet: bool = False) -> bool:
        """Offer a human's action (or a list of them, in order) to the rules.

        A list stands for one gesture made of several steps, such as dragging a piece
        along a path: the steps apply one by one and the first refused step stops the
        rest, its reason shown (unless ``quiet``); the steps before it stand, each
        having been legal.
        """
        for step in action if isinstance(action, list) else [action]:
            try:
                self.state.apply(step)
            except IllegalAction as exc:
                if not quiet:
                    self.view.refused(step, str(exc))
                self.refresh()
                return False
        self.bot_timer = 0.0
        up = self.state.current_players()
        if len(self.humans) > 1 and self.viewer not in up and up != (REFEREE,):
            self.viewer = None  # hot-seat: the hand goes face down as soon as the turn is over
        self.refresh()
        return True

    # -- the turn loop -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.manager.update(dt)
        if self.dialog is None and not (self.overlays and not isinstance(self.overlays[0], SummaryOverlay)):
            self.view.update(dt)  # menus, rules, hand-offs and dialogs pause the table's clocks
        if self.dialog is not None:
            if self.dialog.alive():
                return  # a file dialog is modal: the game waits
            self.dialog = None
        if not self.view.busy():
            self._show_new_summaries()
        if self.overlays:
            self.overlays[0].update(dt)
            if self.overlays[0].done:
                self.overlays.pop(0)
            return
        if self.view.drive(dt, self):
            return
        seats = self.state.current_players()
        if not seats:
            return
        humans_up = [s for s in seats if s in self.humans]
        machines_up = [s for s in seats if s not in self.humans]
        if humans_up and self.viewer not in humans_up:
            self._hand_to(humans_up[0])
            return
        if machines_up:
            self.bot_timer += dt
            if self.bot_timer >= BOT_PACE and not self.view.busy():
                self.bot_timer = 0.0
                self.machine_moves(machines_up[0])

    def machine_moves(self, seat: int) -> None:
        """The bot in ``seat`` (or the referee) moves now."""
        self.state.apply(self.referee_choice() if seat == REFEREE else self.bot_choice(seat))
        self.refresh()

    # -- what a real-time view may ask of the table (GameView.drive) ----------------------
    def current_players(self) -> tuple[int, ...]:
        return self.state.current_players()

    def bot_choice(self, seat: int):
        """What the bot in ``seat`` would do now, decided from its own view."""
        bot = self.bots[seat]
        view = self.state.view(seat) if getattr(bot, "reads_view", True) else None
        return bot.choose(view, self.state.legal_actions(seat), self.bot_rng)

    def referee_choice(self):
        """What the table's referee decides now."""
        return self.referee.decide(self.state)

    def submit(self, action, *, quiet: bool = False) -> bool:
        """Offer an action to the rules; False if refused (the reason shown unless ``quiet``,
        for a bot's plan that the table overtook)."""
        return self.try_action(action, quiet=quiet)

    def show(self, seat: int | None) -> None:
        """Display ``seat``'s view (real-time games switch to whoever buzzed)."""
        self.viewer = seat
        self.refresh()

    def _hand_to(self, seat: int) -> None:
        """Between two humans: hide the table until ``seat`` confirms."""
        if len(self.humans) == 1:
            self.viewer = seat
            self.refresh()
            return

        def ready() -> None:
            self.viewer = seat
            self.refresh()

        self.viewer = None
        self.refresh()
        self.overlays.append(HandOffOverlay(self.manager, self.seats[seat].name, ready))

    # -- input -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.manager.process_events(event)
        if self.dialog is not None:
            if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
                purpose, self.dialog = self.dialog_purpose, None
                self._file_picked(purpose, Path(event.text))
            return
        if self.overlays:
            self.overlays[0].handle_event(event)
            return
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & pygame.KMOD_CTRL
            if event.key == pygame.K_ESCAPE:
                self.open_menu()
            elif event.key == pygame.K_F1:
                self.open_rules()
            elif ctrl and event.key == pygame.K_z:
                self.undo()
            elif ctrl and event.key == pygame.K_s:
                self.ask_file("save")
            elif ctrl and event.key == pygame.K_o:
                self.ask_file("load")
            else:
                self._offer_to_view(event)  # the view's own keys (buzzers, shortcuts)
            return
        self._offer_to_view(event)

    def _offer_to_view(self, event: pygame.event.Event) -> None:
        action = self.view.handle_event(event)  # hover effects work off-turn too
        if action is not None:
            self.try_action(action)

    # -- menu, undo, files ---------------------------------------------------------------
    def open_menu(self) -> None:
        self.overlays.insert(0, MenuOverlay(self.manager, [
            ("Resume", lambda: None),
            ("How to play  (F1)", self.open_rules),
            ("Undo  (Ctrl+Z)", self.undo),
            ("Save game  (Ctrl+S)", lambda: self.ask_file("save")),
            ("Load game  (Ctrl+O)", lambda: self.ask_file("load")),
            ("New game", self.leave),
            ("Quit", self.quit),
        ]))

    def open_rules(self) -> None:
        self.overlays.insert(0, RulesOverlay(self.manager, self.game.title, rules_html(self.view.help_text)))

    def undo(self) -> None:
        seat = self.viewer if self.viewer is not None else (self.humans[0] if self.humans else None)
        previous = undo(self.state, seat) if seat is not None else None
        if previous is None:
            self.notify("Nothing to undo: a card was revealed or drawn since your last move.")
            return
        self.state = previous
        self.bot_timer = 0.0
        self.refresh()
        self.notify("Your last move was taken back.")

    def ask_file(self, purpose: str) -> None:
        folder = user_dir("saves")
        if purpose == "save":
            initial = folder / f"{self.game.id}-{datetime.now():%Y%m%d-%H%M%S}.json"
            title = "Save game as"
        else:
            initial = folder
            title = "Load a saved game"
        rect = pygame.Rect(0, 0, 620, 460)
        rect.center = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2)
        self.dialog = pygame_gui.windows.UIFileDialog(rect, self.manager, title, initial_file_path=str(initial),
                                                      allow_existing_files_only=(purpose == "load"))
        self.dialog_purpose = purpose

    def _file_picked(self, purpose: str, path: Path) -> None:
        if purpose == "save":
            self.save(path)
        else:
            self.load(path)

    def save(self, path: Path) -> None:
        try:
            save_record(GameRecord.of(self.state, self.seats), path)
        except OSError as exc:
            self.notify(f"Could not save to {path}: {exc.strerror}")
            return
        self.notify(f"Saved to {path}")

    def load(self, path: Path) -> None:
        try:
            record = load_record(path)
            setup = TableSetup.from_record(record)
        except SaveFileError as exc:
            self.notify(str(exc))
            return
        if self.app:
            self.app.replace(TableScene(self.app, setup, on_leave=self.on_leave))
            self.app.notify(f"Loaded {path.name}")

    def leave(self) -> None:
        if self.on_leave:
            self.on_leave()

    def quit(self) -> None:
        if self.app:
            self.app.quit()

    def notify(self, message: str) -> None:
        if self.app:
            self.app.notify(message)

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(TABLE_RECT.size), TABLE_RECT)
        self.view.draw(surface)
        self._draw_banner(surface)
        self._draw_sidebar(surface)
        for overlay in reversed(self.overlays[:1]):
            overlay.draw(surface)
        self.manager.draw_ui(surface)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        status = self.view.status()
        if status:
            width = min(TABLE_RECT.width - 40, max(420, 40 + font(20, True).size(status)[0]))
            rect = pygame.Rect(0, 0, width, 40)
            rect.midtop = (TABLE_RECT.centerx, 12)
            panel(surface, rect, alpha=200, radius=20)
            text(surface, status, rect.center, size=20, bold=True, anchor="center")
        if self.view.refusal:
            reason = self.view.refusal[0]
            lines = wrap(reason, TABLE_RECT.width - 120, 18)
            rect = pygame.Rect(0, 0, TABLE_RECT.width - 80, 20 + 24 * len(lines))
            rect.midtop = (TABLE_RECT.centerx, 60)
            panel(surface, rect, colour=(120, 30, 30), alpha=235, radius=12)
            for i, line in enumerate(lines):
                text(surface, line, (rect.centerx, rect.top + 10 + 24 * i), size=18, anchor="midtop")

    def _draw_sidebar(self, surface: pygame.Surface) -> None:
        surface.fill(SIDEBAR, SIDEBAR_RECT)
        pygame.draw.line(surface, SIDEBAR_LINE, SIDEBAR_RECT.topleft, SIDEBAR_RECT.bottomleft, 2)
        x = SIDEBAR_RECT.left + 16
        width = SIDEBAR_RECT.width - 32
        y = 14
        text(surface, self.game.title, (x, y), size=26, bold=True, colour=GOLD)
        y += 38
        headline = self.view.headline()
        if headline:
            text(surface, headline, (x, y), size=16, colour=TEXT_DIM)
            y += 26
        current = set(self.state.current_players())
        winners = set(self.state.winners())
        for seat, plate in enumerate(self.view.plates()):
            rect = pygame.Rect(x - 6, y, width + 12, 52 + 20 * len(plate.extra))
            if seat in current or seat in winners:
                pygame.draw.rect(surface, (60, 56, 30) if seat in winners else (44, 60, 84), rect,
                                 border_radius=8)
            colour = TEXT_DIM if plate.faded else TEXT
            info = self.seats[seat]
            if seat in current or seat in winners:
                tip = (x + 1, y + 15)
                pygame.draw.polygon(surface, GOLD, [(tip[0], tip[1] - 7), (tip[0] + 10, tip[1]), (tip[0], tip[1] + 7)])
            text(surface, info.name, (x + 16, y + 4), size=18, bold=True, colour=GOLD if seat in current else colour)
            tag = "you" if seat == self.viewer else ("human" if info.kind == "human" else f"bot: {info.kind}")
            text(surface, tag, (x + width, y + 7), size=13, colour=TEXT_DIM, anchor="topright")
            text(surface, plate.detail, (x, y + 27), size=15, colour=colour)
            for i, line in enumerate(plate.extra):
                text(surface, line, (x, y + 47 + 20 * i), size=14, colour=TEXT_DIM)
            y = rect.bottom + 6
        y += 6
        pygame.draw.line(surface, SIDEBAR_LINE, (x, y), (x + width, y))
        y += 10
        text(surface, "What happened", (x, y), size=14, bold=True, colour=TEXT_DIM)
        y += 22
        bottom = SCREEN_SIZE[1] - (104 if self.state.is_over() else 70)
        for line, indent in latest_entries(self.view.log_lines(), width, 14, max(0, (bottom - y) // 19)):
            text(surface, line, (x + indent, y), size=14, colour=TEXT)
            y += 19
        hint_y = SCREEN_SIZE[1] - 56
        pygame.draw.line(surface, SIDEBAR_LINE, (x, hint_y - 8), (x + width, hint_y - 8))
        text(surface, "Esc menu · F1 rules · Ctrl+Z undo", (x, hint_y), size=13, colour=TEXT_DIM)
        text(surface, "Ctrl+S save · Ctrl+O load · F12 shot", (x, hint_y + 20), size=13, colour=TEXT_DIM)
        if self.state.is_over():
            text(surface, "Game over · Esc: new game", (SIDEBAR_RECT.centerx, hint_y - 30), size=15,
                 bold=True, colour=DANGER, anchor="center")
