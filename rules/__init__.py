"""FiveFoot's rules engine: the grid, the scene and the game rules, with no GUI.

Nothing in this package imports Qt (an import-linter contract and a test prove it).

Importing it first installs `rules.dataclass_cache`: the methods of the engine's dataclasses are compiled once
per Python version and kept beside its bytecode, not compiled again by every process.
"""

from rules.dataclass_cache import install as _install_dataclass_cache

_install_dataclass_cache()

__version__ = "0.1.0"
