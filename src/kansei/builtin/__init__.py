"""The five games that ship with kansei, one package each: ``kansei.builtin.<id>``.

Each is a plugin like any other game: ``pyproject.toml`` lists it in the ``kansei.games`` entry-point
group, and the core finds it there (the core names no game). A package holds ``rules.py`` (the state
machine), ``cards.py`` (the content schema), ``content/*.toml``, ``bots.py`` (evaluation) and ``text.py``
(terminal rendering).
"""
