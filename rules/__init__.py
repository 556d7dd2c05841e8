"""FiveFoot's rules engine: the grid, the scene and the game rules, with no GUI.

Nothing in this package imports Qt (an import-linter contract and a test prove it).
"""

__version__ = "0.1.0"
