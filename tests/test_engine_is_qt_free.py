"""The rules engine never imports Qt: every `rules` module imports with PySide6 made unimportable."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import rules

ROOT = Path(__file__).resolve().parents[1]


def _rules_modules() -> list[str]:
    names = ["rules"]
    for info in pkgutil.walk_packages(rules.__path__, prefix="rules."):
        if info.name != "rules.__main__":
            names.append(info.name)
    return names


def test_every_rules_module_imports_without_qt() -> None:
    modules = _rules_modules()
    assert "rules.model.scene" in modules and "rules.cli" in modules
    script = (
        "import sys, importlib\n"
        "for blocked in ('PySide6', 'shiboken6', 'desktop'):\n"
        "    sys.modules[blocked] = None\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "from rules.queries import load_all\n"
        "load_all()\n"
        "leaked = [m for m in sys.modules if m.startswith(('PySide6.', 'shiboken6.'))]\n"
        "assert not leaked, leaked\n"
        "print('ok', len(sys.modules))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("ok")


def test_import_linter_contract_holds() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    proc = subprocess.run([str(lint)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "KEPT" in proc.stdout
