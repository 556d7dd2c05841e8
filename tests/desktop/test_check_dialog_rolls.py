"""The check dialog records its rolls through commands (logged, undoable) and spends Hero Points /
inspiration."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from tests.desktop.test_check_dialog import five, open_dialog, pf, scene


def click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_single_check_is_logged_undoable_and_agrees_with_the_row(qtbot: Any) -> None:
    d = open_dialog(qtbot, scene("pf2e", pf("val", 1, name="Valeros")), [], "val")
    d.set_stat("athletics")
    d.dc.setValue(20)
    d.d20.setValue(11)
    click(qtbot, d.typed_button)
    [row] = d.results
    assert row.total == 20 and row.outcome == "success"
    log = d.doc.log[-1]
    assert log.splitlines()[0] == "Valeros: Athletics check 20 vs DC 20 — success"
    assert "+9 Athletics" in log or "+9 athletics" in log
    assert d.doc.can_undo() and d.doc.undo_label() == "Roll check"
    before = d.doc.scene
    d.doc.undo()
    assert d.doc.scene == before and not d.doc.log


def test_group_check_is_one_logged_step(qtbot: Any) -> None:
    sc = scene("dnd5e-2014", *(five(f"p{i}", i) for i in range(2)), {"id": "x", "cell": [5, 5]})
    d = open_dialog(qtbot, sc, [10, 1, 2, 1, 20, 20])
    d.set_mode("group")
    d.set_stat("perception")
    d.dc.setValue(15)
    d.group.item(2).setCheckState(Qt.CheckState.Checked)  # x lists nothing: said, not rolled
    click(qtbot, d.roll_button)
    assert [r.total for r in d.results] == [15, 7, None]  # in the group's order
    assert "no" in d.results[2].detail and d.results[2].success is None
    assert len(d.doc.log) == 1
    entry = d.doc.log[0]
    assert entry.startswith("Group perception check (DC 15): The group succeeds: 1 of 2")
    assert "p0: Perception check 15 vs DC 15 — success" in entry
    assert "x: x has no" in entry  # the command says who was left out and why


def test_hero_point_reroll_in_the_check_dialog(qtbot: Any) -> None:
    d = open_dialog(qtbot, scene("pf2e", pf("val", 1, name="Valeros", hero_points=1)), [2, 17], "val")
    d.kind.setCurrentIndex(d.kind.findData("save"))
    d.set_stat("reflex")
    d.dc.setValue(18)
    assert d.reroll_button.isVisible() and not d.reroll_button.isEnabled()
    click(qtbot, d.roll_button)
    assert d.results[0].total == 9 and d.reroll_button.isEnabled()
    click(qtbot, d.reroll_button)
    assert d.results[0].total == 24 and d.results[0].success
    assert d.doc.scene.token("val").hero_points == 0  # type: ignore[union-attr]
    assert "spends a Hero Point to reroll: d20 2 → 17" in d.doc.log[-1]
    assert not d.reroll_button.isEnabled()


def test_2014_inspiration_gives_advantage_on_a_check(qtbot: Any) -> None:
    d = open_dialog(qtbot, scene("dnd5e-2014", five("pip", 1, inspiration=True)), [3, 16], "pip")
    d.set_stat("perception")
    d.dc.setValue(15)
    assert d.inspiration.isVisible() and d.inspiration.isEnabled() and not d.reroll_button.isVisible()
    d.inspiration.setChecked(True)
    click(qtbot, d.roll_button)
    assert d.results[0].total == 16 + 5 and d.results[0].success
    assert d.doc.scene.token("pip").inspiration is False  # type: ignore[union-attr]
    assert not d.inspiration.isEnabled()
