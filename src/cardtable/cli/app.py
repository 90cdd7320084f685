"""The ``cardtable`` command: list, rules, play, simulate, duel (and serve, replay when installed)."""

from __future__ import annotations

import os
import random
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn
from rich.prompt import Prompt
from rich.table import Table
from rich.text import Text

import cardtable as ct
from cardtable.bots import arena

from .render import action_text, cards_text, settlement_table, totals_table, view_panel

WS_MAX_SIZE = 1 << 20
"""The transport's frame limit (1 MiB): frames over the protocol's own limit but under this get an error
frame and the connection carries on; a larger one is closed by uvicorn (code 1009) as a flood."""

app = typer.Typer(help="Traditional card games: rules, bots, play and simulation.", no_args_is_help=True,
                  add_completion=False)
console = Console()


def parse_options(items: list[str] | None) -> dict[str, Any]:
    """``NAME=VALUE`` pairs into a dict (values are validated by the game)."""
    out: dict[str, Any] = {}
    for item in items or []:
        if "=" not in item:
            raise typer.BadParameter(f"option {item!r} must be written NAME=VALUE")
        k, v = item.split("=", 1)
        out[k.strip().replace("-", "_")] = v.strip()
    return out


def load_game(game: str, players: int | None, options: dict[str, Any]) -> ct.Game:
    """Load a game or exit with the error's message."""
    try:
        return ct.load(game, players=players, **options)
    except ct.RulesError as e:
        console.print(f"[red]error:[/] {e}")
        raise typer.Exit(2) from None


@app.command("list")
def list_games() -> None:
    """A table of the games."""
    t = Table(title="cardtable games")
    for col in ("id", "name", "family", "players", "options"):
        t.add_column(col)
    for g in ct.games():
        t.add_row(g.id, g.name, g.family, f"{g.min_players}–{g.max_players}", str(len(g.options)))
    console.print(t)


def rules_markdown(game_id: str) -> str:
    """The game's rules for players, with every option, as Markdown (the web app shows the same text)."""
    return ct.catalog.game_class(game_id).rules_text()


@app.command()
def rules(game: Annotated[str, typer.Argument(help="game id, e.g. nap")]) -> None:
    """The rules of a game, with every option, its default and what it changes."""
    try:
        text = rules_markdown(game)
    except ct.RulesError as e:
        console.print(f"[red]error:[/] {e}")
        raise typer.Exit(2) from None
    console.print(Markdown(text))


def ask_action(deal: ct.Deal, seat: int) -> str | None:
    """Show the legal actions numbered and read a choice; ``None`` to quit."""
    legal = deal.legal()
    t = Table.grid(padding=(0, 2))
    cols = 4 if len(legal) > 8 else 1
    cells = []
    for i, a in enumerate(legal, 1):
        cells.append(f"[cyan]{i:>2}[/] " + action_text(a).markup)
    for r in range(0, len(cells), cols):
        t.add_row(*cells[r:r + cols])
    console.print(t)
    while True:
        raw = Prompt.ask("your action (number or text, ? for help, q to quit)", console=console).strip()
        if raw.lower() in ("q", "quit", "exit"):
            return None
        if raw in ("?", "help"):
            console.print("Type the number of an action, or the action itself (e.g. [bold]QH[/], "
                          "[bold]pass[/], [bold]bid 3[/]).")
            continue
        if raw.isdigit():
            k = int(raw)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            console.print(f"[red]choose a number from 1 to {len(legal)}[/]")
            continue
        reason = deal.why_not(raw, seat)
        if reason is None:
            return raw
        console.print(f"[red]{reason}[/]")


