"""5e resistance to nonmagical bludgeoning, piercing and slashing (issue 23, item 10): the scene and
creature files keep ``{"type": "slashing", "unless": "magical"}``, the Foundry dnd5e importer keeps
``dr.bypasses: ["mgc"]`` as that, and damage from a magical attack gets past it (the ``damage`` query's
``magical``, an attack's ``magical``, the `ApplyDamage` command)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rules.cli import answer
from rules.errors import SceneError
from rules.io.creature_json import creature_from_json, creature_to_json, token_from_creature
from rules.io.creatures import import_creatures
from rules.io.scene_json import scene_from_json, scene_to_json
from rules.model.state import GameState
from rules.play.table import ApplyDamage
from rules.systems.damage import DamageEntry
from tests.shared_data import need

SCENE: dict[str, Any] = {
    "format": "fivefoot.scene",
    "version": 2,
    "system": "dnd5e-2014",
    "grid": {"width": 6, "height": 4},
    "tokens": [
        {
            "id": "vamp",
            "cell": [3, 1],
            "side": "enemies",
            "ac": 16,
            "hp": 100,
            "resistances": ["necrotic", {"type": "slashing", "unless": "magical"}],
            "immunities": ["poison"],
        },
        {
            "id": "hero",
            "cell": [2, 1],
            "side": "party",
            "ac": 18,
            "hp": 40,
            "attacks": [
                {"name": "Longsword", "bonus": 7, "damage": "1d8+4 slashing", "properties": []},
                {"name": "Sun Blade", "bonus": 9, "damage": "1d8+6 radiant", "magical": True},
            ],
        },
    ],
}


def _scene(doc: dict[str, Any] = SCENE) -> Any:
    return scene_from_json(copy.deepcopy(doc), "<test>")


def _damage(q: dict[str, Any]) -> dict[str, Any]:
    return answer(_scene(), {"q": "damage", "target": "vamp", **q})


def test_the_damage_query_halves_nonmagical_slashing_only() -> None:
    slash = [{"amount": 11, "type": "slashing"}]
    assert _damage({"damage": slash})["total"] == 5
    assert _damage({"damage": slash, "magical": True})["total"] == 11
    necrotic = [{"amount": 11, "type": "necrotic"}]
    assert _damage({"damage": necrotic, "magical": True})["total"] == 5  # a plain resistance still applies
    assert answer(_scene(), {"q": "damage", "target": "vamp", "damage": slash, "magical": 1})["error"]


def test_the_scene_file_keeps_the_qualifier_and_an_attacks_magical() -> None:
    scene = _scene()
    vamp, hero = scene.token("vamp"), scene.token("hero")
    assert vamp is not None and hero is not None
    assert [k for k, _ in vamp.resistances] == ["necrotic", "slashing unless magical"]
    assert hero.attack("Sun Blade").magical and not hero.attack("Longsword").magical
    written = json.loads(json.dumps(scene_to_json(scene)))
    tokens = {t["id"]: t for t in written["tokens"]}
    assert tokens["vamp"]["resistances"] == ["necrotic", {"type": "slashing", "unless": "magical"}]
    assert [a.get("magical", False) for a in tokens["hero"]["attacks"]] == [False, True]
    assert _scene(written) == scene


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"type": "slashing", "unless": "silvered"}, "'unless' must be 'magical'"),
        ({"type": "slashing", "except": "magical"}, "unknown key 'except'"),
        ({"unless": "magical"}, "'type' must be a damage type"),
    ],
)
def test_a_bad_qualified_resistance_is_refused_where_it_is(entry: dict[str, Any], words: str) -> None:
    doc = copy.deepcopy(SCENE)
    doc["tokens"][0]["resistances"] = ["necrotic", entry]
    with pytest.raises(SceneError, match="resistances\\[1\\]") as err:
        scene_from_json(doc, "<test>")
    assert words in str(err.value)


def test_applied_damage_from_a_magical_attack_gets_past_it_and_the_log_says_so() -> None:
    state = GameState(_scene())
    plain = ApplyDamage("vamp", (DamageEntry(11, "slashing"),)).apply(state)
    magic = ApplyDamage("vamp", (DamageEntry(11, "slashing"),), magical=True).apply(state)
    assert plain.state.scene.token("vamp").hp == 95  # type: ignore[union-attr]
    assert magic.state.scene.token("vamp").hp == 89  # type: ignore[union-attr]
    assert "magical — no slashing resistance" in magic.text
    poison = ApplyDamage("vamp", (DamageEntry(7, "poison"),)).apply(state)
    assert "immune to poison → 0" in poison.text


def test_foundry_dnd5e_bypasses_become_the_qualifier() -> None:
    folder = need("creature-samples", "dnd5e-foundry")
    (vampire,) = import_creatures(folder / "vampire.json")
    keys = [k for k, _ in vampire.resistances]
    assert set(keys) == {
        "necrotic",
        "bludgeoning unless magical",
        "piercing unless magical",
        "slashing unless magical",
    }
    assert "nonmagical" not in vampire.notes  # kept as data, not only as a note
    (fiend,) = import_creatures(folder / "pit-fiend.json")
    assert "slashing unless magical" in [k for k, _ in fiend.resistances]
    assert "silvered attacks get past it too" in fiend.notes
    # the creature JSON and a token placed from it keep it
    again = creature_from_json(creature_to_json(vampire))
    assert again.resistances == vampire.resistances
    token = token_from_creature(vampire, "v-1", (1, 1), "enemies")
    assert token.resistances == vampire.resistances


def test_the_attack_query_reads_a_magical_attack() -> None:
    out = answer(
        _scene(), {"q": "attack", "attacker": "hero", "target": "vamp", "attack": "Sun Blade", "d20": [15, 3]}
    )
    assert out["hit"] is True and out["damage_formula"] == "1d8+6"
