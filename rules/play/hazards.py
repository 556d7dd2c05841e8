"""Hazards and traps: abilities bound to squares (`rules.model.active_spells.Hazard`), resolved through the
same cast path as spells (`rules.play.spell_resolution`).

* A hazard goes off when a creature **enters** one of its squares (`entered`: the squares a move passes
  through, its start left out), or **starts** / **ends** its turn on one (`standing_on`). A ``once``
  hazard is spent when it goes off; a spent or removed one never goes off again.
* It is **hidden** from the players until noticed (`NoticeHazard`, after a Perception / Wisdom (Perception)
  check against its ``notice_dc`` the GM rolled); `visible_hazards` is what the Player Screen may draw.
* `TriggerHazard` resolves its ability as a cast by the hazard itself: an area placed at the hazard's
  ``origin`` (a burst, sphere or cone of fire), or the creature that set it off as the target; the save uses
  the ability's own DC; the dice are typed or rolled from the command's `DieSource`; damage, IWR, conditions
  and the log follow `rules.play.cast`. The hazard is never a creature: it has no token and takes no turn.
* Hazardous terrain's damage is the same: a hazard whose ability has no save (damage dealt as rolled).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from rules.dice import DieSource
from rules.errors import QueryError
from rules.geometry.coords import Cell, Point
from rules.messages import msg
from rules.model.active_spells import Hazard
from rules.model.scene import Token
from rules.model.state import GameState
from rules.play.cast import roll_missing
from rules.play.cast_turn import with_typed_saves
from rules.play.command import Outcome, Refused, logged
from rules.play.effects import put_token
from rules.play.spell_resolution import Aim, Placement, Rolls, aim, explain, resolve
from rules.systems.damage import DamageEntry


def entered(state: GameState, token_id: str, path: Iterable[Cell]) -> tuple[Hazard, ...]:
    """The armed ``enter`` hazards a move of `token_id` along `path` (top-left cells, its start first) sets
    off: those covering a square the creature's space comes into."""
    token = state.token(token_id)
    if token is None:
        return ()
    cells = list(path)
    n = token.side_squares
    entered_squares: set[Cell] = set()
    for c in cells[1:]:
        entered_squares |= {Cell(c.x + i, c.y + j) for i in range(n) for j in range(n)}
    start = {Cell(cells[0].x + i, cells[0].y + j) for i in range(n) for j in range(n)} if cells else set()
    return tuple(
        h for h in state.hazards if h.armed and h.trigger == "enter" and h.covers(entered_squares - start)
    )


def standing_on(state: GameState, token_id: str, moment: str) -> tuple[Hazard, ...]:
    """The armed hazards that go off when `token_id` ``start``s or ``end``s its turn where it stands."""
    token = state.token(token_id)
    if token is None:
        return ()
    return tuple(h for h in state.hazards if h.armed and h.trigger == moment and h.covers(token.squares()))


@dataclass(frozen=True, slots=True)
class HazardTrigger:
    """A hazard a step set off: `token_id` ``enter``ed one of its squares, or ``start``ed / ``end``ed its
    turn on one (`moment`); `TriggerHazard` resolves it."""

    hazard_id: str
    token_id: str
    moment: str

    def text(self, state: GameState) -> str:
        hazard = state.hazard(self.hazard_id)
        token = state.token(self.token_id)
        name = hazard.name if hazard is not None else self.hazard_id
        who = token.label if token is not None else self.token_id
        if self.moment == "enter":
            return str(msg("{who} enters {name}", who=who, name=name))
        if self.moment == "start":
            return str(msg("{who} starts its turn in {name}", who=who, name=name))
        return str(msg("{who} ends its turn in {name}", who=who, name=name))


def _turn_order(state: GameState) -> tuple[int, int] | None:
    enc = state.encounter
    if enc is None or not enc.order or enc.current_id is None:
        return None
    return (enc.round, enc.index)


