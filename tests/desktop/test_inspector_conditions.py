"""The inspector's conditions box reads what is typed by the system's conditions (issue 23, item 3): a
misspelt condition is refused with what was meant and nothing changes; PF2e persistent damage typed there
("1d6 persistent fire") becomes the token's persistent damage, shown and edited in the same box."""

from __future__ import annotations

from typing import Any

from rules.model.scene import PersistentDamage


def _type(ins: Any, text: str) -> None:
    ins.conditions.setText(text)
    ins.conditions.editingFinished.emit()


def test_a_misspelt_condition_is_refused_with_a_suggestion(window: Any) -> None:
    doc, ins = window.doc, window.inspector
    window.map_scene.select_ids(["brann"])
    steps = len(doc.applied())
    _type(ins, "prone, frightend 1")
    assert doc.scene.token("brann").conditions == ()
    assert len(doc.applied()) == steps
    assert not ins.conditions_error.isHidden()
    assert ins.conditions_error.text() == "Unknown condition “frightend 1”: did you mean “frightened 1”?"
    assert ins.conditions.text() == "prone, frightend 1"  # kept for the GM to correct
    _type(ins, "prone, frightened 1")
    assert doc.scene.token("brann").conditions == ("prone", "frightened 1")
    assert ins.conditions_error.isHidden()
    assert doc.log[-1] == "Brann: conditions prone, frightened 1"


def test_persistent_damage_typed_in_the_box_is_the_tokens(window: Any) -> None:
    doc, ins = window.doc, window.inspector
    window.map_scene.select_ids(["brann"])
    _type(ins, "1d6 persistent fire, frightened 1")
    brann = doc.scene.token("brann")
    assert brann.conditions == ("frightened 1",)
    assert brann.persistent == (PersistentDamage("1d6", "fire"),)
    assert ins.conditions.text() == "frightened 1, 1d6 persistent fire"
    assert "PF" in [b for b in _badges(window, "brann")]
    _type(ins, "frightened 1")  # deleting it from the box ends it
    assert doc.scene.token("brann").persistent == ()
    doc.undo()
    assert doc.scene.token("brann").persistent == (PersistentDamage("1d6", "fire"),)


def _badges(window: Any, token_id: str) -> list[str]:
    from desktop.map.items.token_item import badge_texts, condition_badge

    return [condition_badge(t)[0] for t in badge_texts(window.doc.scene.token(token_id))]
