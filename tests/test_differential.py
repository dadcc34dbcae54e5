"""Differential test: the engine against an independent oracle written from RULINGS.md alone.

Random games (a seeded ``random.Random`` picks a seat of ``to_act``, then one of its legal moves)
are played on the engine and, move for move, on the plain mutable model in ``tests/oracle``. The
oracle takes only the chance outcomes (the cards drawn from the Court) from the engine's log; it
decides everything else itself. At every step the two must agree on the seats to act, on each
seat's exact, ordered legal moves, and after each move on every public and private fact: coins,
hands, revealed cards, allegiances, who is alive, Treasury, Reserve, Court, set-aside count,
active seat, turn, winner, and the pending decision with the seats it waits on.

This covers, in every configuration played (2–10 players, base, Inquisitor, Reformation and
both, the plain 2-player deal, a tight bank, ``copies=5``): setup (R-SETUP-4, R-SETUP-7,
R-SETUP-8, R-SETUP-10, R-SETUP-11), the turn (R-TURN-1 to R-TURN-5), actions (R-ACT-1 to
R-ACT-12), the response windows (R-WIN-1 to R-WIN-6), challenges (R-CHAL-1 to R-CHAL-5),
influence (R-INF-1 to R-INF-7), the Inquisitor (R-INQ-1 to R-INQ-7), Reformation (R-REF-1 to
R-REF-10) and the public-information flow of decisions (R-INFO-4).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from oracle import Oracle, OracleError

from coup_rules import (
    Allegiance,
    Allow,
    CardsDrawn,
    Character,
    Config,
    Decision,
    GameState,
    Move,
    Prove,
    apply,
    format_move,
    legal_moves,
    new_game,
    to_act,
)

MAX_STEPS = 3000


def _configs() -> Iterator[tuple[Config, int]]:
    """Every configuration to play, with how many games of it."""
    for players in range(2, 11):
        for inquisitor in (False, True):
            for reformation in (False, True):
                yield Config(players, inquisitor=inquisitor, reformation=reformation), 5
    for inquisitor in (False, True):
        for reformation in (False, True):
            yield (
                Config(2, inquisitor=inquisitor, reformation=reformation, two_player_setup=False),
                6,
            )
    for players in (3, 4, 5):
        yield Config(players, coins=12), 6
        yield Config(players, coins=12, inquisitor=True, reformation=True), 6
    for players in (3, 6, 10):
        yield Config(players, copies=5, inquisitor=players != 6, reformation=players >= 6), 5


CASES = [
    pytest.param(
        config,
        games,
        id=f"{i}-p{config.players}"
        f"{'-inq' if config.inquisitor else ''}{'-ref' if config.reformation else ''}"
        f"{'' if config.two_player_setup else '-plain'}"
        f"{'-coins' + str(config.coins) if config.coins != 54 else ''}"
        f"{'-copies' + str(config.copies) if config.copies else ''}",
    )
    for i, (config, games) in enumerate(_configs())
]


def _engine_facts(state: GameState) -> dict[str, Any]:
    facts: dict[str, Any] = {
        "treasury": state.treasury,
        "reserve": state.reserve,
        "court": tuple(sorted(state.court)),
        "set_aside": state.set_aside,
        "active": state.active,
        "turn": state.turn,
        "winner": state.winner,
        "pending.kind": None if state.pending is None else state.pending.kind,
        "pending.waiting": () if state.pending is None else tuple(state.pending.waiting),
    }
    for p in state.players:
        facts[f"seat {p.seat}"] = (
            p.coins,
            tuple(sorted(p.hand)),
            tuple(p.revealed),
            p.allegiance,
            p.alive,
        )
    return facts


def _oracle_facts(model: Oracle) -> dict[str, Any]:
    facts: dict[str, Any] = {
        "treasury": model.treasury,
        "reserve": model.reserve,
        "court": tuple(sorted(model.court)),
        "set_aside": len(model.aside),
        "active": model.active,
        "turn": model.turn,
        "winner": model.winner,
        "pending.kind": model.kind,
        "pending.waiting": tuple(model.waiting),
    }
    for i, s in enumerate(model.seats):
        facts[f"seat {i}"] = (
            s.coins,
            tuple(sorted(s.hand)),
            tuple(s.revealed),
            s.allegiance,
            s.alive,
        )
    return facts


class Disagreement(AssertionError):
    """The engine and the oracle differ."""


def _report(config: Config, seed: int, history: list[Move], what: str) -> Disagreement:
    moves = "\n".join(f"  {i:3}: {format_move(m)}" for i, m in enumerate(history))
    return Disagreement(
        f"engine and oracle disagree\nconfig: {config!r}\nseed: {seed}\n"
        f"moves so far ({len(history)}):\n{moves}\n{what}"
    )


def _compare_decisions(state: GameState, model: Oracle) -> str | None:
    engine_to_act = to_act(state)
    if engine_to_act != model.to_act():
        return f"to_act: engine {engine_to_act}, oracle {model.to_act()}"
    for seat in range(state.config.players):
        engine_moves = legal_moves(state, seat)
        oracle_moves = model.legal_moves(seat)
        if engine_moves != oracle_moves:
            return (
                f"legal_moves(seat {seat}):\n  engine: {[format_move(m) for m in engine_moves]}"
                f"\n  oracle: {[format_move(m) for m in oracle_moves]}"
            )
    return None


def _pending_parts(state: GameState, model: Oracle) -> str | None:
    """The public description of the decision: its action, block, challenger and Keep count."""
    pending = state.pending
    if pending is None:
        return None
    keep = model.keep_count if model.kind is Decision.KEEP else 0
    parts: list[tuple[str, object, object]] = [
        ("pending.kind", pending.kind, model.kind),
        ("pending.block", getattr(pending, "block", None), model.block),
        ("pending.keep", getattr(pending, "keep", 0), keep),
        ("pending.action", getattr(pending, "action", None), model.action),
    ]
    if hasattr(pending, "challenger"):
        parts.append(("pending.challenger", pending.challenger, model.challenger))
    diffs = [f"{name}: engine {e!r}, oracle {o!r}" for name, e, o in parts if e != o]
    return "\n".join(diffs) if diffs else None


def _compare_facts(state: GameState, model: Oracle) -> str | None:
    pending = _pending_parts(state, model)
    if pending:
        return pending
    engine, oracle = _engine_facts(state), _oracle_facts(model)
    diffs = [
        f"{k}: engine {engine[k]!r}, oracle {oracle[k]!r}" for k in engine if engine[k] != oracle[k]
    ]
    return "\n".join(diffs) if diffs else None


def _draws(before: GameState, after: GameState) -> list[tuple[int, Character]]:
    drawn: list[tuple[int, Character]] = []
    for event in after.log.tail(len(before.log)):
        if isinstance(event, CardsDrawn):
            assert event.cards is not None, "the state's log is unredacted"
            drawn += [(event.player, card) for card in event.cards]
    return drawn


def _pick(rng: random.Random, state: GameState, allow_bias: float) -> Move:
    """A seat of ``to_act``, then one of its moves; Allow and Prove are favoured at times."""
    seat = rng.choice(to_act(state))
    moves = legal_moves(state, seat)
    for favoured, bias in ((Allow(seat), allow_bias), (Prove(seat), 0.6)):
        if favoured in moves and rng.random() < bias:
            return favoured
    return rng.choice(moves)


def _fixed_deal(config: Config, rng: random.Random) -> dict[str, Any]:
    """Random ``new_game`` keyword arguments for a fixed deal (R-SETUP-9)."""
    deck = list(config.deck)
    rng.shuffle(deck)
    n = config.players
    deal: dict[str, Any] = {"hands": [deck[2 * i : 2 * i + 2] for i in range(n)]}
    rest = deck[2 * n :]
    if rng.random() < 0.5:
        deal["court"] = rest[: rng.randint(2, len(rest))]
    budget = config.coins
    coins = []
    for _ in range(n):
        coins.append(rng.randint(0, min(12, budget)))
        budget -= coins[-1]
    deal["coins"] = coins
    if config.reformation and rng.random() < 0.7:
        deal["allegiances"] = [rng.choice(list(Allegiance)) for _ in range(n)]
    return deal


def play_differential(config: Config, seed: int, *, fixed: bool = False) -> int:
    """Play one random game on both models; the number of moves compared.

    With ``fixed``, the game starts from a random fixed deal (hands, maybe Court, coins, maybe
    allegiances) instead of the seed's deal.
    """
    rng = random.Random(seed)
    allow_bias = rng.choice((0.0, 0.5, 0.8, 0.95))
    deal = _fixed_deal(config, rng) if fixed else {}
    state = new_game(config, seed=seed, **deal)
    model = Oracle.from_engine(state)
    history: list[Move] = []
    deck = model.cards()
    if not fixed and (problems := model.deal_problems()):
        raise _report(config, seed, history, "\n".join(problems))
    for _ in range(MAX_STEPS):
        if model.cards() != deck:
            raise _report(config, seed, history, "the oracle lost or made a card")
        problem = _compare_facts(state, model) or _compare_decisions(state, model)
        if problem:
            raise _report(config, seed, history, problem)
        if state.is_over:
            return len(history)
        move = _pick(rng, state, allow_bias)
        after = apply(state, move)
        history.append(move)
        try:
            model.apply(move, _draws(state, after))
        except OracleError as error:
            raise _report(config, seed, history, f"oracle: {error}") from None
        state = after
    return len(history)


def _seed(config: Config, game: int) -> int:
    return 1000 * config.players + 97 * game + 7 * config.inquisitor + 3 * config.reformation


@pytest.mark.parametrize(("config", "games"), CASES)
def test_engine_agrees_with_oracle(config: Config, games: int) -> None:
    """R-TURN-1, R-WIN-1, R-CHAL-3, R-INF-6, R-REF-2 and the rest: engine == oracle, step by step.

    Every other game starts from another seat (R-SETUP-6, R-TURN-3, R-REF-1).
    """
    steps = 0
    for game in range(games):
        first = (game // 2 * 3) % config.players if game % 2 else 0
        steps += play_differential(attrs.evolve(config, first_player=first), _seed(config, game))
    assert steps > 0


@pytest.mark.parametrize("players", range(2, 11))
@pytest.mark.parametrize(
    ("inquisitor", "reformation"), [(False, False), (True, True), (False, True), (True, False)]
)
def test_engine_agrees_with_oracle_on_fixed_deals(
    players: int, inquisitor: bool, reformation: bool
) -> None:
    """R-SETUP-9, R-TURN-2, R-REF-4: from fixed deals (rich seats, cards set aside), each step."""
    config = Config(players, inquisitor=inquisitor, reformation=reformation)
    steps = sum(
        play_differential(config, _seed(config, game) + 500, fixed=True) for game in range(2)
    )
    assert steps > 0
