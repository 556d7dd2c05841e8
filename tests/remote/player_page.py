"""The checks of the player page in a real browser, the same for every browser the page must work in
(`test_player_page_browser.py`: Chromium through selenium and chromedriver; `test_player_page_firefox.py`:
Firefox ESR through its Marionette protocol). A browser test hands `check_player_page` a `PageDriver`: the
few things the checks need a browser to do, with real typing and clicking for the join form.

The checks: the page joins with the code and a name; the map, the fog and the tokens are drawn on the canvas
(pixels read back, a screenshot written under shots/); a ping reaches the GM's app; a GM's move arrives; the
character panel lists the spells with their uses left; on a phone-sized viewport the map and the panel fit
the screen and the panel scrolls by itself (two more screenshots: ``-phone`` and ``-phone-spells``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from desktop.table.host import TableHost
from rules.geometry.coords import Cell
from rules.play.moves import MoveToken
from tests.remote.conftest import wait_for

#: Where the screenshots go (the README names them).
SHOTS = Path("shots")


class PageDriver(Protocol):
    def open(self, url: str) -> None: ...

    def js(self, script: str) -> Any:
        """Run `script` (a function body: ``return …``) in the page and answer its JSON value."""
        ...

    def type_into(self, css: str, text: str) -> None:
        """Type `text` into the first element matching `css`, as a user would."""
        ...

    def click(self, css: str) -> None: ...

    def resize_viewport(self, width: int, height: int) -> None:
        """Make the page's viewport (not the window) `width` × `height` CSS pixels."""
        ...

    def screenshot(self, path: Path) -> None: ...


#: The page's state read as plain JSON (typed arrays as lists: every driver serialises those alike).
READ_DATA = """const d = window.fivefoot.data;
if (!d) return null;
return {tokens: d.tokens.map(t => ({id: t.id, cell: t.cell})), markers: d.markers,
        width: d.header.width, visible: Array.from(d.visible), explored: Array.from(d.explored)};"""

#: Pixels of the canvas at points of the map (in squares), through the page's own view transform.
READ_PIXELS = """const c = document.getElementById('map'); const g = c.getContext('2d');
const v = window.fivefoot.view;
const px = (x, y) => [Math.round((x - v.x) * v.scale), Math.round((y - v.y) * v.scale)];
const at = (x, y) => Array.from(g.getImageData(...px(x, y), 1, 1).data);
return {aria: at(1.5, 1.5), unknown: at(10.5, 6.5), floor: at(4.2, 6.8), draws: window.fivefoot.draws};"""

#: The spells on the character panel: their text as shown, and whether they are greyed out as spent.
READ_SPELLS = """return Array.from(document.querySelectorAll('#tab-me li.spell')).map(li =>
  ({text: li.innerText, spent: li.classList.contains('spent')}));"""

#: Where the panel and the map sit on the screen.
READ_LAYOUT = """const r = (id) => { const b = document.getElementById(id).getBoundingClientRect();
  return {left: b.left, top: b.top, width: b.width, height: b.height, right: b.right, bottom: b.bottom}; };
const page = document.scrollingElement;
return {viewport: [window.innerWidth, window.innerHeight], map: r('map'), side: r('side'),
        toolbar: r('toolbar'), scroll: [page.scrollWidth, page.scrollHeight],
        me: document.getElementById('tab-me').scrollWidth,
        meBox: document.getElementById('tab-me').clientWidth};"""


def drawn_after(driver: PageDriver, qtbot: Any, frames: int = 2) -> None:
    """Wait until the page has drawn `frames` more frames (the canvas shows the latest data)."""
    start = driver.js("return window.fivefoot.draws")
    driver.js("window.fivefoot.redraw()")
    wait_for(qtbot, lambda: driver.js("return window.fivefoot.draws") >= start + frames - 1)


