"""Visibility feeds attacks: PF2e flat checks (Player Core "Concealed", "Hidden"), 5e unseen attackers and
targets (PHB "Unseen Attackers and Targets", "Vision and Light")."""

from __future__ import annotations

from typing import Any

from rules.cli import answer
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene


def duel(
    system: str,
    ambient: str,
    *,
    attacker: dict[str, Any] | None = None,
    target: dict[str, Any] | None = None,
    lights: list[Any] | None = None,
) -> Scene:
    pf2e = system == "pf2e"
    weapon: dict[str, Any] = {"name": "sword", "bonus": 7, "damage": "1d8+3 slashing"}
    if pf2e:
        weapon.update(traits=[], range_increment=None)
    else:
        weapon.update(properties=[])
    base = {"ac": 15, "hp": 20, "max_hp": 20, "attacks": [weapon]}
    return scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 1,
            "system": system,
            "grid": {"width": 12, "height": 12},
            "options": {"ambient": ambient},
            "lights": lights or [],
            "tokens": [
                {"id": "a", "cell": [3, 3], "side": "party", **base, **(attacker or {})},
                {"id": "t", "cell": [4, 3], "side": "enemy", **base, **(target or {})},
            ],
        }
    )


def strike(s: Scene) -> dict[str, Any]:
    return answer(s, {"q": "attack", "attacker": "a", "target": "t", "attack": "sword", "d20": [12, 5]})


def test_pf2e_flat_checks_by_light() -> None:
    assert strike(duel("pf2e", "bright"))["flat_check"] is None
    assert strike(duel("pf2e", "dim"))["flat_check"] == {"dc": 5, "reason": "target is concealed"}
    assert strike(duel("pf2e", "darkness"))["flat_check"] == {"dc": 11, "reason": "target is hidden"}
    seeing = duel("pf2e", "darkness", attacker={"senses": ["darkvision"]})
    assert strike(seeing)["flat_check"] is None
    # the roll itself is unchanged by the flat check
    assert strike(duel("pf2e", "dim"))["total"] == strike(duel("pf2e", "bright"))["total"]


def test_5e_darkness_gives_unseen_target_and_attacker() -> None:
    both_dark = strike(duel("dnd5e-2014", "darkness"))
    reasons = both_dark["reasons"]
    assert any("unseen target" in r and r.startswith("disadvantage") for r in reasons)
    assert any("unseen attacker" in r and r.startswith("advantage") for r in reasons)
    assert both_dark["mode"] == "normal"
    # only the attacker sees in the dark: the target can't see it → advantage
    dv = strike(duel("dnd5e-2024", "darkness", attacker={"senses": {"darkvision": 60}}))
    assert dv["mode"] == "advantage"
    assert strike(duel("dnd5e-2024", "bright"))["mode"] == "normal"
    # dim light (lightly obscured) changes nothing for the attack roll
    assert strike(duel("dnd5e-2024", "dim"))["mode"] == "normal"


def test_5e_blinded_attacker_is_not_counted_twice() -> None:
    r = strike(duel("dnd5e-2014", "darkness", attacker={"conditions": ["blinded"]}))["reasons"]
    assert sum("unseen target" in x or "blinded" in x for x in r if x.startswith("disadvantage")) == 1
