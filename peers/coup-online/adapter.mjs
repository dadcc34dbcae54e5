#!/usr/bin/env node
// coup-engine protocol v1 adapter for lounsbrough/coup-online (its server's game logic).
//
// Run (the peer's checkout is NOT part of this repository):
//   git --git-dir=<mirror of lounsbrough/coup-online> archive HEAD | tar -x -C /tmp/peers/coup-online
//   npm install --prefix /tmp/peers/coup-online/.adapter esbuild@0.25
//   COUP_ONLINE_DIR=/tmp/peers/coup-online node peers/coup-online/adapter.mjs
//   coup-rules conform -- node peers/coup-online/adapter.mjs       (with COUP_ONLINE_DIR exported)
// The checkout may also be given as the first argument: node peers/coup-online/adapter.mjs DIR.
//
// How it drives the peer: the peer's own server handlers (server/src/game/actionHandlers.ts) are
// bundled with esbuild at start-up, with three seams replaced: the Valkey store becomes an
// in-memory map, the Firestore statistics a no-op, and the deck's draw and shuffle call into this
// adapter (so that `chance` can name the next cards to leave the Court). Every move is played by
// calling the handler a client request would reach, so acceptance and refusal are the peer's own.
//
// Where coup-online asks several decisions at once (the target may block while the challenge
// window is still open; a challenger loses an influence while the target decides on a block),
// the adapter walks it through the library's order, which the peer also accepts; see
// docs/conformance/coup-online.md, "Adapter notes".
import { createInterface } from 'node:readline'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

const PROTOCOL = 1
const CARD = {
  duke: 'Duke', assassin: 'Assassin', captain: 'Captain',
  ambassador: 'Ambassador', contessa: 'Contessa', inquisitor: 'Inquisitor',
}
const cardOf = (influence) => influence.toLowerCase()
const CARD_ORDER = Object.keys(CARD) // the library's order of characters, in which Keep lists its cards
const byCardOrder = (a, b) => CARD_ORDER.indexOf(a) - CARD_ORDER.indexOf(b)
const peerCard = (card) => {
  const influence = CARD[card]
  if (!influence) throw new BadRequest(`unknown card ${JSON.stringify(card)}`)
  return influence
}

// COUP_ONLINE_TARGETS=living: offer only living targets, as the app's action menu does
// (client/src/components/game/ChooseAction.tsx); by default the server's own checks decide, and
// they accept an eliminated player as a target.
const LIVING_TARGETS = process.env.COUP_ONLINE_TARGETS === 'living'
// COUP_ONLINE_DEAD_COINS=treasury: report an eliminated player's coins as gone to the Treasury
// (coup-online leaves them beside the dead player, where nothing can use them), so that the
// runner looks past this bookkeeping difference (R-INF-4) to the next one.
const DEAD_COINS_TO_TREASURY = process.env.COUP_ONLINE_DEAD_COINS === 'treasury'

class BadRequest extends Error {}
class Unsupported extends Error {}

// ---------------------------------------------------------------- loading the peer

const peerDir = () => {
  const dir = process.argv[2] ?? process.env.COUP_ONLINE_DIR
  if (!dir) throw new Error('set COUP_ONLINE_DIR (or pass the checkout as the first argument)')
  const root = resolve(dir)
  if (!existsSync(join(root, 'server/src/game/actionHandlers.ts'))) {
    throw new Error(`${root} is not a checkout of lounsbrough/coup-online`)
  }
  return root
}

const ENTRY = `
export * from './server/src/game/actionHandlers'
export { getGameState, createGameState } from './server/src/utilities/gameState'
export { __store } from './server/src/utilities/storage'
export { emptyPlayerActionStats } from './shared/types/user'
export { getInfluencesForGame, sameActiveFaction, canInfluenceLegallyPerformAction } from './shared/game/logic'
export { InfluenceAttributes, ActionAttributes, Actions, Responses, Influences, Factions } from './shared/types/game'
`

