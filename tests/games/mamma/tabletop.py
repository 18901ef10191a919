"""Arranging Mamma positions for rule tests, keeping every card of the box in one place.

Spaces are given by the numbers on the backs of the city cards (1-27), as a player
reads them off the table; :func:`sp` turns them into the engine's indices.
"""
from __future__ import annotations

from simulator.engine import load_game
from simulator.games.mamma.box import CHARACTERS
from simulator.games.mamma.rules import (DRAFT, SCHOOLBUS, TAKE_SECRET, ChooseSecret, Draft,
                                         MammaState, TakeSecret)

TRAFFIC_1, TRAFFIC_2 = SCHOOLBUS + 1, SCHOOLBUS + 2


def sp(number: int) -> int:
    """The engine's index of the city space whose card has back ``number``."""
    return number - 1


def started(players: int = 2, seed: int = 0, secret_a: int = 0, **options) -> MammaState:
    """A game past set-up: Player A took ``secret_a``, the others the leftmost card,
    everyone drafted alternately from the movement and money decks (movement once the
    money deck runs out)."""
    game = load_game("mamma", players=players, **options)
    state = game.new_state(seed)
    state.apply(ChooseSecret(state.player_a, secret_a))
    while state.phase == TAKE_SECRET:
        state.apply(TakeSecret(state.current, 0))
    k = 0
    while state.phase == DRAFT:
        deck = "movement" if k % 2 == 0 or not state.decks["money"] else "money"
        state.apply(Draft(state.current, deck))
        k += 1
    return state


def box_of(state: MammaState):
    return state.game.box


def _take(state: MammaState, deck: str, value: int) -> int:
    box = box_of(state)
    for card in state.decks[deck]:
        if box.value[card] == value:
            state.decks[deck].remove(card)
            return card
    raise LookupError(f"no {deck} card worth {value} left in the deck")


def set_hand(state: MammaState, seat: int, movement=(), money=()) -> list[int]:
    """Give ``seat`` exactly these cards (by value); the old hand goes under its decks."""
    box = box_of(state)
    for card in state.hands[seat]:
        state.decks[box.deck_of(card)].append(card)
    state.hands[seat] = [_take(state, "movement", v) for v in movement]
    state.hands[seat] += [_take(state, "money", v) for v in money]
    return list(state.hands[seat])


def set_money(state: MammaState, character: int, *values: int) -> list[int]:
    """Money cards of these values beside ``character``'s reference card."""
    state.decks["money"].extend(state.money_at[character])
    state.money_at[character] = [_take(state, "money", v) for v in values]
    return list(state.money_at[character])


def clear_money(state: MammaState) -> None:
    for c in range(CHARACTERS):
        set_money(state, c)


def put(state: MammaState, piece: int, where: int | str) -> None:
    """Stand ``piece`` at back number ``where`` (an int) or a place name ("bench", ...)."""
    state.loc[piece] = sp(where) if isinstance(where, int) else where


def move_ingredient(state: MammaState, number: int) -> int:
    """Move the ingredients card lying in the city to the space with back ``number``; return it."""
    old, new = state.ingredient_space, sp(number)
    state.floor[old], state.floor[new] = state.floor[new], state.floor[old]
    state.ingredient_space = new
    return state.floor[new]


def ingredient_card(state: MammaState, *, foods=None, mother_in_law=None, cost=None) -> int:
    """An ingredient card still in the row that matches the description."""
    box = box_of(state)
    for card in state.ingredient_row:
        info = box.ingredient(card)
        if foods is not None and tuple(foods) != info.foods:
            continue
        if mother_in_law is not None and info.mother_in_law != mother_in_law:
            continue
        if cost is not None and info.cost != cost:
            continue
        return card
    raise LookupError("no such ingredient card in the row")


def give_food(state: MammaState, character: int, card: int) -> None:
    """Hand a card from the ingredient row to ``character`` (as if bought)."""
    state.ingredient_row.remove(card)
    state.food_at[character].append(card)


def set_city_ingredient(state: MammaState, card: int) -> None:
    """Swap the card lying in the city for ``card`` from the row."""
    space = state.ingredient_space
    row = state.ingredient_row
    row[row.index(card)] = state.floor[space]
    state.floor[space] = card


def park_pieces(state: MammaState, **spots: int) -> None:
    """Put the schoolbus and traffic cards out of the way (or where told)."""
    put(state, SCHOOLBUS, spots.get("bus", 25))
    put(state, TRAFFIC_1, spots.get("t1", 13))
    put(state, TRAFFIC_2, spots.get("t2", 16))


def all_cards(state: MammaState) -> list[int]:
    return sorted(c for zone in state.card_zones().values() for c in zone)


def pass_turn(state: MammaState) -> None:
    """The current player plays nothing and takes nothing."""
    from simulator.games.mamma.rules import EndTurn, Finish

    seat = state.current
    set_hand(state, seat)
    state.apply(Finish(seat))
    state.apply(EndTurn(seat))
