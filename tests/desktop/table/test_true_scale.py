"""True scale for miniatures (issue 26 item 2): the calibration dialog turns a screen's size into pixels per
inch, kept per screen across restarts, and a grid square on the TV is then one inch — measured on the drawn
grid of a grabbed picture, turned a quarter too."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from statistics import median

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage

from desktop.look.style import CELL
from desktop.player import true_scale
from tests.desktop.helpers import settle
from tests.desktop.table.tv_helpers import open_tv
from tests.desktop.test_player_view import dungeon_doc


def _bright_doc() -> dict:  # type: ignore[type-arg]
    doc = dungeon_doc()
    doc["fog"]["enabled"] = False
    doc["options"]["ambient"] = "bright"
    doc["grid"] = {"width": 40, "height": 30}
    doc["tokens"] = [t for t in doc["tokens"] if t["id"] == "hero"]
    doc["walls"] = []
    return doc


def _line_positions(pixels: list[tuple[int, int, int]]) -> list[float]:
    """Where 1-pixel lines cross a run of pixels: the runs that differ from the run's commonest colour."""
    floor = Counter(pixels).most_common(1)[0][0]
    lines, run = [], []
    for i, c in enumerate(pixels):
        if sum(abs(a - b) for a, b in zip(c, floor, strict=True)) > 6:
            run.append(i)
        elif run:
            lines.append(sum(run) / len(run))
            run = []
    return lines


def _spacing(image: QImage, *, row: int | None = None, column: int | None = None) -> float:
    if row is not None:
        pixels = [image.pixelColor(x, row).getRgb()[:3] for x in range(image.width())]
    else:
        assert column is not None
        pixels = [image.pixelColor(column, y).getRgb()[:3] for y in range(image.height())]
    lines = _line_positions(pixels)
    assert len(lines) >= 8, lines
    return median(b - a for a, b in pairwise(lines))


@pytest.mark.parametrize(
    ("diagonal", "unit", "size", "ppi"),
    [(43, "in", (1920, 1080), 51.23), (55, "in", (3840, 2160), 80.1), (109.2, "cm", (1920, 1080), 51.24)],
)
def test_pixels_per_inch_from_the_diagonal(
    diagonal: float, unit: str, size: tuple[int, int], ppi: float
) -> None:
    got = true_scale.pixels_per_inch(true_scale.inches(diagonal, unit), *size)
    assert got == pytest.approx(ppi, abs=0.05)


def test_a_ruler_measured_on_the_glass() -> None:
    assert true_scale.ruler_pixels_per_inch(400, true_scale.inches(19.83, "cm")) == pytest.approx(
        51.23, abs=0.05
    )
    with pytest.raises(ValueError):
        true_scale.ruler_pixels_per_inch(400, 0)