const seams = (root) => ({
  name: 'coup-online-seams',
  setup(build) {
    build.onResolve({ filter: /\/(storage|stats)$/ }, (args) => {
      const full = resolve(args.resolveDir, args.path)
      if (!full.endsWith(join('server', 'src', 'utilities', args.path.split('/').pop()))) return undefined
      return { path: args.path.endsWith('storage') ? 'storage' : 'stats', namespace: 'seam' }
    })
    build.onLoad({ filter: /.*/, namespace: 'seam' }, (args) => ({
      contents: args.path === 'storage'
        ? `export const __store = new Map()
           export const getValue = async (key) => __store.get(key) ?? null
           export const setValue = async (key, value) => { __store.set(key, value) }`
        : 'export const recordGameStats = async () => {}',
      loader: 'js',
    }))
    build.onLoad({ filter: /utilities[\\/](gameState|array)\.ts$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises')
      let text = await readFile(args.path, 'utf8')
      if (args.path.endsWith('gameState.ts')) {
        const before = text
        text = text.replace('return state.deck.pop()!', 'return globalThis.__coupOnlineDraw(state)')
        if (text === before) throw new Error('the peer draws differently: drawCardFromDeck not found')
      } else {
        text += '\nexport const __shuffle = shuffle\n'
        text = text.replace('export const shuffle =', 'const __peerShuffle =')
          .replace('export const __shuffle = shuffle', 'export const shuffle = <T>(a: T[]): T[] => globalThis.__coupOnlineShuffle(a, __peerShuffle)')
      }
      return { contents: text, loader: 'ts', resolveDir: join(args.path, '..') }
    })
  },
})

const loadPeer = async (root) => {
  const require = createRequire(join(root, '.adapter', 'package.json'))
  let esbuild
  try {
    esbuild = require('esbuild')
  } catch {
    throw new Error(`esbuild not found: npm install --prefix ${join(root, '.adapter')} esbuild@0.25`)
  }
  const out = join(root, '.adapter', 'peer-bundle.mjs')
  mkdirSync(join(root, '.adapter'), { recursive: true })
  const result = await esbuild.build({
    stdin: { contents: ENTRY, resolveDir: root, loader: 'ts' },
    bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'silent',
    plugins: [seams(root)],
  })
  writeFileSync(out, result.outputFiles[0].text)
  return import(pathToFileURL(out).href)
}

// ---------------------------------------------------------------- chance

// Forced chance: `queue` holds the cards the runner named. A draw takes the next of them out of
// the deck. A draw with an empty queue (the peer draws an Exchange's cards in the same request as
// the Prove that precedes it, the library one decision later) is recorded as unbound and replaced
// by the cards of the next `chance` command.
const chance = { queue: [], unbound: [] }
globalThis.__coupOnlineDraw = (state) => {
  if (!state.deck.length) throw new Error('the Court is empty')
  if (chance.queue.length) {
    const card = chance.queue.shift()
    const at = state.deck.lastIndexOf(card)
    if (at < 0) throw new BadRequest(`chance: ${cardOf(card)} is not in the Court`)
    return state.deck.splice(at, 1)[0]
  }
  const card = state.deck.pop()
  chance.unbound.push({ owner: state.turnPlayer, card })
  return card
}
globalThis.__coupOnlineShuffle = (array) => [...array] // draws are chosen by `chance`

// ---------------------------------------------------------------- the game

const ROOM = 'CONFRM'
const name = (seat) => `p${seat}`
const id = (seat) => `id${seat}`
const seatOf = (playerName) => Number(playerName.slice(1))

let P // the peer's bundled modules
let game = null // {config, seats, reformation, inquisitor, overlay}

const load = async () => P.getGameState(ROOM)
const player = (state, seat) => state.players[seat]
const alive = (state) => state.players.filter((p) => p.influences.length)
const pendingPutBack = (state, p) => (state.pendingInfluenceLoss[p.name] ?? []).filter((e) => e.putBackInDeck).length
const pendingLoss = (state, p) => (state.pendingInfluenceLoss[p.name] ?? []).filter((e) => !e.putBackInDeck).length

