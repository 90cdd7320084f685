"""The ``cardtable`` command: list, rules, play, simulate, duel, replay (and serve, bots, db: cli/server.py)."""

from __future__ import annotations

import os
import random
import re
import sys
from enum import Enum
from functools import partial
from typing import Annotated, Any, NoReturn

import typer
from rich.columns import Columns
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn
from rich.prompt import Confirm, Prompt
from rich.table import Table
from rich.text import Text
from typer.core import TyperCommand, TyperGroup

import cardtable as ct
from cardtable.bots import arena
from cardtable.core.cards import parse_code
from cardtable.words import first_dealer_line, for_you, label, options_howto, sentence, with_howto

from . import server
from .lang import amount, engine, set_language, tr, trn
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
    you_word,
)


class PlainHelp:
    """``--help`` in words, without type names: a value shown as what it is (``N``, ``TEXT``, the choices), a
    flag with none (not ``<bool>``), an argument as its name (``GAME``, not ``{game}`` and ``<str>``)."""

    def get_help_option(self, ctx: Any) -> Any:
        opt = super().get_help_option(ctx)  # type: ignore[misc]
        if opt is not None:
            opt.metavar = ""
        return opt

    def get_params(self, ctx: Any) -> list[Any]:
        params: list[Any] = super().get_params(ctx)  # type: ignore[misc]
        for p in params:
            if getattr(p, "param_type_name", "") == "argument":
                shown = p.metavar or p.name.upper()
                if p.metavar is None:
                    p.metavar = shown
                p.get_usage_pieces = lambda ctx, shown=shown, p=p: [shown if p.required else f"[{shown}]"]
                p.display_type_rich = lambda ctx: None
            elif getattr(p, "is_flag", False) or getattr(p, "count", False):
                p.metavar = p.metavar if p.metavar is not None else ""
            elif p.metavar is None and hasattr(p, "display_type"):
                shown = str(p.display_type(ctx)).strip("<>")
                p.metavar = shown if "|" in shown else {"int": "N", "int range": "N", "float": "X"}.get(shown, "TEXT")
            if hasattr(p, "_get_number_range_help_str"):
                p._get_number_range_help_str = lambda: None  # "[x>=1]": the help says it in words
        return params


class PlainCommand(PlainHelp, TyperCommand):
    """A command whose help has no type names."""


class PlainGroup(PlainHelp, TyperGroup):
    """The main command, its help without type names."""


app = typer.Typer(help="Traditional card games: rules, bots, play and simulation.", no_args_is_help=True,
                  cls=PlainGroup)
console = Console()


@app.callback()
def main_options(lang: Annotated[str | None, typer.Option(
        "--lang", envvar="CARDTABLE_LANG",
        help="the language of the words: en, de (Deutsch) or sv (svenska); default English")] = None) -> None:
    """Traditional card games: rules, bots, play and simulation."""
    try:
        set_language(lang)
    except ValueError as e:
        fail(e)

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


def fail(message: str | BaseException) -> NoReturn:
    """Print an error (or an exception's reason) in the language in use and exit with status 2 (the message as
    written: ``cardtable[web]`` is no markup)."""
    if isinstance(message, BaseException):  # raised with a message: worded in the language in use
        message = message.args[0] if len(message.args) == 1 and isinstance(message.args[0], str) else str(message)
    console.print(Text(tr("error:"), style="red") + Text(" " + engine(message)))
    raise typer.Exit(2)


def game_id(name: str) -> str:
    """The id of a game named by its id or another name; an unknown name exits suggesting the nearest ids."""
    try:
        return ct.game_info(name).id
    except ct.RulesError as e:
        near = ct.catalog.nearest_ids(name)
        if not near:
            fail(e)
        said = near[0]
        for other in near[1:]:
            said = tr("{first} or {then}", first=said, then=other)
        fail(tr("unknown game {name}; did you mean {near}? (cardtable list shows every game)", name=repr(name),
                near=said))


def parse_options(items: list[str] | None) -> dict[str, Any]:
    """``NAME=VALUE`` pairs into a dict (values are validated by the game)."""
    out: dict[str, Any] = {}
    for item in items or []:
        if "=" not in item:
            raise typer.BadParameter(f"option {item!r} must be written NAME=VALUE")
        k, v = item.split("=", 1)
        out[k.strip().replace("-", "_")] = v.strip()
    return out


