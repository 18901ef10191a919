"""Wham Bam! rules (../shared/rules/wham-bam.txt; our reading in RULES.md).

Cards are ints 0..87; :class:`WhamBamGame` knows each card's colour, rank and
value. Ranks 0-9 are numbered cards, :data:`WHAM` and :data:`WHAM_BAM` the two
special kinds. The last card of ``pile`` is the top card in play; the draw pile is
``deck`` and is drawn from its end.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.engine import Action, ActionCodec, Game, IllegalAction, Scene, State

WHAM = 10
WHAM_BAM = 11
WHITE = "white"
RECENT_EVENTS = 40  # the view gets this many (the sidebar shows the latest that fit)
# Why a round ended (a round result's "reason"): a hand was emptied, nobody could play, or a
# Wham Bam! knocked a player out (its "knocked_out" seat).
EMPTIED, BLOCKED, KNOCKED_OUT = "emptied", "blocked", "knocked-out"
# Scene bounds: a deck of up to 8 colours x 10 copies of 11 ranks stays a card game
# (and its match table small).
MAX_COLOURS = 8
MAX_COPIES = 10


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play ``card`` from your hand onto the play pile."""

    kind = "play"
    card: int


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """No matching card: pick up one card and end the turn."""

    kind = "draw"


@dataclass(frozen=True, slots=True)
class TakePenalty(Action):
    """Face a Wham! or a Wham Bam! on top: take what it deals you."""

    kind = "take-penalty"


class WhamBamGame(Game):
    """The 88-card deck and the options chosen for this table."""

    id = "wham-bam"
    title = "Wham Bam!"
    min_players = 2
    max_players = 4
    actions = ActionCodec(PlayCard, DrawCard, TakePenalty)

    def __init__(self, players: int, scene: Scene | None = None, **options: Any) -> None:
        super().__init__(players, scene, **options)
        deck = self.scene.table("deck")
        colours = deck.get("colours", list)
        if not 1 <= len(colours) <= MAX_COLOURS or not all(isinstance(c, str) for c in colours):
            raise deck.error("colours", f"expected a list of colour names, got {colours!r}")
        self.colours: tuple[str, ...] = tuple(colours)
        self.card_colour: list[str] = []
        self.card_rank: list[int] = []
        zeros = deck.get("zeros_per_colour", int, minimum=0, maximum=MAX_COPIES)
        copies = deck.get("copies_of_one_to_nine", int, minimum=0, maximum=MAX_COPIES)
        whams = deck.get("whams_per_colour", int, minimum=0, maximum=MAX_COPIES)
        for colour in self.colours:
            ranks = [0] * zeros + [r for r in range(1, 10) for _ in range(copies)] + [WHAM] * whams
            for rank in ranks:
                self.card_colour.append(colour)
                self.card_rank.append(rank)
        for _ in range(deck.get("wham_bams", int, minimum=0, maximum=MAX_COPIES * MAX_COLOURS)):
            self.card_colour.append(WHITE)
            self.card_rank.append(WHAM_BAM)
        values = self.scene.table("values")
        wham_value = values.get("wham", int, minimum=0, maximum=1000)
        wham_bam_value = values.get("wham_bam", int, minimum=0, maximum=1000)
        self.card_value = [
            wham_value if r == WHAM else wham_bam_value if r == WHAM_BAM else r for r in self.card_rank
        ]
        rules = self.scene.table("rules")
        self.hand_size = rules.get("hand_size", int, minimum=1, maximum=MAX_COPIES * 4)
        self.wham_penalty = rules.get("wham_penalty", int, minimum=0, maximum=MAX_COPIES * 4)
        self.wham_bam_on_wham_bam = rules.get("wham_bam_on_wham_bam", int, minimum=0, maximum=MAX_COPIES * 4)
        if len(self.card_rank) < players * self.hand_size + 1:
            raise self.scene.error("deck", f"holds {len(self.card_rank)} cards, too few to deal")
        self.deck_size = len(self.card_rank)
        self.target_score: int = self.options["target_score"]
        self.play_on = self.options["elimination"] == "play-on"
        self.wham_strikes_once: bool = self.options["wham_strikes_once"]
        self.match_rows = self._match_table(self.options["wham_matches_wham"])
        self.card_names = [self._name(c) for c in range(self.deck_size)]
        # Actions are values; build each once so legal_actions only picks them.
        self.play_action = [[PlayCard(p, c) for c in range(self.deck_size)] for p in range(players)]
        self.draw_action = [DrawCard(p) for p in range(players)]
        self.penalty_action = [TakePenalty(p) for p in range(players)]

    def _match_table(self, wham_matches_wham: bool) -> list[bytes]:
        """``rows[top][card]`` is 1 when ``card`` may be played on a (spent) ``top``."""
        rows = []
        for top in range(self.deck_size):
            t_rank, t_colour = self.card_rank[top], self.card_colour[top]
            row = bytearray(self.deck_size)
            for card in range(self.deck_size):
                rank, colour = self.card_rank[card], self.card_colour[card]
                if rank == WHAM_BAM:
                    continue  # never a match: it is the card for when nothing matches
                if t_rank == WHAM_BAM:
                    row[card] = 1  # a Wham Bam! that turned up nothing: anything goes
                elif colour == t_colour or (rank == t_rank and rank != WHAM):
                    row[card] = 1
                elif rank == WHAM and t_rank == WHAM and wham_matches_wham:
                    row[card] = 1
            rows.append(bytes(row))
        return rows

    def card_name(self, card: int) -> str:
        """A card as players say it: "Blue 7", "Green Wham!", "Wham Bam!"."""
        return self.card_names[card]

    def _name(self, card: int) -> str:
        rank = self.card_rank[card]
        if rank == WHAM_BAM:
            return "Wham Bam!"
        label = "Wham!" if rank == WHAM else str(rank)
        return f"{self.card_colour[card].capitalize()} {label}"

    def opening_value(self, card: int) -> int:
        """Value for choosing the first player: Wham! beats numbers, Wham Bam! beats all."""
        return self.card_rank[card]

    def new_state(self, seed: int, *, deal: bool = True) -> WhamBamState:
        return WhamBamState(self, seed, deal=deal)


