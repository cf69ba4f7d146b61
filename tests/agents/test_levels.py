"""Named levels: every game has every level, a level plays its game's spec, the ratings file is read (and
survives being missing or corrupt), an unavailable level is one line while the others play, and the levels
keep their order on a small sample."""

from __future__ import annotations

import json

import pytest

import kansei
from kansei.agents import choose, make_agent
from kansei.agents import levels as lv
from kansei.core.errors import OptionError
from kansei.sim.calibrate import AGENTS, ceiling_spec, level_pairs, ordered
from kansei.sim.ladder import ladder

GAMES = kansei.games()


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_has_every_level_and_each_plays(gid):
    game = kansei.load(gid)
    found = lv.levels(game)
    assert [x.name for x in found] == list(lv.LEVELS)
    for x in found:
        assert x.available, x.why
        make_agent(x.spec)  # a valid spec
    s = game.start(seed=3)
    agent = make_agent("level:beginner", seed=1)
    a = choose(agent, s)
    assert a in s.legal_actions()
    assert agent.inner is not None and agent.inner.name == lv.level_spec(game, "beginner")


def test_unknown_level_names_the_levels():
    with pytest.raises(OptionError, match=r"unknown level 'grandmaster' \(levels: beginner, casual, club"):
        make_agent("level:grandmaster")
    with pytest.raises(OptionError, match=r"unknown level 'grandmaster' \(levels: beginner, casual"):
        lv.level_spec(kansei.load(GAMES[0]), "grandmaster")


def test_a_level_takes_no_keys():
    with pytest.raises(OptionError, match="unknown key 'iters'"):
        make_agent("level:club:iters=5")


def _ratings(game_id: str, spec: str) -> dict:
    return {
        "format": lv.RATINGS_FORMAT,
        "games": {
            game_id: {
                "agents": [
                    {"name": "greedy", "spec": "greedy", "rating": 0, "low": 0, "high": 0, "games": 100},
                    {
                        "name": "level:club",
                        "spec": spec,
                        "rating": 120.5,
                        "low": 80,
                        "high": 160,
                        "games": 400,
                        "ms_median": 50.0,
                        "ms_p95": 90.0,
                    },
                ]
            }
        },
    }


def test_ratings_are_read_for_the_spec_they_measured():
    game = kansei.load(GAMES[0])
    spec = lv.level_spec(game, "club")
    data, note = lv.read_ratings(json.dumps(_ratings(game.id, spec)))
    assert note == ""
    club = {x.name: x for x in lv.levels(game, data)}["club"]
    assert club.rating is not None and club.rating.rating == 120.5 and club.time == lv.MoveTime(50.0, 90.0)
    assert club.to_dict()["rating"]["games"] == 400 and club.to_dict()["time"] == {
        "median": 50.0,
        "p95": 90.0,
    }
    # a rating measured for another spec is not shown as this level's
    data, _ = lv.read_ratings(json.dumps(_ratings(game.id, "mcts:iters=7")))
    club = {x.name: x for x in lv.levels(game, data)}["club"]
    assert club.rating is None and club.why == "not rated since its spec changed"


def _luck(game_id: str) -> dict:
    """A calibration where every agent, random too, scored 45-55% against greedy (400 games a pairing)."""
    names = ["random", "greedy", *(f"level:{n}" for n in lv.LEVELS)]
    ratings = dict(zip(names, [-27.0, 0.0, -17.0, -12.0, -27.5, -34.0], strict=True))
    return {
        "format": lv.RATINGS_FORMAT,
        "games": {
            game_id: {
                "ordered": False,
                "games_per_pairing": 400,
                "agents": [
                    {"name": n, "spec": n, "rating": r, "low": r - 30, "high": r + 30, "games": 800}
                    for n, r in ratings.items()
                ],
                "pairings": [
                    {"a": "random", "b": "greedy", "games": 400, "rate_a": 0.45},
                    {"a": "greedy", "b": "level:expert", "games": 400, "rate_a": 0.45},
                    {"a": "greedy", "b": "level:club", "games": 400, "rate_a": 0.55},
                    {"a": "level:club", "b": "level:expert", "games": 400, "rate_a": 0.5},
                    {"a": "greedy", "b": "ceiling", "games": 60, "rate_a": 0.07},
                ],
            }
        },
    }


