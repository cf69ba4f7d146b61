"""The lab's errors: each is one line for a person (the CLI prints it and exits 1; Stopped exits 130)."""

from __future__ import annotations

from kansei.core.errors import KanseiError


class BackendError(KanseiError):
    """A backend cannot run (Ray missing, a cluster address that does not answer)."""


class WorkerLost(BackendError):
    """A worker process or node died while playing (the chunks it held are played again on resume)."""


class WorkerError(KanseiError):
    """A worker cannot play the run as planned (other content on a node, a game missing)."""


class RunError(KanseiError):
    """A run folder that cannot be used as asked (missing, not a run, made with other parameters)."""


class Stopped(KanseiError):
    """A run stopped before its end (Ctrl-C, a worker lost); what was played is saved."""


__all__ = ["BackendError", "RunError", "Stopped", "WorkerError", "WorkerLost"]
