"""Spells and creature abilities as values: what a spell *is*, so the engine can aim, heighten and resolve it.

A `Spell` is a PF2e spell (``level`` is its rank), a D&D 5e spell (``level`` is its spell level; 0 is a
cantrip) or a creature's ability such as a dragon's breath weapon (``kind`` ``ability``: it never
heightens and spends no spell slot). Every value is frozen and validated when it is made: a bad field
raises `SpellError` naming it (``damage[1].formula: …``). The JSON reader and writer are
`rules.io.spell_json`.

What a spell holds (query-protocol.md "Spells and abilities"):

* ``range`` in feet (None: the area starts at the caster — cones, lines, emanations, self; `touch` for a
  spell that needs the target within the caster's reach); PF2e ``actions`` (1–3, ``actions_max`` for
  a variable cost such as Heal's "1 to 3"), 5e ``casting_time`` (``action``, ``bonus``, ``reaction`` or a
  longer time as text such as ``1 minute``);
* an ``area`` (`SpellArea`: the shape and size, placed when cast) or a number of ``targets``;
* a ``save`` (`SpellSave`: the statistic; PF2e basic or not; what each outcome leaves of the damage) or a
  spell ``attack``;
* ``damage`` by type (`DamagePart`) and ``heighten`` (`Heighten`: an interval — the list added once per
  N levels above the spell's — and fixed levels that replace the damage, targets or area from a level on);
* ``effects``: conditions given by outcome (`SpellEffect`, each lasting as `Lasting` says: the existing
  timed effects of `rules.model.effects` are made from it when cast);
* ``concentration`` (5e), ``sustained`` (PF2e), the spell's ``duration`` and ``uses`` (`SpellUses`: a 5e
  slot, a PF2e slot or focus point, per day, recharge 5–6, at will);
* an ability's own ``dc`` / ``attack_bonus`` (a breath weapon's "DC 21"), which win over the caster's
  ``spell_dc`` / ``spell_attack``.

A spell read from a data file keeps its rules ``text``; `reason` says what of it could not be read as
data (empty when everything the engine needs was read: the spell is `structured`). Nothing is guessed.

Heightening arithmetic that is the same in every system lives here (`heightened`); which level a spell is
cast at and how a cantrip scales are the systems' decisions (`rules.systems.casting`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rules import dice

JSON = Any

KINDS: tuple[str, ...] = ("spell", "ability")
PF2E_SAVES: tuple[str, ...] = ("fortitude", "reflex", "will")
DND_SAVES: tuple[str, ...] = ("str", "dex", "con", "int", "wis", "cha")
SAVE_STATS: tuple[str, ...] = (*PF2E_SAVES, *DND_SAVES)
SAVE_ALIASES: dict[str, str] = {
    "fort": "fortitude",
    "ref": "reflex",
    "strength": "str",
    "dexterity": "dex",
    "constitution": "con",
    "intelligence": "int",
    "wisdom": "wis",
    "charisma": "cha",
}
#: Outcomes of a save or an attack that effects and damage are keyed by.
PF2E_OUTCOMES: tuple[str, ...] = ("critical-success", "success", "failure", "critical-failure")
DND_OUTCOMES: tuple[str, ...] = ("success", "failure")
#: 5e spell attacks: effects on a hit / a miss.
ATTACK_OUTCOMES: tuple[str, ...] = ("hit", "miss")
OUTCOMES: tuple[str, ...] = (*PF2E_OUTCOMES, *ATTACK_OUTCOMES)
#: What an outcome leaves of the rolled damage.
DAMAGE_SHARES: tuple[str, ...] = ("none", "half", "full", "double")
AREA_SHAPES: tuple[str, ...] = ("burst", "emanation", "cone", "line", "sphere", "cube", "cylinder")
CASTING_TIMES: tuple[str, ...] = ("action", "bonus", "reaction")
USE_KINDS: tuple[str, ...] = ("slot", "focus", "per-day", "recharge", "at-will")
LASTING_KINDS: tuple[str, ...] = ("instant", "rounds", "turn", "save", "sustained", "hand")
WHO: tuple[str, ...] = ("target", "caster")
MOMENTS: tuple[str, ...] = ("start", "end")
MAX_LEVEL = 10
MAX_FEET = 10_000
MAX_TARGETS = 1000
MAX_NUMBER = 1000


class SpellError(ValueError):
    """A spell's data is invalid. `field` names the bad field (``heighten.every``)."""

    def __init__(self, field_name: str, message: str) -> None:
        self.field = field_name
        self.detail = message
        super().__init__(f"{field_name}: {message}" if field_name else message)


