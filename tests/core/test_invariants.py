"""Every registered game keeps the contract: kansei's own tests are thin callers of the conformance kit
(``kansei.testing.check_game``), exactly what a plugin author runs.

``KNOWN_GAPS`` lists, per built-in game (or one configuration of it, ``minid[]p2``), the checks it still
fails while its engineer implements the contract's hooks (issue 19). Each entry is strict: once the game
passes the check, the test fails until the entry is removed, so a gap closed stays closed.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kansei.testing import check_game

KNOWN_GAPS: dict[str, dict[str, str]] = {}


def test_the_game_keeps_the_contract(config):
    gid, opts, n = config
    report = check_game(gid, configs=[{"options": opts, "players": n}], raise_on_failure=False)
    extra = ",".join(f"{k}={v}" for k, v in opts.items())
    gaps = KNOWN_GAPS.get(f"{gid}[{extra}]p{n}", KNOWN_GAPS.get(gid, {}))
    unexpected = [str(f) for f in report.failures if f.check not in gaps]
    assert not unexpected, "\n".join(unexpected)
    closed = [check for check in gaps if not any(f.check == check for f in report.failures)]
    assert not closed, f"{gid} now passes {closed}: remove them from KNOWN_GAPS in {__file__}"


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31 - 1))
def test_any_seed_keeps_the_step_properties(config, seed):
    """The properties that hold step by step, on seeds hypothesis picks (the kit's defaults are fixed)."""
    gid, opts, n = config
    check_game(
        gid,
        configs=[{"options": opts, "players": n}],
        seeds=[seed],
        end_seeds=[],
        probes=4,
        only=["ends", "legal", "census", "clone", "replay", "determinize", "pickle", "to_dict", "leaks"],
    )
