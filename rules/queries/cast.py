"""The `cast` query (query-protocol.md "Spells and abilities: `cast`"): a spell or ability aimed and resolved
against the scene, every target's save or attack, damage and conditions — without changing the scene.

Fields: ``caster`` (token); ``spell`` — a spell object (`rules.io.spell_json`), the name of one of the
caster's ``spells``, or in 5e the name or index of a bundled SRD spell (`rules.io.bundled_spells`: SRD 5.1
under the 2014 rules, SRD 5.2 under the 2024 rules); optional ``level`` (cast higher; lower than the spell's
is ``bad value``); the area's placement (``corner``; ``origin`` + ``direction``; ``elevation``) or
``targets`` (ids); ``saves`` / ``attack_d20`` (``{id: d20}``: PF2e one die, 5e one or ``[first,
second]``); ``damage`` (the rolled amounts, one roll for every target) and 5e ``critical_damage``.

The resolution is `rules.play.spell_resolution` (the same the app's `Cast` command uses); the answer is
``{"spell", "level", "dc"?, "damage_formula", "targets": [...], "excluded": [{"id", "why"}]}``.

`cast_command` reads the same fields as the play layer's `Cast` command (the `play` query's ``cast`` step).
"""

from __future__ import annotations

from typing import Any

from rules.dice import DieSource
from rules.errors import QueryError, SceneError
from rules.io.bundled_spells import find_bundled
from rules.io.spell_json import spell_from_json
from rules.model.scene import Scene, Token
from rules.model.spell import Spell
from rules.play.cast import Cast
from rules.play.spell_resolution import Placement, Rolls, aim, resolve
from rules.queries import _fields as f
from rules.queries import query
from rules.queries.attacks import damage_entries
from rules.queries.rolls import d20_value
from rules.systems import system_for


def spell_of(scene: Scene, caster: Token, raw: Any) -> Spell:
    """The query's ``spell``: an object, one of the caster's spells by name, or a bundled SRD spell."""
    if isinstance(raw, dict):
        try:
            return spell_from_json(raw, "spell")
        except SceneError as exc:
            prefix = "missing field" if exc.detail.startswith("missing") else "bad value"
            raise QueryError(prefix, f"{exc.path}: {exc.detail}") from None
    if not isinstance(raw, str) or not raw.strip():
        raise QueryError("bad value", f"'spell' must be a spell object or a spell's name, got {f.show(raw)}")
    own = caster.spell(raw)
    if own is not None:
        return own
    try:
        bundled = find_bundled(scene.system, raw)
    except SceneError as exc:
        raise QueryError("bad value", f"the bundled spell list can't be read ({exc})") from None
    if bundled is not None:
        return bundled
    known = ", ".join(s.name for s in caster.spells) or "none"
    text = f"{caster.id} has no spell named {raw!r} (its spells: {known})"
    if system_for(scene).bundled_spells:
        text += ", and no bundled SRD spell has that name or index"
    raise QueryError("bad value", text)


def _dice(scene: Scene, value: Any, name: str) -> tuple[int, ...]:
    if system_for(scene).attack_d20s == 1:
        if isinstance(value, list) and value:
            value = value[0]
        return (d20_value(value, name),)
    if isinstance(value, list):
        if len(value) == 1:
            return (d20_value(value[0], f"{name}[0]"),)
        if len(value) != 2:
            raise QueryError("bad value", f"{name!r} must be one d20 or [first, second], got {f.show(value)}")
        return (d20_value(value[0], f"{name}[0]"), d20_value(value[1], f"{name}[1]"))
    return (d20_value(value, name),)


def _rolls_table(scene: Scene, q: dict[str, Any], name: str) -> dict[str, tuple[int, ...]]:
    raw = q.get(name)
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise QueryError("bad value", f"{name!r} must be an object {{id: d20}}, got {f.show(raw)}")
    return {str(k): _dice(scene, v, f"{name}.{k}") for k, v in raw.items()}


def _placement(q: dict[str, Any]) -> Placement:
    direction = None if q.get("direction") is None else f.number(q, "direction")
    return Placement(
        corner=None if q.get("corner") is None else f.point(q, "corner"),
        origin=None if q.get("origin") is None else f.point(q, "origin"),
        direction=direction,
        elevation=f.integer(q, "elevation", 0),
    )


def _targets(q: dict[str, Any]) -> tuple[str, ...]:
    targets = q.get("targets")
    if targets is not None and (
        not isinstance(targets, list) or not all(isinstance(t, str) for t in targets)
    ):
        raise QueryError("bad value", f"'targets' must be a list of token ids, got {f.show(targets)}")
    return tuple(targets or ())


def _rolls(scene: Scene, q: dict[str, Any]) -> Rolls:
    return Rolls(
        saves=_rolls_table(scene, q, "saves"),
        attack_d20=_rolls_table(scene, q, "attack_d20"),
        damage=None if q.get("damage") is None else tuple(damage_entries(q, "damage")),
        critical_damage=None
        if q.get("critical_damage") is None
        else tuple(damage_entries(q, "critical_damage")),
    )


@query("cast")
def cast(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    caster = f.token(scene, q, "caster")
    spell = spell_of(scene, caster, f.require(q, "spell"))
    level = None if q.get("level") is None else f.integer(q, "level", lo=0)
    aimed = aim(scene, caster, spell, level=level, placement=_placement(q), target_ids=_targets(q))
    return resolve(scene, aimed, _rolls(scene, q)).to_json()


def cast_command(scene: Scene, q: dict[str, Any], rng: DieSource | None = None) -> Cast:
    """The ``cast`` query's fields as the play layer's `Cast` command (the `play` query's ``cast`` step): the
    same spell, level, placement, targets and typed dice; `rng` rolls what isn't typed. Raises
    `QueryError` for a field the ``cast`` query would refuse."""
    caster = f.token(scene, q, "caster")
    spell = spell_of(scene, caster, f.require(q, "spell"))
    level = None if q.get("level") is None else f.integer(q, "level", lo=0)
    rolls = _rolls(scene, q)
    return Cast(
        caster.id,
        spell,
        level=level,
        placement=_placement(q),
        target_ids=_targets(q),
        saves=tuple(rolls.saves.items()),
        attack_d20=tuple(rolls.attack_d20.items()),
        damage=rolls.damage,
        critical_damage=rolls.critical_damage,
        rng=rng,
    )
