"""What the Zoo-Wee Mama! table says: the help text, the status line, the sidebar, the log,
the sentences on the table and the challenge and game summaries.

Pure (no pygame): every sentence is made from a seat's view and the seat names, so it can
never tell a viewer more than the view does. Summaries come as ``(key, title, lines, rows)``
for the view to wrap.
"""
from __future__ import annotations

from typing import Any, Sequence

from .rules import BIDDING, REVEAL, ZooWeeMamaGame

SummaryParts = tuple[str, str, tuple[str, ...], tuple[tuple[str, ...], ...]]

HELP = """# Zoo-Wee Mama!

Everyone holds one card full of pictures (3 to 15 of them, 10 different symbols).
One more card, the Secret Card, lies face down in the middle. Bid on how many pictures
of one symbol all the cards show together, the Secret Card included.

# Bidding
The first bidder names a number and a symbol from their own card, e.g. 5 x Rupert.
Each next player must raise: a higher number, with the same or any other symbol (even
one not on their own card). Pick the number with - and +, click a symbol, then Bid.
Symbols you may not name now are greyed out; a gold badge says how many of a symbol
you can see.

# Heissa Mama!
Instead of raising, the player whose turn it is may call "Heissa Mama!" to challenge
the last bid. All cards are turned up and the symbol is counted card by card. Fewer
than the bid: the challenger wins. At least the bid: the bidder wins. The winner takes
every revealed card onto their won pile, deals the next round and bids first.

# Psychic cards
A Psychic card dealt to a player is laid aside face up and replaced; the next round is
a Psychic round: you see everybody's card except your own (you see its back), and the
first bid may name any symbol. The winner of a Psychic round also takes the Psychic
cards set aside for it.

# The end
When the draw pile cannot deal another round, the player with the most cards wins;
ties share the win. The sidebar shows everyone's cards won.

# Keys
Click the table to skip the count · Esc menu · F1 this help ·
Ctrl+Z undo a bid (not past a challenge) · Ctrl+S save · Ctrl+O load · F12 screenshot
"""


def cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"



