"""``coup-rules play`` in a real terminal: the command itself, driven through a pseudo-terminal
by pexpect as a person would type (API).

One game is played to the end after the player is eliminated; another is left with Ctrl-C,
and a third with Ctrl-D. pexpect needs a POSIX pseudo-terminal: elsewhere these tests skip.
"""

from __future__ import annotations

import signal
import sys

import pytest

pexpect = pytest.importorskip("pexpect", reason="pexpect (the dev extra) drives a terminal")

PROMPT = r"\n> $"
TIMEOUT = 30


def _interruptible() -> None:
    """Ctrl-C reaches the game as from a terminal, even when the tests were started where
    SIGINT is ignored (a shell's background job), which the child would otherwise inherit."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _spawn(*options: str) -> pexpect.spawn:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "coup_rules", "play", *options],
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(50, 200),
        preexec_fn=_interruptible,
    )
    return child


def _finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    status: int = child.exitstatus if child.exitstatus is not None else -child.signalstatus
    return status


def test_a_game_played_to_the_end_after_you_are_eliminated() -> None:
    """R-INF-6: you are told you are out, choose to watch, and see the winner and every card."""
    child = _spawn("--players", "3", "--bots", "honest,random", "--seed", "4")
    child.expect("You are seat 0: 2 coins, your cards Duke and Captain")
    child.expect("Your turn")
    seen_out = False
    for _ in range(200):
        found = child.expect([PROMPT, r"Watch the rest .*\? $", "Everyone's cards:"])
        if found == 0:
            child.sendline("1")
        elif found == 1:
            assert "You are eliminated" in child.before
            seen_out = True
            child.sendline("w")
        else:
            break
    assert seen_out, "seed 4 with move 1 each time eliminates seat 0"
    child.expect(r"seat 0 \(you\): face up \w+ and \w+")
    child.expect("The game's seed was 4.")
    assert _finish(child) == 0


def test_ctrl_c_leaves_a_game_cleanly() -> None:
    """API: Ctrl-C in the middle of a game prints one line and exits 130, no traceback."""
    child = _spawn(
        "--players", "4", "--inquisitor", "--reformation", "--bots", "counting", "--seed", "7"
    )
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendintr()
    child.expect(r"stopped by Ctrl-C \(seed 7\)")
    status = _finish(child)
    assert "Traceback" not in (child.before or "")
    assert status == 130


def test_ctrl_d_leaves_a_game_cleanly() -> None:
    """API: Ctrl-D at the prompt leaves the game with one line and status 1."""
    child = _spawn("--players", "2", "--bots", "random", "--seed", "3")
    child.expect(PROMPT)
    child.sendeof()
    child.expect(r"the input ended before the game did \(seed 3\)")
    assert _finish(child) == 1
