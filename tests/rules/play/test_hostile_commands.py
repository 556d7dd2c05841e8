"""Every command class of `rules.play` applied to hostile arguments (issue 22): ids nobody has or somebody
already has, cells off the grid, numbers far past any limit, empty and enormous texts, dice that can't come
up. The history either refuses the command with `Refused` (and nothing changes) or makes a state that saves
and opens again exactly; no other exception escapes.

The command classes are found by introspection (every dataclass with ``label`` and ``apply`` in a module of
`rules.play`), so a command class added later fails `test_every_command_class_has_hostile_cases` until it
has cases in `CASES`.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
import math
import pkgutil
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

import rules.play
from rules.dice import ScriptedDice
from rules.errors import SceneError
from rules.geometry.coords import Cell, Point
from rules.io.scene_json import scene_from_json
from rules.io.state_json import state_from_document, state_to_document
from rules.model.area_spec import AreaSpec
from rules.model.areas import PlacedArea
from rules.model.effects import Effect
from rules.model.scene import Background, Grid, Options, PersistentDamage, Token, Wall
from rules.model.state import GameState
from rules.play import Refused
from rules.play.history import History
from tests.rules.ascii_maps import ascii_doc

HUGE = 10**200
NEG = -(10**12)
LONG = "x" * 2_000_000
NOBODY = "nobody"
FAR = Cell(10**9, -(10**9))

MAP = """
    A.....
    ......
    ..LL..
    ..LL.b
    ......
