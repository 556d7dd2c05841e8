"""Spell importers: files from the tools GMs already use → `Spell` values (`rules.model.spell`).

`import_spells(path)` reads a file (``.json`` or gzip-compressed ``.json.gz``), or every ``.json`` file of a
folder, and recognises its format:

* a FiveFoot spell list (``{"format": "fivefoot.spells", "spells": [...]}``, the bundled SRD lists), a spell
  object, or a list of spell objects (`rules.io.spell_json`);
* Foundry VTT pf2e spell items (`foundry_pf2e`), current or legacy data model, one or a list;
* Foundry VTT dnd5e spell items (`foundry_dnd5e`), one or a list;
* the 5e-bits SRD spells (a list with ``index``, ``level``, ``desc``) and the open5e ``Spell.json`` fixtures
  (with ``SpellCastingOption.json`` beside it) (`srd5e`);
* any creature file `rules.io.creatures` reads: each creature's spells and abilities, with its name.

Each result is an `Owned` (the creature's name, or ``""``, and the spell). The one error is
`rules.errors.SpellImportError`, naming the file and the JSON path of the field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

from rules.errors import SceneError, SpellImportError
from rules.io.creatures._common import JSON, read_json
from rules.io.spell_json import spell_from_json, spell_shape
from rules.io.spells import foundry_dnd5e, foundry_pf2e, srd5e
from rules.model.spell import Spell

MAX_FOLDER_FILES = 5000


@dataclass(frozen=True, slots=True)
class Owned:
    """A spell and the creature it belongs to (``""`` for a spell file)."""

    owner: str
    spell: Spell


def _items(doc: JSON) -> list[JSON]:
    return doc if isinstance(doc, list) else [doc]


def detect_format(doc: JSON) -> str | None:
    """``fivefoot``, ``foundry-pf2e``, ``foundry-dnd5e``, ``5e-bits``, ``open5e``, ``creatures`` or None."""
    if isinstance(doc, dict) and doc.get("format") == "fivefoot.spells":
        return "fivefoot"
    probe = doc[0] if isinstance(doc, list) and doc else doc
    if not isinstance(probe, dict):
        return None
    if probe.get("model") == "api_v2.spell":
        return "open5e"
    if "index" in probe and "level" in probe and "desc" in probe and "school" in probe:
        return "5e-bits"
    if foundry_pf2e.is_spell_item(probe):
        return "foundry-pf2e"
    if foundry_dnd5e.is_spell_item(probe):
        return "foundry-dnd5e"
    if spell_shape(probe) and not isinstance(probe.get("system"), (dict, str)):
        return "fivefoot"
    from rules.io.creatures import detect_format as creature_format

    if creature_format(doc) is not None:
        return "creatures"
    return None


def import_document(
    doc: JSON, source: str, system: str | None = None, base: Path | None = None
) -> list[Owned]:
    """Spells from one decoded document. Raises `SpellImportError` only."""
    fmt = detect_format(doc)
    try:
        if fmt == "fivefoot":
            if isinstance(doc, dict) and doc.get("format") == "fivefoot.spells":
                src = doc.get("source") if isinstance(doc.get("source"), str) else ""
                lic = doc.get("license") if isinstance(doc.get("license"), str) else ""
                raw = doc.get("spells")
                if not isinstance(raw, list):
                    raise SpellImportError("expected a list of spell objects", "spells", source)
                return [
                    Owned(
                        "",
                        replace(
                            spell_from_json(s, f"spells[{i}]", source), source=src or "", license=lic or ""
                        ),
                    )
                    for i, s in enumerate(raw)
                ]
            many = isinstance(doc, list)
            return [
                Owned("", spell_from_json(s, f"[{i}]" if many else "spell", source))
                for i, s in enumerate(_items(doc))
            ]
        if fmt == "foundry-pf2e":
            many = isinstance(doc, list)
            return [
                Owned("", foundry_pf2e.import_spell(s, source, f"[{i}]." if many else ""))
                for i, s in enumerate(_items(doc))
            ]
        if fmt == "foundry-dnd5e":
            many = isinstance(doc, list)
            return [
                Owned("", foundry_dnd5e.import_spell(s, source, f"[{i}]." if many else ""))
                for i, s in enumerate(_items(doc))
            ]
        if fmt == "5e-bits":
            return [Owned("", s) for s in srd5e.import_5ebits(_items(doc)).spells]
        if fmt == "open5e":
            options = None
            if base is not None and (base / "SpellCastingOption.json").is_file():
                options = json.loads((base / "SpellCastingOption.json").read_text(encoding="utf-8"))
            return [Owned("", s) for s in srd5e.import_open5e(_items(doc), options).spells]
        if fmt == "creatures":
            from rules.io.creatures import import_document as import_creatures

            return [Owned(c.name, s) for c in import_creatures(doc, source, system, base) for s in c.spells]
    except SpellImportError:
        raise
    except SceneError as exc:
        raise SpellImportError(exc.detail, exc.path, source) from None
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as exc:
        raise SpellImportError(
            f"unexpected data the importer cannot read ({type(exc).__name__}: {str(exc)[:120]})", "", source
        ) from None
    raise SpellImportError(
        "not a spell file this version can read (FiveFoot spells, Foundry VTT pf2e/dnd5e spell items, "
        "5e-bits or open5e SRD spells, or a creature file)",
        "",
        source,
    )


def import_spells(path: str | Path, system: str | None = None) -> list[Owned]:
    """Spells from a file, or from every ``.json`` file of a folder (sorted by name; files of no spell format
    are skipped in a folder). Raises `SpellImportError`."""
    p = Path(path)
    if p.is_dir():
        files = sorted(f for f in p.iterdir() if f.suffix.lower() == ".json" and f.is_file())
        out: list[Owned] = []
        for f in files[:MAX_FOLDER_FILES]:
            doc = _read(f)
            if detect_format(doc) is None or f.name == "SpellCastingOption.json":
                continue
            out.extend(import_document(doc, str(f), system, f.parent))
        if not files:
            raise SpellImportError("the folder has no .json files", "", str(p))
        return out
    return import_document(_read(p), str(p), system, p.parent)


def _read(p: Path) -> JSON:
    try:
        return read_json(p)
    except SceneError as exc:
        raise SpellImportError(exc.detail, exc.path, str(p)) from None
