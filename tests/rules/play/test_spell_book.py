"""A caster's spell list (rules/play/spell_book.py), the concentration saves a step calls for, the hazards a
step sets off, and the spell template on the player projection.

From the rules: a 5e spell is cast with a slot of its level or higher (PHB "Casting a Spell at a Higher
Level"), a PF2e spell heightened to a higher rank (Player Core "Heightened Spells"); a cantrip scales with
the caster (5e ×2 dice at 5th level) or is cast at half the caster's level rounded up (PF2e); a spent
Recharge 5–6 ability waits for its d6; damage to a concentrating creature calls for a Constitution save of
DC 10 or half the damage.
"""

from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.geometry.areas import AreaSpec
from rules.geometry.coords import Cell, Point
from rules.model.active_spells import Hazard
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
from rules.play.concentration import concentration_checks
from rules.play.hazards import NoticeHazard, PlaceHazard, set_off
from rules.play.moves import MoveToken
from rules.play.projection import Template, player_projection
from rules.play.spell_book import (
    GiveSpells,
    RemoveSpell,
    RestoreUses,
    SetSpellUses,
    SustainSpell,
    kept_up,
    spell_book,
)
from rules.play.spell_resolution import Placement
from rules.play.table import ApplyDamage
from rules.play.turns import NextTurn, PreviousTurn, start_encounter
from rules.systems.damage import DamageEntry
from tests.rules.play.helpers import scene_from

MAP = """
W . . . . . . .
. . . . . . . .
. . . A . . B .
. . . . . . . .
"""
FIREBALL = Spell(
    "Fireball",
    3,
    range=150,
    area=SpellArea("sphere", 20),
    save=SpellSave("dex"),
    damage=(DamagePart("8d6", "fire"),),
    heighten=Heighten(every=1, damage=(DamagePart("1d6", "fire"),)),
)
FIRE_BOLT = Spell("Fire Bolt", 0, range=120, attack=True, damage=(DamagePart("1d10", "fire"),))
BREATH = Spell(
    "Fire Breath",
    0,
    kind="ability",
    area=SpellArea("cone", 15),
    save=SpellSave("dex"),
    damage=(DamagePart("4d6", "fire"),),
    dc=13,
    uses=SpellUses("recharge", recharge=5),
)
HOLD = Spell(
    "Hold Person",
    2,
    range=60,
    save=SpellSave("wis", shares=(("success", "none"),)),
    effects=(("failure", (SpellEffect("paralyzed", Lasting("save", save="Wisdom save")),)),),
    concentration=True,
    duration=Lasting("rounds", 10),
)


def wizard(system: str = "dnd5e-2014", **caster: object) -> GameState:
    fields: dict[str, object] = {
        "spell_dc": 15,
        "spell_attack": 7,
        "level": 5,
        "side": "party",
        "hp": 30,
        "max_hp": 30,
        "abilities": (("con", 14),),
        "spells": (FIREBALL, FIRE_BOLT, BREATH, HOLD),
        "spell_uses": SpellUsesLeft(slots=((1, 4, 0), (2, 3, 0), (3, 2, 1))),
    }
    fields.update(caster)
    abilities = {"abilities": (("wis", 10), ("dex", 10))}
    return GameState(scene_from(MAP, system, W=fields, A=dict(abilities), B=dict(abilities)))


def test_the_list_offers_every_slot_level_with_the_heightened_damage_and_the_slots_left() -> None:
    rows = {r.name: r for r in spell_book(wizard(), "W")}
    fireball = rows["Fireball"]
    assert [c.level for c in fireball.levels] == [3]  # the wizard's highest slot is level 3
    assert fireball.default is not None and "8d6 fire" in fireball.default.summary
    assert fireball.default.uses == "1 of 2 level 3 slots left" and fireball.default.available
    bigger = wizard(spell_uses=SpellUsesLeft(slots=((3, 2, 2), (4, 1, 0), (5, 1, 0))))
    fireball = {r.name: r for r in spell_book(bigger, "W")}["Fireball"]
    assert [c.level for c in fireball.levels] == [3, 4, 5]
    assert [c.label for c in fireball.levels] == ["Level 3", "Level 4", "Level 5"]
    assert "10d6 fire" in fireball.levels[2].summary
    assert not fireball.levels[0].available and "no level 3 spell slot" in fireball.levels[0].why_not
    assert fireball.levels[1].available


