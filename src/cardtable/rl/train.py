"""Training the learned bot (:mod:`cardtable.rl.learned`): ``cardtable train GAME``.

The recipe, in rounds, within a CPU budget:

1. **Play.** Deals are played with the heuristic bot in every seat in the first round; from the second on,
   each seat is the current network (with the head that won the last duel) or the heuristic bot, by a coin
   toss per seat and deal, so the network learns against a mix of the heuristic and itself. Every seat
   explores: with probability ``explore`` it plays a random legal action instead. At every decision with
   more than one legal action the trainer keeps the acting seat's observation (its own view, encoded), the
   legal actions, the heuristic bot's choice there, the action taken, and, once the deal is over, the
   acting seat's result in chips.
2. **Learn.** One network, two heads, trained on the latest rounds' decisions: the policy head copies the
   heuristic bot's choice (cross-entropy over the legal actions: behaviour cloning, with the states the
   network itself reaches, as in DAgger), and the value head regresses the taken action's value on the
   deal's final result for the acting seat (Monte-Carlo targets, as DouZero's Deep Monte-Carlo does).
3. **Judge.** A duplicate duel against the heuristic bot for each head (seeded deals never used in play);
   the checkpoint and head with the best mean are kept (``best/``), and every round adds a line to the
   learning curve (``curve.csv``, plotted in ``curve.png``).

State is saved after every round (``state.pt`` and ``buffer.npz``), so ``--resume`` continues where a run
stopped. Torch is needed here only; the bot plays in NumPy.
"""

from __future__ import annotations

import csv
import datetime as _dt
import itertools
import json
import math
import random
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

import cardtable as ct

from .encode import encoder
from .flat import flat_actions, flat_reason
from .learned import Network, layout_digest

__all__ = ["COLUMNS", "TrainConfig", "cpu_seconds", "train"]

COLUMNS = ["round", "deals", "samples", "cpu_seconds", "policy_loss", "value_loss", "policy_vs_heuristic",
           "policy_ci95", "value_vs_heuristic", "value_ci95", "head", "vs_random", "vs_random_ci95", "kept"]
"""The columns of the learning curve (``curve.csv``): one line per round; duel means are chips a deal."""

INSTALL = "pip install 'cardtable[learn]'"


