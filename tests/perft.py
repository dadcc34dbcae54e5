"""Coup perft: count every decision sequence from a dozen fixed deals, like chess's perft.

From a deal's first state, every seat in ``to_act`` and every one of its ``legal_moves`` is a
branch; ``perft(state, d)`` counts the sequences of exactly ``d`` moves (a game that ends
earlier ends its branch). Chance is the game's seed, so the tree is fixed. The counts depend
only on the rules (which moves are legal, what they do) and on the specified random stream,
never on how the engine is built: a change to them means a change to the rules, and
``tests/golden/perft.json`` pins them for every deal to depth 8 or more.

Every node is checked with the cheap invariants of ``tests/invariants.py``; a move that fails
to apply, or a node that breaks an invariant, is reported with the moves that led to it.

Command line (from the repository root)::

    python -m tests.perft                          # every deal to depth 6, against the golden
    python -m tests.perft --deal base-4p --depth 8 # one deal, deeper
    python -m tests.perft --deal base-4p --depth 5 --divide   # counts per first move
    python -m tests.perft --depth 8 --update       # recount and rewrite the golden file
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coup_rules import (
    Allegiance,
    Character,
    Config,
    GameState,
    Move,
    apply,
    format_move,
    legal_moves,
    new_game,
    to_act,
)
from tests.invariants import check_cheap

GOLDEN = Path(__file__).resolve().parent / "golden" / "perft.json"
"""The pinned node counts: ``{"deals": {name: {"setup": ..., "counts": [n0, n1, ...]}}}``."""

DESCRIPTION = "Count every decision sequence from fixed deals and compare with the golden file."

MIN_GOLDEN_DEPTH = 8
"""The golden file holds every deal's counts to at least this depth."""

GOLDEN_ABOUT = (
    "Coup perft: counts[d] is the number of move sequences of length d from the deal "
    "(every seat in to_act, every legal move). Written by python -m tests.perft --update."
)

Check = Callable[[GameState], None]

DUKE = Character.DUKE
ASSASSIN = Character.ASSASSIN
CAPTAIN = Character.CAPTAIN
AMBASSADOR = Character.AMBASSADOR
CONTESSA = Character.CONTESSA
INQUISITOR = Character.INQUISITOR
LOYALIST = Allegiance.LOYALIST
REFORMIST = Allegiance.REFORMIST


@dataclass(frozen=True)
class Deal:
    """A named starting position: the arguments of one ``new_game`` call."""

    name: str
    about: str
    config: Config
    seed: int
    hands: tuple[tuple[Character, ...], ...] | None = None
    court: tuple[Character, ...] | None = None
    coins: tuple[int, ...] | None = None
    allegiances: tuple[Allegiance, ...] | None = None

    def start(self) -> GameState:
        """The deal's first state."""
        return new_game(
            self.config,
            seed=self.seed,
            hands=self.hands,
            court=self.court,
            coins=self.coins,
            allegiances=self.allegiances,
        )

    def setup(self) -> dict[str, Any]:
        """The deal as plain JSON values, stored next to its counts in the golden file."""

        def names(cards: Sequence[Character]) -> list[str]:
            return [c.name.lower() for c in cards]

        c = self.config
        return {
            "config": {
                "players": c.players,
                "inquisitor": c.inquisitor,
                "reformation": c.reformation,
                "copies": c.copies,
                "coins": c.coins,
                "two_player_setup": c.two_player_setup,
                "first_player": c.first_player,
            },
            "seed": self.seed,
            "hands": None if self.hands is None else [names(h) for h in self.hands],
            "court": None if self.court is None else names(self.court),
            "coins": None if self.coins is None else list(self.coins),
            "allegiances": (
                None if self.allegiances is None else [a.name.lower() for a in self.allegiances]
            ),
        }


