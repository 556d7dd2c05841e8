"""``fivefoot-rules --spells FILE|srd [--system S]``: print spells and abilities as spell objects.

One JSON object per line (query-protocol.md "Command"): the spell object (`rules.io.spell_json`) with
``"structured": true``, or ``"structured": false`` and a ``reason`` when some of it is text only. ``srd`` is
the bundled SRD spell list of the system (5e; ``--system`` names it); a creature file lists each creature's
spells and abilities, each line with the ``creature`` it belongs to. A file that can't be read: a message on
standard error naming the file and the field, exit status 2.
"""

from __future__ import annotations

import json
import sys
from typing import IO

from rules.errors import SceneError
from rules.io.bundled_spells import bundled_spells
from rules.io.spell_json import listing_json
from rules.io.spells import Owned, import_spells
from rules.systems import system_for


def run(path: str, system: str | None = None, out: IO[str] | None = None, err: IO[str] | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        if path == "srd":
            if system is None or not system_for(system).bundled_spells:
                print(
                    "fivefoot-rules: --spells srd lists the bundled SRD spells of a 5e system: give --system "
                    "dnd5e-2014 (SRD 5.1) or --system dnd5e-2024 (SRD 5.2)",
                    file=err,
                )
                return 2
            owned = [Owned("", s) for s in bundled_spells(system)]
        else:
            owned = import_spells(path, system)
    except SceneError as exc:
        print(f"fivefoot-rules: {exc}", file=err)
        return 2
    for item in owned:
        line = listing_json(item.spell)
        if item.owner:
            line = {"creature": item.owner, **line}
        out.write(json.dumps(line, ensure_ascii=False, separators=(", ", ": ")) + "\n")
    out.flush()
    return 0
