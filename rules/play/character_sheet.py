"""A player's own panel: what one party creature's player may know about their own character.

`character_sheet(state, token_id)` is built, like `rules.play.projection.player_projection`, from what that
player may know — never a GM view filtered afterwards. It answers None for a creature that isn't the
party's (a player never gets a monster's statistics), and otherwise:

* hit points, temporary hit points, AC and Speed;
* conditions, each with its duration when a timed effect gives it (`rules.model.effects`): "until the end of
  Aria's next turn", "3 rounds", "until a successful Will save". A duration names a creature only when the
  party sees it (the projection shows it); otherwise it says "a creature", so a duration never gives away a
  hidden creature;
* dying: PF2e counts the ``dying`` / ``wounded`` / ``doomed`` values; 5e rolls death saves (`successes`,
  `failures`: the system's `has_death_saves`);
* what the creature spends for a reroll (`RuleSystem.spending`: PF2e Hero Points, 5e inspiration);
* its attacks (name, bonus, damage, traits);
* its spells and abilities (`rules.play.sheet_spells`): each with its level or rank, what casting it takes,
  a one-line summary (range, area, save or attack, damage) and the uses left; the slots left by level and
  the Focus Points left; its spell DC and spell attack;
* its turn: whether it is its turn now, with the actions and movement it has left.

Sentences are `rules.messages.Message` values; `CharacterSheet.to_json()` renders them in English for a
client (the query protocol's language).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.geometry.vision import is_party
from rules.messages import Message, msg, nmsg
from rules.model.effects import Effect
from rules.model.state import GameState
from rules.play.moves import budget_for
from rules.play.projection import PlayerView, player_projection
from rules.play.sheet_spells import SheetSpells, sheet_spells
from rules.systems import system_for

#: Valued conditions that say how close a PF2e creature is to death.
DYING_CONDITIONS: tuple[str, ...] = ("dying", "wounded", "doomed")


@dataclass(frozen=True, slots=True)
class SheetCondition:
    name: str
    value: int | None
    lasts: Message | None


@dataclass(frozen=True, slots=True)
class SheetAttack:
    name: str
    bonus: int
    damage: str
    traits: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CharacterSheet:
    token_id: str
    name: str
    hp: int | None
    max_hp: int | None
    temp_hp: int
    ac: int | None
    speed: int
    conditions: tuple[SheetCondition, ...]
    dying: tuple[tuple[str, int], ...]
    death_saves: tuple[int, int] | None
    counter: str
    counter_value: int | bool | None
    attacks: tuple[SheetAttack, ...]
    spells: SheetSpells
    my_turn: bool
    actions_left: int | None
    movement_left: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.token_id,
            "name": self.name,
            "hp": self.hp,
            "max_hp": self.max_hp,
            "temp_hp": self.temp_hp,
            "ac": self.ac,
            "speed": self.speed,
            "conditions": [
                {"name": c.name, "value": c.value, "lasts": None if c.lasts is None else str(c.lasts)}
                for c in self.conditions
            ],
            "dying": [[name, value] for name, value in self.dying],
            "death_saves": None if self.death_saves is None else list(self.death_saves),
            "counter": self.counter,
            "counter_value": self.counter_value,
            "attacks": [
                {"name": a.name, "bonus": a.bonus, "damage": a.damage, "traits": list(a.traits)}
                for a in self.attacks
            ],
            **self.spells.to_json(),
            "my_turn": self.my_turn,
            "actions_left": self.actions_left,
            "movement_left": self.movement_left,
        }


def _condition_parts(text: str) -> tuple[str, int | None]:
    """``frightened 2`` → (``frightened``, 2); ``prone`` → (``prone``, None)."""
    head, _, tail = text.strip().rpartition(" ")
    if head and tail.isdigit():
        return head, int(tail)
    return text.strip(), None


def _who(creature: str | None, view: PlayerView) -> str | Message:
    shown = view.token(creature) if creature else None
    return shown.name if shown is not None else msg("a creature")


def lasts(effect: Effect, view: PlayerView) -> Message:
    """How long `effect` lasts, naming only creatures the party sees."""
    ends = effect.ends
    if ends.kind == "turn":
        who = _who(ends.creature, view)
        if ends.count == 1:
            if ends.at == "start":
                return msg("until the start of {who}'s next turn", who=who)
            return msg("until the end of {who}'s next turn", who=who)
        if ends.at == "start":
            return nmsg(
                "until the start of {who}'s next turn",
                "until the start of {who}'s turn {n} turns from now",
                who=who,
                n=ends.count,
            )
        return nmsg(
            "until the end of {who}'s next turn",
            "until the end of {who}'s turn {n} turns from now",
            who=who,
            n=ends.count,
        )
    if ends.kind == "rounds":
        return nmsg("{n} round", "{n} rounds", n=ends.count)
    if ends.kind == "save":
        if not ends.save:
            return msg("until a successful save")
        return msg("until a successful {save}", save=ends.save)
    if ends.kind == "sustained":
        return msg("while it is sustained")
    return msg("until removed")


def character_sheet(state: GameState, token_id: str, view: PlayerView | None = None) -> CharacterSheet | None:
    """The panel of the party creature `token_id` (None when there is no such party creature). `view` is
    the players' projection of `state` when the caller has it already."""
    token = state.scene.token(token_id)
    if token is None or not is_party(token) or token.extra.get("gm_only"):
        return None
    view = view if view is not None else player_projection(state)
    system = system_for(state.scene)
    timed = [e for e in (state.encounter.timed if state.encounter else ()) if e.target == token.id]
    conditions: list[SheetCondition] = []
    dying: list[tuple[str, int]] = []
    for text in token.conditions:
        name, value = _condition_parts(text)
        if name.lower() in DYING_CONDITIONS and value is not None:
            dying.append((name.lower(), value))
        effect = next((e for e in timed if e.condition and e.name.lower() == name.lower()), None)
        conditions.append(SheetCondition(name, value, None if effect is None else lasts(effect, view)))
    for e in timed:  # named effects with no condition of their own (Bless, Take Cover)
        if not e.condition:
            conditions.append(SheetCondition(e.name, e.value, lasts(e, view)))
    spend = system.spending
    counter_value: int | bool | None = token.hero_points if spend.counts else token.inspiration
    spells = sheet_spells(state.scene, token)
    enc = state.encounter
    my_turn = enc is not None and enc.current_id == token.id
    actions_left = movement_left = None
    if my_turn and enc is not None and enc.turn is not None:
        actions_left = enc.turn.actions
        movement_left = budget_for(state, token).feet_left
    return CharacterSheet(
        token_id=token.id,
        name=token.label,
        hp=token.hp,
        max_hp=token.max_hp,
        temp_hp=token.temp_hp,
        ac=token.ac,
        speed=token.speed,
        conditions=tuple(conditions),
        dying=tuple(dying),
        death_saves=token.death_saves if system.has_death_saves else None,
        counter=spend.counter,
        counter_value=counter_value,
        attacks=tuple(
            SheetAttack(a.name, a.bonus, a.damage, a.traits or a.properties) for a in token.attacks
        ),
        spells=spells,
        my_turn=my_turn,
        actions_left=actions_left,
        movement_left=movement_left,
    )
