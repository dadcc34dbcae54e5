/* Generated from schema/view.schema.json by scripts/schema_types.mjs: do not edit. */

/**
 * A seat number (a game has at most 10 seats).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Seat".
 */
export type Seat = number;
/**
 * A character card. Ordered by declaration: hands and the Court are sorted this way.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Character".
 */
export type Character = "duke" | "assassin" | "captain" | "ambassador" | "contessa" | "inquisitor";
/**
 * A Reformation allegiance.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Allegiance".
 */
export type Allegiance = "loyalist" | "reformist";
/**
 * Where the turn goes on once an influence has been lost.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Stage".
 */
export type Stage = "counter" | "resolve" | "end";
/**
 * The ``kind`` of each decision: a string, stable across versions, the JSON tag.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Decision".
 */
export type Decision =
  | "choose_allegiance"
  | "draft"
  | "action"
  | "challenge_action"
  | "counter"
  | "challenge_block"
  | "answer_action_challenge"
  | "answer_block_challenge"
  | "lose_influence"
  | "keep"
  | "show"
  | "inquisitor_choice";
/**
 * A pile of coins that belongs to no player.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Pool".
 */
export type Pool = "treasury" | "reserve";

/**
 * What one seat (or a spectator) may know of a coup_rules game: view(state, seat).
 */
export interface PlayerView {
  schema_version: 2;
  seat: Seat | null;
  config: Config;
  players: SeatView[];
  treasury: number;
  reserve: number;
  court_size: number;
  set_aside: number;
  active: Seat;
  turn: number;
  winner: Seat | null;
  to_act: Seat[];
  pending:
    | (
        | AllegianceChoice
        | DraftChoice
        | ActionChoice
        | ChallengeActionWindow
        | CounterWindow
        | ChallengeBlockWindow
        | ActionChallengeAnswer
        | BlockChallengeAnswer
        | InfluenceChoice
        | KeepChoice
        | ShowChoice
        | InquisitorChoice
      )
    | null;
  legal_moves: (
    | Income
    | ForeignAid
    | Coup
    | Tax
    | Assassinate
    | Steal
    | Exchange
    | Examine
    | Convert
    | Embezzle
    | Challenge
    | Block
    | Allow
    | Prove
    | Concede
    | LoseInfluence
    | Keep
    | Show
    | GiveBack
    | ForceExchange
    | Draft
    | ChooseAllegiance
  )[];
  shown: Character | null;
  log: (
    | Dealt
    | Drafted
    | AllegianceChanged
    | TurnStarted
    | ActionDeclared
    | Challenged
    | Allowed
    | Blocked
    | Proved
    | Conceded
    | InfluenceLost
    | CoinsMoved
    | CardsDrawn
    | CardsReturned
    | CardShown
    | GaveBack
    | ExchangeForced
    | Eliminated
    | Won
    | Drawn
  )[];
  log_start: number;
  log_length: number;
}
/**
 * The options of a game, validated on construction.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Config".
 */
export interface Config {
  players?: number;
  inquisitor?: boolean;
  reformation?: boolean;
  copies?: number | null;
  coins?: number;
  two_player_setup?: boolean;
  first_player?: Seat;
  max_turns?: number | null;
}
/**
 * One seat as a viewer sees it.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "SeatView".
 */
export interface SeatView {
  seat: Seat;
  coins: number;
  revealed: Character[];
  allegiance: Allegiance | null;
  alive: boolean;
  hidden: number;
  hand: Character[] | null;
}
/**
 * Reformation setup: the first player picks an allegiance (R-REF-1).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "AllegianceChoice".
 */
export interface AllegianceChoice {
  kind: "choose_allegiance";
  waiting: Seat[];
}
/**
 * 2-player setup: each seat in ``waiting`` picks a card of its own set (R-SETUP-8).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "DraftChoice".
 */
export interface DraftChoice {
  kind: "draft";
  waiting: Seat[];
}
/**
 * The active player declares an action (R-TURN-1).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "ActionChoice".
 */
