"""The ``cardtable`` command: list, rules, play, simulate, duel, replay (and serve, bots, db: cli/server.py)."""

from __future__ import annotations

import difflib
import os
import random
import re
import sys
from enum import Enum
from functools import partial
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn
from rich.prompt import Confirm, Prompt
from rich.table import Table
from rich.text import Text

import cardtable as ct
from cardtable.bots import arena
from cardtable.core.cards import parse_code
from cardtable.words import label

from . import server
from .render import (
    action_text,
    card_text,
    cards_text,
    choice_text,
    move_text,
    player_names,
    settlement_table,
    suit_text,
    totals_table,
    view_panel,
)

app = typer.Typer(help="Traditional card games: rules, bots, play and simulation.", no_args_is_help=True)
console = Console()

BotKind = Enum("BotKind", {kind: kind for kind in ct.bots.KINDS}, type=str)  # type: ignore[misc]
"""The bot kinds, as a choice Typer lists in ``--help`` and completes."""


def complete_game(incomplete: str) -> list[str]:
    """Shell completion of a game id."""
    return [g.id for g in ct.games() if g.id.startswith(incomplete.lower())]


def complete_bots(incomplete: str) -> list[str]:
    """Shell completion of the last kind in a comma-separated list of bot kinds."""
    done, _, last = incomplete.rpartition(",")
    return [done + "," * bool(done) + kind for kind in ct.bots.KINDS if kind.startswith(last)]


GameArg = Annotated[str, typer.Argument(help="game id, e.g. nap (cardtable list shows them all)",
                                        autocompletion=complete_game, show_default=False)]


def fail(message: str) -> NoReturn:
    """Print an error and exit with status 2."""
    console.print(f"[red]error:[/] {message}")
    raise typer.Exit(2)


def game_id(name: str) -> str:
    """The id of a game named by its id or another name; an unknown name exits suggesting the nearest ids."""
    try:
        return ct.game_info(name).id
    except ct.RulesError as e:
        known = {g.id: g.id for g in ct.games()} | {alias: g.id for g in ct.games() for alias in g.aliases}
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        near = list(dict.fromkeys(known[k] for k in difflib.get_close_matches(key, known, n=3, cutoff=0.6)))
        if not near:
            fail(str(e))
        fail(f"unknown game {name!r}; did you mean {' or '.join(near)}? (cardtable list shows every game)")


def parse_options(items: list[str] | None) -> dict[str, Any]:
    """``NAME=VALUE`` pairs into a dict (values are validated by the game)."""
    out: dict[str, Any] = {}
    for item in items or []:
        if "=" not in item:
            raise typer.BadParameter(f"option {item!r} must be written NAME=VALUE")
        k, v = item.split("=", 1)
        out[k.strip().replace("-", "_")] = v.strip()
    return out


PLAYERS_HELP = "number of players: one of the counts the game takes (see 'cardtable list'; default: the game's own)"


def load_game(game: str, players: int | None, options: dict[str, Any]) -> ct.Game:
    """Load a game or exit with the error's message."""
    try:
        return ct.load(game_id(game), players=players, **options)
    except ct.RulesError as e:
        fail(str(e))


@app.command("list")
def list_games() -> None:
    """A table of the games."""
    t = Table(title="cardtable games", caption="players+: more counts with an option ('cardtable rules <id>')")
    for col in ("id", "name", "family", "players", "options"):
        t.add_column(col)
    for g in ct.games():
        more = "+" if g.player_counts_by_option else ""
        counts = g.players_text(options=False).replace(" to ", "–").replace(" or ", ",").replace(", ", ",")
        t.add_row(g.id, g.name, g.family, counts + more, str(len(g.options)))
    console.print(t)


def rules_markdown(game_id: str) -> str:
    """The game's rules for players, with every option, as Markdown (the web app shows the same text)."""
    return ct.catalog.game_class(game_id).rules_text()


