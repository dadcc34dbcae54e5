"""Train ``policy-v1``: one small network per player count (2, 4, 6) on ``CoupVectorEnv``.

Each player count's network (``tanh`` hidden units over the observation scaled by its bounds, a
logit per move, a value head for training only) is trained by advantage actor-critic (GAE,
gamma 1, one Adam step per rollout, an entropy bonus) in five groups of games at once, the
learner's seat drawn at every deal, against a league (``LINEUPS``): the compiled twins of
shipped baselines (``counting-v1``, ``honest-v1``, ``bluff-v1``, ``counting-skeptic-v1``,
``counting-cautious-v1``) in three line-ups; the learner's own past snapshots (one taken every
``--snapshot-every`` updates, the last five kept, each call sampling from one of them) beside
``counting-v1`` and ``honest-v1``; and ``random-v1`` alone, where an untrained network first
wins. A draw at the turn limit pays ``--draw-reward`` (-0.5, worse than a loss), so that
stalling does not pay.

It writes ``coup_rules/bots/weights/policy-v1.json`` (the weights ``LearnedBot`` reads, the
input scaling folded into the first layer, each number rounded to 6 significant digits) and
``policy-v1.training.json`` beside it (the settings and the learning curve), then measures the
written weights greedily at 4 players in fresh games against three ``counting-v1`` and against
three ``honest-v1`` (95 % Wilson intervals; a fair share is 25 %).

    python scripts/train_policy.py --seed 0 --steps 2000000 4000000 3000000

One seed gives the same weights on one machine: every draw comes from generators seeded by
``--seed``, the compiled games are deterministic, and BLAS is held to one thread (set before
NumPy loads; a BLAS of another build or CPU may sum in another order, so another machine may
differ in the last bits and then drift). Numba's threads play no part (the env's loops are
serial). Needs numba, NumPy and Gymnasium (``pip install 'coup-rules[vector,gymnasium]'``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_name] = "1"  # one seed, one run: the sums' order depends on the threads

import numpy as np  # noqa: E402
from numpy.typing import NDArray  # noqa: E402

from coup_rules import Config  # noqa: E402
from coup_rules.bots.learned import load_networks  # noqa: E402
from coup_rules.simulation import wilson  # noqa: E402
from coup_rules.vector import CoupVectorEnv  # noqa: E402

Array = NDArray[np.float32]
WEIGHTS = Path(__file__).resolve().parents[1] / "coup_rules" / "bots" / "weights"
MAX_TURNS = 200
"""The turn limit of training (and the turn counter's scale the bot reads the turn with)."""

LINEUPS: tuple[tuple[str, ...], ...] = (
    ("counting-v1", "honest-v1", "bluff-v1", "counting-v1", "honest-v1"),
    ("honest-v1", "counting-skeptic-v1", "counting-v1", "bluff-v1", "counting-cautious-v1"),
    ("SNAPSHOT", "counting-v1", "SNAPSHOT", "honest-v1", "SNAPSHOT"),
    ("counting-cautious-v1", "bluff-v1", "counting-v1", "counting-skeptic-v1", "honest-v1"),
    ("random-v1", "random-v1", "random-v1", "random-v1", "random-v1"),
)
"""The opponents of each group of games, clockwise from the learner (the first ``players - 1``
of them sit); ``SNAPSHOT`` is one of the learner's past snapshots. The last group,
``random-v1`` alone, is where an untrained network first wins (against three or five strong bots it
wins almost never, and learns nothing, for a long while)."""


class Network:
    """The trained network: ``tanh`` hidden units, masked policy logits and a value."""

    def __init__(self, high: Array, actions: int, hidden: int, rng: np.random.Generator) -> None:
        self.scale = (1.0 / np.maximum(high, 1.0)).astype(np.float32)
        inputs = len(high)

        def init(rows: int, cols: int, gain: float) -> Array:
            w: Array = (rng.standard_normal((rows, cols)) * gain / np.sqrt(rows)).astype(np.float32)
            return w

        self.params: dict[str, Array] = {
            "w1": init(inputs, hidden, 1.0),
            "b1": np.zeros(hidden, np.float32),
            "w2": init(hidden, actions, 0.01),
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

    def logits(self, obs: Array) -> Array:
        return self.forward(obs)[2]


def softmax(logits: Array, mask: NDArray[np.bool_]) -> Array:
    z = np.where(mask, logits, -np.inf)
    e = np.exp(z - z.max(axis=1, keepdims=True))
    out: Array = e / e.sum(axis=1, keepdims=True)
    return out


def sample(probs: Array, rng: np.random.Generator) -> NDArray[np.int64]:
    u = rng.random((len(probs), 1), dtype=np.float32) * probs.sum(axis=1, keepdims=True)
    picked = (probs.cumsum(axis=1) > u) & (probs > 0)
    out: NDArray[np.int64] = picked.argmax(axis=1)
    return out


class Adam:
    def __init__(self, params: dict[str, Array], rate: float) -> None:
        self.params, self.rate, self.t = params, rate, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, grads: dict[str, Array], b1: float = 0.9, b2: float = 0.999) -> None:
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
    adv: Array,
    returns: Array,
    entropy: float,
) -> dict[str, Array]:
    """The gradients of ``-mean(log pi(a) A) - entropy * mean(H) + mean((V - R)^2) / 2``."""
    p = net.params
    n = len(actions)
    x, h, logits, values = net.forward(obs)
    probs = softmax(logits, mask)
    logp = np.where(mask, np.log(np.maximum(probs, 1e-30)), 0.0)
    ent = -(probs * logp).sum(axis=1, keepdims=True)
    dlogits = probs * adv[:, None]
    dlogits[np.arange(n), actions] -= adv
    dlogits += entropy * probs * (logp + ent)
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
    """GAE(lambda), gamma 1, over ``[steps, games]``; an ended game takes nothing after it."""
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


