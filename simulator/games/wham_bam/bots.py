"""Wham Bam! bots. They see only their seat's view."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Sequence

from simulator.engine import Action

from .rules import WHAM, WHAM_BAM, DrawCard, PlayCard, WhamBamGame


class WhamBamBot:
    """A good heuristic player.

    Facing no match, it plays a Wham Bam! rather than draw (the next player then
    takes four cards on average). With matches it plays, in order of preference:
    a Wham! (three cards for the next player), then the card that leaves it the
    most cards of the colour now on top, shedding high values first so that a
    lost round costs less.
    """

    def __init__(self, game: WhamBamGame, seat: int) -> None:
        self.game = game
        self.seat = seat

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        g = self.game
        plays = [a for a in legal_actions if isinstance(a, PlayCard)]
        if any(isinstance(a, DrawCard) for a in legal_actions):
            return plays[0] if plays else legal_actions[0]  # a Wham Bam! beats drawing
        hand = view["hand_cards"]
        colours = Counter(g.card_colour[c] for c in hand if g.card_rank[c] != WHAM_BAM)

        def preference(action: PlayCard) -> tuple[int, int, int]:
            card = action.card
            rank = g.card_rank[card]
            follow_ups = colours[g.card_colour[card]] - 1
            return (rank == WHAM, follow_ups, g.card_value[card])

        return max(plays, key=preference)
