"""The `save` and `contest` queries, and `check` by token and statistic (query-protocol.md "Queries for the
turn"). The `check` query itself is registered in `rules.queries.attacks`, which hands the token form here.

PF2e answers ``{"modifiers", "total", "degree"}``; 5e ``{"mode", "reasons", "d20_used", "total",
"success"}``. Conditions come from the scene; situational ``bonuses`` (PF2e, typed) or ``advantage`` /
``disadvantage`` (5e) from the query. ``origin`` (an area's origin point) gives cover to Reflex / Dex saves:
PF2e standard +2 / greater +4 circumstance (lesser doesn't count against areas); 5e half +2 /
three-quarters +5. No line of effect from the origin means the area can't reach the creature: PF2e ``no
line of effect``, 5e ``total cover``.
"""

from __future__ import annotations

from typing import Any

from rules.errors import QueryError
from rules.geometry.coords import Point
from rules.model.scene import Scene, Token
from rules.queries import _fields as f
from rules.queries import query
from rules.systems import system_for
from rules.systems.base import MissingStatistic
from rules.systems.modifiers import MODIFIER_TYPES, Modifier
from rules.systems.roll_modes import ADVANTAGE, DISADVANTAGE, Reason


def d20_value(value: Any, name: str) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not 1 <= value <= 20
        or not float(value).is_integer()
    ):
        raise QueryError("bad value", f"{name!r} must be a d20 result from 1 to 20, got {f.show(value)}")
    return int(value)


def one_d20(value: Any, name: str = "d20") -> int:
    """One d20 (a list's first die is taken, as `attack` does)."""
    if isinstance(value, list) and value:
        value = value[0]
    return d20_value(value, name)


def two_d20(value: Any, name: str = "d20") -> tuple[int, int]:
    """Two d20s ``[first, second]``, or one die (used as both)."""
    if isinstance(value, list):
        if len(value) == 1:
            one = d20_value(value[0], f"{name}[0]")
            return one, one
        if len(value) != 2:
            raise QueryError("bad value", f"{name!r} must be [first, second] or one d20, got {f.show(value)}")
        return d20_value(value[0], f"{name}[0]"), d20_value(value[1], f"{name}[1]")
    one = d20_value(value, name)
    return one, one


def bonuses(q: dict[str, Any]) -> list[Modifier]:
    """PF2e situational ``bonuses`` ``[{"label", "type", "value"}…]`` as typed modifiers from the GM."""
    raw = q.get("bonuses")
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise QueryError(
            "bad value", f"'bonuses' must be a list of {{label, type, value}}, got {f.show(raw)}"
        )
    out: list[Modifier] = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise QueryError("bad value", f"bonuses[{i}] must be an object {{label, type, value}}")
        for key in ("label", "type", "value"):
            if item.get(key) is None:
                raise QueryError("missing field", f"bonuses[{i}] needs {key!r}")
        label, kind, value = item["label"], item["type"], item["value"]
        if not isinstance(label, str):
            raise QueryError("bad value", f"bonuses[{i}].label must be a string, got {f.show(label)}")
        if kind not in MODIFIER_TYPES:
            raise QueryError(
                "bad value",
                f"bonuses[{i}].type must be one of {', '.join(MODIFIER_TYPES)}, got {f.show(kind)}",
            )
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not float(value).is_integer():
            raise QueryError("bad value", f"bonuses[{i}].value must be a whole number, got {f.show(value)}")
        if abs(value) > 1000:
            raise QueryError("bad value", f"bonuses[{i}].value {value} is out of range")
        out.append(Modifier(label, str(kind), int(value), "situational (GM)"))
    return out


def _origin_cover(scene: Scene, target: Token, origin: Point) -> tuple[str, int]:
    from rules.geometry.cover import cover

    result = cover(scene, target, origin=origin)
    if result.degree == "blocked":
        raise QueryError("no line of effect", f"the area from {list(origin)} can't reach {target.id}")
    if result.degree == "total":
        raise QueryError("total cover", f"{target.id} has total cover from the area's origin {list(origin)}")
    return str(result.degree), int(result.ac_bonus)


def _statistic(scene: Scene, tok: Token, raw: Any, name: str, *, saves_only: bool = False) -> str:
    if not isinstance(raw, str) or not raw.strip():
        raise QueryError("bad value", f"{name!r} must be a statistic name, got {f.show(raw)}")
    try:
        return system_for(scene).statistic(tok, raw, name, saves_only=saves_only)
    except ValueError as exc:
        raise QueryError("bad value", str(exc)) from None


