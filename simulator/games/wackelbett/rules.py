"""Wackelbett rules (../shared/rules/wackelbett.txt; our reading in RULES.md). Pure: no pymunk.

Cards are ints 0..35; :class:`WackelbettGame` knows each card's bedding, colour,
pea and crown (:class:`~.components.CardFace`). The physics decides through the
table's referee: a seat's :class:`PlaceCard` records what the hand did (a
:mod:`hand trace <.hand>`), then :meth:`WackelbettState.current_players` is
``(REFEREE,)`` and the referee (:mod:`.referee`, pymunk, imported lazily) rebuilds
the world from the poses recorded here, replays the trace, lets everything settle
and answers with a :class:`Verdict` that carries where everything came to rest.
The rules only read verdicts, so replaying a game from its log needs no physics.

A turn: ``PlaceCard`` -> verdict on the card -> ``PlacePrincess`` (a hand trace:
lower her onto the new crown) -> verdict on the princess. A failed placement sends
the card back to the hand. When the princess is not standing on the top crown at
the start of a turn, she is first lifted off (a ``settle`` verdict: whatever is
loose settles by itself) and the player whose turn it is stands her back up by
hand (``PlacePrincess`` again, judged by a ``restand`` verdict).
"""
from __future__ import annotations

import datetime
import math
from dataclasses import dataclass
from typing import Any

from simulator.engine import REFEREE, Action, ActionCodec, Game, IllegalAction, Scene, State
from simulator.physics.snapshot import BodyPose

from .challenge import daily_challenge_seed
from .components import read_bot_skills, read_colours, read_deck, read_physics, read_placements
from .hand import (card_release, let_go_over_pile, lowering_trace, offered_targets, princess_release, princess_trace,
                   princess_trace_problem, start_height, trace_problem)
from .layout import TableLayout, TableOutcome, pile_height, resting_bed, rests_on_rim
from .verdict import (CARD_VERDICT, DRAWN, FAIL_CAUSES, FELL, LIFT, MISSED_PEA, NOT_ON_TOP, OVER, PHASES,  # noqa: F401
                      PHYSICAL, PRINCESS, PRINCESS_PHASES, PRINCESS_VERDICT, PUSHED, RESTAND, RESTAND_VERDICT, SETUP, SLID,
                      STAGES, TURN, Verdict)

RECENT_EVENTS = 12


