"""Files a careless user or an attacker hands the CLI: never a traceback, a hang, a memory blow-up or a
file's content echoed — one line each, read with size and depth limits (issue 15 §3)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cli_helpers import assert_one_clear_error, cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kansei.core import content
from kansei.core.errors import ContentError

REPLAY = {"format": "kansei-replay/1", "game": "touge", "seed": 1, "players": 2, "actions": []}


def write(tmp: Path, name: str, data: object) -> Path:
    p = tmp / name
    p.write_text(data if isinstance(data, str) else json.dumps(data))
    return p


@pytest.mark.parametrize("secret", ["/proc/self/environ", "/etc/passwd"])
def test_a_replay_never_opens_a_deck_path(tmp_path: Path, secret: str) -> None:
    p = write(tmp_path, "r.json", {**REPLAY, "decks": [secret, None]})
    r = cli("replay", str(p))
    assert_one_clear_error(r, "is not a starter deck", "a replay holds decks as data")
    assert "root:" not in r.output and "PATH=" not in r.output


def special_files(tmp: Path) -> list[str]:
    fifo = tmp / "fifo.json"
    os.mkfifo(fifo)
    return [str(tmp), str(fifo), "/dev/zero", "/proc/self/mem"]


def test_folders_fifos_and_devices_as_replay_files(tmp_path: Path) -> None:
    for path in special_files(tmp_path):
        r = cli("replay", path)
        assert_one_clear_error(r)
        assert len(r.output.strip().splitlines()) == 1, r.output


def test_folders_fifos_and_devices_as_deck_files(tmp_path: Path) -> None:
    for path in special_files(tmp_path):
        with pytest.raises(ContentError) as e:
            content.read_deck(Path(path))
        assert len(e.value.problems) == 1
        r = cli("validate", path, "--game", "touge")
        assert r.exit_code == 1 and "Traceback" not in r.output, r.output


def test_deep_nesting_is_one_line(tmp_path: Path) -> None:
    deep_json = write(tmp_path, "deep.json", "[" * 100_000 + "]" * 100_000)
    r = cli("replay", str(deep_json))
    assert_one_clear_error(r, "nested too deeply")
    deep_setup = write(
        tmp_path,
        "setup.json",
        '{"format": "kansei-replay/1", "game": "touge", "setup": ' + '{"a":' * 500 + "1" + "}" * 501,
    )
    assert_one_clear_error(cli("replay", str(deep_setup)), "nested too deeply")
    for text in (
        "a = " + "[" * 100_000 + "]" * 100_000,
        "a = " + "{b=" * 50_000 + "1" + "}" * 50_000,
        "a." * 3000 + "b = 1",
    ):
        deck = write(tmp_path, "deep.toml", text)
        with pytest.raises(ContentError) as e:
            content.read_deck(deck)
        assert len(e.value.problems) == 1


def test_numbers_with_5000_digits(tmp_path: Path) -> None:
    big = "9" * 5000
    r = cli(
        "replay", str(write(tmp_path, "seed.json", json.dumps(REPLAY)[:-1] + ', "players": ' + big + "}"))
    )
    assert_one_clear_error(r, "too many digits")
    r = cli("replay", str(write(tmp_path, "seed2.json", {**REPLAY, "seed": int("9" * 4000)})))
    assert_one_clear_error(r, "seed")
    assert len(r.output) < 400
    deck = write(tmp_path, "d.txt", big + " Jump\n")
    with pytest.raises(ContentError) as e:
        content.read_deck(deck)
    assert len(str(e.value)) < 200
    toml = write(tmp_path, "d.toml", f'[cards]\n"Jump" = {big}\n')
    with pytest.raises(ContentError):
        content.read_deck(toml)
    r = cli("play", "toy", "--seed", big)
    assert r.exit_code != 0 and "Traceback" not in r.output and big not in r.output


def test_big_files_are_refused_unread(tmp_path: Path) -> None:
    p = tmp_path / "big.json"
    with open(p, "wb") as f:
        f.truncate(11 * 1024 * 1024)  # sparse: 11 MB of zeros
    assert_one_clear_error(cli("replay", str(p)), "larger than 10 MB")
    deck = tmp_path / "big.txt"
    with open(deck, "wb") as f:
        f.truncate(2 * 1024 * 1024)
    with pytest.raises(ContentError, match="larger than 1 MB"):
        content.read_deck(deck)


def test_repeated_errors_are_capped(tmp_path: Path) -> None:
    deck = write(tmp_path, "many.txt", "x\n" * 200_000)
    r = cli("validate", str(deck), "--game", "toy")
    assert r.exit_code == 1
    lines = r.output.strip().splitlines()
    assert len(lines) <= 25, len(lines)
    assert "… and 199,980 more" in r.output


def test_a_long_card_name_is_not_echoed(tmp_path: Path) -> None:
    name = "N" * 1_000_000
    deck = write(tmp_path, "long.toml", f'[cards]\n"{name}" = 2\n')
    with pytest.raises(ContentError) as e:
        content.read_deck(deck)
    assert len(str(e.value)) < 300
    r = cli("validate", str(write(tmp_path, "long.txt", f"2 {name}\n")), "--game", "touge")
    assert r.exit_code == 1 and len(r.output) < 2000


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"players": "two"}, "players"),
        ({"result": []}, "result"),
        ({"seed": True}, "seed"),
        ({"actions": "pass"}, "actions"),
        ({"actions": [1, 2]}, "actions.0"),
        ({"decks": "Akina Downhill"}, "decks"),
        ({"options": {"content": "/etc"}}, "'content' is not a game option"),
        ({"options": {"mode": [1]}}, "options.mode"),
        ({"format": "kansei-replay/9"}, "format"),
        ({"reslt": {}}, "did you mean 'result'?"),
    ],
)
def test_wrong_json_types_are_one_line_each(tmp_path: Path, change: dict, says: str) -> None:
    r = cli("replay", str(write(tmp_path, "r.json", {**REPLAY, **change})))
    assert_one_clear_error(r, says)
    assert "reproduced" not in r.output.replace("NOT reproduced", "")


def test_a_top_level_that_is_not_an_object(tmp_path: Path) -> None:
    for text in ("[]", "3", '"x"', "null"):
        assert_one_clear_error(
            cli("replay", str(write(tmp_path, "r.json", text))), "a replay is a JSON object"
        )


def test_not_utf8_and_binary(tmp_path: Path) -> None:
    p = tmp_path / "bin.json"
    p.write_bytes(b"\xff\xfe\x00garbage")
    assert_one_clear_error(cli("replay", str(p)), "not UTF-8")


def test_an_option_naming_a_folder_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "x.toml"
    folder.mkdir()
    r = cli("sim", "minid", "--games", "1", "--opt", f"track={folder}")
    assert r.exit_code == 1 and "Traceback" not in r.output, r.output


# ---- mutated deck files: one ContentError or a deck, never another exception, never a long echo
GOOD_TEXT = "Name: Mine\nCar: AE-86 Trueno\n3 Akina First Hairpin\n2 x Boost Controller\n# note\n"
GOOD_TOML = (
    'name = "Mine"\ncar = "AE-86 Trueno"\n[cards]\n"Akina First Hairpin" = 3\n"Boost Controller" = 2\n'
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), toml=st.booleans())
def test_mutated_deck_files(tmp_path: Path, data: st.DataObject, toml: bool) -> None:
    text = GOOD_TOML if toml else GOOD_TEXT
    for _ in range(data.draw(st.integers(1, 5))):
        i = data.draw(st.integers(0, len(text)))
        piece = data.draw(
            st.sampled_from(
                ["[", "]", "{", "=", '"', "\n", "9" * 5000, "²", "\x00", "x" * 400, "[[a]]", "-1", "a.b.c"]
            )
        )
        if data.draw(st.booleans()):
            text = text[:i] + piece + text[i:]
        else:
            text = text[:i] + text[i + len(piece) :]
    p = tmp_path / ("deck.toml" if toml else "deck.txt")
    p.write_text(text)
    for strict in (True, False):
        try:
            deck = content.read_deck(p, strict=strict)
        except ContentError as e:
            assert e.problems and all(len(line) < 400 for line in e.problems)
            continue
        assert all(1 <= n <= content.MAX_COUNT and len(name) <= content.MAX_NAME for name, n in deck.cards)
