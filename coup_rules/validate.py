"""The documented invariants of a ``GameState``, checked on states built by hand or decoded.

``validate_state`` accepts every state the engine can reach and rejects states that break a
conservation law or name seats that cannot be asked (R-SETUP-4, R-SETUP-10, R-INF-4, R-INFO-4).
``validate_log`` checks that a state's log leads to its position, and ``validate_view`` that a
view is one a real game could show its seat, so that ``sample_state`` completes it exactly.
"""

from __future__ import annotations

import random
import typing
from collections import Counter
from typing import assert_never

import attrs

from coup_rules.actions import SPECS, Asked, blockers_of, claimed_character, cost_of, in_game
from coup_rules.cards import Allegiance, Character, sorted_cards
from coup_rules.constants import (
    EXCHANGE_DRAWS,
    FORCED_COUP_COINS,
    HAND_SIZE,
    INQUISITOR_EXCHANGE_DRAWS,
    MIN_COURT,
)
from coup_rules.decisions import (
    ActionChallengeAnswer,
    ActionChoice,
    AllegianceChoice,
    BlockChallengeAnswer,
    ChallengeActionWindow,
    ChallengeBlockWindow,
    CounterWindow,
    DraftChoice,
    InfluenceChoice,
    InquisitorChoice,
    KeepChoice,
    Pending,
    ShowChoice,
    Stage,
)
from coup_rules.determinize import Determinizer
from coup_rules.events import (
    ActionDeclared,
    AllegianceChanged,
    CardsDrawn,
    CardShown,
    CardsReturned,
    Dealt,
    Drafted,
    Eliminated,
    Event,
    InfluenceLost,
    Proved,
    TurnStarted,
    Won,
    miscounted,
)
from coup_rules.moves import ActionMove, Block, Coup, Examine, Move
from coup_rules.rng import MAX_SEED
from coup_rules.rules.allegiance import may_target, opponents
from coup_rules.shapes import misfit, misfit_argument
from coup_rules.state import FIELDS, GameState, PlayerState
from coup_rules.views import PlayerView, may_see
from coup_rules.views import view as view_of

__all__ = ["validate_log", "validate_state", "validate_view"]

INFLUENCE = HAND_SIZE

OnAction = (
    ChallengeActionWindow
    | CounterWindow
    | ChallengeBlockWindow
    | ActionChallengeAnswer
    | BlockChallengeAnswer
    | InfluenceChoice
    | KeepChoice
    | ShowChoice
    | InquisitorChoice
)


def _check_types(state: GameState) -> None:
    """Every field holds the type ``GameState``'s constructor names (D7 of issue 20)."""
    values = {name: getattr(state, name) for name in FIELDS}
    players = values["players"]
    for i, p in enumerate(players if type(players) is tuple else ()):
        found = misfit(p) if isinstance(p, PlayerState) else None
        if found is not None:
            raise ValueError(f"players[{i}] holds a value of the wrong type: {found}")
    pending = values["pending"]
    found = misfit(pending) if attrs.has(type(pending)) else None
    if found is not None:
        raise ValueError(f"pending holds a value of the wrong type: {found}")
    found = misfit_argument(GameState.__init__, values)
    if found is not None:
        raise ValueError(f"a field holds a value of the wrong type: {found}")


def _count(name: str, value: int) -> None:
    if value < 0:
        raise ValueError(f"{name} must not be negative, not {value}")


def _sorted(name: str, cards: tuple[Character, ...]) -> None:
    if list(cards) != sorted(cards):
        raise ValueError(f"{name} must be sorted")


def _check_numbers(state: GameState) -> None:
    if not 0 <= state.seed < MAX_SEED:
        raise ValueError("seed must be an integer from 0 to 2**256 - 1")
    _count("draws", state.draws)
    _count("turn", state.turn)
    _count("treasury", state.treasury)
    _count("reserve", state.reserve)
    if state.reserve and not state.config.reformation:
        raise ValueError("reserve must be 0 outside Reformation")
    n = state.config.players
    if not 0 <= state.active < n:
        raise ValueError(f"active must be a seat from 0 to {n - 1}, not {state.active}")


def _check_players(state: GameState) -> None:
    config = state.config
    if len(state.players) != config.players:
        raise ValueError(f"players must hold {config.players} seats, not {len(state.players)}")
    for i, p in enumerate(state.players):
        name = f"players[{i}]"
        if p.seat != i:
            raise ValueError(f"{name}.seat must be {i}, not {p.seat}")
        _count(f"{name}.coins", p.coins)
        _sorted(f"{name}.hand", p.hand)
        if not p.hand and p.coins:
            raise ValueError(f"{name} is eliminated and must hold no coins")
        if p.allegiance is not None and not config.reformation:
            raise ValueError(f"{name}.allegiance must be null outside Reformation")
        if len(p.revealed) > INFLUENCE:
            raise ValueError(f"{name}.revealed holds more than {INFLUENCE} cards")


