"""Healing, temporary Hit Points and editing HP by hand, by the rules of each system (its `HealingRules`:
`rules.systems.pf2e.healing`, `rules.systems.dnd5e.healing`). Pure functions: a token in, ``(token, log
lines)`` out.

Both systems:

* Healing adds to the current HP, never above the maximum (`HealingRules.max_hp`:
  2014 exhaustion 4+ halves it, PF2e drained lowers it); what would go above is lost. HP already above
  the maximum stay where they are.
* A dead creature regains nothing (PF2e 「死亡している間はヒット・ポイントを0以上にすることはできない」; 5e
  「死亡したクリーチャーは…ヒット・ポイントを回復することができない」).
* Temporary HP don't stack: a creature that gains temporary HP while it has some keeps the higher amount
  (the rules let it choose; keeping the higher is what anyone chooses). Gaining temporary HP is not healing:
  at 0 HP the creature stays unconscious (and dying / making death saves).

PF2e (Player Core 410–411):

* Healing from 0 HP to 1 or more: the creature loses unconscious and wakes; if it was dying it loses
  dying, and losing dying gives wounded 1 or raises wounded by 1 (「瀕死状態0になると瀕死状態は失われる…
  ヒット・ポイントが1以上になると、君は気絶状態を自動的に失い、目覚める」; wounded from the Player Core
  conditions). Doomed is unchanged.

D&D 5e (2014 PHB ch. 9, 2024 "Damage and Healing"):

* Regaining any HP at 0 HP ends the unconsciousness from 0 HP (and being stable) and resets the death
  saving throws to 0 successes and 0 failures.
* 2024: the unconsciousness of a creature knocked out at 1 HP (`rules.systems.dnd5e.damage`, knock-out)
  ends when it regains HP: healing a 2024 creature that is unconscious wakes it.

Editing HP by hand (`set_hp`) goes through the same rules: a raise is healing, a drop is damage that
skips temporary HP and immunity/weakness/resistance (HP lost, not damage dealt), so a dying creature set
to 5 HP stops dying and gains wounded, and a creature set to 0 HP is knocked out by its system's rules.
"""

from __future__ import annotations

from dataclasses import replace

from rules.model.scene import Token
from rules.systems.base import RuleSystem
from rules.systems.registry import system_for

Lines = tuple[str, ...]


def state_of(token: Token, system: str | RuleSystem) -> str:
    """``ok``, ``unconscious``, ``dying N`` (PF2e) or ``dead`` (`RuleSystem.state_of`)."""
    return system_for(system).state_of(token)


def is_dead(token: Token) -> bool:
    return token.has_condition("dead")


def _need_hp(token: Token) -> int:
    if token.hp is None:
        raise ValueError(f"token {token.id!r} has no hp")
    return token.hp


def _check_amount(amount: int, what: str) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise ValueError(f"{what} must be a whole number of 0 or more, got {amount!r}")


def heal(token: Token, amount: int, system: str | RuleSystem) -> tuple[Token, Lines]:
    """`token` regains `amount` HP by its system's rules (see the module docstring)."""
    rules = system_for(system)
    _check_amount(amount, "healing")
    hp = _need_hp(token)
    if is_dead(token):
        return token, (f"{token.label} is dead and regains no HP",)
    cap = rules.max_hp(token)
    assert cap is not None
    new_hp = max(hp, min(cap, hp + amount))
    t = replace(token, hp=new_hp)
    gained = new_hp - hp
    lines = [f"{token.label} regains {gained} HP ({hp} → {new_hp})"]
    if gained <= 0:
        return t, tuple(lines)
    t, more = rules.healed(token, t, hp)
    return t, (*lines, *more)


def gain_temp_hp(token: Token, amount: int, system: str | RuleSystem) -> tuple[Token, Lines]:
    """Gain `amount` temporary HP: they don't stack, the higher of the old and new amounts stays."""
    system_for(system)
    _check_amount(amount, "temporary HP")
    if is_dead(token):
        return token, (f"{token.label} is dead and gains no temporary HP",)
    old = token.temp_hp
    if amount <= old:
        return token, (f"{token.label} keeps {old} temporary HP (the new {amount} don't stack)",)
    return replace(token, temp_hp=amount), (f"{token.label} has {amount} temporary HP (was {old})",)


def lose_hp(token: Token, amount: int, system: str | RuleSystem) -> tuple[Token, Lines]:
    """Lose `amount` HP by the damage rules of the system, skipping temporary HP and defences."""
    rules = system_for(system)
    _check_amount(amount, "HP lost")
    hp = _need_hp(token)
    if amount == 0 or is_dead(token):
        return token, ()
    bare = replace(token, temp_hp=0)
    after = replace(rules.lose_hp(bare, amount), temp_hp=token.temp_hp)
    new_hp = after.hp if after.hp is not None else 0
    line = f"{token.label} loses {amount} HP ({hp} → {new_hp})"
    state = rules.state_of(after)
    if state != rules.state_of(token):
        line += f": {state}"
    return after, (line,)


def set_hp(token: Token, hp: int, system: str | RuleSystem) -> tuple[Token, Lines]:
    """Edit HP by hand: a raise heals, a drop loses HP by the damage rules (see the module docstring)."""
    if isinstance(hp, bool) or not isinstance(hp, int) or hp < 0:
        raise ValueError(f"HP must be a whole number of 0 or more, got {hp!r}")
    current = _need_hp(token)
    if hp > current:
        return heal(token, hp - current, system)
    if hp < current:
        return lose_hp(token, current - hp, system)
    return token, ()