def check_player_page(driver: PageDriver, host: TableHost, qtbot: Any, name: str) -> None:
    """Every check of the player page in one browser; the screenshots are ``shots/{name}-desktop.png`` and
    ``shots/{name}-phone.png``."""
    pings: list[tuple[str, int, int]] = []
    host.pinged.connect(lambda who, x, y: pings.append((who, x, y)))
    driver.resize_viewport(1280, 800)
    driver.open(f"http://127.0.0.1:{host.port}/?code={host.config.code}")
    wait_for(qtbot, lambda: driver.js("return document.querySelectorAll('#seat-list input').length"), 10000)
    driver.type_into("#name-input", "Ann")
    driver.click("#seat-form button")
    wait_for(
        qtbot,
        lambda: driver.js("return !!(window.fivefoot.data && window.fivefoot.data.tokens.length)"),
        10000,
    )
    data = driver.js(READ_DATA)
    assert {t["id"] for t in data["tokens"]} == {"aria", "bram", "gob1"}
    assert data["markers"] == [[[6, 6]]]
    # the fog: the party's room is seen, the room behind the wall unknown
    w = data["width"]
    assert data["visible"][1 * w + 1] == 1 and data["explored"][6 * w + 10] == 0
    # the canvas really has the map on it: a token's colour where Aria stands, black where nobody knows
    drawn_after(driver, qtbot)
    SHOTS.mkdir(exist_ok=True)
    driver.screenshot(SHOTS / f"{name}-desktop.png")
    pixels = driver.js(READ_PIXELS)
    assert pixels["unknown"][:3] == [0, 0, 0]
    assert pixels["aria"][2] > 150 and pixels["aria"][0] < 120, pixels  # the party's blue
    assert sum(pixels["floor"][:3]) > 100, pixels
    me = driver.js("return document.getElementById('tab-me').innerText")
    assert "Aria" in me
    # her spells with what is left of them (the conftest's Aria: 1 of 2 rank-1 slots, no Focus Point left)
    spells = driver.js(READ_SPELLS)
    names = [s["text"].splitlines()[0] for s in spells]
    assert [n.split()[0] for n in names] == ["Shield", "Force", "Hand", "Fireball"], names
    barrage = next(s for s in spells if "Force Barrage" in s["text"])
    assert "range 120 ft" in barrage["text"] and "1d4+1 force" in barrage["text"], barrage
    assert "1 of 2 rank 1 slots left" in barrage["text"] and not barrage["spent"], barrage
    hand = next(s for s in spells if "Hand of the Apprentice" in s["text"])
    assert "0 of 1 Focus Point left" in hand["text"] and hand["spent"], hand
    pools = driver.js("return Array.from(document.querySelectorAll('#tab-me .pool')).map(p => p.title)")
    assert pools == ["rank 1: 1 of 2 left", "rank 3: 1 of 1 left", "Focus: 0 of 1 left"], pools
    # a ping: tap a square; the GM's app hears it
    driver.js("window.fivefoot.ping(4, 5)")
    wait_for(qtbot, lambda: ("Ann", 4, 5) in pings)
    # a real click in the middle of the map pings the square under it (the browser's pointer events)
    x, y = driver.js(
        """const c = document.getElementById('map'); const r = c.getBoundingClientRect();
        const v = window.fivefoot.view; const dpr = c.width / r.width;
        const at = (start, half) => Math.floor(start + half * dpr / v.scale);
        return [at(v.x, r.width / 2), at(v.y, r.height / 2)];"""
    )
    assert (x, y) != (4, 5)
    driver.click("#map")
    wait_for(qtbot, lambda: ("Ann", x, y) in pings)
    # a GM change arrives
    host.doc.execute(MoveToken("gob1", (Cell(4, 2),), free=True))
    wait_for(
        qtbot,
        lambda: (
            driver.js("return window.fivefoot.data.tokens.find(t => t.id === 'gob1').cell.join(',')") == "4,2"
        ),
    )
    # a phone-sized screen: the map above, the panel below, nothing wider than the screen
    driver.resize_viewport(390, 844)
    wait_for(
        qtbot, lambda: driver.js("return document.getElementById('map').getBoundingClientRect().width <= 390")
    )
    driver.click("#btn-fit")
    drawn_after(driver, qtbot)
    layout = driver.js(READ_LAYOUT)
    assert layout["viewport"] == [390, 844], layout
    assert layout["scroll"][0] <= 390 and layout["scroll"][1] <= 844, layout  # the page itself never scrolls
    assert layout["map"]["width"] == 390 and layout["map"]["height"] > 300, layout
    assert layout["side"]["top"] >= layout["map"]["bottom"] - 1 and layout["side"]["bottom"] <= 845, layout
    assert layout["me"] <= layout["meBox"], layout  # the panel's lines wrap instead of running off
    assert layout["toolbar"]["right"] <= 390, layout
    driver.screenshot(SHOTS / f"{name}-phone.png")
    pixels = driver.js(READ_PIXELS)
    assert pixels["aria"][2] > 150 and pixels["aria"][0] < 120, pixels
    # the panel scrolls by itself to the last spell; the page and the map stay where they are
    driver.js("document.querySelector('#tab-me li.spell:last-child').scrollIntoView({block: 'end'})")
    wait_for(qtbot, lambda: driver.js("return document.getElementById('tab-me').scrollTop > 0"))
    placed = driver.js(
        """const b = document.querySelector('#tab-me li.spell:last-child').getBoundingClientRect();
        return {bottom: b.bottom, right: b.right, page: [window.scrollX, window.scrollY],
                map: document.getElementById('map').getBoundingClientRect().top};"""
    )
    assert placed["bottom"] <= 845 and placed["right"] <= 390 and placed["page"] == [0, 0], placed
    assert placed["map"] == 0, placed
    driver.screenshot(SHOTS / f"{name}-phone-spells.png")
    assert "connected" in driver.js("return document.getElementById('conn').textContent")
    assert driver.js("return window.fivefoot.errors") == []  # nothing went wrong in the page