def _expected_hand(state: GameState, seat: int) -> set[int]:
    """The possible numbers of hidden cards of ``seat`` (R-INF-4, R-ACT-12, R-SETUP-8)."""
    p = state.players[seat]
    base = INFLUENCE - len(p.revealed)
    pending = state.pending
    if isinstance(pending, KeepChoice) and seat in pending.waiting:
        return {pending.keep + _drawn(state)} if pending.keep == base else set()
    if state.turn == 0 and state.config.is_two_player_setup and not p.revealed:
        return {1, 2}
    return {base}


def _drawn(state: GameState) -> int:
    """The cards an Exchange draws in this game."""
    return INQUISITOR_EXCHANGE_DRAWS if state.config.inquisitor else EXCHANGE_DRAWS


def _check_court(state: GameState) -> None:
    """The Court keeps enough cards for every draw (R-SETUP-3); an Exchange borrows them."""
    court = len(state.court)
    if isinstance(state.pending, KeepChoice):
        court += _drawn(state)
    if court < MIN_COURT:
        raise ValueError(f"court must hold at least {MIN_COURT} cards, not {len(state.court)}")


def _check_conservation(state: GameState) -> None:
    config = state.config
    coins = state.treasury + state.reserve + sum(p.coins for p in state.players)
    if coins != config.coins:
        raise ValueError(f"coins add up to {coins}, not the bank of {config.coins}")
    _sorted("court", state.court)
    _sorted("aside", state.aside)
    cards: Counter[Character] = Counter(state.court) + Counter(state.aside)
    for p in state.players:
        cards += Counter(p.hand) + Counter(p.revealed)
    if cards != Counter(config.deck):
        raise ValueError("hands, revealed cards, court and aside do not make up the deck")
    for p in state.players:
        if len(p.hand) not in _expected_hand(state, p.seat):
            raise ValueError(f"players[{p.seat}].hand holds a wrong number of cards")


def _check_seat(state: GameState, name: str, seat: int | None, *, living: bool) -> None:
    n = state.config.players
    if seat is None:
        return
    if not 0 <= seat < n:
        raise ValueError(f"{name} must be a seat from 0 to {n - 1}, not {seat}")
    if living and not state.players[seat].hand:
        raise ValueError(f"{name} names seat {seat}, which is eliminated")


def _check_pending(state: GameState, pending: Pending) -> None:
    if not pending.waiting:
        raise ValueError("pending.waiting must not be empty while the game goes on")
    if list(pending.waiting) != sorted(set(pending.waiting)):
        raise ValueError("pending.waiting must be ascending, without repeats")
    for seat in pending.waiting:
        _check_seat(state, "pending.waiting", seat, living=True)
    setup = isinstance(pending, AllegianceChoice | DraftChoice)
    if setup != (state.turn == 0):
        raise ValueError("pending.kind does not match turn (setup decisions come at turn 0)")
    if isinstance(pending, InquisitorChoice) != (state.shown is not None):
        raise ValueError("shown must be set exactly while the Inquisitor decides")
    match pending:
        case AllegianceChoice() | DraftChoice():
            _check_setup_decision(state, pending)
        case ActionChoice():
            _require(pending.waiting == (state.active,), "pending.waiting must be the active seat")
        case _:
            _check_action(state, pending)
            _require(
                _waits_as_expected(state, pending), f"pending.waiting does not fit {pending.kind}"
            )


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise ValueError(message)


def _hidden(state: GameState, seat: int) -> int:
    return len(state.players[seat].hand)


def _check_setup_decision(state: GameState, pending: AllegianceChoice | DraftChoice) -> None:
    """The first player's choice of allegiance, or the draft of the seats holding one card."""
    config = state.config
    _require(not any(p.revealed for p in state.players), "no card is revealed during the setup")
    drafters = tuple(p.seat for p in state.players if len(p.hand) == 1)
    if drafters:
        _require(config.is_two_player_setup, "only the 2-player setup deals one card")
        _check_draft_piles(state, drafters)
    if isinstance(pending, AllegianceChoice):
        _require(
            not drafters or len(drafters) == config.players,
            "no seat drafts before the first player has chosen an allegiance",
        )
        _require(config.reformation, "pending.kind choose_allegiance needs Reformation")
        _require(
            pending.waiting == (config.first_player,),
            "pending.waiting must be the first player while allegiances are chosen",
        )
        return
    _require(config.is_two_player_setup, "pending.kind draft needs the 2-player setup")
    _require(pending.waiting == drafters, "pending.waiting must be the seats holding one card")


