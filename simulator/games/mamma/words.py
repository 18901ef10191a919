"""What the Mamma table says: the help text, the status line, the log, hover notes, the score sheet.

Pure (no pygame): every sentence is made from a seat's view, the seat names and the
printed box, so it can never tell a viewer more than the view does.
"""
from __future__ import annotations

from typing import Any, Sequence

from .box import GRANDPA, SON, WIFE
from .rules import (BENCH, CHURCH, EXITING, HOSPITAL, SCHOOLBUS, SEAT, TABLE, WAITING, WC,
                    MammaGame)

HELP = """# Mamma

You secretly back one member of the family. Walk the family through the city to buy
ingredients for dinner, then race them home to their seats at the table. Whoever backs the
character with the most victory points (vp) wins; nobody knows for sure who backs whom.

# The table
The city is 27 cards in 3 rows. Left of it: column A (each character's reference card with
its money, ingredients and Guests cards) and column B (the six seats). Above and below: the
school, bank, W.C., hospital, bench and church. The one ingredients card in the city shows its
foods and its cost (black) and, on a red cloth, the Mother-in-Law's negative vp.

# A turn
Play movement cards (click to select them) and drag a character, the schoolbus or a traffic
card along the city: the mp cost grows beside the cursor and lit places are where it can stop.
On the drop the cards are played for you. Each space costs 1 mp per character; the schoolbus
and traffic cards cost their printed number for the first space. Nothing crosses a traffic
card; a movement ends on an empty space.
A character who ends a movement next to the ingredients card with enough money must buy it.
Drag money cards from your hand onto a character (last thing in a turn), or click a money
card and then the character. Then click Done and take cards from the decks: none played = up to
4, one = up to 2, two or more = 1. Or select three cards and Discard them (then you may turn an
ingredients card sideways so nobody can steal it). Hand limit 6.

# Stealing and friends
Crossing an older character lets the younger take an upright ingredients card (not the Son;
the Grandpa only once he has the Child from school). The Son crossing the richest relative may
spend their highest money card. The schoolbus running over the Wife or the Son sends them to
hospital; the Mamma stopping next to it lets them out. The Wife rides the taxi for 3x a money
card; the Grandma gambles on the bus (969, 696, 699) - a miss sends her to church.

# The Dinner Hour
After the last ingredients card everybody gives their Guests card (negative vp) and the six
characters are placed in the rightmost columns. Walk them home to their seats in column B:
first step 2 mp forwards, 3 back, then 1; at most 3 cards a turn. The fourth one seated ends it.

# Scoring
Foods matching on 2/3/4/5 cards: 3/6/10/15; other foods 1 each (not on Mother-in-Law cards);
Mother-in-Law and Guests negative; money 1 per point; Grandma +5, Mamma +3, Grandpa +3 (+7 with
the Child), Husband -5; arrival +3 +2 +1 -1 -2 -3.

# Keys
Right click: drop your selection · Esc menu · F1 this help · Ctrl+Z undo · Ctrl+S save
"""

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
SCORE_SOURCES = (("matching", "Foods on 2+ cards"), ("singles", "Foods on 1 card"),
                 ("mother_in_law", "Mother-in-Law"), ("guests", "Guests card"), ("money", "Money"),
                 ("character", "Character bonus"), ("arrival", "Order of arrival"), ("total", "Total"))
SETUP_PHASES = ("choose-secret", "take-secret", "draft")
SITE_NOTES = {
    "school": ["School", "Schoolbus and Grandpa both next to it at the end of a turn:",
               "the Grandpa takes the Child (+7 vp, one theft)."],
    "bank": ["Bank", "The Grandpa stopping next to it may hold 3 money cards from then on."],
    "wc": ["W.C.", "1 mp from a space next to it; out of play for 6 turns,",
           "then placed next to it. Never the same character twice in a row."],
    "hospital": ["Hospital", "The Wife or the Son run over by the schoolbus lies here;",
                 "the Mamma stopping next to it lets them out."],
    "bench": ["Park bench", "1 mp to sit down from a space next to it, 3 mp to get up.",
              "Nobody can steal from whoever sits here."],
    "church": ["Church", "Where the Grandma goes when she misses the bus; 3 mp to leave.",
               "Nobody can steal from her here."],
}
CHARACTER_NOTES = {GRANDPA: "Oldest. Steals only with the Child (from school), once.",
                   SON: "Never steals; crossing the richest relative: the arcade.",
                   WIFE: "Rides the taxi; the schoolbus can run her over."}


def cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def foods_of(label: str) -> str:
    """'Ingredients: fish, salami (cost 3)' -> 'fish, salami'."""
    return label.split(": ", 1)[-1].split(" (", 1)[0]


class TableWords:
    """Sentences for one table: its game and the names of its seats."""

    def __init__(self, game: MammaGame, names: Sequence[str]) -> None:
        self.game = game
        self.box = game.box
        self.names = names  # not copied: GameView.rename renames the seats in place

    # -- small pieces ------------------------------------------------------------------------------
    def who(self, seat: int | None, viewer: int | None) -> str:
        if seat is None:
            return "The table"
        return "You" if seat == viewer else self.names[seat]

    def the(self, piece: int) -> str:
        return f"the {self.game.piece_name(piece)}"

    def place(self, place: Any) -> str:
        if isinstance(place, int):
            return str(self.game.city.number(place))
        return {SEAT: "the seat", BENCH: "the bench", WC: "the W.C.", CHURCH: "the church"}.get(place, str(place))

    def foods(self, card: int) -> str:
        return ", ".join(self.box.ingredient(card).foods)

    # -- the banner and the sidebar --------------------------------------------------------------
    def status(self, v: dict[str, Any], viewer: int | None, acting: bool) -> str:
        """One line: what is happening, or what the viewer is to do."""
        if v["over"]:
            final = v["final"]
            if not final["winners"]:
                return "The game is over."
            seat = final["winners"][0]
            verb = "win" if seat == viewer else "wins"
            character = self.box.names[final["secret_characters"][seat]]
            return f"{self.who(seat, viewer)} {verb}: the {character} scored {int(final['scores'][seat])} vp"
        item = v.get("pending")
        if not acting:
            who = self.names[v["to_act"]] if v["to_act"] is not None else "Nobody"
            return self.deciding(who, item) if item is not None else f"{who} is playing…"
        if item is not None:
            return self.decision(v, item)
        phase = v["phase"]
        if phase == "choose-secret":
            return "You are Player A: choose your secret character"
        if phase == "take-secret":
            return "Take a face-down character card: your secret character"
        if phase == "draft":
            return f"Take a game card ({len(v['hand_cards'])} of {self.box.draft})"
        turn = v["turn"]
        if turn["stage"] == "draw":
            owed = self.game.single_draw_compulsory and (turn["played"] >= 2 or turn["discarded"])
            if owed and turn["draws_left"] > 0:
                return "Take your 1 card from a deck, then end your turn"
            if turn["draws_left"] <= 0:
                return "End your turn"
            return f"Take up to {cards(turn['draws_left'])} from the decks, then end your turn"
        if turn["stage"] == "money":
            return "Place more money or finish your turn"
        if v.get("movement") is not None:
            piece = v["movement"]["piece"]
            him, his = (self.game.piece_pronoun(piece, case) for case in ("object", "possessive"))
            return f"Moving {self.the(piece)}: drag {him} on or end {his} movement"
        if v["dinner"]:
            return "Dinner Hour: walk the family home to their seats (3 cards at most)"
        return "Your turn: drag a piece along the city, place money, or take cards"

    def deciding(self, who: str, item: dict[str, Any]) -> str:
        """What ``who`` (another player) is deciding, told to the others (the rules' prompt speaks
        to the one who decides)."""
        name = self.game.piece_name
        kind = item["kind"]
        if kind == "steal":
            return (f"{who} decides whether the {name(item['thief'])} takes an ingredients card "
                    f"from the {name(item['victim'])}")
        if kind == "arcade":
            return f"{who} decides whether the Son spends the {name(item['victim'])}'s money at the arcade"
        if kind == "buy":
            return f"{who} chooses the money the {name(item['character'])} pays with"
        if kind == "place-ingredient":
            return f"{who} places the next ingredients card in the city"
        if kind in ("exit", "bus-arrival"):
            return f"{who} places the {name(item['character'])} on the city"
        if kind == "lose":
            return f"{who} chooses the Son's ingredients cards lost in the accident"
        if kind == "sideways":
            return f"{who} may turn an ingredients card sideways"
        if kind == "guests":
            return f"{who} gives a Guests card to a character"
        if kind == "dinner-place":
            return f"{who} places a character in the rightmost free column"
        return f"{who} chooses which of the last two characters sits down fifth"

    def decision(self, v: dict[str, Any], item: dict[str, Any]) -> str:
        """The question of a pending decision (the rules' own sentence, told as news where it helps)."""
        if item["kind"] == "exit" or item["kind"] == "bus-arrival":
            name = self.box.names[item["character"]]
            came = {"wc": "comes out of the W.C.", "hospital": "leaves the hospital"}.get(
                item.get("site"), "got off the bus")
            her = self.game.piece_pronoun(item["character"], "object")
            return f"The {name} {came}: click a lit space to put {her} there"
        if item["kind"] == "place-ingredient":
            return "Put the next ingredients card on a lit club spot, far from the buyer"
        return v["prompt"]

    def headline(self, v: dict[str, Any]) -> str:
        if v["phase"] in SETUP_PHASES:
            return "Set-up"
        if v["over"]:
            return "Dinner is ready"
        if v["dinner"]:
            return f"Dinner Hour · {len(v['arrivals'])} at the table"
        left = len(v["ingredient_row_cards"]) + (1 if v["ingredient_space"] is not None else 0)
        return f"Shopping · {left} ingredients left"

    def plate(self, v: dict[str, Any], seat: int) -> tuple[str, list[str]]:
        """A seat's sidebar plate: cards in hand, the Guests card; its character only at the end."""
        detail = f"{cards(v['hand_sizes'][seat])} in hand" + (" · Guests given" if v["guests_used"][seat] else "")
        extra = ["Player A"] if seat == v["player_a"] else []
        if v["over"]:
            character = self.box.names[v["final"]["secret_characters"][seat]]
            extra.append(f"backed the {character}: {int(v['final']['scores'][seat])} vp")
        return detail, extra

    def setup_title(self, v: dict[str, Any], viewer: int | None) -> str:
        if v["phase"] == "choose-secret":
            if v["player_a"] == viewer:
                return "You are Player A: choose a secret character"
            return f"{self.names[v['player_a']]} is Player A and chooses a secret character"
        if v["phase"] == "take-secret":
            return f"{self.who(v['turn_seat'], viewer)}: take a face-down character card"
        return "Everyone takes five game cards, one at a time"

    # -- the log -----------------------------------------------------------------------------------------
    def event(self, e: dict[str, Any], v: dict[str, Any], viewer: int | None) -> str:
        """One public event as a sentence ('' for the ones not worth a line)."""
        what, seat = e["what"], e.get("seat")
        who = self.who(seat, viewer)
        name = self.box.names
        simple = {
            "set-up": f"{who} {'are' if seat == viewer else 'is'} Player A",
            "secret-chosen": f"{who} took a secret character",
            "secret-taken": f"{who} took a secret character",
            "discard": f"{who} discarded three cards",
            "bank": "The Grandpa reached the bank: 3 money cards for him",
            "child": "The Grandpa took the Child from school",
            "dinner-hour": "The family is placed: walk them home",
            "game-over": "Dinner is ready: the game is over",
        }
        if what in simple:
            return simple[what]
        if what in ("draft", "draw"):
            return f"{who} took a {e['deck']} card"
        if what == "play-movement":
            return f"{who} played {e['mp']} mp"
        if what == "move":  # "from 10 to 6 (via 1, 2)"; a long walk counts its steps instead
            start, *via, end = [self.place(p) for p in e["path"]]
            ride = " by taxi" if e["ride"] == "taxi" else ""
            route = f" (via {', '.join(via)})" if 0 < len(via) <= 3 else f" ({len(via) + 1} steps)" if via else ""
            return f"{who} moved {self.the(e['piece'])}{ride} from {start} to {end}{route}"
        if what == "wc-in":
            return f"The {name[e['character']]} went into the W.C."
        if what == "run-over":
            return f"The schoolbus ran over the {name[e['character']]}: to hospital!"
        if what == "taxi":
            return f"{who} called the taxi for the Wife ({e['mp']} mp)"
        if what == "bus":
            return f"{who} said {e['number']}: the bus came, the Grandma rides"
        if what == "bus-missed":
            return f"{who} said {e['number']} but bus {e['label']} came: the Grandma goes to church"
        if what == "money":
            return f"{who} placed {e['value']} money on the {name[e['character']]}"
        if what == "guests":
            return f"{who} gave the Guests ({e['vp']}) to the {name[e['character']]}"
        if what == "steal":
            return f"The {name[e['character']]} stole {foods_of(e['label'])} from the {name[e['victim']]}"
        if what == "arcade":
            return f"The Son spent the {name[e['victim']]}'s {e['value']} money at the arcade"
        if what == "declined":
            return {"steal": f"{who} let a theft pass", "arcade": f"{who} spared the arcade",
                    "sideways": f"{who} left the cards upright"}.get(e["about"], f"{who} passed")
        if what == "buy":
            bought = f"The {name[e['character']]} bought {foods_of(e['label'])}"
            if e["paid"] == e["price"]:
                return f"{bought} for {e['paid']}"
            return f"{bought}: price {e['price']}, paid {e['paid']} (no change)"
        if what == "ingredient-placed":
            return f"The next ingredients card went to space {self.place(e['space'])}"
        if what == "placed":
            verb = {"exit": "came out onto", "bus-arrival": "got off the bus at"}.get(e["about"], "was placed on")
            return f"The {name[e['character']]} {verb} space {self.place(e['space'])}"
        if what == "lost":
            return f"The Son lost {foods_of(e['label'])} in the accident"
        if what == "sideways":
            return f"{who} turned {foods_of(e['label'])} sideways"
        if what == "wc-step":
            return f"The {name[e['character']]} is in the W.C. ({e['step']} of {v['wc_track']})"
        if what == "dinner":
            return f"Dinner Hour! ({e['reason']})"
        if what == "seated":
            return f"The {name[e['character']]} sat down at the table ({ORDINALS[e['place'] - 1]})"
        return ""

    # -- summaries -----------------------------------------------------------------------------------------
    def dinner_lines(self, v: dict[str, Any]) -> tuple[str, ...]:
        closed = " (the shops closed)" if v["safeguard"] == "shopping" else ""
        return (f"{self.names[v['player_x']]} ended the shopping{closed}.",
                "Guests cards not yet given are given now.",
                "The family is placed in the rightmost columns.",
                "Walk them home: 2 mp forward, 3 back, then 1.",
                "At most 3 cards a turn; the 4th seated ends it.")

    def score_sheet(self, v: dict[str, Any], viewer: int | None
                    ) -> tuple[str, tuple[str, ...], tuple[tuple[str, ...], ...]]:
        """(title, lines, rows) of the final score sheet: a column per character, who backed it,
        and a row per source of victory points down to the total."""
        final = v["final"]
        names = self.box.names
        backers: dict[int, list[str]] = {}
        for seat, character in enumerate(final["secret_characters"]):
            backers.setdefault(character, []).append(self.who(seat, viewer))
        rows: list[tuple[str, ...]] = [("", *names), ("Backed by", *(" & ".join(backers.get(c, [])) or "-"
                                                                     for c in range(len(names))))]
        for key, label in SCORE_SOURCES:
            rows.append((label, *(str(b[key]) if key == "total" or not b[key] else f"{b[key]:+d}"
                                  for b in final["characters"])))
        winners = final["winners"]
        who = " and ".join(self.who(s, viewer) for s in winners)
        verb = "win" if len(winners) > 1 or winners[0] == viewer else "wins"
        characters = " and the ".join(names[final["secret_characters"][s]] for s in winners)
        title = f"{who} {verb} with the {characters}" if winners else "Nobody wins"
        return title, ("Each player scores what the character they secretly backed scores.",), tuple(rows)

    # -- hover notes -----------------------------------------------------------------------------------------
    def piece_tip(self, v: dict[str, Any], piece: int) -> list[str]:
        city = self.game.city
        if piece == SCHOOLBUS:
            return ["Schoolbus", f"First space {city.schoolbus_cost} mp, then 1 mp each.",
                    "Crossing the Wife or the Son sends them to hospital."]
        if piece > SCHOOLBUS:
            return [self.game.piece_name(piece), f"First space {city.traffic_costs[piece - SCHOOLBUS - 1]} mp, then 1.",
                    "Nothing may cross a traffic card."]
        ch = v["characters"][piece]
        at = ch["at"]
        where = {SEAT: f"on {self.game.piece_pronoun(piece, 'possessive')} seat", TABLE: "at the table",
                 BENCH: "on the bench", WC: "in the W.C.", HOSPITAL: "in the hospital", CHURCH: "in the church", EXITING: "about to be placed",
                 WAITING: "waiting to be placed"}.get(at, f"on space {self.place(at)}")
        money = " + ".join(str(self.box.value[c]) for c in ch["money_cards"]) or "none"
        foods = [self.foods(c) + (" (sideways)" if c in ch["sideways_cards"] else "") for c in ch["ingredient_cards"]]
        lines = [f"{ch['name']}, age {ch['age']} · {where}",
                 f"Money {ch['money']} ({money}); room for {ch['money_capacity']} cards",
                 "Ingredients: " + ("; ".join(foods) if foods else "none")]
        if ch["price"] is not None:
            lines.append(f"Would pay {ch['price']} for the ingredients card in the city")
        if ch["guests_card"] is not None:
            lines.append(f"Guests: {self.box.guests_value(ch['guests_card'])} vp")
        if piece in CHARACTER_NOTES:
            lines.append(CHARACTER_NOTES[piece])
        return lines

    def site_tip(self, name: str) -> list[str]:
        return SITE_NOTES.get(name, [])

    def card_tip(self, card: int) -> list[str]:
        box = self.box
        if card in box.ingredients:
            info = box.ingredient(card)
            lines = [", ".join(info.foods), f"Cost {info.cost} (Husband +2, Mamma -1)"]
            if info.mother_in_law:
                lines.append(f"Mother-in-Law: -{info.mother_in_law} vp")
            return lines
        if box.is_movement(card):
            return [f"Movement card: {box.value[card]} mp"]
        if box.is_money(card):
            return [f"Money card: {box.value[card]}"]
        if card in box.guests:
            return [f"Guests: {box.guests_value(card)} vp for the character who gets it"]
        if card == box.wc_card:
            return ["W.C. card", "This character is in the W.C.: out of play for",
                    "six turns, then placed next to it. Never twice in a row."]
        return []

    def arrival_tip(self, v: dict[str, Any], character: int) -> list[str]:
        place = v["arrivals"].index(character)
        vp = self.box.arrival_vp[place]
        return [f"The {self.box.names[character]} sat down {ORDINALS[place]}: {vp:+d} vp",
                "Arrival: " + " ".join(f"{x:+d}" for x in self.box.arrival_vp) + " vp, first to last."]

    def strip_tip(self, v: dict[str, Any], slot: int) -> list[str]:
        if v["dinner"] or any(c["at"] == WAITING for c in v["characters"]):
            return ["To place", "The family waits here to be placed in the Dinner Hour."]
        return [f"W.C. track: turn {slot + 1} of {v['wc_track']}",
                "Whoever is in the W.C. moves down a place each turn",
                "and comes out next to it after the last."]

    def deck_tip(self, v: dict[str, Any], deck: str) -> list[str]:
        what = "mp to move with" if deck == "movement" else "money to place beside a character"
        return [f"{deck.capitalize()} deck: {cards(v['deck_sizes'][deck])} left, face up",
                f"Cards with {what}. Take one after Done."]

    def guests_tip(self, v: dict[str, Any], viewer: int | None) -> list[str]:
        supply = v.get("guests_cards", [])
        lines = [f"Guests cards: {' '.join(str(self.box.guests_value(c)) for c in supply)}" if supply
                 else "Guests cards: all given"]
        lines.append("Each player gives one to a character: its vp count against it.")
        if viewer is not None:
            lines.append("Yours is given." if v["guests_used"][viewer] else "Yours is still to give.")
        return lines

    def secret_tip(self, v: dict[str, Any]) -> list[str]:
        mine = v.get("my_character")
        if mine is None:
            return []
        name = self.box.names[mine]
        return [f"Your secret character: the {name}", "Nobody else sees it. You win if the",
                f"{name} scores the most victory points (vp)."]

    def space_tip(self, space: int) -> list[str]:
        city = self.game.city
        notes = []
        if space == city.taxi:
            notes.append("The taxi: the Wife standing on it (or moved next to it) may ride.")
        if space in city.bus_stops:
            notes.append("A bus stop: the Grandma may try the bus from here.")
        if space in city.clubs:
            notes.append("Club spot: the next ingredients card may be put here.")
        return [f"Space {city.number(space)}", *notes] if notes else []

    def bus_tip(self, v: dict[str, Any]) -> list[str]:
        lines = [f"Bus deck: {v['bus_count']} cards, face down"]
        if v["bus_memory"]:
            lines.append("As studied and followed: " + " ".join(v["bus_memory"]))
        else:
            lines.append("Remember the order you studied: each try puts the turned card")
            lines.append("under the deck, then the next one unseen.")
        if v["bus_turned"]:
            lines.append("Turned so far: " + " ".join(v["bus_turned"]))
        return lines
