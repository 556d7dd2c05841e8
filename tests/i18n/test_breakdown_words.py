"""Every word of a roll's breakdown reads in Japanese (issue 28): the attack rows the GM sees most — group
titles, labels, modifier types, sources — of real PF2e and D&D attacks (flanking, cover, the multiple attack
penalty, a condition, the GM's bonus and advantage, a natural 20) are each translated by the catalogue, in
the scene's system's words. A new row word written without a message id (`rules/systems/row_words.py` or a
`msg(...)` where the row is built) fails here with the word."""

from __future__ import annotations

import re

from rules.i18n import engine_catalogue, translate_text
from rules.model.state import GameState
from rules.play.rolls import Situational
from rules.play.table import AttackRoll
from rules.systems.modifiers import RowGroup
from rules.systems.roll_modes import Reason
from tests.rules.ascii_maps import ascii_scene, wall

PF2E = """
    .......
    ..AoB..
    .......
"""
PF2E_TOKENS = {
    "A": {
        "attacks": [{"name": "longsword", "bonus": 9, "damage": "1d8+4 slashing"}],
        "conditions": ["frightened 1"],
    },
    "B": {"attacks": [{"name": "dagger", "bonus": 7, "damage": "1d4+2 piercing"}]},
    "o": {"ac": 16, "hp": 30},
}
DND = """
    .......
    ..AoB..
    .......
"""
DND_TOKENS = {
    "A": {"attacks": [{"name": "longsword", "bonus": 5, "damage": "1d8+3 slashing"}]},
    "B": {},
    "o": {"ac": 13, "hp": 11},
}
#: Values that are numbers, dice or a roll's arithmetic, not words.
_NOT_WORDS = re.compile(r"^[\s\d+−\-→,=d()DC/]*$")


def _texts(groups: tuple[RowGroup, ...], names: set[str]) -> set[str]:
    out: set[str] = set()
    for g in groups:
        out |= {g.title, g.total}
        for r in g.rows:
            out |= {r.label, r.type, r.source, r.shown}
    return {t for t in out if t and t not in names and not _NOT_WORDS.match(t)}


def _untranslated(groups: tuple[RowGroup, ...], system: str, names: set[str]) -> list[str]:
    catalogue = engine_catalogue("ja", system)
    assert catalogue is not None
    return sorted(
        t for t in _texts(groups, names) if translate_text(t, catalogue) == t and not catalogue.has("", t)
    )


def test_a_pf2e_strikes_rows_all_read_in_japanese() -> None:
    scene = ascii_scene(PF2E, tokens=PF2E_TOKENS, walls=[wall((3, 1.2), (3, 1.8), "low")])
    state = GameState(scene)
    names = {"A", "B", "o", "longsword", "dagger", "with B"}
    aid = (Situational("Aid", 1, "circumstance"),)
    shown: set[str] = set()
    for d20, number in ((20, 1), (7, 2)):
        roll = AttackRoll("A", "o", "longsword", (d20,), attack_number=number, bonuses=aid)
        groups = roll.preview(state).groups(True)
        assert not _untranslated(groups, "pf2e", names), _untranslated(groups, "pf2e", names)
        shown |= _texts(groups, names)
    # the rows the test means to cover were there
    assert {"off-guard", "cover", "multiple attack penalty", "circumstance", "natural 20"} <= shown, shown


def test_a_dnd_attacks_rows_all_read_in_japanese() -> None:
    for system in ("dnd5e-2014", "dnd5e-2024"):
        scene = ascii_scene(DND, system, tokens=DND_TOKENS, options={"flanking": True})
        state = GameState(scene)
        names = {"A", "B", "o", "longsword"}
        gm = (Reason("disadvantage", "GM"),)
        shown: set[str] = set()
        for d20, reasons in (((20, 3), ()), ((4, 9), gm)):
            groups = AttackRoll("A", "o", "longsword", d20, reasons=reasons).preview(state).groups(True)
            assert not _untranslated(groups, system, names), (system, _untranslated(groups, system, names))
            shown |= _texts(groups, names)
        assert {"Roll mode", "Target AC", "advantage", "cancel out"} <= shown, shown


def test_the_breakdown_uses_each_systems_words() -> None:
    pf2e, dnd = engine_catalogue("ja", "pf2e"), engine_catalogue("ja", "dnd5e-2014")
    assert translate_text("multiple attack penalty", pf2e) == "複数回攻撃ペナルティ"
    assert translate_text("flanked (with B)", pf2e) == "挟撃されている（Bと）"
    assert translate_text("Stride 2", pf2e) == "“歩行”2回目"
    assert translate_text("Dash", dnd) == "早足"
    assert translate_text("standard cover", pf2e) == "標準の遮蔽"
