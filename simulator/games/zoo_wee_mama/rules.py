"""Zoo-Wee Mama! rules (../shared/rules/zoo-wee-mama.txt; our reading in RULES.md).

Cards are ints: the motif cards in the order of the scene file, then the Psychic
cards. :class:`ZooWeeMamaGame` knows how many of each symbol every card shows
(a Psychic card shows none). Symbols are ints, indexes into ``game.symbols``.

A round: every seat holds one card and a Secret Card lies face down; seats bid in
turn, each raising the number, until the seat whose turn it is challenges. Then
the round is in its reveal phase: the cards lie face up with the count until the
winner of the challenge deals the next round (:class:`DealNextRound`). The draw
pile is ``deck`` and is drawn from its end.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.engine import Action, ActionCodec, Game, IllegalAction, Scene, SceneError, State

BIDDING = "bidding"
REVEAL = "reveal"
OVER = "over"
PICTURES_PER_CARD = (3, 15)  # "cards with only 3 pictures and cards with 15"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Claim that at least ``number`` pictures of ``symbol`` are on all the cards together."""

    kind = "bid"
    number: int
    symbol: int


@dataclass(frozen=True, slots=True)
class Challenge(Action):
    """Call "Heissa Mama!": challenge the last bid; all cards are revealed and counted."""

    kind = "challenge"


@dataclass(frozen=True, slots=True)
class DealNextRound(Action):
    """The winner of the challenge gathers the revealed cards and deals the next round."""

    kind = "deal"


@dataclass(frozen=True)
class Symbol:
    """One of the pictures, with hints for drawing it: a two-letter label, an RGB fill, a shape."""

    key: str
    name: str
    short: str
    colour: tuple[int, int, int]
    shape: str


