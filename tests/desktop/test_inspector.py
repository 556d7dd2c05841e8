"""The inspector dock edits the selected token through undoable commands."""

from __future__ import annotations

from rules.geometry.coords import Cell
from tests.desktop.helpers import press, release, view_point


def _select(window, cell) -> None:  # type: ignore[no-untyped-def]
    press(window.view, view_point(window.view, cell))
    release(window.view, view_point(window.view, cell))


def test_inspector_shows_and_edits_the_selected_token(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    ins = window.inspector
    _select(window, (4, 13))
    assert ins.token_id == "isolde"
    assert ins.hp.value() == 12 and ins.max_hp.value() == 18
    ins.hp.setValue(9)
    ins.hp.setValue(7)
    assert doc.scene.token("isolde").hp == 7
    assert doc.log[-1] in ("Isolde loses 5 HP (12 → 7)", "Isolde loses 2 HP (9 → 7)")
    doc.undo()  # both spin-box steps were one edit
    assert doc.scene.token("isolde").hp == 12
    assert ins.hp.value() == 12  # the dock follows the document


def test_conditions_and_name_edits(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    ins = window.inspector
    _select(window, (5, 11))
    ins.conditions.setText("frightened 2, prone")
    ins.conditions.editingFinished.emit()
    assert doc.scene.token("brann").conditions == ("frightened 2", "prone")
    ins.name.setText("Brann the Bold")
    ins.name.editingFinished.emit()
    assert doc.scene.token("brann").name == "Brann the Bold"
    assert window.map_scene.token_items["brann"].token.name == "Brann the Bold"


def test_size_change_keeps_the_space_on_the_grid(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    ins = window.inspector
    window.files.new_empty("pf2e", 6, 6)
    from rules.model.scene import Token
    from rules.play.edits import AddTokens

    doc.execute(AddTokens((Token("wolf", Cell(5, 5)),)))
    window.map_scene.select_ids(["wolf"])
    ins.size_box.setCurrentIndex(5)  # gargantuan: 4×4
    ins.size_box.activated.emit(5)
    wolf = doc.scene.token("wolf")
    assert wolf.size == "gargantuan" and wolf.cell == Cell(2, 2)


def test_end_turn_resets_movement(window) -> None:  # type: ignore[no-untyped-def]
    from tests.desktop.helpers import drag

    doc = window.doc
    drag(window.view, view_point(window.view, (5, 11)), view_point(window.view, (6, 11)))
    assert doc.free.of("brann").movement_spent == 5
    assert "5 ft moved" in window.inspector.movement.text()
    window.inspector.end_turn.click()
    assert doc.free.of("brann") is None  # its free-mode turn begins again
    doc.undo()
    assert doc.free.of("brann").movement_spent == 5


def test_multi_selection_shows_a_summary(window) -> None:  # type: ignore[no-untyped-def]
    window.select_all()
    assert window.inspector.stack.currentWidget() is window.inspector.many
    assert "10 tokens selected" in window.inspector.many.text()


def test_the_title_forgets_the_token_on_another_map_or_a_new_scene(window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 13 item 7: no stale "Inspector — Brann" after the document changes under it."""
    inspector = window.inspector
    window.map_scene.select_ids(["brann"])
    assert inspector.windowTitle() == "Inspector — Brann"
    window.map_scene.select_ids(["brann", "mira"])
    assert inspector.windowTitle() == "Inspector — 2 tokens"
    window.map_scene.select_ids(["brann"])
    assert window.files.new_empty("pf2e", 10, 8, "Empty")
    assert inspector.windowTitle() == "Inspector"
    assert inspector.stack.currentWidget() is inspector.empty
    assert window.files.open_demo("dnd5e")
    window.map_scene.select_ids(["mira"])
    assert inspector.windowTitle() == "Inspector — Mira"
    window.map_scene.select_ids([])
    assert inspector.windowTitle() == "Inspector"
