"""Play a ``CaseDef`` through the engine and record it as the kit's JSON (``CASE``).

Every step records who may act, every seat's legal moves (notation and JSON), the moves that
must be refused with the rule id refusing them, the move played, and the cards that left the
Court during it (``chance``), so that an engine without the project's random stream can replay
the case with forced chance. Views are recorded where the case asks and at the end.
"""

from __future__ import annotations

import json
from typing import Any

from coup_rules.cards import Character
from coup_rules.conformance.define import CaseDef
from coup_rules.engine import apply, legal_moves, to_act
from coup_rules.errors import IllegalMoveError
from coup_rules.events import CardsDrawn
from coup_rules.moves import Move
from coup_rules.notation import format_move, parse_move
from coup_rules.serde import to_json
from coup_rules.setup import new_game
from coup_rules.state import GameState
from coup_rules.views import view

__all__ = ["CaseError", "Json", "record_case", "setup_of", "summary_of", "summary_of_view"]

Json = dict[str, Any]
"""A JSON object as Python data (``json.loads`` of the library's JSON forms)."""

SPECTATOR = "spectator"
"""The key of the spectator's view in a step's ``views``."""


class CaseError(ValueError):
    """A case cannot be recorded: a move is illegal, or a move that must be refused is not."""

    def __init__(self, case: CaseDef, step: int | None, problem: str) -> None:
        where = "its starting position" if step is None else f"step {step}"
        super().__init__(f"conformance case {case.id!r}, {where}: {problem}")
        self.case_id = case.id
        self.step = step


def _json(obj: object) -> Any:
    return json.loads(to_json(obj))


def _cards(cards: tuple[Character, ...]) -> list[str]:
    return [card.value for card in cards]


def _move_json(move: Move, memo: dict[Move, Json]) -> Json:
    found = memo.get(move)
    if found is None:
        found = memo[move] = {"notation": format_move(move), "move": _json(move)}
    return found


def _legal(state: GameState, memo: dict[Move, Json]) -> dict[str, list[Json]]:
    players = state.config.players
    return {str(s): [_move_json(m, memo) for m in legal_moves(state, s)] for s in range(players)}


def _views(state: GameState) -> dict[str, Any]:
    seats: list[int | None] = [*range(state.config.players), None]
    return {SPECTATOR if s is None else str(s): _json(view(state, s)) for s in seats}


def setup_of(state: GameState, *, hands: bool, court: bool) -> Json:
    """The kit's ``SETUP`` of a new game: the whole starting position after the deal.

    ``fixed`` names what was given to ``new_game`` rather than dealt from the seed (``"hands"``,
    ``"court"``), so that an engine implementing docs/reference/randomness.md deals the same way.
    In the 2-player setup (R-SETUP-7), ``hands`` holds each seat's one card from the third set
    and ``draft`` each seat's offered set: its own five characters (R-SETUP-8); the two sets
    are also the set-aside cards (``aside``). Otherwise ``draft`` is ``null``.
    """
    config = state.config
    draft = config.is_two_player_setup and all(len(p.hand) < 2 for p in state.players)
    allegiances = [p.allegiance for p in state.players]
    return {
        "seed": state.seed,
        "fixed": [name for name, given in (("hands", hands), ("court", court)) if given],
        "hands": [_cards(p.hand) for p in state.players],
        "court": _cards(state.court),
        "aside": _cards(state.aside),
        "coins": [p.coins for p in state.players],
        "allegiances": None if None in allegiances else [a.value for a in allegiances if a],
        "draft": [_cards(config.characters) for _ in state.players] if draft else None,
    }


def summary_of_view(player_view: Json) -> Json:
    """The protocol's ``SUMMARY`` of a view's JSON: what every engine can report of a game."""
    players = player_view["players"]
    seat = player_view["seat"]
    allegiances = [p["allegiance"] for p in players]
    return {
        "coins": [p["coins"] for p in players],
        "hidden": [p["hidden"] for p in players],
        "revealed": [p["revealed"] for p in players],
        "hand": None if seat is None else players[seat]["hand"],
        "treasury": player_view["treasury"],
        "court_size": player_view["court_size"],
        "allegiances": None if None in allegiances else allegiances,
        "winner": player_view["winner"],
    }


