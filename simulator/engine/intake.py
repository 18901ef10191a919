"""What comes in from outside (files, scenes, the network): parsed within limits, quoted short.

Every reader of outside data goes through these two helpers, so no input can make a
message as long as itself, a parser recurse without end, or a NaN slip in as a number.
"""
from __future__ import annotations

import json
import reprlib
from typing import Any

#: The largest magnitude a number from outside may have: every integer up to it is exact
#: in a double, so JSON readers in any language agree on it.
MAX_MAGNITUDE = 2**53

_QUOTE = reprlib.Repr()
_QUOTE.maxlevel = 3
_QUOTE.maxstring = 40
_QUOTE.maxother = 40
_QUOTE.maxlong = 24
for _name in ("maxlist", "maxtuple", "maxdict", "maxset"):
    setattr(_QUOTE, _name, 4)


def quote(value: Any) -> str:
    """``repr(value)`` cut to a few dozen characters, safe for any depth or size."""
    try:
        return _QUOTE.repr(value)
    except Exception:  # a hostile __repr__ (cannot come from JSON, but be safe)
        return f"<{type(value).__name__}>"


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_json(text: str | bytes, *, max_bytes: int) -> Any:
    """Parse JSON text of at most ``max_bytes`` bytes (UTF-8).

    Raises ValueError with a short message for text that is too long, not UTF-8, not
    JSON, nested too deep, or uses NaN/Infinity (which JSON does not have).
    """
    if len(text) > max_bytes:
        raise ValueError(f"is {len(text):,} bytes; at most {max_bytes:,} are read")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"is not UTF-8 text (byte {exc.start} is {text[exc.start]:#04x})") from None
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise ValueError("is not valid JSON: nested too deep") from None
    except ValueError as exc:  # _refuse_constant, or an int literal too long to convert
        raise ValueError(f"is not valid JSON: {str(exc)[:80]}") from None
