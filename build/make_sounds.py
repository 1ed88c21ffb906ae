"""Synthesise the Hearts Desktop sound effects as small WAV files.

Dev-only script using only the standard library; the output is deterministic
(fixed random seeds). Run from the repository root:

    python3 build/make_sounds.py [OUT_DIR]     # default: assets/sounds

Every file is 16-bit mono 44100 Hz, peaks at about -6 dBFS and fades in and
out so that it starts and ends on silence (no clicks).
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 44100
PEAK_DBFS = -6.0
SEED = 52
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"

Samples = list[float]


def n_samples(ms: float) -> int:
    """Return the number of samples in ``ms`` milliseconds."""
    return int(RATE * ms / 1000.0)


def noise(count: int, rng: random.Random) -> Samples:
    """White noise in [-1, 1]."""
    return [rng.uniform(-1.0, 1.0) for _ in range(count)]


def lowpass(x: Samples, cutoff: float) -> Samples:
    """One-pole low-pass filter."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    y, out = 0.0, []
    for s in x:
        y += a * (s - y)
        out.append(y)
    return out


def highpass(x: Samples, cutoff: float) -> Samples:
    """One-pole high-pass filter (input minus its low-pass)."""
    return [s - low for s, low in zip(x, lowpass(x, cutoff), strict=True)]


def sweep_bandpass(x: Samples, cutoff: Callable[[float], float], q: float) -> Samples:
    """State-variable band-pass whose centre ``cutoff(t)`` (t in 0..1) moves over time."""
    low = band = 0.0
    out, count, damp = [], len(x), 1.0 / q
    for i, s in enumerate(x):
        f = 2.0 * math.sin(math.pi * cutoff(i / count) / RATE)
        low += f * band
        high = s - low - damp * band
        band += f * high
        out.append(band)
    return out


def decay(count: int, tau_ms: float, attack_ms: float = 1.0) -> Samples:
    """Envelope: short raised-cosine attack, then exponential decay with time constant ``tau_ms``."""
    attack = max(1, n_samples(attack_ms))
    tau = n_samples(tau_ms)
    return [
        0.5 - 0.5 * math.cos(math.pi * i / attack) if i < attack else math.exp(-(i - attack) / tau)
        for i in range(count)
    ]


def bell(freq: float, ms: float, tau_ms: float, attack_ms: float = 4.0) -> Samples:
    """Make a soft bell-like tone: a sine with quieter, faster-decaying upper partials."""
    count = n_samples(ms)
    env = decay(count, tau_ms, attack_ms)
    env2 = decay(count, tau_ms / 2.5, attack_ms)
    w = 2.0 * math.pi * freq / RATE
    return [
        env[i] * math.sin(w * i) + env2[i] * (0.25 * math.sin(2.0 * w * i) + 0.08 * math.sin(3.0 * w * i))
        for i in range(count)
    ]


def mix(total: int, *parts: tuple[float, Samples, float]) -> Samples:
    """Sum (start_ms, samples, gain) parts into a buffer of ``total`` samples."""
    out = [0.0] * total
    for start_ms, part, gain in parts:
        start = n_samples(start_ms)
        for i, s in enumerate(part[: max(0, total - start)]):
            out[start + i] += gain * s
    return out


