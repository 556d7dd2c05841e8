"""The scene as values: grid, options, terrain, walls, lights, tokens and their attacks, frozen dataclasses.

Every edit makes a new `Scene` (``dataclasses.replace`` or `Scene.edit`); nothing here mutates. A scene
caches what is derived from it (terrain maps, wall indexes, `GridRules`) on itself, so a new value starts
with an empty cache. The scene file's reader and writer are `rules.io.scene_json` (`scene_from_json`,
`scene_to_json`); `FORMAT_VERSION` is the format a scene value is written in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from rules.geometry.coords import SIZE_SQUARES, Cell, Point
from rules.model.fog import Fog
from rules.model.grid_rules import SYSTEM_GRIDS, GridRules
from rules.model.spell import NO_USES, Spell, SpellUsesLeft

#: The scene format version this code reads into values and writes (`rules.io.scene_json`).
FORMAT_VERSION = 4
SYSTEMS: tuple[str, ...] = ("pf2e", "dnd5e-2014", "dnd5e-2024")
TERRAIN_KINDS: tuple[str, ...] = (
    "difficult",
    "greater-difficult",
    "hazardous",
    "impassable",
    "narrow",
    "uneven",
)
#: Squares that need Balance (PF2e Player Core 423 "Narrow Surfaces", "Uneven Ground"): each has a Balance
#: DC (`TerrainCell.dc`); a narrow surface may have a drop below it (`TerrainCell.fall`). They cost like open
#: floor to plan a move; what the Balance check does is the system's (`rules.systems.hooks.footing`). A scene
#: of a system without the rule (D&D 5e) keeps them as plain floor.
BALANCE_KINDS: tuple[str, ...] = ("narrow", "uneven")
#: The Balance DCs a square may have (PF2e DCs run to about 50 at level 25; 60 leaves room for extreme).
MIN_BALANCE_DC, MAX_BALANCE_DC = 1, 60
#: The highest drop below a narrow surface, in feet (`TerrainCell.fall`).
MAX_FALL_FEET = 1000
#: Worse kinds win when a cell is listed twice (the Balance kinds are the mildest: another kind listed on
#: the same square prices and draws it, and the square still needs Balance, `Scene.balance_at`).
TERRAIN_SEVERITY: dict[str, int] = {
    "uneven": 0,
    "narrow": 1,
    "hazardous": 2,
    "difficult": 3,
    "greater-difficult": 4,
    "impassable": 5,
}
#: `Scene.terrain_codes`: code 0 is no terrain, code ``n`` is ``TERRAIN_BY_CODE[n]`` (the kinds FiveFoot had
#: first keep their codes 1–4; the Balance kinds come after them).
TERRAIN_BY_CODE: tuple[str, ...] = (
    "",
    "hazardous",
    "difficult",
    "greater-difficult",
    "impassable",
    "narrow",
    "uneven",
)
_TERRAIN_CODE: dict[str, int] = {kind: code for code, kind in enumerate(TERRAIN_BY_CODE) if kind}
#: A square's worst kind is found by rank (``TERRAIN_SEVERITY[kind] + 1``, 0 none), then named by its code.
_TERRAIN_RANK: dict[str, int] = {kind: rank + 1 for kind, rank in TERRAIN_SEVERITY.items()}
_CODE_OF_RANK = np.zeros(len(TERRAIN_BY_CODE), dtype=np.uint8)
for _kind, _rank in _TERRAIN_RANK.items():
    _CODE_OF_RANK[_rank] = _TERRAIN_CODE[_kind]
WALL_KINDS: tuple[str, ...] = ("wall", "door", "window", "low")
#: The one set of conditions under which a creature can't act: it takes no actions or reactions and
#: threatens nothing (PF2e: can't act; 5e: incapacitated or worse). Rules that differ start from it.
CANNOT_ACT: frozenset[str] = frozenset(
    {"unconscious", "dying", "dead", "paralyzed", "petrified", "stunned", "incapacitated"}
)
DIAGONAL_OPTIONS: tuple[str, ...] = ("alternating", "five")
AREA_METHODS: tuple[str, ...] = ("half", "touch", "token")
LIGHT_LEVELS: tuple[str, ...] = ("bright", "dim", "darkness")
MAX_GRID_SIDE = 1000
ORIGIN = Point(0.0, 0.0)

JSON = Any
#: Terrain codes per square, ``[y, x]`` (`Scene.terrain_codes`).
TerrainCodes = npt.NDArray[np.uint8]


# ----------------------------------------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class Grid:
    width: int
    height: int

    def contains(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def holds(self, cell: Cell, size: str) -> bool:
        """True when a `size` creature's whole space, top-left at `cell`, is on the grid."""
        n = SIZE_SQUARES[size]
        return cell.x >= 0 and cell.y >= 0 and cell.x + n <= self.width and cell.y + n <= self.height


