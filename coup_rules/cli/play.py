"""``coup-rules play``: you against bots, in the terminal (or through piped input).

At each of your decisions it prints what has happened since your last one (in words, as your
seat saw it), your cards and coins, what everyone else shows, the decision being waited on, and
your legal moves, numbered. You answer with a number or with the move in words (``income``,
``steal p2``, ``block captain``); anything else gets a clear message and the question again.
You only ever see your own view of the game (RULINGS 21).
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence
from typing import TextIO, assert_never

from coup_rules.bots import Bot, Seating, make_bots, with_turn_limit
from coup_rules.cards import Character
from coup_rules.cli.demo import variant
from coup_rules.config import Config
from coup_rules.constants import (
    ASSASSINATE_COST,
    CONVERT_OTHER_COST,
    CONVERT_SELF_COST,
    COUP_COST,
    FOREIGN_AID_COINS,
    INCOME_COINS,
    TAX_COINS,
)
from coup_rules.engine import apply
from coup_rules.errors import IllegalMoveError
from coup_rules.moves import (
    Allow,
    Assassinate,
    Block,
    Challenge,
    ChooseAllegiance,
    Concede,
    Convert,
    Coup,
    Draft,
    Embezzle,
    Examine,
    Exchange,
    ForceExchange,
    ForeignAid,
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
from coup_rules.narrate import describe_event, describe_pending
from coup_rules.notation import format_move, parse_move
from coup_rules.setup import new_game
from coup_rules.state import GameState
from coup_rules.views import PlayerView, view

__all__ = ["EndOfInput", "describe_move", "run"]


class EndOfInput(Exception):
    """The input ended (or the player quit) before the game did."""


def _cards(cards: Sequence[Character]) -> str:
    names = [c.title for c in cards]
    if len(names) <= 1:
        return "".join(names) or "no card"
    return f"{', '.join(names[:-1])} and {names[-1]}"


def describe_move(move: Move, config: Config) -> str:
    """A move as a menu line: ``"Steal from seat 2 (claims the Captain)"``."""
    match move:
        case Income():
            return f"Income: take {INCOME_COINS} coin"
        case ForeignAid():
            return f"Foreign Aid: take {FOREIGN_AID_COINS} coins (a Duke may block)"
        case Coup(target=t):
            return f"Coup seat {t} (pay {COUP_COST} coins)"
        case Tax():
            return f"Tax: take {TAX_COINS} coins (claims the Duke)"
        case Assassinate(target=t):
            return f"Assassinate seat {t} (pay {ASSASSINATE_COST} coins; claims the Assassin)"
        case Steal(target=t):
            return f"Steal from seat {t} (claims the Captain)"
        case Exchange():
            return f"Exchange cards with the Court (claims the {config.exchanger.title})"
        case Examine(target=t):
            return f"Examine a card of seat {t} (claims the Inquisitor)"
        case Convert(player=p, target=t):
            if t == p:
                return f"Convert yourself (pay {CONVERT_SELF_COST} coin)"
            return f"Convert seat {t} (pay {CONVERT_OTHER_COST} coins)"
        case Embezzle():
            return "Embezzle the Treasury Reserve (claims to hold no Duke)"
        case Challenge():
            return "Challenge the claim"
        case Block(character=c):
            return f"Block, claiming the {c.title}"
        case Allow():
            return "Allow (let it pass)"
        case Prove():
            return "Prove it: show the card"
        case Concede():
            return "Concede: lose an influence"
        case LoseInfluence(character=c):
            return f"Lose your {c.title} (turn it face up)"
        case Keep(cards=cards):
            return f"Keep {_cards(cards)}"
        case Show(character=c):
            return f"Show your {c.title}"
        case GiveBack():
            return "Give the card back"
        case ForceExchange():
            return "Force an exchange of the card"
        case Draft(character=c):
            return f"Draft the {c.title}"
        case ChooseAllegiance(allegiance=a):
            return f"Choose {a.name.capitalize()}"
        case _:
            assert_never(move)


def _coins(n: int) -> str:
    return f"{n} coin{'' if n == 1 else 's'}"


def _status(v: PlayerView, names: Sequence[str]) -> list[str]:
    me = v.seat
    assert me is not None
    own = v.players[me]
    lines = [f"You are seat {me}: {_coins(own.coins)}, your cards {_cards(own.hand or ())}."]
    if own.revealed:
        lines[0] += f" Face up: {_cards(own.revealed)}."
    if own.allegiance is not None:
        lines[0] += f" You are {own.allegiance.name.capitalize()}."
    for p in v.players:
        if p.seat == me:
            continue
        who = f"  seat {p.seat} ({names[p.seat]})"
        if not p.alive:
            lines.append(f"{who}: out; face up {_cards(p.revealed)}")
            continue
        line = f"{who}: {_coins(p.coins)}, {p.hidden} hidden card{'' if p.hidden == 1 else 's'}"
        if p.revealed:
            line += f", face up {_cards(p.revealed)}"
        if p.allegiance is not None:
            line += f", {p.allegiance.name.capitalize()}"
        lines.append(line)
    table = f"Treasury {_coins(v.treasury)}; Court {v.court_size} cards"
    if v.config.reformation:
        table += f"; Treasury Reserve {_coins(v.reserve)}"
    lines.append(table + ".")
    if v.shown is not None:
        lines.append(f"The card shown in the Examine: {v.shown.title}.")
    return lines


def _menu(v: PlayerView) -> list[str]:
    lines = ["Your moves:"]
    width = len(str(len(v.legal_moves)))
    for i, move in enumerate(v.legal_moves, start=1):
        words = format_move(move).split(" ", 1)[1]
        lines.append(f"  {i:>{width}}. {describe_move(move, v.config)}  [{words}]")
    return lines


_HELP = (
    "Type the number of a move, or the move in words (e.g. 'income', 'steal p2', "
    "'block captain'); 'help' lists your moves again, 'quit' leaves the game."
)


def _read(text: str, v: PlayerView) -> Move | str:
    """The move ``text`` names, or why it names none."""
    moves = v.legal_moves
    answer = text.strip()
    if answer.isdigit():
        k = int(answer)
        if 1 <= k <= len(moves):
            return moves[k - 1]
        return f"There is no move {k}: type a number from 1 to {len(moves)}."
    words = answer.split()
    seat = v.seat
    if words and not (words[0][:1] in "pP" and words[0][1:].isdigit()):
        answer = f"p{seat} {answer}"
    try:
        move = parse_move(answer)
    except ValueError as error:
        if "unknown verb" in str(error):
            verbs = ", ".join(dict.fromkeys(format_move(m).split()[1] for m in moves))
            return (
                f"{text.strip()!r} is not a move. Type a number from 1 to {len(moves)}, "
                f"or one of: {verbs}."
            )
        return f"I could not read {text.strip()!r}: {error}."
    if move.player != seat:
        return f"You play seat {seat}, not seat {move.player}."
    return move


class _Table:
    """A game between one person and bots."""

    def __init__(
        self,
        config: Config,
        seat: int,
        bots: dict[int, Bot],
        names: Sequence[str],
        seed: int,
        inp: TextIO,
        out: TextIO,
    ) -> None:
        self.seat = seat
        self.bots = bots
        self.names = names
        self.seed = seed
        self.inp = inp
        self.out = out
        self.state = new_game(config, seed=seed)
        self.seating = Seating.of(seed, config.players)
        self.shown = 0

    def say(self, line: str = "") -> None:
        print(line, file=self.out)

    def news(self) -> PlayerView:
        """Print what the person's seat saw happen since last time; their view now."""
        v = view(self.state, self.seat, since=self.shown)
        for event in v.log:
            self.say("  " + describe_event(event, self.state.config))
        self.shown = v.log_length
        return v

    def ask(self, v: PlayerView) -> Move:
        self.say()
        for line in _status(v, self.names):
            self.say(line)
        self.say(describe_pending(v.pending, v.config))
        for line in _menu(v):
            self.say(line)
        while True:
            self.out.write("> ")
            self.out.flush()
            text = self.inp.readline()
            if not text:
                raise EndOfInput("the input ended before the game did")
            if not self.inp.isatty():  # piped: show the answer, so the transcript reads well
                self.say(text.rstrip("\n"))
            answer = text.strip().lower()
            if answer in ("q", "quit", "exit"):
                raise EndOfInput("you left the game")
            if answer in ("", "?", "h", "help"):
                self.say(_HELP)
                for line in _menu(v):
                    self.say(line)
                continue
            move = _read(text, v)
            if isinstance(move, str):
                self.say(move)
                continue
            try:
                apply(self.state, move)
            except IllegalMoveError as error:
                self.say(f"Not now: {error.reason}. Choose one of the moves listed.")
                continue
            return move

    def play(self) -> GameState:
        while not self.state.is_over:
            s = self.seating.next_seat(self.state)
            if s == self.seat:
                move = self.ask(self.news())
            else:
                move = self.bots[s].choose(view(self.state, s), self.seating.bots[s])
            self.state = apply(self.state, move)
        self.news()
        return self.state


