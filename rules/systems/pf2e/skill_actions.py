"""PF2e skill actions (Player Core, "Skills" chapter, remaster; the shared rule texts in
`rules-sources/` cover "Playing the Game" only, so these follow the Player Core's skill entries):

* **Demoralize** (Intimidation, 1 action; auditory, emotion, fear, mental): a creature within 30 ft, against
  its Will DC. Critical success: frightened 2; success: frightened 1. Whatever the result, the target is
  temporarily immune to the demoralizer's attempts for 10 minutes (100 rounds). (A target that doesn't
  understand the language takes the check −4: the GM's situational penalty.)
* **Feint** (Deception, 1 action; mental): an opponent within melee reach, against its Perception DC.
  Critical success: off-guard against the feinter's melee attacks until the end of the feinter's next turn;
  success: off-guard against its next melee attack until the end of its current turn; critical failure:
  the feinter is off-guard against the target's melee attacks until the end of its next turn. **Ruling**:
  the token carries plain off-guard for that time (the table tracks "against whom").
* **Create a Diversion** (Deception, 1 action; mental): one check against the Perception DC of every
  creature watching (each hostile observer). Against each whose DC the result meets it becomes hidden
  (until the end of its turn or until it does anything other than Step, Hide or Sneak); the others notice
  the trick. **Ruling**: the token is hidden when it diverted every observer (the map keeps one stealth
  state per creature: `rules.systems.stealth.with_state` keeps the least hidden), the log names each.
* **Recall Knowledge** (a skill the GM picks, 1 action; secret): the DC for the creature's level (GM Core
  "DCs by Level": level 0 → 14 … 20 → 40), +2 uncommon, +5 rare, +10 unique; or the GM's own DC. The
  degree says what the GM tells: critical success something more, success the truth, failure nothing,
  critical failure something false.
* **Battle Medicine** (Medicine, 1 action; healing, manipulate; a skill feat): a creature within reach
  (adjacent), DC 15, or the higher DC the healer's proficiency allows (expert 20 +10 HP, master 30 +30,
  legendary 40 +50). Critical success 4d8 + the bonus, success 2d8 + the bonus, critical failure 1d8 damage.
  The target is then immune to Battle Medicine for 1 day (the GM removes it).
* **Treat Wounds** (Medicine, 10 minutes, exploration): as Battle Medicine's healing by degree and DC; a
  success also removes the wounded condition; the target is immune to Treat Wounds for 1 hour.
"""

from __future__ import annotations

from rules.messages import Message
from rules.model.effects import END, Ends
from rules.model.scene import Scene, Token
from rules.systems.pf2e.checks import check, statistic_dc
from rules.systems.pf2e.degrees import CRITICAL_FAILURE, CRITICAL_SUCCESS, FAILURE, SUCCESS
from rules.systems.skill_actions import ConditionGiven, SkillActionOutcome, SkillActionSpec

#: Medicine DCs and the extra healing each gives (Treat Wounds: trained 15, expert 20, master 30,
#: legendary 40).
MEDICINE_DCS: dict[int, int] = {15: 0, 20: 10, 30: 30, 40: 50}
#: GM Core "DCs by Level" (level −1 … 25).
DC_BY_LEVEL: dict[int, int] = {
    -1: 13, 0: 14, 1: 15, 2: 16, 3: 18, 4: 19, 5: 20, 6: 22, 7: 23, 8: 24, 9: 26, 10: 27, 11: 28, 12: 30,
    13: 31, 14: 32, 15: 34, 16: 35, 17: 36, 18: 38, 19: 39, 20: 40, 21: 42, 22: 44, 23: 46, 24: 48, 25: 50,
}  # fmt: skip
#: Rarity adjustments to a DC (GM Core "Adjusting Difficulty").
RARITY_ADJUSTMENT: dict[str, int] = {"uncommon": 2, "rare": 5, "unique": 10}
#: Rounds in 10 minutes (a round is 6 seconds).
TEN_MINUTES = 100

