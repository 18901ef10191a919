"""Synthesise the table's sounds into assets/sounds/*.wav (standard library only).

Every sound is made here from oscillators, filtered noise and a small formant voice,
from a fixed seed, so the same script always writes the same files. They are ours and
released under CC0 (see assets/CREDITS.md).

    python tools/make_sounds.py                 # writes every cue
    python tools/make_sounds.py --only buzzer --out /tmp/sounds
"""
from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import wave
from pathlib import Path
from typing import Callable

RATE = 22050
ROOT = Path(__file__).resolve().parents[1]
Signal = list[float]


# -- building blocks ---------------------------------------------------------------------------
def tone(freq: float | Callable[[float], float], seconds: float, *, shape: str = "sine") -> Signal:
    """An oscillator; ``freq`` may be a function of time for glides."""
    out, phase = [], 0.0
    for i in range(int(seconds * RATE)):
        f = freq(i / RATE) if callable(freq) else freq
        phase = (phase + f / RATE) % 1.0
        if shape == "sine":
            out.append(math.sin(2 * math.pi * phase))
        elif shape == "square":
            out.append(1.0 if phase < 0.5 else -1.0)
        elif shape == "saw":
            out.append(2 * phase - 1)
        elif shape == "pulse":  # a glottal-like pulse train for the voice
            out.append(1.0 if phase < 0.08 else -0.087)
    return out


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1, 1) for _ in range(int(seconds * RATE))]


def envelope(signal: Signal, attack: float, decay: float) -> Signal:
    """A fast linear attack, then an exponential decay with time constant ``decay``."""
    a = max(1, int(attack * RATE))
    return [s * (i / a if i < a else math.exp(-(i - a) / (decay * RATE))) for i, s in enumerate(signal)]


def shaped(signal: Signal, points: list[tuple[float, float]]) -> Signal:
    """Multiply by a piecewise-linear gain through (seconds, gain) points."""
    out = []
    for i, s in enumerate(signal):
        t = i / RATE
        for (t0, g0), (t1, g1) in zip(points, points[1:]):
            if t0 <= t <= t1:
                out.append(s * (g0 + (g1 - g0) * (t - t0) / max(t1 - t0, 1e-9)))
                break
        else:
            out.append(0.0)
    return out


def biquad(signal: Signal, kind: str, freq: float, q: float = 0.7) -> Signal:
    """An RBJ-cookbook low-pass, high-pass or band-pass filter."""
    w = 2 * math.pi * freq / RATE
    alpha, cos = math.sin(w) / (2 * q), math.cos(w)
    if kind == "low":
        b = [(1 - cos) / 2, 1 - cos, (1 - cos) / 2]
    elif kind == "high":
        b = [(1 + cos) / 2, -(1 + cos), (1 + cos) / 2]
    else:
        b = [alpha, 0.0, -alpha]
    a0, a1, a2 = 1 + alpha, -2 * cos, 1 - alpha
    b0, b1, b2 = (x / a0 for x in b)
    a1, a2 = a1 / a0, a2 / a0
    out, x1, x2, y1, y2 = [], 0.0, 0.0, 0.0, 0.0
    for x in signal:
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        out.append(y)
        x2, x1, y2, y1 = x1, x, y1, y
    return out


def mix(*parts: tuple[float, Signal, float]) -> Signal:
    """Sum (start seconds, signal, gain) parts into one signal."""
    length = max(int(start * RATE) + len(sig) for start, sig, _ in parts)
    out = [0.0] * length
    for start, sig, gain in parts:
        offset = int(start * RATE)
        for i, s in enumerate(sig):
            out[offset + i] += s * gain
    return out


def normalised(signal: Signal, peak: float) -> Signal:
    top = max(abs(s) for s in signal) or 1.0
    fade = int(0.005 * RATE)  # no click at the end
    out = [s * peak / top for s in signal]
    for i in range(1, min(fade, len(out)) + 1):
        out[-i] *= i / fade
    return out


