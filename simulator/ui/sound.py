"""The table's sounds: named cues a game view asks for, played through pygame's mixer.

A view never touches the mixer: it calls ``self.cue(Cue.SNAP)`` and the table passes the
cue to the app's :class:`SoundBoard`. Where no audio device exists (CI, a headless
demo, ``SDL_AUDIODRIVER=dummy`` or a failing ``mixer.init``) the board is silent and
says why in :attr:`SoundBoard.problem`; nothing raises.

The WAVs in ``assets/sounds`` are synthesised by ``tools/make_sounds.py``.
"""
from __future__ import annotations

from enum import Enum

import pygame

from .quiet import quiet_stderr
from .theme import ASSETS

SOUNDS = ASSETS / "sounds"


class Cue(str, Enum):
    """A moment worth a sound; the value names its WAV file in ``assets/sounds``."""

    SNAP = "snap"          # a card lands on the table
    SHUFFLE = "shuffle"    # a deck is shuffled and dealt
    CHIME = "chime"        # it is your turn
    BUZZER = "buzzer"      # Wie Weet Wat: someone buzzes in
    HEISSA = "heissa"      # Zoo-Wee Mama!: "Heissa Mama!"
    THUD = "thud"          # Wackelbett: bedding falls
    CHEER = "cheer"        # a game is won by a player at this screen (or by bots, watched)
    CONSOLE = "console"    # a game is over and the players at this screen lost: gentler


class SoundBoard:
    """Owns the mixer and one loaded sound per cue; silent when it cannot be heard."""

    def __init__(self, *, loudness: float = 0.7, enabled: bool = True) -> None:
        self.sounds: dict[Cue, pygame.mixer.Sound] = {}
        self.problem = ""
        self.played: list[Cue] = []   # every cue asked for, heard or not (the table's tests read it)
        self.loudness = loudness
        if enabled:
            self._open()
        else:
            self.problem = "sound is off here"

    def _open(self) -> None:
        try:
            with quiet_stderr():  # ALSA and friends print their own complaints on failure
                pygame.mixer.init(44100, -16, 2, 512)
        except pygame.error as exc:
            self.problem = f"no audio device ({exc})"
            return
        try:
            for cue in Cue:
                self.sounds[cue] = pygame.mixer.Sound(str(SOUNDS / f"{cue.value}.wav"))
        except (pygame.error, FileNotFoundError) as exc:
            self.sounds.clear()
            self.problem = f"the sounds in {SOUNDS} could not be loaded ({exc})"
        self.set_loudness(self.loudness)

    def set_loudness(self, loudness: float) -> None:
        """Volume for every cue from now on, 0.0 (silent) to 1.0."""
        self.loudness = max(0.0, min(1.0, loudness))
        for sound in self.sounds.values():
            sound.set_volume(self.loudness)

    def play(self, cue: Cue) -> None:
        """Play ``cue`` (over whatever is playing); nothing happens where it cannot be heard."""
        cue = Cue(cue)
        self.played.append(cue)
        del self.played[:-20]
        if self.sounds and self.loudness > 0:
            self.sounds[cue].play()


def silent_board() -> SoundBoard:
    """A board that never opens the mixer (tables without an app: screenshots, tests)."""
    return SoundBoard(enabled=False)
