"""The contents of the Mamma box, read from ``scenes/mamma.toml``.

Every physical card gets an int id (0..109). :class:`MammaBox` knows what each id is
(its kind, a label players say, and the numbers printed on it). Reading a scene that
does not add up raises :class:`~simulator.engine.SceneError` naming file and key.
"""
from __future__ import annotations

from dataclasses import dataclass

from simulator.engine import Scene

CHARACTERS = 6
GRANDPA, GRANDMA, MAMMA, WIFE, HUSBAND, SON = range(CHARACTERS)
SITE_NAMES = ("school", "bank", "wc", "hospital", "bench", "church")
DECKS = ("movement", "money")
MAX_ROWS = 30  # scene bound on the city's rows and columns


@dataclass(frozen=True)
class Ingredient:
    """One ingredient card: the foods drawn on it, its cost and its Mother-in-Law penalty."""

    foods: tuple[str, ...]
    cost: int
    mother_in_law: int  # 0, or the red number counted as negative vp

    @property
    def tablecloth(self) -> str:
        """Red for the Mother-in-Law cards, green for the others (our design)."""
        return "red" if self.mother_in_law else "green"


@dataclass(frozen=True)
class MammaBox:
    """Card ids by kind, and what is printed on each card."""

    names: tuple[str, ...]
    pronouns: tuple[str, ...]        # "he" or "she", per character
    ages: tuple[int, ...]
    bonus_vp: tuple[int, ...]
    grandpa_with_child_vp: int
    price_change: tuple[int, ...]
    money_cards: int
    grandpa_bank_money_cards: int
    family: tuple[int, ...]          # the six walking character cards (column B)
    reference: tuple[int, ...]       # column A
    secret: tuple[int, ...]          # the secret series, same character order
    summary: int
    city: tuple[int, ...]            # city card with back number n+1 at index n
    sites: tuple[int, ...]           # in SITE_NAMES order
    schoolbus: int
    traffic: tuple[int, ...]
    wc_card: int
    substitutes: tuple[int, ...]
    guests: tuple[int, ...]          # highest penalty first
    guests_vp: tuple[int, ...]
    ingredients: tuple[int, ...]
    ingredient_info: tuple[Ingredient, ...]
    bus: tuple[int, ...]
    bus_labels: tuple[str, ...]
    bus_numbers: tuple[str, ...]
    movement: tuple[int, ...]
    money: tuple[int, ...]
    value: tuple[int, ...]           # per card id: mp or money printed on it (0 otherwise)
    labels: tuple[str, ...]          # per card id: how a player names it
    total: int
    hand_limit: int
    draft: int
    matching_vp: tuple[int, ...]
    single_food_vp: int
    arrival_vp: tuple[int, ...]
    forward_first_step: int
    back_first_step: int
    dinner_max_cards: int
    seated_to_end: int

    def ingredient(self, card: int) -> Ingredient:
        return self.ingredient_info[card - self.ingredients[0]]

    def is_movement(self, card: int) -> bool:
        return self.movement[0] <= card <= self.movement[-1]

    def is_money(self, card: int) -> bool:
        return self.money[0] <= card <= self.money[-1]

    def deck_of(self, card: int) -> str:
        return "movement" if self.is_movement(card) else "money"

    def bus_label(self, card: int) -> str:
        return self.bus_labels[card - self.bus[0]]

    def guests_value(self, card: int) -> int:
        return self.guests_vp[card - self.guests[0]]