OPTION_HELP = ("one of the game's options, as NAME=VALUE (e.g. -o misery=true); repeat it for more. "
               "'cardtable rules GAME' lists the game's options, their values and defaults")
OptionsOpt = Annotated[list[str] | None, typer.Option("--option", "-o", metavar="NAME=VALUE", help=OPTION_HELP)]
PLAYERS_HELP = "number of players: one of the counts the game takes (see 'cardtable list'; default: the game's own)"

# The options of a run that simulate and duel share.
SeedOpt = Annotated[int, typer.Option(help="seed of the run")]
JobsOpt = Annotated[int, typer.Option(help="worker processes (default: all cores)", show_default=False)]
BackendOpt = Annotated[str, typer.Option(metavar="local|ray", help="local (processes) or ray")]
AddressOpt = Annotated[str | None, typer.Option(metavar="HOST:PORT", help="Ray cluster address (default: a local Ray)")]
RecordsOpt = Annotated[str | None, typer.Option(metavar="FILE", help="write every deal to a .jsonl or .parquet file")]



def load_game(game: str, players: int | None, options: dict[str, Any]) -> ct.Game:
    """Load a game or exit with the error's message."""
    try:
        return ct.load(game_id(game), players=players, **options)
    except ct.RulesError as e:
        fail(e)


@app.command("list")
def list_games() -> None:
    """A table of the games."""
    t = Table(title=tr("cardtable games"),
              caption=tr("players+: more counts with an option ('cardtable rules <id>')"))
    t.add_column(tr("id"), no_wrap=True)  # an id is typed as it is shown: never broken over two lines
    for col in (tr("name"), tr("family"), tr("players"), tr("options")):
        t.add_column(col)
    for g in ct.games():
        more = "+" if g.player_counts_by_option else ""
        counts = g.players_text(options=False).replace(" to ", "–").replace(" or ", ",").replace(", ", ",")
        t.add_row(g.id, engine(g.name), g.family, counts + more, str(len(g.options)))
    console.print(t)


def rules_markdown(game_id: str) -> str:
    """The game's rules for players, with every option, as Markdown (the web app shows the same text)."""
    text = ct.catalog.game_class(game_id).rules_text()
    return with_howto(text, options_howto(game_id, ct.game_info(game_id).options, "terminal"))


@app.command()
def rules(game: GameArg) -> None:
    """The rules of a game, with every option, its default and what it changes."""
    console.print(Markdown(rules_markdown(game_id(game))))


GROUP_AT = 12
"""A word with at least this many legal actions naming sets of several cards (Purchase Nap's 127
``exchange ...``) is offered as one choice, the cards to be named."""
COLUMN_AT = 8
"""A menu of more choices than this is shown by kind, one line of choices each (melds, lay-offs, discards)."""

CARD_LIKE = re.compile(r"(10|[akqjt2-9])\S|jk|joker", re.IGNORECASE)
"""Text a player means as a card, even a mistyped one (``QZ``): the game explains why it is not allowed."""

WORD_TITLES = {"layoff": "Lay off"}
"""A kind of action by its words where the engine's word is not them."""


def card_args(action: str) -> list[str] | None:
    """The cards an action of a word names (``exchange 5H 2C``), or None if it is not such an action."""
    words = action.split()
    if len(words) < 2:
        return None
    try:
        return [parse_code(w) for w in words[1:]]
    except ct.CardError:
        return None


def is_card(action: str) -> bool:
    """Whether an action is a card played (``QH``)."""
    try:
        return len(action.split()) == 1 and bool(parse_code(action))
    except ct.CardError:
        return False


def said(text: str) -> str:
    """Text as a player may type a label: lower case, single spaces, no full stop."""
    return " ".join(text.lower().replace(",", " ").split()).rstrip(".")


