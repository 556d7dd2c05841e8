"""Build the bundled 5e SRD spell lists from the shared SRD data.

    python assets/spells_build.py [/path/to/srd-data]        # default /work/shared/srd-data

Writes ``assets/spells-srd51.json.gz`` (SRD 5.1, D&D 2014 rules, from the 5e-bits spells) and
``assets/spells-srd52.json.gz`` (SRD 5.2, 2024 rules, from the open5e ``Spell.json`` and
``SpellCastingOption.json``): gzip-compressed FiveFoot spell lists (`rules.io.bundled_spells`), each spell a
spell object (`rules.io.spell_json`) with its rules text, source and licence stated once per file. Every
spell is read by `rules.io.spells.srd5e`, which checks the structured fields against the rules text; the
disagreements it found are printed (the text is used for SRD 5.2, the 5e-bits fields for SRD 5.1). The
attribution the licence asks for is in each file and in ``assets/LICENSES.md``.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.io.spell_json import spell_to_json
from rules.io.spells.srd5e import Imported, import_5ebits, import_open5e
from rules.model.spell import Spell

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


def _entry(s: Spell) -> dict[str, object]:
    doc = spell_to_json(s)
    doc.pop("source", None)
    doc.pop("license", None)
    return doc


def write(imported: Imported, key: str, out_dir: Path) -> Path:
    doc = {
        "format": "fivefoot.spells",
        "version": 1,
        "name": "SRD 5.1 spells" if key == "srd51" else "SRD 5.2 spells",
        "source": "SRD 5.1" if key == "srd51" else "SRD 5.2",
        "license": "CC-BY-4.0",
        "attribution": ATTRIBUTION[key] + " " + DATA_SET[key],
        "spells": [_entry(s) for s in sorted(imported.spells, key=lambda s: (s.level, s.name))],
    }
    path = out_dir / f"spells-{key}.json.gz"
    data = (json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
    path.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    return path


def load(srd: Path) -> dict[str, Imported]:
    bits = json.loads((srd / "5e-bits" / "5e-SRD-Spells-2014.json").read_text(encoding="utf-8"))
    spells = json.loads((srd / "srd-2024" / "Spell.json").read_text(encoding="utf-8"))
    options = json.loads((srd / "srd-2024" / "SpellCastingOption.json").read_text(encoding="utf-8"))
    return {"srd51": import_5ebits(bits, "SRD 5.1"), "srd52": import_open5e(spells, options, "SRD 5.2")}


def build(srd: Path, out_dir: Path) -> list[Path]:
    written = []
    for key, imported in load(srd).items():
        written.append(write(imported, key, out_dir))
        structured = sum(1 for s in imported.spells if s.structured)
        print(f"{key}: {len(imported.spells)} spells, {structured} structured")
        for line in imported.disagreements:
            print(f"  {key}: {line}")
    return written


if __name__ == "__main__":
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/srd-data")
    for p in build(folder, Path(__file__).resolve().parent):
        print(p, p.stat().st_size)
