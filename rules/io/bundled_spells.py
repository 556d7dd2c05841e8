"""The bundled SRD spell lists (``assets/spells-srd51.json.gz``, ``assets/spells-srd52.json.gz``, built by
``assets/spells_build.py``): a system's list (`RuleSystem.bundled_spells`; none for PF2e), and one spell
by its name or its index (``"Fireball"``, ``"fireball"``, ``"burning-hands"``).

A bundle file is ``{"format": "fivefoot.spells", "version": 1, "name", "source", "license",
"attribution", "spells": [spell objects]}`` (`rules.io.spell_json`); the source and licence are stated once
for the file and given to every spell. A file that can't be read is a `SceneError` naming it.
"""

from __future__ import annotations

import gzip
import json
from functools import lru_cache
from pathlib import Path

from rules.errors import SceneError
from rules.io.assets import assets_dir
from rules.io.json_reader import JsonReader
from rules.io.spell_json import spells_from_json
from rules.model.spell import Spell
from rules.systems import system_for

FORMAT = "fivefoot.spells"


def read_bundle(path: Path) -> tuple[Spell, ...]:
    """Every spell of a bundle file. Raises `SceneError`."""
    source = str(path)
    try:
        raw = path.read_bytes()
        text = gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw
        doc = json.loads(text)
    except (OSError, EOFError, ValueError) as exc:
        raise SceneError(f"can't be read ({exc})", "", source) from None
    r = JsonReader(source)
    d = r.obj(doc, "")
    if d.get("format") != FORMAT:
        raise SceneError(f"is not a spell list (format {d.get('format')!r})", "format", source)
    source_name = r.string(d.get("source", ""), "source")
    licence = r.string(d.get("license", ""), "license")
    from dataclasses import replace

    return tuple(
        replace(s, source=s.source or source_name, license=s.license or licence)
        for s in spells_from_json(d.get("spells"), "spells", source)
    )


@lru_cache(maxsize=8)
def _bundle(name: str, folder: str) -> tuple[Spell, ...]:
    return read_bundle(Path(folder) / name)


def bundled_spells(system: str, folder: Path | None = None) -> tuple[Spell, ...]:
    """The bundled spells of `system` (empty when it bundles none). Raises `SceneError`."""
    name = system_for(system).bundled_spells
    if not name:
        return ()
    return _bundle(name, str(folder or assets_dir()))


def _key(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").replace("'", "").replace("’", "").split())


def find_bundled(system: str, name: str, folder: Path | None = None) -> Spell | None:
    """The bundled spell of `system` whose name or index is `name` (case, hyphens, apostrophes ignored)."""
    want = _key(name)
    for s in bundled_spells(system, folder):
        if _key(s.name) == want or (s.index and _key(s.index) == want):
            return s
    return None
