"""How Wham Bam! sits on the table, and how the mouse plays it."""
from __future__ import annotations

import math
from typing import Any, Hashable

import pygame

from simulator.engine import Action
from simulator.ui.card_art import blank_card, burst, card_back, glow, mark, outlined_text
from simulator.ui.game_view import Cue, GameView, SeatPlate, Summary
from simulator.ui.marks import new_events
from simulator.ui.sprites import Place, SpriteLayer, fan
from simulator.ui.theme import GOLD, HIGHLIGHT, INK, TEXT, TEXT_DIM, panel, text

from .rules import EMPTIED, KNOCKED_OUT, WHAM, WHAM_BAM, DrawCard, PlayCard, TakePenalty, WhamBamGame

BIG = (100, 146)
SMALL = (58, 84)
DECK_POS = (420, 345)
PILE_POS = (600, 345)
DRAG_THRESHOLD = 8
INK_EDGE = (96, 100, 112)   # the white card's rim, so it stands out on light felt and on the pile

HELP = """# Wham Bam!

Be the first to {target} points. Points come from the cards left in the other players' hands
when you win a round.

# Your turn
Play a card that matches the top card of the play pile in number or in colour: click it,
or drag it onto the pile. Playable cards glow.

No match? If you hold a Wham Bam! you may play it; otherwise click the deck to draw one
card, and your turn ends.

# Special cards
Wham! on top: the player to act picks up 3 cards (click the deck), and the next card is
turned up.

Wham Bam! on top: the player to act turns up the next card. A number: pick up that many.
A Wham!: pick up 3. Another Wham Bam!: pick up 9 and lose the round.

# Scoring
The round winner scores the cards left in the other hands: numbers at face value,
Wham! 10, Wham Bam! 15. New rounds are dealt until someone reaches the target.

# Colours
Blue has a circle, green a triangle, purple a square, orange a diamond and the white
Wham Bam! a star, so you can tell the colours apart without seeing colour.

# Keys
Esc menu · F1 this help · Ctrl+Z undo your last move (not past a draw) ·
Ctrl+S save · Ctrl+O load · F12 screenshot
"""


def cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


