"""Sound: the cues are heard through the mixer, and with no audio device everything stays silent and works."""
from __future__ import annotations

import array
import os
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from simulator.ui.sound import SOUNDS, Cue

ROOT = Path(__file__).resolve().parents[2]

# A fresh Wham Bam! table in the app: its deal is shuffled, so the shuffle cue plays at once.
SIT_DOWN = """
import time, pygame
from simulator.engine import SeatInfo, load_game
from simulator.ui.app import App
from simulator.ui.settings import Settings
from simulator.ui.table import TableScene, TableSetup
app = App(headless=True, settings=Settings(muted={muted}))
game = load_game("wham-bam", players=2)
app.push(TableScene(app, TableSetup(game, (SeatInfo("You"), SeatInfo("Bot", "good")), 4)))
for _ in range(90):
    app.frame(1 / 60)
time.sleep(0.6)  # the audio thread plays in real time
print(repr(app.sound.problem), app.sound.played[0].value)
pygame.mixer.quit()
"""


def sit_down(tmp_path, audio_driver: str, *, muted: bool = False) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": audio_driver, "PYTHONPATH": str(ROOT),
           "SDL_DISKAUDIOFILE": str(tmp_path / "heard.raw"), "TABLETOP_HOME": str(tmp_path / "home")}
    return subprocess.run([sys.executable, "-c", SIT_DOWN.format(muted=muted)], capture_output=True, text=True,
                          env=env, timeout=60, cwd=tmp_path)


def loudest(raw: Path) -> int:
    samples = array.array("h", raw.read_bytes())
    return max(map(abs, samples), default=0)


def test_a_cue_is_heard_through_the_mixer(tmp_path):
    """SDL's disk audio driver writes what the sound card would get: the shuffle is in it."""
    proc = sit_down(tmp_path, "disk")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "'' shuffle"
    assert loudest(tmp_path / "heard.raw") > 3000


def test_mute_is_silent(tmp_path):
    proc = sit_down(tmp_path, "disk", muted=True)
    assert proc.returncode == 0, proc.stderr
    assert loudest(tmp_path / "heard.raw") == 0


def test_no_audio_device_is_silent_without_errors(tmp_path):
    proc = sit_down(tmp_path, "no-such-device")
    assert proc.returncode == 0 and proc.stderr == ""
    problem, cue = proc.stdout.splitlines()[-1].rsplit(" ", 1)
    assert "no audio device" in problem and cue == "shuffle"


@pytest.mark.parametrize("cue", list(Cue))
def test_every_cue_has_its_sound(cue):
    with wave.open(str(SOUNDS / f"{cue.value}.wav")) as wav:
        seconds = wav.getnframes() / wav.getframerate()
        samples = array.array("h", wav.readframes(wav.getnframes()))
    assert 0.05 <= seconds <= 3.0
    assert max(map(abs, samples)) > 10000, "loud enough to hear"