class WhamBamState(State):
    """Piles, hands, scores and whose turn it is."""

    game: WhamBamGame

    def __init__(self, game: WhamBamGame, seed: int, *, deal: bool = True) -> None:
        super().__init__(game, seed)
        n = game.players
        self.scores_ = [0] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[int] = []
        self.pile: list[int] = []
        self.top_spent = False
        self.current = 0
        self.round_no = 0
        self.out_of_round = [False] * n
        self.passes_in_row = 0
        self.over = False
        self.opening_draws: list[list[list[int]]] = []
        self.round_results: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        if deal:
            self._start_round()

    # -- set-up ------------------------------------------------------------------
    def _start_round(self) -> None:
        """Setup: the opening draw decides who starts; then shuffle, deal 5, turn one up."""
        g = self.game
        n = g.players
        self.round_no += 1
        self.out_of_round = [False] * n
        self.passes_in_row = 0
        self.top_spent = False
        self.events = []
        # Each player is dealt one card; the highest goes first; tied players draw again.
        cards = list(range(g.deck_size))
        contenders = list(range(n))
        self.opening_draws = []
        undealt = set(cards)
        while True:
            dealt = self.rng.sample(sorted(undealt), len(contenders))
            undealt.difference_update(dealt)
            self.opening_draws.append([[seat, card] for seat, card in zip(contenders, dealt)])
            best = max(g.opening_value(c) for c in dealt)
            contenders = [seat for seat, c in zip(contenders, dealt) if g.opening_value(c) == best]
            if len(contenders) == 1:
                break
        self.current = contenders[0]
        # All cards go back; shuffle and deal.
        self.rng.shuffle(cards)
        self.hands = [[cards.pop() for _ in range(g.hand_size)] for _ in range(n)]
        self.deck = cards
        self.pile = [self.deck.pop()]
        self._event(self.current, "first", label=g.card_name(self.pile[-1]))

    # -- helpers -----------------------------------------------------------------
    def _event(self, seat: int, what: str, **info: Any) -> None:
        info["seat"] = seat
        info["what"] = what
        self.events.append(info)

    def _draw(self, seat: int, count: int) -> int:
        """Move up to ``count`` cards from the draw pile to ``seat``'s hand; return how many."""
        hand = self.hands[seat]
        drawn = 0
        for _ in range(count):
            if not self.deck and not self._reshuffle():
                break
            hand.append(self.deck.pop())
            drawn += 1
        return drawn

    def _turn_up(self) -> bool:
        """Put the next card of the draw pile face up in play; False if there is none."""
        if not self.deck and not self._reshuffle():
            return False
        self.pile.append(self.deck.pop())
        self.top_spent = False
        return True

    def _reshuffle(self) -> bool:
        """Empty draw pile: shuffle the play pile under its top card into a new one."""
        if len(self.pile) < 2:
            return False
        self.deck = self.pile[:-1]
        self.pile = self.pile[-1:]
        self.rng.shuffle(self.deck)
        self._event(self.current, "reshuffle", count=len(self.deck))
        return True

    def _next_seat(self, seat: int) -> int:
        n = self.game.players
        if True not in self.out_of_round:
            return (seat + 1) % n
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if not self.out_of_round[nxt]:
                return nxt
        return seat

    def live_penalty(self) -> int | None:
        """The rank of a Wham! or Wham Bam! on top that the current player must take."""
        rank = self.game.card_rank[self.pile[-1]]
        if rank >= WHAM and not self.top_spent:
            return rank
        return None

    def matching_cards(self, seat: int) -> list[int]:
        row = self.game.match_rows[self.pile[-1]]
        return [c for c in self.hands[seat] if row[c]]

    # -- contract ----------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    def legal_actions(self, player: int) -> list[Action]:
        if self.over or player != self.current:
            return []
        g = self.game
        top = self.pile[-1]
        if g.card_rank[top] >= WHAM and not self.top_spent:
            return [g.penalty_action[player]]
        row = g.match_rows[top]
        hand = self.hands[player]
        plays = g.play_action[player]
        legal: list[Action] = [plays[c] for c in hand if row[c]]
        if legal:
            return legal
        rank = g.card_rank
        legal = [plays[c] for c in hand if rank[c] == WHAM_BAM]
        legal.append(g.draw_action[player])
        return legal

    def check(self, action: Action) -> None:
        g = self.game
        if self.over:
            raise IllegalAction("The game is over.")
        if action.player != self.current:
            raise IllegalAction(f"It is not your turn: Player {self.current + 1} is to play.")
        kind = type(action)
        penalty = self.live_penalty()
        if kind is TakePenalty:
            if penalty is None:
                raise IllegalAction("There is no Wham! or Wham Bam! on top to take.")
            return
        if penalty is not None:
            what = "pick up 3 cards" if penalty == WHAM else "turn up the next card and take what it says"
            raise IllegalAction(f"The top card is a {g.card_name(self.pile[-1])}: you must {what}.")
        if kind is PlayCard:
            card = action.card
            if not isinstance(card, int) or card not in self.hands[action.player]:
                raise IllegalAction("You do not hold that card.")
            if g.match_rows[self.pile[-1]][card]:
                return
            top_name = g.card_name(self.pile[-1])
            if g.card_rank[card] == WHAM_BAM:
                if self.matching_cards(action.player):
                    raise IllegalAction(
                        f"You hold a card that matches the {top_name}, so you may not play a Wham Bam! card."
                    )
                return
            raise IllegalAction(
                f"The {g.card_name(card)} does not match the {top_name}: "
                "play a card of the same number or colour."
            )
        if kind is DrawCard:
            if self.matching_cards(action.player):
                raise IllegalAction("You hold a card that matches, so you must play rather than draw.")
            return
        raise IllegalAction(f"{action.kind!r} is not a Wham Bam! action.")

    def _perform(self, action: Action) -> None:
        g = self.game
        seat = action.player
        kind = type(action)
        if kind is PlayCard:
            self.hands[seat].remove(action.card)
            self.pile.append(action.card)
            self.top_spent = False
            self.passes_in_row = 0
            self.events.append({"seat": seat, "what": "play", "label": g.card_names[action.card]})
            if not self.hands[seat]:
                self._end_round(seat, EMPTIED)
                return
        elif kind is DrawCard:
            self.mark_reveal()
            drawn = self._draw(seat, 1)
            self.passes_in_row = 0 if drawn else self.passes_in_row + 1
            self._event(seat, "draw", count=drawn)
            if self.passes_in_row >= self.out_of_round.count(False):
                self._end_round(self._lowest_hand(exclude=None), BLOCKED)
                return
        else:
            self.mark_reveal()
            self.passes_in_row = 0
            if g.card_rank[self.pile[-1]] == WHAM:
                drawn = self._draw(seat, g.wham_penalty)
                turned = self._turn_up()
                self._event(seat, "wham", count=drawn,
                            label=g.card_name(self.pile[-1]) if turned else None)
            elif not self._turn_up():
                self.top_spent = True  # nothing left to turn up: the Wham Bam! fizzles
                self._event(seat, "fizzle")
            else:
                turned = self.pile[-1]
                rank = g.card_rank[turned]
                if rank == WHAM_BAM:
                    drawn = self._draw(seat, g.wham_bam_on_wham_bam)
                    self._event(seat, "wham-bam", count=drawn, label=g.card_name(turned))
                    self._knock_out(seat)
                    return
                count = g.wham_penalty if rank == WHAM else rank
                drawn = self._draw(seat, count)
                self.top_spent = rank == WHAM and g.wham_strikes_once
                self._event(seat, "wham-bam", count=drawn, label=g.card_name(turned))
        self.current = self._next_seat(seat)

    def _knock_out(self, seat: int) -> None:
        """A Wham Bam! turned up a Wham Bam!: ``seat`` loses the round."""
        self.out_of_round[seat] = True
        still_in = [s for s in range(self.game.players) if not self.out_of_round[s]]
        if len(still_in) == 1:
            self._end_round(still_in[0], KNOCKED_OUT, knocked_out=seat)
        elif self.game.play_on:
            self.top_spent = True  # it struck; the others may play anything on it
            self.current = self._next_seat(seat)
        else:
            self._end_round(self._lowest_hand(exclude=seat), KNOCKED_OUT, knocked_out=seat)

    def _lowest_hand(self, exclude: int | None) -> int:
        """The player still in whose hand is worth least; ties go to the earliest in turn."""
        value = self.game.card_value
        n = self.game.players
        start = exclude if exclude is not None else self.current
        order = [(start + k) % n for k in range(1, n + 1)]
        candidates = [s for s in order if s != exclude and not self.out_of_round[s]]
        return min(candidates, key=lambda s: sum(value[c] for c in self.hands[s]))

    def hand_value(self, seat: int) -> int:
        value = self.game.card_value
        return sum(value[c] for c in self.hands[seat])

    def _end_round(self, winner: int, reason: str, knocked_out: int | None = None) -> None:
        """Score the round: the winner takes the value of every card left in the other hands.
        ``reason``: EMPTIED, BLOCKED or KNOCKED_OUT (then ``knocked_out`` is the seat)."""
        g = self.game
        left = [self.hand_value(s) if s != winner else 0 for s in range(g.players)]
        points = sum(left)
        self.scores_[winner] += points
        self.round_results.append({
            "round": self.round_no,
            "winner": winner,
            "points": points,
            "reason": reason,
            "knocked_out": knocked_out,
            "hand_values": left,
            "hand_labels": [[g.card_name(c) for c in hand] for hand in self.hands],
            "scores": list(self.scores_),
        })
        self._event(winner, "round-won", points=points)
        if self.scores_[winner] >= g.target_score:
            self.over = True
            # The cards go back in the box: the last hands stay where they lie.
            return
        self._start_round()

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        return list(self.scores_)

    # -- information -------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        over = self.over
        return {
            "seat": player,
            "players": self.game.players,
            "current": None if over else self.current,
            "round": self.round_no,
            "scores": self.scores_[:],
            "target_score": self.game.target_score,
            "hand_cards": self.hands[player][:] if player is not None else [],
            "hand_sizes": list(map(len, self.hands)),
            "draw_pile_size": len(self.deck),
            "pile_cards": self.pile[-4:],
            "top_spent": self.top_spent,
            "out_of_round": self.out_of_round[:],
            "opening_draws": [[[seat, self.game.card_names[c]] for seat, c in rnd] for rnd in self.opening_draws],
            "events": self.events[-RECENT_EVENTS:],
            "rounds": self.round_results,
            "over": over,
        }

    def card_zones(self) -> dict[str, list[int]]:
        zones = {"deck": list(self.deck), "pile": list(self.pile)}
        for seat, hand in enumerate(self.hands):
            zones[f"hand{seat}"] = list(hand)
        return zones

    def hidden_from(self, player: int | None) -> set[int]:
        hidden = set(self.deck)
        for seat, hand in enumerate(self.hands):
            if seat != player:
                hidden.update(hand)
        return hidden

    # -- persistence -------------------------------------------------------------
    def _fields_to_json(self) -> dict[str, Any]:
        return {
            "scores": self.scores_, "hands": self.hands, "deck": self.deck, "pile": self.pile,
            "top_spent": self.top_spent, "current": self.current, "round": self.round_no,
            "out_of_round": self.out_of_round, "passes_in_row": self.passes_in_row,
            "over": self.over, "opening_draws": self.opening_draws,
            "round_results": self.round_results, "events": self.events,
        }

    def _fields_from_json(self, data: dict[str, Any]) -> None:
        self.scores_ = [int(s) for s in data["scores"]]
        self.hands = [[int(c) for c in h] for h in data["hands"]]
        self.deck = [int(c) for c in data["deck"]]
        self.pile = [int(c) for c in data["pile"]]
        self.top_spent = bool(data["top_spent"])
        self.current = int(data["current"])
        self.round_no = int(data["round"])
        self.out_of_round = [bool(x) for x in data["out_of_round"]]
        self.passes_in_row = int(data["passes_in_row"])
        self.over = bool(data["over"])
        self.opening_draws = data["opening_draws"]
        self.round_results = data["round_results"]
        self.events = data["events"]
        if len(self.hands) != self.game.players or len(self.scores_) != self.game.players:
            raise ValueError("hands and scores must have one entry per seat")

    def clone(self) -> WhamBamState:
        new = WhamBamState.__new__(WhamBamState)
        new.__dict__.update(self.__dict__)
        new.rng = type(self.rng)()
        new.rng.setstate(self.rng.getstate())
        new.history = list(self.history)
        new.scores_ = list(self.scores_)
        new.hands = [list(h) for h in self.hands]
        new.deck = list(self.deck)
        new.pile = list(self.pile)
        new.out_of_round = list(self.out_of_round)
        new.opening_draws = [list(d) for d in self.opening_draws]
        new.round_results = list(self.round_results)  # entries are never mutated
        new.events = list(self.events)  # entries are never mutated
        return new