def summary_of(state: GameState) -> Json:
    """The spectator's ``SUMMARY`` of a position."""
    return summary_of_view(_json(view(state, None)))


def _parse(case: CaseDef, step: int, text: str, state: GameState) -> Move:
    try:
        return parse_move(text, state)
    except ValueError as exc:
        raise CaseError(case, step, f"cannot read the move {text!r}: {exc}") from exc


def _refusal(case: CaseDef, step: int, text: str, state: GameState) -> Json:
    try:  # not read against the state: a card outside this game's deck is a move to refuse
        move = parse_move(text)
    except ValueError as exc:
        raise CaseError(case, step, f"cannot read the move {text!r}: {exc}") from exc
    try:
        apply(state, move)
    except IllegalMoveError as exc:
        return {"move": _json(move), "notation": format_move(move), "rule": exc.rule}
    raise CaseError(case, step, f"{text!r} must be refused, but the engine accepts it")


def _play(case: CaseDef, step: int, move: Move, text: str, state: GameState) -> GameState:
    try:
        return apply(state, move)
    except IllegalMoveError as exc:
        raise CaseError(case, step, f"{text!r} is refused: {exc}") from exc


def _chance(before: GameState, after: GameState) -> list[str]:
    """The cards that left the Court between two positions, in the log's order."""
    events = after.log.tail(len(before.log))
    return [c.value for e in events if isinstance(e, CardsDrawn) for c in e.cards or ()]


def _start(case: CaseDef) -> GameState:
    try:
        return new_game(
            case.config,
            seed=case.seed,
            hands=case.hands,
            court=case.court,
            coins=case.coins,
            allegiances=case.allegiances,
        )
    except ValueError as exc:
        raise CaseError(case, None, f"an impossible deal: {exc}") from exc


def _step(case: CaseDef, i: int, text: str, state: GameState, memo: dict[Move, Json]) -> Json:
    step: Json = {"to_act": list(to_act(state)), "legal": _legal(state, memo)}
    if i in case.views:
        step["views"] = _views(state)
    refused = [_refusal(case, i, t, state) for t in case.refused.get(i, ())]
    if refused:
        step["refused"] = refused
    return step


def _check_def(case: CaseDef) -> None:
    last = len(case.moves)
    stray = sorted(i for i in (*case.refused, *case.views) if not 0 <= i <= last)
    if stray:
        raise CaseError(case, stray[0], f"refused/views name step {stray[0]}, past the moves")


def record_case(case: CaseDef, memo: dict[Move, Json] | None = None) -> Json:
    """Play ``case`` and return its ``CASE`` (JSON-ready data).

    Refused moves and views may also be asked for at index ``len(case.moves)``: the final
    position (the views there are recorded anyway).

    Raises:
        CaseError: the deal is impossible, a move cannot be read or is refused, or a move that
            must be refused is accepted; the message names the case and the step.
    """
    _check_def(case)
    memo = {} if memo is None else memo
    state = _start(case)
    setup = setup_of(state, hands=case.hands is not None, court=case.court is not None)
    steps = []
    for i, text in enumerate(case.moves):
        step = _step(case, i, text, state, memo)
        move = _parse(case, i, text, state)
        after = _play(case, i, move, text, state)
        step.update(
            seat=move.player,
            move=_json(move),
            notation=format_move(move),
            chance=_chance(state, after),
        )
        steps.append(step)
        state = after
    last = len(case.moves)
    final = [_refusal(case, last, t, state) for t in case.refused.get(last, ())]
    result: Json = {
        "winner": state.winner,
        "to_act": list(to_act(state)),
        "legal": _legal(state, memo),
        "views": _views(state),
        "final": summary_of(state),
    }
    if final:
        result["refused"] = final
    return {
        "id": case.id,
        "title": case.title,
        "rules": list(case.rules),
        "dispute": case.dispute,
        "config": _json(case.config),
        "setup": setup,
        "steps": steps,
        "result": result,
    }
