#!/usr/bin/env node
// coup-engine protocol v1 adapter for octachrome/treason (its server's game module, game.js).
//
// Run (the peer's checkout is NOT part of this repository; see peers/README.md):
//   git --git-dir=<mirror of octachrome/treason> archive HEAD | tar -x -C /tmp/peers/treason
//   TREASON_DIR=/tmp/peers/treason node peers/treason/adapter.js
//   coup-rules conform -- node peers/treason/adapter.js /tmp/peers/treason
// The checkout comes from the first argument or TREASON_DIR. game.js needs seven npm packages
// (random-seed, lodash, deepcopy, validator, debug, extend, md5); NODE_PATH may point at them.
//
// How it drives the peer: one treason game per `new_game`, one player per seat, every move sent
// as the command treason's web client would send (game.js `command`), so acceptance and refusal
// are the server's own. Two seams, neither of which changes a rule:
// - the deck: treason's own test hook `_test_setDeck` installs the Court, as an array whose
//   `pop` hands out the cards the `chance` command named (treason draws every card with `pop`);
// - reading the state: game.js copies its whole state with `deepcopy` before every broadcast;
//   the adapter wraps that module to keep a reference to the state it reads (never writes,
//   except the starting position right after `start`).
// The legal moves are those treason's client offers a seat (web/client.js: canPlayAction,
// canTarget, weCanBlock, weCanChallenge); the server would accept each of them.
//
// Where treason decides at once what the library asks a player (a challenged player proves if
// able; the target may block while the challenge window is still open), the adapter walks it
// through the library's order, which treason also accepts; TREASON_WINDOWS=peer shows treason's
// merged window as it is. docs/conformance/treason.md, "Adapter notes", lists every such seam.
import { createInterface } from 'node:readline'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'

const PROTOCOL = 1
const CARD_ORDER = ['duke', 'assassin', 'captain', 'ambassador', 'contessa', 'inquisitor']
const byCardOrder = (a, b) => CARD_ORDER.indexOf(a) - CARD_ORDER.indexOf(b)
const BANK = 54 // the library's bank; treason's is unlimited (it never counts a Treasury)
const TEAM = { loyalist: 1, reformist: -1 }
const SIDE = { 1: 'loyalist', '-1': 'reformist' }
const MERGED_WINDOW = process.env.TREASON_WINDOWS === 'peer'
// TREASON_REFORMATION=ambassador: play treason's Reformation with the Ambassador in place of the
// Inquisitor (its lobby never offers that game; its code reads the characters from `state.roles`),
// to measure the Reformation rules on the kit's Ambassador cases. Off by default.
const REFORMATION_AMBASSADOR = process.env.TREASON_REFORMATION === 'ambassador'

class BadRequest extends Error {}
class Unsupported extends Error {}
class Refused extends Error {}

// ---------------------------------------------------------------- loading the peer

function loadPeer(dir) {
  const gamePath = resolve(dir, 'game.js')
  if (!existsSync(gamePath)) {
    throw new Error(`no treason checkout at ${dir} (game.js is missing): set TREASON_DIR`)
  }
  const require = createRequire(import.meta.url)
  const Module = require('node:module')
  const seen = { state: null }
  const load = Module._load
  Module._load = function (request, parent, ...rest) {
    const exported = load.call(this, request, parent, ...rest)
    if (request === 'deepcopy' && parent && parent.filename === gamePath) {
      return function deepcopyWatched(value, ...more) {
        if (value && Array.isArray(value.players) && 'stateId' in value) seen.state = value
        return exported.call(this, value, ...more)
      }
    }
    return exported
  }
  try {
    const createGame = require(gamePath)
    const shared = require(join(resolve(dir), 'web', 'shared.js'))
    return { createGame, actions: shared.actions, names: shared.states, seen }
  } finally {
    Module._load = load
  }
}