def test_calibrating_a_43_inch_tv_makes_a_square_one_inch_and_survives_a_restart(qtbot) -> None:  # type: ignore[no-untyped-def]
    win, pw = open_tv(qtbot, doc=_bright_doc())
    feats = win.player_screen
    dialog = feats.calibrate()
    dialog.diagonal.setValue(43.0)
    dialog.width_px.setValue(1920)
    dialog.height_px.setValue(1080)
    dialog.square.setValue(1.0)
    assert "51.2" in dialog.answer_label.text()
    dialog.accept()
    settle()
    steering = feats.steering
    assert steering.true_scale and feats.act_true_scale.isChecked()
    assert steering.px_per_square == pytest.approx(51.23, abs=0.05)
    feats.set_mode("fixed")
    steering.set_view(QPointF(20 * CELL, 15 * CELL))
    settle()
    image = pw.view.viewport().grab().toImage()
    assert _spacing(image, row=image.height() // 3) == pytest.approx(51.2, abs=1.0)
    assert _spacing(image, column=image.width() // 3) == pytest.approx(51.2, abs=1.0)
    # turned a quarter for a side seat: still one inch each way
    feats.rotation_actions[90].trigger()
    settle()
    image = pw.view.viewport().grab().toImage()
    assert _spacing(image, row=image.height() // 3) == pytest.approx(51.2, abs=1.0)
    assert _spacing(image, column=image.width() // 3) == pytest.approx(51.2, abs=1.0)
    # pulling the frame's corner is another zoom: true scale turns off
    steering.set_scale(1.0)
    assert not steering.true_scale and not feats.act_true_scale.isChecked()
    win.close()
    pw.close()

    # the next start: the same screen keeps its calibration
    win2, _pw2 = open_tv(qtbot, doc=_bright_doc())
    feats2 = win2.player_screen
    assert true_scale.saved_ppi(feats2.screen_key()) == pytest.approx(51.23, abs=0.05)
    feats2.act_true_scale.trigger()
    assert feats2.steering.true_scale
    assert feats2.steering.px_per_square == pytest.approx(51.23, abs=0.05)


def test_true_scale_needs_a_calibration_first(qtbot) -> None:  # type: ignore[no-untyped-def]
    win, _pw = open_tv(qtbot)
    feats = win.player_screen
    feats.act_true_scale.trigger()
    assert not feats.steering.true_scale and not feats.act_true_scale.isChecked()
    assert "Calibrate" in win.statusBar().currentMessage()


def test_a_screen_is_kept_by_its_name_and_size() -> None:
    true_scale.save_ppi(true_scale.screen_key("HDMI-1", 1920, 1080), 51.2)
    true_scale.save_ppi(true_scale.screen_key("HDMI-1", 3840, 2160), 102.5)
    assert true_scale.saved_ppi("HDMI-1_1920x1080") == pytest.approx(51.2)
    assert true_scale.saved_ppi("HDMI-1_3840x2160") == pytest.approx(102.5)
    assert true_scale.saved_ppi("DP-2_1920x1080") is None


def test_rotation_touch_and_true_scale_are_kept_for_the_next_start(qtbot) -> None:  # type: ignore[no-untyped-def]
    win, _pw = open_tv(qtbot, doc=_bright_doc())
    feats = win.player_screen
    true_scale.save_ppi(feats.screen_key(), 51.23)
    feats.act_true_scale.trigger()
    feats.rotation_actions[270].trigger()
    feats.act_touch.trigger()
    assert feats.steering.true_scale and not feats.steering.touch
    win.close()
    win2, _pw2 = open_tv(qtbot, doc=_bright_doc())
    s = win2.player_screen.steering
    assert (s.rotation, s.touch, s.true_scale) == (270, False, True)
    assert s.px_per_square == pytest.approx(51.23, abs=0.05)
    assert win2.player_screen.rotation_actions[270].isChecked()
    assert not win2.player_screen.act_touch.isChecked()


def test_the_ruler_is_shown_on_the_tv_and_measured(qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop.player.calibration_dialog import RULER_PX

    win, pw = open_tv(qtbot, doc=_bright_doc())
    feats = win.player_screen
    dialog = feats.calibrate()
    assert pw.ruler is None
    dialog.by_ruler.setChecked(True)
    settle()
    assert pw.ruler is not None and pw.ruler.isVisible()
    # the bar's two ticks on the TV's picture stand RULER_PX pixels apart
    image = pw.grab().toImage()
    top_left = pw.ruler.mapTo(pw, pw.ruler.rect().topLeft())
    y = top_left.y() + pw.ruler.height() // 2 - 10  # above the bar: only the ticks are dark there
    ticks = [
        x
        for x in range(top_left.x(), top_left.x() + pw.ruler.width())
        if image.pixelColor(x, y).lightness() < 80
    ]
    assert ticks and ticks[-1] - ticks[0] == RULER_PX + 1  # two 2-pixel ticks, left edges RULER_PX apart
    dialog.measured.setValue(19.83)
    dialog.measured_unit.setCurrentIndex(dialog.measured_unit.findData("cm"))
    assert dialog.ppi() == pytest.approx(51.23, abs=0.05)
    dialog.accept()
    settle()
    assert pw.ruler is None  # gone with the dialog
    assert feats.steering.px_per_square == pytest.approx(51.23, abs=0.05)
