"""Reach, threat, cover lines and flanking on the map: the items show exactly the engine's answers."""

from __future__ import annotations

from typing import Any

from desktop.map.items.cover_item import CLEAR, SOFT, TargetingOverlay, line_colour, token_at
from desktop.map.items.reach_item import ReachOverlay
from rules.geometry.coords import Cell
from rules.geometry.cover import cover
from rules.geometry.flanking import flanking
from rules.geometry.reach import reach_cells, threatened
from tests.desktop.table_helpers import make_view
from tests.rules.ascii_maps import ascii_scene, wall

OPEN = """
    .........
    .........
    ...A.....
    .........
    ......o..
    .........
    .........
"""


def test_reach_shows_the_engines_squares_and_the_pf2e_10ft_exception(qtbot: Any) -> None:
    scene = ascii_scene(OPEN, tokens={"A": {"reach": 10}})
    doc, map_scene, _view = make_view(qtbot, scene)
    overlay = ReachOverlay(doc, map_scene, map_scene.selected_ids)
    assert overlay.reach.own == []
    map_scene.select_ids(["A"])
    overlay.refresh()
    a = scene.token("A")
    assert a is not None
    assert overlay.reach.own == reach_cells(scene, a, 10)
    assert len(overlay.reach.own) == 24  # medium, 10 ft: 24 squares
    # the four squares two away diagonally come only from the exception
    assert sorted(overlay.reach.exception) == [Cell(1, 0), Cell(1, 4), Cell(5, 0), Cell(5, 4)]


def test_5e_has_no_exception_and_a_reach_weapon_adds_a_band(qtbot: Any) -> None:
    scene = ascii_scene(
        OPEN,
        "dnd5e-2014",
        tokens={
            "A": {"attacks": [{"name": "glaive", "bonus": 5, "damage": "1d10+3", "properties": ["reach"]}]}
        },
    )
    doc, map_scene, _view = make_view(qtbot, scene)
    overlay = ReachOverlay(doc, map_scene, map_scene.selected_ids)
    map_scene.select_ids(["A"])
    overlay.refresh()
    a = scene.token("A")
    assert a is not None
    assert overlay.reach.own == reach_cells(scene, a, 5)
    assert set(overlay.reach.own) | set(overlay.reach.extra) == set(reach_cells(scene, a, 10))
    assert overlay.reach.exception == []


def test_threat_counts_each_enemy_that_can_attack(qtbot: Any) -> None:
    picture = """
        ........
        .a....b.
        ........
        ...A....
    """
    scene = ascii_scene(
        picture,
        tokens={"b": {"attacks": [{"name": "bow", "bonus": 5, "damage": "1d6", "range_increment": 60}]}},
    )
    doc, map_scene, _view = make_view(qtbot, scene)
    overlay = ReachOverlay(doc, map_scene, map_scene.selected_ids)
    map_scene.select_ids(["A"])
    overlay.set_show_threat(True)
    a_tok = scene.token("a")
    assert a_tok is not None
    # 'b' has only a ranged attack: it threatens nothing; 'a' threatens its reach
    assert overlay.threat.counts == {c: 1 for c in reach_cells(scene, a_tok)}
    assert threatened(scene, "party") == overlay.threat.counts
    overlay.set_show_threat(False)
    assert overlay.threat.counts == {}


FLANK = """
    .......
    ..AoB..
    .......
"""


def test_cover_and_flanking_lines_follow_the_mouse(qtbot: Any) -> None:
    scene = ascii_scene(FLANK, walls=[wall((1, 0), (1, 3), "low")])
    doc, map_scene, _view = make_view(qtbot, scene)
    overlay = TargetingOverlay(doc, map_scene, map_scene.selected_ids)
    map_scene.select_ids(["A"])
    overlay.set_hover_cell(Cell(3, 1))
    info = overlay.item.info
    attacker, target = scene.token("A"), scene.token("o")
    assert info is not None and attacker is not None and target is not None
    assert info.cover == cover(scene, target, attacker=attacker)
    assert info.flank == flanking(scene, attacker, target) and info.flank.flanking
    texts = [t for t, _ in overlay.item.labels]
    assert any("off-guard" in t for t in texts)
    assert any(t.startswith("No cover") for t in texts)
    # hovering an empty square or the attacker itself shows nothing
    overlay.set_hover_cell(Cell(6, 0))
    assert overlay.item.info is None
    overlay.set_hover_cell(Cell(2, 1))
    assert overlay.item.info is None


def test_5e_cover_draws_four_lines_coloured_by_what_blocks_them(qtbot: Any) -> None:
    picture = """
        .......
        .A.c.b.
        .......
    """
    scene = ascii_scene(picture, "dnd5e-2014")
    doc, map_scene, _view = make_view(qtbot, scene)
    overlay = TargetingOverlay(doc, map_scene, map_scene.selected_ids)
    map_scene.select_ids(["A"])
    overlay.set_hover_cell(Cell(5, 1))
    info = overlay.item.info
    assert info is not None
    assert len(info.cover.lines) == 4
    engine = cover(scene, scene.token("b"), attacker=scene.token("A"))  # type: ignore[arg-type]
    assert info.cover == engine
    colours = {line_colour(line).name() for line in info.cover.lines}
    assert colours <= {CLEAR.name(), SOFT.name()}
    assert no_flank_badge(overlay)


def no_flank_badge(overlay: TargetingOverlay) -> bool:
    return not any("Flank" in t for t, _ in overlay.item.labels)


def test_pinned_target_and_token_lookup() -> None:
    scene = ascii_scene(FLANK)
    assert token_at(scene, Cell(3, 1)) is not None
    assert token_at(scene, Cell(0, 0)) is None
