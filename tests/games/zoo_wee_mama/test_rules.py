"""One test per Zoo-Wee Mama! rule, named after it; each quotes the sentence it checks.

Decisions of our own (RULES.md) are tested too; their docstrings say "Decision".
"""
from __future__ import annotations

import random

import pytest

from simulator.engine import IllegalAction, load_game
from simulator.engine.record import undo_point
from simulator.games.zoo_wee_mama.rules import (
    BIDDING,
    OVER,
    REVEAL,
    Bid,
    Challenge,
    DealNextRound,
    ZooWeeMamaGame,
    ZooWeeMamaState,
)

GREG, TRICYCLE, CHIPS, TOILET_ROLL, RUPERT, LITTLE_HAND, HOUSE, SKULL, JET_FIGHTER, STINKY_CHEESE = range(10)


class Table:
    """Builds a state in the bidding phase with chosen cards; unused cards form the draw pile.

    The dealer is the last seat, so seat 0 bids first. Unused Psychic cards lie at the
    bottom of the draw pile, so they come up only where a test puts them.
    """

    def __init__(self, players: int = 4, **options):
        self.game: ZooWeeMamaGame = load_game("zoo-wee-mama", players=players, **options)
        self.used: set[int] = set()

    def card(self, symbol: int | None = None, count: int = 0, *, psychic: bool = False,
             avoid: int | None = None) -> int:
        """An unused card: a Psychic card, or a motif card showing ``symbol`` exactly ``count`` times
        (and none of ``avoid``)."""
        g = self.game
        for c in range(g.deck_size):
            if c in self.used or g.is_psychic[c] != psychic:
                continue
            shown = g.card_symbols[c]
            if psychic or (shown[symbol] == count and (avoid is None or not shown[avoid])):
                self.used.add(c)
                return c
        raise LookupError(f"no unused card with {count} of symbol {symbol}")

    def motif(self, n: int) -> list[int]:
        """``n`` unused motif cards."""
        return [self.card(GREG, k % 2) for k in range(n)]

    def state(self, hands, secret, deck_top=(), *, psychic_round=False, prize=(),
              rest_to_won=False) -> ZooWeeMamaState:
        g = self.game
        n = g.players
        s = g.new_state(0)
        self.used.update(prize)
        rest = [c for c in range(g.deck_size) if c not in self.used and c not in s.box]
        rest.sort(key=lambda c: not g.is_psychic[c])
        s.won = [[] for _ in range(n)]
        if rest_to_won:  # as if earlier rounds had been won: the draw pile is only deck_top
            for i, c in enumerate(rest):
                s.won[i % n].append(c)
            rest = []
        s.deck = rest + list(reversed(deck_top))  # deck_top[0] is drawn first
        s.hands = list(hands)
        s.secret = secret
        s.dealer = n - 1
        s.opener = s.current = 0
        s.bids = []
        s.phase = BIDDING
        s.psychic_round = psychic_round
        s.next_psychic = False
        s.psychic_prize = list(prize)
        s.psychic_next = []
        s.round_no = 1
        all_cards = sorted(c for zone in s.card_zones().values() for c in zone)
        assert all_cards == list(range(g.deck_size)), "the test table lost or doubled a card"
        return s


def play(state: ZooWeeMamaState, *actions) -> ZooWeeMamaState:
    for action in actions:
        state.apply(action)
    return state


def settle_round(state: ZooWeeMamaState) -> int:
    """Finish the round quickly: a minimal opening bid, the next seat challenges, the winner deals.

    Returns the winner; the state is then in the next round (or over).
    """
    opener = state.current
    state.apply(state.legal_actions(opener)[0])
    state.apply(Challenge((opener + 1) % state.game.players))
    winner = state.reveal["winner"]
    if not state.is_over():
        state.apply(DealNextRound(winner))
    return winner