class Menu:
    """The legal actions as the player sees them: numbered, with a long list of card sets of one word
    shown as one choice, and a long menu shown by kind; a choice is taken by its number, its label
    (``three`` for "Three") or the action itself (``bid 3``). The engine's actions stay exact (what is
    typed is checked by ``why_not``)."""

    def __init__(self, legal: list[str], hand: list[str], deal: ct.Deal | None = None,
                 view: dict[str, Any] | None = None, names: list[str] | None = None) -> None:
        sets: dict[str, list[list[str]]] = {}  # the card sets each word names
        for a in legal:
            cards = card_args(a)
            if cards:
                sets.setdefault(a.split()[0], []).append(cards)
        self.words = {a.split()[0].lower() for a in legal if a.split()}
        self.sizes = {word: max(map(len, s)) for word, s in sets.items() if len(s) >= GROUP_AT and
                      max(map(len, s)) > 1}
        self.single = {word for word, s in sets.items() if all(len(c) == 1 for c in s)}
        """The words whose actions each name one card (Schafkopf's ``discard 7C``, typed twice or as one)."""
        self.entries: list[tuple[str, Text]] = []  # (the action, or the word offered as one choice; its label)
        self.typed: list[Text] = []  # what to type for each entry
        self.labels: list[str] = []  # each entry's label in words
        self.kinds: list[str] = []  # each entry's kind, its group in a long menu
        for a in legal:
            word = a.split()[0]
            if word not in self.sizes:
                self.entries.append((a, choice_text(deal, a) if deal is not None else action_text(a)))
                self.typed.append(action_text(a))
                self.labels.append(label(deal, a, view, names or ()) if deal is not None else a)
                self.kinds.append(tr("Play a card") if is_card(a) else WORD_TITLES.get(word, word.capitalize()))
            elif all(entry != word for entry, _ in self.entries):
                whose = "your" if all(set(cards) <= set(hand) for cards in sets[word]) else "the"
                counts = {len(c) for c in sets[word]}
                many = f"{counts.pop()}" if len(counts) == 1 else f"up to {self.sizes[word]}"
                self.entries.append((word, Text(f"{word} …  name {many} of {whose} cards")))
                self.typed.append(self.entries[-1][1])
                self.labels.append(word)
                self.kinds.append(WORD_TITLES.get(word, word.capitalize()))
        by_label: dict[str, list[str]] = {}
        for (action, _), text in zip(self.entries, self.labels):
            by_label.setdefault(said(text), []).append(action)
            by_label.setdefault(said(text).removeprefix("the "), []).append(action)
        self.by_label = {k: v[0] for k, v in by_label.items() if len(set(v)) == 1}
        """An entry by its label as typed (``three``, ``queen of clubs``), where no other entry has it."""

    def choice(self, raw: str) -> str | None:
        """The entry a player means by a label or a number (``None``: neither)."""
        if raw.isdigit():
            k = int(raw)
            return self.entries[k - 1][0] if 1 <= k <= len(self.entries) else None
        return self.by_label.get(said(raw))

    def summary(self) -> Text:
        """Every choice on one line, as it is typed."""
        out = Text()
        for i, typed in enumerate(self.typed):
            out.append(", " if i else "")
            out.append_text(typed)
        return out

    def table(self) -> Table:
        """The choices numbered, one a line; a long menu by kind, each kind's choices on one wrapped line."""
        t = Table.grid(padding=(0, 2))
        if len(self.entries) <= COLUMN_AT:
            for i, (_, text) in enumerate(self.entries, 1):
                t.add_row(Text(f"{i:>2} ", style="cyan") + text)
            return t
        t.add_column(style="bold", no_wrap=True)
        t.add_column()
        groups: dict[str, list[Text]] = {}
        for i, ((action, text), words, kind) in enumerate(zip(self.entries, self.labels, self.kinds), 1):
            entry = Text(f"{i} ", style="cyan")
            if is_card(action):
                entry.append_text(card_text(action))
            elif said(words).startswith(said(kind) + " "):
                entry.append(words[len(kind):].strip())  # "Meld 3♠, 3♣": "3♠, 3♣" on the line of the melds
            else:
                entry.append(text.plain if action in self.sizes else words)
            groups.setdefault(kind, []).append(entry)
        for kind, entries in groups.items():
            t.add_row(kind, Columns(entries, padding=(0, 3)))  # whole choices side by side, never cut
        return t


