"""The turn economies, written from the rule texts (`../shared/rules-sources/`): what a turn gives and what
each act costs, PF2e (Player Core "Actions", l.426; "Basic Actions" l.487–650) and D&D 5e (2014 PHB
"Combat" l.14–100, 2024 "Playing the Game" l.349–386, 493–521)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.geometry.coords import Cell
from rules.model.scene import Attack, Token
from rules.model.turn_ledger import Readied, TurnLedger
from rules.systems import system_for
from rules.systems.dnd5e.economy import ECONOMY_2014, ECONOMY_2024, FeetBudget
from rules.systems.economy import Act, NotAllowed
from rules.systems.pf2e.economy import ECONOMY as PF2E
from rules.systems.pf2e.economy import StrideBudget

SWORD = Attack("shortsword", 5, "1d6+3 piercing", properties=("finesse", "light"))
DAGGER = Attack("dagger", 5, "1d4+3 piercing", properties=("finesse", "light", "thrown"))
LONGSWORD = Attack("longsword", 5, "1d8+3 slashing", properties=("versatile",))
BOW = Attack("shortbow", 5, "1d6+3 piercing", range=(80, 320))


def tok(**fields: object) -> Token:
    return Token("a", Cell(0, 0), **fields)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------------ PF2e


def test_pf2e_a_turn_gives_three_actions_and_a_reaction() -> None:
    """「アクション3つとリアクション1つを回復する」; quickened +1, slowed N −N; a creature that can't act
    regains none (l.1057)."""
    assert (PF2E.fresh(tok()).actions, PF2E.fresh(tok()).reactions) == (3, 1)
    assert PF2E.fresh(tok(conditions=("quickened",))).actions == 4
    assert PF2E.fresh(tok(conditions=("slowed 1",))).actions == 2
    out = PF2E.fresh(tok(conditions=("unconscious",)))
    assert (out.actions, out.reactions) == (0, 0)


@pytest.mark.parametrize(
    "kind",
    ["stride", "step", "stand", "drop-prone", "take-cover", "raise-shield", "hide", "seek", "prepare-aid"],
)
def test_pf2e_basic_actions_take_one_action(kind: str) -> None:
    after = PF2E.spend(PF2E.fresh(tok()), tok(), Act(kind))
    assert after.actions == 2 and after.actions_used == 1 and after.used == (kind,)


def test_pf2e_ready_takes_two_actions_and_a_spell_its_own() -> None:
    ledger = PF2E.spend(PF2E.fresh(tok()), tok(), Act("ready"))
    assert ledger.actions == 1
    with pytest.raises(NotAllowed, match="1 action left and Fireball takes 2 actions"):
        PF2E.spend(ledger, tok(), Act("cast", actions=2, name="Fireball"))
    assert PF2E.spend(PF2E.fresh(tok()), tok(), Act("cast", actions=3)).actions == 0


def test_pf2e_delay_only_before_the_creature_has_done_anything() -> None:
    """Delay's trigger is 「君のターンが開始される」 (l.508)."""
    fresh = PF2E.fresh(tok())
    assert PF2E.spend(fresh, tok(), Act("delay")).actions == 3
    moved = PF2E.moved(fresh, tok(), 5, 0, 1)
    with pytest.raises(NotAllowed, match="Delay"):
        PF2E.spend(moved, tok(), Act("delay"))


def test_pf2e_attack_trait_actions_count_toward_the_multiple_attack_penalty() -> None:
    ledger = PF2E.spend(PF2E.fresh(tok()), tok(), Act("strike"))
    ledger = PF2E.spend(ledger, tok(), Act("maneuver", attack_trait=True))  # Trip
    ledger = PF2E.spend(ledger, tok(), Act("escape"))
    assert ledger.attacks == 3 and ledger.actions == 0
    tumble = PF2E.spend(PF2E.fresh(tok()), tok(), Act("maneuver", attack_trait=False))
    assert tumble.attacks == 0 and tumble.actions == 2


@pytest.mark.parametrize("kind", ["dash", "disengage", "dodge", "help", "offhand"])
def test_pf2e_refuses_5e_actions_in_words(kind: str) -> None:
    with pytest.raises(NotAllowed, match="5e"):
        PF2E.spend(PF2E.fresh(tok()), tok(), Act(kind))


