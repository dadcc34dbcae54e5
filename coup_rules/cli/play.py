"""``coup-rules play``: you against bots, in the terminal (or through piped input).

The game speaks to you in the second person. Before each of your decisions it shows the last
few things that happened (as your seat saw them), your cards and coins, what everyone else
shows and has claimed this game, the decision in words, and your legal moves, numbered. You
answer with a number or with the move in words (``income``, ``steal p2``, ``block captain``);
anything else gets a clear message and the question again. If you are eliminated, you may
watch the rest, skip to the result or leave. At the end, everyone's cards are shown.
In a Reformation game every seat listed carries its allegiance, ``[L]`` or ``[R]``, and an
allegiance may be typed by its first letters (``choose ref``, or ``loy`` alone when choosing).
With ``--out FILE`` a finished game is saved as one record of ``coup-rules replay``'s format
(the file is checked before the game starts).
``quit``, Ctrl-D and Ctrl-C leave at any time with one line, never a traceback. You only ever
see your own view of the game (RULINGS 21).
"""

from __future__ import annotations

import argparse
import re
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from coup_rules.actions import claimed_character
from coup_rules.bots import Bot, Seating, make_bots, with_turn_limit
from coup_rules.cards import Allegiance, Character
from coup_rules.cli.demo import variant
from coup_rules.cli.output import check_writable
from coup_rules.config import Config
from coup_rules.decisions import ActionChoice, AllegianceChoice
from coup_rules.engine import apply
from coup_rules.errors import IllegalMoveError
from coup_rules.events import ActionDeclared, Blocked, Conceded, Event
from coup_rules.moves import Embezzle, Move
from coup_rules.narrate import (
    describe_move,
    describe_pending,
    narrate_events,
    narration_start,
)
from coup_rules.notation import format_move, parse_move
from coup_rules.setup import new_game
from coup_rules.simulation import GameRecord
from coup_rules.state import GameState
from coup_rules.views import PlayerView, view

__all__ = ["RECENT", "EndOfInput", "allegiance_tag", "record_of", "run", "standing_claims"]

RECENT = 12
"""How many of the latest events are shown before each of your decisions."""

INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT, as shells report it)."""


class EndOfInput(Exception):
    """The input ended (or the player quit) before the game did."""


def standing_claims(log: Sequence[Event], config: Config) -> dict[int, tuple[str, ...]]:
    """What each seat has claimed this game and not been caught bluffing about.

    A claim made by an action or a block stands until its seat concedes a challenge to it.
    Embezzle's claim reads ``"no Duke"``.

    Args:
        log: the events of the game from its start (a seat's view of them is enough: claims
            are public).
        config: the game's options (which character exchanges).

    Returns:
        For each seat with a standing claim, the claimed characters in the order first claimed:
        ``{2: ("Captain", "Duke")}``.
    """
    claims: dict[int, list[str]] = {}
    last: dict[int, str] = {}
    for event in log:
        seat: int
        match event:
            case ActionDeclared(action=Embezzle(player=p)):
                seat, last[p] = p, "no Duke"
            case ActionDeclared(action=action):
                card = claimed_character(action, config.exchanger)
                if card is None:
                    continue
                seat, last[action.player] = action.player, card.title
            case Blocked(player=p, character=card):
                seat, last[p] = p, card.title
            case Conceded(player=p) if p in last:
                if last[p] in claims.get(p, []):
                    claims[p].remove(last[p])
                del last[p]
                continue
            case _:
                continue
        held = claims.setdefault(seat, [])
        if last[seat] not in held:
            held.append(last[seat])
    return {seat: tuple(cards) for seat, cards in sorted(claims.items()) if cards}


def _cards(cards: Sequence[Character]) -> str:
    names = [c.title for c in cards]
    if len(names) <= 1:
        return "".join(names) or "no card"
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _coins(n: int) -> str:
    return f"{n} coin{'' if n == 1 else 's'}"


def allegiance_tag(allegiance: Allegiance | None) -> str:
    """The prefix of a seat in a Reformation game: ``"[L] "`` or ``"[R] "``; ``""`` for none."""
    return "" if allegiance is None else f"[{allegiance.title[0]}] "


_TAGS = ", ".join(f"{allegiance_tag(a)}{a.title}" for a in Allegiance)
"""The key to the prefixes: ``"[L] Loyalist, [R] Reformist"``."""


def _status(v: PlayerView, names: Sequence[str], claims: dict[int, tuple[str, ...]]) -> list[str]:
    me = v.seat
    assert me is not None
    own = v.players[me]
    lines = [f"You are seat {me}: {_coins(own.coins)}, your cards {_cards(own.hand or ())}."]
    if own.revealed:
        lines[0] += f" Face up: {_cards(own.revealed)}."
    if own.allegiance is not None:
        lines[0] += f" You are {own.allegiance.title}."
    if claims.get(me):
        lines[0] += f" You have claimed: {', '.join(claims[me])}."
    for p in v.players:
        if p.seat == me:
            continue
        who = f"  {allegiance_tag(p.allegiance)}seat {p.seat} ({names[p.seat]})"
        if not p.alive:
            lines.append(f"{who}: out; face up {_cards(p.revealed)}")
            continue
        line = f"{who}: {_coins(p.coins)}, {p.hidden} hidden card{'' if p.hidden == 1 else 's'}"
        if p.revealed:
            line += f", face up {_cards(p.revealed)}"
        if claims.get(p.seat):
            line += f"; has claimed {', '.join(claims[p.seat])}"
        lines.append(line)
    table = f"Treasury {_coins(v.treasury)}; Court {v.court_size} cards"
    if v.config.reformation:
        table += f"; Treasury Reserve {_coins(v.reserve)}"
    lines.append(table + ".")
    if v.shown is not None:
        lines.append(f"The card shown in the Examine: {v.shown.title}.")
    if any(p.allegiance is not None for p in v.players):
        lines.append(f"Allegiances: {_TAGS}.")
    return lines


def _menu(v: PlayerView) -> list[str]:
    lines = ["Your moves:"]
    width = len(str(len(v.legal_moves)))
    for i, move in enumerate(v.legal_moves, start=1):
        words = format_move(move).split(" ", 1)[1]
        lines.append(f"  {i:>{width}}. {describe_move(move, v.config)}  [{words}]")
    return lines


def _question(v: PlayerView) -> str:
    """The decision, spoken to you: ``"Your turn."``, ``"...; you may block. Block or allow?"``."""
    if isinstance(v.pending, ActionChoice):
        return f"Your turn (turn {v.turn})."
    said = describe_pending(v.pending, v.config, you=v.seat)
    verbs = list(dict.fromkeys(format_move(m).split()[1].replace("_", " ") for m in v.legal_moves))
    if len(verbs) < 2:
        return said
    asked = f"{', '.join(verbs[:-1])} or {verbs[-1]}"
    return f"{said} {asked[0].upper()}{asked[1:]}?"


_HELP = (
    "Type the number of a move, or the move in words (e.g. 'income', 'steal p2', "
    "'block captain'); 'help' lists your moves again, 'quit' (or Ctrl-D) leaves the game."
)


_CHOOSE = re.compile(r"^(?P<head>(?:p\d+\s+)?choose\s+)?(?P<side>[a-z]+)$", re.IGNORECASE)


def _allegiance_in_full(answer: str, choosing: bool) -> str:
    """``answer`` with an allegiance typed by its first letters spelt out: ``"choose ref"`` is
    ``"choose reformist"``, and so is ``"ref"`` alone while an allegiance is being chosen."""
    found = _CHOOSE.match(answer)
    if found is None or (found["head"] is None and not choosing):
        return answer
    typed = found["side"].lower()
    sides = [a.value for a in Allegiance if a.value.startswith(typed)]
    if len(sides) != 1:
        return answer
    return f"{found['head'] or 'choose '}{sides[0]}"


def _read(text: str, v: PlayerView) -> Move | str:
    """The move ``text`` names, or why it names none."""
    moves = v.legal_moves
    answer = _allegiance_in_full(text.strip(), isinstance(v.pending, AllegianceChoice))
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
        self.moves: list[Move] = []
        self.seating = Seating.of(seed, config.players)
        self.shown = 0
        self.seen: list[Event] = []
        self.watching = True  # print what happens; off once an eliminated player skips ahead

    def say(self, line: str = "") -> None:
        print(line, file=self.out)

    def answer(self, prompt: str) -> str:
        """One line of input, echoed when piped so that the transcript reads well."""
        self.out.write(prompt)
        self.out.flush()
        text = self.inp.readline()
        if not text:
            raise EndOfInput("the input ended before the game did")
        if not self.inp.isatty():
            self.say(text.rstrip("\n"))
        return text

    def news(self, recent: int | None = RECENT) -> PlayerView:
        """Print the latest of what the person's seat saw since last time; their view now."""
        v = view(self.state, self.seat, since=self.shown)
        first = len(self.seen)
        self.seen.extend(v.log)
        start = narration_start(self.seen, first)
        told = narrate_events(self.seen[start:], self.state.config, you=self.seat)[first - start :]
        if self.watching:
            if recent is not None and len(told) > recent:
                hidden = len(told) - recent
                self.say(f"  ({hidden} earlier event{'' if hidden == 1 else 's'} not shown)")
                told = told[-recent:]
            for lines in told:  # with the line of an action that came to nothing (R-INF-5)
                for line in lines:
                    self.say("  " + line)
        self.shown = v.log_length
        return v

    def ask(self, v: PlayerView) -> Move:
        self.say()
        claims = standing_claims(self.seen, v.config)
        for line in _status(v, self.names, claims):
            self.say(line)
        self.say(_question(v))
        for line in _menu(v):
            self.say(line)
        while True:
            text = self.answer("> ")
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

    def eliminated(self) -> None:
        """Tell the person they are out; ask whether to watch the rest or skip to the result."""
        revealed = _cards(self.state.players[self.seat].revealed)
        self.say()
        self.say(f"You are eliminated (face up: {revealed}). The game goes on without you.")
        while True:
            text = self.answer("Watch the rest [w], skip to the result [s] or quit [q]? ")
            answer = text.strip().lower()[:1]
            if answer in ("w", ""):
                return
            if answer == "s":
                self.watching = False
                return
            if answer == "q":
                raise EndOfInput("you left the game")
            self.say("Type w, s or q.")

    def play(self) -> GameState:
        out = False
        while not self.state.is_over:
            s = self.seating.next_seat(self.state)
            if s == self.seat:
                move = self.ask(self.news())
            else:
                move = self.bots[s].choose(view(self.state, s), self.seating.bots[s])
            self.state = apply(self.state, move)
            self.moves.append(move)
            if not out and not self.state.players[self.seat].alive:
                out = True
                self.news(recent=None)
                if not self.state.is_over:
                    self.eliminated()
            elif out:
                self.news(recent=None)
        self.watching = True
        self.news()
        return self.state


