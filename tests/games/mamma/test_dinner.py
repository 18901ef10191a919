"""Mamma: "The Dinner Hour"."""
from __future__ import annotations

import pytest

from simulator.engine import IllegalAction
from simulator.games.mamma.box import CHARACTERS, GRANDMA, GRANDPA, HUSBAND, MAMMA, SON, WIFE
from simulator.games.mamma.rules import (DINNER_SETUP, HOSPITAL, OFF, OVER, PLAY, SCHOOLBUS, SEAT,
                                         TABLE, WAITING, WC, AssignGuests, Draw, EndMovement, EndTurn,
                                         Finish, Pay, PlaceCharacter, PlaceMoney, PlayMovement,
                                         SeatFifth, Step)

from .tabletop import (TRAFFIC_1, give_food, ingredient_card, put, set_city_ingredient, set_hand,
                       set_money, sp, started)


def buy_the_last_card(state, money=()) -> int:
    """The current player makes the Wife buy the last ingredients card, playing one movement card
    (the hand is that card and money cards of the values ``money``); returns Player X."""
    seat = state.current
    set_city_ingredient(state, ingredient_card(state, cost=1))
    for card in list(state.ingredient_row):
        give_food(state, GRANDPA, card)
    set_money(state, WIFE, 1)
    put(state, WIFE, 5)
    card = set_hand(state, seat, movement=[1], money=money)[0]
    state.apply(PlayMovement(seat, card))
    state.apply(Step(seat, WIFE, sp(6)))
    state.apply(EndMovement(seat))
    state.apply(Pay(seat, tuple(state.money_at[WIFE])))
    return seat


def place_everyone(state) -> None:
    """Settle the guests and placements with the first legal choice each time; Player X then
    ends the turn taking no card."""
    while state.phase == DINNER_SETUP:
        seat = state.current_players()[0]
        state.apply(state.legal_actions(seat)[0])
    if state.current == state.player_x:
        state.apply(Finish(state.player_x))
        state.apply(EndTurn(state.player_x))


NAMES = ("grandpa", "grandma", "mamma", "wife", "husband", "son")


def dinner(players: int = 2, **spots):
    """A game in the Dinner Hour, the characters then moved where told (back numbers); the
    others fill 9, 18, 27, 8, 17, 26 in character order."""
    state = started(players=players)
    buy_the_last_card(state)
    place_everyone(state)
    free = iter(n for n in (9, 18, 27, 8, 17, 26) if n not in spots.values())
    for c, name in enumerate(NAMES):
        put(state, c, spots[name] if name in spots else next(free))
    return state


def with_mp(state, *values):
    seat = state.current
    for card in set_hand(state, seat, movement=values):
        state.apply(PlayMovement(seat, card))
    return seat


def test_the_dinner_hour_takes_every_character_off_the_city_and_the_schoolbus_with_the_child():
    """"this player (known as Player X), places the last substitute card in the area of play and
    removes all 6 characters cards, wherever they are. If the Grandpa with the Child is in play, the
    schoolbus must also be removed. If the Grandpa is in play, the schoolbus remains in the area of
    play.\""""
    for with_child in (False, True):
        state = started()
        state.grandpa_child = with_child
        put(state, SON, HOSPITAL)
        put(state, HUSBAND, WC)
        state.wc_step = 3
        x = buy_the_last_card(state)
        assert state.player_x == x and state.phase == DINNER_SETUP
        assert all(state.loc[c] == WAITING for c in range(CHARACTERS))  # Grandma too, from her seat
        assert state.floor[sp(15)] in state.game.box.substitutes
        assert (state.loc[SCHOOLBUS] == OFF) == with_child


def test_whoever_has_not_placed_a_guests_card_does_so_now_starting_with_player_x():
    """"Beginning with Player X, whoever hasn't yet placed his/her Guests card does so now.\""""
    state = started(players=3)
    x = state.current
    later = (x + 1) % 3
    state.guests_used[later] = True
    state.guests_at[HUSBAND] = state.guests_supply.pop(0)
    buy_the_last_card(state)
    asked = [p["seat"] for p in state.pending if p["kind"] == "guests"]
    assert asked == [x, (x + 2) % 3]
    with pytest.raises(IllegalAction, match="already has guests"):
        state.apply(AssignGuests(x, HUSBAND))
    state.apply(AssignGuests(x, SON))
    assert state.game.box.guests_value(state.guests_at[SON]) == -5