HELP = """[bold]Choosing[/]: type the number of a choice, its words ([bold]three[/] for "Three", [bold]queen of \
clubs[/]) or the action as the menu shows it dimmed ([bold]bid 3[/], [bold]QC[/]); several cards of one kind \
at once where each is a move of its own ([bold]discard 8S 7C[/]); [bold]claim[/] or [bold]concede[/] the rest \
of the tricks where the table allows it. [bold]q[/] stops and shows the totals; [bold]?[/] shows this.
[bold]Cards[/] are written rank then suit: A K Q J 10 (or T) 9 … 2 and S H D C (spades, hearts, diamonds, \
clubs): [bold]10H[/] or [bold]TH[/] is the ten of hearts.
[bold]The panel[/]: the dealer and the phase of the deal, what is happening, the contract and trumps, the \
chips in the pools and the scores; then the table: the last trick (and who won it), the trick being played \
(and which card is winning it), the last six moves, and your hand (* marks a card that wins chips on the \
table). A bot's move is printed as it happens, "→" when a trick or chips are won."""


def ask_action(deal: ct.Deal, seat: int, names: list[str] | None = None) -> list[str] | None:
    """Show the legal actions and read a choice: the actions it makes (several cards of one word typed at
    once are one action each); ``None`` to quit."""
    view = deal.view(seat)
    menu = Menu(deal.legal(), view.get("hand") or [], deal, view, names)
    console.print(menu.table())
    while True:
        raw = Prompt.ask(tr("your action (number, words or text; ? for help, q to quit)"), console=console).strip()
        words = raw.split()
        if not words:
            continue
        if raw.lower() in ("q", "quit", "exit"):
            return None
        if raw in ("?", "help"):
            console.print(Text(tr("Allowed now:") + " ") + menu.summary())
            console.print(HELP)
            continue
        chosen = menu.choice(raw)
        if raw.isdigit() and chosen is None:
            console.print(Text(tr("choose a number from 1 to {n}", n=len(menu.entries)), style="red"))
            continue
        if chosen is not None:
            raw = chosen
            if raw in menu.sizes:  # a word offered as one choice: name its cards
                named = ask_cards(raw, menu.sizes[raw], deal.view(seat).get("hand") or [])
                if named is None:
                    continue
                raw = named
        elif words[0].lower() not in menu.words and not CARD_LIKE.fullmatch(words[0]):
            console.print(Text(tr("{typed} is not an action here.", typed=repr(raw)) + " " + tr("Allowed now:") + " ",
                               style="red") + menu.summary())
            continue
        several = split_cards(raw, menu)
        reason = deal.why_not(several[0], seat)
        if reason is None:
            return several
        # The engine's reason, with the choices as this menu shows them (a long list of card sets as one).
        worded, legal_now, _ = engine(reason).partition(". Legal now: ")
        console.print(Text(worded + (". " + tr("Allowed now:") + " " if legal_now else ""), style="red") +
                      (menu.summary() if legal_now else Text()))


def split_cards(raw: str, menu: Menu) -> list[str]:
    """``discard 8S 7C`` as ``discard 8S`` then ``discard 7C`` where each of the word's actions names one card;
    any other action as it is."""
    words = raw.split()
    if words[0].lower() in menu.single and len(words) > 2 and card_args(raw):
        return [f"{words[0]} {card}" for card in words[1:]]
    return [raw]


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
            console.print(Text(str(e), style="red"))


def interactive() -> bool:
    """Whether a person is at the keyboard (the next-deal question is asked only then)."""
    return os.isatty(0)


def trump_news(view: dict[str, Any], before: Any, seen: str, who: str) -> Text | None:
    """A line saying which suit is trumps when the view shows a new one (Nap's: the declarer's lead)."""
    trump = view.get("trump")
    if trump is None or trump == before:
        return None
    news = Text("  " + tr("Trumps are") + " ", style="bold") + suit_text(trump)
    if card_args("x " + seen) and len(seen.split()) == 1 and parse_code(seen)[1:] == trump:
        news.append(f" — the suit {'you' if who == 'You' else who} led.")
    return news


def trick_news(before: list[int] | None, view: dict[str, Any], names: list[str]) -> Text | None:
    """"→ Bea wins the trick" when the view shows one trick more won than ``before`` (the tricks won until the
    last move), so that a winner who leads again is not read as one player playing twice."""
    after = view.get("tricks_won")
    if not isinstance(after, list) or sum(after) <= sum(before or [0]):
        return None
    was = before or [0] * len(after)
    winner = next(s for s, (a, b) in enumerate(zip(after, was)) if a > b)
    if names[winner] == "You":
        return Text("  → " + tr("You win the trick"), style="bold")
    return Text("  → " + tr("{player} wins the trick", player=names[winner]), style="bold")


