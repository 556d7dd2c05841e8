"""The engine's side of remote players: a hidden creature as a "?" marker, a player's own sheet (durations
never name a creature the party can't see), the shared log from projections, and the intents' seat and
turn rules."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules.geometry.coords import Cell
from rules.model.effects import Effect, Ends
from rules.play.character_sheet import character_sheet
from rules.play.command import Refused
from rules.play.player_intents import TablePolicy, end_turn_command, move_command
from rules.play.projection import player_projection
from rules.play.table_events import table_events
from rules.play.turns import StartEncounter
from tests.remote.conftest import dungeon_state


def test_hidden_is_a_marker_undetected_is_nothing() -> None:
    view = player_projection(dungeon_state())
    assert [m.cells for m in view.markers] == [(Cell(6, 6),)]
    assert not {"lurker-7", "wraith-3"} & {t.id for t in view.tokens}


def test_a_pc_that_hides_stays_on_its_own_players_view() -> None:
    s = dungeon_state()
    aria = replace(s.scene.token("aria"), conditions=("hidden",))  # type: ignore[arg-type]
    s = s.with_scene(s.scene.replace_token(aria))
    assert "aria" in {t.id for t in player_projection(s).tokens}


def test_durations_name_only_creatures_the_party_sees() -> None:
    s = StartEncounter(dice=random.Random(3)).apply(dungeon_state()).state
    assert s.encounter is not None
    effects = (
        Effect("e1", "aria", "frightened", 1, Ends.at_turn("wraith-3")),
        Effect("e2", "aria", "Bless", None, Ends.after_rounds(3, "gob1"), condition=False),
    )
    aria = replace(s.scene.token("aria"), conditions=("frightened 1",))  # type: ignore[arg-type]
    s = replace(s.with_scene(s.scene.replace_token(aria)), encounter=replace(s.encounter, timed=effects))
    sheet = character_sheet(s, "aria")
    assert sheet is not None
    texts = {c.name: str(c.lasts) for c in sheet.conditions}
    assert texts["frightened"] == "until the end of a creature's next turn"
    assert "wraith" not in texts["frightened"].lower() and texts["Bless"] == "3 rounds"
    assert character_sheet(s, "gob1") is None  # never a monster's statistics


def test_the_shared_log_says_what_the_table_saw() -> None:
    s = dungeon_state()
    before = player_projection(s)
    gob = replace(s.scene.token("gob1"), cell=Cell(4, 2))  # type: ignore[arg-type]
    wraith = replace(s.scene.token("wraith-3"), cell=Cell(2, 2))  # type: ignore[arg-type]
    after = player_projection(s.with_scene(s.scene.replace_token(gob).replace_token(wraith)))
    assert [str(m) for m in table_events(before, after)] == ["Goblin moves to [4, 2]"]
    assert table_events(None, after) == ()


def test_intents_keep_to_the_seat_and_the_turn() -> None:
    s = StartEncounter(dice=random.Random(1)).apply(dungeon_state()).state
    assert s.encounter is not None
    not_aria = next(c.token_id for c in s.encounter.order if c.token_id != "aria")
    s = replace(
        s, encounter=replace(s.encounter, index=[c.token_id for c in s.encounter.order].index(not_aria))
    )
    with pytest.raises(Refused, match="only on its turn"):
        move_command(s, "aria", (Cell(2, 1),), TablePolicy())
    assert move_command(s, "aria", (Cell(2, 1),), TablePolicy(off_turn=True)).token_id == "aria"
    with pytest.raises(Refused, match="not Aria's turn"):
        end_turn_command(s, "aria")
    with pytest.raises(Refused, match="Watchers"):
        move_command(s, None, (Cell(2, 1),), TablePolicy())
    with pytest.raises(Refused):
        move_command(s, "gob1", (Cell(5, 3),), TablePolicy(off_turn=True))  # not a party creature
