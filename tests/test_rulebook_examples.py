"""The primary rulebook's worked examples, step by step on fixed deals.

Seats 0, 1 and 2 play the rulebook's Players 1, 2 and 3.
"""

from __future__ import annotations

from collections import Counter

from helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, play

from coup_rules import (
    Allow,
    Assassinate,
    Block,
    Challenge,
    Character,
    Concede,
    Config,
    Decision,
    Eliminated,
    GameState,
    LoseInfluence,
    Prove,
    Stage,
    Steal,
    legal_moves,
    new_game,
    to_act,
)

P1, P2, P3 = 0, 1, 2


def game(
    hands: list[tuple[Character, Character]],
    coins: list[int] | None = None,
    court: list[Character] | None = None,
) -> GameState:
    """A 3-player game on a fixed deal."""
    return new_game(Config(players=3), seed=2024, hands=hands, coins=coins, court=court)


def kind(state: GameState) -> Decision:
    """The kind of the pending decision."""
    assert state.pending is not None
    return state.pending.kind


def test_example_1_challenged_captain_proves_and_steals() -> None:
    """R-CHAL-3, R-ACT-6, R-WIN-4: Example 1 — a challenged Captain proves, then steals 2."""
    hands = [(CAPTAIN, DUKE), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE)]
    state = game(hands, court=[CONTESSA, ASSASSIN])
    court_before = len(state.court)

    # Player 1 claims the Captain and steals from Player 2.
    state = play(state, Steal(P1, P2))
    assert kind(state) is Decision.CHALLENGE_ACTION
    assert to_act(state) == (P2, P3)

    # Player 2 challenges.
    state = play(state, Challenge(P2))
    assert kind(state) is Decision.ANSWER_ACTION_CHALLENGE
    assert legal_moves(state, P1) == (Prove(P1), Concede(P1))

    # Player 1 shows the Captain; it goes to the Court and a new card is drawn.
    state = play(state, Prove(P1))
    hand = state.players[P1].hand
    assert len(hand) == 2 and DUKE in hand
    assert len(state.court) == court_before
    assert Counter(hand) + Counter(state.court) == Counter([DUKE, CAPTAIN, CONTESSA, ASSASSIN])

    # Player 2 lost the challenge and turns over one card of their choice.
    assert kind(state) is Decision.LOSE_INFLUENCE
    assert to_act(state) == (P2,)
    state = play(state, LoseInfluence(P2, CONTESSA))
    assert state.players[P2].revealed == (CONTESSA,)

    # The action stands: Player 2, still alive, may block; here they let it through.
    assert kind(state) is Decision.COUNTER
    assert to_act(state) == (P2,)
    state = play(state, Allow(P2))

    # Player 1 steals 2 coins from Player 2.
    assert [p.coins for p in state.players] == [4, 0, 2]
    assert state.active == P2


def test_example_2_third_player_loses_two_challenges() -> None:
    """R-WIN-4, R-WIN-5, R-WIN-6, R-CHAL-3: Example 2 — P3 challenges twice and is eliminated."""
    hands = [(CAPTAIN, DUKE), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE)]
    state = game(hands)
    court_size = len(state.court)

    # Player 1 claims the Captain to steal from Player 2.
    state = play(state, Steal(P1, P2))
    assert to_act(state) == (P2, P3)

    # Player 3 challenges first.
    state = play(state, Challenge(P3))
    assert state.pending is not None and state.pending.challenger == P3

    # Player 1 proves with the Captain and draws a replacement.
    state = play(state, Prove(P1))
    assert len(state.players[P1].hand) == 2
    assert len(state.court) == court_size

    # Player 3 turns over one card of their choice.
    assert to_act(state) == (P3,)
    state = play(state, LoseInfluence(P3, ASSASSIN))
    assert state.players[P3].hand == (DUKE,)

    # Player 2 counters, claiming the Ambassador.
    assert kind(state) is Decision.COUNTER
    state = play(state, Block(P2, AMBASSADOR))
    assert kind(state) is Decision.CHALLENGE_BLOCK
    assert to_act(state) == (P1, P3)

    # Player 3 challenges again.
    state = play(state, Challenge(P3))
    assert kind(state) is Decision.ANSWER_BLOCK_CHALLENGE
    assert legal_moves(state, P2) == (Prove(P2), Concede(P2))

    # Player 2 proves with the Ambassador; Player 3 loses their last card and is out.
    state = play(state, Prove(P2))
    assert len(state.players[P2].hand) == 2
    assert len(state.court) == court_size
    assert state.players[P3].hand == ()
    assert state.players[P3].revealed == (ASSASSIN, DUKE)
    assert Eliminated(P3) in state.log
    assert state.players[P3].coins == 0

    # The counter stands: Player 1 takes no coins; Player 2 plays next.
    assert state.players[P1].coins == 2
    assert state.players[P2].coins == 2
    assert not state.is_over
    assert kind(state) is Decision.ACTION
    assert state.active == P2


