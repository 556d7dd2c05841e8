"""The inspector's edits log sentences (issue 23, item 9) and its Side box is a choice."""

from __future__ import annotations

from typing import Any


def test_inspector_edits_read_as_sentences(window: Any) -> None:
    doc, ins = window.doc, window.inspector
    window.map_scene.select_ids(["ogre"])
    ins.pc.setChecked(True)
    assert doc.log[-1] == "Ogre is now a player character"
    assert ins.side.lineEdit() is None
    ins.side.activated.emit(ins.side.findData("neutral"))
    assert doc.scene.token("ogre").side == "neutral"
    assert doc.log[-1] == "Ogre is now on the neutral side (was enemies)"
    ins.side.ask_name = lambda: "bandits"
    ins.side.activated.emit(ins.side.count() - 1)
    assert doc.scene.token("ogre").side == "bandits"
    ins.ac.setValue(ins.ac.value() + 1)
    assert doc.log[-1].startswith("Ogre's AC is now")
