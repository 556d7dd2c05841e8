"""`GameState`: everything the engine owns about one table, as one frozen value.

* `scene`: the map (grid, terrain, walls, lights, tokens: `rules.model.scene.Scene`);
* `encounter`: the running encounter (initiative, round, the creatures' turn ledgers, timed effects) or None;
* `areas`: the placed areas, in placing order;
* `log`: the table's log, one text per entry, oldest first;
* `free`: free mode's turn ledgers (tokens acting outside an encounter) and its round count
  (`rules.model.turn_ledger.FreeTurns`);
* `spells`: lasting spells in effect (5e concentration) and what they gave (`rules.model.active_spells`);
* `hazards`: traps and abilities bound to squares;
* `rolls`: the dice box's roll history, secret GM rolls included (`rules.model.table_rolls`);
* `campaign`: the other scenes of the campaign and which one the players see (`rules.model.campaign`), or
  None for a file of one scene.

Equality is meaningful: two states are equal only when all are (a state with a running encounter is
never equal to one without). Commands (`rules.play`) turn one state into the next; the file codec
(`rules.io.state_json`) writes them into the scene file under documented top-level keys.

The one turn ledger (`TurnLedger`) of a creature is `ledger(token_id)`: the encounter's when the creature
is in its order, else free mode's. `round` is the table's round: the encounter's while one runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules.geometry.coords import Cell
from rules.model.active_spells import ActiveSpell, Hazard
from rules.model.areas import PlacedArea, area_by_id
from rules.model.encounter import Encounter
from rules.model.scene import Scene, Token
from rules.model.table_rolls import TableRoll
from rules.model.turn_ledger import FreeTurns, Support, TurnLedger


@dataclass(frozen=True, slots=True)
class SceneSlot:
    id: str
    title: str
    #: The squares the party arrives on when the scene is presented (the first is the main one).
    entrance: tuple[Cell, ...] = ()
    #: The scene's whole table while another scene is current; None for the current scene.
    parked: GameState | None = None


@dataclass(frozen=True, slots=True)
class Campaign:
    scenes: tuple[SceneSlot, ...]
    current: str
    presented: str

    def slot(self, scene_id: str) -> SceneSlot | None:
        return next((s for s in self.scenes if s.id == scene_id), None)

    @property
    def current_slot(self) -> SceneSlot:
        slot = self.slot(self.current)
        assert slot is not None, "a campaign always holds its current scene"
        return slot

    def with_slot(self, slot: SceneSlot) -> Campaign:
        """The campaign with `slot` replacing the slot of the same id."""
        return replace(self, scenes=tuple(slot if s.id == slot.id else s for s in self.scenes))

    @property
    def preparing(self) -> bool:
        """The GM works on a scene the players don't see."""
        return self.current != self.presented


@dataclass(frozen=True, slots=True)
class GameState:
    scene: Scene
    encounter: Encounter | None = None
    areas: tuple[PlacedArea, ...] = ()
    log: tuple[str, ...] = ()
    free: FreeTurns = field(default_factory=FreeTurns)
    #: Lasting spells (5e concentration, spells whose effects outlast the cast) and what they gave.
    spells: tuple[ActiveSpell, ...] = ()
    #: Traps and other abilities bound to squares.
    hazards: tuple[Hazard, ...] = ()
    #: The dice box's rolls, oldest first (secret GM rolls too: the player projection leaves them out).
    rolls: tuple[TableRoll, ...] = ()
    #: The campaign's scenes (None: one scene); the current one's contents are the fields above.
    campaign: Campaign | None = None

    def token(self, token_id: str) -> Token | None:
        return self.scene.token(token_id)

    def area(self, area_id: str) -> PlacedArea | None:
        return area_by_id(self.areas, area_id)

    def hazard(self, hazard_id: str) -> Hazard | None:
        return next((h for h in self.hazards if h.id == hazard_id), None)

    def with_scene(self, scene: Scene) -> GameState:
        return replace(self, scene=scene)

    def logged(self, *entries: str) -> GameState:
        """The state with `entries` appended to the log (empty ones are skipped)."""
        kept = tuple(e for e in entries if e)
        return replace(self, log=(*self.log, *kept)) if kept else self

    # ---- the turn ledgers

    @property
    def round(self) -> int:
        """The table's round: the running encounter's, else free mode's."""
        return self.encounter.round if self.encounter is not None else self.free.round

    def in_encounter(self, token_id: str) -> bool:
        """The creature is in the running encounter's order."""
        return self.encounter is not None and self.encounter.in_order(token_id)

    def ledger(self, token_id: str) -> TurnLedger | None:
        """The creature's turn ledger (see the module docstring); None when it has none yet."""
        if self.encounter is not None and self.encounter.in_order(token_id):
            return self.encounter.ledger(token_id)
        return self.free.of(token_id)

    def with_ledger(self, ledger: TurnLedger) -> GameState:
        """The state with `ledger` in the book it belongs to (the encounter's or free mode's)."""
        if self.encounter is not None and self.encounter.in_order(ledger.token_id):
            return replace(self, encounter=self.encounter.with_ledger(ledger))
        return replace(self, free=self.free.with_ledger(ledger))

    def ledgers(self) -> tuple[TurnLedger, ...]:
        """Every ledger of the table (the encounter's, then free mode's)."""
        enc = self.encounter.ledgers if self.encounter is not None else ()
        return (*enc, *self.free.ledgers)

    def is_turn_of(self, token_id: str) -> bool:
        """It is `token_id`'s turn: the current creature of the running encounter, or (free mode) any
        token outside the encounter's order."""
        if self.encounter is None or not self.encounter.in_order(token_id):
            return True
        return self.encounter.current_id == token_id

    def supports_for(
        self, ally: str, target: str | None, roll: str = "attack"
    ) -> tuple[tuple[str, Support], ...]:
        """The Help and Aid waiting for `ally`'s `roll` (``attack`` against `target`, or ``check``), as
        (giver, support), in the order they were given."""
        return tuple(
            (led.token_id, s)
            for led in self.ledgers()
            for s in led.supports
            if s.applies_to(ally, target, roll)
        )

    @property
    def reactions_used(self) -> frozenset[str]:
        """Creatures whose reaction is spent in the running encounter (none outside an encounter)."""
        return self.encounter.reactions_used if self.encounter is not None else frozenset()

    def attack_number(self, token_id: str) -> int:
        """The number of `token_id`'s next attack this turn: on its own turn in the encounter, or in free
        mode since its free-mode turn began; 1 otherwise (no multiple attack penalty off-turn)."""
        if self.encounter is not None and self.encounter.in_order(token_id):
            return self.encounter.attack_number(token_id)
        ledger = self.free.of(token_id)
        return 1 if ledger is None else ledger.next_attack_number
