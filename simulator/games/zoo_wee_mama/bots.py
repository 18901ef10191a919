"""Zoo-Wee Mama! bots. They see only their seat's view (and the deck list every player knows)."""
from __future__ import annotations

import math
import random
from typing import Any, Sequence

from simulator.engine import Action

from .rules import ZooWeeMamaGame


def _convolve(a: list[float], b: list[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _known_cards(view: dict[str, Any]) -> list[int]:
    """Cards whose faces this seat knows: visible hands, won piles, Psychic cards aside or boxed."""
    known = [c for c in view["hand_cards"] if c is not None]
    for pile in view["won_cards"]:
        known.extend(pile)
    known.extend(view["psychic_prize_cards"])
    known.extend(view["psychic_next_cards"])
    known.extend(view["box_cards"])
    return known


class ZooWeeMamaBot:
    """The reasoning player: bids and calls by the odds of the named symbol's total.

    From its view it knows the faces it may see (its own card, or everyone else's in
    a Psychic round) and every card out of play; the others, the Secret Card
    included, are unknown cards of the deck list. For each symbol it computes the
    distribution of the round's total (each hidden card drawn from the unknown ones)
    and then:
    - challenges when the last bid is more likely false than its own best raise is
      true (both win the same pile of cards, so this is the better expected value);
    - otherwise makes the raise most likely to be true (the smallest number, best
      symbol); an opening bid names the highest number still likely enough.
    It reads the others' bids in an ordinary round: the opener's card surely shows
    the opening symbol, and a seat that bid a symbol more likely holds it (``trust``
    weighs that). ``bluff`` (0..1) is how often it instead names a weaker symbol or
    a number one higher, while the odds stay tolerable, so its bids say less.
    """

    #: an opening bid must be at least this likely to be true
    OPENING_CONFIDENCE = 0.7
    #: a bluff may give up at most this much probability against the safest raise
    BLUFF_SLACK = 0.15

    def __init__(self, game: ZooWeeMamaGame, seat: int, *, bluff: float = 0.0,
                 trust: float = 3.0) -> None:
        if not 0.0 <= bluff <= 1.0:
            raise ValueError(f"bluff must lie between 0 and 1, got {bluff!r}")
        if trust < 0.0:
            raise ValueError(f"trust must not be negative, got {trust!r}")
        self.game = game
        self.seat = seat
        self.bluff = bluff
        # How much likelier a seat is to bid a symbol, by how many of it its card shows
        # (a likelihood ratio; pictures beyond three add nothing). Measured: trust 3 beats
        # 0 (ignoring bids) and 0.5 heads-up, and costs nothing at a table of four.
        self.bid_likelihood = [1.0] + [1.0 + trust * min(k, 3) for k in range(1, 16)]
        self._key: tuple[Any, ...] | None = None
        self._hand_pmfs: list[list[float]] = []
        self._secret_pmfs: list[list[float]] = []
        self._shown: list[int] = []
        self._tails: dict[tuple[int, tuple[int, ...]], list[float]] = {}

    # -- the odds ------------------------------------------------------------------
    def _prepare(self, view: dict[str, Any]) -> list[int]:
        """Per-symbol distributions of one hidden card; recomputed when the known cards change.

        Returns the hidden seats.
        """
        g = self.game
        known = _known_cards(view)
        hands = view["hand_cards"]
        hidden = [s for s, (c, size) in enumerate(zip(hands, view["hand_sizes"])) if size and c is None]
        key = (tuple(hidden), tuple(hands), frozenset(known))
        if key == self._key:
            return hidden
        self._key = key
        self._tails = {}
        known_motif = [c for c in known if not g.is_psychic[c]]
        unknown_motif = g.motif_count - len(known_motif)
        unknown_psychic = len(g.psychic_cards) - (len(known) - len(known_motif))
        unknown = unknown_motif + unknown_psychic
        visible = [c for c in hands if c is not None]
        self._hand_pmfs, self._secret_pmfs, self._shown = [], [], []
        for symbol, histogram in enumerate(g.symbol_histograms):
            on_card = g.symbol_on_card[symbol]
            counts = list(histogram)
            for card in known_motif:
                counts[on_card[card]] -= 1
            self._hand_pmfs.append([k / unknown_motif for k in counts])
            secret = [k / unknown for k in counts]
            secret[0] += unknown_psychic / unknown
            self._secret_pmfs.append(secret)
            self._shown.append(sum(on_card[c] for c in visible))
        return hidden

    def _evidence(self, view: dict[str, Any], hidden: list[int], symbol: int) -> tuple[int, ...]:
        """What the bids say about each hidden seat's card and ``symbol``: 0 nothing, 1 bid it, 2 opened with it."""
        if view["psychic_round"]:
            return ()  # nobody bid from their own card
        flags = dict.fromkeys(hidden, 0)
        previous = -1
        for i, bid in enumerate(view["bids"]):
            seat = bid["seat"]
            # Raising the symbol just bid says little; opening with it or switching to it does.
            if bid["symbol"] == symbol and previous != symbol and seat in flags:
                flags[seat] = max(flags[seat], 2 if i == 0 else 1)
            previous = bid["symbol"]
        return tuple(sorted(f for f in flags.values() if f))

    def tails(self, view: dict[str, Any]) -> list[list[float]]:
        """``tails[symbol][k]``: the probability that the round's total of ``symbol`` is at least k.

        k runs from 0 to the highest bid + 1; what this seat sees and the bids so far are taken
        into account.
        """
        hidden = self._prepare(view)
        return [self._tail(view, hidden, s) for s in range(len(self.game.symbols))]

    def _tail(self, view: dict[str, Any], hidden: list[int], symbol: int) -> list[float]:
        evidence = self._evidence(view, hidden, symbol)
        key = (symbol, evidence)
        tail = self._tails.get(key)
        if tail is None:
            tail = self._tails[key] = self._compute_tail(symbol, len(hidden), evidence)
        return tail

    def _compute_tail(self, symbol: int, hidden_hands: int, evidence: tuple[int, ...]) -> list[float]:
        top = self.game.highest_number + 2
        hand = self._hand_pmfs[symbol]
        dist = self._secret_pmfs[symbol]
        for flag in evidence:
            weighted = [p * w for p, w in zip(hand, self.bid_likelihood)]
            if flag == 2:
                weighted[0] = 0.0  # the opener named a symbol from their own card
            total = sum(weighted)
            dist = _convolve(dist, [w / total for w in weighted] if total else hand)
        for _ in range(hidden_hands - len(evidence)):
            dist = _convolve(dist, hand)
        pmf = [0.0] * self._shown[symbol] + dist
        tail = [0.0] * top
        running = sum(pmf[top:])  # totals beyond the highest bid still count as "at least k"
        for k in range(min(len(pmf), top) - 1, -1, -1):
            running += pmf[k]
            tail[k] = running
        return tail

    # -- choosing ----------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        g = self.game
        tails = self.tails(view)
        last = view["bid"]
        if last is None:
            return self._open(view, tails, rng)
        number, symbol = last["number"], last["symbol"]
        p_false = 1.0 - tails[symbol][number]
        if number >= g.highest_number:
            return g.challenge_action[self.seat]
        raise_number = number + 1
        p_best, best = max((tails[s][raise_number], s) for s in range(len(g.symbols)))
        if p_false >= p_best:
            return g.challenge_action[self.seat]
        if self.bluff and rng.random() < self.bluff:
            return self._bluff(tails, raise_number, best, p_best, rng)
        return g.bid_action(self.seat, raise_number, best)

    def _open(self, view: dict[str, Any], tails: list[list[float]], rng: random.Random) -> Action:
        """The highest number still likely enough, on the symbol that allows the highest one."""
        g = self.game
        own = view["hand_cards"][self.seat]
        symbols = [s for s in range(len(g.symbols)) if own is None or g.card_symbols[own][s]]
        best_number, best = 1, symbols[0]
        best_p = tails[best][1]
        for s in symbols:
            tail = tails[s]
            n = 1
            while n < g.highest_number and tail[n + 1] >= self.OPENING_CONFIDENCE:
                n += 1
            if (n, tail[n]) > (best_number, best_p):
                best_number, best, best_p = n, s, tail[n]
        if self.bluff and rng.random() < self.bluff:
            return self._bluff(tails, best_number, best, best_p, rng, symbols)
        return g.bid_action(self.seat, best_number, best)

    def _bluff(self, tails: list[list[float]], number: int, best: int, p_best: float,
               rng: random.Random, symbols: list[int] | None = None) -> Action:
        """A bid that hides the strongest symbol: another symbol or one more, within the slack."""
        g = self.game
        floor = p_best - self.BLUFF_SLACK
        choices = [(number, s) for s in (symbols or range(len(g.symbols)))
                   if s != best and tails[s][number] >= floor]
        if number < g.highest_number and tails[best][number + 1] >= floor:
            choices.append((number + 1, best))
        if not choices:
            return g.bid_action(self.seat, number, best)
        n, s = choices[int(rng.random() * len(choices))]
        return g.bid_action(self.seat, n, s)


class BluffingBot(ZooWeeMamaBot):
    """The reasoning player with a bluff in about three bids of ten."""

    def __init__(self, game: ZooWeeMamaGame, seat: int, *, bluff: float = 0.3) -> None:
        super().__init__(game, seat, bluff=bluff)


class PlusOneBot:
    """A simple player: "bid my own count plus one", challenge what seems implausible.

    It counts the symbol it sees most of (its own card, or the others' cards in a
    Psychic round) and bids one more than that count. It calls a bid that exceeds
    what it sees plus the deck's average per hidden card, rounded up. When its own
    bid would not raise the last one it raises by one if that is still plausible,
    else it challenges.
    """

    def __init__(self, game: ZooWeeMamaGame, seat: int) -> None:
        self.game = game
        self.seat = seat
        motif = game.motif_count
        self.mean_per_card = [sum(col[:motif]) / motif for col in game.symbol_on_card]

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        g = self.game
        hands = view["hand_cards"]
        seen = [0] * len(g.symbols)
        for card in hands:
            if card is not None:
                for s, k in enumerate(g.card_symbols[card]):
                    seen[s] += k
        hidden = 1 + sum(1 for c in hands if c is None)  # the Secret Card and unseen hands

        def plausible(symbol: int) -> int:
            return seen[symbol] + math.ceil(hidden * self.mean_per_card[symbol])

        favourite = max(range(len(g.symbols)), key=lambda s: seen[s])
        mine = min(seen[favourite] + 1, g.highest_number)
        last = view["bid"]
        if last is None:
            return g.bid_action(self.seat, mine, favourite)
        number, symbol = last["number"], last["symbol"]
        if number > plausible(symbol):
            return g.challenge_action[self.seat]
        if mine > number:
            return g.bid_action(self.seat, mine, favourite)
        if number + 1 <= min(plausible(favourite), g.highest_number):
            return g.bid_action(self.seat, number + 1, favourite)
        return g.challenge_action[self.seat]
