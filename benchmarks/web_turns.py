"""How fast a web table of bots plays: turns per minute at 10 seats, with the server's bot delay.

A bot waits ``--bot-delay`` seconds (0.6 s, the server's default) before it moves, so that
people can follow. This runs one 10-seat game of ``honest`` bots in the hub of
``coup-rules serve`` (in this process, on a temporary database) for ``--seconds`` of wall time
and prints the seconds per turn. The figure is set by the delays, not by the CPU: a turn takes
a delay for the action and one per window it opens, since every bot a window asks answers it
at once. Usage: python benchmarks/web_turns.py [--seconds 20] [--players 10] [--bot-delay 0.6]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from coup_rules import Config
from coup_rules.web.hub import Hub


async def _turns(players: int, delay: float, seconds: float) -> tuple[int, float, bool]:
    with tempfile.TemporaryDirectory(prefix="coup-turns-") as tmp:
        hub = Hub(Path(tmp) / "turns.sqlite3", bot_delay=delay)
        await hub.start()
        try:
            table = await hub.create(Config(players=players), ("honest",) * players)
            start = time.perf_counter()
            first = table.state.turn
            while time.perf_counter() - start < seconds and not table.state.is_over:
                await asyncio.sleep(0.05)
            return table.state.turn - first, time.perf_counter() - start, table.state.is_over
        finally:
            await hub.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="wall time (default 20)")
    parser.add_argument("--players", type=int, default=10, help="seats, all bots (default 10)")
    parser.add_argument("--bot-delay", type=float, default=0.6, help="seconds (default 0.6)")
    args = parser.parse_args()
    turns, elapsed, over = asyncio.run(_turns(args.players, args.bot_delay, args.seconds))
    per_turn = elapsed / turns if turns else float("inf")
    end = " (the game ended)" if over else ""
    print(
        f"web table: {args.players} honest bots, bot delay {args.bot_delay} s: {turns} turns "
        f"in {elapsed:.1f} s{end}, {per_turn:.2f} s per turn"
    )


if __name__ == "__main__":
    main()
