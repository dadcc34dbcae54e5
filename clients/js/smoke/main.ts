// A tiny program against the packed @coup-rules/client, compiled with tsc --strict by
// scripts/check_client_package.sh (never run): the client's functions, the named unions and
// the server's messages are typed, and the wrong uses marked @ts-expect-error are refused (tsc
// fails on an expect-error that is not an error, so declarations that went loose, `any` say,
// fail this check too).
import { CoupClient, createGame, claimSeat, follow, getView, postMove } from "@coup-rules/client";
import type { Answer, Problem as AnswerProblem } from "@coup-rules/client";
import { TableClient, findRoom, followTable, say } from "@coup-rules/client/room";
import type {
  ChatLine,
  Decision,
  Envelope,
  ErrorCode,
  Event,
  Move,
  Pending,
  PlayerView,
  Problem,
  ServerMessage,
  Steal,
  StreamEvents,
} from "@coup-rules/client/types";

/** Every kind of decision, checked exhaustive by `never`. */
function ask(pending: Pending): string {
  switch (pending.kind) {
    case "choose_allegiance":
    case "draft":
    case "action":
    case "challenge_action":
    case "counter":
    case "challenge_block":
    case "answer_action_challenge":
    case "answer_block_challenge":
    case "lose_influence":
    case "keep":
    case "show":
    case "inquisitor_choice":
      return `seats ${pending.waiting.join(", ")} decide (${pending.kind})`;
    default: {
      const unknown: never = pending;
      return unknown;
    }
  }
}

/** The card an influence_lost event turns face up, read by narrowing on the event's tag. */
function lost(events: Event[]): string[] {
  return events.flatMap((e) => (e.type === "influence_lost" ? [e.character] : []));
}

/** A Steal among the legal moves, narrowed by its tag. */
function steals(view: PlayerView): Steal[] {
  return view.legal_moves.filter((m: Move): m is Steal => m.type === "steal");
}

function explain(problem: AnswerProblem): string {
  if (problem.error === "illegal") return `${problem.reason} (${problem.rule})`;
  if (problem.error === "network") return "the server did not answer";
  const code: ErrorCode = problem.error;
  return `${code}: ${problem.detail}`;
}

function isEnvelope(message: ServerMessage): message is Envelope {
  return "view" in message;
}

/** A TypeScript author's first game, on a server elsewhere: the invite goes as it came. */
export async function first(baseUrl: string): Promise<string> {
  const server = new TableClient({ baseUrl });
  const created = await server.createGame({ seats: ["human", "human"], host_seat: 0, name: "Ana" });
  if (!created.ok) return explain(created.problem);
  const invite = created.data.seats.find((s) => s.invite !== null)?.invite;
  if (invite == null) return "no open seat";
  const claimed = await server.claimSeat(created.data.game, invite, "Ben");
  const tables = await server.openTables();
  return claimed.ok && tables.ok ? claimed.data.link : "refused";
}

export async function play(invite: string): Promise<string> {
  const created = await createGame({ seats: ["human", "honest"], time_limit: 60 });
  if (!created.ok) return explain(created.problem);
  const { game, host_token: hostToken } = created.data;
  const claimed = await claimSeat(game, invite, "Ana");
  if (!claimed.ok) return explain(claimed.problem);
  const { seat, token } = claimed.data;
  const first: Answer<Envelope> = await getView(game, seat, token);
  if (!first.ok) return explain(first.problem);
  const envelope = first.data;
  const decision: Decision | undefined = envelope.view.pending?.kind;
  const seconds: number | null = envelope.table.time_left;
  const move = envelope.view.legal_moves[0];
  if (move === undefined) return `over; hands ${JSON.stringify(envelope.table.hands ?? [])}`;
  const answer = await postMove(game, seat, token, envelope.version, move);
  if (!answer.ok && answer.problem.error === "stale") return `stale at ${answer.problem.version}`;
  const source = follow(game, seat, token, envelope.version, {
    onView: (next) => console.log(next.pending_text, next.move_labels.map((l) => l.label)),
    onRevoked: (why) => console.log(why.error === "revoked", why.detail),
  });
  source.close();
  const room = await findRoom("K7M2QX");
  if (room.ok) console.log(room.data.free.length, room.data.over);
  const said = await say(game, seat, token, { canned: "gg" });
  const line: ChatLine | null = said.ok ? said.data.line : null;
  followTable(game, seat, token, envelope.version, {
    onView: (next) => console.log(next.version),
    onChat: (heard) => console.log(heard.name, heard.text),
    onRoom: (table) => console.log(table.code, table.listed),
  }).close();
  const revoked: StreamEvents["revoked"]["error"] = "revoked";
  const problem: Problem = { error: "not_found", detail: "no such game" };
  const pending = envelope.view.pending;
  return [hostToken, decision, seconds, revoked, problem.error, steals(envelope.view).length,
    lost(envelope.view.log).join(), pending === null ? "over" : ask(pending),
    isEnvelope(envelope), line?.text].join(" ");
}

// The declarations refuse what the server would refuse, or never sends:
// @ts-expect-error "challange" is no decision
const misspelt: Decision = "challange";
// @ts-expect-error a Steal names its target
const noTarget: Move = { type: "steal", player: 0 };
// @ts-expect-error a seat is a number
const seatText: Steal = { type: "steal", player: "0", target: 1 };
// @ts-expect-error no such error code
const code: ErrorCode = "oops";
// @ts-expect-error a base URL is text
const numbered = new CoupClient({ baseUrl: 8000 });
// @ts-expect-error an envelope's version is a number
const late: Envelope["version"] = "3";
// @ts-expect-error a Pending is told apart by its kind: an action choice has no "action"
const window: Pending = { kind: "action", waiting: [0], action: { type: "income", player: 0 } };
console.log(misspelt, noTarget, seatText, code, late, window, numbered);