"""


def command_classes() -> dict[str, type]:
    """Every command class of `rules.play` by ``module.Name``: a dataclass with a ``label`` and an
    ``apply`` method, defined in a module of the package."""
    found: dict[str, type] = {}
    for info in pkgutil.iter_modules(rules.play.__path__):
        module = importlib.import_module(f"rules.play.{info.name}")
        for name, obj in vars(module).items():
            if (
                inspect.isclass(obj)
                and obj.__module__ == module.__name__
                and dataclasses.is_dataclass(obj)
                and callable(getattr(obj, "apply", None))
                and hasattr(obj, "label")
            ):
                found[f"{info.name}.{name}"] = obj
    return found


# ------------------------------------------------------------------------------------------- worlds


def _world(system: str, encounter: bool) -> GameState:
    scene = scene_from_json(
        ascii_doc(MAP, system=system, sizes={"L": "large"}, tokens={"A": {"hp": 20, "max_hp": 20}})
    )
    state = GameState(scene)
    if encounter:
        from rules.play.turns import StartEncounter

        state = History(state).execute(StartEncounter(dice=ScriptedDice([15, 10, 5] * 5))).after
    return state


WORLDS = {
    "pf2e": lambda: _world("pf2e", False),
    "pf2e-encounter": lambda: _world("pf2e", True),
    "5e-2024": lambda: _world("dnd5e-2024", False),
    "5e-2014-encounter": lambda: _world("dnd5e-2014", True),
}


def _token(state: GameState, tid: str = "A") -> Token:
    t = state.scene.token(tid)
    assert t is not None
    return t


def _spell(**kw: Any) -> Any:
    from rules.model.spell import Spell

    return Spell(**{"name": "Hostile Bolt", **kw})


def _uses(**kw: Any) -> Any:
    from rules.model.spell import SpellUsesLeft

    return SpellUsesLeft(**kw)


def _creature(system: str, **kw: Any) -> Any:
    from rules.model.creature import Creature

    return Creature(**{"name": "Hostile Beast", "system": system, **kw})


def _damage(amount: int, kind: str = "fire") -> Any:
    from rules.systems.damage import DamageEntry

    return DamageEntry(amount, kind)


CORNER = Point(1, 1)


def _area(feet: int = 10, origin: Point | None = CORNER, **kw: Any) -> PlacedArea:
    return PlacedArea(kw.pop("id", "zone"), AreaSpec("burst", feet, origin=origin), **kw)


def _light(position: Point, **kw: Any) -> Any:
    from rules.model.scene import Light

    return Light(position, **kw)


def _token_light(bright: int, dim: int) -> Any:
    from rules.model.scene import TokenLight

    return TokenLight(bright, dim)


def _hazard(**kw: Any) -> Any:
    from rules.model.active_spells import Hazard

    return Hazard(**{"id": "trap", "name": "Trap", "ability": _spell(), "cells": (Cell(1, 1),), **kw})


def _turn(name: str, *args: Any, **kw: Any) -> Any:
    from rules.play import turns

    return getattr(turns, name)(*args, **kw)


def _encounter_step(state: GameState) -> Any:
    return _turn("NextTurn", dice=ScriptedDice([1] * 40))


def _rolls() -> Any:
    from rules.play import rolls

    return rolls


# --------------------------------------------------------------------------------------------- cases

Case = Callable[[GameState], object]

#: ``module.Class`` → hostile commands (each built from a world's state). A new command class needs an
#: entry here (see the module docstring).
CASES: dict[str, list[Case]] = {
    "actions.Aid": [
        lambda s: _mod("actions").Aid(NOBODY, "A", 10, "athletics", "trained", 15),
        lambda s: _mod("actions").Aid("A", "A", HUGE, LONG, "legendary", HUGE),
        lambda s: _mod("actions").Aid("A", "b", -5, "", "", NEG),
    ],
    "actions.Help": [
        lambda s: _mod("actions").Help(NOBODY, "A"),
        lambda s: _mod("actions").Help("A", "A"),
        lambda s: _mod("actions").Help("A", LONG),
    ],
    "actions.Maneuver": [
        lambda s: _mod("actions").Maneuver("A", NOBODY, "grapple", (10,), (10,)),
        lambda s: _mod("actions").Maneuver("A", "b", "teleport", (HUGE,), (NEG,)),
        lambda s: _mod("actions").Maneuver("A", "b", "shove", (20,), (1,), shove=LONG, through_to=FAR),
        lambda s: _mod("actions").Maneuver("A", "A", "trip", (), (), damage_roll=HUGE, attack_number=NEG),
        lambda s: _mod("actions").Maneuver("A", "L", "tumble through", (20,), (1,), through_to=Cell(-1, -1)),
    ],
    "actions.PointOut": [
        lambda s: _mod("actions").PointOut(NOBODY, "b"),
        lambda s: _mod("actions").PointOut("A", NOBODY),
    ],
    "actions.PrepareAid": [
        lambda s: _mod("actions").PrepareAid(NOBODY, "A"),
        lambda s: _mod("actions").PrepareAid("A", "A"),
        lambda s: _mod("actions").PrepareAid("A", LONG, free=True),
    ],
    "actions.Seek": [
        lambda s: _mod("actions").Seek(NOBODY, (10,)),
        lambda s: _mod("actions").Seek("A", (HUGE, NEG, 0)),
        lambda s: _mod("actions").Seek("A", ()),
    ],
    "actions.Sneak": [
        lambda s: _mod("actions").Sneak("A", (FAR,), 10),
        lambda s: _mod("actions").Sneak("A", (Cell(5, 4),), HUGE),
        lambda s: _mod("actions").Sneak(NOBODY, (), -3),
    ],
    "basic_actions.BasicAction": [
        lambda s: _mod("basic_actions").BasicAction(NOBODY, "dash", ScriptedDice([10])),
        lambda s: _mod("basic_actions").BasicAction("A", LONG, ScriptedDice([10])),
        lambda s: _mod("basic_actions").BasicAction("A", "hide", ScriptedDice([HUGE, NEG])),
        lambda s: _mod("basic_actions").BasicAction("A", "stand", ScriptedDice([]), free=True),
    ],
    "breath.Breathe": [
        lambda s: _mod("breath").Breathe(NOBODY),
        lambda s: _mod("breath").Breathe(LONG),
    ],
    "breath.HoldBreath": [
        lambda s: _mod("breath").HoldBreath(NOBODY),
        lambda s: _mod("breath").HoldBreath("A"),
    ],
    "economy.PayForSpell": [
        lambda s: _mod("economy").PayForSpell(NOBODY, "bolt", actions=2),
        lambda s: _mod("economy").PayForSpell("A", LONG, actions=HUGE, level=HUGE, uses_slot=True),
        lambda s: _mod("economy").PayForSpell("A", "", actions=NEG, casting_time=LONG, level=NEG),
    ],
    "flight.Fall": [
        lambda s: _mod("flight").Fall(NOBODY, dice=ScriptedDice([1] * 20)),
        lambda s: _mod("flight").Fall("A", feet=HUGE, dice=ScriptedDice([6] * 40)),
        lambda s: _mod("flight").Fall("A", feet=NEG, reaction=LONG, d20=HUGE, dc=NEG, dice=ScriptedDice([])),
    ],
    "flight.Fly": [
        lambda s: _mod("flight").Fly(NOBODY, dice=ScriptedDice([])),
        lambda s: _mod("flight").Fly("A", to=FAR, elevation=HUGE, dice=ScriptedDice([])),
        lambda s: _mod("flight").Fly("A", to=Cell(1, 0), elevation=NEG, dice=ScriptedDice([]), free=True),
    ],
    "flight.Jump": [
        lambda s: _mod("flight").Jump(NOBODY, to=Cell(1, 0)),
        lambda s: _mod("flight").Jump("A", to=FAR, high=True),
        lambda s: _mod("flight").Jump("A", to=None, free=True),
    ],
    "fog.EditFog": [
        lambda s: _mod("fog").EditFog(((10**9, -(10**9)),)),
        lambda s: _mod("fog").EditFog(tuple((x, y) for x in range(-3, 300) for y in range(-3, 40))),
        lambda s: _mod("fog").EditFog(((0, 0), (0, 0)), reveal=False),
    ],
    "fog.SetFogMode": [
        lambda s: _mod("fog").SetFogMode(LONG),
        lambda s: _mod("fog").SetFogMode(""),
    ],
    "lights.AddLight": [
        lambda s: _mod("lights").AddLight(_light(Point(1e300, -1e300), bright=HUGE, dim=HUGE)),
        lambda s: _mod("lights").AddLight(_light(Point(math.nan, 0))),
        lambda s: _mod("lights").AddLight(_light(Point(1, 1), bright=NEG, dim=NEG, color=LONG)),
    ],
    "lights.RemoveLight": [
        lambda s: _mod("lights").RemoveLight(HUGE),
        lambda s: _mod("lights").RemoveLight(-1),
    ],
    "lights.ReplaceLight": [
        lambda s: _mod("lights").ReplaceLight(0, _light(Point(1, 1))),
        lambda s: _mod("lights").ReplaceLight(NEG, _light(Point(math.inf, 0))),
    ],
    "lights.SetAmbient": [
        lambda s: _mod("lights").SetAmbient(LONG),
        lambda s: _mod("lights").SetAmbient(""),
    ],
    "lights.SetTokenLight": [
        lambda s: _mod("lights").SetTokenLight(NOBODY, None),
        lambda s: _mod("lights").SetTokenLight("A", _token_light(HUGE, HUGE)),
        lambda s: _mod("lights").SetTokenLight("A", _token_light(NEG, -1)),
    ],
    "mounts.Dismount": [
        lambda s: _mod("mounts").Dismount(NOBODY, Cell(1, 1)),
        lambda s: _mod("mounts").Dismount("A", FAR),
    ],
    "mounts.Mount": [
        lambda s: _mod("mounts").Mount(NOBODY, "b"),
        lambda s: _mod("mounts").Mount("A", "A"),
        lambda s: _mod("mounts").Mount("A", "b", free=True),
        lambda s: _mod("mounts").Mount("A", "L", free=True),
    ],
    "cast.Cast": [
        lambda s: _mod("cast").Cast(NOBODY, _spell(), None, _placement(), ()),
        lambda s: _mod("cast").Cast("A", _spell(level=HUGE, range=HUGE), HUGE, _placement(), (NOBODY,)),
        lambda s: _mod("cast").Cast(
            "A", _spell(), NEG, _placement(corner=Point(1e300, -1e300)), ("b", "b", "A")
        ),
        lambda s: _mod("cast").Cast(
            "A", _spell(), None, _placement(), ("b",), saves=(("b", (HUGE,)),), attack_d20=(("b", (NEG,)),)
        ),
        lambda s: _mod("cast").Cast(
            "A", _spell(name=LONG), None, _placement(), ("b",), damage=(_damage(HUGE),)
        ),
    ],
    "concentration.ConcentrationSave": [
        lambda s: _mod("concentration").ConcentrationSave(NOBODY, 10, (10,)),
        lambda s: _mod("concentration").ConcentrationSave("A", HUGE, (HUGE,)),
        lambda s: _mod("concentration").ConcentrationSave("A", NEG, ()),
    ],
    "footing.KeepFooting": [
        lambda s: _mod("footing").KeepFooting(NOBODY, 10),
        lambda s: _mod("footing").KeepFooting("A", HUGE),
        lambda s: _mod("footing").KeepFooting("A", NEG),
        lambda s: _mod("footing").KeepFooting("A", None),
    ],
    "concentration.EndSpell": [
        lambda s: _mod("concentration").EndSpell(NOBODY, None, "why"),
        lambda s: _mod("concentration").EndSpell("A", LONG, LONG),
    ],
    "creatures.PlaceCreatures": [
        lambda s: _mod("creatures").PlaceCreatures(
            "beast", _creature(s.scene.system), (Token("A", Cell(1, 1)),), "two A"
        ),
        lambda s: _mod("creatures").PlaceCreatures(
            "beast", _creature(s.scene.system, size="huge"), (Token("z", Cell(5, 4), size="huge"),), ""
        ),
        lambda s: _mod("creatures").PlaceCreatures(LONG, _creature(s.scene.system), (Token("z", FAR),), ""),
        lambda s: _mod("creatures").PlaceCreatures(
            "beast", _creature(s.scene.system, hp=HUGE, ac=HUGE), (Token("z", Cell(1, 1), hp=HUGE),), ""
        ),
    ],
    "edits.AddTokens": [
        lambda s: _mod("edits").AddTokens((Token("A", Cell(4, 0)),)),
        lambda s: _mod("edits").AddTokens((Token("z", Cell(1, 1)), Token("z", Cell(2, 1)))),
        lambda s: _mod("edits").AddTokens((Token("z", Cell(5, 4), size="large"),)),
        lambda s: _mod("edits").AddTokens((Token("z", FAR),)),
        lambda s: _mod("edits").AddTokens((Token("", Cell(1, 1)),)),
        lambda s: _mod("edits").AddTokens((Token("z" * 5000, Cell(1, 1)),)),
        lambda s: _mod("edits").AddTokens((Token("z", Cell(1, 1), hp=HUGE, ac=NEG, speed=HUGE, reach=HUGE),)),
        lambda s: _mod("edits").AddTokens(tuple(Token(f"t{i}", Cell(1, 1)) for i in range(6000))),
    ],
    "edits.AddWalls": [
        lambda s: _mod("edits").AddWalls((Wall(Point(1e300, 0), Point(-1e300, 1)),)),
        lambda s: _mod("edits").AddWalls((Wall(Point(math.nan, 0), Point(1, 1)),)),
        lambda s: _mod("edits").AddWalls((Wall(Point(math.inf, 0), Point(1, 1)),)),
        lambda s: _mod("edits").AddWalls((Wall(Point(1, 1), Point(1, 1)),)),
        lambda s: _mod("edits").AddWalls((Wall(Point(0, 0), Point(1, 1), kind="forcefield"),)),
    ],
    "edits.Batch": [
        lambda s: _mod("edits").Batch(
            (
                _mod("edits").AddTokens((Token("z", Cell(1, 1)),)),
                _mod("edits").AddTokens((Token("z", Cell(2, 2)),)),
            ),
            "two z",
        ),
        lambda s: _mod("edits").Batch((), LONG),
        lambda s: _mod("edits").Batch((_mod("edits").DeleteTokens(("A",)),) * 2, "twice"),
    ],
    "edits.ChangeSettings": [
        lambda s: _mod("edits").ChangeSettings("chess", Options(), "x"),
        lambda s: _mod("edits").ChangeSettings(s.scene.system, Options(diagonals="sideways"), LONG),
        lambda s: _mod("edits").ChangeSettings(s.scene.system, Options(ambient="pitch"), ""),
        lambda s: _mod("edits").ChangeSettings(s.scene.system, Options(area_method="vibes"), ""),
    ],
    "edits.DeleteTokens": [
        lambda s: _mod("edits").DeleteTokens((NOBODY,)),
        lambda s: _mod("edits").DeleteTokens(("A", "A", "b")),
        lambda s: _mod("edits").DeleteTokens(()),
    ],
    "edits.DeleteWalls": [
        lambda s: _mod("edits").DeleteWalls((HUGE,)),
        lambda s: _mod("edits").DeleteWalls((-1, -1)),
        lambda s: _mod("edits").DeleteWalls(()),
    ],
    "edits.EditToken": [
        lambda s: _mod("edits").EditToken(NOBODY, Token(NOBODY, Cell(1, 1))),
        lambda s: _mod("edits").EditToken("A", replace(_token(s), id="b")),
        lambda s: _mod("edits").EditToken("A", replace(_token(s), cell=Cell(5, 4), size="gargantuan")),
        lambda s: _mod("edits").EditToken("A", replace(_token(s), hp=HUGE, max_hp=NEG, temp_hp=HUGE)),
        lambda s: _mod("edits").EditToken("A", replace(_token(s), speed=HUGE, reach=NEG, elevation=HUGE)),
        lambda s: _mod("edits").EditToken("A", replace(_token(s), name=LONG, conditions=("x",) * 500)),
        lambda s: _mod("edits").EditToken("A", replace(_token(s), id="")),
    ],
    "edits.PaintTerrain": [
        lambda s: _mod("edits").PaintTerrain((FAR,), "difficult"),
        lambda s: _mod("edits").PaintTerrain((Cell(1, 1),), "lava"),
        lambda s: _mod("edits").PaintTerrain((Cell(-1, 0), Cell(0, -1)), None),
        lambda s: _mod("edits").PaintTerrain(
            tuple(Cell(x % 6, x // 6 % 5) for x in range(5000)), "impassable"
        ),
        lambda s: _mod("edits").PaintTerrain((Cell(1, 1),), "narrow", dc=HUGE, fall=NEG),
        lambda s: _mod("edits").PaintTerrain((Cell(1, 1),), "uneven", dc=NEG),
        lambda s: _mod("edits").PaintTerrain((Cell(1, 1),), "narrow"),
        lambda s: _mod("edits").PaintTerrain((Cell(1, 1),), "difficult", dc=15, fall=HUGE),
    ],
    "edits.PlaceTokens": [
        lambda s: _mod("edits").PlaceTokens((("A", FAR),)),
        lambda s: _mod("edits").PlaceTokens((("L", Cell(5, 4)),)),
        lambda s: _mod("edits").PlaceTokens(((NOBODY, Cell(1, 1)),)),
        lambda s: _mod("edits").PlaceTokens((("A", Cell(1, 1)), ("A", Cell(2, 2)))),
    ],
    "edits.ReplaceWall": [
        lambda s: _mod("edits").ReplaceWall(HUGE, Wall(Point(0, 0), Point(1, 0))),
        lambda s: _mod("edits").ReplaceWall(-1, Wall(Point(0, 0), Point(1, 0))),
    ],
    "edits.ResetMovement": [
        lambda s: _mod("edits").ResetMovement((NOBODY, LONG)),
        lambda s: _mod("edits").ResetMovement(None),
    ],
    "edits.SetBackground": [
        lambda s: _mod("edits").SetBackground(Background("x.png", pixels_per_cell=HUGE), None),
        lambda s: _mod("edits").SetBackground(Background("x.png", pixels_per_cell=-5.0), Grid(10**6, 10**6)),
        lambda s: _mod("edits").SetBackground(Background("x.png", pixels_per_cell=math.nan), Grid(0, 0)),
        lambda s: _mod("edits").SetBackground(None, Grid(1, 1)),
        lambda s: _mod("edits").SetBackground(
            Background("x.png", offset=Point(1e300, math.inf)), None, images=(("x.png", b"not a png"),)
        ),
    ],
    "edits.UpdateToken": [
        lambda s: _mod("edits").UpdateToken(NOBODY, Token(NOBODY, Cell(1, 1))),
        lambda s: _mod("edits").UpdateToken("A", replace(_token(s), id="b")),
        lambda s: _mod("edits").UpdateToken("A", replace(_token(s), cell=FAR)),
        lambda s: _mod("edits").UpdateToken("A", replace(_token(s), hp=HUGE, ac=HUGE)),
    ],
    "effects.EditConditions": [
        lambda s: _mod("effects").EditConditions(NOBODY, ("prone",), ()),
        lambda s: _mod("effects").EditConditions("A", (LONG,) * 300, ()),
        lambda s: _mod("effects").EditConditions(
            "A",
            ("frightened",),
            (Effect("e1", NOBODY, "frightened", value=HUGE),),
            (PersistentDamage("1d6", "fire"),),
        ),
        lambda s: _mod("effects").EditConditions("A", (), (Effect("e1", "A", LONG, value=NEG),) * 300),
    ],
    "effects.EndEffect": [
        lambda s: _mod("effects").EndEffect(NOBODY),
        lambda s: _mod("effects").EndEffect(LONG),
    ],
    "effects.GainTempHp": [
        lambda s: _mod("effects").GainTempHp(NOBODY, 5),
        lambda s: _mod("effects").GainTempHp("A", HUGE),
        lambda s: _mod("effects").GainTempHp("A", NEG),
    ],
    "effects.Heal": [
        lambda s: _mod("effects").Heal(NOBODY, 5),
        lambda s: _mod("effects").Heal("A", HUGE),
        lambda s: _mod("effects").Heal("A", NEG),
    ],
    "effects.RolledHealing": [
        lambda s: _mod("effects").RolledHealing(NOBODY, "1d8", False, ScriptedDice([4])),
        lambda s: _mod("effects").RolledHealing("A", "99999d99999", False, ScriptedDice([4] * 10)),
        lambda s: _mod("effects").RolledHealing("A", "1d8+" + "9" * 300, True, ScriptedDice([4])),
        lambda s: _mod("effects").RolledHealing("A", "fireball", True, ScriptedDice([4])),
    ],
    "effects.SetEffects": [
        lambda s: _mod("effects").SetEffects(NOBODY, (), ()),
        lambda s: _mod("effects").SetEffects("A", ("dying",) * 250, (Effect("e", "A", "dying", value=HUGE),)),
    ],
    "effects.SustainEffect": [
        lambda s: _mod("effects").SustainEffect(NOBODY),
    ],
    "skill_actions.SkillAction": [
        lambda s: _mod("skill_actions").SkillAction(NOBODY, "demoralize", 10, "A"),
        lambda s: _mod("skill_actions").SkillAction("A", "demoralize", 10, NOBODY),
        lambda s: _mod("skill_actions").SkillAction("A", "no-such-action", 10, "A"),
        lambda s: _mod("skill_actions").SkillAction("A", "demoralize", HUGE, "A"),
        lambda s: _mod("skill_actions").SkillAction(
            "A", "battle-medicine", 10, "A", dc=HUGE, heal_total=HUGE
        ),
        lambda s: _mod("skill_actions").SkillAction("A", "recall-knowledge", NEG, "A", skill=LONG),
    ],
    "hazards.NoticeHazard": [
        lambda s: _mod("hazards").NoticeHazard(NOBODY, "A"),
        lambda s: _mod("hazards").NoticeHazard("trap", NOBODY),
    ],
    "hazards.PlaceHazard": [
        lambda s: _mod("hazards").PlaceHazard(_hazard(cells=(FAR,))),
        lambda s: _mod("hazards").PlaceHazard(_hazard(notice_dc=HUGE, name=LONG)),
        lambda s: _mod("hazards").PlaceHazard(_hazard(cells=())),
    ],
    "hazards.RemoveHazard": [
        lambda s: _mod("hazards").RemoveHazard(NOBODY),
    ],
    "hazards.TriggerHazard": [
        lambda s: _mod("hazards").TriggerHazard(NOBODY, "A"),
        lambda s: _mod("hazards").TriggerHazard("trap", NOBODY, saves=(("A", (HUGE,)),)),
    ],
    "moves.MoveToken": [
        lambda s: _mod("moves").MoveToken("A", (FAR,)),
        lambda s: _mod("moves").MoveToken("A", (FAR,), free=True),
        lambda s: _mod("moves").MoveToken("L", (Cell(5, 4),), free=True),
        lambda s: _mod("moves").MoveToken(NOBODY, (Cell(1, 1),)),
        lambda s: _mod("moves").MoveToken("A", tuple(Cell(i % 6, 0) for i in range(3000))),
        lambda s: _mod("moves").MoveToken("A", (Cell(5, 3),), step=True),
        lambda s: _mod("moves").MoveToken("A", ()),
    ],
    "numbers.NumberTokens": [
        lambda s: _mod("numbers").NumberTokens((), 1),
        lambda s: _mod("numbers").NumberTokens(("A", NOBODY), 1),
        lambda s: _mod("numbers").NumberTokens(("A", "b"), HUGE),
        lambda s: _mod("numbers").NumberTokens(("A",), NEG),
    ],
    "numbers.SetTokenNumber": [
        lambda s: _mod("numbers").SetTokenNumber(NOBODY, 1),
        lambda s: _mod("numbers").SetTokenNumber("A", HUGE),
        lambda s: _mod("numbers").SetTokenNumber("A", NEG),
        lambda s: _mod("numbers").SetTokenNumber(LONG, None),
    ],
    "player_intents.PlayerRoll": [
        lambda s: _mod("player_intents").PlayerRoll(NOBODY, "save", "fortitude", 10, 15),
        lambda s: _mod("player_intents").PlayerRoll("A", LONG, LONG, HUGE, HUGE),
        lambda s: _mod("player_intents").PlayerRoll("A", "check", "athletics", -7, NEG, modifier=HUGE),
    ],
    "recharge.RollRecharge": [
        lambda s: _mod("recharge").RollRecharge(NOBODY, (("Breath", 6),)),
        lambda s: _mod("recharge").RollRecharge("A", ((LONG, HUGE), ("Breath", NEG))),
    ],
    "spell_book.GiveSpells": [
        lambda s: _mod("spell_book").GiveSpells(NOBODY, (_spell(),)),
        lambda s: _mod("spell_book").GiveSpells("A", ()),
        lambda s: _mod("spell_book").GiveSpells("A", (_spell(name=LONG),)),
        lambda s: _mod("spell_book").GiveSpells("A", (_spell(level=HUGE, range=HUGE),) * 3),
    ],
    "spell_book.RemoveSpell": [
        lambda s: _mod("spell_book").RemoveSpell(NOBODY, "Hostile Bolt"),
        lambda s: _mod("spell_book").RemoveSpell("A", LONG),
    ],
    "spell_book.SetSpellUses": [
        lambda s: _mod("spell_book").SetSpellUses(NOBODY, _uses()),
        lambda s: _mod("spell_book").SetSpellUses("A", _uses(slots=((HUGE, HUGE, NEG),))),
        lambda s: _mod("spell_book").SetSpellUses("A", _uses(focus=(NEG, HUGE), spent=((LONG, HUGE),))),
    ],
    "spell_book.RestoreUses": [
        lambda s: _mod("spell_book").RestoreUses(NOBODY),
        lambda s: _mod("spell_book").RestoreUses("A"),
    ],
    "spell_book.SustainSpell": [
        lambda s: _mod("spell_book").SustainSpell(NOBODY, "Hostile Bolt"),
        lambda s: _mod("spell_book").SustainSpell("A", LONG),
    ],
    "cast_turn.CastSpell": [
        lambda s: _mod("cast_turn").CastSpell(_mod("cast").Cast(NOBODY, _spell(), None, _placement(), ())),
        lambda s: _mod("cast_turn").CastSpell(
            _mod("cast").Cast("A", _spell(level=HUGE), HUGE, _placement(), ("b",), damage=(_damage(HUGE),)),
            free=True,
        ),
        lambda s: _mod("cast_turn").CastSpell(
            _mod("cast").Cast("A", _spell(), None, _placement(), ("b",), saves=(("b", (HUGE,)),))
        ),
        lambda s: _mod("cast_turn").CastSpell(
            _mod("cast").Cast("A", _spell(), None, _placement(), ("b",)), save_modifiers=((NOBODY, 5),)
        ),
        lambda s: _mod("cast_turn").CastSpell(
            _mod("cast").Cast("A", _spell(), None, _placement(), ("b",)), save_modifiers=(("b", HUGE),)
        ),
    ],
    "rolls.RollCheck": [
        lambda s: _rolls().RollCheck(NOBODY, "save", "fortitude", (10,)),
        lambda s: _rolls().RollCheck("A", "juggle", LONG, (HUGE,), dc=HUGE),
        lambda s: _rolls().RollCheck("A", "check", "athletics", (), dc=NEG, reroll_of=(HUGE,)),
        lambda s: _rolls().RollCheck("A", "save", "reflex", (0, 21, -4)),
    ],
    "rolls.RollChecks": [
        lambda s: _rolls().RollChecks((), LONG),
        lambda s: _rolls().RollChecks(
            (_rolls().RollCheck(NOBODY, "save", "will", (10,)),) * 3, "x", contest=True
        ),
    ],
    "rolls.SetHeroPoints": [
        lambda s: _rolls().SetHeroPoints(NOBODY, 1),
        lambda s: _rolls().SetHeroPoints("A", HUGE),
        lambda s: _rolls().SetHeroPoints("A", NEG, inspiration=True),
    ],
    "rolls.SpendHeroPoint": [
        lambda s: _rolls().SpendHeroPoint(NOBODY, 3, 18, "a save"),
        lambda s: _rolls().SpendHeroPoint("A", HUGE, NEG, LONG),
    ],
    "roster.AddToEncounter": [
        lambda s: _mod("roster").AddToEncounter((NOBODY,), (), ScriptedDice([10])),
        lambda s: _mod("roster").AddToEncounter(("A", "A"), (("A", HUGE),), ScriptedDice([10] * 4)),
        lambda s: _mod("roster").AddToEncounter(("b",), (("b", NEG),), ScriptedDice([10])),
    ],
    "roster.RemoveFromEncounter": [
        lambda s: _mod("roster").RemoveFromEncounter((NOBODY,), ScriptedDice([10])),
        lambda s: _mod("roster").RemoveFromEncounter(("A", "b", "L"), ScriptedDice([10] * 4)),
    ],
    "table.ApplyDamage": [
        lambda s: _mod("table").ApplyDamage(NOBODY, (_damage(5),)),
        lambda s: _mod("table").ApplyDamage("A", (_damage(HUGE, LONG),), critical=True),
        lambda s: _mod("table").ApplyDamage("A", (), persistent=(PersistentDamage("9" * 400, "fire"),)),
    ],
    "table.AreaSaves": [
        lambda s: _mod("table").AreaSaves(LONG, (), (_damage(HUGE),)),
        lambda s: _mod("table").AreaSaves("x", (_save(NOBODY),), (_damage(5),), area=_area(HUGE)),
    ],
    "table.AttackRoll": [
        lambda s: _mod("table").AttackRoll(NOBODY, "b", "sword", (10,)),
        lambda s: _mod("table").AttackRoll("A", NOBODY, "sword", (10,)),
        lambda s: _mod("table").AttackRoll("A", "b", LONG, (HUGE,), attack_number=HUGE),
        lambda s: _mod("table").AttackRoll("A", "A", "fist", (), reroll_of=(NEG,)),
    ],
    "table.DealDamage": [
        lambda s: _mod("table").DealDamage(NOBODY, (_damage(5),)),
        lambda s: _mod("table").DealDamage("A", (_damage(HUGE),), save=LONG),
    ],
    "table.PlaceArea": [
        lambda s: _mod("table").PlaceArea(_area(HUGE), ()),
        lambda s: _mod("table").PlaceArea(_area(10, Point(1e300, math.nan)), (NOBODY,)),
        lambda s: _mod("table").PlaceArea(_area(10, label=LONG, rounds_left=HUGE, dc=HUGE), ("A", "A")),
        lambda s: _mod("table").PlaceArea(_area(-10), ()),
    ],
    "table.RemoveArea": [
        lambda s: _mod("table").RemoveArea(NOBODY),
    ],
    "table.UpdateArea": [
        lambda s: _mod("table").UpdateArea(_area(10, id=NOBODY)),
        lambda s: _mod("table").UpdateArea(_area(HUGE, id="zone"), LONG),
    ],
    "campaign.AddScene": [
        lambda s: _mod("campaign").AddScene(LONG, s.scene),
        lambda s: _mod("campaign").AddScene("", s.scene),
        lambda s: _mod("campaign").AddScene("Far", s.scene, (FAR,)),
        lambda s: _mod("campaign").AddScene("Copy", s.scene, (Cell(0, 0),) * 500),
    ],
    "campaign.SwitchScene": [
        lambda s: _mod("campaign").SwitchScene(NOBODY),
        lambda s: _mod("campaign").SwitchScene(LONG),
    ],
    "campaign.PresentScene": [
        lambda s: _mod("campaign").PresentScene(NOBODY),
    ],
    "campaign.SetEntrance": [
        lambda s: _mod("campaign").SetEntrance((FAR,)),
        lambda s: _mod("campaign").SetEntrance((Cell(0, 0),) * 10_000),
        lambda s: _mod("campaign").SetEntrance(()),
    ],
    "campaign.RemoveScene": [
        lambda s: _mod("campaign").RemoveScene(NOBODY),
    ],
    "table_dice.SetOwnDice": [
        lambda s: _mod("table_dice").SetOwnDice((NOBODY,), True),
        lambda s: _mod("table_dice").SetOwnDice(("A", "A"), True),
        lambda s: _mod("table_dice").SetOwnDice((), False),
    ],
    "table_dice.RollDice": [
        lambda s: _mod("table_dice").RollDice(LONG),
        lambda s: _mod("table_dice").RollDice("1000d10000kh999>=999999", dice=ScriptedDice([1] * 1000)),
        lambda s: _mod("table_dice").RollDice("1d20>=", who=NOBODY),
        lambda s: _mod("table_dice").RollDice("2d6", who=NOBODY, dice=ScriptedDice([1, 1])),
        lambda s: _mod("table_dice").RollDice("2d6", given=(HUGE, NEG)),
        lambda s: _mod("table_dice").RollDice("1d20>=-999999", secret=True, given=(20,)),
    ],
    "turns.EncounterStep": [
        lambda s: _turn("StartEncounter", (NOBODY,), dice=ScriptedDice([10] * 5)),
        lambda s: _turn("StartEncounter", ("A", "A"), rolls=(("A", HUGE),), dice=ScriptedDice([10] * 5)),
        _encounter_step,
        lambda s: _turn("PreviousTurn"),
        lambda s: _turn("Reorder", (NOBODY, "A")),
        lambda s: _turn("ReturnFromDelay", NOBODY),
        lambda s: _turn("Ready", NOBODY, LONG),
        lambda s: _turn("UseReaction", NOBODY),
        lambda s: _turn("SetInitiative", "A", HUGE),
        lambda s: _turn("SetInitiative", NOBODY, NEG),
        lambda s: _turn("EndEncounter"),
    ],
}


def _mod(name: str) -> Any:
    return importlib.import_module(f"rules.play.{name}")


def _placement(**kw: Any) -> Any:
    from rules.play.spell_resolution import Placement

    return Placement(**kw)


def _save(token_id: str) -> Any:
    from rules.saves import SaveResult
    from rules.systems.modifiers import Breakdown

    return SaveResult(token_id, "reflex", HUGE, Breakdown(()), NEG, "critical success")


# --------------------------------------------------------------------------------------------- tests


def test_every_command_class_has_hostile_cases() -> None:
    classes = command_classes()
    missing = sorted(set(classes) - set(CASES))
    assert not missing, f"command classes without hostile cases in CASES: {', '.join(missing)}"
    gone = sorted(set(CASES) - set(classes))
    assert not gone, f"CASES names classes that no longer exist: {', '.join(gone)}"


#: Exceptions a hostile value may raise while the command *value* is being built (a dataclass refusing
#: a negative damage amount): the table would never hand the engine such a command.
BUILD_REFUSALS = (ValueError, Refused, SceneError)


def _reopens(state: GameState) -> None:
    text = json.dumps(state_to_document(state), allow_nan=False)
    read = state_from_document(json.loads(text))
    assert read.problems == (), read.problems
    assert read.state.scene == state.scene
    assert read.state.areas == state.areas


@pytest.mark.parametrize("world", sorted(WORLDS))
@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_arguments_are_refused_or_make_a_state_that_reopens(name: str, world: str) -> None:
    state = WORLDS[world]()
    for number, case in enumerate(CASES[name]):
        try:
            command = case(state)
        except BUILD_REFUSALS:
            continue
        history = History(state)
        try:
            history.execute(command)  # type: ignore[arg-type]
        except Refused:
            assert history.state is state, f"{name} case {number}: refused but the state changed"
            continue
        except RecursionError:  # pragma: no cover - reported with the case
            pytest.fail(f"{name} case {number} ({world}): recursion")
        except Exception as exc:  # the point: nothing but Refused may escape
            pytest.fail(f"{name} case {number} ({world}): {type(exc).__name__}: {exc}"[:400])
        try:
            _reopens(history.state)
        except (SceneError, ValueError, AssertionError) as exc:
            pytest.fail(f"{name} case {number} ({world}) made a state that doesn't reopen: {exc}"[:600])
