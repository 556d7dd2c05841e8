"""Three rounds of a fight, played with the pure turn functions the encounter calls
(`rules.systems.turn.at_moment`, `rules.systems.healing`, `rules.model.effects`): conditions tick, a
persistent fire damage ends on its flat check, a PC drops, makes recovery checks / death saves and is
healed back up. Every roll is given, as the GM would type it in."""

from __future__ import annotations

from typing import Any

from rules.io.scene_json import scene_from_json
from rules.model.effects import END, START, Effect, Ends, TurnMoment
from rules.model.scene import Scene
from rules.systems import healing
from rules.systems.damage import DamageEntry
from rules.systems.turn import TurnRolls, at_moment


def scene(system: str, *tokens: dict[str, Any]) -> Scene:
    return scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 1,
            "system": system,
            "grid": {"width": 8, "height": 8},
            "tokens": list(tokens),
        }
    )


class Table:
    """A scene and its effects, changed only through the pure functions."""

    def __init__(self, s: Scene, effects: tuple[Effect, ...] = ()) -> None:
        self.scene = s
        self.effects = effects
        self.log: list[str] = []

    def moment(self, who: str, at: str, rolls: TurnRolls | None = None) -> None:
        self.scene, self.effects, lines = at_moment(
            self.scene, self.effects, TurnMoment(who, at), rolls or TurnRolls()
        )
        self.log += lines

    def turn(self, who: str, start: TurnRolls | None = None, end: TurnRolls | None = None) -> None:
        self.moment(who, START, start)
        self.moment(who, END, end)

    def hit(self, who: str, *entries: DamageEntry, critical: bool = False) -> None:
        from rules.systems import system_for

        tok = self.scene.token(who)
        assert tok is not None
        _, after = system_for(self.scene).damage(tok, entries, critical=critical)
        self.scene = self.scene.replace_token(after)

    def heal(self, who: str, amount: int) -> None:
        tok = self.scene.token(who)
        assert tok is not None
        after, lines = healing.heal(tok, amount, self.scene.system)
        self.scene = self.scene.replace_token(after)
        self.log += lines

    def state(self, who: str) -> str:
        tok = self.scene.token(who)
        assert tok is not None
        return healing.state_of(tok, self.scene.system)

    def token(self, who: str):  # type: ignore[no-untyped-def]
        return self.scene.token(who)


def test_pf2e_three_rounds() -> None:
    t = Table(
        scene(
            "pf2e",
            {"id": "kyra", "cell": [1, 1], "side": "party", "pc": True, "hp": 8, "max_hp": 20},
            {
                "id": "ogre",
                "cell": [2, 1],
                "side": "enemy",
                "hp": 50,
                "max_hp": 50,
                "weaknesses": {"fire": 2},
            },
        )
    )
    # Round 1. Kyra demoralizes the ogre (frightened 2, the system drops it) and sets it on fire.
    t.turn("kyra")
    t.scene = t.scene.replace_token(t.token("ogre").with_condition("frightened", 2))
    t.effects = (Effect("fear", "ogre", "frightened", 2, source="Demoralize"),)
    t.hit("ogre", DamageEntry(4, "persistent fire"))
    assert t.token("ogre").hp == 50  # not taken at once
    # The ogre crits Kyra: 0 HP, dying 2.
    t.moment("ogre", START)
    t.hit("kyra", DamageEntry(16, "bludgeoning"), critical=True)
    assert t.state("kyra") == "dying 2"
    t.moment("ogre", END, TurnRolls.given(persistent={"fire": 4}, flat_checks={"fire": 9}))
    ogre = t.token("ogre")
    assert ogre.hp == 50 - (4 + 2)  # persistent fire through its weakness
    assert ogre.conditions == ("frightened 1",) and t.effects[0].value == 1
    assert [p.type for p in ogre.persistent] == ["fire"]
    # Round 2. Kyra's recovery check: 13 vs DC 12, success → dying 1.
    t.turn("kyra", start=TurnRolls(d20=13))
    assert t.state("kyra") == "dying 1"
    t.turn("ogre", end=TurnRolls.given(persistent={"fire": 3}, flat_checks={"fire": 17}))
    ogre = t.token("ogre")
    assert ogre.hp == 44 - 5 and ogre.persistent == () and ogre.conditions == () and t.effects == ()
    # A cleric heals Kyra before her turn: no longer dying, wounded 1, awake.
    t.heal("kyra", 6)
    assert t.token("kyra").conditions == ("wounded 1",) and t.state("kyra") == "ok"
    # Round 3: no recovery check for a healed creature, whatever the die says.
    t.turn("kyra", start=TurnRolls(d20=1))
    assert t.state("kyra") == "ok" and t.token("kyra").hp == 6
    t.turn("ogre")
    assert any("flat check" in line and "it ends" in line for line in t.log)
    assert any("recovery check" in line for line in t.log)


def test_dnd5e_three_rounds() -> None:
    for system in ("dnd5e-2014", "dnd5e-2024"):
        t = Table(
            scene(
                system,
                {"id": "pip", "cell": [1, 1], "side": "party", "pc": True, "hp": 5, "max_hp": 12},
                {"id": "orc", "cell": [2, 1], "side": "enemy", "hp": 15, "max_hp": 15},
            )
        )
        # Round 1: Pip dodges until the start of its next turn; the orc drops Pip.
        t.turn("pip")
        t.scene = t.scene.replace_token(t.token("pip").with_condition("dodging"))
        t.effects = (Effect("dodge", "pip", "dodging", ends=Ends.at_turn("pip", START)),)
        t.moment("orc", START)
        t.hit("pip", DamageEntry(9, "slashing"))
        assert t.state("pip") == "unconscious"
        t.moment("orc", END)
        # Round 2: the dodge ends at the start of Pip's turn, then its death save fails (7).
        t.turn("pip", start=TurnRolls(d20=7))
        pip = t.token("pip")
        assert not pip.has_condition("dodging") and pip.death_saves == (0, 1) and t.effects == ()
        t.turn("orc")
        # Round 3: a success (12), then healed: awake, saves reset.
        t.turn("pip", start=TurnRolls(d20=12))
        assert t.token("pip").death_saves == (1, 1)
        t.heal("pip", 4)
        pip = t.token("pip")
        assert pip.hp == 4 and pip.death_saves == (0, 0) and t.state("pip") == "ok", system
        t.turn("orc")
        assert any("death save" in line for line in t.log)
