"""What the Wackelbett table's referee reports, and when: the game's phases (the referee acts
in those of :data:`STAGES`), why a placement can fail, and the :class:`Verdict` action.

Pure (no pymunk): the rules read verdicts and the referee (pymunk) writes them; both import
this module, so neither needs the other.
"""
from __future__ import annotations

from dataclasses import dataclass

from simulator.engine import REFEREE, Action
from simulator.physics.snapshot import BodyPose

from .layout import TableLayout, TableOutcome

# Phases. Seats act in TURN, DRAWN and PRINCESS; the referee in the others.
SETUP = "setup"                        # the first card is laid across the bed
TURN = "turn"                          # play a card, or draw when none fits
DRAWN = "drawn"                        # the drawn card fits: lay it or keep it
CARD_VERDICT = "card-verdict"          # the physics judges the card just laid
PRINCESS = "princess"                  # stand the princess on the new card's crown
PRINCESS_VERDICT = "princess-verdict"  # the physics judges her
LIFT = "lift"                          # she is lifted off before a turn; what is loose settles
RESTAND = "restand"                    # the player stands her back up on the top crown
RESTAND_VERDICT = "restand-verdict"    # the physics judges that
OVER = "over"
PHASES = (SETUP, TURN, DRAWN, CARD_VERDICT, PRINCESS, PRINCESS_VERDICT, LIFT, RESTAND, RESTAND_VERDICT, OVER)

# Why a placement failed, most physical first: something fell off the bed; the princess was
# pushed aside; the card, let go over the pile, slid or fell off it into the bed; the pea
# beneath stayed uncovered; the card, laid beside the pile, did not end on top of it.
FELL, PUSHED, SLID, MISSED_PEA, NOT_ON_TOP = "fell", "pushed", "slid", "pea", "not-on-top"
FAIL_CAUSES = (FELL, PUSHED, SLID, MISSED_PEA, NOT_ON_TOP)
PHYSICAL = (FELL, PUSHED, SLID)  # the physics decided: something fell off, was pushed or slid off the pile

STAGES = {SETUP: "setup", CARD_VERDICT: "card", PRINCESS_VERDICT: "princess", LIFT: "settle",
          RESTAND_VERDICT: "restand"}
PRINCESS_PHASES = (PRINCESS, RESTAND)  # a seat holds the princess


@dataclass(frozen=True, slots=True)
class Verdict(Action):
    """The table's report once everything has settled (acts as REFEREE).

    ``stage`` names what was judged ("setup", "card", "princess", "settle", "restand").
    ``bed_cards`` stayed on the bed, lowest first, with their poses (x, y, angle
    flattened); ``fallen_cards`` left it. ``princess_pose`` is empty when she left
    the bed. ``pea_covered``/``on_top``/``princess_pushed`` judge a card just laid.
    """

    kind = "verdict"
    stage: str
    bed_cards: tuple[int, ...]
    card_poses: tuple[float, ...]
    bed_pose: tuple[float, ...]
    princess_pose: tuple[float, ...]
    princess_upright: bool
    fallen_cards: tuple[int, ...]
    pea_covered: bool
    on_top: bool
    princess_pushed: bool

    @classmethod
    def of(cls, stage: str, outcome: TableOutcome) -> Verdict:
        layout = outcome.layout
        return cls(
            REFEREE, stage,
            tuple(card for card, _ in layout.cards),
            tuple(v for _, pose in layout.cards for v in pose),
            tuple(layout.bed),
            tuple(layout.princess) if layout.princess is not None else (),
            outcome.princess_upright, tuple(outcome.fallen_cards),
            outcome.pea_covered, outcome.on_top, outcome.princess_pushed,
        )

    def outcome(self) -> TableOutcome:
        p = self.card_poses
        cards = tuple((card, BodyPose(p[3 * i], p[3 * i + 1], p[3 * i + 2])) for i, card in enumerate(self.bed_cards))
        princess = BodyPose(*self.princess_pose) if self.princess_pose else None
        layout = TableLayout(BodyPose(*self.bed_pose), cards, princess)
        return TableOutcome(layout, self.fallen_cards, self.princess_upright, self.pea_covered, self.on_top,
                            self.princess_pushed)
