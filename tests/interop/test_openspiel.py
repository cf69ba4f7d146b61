"""OpenSpiel: every game registers, passes pyspiel.random_sim_test, and OpenSpiel's bots play it."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import kansei
from kansei.interop import openspiel as kos
from kansei.sim.runner import play_game


def _name(gid: str, n: int) -> str:
    return f"{kos.PREFIX}{gid}(players={n})"


def test_register_names_every_game():
    names = kos.register()
    assert names == [kos.PREFIX + gid for gid in kansei.games()]
    assert set(names) <= set(pyspiel.registered_names())
    assert kos.register() == names  # idempotent


def test_random_sim_test(config):
    """OpenSpiel's own checks (legal actions, apply, clone, returns, observation/info-state strings and
    tensors for every player) over random games. serialize=False: SAMPLED_STOCHASTIC keeps no RNG state."""
    gid, n = config
    kos.register()
    game = pyspiel.load_game(_name(gid, n))
    assert game.num_players() == n
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_python_callers_get_openspiels_own_tensors(config):
    """The state answers observation_tensor / information_state_tensor from a cached observer; the values
    are those of OpenSpiel's own (C++) path, for every player, along a random game."""
    gid, n = config
    kos.register()
    game = pyspiel.load_game(_name(gid, n))
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    for _ in range(40):
        if state.is_terminal():
            break
        for p in range(n):
            assert state.observation_tensor(p) == list(pyspiel.State.observation_tensor(state, p))
            assert state.information_state_tensor(p) == list(pyspiel.State.information_state_tensor(state, p))
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_options_are_game_parameters():
    kos.register()
    for gid in kansei.games():
        cls = kansei.core.registry.game_class(gid)
        spec = pyspiel.load_game(kos.PREFIX + gid).get_type().parameter_specification
        assert {"players", "rng_seed", "decks"} <= set(spec)
        for name, field in cls.Options.model_fields.items():
            if isinstance(field.default, bool | int | float | str):
                assert spec[name] == field.default


def test_a_parameter_reaches_the_game():
    """An option given to OpenSpiel is the kansei game's option (any option with a text choice)."""
    kos.register()
    for gid in kansei.games():
        cls = kansei.core.registry.game_class(gid)
        for name, field in cls.Options.model_fields.items():
            choices = getattr(field.annotation, "__args__", ())
            other = [c for c in choices if isinstance(c, str) and c != field.default]
            if other:
                game = pyspiel.load_game(kos.PREFIX + gid, {name: other[0]})
                assert game.kgame.options_dict[name] == other[0]
                return
    pytest.skip("no game has a text option with choices")


def test_episodes_are_reproducible_and_differ():
    gid = kansei.games()[0]
    kos.register()
    a, b = (pyspiel.load_game(kos.PREFIX + gid, {"rng_seed": 7}) for _ in range(2))
    sa, sb = a.new_initial_state(), b.new_initial_state()
    sa.legal_actions(), sb.legal_actions()  # an episode draws its seed when first stepped or asked to act
    assert str(sa) == str(sb)

    def episode() -> str:
        s = a.new_initial_state()
        s.legal_actions()
        return str(s)

    seen = {episode() for _ in range(4)} | {str(sa)}
    assert len(seen) > 1  # successive episodes get successive seeds


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("python_kansei_nosuchgame", "Unknown game"),
        (f"{kos.PREFIX}GAME(bogus=1)", "bogus"),
        (f"{kos.PREFIX}GAME(players=99)", "players"),
    ],
)
def test_bad_game_or_parameter(name, says):
    kos.register()
    with pytest.raises((pyspiel.SpielError, kansei.KanseiError), match=says):
        pyspiel.load_game(name.replace("GAME", kansei.games()[0]))


def test_bad_option_value_is_one_line():
    kos.register()
    for gid in kansei.games():
        cls = kansei.core.registry.game_class(gid)
        for name, field in cls.Options.model_fields.items():
            if isinstance(field.default, str) and getattr(field.annotation, "__args__", None):
                with pytest.raises(kansei.OptionError, match=name) as e:
                    kos.load(gid, **{name: "no-such-choice"})
                assert "\n" not in str(e.value)
                return
    pytest.skip("no game has a text option with choices")


