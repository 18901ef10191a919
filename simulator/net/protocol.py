"""The wire format: JSON text messages, each an object with a ``type``.

Everything a client sends is read by :func:`read_message`, which refuses (with a
:class:`ProtocolError` whose message goes back to the sender) anything that is not
text, too large, not JSON, nested too deep, of an unknown type, or missing the
fields its type needs. Only then does a table look at it.

Client to server::

    host     {game, players, options, seed?, seats: [{name, kind}], wait_seconds, takeover, bot_pace}
             kind: "remote" (anyone joining), "local" (the host's own screen) or a bot level
    hello    {code, name?, tokens?: [..], watch?: bool}   join, rejoin with tokens, or watch
    act      {seat, action: {...}, id?}                   an action as JSON, for a seat you hold
    claim    {seat}                                       buzz: open your answer box in a timed window
    undo     {seat}                                       ask the table to take back your last move
    consent  {request, agree: bool}                       answer someone's undo request
    leave    {}

Server to client: ``hosted``, ``welcome``, ``update`` (your seats' views, the onlooker
view, your legal actions, whose turn, the clock), ``refused`` (to the sender only),
``error`` ({reason, unknown_token?: true} -- set when a join showed a seat token this table
never gave out), ``seats`` (who is here), ``undo-request``, ``undo-result``, ``bye``
({reason, back: bool} -- the table stops; with ``back`` the server is expected to start
again, so a screen keeps trying to rejoin).
"""
from __future__ import annotations

import json
import secrets
from typing import Any

#: Largest message a client may send, in bytes: the longest honest one is a Wackelbett hand
#: trace (at most 900 frames of x, y, angle: about 50 kB at full float precision); the
#: websocket layer closes the connection beyond it.
MAX_MESSAGE_BYTES = 256 * 1024
#: Largest message of any other type than ``act`` (a host's table, a hello, a claim ...).
MAX_SMALL_MESSAGE_BYTES = 16 * 1024
#: Bytes of messages a connection may send: a bucket of MAX_MESSAGE_BYTES refilled at this
#: rate, so no client, joined or not, makes the server read more than its share (an honest
#: player sends a few kB a second; a hand trace is one message of up to 50 kB).
BYTES_PER_SECOND = 64 * 1024
#: Deepest nesting of arrays and objects a message may have.
MAX_DEPTH = 8
#: The server pings every connection this often (s) and drops one that has not answered
#: within PING_TIMEOUT: so a seat held by a line that died is free again within HOLD_SECONDS.
PING_INTERVAL = 10
PING_TIMEOUT = 20
HOLD_SECONDS = PING_INTERVAL + PING_TIMEOUT
#: Messages a connection may send: a bucket of BURST refilled at RATE per second.
RATE_PER_SECOND = 20.0
BURST = 40
#: Join code alphabet: no 0/O, 1/I/L, so a code read aloud is typed right.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 10  # 31**10: about 49 bits; with the join rate limit, unguessable

FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "host": {"game": (str,), "players": (int,), "seats": (list,)},
    "hello": {"code": (str,)},
    "act": {"seat": (int,), "action": (dict,)},
    "claim": {"seat": (int,)},
    "undo": {"seat": (int,)},
    "consent": {"request": (int,), "agree": (bool,)},
    "leave": {},
}


class ProtocolError(ValueError):
    """A message the server cannot read; the message says why, for the sender."""


def new_code() -> str:
    """A fresh join code, e.g. ``K7QM-XR2PAT``, grouped for reading aloud."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def normal_code(code: str) -> str:
    """A code as typed (any case, spaces, with or without the dash) in its canonical form."""
    raw = "".join(ch for ch in code.upper() if ch.isalnum())
    return f"{raw[:4]}-{raw[4:]}" if len(raw) == CODE_LENGTH else raw


def new_token() -> str:
    """A seat token: the secret that lets a connection act for a seat, and rejoin it."""
    return secrets.token_urlsafe(24)


def read_message(raw: Any) -> dict[str, Any]:
    """Parse and check one incoming frame; raise :class:`ProtocolError` saying what is wrong."""
    if not isinstance(raw, str):
        raise ProtocolError("messages are JSON text, not binary frames")
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message too large (at most {MAX_MESSAGE_BYTES} bytes)")
    # Deep nesting is refused before parsing, so the parser never recurses far.
    if raw.count("[") + raw.count("{") > MAX_DEPTH and _bracket_depth(raw) > MAX_DEPTH:
        raise ProtocolError(f"message nested too deep (at most {MAX_DEPTH} levels)")
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError(f"not valid JSON: {str(exc)[:80]}") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object with a 'type'")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise ProtocolError(f"unknown message type {str(kind)[:40]!r}; expected one of {sorted(FIELDS)}")
    for name, types in FIELDS[kind].items():
        value = data.get(name)
        if not isinstance(value, types) or (bool not in types and isinstance(value, bool)):
            raise ProtocolError(f"'{kind}' needs '{name}' as {' or '.join(t.__name__ for t in types)}")
    if kind != "act" and len(raw) > MAX_SMALL_MESSAGE_BYTES:
        raise ProtocolError(f"'{kind}' message too large (at most {MAX_SMALL_MESSAGE_BYTES} bytes)")
    # (the nesting was checked on the text, before parsing: no walk over what was parsed)
    return data


def _bracket_depth(raw: str) -> int:
    """Deepest bracket nesting outside strings (a cheap pre-parse guard)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in raw:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def encode(message: dict[str, Any]) -> str:
    """One outgoing message as compact JSON text."""
    return json.dumps(message, separators=(",", ":"))
