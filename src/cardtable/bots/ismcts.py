"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012, SO-ISMCTS).

Each iteration draws a determinisation with ``deal.sample(seat, rng)`` — consistent with
everything the searching seat has seen, nothing else — walks one tree of *information sets*
(nodes keyed by action text) choosing among the actions available in that determinisation by
UCB1 with availability counts, expands one untried action, plays out with the heuristic
playout policy, and backs up each seat's result at the nodes where that seat chose.

The heuristic playout policy also guides the tree (progressive bias, Chaslot et al. 2008): in
each determinisation the action it would choose is expanded first and gets a bonus of
``prior / (visits + 1)`` in the selection, so with few iterations or many actions (Coon Can's
melds) the search starts from the rule of thumb and departs from it only on evidence.

The budget is ``iterations=`` or ``seconds=`` (default 1 second: an answer within a second).
Given a seed, and ``iterations=``, it is deterministic.

>>> import cardtable as ct
>>> d = ct.load("nap", players=3).deal(seed=2)
>>> ct.bots.load("ismcts", iterations=50, seed=1).choose(d, d.turn) in d.legal()
True
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ..core.deal import Deal
from .heuristic import fast_policy

__all__ = ["ISMCTSBot", "Node"]


class Node:
    """An information-set node: statistics of the action that led here."""

    __slots__ = ("action", "actor", "avail", "children", "parent", "total", "visits")

    def __init__(self, parent: Node | None, action: str | None, actor: int | None) -> None:
        self.parent, self.action, self.actor = parent, action, actor
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class ISMCTSBot:
    """IS-MCTS with heuristic playouts; see the module text."""

    def __init__(self, seed: int | None = None, iterations: int | None = None, seconds: float | None = None,
                 c: float = 0.7, max_depth: int = 400, random_playouts: bool = False, prior: float = 1.0) -> None:
        if iterations is None and seconds is None:
            seconds = 1.0
        self.rng = random.Random(seed)
        self.iterations, self.seconds, self.c, self.max_depth = iterations, seconds, c, max_depth
        self.last_iterations = 0
        self.random_playouts = random_playouts
        self.prior = prior

    def choose(self, deal: Deal, seat: int) -> str:
        if deal.turn != seat:
            raise ValueError(f"it is seat {deal.turn}'s turn, not seat {seat}'s")
        legal = deal.legal()
        if len(legal) == 1:
            return legal[0]
        root = Node(None, None, None)
        scale = 1.0
        seen: list[float] = []
        start = time.perf_counter()
        n = 0
        while True:
            if self.iterations is not None and n >= self.iterations:
                break
            if self.iterations is None and self.seconds is not None and time.perf_counter() - start >= self.seconds:
                break
            rewards = self._iterate(root, deal.sample(seat, self.rng), scale)
            seen.extend(abs(r) for r in rewards)
            if len(seen) > 30:
                scale = max(1e-6, sum(seen[-300:]) / len(seen[-300:]))
            n += 1
        self.last_iterations = n
        best = max(root.children.values(), key=lambda ch: (ch.visits, ch.total))
        return best.action or legal[0]

    def _iterate(self, root: Node, d: Deal, scale: float) -> list[float]:
        node = root
        path = [root]
        depth = 0
        # Selection and expansion over the actions available in this determinisation.
        while not d.over and depth < self.max_depth:
            legal = d.legal()
            actor = d.turn
            assert actor is not None
            hint = fast_policy(d, actor, self.rng) if self.prior and len(legal) > 1 else None
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                ch = node.children.get(a)
                if ch is not None:
                    ch.avail += 1
            if untried:
                a = hint if hint in untried else self.rng.choice(untried)
                child = Node(node, a, actor)
                child.avail = 1
                node.children[a] = child
                d.act(a)
                path.append(child)
                break
            kids, c, prior = node.children, self.c, self.prior
            a = max(legal, key=lambda x: kids[x].total / kids[x].visits / scale
                    + c * math.sqrt(math.log(kids[x].avail) / kids[x].visits)
                    + (prior / (kids[x].visits + 1) if x == hint else 0.0))
            node = node.children[a]
            d.act(a)
            path.append(node)
            depth += 1
        # Playout.
        if self.random_playouts and not d.over and type(d).rollout is not Deal.rollout:
            deltas = [float(x) for x in d.rollout(self.rng)]  # a game's compiled kernel (Nap)
        else:
            steps = 0
            while not d.over and steps < 3000:
                if self.random_playouts:
                    d.step_random(self.rng)
                else:
                    seat = d.turn
                    assert seat is not None
                    d.act(fast_policy(d, seat, self.rng))
                steps += 1
            deltas = [float(x) for x in d.result().deltas] if d.over else [0.0] * d.players
        for nd in path[1:]:
            nd.visits += 1
            if nd.actor is not None:
                nd.total += deltas[nd.actor]
        return deltas

    def stats(self) -> dict[str, Any]:
        """Figures of the last search."""
        return {"iterations": self.last_iterations}
