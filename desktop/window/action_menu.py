"""The token context menu's "Actions" submenu: the system's common actions, resolved by the engine.

What a creature can do and what each action does are the rule system's (`RuleSystem.actions`,
`RuleSystem.resolve_action`, in `rules.systems.pf2e.table` and `rules.systems.dnd5e.table`).
`actions_for(scene, token)` and `resolve(scene, token, key, rng)` ask the scene's system;
`add_actions_menu` puts the actions into a `QMenu` and runs each as one undoable command (every changed
token replaced, one log entry).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.dice import DieSource
from rules.scene import Scene, Token
from rules.systems import system_for
from rules.systems.table import ActionResult, ActionSpec

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu

    from desktop.document import Document

__all__ = ["ActionResult", "ActionSpec", "actions_for", "add_actions_menu", "resolve", "run_action"]


def actions_for(scene: Scene, token: Token) -> list[ActionSpec]:
    """The actions the menu offers `token` in `scene`'s system, in menu order."""
    return system_for(scene).actions(token)


def resolve(scene: Scene, token: Token, key: str, rng: DieSource) -> ActionResult:
    """Resolve action `key` for `token` with the scene's system. Raises `ValueError` for an action the
    system doesn't have and `LookupError` (the checks' `MissingStatistic`) for a missing statistic."""
    return system_for(scene).resolve_action(scene, token, key, rng)


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
