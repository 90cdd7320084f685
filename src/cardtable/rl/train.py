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
import shlex
import shutil
import subprocess
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

import cardtable as ct

from .encode import encoder
from .flat import flat_actions, flat_reason
from .learned import Network, head_scores, layout_digest

__all__ = ["BACKENDS", "COLUMNS", "NumpyLearner", "TorchLearner", "TrainConfig", "cpu_seconds", "ship", "train"]

HEADS = ("policy", "value", "blend")
"""The heads judged after every round (see :data:`cardtable.rl.learned.HEADS`)."""

COLUMNS = ["round", "deals", "samples", "cpu_seconds", "policy_loss", "value_loss", "policy_vs_heuristic",
           "policy_ci95", "value_vs_heuristic", "value_ci95", "blend_vs_heuristic", "blend_ci95", "head",
           "vs_random", "vs_random_ci95", "kept"]
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
    random_deals: int = 0
    """Duplicate deals of the duel against random after each round (0: a third of ``eval_deals``)."""
    rounds: int = 0
    hidden: tuple[int, ...] = (256, 256)
    explore: float = 0.05
    window: int = 4
    epochs: int = 3
    batch: int = 256
    lr: float = 1e-3
    players: int | None = None
    backend: str = "torch"
    command: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


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
                lg = logits[0, ids]
                prob = np.exp(lg - lg.max())
                action = legal[int(np.argmax(head_scores(prob / prob.sum(), q[0, ids], head)))]
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
def _batches(data: dict[str, np.ndarray], cfg: TrainConfig, scale: float, gen: np.random.Generator
             ) -> Iterator[tuple[np.ndarray, ...]]:
    n = len(data["label"])
    for _ in range(cfg.epochs):
        order = gen.permutation(n)
        for k in range(0, n, cfg.batch):
            idx = np.sort(order[k:k + cfg.batch])
            yield (data["obs"][idx].astype(np.float32), data["mask"][idx], data["label"][idx], data["taken"][idx],
                   (data["ret"][idx] / scale).astype(np.float32))


class TorchLearner:
    """The network and its Adam optimiser in torch (the ``torch`` backend, the default)."""

    def __init__(self, cfg: TrainConfig, inputs: int, actions: int) -> None:
        try:
            import torch
        except ImportError:
            raise ValueError(f"training needs torch: {INSTALL} (a CPU build of torch is enough), or train with "
                             "--backend numpy (slower)") from None
        self.torch = torch
        torch.set_num_threads(1)
        torch.manual_seed(cfg.seed)
        nn = torch.nn
        sizes = [inputs, *cfg.hidden]

        class Net(nn.Module):  # type: ignore[misc]
            def __init__(self) -> None:
                super().__init__()
                self.trunk = nn.ModuleList(nn.Linear(a, b) for a, b in itertools.pairwise(sizes))
                self.policy = nn.Linear(sizes[-1], actions)
                self.value = nn.Linear(sizes[-1], actions)

            def forward(self, x: Any) -> tuple[Any, Any]:
                for layer in self.trunk:
                    x = torch.relu(layer(x))
                return self.policy(x), self.value(x)

        self.model = Net()
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg.lr)

    def arrays(self) -> dict[str, np.ndarray]:
        m = self.model
        out = {}
        for i, layer in enumerate(m.trunk):
            out[f"w{i}"], out[f"b{i}"] = layer.weight.detach().numpy().T.copy(), layer.bias.detach().numpy().copy()
        out["wp"], out["bp"] = m.policy.weight.detach().numpy().T.copy(), m.policy.bias.detach().numpy().copy()
        out["wq"], out["bq"] = m.value.weight.detach().numpy().T.copy(), m.value.bias.detach().numpy().copy()
        return out

    def step(self, x: np.ndarray, mask: np.ndarray, label: np.ndarray, taken: np.ndarray, ret: np.ndarray
             ) -> tuple[float, float]:
        t = self.torch
        logits, q = self.model(t.from_numpy(x))
        logits = logits.masked_fill(~t.from_numpy(mask), -1e9)
        pl = t.nn.functional.cross_entropy(logits, t.from_numpy(label))
        vl = t.nn.functional.mse_loss(q.gather(1, t.from_numpy(taken)[:, None])[:, 0], t.from_numpy(ret))
        self.opt.zero_grad()
        (pl + vl).backward()
        self.opt.step()
        return pl.item(), vl.item()

    def save(self, path: Path) -> None:
        self.torch.save({"model": self.model.state_dict(), "opt": self.opt.state_dict()}, path)

    def load(self, path: Path) -> None:
        st = self.torch.load(path, weights_only=False)
        self.model.load_state_dict(st["model"])
        self.opt.load_state_dict(st["opt"])


