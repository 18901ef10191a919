"""What the Wackelbett table says: the help, the status line, the log, seat plates, reasons,
verdict banners and the summaries with the challenge's high-score table.

Pure (no pygame): every sentence is made from a seat's view, the seat names and the
game's printed cards, so it never tells a viewer more than the view does.
"""
from __future__ import annotations

import datetime
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from .challenge import ChallengeScore
from .rules import (CARD_VERDICT, DRAWN, FELL, LIFT, OVER, PHYSICAL, PRINCESS, PRINCESS_VERDICT, RESTAND,
                    RESTAND_VERDICT, SETUP, SLID, WackelbettGame)

if TYPE_CHECKING:
    from .playback import LiveJob

VERDICT_HOLD = 1.2        # s a verdict holds the next machine move back, so it can be read
FAIL_HOLD = 2.6           # ... a failure, which says more
NOTE_HOLD = 0.6           # ... a short note (the set-up, the princess stood back up)
# From how much a failed placement's banner names it as a reason (the player can act on it).
WHY_HIGH_MM = 5.0         # let go this far above where it would lie
WHY_MOVING_MM_S = 40.0    # the hand still moving sideways this fast
WHY_TURNED_DEG = 5.0      # turned this far from how it would lie
WHY_LEAN_DEG = 4.0        # the bed leaning this far
WHY_OFF_BALANCE_MM = 10.0  # a card laid this far from where it balances the pile

HELP = """# Wackelbett

Stack bedding cards on the wobbling princess bed and stand Penny Pea princess on top.
The first player to lay their last card (and lay the princess down safely on it) wins.

# Your turn
Lay a card that is neither the same colour nor the same bedding as the top card. Lit
cards in your hand fit; point at a dim card to see why it does not.

Press a lit card and lift it above the bed: it now hangs from your hand. Lower it onto
the pile so that it completely covers the green pea printed on the top card, and let
go (or click a card, move it over the bed and click again). The mouse wheel (or Q and
E, or the arrow keys) tilts the card. Careful: the card is a real object. Bump the pile
and things slide; let it go from high and it lands on air and skates. Once it hangs over
the bed it must be laid; before that a right-click puts it back. A hand holds a card (or
the princess) for 15 seconds at most: in the last few a "hand tiring" clock counts down,
and then it lets go where it is.

Once everything has settled the table judges: if a card or the princess slid off the
bed, the pea is still showing, or you pushed the princess aside, you take your card back
(other cards that fell go face up to the reserve).

Then stand Penny Pea on the crown of the card you laid: press over the bed to take her,
lower her onto the crown (its reach is marked in green) and let go. She is a real figure
too: let go of her tilted, moving, or from too high and she may topple. If she fell over,
the next player first stands her back up on the crown of the top card the same way.

If no card fits, click the draw pile. A drawn card that fits may be laid at once or kept.

# Solo challenge
One player (python -m simulator play wackelbett --players 1): stack the deck card by
card as high as you can. The run ends at the first fall. Your best heights go into the
high-score table. The challenge of the day deals everyone the same deck that day (the
sidebar says "Daily challenge").

# Colours
Rose has a circle, sky a triangle, lemon a square and mint a diamond, on every card
in the hand and on both ends of every card on the bed.

# Keys
Esc menu · F1 this help · Ctrl+Z undo · Ctrl+S save · Ctrl+O load · F12 screenshot
"""

Rows = tuple[tuple[str, ...], ...]


def cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


@dataclass
class Banner:
    """A verdict as the table announces it: shown for ``seconds``, and the table's next move
    waits ``hold`` seconds so it can be read."""

    title: str
    lines: list[str]
    good: bool
    seconds: float = 5.0
    hold: float = VERDICT_HOLD


