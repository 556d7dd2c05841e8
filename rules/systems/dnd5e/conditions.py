"""D&D 5e conditions as data: what each does to d20 rolls, per edition (2014 PHB appendix A; 2024 Rules
Glossary; rules.md "Conditions that change the numbers").

Each condition lists `RollEffect`s: which roll (`ATTACK` — the creature's own attack rolls, `ATTACKED` —
attack rolls against it, `CHECK` — its ability checks, `SAVE` — its saving throws, `INITIATIVE`), for which
abilities (empty: all), and what it gives: advantage, disadvantage or an automatic failure. Any number of
advantage sources give one advantage; having both gives neither (`rules.systems.dnd5e.advantage`).

* blinded: its attacks have disadvantage, attacks against it advantage; invisible, hidden: the reverse
  (unseen attacker / unseen target); 2024 invisible also has advantage on initiative;
* frightened, poisoned: disadvantage on its attacks and ability checks (frightened: its fear's source
  assumed in sight);
* prone: its attacks have disadvantage; attacks against it advantage within 5 ft, disadvantage farther;
* restrained: its attacks disadvantage, attacks against it advantage, disadvantage on its Dex saves;
* paralyzed, stunned, unconscious, petrified: attacks against it have advantage and it automatically fails
  Strength and Dexterity saves; paralyzed and unconscious: a hit from within 5 ft is a critical hit;
* dodging (the Dodge action): attacks against it have disadvantage, advantage on its Dex saves;
* incapacitated (and paralyzed, petrified, stunned, unconscious): no actions or reactions; 2024: its
  initiative has disadvantage; grappled and restrained: speed 0;
* exhaustion 2014 (levels): 1 disadvantage on ability checks, 2 speed halved, 3 disadvantage on attack rolls
  and saving throws, 4 HP maximum halved, 5 speed 0, 6 death. 2024: −2 × level to every d20 test (attack
  rolls, ability checks, saves, initiative), −5 ft speed per level, death at 6. The level is the token's
  ``exhaustion`` field or its condition ``exhaustion N``, whichever is higher.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.model.scene import Token
from rules.systems.dnd5e.editions import Edition
from rules.systems.roll_modes import ADVANTAGE, DISADVANTAGE, Reason

ATTACK = "attack"
ATTACKED = "attacked"
CHECK = "check"
SAVE = "save"
INITIATIVE = "initiative"
ROLLS: tuple[str, ...] = (ATTACK, ATTACKED, CHECK, SAVE, INITIATIVE)
AUTO_FAIL = "automatic failure"

ABILITY_NAMES: dict[str, str] = {
    "str": "Strength",
    "dex": "Dexterity",
    "con": "Constitution",
    "int": "Intelligence",
    "wis": "Wisdom",
    "cha": "Charisma",
}


@dataclass(frozen=True, slots=True)
class RollEffect:
    """What a condition does to one kind of roll. `abilities` limits checks and saves to those abilities
    (empty: every ability); `near` limits an ``attacked`` effect to attackers within 5 ft (True) or farther
    (False)."""

    roll: str
    effect: str  # ADVANTAGE, DISADVANTAGE or AUTO_FAIL
    why: str
    abilities: tuple[str, ...] = ()
    near: bool | None = None


@dataclass(frozen=True, slots=True)
class Condition5e:
    name: str
    effects: tuple[RollEffect, ...] = ()
    incapacitated: bool = False
    speed_zero: bool = False
    #: A hit from within 5 ft is a critical hit.
    crit_within_5: bool = False
    summary: str = ""


_STR_DEX = ("str", "dex")


def _common() -> list[Condition5e]:
    adv, dis = ADVANTAGE, DISADVANTAGE
    helpless = (
        RollEffect(ATTACKED, adv, "attacks against it have advantage"),
        RollEffect(SAVE, AUTO_FAIL, "automatically fails Strength and Dexterity saves", _STR_DEX),
    )
    return [
        Condition5e(
            "blinded",
            (
                RollEffect(ATTACK, dis, "can't see its target"),
                RollEffect(ATTACKED, adv, "can't see the attacker"),
            ),
            summary="can't see; fails checks that need sight",
        ),
        Condition5e("charmed", summary="can't attack the charmer"),
        Condition5e("deafened", summary="can't hear; fails checks that need hearing"),
        Condition5e(
            "frightened",
            (
                RollEffect(ATTACK, dis, "its fear's source is in sight"),
                RollEffect(CHECK, dis, "its fear's source is in sight"),
            ),
            summary="disadvantage on ability checks and attack rolls while the source is in sight",
        ),
        Condition5e("grappled", speed_zero=True, summary="speed 0"),
        Condition5e("incapacitated", incapacitated=True, summary="no actions or reactions"),
        Condition5e(
            "invisible",
            (
                RollEffect(ATTACK, adv, "unseen attacker"),
                RollEffect(ATTACKED, dis, "unseen target"),
            ),
            summary="attacks against it have disadvantage; its attacks advantage",
        ),
        Condition5e(
            "hidden",
            (
                RollEffect(ATTACK, adv, "unseen attacker"),
                RollEffect(ATTACKED, dis, "unseen target"),
            ),
            summary="unseen: as invisible until it is found or attacks",
        ),
        Condition5e(
            "paralyzed",
            helpless,
            incapacitated=True,
            speed_zero=True,
            crit_within_5=True,
            summary="incapacitated; fails Str/Dex saves; hits from within 5 ft are critical",
        ),
        Condition5e(
            "petrified",
            helpless,
            incapacitated=True,
            speed_zero=True,
            summary="incapacitated; fails Str/Dex saves; resistance to all damage",
        ),
        Condition5e(
            "poisoned",
            (RollEffect(ATTACK, dis, "poisoned"), RollEffect(CHECK, dis, "poisoned")),
            summary="disadvantage on attack rolls and ability checks",
        ),
        Condition5e(
            "prone",
            (
                RollEffect(ATTACK, dis, "attacking from the ground"),
                RollEffect(ATTACKED, adv, "attacker within 5 ft", near=True),
                RollEffect(ATTACKED, dis, "attacker more than 5 ft away", near=False),
            ),
            summary="its attacks: disadvantage; attacks against it: advantage within 5 ft, else disadvantage",
        ),
        Condition5e(
            "restrained",
            (
                RollEffect(ATTACK, dis, "restrained"),
                RollEffect(ATTACKED, adv, "attacks against it have advantage"),
                RollEffect(SAVE, dis, "restrained", ("dex",)),
            ),
            speed_zero=True,
            summary="speed 0; its attacks and Dex saves have disadvantage; attacks against it advantage",
        ),
        Condition5e(
            "stunned",
            helpless,
            incapacitated=True,
            summary="incapacitated; fails Str/Dex saves; attacks against it have advantage",
        ),
        Condition5e(
            "unconscious",
            helpless,
            incapacitated=True,
            speed_zero=True,
            crit_within_5=True,
            summary="incapacitated and prone; fails Str/Dex saves; hits from within 5 ft are critical",
        ),
        Condition5e(
            "dodging",
            (
                RollEffect(ATTACKED, dis, "it is Dodging"),
                RollEffect(SAVE, adv, "it is Dodging", ("dex",)),
            ),
            summary="the Dodge action: attacks against it have disadvantage, Dex saves advantage",
        ),
    ]


def _table(year: int) -> dict[str, Condition5e]:
    out = {c.name: c for c in _common()}
    if year >= 2024:
        inv = out["invisible"]
        out["invisible"] = Condition5e(
            inv.name,
            (*inv.effects, RollEffect(INITIATIVE, ADVANTAGE, "invisible")),
            summary=inv.summary + "; advantage on initiative",
        )
        inc = out["incapacitated"]
        out["incapacitated"] = Condition5e(
            inc.name,
            (RollEffect(INITIATIVE, DISADVANTAGE, "incapacitated"),),
            incapacitated=True,
            summary=inc.summary + "; disadvantage on initiative",
        )
        out["surprised"] = Condition5e(
            "surprised",
            (RollEffect(INITIATIVE, DISADVANTAGE, "surprised"),),
            summary="disadvantage on initiative",
        )
    else:
        out["surprised"] = Condition5e("surprised", summary="can't act or react in the first round")
    return out


CONDITIONS_2014: dict[str, Condition5e] = _table(2014)
CONDITIONS_2024: dict[str, Condition5e] = _table(2024)


def conditions_for(edition: Edition) -> dict[str, Condition5e]:
    return CONDITIONS_2024 if edition.year >= 2024 else CONDITIONS_2014


def exhaustion_level(token: Token) -> int:
    """The exhaustion level: the token's ``exhaustion`` field or its ``exhaustion N`` condition."""
    return max(token.exhaustion, token.condition_value("exhaustion"))


