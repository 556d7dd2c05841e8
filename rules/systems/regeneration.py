"""Fast healing and regeneration: hit points regained at the start of a creature's turn.

PF2e (Player Core 410, 「高速治癒や再生を持つクリーチャーは各ラウンドのターン開始時に、記載された量の
ヒット・ポイントを回復する…再生の項目に記載されている種別のダメージを受けた場合、再生は次ターンの終わりまで
無効になる」): fast healing and regeneration both heal their amount at the start of each turn, even at 0 HP
(healing a dying creature ends dying, `rules.systems.healing`). Damage of a type the regeneration names
(``regeneration_stopped_by``) switches it off until the end of the creature's next turn.

D&D 5e (Monster Manual "Regeneration"): the creature regains its amount at the start of its turn if it has
at least 1 hit point; after it takes damage of a type the trait names, the trait doesn't work at the start of
its next turn. (5e has no fast healing of its own; a token's ``fast_healing`` heals like regeneration that
nothing stops.)

The switch is the condition ``regeneration-off``: set by `stopped` when such damage is taken, read and
cleared at the start of the creature's turn (5e) or at its end (PF2e, `clear_at_end`).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.model.scene import Token

OFF = "regeneration-off"


def stopped(before: Token, damage_types: Iterable[str]) -> Token:
    """`before` after taking damage of `damage_types`: regeneration off when one of them stops it."""
    if not before.regeneration or not before.regeneration_stopped_by:
        return before
    kinds = {t.lower().removeprefix("persistent ").strip() for t in damage_types}
    if kinds & set(before.regeneration_stopped_by) and not before.has_condition(OFF):
        return before.with_condition(OFF)
    return before


def start_of_turn(token: Token, system: str, *, needs_hp: bool) -> tuple[Token, tuple[str, ...]]:
    """Heal fast healing and regeneration at the start of the turn (see the module docstring). `needs_hp`:
    regeneration works only at 1 HP or more (5e)."""
    from rules.systems.healing import heal

    if token.hp is None or token.has_condition("dead"):
        return token, ()
    lines: list[str] = []
    amount = token.fast_healing
    what = "fast healing" if amount else ""
    regen = token.regeneration
    if regen:
        if token.has_condition(OFF):
            lines.append(f"{token.label}'s regeneration doesn't work this turn")
        elif needs_hp and token.hp <= 0:
            lines.append(f"{token.label} is at 0 HP: its regeneration doesn't work")
        else:
            amount += regen
            what = "regeneration" if not what else "fast healing and regeneration"
    if amount:
        token, more = heal(token, amount, system)
        lines.append(f"{token.label}'s {what} ({amount}):")
        lines += ["  " + line for line in more]
    return token, tuple(lines)


def clear_at_end(token: Token) -> Token:
    """PF2e: regeneration switched off comes back after the end of the creature's turn."""
    return token.without_condition(OFF) if token.has_condition(OFF) else token