def _hand(state: GameState, seat: int) -> str:
    player = state.players[seat]
    parts = []
    if player.hand:
        parts.append(f"hidden {_cards(player.hand)}")
    if player.revealed:
        parts.append(f"face up {_cards(player.revealed)}")
    return "; ".join(parts)


def _result(final: GameState, seat: int, names: Sequence[str]) -> list[str]:
    """The closing lines: who won and everyone's cards."""
    if final.winner is None:
        lines = [f"Draw: no winner after {final.turn} turns."]
    elif final.winner == seat:
        lines = [f"You win after {final.turn} turns!"]
    else:
        lines = [f"Seat {final.winner} ({names[final.winner]}) wins after {final.turn} turns."]
    lines.append("Everyone's cards:")
    for p in final.players:
        who = "you" if p.seat == seat else names[p.seat]
        tag = allegiance_tag(p.allegiance)
        lines.append(f"  {tag}seat {p.seat} ({who}): {_hand(final, p.seat)}")
    return lines


def record_of(
    table_moves: Sequence[Move], final: GameState, seed: int, names: Sequence[str]
) -> str:
    """The finished game as one line of ``coup-rules replay``'s format (``GameRecord``)."""
    record = GameRecord(
        index=0,
        config=final.config,
        seed=seed,
        bots=tuple(names),
        winner=final.winner,
        turns=final.turn,
        moves=tuple(table_moves),
    )
    return record.to_json() + "\n"


def _save(path: Path, line: str) -> str | None:
    """Write ``line`` to ``path``; why it could not be, if it could not."""
    try:
        path.write_text(line, encoding="utf-8")
    except OSError as error:
        return f"cannot write {str(path)!r}: {error.strerror}"
    return None


def run(args: argparse.Namespace, config: Config, names: Sequence[str], inp: TextIO) -> int:
    """Play a game against bots on ``inp`` and standard output; the exit status."""
    out = sys.stdout
    seat = args.seat
    if not 0 <= seat < config.players:
        raise ValueError(f"--seat must be a seat from 0 to {config.players - 1}, not {seat}")
    out_path: Path | None = getattr(args, "out", None)
    if out_path is not None:
        check_writable(out_path, "--out")
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
    unsaved = "" if out_path is None else f"; not saved to {out_path}: the game did not end"
    try:
        final = table.play()
    except EndOfInput as stop:
        print(f"\ncoup-rules play: {stop} (seed {seed}{unsaved}).", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"\ncoup-rules play: stopped by Ctrl-C (seed {seed}{unsaved}).", file=sys.stderr)
        return INTERRUPTED
    for line in _result(final, seat, seat_names):
        print(line, file=out)
    print(f"The game's seed was {seed}.", file=out)
    if out_path is not None:
        failed = _save(out_path, record_of(table.moves, final, seed, seat_names))
        if failed is not None:
            print(f"coup-rules play: {failed}", file=sys.stderr)
            return 1
        print(f"Saved the game to {out_path} (coup-rules replay {out_path}).", file=out)
    return 0