export interface ActionChoice {
  kind: "action";
  waiting: Seat[];
}
/**
 * Window a: the seats in ``waiting`` may challenge the action's claim (R-WIN-2).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "ChallengeActionWindow".
 */
export interface ChallengeActionWindow {
  kind: "challenge_action";
  waiting: Seat[];
  action:
    | Income
    | ForeignAid
    | Coup
    | Tax
    | Assassinate
    | Steal
    | Exchange
    | Examine
    | Convert
    | Embezzle;
  claim: Character | null;
}
/**
 * Take 1 coin from the Treasury (R-ACT-1).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Income".
 */
export interface Income {
  type: "income";
  player: Seat;
}
/**
 * Take 2 coins from the Treasury; any Duke may block (R-ACT-2).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "ForeignAid".
 */
export interface ForeignAid {
  type: "foreign_aid";
  player: Seat;
}
/**
 * Pay 7 coins: ``target`` loses an influence; never blocked or challenged (R-ACT-3).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Coup".
 */
export interface Coup {
  type: "coup";
  player: Seat;
  target: Seat;
}
/**
 * Claim the Duke and take 3 coins (R-ACT-4).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Tax".
 */
export interface Tax {
  type: "tax";
  player: Seat;
}
/**
 * Claim the Assassin, pay 3 coins: ``target`` loses an influence (R-ACT-5).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Assassinate".
 */
export interface Assassinate {
  type: "assassinate";
  player: Seat;
  target: Seat;
}
/**
 * Claim the Captain and take up to 2 coins from ``target`` (R-ACT-6).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Steal".
 */
export interface Steal {
  type: "steal";
  player: Seat;
  target: Seat;
}
/**
 * Claim the Ambassador (or the Inquisitor) and exchange cards with the Court (R-ACT-7).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Exchange".
 */
export interface Exchange {
  type: "exchange";
  player: Seat;
}
/**
 * Claim the Inquisitor and look at one of ``target``'s cards (R-INQ-3).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Examine".
 */
export interface Examine {
  type: "examine";
  player: Seat;
  target: Seat;
}
/**
 * Reformation: pay 1 coin to flip your own allegiance, 2 to flip ``target``'s (R-REF-7).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Convert".
 */
export interface Convert {
  type: "convert";
  player: Seat;
  target: Seat;
}
/**
 * Reformation: claim not to hold a Duke and take the Treasury Reserve (R-REF-8).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Embezzle".
 */
export interface Embezzle {
  type: "embezzle";
  player: Seat;
}
/**
 * Window b: the seats in ``waiting`` may block the action (R-WIN-3).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "CounterWindow".
 */
export interface CounterWindow {
  kind: "counter";
  waiting: Seat[];
  action:
    | Income
    | ForeignAid
    | Coup
    | Tax
    | Assassinate
    | Steal
    | Exchange
    | Examine
    | Convert
    | Embezzle;
  claim: Character | null;
}
/**
 * Window c: the seats in ``waiting`` may challenge ``block`` (R-WIN-5).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "ChallengeBlockWindow".
 */
export interface ChallengeBlockWindow {
  kind: "challenge_block";
  waiting: Seat[];
  action:
    | Income
    | ForeignAid
    | Coup
    | Tax
    | Assassinate
    | Steal
    | Exchange
    | Examine
    | Convert
    | Embezzle;
  claim: Character | null;
  block: Block;
}
/**
 * Block the action by claiming ``character`` (R-WIN-3).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Block".
 */
export interface Block {
  type: "block";
  player: Seat;
  character: Character;
}
/**
 * The actor, challenged by ``challenger``, proves or concedes the claim (R-CHAL-1).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "ActionChallengeAnswer".
 */
export interface ActionChallengeAnswer {
  kind: "answer_action_challenge";
  waiting: Seat[];
  action:
    | Income
    | ForeignAid
    | Coup
    | Tax
    | Assassinate
    | Steal
    | Exchange
    | Examine
    | Convert
    | Embezzle;
  claim: Character | null;
  challenger: Seat;
}
/**
 * The blocker, challenged by ``challenger``, proves or concedes the block (R-CHAL-1).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "BlockChallengeAnswer".
 */
