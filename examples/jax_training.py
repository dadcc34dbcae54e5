"""A policy trained against random players, each update one ``jax.jit`` program (PureJaxRL's way).

Seat 0 of 3 is a linear softmax policy over ``coup_rules.jax`` observations; the other seats
play uniformly random legal moves; a game drawn at the turn limit (200 turns) pays every seat
still in -0.5, worse than a loss's -1/2, so that stalling does not pay (the AI guide, "Draws
that don't pay"). Each update plays ``STEPS`` moves in each of ``GAMES``
games with ``lax.scan`` (a finished game is dealt again in place: ``autoreset``), then takes a
REINFORCE step on seat 0's moves, the return of each move being the end-of-game reward. Needs
the ``[jax]`` extra: ``pip install -e '.[jax]'``; ``python examples/jax_training.py --quick`` for
a short run.
"""

from __future__ import annotations

import sys

import jax
import jax.numpy as jnp
from jax import lax

from coup_rules import Config
from coup_rules.jax import Env, State, Stock, autoreset, stock

ENV = Env(Config(players=3, max_turns=200), draw_reward=-0.5)
GAMES, STEPS, LEARNER = 256, 64, 0


def act(params: jax.Array, state: State, key: jax.Array) -> tuple[jax.Array, jax.Array]:
    """An action for one game (the policy at the learner's seat, else uniform) and its log-prob."""
    mine = state.current_player == LEARNER
    logits = jnp.where(mine, state.observation @ params, 0.0)
    logits = jnp.where(state.legal_action_mask, logits, -jnp.inf)
    action = jax.random.categorical(key, logits)
    return action, jax.nn.log_softmax(logits)[action] * mine


Games = tuple[State, Stock]


def play(params: jax.Array, games: Games, key: jax.Array) -> tuple[Games, tuple[jax.Array, ...]]:
    """``STEPS`` moves in every game; each learner move's log-prob, its game's end and reward."""

    def one(games: Games, key: jax.Array) -> tuple[Games, tuple[jax.Array, ...]]:
        states, dealt = games
        pick, chance = jax.random.split(key)
        actions, logp = jax.vmap(act, (None, 0, 0))(params, states, jax.random.split(pick, GAMES))
        after = jax.vmap(ENV.step)(states, actions, jax.random.split(chance, GAMES))
        done = after.terminated | after.truncated
        return autoreset(ENV, after, dealt), (logp, done, after.rewards[:, LEARNER])

    return lax.scan(one, games, jax.random.split(key, STEPS))


def returns(done: jax.Array, reward: jax.Array) -> jax.Array:
    """Each move's return: the reward at the end of its game (zero if it has not ended yet)."""

    def back(later: jax.Array, step: tuple[jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array]:
        d, r = step
        now = r + jnp.where(d, 0.0, later)
        return now, now

    return lax.scan(back, jnp.zeros(GAMES), (done, reward), reverse=True)[1]


@jax.jit
def update(params: jax.Array, games: Games, key: jax.Array) -> tuple[jax.Array, Games, jax.Array]:
    """One rollout and one policy-gradient step; the learner's mean reward per finished game."""

    def loss(params: jax.Array) -> tuple[jax.Array, tuple[Games, jax.Array]]:
        after, (logp, done, reward) = play(params, games, key)
        g = lax.stop_gradient(returns(done, reward))
        win = reward.sum() / jnp.maximum(done.sum(), 1)
        return -(logp * (g - g.mean())).mean(), (after, win)

    grads, (after, win) = jax.grad(loss, has_aux=True)(params)
    return params - 0.05 * grads, after, win


def main(argv: list[str]) -> int:
    updates = 6 if "--quick" in argv else 60
    key = jax.random.key(0)
    params = jnp.zeros((ENV.observation_size, ENV.num_actions))
    key, deal = jax.random.split(key)
    games = (jax.vmap(ENV.init)(jax.random.split(key, GAMES)), stock(ENV, deal, GAMES))
    for i in range(updates):
        key, sub = jax.random.split(key)
        params, games, win = update(params, games, sub)
        if i % max(1, updates // 6) == 0 or i == updates - 1:
            print(f"update {i:3d}: mean reward of seat 0 per finished game {float(win):+.3f}")
    print(f"Trained {updates} updates of {GAMES} games x {STEPS} moves, each one jitted program.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
