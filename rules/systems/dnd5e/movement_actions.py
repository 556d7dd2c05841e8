"""D&D 5e movement that isn't plain walking: prone, standing, crawling, squeezing, jumping, falling.

2014 PHB "Combat" / 2024 PHB "Playing the Game" and Rules Glossary:

* **Dropping prone** costs no movement (2024: not with a Speed of 0). **Standing up** costs movement equal to
  half the creature's Speed (rounded down); it can't stand without that much movement left, or with a
  Speed of 0 (`stand_cost`).
* **Crawling**: every foot costs 1 extra foot (double), so crawling through difficult terrain costs triple
  (`crawl_cost`).
* **Squeezing** into a space one size smaller: every foot costs 1 extra foot; while squeezing the creature
  has disadvantage on attack rolls and Dexterity saves, and attack rolls against it have advantage (the
  ``squeezing`` condition, read by `rules.systems.dnd5e.advantage`; `squeeze_cost`, `can_squeeze`).
* **Jumping**: long jump up to the Strength score in feet with a 10-ft run-up, half that standing; high jump
  3 + the Strength modifier in feet with a run-up, half that standing (never below 0) (`long_jump`,
  `high_jump`); the distance is spent from movement.
* **Falling**: 1d6 bludgeoning per 10 ft fallen, at most 20d6; the creature lands prone unless it avoids
  all the damage (`fall`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.geometry.coords import SIZE_RANK
from rules.model.scene import Token

MAX_FALL_DICE = 20


def stand_cost(speed: int) -> int:
    """Movement spent to stand up: half the Speed (rounded down)."""
    return max(0, speed) // 2


def can_stand(speed: int, movement_left: int) -> bool:
    """Standing needs a Speed above 0 and half of it still left to spend."""
    return speed > 0 and movement_left >= stand_cost(speed)


def stand(token: Token) -> Token:
    return token.without_condition("prone")


def drop_prone(token: Token, speed: int | None = None) -> Token:
    """Prone, for no movement (2024: not with a Speed of 0 — pass the current `speed` to check)."""
    if speed is not None and speed <= 0:
        raise ValueError(f"{token.label} can't drop prone with a Speed of 0")
    return token if token.has_condition("prone") else token.with_condition("prone")


def crawl_cost(feet: int, *, difficult: bool = False) -> int:
    """Movement a crawl of `feet` ft costs: double, triple in difficult terrain."""
    return feet * (3 if difficult else 2)


def can_squeeze(mover: Token, space_size: str) -> bool:
    """A creature can squeeze through a space one size smaller than itself (a Large creature through a
    5-ft-wide space meant for Medium ones)."""
    return SIZE_RANK[space_size] == SIZE_RANK[mover.size] - 1


def squeeze_cost(feet: int, *, difficult: bool = False) -> int:
    """Movement `feet` ft of squeezing costs: each foot one extra (difficult terrain adds its own extra)."""
    return feet * (3 if difficult else 2)


def start_squeezing(token: Token) -> Token:
    return token if token.has_condition("squeezing") else token.with_condition("squeezing")


def stop_squeezing(token: Token) -> Token:
    return token.without_condition("squeezing")


def _modifier(score: int) -> int:
    return (score - 10) // 2


def long_jump(strength: int, *, running: bool = True) -> int:
    """Long jump distance in feet: the Strength score with a 10-ft run-up, half (rounded down) standing."""
    return strength if running else strength // 2


def high_jump(strength: int, *, running: bool = True) -> int:
    """High jump in feet: 3 + the Strength modifier with a run-up, half (rounded down) standing; never
    below 0."""
    height = max(0, 3 + _modifier(strength))
    return height if running else height // 2


@dataclass(frozen=True, slots=True)
class Fall:
    """A fall: the damage dice (``Nd6``, empty under 10 ft), their count and whether the creature lands
    prone (when it takes damage)."""

    feet: int
    dice: int

    @property
    def formula(self) -> str:
        return f"{self.dice}d6" if self.dice else ""

    @property
    def damage_type(self) -> str:
        return "bludgeoning"

    def prone(self, damage_taken: int) -> bool:
        """Prone on landing unless the creature avoided all the damage."""
        return self.dice > 0 and damage_taken > 0


def fall(feet: int) -> Fall:
    """Falling `feet` ft: 1d6 per full 10 ft, at most 20d6."""
    if feet < 0:
        raise ValueError(f"a fall is not negative, got {feet} ft")
    return Fall(feet, min(MAX_FALL_DICE, feet // 10))


def land(token: Token, result: Fall, damage_taken: int, elevation: int = 0) -> Token:
    """The creature after the fall: at `elevation`, prone when it took damage."""
    from dataclasses import replace

    out = replace(token, elevation=elevation)
    return out.with_condition("prone") if result.prone(damage_taken) else out
