"""`GridRules`: the small value geometry takes instead of asking which rule system a scene uses.

Each rule system differs on the grid only in data: how diagonals are priced, the PF2e 10-ft reach exception,
which area shapes exist and whether areas are the system's fixed grid templates, how cover lines are drawn,
when flanking applies and who threatens. `SYSTEM_GRIDS` holds each system's data (the system objects in
`rules.systems` carry the same values); `GridRules.with_options` applies the scene options a system lets the
table choose (5e: diagonal count, flanking, area method). `rules.model.scene.Scene.rules` is the
scene's value.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

#: How creatures' spaces may be passed (`rules.geometry.movement.creature_rule`):
#: allies' spaces; an unwilling creature's only 3+ sizes apart; Tiny creatures' spaces are shared (PF2e).
PASS_UNWILLING_3_SIZES = "unwilling-3-sizes"
#: a non-hostile creature's space; a hostile one's only 2+ sizes apart; other spaces are difficult (5e 2014).
PASS_HOSTILE_2_SIZES = "hostile-2-sizes"
#: an ally's, an incapacitated, a Tiny or a 2+ sizes larger creature's space (5e 2024).
PASS_ALLY_INCAPACITATED_TINY_LARGER = "ally-incapacitated-tiny-larger"

#: Conditions that keep a creature from acting (kept in step with `rules.model.scene.CANNOT_ACT`).
_CANNOT_ACT = frozenset(
    {"unconscious", "dying", "dead", "paralyzed", "petrified", "stunned", "incapacitated"}
)


@dataclass(frozen=True, slots=True)
class GridRules:
    """How a system uses the grid.

    * `diagonals`: the diagonal count for distance, movement and areas (``alternating`` 5/10/5 or ``five``);
      `fixed_diagonals`: the system prices diagonals one way only (scene options can't change it).
    * `reach_exception`: a 10-ft reach reaches 2 squares diagonally (PF2e).
    * `area_shapes`: the shapes areas may take; `fixed_templates`: areas are the system's grid templates
      (bursts from grid corners, cones in 45° sectors) instead of a 5e area method; `area_method`: the 5e
      method in force (``half``, ``touch``, ``token``).
    * `corner_cover`: cover is judged from a corner of the attacker's square to the target's corners (5e),
      not by the line between centres (PF2e).
    * `flanking`: flanking applies; `flank_by_reach`: a flanker needs the target within its melee reach
      (PF2e), not adjacency; `threat_needs_melee`: only a creature with a melee attack threatens (PF2e);
      `cant_threaten`: conditions under which a creature threatens nothing.
    * `pass_tiny`: a Tiny creature's space can be passed and shared by anyone, and a Tiny mover may end in
      another's space (PF2e).
    * `senses_beyond_sight`: senses other than sight that see in the dark (5e blindsight).
    * `terrain_adds`: difficult terrain adds 5 ft per square and greater difficult 10 ft (PF2e) instead of
      doubling the step (5e); `crawl_costs`: prone or squeezing, each step costs 5 ft more (5e);
      `step_action`: the Step action exists (PF2e); `creature_passage`: whose spaces may be passed
      (`PASS_UNWILLING_3_SIZES`, `PASS_HOSTILE_2_SIZES`, `PASS_ALLY_INCAPACITATED_TINY_LARGER`).
    * `obscured_states`: what sight means is told in 5e's lightly/heavily obscured and unseen states, not
      PF2e's observed/concealed/hidden/undetected (`rules.geometry.vision.visibility`).
    """

    diagonals: str
    fixed_diagonals: bool
    reach_exception: bool
    area_shapes: tuple[str, ...]
    fixed_templates: bool
    area_method: str
    corner_cover: bool
    flanking: bool
    flank_by_reach: bool
    threat_needs_melee: bool
    cant_threaten: frozenset[str]
    pass_tiny: bool
    senses_beyond_sight: tuple[str, ...]
    terrain_adds: bool
    crawl_costs: bool
    step_action: bool
    creature_passage: str
    obscured_states: bool

    def with_options(self, diagonals: str, flanking: bool, area_method: str) -> GridRules:
        """These rules with the scene's options where the system lets the table choose."""
        if self.fixed_diagonals:
            return replace(self, area_method=area_method)
        return replace(self, diagonals=diagonals, flanking=flanking, area_method=area_method)


PF2E_GRID = GridRules(
    diagonals="alternating",
    fixed_diagonals=True,
    reach_exception=True,
    area_shapes=("burst", "emanation", "cone", "line"),
    fixed_templates=True,
    area_method="half",
    corner_cover=False,
    flanking=True,
    flank_by_reach=True,
    threat_needs_melee=True,
    cant_threaten=_CANNOT_ACT | {"restrained"},
    pass_tiny=True,
    senses_beyond_sight=(),
    terrain_adds=True,
    crawl_costs=False,
    step_action=True,
    creature_passage=PASS_UNWILLING_3_SIZES,
    obscured_states=False,
)
DND5E_2024_GRID = GridRules(
    diagonals="five",
    fixed_diagonals=False,
    reach_exception=False,
    area_shapes=("sphere", "cylinder", "cube", "cone", "line", "emanation"),
    fixed_templates=False,
    area_method="half",
    corner_cover=True,
    flanking=False,
    flank_by_reach=False,
    threat_needs_melee=False,
    cant_threaten=_CANNOT_ACT,
    pass_tiny=False,
    senses_beyond_sight=("blindsight",),
    terrain_adds=False,
    crawl_costs=True,
    step_action=False,
    creature_passage=PASS_ALLY_INCAPACITATED_TINY_LARGER,
    obscured_states=True,
)
DND5E_2014_GRID = replace(
    DND5E_2024_GRID,
    area_shapes=("sphere", "cylinder", "cube", "cone", "line"),
    creature_passage=PASS_HOSTILE_2_SIZES,
)

#: Each system's grid data, by the scene's ``system`` name.
SYSTEM_GRIDS: dict[str, GridRules] = {
    "pf2e": PF2E_GRID,
    "dnd5e-2014": DND5E_2014_GRID,
    "dnd5e-2024": DND5E_2024_GRID,
}
