"""What a rule system is called and what the table starts from: names for pickers and windows, table
defaults, the creature sheet, the conditions, the token menu's common actions and a creature's state."""

from __future__ import annotations

from abc import ABC, abstractmethod

from rules.dice import DieSource
from rules.model.creature import Creature
from rules.model.grid_rules import GridRules
from rules.model.scene import Scene, Token
from rules.systems.table import ActionResult, ActionSpec, CreatureSheet


class SystemFacts(ABC):
    """Names, defaults and the table's menus of one system."""

    @property
    @abstractmethod
    def name(self) -> str:
        """The scene file's name of the system (``pf2e``, ``dnd5e-2014``, ``dnd5e-2024``)."""

    @property
    @abstractmethod
    def label(self) -> str:
        """Short name for the window (``PF2e``, ``5e 2014``)."""

    @property
    @abstractmethod
    def title(self) -> str:
        """The system's name for pickers (``Pathfinder 2e``, ``D&D 5e (2014)``)."""

    @property
    @abstractmethod
    def grid(self) -> GridRules:
        """How the system uses the grid (its defaults; a scene's options may vary them: `Scene.rules`)."""

    #: The game the system plays (``pf2e``, ``dnd5e``): systems of one game share creatures and demos.
    game: str
    #: The game's name for people (``D&D 5e``).
    game_title: str
    #: The file name of the game's bundled demo encounter (in ``assets/``).
    demo_file: str
    #: What initiative is in this system, in a sentence.
    initiative_text: str
    #: A new creature's Speed.
    default_speed: int
    #: Why some scene options can't be changed in this system (empty when all can).
    fixed_options_note: str
    #: The fields a creature of this system has (the creature editor, the stat block).
    sheet: CreatureSheet
    #: A dying creature makes death saving throws counted as successes and failures (5e); PF2e counts
    #: the dying value instead.
    has_death_saves: bool
    #: The system's damage types, for pickers (a persistent damage's type).
    damage_types: tuple[str, ...]

    @abstractmethod
    def default_reach(self, size: str) -> int:
        """A new creature's reach in feet by its size."""

    @abstractmethod
    def condition_choices(self) -> tuple[tuple[str, bool], ...]:
        """The conditions a token can be given, as (name, valued), in the rules' order."""

    @abstractmethod
    def condition_names(self) -> frozenset[str]:
        """Every condition name a token may carry in this system: `condition_choices`, their other
        spellings, and the marks the engine itself puts on tokens (``took-cover``, ``dodging`` …)."""

    @property
    @abstractmethod
    def bundled_spells(self) -> str:
        """The file name of the system's bundled spell list (in ``assets/``; empty: none is bundled)."""

    @property
    @abstractmethod
    def bundled_bestiary(self) -> str:
        """The file name of the system's bundled bestiary (in ``assets/``; empty: none is bundled)."""

    @abstractmethod
    def blank_creature(self) -> Creature:
        """A starting point for a new creature of this system."""

    @abstractmethod
    def actions(self, token: Token) -> list[ActionSpec]:
        """The token menu's common actions `token` can take now, in menu order."""

    @abstractmethod
    def resolve_action(self, scene: Scene, token: Token, key: str, rng: DieSource) -> ActionResult:
        """Resolve one of `actions`. Raises `ValueError` for an action the system doesn't have."""

    @abstractmethod
    def state_of(self, token: Token) -> str:
        """``ok``, ``unconscious``, ``dying N`` (PF2e), ``stable``, ``dead`` …"""
