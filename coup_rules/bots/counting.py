"""``CountingBot``: counts every card it has seen and plays the odds of the ones it has not.

Everything it knows comes from the view it is handed, read afresh at every decision: its own
hand, every revealed card, the cards it knows are set aside (its own set, in the 2-player setup),
the cards an opponent showed it in an Examine, and the public record of the log — who proved or
conceded when challenged, who challenges and who blocks. It keeps no memory between calls, so it
plays the same on two states that differ only in what its seat cannot see.

From the cards it cannot place it computes, for each opponent, the chance of holding a character
(drawing that many cards at random from the unseen ones), and from the log how far each
opponent's claims are to be trusted. It challenges a claim that is unlikely to be true for what is
at stake, and bluffs only when it expects nobody to challenge.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import attrs

from coup_rules.actions import claimed_character
from coup_rules.bots.aim import Aimed, aim, chance, targeting
from coup_rules.bots.base import VALUE, hand_of, seat_of
from coup_rules.bots.dispatch import ChallengeWindow, Handlers, decide
from coup_rules.cards import Character
from coup_rules.constants import ASSASSINATE_COST, COUP_COST
from coup_rules.decisions import ChallengeBlockWindow, CounterWindow, Decision
from coup_rules.events import (
    ActionDeclared,
    AllegianceChanged,
    Allowed,
    Blocked,
    CardsDrawn,
    CardShown,
    CardsReturned,
    Challenged,
    CoinsMoved,
    Conceded,
    Dealt,
    Drafted,
    Eliminated,
    ExchangeForced,
    GaveBack,
    InfluenceLost,
    Proved,
    TurnStarted,
)
from coup_rules.moves import (
    ActionMove,
    Allow,
    Assassinate,
    Block,
    Challenge,
    Coup,
    Embezzle,
    Exchange,
    ForeignAid,
    Income,
    Move,
    Steal,
    Tax,
)
from coup_rules.views import PlayerView

__all__ = ["CountingBot", "Reading", "chance_of_any", "read"]

_CHALLENGE_WINDOWS = (Decision.CHALLENGE_ACTION, Decision.CHALLENGE_BLOCK)
_SILENT = frozenset({TurnStarted, CoinsMoved, Dealt, CardsReturned, GaveBack, AllegianceChanged})
"""Events that tell the bot nothing it counts (the commonest are skipped first)."""


def chance_of_any(special: int, pool: int, drawn: int) -> float:
    """The chance that ``drawn`` cards taken at random from ``pool`` include at least one of the
    ``special`` ones (the hypergeometric tail)."""
    if special <= 0 or drawn <= 0 or pool <= 0:
        return 0.0
    drawn = min(drawn, pool)
    special = min(special, pool)
    return 1.0 - math.comb(pool - special, drawn) / math.comb(pool, drawn)


@attrs.frozen
class Reading:
    """What one seat's view tells it about the cards it cannot see and about its opponents.

    Attributes:
        seat: the viewer.
        unseen: copies of each character the viewer cannot place: not revealed, not in its own
            hand, not among the set-aside cards it knows, not an opponent's card it was shown.
        unknown: how many face-down cards the viewer cannot see (the sum of ``unseen``).
        known: opponents' hidden cards the viewer was shown in an Examine and that are still in
            their hands, by seat.
        proved: per seat, challenges answered by proving the claim.
        conceded: per seat, challenges answered by conceding.
        challenges: per seat, challenges made.
        passes: per seat, challenge windows let pass.
        aid_blocks: per seat, Foreign Aid blocked.
        aid_passes: per seat, Foreign Aid let through.
        claims: per seat, the characters it has claimed (in actions and blocks) since its hand
            last changed, less those it conceded or turned face up: a seat with fewer hidden
            cards than that cannot hold them all.
        last_claims: per seat, the character its last claim named (in an action or a block),
            the one a concession gives up; a seat is left out once it conceded, or before it
            claimed any.
        drafted: the card the viewer drafted in the 2-player setup (the rest of its set is
            set aside), ``None`` in other games.
    """

    seat: int
    unseen: dict[Character, int]
    unknown: int
    known: dict[int, Character]
    proved: tuple[int, ...]
    conceded: tuple[int, ...]
    challenges: tuple[int, ...]
    passes: tuple[int, ...]
    aid_blocks: tuple[int, ...]
    aid_passes: tuple[int, ...]
    claims: tuple[frozenset[Character], ...]
    last_claims: dict[int, Character] = attrs.field(factory=dict)
    drafted: Character | None = None

    def holds(self, view: PlayerView, seat: int, card: Character) -> float:
        """The chance that ``seat`` holds at least one ``card``, by the count of unseen cards."""
        known = self.known.get(seat)
        if known is card:
            return 1.0
        hidden = view.players[seat].hidden - (known is not None)
        return chance_of_any(self.unseen.get(card, 0), self.unknown, hidden)

    def claim_odds(
        self, view: PlayerView, seat: int, card: Character | None, trust: float
    ) -> float:
        """The chance that ``seat``'s claim of ``card`` is true (``None``: Embezzle's claim of
        holding no Duke), from the card count and how its past challenges ended."""
        if card is None:
            odds = 1.0 - self.holds(view, seat, Character.DUKE)
        else:
            odds = self.holds(view, seat, card)
        if odds <= 0.0 or odds >= 1.0:
            return odds
        prior = odds + (1.0 - odds) * trust
        weight = 2.0
        shown = self.proved[seat] + self.conceded[seat]
        odds = (self.proved[seat] + weight * prior) / (shown + weight)
        if card is not None:
            hidden = view.players[seat].hidden
            claimed = len(self.claims[seat] | {card})
            if claimed > hidden:  # it cannot hold every character it has claimed
                odds = min(odds, hidden / claimed)
        return odds

    def challenge_rate(self, seat: int) -> float:
        """How often ``seat`` challenges, as the log shows it (1 in 5 before any evidence)."""
        return (self.challenges[seat] + 1.0) / (self.challenges[seat] + self.passes[seat] + 5.0)

    def aid_block_rate(self, view: PlayerView, seat: int) -> float:
        """How likely ``seat`` is to block a Foreign Aid: its record, from its Duke odds."""
        prior = self.holds(view, seat, Character.DUKE)
        weight = 2.0
        seen = self.aid_blocks[seat] + self.aid_passes[seat]
        return (self.aid_blocks[seat] + weight * prior) / (seen + weight)


def read(view: PlayerView) -> Reading:
    """Count what ``view`` shows: the unseen cards and each seat's record in the log.

    The view must hold the whole log (``view(state, seat)``, ``since=0``).
    """
    if view.log_start != 0:
        raise ValueError("CountingBot reads the whole log: pass view(state, seat) with since=0")
    me = seat_of(view)
    n = view.config.players
    proved, conceded, challenges, passes = [0] * n, [0] * n, [0] * n, [0] * n
    aid_blocks, aid_passes = [0] * n, [0] * n
    claims: list[set[Character]] = [set() for _ in range(n)]
    last_claim: dict[int, Character] = {}
    exchanger = view.config.exchanger
    known: dict[int, Character] = {}
    drafted: Character | None = None
    answering: int | None = None
    action: ActionMove | None = None
    for event in view.log:
        if type(event) in _SILENT:
            continue
        match event:
            case ActionDeclared(action=declared):
                action = declared
                card = claimed_character(declared, exchanger)
                if card is not None:
                    claims[declared.player].add(card)
                    last_claim[declared.player] = card
            case Challenged(player=p, challenged=q):
                challenges[p] += 1
                answering = q
            case Proved(player=p, cards=cards):
                if p == answering:
                    proved[p] += 1
                    answering = None
                if known.get(p) in cards:
                    del known[p]
            case Conceded(player=p):
                if p == answering:
                    conceded[p] += 1
                    answering = None
                if p in last_claim:
                    claims[p].discard(last_claim.pop(p))
            case Allowed(player=p, window=window):
                if window in _CHALLENGE_WINDOWS:
                    passes[p] += 1
                elif isinstance(action, ForeignAid):
                    aid_passes[p] += 1
            case Blocked(player=p, character=card):
                claims[p].add(card)
                last_claim[p] = card
                if isinstance(action, ForeignAid):
                    aid_blocks[p] += 1
            case Drafted(player=p, card=card) if p == me and card is not None:
                drafted = card
            case CardShown(player=p, to=q, card=card) if q == me and card is not None:
                known[p] = card
            case CardsDrawn(player=p) | ExchangeForced(target=p) | Eliminated(player=p):
                known.pop(p, None)
                claims[p].clear()
            case InfluenceLost(player=p, character=card):
                if known.get(p) is card:
                    del known[p]
                claims[p].discard(card)
            case _:
                pass
    copies = view.config.copies_per_character
    aside = [c for c in view.config.characters if c is not drafted] if drafted is not None else []
    placed = list(hand_of(view)) + aside + list(known.values())
    for seat_view in view.players:
        placed += seat_view.revealed
    unseen = {c: max(0, copies - placed.count(c)) for c in view.config.characters}
    return Reading(
        seat=me,
        unseen=unseen,
        unknown=sum(unseen.values()),
        known=known,
        proved=tuple(proved),
        conceded=tuple(conceded),
        challenges=tuple(challenges),
        passes=tuple(passes),
        aid_blocks=tuple(aid_blocks),
        aid_passes=tuple(aid_passes),
        claims=tuple(frozenset(c) for c in claims),
        last_claims=last_claim,
        drafted=drafted,
    )


@attrs.frozen
class CountingBot:
    """Counts cards, reads the record of each opponent, and plays the odds.

    Attributes:
        trust: how far a claim is believed before an opponent's challenges have shown anything:
            0 takes it at the card odds alone, 1 believes it.
        challenge_below: challenge a claim that matters little to it when the claim's odds of
            being true are below this; higher stakes raise the bar.
        bluff_below: bluff only when the chance of being challenged is below this (halved with
            one influence left): the ``bluff`` knob (``coup_rules.bots.personality``).
        targeting: whom it aims a Coup, an Assassination or a Steal at, among the ones it finds
            worth making (``coup_rules.bots.aim.TARGETINGS``; ``own``: a Coup at the seat
            closest to winning, an Assassination where it most likely lands, a Steal where it
            is least likely blocked).
        vengeance: the chance of aiming instead at the seat that last cost it an influence or
            coins, when that seat is among them.
    """

    trust: float = attrs.field(default=0.5, validator=chance("trust"))
    challenge_below: float = attrs.field(default=0.25, validator=chance("skepticism"))
    bluff_below: float = attrs.field(default=0.2, validator=chance("bluff"))
    targeting: str = attrs.field(default="own", validator=targeting)
    vengeance: float = attrs.field(default=0.0, validator=chance("vengeance"))

    def _aim(
        self,
        view: PlayerView,
        moves: Sequence[Aimed],
        rng: random.Random,
        own: Callable[[Sequence[Aimed]], Move],
    ) -> Move:
        return aim(view, moves, rng, targeting=self.targeting, vengeance=self.vengeance, own=own)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The viewer's move, from the odds of the cards it has not seen."""
        return decide(
            view,
            rng,
            Handlers(
                action=lambda v, r: self._action(v, read(v), r),
                challenge=lambda v, pending, _: self._challenge(v, read(v), pending),
                counter=lambda v, pending, _: self._counter(v, read(v), pending),
            ),
        )

    # --- how likely a claim of ours is challenged ------------------------------------------------

    def _caught(
        self, view: PlayerView, r: Reading, card: Character, askers: Sequence[int]
    ) -> float:
        """The chance that one of ``askers`` challenges a bluff of ``card``."""
        unseen = r.unseen.get(card, 0)
        if unseen == 0:
            return 1.0  # every copy is accounted for: anyone who counts knows it is a bluff
        stays = 1.0
        for seat in askers:
            rate = r.challenge_rate(seat)
            if unseen == 1:  # whoever holds the last copy knows it is a bluff
                rate = max(rate, r.holds(view, seat, card))
            stays *= 1.0 - rate
        return 1.0 - stays

    def _bluff_limit(self, view: PlayerView) -> float:
        hidden = view.players[seat_of(view)].hidden
        return self.bluff_below if hidden > 1 else self.bluff_below / 2

    # --- the turn ---------------------------------------------------------------------------------

    def _action(self, view: PlayerView, r: Reading, rng: random.Random) -> Move:
        me, legal, hand = seat_of(view), view.legal_moves, hand_of(view)
        coins = view.players[me].coins
        others = tuple(p.seat for p in view.players if p.alive and p.seat != me)
        coups: list[Aimed] = [m for m in legal if isinstance(m, Coup)]
        if coups and (coins >= COUP_COST or len(coups) == len(legal)):
            return self._aim(
                view, coups, rng, lambda ms: max(ms, key=lambda m: self._danger(view, m.target))
            )
        kill = self._assassination(view, r, others, rng)
        if kill is not None:
            return kill
        limit = self._bluff_limit(view)
        tax = Tax(me)
        if tax in legal and (
            Character.DUKE in hand or self._caught(view, r, Character.DUKE, others) < limit
        ):
            return tax
        steal = self._steal(view, r, others, rng)
        if steal is not None:
            return steal
        if Embezzle(me) in legal and Character.DUKE not in hand and view.reserve >= 2:
            return Embezzle(me)
        exchanger = view.config.exchanger
        strong = {Character.DUKE, Character.CAPTAIN, Character.ASSASSIN}
        if Exchange(me) in legal and exchanger in hand and not strong & set(hand):
            return Exchange(me)
        if ForeignAid(me) in legal and view.treasury >= 2:
            blocked = 1.0
            for seat in others:
                blocked *= 1.0 - r.aid_block_rate(view, seat)
            if 1.0 - blocked < 0.35:
                return ForeignAid(me)
        if Income(me) in legal:
            return Income(me)
        return rng.choice(legal)

    def _danger(self, view: PlayerView, seat: int) -> tuple[int, int]:
        """How dangerous an opponent is: coins close to a Coup first, then influence."""
        p = view.players[seat]
        return (p.coins + 3 * p.hidden, -seat)

    def _assassination(
        self, view: PlayerView, r: Reading, others: Sequence[int], rng: random.Random
    ) -> Move | None:
        kills = [m for m in view.legal_moves if isinstance(m, Assassinate)]
        if not kills or view.players[seat_of(view)].coins < ASSASSINATE_COST:
            return None
        if Character.ASSASSIN not in hand_of(view):
            limit = self._bluff_limit(view) / 2
            if self._caught(view, r, Character.ASSASSIN, others) >= limit:
                return None

        def worth(m: Aimed) -> tuple[float, int]:
            target = view.players[m.target]
            blocks = r.holds(view, m.target, Character.CONTESSA)
            if Character.CONTESSA in r.claims[m.target]:  # it has blocked with one before
                blocks = max(blocks, 0.8)
            lands = 1.0 - blocks
            return (lands * (2.0 if target.hidden == 1 else 1.0), target.coins)

        landing = [m for m in kills if worth(m)[0] >= 0.5]
        if not landing:
            return None
        return self._aim(view, landing, rng, lambda ms: max(ms, key=worth))

    def _steal(
        self, view: PlayerView, r: Reading, others: Sequence[int], rng: random.Random
    ) -> Move | None:
        steals: list[Aimed] = [
            m
            for m in view.legal_moves
            if isinstance(m, Steal) and view.players[m.target].coins >= 2
        ]
        if not steals:
            return None
        bluff = Character.CAPTAIN not in hand_of(view)
        if bluff and self._caught(view, r, Character.CAPTAIN, others) >= self._bluff_limit(view):
            return None
        blockers = (Character.CAPTAIN, view.config.exchanger)

        def blocked(m: Aimed) -> float:
            return max(r.holds(view, m.target, c) for c in blockers)

        likely = [m for m in steals if blocked(m) < 0.6]
        if not likely:
            return None
        return self._aim(
            view,
            likely,
            rng,
            lambda ms: min(ms, key=lambda m: (blocked(m), -view.players[m.target].coins, m.target)),
        )

    # --- the windows ------------------------------------------------------------------------------

    def _counter(self, view: PlayerView, r: Reading, pending: CounterWindow) -> Move:
        me, hand = seat_of(view), hand_of(view)
        blocks = [m for m in view.legal_moves if isinstance(m, Block)]
        held = [m for m in blocks if m.character in hand]
        if held:
            return held[0]
        action = pending.action
        if not blocks or getattr(action, "target", None) != me:
            return Allow(me)
        askers = tuple(p.seat for p in view.players if p.alive and p.seat != me)
        bluff = max(blocks, key=lambda m: (r.unseen.get(m.character, 0), -VALUE[m.character]))
        caught = self._caught(view, r, bluff.character, askers)
        if isinstance(action, Assassinate):
            last = view.players[me].hidden == 1
            # Allowing costs an influence for sure; a caught bluff costs two (R-INF-5).
            return bluff if last or 2 * caught < 1.0 else Allow(me)
        if isinstance(action, Steal) and view.players[me].coins >= 2:
            return bluff if caught < self._bluff_limit(view) else Allow(me)
        return Allow(me)

    def _challenge(
        self,
        view: PlayerView,
        r: Reading,
        pending: ChallengeWindow,
    ) -> Move:
        me = seat_of(view)
        action = pending.action
        card: Character | None
        if isinstance(pending, ChallengeBlockWindow):
            claimant, card = pending.block.player, pending.block.character
            bar = self._block_bar(view, action)
        else:
            claimant = action.player
            card = claimed_character(action, view.config.exchanger)
            bar = self._action_bar(view, r, action)
        if self._duel(view):  # one opponent: whatever helps it hurts us, and a draw wins nothing
            bar = max(bar, 0.4)
        odds = r.claim_odds(view, claimant, card, self.trust)
        return Challenge(me) if odds < bar else Allow(me)

    def _duel(self, view: PlayerView) -> bool:
        return sum(1 for p in view.players if p.alive) == 2

    def _caution(self, view: PlayerView) -> float:
        return 1.0 if view.players[seat_of(view)].hidden > 1 else 0.5

    def _action_bar(self, view: PlayerView, r: Reading, action: ActionMove) -> float:
        """Challenge the action's claim when its odds of being true are below this."""
        me, hand = seat_of(view), hand_of(view)
        aimed = getattr(action, "target", None) == me
        if aimed and isinstance(action, Assassinate):
            if Character.CONTESSA in hand:
                return 0.1
            askers = tuple(p.seat for p in view.players if p.alive and p.seat != me)
            caught = self._caught(view, r, Character.CONTESSA, askers)
            if view.players[me].hidden == 1:
                return max(caught, 0.3)
            loss = min(1.0, 2 * caught)
            return loss / (1.0 + loss)
        if aimed and isinstance(action, Steal):
            blockers = (Character.CAPTAIN, view.config.exchanger)
            if any(c in hand for c in blockers):
                return 0.1
            return 0.35 * self._caution(view)
        bar = self.challenge_below
        if isinstance(action, Tax) and view.players[action.player].coins + 3 >= COUP_COST:
            bar += 0.05
        return bar * self._caution(view)

    def _block_bar(self, view: PlayerView, action: ActionMove) -> float:
        """Challenge a block when its odds of being true are below this."""
        if action.player != seat_of(view):
            return 0.15 * self._caution(view)
        bar = 0.4 if isinstance(action, Assassinate) else 0.3
        return bar * self._caution(view)
