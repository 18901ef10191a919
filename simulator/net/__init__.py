"""Online tables: a server that owns each game, clients that show it (asyncio + websockets).

The server (:mod:`.server`) holds many :class:`~.table.OnlineTable` s; each owns its
State, runs the bots, the referee and the clock of timed windows, and sends every seat
only ``view(seat)``. Clients (:mod:`.client`) send actions as JSON. Imports neither
pygame nor pymunk (a game's own referee may, as it does on a shared screen).
"""