def test_levels_a_calibration_cannot_order_are_listed_unranked_with_what_it_measured():
    """A game of luck (Mini D: every bot, random too, within the noise of greedy) is calibrated like any
    other, and its fit would put random over the club: kansei lists its levels unranked, with the range
    every agent scored against greedy, and shows no rating of the fit at all (greedy's and random's
    neither); the clairvoyant ceiling's score is not a bot's and is left out of the range. What it measured
    of a level's time a move is shown all the same."""
    game = kansei.load(GAMES[0])
    luck_data = _luck(game.id)
    expert = next(a for a in luck_data["games"][game.id]["agents"] if a["name"] == "level:expert")
    expert.update(spec=lv.level_spec(game, "expert"), ms_median=20.0, ms_p95=40.0)
    data, _ = lv.read_ratings(json.dumps(luck_data))
    assert not ordered(data["games"][game.id]["agents"])
    assert lv.rated(game, data) == {}
    luck = lv.unranked(game, data)
    assert luck is not None and (luck.low, luck.high, luck.games) == (
        pytest.approx(0.45),
        pytest.approx(0.55),
        400,
    )
    for x in lv.levels(game, data):
        assert x.available and x.rating is None and x.unranked and x.to_dict()["unranked"] is True
        assert x.why.startswith("not ranked: over 400 games a pairing") and "45% to 55%" in x.why
        assert x.time == (lv.MoveTime(20.0, 40.0) if x.name == "expert" else None), x
    assert lv.measured(game, data)["level:expert"] == lv.Measured(
        expert["spec"], None, lv.MoveTime(20.0, 40.0)
    )
    fr = lv.levels(game, data, lang="fr")[0].why
    assert fr.startswith("non classé") and "45\u202f% à 55\u202f%" in fr
    assert "45%" in lv.levels(game, data, lang="ja")[0].why
    # an ordered calibration is not unranked
    assert lv.unranked(game, lv.read_ratings(json.dumps(_ratings(game.id, "greedy")))[0]) is None


def test_ordered_means_random_then_each_level_strictly_above_the_one_below():
    def agents(*ratings: float) -> list[dict]:
        names = ["random", *(f"level:{n}" for n in lv.LEVELS)]
        return [{"name": n, "rating": r} for n, r in zip(names, ratings, strict=True)]

    assert ordered(agents(-500, -300, -100, 0, 200))
    assert not ordered(agents(-500, -300, -100, -100, 200))  # two levels equal: not spaced
    assert not ordered(agents(-27, -17, -12, -27, -34))  # Mini D, 2026-12-04
    assert not ordered(agents(-500, -300, -100, 0, 200)[:-1])  # a level missing


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "other"}', "not a kansei-ratings/1 file"),
        ("[]", "not a"),
    ],
)
def test_corrupt_ratings_leave_the_levels_playable(text, says):
    data, note = lv.read_ratings(text)
    assert data == {} and says in note and "\n" not in note
    found = lv.levels(kansei.load(GAMES[0]), data)
    assert all(x.available and x.rating is None for x in found)


