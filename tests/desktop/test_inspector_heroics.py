"""Hero Points (PF2e) and inspiration (5e) in the inspector, changed through an undoable command."""

from __future__ import annotations


def test_hero_points_are_shown_and_edited_through_a_command(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    ins = window.inspector
    window.map_scene.select_ids(["isolde"])
    assert ins.token_id == "isolde"
    assert ins.heroics_label.text() == "Hero Points"
    assert ins.hero_points.isVisibleTo(ins) and not ins.inspiration.isVisibleTo(ins)
    before = doc.scene.token("isolde").hero_points or 0
    assert ins.hero_points.value() == before
    ins.hero_points.setValue(before + 1)
    ins.hero_points.setValue(before + 2)
    assert doc.scene.token("isolde").hero_points == before + 2
    assert f"Isolde now has {before + 2} Hero Points" in doc.log[-1]
    doc.undo()  # the two spin-box steps are one edit
    assert (doc.scene.token("isolde").hero_points or 0) == before
    assert ins.hero_points.value() == before


def test_5e_inspiration_checkbox(window) -> None:  # type: ignore[no-untyped-def]
    assert window.files.open_demo("dnd5e")
    doc = window.doc
    ins = window.inspector
    tid = doc.scene.tokens[0].id
    window.map_scene.select_ids([tid])
    assert ins.inspiration.isVisibleTo(ins) and not ins.hero_points.isVisibleTo(ins)
    had = doc.scene.token(tid).inspiration
    assert ins.inspiration.isChecked() == had
    ins.inspiration.setChecked(not had)
    assert doc.scene.token(tid).inspiration is (not had)
    assert "inspiration" in doc.log[-1]
    doc.undo()
    assert doc.scene.token(tid).inspiration is had and ins.inspiration.isChecked() == had
