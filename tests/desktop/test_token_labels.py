"""Short labels on token faces are distinct (issue 23, item 9): no "C" for both Crocodile and Celestina,
no "R(" for "Randal (Human Fighter)"."""

from __future__ import annotations

from desktop.map.items.token_labels import candidates, short_labels


def test_brackets_and_punctuation_are_not_letters() -> None:
    assert candidates("Randal (Human Fighter)")[0] == "R"
    assert candidates("Goblin Warrior")[0] == "GW"
    assert candidates("Goblin 2")[0] == "G2"
    assert candidates("Sir Roderick, the Bold")[0] == "SR"
    assert candidates("")[0] == "?"


def test_alike_labels_grow_until_they_differ() -> None:
    out = short_labels({"a": "Crocodile", "b": "Celestina", "c": "Valeros"})
    assert out == {"a": "Cr", "b": "Ce", "c": "V"}
    out = short_labels({"a": "Celeste", "b": "Celestina", "c": "Crocodile"})
    assert len(set(out.values())) == 3
    assert out["c"] == "Cr"


def test_numbered_labels_keep_their_numbers_and_twins_get_free_ones() -> None:
    out = short_labels({"g1": "Goblin 1", "g2": "Goblin 2", "x": "Goblin", "y": "Goblin"})
    assert out["g1"] == "G1" and out["g2"] == "G2"
    assert len(set(out.values())) == 4
    assert {out["x"], out["y"]} == {"G3", "G4"}  # numbers no other label uses


def test_every_label_of_a_crowd_is_distinct() -> None:
    names = ["Brann", "Bram", "Brandon", "Bran", "Ogre", "Orc", "Ogre Boss", "Ooze", "Ayla", "Ayla"]
    out = short_labels({f"t{i}": n for i, n in enumerate(names)})
    assert len(set(out.values())) == len(names)
    assert all(len(v) <= 4 for v in out.values())


def test_the_map_draws_distinct_labels(window) -> None:  # type: ignore[no-untyped-def]
    from rules.geometry.coords import Cell
    from rules.model.scene import Token
    from rules.play.edits import AddTokens

    window.files.new_empty("dnd5e-2014", 8, 8)
    window.doc.execute(
        AddTokens(
            (
                Token("croc", Cell(1, 1), name="Crocodile"),
                Token("cel", Cell(3, 1), name="Celestina", side="party"),
                Token("randal", Cell(5, 1), name="Randal (Human Fighter)", side="party"),
            )
        )
    )
    items = window.map_scene.token_items
    assert (items["croc"].short_label, items["cel"].short_label, items["randal"].short_label) == (
        "Cr",
        "Ce",
        "R",
    )
    window.doc.undo()  # alone, a token keeps its initial
    assert window.map_scene.token_items == {}


def test_a_name_label_never_covers_the_badges_of_the_token_below(window) -> None:  # type: ignore[no-untyped-def]
    """The label under a token reaches into the square below, where the next token's condition badges
    are: the lower token is drawn on top (issue 23, item 9)."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from desktop.look.style import CELL
    from desktop.map.items.token_item import condition_badge
    from rules.geometry.coords import Cell
    from rules.model.scene import Token
    from rules.play.edits import AddTokens

    window.files.new_empty("pf2e", 6, 6)
    upper = Token("up", Cell(2, 1), name="Goblin Warrior Chieftain of the Hills")
    lower = Token("low", Cell(2, 2), name="Ogre", conditions=("frightened 2",))
    window.doc.execute(AddTokens((lower, upper)))  # the upper one comes later in the scene's order
    items = window.map_scene.token_items
    assert items["low"].zValue() > items["up"].zValue()
    # render the two squares and look for the badge's colour where the upper label would lie over it
    rect = QRectF(2 * CELL, 1 * CELL, CELL, 2 * CELL)
    image = QImage(140, 280, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    window.map_scene.render(painter, QRectF(0, 0, 140, 280), rect)
    painter.end()
    badge = condition_badge("frightened 2")[1]
    band = [
        image.pixelColor(x, y)
        for x in range(30, 110, 2)
        for y in range(140, 172, 2)  # the top of the lower square (2 px per scene unit)
    ]
    near = [
        c
        for c in band
        if abs(c.red() - badge.red()) + abs(c.green() - badge.green()) + abs(c.blue() - badge.blue()) < 40
    ]
    assert len(near) > 10