def canonical_save(name: str) -> str | None:
    """``Dexterity`` → ``dex``, ``Reflex`` → ``reflex``; None when `name` isn't a save."""
    key = name.strip().lower().rstrip(".")
    key = SAVE_ALIASES.get(key, key)
    return key if key in SAVE_STATS else None


def _int(value: object, name: str, lo: int, hi: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SpellError(name, f"expected a whole number, got {value!r:.40}")
    if not lo <= value <= hi:
        raise SpellError(name, f"{value} is not between {lo} and {hi}")


def _choice(value: object, name: str, options: Sequence[str]) -> None:
    if value not in options:
        raise SpellError(name, f"{value!r:.40} is not one of {', '.join(options)}")


# ------------------------------------------------------------------------------------------------ parts


@dataclass(frozen=True, slots=True)
class DamagePart:
    """Dice of one damage type: ``6d6`` ``fire``; a PF2e persistent part is typed ``persistent fire``."""

    formula: str
    type: str

    def __post_init__(self) -> None:
        if not isinstance(self.formula, str) or not self.formula.strip():
            raise SpellError("formula", "is empty")
        try:
            parsed = dice.parse(self.formula)
        except dice.DiceSyntaxError as exc:
            raise SpellError("formula", f"{self.formula!r} is not dice notation ({exc.short})") from None
        if any(p.type for p in parsed.parts):
            raise SpellError("formula", f"{self.formula!r}: give the damage type in 'type', not the formula")
        if not isinstance(self.type, str) or not self.type.strip() or self.type != self.type.strip().lower():
            raise SpellError("type", f"{self.type!r:.40} is not a damage type in lower case (such as 'fire')")

    @property
    def text(self) -> str:
        return f"{self.formula} {self.type}"


@dataclass(frozen=True, slots=True)
class SpellArea:
    """An area's shape and size, without its placement: a burst's radius, a cone's or line's length (a
    line's width), a cube's edge."""

    shape: str
    feet: int
    width: int = 5

    def __post_init__(self) -> None:
        _choice(self.shape, "shape", AREA_SHAPES)
        _int(self.feet, "feet", 0, MAX_FEET)
        _int(self.width, "width", 1, MAX_FEET)

    @property
    def text(self) -> str:
        if self.shape == "line":
            return f"{self.feet}-ft line ({self.width} ft wide)"
        return f"{self.feet}-ft {self.shape}"


@dataclass(frozen=True, slots=True)
class SpellSave:
    """The save a target makes: `stat` (canonical: ``reflex``, ``dex``); PF2e `basic`; `shares` overrides
    what an outcome leaves of the damage (5e ``success``: ``half`` or ``none``; PF2e any degree), as
    (outcome, share) pairs. The systems fill in the rest (`rules.systems.casting`)."""

    stat: str
    basic: bool = False
    shares: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        _choice(self.stat, "stat", SAVE_STATS)
        seen: set[str] = set()
        for outcome, share in self.shares:
            _choice(outcome, "shares", PF2E_OUTCOMES)
            _choice(share, outcome, DAMAGE_SHARES)
            if outcome in seen:
                raise SpellError(outcome, "given twice")
            seen.add(outcome)

    def share(self, outcome: str) -> str | None:
        """The share the spell itself gives `outcome`, or None (the system's default applies)."""
        return dict(self.shares).get(outcome)


@dataclass(frozen=True, slots=True)
class Lasting:
    """How long a spell or one of its effects lasts, as the timed effects count it (`rules.model.effects`):

    * ``instant`` — no duration (a condition it gives stays until removed, like prone);
    * ``rounds`` — `count` rounds, counted on the caster's turns (1 minute = 10 rounds);
    * ``turn`` — until the `at` (start or end) of `who`'s (``target`` or ``caster``) `count`-th next turn;
    * ``save`` — until the target succeeds at `save` (the save repeated at the end of each of its turns);
    * ``sustained`` — PF2e: until the end of the caster's next turn unless sustained;
    * ``hand`` — until the GM ends it.
    `text` keeps the words it was read from (``Up to 1 minute``)."""

    kind: str = "hand"
    count: int = 1
    at: str = "end"
    who: str = "target"
    save: str = ""
    text: str = ""

    def __post_init__(self) -> None:
        _choice(self.kind, "kind", LASTING_KINDS)
        _int(self.count, "count", 1, 10_000_000)
        _choice(self.at, "at", MOMENTS)
        _choice(self.who, "who", WHO)


@dataclass(frozen=True, slots=True)
class SpellEffect:
    """A condition given to a target (``frightened 2``, ``prone``); `lasts` overrides the spell's duration."""

    condition: str
    lasts: Lasting | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.condition, str) or not self.condition.strip():
            raise SpellError("condition", "is empty")
        name, value = split_condition(self.condition)
        if not name:
            raise SpellError("condition", f"{self.condition!r} is not a condition")
        if value is not None and value < 1:
            raise SpellError("condition", f"{self.condition!r}: a condition's value is 1 or more")

    @property
    def name(self) -> str:
        return split_condition(self.condition)[0]

    @property
    def value(self) -> int | None:
        return split_condition(self.condition)[1]


