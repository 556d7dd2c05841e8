"""Every state a command makes can be saved and opened again.

The loader refuses a scene file with two tokens of one id, a creature whose space leaves the grid or a value
past a limit (`rules.io.scene_json`, `rules.limits`). A command must never make such a state: the file and
its autosave would then fail to open. `state_problem` applies the loader's own checks to what a command
changed — the tokens that are new or changed (by identity: values are frozen, an untouched token is the
same object) and the whole map when its grid, terrain, walls, lights or picture changed — so a commit
costs what it changed, not what the map holds. (The encounter may keep a creature removed from the map:
the loader reads it and turns skip it.) `rules.play.history.History`
refuses a command whose state has a problem, with the sentence this returns.
"""

from __future__ import annotations

from rules.errors import SceneError
from rules.limits import check_scene, check_token
from rules.model.scene import Scene
from rules.model.state import GameState

_MAP_PARTS = ("grid", "terrain", "walls", "lights", "background")


def _label(text: str) -> str:
    return text if len(text) <= 60 else text[:59] + "…"


def _tokens_problem(old: Scene, new: Scene) -> str | None:
    grid = new.grid
    unchanged = {id(t) for t in old.tokens} if old.grid == grid and old.system == new.system else set()
    changed = [(i, t) for i, t in enumerate(new.tokens) if id(t) not in unchanged]
    if not changed and len(new.tokens) == len(old.tokens):
        return None
    ids: set[str] = set()
    for t in new.tokens:
        if t.id in ids:
            return f"two tokens would have the id {_label(t.id)!r}; each token needs its own"
        ids.add(t.id)
    for i, t in changed:
        if not t.id:
            return "a token would have no id"
        if not grid.holds(t.cell, t.size):
            return (
                f"{_label(t.label)} ({t.size}) at [{t.cell.x}, {t.cell.y}] would stand partly outside the "
                f"{grid.width}×{grid.height} grid"
            )
        try:
            check_token(t, f"tokens[{i}]", "")
        except SceneError as exc:
            field = exc.path.split(".", 1)[1] if "." in exc.path else exc.path
            return f"{_label(t.label)}'s {field.replace('_', ' ')}: {exc.detail}"
    return None


def state_problem(before: GameState, after: GameState) -> str | None:
    """Why `after` (made from `before` by one command) could not be saved and opened again, or None."""
    old, new = before.scene, after.scene
    if new is not old:
        problem = _tokens_problem(old, new)
        if problem is not None:
            return problem
        if any(getattr(new, part) is not getattr(old, part) for part in _MAP_PARTS):
            try:
                check_scene(new.edit(tokens=()))
            except SceneError as exc:
                return str(exc)
    return None
