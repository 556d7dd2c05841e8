"""The `check`, `attack` and `damage` queries (query-protocol.md). Queries never change the scene:
`attack` doesn't count toward MAP (pass ``attack_number``) and `damage` reports without applying."""

from __future__ import annotations

from typing import Any

from rules.errors import QueryError
from rules.model.scene import Scene
from rules.queries import _fields as f
from rules.queries import query
from rules.systems import system_for
from rules.systems.damage import DamageEntry


def _d20(value: Any, name: str) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not 1 <= value <= 20
        or not float(value).is_integer()
    ):
        raise QueryError("bad value", f"{name!r} must be a d20 result from 1 to 20, got {f.show(value)}")
    return int(value)


@query("check")
def check(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    """PF2e ``d20`` + ``modifier`` vs ``dc``; or a token's ``stat`` in any system (`rules.queries.rolls`)."""
    degrees = system_for(scene).uses_degrees
    if not degrees and q.get("token") is None and q.get("modifier") is not None:
        raise QueryError(
            "bad value", f"a check by 'modifier' is PF2e only; in {scene.system} give 'token' and 'stat'"
        )
    if q.get("token") is not None or not degrees:
        from rules.queries.rolls import check_by_token

        return check_by_token(scene, q)
    d20 = _d20(f.require(q, "d20"), "d20")
    modifier = f.integer(q, "modifier")
    dc = f.integer(q, "dc")
    return {"total": d20 + modifier, "degree": system_for(scene).check(d20, modifier, dc)}


@query("attack")
def attack(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    attacker = f.token(scene, q, "attacker")
    target = f.token(scene, q, "target")
    name = f.require(q, "attack")
    if not isinstance(name, str):
        raise QueryError("bad value", f"'attack' must be an attack name (a string), got {name!r}")
    weapon = attacker.attack(name)
    if weapon is None:
        known = ", ".join(a.name for a in attacker.attacks) or "none"
        raise QueryError("bad value", f"{attacker.id} has no attack named {name!r} (its attacks: {known})")
    raw = f.require(q, "d20")
    if system_for(scene).attack_d20s == 1:
        if isinstance(raw, list) and raw:
            raw = raw[0]
        dice = [_d20(raw, "d20")]
    elif isinstance(raw, list):
        if len(raw) != 2:
            raise QueryError("bad value", f"'d20' must be [first, second], got {raw!r}")
        dice = [_d20(raw[0], "d20[0]"), _d20(raw[1], "d20[1]")]
    else:
        one = _d20(raw, "d20")
        dice = [one, one]
    attack_number = f.integer(q, "attack_number", 1, lo=1)
    nonlethal = q.get("nonlethal")
    if nonlethal is not None and not isinstance(nonlethal, bool):
        raise QueryError("bad value", f"'nonlethal' must be true or false, got {nonlethal!r}")
    if target.ac is None:
        raise QueryError("missing field", f"token {target.id!r} has no 'ac'")
    result = system_for(scene).attack(
        scene, attacker, target, weapon, dice, attack_number=attack_number, nonlethal=nonlethal
    )
    return result.to_json()


def damage_entries(q: dict[str, Any], name: str = "damage") -> list[DamageEntry]:
    """The query's rolled damage amounts ``[{"amount", "type"}…]`` under `name`."""
    raw = f.require(q, name)
    if not isinstance(raw, list):
        raise QueryError("bad value", f"'{name}' must be a list of {{'amount', 'type'}}, got {raw!r}")
    out: list[DamageEntry] = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise QueryError("bad value", f'{name}[{i}] must be an object {{"amount", "type"}}, got {item!r}')
        if item.get("amount") is None:
            raise QueryError("missing field", f"{name}[{i}] needs 'amount'")
        if item.get("type") is None:
            raise QueryError("missing field", f"{name}[{i}] needs 'type'")
        amount = item["amount"]
        if isinstance(amount, bool) or not isinstance(amount, (int, float)) or not float(amount).is_integer():
            raise QueryError("bad value", f"{name}[{i}].amount must be a whole number, got {amount!r}")
        if amount < 0:
            raise QueryError("bad value", f"{name}[{i}].amount must not be negative, got {amount!r}")
        kind = item["type"]
        if not isinstance(kind, str) or not kind.strip():
            raise QueryError(
                "bad value", f"{name}[{i}].type must be a damage type such as 'fire', got {kind!r}"
            )
        out.append(DamageEntry(int(amount), kind.strip().lower()))
    return out


@query("damage")
def damage(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    target = f.token(scene, q, "target")
    entries = damage_entries(q)
    critical = f.boolean(q, "critical")
    nonlethal = f.boolean(q, "nonlethal")
    magical = f.boolean(q, "magical")  # 5e: from a magical attack (past resistance to nonmagical damage)
    system = system_for(scene)
    field, outcomes = system.damage_save  # PF2e a basic save's degree, 5e a save's success or failure
    save = None if q.get(field) is None else f.choice(q, field, outcomes)
    if target.hp is None:
        raise QueryError("missing field", f"token {target.id!r} has no 'hp'")
    # nonlethal: PF2e knocks out; 5e 2014 leaves the target stable at 0 HP; 5e 2024 at 1 HP, unconscious
    outcome, after = system.damage(
        target, entries, critical=critical, nonlethal=nonlethal, save=save, magical=magical
    )
    answer = outcome.to_json()
    if system.persistent_damage and after.persistent != target.persistent:
        # Persistent damage isn't dealt now: it is the target's persistent damage, taken at its turn's end.
        answer["persistent"] = [{"damage": p.damage, "type": p.type} for p in after.persistent]
    return answer
