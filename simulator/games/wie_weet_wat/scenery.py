"""How the Wie Weet Wat table looks: piles, name plates, the category, the clock, the desk, notices.

:class:`TableScenery` paints everything that is not a card sprite, from the table view's
state of the moment; it is a mixin of the view (view.py), whose ``draw`` calls it in
order. Where things lie is in board.py, the card faces in faces.py, the sentences in
words.py.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from simulator.engine import Action
from simulator.ui.card_art import card_back, glow, mark
from simulator.ui.sprites import SpriteLayer
from simulator.ui.theme import DANGER, GOLD, GOOD, HIGHLIGHT, TEXT, TEXT_DIM, font, panel, text, wrap

from .board import (ACTION_CARD, BANNER, CAT_PILE, CENTRE, CHOICE, DESK, DISCARD, ENTRY, LETTER_PILE, PILE, PLATE_H,
                    TILE_CARD, TILES, TIMER, VOTE_NAME_WIDTH, Button, Tile)
from .faces import CREAM, NAVY, TEAL, CardFaces
from .buzzer import TYPE_SECONDS
from .rules import ChooseVictim, DrawCategory, WieWeetWatGame
from .words import Audience, Notice, TableWords

PANEL = (16, 20, 26)
ACTING = (60, 56, 20)
TONES = {"news": GOLD, "win": GOOD, "remise": HIGHLIGHT, "loss": DANGER, "quiet": TEXT_DIM}


def fit(message: str, width: int, size: int, bold: bool = False) -> str:
    """``message`` cut with an ellipsis to fit ``width`` pixels at that font size."""
    f = font(size, bold)
    if f.size(message)[0] <= width:
        return message
    while message and f.size(message + "…")[0] > width:
        message = message[:-1]
    return message + "…"


def verdict_mark(surface: pygame.Surface, centre: tuple[int, int], ok: bool) -> None:
    """A drawn tick or cross (the font has no such glyphs); the colour is not the only cue."""
    x, y = centre
    if ok:
        pygame.draw.circle(surface, GOOD, centre, 10)
        pygame.draw.lines(surface, (10, 30, 10), False, [(x - 5, y), (x - 1, y + 4), (x + 6, y - 5)], 3)
    else:
        pygame.draw.circle(surface, DANGER, centre, 10)
        pygame.draw.line(surface, (40, 0, 0), (x - 5, y - 5), (x + 5, y + 5), 3)
        pygame.draw.line(surface, (40, 0, 0), (x - 5, y + 5), (x + 5, y - 5), 3)


class TableScenery:
    """Paints the table for the view it is mixed into, which also provides ``key_label()`` and ``_playable()``."""

    # provided by the view
    game: WieWeetWatGame
    names: list[str]
    viewer: int | None
    view: dict[str, Any]
    legal: list[Action]
    area: pygame.Rect
    humans: tuple[int, ...]
    several_humans: bool
    audience: Audience
    words: TableWords
    faces: CardFaces
    sprites: SpriteLayer
    clock_ms: float
    buzzed: int | None
    buzz_ms: int
    buzz_left: float
    buzzes_used: set[int]
    selected: int | None
    target: int | None
    mouse: tuple[int, int]
    notices: list[Notice]
    toasts: list[list[Any]]
    buttons: list[Button]
    tiles: list[Tile]
    rows: list[tuple[int, pygame.Rect]]

    # -- piles and name plates ---------------------------------------------------------------------
    def _draw_piles(self, surface: pygame.Surface) -> None:
        v = self.view
        say = self.words.say
        for pos, label, count in ((CAT_PILE, say("Categories"), v["category_pile_size"]),
                                  (LETTER_PILE, say("Letters"), v["letter_pile_size"]),
                                  (DISCARD, say("Discards"), None)):
            rect = pygame.Rect(0, 0, PILE[0] + 10, PILE[1] + 10)
            rect.center = pos
            pygame.draw.rect(surface, (24, 78, 54), rect, border_radius=12)
            pygame.draw.rect(surface, (60, 130, 96), rect, width=2, border_radius=12)
            caption = label if count is None else f"{label} · {count}"
            text(surface, caption, (pos[0], rect.bottom + 6), size=14, colour=TEXT_DIM, anchor="midtop")
        if v["phase"] == "draw" and any(isinstance(a, DrawCategory) for a in self.legal):
            ring = glow(PILE, HIGHLIGHT)
            surface.blit(ring, ring.get_rect(center=(CAT_PILE[0] - 3, CAT_PILE[1] - 4)))
            text(surface, say("click to draw"), (CAT_PILE[0], CAT_PILE[1] - PILE[1] // 2 - 24), size=14, bold=True,
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
            badges.append((self.words.say("READS"), TEAL))
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
        text(surface, fit(self.names[seat], bx - x - 4, 17, True), (x, y + 6), size=17, bold=True,
             colour=GOLD if acting else TEXT)
        # the hand as a little fan of backs, and the count
        count = v["hand_sizes"][seat]
        for i in range(min(count, 10)):
            back = pygame.Rect(x + i * 5, y + 33, 12, 18)
            pygame.draw.rect(surface, NAVY, back, border_radius=2)
            pygame.draw.rect(surface, CREAM, back, width=1, border_radius=2)
        text(surface, self.words.cards(count), (x + min(count, 10) * 5 + 14, y + 33), size=15)
        stars = v["rounds_to_win"]
        for i in range(stars):
            won = i < v["round_wins"][seat]
            mark(surface, "star", (x + 8 + i * 20, y + 72), 8, colour=GOLD if won else (70, 74, 84))
        status = self.words.seat_status(v, seat, self.buzzed, self.humans)
        if status:
            # beside the stars on the top row; on its own line on the taller plate of the displayed seat
            tall = rect.height > PLATE_H
            pos = (x, y + 86) if tall else (x + stars * 20 + 4, y + 64)
            room = rect.width - 20 - (0 if tall else stars * 20 + 4)
            text(surface, fit(status, room, 14), pos, size=14,
                 colour=HIGHLIGHT if status in (self.words.say("buzz!"), self.words.say("answering…")) else TEXT_DIM)

    def _is_victim_choice(self, seat: int) -> bool:
        return self.view["phase"] == "victim" and any(
            isinstance(a, ChooseVictim) and a.target == seat for a in self.legal)

    # -- the middle of the table -------------------------------------------------------------------
    def _draw_choice(self, surface: pygame.Surface) -> None:
        v = self.view
        reader = v["reader"]
        circle = v["phase"] == "circle-choose"
        say = self.words.say
        if self.rows and self.viewer == reader:
            panel(surface, CHOICE, colour=TEAL, alpha=250, radius=16, border=CREAM)
            head = say("{card}: choose the category for the circle",
                       card=self.words.card_name["vicieuze_cirkel"]) if circle else \
                say("Choose the category you read out")
            if v["playoff"]:
                head = say("Play-off: choose another category")
            text(surface, head, (CHOICE.centerx, CHOICE.y + 16), size=20, bold=True, anchor="midtop")
            text(surface, say("Only you see this card"), (CHOICE.centerx, CHOICE.y + 40), size=13, colour=CREAM,
                 anchor="midtop")
            for index, rect in self.rows:
                used = index in v["used_indices"]
                hot = rect.collidepoint(self.mouse) and not used
                pygame.draw.rect(surface, (250, 240, 200) if hot else CREAM, rect, border_radius=10)
                pygame.draw.circle(surface, NAVY, (rect.x + 26, rect.centery), 15)
                text(surface, str(index + 1), (rect.x + 26, rect.centery), size=17, bold=True, anchor="center")
                label = v["category_options"][index]
                colour = (150, 150, 150) if used else (24, 30, 40)
                text(surface, fit(label, rect.width - 70, 22, True), (rect.x + 52, rect.centery), size=22,
                     bold=True, colour=colour, anchor="midleft")
                if used:
                    text(surface, say("read already"), (rect.right - 12, rect.centery), size=13, colour=(120, 120, 120),
                         anchor="midright")
            return
        back = card_back((200, 134), "Categorie", fill=TEAL)
        surface.blit(back, back.get_rect(center=(CHOICE.centerx, CHOICE.centery - 20)))
        if circle:
            line = self.audience.sentence(reader, "You are choosing one of four categories for the Vicieuze cirkel…",
                                          "{name} is choosing one of four categories for the Vicieuze cirkel…")
        else:
            line = self.audience.sentence(reader, "You are choosing one of four categories to read out…",
                                          "{name} is choosing one of four categories to read out…")
        text(surface, line,
             (CHOICE.centerx, CHOICE.centery + 70), size=19, bold=True, anchor="midtop", shadow=True)

    def _draw_reader_prompt(self, surface: pygame.Surface) -> None:
        v = self.view
        reader = v["reader"]
        say = self.words.say
        if v["phase"] == "victim":
            title = "Te veel keuze"
            line = say("Click the player you take a letter card from.") if self.viewer == reader else \
                say("{name} chooses whom to take a letter card from…", name=self.names[reader])
        else:
            title = self.audience.sentence(reader, "You read next", "{name} reads next")
            line = say("Draw a category card: click the pile or the button below.") if any(
                isinstance(a, DrawCategory) for a in self.legal) else \
                say("{name} draws a category card…", name=self.names[reader])
            if v["playoff"]:
                line = say("Play-off: a new category card for {names}", names=self.words.names_and(v["playoff"]))
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
        say = self.words.say
        note = self.audience.sentence(v["reader"], "read by you", "read by {name}")
        if v["playoff"]:
            note = say("PLAY-OFF: {names} · answer with the held cards",
                       names=" vs ".join(self.names[s] for s in v["playoff"]))
        elif v["grote_kans"] and v["phase"] == "answer":
            note = say("Grote Kans: the winner may also shed 2 cards of other letters within 10 s")
        elif v["phase"] == "circle":
            note = say("any first letter · a repeat, a wrong word or giving up costs a penalty card")
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
        text(surface, self.words.say("seconds"), (TIMER[0], TIMER[1] + r + 10), size=14, colour=TEXT_DIM,
             anchor="midtop")

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
            text(surface, self.words.say("Answers appear here as they are given, with their time."), TILES.center, size=16,
                 colour=TEXT_DIM, anchor="center")

    def _tile_words(self, tile: Tile) -> tuple[str, str, str]:
        """What a tile says: the word (or, held, the name), who and when (or the play-off letter), and a note."""
        say = self.words.say
        if tile.held:
            return self.names[tile.seat], say("play-off: {letter}", letter=tile.letter), ""
        who = f"{self.names[tile.seat]} · {self.words.seconds(tile.at_ms)}"
        note = ""
        if tile.target >= 0:
            note = say("attacks {name}", name=self.names[tile.target])
        elif tile.bonus:
            note = say("{card} card", card=self.words.card_name["grote_kans"])
        elif self.target == tile.seat and tile.first:
            note = say("your target")
        return tile.word, who, note

    def _tile_text_width(self, tile: Tile, height: int) -> int:
        """How wide a tile's words are on a tile ``height`` tall (the layout sizes the tile to them)."""
        word, who, note = self._tile_words(tile)
        big = 17 if height >= 70 else 15
        return max(font(big, True).size(word)[0], font(13).size(who)[0],
                   font(13).size(note)[0] if note and height >= 60 else 0)

    def _draw_card_marks(self, surface: pygame.Surface) -> None:
        """Text on the tiles, and rings on the selected card and on cards that may be clicked."""
        v = self.view
        for tile in self.tiles:
            card_w = (tile.rect.height - 14) * TILE_CARD[0] // TILE_CARD[1]
            x = tile.rect.x + card_w + 16
            width = tile.rect.right - x - 6
            big = 17 if tile.rect.height >= 70 else 15
            word, who, note = self._tile_words(tile)
            if tile.held:
                text(surface, fit(word, width, big, True), (x, tile.rect.y + 8), size=big, bold=True)
                text(surface, fit(who, width, 13), (x, tile.rect.y + 30), size=13, colour=TEXT_DIM)
                continue
            while big > 12 and font(big, True).size(word)[0] > width:
                big -= 1  # a long word gets a smaller letter before it gets cut
            text(surface, fit(word, width, big, True), (x, tile.rect.y + 6), size=big, bold=True,
                 colour=HIGHLIGHT)
            text(surface, fit(who, width, 13), (x, tile.rect.y + 8 + big), size=13)
            if note and tile.rect.height >= 60:
                text(surface, fit(note, width, 13), (x, tile.rect.y + 28 + big), size=13,
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

    # -- the desk ----------------------------------------------------------------------------------
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
            # top right: the buzz time over the bar of the time left to type; the title has the rest of the row
            bar = pygame.Rect(DESK.right - 176, DESK.y + 23, 160, 8)
            buzzed = self.words.say("buzzed at {time}", time=self.words.seconds(self.buzz_ms))
            text(surface, buzzed, (bar.right, DESK.y + 4), size=13, colour=TEXT, anchor="topright")
            pygame.draw.rect(surface, (60, 64, 74), bar, border_radius=4)
            share = max(0.0, min(1.0, self.buzz_left / TYPE_SECONDS))
            pygame.draw.rect(surface, GOLD if share > 0.3 else DANGER,
                             pygame.Rect(bar.x, bar.y, int(bar.width * share), bar.height), border_radius=4)
            title, size = self._desk_title(seat, category, bar.x - 14 - (DESK.x + 16))
            text(surface, title, (DESK.x + 16, ENTRY.y - 5), size=size, bold=True, colour=GOLD, anchor="bottomleft")
            self._draw_desk_hint(surface, self.words.desk_hint(v, seat, self.selected, self.target))
            return
        home = self.viewer
        if home in self.humans and not self.several_humans:
            text(surface, self.words.waiting_hint(v, home, home in self.buzzes_used), (DESK.centerx, DESK.y + 68), size=15, colour=TEXT_DIM,
                 anchor="midtop", shadow=True)
            return
        up = [s for s in v["current"] if s in self.humans]
        if up:
            panel(surface, DESK.inflate(-120, -40), alpha=180, radius=12)
            line = self.words.say("Buzz:") + "   " + "    ".join(f"{self.names[s]} [{self.key_label(s)}]" for s in up)
            text(surface, fit(line, DESK.width - 150, 20, True), (DESK.centerx, DESK.centery - 8), size=20,
                 bold=True, colour=GOLD, anchor="center")
            text(surface, self.words.say("press your key or click your name · once per category · the clock runs on"),
                 (DESK.centerx, DESK.centery + 16), size=14, colour=TEXT_DIM, anchor="center")

    def _desk_title(self, seat: int, category: str, room: int) -> tuple[str, int]:
        """The answer box's title and its size: the whole category, in a smaller letter if need be; a long name
        (several humans) is shortened rather than the category."""
        title = self.words.desk_title(seat, category, self.several_humans)
        for size in range(17, 12, -1):
            if font(size, True).size(title)[0] <= room:
                return title, size
        size = 13
        if self.several_humans:
            rest = font(size, True).size(self.words.desk_title(seat, category, True, name=""))[0]
            name = fit(self.names[seat], max(0, room - rest), size, True)
            title = self.words.desk_title(seat, category, True, name=name)
        return fit(title, room, size, True), size

    def _draw_desk_hint(self, surface: pygame.Surface, hint: str) -> None:
        """What to type, under the answer box: one line, or two in a smaller letter, inside the desk."""
        width = DESK.width - 32
        if font(14).size(hint)[0] <= width:
            text(surface, hint, (DESK.x + 16, DESK.bottom - 24), size=14, colour=TEXT_DIM)
            return
        lines = wrap(hint, width, 13)[:2]
        y = ENTRY.bottom + 1
        for line in lines:
            text(surface, line, (DESK.x + 16, y), size=13, colour=TEXT_DIM)
            y += 14

    def _draw_vote_desk(self, surface: pygame.Surface) -> None:
        v = self.view
        vote = v["vote"]
        panel(surface, DESK, colour=(30, 34, 44), alpha=240, radius=14, border=HIGHLIGHT)
        say = self.words.say
        question = say("Is ‘{word}’ {category}?", word=vote["word"], category=v["category"] or say("right"))
        text(surface, fit(question, DESK.width - 30, 22, True), (DESK.centerx, DESK.y + 8), size=22, bold=True,
             colour=HIGHLIGHT, anchor="midtop")
        said = self.audience.sentence(vote["seat"], "You said it; the word list does not know it.",
                                      "{name} said it; the word list does not know it.") + " " + \
            say("1 of {voters} has voted." if vote["votes_cast"] == 1 else "{cast} of {voters} have voted.",
                cast=vote["votes_cast"], voters=len(vote["voters"]))
        text(surface, fit(said, DESK.width - 30, 14), (DESK.centerx, DESK.y + 38), size=14, colour=TEXT,
             anchor="midtop")
        voters = [s for s in v["current"] if s in self.humans]
        if not voters:
            mine = vote.get("my_vote")
            line = say("Waiting for the others to vote…") if mine is None else \
                say("You voted {vote}; waiting for the others…", vote=say("Accept") if mine else say("Reject"))
            text(surface, line, (DESK.centerx, DESK.y + 72), size=16, colour=TEXT_DIM, anchor="midtop")
        elif self.several_humans:
            width = (DESK.width - 20) // len(voters)
            for i, seat in enumerate(voters):
                name = fit(self.names[seat], VOTE_NAME_WIDTH - 6, 15, True)
                text(surface, name, (DESK.x + 10 + i * width, DESK.y + 81), size=15, bold=True, colour=GOLD,
                     anchor="midleft")

    def _draw_circle_desk(self, surface: pygame.Surface) -> None:
        v = self.view
        seat = v["circle"]["order"][v["circle"]["turn"]]
        if seat in self.humans:
            panel(surface, DESK, colour=(30, 34, 44), alpha=240, radius=14, border=GOLD)
            say = self.words.say
            if self.several_humans:
                title = say("{name}, your turn: name {category} (any letter, not said yet)", name=self.names[seat],
                            category=v["category"])
            else:
                title = say("Your turn: name {category} (any letter, not said yet)", category=v["category"])
            size = next((n for n in range(17, 12, -1) if font(n, True).size(title)[0] <= DESK.width - 32), 13)
            text(surface, fit(title, DESK.width - 32, size, True), (DESK.x + 16, ENTRY.y - 5), size=size, bold=True,
                 colour=GOLD, anchor="bottomleft")
            self._draw_desk_hint(surface, say("Enter says it · Give up draws a penalty card and ends the circle"))
        else:
            text(surface, self.words.say("{name} is thinking…", name=self.names[seat]), (DESK.centerx, DESK.centery), size=20, bold=True,
                 colour=TEXT_DIM, anchor="center")

    def _draw_circle_words(self, surface: pygame.Surface) -> None:
        v = self.view
        circle = v["circle"]
        panel(surface, TILES, colour=(14, 18, 24), alpha=190, radius=12)
        order = " · ".join(self.names[s] for s in circle["order"])
        text(surface, fit(self.words.say("Order: {order}", order=order), TILES.width - 24, 14), (TILES.x + 12, TILES.y + 8), size=14,
             colour=TEXT_DIM)
        x, y = TILES.x + 12, TILES.y + 34
        words = circle["words"]
        if not words:
            text(surface, self.words.say("Nothing said yet: the reader starts."), (x, y), size=16, colour=TEXT_DIM)
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

    # -- toasts and notices ------------------------------------------------------------------------
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
        height = 64 + 28 * len(notice.rows) + (8 if notice.rows else 0) + 54   # the last 54: the Continue button
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

    def _notice_button_rect(self, notice: Notice) -> pygame.Rect:
        """The notice's Continue button, in its bottom right corner."""
        rect = self._notice_rect(notice)
        button = pygame.Rect(0, 0, max(150, font(16, True).size(self.words.say("Continue (Enter)"))[0] + 28), 34)
        button.bottomright = (rect.right - 16, rect.bottom - 12)
        return button

    def _draw_notice(self, surface: pygame.Surface, notice: Notice) -> None:
        rect = self._notice_rect(notice)
        shade = pygame.Surface(self.area.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, self.area)
        panel(surface, rect, colour=(20, 24, 30), alpha=255, radius=16, border=TONES[notice.tone])
        x = rect.x + 24
        if notice.action:
            face = self.faces.action_face(notice.action, ACTION_CARD)
            surface.blit(face, face.get_rect(topleft=(rect.x + 24, rect.y + 64)))
            x = rect.x + 24 + ACTION_CARD[0] + 24
        text(surface, fit(notice.title, rect.right - x - 20, 26, True), (x, rect.y + 18), size=26, bold=True,
             colour=TONES[notice.tone])
        y = rect.y + 64
        for ok, word, who, when, note in notice.rows:
            verdict_mark(surface, (x + 10, y + 11), ok)
            text(surface, fit(word, 200, 19, True), (x + 30, y), size=19, bold=True)
            text(surface, fit(who, 130, 16), (x + 240, y + 2), size=16)
            text(surface, when, (x + 380, y + 2), size=16, colour=TEXT_DIM)
            if note:
                text(surface, fit(note, rect.right - x - 470, 14), (x + 450, y + 4), size=14, colour=GOLD)
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
        button = self._notice_button_rect(notice)
        fill = (246, 186, 66) if button.collidepoint(self.mouse) else (216, 156, 36)
        pygame.draw.rect(surface, fill, button, border_radius=10)
        pygame.draw.rect(surface, (247, 210, 122), button, width=2, border_radius=10)
        text(surface, self.words.say("Continue (Enter)"), button.center, size=16, bold=True, colour=(26, 26, 26),
             anchor="center")
