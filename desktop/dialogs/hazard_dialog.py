"""The saves table of a hazard going off: the casting saves table (`desktop.dialogs.cast_dialog.CastDialog`)
with the hazard as the caster — its rows are the engine's targets of the hazard's ability
(`rules.play.hazards.aim_hazard`: its area at its origin, or the creature that set it off), each save rolled
or typed per row, the damage rolled once (or typed) — and "Resolve" executes ONE `TriggerHazard` (one undo
step, one log entry explaining every target). Nothing is spent of anyone's turn.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from desktop.dialogs.cast_dialog import CastDialog
from desktop.document import Document
from rules.dice import DieSource
from rules.model.active_spells import Hazard
from rules.model.state import GameState
from rules.play.cast import Cast
from rules.play.command import Refused
from rules.play.hazards import TriggerHazard, aim_hazard, hazard_source
from rules.play.spell_resolution import Aim


class HazardDialog(CastDialog):
    """The saves table of `hazard` set off by `by` (a token id, or None for an area that needs no one)."""

    def __init__(
        self,
        doc: Document,
        hazard: Hazard,
        by: str | None,
        parent: QWidget | None = None,
        dice_source: DieSource | None = None,
    ) -> None:
        hazard_id = hazard.id

        def aimer(state: GameState) -> Aim:
            now = state.hazard(hazard_id)
            if now is None:
                raise Refused(self.tr("The hazard is gone"))
            return aim_hazard(state, now, by)

        source = hazard_source(doc.state, hazard)
        super().__init__(doc, Cast(source.id, hazard.ability), parent, dice_source, aimer=aimer)
        self.hazard_id = hazard_id
        self.by = by
        self.setObjectName("hazardDialog")
        who = doc.scene.token(by) if by is not None else None
        if who is not None:
            title = self.tr("{name} goes off on {who}").format(name=hazard.name, who=who.label)
        else:
            title = self.tr("{name} goes off").format(name=hazard.name)
        self.setWindowTitle(title)
        self.ok_button.setText(self.tr("Resolve"))
        self.free.hide()
        self.recompute()

    def recompute(self) -> None:
        super().recompute()
        if self.ok_button.isEnabled():
            self.summary.setText(self.tr("Ready: Resolve applies every row and logs it all."))

    def command(self) -> TriggerHazard:
        table = tuple(
            (row.token_id, got) for row in self.rows if (got := self._dice_of(row)) is not None and got
        )
        spell = self.cast.spell
        return TriggerHazard(
            self.hazard_id,
            self.by,
            saves=table if spell.save is not None else (),
            attack_d20=table if spell.save is None and spell.attack else (),
            damage=self.damage.entries or None,
            critical_damage=(self.crit_damage.entries or None) if self._needs_crit else None,
            save_modifiers=self.typed_modifiers(),
        )