DEALS: tuple[Deal, ...] = (
    Deal(
        "base-2p",
        "2 players, plain deal (no 2-player setup)",
        Config(players=2, two_player_setup=False),
        seed=2001,
        hands=((DUKE, ASSASSIN), (CAPTAIN, CONTESSA)),
    ),
    Deal(
        "base-4p",
        "4 players, base game",
        Config(players=4),
        seed=2002,
        hands=((DUKE, ASSASSIN), (CAPTAIN, CONTESSA), (AMBASSADOR, DUKE), (ASSASSIN, CAPTAIN)),
    ),
    Deal(
        "base-6p",
        "6 players, base game, a pair in one hand",
        Config(players=6),
        seed=2003,
        hands=(
            (DUKE, CAPTAIN),
            (ASSASSIN, CONTESSA),
            (AMBASSADOR, AMBASSADOR),
            (DUKE, CONTESSA),
            (CAPTAIN, ASSASSIN),
            (DUKE, AMBASSADOR),
        ),
    ),
    Deal(
        "inquisitor-4p",
        "4 players, the Inquisitor instead of the Ambassador",
        Config(players=4, inquisitor=True),
        seed=2004,
        hands=((INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, INQUISITOR), (DUKE, CAPTAIN)),
    ),
    Deal(
        "reformation-4p",
        "4 players, Reformation, the first player chooses an allegiance",
        Config(players=4, reformation=True),
        seed=2005,
        hands=((DUKE, ASSASSIN), (CAPTAIN, CONTESSA), (AMBASSADOR, DUKE), (ASSASSIN, CAPTAIN)),
    ),
    Deal(
        "both-4p",
        "4 players, Inquisitor and Reformation, allegiances dealt, coins on the table",
        Config(players=4, inquisitor=True, reformation=True),
        seed=2006,
        hands=((INQUISITOR, CONTESSA), (DUKE, CAPTAIN), (ASSASSIN, DUKE), (CAPTAIN, INQUISITOR)),
        coins=(3, 1, 4, 2),
        allegiances=(LOYALIST, REFORMIST, REFORMIST, LOYALIST),
    ),
    Deal(
        "draft-2p",
        "2-player setup: the draft, with a fixed Court",
        Config(players=2),
        seed=2007,
        court=(DUKE, CAPTAIN, CONTESSA),
    ),
    Deal(
        "draft-2p-both",
        "2-player setup with Inquisitor and Reformation: allegiance choice, then the draft",
        Config(players=2, inquisitor=True, reformation=True),
        seed=2008,
    ),
    Deal(
        "rich-3p",
        "3 players: a forced Coup, then a Coup and an Assassination within reach",
        Config(players=3),
        seed=2009,
        hands=((DUKE, CONTESSA), (ASSASSIN, AMBASSADOR), (CAPTAIN, CONTESSA)),
        coins=(10, 7, 3),
    ),
    Deal(
        "tight-bank-3p",
        "3 players with a bank of 7 coins: the Treasury runs dry",
        Config(players=3, coins=7),
        seed=2010,
        hands=((DUKE, CAPTAIN), (DUKE, ASSASSIN), (CAPTAIN, AMBASSADOR)),
    ),
    Deal(
        "small-deck-4p",
        "4 players, 2 copies of each character: a Court of only 2 cards",
        Config(players=4, copies=2),
        seed=2011,
        hands=((DUKE, DUKE), (CAPTAIN, AMBASSADOR), (ASSASSIN, CONTESSA), (CAPTAIN, CONTESSA)),
        court=(ASSASSIN, AMBASSADOR),
    ),
    Deal(
        "set-aside-3p",
        "3 players, a Court of 3 given: the other 6 cards are set aside",
        Config(players=3),
        seed=2012,
        hands=((CONTESSA, ASSASSIN), (DUKE, AMBASSADOR), (CAPTAIN, DUKE)),
        court=(DUKE, CAPTAIN, AMBASSADOR),
    ),
    Deal(
        "forced-coups-10p",
        "10 players with 10 coins each: every turn a forced Coup, players fall",
        Config(players=10, coins=120, first_player=7),
        seed=2013,
        hands=(
            (DUKE, DUKE),
            (ASSASSIN, CAPTAIN),
            (CONTESSA, AMBASSADOR),
            (DUKE, CAPTAIN),
            (ASSASSIN, ASSASSIN),
            (CONTESSA, CONTESSA),
            (AMBASSADOR, DUKE),
            (CAPTAIN, CONTESSA),
            (ASSASSIN, AMBASSADOR),
            (CAPTAIN, DUKE),
        ),
        coins=(10,) * 10,
    ),
)
BY_NAME = {deal.name: deal for deal in DEALS}


def _walk(state: GameState, depth: int, check: Check | None, visit: Callable[[int], None]) -> None:
    path: list[Move] = []

    def walk(node: GameState, d: int) -> None:
        visit(d)
        if check is not None:
            check(node)
        if d == depth:
            return
        for seat in to_act(node):
            for move in legal_moves(node, seat):
                path.append(move)
                walk(apply(node, move), d + 1)
                path.pop()

    try:
        walk(state, 0)
    except Exception as err:
        err.add_note("perft path: " + (", ".join(format_move(m) for m in path) or "(start)"))
        raise


