"""Build the bundled 5e SRD bestiaries from the 5e-bits SRD monster JSON.

    python assets/bestiary_build.py /path/to/5e-bits        # the folder holding 5e-SRD-Monsters-*.json

Writes ``assets/bestiary-srd51.json.gz`` (SRD 5.1, D&D 2014 rules) and ``assets/bestiary-srd52.json.gz``
(SRD 5.2, 2024 rules): gzip-compressed FiveFoot creature JSON (compact: empty and default fields left out,
source and licence stated once per file; `rules.io.creatures.import_creatures` reads it). The
attribution the licence asks for is in each file and in ``assets/LICENSES.md``.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.io.creature_json import creature_to_json
from rules.io.creatures import import_creatures
from rules.model.creature import Creature

ATTRIBUTION = {
    "srd51": (
        'This work includes material taken from the System Reference Document 5.1 ("SRD 5.1") by Wizards '
        "of the Coast LLC and available at https://dnd.wizards.com/resources/systems-reference-document. "
        "The SRD 5.1 is licensed under the Creative Commons Attribution 4.0 International License available "
        "at https://creativecommons.org/licenses/by/4.0/legalcode."
    ),
    "srd52": (
        'This work includes material from the System Reference Document 5.2 ("SRD 5.2") by Wizards of the '
        "Coast LLC, available at https://www.dndbeyond.com/srd. The SRD 5.2 is licensed under the Creative "
        "Commons Attribution 4.0 International License, available at "
        "https://creativecommons.org/licenses/by/4.0/legalcode."
    ),
}
DATA_SET = "Converted from the 5e-bits 5e-database JSON (https://github.com/5e-bits/5e-database, MIT)."


def _entry(c: Creature) -> dict[str, object]:
    """Compact creature JSON without what the file states once (source, licence)."""
    doc = creature_to_json(c, compact=True)
    doc.pop("source", None)
    doc.pop("license", None)
    return doc


def build(source_dir: Path, out_dir: Path) -> list[Path]:
    written = []
    for key, name, system in (
        ("srd51", "5e-SRD-Monsters-2014.json", "dnd5e-2014"),
        ("srd52", "5e-SRD-Monsters-2024.json", "dnd5e-2024"),
    ):
        creatures = import_creatures(source_dir / name, system)
        doc = {
            "format": "fivefoot.creatures",
            "version": 1,
            "name": "SRD 5.1 monsters" if key == "srd51" else "SRD 5.2 monsters",
            "source": "SRD 5.1" if key == "srd51" else "SRD 5.2",
            "license": "CC-BY-4.0",
            "attribution": ATTRIBUTION[key] + " " + DATA_SET,
            "creatures": [_entry(c) for c in creatures],
        }
        path = out_dir / f"bestiary-{key}.json.gz"
        data = (json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        path.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
        written.append(path)
    return written


if __name__ == "__main__":
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/creature-samples/5e-bits")
    for p in build(folder, Path(__file__).resolve().parent):
        print(p, p.stat().st_size)
