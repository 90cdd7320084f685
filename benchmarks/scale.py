"""Scale-out benchmark (not a test): simulate deals/s with 1 and 2 local processes and with Ray.

    python benchmarks/scale.py --game nap --deals 20000 --bots random
    python benchmarks/scale.py --game three-card-loo --deals 600 --bots heuristic
    python benchmarks/scale.py --deals 20000 --records /tmp     # also write every deal as .parquet

Each backend plays the same deals (same seed); the table says whether their per-deal results are identical.
Ray is started first and its start-up is reported apart (it is paid once per run, not per deal).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import Any

from cardtable.bots import arena
from cardtable.scale import RecordWriter, runner_for


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="nap")
    ap.add_argument("--deals", type=int, default=4000)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--ray-cpus", type=int, default=2)
    ap.add_argument("--records", metavar="DIR", help="also write each run's deals to DIR/<backend>.parquet")
    ap.add_argument("--skip-ray", action="store_true", help="local processes only")
    args = ap.parse_args()
    backends: list[tuple[str, Callable[[], Any]]] = [
        ("local, 1 process", lambda: runner_for("local", 1)),
        ("local, 2 processes", lambda: runner_for("local", 2)),
        (f"ray, {args.ray_cpus} CPUs (local)", lambda: runner_for("ray", args.ray_cpus)),
    ]
    rows, reference = [], None
    for label, make in backends[:2] if args.skip_ray else backends:
        t0 = time.perf_counter()
        runner = make()
        if label.startswith("ray"):
            arena.simulate(args.game, [args.bots], 8, seed=2, runner=runner)  # workers up before timing
            print(f"ray start-up and a first small run: {time.perf_counter() - t0:.1f} s")
        writer = None
        if args.records:
            name = "-".join(label.replace(",", "").replace("(", "").replace(")", "").split())
            writer = RecordWriter(os.path.join(args.records, name + ".parquet"))
        t = time.perf_counter()
        res = arena.simulate(args.game, [args.bots], args.deals, seed=1, runner=runner,
                             on_record=writer.write if writer else None)
        if writer:
            writer.close()
        secs = time.perf_counter() - t
        same = reference is None or res.per_deal == reference
        reference = reference or res.per_deal
        rows.append((label, args.deals / secs, secs, same))
        print(f"{label}: {args.deals / secs:,.0f} deals/s", flush=True)
    print(f"\n| backend | deals/s | seconds | same results | ({args.game}, {args.deals} deals, bots {args.bots}"
          f"{', records written' if args.records else ''})")
    print("| --- | --- | --- | --- |")
    for label, rate, secs, same in rows:
        print(f"| {label} | {rate:,.0f} | {secs:.1f} | {'yes' if same else 'NO'} |")


if __name__ == "__main__":
    main()
