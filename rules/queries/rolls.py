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
from rules.systems.dnd5e import checks as dnd
from rules.systems.dnd5e.advantage import Reason, save_reasons
from rules.systems.dnd5e.editions import edition as edition_named
from rules.systems.modifiers import MODIFIER_TYPES, Modifier
from rules.systems.pf2e import checks as pf2e


def d20_value(value: Any, name: str) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not 1 <= value <= 20
        or not float(value).is_integer()
    ):
        raise QueryError("bad value", f"{name!r} must be a d20 result from 1 to 20, got {f.show(value)}")
    return int(value)


def pf2e_d20(value: Any, name: str = "d20") -> int:
    """PF2e: one d20 (a list's first die is taken, as `attack` does)."""
    if isinstance(value, list) and value:
        value = value[0]
    return d20_value(value, name)


def dnd_d20(value: Any, name: str = "d20") -> tuple[int, int]:
    """5e: ``[first, second]`` or one die (used as both)."""
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


def _dnd_adv(q: dict[str, Any]) -> tuple[bool, bool]:
    return f.boolean(q, "advantage"), f.boolean(q, "disadvantage")


def _pf2e_stat(tok: Token, stat: Any, name: str, *, saves_only: bool = False) -> str:
    if not isinstance(stat, str) or not stat.strip():
        raise QueryError("bad value", f"{name!r} must be a statistic name, got {f.show(stat)}")
    key = pf2e.normalise(stat)
    if saves_only:
        if key not in pf2e.SAVES:
            raise QueryError("bad value", f"{name!r} must be fortitude, reflex or will, got {f.show(stat)}")
        return key
    listed = any(pf2e.normalise(n) == key for n, _v in tok.skills)
    if not pf2e.is_known(key) and not listed:
        raise QueryError(
            "bad value",
            f"{name!r} {stat!r} is not perception, a save or a PF2e skill (nor one {tok.id} lists)",
        )
    return key


def _dnd_stat(tok: Token, stat: Any, name: str, *, saves_only: bool = False) -> str:
    if not isinstance(stat, str) or not stat.strip():
        raise QueryError("bad value", f"{name!r} must be a statistic name, got {f.show(stat)}")
    key = dnd.normalise(stat)
    if saves_only:
        if key not in dnd.ABILITIES:
            raise QueryError(
                "bad value", f"{name!r} must be one of {', '.join(dnd.ABILITIES)}, got {f.show(stat)}"
            )
        return key
    listed = any(dnd.normalise(n) == key for n, _v in tok.skills)
    if not dnd.is_known(key) and not listed:
        raise QueryError(
            "bad value",
            f"{name!r} {stat!r} is not an ability, perception or a 5e skill (nor one {tok.id} lists)",
        )
    return key


def missing(exc: pf2e.MissingStatistic | dnd.MissingStatistic) -> QueryError:
    return QueryError(
        "missing field", f"token {exc.token_id!r} has no {exc.stat!r} (its {exc.field!r} field)"
    )


def pf2e_roll(
    scene: Scene, q: dict[str, Any], tok: Token, stat: str, *, origin_cover: bool
) -> dict[str, Any]:
    d20 = pf2e_d20(f.require(q, "d20"))
    dc = f.integer(q, "dc")
    mods = bonuses(q)
    if origin_cover and q.get("origin") is not None and stat == "reflex":
        degree, bonus = _origin_cover(scene, tok, f.point(q, "origin"))
        if bonus > 0:
            mods.append(Modifier("cover", "circumstance", bonus, f"{degree} cover from the area's origin"))
    elif origin_cover and q.get("origin") is not None:
        f.point(q, "origin")
    try:
        return pf2e.check(tok, stat, d20, dc, bonuses=mods).to_json()
    except pf2e.MissingStatistic as exc:
        raise missing(exc) from None


def _squeezing(tok: Token, kind: str, stat: str) -> list[Reason]:
    """5e: a squeezing creature has disadvantage on Dexterity saves (`dnd5e.movement_actions`)."""
    return save_reasons(tok, stat) if kind == "save" else []


def dnd_roll(scene: Scene, q: dict[str, Any], tok: Token, kind: str, stat: str) -> dict[str, Any]:
    dice = dnd_d20(f.require(q, "d20"))
    dc = f.integer(q, "dc")
    adv, dis = _dnd_adv(q)
    bonus = 0
    if kind == "save" and q.get("origin") is not None:
        origin = f.point(q, "origin")
        if stat == "dex":
            _degree, bonus = _origin_cover(scene, tok, origin)
    try:
        result = dnd.d20_test(
            tok,
            kind,
            stat,
            dice,
            dc,
            edition=edition_named(scene.system),
            advantage=adv,
            disadvantage=dis,
            bonus=bonus,
            extra_reasons=_squeezing(tok, kind, stat),
        )
    except dnd.MissingStatistic as exc:
        raise missing(exc) from None
    return result.to_json()


@query("save")
def save(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    tok = f.token(scene, q, "token")
    raw = f.require(q, "save")
    if system_for(scene).uses_degrees:
        return pf2e_roll(scene, q, tok, _pf2e_stat(tok, raw, "save", saves_only=True), origin_cover=True)
    return dnd_roll(scene, q, tok, "save", _dnd_stat(tok, raw, "save", saves_only=True))


def check_by_token(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    """``check`` with ``token`` and ``stat`` (PF2e Perception / a skill / a save; 5e also an ability)."""
    tok = f.token(scene, q, "token")
    raw = f.require(q, "stat")
    if system_for(scene).uses_degrees:
        return pf2e_roll(scene, q, tok, _pf2e_stat(tok, raw, "stat"), origin_cover=False)
    return dnd_roll(scene, q, tok, "check", _dnd_stat(tok, raw, "stat"))


def _side(scene: Scene, q: dict[str, Any], name: str) -> dnd.TestResult:
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
    stat = _dnd_stat(tok, raw["stat"], f"{name}.stat")
    dice = dnd_d20(raw["d20"], f"{name}.d20")
    adv = f.boolean(raw, "advantage")
    dis = f.boolean(raw, "disadvantage")
    try:
        return dnd.check(
            tok, stat, dice, None, edition=edition_named(scene.system), advantage=adv, disadvantage=dis
        )
    except dnd.MissingStatistic as exc:
        raise missing(exc) from None


@query("contest")
def contest(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    if not system_for(scene).has_contests:
        raise QueryError("bad value", "the contest query is D&D 5e only; PF2e rolls a check against a DC")
    return dnd.contest(_side(scene, q, "a"), _side(scene, q, "b")).to_json()
