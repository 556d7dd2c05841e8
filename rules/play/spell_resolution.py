"""Resolving a spell or ability against the board: who it reaches, each target's roll, damage and effects.

Two pure steps, shared by the ``cast`` query (`rules.queries.cast`) and the `Cast` command
(`rules.play.cast`):

`aim(scene, caster, spell, …)` finds the level it is cast at and its form there (the system's
`casting` hook: heightening, cantrip scaling), the DC and attack bonus (an ability's own, else the
caster's ``spell_dc`` / ``spell_attack``), and its targets, each with its cover:

* **An area** is placed as the ``area`` query places it (`rules.geometry.areas.resolve_area`): a burst,
  sphere, cylinder or cube at its ``corner``; a cone or line from ``origin`` toward ``direction`` (from the
  caster's space when no origin is given); an emanation around the caster. The targets are the area's
  tokens: the caster too when a burst or sphere covers it; cones, lines, emanations and a cube that starts
  at the caster (a spell without range) leave it out. A token with squares in the template but none with
  line of effect is *excluded*, ``"no line of effect"``; one outside the area's height, ``"outside the
  area's height"``. The area's point must be within the spell's range of the caster (distance from the
  caster's space to the nearest square touching the point), else ``out of range``.
* **Targets** are chosen by id, at most the spell's number of targets at that level; each must be within
  range (a touch spell: within the caster's reach), else ``out of range``; no line of effect is ``no line
  of effect`` (5e total cover: ``total cover``). A spell with 0 targets targets its caster.
* **Cover** is measured from the area's origin (a burst's corner, a cone's or line's origin; an
  emanation's creator) to each target as the ``cover`` query does with an origin; for chosen targets and
  spell attacks from the caster, as for an attack. Its bonus applies to the save cover helps (the system's
  `casting.cover_bonus`).

`resolve(aim, rolls)` rolls nothing itself: it takes each target's d20 (``saves`` / ``attack_d20``), the
damage rolled once for every target (``damage``) and a 5e critical hit's (``critical_damage``), and for
each target (sorted by id) finds its outcome (the system's save or attack), scales the damage by that
outcome and applies the system's damage steps (IWR, temporary HP, state), then gives the spell's effects
for that outcome (a valued condition never lowers one the target has). A dead target gets no conditions.
Every problem is a `QueryError` with the protocol's prefix.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rules.errors import QueryError
from rules.geometry.areas import AreaResult, resolve_area
from rules.geometry.coords import Point
from rules.geometry.cover import cover as geometry_cover
from rules.geometry.distance import space_distance
from rules.messages import msg
from rules.model.area_spec import AreaSpec
from rules.model.scene import Scene, Token
from rules.model.spell import CastForm, Spell, SpellEffect, damage_formula
from rules.systems import RuleSystem, board, system_for
from rules.systems.casting import DOUBLE, CastRefused, Cost, TargetRoll
from rules.systems.damage import DamageEntry, DamageOutcome

#: Shapes placed at a corner (their origin is that point).
CORNER_SHAPES: tuple[str, ...] = ("burst", "sphere", "cylinder", "cube")
#: Shapes aimed from an origin toward a direction.
AIMED_SHAPES: tuple[str, ...] = ("cone", "line")
NO_LINE = "no line of effect"
OUT_OF_HEIGHT = "outside the area's height"


@dataclass(frozen=True, slots=True)
class Placement:
    """Where an area goes: `corner` (bursts, spheres, cylinders, cubes) or `origin` + `direction` (cones,
    lines); `elevation` is the height of its point (ft)."""

    corner: Point | None = None
    origin: Point | None = None
    direction: float | None = None
    elevation: int = 0


@dataclass(frozen=True, slots=True)
class Aimed:
    """One target as aimed: its id and its cover degree (the system's words)."""

    id: str
    cover: str


@dataclass(frozen=True, slots=True)
class Aim:
    """A spell aimed (see `aim`)."""

    caster: Token
    spell: Spell
    level: int
    form: CastForm
    cost: Cost
    dc: int | None
    attack_bonus: int | None
    targets: tuple[Aimed, ...]
    excluded: tuple[tuple[str, str], ...] = ()
    area: AreaSpec | None = None
    area_result: AreaResult | None = field(default=None, compare=False)

    @property
    def damage_formula(self) -> str | None:
        return damage_formula(self.form.damage)


@dataclass(frozen=True, slots=True)
class TargetResult:
    """What the spell did to one target."""

    id: str
    cover: str
    roll: TargetRoll
    damage: DamageOutcome | None
    before: Token
    after: Token
    given: tuple[SpellEffect, ...] = ()
    #: The target's state afterwards (``ok``, ``unconscious``, ``dying 1``, ``dead``).
    state: str = "ok"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "cover": self.cover}
        out.update(self.roll.fields)
        out["damage"] = 0 if self.damage is None else self.damage.total
        out["hp"] = self.after.hp
        out["temp_hp"] = self.after.temp_hp
        out["state"] = self.state
        out["conditions"] = sorted(self.after.conditions)
        return out