class Snapshots:
    """The learner's past snapshots as a ``CoupVectorEnv`` policy: each call samples its moves
    from one of them, drawn from a seeded generator."""

    def __init__(self, net: Network, keep: int, rng: np.random.Generator) -> None:
        self.net, self.keep, self.rng = net, keep, rng
        self.frozen: list[dict[str, Array]] = []
        self.take()

    def take(self) -> None:
        self.frozen = [*self.frozen, {k: v.copy() for k, v in self.net.params.items()}]
        self.frozen = self.frozen[-self.keep :]

    def __call__(self, obs: Array, masks: NDArray[np.bool_]) -> NDArray[np.int64]:
        p = self.frozen[int(self.rng.integers(len(self.frozen)))]
        h = np.tanh(obs * self.net.scale @ p["w1"] + p["b1"])
        return sample(softmax(h @ p["w2"] + p["b2"], masks), self.rng)


class Group:
    """One group of games of a line-up, with its rollout buffers."""

    def __init__(self, env: CoupVectorEnv, rollout: int, seed: int) -> None:
        self.env = env
        self.obs, self.infos = env.reset(seed=seed)
        n, size, acts = env.num_envs, self.obs.shape[1], int(env.layout.codec.size)
        self.buf_obs = np.zeros((rollout, n, size), np.float32)
        self.buf_mask = np.zeros((rollout, n, acts), np.bool_)
        self.buf_act = np.zeros((rollout, n), np.int64)
        self.buf_rew = np.zeros((rollout, n), np.float32)
        self.buf_done = np.zeros((rollout, n), np.bool_)
        self.buf_val = np.zeros((rollout, n), np.float32)

    def roll(self, net: Network, rng: np.random.Generator, tally: list[int]) -> None:
        """Play one rollout; count the games ended, won and drawn in ``tally``."""
        loss = np.float32(-1.0 / (self.env.config.players - 1))
        for t in range(len(self.buf_obs)):
            mask = self.infos["action_mask"]
            _, _, logits, values = net.forward(self.obs)
            act = sample(softmax(logits, mask), rng)
            self.buf_obs[t], self.buf_mask[t], self.buf_act[t] = self.obs, mask, act
            self.buf_val[t] = values
            self.obs, rewards, terminated, truncated, self.infos = self.env.step(act)
            ended = terminated | truncated
            self.buf_rew[t], self.buf_done[t] = rewards, ended
            tally[0] += int(ended.sum())
            tally[1] += int((rewards == 1.0).sum())
            tally[2] += int((ended & (rewards != 1.0) & (rewards != loss)).sum())

    def batch(self, net: Network, lam: float) -> tuple[NDArray[Any], ...]:
        last = net.forward(self.obs)[3]
        adv = advantages_of(self.buf_rew, self.buf_done, self.buf_val, last, lam)
        ret = adv + self.buf_val
        size = self.buf_obs.shape[2]
        return (
            self.buf_obs.reshape(-1, size),
            self.buf_mask.reshape(-1, self.buf_mask.shape[2]),
            self.buf_act.reshape(-1),
            adv.reshape(-1),
            ret.reshape(-1),
        )