SPECS: tuple[SkillActionSpec, ...] = (
    SkillActionSpec("demoralize", "Demoralize", "intimidation", 1, "enemy", 30),
    SkillActionSpec("feint", "Feint", "deception", 1, "enemy", None),
    SkillActionSpec("create-a-diversion", "Create a Diversion", "deception", 1, "enemies", None),
    SkillActionSpec("recall-knowledge", "Recall Knowledge", "", 1, "creature", None),
    SkillActionSpec("battle-medicine", "Battle Medicine", "medicine", 1, "ally", 5, 0, tuple(MEDICINE_DCS)),
    SkillActionSpec("treat-wounds", "Treat Wounds", "medicine", 0, "ally", 5, 10, tuple(MEDICINE_DCS)),
)
_BY_KEY = {s.key: s for s in SPECS}

DEGREE_WORDS = {
    CRITICAL_SUCCESS: "critical success",
    SUCCESS: "success",
    FAILURE: "failure",
    CRITICAL_FAILURE: "critical failure",
}
RECALL_WORDS = {
    CRITICAL_SUCCESS: "recalls the truth and something more",
    SUCCESS: "recalls accurate knowledge",
    FAILURE: "recalls nothing useful",
    CRITICAL_FAILURE: "recalls something false (the GM tells it something wrong)",
}


def _m(template: str, /, **params: str | int) -> str:
    """A sentence for people as a `rules.messages.Message` (its English text)."""
    return str(Message(template, tuple(params.items())))


def immunity(key: str, actor_id: str | None = None) -> str:
    """The condition that marks a temporary immunity to skill action `key` (Demoralize: to this
    demoralizer's attempts: ``immune-to-demoralize-<id>``)."""
    from rules.systems.object_damage import immunity_condition

    return immunity_condition(f"{key} {actor_id}" if actor_id else key)


def level_dc(level: int, traits: tuple[str, ...] = ()) -> int:
    """The DC for a creature of `level` (clamped to the table), adjusted for its rarity trait."""
    base = DC_BY_LEVEL[max(-1, min(25, level))]
    return base + max((RARITY_ADJUSTMENT.get(t.lower(), 0) for t in traits), default=0)


def healing_by_degree(degree: str, dc: int) -> tuple[str | None, str | None]:
    """Treat Wounds / Battle Medicine by degree at `dc`: (healing formula, damage formula)."""
    bonus = MEDICINE_DCS.get(dc, 0)
    extra = f"+{bonus}" if bonus else ""
    if degree == CRITICAL_SUCCESS:
        return f"4d8{extra}", None
    if degree == SUCCESS:
        return f"2d8{extra}", None
    if degree == CRITICAL_FAILURE:
        return None, "1d8"
    return None, None


def _distance(scene: Scene, a: Token, b: Token) -> int:
    from rules.systems.board import distance

    return distance(scene, a, b)


def _in_reach(scene: Scene, a: Token, b: Token, feet: int) -> bool:
    from rules.geometry.reach import within_reach

    return within_reach(scene, a, b, feet)