def missing(exc: MissingStatistic) -> QueryError:
    return QueryError(
        "missing field", f"token {exc.token_id!r} has no {exc.stat!r} (its {exc.field!r} field)"
    )


def roll_dice(scene: Scene, value: Any, name: str = "d20") -> tuple[int, ...]:
    """The d20(s) of a roll in the scene's system: one (a list's first die) where a roll has one die,
    ``[first, second]`` or one (used as both) where it has two (`RuleSystem.has_advantage`)."""
    if system_for(scene).has_advantage:
        return two_d20(value, name)
    return (one_d20(value, name),)


def _gm_reasons(q: dict[str, Any]) -> list[Reason]:
    out = []
    if f.boolean(q, "advantage"):
        out.append(Reason(ADVANTAGE, "from the GM"))
    if f.boolean(q, "disadvantage"):
        out.append(Reason(DISADVANTAGE, "from the GM"))
    return out


def roll(scene: Scene, q: dict[str, Any], tok: Token, kind: str, stat: str) -> dict[str, Any]:
    """A check or save of `tok` by the scene's system (`RuleSystem.d20_check`): the query's ``d20``,
    ``dc``, the GM's typed ``bonuses`` (where checks take them, `RuleSystem.uses_degrees`) or ``advantage``
    / ``disadvantage`` (where rolls have them), and a save's cover from an area's ``origin`` (to the save
    cover helps, `RuleSystem.cover_save`)."""
    rules = system_for(scene)
    dice = roll_dice(scene, f.require(q, "d20"))
    dc = f.integer(q, "dc")
    mods = bonuses(q) if rules.uses_degrees else []
    reasons = _gm_reasons(q) if rules.has_advantage else []
    if kind == "save" and q.get("origin") is not None:
        origin = f.point(q, "origin")
        if stat == rules.cover_save:
            degree, bonus = _origin_cover(scene, tok, origin)
            if bonus > 0:
                source = f"{degree} cover from the area's origin"
                mods.append(Modifier("cover", "circumstance", bonus, source))
    try:
        return rules.d20_check(tok, kind, stat, dice, dc, bonuses=mods, reasons=reasons).to_json()
    except MissingStatistic as exc:
        raise missing(exc) from None
    except ValueError as exc:
        raise QueryError("bad value", str(exc)) from None


@query("save")
def save(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    tok = f.token(scene, q, "token")
    return roll(scene, q, tok, "save", _statistic(scene, tok, f.require(q, "save"), "save", saves_only=True))


def check_by_token(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    """``check`` with ``token`` and ``stat`` (PF2e Perception / a skill / a save; 5e also an ability)."""
    tok = f.token(scene, q, "token")
    return roll(scene, q, tok, "check", _statistic(scene, tok, f.require(q, "stat"), "stat"))


def _side(scene: Scene, q: dict[str, Any], name: str) -> tuple[Token, Any]:
    raw = f.require(q, name)
    if not isinstance(raw, dict):
        raise QueryError(
            "bad value", f'{name!r} must be an object {{"token", "stat", "d20"}}, got {f.show(raw)}'
        )
    tok = f.token(scene, raw, "token") if raw.get("token") is not None else None
    if tok is None:
        raise QueryError("missing field", f"the contest query needs '{name}.token'")
    if raw.get("stat") is None:
        raise QueryError("missing field", f"the contest query needs '{name}.stat'")
    if raw.get("d20") is None:
        raise QueryError("missing field", f"the contest query needs '{name}.d20'")
    stat = _statistic(scene, tok, raw["stat"], f"{name}.stat")
    dice = roll_dice(scene, raw["d20"], f"{name}.d20")
    try:
        result = system_for(scene).d20_check(tok, "check", stat, dice, None, reasons=_gm_reasons(raw))
    except MissingStatistic as exc:
        raise missing(exc) from None
    return tok, result


@query("contest")
def contest(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    rules = system_for(scene)
    if not rules.has_contests:
        raise QueryError("bad value", "the contest query is D&D 5e only; PF2e rolls a check against a DC")
    (_ta, a), (_tb, b) = _side(scene, q, "a"), _side(scene, q, "b")
    return {"a_total": a.total, "b_total": b.total, "winner": rules.contest_winner(a, b)}
