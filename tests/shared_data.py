"""Where the project's shared data lies (`../shared` beside the repository: sample maps, creature and
spell samples, SRD data). `FIVEFOOT_SHARED` names another folder (a worktree elsewhere, a CI layout). Tests
that need a folder that is absent skip with its path named."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def shared_dir() -> Path:
    """The shared data folder: ``$FIVEFOOT_SHARED``, else ``../shared`` beside the repository, else
    ``/work/shared``."""
    env = os.environ.get("FIVEFOOT_SHARED")
    if env:
        return Path(env)
    beside = ROOT.parent / "shared"
    return beside if beside.is_dir() else Path("/work/shared")


SHARED = shared_dir()


def shared(*parts: str) -> Path:
    """A folder or file inside the shared data (it may be absent: see `need`)."""
    return SHARED.joinpath(*parts)


def need(*parts: str) -> Path:
    """`shared(*parts)`, skipping the calling test when it is absent."""
    path = shared(*parts)
    if not path.exists():
        pytest.skip(f"shared data not found: {path}")
    return path
