"""A plain, mutable model of Coup, written from RULINGS.md alone, used as a test oracle.

The model is deliberately simple and slow: lists and if-statements, no caching, no sharing of
code with ``coup_rules.rules``. It knows nothing of the engine's internals; it only uses the
public value types (moves, characters, ``Config``, ``Decision``).

Chance is not modelled: the model never shuffles or draws by itself. Whenever the rules make a
player draw from the Court, the model takes the next cards from a queue of chance outcomes that
the caller fills from the engine's (unredacted) ``CardsDrawn`` events, and checks that the engine
drew for the same player, the same number of cards, and cards that the model's Court holds.

Everything else — who is asked, which moves are legal and in what order, every coin and card
movement, eliminations, turns and the winner — the model decides itself.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from coup_rules import (
    ActionMove,
    Allegiance,
    Allow,
    Assassinate,
    Block,
    Challenge,
    Character,
    ChooseAllegiance,
    Concede,
    Config,
    Convert,
    Coup,
    Decision,
    Draft,
    Embezzle,
    Examine,
    Exchange,
    ForceExchange,
    ForeignAid,
    GameState,
    GiveBack,
    Income,
    Keep,
    LoseInfluence,
    Move,
    Prove,
    Show,
    Steal,
    Tax,
)

__all__ = ["Oracle", "OracleError", "Seat"]

# What happens once an influence has been lost (RULINGS 11-14).
AFTER_CLAIM = "after_claim"  # the action's claim stood: on to the counter window or resolution
RESOLVE = "resolve"  # the block failed: the action takes effect
END = "end"  # the action is over (done, failed, or blocked): next turn


class OracleError(Exception):
    """The oracle disagrees with what it was asked to do (illegal move, unexpected draw)."""


@dataclass
class Seat:
    """One player, as plain mutable data."""

    coins: int
    hand: list[Character]
    revealed: list[Character] = field(default_factory=list)
    allegiance: Allegiance | None = None

    @property
    def alive(self) -> bool:
        """A player is in the game while they hold a hidden card (RULINGS 14)."""
        return len(self.hand) > 0


class Oracle:
    """A mutable Coup game. Build it with ``from_engine``; advance it with ``apply``."""

    def __init__(
        self,
        config: Config,
        seats: list[Seat],
        treasury: int,
        reserve: int,
        court: Sequence[Character],
        aside: Sequence[Character],
    ) -> None:
        self.config = config
        self.seats = seats
        self.treasury = treasury
        self.reserve = reserve
        self.court: list[Character] = list(court)
        self.aside: list[Character] = list(aside)
        self.active = config.first_player
        self.turn = 0
        self.winner: int | None = None
        self.kind: Decision | None = None
        self.waiting: list[int] = []
        self.action: ActionMove | None = None
        self.block: Block | None = None
        self.challenger: int | None = None
        self.then = END
        self.keep_count = 0
        self.shown: Character | None = None
        self.draws: list[tuple[int, Character]] = []
        # The 2-player draft is needed when each player holds only the card dealt from the
        # third set (RULINGS 4).
        self.needs_draft = config.is_two_player_setup and all(len(s.hand) == 1 for s in seats)
        if config.reformation and any(s.allegiance is None for s in seats):
            self._ask(Decision.CHOOSE_ALLEGIANCE, [config.first_player])  # RULINGS 6
        elif self.needs_draft:
            self._ask(Decision.DRAFT, list(range(config.players)))
        else:
            self._start_turn(config.first_player)

    @classmethod
    def from_engine(cls, state: GameState) -> Oracle:
        """The oracle at the start of the engine's game ``state`` (its deal and coins)."""
        seats = [Seat(p.coins, list(p.hand), list(p.revealed), p.allegiance) for p in state.players]
        return cls(state.config, seats, state.treasury, state.reserve, state.court, state.aside)

    def deal_problems(self) -> list[str]:
        """How the starting position breaks the setup rules (RULINGS 2-4), for a seeded deal."""
        config = self.config
        problems: list[str] = []
        n = config.players
        two = config.is_two_player_setup
        coins = [1 if two and i == config.first_player else 2 for i in range(n)]
        if [s.coins for s in self.seats] != coins:
            problems.append(f"starting coins {[s.coins for s in self.seats]}, expected {coins}")
        if self.treasury != config.coins - sum(coins) or self.reserve != 0:
            problems.append(f"Treasury {self.treasury} / Reserve {self.reserve} at the start")
        copies = 3 if two else config.copies or (3 if n <= 6 else 4 if n <= 8 else 5)
        deck = sorted(c for c in config.characters for _ in range(copies))
        sizes = [len(s.hand) for s in self.seats]
        if sizes != [1 if two else 2] * n or any(s.revealed for s in self.seats):
            problems.append(f"hand sizes {sizes} at the start")
        if len(self.court) != (3 if two else len(deck) - 2 * n):
            problems.append(f"a Court of {len(self.court)} cards at the start")
        if two and sorted(self.aside) != sorted(list(config.characters) * 2):
            problems.append(f"set aside at the start: {self.aside}")
        if not two and self.aside:
            problems.append(f"set aside at the start: {self.aside}")
        if self.cards() != deck:
            problems.append("the cards at the start are not the deck")
        return problems

    def cards(self) -> list[Character]:
        """Every card of the game: hands, revealed, Court and set aside (RULINGS 3, 22)."""
        cards = self.court + self.aside
        for s in self.seats:
            cards += s.hand + s.revealed
        return sorted(cards)

    # --- small helpers ---------------------------------------------------------------------

    def living(self) -> list[int]:
        """The seats still in the game, ascending."""
        return [i for i, s in enumerate(self.seats) if s.alive]

    def _all_one_allegiance(self) -> bool:
        return len({self.seats[i].allegiance for i in self.living()}) == 1

    def _may_attack(self, p: int, t: int) -> bool:
        """RULINGS 18: no hostile act against your own allegiance unless all living share one."""
        if not self.config.reformation or self._all_one_allegiance():
            return True
        return self.seats[p].allegiance != self.seats[t].allegiance

    def _targets(self, p: int) -> list[int]:
        return [t for t in self.living() if t != p and self._may_attack(p, t)]

    def _ask(self, kind: Decision, seats: list[int]) -> None:
        self.kind = kind
        self.waiting = sorted(seats)

    def _take_from_treasury(self, p: int, amount: int) -> None:
        got = min(amount, self.treasury)  # RULINGS 3: the Treasury is finite
        self.treasury -= got
        self.seats[p].coins += got

    def _draw(self, p: int, count: int) -> None:
        for _ in range(count):
            if not self.draws:
                raise OracleError(f"the oracle draws for seat {p}, the engine drew nothing")
            who, card = self.draws.pop(0)
            if who != p:
                raise OracleError(f"the oracle draws for seat {p}, the engine drew for seat {who}")
            if card not in self.court:
                raise OracleError(f"the engine drew {card!r}, not in the oracle's Court")
            self.court.remove(card)
            self.seats[p].hand.append(card)

    def _blockers_chars(self, action: ActionMove) -> list[Character]:
        if isinstance(action, ForeignAid):
            return [Character.DUKE]
        if isinstance(action, Assassinate):
            return [Character.CONTESSA]
        if isinstance(action, Steal):
            return sorted([Character.CAPTAIN, self.config.exchanger])
        return []

    def _claim(self, action: ActionMove) -> Character:
        if isinstance(action, Tax):
            return Character.DUKE
        if isinstance(action, Assassinate):
            return Character.ASSASSIN
        if isinstance(action, Steal):
            return Character.CAPTAIN
        if isinstance(action, Exchange):
            return self.config.exchanger
        if isinstance(action, Examine):
            return Character.INQUISITOR
        raise AssertionError(f"no claim for {action!r}")

    # --- who acts, and what they may do ------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        """The seats being asked, ascending."""
        if self.winner is not None:
            return ()
        return tuple(self.waiting)

    def legal_moves(self, p: int) -> tuple[Move, ...]:
        """Every move seat ``p`` may make now, in the API's order."""
        if self.winner is not None or p not in self.waiting:
            return ()
        me = self.seats[p]
        kind = self.kind
        if kind is Decision.CHOOSE_ALLEGIANCE:
            return (
                ChooseAllegiance(p, Allegiance.LOYALIST),
                ChooseAllegiance(p, Allegiance.REFORMIST),
            )
        if kind is Decision.DRAFT:
            return tuple(Draft(p, c) for c in self.config.characters)
        if kind is Decision.ACTION:
            return self._action_moves(p)
        if kind in (Decision.CHALLENGE_ACTION, Decision.CHALLENGE_BLOCK):
            return (Challenge(p), Allow(p))
        if kind is Decision.COUNTER:
            assert self.action is not None
            blocks: list[Move] = [Block(p, c) for c in self._blockers_chars(self.action)]
            return (*blocks, Allow(p))
        if kind is Decision.ANSWER_ACTION_CHALLENGE:
            assert self.action is not None
            if isinstance(self.action, Embezzle):
                can = Character.DUKE not in me.hand  # RULINGS 20
            else:
                can = self._claim(self.action) in me.hand
            return (Prove(p), Concede(p)) if can else (Concede(p),)
        if kind is Decision.ANSWER_BLOCK_CHALLENGE:
            assert self.block is not None
            can = self.block.character in me.hand
            return (Prove(p), Concede(p)) if can else (Concede(p),)
        if kind is Decision.LOSE_INFLUENCE:
            return tuple(LoseInfluence(p, c) for c in sorted(set(me.hand)))
        if kind is Decision.KEEP:
            combos = itertools.combinations(sorted(me.hand), self.keep_count)
            return tuple(Keep(p, cards) for cards in sorted(set(combos)))
        if kind is Decision.SHOW:
            return tuple(Show(p, c) for c in sorted(set(me.hand)))
        if kind is Decision.INQUISITOR_CHOICE:
            return (GiveBack(p), ForceExchange(p))
        raise AssertionError(f"unknown decision {kind!r}")

    def _action_moves(self, p: int) -> tuple[Move, ...]:
        coins = self.seats[p].coins
        targets = self._targets(p)
        if coins >= 10:  # RULINGS 7: may only Coup
            return tuple(Coup(p, t) for t in targets)
        out: list[Move] = [Income(p), ForeignAid(p)]
        if coins >= 7:
            out += [Coup(p, t) for t in targets]
        out.append(Tax(p))
        if coins >= 3:
            out += [Assassinate(p, t) for t in targets]
        out += [Steal(p, t) for t in targets]
        out.append(Exchange(p))
        if self.config.inquisitor:
            out += [Examine(p, t) for t in targets]
        if self.config.reformation:
            for t in self.living():
                if coins >= (1 if t == p else 2):
                    out.append(Convert(p, t))
            out.append(Embezzle(p))
        return tuple(out)

    # --- applying a move ---------------------------------------------------------------------

    def apply(self, move: Move, draws: Sequence[tuple[int, Character]] = ()) -> None:
        """Play ``move``; ``draws`` are the cards the engine drew meanwhile, in order."""
        if move not in self.legal_moves(move.player):
            raise OracleError(f"the oracle finds {move!r} illegal")
        self.draws = list(draws)
        self._dispatch(move)
        if self.draws:
            raise OracleError(f"the engine drew {self.draws!r}, the oracle drew nothing")

    def _dispatch(self, move: Move) -> None:
        p = move.player
        match move:
            case ChooseAllegiance(allegiance=side):
                n = self.config.players
                for i in range(n):
                    seat = (self.config.first_player + i) % n
                    self.seats[seat].allegiance = side if i % 2 == 0 else side.other
                if self.needs_draft:
                    self._ask(Decision.DRAFT, list(range(n)))
                else:
                    self._start_turn(self.config.first_player)
            case Draft(character=card):
                self.aside.remove(card)
                self.seats[p].hand.append(card)
                self.waiting.remove(p)
                if not self.waiting:
                    self._start_turn(self.config.first_player)
            case Challenge():
                self.challenger = p
                if self.kind is Decision.CHALLENGE_ACTION:
                    assert self.action is not None
                    self._ask(Decision.ANSWER_ACTION_CHALLENGE, [self.action.player])
                else:
                    assert self.block is not None
                    self._ask(Decision.ANSWER_BLOCK_CHALLENGE, [self.block.player])
            case Allow():
                self.waiting.remove(p)
                if not self.waiting:
                    self._window_closed()
            case Block():
                self.block = move
                others = [s for s in self.living() if s != p]
                self._ask(Decision.CHALLENGE_BLOCK, others)
            case Prove():
                self._prove(p)
            case Concede():
                self._concede(p)
            case LoseInfluence(character=card):
                self._reveal(p, card)
                self._after_loss()
            case Keep(cards=cards):
                hand = self.seats[p].hand
                for c in cards:
                    hand.remove(c)
                self.court += hand
                self.seats[p].hand = list(cards)
                self._end_turn()
            case Show(character=card):
                self.shown = card
                assert self.action is not None
                self._ask(Decision.INQUISITOR_CHOICE, [self.action.player])
            case GiveBack():
                self.shown = None
                self._end_turn()
            case ForceExchange():
                assert isinstance(self.action, Examine) and self.shown is not None
                t = self.action.target
                self._draw(t, 1)  # RULINGS 17: draw first, then return the shown card
                self.seats[t].hand.remove(self.shown)
                self.court.append(self.shown)
                self.shown = None
                self._end_turn()
            case _:
                self._declare(move)

    def _declare(self, action: Move) -> None:
        p = action.player
        me = self.seats[p]
        self.action = action  # type: ignore[assignment]
        self.block = None
        self.challenger = None
        match action:
            case Income():
                self._take_from_treasury(p, 1)
                self._end_turn()
            case ForeignAid():
                self._open_counter()
            case Coup(target=t):
                me.coins -= 7
                self.treasury += 7
                self._lose(t, END)
            case Convert(target=t):
                cost = 1 if t == p else 2
                me.coins -= cost
                self.reserve += cost
                side = self.seats[t].allegiance
                assert side is not None
                self.seats[t].allegiance = side.other
                self._end_turn()
            case Assassinate():
                me.coins -= 3  # paid on declaring (RULINGS 8)
                self.treasury += 3
                self._open_action_challenge()
            case Tax() | Steal() | Exchange() | Examine() | Embezzle():
                self._open_action_challenge()
            case _:
                raise AssertionError(f"not an action: {action!r}")

    def _open_action_challenge(self) -> None:
        assert self.action is not None
        others = [s for s in self.living() if s != self.action.player]
        self._ask(Decision.CHALLENGE_ACTION, others)
        if not self.waiting:
            self._continue(AFTER_CLAIM)

    def _open_counter(self) -> None:
        a = self.action
        assert a is not None
        if isinstance(a, ForeignAid):
            seats = [s for s in self.living() if s != a.player and self._may_attack(s, a.player)]
        else:
            seats = [a.target] if isinstance(a, (Assassinate, Steal)) else []
        self._ask(Decision.COUNTER, seats)
        if not self.waiting:
            self._resolve()

    def _window_closed(self) -> None:
        if self.kind is Decision.CHALLENGE_ACTION:
            self._continue(AFTER_CLAIM)
        elif self.kind is Decision.COUNTER:
            self._resolve()
        elif self.kind is Decision.CHALLENGE_BLOCK:
            self._end_turn()  # the block stands: the action fails (RULINGS 12)
        else:
            raise AssertionError(f"no window: {self.kind!r}")

    def _prove(self, p: int) -> None:
        hand = self.seats[p].hand
        assert self.challenger is not None
        if self.kind is Decision.ANSWER_ACTION_CHALLENGE:
            assert self.action is not None
            if isinstance(self.action, Embezzle):  # RULINGS 20: show every hidden card
                shown = list(hand)
                hand.clear()
                self.court += shown
                self._draw(p, len(shown))
            else:
                card = self._claim(self.action)
                hand.remove(card)
                self.court.append(card)
                self._draw(p, 1)
            self._lose(self.challenger, AFTER_CLAIM)
        else:
            assert self.block is not None
            hand.remove(self.block.character)
            self.court.append(self.block.character)
            self._draw(p, 1)
            self._lose(self.challenger, END)  # the block stands

    def _concede(self, p: int) -> None:
        if self.kind is Decision.ANSWER_ACTION_CHALLENGE:
            if isinstance(self.action, Assassinate):  # RULINGS 12: the 3 coins come back first
                self.treasury -= 3
                self.seats[p].coins += 3
            self._lose(p, END)
        else:
            self._lose(p, RESOLVE)  # the block failed

    # --- influence ---------------------------------------------------------------------------

    def _lose(self, p: int, then: str) -> None:
        self.then = then
        hand = self.seats[p].hand
        if len(hand) >= 2:
            self._ask(Decision.LOSE_INFLUENCE, [p])
            return
        self._reveal(p, hand[0])  # one hidden card: no choice, no move (RULINGS 13)
        self._after_loss()

    def _reveal(self, p: int, card: Character) -> None:
        seat = self.seats[p]
        seat.hand.remove(card)
        seat.revealed.append(card)
        if not seat.alive:  # RULINGS 14: coins go to the Treasury
            self.treasury += seat.coins
            seat.coins = 0

    def _after_loss(self) -> None:
        living = self.living()
        if len(living) == 1:  # RULINGS 14: the game ends at once
            self.winner = living[0]
            self.kind = None
            self.waiting = []
            return
        self._continue(self.then)

    def _continue(self, then: str) -> None:
        if then == END:
            self._end_turn()
        elif then == RESOLVE:
            self._resolve()
        elif then == AFTER_CLAIM:
            a = self.action
            if isinstance(a, (Assassinate, Steal)) and self.seats[a.target].alive:
                self._open_counter()
            else:
                self._resolve()
        else:
            raise AssertionError(then)

    # --- resolution and turns ----------------------------------------------------------------

    def _resolve(self) -> None:
        a = self.action
        assert a is not None
        p = a.player
        if isinstance(a, (Assassinate, Steal, Examine)) and not self.seats[a.target].alive:
            self._end_turn()  # RULINGS 14: an eliminated target ends the action
            return
        match a:
            case ForeignAid():
                self._take_from_treasury(p, 2)
                self._end_turn()
            case Tax():
                self._take_from_treasury(p, 3)
                self._end_turn()
            case Assassinate(target=t):
                self._lose(t, END)
            case Steal(target=t):
                got = min(2, self.seats[t].coins)
                self.seats[t].coins -= got
                self.seats[p].coins += got
                self._end_turn()
            case Exchange():
                self.keep_count = len(self.seats[p].hand)
                self._draw(p, 2 if self.config.exchanger is Character.AMBASSADOR else 1)
                self._ask(Decision.KEEP, [p])
            case Examine(target=t):
                if len(self.seats[t].hand) == 1:  # shown at once (RULINGS 21)
                    self.shown = self.seats[t].hand[0]
                    self._ask(Decision.INQUISITOR_CHOICE, [p])
                else:
                    self._ask(Decision.SHOW, [t])
            case Embezzle():
                self.seats[p].coins += self.reserve
                self.reserve = 0
                self._end_turn()
            case _:
                raise AssertionError(f"nothing to resolve for {a!r}")

    def _start_turn(self, seat: int) -> None:
        self.turn += 1
        self.active = seat
        self.action = None
        self.block = None
        self.challenger = None
        self._ask(Decision.ACTION, [seat])

    def _end_turn(self) -> None:
        n = self.config.players
        for i in range(1, n + 1):
            seat = (self.active + i) % n
            if self.seats[seat].alive:
                self._start_turn(seat)
                return
        raise AssertionError("nobody left to play")