def set_off(
    before: GameState, after: GameState, command: object, detail: object
) -> tuple[HazardTrigger, ...]:
    """The hazards a step (`command`, applied from `before` to `after`, with its `detail`) sets off:

    * a move by the rules (`rules.play.moves.MoveToken`, not the GM's free move) into an ``enter`` hazard's
      square (`entered`, along the path it planned);
    * a turn advance: the ``end`` hazards where the creature whose turn ended stands, and the ``start``
      hazards where the creature whose turn begins stands (`standing_on`). Going back a turn sets off
      nothing.

    The app runs it after each step it executes and offers each trigger (`TriggerHazard`)."""
    from rules.play.moves import MoveToken

    out: list[HazardTrigger] = []
    if isinstance(command, MoveToken) and not command.free:
        path = getattr(detail, "path", None)
        if path and len(path) > 1:
            out += [
                HazardTrigger(h.id, command.token_id, "enter") for h in entered(after, command.token_id, path)
            ]
    was, now = _turn_order(before), _turn_order(after)
    if was is not None and now is not None and now > was:
        assert before.encounter is not None and after.encounter is not None
        ended, started = before.encounter.current_id, after.encounter.current_id
        if ended is not None:
            out += [HazardTrigger(h.id, ended, "end") for h in standing_on(before, ended, "end")]
        if started is not None:
            out += [HazardTrigger(h.id, started, "start") for h in standing_on(after, started, "start")]
    return tuple(out)


def visible_hazards(state: GameState, *, players: bool) -> tuple[Hazard, ...]:
    """The hazards a view may draw: all for the GM; for the players only those noticed and not spent."""
    if not players:
        return state.hazards
    return tuple(h for h in state.hazards if not h.hidden and h.armed)


def _with(state: GameState, hazard: Hazard) -> GameState:
    return replace(state, hazards=tuple(hazard if h.id == hazard.id else h for h in state.hazards))


@dataclass(frozen=True, slots=True)
class PlaceHazard:
    hazard: Hazard
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Place {name}", name=self.hazard.name))

    def apply(self, state: GameState) -> Outcome:
        if state.hazard(self.hazard.id) is not None:
            raise Refused(str(msg("a hazard with id {id} is already on the map", id=self.hazard.id)))
        for c in self.hazard.cells:
            if not state.scene.grid.contains(c.x, c.y):
                raise Refused(
                    str(
                        msg(
                            "{name}: square {cell} is off the map",
                            name=self.hazard.name,
                            cell=str([c.x, c.y]),
                        )
                    )
                )
        state = replace(state, hazards=(*state.hazards, self.hazard))
        hidden = str(msg(" (hidden from the players)")) if self.hazard.hidden else ""
        return logged(state, str(msg("Placed {name}", name=self.hazard.name)) + hidden)


@dataclass(frozen=True, slots=True)
class RemoveHazard:
    hazard_id: str
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Remove hazard"))

    def apply(self, state: GameState) -> Outcome:
        hazard = state.hazard(self.hazard_id)
        if hazard is None:
            raise Refused(str(msg("no hazard with id {id}", id=self.hazard_id)))
        state = replace(state, hazards=tuple(h for h in state.hazards if h.id != self.hazard_id))
        return logged(state, str(msg("Removed {name}", name=hazard.name)))


@dataclass(frozen=True, slots=True)
class NoticeHazard:
    """The party notices a hidden hazard (the GM judged the check): the players see it from now on."""

    hazard_id: str
    who: str = ""
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Notice hazard"))

    def apply(self, state: GameState) -> Outcome:
        hazard = state.hazard(self.hazard_id)
        if hazard is None:
            raise Refused(str(msg("no hazard with id {id}", id=self.hazard_id)))
        if not hazard.hidden:
            return Outcome(state)
        by = str(msg(" ({who} noticed it)", who=self.who)) if self.who else ""
        return logged(
            _with(state, replace(hazard, hidden=False)), str(msg("{name} is noticed", name=hazard.name)) + by
        )


