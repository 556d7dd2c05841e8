"""Creature importers: files from the tools GMs already use → `Creature` values.

`import_creatures(path)` reads a file (or every ``.json`` file of a folder) and recognises its format:

* Foundry VTT pf2e actor JSON (`foundry_pf2e`), single actor or a list of actors;
* Pathbuilder 2e "Export JSON" (`pathbuilder`);
* Foundry VTT dnd5e actor JSON, NPC or character (`foundry_dnd5e`);
* 5e-bits SRD monster JSON, 2014 or 2024 (`srd5e`);
* open5e SRD creature fixtures (``Creature.json`` with its action, attack and trait files beside it)
  (`open5e`);
* FiveFoot creature JSON (a creature object, a list of them, or ``{"creatures": [...]}``).

Every importer is a pure function of the decoded document. The one error they raise is
`rules.errors.CreatureImportError` (a `SceneError`), naming the file and the JSON path of the field.
`system` (``pf2e``, ``dnd5e-2014``, ``dnd5e-2024``) chooses the 5e edition for 5e files; a file of the
other game is an error.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rules.errors import CreatureImportError, SceneError
from rules.io.creature_json import creature_from_json
from rules.io.creatures import foundry_dnd5e, foundry_pf2e, open5e, pathbuilder, srd5e
from rules.io.creatures._common import JSON, Reader, read_json
from rules.model.creature import Creature
from rules.model.scene import SYSTEMS

__all__ = ["CreatureImportError", "detect_format", "import_creatures", "import_document"]

FORMATS = ("foundry-pf2e", "pathbuilder", "foundry-dnd5e", "srd5e", "open5e", "fivefoot")
MAX_FOLDER_FILES = 5000


def detect_format(doc: JSON) -> str | None:
    """The format of a decoded document (one of `FORMATS`), or None."""
    if pathbuilder.is_pathbuilder(doc):
        return "pathbuilder"
    if srd5e.is_srd5e(doc):
        return "srd5e"
    if open5e.is_open5e_creatures(doc):
        return "open5e"
    probe = doc[0] if isinstance(doc, list) and doc else doc
    if isinstance(probe, dict) and isinstance(probe.get("system"), dict):
        if foundry_pf2e.is_foundry_pf2e(probe):
            return "foundry-pf2e"
        if foundry_dnd5e.is_foundry_dnd5e(probe):
            return "foundry-dnd5e"
    if isinstance(doc, dict) and isinstance(doc.get("creatures"), list):
        return "fivefoot"
    if isinstance(probe, dict) and isinstance(probe.get("system"), str) and "name" in probe:
        return "fivefoot"
    return None


def _family(system: str) -> str:
    return "pf2e" if system == "pf2e" else "dnd5e"


def import_document(
    doc: JSON, source: str, system: str | None = None, base_dir: Path | None = None
) -> list[Creature]:
    """Creatures from one decoded document. Raises `CreatureImportError` only."""
    if system is not None and system not in SYSTEMS:
        raise CreatureImportError(f"--system {system!r} is not one of {', '.join(SYSTEMS)}", "", source)
    try:
        return _import(doc, source, system, base_dir)
    except CreatureImportError:
        raise
    except SceneError as exc:
        raise CreatureImportError(exc.detail, exc.path, source) from None
    except RecursionError:
        raise CreatureImportError("nested too deeply", "", source) from None
    except (KeyError, TypeError, AttributeError, IndexError, ValueError, ArithmeticError) as exc:
        # A shape no reader anticipated: still the one documented error, naming the file.
        raise CreatureImportError(
            f"unexpected data the importer cannot read ({type(exc).__name__}: {str(exc)[:120]})", "", source
        ) from None


def _import(doc: JSON, source: str, system: str | None, base_dir: Path | None) -> list[Creature]:
    fmt = detect_format(doc)
    edition = system if system and system != "pf2e" else None
    if fmt is None:
        raise CreatureImportError(
            "not a creature file this version can read (Foundry VTT pf2e/dnd5e actor, Pathbuilder 2e "
            "export, 5e-bits SRD monsters, or FiveFoot creatures)",
            "",
            source,
        )
    creatures: list[Creature]
    if fmt == "pathbuilder":
        creatures = [pathbuilder.import_build(doc, source)]
    elif fmt == "srd5e":
        creatures = srd5e.import_monsters(doc, source, edition)
    elif fmt == "open5e":
        creatures = _open5e(doc, source, edition, base_dir)
    elif fmt in ("foundry-pf2e", "foundry-dnd5e"):
        actors = doc if isinstance(doc, list) else [doc]
        creatures = []
        for i, actor in enumerate(actors):
            path = f"[{i}]" if isinstance(doc, list) else ""
            if fmt == "foundry-pf2e":
                creatures.append(foundry_pf2e.import_actor(actor, source, base_dir, path))
            else:
                creatures.append(foundry_dnd5e.import_actor(actor, source, base_dir, path, edition))
    else:
        r = Reader(source)
        entries = doc.get("creatures") if isinstance(doc, dict) and "creatures" in doc else doc
        base = "creatures" if isinstance(doc, dict) and "creatures" in doc else ""
        items = r.lst(entries if isinstance(entries, list) else [entries], base)
        creatures = [
            creature_from_json(c, source, f"{base}[{i}]" if isinstance(entries, list) else base)
            for i, c in enumerate(items)
        ]
        if isinstance(doc, dict):  # a bundle states its source and licence once
            src = doc.get("source") if isinstance(doc.get("source"), str) else ""
            lic = doc.get("license") if isinstance(doc.get("license"), str) else ""
            creatures = [
                replace(c, source=c.source or src or "", license=c.license or lic or "") for c in creatures
            ]
            creatures = [  # the bundle's spells state their source once too
                replace(
                    c,
                    spells=tuple(
                        replace(sp, source=sp.source or c.source, license=sp.license or c.license)
                        for sp in c.spells
                    ),
                )
                if c.spells
                else c
                for c in creatures
            ]
    if system is not None:
        for c in creatures:
            if _family(c.system) != _family(system):
                raise CreatureImportError(
                    f"{c.name!r} is a {c.system} creature, not {system} (leave out --system or pick the "
                    "file's game)",
                    "",
                    source,
                )
    return creatures


def _open5e(doc: JSON, source: str, edition: str | None, base_dir: Path | None) -> list[Creature]:
    """open5e ``Creature.json`` with its ``CreatureAction``, ``CreatureActionAttack`` and ``CreatureTrait``
    files from the same folder (each optional); the edition from the records' ``document``."""
    from rules.io.bundled_spells import find_bundled

    folder = base_dir or Path(".")

    def sibling(name: str) -> list[JSON]:
        path = folder / name
        if not path.is_file():
            return []
        found = read_json(path)
        return found if isinstance(found, list) else []

    document = str(doc[0].get("fields", {}).get("document", "")) if doc else ""
    system = edition or ("dnd5e-2024" if "2024" in document else "dnd5e-2014")
    read = open5e.import_folder(
        doc,
        sibling("CreatureAction.json"),
        sibling("CreatureActionAttack.json"),
        sibling("CreatureTrait.json"),
        system=system,
        source=source,
        lookup=lambda name: find_bundled(system, name),
    )
    return read.creatures


def import_creatures(path: str | Path, system: str | None = None) -> list[Creature]:
    """Creatures from a file (``.json``, or gzip-compressed ``.json.gz``), or from every ``.json`` creature
    file in a folder (sorted by name; other JSON files there are skipped, a broken creature file is an
    error)."""
    p = Path(path)
    if p.is_dir():
        files = sorted(f for f in p.iterdir() if f.suffix.lower() == ".json" and f.is_file())
        if not files:
            raise CreatureImportError("the folder has no .json files", "", str(p))
        out: list[Creature] = []
        for f in files[:MAX_FOLDER_FILES]:
            doc = read_json(f)
            if detect_format(doc) is None:
                continue  # not a creature (a folder's metadata, a scene …): skipped in a folder
            out.extend(import_document(doc, str(f), system, f.parent))
        if not out:
            raise CreatureImportError("the folder has no creature files", "", str(p))
        return out
    return import_document(read_json(p), str(p), system, p.parent)