# -- a tiny formant voice for "Heissa Mama!" ---------------------------------------------------
VOWELS = {"a": (800, 1200, 2500), "e": (500, 1800, 2500), "i": (300, 2300, 3000), "m": (250, 1000, 2200)}


def voiced(phones: list[tuple[str, float]], pitch: Callable[[float], float]) -> Signal:
    """Phones (vowel key, seconds) through formant filters; a glide joins each to the next."""
    out: Signal = []
    t0 = 0.0
    for key, seconds in phones:
        source = tone(lambda t, t0=t0: pitch(t0 + t), seconds, shape="pulse")
        f1, f2, f3 = VOWELS[key]
        part = mix((0, biquad(source, "band", f1, 6), 1.0), (0, biquad(source, "band", f2, 8), 0.6),
                   (0, biquad(source, "band", f3, 10), 0.25))
        if key == "m":
            part = biquad(part, "low", 600)
        fade = int(0.025 * RATE)
        for i in range(min(fade, len(part))):
            part[i] *= i / fade
            part[-1 - i] *= i / fade
        out.extend(part)
        t0 += seconds
    return out


# -- the cues ----------------------------------------------------------------------------------
def snap(rng: random.Random) -> Signal:
    """A card slapped onto the pile: a bright click and a short papery hiss."""
    click = envelope(biquad(noise(0.09, rng), "band", 2800, 1.2), 0.001, 0.012)
    body = envelope(biquad(noise(0.09, rng), "low", 900), 0.002, 0.02)
    return normalised(mix((0, click, 1.0), (0, body, 0.6)), 0.8)


def shuffle(rng: random.Random) -> Signal:
    """A riffle: ever faster card flicks, then the deck squared with a tap."""
    parts = []
    t = 0.0
    gap = 0.045
    while t < 0.75:
        flick = envelope(biquad(noise(0.03, rng), "band", rng.uniform(2500, 4200), 1.5), 0.001, 0.006)
        parts.append((t, flick, rng.uniform(0.5, 1.0)))
        t += gap * rng.uniform(0.7, 1.2)
        gap = max(0.012, gap * 0.94)
    parts.append((0.82, snap(rng), 0.9))
    parts.append((0.0, envelope(biquad(noise(0.9, rng), "band", 3000, 0.8), 0.1, 0.5), 0.12))
    return normalised(mix(*parts), 0.7)


def chime(rng: random.Random) -> Signal:
    """Your turn: two soft bell tones, a fifth apart."""
    def bell(freq: float) -> Signal:
        return envelope(mix((0, tone(freq, 1.4), 1.0), (0, tone(freq * 2.76, 1.4), 0.25),
                            (0, tone(freq * 5.4, 1.4), 0.08)), 0.004, 0.28)

    return normalised(mix((0, bell(880), 1.0), (0.14, bell(1318.5), 0.9)), 0.55)


def buzzer(rng: random.Random) -> Signal:
    """Wie Weet Wat: a loud game-show buzzer (two detuned square waves, rough and full)."""
    raw = mix((0, tone(lambda t: 110 + 3 * math.sin(2 * math.pi * 30 * t), 0.6, shape="square"), 1.0),
              (0, tone(116.5, 0.6, shape="saw"), 0.8), (0, tone(233, 0.6, shape="square"), 0.3))
    raw = [max(-0.9, min(0.9, 1.6 * s)) for s in biquad(raw, "low", 3200)]
    return normalised(shaped(raw, [(0, 0), (0.01, 1), (0.5, 1), (0.6, 0)]), 0.85)


