#!/usr/bin/env node
// A Coup table server in Node, the rules answered by @coup-rules/engine: the shape a Coup app
// author would adopt. Plain `node:http`, no other dependency.
//
//   POST /games                  {"config": {...}, "seed": N} or {"config": {...}, "deal": {...}}
//                                -> 201 {"id", "toAct"}
//   GET  /games/:id/view?seat=N  -> 200 the seat's view (no seat: the spectator's)
//   POST /games/:id/moves        a move, e.g. {"type": "income", "player": 0}
//                                -> 200 {"toAct", "view"}: the new view of the move's seat
//                                -> 409 {"error": "illegal", "reason", "rule"}: the rules refuse it
//                                -> 422 {"error": "invalid", "errors"}: it is no move at all
//
// The server keeps each game as the engine gives it: the whole-state JSON text, secrets
// included, which never leaves the server; players get views. Every engine call is synchronous
// and Node runs one request at a time, so two moves never race on a game. A real app would add
// who is who (a session or a token per seat, checked against the move's "player"), keep the
// texts in a database, and push the new views over WebSockets (Socket.IO) instead of polling.
//
// The import below is relative to the built package in this repository (`npm ci` and
// `node build.mjs` in clients/engine/); an app installs the package and writes
// `import { loadEngine, ... } from "@coup-rules/engine"`.
//
//   node examples/node_table_server.mjs [PORT]     (PORT 0, the default: any free port)
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { loadEngine, IllegalMoveError, InvalidInputError } from '../clients/engine/engine.js'

const LIMIT = 64 * 1024 // the largest request body taken, in bytes

const engine = await loadEngine() // a few seconds, once: Pyodide starts
const games = new Map() // game id -> the state's JSON text

class HttpError extends Error {
  constructor (status, body) {
    super(body.message ?? body.error)
    this.status = status
    this.body = body
  }
}

async function readJson (request) {
  const chunks = []
  let size = 0
  for await (const chunk of request) {
    size += chunk.length
    if (size > LIMIT) {
      throw new HttpError(413, { error: 'too large', message: `over ${LIMIT} bytes` })
    }
    chunks.push(chunk)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new HttpError(400, { error: 'malformed', message: 'the body is not JSON' })
  }
}

function gameOf (id) {
  const state = games.get(id)
  if (state === undefined) throw new HttpError(404, { error: 'no game', message: `no game ${id}` })
  return state
}

function seatOf (url) {
  const seat = url.searchParams.get('seat')
  if (seat === null) return null // the spectator
  if (!/^[0-9]+$/.test(seat)) {
    throw new HttpError(422, { error: 'invalid', message: 'seat: a number' })
  }
  return Number(seat) // the engine refuses a seat that does not exist
}

// POST /games: a seed (or none: the engine draws an unguessable one) or a fixed deal.
async function createGame (request) {
  const body = await readJson(request)
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const message = 'the body is an object: config, and seed or deal'
    throw new HttpError(422, { error: 'invalid', message })
  }
  const { config = null, seed, deal } = body
  const setup = deal ?? (seed === undefined ? null : { seed })
  const state = engine.newGame(config, setup)
  const id = randomUUID()
  games.set(id, state)
  return [201, { id, toAct: engine.toAct(state) }]
}

// POST /games/:id/moves: the engine checks the move against the rules; the new state replaces
// the old only when it is accepted.
async function move (id, request) {
  const state = gameOf(id)
  const body = await readJson(request)
  const next = engine.apply(state, body)
  games.set(id, next)
  return [200, { toAct: engine.toAct(next), view: engine.view(next, body.player) }]
}

async function route (request) {
  const url = new URL(request.url, 'http://localhost')
  const parts = url.pathname.split('/').filter(Boolean)
  if (parts[0] !== 'games') throw new HttpError(404, { error: 'not found', message: url.pathname })
  if (parts.length === 1 && request.method === 'POST') return createGame(request)
  if (parts.length === 3 && parts[2] === 'view' && request.method === 'GET') {
    return [200, engine.view(gameOf(parts[1]), seatOf(url))]
  }
  if (parts.length === 3 && parts[2] === 'moves' && request.method === 'POST') {
    return move(parts[1], request)
  }
  throw new HttpError(405, { error: 'not allowed', message: `${request.method} ${url.pathname}` })
}

// The engine's refusals become answers: the reason and the rule a player reads.
function refusal (error) {
  if (error instanceof HttpError) return [error.status, error.body]
  if (error instanceof IllegalMoveError) {
    const { reason, rule, message } = error
    return [409, { error: 'illegal', reason, rule, message }]
  }
  if (error instanceof InvalidInputError) {
    return [422, { error: 'invalid', errors: error.errors, message: error.message }]
  }
  console.error(error)
  return [500, { error: 'internal', message: 'the server failed; see its log' }]
}

const server = createServer(async (request, response) => {
  let status, body
  try {
    [status, body] = await route(request)
  } catch (error) {
    [status, body] = refusal(error)
  }
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  response.end(JSON.stringify(body))
})

function stop () {
  server.close(() => engine.close())
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)

server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  const { port } = server.address()
  console.log(`Coup tables (coup_rules ${engine.version}) at http://127.0.0.1:${port}/games`)
})
