"""Mamma: "The Victory" — victory points, the winner and the tie-break."""
from __future__ import annotations

from simulator.engine import load_game
from simulator.games.mamma.box import GRANDMA, GRANDPA, HUSBAND, MAMMA, SON, WIFE
from simulator.games.mamma.rules import OVER, TABLE
from simulator.games.mamma.scoring import ingredient_points, score_character

from .tabletop import give_food, ingredient_card, set_money, started

BOX = load_game("mamma", players=2).box


def card(*foods: str) -> int:
    """The ingredient card showing exactly these foods."""
    for c in BOX.ingredients:
        if BOX.ingredient(c).foods == foods:
            return c
    raise LookupError(foods)


def test_the_rulebook_example_the_wife_scores_one_point():
    """"Example: if the Wife has received the Guests -3 vp card and has these 2 ingredients cards, she
    gets: 3 vp for the pair of fishes (found on both cards) 2 vp for the pasta and the salami of
    the second card 1 negative vp as indicated by the red number on the first card (Mother-in-Law)
    3 negative vp for her Guests card Her final sum is 1 vp.\""""
    first, second = card("fish"), card("fish", "pasta", "salami")
    assert BOX.ingredient(first).mother_in_law == 1 and BOX.ingredient(first).tablecloth == "red"
    guests_3 = BOX.guests[BOX.guests_vp.index(-3)]
    score = score_character(BOX, WIFE, ingredient_cards=[first, second], money_cards=[],
                            guests_card=guests_3, with_child=False, arrival=None)
    assert (score.matching, score.singles, score.mother_in_law, score.guests) == (3, 2, -1, -3)
    assert score.total == 1


def test_matching_ingredients_on_two_to_five_cards_score_3_6_10_15():
    """"Matching ingredients on 5 cards gives 15 vp / on 4 cards gives 10 vp / on 3 cards gives 6 vp /
    on 2 cards gives 3 vp\""""
    salami = [card("fish", "pasta", "salami"), card("salami", "tomatoes"),
              card("fish", "bread", "salami"), card("pasta", "tomatoes", "salami", "bread"),
              card("cheese", "salami")]
    assert ingredient_points(BOX, salami[:2])[0] == 3                      # salami x2
    assert ingredient_points(BOX, salami[:3])[0] == 6 + 3                  # salami x3, fish x2
    assert ingredient_points(BOX, salami[:4])[0] == 10 + 3 + 3 + 3 + 3     # + pasta, tomatoes, bread
    assert ingredient_points(BOX, salami)[0] == 15 + 12                    # salami x5


def test_single_ingredients_score_one_except_on_mother_in_law_cards():
    """"Every individual ingredient on the ingredients cards that do not have the Mother-in-Law icon
    and that did not count toward matching above gives 1 vp" and "These cards do not count toward
    individual ingredient scoring but can count towards matching ingredients.\""""
    plain = card("bread", "tomatoes", "cheese")
    assert ingredient_points(BOX, [plain]) == (0, 3, 0)
    mil = card("pasta", "tomatoes", "salami", "bread")
    assert BOX.ingredient(mil).mother_in_law == 5
    assert ingredient_points(BOX, [mil]) == (0, 0, -5)
    # together: tomatoes and bread match across the two cards; cheese is a single on a plain card
    assert ingredient_points(BOX, [plain, mil]) == (6, 1, -5)


def test_money_character_bonuses_and_arrival_order():
    """"Each character receives 1 vp per point of value of the money cards", "The Grandma gets 5 vp,
    the Mamma gets 3 vp, while the Husband gets 5 negative vp", "The Grandpa gets 7 vp if his card
    shows the side Grandpa with the Child, otherwise the Grandpa gets 3 vp" and "All the characters
    get the following vp, depending on the order of their arrival to the table: +3, +2, +1, -1, -2,
    -3.\""""
    money = [c for c in BOX.money if BOX.value[c] == 3][:2]

    def total(character, *, child=False, arrival=None, cash=()):
        return score_character(BOX, character, ingredient_cards=[], money_cards=cash,
                               guests_card=None, with_child=child, arrival=arrival).total

    assert total(WIFE, cash=money) == 6
    assert [total(c) for c in (GRANDPA, GRANDMA, MAMMA, WIFE, HUSBAND, SON)] == [3, 5, 3, 0, -5, 0]
    assert total(GRANDPA, child=True) == 7
    assert [total(WIFE, arrival=k) for k in range(6)] == [3, 2, 1, -1, -2, -3]


def finished(state, arrivals):
    for c in arrivals:
        state.loc[c] = TABLE
    state.arrivals = list(arrivals)
    state.phase = OVER
    return state


def test_each_seat_scores_its_secret_character():
    """"At this point, the players show their secret characters and whoever has the character with the
    most vp is the winner.\""""
    state = started(players=2, secret_a=GRANDMA)
    a = state.player_a
    other = state.secret[1 - a]
    finished(state, [GRANDMA, other] + [c for c in range(6) if c not in (GRANDMA, other)])
    scores = state.scores()
    assert scores[a] == state.breakdown(GRANDMA).total
    assert scores[1 - a] == state.breakdown(other).total
    assert state.winners() == [max((0, 1), key=lambda s: scores[s])]
    view = state.view(1 - a)
    assert view["secret_cards"][a] == BOX.secret[GRANDMA]  # shown at the end


def test_a_tie_goes_to_the_character_who_sat_down_first():
    """"If there is a tie for points, whoever has made his/her character sit at the table first is the
    winner." (We read it as: the tied player whose secret character sat down first.)"""
    state = started(players=2, secret_a=WIFE)
    a = state.player_a
    state.secret[1 - a] = MAMMA
    for c in range(6):
        set_money(state, c)
    # Mamma: +3 bonus, +3 first at the table = 6. Wife: 5 money, -1 Mother-in-Law, +2 second = 6.
    set_money(state, WIFE, 3, 2)
    give_food(state, WIFE, ingredient_card(state, mother_in_law=1))
    finished(state, [MAMMA, WIFE, GRANDPA, GRANDMA, HUSBAND, SON])
    scores = state.scores()
    assert scores[a] == scores[1 - a]
    assert state.winners() == [1 - a]  # the Mamma sat down first