def _check_draft_piles(state: GameState, drafters: tuple[int, ...]) -> None:
    """While the 2-player draft goes on (R-SETUP-7, R-SETUP-8): the Court is the third set less
    the card each seat was dealt from it, and the aside is each seat's own set, less the card of
    each seat that has drafted."""
    config = state.config
    sets = Counter(config.characters * config.players)
    aside = Counter(state.aside)
    _require(
        aside <= sets and (sets - aside).total() == config.players - len(drafters),
        "aside must be each seat's own set, less one card per seat that has drafted",
    )
    aside_ok = all(aside[c] >= len(drafters) for c in config.characters)
    _require(aside_ok, "aside must still hold the set of every seat that drafts")
    court = state.court
    _require(
        len(set(court)) == len(court) == len(config.characters) - config.players,
        "court must be the third set less the cards dealt from it (different characters)",
    )


def _refunded(state: GameState, pending: OnAction) -> bool:
    """Whether the actor conceded an Assassinate and took its cost back (R-CHAL-5)."""
    return (
        isinstance(pending, InfluenceChoice)
        and SPECS[type(pending.action)].refunded
        and pending.seat == pending.actor
        and pending.block is None
        and pending.resume is Stage.END
    )


def _check_action(state: GameState, pending: OnAction) -> None:
    """The declared action is one the actor could declare: this game's, aimed and paid rightly."""
    action: ActionMove = pending.action
    actor = action.player
    config = state.config
    spec = SPECS[type(action)]
    _require(actor == state.active, "pending.action.player must be the active seat")
    _check_seat(state, "pending.action.player", actor, living=True)
    _require(in_game(spec, config), "pending.action is not an action of this game")
    _require(
        pending.claim == claimed_character(action, config.exchanger),
        "pending.claim must be the action's",
    )
    target: int | None = getattr(action, "target", None)
    if target is not None:
        _check_seat(state, "pending.action.target", target, living=True)
        _require(
            target != actor or spec.self_cost is not None,
            "pending.action.target must be another seat",
        )
        aimed = target != actor and bool(state.players[target].hand)
        _require(
            not aimed or may_target(state.core.players, actor, target, config.reformation),
            "pending.action.target may not be aimed at by the actor (R-REF-2)",
        )
    coins = state.players[actor].coins
    start = coins if _refunded(state, pending) else coins + cost_of(action)
    _require(
        start < FORCED_COUP_COINS or isinstance(action, Coup),
        "pending.action must be a Coup: the actor started the turn with 10 coins or more",
    )


def _check_block(state: GameState, action: ActionMove, block: Block) -> None:
    spec = SPECS[type(action)]
    blocker = block.player
    _check_seat(state, "pending.block.player", blocker, living=True)
    if spec.asked is Asked.TARGET:
        asked = blocker == getattr(action, "target", None)
    else:
        asked = spec.asked is Asked.OPPONENTS and blocker in opponents(
            state.core.players, action.player, state.config.reformation
        )
    _require(
        blocker != action.player
        and asked
        and block.character in blockers_of(spec, state.config.exchanger),
        "pending.block does not fit the action",
    )


def _answers(state: GameState, claimant: int, challenger: int, waiting: tuple[int, ...]) -> bool:
    _check_seat(state, "pending.challenger", challenger, living=False)
    return waiting == (claimant,) and challenger != claimant and _hidden(state, challenger) > 0


def _waits_as_expected(state: GameState, pending: OnAction) -> bool:
    """Whether ``pending.waiting`` holds the seats its kind of decision asks."""
    action, waiting = pending.action, pending.waiting
    spec = SPECS[type(action)]
    actor, target = action.player, pending.target
    match pending:
        case ChallengeActionWindow():
            return spec.challengeable and actor not in waiting
        case CounterWindow():
            if spec.asked is Asked.TARGET:
                return waiting == (target,)
            mine = opponents(state.core.players, actor, state.config.reformation)
            return spec.asked is Asked.OPPONENTS and set(waiting) <= set(mine)
        case ChallengeBlockWindow():
            _check_block(state, action, pending.block)
            return pending.block.player not in waiting
        case ActionChallengeAnswer():
            return spec.challengeable and _answers(state, actor, pending.challenger, waiting)
        case BlockChallengeAnswer():
            _check_block(state, action, pending.block)
            return _answers(state, pending.block.player, pending.challenger, waiting)
        case InfluenceChoice():
            if pending.block is not None:
                _check_block(state, action, pending.block)
            return (
                len(waiting) == 1
                and _hidden(state, waiting[0]) == INFLUENCE
                and _loss_reachable(pending, waiting[0])
            )
        case KeepChoice():
            return waiting == (actor,) and pending.keep > 0
        case ShowChoice():
            return waiting == (target,) and _hidden(state, waiting[0]) == INFLUENCE
        case InquisitorChoice():
            return waiting == (actor,) and state.shown in state.players[pending.action.target].hand
        case _:
            assert_never(pending)


