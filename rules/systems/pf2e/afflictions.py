"""PF2e afflictions (poisons, diseases, curses): a save at the end of each of the creature's turns moves it
between stages (Player Core "Step 3: End Your Turn", l.1072: 「進行中の苦難に対するセーヴィング・スローを試み
る」, after the persistent damage and its flat checks, before frightened drops).

The save against the affliction's DC (its `save`, with the creature's modifiers) moves the stage: critical
success −2, success −1, failure +1, critical failure +2, never past the last stage. Reaching stage 0 cures
it (its conditions end). At any stage the creature has that stage's conditions (replacing the previous
stage's) and takes its damage (rolled with `TurnRolls.affliction_amount`) through immunity, weakness and
resistance.
"""

from __future__ import annotations

from dataclasses import replace

from rules.messages import Message, msg
from rules.model.scene import Affliction, Token
from rules.systems.damage import DamageEntry
from rules.systems.hooks.turns import EndTurnSave
from rules.systems.turn_rolls import MissingRoll, TurnRolls

Lines = tuple[str, ...]
STEP: dict[str, int] = {"critical-success": -2, "success": -1, "failure": 1, "critical-failure": 2}


def _without(token: Token, affliction: Affliction, stage: int) -> Token:
    for c in affliction.at(stage).conditions:
        name = c.split()[0].lower() if c.split() else ""
        if name:
            token = token.without_condition(name)
    return token


def _with(token: Token, affliction: Affliction, stage: int) -> Token:
    for c in affliction.at(stage).conditions:
        parts = c.split()
        if not parts:
            continue
        value = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
        token = token.with_condition(parts[0].lower(), value)
    return token


#: The saves' names for people.
SAVE_LABELS: dict[str, Message] = {
    "fortitude": msg("Fortitude"),
    "reflex": msg("Reflex"),
    "will": msg("Will"),
}
#: The degrees' words.
DEGREE_WORDS: dict[str, Message] = {
    "critical-success": msg("critical success"),
    "success": msg("success"),
    "failure": msg("failure"),
    "critical-failure": msg("critical failure"),
}
#: What the save's degrees do to the stage (the module docstring).
STAGE_RULE = msg(
    "Critical success: 2 stages down; success: 1 stage down; failure: 1 stage up; critical failure: 2 "
    "stages up. Stage 0 cures it."
)

#: The log's words of one save (`end_of_turn`).
CURED = "{name}'s {save} save against {affliction}: {total}, {degree}: cured"
STAGED = "{name}'s {save} save against {affliction}: {total}, {degree}: stage {stage}"


def end_turn_saves(token: Token) -> tuple[EndTurnSave, ...]:
    """The saves `token` attempts at the end of its turn: one per affliction (none once it is dead)."""
    from rules.systems.pf2e import dying

    if dying.is_dead(token):
        return ()
    return tuple(
        EndTurnSave(
            a.name,
            a.save,
            SAVE_LABELS.get(a.save) or a.save,
            a.dc,
            a.stage,
            max(len(a.stages), a.stage),
            STAGE_RULE,
        )
        for a in token.afflictions
    )


def end_of_turn(token: Token, rolls: TurnRolls) -> tuple[Token, Lines]:
    """Every affliction's save and stage (see the module docstring)."""
    from rules.dice import parse
    from rules.systems.pf2e import damage as pf2e_damage
    from rules.systems.pf2e import dying
    from rules.systems.pf2e.checks import MissingStatistic, check

    lines: list[str] = []
    kept: list[Affliction] = []
    for a in token.afflictions:
        if dying.is_dead(token):
            kept.append(a)
            continue
        d20 = rolls.affliction_save(a.name)
        try:
            result = check(token, a.save, d20, a.dc)
        except MissingStatistic:
            raise MissingRoll("saves", f"{token.label} has no {a.save} save listed for {a.name}") from None
        stage = min(len(a.stages) or 1, a.stage + STEP[result.degree])
        save = SAVE_LABELS.get(a.save) or a.save
        words = DEGREE_WORDS[result.degree]
        token = _without(token, a, a.stage)
        if stage <= 0:
            said = msg(
                CURED, name=token.label, save=save, affliction=a.name, total=result.total, degree=words
            )
            lines.append(str(said))
            continue
        token = _with(token, a, stage)
        said = msg(
            STAGED,
            name=token.label,
            save=save,
            affliction=a.name,
            total=result.total,
            degree=words,
            stage=stage,
        )
        lines.append(str(said))
        now = replace(a, stage=stage)
        kept.append(now)
        damage = now.at(stage).damage
        if damage and token.hp is not None:
            part = parse(damage).parts[0]
            kind = part.type or "untyped"
            amount, how = rolls.affliction_amount(a.name, part.expr.render())
            outcome, token = pf2e_damage.deal(token, [DamageEntry(amount, kind)])
            lines.append(f"  takes {outcome.total} {kind} ({how}): HP {outcome.hp}, {outcome.state}")
    return replace(token, afflictions=tuple(kept)), tuple(lines)
