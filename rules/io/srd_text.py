"""Reading the rules text of D&D 5e spells and monster abilities (SRD 5.1 and SRD 5.2 wording) as data.

The SRD's wording is regular enough to read what the engine needs, and nothing is guessed: what a sentence
doesn't say plainly is reported (`Reading.problems`) and the spell keeps its text.

Spells (2014 "must make a dexterity saving throw. A target takes 8d6 fire damage on a failed save, or half
as much damage on a successful one"; 2024 "makes a Dexterity saving throw, taking 8d6 Fire damage on a
failed save or half as much damage on a successful one"):

* **save** — the first "must succeed on / must make / makes a <Ability> saving throw" (a creature *having
  Advantage on* saves is not a save); a spell naming two different saves is reported;
* **damage on a failed save** — "taking <dice> <Type> damage [and <dice> <Type> damage] on a failed save";
  "or take <dice> <Type> damage"; "On a failed save, … takes <dice> <Type> damage"; "Failure: <n> (<dice>)
  <Type> damage"; **on a success** — "half as much damage" / "Success: Half damage" → half, nothing said →
  none;
* **spell attack** — "make a ranged (melee) spell attack", its damage "On a hit, … takes <dice> <Type>
  damage";
* **area** — "<N>-foot-radius Sphere / Cylinder", "<N>-foot Cone / Cube / Emanation", "a <N>-foot-long,
  <W>-foot-wide Line", "a line 100 feet long and 5 feet wide", "<N>-foot-radius, <H>-foot-high Cylinder";
* **conditions on a failure** — "or have the Paralyzed condition", "or be paralyzed", "or become
  frightened", "has the Prone condition" in the failure clause; "for the duration", "until the end of your
  next turn"; "repeats the save at the end of each of its turns" (the condition lasts until a successful
  save);
* **higher levels** — "increases by 1d6 for each (spell) slot level above 3(rd)" (the damage type of the
  part it names, else the first); "one additional <creature> for each slot level above N" (targets);
  cantrips' "increases by 1d10 when you reach levels 5 (2d10), 11 (3d10), and 17 (4d10)", which must match
  the ×2/×3/×4 rule;
* **targets** — "up to three creatures" and the like; otherwise one.

Monster abilities: the 2024 block "<Ability> Saving Throw: DC <n>, <who>. Failure: … Success: …" and the 2014
sentence "must make a DC <n> <Ability> saving throw, taking <avg> (<dice>) <type> damage on a failed save,
or half as much damage on a successful one", with the area in the text ("exhales fire in a 60-foot cone",
"a 90-foot line that is 10 feet wide") and "Recharge 5–6" / "3/Day" from the data's uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

ABILITY_WORDS: dict[str, str] = {
    "strength": "str",
    "dexterity": "dex",
    "constitution": "con",
    "intelligence": "int",
    "wisdom": "wis",
    "charisma": "cha",
}
DAMAGE_TYPES: tuple[str, ...] = (
    "acid",
    "bludgeoning",
    "cold",
    "fire",
    "force",
    "lightning",
    "necrotic",
    "piercing",
    "poison",
    "psychic",
    "radiant",
    "slashing",
    "thunder",
)
CONDITIONS: tuple[str, ...] = (
    "blinded",
    "charmed",
    "deafened",
    "frightened",
    "grappled",
    "incapacitated",
    "invisible",
    "paralyzed",
    "petrified",
    "poisoned",
    "prone",
    "restrained",
    "stunned",
    "unconscious",
)
#: 2014 verbs for conditions: "be paralyzed", "become frightened", "fall prone", "knocked prone".
_CONDITION_WORDS = "|".join(CONDITIONS)
NUMBER_WORDS: dict[str, int] = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "twelve": 12,
}
SHAPES: dict[str, str] = {
    "sphere": "sphere",
    "cone": "cone",
    "cube": "cube",
    "cylinder": "cylinder",
    "emanation": "emanation",
    "line": "line",
    "radius": "sphere",
}

_DICE = r"\d+d\d+(?:\s*[+\-−]\s*\d+)?"
_AMOUNT = rf"(?:\d+\s*\(\s*(?P<avg_dice>{_DICE})\s*\)|(?P<dice>{_DICE})|(?P<flat>\d+))"
_TYPES = "|".join(DAMAGE_TYPES)
#: "8d6 Fire damage", "63 (18d6) fire damage", "10d6 + 40 Force damage", "20 Radiant damage".
DAMAGE_PHRASE = re.compile(
    rf"(?:\d+\s*\(\s*(?P<avg>{_DICE})\s*\)|(?P<dice>{_DICE})|(?P<flat>\b\d+))\s+(?P<type>{_TYPES})\s+damage",
    re.IGNORECASE,
)
_SAVE = re.compile(
    r"(?:must\s+(?:first\s+)?(?:succeed\s+on|make|attempt)|makes?|repeats?|succeeds?\s+on|fails?)\s+an?\s+"
    r"(?:DC\s+(?P<dc>\d+)\s+)?(?P<ability>strength|dexterity|constitution|intelligence|wisdom|charisma)"
    r"\s+saving\s+throw",
    re.IGNORECASE,
)
_SAVE_BLOCK = re.compile(
    r"(?P<ability>Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma)\s+Saving\s+Throw:\s*"
    r"DC\s+(?P<dc>\d+)",
)
_ATTACK = re.compile(r"make\s+a\s+(?P<kind>ranged|melee)\s+spell\s+attack", re.IGNORECASE)
_AREA = re.compile(
    r"(?:\d+-(?:foot|ft\.?)-?(?:high|tall),\s*)?(?P<feet>\d+)-(?:foot|ft\.?)(?:-radius|\s+radius)?"
    r"(?:,\s*\d+-(?:foot|ft\.?)-?\s*(?:high|tall))?(?:-|\s+)(?P<shape>sphere|cone|cube|cylinder|emanation|line)"
    r"\b(?!\s+portion)",
    re.IGNORECASE,
)
_LINE = re.compile(
    r"(?P<feet>\d+)-(?:foot|ft\.?)-long,\s*(?P<width>\d+)-(?:foot|ft\.?)-wide\s+line"
    r"|line\s+(?P<feet2>\d+)\s+feet\s+long\s+and\s+(?P<width2>\d+)\s+feet\s+wide"
    r"|(?P<feet3>\d+)-(?:foot|ft\.?)\s+line\s+that\s+is\s+(?P<width3>\d+)\s+feet\s+wide"
    r"|(?P<width4>\d+)-(?:foot|ft\.?)-wide,\s*(?P<feet4>\d+)-(?:foot|ft\.?)-long\s+line",
    re.IGNORECASE,
)
_LATER = re.compile(
    r"(?:another|an\s+extra|and)\s+\d+d\d+\s+\w+\s+damage\s+at\s+the\s+(?:end|start)\s+of", re.IGNORECASE
)
#: "each creature within 5 feet of that point": a sphere of that radius around the point.
_NEAR_POINT = re.compile(
    r"each\s+creature\s+within\s+(?P<feet>\d+)\s+(?:feet|foot)\s+of\s+(?:that|the|a)\s+point", re.IGNORECASE
)
#: A shape named without a size ("each creature in the Cylinder").
SHAPE_NAMED = re.compile(r"\b(?:the|that)\s+(Sphere|Cone|Cube|Cylinder|Line|Emanation)\b")
_HALF = re.compile(r"half\s+(?:as\s+much|the\s+(?:initial\s+)?damage|damage)", re.IGNORECASE)
_SLOT_STEP = re.compile(
    rf"(?:the\s+(?P<which>(?:{_TYPES})(?:\s+damage\s+and\s+the\s+(?:{_TYPES}))?)\s+damage|damage|"
    rf"the\s+initial\s+damage)\s+increases?\s+by\s+(?P<dice>{_DICE})\s+for\s+(?:each|every)\s+"
    r"(?:spell\s+)?slot\s+level\s+above\s+(?:the\s+)?(?P<base>\d+)",
    re.IGNORECASE,
)
_SLOT_STEP_2014 = re.compile(
    rf"(?:the\s+(?P<which>(?:{_TYPES})(?:\s+damage\s+(?:and|or)\s+(?:the\s+)?(?:{_TYPES}))?)\s+damage|"
    rf"(?:the\s+)?damage)\s+(?:\(both\s+types\)\s+)?increases?\s+by\s+(?P<dice>{_DICE})\s+for\s+each\s+"
    r"slot\s+level\s+above\s+(?P<base>\d+)(?:st|nd|rd|th)",
    re.IGNORECASE,
)
_MORE_TARGETS = re.compile(
    r"(?:target|affect)\s+(?:one|1)\s+additional\s+\w+(?:\s+\w+)?\s+for\s+each\s+(?:spell\s+)?slot\s+level\s+"
    r"above\s+(?P<base>\d+)",
    re.IGNORECASE,
)
_CANTRIP = re.compile(
    rf"increases?\s+by\s+(?P<dice>{_DICE})\s+when\s+you\s+reach\s+(?:levels?\s+)?5(?:th)?(?:\s+level)?\s*"
    rf"\((?P<d5>{_DICE})\),\s*11(?:th)?(?:\s+level)?\s*\((?P<d11>{_DICE})\),\s*and\s+17(?:th)?(?:\s+level)?\s*"
    rf"\((?P<d17>{_DICE})\)",
    re.IGNORECASE,
)
_UP_TO = re.compile(
    r"up\s+to\s+(?P<n>one|two|three|four|five|six|seven|eight|nine|ten|twelve|\d+)\s+"
    r"(?:creatures|targets|humanoids|beasts|willing\s+creatures)",
    re.IGNORECASE,
)
#: "Choose one creature within range, or choose two creatures …" (the most it may target).
_CHOOSE = re.compile(
    r"choose\s+one\s+creature[^.]*?,\s*or\s+choose\s+(?P<n>two|three|four)\s+creatures",
    re.IGNORECASE,
)
_CHOICE_TYPE = re.compile(
    r"damage\s+of\s+the\s+chosen\s+type|chosen\s+(?:damage\s+)?type|type\s+of\s+your\s+choice|"
    rf"(?:{_TYPES}),\s+(?:or\s+)?(?:{_TYPES})(?:,\s+(?:or\s+)?(?:{_TYPES}))*\s+damage\s+\(your\s+choice",
    re.IGNORECASE,
)


@dataclass
class Reading:
    """What was read of one text."""

    save: str | None = None
    dc: int | None = None
    success: str | None = None
    attack: str | None = None
    damage: list[tuple[str, str]] = field(default_factory=list)
    area: tuple[str, int, int] | None = None
    targets: int | None = None
    conditions: list[str] = field(default_factory=list)
    lasts: str | None = None
    heighten_every: int = 0
    heighten_damage: list[tuple[str, str]] = field(default_factory=list)
    heighten_targets: int = 0
    cantrip_ok: bool | None = None
    problems: list[str] = field(default_factory=list)


def clean(text: str) -> str:
    """Markdown and Foundry markup out: ``**Hit:**`` → ``Hit:``; ``[Area of Effect]|XPHB|Cone`` → ``Cone``;
    ``&Reference[paralyzed]`` → ``paralyzed``; HTML tags removed; whitespace folded; "−" → "-"."""
    text = re.sub(r"\[Area of Effect\]\|\w+\|\w+", "", text)
    text = re.sub(r"&Reference\[([^\]]+)\]", r"\1", text)
    text = re.sub(r"@\w+\[[^\]]*\]\{([^}]*)\}", r"\1", text)
    text = re.sub(r"<[^>]+>", " ", text)
    text = text.replace("*", "").replace("_", " ").replace("−", "-").replace("–", "-").replace("&amp;", "&")
    return " ".join(text.split())


def _formula(match: re.Match[str]) -> str:
    raw = match.group("avg") or match.group("dice") or match.group("flat")
    return re.sub(r"\s+", "", raw).replace("−", "-")


def damage_parts(text: str) -> list[tuple[str, str]]:
    """Every "<dice> <type> damage" in `text`, in order, as (formula, type)."""
    return [(_formula(m), m.group("type").lower()) for m in DAMAGE_PHRASE.finditer(text)]


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"(])", text) if s.strip()]


def read_area(text: str) -> tuple[str, int, int] | None:
    """The first area the text names, as (shape, feet, width)."""
    line = _LINE.search(text)
    area = _AREA.search(text)
    if line is not None and (area is None or line.start() <= area.start()):
        feet = line.group("feet") or line.group("feet2") or line.group("feet3") or line.group("feet4")
        width = line.group("width") or line.group("width2") or line.group("width3") or line.group("width4")
        return ("line", int(feet), int(width))
    if area is None:
        near = _NEAR_POINT.search(text)
        return None if near is None else ("sphere", int(near.group("feet")), 5)
    shape = area.group("shape").lower()
    return (shape, int(area.group("feet")), 5)


#: Words before a condition that mean it is not given ("can't benefit from the Invisible condition").
_NOT_GIVEN = re.compile(
    r"(?:can't|cannot|doesn't|don't|isn't|aren't|immun\w*|no\s+longer|end(?:s|ing)?|remov\w*|benefit\s+from|"
    r"suppress\w*|instead\s+of|already)\s+(?:\w+\s+){0,4}$",
    re.IGNORECASE,
)


def read_conditions(text: str) -> list[str]:
    """Conditions the text gives: "the Prone condition", "be paralyzed", "become frightened", "knocked
    prone", "fall prone" (lower case, in order, once each)."""
    found: list[str] = []
    patterns = (
        rf"(?:the|has\s+the|have\s+the)\s+({_CONDITION_WORDS})\s+condition",
        rf"\b(?:be|become|is|falls?|knocked|knock\s+it)\s+({_CONDITION_WORDS})\b",
        rf"\b({_CONDITION_WORDS})\s+(?:and|or)\s+(?:the\s+)?({_CONDITION_WORDS})\s+conditions",
    )
    for pattern in patterns:
        for m in re.finditer(pattern, text, re.IGNORECASE):
            if _NOT_GIVEN.search(text[max(0, m.start() - 40) : m.start()]):
                continue
            for g in m.groups():
                if g and g.lower() not in found:
                    found.append(g.lower())
    return found


