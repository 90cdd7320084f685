"""Speed benchmark (not a test): prints a table of figures, medians of several runs.

Per game id: random deals/s and actions/s through the public API (``legal()`` + ``act(text)``) and through
the playout path (``game.deal(seed).playout(rng)``: a new shuffled deal played to the end), ``clone()``/s,
``sample()``/s, sample+playout/s (a determinisation from a mid-deal position played out, the inner step of
a search bot) and IS-MCTS iterations/s (random playouts, as OpenSpiel's; and heuristic playouts, as the bot
plays by default). When ``open_spiel`` is installed, OpenSpiel's
C++ euchre and oh_hell are measured in the same process: stepped from Python, and all in C++
(``pyspiel.evaluate_bots`` with uniform random bots), and OpenSpiel's C++ IS-MCTS on euchre.
Where a game has a compiled playout kernel (Nap and Seven-Card Nap on their default options, with numba),
"kernel deals/s" is ``game.random_results(2000, seed)`` (new deals shuffled, dealt and played out in the
kernel) and "sample+kernel rollout/s" is ``mid.sample(seat, rng).rollout(rng)``.

    python benchmarks/playout.py                 # every game, quick
    python benchmarks/playout.py nap --seconds 2 --runs 5
    CARDTABLE_PURE=1 python benchmarks/playout.py nap   # the plain Python core, even where it is compiled

The first line printed says whether the core runs compiled (setup.py) or as plain Python. With
``open_spiel`` installed and ``nap`` among the games, the last lines measure issue 9's goal 1 in CPU time
(``time.process_time``, so that other work on the machine weighs less): Nap's public-API loop and
OpenSpiel's euchre stepped from Python, alternated, 20,000 deals each per round; median, min and max of
the ratios over ``--runs`` rounds (at least 5).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import cardtable as ct
from cardtable.bots.ismcts import ISMCTSBot


def rate(fn: Callable[[], int], seconds: float) -> float:
    """Units per second of ``fn`` (which returns how many units it did), over about ``seconds``."""
    done, start = 0, time.perf_counter()
    while True:
        done += fn()
        el = time.perf_counter() - start
        if el >= seconds:
            return done / el


def median_rate(fn: Callable[[], int], seconds: float, runs: int) -> float:
    return statistics.median(rate(fn, seconds / runs) for _ in range(runs))


def bench_game(gid: str, seconds: float, runs: int) -> dict[str, float]:
    game = ct.load(gid)
    rng = random.Random(1)
    seeds = iter(range(10**9))
    actions = [0]

    def public() -> int:
        d = game.deal(seed=next(seeds))
        while not d.over:
            d.act(rng.choice(d.legal()))
            actions[0] += 1
        return 1

    def fast() -> int:
        d = game.deal(seed=next(seeds)).playout(rng)
        actions[0] += len(d.history)
        return 1

    out: dict[str, float] = {}
    actions[0] = 0
    t = time.perf_counter()
    out["api_deals"] = median_rate(public, seconds, runs)
    out["api_actions"] = actions[0] / (time.perf_counter() - t)
    actions[0] = 0
    t = time.perf_counter()
    out["fast_deals"] = median_rate(fast, seconds, runs)
    out["fast_actions"] = actions[0] / (time.perf_counter() - t)
    mid = game.deal(seed=5)
    for _ in range(max(1, len(game.deal(seed=5).playout(random.Random(5)).history) // 3)):
        if mid.over:
            break
        mid.step_random(rng)
    if mid.over:
        mid = game.deal(seed=5)
    while not mid.over and len(mid.legal()) < 2:  # a real choice, so that IS-MCTS searches
        mid.step_random(rng)
    out["clone"] = median_rate(lambda: [mid.clone() for _ in range(100)] and 100, seconds / 2, runs)
    seat = mid.turn if mid.turn is not None else 0
    out["sample"] = median_rate(lambda: [mid.sample(seat, rng) for _ in range(20)] and 20, seconds / 2, runs)
    out["sampled_playouts"] = median_rate(
        lambda: [mid.sample(seat, rng).playout(rng) for _ in range(20)] and 20, seconds / 2, runs)

    if game.kernel is not None:  # a compiled playout kernel covers this configuration: batches of new deals
        game.random_results(10, seed=0)  # compile (or load numba's cache) outside the timing
        batch = iter(range(10**9))
        out["kernel_deals"] = median_rate(lambda: len(game.random_results(2000, seed=next(batch))), seconds, runs)
        out["sampled_rollouts"] = median_rate(
            lambda: [mid.sample(seat, rng).rollout(rng) for _ in range(20)] and 20, seconds / 2, runs)

    def ismcts() -> int:  # search="all": iterations even where the tuned bot plays a rule of thumb
        bot = ISMCTSBot(seed=1, iterations=50, search="all")
        bot_fast_policy_random(bot)
        bot.choose(mid, seat)
        return bot.last_iterations

    out["ismcts"] = median_rate(ismcts, seconds / 2, runs) if mid.turn is not None else float("nan")

    def ismcts_heuristic() -> int:
        bot = ISMCTSBot(seed=1, iterations=50, search="all")  # as the bot plays: heuristic playouts
        bot.choose(mid, seat)
        return bot.last_iterations

    out["ismcts_h"] = median_rate(ismcts_heuristic, seconds / 2, runs) if mid.turn is not None else float("nan")
    return out


def bot_fast_policy_random(bot: ISMCTSBot) -> None:
    """IS-MCTS with random playouts (as OpenSpiel's), for a like-for-like comparison."""
    bot.random_playouts = True


def openspiel_random_deal(game: object, rng: random.Random) -> int:
    """One deal of an OpenSpiel game stepped from Python with random choices (chance outcomes drawn
    uniformly, as every deal of a shuffled pack is); returns the number of player actions."""
    s = game.new_initial_state()  # type: ignore[attr-defined]
    acts = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.choice(s.chance_outcomes())[0])
        else:
            s.apply_action(rng.choice(s.legal_actions()))  # as the Nap loop chooses
            acts += 1
    return acts