def finish(x: Samples, fade_in_ms: float = 2.0, fade_out_ms: float = 15.0) -> Samples:
    """Raised-cosine fades at both ends, then normalise the peak to ``PEAK_DBFS``."""
    x = list(x)
    count = len(x)
    fin, fout = min(n_samples(fade_in_ms), count // 2), min(n_samples(fade_out_ms), count // 2)
    for i in range(fin):
        x[i] *= 0.5 - 0.5 * math.cos(math.pi * i / fin)
    for i in range(fout):
        x[count - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fout)
    x[0] = x[-1] = 0.0
    peak = max(abs(s) for s in x) or 1.0
    gain = 10.0 ** (PEAK_DBFS / 20.0) / peak
    return [s * gain for s in x]


def card_play(rng: random.Random) -> Samples:
    """Soft card snap: band-limited noise burst plus a faint low body, ~80 ms."""
    count = n_samples(80)
    burst = highpass(lowpass(lowpass(noise(count, rng), 3000.0), 3000.0), 500.0)
    env = decay(count, 12.0, 2.5)
    snap = [b * e for b, e in zip(burst, env, strict=True)]
    body = [math.sin(2.0 * math.pi * 170.0 * i / RATE) * e for i, e in enumerate(decay(count, 18.0, 2.0))]
    return finish(mix(count, (0, snap, 1.0), (0, body, 0.12)), 2.0, 20.0)


def trick_sweep(rng: random.Random) -> Samples:
    """Swish: noise through a band-pass sweeping up then down, ~250 ms."""
    count = n_samples(250)
    sweep = sweep_bandpass(noise(count, rng), lambda t: 500.0 + 2500.0 * math.sin(math.pi * t) ** 2, 1.6)
    env = [math.sin(math.pi * i / count) ** 1.5 for i in range(count)]
    return finish(lowpass(lowpass([s * e for s, e in zip(sweep, env, strict=True)], 4500.0), 4500.0), 5.0, 30.0)


def hearts_broken(rng: random.Random) -> Samples:
    """Gentle two-note chime, E6 then B5, ~400 ms."""
    del rng
    count = n_samples(400)
    return finish(mix(count, (0, bell(1318.5, 400, 110.0), 0.8), (110, bell(987.8, 290, 120.0), 1.0)), 3.0, 40.0)


def queen_taken(rng: random.Random) -> Samples:
    """Low ominous diminished chord (D3 F3 A-flat3) with slight detune, ~500 ms."""
    count = n_samples(500)
    env = [min(1.0, i / n_samples(25)) * math.exp(-i / n_samples(220)) for i in range(count)]
    chord = [0.0] * count
    for freq in (146.83, 174.61, 207.65, 73.42):
        detune = 1.0 + rng.uniform(-0.003, 0.003)
        for partial, amp in ((1, 1.0), (2, 0.35), (3, 0.15), (4, 0.06)):
            w = 2.0 * math.pi * freq * detune * partial / RATE
            phase = rng.uniform(0.0, 2.0 * math.pi)
            for i in range(count):
                chord[i] += amp * math.sin(w * i + phase)
    return finish(lowpass([c * e for c, e in zip(chord, env, strict=True)], 900.0), 5.0, 60.0)


def moon(rng: random.Random) -> Samples:
    """Rising C-major arpeggio C5 E5 G5 C6 E6, ~900 ms."""
    del rng
    count = n_samples(900)
    notes = (523.25, 659.26, 783.99, 1046.5, 1318.5)
    parts = [(110.0 * k, bell(f, 900 - 110.0 * k, 150.0 + 40.0 * k), 0.7 + 0.08 * k) for k, f in enumerate(notes)]
    return finish(mix(count, *parts), 3.0, 80.0)


def deal(rng: random.Random) -> Samples:
    """Very short tick: high-passed noise with a faint high ping, ~40 ms."""
    count = n_samples(40)
    click = lowpass(highpass(noise(count, rng), 2000.0), 6000.0)
    env = decay(count, 4.0, 1.0)
    ping = [math.sin(2.0 * math.pi * 2600.0 * i / RATE) for i in range(count)]
    return finish([e * (0.8 * c + 0.25 * p) for c, p, e in zip(click, ping, env, strict=True)], 1.0, 10.0)


SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "card_play": card_play,
    "trick_sweep": trick_sweep,
    "hearts_broken": hearts_broken,
    "queen_taken": queen_taken,
    "moon": moon,
    "deal": deal,
}


def write_wav(path: Path, samples: Samples) -> None:
    """Write 16-bit mono PCM at ``RATE``."""
    frames = b"".join(struct.pack("<h", max(-32768, min(32767, round(s * 32767.0)))) for s in samples)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def main(argv: list[str] | None = None) -> int:
    """Generate every sound into the output folder (first argument, optional)."""
    args = sys.argv[1:] if argv is None else argv
    out_dir = Path(args[0]) if args else DEFAULT_OUT
    out_dir.mkdir(parents=True, exist_ok=True)
    for index, (name, make) in enumerate(SOUNDS.items()):
        samples = make(random.Random(SEED + index))
        write_wav(out_dir / f"{name}.wav", samples)
        print(f"{name}.wav: {len(samples) / RATE * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
