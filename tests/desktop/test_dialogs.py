"""The new-scene, scene-settings and token dialogs build the right scene, command and token."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QColor, QImage

from desktop.dialogs.new_scene import NewSceneDialog
from desktop.dialogs.scene_settings import SceneSettingsDialog
from desktop.dialogs.token_form import TokenForm
from desktop.window.file_controller import FileController
from rules.geometry.coords import Cell
from tests.desktop.helpers import ascii_scene


def test_new_scene_dialog_empty_and_demo(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = NewSceneDialog()
    qtbot.addWidget(dialog)
    dialog.system.setCurrentIndex(1)
    dialog.width_box.setValue(40)
    dialog.height_box.setValue(25)
    dialog.name.setText("Bridge")
    scene = dialog.scene()
    assert (scene.system, scene.grid.width, scene.grid.height, scene.name) == ("dnd5e-2014", 40, 25, "Bridge")
    assert scene.options.diagonals == "five"
    assert dialog.wants_demo() is None
    dialog.demo.setChecked(True)
    dialog.demo_system.setCurrentIndex(1)
    assert dialog.wants_demo() == "dnd5e"


def test_scene_settings_change_is_one_undoable_command(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert window.files.open_demo("dnd5e")
    doc = window.doc
    dialog = SceneSettingsDialog(doc.scene)
    qtbot.addWidget(dialog)
    assert dialog.command() is None  # nothing changed yet
    dialog.diagonals.setCurrentIndex(dialog.diagonals.findData("alternating"))
    dialog.flanking.setChecked(True)
    command = dialog.command()
    assert command is not None
    doc.execute(command)
    assert doc.scene.options.diagonals == "alternating" and doc.scene.options.flanking
    assert "diagonals alternating" in doc.log[-1]
    doc.undo()
    assert doc.scene.options.diagonals == "five"


def test_pf2e_settings_keep_the_rules_fixed(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = SceneSettingsDialog(ascii_scene("A.."))
    qtbot.addWidget(dialog)
    assert not dialog.diagonals.isEnabled() and not dialog.flanking.isEnabled()
    dialog.system.setCurrentIndex(dialog.system.findData("dnd5e-2024"))
    assert dialog.diagonals.isEnabled()
    command = dialog.command()
    assert command is not None and command.system == "dnd5e-2024" and command.options.diagonals == "five"


def test_token_form_gives_a_unique_id(qtbot) -> None:  # type: ignore[no-untyped-def]
    scene = ascii_scene("A..", tokens={"A": {"id": "A"}})
    form = TokenForm("pf2e", Cell(1, 0), ["party"])
    qtbot.addWidget(form)
    form.name.setText("A")
    form.size_box.setCurrentIndex(0)  # tiny: PF2e reach 0
    token = form.token(scene)
    assert token.id == "a" and token.reach == 0 and token.size == "tiny"


def test_portrait_is_drawn_from_the_image_file(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    picture = QImage(64, 64, QImage.Format.Format_RGB32)
    picture.fill(QColor("#00ff00"))
    path = tmp_path / "brann.png"
    assert picture.save(str(path))
    ins = window.inspector
    window.map_scene.select_ids(["brann"])
    ins.image.setText(str(path))
    ins.image.editingFinished.emit()
    item = window.map_scene.token_items["brann"]
    assert item.token.image == str(path)
    rendered = QImage(140, 140, QImage.Format.Format_ARGB32)
    rendered.fill(0)
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    painter = QPainter(rendered)
    item.paint(painter, QStyleOptionGraphicsItem())
    painter.end()
    centre = rendered.pixelColor(35, 35)
    assert centre.green() > 200 and centre.red() < 60


def test_autosave_writes_when_dirty_and_cleans_up_on_exit(qtbot, _data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QWidget

    from desktop.document import Document
    from rules.play.edits import PaintTerrain

    host = QWidget()
    qtbot.addWidget(host)
    doc = Document(ascii_scene("A..\n..."))
    files = FileController(host, doc, autosave=True)
    assert not files.autosave()  # nothing to save yet
    doc.execute(PaintTerrain((Cell(1, 1),), "difficult"))
    assert files.autosave()
    assert list((_data_dir / "autosave").rglob("*.autosave"))
    files.shutdown()
    assert not list((_data_dir / "autosave").rglob("*.autosave"))
