"""Words for the engine's answers: the lines the attack dialog shows and the log keeps (no rules computed).

Everything here only formats values the engine computed (any system's `AttackOutcome`, `DamageOutcome`,
`SaveResult`, dice rolls); nothing is recomputed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.dice import RollResult
from rules.geometry.distance import ALTERNATING, offset_feet
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


def outcome_text(outcome: str) -> str:
    """A save's or check's outcome in words: ``critical-success`` → ``critical success``."""
    return outcome.replace("-", " ")


def attack_lines(result: AttackOutcome) -> list[str]:
    """The explanation rows of any system's attack outcome."""
    return result.explain()


def attack_headline(
    attacker: Token, target: Token, attack_name: str, attack_number: int, counts_attacks: bool
) -> str:
    """``Valeros attacks Goblin with longsword (attack 2 this turn)``; the number is shown when the system
    has a multiple attack penalty (`counts_attacks`)."""
    text = f"{attacker.label} attacks {target.label} with {attack_name}"
    if counts_attacks and attack_number > 1:
        text += f" (attack {attack_number} this turn)"
    return text


def outcome_word(result: AttackOutcome) -> str:
    return result.word


def damage_lines(
    target: Token, entries: Sequence[DamageEntry], outcome: DamageOutcome, roll: RollResult | None = None
) -> list[str]:
    """``Goblin takes 9 damage: HP 15 → 6 (ok)`` with the roll and every type's steps."""
    lines: list[str] = []
    if roll is not None:
        lines.append(f"Rolled {roll.render()}")
    elif entries:
        lines.append("Rolled at the table: " + ", ".join(f"{e.amount} {e.type}" for e in entries))
    for step in outcome.steps:
        lines.append(f"  {step.explain()}")
    text = f"{target.label} takes {outcome.total} damage: HP {target.hp} → {outcome.hp}"
    if target.temp_hp or outcome.temp_hp:
        text += f", temp HP {target.temp_hp} → {outcome.temp_hp}"
    text += f" ({outcome.state})"
    lines.append(text)
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
    return f"{target.label}: {label} d20 {result.d20} {mods} = {result.total} vs DC {result.dc} → {outcome}"


def turn_summary(state: GameState) -> str:
    """What the current creature has left and has done this turn (its turn ledger), in the terms of the
    scene's turn economy (`rules.systems.economy.TurnEconomy.remaining_text`: actions, or action, bonus
    action and movement, and the reaction), then its attacks and the next multiple attack penalty, the feet
    moved and the price of the next diagonal under the alternating count."""
    enc = state.encounter
    t = enc.turn if enc is not None else None
    if t is None:
        return "Its turn hasn't started (the creature is no longer on the map)."
    scene = state.scene
    system = system_for(scene)
    tok = scene.token(t.token_id)
    if tok is None:
        return "Its turn hasn't started (the creature is no longer on the map)."
    parts: list[str] = [system.economy.remaining_text(t, tok)]
    if t.attacks:
        text = f"{t.attacks} attack{'s' if t.attacks != 1 else ''}"
        penalty = system.attack_penalty(t.attacks + 1, False)
        if penalty:
            text += f" · next MAP {penalty}"
            agile = system.attack_penalty(t.attacks + 1, True)
            if any(a.has("agile") for a in tok.attacks) and agile != penalty:
                text += f" (agile {agile})"
        parts.append(text)
    elif system.attack_penalty(2, False):
        parts.append("no attacks yet")
    parts.append(f"moved {t.movement_spent} ft")
    if scene.options.diagonals == ALTERNATING:
        nxt_diag = offset_feet(1, 1, ALTERNATING, t.diagonals)
        parts.append(f"{t.diagonals} diagonal{'s' if t.diagonals != 1 else ''} (next {nxt_diag} ft)")
    return " · ".join(parts)