def test_kos_load_unknown_game():
    with pytest.raises(kansei.OptionError, match="unknown game"):
        kos.load("nosuchgame")


def test_openspiel_bots_play_to_the_end(config):
    """OpenSpiel's Python IS-MCTS and MCTS and its uniform random bot share a game and finish it."""
    gid, n = config
    kos.register()
    game = pyspiel.load_game(_name(gid, n))
    rs = np.random.RandomState(0)
    ev = mcts.RandomRolloutEvaluator(1, rs)
    bots = [
        ismcts.ISMCTSBot(game, ev, 2.0, 2, random_state=rs, allow_inconsistent_action_sets=True),
        mcts.MCTSBot(game, 2.0, 2, ev, random_state=rs),
    ] + [pyspiel.make_uniform_random_bot(p, p) for p in range(2, n)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert sorted(state.returns()) == sorted(state.kansei_state.returns())
    assert sum(state.returns()) == pytest.approx(0.0)


def test_openspiel_agent_against_kansei_agent(config):
    """``openspiel:ismcts`` and ``openspiel:mcts`` sit in kansei seats against kansei's own bots."""
    gid, n = config
    specs = ["openspiel:ismcts:sims=4", "openspiel:mcts:sims=4,worlds=2", "greedy"]
    seats = [specs[i % len(specs)] for i in range(n)]
    result = play_game(gid, {}, seats, seed=3, players=n)
    assert len(result.returns) == n and result.actions > 0


def test_information_state_is_the_same_in_every_world():
    """IS-MCTS keys its tree by the information-state string: a resampled world must give the same."""
    gid = kansei.games()[0]
    kos.register()
    game = pyspiel.load_game(kos.PREFIX + gid)
    state = game.new_initial_state()
    sampler = np.random.RandomState(1).uniform
    for _ in range(12):
        if state.is_terminal():
            break
        p = state.current_player()
        world = state.resample_from_infostate(p, sampler)
        assert world.information_state_string(p) == state.information_state_string(p)
        assert world.observation_string(p) == state.observation_string(p)
        assert world.legal_actions() == state.legal_actions()
        state.apply_action(state.legal_actions()[0])


def test_observer_types():
    gid = kansei.games()[0]
    kos.register()
    game = pyspiel.load_game(kos.PREFIX + gid)
    state = game.new_initial_state()
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    public.set_from(state, 0)
    assert public.string_from(state, 0).endswith(kos.view_text(state.kansei_state.view(None)))
    with pytest.raises(ValueError, match="all-players"):
        game.make_py_observer(
            pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
        )
    with pytest.raises(ValueError, match="no parameters"):
        game.make_py_observer(None, {"x": 1})


def test_illegal_openspiel_action_changes_nothing():
    gid = kansei.games()[0]
    kos.register()
    game = pyspiel.load_game(kos.PREFIX + gid)
    state = game.new_initial_state()
    masked = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    before = str(state)
    with pytest.raises(Exception, match="not legal now"):
        state.apply_action(masked)
    assert str(state) == before


def test_ladder_pits_kansei_mcts_against_openspiel():
    """``kansei ladder`` takes the OpenSpiel agent specs like any other."""
    import json

    from typer.testing import CliRunner

    from kansei.cli import app

    gid = min(kansei.games(), key=lambda g: kansei.load(g).min_players)
    agents = "mcts:iters=4,depth=2,openspiel:mcts:sims=4,worlds=1,openspiel:ismcts:sims=4"
    r = CliRunner().invoke(app, ["ladder", gid, "--agents", agents, "--games", "2", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["agents"] == [
        "mcts:iters=4,depth=2",
        "openspiel:mcts:sims=4,worlds=1",
        "openspiel:ismcts:sims=4",
    ]