def refused(state: ZooWeeMamaState, action, reason: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert reason in str(info.value)
    assert state.to_json() == before


# -- dealing ---------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_each_player_receives_one_card_and_one_secret_card_is_placed_face_down(players):
    """"Each player receives 1 card ... 1 more card is placed face down in the middle of the
    table as the "Secret Card"."""
    game = load_game("zoo-wee-mama", players=players)
    for seed in range(5):
        s = game.new_state(seed)
        zones = s.card_zones()
        assert all(len(zones[f"hand{p}"]) == 1 for p in range(players))
        assert len(zones["secret"]) == 1
        assert len(s.deck) + len(s.psychic_next) == 60 - players - 1
        assert all(not game.is_psychic[c] for c in s.hands), "nobody keeps a Psychic card"


def test_players_look_at_their_own_card_but_do_not_show_it():
    """"Each player receives 1 card, which they look at but do not show to the other players."""
    s = load_game("zoo-wee-mama", players=4).new_state(3)
    assert not s.psychic_round
    for seat in range(4):
        view = s.view(seat)
        assert view["hand_cards"] == [s.hands[p] if p == seat else None for p in range(4)]
        assert view["hand_sizes"] == [1, 1, 1, 1]
        others = {s.hands[p] for p in range(4) if p != seat}
        assert s.hidden_from(seat) == set(s.deck) | {s.secret} | others


def test_the_secret_card_stays_face_down_until_the_challenge():
    """"1 more card is placed face down in the middle of the table as the "Secret Card"." ...
    "Then all cards are revealed – including the "Secret Card"."""
    t = Table(players=3)
    s = t.state([t.card(GREG, 2), t.card(GREG, 1), t.card(GREG, 0)], t.card(GREG, 1))
    secret = s.secret
    for viewer in (0, 1, 2, None):
        assert s.view(viewer)["secret_card"] is None and s.view(viewer)["secret_size"] == 1
        assert secret in s.hidden_from(viewer)
    play(s, Bid(0, 3, GREG), Challenge(1))
    for viewer in (0, 1, 2, None):
        assert s.view(viewer)["secret_card"] == secret
        assert secret not in s.hidden_from(viewer)


def test_the_onlooker_sees_no_players_card_while_bidding():
    """Decision: an onlooker sees public information only, in ordinary and Psychic rounds."""
    for psychic in (False, True):
        t = Table(players=2)
        hands = [t.card(GREG, 1), t.card(GREG, 2)]
        s = t.state(hands, t.card(GREG, 0), psychic_round=psychic)
        assert s.view(None)["hand_cards"] == [None, None]
        assert set(hands) <= s.hidden_from(None)


# -- the Psychic cards at the deal ------------------------------------------------------

def test_a_psychic_card_dealt_is_set_aside_face_up_and_replaced_again_and_again():
    """"If a player receives a "Psychic" card, it is first placed face up to the side." ... "The
    player receives a replacement card. If that is again a Psychic card, they set it aside as well
    and draw another card, and so on."""
    t = Table(players=2)
    a, b, secret = t.card(GREG, 2), t.card(GREG, 0), t.card(GREG, 0)
    p1, p2 = t.card(psychic=True), t.card(psychic=True)
    m1, m2, m3 = t.motif(3)
    s = t.state([a, b], secret, deck_top=[p1, p2, m1, m2, m3])
    play(s, Bid(0, 2, GREG), Challenge(1), DealNextRound(0))  # seat 0 won: deals from seat 1
    assert s.hands == [m2, m1]
    assert s.secret == m3
    assert s.psychic_next == [p1, p2]
    for viewer in (0, 1, None):
        assert s.view(viewer)["psychic_next_cards"] == [p1, p2]  # face up: everyone sees them
        assert not {p1, p2} & s.hidden_from(viewer)


def test_several_psychic_cards_in_one_deal_make_one_psychic_round_the_round_after():
    """"If several players receive Psychic cards at the start of a round, all of these cards are
    placed face up to the side. There is, however, only one Psychic round afterwards." Decision:
    "The next round is then a Psychic round" is the round after the one being dealt, which is
    played as usual with the replacement cards."""
    t = Table(players=2)
    a, b, secret = t.card(GREG, 2), t.card(GREG, 0), t.card(GREG, 0)
    p1, p2 = t.card(psychic=True), t.card(psychic=True)
    m = t.motif(12)
    s = t.state([a, b], secret, deck_top=[p1, m[0], p2, m[1], m[2], *m[3:]])
    play(s, Bid(0, 2, GREG), Challenge(1), DealNextRound(0))
    assert s.psychic_next == [p1, p2]
    assert not s.psychic_round and s.view(0)["next_round_psychic"]
    settle_round(s)
    assert s.round_no == 3 and s.psychic_round
    assert s.psychic_prize == [p1, p2]
    settle_round(s)
    assert s.round_no == 4 and not s.psychic_round, "only one Psychic round"


# -- bidding ----------------------------------------------------------------------------

def test_the_player_to_the_left_of_the_dealer_makes_the_first_bid():
    """"The player to the left of the dealer makes the first bid"."""
    for players in (2, 4, 6):
        game = load_game("zoo-wee-mama", players=players)
        for seed in range(6):
            s = game.new_state(seed)
            opener = (s.dealer + 1) % players
            assert s.current_players() == (opener,)
            for seat in range(players):
                assert bool(s.legal_actions(seat)) == (seat == opener)


def test_first_dealer_option():
    """Decision: "The player who most recently read a Greg book shuffles" cannot be asked, so the
    first dealer is drawn at random (option first_dealer=random) or is Player 1 (first-seat)."""
    game = load_game("zoo-wee-mama", players=4)
    assert len({game.new_state(seed).dealer for seed in range(40)}) == 4
    fixed = load_game("zoo-wee-mama", players=4, first_dealer="first-seat")
    assert {fixed.new_state(seed).dealer for seed in range(10)} == {0}
    assert fixed.new_state(1).current_players() == (1,)


def test_the_first_bid_names_a_symbol_from_the_bidders_own_card():
    """"they name 1 symbol of their choice from their card, together with a number stating how many
    times they believe that symbol appears on all the cards together, e.g. 5 x Rupert."""
    t = Table(players=3)
    mine = t.card(RUPERT, 2, avoid=SKULL)
    s = t.state([mine, t.card(GREG, 1), t.card(GREG, 1)], t.card(GREG, 0))
    shown = t.game.card_symbols[mine]
    assert {a.symbol for a in s.legal_actions(0)} == {sym for sym in range(10) if shown[sym]}
    assert not any(isinstance(a, Challenge) for a in s.legal_actions(0))
    refused(s, Bid(0, 1, SKULL), "Open with a symbol from your own card")
    play(s, Bid(0, 5, RUPERT))
    assert s.view(2)["bid"] == {"seat": 0, "number": 5, "symbol": RUPERT}


def test_each_bid_must_name_a_higher_number():
    """"The next player must raise the bid. To do so, they name a higher number"."""
    t = Table(players=3)
    s = t.state([t.card(RUPERT, 2), t.card(GREG, 1), t.card(GREG, 1)], t.card(GREG, 0))
    play(s, Bid(0, 5, RUPERT))
    refused(s, Bid(1, 5, GREG), "You must raise the bid: name more than 5")
    refused(s, Bid(1, 4, RUPERT), "You must raise the bid")
    play(s, Bid(1, 6, GREG))
    assert s.current_players() == (2,)


def test_a_raise_may_name_the_same_or_any_other_symbol_even_one_not_on_the_card():
    """"either the same symbol (e.g. 7 x Rupert) or any other symbol. They may also name a symbol
    that is not on their own card (e.g. 6 x Stinky Cheese)."""
    t = Table(players=3)
    s = t.state([t.card(RUPERT, 2), t.card(STINKY_CHEESE, 0), t.card(STINKY_CHEESE, 0)], t.card(GREG, 0))
    play(s, Bid(0, 5, RUPERT), Bid(1, 6, STINKY_CHEESE), Bid(2, 7, RUPERT))
    assert [b["symbol"] for b in s.view(0)["bids"]] == [RUPERT, STINKY_CHEESE, RUPERT]


def test_legal_actions_are_every_raise_and_the_challenge():
    """Decision: the legal actions are every bid with a higher number (up to the highest bid)
    on any symbol, and "Heissa Mama!"."""
    t = Table(players=4)
    s = t.state([t.card(RUPERT, 2), *t.motif(3)], t.card(GREG, 0))
    play(s, Bid(0, 5, RUPERT))
    legal = s.legal_actions(1)
    top = t.game.highest_number
    bids = {(a.number, a.symbol) for a in legal if isinstance(a, Bid)}
    assert bids == {(n, sym) for n in range(6, top + 1) for sym in range(10)}
    assert legal.count(Challenge(1)) == 1 and len(legal) == len(bids) + 1


def test_bids_stop_at_the_highest_number_one_symbol_can_reach_then_only_a_challenge_remains():
    """Decision: "You may outbid as much as you like" up to the most pictures of one symbol that
    players + 1 cards of the deck can show; after that bid the next player can only challenge."""
    for players in (2, 4, 6):
        g = load_game("zoo-wee-mama", players=players)
        reach = [sum(sorted(col[:54], reverse=True)[: players + 1]) for col in g.symbol_on_card]
        assert g.highest_number == max(reach)
    t = Table(players=2)
    top = t.game.highest_number
    s = t.state([t.card(GREG, 1), t.card(GREG, 1)], t.card(GREG, 0))
    refused(s, Bid(0, top + 1, GREG), f"Bids run from 1 to {top}")
    play(s, Bid(0, top, GREG))
    assert s.legal_actions(1) == [Challenge(1)]


def test_a_bid_no_cards_could_reach_is_allowed_and_loses_any_challenge():
    """Decision: the highest number is the same for every symbol, so a bid on a symbol no cards
    could show that often is allowed; it is a bluff that loses any challenge."""
    t = Table(players=2)
    jets = t.game.symbol_on_card[JET_FIGHTER][:54]
    most_jets = sum(sorted(jets, reverse=True)[:3])
    assert most_jets < t.game.highest_number
    s = t.state([t.card(JET_FIGHTER, 4), t.card(JET_FIGHTER, 4)], t.card(JET_FIGHTER, 3))
    play(s, Bid(0, most_jets + 1, JET_FIGHTER), Challenge(1))
    assert s.reveal["total"] == 11 and s.reveal["winner"] == 1


# -- challenging ------------------------------------------------------------------------

def test_only_the_player_whose_turn_it_is_may_challenge():
    """"IMPORTANT: Only the player whose turn it is may challenge."""
    t = Table(players=4)
    s = t.state([t.card(GREG, 1), *t.motif(3)], t.card(GREG, 0))
    play(s, Bid(0, 3, GREG))
    for seat in (0, 2, 3):
        refused(s, Challenge(seat), "Only the player whose turn it is may call Heissa Mama!")
        assert s.legal_actions(seat) == []
    play(s, Challenge(1))
    assert s.phase == REVEAL


def test_nobody_may_challenge_before_the_first_bid():
    """Decision: "they may challenge that last bid" needs a last bid: the opener must bid."""
    t = Table(players=2)
    s = t.state([t.card(GREG, 1), t.card(GREG, 1)], t.card(GREG, 0))
    refused(s, Challenge(0), "There is no bid to challenge yet")


def test_the_challenge_reveals_every_card_including_the_secret_card():
    """"Then all cards are revealed – including the "Secret Card" in the middle of the table."""
    t = Table(players=4)
    hands = [t.card(GREG, 1), *t.motif(3)]
    s = t.state(hands, t.card(GREG, 0))
    secret = s.secret
    play(s, Bid(0, 3, GREG), Challenge(1))
    for viewer in (0, 1, 2, 3, None):
        view = s.view(viewer)
        assert view["hand_cards"] == hands and view["secret_card"] == secret
        assert s.hidden_from(viewer) == set(s.deck)


def test_the_symbol_is_counted_card_by_card_in_turn_order_with_the_secret_card():
    """"In turn order, each player now states how many times the challenged symbol appears on their
    card. All the stated symbols are added together, including those on the "Secret Card"."""
    t = Table(players=3)
    hands = [t.card(SKULL, 1), t.card(SKULL, 3), t.card(SKULL, 0)]
    secret = t.card(SKULL, 2)
    s = t.state(hands, secret)
    play(s, Bid(0, 2, SKULL), Bid(1, 5, SKULL), Challenge(2))
    reveal = s.view(0)["reveal"]
    assert reveal["counts"] == [
        {"seat": 0, "card": hands[0], "count": 1},
        {"seat": 1, "card": hands[1], "count": 3},
        {"seat": 2, "card": hands[2], "count": 0},
        {"seat": None, "card": secret, "count": 2},
    ]
    assert reveal["total"] == 6 and reveal["symbol"] == SKULL and reveal["number"] == 5


def test_fewer_than_the_bid_the_challenger_wins_all_the_revealed_cards():
    """"If there are fewer symbols in total than the last bid, the challenger has won. They receive
    all the revealed cards (including the "Secret Card"). In a game of four, for example, they would
    receive 5 cards." ... "The player places their won cards face down in front of them."""
    t = Table(players=4)
    hands = [t.card(HOUSE, 2), t.card(HOUSE, 1), t.card(HOUSE, 0), t.card(HOUSE, 0)]
    secret = t.card(HOUSE, 1)
    s = t.state(hands, secret)
    play(s, Bid(0, 3, HOUSE), Bid(1, 5, HOUSE), Challenge(2))
    assert s.reveal["total"] == 4 and s.reveal["winner"] == 2 and s.reveal["challenger_won"]
    play(s, DealNextRound(2))
    assert sorted(s.won[2]) == sorted(hands + [secret])
    assert s.scores() == [0.0, 0.0, 5.0, 0.0]
    assert s.view(0)["won_cards"][2] == s.won[2] and s.view(0)["scores"] == [0, 0, 5, 0]


def test_at_least_the_bid_the_last_bidder_wins_all_the_cards():
    """"If the last-named symbol appears at least as many times as the last bid, the last bidder
    has won and receives all the cards."""
    t = Table(players=2)
    hands = [t.card(CHIPS, 4), t.card(CHIPS, 1)]
    secret = t.card(CHIPS, 0)
    s = t.state(hands, secret)
    play(s, Bid(0, 4, CHIPS), Bid(1, 5, CHIPS), Challenge(0))  # exactly 5: the bid holds
    assert s.reveal["winner"] == 1 and not s.reveal["challenger_won"]
    play(s, DealNextRound(1))
    assert sorted(s.won[1]) == sorted(hands + [secret])


def test_rulebook_example_bid_14_greg_only_12_shown_the_challenger_wins_5_cards():
    """"EXAMPLE: The game is played with four players. The last bid was 14 x "Greg". After the
    challenge the cards are revealed. "Greg" appears only 12 times. The challenger has therefore won
    and receives all the cards."""
    t = Table(players=4)
    hands = [t.card(GREG, 4), t.card(GREG, 3), t.card(GREG, 2), t.card(GREG, 2)]
    s = t.state(hands, t.card(GREG, 1))
    play(s, Bid(0, 6, GREG), Bid(1, 9, RUPERT), Bid(2, 14, GREG), Challenge(3))
    assert s.reveal["total"] == 12
    assert s.reveal["winner"] == 3
    play(s, DealNextRound(3))
    assert len(s.won[3]) == 5


def test_the_revealed_cards_stay_on_the_table_until_the_winner_deals():
    """Decision: after the count the cards lie face up with the result (the reveal phase) until the
    winner of the challenge gathers them and deals; only the winner may act then."""
    t = Table(players=3)
    hands = [t.card(GREG, 1), t.card(GREG, 0), t.card(GREG, 0)]
    s = t.state(hands, t.card(GREG, 0))
    play(s, Bid(0, 2, GREG), Challenge(1))
    assert s.phase == REVEAL and s.current_players() == (1,)
    assert s.legal_actions(1) == [DealNextRound(1)]
    assert s.legal_actions(0) == [] and s.legal_actions(2) == []
    assert s.card_zones()["hand0"] == [hands[0]], "the cards are still on the table"
    refused(s, DealNextRound(0), "Player 2 won the challenge and deals the next round")
    refused(s, Bid(1, 3, GREG), "The cards have been counted")
    assert s.view(2)["reveal"]["winner"] == 1
    play(s, DealNextRound(1))
    assert s.view(2)["reveal"] is None
    assert s.view(2)["rounds"][-1]["winner"] == 1 and s.view(2)["rounds"][-1]["taken"] == 4


def test_the_winner_deals_the_next_round_and_makes_the_first_bid():
    """"The next round is started by the player who won the challenge. They again deal 1 card to
    each player, place 1 card as the "Secret Card" in the middle of the table, and make the first
    bid." Decision: this later, specific sentence wins over "the player to the left of the dealer
    makes the first bid" for every round after the first (option opening_bidder)."""
    t = Table(players=4)
    s = t.state([t.card(GREG, 1), *t.motif(3)], t.card(GREG, 0))
    play(s, Bid(0, 1, GREG), Bid(1, 20, GREG), Challenge(2))
    play(s, DealNextRound(2))
    assert s.dealer == 2 and s.current_players() == (2,)
    assert s.round_no == 2 and s.phase == BIDDING
    assert all(a.player == 2 and isinstance(a, Bid) for a in s.legal_actions(2))


def test_option_the_player_left_of_the_winner_makes_the_first_bid():
    """Option opening_bidder=left-of-winner: the winner deals and, as in round one, the player to
    the dealer's left bids first."""
    t = Table(players=4, opening_bidder="left-of-winner")
    s = t.state([t.card(GREG, 1), *t.motif(3)], t.card(GREG, 0))
    play(s, Bid(0, 1, GREG), Bid(1, 20, GREG), Challenge(2), DealNextRound(2))
    assert s.dealer == 2 and s.current_players() == (3,)


def test_undo_cannot_reach_back_past_a_reveal_or_a_deal():
    """Decision: a bid can be taken back; the challenge reveals cards and the deal shows new ones,
    so undo stops there."""
    s = load_game("zoo-wee-mama", players=2).new_state(1)  # undo replays from the seed
    first, = s.current_players()
    play(s, next(a for a in s.legal_actions(first) if isinstance(a, Bid)))
    assert undo_point(s, first) == 0
    play(s, next(a for a in s.legal_actions(1 - first) if isinstance(a, Bid)), Challenge(first))
    assert s.undo_floor == 3 and undo_point(s, first) is None and undo_point(s, 1 - first) is None
    play(s, DealNextRound(s.current))
    assert s.undo_floor == 4


# -- the end ----------------------------------------------------------------------------

def test_the_game_ends_when_the_draw_pile_cannot_supply_another_round():
    """"The game continues in this way until all the cards have been played through. That is, there
    are no longer enough cards in the draw pile for another round."""
    for players in (2, 3, 5):
        game = load_game("zoo-wee-mama", players=players, psychic_cards=False)
        s = game.new_state(players)
        rounds = 0
        while not s.is_over():
            assert s.phase == BIDDING
            before = len(s.deck)
            settle_round(s)
            rounds += 1
            assert s.is_over() == (before < players + 1)
        assert rounds == 54 // (players + 1)
        assert s.phase == OVER and s.current_players() == ()
        assert sum(s.scores()) == rounds * (players + 1), "the last round's cards were won too"
        assert s.view(0)["reveal"] is not None, "the last count stays on the table"


def test_the_player_with_the_most_cards_wins():
    """"The player who has collected the most cards wins."""
    game = load_game("zoo-wee-mama", players=3)
    s = game.new_state(4)
    rng = random.Random(4)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions(s.current)))
    scores = s.scores()
    assert s.winners() == [p for p in range(3) if scores[p] == max(scores)]
    assert s.view(None)["winners"] == s.winners()