class NumpyLearner:
    """The same network, loss and Adam optimiser in NumPy (the ``numpy`` backend: no torch needed, slower;
    for small runs and machines without torch)."""

    B1, B2, EPS = 0.9, 0.999, 1e-8

    def __init__(self, cfg: TrainConfig, inputs: int, actions: int) -> None:
        rng = np.random.default_rng(cfg.seed)
        sizes = [inputs, *cfg.hidden]
        self.n = len(cfg.hidden)
        self.p: dict[str, np.ndarray] = {}
        shapes = [(f"{i}", a, b) for i, (a, b) in enumerate(itertools.pairwise(sizes))]
        shapes += [("p", sizes[-1], actions), ("q", sizes[-1], actions)]
        for name, a, b in shapes:  # torch's default initialisation of a linear layer
            bound = 1 / math.sqrt(a)
            self.p[f"w{name}"] = rng.uniform(-bound, bound, (a, b)).astype(np.float32)
            self.p[f"b{name}"] = rng.uniform(-bound, bound, b).astype(np.float32)
        self.m = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.t = 0
        self.lr = cfg.lr

    def arrays(self) -> dict[str, np.ndarray]:
        return {k: v.copy() for k, v in self.p.items()}

    def step(self, x: np.ndarray, mask: np.ndarray, label: np.ndarray, taken: np.ndarray, ret: np.ndarray
             ) -> tuple[float, float]:
        p, rows = self.p, np.arange(len(label))
        hs, h = [x], x
        for i in range(self.n):
            h = np.maximum(h @ p[f"w{i}"] + p[f"b{i}"], 0.0)
            hs.append(h)
        logits = np.where(mask, h @ p["wp"] + p["bp"], -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        prob = np.exp(logits)
        prob /= prob.sum(axis=1, keepdims=True)
        pl = float(-np.log(prob[rows, label] + 1e-12).mean())
        qa = (h @ p["wq"] + p["bq"])[rows, taken]
        vl = float(((qa - ret) ** 2).mean())
        d_logits = prob
        d_logits[rows, label] -= 1.0
        d_logits /= len(label)
        d_q = np.zeros_like(d_logits)
        d_q[rows, taken] = 2 * (qa - ret) / len(label)
        g = {"wp": h.T @ d_logits, "bp": d_logits.sum(0), "wq": h.T @ d_q, "bq": d_q.sum(0)}
        dh = d_logits @ p["wp"].T + d_q @ p["wq"].T
        for i in reversed(range(self.n)):
            dz = dh * (hs[i + 1] > 0)
            g[f"w{i}"], g[f"b{i}"] = hs[i].T @ dz, dz.sum(0)
            dh = dz @ p[f"w{i}"].T
        self.t += 1
        for k, grad in g.items():  # Adam (Kingma and Ba 2015), as torch.optim.Adam
            self.m[k] = self.B1 * self.m[k] + (1 - self.B1) * grad
            self.v[k] = self.B2 * self.v[k] + (1 - self.B2) * grad * grad
            mhat = self.m[k] / (1 - self.B1 ** self.t)
            vhat = self.v[k] / (1 - self.B2 ** self.t)
            p[k] -= (self.lr * mhat / (np.sqrt(vhat) + self.EPS)).astype(np.float32)
        return pl, vl

    def save(self, path: Path) -> None:
        arrays = {f"p:{k}": v for k, v in self.p.items()} | {f"m:{k}": v for k, v in self.m.items()}
        arrays |= {f"v:{k}": v for k, v in self.v.items()}
        with path.open("wb") as f:
            np.savez(f, t=np.array(self.t), **arrays)

    def load(self, path: Path) -> None:
        with np.load(path) as z:
            self.t = int(z["t"])
            for store, tag in ((self.p, "p"), (self.m, "m"), (self.v, "v")):
                for k in store:
                    store[k] = z[f"{tag}:{k}"]


BACKENDS = {"torch": TorchLearner, "numpy": NumpyLearner}
"""The learners: torch (the ``learn`` extra) or NumPy."""


def _learn(learner: Any, data: dict[str, np.ndarray], cfg: TrainConfig, scale: float, gen: np.random.Generator,
           tick: Callable[[], None]) -> tuple[float, float]:
    pl_sum = vl_sum = 0.0
    steps = 0
    for batch in _batches(data, cfg, scale, gen):
        pl, vl = learner.step(*batch)
        pl_sum += pl
        vl_sum += vl
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
    for name, label in (("policy", "policy head"), ("value", "value head"), ("blend", "blend head")):
        if f"{name}_vs_heuristic" not in rows[0]:
            continue
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
    game, opts, enc, flat, out = _run_folder(cfg, resume)
    learner = BACKENDS[cfg.backend](cfg, enc.size, flat.n)
    gen = np.random.default_rng(cfg.seed)
    rnd, used, scale, best, buffer = _start(out, resume, learner, gen)
    base_meta = {"game": cfg.game, "players": game.players, "options": json.dumps(dict(opts), sort_keys=True,
                 default=str), "layout": layout_digest(enc), "inputs": enc.size, "actions": flat.n,
                 "layers": len(cfg.hidden), "hidden": list(cfg.hidden)}
    budget = cfg.hours * 3600
    random_deals = cfg.random_deals or max(2, cfg.eval_deals // 3)
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
                arrays_now = learner.arrays()
                meta_now = {**base_meta, "value_scale": scale, "head": best.get("head", "policy")}
            data = _play_round(cfg, rnd, arrays_now, meta_now, pool, lambda: tick("playing"))
            if rnd == 0:
                scale = float(np.std(data["ret"])) or 1.0
            buffer = [*buffer, data][-cfg.window:]
            joined = {k: np.concatenate([b[k] for b in buffer]) for k in data}
            pl, vl = _learn(learner, joined, cfg, scale, gen, lambda: tick("learning"))
            rnd += 1
            tick("duels")
            best, used = _judge(cfg, out, learner, {**base_meta, "value_scale": scale}, best, rnd, random_deals,
                                start, (len(joined["label"]), pl, vl))
            _save_round(cfg, out, learner, gen, {**base_meta, "value_scale": scale}, best, used, rnd, random_deals,
                        buffer)
            plot(out / "curve.csv", out / "curve.png", f"{game.name}: the learned bot against the heuristic bot")
            tick()
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    if not (out / "best.json").exists():
        raise ValueError("the budget ended before the first round did: give more --hours or fewer --deals")
    return dict(json.loads((out / "best.json").read_text()))


def _run_folder(cfg: TrainConfig, resume: bool) -> tuple[ct.Game, tuple[tuple[str, Any], ...], Any, Any, Path]:
    """The game, its options, encoder and flat actions, and the run's folder (made if need be); raises
    ``ValueError`` if the game cannot be learned, or the folder holds no run to resume (or one not to resume)."""
    if cfg.backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {cfg.backend!r}")
    game = ct.load(cfg.game, players=cfg.players)
    opts = tuple(sorted(game.options.as_dict().items()))
    reason = flat_reason(cfg.game, dict(opts))
    if reason:
        raise ValueError(f"{cfg.game} cannot be learned by this bot: it has no flat action space ({reason})")
    enc = encoder(cfg.game, game.players, opts, prefix=False)
    flat = flat_actions(cfg.game, opts)
    out = Path(cfg.out or f"learning/{cfg.game}")
    state_path = out / "state.json"
    if resume and not state_path.exists():
        raise ValueError(f"nothing to resume in {str(out)!r}: no checkpoint there (state.json); start without --resume")
    if not resume and state_path.exists():
        raise ValueError(f"{str(out)!r} already holds a run: add --resume to continue it, or choose another --out")
    out.mkdir(parents=True, exist_ok=True)
    return game, opts, enc, flat, out


def _start(out: Path, resume: bool, learner: Any, gen: np.random.Generator
           ) -> tuple[int, float, float, dict[str, Any], list[dict[str, np.ndarray]]]:
    """Where the run starts: its round, CPU seconds used, value scale, best duel so far and buffer of rounds,
    read back with ``resume`` (the learner and the generator too); else a new learning curve, with its header."""
    rnd, used, scale = 0, 0.0, 0.0
    best: dict[str, Any] = {"mean": -math.inf}
    buffer: list[dict[str, np.ndarray]] = []
    if resume:
        st = json.loads((out / "state.json").read_text())
        learner.load(out / "model.ckpt")
        rnd, used, scale, best = st["round"], st["cpu"], st["scale"], st["best"]
        gen.bit_generator.state = st["gen"]
        with np.load(out / "buffer.npz") as z:
            keys = sorted({k.split(":")[1] for k in z.files})
            buffer = [{k: z[f"{r}:{k}"] for k in keys} for r in sorted({int(f.split(":")[0]) for f in z.files})]
    else:
        with (out / "curve.csv").open("w", newline="") as f:
            csv.writer(f).writerow(COLUMNS)
    return rnd, used, scale, best, buffer


def _judge(cfg: TrainConfig, out: Path, learner: Any, meta: dict[str, Any], best: dict[str, Any], rnd: int,
           random_deals: int, start: float, learnt: tuple[int, float, float]) -> tuple[dict[str, Any], float]:
    """The round's duels: each head against the heuristic bot, the best head against random; the candidate is
    kept (``best.npz``) if it beats the best so far, and the round is added to the learning curve. Returns the
    best so far and the CPU seconds used. ``learnt``: the samples learnt from, and the policy and value losses."""
    cand = out / "candidate" / f"{cfg.game}.npz"
    arrays = learner.arrays()
    _write_weights(cand, arrays, {**meta, "head": "policy"})
    eval_seed = 900_000 + cfg.seed
    duels = {h: _duel(cfg, cand, h, "heuristic", cfg.eval_deals, eval_seed) for h in HEADS}
    head = max(duels, key=lambda h: duels[h][0])
    vr = _duel(cfg, cand, head, "random", random_deals, eval_seed + 1)
    kept = duels[head][0] > best["mean"]
    used = cpu_seconds() - start
    if kept:
        best = {"mean": duels[head][0], "ci95": duels[head][1], "head": head, "round": rnd,
                "vs_random": vr[0], "vs_random_ci95": vr[1]}
        shutil.copy(cand, out / "best.npz")
        shutil.copy(cand.with_suffix(".json"), out / "best.json")
    samples, pl, vl = learnt
    row = [rnd, rnd * cfg.deals, samples, round(used, 1), round(pl, 4), round(vl, 4)]
    row += [round(x, 4) for h in HEADS for x in duels[h]]
    row += [head, round(vr[0], 4), round(vr[1], 4), int(kept)]
    with (out / "curve.csv").open("a", newline="") as f:
        csv.writer(f).writerow(row)
    return best, used


def _save_round(cfg: TrainConfig, out: Path, learner: Any, gen: np.random.Generator, meta: dict[str, Any],
                best: dict[str, Any], used: float, rnd: int, random_deals: int,
                buffer: list[dict[str, np.ndarray]]) -> None:
    """After a round: the kept checkpoint's sidecar (``best.json``), the learner, the run's state and its buffer,
    so that ``--resume`` goes on from here."""
    eval_seed = 900_000 + cfg.seed
    meta = {**meta, "head": best["head"], "command": cfg.command,
            "seed": cfg.seed, "cpu_seconds": round(used, 1), "commit": _commit(),
            "date": _dt.date.today().isoformat(), "rounds": rnd, "deals_per_round": cfg.deals,
            "kept_round": best["round"], "config": {k: v for k, v in asdict(cfg).items() if k != "command"},
            "duel_vs_heuristic": {"mean": round(best["mean"], 4), "ci95": round(best["ci95"], 4),
                                  "deals": cfg.eval_deals, "seed": eval_seed},
            "duel_vs_random": {"mean": round(best["vs_random"], 4), "ci95": round(best["vs_random_ci95"], 4),
                               "deals": random_deals, "seed": eval_seed + 1}}
    (out / "best.json").write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n")
    learner.save(out / "model.ckpt")
    (out / "state.json").write_text(json.dumps({"round": rnd, "cpu": used, "scale": meta["value_scale"], "best": best,
                                                "gen": gen.bit_generator.state, "config": asdict(cfg)}, default=str))
    np.savez(out / "buffer.npz", **{f"{r}:{k}": v for r, b in enumerate(buffer) for k, v in b.items()})


def ship(out: Path, game_id: str, docs: Path) -> list[Path]:
    """Copy a run's kept weights into the package and its learning curve into ``docs`` (``<game>.csv``,
    ``<game>.png``); returns the files written. The shipped sidecar leaves out the run's folder (a path of the
    machine it ran on: the command gives the default one instead)."""
    weights = Path(__file__).parent / "weights"
    weights.mkdir(exist_ok=True)
    docs.mkdir(parents=True, exist_ok=True)
    pairs = [(out / "best.npz", weights / f"{game_id}.npz"), (out / "curve.csv", docs / f"{game_id}.csv"),
             (out / "curve.png", docs / f"{game_id}.png")]
    for src, dst in pairs:
        shutil.copy(src, dst)
    meta = json.loads((out / "best.json").read_text())
    words = shlex.split(meta.get("command", ""))
    for flag in ("--out",):
        while flag in words:
            k = words.index(flag)
            del words[k:k + 2]
    meta["command"] = shlex.join(words)
    meta.get("config", {}).pop("out", None)
    sidecar = weights / f"{game_id}.json"
    sidecar.write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n")
    return [pairs[0][1], sidecar, *(d for _, d in pairs[1:])]
