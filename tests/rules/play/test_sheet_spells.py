"""A player's character panel lists the creature's spells from the spell model (rules/play/sheet_spells.py,
rules/play/character_sheet.py): the level as the system calls it (PF2e rank, 5e level), what casting takes,
a one-line summary as this caster casts it (a PF2e cantrip heightened to half the caster's level rounded up,
Player Core "Cantrips"; a 5e cantrip's dice at character levels 5, 11, 17, PHB "Cantrips"), and the uses
left: slots by level, Focus Points, uses per day, a recharge spent until it recharges — the same uses the
`Cast` command spends and refuses on."""

from __future__ import annotations

import random
from dataclasses import replace

from rules.dice import ScriptedDice
from rules.geometry.coords import Point
from rules.model.spell import (
    DamagePart,
    Heighten,
    Lasting,
    Spell,
    SpellArea,
    SpellEffect,
    SpellSave,
    SpellUses,
    SpellUsesLeft,
)
from rules.model.state import GameState
from rules.play.cast import Cast
from rules.play.character_sheet import character_sheet
from rules.play.creatures import TABLE_KEY
from rules.play.player_intents import roll_modifier
from rules.play.sheet_spells import MAX_TEXT, sheet_spells
from rules.play.spell_resolution import Placement
from tests.rules.play.helpers import scene_from

MAP = """
W . . . . .
. . . . . .
. . . . G .
"""
ELECTRIC_ARC = Spell(
    "Electric Arc",
    0,
    range=30,
    targets=2,
    save=SpellSave("reflex", basic=True),
    damage=(DamagePart("2d4", "electricity"),),
    heighten=Heighten(every=1, damage=(DamagePart("1d4", "electricity"),)),
)
FIREBALL = Spell(
    "Fireball",
    3,
    range=500,
    area=SpellArea("burst", 20),
    save=SpellSave("reflex", basic=True),
    damage=(DamagePart("6d6", "fire"),),
    text="A roaring blast of fire " * 60,
)
FEAR = Spell(
    "Fear",
    1,
    range=30,
    save=SpellSave("will"),
    effects=(("failure", (SpellEffect("frightened 2"),)),),
)
FORCE_BOLT = Spell("Force Bolt", 1, range=30, damage=(DamagePart("1d4+1", "force"),), uses=SpellUses("focus"))


def pf2e(uses: SpellUsesLeft, **fields: object) -> GameState:
    w = {
        "side": "party",
        "pc": True,
        "level": 5,
        "spell_dc": 20,
        "spell_attack": 10,
        "spells": (FIREBALL, FEAR, ELECTRIC_ARC, FORCE_BOLT),
        "spell_uses": uses,
        **fields,
    }
    saves = (("fortitude", 5), ("reflex", 6), ("will", 4))
    return GameState(scene_from(MAP, "pf2e", W=w, G={"side": "enemy", "saves": saves}))


def by_name(state: GameState, token: str = "W") -> dict[str, dict[str, object]]:
    sheet = character_sheet(state, token)
    assert sheet is not None
    return {s["name"]: s for s in sheet.to_json()["spells"]}


def test_pf2e_ranks_summaries_and_uses_left() -> None:
    uses = SpellUsesLeft(slots=((1, 3, 1), (3, 2, 2)), focus=(2, 1))
    state = pf2e(uses)
    sheet = character_sheet(state, "W")
    assert sheet is not None
    data = sheet.to_json()
    # cantrips first, then by rank
    assert [s["name"] for s in data["spells"]] == ["Electric Arc", "Fear", "Force Bolt", "Fireball"]
    spells = {s["name"]: s for s in data["spells"]}
    arc = spells["Electric Arc"]
    # a level-5 caster's cantrip is a rank 3 spell: 2d4 + 2 × 1d4
    assert arc["level_text"] == "cantrip" and arc["cost"] == "2 actions"
    assert arc["summary"] == "range 30 ft · 2 targets · basic Reflex save DC 20 · 4d4 electricity damage"
    assert arc["uses"] == "at will" and arc["ready"] is True
    fear = spells["Fear"]
    assert fear["level_text"] == "rank 1"
    assert fear["summary"] == "range 30 ft · Will save DC 20 · on a failure: frightened 2"
    assert (fear["uses"], fear["ready"]) == ("2 of 3 rank 1 slots left", True)
    fireball = spells["Fireball"]
    assert fireball["summary"] == "range 500 ft · 20-ft burst · basic Reflex save DC 20 · 6d6 fire damage"
    assert (fireball["uses"], fireball["ready"]) == ("0 of 2 rank 3 slots left", False)
    assert len(fireball["text"]) == MAX_TEXT and fireball["text"].endswith("…")
    assert (spells["Force Bolt"]["uses"], spells["Force Bolt"]["ready"]) == ("1 of 2 Focus Points left", True)
    assert data["slots"] == [
        {"level": 1, "label": "rank 1", "max": 3, "left": 2},
        {"level": 3, "label": "rank 3", "max": 2, "left": 0},
    ]
    assert data["focus"] == {"max": 2, "left": 1}
    assert (data["spell_dc"], data["spell_attack"]) == (20, 10)