def _loss_reachable(pending: InfluenceChoice, loser: int) -> bool:
    """Whether the engine makes ``loser`` lose an influence in this moment of the turn, and goes
    on at ``pending.resume`` afterwards (R-CHAL-3, R-CHAL-4, R-ACT-3, R-ACT-5)."""
    action, block, resume = pending.action, pending.block, pending.resume
    spec = SPECS[type(action)]
    actor = action.player
    if block is not None:
        # the block was challenged: the blocker conceded (the action goes on), or the
        # challenger lost against a proven block (the action fails)
        blocker = block.player
        return (resume is Stage.RESOLVE) == (loser == blocker) and resume is not Stage.COUNTER
    if resume is Stage.COUNTER:  # a challenger lost against a proven action
        return spec.challengeable and loser != actor
    if resume is Stage.END:  # the actor conceded, or the action struck its target
        struck = spec.strikes and loser == pending.target and loser != actor
        return (spec.challengeable and loser == actor) or struck
    return False


def _check_outcome(state: GameState) -> None:
    living = state.living
    if len(living) == 1:
        if state.winner != living[0]:
            raise ValueError(f"winner must be {living[0]}, the only living seat")
        if state.pending is not None:
            raise ValueError("pending must be null once the game is over")
        if state.shown is not None:
            raise ValueError("shown must be null once the game is over")
        return
    if not living:
        raise ValueError("no seat is alive")
    if state.winner is not None:
        raise ValueError("winner must be null while several players are alive")
    if state.pending is None:
        limit = state.config.max_turns
        if limit is None or state.turn != limit:
            raise ValueError("pending must be set while the game goes on (no draw is due)")
        if state.shown is not None:
            raise ValueError("shown must be null once the game is over")
        return
    limit = state.config.max_turns
    if limit is not None and state.turn > limit:
        raise ValueError(f"turn must not pass the turn limit of {limit}")
    _check_seat(state, "active", state.active, living=True)
    _check_pending(state, state.pending)


def _check_allegiances(state: GameState) -> None:
    """In Reformation, no seat has an allegiance before the first player's choice; all after."""
    if not state.config.reformation:
        return
    choosing = isinstance(state.pending, AllegianceChoice)
    for p in state.players:
        if (p.allegiance is None) != choosing:
            must = "null before" if choosing else "set after"
            raise ValueError(f"players[{p.seat}].allegiance must be {must} the first choice")


def validate_state(state: GameState) -> None:
    """Check the documented invariants of ``state``.

    Coins add up to the bank; hands, revealed cards, Court and set-aside cards make up the deck;
    card piles are sorted; hand sizes fit the moment (two influences a player, more only for an
    exchanger choosing what to keep); eliminated players hold no coins; a winner exactly when one
    player is alive; a pending decision exactly while the game goes on, naming only seats of the
    game, the seats it waits on alive, and its fields fitting its kind (the action, block,
    challenger, resume point and seats asked that the engine would have recorded), so that the
    engine can play on from any state that passes; in Reformation, allegiances set once chosen;
    the seed and counters in range.

    Raises:
        ValueError: an invariant is broken; the message names the field.
    """
    _check_types(state)
    _check_numbers(state)
    _check_players(state)
    _check_conservation(state)
    _check_court(state)
    _check_outcome(state)
    _check_allegiances(state)


def _check_view_seats(v: PlayerView) -> None:
    config = v.config
    n = config.players
    _require(len(v.players) == n, f"players must hold {n} seats, not {len(v.players)}")
    _require(v.seat is None or 0 <= v.seat < n, f"seat must be a seat from 0 to {n - 1} or null")
    for i, p in enumerate(v.players):
        name = f"players[{i}]"
        _require(p.seat == i, f"{name}.seat must be {i}, not {p.seat}")
        _count(f"{name}.coins", p.coins)
        _count(f"{name}.hidden", p.hidden)
        _require(p.alive == (p.hidden > 0), f"{name}.alive must say whether it holds a card")
        _require(p.alive or not p.coins, f"{name} is eliminated and must hold no coins")
        _require(len(p.revealed) <= INFLUENCE, f"{name}.revealed holds too many cards")
        own = i == v.seat
        _require((p.hand is not None) == own, f"{name}.hand must be shown to its own seat only")
        if p.hand is not None:
            _require(len(p.hand) == p.hidden, f"{name}.hand must hold its {p.hidden} hidden cards")
            _sorted(f"{name}.hand", p.hand)
        _require(
            p.allegiance is None or config.reformation,
            f"{name}.allegiance must be null outside Reformation",
        )


