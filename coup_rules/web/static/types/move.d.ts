/* Generated from schema/move.schema.json by scripts/schema_types.mjs: do not edit. */

/**
 * One move of coup_rules, tagged by its "type" field (from_json(text, Move)).
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
 * Challenge the claim under consideration (R-WIN-2, R-WIN-5).
 */
export interface Challenge {
  type: "challenge";
  player: Seat;
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
