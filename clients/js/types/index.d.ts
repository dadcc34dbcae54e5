/* Generated from schema/protocol.schema.json by scripts/schema_types.mjs: do not edit. */

/**
 * Any JSON the coup_rules web server (coup-rules serve) sends: an answer's body or the data of an event of its stream.
 */
export type ServerMessage =
  | Envelope
  | Problem
  | Revoked
  | CreatedGame
  | HostLinks
  | SeatLink
  | BotNames
  | OpenTables
  | FoundRoom
  | Said
  | ChatLine
  | Room
  | GameRecord;
/**
 * A seat number (a game has at most 10 seats).
 */
export type Seat = number;
/**
 * A character card. Ordered by declaration: hands and the Court are sorted this way.
 */
export type Character = "duke" | "assassin" | "captain" | "ambassador" | "contessa" | "inquisitor";
/**
 * A Reformation allegiance.
 */
export type Allegiance = "loyalist" | "reformist";
/**
 * The decision a game waits on, told apart by its "kind" tag.
 */
export type Pending =
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
  | InquisitorChoice;
/**
 * Where the turn goes on once an influence has been lost.
 */
export type Stage = "counter" | "resolve" | "end";
/**
 * Any move, told apart by its "type" tag.
 */
export type Move =
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
  | ChooseAllegiance;
/**
 * Any event of the log, told apart by its "type" tag.
 */
export type Event =
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
  | Drawn;
/**
 * The ``kind`` of each decision: a string, stable across versions, the JSON tag.
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
 */
export type Pool = "treasury" | "reserve";
/**
 * The ``error`` of an error answer: a short code that says what went wrong.
 */
export type ErrorCode =
  | "malformed"
  | "disconnected"
  | "unknown_host"
  | "forbidden"
  | "muted"
  | "revoked"
  | "cross_origin"
  | "not_found"
  | "timeout"
  | "stale"
  | "not_started"
  | "seating"
  | "seat_held"
  | "full"
  | "in_play"
  | "invite_spent"
  | "too_large"
  | "unsupported_media_type"
  | "illegal"
  | "too_many_games"
  | "too_many_live_games"
  | "too_many_streams"
  | "too_many_codes"
  | "too_fast"
  | "busy"
  | "unavailable";

/**
 * What the server sends about a game: one seat's view, and the same view in words.
 */
export interface Envelope {
  view: PlayerView;
  version: number;
  table: TableInfo;
  pending_text: string;
  log_text: LogLine[];
  move_labels: MoveLabel[];
}
/**
 * Everything one seat (or a spectator) may know about a game (R-INFO-1, R-INFO-2).
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
  pending: Pending | null;
  legal_moves: Move[];
  shown: Character | null;
  log: Event[];
  log_start: number;
  log_length: number;
}
/**
 * The options of a game, validated on construction.
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
 */
export interface AllegianceChoice {
  kind: "choose_allegiance";
  waiting: Seat[];
}
/**
 * 2-player setup: each seat in ``waiting`` picks a card of its own set (R-SETUP-8).
 */
export interface DraftChoice {
  kind: "draft";
  waiting: Seat[];
}
/**
 * The active player declares an action (R-TURN-1).
 */
export interface ActionChoice {
  kind: "action";
  waiting: Seat[];
}
/**
 * Window a: the seats in ``waiting`` may challenge the action's claim (R-WIN-2).
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
 */
export interface Income {
  type: "income";
  player: Seat;
}
/**
 * Take 2 coins from the Treasury; any Duke may block (R-ACT-2).
 */
export interface ForeignAid {
  type: "foreign_aid";
  player: Seat;
}
/**
 * Pay 7 coins: ``target`` loses an influence; never blocked or challenged (R-ACT-3).
 */
export interface Coup {
  type: "coup";
  player: Seat;
  target: Seat;
}
/**
 * Claim the Duke and take 3 coins (R-ACT-4).
 */
export interface Tax {
  type: "tax";
  player: Seat;
}
/**
 * Claim the Assassin, pay 3 coins: ``target`` loses an influence (R-ACT-5).
 */
export interface Assassinate {
  type: "assassinate";
  player: Seat;
  target: Seat;
}
/**
 * Claim the Captain and take up to 2 coins from ``target`` (R-ACT-6).
 */
export interface Steal {
  type: "steal";
  player: Seat;
  target: Seat;
}
/**
 * Claim the Ambassador (or the Inquisitor) and exchange cards with the Court (R-ACT-7).
 */
export interface Exchange {
  type: "exchange";
  player: Seat;
}
/**
 * Claim the Inquisitor and look at one of ``target``'s cards (R-INQ-3).
 */