const newGame = async (config, setup) => {
  const n = config.players
  if (!Number.isInteger(n) || n < 2 || n > 10) throw new Unsupported(`coup-online seats 2 to 10 players, not ${n}`)
  if (config.max_turns != null) throw new Unsupported('coup-online has no turn limit (max_turns)')
  if ((config.coins ?? 54) !== 54) throw new Unsupported('coup-online\'s bank is unlimited: only the default 54-coin bank compares')
  if (!setup || !Array.isArray(setup.hands) || setup.hands.some((hand) => !Array.isArray(hand) || hand.length !== 2)) {
    throw new Unsupported('coup-online has no 2-player draft: every seat must be dealt two cards')
  }
  const settings = {
    eventLogRetentionTurns: 100, allowRevive: false, aiMoveDelayMs: 0,
    enableReformation: !!config.reformation, useInquisitor: !!config.inquisitor,
  }
  const players = Array.from({ length: n }, (_, seat) => ({
    id: id(seat), name: name(seat), coins: setup.coins?.[seat] ?? 2, color: '#000',
    influences: setup.hands[seat].map(peerCard), deadInfluences: [],
    claimedInfluences: new Set(), unclaimedInfluences: new Set(), ai: false, grudges: {},
    ...(setup.allegiances && { faction: setup.allegiances[seat] === 'loyalist' ? 'Loyalist' : 'Reformist' }),
  }))
  const state = {
    roomId: ROOM, availablePlayerColors: [], players, deck: [...(setup.aside ?? []), ...(setup.court ?? [])].map(peerCard),
    pendingInfluenceLoss: {}, isStarted: true, eventLogs: [], chatMessages: [], gameTimeline: [],
    treasury: 0, lastEventTimestamp: new Date(), turn: 1, turnPlayer: name(config.first_player ?? 0),
    settings, gameId: 'conformance',
    gameActionStats: Object.fromEntries(players.map((p) => [p.name, P.emptyPlayerActionStats()])),
  }
  P.__store.clear()
  try {
    await P.createGameState(ROOM, state)
  } catch (error) {
    const why = error?.constructor?.name === 'IncorrectTotalCardCountError'
      ? 'coup-online\'s deck always has 3, 4 or 5 copies of each character by player count; this deck differs'
      : `coup-online refuses this deal: ${message(error)}`
    throw new Unsupported(why)
  }
  chance.queue = []
  chance.unbound = []
  game = {
    // coup-online has no set-aside cards: they stay in its deck, never drawn (every draw is
    // named by \`chance\`), and are not counted in the Court's size
    aside: (setup.aside ?? []).length,
    config, n, overlay: { deferred: new Set(), concede: null, embezzle: null },
    // Reformation without given allegiances: coup-online deals them itself (the first player is
    // always a Reformist), which the adapter offers as the only ChooseAllegiance.
    allegiance: config.reformation && !setup.allegiances,
  }
}

// ---------------------------------------------------------------- the decision the game waits on

