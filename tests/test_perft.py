"""The perft counts of the fixed deals match the golden file (see ``tests/perft.py``).

A count is the number of move sequences of a given length from a deal: it changes only when the
rules change (which moves are legal, what they lead to) or the specified random stream does
(R-INFO-5), so it pins both across any rewrite of the engine. The golden file holds every deal
to depth 8 or more; this test recounts each deal as deep as a budget of nodes allows, checking
the cheap invariants at every node; ``scripts/soak.py --perft-depth 8`` recounts them all.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from coup_rules import format_move, legal_moves, to_act
from tests.perft import BY_NAME, DEALS, MIN_GOLDEN_DEPTH, divide, load_golden, main, perft

NODE_BUDGET = 20_000
"""Nodes (all depths together) a deal may visit in this test: about a second or two each."""

GOLDEN = load_golden()
TESTING_PAGE = Path(__file__).resolve().parents[1] / "docs" / "testing.md"


def budget_depth(counts: list[int]) -> int:
    """The deepest depth whose perft, all levels together, stays within ``NODE_BUDGET``."""
    depth, total = 0, counts[0]
    while depth + 1 < len(counts) and total + counts[depth + 1] <= NODE_BUDGET:
        depth += 1
        total += counts[depth]
    return depth


def test_the_golden_file_pins_every_deal_to_depth_8() -> None:
    """R-SETUP-9: every named deal, as defined now, has golden counts to depth 8 or more, and
    the golden file names no deal that does not exist."""
    pinned = GOLDEN["deals"]
    assert sorted(pinned) == sorted(BY_NAME)
    for deal in DEALS:
        entry = pinned[deal.name]
        assert entry["setup"] == deal.setup(), f"{deal.name} is not the deal that was counted"
        assert len(entry["counts"]) > MIN_GOLDEN_DEPTH, f"{deal.name} is pinned too shallow"
        assert entry["counts"][0] == 1


@pytest.mark.parametrize("name", [deal.name for deal in DEALS])
def test_perft_counts_match_the_golden_file(name: str) -> None:
    """R-INFO-5, R-TURN-4, R-TURN-7: from a fixed deal, the number of move sequences of each
    length (every seat being asked, every legal move) is the pinned one, and every node keeps
    the cheap invariants (coins, cards, hands, the dead, who is asked, the end)."""
    pinned: list[int] = GOLDEN["deals"][name]["counts"]
    depth = budget_depth(pinned)
    assert depth >= 4, f"{name}: the node budget reaches only depth {depth}"
    assert perft(BY_NAME[name].start(), depth) == pinned[: depth + 1]


def test_depth_one_counts_the_legal_moves_of_every_seat_asked() -> None:
    """R-TURN-4: the first count of each deal is the number of legal moves of all the seats
    in ``to_act`` at the start."""
    for deal in DEALS:
        start = deal.start()
        moves = sum(len(legal_moves(start, seat)) for seat in to_act(start))
        assert GOLDEN["deals"][deal.name]["counts"][1] == moves, deal.name


def test_divide_splits_the_count_by_first_move() -> None:
    """R-TURN-4: the counts per first move add up to the deal's count, one per legal move."""
    deal = BY_NAME["both-4p"]
    start = deal.start()
    split = divide(start, 3)
    assert [m for m, _ in split] == [m for s in to_act(start) for m in legal_moves(start, s)]
    assert sum(n for _, n in split) == GOLDEN["deals"][deal.name]["counts"][3]


def test_the_command_line_divides_and_compares(capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI prints one line per first move (in the text notation) and a total; without
    ``--divide`` it compares the counts with the golden file and exits 0 when they agree."""
    assert main(["--deal", "rich-3p", "--depth", "3", "--divide"]) == 0
    lines = capsys.readouterr().out.splitlines()
    start = BY_NAME["rich-3p"].start()
    first = [format_move(m) for m in legal_moves(start, start.active)]
    assert [line.split()[:-1] for line in lines[:-1]] == [m.split() for m in first]
    total = GOLDEN["deals"]["rich-3p"]["counts"][3]
    assert lines[-1] == f"rich-3p: {total} sequences of 3 moves"
    assert main(["--deal", "rich-3p", "--depth", "4"]) == 0
    assert "ok (golden to depth" in capsys.readouterr().out


def test_the_testing_page_shows_the_golden_counts() -> None:
    """docs/testing.md's table of counts (depths 6, 7 and 8, and the deepest pinned) is the
    golden file's, deal by deal, in the order of the deals."""
    row = re.compile(
        r"^\| `([a-z0-9-]+)` \| .* \| ([\d,]+) \| ([\d,]+) \| ([\d,]+) \| (\d+) \(([\d,]+)\) \|$"
    )
    shown = {}
    for line in TESTING_PAGE.read_text(encoding="utf-8").splitlines():
        if m := row.match(line):
            shown[m.group(1)] = [int(g.replace(",", "")) for g in m.groups()[1:]]
    assert list(shown) == [deal.name for deal in DEALS]
    for name, numbers in shown.items():
        counts = GOLDEN["deals"][name]["counts"]
        assert numbers == [counts[6], counts[7], counts[8], len(counts) - 1, counts[-1]], name
