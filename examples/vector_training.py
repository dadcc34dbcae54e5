"""Train a policy at compiled speed: actor-critic on ``CoupVectorEnv`` against counting bots.

One learner per game sits at a seat drawn at every deal, against three compiled ``counting``
bots (``--opponents``: another bot's name, or ``self``, the learner's own network as it is now)
in games of 4 players with a turn limit of 200 (``--max-turns``), the config of the whole run,
evaluation included. The
policy is a small two-layer network in NumPy alone: ``tanh`` hidden units over the observation
scaled by its bounds, a softmax over the legal moves (the illegal logits masked to -inf) and a
value head. It is trained by advantage actor-critic (A2C): each update plays ``--rollout``
steps in every game, computes the advantages by GAE (gamma 1, the reward coming only at the
end), cut where a game ended (SAME_STEP autoreset: the next observation is already the next
deal's) and bootstrapped from the value after the last step, then takes one Adam step on the
policy gradient, the value error and an entropy bonus.

It prints a learning curve (learner steps, steps/s, games finished, the win rate of the games
finished since the last line), then evaluates the trained policy, greedily (its most likely
legal move): in fresh games of the vector env against counting, honest and random bots, and
through ``PolicyBot`` in ``coup_rules.evaluate`` against three ``CountingBot`` objects on the
engine. Win rates come with 95 % Wilson intervals; a uniformly random policy wins about 0 %
against three counting bots, and a fair share is 25 %.

A draw at the turn limit costs ``--draw-reward`` (default -0.5, worse than a loss's -1/3):
with a draw worth 0, more than a loss, the learner finds that dragging a game to the limit
pays, and most of its games end drawn (the AI guide, "Draws that don't pay", measures it).

Usage: python examples/vector_training.py [--steps 4000000] [--envs 1024] [--seed 0]
[--draw-reward -0.5] [--opponents counting] [--max-turns 200] [--quick]
(about 65 s of CPU on one core, numba's cache warm; ``--quick``: a few seconds). Needs numba,
NumPy and Gymnasium: ``pip install 'coup-rules[vector,gymnasium]'``. NumPy's BLAS is held to
one thread unless ``OPENBLAS_NUM_THREADS`` (or ``OMP_``/``MKL_NUM_THREADS``) is set.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence

# One BLAS thread, unless the environment says otherwise: the matrices are small, and a fixed
# number of threads makes one seed give one run (the sums' order depends on it).
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from numpy.typing import NDArray  # noqa: E402

from coup_rules import Config  # noqa: E402
from coup_rules.ai import PolicyBot  # noqa: E402
from coup_rules.bots import Bot, CountingBot  # noqa: E402
from coup_rules.evaluate import evaluate  # noqa: E402
from coup_rules.simulation import Rate  # noqa: E402
from coup_rules.vector import CoupVectorEnv  # noqa: E402

PLAYERS = 4
"""The seats of every game of training and of both evaluations."""

LOSS = np.float32(-1.0 / (PLAYERS - 1))
"""What a lost game pays: an ended game that paid neither this nor +1 was drawn."""

Array = NDArray[np.float32]


class Network:
    """A two-layer network: shared ``tanh`` hidden units, masked policy logits and a value.

    Args:
        high: the observation's upper bounds (the observation is divided by them).
        actions: the size of the move table.
        hidden: the number of hidden units.
        rng: the generator of the initial weights.
    """

    def __init__(self, high: Array, actions: int, hidden: int, rng: np.random.Generator) -> None:
        self.scale = (1.0 / np.maximum(high, 1.0)).astype(np.float32)
        inputs = len(high)

        def init(rows: int, cols: int, gain: float) -> Array:
            w: Array = (rng.standard_normal((rows, cols)) * gain / np.sqrt(rows)).astype(np.float32)
            return w

        self.params: dict[str, Array] = {
            "w1": init(inputs, hidden, 1.0),
            "b1": np.zeros(hidden, np.float32),
            "w2": init(hidden, actions, 0.01),  # near-uniform over the legal moves at first
            "b2": np.zeros(actions, np.float32),
            "wv": init(hidden, 1, 1.0),
            "bv": np.zeros(1, np.float32),
        }

    def forward(self, obs: Array) -> tuple[Array, Array, Array, Array]:
        """The scaled input, the hidden units, the logits and the values of a batch."""
        p = self.params
        x = obs * self.scale
        h = np.tanh(x @ p["w1"] + p["b1"])
        return x, h, h @ p["w2"] + p["b2"], (h @ p["wv"] + p["bv"])[:, 0]

    def __call__(self, observation: Array, mask: NDArray[np.bool_]) -> int:
        """The greedy policy, as ``PolicyBot`` calls it: the most likely legal move."""
        _, _, logits, _ = self.forward(observation[None, :])
        return int(np.argmax(np.where(mask, logits[0], -np.inf)))


def softmax(logits: Array, mask: NDArray[np.bool_]) -> Array:
    """The probabilities of the legal moves (0 for the others), row by row."""
    z = np.where(mask, logits, -np.inf)
    e = np.exp(z - z.max(axis=1, keepdims=True))
    out: Array = e / e.sum(axis=1, keepdims=True)
    return out


def sample(probs: Array, rng: np.random.Generator) -> NDArray[np.int64]:
    """One move per row drawn from ``probs`` (only moves of probability > 0 are drawn)."""
    u = rng.random((len(probs), 1), dtype=np.float32) * probs.sum(axis=1, keepdims=True)
    picked = (probs.cumsum(axis=1) > u) & (probs > 0)
    out: NDArray[np.int64] = picked.argmax(axis=1)
    return out


class Adam:
    """Adam (Kingma and Ba, 2015) over a network's parameters, updated in place."""

    def __init__(self, params: dict[str, Array], rate: float) -> None:
        self.params, self.rate, self.t = params, rate, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, grads: dict[str, Array], b1: float = 0.9, b2: float = 0.999) -> None:
        """Move every parameter against its gradient."""
        self.t += 1
        correction = np.sqrt(1 - b2**self.t) / (1 - b1**self.t)
        for k, g in grads.items():
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            self.params[k] -= self.rate * correction * self.m[k] / (np.sqrt(self.v[k]) + 1e-8)


