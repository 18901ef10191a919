"""Mamma: the four turn options, the hand limit and the Guests cards."""
from __future__ import annotations

import pytest

from simulator.engine import IllegalAction
from simulator.games.mamma.box import GRANDMA, HUSBAND, MAMMA, WIFE
from simulator.games.mamma.rules import (DRAW, MONEY, AssignGuests, Decline, DiscardThree, Draw,
                                         EndTurn, Finish, PlaceMoney, PlayMovement, Step,
                                         TurnSideways)

from .tabletop import give_food, ingredient_card, pass_turn, set_hand, sp, started


def test_option_1_no_card_played_takes_up_to_four_cards():
    """"1. The player doesn't play any game card and takes up to 4 game cards from one or both of
    the movement or money decks, one at a time.\""""
    state = started()
    seat = state.current
    set_hand(state, seat, movement=[1], money=[1])
    state.apply(Finish(seat))
    assert state.stage == DRAW and state.draws_left == 4
    for deck in ("movement", "money", "movement"):
        state.apply(Draw(seat, deck))
    assert len(state.hands[seat]) == 5 and state.current == seat
    state.apply(Draw(seat, "money"))
    assert len(state.hands[seat]) == 6
    assert state.current != seat  # four cards taken: the turn is over


def test_option_2_one_card_played_takes_up_to_two_cards():
    """"2. The player plays 1 game card and takes up to 2 game cards ...\""""
    state = started()
    seat = state.current
    card = set_hand(state, seat, movement=[2, 1])[0]
    state.apply(PlayMovement(seat, card))
    state.apply(Finish(seat))
    assert state.draws_left == 2
    state.apply(Draw(seat, "money"))
    state.apply(EndTurn(seat))  # "up to": one is enough
    assert len(state.hands[seat]) == 2 and state.current != seat


def test_option_3_two_or_more_cards_played_take_one_card():
    """"3. The player plays 2 or more game cards and takes 1 game card ...\""""
    state = started()
    seat = state.current
    cards = set_hand(state, seat, movement=[2, 1, 1])
    state.apply(PlayMovement(seat, cards[0]))
    state.apply(PlayMovement(seat, cards[1]))
    state.apply(PlayMovement(seat, cards[2]))
    state.apply(Finish(seat))
    assert state.draws_left == 1
    before = state.to_json()
    with pytest.raises(IllegalAction, match="you take 1 game card"):
        state.apply(EndTurn(seat))  # "takes 1", not "up to 1" (option single_draw=compulsory)
    assert state.to_json() == before
    assert EndTurn(seat) not in state.legal_actions(seat)
    state.apply(Draw(seat, "movement"))
    assert len(state.hands[seat]) == 1 and state.current != seat


def test_option_the_single_card_of_options_3_and_4_may_be_left():
    """Option single_draw=up-to: options 3 and 4 read like 1 and 2 ("up to"): the player may end
    the turn without the card."""
    for discard in (False, True):
        state = started(single_draw="up-to")
        seat = state.current
        cards = set_hand(state, seat, movement=[2, 1, 1])
        if discard:
            state.apply(DiscardThree(seat, tuple(sorted(cards))))
        else:
            for card in cards[:2]:
                state.apply(PlayMovement(seat, card))
            state.apply(Finish(seat))
        assert state.stage == DRAW and state.draws_left == 1
        state.apply(EndTurn(seat))
        assert len(state.hands[seat]) == (0 if discard else 1) and state.current != seat


def test_option_4_discard_three_take_one_and_turn_an_ingredient_card_sideways():
    """"4. The player discards 3 game cards and takes 1 game card ..." and "If a player discards 3
    game cards, he/she can choose 1 ingredients card that is in a vertical position to the left of
    any reference card, and turn it into a horizontal position.\""""
    state = started()
    seat = state.current
    food = ingredient_card(state, cost=2, mother_in_law=0)
    give_food(state, WIFE, food)
    cards = sorted(set_hand(state, seat, movement=[1, 2], money=[1, 2]))
    state.apply(DiscardThree(seat, tuple(cards[:3])))
    assert state.pending[0]["kind"] == "sideways"
    with pytest.raises(IllegalAction):
        state.apply(Draw(seat, "money"))  # the sideways question comes first
    state.apply(TurnSideways(seat, food))
    assert food in state.sideways and state.upright(WIFE) == []
    assert state.draws_left == 1
    with pytest.raises(IllegalAction, match="you take 1 game card"):
        state.apply(EndTurn(seat))  # "takes 1 game card"
    state.apply(Draw(seat, "money"))
    assert len(state.hands[seat]) == 2 and state.current != seat


