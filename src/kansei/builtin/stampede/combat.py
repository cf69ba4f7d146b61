"""Card Race Stampede!!: battle — attacks and runs (ST-T4), the goal, Double Action (ST-K2), Dead Heat
(ST-K5) and Crash (ST-K7).

The rules themselves are typed functions of the race in :mod:`.steps` (compiled with it); this layer is
how the state's other layers and the effect blocks reach them.
"""

from __future__ import annotations

from . import steps
from .items import AttackItem, DeadHeatItem, LossItem, RunItem
from .race import W_GOAL
from .state import Board


class Combat(Board):
    __slots__ = ()

    # -- declarations -------------------------------------------------------------------------------
    def _declare_attack(self, p: int, zones: tuple[int, ...], tz: int) -> None:
        """ST-T4: tap the attackers; the defender may respond (attack window)."""
        steps.declare_attack(self, self.race, p, zones, tz)

    def _declare_run(self, p: int, z: int) -> None:
        """ST-T4: tap the machine; the opponent may respond (run window)."""
        steps.declare_run(self, self.race, p, z)

    # -- resolution ---------------------------------------------------------------------------------
    def _resolve_attack(self, item: AttackItem) -> None:
        """ST-T4 combat: POW (summed for a combined attack) against DEF; events lose HP."""
        steps.resolve_attack(self, self.race, item)

    def _resolve_run(self, item: RunItem) -> None:
        steps.resolve_run(self, self.race, item)

    def effect_run(self, p: int, n: int, as_run: bool) -> None:
        """``advance`` block: lower the distance; a run (``as_run``) obeys ST-K1 and wakes Dead Heat."""
        if as_run and steps.obstructed(self.race, p):
            self.log("fizzle", what="run", seat=p)
            return
        steps.move(self, self.race, p, n, as_run, False)

    def _resolve_dead_heat(self, item: DeadHeatItem) -> None:
        steps.resolve_dead_heat(self, self.race, item)

    def _resolve_goal(self, item: LossItem) -> None:
        steps.resolve_goal(self, self.race, item)

    def _resolve_deckout(self, item: LossItem) -> None:
        steps.resolve_deckout(self, self.race, item)

    def change_distance(self, p: int, delta: int) -> None:
        """Add ``delta`` to a remaining distance (keepers' delays, costs)."""
        r = self.race
        r.distance = steps.with_seat(r.distance, p, r.distance[p] + delta)
        self.log("distance", seat=p, by=delta, distance=r.distance[p])
        steps.crash_check(self, r)
        if delta < 0 and r.distance[p] <= 0:
            r.windows.open(W_GOAL, 1 - p, LossItem(W_GOAL, p), data=1 - p)


__all__ = ["Combat"]
