"""The save dialog: cover from the area's origin agrees with the `save` query; a Hero Point reroll is spent
through a command and the new die kept."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from rules.queries import load_all
from tests.desktop.test_save_dialog import ROOM, TOKENS, dialog_for
from tests.rules.ascii_maps import ascii_scene, wall


def test_cover_from_the_origin_is_the_save_querys(qtbot: Any) -> None:
    # a low wall between the burst's corner (3, 2) and a gives it cover against the area
    scene = ascii_scene(ROOM, tokens=TOKENS, walls=[wall((2, 1.9), (3.5, 1.9), "low")])
    doc, dialog = dialog_for(qtbot, scene, [9, 9])
    qtbot.mouseClick(dialog.roll_saves, Qt.MouseButton.LeftButton)
    save = load_all()["save"]
    assert dialog.origin is not None
    for tid, res in dialog.results.items():
        answer = save(
            doc.scene,
            {
                "q": "save",
                "token": tid,
                "save": "reflex",
                "d20": 9,
                "dc": 20,
                "origin": [dialog.origin.x, dialog.origin.y],
            },
        )
        assert res.total == answer["total"], tid
        assert res.outcome == answer["degree"]
        row = next(r for r in dialog.rows if r.token_id == tid)
        cover = [m for m in answer["modifiers"] if m["label"] == "cover" and m["applied"]]
        assert row.cells[0].text() == (f"+{cover[0]['value']}" if cover else "")
    # a is behind the low wall: standard cover, +2 circumstance, as the query says
    assert dialog.rows[0].cells[0].text() == "+2" and dialog.rows[1].cells[0].text() == ""


def test_hero_point_reroll_of_a_save(qtbot: Any) -> None:
    tokens = {**TOKENS, "a": {**TOKENS["a"], "hero_points": 1}}
    doc, dialog = dialog_for(qtbot, ascii_scene(ROOM, tokens=tokens), [3, 12, 15])
    assert dialog.reroll_button.isVisible() and not dialog.reroll_button.isEnabled()
    qtbot.mouseClick(dialog.roll_saves, Qt.MouseButton.LeftButton)
    assert [dialog.reroll_who.itemData(i) for i in range(dialog.reroll_who.count())] == ["a"]
    assert dialog.results["a"].d20 == 3
    qtbot.mouseClick(dialog.reroll_button, Qt.MouseButton.LeftButton)
    assert dialog.results["a"].d20 == 15 and dialog.results["a"].outcome == "success"
    assert doc.scene.token("a").hero_points == 0  # type: ignore[union-attr]
    assert doc.log[-1] == (
        "a spends a Hero Point to reroll the Reflex save against Fireball: d20 3 → 15 (the new roll is kept)"
    )
    assert dialog.reroll_who.count() == 0 and not dialog.reroll_button.isEnabled()
    doc.undo()
    assert doc.scene.token("a").hero_points == 1  # type: ignore[union-attr]
