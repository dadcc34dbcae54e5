#!/usr/bin/env node
// A toy engine behind the coup-engine protocol (docs: "Checking another implementation").
//
// The engine is deliberately tiny: its players can only take Income or launch a Coup, so the
// conformance kit finds every other action missing. Replace `ToyGame` with your own engine and
// keep the loop below: it is all an adapter needs.
//
//   coup-rules conform --cases 'income-*' -- node examples/engine_adapter.mjs
import { createInterface } from 'node:readline'

class BadRequest extends Error {}
class Unsupported extends Error {}

class ToyGame {
  constructor (config, setup) {
    if (config.inquisitor || config.reformation) throw new Unsupported('base game only')
    if (!setup.hands || setup.draft) throw new Unsupported('a fixed deal without the draft only')
    this.n = config.players ?? 4
    this.hands = setup.hands.map((hand) => [...hand])
    this.revealed = this.hands.map(() => [])
    this.coins = [...(setup.coins ?? this.hands.map(() => 2))]
    this.treasury = (config.coins ?? 54) - this.coins.reduce((a, b) => a + b, 0)
    this.court = setup.court.length
    this.active = config.first_player ?? 0
    this.loser = null // the seat that must lose an influence after a Coup
  }

  alive (seat) { return this.hands[seat].length > 0 }
  living () { return [...Array(this.n).keys()].filter((s) => this.alive(s)) }
  winner () { return this.living().length === 1 ? this.living()[0] : null }
  toAct () { return this.winner() !== null ? [] : [this.loser ?? this.active] }

  legal (seat) {
    if (!this.toAct().includes(seat)) return []
    if (this.loser !== null) {
      const cards = [...new Set(this.hands[seat])]
      return cards.map((c) => ({ type: 'lose_influence', player: seat, character: c }))
    }
    const targets = this.coins[seat] < 7 ? [] : this.living().filter((t) => t !== seat)
    const coups = targets.map((t) => ({ type: 'coup', player: seat, target: t }))
    return this.coins[seat] >= 10 ? coups : [{ type: 'income', player: seat }, ...coups]
  }

  apply (move) {
    const ok = this.legal(move.player).some((m) => JSON.stringify(m) === JSON.stringify(move))
    if (!ok) return { accepted: false, reason: 'the toy engine does not allow that', rule: null }
    const p = move.player
    if (move.type === 'income') { this.coins[p] += 1; this.treasury -= 1; this.next() }
    if (move.type === 'coup') { this.coins[p] -= 7; this.treasury += 7; this.loser = move.target }
    if (move.type === 'lose_influence') {
      const hand = this.hands[p]
      this.revealed[p].push(hand.splice(hand.indexOf(move.character), 1)[0])
      if (!this.alive(p)) { this.treasury += this.coins[p]; this.coins[p] = 0 }
      this.loser = null
      this.next()
    }
    return { accepted: true }
  }

  next () { do { this.active = (this.active + 1) % this.n } while (!this.alive(this.active)) }

  summary (seat) {
    return {
      coins: this.coins,
      hidden: this.hands.map((h) => h.length),
      revealed: this.revealed,
      hand: seat === null ? null : this.hands[seat],
      treasury: this.treasury,
      court_size: this.court,
      allegiances: null,
      winner: this.winner()
    }
  }
}

let game = null
const seat = (request) => {
  if (!Number.isInteger(request.seat) || request.seat < 0 || request.seat >= game.n) {
    throw new BadRequest(`no seat ${JSON.stringify(request.seat)} in this game`)
  }
  return request.seat
}
const commands = {
  hello: () => ({
    protocol: 1, engine: { name: 'toy', version: '0.1' }, chance: ['forced'], views: true, rulings: []
  }),
  new_game: (r) => { game = new ToyGame(r.config ?? {}, r.setup ?? {}); return {} },
  chance: () => ({}), // nothing this toy does draws from the Court
  to_act: () => ({ seats: game.toAct(), winner: game.winner() }),
  legal: (r) => ({ moves: game.legal(seat(r)) }),
  apply: (r) => game.apply(r.move),
  view: (r) => ({ summary: game.summary(r.seat === null ? null : seat(r)) }),
  quit: () => ({})
}

const failure = (id, code, message) => ({ id, ok: false, error: { code, message } })

function answer (line) {
  let request
  try { request = JSON.parse(line) } catch { return failure(null, 'bad_json', 'not JSON') }
  const id = Number.isInteger(request?.id) ? request.id : null
  const command = commands[request?.cmd]
  if (!command) return failure(id, 'unknown_command', `no command ${request?.cmd}`)
  if (game === null && !['hello', 'new_game', 'quit'].includes(request.cmd)) {
    return failure(id, 'no_game', 'send new_game first')
  }
  try {
    return { id, ok: true, ...command(request) }
  } catch (error) {
    if (error instanceof Unsupported) return failure(id, 'unsupported', error.message)
    if (error instanceof BadRequest) return failure(id, 'bad_request', error.message)
    return failure(id, 'internal', String(error))
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue
  const reply = answer(line)
  process.stdout.write(JSON.stringify(reply) + '\n')
  if (reply.ok && JSON.parse(line).cmd === 'quit') break
}