// The library's decision derived from the peer's state and the adapter's overlay.
const decision = (state) => {
  const o = game.overlay
  const living = alive(state)
  if (living.length <= 1) return { kind: 'over', winner: living.length ? seatOf(living[0].name) : null }
  if (game.allegiance) return { kind: 'choose_allegiance', waiting: [game.config.first_player ?? 0] }
  if (o.concede) return { kind: 'concede_loss', waiting: [o.concede.seat] }
  if (o.embezzle) return { kind: 'answer_action_challenge', waiting: [seatOf(state.turnPlayer)], embezzle: true }
  const losing = state.players.filter((p) => pendingLoss(state, p))
  if (losing.length) return { kind: 'lose_influence', waiting: losing.map((p) => seatOf(p.name)) }
  const keeping = state.players.filter((p) => pendingPutBack(state, p))
  if (keeping.length) return { kind: 'keep', waiting: keeping.map((p) => seatOf(p.name)) }
  if (state.pendingExamine) {
    return state.pendingExamine.revealedInfluence
      ? { kind: 'inquisitor_choice', waiting: [seatOf(state.turnPlayer)] }
      : { kind: 'show', waiting: [seatOf(state.pendingExamine.targetPlayer)] }
  }
  const block = state.pendingBlock
  if (block) {
    if (state.pendingBlockChallenge) return { kind: 'answer_block_challenge', waiting: [seatOf(block.sourcePlayer)] }
    return { kind: 'challenge_block', waiting: [...block.pendingPlayers].map(seatOf) }
  }
  const action = state.pendingAction
  if (action) {
    if (state.pendingActionChallenge) return { kind: 'answer_action_challenge', waiting: [seatOf(state.turnPlayer)] }
    const pending = [...action.pendingPlayers]
    if (P.ActionAttributes[action.action].challengeable && !action.claimConfirmed) {
      const open = pending.filter((p) => !o.deferred.has(p))
      if (open.length) return { kind: 'challenge_action', waiting: open.map(seatOf) }
    }
    return { kind: 'counter', waiting: pending.map(seatOf) }
  }
  return { kind: 'action', waiting: [seatOf(state.turnPlayer)] }
}

const sorted = (seats) => [...seats].sort((a, b) => a - b)

// ---------------------------------------------------------------- moves: library JSON <-> peer calls

const ACTION = {
  income: 'Income', foreign_aid: 'Foreign Aid', coup: 'Coup', tax: 'Tax', assassinate: 'Assassinate',
  steal: 'Steal', exchange: 'Exchange', examine: 'Examine', convert: 'Convert', embezzle: 'Embezzle',
}
const TARGETED = new Set(['coup', 'assassinate', 'steal', 'examine', 'convert'])

const distinct = (cards) => [...new Set(cards)]
const claimOf = (state, action) => action === 'Exchange'
  ? (state.settings.useInquisitor ? 'Inquisitor' : 'Ambassador')
  : Object.keys(P.InfluenceAttributes).find((i) => P.InfluenceAttributes[i].legalActions.includes(action))
const proves = (state, influence, action) =>
  P.canInfluenceLegallyPerformAction(influence, action) && P.getInfluencesForGame(state.settings).includes(influence)

const combinations = (cards, k) => {
  if (k === 0) return [[]]
  const out = new Map()
  cards.forEach((card, i) => {
    for (const rest of combinations(cards.slice(i + 1), k - 1)) {
      const combo = [card, ...rest].map(cardOf).sort(byCardOrder)
      out.set(combo.join(), combo)
    }
  })
  return [...out.values()]
}

// Every library move that could answer `d` for `seat`, before asking the peer.
const candidates = (state, d, seat) => {
  if (!d.waiting?.includes(seat)) return []
  const me = player(state, seat)
  const others = state.players.map((_, s) => s).filter((s) => s !== seat)
  switch (d.kind) {
    case 'choose_allegiance':
      return [{ type: 'choose_allegiance', player: seat, allegiance: 'reformist' }]
    case 'action': {
      const moves = []
      for (const type of Object.keys(ACTION)) {
        if (type === 'examine' && !game.config.inquisitor) continue
        if ((type === 'convert' || type === 'embezzle') && !game.config.reformation) continue
        if (!TARGETED.has(type)) moves.push({ type, player: seat })
        else for (const target of type === 'convert' ? [seat, ...others] : others) moves.push({ type, player: seat, target })
      }
      return moves
    }
    case 'challenge_action':
    case 'challenge_block':
      return [{ type: 'challenge', player: seat }, { type: 'allow', player: seat }]
    case 'counter':
      return [...P.getInfluencesForGame(state.settings).map((i) => ({ type: 'block', player: seat, character: cardOf(i) })),
        { type: 'allow', player: seat }]
    case 'answer_action_challenge':
    case 'answer_block_challenge':
      return [{ type: 'prove', player: seat }, { type: 'concede', player: seat }]
    case 'lose_influence':
    case 'concede_loss':
      return distinct(me.influences).map((i) => ({ type: 'lose_influence', player: seat, character: cardOf(i) }))
    case 'keep': {
      const keep = me.influences.length - pendingPutBack(state, me)
      return combinations(me.influences, keep).map((cards) => ({ type: 'keep', player: seat, cards }))
    }
    case 'show':
      return distinct(me.influences).map((i) => ({ type: 'show', player: seat, character: cardOf(i) }))
    case 'inquisitor_choice':
      return [{ type: 'give_back', player: seat }, { type: 'force_exchange', player: seat }]
    default:
      return []
  }
}