def chips_news(before: dict[str, Any] | None, view: dict[str, Any], who: str) -> Text | None:
    """"→ Ann wins 4 chips on the King of clubs" when a move emptied a money card's pool (Michigan's boodle
    cards, Pope Joan's stakes)."""
    after = view.get("pools")
    money = set(view.get("money_cards") or ())
    if not isinstance(after, dict) or not isinstance(before, dict):
        return None
    won = [(name, before[name] - after[name]) for name in after
           if name in money and isinstance(before.get(name), int) and after[name] < before[name]]
    if not won:
        return None
    said = "; ".join(f"{n} chip{'s' if n != 1 else ''} on the {sentence(name)}" for name, n in won)
    return Text("  → " + for_you(f"{who} wins {said}"), style="bold green")


def picked_news(before: list[str] | None, view: dict[str, Any]) -> Text | None:
    """"You pick up: Q♥ Q♦" when the person's own move brought cards into the hand (the blind, the
    widow, a draw), so that they are not lost among the others."""
    after = list(view.get("hand") or [])
    for code in before or []:
        if code in after:
            after.remove(code)
    if not after:
        return None
    return Text("  " + tr("You pick up:") + " ") + cards_text(after)


def table_panel(deal: ct.Deal, seat: int, names: list[str]) -> Any:
    """The panel of the table as ``seat`` sees it, the moves by their labels (a lay-off on "Bea's run")."""
    view = deal.view(seat)
    return view_panel(view, names, lambda action: label(deal, action, view, names), deal)


def forced_card(deal: ct.Deal) -> bool:
    """Whether the one legal action is a card played: it is played without asking (and said so)."""
    legal = deal.legal()
    return len(legal) == 1 and is_card(legal[0])


def playing_with(others: list[str], bots: str) -> str:
    """Who the player sits with, by name: "you play with Ann (random bot).", "... with Ann and Bea (random
    bots).", "... with Ann, Bea and Cal (random bots)."."""
    if len(others) == 1:
        return tr("you play with {name} ({bots} bot).", name=others[0], bots=bots)
    return tr("you play with {others} and {last} ({bots} bots).", others=", ".join(others[:-1]), last=others[-1],
              bots=bots)


def play_match(match: ct.Match, bots: dict[int, Any], seat: int, names: list[str]) -> None:
    """Deal after deal until the match is over or the player stops."""
    while not match.over:
        deal = match.next_deal()
        console.rule(tr("deal {deal} — dealer: {player}", deal=len(match.results) + 1,
                        player=you_word(names[deal.dealer])))
        first = deal.view(seat)
        trump, tricks, pools, hand = first.get("trump"), first.get("tricks_won"), first.get("pools"), first.get("hand")
        active = first.get("active")
        if isinstance(active, list) and len(active) > 1 and seat not in active:  # sitting out from the start
            playing = [names[s] for s in active]
            console.print(Text(f"You sit out this deal: {', '.join(playing[:-1])} and {playing[-1]} play it; you "
                               "neither pay nor receive.", style="bold"))
        queued: list[str] = []  # the rest of several cards of one word typed at once
        while not deal.over:
            turn = deal.turn
            assert turn is not None
            if turn == seat and queued:
                action = queued.pop(0)
                reason = deal.why_not(action, seat)
                if reason is not None:  # the rest of several cards typed at once, no longer allowed
                    console.print(Text(f"{engine(label(deal, action))}: {engine(reason)}", style="red"))
                    queued.clear()
                    continue
            elif turn == seat and forced_card(deal):
                action = deal.legal()[0]
                console.print(Text("  " + tr("You play") + " ") + card_text(action)
                              + Text(tr(", the only card you may play.")))
            elif turn == seat:
                console.print(table_panel(deal, seat, names))
                chosen = ask_action(deal, seat, names)
                if chosen is None:
                    console.print(totals_table(match.totals, names, len(match.results)))
                    return
                action, *queued = [chosen] if isinstance(chosen, str) else chosen
            else:
                action = bots[turn].choose(deal, turn)
            deal.act(action, seat=turn)
            view = deal.view(seat)
            _, seen = view["history"][-1]
            if turn != seat:
                console.print(Text(f"  {you_word(names[turn])}: ") + move_text(deal, seen, view, names))
            news = trump_news(view, trump, seen, names[turn])
            if news:
                console.print(news)
            for line in (trick_news(tricks, view, names), chips_news(pools, view, names[turn]),
                         picked_news(hand, view) if turn == seat else None):
                if line:
                    console.print(line)
            trump, tricks, pools, hand = view.get("trump"), view.get("tricks_won"), view.get("pools"), view.get("hand")
        console.print(table_panel(deal, seat, names))
        res = match.record(deal)
        console.print(settlement_table(res.to_json(), names))
        console.print(totals_table(match.totals, names, len(match.results)))
        if not match.over and interactive() and not Confirm.ask(tr("next deal?"), default=True, console=console):
            return
    console.print(Text(tr("match over"), style="bold"))