export interface Examine {
  type: "examine";
  player: Seat;
  target: Seat;
}
/**
 * Reformation: pay 1 coin to flip your own allegiance, 2 to flip ``target``'s (R-REF-7).
 */
export interface Convert {
  type: "convert";
  player: Seat;
  target: Seat;
}
/**
 * Reformation: claim not to hold a Duke and take the Treasury Reserve (R-REF-8).
 */
export interface Embezzle {
  type: "embezzle";
  player: Seat;
}
/**
 * Window b: the seats in ``waiting`` may block the action (R-WIN-3).
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
 */
export interface Block {
  type: "block";
  player: Seat;
  character: Character;
}
/**
 * The actor, challenged by ``challenger``, proves or concedes the claim (R-CHAL-1).
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
 */
export interface ShowChoice {
  kind: "show";
  waiting: Seat[];
  action: Examine;
}
/**
 * The Inquisitor gives the shown card back or forces an exchange (R-INQ-5, R-INQ-6).
 */
export interface InquisitorChoice {
  kind: "inquisitor_choice";
  waiting: Seat[];
  action: Examine;
}
/**
 * Challenge the claim under consideration (R-WIN-2, R-WIN-5).
 */
export interface Challenge {
  type: "challenge";
  player: Seat;
}
/**
 * Decline to challenge or block; leaves the window (R-WIN-2).
 */
export interface Allow {
  type: "allow";
  player: Seat;
}
/**
 * Answer a challenge by showing proof (R-CHAL-1, R-REF-10).
 */
export interface Prove {
  type: "prove";
  player: Seat;
}
/**
 * Answer a challenge by giving in (R-CHAL-2).
 */
export interface Concede {
  type: "concede";
  player: Seat;
}
/**
 * Turn the hidden ``character`` face up (R-INF-1).
 */
export interface LoseInfluence {
  type: "lose_influence";
  player: Seat;
  character: Character;
}
/**
 * End an Exchange keeping ``cards`` hidden; the rest return to the Court (R-ACT-12).
 */
export interface Keep {
  type: "keep";
  player: Seat;
  cards: Character[];
}
/**
 * As the Examine target, show the hidden ``character`` to the Inquisitor (R-INQ-4).
 */
export interface Show {
  type: "show";
  player: Seat;
  character: Character;
}
/**
 * As the Inquisitor, hand the shown card back (R-INQ-5).
 */
export interface GiveBack {
  type: "give_back";
  player: Seat;
}
/**
 * As the Inquisitor, force the shown card to be exchanged with the Court (R-INQ-6).
 */
export interface ForceExchange {
  type: "force_exchange";
  player: Seat;
}
/**
 * 2-player setup: take ``character`` from your own set as your second card (R-SETUP-8).
 */
export interface Draft {
  type: "draft";
  player: Seat;
  character: Character;
}
/**
 * Reformation setup: the first player's allegiance (R-REF-1).
 */
export interface ChooseAllegiance {
  type: "choose_allegiance";
  player: Seat;
  allegiance: Allegiance;
}
/**
 * ``player`` was dealt ``count`` cards; ``cards`` only for that player.
 */
export interface Dealt {
  type: "dealt";
  player: Seat;
  count: number;
  cards: Character[] | null;
}
/**
 * 2-player setup: ``player`` took a card of their own set; ``card`` only for that player.
 */
export interface Drafted {
  type: "drafted";
  player: Seat;
  card: Character | null;
}
/**
 * ``player``'s allegiance is now ``allegiance`` (chosen, assigned or converted).
 */
export interface AllegianceChanged {
  type: "allegiance_changed";
  player: Seat;
  allegiance: Allegiance;
}
/**
 * Turn number ``turn`` begins; it is ``player``'s.
 */
export interface TurnStarted {
  type: "turn_started";
  player: Seat;
  turn: number;
}
/**
 * The active player declared ``action`` (the move, with its target).
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
 */
export interface Challenged {
  type: "challenged";
  player: Seat;
  challenged: Seat;
}
/**
 * ``player`` declined in a response window and left it.
 */
export interface Allowed {
  type: "allowed";
  player: Seat;
  window: Decision;
}
/**
 * ``player`` blocked the action, claiming ``character``.
 */
export interface Blocked {
  type: "blocked";
  player: Seat;
  character: Character;
}
/**
 * ``player`` answered a challenge by showing ``cards`` to everyone; they go to the Court.
 */
export interface Proved {
  type: "proved";
  player: Seat;
  cards: Character[];
}
/**
 * ``player`` gave in to a challenge.
 */
export interface Conceded {
  type: "conceded";
  player: Seat;
}
/**
 * ``player`` turned ``character`` face up.
 */
