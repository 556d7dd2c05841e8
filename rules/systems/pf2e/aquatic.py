"""PF2e aquatic combat (Player Core 437 「水中戦闘」): underwater, a creature without a swim Speed is
off-guard; slashing or bludgeoning melee attacks take a −2 circumstance penalty (**Ruling**: the attack's
damage types are read from its damage formula; ranged slashing or bludgeoning attacks' halved range
increments are left to the GM); everything underwater has resistance 5 to acid and fire."""

from __future__ import annotations

from dataclasses import replace

from rules.model.scene import Attack, Token
from rules.systems.aquatic import UNDERWATER, Aquatic

RESISTANCE = 5


def _types(attack: Attack) -> set[str]:
    words = attack.damage.lower().replace("+", " ").split()
    return {w for w in words if w.isalpha()}


def attack(attacker: Token, target: Token, weapon: Attack) -> Aquatic:
    under = attacker.has_condition(UNDERWATER)
    penalty = 0
    if under and not weapon.is_ranged and _types(weapon) & {"slashing", "bludgeoning"}:
        penalty = -2
    off_guard = target.has_condition(UNDERWATER) and target.speed_of("swim") <= 0
    return Aquatic(penalty, "underwater (slashing or bludgeoning)" if penalty else "", (), off_guard, None)


def resistant(token: Token) -> Token:
    """The token as it takes damage underwater: resistance 5 to acid and fire (the better one counts)."""
    if not token.has_condition(UNDERWATER):
        return token
    table = dict(token.resistances)
    for kind in ("acid", "fire"):
        table[kind] = max(table.get(kind, 0), RESISTANCE)
    return replace(token, resistances=tuple(table.items()))
