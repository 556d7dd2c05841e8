"""Every real creature file in the shared samples imports, and what the rules read matches the file.

Expectations are read from the raw JSON here, independently of the importers (the importers' readings of
AC, HP, speeds, size, reach, saves and each attack's bonus and damage are compared with them). A token
made from each creature loads into a scene and its attacks reach as the file says.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from rules import dice
from rules.errors import CreatureImportError
from rules.io.creature_json import creature_to_token
from rules.io.creatures import detect_format, import_creatures, import_document
from rules.io.scene_json import scene_from_json
from rules.model.creature import Creature
from rules.model.scene import Attack
from rules.systems.board import melee_reach
from tests.shared_data import shared

SAMPLES = shared("creature-samples")
pytestmark = pytest.mark.skipif(not SAMPLES.is_dir(), reason="shared creature samples are not present")

SIZE = {"tiny": "tiny", "sm": "small", "med": "medium", "lg": "large", "huge": "huge", "grg": "gargantuan"}


def files(folder: str) -> list[Path]:
    return sorted((SAMPLES / folder).glob("*.json")) if SAMPLES.is_dir() else []


def raw(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def parts(formula: str) -> list[tuple[str, str | None]]:
    """A damage formula as (expression without spaces, type) per part, via the engine's dice parser."""
    return [(p.expr.render().replace(" ", ""), p.type) for p in dice.parse(formula).parts]


def token_of(c: Creature) -> Any:
    """The creature placed on a scene: the loaded `Token`."""
    doc = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": c.system,
        "grid": {"width": 10, "height": 10},
        "tokens": [creature_to_token(c, "t")],
    }
    token = scene_from_json(doc).token("t")
    assert token is not None
    return token


# ------------------------------------------------------------------------------------ Foundry pf2e


@pytest.mark.parametrize("path", files("pf2e-foundry"), ids=lambda p: p.stem)
def test_foundry_pf2e_matches_file(path: Path) -> None:
    doc = raw(path)
    (c,) = import_creatures(path)
    s = doc["system"]
    a = s["attributes"]
    assert c.system == "pf2e" and c.name == doc["name"]
    assert c.ac == a["ac"]["value"]
    assert c.hp == a["hp"]["max"]
    assert c.speed == a["speed"]["value"]
    assert dict(c.speeds) == {o["type"]: o["value"] for o in a["speed"].get("otherSpeeds", [])}
    assert c.size == SIZE[s["traits"]["size"]["value"]]
    assert dict(c.saves) == {k: v["value"] for k, v in s["saves"].items()}
    assert c.perception == s["perception"]["mod"]
    assert c.level == s["details"]["level"]["value"]
    assert {t.type for t in c.senses} == {x["type"] for x in s["perception"]["senses"]}
    assert set(c.immunities) == {i["type"] for i in a.get("immunities", [])}
    alias = {"all-damage": "all"}
    assert dict(c.weaknesses) == {
        alias.get(w["type"], w["type"]): w["value"] for w in a.get("weaknesses", [])
    }
    assert dict(c.resistances) == {
        alias.get(w["type"], w["type"]): w["value"] for w in a.get("resistances", [])
    }

    strikes = [i for i in doc["items"] if i["type"] == "melee"]
    assert len(c.attacks) == len(strikes)
    token = token_of(c)
    for item, attack in zip(strikes, c.attacks, strict=True):
        system = item["system"]
        assert attack.name.startswith(item["name"])
        assert attack.bonus == system["bonus"]["value"]
        rolls = list(system["damageRolls"].values())
        expected = []
        for roll in rolls:
            persistent = roll.get("category") == "persistent" or roll["damageType"] == "bleed"
            expected.append((roll["damage"], ("persistent " if persistent else "") + roll["damageType"]))
        assert parts(attack.damage) == expected
        traits = system["traits"]["value"]
        thrown = [int(t.split("-")[1]) for t in traits if re.fullmatch(r"thrown-\d+", t)]
        increment = (system.get("range") or {}).get("increment") or (thrown[0] if thrown else None)
        assert attack.range_increment == increment
        for t in traits:
            m = re.fullmatch(r"(deadly|fatal)-(d\d+)", t)
            if m:
                assert attack.trait_value(m.group(1)) == m.group(2)
        if increment is None:
            reach = [int(t[6:]) for t in traits if re.fullmatch(r"reach-\d+", t)]
            default = 0 if c.size == "tiny" else 5
            loaded = token.attack(attack.name)
            assert melee_reach(token, loaded) == (reach[0] if reach else default)
    reactions = [
        i["name"]
        for i in doc["items"]
        if i["type"] == "action" and i["system"]["actionType"]["value"] == "reaction"
    ]
    assert list(c.reactions) == reactions
    # Nothing the rules don't model is dropped: every action is kept as text.
    kept = {t.name for t in c.abilities_text}
    assert {i["name"] for i in doc["items"] if i["type"] == "action"} <= kept


