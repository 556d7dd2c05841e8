"""The player page in a real headless browser (Debian's chromium and chromedriver through selenium): it
joins, draws the map, the fog and the tokens (screenshots under shots/), pings a square the GM hears about,
and shows a GM's move when it arrives. Skips only when chromium or chromedriver is not installed."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest

from desktop.table.host import TableHost
from rules.geometry.coords import Cell
from rules.play.moves import MoveToken
from tests.remote.conftest import wait_for

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


def js(driver: Any, script: str) -> Any:
    return driver.execute_script(script)


def test_the_player_page_joins_draws_pings_and_follows_the_gm(
    host: TableHost, browser: Any, qtbot: Any
) -> None:
    from selenium.webdriver.common.by import By

    pings: list[tuple[str, int, int]] = []
    host.pinged.connect(lambda name, x, y: pings.append((name, x, y)))
    browser.get(f"http://127.0.0.1:{host.port}/?code={host.config.code}")
    wait_for(qtbot, lambda: browser.find_elements(By.CSS_SELECTOR, "#seat-list input"), 10000)
    browser.find_element(By.ID, "name-input").send_keys("Ann")
    browser.find_element(By.CSS_SELECTOR, "#seat-form button").click()
    wait_for(
        qtbot,
        lambda: js(browser, "return !!(window.fivefoot.data && window.fivefoot.data.tokens.length)"),
        10000,
    )
    data = js(browser, "return window.fivefoot.data")
    assert {t["id"] for t in data["tokens"]} == {"aria", "bram", "gob1"}
    assert data["markers"] == [[[6, 6]]]
    # the fog: the party's room is seen, the room behind the wall unknown
    w = data["header"]["width"]
    assert data["visible"][1 * w + 1] == 1 and data["explored"][6 * w + 10] == 0
    qtbot.wait(200)  # the next animation frame has drawn
    Path("shots").mkdir(exist_ok=True)
    browser.save_screenshot("shots/player-desktop.png")
    # the canvas really has the map on it: a token's colour where Aria stands, black where nobody knows
    pixels = js(
        browser,
        """const c = document.getElementById('map'); const g = c.getContext('2d');
        const v = window.fivefoot.view;
        const px = (x, y) => [Math.round((x - v.x) * v.scale), Math.round((y - v.y) * v.scale)];
        const at = (x, y) => Array.from(g.getImageData(...px(x, y), 1, 1).data);
        return {aria: at(1.5, 1.5), unknown: at(10.5, 6.5), floor: at(4.2, 6.8)};""",
    )
    assert pixels["unknown"][:3] == [0, 0, 0]
    assert pixels["aria"][2] > 150 and pixels["aria"][0] < 120  # the party's blue
    assert sum(pixels["floor"][:3]) > 100
    assert "Aria" in browser.find_element(By.ID, "tab-me").text
    # a ping: tap a square; the GM's app hears it
    js(browser, "window.fivefoot.ping(4, 5)")
    wait_for(qtbot, lambda: ("Ann", 4, 5) in pings)
    # a GM change arrives
    host.doc.execute(MoveToken("gob1", (Cell(4, 2),), free=True))
    wait_for(
        qtbot,
        lambda: (
            js(browser, "return window.fivefoot.data.tokens.find(t => t.id === 'gob1').cell.join(',')")
            == "4,2"
        ),
    )
    # a phone-sized screen
    browser.set_window_size(390, 844)
    wait_for(
        qtbot,
        lambda: js(browser, "return document.getElementById('map').getBoundingClientRect().width < 400"),
    )
    js(browser, "document.getElementById('btn-fit').click()")
    qtbot.wait(300)
    browser.save_screenshot("shots/player-phone.png")
    assert "connected" in browser.find_element(By.ID, "conn").text


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
