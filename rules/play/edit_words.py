"""A hand edit of a token in words: the log line the inspector's edits write ("Ayla is now a player
character", "Goblin 1's AC is now 16 (was 15)"), never field names and raw values ("pc False → True").

`edit_sentence(before, after, field)` names the creature by its label as it was (a rename says both names).
"""

from __future__ import annotations

from rules.messages import Message, msg
from rules.model.scene import Token

NOW_PC = "{name} is now a player character"
NO_LONGER_PC = "{name} is no longer a player character"
RENAMED = "{old} is now called {new}"
UNNAMED = "{old} no longer has a name of its own (it shows as {new})"
SIDE = "{name} is now on the {side} side (was {old})"
SIZE = "{name} is now {size} (was {old})"
NUMBER = "{name}'s {what} is now {value} (was {old})"
NUMBER_SET = "{name}'s {what} is now {value}"
NUMBER_CLEARED = "{name}'s {what} is no longer set (was {old})"
FEET = "{value} ft"
ELEVATION_UP = "{name} is now {feet} ft up (was {old})"
GROUNDED = "{name} is now on the ground (was {old})"
ELEVATION_OLD = "{feet} ft"
PORTRAIT = "{name}'s portrait is now {image}"
NO_PORTRAIT = "{name} no longer has a portrait"
OTHER = "{name}'s {what} changed"

_WHAT: dict[str, str] = {
    "speed": "Speed",
    "reach": "reach",
    "ac": "AC",
    "hp": "HP",
    "max_hp": "maximum HP",
    "temp_hp": "temporary HP",
}
_FEET_FIELDS = ("speed", "reach")


def _shown(field: str, value: object) -> str | Message:
    if field in _FEET_FIELDS and isinstance(value, int):
        return msg(FEET, value=value)
    return str(value)


def edit_sentence(before: Token, after: Token, field: str) -> Message:
    """The sentence for changing `field` of `before` into `after` (see the module docstring)."""
    name = before.label
    old, new = getattr(before, field), getattr(after, field)
    if field == "pc":
        return msg(NOW_PC if new else NO_LONGER_PC, name=name)
    if field == "name":
        return msg(RENAMED, old=name, new=after.label) if new else msg(UNNAMED, old=name, new=after.label)
    if field == "side":
        return msg(SIDE, name=name, side=str(new), old=str(old))
    if field == "size":
        return msg(SIZE, name=name, size=str(new).capitalize(), old=str(old).capitalize())
    if field == "elevation":
        was = msg(ELEVATION_OLD, feet=int(old))
        if new:
            return msg(ELEVATION_UP, name=name, feet=int(new), old=was)
        return msg(GROUNDED, name=name, old=was)
    if field == "image":
        return msg(PORTRAIT, name=name, image=str(new)) if new else msg(NO_PORTRAIT, name=name)
    what = _WHAT.get(field)
    if what is None:
        return msg(OTHER, name=name, what=field.replace("_", " "))
    if new is None:
        return msg(NUMBER_CLEARED, name=name, what=what, old=_shown(field, old))
    if old is None:
        return msg(NUMBER_SET, name=name, what=what, value=_shown(field, new))
    return msg(NUMBER, name=name, what=what, value=_shown(field, new), old=_shown(field, old))


__all__ = ["edit_sentence"]
