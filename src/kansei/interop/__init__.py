"""Research interop: every kansei game in OpenSpiel, PettingZoo and Gymnasium (the ``interop`` extra).

- :mod:`kansei.interop.openspiel` — ``register()`` makes ``python_kansei_<id>`` OpenSpiel games;
- :mod:`kansei.interop.pettingzoo` — ``env(game_id, **options)``, an AEC environment with action masks;
- :mod:`kansei.interop.gymnasium` — ``make(game_id, opponent="greedy", seat=0, **options)`` and the ids
  ``kansei/<id>-v0``;
- :mod:`kansei.interop.agents` — OpenSpiel's MCTS and IS-MCTS as kansei agents (``openspiel:mcts``,
  ``openspiel:ismcts``);
- :mod:`kansei.interop.encoding` — the action indices and observation vectors the three share.

Each adapter module imports its library on import; this package imports none of them.
See ``docs/interop.md``.
"""
