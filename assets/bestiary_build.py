"""Build the bundled 5e SRD bestiaries.

    python assets/bestiary_build.py [/path/to/shared]        # default /work/shared

Writes ``assets/bestiary-srd51.json.gz`` (SRD 5.1, D&D 2014 rules: the 5e-bits SRD monsters,
``creature-samples/5e-bits/5e-SRD-Monsters-2014.json``) and ``assets/bestiary-srd52.json.gz`` (SRD 5.2,
2024 rules: every creature of the open5e fixtures in ``srd-data/srd-2024/``, read by
`rules.io.creatures.open5e`): gzip-compressed FiveFoot creature JSON (compact: empty and default fields left
out, source and licence stated once per file; `rules.io.creatures.import_creatures` reads it). Attacks are
read from the actions' rules text; abilities with a save (breath weapons …) and Spellcasting become spells,
the named spells taken from the bundled SRD spell lists (build those first: ``assets/spells_build.py``).
The places where the data's structured fields and the text disagree are printed. The attribution the
licence asks for is in each file and in ``assets/LICENSES.md``.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.io.bundled_spells import find_bundled
from rules.io.creature_json import creature_to_json
from rules.io.creatures import srd5e
from rules.io.creatures._common import read_json
from rules.io.creatures.open5e import Read, import_folder
from rules.model.creature import Creature

ATTRIBUTION = {
    "srd51": (
        'This work includes material taken from the System Reference Document 5.1 ("SRD 5.1") by Wizards '
        "of the Coast LLC and available at https://dnd.wizards.com/resources/systems-reference-document. "
        "The SRD 5.1 is licensed under the Creative Commons Attribution 4.0 International License available "
        "at https://creativecommons.org/licenses/by/4.0/legalcode."
    ),
    "srd52": (
        "This work includes material from the System Reference Document 5.2 (“SRD 5.2”) by Wizards of the "
        "Coast LLC, available at https://www.dndbeyond.com/srd. The SRD 5.2 is licensed under the Creative "
        "Commons Attribution 4.0 International License, available at "
        "https://creativecommons.org/licenses/by/4.0/legalcode."
    ),
}
DATA_SET = {
    "srd51": "Converted from the 5e-bits 5e-database JSON (https://github.com/5e-bits/5e-database, MIT).",
    "srd52": "Converted from the open5e-api data (https://github.com/open5e/open5e-api, Modified MIT).",
}


def _entry(c: Creature) -> dict[str, object]:
    """Compact creature JSON without what the file states once (source, licence)."""
    doc = creature_to_json(c, compact=True)
    doc.pop("source", None)
    doc.pop("license", None)
    for spell in doc.get("spells", []):  # type: ignore[union-attr]
        if isinstance(spell, dict) and spell.get("source") == c.source:
            spell.pop("source", None)
            spell.pop("license", None)
    return doc


def srd52(shared: Path) -> Read:
    folder = shared / "srd-data" / "srd-2024"

    def rows(name: str) -> list[object]:
        found = read_json(folder / name)
        assert isinstance(found, list)
        return found

    return import_folder(
        rows("Creature.json"),
        rows("CreatureAction.json"),
        rows("CreatureActionAttack.json"),
        rows("CreatureTrait.json"),
        system="dnd5e-2024",
        source=str(folder / "Creature.json"),
        lookup=lambda name: find_bundled("dnd5e-2024", name),
    )


def write(key: str, creatures: list[Creature], out_dir: Path) -> Path:
    doc = {
        "format": "fivefoot.creatures",
        "version": 1,
        "name": "SRD 5.1 monsters" if key == "srd51" else "SRD 5.2 monsters",
        "source": "SRD 5.1" if key == "srd51" else "SRD 5.2",
        "license": "CC-BY-4.0",
        "attribution": ATTRIBUTION[key] + " " + DATA_SET[key],
        "creatures": [_entry(c) for c in sorted(creatures, key=lambda c: c.name)],
    }
    path = out_dir / f"bestiary-{key}.json.gz"
    data = (json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
    path.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    return path


def build(shared: Path, out_dir: Path) -> list[Path]:
    source = shared / "creature-samples" / "5e-bits" / "5e-SRD-Monsters-2014.json"
    found: list[str] = []
    old = srd5e.import_monsters(read_json(source), str(source), "dnd5e-2014", found)
    new = srd52(shared)
    for line in found:
        print(f"srd51: {line}")
    for line in new.notes:
        print(f"srd52: {line}")
    return [write("srd51", old, out_dir), write("srd52", new.creatures, out_dir)]


if __name__ == "__main__":
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared")
    for p in build(folder, Path(__file__).resolve().parent):
        print(p, p.stat().st_size)