export interface BlockChallengeAnswer {
  kind: "answer_block_challenge";
  waiting: Seat[];
  action:
    | Income
    | ForeignAid
    | Coup
    | Tax
    | Assassinate
    | Steal
    | Exchange
    | Examine
    | Convert
    | Embezzle;
  claim: Character | null;
  block: Block;
  challenger: Seat;
}
/**
 * The seat in ``waiting`` picks the card to turn face up (R-INF-1).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "InfluenceChoice".
 */
export interface InfluenceChoice {
  kind: "lose_influence";
  waiting: Seat[];
  action:
    | Income
    | ForeignAid
    | Coup
    | Tax
    | Assassinate
    | Steal
    | Exchange
    | Examine
    | Convert
    | Embezzle;
  claim: Character | null;
  block: Block | null;
  resume: Stage;
}
/**
 * The exchanger picks ``keep`` of the cards in hand to keep (R-ACT-12).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "KeepChoice".
 */
export interface KeepChoice {
  kind: "keep";
  waiting: Seat[];
  action: Exchange;
  claim: Character;
  keep: number;
}
/**
 * The target of an Examine picks the card to show the Inquisitor (R-INQ-4).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "ShowChoice".
 */
export interface ShowChoice {
  kind: "show";
  waiting: Seat[];
  action: Examine;
}
/**
 * The Inquisitor gives the shown card back or forces an exchange (R-INQ-5, R-INQ-6).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "InquisitorChoice".
 */
export interface InquisitorChoice {
  kind: "inquisitor_choice";
  waiting: Seat[];
  action: Examine;
}
/**
 * Challenge the claim under consideration (R-WIN-2, R-WIN-5).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Challenge".
 */
export interface Challenge {
  type: "challenge";
  player: Seat;
}
/**
 * Decline to challenge or block; leaves the window (R-WIN-2).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Allow".
 */
export interface Allow {
  type: "allow";
  player: Seat;
}
/**
 * Answer a challenge by showing proof (R-CHAL-1, R-REF-10).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Prove".
 */
export interface Prove {
  type: "prove";
  player: Seat;
}
/**
 * Answer a challenge by giving in (R-CHAL-2).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Concede".
 */
export interface Concede {
  type: "concede";
  player: Seat;
}
/**
 * Turn the hidden ``character`` face up (R-INF-1).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "LoseInfluence".
 */
export interface LoseInfluence {
  type: "lose_influence";
  player: Seat;
  character: Character;
}
/**
 * End an Exchange keeping ``cards`` hidden; the rest return to the Court (R-ACT-12).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Keep".
 */
export interface Keep {
  type: "keep";
  player: Seat;
  cards: Character[];
}
/**
 * As the Examine target, show the hidden ``character`` to the Inquisitor (R-INQ-4).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Show".
 */
export interface Show {
  type: "show";
  player: Seat;
  character: Character;
}
/**
 * As the Inquisitor, hand the shown card back (R-INQ-5).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "GiveBack".
 */
export interface GiveBack {
  type: "give_back";
  player: Seat;
}
/**
 * As the Inquisitor, force the shown card to be exchanged with the Court (R-INQ-6).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "ForceExchange".
 */
export interface ForceExchange {
  type: "force_exchange";
  player: Seat;
}
/**
 * 2-player setup: take ``character`` from your own set as your second card (R-SETUP-8).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Draft".
 */
export interface Draft {
  type: "draft";
  player: Seat;
  character: Character;
}
/**
 * Reformation setup: the first player's allegiance (R-REF-1).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "ChooseAllegiance".
 */
export interface ChooseAllegiance {
  type: "choose_allegiance";
  player: Seat;
  allegiance: Allegiance;
}
/**
 * ``player`` was dealt ``count`` cards; ``cards`` only for that player.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Dealt".
 */
export interface Dealt {
  type: "dealt";
  player: Seat;
  count: number;
  cards: Character[] | null;
}
/**
 * 2-player setup: ``player`` took a card of their own set; ``card`` only for that player.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Drafted".
 */