// The Court: treason draws with `pop` and returns with `push`/`concat`; with the fixed deck its
// shuffle keeps the order. `pop` hands out the next card named by `chance`, else the top card.
const forced = []
class Court extends Array {
  pop() {
    if (forced.length === 0) return super.pop()
    const card = forced.shift()
    const at = Array.prototype.lastIndexOf.call(this, card)
    if (at < 0) {
      process.stderr.write(`treason adapter: chance card ${card} is not in treason's Court\n`)
      return super.pop()
    }
    for (let i = at; i < this.length - 1; i++) this[i] = this[i + 1]
    this.length -= 1
    return card
  }
}
function courtOf(cards) {
  const court = new Court()
  for (const card of cards) court.push(card)
  return court
}

// ---------------------------------------------------------------- one game

const nullDataAccess = {
  constructGameStats: () => ({ playerRank: [], playerDisconnect: [], players: 0, humanPlayers: 0 }),
  recordGameData() {},
  recordPlayerDisconnect() {},
}

function checkConfig(config, setup) {
  const n = config.players
  if (!Number.isInteger(n) || n < 2 || n > 10) throw new BadRequest('config.players must be 2..10')
  if (config.reformation && !config.inquisitor && !REFORMATION_AMBASSADOR) {
    throw new Unsupported("treason's Reformation always plays with the Inquisitor, never the Ambassador")
  }
  if (n === 2 && config.two_player_setup !== false) {
    throw new Unsupported('treason has no 2-player setup (own sets, draft): it deals 2 players from the full deck')
  }
  const copies = n <= 6 ? 3 : n <= 8 ? 4 : 5
  if (config.copies != null && config.copies !== copies) {
    throw new Unsupported(`treason plays ${copies} copies per character with ${n} players; no other count`)
  }
  if (config.coins != null && config.coins !== BANK) {
    throw new Unsupported('treason has no finite Treasury: its bank is unlimited')
  }
  if (config.max_turns != null) throw new Unsupported('treason has no turn limit')
  if (!setup || !Array.isArray(setup.hands)) throw new Unsupported('treason needs a dealt position (it has no draft)')
  if (setup.hands.length !== n || !Array.isArray(setup.court)) throw new BadRequest('setup.hands needs one hand per seat, setup.court a list')
  // Cards set aside by a fixed deal stay out of treason's game: its deck becomes the Court alone,
  // as treason's own tests fix it (`_test_setDeck`).
  return copies
}

class Table {
  constructor(peer, config, setup) {
    checkConfig(config, setup)
    this.peer = peer
    this.config = config
    this.n = config.players
    this.reformation = !!config.reformation
    this.total = this.n * 2 + setup.court.length
    peer.seen.state = null
    const seed = setup.seed == null ? 'treason' : String(setup.seed)
    this.game = peer.createGame({ firstPlayer: config.first_player ?? 0, dataAccess: nullDataAccess, randomSeed: seed })
    const quiet = { onStateChange() {}, onHistoryEvent() {}, onChatMessage() {} }
    this.proxies = []
    for (let seat = 0; seat < this.n; seat++) {
      this.proxies.push(this.game.playerJoined({ ...quiet, name: `p${seat}`, playerId: null, ai: false }))
    }
    this.S = peer.seen.state
    const gameType = this.reformation ? 'reformation' : config.inquisitor ? 'inquisitors' : 'original'
    this.proxies[0].command({ command: 'start', gameType, stateId: this.S.stateId })
    if (this.reformation && !config.inquisitor) {
      this.S.roles = this.S.roles.map((r) => (r === 'inquisitor' ? 'ambassador' : r))
    }
    this.place(setup)
    this.revealed = Array.from({ length: this.n }, () => [])
    this.sides = this.S.players.map((p) => p.team)
    this.window = null // the treason state object the allows below belong to
    this.allowed = new Set() // seats treason has recorded as allowing in this window
    this.heldAllow = false // the target's allow of the challenge window, not yet sent (see counterPhase)
    this.challenge = null // a challenge waiting for the library's Prove/Concede
  }

  place(setup) {
    const S = this.S
    setup.hands.forEach((hand, seat) => {
      const p = S.players[seat]
      p.influence = hand.map((role) => ({ role, revealed: false }))
      p.influenceCount = hand.length
      if (setup.coins) p.cash = setup.coins[seat]
      if (this.reformation && setup.allegiances) p.team = TEAM[setup.allegiances[seat]]
    })
    S.treasuryReserve = 0
    this.game._test_setDeck(courtOf([...setup.court].reverse()))
    if (this.reformation) S.freeForAll = this.living().every((s) => S.players[s].team === S.players[this.living()[0]].team)
  }