@app.command()
def rules(game: GameArg) -> None:
    """The rules of a game, with every option, its default and what it changes."""
    console.print(Markdown(rules_markdown(game_id(game))))


GROUP_AT = 12
"""A word with at least this many legal actions naming sets of cards (Purchase Nap's 127 ``exchange ...``)
is offered as one choice, the cards to be named."""

CARD_LIKE = re.compile(r"(10|[akqjt2-9])\S|jk|joker", re.IGNORECASE)
"""Text a player means as a card, even a mistyped one (``QZ``): the game explains why it is not allowed."""


def card_args(action: str) -> list[str] | None:
    """The cards an action of a word names (``exchange 5H 2C``), or None if it is not such an action."""
    words = action.split()
    if len(words) < 2:
        return None
    try:
        return [parse_code(w) for w in words[1:]]
    except ct.CardError:
        return None


class Menu:
    """The legal actions as the player sees them: numbered, with a long list of card sets of one word
    shown as one choice; the engine's actions stay exact (what is typed is checked by ``why_not``)."""

    def __init__(self, legal: list[str], hand: list[str], deal: ct.Deal | None = None) -> None:
        sets: dict[str, list[list[str]]] = {}  # the card sets each word names
        for a in legal:
            cards = card_args(a)
            if cards:
                sets.setdefault(a.split()[0], []).append(cards)
        self.words = {a.split()[0].lower() for a in legal if a.split()}
        self.sizes = {word: max(map(len, s)) for word, s in sets.items() if len(s) >= GROUP_AT}
        self.entries: list[tuple[str, Text]] = []  # (the action, or the word offered as one choice; its label)
        self.typed: list[Text] = []  # what to type for each entry
        for a in legal:
            word = a.split()[0]
            if word not in self.sizes:
                self.entries.append((a, choice_text(deal, a) if deal is not None else action_text(a)))
                self.typed.append(action_text(a))
            elif all(entry != word for entry, _ in self.entries):
                whose = "your" if all(set(cards) <= set(hand) for cards in sets[word]) else "the"
                self.entries.append((word, Text(f"{word} …  name up to {self.sizes[word]} of {whose} cards")))
                self.typed.append(self.entries[-1][1])

    def summary(self) -> Text:
        """Every choice on one line, as it is typed."""
        out = Text()
        for i, typed in enumerate(self.typed):
            out.append(", " if i else "")
            out.append_text(typed)
        return out

    def table(self) -> Table:
        t = Table.grid(padding=(0, 2))
        cols = 4 if len(self.entries) > 8 else 1
        cells = [Text(f"{i:>2} ", style="cyan") + label for i, (_, label) in enumerate(self.entries, 1)]
        for r in range(0, len(cells), cols):
            t.add_row(*cells[r:r + cols])
        return t


def ask_action(deal: ct.Deal, seat: int) -> str | None:
    """Show the legal actions numbered and read a choice; ``None`` to quit."""
    menu = Menu(deal.legal(), deal.view(seat).get("hand") or [], deal)
    console.print(menu.table())
    while True:
        raw = Prompt.ask("your action (number or text, ? for help, q to quit)", console=console).strip()
        words = raw.split()
        if not words:
            continue
        if raw.lower() in ("q", "quit", "exit"):
            return None
        if raw in ("?", "help"):
            console.print("Type the number of a choice, or the action itself (e.g. [bold]QH[/], [bold]pass[/], "
                          "[bold]bid 3[/], [bold]exchange 5H 2C[/]; [bold]claim[/] or [bold]concede[/] the rest of the "
                          "tricks where the table allows it); [bold]q[/] stops and shows the totals.")
            continue
        if raw.isdigit():
            k = int(raw)
            if not 1 <= k <= len(menu.entries):
                console.print(f"[red]choose a number from 1 to {len(menu.entries)}[/]")
                continue
            raw = menu.entries[k - 1][0]
            if raw in menu.sizes:  # a word offered as one choice: name its cards
                raw = ask_cards(raw, menu.sizes[raw], deal.view(seat).get("hand") or [])
                if raw is None:
                    continue
        elif words[0].lower() not in menu.words and not CARD_LIKE.fullmatch(words[0]):
            console.print(Text(f"{raw!r} is not an action here. Allowed now: ", style="red") + menu.summary())
            continue
        reason = deal.why_not(raw, seat)
        if reason is None:
            return raw
        # The engine's reason, with the choices as this menu shows them (a long list of card sets as one).
        reason, legal_now, _ = reason.partition(". Legal now: ")
        console.print(Text(reason + (". Allowed now: " if legal_now else ""), style="red") +
                      (menu.summary() if legal_now else Text()))