class TableWords:
    """Sentences for one table: its game and the names of its seats."""

    def __init__(self, game: WackelbettGame, names: Sequence[str]) -> None:
        self.game = game
        self.names = names  # not copied: GameView.rename renames the seats in place

    def who(self, seat: int, viewer: int | None) -> str:
        return "You" if seat == viewer else self.names[seat]

    def wins(self, seat: int) -> str:
        """The winner's headline: "Ann wins!", or "You win!" for a seat called You."""
        name = self.names[seat]
        return "You win!" if name == "You" else f"{name} wins!"

    def does(self, seat: int, viewer: int | None, third: str, second: str) -> str:
        """``seat``'s name and the verb to go with it: "Ann puts", "You put"."""
        return f"{self.who(seat, viewer)} {second if seat == viewer else third}"

    # -- the status line, the headline and the seat plates -------------------------------------
    def status(self, v: dict[str, Any], viewer: int | None, job: LiveJob | None, *, may_act: bool,
               dragging: bool, can_draw: bool, can_pass: bool) -> str:
        """One line: what is happening (``job`` is the live world on screen), or what the viewer is to do.

        ``may_act``: the viewer has legal actions; ``dragging``: a card taken from the hand is
        not yet over the bed; ``can_draw``/``can_pass``: those actions are legal.
        """
        phase = v["phase"]
        g = self.game
        if phase == OVER:
            if v["mode"] == "challenge":
                return f"Challenge over: {cards(v['stacked'])} stacked, {v['best_height']:.1f} mm high"
            if v["winner"] is not None:
                return f"{self.who(v['winner'], viewer)} won: Penny Pea sleeps soundly!"
            return "Nobody can play on: fewest cards in hand win"
        current = v["current"]
        if phase == SETUP:
            return "The first card is laid across the bed…"
        if phase == LIFT:
            return "Penny Pea is lifted off; the bed settles…"
        settling = job is not None and job.settling and not job.human
        if phase == CARD_VERDICT:
            if job is not None and not job.human and not job.settling and v["placing_card"] is not None:
                return f"{self.does(current, viewer, 'lays', 'lay')} the {g.card_label(v['placing_card'])}…"
            return "The table judges the card…"
        if phase in (PRINCESS_VERDICT, RESTAND_VERDICT):
            if job is not None and not settling:
                return f"{self.does(current, viewer, 'puts', 'put')} Penny Pea on the crown…"
            return "The table judges the princess…"
        if current != viewer or not may_act:
            if phase in (PRINCESS, RESTAND):
                return f"{self.does(current, viewer, 'is', 'are')} standing the princess on the crown…"
            return f"{self.does(current, viewer, 'is', 'are')} laying a card…"
        if job is not None and job.carries_princess and not job.let_go:
            return "Lower her onto the crown and let go · wheel or Q/E tilts"
        if phase in (PRINCESS, RESTAND):
            how = "Lay her down" if v["princess_lying"] else "Stand her"
            where = f"your {g.card_label(v['last_laid_card'])}" if phase == PRINCESS else "the top card"
            if v["princess_card"] is None:
                return f"{how} back up on the bare bed: press over the bed to take her"
            again = " back up" if phase == RESTAND and not v["princess_lying"] else ""
            return f"{how}{again} on the crown of {where}: press over the bed to take her"
        if job is not None and job.card is not None and not job.let_go:
            return "Lower it onto the pile and let go · wheel or Q/E tilts"
        if dragging:
            return "Lift the card above the pile"
        if phase == DRAWN:
            return f"You drew a {g.card_label(v['drawn_card'])} that fits: lay it or keep it"
        if can_draw:
            return "No card fits the top card: click the draw pile"
        if can_pass:
            return "Nothing fits and nothing to draw: pass"
        if v["mode"] == "challenge":
            return f"Lay your {g.card_label(v['hand_cards'][0])}: cover the pea" if v["hand_cards"] else ""
        top = v["top_card"]
        if top is None:
            return "Your turn: lay any card on the bare bed"
        return f"Your turn: not {g.faces[top].colour}, not a {g.faces[top].bedding}"

    @staticmethod
    def headline(v: dict[str, Any], daily: bool) -> str:
        """The piles, or in the challenge which deck is played and how much of it is left."""
        if v["mode"] == "challenge":
            which = "Daily challenge" if daily else "Solo challenge"
            return f"{which} · over" if v["phase"] == OVER else f"{which} · {v['draw_pile_size']} to come"
        return f"Draw pile {v['draw_pile_size']} · reserve {len(v['reserve_cards'])}"

    def plate(self, v: dict[str, Any], seat: int, viewer: int | None) -> tuple[str, str | None]:
        """A seat's plate: its detail line and, with open hands, its hand's cards (None: not shown)."""
        if v["mode"] == "challenge":
            return f"{cards(v['stacked'])} stacked · {v['best_height']:.1f} mm", None
        open_hands = v.get("open_hand_cards")
        shown = None
        if open_hands is not None and seat != viewer:
            shown = ", ".join(self.game.card_label(c) for c in open_hands[seat])
        return f"{cards(v['hand_sizes'][seat])} in hand", shown

    # -- reasons and verdicts -------------------------------------------------------------------
    def why_not_playable(self, v: dict[str, Any], card: int, playable: set[int], acting: bool) -> str:
        """Why ``card`` may not be laid now, in a player's words ("" if it may)."""
        if card in playable:
            return ""
        if not acting:
            return "Wait for your turn."
        phase = v["phase"]
        if phase == PRINCESS:
            return "Stand the princess on the crown first."
        if phase == RESTAND:
            return "Stand the princess back up on the top crown first."
        if phase == DRAWN and card != v["drawn_card"]:
            return "You drew a card that fits: lay that one, or keep it."
        top = v["top_card"]
        if top is None:
            return ""
        g = self.game
        mine, theirs = g.faces[card], g.faces[top]
        same_colour, same_bedding = mine.colour == theirs.colour, mine.bedding == theirs.bedding
        if same_colour and same_bedding:
            return f"Same colour and same bedding as the top card ({theirs.label})."
        if same_colour:
            return f"Same colour as the top card ({theirs.colour})."
        if same_bedding:
            return f"Same bedding as the top card (a {theirs.bedding})."
        return ""

    def why(self, failed: dict[str, Any], viewer: int | None, *, her: bool = False) -> list[str]:
        """What a player can learn from a fall: where the hand laid the card against the pile's
        balance, how it let go of the card (of the princess, with ``her``) -- too high, still
        moving, turned -- and how far the bed leaned, each only when it was enough to matter."""
        if failed.get("cause") not in PHYSICAL:
            return []
        how = []
        if failed.get("height_mm", 0.0) >= WHY_HIGH_MM:
            how.append(f"{failed['height_mm']:.0f} mm too high")
        if failed.get("sideways_mm_s", 0.0) >= WHY_MOVING_MM_S:
            how.append(f"still moving sideways at {failed['sideways_mm_s']:.0f} mm/s")
        if failed.get("turned_deg", 0.0) >= WHY_TURNED_DEG:
            toward = failed.get("turned_toward")
            if her and toward in ("uphill", "downhill"):
                how.append(f"tilted {failed['turned_deg']:.0f} degrees {toward} of the card")
            elif her and toward in ("left", "right"):
                how.append(f"tilted {failed['turned_deg']:.0f} degrees to the {toward}")
            else:
                how.append(f"turned {failed['turned_deg']:.0f} degrees")
        lines = []
        off = failed.get("off_balance_mm", 0.0)
        if not her and abs(off) >= WHY_OFF_BALANCE_MM:
            lines.append(f"{self.who(failed['seat'], viewer)} laid the card {abs(off):.0f} mm "
                         f"{'right' if off > 0 else 'left'} of where it balances the pile.")
        if how:
            joined = how[0] if len(how) == 1 else ", ".join(how[:-1]) + " and " + how[-1]
            lines.append(f"{self.who(failed['seat'], viewer)} let {'her' if her else 'the card'} go {joined}.")
        skate = self.game.physics.sure_skate_height
        if not her and skate is not None and failed.get("height_mm", 0.0) >= skate:
            lines.append("A card let go that high lands on the air beneath it and skates.")
        if failed.get("lean_deg", 0.0) >= WHY_LEAN_DEG:
            slip = math.degrees(self.game.physics.card.slip_angle)
            lines.append(f"The bed leaned {failed['lean_deg']:.0f} degrees under the pile; "
                         f"cards slip at {slip:.0f} degrees.")
        return lines

    def verdict(self, stage: str, v: dict[str, Any], viewer: int | None, agreed: bool) -> Banner | None:
        """How the ``stage`` just judged ended, from the last event the rules wrote (None: nothing to say).

        ``agreed``: the live world settled where the referee's did; if not, the banner says so.
        """
        events = v.get("events", [])
        last = events[-1] if events else {}
        what = last.get("what")
        g = self.game
        if what == "fails":
            who = self.names[last["seat"]]
            reasons = last["reason"].split("; ")
            others = len(reasons) - 1
            more = f" (and {others} more {'reason' if others == 1 else 'reasons'}, in the log)" if others else ""
            whose = "your" if last["seat"] == viewer else who + "'s"
            lines = [f"{reasons[0].capitalize()}{more}.", *self.why(last, viewer, her="turned_toward" in last),
                     f"The {last['label']} goes back to {whose} hand."]
            if last["count"]:
                gone = v["reserve_cards"][-last["count"]:]
                lines.append(f"To the reserve: {', '.join(g.card_label(c) for c in gone)}.")
            title = {FELL: "It fell off!", SLID: "It slid off!"}.get(last.get("cause"), "Not like that!")
            banner = Banner(title, lines, False, hold=FAIL_HOLD)
        elif what == "laid":
            banner = Banner("The card stays!", [f"The {last['label']} lies safely on the pile:",
                                                "now the princess goes on its crown."], True)
        elif what in ("stays", "wins", "complete"):
            upright = v["princess_upright"] or v["princess_lying"]
            title = "Penny Pea stands!" if upright else "She toppled, but stayed on the bed!"
            extra = "" if upright else ("Lucky: stand her back up on the crown, then lay your next card."
                                        if v["mode"] == "challenge" else
                                        "Lucky: the next player stands her back up on the crown.")
            if what == "wins":
                title, extra = self.wins(last["seat"]), "Penny Pea lies on the last card, safe and sound."
            elif what == "complete":
                title, extra = "The whole deck is stacked!", ""
            banner = Banner(title, [line for line in (extra,) if line], True)
        elif what == "tilted":
            banner = Banner("The bed tilted by itself", [f"{cards(last['count'])} slid off into the reserve."], False)
        elif what == "restands":
            banner = Banner("Penny Pea stands again", [], True, seconds=2.5, hold=NOTE_HOLD)
        elif what == "restand-fails":
            left = self.game.restand_tries - last["tries"]
            line = (f"Try again: {left} more {'try' if left == 1 else 'tries'}." if left > 0 else
                    "The table lays her down on the crown.")
            banner = Banner("She did not stay up", [*self.why(last, viewer, her=True), line], False, hold=FAIL_HOLD)
        elif what == "knocked":
            banner = Banner("Cards fell", [f"{cards(last['count'])} went to the reserve."], False, hold=FAIL_HOLD)
        elif stage == "settle":
            if v["princess_pose"] is not None:
                banner = Banner("Penny Pea is laid down on the crown", [], True, seconds=2.5, hold=NOTE_HOLD)
            else:
                return None
        elif stage == "setup":
            banner = Banner("The first card lies across the bed", [], True, seconds=2.5, hold=NOTE_HOLD)
        else:
            return None
        if not agreed:
            banner.lines.append("(The screen and the referee disagreed; the referee's table is shown.)")
        return banner

    # -- the log --------------------------------------------------------------------------------
    def event(self, e: dict[str, Any], viewer: int | None) -> str | None:
        """One log line for event ``e`` (None for events the log does not show)."""
        seat = e["seat"]

        def does(third: str, second: str) -> str:
            return self.does(seat, viewer, third, second)

        what = e["what"]
        if what == "first":
            begins = "you begin" if seat == viewer else does("begins", "begin")  # mid-sentence: lower case
            return f"The {e['label']} is laid across the bed; {begins}"
        if what == "lays":
            return f"{does('lays', 'lay')} the {e['label']}"
        if what == "laid":
            return f"The {e['label']} stays on the bed"
        if what == "stays":  # (saves from before "how" say only that she stayed)
            return {"stands": "Penny Pea stands on the {}", "lies": "Penny Pea lies on the {}",
                    "toppled": "Penny Pea toppled on the {} but stayed on the bed"
                    }.get(e.get("how", ""), "Penny Pea stays on the {}").format(e["label"])
        if what == "fails":
            lost = f"; {cards(e['count'])} to the reserve" if e["count"] else ""
            why = " ".join(self.why(e, viewer, her="turned_toward" in e))  # the numbers stay in the log
            return f"{does('takes', 'take')} back the {e['label']}: {e['reason']}{lost}" + (f". {why}" if why else "")
        if what == "draws":
            return f"{does('draws', 'draw')} a card"
        if what == "keeps":
            return f"{does('keeps', 'keep')} the drawn card"
        if what == "passes":
            return does("passes", "pass")
        if what == "reshuffle":
            return f"The reserve is shuffled into a new draw pile ({cards(e['count'])})"
        if what == "tilted":
            return f"The bed tilted: {cards(e['count'])} to the reserve"
        if what == "restands":
            return f"{does('stands', 'stand')} Penny Pea back up"
        if what == "restand-fails":
            whom = "you" if seat == viewer else self.names[seat]
            return f"Penny Pea did not stay up for {whom} (try {e['tries']})"
        if what == "knocked":
            return f"{does('knocks', 'knock')} {cards(e['count'])} off the bed: to the reserve"
        if what == "wins":
            won = "win" if seat == viewer else "wins"
            return f"{does('lays', 'lay')} the last card and {won}!"
        if what == "blocked":
            return "Nobody can play on: the game ends"
        if what == "stuck":
            return "Nothing has stayed for rounds: the pile cannot be played on, the game ends"
        if what == "complete":
            return "The whole deck is stacked!"
        return None

    # -- the summaries --------------------------------------------------------------------------
    def game_summary(self, v: dict[str, Any]) -> tuple[str, tuple[str, ...], Rows]:
        """Title, lines and rows (cards left per player, fewest first) of a finished game."""
        winner = v["winner"]
        if winner is not None:
            title = self.wins(winner)
            lines = (f"{self.names[winner]} laid the last card and Penny Pea lay down on it without a wobble.",)
        elif any(e["what"] == "stuck" for e in v.get("events", [])):
            title = "The pile has had enough"
            lines = (f"No card stayed for {self.game.stuck_rounds} rounds in a row: the game ends and the "
                     "fewest cards in hand win.",)
        else:
            title = "The bed is full"
            lines = ("Nobody could lay a card and nothing was left to draw: the fewest cards in hand win.",)
        rows = [("Player", "Cards left")] + sorted(
            ((self.names[s], str(n)) for s, n in enumerate(v["hand_sizes"])), key=lambda r: int(r[1]))
        return title, lines, tuple(rows)

    @staticmethod
    def challenge_summary(v: dict[str, Any], day: datetime.date | None, place: int | None,
                          high_scores: Sequence[ChallengeScore], problem: str) -> tuple[str, tuple[str, ...], Rows]:
        """Title, lines and high-score rows of a finished challenge run.

        ``day``: the day whose challenge of the day the run played (None: another deck);
        ``place``: where the run entered the high-score table (0: not high enough; None: not
        recorded); ``problem``: why the high scores could not be read or written ("" if they could).
        """
        which = f"the challenge of the day ({day:%d %b %Y})" if day else \
            f"deck #{v['challenge_seed']}"
        lines = [f"{cards(v['stacked'])} stacked, {v['best_height']:.1f} mm of bedding on {which}."]
        if place:
            lines.append(f"Place {place} in your high-score table!")
        elif place == 0:
            lines.append("Not high enough for the high-score table this time.")
        if problem:
            lines.append(problem)
        rows: list[tuple[str, ...]] = [("#", "Name", "Height", "Cards", "Day")]
        for i, s in enumerate(high_scores[:8]):
            new = "  new!" if place == i + 1 else ""
            rows.append((f"{i + 1}{new}", s.name, f"{s.height_mm:.1f} mm", str(s.cards), s.day))
        return "Challenge over", tuple(lines), tuple(rows) if len(rows) > 1 else ()
