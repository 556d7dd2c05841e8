"""The recent-files list, kept as JSON in the per-user data folder (`desktop.paths.data_dir`)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from desktop.paths import data_dir
from rules.io.safe_write import atomic_write_text

MAX_RECENT = 10
FILE_NAME = "recent-files.json"


def _store() -> Path:
    return data_dir() / FILE_NAME


def recent_files() -> list[Path]:
    """Most recent first; files that no longer exist are left out."""
    try:
        raw = json.loads(_store().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(raw, list):
        return []
    return [Path(p) for p in raw if isinstance(p, str) and Path(p).exists()][:MAX_RECENT]


def add_recent(path: Path) -> list[Path]:
    path = path.resolve()
    items = [path, *(p for p in recent_files() if p.resolve() != path)][:MAX_RECENT]
    with contextlib.suppress(OSError):
        atomic_write_text(_store(), json.dumps([str(p) for p in items], indent=1) + "\n", keep_backup=False)
    return items


def clear_recent() -> None:
    with contextlib.suppress(OSError):
        _store().unlink()
