"""Sprint, a kansei plugin: see rules.py and docs/adding-a-game.md in the kansei repository."""