  // ------------------------------------------------------------ reading treason's state
  get st() { return this.S.state }
  get names() { return this.peer.names }
  living() { return [...Array(this.n).keys()].filter((s) => this.S.players[s].influenceCount > 0) }
  hidden(seat) { return this.S.players[seat].influence.filter((i) => !i.revealed).map((i) => i.role) }
  sameSide(a, b) { return !this.S.freeForAll && this.S.players[a].team === this.S.players[b].team }
  present(name) {
    const action = this.peer.actions[name]
    if (action.gameType && action.gameType !== this.S.gameType) return false
    if (!action.roles) return true
    return [action.roles].flat().some((r) => this.S.roles.includes(r.replace(/^!/, '')))
  }
  claimOf(name) {
    const roles = [this.peer.actions[name].roles].flat()
    return roles.find((r) => this.S.roles.includes(r.replace(/^!/, '')))
  }

  syncWindow() {
    if (this.window === this.st) return
    this.window = this.st
    this.allowed = new Set()
    this.heldAllow = false
    const st = this.st
    if (st.name === this.names.ACTION_RESPONSE) {
      this.allowed.add(st.playerIdx)
      if (st.action === 'foreign-aid') {
        for (let s = 0; s < this.n; s++) if (this.sameSide(st.playerIdx, s)) this.allowed.add(s)
      }
    } else if (st.name === this.names.BLOCK_RESPONSE) {
      this.allowed.add(st.target)
    }
  }

  // The library asks the challenge window, then the target alone (the counter window); treason
  // asks both at once. Walked in the library's order, the target's allow of the challenge window
  // is held back until everyone else has allowed, then the target chooses between Block and Allow.
  splitsWindow() {
    const st = this.st
    if (MERGED_WINDOW || st.name !== this.names.ACTION_RESPONSE) return false
    const action = this.peer.actions[st.action]
    return !!(action.roles && action.blockedBy && action.targeted)
  }
  counterPhase() {
    if (!this.splitsWindow() || !this.heldAllow) return false
    return this.living().every((s) => s === this.st.target || this.allowed.has(s))
  }

  winner() {
    const st = this.st
    return st.name === this.names.WAITING_FOR_PLAYERS && st.winnerIdx != null ? st.winnerIdx : null
  }

  toAct() {
    this.syncWindow()
    const st = this.st
    const N = this.names
    if (this.challenge) return [this.challenge.challenged]
    switch (st.name) {
      case N.START_OF_TURN: return [st.playerIdx]
      case N.ACTION_RESPONSE:
        if (this.counterPhase()) return [st.target]
        return this.living().filter((s) => !this.allowed.has(s) && !(this.heldAllow && s === st.target))
      case N.BLOCK_RESPONSE: return this.living().filter((s) => !this.allowed.has(s))
      case N.FINAL_ACTION_RESPONSE: return [st.target]
      case N.REVEAL_INFLUENCE: return [st.playerToReveal]
      case N.EXCHANGE: case N.INTERROGATE: return [st.playerIdx]
      default: return []
    }
  }

  legal(seat) {
    if (!this.toAct().includes(seat)) return []
    const st = this.st
    const N = this.names
    if (this.challenge) {
      return [{ type: this.canProve(this.challenge) ? 'prove' : 'concede', player: seat }]
    }
    switch (st.name) {
      case N.START_OF_TURN: return this.actionsOf(seat)
      case N.ACTION_RESPONSE: {
        const moves = []
        const counter = this.counterPhase()
        if (!counter && this.peer.actions[st.action].roles) moves.push({ type: 'challenge', player: seat })
        if (counter || !this.splitsWindow()) moves.push(...this.blocks(seat))
        moves.push({ type: 'allow', player: seat })
        return moves
      }
      case N.FINAL_ACTION_RESPONSE: return [...this.blocks(seat), { type: 'allow', player: seat }]
      case N.BLOCK_RESPONSE: return [{ type: 'challenge', player: seat }, { type: 'allow', player: seat }]
      case N.REVEAL_INFLUENCE:
        return [...new Set(this.hidden(seat))].map((c) => ({ type: 'lose_influence', player: seat, character: c }))
      case N.EXCHANGE: return keeps(st.exchangeOptions, this.S.players[seat].influenceCount).map((cards) => ({ type: 'keep', player: seat, cards }))
      case N.INTERROGATE: return [{ type: 'give_back', player: seat }, { type: 'force_exchange', player: seat }]
      default: return []
    }
  }