def split_condition(text: str) -> tuple[str, int | None]:
    """``frightened 2`` → (``frightened``, 2); ``prone`` → (``prone``, None). Lower case."""
    words = text.strip().lower().split()
    if len(words) > 1 and words[-1].lstrip("-").isdigit():
        return " ".join(words[:-1]), int(words[-1])
    return " ".join(words), None


@dataclass(frozen=True, slots=True)
class HeightenLevel:
    """A fixed heightened entry: from `level` on, these fields replace the spell's (None: unchanged)."""

    level: int
    damage: tuple[DamagePart, ...] | None = None
    targets: int | None = None
    area_feet: int | None = None

    def __post_init__(self) -> None:
        _int(self.level, "level", 0, MAX_LEVEL)
        if self.targets is not None:
            _int(self.targets, "targets", 0, MAX_TARGETS)
        if self.area_feet is not None:
            _int(self.area_feet, "area", 0, MAX_FEET)


@dataclass(frozen=True, slots=True)
class Heighten:
    """Heightening: every `every` levels above the spell's, `damage` is added (and `targets` more targets,
    `area` more feet); `levels` are fixed entries (PF2e "Heightened (3rd)", a 5e table of damage by slot
    level) that replace fields from their level on. `every` 0: no interval."""

    every: int = 0
    damage: tuple[DamagePart, ...] = ()
    targets: int = 0
    area: int = 0
    levels: tuple[HeightenLevel, ...] = ()

    def __post_init__(self) -> None:
        _int(self.every, "every", 0, MAX_LEVEL)
        _int(self.targets, "targets", 0, MAX_TARGETS)
        _int(self.area, "area", 0, MAX_FEET)
        if self.every == 0 and (self.damage or self.targets or self.area):
            raise SpellError("every", "an interval's damage, targets or area needs 'every' (1 or more)")
        seen: set[int] = set()
        for i, entry in enumerate(self.levels):
            if not isinstance(entry, HeightenLevel):
                raise SpellError(f"levels[{i}]", "expected a heightened level")
            if entry.level in seen:
                raise SpellError(f"levels.{entry.level}", "given twice")
            seen.add(entry.level)


