"""The hot seat and the narration pauses in a real terminal (a pty at 80×24)."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time

import pytest
from cli_helpers import subprocess_env

TOY = [sys.executable, "-c", "import cli_toy; cli_toy.install(); from kansei.cli import main; main()"]
CLEAR = "\x1b[2J"


class Terminal:
    def __init__(self, args: list[str]):
        self.master, slave = pty.openpty()
        os.set_blocking(self.master, False)
        env = subprocess_env()
        env.pop("NO_COLOR", None)
        env["TERM"] = "xterm"
        self.proc = subprocess.Popen(
            TOY + args, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self.text = ""
        self.mark = 0

    def read_until(self, needle: str, timeout: float = 60) -> str:
        """Read until ``needle`` appears in what was printed since the last call."""
        start = self.mark
        end = time.monotonic() + timeout
        while needle not in self.text[start:]:
            if time.monotonic() > end:
                pytest.fail(f"no {needle!r} in {self.text[-800:]!r}")
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    self.text += os.read(self.master, 65536).decode("utf-8", "replace")
                except OSError:
                    break
        self.mark = start + self.text[start:].index(needle) + len(needle)
        return self.text

    def poll(self, seconds: float) -> None:
        """Read whatever the program writes in the next ``seconds``."""
        ready, _, _ = select.select([self.master], [], [], seconds)
        if ready:
            try:
                self.text += os.read(self.master, 65536).decode("utf-8", "replace")
            except OSError:
                pass

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\r").encode())

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)
        os.close(self.master)


def test_hot_seat_clears_the_screen_between_seats() -> None:
    t = Terminal(["play", "toy", "--seed", "1", "--vs", "human"])
    try:
        t.read_until("Pass the keyboard to Player 1")
        t.type("")
        t.read_until("Player 1>")
        t.type("tune jump @1")
        t.read_until("Pass the keyboard to Player 2")
        seat0, seat1_prompt = t.text.rsplit("Pass the keyboard to Player 2", 1)
        assert CLEAR in seat0[seat0.rfind("Player 1>") :]  # seat 0's hand is wiped before the hand-over
        t.type("")
        t.read_until("Player 2>")
        after = t.text[t.text.rfind("Pass the keyboard to Player 2") :]
        assert CLEAR in after and "hand of seat 0" not in after
        t.type("quit")
        t.read_until("Saved the game")
    finally:
        t.close()


def pauses(fast: bool) -> str:
    """Hot seat: both seats pass, so seat 0 is told a round's end and the next round's start."""
    t = Terminal(["play", "toy", "--seed", "1", "--vs", "human", *(["--fast"] if fast else [])])
    try:
        for player in ("Player 1", "Player 2"):  # seats 0 and 1
            t.read_until(f"Pass the keyboard to {player}")
            t.type("")
            t.read_until(f"{player}>")
            t.type("pass")
        t.read_until("Pass the keyboard to Player 1")
        mark = len(t.text)
        t.type("")
        if not fast:
            t.read_until("— Enter —")
            t.type("")
        t.read_until("Player 1>")
        shown = t.text[mark:]
        t.type("quit")
        t.read_until("Saved the game")
        return shown
    finally:
        t.close()


def test_narration_pauses_between_rounds_unless_fast() -> None:
    slow = pauses(fast=False)
    assert slow.index("seat 1 passes") < slow.index("— Enter —") < slow.index("— round 2 —")
    quick = pauses(fast=True)
    assert "— round 2 —" in quick and "— Enter —" not in quick


BOARD_TOP = {
    "touge": "╭─ Touge",
    "initiald": "Initial D ·",
    "minid": "╭─ Mini D",
    "stampede": "Card Race Stampede!!",
    "dspirits": "╭─ D-Spirits",
}


@pytest.mark.parametrize("game", sorted(BOARD_TOP))
def test_each_decision_is_one_screen_of_80x24(game: str) -> None:
    """Issue 11 item 3 as a person sees it: in a real 80×24 terminal (pyte emulating it), at each of the
    first decisions of a game against the greedy bot, the board's top, the whole menu under it and the
    prompt are on the screen together."""
    pyte = pytest.importorskip("pyte")
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    t = Terminal(["play", game, "--seed", "7", "--vs", "greedy", "--fast"])
    fed = 0
    decisions = 0
    try:
        while decisions < 6:
            end = time.monotonic() + 60
            while not (t.text.endswith("Player 1> ") or "Replay saved" in t.text):
                assert time.monotonic() < end, t.text[-800:]
                t.poll(0.2)
            if "Replay saved" in t.text:
                break  # the race ended (Mini D's dice decide most of it)
            data = t.text[fed:].encode("utf-8")
            fed = len(t.text)
            stream.feed(data)
            rows = [line.rstrip() for line in screen.display]
            prompt = max(i for i, line in enumerate(rows) if line.startswith("Player 1>"))
            top = [i for i in range(prompt) if BOARD_TOP[game] in rows[i]]
            assert top, f"{game}: the board's top is off the screen:\n" + "\n".join(rows)
            numbered = [i for i in range(top[-1], prompt) if re.match(r"\s*1\. ", rows[i])]
            assert numbered, f"{game}: the menu's first line is off the screen:\n" + "\n".join(rows)
            decisions += 1
            t.type("1")
    finally:
        t.close()
    assert decisions >= (1 if game == "minid" else 6)