@dataclass(frozen=True, slots=True)
class CastResult:
    aim: Aim
    targets: tuple[TargetResult, ...]
    entries: tuple[DamageEntry, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"spell": self.aim.spell.name, "level": self.aim.level}
        if self.aim.dc is not None:
            out["dc"] = self.aim.dc
        out["damage_formula"] = self.aim.damage_formula
        out["targets"] = [t.to_json() for t in self.targets]
        out["excluded"] = [{"id": i, "why": why} for i, why in self.aim.excluded]
        return out


# ------------------------------------------------------------------------------------------------- aim


def aim(
    scene: Scene,
    caster: Token,
    spell: Spell,
    *,
    level: int | None = None,
    placement: Placement = Placement(),
    target_ids: Sequence[str] = (),
) -> Aim:
    """Aim `spell` (see the module docstring). Raises `QueryError`."""
    system = system_for(scene)
    rules = system.casting
    try:
        cast_at = rules.cast_level(spell, level, caster)
    except CastRefused as exc:
        raise QueryError("bad value", str(exc)) from None
    form = rules.form(spell, cast_at, caster)
    dc: int | None = None
    if spell.save is not None:
        dc = spell.dc if spell.dc is not None else caster.spell_dc
        if dc is None:
            raise QueryError(
                "missing field", f"token {caster.id!r} has no 'spell_dc' (the DC of {spell.name})"
            )
    bonus: int | None = None
    if spell.attack:
        bonus = spell.attack_bonus if spell.attack_bonus is not None else caster.spell_attack
        if bonus is None:
            raise QueryError(
                "missing field", f"token {caster.id!r} has no 'spell_attack' (the attack of {spell.name})"
            )
    cost = rules.cost(spell)
    if form.area is not None:
        spec, result, targets, excluded = _area_targets(scene, system, caster, spell, form, placement)
        return Aim(caster, spell, cast_at, form, cost, dc, bonus, targets, excluded, spec, result)
    chosen = _chosen_targets(scene, caster, spell, form, target_ids)
    return Aim(caster, spell, cast_at, form, cost, dc, bonus, chosen)


def _point_distance(scene: Scene, caster: Token, point: Point) -> int:
    """Feet from the caster's space to the nearest square touching `point`."""
    xs = (
        {math.floor(point.x) - 1, math.floor(point.x)}
        if float(point.x).is_integer()
        else {math.floor(point.x)}
    )
    ys = (
        {math.floor(point.y) - 1, math.floor(point.y)}
        if float(point.y).is_integer()
        else {math.floor(point.y)}
    )
    mode = scene.options.diagonals
    return min(space_distance(caster.cell, caster.side_squares, (x, y), 1, mode) for x in xs for y in ys)


def _area_targets(
    scene: Scene, system: RuleSystem, caster: Token, spell: Spell, form: CastForm, placement: Placement
) -> tuple[AreaSpec, AreaResult, tuple[Aimed, ...], tuple[tuple[str, str], ...]]:
    assert form.area is not None
    shape = form.area.shape
    from_caster = spell.range is None and not spell.touch
    point: Point | None
    direction: float | None = None
    creator: str | None = None
    if shape in CORNER_SHAPES:
        point = placement.corner if placement.corner is not None else placement.origin
        if point is None:
            raise QueryError("missing field", f"{spell.name} is a {shape}: the cast query needs 'corner'")
        if shape == "cube" and from_caster:
            creator = caster.id
    elif shape in AIMED_SHAPES:
        point = placement.origin if placement.origin is not None else placement.corner
        if placement.direction is None:
            raise QueryError("missing field", f"{spell.name} is a {shape}: the cast query needs 'direction'")
        if not math.isfinite(placement.direction):
            raise QueryError("bad value", f"'direction' must be a finite number, got {placement.direction!r}")
        direction = placement.direction
        # the creature it comes from is never in its own cone or line; a hazard's source is no creature on
        # the map (`rules.play.hazards.hazard_source`): its area leaves nobody out
        creator = caster.id if scene.token(caster.id) is not None else None
    else:  # emanation
        point = None
        creator = caster.id
    if point is not None and not (math.isfinite(point.x) and math.isfinite(point.y)):
        raise QueryError("bad value", f"the area's point {list(point)} is not a point on the map")
    spec = AreaSpec(
        shape=shape,
        feet=form.area.feet,
        origin=point,
        direction=direction,
        width=form.area.width,
        token_id=creator,
        elevation=placement.elevation,
    )
    if spell.range is not None and point is not None:
        far = _point_distance(scene, caster, point)
        if far > spell.range:
            raise QueryError(
                "out of range",
                f"the {shape}'s point {list(point)} is {far} ft from {caster.id}, beyond {spell.name}'s "
                f"range of {spell.range} ft",
            )
    result = resolve_area(scene, spec)
    inside = set(result.tokens)
    cells = set(result.cells)
    blocked = set(result.blocked)
    excluded: list[tuple[str, str]] = []
    for t in scene.tokens:
        if t.id in inside or (creator is not None and t.id == creator):
            continue
        mine = [c for c in t.squares() if c in cells]
        if not mine:
            continue
        excluded.append((t.id, NO_LINE if all(c in blocked for c in mine) else OUT_OF_HEIGHT))
    targets: list[Aimed] = []
    for tid in sorted(inside):
        target = scene.token(tid)
        assert target is not None
        if shape == "emanation":
            degree = (
                geometry_cover(scene, target, caster, caster.centre()).degree if tid != caster.id else "none"
            )
        elif creator is not None:
            degree = (
                geometry_cover(scene, target, caster, result.origin).degree if tid != caster.id else "none"
            )
        else:
            degree = geometry_cover(scene, target, origin=result.origin).degree
        targets.append(Aimed(tid, str(degree)))
    return spec, result, tuple(targets), tuple(sorted(excluded))


