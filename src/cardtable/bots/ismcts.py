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

Nodes are keyed by what the searching seat sees of each action: another seat's exchange is
"exchange 2" in the tree whatever cards it was in a determinisation, so the seat's own later
choices are conditioned only on what it could know. ``opponents="policy"`` lets the other seats
act by the playout policy (with their cards in the determinisation) instead of by the tree's
statistics, a cheaper and more realistic opponent model when the others play by rules of thumb;
``opponents="auto"`` does so for bids and other non-card decisions only. ``confidence=k`` keeps the
playout policy's choice at the root unless the most visited action's mean beats it by ``k`` standard
errors. With at most ``paired`` actions at the root (default :data:`PAIRED`), every root action is
searched on the same determinisation with the same random numbers below it, so that the luck of the
hidden cards cancels from their comparison (common random numbers); ``paired=0`` is plain UCB1 at
the root. ``flat=True`` builds no tree below the paired root actions: each is played, then every
seat follows the playout policy to the end (a rollout algorithm, Tesauro & Galperin 1996: one step
of policy improvement, whose estimates no opponent explored at random can bias — the choice where the
rule of thumb is already strong and a shallow tree's exploration costs more than it finds).
``infer=k`` draws each determinisation from ``k`` samples with weight the likelihood of the other
seats' past choices under the playout policy (where the rules of thumb model the game's aim,
:func:`~.heuristics.likelihood_for`): a uniform sample ignores what their play revealed (a Fan-Tan player who
kept a seven back).
``search="cards"`` searches only the choice of a card to play and takes every other
decision (bids, discards, exchanges) by the playout policy. All six default per game
(:data:`TUNED`, measured by duplicate duels against ``heuristic``), else to ``"tree"``, 0,
:data:`PAIRED`, ``"all"``, ``False`` and 0.

The budget is ``iterations=`` or ``seconds=`` (default 1 second: an answer within a second — an
iteration that would overrun 97% of the budget is not started, and one that does is abandoned wherever it
is: choosing a determinisation, walking the tree, or playing out, the clock is read at every step).
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

from ..core.cards import is_card_code
from ..core.deal import Deal
from .heuristic import fast_policy
from .heuristics import likelihood_for

__all__ = ["OPPONENTS", "PAIRED", "TUNED", "ISMCTSBot", "Node"]

SEARCH = ("all", "cards")
"""What the bot searches: every decision, or only the choice of a card to play (the rest by the
playout policy's rules of thumb, which read only what the seat may see)."""

OPPONENTS = ("tree", "policy", "auto")
"""How the other seats choose inside the search: by the tree's statistics, by the playout policy, or
``auto``: by the policy in bidding and other non-card decisions, by the tree when playing cards."""


PAIRED = 12
"""Default of ``paired``: with at most this many actions at the root, compare them on common deals."""

