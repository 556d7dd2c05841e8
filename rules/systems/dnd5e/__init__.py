"""D&D 5e (2014 and 2024 PHB): advantage/disadvantage with reasons, attack rolls, damage with
resistance/vulnerability/immunity, 0 HP and death saves. The editions differ only in the flags of
`rules.systems.dnd5e.editions`.

Modules: `editions` (the 2014/2024 flags), `advantage` (reasons and the mode), `attack` (attack rolls from
plain facts), `damage` (damage, 0 HP, death saves), `system` (the `RuleSystem` that reads the board).
"""

from __future__ import annotations

from rules.systems.dnd5e.advantage import Reason, choose_d20, mode_of
from rules.systems.dnd5e.editions import DND5E_2014, DND5E_2024, Edition

__all__ = ["DND5E_2014", "DND5E_2024", "Edition", "Reason", "choose_d20", "mode_of"]