def d20_penalty(token: Token, edition: Edition) -> int:
    """2024: −2 × exhaustion level to every d20 test; 2014: 0."""
    if edition.exhaustion == "d20-penalty":
        return -2 * exhaustion_level(token)
    return 0


def _exhaustion_reasons(token: Token, roll: str, edition: Edition, who: str) -> list[Reason]:
    level = exhaustion_level(token)
    if edition.exhaustion != "levels" or level <= 0:
        return []
    if (roll == CHECK and level >= 1) or (roll in (ATTACK, SAVE) and level >= 3):
        return [Reason(DISADVANTAGE, f"{who} has exhaustion {level}".strip())]
    return []


def _applies(effect: RollEffect, roll: str, ability: str | None, distance: int | None) -> bool:
    if effect.roll != roll:
        return False
    if effect.abilities and ability not in effect.abilities:
        return False
    if effect.near is not None:
        near = distance is not None and distance <= 5
        return effect.near == near
    return True


def roll_reasons(
    token: Token,
    roll: str,
    edition: Edition,
    *,
    ability: str | None = None,
    distance: int | None = None,
    who: str = "",
) -> list[Reason]:
    """Advantage/disadvantage sources from `token`'s conditions on a `roll` (see the module docstring):
    ``attack`` for its attack rolls, ``attacked`` for attack rolls against it (`distance` from the
    attacker), ``check`` / ``save`` with the `ability`, ``initiative``. `who` (``attacker``, ``target`` or
    a name) starts each reason's text. Automatic failures are in `automatic_failures`."""
    if roll not in ROLLS:
        raise ValueError(f"roll {roll!r} is not one of {', '.join(ROLLS)}")
    table = conditions_for(edition)
    out: list[Reason] = []
    for name in sorted(token.condition_names(), key=lambda n: list(table).index(n) if n in table else 99):
        c = table.get(name)
        if c is None:
            continue
        for e in c.effects:
            if e.effect != AUTO_FAIL and _applies(e, roll, ability, distance):
                detail = "" if e.why == name else f" ({e.why})"
                out.append(Reason(e.effect, f"{who} is {name}{detail}".strip()))
    out += _exhaustion_reasons(token, roll, edition, who)
    return out