def run(args: argparse.Namespace, config: Config, names: Sequence[str], inp: TextIO) -> int:
    """Play a game against bots on ``inp`` and standard output; the exit status."""
    out = sys.stdout
    seat = args.seat
    if not 0 <= seat < config.players:
        raise ValueError(f"--seat must be a seat from 0 to {config.players - 1}, not {seat}")
    seed = args.seed if args.seed is not None else secrets.randbits(64)
    config = with_turn_limit(config, args.max_turns)
    others = [s for s in range(config.players) if s != seat]
    bots = dict(zip(others, make_bots(names, len(others)), strict=True))
    seat_names = ["you"] * config.players
    for i, s in enumerate(others):
        seat_names[s] = names[i % len(names)]
    table = _Table(config, seat, bots, seat_names, seed, inp, out)
    print(f"Coup: {config.players} players ({variant(config)}). You are seat {seat}.", file=out)
    rivals = ", ".join(f"seat {s}: {seat_names[s]}" for s in others)
    print(f"Your opponents: {rivals}.", file=out)
    print(_HELP, file=out)
    try:
        final = table.play()
    except EndOfInput as stop:
        print(f"coup-rules play: {stop} (seed {seed}).", file=sys.stderr)
        return 1
    if final.winner is None:
        print(f"Draw: no winner after {final.turn} turns.", file=out)
    elif final.winner == seat:
        print(f"You win after {final.turn} turns!", file=out)
    else:
        who = seat_names[final.winner]
        print(f"Seat {final.winner} ({who}) wins after {final.turn} turns.", file=out)
    print(f"The game's seed was {seed}.", file=out)
    return 0
