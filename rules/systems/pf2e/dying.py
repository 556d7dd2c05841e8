"""PF2e knocked out, dying, wounded, doomed and recovery checks (Player Core "Hit Points, Healing, and
Dying").

* Reduced to 0 HP by lethal damage, a PC (``pc: true``) becomes unconscious and dying 1, or dying 2 when the
  damage came from a critical hit (or the creature's critical failure), plus its wounded value.
* Damage while dying raises dying by 1 (2 on a critical hit).
* Dying reaching 4 minus doomed kills.
* Recovery check at the start of the dying creature's turn: flat check DC 10 + dying. Critical success:
  dying −2; success: dying −1; failure: dying +1; critical failure: dying +2. Losing the dying condition
  gives wounded 1 or raises wounded by 1; the creature stays unconscious at 0 HP.
* Nonlethal damage to 0 HP: unconscious, not dying. A creature that is not a PC dies at 0 HP unless the
  damage was nonlethal.
* Hero points (Player Core 413): at the start of its turn, or when its dying value would rise, a dying
  creature with at least 1 hero point may spend all of them to lose the dying condition and be stable at
  0 HP (still unconscious, as after any loss of dying at 0 HP). 「この方法で瀕死状態を失っても新たに重傷状態と
  なったり重傷状態値が増加することはない」: wounded stays as it was (`avoid_death`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.model.scene import Token
from rules.systems.pf2e.degrees import CRITICAL_FAILURE, CRITICAL_SUCCESS, FAILURE, SUCCESS, flat_check

DEATH_AT = 4
RECOVERY_CHANGE: dict[str, int] = {CRITICAL_SUCCESS: -2, SUCCESS: -1, FAILURE: 1, CRITICAL_FAILURE: 2}


def is_dead(token: Token) -> bool:
    return token.has_condition("dead")


def dying_value(token: Token) -> int:
    return token.condition_value("dying")


def death_threshold(token: Token) -> int:
    """Dying value that kills: 4 minus doomed (never below 1)."""
    return max(1, DEATH_AT - token.condition_value("doomed"))


def kill(token: Token) -> Token:
    t = token.without_condition("dying").without_condition("unconscious").with_condition("dead")
    return replace(t, hp=0)


def set_dying(token: Token, value: int) -> Token:
    """Dying `value`, or dead when it reaches the threshold; 0 removes dying (and raises wounded by 1).

    Dying means unconscious: a creature that becomes dying gets ``unconscious`` listed; one whose dying
    value only changes keeps its list as it was (``dying 1`` alone becomes ``dying 2`` alone). A creature
    losing dying at 0 HP stays unconscious, so it gets ``unconscious`` listed if it wasn't."""
    if value >= death_threshold(token):
        return kill(token)
    was_dying = dying_value(token) > 0
    if value <= 0:
        t = token.without_condition("dying")
        if was_dying:
            t = t.with_condition("wounded", t.condition_value("wounded") + 1)
            if (t.hp is None or t.hp <= 0) and not t.has_condition("unconscious"):
                t = t.with_condition("unconscious")
        return t
    t = token.with_condition("dying", value)
    if not was_dying and not t.has_condition("unconscious"):
        t = t.with_condition("unconscious")
    return t


def knock_out(token: Token, *, critical: bool = False, nonlethal: bool = False) -> Token:
    """A token whose HP just reached 0 (see the module docstring)."""
    if nonlethal:
        t = token if token.has_condition("unconscious") else token.with_condition("unconscious")
        return t
    if not token.pc:
        return kill(token)
    value = (2 if critical else 1) + token.condition_value("wounded")
    return set_dying(token, value)


def worsen_dying(token: Token, *, critical: bool = False) -> Token:
    """Damage taken while dying: dying +1 (+2 on a critical hit)."""
    return set_dying(token, dying_value(token) + (2 if critical else 1))


@dataclass(frozen=True, slots=True)
class RecoveryResult:
    token: Token
    d20: int
    dc: int
    degree: str

    @property
    def text(self) -> str:
        before = self.dc - 10
        if is_dead(self.token):
            after = "dead"
        elif dying_value(self.token):
            after = f"dying {dying_value(self.token)}"
        else:
            after = "no longer dying"
        roll = f"{self.d20} vs DC {self.dc}, {self.degree}"
        return f"{self.token.label} recovery check: {roll} (dying {before} → {after})"


#: A recovery check's DC is this plus the dying value.
RECOVERY_DC_BASE = 10


def recovery_dc(token: Token) -> int:
    """The flat DC of a dying token's recovery check: 10 + its dying value."""
    return RECOVERY_DC_BASE + dying_value(token)


def recovery_check(token: Token, d20: int) -> RecoveryResult:
    """The start-of-turn recovery check of a dying token with the given d20 result."""
    value = dying_value(token)
    if value <= 0:
        raise ValueError(f"{token.label} is not dying")
    dc = recovery_dc(token)
    deg = flat_check(d20, dc)
    return RecoveryResult(set_dying(token, value + RECOVERY_CHANGE[deg]), d20, dc, deg)


def state_of(token: Token) -> str:
    """``dead``, ``dying N``, ``unconscious`` (0 HP or the condition) or ``ok``."""
    if is_dead(token):
        return "dead"
    n = dying_value(token)
    if n:
        return f"dying {n}"
    if token.has_condition("unconscious") or (token.hp is not None and token.hp <= 0):
        return "unconscious"
    return "ok"


def can_avoid_death(token: Token) -> bool:
    """Dying, not dead, and with at least 1 hero point to spend."""
    return dying_value(token) > 0 and not is_dead(token) and (token.hero_points or 0) >= 1


def avoid_death(token: Token) -> tuple[Token, str]:
    """Spend every hero point: dying is removed with no wounded gained, HP 0, stable (still unconscious).
    Raises `ValueError` when the creature isn't dying or has no hero point."""
    if not can_avoid_death(token):
        raise ValueError(f"{token.label} can't spend hero points to avoid death (dying with 1+ hero points)")
    spent = token.hero_points or 0
    t = token.without_condition("dying")
    if not t.has_condition("unconscious"):
        t = t.with_condition("unconscious")
    t = replace(t, hp=0, hero_points=0)
    return (
        t,
        f"{token.label} spends {spent} hero point{'s' if spent != 1 else ''} to avoid death: stable at 0 HP",
    )