def test_in_case_of_a_tie_there_are_several_winners():
    """"In case of a tie, there are several winners."""
    t = Table(players=3)
    s = t.state([t.card(GREG, 1), *t.motif(2)], t.card(GREG, 0), rest_to_won=True)
    earlier = [c for pile in s.won for c in pile]  # 56 cards won in earlier rounds
    s.won = [earlier[:26], earlier[26:48], earlier[48:]]
    play(s, Bid(0, 20, GREG), Challenge(1))  # the pile is empty: this is the last round
    assert s.is_over() and s.scores() == [26.0, 26.0, 8.0]
    assert s.winners() == [0, 1]


# -- Psychic rounds ---------------------------------------------------------------------

def test_in_a_psychic_round_players_see_the_others_cards_but_not_their_own():
    """"these cards are dealt so that the player receiving a card does NOT see which symbols and how
    many of them are shown on it. Each player holds their card so that they see its back, and only
    the other players can see its face."""
    t = Table(players=3)
    hands = [t.card(GREG, 1), t.card(GREG, 2), t.card(GREG, 0)]
    s = t.state(hands, t.card(GREG, 0), psychic_round=True)
    for seat in range(3):
        view = s.view(seat)
        assert view["psychic_round"]
        assert view["hand_cards"] == [None if p == seat else hands[p] for p in range(3)]
        assert s.hidden_from(seat) == set(s.deck) | {s.secret, hands[seat]}


