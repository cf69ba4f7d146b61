"""Many games at once: tournaments between agents, statistics with confidence intervals."""

from .ladder import ladder
from .runner import GameResult, play_game, run_games
from .stats import simulate, wilson

__all__ = ["GameResult", "ladder", "play_game", "run_games", "simulate", "wilson"]
