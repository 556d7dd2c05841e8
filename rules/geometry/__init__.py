"""Grid geometry: coordinates, distance, movement, reach, areas, sight, cover and flanking.

Geometry answers facts ("the centre line crosses a low wall", "these two flank"); the rule systems in
`rules.systems` decide what the facts mean.
"""