_FAIL_START = re.compile(
    r"^(?:On\s+a\s+failed\s+save|On\s+failed\s+save|A\s+(?:target|creature)\s+takes|The\s+(?:target|creature)\s+"
    r"takes|It\s+takes|(?:First\s+)?Failure\b)",
    re.IGNORECASE,
)
_SUCCESS_START = re.compile(r"^(?:On\s+a\s+successful\s+save|On\s+a\s+success|Success\b)", re.IGNORECASE)


def _failure_clause(text: str, save_at: int) -> tuple[str, str]:
    """The words about a failed and a successful save: the sentence of the save at `save_at` and the
    sentences right after it that begin "On a failed save" / "A target takes" / "Failure"; then those that
    begin "On a successful save" / "Success"."""
    start = text.rfind(". ", 0, save_at)
    sentences = _sentences(text[start + 2 if start >= 0 else 0 :])
    fail = [sentences[0]] if sentences else []
    success: list[str] = []
    for sentence in sentences[1:]:
        if _FAIL_START.match(sentence) and not success:
            fail.append(sentence)
        elif _SUCCESS_START.match(sentence):
            success.append(sentence)
        else:
            break
    return " ".join(fail), " ".join(success)


def read_spell_text(desc: str, higher: str = "", *, level: int = 0) -> Reading:
    """Read a 5e spell's description and its "At Higher Levels" / "Using a Higher-Level Spell Slot" text."""
    text = clean(desc)
    r = Reading()
    saves = list(_SAVE.finditer(text))
    abilities = [ABILITY_WORDS[m.group("ability").lower()] for m in saves]
    attack = _ATTACK.search(text)
    if attack is not None:
        r.attack = attack.group("kind").lower()
    if saves:
        r.save = abilities[0]
        if len(set(abilities)) > 1:
            r.problems.append(
                f"it calls for more than one kind of save ({', '.join(dict.fromkeys(abilities))})"
            )
        if saves[0].group("dc"):
            r.dc = int(saves[0].group("dc"))
    if r.save and r.attack:
        r.problems.append("a spell attack and a save in one spell (two rolls per target)")
    r.area = read_area(text)
    if _CHOICE_TYPE.search(text):
        r.problems.append("the damage type is chosen when the spell is cast")
    if r.save is not None:
        fail, success = _failure_clause(text, saves[0].start())
        r.damage = damage_parts(fail)
        if r.damage:
            r.success = "half" if _HALF.search(success or fail) else "none"
            others = [p for p in damage_parts(text) if p not in r.damage]
            if _LATER.search(fail):
                r.problems.append("part of its damage comes later (at the end of a turn)")
            if others:
                r.problems.append("its text deals more damage than the save's (another roll or a later turn)")
        elif damage_parts(text):
            r.problems.append("its damage isn't tied to the save in words the reader knows")
        r.conditions = read_conditions(fail)
        if re.search(
            r"repeats?\s+the\s+save|make\s+another\s+\w+\s+saving\s+throw|repeat\s+the\s+saving\s+throw",
            text,
            re.I,
        ):
            r.lasts = "save"
        elif re.search(r"until\s+the\s+end\s+of\s+your\s+next\s+turn", fail, re.I):
            r.lasts = "your next turn"
        elif re.search(r"until\s+the\s+end\s+of\s+its\s+next\s+turn", fail, re.I):
            r.lasts = "its next turn"
    elif r.attack is not None:
        hit = re.search(r"On\s+a\s+hit,?(.*?)(?:\.|$)", text, re.IGNORECASE)
        r.damage = damage_parts(hit.group(1)) if hit else damage_parts(text)
        r.conditions = read_conditions(hit.group(1)) if hit else []
        if hit and _LATER.search(hit.group(1)):
            r.problems.append("part of its damage comes later (at the end of a turn)")
    else:
        r.damage = damage_parts(text)
    if r.damage and re.search(r"for\s+every\s+\d+\s+feet\s+it\s+(?:moves|travels)", text, re.I):
        r.problems.append("its damage is dealt as creatures move through it")
    if re.search(r"damage\s+equal\s+to\s+[^.]*spellcasting\s+ability\s+modifier", text, re.I):
        r.problems.append("its damage adds the caster's spellcasting ability modifier")
    if re.search(r"damage\s+equal\s+to\s+the\s+total", text, re.I):
        r.problems.append("its damage builds up while the spell lasts")
    if re.search(r"\b(?:ten|several|\w+)\s+\d+-foot\s+(?:Cubes|Spheres)\b", text, re.I):
        r.problems.append("its area is made of several shapes the caster arranges")
    if re.search(r"\bif\s+you\s+are\s+(?:good|evil)", text, re.I):
        r.problems.append("the damage type depends on the caster's alignment")
        if len(r.damage) == 2 and r.damage[0][0] == r.damage[1][0]:
            r.damage = r.damage[:1]  # one or the other: the first (a good or neutral caster's) is kept
    up_to = _UP_TO.search(text) or _CHOOSE.search(text)
    if up_to is not None:
        n = up_to.group("n").lower()
        r.targets = NUMBER_WORDS.get(n, int(n) if n.isdigit() else 1)
    _read_higher(r, clean(higher), level)
    return r