class ZooWeeMamaGame(Game):
    """The deck (read from the scene file), the options of this table and the prebuilt actions.

    Raises SceneError (naming file and key) for a deck that breaks the rulebook's
    facts: a card with fewer than 3 or more than 15 pictures, a card showing every
    symbol, an unknown symbol, or too few motif cards for one round.
    """

    id = "zoo-wee-mama"
    title = "Zoo-Wee Mama!"
    min_players = 2
    max_players = 6
    actions = ActionCodec(Bid, Challenge, DealNextRound)

    def __init__(self, players: int, scene: Scene | None = None, **options: Any) -> None:
        super().__init__(players, scene, **options)
        self.symbols: tuple[Symbol, ...] = tuple(self._read_symbols())
        index = {s.key: i for i, s in enumerate(self.symbols)}
        deck = self.scene.table("deck")
        motif_counts = [self._read_card(card, index) for card in deck.tables("motif")]
        self.motif_count = len(motif_counts)
        if self.motif_count < players + 1:
            raise deck.error("motif", f"holds {self.motif_count} cards, too few for {players} players "
                                      "and the Secret Card")
        psychic = deck.get("psychic_cards", int, minimum=0)
        no_symbols = (0,) * len(self.symbols)
        #: card -> how many of each symbol it shows
        self.card_symbols: tuple[tuple[int, ...], ...] = tuple(motif_counts) + (no_symbols,) * psychic
        self.deck_size = len(self.card_symbols)
        self.is_psychic: tuple[bool, ...] = (False,) * self.motif_count + (True,) * psychic
        self.psychic_cards: tuple[int, ...] = tuple(range(self.motif_count, self.deck_size))
        #: symbol -> card -> count: a round's count is one sum over the revealed cards
        self.symbol_on_card: tuple[tuple[int, ...], ...] = tuple(zip(*self.card_symbols))
        #: symbol -> k -> how many motif cards show the symbol exactly k times (bots use it)
        self.symbol_histograms: tuple[tuple[int, ...], ...] = tuple(
            tuple(col[: self.motif_count].count(k) for k in range(max(col) + 1))
            for col in self.symbol_on_card
        )
        # The highest bid: the most pictures of one symbol that players + 1 cards can show.
        self.highest_number = max(
            sum(sorted(col[: self.motif_count], reverse=True)[: players + 1]) for col in self.symbol_on_card
        )
        self.with_psychic: bool = self.options["psychic_cards"]
        self.first_dealer_random = self.options["first_dealer"] == "random"
        self.winner_opens = self.options["opening_bidder"] == "winner"
        self.psychic_secret_aside = self.options["psychic_secret_card"] == "set-aside"
        self.prize_all_aside = self.options["psychic_prize"] == "all-aside"
        self.leftover_to_last_winner = self.options["leftover_psychic"] == "last-winner"
        # Actions are values; build each once so legal_actions only slices lists.
        # bid_actions[seat] runs number-major, so the raises over n start at n * symbols.
        s_count = len(self.symbols)
        self.bid_actions: list[list[Bid]] = [
            [Bid(p, n, s) for n in range(1, self.highest_number + 1) for s in range(s_count)]
            for p in range(players)
        ]
        self.challenge_action = [Challenge(p) for p in range(players)]
        self.deal_action = [DealNextRound(p) for p in range(players)]
        self._opening_bids: dict[tuple[int, int], list[Bid]] = {}

    def _read_symbols(self) -> list[Symbol]:
        out = []
        for entry in self.scene.tables("symbols"):
            colour = entry.get("colour", list)
            if len(colour) != 3 or not all(isinstance(v, int) and 0 <= v <= 255 for v in colour):
                raise entry.error("colour", f"expected [red, green, blue] with values 0-255, got {colour!r}")
            out.append(Symbol(entry.get("key", str), entry.get("name", str), entry.get("short", str),
                              (colour[0], colour[1], colour[2]), entry.get("shape", str)))
        keys = [s.key for s in out]
        if len(set(keys)) != len(keys) or len(out) < 2:
            raise self.scene.error("symbols", f"expected at least 2 symbols with distinct keys, got {keys}")
        return out

    def _read_card(self, card: Scene, index: dict[str, int]) -> tuple[int, ...]:
        counts = [0] * len(index)
        for key in card.keys():
            if key not in index:
                raise card.error(key, f"is not a symbol; expected one of {sorted(index)}")
            counts[index[key]] = card.get(key, int, minimum=1)
        low, high = PICTURES_PER_CARD
        where = f"{card.path}: [{card.prefix}]"
        if not low <= sum(counts) <= high:
            raise SceneError(f"{where} shows {sum(counts)} pictures; a card shows {low} to {high}")
        if all(counts):
            raise SceneError(f"{where} shows every symbol; no card shows all of them")
        return tuple(counts)

    def bid_name(self, number: int, symbol: int) -> str:
        """A bid as players say it: "5 x Rupert"."""
        return f"{number} x {self.symbols[symbol].name}"

    # -- actions -----------------------------------------------------------------
    def bid_action(self, seat: int, number: int, symbol: int) -> Bid:
        """The prebuilt :class:`Bid` (raises IndexError for a number above :attr:`highest_number`)."""
        if number < 1:
            raise IndexError(number)
        return self.bid_actions[seat][(number - 1) * len(self.symbols) + symbol]

    def opening_bids(self, seat: int, card: int) -> list[Bid]:
        """The first bids ``seat`` may make holding ``card`` in an ordinary round (cached)."""
        key = (seat, card)
        bids = self._opening_bids.get(key)
        if bids is None:
            shown = self.card_symbols[card]
            bids = self._opening_bids[key] = [b for b in self.bid_actions[seat] if shown[b.symbol]]
        return bids

    # -- states ------------------------------------------------------------------
    def new_state(self, seed: int, *, deal: bool = True) -> ZooWeeMamaState:
        return ZooWeeMamaState(self, seed, deal=deal)


