"""The spell object's JSON (query-protocol.md "Spells and abilities"): read, written back with unknown keys
kept, and bad fields reported by their JSON path; a token's spells, DC, attack and uses in a scene file."""

from __future__ import annotations

from typing import Any

import pytest

from rules.errors import SceneError
from rules.io.scene_json import scene_from_json, scene_to_json
from rules.io.spell_json import (
    lasting_from_text,
    listing_json,
    spell_from_json,
    spell_to_json,
    uses_from_json,
)
from rules.model.spell import Lasting, SpellUsesLeft

FIREBALL: dict[str, Any] = {
    "name": "Fireball",
    "level": 3,
    "range": 500,
    "actions": 2,
    "area": {"shape": "burst", "feet": 20},
    "save": {"stat": "reflex", "basic": True},
    "damage": [{"formula": "6d6", "type": "fire"}],
    "heighten": {"every": 1, "damage": [{"formula": "2d6", "type": "fire"}]},
}


def test_a_protocol_spell_reads_and_writes_back_the_same() -> None:
    spell = spell_from_json(FIREBALL)
    assert spell.save is not None and spell.save.basic and spell.area is not None
    assert spell_to_json(spell) == FIREBALL


def test_unknown_keys_are_kept() -> None:
    raw = {**FIREBALL, "homebrew": {"colour": "green"}, "note": "from the GM"}
    assert spell_to_json(spell_from_json(raw)) == raw


def test_every_extension_round_trips() -> None:
    raw = {
        "name": "Fire Breath",
        "level": 0,
        "kind": "ability",
        "area": {"shape": "cone", "feet": 60},
        "save": {"stat": "dex", "success": "half"},
        "damage": [{"formula": "18d6", "type": "fire"}],
        "effects": {
            "failure": [
                {"condition": "prone", "lasts": {"kind": "turn", "count": 1, "at": "end", "who": "caster"}},
                "frightened 1",
            ]
        },
        "concentration": True,
        "duration": {"kind": "rounds", "count": 10, "text": "1 minute"},
        "uses": {"kind": "recharge", "recharge": 5},
        "dc": 21,
        "ignores_cover": True,
        "index": "fire-breath",
        "text": "The dragon exhales fire in a 60-foot cone.",
        "structured": False,
        "reason": "testing",
    }
    spell = spell_from_json(raw)
    assert spell.uses is not None and spell.uses.recharge == 5
    assert spell_to_json(spell) == raw
    assert listing_json(spell)["structured"] is False


def test_heighten_levels_and_touch_and_variable_actions() -> None:
    raw = {
        "name": "Heal",
        "level": 1,
        "range": "touch",
        "actions": [1, 3],
        "targets": 2,
        "heighten": {"levels": {"3": {"targets": 5, "damage": [{"formula": "2d8", "type": "vitality"}]}}},
    }
    spell = spell_from_json(raw)
    assert spell.touch and spell.actions == 1 and spell.actions_max == 3
    assert spell_to_json(spell) == raw


@pytest.mark.parametrize(
    ("raw", "path"),
    [
        ({"level": 1}, "spell.name"),
        ({"name": "X"}, "spell.level"),
        ({"name": "X", "level": 1, "save": {"stat": "dexterity saving throw"}}, "spell.save.stat"),
        ({"name": "X", "level": 1, "damage": [{"formula": "6d6"}]}, "spell.damage[0].type"),
        ({"name": "X", "level": 1, "damage": [{"formula": "6z", "type": "fire"}]}, "spell.damage[0].formula"),
        ({"name": "X", "level": 1, "area": {"shape": "burst"}}, "spell.area.feet"),
        ({"name": "X", "level": 1, "effects": {"maybe": []}}, "spell.effects.maybe"),
        ({"name": "X", "level": 1, "heighten": {"levels": {"third": {}}}}, "spell.heighten.levels.third"),
        ({"name": "X", "level": 1, "uses": {"kind": "recharge", "recharge": 9}}, "spell.uses.recharge"),
        ({"name": "X", "level": "3"}, "spell.level"),
    ],
)
def test_a_bad_field_names_its_json_path(raw: dict[str, Any], path: str) -> None:
    with pytest.raises(SceneError) as err:
        spell_from_json(raw)
    assert err.value.path == path


def test_a_scene_token_carries_spells_dc_attack_and_uses() -> None:
    doc = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": "pf2e",
        "grid": {"width": 10, "height": 10},
        "tokens": [
            {
                "id": "wiz",
                "cell": [1, 1],
                "spell_dc": 22,
                "spell_attack": 12,
                "spells": [FIREBALL],
                "spell_uses": {"slots": {"3": {"max": 2, "used": 1}}, "focus": {"max": 1}},
                "homebrew": True,
            }
        ],
    }
    scene = scene_from_json(doc)
    wiz = scene.tokens[0]
    assert (wiz.spell_dc, wiz.spell_attack) == (22, 12)
    assert wiz.spell("fireball") is wiz.spells[0]
    assert wiz.spell_uses.slots_left(3) == 1 and wiz.spell_uses.focus_left == 1
    again = scene_to_json(scene)["tokens"][0]
    assert again["spells"] == [FIREBALL] and again["homebrew"] is True
    assert again["spell_uses"] == {"slots": {"3": {"max": 2, "used": 1}}, "focus": {"max": 1, "used": 0}}


def test_a_bad_token_spell_is_a_scene_error_with_its_path() -> None:
    doc = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": "pf2e",
        "grid": {"width": 10, "height": 10},
        "tokens": [
            {
                "id": "wiz",
                "cell": [1, 1],
                "spells": [FIREBALL, {"name": "Bad", "level": 1, "save": {"stat": "luck"}}],
            }
        ],
    }
    with pytest.raises(SceneError) as err:
        scene_from_json(doc)
    assert err.value.path == "tokens[0].spells[1].save.stat"


def test_uses_over_their_maximum_are_refused() -> None:
    with pytest.raises(SceneError) as err:
        uses_from_json({"slots": {"1": {"max": 2, "used": 3}}})
    assert err.value.path == "spell_uses.slots.1.used"
    assert uses_from_json({}) == SpellUsesLeft()


@pytest.mark.parametrize(
    ("text", "kind", "count"),
    [
        ("Instantaneous", "instant", 1),
        ("1 round", "rounds", 1),
        ("Up to 1 minute", "rounds", 10),
        ("Concentration, up to 10 minutes", "rounds", 100),
        ("1 hour", "rounds", 600),
        ("sustained up to 1 minute", "rounds", 10),
        ("until the end of your next turn", "turn", 1),
        ("sustained", "sustained", 1),
        ("until dispelled", "hand", 1),
    ],
)
def test_durations_in_words(text: str, kind: str, count: int) -> None:
    lasting = lasting_from_text(text)
    assert (lasting.kind, lasting.count) == (kind, count)
    assert lasting.text == text


def test_your_next_turn_is_the_casters() -> None:
    assert lasting_from_text("until the start of your next turn") == Lasting(
        "turn", 1, "start", "caster", text="until the start of your next turn"
    )