def test_the_characters_go_into_the_rightmost_free_column_one_player_after_another():
    """"Player X chooses one of the removed character cards and places it in an empty space, in the
    first column available to the right of the area of play. ... The next player places one of the
    remaining character cards ... If a column is full of characters (already placed), the player must
    choose to place a character in an empty space in the next left column.\""""
    state = started(players=2)
    put(state, TRAFFIC_1, 18)  # the right column has only two free spaces
    x = buy_the_last_card(state)
    for seat in (x, 1 - x):
        state.apply(AssignGuests(seat, [SON, HUSBAND][seat]))
    seats, columns = [], []
    for character in (WIFE, SON, GRANDMA, MAMMA, HUSBAND, GRANDPA):
        item = state.pending[0]
        spaces = state.landing_spaces(item)
        columns.append(sorted(s % 9 + 1 for s in spaces)[0])
        seats.append(item["seat"])
        state.apply(PlaceCharacter(item["seat"], character, spaces[0]))
    assert seats == [x, 1 - x] * 3
    assert columns == [9, 9, 8, 8, 8, 7]  # 2 + 3 + 1: "the last 2 or 3 right columns"
    assert state.phase == PLAY and state.current == x  # Player X finishes the turn (see below)
    state.apply(Finish(x))
    state.apply(EndTurn(x))
    assert state.current == (x + 1) % 2  # "the Player to the left of Player X is the first to play"


def test_player_x_finishes_the_turn_after_the_dinner_hour_set_up():
    """"A player can place these cards as the last action of his/her turn, after any shopping" and
    "3. The player plays 2 or more game cards and takes 1 game card": nothing in "The Dinner Hour"
    takes these from Player X, so after the set-up ("As soon as a player makes a character buy the
    last ingredients card ...") the buyer may still place money and takes the turn's cards; then
    "the Player to the left of Player X is the first to play" (option player_x_turn=finishes)."""
    state = started(players=3)
    x = state.current
    set_money(state, MAMMA)
    buy_the_last_card(state, money=[3, 2])
    money = list(state.hands[x])
    assert state.phase == DINNER_SETUP and state.current_players() == (x,)
    while state.phase == DINNER_SETUP:
        seat = state.current_players()[0]
        state.apply(state.legal_actions(seat)[0])
    assert state.current == x and not any(isinstance(a, (PlayMovement, Step)) for a in state.legal_actions(x))
    state.apply(PlaceMoney(x, money[0], MAMMA, -1))
    state.apply(PlaceMoney(x, money[1], MAMMA, -1))  # three cards played: more than a Dinner Hour turn
    assert state.money(MAMMA) == 5
    state.apply(Finish(x))
    with pytest.raises(IllegalAction, match="you take 1 game card"):
        state.apply(EndTurn(x))
    state.apply(Draw(x, "movement"))
    assert len(state.hands[x]) == 1 and state.current == (x + 1) % 3 and state.dinner_turns == 1


def test_option_player_x_s_turn_ends_at_the_last_purchase():
    """Option player_x_turn=ends: the buyer's turn ends with the purchase (no money, no cards), and
    the player to the left of Player X plays once the characters are placed."""
    state = started(players=3, player_x_turn="ends")
    x = state.current
    buy_the_last_card(state, money=[3])
    money = list(state.hands[x])
    while state.phase == DINNER_SETUP:
        seat = state.current_players()[0]
        state.apply(state.legal_actions(seat)[0])
    assert state.current == (x + 1) % 3 and state.hands[x] == money


def test_the_first_step_costs_two_mp_forward_and_three_back_then_one():
    """"If the first space is back (towards the right hand of the moving character) the player must
    spend 3 mp. If the first space is forwards (towards the left hand of the moving character), the
    player spends 2 mp. The next spaces of the same movement cost 1 mp." Example: "the Husband 4
    spaces, of which the first space is to his left (cost: 2+1+1+1)\""""
    state = dinner(grandpa=9, grandma=27, mamma=24, wife=26, husband=18, son=23)
    seat = with_mp(state, 4, 1)
    for number in (17, 8, 7, 6):  # left first, then up, left, left
        state.apply(Step(seat, HUSBAND, sp(number)))
    assert state.mp == 0  # 2 + 1 + 1 + 1
    state.apply(EndMovement(seat))
    assert state.step_cost(MAMMA, sp(24), sp(25), True) == 3  # back, to the right
    assert state.step_cost(MAMMA, sp(24), sp(23), True) == 2  # forward, to the left


def test_the_rulebook_example_grandpa_one_space_left_and_wife_two_back_cost_six():
    """"A player wants to move the Grandpa 1 space, towards his left (cost: 2) and the Wife back 2
    spaces, of which the first space is to her right (cost: 3+1). Therefore, the player must play
    movement cards (max. 3 cards) whose sum is at least 6 mp.\""""
    state = dinner(grandpa=18, wife=15, husband=9, son=27, grandma=26, mamma=24)
    put(state, SCHOOLBUS + 2, 14)  # the second traffic card out of the Wife's way
    seat = with_mp(state, 3, 3)
    state.apply(Step(seat, GRANDPA, sp(17)))
    state.apply(EndMovement(seat))
    assert state.mp == 4
    state.apply(Step(seat, WIFE, sp(16)))  # back, to her right: 3
    state.apply(Step(seat, WIFE, sp(7)))   # then 1
    assert state.mp == 0
    state.apply(EndMovement(seat))