const refuse = (reason, rule = null) => { const e = new Error(reason); e.refusal = true; e.rule = rule; throw e }

// Plays `move` on the peer (its handlers), or on the overlay where the library splits a decision
// the peer takes in one request. Throws a refusal when the peer (or the decision) refuses it.
const play = async (state, d, move) => {
  const seat = move.player
  if (!Number.isInteger(seat) || seat < 0 || seat >= game.n) refuse(`no seat ${JSON.stringify(seat)} in this game`, 'R-TURN-4')
  if (!d.waiting?.includes(seat)) refuse(`the game is not waiting on seat ${seat} (${d.kind})`, 'R-TURN-4')
  const me = player(state, seat)
  const base = { roomId: ROOM, playerId: id(seat) }
  const o = game.overlay
  const cardIn = (character) => {
    const influence = peerCard(character)
    if (!me.influences.includes(influence)) refuse(`seat ${seat} holds no ${character}`, 'R-INF-1')
    return influence
  }
  switch (`${d.kind}:${move.type}`) {
    case 'choose_allegiance:choose_allegiance':
      if (move.allegiance !== 'reformist') refuse('coup-online makes the first player a Reformist; nobody chooses', 'R-REF-1')
      state.players.forEach((p, s) => {
        const k = (s - (game.config.first_player ?? 0) + game.n) % game.n
        p.faction = k % 2 ? 'Loyalist' : 'Reformist'
      })
      await P.createGameState(ROOM, state)
      game.allegiance = false
      return
    case 'action:income': case 'action:foreign_aid': case 'action:coup': case 'action:tax':
    case 'action:assassinate': case 'action:steal': case 'action:exchange': case 'action:examine':
    case 'action:convert': case 'action:embezzle':
      if (TARGETED.has(move.type) && !Number.isInteger(move.target)) refuse('this action needs a target seat', 'R-TURN-6')
      if (LIVING_TARGETS && TARGETED.has(move.type) && !player(state, move.target)?.influences.length) {
        refuse('the app offers no eliminated player as a target (COUP_ONLINE_TARGETS=living)', 'R-ACT-8')
      }
      o.deferred.clear()
      await P.actionHandler({ ...base, action: ACTION[move.type], ...(TARGETED.has(move.type) && { targetPlayer: name(move.target) }) })
      return
    case 'challenge_action:challenge':
      o.deferred.clear()
      if (state.pendingAction.action === 'Embezzle') {
        // the peer settles an Embezzle challenge at once from the hand; the library asks the embezzler
        if (!state.pendingAction.pendingPlayers.has(me.name)) refuse('this seat may not challenge now', 'R-WIN-2')
        o.embezzle = { challenger: seat }
        return
      }
      await P.actionResponseHandler({ ...base, response: 'Challenge' })
      return
    case 'challenge_action:allow': {
      const action = state.pendingAction
      if (action.targetPlayer === me.name && P.ActionAttributes[action.action].blockable) {
        o.deferred.add(me.name) // the peer takes the target's pass with its block decision
        return
      }
      await P.actionResponseHandler({ ...base, response: 'Pass' })
      return
    }
    case 'counter:block':
      await P.actionResponseHandler({ ...base, response: 'Block', claimedInfluence: peerCard(move.character) })
      return
    case 'counter:allow':
      await P.actionResponseHandler({ ...base, response: 'Pass' })
      return
    case 'challenge_block:challenge':
      await P.blockResponseHandler({ ...base, response: 'Challenge' })
      return
    case 'challenge_block:allow':
      await P.blockResponseHandler({ ...base, response: 'Pass' })
      return
    case 'answer_action_challenge:prove':
    case 'answer_action_challenge:concede':
      return answerAction(state, d, move, me, base)
    case 'answer_block_challenge:prove': {
      const claimed = state.pendingBlock.claimedInfluence
      if (!me.influences.includes(claimed)) refuse(`seat ${seat} holds no ${cardOf(claimed)} to prove the block`, 'R-CHAL-1')
      await P.blockChallengeResponseHandler({ ...base, influence: claimed })
      return
    }
    case 'answer_block_challenge:concede': {
      const claimed = state.pendingBlock.claimedInfluence
      const others = distinct(me.influences.filter((i) => i !== claimed))
      if (!others.length) refuse(`coup-online shows a card to answer a challenge; seat ${seat} holds only the claimed ${cardOf(claimed)}`, 'R-CHAL-2')
      if (me.influences.length > 1) { o.concede = { seat, block: true, claimed }; return }
      await P.blockChallengeResponseHandler({ ...base, influence: others[0] })
      return
    }
    case 'concede_loss:lose_influence': {
      const influence = cardIn(move.character)
      if (influence === o.concede.claimed || (!o.concede.block && proves(state, influence, state.pendingAction.action))) {
        refuse(`in coup-online showing the ${move.character} proves the claim; a conceding player cannot lose it`, 'R-CHAL-2')
      }
      const handler = o.concede.block ? P.blockChallengeResponseHandler : P.actionChallengeResponseHandler
      await handler({ ...base, influence })
      o.concede = null
      return
    }
    case 'lose_influence:lose_influence':
      await P.loseInfluencesHandler({ ...base, influences: [cardIn(move.character)] })
      return
    case 'keep:keep': {
      if (!Array.isArray(move.cards)) refuse('keep needs a list of cards', 'R-TURN-6')
      const rest = [...me.influences]
      for (const card of move.cards) {
        const at = rest.indexOf(peerCard(card))
        if (at < 0) refuse(`seat ${seat} cannot keep a ${card} it does not hold`, 'R-ACT-12')
        rest.splice(at, 1)
      }
      if (move.cards.length !== me.influences.length - pendingPutBack(state, me)) refuse('keep as many cards as were hidden before drawing', 'R-ACT-12')
      await P.loseInfluencesHandler({ ...base, influences: rest })
      return
    }
    case 'show:show':
      await P.revealForExamineHandler({ ...base, influence: cardIn(move.character) })
      return
    case 'inquisitor_choice:give_back':
    case 'inquisitor_choice:force_exchange':
      await P.examineDecisionHandler({ ...base, forceSwap: move.type === 'force_exchange' })
      return
    default:
      refuse(`${move.type} does not answer this decision (${d.kind})`, 'R-TURN-7')
  }
}

