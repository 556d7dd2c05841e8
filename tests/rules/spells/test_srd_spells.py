"""The bundled SRD spell lists against the SRD data they are built from (``../shared/srd-data``).

Every spell of the data is bundled; every spell with a save, a spell attack or an area is either structured
(its save or attack, its area or targets and its damage read as data) or kept as text with a reason, and
``docs/srd-spells.md`` lists exactly those kept as text, with their reasons, and the disagreements found
between the data's fields and the rules text. The bundle in ``assets/`` is what the build script makes of
the data today (a stale bundle fails here)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from rules.io.bundled_spells import find_bundled, read_bundle
from rules.model.spell import Spell, damage_formula, heightened
from tests.shared_data import ROOT, need


def build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("spells_build", ROOT / "assets" / "spells_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    srd = need("srd-data")
    out = tmp_path_factory.mktemp("spells")
    build_script().build(srd, out, out)
    return out


def test_the_bundles_and_the_report_are_what_the_data_give_today(rebuilt: Path) -> None:
    for key in ("srd51", "srd52"):
        assert (rebuilt / f"spells-{key}.json.gz").read_bytes() == (
            ROOT / "assets" / f"spells-{key}.json.gz"
        ).read_bytes()
    assert (rebuilt / "srd-spells.md").read_text(encoding="utf-8") == (
        ROOT / "docs" / "srd-spells.md"
    ).read_text(encoding="utf-8")


def data_counts() -> dict[str, int]:
    bits = json.loads(need("srd-data", "5e-bits", "5e-SRD-Spells-2014.json").read_text(encoding="utf-8"))
    open5e = json.loads(need("srd-data", "srd-2024", "Spell.json").read_text(encoding="utf-8"))
    return {"srd51": len(bits), "srd52": len(open5e)}


@pytest.mark.parametrize("key", ["srd51", "srd52"])
def test_every_spell_of_the_data_is_bundled_and_each_rolled_one_is_structured_or_says_why(key: str) -> None:
    spells = read_bundle(ROOT / "assets" / f"spells-{key}.json.gz")
    assert len(spells) == data_counts()[key]
    assert len({s.index for s in spells}) == len(spells)
    report = (ROOT / "docs" / "srd-spells.md").read_text(encoding="utf-8")
    section = report.split("## SRD 5.2")[0] if key == "srd51" else report.split("## SRD 5.2")[1]
    rolled = [s for s in spells if s.save is not None or s.attack or s.area is not None]
    text_only = [s for s in spells if not s.structured]
    for s in text_only:
        assert s.reason and (s.text or "no rules text" in s.reason), s.name
        assert f"| {s.name} | {s.level} | {s.reason} |" in section
    assert section.count("\n| ") - 2 == len(text_only)  # the table lists them all (after its two header rows)
    structured = [s for s in rolled if s.structured]
    assert len(structured) >= 55
    for s in structured:
        assert (s.save is not None) != s.attack, s.name
        assert s.area is not None or s.targets >= 1, s.name
        assert s.damage or s.effects or s.save is not None, s.name
        assert s.source == ("SRD 5.1" if key == "srd51" else "SRD 5.2") and s.license == "CC-BY-4.0"


def spell(system: str, name: str) -> Spell:
    found = find_bundled(system, name)
    assert found is not None, name
    return found


@pytest.mark.parametrize("system", ["dnd5e-2014", "dnd5e-2024"])
def test_spells_read_as_their_rules_text_says(system: str) -> None:
    # "Each creature in a 20-foot-radius sphere … 8d6 fire damage on a failed save, or half as much …
    #  the damage increases by 1d6 for each slot level above 3rd"
    fireball = spell(system, "Fireball")
    assert fireball.area is not None and (fireball.area.shape, fireball.area.feet) == ("sphere", 20)
    assert (
        fireball.save is not None and fireball.save.stat == "dex" and fireball.save.share("success") == "half"
    )
    assert fireball.range == 150 and fireball.structured
    assert [damage_formula(heightened(fireball, lv).damage) for lv in (3, 5, 9)] == [
        "8d6 fire",
        "10d6 fire",
        "14d6 fire",
    ]
    bolt = spell(system, "lightning-bolt")
    assert bolt.area is not None and (bolt.area.shape, bolt.area.feet, bolt.area.width) == ("line", 100, 5)
    assert bolt.range is None  # Self: the line starts at the caster
    cone = spell(system, "cone of cold")
    assert cone.area is not None and (cone.area.shape, cone.area.feet) == ("cone", 60)
    assert cone.save is not None and cone.save.stat == "con"
    flame = spell(system, "sacred-flame")
    assert flame.ignores_cover and flame.save is not None and flame.save.share("success") == "none"
    hold = spell(system, "Hold Person")
    assert hold.concentration and [e.condition for e in hold.effects_for("failure")] == ["paralyzed"]
    assert hold.heighten is not None and heightened(hold, 4).targets == 3
    fire_bolt = spell(system, "fire-bolt")
    assert fire_bolt.attack and fire_bolt.level == 0 and fire_bolt.range == 120
    assert damage_formula(fire_bolt.damage) == "1d10 fire"
    strike = spell(system, "flame-strike")
    assert [p.type for p in strike.damage] == ["fire", "radiant"]


def test_the_2024_data_faults_are_not_carried_over() -> None:
    # SOURCES.md: Freedom of Movement carries another spell's save, damage and sphere; Lightning Bolt's
    # size is its width; Spirit Guardians' emanation is only in the text.
    freedom = spell("dnd5e-2024", "Freedom of Movement")
    assert freedom.save is None and not freedom.damage and freedom.area is None
    guardians = spell("dnd5e-2024", "Spirit Guardians")
    assert guardians.area is not None and guardians.area.shape == "emanation" and not guardians.structured
    assert "alignment" in guardians.reason