@dataclass(frozen=True, slots=True)
class Options:
    """Per-scene rule options, already resolved against the system's defaults."""

    diagonals: str = "alternating"
    flanking: bool = True
    area_method: str = "half"
    #: The scene's light where no light source reaches: ``bright``, ``dim`` or ``darkness``.
    ambient: str = "bright"
    extra: dict[str, JSON] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True, slots=True)
class TerrainCell:
    """One square's terrain. `damage`: what entering it deals (hazardous terrain, ``"1d6 fire"``; None
    when it deals nothing). `dc`: the Balance DC of a narrow surface or uneven ground (`BALANCE_KINDS`;
    required there, None on every other kind). `fall`: the feet a creature falling off a narrow surface
    drops (None: no drop worth falling damage; only on ``narrow``)."""

    cell: Cell
    kind: str
    damage: str | None = None
    extra: dict[str, JSON] = field(default_factory=dict, compare=False, hash=False)
    dc: int | None = None
    fall: int | None = None


def balance_problem(kind: str, dc: object, fall: object = None) -> tuple[str, str] | None:
    """Why a terrain entry's Balance DC and drop don't fit its kind, as ``(field, why)`` (``dc`` or
    ``fall``), or None when they do: a narrow surface or uneven ground needs a whole-number DC from
    `MIN_BALANCE_DC` to `MAX_BALANCE_DC`; only a narrow surface has a drop (`fall`, whole feet from 1 to
    `MAX_FALL_FEET`); other kinds have neither. The one check of the loader, `rules.play.valid` and
    `rules.play.edits.PaintTerrain`."""
    if kind not in BALANCE_KINDS:
        if dc is not None:
            return "dc", f"only a narrow surface or uneven ground has a Balance DC, not {kind} terrain"
        if fall is not None:
            return "fall", f"only a narrow surface has a drop below it, not {kind} terrain"
        return None
    if dc is None:
        return "dc", f"{kind} terrain needs a Balance DC ({MIN_BALANCE_DC} to {MAX_BALANCE_DC})"
    if type(dc) is not int or not MIN_BALANCE_DC <= dc <= MAX_BALANCE_DC:
        return (
            "dc",
            f"the Balance DC must be a whole number from {MIN_BALANCE_DC} to {MAX_BALANCE_DC}, not {dc!r}",
        )
    if fall is not None:
        if kind != "narrow":
            return "fall", f"only a narrow surface has a drop below it, not {kind} terrain"
        if type(fall) is not int or not 1 <= fall <= MAX_FALL_FEET:
            return (
                "fall",
                f"the drop below a narrow surface is whole feet from 1 to {MAX_FALL_FEET}, not {fall!r}",
            )
    return None


@dataclass(frozen=True, slots=True)
class Wall:
    """A wall segment between two points in corner coordinates.

    Kinds: ``wall`` blocks movement, sight and effect; ``door`` is a wall while closed and nothing while
    open; ``window`` blocks movement and effect but not sight; ``low`` blocks nothing but gives cover.
    """

    a: Point
    b: Point
    kind: str = "wall"
    open: bool = False
    extra: dict[str, JSON] = field(default_factory=dict, compare=False, hash=False)

    @property
    def is_open_door(self) -> bool:
        return self.kind == "door" and self.open

    @property
    def blocks_movement(self) -> bool:
        return self.kind in ("wall", "window") or (self.kind == "door" and not self.open)

    @property
    def blocks_effect(self) -> bool:
        return self.blocks_movement

    @property
    def blocks_sight(self) -> bool:
        return self.kind == "wall" or (self.kind == "door" and not self.open)

    @property
    def gives_cover(self) -> bool:
        """Every wall except an open door is an obstacle for cover lines."""
        return not self.is_open_door


