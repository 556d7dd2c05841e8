"""The players' shared log: what changed between two projections of the table, in sentences.

The GM's log may name hidden creatures, rolls against them and GM-only edits, so the players' log is never
the GM's log filtered. It is built from what the players may know: `table_events(before, after)` compares
two `rules.play.projection.PlayerView` values and says what the table saw happen —

* a new round and whose turn it is (only a creature the view shows);
* a creature coming into view or going out of it, and a shown creature moving (to the square it ends on);
* a party creature's hit points going down or up (only party creatures show hit points);
* a shown creature gaining or losing a condition the players can see on it;
* an area placed or gone;
* a public roll of the dice box (secret GM rolls are not in the projection, so never here).

The first projection (`before` None) says nothing: a player joining sees the table as it is.
"""

from __future__ import annotations

from rules.geometry.coords import Cell
from rules.messages import Message, msg, nmsg
from rules.play.projection import PlayerView, ShownRoll


def _cell(c: Cell) -> str:
    return f"[{c.x}, {c.y}]"


def table_events(before: PlayerView | None, after: PlayerView) -> tuple[Message, ...]:
    """The sentences for the players' log between `before` and `after` (see the module docstring)."""
    if before is None:
        return ()
    out: list[Message] = []
    current = next((e for e in after.initiative if e.current), None)
    was = next((e for e in before.initiative if e.current), None)
    if after.round is not None and before.round is None:
        out.append(msg("The encounter begins"))
    elif after.round is None and before.round is not None:
        out.append(msg("The encounter ends"))
    if after.round is not None and before.round is not None and after.round > before.round:
        out.append(msg("Round {n}", n=after.round))
    if current is not None and (
        was is None or was.token_id != current.token_id or after.round != before.round
    ):
        out.append(msg("{name}'s turn", name=current.name))
    old = {t.id: t for t in before.tokens}
    new = {t.id: t for t in after.tokens}
    for tid, t in new.items():
        o = old.get(tid)
        if o is None:
            out.append(msg("{name} comes into view at {cell}", name=t.name, cell=_cell(t.cell)))
            continue
        if o.cell != t.cell:
            out.append(msg("{name} moves to {cell}", name=t.name, cell=_cell(t.cell)))
        if o.hp is not None and t.hp is not None and o.hp != t.hp:
            if t.hp < o.hp:
                out.append(
                    nmsg(
                        "{name} loses {n} hit point",
                        "{name} loses {n} hit points",
                        name=t.name,
                        n=o.hp - t.hp,
                    )
                )
            else:
                out.append(
                    nmsg(
                        "{name} regains {n} hit point",
                        "{name} regains {n} hit points",
                        name=t.name,
                        n=t.hp - o.hp,
                    )
                )
        for c in t.conditions:
            if c not in o.conditions:
                out.append(msg("{name} is {condition}", name=t.name, condition=c))
        for c in o.conditions:
            if c not in t.conditions:
                out.append(msg("{name} is no longer {condition}", name=t.name, condition=c))
    for tid, o in old.items():
        if tid not in new:
            out.append(msg("{name} is out of sight", name=o.name))
    old_areas = {a.id: a for a in before.areas}
    new_areas = {a.id: a for a in after.areas}
    for aid, a in new_areas.items():
        if aid not in old_areas and a.label:
            out.append(msg("{label} is placed", label=a.label))
    for aid, a in old_areas.items():
        if aid not in new_areas and a.label:
            out.append(msg("{label} is gone", label=a.label))
    for r in _new_rolls(before.rolls, after.rolls):
        if r.success is None:
            out.append(
                msg("{who} rolls {expression}: {total}", who=r.who, expression=r.expression, total=r.total)
            )
        elif r.success:
            out.append(
                msg(
                    "{who} rolls {expression}: {total}, success",
                    who=r.who,
                    expression=r.expression,
                    total=r.total,
                )
            )
        else:
            out.append(
                msg(
                    "{who} rolls {expression}: {total}, failure",
                    who=r.who,
                    expression=r.expression,
                    total=r.total,
                )
            )
    return tuple(out)


def _new_rolls(before: tuple[ShownRoll, ...], after: tuple[ShownRoll, ...]) -> tuple[ShownRoll, ...]:
    """The rolls of `after` that came after the last ones of `before` (the history's window may have
    slid: the longest tail of `before` that begins `after` is what both show); none after an undo."""
    if before[: len(after)] == after:
        return ()
    for k in range(min(len(before), len(after)), 0, -1):
        if before[len(before) - k :] == after[:k]:
            return after[k:]
    return after