@app.command()
def play(game: GameArg,
         players: Annotated[int | None, typer.Option("--players", "-p", help=PLAYERS_HELP)] = None,
         seat: Annotated[int, typer.Option("--seat", "-s", help="your place at the table, 0 = the first dealer")] = 0,
         bot: Annotated[BotKind, typer.Option("--bot", "-b", help="the kind of bot playing the others",
                                              case_sensitive=False)] = BotKind["heuristic"],
         option: OptionsOpt = None,
         seed: Annotated[int | None, typer.Option(help="random seed for the shuffles")] = None,
         deals: Annotated[int | None, typer.Option(
             help="stop after this many deals (default: the game's own end, else each player deals twice)")] = None,
         ) -> None:
    """Play one seat in the terminal against bots, over a whole match."""
    g = load_game(game, players, parse_options(option))
    if not 0 <= seat < g.players:
        fail(f"--seat must be from 0 to {g.players - 1}")
    bots = {s: ct.bots.load(bot.value, seed=(seed or 0) + s) for s in range(g.players) if s != seat}
    every = ""
    if deals is None and not g.ends_by_itself:
        deals = 2 * g.players  # a match with no target of its own: each player deals twice
        every = " " + tr("(each player deals twice)")
    names = player_names(g.players, seat)
    g = ct.load(g.id, players=g.players, names=names, **g.options.as_dict())  # the engine's lines in these names
    match = ct.Match(g, seed=seed if seed is not None else random.randrange(10**9), deals=deals)
    others = [n for s, n in enumerate(names) if s != seat]
    console.print(f"[bold]{escape(engine(g.info.name))}[/] — " + escape(playing_with(others, bot.value))
                  + f" {escape(match_length(g, deals))}{escape(every)}. " + tr("Type q to stop, ? for help."))
    if (drawn := first_dealer_line(match, names)) is not None:
        console.print(drawn)  # option first_dealer="cards": who drew what, once, at the start
    try:
        play_match(match, bots, seat, names)
    except EOFError:  # the input ended: as q
        console.print(totals_table(match.totals, names, len(match.results)))
    except KeyboardInterrupt:  # Ctrl-C: stop, with the totals so far
        console.print(Text("\n" + tr("stopped"), style="yellow"))
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
        return Text("" if rate is None else tr("{rate} deals/s", rate=f"{rate:,.1f}"), style="progress.data.speed")


class EtaColumn(ProgressColumn):
    """The time left at the average rate so far."""

    def render(self, task: Task) -> Text:
        rate = _average_rate(task)
        if task.finished:
            return Text(tr("done"), style="progress.remaining")
        if rate is None or task.total is None:
            return Text(tr("eta {left}", left="-:--:--"), style="progress.remaining")
        secs = int((task.total - task.completed) / rate)
        return Text(tr("eta {left}", left=f"{secs // 3600}:{secs // 60 % 60:02d}:{secs % 60:02d}"),
                    style="progress.remaining")


def run_setup(backend: str, jobs: int, address: str | None, records: str | None) -> tuple[Any, Any]:
    """The runner of a backend and the records writer (the scale extra is loaded only when asked for)."""
    import importlib

    if jobs < 0:
        fail(tr("--jobs must be 0 (all cores) or a number of workers, not {jobs}", jobs=jobs))
    jobs = jobs or os.cpu_count() or 1
    try:
        scale = importlib.import_module("cardtable.scale")  # Ray and pyarrow are imported only when used
        runner = scale.interruptible(scale.runner_for(backend, jobs, address))  # Ctrl-C: between two deals
        writer = scale.RecordWriter(records) if records else None
        return runner, writer
    except ct.RulesError as e:
        fail(e)