@dataclass(frozen=True, slots=True)
class Attack:
    """One attack of a token. Ranged iff PF2e `range_increment` or 5e `range` is given."""

    name: str
    bonus: int
    damage: str = ""
    traits: tuple[str, ...] = ()
    range_increment: int | None = None
    properties: tuple[str, ...] = ()
    range: tuple[int, int] | None = None
    extra: dict[str, JSON] = field(default_factory=dict, compare=False, hash=False)
    #: A magical attack (5e): it gets past resistance to nonmagical damage (`rules.model.resistance`).
    magical: bool = False

    @property
    def is_ranged(self) -> bool:
        return self.range_increment is not None or self.range is not None

    def has(self, word: str) -> bool:
        """True when a PF2e trait or 5e property is `word` or starts with ``word + " "``."""
        for t in (*self.traits, *self.properties):
            t = t.lower()
            if t == word or t.startswith(word + " "):
                return True
        return False

    def trait_value(self, word: str) -> str | None:
        """The argument of a trait such as ``deadly d10`` → ``d10``; None when absent."""
        for t in (*self.traits, *self.properties):
            parts = t.lower().split(None, 1)
            if parts and parts[0] == word:
                return parts[1] if len(parts) > 1 else ""
        return None


@dataclass(frozen=True, slots=True)
class PersistentDamage:
    """PF2e persistent damage: a dice expression (``1d6``, ``2``) of one damage type."""

    damage: str
    type: str


@dataclass(frozen=True, slots=True)
class Shield:
    """A shield the creature carries: its circumstance bonus to AC when raised (PF2e Raise a Shield), its
    hardness and hit points (PF2e Shield Block: the damage is reduced by the hardness, the shield and the
    creature each take the rest), and its maximum HP (= `hp` unless given)."""

    ac: int = 2
    hardness: int = 0
    hp: int = 0
    max_hp: int | None = None

    @property
    def broken(self) -> bool:
        """PF2e: a shield at half its HP or less is broken (it gives no bonus); 0 HP destroys it."""
        top = self.max_hp if self.max_hp is not None else self.hp
        return top > 0 and self.hp <= top // 2


@dataclass(frozen=True, slots=True)
class AfflictionStage:
    """One stage of an affliction: the conditions it gives and the damage it deals (a formula with a type,
    ``"1d6 poison"``), each time the creature is at this stage after a save."""

    conditions: tuple[str, ...] = ()
    damage: str | None = None


@dataclass(frozen=True, slots=True)
class Affliction:
    """A PF2e affliction (a poison, a disease, a curse) the creature has: its save and DC, its current stage
    (1-based) and its stages (`rules.systems.pf2e.afflictions`)."""

    name: str
    save: str = "fortitude"
    dc: int = 15
    stage: int = 1
    stages: tuple[AfflictionStage, ...] = ()

    def at(self, stage: int) -> AfflictionStage:
        return self.stages[stage - 1] if 1 <= stage <= len(self.stages) else AfflictionStage()


@dataclass(frozen=True, slots=True)
class TokenLight:
    """Light carried by a creature, centred on its space (radii in feet; dim ≥ bright)."""

    bright: int
    dim: int


#: The highest number a miniature's base may carry (`Token.number`).
MAX_TOKEN_NUMBER = 9999