class TableWords:
    """Sentences for one table: its game (for the symbol names) and the names of its seats."""

    def __init__(self, game: ZooWeeMamaGame, names: Sequence[str]) -> None:
        self.game = game
        self.symbols = game.symbols
        self.names = names  # not copied: GameView.rename renames the seats in place

    def who(self, seat: int, viewer: int | None) -> str:
        return "You" if seat == viewer else self.names[seat]

    def whom(self, seat: int, viewer: int | None) -> str:
        """:meth:`who` inside a sentence: "you", or the name."""
        return "you" if seat == viewer else self.names[seat]

    def bid(self, bid: dict[str, Any]) -> str:
        """'5 × Rupert', held together by no-break spaces: a wrapped line never ends in "5" or "×"."""
        return f"{bid['number']}\u00a0×\u00a0{self.symbols[bid['symbol']].name}"

    # -- the banner and the sidebar ----------------------------------------------------------------
    def status(self, v: dict[str, Any], viewer: int | None, *, counted: int | None, may_deal: bool,
               bidding: bool) -> str:
        """One line: what is happening, or what the viewer is to do.

        ``counted`` is the running total while the count is still playing, ``may_deal`` says
        the viewer is to deal the next round, ``bidding`` that the viewer may bid or challenge.
        """
        reveal = v["reveal"]
        if reveal is not None and counted is not None:
            name = self.symbols[reveal["symbol"]].name
            return f"Heissa Mama! Counting {name}: {counted} so far (bid {reveal['number']})"
        if v["over"]:
            return "Game over: " + self.result_line(v, viewer)
        if reveal is not None:
            winner = self.who(reveal["winner"], viewer)
            if may_deal:
                return f"You won the challenge: take {cards(len(reveal['taken_cards']))} and deal the next round"
            return f"{winner} won the challenge and deals next"
        current = v["current"]
        if current != viewer or not bidding:
            return f"{self.names[current]} is bidding…"
        if not v["bids"]:
            if v["psychic_round"]:
                return "Psychic round! Open with any symbol: you see every card but yours"
            return "Your opening bid: a number and a symbol from your card"
        return f"Raise {self.bid(v['bid'])}, or call Heissa Mama!"

    def headline(self, v: dict[str, Any]) -> str:
        if v["psychic_round"] and v["phase"] == BIDDING:
            return f"Round {v['round']} · a Psychic round"
        return f"Round {v['round']} · {v['draw_pile_size']} cards left"

    def plates(self, v: dict[str, Any], counted: bool = True) -> list[tuple[str, list[str]]]:
        """Per seat: the cards won, and the seat's latest bid of the round (if any); once a
        challenge's count is ``counted`` on the table, what its winner takes when dealing next."""
        last_bid: dict[int, str] = {}
        if v.get("phase") == BIDDING:
            for bid in v["bids"]:
                last_bid[bid["seat"]] = f"bid {self.bid(bid)}"
        reveal = v.get("reveal") if counted and v.get("phase") == REVEAL else None
        taking = {reveal["winner"]: len(reveal["taken_cards"])} if reveal else {}
        return [(f"{cards(v['scores'][s])} won" + (f", takes {taking[s]}" if s in taking else ""),
                 [last_bid[s]] if s in last_bid else [])
                for s in range(self.game.players)]

    def result_line(self, v: dict[str, Any], viewer: int | None) -> str:
        """Who won the game, with how many cards."""
        scores = v["scores"]
        winners = v["winners"]
        best = scores[winners[0]] if winners else 0
        names = [self.who(s, viewer) for s in winners]
        if len(names) == 1:
            verb = "win" if names[0] == "You" else "wins"
            return f"{names[0]} {verb} with {cards(best)}!"
        return f"{' and '.join(names)} share the win with {cards(best)} each!"

    def log_lines(self, v: dict[str, Any], viewer: int | None, told: list[dict[str, Any]]) -> list[str]:
        """The ``told`` challenge results (the sidebar shows the latest that fit), then the bids
        of the round being bid."""
        lines = [f"Round {r['round']}: {self._result_sentence(r, viewer)}" for r in told]
        if v.get("phase") == BIDDING and v["bids"]:
            lines.append(f"Round {v['round']}" + (" (Psychic)" if v["psychic_round"] else "") + ":")
            for bid in v["bids"]:
                lines.append(f"  {self.who(bid['seat'], viewer)}: {self.bid(bid)}")
        return lines

    def _result_sentence(self, r: dict[str, Any], viewer: int | None) -> str:
        return (f"{self.who(r['challenger'], viewer)} challenged {self.bid(r)}; "
                f"{r['total']} counted, {self.who(r['winner'], viewer)} +{r['taken']}")

    # -- on the table --------------------------------------------------------------------------------
    def opening(self, v: dict[str, Any], viewer: int | None) -> tuple[str, str]:
        """Before the first bid: who opens, and with which symbols."""
        opener = self.who(v["opener"], viewer)
        verb = "open" if opener == "You" else "opens"
        whose = "your" if opener == "You" else "their"
        rule = ("with any symbol: nobody sees their own card" if v["psychic_round"]
                else f"with a symbol from {whose} own card")
        return f"{opener} {verb} the bidding", rule

    def waiting(self, v: dict[str, Any], viewer: int | None) -> tuple[str, str]:
        """While another seat bids: whom the table waits for, and what they must do."""
        current = v["current"]
        who = self.who(current, viewer)
        if v["bids"]:
            line = f"{who} must raise {self.bid(v['bid'])} or call Heissa Mama!"
        else:
            line = f"{who} makes the first bid of round {v['round']}."
        return f"Waiting for {who}…", line

    def aside_notes(self, v: dict[str, Any], prize: int, waiting: int) -> list[str]:
        """What the Psychic cards set aside wait for: ``prize`` go to a Psychic round's winner,
        ``waiting`` make the next round a Psychic round."""
        if v["over"]:
            return [f"{cards(prize + waiting)} left over: nobody's"]
        notes = []
        if prize:
            notes.append(f"{cards(prize)} for this round's winner" if v["psychic_round"]
                         else f"{cards(prize)} for the next Psychic round's winner")
        if waiting:
            notes.append("Next round is a Psychic round!")
        return notes

    def verdict(self, reveal: dict[str, Any], viewer: int | None) -> tuple[str, str]:
        """After the count: the total against the bid, and who wins how many cards."""
        winner = self.who(reveal["winner"], viewer)
        verb = "win" if winner == "You" else "wins"
        taken = cards(len(reveal["taken_cards"]))
        if reveal["challenger_won"]:
            return f"Only {reveal['total']}: the bid was too high!", f"{winner} (the challenger) {verb} {taken}"
        return (f"{reveal['total']}: at least {reveal['number']}, the bid holds!",
                f"{winner} (the bidder) {verb} {taken}")

    # -- summaries -----------------------------------------------------------------------------------
    def challenge_summary(self, r: dict[str, Any], totals: list[int], seen: dict[str, Any] | None) -> SummaryParts:
        """One challenge's result; ``totals`` are the cards won after it, ``seen`` its reveal if this
        table watched it (else the pictures each card showed are unknown)."""
        symbol = self.symbols[r["symbol"]].name
        winner = self.names[r["winner"]]
        bidder, challenger = self.names[r["bidder"]], self.names[r["challenger"]]
        verdict = (f"{r['total']} counted, fewer than {r['number']}: the challenger wins."
                   if r["total"] < r["number"] else
                   f"{r['total']} counted, at least {r['number']}: the bid holds.")
        lines = [f"{bidder} bid {self.bid(r)}; {challenger} called Heissa Mama!", verdict]
        if r["psychic"]:
            lines.append("A Psychic round: the winner also took the Psychic cards that caused it.")
        shown: dict[int | None, int] = {e["seat"]: e["count"] for e in seen["counts"]} if seen else {}
        rows: list[tuple[str, ...]] = [("Player", f"{symbol} shown", "Took", "Cards now")]
        for s in range(self.game.players):
            rows.append((self.names[s], str(shown[s]) if s in shown else "?",
                         str(r["taken"]) if s == r["winner"] else "", str(totals[s])))
        if seen:
            rows.append(("Secret Card", str(shown[None]), "", ""))
        takes = "take" if winner == "You" else "takes"
        return (f"challenge-{r['round']}", f"Round {r['round']}: {winner} {takes} {cards(r['taken'])}",
                tuple(lines), tuple(rows))

    def game_summary(self, v: dict[str, Any]) -> SummaryParts:
        """The final standings: cards and challenges won, most cards first."""
        players = self.game.players
        scores = v["scores"]
        wins = [0] * players
        for r in v["rounds"]:
            wins[r["winner"]] += 1
        order = sorted(range(players), key=lambda s: (-scores[s], s))
        rows = [("Player", "Cards", "Challenges won")] + [
            (self.names[s], str(scores[s]), str(wins[s])) for s in order]
        names = [self.names[s] for s in v["winners"]]
        if len(names) == 1:
            title = "You win the game!" if names[0] == "You" else f"{names[0]} wins the game!"
        else:
            title = f"{' and '.join(names)} share the win!"
        lines = (v["end_reason"], "The most cards wins; a tie shares the win.")
        return "game", title, lines, tuple(rows)