def perft(state: GameState, depth: int, check: Check | None = check_cheap) -> list[int]:
    """Node counts by depth: ``counts[d]`` is the number of move sequences of length ``d`` from
    ``state`` (``counts[0] == 1``), for every ``d`` up to ``depth``. ``check`` runs at every
    node; ``None`` skips it."""
    counts = [0] * (depth + 1)

    def visit(d: int) -> None:
        counts[d] += 1

    _walk(state, depth, check, visit)
    return counts


def divide(
    state: GameState, depth: int, check: Check | None = check_cheap
) -> list[tuple[Move, int]]:
    """For each first move (every seat in ``to_act``, every legal move), the number of move
    sequences of length ``depth`` that begin with it; they add up to ``perft(state, depth)``."""
    assert depth >= 1, "divide needs a depth of at least 1"
    return [
        (move, perft(apply(state, move), depth - 1, check)[depth - 1])
        for seat in to_act(state)
        for move in legal_moves(state, seat)
    ]


def load_golden(path: Path = GOLDEN) -> dict[str, Any]:
    """The golden file's contents (an empty table when it does not exist yet)."""
    if not path.exists():
        return {"about": GOLDEN_ABOUT, "deals": {}}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def save_golden(data: dict[str, Any], path: Path = GOLDEN) -> None:
    """Write the golden file: deals in the order of ``DEALS``, each deal's setup and counts on
    one line each, so that a diff shows which counts changed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    deals = data["deals"]
    entries = []
    for deal in DEALS:
        if deal.name not in deals:
            continue
        entry = deals[deal.name]
        fields = ",\n".join(f"      {json.dumps(k)}: {json.dumps(v)}" for k, v in entry.items())
        entries.append(f"    {json.dumps(deal.name)}: {{\n{fields}\n    }}")
    about = json.dumps(data.get("about", GOLDEN_ABOUT))
    body = ",\n".join(entries)
    text = f'{{\n  "about": {about},\n  "deals": {{\n{body}\n  }}\n}}\n'
    assert json.loads(text) == {"about": json.loads(about), "deals": {d: deals[d] for d in deals}}
    path.write_text(text, encoding="utf-8")


def _compare(name: str, counts: list[int], golden: dict[str, Any]) -> str:
    entry = golden["deals"].get(name)
    if entry is None:
        return "not in the golden file"
    if entry["setup"] != BY_NAME[name].setup():
        return "MISMATCH: the deal differs from the golden file's setup"
    pinned: list[int] = entry["counts"]
    common = min(len(pinned), len(counts))
    bad = [d for d in range(common) if pinned[d] != counts[d]]
    if bad:
        d = bad[0]
        return f"MISMATCH at depth {d}: golden {pinned[d]}, counted {counts[d]}"
    return f"ok (golden to depth {len(pinned) - 1})"


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; returns the exit status (1 when a count differs from the golden)."""
    parser = argparse.ArgumentParser(prog="python -m tests.perft", description=DESCRIPTION)
    parser.add_argument("--deal", action="append", choices=sorted(BY_NAME), help="(repeatable)")
    parser.add_argument("--depth", type=int, default=6, help="depth to count to (default 6)")
    parser.add_argument("--divide", action="store_true", help="counts per first move")
    parser.add_argument("--update", action="store_true", help="rewrite the golden counts")
    parser.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    parser.add_argument("--list", action="store_true", help="list the deals and exit")
    args = parser.parse_args(argv)
    if args.list:
        for deal in DEALS:
            print(f"{deal.name:18} {deal.about}")
        return 0
    check: Check | None = None if args.no_check else check_cheap
    deals = [BY_NAME[n] for n in args.deal] if args.deal else list(DEALS)
    golden = load_golden()
    status = 0
    for deal in deals:
        start = deal.start()
        began = time.perf_counter()
        if args.divide:
            total = 0
            for move, n in divide(start, args.depth, check):
                print(f"{format_move(move):28} {n}")
                total += n
            print(f"{deal.name}: {total} sequences of {args.depth} moves")
            continue
        counts = perft(start, args.depth, check)
        seconds = time.perf_counter() - began
        verdict = _compare(deal.name, counts, golden)
        if verdict.startswith("MISMATCH"):
            status = 1
        print(f"{deal.name:18} depth {args.depth}: {counts[-1]:>10}  {seconds:7.1f}s  {verdict}")
        print(f"{'':18} by depth: {counts}", flush=True)
        if args.update:
            pinned = golden["deals"].get(deal.name, {}).get("counts", [])
            if len(pinned) > len(counts) and pinned[: len(counts)] == counts:
                counts = pinned  # a shallower recount that agrees keeps the deeper counts
            entry = {"about": deal.about, "setup": deal.setup(), "counts": counts}
            golden["deals"][deal.name] = entry
            save_golden(golden)
    return status


if __name__ == "__main__":
    sys.exit(main())
