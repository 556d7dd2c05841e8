"""The bundled SRD bestiaries against the data they come from: every SRD 5.2 creature of the open5e data,
its attacks read from the actions' rules text (checked against every creature), its size from its hit die,
its abilities with a save (breath weapons) and its Spellcasting as spells; the SRD 5.1 monsters' abilities
too. ``fivefoot-rules --creature srd --system S`` prints them."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest

from rules.io.creatures import import_creatures
from rules.io.creatures.open5e import HIT_DIE_SIZE, read_attack
from rules.model.creature import Creature
from rules.model.spell import damage_formula
from tests.shared_data import ROOT, need


def rows(name: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(need("srd-data", "srd-2024", name).read_text(encoding="utf-8"))
    return found


@pytest.fixture(scope="module")
def bestiary52() -> dict[str, Creature]:
    return {c.name: c for c in import_creatures(ROOT / "assets" / "bestiary-srd52.json.gz")}


@pytest.fixture(scope="module")
def bestiary51() -> dict[str, Creature]:
    return {c.name: c for c in import_creatures(ROOT / "assets" / "bestiary-srd51.json.gz")}


def test_every_srd52_creature_is_bundled_with_its_numbers(bestiary52: dict[str, Creature]) -> None:
    data = rows("Creature.json")
    assert len(bestiary52) == len(data) == 331
    for rec in data:
        f = rec["fields"]
        c = bestiary52[f["name"]]
        assert (c.system, c.source, c.license) == ("dnd5e-2024", "SRD 5.2", "CC-BY-4.0")
        assert (c.ac, c.hp, c.speed) == (f["armor_class"], f["hit_points"], f["walk"] or 0)
        die = int(re.search(r"d(\d+)", f["hit_dice"]).group(1))  # type: ignore[union-attr]
        assert c.size == HIT_DIE_SIZE[die]
        assert c.proficiency_bonus is not None and c.xp is not None


def test_tiny_and_medium_or_small_creatures_get_their_hit_die_size(bestiary52: dict[str, Creature]) -> None:
    assert bestiary52["Bat"].size == "tiny"  # the data have no Tiny creature
    assert bestiary52["Knight"].size == "medium"  # "Medium or Small" reduced to small in the data
    assert bestiary52["Goblin Warrior"].size == "small"


def test_every_attack_action_reads_as_an_attack_agreeing_with_its_row() -> None:
    actions = rows("CreatureAction.json")
    by_action: dict[str, dict[str, Any]] = {
        r["fields"]["parent"]: r["fields"] for r in rows("CreatureActionAttack.json")
    }
    checked = 0
    for a in actions:
        desc = a["fields"]["desc"]
        if not re.match(r"(Melee|Ranged)( or Ranged)? Attack Roll:", desc):
            continue
        read, _rider = read_attack(a["fields"]["name"], desc)
        assert read, a["pk"]
        attack = read[0][1]
        row = by_action.get(a["pk"])
        if row is not None:
            assert attack.bonus == row["to_hit_mod"], a["pk"]
            if row.get("damage_die_count"):
                assert attack.damage.startswith(
                    f"{row['damage_die_count']}{row['damage_die_type'].lower()}"
                ), a["pk"]
        if "damage" in desc.split(". ")[1].lower() if ". " in desc else False:
            assert attack.damage, a["pk"]
        checked += 1
    assert checked > 400


def test_attacks_from_their_text(bestiary52: dict[str, Creature]) -> None:
    goblin = bestiary52["Goblin Warrior"]
    scimitar = goblin.attacks[0]
    assert (scimitar.name, scimitar.bonus, scimitar.damage) == ("Scimitar", 4, "1d6+2 slashing")
    bow = next(a for a in goblin.attacks if a.name == "Shortbow")
    assert bow.range == (80, 320)
    rend = bestiary52["Adult Red Dragon"].attacks[0]
    assert rend.damage == "1d10+8 slashing plus 2d4 fire" and rend.properties == ()
    assert bestiary52["Adult Red Dragon"].reach == 10


@pytest.mark.parametrize(
    ("name", "ability", "dc", "shape", "feet", "formula", "recharge"),
    [
        ("Adult Red Dragon", "Fire Breath", 21, "cone", 60, "17d6 fire", 5),
        ("Adult Black Dragon", "Acid Breath", 18, "line", 60, "12d8 acid", 5),
    ],
)
def test_breath_weapons_are_abilities(
    bestiary52: dict[str, Creature],
    name: str,
    ability: str,
    dc: int,
    shape: str,
    feet: int,
    formula: str,
    recharge: int,
) -> None:
    breath = next(s for s in bestiary52[name].spells if s.name == ability)
    assert breath.kind == "ability" and breath.structured
    assert breath.dc == dc and breath.save is not None and breath.save.stat == "dex"
    assert breath.save.share("success") == "half"
    assert breath.area is not None and (breath.area.shape, breath.area.feet) == (shape, feet)
    assert damage_formula(breath.damage) == formula
    assert breath.uses is not None and (breath.uses.kind, breath.uses.recharge) == ("recharge", recharge)


def test_every_dragon_breath_in_both_editions_is_a_structured_ability(
    bestiary51: dict[str, Creature], bestiary52: dict[str, Creature]
) -> None:
    for book in (bestiary51, bestiary52):
        dragons = [
            c
            for c in book.values()
            if c.name.endswith(("Dragon", "Wyrmling")) and not c.name.startswith("Half-")
        ]
        assert len(dragons) >= 30
        for c in dragons:
            breaths = [s for s in c.spells if "Breath" in s.name and s.damage]
            assert breaths, c.name
            assert all(b.structured and b.uses is not None and b.uses.kind == "recharge" for b in breaths), (
                c.name
            )


def test_spellcasting_gives_the_dc_attack_and_the_bundled_spells(
    bestiary51: dict[str, Creature], bestiary52: dict[str, Creature]
) -> None:
    dragon = bestiary52["Adult Red Dragon"]
    assert (dragon.spell_dc, dragon.spell_attack) == (20, 12)
    fireball = next(s for s in dragon.spells if s.name == "Fireball")
    assert fireball.uses is not None and (fireball.uses.kind, fireball.uses.count) == ("per-day", 1)
    assert fireball.area is not None and fireball.source == "SRD 5.2"
    mage = bestiary51["Mage"]
    assert (mage.spell_dc, mage.spell_attack, mage.level) == (14, 6, 9)
    assert dict(mage.spell_slots) == {1: 4, 2: 3, 3: 3, 4: 3, 5: 1}
    assert {"Fire Bolt", "Fireball", "Cone of Cold"} <= {s.name for s in mage.spells}


def test_the_2014_breath_weapon_text_wins_over_its_wrong_field(bestiary51: dict[str, Creature]) -> None:
    # 5e-bits gives Fire Breath success_type "none"; the text says "half as much damage on a successful one"
    breath = next(s for s in bestiary51["Adult Red Dragon"].spells if s.name == "Fire Breath")
    assert breath.save is not None and breath.save.share("success") == "half"
    assert damage_formula(breath.damage) == "18d6 fire" and breath.dc == 21


def test_the_command_prints_the_bestiary_of_each_edition() -> None:
    for system, count in (("dnd5e-2024", 331), ("dnd5e-2014", 334)):
        done = subprocess.run(
            [sys.executable, "-m", "rules", "--creature", "srd", "--system", system],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        tokens = [json.loads(line) for line in done.stdout.splitlines()]
        assert len(tokens) == count
        dragon = next(t for t in tokens if t["name"] == "Adult Red Dragon")
        assert any(s["name"] == "Fire Breath" for s in dragon["spells"])
    bad = subprocess.run(
        [sys.executable, "-m", "rules", "--creature", "srd", "--system", "pf2e"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 2 and "--system" in bad.stderr and not bad.stdout