def test_an_unavailable_level_is_one_line_and_the_others_play(monkeypatch):
    """A level whose spec cannot make an agent (here: its learned weights are missing) is listed as
    unavailable with one line; playing it is that line; every other level plays."""
    from kansei.agents import learned

    game = kansei.load(GAMES[0])
    monkeypatch.setattr(lv, "level_specs", lambda g: {**lv.DEFAULT_SPECS, "club": "mcts:iters=5,bogus=1"})
    found = {x.name: x for x in lv.levels(game, {})}
    assert not found["club"].available
    assert found["club"].why.startswith("unavailable: agent mcts: unknown key 'bogus'")
    assert all(found[n].available for n in ("beginner", "casual", "expert"))
    with pytest.raises(OptionError) as e:
        choose(make_agent("level:club"), game.start(seed=1))
    assert "level club is unavailable" in str(e.value) and "\n" not in str(e.value)
    choose(make_agent("level:casual"), game.start(seed=1))
    # missing weights: a learned level is refused in one line naming the file
    monkeypatch.setattr(learned, "weights_path", lambda gid: learned.Path("/nonexistent") / f"{gid}.json")
    learned.forget()
    monkeypatch.setattr(
        lv, "level_specs", lambda g: {**lv.DEFAULT_SPECS, "club": "mcts:iters=5,value=learned"}
    )
    with pytest.raises(OptionError) as e:
        choose(make_agent("level:club"), game.start(seed=1))
    assert f"weights/{game.id}.json is missing" in str(e.value) and "\n" not in str(e.value)
    # ...and it is listed so before anyone plays it (the lobby and `kansei levels` read this list)
    found = {x.name: x for x in lv.levels(game, {})}
    assert not found["club"].available and "\n" not in found["club"].why
    assert found[
        "club"
    ].why == f"unavailable: no learned value for {game.id}: weights/{game.id}.json is missing " + (
        f"(kansei train {game.id})"
    )
    assert all(found[n].available for n in ("beginner", "casual", "expert"))
    # a play style the game lacks is the same: one line, listed, naming the game's styles
    monkeypatch.setattr(lv, "level_specs", lambda g: {**lv.DEFAULT_SPECS, "casual": "greedy:style=reckless"})
    found = {x.name: x for x in lv.levels(game, {})}
    assert not found["casual"].available and "has no play style 'reckless'" in found["casual"].why
    learned.forget()


def test_a_level_is_described_by_what_it_plays():
    """The words a player chooses a level by follow its spec: noise as a share of random moves, a search
    by its lines a move, and how far each is played on where the search rolls out with the greedy bot."""
    assert lv.describe("random") == "plays any legal move"
    assert lv.describe("greedy:noise=0.4").endswith("and a random one 40% of the time")
    assert lv.describe("mcts:iters=1000,depth=0,prior=3") == (
        "searches 1,000 lines of play a move, in worlds it cannot rule out"
    )
    played_out = lv.describe("mcts:iters=200,rollout=greedy,depth=end,prior=3")
    assert played_out.startswith("searches 200 lines of play a move, each played out to the end")
    assert lv.describe("mcts:iters=600,rollout=greedy,depth=8,prior=3") == (
        "searches 600 lines of play a move, each played 8 moves on, in worlds it cannot rule out"
    )
    # several trees (Initial D's expert): the lines are the budget of all of them, split and voting
    assert lv.describe("mcts:iters=1800,trees=3,rollout=greedy,depth=16,prior=3") == (
        "searches 1,800 lines of play a move, each played 16 moves on, in worlds it cannot rule out, split "
        "over 3 independent searches whose votes add up"
    )
    assert lv.describe("mcts:iters=1800,trees=3", "ja").endswith(
        "（3つの独立した探索に分け、その票を合算する）"
    )
    assert "réparties entre 3 recherches indépendantes" in lv.describe("mcts:iters=1800,trees=3", "fr")
    # random rollouts cut at the default depth are a search's own business, not how it plays
    assert (
        lv.describe("mcts:iters=200,depth=10")
        == "searches 200 lines of play a move, in worlds it cannot rule out"
    )