def test_turning_a_card_sideways_is_optional():
    """"he/she can choose 1 ingredients card" — a choice, which may be declined."""
    state = started()
    seat = state.current
    give_food(state, WIFE, ingredient_card(state, cost=2, mother_in_law=0))
    cards = sorted(set_hand(state, seat, movement=[1, 2, 3]))
    state.apply(DiscardThree(seat, tuple(cards)))
    state.apply(Decline(seat))
    assert state.sideways == [] and state.stage == DRAW


def test_discarding_three_is_a_turn_of_its_own():
    """Option 4 is one of the four options: no card may be played in the same turn."""
    state = started()
    seat = state.current
    cards = sorted(set_hand(state, seat, movement=[1, 2, 3, 4]))
    state.apply(PlayMovement(seat, cards[0]))
    with pytest.raises(IllegalAction, match="turn of its own"):
        state.apply(DiscardThree(seat, tuple(cards[1:])))


def test_the_hand_never_exceeds_six_cards():
    """"never exceeding the maximum hand size of 6 cards.\""""
    state = started()
    seat = state.current
    set_hand(state, seat, movement=[1, 2, 3], money=[1, 2])
    state.apply(Finish(seat))
    assert state.draws_left == 1
    state.apply(Draw(seat, "movement"))
    assert len(state.hands[seat]) == 6 and state.current != seat
    full = state.current
    set_hand(state, full, movement=[1, 1, 2, 2], money=[1, 1])
    state.apply(Finish(full))
    assert state.current != full  # nothing to take: the turn ends at once


def test_guests_cards_go_out_highest_first_one_per_player_never_twice_to_a_character():
    """"Each player can assign just one of these cards during the game, and not to a character
    with a Guest card (already assigned)" and "When a player assigns this card, he must place the
    highest Guests card available at the moment".\""""
    state = started(players=3)
    box = state.game.box
    first = state.current
    state.apply(AssignGuests(first, HUSBAND))
    assert box.guests_value(state.guests_at[HUSBAND]) == -6
    with pytest.raises(IllegalAction, match="only one Guests card"):
        state.apply(AssignGuests(first, MAMMA))
    state.apply(Finish(first))
    while state.current == first:
        state.apply(EndTurn(first) if state.stage == DRAW else Finish(first))
    second = state.current
    with pytest.raises(IllegalAction, match="already has guests"):
        state.apply(AssignGuests(second, HUSBAND))
    state.apply(AssignGuests(second, GRANDMA))
    assert box.guests_value(state.guests_at[GRANDMA]) == -5


def test_money_is_placed_as_the_last_action_of_a_turn():
    """"A player can place these cards as the last action of his/her turn, after any shopping.\""""
    state = started()
    seat = state.current
    cards = set_hand(state, seat, movement=[2], money=[3])
    state.apply(PlaceMoney(seat, cards[1], WIFE, -1))
    assert state.stage == MONEY
    with pytest.raises(IllegalAction, match="last action"):
        state.apply(PlayMovement(seat, cards[0]))
    with pytest.raises(IllegalAction, match="last action"):
        state.apply(Step(seat, WIFE, sp(10)))


def test_the_shopping_safeguard_starts_the_dinner_hour_after_the_set_rounds():
    """Safeguard (our rule; the rulebook allows endless play): after ``shopping_rounds`` rounds the
    shops close — the ingredients card in the city goes back on top of the row and the Dinner Hour
    begins with the player whose turn it was as Player X."""
    state = started(players=2, shopping_rounds=2)
    card = state.floor[state.ingredient_space]
    for _ in range(4):
        seat = state.current
        pass_turn(state)
    assert state.dinner and state.safeguard == "shopping" and state.player_x == seat
    assert state.ingredient_row[0] == card and state.ingredient_space is None


def test_the_dinner_safeguard_seats_everyone_nearest_first():
    """Safeguard: after ``dinner_rounds`` rounds of the Dinner Hour the characters still walking sit
    down in order of their distance from their seats (nearest first) and the game ends."""
    from simulator.games.mamma.rules import OVER

    state = started(players=2, shopping_rounds=1, dinner_rounds=1)
    for _ in range(2):
        pass_turn(state)
    while state.pending:
        state.apply(state.legal_actions(state.current_players()[0])[0])
    city = state.game.city
    distance = {c: city.distance(state.loc[c], city.seat_entrances[c]) for c in range(6)}
    for _ in range(2):
        pass_turn(state)
    assert state.phase == OVER and state.safeguard == "dinner"
    assert state.arrivals == sorted(range(6), key=lambda c: (distance[c], c))