@app.command()
def simulate(game: GameArg,
             n: Annotated[int, typer.Option("-n", "--deals", min=1, help="number of deals (1 or more)")] = 1000,
             bots: Annotated[str, typer.Option(metavar="KINDS",
                 help=f"comma-separated bot kinds ({', '.join(ct.bots.KINDS)}), repeated round the table",
                 autocompletion=complete_bots)] = "random",
             players: Annotated[int | None, typer.Option("--players", "-p", help=PLAYERS_HELP)] = None,
             option: OptionsOpt = None,
             seed: SeedOpt = 0, jobs: JobsOpt = 0, backend: BackendOpt = "local", address: AddressOpt = None,
             records: RecordsOpt = None,
             ) -> None:
    """Play many deals with bots; per-seat mean result with a 95% confidence interval, and deals/s."""
    g = load_game(game, players, parse_options(option))
    specs = [b.strip() for b in bots.split(",") if b.strip()]
    for b in set(specs):
        try:
            ct.bots.load(b)
        except ct.RulesError as e:
            fail(e)
    runner, writer = run_setup(backend, jobs, address, records)
    try:
        with progress_bar(tr("simulating")) as prog:
            task = prog.add_task("deals", total=n)
            res = arena.simulate(g.id, specs, n, seed=seed, players=g.players, options=g.options.as_dict(),
                                 progress=lambda k: prog.advance(task, k), runner=runner,
                                 on_record=writer.write if writer else None)
    finally:
        if writer:
            writer.close()
    if res.interrupted:
        interrupted(res.deals, n, writer, records)
    if not res.per_deal:
        raise typer.Exit(130)
    t = Table(title=tr("{game}: {n} deals, bots {bots}", game=engine(g.info.name), n=res.deals,
                       bots=", ".join(specs)))
    t.add_column(tr("player"))
    t.add_column(tr("bot"))
    t.add_column(tr("mean {unit}/deal", unit=unit_word(g.unit)), justify="right")
    t.add_column(tr("95% CI"), justify="right")
    seat_names = player_names(g.players)  # the names the table and the records' replays use
    for s, (m, ci) in enumerate(zip(res.mean, res.ci95)):
        t.add_row(seat_names[s], specs[s % len(specs)], f"{m:+.3f}", f"± {ci:.3f}")
    # Chips are never created or lost: what the seats lose together stayed in the pools.
    pooled = [-sum(deltas) for deltas in res.per_deal]
    if g.unit == "chips" and any(abs(x) > 1e-9 for x in pooled):
        m, ci = arena.mean_ci(pooled)
        t.add_section()
        t.add_row(tr("pools"), "", f"{m:+.3f}", f"± {ci:.3f}")
    console.print(t)
    if len(t.rows) > len(res.mean):
        console.print(tr("pools: chips staked during a deal that no one won in it (on money cards not cleared, in a "
                         "kitty or pot); they stay for the next deal of a match. Each deal, the seats and the pools "
                         "add up to zero."))
    console.print(tr("{deals} deals/s, {actions} actions/s ({seconds} s)", deals=f"{res.deals_per_second:,.0f}",
                     actions=f"{res.actions / res.seconds:,.0f}", seconds=f"{res.seconds:.2f}"))
    if res.interrupted:
        raise typer.Exit(130)


