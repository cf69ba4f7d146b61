"""MCTS search speed of every registered game, single process, one core, beside OpenSpiel's Python MCTS.

For each game: iterations per second of ``mcts`` from decision points sampled along random games (every
position where the seat to move has a real choice), three ways: rollouts cut at ``--depth`` plies with the
game's evaluation at the leaf, full rollouts to the end of the game, and the game's expert level (what
``level:expert`` searches with). With the optional `bench` extra (`pip install -e '.[bench]'`), OpenSpiel's
Python MCTS (``open_spiel.python.algorithms.mcts.MCTSBot`` with random rollouts) runs on its dice game Pig
before every game, so each game's ratio is taken against the anchor measured next to it. An iteration here
and a simulation there are the same unit of work: one descent of the tree, one expansion, one rollout (or
evaluation) and one backup — ours also draws a fresh determinisation.

Times are the process's CPU time (``time.process_time``), not the wall clock: on a machine shared with
other work that is what one core gives, and it is far steadier than the wall clock. The figures are still
noisy there (caches and memory are shared): compare the ratios.

Prints a table and then one JSON object.

    python bench/mcts.py [--iters 1000] [--positions 12] [--depth 10] [--games touge,minid] [--json-only]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

import kansei
from kansei.agents import make_agent
from kansei.agents.mcts import MctsParams

sys.path.insert(0, str(Path(__file__).parent))
from playouts import compiled_now, compiled_text  # noqa: E402  (one report of what ran compiled)

# the early stop changes how many iterations a search runs, not how fast they run: off, so every search
# runs its whole budget (and the code before it, which has no such key, is measured alike)
NO_STOP = ",stop=false" if "stop" in MctsParams.model_fields else ""


def positions(game_id: str, count: int, seed: int = 1) -> list:
    """Decision points (more than one legal action) spread along random games of ``game_id``."""
    game = kansei.load(game_id)
    rng = random.Random(seed)
    found = []
    g = 0
    while len(found) < count:
        g += 1
        s = game.start(seed=g)
        steps = []
        while not s.is_over:
            if len(s.legal_actions()) > 1:
                steps.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
        # a few positions per game, from its start to its end
        k = min(4, len(steps), count - len(found))
        for i in range(k):
            found.append(steps[(i * len(steps)) // k])
    return found


def search_speed(states: list, spec: str) -> dict:
    """Iterations per CPU second of ``spec`` over ``states`` (the agent searches each for the seat to
    move)."""
    iters = 0
    seconds = 0.0
    for i, s in enumerate(states):
        agent = make_agent(spec, seed=i)
        seat = s.to_move
        world = s.determinize(seat, random.Random(i))
        t0 = time.process_time()
        agent.search(world, seat)
        seconds += time.process_time() - t0
        iters += agent.last_iterations
    return {"spec": spec, "iterations": iters, "seconds": round(seconds, 4), "iters_per_sec": iters / seconds}


def expert_spec(game_id: str, iters: int) -> str | None:
    """The game's expert level as a fixed number of iterations (its time budget dropped), if it searches."""
    try:
        from kansei.agents.levels import level_spec
    except ImportError:  # the code before levels existed
        return None
    spec = level_spec(kansei.load(game_id), "expert")
    if not spec.startswith("mcts:"):
        return None
    keys = [k for k in spec.removeprefix("mcts:").split(",") if k.split("=")[0] not in ("iters", "time")]
    return "mcts:" + ",".join([f"iters={iters}", *keys]) + NO_STOP


