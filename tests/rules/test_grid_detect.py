"""Finding the grid printed on a map picture (issue 13 item 10): synthetic pictures with grid lines drawn
at known periods and offsets, scenery blotches and noise; pictures without a grid give None."""

from __future__ import annotations

import numpy as np
import pytest

from rules.io.grid_detect import detect_axes, detect_grid


def picture(
    width: int,
    height: int,
    period: float,
    offset: tuple[float, float] = (0.0, 0.0),
    *,
    noise: float = 12.0,
    line: float = 2.0,
    ink: float = 40.0,
    floor: float = 150.0,
    seed: int = 3,
    colour: bool = False,
    lines: bool = True,
    blotches: int = 25,
) -> np.ndarray:
    """A floor with blotches of scenery, grid lines `line` px wide (anti-aliased) at ``offset + k *
    period``, and Gaussian noise."""
    rng = np.random.default_rng(seed)
    img = np.full((height, width), floor)
    for _ in range(blotches):
        x0, y0 = rng.integers(0, width), rng.integers(0, height)
        size = rng.integers(10, max(11, min(width, height) // 4))
        img[y0 : y0 + size, x0 : x0 + size] += rng.normal(0, 35)

    def coverage(coord: np.ndarray, off: float) -> np.ndarray:
        d = (coord - off) % period
        d = np.minimum(d, period - d)
        return np.clip(line / 2 + 0.5 - d, 0.0, 1.0)

    mx = coverage(np.arange(width, dtype=float), offset[0])
    my = coverage(np.arange(height, dtype=float), offset[1])
    m = np.maximum(mx[None, :], my[:, None]) if lines else np.zeros_like(img)
    img = img * (1 - m) + ink * m
    img += rng.normal(0, noise, img.shape)
    grey = np.clip(img, 0, 255).astype(np.uint8)
    if colour:
        return np.stack([grey, (grey * 0.9).astype(np.uint8), (grey * 0.7).astype(np.uint8)], axis=2)
    return grey


def _offset_error(found: float, expected: float, period: float) -> float:
    d = abs(found - expected) % period
    return min(d, period - d)


@pytest.mark.parametrize(
    ("size", "period", "offset"),
    [
        ((1000, 750), 50.0, (13.0, 21.0)),
        ((800, 600), 70.0, (0.0, 0.0)),
        ((1200, 900), 37.5, (5.0, 30.0)),
        ((640, 480), 100.0, (40.0, 10.0)),
        ((900, 900), 24.3, (3.0, 7.0)),
        ((1400, 1000), 140.0, (70.0, 20.0)),
        ((700, 500), 10.0, (4.0, 6.0)),
    ],
)
def test_the_period_and_offset_of_a_drawn_grid(
    size: tuple[int, int], period: float, offset: tuple[float, float]
) -> None:
    guess = detect_grid(picture(*size, period, offset))
    assert guess is not None
    assert guess.pixels_per_cell == pytest.approx(period, rel=0.003)
    assert _offset_error(guess.offset_x, offset[0], period) < 1.0
    assert _offset_error(guess.offset_y, offset[1], period) < 1.0
    assert 0 <= guess.offset_x < guess.pixels_per_cell and 0 <= guess.offset_y < guess.pixels_per_cell
    assert guess.confidence > 0.5


@pytest.mark.parametrize("noise", [5.0, 25.0, 45.0])
def test_noise_and_faint_lines(noise: float) -> None:
    faint = picture(960, 720, 48.0, (10.0, 30.0), noise=noise, ink=110.0)  # lines only 40 levels darker
    guess = detect_grid(faint)
    assert guess is not None and guess.pixels_per_cell == pytest.approx(48.0, rel=0.005)


def test_light_lines_on_a_dark_map_and_colour_pictures() -> None:
    light = picture(900, 700, 60.0, (20.0, 20.0), ink=230.0, floor=60.0, colour=True)
    assert light.shape == (700, 900, 3)
    guess = detect_grid(light)
    assert guess is not None and guess.pixels_per_cell == pytest.approx(60.0, rel=0.003)


def test_the_period_not_a_multiple_of_it() -> None:
    # thick lines and strong scenery: the autocorrelation peaks at 2, 3 … periods too
    guess = detect_grid(picture(1200, 800, 40.0, (0.0, 0.0), line=4.0, seed=11))
    assert guess is not None and guess.pixels_per_cell == pytest.approx(40.0, rel=0.005)


def test_no_grid_no_guess() -> None:
    rng = np.random.default_rng(5)
    assert detect_grid(np.clip(rng.normal(128, 40, (600, 800)), 0, 255)) is None
    assert detect_grid(np.full((300, 400), 200, dtype=np.uint8)) is None
    # blotches but no lines
    assert detect_grid(picture(800, 600, 50.0, lines=False)) is None


def test_axes_that_disagree_are_not_one_square_grid() -> None:
    columns = picture(1000, 1000, 80.0, blotches=0)[500:501, :]  # a row crossing the vertical lines
    rows = picture(1000, 1000, 50.0, blotches=0)[:, 520:521]  # a column crossing the horizontal lines
    mixed = np.minimum(np.repeat(columns, 1000, axis=0), np.repeat(rows, 1000, axis=1))
    ax, ay = detect_axes(mixed)
    assert ax is not None and ay is not None
    assert ax.period == pytest.approx(80.0, rel=0.01) and ay.period == pytest.approx(50.0, rel=0.01)
    assert detect_grid(mixed) is None


def test_only_one_axis_printed() -> None:
    img = picture(900, 600, 45.0, (12.0, 0.0))
    rows_only = np.repeat(img[300:301, :], 600, axis=0)  # vertical lines only
    guess = detect_grid(rows_only)
    assert guess is not None and guess.pixels_per_cell == pytest.approx(45.0, rel=0.005)
    assert guess.confidence <= 0.5  # half the evidence


def test_bad_arrays_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="shape"):
        detect_grid(np.zeros((4, 4, 3, 2)))
    with pytest.raises(ValueError, match="too small"):
        detect_grid(np.zeros((1, 50)))
    with pytest.raises(ValueError, match="finite"):
        detect_grid(np.full((50, 50), np.nan))
    with pytest.raises(ValueError, match="real numbers"):
        detect_grid(np.full((50, 50), "x"))


def test_a_tiny_picture_has_no_room_for_a_grid() -> None:
    assert detect_grid(np.zeros((20, 20))) is None
