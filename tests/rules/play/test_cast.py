"""The `Cast` command, 5e concentration and hazards (rules/play/cast.py, concentration.py, hazards.py).

From the rules: a spell's damage is rolled once for every target (PHB "Area of Effect" / Player Core
"Damage"), each target saves on its own and takes its share, then its own immunities and resistances; a
creature concentrates on one spell at a time, and damage calls for a Constitution save of DC 10 or half the
damage (2024: at most 30); a spell slot, a per-day use or a recharge is spent when used.
"""

from __future__ import annotations

import random

import pytest

from rules.dice import ScriptedDice
from rules.geometry.coords import Cell, Point
from rules.io.state_json import state_from_document, state_to_document
from rules.model.active_spells import Hazard, concentration_of
from rules.model.scene import Wall
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
from rules.play.command import Refused
from rules.play.concentration import ConcentrationSave, EndSpell
from rules.play.hazards import NoticeHazard, PlaceHazard, TriggerHazard, entered, standing_on, visible_hazards
from rules.play.history import History
from rules.play.spell_resolution import Placement
from rules.play.table import ApplyDamage
from rules.play.turns import start_encounter
from rules.systems.damage import DamageEntry
from tests.rules.play.helpers import scene_from

FIREBALL_PF2E = Spell(
    "Fireball",
    3,
    range=500,
    area=SpellArea("burst", 20),
    save=SpellSave("reflex", basic=True),
    damage=(DamagePart("6d6", "fire"),),
)
HOLD = Spell(
    "Hold Person",
    2,
    range=60,
    save=SpellSave("wis", shares=(("success", "none"),)),
    effects=(("failure", (SpellEffect("paralyzed", Lasting("save", save="Wisdom save")),)),),
    concentration=True,
    duration=Lasting("rounds", 10),
    heighten=Heighten(every=1, targets=1),
)
WEB = Spell(
    "Web",
    2,
    range=60,
    save=SpellSave("dex"),
    effects=(("failure", (SpellEffect("restrained"),)),),
    concentration=True,
    duration=Lasting("rounds", 600),
)
MAP = """
W . . . . . . .
. . . . . . . .
. . . . . . . .
. . . A . . B .
. . . . . C . .
. . . . . . . .
"""
SAVES = {"fortitude": 5, "reflex": 6, "will": 4}


def pf2e_state() -> GameState:
    s = scene_from(
        MAP,
        "pf2e",
        W={"spell_dc": 22, "spell_attack": 12, "level": 7, "side": "party", "saves": tuple(SAVES.items())},
        A={"saves": tuple(SAVES.items()), "side": "foes"},
        B={"saves": tuple(SAVES.items()), "side": "foes", "resistances": (("fire", 5),)},
        C={"saves": tuple(SAVES.items()), "side": "foes"},
    )
    wall = Wall(Point(5, 2), Point(5, 4))  # between the corner (4, 4) and B
    return GameState(s.edit(walls=(wall,)))


def test_fireball_rolls_once_and_each_target_saves_and_resists() -> None:
    state = pf2e_state()
    # the d20s of the targets in id order: A 10 (failure), C 17 (success); then six damage dice of 4 (24 fire)
    dice = ScriptedDice([10, 17, 4, 4, 4, 4, 4, 4])
    cast = Cast("W", FIREBALL_PF2E, placement=Placement(corner=Point(4, 4)), rng=dice)
    out = cast.apply(state)
    result = out.detail
    ids = [t.id for t in result.targets]
    assert ids == ["A", "C"] and result.aim.excluded == (("B", "no line of effect"),)
    a, c = (out.state.token(i) for i in ("A", "C"))
    assert a is not None and c is not None
    assert a.hp == 0 and a.has_condition("dead")  # failure: the full 24 fire
    assert c.hp == 20 - 12  # success: half
    text = out.text
    assert (
        text.startswith("W casts Fireball (DC 22): 24 fire") and "B: not affected (no line of effect)" in text
    )
    assert "A:" in text and "C:" in text


