"""Find the grid printed on a battle-map picture: its period (pixels per square) and where its lines lie.

The picture is a numpy array, ``(height, width)`` grey or ``(height, width, channels)`` colour (any numeric
type; only the first three channels count). Printed grid lines are thin, straight, evenly spaced and run
across the whole picture, so:

1. Edge strength: the absolute difference between neighbouring pixels across each axis (``|d/dx|`` for the
   vertical lines, ``|d/dy|`` for the horizontal ones), summed along the lines' direction, gives one
   *profile* per axis in which every grid line is a spike. Scenery edges run every which way and average
   out; a robust per-profile baseline (a running median) removes slow changes of brightness.
2. Period: the autocorrelation of each profile (by FFT) peaks at the period and its multiples. Of the lags
   between `MIN_PERIOD` and a third of the picture, the candidate is the best peak; a shorter lag that
   divides it and scores at least `HARMONIC_SHARE` of it is preferred (the true period, not a multiple).
   The period is then refined below a pixel by fitting the positions of the peaks at 1, 2, … periods.
3. Phase: the profile folded at the period (a circular mean) says where the lines lie, as the offset of
   the first line from the picture's left (top) edge, in ``[0, period)``.

Both axes are measured; a square grid means they must agree within `AXIS_AGREEMENT`, and then the answer
is their weighted mean. `detect_grid` returns None when no clear, regular grid is found (confidence below
`MIN_CONFIDENCE`, no period in range, or the axes disagree): the caller falls back to asking the user (the
calibration box). Confidence is the normalised autocorrelation at the period (1 = perfectly periodic).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

#: The smallest period looked for, in pixels (a square smaller than this is not a usable battle map).
MIN_PERIOD = 8
#: The longest period looked for, as a share of the picture side (at least 3 squares must show).
MAX_SHARE = 1 / 3
#: A divisor of the best lag is the period when its autocorrelation is at least this share of the best.
HARMONIC_SHARE = 0.6
#: Below this normalised autocorrelation a profile has no grid.
MIN_CONFIDENCE = 0.25
#: The two axes' periods must agree within this fraction to be one square grid.
AXIS_AGREEMENT = 0.03
#: Width (pixels) of the running median taken off each profile.
BASELINE_WINDOW = 31


@dataclass(frozen=True, slots=True)
class AxisGrid:
    """The grid along one axis: `period` pixels between lines, the first at `offset` pixels."""

    period: float
    offset: float
    confidence: float


@dataclass(frozen=True, slots=True)
class GridGuess:
    """A printed grid: square size in pixels, where the first vertical and horizontal lines lie (pixels
    from the left and top edges, in ``[0, pixels_per_cell)``), and how sure (0..1)."""

    pixels_per_cell: float
    offset_x: float
    offset_y: float
    confidence: float


#: Longest run of pixels averaged along a line's direction (bigger pictures are sampled every few pixels).
MAX_SAMPLES = 1200


def _array(picture: npt.ArrayLike) -> np.ndarray:
    a = np.asarray(picture)
    if a.ndim == 3:
        if a.shape[2] == 0:
            raise ValueError("the picture array has no colour channels")
    elif a.ndim != 2:
        raise ValueError(f"a picture must be a (height, width[, channels]) array, not shape {a.shape}")
    if a.shape[0] < 2 or a.shape[1] < 2:
        raise ValueError(f"the picture is too small to have a grid ({a.shape[1]} × {a.shape[0]} pixels)")
    if not np.issubdtype(a.dtype, np.number) or np.issubdtype(a.dtype, np.complexfloating):
        raise ValueError(f"a picture array must hold real numbers, not {a.dtype}")
    return a


def _grey(a: np.ndarray) -> npt.NDArray[np.float64]:
    """Grey levels (float) of a picture array or a slice of one."""
    grey: npt.NDArray[np.float64] = (a[:, :, :3].mean(axis=2) if a.ndim == 3 else a).astype(np.float64)
    if not np.all(np.isfinite(grey)):
        raise ValueError("the picture array holds values that are not finite numbers")
    return grey


def _baseline(profile: npt.NDArray[np.float64], window: int) -> npt.NDArray[np.float64]:
    """A running median of `profile` (edges padded by reflection)."""
    half = max(1, window // 2)
    if len(profile) <= 2 * half + 1:
        return np.full_like(profile, float(np.median(profile)))
    padded = np.pad(profile, half, mode="reflect")
    windows = np.lib.stride_tricks.sliding_window_view(padded, 2 * half + 1)
    result: npt.NDArray[np.float64] = np.median(windows, axis=1)
    return result


def _autocorrelation(profile: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Normalised autocorrelation of a zero-mean profile for lags 0..n-1 (1 at lag 0), by FFT. Each lag is
    divided by its overlap so long lags aren't penalised for overlapping less."""
    n = len(profile)
    size = 1 << (2 * n - 1).bit_length()
    spectrum = np.fft.rfft(profile, size)
    raw = np.fft.irfft(spectrum * np.conj(spectrum), size)[:n]
    overlap = np.arange(n, 0, -1, dtype=np.float64)
    ac = raw / overlap
    if ac[0] <= 0:
        return np.zeros(n)
    result: npt.NDArray[np.float64] = ac / ac[0]
    return result


