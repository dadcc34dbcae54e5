"""The narration says when an action comes to nothing (R-INF-5).

When the target of the pending action is eliminated before it takes effect (on losing a
challenge of that action, or a challenge of its own block), the action has no further effect.
No event of the log says so, and none is added (a new kind of event is a major change,
docs/versioning.md): ``narrate_log`` reads it off the events the log holds and tells it where
the action would have resolved, before the next turn begins:
"Seat 0's Steal comes to nothing: seat 1 is out of the game."
"""

from __future__ import annotations

import io
import json

import pytest
from helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, INQUISITOR, play

from coup_rules import (
    ActionMove,
    Allow,
    Assassinate,
    Block,
    Challenge,
    Character,
    Concede,
    Config,
    Coup,
    Examine,
    GameState,
    Income,
    LoseInfluence,
    Prove,
    Steal,
    describe_event,
    narrate_log,
    new_game,
    view,
)
from coup_rules.cli.demo import Narrator
from coup_rules.web.render import seat_envelope

HANDS = [(CAPTAIN, ASSASSIN), (CAPTAIN, CONTESSA), (DUKE, DUKE), (AMBASSADOR, CONTESSA)]

STEAL_LINE = "Seat 0's Steal comes to nothing: seat 1 is out of the game."


def last_card_seat_one(
    hands: list[tuple[Character, Character]] = HANDS, config: Config | None = None
) -> GameState:
    """Seat 1 has lost its first card (a Captain); seat 0 is to act with 3 coins."""
    config = config or Config(players=len(hands))
    state = new_game(config, seed=2, hands=hands, coins=[10, 4, 2, 2][: len(hands)])
    state = play(state, Coup(0, 1), LoseInfluence(1, CAPTAIN))
    return play(state, *(Income(s) for s in range(1, len(hands))))


def told(state: GameState, you: int | None = None) -> list[str]:
    """The public narration of the game: a spectator's view's log, or ``you``'s."""
    return narrate_log(view(state, you).log, state.config, you=you)


def nothing_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if "comes to nothing" in line]


def steal_on_the_last_card() -> GameState:
    """A Steal whose target died on its challenge, and the next turn begun."""
    return play(last_card_seat_one(), Steal(0, 1), Challenge(1), Prove(0))


@pytest.mark.parametrize("action", [Steal(0, 1), Assassinate(0, 1)], ids=lambda a: type(a).__name__)
def test_action_on_a_target_eliminated_by_its_challenge_comes_to_nothing(
    action: ActionMove,
) -> None:
    """R-INF-5: the target loses its last card on a failed challenge; the action comes to
    nothing, and the narration says so."""
    state = play(last_card_seat_one(), action, Challenge(1), Prove(0))
    assert not state.players[1].alive
    name = type(action).__name__
    assert nothing_lines(told(state)) == [
        f"Seat 0's {name} comes to nothing: seat 1 is out of the game."
    ]


def test_the_line_comes_where_the_action_would_have_resolved() -> None:
    """R-INF-4, R-INF-5, R-TURN-3: after the elimination, before the next player's turn."""
    lines = told(steal_on_the_last_card())
    at = lines.index(STEAL_LINE)
    assert lines.index("Seat 1 is eliminated.") < at
    assert lines[at + 1].endswith(" begins: seat 2 to play.")


def test_assassination_after_a_conceded_false_block_on_the_last_card_comes_to_nothing() -> None:
    """R-INF-5, R-INF-7: a target who loses its last card on a false Contessa block is out; the
    assassination then comes to nothing."""
    hands = [(CAPTAIN, ASSASSIN), (CAPTAIN, DUKE), (DUKE, DUKE), (AMBASSADOR, CONTESSA)]
    state = last_card_seat_one(hands)
    state = play(state, Assassinate(0, 1), Allow(1), Allow(2), Allow(3))
    state = play(state, Block(1, CONTESSA), Challenge(2), Concede(1))
    assert not state.players[1].alive
    assert nothing_lines(told(state)) == [
        "Seat 0's Assassinate comes to nothing: seat 1 is out of the game."
    ]


def test_examine_on_a_target_eliminated_by_its_challenge_comes_to_nothing() -> None:
    """R-INQ-3, R-INF-5: an Examine whose target died on the challenge shows nothing."""
    hands = [(INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, CONTESSA)]
    config = Config(players=3, inquisitor=True)
    state = new_game(config, seed=2, hands=hands, coins=[7, 2, 2])
    state = play(state, Coup(0, 1), LoseInfluence(1, CONTESSA), Income(1), Income(2))
    state = play(state, Examine(0, 1), Challenge(1), Prove(0))
    assert nothing_lines(told(state)) == [
        "Seat 0's Examine comes to nothing: seat 1 is out of the game."
    ]


