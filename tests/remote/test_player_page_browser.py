"""The player page in a real headless browser (Debian's chromium and chromedriver through selenium), with
the checks every browser gets (`tests.remote.player_page`): it joins, draws the map, the fog and the tokens
(``shots/player-desktop.png``, ``shots/player-phone.png``), lists the character's spells, pings a square the
GM hears about, shows a GM's move when it arrives and fits a phone-sized screen. Skips only when chromium or
chromedriver is not installed."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest

from desktop.table.host import TableHost
from tests.remote.conftest import wait_for
from tests.remote.player_page import check_player_page

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    not (CHROMIUM and DRIVER), reason="chromium and chromedriver are not installed"
)


@pytest.fixture
def browser() -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="fivefoot-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = str(CHROMIUM)
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={profile}",
        "--window-size=1280,800",
    ):
        opts.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(DRIVER)), options=opts)
    driver.set_script_timeout(10)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


class ChromePage:
    """The `tests.remote.player_page.PageDriver` over a selenium Chrome session."""

    def __init__(self, driver: Any) -> None:
        self.d = driver

    def open(self, url: str) -> None:
        self.d.get(url)

    def js(self, script: str) -> Any:
        return self.d.execute_script(script)

    def _element(self, css: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.d.find_element(By.CSS_SELECTOR, css)

    def type_into(self, css: str, text: str) -> None:
        self._element(css).send_keys(text)

    def click(self, css: str) -> None:
        self._element(css).click()

    def resize_viewport(self, width: int, height: int) -> None:
        """Size the window so that the page's viewport is `width` × `height` CSS pixels."""
        from selenium.webdriver.support.wait import WebDriverWait

        outer_w, outer_h, inner_w, inner_h = self.js(
            "return [window.outerWidth, window.outerHeight, window.innerWidth, window.innerHeight]"
        )
        self.d.set_window_size(width + outer_w - inner_w, height + outer_h - inner_h)
        WebDriverWait(self.d, 10).until(
            lambda d: d.execute_script("return [window.innerWidth, window.innerHeight]") == [width, height]
        )

    def screenshot(self, path: Path) -> None:
        self.d.save_screenshot(str(path))


def test_the_player_page_joins_draws_pings_and_follows_the_gm(
    host: TableHost, browser: Any, qtbot: Any
) -> None:
    check_player_page(ChromePage(browser), host, qtbot, "player")


def js(driver: Any, script: str) -> Any:
    return driver.execute_script(script)


def test_the_player_page_draws_the_spell_template(host: TableHost, browser: Any, qtbot: Any) -> None:
    from selenium.webdriver.common.by import By

    from rules.geometry.areas import AreaSpec
    from rules.geometry.coords import Point
    from rules.play.projection import Template

    browser.get(f"http://127.0.0.1:{host.port}/?code={host.config.code}")
    wait_for(qtbot, lambda: browser.find_elements(By.CSS_SELECTOR, "#seat-list input"), 10000)
    browser.find_element(By.ID, "name-input").send_keys("Ann")
    browser.find_element(By.CSS_SELECTOR, "#seat-form button").click()
    wait_for(
        qtbot, lambda: js(browser, "return !!(window.fivefoot.data && window.fivefoot.data.tokens.length)")
    )
    pixel = """const c = document.getElementById('map'); const g = c.getContext('2d');
        const v = window.fivefoot.view;
        return Array.from(g.getImageData(Math.round((4.5 - v.x) * v.scale), Math.round((3.5 - v.y) * v.scale),
                                         1, 1).data);"""
    qtbot.wait(200)
    before = js(browser, pixel)
    host.set_template(Template(AreaSpec("burst", 10, origin=Point(4, 4)), "Fireball", cast=True))
    wait_for(qtbot, lambda: js(browser, "return !!window.fivefoot.data.template"))
    qtbot.wait(200)  # the next animation frame has drawn
    after = js(browser, pixel)
    browser.save_screenshot("shots/player-template.png")
    assert after[:3] != before[:3] and after[0] > after[2]  # the square turned orange


def test_the_player_page_draws_a_creatures_portrait(
    portrait_host: TableHost, browser: Any, qtbot: Any
) -> None:
    """Aria's portrait (a red picture) is drawn inside her token; Bram, without one, keeps his initials on
    the party's blue."""
    from selenium.webdriver.common.by import By

    host = portrait_host
    browser.get(f"http://127.0.0.1:{host.port}/?code={host.config.code}")
    wait_for(qtbot, lambda: browser.find_elements(By.CSS_SELECTOR, "#seat-list input"), 10000)
    browser.find_element(By.ID, "name-input").send_keys("Ann")
    browser.find_element(By.CSS_SELECTOR, "#seat-form button").click()
    wait_for(
        qtbot, lambda: js(browser, "return !!(window.fivefoot.data && window.fivefoot.data.tokens.length)")
    )
    at = """const c = document.getElementById('map'); const g = c.getContext('2d');
        const v = window.fivefoot.view;
        return Array.from(g.getImageData(Math.round((arguments[0] - v.x) * v.scale),
                                         Math.round((arguments[1] - v.y) * v.scale), 1, 1).data);"""

    def red_at_aria() -> bool:
        r, g, b, _a = browser.execute_script(at, 1.3, 1.3)  # inside Aria's token at (1, 1), off its initials
        return bool(r > 170 and g < 90 and b < 90)

    wait_for(qtbot, red_at_aria, 10000)
    r, _g, b, _a = browser.execute_script(at, 2.3, 5.3)  # Bram at (2, 5): no portrait, the party's blue
    assert b > 150 and r < 120
    assert js(browser, "return window.fivefoot.errors") == []
    browser.save_screenshot("shots/player-portraits.png")