def test_without_tracked_slots_a_spell_goes_up_to_the_systems_highest_level() -> None:
    state = wizard(spell_uses=SpellUsesLeft())
    fireball = {r.name: r for r in spell_book(state, "W")}["Fireball"]
    assert [c.level for c in fireball.levels] == list(range(3, 10))
    pf2e = GameState(
        scene_from(
            MAP, "pf2e", W={"spell_dc": 20, "level": 5, "spells": (FIREBALL.__class__("Fireball", 3),)}
        )
    )
    assert [c.level for c in spell_book(pf2e, "W")[0].levels] == list(range(3, 11))
    assert spell_book(pf2e, "W")[0].levels[0].label == "Rank 3"


def test_cantrips_scale_and_abilities_keep_their_level() -> None:
    rows = {r.name: r for r in spell_book(wizard(), "W")}
    bolt = rows["Fire Bolt"]
    assert bolt.level_label == "Cantrip" and [c.level for c in bolt.levels] == [0]
    assert "2d10 fire" in bolt.levels[0].summary  # 5th level: two dice
    breath = rows["Fire Breath"]
    assert breath.level_label == "Ability" and breath.levels[0].uses == "Recharge 5–6: ready"
    pf2e = GameState(
        scene_from(
            MAP,
            "pf2e",
            W={"spell_attack": 10, "level": 7, "spells": (Spell("Ignition", 0, range=30, attack=True),)},
        )
    )
    ignition = spell_book(pf2e, "W")[0]
    assert ignition.level_label == "Cantrip (rank 4)" and [c.level for c in ignition.levels] == [4]


def test_uses_spent_show_in_the_list() -> None:
    state = wizard()
    used = (
        Cast("W", BREATH, placement=Placement(origin=Point(1, 0.5), direction=0), rng=ScriptedDice([5] * 20))
        .apply(state)
        .state
    )
    breath = {r.name: r for r in spell_book(used, "W")}["Fire Breath"]
    assert breath.spent_recharge and not breath.available
    assert breath.levels[0].uses == "Recharge 5–6: spent" and "hasn't recharged" in breath.levels[0].why_not
    restored = RestoreUses("W").apply(used).state
    w = restored.token("W")
    assert w is not None and w.spell_uses.slots_left(3) == 2 and not w.spell_uses.spent_of("Fire Breath")


def test_a_spell_without_the_casters_dc_says_so() -> None:
    state = wizard(spell_dc=None)
    fireball = {r.name: r for r in spell_book(state, "W")}["Fireball"]
    assert not fireball.available and "no spell DC" in fireball.problem
    with pytest.raises(Exception, match="unknown token"):
        spell_book(state, "nobody")


def test_giving_removing_and_setting_uses_are_logged_steps() -> None:
    state = wizard(spells=())
    given = GiveSpells("W", (FIREBALL, HOLD)).apply(state)
    assert "W now has Fireball, Hold Person" in given.text
    assert [s.name for s in given.state.token("W").spells] == ["Fireball", "Hold Person"]  # type: ignore[union-attr]
    again = GiveSpells("W", (FIREBALL,)).apply(given.state).state
    assert [s.name for s in again.token("W").spells] == ["Hold Person", "Fireball"]  # type: ignore[union-attr]
    gone = RemoveSpell("W", "fireball").apply(again).state
    assert [s.name for s in gone.token("W").spells] == ["Hold Person"]  # type: ignore[union-attr]
    with pytest.raises(Refused):
        RemoveSpell("W", "Fireball").apply(gone)
    uses = SpellUsesLeft(slots=((1, 2, 1),), focus=(2, 0))
    set_ = SetSpellUses("W", uses).apply(gone)
    assert set_.state.token("W").spell_uses == uses  # type: ignore[union-attr]