def read_box(scene: Scene) -> MammaBox:
    """Build the card catalogue from a scene; raise SceneError if anything is off."""
    chars = scene.table("characters")
    names = tuple(_strings(chars, "names", CHARACTERS))
    pronouns = tuple(_strings(chars, "pronouns", CHARACTERS))
    if not set(pronouns) <= {"he", "she"}:
        raise chars.error("pronouns", f"each is 'he' or 'she', got {list(pronouns)}")
    ages = tuple(_ints(chars, "ages", CHARACTERS, minimum=1))
    if len(set(ages)) != CHARACTERS:
        raise chars.error("ages", "must all differ: stealing depends on who is older")
    if max(ages) != ages[GRANDPA]:
        raise chars.error("ages", "the Grandpa must be the oldest (\"he's the oldest\")")
    bonus = tuple(_ints(chars, "bonus_vp", CHARACTERS))
    price_change = tuple(_ints(chars, "price_change", CHARACTERS))
    money_cards = chars.get("money_cards", int, minimum=1)
    bank_cards = chars.get("grandpa_bank_money_cards", int, minimum=money_cards)
    child_vp = chars.get("grandpa_with_child_vp", int)

    city = scene.table("city")
    spaces = city.get("rows", int, minimum=1, maximum=MAX_ROWS) * city.get("columns", int, minimum=1, maximum=MAX_ROWS)
    sites = city.table("sites")
    if tuple(sites.keys()) != SITE_NAMES:
        raise city.error("sites", f"must list exactly {list(SITE_NAMES)} in this order")
    traffic_count = len(city.tables("traffic"))

    decks = scene.table("decks")
    movement_values = _ints(decks, "movement", None, minimum=1)
    money_values = _ints(decks, "money", None, minimum=1)
    ingredient_tables = scene.tables("ingredients")
    infos = []
    for entry in ingredient_tables:
        foods = tuple(_strings(entry, "foods", None))
        if not foods or len(set(foods)) != len(foods):
            raise entry.error("foods", f"must name at least one food, each once, got {list(foods)}")
        infos.append(Ingredient(foods, entry.get("cost", int, minimum=1, maximum=3),
                                entry.get("mother_in_law", int, default=0, minimum=0)))
    guests_vp = tuple(sorted(_ints(scene.table("guests"), "vp", None, maximum=-1)))
    bus = scene.table("bus")
    bus_numbers = tuple(_strings(bus, "numbers", None))
    bus_labels = tuple(_strings(bus, "cards", None))
    for label in bus_labels:
        if label not in bus_numbers:
            raise bus.error("cards", f"{label!r} is not one of the bus numbers {list(bus_numbers)}")
    table = scene.table("table")

    kinds: list[tuple[str, int, list[str], list[int]]] = [
        ("family", CHARACTERS, [f"{n} (character)" for n in names], [0] * CHARACTERS),
        ("reference", table.get("reference_cards", int, minimum=CHARACTERS, maximum=CHARACTERS),
         [f"{n} (reference card)" for n in names], [0] * CHARACTERS),
        ("secret", table.get("secret_cards", int, minimum=CHARACTERS, maximum=CHARACTERS),
         [f"{n} (secret character)" for n in names], [0] * CHARACTERS),
        ("summary", table.get("summary_cards", int, minimum=1, maximum=1), ["Summary card"], [0]),
        ("city", spaces, [f"City card {n + 1}" for n in range(spaces)], [0] * spaces),
        ("sites", len(SITE_NAMES), [f"{s.capitalize()} card" for s in SITE_NAMES], [0] * len(SITE_NAMES)),
        ("schoolbus", 1, ["Schoolbus"], [0]),
        ("traffic", traffic_count, [f"Traffic card {i + 1}" for i in range(traffic_count)],
         [0] * traffic_count),
        ("wc", table.get("wc_cards", int, minimum=1, maximum=1), ["Vertical W.C. card"], [0]),
        ("substitutes", table.get("substitute_cards", int, minimum=1, maximum=20),
         [f"Substitute card {i + 1}" for i in range(table.get("substitute_cards", int))],
         [0] * table.get("substitute_cards", int)),
        ("guests", len(guests_vp), [f"Guests {v}" for v in guests_vp], [0] * len(guests_vp)),
        ("ingredients", len(infos), [_ingredient_label(i) for i in infos], [0] * len(infos)),
        ("bus", len(bus_labels), [f"Bus card {b}" for b in bus_labels], [0] * len(bus_labels)),
        ("movement", len(movement_values), [f"Movement {v}" for v in movement_values], movement_values),
        ("money", len(money_values), [f"Money {v}" for v in money_values], money_values),
    ]
    ids: dict[str, tuple[int, ...]] = {}
    labels: list[str] = []
    values: list[int] = []
    for kind, count, kind_labels, kind_values in kinds:
        ids[kind] = tuple(range(len(labels), len(labels) + count))
        labels.extend(kind_labels)
        values.extend(kind_values)
    total = scene.table("box").get("total", int, minimum=1)
    if len(labels) != total:
        raise scene.table("box").error(
            "total", f"the box holds {total} cards but the scene describes {len(labels)}")
    if len(ids["guests"]) > 4 or len(infos) < 2 or len(bus_labels) < 2:
        raise scene.error("guests", "expected at most 4 guests cards, 2+ ingredients and 2+ bus cards")

    scoring = scene.table("scoring")
    dinner = scene.table("dinner")
    return MammaBox(
        names=names, pronouns=pronouns, ages=ages, bonus_vp=bonus, grandpa_with_child_vp=child_vp,
        price_change=price_change, money_cards=money_cards, grandpa_bank_money_cards=bank_cards,
        family=ids["family"], reference=ids["reference"], secret=ids["secret"],
        summary=ids["summary"][0], city=ids["city"], sites=ids["sites"],
        schoolbus=ids["schoolbus"][0], traffic=ids["traffic"], wc_card=ids["wc"][0],
        substitutes=ids["substitutes"], guests=ids["guests"], guests_vp=guests_vp,
        ingredients=ids["ingredients"], ingredient_info=tuple(infos), bus=ids["bus"],
        bus_labels=bus_labels, bus_numbers=bus_numbers, movement=ids["movement"],
        money=ids["money"], value=tuple(values), labels=tuple(labels), total=total,
        hand_limit=decks.get("hand_limit", int, minimum=1),
        draft=decks.get("draft", int, minimum=0),
        matching_vp=tuple(_ints(scoring, "matching_vp", None, minimum=0)),
        single_food_vp=scoring.get("single_food_vp", int),
        arrival_vp=tuple(_ints(scoring, "arrival_vp", CHARACTERS)),
        forward_first_step=dinner.get("forward_first_step", int, minimum=1),
        back_first_step=dinner.get("back_first_step", int, minimum=1),
        dinner_max_cards=dinner.get("max_cards_per_turn", int, minimum=3),
        seated_to_end=dinner.get("seated_to_end", int, minimum=1, maximum=CHARACTERS - 1),
    )


def _ingredient_label(info: Ingredient) -> str:
    text = ", ".join(info.foods)
    mil = f", Mother-in-Law -{info.mother_in_law}" if info.mother_in_law else ""
    return f"Ingredients: {text} (cost {info.cost}{mil})"


def _ints(scene: Scene, key: str, count: int | None, *, minimum: int | None = None,
          maximum: int | None = None) -> list[int]:
    values = scene.get(key, list)
    if count is not None and len(values) != count:
        raise scene.error(key, f"expected {count} integers, got {len(values)}")
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool):
            raise scene.error(key, f"expected integers, got {v!r}")
        if minimum is not None and v < minimum:
            raise scene.error(key, f"values must be at least {minimum}, got {v}")
        if maximum is not None and v > maximum:
            raise scene.error(key, f"values must be at most {maximum}, got {v}")
    return list(values)


def _strings(scene: Scene, key: str, count: int | None) -> list[str]:
    values = scene.get(key, list)
    if count is not None and len(values) != count:
        raise scene.error(key, f"expected {count} names, got {len(values)}")
    if not all(isinstance(v, str) and v for v in values):
        raise scene.error(key, f"expected non-empty strings, got {values!r}")
    return list(values)