def gradients(
    net: Network,
    obs: Array,
    mask: NDArray[np.bool_],
    actions: NDArray[np.int64],
    advantages: Array,
    returns: Array,
    entropy: float,
) -> dict[str, Array]:
    """The gradients of the A2C loss over a batch: ``-mean(log pi(a) A) - entropy * mean(H) +
    mean((V - R)^2) / 2``."""
    p = net.params
    n = len(actions)
    x, h, logits, values = net.forward(obs)
    probs = softmax(logits, mask)
    logp = np.where(mask, np.log(np.maximum(probs, 1e-30)), 0.0)
    ent = -(probs * logp).sum(axis=1, keepdims=True)
    dlogits = probs * advantages[:, None]  # d(-log pi(a) A)/dz = (pi - onehot(a)) A
    dlogits[np.arange(n), actions] -= advantages
    dlogits += entropy * probs * (logp + ent)  # d(-H)/dz = pi (log pi + H)
    dlogits /= n
    dvalues = ((values - returns) / n)[:, None]
    dh = (dlogits @ p["w2"].T + dvalues @ p["wv"].T) * (1.0 - h * h)
    return {
        "w1": x.T @ dh,
        "b1": dh.sum(axis=0),
        "w2": h.T @ dlogits,
        "b2": dlogits.sum(axis=0),
        "wv": h.T @ dvalues,
        "bv": dvalues.sum(axis=0),
    }


def advantages_of(
    rewards: Array, done: NDArray[np.bool_], values: Array, last: Array, lam: float
) -> Array:
    """GAE(lambda) with gamma 1 over ``[steps, games]`` arrays; a game that ended at step ``t``
    takes nothing from step ``t + 1`` (already the next deal), and ``last`` bootstraps the
    games still going after the last step."""
    out = np.zeros_like(rewards)
    running = np.zeros_like(last)
    following = last
    for t in range(len(rewards) - 1, -1, -1):
        going = ~done[t]
        delta = rewards[t] + np.where(going, following, 0.0) - values[t]
        running = delta + lam * np.where(going, running, 0.0)
        out[t] = running
        following = values[t]
    return out