def test_concentration_and_sustained_spells_are_kept_up_and_can_be_sustained() -> None:
    state, _ = start_encounter(wizard(), ScriptedDice([]), rolls={"W": 20, "A": 10, "B": 5})
    held = Cast("W", HOLD, target_ids=("A",), saves=(("A", (3,)),)).apply(state).state
    (up,) = kept_up(held, "W")
    assert up.active.concentration and up.text == "W is concentrating on Hold Person" and not up.sustainable
    pf2e = GameState(
        scene_from(
            MAP,
            "pf2e",
            W={"spell_dc": 20, "level": 5},
            A={"saves": (("will", 2), ("fortitude", 2), ("reflex", 2))},
        )
    )
    pf2e, _ = start_encounter(pf2e, ScriptedDice([]), rolls={"W": 20, "A": 10, "B": 5})
    fear = Spell(
        "Glare",
        1,
        range=30,
        save=SpellSave("will"),
        effects=(("failure", (SpellEffect("frightened 1"),)),),
        sustained=True,
        duration=Lasting("rounds", 10),
    )
    cast = Cast("W", fear, target_ids=("A",), saves=(("A", (12,)),)).apply(pf2e).state
    (up,) = kept_up(cast, "W")
    assert up.sustainable and "sustaining Glare" in up.text
    sustained = SustainSpell("W", "Glare").apply(cast)
    assert "W sustains Glare" in sustained.text
    assert sustained.state.encounter is not None and all(e.sustained for e in sustained.state.encounter.timed)
    with pytest.raises(Refused):
        SustainSpell("W", "Fireball").apply(cast)


def test_the_concentration_saves_a_step_calls_for() -> None:
    held = Cast("W", HOLD, target_ids=("A",), saves=(("A", (3,)),)).apply(wizard()).state
    hurt = ApplyDamage("W", (DamageEntry(24, "fire"),)).apply(held).state
    (check,) = concentration_checks(held, hurt)
    assert (check.token_id, check.spell, check.damage, check.dc) == ("W", "Hold Person", 24, 12)
    assert concentration_checks(held, held) == ()
    other = ApplyDamage("A", (DamageEntry(5, "fire"),)).apply(held).state
    assert concentration_checks(held, other) == ()


def trap(trigger: str = "enter") -> Hazard:
    spikes = Spell("Spikes", 0, kind="ability", damage=(DamagePart("1d6", "piercing"),))
    return Hazard("spikes", "Spike Pit", spikes, (Cell(4, 2),), trigger=trigger)


def test_a_move_into_a_hazard_sets_it_off_and_a_free_move_does_not() -> None:
    state = PlaceHazard(trap()).apply(wizard()).state
    move = MoveToken("A", (Cell(4, 2), Cell(5, 2)))
    out = move.apply(state)
    (trigger,) = set_off(state, out.state, move, out.detail)
    assert (trigger.hazard_id, trigger.token_id, trigger.moment) == ("spikes", "A", "enter")
    assert trigger.text(out.state) == "A enters Spike Pit"
    free = MoveToken("A", (Cell(5, 2),), free=True)
    assert set_off(state, free.apply(state).state, free, None) == ()
    away = MoveToken("A", (Cell(2, 2),))
    assert set_off(state, away.apply(state).state, away, away.apply(state).detail) == ()


def test_turns_set_off_start_and_end_hazards_and_going_back_does_not() -> None:
    state = PlaceHazard(trap("start")).apply(wizard()).state
    state = (
        PlaceHazard(Hazard("burn", "Embers", trap().ability, (Cell(0, 0),), trigger="end")).apply(state).state
    )
    state, _ = start_encounter(state, ScriptedDice([]), rolls={"W": 20, "A": 10, "B": 5})
    step = NextTurn()
    out = step.apply(state)
    found = {(t.hazard_id, t.token_id, t.moment) for t in set_off(state, out.state, step, out.detail)}
    assert found == {("burn", "W", "end"), ("spikes", "A", "start")} or found == {("burn", "W", "end")}
    back = PreviousTurn()
    assert set_off(out.state, back.apply(out.state).state, back, None) == ()


def test_the_player_projection_shows_the_template_and_only_noticed_hazards() -> None:
    state = PlaceHazard(trap()).apply(wizard()).state
    template = Template(AreaSpec("sphere", 10, origin=Point(4, 2)), "Fireball")
    view = player_projection(state, template)
    assert view.template is not None and view.template.label == "Fireball" and not view.template.cast
    assert Cell(4, 2) in view.template.cells and len(view.template.cells) > 4
    assert view.hazards == ()  # hidden until noticed
    assert player_projection(state).template is None
    seen = NoticeHazard("spikes").apply(state).state
    view = player_projection(seen, Template(template.spec, "Fireball", cast=True))
    assert [h.name for h in view.hazards] == ["Spike Pit"] and view.hazards[0].cells == (Cell(4, 2),)
    assert view.template is not None and view.template.cast
    doc = view.to_json()
    assert doc["template"]["label"] == "Fireball" and doc["hazards"][0]["name"] == "Spike Pit"