def test_pf2e_one_reaction_and_a_striking_reaction_needs_reactive_strike_or_a_readied_strike() -> None:
    plain = tok()
    with pytest.raises(NotAllowed, match="no reaction that makes a Strike"):
        PF2E.react(PF2E.fresh(plain), plain, Act("strike"))
    readied = replace(PF2E.fresh(plain), readied=Readied("x moves", "strike", 2))
    used = PF2E.react(readied, plain, Act("strike"))
    assert used.reactions == 0 and used.readied is None
    guard = tok(reactions=("Reactive Strike",))
    once = PF2E.react(PF2E.fresh(guard), guard, Act("strike"))
    with pytest.raises(NotAllowed, match="one reaction a round"):
        PF2E.react(once, guard, Act("strike"))
    assert PF2E.react(PF2E.fresh(plain), plain).reactions == 0  # Aid: any reaction


def test_pf2e_up_and_down_need_a_fly_or_climb_speed() -> None:
    with pytest.raises(NotAllowed, match="no fly or climb Speed"):
        PF2E.spend(PF2E.fresh(tok()), tok(), Act("up"))
    flyer = tok(speeds=(("fly", 30),))
    assert PF2E.spend(PF2E.fresh(flyer), flyer, Act("up")).used == ("fly",)


def test_pf2e_strides_are_numbered_after_the_actions_used() -> None:
    ledger = PF2E.spend(PF2E.fresh(tok()), tok(), Act("raise-shield"))
    budget = PF2E.budget(ledger, tok())
    assert isinstance(budget, StrideBudget)
    assert budget.bands([5] * 6) == ((2, 2, 2, 2, 2, 3), 2)
    assert budget.capped(1).bands([5] * 6) == ((2, 2, 2, 2, 2, 0), 2)  # one Stride: the 6th square is past it


def test_pf2e_remaining_words() -> None:
    ledger = PF2E.spend(PF2E.fresh(tok()), tok(), Act("ready"))
    assert PF2E.remaining(ledger, tok()) == {"actions": 1, "reaction": True}
    assert PF2E.remaining_text(ledger, tok()) == "1 action left · reaction ready"


# --------------------------------------------------------------------------------------------------- 5e


def test_5e_a_turn_gives_movement_an_action_a_bonus_action_and_a_reaction() -> None:
    """2014 l.14 / 2024 l.493: movement equal to the Speed and one action; one bonus action (l.19); one
    reaction (l.50). Incapacitated: nothing; grappled: no movement."""
    fresh = ECONOMY_2014.fresh(tok(speed=30))
    assert (fresh.actions, fresh.bonus_actions, fresh.movement, fresh.reactions) == (1, 1, 30, 1)
    out = ECONOMY_2014.fresh(tok(speed=30, conditions=("unconscious",)))
    assert (out.actions, out.bonus_actions, out.reactions) == (0, 0, 0)
    assert ECONOMY_2024.fresh(tok(speed=30, conditions=("grappled",))).movement == 0
    assert ECONOMY_2014.fresh(tok(speed=30, exhaustion=2)).movement == 15  # 2014 exhaustion 2: speed halved


def test_5e_the_attack_action_makes_attacks_per_action_attacks() -> None:
    """l.88–90: the Attack action makes one attack; Extra Attack makes more within the same action."""
    fighter = tok(attacks_per_action=2, attacks=(SWORD, LONGSWORD))
    ledger = ECONOMY_2014.spend(ECONOMY_2014.fresh(fighter), fighter, Act("strike", attack=LONGSWORD))
    assert (ledger.actions, ledger.attacks_left, ledger.attacks) == (0, 1, 1)
    ledger = ECONOMY_2014.spend(ledger, fighter, Act("strike", attack=SWORD))
    assert (ledger.attacks_left, ledger.attacks) == (0, 2)
    with pytest.raises(NotAllowed, match="gave 2 attacks"):
        ECONOMY_2014.spend(ledger, fighter, Act("strike", attack=SWORD))
    with pytest.raises(NotAllowed, match="already used its action"):
        ECONOMY_2014.spend(ledger, fighter, Act("dash"))


