"""Mounted combat as commands and rules of movement (PF2e Player Core 419 "Mount", 437 "Mounted Combat";
5e 2014 PHB l.194–202, 2024 l.591–601).

* `Mount(rider, mount)`: the mount is a willing creature (an ally) at least one size larger, beside the
  rider; the rider moves onto it (its space is the mount's top-left square) and takes its height. PF2e: an
  action; 5e: movement equal to half its speed. In an encounter the mount's place in the initiative order
  moves to just after the rider's (5e: 「君が制御している乗騎のイニシアチブは、君がその乗騎に乗った時点で君の
  イニシアチブと同じになる」; PF2e: 「乗騎は君のイニシアチブで行動する」).
* `Dismount(rider, to)`: onto a square beside the mount; the same cost.
* A mounted creature doesn't move on its own (PF2e: 「騎乗中に使用できる移動アクションは乗騎から降りる際の
  “騎乗”アクションのみ」): `MoveToken` refuses it; when the mount moves its riders move with it
  (`riders`, `move_riders`; the mount's path ignores its riders).
* For its attacks a rider occupies every square of its mount's space (PF2e l.1095: 「君は攻撃の目的において、
  乗騎の接敵面の全てのマスを占有している」; **Ruling**: the same in 5e): `attacking_from`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.geometry.coords import SIZE_RANK, Cell
from rules.messages import msg
from rules.model.scene import Scene, Token
from rules.model.state import GameState
from rules.play.command import Outcome, Refused
from rules.play.economy import charge, left_line
from rules.play.effects import put_token
from rules.systems.economy import Act


def riders(scene: Scene, mount_id: str) -> tuple[Token, ...]:
    """The creatures riding `mount_id`."""
    return tuple(t for t in scene.tokens if t.mounted_on == mount_id)


def without_riders(scene: Scene, mount_id: str) -> Scene:
    """The scene with the mount's riders left out (the mount's path doesn't step around them)."""
    gone = {t.id for t in riders(scene, mount_id)}
    return scene.edit(tokens=tuple(t for t in scene.tokens if t.id not in gone)) if gone else scene


def move_riders(state: GameState, mount: Token) -> tuple[GameState, list[str]]:
    """Put the mount's riders on its (new) space and height."""
    lines: list[str] = []
    for rider in riders(state.scene, mount.id):
        if rider.cell != mount.cell or rider.elevation != mount.elevation:
            state, ended = put_token(state, replace(rider, cell=mount.cell, elevation=mount.elevation))
            lines += [f"  {rider.label} rides along", *ended]
    return state, lines


def attacking_from(scene: Scene, attacker: Token) -> Token:
    """The attacker as its attacks measure from: a rider fills its mount's space."""
    if attacker.mounted_on is None:
        return attacker
    mount = scene.token(attacker.mounted_on)
    if mount is None:
        return attacker
    return replace(attacker, cell=mount.cell, size=mount.size, elevation=mount.elevation)


def _beside(a: Token, b: Token) -> bool:
    from rules.geometry.distance import offset_feet

    ax0, ay0, n = a.cell.x, a.cell.y, a.side_squares
    bx0, by0, m = b.cell.x, b.cell.y, b.side_squares
    dx = max(0, bx0 - (ax0 + n - 1), ax0 - (bx0 + m - 1))
    dy = max(0, by0 - (ay0 + n - 1), ay0 - (by0 + m - 1))
    return offset_feet(dx, dy, "five") <= 5


@dataclass(frozen=True, slots=True)
class Mount:
    rider_id: str
    mount_id: str
    free: bool = False
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Mount"

    def apply(self, state: GameState) -> Outcome:
        scene = state.scene
        rider, mount = scene.token(self.rider_id), scene.token(self.mount_id)
        if rider is None or mount is None:
            raise Refused(str(msg("choose a rider and a mount on the map")))
        if rider.mounted_on is not None:
            raise Refused(str(msg("{name} is already mounted", name=rider.label)))
        if SIZE_RANK[mount.size] <= SIZE_RANK[rider.size]:
            raise Refused(
                f"{mount.label} is not larger than {rider.label}: a mount is at least one size larger"
            )
        if mount.side != rider.side:
            raise Refused(f"{mount.label} isn't willing to be ridden (not an ally of {rider.label})")
        if not _beside(rider, mount):
            raise Refused(
                str(msg("{rider} must be beside {mount} to mount it", rider=rider.label, mount=mount.label))
            )
        state = charge(state, rider.id, Act("mount"), free=self.free)
        on = replace(rider, cell=mount.cell, elevation=mount.elevation, mounted_on=mount.id)
        state, ended = put_token(state, on)
        lines = [f"{rider.label} mounts {mount.label}", *ended]
        enc = state.encounter
        if enc is not None and enc.in_order(rider.id) and enc.in_order(mount.id):
            current = enc.current_id
            rest = [c for c in enc.order if c.token_id != mount.id]
            steed = next(c for c in enc.order if c.token_id == mount.id)
            at = next(i for i, c in enumerate(rest) if c.token_id == rider.id)
            order = (*rest[: at + 1], steed, *rest[at + 1 :])
            index = next(i for i, c in enumerate(order) if c.token_id == current)
            state = replace(state, encounter=replace(enc, order=order, index=index))
            lines.append(f"  {mount.label} acts on {rider.label}'s initiative")
        return Outcome(state, (*lines, *left_line(state, rider.id, free=self.free)))


@dataclass(frozen=True, slots=True)
class Dismount:
    rider_id: str
    to: Cell
    free: bool = False
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Dismount"

    def apply(self, state: GameState) -> Outcome:
        from rules.geometry.movement import move_context

        rider = state.scene.token(self.rider_id)
        if rider is None or rider.mounted_on is None:
            raise Refused(str(msg("{name} isn't mounted", name=rider.label if rider else self.rider_id)))
        mount = state.scene.token(rider.mounted_on)
        off = replace(rider, cell=self.to, elevation=0, mounted_on=None)
        if mount is not None and not _beside(off, mount):
            raise Refused(f"{rider.label} dismounts onto a square beside {mount.label}")
        if not move_context(state.scene, rider).can_end(self.to, rider.cell):
            raise Refused(f"{rider.label} can't stand at [{self.to.x}, {self.to.y}]")
        state = charge(state, rider.id, Act("dismount"), free=self.free)
        state, ended = put_token(state, off)
        return Outcome(
            state,
            (
                f"{rider.label} dismounts to [{self.to.x}, {self.to.y}]",
                *ended,
                *left_line(state, rider.id, free=self.free),
            ),
        )
