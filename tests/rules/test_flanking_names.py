"""Issue 13 item 14: the flanking text in attack breakdowns names the partners; the query keeps ids."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.cli import answer
from rules.model.scene import Attack
from rules.model.state import GameState
from rules.play.table import AttackRoll
from tests.rules.play.helpers import scene_from

ROW = """
A t B
"""
SWORD = (Attack("longsword", 9, "1d8+4 slashing"),)


@pytest.mark.parametrize(
    ("system", "text"), [("pf2e", "flanked (with Quill)"), ("dnd5e-2014", "flanking (with Quill)")]
)
def test_the_attack_names_the_flanking_partner(system: str, text: str) -> None:
    scene = scene_from(
        ROW,
        system,
        A={"name": "Brann", "attacks": SWORD, "side": "party"},
        B={"name": "Quill", "attacks": SWORD, "side": "party"},
        t={"side": "enemy"},
    )
    if not scene.is_pf2e:
        scene = scene.edit(options=replace(scene.options, flanking=True))
    out = AttackRoll("A", "t", "longsword", (12, 12)).apply(GameState(scene))
    log = "\n".join(out.lines)
    assert text in log
    assert "with B)" not in log
    # the protocol's `with` list keeps the ids
    assert answer(scene, {"q": "flanking", "attacker": "A", "target": "t"})["with"] == ["B"]