def _check_view_totals(v: PlayerView) -> None:
    config = v.config
    for name in ("treasury", "reserve", "court_size", "set_aside", "turn"):
        _count(name, getattr(v, name))
    coins = v.treasury + v.reserve + sum(p.coins for p in v.players)
    _require(coins == config.coins, f"coins add up to {coins}, not the bank of {config.coins}")
    cards = v.court_size + v.set_aside + sum(p.hidden + len(p.revealed) for p in v.players)
    deck = len(config.deck)
    _require(cards == deck, f"cards add up to {cards}, not the deck of {deck}")
    _require(v.reserve == 0 or config.reformation, "reserve must be 0 outside Reformation")


def _check_view_decision(v: PlayerView) -> None:
    alive = tuple(p.seat for p in v.players if p.alive)
    _require(bool(alive), "no seat is alive")
    _require((v.winner is not None) == (len(alive) == 1), "winner must be the only living seat")
    _require(v.winner is None or v.winner == alive[0], "winner must be the only living seat")
    _require(0 <= v.active < v.config.players, "active must be a seat")
    pending = v.pending
    waiting = () if pending is None else pending.waiting
    _require(v.to_act == waiting, "to_act must be the seats the pending decision waits on")
    _require(pending is not None or len(alive) == 1 or v.config.max_turns == v.turn, "pending")
    _require(all(s in alive for s in waiting), "pending.waiting names an eliminated seat")
    _require(list(waiting) == sorted(set(waiting)), "pending.waiting must be ascending")
    mine = v.seat is not None and v.seat in waiting
    _require(
        all(getattr(m, "player", None) == v.seat for m in v.legal_moves),
        "legal_moves must be the viewer's own",
    )
    _require(mine or not v.legal_moves, "legal_moves must be empty for a seat not asked")
    examined = isinstance(pending, InquisitorChoice) and v.seat in (
        pending.action.player,
        pending.action.target,
    )
    _require(
        (v.shown is not None) == examined,
        "shown must be set for the Inquisitor and the target while the Inquisitor decides, "
        "and only then (R-INQ-4)",
    )


def _check_view_log(v: PlayerView) -> None:
    _count("log_start", v.log_start)
    _require(v.log_start <= v.log_length, "log_start must not pass log_length")
    _require(
        len(v.log) == v.log_length - v.log_start, "log must hold log_length - log_start events"
    )


def validate_view(view: PlayerView) -> None:
    """Check that ``view`` is one a real game could show its seat.

    Seats are numbered in order; only the viewer's own seat shows its hand, of the size the
    view says; coins add up to the bank and card counts to the deck; a winner exactly when one
    seat is alive; ``to_act`` is what the pending decision waits on, all of it alive; the log
    slice has the length its bounds say; every card named is a character of this game's deck,
    and no more copies of one are in sight than the deck holds (R-SETUP-1, R-SETUP-2); every
    event of the log is redacted for the viewer as ``view`` redacts it, its own private cards
    written and nobody else's (R-INFO-2); the shown card is set for the Inquisitor and the
    target while the Inquisitor decides, and for them only, and the target holds it (R-INQ-4).

    The position fits a state that passes ``validate_state``, and ``view`` of that state for
    the seat gives the same position, ``legal_moves`` and ``to_act`` included. A view of the
    whole log (``log_start`` 0) is checked against its log too: the viewer's hand is what its
    own dealt, drafted, drawn, returned, proved and lost cards leave it; each seat's revealed
    cards are the influences it lost, in order; the eliminated seats, the winner, the turn
    count, the active seat and the allegiances are the ones the log gives; each card shown
    was shown by an Examine's target to its Inquisitor. Such a view is exactly what
    ``view(sample_state(view, rng), view.seat)`` gives, for every ``rng``. (An empty log is a
    position without history, as the vector engine's states have: it is checked as a
    position only.) A decoded view passes this check, like a decoded state passes
    ``validate_state``.

    Raises:
        ValueError: a field disagrees with another or with the rules; the message names it.
    """
    _check_view_seats(view)
    _check_view_totals(view)
    _check_view_decision(view)
    _check_view_log(view)
    _check_view_cards(view)
    _check_view_events(view)
    if view.log_start == 0 and view.log:
        _check_view_history(view)
    _check_view_has_a_state(view)


