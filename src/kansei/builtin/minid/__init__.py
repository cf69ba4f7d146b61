"""Mini D: the dice race for 2 to 6 street racers (rules digest ids MD-…, see RULES.md)."""