@dataclass(frozen=True, slots=True)
class SpellUses:
    """How a spell or ability is paid for: ``slot`` (a spell slot of its level or higher), ``focus`` (PF2e:
    `count` Focus Points), ``per-day`` (`count` uses a day), ``recharge`` (5e monsters: spent, it comes
    back on a d6 roll of `recharge` or more at the start of the creature's turn), ``at-will``."""

    kind: str = "at-will"
    count: int = 1
    recharge: int = 0

    def __post_init__(self) -> None:
        _choice(self.kind, "kind", USE_KINDS)
        _int(self.count, "count", 1, MAX_NUMBER)
        _int(self.recharge, "recharge", 0, 6)
        if self.kind == "recharge" and not 2 <= self.recharge <= 6:
            raise SpellError("recharge", f"a recharge needs the lowest d6 result (2–6), got {self.recharge}")

    @property
    def text(self) -> str:
        if self.kind == "recharge":
            return "Recharge 6" if self.recharge == 6 else f"Recharge {self.recharge}–6"
        if self.kind == "per-day":
            return f"{self.count}/day"
        if self.kind == "focus":
            return f"{self.count} Focus Point" + ("s" if self.count != 1 else "")
        return {"slot": "spell slot", "at-will": "at will"}[self.kind]


# ------------------------------------------------------------------------------------------------ spell


@dataclass(frozen=True, slots=True)
class Spell:
    """A spell or ability (see the module docstring). `effects` are (outcome, effects) pairs."""

    name: str
    level: int = 0
    kind: str = "spell"
    range: int | None = None
    touch: bool = False
    actions: int | None = None
    actions_max: int | None = None
    casting_time: str | None = None
    area: SpellArea | None = None
    targets: int = 1
    save: SpellSave | None = None
    attack: bool = False
    damage: tuple[DamagePart, ...] = ()
    heighten: Heighten | None = None
    effects: tuple[tuple[str, tuple[SpellEffect, ...]], ...] = ()
    concentration: bool = False
    sustained: bool = False
    duration: Lasting | None = None
    uses: SpellUses | None = None
    dc: int | None = None
    attack_bonus: int | None = None
    #: The target gains no benefit from cover against it (5e Sacred Flame).
    ignores_cover: bool = False
    traits: tuple[str, ...] = ()
    #: The bundled data's key (5e SRD ``burning-hands``).
    index: str = ""
    text: str = ""
    source: str = ""
    license: str = ""
    #: What could not be read as data (empty: structured).
    reason: str = ""
    extra: dict[str, JSON] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        validate(self)

    @property
    def structured(self) -> bool:
        return not self.reason

    @property
    def is_cantrip(self) -> bool:
        return self.kind == "spell" and self.level == 0

    def effects_for(self, outcome: str) -> tuple[SpellEffect, ...]:
        return dict(self.effects).get(outcome, ())

    @property
    def has_roll(self) -> bool:
        return self.save is not None or self.attack


def pays_with(spell: Spell) -> str:
    """How `spell` is paid for (one of `USE_KINDS`): its own `uses`; without them a cantrip is cast at will
    and any other spell with a slot; an ability never takes a slot (at will)."""
    kind = spell.uses.kind if spell.uses is not None else ("at-will" if spell.is_cantrip else "slot")
    return "at-will" if spell.kind == "ability" and kind == "slot" else kind


def validate(s: Spell) -> None:
    """Raise `SpellError` for the first invalid field of `s`."""
    if not isinstance(s.name, str) or not s.name.strip():
        raise SpellError("name", "is empty")
    _choice(s.kind, "kind", KINDS)
    _int(s.level, "level", 0, MAX_LEVEL)
    if s.range is not None:
        _int(s.range, "range", 0, 10_000_000)
    if s.actions is not None:
        _int(s.actions, "actions", 0, 3)
    if s.actions_max is not None:
        _int(s.actions_max, "actions_max", s.actions or 0, 3)
    if s.casting_time is not None and (not isinstance(s.casting_time, str) or not s.casting_time.strip()):
        raise SpellError("casting_time", "is empty")
    _int(s.targets, "targets", 0, MAX_TARGETS)
    if s.save is not None and s.attack:
        raise SpellError("attack", "a spell has a save or a spell attack, not both")
    for i, part in enumerate(s.damage):
        if not isinstance(part, DamagePart):
            raise SpellError(f"damage[{i}]", "expected a damage part")
    seen: set[str] = set()
    for outcome, effects in s.effects:
        _choice(outcome, "effects", OUTCOMES)
        if outcome in seen:
            raise SpellError(f"effects.{outcome}", "given twice")
        seen.add(outcome)
        for i, e in enumerate(effects):
            if not isinstance(e, SpellEffect):
                raise SpellError(f"effects.{outcome}[{i}]", "expected an effect")
    if s.dc is not None:
        _int(s.dc, "dc", 0, MAX_NUMBER)
    if s.attack_bonus is not None:
        _int(s.attack_bonus, "attack_bonus", -MAX_NUMBER, MAX_NUMBER)
    if not isinstance(s.reason, str):
        raise SpellError("reason", "expected text")