const answerAction = async (state, d, move, me, base) => {
  const o = game.overlay
  const action = state.pendingAction.action
  if (d.embezzle) {
    const challenger = { roomId: ROOM, playerId: id(o.embezzle.challenger) }
    const hasDuke = me.influences.includes('Duke')
    if (move.type === 'prove' && hasDuke) refuse('an embezzler holding a Duke cannot prove', 'R-REF-10')
    if (move.type === 'concede' && !hasDuke) refuse('coup-online settles the challenge from the hand: an embezzler without a Duke always proves', 'R-REF-9')
    await P.actionResponseHandler({ ...challenger, response: 'Challenge' })
    o.embezzle = null
    return
  }
  const provers = distinct(me.influences.filter((i) => proves(state, i, action)))
  const others = distinct(me.influences.filter((i) => !proves(state, i, action)))
  if (move.type === 'prove') {
    if (!provers.length) refuse(`seat ${move.player} holds no ${cardOf(claimOf(state, action))}`, 'R-CHAL-1')
    await P.actionChallengeResponseHandler({ ...base, influence: provers[0] })
    return
  }
  if (!others.length) refuse(`coup-online shows a card to answer a challenge; seat ${move.player} holds only cards that prove it`, 'R-CHAL-2')
  if (me.influences.length > 1) { o.concede = { seat: move.player, block: false, claimed: null }; return }
  await P.actionChallengeResponseHandler({ ...base, influence: others[0] })
}

