"""The battle map: the scene that mirrors the document, the view, its items and tools, and map pictures."""
