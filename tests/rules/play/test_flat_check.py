"""PF2e: a Strike against a concealed (DC 5) or hidden (DC 11) target needs a flat check first (Player
Core 439 「秘匿状態…DC5の単純判定」, 「隠れ状態…DC11の単純判定」); a failed one loses the Strike, which still
counts as an attack. 5e attacks have none."""

from __future__ import annotations

import pytest

from rules.model.scene import Attack
from rules.play.command import Refused
from rules.play.economy import ledger_for
from rules.play.table import AttackRoll
from rules.systems import system_for
from tests.rules.play.helpers import started

CLOSE = """
A B . .
. . . .
C . . D
"""
SWORD = (Attack("sword", 10, "1d8+4 slashing"),)


@pytest.mark.parametrize(("condition", "dc"), [("concealed", 5), ("hidden", 11)])
def test_the_flat_check_dc_follows_what_the_attacker_perceives(condition: str, dc: int) -> None:
    state = started("pf2e", CLOSE, A={"attacks": SWORD}, B={"conditions": (condition,)})
    preview = AttackRoll("A", "B", "sword", (15,)).preview(state)
    assert system_for(state.scene).flat_check_of(preview) == (dc, f"target is {condition}")


def test_a_failed_flat_check_loses_the_strike_and_counts_its_attack() -> None:
    state = started("pf2e", CLOSE, A={"attacks": SWORD}, B={"conditions": ("concealed",)})
    out = AttackRoll("A", "B", "sword", (18,), flat_d20=4).apply(state)
    result = out.detail
    assert not result.hit and result.damage_formula is None  # type: ignore[union-attr]
    assert "flat check failed" in result.word  # type: ignore[union-attr]
    assert any("d20 4, failed — the Strike misses" in line for line in out.lines)
    assert ledger_for(out.state, "A").attacks == 1 and ledger_for(out.state, "A").actions == 2
    passed = AttackRoll("A", "B", "sword", (18,), flat_d20=5).apply(state).detail
    assert passed.hit and "passed" in " ".join(passed.explain())  # type: ignore[union-attr]


def test_observed_targets_and_5e_attacks_need_no_flat_check() -> None:
    state = started("pf2e", CLOSE, A={"attacks": SWORD})
    out = AttackRoll("A", "B", "sword", (18,), flat_d20=1).apply(state)
    assert out.detail.hit  # type: ignore[union-attr]
    five = started("dnd5e-2014", CLOSE, A={"attacks": SWORD}, B={"conditions": ("invisible",)})
    result = AttackRoll("A", "B", "sword", (18, 18), flat_d20=1).apply(five).detail
    assert system_for(five.scene).flat_check_of(result) is None  # type: ignore[arg-type]


def test_a_flat_die_outside_1_to_20_is_refused() -> None:
    state = started("pf2e", CLOSE, A={"attacks": SWORD}, B={"conditions": ("hidden",)})
    with pytest.raises(Refused, match="flat check"):
        AttackRoll("A", "B", "sword", (18,), flat_d20=25).apply(state)
