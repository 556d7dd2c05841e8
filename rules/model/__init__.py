"""Value types of the engine: creatures (`creature`), the encounter (`encounter`), placed areas (`areas`)
and `GameState` (`state`: scene + encounter + areas + log), with the file codec of the engine's keys
(`codec`). The map itself is `rules.scene.Scene`."""