def resolve(
    scene: Scene,
    actor: Token,
    target: Token | None,
    key: str,
    d20: int,
    *,
    dc: int | None = None,
    skill: str | None = None,
) -> SkillActionOutcome:
    """Skill action `key` of `actor` with `d20` (see the module docstring). Raises `ValueError` naming the
    rule when it can't be taken, `MissingStatistic` for a skill or DC the creatures don't list."""
    spec = _BY_KEY.get(key)
    if spec is None:
        raise ValueError(f"{key!r} is not a PF2e skill action ({', '.join(_BY_KEY)})")
    if spec.target != "enemies":
        if target is None:
            raise ValueError(_m("{action} needs a target creature", action=spec.label))
        if target.id == actor.id and spec.target != "ally":
            raise ValueError(_m("{who} can't {action} itself", who=actor.label, action=spec.label))
    if key == "create-a-diversion":
        return _diversion(scene, actor, d20)
    assert target is not None
    who, whom = actor.label, target.label
    if key == "demoralize":
        if actor.side == target.side:
            raise ValueError(_m("{whom} is on {who}'s side: Demoralize is used on a foe", whom=whom, who=who))
        if _distance(scene, actor, target) > 30:
            raise ValueError(
                _m("{whom} is more than 30 ft from {who}: Demoralize reaches 30 ft", whom=whom, who=who)
            )
        if target.has_condition(immunity(key, actor.id)):
            raise ValueError(
                _m(
                    "{whom} is temporarily immune to {who}'s Demoralize (10 minutes after the last attempt)",
                    whom=whom,
                    who=who,
                )
            )
        res = check(actor, "intimidation", d20, statistic_dc(target, "will")[0])
        given: list[ConditionGiven] = [
            ConditionGiven(target.id, immunity(key, actor.id), None, Ends.after_rounds(TEN_MINUTES, actor.id),
                           "for 10 minutes"),
        ]  # fmt: skip
        value = {CRITICAL_SUCCESS: 2, SUCCESS: 1}.get(res.degree)
        words = f"{whom} is not frightened"
        if value is not None and value > target.condition_value("frightened"):
            given.insert(0, ConditionGiven(target.id, "frightened", value))
            words = f"{whom} is frightened {value}"
        elif value is not None:
            words = f"{whom} is already frightened {target.condition_value('frightened')}"
        lines = (
            _m(
                "{who} Demoralizes {whom}: Intimidation {total} vs Will DC {dc}, {degree}: {words}",
                who=who,
                whom=whom,
                total=res.total,
                dc=res.dc,
                degree=DEGREE_WORDS[res.degree],
                words=words,
            ),
            "  " + _m("{whom} is immune to {who}'s Demoralize for 10 minutes", whom=whom, who=who),
        )
        return SkillActionOutcome(key, res.degree, res, res.dc, lines, tuple(given), target_id=target.id)
    if key == "feint":
        if actor.side == target.side:
            raise ValueError(
                _m("{whom} is on {who}'s side: Feint is used on an opponent", whom=whom, who=who)
            )
        if not _in_reach(scene, actor, target, actor.reach):
            raise ValueError(
                _m("{whom} is not within {who}'s melee reach: Feint needs it", whom=whom, who=who)
            )
        res = check(actor, "deception", d20, statistic_dc(target, "perception")[0])
        head = _m(
            "{who} Feints {whom}: Deception {total} vs Perception DC {dc}, {degree}",
            who=who, whom=whom, total=res.total, dc=res.dc, degree=DEGREE_WORDS[res.degree],
        )  # fmt: skip
        if res.degree == CRITICAL_SUCCESS:
            given = [ConditionGiven(target.id, "off-guard", None, Ends.at_turn(actor.id, END, 2),
                                    f"until the end of {who}'s next turn")]  # fmt: skip
            words = _m("{whom} is off-guard to {who}'s melee attacks until the end of {who}'s next turn",
                       whom=whom, who=who)  # fmt: skip
        elif res.degree == SUCCESS:
            given = [ConditionGiven(target.id, "off-guard", None, Ends.at_turn(actor.id, END, 1),
                                    f"until the end of {who}'s turn")]  # fmt: skip
            words = _m("{whom} is off-guard to {who}'s next melee attack this turn", whom=whom, who=who)
        elif res.degree == CRITICAL_FAILURE:
            given = [ConditionGiven(actor.id, "off-guard", None, Ends.at_turn(actor.id, END, 2),
                                    f"until the end of {who}'s next turn")]  # fmt: skip
            words = _m("{who} is off-guard to {whom}'s melee attacks until the end of its next turn",
                       who=who, whom=whom)  # fmt: skip
        else:
            given, words = [], _m("no effect")
        return SkillActionOutcome(key, res.degree, res, res.dc, (f"{head}: {words}",), tuple(given),
                                  target_id=target.id)  # fmt: skip
    if key == "recall-knowledge":
        stat = skill or "society"
        used = dc if dc is not None else level_dc(target.level or 0, target.traits)
        res = check(actor, stat, d20, used)
        how = f"DC {used}" + ("" if dc is not None else f" for level {target.level or 0}")
        line = (
            f"{who} Recalls Knowledge about {whom} ({stat.replace('-', ' ').title()}, secret): "
            f"{res.total} vs {how}, {DEGREE_WORDS[res.degree]}: {RECALL_WORDS[res.degree]}"
        )
        return SkillActionOutcome(key, res.degree, res, used, (line,), target_id=target.id)
    # Battle Medicine and Treat Wounds
    if not (target.id == actor.id or _in_reach(scene, actor, target, 5)):
        raise ValueError(
            _m(
                "{whom} is not adjacent to {who}: {action} needs the healer beside them",
                whom=whom,
                who=who,
                action=spec.label,
            )
        )
    if target.has_condition(immunity(key)):
        span = "1 day" if key == "battle-medicine" else "1 hour"
        raise ValueError(
            _m(
                "{whom} is immune to {action} ({span} after the last one)",
                whom=whom,
                action=spec.label,
                span=span,
            )
        )
    used = dc if dc is not None else 15
    if used not in MEDICINE_DCS:
        raise ValueError(
            _m(
                "{action}'s DC is 15, 20, 30 or 40 (by the healer's proficiency), not {dc}",
                action=spec.label,
                dc=used,
            )
        )
    res = check(actor, "medicine", d20, used)
    heal, damage = healing_by_degree(res.degree, used)
    span = "for 1 day" if key == "battle-medicine" else "for 1 hour"
    given = [ConditionGiven(target.id, immunity(key), None, None, span)]
    removed: tuple[str, ...] = ()
    if (
        key == "treat-wounds"
        and res.degree in (SUCCESS, CRITICAL_SUCCESS)
        and target.has_condition("wounded")
    ):
        removed = ("wounded",)
    what = f"regains {heal} HP" if heal else f"takes {damage} damage" if damage else "regains nothing"
    out = [
        _m(
            "{who} uses {action} on {whom}: Medicine {total} vs DC {dc}, {degree}: {what}",
            who=who,
            action=spec.label,
            whom=whom,
            total=res.total,
            dc=used,
            degree=DEGREE_WORDS[res.degree],
            what=what,
        )
    ]
    if removed:
        out.append("  " + _m("{whom} is no longer wounded", whom=whom))
    out.append("  " + _m("{whom} is immune to {action} {span}", whom=whom, action=spec.label, span=span))
    return SkillActionOutcome(key, res.degree, res, used, tuple(out), tuple(given), removed, heal, damage,
                              target.id)  # fmt: skip


