"""The systems' casting decisions (`RuleSystem.casting`), from the rule texts.

PF2e Player Core: a cantrip "is automatically heightened to half your level rounded up"; a basic save deals
"no damage on a critical success, half on a success, full on a failure, double on a critical failure".
5e PHB: "you can cast it using a slot of that level or higher"; a cantrip is cast without a slot;
concentration: "the DC equals 10 or half the damage you take, whichever number is higher" (2024: "up to a
maximum DC of 30").
"""

from __future__ import annotations

import pytest

from rules.geometry.coords import Cell
from rules.model.scene import Token
from rules.model.spell import DamagePart, Spell, SpellSave
from rules.systems import system_for
from rules.systems.casting import CastRefused
from rules.systems.damage import DamageEntry

PF2E = system_for("pf2e").casting
D14 = system_for("dnd5e-2014").casting
D24 = system_for("dnd5e-2024").casting


def caster(level: int | None = None) -> Token:
    return Token("c", Cell(0, 0), level=level)


def target(**kw: object) -> Token:
    return Token("t", Cell(1, 1), hp=50, max_hp=50, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(("level", "rank"), [(None, 1), (1, 1), (2, 1), (3, 2), (9, 5), (10, 5), (20, 10)])
def test_a_pf2e_cantrip_is_cast_at_half_the_casters_level_rounded_up(level: int | None, rank: int) -> None:
    cantrip = Spell("Electric Arc", 0, damage=(DamagePart("2d4", "electricity"),))
    assert PF2E.cast_level(cantrip, None, caster(level)) == rank


def test_a_pf2e_spell_is_cast_at_its_rank_or_higher() -> None:
    fireball = Spell("Fireball", 3)
    assert PF2E.cast_level(fireball, None, caster(9)) == 3
    assert PF2E.cast_level(fireball, 5, caster(9)) == 5
    with pytest.raises(CastRefused):
        PF2E.cast_level(fireball, 2, caster(9))
    with pytest.raises(CastRefused):
        PF2E.cast_level(fireball, 11, caster(9))


def test_a_5e_spell_takes_a_slot_of_its_level_or_higher_and_a_cantrip_none() -> None:
    fireball = Spell("Fireball", 3)
    assert D14.cast_level(fireball, None, caster()) == 3
    assert D24.cast_level(fireball, 9, caster()) == 9
    for bad in (2, 10):
        with pytest.raises(CastRefused):
            D14.cast_level(fireball, bad, caster())
    bolt = Spell("Fire Bolt", 0)
    assert D14.cast_level(bolt, None, caster(11)) == 0
    with pytest.raises(CastRefused):
        D14.cast_level(bolt, 1, caster(11))


def test_an_ability_never_heightens() -> None:
    breath = Spell("Fire Breath", 0, kind="ability", damage=(DamagePart("18d6", "fire"),))
    assert D14.cast_level(breath, None, caster(20)) == 0
    assert D14.form(breath, 0, caster(20)).damage == breath.damage
    with pytest.raises(CastRefused):
        PF2E.cast_level(breath, 3, caster(20))


def test_forms_scale_cantrips_per_system() -> None:
    bolt = Spell("Fire Bolt", 0, damage=(DamagePart("1d10", "fire"),))
    assert D24.form(bolt, 0, caster(11)).damage == (DamagePart("3d10", "fire"),)
    assert PF2E.form(bolt, 3, caster(5)).damage == (DamagePart("1d10", "fire"),)


def test_costs() -> None:
    assert PF2E.cost(Spell("X", 1)).text == "2 actions"
    assert PF2E.cost(Spell("Heal", 1, actions=1, actions_max=3)).text == "1 to 3 actions"
    assert D14.cost(Spell("X", 1)).text == "an action"
    assert D14.cost(Spell("Shield", 1, casting_time="reaction")).text == "a reaction"


@pytest.mark.parametrize(
    ("d20", "degree", "share", "damage"),
    [
        (20, "critical-success", "none", 0),
        (12, "success", "half", 10),
        (5, "failure", "full", 20),
        (1, "critical-failure", "double", 40),
    ],
)
def test_pf2e_basic_save_scales_by_degree(d20: int, degree: str, share: str, damage: int) -> None:
    spell = Spell("Fireball", 3, save=SpellSave("reflex", basic=True), damage=(DamagePart("6d6", "fire"),))
    t = target(saves=(("reflex", 6),))
    roll = PF2E.save(None, t, spell, 18, (d20,))  # type: ignore[arg-type]
    assert (roll.outcome, roll.share) == (degree, share)
    outcome, _after = PF2E.damage(t, [DamageEntry(20, "fire")], roll)
    assert outcome.total == damage


@pytest.mark.parametrize(("d20", "share"), [(20, "none"), (12, "none"), (5, "full"), (1, "double")])
def test_pf2e_non_basic_save_deals_the_roll_on_a_failure_double_on_a_critical_failure(
    d20: int, share: str
) -> None:
    spell = Spell("Chilling Spray", 1, save=SpellSave("reflex"), damage=(DamagePart("2d4", "cold"),))
    roll = PF2E.save(None, target(saves=(("reflex", 6),)), spell, 18, (d20,))  # type: ignore[arg-type]
    assert roll.share == share


def test_a_spell_may_say_what_a_success_deals() -> None:
    spell = Spell("Chilling Spray", 1, save=SpellSave("reflex", shares=(("success", "half"),)))
    roll = PF2E.save(None, target(saves=(("reflex", 6),)), spell, 18, (12,))  # type: ignore[arg-type]
    assert roll.share == "half"


def test_pf2e_cover_helps_reflex_saves_only_from_standard_up() -> None:
    assert [PF2E.cover_bonus(d) for d in ("none", "lesser", "standard", "greater")] == [0, 0, 2, 4]
    spell = Spell("Fireball", 3, save=SpellSave("reflex", basic=True))
    t = target(saves=(("reflex", 6),))
    assert PF2E.save(None, t, spell, 18, (10,), cover="standard").total == 18  # type: ignore[arg-type]
    will = Spell("Fear", 1, save=SpellSave("will"))
    assert PF2E.save(None, target(saves=(("will", 6),)), will, 18, (10,), cover="greater").total == 16  # type: ignore[arg-type]


def test_5e_save_success_halves_or_avoids_per_the_spell() -> None:
    half = Spell("Fireball", 3, save=SpellSave("dex", shares=(("success", "half"),)))
    none = Spell("Sacred Flame", 0, save=SpellSave("dex", shares=(("success", "none"),)), ignores_cover=True)
    t = target(abilities=(("dex", 14),))
    assert D14.save(None, t, half, 15, (13,)).share == "half"  # type: ignore[arg-type]
    assert D14.save(None, t, half, 15, (12,)).share == "full"  # type: ignore[arg-type]
    assert D14.save(None, t, none, 15, (13,)).share == "none"  # type: ignore[arg-type]
    # three-quarters cover +5 to the Dex save, except against a spell that ignores cover
    assert D14.save(None, t, half, 15, (8,), cover="three-quarters").total == 15  # type: ignore[arg-type]
    assert D14.save(None, t, none, 15, (8,), cover="three-quarters").total == 10  # type: ignore[arg-type]


def test_5e_damage_shares() -> None:
    t = target()
    entries = [DamageEntry(27, "fire")]
    for share, total in (("full", 27), ("half", 13), ("none", 0)):
        roll = D14.unrolled(Spell("X", 1))
        roll = type(roll)(roll.outcome, share)
        assert D14.damage(t, entries, roll)[0].total == total


@pytest.mark.parametrize(
    ("damage", "dc14", "dc24"),
    [(1, 10, 10), (21, 10, 10), (22, 11, 11), (59, 29, 29), (80, 40, 30), (200, 100, 30)],
)
def test_concentration_dc_is_ten_or_half_the_damage_2024_capped_at_30(
    damage: int, dc14: int, dc24: int
) -> None:
    assert D14.concentration_dc(damage) == dc14
    assert D24.concentration_dc(damage) == dc24
    assert PF2E.concentration_dc(damage) is None
