"""PF2e conditions as data (Player Core "Conditions" appendix; rules.md "Conditions that change the numbers").

Each condition in `CONDITIONS` says which statistics it changes (by tag), with which bonus type and value,
and what else it does (can't act, off-guard, speed, actions gained or lost, conditions it implies).

A statistic is named by a key (`STATISTICS`): ``ac``, ``fortitude``/``reflex``/``will``, ``perception``, a
skill (``athletics`` … ``lore``), ``attack-melee`` (a Strength melee attack), ``attack-finesse``,
``attack-ranged``, ``spell-attack``, ``spell-dc``. Each has tags: ``check`` (a roll) or ``dc``, the key
ability (``str``, ``dex``, ``con``, ``int``, ``wis``, ``cha``), a kind (``save``, ``skill``, ``attack``,
``perception``, ``ac``) and its own name. A condition's effect applies to a statistic when they share a
tag; ``all`` matches every statistic ("all checks and DCs"). A DC (``reflex-dc``, ``athletics-dc``) has the
same modifiers as its check: DC = 10 + the modifier with the creature's penalties (a maneuver's DC includes
the target's penalties).

`statistic_modifiers(token, "reflex")` lists the typed modifiers from the token's conditions, each with the
condition as its label and the condition with its value as its source; stack them with
`rules.systems.modifiers.stack` (status penalties don't stack: the worst applies; circumstance likewise).

Numbers (Player Core conditions appendix):

* frightened N, sickened N: −N status to all checks and DCs (AC included);
* clumsy N: −N status to Dex-based checks and DCs (AC, Reflex, ranged and finesse attacks, Acrobatics,
  Stealth, Thievery); drained N: Con-based (Fortitude); enfeebled N: Str-based (Strength melee attacks,
  Athletics); stupefied N: Int/Wis/Cha-based (Will, Perception, spell attacks and DCs, those skills);
* fatigued: −1 status to AC and saves; fascinated: −2 status to Perception and skill checks;
* unconscious (and dying, which makes you unconscious): −4 status to AC, Perception and Reflex;
  blinded (vision being its only precise sense): −4 status to Perception;
* off-guard: −2 circumstance to AC; prone, grabbed, restrained, paralyzed, unconscious and confused make
  the creature off-guard; prone also −2 circumstance to its attack rolls;
* stunned N / slowed N lose N actions, quickened gains one; stunned, paralyzed, petrified, unconscious and
  dying can't act; grabbed, restrained, immobilized and paralyzed can't move (speed 0).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from rules.messages import msg
from rules.model.scene import Token
from rules.systems.modifiers import Modifier

ABILITIES: tuple[str, ...] = ("str", "dex", "con", "int", "wis", "cha")

#: PF2e skills and their key ability (Player Core "Skills").
SKILL_ABILITY: dict[str, str] = {
    "acrobatics": "dex",
    "arcana": "int",
    "athletics": "str",
    "crafting": "int",
    "deception": "cha",
    "diplomacy": "cha",
    "intimidation": "cha",
    "lore": "int",
    "medicine": "wis",
    "nature": "wis",
    "occultism": "int",
    "performance": "cha",
    "religion": "wis",
    "society": "int",
    "stealth": "dex",
    "survival": "wis",
    "thievery": "dex",
}
SAVE_ABILITY: dict[str, str] = {"fortitude": "con", "reflex": "dex", "will": "wis"}


def _stat_tags() -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {
        "ac": frozenset({"dc", "ac", "dex"}),
        "perception": frozenset({"check", "perception", "wis"}),
        "attack-melee": frozenset({"check", "attack", "melee", "str"}),
        "attack-finesse": frozenset({"check", "attack", "melee", "finesse", "dex"}),
        "attack-ranged": frozenset({"check", "attack", "ranged", "dex"}),
        "spell-attack": frozenset({"check", "attack", "spell", "int", "wis", "cha"}),
        "spell-dc": frozenset({"dc", "spell", "int", "wis", "cha"}),
        "initiative": frozenset({"check", "perception", "initiative", "wis"}),
    }
    for save, ability in SAVE_ABILITY.items():
        out[save] = frozenset({"check", "save", save, ability})
    for skill, ability in SKILL_ABILITY.items():
        out[skill] = frozenset({"check", "skill", skill, ability})
    return out


#: Statistic key → tags (see the module docstring).
STATISTICS: dict[str, frozenset[str]] = _stat_tags()


@dataclass(frozen=True, slots=True)
class Effect:
    """One number a condition puts on the statistics sharing a tag with `tags`. `value` None means the
    condition's own value (frightened 2 → −2); `sign` −1 for penalties."""

    tags: frozenset[str]
    type: str
    value: int | None = None
    sign: int = -1