// After each move: steps the library takes by itself (an Examine of a player with one card).
const settle = async () => {
  const state = await load()
  const d = decision(state)
  if (d.kind === 'show' && player(state, d.waiting[0]).influences.length === 1) {
    const seat = d.waiting[0]
    await P.revealForExamineHandler({ roomId: ROOM, playerId: id(seat), influence: player(state, seat).influences[0] })
  }
}

// Snapshot and restore, so that `legal` can ask the peer about each candidate without playing it.
const snapshot = () => ({
  store: new Map(P.__store), queue: [...chance.queue], unbound: [...chance.unbound],
  overlay: { deferred: new Set(game.overlay.deferred), concede: game.overlay.concede, embezzle: game.overlay.embezzle },
  allegiance: game.allegiance,
})
const restore = (s) => {
  P.__store.clear()
  for (const [k, v] of s.store) P.__store.set(k, v)
  chance.queue = s.queue
  chance.unbound = s.unbound
  game.overlay = s.overlay
  game.allegiance = s.allegiance
}

const tryMove = async (move) => {
  const state = await load()
  const d = decision(state)
  if (d.kind === 'over') refuse('the game is over', 'R-TURN-1')
  await play(state, d, move)
  await settle()
}

const legal = async (seat) => {
  const state = await load()
  const d = decision(state)
  const accepted = []
  for (const move of candidates(state, d, seat)) {
    const saved = snapshot()
    try {
      await tryMove(move)
      accepted.push(move)
    } catch (error) {
      if (!error.refusal && !isPeerRefusal(error)) throw error
    } finally {
      restore(saved)
    }
  }
  return accepted
}

const isPeerRefusal = (error) => typeof error?.getMessage === 'function'
const message = (error) => {
  if (isPeerRefusal(error)) {
    try { return `${error.getMessage('en-US')} (${error.constructor.name})` } catch { return error.constructor.name }
  }
  return error?.message ?? String(error)
}

const apply = async (move) => {
  const saved = snapshot()
  try {
    await tryMove(move)
    return { accepted: true }
  } catch (error) {
    restore(saved)
    if (error.refusal) return { accepted: false, reason: error.message, rule: null } // coup-online has no rule ids
    if (isPeerRefusal(error)) return { accepted: false, reason: message(error), rule: null }
    throw error
  }
}

const toAct = async () => {
  const state = await load()
  const d = decision(state)
  if (d.kind === 'over') return { seats: [], winner: d.winner }
  return { seats: sorted(d.waiting), winner: null }
}

const summary = async (seat) => {
  const state = await load()
  const d = decision(state)
  const coins = state.players.map((p) => (DEAD_COINS_TO_TREASURY && !p.influences.length ? 0 : p.coins))
  const reserve = state.treasury
  return {
    coins,
    hidden: state.players.map((p) => p.influences.length),
    revealed: state.players.map((p) => p.deadInfluences.map(cardOf)),
    hand: seat == null ? null : player(state, seat).influences.map(cardOf).sort(byCardOrder),
    treasury: game.config.coins - coins.reduce((a, b) => a + b, 0) - reserve,
    court_size: state.deck.length - game.aside,
    allegiances: game.config.reformation && !game.allegiance ? state.players.map((p) => p.faction.toLowerCase()) : null,
    winner: d.kind === 'over' ? d.winner : null,
  }
}