@dataclass(frozen=True, slots=True)
class PlaceCard(Action):
    """Lay ``card`` from your hand: ``trace`` is what the hand did (see :mod:`.hand`)."""

    kind = "place"
    card: int
    trace: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """None of your cards fits: draw one."""

    kind = "draw"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Keep the card you drew, or (nothing to draw and nothing fits) let the next player go."""

    kind = "pass"


@dataclass(frozen=True, slots=True)
class PlacePrincess(Action):
    """Stand the princess on the crown (of the card you just laid, or the top card when you
    stand her back up): ``trace`` is what the hand did, as for a card (see :mod:`.hand`)."""

    kind = "princess"
    trace: tuple[float, ...]


def layout_from_view(view: dict[str, Any]) -> TableLayout:
    """The table as a view shows it (what a bot rebuilds its copy of the world from)."""
    princess = view["princess_pose"]
    cards = tuple((card, BodyPose(*pose)) for card, pose in zip(view["bed_cards"], view["card_poses"]))
    return TableLayout(BodyPose(*view["bed_pose"]), cards, BodyPose(*princess) if princess is not None else None)


def _is_card_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


class WackelbettGame(Game):
    """The box as the scene file describes it, and the options chosen for this table.

    ``mode`` "auto" plays the solo challenge with one seat and the table game with
    2-5; "challenge" requires exactly one seat (ValueError otherwise).
    """

    id = "wackelbett"
    title = "Wackelbett"
    min_players = 2
    max_players = 5
    actions = ActionCodec(PlaceCard, DrawCard, Pass, PlacePrincess, Verdict)
    variants = ((1, {"mode": "challenge"}),)
    daily = (1, {"mode": "challenge"})
    # The table's verdicts record where the bed and every card lay; a bed of another shape
    # cannot go on from them.
    state_version = 4
    state_versions = {1: "the bed on a pivot over the pea", 2: "the bed rolling on a 52 mm arc",
                      3: "the bed rolling on a 58 mm arc",
                      4: "the bed rolling on an underside of 40 mm radius at the pea, 74 mm further out"}

    def __init__(self, players: int, scene: Scene | None = None, **options: Any) -> None:
        mode = options.get("mode", "auto")
        if mode == "challenge" and players != 1:
            raise ValueError(f"The Wackelbett challenge is played solo (1 player), got {players!r}")
        if players == 1 and mode in ("auto", "challenge"):
            self.min_players = 1  # the solo challenge admits the one seat the table game does not
        super().__init__(players, scene, **options)
        self.is_challenge = players == 1
        self.physics = read_physics(self.scene)
        self.faces, self.beddings, self.colours, self.hand_size = read_deck(self.scene, self.physics.card)
        self.placements = read_placements(self.scene, self.physics.card)
        self.colour_rgb = read_colours(self.scene, self.colours)
        self.bot_skills = read_bot_skills(self.scene)
        self.open_hands: bool = self.options["open_hands"]
        self.princess_lying: bool = self.options["princess_lying"]
        self.cover_pea: bool = self.options["cover_pea"]
        self.daily_seed_salt = self.scene.table("challenge").get("daily_seed_salt", str)
        decided = self.scene.table("rules")
        self.stuck_rounds = decided.get("stuck_rounds", int, minimum=1)
        self.challenge_tries = decided.get("challenge_tries", int, minimum=1, maximum=20)
        self.restand_tries = decided.get("restand_tries", int, minimum=1, maximum=20)
        decided.refuse_unread()
        self.deck_size = len(self.faces)
        if not self.is_challenge and self.deck_size < players * self.hand_size + 1:
            raise self.scene.error("deck", f"holds {self.deck_size} cards, too few to deal {players} hands")
        # may_follow[top][card]: "neither the same colour nor the same bedding".
        self.may_follow = [
            bytes(int(a.colour != b.colour and a.bedding != b.bedding) for b in self.faces) for a in self.faces
        ]
        self.draw_action = [DrawCard(p) for p in range(players)]
        self.pass_action = [Pass(p) for p in range(players)]

    def daily_seed(self, day: datetime.date) -> int:
        """The seed of ``day``'s challenge deck (the same for everyone that day)."""
        return daily_challenge_seed(day, self.daily_seed_salt)

    def card_label(self, card: int) -> str:
        return self.faces[card].label

    def new_state(self, seed: int, *, deal: bool = True) -> WackelbettState:
        return WackelbettState(self, seed, deal=deal)

    def make_referee(self):
        """The table's referee: pymunk physics, imported only when a table needs one."""
        from .referee import WackelbettReferee

        return WackelbettReferee(self)


def fell_off(fallen: tuple[int, ...], laid: int | None = None) -> str:
    """The reason for cards that left the bed: "the card" when it is only the one being laid."""
    if tuple(fallen) == (laid,):
        return "the card fell off the bed"
    return "a card fell off the bed" if len(fallen) == 1 else f"{len(fallen)} cards fell off the bed"


