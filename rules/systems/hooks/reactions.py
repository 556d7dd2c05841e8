"""Reactions to movement and to actions (PF2e Reactive Strike, 5e opportunity attacks): who may react and
what triggers it (`ReactionRules`). The shared reading of reach and paths is `rules.systems.reactions`."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from rules.geometry.coords import Cell
from rules.model.scene import Scene, Token


class ReactionRules(ABC):
    """How a system's creatures react to others moving and acting."""

    #: The reaction movement provokes, in words (``Reactive Strike``, ``opportunity attack``).
    move_reaction: str
    #: What the mover does to provoke it, before "<reactor>'s reach" (``leaves a square in``, ``leaves``).
    provoking_verb: str
    #: Disengaging (``disengaged``) stops movement from provoking reactions (5e).
    disengage_stops_reactions: bool
    #: Actions taken in place that provoke the move reaction from a creature that has the actor in reach
    #: (PF2e move and manipulate actions, ranged attacks; none in 5e).
    action_triggers: frozenset[str]
    #: A single 5-ft Step provokes nothing (PF2e Step).
    has_step: bool

    @property
    @abstractmethod
    def surprise_stops_first_turn(self) -> bool:
        """A surprised creature can't move, act or react until its first turn ends (5e 2014)."""

    @abstractmethod
    def reacts_to_moves(self, creature: Token) -> bool:
        """Whether `creature` has the reaction movement provokes (PF2e: it lists Reactive Strike; every 5e
        creature has opportunity attacks). Hit points, conditions and a spent reaction are checked apart."""

    @abstractmethod
    def provokes(
        self,
        scene: Scene,
        reactor: Token,
        mover: Token,
        path: Sequence[Cell],
        inside: Sequence[bool],
        step: int,
    ) -> bool:
        """Whether the mover's step from ``path[step]`` to ``path[step + 1]`` provokes `reactor`, `inside`
        saying for each cell of the path whether the mover is within the reactor's reach there (PF2e:
        leaving a square within reach; 5e: leaving the reach, seen by the reactor)."""
