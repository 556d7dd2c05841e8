"""Reach: which squares a creature can reach from its space, and which squares enemies threaten.

A square is within reach when the count from the nearest square of the creature's space to it (in the
scene's diagonal mode, no terrain, walls ignored) is at most the reach. PF2e exception: 10-ft reach reaches
2 squares diagonally (the 5/10 count would make that 15 ft). Reach 0 reaches nothing outside the own space
(a PF2e tiny creature must enter its target's square). The own space is never listed.

What the map shows of it (`reach_bands`, `threatened`) is computed here too: the squares of a creature's
own reach, the farther squares its longest melee attack (a reach weapon) adds, the squares only the PF2e
10-ft exception reaches, and how many hostile creatures threaten each square.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.geometry.coords import Cell
from rules.geometry.distance import offset_in_reach as offset_in_reach  # its home is distance
from rules.geometry.distance import space_offset
from rules.model.scene import CANNOT_ACT, Attack, Scene, Token

#: PF2e conditions under which a creature can't act (`rules.model.scene.CANNOT_ACT`), or can't attack
#: (restrained).
PF2E_CANT_FLANK = CANNOT_ACT | {"restrained"}
#: 5e conditions that make a creature incapacitated (or worse).
DND_INCAPACITATED = CANNOT_ACT


def _down(token: Token) -> bool:
    return token.hp is not None and token.hp <= 0


def melee_reach(token: Token) -> int | None:
    """The largest reach (ft) at which the token can make a melee attack, or None when it can't make one.
    A token with no attacks listed fights unarmed at its own reach; a token whose attacks are all ranged
    can't make a melee attack. A melee attack with the ``reach`` trait or property adds 5 ft (a numbered
    ``reach 15 ft`` trait sets the reach)."""
    if not token.attacks:
        return token.reach
    melee = [a for a in token.attacks if not a.is_ranged]
    if not melee:
        return None
    return max(attack_reach(token, a) for a in melee)


def attack_reach(token: Token, attack: Attack) -> int:
    """A bare ``reach`` trait adds 5 ft; a trait with a number (``reach 15 ft``, as in stat blocks) gives
    that reach outright (the one reading of a reach trait; `rules.systems.board` uses it)."""
    value = attack.trait_value("reach")
    if value is None:
        return token.reach
    digits = "".join(ch for ch in value.split()[0] if ch.isdigit()) if value.strip() else ""
    return int(digits) if digits else token.reach + 5


def can_flank(scene: Scene, token: Token) -> bool:
    """PF2e: the creature can act (not unconscious, dying, dead, paralyzed, petrified, stunned, restrained,
    at 0 HP) and can make a melee attack. 5e: the creature is not incapacitated (incapacitated, paralyzed,
    petrified, stunned, unconscious, dead, at 0 HP)."""
    if _down(token):
        return False
    rules = scene.rules
    if token.condition_names() & rules.cant_threaten:
        return False
    return not rules.threat_needs_melee or melee_reach(token) is not None


def token_reach(token: Token, extra_feet: int = 0) -> int:
    return token.reach + extra_feet


def reach_cells(scene: Scene, token: Token, feet: int | None = None, *, clip: bool = True) -> list[Cell]:
    """Squares within `feet` (default: the token's reach) of `token`'s space, own space excluded,
    sorted by x then y. With `clip`, only squares on the grid. A token off the ground reaches the squares
    whose ground level is within reach, elevation counted (`rules.geometry.elevation`)."""
    reach = token.reach if feet is None else feet
    if reach <= 0:
        return []
    n = token.side_squares
    r = reach // 5 + 1
    x0, y0 = token.cell
    mode = scene.options.diagonals
    dz = 0
    if token.elevation:
        from rules.geometry.elevation import vertical_squares

        lo, hi = vertical_squares(token)
        dz = lo if lo > 0 else -hi if hi < 0 else 0
    out: list[Cell] = []
    for x in range(x0 - r, x0 + n + r):
        for y in range(y0 - r, y0 + n + r):
            if x0 <= x < x0 + n and y0 <= y < y0 + n:
                continue
            if clip and not scene.grid.contains(x, y):
                continue
            dx, dy = space_offset((x0, y0), n, (x, y), 1)
            if dz:
                dx, dy = sorted((abs(dx), abs(dy), abs(dz)), reverse=True)[:2]
            if offset_in_reach(dx, dy, reach, mode, scene.rules.reach_exception):
                out.append(Cell(x, y))
    out.sort()
    return out


def within_reach(scene: Scene, attacker: Token, target: Token, feet: int | None = None) -> bool:
    """True when any square of `target`'s space is within `feet` (default: attacker's reach) of
    `attacker`'s space, or the spaces overlap (a tiny creature in the target's square). Elevation counts
    like a third axis (`rules.geometry.elevation.in_reach_3d`)."""
    reach = attacker.reach if feet is None else feet
    if attacker.elevation or target.elevation:
        from rules.geometry.elevation import in_reach_3d

        return in_reach_3d(attacker, target, reach, scene.options.diagonals, scene.rules.reach_exception)
    dx, dy = space_offset(attacker.cell, attacker.side_squares, target.cell, target.side_squares)
    return offset_in_reach(dx, dy, reach, scene.options.diagonals, scene.rules.reach_exception)


def exception_cells(scene: Scene, token: Token, cells: Iterable[Cell], feet: int) -> list[Cell]:
    """The squares of `cells` that `feet` of reach from `token`'s space reaches only by the PF2e 10-ft
    exception: within 2 squares diagonally of the nearest square of the space but 15 ft away by the 5/10
    count. Empty outside PF2e and for any reach but exactly 10 ft (5 ft never reaches that far; 15 ft and more
    follow the count). Order is that of `cells`."""
    if not scene.rules.reach_exception or feet != 10:
        return []
    mode = scene.options.diagonals
    n = token.side_squares
    out: list[Cell] = []
    for c in cells:
        dx, dy = space_offset(token.cell, n, c, 1)
        if offset_in_reach(dx, dy, feet, mode, True) and not offset_in_reach(dx, dy, feet, mode, False):
            out.append(c)
    return out


@dataclass(frozen=True, slots=True)
class ReachBands:
    """What a creature's reach covers on the map, squares sorted by x then y, the own space never listed.

    `own`: within its own reach (`own_feet`, the token's reach). `extra`: the squares beyond those that its
    longest melee attack reaches (`weapon_feet`, from `melee_reach`: +5 ft for a
    ``reach`` trait or property, a numbered trait sets it; never less than `own_feet`, which it is when the
    creature lists no attack or only ranged ones), empty when no attack reaches farther. `exception`: the
    squares of `own` and `extra` that only the PF2e 10-ft exception reaches (`exception_cells`)."""

    own: tuple[Cell, ...]
    extra: tuple[Cell, ...]
    exception: tuple[Cell, ...]
    own_feet: int
    weapon_feet: int


def reach_bands(scene: Scene, token: Token) -> ReachBands:
    """The reach of `token` as the map shows it (`ReachBands`)."""
    own_feet = token.reach
    weapon_feet = max(own_feet, melee_reach(token) or 0)
    own = reach_cells(scene, token, own_feet)
    extra: list[Cell] = []
    if weapon_feet > own_feet:
        have = set(own)
        extra = [c for c in reach_cells(scene, token, weapon_feet) if c not in have]
    exception = exception_cells(scene, token, own, own_feet)
    exception += exception_cells(scene, token, extra, weapon_feet)
    exception.sort()
    return ReachBands(tuple(own), tuple(extra), tuple(exception), own_feet, weapon_feet)


def threatened(scene: Scene, enemies_of: str | None) -> dict[Cell, int]:
    """How many creatures threaten each on-grid square: every creature not on side `enemies_of` (every
    creature when None) that can act and make a melee attack (`can_flank`: PF2e
    not unconscious, dying, dead, paralyzed, petrified, stunned, restrained or at 0 HP, and with a melee
    attack; 5e not incapacitated), over the squares within its longest melee reach (`reach_cells` at
    `melee_reach`; the PF2e 10-ft exception included). A creature's own space is
    not threatened by it; squares nobody threatens are left out."""
    counts: dict[Cell, int] = {}
    for t in scene.tokens:
        if enemies_of is not None and t.side == enemies_of:
            continue
        if not can_flank(scene, t):
            continue
        feet = melee_reach(t)
        if feet is None:
            continue
        for c in reach_cells(scene, t, feet):
            counts[c] = counts.get(c, 0) + 1
    return counts