def bench_openspiel(seconds: float, runs: int) -> dict[str, dict[str, float]]:
    try:
        import pyspiel
        from open_spiel.python.algorithms import ismcts as _  # noqa: F401
    except ImportError:
        return {}
    out: dict[str, dict[str, float]] = {}
    for name, params in (("euchre", {}), ("oh_hell", {"players": 4, "num_tricks_fixed": 5})):
        game = pyspiel.load_game(name, params)
        rng = random.Random(1)
        acts = [0]

        def stepped(game: pyspiel.Game = game, rng: random.Random = rng, acts: list[int] = acts) -> int:
            acts[0] += openspiel_random_deal(game, rng)
            return 1

        t = time.perf_counter()
        row = {"api_deals": median_rate(stepped, seconds, runs)}
        row["api_actions"] = acts[0] / (time.perf_counter() - t)
        bots = [pyspiel.make_uniform_random_bot(p, 7 + p) for p in range(game.num_players())]

        def cpp(game: pyspiel.Game = game, bots: list = bots, rng: random.Random = rng) -> int:
            for _ in range(200):
                pyspiel.evaluate_bots(game.new_initial_state(), bots, rng.randrange(10**9))
            return 200

        row["fast_deals"] = median_rate(cpp, seconds, runs)
        if name == "euchre":
            evaluator = pyspiel.RandomRolloutEvaluator(1, 3)
            bot = pyspiel.ISMCTSBot(3, evaluator, 0.7, 200, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                                    False, False)
            s = game.new_initial_state()
            while s.is_chance_node():
                s.apply_action(s.chance_outcomes()[0][0])

            def cpp_ismcts(bot: pyspiel.Bot = bot, s: pyspiel.State = s) -> int:
                bot.step(s)
                return 200

            row["ismcts"] = median_rate(cpp_ismcts, seconds / 2, runs)
        out[f"openspiel {name}"] = row
    return out