def test_a_steal_that_takes_effect_does_not_come_to_nothing() -> None:
    """R-ACT-6, R-INF-5: a target still alive when the Steal resolves: no such line."""
    before = new_game(Config(players=4), seed=2, hands=HANDS, coins=[2, 4, 2, 2])
    after = play(before, Steal(0, 1), Challenge(1), Prove(0), LoseInfluence(1, CAPTAIN))
    assert after.players[1].alive
    assert nothing_lines(told(after)) == []


def test_an_assassination_that_eliminates_its_target_does_not_come_to_nothing() -> None:
    """R-ACT-5, R-INF-5: the target loses one card to its failed challenge and its last to the
    Assassin: the action took effect."""
    before = new_game(Config(players=4), seed=2, hands=HANDS, coins=[3, 2, 2, 2])
    state = play(before, Assassinate(0, 1), Challenge(1), Prove(0), LoseInfluence(1, CAPTAIN))
    state = play(state, Allow(1))
    assert not state.players[1].alive
    assert nothing_lines(told(state)) == []


def test_a_game_won_by_the_elimination_never_reaches_the_action() -> None:
    """R-INF-5, R-WIN-1: the last opponent dies on the challenge; the game ends there."""
    hands = [(CAPTAIN, ASSASSIN), (CAPTAIN, CONTESSA)]
    state = new_game(Config(players=2), seed=2, hands=hands, coins=[10, 4])
    state = play(state, Coup(0, 1), LoseInfluence(1, CAPTAIN), Income(1))
    state = play(state, Steal(0, 1), Challenge(1), Prove(0))
    assert state.pending is None
    assert nothing_lines(told(state)) == []


@pytest.mark.parametrize(
    ("you", "line"),
    [
        (0, "Your Steal comes to nothing: seat 1 is out of the game."),
        (1, "Seat 0's Steal comes to nothing: you are out of the game."),
        (2, STEAL_LINE),
    ],
)
def test_the_line_speaks_to_you(you: int, line: str) -> None:
    """R-INFO-2: every seat hears the line, in its own voice."""
    assert nothing_lines(told(steal_on_the_last_card(), you)) == [line]


def test_every_other_line_is_describe_events() -> None:
    """The narration adds its line and changes no other: the rest is ``describe_event``'s."""
    state = steal_on_the_last_card()
    log = view(state, None).log
    lines = told(state)
    lines.remove(STEAL_LINE)
    assert lines == [describe_event(e, state.config) for e in log]


def test_the_demo_tells_it_when_printing_move_by_move() -> None:
    """The demo prints each move's events apart; the line reads the turn's earlier events."""
    before = last_card_seat_one()
    out: list[str] = []
    narrator = Narrator(out.append)
    narrator.events(before)
    state = play(before, Steal(0, 1), Challenge(1))
    narrator.events(state)
    narrator.events(play(state, Prove(0)))
    assert out.count("  " + STEAL_LINE) == 1
    header = out[out.index("  " + STEAL_LINE) + 2]
    assert header.startswith("— Turn ") and ": seat 2 (" in header


def test_the_table_tells_it_though_the_turn_began_in_an_earlier_answer() -> None:
    """The web table's log: the answer to the proving move holds the line on the event before
    the next turn, read off the turn's events the seat was sent before; one text per event."""
    asked = play(last_card_seat_one(), Steal(0, 1), Challenge(1))
    state = play(asked, Prove(0))
    data = json.loads(seat_envelope(state, 2, len(asked.log), {}))
    texts = [entry["text"] for entry in data["log_text"]]
    events = view(state, 2, since=len(asked.log)).log
    assert len(texts) == len(events)
    turn = next(i for i, entry in enumerate(data["log_text"]) if entry["turn"])
    sentences = [describe_event(e, state.config, you=2) for e in events]
    assert texts[turn - 1] == f"{sentences[turn - 1]} {STEAL_LINE}"
    assert texts[: turn - 1] + texts[turn:] == sentences[: turn - 1] + sentences[turn:]


def test_the_terminal_game_tells_it_to_the_seat_that_watches() -> None:
    """``coup-rules play``: a person at seat 2 reads the line between the moves it is told."""
    from coup_rules.cli.play import _Table

    before = last_card_seat_one()
    out = io.StringIO()
    table = _Table(before.config, 2, {}, ["a", "b", "c", "d"], 2, io.StringIO(), out)
    table.state = before
    table.news(None)
    table.state = play(before, Steal(0, 1), Challenge(1))
    table.news(None)
    table.state = play(table.state, Prove(0))
    table.news(None)
    assert out.getvalue().splitlines().count("  " + STEAL_LINE) == 1