def test_a_first_step_up_or_down_a_column_costs_the_sideways_option():
    """The rulebook names only forward (2) and back (3); a first step within a column costs
    the option sideways_first_step (2 by default, 3 if the table prefers)."""
    for cost in (2, 3):
        state = started(sideways_first_step=cost)
        buy_the_last_card(state)
        place_everyone(state)
        wife = state.loc[WIFE]
        up_or_down = [s for s in state.game.city.neighbours[wife] if s % 9 == wife % 9][0]
        assert state.step_cost(WIFE, wife, up_or_down, True) == cost
        assert state.step_cost(WIFE, wife, wife - 1, True) == 2
        assert state.step_cost(WIFE, wife - 1, wife, True) == 3


def test_at_most_three_game_cards_a_turn_in_the_dinner_hour():
    """"In the Dinner Hour phase: a) each player can play or discard a maximum of 3 game cards.\""""
    state = dinner()
    seat = state.current
    cards = set_hand(state, seat, movement=[1, 1, 2], money=[1])
    for card in cards[:3]:
        state.apply(PlayMovement(seat, card))
    with pytest.raises(IllegalAction, match="at most 3 game cards"):
        state.apply(PlaceMoney(seat, cards[3], GRANDPA, -1))


def test_nobody_goes_into_the_wc_or_the_hospital_in_the_dinner_hour():
    """"From this moment on, nobody can be placed into the w.c. or be run over and placed on the
    Hospital card.\""""
    state = dinner(husband=9, wife=24)
    seat = with_mp(state, 4, 1)
    with pytest.raises(IllegalAction, match="W.C."):
        state.apply(Step(seat, HUSBAND, WC))
    state.apply(Step(seat, SCHOOLBUS, sp(24)))  # crosses the Wife: no accident now
    assert state.loc[WIFE] == sp(24)
    state.apply(Step(seat, SCHOOLBUS, sp(23)))
    state.apply(EndMovement(seat))


def test_stealing_still_works_in_the_dinner_hour():
    """"All the rules regarding "Stealing Ingredients", the traffic cards, the bench, the bank, the
    school, the taxi, the bus and the church remain the same.\""""
    state = dinner(wife=18, mamma=17)
    seat = with_mp(state, 4)
    state.food_at[MAMMA].append(state.food_at[GRANDPA].pop())
    state.apply(Step(seat, WIFE, sp(17)))
    assert state.pending[0]["kind"] == "steal"


def test_a_character_sits_down_only_at_its_own_seat_from_the_space_next_to_it():
    """"making his secret character reach the space in column B from where he/she started" and "It's
    not permitted: 1. to move a character along column B. This means that a character must reach
    his/her "seat at the table" by moving from an adjacent area of play space.\""""
    state = dinner(wife=11, grandpa=10)
    seat = with_mp(state, 4, 4)
    assert SEAT not in state.destinations(GRANDPA)  # 10 leads to the Mamma's and Wife's seats
    state.apply(Step(seat, WIFE, sp(2)))
    state.apply(Step(seat, WIFE, sp(1)))
    assert SEAT not in state.destinations(WIFE)  # 1 is next to the Grandpa's and Grandma's seats
    state.apply(EndMovement(seat))
    put(state, WIFE, 19)
    put(state, GRANDPA, 27)
    state.apply(Step(seat, WIFE, sp(10)))
    state.apply(Step(seat, WIFE, SEAT))
    assert state.loc[WIFE] == TABLE and state.arrivals == [WIFE] and state.active is None


def test_seated_characters_get_no_more_money():
    """"It's not permitted: ... 2. to add money cards to the left of reference cards of the
    characters already sitting at the table.\""""
    state = dinner()
    seat = state.current
    put(state, WIFE, TABLE)
    state.arrivals.append(WIFE)
    card = set_hand(state, seat, money=[2])[0]
    with pytest.raises(IllegalAction, match="sitting at the table"):
        state.apply(PlaceMoney(seat, card, WIFE, -1))


def test_the_fourth_character_at_the_table_ends_the_game_and_its_player_names_the_fifth():
    """"As soon as a player makes the fourth character sit at the table, the game ends immediately.
    This player declares which of the last 2 characters remaining in the area of play will sit at the
    table fifth and sixth.\""""
    state = dinner(wife=10, son=25, mamma=9)
    for c in (GRANDPA, GRANDMA, HUSBAND):
        put(state, c, TABLE)
        state.arrivals.append(c)
    seat = with_mp(state, 4)
    state.apply(Step(seat, WIFE, SEAT))
    assert state.phase == PLAY and state.pending == [{"kind": "fifth", "seat": seat}]
    assert sorted(a.character for a in state.legal_actions(seat)) == [MAMMA, SON]
    state.apply(SeatFifth(seat, SON))
    assert state.phase == OVER and state.arrivals == [GRANDPA, GRANDMA, HUSBAND, WIFE, SON, MAMMA]
    assert state.current_players() == () and state.legal_actions(seat) == []
