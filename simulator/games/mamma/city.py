"""The city of Mamma: the grid of city spaces and the cards beside it.

Spaces are indexed 0..26 (back number minus one), row-major from the top left;
column 0 touches column B (the seats). "Next to" is orthogonal. Sites (school,
bank, W.C., hospital, bench, church) lie beside the grid and touch the spaces listed
in the scene. Distances ("5 mp away", "the nearest empty space") are counted in
steps on the bare grid, ignoring whatever stands on it.
"""
from __future__ import annotations

from dataclasses import dataclass

from simulator.engine import Scene

from .box import CHARACTERS, MAX_ROWS, SITE_NAMES


@dataclass(frozen=True)
class City:
    """Geometry of the table; no state. Raises nothing after :func:`read_city`."""

    rows: int
    columns: int
    neighbours: tuple[tuple[int, ...], ...]       # per space, orthogonal neighbours
    site_spaces: tuple[tuple[int, ...], ...]      # per site (SITE_NAMES order)
    site_sides: tuple[str, ...]
    sites_at: tuple[tuple[str, ...], ...]         # per space, the sites it touches
    clubs: tuple[int, ...]
    first_ingredient: int
    taxi: int
    bus_stops: tuple[int, int]
    seat_entrances: tuple[int, ...]               # per character
    schoolbus_start: int
    schoolbus_cost: int
    traffic_starts: tuple[int, ...]
    traffic_costs: tuple[int, ...]
    wc_track: int
    bench_exit_cost: int
    church_exit_cost: int
    ingredient_distance: int
    taxi_multiplier: int

    @property
    def size(self) -> int:
        return self.rows * self.columns

    def column(self, space: int) -> int:
        return space % self.columns

    def row(self, space: int) -> int:
        return space // self.columns

    def distance(self, a: int, b: int) -> int:
        """Steps between two spaces on the bare grid (orthogonal moves)."""
        return abs(self.column(a) - self.column(b)) + abs(self.row(a) - self.row(b))

    def next_to_site(self, site: str) -> tuple[int, ...]:
        return self.site_spaces[SITE_NAMES.index(site)]

    def is_next_to_site(self, space: int, site: str) -> bool:
        return site in self.sites_at[space]

    def site_distance(self, site: str, space: int) -> int:
        """1 for a space touching the site, and one more per step beyond."""
        return 1 + min(self.distance(space, s) for s in self.next_to_site(site))

    def number(self, space: int) -> int:
        """The number on the back of the city card at ``space``."""
        return space + 1


def read_city(scene: Scene) -> City:
    """The city from the scene's ``[city]`` table; SceneError names a bad key."""
    city = scene.table("city")
    rows = city.get("rows", int, minimum=1, maximum=MAX_ROWS)
    columns = city.get("columns", int, minimum=2, maximum=MAX_ROWS)
    size = rows * columns

    def space(key: str, value: object) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= size:
            raise city.error(key, f"expected a city card number 1-{size}, got {value!r}")
        return value - 1

    def spaces(key: str, count: int | None = None) -> tuple[int, ...]:
        values = city.get(key, list)
        if count is not None and len(values) != count:
            raise city.error(key, f"expected {count} city card numbers, got {len(values)}")
        out = tuple(space(key, v) for v in values)
        if len(set(out)) != len(out):
            raise city.error(key, "names a city card twice")
        return out

    neighbours = []
    for s in range(size):
        r, c = divmod(s, columns)
        near = []
        if r > 0:
            near.append(s - columns)
        if c > 0:
            near.append(s - 1)
        if c < columns - 1:
            near.append(s + 1)
        if r < rows - 1:
            near.append(s + columns)
        neighbours.append(tuple(near))

    sites = city.table("sites")
    site_spaces, site_sides = [], []
    for name in SITE_NAMES:
        entry = sites.table(name)
        touching = entry.get("next_to", list)
        if not touching:
            raise entry.error("next_to", "a site must touch at least one city space")
        site_spaces.append(tuple(space(f"sites.{name}.next_to", v) for v in touching))
        site_sides.append(entry.get("side", str, choices=("top", "bottom", "right")))
    sites_at = tuple(tuple(n for n, touching in zip(SITE_NAMES, site_spaces) if s in touching)
                     for s in range(size))

    clubs = spaces("clubs")
    if len(clubs) < 2:
        raise city.error("clubs", "the ingredients need at least two club-marked spots")
    first = space("first_ingredient", city.get("first_ingredient", int))
    if first not in clubs:
        raise city.error("first_ingredient", "must be one of the club-marked spots")
    stops = spaces("bus_stops", 2)
    entrances = tuple(space("seat_entrances", v) for v in city.get("seat_entrances", list))
    if len(entrances) != CHARACTERS:
        raise city.error("seat_entrances", f"expected {CHARACTERS} city card numbers, one per seat")
    for s in entrances:
        if s % columns != 0:
            raise city.error("seat_entrances", "seats are reached only from the first column")
    bus = city.table("schoolbus")
    traffic = city.tables("traffic")
    starts = [space("schoolbus.start", bus.get("start", int))]
    starts += [space(f"traffic[{i}].start", t.get("start", int)) for i, t in enumerate(traffic)]
    if len(set(starts)) != len(starts) or set(starts) & set(clubs):
        raise city.error("traffic", "the schoolbus and traffic cards need distinct spaces off the club spots")
    return City(
        rows=rows, columns=columns, neighbours=tuple(neighbours),
        site_spaces=tuple(site_spaces), site_sides=tuple(site_sides), sites_at=sites_at,
        clubs=clubs, first_ingredient=first, taxi=space("taxi", city.get("taxi", int)),
        bus_stops=(stops[0], stops[1]), seat_entrances=entrances,
        schoolbus_start=starts[0], schoolbus_cost=bus.get("cost", int, minimum=1),
        traffic_starts=tuple(starts[1:]),
        traffic_costs=tuple(t.get("cost", int, minimum=1) for t in traffic),
        wc_track=city.get("wc_track", int, minimum=1),
        bench_exit_cost=city.get("bench_exit_cost", int, minimum=1),
        church_exit_cost=city.get("church_exit_cost", int, minimum=1),
        ingredient_distance=city.get("ingredient_distance", int, minimum=1),
        taxi_multiplier=city.get("taxi_multiplier", int, minimum=1),
    )