def test_a_spell_whose_own_slots_are_spent_is_ready_while_a_higher_slot_is_left() -> None:
    state = pf2e(SpellUsesLeft(slots=((1, 2, 2), (3, 1, 0))))
    fear = by_name(state)["Fear"]
    assert (fear["uses"], fear["ready"]) == ("0 of 2 rank 1 slots left", True)
    state = pf2e(SpellUsesLeft(slots=((1, 2, 2),)))
    assert by_name(state)["Fireball"] == {
        **by_name(state)["Fireball"],
        "uses": "no rank 3 slots",
        "ready": False,
    }


def test_untracked_uses_say_nothing() -> None:
    spells = by_name(pf2e(SpellUsesLeft()))
    assert spells["Fear"]["uses"] is None and spells["Fear"]["ready"] is True
    assert spells["Force Bolt"]["uses"] is None
    data = character_sheet(pf2e(SpellUsesLeft()), "W")
    assert data is not None and data.to_json()["slots"] == [] and data.to_json()["focus"] is None


def test_the_panel_follows_the_uses_a_cast_spends() -> None:
    state = pf2e(SpellUsesLeft(slots=((1, 3, 1), (3, 2, 1)), focus=(2, 1)))
    out = Cast(
        "W", FIREBALL, placement=Placement(corner=Point(4, 2)), rng=ScriptedDice([12] + [3] * 6)
    ).apply(state)
    fireball = by_name(out.state)["Fireball"]
    assert (fireball["uses"], fireball["ready"]) == ("0 of 2 rank 3 slots left", False)
    bolt = Cast("W", FORCE_BOLT, target_ids=("G",), rng=random.Random(1)).apply(out.state)
    spells = by_name(bolt.state)
    assert (spells["Force Bolt"]["uses"], spells["Force Bolt"]["ready"]) == (
        "0 of 2 Focus Points left",
        False,
    )


FIRE_BOLT = Spell("Fire Bolt", 0, range=120, attack=True, damage=(DamagePart("1d10", "fire"),))
HOLD = Spell(
    "Hold Person",
    2,
    range=60,
    save=SpellSave("wis", shares=(("success", "none"),)),
    effects=(("failure", (SpellEffect("paralyzed", Lasting("save", save="Wisdom save")),)),),
    concentration=True,
    casting_time="action",
)
SHIELD = Spell("Shield", 1, targets=0, casting_time="reaction")
BREATH = Spell(
    "Fire Breath",
    0,
    kind="ability",
    area=SpellArea("cone", 15),
    save=SpellSave("dex"),
    damage=(DamagePart("4d6", "fire"),),
    uses=SpellUses("recharge", recharge=5),
    dc=13,
)
SMITE = Spell("Searing Light", 0, kind="ability", range=60, attack=True, uses=SpellUses("per-day", 3))


def dnd(uses: SpellUsesLeft) -> GameState:
    w = {
        "side": "party",
        "pc": True,
        "level": 5,
        "spell_dc": 14,
        "spell_attack": 6,
        "spells": (HOLD, FIRE_BOLT, BREATH, SHIELD, SMITE),
        "spell_uses": uses,
    }
    return GameState(scene_from(MAP, "dnd5e-2024", W=w, G={"side": "enemy"}))


