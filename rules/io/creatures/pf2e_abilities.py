"""PF2e NPC abilities from Foundry's inline markup, as spells of kind ``ability`` (`rules.model.spell`).

A Foundry pf2e action's description writes its rules data inline: ``@Check[reflex|dc:27|basic]`` (the save,
its DC, basic or not), ``@Template[burst|distance:15]`` / ``@Template[cone|distance:30]`` /
``@Template[line|distance:60|width:10]`` (the area), ``@Damage[9d6[slashing]]`` (damage; ``[persistent,fire]``
is persistent damage) and ``@UUID[…Conditions…]{Clumsy 1}`` (conditions a failure gives). The action's cost
is ``system.actions.value`` (reactions and free actions cost none). An ability whose damage or save can't
be read from the markup keeps its text with the reason; an action without ``@Check`` is not one.

"can't use X again for 1d6 rounds" (a PF2e breath weapon's recharge) is kept in the text: PF2e has no
Recharge 5–6.
"""

from __future__ import annotations

import re

from rules.io.spells.foundry_pf2e import CONDITIONS
from rules.io.srd_text import clean
from rules.model.spell import DamagePart, Spell, SpellArea, SpellEffect, SpellError, SpellSave, SpellUses

_CHECK = re.compile(r"@Check\[(?P<stat>fortitude|reflex|will)\|(?P<opts>[^\]]*)\]", re.IGNORECASE)
_TEMPLATE = re.compile(r"@Template\[(?:type:)?(?P<shape>burst|cone|emanation|line)\|(?P<opts>[^\]]*)\]", re.I)
_DAMAGE = re.compile(r"@Damage\[(?P<body>(?:[^\[\]]|\[[^\]]*\])*)\]")
_DAMAGE_PART = re.compile(r"\(?(?P<formula>[0-9d+\-*/()\s]+?)\)?\[(?P<types>[^\]]+)\]")
_CONDITION = re.compile(r"@UUID\[[^\]]*conditionitems[^\]]*\]\{(?P<name>[A-Za-z\-]+(?:\s+\d+)?)\}")


def _options(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in text.split("|"):
        key, _, value = part.partition(":")
        out[key.strip().lower()] = value.strip()
    return out


def ability_from_markup(name: str, html: str, actions: int | None) -> Spell | None:
    """The ability a Foundry pf2e action describes with ``@Check`` (None without one)."""
    check = _CHECK.search(html)
    if check is None:
        return None
    opts = _options(check.group("opts"))
    reasons: list[str] = []
    dc_text = opts.get("dc", "")
    dc = int(dc_text) if dc_text.isdigit() else None
    if dc is None:
        reasons.append(f"its DC ({dc_text or 'none'}) isn't a number")
    basic = "basic" in opts
    if len({m.group("stat").lower() for m in _CHECK.finditer(html)}) > 1:
        reasons.append("it calls for more than one kind of save")
    area: SpellArea | None = None
    template = _TEMPLATE.search(html)
    if template is not None:
        t = _options(template.group("opts"))
        feet = t.get("distance", "")
        width = t.get("width", "5")
        if feet.isdigit():
            area = SpellArea(template.group("shape").lower(), int(feet), int(width) if width.isdigit() else 5)
    parts: list[DamagePart] = []
    for m in _DAMAGE.finditer(html):
        body = m.group("body").split("|", 1)[0]
        for part in _DAMAGE_PART.finditer(body):
            types = [x.strip().lower() for x in part.group("types").split(",")]
            kind = " ".join(
                ["persistent"] * ("persistent" in types)
                + [t for t in types if t not in ("persistent", "area-damage")]
            )
            formula = re.sub(r"\s+", "", part.group("formula")).strip("()")
            try:
                parts.append(DamagePart(formula, kind or "untyped"))
            except SpellError:
                reasons.append(f"its damage {formula!r} isn't dice notation")
    failing = " ".join(x for x in re.split(r"(?<=[.!?])\s+|</p>", html) if re.search(r"\bfail", x, re.I))
    effects = tuple(
        dict.fromkeys(
            SpellEffect(m.group("name").lower())
            for m in _CONDITION.finditer(failing)
            if m.group("name").lower().split()[0] in CONDITIONS
        )
    )
    text = clean(re.sub(r"@Check\[([a-z]+)\|[^\]]*\]", lambda m: f"{m.group(1).capitalize()}", html))
    if area is None and not re.search(r"\b(?:the|a|one)\s+(?:target|creature)\b", text, re.I):
        reasons.append("whom it affects is only in its text")
    if not parts and not effects:
        reasons.append("no damage, and what each outcome does is only in its text")
    if not basic and parts:
        reasons.append("a save that isn't basic: what each degree deals is only in its text")
    try:
        return Spell(
            name=name,
            level=0,
            kind="ability",
            actions=actions if actions is not None else 0,
            area=area,
            save=SpellSave(check.group("stat").lower(), basic),
            damage=tuple(parts),
            effects=(("failure", effects), ("critical-failure", effects)) if effects else (),
            uses=SpellUses("at-will"),
            dc=dc,
            text=text,
            reason="; ".join(dict.fromkeys(reasons)),
        )
    except SpellError as exc:
        return Spell(name, 0, kind="ability", text=text, reason=f"its data can't be read ({exc})")