export interface InfluenceLost {
  type: "influence_lost";
  player: Seat;
  character: Character;
}
/**
 * ``amount`` coins went from ``source`` to ``dest`` (a seat or a pool).
 */
export interface CoinsMoved {
  type: "coins_moved";
  amount: number;
  source: Seat | Pool;
  dest: Seat | Pool;
}
/**
 * ``player`` drew ``count`` cards from the Court; ``cards`` only for that player.
 */
export interface CardsDrawn {
  type: "cards_drawn";
  player: Seat;
  count: number;
  cards: Character[] | null;
}
/**
 * ``player`` put ``count`` hidden cards back in the Court.
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
 */
export interface CardShown {
  type: "card_shown";
  player: Seat;
  to: Seat;
  card: Character | null;
}
/**
 * The Inquisitor ``player`` handed the examined card back to ``target``.
 */
export interface GaveBack {
  type: "gave_back";
  player: Seat;
  target: Seat;
}
/**
 * The Inquisitor ``player`` forced ``target`` to exchange the examined card.
 */
export interface ExchangeForced {
  type: "exchange_forced";
  player: Seat;
  target: Seat;
}
/**
 * ``player`` lost their last influence and is out of the game.
 */
export interface Eliminated {
  type: "eliminated";
  player: Seat;
}
/**
 * ``player`` is the last one standing.
 */
export interface Won {
  type: "won";
  player: Seat;
}
/**
 * The game ended in a draw after ``turns`` turns: the house rule ``Config.max_turns``.
 */
export interface Drawn {
  type: "drawn";
  turns: number;
}
/**
 * The table's public facts, the same for every client.
 */
export interface TableInfo {
  seats: PublicSeat[];
  started: boolean;
  time_limit: number | null;
  time_left: number | null;
  timeouts: Timeout[];
  rematch: boolean;
  hands?: Character[][];
}
/**
 * One seat as everyone may know it.
 */
export interface PublicSeat {
  name: string | null;
  bot: boolean;
  open: boolean;
  connected: boolean;
  claims: Character[];
  removed?: string[];
}
/**
 * A move the table made for a seat out of time: its version, and the seat.
 */
export interface Timeout {
  version: number;
  seat: Seat;
}
/**
 * One event of the view's log in words: its index in the whole log, its text, and whether it begins a turn. The text is the event's sentence, and, where an action came to nothing (R-INF-5), the line that says so: after the sentence of the turn's last event, or before the next one's when the view's log starts there.
 */
export interface LogLine {
  index: number;
  text: string;
  turn: boolean;
}
/**
 * One legal move of the view in words: a button's label and the move's notation.
 */
export interface MoveLabel {
  label: string;
  notation: string;
}
/**
 * An error answer: ``error`` a short code, ``detail`` a sentence for a person.
 */
export interface Problem {
  error: ErrorCode;
  detail: string;
  version?: number;
  reason?: string;
  rule?: string;
}
/**
 * The event stream's ``revoked`` event: the host gave this seat to someone else.
 */
export interface Revoked {
  error: "revoked";
  detail: string;
}
/**
 * The answer to creating a game (201): the host's links and the host's token.
 */
export interface CreatedGame {
  game: string;
  started: boolean;
  time_limit: number | null;
  room: Room;
  next_game: string | null;
  seats: HostSeat[];
  host: string | null;
  seat: OwnSeat | null;
  spectator: SpectatorLink;
  host_token: string;
}
/**
 * The table beside the game (the stream's ``room`` event, and the host's links).
 */
export interface Room {
  code: string | null;
  listed: boolean;
  auto_rematch: boolean;
  muted: number[];
  rematch: string | null;
}
/**
 * A seat as the host sees it: who plays it, its name, and its invite while open.
 */
export interface HostSeat {
  seat: Seat;
  player: string;
  name: string | null;
  open: boolean;
  connected: boolean;
  invite: string | null;
  muted: boolean;
}
/**
 * A seat's token, and the link that plays it (``/play/GAME/SEAT#TOKEN``).
 */
export interface OwnSeat {
  seat: Seat;
  token: string;
  link: string;
}
/**
 * The spectators' token, and the link that watches the game (``/watch/GAME#TOKEN``).
 */
export interface SpectatorLink {
  token: string;
  link: string;
}
/**
 * What the host may know: the seats and their invites, and the links it may hand out.
 */
export interface HostLinks {
  game: string;
  started: boolean;
  time_limit: number | null;
  room: Room;
  next_game: string | null;
  seats: HostSeat[];
  host: string | null;
  seat: OwnSeat | null;
  spectator: SpectatorLink;
}
/**
 * The answer to claiming a seat or to a rematch (201): the seat's fresh token, for this browser only, and the link that plays it.
 */
