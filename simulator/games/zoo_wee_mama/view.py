"""How Zoo-Wee Mama! sits on the table, and how the mouse bids and calls "Heissa Mama!".

The places are in layout.py (the others along the top, the own card at the bottom left,
the middle band), the symbols in icons.py, the card faces in faces.py, the bid panel in
bid_panel.py, the count at a challenge in reveal.py, what is painted around the cards in
scenery.py and every sentence in words.py. This module keeps the cards' places in step
with the view, routes the mouse and paints the layers in order.
"""
from __future__ import annotations

import math
from functools import partial
from typing import Any, Hashable

import pygame

from simulator.engine import Action
from simulator.ui.game_view import Cue, GameView, SeatPlate, Summary
from simulator.ui.sprites import Place, SpriteLayer
from simulator.ui.theme import GOLD, INK, TEXT_DIM, text

from .bid_panel import BidPanel, draw_button
from .faces import face_key, render_face
from .layout import (BIDS_RECT, DECK_POS, MID, MIDDLE_Y, OWN_LABEL_POS, OWN_PILE_POS, PANEL_RECT, PILE_SHOWN,
                     SECRET_POS, SMALL, VERDICT_RECT, Seating, aside_pos, aside_rect)
from .reveal import RevealShow, draw_row, draw_verdict, flips_for, row_tag_rect
from .rules import DealNextRound, ZooWeeMamaGame
from .scenery import (NamePlate, draw_aside, draw_card_hints, draw_game_over, draw_middle, draw_name_plate,
                      draw_piles, draw_result_line, draw_turn_halo, draw_waiting, name_plates)
from .words import HELP, TableWords


