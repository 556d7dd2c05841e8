"""PF2e start and end of a creature's turn (Player Core 435–436 "Step 1: Start Your Turn", "Step 3: End
Your Turn"), for one token: ``(token, rolls) -> (token, log lines)``.

Start of turn:

* A dead creature has no turn: nothing happens.
* A dying creature attempts its recovery check, a flat check against DC 10 + its dying value: critical
  success dying −2, success −1, failure +1, critical failure +2 (`rules.systems.pf2e.dying`). Reaching
  dying 0 it loses dying and gains wounded 1 or wounded +1, and stays unconscious at 0 HP; reaching dying 4
  minus doomed it dies. Instead it may spend all its hero points to avoid death
  (`TurnRolls.spend_hero_points`: no longer dying, stable at 0 HP, wounded unchanged).
* Durations counted at the start of a turn are effects (`rules.model.effects.tick`), not token data.

End of turn, in the order of Step 3:

1. Each persistent damage on the token is taken (its rolled amount through immunity → weakness →
   resistance, as ``persistent <type>``: a dying creature's dying value rises by 1 for each that deals
   damage, a creature at 0 HP that isn't dying is knocked out again).
2. Then a DC 15 flat check for each one still on the token: success or critical success ends it. A
   creature that died on step 1 attempts none (its persistent damage stays listed).
3. Then conditions that change at the end of the turn after those: frightened drops by 1.

Rolls not given are rolled by `TurnRolls.rng`, or raise `rules.systems.turn_rolls.MissingRoll`.
"""

from __future__ import annotations

from dataclasses import replace

from rules.messages import msg
from rules.model.scene import Token
from rules.systems import regeneration
from rules.systems.damage import DamageEntry
from rules.systems.pf2e import afflictions, dying
from rules.systems.pf2e import damage as pf2e_damage
from rules.systems.pf2e.degrees import flat_check, succeeded
from rules.systems.pf2e.persistent import FLAT_DC, describe
from rules.systems.turn_rolls import TurnRolls

Lines = tuple[str, ...]


def start_of_turn(token: Token, rolls: TurnRolls) -> tuple[Token, Lines]:
    """See the module docstring."""
    if dying.is_dead(token):
        return token, ()
    token, healed = regeneration.start_of_turn(token, "pf2e", needs_hp=False)
    if dying.dying_value(token) <= 0:
        return token, healed
    if rolls.spend_hero_points and dying.can_avoid_death(token):
        after, line = dying.avoid_death(token)
        return after, (*healed, line)
    result = dying.recovery_check(token, rolls.need_d20("recovery check"))
    return result.token, (*healed, result.text)


def take_persistent(token: Token, rolls: TurnRolls) -> tuple[Token, Lines]:
    """Step 1 of the end of turn: every persistent damage is taken through IWR."""
    lines: list[str] = []
    for p in token.persistent:
        if dying.is_dead(token):
            break
        amount, how = rolls.persistent_amount(p.type, p.damage)
        if token.hp is None:
            lines.append(f"{token.label}: {describe(p)} ({how}), no HP tracked")
            continue
        outcome, token = pf2e_damage.deal(token, [DamageEntry(amount, f"persistent {p.type}")])
        steps = "; ".join(s.explain() for s in outcome.steps if s.final != s.amount or s.immune)
        took = (
            msg(
                "{name} takes {n} persistent {type} ({how}) [{steps}]: HP {hp}, {state}",
                name=token.label,
                n=outcome.total,
                type=p.type,
                how=how,
                steps=steps,
                hp=str(outcome.hp),
                state=outcome.state,
            )
            if steps
            else msg(
                "{name} takes {n} persistent {type} ({how}): HP {hp}, {state}",
                name=token.label,
                n=outcome.total,
                type=p.type,
                how=how,
                hp=str(outcome.hp),
                state=outcome.state,
            )
        )
        lines.append(str(took))
    return token, tuple(lines)


def flat_checks(token: Token, rolls: TurnRolls) -> tuple[Token, Lines]:
    """Step 2: a DC 15 flat check per persistent damage; a success ends it."""
    if dying.is_dead(token) or not token.persistent:
        return token, ()
    kept = []
    lines: list[str] = []
    for p in token.persistent:
        d20 = rolls.flat_check(p.type)
        deg = flat_check(d20, FLAT_DC)
        ended = succeeded(deg)
        verdict = "it ends" if ended else "it continues"
        lines.append(f"{token.label} flat check for {describe(p)}: {d20} vs DC {FLAT_DC}, {deg}: {verdict}")
        if not ended:
            kept.append(p)
    return replace(token, persistent=tuple(kept)), tuple(lines)


def frightened_drops(token: Token) -> tuple[Token, Lines]:
    """Step 3: frightened N becomes N − 1 (frightened 1 ends)."""
    n = token.condition_value("frightened")
    if not n or dying.is_dead(token):
        return token, ()
    after = token.with_condition("frightened", n - 1)
    if n > 1:
        text = str(msg("{name}: frightened {n} → {m}", context="pf2e", name=token.label, n=n, m=n - 1))
    else:
        text = str(msg("{name} is no longer frightened", context="pf2e", name=token.label))
    return after, (text,)


def negative_effects(token: Token, rolls: TurnRolls) -> tuple[Token, Lines]:
    """The negative steps of the end of turn: the persistent damage, the flat checks to end it, then the
    saves against ongoing afflictions (`rules.systems.pf2e.afflictions`) — what a Delay brings forward
    (Player Core 416, l.511)."""
    if dying.is_dead(token):
        return token, ()
    token, a = take_persistent(token, rolls)
    token, b = flat_checks(token, rolls)
    token, c = afflictions.end_of_turn(token, rolls)
    return token, (*a, *b, *c)


def end_of_turn(token: Token, rolls: TurnRolls, *, negatives_done: bool = False) -> tuple[Token, Lines]:
    """See the module docstring. `negatives_done`: the creature Delayed this turn, so its persistent
    damage and flat checks already happened (`negative_effects`); only the rest of the end of turn runs."""
    if dying.is_dead(token):
        return token, ()
    a: Lines = ()
    if not negatives_done:
        token, a = negative_effects(token, rolls)
    token, c = frightened_drops(token)
    token = regeneration.clear_at_end(token)
    return token, (*a, *c)