def _read_higher(r: Reading, higher: str, level: int) -> None:
    if not higher:
        return
    if level == 0:
        m = _CANTRIP.search(higher)
        if m is not None:
            base = m.group("dice").replace(" ", "")
            count, sides = base.split("d")
            want = [f"{int(count) * k}d{sides}" for k in (2, 3, 4)]
            got = [m.group(g).replace(" ", "") for g in ("d5", "d11", "d17")]
            r.cantrip_ok = got == want
            if not r.cantrip_ok:
                r.problems.append(
                    f"its damage by character level ({', '.join(got)}) isn't ×2/×3/×4 of {base}"
                )
        elif re.search(r"\blevels?\s+5\b|\b5th\s+level\b", higher, re.I):
            r.problems.append("it grows by character level in a way other than more damage dice")
        return
    step = _SLOT_STEP.search(higher) or _SLOT_STEP_2014.search(higher)
    if step is not None:
        dice = step.group("dice").replace(" ", "")
        which = step.group("which")
        types = [t for t in DAMAGE_TYPES if which and re.search(rf"\b{t}\b", which, re.I)]
        if not types and r.damage:
            types = [r.damage[0][1]]
        r.heighten_every = 1
        r.heighten_damage = [(dice, t) for t in types]
        if int(step.group("base")) != level:
            r.problems.append(f"its higher levels count from level {step.group('base')}, not {level}")
    more = _MORE_TARGETS.search(higher)
    if more is not None:
        r.heighten_every = 1
        r.heighten_targets = 1


