"""Issue 18 follow-up: a light the GM placed is edited in a small dialog (bright and dim radii), and the
ambient light is a scene setting."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt

from desktop.dialogs.scene_settings import SceneSettingsDialog
from desktop.look.style import CELL
from desktop.map.tools.light_dialog import LightDialog
from rules.geometry.coords import Point
from rules.geometry.light import BRIGHT, DARKNESS, light_map
from rules.io.scene_json import scene_from_json
from rules.model.scene import Light
from tests.desktop.helpers import press, release


def _doc() -> dict[str, Any]:
    return {
        "format": "fivefoot.scene",
        "version": 2,
        "system": "pf2e",
        "grid": {"width": 16, "height": 10},
        "options": {"ambient": "darkness"},
        "lights": [{"at": [4, 4], "bright": 10, "dim": 20, "color": "ffffb060"}],
        "tokens": [{"id": "hero", "cell": [12, 2], "side": "party", "pc": True}],
    }


@pytest.fixture
def gm(qtbot):  # type: ignore[no-untyped-def]
    from desktop.document import Document
    from desktop.window.main_window import MainWindow

    win = MainWindow(Document(scene_from_json(_doc())), autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    win.view.popup_menus = False
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit()
    yield win


def test_dim_is_never_less_than_bright(qtbot: Any) -> None:
    light = Light(Point(2.5, 3), bright=20, dim=40, color="ff00ff00")
    dialog = LightDialog(light)
    qtbot.addWidget(dialog)
    assert (dialog.bright.value(), dialog.dim.value()) == (20, 40) and not dialog.changed()
    dialog.bright.setValue(60)
    assert dialog.dim.value() == 60  # raised with it
    dialog.dim.setValue(30)
    assert dialog.bright.value() == 30  # lowered with it
    new = dialog.light()
    assert (new.bright, new.dim, new.position, new.color) == (30, 30, Point(2.5, 3), "ff00ff00")
    assert dialog.changed()


def test_right_click_a_light_edits_its_radii_in_one_undo_step(gm: Any, qtbot: Any) -> None:
    gm.set_tool("light")
    view = gm.view
    pt = view.mapFromScene(QPointF(4 * CELL, 4 * CELL))
    lit_before = light_map(gm.doc.scene)
    press(view, pt, Qt.MouseButton.RightButton)
    release(view, pt, Qt.MouseButton.RightButton)
    tool = gm.tools["light"]
    dialog = tool.dialog
    assert isinstance(dialog, LightDialog) and dialog.isVisible()
    assert (dialog.bright.value(), dialog.dim.value()) == (10, 20)
    assert len(gm.doc.scene.lights) == 1  # a right-click neither removes nor adds a light
    dialog.bright.setValue(25)
    dialog.dim.setValue(50)
    dialog.accept()
    (light,) = gm.doc.scene.lights
    assert (light.bright, light.dim, light.position) == (25, 50, Point(4, 4))
    lit_after = light_map(gm.doc.scene)
    assert (lit_after != DARKNESS).sum() > (lit_before != DARKNESS).sum()  # the rules see it
    assert (lit_after == BRIGHT).sum() > (lit_before == BRIGHT).sum()
    gm.doc.undo()
    assert (gm.doc.scene.lights[0].bright, gm.doc.scene.lights[0].dim) == (10, 20)


def test_right_click_off_a_light_opens_nothing(gm: Any) -> None:
    gm.set_tool("light")
    pt = gm.view.mapFromScene(QPointF(10 * CELL, 8 * CELL))
    press(gm.view, pt, Qt.MouseButton.RightButton)
    release(gm.view, pt, Qt.MouseButton.RightButton)
    assert gm.tools["light"].dialog is None
    assert len(gm.doc.scene.lights) == 1


def test_ambient_light_is_a_scene_setting(gm: Any, qtbot: Any) -> None:
    scene = gm.doc.scene
    dialog = SceneSettingsDialog(scene)
    qtbot.addWidget(dialog)
    assert dialog.ambient.currentData() == "darkness"
    assert dialog.command() is None
    dialog.ambient.setCurrentIndex(dialog.ambient.findData("dim"))
    command = dialog.command()
    assert command is not None and "ambient light dim" in command.log
    gm.doc.execute(command)
    assert gm.doc.scene.options.ambient == "dim"
    assert gm.player_screen.ambient_actions["dim"].isChecked()  # the View menu agrees
    gm.doc.undo()
    assert gm.doc.scene.options.ambient == "darkness"
