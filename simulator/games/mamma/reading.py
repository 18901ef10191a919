"""Reading the table: who plays which secret character, guessed from public actions.

A pure, small Bayesian tally. Every seat's secret character is unknown to the others;
each public event (money placed on a character, a character moved or made to buy, a
theft, a taxi or bus ride, a Guests card given) is far more likely from the player whose
secret character it helps. Each event multiplies the weight of the hypothesis "seat s
plays character c" by a likelihood ratio; the posterior over whole assignments (no two
seats share a character, the reader's own character is nobody else's) is found by
enumerating them — at most 5 x 4 x 3 = 60 for four players.
"""
from __future__ import annotations

from itertools import permutations
from typing import Any

from .box import CHARACTERS, GRANDMA, WIFE, MammaBox
from .city import City

# How many times likelier an event is when it helps the actor's own secret character
# than when it helps somebody else's (below 1: an event that hurts the character).
HELPS_MONEY = 12.0        # money cards are victory points: players put them on their own
HELPS_BUY = 4.0           # walking a character to the shop
HELPS_MOVE = 1.6          # any other movement of a character
HELPS_STEAL = 4.0         # the thief's table gains a card
HURTS_STEAL = 0.5         # the victim loses one
HELPS_RIDE = 3.0          # the taxi (Wife) and the bus (Grandma)
HELPS_SIDEWAYS = 4.0      # turning a card sideways protects its owner
HURTS_GUESTS = 0.05       # nobody gives their own character the Guests
HURTS_ARCADE = 0.5
HELPS_SEATED = 3.0        # walking a character to its seat in the Dinner Hour
HURTS_PUSHED = 0.3        # moving a character away from its seat in the Dinner Hour


class SecretReading:
    """Beliefs of one seat about the others' secret characters.

    ``observe`` takes the view's events (each once, by ``seq``); ``marginals`` gives
    P(seat plays character). Nothing here raises on unknown events: they are ignored.
    """

    def __init__(self, players: int, seat: int) -> None:
        self.players = players
        self.seat = seat
        self.last_seq = 0
        self.weight = [[1.0] * CHARACTERS for _ in range(players)]
        self._cache: tuple[int, int | None, list[list[float]]] | None = None

    def reset(self) -> None:
        self.last_seq = 0
        self.weight = [[1.0] * CHARACTERS for _ in range(self.players)]
        self._cache = None

    def observe(self, view: dict[str, Any], box: MammaBox, city: City) -> None:
        """Fold in the events of ``view`` not seen yet."""
        events = view["events"]
        if events and events[-1]["seq"] < self.last_seq:  # a new game with the same reader
            self.reset()
        for event in events:
            if event["seq"] <= self.last_seq:
                continue
            self.last_seq = event["seq"]
            seat = event.get("seat")
            if seat is None or seat == self.seat or not 0 <= seat < self.players:
                continue
            for character, ratio in _evidence(event, view, box, city):
                if 0 <= character < CHARACTERS:
                    self.weight[seat][character] *= ratio
                    self._cache = None
        for row in self.weight:  # keep the numbers in range; only ratios matter
            top = max(row)
            if top > 1e6 or top < 1e-6:
                for c in range(CHARACTERS):
                    row[c] = max(row[c] / top, 1e-12)

    def marginals(self, mine: int | None) -> list[list[float]]:
        """P(seat plays character) for every seat (the reader's own row: certainty)."""
        if self._cache is not None and self._cache[:2] == (self.last_seq, mine):
            return self._cache[2]
        others = [s for s in range(self.players) if s != self.seat]
        choices = [c for c in range(CHARACTERS) if c != mine]
        out = [[0.0] * CHARACTERS for _ in range(self.players)]
        total = 0.0
        for assignment in permutations(choices, len(others)):
            p = 1.0
            for seat, character in zip(others, assignment):
                p *= self.weight[seat][character]
            total += p
            for seat, character in zip(others, assignment):
                out[seat][character] += p
        for seat in others:
            for c in range(CHARACTERS):
                out[seat][c] = out[seat][c] / total if total else 1.0 / len(choices)
        if mine is not None:
            out[self.seat][mine] = 1.0
        self._cache = (self.last_seq, mine, out)
        return out

    def rival_weight(self, mine: int | None) -> list[float]:
        """Per character: the probability that some other seat plays it."""
        probs = self.marginals(mine)
        return [sum(probs[s][c] for s in range(self.players) if s != self.seat)
                for c in range(CHARACTERS)]


def _evidence(event: dict[str, Any], view: dict[str, Any], box: MammaBox,
              city: City) -> list[tuple[int, float]]:
    """(character, likelihood ratio) pairs one event gives about its actor."""
    what = event["what"]
    if what == "money":
        return [(event["character"], HELPS_MONEY)]
    if what == "buy":
        return [(event["character"], HELPS_BUY)]
    if what == "steal":
        return [(event["character"], HELPS_STEAL), (event["victim"], HURTS_STEAL)]
    if what == "taxi":
        return [(WIFE, HELPS_RIDE)]
    if what in ("bus", "bus-missed"):
        return [(GRANDMA, HELPS_RIDE)]
    if what == "guests":
        return [(event["character"], HURTS_GUESTS)]
    if what == "arcade":
        return [(event["victim"], HURTS_ARCADE)]
    if what == "sideways":
        owner = _owner_of_label(view, box, event.get("label"))
        return [(owner, HELPS_SIDEWAYS)] if owner is not None else []
    if what == "move":
        piece, path = event["piece"], event["path"]
        if piece >= CHARACTERS or len(path) < 2:
            return []
        if view["dinner"] and isinstance(path[0], int):
            end = path[-1]
            if end == "seat":
                return [(piece, HELPS_SEATED)]
            if isinstance(end, int):
                entrance = city.seat_entrances[piece]
                before = city.distance(path[0], entrance)
                after = city.distance(end, entrance)
                return [(piece, HELPS_SEATED if after < before else HURTS_PUSHED)]
        return [(piece, HELPS_MOVE)]
    return []


def _owner_of_label(view: dict[str, Any], box: MammaBox, label: Any) -> int | None:
    """The character holding the sideways ingredient card logged with ``label``."""
    for ch in view["characters"]:
        for card in ch["sideways_cards"]:
            if box.labels[card] == label:
                return ch["character"]
    return None
