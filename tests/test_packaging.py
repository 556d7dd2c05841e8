"""The PyInstaller build is valid: the spec compiles, everything it bundles exists, and the Linux desktop
integration files are complete. (Building the frozen app itself is `python packaging/build.py`.)"""

from __future__ import annotations

import ast
import configparser
import importlib.util
import struct
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_spec_is_valid_python_that_names_existing_files() -> None:
    source = (PACKAGING / "fivefoot.spec").read_text(encoding="utf-8")
    tree = ast.parse(source, "fivefoot.spec")
    called = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert {"Analysis", "PYZ", "EXE", "COLLECT"} <= called
    assert (PACKAGING / "launch.py").is_file()
    assert (ROOT / "assets").is_dir()
    # the engine's and the app's modules are collected by package (query handlers register by a package scan)
    collected = {
        n.args[0].value
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id == "collect_submodules"
        and n.args
        and isinstance(n.args[0], ast.Constant)
    }
    assert {"rules", "desktop"} <= collected
    for package in collected:
        if package in ("rules", "desktop"):
            assert (ROOT / package / "__init__.py").is_file(), (
                f"spec collects {package}, which is not a package"
            )
        else:  # a dependency the app bundles (the table server's sync library, its websockets …)
            assert importlib.util.find_spec(package) is not None, f"spec collects {package}, not installed"


def test_desktop_entry_is_complete() -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(PACKAGING / "fivefoot.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == "FiveFoot"
    assert entry["Exec"].split()[0] == "fivefoot"
    assert entry["Icon"] == "fivefoot"
    assert "Game" in entry["Categories"].split(";")


def test_icons_exist_in_every_size_and_are_square() -> None:
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        icon = PACKAGING / "icons" / f"fivefoot-{size}.png"
        assert icon.is_file(), icon
        assert _png_size(icon) == (size, size)
