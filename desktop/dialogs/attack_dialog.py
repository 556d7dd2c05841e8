"""The attack dialog: choose attacker, target and attack; see every modifier with its source; roll with the
app's dice or type what a physical die showed; see the degree (PF2e) or hit/critical (5e); roll damage and
apply it through the target's immunities, weaknesses and resistances.

Everything shown comes from the rule system (`system_for(scene).attack` / `.damage`) and the geometry
(`rules.geometry.cover`, `.flanking`); the dialog computes nothing itself. An attack roll is one command
(`AttackRoll`: it counts toward the attacker's multiple attack penalty on its turn), applying damage another
(`DealDamage`); both are undoable and logged. The multiple attack penalty's attack number comes from the
encounter (this turn's attacks) and can be overridden.
"""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.dialogs.damage_widget import DamageRoller
from desktop.document import Document
from desktop.map.items.cover_item import cover_text, flank_text, targeting
from rules.attack_damage import typed_damage
from rules.dice import DieSource
from rules.errors import QueryError
from rules.model.state import GameState
from rules.play.explain import signed
from rules.play.table import AttackRoll, DealDamage
from rules.scene import Attack, Scene, Token
from rules.systems import system_for
from rules.systems.base import AttackOutcome
from rules.systems.dnd5e.attack import COVER_AC, AttackResult
from rules.systems.modifiers import Breakdown
from rules.systems.pf2e.strike import StrikeResult

GOOD = "#46d17a"
BAD = "#ff5a4e"
NEUTRAL = "#f0c030"
DIM = QColor("#8a8a84")


def _label_of(scene: Scene, token_id: str) -> str:
    t = scene.token(token_id)
    return t.label if t is not None else token_id