def _chosen_targets(
    scene: Scene, caster: Token, spell: Spell, form: CastForm, target_ids: Sequence[str]
) -> tuple[Aimed, ...]:
    ids = list(target_ids)
    if form.targets == 0 and not ids:
        ids = [caster.id]
    if not ids:
        raise QueryError("missing field", f"{spell.name} has no area: the cast query needs 'targets' (ids)")
    if len(set(ids)) != len(ids):
        raise QueryError("bad value", f"'targets' names a creature twice: {ids}")
    most = max(form.targets, 1)
    if len(ids) > most:
        raise QueryError(
            "bad value", f"{spell.name} at level {form.level} has at most {most} target(s), not {len(ids)}"
        )
    out: list[Aimed] = []
    for tid in ids:
        if not isinstance(tid, str):
            raise QueryError("bad value", f"'targets' must be token ids, got {tid!r}")
        target = scene.token(tid)
        if target is None:
            raise QueryError("unknown token", f"no token with id {tid!r} in this scene")
        if target.id == caster.id:
            out.append(Aimed(tid, "none"))
            continue
        far = board.distance(scene, caster, target)
        if spell.touch:
            if not board.in_reach(scene, caster, target, max(caster.reach, 5)):
                raise QueryError(
                    "out of range", f"{spell.name} needs a touch: {tid} is {far} ft from {caster.id}"
                )
        elif spell.range is not None and far > spell.range:
            raise QueryError(
                "out of range",
                f"{tid} is {far} ft from {caster.id}, beyond {spell.name}'s range of {spell.range} ft",
            )
        degree = str(geometry_cover(scene, target, caster).degree)
        if degree == "blocked":
            raise QueryError("no line of effect", f"{caster.id} has no line of effect to {tid}")
        if degree == "total":
            raise QueryError("total cover", f"{tid} has total cover from {caster.id}")
        out.append(Aimed(tid, degree))
    return tuple(sorted(out, key=lambda a: a.id))


# --------------------------------------------------------------------------------------------- resolve


@dataclass(frozen=True, slots=True)
class Rolls:
    """The dice of a cast: each target's d20 (PF2e one die; 5e one or [first, second]), the damage rolled
    once for every target, and a 5e critical hit's damage (the dice rolled twice)."""

    saves: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    attack_d20: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    damage: tuple[DamageEntry, ...] | None = None
    critical_damage: tuple[DamageEntry, ...] | None = None


def roll_for(scene: Scene, a: Aim, target: Token, cover: str, rolls: Rolls) -> TargetRoll:
    """One target's roll: its save, its spell attack, or nothing to roll."""
    system = system_for(scene)
    rules = system.casting
    spell = a.spell
    if spell.save is not None:
        assert a.dc is not None
        d20 = rolls.saves.get(target.id)
        if d20 is None:
            raise QueryError("missing field", f"the cast query needs saves[{target.id!r}] (its d20)")
        return rules.save(scene, target, spell, a.dc, d20, cover=cover)
    if spell.attack:
        assert a.attack_bonus is not None
        d20 = rolls.attack_d20.get(target.id)
        if d20 is None:
            raise QueryError("missing field", f"the cast query needs attack_d20[{target.id!r}] (its d20)")
        weapon = rules.spell_weapon(spell, a.attack_bonus)
        dice = tuple(d20) if len(d20) > 1 or system.attack_d20s == 1 else tuple(d20) * 2
        result = system.attack(scene, a.caster, target, weapon, dice, attack_number=1)
        return rules.attack_roll(result)
    return rules.unrolled(spell)