def automatic_failures(token: Token, roll: str, edition: Edition, *, ability: str | None = None) -> list[str]:
    """Why `token` automatically fails this roll (``paralyzed: automatically fails Strength and Dexterity
    saves``); empty when it doesn't."""
    table = conditions_for(edition)
    out: list[str] = []
    for name in table:
        if not token.has_condition(name):
            continue
        for e in table[name].effects:
            if e.effect == AUTO_FAIL and _applies(e, roll, ability, None):
                out.append(f"{AUTO_FAIL}: {token.id} is {name} ({e.why})")
    return out


def is_incapacitated(token: Token, edition: Edition) -> bool:
    table = conditions_for(edition)
    return any(table[n].incapacitated for n in token.condition_names() if n in table)


def critical_within_5(token: Token, edition: Edition) -> bool:
    """A hit on this creature from within 5 ft is a critical hit (paralyzed, unconscious)."""
    table = conditions_for(edition)
    return any(table[n].crit_within_5 for n in token.condition_names() if n in table)


def speed(token: Token, edition: Edition, base: int | None = None) -> int:
    """The creature's speed after conditions: 0 when grappled, restrained, paralyzed, petrified or
    unconscious; 2014 exhaustion halves it at 2 and makes it 0 at 5; 2024 exhaustion −5 ft per level."""
    feet = token.speed if base is None else base
    table = conditions_for(edition)
    if any(table[n].speed_zero for n in token.condition_names() if n in table):
        return 0
    level = exhaustion_level(token)
    if edition.exhaustion == "levels":
        if level >= 5:
            return 0
        if level >= 2:
            return feet // 2
        return feet
    return max(0, feet - 5 * level)