class ZooWeeMamaState(State):
    """Draw pile, the cards on the table, the bids of this round, won piles and Psychic cards.

    ``psychic_prize`` holds the Psychic cards set aside that the winner of the
    current (Psychic) round takes; ``psychic_next`` those set aside during this
    round, which make the next round a Psychic round.
    """

    game: ZooWeeMamaGame

    def __init__(self, game: ZooWeeMamaGame, seed: int, *, deal: bool = True) -> None:
        super().__init__(game, seed)
        n = game.players
        self.deck: list[int] = []
        self.hands: list[int | None] = [None] * n
        self.secret: int | None = None
        self.phase = BIDDING
        self.dealer = 0
        self.opener = 0
        self.current = 0
        self.bids: list[tuple[int, int, int]] = []  # (seat, number, symbol), oldest first
        self.psychic_round = False
        self.next_psychic = False
        self.psychic_prize: list[int] = []
        self.psychic_next: list[int] = []
        self.box: list[int] = []
        self.won: list[list[int]] = [[] for _ in range(n)]
        self.unfinished: list[int] = []
        self.round_no = 0
        self.reveal: dict[str, Any] | None = None
        self.round_results: list[dict[str, Any]] = []
        self.end_reason = ""
        if deal:
            self._set_up()

    # -- dealing -----------------------------------------------------------------
    def _set_up(self) -> None:
        """Shuffle all cards (Psychic ones to the box if not played with) and deal round 1."""
        g = self.game
        cards = list(range(g.deck_size))
        if not g.with_psychic:
            self.box = list(g.psychic_cards)
            cards = cards[: g.motif_count]
        self.rng.shuffle(cards)
        self.deck = cards
        dealer = self.rng.randrange(g.players) if g.first_dealer_random else 0
        self._deal(dealer, (dealer + 1) % g.players)

    def _draw_motif(self) -> int | None:
        """The next motif card of the draw pile; Psychic cards on the way are set aside face up.

        None when the pile runs out first.
        """
        deck, is_psychic = self.deck, self.game.is_psychic
        while deck:
            card = deck.pop()
            if not is_psychic[card]:
                return card
            self.psychic_next.append(card)
            self.next_psychic = True
        return None

    def _deal(self, dealer: int, opener: int) -> None:
        """Deal one card to each seat (from the dealer's left) and then the Secret Card.

        If Psychic cards use up the draw pile before everyone has a card, the game
        ends: the cards of the unfinished deal are laid open and count for nobody.
        """
        n = self.game.players
        self.round_no += 1
        self.psychic_round = self.next_psychic
        self.next_psychic = False
        self.dealer = dealer
        self.opener = opener
        self.current = opener
        self.bids = []
        self.phase = BIDDING
        for step in range(1, n + 1):
            seat = (dealer + step) % n
            card = self._draw_motif()
            if card is None:
                self._abandon_deal()
                return
            self.hands[seat] = card
        if not self.deck:
            self._abandon_deal()
            return
        self.secret = self.deck.pop()  # face down: a Psychic Secret Card shows only at the reveal

    def _abandon_deal(self) -> None:
        self.unfinished = [c for c in self.hands if c is not None]
        self.hands = [None] * self.game.players
        self.round_no -= 1  # the round never started
        self.psychic_round = False
        self.end_reason = "Psychic cards used up the draw pile during the deal."
        self._end_game()

    # -- the challenge -------------------------------------------------------------
    def _challenge(self, challenger: int) -> None:
        """Reveal and count; the round stays on the table until the winner deals again."""
        g = self.game
        n = g.players
        bidder, number, symbol = self.bids[-1]
        on_card = g.symbol_on_card[symbol]
        counts = []
        total = 0
        for step in range(n):  # "in turn order", from the round's first bidder
            seat = (self.opener + step) % n
            card = self.hands[seat]
            counts.append({"seat": seat, "card": card, "count": on_card[card]})
            total += on_card[card]
        secret = self.secret
        counts.append({"seat": None, "card": secret, "count": on_card[secret]})
        total += on_card[secret]
        winner = challenger if total < number else bidder
        secret_is_psychic = g.is_psychic[secret]
        if secret_is_psychic:
            self.next_psychic = True
        self.reveal = {
            "round": self.round_no,
            "psychic": self.psychic_round,
            "bidder": bidder,
            "challenger": challenger,
            "number": number,
            "symbol": symbol,
            "counts": counts,
            "total": total,
            "winner": winner,
            "challenger_won": winner == challenger,
            "secret_is_psychic": secret_is_psychic,
            "taken_cards": self._spoils(secret_is_psychic),
        }
        self.round_results.append({
            "round": self.round_no, "psychic": self.psychic_round, "bidder": bidder,
            "challenger": challenger, "number": number, "symbol": symbol, "total": total,
            "winner": winner, "taken": len(self.reveal["taken_cards"]),
        })
        self.current = winner
        if len(self.deck) < n + 1:
            self.end_reason = "The draw pile cannot supply another round."
            self._collect()
            self._end_game()
        else:
            self.phase = REVEAL

    def _spoils(self, secret_is_psychic: bool) -> list[int]:
        """What the winner of this challenge takes: the revealed cards, and Psychic cards if won."""
        g = self.game
        n = g.players
        cards = [self.hands[(self.opener + step) % n] for step in range(n)]
        secret_goes_aside = secret_is_psychic and g.psychic_secret_aside
        if not secret_goes_aside:
            cards.append(self.secret)
        if self.psychic_round:
            cards.extend(self.psychic_prize)
            if g.prize_all_aside:
                cards.extend(self.psychic_next)
                if secret_goes_aside:
                    cards.append(self.secret)
        return cards

    def _collect(self) -> None:
        """The winner takes the spoils; Psychic cards left aside wait for the next Psychic round."""
        reveal = self.reveal
        assert reveal is not None
        taken = reveal["taken_cards"]
        self.won[reveal["winner"]].extend(taken)
        taken_set = set(taken)
        if self.secret not in taken_set:
            self.psychic_next.append(self.secret)  # a Psychic Secret Card set aside
        self.hands = [None] * self.game.players
        self.secret = None
        self.psychic_prize = [c for c in self.psychic_prize + self.psychic_next if c not in taken_set]
        self.psychic_next = []

    def _end_game(self) -> None:
        self.phase = OVER
        self.next_psychic = False  # there is no next round
        if self.game.leftover_to_last_winner and self.round_results:
            self.won[self.round_results[-1]["winner"]].extend(self.psychic_prize + self.psychic_next)
            self.psychic_prize = []
            self.psychic_next = []

    # -- contract ----------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    def legal_actions(self, player: int) -> list[Action]:
        if player != self.current:
            return []
        phase = self.phase
        g = self.game
        if phase == BIDDING:
            bids = self.bids
            if not bids:
                if self.psychic_round:
                    return list(g.bid_actions[player])
                return list(g.opening_bids(player, self.hands[player]))
            legal: list[Action] = g.bid_actions[player][bids[-1][1] * len(g.symbols):]  # a new list
            legal.append(g.challenge_action[player])
            return legal
        if phase == REVEAL:
            return [g.deal_action[player]]
        return []

    def check(self, action: Action) -> None:
        g = self.game
        phase = self.phase
        kind = type(action)
        if phase == BIDDING:
            if action.player != self.current:
                if kind is Challenge:
                    raise IllegalAction(
                        f"Only the player whose turn it is may call Heissa Mama!: Player {self.current + 1}.")
                raise IllegalAction(f"It is not your turn: Player {self.current + 1} is to bid.")
            if kind is Bid:
                number, symbol = action.number, action.symbol
                if type(number) is not int or type(symbol) is not int or not 0 <= symbol < len(g.symbols):
                    raise IllegalAction("A bid is a number and one of the 10 symbols.")
                if number < 1 or number > g.highest_number:
                    raise IllegalAction(f"Bids run from 1 to {g.highest_number}.")
                if self.bids:
                    last = self.bids[-1]
                    if number <= last[1]:
                        raise IllegalAction(f"You must raise the bid: name more than {last[1]} "
                                            f"(the last bid was {g.bid_name(last[1], last[2])}).")
                elif not self.psychic_round and not g.card_symbols[self.hands[action.player]][symbol]:
                    raise IllegalAction(f"Open with a symbol from your own card: it shows no "
                                        f"{g.symbols[symbol].name}.")
                return
            if kind is Challenge:
                if not self.bids:
                    raise IllegalAction("There is no bid to challenge yet: you make the first bid.")
                return
            if kind is DealNextRound:
                raise IllegalAction("The round is still being bid; the next deal comes after a challenge.")
        elif phase == REVEAL:
            winner = self.current
            if kind is DealNextRound:
                if action.player != winner:
                    raise IllegalAction(f"Player {winner + 1} won the challenge and deals the next round.")
                return
            if kind in (Bid, Challenge):
                raise IllegalAction(f"The cards have been counted: Player {winner + 1} won the challenge "
                                    "and deals the next round.")
        else:
            raise IllegalAction("The game is over.")
        raise IllegalAction(f"{action.kind!r} is not a Zoo-Wee Mama! action.")

    def _perform(self, action: Action) -> None:
        kind = type(action)
        if kind is Bid:
            self.bids.append((action.player, action.number, action.symbol))
            self.current = (action.player + 1) % self.game.players
        elif kind is Challenge:
            self.mark_reveal()
            self._challenge(action.player)
        else:
            self.mark_reveal()
            self._collect()
            self.reveal = None
            winner = action.player
            self._deal(winner, winner if self.game.winner_opens else (winner + 1) % self.game.players)

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        """Cards won so far (the rulebook: the most cards wins)."""
        return [float(len(pile)) for pile in self.won]

    # -- information -------------------------------------------------------------
    def _hand_visible(self, seat: int, viewer: int | None) -> bool:
        if self.phase != BIDDING:
            return True
        if self.psychic_round:
            return viewer is not None and seat != viewer
        return seat == viewer

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` sees; ``hand_cards[seat]`` is None where that face is hidden from them.

        Won piles lie face down but every card in them was shown at a reveal, so
        they are listed (public knowledge, as are the Psychic cards set aside).
        """
        over = self.phase == OVER
        hands = self.hands
        last = self.bids[-1] if self.bids else None
        return {
            "seat": player,
            "players": self.game.players,
            "phase": self.phase,
            "round": self.round_no,
            "psychic_round": self.psychic_round,
            "next_round_psychic": self.next_psychic,
            "dealer": self.dealer,
            "opener": self.opener,
            "current": None if over else self.current,
            "hand_cards": [c if c is not None and self._hand_visible(s, player) else None
                           for s, c in enumerate(hands)],
            "hand_sizes": [0 if c is None else 1 for c in hands],
            "secret_card": self.secret if self.phase == REVEAL else None,
            "secret_size": 0 if self.secret is None else 1,
            "bid": None if last is None else {"seat": last[0], "number": last[1], "symbol": last[2]},
            "bids": [{"seat": b[0], "number": b[1], "symbol": b[2]} for b in self.bids],
            "highest_number": self.game.highest_number,
            "draw_pile_size": len(self.deck),
            "won_cards": [list(pile) for pile in self.won],
            "scores": [len(pile) for pile in self.won],
            "psychic_prize_cards": list(self.psychic_prize),
            "psychic_next_cards": list(self.psychic_next),
            "box_cards": list(self.box),
            "unfinished_cards": list(self.unfinished),
            "reveal": self.reveal,
            "rounds": list(self.round_results),
            "over": over,
            "end_reason": self.end_reason,
            "winners": self.winners(),
        }

    def card_zones(self) -> dict[str, list[int]]:
        zones = {
            "deck": list(self.deck),
            "secret": [] if self.secret is None else [self.secret],
            "psychic_prize": list(self.psychic_prize),
            "psychic_next": list(self.psychic_next),
            "box": list(self.box),
            "unfinished": list(self.unfinished),
        }
        for seat, card in enumerate(self.hands):
            zones[f"hand{seat}"] = [] if card is None else [card]
            zones[f"won{seat}"] = list(self.won[seat])
        return zones

    def hidden_from(self, player: int | None) -> set[int]:
        hidden = set(self.deck)
        if self.phase == BIDDING:
            hidden.add(self.secret)
            hidden.update(c for s, c in enumerate(self.hands) if not self._hand_visible(s, player))
        return hidden

    # -- persistence -------------------------------------------------------------
    def _fields_to_json(self) -> dict[str, Any]:
        # Copies of every list that play changes; the reveal and round results are
        # replaced or appended to, never changed in place.
        return {
            "deck": list(self.deck), "hands": list(self.hands), "secret": self.secret,
            "phase": self.phase, "dealer": self.dealer, "opener": self.opener,
            "current": self.current, "bids": [list(b) for b in self.bids],
            "psychic_round": self.psychic_round, "next_psychic": self.next_psychic,
            "psychic_prize": list(self.psychic_prize), "psychic_next": list(self.psychic_next),
            "box": list(self.box), "won": [list(pile) for pile in self.won],
            "unfinished": list(self.unfinished), "round": self.round_no, "reveal": self.reveal,
            "round_results": list(self.round_results), "end_reason": self.end_reason,
        }

    def _fields_from_json(self, data: dict[str, Any]) -> None:
        def card_or_none(value: Any) -> int | None:
            return None if value is None else int(value)

        self.deck = [int(c) for c in data["deck"]]
        self.hands = [card_or_none(c) for c in data["hands"]]
        self.secret = card_or_none(data["secret"])
        self.phase = str(data["phase"])
        self.dealer = int(data["dealer"])
        self.opener = int(data["opener"])
        self.current = int(data["current"])
        self.bids = [(int(s), int(n), int(y)) for s, n, y in data["bids"]]
        self.psychic_round = bool(data["psychic_round"])
        self.next_psychic = bool(data["next_psychic"])
        self.psychic_prize = [int(c) for c in data["psychic_prize"]]
        self.psychic_next = [int(c) for c in data["psychic_next"]]
        self.box = [int(c) for c in data["box"]]
        self.won = [[int(c) for c in pile] for pile in data["won"]]
        self.unfinished = [int(c) for c in data["unfinished"]]
        self.round_no = int(data["round"])
        self.reveal = data["reveal"]
        self.round_results = list(data["round_results"])
        self.end_reason = str(data["end_reason"])
        n = self.game.players
        if len(self.hands) != n or len(self.won) != n:
            raise ValueError("hands and won piles must have one entry per seat")
        if self.phase not in (BIDDING, REVEAL, OVER):
            raise ValueError(f"unknown phase {self.phase!r}")