class ZooWeeMamaView(BidPanel, GameView):
    """The others along the top, the middle band, the own card and the bid panel at the bottom."""

    help_text = HELP
    refusal_place = (BIDS_RECT.centerx, BIDS_RECT.bottom - 48)  # over the bids, not the others' cards at the top
    game: ZooWeeMamaGame

    def __init__(self, game: ZooWeeMamaGame, names) -> None:
        super().__init__(game, names)
        self.sprites = SpriteLayer(partial(render_face, game))
        self.symbols = game.symbols
        self.words = TableWords(game, self.names)
        self.mouse = (0, 0)
        self.deal: DealNextRound | None = None
        self.show: RevealShow | None = None
        self.seen_reveals: dict[int, dict[str, Any]] = {}
        self.laid_out_faces: tuple[tuple[bool, bool], ...] = ()
        self.deal_rect = pygame.Rect(0, 0, 400, 40)
        self.deal_rect.midbottom = (538, PANEL_RECT.bottom - 8)
        self._init_bid_panel()

    # -- who sits where ------------------------------------------------------------------
    @property
    def bottom_seat(self) -> int:
        return self.viewer if self.viewer is not None else 0

    @property
    def seating(self) -> Seating:
        return Seating(self.game.players, self.bottom_seat, self.area)

    def name_pos(self, seat: int) -> tuple[int, int]:
        """Centre of ``seat``'s name plate: under a card at the top, or in its empty place while
        the cards lie in the counting row (so no card flies over the name on its way there); at
        the bottom above the own card while it lies there, else above the own won pile."""
        counting = bool(self.row_cards())
        if seat == self.bottom_seat:
            if self.view.get("hand_sizes", [0] * self.game.players)[seat] and not counting:
                return OWN_LABEL_POS
            return OWN_PILE_POS[0], OWN_PILE_POS[1] - 70
        (x, y), _ = self.seating.card_pos(seat)
        return (x, y) if counting else (x, y + MID[1] // 2 + 16)

    def name_plates(self) -> list[NamePlate]:
        """The name plates shown now. While the cards fly into the counting row, a plate a card
        is still passing over waits until it has passed."""
        centres = [self.name_pos(s) for s in range(self.game.players)]
        plates = name_plates(self.view, self.words, self.viewer, centres, self.area)
        if not self.row_cards():
            return plates
        flying = [self.sprites.bounds_of(key) for key, sprite in self.sprites.sprites.items() if sprite.moving]
        return [p for p in plates if not any(r is not None and r.colliderect(p.rect) for r in flying)]

    def labels(self) -> list[pygame.Rect]:
        """Every name on the table now: the plates, and the tags under the counting row's cards."""
        row = self.row_cards()
        tags = [row_tag_rect(centre) for _card, centre, _name, landed in self._row_on_table(row) if landed]
        return [p.rect for p in self.name_plates()] + tags

    def row_cards(self) -> list[tuple[Hashable, int, int | None]]:
        """The counting row (sprite key, card, seat or None for the Secret Card), or the
        cards of a deal the pile could not finish; empty while bidding."""
        v = self.view
        reveal = v.get("reveal")
        if reveal is not None:
            out: list[tuple[Hashable, int, int | None]] = []
            for entry in reveal["counts"]:
                seat = entry["seat"]
                key = ("secret", reveal["round"]) if seat is None else ("hand", reveal["round"], seat)
                out.append((key, entry["card"], seat))
            return out
        return [(("left", card), card, None) for card in v.get("unfinished_cards", [])]

    def aside_cards(self) -> list[tuple[int, str]]:
        """Psychic cards lying face up beside the table, with what they are waiting for."""
        v = self.view
        return ([(c, "prize") for c in v["psychic_prize_cards"]] +
                [(c, "next") for c in v["psychic_next_cards"]])

    # -- new information -------------------------------------------------------------------
    def refresh(self, viewer, view: dict[str, Any], legal: list[Action]) -> None:
        old_viewer, before = self.viewer, self.view
        super().refresh(viewer, view, legal)
        if before and before["round"] != view["round"]:
            self.cue(Cue.SHUFFLE)
        bids = view.get("bids", [])
        if before and before["round"] == view["round"] and len(bids) == len(before["bids"]) + 1:
            bidder = bids[-1]["seat"]  # a new bid: ring the bidder's plate and bubble
            self.last_move.set([("bid", bidder)])
        elif before and (before["round"] != view["round"] or view.get("reveal") is not None):
            self.last_move.clear()
        reveal = view.get("reveal")
        if reveal is not None:
            self.seen_reveals[reveal["round"]] = reveal
            if self.show is None or self.show.round != reveal["round"]:
                self.cue(Cue.HEISSA)  # a challenge: the count begins
            if self.show is None or self.show.round != reveal["round"] or viewer != old_viewer:
                # a new count, or another player sits down to watch it: count from the start
                self.show = RevealShow(reveal, flips_for(reveal, viewer))
        else:
            self.show = None
        self.offer_bids(view, viewer, legal)
        self.deal = next((a for a in legal if isinstance(a, DealNextRound)), None)
        self._layout()

    def refused(self, action: Action, reason: str) -> None:
        super().refused(action, reason)
        self._layout()

    # -- the cards' places -------------------------------------------------------------------
    def _layout(self) -> None:
        v = self.view
        if not v:
            return
        places: list[Place] = []
        rnd = v["round"]
        seating = self.seating
        row = self.row_cards()
        self.laid_out_faces = self.show.faces() if self.show is not None else ()
        if row:
            show = self.show
            for i, (key, card, _seat) in enumerate(row):
                if show is not None and show.turn_progress(i) is not None:
                    face: tuple = ("blank", MID)  # reveal.draw_row paints the turning card
                elif show is None or show.is_face_up(i):
                    face = face_key(card, MID)
                else:
                    face = ("back", MID)
                places.append(Place(key, seating.row_pos(i, len(row)), face, z=60 + i))
        else:
            for seat, card in enumerate(v["hand_cards"]):
                if not v["hand_sizes"][seat]:
                    continue
                pos, size = seating.card_pos(seat)
                if card is not None:
                    face = face_key(card, size)
                elif v["psychic_round"] and seat == self.viewer:
                    face = ("unknown", size)
                else:
                    face = ("back", size)
                places.append(Place(("hand", rnd, seat), pos, face, z=50 if seat == self.bottom_seat else 10))
            if v["secret_size"]:
                places.append(Place(("secret", rnd), SECRET_POS, ("back", MID), z=30))
            for i in range(min(5, math.ceil(v["draw_pile_size"] / 8))):
                places.append(Place(("deck", i), (DECK_POS[0] - i * 2, DECK_POS[1] - i * 2), ("back", MID), z=20 + i))
        for seat, pile in enumerate(v["won_cards"]):
            x, y = seating.pile_pos(seat)
            for i in range(min(len(pile), PILE_SHOWN)):
                places.append(Place(("won", seat, i), (x + i * 2, y - i * 3), ("back", SMALL), z=40 + i))
        aside = aside_rect(bool(row))
        for i, (card, _) in enumerate(self.aside_cards()):
            places.append(Place(("aside", card), aside_pos(aside, i), face_key(card, SMALL), z=45 + i))
        self.sprites.sync(places, self._spawn_at)

    def _spawn_at(self, place: Place) -> tuple[float, float] | None:
        kind = place.key[0]
        if kind in ("hand", "secret", "aside"):
            return DECK_POS
        if kind == "won":
            return (self.area.centerx, MIDDLE_Y)
        return None

    # -- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.panel_motion(event.pos)
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.panel_wheel(event.y > 0)
            return None
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return None
        pos = event.pos
        if self.show is not None and not self.show.finished and self.area.collidepoint(pos):
            self.show.skip()  # an impatient click: straight to the verdict
            self._layout()
            return None
        if self.deal is not None and self.deal_rect.collidepoint(pos):
            return self.deal
        return self.panel_click(pos)

    # -- time ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.sprites.update(dt)
        show = self.show
        if show is not None:
            show.update(dt)
            if show.faces() != self.laid_out_faces:
                self._layout()  # a card started or finished turning over

    def busy(self) -> bool:
        return self.sprites.moving or (self.show is not None and not self.show.settled)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        v = self.view
        if not v:
            return
        seating, words, viewer = self.seating, self.words, self.viewer
        row = self.row_cards()
        if not row:
            draw_middle(surface, v, words, viewer)
            draw_turn_halo(surface, v, seating)
        draw_aside(surface, v, words, aside_rect(bool(row)), self.aside_cards())
        self.sprites.draw(surface)
        if row:
            draw_row(surface, self.game, self._row_on_table(row), v.get("reveal"), self.show, self.sprites.face)
        else:
            symbol = self.hover_symbol if self.hover_symbol is not None else self.pick_symbol
            draw_card_hints(surface, v, self.game, seating, viewer, symbol if self.is_bidding_turn else None)
        draw_piles(surface, v, seating)
        for plate in self.name_plates():
            draw_name_plate(surface, plate, words)
        self.last_move.draw(surface, self._mark_rect)
        if v["reveal"] is not None:
            self._draw_verdict(surface, v)
        elif v["over"]:
            draw_game_over(surface, v, self.result_line())
        elif self.is_bidding_turn:
            self.draw_bid_panel(surface, v)
        else:
            draw_waiting(surface, v, words, viewer)

    def _mark_rect(self, key: Hashable) -> pygame.Rect | None:
        """Where a marked bid is shown: its bidder's plate and speech bubble."""
        plate = next((p for p in self.name_plates() if p.seat == key[1]), None)
        return plate.bounds if plate is not None and plate.bid is not None else None

    def _row_on_table(self, row: list[tuple[Hashable, int, int | None]]
                      ) -> list[tuple[int, tuple[int, int], str, bool]]:
        """The row's cards where their sprites are now (gliding in), with whose card each is and
        whether it has landed in its place."""
        out = []
        for i, (key, card, seat) in enumerate(row):
            centre = self.seating.row_pos(i, len(row))
            sprite = self.sprites.sprites.get(key)
            landed = sprite is None or not sprite.moving
            if sprite is not None:
                centre = round(sprite.x), round(sprite.y)
            out.append((card, centre, "Secret Card" if seat is None else self.you_or_name(seat), landed))
        return out

    def _draw_verdict(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        """The count's verdict, then what comes next: the deal, or the game's result."""
        rect = VERDICT_RECT
        draw_verdict(surface, rect, v["reveal"], self.show, self.words, self.viewer)
        if self.show is not None and not self.show.finished:
            return
        if v["over"]:
            draw_result_line(surface, self.result_line(), rect.bottom - 12)
        elif self.deal is not None:
            draw_button(surface, self.deal_rect, f"Take the cards and deal round {v['round'] + 1}", GOLD, INK,
                        hover=self.deal_rect.collidepoint(self.mouse))
        else:
            winner = self.you_or_name(v["reveal"]["winner"])
            text(surface, f"{winner} takes the cards and deals the next round…", (rect.centerx, rect.bottom - 34),
                 size=15, colour=TEXT_DIM, anchor="midtop")

    # -- words -------------------------------------------------------------------------------------
    def result_line(self) -> str:
        return self.words.result_line(self.view, self.viewer)

    def status(self) -> str:
        v = self.view
        if not v:
            return ""
        counting = self.show is not None and not self.show.finished
        return self.words.status(v, self.viewer, counted=self.show.total() if counting else None,
                                 may_deal=self.deal is not None, bidding=self.is_bidding_turn)

    def headline(self) -> str:
        return self.words.headline(self.view) if self.view else ""

    def plates(self) -> list[SeatPlate]:
        v = self.view
        counted = self.show is None or self.show.finished  # the count's result is not told before it ends
        return [SeatPlate(detail, extra=extra) for detail, extra in self.words.plates(v, counted)]

    def log_lines(self) -> list[str]:
        return self.words.log_lines(self.view, self.viewer, self.told_rounds())

    def told_rounds(self) -> list[dict[str, Any]]:
        """Results of the challenges, but not the one still being counted on the table."""
        v = self.view
        rounds = v.get("rounds", [])
        show = self.show
        if rounds and show is not None and not show.finished and rounds[-1]["round"] == show.round:
            return rounds[:-1]
        return rounds

    def summaries(self) -> list[Summary]:
        """One summary per challenge, shown once its count has played (the game's end: at once)."""
        v = self.view
        if not v:
            return []
        out = []
        totals = [0] * self.game.players
        for r in self.told_rounds() if not v["over"] else v["rounds"]:
            totals[r["winner"]] += r["taken"]
            out.append(Summary(*self.words.challenge_summary(r, list(totals), self.seen_reveals.get(r["round"]))))
        if v["over"]:
            out.append(self._game_summary(v))
        return out

    def _game_summary(self, v: dict[str, Any]) -> Summary:
        return Summary(*self.words.game_summary(v))


TABLE_VIEW = ZooWeeMamaView