# ------------------------------------------------------------------------------------------- heightening


@dataclass(frozen=True, slots=True)
class CastForm:
    """A spell as cast at one level: its damage (after heightening and cantrip scaling), targets and area."""

    level: int
    damage: tuple[DamagePart, ...]
    targets: int
    area: SpellArea | None


def heightened(spell: Spell, level: int, *, base: int | None = None, dice_times: int = 1) -> CastForm:
    """`spell` cast at `level`. Fixed entries (`Heighten.levels`) up to `level` replace fields, the last
    one winning; then the interval adds its damage, targets and area once for every `every` levels above
    `base` (default the spell's level; a PF2e cantrip counts from 1). `dice_times` multiplies every die's
    count (a 5e cantrip: ×2 at character level 5 …), modifiers unchanged."""
    start = spell.level if base is None else base
    damage = spell.damage
    targets = spell.targets
    area = spell.area
    h = spell.heighten
    if h is not None:
        for entry in sorted(h.levels, key=lambda e: e.level):
            if entry.level > level:
                break
            if entry.damage is not None:
                damage = entry.damage
            if entry.targets is not None:
                targets = entry.targets
            if entry.area_feet is not None and area is not None:
                area = replace(area, feet=entry.area_feet)
        if h.every > 0 and level > start:
            steps = (level - start) // h.every
            damage = (*damage, *(p for _ in range(steps) for p in h.damage))
            targets += steps * h.targets
            if area is not None and h.area:
                area = replace(area, feet=area.feet + steps * h.area)
    if dice_times != 1:
        damage = tuple(replace(p, formula=times_dice(p.formula, dice_times)) for p in damage)
    return CastForm(level, tuple(damage), targets, area)


def times_dice(formula: str, times: int) -> str:
    """Every die count of `formula` × `times` (``1d10`` × 2 → ``2d10``; ``1d8+3`` → ``2d8+3``)."""

    def scale(d: dice.Dice) -> dice.Dice:
        keep = None if d.keep is None else (d.keep[0], d.keep[1] * times)
        return dice.Dice(d.count * times, d.sides, keep)

    return dice.parse(formula).map_dice(scale).render(types=False)


def damage_formula(parts: Iterable[DamagePart]) -> str | None:
    """The damage as one formula: per type (in the order types first appear), dice of the same size summed
    (in order of appearance) and flat amounts summed, ``+``-joined with the type after each group:
    ``8d6 fire``, ``2d6 fire+2d6 cold``, ``3d4+3 force``. None without damage."""
    groups: dict[str, tuple[dict[int, int], list[int], list[str]]] = {}
    for part in parts:
        sides_count, flat, other = groups.setdefault(part.type, ({}, [0], []))
        for sign, term in _terms(dice.parse(part.formula).parts[0].expr):
            if isinstance(term, dice.Dice) and term.keep is None and sign > 0:
                sides_count[term.sides] = sides_count.get(term.sides, 0) + term.count
            elif isinstance(term, dice.Number):
                flat[0] += sign * term.value
            else:
                other.append(("-" if sign < 0 else "") + term.render())
    if not groups:
        return None
    texts: list[str] = []
    for kind, (sides_count, flat, other) in groups.items():
        pieces = [f"{n}d{s}" for s, n in sides_count.items()] + other
        text = "+".join(pieces).replace("+-", "-")
        if flat[0]:
            text = f"{text}{flat[0]:+d}" if text else str(flat[0])
        texts.append(f"{text or '0'} {kind}")
    return "+".join(texts)