def test_a_psychic_round_is_dealt_face_away_after_a_psychic_card():
    """"In the Psychic round ... As always, 1 card is placed face down in the middle as the "Secret
    Card", and each player receives 1 card from the draw pile. However, these cards are dealt so
    that the player receiving a card does NOT see" it."""
    t = Table(players=2)
    s = t.state([t.card(GREG, 2), t.card(GREG, 0)], t.card(GREG, 0),
                deck_top=[t.card(psychic=True), *t.motif(3)])
    play(s, Bid(0, 2, GREG), Challenge(1), DealNextRound(0))
    settle_round(s)
    assert s.psychic_round
    for seat in (0, 1):
        assert s.view(seat)["hand_cards"][seat] is None
        assert s.view(seat)["hand_cards"][1 - seat] == s.hands[1 - seat]


def test_in_a_psychic_round_the_first_bidder_may_name_any_symbol():
    """"The first bidder may now name any symbol."""
    t = Table(players=2)
    mine = t.card(SKULL, 0)
    s = t.state([mine, t.card(GREG, 1)], t.card(GREG, 0), psychic_round=True)
    assert {a.symbol for a in s.legal_actions(0) if a.number == 1} == set(range(10))
    play(s, Bid(0, 1, SKULL))


def test_the_winner_of_a_psychic_round_also_takes_the_psychic_cards_set_aside():
    """"In addition to the players' cards and the "Secret Card", the winner of the round also
    receives the Psychic card(s) that were placed face up to the side."""
    t = Table(players=2)
    p1, p2 = t.card(psychic=True), t.card(psychic=True)
    hands = [t.card(GREG, 1), t.card(GREG, 0)]
    secret = t.card(GREG, 0)
    s = t.state(hands, secret, psychic_round=True, prize=[p1, p2])
    assert s.view(1)["psychic_prize_cards"] == [p1, p2]
    play(s, Bid(0, 2, GREG), Challenge(1))
    assert s.reveal["winner"] == 1 and s.reveal["taken_cards"] == [hands[0], hands[1], secret, p1, p2]
    play(s, DealNextRound(1))
    assert sorted(s.won[1]) == sorted(hands + [secret, p1, p2])
    assert s.psychic_prize == [] and not s.psychic_round


