"""The `heal`, `start-turn` and `end-turn` queries (query-protocol.md "Queries for the turn"). Like every
query they change nothing: each answers what the rules would do to the token as the scene has it.

* `heal`: ``target``, ``amount`` (0 or more), optional ``temp: true`` (gain temporary HP instead) →
  ``{"hp", "temp_hp", "state", "conditions", "death_saves"?}`` (`rules.systems.healing`).
* `start-turn`: ``token``, optional ``d20`` (PF2e recovery check while dying, 5e death saving throw at
  0 HP; a 5e ``[first, second]`` uses the first die) and, beyond the protocol, optional
  ``spend_hero_points: true`` (PF2e: a dying creature spends all its hero points to avoid death instead of
  rolling) → ``{"hp", "state", "conditions", "death_saves"?, "log"}``.
* `end-turn`: ``token``, optional ``persistent_rolls`` ``{type: amount}`` and ``flat_checks``
  ``{type: d20}`` → ``{"hp", "state", "conditions", "persistent", "log"}`` (`rules.systems.turn`).

Queries never roll dice, so a roll the rules need and the query doesn't give is a ``missing field``
error naming it: ``d20`` for a dying PF2e creature or a 5e creature making a death save; for each
persistent damage on a PF2e token its rolled amount in ``persistent_rolls`` (unless its formula has no
dice, such as ``2``) and its flat check in ``flat_checks`` (not needed once the damage has killed it).
A key naming a damage type the token has no persistent damage of is a ``bad value``. ``death_saves`` is
given for the 5e systems only, as ``{"successes", "failures"}``; ``conditions`` are sorted by code point.
"""

from __future__ import annotations

from typing import Any

from rules.dice import DiceSyntaxError
from rules.errors import QueryError
from rules.model.scene import Scene, Token
from rules.queries import _fields as f
from rules.queries import query
from rules.systems import healing, system_for
from rules.systems import turn as turn_rules
from rules.systems.damage import plain_type


def _d20(value: Any, name: str) -> int:
    if isinstance(value, list) and value:
        value = value[0]
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not 1 <= value <= 20
        or not float(value).is_integer()
    ):
        raise QueryError("bad value", f"{name!r} must be a d20 result from 1 to 20, got {f.show(value)}")
    return int(value)


def _answer(scene: Scene, token: Token) -> dict[str, Any]:
    out: dict[str, Any] = {
        "hp": token.hp,
        "temp_hp": token.temp_hp,
        "state": healing.state_of(token, scene.system),
        "conditions": sorted(token.conditions),
    }
    if system_for(scene).has_death_saves:
        s, fails = token.death_saves
        out["death_saves"] = {"successes": s, "failures": fails}
    return out


def _need_hp(token: Token) -> None:
    if token.hp is None:
        raise QueryError("missing field", f"token {token.id!r} has no 'hp'")


@query("heal")
def heal(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    target = f.token(scene, q, "target")
    amount = f.integer(q, "amount", lo=0)
    temp = f.boolean(q, "temp")
    _need_hp(target)
    if temp:
        after, _lines = healing.gain_temp_hp(target, amount, scene.system)
    else:
        after, _lines = healing.heal(target, amount, scene.system)
    return _answer(scene, after)


def _by_type(scene: Scene, q: dict[str, Any], name: str, token: Token, *, d20: bool) -> dict[str, int]:
    """A ``{type: number}`` field of `end-turn` (5e has no persistent damage: the field is ignored)."""
    raw = q.get(name)
    if raw is None or not system_for(scene).persistent_damage:
        return {}
    if not isinstance(raw, dict):
        raise QueryError("bad value", f"{name!r} must be an object {{type: number}}, got {f.show(raw)}")
    known = {p.type.lower() for p in token.persistent}
    out: dict[str, int] = {}
    for key, value in raw.items():
        kind = plain_type(str(key))
        if kind not in known:
            have = ", ".join(sorted(known)) or "none"
            raise QueryError(
                "bad value",
                f"{name}: {token.id} has no persistent {kind} damage (its persistent damage: {have})",
            )
        if d20:
            out[kind] = _d20(value, f"{name}.{key}")
        else:
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or not float(value).is_integer()
                or not 0 <= value <= f.LIMIT
            ):
                raise QueryError(
                    "bad value", f"{name}.{key} must be a rolled amount of 0 or more, got {f.show(value)}"
                )
            out[kind] = int(value)
    return out


def _run(
    scene: Scene, token: Token, rolls: turn_rules.TurnRolls, *, start: bool
) -> tuple[Token, tuple[str, ...]]:
    fn = turn_rules.start_of_turn if start else turn_rules.end_of_turn
    try:
        return fn(scene.system, token, rolls)
    except turn_rules.MissingRoll as exc:
        raise QueryError("missing field", f"{token.id}: {exc}") from None
    except DiceSyntaxError as exc:
        raise QueryError("bad value", f"{token.id}'s persistent damage: {exc.short}") from None


@query("start-turn")
def start_turn(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    token = f.token(scene, q, "token")
    d20 = None if q.get("d20") is None else _d20(q["d20"], "d20")
    spend = f.boolean(q, "spend_hero_points")
    after, log = _run(scene, token, turn_rules.TurnRolls(d20, spend_hero_points=spend), start=True)
    out = _answer(scene, after)
    del out["temp_hp"]
    out["log"] = list(log)
    return out


@query("end-turn")
def end_turn(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    token = f.token(scene, q, "token")
    rolls = turn_rules.TurnRolls.given(
        persistent=_by_type(scene, q, "persistent_rolls", token, d20=False),
        flat_checks=_by_type(scene, q, "flat_checks", token, d20=True),
    )
    if system_for(scene).persistent_damage and token.persistent:
        _need_hp(token)
    after, log = _run(scene, token, rolls, start=False)
    out = _answer(scene, after)
    del out["temp_hp"]
    out.pop("death_saves", None)
    out["persistent"] = [{"damage": p.damage, "type": p.type} for p in after.persistent]
    out["log"] = list(log)
    return out