const rebind = async (cards) => {
  // cards the peer drew too early (see `chance`) are swapped for the named ones
  const state = await load()
  while (cards.length && chance.unbound.length) {
    const { owner, card } = chance.unbound.shift()
    const holder = state.players.find((p) => p.name === owner)
    holder.influences.splice(holder.influences.indexOf(card), 1)
    state.deck.push(card)
    const wanted = peerCard(cards.shift())
    const at = state.deck.lastIndexOf(wanted)
    if (at < 0) throw new BadRequest(`chance: ${cardOf(wanted)} is not in the Court`)
    holder.influences.push(state.deck.splice(at, 1)[0])
  }
  await P.createGameState(ROOM, state)
  return cards
}

// ---------------------------------------------------------------- the protocol loop

const handle = async (request) => {
  const { cmd } = request
  if (cmd === 'hello') {
    if (request.protocol !== PROTOCOL) throw new Unsupported(`this adapter speaks protocol ${PROTOCOL}, not ${JSON.stringify(request.protocol)}`)
    return { protocol: PROTOCOL, engine: { name: 'coup-online (lounsbrough) via coup_rules adapter', version: process.env.COUP_ONLINE_COMMIT ?? 'unknown' }, chance: ['forced'], views: true, rulings: [] }
  }
  if (cmd === 'quit') return {}
  if (cmd === 'new_game') {
    if (request.chance === 'seed') throw new Unsupported('coup-online does not implement the library\'s random stream; use forced chance')
    if (!request.config || typeof request.config !== 'object') throw new BadRequest('new_game needs a config')
    await newGame(request.config, request.setup)
    return {}
  }
  if (!['chance', 'to_act', 'legal', 'apply', 'view'].includes(cmd)) {
    throw Object.assign(new Error(`unknown command ${JSON.stringify(cmd)}`), { code: 'unknown_command' })
  }
  if (!game) throw Object.assign(new Error('no game: send new_game first'), { code: 'no_game' })
  switch (cmd) {
    case 'chance': {
      if (!Array.isArray(request.cards)) throw new BadRequest('chance needs a list of cards')
      const cards = request.cards.map((c) => { peerCard(c); return c })
      const rest = await rebind(cards.map(peerCard).map(cardOf))
      chance.queue.push(...rest.map(peerCard))
      return {}
    }
    case 'to_act':
      return toAct()
    case 'legal': {
      if (!(Number.isInteger(request.seat) && request.seat >= 0 && request.seat < game.n)) throw new BadRequest('legal needs the seat of a player in this game')
      return { moves: await legal(request.seat) }
    }
    case 'apply': {
      if (!request.move || typeof request.move !== 'object') throw new BadRequest('apply needs a move')
      return apply(request.move)
    }
    case 'view': {
      if (request.seat != null && !(Number.isInteger(request.seat) && request.seat >= 0 && request.seat < game.n)) throw new BadRequest('no such seat')
      return { summary: await summary(request.seat) }
    }
    default:
      throw Object.assign(new Error(`unknown command ${JSON.stringify(cmd)}`), { code: 'unknown_command' })
  }
}

const main = async () => {
  P = await loadPeer(peerDir())
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity })
  const send = (object) => process.stdout.write(`${JSON.stringify(object)}\n`)
  for await (const line of lines) {
    let request
    try {
      request = JSON.parse(line)
    } catch {
      send({ id: null, ok: false, error: { code: 'bad_json', message: 'the line is not JSON' } })
      continue
    }
    const rid = request && typeof request === 'object' && Number.isSafeInteger(request.id) ? request.id : null
    if (rid === null || typeof request.cmd !== 'string') {
      send({ id: rid, ok: false, error: { code: 'bad_request', message: 'a request needs an integer id and a cmd' } })
      continue
    }
    try {
      send({ id: rid, ok: true, ...(await handle(request)) })
    } catch (error) {
      const code = error.code ?? (error instanceof BadRequest ? 'bad_request' : error instanceof Unsupported ? 'unsupported' : 'internal')
      if (code === 'internal') process.stderr.write(`${error?.stack ?? error}\n`)
      send({ id: rid, ok: false, error: { code, message: message(error) } })
    }
    if (request.cmd === 'quit') process.exit(0)
  }
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`)
  process.exit(1)
})