def test_a_psychic_card_dealt_in_a_psychic_round_makes_the_next_round_a_psychic_round_too():
    """"If a player receives a Psychic card during a Psychic round, the other players tell them so.
    The player then places the card face up to the side, draws a new card, and so on. The following
    round is again a Psychic round." Decision: each Psychic card goes to the winner of the Psychic
    round it caused (option psychic_prize=causing)."""
    t = Table(players=2)
    p1, p2 = t.card(psychic=True), t.card(psychic=True)
    m = t.motif(9)
    s = t.state([t.card(GREG, 2), t.card(GREG, 0)], t.card(GREG, 0),
                deck_top=[p1, m[0], m[1], m[2], p2, *m[3:]])
    play(s, Bid(0, 2, GREG), Challenge(1), DealNextRound(0))  # round 2: p1 turns up
    settle_round(s)  # round 3 is a Psychic round; p2 turns up in its deal
    assert s.round_no == 3 and s.psychic_round
    assert s.psychic_prize == [p1] and s.psychic_next == [p2]
    assert s.view(0)["next_round_psychic"], "the others told the player: everyone knows"
    winner = settle_round(s)
    assert p1 in s.won[winner] and p2 not in s.won[winner]
    assert s.round_no == 4 and s.psychic_round and s.psychic_prize == [p2]
    winner = settle_round(s)
    assert p2 in s.won[winner]
    assert not s.psychic_round