def openspiel_pig(sims: int, moves: int) -> dict | None:
    """OpenSpiel's Python MCTSBot with random rollouts on Pig: simulations per CPU second (None if absent)."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return None
    game = pyspiel.load_game("pig")
    rs = np.random.RandomState(7)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=sims,
        evaluator=mcts.RandomRolloutEvaluator(1, rs),
        random_state=rs,
        solve=False,
    )
    state = game.new_initial_state()
    done = 0
    seconds = 0.0
    while done < moves:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=probs)))
            continue
        t0 = time.process_time()
        action = bot.step(state)
        seconds += time.process_time() - t0
        done += 1
        state.apply_action(action)
    return {
        "game": "pig",
        "simulations": sims * moves,
        "seconds": round(seconds, 4),
        "sims_per_sec": sims * moves / seconds,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iters", type=int, default=1000, help="iterations per search")
    ap.add_argument("--positions", type=int, default=12, help="decision points per game")
    ap.add_argument("--depth", type=int, default=10, help="rollout cut-off of the depth-limited figure")
    ap.add_argument("--games", default=",".join(kansei.games()), help="comma-separated game ids")
    ap.add_argument("--openspiel-moves", type=int, default=4, help="Pig moves searched (0: skip OpenSpiel)")
    ap.add_argument("--json-only", action="store_true")
    a = ap.parse_args(argv)
    rows = []
    anchors = []
    for gid in [g.strip() for g in a.games.split(",") if g.strip()]:
        pig = openspiel_pig(a.iters, a.openspiel_moves) if a.openspiel_moves > 0 else None
        if pig:
            anchors.append(pig["sims_per_sec"])
        states = positions(gid, a.positions)
        cut = search_speed(states, f"mcts:iters={a.iters},depth={a.depth}{NO_STOP}")
        full = search_speed(states, f"mcts:iters={a.iters},depth=end{NO_STOP}")
        spec = expert_spec(gid, a.iters)
        expert = search_speed(states, spec) if spec else None
        row = {
            "game": gid,
            "positions": len(states),
            "depth": a.depth,
            "cut_iters_per_sec": round(cut["iters_per_sec"], 1),
            "full_iters_per_sec": round(full["iters_per_sec"], 1),
            "expert_iters_per_sec": round(expert["iters_per_sec"], 1) if expert else None,
            "cut": cut,
            "full": full,
            "expert": expert,
            "openspiel_sims_per_sec": round(pig["sims_per_sec"], 1) if pig else None,
        }
        if pig:
            for key in ("cut", "full", "expert"):
                v = row[f"{key}_iters_per_sec"]
                row[f"{key}_ratio"] = round(v / pig["sims_per_sec"], 2) if v else None
        rows.append(row)
    result = {
        "bench": "mcts",
        "clock": "process_time",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "iters_per_search": a.iters,
        "compiled": compiled_now(),
        "games": rows,
        "openspiel_pig_sims_per_sec": round(statistics.mean(anchors), 1) if anchors else None,
    }
    if not a.json_only:
        print(
            f"MCTS iterations per CPU second, one core, {a.iters} iterations a search, {a.positions} places"
        )
        head = f"{'game':<10} {'depth ' + str(a.depth) + ' + eval':>16} {'full rollouts':>14} {'expert':>10}"
        print(head + ("   (× OpenSpiel's MCTS on Pig, measured before each game)" if anchors else ""))
        for r in rows:
            ex = f"{r['expert_iters_per_sec']:>10,.0f}" if r["expert_iters_per_sec"] else f"{'—':>10}"
            line = f"{r['game']:<10} {r['cut_iters_per_sec']:>16,.0f} {r['full_iters_per_sec']:>14,.0f} {ex}"
            if r["openspiel_sims_per_sec"]:
                ratios = [r.get(f"{k}_ratio") for k in ("cut", "full", "expert")]
                line += "   " + " / ".join(f"{x:.1f}×" if x else "—" for x in ratios)
                line += f"  (OpenSpiel {r['openspiel_sims_per_sec']:,.0f}/s)"
            print(line)
        print(f"compiled with mypyc: {compiled_text(result['compiled'])}")
        if not anchors:
            print("OpenSpiel not installed (pip install -e '.[bench]'): no reference figure")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
