"""The solo dexterity challenge: the daily seed and the high-score book (pure).

The challenge itself is a mode of the rules (``mode = "challenge"``, one seat; see
RULES.md): stack as many cards as you can from a seeded deck; the score is the
height reached in mm. Everyone who plays on the same day gets the same deck.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from simulator.engine.intake import parse_json

BOOK_NAME = "wackelbett-challenge.json"


def daily_challenge_seed(day: dt.date, salt: str) -> int:
    """The seed of ``day``'s challenge: the same everywhere, different every day (31 bits).

    ``salt`` comes from the scene file (``[challenge] daily_seed_salt``).
    """
    digest = hashlib.sha256(f"{salt}:{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


@dataclass(frozen=True)
class ChallengeScore:
    """One finished challenge: who, how high (mm), how many cards, which deck."""

    name: str
    height_mm: float
    cards: int
    seed: int
    day: str  # ISO date the challenge was played

    def rank_key(self) -> tuple[float, int]:
        return (-self.height_mm, -self.cards)


class HighScoreBook:
    """The best challenge scores, kept as JSON in ``directory`` (written atomically).

    A missing file is an empty book; an unreadable one raises ValueError naming it.
    """

    def __init__(self, directory: str | os.PathLike[str], keep: int = 20) -> None:
        self.path = Path(directory) / BOOK_NAME
        self.keep = keep

    def scores(self) -> list[ChallengeScore]:
        """Best first."""
        try:
            data = parse_json(self.path.read_bytes(), max_bytes=2**20)
        except FileNotFoundError:
            return []
        except (OSError, ValueError) as exc:
            raise ValueError(f"{self.path}: cannot read the high scores: {exc}") from None
        try:
            return [ChallengeScore(str(s["name"]), float(s["height_mm"]), int(s["cards"]), int(s["seed"]),
                                   str(s["day"])) for s in data["scores"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"{self.path}: malformed high scores: {exc!r}") from None

    def add(self, score: ChallengeScore) -> int | None:
        """Record ``score``; return its place (1 = best) or None if it did not make the book."""
        scores = sorted([*self.scores(), score], key=ChallengeScore.rank_key)[: self.keep]
        if score not in scores:
            return None
        self._write(scores)
        return scores.index(score) + 1

    def _write(self, scores: list[ChallengeScore]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump({"scores": [asdict(s) for s in scores]}, fh, indent=1)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
