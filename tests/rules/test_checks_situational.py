"""Situational modifiers from the GM on attacks: PF2e typed bonuses re-stacked, 5e extra advantage sources."""

from __future__ import annotations

from rules.geometry.coords import Cell
from rules.model.scene import Attack, Token
from rules.systems.dnd5e.advantage import ADVANTAGE, DISADVANTAGE, Reason
from rules.systems.dnd5e.attack import attack_roll, with_extra_reasons
from rules.systems.dnd5e.editions import DND5E_2014
from rules.systems.modifiers import Modifier
from rules.systems.pf2e.strike import strike, with_situational

SWORD = Attack("longsword", 10, "1d8+4 slashing")


def tok(tid: str, *conditions: str, ac: int = 20) -> Token:
    return Token(tid, Cell(0, 0), ac=ac, conditions=conditions)


def test_pf2e_situational_bonus_is_stacked_and_changes_the_degree() -> None:
    base = strike(tok("a", "frightened 1"), tok("t"), SWORD, 10)
    assert base.total == 19 and base.degree == "failure"
    bless = Modifier("bless", "status", 1, "GM")
    aid = Modifier("Aid", "circumstance", 1, "GM")
    r = with_situational(base, SWORD, [bless, aid])
    # status: +1 bless and −1 frightened both apply (a bonus and a penalty); circumstance +1
    assert r.total == 21 and r.degree == "success" and r.damage_formula == "1d8+4"
    shield = Modifier("Raise a Shield", "circumstance", 2, "GM")
    assert with_situational(base, SWORD, [bless, aid], [shield]).ac == 22


def test_5e_gm_advantage_cancels_with_a_condition() -> None:
    attacker, target = tok("a", "poisoned"), tok("t", ac=15)
    sword = Attack("longsword", 5, "1d8+3")
    base = attack_roll(
        attacker,
        target,
        sword,
        [4, 16],
        edition=DND5E_2014,
        reasons=[Reason(DISADVANTAGE, "attacker is poisoned")],
    )
    assert base.mode == "disadvantage" and not base.hit
    helped = with_extra_reasons(
        base, attacker, target, sword, [Reason(ADVANTAGE, "Help")], edition=DND5E_2014, distance=5
    )
    assert helped.mode == "normal" and helped.d20_used == 4
    alone = attack_roll(tok("a"), target, sword, [4, 16], edition=DND5E_2014)
    adv = with_extra_reasons(
        alone, tok("a"), target, sword, [Reason(ADVANTAGE, "Help")], edition=DND5E_2014, distance=5
    )
    assert adv.mode == "advantage" and adv.hit and adv.total == 21
