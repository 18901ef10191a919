"""How Wie Weet Wat sits on the table, and how keys and the mouse play it.

The layout is in board.py, the card faces in faces.py, the painting in scenery.py, every
sentence in words.py, and the real-time flow (the answering window's clock, buzzers, bot
timing, votes and the Vicieuze cirkel) in realtime.py. This module holds them together:
it turns each refresh into notices and toasts, keeps the one text entry alive while a
human is to type, and turns input into buzzes, pending actions and the reader's actions.

A human buzzes with their key, a click on their name, or with one human also a click on
a card. Buzzer keys are Space for a single human, A L G P Z M for several (the table
passes on the keys it does not use); while one human types, the others buzz by clicking
their name, and their box opens when the keyboard is free. The text entry for the word
is opened on the frame after the buzz, so the buzzer key itself is not typed into it.
"""
from __future__ import annotations

from typing import Any, Hashable, Sequence

import pygame
import pygame_gui

from simulator.engine import Action
from simulator.ui.game_view import FINISH_LIMIT, FINISH_STEP, Cue, GameView, SeatPlate, Summary
from simulator.ui.marks import new_events
from simulator.ui.sprites import Place, SpriteLayer

from .board import (BANNER, CAT_PILE, DISCARD, ENTRY, LETTER_PILE, PILE, Button, Tile, card_places, choice_rows,
                    desk_buttons, plate_rects, tile_layout)
from .faces import CardFaces
from .realtime import TOAST_SECONDS, RealTimeFlow
from .rules import (JOKER, Answer, ChooseCategory, ChooseVictim, CounterAttack, DrawCategory, Pass, Say, Vote,
                    WieWeetWatGame)
from .scenery import TableScenery
from .words import EFFECTS, HELP, NOTICE_GUARD, Audience, Notice, TableWords

BUZZ_KEYS = (pygame.K_a, pygame.K_l, pygame.K_g, pygame.K_p, pygame.K_z, pygame.K_m)  # far apart on the keyboard


