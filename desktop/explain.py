"""Moved to `rules.play.explain` (the engine words its answers); kept so existing imports still work."""

from rules.play.explain import (
    DEGREE_TEXT,
    attack_headline,
    attack_lines,
    breakdown_lines,
    damage_lines,
    dnd_attack_lines,
    modifier_text,
    outcome_word,
    pf2e_attack_lines,
    save_line,
    signed,
    sum_text,
)

__all__ = [
    "DEGREE_TEXT",
    "attack_headline",
    "attack_lines",
    "breakdown_lines",
    "damage_lines",
    "dnd_attack_lines",
    "modifier_text",
    "outcome_word",
    "pf2e_attack_lines",
    "save_line",
    "signed",
    "sum_text",
]