@app.command()
def play(game: Annotated[str, typer.Argument(help="game id, e.g. nap")],
         players: Annotated[int | None, typer.Option("--players", "-p", help="number of players")] = None,
         seat: Annotated[int, typer.Option("--seat", "-s", help="your seat (0 = first)")] = 0,
         bot: Annotated[str, typer.Option("--bot", "-b", help="bot kind for the other seats")] = "heuristic",
         option: Annotated[list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE")] = None,
         seed: Annotated[int | None, typer.Option(help="random seed for the shuffles")] = None,
         deals: Annotated[int | None, typer.Option(
             help="stop after this many deals (default: the game's own end, else each player deals twice)")] = None,
         ) -> None:
    """Play one seat in the terminal against bots, over a whole match."""
    g = load_game(game, players, parse_options(option))
    if not 0 <= seat < g.players:
        console.print(f"[red]error:[/] seat must be from 0 to {g.players - 1}")
        raise typer.Exit(2)
    try:
        bots = {s: ct.bots.load(bot, seed=(seed or 0) + s) for s in range(g.players) if s != seat}
    except ct.RulesError as e:
        console.print(f"[red]error:[/] {e}")
        raise typer.Exit(2) from None
    if deals is None and g.target is None and type(g).match_over is ct.Game.match_over:
        deals = 2 * g.players  # a match with no target of its own: each player deals twice
    match = ct.Match(g, seed=seed if seed is not None else random.randrange(10**9), deals=deals)
    console.print(f"[bold]{g.info.name}[/] — {g.players} players, you are seat {seat}; bots: {bot}. "
                  f"Type [bold]q[/] to stop.")
    while not match.over:
        deal = match.next_deal()
        console.rule(f"deal {len(match.results) + 1} — dealer: {'you' if deal.dealer == seat else deal.dealer}")
        while not deal.over:
            turn = deal.turn
            assert turn is not None
            if turn == seat:
                console.print(view_panel(deal.view(seat)))
                action = ask_action(deal, seat)
                if action is None:
                    console.print(totals_table(match.totals, seat, len(match.results)))
                    return
            else:
                action = bots[turn].choose(deal, turn)
            deal.act(action, seat=turn)
            if turn != seat:
                _, seen = deal.view(seat)["history"][-1]
                console.print(f"  seat {turn}: ", action_text(seen))
        console.print(view_panel(deal.view(seat)))
        res = match.record(deal)
        console.print(settlement_table(res.to_json(), seat))
        console.print(totals_table(match.totals, seat, len(match.results)))
        if not match.over and os.isatty(0) and \
                Prompt.ask("next deal? [Y/n]", default="y", console=console).lower().startswith("n"):
            return
    console.print("[bold]match over[/]")


def progress_bar(label: str) -> Progress:
    """A progress bar with deals/s and the time left (both from the average rate since the start, so that
    results arriving in batches, as from Ray, do not make them jump)."""
    return Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), RateColumn(), EtaColumn(),
                    console=console)


def _average_rate(task: Task) -> float | None:
    elapsed = task.finished_time if task.finished else task.elapsed
    return task.completed / elapsed if elapsed and task.completed else None


class RateColumn(ProgressColumn):
    """Deals per second so far."""

    def render(self, task: Task) -> Text:
        rate = _average_rate(task)
        return Text("" if rate is None else f"{rate:,.1f} deals/s", style="progress.data.speed")


class EtaColumn(ProgressColumn):
    """The time left at the average rate so far."""

    def render(self, task: Task) -> Text:
        rate = _average_rate(task)
        if task.finished:
            return Text("done", style="progress.remaining")
        if rate is None or task.total is None:
            return Text("eta -:--:--", style="progress.remaining")
        secs = int((task.total - task.completed) / rate)
        return Text(f"eta {secs // 3600}:{secs // 60 % 60:02d}:{secs % 60:02d}", style="progress.remaining")


def run_setup(backend: str, jobs: int, address: str | None, records: str | None) -> tuple[Any, Any]:
    """The runner of a backend and the records writer (the scale extra is loaded only when asked for)."""
    import importlib

    if jobs < 0:
        console.print(f"[red]error:[/] --jobs must be 0 (all cores) or a number of workers, not {jobs}")
        raise typer.Exit(2)
    jobs = jobs or os.cpu_count() or 1
    try:
        scale = importlib.import_module("cardtable.scale")  # Ray and pyarrow are imported only when used
        runner = scale.interruptible(scale.runner_for(backend, jobs, address))  # Ctrl-C: between two deals
        writer = scale.RecordWriter(records) if records else None
        return runner, writer
    except ct.RulesError as e:
        console.print(f"[red]error:[/] {e}")
        raise typer.Exit(2) from None