TUNED: dict[str, dict[str, Any]] = {
    # Duplicate duels against ``heuristic`` at 200 iterations, seed 2026 (mean gain per deal ± 95%):
    # hasenpfeffer -0.02 ± 0.11 by plain UCB, +0.30 ± 0.18 with these (100 deals, 150 iterations);
    # auction-schafkopf -3.4 ± 2.0 / +0.81 ± 0.96. Their bids and discards are where a small search is
    # noisiest, and their playout policy is good. Nap's bids, by contrast, the search improves: there
    # confidence=1 loses (+0.89 ± 0.26 without, -0.35 ± 0.36 with), so the settings are per game.
    "hasenpfeffer": {"opponents": "auto", "confidence": 1.0, "paired": 0},
    "auction-schafkopf": {"opponents": "auto", "confidence": 1.0, "paired": 0},
    # Paired roots (see ``paired``) helped most games (rams +0.55 ± 0.20 → +1.30 ± 0.33, five-card-loo
    # -0.03 ± 0.13 → +0.14 ± 0.12, schafkopf +0.10 ± 0.14 → +0.26 ± 0.13) but not these two (+0.19 ±
    # 0.12 → +0.04 ± 0.20; +0.13 ± 0.09 → +0.05 ± 0.13), whose enter-or-pass choice UCB focuses on.
    "three-card-loo": {"paired": 0},
    "irish-loo": {"paired": 0},
    # The Fan-Tan policy was fitted by self-play and is hard to beat by a small search: plain UCB lost
    # (-1.16 ± 0.65, -1.03 ± 0.69); paired with confidence=1, +0.04 ± 0.48 and -0.17 ± 0.58. A tree's
    # exploration below the root costs more than it finds there: flat rollouts by the policy (200 deals,
    # 2,000 iterations) +0.78 ± 0.43, and with determinisations weighed by what the others' plays
    # revealed (infer=8, 1,000 iterations) +1.07 ± 0.51.
    # Auction Forty-Five's bids and discards the search got wrong in every setting (plain -0.66 ± 1.04,
    # paired -2.38 ± 0.93, opponents=auto with confidence=1 -0.63 ± 0.92); searching only the card
    # play, +1.14 ± 0.63 (100 deals).
    "auction-forty-five": {"search": "cards"},
    # In Cross-Color Michigan and Boodle the search's widow and stake decisions cost what its play gained
    # (400 deals: +0.02 ± 0.31 and +0.16 ± 0.24 searching all; +0.57 ± 0.21 and +0.23 ± 0.22 cards only).
    "cross-color-michigan": {"search": "cards"},
    "boodle": {"search": "cards"},
    # Bavarian Schafkopf: searching every decision lost its bidding and Kontra to the rules of thumb (-8.98 ±
    # 11.92 chips, 100 deals); searching the card play only, +6.73 ± 3.36 (100 deals).
    "bavarian-schafkopf": {"search": "cards"},
    "fan-tan": {"flat": True, "infer": 8},
    "five-or-nine": {"flat": True, "infer": 8},
    # Coon Can's long playouts leave few rounds a decision; flat rollouts measured as well as the tree
    # (100 deals: +5.2 ± 4.8 flat, +4.7 ± 4.5 plain UCB; paired tree +2.7 ± 5.7 over 60).
    "coon-can": {"flat": True},
}
"""Per-game settings (see the class's parameters) where they beat the defaults."""


def card_choice(legal: list[str]) -> bool:
    """Is this a choice of a card to play (every action a card code)?"""
    return all(map(is_card_code, legal))


def _rescale(seen: list[float], scale: float) -> float:
    """The reward scale of the search: the mean size of the last 300 rewards once there are more than 30
    (``seen`` is trimmed to them now and then); until then ``scale`` as it was."""
    if len(seen) > 600:
        del seen[:-300]
    if len(seen) > 30:
        return max(1e-6, sum(seen[-300:]) / len(seen[-300:]))
    return scale


class Node:
    """An information-set node: statistics of the action that led here."""

    __slots__ = ("action", "actor", "avail", "children", "parent", "squares", "total", "visits")

    def __init__(self, parent: Node | None, action: str | None, actor: int | None) -> None:
        self.parent, self.action, self.actor = parent, action, actor
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.squares = 0.0


