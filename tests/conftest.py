"""Shared test setup: Qt runs offscreen and the app's data folder is a temporary one."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("FIVEFOOT_DATA_DIR", tempfile.mkdtemp(prefix="fivefoot-test-data-"))

from hypothesis import HealthCheck, settings

# A loaded 2-core CI machine must not turn slow examples into failures: no deadlines, no too-slow checks.
settings.register_profile("fivefoot", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("fivefoot")
