"""Errors a user can cause. Each carries a one-line message meant to be printed as is."""

from __future__ import annotations


class KanseiError(Exception):
    """Base of every error caused by input (options, decks, files, actions).

    The CLI prints ``str(error)`` on one line and exits 1; it never shows a traceback for these.
    """


class IllegalAction(KanseiError):
    """An action that is not legal in the current state. The state is left exactly as it was."""


class OptionError(KanseiError):
    """An unknown game, mode or option, or a bad option value."""


class ContentError(KanseiError):
    """Malformed content, deck or replay file: one line per problem in ``problems``."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))

    def __reduce__(self) -> tuple[type[ContentError], tuple[list[str]]]:
        # pickled whole (a worker process sends it back): the default would rebuild it from the joined
        # text, one problem per character
        return (type(self), (self.problems,))
