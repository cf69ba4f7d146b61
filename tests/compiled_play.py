"""The games the compiled-against-source tests play in a child process (``python -c``), one way for all:
seeded random and greedy games of each (game, seats), a digest of every action, event, view and result,
printed as JSON with the modules that ran compiled and where kansei was imported from."""

from __future__ import annotations

import textwrap

SCRIPT = textwrap.dedent(
    """
    import hashlib, json
    import kansei
    from kansei.agents import choose, make_agent
    from kansei.core.compiled import compiled_modules

    out = {}
    for gid, players in GAMES:
        game = kansei.load(gid)
        for spec in ("random", "greedy"):
            for seed in SEEDS:
                agents = [make_agent(spec, seed=seed + q) for q in range(players)]
                s = game.start(seed=seed, players=players)
                views = []
                while not s.is_over:
                    views.append(s.view(s.to_move))
                    s.apply(choose(agents[s.to_move], s))
                record = [s.to_dict(), s.returns(), s.reveal(), s.event_log(), views]
                text = json.dumps(record, sort_keys=True, default=str).encode()
                out[f"{gid} {players}p {spec} {seed}"] = hashlib.blake2b(text).hexdigest()
    print(json.dumps({"file": kansei.__file__, "compiled": compiled_modules(), "games": out}))
    """
)


def play_script(games: list[tuple[str, int]], seeds: range) -> str:
    """The script for ``games`` ((game id, seats) pairs), each with random and greedy agents, ``seeds``."""
    return SCRIPT.replace("GAMES", repr(games)).replace("SEEDS", repr(seeds))