def train(
    players: int, steps: int, args: argparse.Namespace
) -> tuple[Network, list[dict[str, Any]]]:
    """One player count's network and its learning curve."""
    seed = args.seed * 1000 + players
    rng = np.random.default_rng(seed)
    config = Config(players=players, max_turns=MAX_TURNS)
    probe = CoupVectorEnv(config, num_envs=1, seed=seed)
    high = np.asarray(probe.single_observation_space.high, np.float32)  # type: ignore[attr-defined]
    net = Network(high, int(probe.layout.codec.size), args.hidden, rng)
    snaps = Snapshots(net, 5, np.random.default_rng(seed + 1))
    groups = [
        Group(
            CoupVectorEnv(
                config,
                num_envs=args.envs,
                seed=seed + 10 + i,
                opponents=[snaps if o == "SNAPSHOT" else o for o in lineup],
                learner_seat="random",
                draw_reward=args.draw_reward,
            ),
            args.rollout,
            seed + 10 + i,
        )
        for i, lineup in enumerate(LINEUPS)
    ]
    adam = Adam(net.params, args.rate)
    per_update = args.rollout * args.envs * len(groups)
    updates = max(1, steps // per_update)
    curve: list[dict[str, Any]] = []
    tally = [0, 0, 0]
    start = time.perf_counter()
    for update in range(1, updates + 1):
        parts = []
        for g in groups:
            g.roll(net, rng, tally)
            parts.append(g.batch(net, args.lam))
        obs, mask, act, adv, ret = (np.concatenate(x) for x in zip(*parts, strict=True))
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        adam.step(gradients(net, obs, mask, act, adv, ret, args.entropy))
        if update % args.snapshot_every == 0:
            snaps.take()
        if update % args.line_every == 0 or update == updates:
            point = {
                "players": players,
                "update": update,
                "learner_steps": update * per_update,
                "seconds": round(time.perf_counter() - start, 1),
                "games": tally[0],
                "won": round(tally[1] / max(tally[0], 1), 4),
                "drawn": round(tally[2] / max(tally[0], 1), 4),
            }
            curve.append(point)
            print(json.dumps(point), flush=True)
            tally = [0, 0, 0]
    return net, curve


def exported(net: Network, players: int) -> dict[str, Any]:
    """The network as ``LearnedBot`` reads it: the scaling folded into ``w1``, one row per
    hidden unit and per move, 6 significant digits."""
    p = net.params

    def r(a: NDArray[Any]) -> Any:
        return [float(f"{x:.6g}") for x in a] if a.ndim == 1 else [r(row) for row in a]

    w1 = (p["w1"].astype(np.float64) * net.scale[:, None]).T
    return {
        "players": players,
        "turn_cap": MAX_TURNS,
        "w1": r(w1),
        "b1": r(p["b1"]),
        "w2": r(p["w2"].T),
        "b2": r(p["b2"]),
    }


def greedy(players: int, name: str) -> Any:
    """The written network of ``players`` as a batched greedy policy, in NumPy."""
    n = load_networks.__wrapped__(name)[players]  # read again: a run may have rewritten it
    w1, b1 = np.array(n.w1).T, np.array(n.b1)
    w2, b2 = np.array(n.w2).T, np.array(n.b2)

    def act(obs: Array, mask: NDArray[np.bool_]) -> NDArray[np.int64]:
        logits = np.tanh(obs @ w1 + b1) @ w2 + b2
        out: NDArray[np.int64] = np.where(mask, logits, -np.inf).argmax(axis=1)
        return out

    return act


def measure(players: int, opponent: str, games: int, seed: int, name: str) -> dict[str, Any]:
    """The written network's greedy win rate against ``opponent`` in ``games`` fresh games:
    each of 200 lanes plays its first ``games / 200`` games to the end (counting the first games
    to finish anywhere would favour the short ones)."""
    act = greedy(players, name)
    lanes = 200
    per_lane = max(1, games // lanes)
    env = CoupVectorEnv(
        Config(players=players, max_turns=MAX_TURNS),
        num_envs=lanes,
        seed=seed,
        opponents=opponent,
        learner_seat="random",
        draw_reward=None,
    )
    obs, infos = env.reset(seed=seed)
    played = np.zeros(lanes, np.int64)
    wins = draws = 0
    while (played < per_lane).any():
        obs, rewards, terminated, truncated, infos = env.step(act(obs, infos["action_mask"]))
        counted = (terminated | truncated) & (played < per_lane)
        wins += int((counted & (rewards == 1.0)).sum())
        draws += int((counted & truncated).sum())
        played += counted
    total = lanes * per_lane
    low, high = wilson(wins, total)
    return {
        "players": players,
        "opponents": f"{players - 1} x {opponent}",
        "games": total,
        "seed": seed,
        "won": round(wins / total, 4),
        "interval": [round(low, 4), round(high, 4)],
        "drawn": round(draws / total, 4),
    }


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 6])
    parser.add_argument(
        "--steps",
        type=int,
        nargs="+",
        default=[2_000_000, 4_000_000, 3_000_000],
        help="learner steps for each of --players (one number: for each)",
    )
    parser.add_argument("--envs", type=int, default=128, help="games per line-up")
    parser.add_argument("--rollout", type=int, default=32)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--rate", type=float, default=3e-3)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--draw-reward", type=float, default=-0.5)
    parser.add_argument("--snapshot-every", type=int, default=20)
    parser.add_argument("--line-every", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-games", type=int, default=2000)
    parser.add_argument("--name", default="policy-v1", help="the weights file's name")
    args = parser.parse_args(argv)
    networks, curve = {}, []
    steps = args.steps * len(args.players) if len(args.steps) == 1 else args.steps
    if len(steps) != len(args.players):
        parser.error("--steps takes one number, or one for each of --players")
    for players, budget in zip(args.players, steps, strict=True):
        net, points = train(players, budget, args)
        networks[str(players)] = exported(net, players)
        curve += points
    WEIGHTS.mkdir(exist_ok=True)
    weights = WEIGHTS / f"{args.name}.json"
    weights.write_text(json.dumps({"networks": networks}, separators=(",", ":")) + "\n")
    print(f"wrote {weights} ({weights.stat().st_size:,} bytes)")
    strength = [
        measure(4, opponent, args.eval_games, 12345, args.name)
        for opponent in ("counting-v1", "honest-v1")
        if args.eval_games and "4" in networks
    ]
    for line in strength:
        print(json.dumps(line))
    settings = {k: v for k, v in vars(args).items()}
    record = {
        "command": "python scripts/train_policy.py " + " ".join(argv),
        "settings": settings,
        "lineups": LINEUPS,
        "max_turns": MAX_TURNS,
        "curve": curve,
        "strength": strength,
    }
    training = WEIGHTS / f"{args.name}.training.json"
    training.write_text(json.dumps(record, indent=1) + "\n")
    print(f"wrote {training}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