def _cards_named(v: PlayerView) -> list[tuple[str, Character]]:
    """Every card the view names, with where: seats, the shown card, the pending decision,
    the legal moves and the log."""
    named: list[tuple[str, Character]] = []
    for p in v.players:
        named += [(f"players[{p.seat}].revealed", c) for c in p.revealed]
        named += [(f"players[{p.seat}].hand", c) for c in p.hand or ()]
    if v.shown is not None:
        named.append(("shown", v.shown))
    for name in ("claim", "block"):
        value = getattr(v.pending, name, None)
        found = getattr(value, "character", value)
        if isinstance(found, Character):
            named.append((f"pending.{name}", found))
    for i, move in enumerate(v.legal_moves):
        named += [(f"legal_moves[{i}]", c) for c in _cards_of(move)]
    for i, event in enumerate(v.log):
        named += [(f"log[{i}]", c) for c in _cards_of(event)]
    return named


_CARD_FIELDS = frozenset({"cards", "card", "character"})
"""The fields of moves and events that name cards (a card, or a tuple of them)."""

_CARDS_AT: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in attrs.fields(cls) if f.name in _CARD_FIELDS)
    for cls in (*typing.get_args(Event), *typing.get_args(Move))
}
"""For each class of event and move, its fields that name cards."""


def _cards_of(item: object) -> tuple[Character, ...]:
    """The cards a move or an event names (its cards, card or character)."""
    out: tuple[Character, ...] = ()
    for name in _CARDS_AT.get(type(item), ()):
        value = getattr(item, name)
        if isinstance(value, Character):
            out += (value,)
        elif isinstance(value, tuple):
            out += value
    return out


def _check_view_cards(v: PlayerView) -> None:
    """Every card named is of this game's deck (R-SETUP-1); the cards in sight now (face up,
    in the viewer's hand, shown to it) are no more copies than the deck holds (R-SETUP-2)."""
    config = v.config
    deck = Counter(config.deck)
    for where, card in _cards_named(v):
        _require(
            card in deck,
            f"{where} names a card ({card}) that is not a character of this game (R-SETUP-1)",
        )
    seen: Counter[Character] = Counter()
    for p in v.players:
        seen += Counter(p.revealed) + Counter(p.hand or ())
    pending = v.pending
    if (
        v.shown is not None
        and isinstance(pending, InquisitorChoice)
        and v.seat != pending.action.target
    ):
        seen[v.shown] += 1  # the Inquisitor sees one of the target's cards
    for card, count in seen.items():
        _require(
            count <= deck[card],
            f"{count} cards of {card} are in sight, more than the {deck[card]} copies of the "
            "deck (R-SETUP-2)",
        )


def _check_view_events(v: PlayerView, *, whole: bool = True) -> None:
    """Each event is as ``view`` shows it to this viewer: counts right, the viewer's own
    private cards written (unless ``whole`` is false: a sample's log keeps only its viewer's),
    every other seat's left out (R-INFO-2); a card is shown by one seat to another (R-INQ-4)."""
    seat = v.seat
    n = v.config.players
    for i, event in enumerate(v.log):
        for name, value in _seats_of(event):
            _require(
                0 <= value < n,
                f"log[{i}].{name} must be a seat from 0 to {n - 1}, not {value} (R-TURN-6)",
            )
        problem = miscounted(event)
        _require(problem is None, f"log[{i}] ({type(event).__name__}): {problem}")
        private = _private(event)
        if private is None:
            continue
        name = type(event).__name__
        if may_see(event, seat):
            _require(
                not whole or getattr(event, private) is not None,
                f"log[{i}] ({name}) must show its {private} to seat {seat}, who sees them "
                "(R-INFO-2)",
            )
        else:
            _require(
                getattr(event, private) is None,
                f"log[{i}] ({name}) shows {private} that {_viewer(seat)} may not see (R-INFO-2)",
            )
        if isinstance(event, CardShown):
            _require(event.player != event.to, f"log[{i}] (CardShown) shows a card to its owner")


_SEAT_FIELDS = frozenset({"player", "target", "to", "witness", "challenged", "source", "dest"})
"""The fields of events that name a seat (``source`` and ``dest`` when not a pool)."""

_SEATS_AT: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in attrs.fields(cls) if f.name in _SEAT_FIELDS)
    for cls in typing.get_args(Event)
}
"""For each class of event, its fields that name a seat."""


