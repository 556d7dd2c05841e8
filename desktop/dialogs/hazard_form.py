"""Placing a hazard or trap (Map ▸ Place Hazard…, or a square's context menu ▸ Place Hazard Here): its name,
its ability, what sets it off, whether it goes off once or every time, whether the players see it, and the
DC to notice it. The squares are picked on the map afterwards (`desktop.map.tools.hazard_pick`).

The ability is one of:

* **a new one** — a save (the system's), a DC, damage ("2d6 piercing") and a condition given on a failed
  save ("prone", "frightened 1"), on one target (the creature that sets it off) or in an area (shape and
  size: then it can be placed as that area at a point);
* **a creature's ability** on the map (a breath weapon, with its own DC or the creature's spell DC);
* **a bundled spell** (a glyph's Fireball), with the DC typed here.

The values are the engine's (`rules.model.spell.Spell`, `rules.model.active_spells.Hazard`); a bad entry is
refused with the engine's words and nothing is placed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from rules import dice
from rules.errors import SceneError
from rules.geometry.areas import shapes_for
from rules.io.bundled_spells import bundled_spells
from rules.model.active_spells import TRIGGERS
from rules.model.scene import Scene
from rules.model.spell import DamagePart, Spell, SpellArea, SpellEffect, SpellError, SpellSave
from rules.saves import SAVE_LABELS
from rules.systems import system_for

NEW = "new"


@dataclass(frozen=True, slots=True)
class HazardDraft:
    """What the form says of the hazard; its squares come from the map."""

    name: str
    ability: Spell
    trigger: str
    once: bool
    hidden: bool
    notice_dc: int | None
    #: Place it as its ability's area at a point (a burst-type trap) rather than on squares picked.
    as_area: bool


class HazardForm(QDialog):
    def __init__(self, scene: Scene, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hazardForm")
        self.setWindowTitle(self.tr("Place Hazard"))
        self.scene = scene
        self.system = system_for(scene)
        #: The ability choices other than a new one, by key.
        self.choices: dict[str, Spell] = {}
        self.draft: HazardDraft | None = None

        self.name = QLineEdit(self.tr("Trap"))
        self.name.setObjectName("hazardName")
        self.ability = QComboBox()
        self.ability.setObjectName("hazardAbility")
        self.ability.addItem(self.tr("A new ability (below)"), NEW)
        for token in scene.tokens:
            for s in token.spells:
                if s.save is None and not s.attack and not s.damage:
                    continue
                dc = s.dc if s.dc is not None else token.spell_dc
                key = f"token:{token.id}:{s.name}"
                self.choices[key] = replace(s, dc=dc, attack_bonus=s.attack_bonus or token.spell_attack)
                self.ability.addItem(self.tr("{who}: {ability}").format(who=token.label, ability=s.name), key)
        try:
            bundled = bundled_spells(scene.system)
        except SceneError:
            bundled = ()
        for s in bundled:
            if s.save is None or s.reason:
                continue
            key = f"spell:{s.name}"
            self.choices[key] = s
            self.ability.addItem(
                self.tr("{spell} (spell, level {level})").format(spell=s.name, level=s.level), key
            )

        # a new ability
        self.save = QComboBox()
        self.save.setObjectName("hazardSave")
        for stat in self.system.save_names:
            self.save.addItem(SAVE_LABELS.get(stat, stat), stat)
        self.save.setCurrentIndex(max(0, self.save.findData(self.system.default_area_save)))
        self.basic = QCheckBox(self.tr("Basic save / half on a success"))
        self.basic.setObjectName("hazardBasic")
        self.basic.setChecked(True)
        self.dc = QSpinBox()
        self.dc.setObjectName("hazardDC")
        self.dc.setRange(1, 60)
        self.dc.setValue(15)
        self.dc.setPrefix(self.tr("DC "))
        self.dc.setToolTip(self.tr("The save's DC (a spell or an ability without its own DC takes this one)"))
        self.damage = QLineEdit()
        self.damage.setObjectName("hazardDamage")
        self.damage.setPlaceholderText(self.tr("damage, e.g. 2d6 piercing"))
        self.condition = QLineEdit()
        self.condition.setObjectName("hazardCondition")
        self.condition.setPlaceholderText(self.tr("on a failed save, e.g. prone"))
        self.shape = QComboBox()
        self.shape.setObjectName("hazardShape")
        self.shape.addItem(self.tr("the creature that sets it off"), "")
        for shape in shapes_for(scene.system):
            self.shape.addItem(shape, shape)
        self.feet = QSpinBox()
        self.feet.setObjectName("hazardFeet")
        self.feet.setRange(5, 500)
        self.feet.setSingleStep(5)
        self.feet.setValue(10)
        self.feet.setSuffix(self.tr(" ft"))

        self.trigger = QComboBox()
        self.trigger.setObjectName("hazardTrigger")
        words = {
            "enter": self.tr("a creature enters one of its squares"),
            "start": self.tr("a creature starts its turn on it"),
            "end": self.tr("a creature ends its turn on it"),
        }
        for t in TRIGGERS:
            self.trigger.addItem(words[t], t)
        self.once = QCheckBox(self.tr("Goes off once (spent afterwards)"))
        self.once.setObjectName("hazardOnce")
        self.once.setChecked(True)
        self.hidden = QCheckBox(self.tr("Hidden from the players until noticed"))
        self.hidden.setObjectName("hazardHidden")
        self.hidden.setChecked(True)
        self.notice = QSpinBox()
        self.notice.setObjectName("hazardNoticeDC")
        self.notice.setRange(0, 60)
        self.notice.setValue(15)
        self.notice.setSpecialValueText(self.tr("can't be noticed by a check"))
        self.as_area = QCheckBox(self.tr("Place it as its ability's area at a point"))
        self.as_area.setObjectName("hazardAsArea")
        self.as_area.setToolTip(self.tr("A burst-type trap: its squares are the area, placed on the map"))
        self.error = QLabel()
        self.error.setObjectName("hazardError")
        self.error.setStyleSheet("color: #c62828;")
        self.error.setWordWrap(True)
        self.error.hide()

        form = QFormLayout()
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Ability"), self.ability)
        save_row = QHBoxLayout()
        save_row.addWidget(self.save, 1)
        save_row.addWidget(self.basic)
        save_row.addWidget(self.dc)
        form.addRow(self.tr("Save"), save_row)
        form.addRow(self.tr("Damage"), self.damage)
        form.addRow(self.tr("Condition"), self.condition)
        area_row = QHBoxLayout()
        area_row.addWidget(self.shape, 1)
        area_row.addWidget(self.feet)
        form.addRow(self.tr("Affects"), area_row)
        form.addRow(self.tr("Goes off when"), self.trigger)
        form.addRow("", self.once)
        form.addRow("", self.hidden)
        form.addRow(self.tr("Notice DC"), self.notice)
        form.addRow("", self.as_area)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setObjectName("hazardOk")
        self.ok_button.setText(self.tr("Pick Squares…"))
        buttons.accepted.connect(self.finish)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(self.error)
        lay.addWidget(buttons)
        self.ability.currentIndexChanged.connect(lambda _i: self._sync())
        self.shape.currentIndexChanged.connect(lambda _i: self._sync())
        self.as_area.toggled.connect(lambda _on: self._sync_button())
        self._sync()

    def _sync(self) -> None:
        new = self.ability.currentData() == NEW
        for w in (self.save, self.basic, self.damage, self.condition, self.shape):
            w.setEnabled(new)
        self.feet.setEnabled(new and bool(self.shape.currentData()))
        chosen = self.choices.get(str(self.ability.currentData()))
        has_area = bool(self.shape.currentData()) if new else chosen is not None and chosen.area is not None
        self.as_area.setEnabled(has_area)
        if not has_area:
            self.as_area.setChecked(False)
        self._sync_button()

    def _sync_button(self) -> None:
        self.ok_button.setText(
            self.tr("Place Area…") if self.as_area.isChecked() else self.tr("Pick Squares…")
        )

    def ability_value(self) -> Spell:
        """The ability chosen or described. Raises `SpellError` / `dice.DiceSyntaxError`."""
        key = str(self.ability.currentData())
        if key != NEW:
            chosen = self.choices[key]
            if chosen.save is not None and chosen.dc is None:
                chosen = replace(chosen, dc=self.dc.value())
            return replace(chosen, range=None)
        text = self.damage.text().strip()
        parts = dice.parse(text).parts if text else ()
        damage = tuple(DamagePart(p.render(types=False), (p.type or "untyped").lower()) for p in parts)
        condition = self.condition.text().strip()
        effects = (("failure", (SpellEffect(condition),)),) if condition else ()
        shape = str(self.shape.currentData() or "")
        name = self.name.text().strip() or self.tr("Trap")
        return Spell(
            name,
            0,
            kind="ability",
            area=SpellArea(shape, self.feet.value()) if shape else None,
            save=SpellSave(
                str(self.save.currentData()),
                basic=self.basic.isChecked(),
                shares=() if self.basic.isChecked() else (("success", "none"),),
            ),
            damage=damage,
            effects=effects,
            dc=self.dc.value(),
        )

    def finish(self) -> None:
        name = self.name.text().strip()
        try:
            if not name:
                raise SpellError("name", self.tr("the hazard needs a name"))
            ability = self.ability_value()
        except (SpellError, dice.DiceSyntaxError, ValueError) as exc:
            self.error.setText(str(exc))
            self.error.show()
            return
        self.error.hide()
        notice = self.notice.value() or None
        self.draft = HazardDraft(
            name,
            ability,
            str(self.trigger.currentData()),
            self.once.isChecked(),
            self.hidden.isChecked(),
            notice,
            self.as_area.isChecked() and ability.area is not None,
        )
        self.accept()
