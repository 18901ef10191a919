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
                              load_record, make_bot, save_record, try_undo, undo)

from .app import App, tidy_folder, user_dir
from .file_dialog import enter_confirms, open_file_dialog
from .save_browser import SaveBrowser
from .game_view import GameView, view_class_for
from .overlays import HandOffOverlay, MenuOverlay, Overlay, RulesOverlay, SummaryOverlay, rules_html
from .settings import SKIP_KEYS, Settings
from .settings_panel import SettingsPanel
from .sound import Cue, silent_board
from .theme import (DANGER, GOLD, SCREEN_SIZE, SIDEBAR, SIDEBAR_LINE, SIDEBAR_RECT, TABLE_RECT,
                    TEXT, TEXT_DIM, felt, font, latest_entries, panel, text, ui_manager, ui_size, wrap)


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


def table_picture(record: GameRecord) -> pygame.Surface:
    """The table of ``record``'s game as it stood when saved, seen as an onlooker sees it (no
    hand shown), at the screen's size: what the save browser shows of a save."""
    scene = TableScene(None, TableSetup.from_record(record))
    scene.viewer = None
    scene.refresh()
    scene.view.finish_moves()
    surface = pygame.Surface(SCREEN_SIZE)
    scene.draw(surface)
    return surface


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
        self._saved: tuple | None = None  # the history as last saved or loaded (see mark_saved)
        self.bots = {i: make_bot(self.game, i, s.kind) for i, s in enumerate(self.seats) if s.kind != "human"}
        self.bot_rng = random.Random(setup.seed ^ 0xB07)
        self.referee = self.game.make_referee()
        self.humans = self.local_humans()
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.settings = app.settings if app else Settings()
        self.sound = app.sound if app else silent_board()
        self.manager = ui_manager()
        self.view: GameView = view_class_for(self.game.id)(self.game, [s.name for s in self.seats])
        self.view.manager = self.manager
        self.overlays: list[Overlay] = []
        self.shown_summaries: set[str] = set()
        self.bot_timer = 0.0
        self._table_seconds = 0.0
        self._real_time_driven = False
        # Where each gesture of a player here began (history lengths): a drag of several steps
        # is one move, and Ctrl+Z takes it back whole.
        self.gesture_starts: list[int] = []
        # The last file dialog and what it is for. It stays known after it closes: its
        # "path picked" event arrives in the frame after the click on OK.
        self.dialog: pygame_gui.windows.UIFileDialog | SaveBrowser | None = None
        self.dialog_purpose = ""
        self.notice_rect: pygame.Rect | None = None   # where the last message was drawn
        self.log_rows: list[tuple[pygame.Rect, int]] = []  # the log's rows as last drawn: (rect, entry)
        self._your_turn = self._over = False
        self._mark_old_summaries_shown()
        self.refresh()
        self.view.cue_sink = self.sound.play  # from now on, what happens may make a sound
        if not setup.actions:
            self.view.cue(Cue.SHUFFLE)  # a fresh deal

    def open_state(self, setup: TableSetup):
        """The game this screen shows: here its own state (an online table mirrors a server's)."""
        return GameRecord(self.game.id, self.game.players, dict(self.game.options), setup.seed,
                          setup.actions).replay()

    def local_humans(self) -> list[int]:
        """The seats played by people at this screen."""
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    # -- state changes ----------------------------------------------------------------
    def refresh(self) -> None:
        """Give the game view the displayed seat's view and legal actions; chime when it
        becomes the displayed player's turn, cheer when the game is won here (console when lost)."""
        state = self.state
        acting = self.viewer is not None and self.viewer in state.current_players()
        legal = state.legal_actions(self.viewer) if acting else []
        self.view.refresh(self.viewer, state.view(self.viewer), legal)
        your_turn, over = bool(legal), state.is_over()
        if your_turn and not self._your_turn:
            self.view.cue(Cue.CHIME)
        if over and not self._over and state.winners():
            # the cheer for a winner at this screen; where the people here lost, a gentler sound
            won_here = any(w in self.humans for w in state.winners()) or not self.humans
            self.view.cue(Cue.CHEER if won_here else Cue.CONSOLE)
        self._your_turn, self._over = your_turn, over

    def _show_new_summaries(self) -> None:
        """Queue the summaries the view has not shown yet, once its animations are done."""
        for summary in self.view.summaries():
            if summary.key not in self.shown_summaries:
                self.shown_summaries.add(summary.key)
                ending = summary.key == "game" and self.state.is_over()
                self.overlays.append(SummaryOverlay(self.manager, summary, choices=self.end_choices() if ending else ()))

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
        begin = len(self.state.history)
        for step in action if isinstance(action, list) else [action]:
            try:
                self.state.apply(step)
            except IllegalAction as exc:
                if not quiet:
                    self.view.refused(step, str(exc))
                self._gesture_made(begin)
                self.refresh()
                return False
        self._gesture_made(begin)
        self.bot_timer = 0.0
        self.view.refusal = None  # a move the rules took: what was refused before is no longer the news
        up = self.state.current_players()
        if len(self.humans) > 1 and self.viewer not in up and up != (REFEREE,):
            self.viewer = None  # hot-seat: the hand goes face down as soon as the turn is over
        self.refresh()
        return True

    def _gesture_made(self, begin: int) -> None:
        if len(self.state.history) > begin:
            self.gesture_starts.append(begin)

    # -- the turn loop -----------------------------------------------------------------
    @property
    def dialog_open(self) -> bool:
        return self.dialog is not None and self.dialog.alive()

    @property
    def is_covered(self) -> bool:
        """A dialog, a menu, the rules or a hand-off covers the table: its clocks wait."""
        return self.dialog_open or bool(self.overlays and not isinstance(self.overlays[0], SummaryOverlay))

    def table_seconds(self) -> float:
        """The table's time: real time while the table runs, standing still while it is covered.
        Timed windows (Wie Weet Wat's sand timer) run on it, so a slow frame never slows them."""
        return self._table_seconds

    def pass_real_time(self, seconds: float) -> None:
        """The app says how much real time a frame stood for (all of it, also what its fixed
        steps could not catch up with after a stall)."""
        self._real_time_driven = True
        if not self.is_covered:
            self._table_seconds += seconds * self.clock_rate()

    def clock_rate(self) -> float:
        """How fast the game runs against real time: its moves, animations and timed windows
        (1; a replay runs it faster, slower or not at all)."""
        return 1.0

    def update(self, dt: float) -> None:
        self.manager.update(dt)
        dt *= self.clock_rate()  # the game's time from here on
        if not self._real_time_driven and not self.is_covered:
            self._table_seconds += dt  # no app tells the real time: the updates are the table's time
        if not self.is_covered:
            self.view.update(dt)  # menus, rules, hand-offs and dialogs pause the table's clocks
        if self.dialog_open:
            return  # a file dialog is modal: the game waits
        if not self.view.busy():
            self._show_new_summaries()
        if self.overlays:
            self.view.pointer_left()   # the mouse is the panel's now
            self.overlays[0].update(dt)
            if self.overlays[0].done:
                self.overlays.pop(0)
            for depth, overlay in enumerate(self.overlays):
                overlay.set_covered(depth > 0)
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
            if self.bot_timer >= self.settings.bot_pause and not self.view.busy():
                self.bot_timer = 0.0
                self.machine_moves(machines_up[0])

    def busy(self) -> bool:
        """Something on the table moves (the app keeps its full frame rate for it)."""
        return self.view.busy()

    def machine_moves(self, seat: int) -> None:
        """The bot in ``seat`` (or the referee) moves now; at the instant bot speed its
        cards are where they are going at once."""
        self.state.apply(self.referee_choice() if seat == REFEREE else self.bot_choice(seat))
        self.refresh()
        if self.settings.bot_speed == "instant":
            self.view.finish_moves()

    def skip(self) -> None:
        """The skip key: what is moving arrives now, and the next bot does not wait."""
        self.view.finish_moves()
        self.bot_timer = self.settings.bot_pause

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
        self.overlays.append(HandOffOverlay(self.manager, self.view.name(seat), ready))

    # -- input -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.manager.process_events(event)
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            purpose, self.dialog = self.dialog_purpose, None
            self._file_picked(purpose, Path(event.text))
            return
        if self.dialog_open:
            enter_confirms(self.dialog, event)
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.dialog.kill()
            return
        if self.overlays:
            waiting = isinstance(self.overlays[0], (HandOffOverlay, SummaryOverlay))  # menu and rules open over it
            if waiting and event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
                self.open_menu() if event.key == pygame.K_ESCAPE else self.open_rules()
                return
            self.overlays[0].handle_event(event)
            return
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & pygame.KMOD_CTRL
            if event.key == pygame.key.key_code(self.settings.skip_key):
                self.skip()
            elif event.key == pygame.K_ESCAPE:
                self.open_menu()
            elif event.key == pygame.K_F1:
                self.open_rules()
            elif ctrl and event.key == pygame.K_z:
                self.undo()
            elif ctrl and event.key == pygame.K_s:
                self.ask_file("save")
            elif ctrl and event.key == pygame.K_o:
                self.confirm_leaving(lambda: self.ask_file("load"), "load")
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
        self.overlays.insert(0, MenuOverlay(self.manager, self.menu_items()))

    def offers(self) -> set[str]:
        """What this table offers besides play: "undo", "save", "load", "rematch" (a table fed by
        a server or by a file offers less); the menu, the key hints and the end of a game show
        only these."""
        return {"undo", "save", "load", "rematch"}

    def end_choices(self) -> tuple[tuple[str, Callable[[], None]], ...]:
        """What the panel at the end of a game offers beside Continue: a rematch (the same seats
        and options, a new deal) and saving the finished game, as far as this table offers them."""
        offered = self.offers()
        return tuple(choice for need, choice in (
            ("rematch", ("Rematch", self.rematch)),
            ("save", ("Save", lambda: self.ask_file("save"))),
        ) if need in offered)

    def rematch(self) -> None:
        """The same seats and rule options at a new table, with a new deal."""
        seed = random.Random(self.setup.seed).randrange(2 ** 31) ^ len(self.state.history)
        table = TableScene(self.app, TableSetup(self.game, self.seats, seed), on_leave=self.on_leave)
        if self.app:
            self.app.replace(table)
            self.app.notify("Rematch: the same seats, a new deal.")

    def menu_items(self) -> list[tuple[str, Callable[[], None]]]:
        """The Esc menu: each entry's words and what it does."""
        say, offered = self.view.say, self.offers()
        return [(say(words), then) for need, (words, then) in (
            (None, ("Resume", lambda: None)),
            (None, ("How to play  (F1)", self.open_rules)),
            ("undo", ("Undo  (Ctrl+Z)", self.undo)),
            ("save", ("Save game  (Ctrl+S)", lambda: self.ask_file("save"))),
            ("load", ("Load game  (Ctrl+O)", lambda: self.confirm_leaving(lambda: self.ask_file("load"), "load"))),
            (None, ("Settings", self.open_settings)),
            (None, ("New game", lambda: self.confirm_leaving(self.leave, "leave"))),
            (None, ("Quit", lambda: self.confirm_leaving(self.quit, "quit"))),
        ) if need is None or need in offered]

    def has_unsaved_play(self) -> bool:
        """Would leaving now lose a game someone here has played in (and not saved as it is)?"""
        return (tuple(self.state.history) != self._saved  # a finished game too: it may be worth keeping
                and any(a.player in self.humans for a in self.state.history))

    def mark_saved(self) -> None:
        """The game as it stands is in a file (just saved, or loaded from it): leaving loses nothing."""
        self._saved = tuple(self.state.history)

    def confirm_leaving(self, then: Callable[[], None], verb: str) -> None:
        """``then`` (leave the table, quit, or load another game over this one): at once when
        nothing would be lost, else after asking whether to save the game first."""
        if not self.has_unsaved_play():
            then()
            return
        path = user_dir("saves") / f"{self.game.id}-{datetime.now():%Y%m%d-%H%M%S}.json"

        def save_then() -> None:
            if self.save(path):
                then()

        self.overlays.insert(0, MenuOverlay(self.manager, [
            (f"Save, then {verb}", save_then),
            (f"{verb.capitalize()} without saving", then),
            ("Stay at the table", lambda: None),
        ], title="This game is not finished"))

    def open_settings(self) -> None:
        self.overlays.insert(0, SettingsPanel(self.manager, self.settings, self._change_settings, self.sound))

    def _change_settings(self, settings: Settings) -> None:
        if self.app:
            self.app.change_settings(settings)  # calls settings_changed on every scene
        else:
            self.settings_changed(settings)

    def settings_changed(self, settings: Settings) -> None:
        self.settings = settings

    def open_rules(self) -> None:
        title = self.view.rules_title.format(title=self.game.title)
        self.overlays.insert(0, RulesOverlay(self.manager, title, rules_html(self.view.help_text)))

    def undo(self) -> None:
        seat = self.viewer if self.viewer is not None else (self.humans[0] if self.humans else None)
        found = try_undo(self.state, seat) if seat is not None else "no player of this table has moved"
        if isinstance(found, str):
            self.notify(f"Nothing to undo: {found}.")
            return
        previous = found[1]
        # the gesture that last action began or continued: take back the rest of it too
        start = next((b for b in reversed(self.gesture_starts) if b <= len(previous.history)), None)
        while start is not None and len(previous.history) > start:
            further = undo(previous, seat)
            if further is None or len(further.history) < start:
                break
            previous = further
        self.gesture_starts = [b for b in self.gesture_starts if b < len(previous.history)]
        self.state = previous
        self.bot_timer = 0.0
        self.refresh()
        self.view.last_move.clear()  # what moved back is no one's last move
        self.notify("Your last move was taken back.")

    def ask_file(self, purpose: str) -> None:
        folder = user_dir("saves")
        if purpose == "save":
            initial = folder / f"{self.game.id}-{datetime.now():%Y%m%d-%H%M%S}.json"
            self.dialog = open_file_dialog(self.manager, "Save game as", initial, existing_only=False)
        else:
            self.dialog = SaveBrowser(self.manager, folder, table_picture)
        self.dialog_purpose = purpose

    def _file_picked(self, purpose: str, path: Path) -> None:
        if purpose == "save":
            self.save(path)
        else:
            self.load(path)

    def save(self, path: Path) -> bool:
        """Save the game to ``path``; says so, or why not. True when it was saved."""
        try:
            save_record(GameRecord.of(self.state, self.seats), path)
        except OSError as exc:
            self.notify(f"Could not save to {path}: {exc.strerror}")
            return False
        self.mark_saved()
        self.notify(f"Saved: {path.name} in {tidy_folder(path.parent)}")
        return True

    def load(self, path: Path) -> None:
        try:
            record = load_record(path)
        except SaveFileError as exc:
            self.notify(exc.brief())
            return
        if self.app:
            self.app.replace(TableScene.sitting_down_at(self.app, record, on_leave=self.on_leave))
            self.app.notify(f"Loaded {path.name}")

    @classmethod
    def sitting_down_at(cls, app: App | None, record: GameRecord, *,
                        on_leave: Callable[[], None] | None = None) -> TableScene:
        """A table at ``record``'s game, to play on; the file holds it as it is, so leaving
        loses nothing until someone moves."""
        table = cls(app, TableSetup.from_record(record), on_leave=on_leave)
        table.mark_saved()
        return table

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

    def status(self) -> str:
        """The line across the top: what the view says is happening."""
        return self.view.status()

    def _draw_banner(self, surface: pygame.Surface) -> None:
        status = self.status()
        if status:
            size = fitting_size(status, ui_size(20), TABLE_RECT.width - 80, bold=True)
            width = min(TABLE_RECT.width - 40, max(420, 40 + font(size, True).size(status)[0]))
            rect = pygame.Rect(0, 0, width, size + 20)
            rect.midtop = (TABLE_RECT.centerx, 12)
            panel(surface, rect, alpha=200, radius=20)
            text(surface, status, rect.center, size=size, bold=True, anchor="center")
        if self.view.refusal:
            reason = self.view.refusal[0]
            size = ui_size(18)
            lines = wrap(reason, TABLE_RECT.width - 120, size)
            widest = max(font(size).size(line)[0] for line in lines)
            rect = pygame.Rect(0, 0, min(TABLE_RECT.width - 80, widest + 60), 20 + (size + 6) * len(lines))
            place = self.view.refusal_place
            rect.midtop = place if place is not None else (TABLE_RECT.centerx, 32 + ui_size(28))
            panel(surface, rect, colour=(120, 30, 30), alpha=235, radius=12)
            for i, line in enumerate(lines):
                text(surface, line, (rect.centerx, rect.top + 10 + (size + 6) * i), size=size, anchor="midtop")

    def _draw_sidebar(self, surface: pygame.Surface) -> None:
        surface.fill(SIDEBAR, SIDEBAR_RECT)
        pygame.draw.line(surface, SIDEBAR_LINE, SIDEBAR_RECT.topleft, SIDEBAR_RECT.bottomleft, 2)
        x = SIDEBAR_RECT.left + 16
        width = SIDEBAR_RECT.width - 32
        y = 14
        title_size = fitting_size(self.game.title, ui_size(26), width, bold=True)
        text(surface, self.game.title, (x, y), size=title_size, bold=True, colour=GOLD)
        y += title_size + 12
        headline = self.view.headline()
        if headline:
            for line in wrap(headline, width, ui_size(16)):
                text(surface, line, (x, y), size=ui_size(16), colour=TEXT_DIM)
                y += ui_size(16) + 6
            y += 4
        current = set(self.state.current_players())
        winners = set(self.state.winners())
        name_h, detail_h, extra_h = ui_size(18) + 9, ui_size(15) + 5, ui_size(14) + 6
        for seat, plate in enumerate(self.view.plates()):
            details = wrap(plate.detail, width, ui_size(15))  # a long line (larger text) wraps, never runs off
            extras = [piece for line in plate.extra for piece in wrap(line, width, ui_size(14))]
            rect = pygame.Rect(x - 6, y, width + 12, name_h + detail_h * len(details) + 6 + extra_h * len(extras))
            if seat in current or seat in winners:
                pygame.draw.rect(surface, (60, 56, 30) if seat in winners else (44, 60, 84), rect,
                                 border_radius=8)
            colour = TEXT_DIM if plate.faded else TEXT
            if seat in current or seat in winners:
                tip = (x + 1, y + 4 + name_h // 2)
                pygame.draw.polygon(surface, GOLD, [(tip[0], tip[1] - 7), (tip[0] + 10, tip[1]), (tip[0], tip[1] + 7)])
            text(surface, self.view.name(seat), (x + 16, y + 4), size=ui_size(18), bold=True,
                 colour=GOLD if seat in current else colour)
            text(surface, self.seat_tag(seat), (x + width, y + 7), size=ui_size(13), colour=TEXT_DIM,
                 anchor="topright")
            for i, line in enumerate(details):
                text(surface, line, (x, y + name_h + detail_h * i), size=ui_size(15), colour=colour)
            for i, line in enumerate(extras):
                text(surface, line, (x, y + name_h + detail_h * len(details) + extra_h * i), size=ui_size(14),
                     colour=TEXT_DIM)
            y = rect.bottom + 6
        y += 6
        pygame.draw.line(surface, SIDEBAR_LINE, (x, y), (x + width, y))
        y += 10
        text(surface, self.view.log_title, (x, y), size=ui_size(14), bold=True, colour=TEXT_DIM)
        y += ui_size(14) + 8
        hint_size = ui_size(13)
        hints = wrap_items(self.key_hints(), width, hint_size)
        hint_y = SCREEN_SIZE[1] - 16 - (hint_size + 7) * len(hints)
        foot = hint_y - 8
        if self.state.is_over():
            foot -= ui_size(15) + 14
            text(surface, "Game over · Esc: new game", (SIDEBAR_RECT.centerx, foot + 4), size=ui_size(15),
                 bold=True, colour=DANGER, anchor="midtop")
        self.notice_rect = None
        message = self.app.notice[0] if self.app and self.app.notice else None
        if message:
            self.notice_rect, _ = self._notice_layout(message, foot)
            foot = self.notice_rect.top - 6
        size = ui_size(14)
        entries = self.view.log_lines()
        rows = latest_entries(entries, width, size, max(0, (foot - y) // (size + 5)))
        entry = len(entries) - sum(indent == 0 for _, indent in rows) - 1
        self.log_rows = []
        for i, (_, indent) in enumerate(rows):
            entry += indent == 0
            self.log_rows.append((pygame.Rect(x - 4, y + (size + 5) * i - 2, width + 8, size + 5), entry))
        lit = [row for row, entry in self.log_rows if self.log_row_lit(entry)]
        if lit:
            pygame.draw.rect(surface, (44, 60, 84), lit[0].unionall(lit[1:]), border_radius=4)
        for line, indent in rows:
            text(surface, line, (x + indent, y), size=size, colour=TEXT)
            y += size + 5
        pygame.draw.line(surface, SIDEBAR_LINE, (x, hint_y - 8), (x + width, hint_y - 8))
        for line in hints:
            text(surface, line, (x, hint_y), size=hint_size, colour=TEXT_DIM)
            hint_y += hint_size + 7

    def log_row_lit(self, entry: int) -> bool:
        """Is the log's ``entry`` drawn lit (a table whose log can be clicked lights the one
        under the pointer)?"""
        return False

    def log_entry_at(self, pos: tuple[int, int]) -> int | None:
        """The log entry drawn at ``pos`` (an index into the view's log lines), or None."""
        return next((entry for row, entry in self.log_rows if row.collidepoint(pos)), None)

    def seat_tag(self, seat: int) -> str:
        """Who sits there, as the sidebar tags the seat: "you", "human" or the bot's level."""
        kind, say = self.seats[seat].kind, self.view.say
        return say("you") if seat == self.viewer else (say("human") if kind == "human" else say("bot: {level}", level=kind))

    def key_hints(self) -> list[str]:
        say, offered = self.view.say, self.offers()
        files = [say(hint) for need, hint in (("undo", "Ctrl+Z undo"), ("save", "Ctrl+S save"),
                                              ("load", "Ctrl+O load")) if need in offered]
        return [say("Esc menu"), say("F1 rules"), *files, say("F12 shot"),
                say("{key} skips animation", key=SKIP_KEYS[self.settings.skip_key])]

    def _notice_layout(self, message: str, bottom: int) -> tuple[pygame.Rect, list[str]]:
        """The app's short message sits in the sidebar above the key hints, never over the table."""
        size = ui_size(15)
        lines = wrap(message, SIDEBAR_RECT.width - 44, size)
        rect = pygame.Rect(SIDEBAR_RECT.left + 10, 0, SIDEBAR_RECT.width - 20, 16 + (size + 5) * len(lines))
        rect.bottom = bottom
        return rect, lines

    def draw_notice(self, surface: pygame.Surface, message: str) -> None:
        """Draw the app's message where the sidebar left room for it (see _draw_sidebar)."""
        if self.notice_rect is None:
            return
        rect, lines = self._notice_layout(message, self.notice_rect.bottom)
        panel(surface, rect, colour=(44, 52, 70), alpha=255, radius=10, border=GOLD)
        size = ui_size(15)
        for i, line in enumerate(lines):
            text(surface, line, (rect.left + 12, rect.top + 8 + (size + 5) * i), size=size, colour=TEXT)


def fitting_size(message: str, size: int, width: int, *, bold: bool = False, smallest: int = 12) -> int:
    """The largest type size up to ``size`` at which ``message`` is at most ``width`` wide."""
    while size > smallest and font(size, bold).size(message)[0] > width:
        size -= 1
    return size


def wrap_items(items: list[str], width: int, size: int) -> list[str]:
    """Short items joined with " · " into lines no wider than ``width``, never split inside an item."""
    lines: list[str] = []
    for item in items:
        trial = f"{lines[-1]} · {item}" if lines else item
        if lines and font(size).size(trial)[0] <= width:
            lines[-1] = trial
        else:
            lines.append(item)
    return lines
