"""D&D 5e resistances that some attacks get past: resistance to nonmagical bludgeoning, piercing and
slashing (query-protocol "tokens": a 5e ``resistances`` entry may be ``{"type": "slashing", "unless":
"magical"}`` — resistance to nonmagical attacks only).

A token's or creature's resistances are (key, value) pairs; a qualified resistance's key is
``slashing unless magical`` (`qualified_key`), so every place that lists or copies resistances carries the
qualifier as it is and shows it in words. The scene and creature files write it as the object above
(`to_json`, `from_json`); damage resolution (`rules.systems.dnd5e.damage`) applies it only when the damage
is not from a magical attack (`damage` with ``"magical": true``, an attack with ``"magical": true``).
"""

from __future__ import annotations

from typing import Any

#: What may get past a qualified resistance (`unless`): only a magical attack, so far.
BYPASSES: tuple[str, ...] = ("magical",)
_WORD = " unless "


#: The physical damage types a resistance "to nonmagical attacks" qualifies (5e B/P/S).
PHYSICAL: tuple[str, ...] = ("bludgeoning", "piercing", "slashing")


def nonmagical(types: list[str]) -> list[str]:
    """Resistances to `types` from nonmagical attacks only: the physical ones qualified (a magical attack
    gets past them), the others as they are."""
    return [qualified_key(t, "magical") if t in PHYSICAL else t for t in types]


def qualified_key(damage_type: str, unless: str | None) -> str:
    """``slashing`` + ``magical`` → ``slashing unless magical`` (``slashing`` when `unless` is None)."""
    return damage_type if not unless else f"{damage_type}{_WORD}{unless}"


def split_key(key: str) -> tuple[str, str | None]:
    """``slashing unless magical`` → (``slashing``, ``magical``); a plain type → (type, None)."""
    head, word, tail = key.partition(_WORD)
    if word and tail.strip() in BYPASSES:
        return head.strip(), tail.strip()
    return key, None


def to_json(key: str) -> str | dict[str, str]:
    """A resistance key as the scene file writes it: a type, or ``{"type", "unless"}``."""
    kind, unless = split_key(key)
    return kind if unless is None else {"type": kind, "unless": unless}


def from_json(raw: Any) -> str:
    """The key of a file's resistance entry (a type, or ``{"type", "unless"}``). Raises `ValueError`
    (the message says what is wrong) for anything else."""
    if isinstance(raw, str):
        return raw.lower()
    if not isinstance(raw, dict):
        raise ValueError('expected a damage type or {"type": …, "unless": "magical"}')
    unknown = sorted(set(raw) - {"type", "unless"})
    if unknown:
        raise ValueError(f"unknown key {unknown[0]!r} (a resistance has 'type' and 'unless')")
    kind, unless = raw.get("type"), raw.get("unless")
    if not isinstance(kind, str) or not kind.strip():
        raise ValueError("'type' must be a damage type")
    if unless is not None and unless not in BYPASSES:
        raise ValueError(f"'unless' must be {' or '.join(repr(b) for b in BYPASSES)}, not {unless!r}")
    return qualified_key(kind.strip().lower(), unless)


def describe(key: str) -> str:
    """In words for a stat block: ``slashing (nonmagical)``."""
    kind, unless = split_key(key)
    return kind if unless is None else f"{kind} (non{unless})"