def give_effects(target: Token, effects: Sequence[SpellEffect]) -> Token:
    """`target` with the conditions of `effects` (a valued one keeps the higher value)."""
    after = target
    for e in effects:
        name, value = e.name, e.value
        if value is not None:
            value = max(value, after.condition_value(name))
        after = after.with_condition(name, value)
    return after


def resolve(scene: Scene, a: Aim, rolls: Rolls) -> CastResult:
    """Each target's outcome, damage and effects (see the module docstring). Raises `QueryError`."""
    system = system_for(scene)
    rules = system.casting
    if a.form.damage and rolls.damage is None:
        raise QueryError("missing field", f"the cast query needs 'damage' (the rolled {a.damage_formula})")
    out: list[TargetResult] = []
    for aimed in a.targets:
        target = scene.token(aimed.id)
        assert target is not None
        roll = roll_for(scene, a, target, aimed.cover, rolls)
        outcome: DamageOutcome | None = None
        after = target
        if a.form.damage:
            entries = rolls.damage or ()
            if roll.critical and roll.share != DOUBLE and rolls.critical_damage is not None:
                entries = rolls.critical_damage
            if target.hp is None:
                raise QueryError("missing field", f"token {target.id!r} has no 'hp'")
            outcome, after = rules.damage(target, entries, roll)
        given = a.spell.effects_for(roll.outcome)
        if roll.outcome == "hit" and not given:
            given = a.spell.effects_for("failure")
        if after.has_condition("dead"):
            given = ()
        after = give_effects(after, given)
        state = "ok"
        if outcome is not None:
            state = outcome.state
        elif after.hp is not None:
            state = system.state_of(after)
        out.append(TargetResult(aimed.id, aimed.cover, roll, outcome, target, after, tuple(given), state))
    return CastResult(a, tuple(out), tuple(rolls.damage or ()))


def apply_to_scene(scene: Scene, result: CastResult) -> Scene:
    """The scene with every target as the spell left it."""
    for t in result.targets:
        scene = scene.replace_token(t.after)
    return scene


# ------------------------------------------------------------------------------------------ the words


def target_line(result: TargetResult) -> str:
    """One target in the log: its roll, cover, damage, HP and the conditions it got."""
    who = result.before.label
    parts: list[str] = []
    if result.roll.lines:
        parts.append(result.roll.lines[0])
    if result.cover not in ("none", ""):
        parts.append(str(msg("{cover} cover", cover=result.cover)))
    if result.damage is not None:
        d = result.damage
        text = str(msg("takes {n} damage", n=d.total))
        immune = [s.type for s in d.steps if s.immune]
        if immune:
            text += str(msg(" (immune to {types})", types=", ".join(immune)))
        text += str(msg(": HP {before} → {after}", before=result.before.hp or 0, after=d.hp))
        if d.state != "ok":
            text += f" ({d.state})"
        parts.append(text)
    if result.given:
        parts.append(str(msg("now {conditions}", conditions=", ".join(e.condition for e in result.given))))
    if not parts:
        parts.append(str(msg("unaffected")))
    return f"{who}: " + "; ".join(parts)


def headline(result: CastResult) -> str:
    a = result.aim
    text = str(msg("{caster} casts {spell}", caster=a.caster.label, spell=a.spell.name))
    if a.spell.kind == "ability":
        text = str(msg("{caster} uses {spell}", caster=a.caster.label, spell=a.spell.name))
    if a.level != a.spell.level and a.spell.kind == "spell":
        text += str(msg(" at level {level}", level=a.level))
    if a.dc is not None:
        text += str(msg(" (DC {dc})", dc=a.dc))
    if result.entries:
        text += ": " + ", ".join(f"{e.amount} {e.type}" for e in result.entries)
    return text


def explain(result: CastResult) -> tuple[str, ...]:
    """The log entry: the headline, each target, and each creature left out and why."""
    lines = [headline(result)]
    lines += ["  " + target_line(t) for t in result.targets]
    lines += ["  " + str(msg("{id}: not affected ({why})", id=i, why=why)) for i, why in result.aim.excluded]
    if not result.targets:
        lines.append("  " + str(msg("no creature is affected")))
    return tuple(lines)


def with_tokens(a: Aim, scene: Scene) -> Aim:
    """`a` with its caster read again from `scene` (after earlier changes in the same step)."""
    caster = scene.token(a.caster.id)
    return a if caster is None else replace(a, caster=caster)