def cpu_seconds() -> float:
    """CPU seconds used by this process and its finished worker processes."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


@dataclass
class TrainConfig:
    """The settings of a training run (all saved with its checkpoint)."""

    game: str
    hours: float = 0.25
    jobs: int = 1
    seed: int = 0
    out: str = ""
    deals: int = 1500
    eval_deals: int = 200
    random_deals: int = 60
    rounds: int = 0
    hidden: tuple[int, ...] = (256, 256)
    explore: float = 0.05
    window: int = 4
    epochs: int = 3
    batch: int = 256
    lr: float = 1e-3
    players: int | None = None
    command: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def _require_torch() -> Any:
    try:
        import torch
    except ImportError:
        raise SystemExit(f"training needs torch: {INSTALL} (a CPU build of torch is enough)") from None
    return torch


# ---------------------------------------------------------------------------------------------- play
def _deal_seed(seed: int, rnd: int, i: int) -> int:
    return (seed * 1_000_003 + rnd * 104_729 + i * 7919 + 11) % (2**62)


def _play_chunk(args: tuple[str, int, int, int, list[int], dict[str, np.ndarray] | None, dict[str, Any] | None,
                            float]) -> dict[str, np.ndarray]:
    """Play some deals of one round and return their decisions (see the module text)."""
    game_id, players, seed, rnd, indices, arrays, meta, explore = args
    game = ct.load(game_id, players=players)
    opts = tuple(sorted(game.options.as_dict().items()))
    enc = encoder(game_id, game.players, opts, prefix=False)
    flat = flat_actions(game_id, opts)
    net = Network(arrays, meta) if arrays is not None and meta is not None else None
    head = meta.get("head", "policy") if meta else "policy"
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    labels: list[int] = []
    taken: list[int] = []
    returns: list[float] = []
    for i in indices:
        s = _deal_seed(seed, rnd, i)
        rng = random.Random(s)
        deal = game.deal(seed=s, dealer=i % game.players)
        heur = [ct.bots.load("heuristic", seed=s + k) for k in range(game.players)]
        learner = [net is not None and rng.random() < 0.5 for _ in range(game.players)]
        seats: list[int] = []
        while not deal.over:
            seat = deal.turn
            assert seat is not None
            legal = deal.legal(claims=False)
            if len(legal) == 1:
                deal.act(legal[0], seat=seat)
                continue
            ids = flat.ids(legal)
            x = enc.encode(deal.view(seat))
            label = heur[seat].choose(deal, seat)
            if rng.random() < explore:
                action = rng.choice(legal)
            elif learner[seat] and net is not None:
                logits, q = net.forward(x[None, :])
                score = (q if head == "value" else logits)[0, ids]
                action = legal[int(np.argmax(score))]
            else:
                action = label
            m = np.zeros(flat.n, dtype=bool)
            m[ids] = True
            obs.append(x.astype(np.float16))
            masks.append(m)
            labels.append(ids[legal.index(label)])
            taken.append(ids[legal.index(action)])
            seats.append(seat)
            deal.act(action, seat=seat)
        deltas = [float(Fraction(v)) for v in deal.result().deltas]
        returns.extend(deltas[k] for k in seats)
    size = enc.size
    return {"obs": np.array(obs, dtype=np.float16).reshape(-1, size), "mask": np.array(masks, dtype=bool)
            .reshape(-1, flat.n), "label": np.array(labels, np.int64), "taken": np.array(taken, np.int64),
            "ret": np.array(returns, np.float32)}


def _play_round(cfg: TrainConfig, rnd: int, arrays: dict[str, np.ndarray] | None, meta: dict[str, Any] | None,
                pool: ProcessPoolExecutor | None, tick: Callable[[], None]) -> dict[str, np.ndarray]:
    chunks = [list(range(k, min(k + 50, cfg.deals))) for k in range(0, cfg.deals, 50)]
    args = [(cfg.game, cfg.players, cfg.seed, rnd, c, arrays, meta, cfg.explore) for c in chunks]
    parts = []
    for part in (pool.map(_play_chunk, args) if pool else map(_play_chunk, args)):
        parts.append(part)
        tick()
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


# ---------------------------------------------------------------------------------------------- learn
def _model(torch: Any, inputs: int, hidden: tuple[int, ...], actions: int) -> Any:
    nn = torch.nn

    class Net(nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            sizes = [inputs, *hidden]
            self.trunk = nn.ModuleList(nn.Linear(a, b) for a, b in itertools.pairwise(sizes))
            self.policy = nn.Linear(sizes[-1], actions)
            self.value = nn.Linear(sizes[-1], actions)

        def forward(self, x: Any) -> tuple[Any, Any]:
            for layer in self.trunk:
                x = torch.relu(layer(x))
            return self.policy(x), self.value(x)

    return Net()


def _arrays(model: Any) -> dict[str, np.ndarray]:
    out = {}
    for i, layer in enumerate(model.trunk):
        out[f"w{i}"] = layer.weight.detach().numpy().T.copy()
        out[f"b{i}"] = layer.bias.detach().numpy().copy()
    out["wp"], out["bp"] = model.policy.weight.detach().numpy().T.copy(), model.policy.bias.detach().numpy().copy()
    out["wq"], out["bq"] = model.value.weight.detach().numpy().T.copy(), model.value.bias.detach().numpy().copy()
    return out


def _learn(torch: Any, model: Any, opt: Any, data: dict[str, np.ndarray], cfg: TrainConfig, scale: float,
           gen: np.random.Generator, tick: Callable[[], None]) -> tuple[float, float]:
    n = len(data["label"])
    pl_sum = vl_sum = 0.0
    steps = 0
    for _ in range(cfg.epochs):
        order = gen.permutation(n)
        for k in range(0, n, cfg.batch):
            idx = order[k:k + cfg.batch]
            x = torch.from_numpy(data["obs"][idx].astype(np.float32))
            mask = torch.from_numpy(data["mask"][idx])
            label = torch.from_numpy(data["label"][idx])
            taken = torch.from_numpy(data["taken"][idx])
            ret = torch.from_numpy(data["ret"][idx] / scale)
            logits, q = model(x)
            logits = logits.masked_fill(~mask, -1e9)
            pl = torch.nn.functional.cross_entropy(logits, label)
            vl = torch.nn.functional.mse_loss(q.gather(1, taken[:, None])[:, 0], ret)
            opt.zero_grad()
            (pl + vl).backward()
            opt.step()
            pl_sum += pl.item()
            vl_sum += vl.item()
            steps += 1
            if steps % 50 == 0:
                tick()
    return pl_sum / max(steps, 1), vl_sum / max(steps, 1)


# ---------------------------------------------------------------------------------------------- judge
def _write_weights(path: Path, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **{k: v.astype(np.float16) for k, v in arrays.items()})
    path.with_suffix(".json").write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n")


def _duel(cfg: TrainConfig, weights: Path, head: str, against: str, deals: int, seed: int) -> tuple[float, float]:
    from ..bots.arena import duel

    r = duel(cfg.game, ("learned", {"weights": str(weights), "head": head}), against, deals=deals, seed=seed,
             players=cfg.players, jobs=cfg.jobs)
    return r.mean, r.ci95


def _commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=10,
                             cwd=Path(__file__).parent)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def plot(curve: Path, png: Path, title: str) -> None:
    """The learning curve as a picture: both heads against the heuristic bot, with their 95% intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = list(csv.DictReader(curve.open()))
    fig, ax = plt.subplots(figsize=(7, 4))
    x = [float(r["cpu_seconds"]) / 60 for r in rows]
    for name, label in (("policy", "policy head"), ("value", "value head")):
        y = [float(r[f"{name}_vs_heuristic"]) for r in rows]
        e = [float(r[f"{name}_ci95"]) for r in rows]
        ax.errorbar(x, y, yerr=e, marker="o", capsize=3, label=label)
    ax.axhline(0.0, color="grey", lw=1, ls="--", label="level with the heuristic bot")
    ax.set_xlabel("training CPU minutes")
    ax.set_ylabel("chips a deal against the heuristic bot (duplicate)")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    png.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png, dpi=90)
    plt.close(fig)


