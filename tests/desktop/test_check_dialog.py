"""The check dialog driven like a user: single checks and saves, group checks, contests and passive values,
every number from the engine with the creatures' conditions; and its screenshot."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from desktop.dialogs.check_dialog import CheckDialog
from desktop.document import Document
from rules.dice import ScriptedDice
from rules.io.scene_json import scene_from_json
from tests.desktop.helpers import settle

ROOT = Path(__file__).resolve().parents[2]
ABILITIES = {"str": 10, "dex": 14, "con": 12, "int": 10, "wis": 12, "cha": 10}


def scene(system: str, *tokens: dict[str, Any]) -> Any:
    return scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 1,
            "system": system,
            "grid": {"width": 8, "height": 6},
            "tokens": list(tokens),
        }
    )


def pf(id_: str, x: int, **kw: Any) -> dict[str, Any]:
    t = {
        "id": id_,
        "cell": [x, 1],
        "side": "party",
        "pc": True,
        "perception": 7,
        "saves": {"fortitude": 6, "reflex": 7, "will": 5},
        "skills": {"athletics": 9, "stealth": 8},
    }
    t.update(kw)
    return t


def five(id_: str, x: int, **kw: Any) -> dict[str, Any]:
    t = {
        "id": id_,
        "cell": [x, 1],
        "side": "party",
        "pc": True,
        "abilities": dict(ABILITIES),
        "proficiency_bonus": 2,
        "skills": {"perception": 5},
    }
    t.update(kw)
    return t


def open_dialog(qtbot: Any, sc: Any, dice: list[int], token_id: str | None = None) -> CheckDialog:
    dialog = CheckDialog(Document(sc), token_id, dice=ScriptedDice(dice))
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_pf2e_save_with_conditions_and_a_typed_die(qtbot: Any) -> None:
    # issue 15: a frightened 1 goblin with Reflex +7 saves at +6
    d = open_dialog(qtbot, scene("pf2e", pf("gob", 1, name="Goblin", conditions=["frightened 1"])), [], "gob")
    d.kind.setCurrentIndex(d.kind.findData("save"))
    d.set_stat("reflex")
    d.dc.setValue(17)
    d.d20.setValue(10)
    qtbot.mouseClick(d.typed_button, Qt.MouseButton.LeftButton)
    [row] = d.results
    assert row.total == 16 and row.outcome == "failure" and row.success is False
    assert "frightened" in row.detail
    assert "16 vs DC 17" in d.summary.text()
    assert d.table.topLevelItem(0).text(1) == "16"
    # a typed circumstance bonus from the GM (Aid +1) makes it
    d.bonus_label.setText("Aid")
    d.bonus_value.setValue(1)
    qtbot.mouseClick(d.typed_button, Qt.MouseButton.LeftButton)
    assert d.results[0].total == 17 and d.results[0].success
    # no contest in PF2e
    d.set_mode("contest")
    assert d.mode.currentData() == "single"


def test_5e_save_automatic_failure_and_gm_advantage(qtbot: Any) -> None:
    sc = scene("dnd5e-2024", five("pip", 1, conditions=["stunned"]), five("bob", 3))
    d = open_dialog(qtbot, sc, [], "pip")
    d.kind.setCurrentIndex(d.kind.findData("save"))
    d.set_stat("dex")
    d.dc.setValue(5)
    d.d20.setValue(20)
    qtbot.mouseClick(d.typed_button, Qt.MouseButton.LeftButton)
    assert d.results[0].success is False and "automatic failure" in d.results[0].detail
    d.creature.setCurrentIndex(d.creature.findData("bob"))
    d.advantage.setChecked(True)
    d.d20.setValue(3)
    d.d20b.setValue(18)
    qtbot.mouseClick(d.typed_button, Qt.MouseButton.LeftButton)
    assert d.results[0].total == 20 and d.results[0].success


def test_5e_group_check_needs_half(qtbot: Any) -> None:
    sc = scene("dnd5e-2014", *(five(f"p{i}", i) for i in range(4)))
    d = open_dialog(qtbot, sc, [10, 1, 2, 1, 13, 1, 3, 1])
    d.set_mode("group")
    d.set_stat("perception")
    d.dc.setValue(15)
    qtbot.mouseClick(d.roll_button, Qt.MouseButton.LeftButton)
    assert [r.total for r in d.results] == [15, 7, 18, 8]
    assert "The group succeeds: 2 of 4" in d.summary.text()
    d.dc.setValue(16)
    d.dice = ScriptedDice([10, 1, 2, 1, 13, 1, 3, 1])
    qtbot.mouseClick(d.roll_button, Qt.MouseButton.LeftButton)
    assert "fails: 1 of 4" in d.summary.text()


def test_5e_contest_tie_keeps_things_as_they_were(qtbot: Any) -> None:
    sc = scene("dnd5e-2014", five("ann", 1, skills={"athletics": 5}), five("bob", 2, side="enemy"))
    d = open_dialog(qtbot, sc, [15], "ann")
    d.set_mode("contest")
    d.set_stat("athletics")
    d.other.setCurrentIndex(d.other.findData("bob"))
    d.set_stat("acrobatics", d.other_stat)
    d.d20.setValue(12)
    qtbot.mouseClick(d.typed_button, Qt.MouseButton.LeftButton)
    assert [r.total for r in d.results] == [17, 17]
    assert d.contest_winner is None and "Tie" in d.summary.text()


def test_passive_values(qtbot: Any) -> None:
    d = open_dialog(qtbot, scene("dnd5e-2014", five("pip", 1)), [], "pip")
    d.set_mode("passive")
    d.set_stat("perception")
    qtbot.mouseClick(d.roll_button, Qt.MouseButton.LeftButton)
    assert d.passive_value == 15
    d.advantage.setChecked(True)
    qtbot.mouseClick(d.roll_button, Qt.MouseButton.LeftButton)
    assert d.passive_value == 20
    p = open_dialog(qtbot, scene("pf2e", pf("hero", 1, conditions=["sickened 1"])), [], "hero")
    p.set_mode("passive")
    p.set_stat("perception")
    qtbot.mouseClick(p.roll_button, Qt.MouseButton.LeftButton)
    assert p.passive_value == 10 + 7 - 1


def test_missing_statistic_is_said_not_crashed(qtbot: Any) -> None:
    d = open_dialog(qtbot, scene("pf2e", {"id": "x", "cell": [0, 0]}), [], "x")
    qtbot.mouseClick(d.typed_button, Qt.MouseButton.LeftButton)
    assert d.results[0].total is None and "no perception listed" in d.results[0].detail


def test_screenshot(qtbot: Any) -> None:
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots" / "desktop")
    folder.mkdir(parents=True, exist_ok=True)
    sc = scene(
        "pf2e",
        pf("valeros", 1, name="Valeros", conditions=["frightened 1"]),
        pf("ezren", 2, name="Ezren", conditions=["clumsy 1"]),
        pf("kyra", 3, name="Kyra"),
        pf("merisiel", 4, name="Merisiel", skills={"stealth": 12}),
    )
    d = open_dialog(qtbot, sc, [14, 7, 19, 2])
    d.set_mode("group")
    d.set_stat("stealth")
    d.dc.setValue(18)
    d.bonus_label.setText("Cover")
    d.bonus_value.setValue(2)
    qtbot.mouseClick(d.roll_button, Qt.MouseButton.LeftButton)
    d.resize(760, 560)
    settle()
    path = folder / "13-check-dialog-group-stealth.png"
    assert d.grab().save(str(path))
    image = QImage(str(path))
    colours = {image.pixel(x, y) for x in range(0, image.width(), 17) for y in range(0, image.height(), 17)}
    assert len(colours) > 10
    assert len(d.results) == 4


def test_main_window_menu_opens_it(window: Any) -> None:
    window.act_check.trigger()
    dialog = window.check_dialog
    assert isinstance(dialog, CheckDialog) and dialog.isVisible()
    assert dialog.creature.count() == len(window.doc.scene.tokens)
    encounter_menu = next(a for a in window.menuBar().actions() if a.text() == "E&ncounter").menu()
    assert window.act_check in encounter_menu.actions()
    dialog.close()