class WackelbettState(State):
    """Hands, piles, what lies on the bed and where, and whose move it is."""

    game: WackelbettGame

    def __init__(self, game: WackelbettGame, seed: int, *, deal: bool = True) -> None:
        super().__init__(game, seed)
        n = game.players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.draw_pile: list[int] = []
        self.reserve: list[int] = []
        self.layout = TableLayout(resting_bed(game.physics))
        self.princess_upright = False
        self.phase = SETUP
        self.current = 0
        self.placing: int | None = None      # the card in the air, awaiting its verdict
        self.trace: tuple[float, ...] = ()   # what the hand did with it
        self.last_laid: int | None = None    # laid this turn, awaiting the princess
        self.princess_trace: tuple[float, ...] = ()  # what the hand did with her
        self.restand_failures = 0            # tries to stand her back up that failed, this turn
        self.drawn: int | None = None        # drawn this turn and fits
        self.finishing = False               # the card being laid was the player's last
        self.forced_passes = 0
        self.failures_in_row = 0             # placements that failed since a card last stayed
        self.winner: int | None = None
        self.blocked = False
        self.stacked = 0                     # challenge: cards laid successfully
        self.best_height = 0.0               # challenge: mm of bedding reached
        self.events: list[dict[str, Any]] = []
        if deal:
            self._deal()

    # -- set-up ------------------------------------------------------------------
    def _deal(self) -> None:
        """Shuffle, deal 5 each, turn the top card over for the bed (the referee lays it)."""
        g = self.game
        cards = list(range(g.deck_size))
        self.rng.shuffle(cards)
        if g.is_challenge:
            self.draw_pile = cards
            self.placing = self.draw_pile.pop()
            self.hands[0].append(self.draw_pile.pop())
            self.current = 0
        else:
            for seat in range(g.players):
                self.hands[seat] = [cards.pop() for _ in range(g.hand_size)]
            self.draw_pile = cards
            self.placing = self.draw_pile.pop()
            # "The last player to have eaten peas begins": the table cannot ask, so chance decides.
            self.current = self.rng.randrange(g.players)
        self.phase = SETUP
        self._event(self.current, "first", label=g.card_label(self.placing))

    def _event(self, seat: int, what: str, **info: Any) -> None:
        info["seat"] = seat
        info["what"] = what
        self.events.append(info)
        del self.events[:-RECENT_EVENTS]

    # -- what the rules ask ------------------------------------------------------
    @property
    def top_card(self) -> int | None:
        return self.layout.top_card

    def fits(self, card: int) -> bool:
        """May ``card`` go on the bed now? Any card on a bare bed; in the challenge, any card."""
        top = self.layout.top_card
        return top is None or self.game.is_challenge or bool(self.game.may_follow[top][card])

    def fitting_cards(self, seat: int) -> list[int]:
        return [c for c in self.hands[seat] if self.fits(c)]

    def lies_princess_down(self) -> bool:
        """Is the princess laid down rather than stood? (pointer option, or the last card)."""
        return self.game.princess_lying or self.finishing

    def _needs_restand(self) -> bool:
        if self.layout.princess is None:
            return True
        return not (self.princess_upright or self.game.princess_lying)

    @property
    def princess_card(self) -> int | None:
        """The card the princess is to be put on now: the one just laid, or the top card."""
        return self.last_laid if self.phase == PRINCESS else self.layout.top_card

    def princess_placements(self, seat: int) -> list[PlacePrincess]:
        """The representative ways offered to put her down: gently lowered onto the crown and
        the scene's offsets beside it (the free choice is any hand trace)."""
        g = self.game
        return [PlacePrincess(seat, princess_trace(g.physics, self.layout, g.faces, self.princess_card,
                                                   self.lies_princess_down(), dx=dx))
                for dx in g.placements.princess_offsets]

    def placements_for(self, seat: int, card: int) -> list[PlaceCard]:
        """The representative placements of ``card`` offered to ``seat``: lowered gently onto
        the steadiest spots that cover the pea (the free choice is any hand trace)."""
        g = self.game
        out = []
        for target in offered_targets(g.physics, g.placements, self.layout, g.faces, g.faces[card]):
            trace = lowering_trace(g.physics, target, start_height(g.physics, self.layout, target))
            out.append(PlaceCard(seat, card, trace))
        return out

    # -- contract ----------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.phase in STAGES:
            return (REFEREE,)
        return (self.current,)

    def legal_actions(self, player: int) -> list[Action]:
        if player != self.current or self.phase not in (TURN, DRAWN, *PRINCESS_PHASES):
            return []
        g = self.game
        if self.phase in PRINCESS_PHASES:
            return self.princess_placements(player)
        if self.phase == DRAWN:
            assert self.drawn is not None
            return [*self.placements_for(player, self.drawn), g.pass_action[player]]
        fitting = self.fitting_cards(player)
        if fitting:
            return [a for card in fitting for a in self.placements_for(player, card)]
        if self.draw_pile or self.reserve:
            return [g.draw_action[player]]
        return [g.pass_action[player]]

    def check(self, action: Action) -> None:
        g = self.game
        if self.phase == OVER:
            raise IllegalAction("The game is over.")
        kind = type(action)
        if kind is Verdict:
            self._check_verdict(action)
            return
        if self.phase in STAGES:
            raise IllegalAction("Wait until the bed has settled.")
        if action.player != self.current:
            raise IllegalAction(f"It is not your turn: Player {self.current + 1} is to play.")
        hand = self.hands[action.player]
        if kind is PlaceCard:
            if self.phase == RESTAND:
                raise IllegalAction("Stand the princess back up on the crown of the top card first.")
            if self.phase not in (TURN, DRAWN):
                raise IllegalAction("Stand the princess on the crown of the card you laid first.")
            card = action.card
            if not _is_card_id(card) or card not in hand:
                raise IllegalAction("You do not hold that card.")
            if self.phase == DRAWN and card != self.drawn:
                raise IllegalAction("After drawing you may only lay the card you drew (or keep it).")
            if not self.fits(card):
                top = g.faces[self.top_card] if self.top_card is not None else None
                raise IllegalAction(
                    f"The {g.card_label(card)} may not go on the {top.label if top else 'bed'}: "
                    "lay a card of another colour and another bedding."
                )
            problem = trace_problem(g.physics, self.layout, action.trace)
            if problem:
                raise IllegalAction(problem)
            return
        if kind is PlacePrincess:
            if self.phase not in PRINCESS_PHASES:
                raise IllegalAction("The princess is put on the crown right after laying a card, "
                                    "or stood back up at the start of a turn.")
            problem = princess_trace_problem(g.physics, self.layout, g.faces, self.princess_card,
                                             self.lies_princess_down(), action.trace)
            if problem:
                raise IllegalAction(problem)
            return
        if self.phase == RESTAND:
            raise IllegalAction("Stand the princess back up on the crown of the top card first.")
        if kind is DrawCard:
            if self.phase != TURN:
                raise IllegalAction("You may draw only at the start of your turn.")
            if self.fitting_cards(action.player):
                raise IllegalAction("You hold a card that fits, so you must lay it rather than draw.")
            if not self.draw_pile and not self.reserve:
                raise IllegalAction("There is no card left to draw.")
            return
        if kind is Pass:
            if self.phase == DRAWN:
                return
            if self.phase == TURN and not self.fitting_cards(action.player) and not self.draw_pile \
                    and not self.reserve:
                return
            if self.phase == TURN and self.fitting_cards(action.player):
                raise IllegalAction("You hold a card that fits: lay it.")
            if self.phase == TURN:
                raise IllegalAction("None of your cards fits: draw one.")
            raise IllegalAction("Stand the princess on the crown of the card you laid.")
        raise IllegalAction(f"{action.kind!r} is not a Wackelbett action.")

    def _check_verdict(self, v: Verdict) -> None:
        if v.player != REFEREE or self.phase not in STAGES:
            raise IllegalAction("Only the table reports how the bed settled, and only when it is due.")
        if v.stage != STAGES[self.phase]:
            raise IllegalAction(f"The table owes a {STAGES[self.phase]!r} verdict, not {v.stage!r}.")
        lists = (v.bed_cards, v.fallen_cards, v.card_poses, v.bed_pose, v.princess_pose)
        if not all(isinstance(x, tuple) for x in lists) \
                or not all(_is_card_id(c) for c in (*v.bed_cards, *v.fallen_cards)):
            raise IllegalAction("The verdict must list card ids and poses.")
        expected = set(self.layout.card_ids)
        if self.placing is not None:
            expected.add(self.placing)
        reported = list(v.bed_cards) + list(v.fallen_cards)
        if sorted(reported) != sorted(expected):
            raise IllegalAction("The verdict must account for exactly the cards on and over the bed.")
        numbers = (*v.card_poses, *v.bed_pose, *v.princess_pose)
        if len(v.card_poses) != 3 * len(v.bed_cards) or len(v.bed_pose) != 3 \
                or len(v.princess_pose) not in (0, 3) or not all(_is_number(x) for x in numbers):
            raise IllegalAction("The verdict's poses must be finite x, y, angle triples.")
        flags = (v.princess_upright, v.pea_covered, v.on_top, v.princess_pushed)
        if not all(isinstance(f, bool) for f in flags):
            raise IllegalAction("The verdict's judgements must be true or false.")

    def _perform(self, action: Action) -> None:
        kind = type(action)
        if kind is Verdict:
            self._apply_verdict(action)
        elif kind is PlaceCard:
            self._lay(action)
        elif kind is PlacePrincess:
            self.princess_trace = tuple(float(v) for v in action.trace)
            self.phase = PRINCESS_VERDICT if self.phase == PRINCESS else RESTAND_VERDICT
        elif kind is DrawCard:
            self._draw(action.player)
        else:
            self._pass(action.player)

    # -- moves -------------------------------------------------------------------
    def _lay(self, action: PlaceCard) -> None:
        seat = action.player
        self.hands[seat].remove(action.card)
        self.placing = action.card
        self.trace = tuple(float(v) for v in action.trace)
        self.finishing = not self.game.is_challenge and not self.hands[seat]
        self.drawn = None
        self.forced_passes = 0
        self.phase = CARD_VERDICT
        self._event(seat, "lays", label=self.game.card_label(action.card))

    def _draw(self, seat: int) -> None:
        self.mark_reveal()
        self.forced_passes = 0
        self._refill_draw_pile(seat)
        card = self.draw_pile.pop()
        self.hands[seat].append(card)
        self._event(seat, "draws")
        if self.fits(card):
            self.drawn = card
            self.phase = DRAWN
        else:
            self._next_turn()

    def _refill_draw_pile(self, seat: int) -> None:
        """A used-up draw pile is made anew from the reserve (the rulebook: "When the drawing pile
        has been used up, shuffle the reserve cards and create another draw pile")."""
        if not self.draw_pile:
            self.draw_pile = self.reserve
            self.reserve = []
            self.rng.shuffle(self.draw_pile)
            self._event(seat, "reshuffle", count=len(self.draw_pile))

    def _pass(self, seat: int) -> None:
        if self.phase == DRAWN:
            self.drawn = None
            self._event(seat, "keeps")
            self._next_turn()
            return
        self.forced_passes += 1
        self._event(seat, "passes")
        if self.forced_passes >= self.game.players:
            self.blocked = True
            self._event(seat, "blocked")
            self._finish()
            return
        self._next_turn()

    def _next_turn(self) -> None:
        self.current = (self.current + 1) % self.game.players
        self._start_turn()

    def _start_turn(self) -> None:
        """The princess must stand on the top crown before anyone lays a card."""
        self.restand_failures = 0
        self.phase = LIFT if self._needs_restand() else TURN

    def _finish(self) -> None:
        self.phase = OVER
        self.placing = None
        self.trace = ()

    # -- verdicts ----------------------------------------------------------------
    def _apply_verdict(self, v: Verdict) -> None:
        outcome = v.outcome()
        stage = v.stage
        if stage == "setup":
            self._settled(outcome, by_itself=True)
            self.placing = None
            self._start_turn()
        elif stage == "settle":
            laid_down = self.lays_princess_down_for_the_table
            self._settled(outcome, by_itself=True)
            if self.game.is_challenge and outcome.fallen_cards and self._challenge_lost():
                return
            if laid_down:
                # every try failed, so the table laid her down; the turn goes on even if she did
                # not stay (the next turn begins by standing her up again)
                self.restand_failures = 0
                self.phase = TURN
            else:
                self.phase = RESTAND
        elif stage == "restand":
            self._judge_restand(outcome)
        elif stage == "card":
            self._judge_card(outcome)
        else:
            self._judge_princess(outcome)

    def _settled(self, outcome: TableOutcome, *, by_itself: bool) -> None:
        """Take the settled table; with ``by_itself`` the fallen cards go to the reserve."""
        self.layout = outcome.layout
        self.princess_upright = outcome.princess_upright
        if by_itself and outcome.fallen_cards:
            # "When the princess bed tilts without anyone touching it, the fallen cards are
            # added to the face-up reserve pile."
            self.reserve.extend(outcome.fallen_cards)
            self._event(self.current, "tilted", count=len(outcome.fallen_cards))

    def _judge_card(self, outcome: TableOutcome) -> None:
        card = self.placing
        assert card is not None
        trace, self.trace = self.trace, ()
        slid = not outcome.on_top and let_go_over_pile(self.game.physics, self.layout, trace)
        self.placing = None
        reasons: list[tuple[str, str]] = []
        if outcome.fallen_cards:
            reasons.append((FELL, fell_off(outcome.fallen_cards, card)))
        if self.layout.princess is not None and outcome.layout.princess is None:
            reasons.append((FELL, "the princess fell off the bed"))
        if outcome.princess_pushed:
            reasons.append((PUSHED, "the princess was pushed aside"))
        if slid:
            reasons.append((SLID, "the card slid off the pile"))
        if self.game.cover_pea and not outcome.pea_covered:
            reasons.append((MISSED_PEA, "the pea beneath was not covered"))
        if not outcome.on_top and not slid:
            pose = dict(outcome.layout.cards).get(card)
            on_rim = pose is not None and rests_on_rim(self.game.physics, outcome.layout.bed, pose)
            reasons.append((NOT_ON_TOP, "the card rests on the bed's rim, not on the pile" if on_rim
                            else "the card was not laid on top of the pile"))
        if reasons:
            self._failed(card, outcome, reasons,
                         card_release(self.game.physics, self.layout, self.game.faces[card], trace))
            return
        self.layout = outcome.layout
        self.princess_upright = outcome.princess_upright
        self.last_laid = card
        self.phase = PRINCESS
        self._event(self.current, "laid", label=self.game.card_label(card))

    def _judge_princess(self, outcome: TableOutcome) -> None:
        card = self.last_laid
        assert card is not None
        self.last_laid = None
        reasons: list[tuple[str, str]] = []
        if outcome.fallen_cards:
            reasons.append((FELL, fell_off(outcome.fallen_cards)))
        if outcome.layout.princess is None:
            reasons.append((FELL, "the princess fell off the bed"))
        if reasons:
            g = self.game
            how = princess_release(g.physics, self.layout, g.faces, card, self.lies_princess_down(), self.princess_trace)
            self._failed(card, outcome, reasons, how)
            return
        seat = self.current
        self.layout = outcome.layout
        self.princess_upright = outcome.princess_upright
        self.failures_in_row = 0
        how = "lies" if self.lies_princess_down() else "stands" if outcome.princess_upright else "toppled"
        self._event(seat, "stays", label=self.game.card_label(card), how=how)
        if self.finishing:
            # "If Penny and all cards remain on the pile, you have won the game!"
            self.finishing = False
            self.winner = seat
            self._event(seat, "wins")
            self._finish()
            return
        if self.game.is_challenge:
            self.stacked += 1
            self.best_height = max(self.best_height, round(pile_height(self.game.physics, self.layout), 1))
            if not self.draw_pile and not self.reserve:
                self._event(seat, "complete")
                self._finish()
                return
            self.mark_reveal()
            self._refill_draw_pile(seat)
            self.hands[seat].append(self.draw_pile.pop())
        self._next_turn()

    def _judge_restand(self, outcome: TableOutcome) -> None:
        """She was stood back up by hand: cards knocked off go to the reserve; unless she now
        stands on the bed (lies, when she is laid down), she is lifted off and tried again; the
        event then keeps how the hand let her go and how the bed leaned, as for a fall."""
        seat = self.current
        g = self.game
        how = princess_release(g.physics, self.layout, g.faces, self.princess_card, self.lies_princess_down(),
                               self.princess_trace)
        lean = round(abs(math.degrees(self.layout.bed.angle)), 1)
        self.layout = outcome.layout
        self.princess_upright = outcome.princess_upright
        if outcome.fallen_cards:
            self.reserve.extend(outcome.fallen_cards)
            self._event(seat, "knocked", count=len(outcome.fallen_cards))
            if self.game.is_challenge and self._challenge_lost():
                return
        if not self._needs_restand():
            self.restand_failures = 0
            self._event(seat, "restands")
            self.phase = TURN
            return
        self.restand_failures += 1
        self._event(seat, "restand-fails", tries=self.restand_failures, cause=FELL, lean_deg=lean, **how)
        self.phase = LIFT

    def _challenge_lost(self) -> bool:
        """The challenge lost cards (a failed placement, or cards fell while the princess was
        lifted or stood back up): is the run over? Only after ``challenge_tries`` such losses
        in a row; until then the player goes on from the table as the loss left it."""
        self.failures_in_row += 1
        if self.failures_in_row < self.game.challenge_tries:
            return False
        self._finish()
        return True

    @property
    def lays_princess_down_for_the_table(self) -> bool:
        """After every try to stand her back up failed, the table lays her on the top crown."""
        return self.restand_failures >= self.game.restand_tries

    def _failed(self, card: int, outcome: TableOutcome, reasons: list[tuple[str, str]],
                how: dict[str, float | str]) -> None:
        """The placement failed: the player takes the card back, other fallen cards go face up
        to the reserve, and the princess is put back on the top crown before the next turn.

        ``reasons`` are (cause, sentence) pairs, the first the main cause (:data:`FAIL_CAUSES`);
        ``how`` the hand let go (:func:`~.hand.card_release`). The event keeps both, and how far
        the bed leaned under the pile as the hand came (``lean_deg``), so a player can tell why."""
        seat = self.current
        lean = round(abs(math.degrees(self.layout.bed.angle)), 1)
        self.layout = outcome.layout.without([card])
        self.princess_upright = outcome.princess_upright
        self.hands[seat].append(card)
        others = [c for c in outcome.fallen_cards if c != card]
        self.reserve.extend(others)
        self.finishing = False
        self._event(seat, "fails", reason="; ".join(text for _, text in reasons), cause=reasons[0][0],
                    label=self.game.card_label(card), count=len(others), lean_deg=lean, **how)
        if self.game.is_challenge:
            if self._challenge_lost():
                return
        else:
            self.failures_in_row += 1
            if self.failures_in_row >= self.game.stuck_rounds * self.game.players:
                self.blocked = True  # nothing has stayed for rounds: the pile cannot be played on
                self._event(seat, "stuck")
                self._finish()
                return
        self.current = (seat + 1) % self.game.players
        self.restand_failures = 0
        self.phase = LIFT

    # -- outcome -----------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        """Table game: minus the cards left in hand (the winner has none). Challenge: mm reached."""
        if self.game.is_challenge:
            return [self.best_height]
        return [-float(len(hand)) for hand in self.hands]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        if self.winner is not None:
            return [self.winner]
        return super().winners()

    # -- information -------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        g = self.game
        layout = self.layout
        view: dict[str, Any] = {
            "seat": player,
            "players": g.players,
            "mode": "challenge" if g.is_challenge else "table",
            "phase": self.phase,
            "current": None if self.phase == OVER else self.current,
            "hand_cards": list(self.hands[player]) if player is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "drawn_card": self.drawn if player == self.current else None,
            "draw_pile_size": len(self.draw_pile),
            "reserve_cards": list(self.reserve),
            "bed_cards": list(layout.card_ids),
            "card_poses": [list(pose) for _, pose in layout.cards],
            "bed_pose": list(layout.bed),
            "princess_pose": list(layout.princess) if layout.princess is not None else None,
            "princess_upright": self.princess_upright,
            "princess_lying": self.lies_princess_down(),
            "top_card": layout.top_card,
            "placing_card": self.placing,
            "trace": list(self.trace),
            "last_laid_card": self.last_laid,
            "princess_card": self.princess_card if self.phase in (*PRINCESS_PHASES, PRINCESS_VERDICT,
                                                                   RESTAND_VERDICT) else None,
            "princess_trace": list(self.princess_trace),
            "restand_failures": self.restand_failures,
            "winner": self.winner,
            "blocked": self.blocked,
            "scores": self.scores(),
            "stacked": self.stacked,
            "best_height": self.best_height,
            "events": [dict(e) for e in self.events],
        }
        if g.open_hands:
            view["open_hand_cards"] = [list(h) for h in self.hands]
        if g.is_challenge:
            # The solo player chose this deal (or took the day's); the screen needs the seed
            # to tell the challenge of the day and to file the high score under its deck.
            view["challenge_seed"] = self.seed
        return view

    def card_zones(self) -> dict[str, list[int]]:
        zones = {"draw": list(self.draw_pile), "reserve": list(self.reserve), "bed": list(self.layout.card_ids),
                 "placing": [self.placing] if self.placing is not None else []}
        for seat, hand in enumerate(self.hands):
            zones[f"hand{seat}"] = list(hand)
        return zones

    def hidden_from(self, player: int | None) -> set[int]:
        hidden = set(self.draw_pile)
        if not self.game.open_hands:
            for seat, hand in enumerate(self.hands):
                if seat != player:
                    hidden.update(hand)
        return hidden

    # -- persistence -------------------------------------------------------------
    def _fields_to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands, "draw_pile": self.draw_pile, "reserve": self.reserve,
            "layout": self.layout.to_json(), "princess_upright": self.princess_upright,
            "phase": self.phase, "current": self.current, "placing": self.placing,
            "trace": list(self.trace), "last_laid": self.last_laid, "princess_trace": list(self.princess_trace),
            "restand_failures": self.restand_failures,
            "drawn": self.drawn, "finishing": self.finishing, "forced_passes": self.forced_passes,
            "failures_in_row": self.failures_in_row,
            "winner": self.winner, "blocked": self.blocked, "stacked": self.stacked,
            "best_height": self.best_height, "events": self.events,
        }

    def _fields_from_json(self, data: dict[str, Any]) -> None:
        self.hands = [[int(c) for c in hand] for hand in data["hands"]]
        self.draw_pile = [int(c) for c in data["draw_pile"]]
        self.reserve = [int(c) for c in data["reserve"]]
        self.layout = TableLayout.from_json(data["layout"])
        self.princess_upright = bool(data["princess_upright"])
        self.phase = str(data["phase"])
        self.current = int(data["current"])
        self.placing = None if data["placing"] is None else int(data["placing"])
        self.trace = tuple(float(v) for v in data["trace"])
        self.last_laid = None if data["last_laid"] is None else int(data["last_laid"])
        self.princess_trace = tuple(float(v) for v in data["princess_trace"])
        self.restand_failures = int(data["restand_failures"])
        self.drawn = None if data["drawn"] is None else int(data["drawn"])
        self.finishing = bool(data["finishing"])
        self.forced_passes = int(data["forced_passes"])
        self.failures_in_row = int(data["failures_in_row"])
        self.winner = None if data["winner"] is None else int(data["winner"])
        self.blocked = bool(data["blocked"])
        self.stacked = int(data["stacked"])
        self.best_height = float(data["best_height"])
        self.events = list(data["events"])
        if len(self.hands) != self.game.players:
            raise ValueError("hands must have one entry per seat")
        if self.phase not in PHASES:
            raise ValueError(f"unknown phase {self.phase!r}")
