"""A map-first window that fits a 1280×720 screen (issue 23, item 7): the docks share their side as tabs
and collapse to a strip at the window's edge; with an encounter running and a token selected, every
control — End encounter, Delay and Ready, the status bar — is inside the window, and the screenshots of
the GM window mid-encounter at 1280×720 and 1920×1080 are written for a person to look at."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QWidget

from rules.dice import ScriptedDice

ROOT = Path(__file__).resolve().parents[2]
RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
LEFT = Qt.DockWidgetArea.LeftDockWidgetArea


def _settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def _shots() -> Path:
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _inside(window: Any, widget: QWidget) -> bool:
    """The widget shows, whole, inside the window."""
    if not widget.isVisible():
        return False
    top_left = widget.mapTo(window, QPoint(0, 0))
    return window.rect().contains(QRect(top_left, widget.size()))


def _mid_encounter(window: Any, qtbot: Any, size: tuple[int, int]) -> Any:
    window.resize(*size)
    _settle()
    dock = window.table.initiative_dock
    dock.dice = ScriptedDice([])
    for i, (tid, _inc, _d20) in enumerate(dock.setup_rows()):
        dock.set_typed(tid, d20=20 - i)
    window.table.act_start.trigger()
    _settle()
    assert window.doc.encounter is not None
    window.map_scene.select_ids([window.doc.encounter.current_id])
    _settle()
    return dock


@pytest.mark.parametrize("system", ["pf2e", "dnd5e"])
def test_every_control_is_inside_a_1280_by_720_window(window: Any, qtbot: Any, system: str) -> None:
    assert window.files.open_demo(system)
    dock = _mid_encounter(window, qtbot, (1280, 720))
    hint = window.minimumSizeHint()
    assert hint.width() <= 1280 and hint.height() <= 720, hint
    assert (window.width(), window.height()) == (1280, 720)
    sides = window.sides
    assert sides.in_front(dock)  # Roll Initiative brought the order to front
    bottom_row = [dock.end_button, dock.next_button, dock.ready_button, window.statusBar()]
    if dock.delay_button.isVisibleTo(dock):
        bottom_row.append(dock.delay_button)
    for widget in bottom_row:
        assert _inside(window, widget), widget.objectName()
    assert window.view.width() > 0.6 * window.width()  # the map has most of the window
    path = _shots() / f"gm-window-mid-encounter-1280x720-{system}.png"
    assert window.grab().save(str(path))

    # the inspector, the compendium and the log all open at once still fit, and still show the bottom row
    sides.show_dock(window.inspector)
    sides.show_dock(window.compendium.dock)
    _settle()
    assert window.minimumSizeHint().height() <= 720
    assert (window.width(), window.height()) == (1280, 720)
    assert _inside(window, window.statusBar())
    ins = window.inspector
    ins.scroller.ensureWidgetVisible(ins.end_turn)
    _settle()
    assert ins.end_turn.visibleRegion().boundingRect().height() == ins.end_turn.height()  # scrolled to
    # nothing of the inspector is cut at its right edge: its form is no wider than its place
    assert not ins.scroller.horizontalScrollBar().isVisible()
    assert ins.stack.minimumSizeHint().width() <= ins.scroller.viewport().width()
    for button in (ins.end_turn, ins.temp_button, ins.conditions_button):
        assert button.visibleRegion().boundingRect().width() == button.width(), button.text()
    sides.show_dock(dock)
    _settle()
    assert _inside(window, dock.end_button)


def test_a_strip_button_brings_a_dock_to_front_or_collapses_its_side(window: Any, qtbot: Any) -> None:
    _mid_encounter(window, qtbot, (1280, 720))
    sides = window.sides
    strip = window.findChild(QWidget, "strip-inspectorDock")
    assert strip is not None and _inside(window, strip)
    narrow = window.view.width()
    qtbot.mouseClick(strip, Qt.MouseButton.LeftButton)
    _settle()
    assert sides.in_front(window.inspector) and strip.isChecked()
    qtbot.mouseClick(strip, Qt.MouseButton.LeftButton)  # in front: the side collapses to its strip
    _settle()
    assert sides.is_collapsed(RIGHT)
    assert window.view.width() > narrow + 250
    assert not strip.isChecked()
    initiative = window.findChild(QWidget, "strip-initiativeDock")
    qtbot.mouseClick(initiative, Qt.MouseButton.LeftButton)  # opens again, with its tabs
    _settle()
    assert sides.in_front(window.table.initiative_dock)
    assert window.inspector.isVisible() and not sides.in_front(window.inspector)
    # the left side starts collapsed; its strip opens the compendium
    assert sides.is_collapsed(LEFT)
    qtbot.mouseClick(window.findChild(QWidget, "strip-compendiumDock"), Qt.MouseButton.LeftButton)
    _settle()
    assert sides.in_front(window.compendium.dock)
    # View ▸ Log works too, and the strip follows
    window.table.log_dock.toggleViewAction().trigger()
    _settle()
    assert not window.table.log_dock.isVisible() or sides.in_front(window.table.log_dock)


def test_the_gm_window_mid_encounter_at_1920_by_1080(window: Any, qtbot: Any) -> None:
    dock = _mid_encounter(window, qtbot, (1920, 1080))
    assert (window.width(), window.height()) == (1920, 1080)
    for widget in (dock.end_button, dock.ready_button, window.statusBar()):
        assert _inside(window, widget)
    assert window.view.width() > 0.7 * window.width()
    assert window.grab().save(str(_shots() / "gm-window-mid-encounter-1920x1080.png"))


def test_a_window_made_at_1280_by_720_stays_that_size(qtbot: Any) -> None:
    """Sized before it first shows (as the app and --screenshot do), with every panel in place — the
    player-table panel behind its tab included: nothing hidden raises its height."""
    from desktop.window.main_window import MainWindow

    win = MainWindow(autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    assert win.files.open_demo("pf2e")
    win.resize(1280, 720)
    win.show()
    qtbot.waitExposed(win)
    _settle()
    assert (win.width(), win.height()) == (1280, 720)
    win.sides.show_dock(win.table_host.panel)
    _settle()
    assert (win.width(), win.height()) == (1280, 720)
    assert _inside(win, win.statusBar())
