"""Dock widgets around the map. The inspector is here now; initiative and log docks slot in beside it."""
