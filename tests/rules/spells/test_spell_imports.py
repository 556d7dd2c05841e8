"""Spell files from the tools GMs use (``../shared/spell-samples``: Foundry VTT pf2e and dnd5e spell items)
and ``fivefoot-rules --spells FILE|srd`` (query-protocol.md "Command")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules.errors import SpellImportError
from rules.io.spells import import_spells
from rules.model.spell import damage_formula, heightened
from tests.shared_data import need


def spells_of(path: Path) -> dict[str, Any]:
    return {o.spell.name: o.spell for o in import_spells(path)}


def test_every_sample_file_imports() -> None:
    for folder in ("pf2e-foundry", "dnd5e-foundry"):
        files = sorted(need("spell-samples", folder).glob("*.json"))
        assert files
        for f in files:
            (owned,) = import_spells(f)
            assert owned.spell.name and (owned.spell.structured or owned.spell.reason), f.name


def test_pf2e_items_read_as_their_fields_and_text_say() -> None:
    s = spells_of(need("spell-samples", "pf2e-foundry"))
    fireball = s["Fireball"]
    assert (fireball.level, fireball.range, fireball.actions) == (3, 500, 2)
    assert fireball.area is not None and (fireball.area.shape, fireball.area.feet) == ("burst", 20)
    assert fireball.save is not None and fireball.save.basic and fireball.structured
    assert damage_formula(heightened(fireball, 5).damage) == "10d6 fire"
    bolt = s["Lightning Bolt"]
    assert bolt.area is not None and (bolt.area.shape, bolt.area.feet) == ("line", 120) and bolt.range is None
    spray = s["Chilling Spray"]
    assert spray.save is not None and not spray.save.basic and spray.save.share("success") == "half"
    assert s["Ignition"].is_cantrip and s["Ignition"].attack
    arc = s["Electric Arc"]  # legacy schema
    assert arc.is_cantrip and arc.targets == 2 and arc.save is not None and arc.save.basic
    fear = s["Fear"]
    assert [e.condition for e in fear.effects_for("critical-failure")] == ["frightened 3", "fleeing"]
    assert [e.condition for e in fear.effects_for("success")] == ["frightened 1"]
    assert heightened(fear, 3).targets == 5 and heightened(s["Command"], 5).targets == 10
    heat = s["Heat Metal"]
    assert [p.type for p in heat.damage] == ["fire", "persistent fire"]
    assert s["Acid Grip"].heighten is not None and s["Acid Grip"].heighten.every == 2
    heal = s["Heal"]
    assert (heal.actions, heal.actions_max) == (1, 3) and not heal.structured
    assert not s["Bless"].structured and s["Bless"].area is not None


def test_dnd5e_items_read_as_their_activities_say() -> None:
    s = spells_of(need("spell-samples", "dnd5e-foundry"))
    fireball = s["Fireball"]
    assert fireball.area is not None and (fireball.area.shape, fireball.area.feet) == ("sphere", 20)
    assert (
        fireball.save is not None and fireball.save.stat == "dex" and fireball.save.share("success") == "half"
    )
    assert damage_formula(heightened(fireball, 4).damage) == "9d6 fire"
    hold = s["Hold Person"]
    assert hold.concentration and [e.condition for e in hold.effects_for("failure")] == ["paralyzed"]
    assert s["Fire Bolt"].attack and s["Fire Bolt"].range == 120
    assert s["Burning Hands"].area is not None and s["Burning Hands"].range is None
    assert not s["Cure Wounds"].structured and "heal" in s["Cure Wounds"].reason


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", *args], capture_output=True, text=True, timeout=120, check=False
    )


def test_the_spells_command_lists_files_folders_srd_and_creatures(tmp_path: Path) -> None:
    folder = cli("--spells", str(need("spell-samples", "pf2e-foundry")))
    assert folder.returncode == 0, folder.stderr
    lines = [json.loads(line) for line in folder.stdout.splitlines()]
    assert len(lines) == len(list(need("spell-samples", "pf2e-foundry").glob("*.json")))
    assert all("name" in line and "level" in line and isinstance(line["structured"], bool) for line in lines)
    assert all(line["reason"] for line in lines if not line["structured"])
    srd = cli("--spells", "srd", "--system", "dnd5e-2024")
    assert srd.returncode == 0 and len(srd.stdout.splitlines()) == 339
    mine = tmp_path / "mine.json"
    mine.write_text(
        json.dumps(
            [
                {
                    "name": "Zap",
                    "level": 1,
                    "range": 30,
                    "attack": True,
                    "damage": [{"formula": "2d6", "type": "fire"}],
                }
            ]
        )
    )
    (line,) = cli("--spells", str(mine)).stdout.splitlines()
    assert json.loads(line)["structured"] is True
    creature = cli("--spells", str(need("creature-samples", "pf2e-foundry", "cloud-giant.json")))
    assert creature.returncode == 0, creature.stderr
    owned = [json.loads(x) for x in creature.stdout.splitlines()]
    assert owned and all(x["creature"] == "Cloud Giant" for x in owned)


@pytest.mark.parametrize(
    ("content", "where"),
    [
        ([{"name": "Zap", "level": 1, "save": {"stat": "luck"}}], "[0].save.stat"),
        ({"format": "fivefoot.spells", "spells": [{"name": "Zap"}]}, "spells[0].level"),
        ({"hello": "world"}, ""),
    ],
)
def test_a_bad_spell_file_is_exit_2_naming_file_and_field(tmp_path: Path, content: Any, where: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(content))
    done = cli("--spells", str(bad))
    assert done.returncode == 2 and not done.stdout
    assert str(bad) in done.stderr and where in done.stderr
    with pytest.raises(SpellImportError):
        import_spells(bad)


def test_srd_needs_a_5e_system() -> None:
    for args in (("--spells", "srd"), ("--spells", "srd", "--system", "pf2e")):
        done = cli(*args)
        assert done.returncode == 2 and "--system" in done.stderr


def test_foundry_dnd5e_actors_bring_their_save_features_and_spells() -> None:
    from rules.io.creatures import import_creatures

    (dragon,) = import_creatures(need("creature-samples", "dnd5e-foundry", "adult-red-dragon.json"))
    breath = next(s for s in dragon.spells if s.name == "Fire Breath")
    assert breath.kind == "ability" and breath.dc == 21 and breath.structured
    assert breath.area is not None and (breath.area.shape, breath.area.feet) == ("cone", 60)
    assert breath.uses is not None and (breath.uses.kind, breath.uses.recharge) == ("recharge", 5)
    assert damage_formula(breath.damage) == "18d6 fire"
    (fiend,) = import_creatures(need("creature-samples", "dnd5e-foundry", "pit-fiend.json"))
    assert {"Fireball", "Hold Monster"} <= {s.name for s in fiend.spells}
