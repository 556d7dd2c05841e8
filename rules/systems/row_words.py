"""The words of a roll's breakdown rows as message ids (what a view translates in `RowGroup` and
`ModifierRow` values and the log's breakdown lines).

The rows keep English strings (they are written to the log and the query protocol as they are); a view
recognises each in the reader's language (`rules.i18n.translate_text`). These are the fixed words the
systems' rows use: group titles, row labels, the modifier types and the sources that are not a proper
name. The sentences with values (``flanked (with {names})``, ``{degree} cover``) are `msg` calls where the
rows are built. A test rolls the systems' attacks, checks and saves and fails on a row word with no
entry here or at its call site.
"""

from __future__ import annotations

from rules.messages import Message, msg

#: The titles of the row groups (``Attack modifier +9``), their totals in words and the rows' labels.
ROW_WORDS: tuple[Message, ...] = (
    msg("Attack modifier"),
    msg("Attack bonus"),
    msg("Target AC"),
    msg("Roll mode"),
    msg("Roll"),
    msg("Modifier"),
    msg("Result"),
    msg("normal"),
    msg("advantage"),
    msg("disadvantage"),
    msg("attack bonus"),
    msg("attack modifier"),
    msg("base AC"),
    msg("modifier"),
    msg("result"),
    msg("situational"),
    msg("automatic failure"),
    msg("cancel out"),
    msg("cover"),
    msg("flat check"),
    msg("multiple attack penalty"),
    msg("shield"),
    msg("volley"),
    msg("nonlethal"),
    msg("Aid"),
    msg("Fortitude"),
    msg("Reflex"),
    msg("Will"),
    msg("Perception"),
    msg("Strength"),
    msg("Dexterity"),
    msg("Constitution"),
    msg("Intelligence"),
    msg("Wisdom"),
    msg("Charisma"),
)

#: The modifier types (PF2e's stacking kinds; 5e's rows are untyped).
TYPE_WORDS: tuple[Message, ...] = (
    msg("ability"),
    msg("proficiency"),
    msg("circumstance"),
    msg("item"),
    msg("status"),
    msg("untyped"),
)

#: Sources that are words, not a creature's or an attack's name.
SOURCE_WORDS: tuple[Message, ...] = (
    msg("the target"),
    msg("flanked"),
    msg("raised shield"),
    msg("natural 20"),
    msg("natural 1"),
    msg("passed"),
    msg("failed: the Strike misses"),
    msg("no advantage or disadvantage"),
    msg("advantage and disadvantage: roll normally"),
    msg("advantage and disadvantage cancel out"),
    msg("−2 per level"),
    msg("2024: −2 per level"),
    msg("GM"),
    msg("the attack"),
    msg("the roll"),
    msg("doesn't stack, not applied"),
    msg("no modifiers"),
    msg("lesser cover"),
    msg("standard cover"),
    msg("greater cover"),
    msg("half cover"),
    msg("three-quarters cover"),
)

#: The degrees of cover, as ``{degree} cover`` writes them (「標準の」「下級」, D&D 「½」「¾」).
COVER_DEGREE_WORDS: tuple[Message, ...] = (
    msg("lesser"),
    msg("standard"),
    msg("greater"),
    msg("half"),
    msg("three-quarters"),
)

#: The damage types of both systems (a formula's words: ``1d8+4 slashing``). PF2e's fire is 「［火炎］」 where
#: D&D's is 「［火］」: the catalogue has a ``pf2e`` entry for it.
DAMAGE_WORDS: tuple[Message, ...] = (
    msg("acid"),
    msg("bleed"),
    msg("bludgeoning"),
    msg("cold"),
    msg("electricity"),
    msg("fire"),
    msg("force"),
    msg("lightning"),
    msg("mental"),
    msg("necrotic"),
    msg("piercing"),
    msg("poison"),
    msg("psychic"),
    msg("radiant"),
    msg("slashing"),
    msg("sonic"),
    msg("spirit"),
    msg("thunder"),
    msg("vitality"),
    msg("void"),
)

#: The statistics a check names, as the check dialog lists them (``sleight-of-hand`` → "sleight of hand"):
#: Perception, the skills and D&D's abilities. PF2e's skills are named in the Player Core's words, D&D's in
#: the Player's Handbook's (entries with a ``pf2e`` context where they differ).
SKILL_WORDS: tuple[Message, ...] = (
    msg("perception"),
    msg("acrobatics"),
    msg("acrobatics", context="pf2e"),
    msg("animal handling"),
    msg("arcana"),
    msg("arcana", context="pf2e"),
    msg("athletics"),
    msg("crafting"),
    msg("deception"),
    msg("diplomacy"),
    msg("history"),
    msg("insight"),
    msg("intimidation"),
    msg("investigation"),
    msg("lore"),
    msg("medicine"),
    msg("nature"),
    msg("occultism"),
    msg("performance"),
    msg("persuasion"),
    msg("religion"),
    msg("sleight of hand"),
    msg("society"),
    msg("stealth"),
    msg("survival"),
    msg("thievery"),
    msg("str"),
    msg("dex"),
    msg("con"),
    msg("int"),
    msg("wis"),
    msg("cha"),
)
