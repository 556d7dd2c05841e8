"""The scenes of a campaign (issue 26 item 6): one file with several scenes; the GM prepares one while
the players see another; presenting moves the party to the new scene's entrance and the old scene keeps
its fog and encounter; the file round-trips, and the loader refuses a damaged campaign naming the path."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import SceneError
from rules.geometry.coords import Cell
from rules.io import fivefoot_file
from rules.io.state_json import state_from_document, state_to_document
from rules.model.campaign import presented_state
from rules.model.scene import new_scene
from rules.model.state import GameState
from rules.play.campaign import AddScene, PresentScene, RemoveScene, SetEntrance, SwitchScene
from rules.play.command import Refused
from rules.play.fog import EditFog, SetFogMode
from rules.play.history import History
from rules.play.projection import player_projection
from rules.play.turns import StartEncounter
from tests.rules.ascii_maps import ascii_scene

CRYPT = """
    A.B.....
    ........
    ......o.
    ........
"""
TOKENS = {
    "A": {"name": "Amiri", "pc": True, "hp": 20},
    "B": {"name": "Brann", "side": "party", "hp": 20},
    "o": {"name": "Ghoul", "hp": 20},
}
HALL = """
    ..........
    ..........
    .......g..
    ..........
    ..........
"""


def crypt_with_hall() -> History:
    crypt = ascii_scene(CRYPT, tokens=TOKENS).edit(name="The Crypt")
    history = History(GameState(crypt))
    history.execute(SetFogMode("on"))
    history.execute(StartEncounter(None, (("A", 18), ("B", 12), ("o", 9)), ScriptedDice([])))
    hall = ascii_scene(HALL, tokens={"g": {"name": "Guard", "hp": 15}})
    history.execute(AddScene("Great Hall", hall, (Cell(0, 4), Cell(1, 4))))
    return history


def test_a_campaign_of_two_scenes_round_trips_through_save_and_open() -> None:
    history = crypt_with_hall()
    state = history.state
    assert state.campaign is not None
    assert [(s.id, s.title) for s in state.campaign.scenes] == [
        ("the-crypt", "The Crypt"),
        ("great-hall", "Great Hall"),
    ]
    reopened = fivefoot_file.loads(fivefoot_file.dumps(state)).state
    assert reopened == state
    assert reopened.campaign == state.campaign
    # and through plain JSON too (the autosave and the .json writer use the same document)
    again = state_from_document(json.loads(json.dumps(state_to_document(state)))).state
    assert again == state


def test_preparing_scene_2_leaves_the_players_on_scene_1() -> None:
    history = crypt_with_hall()
    before_players = player_projection(history.state)
    history.execute(SwitchScene("great-hall"))
    state = history.state
    assert state.scene.grid.width == 10 and [t.id for t in state.scene.tokens] == ["g"]
    assert state.encounter is None  # the hall has no encounter; the crypt's waits in its slot
    assert state.campaign is not None and state.campaign.presented == "the-crypt"
    players = player_projection(state)
    assert players.width == 8 and {t.id for t in players.tokens} == {t.id for t in before_players.tokens}
    assert "prepares “Great Hall”" in state.log[-1]
    history.execute(EditFog(((5, 2),), reveal=True))  # the GM prepares the hall's fog...
    assert player_projection(history.state).width == 8  # ...the players still see the crypt


def test_presenting_scene_2_moves_the_party_and_keeps_scene_1_as_it_was() -> None:
    history = crypt_with_hall()
    crypt_fog = history.state.scene.fog
    crypt_encounter = history.state.encounter
    assert crypt_fog is not None and crypt_encounter is not None
    history.execute(SwitchScene("great-hall"))
    history.execute(PresentScene("great-hall"))
    state = history.state
    assert state.campaign is not None and state.campaign.presented == state.campaign.current == "great-hall"
    cells = {t.id: t.cell for t in state.scene.tokens}
    assert cells == {"g": Cell(7, 2), "A": Cell(0, 4), "B": Cell(1, 4)}  # on the marked entrance
    assert state.scene.token("A").hp == 20  # type: ignore[union-attr]
    assert "Amiri, Brann arrive at the entrance of “Great Hall”" in state.log[-1]
    crypt = state.campaign.slot("the-crypt")
    assert crypt is not None and crypt.parked is not None
    assert crypt.parked.scene.fog == crypt_fog  # the crypt's fog as it was
    assert crypt.parked.encounter == crypt_encounter  # and its encounter
    assert [t.id for t in crypt.parked.scene.tokens] == ["o"]  # the party left it
    shown = player_projection(state)
    assert shown.width == 10 and {t.id for t in shown.tokens} >= {"A", "B"}
    # one undo step back: the party is in the crypt, the players see it
    history.undo()
    assert history.state.campaign.presented == "the-crypt"  # type: ignore[union-attr]
    assert presented_state(history.state).scene.token("A").cell == Cell(0, 0)  # type: ignore[union-attr]
    # saved and opened after presenting, every scene is as it was
    history.redo()
    reopened = fivefoot_file.loads(fivefoot_file.dumps(history.state)).state
    assert reopened == history.state


def test_switching_back_returns_the_crypt_with_its_encounter() -> None:
    history = crypt_with_hall()
    enc = history.state.encounter
    history.execute(SwitchScene("great-hall"))
    history.execute(SwitchScene("the-crypt"))
    assert history.state.encounter == enc
    assert "back on “The Crypt”" in history.state.log[-1]
    assert history.state.campaign.slot("great-hall").parked is not None  # type: ignore[union-attr]


def test_present_without_an_entrance_keeps_the_party_cells_and_says_so() -> None:
    crypt = ascii_scene(CRYPT, tokens=TOKENS).edit(name="The Crypt")
    history = History(GameState(crypt))
    history.execute(AddScene("Road", new_scene("pf2e", 6, 6)))
    history.execute(PresentScene("road"))
    state = history.state
    assert {t.id: t.cell for t in state.scene.tokens} == {"A": Cell(0, 0), "B": Cell(2, 0)}
    assert "has no entrance marked" in state.log[-1]
    history.execute(SetEntrance((Cell(5, 5),)))
    assert state.campaign is not None
    assert history.state.campaign.current_slot.entrance == (Cell(5, 5),)  # type: ignore[union-attr]


def test_refusals_name_the_rule() -> None:
    history = crypt_with_hall()
    state = history.state
    with pytest.raises(Refused, match="no scene “nowhere”"):
        SwitchScene("nowhere").apply(state)
    with pytest.raises(Refused, match="already on “The Crypt”"):
        SwitchScene("the-crypt").apply(state)
    with pytest.raises(Refused, match="already see “The Crypt”"):
        PresentScene("the-crypt").apply(state)
    with pytest.raises(Refused, match="uses dnd5e-2014, but the campaign plays pf2e"):
        AddScene("Elsewhere", new_scene("dnd5e-2014", 4, 4)).apply(state)
    with pytest.raises(Refused, match=r"\[40, 0\] is off the map"):
        AddScene("Tiny", new_scene("pf2e", 4, 4), (Cell(40, 0),)).apply(state)
    with pytest.raises(Refused, match="the GM is on it"):
        RemoveScene("the-crypt").apply(state)
    with pytest.raises(Refused, match="one scene"):
        SwitchScene("x").apply(GameState(new_scene("pf2e", 3, 3)))
    history.execute(RemoveScene("great-hall"))
    assert [s.id for s in history.state.campaign.scenes] == ["the-crypt"]  # type: ignore[union-attr]


def _doc() -> dict[str, Any]:
    return json.loads(json.dumps(state_to_document(crypt_with_hall().state)))


@pytest.mark.parametrize(
    ("damage", "path", "words"),
    [
        (lambda c: c.update(scenes=[]), "campaign.scenes", "at least one scene"),
        (lambda c: c.update(current="gone"), "campaign.current", "names no scene"),
        (lambda c: c.update(presented="gone"), "campaign.presented", "names no scene"),
        (lambda c: c["scenes"][1].update(id="the-crypt"), "campaign.scenes[1].id", "two scenes"),
        (lambda c: c["scenes"][1].pop("document"), "campaign.scenes[1].document", "has no document"),
        (lambda c: c["scenes"][0].update(document={}), "campaign.scenes[0].document", "current scene"),
        (lambda c: c["scenes"][1].update(entrance=[[99, 0]]), "campaign.scenes[1].entrance[0]", "off the"),
        (
            lambda c: c["scenes"][1]["document"]["grid"].update(width="wide"),
            "campaign.scenes[1].document.grid.width",
            "",
        ),
        (
            lambda c: c["scenes"][1]["document"].update(system="dnd5e-2014"),
            "campaign.scenes[1].document",
            "",
        ),
        (
            lambda c: c["scenes"][1]["document"].update(campaign={}),
            "campaign.scenes[1].document.campaign",
            "can't hold",
        ),
    ],
)
def test_the_loader_refuses_a_damaged_campaign_naming_the_path(damage: Any, path: str, words: str) -> None:
    doc = _doc()
    damage(doc["campaign"])
    with pytest.raises(SceneError) as caught:
        state_from_document(copy.deepcopy(doc), "saved.fivefoot")
    assert caught.value.path.startswith(path), caught.value
    assert words in str(caught.value)
    assert "saved.fivefoot" in str(caught.value)


def test_a_version_3_file_opens_as_one_scene() -> None:
    doc = json.loads(json.dumps(state_to_document(GameState(ascii_scene(CRYPT, tokens=TOKENS)))))
    doc["version"] = 3
    doc["campaign"] = {"somebody": "else's"}
    read = state_from_document(doc)
    assert read.state.campaign is None
    assert read.state.scene.extra["campaign_v3"] == {"somebody": "else's"}


def test_the_autosave_journal_replays_a_scene_switch_and_a_present() -> None:
    from rules.io import journal

    history = crypt_with_hall()
    start = history.state
    history.execute(SwitchScene("great-hall"))
    middle = history.state
    history.execute(PresentScene("great-hall"))
    end = history.state
    entries = [journal.scene_diff(start, middle), journal.scene_diff(middle, end)]
    assert all(e is not None for e in entries)
    replayed = journal.replay(start, [{"d": e} for e in entries if e is not None])
    assert replayed == end
    assert replayed.campaign == end.campaign
