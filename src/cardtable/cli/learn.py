"""``cardtable train GAME``: train the learned bot (the trainer is :mod:`cardtable.rl.train`)."""

from __future__ import annotations

import importlib
import json
import shlex
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

import cardtable as ct

console = Console()


def train(game: Annotated[str, typer.Argument(help="game id, e.g. nap (cardtable list shows them all)",
                                              show_default=False)],
          hours: Annotated[float, typer.Option(help="CPU hours to spend, counting the worker processes")] = 0.25,
          jobs: Annotated[int, typer.Option(min=1, help="worker processes that play the deals and duels")] = 1,
          seed: Annotated[int, typer.Option(help="seed of the run")] = 0,
          out: Annotated[str | None, typer.Option(metavar="DIR",
                         help="folder for the checkpoints and the curve (default: learning/GAME)")] = None,
          resume: Annotated[bool, typer.Option("--resume", help="continue the run saved in the folder")] = False,
          deals: Annotated[int, typer.Option(min=10, help="deals played in each round")] = 1500,
          eval_deals: Annotated[int, typer.Option(min=2, help="duplicate deals of each duel against the "
                                                  "heuristic bot after a round")] = 200,
          rounds: Annotated[int, typer.Option(min=0, help="stop after this many rounds (0: when the hours are "
                                              "spent)")] = 0,
          backend: Annotated[str, typer.Option(metavar="torch|numpy", help="torch (the learn extra), or numpy "
                                               "(no torch needed, slower)")] = "torch",
          ship: Annotated[bool, typer.Option("--ship", help="copy the kept weights into the package and the "
                                             "curve into docs/learning")] = False,
          ) -> None:
    """Train the learned bot of a game by self-play (needs torch); checkpoints, a learning curve and its plot."""
    def fail(message: str) -> None:
        console.print(f"[red]error:[/] {escape(message)}")
        raise typer.Exit(2)

    try:
        gid = ct.game_info(game).id
    except ct.RulesError as e:
        fail(str(e))
    try:
        import matplotlib  # noqa: F401
        import numpy  # noqa: F401

        trainer = importlib.import_module("cardtable.rl.train")  # a sibling of the CLI, loaded when used
    except ImportError as e:
        fail(f"training needs torch, matplotlib and numpy ({e.name} is missing): pip install 'cardtable[learn]'")
    folder = out or f"learning/{gid}"
    run, ship_run = trainer.train, trainer.ship
    cfg = _config(trainer.TrainConfig, gid, folder, resume, hours=hours, jobs=jobs, seed=seed, deals=deals,
                  eval_deals=eval_deals, rounds=rounds, backend=backend)
    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.percentage:>3.0f}% of the "
                      "CPU budget"), TimeElapsedColumn(), console=console) as prog:
            meta = run(cfg, resume=resume, progress=prog)
    except (ValueError, ct.RulesError) as e:
        fail(str(e))
    vh, vr = meta["duel_vs_heuristic"], meta["duel_vs_random"]
    console.print(f"kept round {meta['kept_round']} of {meta['rounds']} ({meta['head']} head), "
                  f"{meta['cpu_seconds']:.0f} CPU seconds")
    console.print(f"against the heuristic bot: {vh['mean']:+.3f} ± {vh['ci95']:.3f} a deal over {vh['deals']} "
                  f"duplicate deals; against random: {vr['mean']:+.3f} ± {vr['ci95']:.3f}")
    console.print(f"checkpoints and the learning curve (curve.csv, curve.png) in {escape(folder)}")
    if ship:
        for p in ship_run(Path(folder), gid, Path("docs/learning")):
            console.print(f"wrote {escape(str(p))}")


def _config(TrainConfig: Any, gid: str, folder: str, resume: bool, *, hours: float, jobs: int, seed: int,
            deals: int, eval_deals: int, rounds: int, backend: str) -> Any:
    """The run's settings: those given, or with ``resume`` those saved in the folder with the new budget and
    workers; the command that started it is kept with them."""
    cfg = TrainConfig(game=gid, hours=hours, jobs=jobs, seed=seed, out=folder, deals=deals, eval_deals=eval_deals,
                      rounds=rounds, backend=backend, command=shlex.join([
                          "cardtable", "train", gid, "--hours", str(hours), "--seed", str(seed), "--deals",
                          str(deals), "--eval-deals", str(eval_deals), "--backend", backend,
                          *(["--rounds", str(rounds)] if rounds else [])]))
    state = Path(folder) / "state.json"
    if resume and state.exists():  # the run's own settings, with the new budget and workers
        saved = json.loads(state.read_text())["config"]
        cfg = TrainConfig(**{**saved, "hours": hours, "jobs": jobs, "rounds": rounds,
                             "hidden": tuple(saved["hidden"]), "command": cfg.command})
    return cfg


def register(app: typer.Typer) -> None:
    """Add ``train`` to the ``cardtable`` command."""
    app.command("train")(train)