class AttackDialog(QDialog):
    def __init__(
        self,
        doc: Document,
        attacker_id: str | None = None,
        target_id: str | None = None,
        parent: QWidget | None = None,
        dice: DieSource | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("attackDialog")
        self.setWindowTitle("Attack")
        self.setMinimumWidth(560)
        self.doc = doc
        self.dice: DieSource = dice if dice is not None else random.Random()
        self.preview: StrikeResult | AttackResult | None = None
        self.error: str | None = None
        self.rolled: StrikeResult | AttackResult | None = None
        self.rolled_for: tuple[str, str, str] | None = None
        self.damage_applied = False
        self._syncing = False

        self.attacker = QComboBox()
        self.attacker.setObjectName("attacker")
        self.target = QComboBox()
        self.target.setObjectName("target")
        self.attack = QComboBox()
        self.attack.setObjectName("attackChoice")
        self.attack_number = QSpinBox()
        self.attack_number.setObjectName("attackNumber")
        self.attack_number.setRange(1, 9)
        self.attack_number.setPrefix("attack ")
        self.attack_number.setSuffix(" this turn")
        self.attack_number.setToolTip(
            "Which attack this is this turn (multiple attack penalty); counted by the initiative tracker"
        )
        self.facts = QLabel()
        self.facts.setObjectName("attackFacts")
        self.facts.setWordWrap(True)
        self.facts.setTextFormat(Qt.TextFormat.RichText)

        self.breakdown = QTreeWidget()
        self.breakdown.setObjectName("attackBreakdown")
        self.breakdown.setColumnCount(3)
        self.breakdown.setHeaderLabels(["", "Value", "Source"])
        self.breakdown.setRootIsDecorated(False)
        self.breakdown.setUniformRowHeights(True)
        self.breakdown.setMinimumHeight(190)
        header = self.breakdown.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)

        self.d20 = QSpinBox()
        self.d20.setObjectName("d20")
        self.d20.setRange(1, 20)
        self.d20.setValue(10)
        self.d20.setPrefix("d20 ")
        self.d20b = QSpinBox()
        self.d20b.setObjectName("d20b")
        self.d20b.setRange(1, 20)
        self.d20b.setValue(10)
        self.d20b.setPrefix("second d20 ")
        self.roll_button = QPushButton("Roll attack")
        self.roll_button.setObjectName("rollAttack")
        self.roll_button.setDefault(True)
        self.roll_button.setToolTip("Roll the d20 with the app's dice")
        self.typed_button = QPushButton("Use typed die")
        self.typed_button.setObjectName("typedAttack")
        self.typed_button.setToolTip("Use the d20 you rolled at the table")
        self.outcome = QLabel()
        self.outcome.setObjectName("attackOutcome")
        font = QFont()
        font.setPointSize(font.pointSize() + 3)
        font.setBold(True)
        self.outcome.setFont(font)
        self.outcome.setWordWrap(True)

        self.damage = DamageRoller(self.dice)
        self.damage_preview = QLabel()
        self.damage_preview.setObjectName("damagePreview")
        self.damage_preview.setWordWrap(True)
        self.apply_button = QPushButton("Apply damage")
        self.apply_button.setObjectName("applyDamage")
        self.apply_button.setToolTip(
            "Apply the damage to the target through its immunities, weaknesses and resistances"
        )

        who = QFormLayout()
        pair = QHBoxLayout()
        pair.addWidget(self.attacker, 1)
        pair.addWidget(QLabel("→"))
        pair.addWidget(self.target, 1)
        who.addRow("Attacker → target", pair)
        which = QHBoxLayout()
        which.addWidget(self.attack, 1)
        which.addWidget(self.attack_number)
        who.addRow("Attack", which)
        self.facts.setContentsMargins(2, 2, 2, 6)

        roll_box = QGroupBox("Attack roll")
        rl = QVBoxLayout(roll_box)
        rl.addWidget(self.breakdown)
        dice_row = QHBoxLayout()
        dice_row.addWidget(self.d20)
        dice_row.addWidget(self.d20b)
        dice_row.addWidget(self.typed_button)
        dice_row.addStretch(1)
        dice_row.addWidget(self.roll_button)
        rl.addLayout(dice_row)
        rl.addWidget(self.outcome)

        dmg_box = QGroupBox("Damage")
        dl = QVBoxLayout(dmg_box)
        dl.addWidget(self.damage)
        apply_row = QHBoxLayout()
        apply_row.addWidget(self.damage_preview, 1)
        apply_row.addWidget(self.apply_button)
        dl.addLayout(apply_row)
        self.damage_box = dmg_box

        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)

        lay = QVBoxLayout(self)
        lay.addLayout(who)
        lay.addWidget(self.facts)
        lay.addWidget(roll_box, 1)
        lay.addWidget(dmg_box)
        lay.addWidget(close)

        self._fill_tokens(attacker_id, target_id)
        self.attacker.currentIndexChanged.connect(self._on_attacker)
        self.target.currentIndexChanged.connect(lambda _i: self._on_choice())
        self.attack.currentIndexChanged.connect(lambda _i: self._on_choice())
        self.attack_number.valueChanged.connect(lambda _v: self.refresh())
        self.roll_button.clicked.connect(self.roll_attack)
        self.typed_button.clicked.connect(self.use_typed_die)
        self.damage.entries_changed.connect(self._show_damage_preview)
        self.apply_button.clicked.connect(self.apply_damage)
        doc.changed.connect(self._on_doc_changed)
        self._fill_attacks()
        self._sync_attack_number()
        self.refresh()

    # ---- choices

    def _fill_tokens(self, attacker_id: str | None, target_id: str | None) -> None:
        scene = self.doc.scene
        self._syncing = True
        self.attacker.clear()
        self.target.clear()
        for t in scene.tokens:
            self.attacker.addItem(t.label, t.id)
            self.target.addItem(t.label, t.id)
        if attacker_id is None:
            armed = [t for t in scene.tokens if t.attacks]
            attacker_id = armed[0].id if armed else (scene.tokens[0].id if scene.tokens else None)
        if attacker_id is not None:
            self.attacker.setCurrentIndex(max(0, self.attacker.findData(attacker_id)))
        if target_id is None:
            me = scene.token(str(self.attacker.currentData()))
            foes = [t for t in scene.tokens if me is not None and t.side != me.side]
            target_id = foes[0].id if foes else None
        if target_id is not None:
            self.target.setCurrentIndex(max(0, self.target.findData(target_id)))
        self._syncing = False

    def _fill_attacks(self) -> None:
        self._syncing = True
        keep = self.attack.currentData()
        self.attack.clear()
        t = self.attacker_token()
        for a in t.attacks if t is not None else ():
            kind = "ranged" if a.is_ranged else "melee"
            self.attack.addItem(f"{a.name} ({signed(a.bonus)}, {a.damage or 'no damage'}, {kind})", a.name)
        if keep is not None and self.attack.findData(keep) >= 0:
            self.attack.setCurrentIndex(self.attack.findData(keep))
        self._syncing = False

    def attacker_token(self) -> Token | None:
        return self.doc.scene.token(str(self.attacker.currentData()))

    def target_token(self) -> Token | None:
        return self.doc.scene.token(str(self.target.currentData()))

    def chosen_attack(self) -> Attack | None:
        t = self.attacker_token()
        name = self.attack.currentData()
        return t.attack(str(name)) if t is not None and name is not None else None

    def set_attack(self, name: str) -> None:
        self.attack.setCurrentIndex(max(0, self.attack.findData(name)))

    def set_target(self, token_id: str) -> None:
        self.target.setCurrentIndex(max(0, self.target.findData(token_id)))

    def _on_attacker(self) -> None:
        if self._syncing:
            return
        self._fill_attacks()
        self._sync_attack_number()
        self._on_choice()

    def _on_choice(self) -> None:
        if self._syncing:
            return
        self._forget_roll()
        self.refresh()

    def _on_doc_changed(self, _old: GameState, _new: GameState) -> None:
        self._sync_attack_number()
        self.refresh()

    def _sync_attack_number(self) -> None:
        t = self.attacker_token()
        n = self.doc.state.attack_number(t.id) if t is not None else 1
        self.attack_number.blockSignals(True)
        self.attack_number.setValue(n)
        self.attack_number.blockSignals(False)

    def _forget_roll(self) -> None:
        self.rolled = None
        self.rolled_for = None
        self.damage_applied = False
        self.outcome.setText("")
        self.damage.set_formula(None)

    # ---- preview

    def _resolve(self, d20: list[int]) -> StrikeResult | AttackResult:
        scene = self.doc.scene
        attacker, target, attack = self.attacker_token(), self.target_token(), self.chosen_attack()
        if attacker is None or target is None:
            raise QueryError("bad value", "choose an attacker and a target")
        if attack is None:
            raise QueryError("bad value", f"{attacker.label} has no attacks listed")
        if attacker.id == target.id:
            raise QueryError("bad value", "a creature doesn't attack itself here")
        result = system_for(scene).attack(
            scene, attacker, target, attack, d20, attack_number=self.attack_number.value()
        )
        return result  # type: ignore[return-value]

    def refresh(self) -> None:
        scene = self.doc.scene
        system = system_for(scene)
        one_die = system.attack_d20s == 1
        self.attack_number.setVisible(system.attack_penalty(2, False) != 0)
        try:
            self.preview = self._resolve([10, 10])
            self.error = None
        except QueryError as exc:
            self.preview, self.error = None, str(exc)
        self._show_facts()
        mode = self.preview.mode if isinstance(self.preview, AttackResult) else "normal"
        self.d20b.setVisible(not one_die and mode != "normal")
        self.d20.setPrefix("d20 " if one_die or mode == "normal" else "first d20 ")
        ok = self.preview is not None
        rolled = self.rolled is not None
        self.roll_button.setEnabled(ok or rolled)
        self.typed_button.setEnabled(ok and not rolled)
        self.d20.setEnabled(not rolled)
        self.d20b.setEnabled(not rolled)
        if rolled:
            self.roll_button.setText("New attack")
            self.roll_button.setToolTip(
                "Set up the next attack (its multiple attack penalty is shown before rolling)"
            )
        else:
            self.roll_button.setText("Roll attack")
            self.roll_button.setToolTip("Roll the d20 with the app's dice")
        self._show_breakdown(self.rolled if self.rolled is not None else self.preview)
        self._show_damage_preview()

    def _show_facts(self) -> None:
        scene = self.doc.scene
        attacker, target, attack = self.attacker_token(), self.target_token(), self.chosen_attack()
        if attacker is None or target is None or attacker.id == target.id:
            self.facts.setText(f"<span style='color:{BAD}'>{self.error or ''}</span>")
            return
        info = targeting(scene, attacker, target)
        parts = [f"{info.feet} ft apart"]
        if attack is not None:
            if attack.range_increment is not None:
                parts.append(f"range increment {attack.range_increment} ft")
            elif attack.range is not None:
                parts.append(f"range {attack.range[0]}/{attack.range[1]} ft")
        colour = GOOD if info.cover.degree == "none" else NEUTRAL
        if info.cover.degree in ("blocked", "total"):
            colour = BAD
        parts.append(f"<span style='color:{colour}'>{cover_text(info.cover)}</span>")
        if info.flank.flanking and attack is not None and not attack.is_ranged:
            parts.append(f"<span style='color:{NEUTRAL}'>{flank_text(scene, info.flank)}</span>")
        text = " · ".join(parts)
        if self.error:
            text += f"<br><span style='color:{BAD}'><b>{self.error}</b></span>"
        self.facts.setText(text)

    def _row(
        self, parent: QTreeWidgetItem, label: str, value: str, source: str, applied: bool = True
    ) -> None:
        item = QTreeWidgetItem(parent, [label, value, source])
        item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if not applied:
            for col in range(3):
                item.setForeground(col, QBrush(DIM))
            item.setToolTip(0, "Doesn't stack with a better modifier of the same type")
            item.setText(2, (source + " — not applied").strip(" —"))

    def _group(self, title: str, total: str) -> QTreeWidgetItem:
        item = QTreeWidgetItem(self.breakdown, [title, total, ""])
        font = item.font(0)
        font.setBold(True)
        for col in range(3):
            item.setFont(col, font)
        item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        item.setFirstColumnSpanned(False)
        return item

    def _breakdown_rows(self, parent: QTreeWidgetItem, b: Breakdown) -> None:
        for a in b.entries:
            m = a.modifier
            kind = "" if m.type == "untyped" else f"{m.type}: "
            self._row(
                parent, m.label, signed(m.value), kind + (m.source if m.source != m.label else ""), a.applied
            )

    def _show_breakdown(self, result: StrikeResult | AttackResult | None) -> None:
        self.breakdown.clear()
        if result is None:
            return
        rolled = result is self.rolled
        if isinstance(result, StrikeResult):
            g = self._group("Attack modifier", signed(result.attack_bonus))
            self._breakdown_rows(g, result.modifiers)
            a = self._group("Target AC", str(result.ac))
            self._row(
                a, "base AC", str(result.base_ac), _label_of(self.doc.scene, str(self.target.currentData()))
            )
            self._breakdown_rows(a, result.ac_breakdown)
            if rolled:
                r = self._group("Roll", str(result.total))
                self._row(
                    r,
                    "d20",
                    str(result.d20),
                    "natural 20" if result.d20 == 20 else "natural 1" if result.d20 == 1 else "",
                )
                self._row(r, "attack modifier", signed(result.attack_bonus), "")
        else:
            g = self._group("Attack bonus", signed(result.bonus + result.penalty))
            attack = self.chosen_attack()
            self._row(g, "attack bonus", signed(result.bonus), attack.name if attack else "")
            if result.penalty:
                self._row(g, "exhaustion", signed(result.penalty), "2024: −2 per level")
            m = self._group("Roll mode", result.mode)
            for reason in result.reasons:
                self._row(m, reason.kind, "", reason.text)
            if len({r.kind for r in result.reasons}) == 2:
                self._row(m, "cancel out", "", "advantage and disadvantage: roll normally")
            if not result.reasons:
                self._row(m, "normal", "", "no advantage or disadvantage")
            a = self._group("Target AC", str(result.ac))
            self._row(
                a, "base AC", str(result.base_ac), _label_of(self.doc.scene, str(self.target.currentData()))
            )
            if COVER_AC.get(result.cover, 0):
                self._row(a, "cover", signed(COVER_AC[result.cover]), f"{result.cover} cover")
            if rolled:
                r = self._group("Roll", str(result.total))
                d1, d2 = result.d20
                dice_text = str(d1) if result.mode == "normal" else f"{d1}, {d2} → {result.d20_used}"
                self._row(r, "d20", dice_text, result.mode if result.mode != "normal" else "")
                self._row(r, "attack bonus", signed(result.bonus + result.penalty), "")
        self.breakdown.expandAll()

    # ---- rolling

    def _dice(self) -> list[int]:
        return [self.d20.value(), self.d20b.value()]

    def new_attack(self) -> None:
        """Leave the last roll and show the next attack's modifiers."""
        self._forget_roll()
        self.refresh()

    def roll_attack(self) -> None:
        """Roll with the app's dice (two d20s in 5e, the second used with advantage or disadvantage).
        After a roll the button starts a new attack instead."""
        if self.rolled is not None:
            self.new_attack()
            return
        self.d20.setValue(self.dice.randint(1, 20))
        if system_for(self.doc.scene).attack_d20s > 1:
            self.d20b.setValue(self.dice.randint(1, 20) if self.d20b.isVisible() else self.d20.value())
        self.use_typed_die()

    def use_typed_die(self) -> None:
        """Resolve the attack with the d20(s) in the boxes and record it (one undoable command)."""
        attacker, target, attack = self.attacker_token(), self.target_token(), self.chosen_attack()
        if attacker is None or target is None or attack is None:
            return
        scene = self.doc.scene
        system = system_for(scene)
        d20 = self._dice()
        if system.attack_d20s > 1 and not self.d20b.isVisible():
            d20 = [d20[0], d20[0]]
        number = self.attack_number.value()
        # the engine resolves the attack once, inside the command; the dialog shows that outcome
        entry = self.doc.execute(
            AttackRoll(
                attacker.id, target.id, attack.name, tuple(d20[: system.attack_d20s]), attack_number=number
            )
        )
        if entry is None:
            self.error = self.doc.last_refusal
            self._show_facts()
            return
        result = entry.detail
        assert isinstance(result, (StrikeResult, AttackResult))
        self.rolled = result
        self.rolled_for = (attacker.id, target.id, attack.name)
        self.damage_applied = False
        self._show_outcome(result)
        hit, crit = _hit(result)
        formula = typed_damage(scene.system, attack, hit, crit)
        self.damage.set_formula(formula, minimum_one=system.minimum_damage > 0)
        self.refresh()

    def _show_outcome(self, result: AttackOutcome) -> None:
        text = f"{result.total} vs AC {result.ac}: {result.word.capitalize()}"
        if result.natural in (1, 20):
            text += f" (natural {result.natural})"
        self.outcome.setText(text)
        self.outcome.setStyleSheet(f"color: {GOOD if result.hit else BAD};")

    # ---- damage

    def _show_damage_preview(self) -> None:
        target = self.target_token()
        entries = self.damage.entries
        if self.rolled is None or not entries or target is None or self.damage_applied:
            if not self.damage_applied:
                self.damage_preview.setText("")
            self.apply_button.setEnabled(False)
            return
        if target.hp is None:
            self.damage_preview.setText(f"{target.label} has no HP to track")
            self.apply_button.setEnabled(False)
            return
        crit = _hit(self.rolled)[1]
        outcome, _after = system_for(self.doc.scene).damage(target, entries, critical=crit)
        steps = "; ".join(s.explain() for s in outcome.steps)
        text = (
            f"<b>{target.label}</b>: {steps} → <b>{outcome.total}</b> damage, HP {target.hp} → {outcome.hp}"
        )
        if target.temp_hp or outcome.temp_hp:
            text += f", temp HP {target.temp_hp} → {outcome.temp_hp}"
        text += f" ({outcome.state})"
        self.damage_preview.setText(text)
        self.apply_button.setEnabled(True)

    def apply_damage(self) -> None:
        target, attacker, attack = self.target_token(), self.attacker_token(), self.chosen_attack()
        if self.rolled is None or target is None or not self.damage.entries or self.damage_applied:
            return
        crit = _hit(self.rolled)[1]
        source = f"{attacker.label}'s {attack.name}" if attacker is not None and attack is not None else ""
        self.doc.execute(
            DealDamage(target.id, self.damage.entries, critical=crit, roll=self.damage.roll, source=source)
        )
        self.damage_applied = True
        after = self.doc.scene.token(target.id)
        if after is not None:
            self.damage_preview.setText(
                f"Applied: {after.label} now has {after.hp} HP"
                + (f" + {after.temp_hp} temp" if after.temp_hp else "")
                + f" ({system_for(self.doc.scene).state_of(after)})"
            )
        self.apply_button.setEnabled(False)


def _hit(result: AttackOutcome) -> tuple[bool, bool]:
    return result.hit, result.critical