# ---------------------------------------------------------------------------------------------- run
def train(cfg: TrainConfig, resume: bool = False, progress: Any = None) -> dict[str, Any]:
    """Train (or, with ``resume``, continue training) the learned bot of ``cfg.game`` into ``cfg.out``;
    returns the kept checkpoint's sidecar. ``progress``: a Rich ``Progress`` to report on, or None."""
    torch = _require_torch()
    torch.set_num_threads(1)
    game = ct.load(cfg.game, players=cfg.players)
    opts = tuple(sorted(game.options.as_dict().items()))
    reason = flat_reason(cfg.game, dict(opts))
    if reason:
        raise ValueError(f"{cfg.game} cannot be learned by this bot: it has no flat action space ({reason})")
    enc = encoder(cfg.game, game.players, opts, prefix=False)
    flat = flat_actions(cfg.game, opts)
    out = Path(cfg.out or f"learning/{cfg.game}")
    state_path, buffer_path, curve = out / "state.pt", out / "buffer.npz", out / "curve.csv"
    if resume and not state_path.exists():
        raise ValueError(f"nothing to resume in {str(out)!r}: no checkpoint there (state.pt); start without --resume")
    if not resume and state_path.exists():
        raise ValueError(f"{str(out)!r} already holds a run: add --resume to continue it, or choose another --out")
    out.mkdir(parents=True, exist_ok=True)
    torch.manual_seed(cfg.seed)
    model = _model(torch, enc.size, tuple(cfg.hidden), flat.n)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    gen = np.random.default_rng(cfg.seed)
    rnd, used, scale = 0, 0.0, 0.0
    best: dict[str, Any] = {"mean": -math.inf}
    buffer: list[dict[str, np.ndarray]] = []
    if resume:
        st = torch.load(state_path, weights_only=False)
        model.load_state_dict(st["model"])
        opt.load_state_dict(st["opt"])
        rnd, used, scale, best = st["round"], st["cpu"], st["scale"], st["best"]
        gen.bit_generator.state = st["gen"]
        with np.load(buffer_path) as z:
            keys = sorted({k.split(":")[1] for k in z.files})
            buffer = [{k: z[f"{r}:{k}"] for k in keys} for r in sorted({int(f.split(":")[0]) for f in z.files})]
    else:
        with curve.open("w", newline="") as f:
            csv.writer(f).writerow(COLUMNS)
    base_meta = {"game": cfg.game, "players": game.players, "options": json.dumps(dict(opts), sort_keys=True,
                 default=str), "layout": layout_digest(enc), "inputs": enc.size, "actions": flat.n,
                 "layers": len(cfg.hidden), "hidden": list(cfg.hidden)}
    budget = cfg.hours * 3600
    start = cpu_seconds() - used
    task = progress.add_task(f"training {cfg.game}", total=budget) if progress else None

    def tick(what: str = "") -> None:
        if progress is not None:
            progress.update(task, completed=min(budget, cpu_seconds() - start),
                            description=f"{cfg.game} round {rnd + 1}{': ' + what if what else ''}")

    pool = ProcessPoolExecutor(max_workers=cfg.jobs) if cfg.jobs > 1 else None
    try:
        while cpu_seconds() - start < budget and (not cfg.rounds or rnd < cfg.rounds):
            meta_now = None
            arrays_now = None
            if rnd > 0:
                arrays_now = _arrays(model)
                meta_now = {**base_meta, "value_scale": scale, "head": best.get("head", "policy")}
            data = _play_round(cfg, rnd, arrays_now, meta_now, pool, lambda: tick("playing"))
            if rnd == 0:
                scale = float(np.std(data["ret"])) or 1.0
            buffer = [*buffer, data][-cfg.window:]
            joined = {k: np.concatenate([b[k] for b in buffer]) for k in data}
            pl, vl = _learn(torch, model, opt, joined, cfg, scale, gen, lambda: tick("learning"))
            rnd += 1
            tick("duels")
            cand = out / "candidate" / f"{cfg.game}.npz"
            arrays = _arrays(model)
            _write_weights(cand, arrays, {**base_meta, "value_scale": scale, "head": "policy"})
            eval_seed = 900_000 + cfg.seed
            duels = {h: _duel(cfg, cand, h, "heuristic", cfg.eval_deals, eval_seed) for h in ("policy", "value")}
            head = max(duels, key=lambda h: duels[h][0])
            vr = _duel(cfg, cand, head, "random", cfg.random_deals, eval_seed + 1)
            kept = duels[head][0] > best["mean"]
            used = cpu_seconds() - start
            if kept:
                best = {"mean": duels[head][0], "ci95": duels[head][1], "head": head, "round": rnd,
                        "vs_random": vr[0], "vs_random_ci95": vr[1]}
                shutil.copy(cand, out / "best.npz")
                shutil.copy(cand.with_suffix(".json"), out / "best.json")
            row = [rnd, rnd * cfg.deals, len(joined["label"]), round(used, 1), round(pl, 4), round(vl, 4),
                   round(duels["policy"][0], 4), round(duels["policy"][1], 4), round(duels["value"][0], 4),
                   round(duels["value"][1], 4), head, round(vr[0], 4), round(vr[1], 4), int(kept)]
            with curve.open("a", newline="") as f:
                csv.writer(f).writerow(row)
            meta = {**base_meta, "value_scale": scale, "head": best["head"], "command": cfg.command,
                    "seed": cfg.seed, "cpu_seconds": round(used, 1), "commit": _commit(),
                    "date": _dt.date.today().isoformat(), "rounds": rnd, "deals_per_round": cfg.deals,
                    "kept_round": best["round"], "config": {k: v for k, v in asdict(cfg).items() if k != "command"},
                    "duel_vs_heuristic": {"mean": round(best["mean"], 4), "ci95": round(best["ci95"], 4),
                                          "deals": cfg.eval_deals, "seed": eval_seed},
                    "duel_vs_random": {"mean": round(best["vs_random"], 4), "ci95": round(best["vs_random_ci95"], 4),
                                       "deals": cfg.random_deals, "seed": eval_seed + 1}}
            (out / "best.json").write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n")
            torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "round": rnd, "cpu": used,
                        "scale": scale, "best": best, "gen": gen.bit_generator.state, "config": asdict(cfg)},
                       state_path)
            np.savez(buffer_path, **{f"{r}:{k}": v for r, b in enumerate(buffer) for k, v in b.items()})
            plot(curve, out / "curve.png", f"{game.name}: the learned bot against the heuristic bot")
            tick()
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    if not (out / "best.json").exists():
        raise ValueError("the budget ended before the first round did: give more --hours or fewer --deals")
    return dict(json.loads((out / "best.json").read_text()))


def ship(out: Path, game_id: str, docs: Path) -> list[Path]:
    """Copy a run's kept weights into the package and its learning curve into ``docs`` (``<game>.csv``,
    ``<game>.png``); returns the files written."""
    weights = Path(__file__).parent / "weights"
    weights.mkdir(exist_ok=True)
    docs.mkdir(parents=True, exist_ok=True)
    pairs = [(out / "best.npz", weights / f"{game_id}.npz"), (out / "best.json", weights / f"{game_id}.json"),
             (out / "curve.csv", docs / f"{game_id}.csv"), (out / "curve.png", docs / f"{game_id}.png")]
    for src, dst in pairs:
        shutil.copy(src, dst)
    return [d for _, d in pairs]


def main_command() -> str:
    """The command line of this process, as the sidecar records it."""
    return " ".join(["cardtable", *sys.argv[1:]]) if sys.argv and sys.argv[0].endswith("cardtable") else \
        " ".join(sys.argv)