def test_5e_a_grapple_or_shove_takes_the_place_of_an_attack() -> None:
    fighter = tok(attacks_per_action=2)
    ledger = ECONOMY_2014.spend(ECONOMY_2014.fresh(fighter), fighter, Act("maneuver"))
    assert ledger.attacks_left == 1
    escape = ECONOMY_2014.spend(ECONOMY_2014.fresh(fighter), fighter, Act("escape"))
    assert escape.actions == 0 and escape.attacks_left == 0


@pytest.mark.parametrize("economy", [ECONOMY_2014, ECONOMY_2024])
def test_5e_two_weapon_fighting(economy: object) -> None:
    """l.128: after the Attack action with a light melee weapon, a bonus action attack with a different
    light melee weapon."""
    assert isinstance(economy, type(ECONOMY_2014))
    t = tok(attacks=(SWORD, DAGGER, LONGSWORD, BOW))
    fresh = economy.fresh(t)
    with pytest.raises(NotAllowed, match="hasn't taken the Attack action"):
        economy.spend(fresh, t, Act("offhand", attack=DAGGER))
    heavy = economy.spend(fresh, t, Act("strike", attack=LONGSWORD))
    with pytest.raises(NotAllowed, match="hasn't taken the Attack action with a light melee weapon"):
        economy.spend(heavy, t, Act("offhand", attack=DAGGER))
    light = economy.spend(fresh, t, Act("strike", attack=SWORD))
    with pytest.raises(NotAllowed, match="not a light melee weapon"):
        economy.spend(light, t, Act("offhand", attack=LONGSWORD))
    with pytest.raises(NotAllowed, match="not a light melee weapon"):
        economy.spend(light, t, Act("offhand", attack=BOW))
    with pytest.raises(NotAllowed, match="different light melee weapon"):
        economy.spend(light, t, Act("offhand", attack=SWORD))
    both = economy.spend(light, t, Act("offhand", attack=DAGGER))
    assert (both.bonus_actions, both.attacks) == (0, 2)
    with pytest.raises(NotAllowed, match="bonus action"):
        economy.spend(both, t, Act("offhand", attack=DAGGER))


def test_5e_dash_adds_the_speed_and_stand_costs_half() -> None:
    """Dash (l.97): extra movement equal to the speed; standing up (l.62): half the speed of movement, not
    possible with less left or a speed of 0."""
    t = tok(speed=30)
    dashed = ECONOMY_2014.spend(ECONOMY_2014.fresh(t), t, Act("dash"))
    assert dashed.movement == 60 and dashed.actions == 0
    stood = ECONOMY_2024.spend(ECONOMY_2024.fresh(t), t, Act("stand"))
    assert stood.movement_left == 15 and stood.actions == 1
    low = replace(ECONOMY_2014.fresh(t), movement_spent=20)
    with pytest.raises(NotAllowed, match="half its Speed"):
        ECONOMY_2014.spend(low, t, Act("stand"))


def test_5e_dropping_prone_is_free_but_not_at_speed_0_in_2024() -> None:
    t = tok(speed=30)
    assert ECONOMY_2014.spend(ECONOMY_2014.fresh(t), t, Act("drop-prone")).actions == 1
    stuck = tok(speed=30, conditions=("grappled",))
    assert ECONOMY_2014.spend(ECONOMY_2014.fresh(stuck), stuck, Act("drop-prone")).actions == 1
    with pytest.raises(NotAllowed, match="Speed of 0"):
        ECONOMY_2024.spend(ECONOMY_2024.fresh(stuck), stuck, Act("drop-prone"))


@pytest.mark.parametrize("kind", ["dash", "disengage", "dodge", "help", "hide", "seek", "ready"])
def test_5e_actions_take_the_action(kind: str) -> None:
    after = ECONOMY_2014.spend(ECONOMY_2014.fresh(tok()), tok(), Act(kind))
    assert after.actions == 0
    with pytest.raises(NotAllowed, match="already used its action"):
        ECONOMY_2014.spend(after, tok(), Act(kind))