def test_two_lives_case_1_challenging_a_true_assassin() -> None:
    """R-INF-7, R-WIN-4, R-CHAL-3: challenging a true Assassin costs the target both lives."""
    hands = [(ASSASSIN, DUKE), (CAPTAIN, AMBASSADOR), (CONTESSA, DUKE)]
    state = game(hands, coins=[3, 2, 2])

    # Player 1 claims the Assassin against Player 2 and pays 3.
    state = play(state, Assassinate(P1, P2))
    assert state.players[P1].coins == 0

    # Player 2 challenges.
    state = play(state, Challenge(P2))

    # Player 1 proves with the Assassin; Player 2 loses a first life.
    state = play(state, Prove(P1))
    assert len(state.players[P1].hand) == 2
    assert to_act(state) == (P2,)
    assert state.pending is not None and state.pending.resume is Stage.COUNTER
    state = play(state, LoseInfluence(P2, CAPTAIN))
    assert state.players[P2].hand == (AMBASSADOR,)

    # Player 2 may still counter, but does not.
    assert kind(state) is Decision.COUNTER
    assert legal_moves(state, P2) == (Block(P2, CONTESSA), Allow(P2))
    state = play(state, Allow(P2))

    # The Assassin's power costs Player 2 the second life: eliminated.
    assert state.players[P2].hand == ()
    assert state.players[P2].revealed == (CAPTAIN, AMBASSADOR)
    assert Eliminated(P2) in state.log
    assert state.players[P1].coins == 0
    assert state.active == P3


def test_two_lives_case_2_bluffed_contessa_challenged() -> None:
    """R-INF-7, R-CHAL-4, R-CHAL-5: a challenged Contessa bluff costs the target both lives."""
    hands = [(ASSASSIN, DUKE), (CAPTAIN, AMBASSADOR), (CONTESSA, DUKE)]
    state = game(hands, coins=[3, 2, 2])

    # Player 1 claims the Assassin against Player 2; nobody challenges.
    state = play(state, Assassinate(P1, P2))
    state = play(state, Allow(P2), Allow(P3))

    # Player 2 counters, claiming the Contessa.
    assert kind(state) is Decision.COUNTER
    state = play(state, Block(P2, CONTESSA))
    assert to_act(state) == (P1, P3)

    # Player 1 challenges the Contessa.
    state = play(state, Challenge(P1))
    assert legal_moves(state, P2) == (Concede(P2),)

    # Player 2 admits the bluff and loses a first life.
    state = play(state, Concede(P2))
    assert to_act(state) == (P2,)
    assert state.pending is not None and state.pending.resume is Stage.RESOLVE
    state = play(state, LoseInfluence(P2, AMBASSADOR))

    # The Assassination stands and takes the second life: Player 2 is eliminated.
    assert state.players[P2].hand == ()
    assert state.players[P2].revealed == (AMBASSADOR, CAPTAIN)
    assert Eliminated(P2) in state.log
    assert state.players[P1].coins == 0
    assert state.active == P3
    assert kind(state) is Decision.ACTION
