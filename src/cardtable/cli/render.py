"""Rendering of views for the terminal, with Rich. Presentation only: everything comes from ``view()``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Group
from rich.constrain import Constrain
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

import cardtable as ct
from cardtable.core.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS, card_name
from cardtable.core.i18n import N_
from cardtable.core.words import PLAIN_NAMES, card_symbol, phase_words, possessive
from cardtable.words import ante_lines, for_you, in_names, label, sentence

from .lang import amount, current, engine, tr, trn

__all__ = ["BOT_NAMES", "SUIT_STYLE", "card_text", "cards_text", "choice_text", "move_text", "player_names",
           "settlement_table", "suit_text", "totals_table", "view_panel", "you_word"]

SUIT_STYLE = {"S": "bold white", "H": "bold red", "D": "bold red", "C": "bold white"}
BOT_NAMES = PLAIN_NAMES
"""The names of the other players at the table, in seat order (the person playing is "You"): the web table's
names for seats without one."""
PANEL_WIDTH = 100
"""The table's panel keeps this width (or the terminal's, if narrower) whatever it shows."""


def player_names(players: int, you: int | None = None) -> list[str]:
    """A name for every seat: "You" for the person playing, first names for the others.

    >>> player_names(4, you=1)
    ['Ann', 'You', 'Bea', 'Cal']
    """
    others = iter(BOT_NAMES)
    return ["You" if s == you else next(others) for s in range(players)]


def you_word(name: str) -> str:
    """A seat's name as shown: the person playing ("You") in the reader's language."""
    return tr("You") if name == "You" else name


def suit_text(suit: str) -> Text:
    """A suit by name and symbol (``hearts ♥``)."""
    if not isinstance(suit, str) or len(suit) != 1 or suit not in SUITS:
        return Text(str(suit))
    i = SUITS.index(suit)
    return Text(f"{SUIT_NAMES[i]} {SUIT_SYMBOLS[i]}", style=SUIT_STYLE[suit])


def card_text(code: str) -> Text:
    """One card as coloured text (``Q♥``)."""
    if code == "JK":
        return Text("🃏JK", style="bold magenta")
    if code.startswith("JK="):  # a joker standing for a card (Coon Can melds)
        return Text("🃏(", style="bold magenta") + card_text(code[3:]) + Text(")", style="bold magenta")
    return Text(card_symbol(code), style=SUIT_STYLE.get(code[1], ""))


def cards_text(codes: list[str] | None) -> Text:
    """A row of cards separated by spaces."""
    out = Text()
    for i, c in enumerate(codes or []):
        if i:
            out.append(" ")
        out.append_text(card_text(c))
    return out


def action_text(action: str) -> Text:
    """An action as typed, with any card codes in it coloured."""
    out = Text()
    for i, tok in enumerate(action.split()):
        if i:
            out.append(" ")
        if (len(tok) == 2 and tok[1] in SUITS and tok[0] in "AKQJT98765432") or tok == "JK" or tok.startswith("JK="):
            out.append_text(card_text(tok))
        else:
            out.append(tok)
    return out


def move_text(deal: ct.Deal, action: str, view: dict[str, Any], names: Sequence[str]) -> Text:
    """A move as ``view`` showed it, in plain words as the web table words it ("Two", "Take the miss", "Rob with
    the 7♥"; a lay-off on "Ann's run")."""
    return Text(label(deal, action, view, names))


def choice_text(deal: ct.Deal, action: str) -> Text:
    """A legal action as the player reads it: its label, then, dimmed, what to type for it where that differs
    ("Two  bid 2")."""
    said = label(deal, action)
    if said.lower() == action.lower():
        return Text(said)
    return Text(said) + Text("  ") + Text(action, style="dim")


def layout_text(layout: Any) -> Text:
    """A building layout: per suit its run from low to high end, or a list of cards."""
    out = Text("layout: ", style="dim")
    if isinstance(layout, dict):
        for suit, run in layout.items():
            symbol = SUIT_SYMBOLS[SUITS.index(suit)] if isinstance(suit, str) and len(suit) == 1 and suit in SUITS \
                else suit
            out.append(f" {symbol} ", style=SUIT_STYLE.get(suit, ""))
            if isinstance(run, list) and len(run) == 2 and all(isinstance(c, str) for c in run):
                out.append_text(card_text(run[0]))
                if run[1] != run[0]:
                    out.append("…")
                    out.append_text(card_text(run[1]))
            else:
                out.append(str(run))
            out.append("  ")
    elif isinstance(layout, list) and all(isinstance(c, str) for c in layout):
        out.append_text(cards_text(layout))
    else:
        out.append(str(layout))
    return out


def seat_name(seat: Any, names: Sequence[str]) -> str:
    """The name of a seat ("-" for none)."""
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "-"


Say = Callable[[str], str]


def _facts(view: dict[str, Any], names: Sequence[str], say: Say | None) -> Table:
    """The deal's facts, one a row: dealer, phase in words, status, contract, trumps, pools, scores, tricks."""
    info = Table.grid(padding=(0, 2))
    info.add_column(style="dim")
    info.add_column()
    info.add_row(tr("dealer"), you_word(seat_name(view.get("dealer"), names)))
    info.add_row(tr("phase"), engine(phase_text(view)))
    me = view.get("seat")
    active = view.get("active")
    if isinstance(me, int) and isinstance(active, list) and len(active) > 1 and me not in active:
        playing = [seat_name(s, names) for s in active]
        info.add_row("", Text(f"You are not in this deal's play: {', '.join(playing[:-1])} and {playing[-1]} "
                              "play it.", style="bold"))
    if view.get("status"):
        info.add_row("", Text(engine(for_you(sentence(in_names(view["status"], names))))))
    for key in ("contract", "declarer", "high_bid", "high_bidder", "trump", "turn_up", "stock_size", "widow_size",
                "discard_top"):
        val = view.get(key)
        if val is None or val == "" or (key == "high_bid" and val == view.get("contract")) or \
                (key == "widow_size" and val == 0):
            continue
        if key == "high_bidder" and val == view.get("declarer"):  # one name, said once
            continue
        info.add_row(tr(fact_name(key, view)), _fact(key, val, view, names, say))
    if isinstance(view.get("card_points"), list):
        info.add_row(tr("card points"), "  ".join(f"{you_word(seat_name(s, names))}: {n}"
                                                  for s, n in enumerate(view["card_points"])
                                                  if not isinstance(active, list) or s in active))
    if view.get("discards"):
        info.add_row(tr("your discards") if view.get("seat") == view.get("declarer") else tr("discards"),
                     cards_text(view["discards"]))
    if view.get("pools"):
        info.add_row(tr("pools"), ", ".join(f"{str(k).replace('_', ' ')}: {v}" for k, v in view["pools"].items()))
    if view.get("scores") is not None and isinstance(view["scores"], list):
        teams = view.get("teams")
        if teams and len(teams) == len(view["scores"]):
            shown = [f"{'+'.join(you_word(seat_name(x, names)) for x in team)}: {amount(sc)}"
                     for team, sc in zip(teams, view["scores"])]
        else:
            shown = [f"{you_word(seat_name(i, names))}: {amount(sc)}" for i, sc in enumerate(view["scores"])]
        info.add_row(tr("scores"), "  ".join(shown))
    if view.get("tricks_won"):
        info.add_row(tr("tricks"), "  ".join(f"{you_word(seat_name(s, names))}: {n}"
                                             for s, n in enumerate(view["tricks_won"])))
    return info


BLIND_GAMES = frozenset({"schafkopf"})
"""The games whose rules call the widow "the blind"."""
TRUMP_WORDS = {"schafkopf": N_("all queens and jacks, then the"), "auction-schafkopf": N_("the four jacks, then the")}
"""Where the trumps are more than one suit's cards, the words before the suit's name."""


def phase_text(view: dict[str, Any]) -> str:
    """The phase in words, as this kind of game has it: a game's "play" is the tricks only where there are
    tricks (a rummy melds, a layout game builds)."""
    phase = view.get("phase")
    if phase == "play" and "trick" not in view:
        if "melds" in view:
            return tr("Melding, laying off and discarding")
        if "layout" in view:
            return tr("Playing to the layout")
        return tr("Playing")
    return engine(phase_words(phase))


def fact_name(key: str, view: dict[str, Any]) -> str:
    """The name of a fact in the panel, in the game's words (the blind of Schafkopf)."""
    if key == "trump":
        return N_("trumps")
    if key == "widow_size":
        return N_("cards in the blind") if view.get("game") in BLIND_GAMES else N_("cards in the widow")
    return FACT_NAMES.get(key, key.replace("_", " "))


FACT_NAMES = {"contract": N_("contract"), "declarer": N_("declarer"), "high_bid": N_("high bid"),
              "high_bidder": N_("high bidder"), "turn_up": N_("turn up"), "stock_size": N_("stock size"),
              "discard_top": N_("discard top")}
"""The facts of the panel by name (translated where shown)."""


def _fact(key: str, val: Any, view: dict[str, Any], names: Sequence[str], say: Say | None) -> Text | str:
    """One fact's value in words: a seat by name, a bid by its label, a suit or a card drawn."""
    if key == "turn_up" and isinstance(view.get("robbed_by"), int) and view["robbed_by"] >= 0:
        return Text(f"taken by {seat_name(view['robbed_by'], names)}")
    if key in ("declarer", "high_bidder"):
        return you_word(seat_name(val, names))
    if key in ("high_bid", "contract") and say is not None:
        return engine(say(str(val)))
    if key == "high_bid":
        return str(val).removeprefix("bid ")
    if key == "trump":
        before = TRUMP_WORDS.get(str(view.get("game")))
        return Text(tr(before) + " ") + suit_text(val) if before else suit_text(val)
    if key in ("turn_up", "discard_top"):
        return card_text(val)
    return str(val)


def _melds(melds: list[dict[str, Any]], names: Sequence[str]) -> list[Any]:
    """The melds on the table, each by number and owner, a fixed joker marked."""
    mt = Table(title="melds", show_header=False, box=None)
    for m in melds:
        row = Text()
        fixed = set(m.get("crosswise") or ())
        for i, c in enumerate(m.get("cards") or []):
            if i:
                row.append(" ")
            row.append_text(card_text(c))
            if i in fixed:  # the seed's joker "placed crosswise": fixed, it can no longer move
                row.append("✕", style="dim")
        mt.add_row(str(m.get("id", "")), seat_name(m.get("owner"), names), row)
    rows: list[Any] = [mt]
    if any(m.get("crosswise") for m in melds):
        rows.append(Text("✕ a joker placed crosswise: fixed, it cannot be moved", style="dim"))
    return rows


def _trick_row(title: str, trick: list[Any], names: Sequence[str], style: str) -> Text:
    """A trick's cards, each after the name of the seat that played it."""
    t = Text(f"{title}: ", style=style)
    for s, c in trick:
        t.append(f"{seat_name(s, names)} ")
        t.append_text(card_text(c))
        t.append("  ")
    return t


def _table_rows(view: dict[str, Any], names: Sequence[str], say: Say | None,
                winning: Sequence[Any] | None = None) -> list[Any]:
    """What lies on the table: the layout, melds, exposed hands, the last and the current trick, the recent
    moves (each by its label, as this seat's log shows it)."""
    rows: list[Any] = []
    if view.get("layout"):
        rows.append(layout_text(view["layout"]))
    if view.get("melds"):
        rows += _melds(view["melds"], names)
    for s, codes in (view.get("exposed") or {}).items():
        rows.append(Text(f"{seat_name(int(s), names)} shows: ") + cards_text(codes))
    claim = view.get("claim")
    if claim:  # the hand shown to all with a claim or concession of the rest of the tricks
        what = "claimed with" if str(claim["action"]).startswith("claim") else "conceded with"
        rows.append(Text(f"{seat_name(claim['seat'], names)} {what}: ") + cards_text(claim["hand"]))
    if view.get("last_trick"):
        lt = _trick_row(tr("last trick"), view["last_trick"], names, "dim")
        if view.get("trick") == [] and view.get("leader") is not None:
            lt.append("→ " + tr("won by {player}", player=you_word(seat_name(view["leader"], names))), style="dim")
        rows.append(lt)
    if view.get("trick") is not None:
        row = _trick_row(tr("trick"), view["trick"], names, "bold")
        if winning is not None:
            winner = seat_name(winning[0], names)
            row.append(for_you(f"(winning: {possessive(winner)} ") if current() == "en"
                       else "(" + tr("winning: {player}'s", player=you_word(winner)) + " ", style="dim")
            row.append_text(card_text(winning[1]))
            row.append(")", style="dim")
        rows.append(row)
    recent = view.get("history", [])[-6:]
    if recent:
        h = Text(tr("recent:") + " ", style="dim")
        for i, (s, a) in enumerate(recent):
            h.append(" · " if i else "", style="dim")
            h.append(f"{you_word(seat_name(s, names))} ")
            h.append(engine(say(a)) if say is not None else a)
        rows.append(h)
    return rows


def view_panel(view: dict[str, Any], names: Sequence[str] | None = None, say: Say | None = None,
               deal: ct.Deal | None = None) -> Constrain:
    """The table as one seat sees it, the seats by name (by default :func:`player_names`, the viewer "You"),
    the phase in words, the contract, the high bid and the recent moves by ``say`` (an action's label,
    :func:`cardtable.words.label`) when given, in a panel of a steady width. Everything comes from ``view``;
    ``deal``, when given, lends only its rules, known to all: which card of the trick is winning, and the hand
    sorted with the trumps together where they are more than one suit's cards."""
    me = view.get("seat")
    names = names or player_names(int(view.get("players") or 0), me)
    winning = winning_play(deal, view) if deal is not None else None
    rows: list[Any] = [_facts(view, names, say), *_table_rows(view, names, say, winning)]
    if me is not None:
        hand = view.get("hand") or []
        if deal is not None:
            hand = trumps_together(deal, hand)
        rows.append(Text(tr("your hand:") + " ", style="bold") + hand_text(view, hand))
    if view.get("over"):
        state = tr("deal over")
    elif view.get("turn") == me:
        state = tr("your turn")
    else:
        state = tr("waiting for {player}", player=you_word(seat_name(view.get("turn"), names)))
    title = f"{view.get('game')} — {state}"
    return Constrain(Panel(Group(*rows), title=title, expand=True), width=PANEL_WIDTH)


def _rules_of(deal: ct.Deal) -> Any:
    """The trick rules by which the cards rank now (None where the deal has none yet): the game's declared
    ranking."""
    rules = deal.ranking()
    return rules if rules is not None and hasattr(rules, "winner") else None


def _index(deal: ct.Deal, code: str) -> int | None:
    codes = deal.pack.code_of
    return codes.index(code) if code in codes and not deal.pack.has_duplicates else None


def winning_play(deal: ct.Deal, view: dict[str, Any]) -> tuple[int, str] | None:
    """The seat and card winning the trick so far, by the game's card order, once two cards are in it."""
    trick = view.get("trick") or []
    rules = _rules_of(deal)
    if len(trick) < 2 or rules is None:
        return None
    ids = [_index(deal, code) for _, code in trick]
    if None in ids:
        return None
    seat, code = trick[rules.winner(ids)]
    return seat, code


def trumps_together(deal: ct.Deal, hand: list[str]) -> list[str]:
    """The hand with the trumps first, strongest first, where the trumps are more than one printed suit
    (Schafkopf's queens and jacks, Spoil Five's ace of hearts); otherwise as the engine shows it."""
    rules = _rules_of(deal)
    trump = getattr(rules, "trump", None)
    ids = [_index(deal, code) for code in hand]
    if rules is None or trump is None or None in ids:
        return hand
    codes = deal.pack.code_of
    if all(rules.suit_of[c] == SUITS.index(code[1]) for c, code in enumerate(codes) if code[1:] in SUITS):
        return hand
    trumps = sorted((c for c in ids if rules.suit_of[c] == trump), key=lambda c: -rules.power[c])
    return [deal.pack.code_of[c] for c in trumps] + [code for c, code in zip(ids, hand) if c not in trumps]


def hand_text(view: dict[str, Any], hand: list[str]) -> Text:
    """The hand, the twins of money cards still carrying chips (Michigan's boodle cards) marked ``*`` and
    their chips said after it."""
    pools = view.get("pools") or {}
    money = set(view.get("money_cards") or ())
    out = Text()
    twins = []
    for i, code in enumerate(hand):
        out.append(" " if i else "")
        out.append_text(card_text(code))
        name = card_name(code).lower() if code[1:] in SUITS else ""
        if name in money and pools.get(name):
            out.append("*", style="bold yellow")
            twins.append(f"{pools[name]} on the {card_symbol(code)}")
    if twins:
        out.append(f"   * a twin of a money card: playing it wins its chips ({', '.join(twins)})", style="dim")
    return out


def settlement_table(result: dict[str, Any], names: Sequence[str]) -> Group:
    """A deal's settlement, line by line, with each player's result."""
    t = Table(title=tr("settlement"), show_header=True)
    t.add_column(tr("player"))
    unit = result.get("unit", "chips")
    t.add_column(tr(unit) if unit in ("chips", "points") else unit, justify="right")
    for s, d in enumerate(result["deltas"]):
        style = "green" if eval_frac(d) > 0 else ("red" if eval_frac(d) < 0 else "")
        shown = amount(d, sign=True) if isinstance(d, int) else str(d)
        t.add_row(you_word(seat_name(s, names)), Text(shown, style=style))
    said = ante_lines([in_names(line, names) for line in result.get("lines", [])])
    lines = Text("\n".join("· " + engine(for_you(sentence(line))) for line in said))
    return Group(lines, t)


def eval_frac(x: Any) -> float:
    """A float from an int or a 'a/b' text."""
    if isinstance(x, str) and "/" in x:
        a, b = x.split("/")
        return int(a) / int(b)
    return float(x)


def totals_table(totals: list[Any], names: Sequence[str], deals: int) -> Table:
    """Running totals of a match."""
    title = trn("running totals after {n} deal", "running totals after {n} deals", deals)
    t = Table(title=title, min_width=len(title))  # the title on one line, however short the names
    for s in range(len(totals)):
        t.add_column(you_word(seat_name(s, names)), justify="right")
    t.add_row(*[amount(x) for x in totals])
    return t