# ---------------------------------------------------------------------------------------- monster text


@dataclass
class AbilityReading:
    """What was read of a monster ability's text."""

    save: str | None = None
    dc: int | None = None
    success: str = "none"
    damage: list[tuple[str, str]] = field(default_factory=list)
    area: tuple[str, int, int] | None = None
    conditions: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def read_ability_text(desc: str) -> AbilityReading | None:
    """A monster ability with a saving throw (2024 "Dexterity Saving Throw: DC 21, …" blocks; 2014 "must make
    a DC 21 Dexterity saving throw …"), or None when the text has no save."""
    text = clean(desc)
    a = AbilityReading()
    block = _SAVE_BLOCK.search(text)
    if block is not None:
        a.save = ABILITY_WORDS[block.group("ability").lower()]
        a.dc = int(block.group("dc"))
        after = text[block.end() :]
        fail_m = re.search(r"(?:First\s+)?Failure:?\s", after)
        succ_m = re.search(
            r"Success:\s*(.*?)(?:$|(?=\s+(?:Failure|First Failure|Failure or Success)\b))", after
        )
        who = after[: fail_m.start()] if fail_m else after
        fail = after[fail_m.end() : succ_m.start() if succ_m else None] if fail_m else ""
        a.area = read_area(who) or read_area(text[: block.start()])
        a.damage = damage_parts(fail)
        if succ_m is not None and _HALF.search(succ_m.group(1)):
            a.success = "half"
        a.conditions = read_conditions(fail)
        if len(_SAVE_BLOCK.findall(text)) > 1:
            a.problems.append("more than one saving throw")
        if text[: block.start()].strip() and re.search(r"Attack Roll:", text[: block.start()]):
            a.problems.append("the save follows a hit (an attack's rider)")
        return a
    m = _SAVE.search(text)
    if m is None or not m.group("dc"):
        return None
    a.save = ABILITY_WORDS[m.group("ability").lower()]
    a.dc = int(m.group("dc"))
    fail, success = _failure_clause(text, m.start())
    a.damage = damage_parts(fail)
    if _HALF.search(fail + " " + success):
        a.success = "half"
    a.area = read_area(text)
    a.conditions = read_conditions(fail)
    if re.search(r"Hit:", text[: m.start()]):
        a.problems.append("the save follows a hit (an attack's rider)")
    if len({x.group("ability").lower() for x in _SAVE.finditer(text)}) > 1:
        a.problems.append("more than one kind of saving throw")
    return a
