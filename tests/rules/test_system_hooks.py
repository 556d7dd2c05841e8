"""The systems behind small protocols, python-chess style (issue 21 item 2): each flag and hook is declared
once, in one protocol of rules/systems/hooks; every system answers every one; the core reaches a scene's
system by the registry and never by its package."""

from __future__ import annotations

import inspect
import typing
from pathlib import Path

import pytest

from rules.systems import all_systems, system_for
from rules.systems.base import RuleSystem
from rules.systems.hooks.attacks import AttackRules
from rules.systems.hooks.checks import CheckRules
from rules.systems.hooks.facts import SystemFacts
from rules.systems.hooks.footing import FootingRules
from rules.systems.hooks.healing import HealingRules
from rules.systems.hooks.heroics import HeroicRules
from rules.systems.hooks.maneuvers import ManeuverRules
from rules.systems.hooks.reactions import ReactionRules
from rules.systems.hooks.saves import SaveRules
from rules.systems.hooks.stealth import StealthRules
from rules.systems.hooks.turns import TurnRules

ROOT = Path(__file__).resolve().parents[2]
PROTOCOLS = (
    SystemFacts,
    CheckRules,
    AttackRules,
    SaveRules,
    ManeuverRules,
    StealthRules,
    ReactionRules,
    HealingRules,
    HeroicRules,
    TurnRules,
    FootingRules,
)


def _declared(protocol: type) -> set[str]:
    """The flags (annotations) and hooks (public functions and properties) a protocol declares itself."""
    names = set(inspect.get_annotations(protocol))
    for name, value in protocol.__dict__.items():
        if not name.startswith("_") and (inspect.isfunction(value) or isinstance(value, property)):
            names.add(name)
    return names


def test_every_flag_and_hook_is_declared_in_one_protocol() -> None:
    seen: dict[str, str] = {}
    for protocol in PROTOCOLS:
        for name in _declared(protocol):
            assert name not in seen, f"{name} is declared in {seen[name]} and {protocol.__name__}"
            seen[name] = protocol.__name__
    assert {
        "uses_degrees",
        "d20_check",
        "with_situational",
        "maneuver",
        "reacts_to_moves",
        "spending",
    } <= set(seen)
    assert issubclass(RuleSystem, PROTOCOLS)


@pytest.mark.parametrize("system", all_systems(), ids=lambda s: s.name)
def test_every_system_answers_every_declared_flag_and_hook(system: RuleSystem) -> None:
    assert not type(system).__abstractmethods__  # every hook overridden
    for protocol in PROTOCOLS:
        hints = typing.get_type_hints(protocol)
        for name in _declared(protocol):
            value = getattr(system, name)  # an unset flag raises AttributeError here
            expected = hints.get(name)
            if expected in (bool, int, str):
                assert isinstance(value, expected), f"{system.name}.{name} = {value!r}"


def test_a_scene_finds_its_system_by_name_and_a_system_is_itself() -> None:
    for system in all_systems():
        assert system_for(system.name) is system and system_for(system) is system
    with pytest.raises(ValueError, match="unknown rule system 'chess'"):
        system_for("chess")


def test_the_core_never_names_a_system() -> None:
    """The done-when check of issue 21: no system name compared, no system package imported, outside
    rules/systems (the import-linter forbidden contract checks the imports too)."""
    import re

    pattern = re.compile(r'"(pf2e|dnd5e-2014|dnd5e-2024)"|system ==|is_pf2e')
    found = []
    for folder in ("rules/geometry", "rules/play", "rules/queries", "desktop"):
        for path in (ROOT / folder).rglob("*.py"):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert found == []