def test_resistance_per_target_and_cover_from_the_corner() -> None:
    state = pf2e_state()
    state = state.with_scene(state.scene.edit(walls=()))  # B in the burst now, with fire resistance 5
    out = Cast(
        "W",
        FIREBALL_PF2E,
        placement=Placement(corner=Point(5, 4)),
        saves=(("A", (10,)), ("B", (10,)), ("C", (10,))),
        damage=(DamageEntry(20, "fire"),),
    ).apply(state)
    hp = {t.id: out.state.token(t.id).hp for t in out.detail.targets}  # type: ignore[union-attr]
    assert hp == {"A": 0, "B": 5, "C": 0}  # B: 20 fire − 5 resistance


def test_typed_dice_need_no_rng_and_missing_dice_are_refused() -> None:
    state = pf2e_state()
    with pytest.raises(Refused):
        Cast("W", FIREBALL_PF2E, placement=Placement(corner=Point(4, 4))).apply(state)
    with pytest.raises(Refused):
        Cast(
            "W", FIREBALL_PF2E, level=2, placement=Placement(corner=Point(4, 4)), rng=random.Random(1)
        ).apply(state)


def test_one_undo_step_brings_everything_back() -> None:
    state = pf2e_state()
    history = History(state)
    history.execute(Cast("W", FIREBALL_PF2E, placement=Placement(corner=Point(4, 4)), rng=random.Random(3)))
    assert history.state != state
    history.undo()
    assert history.state == state


def test_the_cost_is_exposed_for_the_turn_and_free_takes_none() -> None:
    state = pf2e_state()
    assert Cast("W", FIREBALL_PF2E).cost(state).actions == 2
    assert Cast("W", FIREBALL_PF2E, free=True).cost(state).actions == 0


# ------------------------------------------------------------------------------------------------ uses


def dnd_state(**caster: object) -> GameState:
    s = scene_from(
        MAP,
        "dnd5e-2014",
        W={
            "spell_dc": 14,
            "spell_attack": 6,
            "level": 5,
            "side": "party",
            "abilities": (("con", 14),),
            **caster,
        },
        A={"side": "foes", "abilities": (("wis", 10), ("dex", 10))},
        B={"side": "foes", "abilities": (("wis", 10), ("dex", 10))},
        C={"side": "foes", "abilities": (("wis", 10), ("dex", 10))},
    )
    return GameState(s)


def test_a_slot_of_the_level_cast_is_spent_and_none_left_is_refused() -> None:
    state = dnd_state(spell_uses=SpellUsesLeft(slots=((2, 1, 0), (3, 1, 0))))
    cast = Cast("W", HOLD, target_ids=("A",), saves=(("A", (15,)),))
    after = cast.apply(state).state
    w = after.token("W")
    assert w is not None and w.spell_uses.slots_left(2) == 0 and w.spell_uses.slots_left(3) == 1
    with pytest.raises(Refused, match="no level 2 spell slot"):
        cast.apply(after)
    upcast = Cast("W", HOLD, level=3, target_ids=("A", "B"), saves=(("A", (15,)), ("B", (15,)))).apply(after)
    w = upcast.state.token("W")
    assert w is not None and w.spell_uses.slots_left(3) == 0
    assert (
        Cast("W", HOLD, target_ids=("A",), saves=(("A", (15,)),), spend=False)
        .apply(after)
        .state.token("W")
        .spell_uses
        == after.token("W").spell_uses
    )  # type: ignore[union-attr]


def test_per_day_and_recharge_abilities() -> None:
    breath = Spell(
        "Fire Breath",
        0,
        kind="ability",
        area=SpellArea("cone", 15),
        save=SpellSave("dex", shares=(("success", "half"),)),
        damage=(DamagePart("4d6", "fire"),),
        dc=13,
        uses=SpellUses("recharge", recharge=5),
    )
    state = dnd_state()
    cast = Cast("W", breath, placement=Placement(origin=Point(4, 3.5), direction=0), rng=random.Random(5))
    after = cast.apply(state).state
    with pytest.raises(Refused, match="recharged"):
        cast.apply(after)
    daily = Spell("Hold Person", 2, range=60, save=SpellSave("wis"), uses=SpellUses("per-day", count=1))
    once = Cast("W", daily, target_ids=("A",), saves=(("A", (15,)),)).apply(state).state
    with pytest.raises(Refused, match="used up"):
        Cast("W", daily, target_ids=("A",), saves=(("A", (15,)),)).apply(once)