class WhamBamView(GameView):
    """Hands fanned at the table edges, the draw pile and the play pile in the middle."""

    game: WhamBamGame

    @classmethod
    def help_for(cls, game: WhamBamGame) -> str:
        return HELP.format(target=game.target_score)

    def __init__(self, game: WhamBamGame, names) -> None:
        super().__init__(game, names)
        palette = game.scene.table("table")
        self.rgb = {name: tuple(palette.table(name).get("rgb", list)) for name in (*game.colours, "white")}
        self.marks = {name: palette.table(name).get("mark", str) for name in (*game.colours, "white")}
        self.sprites = SpriteLayer(self._render)
        self.hover: Hashable | None = None
        self.drag: tuple[Hashable, tuple[int, int], tuple[float, float]] | None = None
        self.playable: set[int] = set()
        self.can_click_deck = False
        self.mouse = (0, 0)
        self.seen_events: list[dict[str, Any]] | None = None

    # -- faces -------------------------------------------------------------------------
    def _render(self, face: Hashable) -> pygame.Surface:
        kind = face[0]
        if kind == "back":
            return card_back(face[1], "Wham Bam!")
        _, colour, rank, size = face
        return self._face(colour, rank, size)

    def _face(self, colour: str, rank: int, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        rgb = self.rgb[colour]
        shape = self.marks[colour]
        if rank == WHAM_BAM:  # "all coloured White": a white card ringed by the four colours
            card = blank_card(size, rgb, border=INK_EDGE)
            centre = (w // 2, h // 2)
            quarter = [self.rgb[c] for c in self.game.colours]
            r = int(w * 0.33)
            for i, col in enumerate(quarter):
                pygame.draw.arc(card, col, pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r),
                                i * math.pi / 2, (i + 1) * math.pi / 2, width=max(4, w // 12))
            mark(card, "star", centre, w * 0.2, colour=GOLD)
            # the words sit off-centre, point-symmetric like the corners, so they clear the corner indices
            outlined_text(card, "WHAM", (int(w * 0.57), int(h * 0.19)), max(9, w // 7), colour=INK, outline=rgb)
            outlined_text(card, "BAM!", (int(w * 0.43), int(h * 0.81)), max(9, w // 7), colour=INK, outline=rgb)
            corner = "WB"
        else:
            card = blank_card(size, rgb)
            centre = (w // 2, h // 2)
            pygame.draw.ellipse(card, (255, 255, 255),
                                pygame.Rect(w * 0.14, h * 0.2, w * 0.72, h * 0.6), width=max(2, w // 30))
            if rank == WHAM:
                burst(card, centre, w * 0.36, (255, 222, 60))
                outlined_text(card, "WHAM!", centre, max(10, w // 5), angle=18)
                corner = "W!"
            else:
                mark(card, shape, centre, w * 0.3, colour=tuple(min(255, c + 50) for c in rgb))
                outlined_text(card, str(rank), centre, int(h * 0.36), width=3)
                corner = str(rank)
        corner_size = max(10, w // 6)
        ink = {"colour": INK, "outline": rgb} if rank == WHAM_BAM else {}
        flipped = pygame.Surface(size, pygame.SRCALPHA)
        for side in (card, flipped):   # the top-left index, and the same turned into the bottom-right
            outlined_text(side, corner, (int(w * 0.2), int(h * 0.12)), corner_size, width=1, **ink)
            mark(side, shape, (int(w * 0.2), int(h * 0.25)), max(3, w * 0.06))
            if corner in ("6", "9"):   # underlined, as on printed cards: upside down a 6 reads 9
                y = int(h * 0.12 + corner_size * 0.5)
                half = max(3, corner_size // 3)
                pygame.draw.line(side, INK, (int(w * 0.2) - half, y), (int(w * 0.2) + half, y),
                                 max(2, corner_size // 7))
        card.blit(pygame.transform.rotate(flipped, 180), (0, 0))
        return card

    def face_key(self, card: int, size=BIG) -> tuple:
        g = self.game
        return ("face", g.card_colour[card], g.card_rank[card], size)

    # -- layout ------------------------------------------------------------------------
    def seat_anchor(self, seat: int) -> tuple[str, tuple[int, int]]:
        """Where ``seat`` sits: 'bottom' for the displayed seat, the others clockwise."""
        n = self.game.players
        bottom = self.viewer if self.viewer is not None else 0
        k = (seat - bottom) % n
        spots = {2: ["bottom", "top"], 3: ["bottom", "left", "right"],
                 4: ["bottom", "left", "top", "right"]}[n]
        where = spots[k]
        cx = self.area.centerx
        return where, {"bottom": (cx, 615), "top": (cx, 118), "left": (78, 345),
                       "right": (self.area.right - 78, 345)}[where]

    def refresh(self, viewer, view: dict[str, Any], legal: list[Action]) -> None:
        before = self.view
        super().refresh(viewer, view, legal)
        if before and (view["round"] != before["round"] or view["draw_pile_size"] > before["draw_pile_size"]):
            self.cue(Cue.SHUFFLE)  # a new deal, or the pile shuffled into a new deck
        elif before and view["pile_cards"][-1:] != before["pile_cards"][-1:]:
            self.cue(Cue.SNAP)
        self.playable = {a.card for a in legal if isinstance(a, PlayCard)}
        self.can_click_deck = any(isinstance(a, (DrawCard, TakePenalty)) for a in legal)
        self.drag = None
        fresh = new_events(self.seen_events, view.get("events", []))
        self.seen_events = list(view.get("events", []))
        if fresh:
            self._mark_move(before, fresh[-1]["seat"])
        self._layout()

    def _mark_move(self, before: dict[str, Any], mover: int) -> None:
        """Ring what the move changed: cards new on the pile, cards new in a hand."""
        v = self.view
        old_pile = set(before.get("pile_cards", []))
        keys: list[Hashable] = [("card", c) for c in v["pile_cards"] if c not in old_pile][-1:]
        old_sizes = before.get("hand_sizes", [0] * self.game.players)
        for seat in range(self.game.players):
            if seat == self.viewer:
                old_hand = set(before.get("hand_cards", [])) if before.get("seat") == seat else None
                if old_hand is not None:
                    keys += [("card", c) for c in v["hand_cards"] if c not in old_hand]
            elif v["hand_sizes"][seat] > old_sizes[seat]:
                keys.append(("drawn", seat, old_sizes[seat], v["hand_sizes"][seat]))
        self.last_move.set(keys, self.you_or_name(mover))

    def _mark_rect(self, key: Hashable) -> pygame.Rect | None:
        """Where a marked thing is drawn now (cards new in another hand: their backs together)."""
        if key[0] == "drawn":
            _, seat, first, last = key
            rects = [r for i in range(first, last) if (r := self.sprites.bounds_of(("back", seat, i)))]
            return rects[0].unionall(rects) if rects else None
        return self.sprites.bounds_of(key)

    def _layout(self) -> None:
        v = self.view
        places: list[Place] = []
        for seat in range(self.game.players):
            where, anchor = self.seat_anchor(seat)
            if seat == self.viewer:
                hand = sorted(v["hand_cards"], key=lambda c: (self.game.card_colour[c], self.game.card_rank[c]))
                for i, (pos, angle) in enumerate(fan(len(hand), anchor, spacing=74, max_width=760, curve=0.02)):
                    card = hand[i]
                    lift = 26 if card == self.hover else (8 if card in self.playable else 0)
                    places.append(Place(("card", card), pos, self.face_key(card), angle, z=100 + i, lift=lift))
            else:
                count = v["hand_sizes"][seat]
                vertical = where in ("left", "right")
                spots = fan(count, anchor, spacing=20, max_width=300, vertical=vertical)
                for i, (pos, angle) in enumerate(spots):
                    places.append(Place(("back", seat, i), pos, ("back", SMALL), angle + (90 if vertical else 0),
                                        z=10 + i))
        for i in range(min(6, max(1, v["draw_pile_size"] // 12 + 1)) if v["draw_pile_size"] else 0):
            places.append(Place(("deck", i), (DECK_POS[0] - i * 1.5, DECK_POS[1] - i * 2), ("back", BIG), 0, z=i))
        pile = v["pile_cards"]
        for i, card in enumerate(pile):
            depth = len(pile) - 1 - i
            jitter = ((card * 37) % 21 - 10) * (1 if depth else 0.4)
            places.append(Place(("card", card), (PILE_POS[0] + depth * -4, PILE_POS[1] + depth * 2),
                                self.face_key(card), jitter, z=50 + i))
        self.sprites.sync(places, self._spawn_at)

    def _spawn_at(self, place: Place) -> tuple[float, float] | None:
        key = place.key
        if key[0] == "card" and abs(place.center[0] - PILE_POS[0]) < 30 and abs(place.center[1] - PILE_POS[1]) < 30:
            events = self.view.get("events") or []
            plays = [e for e in events if e["what"] == "play"]
            if plays and events[-1]["what"] == "play":
                return self.seat_anchor(plays[-1]["seat"])[1]
        return DECK_POS

    # -- input -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.drag:
                key, start, grab = self.drag
                sprite = self.sprites.sprites.get(key)
                if sprite:
                    sprite.x, sprite.y, sprite.t = event.pos[0] - grab[0], event.pos[1] - grab[1], 1.0
                return None
            hover = self._own_card_at(event.pos)
            if hover != self.hover:
                self.hover = hover
                self._layout()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = self._own_card_at(event.pos)
            if card is not None and self.legal:
                sprite = self.sprites.sprites[("card", card)]
                self.drag = (("card", card), event.pos, (event.pos[0] - sprite.x, event.pos[1] - sprite.y))
                return None
            if self.can_click_deck and self._on_deck(event.pos):
                return next(a for a in self.legal if isinstance(a, (DrawCard, TakePenalty)))
            if self.legal and self.viewer is not None and self._on_deck(event.pos):
                return DrawCard(self.viewer)  # not allowed now: the rules say why, and nothing changes
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag:
            key, start, _ = self.drag
            self.drag = None
            moved = math.dist(start, event.pos) > DRAG_THRESHOLD
            if not moved or self._on_pile(event.pos):
                return PlayCard(self.viewer, key[1])
            if self._on_deck(event.pos):   # a card is played, never put back on the draw pile
                self.refusal = ("To play a card, drop it on the play pile (click the draw pile to draw).", 4.0)
            self.hover = self._own_card_at(event.pos)
            self._layout()  # dropped elsewhere: spring back
        return None

    def refused(self, action: Action, reason: str) -> None:
        super().refused(action, reason)
        self._layout()

    def _own_card_at(self, pos) -> int | None:
        hand = {("card", c) for c in self.view.get("hand_cards", [])}
        key = self.sprites.top_key_at(pos, hand)
        return key[1] if key else None

    def _on_deck(self, pos) -> bool:
        return pygame.Rect(0, 0, BIG[0] + 20, BIG[1] + 20).move(DECK_POS[0] - BIG[0] // 2 - 10,
                                                                 DECK_POS[1] - BIG[1] // 2 - 10).collidepoint(pos)

    def _on_pile(self, pos) -> bool:
        return pygame.Rect(0, 0, BIG[0] + 80, BIG[1] + 80).move(PILE_POS[0] - BIG[0] // 2 - 40,
                                                                 PILE_POS[1] - BIG[1] // 2 - 40).collidepoint(pos)

    # -- drawing -----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.sprites.update(dt)

    def busy(self) -> bool:
        return self.sprites.moving

    def draw(self, surface: pygame.Surface) -> None:
        v = self.view
        self._draw_spots(surface)
        glowing = {("card", card) for card in self.playable} if self.legal else set()
        if self.drag:
            glowing.discard(self.drag[0])
        ring = glow(BIG, HIGHLIGHT)

        def glow_under(surface: pygame.Surface, key, sprite, rect: pygame.Rect) -> None:
            if key in glowing:  # under its card: the cards above cover it, as they cover the card
                turned = pygame.transform.rotozoom(ring, sprite.angle, 1)
                surface.blit(turned, turned.get_rect(center=rect.center))

        self.sprites.draw(surface, under=glow_under)
        if self.legal:
            if self.can_click_deck:
                r = pygame.Rect(0, 0, BIG[0] + 16, BIG[1] + 16)
                r.center = DECK_POS
                pygame.draw.rect(surface, HIGHLIGHT, r, width=4, border_radius=14)
        self.last_move.draw(surface, self._mark_rect)
        if self.drag:  # the dragged card above everything
            key = self.drag[0]
            sprite = self.sprites.sprites.get(key)
            if sprite:
                image = self.sprites.face(sprite.place.face)
                surface.blit(image, image.get_rect(center=(sprite.x, sprite.y)))
        self._draw_labels(surface, v)

    def _draw_spots(self, surface: pygame.Surface) -> None:
        for pos, label in ((DECK_POS, "Draw pile"), (PILE_POS, "Play pile")):
            rect = pygame.Rect(0, 0, BIG[0] + 10, BIG[1] + 10)
            rect.center = pos
            pygame.draw.rect(surface, (24, 78, 54), rect, border_radius=12)
            pygame.draw.rect(surface, (60, 130, 96), rect, width=2, border_radius=12)
            text(surface, label, (pos[0], rect.bottom + 8), size=14, colour=TEXT_DIM, anchor="midtop")

    def _draw_labels(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        text(surface, cards(v["draw_pile_size"]), (DECK_POS[0], DECK_POS[1] + BIG[1] // 2 + 28),
             size=14, colour=TEXT, anchor="midtop")
        top = v["pile_cards"][-1] if v["pile_cards"] else None
        if top is not None and v["top_spent"] and self.game.card_rank[top] in (WHAM, WHAM_BAM):
            text(surface, "already struck", (PILE_POS[0], PILE_POS[1] + BIG[1] // 2 + 28), size=14,
                 colour=GOLD, anchor="midtop")
        for seat in range(self.game.players):
            if seat == self.viewer:
                continue
            where, (x, y) = self.seat_anchor(seat)
            reach = min(300, v["hand_sizes"][seat] * 20) / 2
            offset = {"top": (0, 70), "left": (0, reach + 70), "right": (0, reach + 70), "bottom": (0, -110)}[where]
            label = f"{self.names[seat]} · {cards(v['hand_sizes'][seat])}"
            rect = pygame.Rect(0, 0, max(120, 16 + len(label) * 8), 28)
            rect.center = (x + offset[0], y + offset[1])
            rect.clamp_ip(self.area.inflate(-8, -8))
            acting = v["current"] == seat
            panel(surface, rect, colour=(60, 56, 20) if acting else (16, 20, 26), alpha=210, radius=12)
            text(surface, label, rect.center, size=15, bold=acting, colour=GOLD if acting else TEXT,
                 anchor="center")

    # -- words -------------------------------------------------------------------------
    def status(self) -> str:
        v = self.view
        if not v:
            return ""
        if v["over"]:
            best = max(v["scores"])
            winners = [self.names[s] for s, p in enumerate(v["scores"]) if p == best]
            return f"{' and '.join(winners)} won the game with {best} points!"
        current = v["current"]
        if current != self.viewer or not self.legal:
            return f"{self.names[current]} is playing…"
        top = v["pile_cards"][-1]
        top_name = self.game.card_name(top)
        if any(isinstance(a, TakePenalty) for a in self.legal):
            if self.game.card_rank[top] == WHAM:
                return "A Wham! — click the draw pile to pick up 3 cards"
            return "A Wham Bam! — click the draw pile to turn up the next card"
        if any(isinstance(a, DrawCard) for a in self.legal):
            if self.playable:
                return "No match: play your Wham Bam! or click the draw pile to draw"
            return f"Nothing matches the {top_name}: click the draw pile to draw a card"
        return f"Your turn: play a card matching the {top_name}"

    def headline(self) -> str:
        v = self.view
        return f"Round {v['round']} · first to {v['target_score']} points" if v else ""

    def plates(self) -> list[SeatPlate]:
        v = self.view
        return [SeatPlate(f"{v['scores'][s]} points · {cards(v['hand_sizes'][s])}", faded=v["out_of_round"][s])
                for s in range(self.game.players)]

    def log_lines(self) -> list[str]:
        lines = []
        for e in self.view.get("events", []):
            who = self.you_or_name(e["seat"])
            what = e["what"]
            if what == "first":
                draws = "; tie, drawn again: ".join(", ".join(f"{self.names[seat]} {label}" for seat, label in rnd)
                                                     for rnd in self.view["opening_draws"])
                lines.append(f"Round {self.view['round']} opening draw: {draws}")
                lines.append(f"{who} to start; {e['label']} turned up")
            elif what == "play":
                lines.append(f"{who} played {e['label']}")
            elif what == "draw":
                lines.append(f"{who} drew a card" if e["count"] else f"{who} could not draw")
            elif what == "wham":
                turned = f"; {e['label']} turned up" if e["label"] else ""
                lines.append(f"{who} picked up {e['count']} for the Wham!{turned}")
            elif what == "wham-bam":
                took = f"picked up {e['count']}" if e["count"] else "picked up nothing"
                lines.append(f"Wham Bam! turned up {e['label']}: {who} {took}")
            elif what == "fizzle":
                lines.append("Wham Bam! had nothing to turn up")
            elif what == "reshuffle":
                lines.append(f"The play pile was shuffled into a new draw pile ({e['count']} cards)")
            elif what == "round-won":
                lines.append(f"{who} won the round: +{e['points']}")
        return lines

    def _round_ending(self, r: dict[str, Any]) -> str:
        """How round result ``r`` ended, as a sentence for this screen's player."""
        def who(seat: int, third: str, second: str | None = None) -> str:   # "Ann was" / "you were"
            return f"you {second or third}" if seat == self.viewer else f"{self.names[seat]} {third}"

        winner = r["winner"]
        if r["reason"] == EMPTIED:
            sentence = who(winner, "emptied their hand", "emptied your hand")
        elif r["reason"] == KNOCKED_OUT:
            last = self.game.play_on or self.game.players == 2   # else the lowest hand of the rest wins
            sentence = (who(r["knocked_out"], "was", "were") + " knocked out by a Wham Bam!; "
                        + (who(winner, "is the last one in", "are the last one in") if last
                           else who(winner, "had the lowest hand")))
        else:
            sentence = "nobody could play; " + who(winner, "had the lowest hand")
        return sentence[0].upper() + sentence[1:] + "."

    def summaries(self) -> list[Summary]:
        v = self.view
        out = []
        for r in v.get("rounds", []):
            winner = self.you_or_name(r["winner"])
            wins = "win" if r["winner"] == self.viewer else "wins"
            rows = [("Player", "Cards left", "Worth", "Total")]
            for s in range(self.game.players):
                left = r["hand_labels"][s] if s != r["winner"] else []
                rows.append((self.names[s], str(len(left)), str(r["hand_values"][s]), str(r["scores"][s])))
            out.append(Summary(f"round-{r['round']}", f"Round {r['round']}: {winner} {wins} {r['points']} points",
                               (self._round_ending(r),), tuple(rows)))
        if v.get("over"):
            best = max(v["scores"])
            winners = [self.names[s] for s, p in enumerate(v["scores"]) if p == best]
            rows = [("Player", "Points")] + sorted(
                ((self.names[s], str(p)) for s, p in enumerate(v["scores"])), key=lambda r: -int(r[1]))
            out.append(Summary("game", f"{' and '.join(winners)} won the game!",
                               (f"First to {v['target_score']} points after {v['round']} rounds.",), tuple(rows)))
        return out


TABLE_VIEW = WhamBamView
