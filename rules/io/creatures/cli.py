"""``fivefoot-rules --creature FILE|srd [--system …]``: print a creature file's creatures as scene tokens
(``srd``: the bundled bestiary of the system, `RuleSystem.bundled_bestiary`).

One JSON object per line, each a complete scene token (``id``, ``cell`` [0, 0], ``side`` and the query
protocol's token fields), so a creature file can be checked without the app — or pasted into a scene.
A file that can't be imported: a message on standard error naming the file and field, exit status 2.
"""

from __future__ import annotations

import json
import sys
from typing import IO

from rules.errors import CreatureImportError
from rules.io.creature_json import creature_to_token
from rules.io.creatures import import_creatures
from rules.model.creature import unique_token_ids


def run(path: str, system: str | None = None, out: IO[str] | None = None, err: IO[str] | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    if path == "srd":
        from rules.io.assets import assets_dir
        from rules.systems import system_for

        bestiary = system_for(system).bundled_bestiary if system is not None else ""
        if not bestiary:
            print(
                "fivefoot-rules: --creature srd lists the bundled SRD bestiary of a 5e system: give --system "
                "dnd5e-2014 (SRD 5.1) or --system dnd5e-2024 (SRD 5.2)",
                file=err,
            )
            return 2
        path = str(assets_dir() / bestiary)
    try:
        creatures = import_creatures(path, system)
    except CreatureImportError as exc:
        print(f"fivefoot-rules: {exc}", file=err)
        return 2
    taken: set[str] = set()
    for c in creatures:
        (token_id,) = unique_token_ids(c.name, 1, taken)
        taken.add(token_id)
        out.write(json.dumps(creature_to_token(c, token_id), separators=(", ", ": ")) + "\n")
    out.flush()
    return 0