def _terms(node: dice.Node) -> list[tuple[int, dice.Node]]:
    """The additive terms of an expression with their signs (``2d6+3-1`` → +2d6, +3, −1)."""
    if isinstance(node, dice.BinOp) and node.op in ("+", "-"):
        left = _terms(node.left)
        right = _terms(node.right)
        if node.op == "-":
            right = [(-s, n) for s, n in right]
        return left + right
    if isinstance(node, dice.Neg):
        return [(-s, n) for s, n in _terms(node.operand)]
    return [(1, node)]


def with_reason(spell: Spell, *reasons: str) -> Spell:
    """`spell` with `reasons` added to what could not be read as data (empty reasons are skipped)."""
    kept = [r for r in (spell.reason, *reasons) if r]
    return replace(spell, reason="; ".join(dict.fromkeys(kept)))


def outcome_effects(
    pairs: Mapping[str, Sequence[SpellEffect]],
) -> tuple[tuple[str, tuple[SpellEffect, ...]], ...]:
    """Effects by outcome as the `Spell.effects` pairs, in the protocol's outcome order."""
    return tuple((o, tuple(pairs[o])) for o in OUTCOMES if o in pairs)


# ------------------------------------------------------------------------------------- a caster's uses


@dataclass(frozen=True, slots=True)
class SpellUsesLeft:
    """What a caster has spent of its spells and abilities, kept on its token (``spell_uses``):

    * `slots` — spell slots by level as (level, max, used): 5e slots; PF2e spell slots of a spontaneous
      caster (a prepared caster's spells are listed as they are prepared);
    * `focus` — PF2e Focus Points as (max, used), None when the creature has none;
    * `spent` — uses spent of limited abilities, by name: a per-day ability's count; a recharge ability
      spent (1) until it recharges.
    """

    slots: tuple[tuple[int, int, int], ...] = ()
    focus: tuple[int, int] | None = None
    spent: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        seen: set[int] = set()
        for level, most, used in self.slots:
            _int(level, "slots", 1, MAX_LEVEL)
            _int(most, f"slots.{level}.max", 0, MAX_NUMBER)
            _int(used, f"slots.{level}.used", 0, most)
            if level in seen:
                raise SpellError(f"slots.{level}", "given twice")
            seen.add(level)
        if self.focus is not None:
            _int(self.focus[0], "focus.max", 0, MAX_NUMBER)
            _int(self.focus[1], "focus.used", 0, self.focus[0])
        for name, count in self.spent:
            if not name:
                raise SpellError("spent", "an ability's name is empty")
            _int(count, f"spent.{name}", 0, MAX_NUMBER)

    def slots_left(self, level: int) -> int | None:
        """Slots of `level` left (None: the caster tracks no slots of that level)."""
        for lv, most, used in self.slots:
            if lv == level:
                return most - used
        return None

    def spent_of(self, name: str) -> int:
        return dict(self.spent).get(name, 0)

    @property
    def focus_left(self) -> int | None:
        return None if self.focus is None else self.focus[0] - self.focus[1]

    def with_slot_used(self, level: int) -> SpellUsesLeft:
        return replace(self, slots=tuple((lv, m, u + 1 if lv == level else u) for lv, m, u in self.slots))

    def with_focus_used(self, count: int) -> SpellUsesLeft:
        assert self.focus is not None
        return replace(self, focus=(self.focus[0], self.focus[1] + count))

    def with_spent(self, name: str, count: int) -> SpellUsesLeft:
        kept = tuple((n, c) for n, c in self.spent if n != name)
        return replace(self, spent=(*kept, (name, count)) if count else kept)

    @property
    def empty(self) -> bool:
        return not self.slots and self.focus is None and not self.spent


NO_USES = SpellUsesLeft()
