"""The Victory: victory points of one character (rulebook, "The Victory")."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from .box import GRANDPA, MammaBox


@dataclass(frozen=True)
class ScoreBreakdown:
    """Where a character's victory points come from; ``total`` is their sum."""

    matching: int = 0        # foods on 2-5 cards: 3, 6, 10, 15
    singles: int = 0         # other foods on cards without the Mother-in-Law: 1 each
    mother_in_law: int = 0   # minus the red numbers
    guests: int = 0          # minus the Guests card
    money: int = 0           # 1 per point of money
    character: int = 0       # Grandpa +3 (+7 with the Child), Grandma +5, Mamma +3, Husband -5
    arrival: int = 0         # +3 +2 +1 -1 -2 -3 by order of sitting down

    @property
    def total(self) -> int:
        return (self.matching + self.singles + self.mother_in_law + self.guests + self.money
                + self.character + self.arrival)

    def to_json(self) -> dict[str, int]:
        return {"matching": self.matching, "singles": self.singles,
                "mother_in_law": self.mother_in_law, "guests": self.guests, "money": self.money,
                "character": self.character, "arrival": self.arrival, "total": self.total}


def ingredient_points(box: MammaBox, cards: Iterable[int]) -> tuple[int, int, int]:
    """(matching, singles, mother_in_law) for a character's ingredient cards.

    Upright and sideways cards count alike. A food on two or more of the cards scores
    from the matching table (more than five cards score as five); a food on one card
    scores 1 unless that card carries the Mother-in-Law, whose red number is negative.
    """
    infos = [box.ingredient(c) for c in cards]
    count = Counter(food for info in infos for food in info.foods)
    table = box.matching_vp
    matching = sum(table[min(n, len(table) - 1)] for n in count.values() if n >= 2)
    singles = sum(box.single_food_vp for info in infos if not info.mother_in_law
                  for food in info.foods if count[food] == 1)
    mother_in_law = -sum(info.mother_in_law for info in infos)
    return matching, singles, mother_in_law


def score_character(box: MammaBox, character: int, *, ingredient_cards: Iterable[int],
                    money_cards: Iterable[int], guests_card: int | None,
                    with_child: bool, arrival: int | None) -> ScoreBreakdown:
    """A character's vp; ``arrival`` is 0 for the first to sit down, None if not seated."""
    matching, singles, mil = ingredient_points(box, ingredient_cards)
    if character == GRANDPA and with_child:
        bonus = box.grandpa_with_child_vp
    else:
        bonus = box.bonus_vp[character]
    return ScoreBreakdown(
        matching=matching, singles=singles, mother_in_law=mil,
        guests=box.guests_value(guests_card) if guests_card is not None else 0,
        money=sum(box.value[c] for c in money_cards),
        character=bonus,
        arrival=box.arrival_vp[arrival] if arrival is not None else 0,
    )
