"""Card Race Stampede!! (game id ``stampede``): machines, gears and the race to zero."""