@dataclass(frozen=True, slots=True)
class Token:
    id: str
    cell: Cell
    size: str = "medium"
    side: str = "neutral"
    pc: bool = False
    speed: int = 25
    reach: int = 5
    ac: int | None = None
    hp: int | None = None
    max_hp: int | None = None
    temp_hp: int = 0
    conditions: tuple[str, ...] = ()
    death_saves: tuple[int, int] = (0, 0)
    immunities: tuple[str, ...] = ()
    weaknesses: tuple[tuple[str, int], ...] = ()
    resistances: tuple[tuple[str, int], ...] = ()
    vulnerabilities: tuple[str, ...] = ()
    attacks: tuple[Attack, ...] = ()
    name: str | None = None
    image: str | None = None
    initiative_bonus: int | None = None
    saves: tuple[tuple[str, int], ...] = ()
    #: Reactions the creature has, by name (``"Reactive Strike"``); see `rules.play.planner`.
    reactions: tuple[str, ...] = ()
    # ---- statistics read by saves, checks, maneuvers and senses (query-protocol "Queries for the turn")
    #: PF2e creature level.
    level: int | None = None
    #: PF2e Perception modifier (total).
    perception: int | None = None
    #: Skill totals by lower-case name (``("athletics", 7)``).
    skills: tuple[tuple[str, int], ...] = ()
    #: 5e ability scores by ``str``/``dex``/``con``/``int``/``wis``/``cha``.
    abilities: tuple[tuple[str, int], ...] = ()
    #: 5e proficiency bonus.
    proficiency_bonus: int | None = None
    #: PF2e persistent damage the creature is taking.
    persistent: tuple[PersistentDamage, ...] = ()
    #: PF2e hero points (None: not tracked for this creature).
    hero_points: int | None = None
    #: 5e inspiration (2014) / Heroic Inspiration (2024).
    inspiration: bool = False
    #: 5e exhaustion level (0–6).
    exhaustion: int = 0
    #: Other movement speeds in feet (``("fly", 30)``); the walking speed is `speed`.
    speeds: tuple[tuple[str, int], ...] = ()
    #: Senses by lower-case name with a range in feet, or None where none is given (PF2e ``darkvision``).
    senses: tuple[tuple[str, int | None], ...] = ()
    #: Height above the ground in feet.
    elevation: int = 0
    #: Light the creature carries, centred on its space.
    light: TokenLight | None = None
    # ---- spells and abilities (query-protocol "Spells and abilities"; `rules.model.spell`)
    #: The creature's spells and abilities (a breath weapon is an ability).
    spells: tuple[Spell, ...] = ()
    #: The DC of its spells and abilities (an ability's own DC wins).
    spell_dc: int | None = None
    #: Its spell attack modifier.
    spell_attack: int | None = None
    #: Slots, Focus Points and limited uses it has spent.
    spell_uses: SpellUsesLeft = NO_USES
    #: 5e: the attacks one Attack action makes (Extra Attack: 2).
    attacks_per_action: int = 1
    #: The shield it carries (PF2e Raise a Shield, Shield Block), or None.
    shield: Shield | None = None
    #: Creature traits the rules read, lower case (``ignores difficult terrain``, ``hover``,
    #: ``water breathing``…).
    traits: tuple[str, ...] = ()
    #: HP regained at the start of each of its turns: fast healing, and regeneration with the damage types
    #: that stop it (`rules.systems.regeneration`).
    fast_healing: int = 0
    regeneration: int = 0
    regeneration_stopped_by: tuple[str, ...] = ()
    #: Hardness (objects, PF2e items): damage is reduced by it.
    hardness: int = 0
    #: PF2e afflictions it suffers (saves at the end of its turns).
    afflictions: tuple[Affliction, ...] = ()
    #: Rounds of air left while it holds its breath (None: it breathes; `rules.play.breath`).
    air: int | None = None
    #: The id of the creature it rides (`rules.play.mounts`), or None.
    mounted_on: str | None = None
    #: The player rolls their own dice at the table: the app asks for each of this creature's rolls
    #: instead of rolling it (`desktop.dice.ask_or_roll`).
    own_dice: bool = False
    #: The number on the miniature's base (shown on both screens so players can say "I attack 3"), or None.
    number: int | None = None
    extra: dict[str, JSON] = field(default_factory=dict, compare=False, hash=False)

    def has_trait(self, name: str) -> bool:
        return name.lower() in self.traits

    def spell(self, name: str) -> Spell | None:
        """The creature's spell or ability named `name` (case and spacing ignored), or None."""
        want = " ".join(name.lower().replace("-", " ").split())
        for s in self.spells:
            if " ".join(s.name.lower().replace("-", " ").split()) == want:
                return s
        return None

    def skill(self, name: str) -> int | None:
        return dict(self.skills).get(name.lower())

    def ability_score(self, name: str) -> int | None:
        return dict(self.abilities).get(name.lower())

    def sense(self, name: str) -> tuple[bool, int | None]:
        """(has the sense, its range in feet or None when unlimited/unstated)."""
        for n, rng in self.senses:
            if n == name:
                return True, rng
        return False, None

    def speed_of(self, mode: str) -> int:
        """Speed in feet for a movement mode (``walk``, ``fly``, ``swim``, ``climb``, ``burrow``), or 0."""
        if mode in ("walk", "land"):
            return self.speed
        return dict(self.speeds).get(mode, 0)

    @property
    def side_squares(self) -> int:
        return SIZE_SQUARES[self.size]

    @property
    def label(self) -> str:
        return self.name or self.id

    def squares(self) -> list[Cell]:
        n = SIZE_SQUARES[self.size]
        return [Cell(self.cell.x + i, self.cell.y + j) for j in range(n) for i in range(n)]

    def centre(self) -> Point:
        n = SIZE_SQUARES[self.size]
        return Point(self.cell.x + n / 2, self.cell.y + n / 2)

    def condition_names(self) -> set[str]:
        return {c.split()[0].lower() for c in self.conditions if c.strip()}

    def has_condition(self, name: str) -> bool:
        return name in self.condition_names()

    def condition_value(self, name: str) -> int:
        """Value of a valued condition (``frightened 2`` → 2); 1 for a bare valued name; 0 when absent."""
        best = 0
        for c in self.conditions:
            parts = c.split()
            if parts and parts[0].lower() == name:
                value = 1
                if len(parts) > 1:
                    try:
                        value = int(parts[1])
                    except ValueError:
                        value = 1
                best = max(best, value)
        return best

    def with_condition(self, name: str, value: int | None = None) -> Token:
        """A copy with condition `name` set (to `value` when valued); value 0 removes it."""
        kept = tuple(c for c in self.conditions if c.split()[0].lower() != name)
        if value is not None and value <= 0:
            return replace(self, conditions=kept)
        text = name if value is None else f"{name} {value}"
        return replace(self, conditions=(*kept, text))

    def without_condition(self, name: str) -> Token:
        return replace(self, conditions=tuple(c for c in self.conditions if c.split()[0].lower() != name))

    def weakness(self) -> dict[str, int]:
        return dict(self.weaknesses)

    def resistance(self) -> dict[str, int]:
        return dict(self.resistances)

    def attack(self, name: str) -> Attack | None:
        for a in self.attacks:
            if a.name == name:
                return a
        lowered = name.lower()
        for a in self.attacks:
            if a.name.lower() == lowered:
                return a
        return None


