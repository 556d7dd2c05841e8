"""The token context menu's "Actions" submenu: the system's common actions, resolved by the engine.

`actions_for(scene, token)` lists what the creature can do now (PF2e: Take Cover, Raise a Shield, Drop Prone
or Stand, Hide, Seek; D&D 5e: Dodge, Disengage, Drop Prone or Stand, Squeeze, Hide, Search; both: climb or
descend 5 ft, fall to the ground). `resolve(scene, token, key, rng)` resolves one with the engine
(`rules.systems.support_actions`, `.stealth`, the system's `movement_actions`, the system's damage) and
returns the changed tokens and the log lines with the breakdown (totals against DCs, falling damage).
These two are Qt-free; `add_actions_menu` puts them into a `QMenu` and runs each as one undoable command
(every changed token replaced, one log entry).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rules.dice import DieSource
from rules.scene import Scene, Token

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu

    from desktop.document import Document

ELEVATION_STEP = 5


@dataclass(frozen=True, slots=True)
class ActionSpec:
    key: str
    label: str


@dataclass(frozen=True, slots=True)
class ActionResult:
    """What an action did: the tokens it changed (their new values) and the log lines (the first is the
    headline)."""

    tokens: tuple[Token, ...]
    lines: tuple[str, ...]


def actions_for(scene: Scene, token: Token) -> list[ActionSpec]:
    """The actions the menu offers `token` in `scene`'s system, in menu order."""
    prone = token.has_condition("prone")
    out: list[ActionSpec] = []
    if scene.is_pf2e:
        out.append(ActionSpec("take-cover", "Take Cover"))
        out.append(ActionSpec("raise-shield", "Raise a Shield"))
    else:
        out.append(ActionSpec("dodge", "Dodge"))
        out.append(ActionSpec("disengage", "Disengage"))
    out.append(ActionSpec("stand", "Stand") if prone else ActionSpec("drop-prone", "Drop Prone"))
    if not scene.is_pf2e:
        squeezing = token.has_condition("squeezing")
        out.append(
            ActionSpec("unsqueeze", "Stop squeezing") if squeezing else ActionSpec("squeeze", "Squeeze")
        )
    out.append(ActionSpec("hide", "Hide (roll Stealth)"))
    out.append(ActionSpec("seek", "Seek (roll Perception)" if scene.is_pf2e else "Search (roll Perception)"))
    out.append(ActionSpec("up", f"Fly / climb up {ELEVATION_STEP} ft"))
    if token.elevation > 0:
        out.append(ActionSpec("down", f"Descend {ELEVATION_STEP} ft"))
        out.append(ActionSpec("fall", f"Fall {token.elevation} ft to the ground"))
    return out


def _d20(rng: DieSource) -> int:
    return rng.randint(1, 20)


def resolve(scene: Scene, token: Token, key: str, rng: DieSource) -> ActionResult:
    """Resolve action `key` for `token` (see the module docstring). Raises `ValueError` for an action the
    system doesn't have and `LookupError` (the checks' `MissingStatistic`) for a missing statistic."""
    name = token.label
    if key in ("take-cover", "raise-shield", "dodge", "disengage"):
        from rules.systems.support_actions import apply

        new = apply(scene.system, key, token)
        what = {
            "take-cover": "takes cover (standard cover becomes greater; otherwise standard)",
            "raise-shield": "raises a shield (+2 circumstance AC until the start of its next turn)",
            "dodge": "Dodges (attacks against it have disadvantage; advantage on Dex saves)",
            "disengage": "Disengages (no opportunity attacks for the rest of the turn)",
        }[key]
        return ActionResult((new,), (f"{name} {what}",))
    if key in ("drop-prone", "stand"):
        return _prone(scene, token, key)
    if key in ("squeeze", "unsqueeze") and not scene.is_pf2e:
        from rules.systems.dnd5e import movement_actions as dnd

        if key == "squeeze":
            line = "squeezes into a smaller space (moves cost double; disadvantage on attacks and Dex saves; "
            line += "attacks against it have advantage)"
            return ActionResult((dnd.start_squeezing(token),), (f"{name} {line}",))
        return ActionResult((dnd.stop_squeezing(token),), (f"{name} stops squeezing",))
    if key == "hide":
        return _hide(scene, token, rng)
    if key == "seek":
        return _seek(scene, token, rng)
    if key in ("up", "down"):
        step = ELEVATION_STEP if key == "up" else -ELEVATION_STEP
        new = replace(token, elevation=max(0, token.elevation + step))
        return ActionResult((new,), (f"{name} is now {new.elevation} ft up",))
    if key == "fall":
        return _fall(scene, token, rng)
    raise ValueError(f"unknown action {key!r}")


