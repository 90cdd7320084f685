"""The words and order the table page shows (``cardtable.web.present``): plain labels for every action of every
game, names instead of seat numbers, the hand in the game's own order, who won each trick, the layout in full."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardtable as ct
from cardtable.core.cards import card_name
from cardtable.web import present

from .driver import as_shown, jargon

NAMES = ["Ann", "Bea", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def words_of(show: dict[str, Any], log: bool) -> list[str]:
    out = list(show["labels"].values()) + ([e["say"] for e in show["log"]] if log else [])
    out += [r for roles in show["roles"] for r in roles]
    out += [show[k] for k in ("status", "contract", "high_bid") if k in show]
    return out + show.get("lines", [])


@pytest.mark.parametrize("game", [g.id for g in ct.games()])
def test_every_word_a_player_reads_is_plain(game: str) -> None:
    """Every label, move, role, status and settlement line of three random deals (seen by the seat to act, and
    every few moves and at the end by every seat), in
    plain words: no seat numbers, raw bids, card codes, quoted actions or identifiers."""
    g = ct.load(game)
    names = NAMES[:g.players]
    for seed in range(3):
        d = g.deal(seed=seed)
        rng = random.Random(seed)
        k = 0
        while True:
            k += 1
            for seat in range(g.players) if d.over or k % 7 == 1 else [d.turn]:  # every seat now and then
                view = d.view(seat)
                show = present.show(d, view, names, owner=None)
                words = words_of(show, log=d.over)  # each move's words once: the whole log at the end
                bad = [w for w in words if jargon(as_shown(w))]  # the page draws card codes as Q♠
                assert not bad, (game, seed, seat, bad)
            if d.over:
                break
            d.act(rng.choice(d.legal()))


def label(game: str, action: str) -> str:
    return present.label(ct.load(game).deal(seed=1), action)


def test_labels_and_names() -> None:
    # The labels are the engine's (the game's own words), the one source the web and the command line share.
    assert label("nap", "bid 3") == "Three"
    assert label("auction-schafkopf", "bid 40").startswith("100 points")
    assert label("michigan", "bid 5") == "5 chips for the widow"
    assert label("five-card-loo", "take") == "Take the miss"
    assert label("three-card-loo", "play pool") == "Play for the pool"
    assert label("hasenpfeffer", "bid 3") == "Three tricks for your side"
    assert label("auction-forty-five", "bid 25") == "Twenty-five"
    assert label("six-bid-solo", "call ace of spades") == "Call the ace of spades"
    assert label("boodle", "stake ace ace king jack") == \
        "Stake 2 on the ace of hearts, 1 on the king of diamonds, 1 on the jack of clubs"
    assert label("schafkopf", "discard") == "Discard a card"  # one another seat may not see
    assert label("five-card-loo", "exchange 2") == "Exchange two cards"
    assert present.in_names("seats 1, 3 and 5: +5 points, now 5", NAMES[:6]) == "Bea, Dee and Fay: +5 points, now 5"


def test_a_refusal_is_worded_for_the_player() -> None:
    d = ct.load("nap").deal(seed=1)
    while d.turn != 0:
        d.act(d.legal()[0])
    card = d.view(0)["hand"][0]
    why = present.reason(d, d.why_not(card, 0), NAMES[:4])
    assert why.startswith(f"{card_name(card)} is not allowed now: ") and "Legal now" not in why
    assert not jargon(why)


def test_roles_name_the_declarer_the_contract_and_the_pool_player() -> None:
    # Nap: the declarer's part is shown with the contract in words.
    d = ct.load("nap").deal(seed=3)
    d.act("bid 2")  # Bea, first to declare, bids Two; the others pass
    for _ in range(3):
        d.act("pass")
    assert present.show(d, d.view(0), NAMES[:4])["roles"][1] == ["Declarer · Two"]
    # Three-Card Loo: one player enters, the others pass; the dealer, facing him alone, "plays for the pool" (his
    # own hand): the table says so at the dealer's seat.
    d = ct.load("three-card-loo", players=4).deal(seed=1)
    d.act("play")
    d.act("pass")
    d.act("pass")
    assert d.turn == d.dealer == 0 and "play pool" in d.legal()
    d.act("play pool")
    assert present.show(d, d.view(1), NAMES[:4])["roles"] == [["Playing for the pool"], ["In"], ["Out"], ["Out"]]


def test_schafkopf_hand_puts_queens_jacks_and_diamonds_first() -> None:
    # "The trump suit consists of the four Queens, the four Jacks and the remaining six diamonds" (Schafkopf's
    # rules): the hand shows them together, by their power, before the plain suits, each suit in one group.
    order = ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "KD", "9D", "8D", "7D"]
    for seed in range(20):
        d = ct.load("schafkopf").deal(seed=seed)
        v = d.view(0)
        trumps = [c for c in order if c in v["hand"]]
        groups = present.hand_groups(d, v)
        if len(trumps) >= 4 and any(c[0] in "QJ" for c in trumps) and any(c[0] not in "QJ" for c in trumps):
            assert groups[0] == trumps
            assert all(len({c[1] for c in g}) == 1 for g in groups[1:])
            assert sorted(c for g in groups for c in g) == sorted(v["hand"])
            return
    pytest.fail("no hand with queens or jacks and diamonds in 20 deals")


def test_spoil_five_trumps_head_the_hand() -> None:
    # Spoil Five: "the five of trumps is the best card, then the jack of trumps, then the ace of hearts": the
    # hand starts with its trumps in that order, the ace of hearts among them.
    found = 0
    for seed in range(300):
        d = ct.load("spoil-five").deal(seed=seed)
        v = d.view(d.turn)
        t = v["trump"]
        if t == "H" or "AH" not in v["hand"] or not {"5" + t, "J" + t} & set(v["hand"]):
            continue
        first = present.hand_groups(d, v)[0]
        assert "AH" in first and all(c[1] == t or c == "AH" for c in first)
        best = [c for c in ("5" + t, "J" + t, "AH") if c in first]
        assert first[:len(best)] == best
        found += 1
    assert found >= 3


def test_the_log_names_each_trick_winner_and_card() -> None:
    g = ct.load("nap")
    d = g.deal(seed=4)
    rng = random.Random(4)
    winners: list[tuple[int, int]] = []
    while not d.over:
        before = list(getattr(d, "tricks_won", []) or [])
        d.act(rng.choice(d.legal()))
        after = list(getattr(d, "tricks_won", []) or [])
        if before and after != before:
            winners.append((len(d.history) - 1, next(s for s in range(4) if after[s] != before[s])))
    owner = object.__new__(type("Owner", (), {}))
    log = present.moves(d, d.view(1), owner=owner, names=NAMES[:4])
    shown = [(i, e["won"]) for i, e in enumerate(log) if "won" in e]
    assert shown == winners and len(shown) == 5
    for i, e in enumerate(log):
        if "won" in e:
            assert e["with"] in [a for _, a in d.history[i - 3:i + 1]]


def test_the_fan_tan_layout_in_full_by_rank() -> None:
    d = ct.load("fan-tan").deal(seed=2)
    rng = random.Random(2)
    for _ in range(30):
        d.act(rng.choice(d.legal()))
    show = present.show(d, d.view(0), NAMES[:4])
    assert show["layout_ranks"] == list("A23456789TJQK")
    for suit, (lo, hi) in d.view(0)["layout"].items():
        row = show["layout"][suit]
        assert row[0] == lo and row[-1] == hi and all(c[1] == suit for c in row)
        ranks = [show["layout_ranks"].index(c[0]) for c in row]
        assert ranks == list(range(ranks[0], ranks[0] + len(row)))


class Owner:
    """A stand-in for the table whose frames ``present.show`` builds (what it has built is kept by it)."""


def fresh(deal: ct.Deal, view: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """The ``show`` block built from nothing (a new owner), checked against each label worded on its own."""
    out = present.show(deal, view, names, owner=Owner())
    assert [e["say"] for e in out["log"]] == [present.label(deal, a, view, names) for _, a in view["history"]]
    assert out["labels"] == {a: present.label(deal, a, view, names) for a in view["legal"]}
    return out


@pytest.mark.parametrize("game", [g.id for g in ct.games()])
def test_a_tables_frames_built_move_by_move_are_the_frames_built_afresh(game: str) -> None:
    """A table's frames word only the moves new since its last frames (each reader's log is kept, by the
    reader): through random deals, undos (one seen at once, one only once the deal has gone on past where it
    was), a renamed seat and the next deals at the same table, every seat's and a spectator's ``show`` after
    every action is the one built from nothing for that reader."""
    g = ct.load(game)
    names = NAMES[:g.players]
    table = Owner()
    rng = random.Random(game)
    readers: list[int | None] = [*range(g.players), None]
    for no in range(3):
        deal = g.deal(seed=no)
        undo_at, unseen = rng.randrange(2, 12) if no < 2 else -1, 0
        while True:
            for seat in readers if not unseen else []:
                view = deal.view(seat) if seat is not None else deal.public_view()
                shown = present.show(deal, view, names, owner=table)
                assert shown == fresh(deal, view, names), (game, no, len(deal.history), seat)
                for entry in shown["log"]:  # what a frame is given is its own: changing it changes no other
                    entry["say"] = ""
                shown["log"].clear()
            if deal.over:
                break
            deal = deal.clone()  # the table's way: each action on a copy, which becomes the table's deal
            deal.act(rng.choice(deal.legal()))
            unseen = max(unseen - 1, 0)
            if len(deal.history) == undo_at:  # an undo: the deal again from its first moves, its history shorter
                keep, rec = rng.randrange(len(deal.history)), deal.record()
                deal = g.replay(deck=rec["deck"], dealer=rec["dealer"], carry=rec["carry"],
                                actions=deal.history[:keep])
                # the second time, nobody looks until the deal has gone on past where it was
                undo_at, unseen = -1, (undo_at - keep + 1 if no == 1 else 0)
            if len(deal.history) == 5:  # a seat taken by someone else: the names change
                names = [*names[:-1], "Zed"]


def test_a_seat_log_is_its_own() -> None:
    # Schafkopf: the player's discards are seen by him alone ("discard" by the others); a table's kept logs
    # give each reader its own, whoever asked first.
    for seed in range(50):
        d = ct.load("schafkopf").deal(seed=seed)
        rng = random.Random(seed)
        while not d.over and not any(a.startswith("discard ") for _, a in d.history):
            d.act(rng.choice(d.legal()))
        mover = next((s for s, a in d.history if a.startswith("discard ")), None)
        if mover is None:
            continue
        table = Owner()
        other = (mover + 1) % d.players
        for seat in (other, mover, None, other):
            log = present.show(d, d.view(seat) if seat is not None else d.public_view(), NAMES[:4], owner=table)["log"]
            discards = [e["act"] for e in log if e["act"].startswith("discard")]
            assert discards and all((a != "discard") == (seat == mover) for a in discards), (seat, discards)
        return
    pytest.fail("no Schafkopf discard in 50 deals")


def test_a_log_follows_its_view() -> None:
    # A move the view shows otherwise than before (as a private move revealed would be) is worded again.
    d = ct.load("nap").deal(seed=1)
    for action in ("bid 2", "pass", "pass", "pass"):
        d.act(action)
    d.act(d.legal()[0])
    table = Owner()
    before = present.show(d, d.view(0), NAMES[:4], owner=table)["log"]
    view = d.view(0)
    seat, action = view["history"][1]
    view["history"][1] = [seat, "bid 5" if action != "bid 5" else "pass"]
    after = present.show(d, view, NAMES[:4], owner=table)["log"]
    assert after[1]["say"] == present.label(d, view["history"][1][1]) != before[1]["say"]
    assert after[2:] == before[2:]