def test_foundry_pf2e_folder_and_export_shape(tmp_path: Path) -> None:
    folder = SAMPLES / "pf2e-foundry"
    creatures = import_creatures(folder)
    assert len(creatures) == len(files("pf2e-foundry"))
    # An in-app "Export Data" carries _stats, prototypeToken, effects, ownership and flags too.
    doc = raw(folder / "cinder-rat.json")
    doc.update(
        {
            "_stats": {"systemId": "pf2e", "coreVersion": "12.331"},
            "prototypeToken": {"texture": {"src": "portrait.png"}},
            "effects": [],
            "ownership": {"default": 0},
            "flags": {},
        }
    )
    (tmp_path / "portrait.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    path = tmp_path / "export.json"
    path.write_text(json.dumps(doc))
    (c,) = import_creatures(path)
    assert c.ac == 18 and c.image == str((tmp_path / "portrait.png").resolve())
    # A default icon, or an image that doesn't exist, gives no portrait.
    assert import_creatures(folder / "cinder-rat.json")[0].image is None


# ----------------------------------------------------------------------------------------- Pathbuilder

PROF_SKILLS = {
    "acrobatics": "dex",
    "arcana": "int",
    "athletics": "str",
    "crafting": "int",
    "deception": "cha",
    "diplomacy": "cha",
    "intimidation": "cha",
    "medicine": "wis",
    "nature": "wis",
    "occultism": "int",
    "performance": "cha",
    "religion": "wis",
    "society": "int",
    "stealth": "dex",
    "survival": "wis",
    "thievery": "dex",
}


@pytest.mark.parametrize("path", files("pathbuilder"), ids=lambda p: p.stem)
def test_pathbuilder_matches_file(path: Path) -> None:
    b = raw(path)["build"]
    (c,) = import_creatures(path)
    level = b["level"]
    mod = {k: (v - 10) // 2 for k, v in b["abilities"].items()}
    profs = b["proficiencies"]

    def total(rank: int, ability: str) -> int:
        return (rank + level if rank else 0) + mod[ability]

    at = b["attributes"]
    assert c.pc and c.system == "pf2e" and c.level == level
    assert c.ac == b["acTotal"]["acTotal"]
    assert (
        c.hp
        == at["ancestryhp"] + at["bonushp"] + (at["classhp"] + at["bonushpPerLevel"] + mod["con"]) * level
    )
    assert c.speed == at["speed"] + at["speedBonus"]
    assert c.size == ["tiny", "small", "medium", "large", "huge", "gargantuan"][b["size"]]
    assert dict(c.saves) == {
        "fortitude": total(profs["fortitude"], "con"),
        "reflex": total(profs["reflex"], "dex"),
        "will": total(profs["will"], "wis"),
    }
    assert c.perception == total(profs["perception"], "wis")
    skills = dict(c.skills)
    for skill, ability in PROF_SKILLS.items():
        assert skills[skill] == total(profs[skill], ability)
    specials = b["specials"]
    assert len(c.attacks) == len(b["weapons"])
    for weapon, attack in zip(b["weapons"], c.attacks, strict=True):
        rank = profs[weapon["prof"]]
        ability = max(mod["str"], mod["dex"]) if attack.has("finesse") else mod["str"]
        assert attack.name == weapon["name"]
        assert attack.bonus == (rank + level if rank else 0) + ability + weapon["pot"]
        count = {"": 1, "striking": 2, "greaterStriking": 3, "majorStriking": 4}[weapon["str"]]
        spec = {4: 2, 6: 3, 8: 4}.get(rank, 0) if "Weapon Specialization" in specials else 0
        if "Greater Weapon Specialization" in specials:
            spec *= 2
        expr, _type = parts(attack.damage)[0]
        assert expr == f"{count}{weapon['die']}{mod['str'] + spec:+d}"


def test_pathbuilder_tolerates_newer_exports(tmp_path: Path) -> None:
    doc = raw(SAMPLES / "pathbuilder" / "roll20-conversion-tool__celestina-pathbuilder-export.json")
    b = doc["build"]
    b["sizeName"] = "Small"
    b["mods"] = {}
    b["familiars"] = []
    b["equipmentContainers"] = {}
    b["acTotal"]["shieldBonus"] = None
    b["weapons"][0].pop("pot")
    b["weapons"][0]["attack"] = 17
    b["weapons"][0]["damageBonus"] = 3
    b["weapons"][0]["damageType"] = "P"
    (c,) = import_document(doc, "newer.json")
    assert c.size == "small"
    assert (c.attacks[0].bonus, c.attacks[0].damage) == (17, "1d6+3 piercing")
    b["acTotal"]["shieldBonus"] = "n/a"
    assert import_document(doc, "newer.json")[0].ac == b["acTotal"]["acTotal"]


# ------------------------------------------------------------------------------------- Foundry dnd5e

ABIL = ("str", "dex", "con", "int", "wis", "cha")


def _prof(c_level: int | None, cr: float | None) -> int:
    if c_level is not None:
        return 2 + (c_level - 1) // 4
    return 2 + (max(math.ceil(cr or 0), 1) - 1) // 4


@pytest.mark.parametrize("path", files("dnd5e-foundry"), ids=lambda p: p.stem)
def test_foundry_dnd5e_matches_file(path: Path) -> None:
    doc = raw(path)
    (c,) = import_creatures(path)
    s = doc["system"]
    a = s["attributes"]
    score = {k: s["abilities"][k]["value"] for k in ABIL}
    mod = {k: (v - 10) // 2 for k, v in score.items()}
    pc = doc["type"] == "character"
    level = sum(i["system"]["levels"] for i in doc["items"] if i["type"] == "class") if pc else None
    prof = _prof(level, None if pc else s["details"]["cr"])
    assert c.system == "dnd5e-2014" and c.pc == pc
    assert c.proficiency_bonus == prof
    # AC: a flat/natural value, else armour + Dex (capped) + shield + effects that add to AC.
    if a["ac"]["calc"] in ("flat", "natural"):
        assert c.ac == a["ac"]["flat"]
    else:
        armor = [
            i["system"] for i in doc["items"] if i["type"] == "equipment" and i["system"].get("equipped")
        ]
        body = [x for x in armor if x["type"]["value"] in ("light", "medium", "heavy")]
        shield = sum(x["armor"]["value"] for x in armor if x["type"]["value"] == "shield")
        dex_cap = {"light": 99, "medium": 2, "heavy": 0}
        base = (
            body[0]["armor"]["value"] + min(mod["dex"], dex_cap[body[0]["type"]["value"]])
            if body
            else 10 + mod["dex"]
        )
        effects = sum(
            int(ch["value"])
            for i in doc["items"]
            for e in i.get("effects", [])
            for ch in e["changes"]
            if ch["key"] == "system.attributes.ac.bonus"
        )
        assert c.ac == base + shield + effects
    assert c.hp == (a["hp"]["max"] or a["hp"]["value"])
    race = next((i["system"] for i in doc["items"] if i["type"] == "race"), {})
    movement = {
        k: (a["movement"].get(k) if a["movement"].get(k) is not None else race.get("movement", {}).get(k))
        for k in ("walk", "fly", "swim", "climb", "burrow")
    }
    assert c.speed == movement["walk"]
    assert dict(c.speeds) == {k: v for k, v in movement.items() if k != "walk" and v}
    assert c.size == SIZE[s["traits"]["size"]]
    assert dict(c.saves) == {k: mod[k] + prof for k in ABIL if s["abilities"][k]["proficient"]}
    # resistance to nonmagical B/P/S (``bypasses: ["mgc"]``) keeps its qualifier (issue 23, item 10)
    dr = s["traits"]["dr"]
    nonmagical = "mgc" in dr.get("bypasses", [])
    assert set(c.resistances) == {
        (f"{t} unless magical" if nonmagical and t in ("bludgeoning", "piercing", "slashing") else t, 0)
        for t in dr["value"]
    }
    assert set(c.immunities) == set(s["traits"]["di"]["value"]) | set(s["traits"]["ci"]["value"])

    token = token_of(c)
    weapons = [
        i
        for i in doc["items"]
        if i["type"] in ("weapon", "feat")
        and any(x["type"] == "attack" for x in i["system"].get("activities", {}).values())
    ]
    names = [x.name for x in c.attacks]
    for item in weapons:
        w = item["system"]
        act = next(x for x in w["activities"].values() if x["type"] == "attack")
        props = w["properties"]
        ranged = act["attack"]["type"]["value"] == "ranged"
        ability = act["attack"]["ability"] or (
            "dex" if ranged else ("dex" if "fin" in props and mod["dex"] > mod["str"] else "str")
        )
        attack = next(x for x in c.attacks if x.name == item["name"])
        assert attack.bonus == mod[ability] + prof + (w.get("magicalBonus") or 0)
        base = w["damage"]["base"]
        expected = [(f"{base['number']}d{base['denomination']}{mod[ability]:+d}", base["types"][0])]
        for p in act["damage"]["parts"]:
            expected.append((f"{p['number']}d{p['denomination']}", p["types"][0]))
        assert parts(attack.damage) == expected
        if ranged:
            assert attack.range == (w["range"]["value"], w["range"]["long"])
        else:
            reach = (
                w["range"].get("reach")
                or (None if "thr" in props else w["range"]["value"])
                or (10 if "rch" in props else 5)
            )
            assert melee_reach(token, token.attack(attack.name)) == reach
            if "thr" in props:
                thrown = next(x for x in c.attacks if x.name == f"{item['name']} (thrown)")
                assert thrown.range == (w["range"]["value"], w["range"]["long"])
        # The printed stat block agrees on the to-hit and the dice.
        text = re.sub("<[^>]+>", "", w["description"]["value"])
        hit = re.search(r"\+(\d+) to hit", text)
        if hit:
            assert attack.bonus == int(hit.group(1))
            printed = re.findall(
                r"\((\d+d\d+)(?: [+-] \d+)?\) (\w+) damage", re.split(r"[.,]", text.split("Hit:")[1])[0]
            )
            assert [(expr.split("+")[0].split("-")[0], t) for expr, t in parts(attack.damage)] == printed
    assert len(names) == len(set(names))


# ----------------------------------------------------------------------------------------- 5e-bits


def _feet(text: str) -> int:
    return int(text.split()[0])


@pytest.mark.parametrize("name", ["5e-SRD-Monsters-2014.json", "5e-SRD-Monsters-2024.json"])
def test_5e_bits_matches_file(name: str) -> None:
    path = SAMPLES / "5e-bits" / name
    monsters = raw(path)
    creatures = import_creatures(path)
    assert len(creatures) == len(monsters)
    edition = "dnd5e-2024" if "2024" in name else "dnd5e-2014"
    for m, c in zip(monsters, creatures, strict=True):
        assert (c.name, c.system) == (m["name"], edition)
        assert c.ac == m["armor_class"][0]["value"]
        assert c.hp == m["hit_points"]
        assert c.speed == (_feet(m["speed"]["walk"]) if "walk" in m["speed"] else 0)
        assert dict(c.speeds) == {
            k: _feet(v) for k, v in m["speed"].items() if k in ("fly", "swim", "climb", "burrow")
        }
        assert c.size == m["size"].lower()
        assert c.cr == m["challenge_rating"] and c.xp == m["xp"]
        assert c.proficiency_bonus == m["proficiency_bonus"]
        saves = {
            p["proficiency"]["index"].removeprefix("saving-throw-"): p["value"]
            for p in m["proficiencies"]
            if p["proficiency"]["index"].startswith("saving-throw-")
        }
        assert dict(c.saves) == saves
        token = token_of(c)
        for action in m.get("actions", []):
            if action.get("attack_bonus") is None:
                continue
            attack = next(x for x in c.attacks if x.name == action["name"].rstrip("."))
            assert attack.bonus == action["attack_bonus"]
            expected = []
            for d in action.get("damage", []):
                if "from" in d:
                    d = d["from"]["options"][0]
                expected.append((d["damage_dice"].replace(" ", ""), d["damage_type"]["index"]))
            assert (parts(attack.damage) if attack.damage else []) == expected, c.name
            reach = re.search(r"reach (\d+) ft", action["desc"])
            rng = re.search(r"range (\d+)(?:/(\d+))? ft", action["desc"])
            if attack.is_ranged:
                assert rng is not None and attack.range is not None
                assert attack.range[0] == int(rng.group(1))
            else:
                assert melee_reach(token, token.attack(attack.name)) == (int(reach.group(1)) if reach else 5)
        texts = {t.name for t in c.abilities_text}
        for key in ("special_abilities", "legendary_actions", "reactions"):
            for a in m.get(key, []):
                assert a["name"].rstrip(".") in texts


# -------------------------------------------------------------------------------------------- general


def test_every_sample_makes_tokens_that_load() -> None:
    for folder in ("pf2e-foundry", "pathbuilder", "dnd5e-foundry", "5e-bits"):
        for path in files(folder):
            for c in import_creatures(path):
                token = token_of(c)
                assert (token.ac, token.hp, token.size, token.speed) == (c.ac, c.hp, c.size, c.speed)
                assert [a.name for a in token.attacks] == [a.name for a in c.attacks]
                assert isinstance(token.attacks[0] if token.attacks else Attack("x", 0), Attack)


def test_formats_are_recognised() -> None:
    assert detect_format(raw(SAMPLES / "pf2e-foundry" / "miner.json")) == "foundry-pf2e"
    assert detect_format(raw(SAMPLES / "dnd5e-foundry" / "goblin.json")) == "foundry-dnd5e"
    assert detect_format(raw(files("pathbuilder")[0])) == "pathbuilder"
    assert detect_format(raw(SAMPLES / "5e-bits" / "5e-SRD-Monsters-2024.json")) == "srd5e"
    assert detect_format({"hello": 1}) is None


def test_bad_files_name_file_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(CreatureImportError, match=r"bad\.json: not valid JSON"):
        import_creatures(bad)
    with pytest.raises(CreatureImportError, match="no such file"):
        import_creatures(tmp_path / "missing.json")
    doc = raw(SAMPLES / "pf2e-foundry" / "crocodile.json")
    doc["system"]["attributes"]["ac"]["value"] = "seventeen"
    with pytest.raises(CreatureImportError) as info:
        import_document(doc, "croc.json")
    assert info.value.source == "croc.json" and info.value.path == "system.attributes.ac.value"
    doc = raw(SAMPLES / "pf2e-foundry" / "crocodile.json")
    doc["system"]["traits"]["size"]["value"] = "enormous"
    with pytest.raises(CreatureImportError, match=r"system\.traits\.size\.value: 'enormous'"):
        import_document(doc, "croc.json")
    with pytest.raises(CreatureImportError, match="not a creature file"):
        import_document({"format": "fivefoot.scene"}, "scene.json")
    with pytest.raises(CreatureImportError, match="not pf2e"):
        import_creatures(SAMPLES / "dnd5e-foundry" / "goblin.json", "pf2e")


def test_system_chooses_the_5e_edition() -> None:
    (c,) = import_creatures(SAMPLES / "dnd5e-foundry" / "goblin.json", "dnd5e-2024")
    assert c.system == "dnd5e-2024"


def test_missing_fields_get_defaults() -> None:
    """Real files leave things out: an actor with only a name and type still imports."""
    (c,) = import_document(
        {"name": "Bare", "type": "npc", "system": {"traits": {"size": {"value": "med"}}}}, "x"
    )
    assert (c.name, c.system, c.speed, c.ac, c.hp, c.attacks) == ("Bare", "pf2e", 25, None, None, ())
    (m,) = import_document([{"name": "Blob", "challenge_rating": 1, "hit_points": 5}], "y")
    assert (m.system, m.hp, m.size, m.cr) == ("dnd5e-2014", 5, "medium", 1.0)


def test_a_folder_skips_files_that_are_not_creatures(tmp_path: Path) -> None:
    (tmp_path / "folder.json").write_text(json.dumps({"name": "Goblins", "type": "Actor", "sorting": "a"}))
    (tmp_path / "a.json").write_bytes((SAMPLES / "pf2e-foundry" / "miner.json").read_bytes())
    assert [c.name for c in import_creatures(tmp_path)] == ["Miner"]
    (tmp_path / "b.json").write_text("{broken")
    with pytest.raises(CreatureImportError, match=r"b\.json: not valid JSON"):
        import_creatures(tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "x.json").write_text("{}")
    with pytest.raises(CreatureImportError, match="no creature files"):
        import_creatures(empty)