  // web/client.js canPlayAction and canTarget
  actionsOf(seat) {
    const p = this.S.players[seat]
    const moves = []
    for (const [name, action] of Object.entries(this.peer.actions)) {
      if (!this.present(name)) continue
      if (p.cash >= 10 && name !== 'coup') continue
      if (name === 'embezzle' && this.S.treasuryReserve === 0) continue
      if (p.cash < action.cost) continue
      if (name === 'change-team') { moves.push({ type: 'convert', player: seat, target: seat }); continue }
      const type = { 'foreign-aid': 'foreign_aid', interrogate: 'examine' }[name] ?? name
      if (!action.targeted) { moves.push({ type, player: seat }); continue }
      for (const t of this.living()) {
        if (t !== seat && (name === 'convert' || !this.sameSide(seat, t))) moves.push({ type, player: seat, target: t })
      }
    }
    return moves
  }

  // web/client.js weCanBlock and blockingRoles
  blocks(seat) {
    const st = this.st
    const action = this.peer.actions[st.action]
    if (!action.blockedBy || seat === st.playerIdx || this.sameSide(seat, st.playerIdx)) return []
    if (action.targeted && st.target !== seat) return []
    return action.blockedBy.filter((r) => this.S.roles.includes(r)).map((c) => ({ type: 'block', player: seat, character: c }))
  }

  canProve(ch) {
    const cards = this.hidden(ch.challenged)
    return ch.role.startsWith('!') ? !cards.includes(ch.role.slice(1)) : cards.includes(ch.role)
  }

  // ------------------------------------------------------------ playing a move
  send(seat, command) {
    this.syncWindow()
    const before = this.st
    try {
      this.proxies[seat].command({ ...command, stateId: this.S.stateId })
    } catch (err) {
      if (err instanceof Error) throw err // a crash inside treason, not a refusal
      throw new Refused(`treason: ${err && err.message}`)
    }
    if (command.command === 'allow' && this.st === before) this.allowed.add(seat)
    this.afterMove()
  }

  afterMove() {
    this.S.players.forEach((p, seat) => {
      const shown = p.influence.filter((i) => i.revealed).length
      const known = this.revealed[seat]
      // treason keeps revealed cards in their slots: new ones are the revealed slots not yet listed
      const slots = p.influence.filter((i) => i.revealed).map((i) => i.role)
      for (const card of known) slots.splice(slots.indexOf(card), 1)
      if (shown > known.length) known.push(...slots)
      if (p.team !== 0) this.sides[seat] = p.team // treason clears teams when a game ends
    })
  }