def _seats_of(event: Event) -> list[tuple[str, int]]:
    """The seats ``event`` names, with their fields (an action's by ``action.player`` and
    ``action.target``)."""
    found = [(name, getattr(event, name)) for name in _SEATS_AT[type(event)]]
    if isinstance(event, ActionDeclared):
        found.append(("action.player", event.action.player))
        target = getattr(event.action, "target", None)
        if target is not None:
            found.append(("action.target", target))
    return [(name, value) for name, value in found if type(value) is int]


def _private(event: Event) -> str | None:
    """The name of the private card field of ``event``, if it has one."""
    if isinstance(event, Dealt | CardsDrawn | CardsReturned):
        return "cards"
    if isinstance(event, Drafted | CardShown):
        return "card"
    return None


def _viewer(seat: int | None) -> str:
    return "a spectator" if seat is None else f"seat {seat}"


def _check_view_history(v: PlayerView) -> None:
    """The position is the one the whole log leads to, in all the viewer can check."""
    history = _History(v)
    for i, event in enumerate(v.log):
        history.read(i, event)
    history.check_end()


class _History:
    """What a whole log tells of the position, read event by event (``_check_view_history``)."""

    __slots__ = (
        "action",
        "allegiances",
        "blind",
        "config",
        "eliminated",
        "hand",
        "lost",
        "shown",
        "turn",
        "turner",
        "view",
        "won",
    )

    def __init__(self, v: PlayerView) -> None:
        n = v.config.players
        self.view = v
        self.config = v.config
        self.hand: Counter[Character] = Counter()
        self.lost: list[list[Character]] = [[] for _ in range(n)]
        self.allegiances: list[Allegiance | None] = [None] * n
        self.eliminated: set[int] = set()
        self.won: int | None = None
        self.turn = 0
        self.turner = v.config.first_player
        self.action: ActionMove | None = None
        self.shown: Character | None = None
        self.blind = False  # whether a private event the viewer sees has its cards left out

    def read(self, i: int, event: Event) -> None:
        """Take one more event into account; refuse one no game could log here."""
        seat = self.view.seat
        mine = getattr(event, "player", None) == seat and seat is not None
        match event:
            case Dealt() | CardsDrawn() | CardsReturned() | Drafted() if (
                mine and getattr(event, _private(event) or "") is None
            ):
                self.blind = True
            case Dealt() | CardsDrawn() if mine and event.cards is not None:
                self.hand.update(event.cards)
            case Drafted() if mine and event.card is not None:
                self.hand[event.card] += 1
            case CardsReturned() | Proved() if mine and event.cards is not None:
                self._leave(i, event.cards)
            case InfluenceLost():
                if mine:
                    self._leave(i, (event.character,))
                self.lost[event.player].append(event.character)
            case CardShown():
                if event.card is None and seat in (event.player, event.to):
                    self.blind = True
                self._shown(i, event, mine)
            case TurnStarted():
                self.turn += 1
                _require(
                    event.turn == self.turn,
                    f"log[{i}] starts turn {event.turn}, not turn {self.turn} (R-SETUP-11)",
                )
                self.turner, self.action, self.shown = event.player, None, None
            case ActionDeclared():
                self._declared(i, event.action)
            case AllegianceChanged():
                self.allegiances[event.player] = event.allegiance
            case Eliminated():
                self.eliminated.add(event.player)
            case Won():
                self.won = event.player
            case _:
                pass

    def _leave(self, i: int, cards: tuple[Character, ...]) -> None:
        """The viewer's ``cards`` leave its hand: it must hold them (R-SETUP-10)."""
        if self.blind:
            return
        taken = Counter(cards)
        _require(
            taken <= self.hand,
            f"log[{i}] takes {', '.join(map(str, cards))} from seat {self.view.seat}, which the "
            "log has not given it (R-SETUP-10)",
        )
        self.hand -= taken

    def _declared(self, i: int, action: ActionMove) -> None:
        spec = SPECS[type(action)]
        _require(
            self.turn > 0 and action.player == self.turner,
            f"log[{i}] declares an action of seat {action.player}, whose turn it is not (R-TURN-1)",
        )
        _require(
            in_game(spec, self.config),
            f"log[{i}] declares {type(action).__name__}, not an action of this game (R-INQ-1, "
            "R-REF-1)",
        )
        self.action = action

    def _shown(self, i: int, event: CardShown, mine: bool) -> None:
        """A card is shown by the target of the Examine declared this turn to its Inquisitor
        (R-INQ-4); the viewer shows only a card it holds."""
        action = self.action
        _require(
            isinstance(action, Examine)
            and (action.player, action.target) == (event.to, event.player),
            f"log[{i}] shows a card that no Examine of this turn asked for (R-INQ-4)",
        )
        if mine and event.card is not None and not self.blind:
            _require(
                self.hand[event.card] > 0,
                f"log[{i}] has seat {event.player} show {event.card}, which it does not hold "
                "(R-INQ-4)",
            )
        self.shown = event.card

    def check_end(self) -> None:
        """The position agrees with everything the log told."""
        v = self.view
        for p in v.players:
            _require(
                p.revealed == tuple(self.lost[p.seat]),
                f"players[{p.seat}].revealed must be the influences the log has it lose, in "
                "order (R-INF-3)",
            )
            _require(
                p.allegiance == self.allegiances[p.seat],
                f"players[{p.seat}].allegiance must be the last one the log gives it (R-REF-1)",
            )
        dead = {p.seat for p in v.players if not p.alive}
        _require(self.eliminated == dead, "the eliminated seats must be the log's (R-INF-4)")
        _require(self.won == v.winner, "winner must be the seat the log says won (R-INF-6)")
        _require(v.turn == self.turn, f"turn must be {self.turn}, the turns the log starts")
        _require(
            v.active == self.turner,
            f"active must be seat {self.turner}, whose turn the log started (R-TURN-3)",
        )
        if v.seat is not None and not self.blind:
            hand = tuple(sorted_cards(self.hand.elements()))
            _require(
                v.players[v.seat].hand == hand,
                f"players[{v.seat}].hand must be the cards the log leaves it: "
                f"{', '.join(map(str, hand)) or 'none'} (R-SETUP-10)",
            )
        pending = v.pending
        if v.shown is not None and isinstance(pending, InquisitorChoice) and not self.blind:
            _require(
                v.shown == self.shown,
                "shown must be the card the log shows the Inquisitor this turn (R-INQ-4)",
            )