export interface SeatLink {
  game: string;
  seat: Seat;
  token: string;
  link: string;
}
/**
 * The names of the bots a seat may be given, the word for a person's seat, the chat's canned lines (their text by key) and the longest free line.
 */
export interface BotNames {
  human: "human";
  bots: string[];
  canned: {
    [k: string]: string;
  };
  max_chat: number;
}
/**
 * The lobby's list (``GET /api/rooms``): the tables listed as open with a free seat and a seated person active lately, newest first; a few of each client's at most.
 */
export interface OpenTables {
  tables: OpenTable[];
}
/**
 * A table its host lists as open: its room code, game, options and seats.
 */
export interface OpenTable {
  code: string;
  game: string;
  players: number;
  inquisitor: boolean;
  reformation: boolean;
  seats: ListedSeat[];
  free: number;
}
/**
 * A seat of a table in the lobby's list: its name, whether a bot plays it, whether it is open, and the names of those the host removed from it.
 */
export interface ListedSeat {
  name: string | null;
  bot: boolean;
  open: boolean;
  removed?: string[];
}
/**
 * The game at the table of a room code (``GET /api/rooms/CODE``), and its free seats (those a room code may claim).
 */
export interface FoundRoom {
  code: string;
  game: string;
  started: boolean;
  over: boolean;
  free: number[];
}
/**
 * The answer to a chat line (201): the line as every page following the table gets it.
 */
export interface Said {
  line: ChatLine;
}
/**
 * One line of the table's chat (the stream's ``chat`` event): its number at the table, the seat that said it, the name that seat had then, its text, and its canned key (``null``: free text).
 */
export interface ChatLine {
  id: number;
  seat: Seat;
  name: string;
  text: string;
  canned: string | null;
}
/**
 * A finished game's record (``GET .../seats/SEAT/record``, once the game is over), as ``coup-rules simulate --out`` writes a game: ``coup-rules replay`` checks it and the docs' rules playground opens it. Its seed may be larger than 2**53: keep the text as it came (JSON.parse rounds such a number; the playground reads it exactly).
 */
export interface GameRecord {
  game: number;
  config: Config;
  seed: number;
  bots: string[];
  moves: Move[];
  result: GameResult;
  playground?: string;
}
/**
 * How a recorded game ended.
 */
export interface GameResult {
  winner: Seat | null;
  turns: number;
  eliminated: number[];
}
/**
 * The host's change of a seat before the start: ``"human"`` or a bot's name.
 */
export interface AssignSeat {
  player: string;
}
/**
 * A canned line at the table's chat, by its key (``BotNames.canned``).
 */
export interface ChatCanned {
  canned: string;
}
/**
 * A free line at the table's chat: 1 to 140 characters, one line.
 */
export interface ChatText {
  text: string;
}
/**
 * The body that claims a seat: the invite as the host's links give it (its link, ``/join/GAME#INVITE``, or the whole URL) or the text after ``#`` in it, and a name.
 */
export interface Claim {
  invite: string;
  name: string;
}
/**
 * The body that claims an open seat by the table's room code (any case), and a name.
 */
export interface ClaimByCode {
  code: string;
  name: string;
}
/**
 * The host mutes a seat at the table's chat, or lets it speak again.
 */
export interface MuteSeat {
  mute: boolean;
}
/**
 * The body that creates a game (``POST /api/games``); every field is optional.
 */
export interface NewGame {
  config?: Config;
  seats?: string[];
  host_seat?: number | null;
  name?: string;
  time_limit?: number | null;
  listed?: boolean;
  auto_rematch?: boolean;
}
/**
 * The body of a move: the version of the envelope whose legal moves it came from.
 */
export interface PostedMove {
  version: number;
  move: Move;
}
/**
 * The host reopens a seat: its token is revoked and a new invite replaces it.
 */
export interface ReopenSeat {
  reopen: true;
}
/**
 * The host's choices for the table: listed as open in the lobby, rematch at once.
 */
export interface RoomChange {
  listed: boolean;
  auto_rematch: boolean;
}
/**
 * The event stream's events (``text/event-stream``), by their ``event:`` name: the data of each is its JSON. ``view`` comes after every change (its ``id:`` is its version, sent back as ``Last-Event-ID`` on reconnecting); ``revoked`` ends the stream; ``chat`` and ``room`` only on a stream asked with ``?table=1``.
 */
export interface StreamEvents {
  view: Envelope;
  revoked: Revoked;
  chat: ChatLine;
  room: Room;
}
