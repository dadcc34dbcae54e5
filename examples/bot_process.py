"""A Coup bot as a command, in plain Python (standard library only): the coup-bot protocol v1.

The host writes one JSON request per line on standard input and reads one answer per line on
standard output ("Bots in any language" in the docs). This bot plays by rules of thumb: Coup
when it can, act with the characters it holds, block with them, lose its least useful card.

    coup-rules tournament --bots honest,random --entrant 'cmd:python examples/bot_process.py'
"""

import json
import sys
from typing import Any

VALUE = {"duke": 5, "captain": 4, "assassin": 4, "inquisitor": 3, "contessa": 3, "ambassador": 2}
# What each kind of move is worth, and the card that makes it honest (None: honest always).
WORTH = {
    "coup": (90, None),
    "assassinate": (80, "assassin"),
    "tax": (70, "duke"),
    "steal": (60, "captain"),
    "block": (85, None),
    "prove": (95, None),
    "income": (30, None),
    "foreign_aid": (20, None),
    "allow": (10, None),
}


def score(move: dict[str, Any], view: dict[str, Any]) -> float:
    """How much the bot likes ``move``: the highest-scoring legal move is played."""
    hand = view["players"][view["seat"]]["hand"] or []
    kind = move["type"]
    if kind == "lose_influence":
        return 50 - VALUE[move["character"]]  # give up the least useful card
    if kind == "block" and move["character"] not in hand:
        return 0  # never bluff a block
    worth, needs = WORTH.get(kind, (5, None))
    if needs is not None and needs not in hand:
        return 0  # never bluff an action
    target = move.get("target")
    return worth + (view["players"][target]["coins"] / 100 if target is not None else 0)


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """The answer to one request of the host."""
    number, cmd = request.get("id"), request.get("cmd")
    if cmd == "hello":
        return {"id": number, "ok": True, "name": "rules-of-thumb (Python)"}
    if cmd == "decide":
        view = request["view"]
        return {
            "id": number,
            "ok": True,
            "move": max(view["legal_moves"], key=lambda m: score(m, view)),
        }
    if cmd == "quit":
        return {"id": number, "ok": True}
    return {"id": number, "ok": False, "error": {"code": "unknown_command", "message": str(cmd)}}


def main() -> None:
    for line in sys.stdin:  # end of input: the host is gone, so the bot ends too
        request = json.loads(line)
        print(json.dumps(answer(request)), flush=True)
        if request.get("cmd") == "quit":
            break


if __name__ == "__main__":
    main()