@dataclass(frozen=True, slots=True)
class Background:
    """The map picture under the grid: an image file (relative to the scene) or embedded data."""

    image: str
    pixels_per_cell: float = 70.0
    offset: Point = ORIGIN
    extra: dict[str, JSON] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True, slots=True)
class Light:
    """A light source at a point (corner coordinates).

    `bright` and `dim` are radii in feet from the point (dim light between `bright` and `dim`; a torch is
    bright 20, dim 40). `range` is the Universal VTT radius in squares the light was imported with (0 for a
    light placed in FiveFoot); `intensity`, `color` and `shadows` are kept for drawing and round-tripping.
    """

    position: Point
    range: float = 0.0
    intensity: float = 1.0
    color: str = "ffffffff"
    shadows: bool = True
    bright: float = 0.0
    dim: float = 0.0
    extra: dict[str, JSON] = field(default_factory=dict, compare=False, hash=False)

    @staticmethod
    def from_uvtt(position: Point, range_squares: float, **kw: Any) -> Light:
        """A Universal VTT light: its `range` (squares) is the radius of its light; FiveFoot treats the
        inner half as bright light and the rest as dim light (**Ruling**, as VTTs draw the falloff)."""
        feet = range_squares * 5.0
        return Light(position, range_squares, bright=feet / 2, dim=feet, **kw)