def _diversion(scene: Scene, actor: Token, d20: int) -> SkillActionOutcome:
    from rules.systems.pf2e.stealth import ORDER, STEALTH_CONDITIONS
    from rules.systems.stealth import observers, with_state

    watching = observers(scene, actor)
    if not watching:
        raise ValueError(_m("no creature is watching {who}: there is nobody to divert", who=actor.label))
    lines: list[str] = []
    states: list[str] = []
    first = None
    for o in watching:
        res = check(actor, "deception", d20, statistic_dc(o, "perception")[0])
        first = first or res
        fooled = res.degree in (SUCCESS, CRITICAL_SUCCESS)
        states.append("hidden" if fooled else "observed")
        lines.append(
            f"  {o.label} (Perception DC {res.dc}): "
            + ("diverted, it loses track of the creature" if fooled else "not fooled, it notices the trick")
        )
    assert first is not None
    after = with_state(actor, states, ORDER, STEALTH_CONDITIONS)
    now = "hidden" if after.has_condition("hidden") else "still observed by some"
    head = f"{actor.label} Creates a Diversion: Deception {first.total}: {actor.label} is {now}"
    degree = SUCCESS if after.has_condition("hidden") else FAILURE
    return SkillActionOutcome(
        "create-a-diversion", degree, first, first.dc, (head, *lines), tokens=(after,), target_id=None
    )
