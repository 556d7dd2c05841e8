"""Words for the engine's answers: the lines the attack dialog shows and the log keeps (no rules computed).

Everything here only formats values the engine computed (any system's `AttackOutcome`, `DamageOutcome`,
`SaveResult`, dice rolls); nothing is recomputed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.dice import RollResult
from rules.geometry.distance import ALTERNATING, offset_feet
from rules.messages import msg, nmsg
from rules.model.scene import Token
from rules.model.state import GameState
from rules.saves import SAVE_LABELS, SaveResult
from rules.systems import system_for
from rules.systems.base import AttackOutcome
from rules.systems.damage import DamageEntry, DamageOutcome
from rules.systems.modifiers import breakdown_lines as breakdown_lines  # the words of numbers live there
from rules.systems.modifiers import modifier_text as modifier_text
from rules.systems.modifiers import signed as signed
from rules.systems.modifiers import sum_text as sum_text

#: The log's sentences (message ids: the English text, see `rules.messages`).
ATTACKS = "{name} attacks {target} with {weapon}"
ATTACKS_RESULT = "{name} attacks {target} with {weapon}: {outcome}"
NTH_ATTACK = "{weapon} (attack {n} this turn)"
TAKES_DAMAGE = "{name} takes {n} damage: HP {hp} → {after} ({state})"
TAKES_DAMAGE_TEMP = "{name} takes {n} damage: HP {hp} → {after}, temp HP {temp} → {temp_after} ({state})"
SAVE_LINE = "{name}: {save} d20 {d20} {mods} = {total} vs DC {dc} → {outcome}"
NOT_STARTED = "Its turn hasn't started (the creature is no longer on the map)."
#: An attack's results in words.
ATTACK_WORDS = {
    "hit": "hit",
    "miss": "miss",
    "critical hit": "critical hit",
    "critical success": "critical success",
    "success": "success",
    "failure": "failure",
    "critical failure": "critical failure",
}
#: A check's or save's degrees of success in words.
OUTCOME_WORDS = {
    "critical-success": "critical success",
    "success": "success",
    "failure": "failure",
    "critical-failure": "critical failure",
}


def outcome_text(outcome: str) -> str:
    """A save's or check's outcome in words: ``critical-success`` → ``critical success``."""
    return str(msg(OUTCOME_WORDS.get(outcome, outcome.replace("-", " "))))


def attack_lines(result: AttackOutcome) -> list[str]:
    """The explanation rows of any system's attack outcome."""
    return result.explain()


def attack_headline(
    attacker: Token,
    target: Token,
    attack_name: str,
    attack_number: int,
    counts_attacks: bool,
    *,
    note: str = "",
    offhand: bool = False,
    outcome: str = "",
) -> str:
    """``Valeros attacks Goblin with longsword (attack 2 this turn): hit``; the number is shown when the
    system has a multiple attack penalty (`counts_attacks`), then the `note` (or the off-hand attack) and
    the `outcome` when given."""
    weapon = attack_name
    if counts_attacks and attack_number > 1:
        weapon = str(msg(NTH_ATTACK, weapon=weapon, n=attack_number))
    if note:
        weapon = str(msg("{weapon} ({note})", weapon=weapon, note=note))
    elif offhand:
        weapon = str(msg("{weapon} (off-hand, bonus action)", weapon=weapon))
    if outcome:
        return str(
            msg(ATTACKS_RESULT, name=attacker.label, target=target.label, weapon=weapon, outcome=outcome)
        )
    return str(msg(ATTACKS, name=attacker.label, target=target.label, weapon=weapon))


def outcome_word(result: AttackOutcome) -> str:
    """The attack's result in words (``hit``, ``critical success`` …)."""
    return str(msg(ATTACK_WORDS.get(result.word, result.word)))


def damage_lines(
    target: Token, entries: Sequence[DamageEntry], outcome: DamageOutcome, roll: RollResult | None = None
) -> list[str]:
    """``Goblin takes 9 damage: HP 15 → 6 (ok)`` with the roll and every type's steps."""
    lines: list[str] = []
    if roll is not None:
        lines.append(str(msg("Rolled {roll}", roll=roll.render())))
    elif entries:
        rolled = ", ".join(f"{e.amount} {e.type}" for e in entries)
        lines.append(str(msg("Rolled at the table: {rolled}", rolled=rolled)))
    for step in outcome.steps:
        lines.append(f"  {step.explain()}")
    who, n, hp = target.label, outcome.total, str(target.hp)
    if target.temp_hp or outcome.temp_hp:
        line = msg(
            TAKES_DAMAGE_TEMP,
            name=who,
            n=n,
            hp=hp,
            after=outcome.hp,
            temp=target.temp_hp,
            temp_after=outcome.temp_hp,
            state=outcome.state,
        )
    else:
        line = msg(TAKES_DAMAGE, name=who, n=n, hp=hp, after=outcome.hp, state=outcome.state)
    lines.append(str(line))
    return lines


def save_line(target: Token, result: SaveResult, system: str = "") -> str:
    """``Goblin: Reflex d20 12 +5 +2 cover = 19 vs DC 21 → failure``."""
    label = SAVE_LABELS.get(result.save, result.save)
    mods = " ".join(
        f"{signed(a.modifier.value)}" + ("" if a.modifier.label.endswith("save") else f" {a.modifier.label}")
        for a in result.modifiers.entries
        if a.applied
    )
    outcome = outcome_text(result.outcome)
    return str(
        msg(
            SAVE_LINE,
            name=target.label,
            save=label,
            d20=result.d20,
            mods=mods,
            total=result.total,
            dc=result.dc,
            outcome=outcome,
        )
    )


def turn_summary(state: GameState) -> str:
    """What the current creature has left and has done this turn (its turn ledger), in the terms of the
    scene's turn economy (`rules.systems.economy.TurnEconomy.remaining_text`: actions, or action, bonus
    action and movement, and the reaction), then its attacks and the next multiple attack penalty, the feet
    moved and the price of the next diagonal under the alternating count."""
    enc = state.encounter
    t = enc.turn if enc is not None else None
    if t is None:
        return str(msg(NOT_STARTED))
    scene = state.scene
    system = system_for(scene)
    tok = scene.token(t.token_id)
    if tok is None:
        return str(msg(NOT_STARTED))
    parts: list[str] = [system.economy.remaining_text(t, tok)]
    if t.attacks:
        parts.append(str(nmsg("{n} attack", "{n} attacks", n=t.attacks)))
        penalty = system.attack_penalty(t.attacks + 1, False)
        if penalty:
            agile = system.attack_penalty(t.attacks + 1, True)
            if any(a.has("agile") for a in tok.attacks) and agile != penalty:
                parts.append(str(msg("next MAP {penalty} (agile {agile})", penalty=penalty, agile=agile)))
            else:
                parts.append(str(msg("next MAP {penalty}", penalty=penalty)))
    elif system.attack_penalty(2, False):
        parts.append(str(msg("no attacks yet")))
    parts.append(str(msg("moved {feet} ft", feet=t.movement_spent)))
    if scene.options.diagonals == ALTERNATING:
        nxt_diag = offset_feet(1, 1, ALTERNATING, t.diagonals)
        parts.append(
            str(
                nmsg(
                    "{n} diagonal (next {feet} ft)",
                    "{n} diagonals (next {feet} ft)",
                    n=t.diagonals,
                    feet=nxt_diag,
                )
            )
        )
    return " · ".join(parts)