@app.command()
def simulate(game: Annotated[str, typer.Argument(help="game id")],
             n: Annotated[int, typer.Option("-n", "--deals", help="number of deals")] = 1000,
             bots: Annotated[str, typer.Option(help="comma-separated bot kinds, repeated round the table")] = "random",
             players: Annotated[int | None, typer.Option("--players", "-p")] = None,
             option: Annotated[list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE")] = None,
             seed: Annotated[int, typer.Option(help="seed of the run")] = 0,
             jobs: Annotated[int, typer.Option(help="worker processes (default: all cores)")] = 0,
             backend: Annotated[str, typer.Option(help="local (processes) or ray")] = "local",
             address: Annotated[str | None, typer.Option(help="Ray cluster address (default: a local Ray)")] = None,
             records: Annotated[str | None, typer.Option(help="write every deal to a .jsonl or .parquet file")] = None,
             ) -> None:
    """Play many deals with bots; per-seat mean result with a 95% confidence interval, and deals/s."""
    g = load_game(game, players, parse_options(option))
    specs = [b.strip() for b in bots.split(",") if b.strip()]
    for b in set(specs):
        try:
            ct.bots.load(b)
        except ct.RulesError as e:
            console.print(f"[red]error:[/] {e}")
            raise typer.Exit(2) from None
    runner, writer = run_setup(backend, jobs, address, records)
    try:
        with progress_bar("simulating") as prog:
            task = prog.add_task("deals", total=n)
            res = arena.simulate(g.id, specs, n, seed=seed, players=g.players, options=g.options.as_dict(),
                                 progress=lambda k: prog.advance(task, k), runner=runner,
                                 on_record=writer.write if writer else None)
    finally:
        if writer:
            writer.close()
    if res.interrupted:
        kept = f"; {writer.count} written to {records}" if writer else ""
        console.print(f"[yellow]interrupted: {res.deals} of {n} deals finished{kept}; figures below are for those[/]")
    if not res.per_deal:
        raise typer.Exit(130)
    t = Table(title=f"{g.info.name}: {res.deals} deals, bots {', '.join(specs)}")
    t.add_column("seat")
    t.add_column("bot")
    t.add_column(f"mean {g.unit}/deal", justify="right")
    t.add_column("95% CI", justify="right")
    for s, (m, ci) in enumerate(zip(res.mean, res.ci95)):
        t.add_row(str(s), specs[s % len(specs)], f"{m:+.3f}", f"± {ci:.3f}")
    console.print(t)
    console.print(f"{res.deals_per_second:,.0f} deals/s, {res.actions / res.seconds:,.0f} actions/s "
                  f"({res.seconds:.2f} s)")
    if res.interrupted:
        raise typer.Exit(130)


@app.command("duel")
def duel_cmd(game: Annotated[str, typer.Argument(help="game id")],
             bot_a: Annotated[str, typer.Argument(help="bot A kind")],
             bot_b: Annotated[str, typer.Argument(help="bot B kind")],
             n: Annotated[int, typer.Option("-n", "--deals", help="number of duplicate deals")] = 200,
             players: Annotated[int | None, typer.Option("--players", "-p")] = None,
             option: Annotated[list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE")] = None,
             seed: Annotated[int, typer.Option(help="seed of the run")] = 0,
             jobs: Annotated[int, typer.Option(help="worker processes (default: all cores)")] = 0,
             backend: Annotated[str, typer.Option(help="local (processes) or ray")] = "local",
             address: Annotated[str | None, typer.Option(help="Ray cluster address (default: a local Ray)")] = None,
             records: Annotated[str | None, typer.Option(help="write every deal to a .jsonl or .parquet file")] = None,
             ) -> None:
    """Duplicate deals: each deal once per seat rotation and once all-B; A's mean gain over B in the same seat."""
    g = load_game(game, players, parse_options(option))
    for b in (bot_a, bot_b):
        try:
            ct.bots.load(b)
        except ct.RulesError as e:
            console.print(f"[red]error:[/] {e}")
            raise typer.Exit(2) from None
    runner, writer = run_setup(backend, jobs, address, records)
    try:
        with progress_bar("dueling") as prog:
            task = prog.add_task("deals", total=n)
            res = arena.duel(g.id, bot_a, bot_b, n, seed=seed, players=g.players, options=g.options.as_dict(),
                             progress=lambda k: prog.advance(task, k), runner=runner,
                             on_record=writer.write if writer else None)
    finally:
        if writer:
            writer.close()
    if res.interrupted:
        kept = f"; {writer.count} written to {records}" if writer else ""
        console.print(f"[yellow]interrupted: {res.deals} of {n} deals finished{kept}; figures below are for those[/]")
    if not res.per_deal:
        raise typer.Exit(130)
    console.print(f"{g.info.name}: {bot_a} vs {bot_b}, {res.deals} duplicate deals × {g.players} rotations")
    console.print(f"mean result of {bot_a} per deal: [bold]{res.mean:+.3f}[/] ± {res.ci95:.3f} {g.unit} (95% CI), "
                  f"over {bot_b} in the same seat")
    console.print(f"{res.games_per_second:,.1f} games/s ({res.seconds:.1f} s)")
    if res.interrupted:
        raise typer.Exit(130)


@app.command("serve")
def serve(host: Annotated[str, typer.Option(help="address to listen on (0.0.0.0 for every interface)")] = "127.0.0.1",
          port: Annotated[int, typer.Option(help="port")] = 8000,
          db: Annotated[str | None, typer.Option(
              help="SQLite file of the tables (default: cardtable.db in the user data directory)")] = None) -> None:
    """Serve the web app: tables for people and bots, saved in SQLite."""
    import importlib

    try:
        import platformdirs
        import uvicorn
        web = importlib.import_module("cardtable.web.app")  # the web edge, loaded only when serving
    except ImportError as e:
        console.print(f"[red]error:[/] the web app needs the 'web' extra: pip install 'cardtable[web]' ({e})")
        raise typer.Exit(2) from None
    path = db or os.path.join(platformdirs.user_data_dir("cardtable"), "cardtable.db")
    application = web.create_app(path)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    console.print(f"cardtable serving on [bold]http://{shown}:{port}/[/] (tables saved in {path}); Ctrl-C stops")
    uvicorn.run(application, host=host, port=port, log_level="warning", ws_max_size=WS_MAX_SIZE)


@app.command()
def replay(path: Annotated[str, typer.Argument(help="a records file (.jsonl or .parquet) from --records")],
           index: Annotated[int | None, typer.Option(help="which deal (its index); default the first")] = None,
           seat: Annotated[int | None, typer.Option(help="show the deal as this seat saw it (default: all hands)")]
           = None,
           step: Annotated[bool, typer.Option(help="wait for Enter after each action")] = False,
           rotation: Annotated[int | None, typer.Option(
               help="of a duel record: the play with bot A in this seat (default: the deal with B everywhere)")]
           = None) -> None:
    """Show a recorded deal step by step, rebuilt from its record by the engine."""
    import importlib

    try:
        scale = importlib.import_module("cardtable.scale")
        rows = scale.read_records(path)
        row = next((r for r in rows if index is None or r.get("index") == index), None)
        if row is None:
            console.print(f"[red]error:[/] no deal with index {index} in {path}")
            raise typer.Exit(2)
        if rotation is not None:
            rotations = row.get("rotations") or []
            if not rotations:
                console.print(f"[red]error:[/] deal {row.get('index')} of {path} is not a duel record: "
                              f"it has no rotations")
                raise typer.Exit(2)
            row = next((r for r in rotations if r.get("a_seat") == rotation), None)
            if row is None:
                console.print(f"[red]error:[/] --rotation is the seat of bot A, from 0 to {len(rotations) - 1}, "
                              f"not {rotation}")
                raise typer.Exit(2)
        elif "a_seat" in row and row.get("rotations"):
            console.print("[dim]a duel record: bot B in every seat (--rotation SEAT shows A in that seat)[/]")
        actions = row.get("actions")
        if not isinstance(actions, list):
            raise ct.RulesError(f"deal {row.get('index')} of {path} is not a deal record: it has no action list")
        deal = ct.replay({**row, "actions": []})
        if seat is not None and not 0 <= seat < deal.players:
            raise ct.RulesError(f"--seat must be from 0 to {deal.players - 1}, not {seat}")
    except (ct.RulesError, ct.CardError, ct.IllegalAction) as e:
        console.print(f"[red]error:[/] {e}")
        raise typer.Exit(2) from None
    a_seat = "" if row.get("a_seat") is None else f", bot A in seat {row['a_seat']}"
    console.print(f"[bold]{deal.game.info.name}[/] — deal {row.get('index')}{a_seat}, seed {row.get('seed')}, "
                  f"dealer {deal.dealer}, options {row.get('options') or {}}")
    if seat is None:
        for s in range(deal.players):
            console.print(f"seat {s}: ", cards_text(deal.card_codes(deal.hands[s])))
    for n, (who, action) in enumerate(actions, 1):
        try:
            deal.act(action, seat=who)
        except ct.IllegalAction as e:
            console.print(f"[red]record does not replay at action {n}: {e}[/]")
            raise typer.Exit(2) from None
        shown = action if seat is None else deal.view(seat)["history"][-1][1]
        console.print(f"{n:>4}. seat {who}: ", action_text(shown))
        if step and os.isatty(0):
            console.print(view_panel(deal.view(seat) if seat is not None else deal.public_view()))
            Prompt.ask("", default="", console=console, show_default=False)
    if deal.over:
        console.print(settlement_table(deal.result().to_json(), seat))


def main() -> None:
    """Entry point of the ``cardtable`` script."""
    try:
        app()
    except KeyboardInterrupt:
        console.print("\n[yellow]interrupted[/]")
        sys.exit(130)


if __name__ == "__main__":
    main()
