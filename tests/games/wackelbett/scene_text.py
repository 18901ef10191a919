"""Reading the real scene file's text, so tests of the scene tools follow its values as they are tuned."""
from __future__ import annotations

import re
from pathlib import Path


def line_of(path: Path, key: str) -> str:
    """The line of ``path`` that holds the dotted ``key`` (table.name), as written."""
    table, name = key.rsplit(".", 1)
    text = path.read_text()
    start = text.index(f"[{table}]")
    match = re.compile(rf"^{re.escape(name)}\s*=.*$", re.M).search(text, start)
    assert match is not None, key
    return match.group(0)


def raw_value(path: Path, key: str) -> str:
    """The value of ``key`` as the file writes it (``8.0e7``, ``0.4``)."""
    return line_of(path, key).split("=", 1)[1].split("#", 1)[0].strip()


def with_value(line: str, text: str) -> str:
    """``line`` with its value written as ``text``, the comment kept where it stands."""
    name, rest = line.split("=", 1)
    value, hash_, comment = rest.partition("#")
    old = value.strip()
    if not hash_:
        return line.replace(f"= {old}", f"= {text}", 1)
    gap = len(value) - len(old) - 1  # spaces between the value and the comment
    return f"{name}= {text}" + " " * max(1, gap - (len(text) - len(old))) + "#" + comment
