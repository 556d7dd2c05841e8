"""The system's reading of a creature's save modifier (`RuleSystem.save_modifier`), the one the ``save``
query, the area saves and the save dialog share: PF2e the listed total; 5e the listed total, else the ability
modifier."""

from __future__ import annotations

from rules.cli import answer
from rules.saves import resolve_save
from rules.systems import system_for
from tests.rules.ascii_maps import ascii_scene

OPEN = """
    .....
    ..a..
    ....b
"""


def test_5e_unlisted_save_uses_the_ability_modifier_everywhere() -> None:
    tokens = {
        "a": {"hp": 7, "abilities": {"str": 8, "dex": 14, "con": 10, "int": 10, "wis": 8, "cha": 8}},
        "b": {"hp": 7, "saves": {"dex": 6}, "abilities": {"dex": 14}},
    }
    scene = ascii_scene(OPEN, "dnd5e-2024", tokens=tokens)
    system = system_for(scene)
    a, b = scene.token("a"), scene.token("b")
    assert a is not None and b is not None
    assert system.save_modifier(a, "dex") == 2
    assert system.save_modifier(a, "wis") == -1
    assert system.save_modifier(b, "dex") == 6  # a listed save wins
    assert system.save_modifier(b, "con") is None  # no score, nothing listed
    query = answer(scene, {"q": "save", "token": "a", "save": "dex", "d20": [11, 11], "dc": 13})
    result = resolve_save(scene, a, "dex", 13, 11)
    assert result.total == query["total"] == 13
    assert result.outcome == "success"


def test_pf2e_reads_the_listed_save_only() -> None:
    scene = ascii_scene(OPEN, tokens={"a": {"hp": 9, "saves": {"reflex": 7}}, "b": {"hp": 9}})
    system = system_for(scene)
    a, b = scene.token("a"), scene.token("b")
    assert a is not None and b is not None
    assert system.save_modifier(a, "reflex") == 7
    assert system.save_modifier(a, "will") is None
    assert system.save_modifier(b, "reflex") is None
