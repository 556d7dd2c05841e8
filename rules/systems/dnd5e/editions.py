"""The differences between the D&D 5e 2014 and 2024 rules that FiveFoot computes, as data.

Everything not listed here is the same in both editions (advantage, cover, range, criticals, resistance
and vulnerability, death saves, massive damage).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Edition:
    """Rule flags of one edition.

    * `exhaustion`: ``"levels"`` (2014: exhaustion 3+ gives disadvantage on attack rolls) or ``"d20-penalty"``
      (2024: each exhaustion level is −2 to every D20 Test, attack rolls included).
    * `small_heavy_disadvantage`: 2014's Heavy property (Small or Tiny creatures have disadvantage with heavy
      weapons); 2024 ties Heavy to Strength/Dexterity 13, which tokens don't carry, so it doesn't apply.
    * `emanation`: the 2024 emanation area exists.
    """

    name: str
    year: int
    exhaustion: str
    small_heavy_disadvantage: bool
    emanation: bool


DND5E_2014 = Edition("dnd5e-2014", 2014, exhaustion="levels", small_heavy_disadvantage=True, emanation=False)
DND5E_2024 = Edition(
    "dnd5e-2024", 2024, exhaustion="d20-penalty", small_heavy_disadvantage=False, emanation=True
)
EDITIONS: dict[str, Edition] = {e.name: e for e in (DND5E_2014, DND5E_2024)}


def edition(name: str) -> Edition:
    try:
        return EDITIONS[name]
    except KeyError:
        raise ValueError(f"{name!r} is not a D&D 5e edition ({', '.join(EDITIONS)})") from None
