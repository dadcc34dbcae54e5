"""REINFORCE on the single-agent Gymnasium environment: learn to beat three random bots.

A linear softmax policy over the legal moves (the action mask in ``info``) reads the observation
vector, scaled by its upper bounds, and is trained with the plain policy gradient (REINFORCE,
Williams 1992) and a running-mean baseline: after each game, every decision's log-probability
is pushed up by (game reward - baseline). Every ``--every`` training games the policy plays
``--test`` fresh games, sampling its moves, and the learning curve is printed as a table: win
rate against the fair share of 25 %. A game drawn at the turn limit (200 turns) pays
``--draw-reward`` (default -0.5, worse than a loss's -1/3), so that stalling does not pay (the
AI guide, "Draws that don't pay").

Usage: python examples/reinforce.py [--episodes 3000] [--every 500] [--test 200] [--seed 0]
[--draw-reward -0.5]
Needs NumPy and Gymnasium: ``pip install 'coup-rules[gymnasium]'``.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import numpy as np

from coup_rules.gymnasium import CoupEnv


class Policy:
    """Softmax over the legal moves of ``weights · [scaled observation, 1]``."""

    def __init__(self, env: CoupEnv, rng: np.random.Generator) -> None:
        self.scale = np.maximum(np.asarray(env.encoder.high), 1.0)  # the observation's bounds
        self.weights = np.zeros((len(self.scale) + 1, env.codec.size))  # one column per move
        self.rng = rng

    def features(self, observation: Any) -> Any:
        return np.append(observation / self.scale, 1.0)

    def probabilities(self, x: Any, mask: Any) -> Any:
        logits = x @ self.weights
        logits = np.where(mask == 1, logits, -np.inf)
        p = np.exp(logits - logits.max())
        return p / p.sum()

    def act(self, observation: Any, mask: Any) -> tuple[int, Any, Any]:
        """A sampled action, its features and the probabilities it was drawn from."""
        x = self.features(observation)
        p = self.probabilities(x, mask)
        return int(self.rng.choice(len(p), p=p)), x, p


def play(env: CoupEnv, policy: Policy, seed: int) -> tuple[float, list[tuple[Any, Any, int]]]:
    """One game: the final reward and every decision (features, probabilities, action)."""
    observation, info = env.reset(seed=seed)
    steps = []
    while True:
        action, x, p = policy.act(observation, info["action_mask"])
        steps.append((x, p, action))
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return float(reward), steps


def win_rate(env: CoupEnv, policy: Policy, games: int, seed: int) -> float:
    wins = sum(play(env, policy, seed + g)[0] == 1.0 for g in range(games))
    return wins / games


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000, help="training games")
    parser.add_argument("--every", type=int, default=500, help="training games between tests")
    parser.add_argument("--test", type=int, default=200, help="games per test")
    parser.add_argument("--rate", type=float, default=0.05, help="the learning rate")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--draw-reward", type=float, default=-0.5, help="a draw's reward")
    args = parser.parse_args(argv)
    env = CoupEnv(players=4, opponents="random", draw_reward=args.draw_reward)
    policy = Policy(env, np.random.default_rng(args.seed))
    baseline = 0.0
    test_seed = 10**9  # the test games are dealt apart from the training games
    start = time.process_time()
    print("| training games | win rate (sampled moves) | CPU seconds |")
    print("| ---: | ---: | ---: |")
    curve = [(0, win_rate(env, policy, args.test, test_seed))]
    print(f"| 0 | {100 * curve[-1][1]:.1f} % | {time.process_time() - start:.0f} |", flush=True)
    for episode in range(1, args.episodes + 1):
        reward, steps = play(env, policy, args.seed * 10**6 + episode)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        for x, p, action in steps:
            grad = -p
            grad[action] += 1.0
            policy.weights += args.rate * advantage * np.outer(x, grad)
        if episode % args.every == 0:
            curve.append((episode, win_rate(env, policy, args.test, test_seed)))
            spent = time.process_time() - start
            print(f"| {episode} | {100 * curve[-1][1]:.1f} % | {spent:.0f} |", flush=True)
    first, last = curve[0][1], curve[-1][1]
    print(f"Win rate against three random bots: {100 * first:.1f} % -> {100 * last:.1f} %.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