class WieWeetWatView(RealTimeFlow, TableScenery, GameView):
    """Name plates along the top, the category and the clock in the middle, answers as they land, your hand below."""

    game: WieWeetWatGame

    @classmethod
    def help_for(cls, game: WieWeetWatGame) -> str:
        return HELP[game.language]

    def __init__(self, game: WieWeetWatGame, names: Sequence[str]) -> None:
        super().__init__(game, names)
        self.words = TableWords(game, self.names)
        self.rules_title = self.words.say("How to play {title}", title="{title}")
        self.log_title = self.words.say("What happened")
        # the launcher's name for a lone player, in the edition's language ("Jij")
        self.rename([self.words.say("You") if name == "You" else name for name in self.names])
        self.faces = CardFaces(game.card_letter, self.words.card_name, self.words.say("Category"))
        self.sprites = SpriteLayer(self.faces.render)
        self._init_flow()
        self.selected: int | None = None    # the card picked for the typed word
        self.target: int | None = None      # the seat a counter-attack answers
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

    def say(self, text: str, **fields: object) -> str:
        """The table's tags, key hints and Esc menu in the edition's language."""
        return self.words.say(text, **fields)

    # -- who is who --------------------------------------------------------------------------------
    @property
    def audience(self) -> Audience:
        return Audience(tuple(self.names), self.viewer, self.humans, self.game.language)

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
        """Names, not "You", when several people share the screen (as every sentence here says it)."""
        return self.audience.you_or_name(seat)

    def buzz(self, seat: int) -> bool:
        buzzed = super().buzz(seat)
        if buzzed:
            self.cue(Cue.BUZZER)
        return buzzed

    def letter_of(self, card: int) -> str:
        return self.game.card_letter[card]

    # -- the table's calls -------------------------------------------------------------------------
    def refresh(self, viewer: int | None, view: dict[str, Any], legal: list[Action]) -> None:
        before = self.view
        super().refresh(viewer, view, legal)
        landed = view.get("answers", [])[len(before.get("answers", [])):]
        if before.get("category_id") == view.get("category_id") and any(a["seat"] not in self.humans for a in landed):
            self.cue(Cue.BUZZER)  # a bot buzzes in as its card lands (a human's buzz sounds in buzz())
        fresh = self._new_events(view.get("events", []))
        for event in fresh:
            self._note(event)
        self._mark_move(before, fresh)
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
            self.notices[0].age += dt
            if self.notices[0].seconds <= 0:
                self.notices.pop(0)
                self._layout()  # the buttons it covered come back
        for toast in self.toasts:
            toast[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]

    def busy(self) -> bool:
        return bool(self.notices) or self.sprites.moving

    def finish_moves(self) -> None:
        """Cards land now (the skip key, instant bots). A notice is read, not watched: where a player sits
        at this screen it stays up for its time (fast-forwarding it made a verdict vanish unread); a table of
        bots only, watched, skips it too."""
        if not self.humans and self.notices:
            self.notices.clear()
            self._layout()
        for _ in range(FINISH_LIMIT):
            if not self.sprites.moving:
                return
            self.sprites.update(FINISH_STEP)

    def notice_button(self) -> pygame.Rect | None:
        """The Continue button of the notice on show, if any (tests and hit tests use it)."""
        return self._notice_button_rect(self.notices[0]) if self.notices else None

    def _dismiss_notice(self) -> None:
        """Close the notice on show, unless it has only just come up (the key or click was for what was there)."""
        if self.notices and self.notices[0].age >= NOTICE_GUARD:
            self.notices.pop(0)
            self._layout()  # the buttons it covered come back

    def refused(self, action: Action, reason: str) -> None:
        super().refused(action, reason)
        if isinstance(action, (Answer, CounterAttack, Say)) and self.entry is not None \
                and self.entry.get_text().strip() == action.word.strip():
            # the next word replaces the refused one (the reason quotes it); a refusal that comes back
            # from a server after the player typed on leaves the new typing alone
            self._clear_entry()
        self._layout()

    # -- typed words -------------------------------------------------------------------------------
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
                self.refusal = (self.words.say("You hold no {letter}: click the card you want to play "
                                               "(a Wie Weet Wat card is a joker for any letter).",
                                               letter=letter or "?"), 4.0)
                self._clear_entry()
                return None
        at = self.answer_ms(word, seat)
        if self.target is not None:
            theirs = [a for a in v["answers"] if a["seat"] == self.target and a["target"] < 0]
            if theirs:
                return CounterAttack(seat, card, self.target, word, max(at, theirs[0]["at_ms"] + 1))
        return Answer(seat, card, word, at)

    def _clear_entry(self) -> None:
        if self.entry is not None:
            self.entry.set_text("")

    # -- events: what just happened ----------------------------------------------------------------
    def _new_events(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Events not seen at the last refresh (the view holds the latest few, oldest first)."""
        old, self.seen_events = self.seen_events, list(events)
        return new_events(old, events)

    def _note(self, e: dict[str, Any]) -> None:
        """Announce an event: a notice in the middle of the table, or a toast above the desk."""
        what = e["what"]
        words, audience = self.words, self.audience
        if what == "action":
            kind = words.kind_of_label.get(e["label"])
            if kind:
                self.notices.append(words.action_notice(kind, e["seat"], audience))
        elif what in EFFECTS:
            line = words.effect_line(e, audience)
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
            self.notices.append(words.verdict(e, self.view, audience))
        elif what == "circle-lost":
            self.notices.append(words.circle_lost(e, self.view, audience))
        elif what in ("vote", "reshuffle-letters", "reshuffle-categories"):
            self.toasts.append([words.toast(e), TOAST_SECONDS])

    def _mark_move(self, before: dict[str, Any], fresh: list[dict[str, Any]]) -> None:
        """Ring what just changed: answers new on the table, or the category just read out."""
        if not before:
            return
        seen = {a["card"] for a in before.get("answers", [])}
        answers = [("tile", a["card"]) for a in self.view.get("answers", []) if a["card"] not in seen]
        if answers:
            self.last_move.set(answers)
        elif any(e["what"] == "read" for e in fresh):
            self.last_move.set([("banner",)])

    def _mark_rect(self, key: tuple) -> pygame.Rect | None:
        """Where a marked thing is now: an answer's tile, or the category banner."""
        if key[0] == "banner":
            return BANNER if self.view.get("phase") in ("answer", "vote", "circle") else None
        return next((t.rect for t in self.tiles if t.card == key[1] and not t.held), None)

    # -- layout ------------------------------------------------------------------------------------
    def _layout(self) -> None:
        v = self.view
        if not v:
            return
        self.plate_rects = plate_rects(self.game.players, self.viewer, self.area)
        self.tiles = tile_layout(v, self._tile_text_width)
        self.rows = choice_rows(len(v["category_options"]))
        may_draw = any(isinstance(a, DrawCategory) for a in self.legal)
        self.buttons = desk_buttons(v, self.audience, self.buzzed, self.key_label(self.viewer), bool(self.notices),
                                    may_draw)
        places = card_places(v, self.tiles, self.faces, viewer=self.viewer, selected=self.selected,
                             hover=self.hover, hand_centre_x=self.area.centerx)
        self.sprites.sync(places, self._spawn_at)
        self.laid_out_for = self.viewer

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

    # -- input -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            if self.entry is not None and event.ui_element is self.entry:
                self._word_entered(event.text)
            return None
        if event.type == pygame.KEYDOWN:
            if self.notices and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._dismiss_notice()
                return None
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
            # The table under a notice waits: only its own button closes it (a click meant for the pile or a
            # button under it closed the verdict unread, and acted as well).
            if self._notice_button_rect(self.notices[0]).collidepoint(pos):
                self._dismiss_notice()
            return None
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
            if rect.collidepoint(pos) and seat in self.humans:
                self.buzz(seat)  # while another human types, this queues the buzz at its moment
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
                    self.refusal = (self.words.say("A counter-attack needs a Wie Weet Wat card."), 3.0)
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
        elif what == "vote":
            self.pending.append(Vote(key[1], key[2]))
        elif what == "giveup":
            self.pending.append(Pass(key[1]))
        elif what == "draw":
            return next((a for a in self.legal if isinstance(a, DrawCategory)), None)
        return None

    # -- drawing -----------------------------------------------------------------------------------
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
        self.last_move.draw(surface, self._mark_rect)
        for seat, rect in self.plate_rects.items():
            self._draw_plate(surface, seat, rect)
        self._draw_desk(surface)
        self._draw_toasts(surface)
        if self.notices:
            self._draw_notice(surface, self.notices[0])

    # -- words -------------------------------------------------------------------------------------
    def status(self) -> str:
        return self.words.status(self.view, self.audience, self.legal, self.buzzed)

    def headline(self) -> str:
        return self.words.headline(self.view)

    def plates(self) -> list[SeatPlate]:
        out = []
        for seat in range(self.game.players):
            detail, extra = self.words.plate(self.view, seat, self.audience, self.buzzed, self.key_label(seat))
            out.append(SeatPlate(detail, extra=extra))
        return out

    def log_lines(self) -> list[str]:
        return self.words.log_lines(self.view, self.audience)

    def summaries(self) -> list[Summary]:
        return [Summary(*parts) for parts in self.words.summaries(self.view)]


TABLE_VIEW = WieWeetWatView