def test_option_the_psychic_round_winner_takes_every_psychic_card_aside():
    """Option psychic_prize=all-aside: the winner of a Psychic round takes every Psychic card lying
    aside, also those turned up in that round's deal; the next round is still a Psychic round."""
    t = Table(players=2, psychic_prize="all-aside")
    p1, p2 = t.card(psychic=True), t.card(psychic=True)
    m = t.motif(9)
    s = t.state([t.card(GREG, 2), t.card(GREG, 0)], t.card(GREG, 0),
                deck_top=[p1, m[0], m[1], m[2], p2, *m[3:]])
    play(s, Bid(0, 2, GREG), Challenge(1), DealNextRound(0))
    settle_round(s)
    winner = settle_round(s)
    assert {p1, p2} <= set(s.won[winner])
    assert s.psychic_round and s.psychic_prize == []


def test_a_psychic_secret_card_goes_to_the_challenge_winner_and_makes_the_next_round_psychic():
    """"If there are fewer symbols in total than the last bid, the challenger has won. They receive
    all the revealed cards (including the "Secret Card")." and "If the "Secret Card" is a Psychic
    card, the next round is a Psychic round." The rulebook's words are the default: the winner
    takes the Psychic Secret Card with the rest (it shows no symbol in the count)."""
    t = Table(players=2)
    psychic = t.card(psychic=True)
    hands = [t.card(GREG, 2), t.card(GREG, 0)]
    s = t.state(hands, psychic)
    assert not s.view(0)["next_round_psychic"], "nobody knows yet"
    play(s, Bid(0, 3, GREG), Challenge(1))
    assert s.reveal["secret_is_psychic"] and s.reveal["counts"][-1]["count"] == 0
    assert s.reveal["winner"] == 1 and psychic in s.reveal["taken_cards"]
    assert s.view(0)["next_round_psychic"]
    play(s, DealNextRound(1))
    assert sorted(s.won[1]) == sorted(hands + [psychic])
    assert s.psychic_round and s.psychic_prize == []


