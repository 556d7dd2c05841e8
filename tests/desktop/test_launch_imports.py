"""What the app reads before its first frame: the creature and spell importers (every format's reader, the
SRD text cleaner) are read after the map is shown, when the compendium is filled or a file is imported, and
the creature editor when it opens — not at launch (issue 22: launch to first frame)."""

from __future__ import annotations

import subprocess
import sys

DEFERRED = ("rules.io.creatures", "rules.io.spells", "rules.io.srd_text", "desktop.docks.creature_editor")


def test_the_main_window_does_not_import_the_importers() -> None:
    code = (
        "import sys\n"
        "import desktop.app, desktop.window.main_window\n"
        f"print(','.join(m for m in {DEFERRED!r} if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.strip() == ""


def test_the_compendium_still_reads_them_when_it_is_filled() -> None:
    code = (
        "import sys\n"
        "from desktop.docks.compendium_dock import _bundled\n"
        "assert 'rules.io.creatures' not in sys.modules\n"
        "print(len(_bundled()), 'rules.io.creatures' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    count, loaded = out.stdout.split()
    assert int(count) > 100 and loaded == "True"
