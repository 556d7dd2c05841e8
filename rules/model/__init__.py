"""Value types of the engine: creatures (`creature`), the encounter (`encounter`), placed areas (`areas`,
`area_spec`), how a system uses the grid (`grid_rules`) and `GameState` (`state`: scene + encounter + areas
+ log), with the file codec of the engine's keys (`codec`). The map itself is `rules.model.scene.Scene`."""
