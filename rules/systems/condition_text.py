"""A token's conditions typed as text — ``frightened 1, prone, 1d6 persistent fire`` — read and checked.

`read_conditions(system, text, keep)` reads the inspector's conditions box:

* entries are separated by commas; an entry is a condition's name with an optional whole-number value
  (``frightened 2``, ``prone``). The name must be one the system knows (`RuleSystem.condition_names`:
  its conditions, their other spellings, the engine's own marks), in any case, with spaces or hyphens
  (``Off Guard`` → ``off-guard``);
* where the system has persistent damage (PF2e), ``FORMULA persistent TYPE`` is a persistent damage
  (``1d6 persistent fire``, ``2 persistent bleed``): a dice formula (`rules.dice.parse`) and one of the
  system's damage types;
* an entry the token already carries (`keep`) stays as it is, known or not (a condition a file brought);
* anything else is refused with a `ConditionTextError` naming the entry and, when one is close enough
  (`difflib`), the condition meant: ``Unknown condition “frightend 1”: did you mean “frightened 1”?``.

`conditions_text(conditions, persistent)` writes the box back in the same form.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules import dice
from rules.messages import msg
from rules.model.scene import PersistentDamage
from rules.systems import system_for

UNKNOWN = "Unknown condition “{entry}”"
DID_YOU_MEAN = "Unknown condition “{entry}”: did you mean “{suggestion}”?"
BAD_VALUE = "“{entry}”: a condition's value is a whole number, such as “frightened 2”"
BAD_FORMULA = "“{entry}”: {problem}"
UNKNOWN_TYPE = "“{entry}”: {kind} is not a damage type"
UNKNOWN_TYPE_SUGGEST = "“{entry}”: {kind} is not a damage type — did you mean {suggestion}?"
NO_PERSISTENT = "“{entry}”: {system} has no persistent damage"
BARE_PERSISTENT = "“{entry}”: write the damage and its type, such as “1d6 persistent fire”"

#: The bare condition name that stands for persistent damage without saying which (PF2e's list has it).
PERSISTENT_MARK = "persistent-damage"
_PERSISTENT = re.compile(r"^(?P<formula>.+?)\s+persistent[\s-]+(?P<type>[a-z][a-z -]*)$", re.IGNORECASE)
_VALUED = re.compile(r"^(?P<name>[^\d]+?)\s*(?P<value>-?\d+)?$")


class ConditionTextError(ValueError):
    """The text names a condition the system doesn't have (the message says which, and what was meant)."""


@dataclass(frozen=True, slots=True)
class ConditionText:
    """What the box said: the conditions (``frightened 1``) and the persistent damages."""

    conditions: tuple[str, ...]
    persistent: tuple[PersistentDamage, ...]


def _key(name: str) -> str:
    return "-".join(name.strip().lower().replace("_", " ").split())


def _entries(text: str) -> list[str]:
    return [" ".join(part.split()) for part in text.split(",") if part.strip()]


def _suggest(word: str, names: Iterable[str]) -> str | None:
    close = difflib.get_close_matches(word, sorted(names), n=1, cutoff=0.7)
    return close[0] if close else None


def _persistent(system: str, entry: str) -> PersistentDamage | None:
    """The persistent damage `entry` writes, None when it isn't written as one. Raises
    `ConditionTextError` for a bad formula, an unknown type, or a system without persistent damage."""
    m = _PERSISTENT.match(entry)
    if m is None:
        return None
    rules = system_for(system)
    if not rules.persistent_damage:
        raise ConditionTextError(str(msg(NO_PERSISTENT, entry=entry, system=rules.title)))
    formula = m.group("formula").strip()
    try:
        parsed = dice.parse(formula)
    except dice.DiceSyntaxError as exc:
        raise ConditionTextError(str(msg(BAD_FORMULA, entry=entry, problem=exc.short))) from None
    if any(p.damage_type for p in parsed.parts) or len(parsed.parts) != 1:
        raise ConditionTextError(str(msg(UNKNOWN, entry=entry)))
    kind = _key(m.group("type"))
    if kind not in rules.damage_types:
        guess = _suggest(kind, rules.damage_types)
        if guess is None:
            raise ConditionTextError(str(msg(UNKNOWN_TYPE, entry=entry, kind=kind)))
        raise ConditionTextError(str(msg(UNKNOWN_TYPE_SUGGEST, entry=entry, kind=kind, suggestion=guess)))
    return PersistentDamage(parsed.parts[0].expr.render(), kind)


def read_condition(system: str, entry: str) -> str:
    """One condition entry in its canonical spelling (``Frightened  2`` → ``frightened 2``). Raises
    `ConditionTextError` (see the module docstring)."""
    names = system_for(system).condition_names()
    m = _VALUED.match(entry.strip())
    if m is None:
        raise ConditionTextError(str(msg(BAD_VALUE, entry=entry)))
    name, value = _key(m.group("name")), m.group("value")
    if name == PERSISTENT_MARK and system_for(system).persistent_damage:
        raise ConditionTextError(str(msg(BARE_PERSISTENT, entry=entry)))
    if name in names:
        if value is not None and int(value) < 0:
            raise ConditionTextError(str(msg(BAD_VALUE, entry=entry)))
        return name if value is None else f"{name} {int(value)}"
    guess = _suggest(name, names)
    if guess is None:
        raise ConditionTextError(str(msg(UNKNOWN, entry=entry)))
    suggestion = guess if value is None else f"{guess} {value}"
    raise ConditionTextError(str(msg(DID_YOU_MEAN, entry=entry, suggestion=suggestion)))


def read_conditions(system: str, text: str, keep: Sequence[str] = ()) -> ConditionText:
    """The conditions box read (see the module docstring). Raises `ConditionTextError`."""
    kept = {" ".join(k.split()).lower() for k in keep}
    conditions: list[str] = []
    persistent: list[PersistentDamage] = []
    for entry in _entries(text):
        if entry.lower() in kept:
            conditions.append(next(k for k in keep if " ".join(k.split()).lower() == entry.lower()))
            continue
        p = _persistent(system, entry)
        if p is not None:
            persistent = [q for q in persistent if q.type != p.type] + [p]
            continue
        condition = read_condition(system, entry)
        head = condition.split()[0]
        conditions = [c for c in conditions if c.split()[0] != head] + [condition]
    return ConditionText(tuple(conditions), tuple(persistent))


def conditions_text(conditions: Sequence[str], persistent: Sequence[PersistentDamage] = ()) -> str:
    """The box's text for these conditions and persistent damages (`read_conditions` reads it back)."""
    return ", ".join([*conditions, *(f"{p.damage} persistent {p.type}" for p in persistent)])


__all__ = [
    "ConditionText",
    "ConditionTextError",
    "conditions_text",
    "read_condition",
    "read_conditions",
]
