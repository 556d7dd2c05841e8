"""Hand edits of a token read as sentences in the log (issue 23, item 9): "Ayla is now a player character",
never "pc False → True"."""

from __future__ import annotations

from dataclasses import replace

from rules.geometry.coords import Cell
from rules.model.scene import Token
from rules.play.edit_words import edit_sentence

AYLA = Token("ayla", Cell(0, 0), name="Ayla", side="enemies", ac=15, speed=30, elevation=0)


def _say(field: str, value: object) -> str:
    return str(edit_sentence(AYLA, replace(AYLA, **{field: value}), field))


def test_each_field_in_words() -> None:
    assert _say("pc", True) == "Ayla is now a player character"
    assert str(edit_sentence(replace(AYLA, pc=True), AYLA, "pc")) == "Ayla is no longer a player character"
    assert _say("name", "Ayla the Brave") == "Ayla is now called Ayla the Brave"
    assert _say("side", "party") == "Ayla is now on the party side (was enemies)"
    assert _say("size", "large") == "Ayla is now Large (was Medium)"
    assert _say("ac", 17) == "Ayla's AC is now 17 (was 15)"
    assert _say("ac", None) == "Ayla's AC is no longer set (was 15)"
    assert _say("speed", 25) == "Ayla's Speed is now 25 ft (was 30 ft)"
    assert _say("elevation", 20) == "Ayla is now 20 ft up (was 0 ft)"
    assert str(edit_sentence(replace(AYLA, elevation=20), AYLA, "elevation")) == (
        "Ayla is now on the ground (was 20 ft)"
    )
    assert _say("temp_hp", 5) == "Ayla's temporary HP is now 5 (was 0)"
    assert _say("image", "ayla.png") == "Ayla's portrait is now ayla.png"
    for field, value in (("pc", True), ("ac", 17), ("side", "party"), ("speed", 25)):
        text = _say(field, value)
        assert "→" not in text and "True" not in text and "False" not in text
