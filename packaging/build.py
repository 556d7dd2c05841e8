"""Build the standalone FiveFoot app with PyInstaller, then run its self-test.

    python packaging/build.py            # one-folder app in dist/fivefoot/
    python packaging/build.py --onefile  # a single executable dist/fivefoot
    python packaging/build.py --no-test  # skip the self-test

Needs the `dev` extra (PyInstaller) and, on Linux, binutils (PyInstaller uses objdump/strip).
Also installs a freedesktop layout under dist/share/ (the .desktop file and icons) for distro packagers.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"


def build(onefile: bool) -> Path:
    env = dict(os.environ, FIVEFOOT_ONEFILE="1" if onefile else "0")
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--distpath",
        str(DIST),
        "--workpath",
        str(ROOT / "build" / "pyinstaller"),
        str(ROOT / "packaging" / "fivefoot.spec"),
    ]
    subprocess.run(cmd, check=True, cwd=ROOT, env=env)
    return DIST / "fivefoot" if onefile else DIST / "fivefoot" / "fivefoot"


def install_desktop_files() -> None:
    share = DIST / "share"
    apps = share / "applications"
    apps.mkdir(parents=True, exist_ok=True)
    shutil.copy2(ROOT / "packaging" / "fivefoot.desktop", apps / "fivefoot.desktop")
    for png in sorted((ROOT / "packaging" / "icons").glob("fivefoot-*.png")):
        size = png.stem.split("-")[1]
        target = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(png, target / "fivefoot.png")


def folder_size(path: Path) -> int:
    """Bytes on disk, like `du`: symbolic links are not followed and hard links count once."""
    if path.is_file():
        return path.stat().st_size
    seen: set[tuple[int, int]] = set()
    total = 0
    for p in path.rglob("*"):
        st = p.lstat()
        if p.is_symlink() or not p.is_file() or (st.st_dev, st.st_ino) in seen:
            continue
        seen.add((st.st_dev, st.st_ino))
        total += st.st_blocks * 512
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--onefile", action="store_true")
    parser.add_argument("--no-test", action="store_true")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    exe = build(args.onefile)
    install_desktop_files()
    app_path = exe if args.onefile else exe.parent
    size_mb = folder_size(app_path) / 1e6
    print(f"built {exe} in {time.perf_counter() - started:.0f} s; size on disk {size_mb:.1f} MB")
    if args.no_test:
        return 0
    from packaging_smoke import run_self_test  # type: ignore[import-not-found]

    return run_self_test(exe)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    raise SystemExit(main())