@app.command("duel")
def duel_cmd(game: GameArg,
             bot_a: Annotated[BotKind, typer.Argument(help="bot A kind", case_sensitive=False, show_default=False)],
             bot_b: Annotated[BotKind, typer.Argument(help="bot B kind", case_sensitive=False, show_default=False)],
             n: Annotated[int, typer.Option("-n", "--deals", min=1,
                                            help="number of duplicate deals (1 or more)")] = 200,
             players: Annotated[int | None, typer.Option("--players", "-p", help=PLAYERS_HELP)] = None,
             option: OptionsOpt = None,
             seed: SeedOpt = 0, jobs: JobsOpt = 0, backend: BackendOpt = "local", address: AddressOpt = None,
             records: RecordsOpt = None,
             ) -> None:
    """Duplicate deals: each deal once per seat rotation and once all-B; A's mean gain over B in the same seat."""
    g = load_game(game, players, parse_options(option))
    bot_a, bot_b = bot_a.value, bot_b.value
    runner, writer = run_setup(backend, jobs, address, records)
    try:
        with progress_bar(tr("dueling")) as prog:
            task = prog.add_task("deals", total=n)
            res = arena.duel(g.id, bot_a, bot_b, n, seed=seed, players=g.players, options=g.options.as_dict(),
                             progress=lambda k: prog.advance(task, k), runner=runner,
                             on_record=writer.write if writer else None)
    finally:
        if writer:
            writer.close()
    if res.interrupted:
        interrupted(res.deals, n, writer, records)
    if not res.per_deal:
        raise typer.Exit(130)
    console.print(escape(tr("{game}: {a} vs {b}, {n} duplicate deals × {rotations} rotations",
                            game=engine(g.info.name), a=bot_a, b=bot_b, n=res.deals, rotations=g.players)))
    before, _, after = tr("mean result of {a} per deal: {mean} ± {ci} {unit} (95% CI), over {b} in the same seat",
                          a=bot_a, b=bot_b, mean="\0", ci=f"{res.ci95:.3f}", unit=unit_word(g.unit)).partition("\0")
    console.print(f"{escape(before)}[bold]{res.mean:+.3f}[/]{escape(after)}")
    per_second = res.deals / res.seconds if res.seconds else float("inf")
    console.print(escape(tr("{rate} duplicate deals/s, each played {times} times ({seconds} s)",
                            rate=f"{per_second:,.1f}", times=g.players + 1, seconds=f"{res.seconds:.1f}")))
    if res.interrupted:
        raise typer.Exit(130)


def interrupted(done: int, n: int, writer: Any, records: str | None) -> None:
    """What was done before Ctrl-C stopped a run of deals."""
    if writer:
        said = tr("interrupted: {done} of {n} deals finished; {written} written to {records}; figures below are for "
                  "those", done=done, n=n, written=writer.count, records=records)
    else:
        said = tr("interrupted: {done} of {n} deals finished; figures below are for those", done=done, n=n)
    console.print(Text(said, style="yellow"))


def unit_word(unit: str) -> str:
    """A game's unit (``chips``, ``points``) in the language in use."""
    return tr(unit) if unit in ("chips", "points") else unit


def options_words(options: Any) -> str:
    """A record's options in words: ``options: misery true, peep nap declarer only`` (or the defaults)."""
    if not isinstance(options, dict) or not options:
        return "the game's default options"
    said = ", ".join(f"{str(k).replace('_', ' ')} {str(v).lower() if isinstance(v, bool) else v}"
                     for k, v in options.items())
    return f"options: {said}"


def match_length(game: ct.Game, deals: int | None) -> str:
    """How long a match lasts, in words, for the banner."""
    if deals is not None:
        return trn("The match is {n} deal", "The match is {n} deals", deals)
    if game.target is not None:
        return tr("The match ends when a player reaches {target} {unit}", target=amount(game.target),
                  unit=unit_word(game.unit))
    return tr("The match ends as the game's rules say ('cardtable rules' tells how)")


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
        fail(e)
    names = player_names(deal.players)
    a_seat = "" if row.get("a_seat") is None else f", bot A in seat {row['a_seat']} ({names[row['a_seat']]})"
    console.print(f"[bold]{escape(deal.game.info.name)}[/] — deal {row.get('index')}{a_seat}, seed {row.get('seed')}, "
                  f"dealer {names[deal.dealer]}, {escape(options_words(row.get('options')))}")
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
from . import learn  # noqa: E402  (train: cli/learn.py; it imports the trainer only when run)

learn.register(app)
for _command in app.registered_commands:  # every command's help in words
    if _command.cls in (None, TyperCommand):
        _command.cls = PlainCommand
for _group in app.registered_groups:
    if _group.typer_instance is not None:
        if _group.typer_instance.info.cls in (None, TyperGroup):
            _group.typer_instance.info.cls = PlainGroup
        for _command in _group.typer_instance.registered_commands:
            if _command.cls in (None, TyperCommand):
                _command.cls = PlainCommand


def main() -> None:
    """Entry point of the ``cardtable`` script."""
    try:
        app()
    except KeyboardInterrupt:
        console.print("\n[yellow]interrupted[/]")
        sys.exit(130)


if __name__ == "__main__":
    main()
