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
* **Arrest a Fall** (reaction, with a fly Speed): an Acrobatics check, usually DC 15; on a success the
  creature falls slowly and takes no falling damage (`arrest_a_fall`).
* **Grab an Edge** (reaction): critical success — it holds on and takes the damage of the fall so far as if
  it were 30 ft shorter; success (with a free hand) — 20 ft shorter; critical failure — it keeps falling and,
  having fallen 20 ft or more before, takes 10 bludgeoning per 20 ft fallen (`grab_an_edge`).
* **Falling on a creature**: the creature landed on attempts a DC 15 Reflex save: critical success no
  damage, success a quarter of the faller's falling damage, failure half (rounded down) (`landed_on`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.model.scene import Token

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


ARREST_A_FALL_DC = 15
LANDED_ON_DC = 15


def arrest_a_fall(token: Token, deg: str) -> bool:
    """Does Arrest a Fall of this degree stop the falling damage? Only with a fly Speed, on a success."""
    return token.speed_of("fly") > 0 and deg in ("success", "critical-success")


def grab_an_edge(fallen: int, deg: str, *, free_hand: bool = True) -> tuple[bool, int]:
    """Grab an Edge after falling `fallen` ft: (whether the fall stops, the bludgeoning damage taken now).
    Critical success: stops, damage as for a fall 30 ft shorter; success: with a free hand stops, 20 ft
    shorter (without one, as a failure); failure: keeps falling, no damage yet; critical failure: keeps
    falling and takes 10 per 20 ft already fallen when that is 20 ft or more."""
    if deg == "critical-success" or (deg == "success" and free_hand):
        shorter = 30 if deg == "critical-success" else 20
        return True, fall(max(0, fallen - shorter)).damage
    if deg == "critical-failure" and fallen >= 20:
        return False, 10 * (fallen // 20)
    return False, 0


def landed_on(falling_damage: int, deg: str) -> int:
    """Bludgeoning damage to a creature something fell on, by its DC 15 Reflex save: critical success 0,
    success a quarter, failure (and critical failure) half of the faller's falling damage, rounded down."""
    if deg == "critical-success":
        return 0
    if deg == "success":
        return falling_damage // 4
    return falling_damage // 2