def hazard_source(state: GameState, hazard: Hazard) -> Token:
    """The hazard as the caster of its ability: a token that isn't on the map, standing on its first
    square, with the ability's DC and attack."""
    return Token(
        id=f"hazard:{hazard.id}",
        cell=hazard.cells[0],
        side="hazard",
        name=hazard.name,
        spell_dc=hazard.ability.dc,
        spell_attack=hazard.ability.attack_bonus,
    )


def aim_hazard(state: GameState, hazard: Hazard, by: str | None) -> Aim:
    """The hazard's ability aimed as `TriggerHazard` resolves it: its area at the hazard's ``origin`` (its
    first square's corner when it has none), or the creature that set it off (`by`) as the one target. The
    saves table previews the same aim. Raises `Refused`."""
    source = hazard_source(state, hazard)
    ability = hazard.ability
    targets: tuple[str, ...] = ()
    placement = Placement()
    if ability.area is None:
        if by is None:
            raise Refused(str(msg("{name} needs the creature that set it off", name=hazard.name)))
        targets = (by,)
    else:
        first = hazard.cells[0]
        origin = hazard.origin if hazard.origin is not None else Point(float(first.x), float(first.y))
        placement = Placement(corner=origin, origin=origin, direction=hazard.direction)
    try:
        return aim(state.scene, source, replace(ability, range=None), placement=placement, target_ids=targets)
    except QueryError as exc:
        raise Refused(exc.message) from None


@dataclass(frozen=True, slots=True)
class TriggerHazard:
    """`hazard_id` goes off, set off by `by` (a token id, the target when the ability has no area)."""

    hazard_id: str
    by: str | None = None
    saves: tuple[tuple[str, tuple[int, ...]], ...] = ()
    attack_d20: tuple[tuple[str, tuple[int, ...]], ...] = ()
    damage: tuple[DamageEntry, ...] | None = None
    #: A 5e critical hit's damage (its dice rolled twice), typed at the table; rolled from `rng` otherwise.
    critical_damage: tuple[DamageEntry, ...] | None = None
    rng: DieSource | None = field(default=None, compare=False)
    #: Save modifiers typed at the table for targets whose token lists none (kept on the token, as a cast's).
    save_modifiers: tuple[tuple[str, int], ...] = ()
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Hazard goes off"))

    def apply(self, state: GameState) -> Outcome:
        hazard = state.hazard(self.hazard_id)
        if hazard is None:
            raise Refused(str(msg("no hazard with id {id}", id=self.hazard_id)))
        if not hazard.armed:
            raise Refused(str(msg("{name} is spent", name=hazard.name)))
        typed: list[str] = []
        if self.save_modifiers and hazard.ability.save is not None:
            state, typed = with_typed_saves(state, hazard.ability.save.stat, self.save_modifiers)
        source = hazard_source(state, hazard)
        ability = hazard.ability
        try:
            aimed = aim_hazard(state, hazard, self.by)
            rolls = roll_missing(
                state,
                aimed,
                Rolls(dict(self.saves), dict(self.attack_d20), self.damage, self.critical_damage),
                self.rng,
            )
            result = resolve(state.scene, aimed, rolls)
        except QueryError as exc:
            raise Refused(exc.message) from None
        lines = list(explain(result))
        lines[0] = (
            str(msg("{name} goes off", name=hazard.name))
            + lines[0][len(source.label) + len(" uses ") + len(ability.name) :]
        )
        lines[1:1] = typed
        for t in result.targets:
            state, ended = put_token(state, t.after)
            lines += ["  " + x for x in ended]
        if hazard.once or hazard.hidden:
            state = _with(state, replace(hazard, triggered=hazard.once or hazard.triggered, hidden=False))
        return Outcome(state, tuple(lines), result)
