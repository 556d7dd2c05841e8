"""The players' own devices get the table information too (issue 26 item 3): each token's base number and
a foe's health estimate in the shared table document, never a foe's hit points."""

from __future__ import annotations

import json
from dataclasses import replace

from rules.io.scene_json import scene_from_json
from rules.model.state import GameState
from tests.desktop.test_player_view import dungeon_doc


def test_the_table_document_carries_numbers_and_health_not_foes_hp() -> None:
    from desktop.table.sync_docs import TableDocs

    doc = dungeon_doc()
    doc["fog"]["enabled"] = False
    state = GameState(scene_from_json(doc))
    gob = replace(state.scene.token("gob"), hp=2, max_hp=12, number=4)
    hero = replace(state.scene.token("hero"), hp=20, max_hp=30, number=1)
    state = state.with_scene(state.scene.replace_token(gob).replace_token(hero))
    docs = TableDocs()
    docs.write(state, None, "Test")
    tokens = {k: json.loads(str(v)) for k, v in docs.tokens.items()}
    assert tokens["gob"]["number"] == 4 and tokens["gob"]["health"] == "near-death"
    assert tokens["gob"]["hp"] is None and tokens["gob"]["max_hp"] is None
    assert tokens["hero"]["number"] == 1 and tokens["hero"]["hp"] == 20 and tokens["hero"]["health"] is None
