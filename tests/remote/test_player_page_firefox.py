"""The player page in headless Firefox ESR (Debian's ``firefox-esr``), driven through Firefox's own remote
protocol, Marionette, with Mozilla's Python client ``marionette_driver`` (Debian packages no geckodriver).
The same checks as in Chromium (`tests.remote.player_page`): it joins, draws the map, the fog and the tokens
(``shots/player-firefox-desktop.png``, ``shots/player-firefox-phone.png``), lists the character's spells,
pings a square the GM hears about, shows a GM's move when it arrives and fits a phone-sized screen.

Firefox is started here as a user would start it, headless with its own throw-away profile and Marionette
on a free port (``marionette.port`` 0: Firefox picks one and writes it to ``MarionetteActivePort`` in the
profile), with Mozilla's own automation preferences (no update checks, telemetry or other network use); the
fixture ends the browser it started and removes the profile. Skips only when Firefox is not installed."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from desktop.table.host import TableHost
from tests.remote.player_page import check_player_page

FIREFOX = shutil.which("firefox-esr") or shutil.which("firefox")
pytestmark = pytest.mark.skipif(not FIREFOX, reason="firefox (Debian's firefox-esr) is not installed")

#: How long Firefox may take to start and open Marionette (a cold start on a busy machine).
START_TIMEOUT = 60.0
#: Where the network-using services the automation preferences point at are sent: the discard port.
NOWHERE = "127.0.0.1:9"
#: The browser window's own style in the test profile: Firefox keeps a window with toolbars at least 450 px
#: wide (browser-shared.css); a phone's screen is narrower.
USER_CHROME = ":root { min-width: 0 !important; }\n"


def _marionette() -> Any:
    """The `Marionette` client class. Its import pulls in mozrunner and mozinfo, which use deprecated
    standard-library calls at import time (not ours to fix: the suite treats warnings as errors)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from marionette_driver.marionette import Marionette
    return Marionette


def automation_prefs() -> dict[str, Any]:
    """Mozilla's preferences for a browser under automation (marionette_driver's own lists), and Marionette
    on a port Firefox chooses."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from marionette_driver.geckoinstance import DesktopInstance, GeckoInstance
    prefs: dict[str, Any] = {**GeckoInstance.required_prefs, **DesktopInstance.desktop_prefs}
    for key, value in prefs.items():
        if isinstance(value, str):
            prefs[key] = value.replace("%(server)s", NOWHERE).replace("{server}", NOWHERE)
    prefs.update(
        {
            "marionette.port": 0,
            "remote.log.level": "Warn",
            # read the profile's userChrome.css (the window's narrowest width)
            "toolkit.legacyUserProfileCustomizations.stylesheets": True,
        }
    )
    return prefs


def write_profile(profile: Path) -> None:
    lines = [f"user_pref({json.dumps(k)}, {json.dumps(v)});" for k, v in automation_prefs().items()]
    (profile / "user.js").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (profile / "chrome").mkdir()
    (profile / "chrome" / "userChrome.css").write_text(USER_CHROME, encoding="utf-8")


def wait_for_port(profile: Path, process: subprocess.Popen[bytes]) -> int:
    """The Marionette port Firefox wrote into its profile, once it listens."""
    active = profile / "MarionetteActivePort"
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"firefox exited with {process.returncode} before Marionette started")
        with contextlib.suppress(OSError, ValueError):
            port = int(active.read_text(encoding="ascii").strip())
            if port > 0:
                return port
        time.sleep(0.05)  # polling a file: there is nothing to wait on
    raise TimeoutError(f"firefox did not start Marionette within {START_TIMEOUT:.0f} s")


class FirefoxPage:
    """The `tests.remote.player_page.PageDriver` over a Marionette session."""

    def __init__(self, client: Any) -> None:
        self.m = client

    def open(self, url: str) -> None:
        self.m.navigate(url)

    def js(self, script: str) -> Any:
        # sandbox=None: run in the page's own window (the page's globals, as WebDriver's scripts see them)
        return self.m.execute_script(script, sandbox=None, new_sandbox=False)

    def _element(self, css: str) -> Any:
        from marionette_driver.by import By

        return self.m.find_element(By.CSS_SELECTOR, css)

    def type_into(self, css: str, text: str) -> None:
        self._element(css).send_keys(text)

    def click(self, css: str) -> None:
        self._element(css).click()

    def resize_viewport(self, width: int, height: int) -> None:
        """Size the window so that the page's viewport is `width` × `height` CSS pixels (the window's frame
        is the difference between its outer and inner size)."""
        outer_w, outer_h, inner_w, inner_h = self.js(
            "return [window.outerWidth, window.outerHeight, window.innerWidth, window.innerHeight]"
        )
        self.m.set_window_rect(width=width + outer_w - inner_w, height=height + outer_h - inner_h)
        self.until(lambda: self.js("return [window.innerWidth, window.innerHeight]") == [width, height])

    def until(self, condition: Callable[[], bool], timeout: float = 10.0) -> None:
        """Wait until `condition()` holds (the browser answers each call; no Qt loop is needed here)."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise TimeoutError("the browser did not get there in time")
            time.sleep(0.02)  # between two questions to the browser

    def screenshot(self, path: Path) -> None:
        path.write_bytes(self.m.screenshot(format="binary", full=False))


@pytest.fixture
def firefox() -> Iterator[FirefoxPage]:
    Marionette = _marionette()
    profile = Path(tempfile.mkdtemp(prefix="fivefoot-firefox-"))
    write_profile(profile)
    process = subprocess.Popen(
        [
            str(FIREFOX),
            "--headless",
            "--marionette",
            "--no-remote",
            "--profile",
            str(profile),
            "about:blank",
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**_env(), "MOZ_HEADLESS": "1"},
        start_new_session=True,  # its own process group: the content processes end with it
    )
    client = None
    try:
        port = wait_for_port(profile, process)
        client = Marionette(host="127.0.0.1", port=port, startup_timeout=int(START_TIMEOUT))
        client.start_session()
        client.timeout.script = 10
        client.timeout.page_load = 30
        yield FirefoxPage(client)
    finally:
        if client is not None:
            with contextlib.suppress(Exception):
                client.delete_session()
            with contextlib.suppress(Exception):
                client.cleanup()
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(15)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)  # any content process of this browser still running
        shutil.rmtree(profile, ignore_errors=True)


def _env() -> dict[str, str]:
    # no display: headless Firefox draws offscreen; a parent's X or Wayland display is not used
    return {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}


def test_the_player_page_works_in_firefox(host: TableHost, firefox: FirefoxPage, qtbot: Any) -> None:
    check_player_page(firefox, host, qtbot, "player-firefox")