def heissa(rng: random.Random) -> Signal:
    """Zoo-Wee Mama!: "Heissa Mama!", called out loud (a formant voice over a little fanfare)."""
    def pitch(t: float) -> float:
        return 230 + 60 * math.sin(min(t, 1.1) / 1.1 * math.pi) + (40 if t > 0.78 else 0)

    h = biquad(noise(0.06, rng), "band", 1500, 0.8)
    s = envelope(biquad(noise(0.14, rng), "high", 4500), 0.02, 0.08)
    hei = voiced([("a", 0.11), ("e", 0.06), ("i", 0.07)], pitch)
    sa = voiced([("a", 0.16)], lambda t: pitch(0.38 + t))
    mama = voiced([("m", 0.07), ("a", 0.15), ("m", 0.07), ("a", 0.3)], lambda t: pitch(0.62 + t))
    voice = mix((0, h, 0.15), (0.05, hei, 1.0), (0.28, s, 0.35), (0.38, sa, 1.0), (0.62, mama, 1.0))
    horn = mix(*[(start, envelope(tone(f, 0.25, shape="saw"), 0.01, 0.12), 0.18)
                 for start, f in ((0.0, 523.3), (0.38, 659.3), (0.62, 784.0), (0.84, 1046.5))])
    return normalised(mix((0, voice, 1.0), (0, biquad(horn, "low", 2500), 1.0)), 0.9)


def thud(rng: random.Random) -> Signal:
    """Wackelbett: soft bedding lands on the floor, a low padded bump."""
    body = envelope(tone(lambda t: 95 - 40 * min(t / 0.15, 1.0), 0.35), 0.004, 0.07)
    puff = envelope(biquad(noise(0.35, rng), "low", 400), 0.01, 0.06)
    return normalised(mix((0, body, 1.0), (0, puff, 0.5)), 0.8)


def cheer(rng: random.Random) -> Signal:
    """A win: a small crowd cheering and clapping."""
    length = 2.2
    crowd = biquad(biquad(noise(length, rng), "band", 1000, 0.6), "low", 3000)
    crowd = shaped(crowd, [(0, 0), (0.25, 1), (1.5, 0.8), (length, 0)])
    parts: list[tuple[float, Signal, float]] = [(0, crowd, 0.6)]
    for _ in range(9):  # voices whooping up and down
        start, f0 = rng.uniform(0, 0.8), rng.uniform(300, 520)
        seconds = rng.uniform(0.5, 1.0)
        whoop = voiced([(rng.choice("aei"), seconds)],
                       lambda t, f0=f0, s=seconds: f0 * (1 + 0.35 * math.sin(math.pi * min(t / s, 1))))
        parts.append((start, whoop, rng.uniform(0.15, 0.3)))
    for _ in range(40):  # claps
        clap = envelope(biquad(noise(0.04, rng), "band", rng.uniform(1200, 2200), 1.0), 0.001, 0.01)
        parts.append((rng.uniform(0.2, length - 0.2), clap, rng.uniform(0.3, 0.7)))
    return normalised(mix(*parts), 0.75)


def console(rng: random.Random) -> Signal:
    """A game lost at this screen: three soft bell tones stepping gently down, no crowd."""
    def bell(freq: float) -> Signal:
        return envelope(mix((0, tone(freq, 1.2), 1.0), (0, tone(freq * 2.0, 1.2), 0.15)), 0.01, 0.35)

    return normalised(mix((0, bell(659.3), 1.0), (0.22, bell(587.3), 0.9), (0.44, bell(523.3), 0.85)), 0.45)


CUES: dict[str, Callable[[random.Random], Signal]] = {
    "snap": snap, "shuffle": shuffle, "chime": chime, "buzzer": buzzer, "heissa": heissa,
    "thud": thud, "cheer": cheer, "console": console,
}


def write_wav(signal: Signal, path: Path) -> None:
    """16-bit mono PCM at RATE."""
    path.parent.mkdir(parents=True, exist_ok=True)
    frames = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, s)) * 32767)) for s in signal)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(ROOT / "assets" / "sounds"),
                        help="folder for the WAV files (default: assets/sounds)")
    parser.add_argument("--only", action="append", choices=sorted(CUES), metavar="CUE",
                        help=f"make only this cue (repeatable): {', '.join(CUES)}")
    parser.add_argument("--seed", type=int, default=11, help="the noise seed (default 11: the committed files)")
    args = parser.parse_args(argv)
    for name in args.only or list(CUES):
        signal = CUES[name](random.Random(f"{args.seed}-{name}"))
        path = Path(args.out) / f"{name}.wav"
        write_wav(signal, path)
        print(f"{path}  {len(signal) / RATE:.2f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
