"""Touge's card effects are self-contained blocks (issue 19 §3, TG-C4, TG-C5, TG-C6): each block acts
through the phases it declares, so a card of any name composed of blocks does what its blocks say, and
the registry documents every block with its parameters."""

from __future__ import annotations

import shutil
from pathlib import Path

from touge_helpers import AKINA, REDSUNS

import kansei
from kansei.builtin.touge.blocks import REGISTRY, TougeBlock
from kansei.builtin.touge.cards import CONTENT
from kansei.builtin.touge.state import TougeState


def test_every_block_declares_a_phase_a_parameter_model_and_documentation():
    """Each block acts in at least one phase (play, before a run, run), names the cards it may sit on,
    and documents itself; `kansei rules touge` lists them from the game's block registry."""
    game = kansei.load("touge")
    assert game.block_registry() is REGISTRY
    for name, block in REGISTRY.blocks.items():
        impl = block.impl
        assert isinstance(impl, TougeBlock)
        assert impl.score or impl.play or impl.wipe, name
        assert impl.on and impl.on <= {"car", "tune", "disaster"}, name
        assert block.doc and "Phases:" in block.doc and block.params.__doc__, name
        for field in block.params.model_fields.values():
            assert field.description, (name, field)
    assert len(REGISTRY.describe()) == len(REGISTRY.blocks)


def _content_with(tmp_path: Path, old: str, new: str, file: str) -> Path:
    dst = tmp_path / "content"
    shutil.copytree(CONTENT, dst)
    text = (dst / file).read_text()
    assert old in text
    (dst / file).write_text(text.replace(old, new, 1))
    return dst


def test_tg_c4_a_draw_block_draws_on_any_tune_up(tmp_path: Path):
    """TG-C4: a tune-up draws because its blocks say so, whatever it is called: a Supercharger given a
    draw block draws when played (the rules look no card up by name)."""
    dst = _content_with(
        tmp_path,
        'effects = [{ block = "mult_add", road = "S", amount = 2, scope = "tile" }]',
        'effects = [{ block = "mult_add", road = "S", amount = 2, scope = "tile" }, '
        '{ block = "draw", amount = 3 }]',
        "tuneups.toml",
    )
    game = kansei.load("touge", content=dst, redraws=0)
    s = game.start(
        seed=1,
        decks=[AKINA, REDSUNS],
        setup={
            "direction": "downhill",
            "leader": 0,
            "disaster": "none",
            "hands": [["Akina Long Straight", "Supercharger"], []],
        },
    )
    assert isinstance(s, TougeState)
    for n in ("road akina-long-straight", "pass", "pass"):
        s.apply(n, seat=s.to_move)
    before = len(s.hands[0])
    s.apply("tune supercharger @1", seat=0)
    assert len(s.hands[0]) == before - 1 + 3


def test_tg_c5_a_house_disaster_wipes_the_top_tile_through_its_block(tmp_path: Path):
    """TG-C5 ruling: Rain given the wipe block wipes the highest tile before the run, like Oil Slick."""
    dst = _content_with(
        tmp_path,
        'effects = [{ block = "mult_add", road = "C", amount = -1, who = "both" }]',
        'effects = [{ block = "nullify_top" }]',
        "disasters.toml",
    )
    game = kansei.load("touge", content=dst, redraws=0)
    s = game.start(
        seed=1,
        decks=[AKINA, REDSUNS],
        setup={
            "direction": "downhill",
            "leader": 0,
            "disaster": "Rain",
            "hands": [["Akina Final Hairpin", "Akagi Chicane"], []],
        },
    )
    for n in ("road akina-final-hairpin", "pass", "road akagi-chicane", "pass", "pass"):
        s.apply(n, seat=s.to_move)
    while s.phase == "tune":
        s.apply("pass", seat=s.to_move)
    run = [e for e in s.events_for(None) if e["type"] == "nullify"]
    assert run and run[0]["tile"] == 1  # Akina Final Hairpin, 6 downhill: the highest
    battle = next(e for e in s.events_for(None) if e["type"] == "battle")
    assert battle["tiles"][0] == [0, 0] and battle["tiles"][1] != [0, 0]  # the wiped tile scores nothing