@dataclass(frozen=True, slots=True)
class ConditionDef:
    """A PF2e condition and everything FiveFoot computes from it."""

    name: str
    valued: bool = False
    effects: tuple[Effect, ...] = ()
    #: Conditions this one brings with it (unconscious → off-guard, blinded).
    implies: tuple[str, ...] = ()
    cant_act: bool = False
    off_guard: bool = False
    speed_zero: bool = False
    #: Actions lost at the start of the turn (None: none; -1: the condition's value).
    actions_lost: int | None = None
    actions_gained: int = 0
    #: A short English summary of what it does at the table.
    summary: str = ""
    aliases: tuple[str, ...] = field(default=())


def _e(tags: Iterable[str], type_: str, value: int | None = None) -> Effect:
    return Effect(frozenset(tags), type_, value)


_ALL = ("all",)
_MENTAL = ("int", "wis", "cha")

_DEFS: tuple[ConditionDef, ...] = (
    ConditionDef(
        "off-guard",
        effects=(_e(("ac",), "circumstance", 2),),
        off_guard=True,
        summary="−2 circumstance to AC",
        aliases=("flat-footed",),
    ),
    ConditionDef(
        "frightened",
        valued=True,
        effects=(_e(_ALL, "status"),),
        summary="−N status to all checks and DCs; drops by 1 at the end of each of its turns",
    ),
    ConditionDef(
        "sickened", valued=True, effects=(_e(_ALL, "status"),), summary="−N status to all checks and DCs"
    ),
    ConditionDef(
        "clumsy",
        valued=True,
        effects=(_e(("dex",), "status"),),
        summary="−N status to Dex-based checks and DCs",
    ),
    ConditionDef(
        "enfeebled",
        valued=True,
        effects=(_e(("str",), "status"),),
        summary="−N status to Str-based rolls and DCs",
    ),
    ConditionDef(
        "drained",
        valued=True,
        effects=(_e(("con",), "status"),),
        summary="−N status to Con-based checks and DCs",
    ),
    ConditionDef(
        "stupefied",
        valued=True,
        effects=(_e(_MENTAL, "status"),),
        summary="−N status to Int/Wis/Cha-based checks and DCs",
    ),
    ConditionDef(
        "stunned",
        valued=True,
        cant_act=True,
        actions_lost=-1,
        summary="can't act; loses N actions, then it ends",
    ),
    ConditionDef("slowed", valued=True, actions_lost=-1, summary="loses N actions at the start of each turn"),
    ConditionDef("quickened", actions_gained=1, summary="gains 1 extra action each turn"),
    ConditionDef(
        "prone",
        effects=(_e(("attack",), "circumstance", 2),),
        implies=("off-guard",),
        summary="off-guard; −2 circumstance to its attack rolls; can only Crawl or Stand",
    ),
    ConditionDef("grabbed", implies=("off-guard", "immobilized"), summary="off-guard and immobilized"),
    ConditionDef(
        "restrained",
        implies=("off-guard", "immobilized"),
        summary="off-guard and immobilized; no attack actions but Escape",
    ),
    ConditionDef("immobilized", speed_zero=True, summary="can't use move actions to leave its space"),
    ConditionDef(
        "blinded",
        effects=(_e(("perception",), "status", 4),),
        summary="can't see: all terrain difficult; −4 status to Perception; everything undetected by sight",
    ),
    ConditionDef("dazzled", summary="everything it sees is concealed to it (DC 5 flat check to target)"),
    ConditionDef(
        "deafened",
        effects=(_e(("initiative",), "status", 2),),
        summary="fails Perception checks that need hearing; −2 status to initiative",
    ),
    ConditionDef("concealed", summary="DC 5 flat check to target it"),
    ConditionDef("hidden", summary="DC 11 flat check to target it; the observer is off-guard to it"),
    ConditionDef("undetected", summary="the attacker must guess its square; DC 11 flat check"),
    ConditionDef("invisible", implies=("undetected",), summary="undetected by sight"),
    ConditionDef("fatigued", effects=(_e(("ac", "save"), "status", 1),), summary="−1 status to AC and saves"),
    ConditionDef("confused", implies=("off-guard",), summary="off-guard; attacks at random; no reactions"),
    ConditionDef(
        "fascinated",
        effects=(_e(("perception", "skill"), "status", 2),),
        summary="−2 status to Perception and skill checks",
    ),
    ConditionDef("fleeing", summary="must spend its actions to get away"),
    ConditionDef(
        "paralyzed", cant_act=True, speed_zero=True, implies=("off-guard",), summary="off-guard; can't act"
    ),
    ConditionDef("petrified", cant_act=True, speed_zero=True, summary="turned to stone: can't act"),
    ConditionDef(
        "unconscious",
        effects=(_e(("ac", "perception", "reflex"), "status", 4),),
        implies=("off-guard", "blinded"),
        cant_act=True,
        speed_zero=True,
        summary="−4 status to AC, Perception and Reflex; blinded and off-guard; can't act",
    ),
    ConditionDef(
        "dying",
        valued=True,
        implies=("unconscious",),
        cant_act=True,
        summary="unconscious; dies at dying 4 − doomed",
    ),
    ConditionDef("wounded", valued=True, summary="adds its value to dying when knocked out"),
    ConditionDef("doomed", valued=True, summary="dies at dying 4 − N"),
    ConditionDef("persistent-damage", summary="takes damage at the end of its turn, then a DC 15 flat check"),
    ConditionDef("encumbered", implies=("clumsy",), summary="clumsy 1; −10 ft Speed"),
)

