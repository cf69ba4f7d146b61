"""Issue 23: every endpoint the OpenAPI schema lists, fuzzed by schemathesis (bodies, paths and query
parameters made from the schema and beyond it): never a 500, every refusal a one-line ``detail`` that quotes
no server path. Rooms in the paths are sometimes real ones (finished and being played), so the fuzz reaches
past the 404."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import needs
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable

from kansei.web import Config, create_app

from .conftest import FAST, new_room

schemathesis = needs.module("schemathesis", "the test extra: pip install -e '.[test]'")

ROOT = Path(__file__).resolve().parents[2]
ROOMS: list[str] = []


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'k.db'}"
    with TestClient(create_app(Config(db=db, bots=False, limits=FAST))) as c:
        done, tokens = new_room(c, "touge", ["human", "human"], seed=1)
        rng = random.Random(1)
        while not (p := c.get(f"/api/rooms/{done}").json())["over"]:
            t = tokens[str(p["to_move"])]
            legal = c.get(f"/api/rooms/{done}", params={"token": t}).json()["legal"]
            c.post(f"/api/rooms/{done}/actions", json={"token": t, "action": rng.choice(legal)})
        playing, _ = new_room(c, "minid", ["human", "human"], seed=2)
        ROOMS[:] = [done, playing]
        yield c


def operations() -> list:  # type: ignore[type-arg]
    """Every operation of the app's OpenAPI schema (read from the app itself: no server needed)."""
    app = create_app(Config(db="sqlite:///:memory:", bots=False))
    loaded = schemathesis.openapi.from_dict(app.openapi())
    return [r.ok() for r in loaded.get_all_operations()]


OPERATIONS = operations()
SENT = ("method", "url", "headers", "params", "json", "data", "content")


def check(api: TestClient, case) -> None:  # type: ignore[no-untyped-def]
    if case.path_parameters and "room" in case.path_parameters and ROOMS:
        pick = sum(map(ord, repr(case.path_parameters))) % 3
        if pick < 2:
            case.path_parameters["room"] = ROOMS[pick]
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    if isinstance(kwargs.get("data"), bytes | str):  # raw bytes are content to httpx
        kwargs["content"] = kwargs.pop("data")
    r = api.request(**{k: v for k, v in kwargs.items() if k in SENT})
    where = (case.method, case.formatted_path, case.query, str(case.body)[:200])
    assert r.status_code < 500, (*where, r.status_code, r.text[:300])
    for path in (str(ROOT), "/tmp/", "site-packages"):
        assert path not in r.text, (*where, r.text[:300])
    if r.status_code >= 400:
        detail = r.json()["detail"]
        assert isinstance(detail, str) and detail and "\n" not in detail, (*where, r.text[:300])


@pytest.mark.parametrize("mode", ["positive", "negative"])
@pytest.mark.parametrize("operation", OPERATIONS, ids=[f"{o.method.upper()} {o.path}" for o in OPERATIONS])
def test_no_endpoint_answers_500_or_quotes_a_server_path(api: TestClient, operation, mode: str) -> None:  # type: ignore[no-untyped-def]
    """``positive``: requests the schema allows; ``negative``: requests it does not (wrong types, missing
    keys, out-of-range numbers)."""

    @given(case=operation.as_strategy(schemathesis.GenerationMode(mode)))
    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    def fuzz(case) -> None:  # type: ignore[no-untyped-def]
        check(api, case)

    try:
        fuzz()
    except Unsatisfiable:
        assert mode == "negative"  # every request the schema can describe is valid (a text path alone)


def test_the_fuzz_covers_every_endpoint(api: TestClient) -> None:
    """The schema lists every JSON endpoint (so the fuzz above reaches each one)."""
    paths = api.get("/openapi.json").json()["paths"]
    ops = {(m.upper(), p) for p, item in paths.items() for m in item}
    for want in [
        ("POST", "/api/rooms"),
        ("GET", "/api/rooms/{room}"),
        ("POST", "/api/rooms/{room}/actions"),
        ("POST", "/api/rooms/{room}/rematch"),
        ("GET", "/api/rooms/{room}/replay"),
        ("GET", "/api/rooms/{room}/steps/{step}"),
        ("POST", "/api/replays"),
        ("GET", "/api/games"),
        ("GET", "/api/games/{game}/cards"),
        ("POST", "/api/games/{game}/decks/check"),
        ("POST", "/api/games/{game}/decks/import"),
        ("POST", "/api/games/{game}/decks/export"),
    ]:
        assert want in ops, want