_HISTORY_FIELDS = frozenset({"log", "log_start", "log_length"})
_POSITION_FIELDS = tuple(f.name for f in attrs.fields(PlayerView) if f.name not in _HISTORY_FIELDS)
"""The fields of a view that ``view`` of a sample must give again. The log need not be
compared: a sample keeps the view's log, and ``view`` gives each event back as it was once
``_check_view_events`` has found it redacted for the viewer; its bounds are checked on their
own."""


def validate_log(state: GameState) -> None:
    """Check that ``state``'s log leads to its position, as ``validate_view`` checks each
    view: every seat's view of ``state`` passes the checks of its log (its events, the cards
    they name, and what the whole log tells of the position). ``from_json`` runs it on a
    decoded ``GameState`` after ``validate_state``, so that the views of a state it accepts
    are views ``validate_view`` accepts. An empty log is a position without history and
    passes.

    Raises:
        ValueError: the log contradicts the position; the message names the seat and field.
    """
    if not len(state.log):
        return
    for seat in range(state.config.players):
        seen = view_of(state, seat)
        try:
            _check_view_cards(seen)
            _check_view_events(seen, whole=False)
            _check_view_history(seen)
        except ValueError as problem:
            raise ValueError(
                f"the log does not lead to this state (seat {seat}'s view: {problem})"
            ) from None


def _check_view_has_a_state(v: PlayerView) -> None:
    """The view fits a state the engine could reach: one drawn by ``sample_state`` passes
    ``validate_state`` (issue 20, D3), and ``view`` of it is ``v`` (its position only, for a
    view of part of the log)."""
    pending = v.pending
    if isinstance(pending, InquisitorChoice) and v.seat == pending.action.target:
        own = v.players[v.seat].hand or ()
        _require(v.shown in own, "shown must be one of the target's own hidden cards (R-INQ-4)")
    whole = v.log_start == 0
    position = v if whole else attrs.evolve(v, log=(), log_start=0, log_length=0)
    try:
        sample = Determinizer(position).sample(random.Random(0))
        validate_state(sample)
    except ValueError as problem:
        raise ValueError(f"the view fits no state the engine could reach: {problem}") from None
    again = view_of(sample, v.seat, since=len(sample.log))  # the position, no log
    for name in _POSITION_FIELDS:
        found, expected = getattr(v, name), getattr(again, name)
        if found != expected:
            raise ValueError(
                f"{name} is not what the game shows {_viewer(v.seat)} in this position"
                f"{_where(found, expected)}"
            )


def _where(found: object, expected: object) -> str:
    """Where two tuples differ first, for a message; nothing for other values."""
    if not isinstance(found, tuple) or not isinstance(expected, tuple):
        return ""
    for i, (a, b) in enumerate(zip(found, expected, strict=False)):
        if a != b:
            return f" (first at [{i}])"
    return f" (it holds {len(found)} items, not {len(expected)})"
