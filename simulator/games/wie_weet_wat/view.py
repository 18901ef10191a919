"""How Wie Weet Wat sits on the table: buzzers, a clock, typed answers, votes and action cards.

The reader's part is turn-based and runs through the table's own loop, with its hot-seat
hand-off: drawing a category card, choosing one of its four categories (only the reader
sees them) and picking a victim for Te veel keuze. Three phases run in real time through
:meth:`WieWeetWatView.drive` and the table's narrow API:

* **The answering window.** A clock runs from the moment the category is read. Each bot
  is asked once for its answer when the window opens; the answer goes on the table when
  the clock reaches its ``at_ms`` (a bot that gives up passes at a time set by its level).
  When a card lands, bots that were going to pass are asked again, so they can
  counter-attack it. At ``deadline_ms`` the referee closes the window.
  A human **buzzes** (their key, a click on their name, or with one human also a click on
  a card): the clock stands still while they pick a card and type, for at most
  :data:`BUZZ_SECONDS`, and the answer's ``at_ms`` is the moment of the buzz. Why the
  buzz and not the Enter key: players who share one keyboard wait for each other, and
  typing speed is not what the game measures ("je legt die letterkaart op tafel en noemt
  meteen je antwoord"). Further cards in the same buzz count at that moment too.
* **The vote** on a word the word list does not know: humans click Accept or Reject,
  bots vote one by one.
* **The Vicieuze cirkel**: one seat at a time; a human types, a bot speaks after a pause.

Buzzer keys are Space for a single human, A L G P Z M for several (the table passes on
the keys it does not use). The text entry for the word is opened on the frame after the
buzz, so the buzzer key itself is not typed into it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Hashable, Sequence

import pygame
import pygame_gui

from simulator.engine import Action
from simulator.ui.card_art import blank_card, burst, card_back, glow, mark, outlined_text
from simulator.ui.game_view import GameView, SeatPlate, Summary
from simulator.ui.sprites import Place, SpriteLayer, fan
from simulator.ui.theme import DANGER, GOLD, GOOD, HIGHLIGHT, TEXT, TEXT_DIM, font, panel, text, wrap

from .rules import (ACTION_KINDS, JOKER, Answer, BotLevel, ChooseCategory, ChooseVictim, CounterAttack,
                    DrawCategory, Pass, Say, Vote, WieWeetWatGame)

BUZZ_SECONDS = 7.0       # after a buzz, time to pick a card and type a word one knows (the clock stands still)
MORE_SECONDS = 5.0       # after an answer, time to add another card in the same buzz
BOT_PACE = 0.9           # seconds between bot votes and bot words in the Vicieuze cirkel
ACTION_SECONDS = 4.0     # how long an action card stays up (a click dismisses it)
VERDICT_SECONDS = 5.0
CIRCLE_SECONDS = 3.5
TOAST_SECONDS = 3.0
BUZZ_KEYS = (pygame.K_a, pygame.K_l, pygame.K_g, pygame.K_p, pygame.K_z, pygame.K_m)  # far apart on the keyboard

HAND = (74, 104)
TILE_CARD = (46, 64)
PILE = (74, 104)
ACTION_CARD = (132, 186)
CAT_PILE = (80, 300)
LETTER_PILE = (80, 470)
DISCARD = (952, 470)
HAND_Y = 642
PLATE_TOP = 62
PLATE_H = 92
BANNER = pygame.Rect(185, 162, 660, 108)
TIMER = (912, 216)
TILES = pygame.Rect(185, 280, 660, 172)
DESK = pygame.Rect(185, 460, 660, 106)
HOME = pygame.Rect(8, 594, 144, 116)
CHOICE = pygame.Rect(245, 166, 540, 286)
CENTRE = pygame.Rect(185, 162, 660, 404)
ENTRY = pygame.Rect(DESK.x + 16, DESK.y + 36, 300, 40)

NAVY = (34, 56, 118)
CREAM = (252, 246, 228)
PURPLE = (92, 46, 146)
TEAL = (20, 112, 122)
PANEL = (16, 20, 26)
ACTING = (60, 56, 20)
ACTION_COLOURS = {"grote_kans": (214, 138, 28), "vicieuze_cirkel": (150, 56, 150), "rotonde": (36, 124, 186),
                  "verkiezingspartij": (204, 66, 106), "verloren_geluk": (52, 146, 78),
                  "te_veel_keuze": (112, 84, 196), "pechvogel": (86, 88, 100)}

# Our words for each action card: Dutch (shown in the Dutch edition) and an English gloss.
ACTION_TEXT = {
    "grote_kans": ("Wie bij de volgende categorie als snelste goed antwoordt, mag binnen 10 seconden nog "
                   "2 letterkaarten spelen, ook van andere letters.",
                   "Big chance: the fastest right answer to the next category may shed 2 more cards of any "
                   "letter within 10 seconds."),
    "vicieuze_cirkel": ("Zonder letterkaarten: om de beurt, met de klok mee, een nieuw antwoord noemen. Wie niets "
                        "meer weet of herhaalt, pakt een strafkaart.",
                        "Vicious circle: no letter cards; name answers in turn, clockwise, any letter. Whoever "
                        "gives up, repeats or is wrong draws a penalty card."),
    "rotonde": ("Iedere speler geeft al zijn letterkaarten door aan de volgende speler, met de klok mee.",
                "Roundabout: every hand passes to the next player clockwise."),
    "verkiezingspartij": ("Alle spelers pakken tegelijk een letterkaart van de speler links van zich.",
                          "Election party: everyone takes a random card from the player on their left."),
    "verloren_geluk": ("De voorlezer pakt een letterkaart van de speler links van hem.",
                       "Lost luck: the reader takes a random card from the player on their left."),
    "te_veel_keuze": ("De voorlezer pakt een letterkaart van een andere speler naar keuze.",
                      "Too much choice: the reader takes a random card from a player of their choice."),
    "pechvogel": ("De voorlezer ruilt al zijn letterkaarten met de speler die de meeste heeft.",
                  "Unlucky one: the reader swaps hands with the player holding the most cards."),
}
CIRCLE_WHY = {"pass": "gave up", "repeat": "repeated a word", "wrong": "said a wrong word",
              "rejected": "had a word rejected by the vote"}

HELP = f"""# Wie Weet Wat
Be the first to get rid of all your letter cards: that wins the round. The first to win 3 rounds
(a table option) wins the game. Categories and words are in the edition's language (Dutch by default).

# Reading a category
The reader (marked READS on the name plates) clicks the category pile, sees the four categories
on the card (nobody else does) and clicks one to read it out. The reader does not answer.

# Answering: buzz, pick a card, type
Everyone else answers at once while the clock runs (30 seconds unless the table chose otherwise).
Buzz when you know a word: with
Space when you play alone against bots, or with the letter key shown under your name when several
people share the keyboard; clicking your name (or, alone, one of your cards) buzzes too.
The clock stands still while you answer: click a letter card, type a word that starts with its
letter and fits the category, press Enter. Your answer counts at the moment you buzzed, so buzz
only when you have your word: you get {BUZZ_SECONDS:.0f} seconds to type it. If you type without
clicking a card, a card of the word's first letter is used.
More cards of the same letter? Type another word for each, within {MORE_SECONDS:.0f} seconds of the last.
Done closes your answer box (you may buzz again); Pass means no more answers from you for this category.

# Who wins the category
The fastest right answer wins: that player discards the cards they played; everyone else takes
theirs back. A wrong word: you take your card back, draw a penalty card, and you read next.
Right answers within 0.15 seconds of each other are a remise: the tied players keep their cards on
the table and answer a new category with them (a play-off).
A word the word list does not know goes to a vote of the other players: Accept or Reject.

# The Wie Weet Wat card
As a joker: play it with a word of any letter. As a counter-attack: click it, then click another
player's answer on the table and type another word with that answer's letter. If you are right,
that player draws a penalty card.

# Action cards (from the category pile)
Grote Kans: the fastest right answer to the next category may shed up to 2 cards of other letters
within 10 seconds.
Vicieuze cirkel: no letter cards; starting with the reader, everyone in turn names an answer to
one category, any letter. Whoever gives up, repeats or is wrong draws a penalty card.
Rotonde: every hand moves one seat clockwise.
Verkiezingspartij: everyone takes a random card from the player on their left.
Verloren geluk: the reader takes a random card from the player on their left.
Te veel keuze: the reader takes a random card from a player of their choice (click their name).
Pechvogel: the reader swaps hands with the player who holds the most cards.

