"""Shared test setup: Qt runs offscreen and the app's data folder is a temporary one."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("FIVEFOOT_DATA_DIR", tempfile.mkdtemp(prefix="fivefoot-test-data-"))