@dataclass(frozen=True, slots=True)
class Scene:
    system: str
    grid: Grid
    options: Options = field(default_factory=Options)
    terrain: tuple[TerrainCell, ...] = ()
    walls: tuple[Wall, ...] = ()
    tokens: tuple[Token, ...] = ()
    background: Background | None = None
    lights: tuple[Light, ...] = ()
    #: Fog of war (`rules.model.fog`), saved under the top-level key ``fog``; None: never set up.
    fog: Fog | None = None
    name: str = ""
    version: int = FORMAT_VERSION
    extra: dict[str, JSON] = field(default_factory=dict, compare=False, hash=False)
    _cache: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    # ---- derived lookups (cached per scene value; a new Scene starts with an empty cache)

    def cached(self, key: Any, factory: Callable[[], Any]) -> Any:
        """Memoise derived data (terrain maps, wall indexes) on this immutable scene."""
        try:
            return self._cache[key]
        except KeyError:
            value = factory()
            self._cache[key] = value
            return value

    @property
    def is_pf2e(self) -> bool:
        return self.system == "pf2e"

    @property
    def is_5e(self) -> bool:
        return self.system.startswith("dnd5e")

    @property
    def rules(self) -> GridRules:
        """How this scene's system uses the grid, with its options (`rules.model.grid_rules`): what geometry
        reads instead of asking which system the scene uses."""

        def build() -> GridRules:
            o = self.options
            return SYSTEM_GRIDS[self.system].with_options(o.diagonals, o.flanking, o.area_method)

        result: GridRules = self.cached("grid_rules", build)
        return result

    def terrain_damage(self, cell: Cell) -> str | None:
        """What entering `cell` deals (the first listed entry with a ``damage``), or None."""
        table: dict[Cell, str] = self.cached("terrain_damage", lambda: _damage_table(self.terrain))
        return table.get(cell)

    def balance_at(self, cell: Cell) -> TerrainCell | None:
        """The narrow surface or uneven ground at `cell` (the entry with the highest DC when several are
        listed), whatever else is listed on the square; None when the square needs no Balance."""
        table: dict[Cell, TerrainCell] = self.cached("balance", lambda: _balance_table(self.terrain))
        return table.get(cell)

    def terrain_map(self) -> dict[Cell, str]:
        """Each listed cell's kind; a cell listed twice takes its worst kind."""

        def build() -> dict[Cell, str]:
            out: dict[Cell, str] = {}
            for t in self.terrain:
                old = out.get(t.cell)
                if old is None or TERRAIN_SEVERITY[t.kind] > TERRAIN_SEVERITY[old]:
                    out[t.cell] = t.kind
            return out

        result: dict[Cell, str] = self.cached("terrain_map", build)
        return result

    def terrain_codes(self) -> TerrainCodes:
        """Each square's terrain as a code, indexed ``[y, x]``: 0 for none, else the code `TERRAIN_BY_CODE`
        names; a square listed twice takes its worst kind (`TERRAIN_SEVERITY`), as in `terrain_map`
        (cached; do not modify the array). Built in one pass, for the layers that draw or price the whole
        grid."""

        def build() -> TerrainCodes:
            w, h = self.grid.width, self.grid.height
            out = np.zeros((h, w), dtype=np.uint8)
            if self.terrain:
                rank, terrain, n = _TERRAIN_RANK, self.terrain, len(self.terrain)
                xs = np.fromiter((t.cell[0] for t in terrain), dtype=np.int64, count=n)
                ys = np.fromiter((t.cell[1] for t in terrain), dtype=np.int64, count=n)
                ks = np.fromiter((rank[t.kind] for t in terrain), dtype=np.uint8, count=n)
                on = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
                np.maximum.at(out, (ys[on], xs[on]), ks[on])
                out = _CODE_OF_RANK[out]
            out.setflags(write=False)
            return out

        result: TerrainCodes = self.cached("terrain_codes", build)
        return result

    def token(self, token_id: str) -> Token | None:
        index: dict[str, Token] = self.cached("token_index", lambda: {t.id: t for t in self.tokens})
        return index.get(token_id)

    def replace_token(self, token: Token) -> Scene:
        return replace(self, tokens=tuple(token if t.id == token.id else t for t in self.tokens), _cache={})

    def edit(self, **changes: Any) -> Scene:
        """A copy with `changes` applied and a fresh cache."""
        return replace(self, _cache={}, **changes)

    def with_fog(self, fog: Fog | None) -> Scene:
        """A copy with another fog of war that keeps this scene's cache: nothing derived from a scene (sight,
        light, movement) depends on its fog."""
        return replace(self, fog=fog, _cache=self._cache)


def _damage_table(terrain: tuple[TerrainCell, ...]) -> dict[Cell, str]:
    out: dict[Cell, str] = {}
    for t in terrain:
        if t.damage and t.cell not in out:
            out[t.cell] = t.damage
    return out


def _balance_table(terrain: tuple[TerrainCell, ...]) -> dict[Cell, TerrainCell]:
    out: dict[Cell, TerrainCell] = {}
    for t in terrain:
        if t.kind in BALANCE_KINDS:
            old = out.get(t.cell)
            if old is None or (t.dc or 0) > (old.dc or 0):
                out[t.cell] = t
    return out


def default_options(system: str) -> Options:
    if system == "pf2e":
        return Options(diagonals="alternating", flanking=True, area_method="half")
    return Options(diagonals="five", flanking=False, area_method="half")


def new_scene(system: str, width: int, height: int, name: str = "") -> Scene:
    """An empty scene with the system's default options."""
    if system not in SYSTEMS:
        raise ValueError(f"unknown system {system!r}")
    return Scene(system=system, grid=Grid(width, height), options=default_options(system), name=name)