  apply(move) {
    const seat = move.player
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.n) throw new Refused(`there is no seat ${seat}`)
    if (!this.toAct().includes(seat)) throw new Refused(`seat ${seat} is not asked to move now`)
    const st = this.st
    if (this.challenge) return this.answerChallenge(move)
    switch (move.type) {
      case 'income': case 'foreign_aid': case 'tax': case 'exchange': case 'embezzle':
        return this.send(seat, { command: 'play-action', action: { foreign_aid: 'foreign-aid' }[move.type] ?? move.type })
      case 'coup': case 'assassinate': case 'steal': case 'examine':
        return this.send(seat, { command: 'play-action', action: move.type === 'examine' ? 'interrogate' : move.type, target: move.target })
      case 'convert':
        if (move.target === seat) return this.send(seat, { command: 'play-action', action: 'change-team' })
        return this.send(seat, { command: 'play-action', action: 'convert', target: move.target })
      case 'challenge': return this.openChallenge(seat)
      case 'block':
        if (this.splitsWindow() && !this.counterPhase()) throw new Refused('the challenge window on the action is still open (walked in the library\'s order)')
        return this.send(seat, { command: 'block', blockingRole: move.character })
      case 'allow':
        if (this.splitsWindow() && seat === st.target && !this.heldAllow) { this.heldAllow = true; return undefined }
        return this.send(seat, { command: 'allow' })
      case 'lose_influence': return this.send(seat, { command: 'reveal', role: move.character })
      case 'keep': return this.send(seat, { command: 'exchange', roles: [...(move.cards ?? [])] })
      case 'give_back': return this.send(seat, { command: 'interrogate', forceExchange: false })
      case 'force_exchange': return this.send(seat, { command: 'interrogate', forceExchange: true })
      case 'prove': case 'concede': throw new Refused('no challenge is waiting for an answer')
      case 'show': throw new Refused('treason has no Show decision: the examined card is picked at random')
      case 'draft': throw new Refused('treason has no draft')
      case 'choose_allegiance': throw new Refused('treason deals the sides itself: nobody chooses an allegiance')
      default: throw new BadRequest(`unknown move type ${JSON.stringify(move.type)}`)
    }
  }

  // game.js `challenge`: the same checks, then held until the library's Prove or Concede
  openChallenge(seat) {
    const st = this.st
    const N = this.names
    if (this.S.players[seat].influenceCount === 0) throw new Refused('treason: Dead players cannot challenge')
    if (this.counterPhase()) throw new Refused('the challenge window on the action has closed (walked in the library\'s order)')
    if (st.name === N.ACTION_RESPONSE) {
      if (seat === st.playerIdx) throw new Refused('treason: Cannot challenge your own action')
      if (!this.peer.actions[st.action].roles) throw new Refused('treason: Action cannot be challenged')
      this.challenge = { challenger: seat, challenged: st.playerIdx, role: this.claimOf(st.action) }
    } else if (st.name === N.BLOCK_RESPONSE) {
      if (seat === st.target) throw new Refused('treason: Cannot challenge your own block')
      this.challenge = { challenger: seat, challenged: st.target, role: st.blockingRole }
    } else {
      throw new Refused('treason: Incorrect state')
    }
  }

  answerChallenge(move) {
    const ch = this.challenge
    if (move.type !== 'prove' && move.type !== 'concede') throw new Refused(`seat ${ch.challenged} must answer the challenge first`)
    const proves = this.canProve(ch)
    if (move.type === 'prove' && !proves) throw new Refused('treason: the challenged player does not hold the claimed card')
    if (move.type === 'concede' && proves) throw new Refused('treason always shows a claimed card that is held: no concession then')
    this.challenge = null
    try {
      this.send(ch.challenger, { command: 'challenge' })
    } catch (err) {
      this.challenge = ch
      throw err
    }
  }

  summary(seat) {
    const S = this.S
    const st = this.st
    const exchanging = st.name === this.names.EXCHANGE ? st.playerIdx : null
    const hand = (s) => (s === exchanging ? [...st.exchangeOptions] : this.hidden(s)).sort(byCardOrder)
    const drawn = exchanging == null ? 0 : st.exchangeOptions.length - this.hidden(exchanging).length
    const coins = S.players.map((p) => p.cash)
    return {
      coins,
      hidden: S.players.map((_, s) => hand(s).length),
      revealed: this.revealed.map((cards) => [...cards]),
      hand: seat == null ? null : hand(seat),
      treasury: BANK - coins.reduce((a, b) => a + b, 0) - S.treasuryReserve,
      court_size: this.total - S.players.reduce((a, p) => a + p.influence.length, 0) - drawn,
      allegiances: this.reformation ? this.sides.map((t) => SIDE[t] ?? null) : null,
      winner: this.winner(),
    }
  }
}

// Every distinct choice of `count` cards out of `options`, each in the library's card order.
function keeps(options, count) {
  const out = new Map()
  const sorted = [...options].sort(byCardOrder)
  const pick = (from, chosen) => {
    if (chosen.length === count) { out.set(chosen.join(' '), [...chosen]); return }
    for (let i = from; i < sorted.length; i++) pick(i + 1, [...chosen, sorted[i]])
  }
  pick(0, [])
  return [...out.values()]
}