def test_option_a_psychic_secret_card_is_set_aside_for_the_psychic_round_it_causes():
    """Option psychic_secret_card=set-aside: the Psychic Secret Card is set aside with the other
    Psychic cards, and the winner of the Psychic round it causes takes it."""
    t = Table(players=2, psychic_secret_card="set-aside")
    psychic = t.card(psychic=True)
    hands = [t.card(GREG, 2), t.card(GREG, 0)]
    s = t.state(hands, psychic)
    play(s, Bid(0, 2, GREG), Challenge(1), DealNextRound(0))
    assert sorted(s.won[0]) == sorted(hands)
    assert s.psychic_round and s.psychic_prize == [psychic]
    winner = settle_round(s)
    assert psychic in s.won[winner]


def test_psychic_cards_still_aside_at_the_end_belong_to_nobody():
    """Decision: Psychic cards still set aside when the game ends were won by nobody (option
    leftover_psychic=nobody); with last-winner the winner of the last challenge takes them."""
    for option, expected in (("nobody", None), ("last-winner", 1)):
        t = Table(players=2, leftover_psychic=option)
        psychic = t.card(psychic=True)  # turned up in this round's deal: the next would be Psychic
        s = t.state([t.card(GREG, 1), t.card(GREG, 0)], t.card(GREG, 0), deck_top=t.motif(2),
                    prize=[psychic], rest_to_won=True)
        s.next_psychic = True
        play(s, Bid(0, 3, GREG), Challenge(1))  # 2 cards left: no further round
        assert s.is_over() and s.reveal["winner"] == 1
        if expected is None:
            assert s.card_zones()["psychic_prize"] == [psychic]
            assert all(psychic not in pile for pile in s.won)
        else:
            assert psychic in s.won[expected]


