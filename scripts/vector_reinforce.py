"""A tiny policy-gradient loop on coup_rules.vector: seat 0 learns against uniformly random seats.

A linear softmax policy over the observation (``ObservationEncoder``, scaled by its bounds),
restricted to the legal moves by the mask, trained by REINFORCE with a mean baseline. Each epoch
plays ``--steps`` steps of ``--games`` games at once; every finished game of seat 0 gives the
return of all the moves it made in it. Prints the learning curve: seat 0's win rate per epoch
(a uniformly random seat wins about a quarter of 4-player games).

    python scripts/vector_reinforce.py --epochs 30
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from coup_rules import Config
from coup_rules.vector import VectorEnv


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--games", type=int, default=512)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--lr", type=float, default=1.0)
    args = parser.parse_args()
    env = VectorEnv(Config(players=4), num_envs=args.games, seed=0, autoreset=True)
    scale = 1.0 / np.maximum(np.asarray(env.layout.encoder.high, np.float32), 1.0)
    weights = np.zeros((env.observation_shape[0], env.num_actions), np.float32)
    rng = np.random.default_rng(0)
    lanes = np.arange(args.games)
    episode = np.zeros(args.games, np.int64)
    start = time.perf_counter()
    for epoch in range(args.epochs):
        seen, legal, moves, lane_ep, finals, won = [], [], [], [], {}, []
        for _ in range(args.steps):
            mask, obs = env.legal_action_mask(), env.observation() * scale
            logits = np.where(mask, obs @ weights, -np.inf)
            mine = env.current_player == 0
            logits[~mine] = np.where(mask[~mine], 0.0, -np.inf)  # the others: uniform
            probs = np.exp(logits - logits.max(axis=1, keepdims=True))
            probs /= probs.sum(axis=1, keepdims=True)
            actions = (probs.cumsum(axis=1) > rng.random((args.games, 1))).argmax(axis=1)
            seen.append(obs[mine])
            legal.append(mask[mine])
            moves.append(np.stack([actions[mine], lanes[mine]], axis=1))
            lane_ep.append(episode[mine].copy())
            rewards, terminated, truncated = env.step(actions)
            for g in np.flatnonzero(terminated | truncated):
                finals[(g, episode[g])] = rewards[g, 0]
                won.append(rewards[g, 0] == 1.0)
                episode[g] += 1
        x, m = np.concatenate(seen), np.concatenate(legal)
        am, ep = np.concatenate(moves), np.concatenate(lane_ep)
        keep = np.array([(g, e) in finals for (_, g), e in zip(am, ep, strict=True)])
        ret = np.array([finals.get((g, e), 0.0) for (_, g), e in zip(am, ep, strict=True)])
        x, m, a, ret = x[keep], m[keep], am[keep, 0], ret[keep] - ret[keep].mean()
        logits = np.where(m, x @ weights, -np.inf)
        p = np.exp(logits - logits.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        p[np.arange(len(a)), a] -= 1.0  # minus the gradient of log pi(a) in the logits
        weights -= args.lr * (x.T @ (p * ret[:, None])) / max(len(a), 1)
        print(f"epoch {epoch:3d}: seat 0 won {np.mean(won):6.1%} of {len(won):5d} games")
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