class SelfPlay:
    """The learner's own network, as it is now, sampling its moves: a ``CoupVectorEnv``
    opponent policy for self-play (``--opponents self``)."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.net: Network | None = None  # set once the network is built
        self.rng = rng

    def __call__(self, obs: Array, masks: NDArray[np.bool_]) -> NDArray[np.int64]:
        if self.net is None:  # the first deal, before the network: uniformly random
            return sample(masks.astype(np.float32), self.rng)
        return sample(softmax(self.net.forward(obs)[2], masks), self.rng)


def train(args: argparse.Namespace) -> Network:
    """Train against three counting bots (or itself) and print the learning curve."""
    rng = np.random.default_rng(args.seed)
    itself = SelfPlay(np.random.default_rng(args.seed + 1))
    env = CoupVectorEnv(
        args.config,
        num_envs=args.envs,
        seed=args.seed,
        opponents=itself if args.opponents == "self" else args.opponents,
        learner_seat="random",
        draw_reward=args.draw_reward,
    )
    space, box = env.single_action_space, env.single_observation_space
    assert isinstance(space, spaces.Discrete) and isinstance(box, spaces.Box)
    actions = int(space.n)  # the size of the move table
    net = Network(box.high, actions, args.hidden, rng)
    itself.net = net
    adam = Adam(net.params, args.rate)
    obs, infos = env.reset(seed=args.seed)
    t_, n_ = args.rollout, args.envs
    buf_obs = np.zeros((t_, n_, obs.shape[1]), np.float32)
    buf_mask = np.zeros((t_, n_, actions), np.bool_)
    buf_act = np.zeros((t_, n_), np.int64)
    buf_rew = np.zeros((t_, n_), np.float32)
    buf_done = np.zeros((t_, n_), np.bool_)
    buf_val = np.zeros((t_, n_), np.float32)
    every = max(1, args.steps // (t_ * n_ * args.lines))  # updates between two lines
    updates = every * max(1, args.steps // (t_ * n_ * every))
    steps = games = wins = draws = 0
    recent = [0, 0, 0]  # games, wins, draws since the last line
    start = time.perf_counter()
    print("| learner steps | steps/s | games | recent games | won | drawn |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for update in range(1, updates + 1):
        for t in range(t_):
            mask = infos["action_mask"]
            _, _, logits, values = net.forward(obs)
            act = sample(softmax(logits, mask), rng)
            buf_obs[t], buf_mask[t], buf_act[t], buf_val[t] = obs, mask, act, values
            obs, rewards, terminated, truncated, infos = env.step(act)
            ended = terminated | truncated
            buf_rew[t], buf_done[t] = rewards, ended
            recent[0] += int(ended.sum())
            recent[1] += int((rewards == 1.0).sum())
            recent[2] += int((ended & (rewards != 1.0) & (rewards != LOSS)).sum())
        last = net.forward(obs)[3]
        adv = advantages_of(buf_rew, buf_done, buf_val, last, args.lam)
        ret = (adv + buf_val).reshape(-1)
        adv = adv.reshape(-1)
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        grads = gradients(
            net,
            buf_obs.reshape(t_ * n_, -1),
            buf_mask.reshape(t_ * n_, -1),
            buf_act.reshape(-1),
            adv,
            ret,
            args.entropy,
        )
        adam.step(grads)
        steps += t_ * n_
        if update % every == 0:
            games, wins, draws = games + recent[0], wins + recent[1], draws + recent[2]
            rate = steps / (time.perf_counter() - start)
            share = recent[1] / max(recent[0], 1)
            drawn = recent[2] / max(recent[0], 1)
            print(
                f"| {steps:,} | {rate:,.0f} | {games:,} | {recent[0]:,} | "
                f"{100 * share:.1f} % | {100 * drawn:.1f} % |",
                flush=True,
            )
            recent = [0, 0, 0]
    spent = time.perf_counter() - start
    print(f"Trained on {steps:,} learner steps ({games:,} games) in {spent:.0f} s.")
    return net


def vector_win_rate(
    net: Network, config: Config, opponents: str, games: int, seed: int
) -> tuple[Rate, Rate]:
    """The greedy policy's win rate and draw rate in fresh games of the vector env: every
    lane plays its first ``games // lanes`` games to the end (no bias to the short ones)."""
    lanes = min(games, 1024)
    per_lane = max(1, games // lanes)
    env = CoupVectorEnv(
        config, num_envs=lanes, seed=seed, opponents=opponents, learner_seat="random"
    )  # no draw_reward: a draw is truncation, told apart from a loss
    obs, infos = env.reset(seed=seed)
    played = np.zeros(lanes, np.int64)
    won = np.zeros(lanes, np.int64)
    drawn = np.zeros(lanes, np.int64)
    while (played < per_lane).any():
        _, _, logits, _ = net.forward(obs)
        act = np.argmax(np.where(infos["action_mask"], logits, -np.inf), axis=1)
        obs, rewards, terminated, truncated, infos = env.step(act)
        counted = (terminated | truncated) & (played < per_lane)
        won += counted & (rewards == 1.0)
        drawn += counted & truncated
        played += counted
    name, total = f"against 3 {opponents}", int(played.sum())
    return Rate.of(name, int(won.sum()), total), Rate.of(name, int(drawn.sum()), total)


def show(rate: Rate) -> str:
    """A win rate with its interval, as printed."""
    return (
        f"{100 * rate.rate:.1f} % [{100 * rate.low:.1f} %, {100 * rate.high:.1f} %] "
        f"of {rate.trials:,} games"
    )


def main(argv: Sequence[str]) -> int:
    """Train, print the learning curve, evaluate; 0 on success."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--steps", type=int, default=4_000_000, help="learner steps to train")
    parser.add_argument("--envs", type=int, default=1024, help="games stepped together")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rollout", type=int, default=16, help="steps per game per update")
    parser.add_argument("--hidden", type=int, default=64, help="hidden units")
    parser.add_argument("--rate", type=float, default=5e-3, help="Adam's learning rate")
    parser.add_argument("--entropy", type=float, default=0.01, help="the entropy bonus")
    parser.add_argument("--lam", type=float, default=0.95, help="GAE's lambda")
    parser.add_argument(
        "--draw-reward", type=float, default=-0.5, help="what a draw at the turn limit pays"
    )
    parser.add_argument(
        "--opponents", default="counting", help="a bot's name, or self for self-play"
    )
    parser.add_argument("--max-turns", type=int, default=200, help="the turn limit (R-TURN-8)")
    parser.add_argument("--lines", type=int, default=10, help="lines of the learning curve")
    parser.add_argument("--eval-games", type=int, default=10_240, help="vector env test games")
    parser.add_argument("--engine-games", type=int, default=200, help="evaluate()'s games")
    parser.add_argument("--quick", action="store_true", help="a tiny run, for CI (sets the budget)")
    args = parser.parse_args(argv)
    if args.quick:
        args.steps, args.envs, args.lines = 64 * 16 * 8, 64, 4
        args.eval_games, args.engine_games = 256, 8
    args.config = Config(players=PLAYERS, max_turns=args.max_turns)
    net = train(args)

    start = time.perf_counter()
    print("\nThe trained policy (greedy), in fresh games of the vector env:")
    for opponents in ("counting", "honest", "random"):
        rate, drawn = vector_win_rate(
            net, args.config, opponents, args.eval_games, seed=10**6 + args.seed
        )
        print(f"  {rate.name}: won {show(rate)}; drawn {100 * drawn.rate:.1f} %")
    print(f"({time.perf_counter() - start:.0f} s)")

    if not args.engine_games:
        return 0
    # The engine: PolicyBot in every seat in turn against three CountingBot objects.
    start = time.perf_counter()
    agent = PolicyBot(net, args.config)
    bots: dict[str, Bot] = {"policy": agent, **{f"counting{i}": CountingBot() for i in (1, 2, 3)}}
    result = evaluate(bots, args.config, args.engine_games, seed=args.seed, workers=1)
    rate = result.rates()[0]
    print(
        "Win rate against three CountingBots through PolicyBot and coup_rules.evaluate:\n"
        f"  {show(rate)} ({time.perf_counter() - start:.0f} s)."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