#: The condition table, by name (aliases included).
CONDITIONS: dict[str, ConditionDef] = {}
for _d in _DEFS:
    CONDITIONS[_d.name] = _d
    for _a in _d.aliases:
        CONDITIONS[_a] = _d
CONDITION_NAMES: tuple[str, ...] = tuple(d.name for d in _DEFS)


def statistic_tags(stat: str) -> frozenset[str]:
    """The tags of statistic `stat` (``reflex``, ``athletics-dc``, ``attack-melee`` …).

    A ``-dc`` suffix names the DC of a check statistic. A name that is not a known statistic is taken as
    a skill (a Lore, or one the token lists) keyed to Intelligence. Raises `ValueError` for an empty name."""
    key = stat.strip().lower()
    if not key:
        raise ValueError("a statistic needs a name")
    dc = key.endswith("-dc")
    if dc:
        key = key[: -len("-dc")]
    tags = STATISTICS.get(key)
    if tags is None:
        tags = frozenset({"check", "skill", key, "int"})
    if dc:
        tags = (tags - {"check"}) | {"dc"}
    return tags


def active_conditions(token: Token) -> list[tuple[str, int, str]]:
    """The token's conditions with those they imply: ``(name, value, source)`` with the canonical name, the
    value (1 when not valued) and the text of the condition that brought it (``dying 2``)."""
    out: list[tuple[str, int, str]] = []
    seen: set[str] = set()
    for text in token.conditions:
        parts = text.split()
        if not parts:
            continue
        name = parts[0].lower()
        d = CONDITIONS.get(name)
        canonical = d.name if d is not None else name
        if canonical in seen:
            continue
        valued = d is not None and d.valued
        value = token.condition_value(name) if valued else 1
        if valued and value <= 0:
            continue
        seen.add(canonical)
        out.append((canonical, value, f"{name} {value}" if valued else name))
    i = 0
    while i < len(out):  # conditions implied by those listed, after every listed one
        name, _value, source = out[i]
        d = CONDITIONS.get(name)
        for implied in d.implies if d is not None else ():
            if implied not in seen:
                seen.add(implied)
                out.append((implied, 1, source))
        i += 1
    return out


def statistic_modifiers(token: Token, stat: str, *, who: str = "") -> list[Modifier]:
    """Typed modifiers from the token's conditions to statistic `stat` (see the module docstring), before
    stacking, each labelled with the condition and sourced with the condition's text (prefixed by `who`,
    e.g. ``target``, when given)."""
    tags = statistic_tags(stat)
    out: list[Modifier] = []
    for name, value, source in active_conditions(token):
        d = CONDITIONS.get(name)
        if d is None:
            continue
        for effect in d.effects:
            if "all" not in effect.tags and not effect.tags & tags:
                continue
            amount = value if effect.value is None else effect.value
            if amount == 0:
                continue
            if source == name or source.startswith(f"{name} "):
                shown = source
            else:
                shown = str(msg("{condition} from {source}", condition=name, source=source))
            out.append(Modifier(name, effect.type, effect.sign * amount, _whose(who, shown)))
    return out


def is_off_guard(token: Token) -> bool:
    return any(n == "off-guard" for n, _v, _s in active_conditions(token))


def off_guard_sources(token: Token) -> list[str]:
    """The token's conditions that make it off-guard (``off-guard`` itself, prone, grabbed …)."""
    return [s for n, _v, s in active_conditions(token) if n == "off-guard"]


def can_act(token: Token) -> bool:
    return not token.has_condition("dead") and not any(
        CONDITIONS[n].cant_act for n, _v, _s in active_conditions(token) if n in CONDITIONS
    )


def speed_zero(token: Token) -> bool:
    return any(CONDITIONS[n].speed_zero for n, _v, _s in active_conditions(token) if n in CONDITIONS)


def actions_per_turn(token: Token) -> int:
    """3 actions, +1 quickened, minus the larger of stunned N and slowed N; 0 when it can't act for another
    reason (paralyzed, unconscious …)."""
    conds = {n: v for n, v, _s in active_conditions(token)}
    others_cant_act = any(CONDITIONS[n].cant_act for n in conds if n in CONDITIONS and n != "stunned")
    if others_cant_act or token.has_condition("dead"):
        return 0
    gained = sum(CONDITIONS[n].actions_gained for n in conds if n in CONDITIONS)
    lost = max(
        (v for n, v in conds.items() if n in CONDITIONS and CONDITIONS[n].actions_lost is not None), default=0
    )
    return max(0, 3 + gained - lost)


def _whose(who: str, shown: str) -> str:
    """A condition's modifier source as the breakdown names it: ``attacker frightened 1``."""
    if who == "attacker":
        return str(msg("attacker {condition}", condition=shown))
    if who == "target":
        return str(msg("target {condition}", condition=shown))
    return f"{who} {shown}".strip()