# --------------------------------------------------------------------------------------- concentration


def test_concentration_conditions_last_and_a_new_concentration_spell_ends_the_old_one() -> None:
    state, _ = start_encounter(dnd_state(), ScriptedDice([]), rolls={"W": 20, "A": 15, "B": 10, "C": 5})
    held = Cast("W", HOLD, target_ids=("A",), saves=(("A", (3,)),)).apply(state).state
    a = held.token("A")
    assert a is not None and a.has_condition("paralyzed")
    assert held.encounter is not None and any(
        e.name == "paralyzed" and e.ends.kind == "save" for e in held.encounter.timed
    )
    active = concentration_of(held.spells, "W")
    assert active is not None and active.spell == "Hold Person"
    webbed = Cast("W", WEB, target_ids=("B",), saves=(("B", (2,)),)).apply(held)
    a, b = webbed.state.token("A"), webbed.state.token("B")
    assert a is not None and not a.has_condition("paralyzed")
    assert b is not None and b.has_condition("restrained")
    assert "Hold Person ends" in webbed.text
    assert concentration_of(webbed.state.spells, "W").spell == "Web"  # type: ignore[union-attr]


def test_outside_an_encounter_ending_the_spell_takes_its_conditions_back() -> None:
    state = dnd_state()
    held = Cast("W", HOLD, target_ids=("A",), saves=(("A", (3,)),)).apply(state).state
    assert held.token("A").has_condition("paralyzed")  # type: ignore[union-attr]
    ended = EndSpell("W").apply(held).state
    assert not ended.token("A").has_condition("paralyzed")  # type: ignore[union-attr]
    assert concentration_of(ended.spells, "W") is None


@pytest.mark.parametrize(
    ("system", "damage", "dc"),
    [("dnd5e-2014", 22, 11), ("dnd5e-2014", 80, 40), ("dnd5e-2024", 80, 30), ("dnd5e-2024", 24, 12)],
)
def test_damage_asks_for_the_concentration_save(system: str, damage: int, dc: int) -> None:
    state = GameState(
        scene_from(
            MAP,
            system,
            W={"spell_dc": 14, "hp": 200, "max_hp": 200, "abilities": (("con", 10),)},
            A={"abilities": (("wis", 10),)},
        )
    )
    held = Cast("W", HOLD, target_ids=("A",), saves=(("A", (3,)),)).apply(state).state
    hurt = ApplyDamage("W", (DamageEntry(damage, "fire"),)).apply(held)
    assert f"a DC {dc} Constitution save keeps Hold Person" in hurt.text
    failed = ConcentrationSave("W", damage, d20=(min(dc - 1, 20),)).apply(hurt.state)  # Con +0: short
    assert concentration_of(failed.state.spells, "W") is None
    assert not failed.state.token("A").has_condition("paralyzed")  # type: ignore[union-attr]
    if dc <= 20:
        kept = ConcentrationSave("W", damage, d20=(dc,)).apply(hurt.state)
        assert concentration_of(kept.state.spells, "W") is not None
    with pytest.raises(Refused):
        ConcentrationSave("W", damage, d20=(21,)).apply(hurt.state)


def test_an_unconscious_caster_stops_concentrating() -> None:
    state = dnd_state()
    held = Cast("W", HOLD, target_ids=("A",), saves=(("A", (3,)),)).apply(state).state
    down = ApplyDamage("W", (DamageEntry(50, "fire"),)).apply(held).state
    assert concentration_of(down.spells, "W") is None
    assert not down.token("A").has_condition("paralyzed")  # type: ignore[union-attr]


def test_pf2e_has_no_concentration_save() -> None:
    state = pf2e_state()
    with pytest.raises(Refused):
        ConcentrationSave("W", 10, d20=(10,)).apply(state)


def test_spells_in_effect_survive_save_and_open() -> None:
    state = dnd_state()
    held = Cast("W", HOLD, target_ids=("A",), saves=(("A", (3,)),)).apply(state).state
    again = state_from_document(state_to_document(held))
    assert not again.problems and again.state.spells == held.spells