def ask_cards(word: str, most: int, hand: list[str]) -> str | None:
    """The action ``word`` with the cards the player names, by code or by place in the hand (``None``: back
    to the choices)."""
    numbered = Text("  ")
    for i, code in enumerate(hand, 1):
        numbered += Text(f"{i}:", style="cyan") + card_text(code) + Text("  ")
    console.print(numbered)
    while True:
        named = Prompt.ask(f"which cards to {word}? (up to {most}, by number or name, e.g. 1 3 or "
                           f"{' '.join(hand[:2])}; Enter to go back)", console=console, default="",
                           show_default=False).split()
        if not named:
            return None
        try:
            return " ".join([word, *(hand[int(c) - 1] if c.isdigit() and 1 <= int(c) <= len(hand) else parse_code(c)
                                     for c in named)])
        except ct.CardError as e:
            console.print(f"[red]{e}[/]")


def interactive() -> bool:
    """Whether a person is at the keyboard (the next-deal question is asked only then)."""
    return os.isatty(0)


def trump_news(view: dict[str, Any], before: Any, seen: str, who: str) -> Text | None:
    """A line saying which suit is trumps when the view shows a new one (Nap's: the declarer's lead)."""
    trump = view.get("trump")
    if trump is None or trump == before:
        return None
    news = Text("  Trumps are ", style="bold") + suit_text(trump)
    if card_args("x " + seen) and len(seen.split()) == 1 and parse_code(seen)[1:] == trump:
        news.append(f" — the suit {'you' if who == 'You' else who} led.")
    return news


def play_match(match: ct.Match, bots: dict[int, Any], seat: int, names: list[str]) -> None:
    """Deal after deal until the match is over or the player stops."""
    while not match.over:
        deal = match.next_deal()
        console.rule(f"deal {len(match.results) + 1} — dealer: {names[deal.dealer]}")
        trump = deal.view(seat).get("trump")
        while not deal.over:
            turn = deal.turn
            assert turn is not None
            if turn == seat:
                console.print(view_panel(deal.view(seat), names, partial(label, deal)))
                action = ask_action(deal, seat)
                if action is None:
                    console.print(totals_table(match.totals, names, len(match.results)))
                    return
            else:
                action = bots[turn].choose(deal, turn)
            deal.act(action, seat=turn)
            view = deal.view(seat)
            _, seen = view["history"][-1]
            if turn != seat:
                console.print(Text(f"  {names[turn]}: ") + move_text(deal, seen, view, names))
            news = trump_news(view, trump, seen, names[turn])
            if news:
                console.print(news)
            trump = view.get("trump")
        console.print(view_panel(deal.view(seat), names, partial(label, deal)))
        res = match.record(deal)
        console.print(settlement_table(res.to_json(), names))
        console.print(totals_table(match.totals, names, len(match.results)))
        if not match.over and interactive() and not Confirm.ask("next deal?", default=True, console=console):
            return
    console.print("[bold]match over[/]")