def test_dnd5e_levels_cantrip_dice_abilities_recharge_and_per_day() -> None:
    state = dnd(SpellUsesLeft(slots=((1, 4, 0), (2, 3, 3)), spent=(("Fire Breath", 1), ("Searing Light", 1))))
    data = character_sheet(state, "W")
    assert data is not None
    spells = {s["name"]: s for s in data.to_json()["spells"]}
    assert [s["name"] for s in data.to_json()["spells"]] == [
        "Fire Bolt",
        "Shield",
        "Hold Person",
        "Fire Breath",
        "Searing Light",
    ]
    bolt = spells["Fire Bolt"]
    # a 5th-level character's cantrip rolls two dice
    assert (bolt["level_text"], bolt["cost"]) == ("cantrip", "an action")
    assert bolt["summary"] == "range 120 ft · spell attack +6 · 2d10 fire damage"
    hold = spells["Hold Person"]
    assert hold["level_text"] == "level 2"
    assert hold["summary"] == "range 60 ft · Wisdom save DC 14 · on a failure: paralyzed · concentration"
    assert (hold["uses"], hold["ready"]) == ("0 of 3 level 2 slots left", False)
    shield = spells["Shield"]
    assert (shield["summary"], shield["cost"], shield["uses"]) == (
        "self",
        "a reaction",
        "4 of 4 level 1 slots left",
    )
    breath = spells["Fire Breath"]
    assert breath["level_text"] == "ability"
    assert breath["summary"] == "15-ft cone · Dexterity save DC 13 · 4d6 fire damage"  # its own DC wins
    assert (breath["uses"], breath["ready"]) == ("spent: recharges on a 5–6", False)
    assert (spells["Searing Light"]["uses"], spells["Searing Light"]["ready"]) == ("2 of 3 left today", True)
    ready = by_name(dnd(SpellUsesLeft(slots=((1, 4, 0),))))
    assert (ready["Fire Breath"]["uses"], ready["Fire Breath"]["ready"]) == ("ready (recharge 5–6)", True)
    assert ready["Searing Light"]["uses"] == "3 of 3 left today"


def test_a_monster_has_no_panel_and_no_spells_of_others_appear() -> None:
    state = dnd(SpellUsesLeft())
    goblin = replace(state.scene.token("G"), spells=(FIRE_BOLT,))  # type: ignore[arg-type]
    state = state.with_scene(state.scene.replace_token(goblin))
    assert character_sheet(state, "G") is None
    w = state.scene.token("W")
    assert w is not None
    assert sheet_spells(state.scene, replace(w, spells=())).spells == ()


def test_a_spell_attack_is_rolled_with_its_bonus() -> None:
    state = dnd(SpellUsesLeft())
    w = state.scene.token("W")
    assert w is not None
    spells = by_name(state)
    assert spells["Fire Bolt"]["attack"] is True and spells["Hold Person"]["attack"] is False
    assert roll_modifier(w, "attack", "fire bolt") == 6  # the caster's spell attack
    assert roll_modifier(replace(w, spells=(replace(FIRE_BOLT, attack_bonus=9),)), "attack", "Fire Bolt") == 9
    assert roll_modifier(w, "attack", "Hold Person") is None  # a save, not an attack


def test_spells_the_creature_entry_lists_only_as_text_follow_the_spell_model() -> None:
    state = pf2e(SpellUsesLeft())
    entry = {
        "name": "Aria",
        "abilities_text": [
            {"kind": "spell", "name": "Fear", "text": "already a spell of the token"},
            {"kind": "spell", "name": "Ventriloquism", "text": "You throw your voice."},
            {"kind": "action", "name": "Dash", "text": "not a spell"},
        ],
    }
    w = state.scene.token("W")
    assert w is not None
    w = replace(w, extra={"creature": "aria"})
    scene = state.scene.replace_token(w).edit(extra={TABLE_KEY: {"aria": entry}})
    listed = sheet_spells(scene, w).spells
    assert [s.name for s in listed] == ["Electric Arc", "Fear", "Force Bolt", "Fireball", "Ventriloquism"]
    assert listed[-1].to_json()["text"] == "You throw your voice." and listed[-1].uses is None
