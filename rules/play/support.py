"""Help and Aid reach the roll they change: the supports waiting in the helpers' ledgers, taken by the roll.

A 5e Help (`rules.play.actions.Help`) or a PF2e Aid (`rules.play.actions.Aid`) leaves a
`rules.model.turn_ledger.Support` in the helper's turn ledger; it lasts until it is used or the helper's
next turn begins (the ledger is renewed then: 5e 「次の君のターンが始まるまでに」, 2014 l.84–85; PF2e Aid
applies to the ally's triggering check, the next one). `take_supports(state, ally, target, roll)` is called
by the roll the support is for — `rules.play.table.AttackRoll` (an attack against `target`) and
`rules.play.rolls.RollCheck` (a check) — and returns the state without the supports it used and what they
give (`Given`: 5e advantage, one reason per Help; PF2e the Aid's circumstance bonus or penalty), with a log
line each. The roll turns them into its situational input.

Only the first waiting support of each kind applies (PF2e: circumstance bonuses don't stack; 5e: any number
of sources of advantage give one).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.messages import msg
from rules.model.state import GameState
from rules.model.turn_ledger import Support


@dataclass(frozen=True, slots=True)
class Given:
    """What the supports give one roll: circumstance bonuses (label, value) and reasons for advantage."""

    bonuses: tuple[tuple[str, int], ...] = ()
    advantages: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()


def _label(state: GameState, token_id: str) -> str:
    token = state.scene.token(token_id)
    return token.label if token is not None else token_id


def pending(
    state: GameState, ally: str, target: str | None, roll: str = "attack"
) -> tuple[tuple[str, Support], ...]:
    """The supports `take_supports` would use for `ally`'s `roll` (giver, support), first of each kind."""
    out: list[tuple[str, Support]] = []
    kinds: set[str] = set()
    for giver, support in state.supports_for(ally, target, roll):
        if support.kind not in kinds:
            kinds.add(support.kind)
            out.append((giver, support))
    return tuple(out)


def take_supports(
    state: GameState, ally: str, target: str | None, roll: str = "attack"
) -> tuple[GameState, Given]:
    """Use the supports waiting for `ally`'s `roll` (``attack`` against `target`, or ``check``; see the
    module docstring)."""
    bonuses: list[tuple[str, int]] = []
    reasons: list[str] = []
    lines: list[str] = []
    for giver, support in pending(state, ally, target, roll):
        ledger = state.ledger(giver)
        if ledger is None:
            continue
        kept = list(ledger.supports)
        kept.remove(support)
        state = state.with_ledger(replace(ledger, supports=tuple(kept)))
        who = _label(state, giver)
        if support.kind == "help":
            reasons.append(f"helped by {who} (the Help action)")
            lines.append(
                "  " + str(msg("{name} has advantage: {who}'s Help", name=_label(state, ally), who=who))
            )
        elif support.value:
            bonuses.append((f"Aid by {who}", support.value))
            got = msg(
                "{name} gets {n} circumstance: {who}'s Aid",
                name=_label(state, ally),
                n=f"{support.value:+d}",
                who=who,
            )
            lines.append("  " + str(got))
    return state, Given(tuple(bonuses), tuple(reasons), tuple(lines))


def effects(state: GameState, ally: str, target: str | None, roll: str = "attack") -> Given:
    """What the waiting supports would give `ally`'s `roll`, without using them (a dialog's preview)."""
    return take_supports(state, ally, target, roll)[1]
