"""``new_game``: the deal, the bank and the opening decision (R-SETUP)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from coup_rules.cards import Allegiance, Character, sorted_cards
from coup_rules.config import Config
from coup_rules.constants import HAND_SIZE, MIN_COURT
from coup_rules.events import AllegianceChanged, Dealt
from coup_rules.integers import as_count, as_seed
from coup_rules.log import EMPTY_LOG, Compact
from coup_rules.records import AllegianceChoice
from coup_rules.rng import fresh_seed, keyed, pick
from coup_rules.rules.choices import needs_allegiance, next_setup_step
from coup_rules.rules.scratch import Scratch
from coup_rules.state import Core, GameState, Seat

__all__ = ["new_game"]


class _Dealer:
    """Random picks from the seed, counted, for the opening deal."""

    def __init__(self, seed: int) -> None:
        self.hasher = keyed(seed)
        self.draws = 0

    def take(self, pile: list[Character]) -> Character:
        card = pile.pop(pick(self.hasher, self.draws, len(pile)))
        self.draws += 1
        return card


def _check_seed(seed: int | None) -> int:
    """The seed as a plain ``int`` (any integer type is taken), or a fresh one for ``None``."""
    return fresh_seed() if seed is None else as_seed(seed)


def _sequence(name: str, value: object) -> None:
    """``value`` must be a sequence (an API promise: bad arguments are ``ValueError``)."""
    if not isinstance(value, Sequence) or isinstance(value, str | bytes):
        raise ValueError(f"{name} must be a sequence such as a list, not {type(value).__name__}")


def _cards(name: str, cards: Sequence[Character], config: Config) -> tuple[Character, ...]:
    _sequence(name, cards)
    for card in cards:
        if not isinstance(card, Character):
            raise ValueError(f"{name} holds {card!r}, which is not a Character")
        if card not in config.characters:
            raise ValueError(f"{name} holds the {card.title}, which is not in this game's deck")
    return sorted_cards(cards)


def _less(name: str, pile: Counter[Character], cards: Sequence[Character]) -> None:
    """Take ``cards`` out of ``pile``; the deck must hold them."""
    pile.subtract(cards)
    for card, left in pile.items():
        if left < 0:
            raise ValueError(f"{name}: more copies of the {card.title} than the deck holds")


def _check_hands(
    hands: Sequence[Sequence[Character]], config: Config
) -> tuple[tuple[Character, ...], ...]:
    _sequence("hands", hands)
    if len(hands) != config.players:
        raise ValueError(f"hands must give one hand per seat ({config.players}), not {len(hands)}")
    out = []
    for seat, hand in enumerate(hands):
        _sequence(f"hands[{seat}]", hand)
        if len(hand) != HAND_SIZE:
            raise ValueError(f"hands[{seat}] must hold {HAND_SIZE} cards, not {len(hand)}")
        out.append(_cards(f"hands[{seat}]", hand, config))
    return tuple(out)


def _check_coins(coins: Sequence[int] | None, config: Config) -> tuple[int, ...]:
    if coins is None:
        return config.starting_coins
    _sequence("coins", coins)
    if len(coins) != config.players:
        raise ValueError(
            f"coins must give one amount per seat ({config.players}), not {len(coins)}"
        )
    amounts = tuple([as_count(c, f"coins[{seat}]") for seat, c in enumerate(coins)])
    if sum(amounts) > config.coins:
        raise ValueError(f"coins add up to {sum(amounts)}, more than the bank of {config.coins}")
    return amounts


def _check_allegiances(
    allegiances: Sequence[Allegiance] | None, config: Config
) -> tuple[Allegiance | None, ...]:
    if allegiances is None:
        return (None,) * config.players
    if not config.reformation:
        raise ValueError("allegiances are only given in a Reformation game")
    _sequence("allegiances", allegiances)
    if len(allegiances) != config.players:
        raise ValueError(
            f"allegiances must give one per seat ({config.players}), not {len(allegiances)}"
        )
    for seat, a in enumerate(allegiances):
        if not isinstance(a, Allegiance):
            raise ValueError(f"allegiances[{seat}] must be an Allegiance, not {a!r}")
    return tuple(allegiances)


def _deal_at_random(
    config: Config, dealer: _Dealer
) -> tuple[tuple[tuple[Character, ...], ...], tuple[Character, ...], tuple[Character, ...]]:
    """The usual deal: two cards each from the whole deck; the rest is the Court (R-SETUP-5)."""
    rest = list(config.deck)  # sorted, and still sorted after each pick is taken out
    take = dealer.take
    dealt = tuple([sorted_cards((take(rest), take(rest))) for _ in range(config.players)])
    return dealt, tuple(rest), ()


def _deal(
    config: Config,
    dealer: _Dealer,
    hands: Sequence[Sequence[Character]] | None,
    court: Sequence[Character] | None,
) -> tuple[tuple[tuple[Character, ...], ...], tuple[Character, ...], tuple[Character, ...]]:
    """The hands, the Court and the set-aside cards."""
    if hands is None and court is None and not config.is_two_player_setup:
        return _deal_at_random(config, dealer)
    pile = Counter(config.deck)
    if hands is not None:
        dealt = _check_hands(hands, config)
        for seat, hand in enumerate(dealt):
            _less(f"hands[{seat}]", pile, hand)
    if court is not None:
        court_cards = _cards("court", court, config)
        if len(court_cards) < MIN_COURT:
            raise ValueError(f"court must hold at least {MIN_COURT} cards, not {len(court_cards)}")
        _less("court", pile, court_cards)
    if config.is_two_player_setup and hands is None:
        return _deal_for_draft(config, dealer, court)
    if hands is None:
        rest = list(sorted_cards(pile.elements()))
        if len(rest) < HAND_SIZE * config.players:
            raise ValueError(
                f"court leaves {len(rest)} cards to deal, fewer than the "
                f"{HAND_SIZE * config.players} "
                f"that {config.players} hands need"
            )
        dealt = tuple(
            sorted_cards((dealer.take(rest), dealer.take(rest))) for _ in range(config.players)
        )
        pile = Counter(rest)
    if court is None:
        return dealt, sorted_cards(pile.elements()), ()
    return dealt, court_cards, sorted_cards(pile.elements())


def _deal_for_draft(
    config: Config, dealer: _Dealer, court: Sequence[Character] | None
) -> tuple[tuple[tuple[Character, ...], ...], tuple[Character, ...], tuple[Character, ...]]:
    """The 2-player setup: one card each from the third set, the rest is the Court (R-SETUP-7)."""
    third = list(config.characters)
    if court is None:
        dealt = ((dealer.take(third),), (dealer.take(third),))
        court_cards = sorted_cards(third)
    else:
        court_cards = _cards("court", court, config)
        if len(court_cards) != 3 or len(set(court_cards)) != 3:
            raise ValueError("court must hold 3 different characters in the 2-player setup")
        for card in court_cards:
            third.remove(card)
        dealt = ((dealer.take(third),), (dealer.take(third),))
    return dealt, court_cards, sorted_cards(config.characters * 2)


def new_game(
    config: Config | None = None,
    *,
    seed: int | None = None,
    hands: Sequence[Sequence[Character]] | None = None,
    court: Sequence[Character] | None = None,
    coins: Sequence[int] | None = None,
    allegiances: Sequence[Allegiance] | None = None,
) -> GameState:
    """A new game: the deal, the coins and the first decision.

    Args:
        config: the game's options (default: 4 players, base game).
        seed: the seed of every random event, an integer from 0 to 2**256 - 1 of any integer
            type (``numpy.int64`` too); ``None`` draws an unguessable 128-bit seed.
            Anyone who can guess a seed can rebuild every hand: never use small or time-based
            seeds on a server.
        hands: a fixed deal, two cards per seat (skips the 2-player draft).
        court: the Court's cards; cards of the deck in neither the hands nor the Court are set
            aside out of play.
        coins: starting coins per seat (the Treasury holds the rest of the bank).
        allegiances: starting allegiances (Reformation), skipping the first player's choice.

    Raises:
        ValueError: an impossible deal or a bad seed; the message names the argument.
    """
    config = Config() if config is None else config
    if not isinstance(config, Config):
        raise ValueError(f"config must be a Config, not {config!r}")
    seed = _check_seed(seed)
    start = _check_coins(coins, config)
    sides = _check_allegiances(allegiances, config)
    dealer = _Dealer(seed)
    dealt, court_cards, aside = _deal(config, dealer, hands, court)
    players = tuple(
        Seat(coins=start[seat], hand=dealt[seat], revealed=(), allegiance=sides[seat])
        for seat in range(config.players)
    )
    events: list[Compact] = [(Dealt, i, len(p.hand), p.hand) for i, p in enumerate(players)]
    events += [
        (AllegianceChanged, i, p.allegiance)
        for i, p in enumerate(players)
        if p.allegiance is not None
    ]
    core = Core(
        config=config,
        players=players,
        living=tuple(range(config.players)),
        treasury=config.coins - sum(start),
        reserve=0,
        court=court_cards,
        aside=aside,
        active=config.first_player,
        turn=0,
        winner=None,
        pending=None,
        log=EMPTY_LOG.append_compact(tuple(events)),
        seed=seed,
        draws=dealer.draws,
        shown=None,
    )
    scratch = Scratch(core)
    if needs_allegiance(config, players):
        scratch.pending = AllegianceChoice((config.first_player,))
    else:
        next_setup_step(scratch)
    return GameState.of(scratch.freeze())
