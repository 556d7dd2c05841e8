"""PF2e movement actions that aren't a Stride: Drop Prone, Stand, Crawl, Leap, and falling.

Player Core "Basic Actions" and "Movement":

* **Drop Prone** (move): the creature becomes prone. **Stand** (move): it stops being prone. **Crawl**
  (move): while prone and with a Speed of at least 10 ft, it moves 5 ft and stays prone (`crawl_feet`).
  All three are move actions: a creature with Reactive Strike and the actor within reach may react
  (`rules.systems.reactions.action_reactions`).
* **Leap** (move): horizontally 10 ft with a Speed of at least 15 ft, 15 ft with a Speed of at least 30 ft,
  not at all below 15 ft; vertically up to 3 ft up and 5 ft across (`leap`).
* **Falling**: a fall of more than 5 ft deals bludgeoning damage equal to half the distance fallen (rounded
  down); 1,500 ft or more counts as 1,500 ft (750 damage). Landing in water, snow or another soft substance
  counts the fall 20 ft shorter, 30 ft when the creature dove in on purpose, but never by more than the
  substance's depth. A creature that takes falling damage lands prone (`fall`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.scene import Token

MAX_FALL_FT = 1500
SOFT_LANDING_FT = 20
DIVE_FT = 30
CRAWL_FT = 5
LEAP_VERTICAL_UP_FT = 3
LEAP_VERTICAL_ACROSS_FT = 5


@dataclass(frozen=True, slots=True)
class Fall:
    """A fall: the distance counted, the bludgeoning damage and whether the creature lands prone."""

    feet: int
    counted: int
    damage: int
    prone: bool

    @property
    def damage_type(self) -> str:
        return "bludgeoning"


def fall(feet: int, *, soft_depth: int | None = None, dove: bool = False) -> Fall:
    """Falling `feet` ft. `soft_depth`: landing in water, snow or the like this deep (ft); `dove`: on purpose
    into it (30 ft shorter instead of 20). See the module docstring."""
    if feet < 0:
        raise ValueError(f"a fall is not negative, got {feet} ft")
    counted = feet
    if soft_depth is not None:
        if soft_depth < 0:
            raise ValueError(f"a depth is not negative, got {soft_depth} ft")
        counted -= min(DIVE_FT if dove else SOFT_LANDING_FT, soft_depth)
    counted = max(0, min(counted, MAX_FALL_FT))
    damage = counted // 2 if counted > 5 else 0
    return Fall(feet, counted, damage, damage > 0)


def land(token: Token, result: Fall, elevation: int = 0) -> Token:
    """The creature after the fall: at `elevation`, prone when it took falling damage (HP are left to the
    damage code, which applies resistances)."""
    from dataclasses import replace

    out = replace(token, elevation=elevation)
    return out.with_condition("prone") if result.prone else out


@dataclass(frozen=True, slots=True)
class Leap:
    """How far a Leap goes: `across` ft horizontally, `up` ft vertically (0 for a horizontal Leap)."""

    across: int
    up: int


def leap(speed: int, *, vertical: bool = False) -> Leap | None:
    """A Leap by a creature with `speed`: horizontal 10 ft (Speed ≥ 15) or 15 ft (Speed ≥ 30), impossible
    below Speed 15 (None); vertical 3 ft up and 5 ft across."""
    if vertical:
        return Leap(LEAP_VERTICAL_ACROSS_FT, LEAP_VERTICAL_UP_FT)
    if speed >= 30:
        return Leap(15, 0)
    if speed >= 15:
        return Leap(10, 0)
    return None


def drop_prone(token: Token) -> Token:
    return token if token.has_condition("prone") else token.with_condition("prone")


def stand(token: Token) -> Token:
    return token.without_condition("prone")


def crawl_feet(token: Token) -> int:
    """How far one Crawl moves the token: 5 ft while prone with a Speed of at least 10 ft, else 0."""
    return CRAWL_FT if token.has_condition("prone") and token.speed >= 10 else 0