def test_a_level_is_described_in_the_page_language():
    """A Japanese or French page says what a level plays in its own words, every catalog as complete as
    English's and with the same fields; numbers grouped as the language groups them."""
    assert lv.WORDS.problems() == []
    assert set(lv.WORDS.languages) >= {"en", "fr", "ja"}
    spec = "mcts:iters=1000,rollout=greedy,depth=8,prior=3"
    assert lv.describe(spec, "fr") == (
        "explore 1\u202f000 lignes de jeu par coup, chacune prolongée de 8 coups, dans les mondes qu'il ne "
        "peut exclure"
    )
    assert lv.describe(spec, "ja") == (
        "ありうる局面の中で、1手ごとに1,000通りの読み筋をそれぞれ8手先まで進めて探索する"
    )
    assert lv.describe("greedy:noise=0.2", "ja").endswith("20%の確率でランダムな手を選ぶ")
    assert lv.describe("random", "xx") == "plays any legal move"  # a language without words: English
    game = kansei.load("touge")
    english = [level.description for level in lv.levels(game)]
    for lang in ("fr", "ja"):
        words = [level.description for level in lv.levels(game, lang=lang)]
        assert all(w and w != e for w, e in zip(words, english, strict=True)), words


def test_calibration_pairs_link_every_level_to_greedy_and_its_neighbour():
    pairs = level_pairs()
    greedy = AGENTS.index("greedy")
    for i, name in enumerate(AGENTS):
        if name.startswith("level:"):
            assert (greedy, i) in pairs
            if name != "level:beginner":
                assert (i - 1, i) in pairs
    assert (0, greedy) in pairs and len(pairs) == 2 + 2 * len(lv.LEVELS) - 1


@pytest.mark.parametrize("gid", GAMES)
def test_the_ceiling_is_the_expert_seeing_all_with_ten_times_its_budget(gid):
    game = kansei.load(gid)
    spec = ceiling_spec(game)
    expert = make_agent(lv.level_spec(game, "expert")).params
    ceiling = make_agent(spec).params
    assert ceiling.open and ceiling.time is None and ceiling.iters == 10 * (expert.iters or 1000)
    assert (AGENTS.index("greedy"), len(AGENTS)) in level_pairs(ceiling=True)


def test_levels_keep_their_order_on_a_small_sample():
    """The cheapest check that the levels are ordered, on a sample small enough for a test: in Touge
    (greedy beats random in 92% of races) the beginner loses to the casual level and the casual level to
    the club over 40 seat-balanced races each, and the fit ranks them so. The expert's search is placed
    by ``kansei ladder --levels`` (too slow for a test); ``test_shipped_ratings_are_ordered`` checks its
    result."""
    gid = "touge" if "touge" in GAMES else GAMES[0]
    names = ["level:beginner", "level:casual", "level:club"]
    res = ladder(gid, {}, names, 40, seed=4, pairs=[(0, 1), (1, 2)])
    rates = [res.matrix[a][b]["rate"] for a, b in ((0, 1), (1, 2))]
    assert all(r < 0.4 for r in rates), rates
    ranked = sorted(res.ratings, key=lambda r: r.rating)
    assert [r.agent for r in ranked] == names


@pytest.mark.parametrize("gid", GAMES)
def test_shipped_ratings_are_ordered(gid):
    """The ratings kansei ships place each level above the one below it, and every level is rated for the
    spec it plays now (a level changed since its calibration must be calibrated again)."""
    data, note = lv.read_ratings()
    if note or gid not in data["games"]:
        pytest.skip(f"no shipped ratings for {gid} ({note or 'not calibrated'})")
    entry = data["games"][gid]
    assert entry.get("ordered") == ordered(entry["agents"]), "the file's flag is its fit's"
    found = lv.levels(kansei.load(gid))
    if entry.get("ordered") is False:  # measured, and a game of luck: listed unranked with the range
        assert all(x.unranked and x.rating is None and x.why.startswith("not ranked") for x in found)
        return
    assert all(x.rating is not None for x in found), [x.why for x in found]
    ratings = [x.rating.rating for x in found if x.rating is not None]
    assert ratings == sorted(ratings), ratings