class ISMCTSBot:
    """IS-MCTS with heuristic playouts; see the module text."""

    def __init__(self, seed: int | None = None, iterations: int | None = None, seconds: float | None = None,
                 c: float = 0.7, max_depth: int = 400, random_playouts: bool = False, prior: float = 1.0,
                 opponents: str | None = None, confidence: float | None = None, paired: int | None = None,
                 search: str | None = None, flat: bool | None = None, infer: int | None = None) -> None:
        if opponents is not None and opponents not in OPPONENTS:
            raise ValueError(f"opponents must be one of {', '.join(OPPONENTS)}, not {opponents!r}")
        if confidence is not None and not confidence >= 0:
            raise ValueError(f"confidence must be a number of standard errors >= 0, not {confidence!r}")
        if paired is not None and not (isinstance(paired, int) and paired >= 0):
            raise ValueError(f"paired must be a whole number of root actions >= 0, not {paired!r}")
        if search is not None and search not in SEARCH:
            raise ValueError(f"search must be one of {', '.join(SEARCH)}, not {search!r}")
        self._opponents, self._confidence, self._paired, self._search = opponents, confidence, paired, search
        if flat is not None and flat not in (True, False):
            raise ValueError(f"flat must be true or false (1 or 0), not {flat!r}")
        self._flat = None if flat is None else bool(flat)
        if infer is not None and not (type(infer) is int and infer >= 0):
            raise ValueError(f"infer must be a whole number of candidate determinisations >= 0, not {infer!r}")
        self._infer = infer
        self.infer = infer or 0
        self.flat = bool(flat)
        self.search = search or "all"
        self.paired = PAIRED if paired is None else paired
        self.opponents, self.confidence = opponents or "tree", confidence or 0.0
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
        legal = deal.legal(claims=False)
        self._root = None
        if len(legal) == 1:
            return legal[0]
        tuned = TUNED.get(deal.game.id, {})
        self.opponents = self._opponents or tuned.get("opponents", "tree")
        self.confidence = self._confidence if self._confidence is not None else tuned.get("confidence", 0.0)
        self.paired = self._paired if self._paired is not None else tuned.get("paired", PAIRED)
        self.search = self._search or tuned.get("search", "all")
        self.flat = self._flat if self._flat is not None else tuned.get("flat", False)
        self.infer = self._infer if self._infer is not None else tuned.get("infer", 0)
        if self.search == "cards" and not card_choice(legal):
            self.last_iterations = 0
            return fast_policy(deal.sample(seat, self.rng), seat, self.rng)
        root = self._root = Node(None, None, None)
        self._root_hints: dict[str, int] = {}
        if len(legal) <= self.paired:
            return self._choose_paired(deal, seat, legal)
        scale = 1.0
        seen: list[float] = []
        start = time.perf_counter()
        # With a time budget, stop before an iteration that would likely overrun it, and abandon a
        # playout that does: the answer comes within ``seconds``.
        deadline = start + self.seconds * 0.97 if self.iterations is None and self.seconds is not None else None
        n = 0
        while True:
            if self.iterations is not None and n >= self.iterations:
                break
            if deadline is not None:
                now = time.perf_counter()
                if now >= deadline or (n and now + (now - start) / n > deadline):
                    break
            rewards = self._iterate(root, self._determinise(deal, seat, self.rng, deadline), scale, seat, deadline)
            if rewards is None:
                break
            seen.extend(abs(r) for r in rewards)
            scale = _rescale(seen, scale)
            n += 1
        self.last_iterations = n
        if not any(ch.visits for ch in root.children.values()):  # no iteration within the budget
            return fast_policy(deal.sample(seat, self.rng), seat, self.rng)
        best = max(root.children.values(), key=lambda ch: (ch.visits, ch.total))
        if self.confidence and self._root_hints:
            # Depart from the rule of thumb only on evidence: the most visited action must look better
            # than the policy's choice by ``confidence`` standard errors of the difference of their means.
            hint = max(self._root_hints, key=lambda a: self._root_hints[a])
            h = root.children.get(hint)
            if h is not None and h is not best and h.visits >= 2 and best.visits >= 2:
                mb, mh = best.total / best.visits, h.total / h.visits
                vb = max(best.squares / best.visits - mb * mb, 0.0) / best.visits
                vh = max(h.squares / h.visits - mh * mh, 0.0) / h.visits
                if mb - mh <= self.confidence * math.sqrt(vb + vh):
                    best = h
        return best.action or legal[0]

    def _choose_paired(self, deal: Deal, seat: int, legal: list[str]) -> str:
        """Every root action on the same determinisation with the same random numbers below it.

        Each round draws one determinisation and one seed, then searches below each root action in
        turn (its own IS-MCTS subtree) with a generator started from that seed, so the luck of the
        hidden cards and of the playouts is common to all the actions and cancels from their
        differences. The action with the best mean wins; with ``confidence``, only if it beats the
        playout policy's choice by that many standard errors of the mean paired difference.
        """
        root = self._root
        kids = {a: root.children.setdefault(a, Node(root, a, seat)) for a in legal}
        results: dict[str, list[float]] = {a: [] for a in legal}
        scale, seen = 1.0, []
        start = time.perf_counter()
        deadline = start + self.seconds * 0.97 if self.iterations is None and self.seconds is not None else None
        outer, n = self.rng, 0
        while True:
            if self.iterations is not None and n + len(legal) > max(self.iterations, 2 * len(legal)):
                break
            if deadline is not None and results[legal[0]]:
                now = time.perf_counter()
                if now >= deadline or now + (now - start) / n * len(legal) > deadline:
                    break
            got = self._paired_round(deal, seat, legal, kids, scale, deadline)
            n += len(got)
            if len(got) < len(legal):
                break
            for a, r in got.items():
                results[a].append(r)
                seen.append(abs(r))
            scale = _rescale(seen, scale)
        self.last_iterations = n
        rounds = len(results[legal[0]])
        if not rounds:  # not one round within the budget: the rule of thumb
            return fast_policy(deal.sample(seat, outer), seat, outer)
        return self._paired_best(legal, results, rounds)

    def _paired_round(self, deal: Deal, seat: int, legal: list[str], kids: dict[str, Node], scale: float,
                      deadline: float | None) -> dict[str, float]:
        """One round of :meth:`_choose_paired`: one determinisation and one seed, then a search below each
        root action in turn with a generator started from that seed; the reward of each action searched
        (fewer than ``legal`` when the budget ran out)."""
        outer = self.rng
        d = self._determinise(deal, seat, outer, deadline)
        if self.confidence:
            h = fast_policy(d, seat, outer)
            self._root_hints[h] = self._root_hints.get(h, 0) + 1
        seed = outer.getrandbits(64)
        got: dict[str, float] = {}
        try:
            for a in legal:
                self.rng = random.Random(seed)
                dd = d.clone()
                dd.act(a)
                child = kids[a]
                rewards = (self._playout(dd, [child], deadline) if self.flat
                           else self._iterate(child, dd, scale, seat, deadline))
                if rewards is None:
                    break
                child.visits += 1
                child.total += rewards[seat]
                child.squares += rewards[seat] ** 2
                got[a] = rewards[seat]
        finally:
            self.rng = outer
        return got

    def _paired_best(self, legal: list[str], results: dict[str, list[float]], rounds: int) -> str:
        """The root action with the best mean over the paired rounds; with ``confidence``, the playout
        policy's choice unless the best beats it by that many standard errors of the mean paired difference."""
        means = {a: sum(r) / rounds for a, r in results.items()}
        best = max(legal, key=lambda a: means[a])
        if self.confidence and self._root_hints:
            hint = max(self._root_hints, key=lambda a: self._root_hints[a])
            if hint in results and hint != best and rounds >= 2:
                diffs = [x - y for x, y in zip(results[best], results[hint], strict=True)]
                m = sum(diffs) / rounds
                var = sum((x - m) ** 2 for x in diffs) / (rounds - 1)
                if m <= self.confidence * math.sqrt(var / rounds):
                    best = hint
        return best

    def _determinise(self, deal: Deal, seat: int, rng: random.Random, deadline: float | None = None) -> Deal:
        """One determinisation of what ``seat`` cannot see: ``deal.sample``, or with ``infer=k`` one of
        ``k`` samples drawn with weight the likelihood of the others' past choices under the playout
        policy (sampling-importance-resampling; Buro et al. 2009 infer hands from play the same way; past
        the ``deadline``, one of the candidates drawn so far)."""
        model = likelihood_for(deal.aim) if self.infer > 1 else None
        if model is None:
            return deal.sample(seat, rng)
        candidates, logs = [], []
        for _ in range(self.infer):
            if candidates and deadline is not None and time.perf_counter() > deadline:
                break
            d = deal.sample(seat, rng)
            ll = model(d, seat)
            if ll is None:
                return d
            candidates.append(d)
            logs.append(ll)
        top = max(logs)
        weights = [math.exp(x - top) for x in logs]
        pick = rng.random() * sum(weights)
        for d, w in zip(candidates, weights):
            if pick < w:
                return d
            pick -= w
        return candidates[-1]

    def _iterate(self, root: Node, d: Deal, scale: float, me: int, deadline: float | None = None
                 ) -> list[float] | None:
        node = root
        path = [root]
        depth = 0
        # Selection and expansion over the actions available in this determinisation.
        while not d.over and depth < self.max_depth:
            if deadline is not None and time.perf_counter() > deadline:
                return None  # over budget: abandon this iteration
            legal = d.legal(claims=False)
            actor = d.turn
            assert actor is not None
            if actor != me and (self.opponents == "policy" or (self.opponents == "auto" and not card_choice(legal))):
                # The other seats choose by the playout policy, which sees their cards in this
                # determinisation; their actions still key the tree, so later nodes know what they did.
                a = fast_policy(d, actor, self.rng) if len(legal) > 1 else legal[0]
                key = d.seen_as(actor, a, me)  # what the searching seat would see of it
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node(node, key, actor)
                d.act(a)
                node = child
                path.append(child)
                depth += 1
                continue
            hint = fast_policy(d, actor, self.rng) if (self.prior or self.confidence) and len(legal) > 1 else None
            if node is self._root and hint is not None:
                self._root_hints[hint] = self._root_hints.get(hint, 0) + 1
            # Nodes are keyed by what the searching seat sees of an action (another seat's exchange is
            # "exchange 2", whatever cards it was), so its own later choices never depend on hidden cards.
            keys = {a: a for a in legal} if actor == me else self._keys_seen(d, legal, actor, me, hint)
            for k in keys:
                ch = node.children.get(k)
                if ch is not None:
                    ch.avail += 1
            untried = [k for k in keys if k not in node.children]
            hint_key = None if hint is None else (hint if actor == me else d.seen_as(actor, hint, me))
            if untried:
                k = hint_key if hint_key in untried else self.rng.choice(untried)
                child = Node(node, k, actor)
                child.avail = 1
                node.children[k] = child
                d.act(keys[k])
                path.append(child)
                break
            kids, c, prior = node.children, self.c, self.prior
            k = max(keys, key=lambda x: kids[x].total / kids[x].visits / scale
                    + c * math.sqrt(math.log(kids[x].avail) / kids[x].visits)
                    + (prior / (kids[x].visits + 1) if x == hint_key else 0.0))
            node = kids[k]
            d.act(keys[k])
            path.append(node)
            depth += 1
        return self._playout(d, path, deadline)

    def _keys_seen(self, d: Deal, legal: list[str], actor: int, me: int, hint: str | None) -> dict[str, str]:
        """Another seat's legal actions keyed by what the searching seat ``me`` sees of them, each key with
        the action played for it: the policy's choice ``hint`` if it is among them, else any of them."""
        groups: dict[str, list[str]] = {}
        for a in legal:
            groups.setdefault(d.seen_as(actor, a, me), []).append(a)
        return {k: (hint if hint in g else g[0] if len(g) == 1 else self.rng.choice(g)) for k, g in groups.items()}

    def _playout(self, d: Deal, path: list[Node], deadline: float | None) -> list[float] | None:
        """Play ``d`` out by the playout policy and back the result up ``path``; None if over budget."""
        if self.random_playouts and not d.over and d.has_kernel:
            deltas = [float(x) for x in d.rollout(self.rng)]  # a game's compiled kernel (Nap)
        else:
            steps = 0
            while not d.over and steps < 3000:
                if deadline is not None and time.perf_counter() > deadline:
                    return None  # over budget: abandon this iteration (a clock read costs far less than a step)
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
                r = deltas[nd.actor]
                nd.total += r
                nd.squares += r * r
        return deltas

    def stats(self) -> dict[str, Any]:
        """Figures of the last search: ``iterations``, and ``actions``: for each action searched at the root, its
        ``visits`` and ``mean`` result for the searching seat (empty when the choice was made without search)."""
        root = getattr(self, "_root", None)
        actions = {} if root is None else {
            a: {"visits": ch.visits, "mean": ch.total / ch.visits} for a, ch in root.children.items() if ch.visits}
        return {"iterations": self.last_iterations, "actions": actions}