# ---------------------------------------------------------------------------------------------- hazards


def fire_trap(**kw: object) -> Hazard:
    ability = Spell(
        "Fire Trap",
        0,
        kind="ability",
        area=SpellArea("sphere", 10),
        save=SpellSave("dex", shares=(("success", "half"),)),
        damage=(DamagePart("3d6", "fire"),),
        dc=13,
    )
    fields = {
        "id": "trap",
        "name": "Fire Trap",
        "ability": ability,
        "cells": (Cell(4, 3),),
        "origin": Point(4, 3),
        "once": True,
    }
    fields.update(kw)
    return Hazard(**fields)  # type: ignore[arg-type]


def test_a_hidden_trap_goes_off_through_the_cast_path_once() -> None:
    state = PlaceHazard(fire_trap()).apply(dnd_state()).state
    assert visible_hazards(state, players=True) == () and len(visible_hazards(state, players=False)) == 1
    assert [h.id for h in entered(state, "A", [Cell(3, 3), Cell(4, 3)])] == ["trap"]
    assert entered(state, "A", [Cell(3, 3), Cell(2, 3)]) == ()
    # A's save (two d20s: 2, 2 — a failure), then the 3d6 (5 + 5 + 5)
    out = TriggerHazard("trap", by="A", rng=ScriptedDice([2, 2, 5, 5, 5])).apply(state)
    assert out.text.startswith("Fire Trap goes off")
    a = out.state.token("A")
    assert a is not None and a.hp == 20 - 15
    spent = out.state.hazard("trap")
    assert spent is not None and not spent.armed and not spent.hidden
    with pytest.raises(Refused, match="spent"):
        TriggerHazard("trap", by="A", rng=random.Random(1)).apply(out.state)
    assert state_from_document(state_to_document(out.state)).state.hazards == out.state.hazards


def test_noticing_shows_a_hazard_and_turn_triggers() -> None:
    state = PlaceHazard(fire_trap(trigger="start", once=False, cells=(Cell(3, 3),))).apply(dnd_state()).state
    assert [h.id for h in standing_on(state, "A", "start")] == ["trap"] and standing_on(
        state, "A", "end"
    ) == ()
    seen = NoticeHazard("trap", who="W").apply(state).state
    assert [h.id for h in visible_hazards(seen, players=True)] == ["trap"]
    target = Spell("Spikes", 0, kind="ability", damage=(DamagePart("1d6", "piercing"),))
    spikes = Hazard("spikes", "Spikes", target, (Cell(3, 3),))
    hurt = TriggerHazard("spikes", by="A", damage=(DamageEntry(4, "piercing"),)).apply(
        PlaceHazard(spikes).apply(seen).state
    )
    assert hurt.state.token("A").hp == 16  # type: ignore[union-attr]


def test_a_spent_recharge_ability_comes_back_on_its_number() -> None:
    from rules.play.recharge import RollRecharge

    breath = Spell(
        "Fire Breath",
        0,
        kind="ability",
        area=SpellArea("cone", 15),
        save=SpellSave("dex"),
        damage=(DamagePart("4d6", "fire"),),
        dc=13,
        uses=SpellUses("recharge", recharge=5),
    )
    state = dnd_state(spells=(breath,))
    used = (
        Cast("W", breath, placement=Placement(origin=Point(4, 3.5), direction=0), rng=random.Random(5))
        .apply(state)
        .state
    )
    assert used.token("W").spell_uses.spent_of("Fire Breath") == 1  # type: ignore[union-attr]
    still = RollRecharge("W", (("Fire Breath", 4),)).apply(used)
    assert still.state.token("W").spell_uses.spent_of("Fire Breath") == 1  # type: ignore[union-attr]
    assert "doesn't recharge (d6 4)" in still.text
    back = RollRecharge("W", (("Fire Breath", 5),)).apply(used)
    assert back.state.token("W").spell_uses.spent_of("Fire Breath") == 0  # type: ignore[union-attr]
    with pytest.raises(Refused):
        RollRecharge("W", (("Fire Breath", 7),)).apply(used)