@pytest.mark.parametrize("kind", ["step", "take-cover", "raise-shield", "prepare-aid", "delay"])
def test_5e_refuses_pf2e_actions_in_words(kind: str) -> None:
    with pytest.raises(NotAllowed, match="PF2e"):
        ECONOMY_2024.spend(ECONOMY_2024.fresh(tok()), tok(), Act(kind))


def test_5e_2014_a_bonus_action_spell_leaves_only_a_one_action_cantrip() -> None:
    """2014 "Bonus Action" casting time: after a bonus-action spell, only a cantrip with a casting time of
    1 action; and the other way round."""
    t = tok()
    healing_word = Act("cast", casting_time="bonus", spell_level=1, name="Healing Word")
    after = ECONOMY_2014.spend(ECONOMY_2014.fresh(t), t, healing_word)
    with pytest.raises(NotAllowed, match="only a cantrip"):
        ECONOMY_2014.spend(after, t, Act("cast", casting_time="action", spell_level=1))
    assert ECONOMY_2014.spend(after, t, Act("cast", casting_time="action", spell_level=0)).actions == 0
    fire_bolt_first = ECONOMY_2014.spend(ECONOMY_2014.fresh(t), t, Act("cast", spell_level=0))
    assert ECONOMY_2014.spend(fire_bolt_first, t, healing_word).bonus_actions == 0
    missile_first = ECONOMY_2014.spend(ECONOMY_2014.fresh(t), t, Act("cast", spell_level=1))
    with pytest.raises(NotAllowed, match="can't also cast a spell with its bonus action"):
        ECONOMY_2014.spend(missile_first, t, healing_word)


def test_5e_2024_one_spell_slot_a_turn() -> None:
    t = tok()
    first = ECONOMY_2024.spend(ECONOMY_2024.fresh(t), t, Act("cast", casting_time="bonus", spell_level=1))
    with pytest.raises(NotAllowed, match="one spell with a spell slot per turn"):
        ECONOMY_2024.spend(first, t, Act("cast", casting_time="action", spell_level=3))
    assert ECONOMY_2024.spend(first, t, Act("cast", casting_time="action", spell_level=0)).actions == 0
    with pytest.raises(NotAllowed, match="more than a turn"):
        ECONOMY_2024.spend(ECONOMY_2024.fresh(t), t, Act("cast", casting_time="1 minute"))


def test_5e_one_reaction_until_the_next_turn() -> None:
    once = ECONOMY_2014.react(ECONOMY_2014.fresh(tok()), tok())
    with pytest.raises(NotAllowed, match="start of its next turn"):
        ECONOMY_2014.react(once, tok())


def test_5e_movement_budget_counts_the_dash_and_other_speeds() -> None:
    t = tok(speed=30, speeds=(("fly", 60),))
    budget = ECONOMY_2014.budget(ECONOMY_2014.fresh(t), t)
    assert isinstance(budget, FeetBudget) and (budget.limit, budget.move_left) == (60, 30)
    assert budget.capped(0).feet_left == 30  # no Dash for this move
    flying = ECONOMY_2014.budget(replace(ECONOMY_2014.fresh(t), movement_spent=20), t, "fly")
    assert flying.move_left == 40  # 60 ft of fly speed less the 20 ft already moved (l.56)
    moved = ECONOMY_2014.moved(ECONOMY_2014.fresh(t), t, 40, 0, 1)  # a move that took the Dash
    assert (moved.actions, moved.movement, moved.movement_left) == (0, 60, 20)


def test_the_systems_offer_their_economy() -> None:
    assert system_for("pf2e").economy is PF2E
    assert system_for("dnd5e-2014").economy is ECONOMY_2014
    assert system_for("dnd5e-2024").economy is ECONOMY_2024
    assert PF2E.move_actions == 1 and ECONOMY_2014.move_actions == 0
    assert PF2E.ready_ends_turn and not ECONOMY_2024.ready_ends_turn


def test_a_ledger_knows_what_was_done() -> None:
    ledger = TurnLedger("a").noting("dash")
    assert ledger.did("dash") and ledger.acted and not TurnLedger("a").acted
