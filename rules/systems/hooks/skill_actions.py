"""Skill actions (`SkillActionRules`): which a creature can take and what each does. PF2e has them
(Player Core "Skills": Demoralize, Feint, Create a Diversion, Recall Knowledge, Battle Medicine, Treat
Wounds); D&D 5e has none (its ability checks are the check dialog's)."""

from __future__ import annotations

from rules.model.scene import Scene, Token
from rules.systems.skill_actions import SkillActionOutcome, SkillActionSpec


class SkillActionRules:
    """See the module docstring."""

    #: The skill actions the system has, in menu order (empty: none).
    skill_actions: tuple[SkillActionSpec, ...] = ()

    def skill_action(self, key: str) -> SkillActionSpec | None:
        """The skill action `key` (None when the system has none by that key)."""
        return next((s for s in self.skill_actions if s.key == key), None)

    def resolve_skill_action(
        self,
        scene: Scene,
        actor: Token,
        target: Token | None,
        key: str,
        d20: int,
        *,
        dc: int | None = None,
        skill: str | None = None,
    ) -> SkillActionOutcome:
        """`actor` takes skill action `key` with `d20` (against `target`; `dc` the GM's choice where the
        action lets the GM choose, `skill` the skill where it may vary). Raises `ValueError` (the rule, in
        words) when it can't be taken: no such action, out of range, the target immune; `LookupError`
        (`MissingStatistic`) for a statistic the creature doesn't list."""
        raise ValueError(f"{key!r} is not a skill action of this rule system")