def _peak_near(ac: npt.NDArray[np.float64], lag: float, radius: int) -> float | None:
    """The sub-pixel position of the autocorrelation's local maximum near `lag` (parabolic fit)."""
    lo = max(1, math.floor(lag) - radius)
    hi = min(len(ac) - 2, math.ceil(lag) + radius)
    if lo > hi:
        return None
    k = lo + int(np.argmax(ac[lo : hi + 1]))
    a, b, c = ac[k - 1], ac[k], ac[k + 1]
    denom = a - 2 * b + c
    shift = 0.5 * (a - c) / denom if denom < 0 else 0.0
    return k + max(-0.5, min(0.5, float(shift)))


def _axis(profile: npt.NDArray[np.float64]) -> AxisGrid | None:
    """The grid along one axis from its edge profile, or None."""
    n = len(profile)
    max_lag = int(n * MAX_SHARE)
    if max_lag <= MIN_PERIOD:
        return None
    signal = profile - _baseline(profile, BASELINE_WINDOW)
    signal = np.clip(signal, 0.0, None)  # lines are spikes up from the baseline
    signal = signal - signal.mean()
    if not np.any(signal):
        return None
    ac = _autocorrelation(signal)
    window = ac[MIN_PERIOD : max_lag + 1]
    # local maxima only (a broad line makes a broad peak at lag 0 that spills past MIN_PERIOD)
    inner = (window[1:-1] >= window[:-2]) & (window[1:-1] >= window[2:])
    candidates = np.nonzero(inner)[0] + MIN_PERIOD + 1
    if candidates.size == 0:
        return None
    best = int(candidates[np.argmax(ac[candidates])])
    score = float(ac[best])
    # the true period rather than a multiple of it: the smallest divisor that scores nearly as well
    for divisor in range(max(2, best // MIN_PERIOD), 1, -1):
        lag = best / divisor
        if lag < MIN_PERIOD:
            continue
        found = _peak_near(ac, lag, 1)
        if found is not None and ac[round(found)] >= HARMONIC_SHARE * score:
            best = round(found)
            score = float(ac[best])
            break
    if score < MIN_CONFIDENCE:
        return None
    # refine: fit the peaks at k * period, k = 1 .. as many as the picture holds
    period = _peak_near(ac, best, 1) or float(best)
    ks: list[int] = []
    positions: list[float] = []
    k = 1
    radius = max(1, int(period / 4))
    while k * period < n * 0.8:
        found = _peak_near(ac, k * period, radius)
        if found is None or ac[round(found)] < MIN_CONFIDENCE / 2:
            break
        ks.append(k)
        positions.append(found)
        period = float(np.dot(ks, positions) / np.dot(ks, ks))  # least squares through 0, so far
        k += 1
    # phase: where the lines lie
    x = np.arange(n, dtype=np.float64)
    weights = np.clip(profile - _baseline(profile, BASELINE_WINDOW), 0.0, None)
    angle = math.atan2(
        float(np.dot(weights, np.sin(2 * math.pi * x / period))),
        float(np.dot(weights, np.cos(2 * math.pi * x / period))),
    )
    offset = (angle / (2 * math.pi) * period) % period
    return AxisGrid(period, offset, score)


def edge_profiles(picture: npt.ArrayLike) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The edge-strength profiles across x (one value per pixel column) and across y (per pixel row).
    Along the lines' direction at most `MAX_SAMPLES` rows (columns) are averaged, evenly spread."""
    a = _array(picture)
    h, w = a.shape[0], a.shape[1]
    rows = _grey(a[:: max(1, h // MAX_SAMPLES), :])
    cols = _grey(a[:, :: max(1, w // MAX_SAMPLES)])
    px = np.abs(np.diff(rows, axis=1)).mean(axis=0)  # strong at vertical lines
    py = np.abs(np.diff(cols, axis=0)).mean(axis=1)  # strong at horizontal lines
    # a thin line has two edges (into and out of it): sum the pair so the spike sits on the line
    col = np.concatenate([[px[0]], px[:-1] + px[1:], [px[-1]]]) / 2
    row = np.concatenate([[py[0]], py[:-1] + py[1:], [py[-1]]]) / 2
    return col, row


def detect_axes(picture: npt.ArrayLike) -> tuple[AxisGrid | None, AxisGrid | None]:
    """The grid found along x (vertical lines) and along y (horizontal lines), each or None."""
    col, row = edge_profiles(picture)
    return _axis(col), _axis(row)


def detect_grid(picture: npt.ArrayLike) -> GridGuess | None:
    """The printed square grid of `picture`, or None when there is no clear one (see the module
    docstring). Raises ValueError for an array that isn't a picture."""
    ax, ay = detect_axes(picture)
    if ax is None and ay is None:
        return None
    if (
        ax is not None
        and ay is not None
        and abs(ax.period - ay.period) > AXIS_AGREEMENT * max(ax.period, ay.period)
    ):
        # not one square grid; trust the clearer axis only when it is much clearer
        if max(ax.confidence, ay.confidence) < 2 * min(ax.confidence, ay.confidence):
            return None
        ax, ay = (ax, None) if ax.confidence > ay.confidence else (None, ay)
    if ax is not None and ay is not None:
        total = ax.confidence + ay.confidence
        period = (ax.period * ax.confidence + ay.period * ay.confidence) / total
        return GridGuess(
            round(period, 3), round(ax.offset % period, 2), round(ay.offset % period, 2), min(1.0, total / 2)
        )
    one = ax if ax is not None else ay
    assert one is not None
    off_x = one.offset if ax is not None else 0.0
    off_y = one.offset if ay is not None else 0.0
    # only one axis seen: less sure
    return GridGuess(round(one.period, 3), round(off_x, 2), round(off_y, 2), one.confidence / 2)