# Keys
Space or your letter: buzz · Enter: say the typed word · Esc menu · F1 this help ·
Ctrl+Z undo (not past a card shown or played) · Ctrl+S save · Ctrl+O load · F12 screenshot
"""


def cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def seconds(ms: float) -> str:
    return f"{ms / 1000:.2f} s"


@dataclass(frozen=True)
class Button:
    """A button drawn on the table; ``key`` says what pressing it does."""

    key: tuple
    rect: pygame.Rect
    label: str
    primary: bool = False


@dataclass(frozen=True)
class Tile:
    """One card lying on the table in the open window: an answer, or a card held for a play-off."""

    rect: pygame.Rect
    card: int
    seat: int
    word: str
    letter: str
    at_ms: int
    target: int = -1
    bonus: bool = False
    held: bool = False
    first: bool = False       # the seat's first own answer: the one a counter-attack answers


@dataclass
class Notice:
    """A panel in the middle of the table: an action card drawn, a verdict, the end of a circle."""

    title: str
    seconds: float
    lines: list[str] = field(default_factory=list)
    rows: list[tuple[bool, str, str, str, str]] = field(default_factory=list)  # ok, card+word, who, time, note
    action: str | None = None
    effects: list[str] = field(default_factory=list)   # what an action card did at this table
    tone: tuple[int, int, int] = GOLD


class WieWeetWatView(GameView):
    """Name plates along the top, the category and the clock in the middle, answers as they land, your hand below."""

    help_text = HELP
    game: WieWeetWatGame
    VOTE_NAME_WIDTH = 64   # room for a voter's name left of their buttons when several people vote

    def __init__(self, game: WieWeetWatGame, names: Sequence[str]) -> None:
        super().__init__(game, names)
        self.sprites = SpriteLayer(self._render)
        dutch = game.scene.table("action_cards")
        self.dutch_name = {kind: dutch.table(kind).get("nl", str) for kind in ACTION_KINDS}
        self.kind_of_label = {label: kind for kind, label in game.action_label.items()}
        self.known_humans: tuple[int, ...] | None = None   # the table tells drive() who is human
        self.seat_kinds: list[str] = []
        # the answering window
        self.window_live = False
        self.clock_ms = 0.0
        self.scheduled: dict[int, tuple[int, Action]] = {}
        self.buzzed: int | None = None
        self.buzz_ms = 0
        self.buzz_left = 0.0
        self.answered_in_buzz = False
        self.selected: int | None = None
        self.target: int | None = None
        self.answers_seen = 0
        # what input asked for, carried out by drive() through the table
        self.pending: list[Action] = []
        self.show_requests: list[int | None] = []
        # votes and the circle
        self.turn_key: Any = None
        self.pace = 0.0
        # what the table shows
        self.notices: list[Notice] = []
        self.toasts: list[list[Any]] = []        # [message, seconds left]
        self.seen_events: list[dict[str, Any]] | None = None
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        self.entry_for: tuple | None = None
        self.hover: Hashable | None = None
        self.buttons: list[Button] = []
        self.tiles: list[Tile] = []
        self.rows: list[tuple[int, pygame.Rect]] = []
        self.plate_rects: dict[int, pygame.Rect] = {}
        self.laid_out_for: int | None | str = "nobody"
        self.mouse = (0, 0)

    # -- who is who ----------------------------------------------------------------------
    @property
    def humans(self) -> tuple[int, ...]:
        """The human seats; before the table has said, the displayed seat (only a human's is displayed)."""
        if self.known_humans is not None:
            return self.known_humans
        return () if self.viewer is None else (self.viewer,)

    @property
    def several_humans(self) -> bool:
        return len(self.humans) > 1

    def buzz_key(self, seat: int) -> int | None:
        """The key that buzzes for ``seat``: Space for a lone human, a letter each when several share."""
        if seat not in self.humans:
            return None
        if not self.several_humans:
            return pygame.K_SPACE
        return BUZZ_KEYS[self.humans.index(seat) % len(BUZZ_KEYS)]

    def key_label(self, seat: int) -> str:
        key = self.buzz_key(seat)
        return "" if key is None else pygame.key.name(key).capitalize()

    def you_or_name(self, seat: int) -> str:
        # several people share the screen: "You" would be ambiguous, so names it is
        return self.names[seat] if self.several_humans else super().you_or_name(seat)

    def subject(self, seat: int, you: str, other: str) -> str:
        """'You discard' or 'Ann discards': the seat's name with the verb form that fits."""
        return f"You {you}" if self.you_or_name(seat) == "You" else f"{self.names[seat]} {other}"

    def letter_of(self, card: int) -> str:
        return self.game.card_letter[card]

    def _level(self, seat: int) -> BotLevel:
        levels = self.game.bot_levels
        kind = self.seat_kinds[seat] if seat < len(self.seat_kinds) else ""
        return levels.get(kind) or levels.get("good") or next(iter(levels.values()))

    # -- faces ---------------------------------------------------------------------------
    def _render(self, face: Hashable) -> pygame.Surface:
        kind = face[0]
        if kind == "back":
            return card_back(face[1], "Wie Weet Wat", fill=NAVY)
        if kind == "catback":
            return card_back(face[1], "Categorie", fill=TEAL)
        if kind == "joker":
            _, chosen, size, dim = face
            return self._joker_face(chosen, size, dim)
        _, letter, size, dim = face
        return self._letter_face(letter, size, dim)

    @staticmethod
    def _letter_face(letter: str, size: tuple[int, int], dim: bool) -> pygame.Surface:
        w, h = size
        card = blank_card(size, CREAM, border=NAVY, margin=4)
        pygame.draw.rect(card, (*NAVY, 255), pygame.Rect(7, 7, w - 14, h - 14), width=1, border_radius=6)
        big = font(int(h * 0.58), True).render(letter, True, NAVY)
        card.blit(big, big.get_rect(center=(w // 2, h // 2 + 2)))
        if w >= 60:
            small = font(max(10, h // 8), True).render(letter, True, NAVY)
            card.blit(small, small.get_rect(topleft=(10, 8)))
            card.blit(pygame.transform.rotate(small, 180), small.get_rect(bottomright=(w - 10, h - 8)))
        if dim:
            shade = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (10, 14, 20, 150), shade.get_rect(), border_radius=10)
            card.blit(shade, (0, 0))
        return card

    @staticmethod
    def _joker_face(chosen: str, size: tuple[int, int], dim: bool) -> pygame.Surface:
        """The Wie Weet Wat card: purple and gold; once played it shows the letter it stood for."""
        w, h = size
        card = blank_card(size, PURPLE, border=GOLD, margin=4)
        mark(card, "star", (w // 2, int(h * 0.2)), max(4, w * 0.13), colour=GOLD)
        step = h * 0.17
        for i, word in enumerate(("WIE", "WEET", "WAT")):
            outlined_text(card, word, (w // 2, int(h * 0.42 + i * step)), max(9, int(w * 0.2)), colour=GOLD, width=1)
        if chosen:
            r = max(8, w // 5)
            centre = (w - r - 3, h - r - 3)
            pygame.draw.circle(card, GOLD, centre, r + 2)
            pygame.draw.circle(card, CREAM, centre, r)
            letter = font(int(r * 1.4), True).render(chosen, True, NAVY)
            card.blit(letter, letter.get_rect(center=centre))
        if dim:
            shade = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (10, 14, 20, 150), shade.get_rect(), border_radius=10)
            card.blit(shade, (0, 0))
        return card

    def action_face(self, kind: str, size: tuple[int, int] = ACTION_CARD) -> pygame.Surface:
        """An action card: its colour, a sign and its Dutch name."""
        w, h = size
        colour = ACTION_COLOURS[kind]
        card = blank_card(size, colour, border=CREAM, margin=5)
        centre = (w // 2, int(h * 0.58))
        r = w * 0.26
        light = tuple(min(255, c + 90) for c in colour)
        if kind == "grote_kans":
            burst(card, centre, r * 1.25, GOLD)
            mark(card, "star", centre, r * 0.55, colour=CREAM)
        elif kind in ("vicieuze_cirkel", "rotonde"):
            rect = pygame.Rect(0, 0, int(2 * r), int(2 * r))
            rect.center = centre
            pygame.draw.arc(card, light, rect, 0.3, 2 * math.pi - 0.3, width=6)
            tip = (rect.right - 2, centre[1] - 10)
            pygame.draw.polygon(card, light, [(tip[0] - 10, tip[1]), (tip[0] + 10, tip[1]), (tip[0], tip[1] + 14)])
            if kind == "vicieuze_cirkel":
                outlined_text(card, "?!", centre, int(r), colour=CREAM, width=1)
        elif kind == "verkiezingspartij":
            for dx, c in ((-r * 0.6, GOLD), (0, CREAM), (r * 0.6, light)):
                pygame.draw.circle(card, c, (centre[0] + dx, centre[1] - r * 0.2), r * 0.42)
                pygame.draw.line(card, CREAM, (centre[0] + dx, centre[1] + r * 0.2), (centre[0], centre[1] + r), 2)
        elif kind == "verloren_geluk":
            for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
                pygame.draw.circle(card, light, (centre[0] + dx * r * 0.35, centre[1] + dy * r * 0.35), r * 0.4)
            pygame.draw.line(card, colour, (centre[0] - r, centre[1] + r), (centre[0] + r, centre[1] - r), 5)
        elif kind == "te_veel_keuze":
            for dx in (-r * 0.7, 0, r * 0.7):
                outlined_text(card, "?", (int(centre[0] + dx), centre[1]), int(r * 1.1), colour=CREAM, width=1)
        else:  # pechvogel: a storm cloud and a bolt
            for dx, rr in ((-r * 0.45, 0.45), (0, 0.6), (r * 0.45, 0.45)):
                pygame.draw.circle(card, light, (centre[0] + dx, centre[1] - r * 0.3), r * rr)
            x, y = centre[0], centre[1]
            pygame.draw.polygon(card, GOLD, [(x, y - 2), (x - 10, y + 20), (x - 1, y + 20), (x - 8, y + 40),
                                             (x + 12, y + 12), (x + 2, y + 12), (x + 8, y - 2)])
        lines = wrap(self.dutch_name[kind], w - 16, 20, True)
        for i, line in enumerate(lines[:2]):
            outlined_text(card, line, (w // 2, 24 + 22 * i), 20, colour=CREAM, width=2)
        return card

    def face_key(self, card: int, size: tuple[int, int] = HAND, *, dim: bool = False, chosen: str = "") -> tuple:
        letter = self.letter_of(card)
        if letter == JOKER:
            return ("joker", chosen, size, dim)
        return ("letter", letter, size, dim)

    # -- the table's calls -----------------------------------------------------------------
    def refresh(self, viewer: int | None, view: dict[str, Any], legal: list[Action]) -> None:
        super().refresh(viewer, view, legal)
        for event in self._new_events(view.get("events", [])):
            self._note(event)
        if view.get("phase") != "answer" and self.window_live:
            self._close_desk()
        if self.selected is not None and self.selected not in self._playable(self.buzzed):
            self.selected = None
        self._layout()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.sprites.update(dt)
        if self.view:
            self._sync_entry()
        if self.notices:
            self.notices[0].seconds -= dt
            if self.notices[0].seconds <= 0:
                self.notices.pop(0)
                self._layout()  # the buttons it covered come back
        for toast in self.toasts:
            toast[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]

    def busy(self) -> bool:
        return bool(self.notices) or self.sprites.moving

    def refused(self, action: Action, reason: str) -> None:
        super().refused(action, reason)
        self._layout()

    def drive(self, dt: float, table: Any) -> bool:
        """Run the answering window, the votes and the Vicieuze cirkel; leave the reader's turns to the table."""
        self.known_humans = tuple(table.humans)
        self.seat_kinds = [s.kind for s in table.seats]
        self._carry_out(table)
        phase = self.view.get("phase")
        if phase == "answer":
            self._drive_window(dt, table)
        elif self.notices:
            pass  # an action card or a verdict is being read: everything waits
        elif phase == "vote":
            self._drive_vote(dt, table)
        elif phase == "circle":
            self._drive_circle(dt, table)
        else:
            return False
        self._carry_out(table)
        return True

    # -- drive: requests from input ----------------------------------------------------------
    def _carry_out(self, table: Any) -> None:
        """Submit what the players asked for, and show whose hand they asked to see."""
        while self.pending:
            action = self.pending.pop(0)
            accepted = table.submit(action)
            if accepted and isinstance(action, (Answer, CounterAttack)):
                self._clear_entry()
                self.selected = self.target = None
                self.buzz_left = MORE_SECONDS
                self.answered_in_buzz = True
                if action.player not in table.current_players():
                    self._unbuzz()
                self._reconsider(table)
            elif accepted and isinstance(action, Pass) and self.buzzed == action.player:
                self._unbuzz()
            elif accepted and isinstance(action, Say):
                self._clear_entry()
        while self.show_requests:
            seat = self.show_requests.pop(0)
            if seat != self.viewer:
                table.show(seat)

    # -- drive: the answering window -----------------------------------------------------------
    def _drive_window(self, dt: float, table: Any) -> None:
        if not self.window_live:
            self._open_window(table)
        if self.buzzed is not None:
            self.buzz_left -= dt
            if self.buzzed in table.current_players() and self.buzz_left > 0:
                return  # the clock stands still while a human answers
            if self.buzz_left <= 0 and not self.answered_in_buzz:
                self.toasts.append([f"{self.names[self.buzzed]}: time to type is up; buzz again when you have "
                                    "a word.", TOAST_SECONDS])
            self._unbuzz()
            self._carry_out(table)
        deadline = self.view["deadline_ms"]
        self.clock_ms = min(float(deadline), self.clock_ms + dt * 1000)
        self._release_bots(table)
        if self.view.get("phase") == "answer" and self.clock_ms >= deadline and self.buzzed is None:
            table.submit(table.referee_choice())

    def _open_window(self, table: Any) -> None:
        v = self.view
        self.window_live = True
        self.clock_ms = float(max((a["at_ms"] for a in v["answers"]), default=0))
        self.scheduled = {}
        self.buzzed = None
        self.selected = self.target = None
        self.notices.clear()
        self.answers_seen = len(v["answers"])
        if self.several_humans and self.viewer is not None:
            table.show(None)  # nobody's hand is on show until someone buzzes
        for seat in table.current_players():
            if seat not in self.humans:
                self._plan(seat, table)

    def _plan(self, seat: int, table: Any) -> None:
        """Ask the bot what it will do and when; it happens when the clock gets there."""
        action = table.bot_choice(seat)
        if isinstance(action, (Answer, CounterAttack)):
            at = action.at_ms
        else:
            level = self._level(seat)
            answered = any(a["seat"] == seat for a in self.view["answers"])
            # a bot gives up when it would almost surely have found a word by now
            at = self.clock_ms + level.extra_card_ms if answered else \
                max(self.clock_ms, level.reaction_mean_ms + 3 * level.reaction_sd_ms)
            at = min(at, self.view["deadline_ms"])
        self.scheduled[seat] = (int(at), action)

    def _release_bots(self, table: Any) -> None:
        """Put every bot action whose time has come on the table, in time order."""
        while self.view.get("phase") == "answer":
            due = sorted((at, seat) for seat, (at, _) in self.scheduled.items() if at <= self.clock_ms)
            if not due:
                return
            seat = due[0][1]
            _, action = self.scheduled.pop(seat)
            if seat not in table.current_players():
                continue
            if not table.submit(action, quiet=True):  # a plan the table overtook: pass instead
                table.submit(Pass(seat), quiet=True)
            if self.view.get("phase") != "answer":
                return
            if seat in table.current_players():
                self._plan(seat, table)
            self._reconsider(table)

    def _reconsider(self, table: Any) -> None:
        """A new card on the table: a bot about to give up may counter-attack it instead."""
        if self.view.get("phase") != "answer":
            return
        count = len(self.view["answers"])
        if count <= self.answers_seen:
            return
        self.answers_seen = count
        for seat, (_, action) in list(self.scheduled.items()):
            if isinstance(action, Pass) and seat in table.current_players():
                again = table.bot_choice(seat)
                if isinstance(again, CounterAttack) and again.at_ms >= self.clock_ms:
                    self.scheduled[seat] = (again.at_ms, again)

    # -- drive: votes and the circle -------------------------------------------------------------
    def _drive_vote(self, dt: float, table: Any) -> None:
        vote = self.view["vote"]
        key = ("vote", vote["seat"], vote["word"], vote["about"])
        if key != self.turn_key:
            self.turn_key, self.pace = key, 0.0
            if self.several_humans and self.viewer is not None:
                table.show(None)
        bots = [s for s in table.current_players() if s not in self.humans]
        if bots:
            self.pace += dt
            if self.pace >= BOT_PACE:
                self.pace = 0.0
                table.submit(table.bot_choice(bots[0]), quiet=True)

    def _drive_circle(self, dt: float, table: Any) -> None:
        circle = self.view["circle"]
        seat = circle["order"][circle["turn"]]
        key = ("circle", self.view["category_id"], len(circle["words"]))
        if key != self.turn_key:
            self.turn_key, self.pace = key, 0.0
            if self.several_humans and self.viewer is not None:
                table.show(None)
        if seat in self.humans:
            return  # waiting for the typed word
        self.pace += dt
        if self.pace >= BOT_PACE:
            self.pace = 0.0
            table.submit(table.bot_choice(seat), quiet=True)

    # -- buzzing and answering ---------------------------------------------------------------
    def buzz(self, seat: int) -> bool:
        """``seat`` buzzes: the clock stops and their answer box opens. False (with the reason shown) if not now."""
        v = self.view
        if v.get("phase") != "answer" or seat not in self.humans or self.buzzed is not None:
            return False
        reason = ""
        if seat == v["reader"] and not v["playoff"]:
            reason = f"{self.you_or_name(seat)} read this category: the others answer it."
        elif v["playoff"] and seat not in v["playoff"]:
            reason = "Only the tied players answer in a play-off."
        elif seat not in v["current"]:
            reason = f"{self.subject(seat, 'have', 'has')} nothing more to play for this category."
        elif self.clock_ms >= v["deadline_ms"]:
            reason = "Time is up."
        if reason:
            self.refusal = (reason, 3.0)
            return False
        self.buzzed = seat
        self.buzz_ms = int(self.clock_ms)
        self.buzz_left = BUZZ_SECONDS
        self.answered_in_buzz = False
        self.selected = self.target = None
        self.show_requests.append(seat)
        self._layout()
        return True

    def _unbuzz(self) -> None:
        if self.buzzed is None:
            return
        self.buzzed = None
        self.selected = self.target = None
        if self.several_humans:
            self.show_requests.append(None)
        self._layout()

    def _close_desk(self) -> None:
        """The window closed: forget its plans and close the answer box."""
        self.window_live = False
        self.scheduled = {}
        self.buzzed = None
        self.selected = self.target = None
        if self.several_humans and self.viewer is not None and self.view.get("phase") in ("vote", "circle"):
            self.show_requests.append(None)

    def _playable(self, seat: int | None) -> list[int]:
        """The cards ``seat`` may answer with now: its hand, or in a play-off its held cards."""
        v = self.view
        if seat is None or not v:
            return []
        if v["playoff"]:
            return list(v["held_cards"][seat])
        return list(v["hand_cards"]) if seat == self.viewer else []

    def _word_entered(self, typed: str) -> None:
        word = typed.strip()
        if not word:
            return
        v = self.view
        if v.get("phase") == "circle":
            seat = v["circle"]["order"][v["circle"]["turn"]]
            if seat in self.humans:
                self.pending.append(Say(seat, word))
            return
        if v.get("phase") != "answer" or self.buzzed is None:
            return
        action = self._answer_for(self.buzzed, word)
        if action is not None:
            self.pending.append(action)

    def _answer_for(self, seat: int, word: str) -> Action | None:
        """The typed word as an answer (or a counter-attack) with the chosen card, timed at the buzz."""
        v = self.view
        playable = self._playable(seat)
        card = self.selected if self.selected in playable else None
        if card is None:
            letter = self.game.lexicon.initial(word)
            if v["playoff"]:
                card = playable[0] if playable else None
            else:
                card = next((c for c in sorted(playable) if self.letter_of(c) == letter), None)
            if card is None:
                self.refusal = (f"You hold no {letter or 'card for that'}: click the card you want to play "
                                "(a Wie Weet Wat card is a joker for any letter).", 4.0)
                return None
        mine = [a["at_ms"] for a in v["answers"] if a["seat"] == seat]
        at = max([self.buzz_ms, *mine])
        if self.target is not None:
            theirs = [a for a in v["answers"] if a["seat"] == self.target and a["target"] < 0]
            if theirs:
                return CounterAttack(seat, card, self.target, word, max(at, theirs[0]["at_ms"] + 1))
        return Answer(seat, card, word, at)

    def _clear_entry(self) -> None:
        if self.entry is not None:
            self.entry.set_text("")

    # -- events: what just happened ------------------------------------------------------------
    def _new_events(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Events not seen at the last refresh (the view holds the latest few, oldest first)."""
        old, self.seen_events = self.seen_events, list(events)
        if old is None:
            return []
        for k in range(min(len(old), len(events)), 0, -1):
            if events[:k] == old[len(old) - k:]:
                return events[k:]
        # no overlap: a load or an undo, or a flood of events: start afresh without announcing
        return [] if old and events else events

    def _note(self, e: dict[str, Any]) -> None:
        what = e["what"]
        who = self.you_or_name(e["seat"]) if 0 <= e["seat"] < len(self.names) else ""
        if what == "action":
            kind = self.kind_of_label.get(e["label"])
            if kind:
                self.notices.append(self._action_notice(kind, e["seat"]))
        elif what in ("grote-kans", "rotonde", "verkiezingspartij", "verloren-geluk", "te-veel-keuze", "pechvogel"):
            line = self._effect_line(e)
            kind = what.replace("-", "_")
            for notice in reversed(self.notices):
                if notice.action == kind:
                    notice.effects.append(line)
                    break
            else:
                self.toasts.append([line, TOAST_SECONDS])
        elif what == "read":
            self.notices.clear()  # a category was read: whatever was still on show is over
        elif what == "result":
            self.notices.append(self._verdict(e))
        elif what == "circle-lost":
            how = CIRCLE_WHY.get(e["why"], "lost")
            drew = self.subject(e["seat"], "draw", "draws") + " a penalty card" if e["count"] else \
                "There was no penalty card left to draw"
            self.notices.append(Notice(f"Vicieuze cirkel: {who} {how}", CIRCLE_SECONDS,
                                       [f"{drew}. The circle ends after {e['words']} words.",
                                        f"{self.name(self.view['reader'])} draws the next category card."],
                                       tone=DANGER))
        elif what == "vote":
            verdict = "accepted" if e["accepted"] else "rejected"
            self.toasts.append([f"‘{e['label']}’ {verdict} by the vote ({e['yes']} for, {e['no']} against)",
                                TOAST_SECONDS])
        elif what in ("reshuffle-letters", "reshuffle-categories"):
            pile = "letter" if what == "reshuffle-letters" else "category"
            self.toasts.append([f"The {pile} discards were shuffled into a new pile.", TOAST_SECONDS])

    def _action_notice(self, kind: str, seat: int) -> Notice:
        dutch, english = ACTION_TEXT[kind]
        lines = [dutch, english] if self.game.language == "nl" else [english]
        return Notice(f"{self.you_or_name(seat)} drew {self.dutch_name[kind]}", ACTION_SECONDS, lines, action=kind)

    def _effect_line(self, e: dict[str, Any]) -> str:
        what = e["what"]
        reader = self.you_or_name(e["seat"])
        other = e.get("other", -1)
        other_name = self.name(other) if 0 <= other < len(self.names) else ""
        if what == "grote-kans":
            return "The next category: the winner may shed 2 extra cards."
        if what == "rotonde":
            return "Every hand moved one seat clockwise."
        if what == "verkiezingspartij":
            return "Everyone took a card from the player on their left."
        if what == "pechvogel":
            if other < 0:
                return f"{reader} already held the most cards: nothing happens."
            return f"{reader} swapped hands with {other_name}."
        return f"{reader} took a card from {other_name}."

    def _verdict(self, e: dict[str, Any]) -> Notice:
        """The window's outcome: every card with its word, time and judgement; who discards, who draws."""
        category = e["category"]
        winner = e["winner"]
        tied = e.get("tied", [])
        plays = sorted(e.get("plays", []), key=lambda p: p["at_ms"])
        if tied:
            title = f"Remise! {' and '.join(self.names[s] for s in tied)}: play-off"
            tone = HIGHLIGHT
        elif winner >= 0:
            title = f"{self.subject(winner, 'win', 'wins')} ‘{category}’"
            tone = GOOD
        elif plays:
            title = f"Nobody named ‘{category}’ right"
            tone = DANGER
        else:
            title = f"Nobody answered ‘{category}’"
            tone = TEXT_DIM
        rows = []
        for p in plays:
            note = ""
            if p["target"] >= 0:
                note = f"counter-attack on {self.names[p['target']]}"
            elif p["bonus"]:
                note = "Grote Kans card"
            rows.append((p["ok"], f"{p['letter']}  {p['word']}", self.names[p["seat"]], seconds(p["at_ms"]), note))
        lines = []
        if winner >= 0:
            lines.append(f"{self.subject(winner, 'discard', 'discards')} {cards(e.get('discarded', 0))}.")
        for seat in e.get("wrong", []):
            lines.append(f"{self.subject(seat, 'take', 'takes')} the card back and "
                         f"{'draw' if self.you_or_name(seat) == 'You' else 'draws'} a penalty card.")
        for seat in e.get("attacked", []):
            lines.append(f"{self.subject(seat, 'were', 'was')} counter-attacked: one penalty card.")
        if tied:
            lines.append("They keep their cards on the table and answer a new category with them.")
        elif self.view:
            lines.append(f"{self.subject(self.view['reader'], 'read', 'reads')} next.")
        return Notice(title, VERDICT_SECONDS, lines, rows, tone=tone)

    # -- layout ------------------------------------------------------------------------------
    def _layout(self) -> None:
        v = self.view
        if not v:
            return
        self.plate_rects = self._plate_layout()
        self.tiles = self._tile_layout()
        self.rows = [(i, pygame.Rect(CHOICE.x + 20, CHOICE.y + 62 + i * 54, CHOICE.width - 40, 48))
                     for i in range(len(v["category_options"]))]
        self.buttons = self._button_layout()
        places: list[Place] = []
        pile = v["category_pile_size"]
        for i in range(min(4, pile // 12 + 1) if pile else 0):
            places.append(Place(("catpile", i), (CAT_PILE[0] - i * 1.5, CAT_PILE[1] - i * 2), ("catback", PILE), z=i))
        pile = v["letter_pile_size"]
        for i in range(min(4, pile // 12 + 1) if pile else 0):
            places.append(Place(("letterpile", i), (LETTER_PILE[0] - i * 1.5, LETTER_PILE[1] - i * 2),
                                ("back", PILE), z=i))
        for i, card in enumerate(v["discard_cards"]):
            jitter = (card * 37) % 17 - 8
            places.append(Place(("card", card), (DISCARD[0] + jitter * 0.4, DISCARD[1] - i * 2),
                                self.face_key(card, PILE), jitter, z=20 + i))
        for i, tile in enumerate(self.tiles):
            chosen = tile.letter if self.letter_of(tile.card) == JOKER and not tile.held else ""
            size = (tile.rect.height - 14) * TILE_CARD[0] // TILE_CARD[1], tile.rect.height - 14
            places.append(Place(("card", tile.card), (tile.rect.x + 8 + size[0] / 2, tile.rect.centery),
                                self.face_key(tile.card, size, chosen=chosen), z=60 + i))
        if self.viewer is not None:
            hand = self._hand_order(v["hand_cards"])
            dim = bool(v["playoff"]) and v["phase"] == "answer"
            spots = fan(len(hand), (self.area.centerx, HAND_Y), spacing=80, max_width=640, curve=0.015)
            for i, ((pos, angle), card) in enumerate(zip(spots, hand)):
                lift = 30 if card == self.selected else (16 if card == self.hover else 0)
                places.append(Place(("card", card), pos, self.face_key(card, HAND, dim=dim), angle, z=100 + i,
                                    lift=lift))
        self.sprites.sync(places, self._spawn_at)
        self.laid_out_for = self.viewer

    def _hand_order(self, hand: list[int]) -> list[int]:
        return sorted(hand, key=lambda c: (self.letter_of(c) == JOKER, self.letter_of(c), c))

    def _spawn_at(self, place: Place) -> tuple[float, float] | None:
        key = place.key
        if key[0] != "card":
            return None
        card = key[1]
        for tile in self.tiles:
            if tile.card == card:
                rect = self.plate_rects.get(tile.seat)
                return rect.center if rect else None
        if card in self.view["hand_cards"] and self.laid_out_for == self.viewer:
            return LETTER_PILE  # a penalty card or a new deal
        if card in self.view["discard_cards"]:
            return DISCARD
        return None

    def _plate_layout(self) -> dict[int, pygame.Rect]:
        """The displayed seat sits at the bottom; the others along the top, clockwise from its left."""
        n = self.game.players
        home = self.viewer
        top = [(home + k) % n for k in range(1, n)] if home is not None else list(range(n))
        gap = 10
        width = min(200, (self.area.width - 40 - gap * (len(top) - 1)) // max(1, len(top)))
        x0 = self.area.centerx - (len(top) * width + gap * (len(top) - 1)) // 2
        rects = {seat: pygame.Rect(x0 + i * (width + gap), PLATE_TOP, width, PLATE_H) for i, seat in enumerate(top)}
        if home is not None:
            rects[home] = HOME.copy()
        return rects

    def _tile_layout(self) -> list[Tile]:
        v = self.view
        if v["phase"] not in ("answer", "vote"):
            return []
        entries: list[Tile] = []
        firsts: set[int] = set()
        for a in sorted(v["answers"], key=lambda a: a["at_ms"]):
            first = a["target"] < 0 and a["seat"] not in firsts
            if first:
                firsts.add(a["seat"])
            entries.append(Tile(pygame.Rect(0, 0, 0, 0), a["card"], a["seat"], a["word"], a["letter"], a["at_ms"],
                                a["target"], a["bonus"], first=first))
        on_table = {a["card"] for a in v["answers"]}
        for seat, held in enumerate(v["held_cards"]):
            for card in held:
                if card not in on_table:
                    entries.append(Tile(pygame.Rect(0, 0, 0, 0), card, seat, "", v["held_letters"][seat], -1,
                                        held=True))
        if not entries:
            return []
        count = len(entries)
        cols = min(6, max(4, math.ceil(count / 2)))
        rows = math.ceil(count / cols)
        gap = 6
        width = (TILES.width - gap * (cols - 1)) // cols
        height = 80 if rows <= 2 else (TILES.height - gap * (rows - 1)) // rows
        out = []
        for i, tile in enumerate(entries):
            r, c = divmod(i, cols)
            rect = pygame.Rect(TILES.x + c * (width + gap), TILES.y + r * (height + gap), width, height)
            out.append(Tile(rect, tile.card, tile.seat, tile.word, tile.letter, tile.at_ms, tile.target, tile.bonus,
                            tile.held, tile.first))
        return out

    def _button_layout(self) -> list[Button]:
        v = self.view
        phase = v["phase"]
        out: list[Button] = []
        row_y = DESK.y + 36
        if phase == "answer":
            if self.buzzed is not None:
                x = ENTRY.right + 14
                out.append(Button(("answer",), pygame.Rect(x, row_y, 148, 40), "Answer (Enter)", True))
                out.append(Button(("done",), pygame.Rect(x + 156, row_y, 76, 40), "Done"))
                out.append(Button(("pass", self.buzzed), pygame.Rect(x + 240, row_y, 76, 40), "Pass"))
            elif self.viewer in self.humans and self.viewer in v["current"] and not self.several_humans:
                out.append(Button(("buzz", self.viewer), pygame.Rect(DESK.centerx - 190, DESK.y + 8, 260, 52),
                                  f"BUZZ!   [{self.key_label(self.viewer)}]", True))
                out.append(Button(("pass", self.viewer), pygame.Rect(DESK.centerx + 84, DESK.y + 8, 110, 52),
                                  "Pass"))
        elif phase == "vote" and not self.notices:
            voters = [s for s in v["current"] if s in self.humans]
            if voters and not self.several_humans:
                x = DESK.centerx - 130
                out.append(Button(("vote", voters[0], True), pygame.Rect(x, DESK.y + 62, 126, 38), "Accept", True))
                out.append(Button(("vote", voters[0], False), pygame.Rect(x + 134, DESK.y + 62, 126, 38), "Reject"))
            elif voters:
                # one group per human voter: the name, then its two buttons
                width = (DESK.width - 20) // len(voters)
                for i, seat in enumerate(voters):
                    x = DESK.x + 10 + i * width + self.VOTE_NAME_WIDTH
                    half = min(150, (width - self.VOTE_NAME_WIDTH - 14) // 2)
                    yes, no = ("Accept", "Reject") if half >= 90 else ("Yes", "No")
                    out.append(Button(("vote", seat, True), pygame.Rect(x, DESK.y + 62, half, 38), yes, True))
                    out.append(Button(("vote", seat, False), pygame.Rect(x + half + 4, DESK.y + 62, half, 38), no))
        elif phase == "circle":
            seat = v["circle"]["order"][v["circle"]["turn"]]
            if seat in self.humans:
                x = ENTRY.right + 14
                out.append(Button(("say",), pygame.Rect(x, row_y, 148, 40), "Say it (Enter)", True))
                out.append(Button(("giveup", seat), pygame.Rect(x + 156, row_y, 120, 40), "Give up"))
        elif phase == "draw" and any(isinstance(a, DrawCategory) for a in self.legal):
            out.append(Button(("draw",), pygame.Rect(DESK.centerx - 150, DESK.y + 8, 300, 52),
                              "Draw a category card", True))
        return out

    def button(self, key: tuple) -> Button | None:
        """The button with ``key`` now on the table, if any (tests and hit tests use it)."""
        return next((b for b in self.buttons if b.key == key), None)

    def _sync_entry(self) -> None:
        """One text entry, alive only while a human is to type: after a buzz, or in the circle."""
        v = self.view
        want: tuple | None = None
        if v["phase"] == "answer" and self.buzzed is not None:
            want = ("answer", self.buzzed, v["category_id"])
        elif v["phase"] == "circle":
            seat = v["circle"]["order"][v["circle"]["turn"]]
            if seat in self.humans:
                want = ("circle", seat, v["category_id"])
        if want == self.entry_for and (want is None or self.entry is not None):
            return
        if self.entry is not None:
            self.entry.kill()
            self.entry = None
        self.entry_for = want
        if want is not None and self.manager is not None:
            self.entry = pygame_gui.elements.UITextEntryLine(ENTRY.copy(), self.manager)
            self.entry.set_text_length_limit(40)
            self.manager.set_focus_set(self.entry)

    def _refocus(self) -> None:
        if self.entry is not None and self.manager is not None and not self.entry.is_focused:
            self.manager.set_focus_set(self.entry)

    # -- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            if self.entry is not None and event.ui_element is self.entry:
                self._word_entered(event.text)
            return None
        if event.type == pygame.KEYDOWN:
            if self.entry is None and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
                for seat in self.humans:
                    if event.key == self.buzz_key(seat):
                        self.buzz(seat)
            return None
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            hover = self._hand_card_at(event.pos)
            if hover != self.hover:
                self.hover = hover
                self._layout()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            action = self._click(event.pos)
            self._refocus()
            return action
        return None

    def _hand_card_at(self, pos) -> int | None:
        if self.viewer is None:
            return None
        keys = {("card", c) for c in self.view.get("hand_cards", [])}
        key = self.sprites.top_key_at(pos, keys)
        return key[1] if key else None

    def _click(self, pos: tuple[int, int]) -> Action | None:
        v = self.view
        if not v:
            return None
        if self.notices:
            notice_rect = self._notice_rect(self.notices[0])
            self.notices.pop(0)
            self._layout()
            if notice_rect.collidepoint(pos):
                return None  # the click was for the notice
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return self._press(b.key)
        phase = v["phase"]
        if phase == "draw":
            pile = pygame.Rect(0, 0, PILE[0] + 16, PILE[1] + 16)
            pile.center = CAT_PILE
            legal = [a for a in self.legal if isinstance(a, DrawCategory)]
            if legal and pile.collidepoint(pos):
                return legal[0]
        elif phase in ("choose", "circle-choose"):
            for index, rect in self.rows:
                if rect.collidepoint(pos):
                    return next((a for a in self.legal if isinstance(a, ChooseCategory) and a.index == index), None)
        elif phase == "victim":
            for seat, rect in self.plate_rects.items():
                if rect.collidepoint(pos):
                    return next((a for a in self.legal if isinstance(a, ChooseVictim) and a.target == seat), None)
        elif phase == "answer":
            self._click_in_window(pos)
        return None

    def _click_in_window(self, pos: tuple[int, int]) -> None:
        for seat, rect in self.plate_rects.items():
            if rect.collidepoint(pos) and seat in self.humans and self.buzzed is None:
                self.buzz(seat)
                return
        card = self._hand_card_at(pos)
        if card is not None and not self.view["playoff"]:
            if self.buzzed is None and not self.several_humans and not self.buzz(self.viewer):
                return
            if self.buzzed == self.viewer:
                self._select(card)
            return
        for tile in self.tiles:
            if not tile.rect.collidepoint(pos):
                continue
            seat = self.buzzed if self.buzzed is not None else (None if self.several_humans else self.viewer)
            if seat is None:
                return
            if tile.held and tile.seat == seat:
                if self.buzzed is not None or self.buzz(seat):
                    self._select(tile.card)
            elif tile.first and tile.seat != seat and not self.view["playoff"]:
                jokers = [c for c in self._playable(seat) if self.letter_of(c) == JOKER]
                if not jokers:
                    self.refusal = ("A counter-attack needs a Wie Weet Wat card.", 3.0)
                    return
                if self.buzzed is None and not self.buzz(seat):
                    return
                if self.selected is None or self.letter_of(self.selected) != JOKER:
                    self.selected = jokers[0]
                self.target = None if self.target == tile.seat else tile.seat
                self._layout()
            return

    def _select(self, card: int) -> None:
        self.selected = None if self.selected == card else card
        if self.selected is None or self.letter_of(self.selected) != JOKER:
            self.target = None
        self._layout()

    def _press(self, key: tuple) -> Action | None:
        what = key[0]
        if what == "buzz":
            self.buzz(key[1])
        elif what == "pass":
            self.pending.append(Pass(key[1]))
        elif what in ("answer", "say"):
            self._word_entered(self.entry.get_text() if self.entry is not None else "")
        elif what == "done":
            self._unbuzz()
        elif what == "vote":
            self.pending.append(Vote(key[1], key[2]))
        elif what == "giveup":
            self.pending.append(Pass(key[1]))
        elif what == "draw":
            return next((a for a in self.legal if isinstance(a, DrawCategory)), None)
        return None

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        v = self.view
        if not v:
            return
        self._draw_piles(surface)
        phase = v["phase"]
        if phase in ("choose", "circle-choose"):
            self._draw_choice(surface)
        elif phase in ("answer", "vote"):
            self._draw_banner(surface)
            if phase == "answer":
                self._draw_timer(surface)
            self._draw_tile_panels(surface)
        elif phase == "circle":
            self._draw_banner(surface)
            self._draw_circle_words(surface)
        elif phase in ("draw", "victim"):
            self._draw_reader_prompt(surface)
        self.sprites.draw(surface)
        self._draw_card_marks(surface)
        for seat, rect in self.plate_rects.items():
            self._draw_plate(surface, seat, rect)
        self._draw_desk(surface)
        self._draw_toasts(surface)
        if self.notices:
            self._draw_notice(surface, self.notices[0])

    def _draw_piles(self, surface: pygame.Surface) -> None:
        v = self.view
        for pos, label, count in ((CAT_PILE, "Categories", v["category_pile_size"]),
                                  (LETTER_PILE, "Letters", v["letter_pile_size"]),
                                  (DISCARD, "Discards", None)):
            rect = pygame.Rect(0, 0, PILE[0] + 10, PILE[1] + 10)
            rect.center = pos
            pygame.draw.rect(surface, (24, 78, 54), rect, border_radius=12)
            pygame.draw.rect(surface, (60, 130, 96), rect, width=2, border_radius=12)
            caption = label if count is None else f"{label} · {count}"
            text(surface, caption, (pos[0], rect.bottom + 6), size=14, colour=TEXT_DIM, anchor="midtop")
        if v["phase"] == "draw" and any(isinstance(a, DrawCategory) for a in self.legal):
            ring = glow(PILE, HIGHLIGHT)
            surface.blit(ring, ring.get_rect(center=(CAT_PILE[0] - 3, CAT_PILE[1] - 4)))
            text(surface, "click to draw", (CAT_PILE[0], CAT_PILE[1] - PILE[1] // 2 - 24), size=14, bold=True,
                 colour=HIGHLIGHT, anchor="midtop")

    def _draw_plate(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        v = self.view
        acting = seat in v["current"] or seat == self.buzzed
        border = GOLD if seat == self.buzzed else (HIGHLIGHT if self._is_victim_choice(seat) else None)
        panel(surface, rect, colour=ACTING if acting else PANEL, alpha=220, radius=12, border=border)
        x, y = rect.x + 10, rect.y
        # badges on the name row, right: the reader, the buzzer key
        badges = []
        if seat == v["reader"] and v["phase"] != "over":
            badges.append(("READS", TEAL))
        key = self.key_label(seat)
        if key and v["phase"] == "answer" and seat in v["current"] and self.buzzed is None:
            badges.append((key, (176, 120, 16)))
        bx = rect.right - 8
        for label, colour in badges:
            w = font(13, True).size(label)[0] + 12
            badge = pygame.Rect(bx - w, y + 8, w, 20)
            pygame.draw.rect(surface, colour, badge, border_radius=6)
            text(surface, label, badge.center, size=13, bold=True, anchor="center")
            bx -= w + 4
        text(surface, self._fit(self.names[seat], bx - x - 4, 17, True), (x, y + 6), size=17, bold=True,
             colour=GOLD if acting else TEXT)
        # the hand as a little fan of backs, and the count
        count = v["hand_sizes"][seat]
        for i in range(min(count, 10)):
            back = pygame.Rect(x + i * 5, y + 33, 12, 18)
            pygame.draw.rect(surface, NAVY, back, border_radius=2)
            pygame.draw.rect(surface, CREAM, back, width=1, border_radius=2)
        text(surface, cards(count), (x + min(count, 10) * 5 + 14, y + 33), size=15)
        stars = v["rounds_to_win"]
        for i in range(stars):
            won = i < v["round_wins"][seat]
            mark(surface, "star", (x + 8 + i * 20, y + 72), 8, colour=GOLD if won else (70, 74, 84))
        status = self._seat_status(seat)
        if status:
            # beside the stars on the top row; on its own line on the taller plate of the displayed seat
            tall = rect.height > PLATE_H
            pos = (x, y + 86) if tall else (x + stars * 20 + 4, y + 64)
            room = rect.width - 20 - (0 if tall else stars * 20 + 4)
            text(surface, self._fit(status, room, 14), pos, size=14,
                 colour=HIGHLIGHT if status in ("buzz!", "answering…") else TEXT_DIM)

    def _is_victim_choice(self, seat: int) -> bool:
        return self.view["phase"] == "victim" and any(
            isinstance(a, ChooseVictim) and a.target == seat for a in self.legal)

    def _seat_status(self, seat: int) -> str:
        v = self.view
        phase = v["phase"]
        if phase == "answer":
            if seat == self.buzzed:
                return "answering…"
            if seat in v["window_seats"]:
                if seat not in v["current"]:
                    mine = [a for a in v["answers"] if a["seat"] == seat]
                    return "answered" if mine else "passed"
                return "buzz!" if seat in self.humans else "thinking…"
            return "reading" if seat == v["reader"] else ""
        if phase == "vote" and v["vote"]:
            if seat == v["vote"]["seat"]:
                return "said it"
            if seat in v["vote"]["voters"]:
                return "voting…" if seat in v["current"] else "voted"
        if phase == "circle" and seat in v["current"]:
            return "to speak"
        if seat in v["playoff"]:
            return "play-off"
        return ""

    @staticmethod
    def _fit(message: str, width: int, size: int, bold: bool = False) -> str:
        f = font(size, bold)
        if f.size(message)[0] <= width:
            return message
        while message and f.size(message + "…")[0] > width:
            message = message[:-1]
        return message + "…"

    def _draw_choice(self, surface: pygame.Surface) -> None:
        v = self.view
        reader = v["reader"]
        circle = v["phase"] == "circle-choose"
        if self.rows and self.viewer == reader:
            panel(surface, CHOICE, colour=TEAL, alpha=250, radius=16, border=CREAM)
            head = "Vicieuze cirkel: choose the category for the circle" if circle else \
                "Choose the category you read out"
            if v["playoff"]:
                head = "Play-off: choose another category"
            text(surface, head, (CHOICE.centerx, CHOICE.y + 16), size=20, bold=True, anchor="midtop")
            text(surface, "Only you see this card", (CHOICE.centerx, CHOICE.y + 40), size=13, colour=CREAM,
                 anchor="midtop")
            for index, rect in self.rows:
                used = index in v["used_indices"]
                hot = rect.collidepoint(self.mouse) and not used
                pygame.draw.rect(surface, (250, 240, 200) if hot else CREAM, rect, border_radius=10)
                pygame.draw.circle(surface, NAVY, (rect.x + 26, rect.centery), 15)
                text(surface, str(index + 1), (rect.x + 26, rect.centery), size=17, bold=True, anchor="center")
                label = v["category_options"][index]
                colour = (150, 150, 150) if used else (24, 30, 40)
                text(surface, self._fit(label, rect.width - 70, 22, True), (rect.x + 52, rect.centery), size=22,
                     bold=True, colour=colour, anchor="midleft")
                if used:
                    text(surface, "read already", (rect.right - 12, rect.centery), size=13, colour=(120, 120, 120),
                         anchor="midright")
            return
        back = card_back((200, 134), "Categorie", fill=TEAL)
        surface.blit(back, back.get_rect(center=(CHOICE.centerx, CHOICE.centery - 20)))
        what = "for the Vicieuze cirkel" if circle else "to read out"
        text(surface, f"{self.subject(reader, 'are', 'is')} choosing one of four categories {what}…",
             (CHOICE.centerx, CHOICE.centery + 70), size=19, bold=True, anchor="midtop", shadow=True)

    def _draw_reader_prompt(self, surface: pygame.Surface) -> None:
        v = self.view
        reader = v["reader"]
        if v["phase"] == "victim":
            title = "Te veel keuze"
            line = "Click the player you take a letter card from." if self.viewer == reader else \
                f"{self.names[reader]} chooses whom to take a letter card from…"
        else:
            title = f"{self.subject(reader, 'read', 'reads')} next"
            line = "Draw a category card: click the pile or the button below." if any(
                isinstance(a, DrawCategory) for a in self.legal) else f"{self.names[reader]} draws a category card…"
            if v["playoff"]:
                line = "Play-off: a new category card for " + " and ".join(self.names[s] for s in v["playoff"])
        text(surface, title, (CENTRE.centerx, CENTRE.y + 90), size=34, bold=True, anchor="midtop", shadow=True)
        text(surface, line, (CENTRE.centerx, CENTRE.y + 142), size=19, anchor="midtop", shadow=True)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        v = self.view
        panel(surface, BANNER, colour=(12, 40, 44), alpha=225, radius=16, border=TEAL)
        nl = self.game.language == "nl"
        if v["phase"] == "circle":
            lead = "Vicieuze cirkel · noem" if nl else "Vicieuze cirkel · name"
        else:
            lead = "Noem" if nl else "Name"
        text(surface, lead, (BANNER.centerx, BANNER.y + 8), size=16, colour=CREAM, anchor="midtop")
        category = v["category"] or ""
        size = 42
        while size > 22 and font(size, True).size(category)[0] > BANNER.width - 30:
            size -= 2
        text(surface, category, (BANNER.centerx, BANNER.y + 50), size=size, bold=True, colour=HIGHLIGHT,
             anchor="center", shadow=True)
        note = f"read by {self.you_or_name(v['reader'])}"
        if v["playoff"]:
            note = "PLAY-OFF: " + " vs ".join(self.names[s] for s in v["playoff"]) + " · answer with the held cards"
        elif v["grote_kans"] and v["phase"] == "answer":
            note = "Grote Kans: the winner may also shed 2 cards of other letters within 10 s"
        elif v["phase"] == "circle":
            note = "any first letter · a repeat, a wrong word or giving up costs a penalty card"
        text(surface, note, (BANNER.centerx, BANNER.bottom - 10), size=14, colour=TEXT_DIM, anchor="midbottom")

    def _draw_timer(self, surface: pygame.Surface) -> None:
        v = self.view
        deadline = v["deadline_ms"]
        left_ms = max(0.0, deadline - self.clock_ms)
        share = left_ms / deadline if deadline else 0
        colour = GOOD if left_ms > 10000 else (GOLD if left_ms > 5000 else DANGER)
        r = 46
        pygame.draw.circle(surface, (14, 18, 24), TIMER, r + 6)
        pygame.draw.circle(surface, (44, 50, 60), TIMER, r, width=8)
        if share > 0:
            rect = pygame.Rect(0, 0, 2 * r, 2 * r)
            rect.center = TIMER
            pygame.draw.arc(surface, colour, rect, math.pi / 2, math.pi / 2 + 2 * math.pi * share, width=8)
        text(surface, str(math.ceil(left_ms / 1000)), TIMER, size=34, bold=True, colour=colour, anchor="center")
        label = "stopped" if self.buzzed is not None else "seconds"
        text(surface, label, (TIMER[0], TIMER[1] + r + 10), size=14, colour=HIGHLIGHT if self.buzzed is not None
             else TEXT_DIM, anchor="midtop")

    def _draw_tile_panels(self, surface: pygame.Surface) -> None:
        v = self.view
        under_vote = v["vote"]
        for tile in self.tiles:
            border = None
            if self.target == tile.seat and tile.first:
                border = DANGER
            elif under_vote and under_vote["seat"] == tile.seat and under_vote["word"] == tile.word:
                border = HIGHLIGHT
            panel(surface, tile.rect, colour=(14, 18, 24), alpha=205, radius=10, border=border)
        if not self.tiles and v["phase"] == "answer":
            text(surface, "Answers appear here as they are given, with their time.", TILES.center, size=16,
                 colour=TEXT_DIM, anchor="center")

    def _draw_card_marks(self, surface: pygame.Surface) -> None:
        """Text on the tiles, and rings on the selected card and on cards that may be clicked."""
        v = self.view
        for tile in self.tiles:
            card_w = (tile.rect.height - 14) * TILE_CARD[0] // TILE_CARD[1]
            x = tile.rect.x + card_w + 16
            width = tile.rect.right - x - 6
            big = 17 if tile.rect.height >= 70 else 15
            if tile.held:
                text(surface, self._fit(self.names[tile.seat], width, big, True), (x, tile.rect.y + 8), size=big,
                     bold=True)
                text(surface, self._fit(f"play-off: {tile.letter}", width, 13), (x, tile.rect.y + 30),
                     size=13, colour=TEXT_DIM)
                continue
            while big > 12 and font(big, True).size(tile.word)[0] > width:
                big -= 1  # a long word gets a smaller letter before it gets cut
            text(surface, self._fit(tile.word, width, big, True), (x, tile.rect.y + 6), size=big, bold=True,
                 colour=HIGHLIGHT)
            who = f"{self.names[tile.seat]} · {seconds(tile.at_ms)}"
            text(surface, self._fit(who, width, 13), (x, tile.rect.y + 8 + big), size=13)
            note = ""
            if tile.target >= 0:
                note = f"attacks {self.names[tile.target]}"
            elif tile.bonus:
                note = "Grote Kans card"
            elif self.target == tile.seat and tile.first:
                note = "your target"
            if note and tile.rect.height >= 60:
                text(surface, self._fit(note, width, 13), (x, tile.rect.y + 28 + big), size=13,
                     colour=DANGER if tile.target >= 0 or self.target == tile.seat else GOLD)
        if self.selected is not None:
            rect = self.sprites.rect_of(("card", self.selected))
            if rect:
                ring = glow(rect.size, GOLD)
                surface.blit(ring, ring.get_rect(center=rect.center))
        elif self.buzzed is not None and v["playoff"]:
            for card in self._playable(self.buzzed):
                rect = self.sprites.rect_of(("card", card))
                if rect:
                    ring = glow(rect.size, HIGHLIGHT)
                    surface.blit(ring, ring.get_rect(center=rect.center))

    def _draw_desk(self, surface: pygame.Surface) -> None:
        v = self.view
        phase = v["phase"]
        if phase == "answer":
            self._draw_answer_desk(surface)
        elif phase == "vote" and v["vote"]:
            self._draw_vote_desk(surface)
        elif phase == "circle":
            self._draw_circle_desk(surface)
        for b in self.buttons:
            hot = b.rect.collidepoint(self.mouse)
            fill = (216, 156, 36) if b.primary else (43, 49, 64)
            if hot:
                fill = tuple(min(255, c + 30) for c in fill)
            pygame.draw.rect(surface, fill, b.rect, border_radius=10)
            pygame.draw.rect(surface, (247, 210, 122) if b.primary else (90, 98, 117), b.rect, width=2,
                             border_radius=10)
            text(surface, b.label, b.rect.center, size=20 if b.rect.height > 44 else 16, bold=True,
                 colour=(26, 26, 26) if b.primary else TEXT, anchor="center")

    def _draw_answer_desk(self, surface: pygame.Surface) -> None:
        v = self.view
        category = v["category"] or ""
        if self.buzzed is not None:
            seat = self.buzzed
            panel(surface, DESK, colour=(30, 34, 44), alpha=240, radius=14, border=GOLD)
            who = "Your" if not self.several_humans else f"{self.names[seat]}, your"
            text(surface, self._fit(f"{who} word for ‘{category}’", 340, 17, True), (DESK.x + 16, DESK.y + 9),
                 size=17, bold=True, colour=GOLD)
            text(surface, f"counts at {seconds(self.buzz_ms)}", (DESK.right - 190, DESK.y + 10), size=14,
                 colour=TEXT, anchor="topright")
            bar = pygame.Rect(DESK.right - 176, DESK.y + 14, 160, 10)
            pygame.draw.rect(surface, (60, 64, 74), bar, border_radius=5)
            share = max(0.0, self.buzz_left / BUZZ_SECONDS)
            pygame.draw.rect(surface, GOLD if share > 0.3 else DANGER,
                             pygame.Rect(bar.x, bar.y, int(bar.width * share), bar.height), border_radius=5)
            text(surface, self._desk_hint(seat), (DESK.x + 16, DESK.bottom - 24), size=14, colour=TEXT_DIM)
            return
        home = self.viewer
        if home in self.humans and not self.several_humans:
            if home in v["current"] and any(a["seat"] == home for a in v["answers"]):
                hint = "Buzz again to play another card of your letter or to counter-attack — or Pass to end your turn"
            elif home in v["current"]:
                hint = "Buzz when you know a word (the clock stops while you type) — or click a letter card"
            elif home == v["reader"] and not v["playoff"]:
                hint = "You read this category: the others are answering."
            elif v["playoff"] and home not in v["playoff"]:
                hint = "Play-off: only the tied players answer."
            else:
                hint = "You are done for this category: waiting for the others."
            text(surface, hint, (DESK.centerx, DESK.y + 68), size=15, colour=TEXT_DIM, anchor="midtop",
                 shadow=True)
            return
        up = [s for s in v["current"] if s in self.humans]
        if up:
            panel(surface, DESK.inflate(-120, -40), alpha=180, radius=12)
            line = "Buzz:   " + "    ".join(f"{self.names[s]} [{self.key_label(s)}]" for s in up)
            text(surface, self._fit(line, DESK.width - 150, 20, True), (DESK.centerx, DESK.centery - 8), size=20,
                 bold=True, colour=GOLD, anchor="center")
            text(surface, "press your key or click your name · the clock stops while you answer",
                 (DESK.centerx, DESK.centery + 16), size=14, colour=TEXT_DIM, anchor="center")

    def _desk_hint(self, seat: int) -> str:
        v = self.view
        if v["playoff"]:
            return f"Play-off: type a new {v['held_letters'][seat]}-word for your held card · Enter"
        if self.selected is not None and self.letter_of(self.selected) == JOKER:
            if self.target is not None:
                first = next((a for a in v["answers"] if a["seat"] == self.target and a["target"] < 0), None)
                letter = first["letter"] if first else "?"
                return f"Counter-attack on {self.names[self.target]}: type another {letter}-word · Enter"
            return "Wie Weet Wat card: a word of any letter · or click another player's answer to counter-attack"
        if self.selected is not None:
            return f"Type a word that starts with {self.letter_of(self.selected)} · Enter"
        return "Click a letter card, or just type: a card of the word's first letter is played · Enter"

    def _draw_vote_desk(self, surface: pygame.Surface) -> None:
        v = self.view
        vote = v["vote"]
        panel(surface, DESK, colour=(30, 34, 44), alpha=240, radius=14, border=HIGHLIGHT)
        question = f"Is ‘{vote['word']}’ {v['category'] or 'right'}?"
        text(surface, self._fit(question, DESK.width - 30, 22, True), (DESK.centerx, DESK.y + 8), size=22, bold=True,
             colour=HIGHLIGHT, anchor="midtop")
        said = f"{self.you_or_name(vote['seat'])} said it; the word list does not know it. " \
               f"{vote['votes_cast']} of {len(vote['voters'])} have voted."
        text(surface, self._fit(said, DESK.width - 30, 14), (DESK.centerx, DESK.y + 38), size=14, colour=TEXT,
             anchor="midtop")
        voters = [s for s in v["current"] if s in self.humans]
        if not voters:
            mine = vote.get("my_vote")
            line = "Waiting for the others to vote…" if mine is None else \
                f"You voted {'Accept' if mine else 'Reject'}; waiting for the others…"
            text(surface, line, (DESK.centerx, DESK.y + 72), size=16, colour=TEXT_DIM, anchor="midtop")
        elif self.several_humans:
            width = (DESK.width - 20) // len(voters)
            for i, seat in enumerate(voters):
                name = self._fit(self.names[seat], self.VOTE_NAME_WIDTH - 6, 15, True)
                text(surface, name, (DESK.x + 10 + i * width, DESK.y + 81), size=15, bold=True, colour=GOLD,
                     anchor="midleft")

    def _draw_circle_desk(self, surface: pygame.Surface) -> None:
        v = self.view
        seat = v["circle"]["order"][v["circle"]["turn"]]
        if seat in self.humans:
            panel(surface, DESK, colour=(30, 34, 44), alpha=240, radius=14, border=GOLD)
            who = "Your" if not self.several_humans else f"{self.names[seat]}, your"
            text(surface, f"{who} turn: name {v['category']} (any letter, not said yet)", (DESK.x + 16, DESK.y + 9),
                 size=17, bold=True, colour=GOLD)
            text(surface, "Enter says it · Give up draws a penalty card and ends the circle",
                 (DESK.x + 16, DESK.bottom - 24), size=14, colour=TEXT_DIM)
        else:
            text(surface, f"{self.names[seat]} is thinking…", (DESK.centerx, DESK.centery), size=20, bold=True,
                 colour=TEXT_DIM, anchor="center")

    def _draw_circle_words(self, surface: pygame.Surface) -> None:
        v = self.view
        circle = v["circle"]
        panel(surface, TILES, colour=(14, 18, 24), alpha=190, radius=12)
        order = " · ".join(self.names[s] for s in circle["order"])
        text(surface, self._fit(f"Order: {order}", TILES.width - 24, 14), (TILES.x + 12, TILES.y + 8), size=14,
             colour=TEXT_DIM)
        x, y = TILES.x + 12, TILES.y + 34
        words = circle["words"]
        if not words:
            text(surface, "Nothing said yet: the reader starts.", (x, y), size=16, colour=TEXT_DIM)
        for word in words:
            w = font(17, True).size(word)[0] + 20
            if x + w > TILES.right - 12:
                x, y = TILES.x + 12, y + 36
            if y + 30 > TILES.bottom:
                break
            chip = pygame.Rect(x, y, w, 30)
            pygame.draw.rect(surface, CREAM, chip, border_radius=15)
            text(surface, word, chip.center, size=17, bold=True, colour=NAVY, anchor="center")
            x += w + 8

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        y = DESK.y - 6
        for message, _ in self.toasts[-2:]:
            w = min(self.area.width - 80, font(16).size(message)[0] + 30)
            rect = pygame.Rect(0, 0, w, 30)
            rect.midbottom = (self.area.centerx, y)
            panel(surface, rect, alpha=230, radius=12, border=(90, 96, 110))
            text(surface, message, rect.center, size=16, anchor="center")
            y -= 36

    def _notice_rect(self, notice: Notice) -> pygame.Rect:
        """As tall as the notice needs, centred on the middle of the table."""
        width = CENTRE.width - 48 - (ACTION_CARD[0] + 24 if notice.action else 0)
        height = 64 + 28 * len(notice.rows) + (8 if notice.rows else 0) + 40
        for i, line in enumerate(notice.lines):
            small = notice.action is not None and i > 0
            height += len(wrap(line, width, 15 if small else 18)) * (20 if small else 25) + 6
        for line in notice.effects:
            height += 4 + 26 * len(wrap(line, width, 19, True))
        if notice.action:
            height = max(height, ACTION_CARD[1] + 100)
        rect = pygame.Rect(0, 0, CENTRE.width, min(CENTRE.height, height))
        rect.center = CENTRE.center
        return rect

    def _draw_notice(self, surface: pygame.Surface, notice: Notice) -> None:
        rect = self._notice_rect(notice)
        shade = pygame.Surface(self.area.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, self.area)
        panel(surface, rect, colour=(20, 24, 30), alpha=255, radius=16, border=notice.tone)
        x = rect.x + 24
        if notice.action:
            face = self.action_face(notice.action)
            surface.blit(face, face.get_rect(topleft=(rect.x + 24, rect.y + 64)))
            x = rect.x + 24 + ACTION_CARD[0] + 24
        text(surface, self._fit(notice.title, rect.right - x - 20, 26, True), (x, rect.y + 18), size=26, bold=True,
             colour=notice.tone)
        y = rect.y + 64
        for ok, word, who, when, note in notice.rows:
            self._verdict_mark(surface, (x + 10, y + 11), ok)
            text(surface, self._fit(word, 200, 19, True), (x + 30, y), size=19, bold=True)
            text(surface, self._fit(who, 130, 16), (x + 240, y + 2), size=16)
            text(surface, when, (x + 380, y + 2), size=16, colour=TEXT_DIM)
            if note:
                text(surface, self._fit(note, rect.right - x - 470, 14), (x + 450, y + 4), size=14, colour=GOLD)
            y += 28
        if notice.rows:
            y += 8
        for i, line in enumerate(notice.lines):
            small = notice.action is not None and i > 0  # the English gloss under the Dutch text
            for part in wrap(line, rect.right - x - 24, 15 if small else 18):
                text(surface, part, (x, y), size=15 if small else 18, colour=TEXT_DIM if small else TEXT)
                y += 20 if small else 25
            y += 6
        for line in notice.effects:
            y += 4
            for part in wrap(line, rect.right - x - 24, 19, True):
                text(surface, part, (x, y), size=19, bold=True, colour=HIGHLIGHT)
                y += 26
        text(surface, "click to continue", (rect.right - 16, rect.bottom - 12), size=13, colour=TEXT_DIM,
             anchor="bottomright")

    @staticmethod
    def _verdict_mark(surface: pygame.Surface, centre: tuple[int, int], ok: bool) -> None:
        """A drawn tick or cross (the font has no such glyphs); the colour is not the only cue."""
        x, y = centre
        if ok:
            pygame.draw.circle(surface, GOOD, centre, 10)
            pygame.draw.lines(surface, (10, 30, 10), False, [(x - 5, y), (x - 1, y + 4), (x + 6, y - 5)], 3)
        else:
            pygame.draw.circle(surface, DANGER, centre, 10)
            pygame.draw.line(surface, (40, 0, 0), (x - 5, y - 5), (x + 5, y + 5), 3)
            pygame.draw.line(surface, (40, 0, 0), (x - 5, y + 5), (x + 5, y - 5), 3)

    # -- words -------------------------------------------------------------------------------
    def status(self) -> str:
        v = self.view
        if not v:
            return ""
        phase = v["phase"]
        reader = v["reader"]
        if phase == "over":
            best = max(v["round_wins"])
            winners = [self.names[s] for s, w in enumerate(v["round_wins"]) if w == best]
            return f"{' and '.join(winners)} won the game!"
        if phase == "draw":
            if any(isinstance(a, DrawCategory) for a in self.legal):
                return "Your turn to read: draw a category card"
            return f"{self.names[reader]} draws a category card"
        if phase in ("choose", "circle-choose"):
            if self.viewer == reader and self.legal:
                return "Choose a category and read it out"
            return f"{self.names[reader]} is choosing a category"
        if phase == "victim":
            if self.viewer == reader and self.legal:
                return "Te veel keuze: click the player you take a card from"
            return f"Te veel keuze: {self.names[reader]} chooses a player"
        if phase == "answer":
            if self.buzzed is not None:
                return f"{self.subject(self.buzzed, 'are', 'is')} answering: the clock stands still"
            lead = "Play-off! " if v["playoff"] else ""
            if self.viewer in v["current"] and self.viewer in self.humans and not self.several_humans:
                if any(a["seat"] == self.viewer for a in v["answers"]):
                    return "You answered: buzz to add a card or counter-attack, or Pass"
                return f"{lead}Name {v['category']}! Buzz with Space or click a card"
            if any(s in self.humans for s in v["current"]) and self.several_humans:
                return f"{lead}Name {v['category']}! Buzz with your key"
            return f"{lead}The others are answering ‘{v['category']}’"
        if phase == "vote":
            if any(s in self.humans for s in v["current"]):
                return f"Vote on ‘{v['vote']['word']}’: Accept or Reject"
            return f"The table votes on ‘{v['vote']['word']}’"
        if phase == "circle":
            seat = v["circle"]["order"][v["circle"]["turn"]]
            if seat in self.humans:
                who = f"{self.names[seat]}, your turn" if self.several_humans else "your turn"
                return f"Vicieuze cirkel: {who}: name {v['category']}"
            return f"Vicieuze cirkel: {self.names[seat]} is to speak"
        return ""

    def headline(self) -> str:
        v = self.view
        if not v:
            return ""
        return f"Round {v['round']} · first to win {v['rounds_to_win']} rounds"

    def plates(self) -> list[SeatPlate]:
        v = self.view
        out = []
        for seat in range(self.game.players):
            extra = []
            if seat == v["reader"] and v["phase"] != "over":
                extra.append("reads the category")
            if self.several_humans and seat in self.humans:
                extra.append(f"buzzer key: {self.key_label(seat)}")
            status = self._seat_status(seat)
            if status and status not in ("reading", "buzz!"):
                extra.append(status)
            out.append(SeatPlate(f"{v['round_wins'][seat]} of {v['rounds_to_win']} rounds · "
                                 f"{cards(v['hand_sizes'][seat])}", extra=extra))
        return out

    def log_lines(self) -> list[str]:
        lines = []
        for e in self.view.get("events", []):
            what = e["what"]
            seat = e["seat"]
            who = self.you_or_name(seat) if 0 <= seat < len(self.names) else ""
            if what == "round":
                lines.append(f"Round {e['round']}: {self.game.hand_size} cards each; {self.subject(seat, 'read', 'reads')}")
            elif what == "action":
                kind = self.kind_of_label.get(e["label"])
                lines.append(f"{who} drew {self.dutch_name[kind] if kind else e['label']}")
            elif what in ("grote-kans", "rotonde", "verkiezingspartij", "verloren-geluk", "te-veel-keuze",
                          "pechvogel"):
                lines.append(self._effect_line(e))
            elif what == "read":
                lines.append(f"{who} read: {e['label']}")
            elif what == "closed" and e["at_ms"] >= self.game.time_limit_ms:
                lines.append("Time! The window closed.")
            elif what == "vote":
                verdict = "accepted" if e["accepted"] else "rejected"
                lines.append(f"‘{e['label']}’ {verdict} by vote ({e['yes']}–{e['no']})")
            elif what == "result":
                lines.append(self._result_line(e))
            elif what == "circle-lost":
                lines.append(f"{who} {CIRCLE_WHY.get(e['why'], 'lost')} in the circle: +1 card")
            elif what == "round-won":
                lines.append(f"{who} won round {e['round']}!")
            elif what == "reshuffle-letters":
                lines.append("Letter discards reshuffled into a new pile")
        return lines

    def _result_line(self, e: dict[str, Any]) -> str:
        winner = e["winner"]
        plays = e.get("plays", [])
        if e.get("tied"):
            return "Remise: " + " and ".join(self.names[s] for s in e["tied"]) + " play off"
        if winner >= 0:
            word = next((p["word"] for p in sorted(plays, key=lambda p: p["at_ms"])
                         if p["seat"] == winner and p["target"] < 0), "")
            line = f"{self.you_or_name(winner)} won ‘{e['category']}’" + (f" with ‘{word}’" if word else "")
        else:
            line = f"Nobody won ‘{e['category']}’"
        if e.get("wrong"):
            line += "; wrong: " + ", ".join(self.names[s] for s in e["wrong"])
        return line

    def summaries(self) -> list[Summary]:
        v = self.view
        if not v:
            return []
        out = []
        n = self.game.players
        events = v.get("events", [])
        for r in v.get("rounds", []):
            winner = self.names[r["winner"]]
            rows = [("Player", "Rounds won")] + [(self.names[s], str(r["round_wins"][s])) for s in range(n)]
            lines = [f"{winner} got rid of every letter card first."]
            how = self._round_ending(events, r["round"])
            if how:
                lines.append(how)
            out.append(Summary(f"round-{r['round']}", f"Round {r['round']}: {winner} wins!", tuple(lines),
                               tuple(rows)))
        if v["over"]:
            best = max(v["round_wins"])
            winners = [self.names[s] for s, w in enumerate(v["round_wins"]) if w == best]
            rows = [("Player", "Rounds won")] + sorted(
                ((self.names[s], str(w)) for s, w in enumerate(v["round_wins"])), key=lambda row: -int(row[1]))
            out.append(Summary("game", f"{' and '.join(winners)} won the game!",
                               (f"First to {v['rounds_to_win']} rounds, after {v['round']} rounds.",), tuple(rows)))
        return out

    def _round_ending(self, events: list[dict[str, Any]], round_no: int) -> str:
        """How the round's last card went, if the recent events still tell."""
        for i, e in enumerate(events):
            if e["what"] == "round-won" and e["round"] == round_no and i > 0:
                before = events[i - 1]
                if before["what"] == "result" and before["winner"] == e["seat"]:
                    plays = [p for p in before.get("plays", []) if p["seat"] == e["seat"] and p["ok"]]
                    if plays:
                        words = ", ".join(f"‘{p['word']}’" for p in plays)
                        return f"The last card went with {words} for ‘{before['category']}’."
                if before["what"] in ("verloren-geluk", "te-veel-keuze", "verkiezingspartij"):
                    kind = before["what"].replace("-", "_")
                    return f"Their last card was taken by {self.dutch_name[kind]}: an empty hand wins."
        return ""


TABLE_VIEW = WieWeetWatView
