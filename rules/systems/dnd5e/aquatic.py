"""D&D 5e underwater combat (2014 PHB l.203–206; 2024 l.602–608): a creature without a swim speed has
disadvantage on melee weapon attacks unless the weapon is a dagger, javelin, shortsword, spear or trident
(2024: unless it deals piercing damage); a ranged weapon attack beyond its normal range automatically misses,
and within it has disadvantage unless the weapon is a crossbow, a net or a thrown weapon like a javelin
(2014; 2024: always); everything fully underwater has resistance to fire damage."""

from __future__ import annotations

from dataclasses import replace

from rules.model.scene import Attack, Token
from rules.systems.aquatic import UNDERWATER, Aquatic

MELEE_2014: tuple[str, ...] = ("dagger", "javelin", "shortsword", "spear", "trident")
RANGED_2014: tuple[str, ...] = ("crossbow", "net", "javelin", "spear", "trident", "dart")


def attack(attacker: Token, weapon: Attack, distance: int, year: int) -> Aquatic:
    if not attacker.has_condition(UNDERWATER):
        return Aquatic()
    name = weapon.name.lower()
    if weapon.range is not None:
        normal = weapon.range[0]
        if distance > normal:
            return Aquatic(
                impossible=f"underwater, a ranged attack beyond its normal range ({normal} ft) misses"
            )
        if year < 2024 and any(w in name for w in RANGED_2014):
            return Aquatic()
        return Aquatic(disadvantages=("ranged weapon attack underwater",))
    if attacker.speed_of("swim") > 0:
        return Aquatic()
    allowed = "piercing" in weapon.damage.lower() if year >= 2024 else any(w in name for w in MELEE_2014)
    if allowed:
        return Aquatic()
    return Aquatic(disadvantages=("melee weapon attack underwater without a swim speed",))


def resistant(token: Token) -> Token:
    """Resistance to fire while fully underwater."""
    if not token.has_condition(UNDERWATER) or any(k == "fire" for k, _ in token.resistances):
        return token
    return replace(token, resistances=(*token.resistances, ("fire", 0)))
