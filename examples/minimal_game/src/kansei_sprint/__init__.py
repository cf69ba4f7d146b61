"""Sprint, a kansei plugin: a complete, tiny hidden-information race in the one layout of every kansei game
(docs/adding-a-game.md in the kansei repository walks through it)."""