@app.command()
def play(game: GameArg,
         players: Annotated[int | None, typer.Option("--players", "-p", help=PLAYERS_HELP)] = None,
         seat: Annotated[int, typer.Option("--seat", "-s", help="your place at the table, 0 = the first dealer")] = 0,
         bot: Annotated[BotKind, typer.Option("--bot", "-b", help="the kind of bot playing the others",
                                              case_sensitive=False)] = BotKind["heuristic"],
         option: Annotated[list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE")] = None,
         seed: Annotated[int | None, typer.Option(help="random seed for the shuffles")] = None,
         deals: Annotated[int | None, typer.Option(
             help="stop after this many deals (default: the game's own end, else each player deals twice)")] = None,
         ) -> None:
    """Play one seat in the terminal against bots, over a whole match."""
    g = load_game(game, players, parse_options(option))
    if not 0 <= seat < g.players:
        fail(f"--seat must be from 0 to {g.players - 1}")
    bots = {s: ct.bots.load(bot.value, seed=(seed or 0) + s) for s in range(g.players) if s != seat}
    if deals is None and not g.ends_by_itself:
        deals = 2 * g.players  # a match with no target of its own: each player deals twice
    names = player_names(g.players, seat)
    g = ct.load(g.id, players=g.players, names=names, **g.options.as_dict())  # the engine's lines in these names
    match = ct.Match(g, seed=seed if seed is not None else random.randrange(10**9), deals=deals)
    others = [n for s, n in enumerate(names) if s != seat]
    console.print(f"[bold]{g.info.name}[/] — you play with {', '.join(others[:-1])} and {others[-1]} "
                  f"({bot.value} bots). Type [bold]q[/] to stop, [bold]?[/] for help.")
    try:
        play_match(match, bots, seat, names)
    except EOFError:  # the input ended: as q
        console.print(totals_table(match.totals, names, len(match.results)))
    except KeyboardInterrupt:  # Ctrl-C: stop, with the totals so far
        console.print("\n[yellow]stopped[/]")
        console.print(totals_table(match.totals, names, len(match.results)))
        raise typer.Exit(130) from None


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
        fail(f"--jobs must be 0 (all cores) or a number of workers, not {jobs}")
    jobs = jobs or os.cpu_count() or 1
    try:
        scale = importlib.import_module("cardtable.scale")  # Ray and pyarrow are imported only when used
        runner = scale.interruptible(scale.runner_for(backend, jobs, address))  # Ctrl-C: between two deals
        writer = scale.RecordWriter(records) if records else None
        return runner, writer
    except ct.RulesError as e:
        fail(str(e))


@app.command()
def simulate(game: GameArg,
             n: Annotated[int, typer.Option("-n", "--deals", help="number of deals")] = 1000,
             bots: Annotated[str, typer.Option(
                 help=f"comma-separated bot kinds ({', '.join(ct.bots.KINDS)}), repeated round the table",
                 autocompletion=complete_bots)] = "random",
             players: Annotated[int | None, typer.Option("--players", "-p", help=PLAYERS_HELP)] = None,
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
            fail(str(e))
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
    # Chips are never created or lost: what the seats lose together stayed in the pools.
    pooled = [-sum(deltas) for deltas in res.per_deal]
    if g.unit == "chips" and any(abs(x) > 1e-9 for x in pooled):
        m, ci = arena.mean_ci(pooled)
        t.add_section()
        t.add_row("pools", "", f"{m:+.3f}", f"± {ci:.3f}")
    console.print(t)
    if len(t.rows) > len(res.mean):
        console.print("pools: chips staked during a deal that no one won in it (on money cards not cleared, in a "
                      "kitty or pot); they stay for the next deal of a match. Each deal, the seats and the pools add "
                      "up to zero.")
    console.print(f"{res.deals_per_second:,.0f} deals/s, {res.actions / res.seconds:,.0f} actions/s "
                  f"({res.seconds:.2f} s)")
    if res.interrupted:
        raise typer.Exit(130)


@app.command("duel")
def duel_cmd(game: GameArg,
             bot_a: Annotated[BotKind, typer.Argument(help="bot A kind", case_sensitive=False, show_default=False)],
             bot_b: Annotated[BotKind, typer.Argument(help="bot B kind", case_sensitive=False, show_default=False)],
             n: Annotated[int, typer.Option("-n", "--deals", help="number of duplicate deals")] = 200,
             players: Annotated[int | None, typer.Option("--players", "-p", help=PLAYERS_HELP)] = None,
             option: Annotated[list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE")] = None,
             seed: Annotated[int, typer.Option(help="seed of the run")] = 0,
             jobs: Annotated[int, typer.Option(help="worker processes (default: all cores)")] = 0,
             backend: Annotated[str, typer.Option(help="local (processes) or ray")] = "local",
             address: Annotated[str | None, typer.Option(help="Ray cluster address (default: a local Ray)")] = None,
             records: Annotated[str | None, typer.Option(help="write every deal to a .jsonl or .parquet file")] = None,
             ) -> None:
    """Duplicate deals: each deal once per seat rotation and once all-B; A's mean gain over B in the same seat."""
    g = load_game(game, players, parse_options(option))
    bot_a, bot_b = bot_a.value, bot_b.value
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
            fail(f"no deal with index {index} in {path}")
        if rotation is not None:
            rotations = row.get("rotations") or []
            if not rotations:
                fail(f"deal {row.get('index')} of {path} is not a duel record: it has no rotations")
            row = next((r for r in rotations if r.get("a_seat") == rotation), None)
            if row is None:
                fail(f"--rotation is the seat of bot A, from 0 to {len(rotations) - 1}, not {rotation}")
        elif "a_seat" in row and row.get("rotations"):
            console.print("[dim]a duel record: bot B in every seat (--rotation SEAT shows A in that seat)[/]")
        actions = row.get("actions")
        if not isinstance(actions, list):
            raise ct.RulesError(f"deal {row.get('index')} of {path} is not a deal record: it has no action list")
        deal = ct.replay({**row, "actions": []})
        if seat is not None and not 0 <= seat < deal.players:
            raise ct.RulesError(f"--seat must be from 0 to {deal.players - 1}, not {seat}")
    except (ct.RulesError, ct.CardError, ct.IllegalAction) as e:
        fail(str(e))
    names = player_names(deal.players)
    a_seat = "" if row.get("a_seat") is None else f", bot A in seat {row['a_seat']} ({names[row['a_seat']]})"
    console.print(f"[bold]{deal.game.info.name}[/] — deal {row.get('index')}{a_seat}, seed {row.get('seed')}, "
                  f"dealer {names[deal.dealer]}, options {row.get('options') or {}}")
    if seat is None:
        for s in range(deal.players):
            console.print(Text(f"{names[s]}: ") + cards_text(deal.card_codes(deal.hands[s])))
    else:
        console.print(f"as {names[seat]} saw it")
    for n, (who, action) in enumerate(actions, 1):
        try:
            deal.act(action, seat=who)
        except ct.IllegalAction as e:
            fail(f"record does not replay at action {n}: {e}")
        seen = deal.view(seat) if seat is not None else deal.public_view()
        shown = action if seat is None else seen["history"][-1][1]
        console.print(Text(f"{n:>4}. {names[who]}: ") + move_text(deal, shown, seen, names))
        if step and os.isatty(0):
            shown_view = deal.view(seat) if seat is not None else deal.public_view()
            console.print(view_panel(shown_view, names, partial(label, deal)))
            Prompt.ask("", default="", console=console, show_default=False)
    if deal.over:
        console.print(settlement_table(deal.result().to_json(), names))


server.register(app)  # serve, bots, db (cli/server.py)


def main() -> None:
    """Entry point of the ``cardtable`` script."""
    try:
        app()
    except KeyboardInterrupt:
        console.print("\n[yellow]interrupted[/]")
        sys.exit(130)


if __name__ == "__main__":
    main()