def _prone(scene: Scene, token: Token, key: str) -> ActionResult:
    name = token.label
    if scene.is_pf2e:
        from rules.systems.pf2e import movement_actions as pf2e

        new = pf2e.drop_prone(token) if key == "drop-prone" else pf2e.stand(token)
        extra = "a move action: Reactive Strike can be triggered"
    else:
        from rules.systems.dnd5e import movement_actions as dnd

        if key == "drop-prone":
            new, extra = dnd.drop_prone(token), "no movement spent"
        else:
            new, extra = dnd.stand(token), f"costs {dnd.stand_cost(token.speed)} ft of movement"
    verb = "drops prone" if key == "drop-prone" else "stands up"
    lines = [f"{name} {verb} ({extra})"]
    if scene.is_pf2e:
        from rules.systems.reactions import action_reactions

        lines += [r.text for r in action_reactions(scene, token, key)]
    return ActionResult((new,), tuple(lines))


def _hide(scene: Scene, token: Token, rng: DieSource) -> ActionResult:
    from rules.systems import stealth

    if scene.is_pf2e:
        d20 = _d20(rng)
        result = stealth.hide(scene, token, d20)
        head = f"{token.label} tries to Hide (d20 {d20})"
    else:
        dice = [_d20(rng), _d20(rng)]
        result = stealth.hide_5e(scene, token, dice)
        head = f"{token.label} tries to Hide (d20 {dice[0]}, {dice[1]})"
    after = result.tokens[0]
    state = "hidden" if after.has_condition("hidden") else "not hidden"
    return ActionResult(result.tokens, (f"{head}: {state}", *result.log()))


def _seek(scene: Scene, token: Token, rng: DieSource) -> ActionResult:
    from rules.systems import stealth

    if scene.is_pf2e:
        d20 = _d20(rng)
        result = stealth.seek(scene, token, d20)
        head = f"{token.label} Seeks (d20 {d20})"
    else:
        dice = [_d20(rng), _d20(rng)]
        result = stealth.search_5e(scene, token, dice)
        head = f"{token.label} Searches (d20 {dice[0]}, {dice[1]})"
    found = ", ".join(t.label for t in result.tokens) or "nobody new"
    lines = result.log() or ["no hidden creature in range"]
    return ActionResult(result.tokens, (f"{head}: finds {found}", *lines))


def _fall(scene: Scene, token: Token, rng: DieSource) -> ActionResult:
    from rules.systems import system_for
    from rules.systems.damage import DamageEntry

    feet = token.elevation
    if scene.is_pf2e:
        from rules.systems.pf2e import movement_actions as pf2e

        fell = pf2e.fall(feet)
        amount, how = fell.damage, f"half of {fell.counted} ft"
        landed = pf2e.land(token, fell)
    else:
        from rules import dice
        from rules.systems.dnd5e import movement_actions as dnd

        fell5 = dnd.fall(feet)
        rolled = dice.roll(fell5.formula, rng) if fell5.dice else None
        amount = rolled.total if rolled is not None else 0
        how = f"{fell5.formula} rolled {amount}" if rolled is not None else "under 10 ft"
        landed = dnd.land(token, fell5, amount)
    lines = [f"{token.label} falls {feet} ft: {amount} bludgeoning ({how})"]
    if amount and token.hp is not None:
        outcome, landed_hurt = system_for(scene).damage(landed, [DamageEntry(amount, "bludgeoning")])
        landed = landed_hurt
        lines.append(f"takes {outcome.total}: HP {outcome.hp}, {outcome.state}")
    if landed.has_condition("prone") and not token.has_condition("prone"):
        lines.append("lands prone")
    return ActionResult((landed,), tuple(lines))


# ------------------------------------------------------------------------------------------------- Qt


def run_action(doc: Document, token_id: str, key: str, rng: DieSource) -> ActionResult | None:
    """Resolve `key` for the token and execute it as one undoable command with its log entry. A missing
    statistic or an action the rules refuse is logged as the reason and changes nothing (returns None)."""
    from rules.play.edits import Batch, UpdateToken

    token = doc.scene.token(token_id)
    if token is None:
        return None
    try:
        result = resolve(doc.scene, token, key, rng)
    except (ValueError, LookupError) as exc:
        refused = getattr(doc, "refused", None)
        if refused is not None:
            refused.emit(str(exc))
        return None
    text = "\n".join(result.lines)
    updates = tuple(UpdateToken(t.id, t, what="action") for t in result.tokens)
    label = next((a.label for a in actions_for(doc.scene, token) if a.key == key), key)
    if not updates:
        doc.execute(UpdateToken(token.id, token, what="action", log=text))
    else:
        doc.execute(Batch(updates, label=label, log=text))
    return result


def add_actions_menu(menu: QMenu, doc: Document, token_id: str, rng: DieSource | None = None) -> QMenu | None:
    """Add an "Actions" submenu for the token to `menu` (None when the token is gone). Dice come from `rng`
    (default: a fresh `random.Random`)."""
    if rng is None:
        import random

        rng = random.Random()
    token = doc.scene.token(token_id)
    if token is None:
        return None
    sub = menu.addMenu("Actions")
    for spec in actions_for(doc.scene, token):
        sub.addAction(spec.label, _runner(doc, token_id, spec.key, rng))
    return sub


def _runner(doc: Document, token_id: str, key: str, rng: DieSource) -> Callable[[], None]:
    def run() -> None:
        run_action(doc, token_id, key, rng)

    return run
