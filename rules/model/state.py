"""`GameState`: everything the engine owns about one table, as one frozen value.

* `scene`: the map (grid, terrain, walls, lights, tokens: `rules.model.scene.Scene`);
* `encounter`: the running encounter (initiative, round, turn ledger, timed effects) or None;
* `areas`: the placed areas, in placing order;
* `log`: the table's log, one text per entry, oldest first;
* `free`: free mode's movement ledger (moves outside an encounter turn) and round count;
* `spells`: lasting spells in effect (5e concentration) and what they gave (`rules.model.active_spells`);
* `hazards`: traps and abilities bound to squares.

Equality is meaningful: two states are equal only when all are (a state with a running encounter is
never equal to one without). Commands (`rules.play`) turn one state into the next; the file codec
(`rules.io.state_json`) writes all but free mode's ledger into the scene file under documented top-level
keys.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules.model.active_spells import ActiveSpell, Hazard
from rules.model.areas import PlacedArea, area_by_id
from rules.model.encounter import Encounter, FreeMovement, Spent
from rules.model.scene import Scene, Token


@dataclass(frozen=True, slots=True)
class GameState:
    scene: Scene
    encounter: Encounter | None = None
    areas: tuple[PlacedArea, ...] = ()
    log: tuple[str, ...] = ()
    free: FreeMovement = field(default_factory=FreeMovement)
    #: Lasting spells (5e concentration, spells whose effects outlast the cast) and what they gave.
    spells: tuple[ActiveSpell, ...] = ()
    #: Traps and other abilities bound to squares.
    hazards: tuple[Hazard, ...] = ()

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

    @property
    def reactions_used(self) -> frozenset[str]:
        """Creatures whose reaction is spent in the running encounter (none outside an encounter)."""
        return self.encounter.reactions_used if self.encounter is not None else frozenset()

    def attack_number(self, token_id: str) -> int:
        """The number of `token_id`'s next attack this turn (1 off its turn or without an encounter)."""
        return self.encounter.attack_number(token_id) if self.encounter is not None else 1

    def free_spent(self, token_id: str) -> Spent:
        return self.free.of(token_id)
