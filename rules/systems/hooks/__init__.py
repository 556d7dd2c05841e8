"""The small protocols a rule system implements, one module per part of the rules (python-chess style:
each system sets class flags and overrides hooks; the core calls them and never asks which system it is).

* `facts.SystemFacts`: names, table defaults, the creature sheet, conditions, the token menu;
* `checks.CheckRules`: checks, saves as checks, passive values, contests, group checks;
* `attacks.AttackRules`: attack rolls, the GM's situational input, damage, critical hits, persistent damage;
* `saves.SaveRules`: saves against areas (the save, its DC and cover), automatic failures;
* `maneuvers.ManeuverRules`: grapple, shove, trip … — who may, the dice, the outcome;
* `stealth.StealthRules`: helping an ally, Seek / Search, Sneak, Point Out, what an attack reveals;
* `reactions.ReactionRules`: who may react to a move or an action, and how;
* `healing.HealingRules`: healing, HP lost, the maximum HP and speed after conditions;
* `heroics.HeroicRules`: Hero Points and (Heroic) Inspiration — rerolls, advantage, their words;
* `turns.TurnRules`: the turn's economy, its start and end, initiative.

`rules.systems.base.RuleSystem` is all of them; each flag and hook is declared once, in its protocol.
"""