def test_a_deal_that_psychic_cards_run_dry_ends_the_game():
    """Decision: if Psychic cards use up the draw pile before everyone has a card, the game ends;
    the cards of that unfinished deal are laid open and count for nobody."""
    t = Table(players=2)
    p1, p2 = t.card(psychic=True), t.card(psychic=True)
    last = t.card(GREG, 1)
    s = t.state([t.card(GREG, 1), t.card(GREG, 0)], t.card(GREG, 0), deck_top=[p1, p2, last],
                rest_to_won=True)
    scores_before = s.scores()
    play(s, Bid(0, 1, GREG), Challenge(1), DealNextRound(0))
    assert s.is_over() and s.current_players() == ()
    assert s.round_no == 1 and not s.view(0)["next_round_psychic"], "no second round began"
    assert s.unfinished == [last] and s.psychic_next == [p1, p2]  # set aside, won by nobody
    assert s.scores()[0] == scores_before[0] + 3 and s.scores()[1] == scores_before[1]
    assert "Psychic cards used up the draw pile" in s.view(None)["end_reason"]
    for viewer in (0, 1, None):
        assert s.view(viewer)["unfinished_cards"] == [last] and not s.hidden_from(viewer)


def test_without_psychic_cards_they_stay_in_the_box():
    """"TIP: The first time you play, you may leave out the Psychic cards. In that case, the 6
    Psychic cards are set aside at the start and returned to the box."""
    game = load_game("zoo-wee-mama", players=4, psychic_cards=False)
    s = game.new_state(8)
    rng = random.Random(8)
    while not s.is_over():
        assert sorted(s.card_zones()["box"]) == list(game.psychic_cards)
        assert not s.psychic_round and not s.psychic_next and not s.psychic_prize
        s.apply(rng.choice(s.legal_actions(s.current)))
    assert all(not game.is_psychic[c] for pile in s.won for c in pile)
    assert s.view(0)["box_cards"] == list(game.psychic_cards)


def test_actions_of_the_wrong_kind_or_shape_are_refused_with_a_reason():
    """Illegal moves are refused with a reason a player can read and change nothing."""
    t = Table(players=2)
    s = t.state([t.card(GREG, 1), t.card(GREG, 1)], t.card(GREG, 0))
    refused(s, DealNextRound(0), "the next deal comes after a challenge")
    refused(s, Bid(1, 2, GREG), "It is not your turn: Player 1 is to bid")
    refused(s, Bid(0, 2, 10), "A bid is a number and one of the 10 symbols")
    refused(s, Bid(0, True, GREG), "number must be an integer")
    refused(s, Bid(0, 0, GREG), "Bids run from 1 to")
    with pytest.raises(IllegalAction):
        t.game.decode_action({"kind": "bid", "player": 0, "number": 2})