// ---------------------------------------------------------------- the protocol

function serve(peer, version) {
  let table = null
  const answer = (obj) => process.stdout.write(JSON.stringify(obj) + '\n')
  const fail = (id, code, message) => answer({ id, ok: false, error: { code, message } })
  const needGame = () => {
    if (!table) throw Object.assign(new Error('no game: send new_game first'), { code: 'no_game' })
    return table
  }
  const seatOf = (req) => {
    const seat = req.seat
    if (seat === null || seat === undefined) return null
    if (!Number.isInteger(seat) || seat < 0 || seat >= needGame().n) throw new BadRequest(`seat must be a seat number or null, not ${JSON.stringify(seat)}`)
    return seat
  }
  const handlers = {
    hello: () => ({ protocol: PROTOCOL, engine: { name: 'treason', version }, chance: ['forced'], views: true, rulings: [] }),
    new_game: (req) => {
      if (!req.config || typeof req.config !== 'object') throw new BadRequest('new_game needs a config object')
      if (req.chance === 'seed') throw new Unsupported("treason does not implement the library's random stream: use forced chance")
      forced.length = 0
      table = null
      table = new Table(peer, req.config, req.setup)
      return {}
    },
    chance: (req) => {
      needGame()
      if (!Array.isArray(req.cards) || !req.cards.every((c) => CARD_ORDER.includes(c))) throw new BadRequest('chance needs a list of cards')
      forced.push(...req.cards)
      return {}
    },
    to_act: () => ({ seats: needGame().toAct(), winner: table.winner() }),
    legal: (req) => {
      const t = needGame()
      const seat = seatOf(req)
      if (seat === null) throw new BadRequest('legal needs a seat')
      return { moves: t.legal(seat) }
    },
    apply: (req) => {
      const t = needGame()
      if (!req.move || typeof req.move !== 'object') throw new BadRequest('apply needs a move object')
      try {
        t.apply(req.move)
        return { accepted: true }
      } catch (err) {
        if (err instanceof Refused) return { accepted: false, reason: err.message, rule: null }
        throw err
      }
    },
    view: (req) => ({ summary: needGame().summary(seatOf(req)) }),
    quit: () => ({}),
  }
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity })
  rl.on('line', (line) => {
    let req
    try {
      req = JSON.parse(line)
    } catch {
      return fail(null, 'bad_json', 'the line is not JSON')
    }
    if (!req || typeof req !== 'object' || Array.isArray(req)) return fail(null, 'bad_request', 'a request is a JSON object')
    const id = Number.isSafeInteger(req.id) ? req.id : null
    if (id === null) return fail(null, 'bad_request', 'a request needs an integer "id"')
    const handler = Object.hasOwn(handlers, req.cmd) ? handlers[req.cmd] : null
    if (!handler) return fail(id, 'unknown_command', `unknown command ${JSON.stringify(req.cmd)}`)
    try {
      answer({ id, ok: true, ...handler(req) })
    } catch (err) {
      if (err instanceof BadRequest) return fail(id, 'bad_request', err.message)
      if (err instanceof Unsupported) return fail(id, 'unsupported', err.message)
      if (err && err.code === 'no_game') return fail(id, 'no_game', err.message)
      process.stderr.write(`treason adapter: ${err && err.stack ? err.stack : JSON.stringify(err)}\n`)
      return fail(id, 'internal', `treason raised ${err && err.message ? err.message : String(err)}`)
    }
    if (req.cmd === 'quit') {
      rl.close()
      process.exit(0)
    }
  })
  rl.on('close', () => process.exit(0))
}

const dir = process.argv[2] || process.env.TREASON_DIR
if (!dir) {
  process.stderr.write('usage: node peers/treason/adapter.js TREASON_DIR (or set TREASON_DIR)\n')
  process.exit(2)
}
serve(loadPeer(dir), process.env.TREASON_COMMIT || 'unknown')
