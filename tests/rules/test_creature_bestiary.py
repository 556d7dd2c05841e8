"""The bundled compendium: the SRD bestiaries and the demo creatures load, carry their attribution, and
agree with the 5e-bits source they were built from."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from rules.io.creature_json import creature_to_token
from rules.io.creatures import import_creatures
from rules.io.creatures.compendium import bundled_creatures, demo_creatures
from rules.io.scene_json import scene_from_json
from tests.shared_data import shared

ASSETS = Path(__file__).resolve().parents[2] / "assets"
SOURCE = shared("creature-samples/5e-bits")


def test_srd51_bestiary_has_every_monster_with_attribution() -> None:
    path = ASSETS / "bestiary-srd51.json.gz"
    doc = json.loads(gzip.decompress(path.read_bytes()))
    assert doc["license"] == "CC-BY-4.0"
    assert (
        "System Reference Document 5.1" in doc["attribution"] and "Wizards of the Coast" in doc["attribution"]
    )
    creatures = import_creatures(path)
    assert len(creatures) == len(doc["creatures"]) == 334
    assert all(
        c.system == "dnd5e-2014" and c.source == "SRD 5.1" and c.license == "CC-BY-4.0" for c in creatures
    )
    assert path.stat().st_size < 200_000  # compact
    licences = (ASSETS / "LICENSES.md").read_text(encoding="utf-8")
    assert "bestiary-srd51.json.gz" in licences
    assert "licensed under the Creative Commons Attribution 4.0 International License" in licences


@pytest.mark.skipif(not SOURCE.is_dir(), reason="5e-bits sample not present")
def test_bestiary_matches_its_source() -> None:
    raw = {
        m["name"]: m for m in json.loads((SOURCE / "5e-SRD-Monsters-2014.json").read_text(encoding="utf-8"))
    }
    for c in import_creatures(ASSETS / "bestiary-srd51.json.gz"):
        m = raw[c.name]
        assert (c.ac, c.hp, c.cr, c.xp, c.size) == (
            m["armor_class"][0]["value"],
            m["hit_points"],
            m["challenge_rating"],
            m["xp"],
            m["size"].lower(),
        )
        bonuses = [a["attack_bonus"] for a in m.get("actions", []) if a.get("attack_bonus") is not None]
        assert sorted({a.bonus for a in c.attacks}) == sorted(set(bonuses))


def test_demo_creatures_are_compendium_entries() -> None:
    pf2e = demo_creatures(ASSETS / "demo-pf2e.json")
    names = [c.name for c in pf2e]
    assert "Goblin" in names and "Goblin 1" not in names and len(names) == len(set(names))
    ogre = next(c for c in pf2e if c.name == "Ogre")
    raw = next(t for t in json.loads((ASSETS / "demo-pf2e.json").read_text())["tokens"] if t["id"] == "ogre")
    assert (ogre.ac, ogre.hp, ogre.reach, ogre.size) == (raw["ac"], raw["hp"], raw["reach"], raw["size"])
    isolde = next(c for c in pf2e if c.name == "Isolde")
    assert isolde.hp == 18 and isolde.pc  # the creature has full HP; the demo token was hurt
    entries = bundled_creatures(ASSETS)
    assert {book for book, _ in entries} >= {"SRD 5.1", "FiveFoot demo"}
    for _, c in entries[::25]:
        doc = {
            "format": "fivefoot.scene",
            "version": 1,
            "system": c.system,
            "grid": {"width": 8, "height": 8},
            "tokens": [creature_to_token(c, "t")],
        }
        assert scene_from_json(doc).token("t") is not None


def test_srd51_resistance_to_nonmagical_attacks_keeps_its_qualifier() -> None:
    """A 5e-bits "bludgeoning, piercing, and slashing from nonmagical attacks" resistance is kept as
    resistance to nonmagical B/P/S (issue 23 item 10): a magical attack gets past it, a plain one doesn't."""
    from rules.io.creature_json import token_from_creature
    from rules.model.resistance import split_key
    from rules.systems import system_for
    from rules.systems.damage import DamageEntry

    path = ASSETS / "bestiary-srd51.json.gz"
    doc = json.loads(gzip.decompress(path.read_bytes()))
    qualified = {
        c["name"]
        for c in doc["creatures"]
        if any(
            line.startswith("Damage resistances:") and "nonmagical" in line
            for line in str(c.get("notes", "")).splitlines()
        )
    }
    creatures = {c.name: c for c in import_creatures(path)}
    assert qualified, "the SRD 5.1 data has creatures resistant to nonmagical attacks"
    for name in qualified:
        keys = [k for k, _v in creatures[name].resistances]
        physical = [split_key(k) for k in keys if split_key(k)[0] in ("bludgeoning", "piercing", "slashing")]
        assert physical and all(unless == "magical" for _t, unless in physical), (name, keys)
    gargoyle = token_from_creature(creatures["Gargoyle"], "g", (0, 0))
    rules = system_for("dnd5e-2014")
    plain, _ = rules.damage(gargoyle, [DamageEntry(10, "slashing")])
    magic, _ = rules.damage(gargoyle, [DamageEntry(10, "slashing")], magical=True)
    assert (plain.total, magic.total) == (5, 10)