export interface Drafted {
  type: "drafted";
  player: Seat;
  card: Character | null;
}
/**
 * ``player``'s allegiance is now ``allegiance`` (chosen, assigned or converted).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "AllegianceChanged".
 */
export interface AllegianceChanged {
  type: "allegiance_changed";
  player: Seat;
  allegiance: Allegiance;
}
/**
 * Turn number ``turn`` begins; it is ``player``'s.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "TurnStarted".
 */
export interface TurnStarted {
  type: "turn_started";
  player: Seat;
  turn: number;
}
/**
 * The active player declared ``action`` (the move, with its target).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "ActionDeclared".
 */
export interface ActionDeclared {
  type: "action_declared";
  action:
    | Income
    | ForeignAid
    | Coup
    | Tax
    | Assassinate
    | Steal
    | Exchange
    | Examine
    | Convert
    | Embezzle;
}
/**
 * ``player`` challenged ``challenged``'s claim.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Challenged".
 */
export interface Challenged {
  type: "challenged";
  player: Seat;
  challenged: Seat;
}
/**
 * ``player`` declined in a response window and left it.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Allowed".
 */
export interface Allowed {
  type: "allowed";
  player: Seat;
  window: Decision;
}
/**
 * ``player`` blocked the action, claiming ``character``.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Blocked".
 */
export interface Blocked {
  type: "blocked";
  player: Seat;
  character: Character;
}
/**
 * ``player`` answered a challenge by showing ``cards`` to everyone; they go to the Court.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Proved".
 */
export interface Proved {
  type: "proved";
  player: Seat;
  cards: Character[];
}
/**
 * ``player`` gave in to a challenge.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Conceded".
 */
export interface Conceded {
  type: "conceded";
  player: Seat;
}
/**
 * ``player`` turned ``character`` face up.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "InfluenceLost".
 */
export interface InfluenceLost {
  type: "influence_lost";
  player: Seat;
  character: Character;
}
/**
 * ``amount`` coins went from ``source`` to ``dest`` (a seat or a pool).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "CoinsMoved".
 */
export interface CoinsMoved {
  type: "coins_moved";
  amount: number;
  source: Seat | Pool;
  dest: Seat | Pool;
}
/**
 * ``player`` drew ``count`` cards from the Court; ``cards`` only for that player.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "CardsDrawn".
 */
export interface CardsDrawn {
  type: "cards_drawn";
  player: Seat;
  count: number;
  cards: Character[] | null;
}
/**
 * ``player`` put ``count`` hidden cards back in the Court.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "CardsReturned".
 */
export interface CardsReturned {
  type: "cards_returned";
  player: Seat;
  count: number;
  cards: Character[] | null;
  witness?: Seat | null;
}
/**
 * Examine: ``player`` showed ``card`` to the Inquisitor ``to`` (seen by those two only).
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "CardShown".
 */
export interface CardShown {
  type: "card_shown";
  player: Seat;
  to: Seat;
  card: Character | null;
}
/**
 * The Inquisitor ``player`` handed the examined card back to ``target``.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "GaveBack".
 */
export interface GaveBack {
  type: "gave_back";
  player: Seat;
  target: Seat;
}
/**
 * The Inquisitor ``player`` forced ``target`` to exchange the examined card.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "ExchangeForced".
 */
export interface ExchangeForced {
  type: "exchange_forced";
  player: Seat;
  target: Seat;
}
/**
 * ``player`` lost their last influence and is out of the game.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Eliminated".
 */
export interface Eliminated {
  type: "eliminated";
  player: Seat;
}
/**
 * ``player`` is the last one standing.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Won".
 */
export interface Won {
  type: "won";
  player: Seat;
}
/**
 * The game ended in a draw after ``turns`` turns: the house rule ``Config.max_turns``.
 *
 * This interface was referenced by `PlayerView`'s JSON-Schema
 * via the `definition` "Drawn".
 */
export interface Drawn {
  type: "drawn";
  turns: number;
}
