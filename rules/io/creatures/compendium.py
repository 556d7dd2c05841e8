"""The bundled compendium: the SRD bestiaries (``assets/bestiary-*.json.gz``) and the demo encounters'
creatures (``assets/demo-*.json``), read with the same importers as the user's files."""

from __future__ import annotations

from pathlib import Path

from rules.errors import CreatureImportError, SceneError
from rules.io.creature_json import creature_from_token
from rules.io.creatures import import_creatures
from rules.io.creatures._common import read_json
from rules.model.creature import Creature


def bestiary_files(assets: Path) -> list[Path]:
    return sorted(assets.glob("bestiary-*.json.gz"))


def demo_creatures(path: Path) -> list[Creature]:
    """One creature per distinct creature in a demo scene (``Goblin 1`` and ``Goblin 2`` are one)."""
    doc = read_json(path)
    source = str(path)
    if not isinstance(doc, dict) or not isinstance(doc.get("tokens"), list):
        raise CreatureImportError("not a scene with tokens", "tokens", source)
    system = doc.get("system")
    if not isinstance(system, str):
        raise CreatureImportError("missing", "system", source)
    out: dict[str, Creature] = {}
    for i, token in enumerate(doc["tokens"]):
        if not isinstance(token, dict):
            continue
        try:
            c = creature_from_token(token, system, source)
        except SceneError as exc:
            raise CreatureImportError(exc.detail, f"tokens[{i}].{exc.path}".rstrip("."), source) from None
        out.setdefault(c.name, c)
    return [_with_source(c, "FiveFoot demo") for c in out.values()]


def _with_source(c: Creature, source: str) -> Creature:
    from dataclasses import replace

    return replace(c, source=source, license=c.license or "MIT")


def bundled_creatures(assets: Path) -> list[tuple[str, Creature]]:
    """(book name, creature) for every bundled compendium entry."""
    out: list[tuple[str, Creature]] = []
    for f in bestiary_files(assets):
        out.extend((c.source or f.name, c) for c in import_creatures(f))
    for f in sorted(assets.glob("demo-*.json")):
        out.extend(("FiveFoot demo", c) for c in demo_creatures(f))
    return out