def goal1(rounds: int, deals: int = 20_000) -> list[float]:
    """Ratios of Nap public-API deals per CPU second to OpenSpiel euchre stepped from Python, alternated."""
    import pyspiel

    nap, euchre = ct.load("nap", players=4), pyspiel.load_game("euchre")
    ratios = []
    for r in range(rounds):
        rng = random.Random(r)
        t = time.process_time()
        for i in range(deals):
            d = nap.deal(seed=r * deals + i)
            while not d.over:
                d.act(rng.choice(d.legal()))
        ours = deals / (time.process_time() - t)
        t = time.process_time()
        for _ in range(deals):
            openspiel_random_deal(euchre, rng)
        ratios.append(ours / (deals / (time.process_time() - t)))
    return ratios


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="game ids (default: all)")
    ap.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    ap.add_argument("--runs", type=int, default=3, help="runs per measurement (median)")
    args = ap.parse_args()
    ids = args.games or [g.id for g in ct.games()]
    from cardtable import _pure

    print("core:", "compiled (Cython, see setup.py)" if _pure.compiled() else "plain Python")
    print()
    rows = {gid: bench_game(gid, args.seconds, args.runs) for gid in ids}
    os_rows = bench_openspiel(args.seconds, args.runs)
    cols = ["api_deals", "api_actions", "fast_deals", "fast_actions", "kernel_deals", "clone", "sample",
            "sampled_playouts", "sampled_rollouts", "ismcts", "ismcts_h"]
    names = {"api_deals": "API deals", "api_actions": "API actions", "fast_deals": "playout deals",
             "fast_actions": "playout actions", "kernel_deals": "kernel deals", "sampled_playouts": "sample+playout",
             "sampled_rollouts": "sample+kernel rollout", "ismcts": "ismcts (random playouts)",
             "ismcts_h": "ismcts (heuristic playouts)"}
    print("| game | " + " | ".join(names.get(c, c.replace("_", " ")) + "/s" for c in cols) + " |")
    print("|" + " --- |" * (len(cols) + 1))
    for name, row in {**rows, **os_rows}.items():
        print(f"| {name} | " + " | ".join(f"{row[c]:,.0f}" if c in row else "" for c in cols) + " |")
    if os_rows and "nap" in rows:
        eu = os_rows["openspiel euchre"]
        nap = rows["nap"]
        print()
        print(f"nap public API deals/s / euchre stepped from Python: {nap['api_deals'] / eu['api_deals']:.3f}")
        print(f"nap playout path deals/s / euchre all in C++:       {nap['fast_deals'] / eu['fast_deals']:.3f}")
        if "kernel_deals" in nap:
            print(f"nap compiled kernel deals/s / euchre all in C++:    {nap['kernel_deals'] / eu['fast_deals']:.3f}")
        print(f"nap sample+playout/s / euchre all in C++:           {nap['sampled_playouts'] / eu['fast_deals']:.3f}")
        if "sampled_rollouts" in nap:
            print(f"nap sample+kernel rollout/s / euchre all in C++:    "
                  f"{nap['sampled_rollouts'] / eu['fast_deals']:.3f}")
        print(f"nap IS-MCTS iterations/s / OpenSpiel C++ IS-MCTS:   {nap['ismcts'] / eu['ismcts']:.3f}")
        ratios = goal1(max(5, args.runs))
        print(f"goal 1 in CPU time, nap API / euchre stepped:      median {statistics.median(ratios):.3f} "
              f"(min {min(ratios):.3f}, max {max(ratios):.3f}, {len(ratios)} rounds of 20,000 deals each)")


if __name__ == "__main__":
    main()
